//! The check of a finished board: silent failures, alarms, and probing
//! shortcuts that change no outcome.

use super::record::{alarm, record};
use crate::puzzle::region::random_test_puzzle;
use crate::puzzle::verify::Invalid;
use crate::puzzle::Puzzle;
use crate::rules::Contradiction;
use crate::solve::outcome::{Options, Outcome};
use crate::solve::solver::Solver;

/// The outcome of `record` given the complete board of the puzzle
/// `rows` (see [`Puzzle::from_rows`]) with lines `h` and `v` (a word
/// a row), as the search's root with options `o`.
fn recorded(rows: &str, h: &[u64], v: &[u64], o: &Options) -> Outcome {
    let p = Puzzle::from_rows(rows).unwrap();
    let mut out = Outcome::default();
    record(
        &p,
        h.iter().map(|&w| [w]),
        v.iter().map(|&w| [w]),
        o,
        &mut out,
        true,
    );
    out
}

/// Several loops and no loop at all are boards deduction leaves to the
/// check: failed leaves, silently (several loops at the root give loop
/// reasoning's reason).
#[test]
fn several_loops_and_no_loop_are_silent_failures() {
    let o = Options::default();
    // Two 1x1 loops around the end cells of a 1x3 board.
    let two = recorded("...", &[0b101, 0b101], &[0b1111], &o);
    assert_eq!(two.found(), 0);
    assert_eq!(two.contradiction, Some(Contradiction::PrematureLoop));
    // A 0 with every side crossed.
    let none = recorded("0", &[0, 0], &[0], &o);
    assert_eq!((none.found(), none.contradiction), (0, None));
    for out in [two, none] {
        assert_eq!(out.stats.check_failures, 0);
        assert_eq!(out.check_failure(), None);
    }
}

/// A board that breaks a clue or a vertex is one deduction should have
/// refuted: with debug assertions (the tests' builds) `record` panics,
/// naming what is wrong; without, the outcome counts it.
#[test]
fn a_board_the_rules_should_have_refuted_is_an_alarm() {
    let o = Options::default();
    // A 3 with four lines; a blank with a line that ends.
    let boards: [(&str, &[u64], &[u64], &str); 2] = [
        ("3", &[1, 1], &[0b11], "cell (0, 0) has clue 3 but 4 lines"),
        ("..", &[1, 0], &[0], "vertex (0, 0) has 1 lines"),
    ];
    for (rows, h, v, why) in boards {
        let run = std::panic::catch_unwind(|| recorded(rows, h, v, &o));
        if cfg!(debug_assertions) {
            let panic = run.expect_err("a panic");
            let message = panic.downcast_ref::<String>().expect("a message");
            let expected = format!("failed the independent check ({why})");
            assert!(message.contains(&expected), "{message}");
        } else {
            let out = run.expect("no panic");
            assert_eq!(out.found(), 0);
            assert_eq!(out.stats.check_failures, 1);
            assert_eq!(
                out.check_failure().map(Invalid::to_string).as_deref(),
                Some(why)
            );
        }
    }
    // Where nothing panics: counted, the first reason kept.
    let mut out = Outcome::default();
    alarm(&mut out, Invalid::SeveralLoops, false);
    alarm(&mut out, Invalid::NoLoop, false);
    assert_eq!(out.stats.check_failures, 2);
    assert_eq!(out.check_failure(), Some(&Invalid::SeveralLoops));
}

/// With a trace, loop reasoning sees every complete node board: several
/// loops there are an alarm too.
#[test]
fn several_loops_under_a_trace_are_an_alarm() {
    let o = Options {
        trace: true,
        ..Options::default()
    };
    let run = std::panic::catch_unwind(|| recorded("...", &[0b101, 0b101], &[0b1111], &o));
    assert_eq!(run.is_err(), cfg!(debug_assertions));
    if let Ok(out) = run {
        assert_eq!(out.stats.check_failures, 1);
    }
}

/// Skipping dominated probes and deducing probe pairs side by side (on
/// by default, off when counting rules) change nothing the search
/// sees: same status, solutions, nodes and probes.
#[test]
fn probing_shortcuts_change_no_outcome() {
    // A small budget keeps the open boards short (and compares giving up).
    let o = Options {
        node_budget: 3000,
        ..Options::default()
    };
    let mut fast = Solver::new(o);
    let mut plain = Solver::new(Options {
        count_rules: true,
        ..o
    });
    let mut seed = 5;
    let mut probed = 0;
    for case in 0..200 {
        let (rows, cols) = match case % 4 {
            0 => (4 + case % 7, 4 + case % 9),
            1 => (5 + case % 4, 12 + case % 20),
            2 => (4 + case % 3, 33 + case % 8),
            _ => (3 + case % 2, 64 + case % 4),
        };
        let p = random_test_puzzle(rows, cols, 4 + (case % 4) as u64, &mut seed);
        let a = fast.solve(&p).clone();
        let b = plain.solve(&p);
        assert_eq!(a.status(), b.status(), "case {case}");
        assert_eq!(a.solutions(), b.solutions(), "case {case}");
        assert_eq!(a.contradiction, b.contradiction, "case {case}");
        assert_eq!(
            (a.stats.nodes, a.stats.probes),
            (b.stats.nodes, b.stats.probes),
            "case {case}"
        );
        probed += usize::from(a.stats.probes > 0);
    }
    assert!(probed > 50, "only {probed} puzzles probed");
}

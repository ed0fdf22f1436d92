//! Whole passes and propagation to the fixpoint.

use super::brute_force::*;
use crate::puzzle::Clue;
use crate::rules::testing::*;
use crate::rules::Rule;
use crate::util::rng::Rng;

#[test]
fn propagate_solves_the_sample() {
    // The corner rules (R10) run only once the cell and vertex rules stall,
    // so the centre vertex gets its last cross from R8, not R7.
    check(
        Family::Propagate,
        &[Rule::R3, Rule::R8, Rule::R10],
        "
        + . + . +
        . 2 . 2 .
        + . + . +
        . 2 . 2 .
        + . + . +",
        "
        + - + - +
        | 2 x 2 |
        + x + x +
        | 2 x 2 |
        + - + - +",
    );
}

#[test]
fn propagate_finds_that_a_zero_beside_a_three_has_no_solution() {
    // R1 crosses the 0's sides, R9 lines the 3's: which contradiction shows
    // first depends on the order of the sweep, so any will do.
    let board = Drawing::parse(
        "
        + . + . +
        . 0 . 3 .
        + . + . +",
    );
    for sym in 0..8 {
        let b = board.transform(sym);
        let r = run::<1>(&b, Family::Propagate, Mode::Fixpoint);
        assert!(
            r.is_err(),
            "symmetry {sym}: no contradiction on\n{}",
            b.render()
        );
    }
}

/// Propagation revisits only the rows near a change, and the corner
/// families and R13 only once the cheaper ones stall: on tall boards (row
/// sets of more than one word) with some of the solution revealed, it must
/// reach exactly the fixpoint of full sweeps of every family.
#[test]
fn propagate_reaches_the_fixpoint_of_full_sweeps() {
    reaches_the_fixpoint_of_full_sweeps(Family::Propagate, Family::Pass);
}

/// The same with the colour and angle rules on, as the solver runs them on
/// stalled boards.
#[test]
fn propagate_with_colors_and_angles_reaches_the_fixpoint_of_full_sweeps() {
    reaches_the_fixpoint_of_full_sweeps(Family::PropagateColors, Family::PassColors);
}

/// The same on boards past the judge's rules' fixpoint, where the solver
/// turns the colour and angle rules on and the cell rules are left to the
/// angles' (`angles_cover_cell_rules`).
#[test]
fn propagate_on_stalled_boards_reaches_the_fixpoint_of_full_sweeps() {
    reaches_the_fixpoint_of_full_sweeps(Family::PropagateStalled, Family::PassColors);
}

fn reaches_the_fixpoint_of_full_sweeps(fast: Family, full: Family) {
    use crate::generate::{GenConfig, Generator, SizeRange};
    let mut rng = Rng::new(0xf1_c5);
    let mut compared = 0;
    // Tall boards (row sets of two words) and square ones; clues blanked
    // up to most of them, as in the puzzles that stall the rules.
    for (size, puzzles) in [((70, 7), 3), ((12, 12), 6), ((25, 9), 4)] {
        let mut generator = Generator::new(GenConfig {
            rows: SizeRange::exactly(size.0),
            cols: SizeRange::exactly(size.1),
            ..GenConfig::default()
        });
        for index in 0..puzzles {
            let g = generator.generate(11, index).expect("a puzzle");
            let (rows, cols) = (g.puzzle.rows(), g.puzzle.cols());
            for _ in 0..40 {
                let (blank, reveal) = (
                    [0, 20, 50, 70, 90][rng.index(5)],
                    [0, 3, 10, 30][rng.index(4)],
                );
                let mut b = Drawing::blank(rows, cols);
                for (k, c) in b.clues.iter_mut().enumerate() {
                    *c = match g.puzzle.clue(k / cols, k % cols) {
                        Clue::Number(n) if !rng.chance(blank as f64 / 100.0) => Some(n),
                        _ => None,
                    };
                }
                let mark = |line: bool| if line { Mark::Line } else { Mark::Cross };
                for (k, m) in b.h.iter_mut().enumerate() {
                    if rng.chance(reveal as f64 / 100.0) {
                        *m = mark(g.solution.h(k / cols, k % cols));
                    }
                }
                for (k, m) in b.v.iter_mut().enumerate() {
                    if rng.chance(reveal as f64 / 100.0) {
                        *m = mark(g.solution.v(k / (cols + 1), k % (cols + 1)));
                    }
                }
                let full = run::<1>(&b, full, Mode::Fixpoint).expect("a solvable board");
                let fast = run::<1>(&b, fast, Mode::Once).expect("a solvable board");
                assert!(
                    fast.board == full.board,
                    "propagate stopped short of full sweeps on\n{}got\n{}want\n{}",
                    b.render(),
                    fast.board.render(),
                    full.board.render()
                );
                compared += usize::from(full.board != b);
            }
        }
    }
    assert!(
        compared > 60,
        "only {compared} boards where the rules decided something"
    );
}

/// On a board with every edge decided (and no colour rules), propagation
/// only looks for the contradictions of the cell and vertex rules, and
/// skips the corner families and R13: it must find the contradiction the
/// first full sweep of the cell and vertex rules finds, and where there is
/// none, what full sweeps of every family find (nothing: the rules it
/// skips decide nothing there). On loops drawn on their own clues or on
/// another loop's, some with an edge flipped.
#[test]
fn propagate_on_decided_boards_finds_what_full_sweeps_find() {
    use crate::board::{Clues, Frame};
    use crate::rules::propagate::{pass_rows, Sweep};
    use crate::rules::{threes, Ctx};
    let mut rng = Rng::new(0x0dec_1ded);
    let mut found = [0; 2];
    for (rows, cols) in [(2, 2), (2, 3), (3, 3)] {
        let space = Space::new(rows, cols);
        for _ in 0..300 {
            let l = space.loops[rng.index(space.loops.len())];
            let mut b = space.draw(&space.random_board(&mut rng), l);
            if rng.chance(0.5) {
                // The loop's own clues, some blanked.
                for (k, c) in b.clues.iter_mut().enumerate() {
                    let n = (l.counts >> (3 * k) & 7) as u8;
                    *c = (n < 4 && !rng.chance(0.2)).then_some(n);
                }
            }
            if rng.chance(0.3) {
                let (i, j) = (rng.index(rows), rng.index(cols));
                let flipped = match b.v(i, j) {
                    Mark::Line => Mark::Cross,
                    _ => Mark::Line,
                };
                b.set_v(i, j, flipped);
            }
            // Propagation's start made in full: R4 and R5 on every row,
            // then a sweep of every row (all are due on a fresh board).
            let frame = Frame::<1>::new(rows, cols);
            let mut loaded = Clues::<1>::default();
            loaded.load(&b.puzzle());
            let mut edges = b.board::<1>();
            let mut due = crate::board::DueRows::default();
            due.every(rows);
            let mut ctx = Ctx::new(&frame, &loaded, &mut edges);
            (0..rows).for_each(|i| threes::apply(&mut ctx, i));
            let want = match pass_rows(&mut ctx, Sweep::Down, false, &due) {
                Err(c) => Err(c),
                Ok(()) => run::<1>(&b, Family::Pass, Mode::Fixpoint).map(|o| o.board),
            };
            let got = run::<1>(&b, Family::Propagate, Mode::Once).map(|o| o.board);
            assert_eq!(got, want, "on\n{}", b.render());
            if let Ok(after) = want {
                assert_eq!(after, b, "full sweeps decided something on a decided board");
            }
            found[usize::from(got.is_ok())] += 1;
        }
    }
    assert!(
        found.iter().all(|&n| n > 100),
        "{found:?} failed and passed"
    );
}

/// Propagation stopped after some passes ([`crate::rules::propagate_until`])
/// and taken up again, with the later tiers run out of turn on every row
/// or not ([`crate::rules::later_tiers_near`]), reaches the fixpoint that
/// propagation in one go reaches, or the same contradiction.
#[test]
fn propagation_stopped_and_taken_up_again_reaches_the_same_fixpoint() {
    use crate::bits::RowSet;
    use crate::board::{Board, Clues, Frame};
    use crate::generate::{GenConfig, Generator, SizeRange};
    use crate::rules::{later_tiers_near, propagate, propagate_until, Ctx, Due};
    let mut rng = Rng::new(0x5709);
    let mut generator = Generator::new(GenConfig {
        rows: SizeRange::exactly(12),
        cols: SizeRange::exactly(11),
        ..GenConfig::default()
    });
    let mut stopped = 0;
    for index in 0..12 {
        let g = generator.generate(5, index).expect("a puzzle");
        let (rows, cols) = (g.puzzle.rows(), g.puzzle.cols());
        let frame = Frame::<1>::new(rows, cols);
        for _ in 0..10 {
            let mut b = Drawing::blank(rows, cols);
            let blank = [0, 20, 50][rng.index(3)] as f64 / 100.0;
            for (k, c) in b.clues.iter_mut().enumerate() {
                *c = match g.puzzle.clue(k / cols, k % cols) {
                    Clue::Number(n) if !rng.chance(blank) => Some(n),
                    _ => None,
                };
            }
            let mut clues = Clues::<1>::default();
            clues.load(&b.puzzle());
            let at_once = |board: &mut Board<1>| {
                propagate(&mut Ctx::new(&frame, &clues, board), &mut Due::default())
            };
            let mut want = b.board::<1>();
            let want_result = at_once(&mut want).map(drop);
            // Stopped after `after` passes, the later tiers perhaps run on
            // every row, then taken up again with the same scratch.
            let (after, later) = (1 + rng.index(4) as u32, rng.chance(0.5));
            let mut got = b.board::<1>();
            let mut due = Due::default();
            let mut passes = 0;
            let first = propagate_until(&mut Ctx::new(&frame, &clues, &mut got), &mut due, |_| {
                passes += 1;
                passes == after
            });
            let got_result = first.and_then(|_| {
                if passes == after {
                    stopped += 1;
                    if later {
                        let mut every = RowSet::default();
                        every.resize(rows + 1);
                        every.insert_all();
                        let mut ctx = Ctx::new(&frame, &clues, &mut got);
                        later_tiers_near(&mut ctx, &every, &mut RowSet::default());
                    }
                    propagate(&mut Ctx::new(&frame, &clues, &mut got), &mut due)?;
                }
                Ok(())
            });
            assert_eq!(
                got_result.is_ok(),
                want_result.is_ok(),
                "on\n{}",
                b.render()
            );
            if want_result.is_ok() {
                assert_eq!(got, want, "on\n{}", b.render());
            }
        }
    }
    assert!(stopped > 60, "only {stopped} propagations stopped");
}

/// Propagation after a few decisions on a board at its fixpoint (as a
/// probe or a branch makes them) visits only the rows whose families read
/// what changed ([`crate::board::DueRows`]): from there it must reach the
/// edges that full sweeps of every family reach from the board with all of
/// it decided at once, with the colour and angle rules on or off. On
/// generated puzzles, tall ones too (row sets of two words), some clues
/// blanked and some of the solution revealed, then more of it.
mod after_a_few_decisions {
    use super::*;
    use crate::bits::Row;
    use crate::board::{Clues, Frame};
    use crate::generate::{GenConfig, Generated, Generator, SizeRange};
    use crate::grid::Plane;
    use crate::rules::{propagate, Ctx, Due};
    use proptest::prelude::*;
    use std::sync::OnceLock;

    /// The puzzles, made once: 12x12, 70x5 and 9x20.
    fn puzzles() -> &'static [Generated] {
        static PUZZLES: OnceLock<Vec<Generated>> = OnceLock::new();
        PUZZLES.get_or_init(|| {
            [(12, 12), (70, 5), (9, 20)]
                .into_iter()
                .flat_map(|(rows, cols)| {
                    let mut generator = Generator::new(GenConfig {
                        rows: SizeRange::exactly(rows),
                        cols: SizeRange::exactly(cols),
                        ..GenConfig::default()
                    });
                    (0..2).map(move |k| generator.generate(17, k).expect("a puzzle"))
                })
                .collect()
        })
    }

    /// The edges of the solution of `g` revealed where `pick` says so.
    fn reveal(b: &mut Drawing, g: &Generated, mut pick: impl FnMut() -> bool) {
        let cols = b.cols;
        let mark = |line: bool| if line { Mark::Line } else { Mark::Cross };
        for (k, m) in b.h.iter_mut().enumerate() {
            if pick() {
                *m = mark(g.solution.h(k / cols, k % cols));
            }
        }
        for (k, m) in b.v.iter_mut().enumerate() {
            if pick() {
                *m = mark(g.solution.v(k / (cols + 1), k % (cols + 1)));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
        #[test]
        fn reaches_the_edges_of_full_sweeps(
            which in 0usize..6,
            seed in any::<u64>(),
            blank in prop::sample::select(vec![0u32, 30, 60, 85]),
            before in prop::sample::select(vec![0u32, 5, 15]),
            news in 1usize..8,
            colors in any::<bool>(),
        ) {
            let g = &puzzles()[which];
            let (rows, cols) = (g.puzzle.rows(), g.puzzle.cols());
            let mut rng = crate::util::rng::Rng::new(seed);
            let mut b = Drawing::blank(rows, cols);
            for (k, c) in b.clues.iter_mut().enumerate() {
                *c = match g.puzzle.clue(k / cols, k % cols) {
                    Clue::Number(n) if !rng.chance(f64::from(blank) / 100.0) => Some(n),
                    _ => None,
                };
            }
            reveal(&mut b, g, || rng.chance(f64::from(before) / 100.0));
            let frame = Frame::<1>::new(rows, cols);
            let mut clues = Clues::<1>::default();
            clues.load(&b.puzzle());
            let mut board = b.board::<1>();
            let settle = |board: &mut _| {
                let mut ctx = Ctx::new(&frame, &clues, board);
                (ctx.colors, ctx.angles) = (colors, colors);
                propagate(&mut ctx, &mut Due::default())
            };
            prop_assert!(settle(&mut board).is_ok(), "a board of the solution");
            // A few more edges of the solution, decided on the board at its
            // fixpoint (the rows they are in marked changed, nothing else).
            let edges = b.h.len() + b.v.len();
            let picked: Vec<usize> = (0..news).map(|_| rng.index(edges)).collect();
            let mut k = 0;
            let mut all = b.clone();
            reveal(&mut all, g, || {
                k += 1;
                picked.contains(&(k - 1))
            });
            let (h_len, stride) = (b.h.len(), cols + 1);
            for &e in &picked {
                let (plane, i, j, line) = if e < h_len {
                    (Plane::H, e / cols, e % cols, g.solution.h(e / cols, e % cols))
                } else {
                    let e = e - h_len;
                    (Plane::V, e / stride, e % stride, g.solution.v(e / stride, e % stride))
                };
                if line {
                    board.add_lines(plane, i, Row::single(j));
                } else {
                    board.add_crosses(plane, i, Row::single(j));
                }
            }
            prop_assert!(settle(&mut board).is_ok(), "a board of the solution");
            let got = all.with_board(&frame, &board).expect("no conflict");
            let full = if colors { Family::PassColors } else { Family::Pass };
            let want = run::<1>(&all, full, Mode::Fixpoint).expect("a board of the solution");
            prop_assert_eq!(
                got.clone(),
                want.board.clone(),
                "on\n{}got\n{}want\n{}",
                all.render(),
                got.render(),
                want.board.render()
            );
        }
    }
}

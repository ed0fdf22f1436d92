//! The harness itself: drawings, symmetries and the soundness checks.

use super::brute_force::*;
use crate::rules::testing::*;
use crate::rules::Contradiction;
use crate::util::rng::Rng;

#[test]
fn drawings_round_trip_and_rotate() {
    let b = Drawing::parse(
        "
        + . + - +
        x 3 |   .
        + - + x +",
    );
    assert_eq!((b.rows, b.cols), (1, 2));
    assert_eq!(b.clues, vec![Some(3), None]);
    assert_eq!(b.h(0, 1), Mark::Line);
    assert_eq!(b.h(1, 1), Mark::Cross);
    assert_eq!(b.v(0, 0), Mark::Cross);
    assert_eq!(b.v(0, 1), Mark::Line);
    assert_eq!(b.v(0, 2), Mark::Unknown);
    assert_eq!(b.render(), "+ . + - +\nx 3 |   .\n+ - + x +\n");
    // The judge's own style reads the same.
    let judge = Drawing::parse("+---+   +\n| 3 |    \n+   +---+");
    assert_eq!(judge.h(0, 0), Mark::Line);
    assert_eq!(judge.h(1, 1), Mark::Line);
    assert_eq!(judge.v(0, 2), Mark::Unknown);
    // A quarter turn clockwise: transpose, then flip left to right.
    assert_eq!(
        b.transform(5).render(),
        Drawing::parse(
            "
            + x +
            | 3 .
            + - +
            x   |
            + . +"
        )
        .render()
    );
    for sym in 0..8 {
        let t = b.transform(sym);
        let back = (0..8).find(|&s| t.transform(s) == b);
        assert!(back.is_some(), "symmetry {sym} has no inverse");
    }
}

/// The whole solver (rules, loop reasoning, search) on random puzzles made
/// from real loops, some clues blanked: it must count the solutions the
/// brute force counts (one, or more than one) and find the right one.
#[test]
fn solver_agrees_with_brute_force_on_random_puzzles() {
    let mut rng = Rng::new(0x50_1e4);
    let mut unique = 0;
    for (rows, cols) in SIZES {
        let space = Space::new(rows, cols);
        for _ in 0..300 {
            let mut b = space.random_board(&mut rng);
            b.h.fill(Mark::Unknown);
            b.v.fill(Mark::Unknown);
            let sols = space.solutions(&b);
            let p = b.puzzle();
            let mut solver = crate::Solver::default();
            let o = solver.solve(&p);
            let want = if sols.len() == 1 {
                crate::Status::Solved
            } else {
                crate::Status::Multiple
            };
            assert_eq!(
                o.status(),
                want,
                "{} solutions by brute force for\n{}",
                sols.len(),
                b.render()
            );
            if sols.len() == 1 {
                unique += 1;
                let s = o.solution().expect("a solution");
                let drawn = space.draw(&b, sols[0]);
                let same = (0..=rows)
                    .all(|i| (0..cols).all(|j| s.h(i, j) == (drawn.h(i, j) == Mark::Line)))
                    && (0..rows)
                        .all(|i| (0..=cols).all(|j| s.v(i, j) == (drawn.v(i, j) == Mark::Line)));
                assert!(
                    same,
                    "the solver's solution differs from\n{}",
                    drawn.render()
                );
            }
        }
    }
    assert!(unique > 100, "only {unique} unique puzzles");
}

/// The brute force has teeth: with R4's exception for a loop around just
/// two 3s turned off, it finds the smallest such board.
#[test]
fn brute_force_catches_r4_without_its_exception() {
    fn r4_always(b: &Drawing, f: Family) -> Result<Outcome, Contradiction> {
        run_tweaked::<1>(b, f, Mode::Once, |c| c.domino_loop_fits = false)
    }
    let mut rng = Rng::new(0x7e_e7);
    let space = Space::new(1, 2);
    let found = (0..200).find_map(|_| {
        let b = space.random_board(&mut rng);
        unsound(&space, &b, Family::Threes, r4_always)
            .map(|_| minimize(&space, &b, Family::Threes, r4_always))
    });
    let u = found.expect("R4 without its exception is unsound on a 1 x 2");
    assert_eq!(
        u.before.render(),
        Drawing::parse(
            "
            + . + . +
            . 3 . 3 .
            + . + . +"
        )
        .render(),
        "{u}"
    );
    assert_eq!(u.wrong, vec!["V(0, 1) made a line".to_string()], "{u}");
}

//! The exception to R4: the loop around two 3s.

use crate::rules::testing::*;

/// Runs each family to its fixpoint on `before` in all symmetries and
/// checks that it neither fails nor decides any edge against `solution`.
fn agrees_with_solution(families: &[Family], before: &str, solution: &str) {
    let (before, solution) = (Drawing::parse(before), Drawing::parse(solution));
    assert!(!solution.h.contains(&Mark::Unknown) && !solution.v.contains(&Mark::Unknown));
    for sym in 0..8 {
        let (b, s) = (before.transform(sym), solution.transform(sym));
        for &f in families {
            let o = run::<1>(&b, f, Mode::Fixpoint);
            let ok = o.as_ref().is_ok_and(|o| {
                let agree = |m: &Mark, t: &Mark| *m == Mark::Unknown || m == t;
                o.board.h.iter().zip(&s.h).all(|(m, t)| agree(m, t))
                    && o.board.v.iter().zip(&s.v).all(|(m, t)| agree(m, t))
            });
            assert!(
                ok,
                "{f:?}, symmetry {sym}, on\n{}decides against the solution\n{}got {}",
                b.render(),
                s.render(),
                show(&o.map(|o| (o.board, fired(&o.counts))))
            );
        }
    }
}

// R4 makes the side between two adjacent 3s a line, but when the whole
// loop is the border of those two cells that side is a cross (the two far
// sides are right). `slink_from_real.txt` data set 410 is such a puzzle
// (a 10 x 10 whose loop circles two 3s), once reported as "a vertex would
// have three lines"; R4 is now left out when the domino's loop fits.
#[test]
fn r4_is_left_out_when_the_loop_may_be_just_the_two_threes() {
    agrees_with_solution(
        &[Family::Threes, Family::Pass, Family::Propagate],
        "
        + . + . +
        . 3 . 3 .
        + . + . +",
        "
        + - + - +
        | 3 x 3 |
        + - + - +",
    );
}

#[test]
fn r4_is_left_out_for_a_slink_whose_loop_circles_two_threes() {
    let before = "
        + . + . + . +
        . 0 . 1 . 0 .
        + . + . + . +
        . 1 . 3 . 1 .
        + . + . + . +
        . 1 . 3 . 1 .
        + . + . + . +
        . 0 . 1 . 0 .
        + . + . + . +";
    let solution = "
        + x + x + x +
        x 0 x 1 x 0 x
        + x + - + x +
        x 1 | 3 | 1 x
        + x + x + x +
        x 1 | 3 | 1 x
        + x + - + x +
        x 0 x 1 x 0 x
        + x + x + x +";
    agrees_with_solution(&[Family::Threes, Family::Propagate], before, solution);
    let p = Drawing::parse(before).puzzle();
    let mut solver = crate::Solver::default();
    assert_eq!(solver.solve(&p).status(), crate::Status::Solved, "{p:?}");
}

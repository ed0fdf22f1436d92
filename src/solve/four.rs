//! A clue 4: the puzzle is answered without deduction.
//!
//! A cell clued 4 has all four sides on the loop, and those four sides
//! close a square by themselves: the loop, being one closed path, is that
//! square and nothing else. So a puzzle with a 4 has at most one solution,
//! the square around its 4, and has it exactly when that square meets
//! every clue (two cells clued 4 have two squares, which one loop cannot
//! be: no solution). [`solve_fours`] gives that verdict at once; the
//! deduction's bit planes hold clues 0-3 only and never see a 4.

use crate::puzzle::solution::Solution;
use crate::puzzle::verify::{verify, Invalid};
use crate::puzzle::Puzzle;
use crate::rules::{Contradiction, Event};
use crate::solve::outcome::{Options, Outcome, Status};

/// If `p` has a cell clued 4, solves it into `out` (begun) and returns
/// `true`: [`Status::Solved`] with the square around that cell when the
/// square meets every clue, else [`Status::NoSolution`]. Returns `false`,
/// touching nothing, when `p` has no 4.
pub fn solve_fours(p: &Puzzle, o: &Options, out: &mut Outcome) -> bool {
    let mut fours = p.fours();
    let Some((i, j)) = fours.next() else {
        return false;
    };
    out.stats.nodes = 1;
    let s: &mut Solution = out.push_solution();
    s.reset(p.rows(), p.cols());
    s.set_h(i, j, true);
    s.set_h(i + 1, j, true);
    s.set_v(i, j, true);
    s.set_v(i, j + 1, true);
    let why = if fours.next().is_some() {
        // The square around the first 4 is not the second's.
        Some(Contradiction::PrematureLoop)
    } else {
        verify(p, s).err().map(|e| contradiction(&e))
    };
    match why {
        None => {
            if o.trace {
                out.trace.push(Event::Solution);
            }
            out.finish(Status::Solved);
        }
        Some(c) => {
            out.pop_solution();
            out.contradiction = Some(c);
            out.finish(Status::NoSolution);
        }
    }
    true
}

/// What is wrong with the square around a 4, as deduction would say it:
/// a clue with more lines than it asks for, or a loop closed while other
/// clues are unmet.
fn contradiction(e: &Invalid) -> Contradiction {
    match *e {
        Invalid::Clue { clue, lines, .. } if lines > clue => Contradiction::CellOver,
        _ => Contradiction::PrematureLoop,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solved(rows: &str) -> Outcome {
        let p = Puzzle::from_rows(rows).unwrap();
        let mut out = Outcome::default();
        out.begin();
        assert!(solve_fours(&p, &Options::default(), &mut out));
        out
    }

    #[test]
    fn the_square_around_a_four_is_the_only_solution() {
        let o = solved("..1../.141./..1..");
        assert_eq!(o.status(), Status::Solved);
        let s = o.solution().unwrap();
        assert!(s.h(1, 2) && s.h(2, 2) && s.v(1, 2) && s.v(1, 3));
        assert_eq!(s.lines().count(), 4);
    }

    #[test]
    fn a_square_that_breaks_a_clue_is_no_solution() {
        for (rows, why) in [
            ("43", Contradiction::PrematureLoop),
            ("40", Contradiction::CellOver),
            ("4./.1", Contradiction::PrematureLoop),
            ("4.4", Contradiction::PrematureLoop),
            ("44", Contradiction::PrematureLoop),
        ] {
            let o = solved(rows);
            assert_eq!(o.status(), Status::NoSolution, "{rows}");
            assert!(o.solutions().is_empty());
            assert_eq!(o.contradiction, Some(why), "{rows}");
        }
    }

    #[test]
    fn a_puzzle_without_a_four_is_left_alone() {
        let p = Puzzle::from_rows("3.3").unwrap();
        let mut out = Outcome::default();
        out.begin();
        assert!(!solve_fours(&p, &Options::default(), &mut out));
        assert_eq!(out.solutions().len(), 0);
    }
}

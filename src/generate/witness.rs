//! Second solutions met on the way: loops other than the generator's that
//! fitted the puzzle's clues when a search found them. Such a loop fits
//! exactly the later puzzles in which the cells it breaks (those whose
//! count of lines differs from the generator's loop's) are all blank,
//! whatever clues went or came back meanwhile: a witness that the puzzle
//! has two solutions, found without a search ([`Witness::holds`]).
//!
//! Harden's removal uses them to put an orbit back without searching
//! (its blanking brings back a second solution already seen), and
//! `--minimal`'s proof to know a clue needed without searching (blanking
//! it brings one back); the removal keeps, with each orbit a second
//! solution put back, that solution, to tell when the orbit's need lapsed
//! (`Removal::needed`). The claim is checked by the independent verifier
//! ([`crate::puzzle::verify::verify`]) before it is used.
//!
//! Where it stops: only loops the searches met; most clues needed are
//! needed for a second solution of their own, which only a search finds.

use crate::puzzle::solution::Solution;
use crate::puzzle::verify::verify;
use crate::puzzle::{Clue, Puzzle};

/// A second solution, and the cells whose clue it breaks.
#[derive(Clone)]
pub(super) struct Witness {
    other: Solution,
    /// Cell indices (row-major): never empty, as the loop fitted a puzzle
    /// with the generator's loop as its only solution but for them.
    broken: Vec<usize>,
}

impl Witness {
    /// `t` as a witness against the loop `s`: `None` if it is `s`.
    pub(super) fn new(s: &Solution, t: &Solution) -> Option<Witness> {
        if t == s {
            return None;
        }
        let (rows, cols) = (s.rows(), s.cols());
        let broken = (0..rows * cols)
            .filter(|&c| clue_of(s, c / cols, c % cols) != clue_of(t, c / cols, c % cols))
            .collect();
        Some(Witness {
            other: t.clone(),
            broken,
        })
    }

    /// Whether it is a second solution of `p` (whose loop is `s`): the
    /// cells it breaks all blank, as the verifier confirms.
    pub(super) fn holds(&self, p: &Puzzle, s: &Solution) -> bool {
        let cols = p.cols();
        let blank = |&c: &usize| p.clue(c / cols, c % cols) == Clue::Blank;
        self.broken.iter().all(blank) && self.other != *s && verify(p, &self.other).is_ok()
    }
}

/// The second solutions met on one puzzle (see the module doc).
#[derive(Default)]
pub(super) struct Witnesses {
    list: Vec<Witness>,
}

impl Witnesses {
    /// Keeps `other` (if any, and not `s`), a solution of the puzzle as it
    /// is, whose loop is `s`.
    pub(super) fn add(&mut self, s: &Solution, other: Option<&Solution>) {
        if let Some(w) = other.and_then(|t| Witness::new(s, t)) {
            self.list.push(w);
        }
    }

    /// A second solution of `p` (whose loop is `s`) among those kept: one
    /// whose broken cells are all blank in `p`, as the verifier confirms.
    pub(super) fn of(&self, p: &Puzzle, s: &Solution) -> Option<&Witness> {
        self.list.iter().find(|w| w.holds(p, s))
    }
}

/// The clue of cell `(i, j)` under loop `s`: how many of its sides are
/// lines.
pub(super) fn clue_of(s: &Solution, i: usize, j: usize) -> Clue {
    let n = u8::from(s.h(i, j))
        + u8::from(s.h(i + 1, j))
        + u8::from(s.v(i, j))
        + u8::from(s.v(i, j + 1));
    Clue::Number(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The loop around cells `from..to` of a one-row board of `cols`.
    fn around(cols: usize, from: usize, to: usize) -> Solution {
        let mut s = Solution::new(1, cols);
        for j in from..to {
            s.set_h(0, j, true);
            s.set_h(1, j, true);
        }
        s.set_v(0, from, true);
        s.set_v(0, to, true);
        s
    }

    fn puzzle(clues: &[Clue]) -> Puzzle {
        Puzzle::new(1, clues.len(), clues).unwrap()
    }

    #[test]
    fn a_second_solution_counts_only_where_the_cells_it_breaks_are_blank() {
        // 3 3 1 around cells 0 and 1; the other loop, around 1 and 2, is
        // 1 3 3: it breaks cells 0 and 2, not 1.
        let (s, t) = (around(3, 0, 2), around(3, 1, 3));
        let mut w = Witnesses::default();
        w.add(&s, Some(&s));
        w.add(&s, None);
        assert!(w.list.is_empty(), "the loop itself is no witness");
        w.add(&s, Some(&t));
        assert_eq!(w.list[0].broken, vec![0, 2]);
        let (n, b) = (Clue::Number, Clue::Blank);
        assert_eq!(w.of(&puzzle(&[b, n(3), b]), &s).map(|w| &w.other), Some(&t));
        assert_eq!(w.of(&puzzle(&[b, b, b]), &s).map(|w| &w.other), Some(&t));
        assert!(w.of(&puzzle(&[n(3), b, b]), &s).is_none());
        assert!(w.of(&puzzle(&[b, n(3), n(1)]), &s).is_none());
    }

    #[test]
    fn a_witness_the_verifier_refutes_is_not_used() {
        // The loop around cell 0 is 4 1 0; with one around cell 2 too,
        // 4 2 4: two loops are no solution, though the clues they break
        // (cells 1 and 2) are blank.
        let s = around(3, 0, 1);
        let mut two = around(3, 2, 3);
        two.set_h(0, 0, true);
        two.set_h(1, 0, true);
        two.set_v(0, 0, true);
        two.set_v(0, 1, true);
        let mut w = Witnesses::default();
        w.add(&s, Some(&two));
        assert_eq!(w.list[0].broken, vec![1, 2]);
        let (n, b) = (Clue::Number, Clue::Blank);
        assert!(w.of(&puzzle(&[n(4), b, b]), &s).is_none());
        // Its filter alone would have taken it.
        let blank = |&c: &usize| [false, true, true][c];
        assert!(w.list[0].broken.iter().all(blank));
    }
}

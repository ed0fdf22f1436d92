//! `--minimal`'s proof: no clue of the puzzle made can go.
//!
//! The removal ([`super::remove`]) tries every clue with checks that have
//! a budget and takes shortcuts (quick checks near the clue, clues put
//! back by a heuristic when a whole check fails), so a clue may stay that
//! could go. This pass settles each one: every orbit of clues left (a
//! clue alone without symmetry) is blanked and the puzzle solved by a
//! search with a large budget (a hundred times the checks',
//! [`super::checker::proof_budget`]), which finds a second solution or
//! proves there is none: for a clue alone, by trying each other count in
//! its cell ([`Checker::solvable`]); for an orbit, by solving with the
//! orbit blank ([`Checker::unique`]). Unique: the orbit goes for
//! good. Not: it is put back, and it is needed for good, since a puzzle
//! with fewer clues has every solution this one has.
//!
//! So every clue of the result is proven needed: blanking its orbit
//! leaves two solutions or more. Where it stops: a search that runs out
//! of its budget proves nothing, and the puzzle is then not proven
//! minimal: the generator drops it and grows another loop (counted in
//! [`Work::unproven`]); a stop or `--time-limit` abandons the puzzle. On
//! big sparse boards such searches are common, and minimal puzzles slow.

use super::checker::{Checker, Proof, Stopped};
use super::config::Work;
use crate::puzzle::solution::Solution;
use crate::puzzle::{Clue, Puzzle};

/// Blanks every orbit of `units` (cell indices) whose clues can go, each
/// proven by searches in turn: `p` (solution `s`) is then minimal.
/// Returns how many orbits went, or `None` if a search ran out of its
/// budget (a clue neither proven needed nor removable: `p` is not proven
/// minimal).
pub(super) fn prove(
    p: &mut Puzzle,
    s: &Solution,
    units: &[Vec<usize>],
    checker: &mut Checker,
    work: &mut Work,
) -> Result<Option<usize>, Stopped> {
    let cols = p.cols();
    let mut went = 0;
    let mut saved = Vec::new();
    for unit in units {
        saved.clear();
        saved.extend(unit.iter().map(|&c| p.clue(c / cols, c % cols)));
        if saved.iter().all(|&clue| clue == Clue::Blank) {
            continue;
        }
        for &c in unit {
            p.set_clue(c / cols, c % cols, Clue::Blank);
        }
        let removable = match (unit.as_slice(), saved[0]) {
            (&[cell], Clue::Number(v)) => removable(p, cell, v, checker, work),
            _ => checker.unique(p, s, work),
        };
        match removable {
            Proof::Yes => went += 1,
            Proof::No => {
                for (&c, &clue) in unit.iter().zip(&saved) {
                    p.set_clue(c / cols, c % cols, clue);
                }
            }
            Proof::Unknown => {
                for (&c, &clue) in unit.iter().zip(&saved) {
                    p.set_clue(c / cols, c % cols, clue);
                }
                return Ok(None);
            }
            Proof::Stop => return Err(Stopped),
        }
    }
    Ok(Some(went))
}

/// Whether the clue `v` of `cell`, blank in `p`, can go from the unique
/// puzzle: [`Proof::Yes`] if no other count of its lines (0 to 4 but `v`)
/// gives the puzzle a solution. A solution with the cell blank has `v`
/// lines there (the one solution of the puzzle) or another count, so none
/// with another count means the clue was never needed; one is a second
/// solution, and the clue is needed. A count constrains the search far
/// more than a blank cell does. `p` is left with the cell blank.
fn removable(p: &mut Puzzle, cell: usize, v: u8, checker: &mut Checker, work: &mut Work) -> Proof {
    let (i, j) = (cell / p.cols(), cell % p.cols());
    let mut removable = Proof::Yes;
    for other in (0..=4).filter(|&n| n != v) {
        p.set_clue(i, j, Clue::Number(other));
        removable = match checker.solvable(p, work) {
            Proof::No => Proof::Yes,
            Proof::Yes => Proof::No,
            unknown_or_stop => unknown_or_stop,
        };
        if removable != Proof::Yes {
            break;
        }
    }
    p.set_clue(i, j, Clue::Blank);
    removable
}

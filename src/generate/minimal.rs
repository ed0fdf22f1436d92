//! `--minimal`'s proof: no clue of the puzzle made can go.
//!
//! The removal ([`super::remove`]) tries every clue with checks that have
//! a budget and takes shortcuts (quick checks near the clue, clues put
//! back by a heuristic when a whole check fails), so a clue may stay that
//! could go. This pass settles each one: every orbit of clues left (a
//! clue alone without symmetry) is blanked, and a second solution seen
//! before ([`super::witness`]) or a search with a large budget (a hundred
//! times the checks', [`super::checker::proof_budget`]) of the puzzle
//! with the orbit blank ([`Checker::unique`]) finds that it has two
//! solutions, or the search proves there is one. Unique: the orbit goes
//! for good. Not: it is put back, and it is needed for good, since a
//! puzzle with fewer clues has every solution this one has. (Searching
//! instead for a solution with each other count in a clue's cell, which
//! constrains each search more, took 2.8x the time on 20x20 boards,
//! where its searches ran out of budget five times as often.)
//!
//! So every clue of the result is proven needed: blanking its orbit
//! leaves two solutions or more. Where it stops: a search that runs out
//! of its budget proves nothing, and the puzzle is then not proven
//! minimal: the generator drops it and grows another loop (counted in
//! [`Work::unproven`]); a stop or `--time-limit` abandons the puzzle. On
//! big sparse boards such searches are common, and minimal puzzles slow.

use super::checker::{Checker, Proof, Stopped};
use super::config::Work;
use super::remove::Removal;
use crate::puzzle::Clue;

/// Blanks every orbit of `units` (cell indices) whose clues can go, each
/// proven by a search in turn (or needed by one of the removal's
/// witnesses, which gain the second solutions the searches find): the
/// removal's puzzle is then minimal. Returns how many orbits went, or
/// `None` if a search ran out of its budget (a clue neither proven needed
/// nor removable: the puzzle is not proven minimal).
pub(super) fn prove(
    removal: &mut Removal<'_>,
    units: &[Vec<usize>],
    checker: &mut Checker,
    work: &mut Work,
) -> Result<Option<usize>, Stopped> {
    let cols = removal.p.cols();
    let mut went = 0;
    for unit in units {
        let blank = |c: &usize| removal.p.clue(c / cols, c % cols) == Clue::Blank;
        if unit.iter().all(blank) {
            continue;
        }
        let proof = if removal.blank_seen(unit).is_some() {
            // A second solution seen already: needed.
            work.witnessed += 1;
            Proof::No
        } else {
            let (p, s) = (&*removal.p, removal.s);
            let proof = checker.unique(p, s, work);
            if proof == Proof::No {
                removal.witnesses.add(s, checker.proof_other(s));
            }
            proof
        };
        match proof {
            Proof::Yes => went += 1,
            Proof::Stop => return Err(Stopped),
            Proof::No => removal.put_back(unit),
            Proof::Unknown => {
                removal.put_back(unit);
                work.unproven += 1;
                return Ok(None);
            }
        }
    }
    Ok(Some(went))
}

//! Clue removal: blanks as many clues of a unique puzzle as a goal asks
//! while the puzzle stays within a difficulty, its loop the one solution.
//!
//! Clues go in a random order, an orbit of the symmetry at a time
//! ([`super::symmetry`]), in batches that double after a success and
//! halve after a failure, so that the many easy removals cost few checks.
//! Below the search, each check is quick ([`Removal::stage`] at
//! [`Difficulty::Rules`]): the judge's rules solve only the cells within
//! a radius of the clues just removed, the rest of the loop given
//! ([`Checker::check`] from [`Start::Given`]), so a check costs about as
//! much on a 200x200 as on a 10x10. Taking the far edges as known makes
//! it optimistic (they may have been found only with clues other
//! removals took away), more so the smaller the radius; so one whole
//! check at the difficulty asked confirms each round, and while it
//! stalls the removed clues by the most
//! undecided edges are put back ([`Removal::confirm`]). (The quick checks
//! use the rules alone because loop reasoning with the rest of the loop
//! given sees through almost anything: at the loop's difficulty they
//! removed 77% of a 20x20's clues, and the whole checks put back a
//! quarter of them, one expensive check at a time.) The search
//! ([`Difficulty::Search`], with its budget) checks quickly too, near the
//! removed clues, confirmed by a whole search, which, where it finds a
//! second solution, has the removed clues it breaks put back; a clue
//! whose check found a second solution is kept, needed while that
//! solution holds ([`Removal::needed`]), and the others left (put back,
//! or out of budget) are then checked whole.
//!
//! Where it stops: a clue whose removal check ran out of the search's
//! budget stays (counted in [`Work::gave_up`]); below the search, checks
//! have no budget to run out of. A clue kept for a second solution is not
//! tried again when the confirmation puts back a clue that solution
//! breaks: it may then be needless (counted in [`Work::lapsed`]; a third
//! of them could go). Trying such clues again (quickly, confirmed whole)
//! blanked 0.5 to 1.8 points more of 20x20 `--blanks 0.9` puzzles for 1.7
//! to 2 times the CPU, and none more of `--blanks 0.5`
//! (docs/bench-history.md, issue 51); `--minimal`'s proof tries every
//! clue left again.

use super::checker::{Checked, Checker, Start, Stopped};
use super::config::Work;
use super::witness::{clue_of, Witness, Witnesses};
use crate::grid::{EdgeId, Plane};
use crate::puzzle::solution::Solution;
use crate::puzzle::{Clue, Puzzle};
use crate::solve::verdict::difficulty::Difficulty;
use crate::solve::verdict::given::Free;

/// A removal under way on one puzzle.
pub(super) struct Removal<'a> {
    /// The puzzle, its clues going.
    pub(super) p: &'a mut Puzzle,
    /// Its loop.
    pub(super) s: &'a Solution,
    /// The orbits still clued, in the order they are tried.
    pub(super) units: Vec<Vec<usize>>,
    /// The blank cells wanted.
    pub(super) goal: usize,
    /// The orbits removed by quick checks, not yet confirmed whole.
    pub(super) removed: Vec<Vec<usize>>,
    /// The cells the quick checks solve.
    pub(super) free: Free,
    /// The radius of the quick checks: the cells they solve reach this
    /// many rows and columns from each clue removed.
    pub(super) radius: usize,
    /// The second solutions the searches found.
    pub(super) witnesses: Witnesses,
    /// The orbits put back because a second solution needs them, each
    /// with that solution: needed only while it holds, which a clue it
    /// breaks, put back, ends (hard puzzles try such orbits again,
    /// [`Removal::retry_lapsed`]; the others count them,
    /// [`Removal::lapsed`]).
    pub(super) needed: Vec<(Vec<usize>, Witness)>,
}

impl<'a> Removal<'a> {
    /// A removal from `p` (solution `s`) of the clues of `units`, in that
    /// order, until `goal` cells are blank.
    pub(super) fn new(
        p: &'a mut Puzzle,
        s: &'a Solution,
        units: Vec<Vec<usize>>,
        goal: usize,
    ) -> Self {
        let free = Free::new(p.rows(), p.cols());
        Removal {
            p,
            s,
            units,
            goal,
            removed: Vec::new(),
            free,
            radius: 4,
            witnesses: Witnesses::default(),
            needed: Vec::new(),
        }
    }

    /// Blanks every cell of `unit`.
    pub(super) fn blank(&mut self, unit: &[usize]) {
        let cols = self.p.cols();
        for &c in unit {
            self.p.set_clue(c / cols, c % cols, Clue::Blank);
        }
    }

    /// Blanks `unit` and says whether the puzzle then has a second
    /// solution seen before (one that breaks no clue left), which shows
    /// the unit needed without a search: the start of trying one orbit,
    /// shared by hard puzzles' quick searches ([`Removal::harden`]) and
    /// `--minimal`'s proof ([`super::minimal::prove`]).
    pub(super) fn blank_seen(&mut self, unit: &[usize]) -> Option<Witness> {
        self.blank(unit);
        self.witnesses.of(self.p, self.s).cloned()
    }

    /// Puts the clues of `unit` back: the loop's, as the puzzle had them
    /// (a cell the loop goes round alone, whose 4 no clue gives, blank).
    /// The one way clues go back; [`Removal::restore`] counts it too.
    pub(super) fn put_back(&mut self, unit: &[usize]) {
        let cols = self.p.cols();
        for &cell in unit {
            let (i, j) = (cell / cols, cell % cols);
            let clue = match clue_of(self.s, i, j) {
                Clue::Number(4) => Clue::Blank,
                clue => clue,
            };
            self.p.set_clue(i, j, clue);
        }
    }

    /// Tries the orbits left, in batches, at difficulty `d`: quick checks
    /// of the rules or the search (whole ones with a radius of 0), whole
    /// checks of the loop's and probing's difficulty. The orbits that stay
    /// are kept in order for the next stage, but those that a second
    /// solution needs.
    pub(super) fn stage(
        &mut self,
        c: &mut Checker,
        d: Difficulty,
        w: &mut Work,
    ) -> Result<(), Stopped> {
        let units = std::mem::take(&mut self.units);
        let mut kept = Vec::new();
        let (mut next, mut batch) = (0, 1usize);
        while next < units.len() {
            if self.p.blanks() >= self.goal {
                kept.extend_from_slice(&units[next..]);
                break;
            }
            let k = batch.min(units.len() - next);
            let tried = &units[next..next + k];
            for u in tried {
                self.blank(u);
            }
            let verdict = if d == Difficulty::Loop || d == Difficulty::Probe || self.radius == 0 {
                c.whole(self.p, self.s, d, w)
            } else {
                self.free_around(tried);
                c.check(self.p, self.s, d, Start::Given(&self.free), w)
            };
            match verdict {
                Checked::Stop => return Err(Stopped),
                Checked::Pass => {
                    if (d == Difficulty::Rules || d == Difficulty::Search) && self.radius > 0 {
                        self.removed.extend_from_slice(tried);
                    }
                    next += k;
                    batch = batch.saturating_mul(2);
                }
                Checked::Fail => {
                    for u in tried {
                        self.put_back(u);
                    }
                    if k == 1 {
                        // A second solution found is one of the whole
                        // puzzle, and stays one as clues go: that clue is
                        // needed while no clue the solution breaks comes
                        // back (the confirmation may put back some).
                        let other = (d == Difficulty::Search)
                            .then(|| c.other_solution(self.s))
                            .flatten();
                        let witness = other.and_then(|t| Witness::new(self.s, t));
                        self.witnesses.add(self.s, other);
                        match witness {
                            Some(w) => self.needed.push((units[next].clone(), w)),
                            None => kept.push(units[next].clone()),
                        }
                        next += 1;
                    } else {
                        batch = (k / 2).max(1);
                    }
                }
            }
        }
        self.units = kept;
        Ok(())
    }

    /// Confirms the quick checks with a whole check at difficulty `d`:
    /// while it fails, removed orbits get their clues back (counted in
    /// [`Work::restored`]): below the search, those by the most undecided
    /// edges of the stalled board; at it, those the second solution found
    /// breaks (or, out of budget, the last removed).
    ///
    /// Below the search, the check after clues went back goes on from the
    /// board the last one stalled on ([`Start::Resumed`]: what it
    /// decided holds with more clues), so it does not deduce again all
    /// that did not change; as such a check can finish what one from an
    /// empty board would not, the puzzle it passes is checked again from
    /// an empty board, and only that confirms it: if `exact`. (Without, a
    /// pass still proves the loop the one solution, as every step of the
    /// check is sound; what it does not prove is the difficulty, which
    /// a start for harder puzzles does not need.)
    pub(super) fn confirm(
        &mut self,
        c: &mut Checker,
        d: Difficulty,
        exact: bool,
        w: &mut Work,
    ) -> Result<(), Stopped> {
        let mut resumed = false;
        loop {
            let start = if resumed {
                Start::Resumed
            } else {
                Start::Empty
            };
            let verdict = c.check(self.p, self.s, d, start, w);
            match verdict {
                Checked::Pass if resumed && exact => {
                    resumed = false;
                    continue;
                }
                Checked::Pass => break,
                Checked::Stop => return Err(Stopped),
                Checked::Fail => {}
            }
            let culprits = if d == Difficulty::Search {
                let other = c.other_solution(self.s);
                self.witnesses.add(self.s, other);
                self.broken_by(other)
            } else {
                self.culprits(&c.undecided(self.p, d))
            };
            // (Nothing of ours by what stalls cannot happen if the
            // unremoved puzzle passed.)
            if !self.give_back(culprits, w) {
                return Ok(());
            }
            resumed = d != Difficulty::Search;
        }
        self.removed.clear();
        Ok(())
    }

    /// Makes the orbits whose second solution no longer holds (a clue it
    /// breaks was put back since), nor another seen since, orbits to try
    /// again, in the order they were needed; the others stay needed.
    /// Counted in [`Work::retried`].
    pub(super) fn retry_lapsed(&mut self, w: &mut Work) {
        for (u, witness) in std::mem::take(&mut self.needed) {
            self.blank(&u);
            // Its own second solution, or another seen since.
            let holds = match witness.holds(self.p, self.s) {
                true => Some(witness),
                false => self.witnesses.of(self.p, self.s).cloned(),
            };
            self.put_back(&u);
            if let Some(witness) = holds {
                self.needed.push((u, witness));
            } else {
                w.retried += 1;
                self.units.push(u);
            }
        }
    }

    /// How many orbits kept as needed have lost their second solution (a
    /// clue it breaks was put back since): kept, but not proven needed.
    pub(super) fn lapsed(&mut self) -> u64 {
        let mut lapsed = 0;
        for k in 0..self.needed.len() {
            let u = std::mem::take(&mut self.needed[k].0);
            self.blank(&u);
            lapsed += u64::from(!self.needed[k].1.holds(self.p, self.s));
            self.put_back(&u);
            self.needed[k].0 = u;
        }
        lapsed
    }

    /// Makes the cells of `units`, and those within the radius of them,
    /// the ones a quick check solves.
    pub(super) fn free_around(&mut self, units: &[Vec<usize>]) {
        self.free_within(units.iter().flatten(), self.radius);
    }

    /// Makes `cells`, and those within `radius` of them, the ones a quick
    /// check solves.
    pub(super) fn free_within<'c>(
        &mut self,
        cells: impl Iterator<Item = &'c usize>,
        radius: usize,
    ) {
        self.free.clear();
        let cols = self.p.cols();
        for &cell in cells {
            self.free.add_around(cell / cols, cell % cols, radius);
        }
    }

    /// Puts back the removed orbits `culprits` (indices into `removed`,
    /// ascending), or, if there are none, the last removed; `false` if
    /// nothing was removed.
    pub(super) fn give_back(&mut self, culprits: Vec<usize>, w: &mut Work) -> bool {
        if culprits.is_empty() {
            return match self.removed.pop() {
                Some(u) => {
                    self.restore(u, true, w);
                    true
                }
                None => false,
            };
        }
        // Highest index first: each removal leaves the lower ones.
        for k in culprits.into_iter().rev() {
            let u = self.removed.swap_remove(k);
            self.restore(u, true, w);
        }
        true
    }

    /// The removed orbits with a cell whose clue the second solution
    /// `other` (if the search found one) breaks: putting any back rules
    /// it out. Indices into `removed`, ascending.
    pub(super) fn broken_by(&self, other: Option<&Solution>) -> Vec<usize> {
        let Some(t) = other else {
            return Vec::new();
        };
        let cols = self.p.cols();
        let differs =
            |c: usize| clue_of(self.s, c / cols, c % cols) != clue_of(t, c / cols, c % cols);
        (self.removed.iter().enumerate())
            .filter(|(_, u)| u.iter().any(|&c| differs(c)))
            .map(|(k, _)| k)
            .collect()
    }

    /// Puts back the clues of the removed orbit `u`, which a whole check
    /// found wanting (counted in [`Work::restored`]): to be tried again in
    /// a later stage if `again`, else needed for good.
    pub(super) fn restore(&mut self, u: Vec<usize>, again: bool, w: &mut Work) {
        self.put_back(&u);
        w.restored += 1;
        if again {
            self.units.push(u);
        }
    }

    /// The removed orbits to put back where the edges `open` stall: the
    /// one with the most sides among them, then, in turn, the one with the
    /// most sides among them farther than [`SPREAD`] cells from those
    /// chosen (one per knot of undecided edges, so that one whole check
    /// mends several). Indices into `removed`, ascending.
    fn culprits(&self, open: &[EdgeId]) -> Vec<usize> {
        let (rows, cols) = (self.p.rows(), self.p.cols());
        let mut count = vec![0u32; rows * cols];
        for e in open {
            let (i, j) = (e.row, e.col);
            let cells = match e.plane {
                Plane::H => [(i.wrapping_sub(1), j), (i, j)],
                Plane::V => [(i, j.wrapping_sub(1)), (i, j)],
            };
            for (a, b) in cells {
                if a < rows && b < cols {
                    count[a * cols + b] += 1;
                }
            }
        }
        let score = |u: &Vec<usize>| u.iter().map(|&c| count[c]).sum::<u32>();
        let mut ranked: Vec<(u32, usize)> = (self.removed.iter().enumerate())
            .map(|(k, u)| (score(u), k))
            .filter(|&(s, _)| s > 0)
            .collect();
        ranked.sort_by_key(|&(s, k)| (std::cmp::Reverse(s), k));
        let mut chosen: Vec<usize> = Vec::new();
        let near = |a: usize, b: usize| {
            (a / cols).abs_diff(b / cols) <= SPREAD && (a % cols).abs_diff(b % cols) <= SPREAD
        };
        for (_, k) in ranked {
            let cell = self.removed[k][0];
            if chosen.iter().all(|&q| !near(self.removed[q][0], cell)) {
                chosen.push(k);
            }
        }
        chosen.sort_unstable();
        chosen
    }
}

/// How far apart (in rows and in columns) two clues put back by one whole
/// check must be.
const SPREAD: usize = 3;

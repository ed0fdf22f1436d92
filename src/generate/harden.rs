//! Hard puzzles the quick way: a tricky puzzle (probing finishes it),
//! made as `--difficulty tricky` makes them, then loses more clues until
//! probing no longer finishes it while the search still proves its loop
//! the only one. A hard puzzle needs to be unique and beyond probing, not
//! as blank as can be.
//!
//! Each orbit left, in the removal's order, is blanked and searched near
//! its cells (within 2 cells without probing, then within the removal's
//! radius), the rest of the loop given ([`Checker::search`] with
//! [`Free`](crate::solve::verdict::given::Free) cells): a second solution
//! puts it back, needed while that solution holds. The others stay blank,
//! and once a batch of them is (2 at first, doubling after a whole search
//! that finds the loop alone up to a cap that grows with the board,
//! [`batch_cap`], halving after one that does not), the whole puzzle is
//! searched: the loop alone after branching ends the removal, the puzzle
//! hard; the loop alone without a branch goes on, the batch blank for
//! good; a second solution puts back the orbits of the batch it breaks
//! (one alone for good: the other cells it breaks are blank for good) and
//! the puzzle is searched again. The orbits put back with others are
//! tried again in a next pass, while passes blank more; so are those a
//! quick search's second solution put back, once an orbit of the batch
//! that solution breaks went back (it was a solution of the puzzle with
//! the batch blank, not of every later one): [`Removal::retry_lapsed`],
//! counted in [`Work::retried`]. (Before they were, 15 of the 2,634 such
//! orbits of 100 20x20 puzzles had lost their solution by the end, and 5
//! of those could have gone; no puzzle of seeds 1-10 changed.)
//!
//! A second solution a whole search finds is kept ([`super::witness`]):
//! an orbit whose blanking leaves the clues it breaks all blank brings it
//! back, and goes back without a search.
//!
//! The bound of the whole searches: a search for a second solution runs
//! until it finds one or has tried every branch, with a hundred times the
//! checks' budget ([`WHOLE`]); from a probing-finished puzzle less a few
//! clues it ends within a few dozen nodes. One that runs out anyway drops
//! the loop ([`Hardened::OutOfBudget`], counted in [`Work::gave_up`]), so
//! that no clue stays only because a search gave up: 6 whole searches in
//! 1,400 20x20 puzzles, the first of which, without a budget, had not
//! ended after twelve minutes of CPU. A quick search that runs out
//! decides nothing: the orbit stays blank for the whole search to settle.
//!
//! Where it stops: at the first hard state, so the puzzles are less blank
//! than a removal of every clue that can go; a loop whose orbits all go
//! or are needed without the puzzle ever needing the search gives no hard
//! puzzle (the caller grows another).

use super::checker::{Branching, Checker, Searched, Stopped};
use super::config::Work;
use super::remove::Removal;
use super::witness::Witness;

/// The whole searches' budget, in checks' budgets.
pub(super) const WHOLE: u64 = 100;

/// The radius of the first quick search of a clue's removal, before the
/// one at the removal's radius if it finds no second solution (a second
/// solution within it is one within the larger). Callgrind of `gen --rows
/// 20 --cols 20 --difficulty hard --count 20 -j1`, seeds 1 and 2: 9.95 and
/// 15.50 G without, 9.20 and 13.87 G at 2, 9.22 and 13.85 G at 3, 9.46
/// and 14.48 G at 1; the same puzzles. That search does not probe (seeds
/// 1-3: -1.3%, -1.1%, -0.7%; the quick searches at 6 without probing too:
/// +3.9%, +4.0%, -2.6%).
const FIRST_RADIUS: usize = 2;

/// The orbits blanked before the first whole search of a pass.
const FIRST_BATCH: usize = 2;

/// The most orbits blanked before a whole search, on a board of `rows`
/// by `cols`: 2 on a 20x20, 4 on a 30x30, 13 on a 100x100. A larger batch
/// saves whole searches, but its search more often finds a second
/// solution (a global one: on 20x20 boards it differs from the loop in
/// 81 cells, the median, far beyond the quick searches' windows) and puts
/// orbits back; a whole search costs more on a larger board. CPU of `gen
/// --difficulty hard -j1` by cap (none: doubling without one), paired
/// per seed: 20x20, `--count 20`, seeds 1-40: none 26.82 s against 4
/// 24.28; 8 25.94 against 4 24.63; 4 24.32 against 2 23.40; 3 23.69
/// against 2 23.50; 1 (one orbit after the first batch) 25.79 against
/// 2 23.60; seeds 41-70: none 19.83 against 2 17.79. 30x30, `--count
/// 3`, seeds 1-15: none 2.74, 2 2.51, 3 2.42, 4 2.33 and 2.36. 50x50,
/// `--count 2`, seeds 1-8: none 1.87, 2 2.54, 4 1.75, 5 1.78, 8 2.09.
/// 100x100, seeds 1-8: none 8.93, 2 11.57, 4 8.59, 8 7.14, 16 7.00.
fn batch_cap(rows: usize, cols: usize) -> usize {
    ((rows + cols) / 15).max(FIRST_BATCH)
}

/// How [`Removal::harden`] ended.
pub(super) enum Hardened {
    /// Hard: the whole search that proves the loop the one solution.
    Hard(Branching),
    /// No orbit left could go, and probing still finishes the puzzle.
    TooEasy,
    /// A whole search ran out of budget: nothing is known of the puzzle.
    OutOfBudget,
}

impl Removal<'_> {
    /// Blanks orbits left until the puzzle needs the search (see the
    /// module doc).
    pub(super) fn harden(&mut self, c: &mut Checker, w: &mut Work) -> Result<Hardened, Stopped> {
        loop {
            // The orbits put back for a second solution that a clue put
            // back since broke are tried again.
            self.retry_lapsed(w);
            let units = std::mem::take(&mut self.units);
            let before = self.p.blanks();
            if let Some(end) = self.pass(&units, c, w)? {
                return Ok(end);
            }
            if self.units.is_empty() || self.p.blanks() == before {
                return Ok(Hardened::TooEasy);
            }
        }
    }

    /// One pass of [`Removal::harden`] over `units`: how the removal
    /// ended, if it did. The orbits to try again are left in the
    /// removal's.
    fn pass(
        &mut self,
        units: &[Vec<usize>],
        c: &mut Checker,
        w: &mut Work,
    ) -> Result<Option<Hardened>, Stopped> {
        let (mut next, mut batch) = (0, FIRST_BATCH);
        let cap = batch_cap(self.p.rows(), self.p.cols());
        while next < units.len() && self.p.blanks() < self.goal {
            let u = &units[next];
            next += 1;
            // Most second solutions a removal lets in lie near it: a search
            // of a small window finds them for less.
            let seen = self.blank_seen(u);
            let verdict = if seen.is_some() {
                Searched::Other
            } else {
                match self.search_near(u, FIRST_RADIUS, false, c, w) {
                    Searched::Root | Searched::Branched(..) => {
                        self.search_near(u, self.radius, true, c, w)
                    }
                    verdict => verdict,
                }
            };
            match verdict {
                Searched::Stop => return Err(Stopped),
                // A quick search out of budget tells nothing: the whole
                // search decides.
                Searched::Root | Searched::Branched(..) | Searched::GaveUp => {
                    self.removed.push(u.clone())
                }
                Searched::Other => {
                    // Needed while that second solution holds.
                    let other = seen.or_else(|| {
                        let t = c.other_solution(self.s)?;
                        Witness::new(self.s, t)
                    });
                    self.put_back(u);
                    if let Some(witness) = other {
                        self.needed.push((u.clone(), witness));
                    }
                }
            }
            if self.removed.len() >= batch {
                match self.settle(c, w)? {
                    Settled::Clean => batch = (batch * 2).min(cap),
                    Settled::PutBack => batch = (batch / 2).max(1),
                    Settled::Ended(end) => return Ok(Some(end)),
                }
            }
        }
        self.units.extend_from_slice(&units[next..]);
        match self.settle(c, w)? {
            Settled::Ended(end) => Ok(Some(end)),
            _ => Ok(None),
        }
    }

    /// The quick search of the puzzle with orbit `u` blanked: the cells
    /// within `radius` of it free, the rest of the loop given; probing if
    /// `probe`.
    fn search_near(
        &mut self,
        u: &[usize],
        radius: usize,
        probe: bool,
        c: &mut Checker,
        w: &mut Work,
    ) -> Searched {
        self.free_within(u.iter(), radius);
        if probe {
            c.search(self.p, self.s, Some(&self.free), c.budget(), w)
        } else {
            c.search_unprobed(self.p, self.s, &self.free, w)
        }
    }

    /// Searches the whole puzzle until its loop is the one solution,
    /// putting back the removed orbits a second solution breaks; out of
    /// budget, the removal ends. With none removed, the puzzle is the
    /// one the last settling (or the tricky puzzle's confirmation) left,
    /// unique and not hard as far as known: it is not searched again.
    /// (A confirmation that went on from a stalled board proves the loop
    /// unique but not that probing from an empty board finishes it: such
    /// a start may be hard already, which this does not see; removal goes
    /// on from it all the same.)
    fn settle(&mut self, c: &mut Checker, w: &mut Work) -> Result<Settled, Stopped> {
        let mut put_back = false;
        while !self.removed.is_empty() {
            let culprits = match c.search(self.p, self.s, None, WHOLE * c.budget(), w) {
                Searched::Stop => return Err(Stopped),
                Searched::Root => break,
                Searched::Branched(proof) => {
                    self.removed.clear();
                    return Ok(Settled::Ended(Hardened::Hard(proof)));
                }
                Searched::Other => {
                    let other = c.other_solution(self.s);
                    self.witnesses.add(self.s, other);
                    self.broken_by(other)
                }
                Searched::GaveUp => {
                    w.gave_up += 1;
                    return Ok(Settled::Ended(Hardened::OutOfBudget));
                }
            };
            put_back = true;
            if let [k] = culprits[..] {
                // The one clue the second solution breaks among those not
                // confirmed: needed for good, the other cells it breaks
                // being blank for good.
                let u = self.removed.swap_remove(k);
                self.restore(u, false, w);
            } else if !self.give_back(culprits, w) {
                break;
            }
        }
        self.removed.clear();
        Ok(if put_back {
            Settled::PutBack
        } else {
            Settled::Clean
        })
    }
}

/// How [`Removal::settle`] left the puzzle.
enum Settled {
    /// Hard (the whole search had to branch to prove the loop the one
    /// solution), or out of budget: the removal ends.
    Ended(Hardened),
    /// Probing finishes it, every removed orbit kept.
    Clean,
    /// Probing finishes it, with orbits put back.
    PutBack,
}

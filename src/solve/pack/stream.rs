//! A run of small puzzles of one shape deduced in a [`Pack`] whose lanes
//! take the next puzzles as theirs finish.
//!
//! A pack of puzzles side by side sweeps until its slowest puzzle is done,
//! and most of its puzzles are done long before (fully clued 20x20
//! puzzles: 4 sweeps on average, where a pack of 12 took 14). Here, once
//! a few lanes are finished, their puzzles are handed over and the next
//! puzzles of the run take their places, while the other lanes go on from
//! where they are; so each puzzle costs about its own sweeps. A puzzle
//! finished before an earlier one waits (its line rows kept), so that
//! puzzles are handed over in the run's order.
//!
//! New puzzles keep the first tier of the rules busy, so the later tiers
//! (which run only when it stalls) would never reach a lane that needs
//! them: a lane where nothing was decided since the last refill is stuck,
//! and they run on its rows once; stuck again after that, its puzzle is at
//! the rules' fixpoint and leaves the pack with its board. When no puzzle
//! is left to take in, the pack runs on until one puzzle is left, which
//! goes on alone on a board of its own; when too many puzzles wait behind
//! an unfinished one, the pack runs to its fixpoint, its unfinished
//! puzzles go on with the complete solver's local rules side by side
//! ([`Pack::go_on`]), and a fresh pack takes the next puzzles.
//!
//! Where it stops: what becomes of a puzzle after the judge's rules (the
//! solution check, the search) is the caller's; the puzzles of a pack
//! with a contradiction are handed over to be solved alone.

use crate::bits::RowSet;
use crate::board::{Board, Clues, Frame};
use crate::grid::Plane;
use crate::puzzle::Puzzle;
use crate::rules::{self, Contradiction, Ctx, Due};
use crate::solve::pack::Pack;

/// How many lanes of a pack must be finished before new puzzles take
/// their places (each time costs the rules that read only clues over the
/// whole board).
const REFILL: u32 = 4;

/// Sweeps a puzzle has been in its pack before the pack looks whether its
/// first tier is stuck.
const STUCK_AFTER: u32 = 6;

/// Puzzles in flight (taken in and not handed over) per lane of a pack:
/// how many may wait behind an unfinished puzzle before the pack stops
/// taking new ones and runs to its fixpoint.
const WINDOW_PER_LANE: usize = 16;

/// What became of a puzzle of a run.
pub enum RulesEnd<'a> {
    /// The judge's rules decided every edge: its line edges, the `H` rows
    /// and the `V` rows, a word a row (bit `j` for column `j`). The rules
    /// may not have seen the last edges again: a board that is no solution
    /// may be one they would refute.
    Finished {
        /// The `rows + 1` rows of `H` edges.
        h: &'a [u64],
        /// The `rows` rows of `V` edges.
        v: &'a [u64],
    },
    /// The rules stopped short: its board at their fixpoint, marked as
    /// such (as [`Pack::unpack`] gives it), the complete solver's local
    /// rules included if it is marked stalled.
    Stalled(&'a Board<1>),
    /// A contradiction in its pack, or no other puzzle to share one
    /// with: to be solved alone.
    Alone,
}

/// A puzzle's place in the store of those waiting to be handed over.
#[derive(Clone, Copy, Default)]
enum Waiting {
    /// None (or its puzzle still in a lane).
    #[default]
    Empty,
    /// Finished after this many sweeps: its line rows are in the store.
    Lines(u32),
    /// To be solved alone, after this many sweeps.
    Alone(u32),
    /// Stalled after this many sweeps, its board parked.
    Parked(u32),
}

/// A pack whose lanes are refilled, and what it keeps between packs.
#[derive(Default)]
pub struct Stream<const W: usize> {
    pack: Pack<W>,
    /// Per lane: the index in the run of its puzzle and the sweep count
    /// when it came in, while it is still to be handed over.
    lanes: Vec<Option<(usize, u32)>>,
    /// The line rows of finished puzzles waiting for an earlier one, `H`
    /// then `V`, a slot of `2 * rows + 1` words per puzzle, by its index
    /// modulo the window; beside them, what each slot holds.
    store: Vec<u64>,
    waiting: Vec<Waiting>,
    /// Words of a slot of `store`: `2 * rows + 1`; slots in use.
    words: usize,
    window: usize,
    /// Sweeps of the pack so far in this run.
    passes: u32,
    /// The lanes stuck at the last stop, on which the later tiers of the
    /// rules then ran.
    tiered: u64,
    /// How many lanes must be finished before new puzzles come in: a
    /// third of the lanes, at least [`REFILL`].
    refill: u32,
    /// Puzzles the judge's rules finished in a pack, so far.
    finished: usize,
    /// Whether packs run to their fixpoint without taking new puzzles in
    /// (the rules finished too few of the last pack's puzzles for new ones
    /// to pay).
    plain: bool,
    /// Puzzles in flight per lane: [`WINDOW_PER_LANE`] if 0 (a test sets
    /// fewer).
    per_lane: usize,
    /// A puzzle alone: its board, clues and scratch.
    board: Board<1>,
    clues: Clues<1>,
    due: Due,
    rows: RowSet,
    /// The boards of puzzles that stalled alone, waiting for an earlier
    /// one, with their indices; and boards to reuse.
    parked: Vec<(usize, Board<1>)>,
    spare: Vec<Board<1>>,
}

/// The run's puzzles taken in (up to `next`) and handed over (up to
/// `done`), of `len`, at most `window` in flight.
#[derive(Clone, Copy)]
struct Feed {
    next: usize,
    done: usize,
    len: usize,
    window: usize,
}

impl Feed {
    /// How many more puzzles may be taken in.
    fn room(&self) -> usize {
        (self.len - self.next).min(self.window - (self.next - self.done))
    }
}

impl<const W: usize> Stream<W> {
    /// Deduces `puzzles` (one shape, each admitted by [`Pack::admits`],
    /// at least one) with the judge's rules side by side, and calls
    /// `each` with each puzzle's index, the sweeps it took and its
    /// [`RulesEnd`], in the order of `puzzles`.
    pub fn run(&mut self, puzzles: &[&Puzzle], mut each: impl FnMut(usize, u32, RulesEnd<'_>)) {
        let (rows, cols) = (puzzles[0].rows(), puzzles[0].cols());
        let lanes = Pack::<W>::capacity(rows, cols).min(puzzles.len());
        let per_lane = match self.per_lane {
            0 => WINDOW_PER_LANE,
            n => n,
        };
        let window = lanes * per_lane;
        self.window = window;
        self.refill = REFILL.max(lanes as u32 / 3);
        self.words = 2 * rows + 1;
        // (Only ever grown: a slot is written before it is read, and every
        // slot is empty again once a run is handed over.)
        if self.store.len() < window * self.words {
            self.store.resize(window * self.words, 0);
        }
        if self.waiting.len() < window {
            self.waiting.resize(window, Waiting::Empty);
        }
        debug_assert!(self.waiting.iter().all(|w| matches!(w, Waiting::Empty)));
        self.passes = 0;
        let mut at = Feed {
            next: 0,
            done: 0,
            len: puzzles.len(),
            window,
        };
        while at.next < at.len {
            let take = lanes.min(at.len - at.next);
            if take == 1 {
                each(at.next, 0, RulesEnd::Alone);
                at.next += 1;
                at.done += 1;
                continue;
            }
            self.pack.start(&puzzles[at.next..at.next + take]);
            self.tiered = 0;
            self.lanes.clear();
            let since = self.passes;
            self.lanes
                .extend((at.next..at.next + take).map(|k| Some((k, since))));
            at.next += take;
            self.deduce(puzzles, &mut at, &mut each);
        }
    }

    /// Runs the pack, refilling it while it may, until its last puzzles
    /// leave it or it reaches its fixpoint; hands over every puzzle taken
    /// in.
    fn deduce(
        &mut self,
        puzzles: &[&Puzzle],
        at: &mut Feed,
        each: &mut impl FnMut(usize, u32, RulesEnd<'_>),
    ) {
        // What this pack has done so far: its puzzles finished, and taken in.
        let (finished, taken) = (self.finished, at.next - self.active().count_ones() as usize);
        loop {
            let active = self.active();
            // New puzzles come in a few at a time, or the last ones all
            // at once.
            let room = at.room();
            let refill = !self.plain
                && (room >= self.refill as usize || (room > 0 && room == at.len - at.next));
            // Without new puzzles, the last one leaves the pack to go on
            // alone.
            let enough = if refill {
                self.refill.min(room as u32)
            } else if self.plain {
                u32::MAX
            } else if active.count_ones() <= 1 {
                self.leave(puzzles, at);
                return self.hand_over_ready(at, each);
            } else {
                active.count_ones() - 1
            };
            match self.pack.run(active, enough) {
                Ok((passes, fixpoint)) => {
                    self.passes += passes;
                    self.keep_finished();
                    if fixpoint {
                        // The next packs take new puzzles in while the rules
                        // finish most of a pack's (three in four to start
                        // again).
                        let (finished, taken) = (self.finished - finished, at.next - taken);
                        self.plain = if self.plain {
                            4 * finished < 3 * taken
                        } else {
                            2 * finished < taken
                        };
                        let unfinished = active & !self.pack.finished();
                        let settled = unfinished == 0 || self.pack.go_on().is_ok();
                        return self.hand_over_all(at, settled, each);
                    }
                    if refill {
                        self.unstick(at);
                        self.refill(puzzles, at);
                    }
                    self.hand_over_ready(at, each);
                }
                Err(_) => return self.hand_over_all(at, false, each),
            }
        }
    }

    /// The lanes whose puzzles are still to be handed over.
    fn active(&self) -> u64 {
        let lanes = self.lanes.iter().enumerate();
        lanes
            .filter(|(_, l)| l.is_some())
            .fold(0, |m, (k, _)| m | 1 << k)
    }

    /// Keeps the line rows of the puzzles in lanes the last run finished,
    /// and frees their lanes.
    fn keep_finished(&mut self) {
        let (words, window) = (self.words, self.window);
        let mut finished = self.pack.finished();
        while finished != 0 {
            let lane = finished.trailing_zeros() as usize;
            finished &= finished - 1;
            let slot = &mut self.lanes[lane];
            let Some((k, since)) = *slot else { continue };
            self.finished += 1;
            let at = k % window;
            self.pack
                .copy_lines(lane, &mut self.store[at * words..][..words]);
            self.waiting[at] = Waiting::Lines(self.passes - since);
            *slot = None;
        }
    }

    /// Sees to the lanes that the first tier of the rules left alone since
    /// the last stop (stuck): the later tiers run on them once (they do
    /// not run while new puzzles keep the first tier busy); a lane stuck
    /// again after them is at the rules' fixpoint, and its puzzle leaves
    /// the pack with its board.
    fn unstick(&mut self, at: &Feed) {
        let old = self
            .lanes
            .iter()
            .flatten()
            .any(|&(_, since)| self.passes - since >= STUCK_AFTER);
        if !old && self.tiered == 0 {
            // (Any lane may be stuck; the first look waits until one has
            // been in for a while, as most are finished by then.)
            return;
        }
        let active = self.active();
        let stuck = active & !self.pack.moved();
        let stalled = stuck & self.tiered;
        for lane in (0..self.lanes.len()).filter(|l| stalled >> l & 1 == 1) {
            let Some((k, since)) = self.lanes[lane].take() else {
                continue;
            };
            let mut board = self.spare.pop().unwrap_or_default();
            self.pack.unpack(lane, &mut board);
            self.parked.push((k, board));
            self.waiting[k % at.window] = Waiting::Parked(self.passes - since);
        }
        let fresh = stuck & !self.tiered;
        if fresh != 0 {
            self.pack.later_tiers(fresh);
        }
        self.tiered = (self.tiered | fresh) & stuck & !stalled;
    }

    /// Takes every puzzle still in the pack out of it, each to go on alone.
    fn leave(&mut self, puzzles: &[&Puzzle], at: &Feed) {
        for lane in 0..self.lanes.len() {
            let Some((k, since)) = self.lanes[lane].take() else {
                continue;
            };
            let passes = self.passes - since;
            let slot = k % at.window;
            self.waiting[slot] = match self.alone(lane, puzzles[k], slot) {
                Ok(true) => Waiting::Lines(passes),
                Ok(false) => {
                    let board = self.spare.pop().unwrap_or_default();
                    let board = std::mem::replace(&mut self.board, board);
                    self.parked.push((k, board));
                    Waiting::Parked(passes)
                }
                Err(_) => Waiting::Alone(passes),
            };
        }
    }

    /// Deduces the puzzle `p` of pack lane `lane` on a board of its own
    /// ([`Stream::board`]) from where the pack left it to the fixpoint of
    /// the judge's rules; true if they finish it (its line rows then in
    /// slot `slot` of the store), false if they stall.
    fn alone(&mut self, lane: usize, p: &Puzzle, slot: usize) -> Result<bool, Contradiction> {
        self.pack.unpack(lane, &mut self.board);
        // Due: the rows the pack had yet to sweep, and the later tiers
        // everywhere.
        self.pack.due_rows(&mut self.rows);
        self.board.set_changed_rows(&self.rows);
        self.due.later_tiers_everywhere(p.rows());
        let frame = Frame::<1>::new(p.rows(), p.cols());
        self.clues.load(p);
        let mut ctx = Ctx::new(&frame, &self.clues, &mut self.board);
        rules::propagate(&mut ctx, &mut self.due)?;
        if !self.board.is_complete(&frame) {
            return Ok(false);
        }
        let into = &mut self.store[slot * self.words..][..self.words];
        let (h, v) = into.split_at_mut(Plane::H.rows(p.rows()));
        for (into, plane) in [(h, Plane::H), (v, Plane::V)] {
            let bits = frame.plane_bits(plane).0[0];
            for (word, row) in into.iter_mut().zip(self.board.line_rows(plane)) {
                *word = row.0[0] & bits;
            }
        }
        Ok(true)
    }

    /// Hands over the waiting puzzles that no puzzle still in a lane
    /// precedes.
    fn hand_over_ready(&mut self, at: &mut Feed, each: &mut impl FnMut(usize, u32, RulesEnd<'_>)) {
        let (window, words) = (self.window, self.words);
        while at.done < at.next {
            let slot = at.done % window;
            match std::mem::take(&mut self.waiting[slot]) {
                Waiting::Empty => break,
                Waiting::Lines(passes) => {
                    let (h, v) = self.store[slot * words..][..words].split_at(words / 2 + 1);
                    each(at.done, passes, RulesEnd::Finished { h, v });
                }
                Waiting::Alone(passes) => each(at.done, passes, RulesEnd::Alone),
                Waiting::Parked(passes) => {
                    let k = at.done;
                    let parked = self.parked.iter().position(|&(j, _)| j == k);
                    let (_, board) = self.parked.swap_remove(parked.expect("a parked board"));
                    each(k, passes, RulesEnd::Stalled(&board));
                    self.spare.push(board);
                }
            }
            at.done += 1;
        }
    }

    /// Hands over every puzzle taken in, at the pack's fixpoint (the
    /// unfinished ones stalled, their boards `settled` by the complete
    /// solver's local rules) or after a contradiction (not `settled`: the
    /// unfinished ones are to be solved alone).
    fn hand_over_all(
        &mut self,
        at: &mut Feed,
        settled: bool,
        each: &mut impl FnMut(usize, u32, RulesEnd<'_>),
    ) {
        loop {
            self.hand_over_ready(at, each);
            if at.done == at.next {
                return;
            }
            // The next puzzle is still in a lane.
            let k = at.done;
            let lane = self
                .lanes
                .iter()
                .position(|l| l.is_some_and(|(j, _)| j == k));
            let Some((lane, Some((_, since)))) = lane.map(|l| (l, self.lanes[l])) else {
                unreachable!("puzzle {k} neither waiting nor in a lane");
            };
            self.lanes[lane] = None;
            let passes = self.passes - since;
            if settled {
                self.pack.unpack(lane, &mut self.board);
                each(k, passes, RulesEnd::Stalled(&self.board));
            } else {
                each(k, passes, RulesEnd::Alone);
            }
            at.done += 1;
        }
    }

    /// Puts the next puzzles in the free lanes, as many as may be taken in.
    fn refill(&mut self, puzzles: &[&Puzzle], at: &mut Feed) {
        let room = at.room();
        let since = self.passes;
        let mut taken = 0;
        let mut put = 0u64;
        for (lane, slot) in self.lanes.iter_mut().enumerate() {
            if slot.is_none() && taken < room {
                *slot = Some((at.next + taken, since));
                put |= 1 << lane;
                taken += 1;
            }
        }
        let lanes = &self.lanes;
        self.pack
            .replace(put, |lane| puzzles[lanes[lane].map_or(0, |(k, _)| k)]);
        at.next += taken;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::region::random_test_puzzle;
    use crate::puzzle::solution::Solution;
    use crate::puzzle::verify::verify;
    use crate::solve::pack::tests::alone;

    /// What became of the puzzles of a run, by kind.
    #[derive(Debug, Default)]
    struct KindsSeen {
        finished: usize,
        refuted_finished: usize,
        stalled_in_pack: usize,
        stalled_alone: usize,
        alone: usize,
    }

    /// Runs `puzzles` through `stream` and checks that each is handed over
    /// once, in order, with what the rules make of it alone.
    fn check(stream: &mut Stream<4>, puzzles: &[Puzzle], seen: &mut KindsSeen) {
        let refs: Vec<&Puzzle> = puzzles.iter().collect();
        let mut next = 0;
        stream.run(&refs, |k, _, fate| {
            assert_eq!(k, next, "puzzles handed over in order");
            next += 1;
            let p = refs[k];
            let own = Frame::<1>::new(p.rows(), p.cols());
            let single = alone(p);
            match fate {
                RulesEnd::Finished { h, v } => {
                    let Ok((judge, _)) = single else {
                        // Every edge decided before the rules saw the last
                        // ones again: the board is no solution.
                        let mut s = Solution::default();
                        s.set_rows(
                            p.rows(),
                            p.cols(),
                            h.iter().map(|&w| [w]),
                            v.iter().map(|&w| [w]),
                        );
                        assert!(verify(p, &s).is_err(), "puzzle {k}");
                        seen.refuted_finished += 1;
                        return;
                    };
                    assert!(judge.is_complete(&own), "puzzle {k}");
                    for (p, rows) in [(Plane::H, h), (Plane::V, v)] {
                        let want: Vec<u64> = (0..p.rows(own.rows))
                            .map(|i| judge.lines(p, i).0[0] & own.plane_bits(p).0[0])
                            .collect();
                        assert_eq!(rows, want, "puzzle {k}, {p:?}");
                    }
                    seen.finished += 1;
                }
                RulesEnd::Stalled(board) => {
                    let (judge, colored) = single.expect("stalled in the pack, not refuted alone");
                    assert!(!judge.is_complete(&own), "puzzle {k}");
                    // Past the judge's rules in the pack (with colours and
                    // angles), or just to their fixpoint alone.
                    if board.stalled() {
                        // The same edges and colours; the angle marks may
                        // differ, as a mark is left out where the edges
                        // already say it, and the pack, visiting rows for
                        // its other puzzles too, may decide edges sooner.
                        for p in [Plane::H, Plane::V] {
                            for i in 0..p.rows(own.rows) {
                                let got = (board.lines(p, i), board.crosses(p, i));
                                let want = (colored.lines(p, i), colored.crosses(p, i));
                                assert_eq!(got, want, "puzzle {k}, {p:?} row {i}");
                            }
                        }
                        for i in 0..own.rows {
                            let got = (board.inside(i), board.outside(i));
                            assert_eq!(got, (colored.inside(i), colored.outside(i)), "puzzle {k}");
                        }
                        seen.stalled_in_pack += 1;
                    } else {
                        assert_eq!(board, &judge, "puzzle {k}");
                        seen.stalled_alone += 1;
                    }
                }
                RulesEnd::Alone => seen.alone += 1,
            }
        });
        assert_eq!(next, refs.len(), "every puzzle handed over");
    }

    #[test]
    fn a_stream_hands_over_each_puzzle_in_order_as_the_rules_leave_it() {
        let mut seed = 21;
        let mut seen = KindsSeen::default();
        // Fully clued (the judge's rules finish most) with some puzzles
        // blank here and there (they mostly stall), or all with some blank
        // clues; small and large; with the usual window of puzzles in
        // flight and a narrow one (the pack then often runs to its
        // fixpoint).
        for per_lane in [0, 2] {
            for (rows, cols, blanks, n) in [
                (20, 20, [0, 0, 0, 0, 0, 0, 0, 5], 150),
                (20, 20, [1; 8], 50),
                (20, 20, [1; 8], 13),
                (8, 9, [0, 0, 0, 0, 0, 0, 0, 5], 200),
                (8, 9, [2; 8], 60),
                (4, 5, [0; 8], 200),
            ] {
                // A contradiction fails its whole pack: one puzzle in about
                // forty is one the rules refute.
                let mut refuted = 0;
                let puzzles: Vec<Puzzle> = (0..)
                    .map(|k| random_test_puzzle(rows, cols, blanks[k % 8], &mut seed))
                    .filter(|p| {
                        Pack::<4>::admits(p)
                            && (alone(p).is_ok() || {
                                refuted += 1;
                                refuted % 8 == 0
                            })
                    })
                    .take(n)
                    .collect();
                let mut stream = Stream::<4> {
                    per_lane,
                    ..Stream::default()
                };
                check(&mut stream, &puzzles, &mut seen);
            }
        }
        // Each way out is taken.
        assert!(
            seen.finished > 100
                && seen.stalled_in_pack > 5
                && seen.stalled_alone > 5
                && seen.alone > 10,
            "{seen:?}"
        );
    }
}

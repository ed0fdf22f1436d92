//! Both values of a probe deduced side by side: a board of two copies of
//! the puzzle on one-word rows ([`Frame::packed`]). The rules look only at
//! nearby cells and read the other copy as off the grid, so one
//! propagation reaches each value's fixpoint of the rules, for about the
//! price of one. Loop reasoning, which looks at the whole board, then
//! runs on each value's own board.

use crate::bits::Row;
use crate::board::{Board, Clues, Frame};
use crate::grid::EdgeId;
use crate::puzzle::Puzzle;
use crate::rules::{self, Contradiction, Ctx, Due};
use crate::solve::deduce::loops::LoopStep;
use crate::solve::deduce::{deduce, Given, Mode, Node};
use crate::solve::outcome::{Options, Stats};

/// A board of two copies of the puzzle side by side, for deducing both
/// values of a probe at once (see the module doc).
#[derive(Default)]
pub(super) struct Pair {
    /// The packed frame, once the clues of the current puzzle are loaded.
    frame: Option<Frame<1>>,
    /// Whether the current puzzle was looked at (`frame` is then set if it
    /// is narrow enough).
    ready: bool,
    clues: Clues<1>,
    /// The node board twice, at the rules' fixpoint.
    base: Board<1>,
    /// Whether `base` is out of date: the node board changed since.
    stale: bool,
    /// The probe's board.
    edges: Board<1>,
    /// The rows propagation on the probe's board has yet to visit.
    due: Due,
    /// Where the second copy starts: `cols + 1`.
    stride: usize,
    /// Per word of a board of the puzzle: the bits on the board
    /// ([`Board::word_masks`]), for unpacking.
    masks: Vec<Row<1>>,
}

impl Pair {
    /// Forgets the puzzle: the next [`Pair::prepare`] looks at a new one.
    pub(super) fn forget(&mut self) {
        self.ready = false;
        self.frame = None;
    }

    /// Loads the packed clues of `p` once per puzzle, on boards of `W`
    /// words, if two copies fit on a one-word row (only for a puzzle that
    /// needs probing: most puzzles the rules finish).
    #[inline(always)]
    pub(super) fn prepare<const W: usize>(&mut self, p: &Puzzle) {
        if !self.ready {
            self.ready = true;
            let stride = p.cols() + 1;
            if W == 1 && 2 * stride <= Row::<1>::BITS {
                self.clues.load_packed(&[p, p]);
                self.frame = Some(Frame::packed(p.rows(), p.cols(), 2));
                self.stride = stride;
                Board::word_masks(&Frame::<1>::new(p.rows(), p.cols()), &mut self.masks);
            }
        }
    }

    /// Marks the node board as changed since the pair's base was made.
    #[inline(always)]
    pub(super) fn mark_stale(&mut self) {
        self.stale = true;
    }

    /// Deduces both values of edge `e` on the node board `base` side by
    /// side to the fixpoint of the rules, into `boards` (the line's and the
    /// cross's, marked as at that fixpoint, so that [`deduce`] goes on with
    /// loop reasoning). `Some(true)` if done; `Some(false)`, leaving them
    /// alone, if either value meets a contradiction (which one is not
    /// known: [`Pair::split`] then gives each its board as far as the
    /// rules went); `None` if the board is not narrow enough.
    pub(super) fn rules<const W: usize>(
        &mut self,
        base: &Board<W>,
        e: EdgeId,
        boards: [&mut Board<W>; 2],
    ) -> Option<bool> {
        let packed = self.frame?;
        let s = self.stride;
        if !base.stalled() {
            // (Never so when probing: deduce brings in the colour rules first.)
            return None;
        }
        if self.stale {
            self.stale = false;
            let pb = &mut self.base;
            // Settled: the node board is at the rules' fixpoint, so only
            // a probe is news.
            pb.set_twice_of(base, s, &self.masks);
            pb.set_stalled();
        }
        let pe = &mut self.edges;
        pe.copy_from(&self.base);
        pe.add_lines(e.plane, e.row, Row::single(e.col));
        pe.add_crosses(e.plane, e.row, Row::single(e.col + s));
        let mut ctx = Ctx::new(&packed, &self.clues, pe);
        ctx.colors = true;
        ctx.angles = true;
        if rules::propagate(&mut ctx, &mut self.due).is_err() {
            return Some(false);
        }
        self.unpack(base.stalled(), boards);
        Some(true)
    }

    /// After [`Pair::rules`] met a contradiction: puts each value's board
    /// as the rules left it (in mid-pass) into `boards`, for each to go on
    /// alone, with the rows where it differs from the node's board `base`
    /// (at the rules' fixpoint) due.
    pub(super) fn split<const W: usize>(&self, base: &Board<W>, boards: [&mut Board<W>; 2]) {
        let [line, cross] = boards;
        self.unpack(base.stalled(), [&mut *line, &mut *cross]);
        line.mark_changes_since(base);
        cross.mark_changes_since(base);
    }

    /// Puts each value's board of the packed probe board into `boards`,
    /// marked as at the rules' fixpoint (and as stalled if the node board
    /// is, `stalled`).
    fn unpack<const W: usize>(&self, stalled: bool, boards: [&mut Board<W>; 2]) {
        // Each copy to its board: it holds the node board's decisions (the
        // packed base had them twice) and the probe's. (Pairs are made
        // only on one-word rows: `W` is 1.)
        let [line, cross] = boards;
        for (board, shift) in [(line, 0), (cross, self.stride)] {
            // (Left settled: the rules reached their fixpoint on both.)
            board.set_lane_of(&self.edges, shift, &self.masks);
            if stalled {
                board.set_stalled();
            }
        }
    }

    /// Goes on with the boards [`Pair::rules`] left, as [`deduce`] would
    /// with each: loop reasoning on each board, and while both cross
    /// edges, the rules on both side by side again.
    pub(super) fn finish<const W: usize>(
        &mut self,
        node: &mut Node<'_, W>,
        o: &Options,
        stats: &mut Stats,
        boards: [&mut Board<W>; 2],
    ) -> [Result<(), Contradiction>; 2] {
        if !o.loop_reasoning {
            return [Ok(()), Ok(())];
        }
        let (frame, clues) = (node.frame, node.clues);
        let stalled = node.board.stalled();
        let [line, cross] = boards;
        let mut result = [None, None];
        loop {
            let mut pending = [false; 2];
            for (k, shift) in [(0, 0), (1, self.stride)] {
                if result[k].is_some() {
                    continue;
                }
                let board = if k == 0 { &mut *line } else { &mut *cross };
                let walker = &mut node.scratch.walker;
                match walker.apply_incremental(frame, clues, board) {
                    Err(c) => result[k] = Some(Err(c)),
                    Ok(LoopStep::Nothing) => result[k] = Some(Ok(())),
                    Ok(LoopStep::Closed) => {
                        // Every edge is decided now: one more sweep checks the clues.
                        let mut ctx = Ctx::new(frame, clues, board);
                        result[k] = Some(rules::pass(&mut ctx, &mut node.scratch.due));
                    }
                    Ok(LoopStep::Crossed(n)) => {
                        stats.loop_crosses += n as u64;
                        pending[k] = true;
                        for e in walker.crossed() {
                            self.edges
                                .add_crosses(e.plane, e.row, Row::single(e.col + shift));
                        }
                    }
                }
            }
            let packed = self.frame.expect("a packed frame");
            if pending == [true, true] {
                let mut ctx = Ctx::new(&packed, &self.clues, &mut self.edges);
                ctx.colors = true;
                ctx.angles = true;
                if rules::propagate(&mut ctx, &mut self.due).is_ok() {
                    self.unpack(stalled, [&mut *line, &mut *cross]);
                    continue;
                }
            }
            // One at a time from here: each board goes on where it is.
            for (k, open) in pending.into_iter().enumerate() {
                if open {
                    let board = if k == 0 { &mut *line } else { &mut *cross };
                    let sc = &mut *node.scratch;
                    result[k] = Some(deduce(
                        Given { frame, clues },
                        sc,
                        o,
                        stats,
                        board,
                        Mode::Probe,
                    ));
                }
            }
            break;
        }
        result.map(|r| r.expect("both values deduced"))
    }
}

//! Deduction and search on a board of `W`-word rows.
//!
//! A node of the search deduces to a fixpoint (rules, then loop
//! reasoning); if edges remain undecided it branches on one edge at a
//! path end: first as a line, one level down, then, back at the board as
//! it was, as a cross. One board is searched on; the levels above it keep
//! only the words their boards differ in ([`Trail`]), so memory grows with
//! what the search decides, not with its depth times the board. The
//! search is iterative, so a deep search cannot overflow the thread's
//! stack; each of its steps is a function of the `Walk` under way (the
//! node's depth, the dive, the outcome). Where a second solution is asked
//! for, a dive without probing comes first (`dive.rs`), and a search that
//! runs long restarts ([`Search::solve_from`]).

use crate::bits::Count;
use crate::bits::Row;
use crate::board::{Board, Clues, Frame, Trail};
use crate::grid::{EdgeId, Plane, Side, ARMS};

use crate::puzzle::Puzzle;
use crate::rules::decision::{Event, Reason};
use crate::rules::Contradiction;
use crate::solve::deduce::parity;
use crate::solve::deduce::{deduce, Mode, Scratch};
use crate::solve::deduce::{Given, Node};
use crate::solve::outcome::{Options, Outcome, Status};
use crate::solve::probe::Prober;
use dive::Resume;

mod dive;
mod record;
use record::{found_status, record};
mod walk;
use walk::{End, Order, Plan, Step, Walk, MIRRORS, RESTART_AFTER, RESTART_DIVE_NODES};

/// Scratch space for solving boards whose rows fit `W` words.
#[derive(Default)]
pub struct Search<const W: usize> {
    clues: Clues<W>,
    /// The board of the node under way.
    board: Board<W>,
    /// The boards of the levels above it, to come back to.
    trail: Trail<W>,
    /// Per level above the node: the edge whose other value is still to
    /// be tried there, if any.
    pending: Vec<Option<EdgeId>>,
    scratch: Scratch<W>,
    /// The root's board where a dive began, for the search after it.
    root: Board<W>,
    /// The order of the search under way.
    order: Order,
    /// Probing's boards and what its last round found.
    prober: Prober<W>,
    /// Per level above the node: the classes of equal and opposite edges
    /// as they were when the level branched (if kept), to go on from when
    /// the search comes back to its other value.
    parity: Vec<(bool, parity::Saved)>,
}

/// Levels below which a search keeps the classes of equal and opposite
/// edges at each branch (see [`Search::branch`]).
const PARITY_LEVELS: usize = 256;

impl<const W: usize> Search<W> {
    /// The board of the last node: where a solve without branching
    /// ([`Options::branch`]) stalled, what it decided.
    pub fn board(&self) -> &Board<W> {
        &self.board
    }

    /// Solves `p` into `out` from the board the last solve stalled on
    /// (without branching), of a puzzle whose clues `p` has, and more:
    /// what that board decided holds for `p` too, so the solve is sound,
    /// with every rule due again (the clue-only ones too). It may decide
    /// more than a solve from an empty board: deduction is not exactly
    /// monotone.
    pub fn solve_resumed(&mut self, p: &Puzzle, o: &Options, out: &mut Outcome) {
        let mut start = std::mem::take(&mut self.root);
        start.copy_from(&self.board);
        start.mark_all();
        start.unseed();
        self.solve_from(p, Some(&start), o, out);
        self.root = start;
    }

    /// Solves `p` into `out`.
    pub fn solve(&mut self, p: &Puzzle, o: &Options, out: &mut Outcome) {
        self.solve_from(p, None, o, out);
    }

    /// Solves `p` into `out`, from `start` if given: a board of `p` that
    /// holds only what the judge's rules deduce from its clues (as
    /// [`crate::solve::pack::Pack`] leaves it), so that the outcome is the same as
    /// from an empty board. Counting to two solutions, a search that has
    /// not answered after [`RESTART_AFTER`] nodes and probes restarts:
    /// dives in the other orders, then probing searches of the puzzle
    /// mirrored ([`Search::mirrored_searches`]).
    pub fn solve_from(
        &mut self,
        p: &Puzzle,
        start: Option<&Board<W>>,
        o: &Options,
        out: &mut Outcome,
    ) {
        let frame = Frame::<W>::new(p.rows(), p.cols());
        self.clues.load(p);
        self.scratch.parity.load(p);
        self.restart(p, start, Order::default(), out);
        let mut end = self.search(&frame, p, o, out, Plan::First);
        if matches!(end, End::Sliced) {
            // A long search: where solutions abound, one bad early branch
            // can hide them behind a subtree without any (heavy-tailed
            // searches); a dive in another order often meets them at once.
            for order in Order::RESTARTS {
                self.restart(p, start, order, out);
                let nodes = RESTART_DIVE_NODES;
                end = self.search(&frame, p, o, out, Plan::Dive { nodes });
                if !matches!(end, End::Sliced) {
                    break;
                }
            }
            if matches!(end, End::Sliced) {
                end = self.mirrored_searches(&frame, p, start, o, out);
            }
        }
        match end {
            End::Sliced => unreachable!("the last search has no slice"),
            End::GaveUp => out.finish(Status::GaveUp),
            End::Stalled(undecided) => out.finish_stalled(undecided),
            End::Done => {
                if out.found() > 0 {
                    // A reason is for a puzzle without solution only.
                    out.contradiction = None;
                }
                out.finish(found_status(out))
            }
        }
    }

    /// The probing search of `p` mirrored each way of [`MIRRORS`] in turn,
    /// each with twice the work of the one before (from twice
    /// [`RESTART_AFTER`]; the last without a limit), until one ends: a
    /// search proving a puzzle unique can be heavy-tailed too, a bad early
    /// branch costing it a hundred times the work of another order, and a
    /// mirrored puzzle is searched in another order (the candidates, the
    /// ties between branches). The solutions found are mirrored back.
    fn mirrored_searches(
        &mut self,
        frame: &Frame<W>,
        p: &Puzzle,
        start: Option<&Board<W>>,
        o: &Options,
        out: &mut Outcome,
    ) -> End {
        let mut slice = 2 * RESTART_AFTER;
        for (k, &(across, down)) in MIRRORS.iter().enumerate() {
            let last = k + 1 == MIRRORS.len();
            let limit = (!last && !o.trace).then_some(slice);
            let mirrored = (across || down) && !o.trace;
            let q = if mirrored {
                p.mirrored(across, down)
            } else {
                p.clone()
            };
            self.clues.load(&q);
            self.scratch.parity.load(&q);
            // (A start board is of `p` as it is.)
            self.restart(&q, start.filter(|_| !mirrored), Order::default(), out);
            let end = self.search(frame, &q, o, out, Plan::Probing { slice: limit });
            if mirrored {
                out.mirror_found(across, down);
            }
            if !matches!(end, End::Sliced) {
                if mirrored {
                    self.clues.load(p);
                    self.scratch.parity.load(p);
                }
                return end;
            }
            slice *= 2;
        }
        unreachable!("the last search has no slice")
    }

    /// Puts the root's board back as `start` (or empty) and forgets the
    /// solutions found and probing's state: a search in `order` starts
    /// anew.
    fn restart(&mut self, p: &Puzzle, start: Option<&Board<W>>, order: Order, out: &mut Outcome) {
        match start {
            Some(board) => self.board.copy_from(board),
            None => self.board.reset(p.rows()),
        }
        self.order = order;
        out.forget_found();
        self.prober.start();
        self.scratch.parity.forget();
    }

    /// Searches from the root's board as [`Search::restart`] left it, as
    /// `plan` says: one node after the other, depth first, iteratively (a
    /// deep search cannot overflow the thread's stack).
    // Inlined into its callers: called, it costs 1.7M more instructions
    // on real10.
    #[inline(always)]
    fn search(
        &mut self,
        frame: &Frame<W>,
        p: &Puzzle,
        o: &Options,
        out: &mut Outcome,
        plan: Plan,
    ) -> End {
        self.pending.clear();
        let mut walk = Walk::new(frame, p, o, out, plan);
        loop {
            let step = match self.node(&mut walk) {
                Step::Backtrack => self.backtrack(&mut walk),
                step => step,
            };
            if let Step::End(end) = step {
                return end;
            }
        }
    }

    /// The node at the walk's depth, on the board: counted, deduced and
    /// probed, then recorded if complete, or branched on.
    #[inline(always)]
    fn node(&mut self, walk: &mut Walk<'_, W>) -> Step {
        if walk.sliced(self.prober.pays_below_the_root()) {
            return Step::End(End::Sliced);
        }
        let stats = &mut walk.out.stats;
        stats.nodes += 1;
        stats.depth = stats.depth.max(walk.depth as u32);
        if walk.out.over_budget(walk.o) {
            return Step::End(End::GaveUp);
        }
        match self.deduce_node(walk) {
            Ok(false) => Step::End(End::GaveUp),
            Err(c) => self.failed(walk, c),
            Ok(true) => self.deduced(walk),
        }
    }

    /// Deduces the node's board, then probes it unless a dive runs (which
    /// may begin here, at the root); `Ok(false)` if the budget ran out.
    #[inline(always)]
    fn deduce_node(&mut self, walk: &mut Walk<'_, W>) -> Result<bool, Contradiction> {
        let (frame, o, depth) = (walk.frame, walk.o, walk.depth);
        let trace = o.trace.then_some((&mut walk.out.trace, depth as u32));
        // The classes of equal and opposite edges are those of a board
        // this one extends (the node above's, or this level's before its
        // first value was tried), or forgotten (see `branch`).
        let (clues, scratch, board) = (&self.clues, &mut self.scratch, &mut self.board);
        deduce(
            Given { frame, clues },
            scratch,
            o,
            &mut walk.out.stats,
            board,
            Mode::Node(trace),
        )?;
        if depth == 0 && walk.dive.begin_before_probing(frame, &self.board) {
            self.root.copy_from(&self.board);
        }
        if !o.search || !o.probe || walk.dive.running() {
            return Ok(true);
        }
        let node = Node {
            frame,
            clues: &self.clues,
            scratch: &mut self.scratch,
            board: &mut self.board,
            depth,
        };
        self.prober.probe(node, walk.p, o, walk.out)
    }

    /// The node met contradiction `c`: the search backtracks, unless the
    /// dive gives up here.
    fn failed(&mut self, walk: &mut Walk<'_, W>, c: Contradiction) -> Step {
        if walk.depth == 0 {
            walk.out.contradiction = Some(c);
        }
        match walk.dive.fail() {
            Some(resume) => self.resurface(resume, walk),
            None => Step::Backtrack,
        }
    }

    /// The node's board is deduced and probed without contradiction:
    /// complete, it is recorded if a solution; else the search branches
    /// on it, or with search off, ends stalled.
    #[inline(always)]
    fn deduced(&mut self, walk: &mut Walk<'_, W>) -> Step {
        let (frame, o) = (walk.frame, walk.o);
        if self.board.is_complete(frame) {
            let (h, v) = line_rows(frame, &self.board);
            record(walk.p, h, v, o, walk.out, walk.depth == 0);
            if walk.out.found() >= o.max_solutions {
                return Step::End(End::Done);
            }
            Step::Backtrack
        } else if !o.search || !o.branch {
            let decided = self.board.decided_count(frame) as usize;
            Step::End(End::Stalled(frame.edge_count() - decided))
        } else {
            if walk.depth == 0 && !walk.dive.running() {
                walk.out.stats.root_stalled = true;
            }
            if walk.depth == 0 && walk.dive.begin_at_branch() {
                self.root.copy_from(&self.board);
            }
            let e = self.choose(frame);
            self.branch(e, walk);
            Step::Node
        }
    }

    /// Goes back to the deepest level with a value left to try, its board
    /// as it was, and tries it; at the root, the search (or the dive) is
    /// over.
    fn backtrack(&mut self, walk: &mut Walk<'_, W>) -> Step {
        let Some(d) = self.pending[..walk.depth].iter().rposition(Option::is_some) else {
            // A dive that found no solution leaves the answer to the
            // probing search, whose reasons it gives.
            return match walk.dive.exhausted(walk.out.found()) {
                None => Step::End(End::Done),
                Some(resume) => self.resurface(resume, walk),
            };
        };
        let e = self.pending[d].take().expect("a pending branch");
        self.trail.restore(d, &mut self.board);
        match self.parity.get(d) {
            Some((true, saved)) => self.scratch.parity.restore(saved),
            _ => self.scratch.parity.forget(),
        }
        walk.depth = d;
        let line = self.order.cross_first;
        decide(&mut self.board, e, line);
        self.prober.focus_on(e);
        if walk.o.trace {
            let depth = d as u32;
            walk.out.trace.push(Event::Backtrack { depth });
            walk.out.trace.push(branch_event(e, line, d));
        }
        Step::Node
    }

    /// A dive is over without an answer: the search starts again from the
    /// root's board as the dive found it, at the `resume` point, with no
    /// solution or reason of the dive's kept; or, where the dive was a
    /// search of its own, it ends.
    fn resurface(&mut self, resume: Resume, walk: &mut Walk<'_, W>) -> Step {
        if resume == Resume::Stop {
            return Step::End(End::Sliced);
        }
        walk.out.forget_found();
        walk.out.stats.depth = 0;
        self.board.copy_from(&self.root);
        self.scratch.parity.forget();
        walk.depth = 0;
        if resume == Resume::Branch {
            let e = self.choose(walk.frame);
            self.branch(e, walk);
        }
        Step::Node
    }

    /// Branches on edge `e` at the walk's depth: the board is kept on the
    /// trail and goes one level down with `e` a line (a cross, if the order
    /// says so); the other value is left pending.
    fn branch(&mut self, e: EdgeId, walk: &mut Walk<'_, W>) {
        let depth = walk.depth;
        self.trail.push(depth, &self.board);
        // The classes go down with the board (the value below extends it)
        // and are kept for the other value, on boards small enough: they
        // were a sixth of the work of a search that made them anew at every
        // node (data set 60 of ../shared/corpus/human).
        if self.parity.len() <= depth {
            self.parity.resize_with(depth + 1, Default::default);
        }
        let keep = depth < PARITY_LEVELS && self.scratch.parity.worth_saving();
        self.parity[depth].0 = keep;
        if keep {
            self.scratch.parity.save(&mut self.parity[depth].1);
        }
        self.pending.truncate(depth);
        self.pending.push(Some(e));
        let line = !self.order.cross_first;
        decide(&mut self.board, e, line);
        self.prober.focus_on(e);
        walk.depth = depth + 1;
        if walk.o.trace {
            walk.out.trace.push(branch_event(e, line, depth + 1));
        }
    }

    /// The edge to branch on: an undecided edge at the end of a path, or
    /// failing that, an undecided side of the cell with the highest clue.
    fn choose(&self, frame: &Frame<W>) -> EdgeId {
        let edges = &self.board;
        if let Some(e) = self.prober.best() {
            if edges.undecided(frame, e.plane, e.row).has(e.col) {
                return e;
            }
        }
        for k in 0..=frame.rows {
            let i = if self.order.from_the_end {
                frame.rows - k
            } else {
                k
            };
            let arms = ARMS.map(|a| edges.read(frame, i, a));
            let ends = Count::of(arms.map(|e| e.line)).exactly(1) & frame.vertices;
            if let Some(j) = ends.first() {
                for (a, e) in ARMS.iter().zip(arms) {
                    if e.unknown().has(j) {
                        return a.of(i, j);
                    }
                }
            }
        }
        for n in [3, 2, 1] {
            for i in 0..frame.rows {
                let clue = self.clues.cells_with(n, i);
                for s in Side::ALL {
                    let open = clue & edges.read(frame, i, s.at()).unknown();
                    if let Some(j) = open.first() {
                        return s.at().of(i, j);
                    }
                }
            }
        }
        for p in [Plane::H, Plane::V] {
            for i in 0..frame.plane_rows(p) {
                let open = edges.undecided(frame, p, i);
                if let Some(j) = open.first() {
                    return EdgeId::new(p, i, j);
                }
            }
        }
        unreachable!("choose is called only with undecided edges")
    }
}

/// The rows of line edges of `edges`: the `H` rows, then the `V` rows.
fn line_rows<'e, const W: usize>(
    frame: &Frame<W>,
    edges: &'e Board<W>,
) -> (
    impl Iterator<Item = [u64; W]> + 'e,
    impl Iterator<Item = [u64; W]> + 'e,
) {
    let h = (0..=frame.rows).map(|i| edges.lines(Plane::H, i).0);
    let v = (0..frame.rows).map(|i| edges.lines(Plane::V, i).0);
    (h, v)
}

/// Makes edge `e` of `board` a line, or a cross.
fn decide<const W: usize>(board: &mut Board<W>, e: EdgeId, line: bool) {
    let m = Row::single(e.col);
    if line {
        board.add_lines(e.plane, e.row, m);
    } else {
        board.add_crosses(e.plane, e.row, m);
    }
}

/// The trace event of a search branch on edge `e`.
fn branch_event(e: EdgeId, line: bool, depth: usize) -> Event {
    Event::Decided {
        reason: Reason::Branch,
        at: (e.row, e.col),
        edge: e,
        line,
        depth: depth as u32,
    }
}

#[cfg(test)]
mod tests;

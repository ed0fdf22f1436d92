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
use crate::board::{Clues, Edges, Frame, Trail};
use crate::grid::{EdgeId, Plane, Side, ARMS};
use crate::puzzle::solution::Solution;
use crate::puzzle::verify::{verify, Invalid};
use crate::puzzle::Puzzle;
use crate::rules::decision::{Event, Reason};
use crate::rules::Contradiction;
use crate::solve::deduce::{deduce, Mode, Scratch};
use crate::solve::dive::{Dive, Resume};
use crate::solve::outcome::{Options, Outcome, Status};
use crate::solve::parity;
use crate::solve::probe::{Node, Prober};

/// Scratch space for solving boards whose rows fit `W` words.
#[derive(Default)]
pub struct Search<const W: usize> {
    clues: Clues<W>,
    /// The board of the node under way.
    board: Edges<W>,
    /// The boards of the levels above it, to come back to.
    trail: Trail<W>,
    /// Per level above the node: the edge whose other value is still to
    /// be tried there, if any.
    pending: Vec<Option<EdgeId>>,
    scratch: Scratch<W>,
    /// The root's board where a dive began, for the search after it.
    root: Edges<W>,
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

/// How a search ended.
enum End {
    Done,
    GaveUp,
    Stalled(usize),
    /// Its slice of work ran out (see [`Plan`]).
    Sliced,
}

/// What one call of [`Search::search`] does.
#[derive(Clone, Copy, Debug)]
enum Plan {
    /// The dive, then the probing search, which ends [`End::Sliced`] once
    /// the puzzle's work (nodes and probes) passes [`RESTART_AFTER`] if
    /// there was a dive to make.
    First,
    /// A dive alone, from the unprobed root, of at most this many nodes.
    Dive { nodes: u64 },
    /// The probing search alone, ending [`End::Sliced`] once it has made
    /// this much work (nodes and probes), if given.
    Probing { slice: Option<u64> },
}

/// The order a search tries things in: which path end it branches on
/// first, and which value of the edge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Order {
    /// Path ends from the last row up (else from the first row down).
    from_the_end: bool,
    /// The cross first (else the line).
    cross_first: bool,
}

impl Order {
    /// The orders of the restarts' dives.
    const RESTARTS: [Order; 3] = [
        Order {
            from_the_end: false,
            cross_first: true,
        },
        Order {
            from_the_end: true,
            cross_first: false,
        },
        Order {
            from_the_end: true,
            cross_first: true,
        },
    ];
}

/// Work (nodes and probes) after which a search that counts to two
/// solutions stops to restart (three times that where its probes below the
/// root pay): dives in other orders, then probing searches of the puzzle
/// mirrored (see [`Search::solve_from`]).
const RESTART_AFTER: u64 = 20_000;

/// Nodes of each restart's dive.
const RESTART_DIVE_NODES: u64 = 500;

/// The probing searches after the restarts' dives: the puzzle mirrored
/// (left to right, top to bottom), each search with twice the work of the
/// one before, the last without a limit (see [`Search::solve_from`]).
const MIRRORS: [(bool, bool); 4] = [(true, false), (false, true), (true, true), (false, false)];

/// One search under way (a call of [`Search::search`]): what travels with
/// it from node to node.
struct Walk<'w, const W: usize> {
    frame: &'w Frame<W>,
    p: &'w Puzzle,
    o: &'w Options,
    out: &'w mut Outcome,
    /// The dive, before the probing search (or as the whole search).
    dive: Dive,
    /// The depth of the node under way.
    depth: usize,
    /// The nodes counted before this search's first.
    first_node: u64,
    /// The most nodes this search makes (a restart's dive).
    max_nodes: u64,
    /// The work (nodes and probes) counted before this search's first
    /// node, and the work after which a search whose dive is over stops to
    /// restart, if it does.
    slice: Option<(u64, u64)>,
}

/// How many times its slice a search whose probes below the root pay
/// ([`Prober::pays_below_the_root`]) makes before it restarts: refuting its
/// way through a unique puzzle, it is seldom lost. Data set 60 of
/// ../shared/corpus/human takes about 45,000 nodes and probes in every
/// order: 329M instructions without a restart, 1,197M with the mirrored
/// ones after 20,000. (Its probes teach one in 40 to 60; those of a 12x10
/// with several solutions stuck behind a bad branch, one in 61, too close
/// to tell them apart: that one now restarts after 60,000, not 20,000.)
const PAYING_SLICES: u64 = 3;

impl<'w, const W: usize> Walk<'w, W> {
    /// The walk of a search of `p` (on a board of `frame`) as `plan` says,
    /// from the root, its work counted into `out`.
    fn new(
        frame: &'w Frame<W>,
        p: &'w Puzzle,
        o: &'w Options,
        out: &'w mut Outcome,
        plan: Plan,
    ) -> Self {
        let (dive, max_nodes) = match plan {
            Plan::First => (Dive::new(o), u64::MAX),
            Plan::Dive { nodes } => (Dive::alone(), nodes),
            Plan::Probing { .. } => (Dive::over(), u64::MAX),
        };
        // Where a dive may run (so a second solution is asked for), a long
        // search stops to restart.
        let work = out.stats.nodes + out.stats.probes;
        let slice = match plan {
            Plan::First => dive.may_run().then_some((0, RESTART_AFTER)),
            Plan::Probing { slice } => slice.map(|s| (work, s)),
            Plan::Dive { .. } => None,
        };
        let first_node = out.stats.nodes;
        Walk {
            frame,
            p,
            o,
            out,
            dive,
            depth: 0,
            first_node,
            max_nodes,
            slice,
        }
    }

    /// Whether the search's slice of work has run out before the next
    /// node (`PAYING_SLICES` slices if its probes below the root pay).
    #[inline(always)]
    fn sliced(&self, paying: bool) -> bool {
        let stats = &self.out.stats;
        let times = if paying { PAYING_SLICES } else { 1 };
        stats.nodes - self.first_node >= self.max_nodes
            || self.slice.is_some_and(|(from, s)| {
                !self.dive.running() && stats.nodes + stats.probes > from + s * times
            })
    }
}

/// Where a search goes after a step.
enum Step {
    /// To the node at the walk's depth.
    Node,
    /// Back to the deepest branch with a value left to try.
    Backtrack,
    /// Nowhere: it ends.
    End(End),
}

impl<const W: usize> Search<W> {
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
        start: Option<&Edges<W>>,
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
    /// (Of the 8 rotations and reflections of one 20x20 made by `slink gen
    /// --blanks 0.75`, the search finished 3 within 3,200 nodes and probes
    /// and gave 5 up at 200,000.)
    fn mirrored_searches(
        &mut self,
        frame: &Frame<W>,
        p: &Puzzle,
        start: Option<&Edges<W>>,
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
    fn restart(&mut self, p: &Puzzle, start: Option<&Edges<W>>, order: Order, out: &mut Outcome) {
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
    // Inlined into its callers, as it was before `solve_from` lost its
    // fast path: called, it cost 1.7M more instructions on real10.
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
            frame,
            clues,
            scratch,
            o,
            &mut walk.out.stats,
            board,
            Mode::Node(trace),
        )?;
        if depth == 0 && walk.dive.begin_before_probing(frame, &self.board) {
            self.root.copy_from(&self.board);
        }
        if !o.search || walk.dive.running() {
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
        } else if !o.search {
            let decided = self.board.decided_count(frame) as usize;
            Step::End(End::Stalled(frame.edge_count() - decided))
        } else {
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

/// Solves `p` from a board the judge's rules finished at their fixpoint
/// (every edge decided), as a [`crate::solve::pack::Pack`] leaves it, given by
/// its rows of line edges: `h` (the `rows + 1` rows of `H` edges) and `v`
/// (the `rows` rows of `V` edges). The search would take one node, where
/// the rules find nothing to do (no pass) and loop reasoning leaves the
/// complete board to the solution check (`verify`, in `record`); so
/// only that check is done, and the outcome is the search's. Not for
/// traces or rule counts (`o.trace`, `o.count_rules`), which see every step.
pub fn solve_finished<const V: usize>(
    p: &Puzzle,
    h: impl IntoIterator<Item = [u64; V]>,
    v: impl IntoIterator<Item = [u64; V]>,
    o: &Options,
    out: &mut Outcome,
) {
    assert!(
        !o.trace && !o.count_rules,
        "a finished board skips every step"
    );
    out.stats.nodes += 1;
    record(p, h, v, o, out, true);
    out.finish(found_status(out));
}

/// The rows of line edges of `edges`: the `H` rows, then the `V` rows.
fn line_rows<'e, const W: usize>(
    frame: &Frame<W>,
    edges: &'e Edges<W>,
) -> (
    impl Iterator<Item = [u64; W]> + 'e,
    impl Iterator<Item = [u64; W]> + 'e,
) {
    let h = (0..=frame.rows).map(|i| edges.lines(Plane::H, i).0);
    let v = (0..frame.rows).map(|i| edges.lines(Plane::V, i).0);
    (h, v)
}

/// Stores the fully decided board of `p` whose line edges are the rows
/// `h` and `v` (as [`Solution::set_rows`] takes them) as a solution if it
/// is one; `root` if it is the search's root board.
///
/// A board that deduction let through and is not a solution is a leaf
/// without one only if its lines make several loops, or none: deduction
/// leaves the loops of a complete node board to this check (unless it
/// traces, when loop reasoning sees it too; and with loop reasoning off),
/// and no rule asks for a line at all (the board of a puzzle of 0s is
/// crosses alone). Any other reason (a clue not met, a vertex with one,
/// three or four lines) is one the rules should have found: a bug in the
/// reasoning, which [`alarm`] makes loud.
fn record<const V: usize>(
    p: &Puzzle,
    h: impl IntoIterator<Item = [u64; V]>,
    v: impl IntoIterator<Item = [u64; V]>,
    o: &Options,
    out: &mut Outcome,
    root: bool,
) {
    let s: &mut Solution = out.push_solution();
    s.set_rows(p.rows(), p.cols(), h, v);
    let Err(e) = verify(p, s) else {
        if o.trace {
            out.trace.push(Event::Solution);
        }
        return;
    };
    out.pop_solution();
    match e {
        Invalid::SeveralLoops if !o.trace || !o.loop_reasoning => {
            // What loop reasoning would have said of the root's board.
            if root {
                out.contradiction = Some(Contradiction::PrematureLoop);
            }
        }
        Invalid::NoLoop => {}
        e => alarm(out, e, cfg!(debug_assertions)),
    }
}

/// A complete board that deduction let through failed the independent
/// check, for a reason deduction should have seen (`why`): with `panic`
/// (builds with debug assertions, as the tests'), a panic; else it is
/// counted in the outcome ([`Outcome::check_failed`]), for batch and judge
/// mode to report, and the branch fails as if deduction had refuted it.
fn alarm(out: &mut Outcome, why: Invalid, panic: bool) {
    if panic {
        panic!(
            "internal error: a board the deduction finished failed the independent check ({why})"
        );
    }
    out.check_failed(why);
}

/// The status of a search that ran to its end, by the solutions found.
fn found_status(out: &Outcome) -> Status {
    match out.found() {
        0 => Status::NoSolution,
        1 => Status::Solved,
        _ => Status::Multiple,
    }
}

/// Makes edge `e` of `board` a line, or a cross.
fn decide<const W: usize>(board: &mut Edges<W>, e: EdgeId, line: bool) {
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
mod tests {
    use super::{alarm, record};
    use crate::puzzle::region::random_test_puzzle;
    use crate::puzzle::verify::Invalid;
    use crate::puzzle::Puzzle;
    use crate::rules::Contradiction;
    use crate::solve::outcome::{Options, Outcome};
    use crate::solve::solver::Solver;

    /// The outcome of `record` given the complete board of the puzzle
    /// `rows` (see [`Puzzle::from_rows`]) with lines `h` and `v` (a word
    /// a row), as the search's root with options `o`.
    fn recorded(rows: &str, h: &[u64], v: &[u64], o: &Options) -> Outcome {
        let p = Puzzle::from_rows(rows).unwrap();
        let mut out = Outcome::default();
        record(
            &p,
            h.iter().map(|&w| [w]),
            v.iter().map(|&w| [w]),
            o,
            &mut out,
            true,
        );
        out
    }

    /// Several loops and no loop at all are boards deduction leaves to the
    /// check: failed leaves, silently (several loops at the root give loop
    /// reasoning's reason).
    #[test]
    fn several_loops_and_no_loop_are_silent_failures() {
        let o = Options::default();
        // Two 1x1 loops around the end cells of a 1x3 board.
        let two = recorded("...", &[0b101, 0b101], &[0b1111], &o);
        assert_eq!(two.found(), 0);
        assert_eq!(two.contradiction, Some(Contradiction::PrematureLoop));
        // A 0 with every side crossed.
        let none = recorded("0", &[0, 0], &[0], &o);
        assert_eq!((none.found(), none.contradiction), (0, None));
        for out in [two, none] {
            assert_eq!(out.stats.check_failures, 0);
            assert_eq!(out.check_failure(), None);
        }
    }

    /// A board that breaks a clue or a vertex is one deduction should have
    /// refuted: with debug assertions (the tests' builds) `record` panics,
    /// naming what is wrong; without, the outcome counts it.
    #[test]
    fn a_board_the_rules_should_have_refuted_is_an_alarm() {
        let o = Options::default();
        // A 3 with four lines; a blank with a line that ends.
        let boards: [(&str, &[u64], &[u64], &str); 2] = [
            ("3", &[1, 1], &[0b11], "cell (0, 0) has clue 3 but 4 lines"),
            ("..", &[1, 0], &[0], "vertex (0, 0) has 1 lines"),
        ];
        for (rows, h, v, why) in boards {
            let run = std::panic::catch_unwind(|| recorded(rows, h, v, &o));
            if cfg!(debug_assertions) {
                let panic = run.expect_err("a panic");
                let message = panic.downcast_ref::<String>().expect("a message");
                let expected = format!("failed the independent check ({why})");
                assert!(message.contains(&expected), "{message}");
            } else {
                let out = run.expect("no panic");
                assert_eq!(out.found(), 0);
                assert_eq!(out.stats.check_failures, 1);
                assert_eq!(
                    out.check_failure().map(Invalid::to_string).as_deref(),
                    Some(why)
                );
            }
        }
        // Where nothing panics: counted, the first reason kept.
        let mut out = Outcome::default();
        alarm(&mut out, Invalid::SeveralLoops, false);
        alarm(&mut out, Invalid::NoLoop, false);
        assert_eq!(out.stats.check_failures, 2);
        assert_eq!(out.check_failure(), Some(&Invalid::SeveralLoops));
    }

    /// With a trace, loop reasoning sees every complete node board: several
    /// loops there are an alarm too.
    #[test]
    fn several_loops_under_a_trace_are_an_alarm() {
        let o = Options {
            trace: true,
            ..Options::default()
        };
        let run = std::panic::catch_unwind(|| recorded("...", &[0b101, 0b101], &[0b1111], &o));
        assert_eq!(run.is_err(), cfg!(debug_assertions));
        if let Ok(out) = run {
            assert_eq!(out.stats.check_failures, 1);
        }
    }

    /// Skipping dominated probes and deducing probe pairs side by side (on
    /// by default, off when counting rules) change nothing the search
    /// sees: same status, solutions, nodes and probes.
    #[test]
    fn probing_shortcuts_change_no_outcome() {
        // A small budget keeps the open boards short (and compares giving up).
        let o = Options {
            node_budget: 3000,
            ..Options::default()
        };
        let mut fast = Solver::new(o);
        let mut plain = Solver::new(Options {
            count_rules: true,
            ..o
        });
        let mut seed = 5;
        let mut probed = 0;
        for case in 0..200 {
            let (rows, cols) = match case % 4 {
                0 => (4 + case % 7, 4 + case % 9),
                1 => (5 + case % 4, 12 + case % 20),
                2 => (4 + case % 3, 33 + case % 8),
                _ => (3 + case % 2, 64 + case % 4),
            };
            let p = random_test_puzzle(rows, cols, 4 + (case % 4) as u64, &mut seed);
            let a = fast.solve(&p).clone();
            let b = plain.solve(&p);
            assert_eq!(a.status(), b.status(), "case {case}");
            assert_eq!(a.solutions(), b.solutions(), "case {case}");
            assert_eq!(a.contradiction, b.contradiction, "case {case}");
            assert_eq!(
                (a.stats.nodes, a.stats.probes),
                (b.stats.nodes, b.stats.probes),
                "case {case}"
            );
            probed += usize::from(a.stats.probes > 0);
        }
        assert!(probed > 50, "only {probed} puzzles probed");
    }
}

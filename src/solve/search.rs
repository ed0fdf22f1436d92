//! Deduction and search on a board of `W`-word rows.
//!
//! A node of the search deduces to a fixpoint (rules, then loop
//! reasoning); if edges remain undecided it branches on one edge at a
//! path end: first as a line (on a copy of the board one level down the
//! stack), then as a cross (in place). The search is iterative, so a deep
//! search cannot overflow the thread's stack. Where a second solution is
//! asked for, a dive without probing comes first (`dive.rs`), and a search that
//! runs long restarts ([`Search::solve_from`]).

use crate::bits::Count;
use crate::bits::Row;
use crate::board::{Clues, Edges, Frame};
use crate::grid::{EdgeId, Plane, Side, ARMS};
use crate::puzzle::solution::Solution;
use crate::puzzle::verify::{verify, Invalid};
use crate::puzzle::Puzzle;
use crate::rules::decision::{Event, Reason};
use crate::rules::Contradiction;
use crate::solve::deduce::{deduce, Mode, Scratch};
use crate::solve::dive::{Dive, Resume};
use crate::solve::outcome::{Options, Outcome, Status};
use crate::solve::probe::{Node, Prober};

/// Scratch space for solving boards whose rows fit `W` words.
#[derive(Default)]
pub struct Search<const W: usize> {
    clues: Clues<W>,
    stack: Vec<Edges<W>>,
    pending: Vec<Option<EdgeId>>,
    scratch: Scratch<W>,
    /// The root's board where a dive began, for the search after it.
    root: Edges<W>,
    /// The order of the search under way.
    order: Order,
    /// Probing's boards and what its last round found.
    prober: Prober<W>,
}

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
    /// The probing search alone.
    Probing,
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
/// solutions stops to restart: dives in other orders, then the probing
/// search anew (see [`Search::solve_from`]).
const RESTART_AFTER: u64 = 20_000;

/// Nodes of each restart's dive.
const RESTART_DIVE_NODES: u64 = 500;

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
    /// dives in the other orders, then the probing search anew.
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
        if self.stack.is_empty() {
            self.stack.push(Edges::default());
        }
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
                self.restart(p, start, Order::default(), out);
                end = self.search(&frame, p, o, out, Plan::Probing);
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

    /// Puts the root's board back as `start` (or empty) and forgets the
    /// solutions found and probing's state: a search in `order` starts
    /// anew.
    fn restart(&mut self, p: &Puzzle, start: Option<&Edges<W>>, order: Order, out: &mut Outcome) {
        match start {
            Some(board) => self.stack[0].copy_from(board),
            None => self.stack[0].reset(p.rows()),
        }
        self.order = order;
        out.forget_found();
        self.prober.start();
    }

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
        let mut depth = 0;
        self.pending.clear();
        let (mut dive, dive_nodes) = match plan {
            Plan::First => (Dive::new(o), u64::MAX),
            Plan::Dive { nodes } => (Dive::alone(), nodes),
            Plan::Probing => (Dive::over(), u64::MAX),
        };
        // Where a dive may run (so a second solution is asked for), a long
        // search stops to restart.
        let slice = (matches!(plan, Plan::First) && dive.may_run()).then_some(RESTART_AFTER);
        let first_node = out.stats.nodes;
        'node: loop {
            if out.stats.nodes - first_node >= dive_nodes
                || slice.is_some_and(|s| !dive.running() && out.stats.nodes + out.stats.probes > s)
            {
                return End::Sliced;
            }
            out.stats.nodes += 1;
            out.stats.depth = out.stats.depth.max(depth as u32);
            if out.over_budget(o) {
                return End::GaveUp;
            }
            let trace = o.trace.then_some((&mut out.trace, depth as u32));
            // Another board than the last node's: its classes start anew.
            self.scratch.parity.forget();
            let deduced = deduce(
                frame,
                &self.clues,
                &mut self.scratch,
                o,
                &mut out.stats,
                &mut self.stack[depth],
                Mode::Node(trace),
            )
            .and_then(|()| {
                if depth == 0 && dive.begin_before_probing(frame, &self.stack[0]) {
                    self.root.copy_from(&self.stack[0]);
                }
                if o.search && !dive.running() {
                    let node = Node {
                        frame,
                        clues: &self.clues,
                        scratch: &mut self.scratch,
                        board: &mut self.stack[depth],
                        depth,
                    };
                    self.prober.probe(node, p, o, out)
                } else {
                    Ok(true)
                }
            });
            match deduced {
                Ok(false) => return End::GaveUp,
                Err(c) => {
                    if depth == 0 {
                        out.contradiction = Some(c);
                    }
                    if let Some(resume) = dive.fail() {
                        match self.resurface(resume, frame, o, out) {
                            Some(d) => depth = d,
                            None => return End::Sliced,
                        }
                        continue 'node;
                    }
                }
                Ok(true) => {
                    if self.stack[depth].is_complete(frame) {
                        let (h, v) = line_rows(frame, &self.stack[depth]);
                        record(p, h, v, o, out, depth == 0);
                        if out.found() >= o.max_solutions {
                            return End::Done;
                        }
                    } else if !o.search {
                        let decided = self.stack[depth].decided_count(frame) as usize;
                        return End::Stalled(frame.edge_count() - decided);
                    } else {
                        if depth == 0 && dive.begin_at_branch() {
                            self.root.copy_from(&self.stack[0]);
                        }
                        let e = self.choose(frame, depth);
                        self.branch(e, depth, o, out);
                        depth += 1;
                        continue 'node;
                    }
                }
            }
            // Backtrack: the deepest pending line branch is done; try its cross.
            loop {
                if depth == 0 {
                    // A dive that found no solution leaves the answer to
                    // the probing search, whose reasons it gives.
                    match dive.exhausted(out.found()) {
                        None => return End::Done,
                        Some(resume) => match self.resurface(resume, frame, o, out) {
                            Some(d) => depth = d,
                            None => return End::Sliced,
                        },
                    }
                    continue 'node;
                }
                depth -= 1;
                if let Some(e) = self.pending[depth].take() {
                    let line = self.order.cross_first;
                    decide(&mut self.stack[depth], e, line);
                    self.prober.focus_on(e);
                    if o.trace {
                        out.trace.push(Event::Backtrack {
                            depth: depth as u32,
                        });
                        out.trace.push(branch_event(e, line, depth));
                    }
                    continue 'node;
                }
            }
        }
    }

    /// A dive is over without an answer: the search starts again from the
    /// root's board as the dive found it, at the `resume` point, with no
    /// solution or reason of the dive's kept. The depth to go on at, or
    /// `None` where the dive was a search of its own.
    fn resurface(
        &mut self,
        resume: Resume,
        frame: &Frame<W>,
        o: &Options,
        out: &mut Outcome,
    ) -> Option<usize> {
        if resume == Resume::Stop {
            return None;
        }
        out.forget_found();
        out.stats.depth = 0;
        self.stack[0].copy_from(&self.root);
        if resume == Resume::Branch {
            let e = self.choose(frame, 0);
            self.branch(e, 0, o, out);
            return Some(1);
        }
        Some(0)
    }

    /// Branches on edge `e` at `depth`: a copy of the board one level down
    /// with `e` a line (a cross, if the order says so); the other value is
    /// left pending.
    fn branch(&mut self, e: EdgeId, depth: usize, o: &Options, out: &mut Outcome) {
        if self.stack.len() <= depth + 1 {
            self.stack.push(Edges::default());
        }
        self.pending.truncate(depth);
        self.pending.push(Some(e));
        let (below, above) = self.stack.split_at_mut(depth + 1);
        above[0].copy_from(&below[depth]);
        let line = !self.order.cross_first;
        decide(&mut above[0], e, line);
        self.prober.focus_on(e);
        if o.trace {
            out.trace.push(branch_event(e, line, depth + 1));
        }
    }

    /// The edge to branch on: an undecided edge at the end of a path, or
    /// failing that, an undecided side of the cell with the highest clue.
    fn choose(&self, frame: &Frame<W>, depth: usize) -> EdgeId {
        let edges = &self.stack[depth];
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
    if let Err(e) = verify(p, s) {
        out.pop_solution();
        // What loop reasoning would have said of the root's board.
        if root && matches!(e, Invalid::SeveralLoops) {
            out.contradiction = Some(Contradiction::PrematureLoop);
        }
    } else if o.trace {
        out.trace.push(Event::Solution);
    }
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
    use crate::puzzle::region::random_test_puzzle;
    use crate::solve::outcome::Options;
    use crate::solve::solver::Solver;

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

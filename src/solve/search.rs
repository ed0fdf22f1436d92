//! Deduction and search on a board of `W`-word rows.
//!
//! A node of the search deduces to a fixpoint (rules, then loop
//! reasoning); if edges remain undecided it branches on one edge at a
//! path end: first as a line (on a copy of the board one level down the
//! stack), then as a cross (in place). The search is iterative, so a deep
//! search cannot overflow the thread's stack.

use crate::bits::Count;
use crate::bits::Row;
use crate::board::{Clues, Edges, Frame, Part};
use crate::grid::Plane;
use crate::grid::{Side, ARMS};
use crate::puzzle::solution::Solution;
use crate::puzzle::verify::{verify, Invalid};
use crate::puzzle::Puzzle;
use crate::rules::decision::{EdgeRef, Event, Reason};
use crate::rules::{self, Contradiction, Ctx};
use crate::solve::deduce::{deduce, log_changes, Mode, Scratch};
use crate::solve::loops::LoopStep;
use crate::solve::outcome::{Options, Outcome, Stats, Status};

/// Probes in a row that decide nothing before a probing round ends.
const PROBE_STREAK: usize = 100;

/// An edge: plane, row, column.
type EdgeId = (Plane, usize, usize);

/// Scratch space for solving boards whose rows fit `W` words.
#[derive(Default)]
pub struct Engine<const W: usize> {
    clues: Clues<W>,
    stack: Vec<Edges<W>>,
    pending: Vec<Option<EdgeId>>,
    scratch: Scratch<W>,
    probe_line: Edges<W>,
    probe_cross: Edges<W>,
    candidates: Vec<EdgeId>,
    /// A copy of the board before probing changed it, when tracing.
    before_probe: Edges<W>,
    /// The best branching edge the last probing round found, and its score.
    best: Option<(EdgeId, u32)>,
    /// Per plane row (`H` rows, then `V` rows): the edges whose probe is
    /// known to teach nothing on the current board (see [`Engine::probe`]).
    dominated: Vec<Row<W>>,
    /// The two values of a probe deduced side by side, on narrow boards.
    pair: Pair,
}

/// A board of two copies of the puzzle side by side on one-word rows
/// ([`Frame::packed`]), for deducing both values of a probe at once: the
/// rules look only at nearby cells and read the other copy as off the
/// grid, so one propagation reaches each value's fixpoint of the rules, for
/// about the price of one. Loop reasoning, which looks at the whole board,
/// then runs on each value's own board.
#[derive(Default)]
struct Pair {
    /// The packed frame, once the clues of the current puzzle are loaded.
    frame: Option<Frame<1>>,
    /// Whether the current puzzle was looked at (`frame` is then set if it
    /// is narrow enough).
    ready: bool,
    clues: Clues<1>,
    /// The node board twice, at the rules' fixpoint.
    base: Edges<1>,
    /// Whether `base` is out of date: the node board changed since.
    stale: bool,
    /// The probe's board.
    edges: Edges<1>,
    /// Where the second copy starts: `cols + 1`.
    stride: usize,
}

/// How a search ended.
enum End {
    Done,
    GaveUp,
    Stalled(usize),
}

impl<const W: usize> Engine<W> {
    /// Solves `p` into `out`.
    pub fn solve(&mut self, p: &Puzzle, o: &Options, out: &mut Outcome) {
        self.solve_from(p, None, o, out);
    }

    /// Solves `p` into `out`, from `start` if given: a board of `p` that
    /// holds only what the judge's rules deduce from its clues (as
    /// [`crate::solve::pack::Pack`] leaves it), so that the outcome is the same as
    /// from an empty board.
    pub fn solve_from(
        &mut self,
        p: &Puzzle,
        start: Option<&Edges<W>>,
        o: &Options,
        out: &mut Outcome,
    ) {
        let frame = Frame::<W>::new(p.rows(), p.cols());
        self.clues.load(p);
        self.pair.ready = false;
        self.pair.frame = None;
        if self.stack.is_empty() {
            self.stack.push(Edges::default());
        }
        match start {
            Some(board) => self.stack[0].copy_from(board),
            None => self.stack[0].reset(p.rows()),
        }
        let status = match self.search(&frame, p, o, out) {
            End::GaveUp => Status::GaveUp,
            End::Stalled(undecided) => Status::Stalled { undecided },
            End::Done => found_status(out),
        };
        out.finish(status);
    }

    // Inlined into its one caller, as it was before `solve_from` lost its
    // fast path: called, it cost 1.7M more instructions on real10.
    #[inline(always)]
    fn search(&mut self, frame: &Frame<W>, p: &Puzzle, o: &Options, out: &mut Outcome) -> End {
        let mut depth = 0;
        self.pending.clear();
        'node: loop {
            out.stats.nodes += 1;
            out.stats.depth = out.stats.depth.max(depth as u32);
            if over_budget(out, o) {
                return End::GaveUp;
            }
            let trace = o.trace.then_some((&mut out.trace, depth as u32));
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
                if o.search {
                    self.probe(frame, p, o, out, depth)
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
                        let e = self.choose(frame, depth);
                        if self.stack.len() <= depth + 1 {
                            self.stack.push(Edges::default());
                        }
                        self.pending.truncate(depth);
                        self.pending.push(Some(e));
                        let (below, above) = self.stack.split_at_mut(depth + 1);
                        above[0].copy_from(&below[depth]);
                        above[0].add_lines(e.0, e.1, Row::single(e.2));
                        depth += 1;
                        if o.trace {
                            out.trace.push(branch_event(e, true, depth));
                        }
                        continue 'node;
                    }
                }
            }
            // Backtrack: the deepest pending line branch is done; try its cross.
            loop {
                if depth == 0 {
                    return End::Done;
                }
                depth -= 1;
                if let Some((pl, i, j)) = self.pending[depth].take() {
                    self.stack[depth].add_crosses(pl, i, Row::single(j));
                    if o.trace {
                        out.trace.push(Event::Backtrack {
                            depth: depth as u32,
                        });
                        out.trace.push(branch_event((pl, i, j), false, depth));
                    }
                    continue 'node;
                }
            }
        }
    }

    /// Failed-literal probing on board `depth`: each undecided edge is
    /// tried both ways (until [`PROBE_STREAK`] probes in a row decide
    /// nothing); a value that leads to a contradiction is
    /// ruled out, and what both values lead to is adopted. Repeats until a
    /// round adds nothing. `Ok(false)` if the work budget ran out.
    ///
    /// A probe of edge `x` whose two values both stand and share nothing new
    /// tells what probing other edges would find: an edge `f` that is a line
    /// on one of `x`'s boards and a cross on the other is *dominated*. Each
    /// value of `f` deduces a subset of one of `x`'s boards (deduction is
    /// monotone), so both values of `f` stand, share nothing new, and score
    /// no more than `x` did: probing `f` would change nothing but the count
    /// of probes, which is kept. Valid until the board changes.
    fn probe(
        &mut self,
        frame: &Frame<W>,
        p: &Puzzle,
        o: &Options,
        out: &mut Outcome,
        depth: usize,
    ) -> Result<bool, Contradiction> {
        // Per-rule counts and traces see every probe's deductions.
        let skip_dominated = !o.count_rules && !o.trace;
        let h_rows = frame.plane_rows(Plane::H);
        let row_index = move |p: Plane, i: usize| match p {
            Plane::H => i,
            Plane::V => h_rows + i,
        };
        loop {
            if self.stack[depth].is_complete(frame) {
                // A finished board: nothing to probe.
                self.best = None;
                return Ok(true);
            }
            self.frontier(frame, depth);
            // The packed clues for probe pairs, made once per puzzle, and only
            // for one that needs probing (most puzzles the rules finish).
            if skip_dominated && !self.pair.ready {
                self.pair.ready = true;
                let stride = p.cols() + 1;
                if W == 1 && 2 * stride <= Row::<1>::BITS {
                    self.pair.clues.load_packed(&[p, p]);
                    self.pair.frame = Some(Frame::packed(p.rows(), p.cols(), 2));
                    self.pair.stride = stride;
                }
            }
            self.best = None;
            self.dominated.clear();
            self.dominated.resize(h_rows + frame.rows, Row::EMPTY);
            self.pair.stale = true;
            let base = self.stack[depth].decided_count(frame);
            let mut progress = false;
            // A round ends after a run of probes that taught nothing: on open
            // boards (many blanks) probing everything at every node would
            // spend the budget without deciding anything.
            let mut streak = 0;
            for k in 0..self.candidates.len() {
                if streak >= PROBE_STREAK {
                    break;
                }
                streak += 1;
                let (pl, i, j) = self.candidates[k];
                let board = &mut self.stack[depth];
                if !board.undecided(frame, pl, i).has(j) {
                    continue;
                }
                // A probe pair is counted only if it fits in the budget.
                out.stats.probes += 2;
                if over_budget(out, o) {
                    out.stats.probes -= 2;
                    return Ok(false);
                }
                if skip_dominated && self.dominated[row_index(pl, i)].has(j) {
                    continue;
                }
                let paired = if skip_dominated {
                    self.pair_rules(frame, depth, (pl, i, j))
                } else {
                    None
                };
                if paired != Some(true) {
                    self.probe_line.copy_from(&self.stack[depth]);
                    self.probe_line.add_lines(pl, i, Row::single(j));
                    self.probe_cross.copy_from(&self.stack[depth]);
                    self.probe_cross.add_crosses(pl, i, Row::single(j));
                }
                let (as_line, as_cross) = if paired == Some(true) {
                    let [l, c] = self.pair_finish(frame, o, &mut out.stats, depth);
                    (l, c)
                } else {
                    self.probe_apart(frame, o, &mut out.stats, paired == Some(false))
                };
                let board = &mut self.stack[depth];
                if o.trace {
                    self.before_probe.copy_from(board);
                }
                match (as_line, as_cross) {
                    (Err(c), Err(_)) => return Err(c),
                    (Err(_), Ok(())) => {
                        streak = 0;
                        board.copy_from(&self.probe_cross)
                    }
                    (Ok(()), Err(_)) => {
                        streak = 0;
                        board.copy_from(&self.probe_line)
                    }
                    (Ok(()), Ok(())) => {
                        if !board.adopt_common(&self.probe_line, &self.probe_cross) {
                            // Both values stand: score the edge as a branch by
                            // the smaller number of edges either value decides.
                            let gain = self
                                .probe_line
                                .decided_count(frame)
                                .min(self.probe_cross.decided_count(frame))
                                - base;
                            if self.best.is_none_or(|(_, g)| gain > g) {
                                self.best = Some(((pl, i, j), gain));
                            }
                            if skip_dominated {
                                let (a, b) = (&self.probe_line, &self.probe_cross);
                                // Rows in the order of `row_index`.
                                for (d, flips) in
                                    self.dominated.iter_mut().zip(Edges::disagreements(a, b))
                                {
                                    *d |= flips;
                                }
                            }
                            continue;
                        }
                        streak = 0;
                    }
                }
                // The board changes: what dominated on the old one may not.
                self.dominated.iter_mut().for_each(|r| *r = Row::EMPTY);
                self.pair.stale = true;
                let board = &mut self.stack[depth];
                let d = depth as u32;
                if o.trace {
                    log_changes(
                        frame,
                        &self.before_probe,
                        board,
                        Reason::Probe,
                        d,
                        &mut out.trace,
                    );
                }
                let trace = o.trace.then_some((&mut out.trace, d));
                deduce(
                    frame,
                    &self.clues,
                    &mut self.scratch,
                    o,
                    &mut out.stats,
                    board,
                    Mode::Node(trace),
                )?;
                progress = true;
            }
            if !progress {
                return Ok(true);
            }
        }
    }

    /// Deduces both values of edge `e` on board `depth` side by side to the
    /// fixpoint of the rules, into `probe_line` and `probe_cross` (marked as
    /// at that fixpoint, so that [`deduce`] goes on with loop reasoning).
    /// `Some(true)` if done; `Some(false)`, leaving them alone, if either
    /// value meets a contradiction (which one is not known); `None` if the
    /// board is not narrow enough.
    fn pair_rules(&mut self, frame: &Frame<W>, depth: usize, e: EdgeId) -> Option<bool> {
        let packed = self.pair.frame?;
        let (s, base) = (self.pair.stride, &self.stack[depth]);
        if !base.stalled() {
            // (Never so when probing: deduce brings in the colour rules first.)
            return None;
        }
        if self.pair.stale {
            self.pair.stale = false;
            let pb = &mut self.pair.base;
            pb.set_rows_of(base, |part, m| {
                let w = m.0[0] & part.bits(frame).0[0];
                Row::<1>([w | w << s])
            });
            // The node board is at the rules' fixpoint: only a probe is news.
            pb.settle();
            pb.set_stalled();
        }
        let pe = &mut self.pair.edges;
        pe.copy_from(&self.pair.base);
        let (pl, i, j) = e;
        pe.add_lines(pl, i, Row::single(j));
        pe.add_crosses(pl, i, Row::single(j + s));
        let mut ctx = Ctx::new(&packed, &self.pair.clues, pe);
        ctx.colors = true;
        if rules::propagate(&mut ctx).is_err() {
            return Some(false);
        }
        self.pair_unpack(frame, depth);
        Some(true)
    }

    /// Puts each value's board of the packed probe board into `probe_line`
    /// and `probe_cross`, marked as at the rules' fixpoint.
    fn pair_unpack(&mut self, frame: &Frame<W>, depth: usize) {
        let (s, stalled) = (self.pair.stride, self.stack[depth].stalled());
        let pe = &self.pair.edges;
        let (line, cross) = (&mut self.probe_line, &mut self.probe_cross);
        // Each copy to its board: it holds the node board's decisions (the
        // packed base had them twice) and the probe's.
        let half = |m: Row<1>, shift: usize, part: Part| {
            let mut r = Row::<W>::EMPTY;
            r.0[0] = (m.0[0] >> shift) & part.bits(frame).0[0];
            r
        };
        for (board, shift) in [(line, 0), (cross, s)] {
            board.set_rows_of(pe, |part, m| half(m, shift, part));
            board.settle();
            if stalled {
                board.set_stalled();
            }
        }
    }

    /// Deduces `probe_line` and `probe_cross` one at a time. With
    /// `one_fails`, the rules met a contradiction on one of them side by
    /// side: if the line stands, the cross is the one that failed.
    fn probe_apart(
        &mut self,
        frame: &Frame<W>,
        o: &Options,
        stats: &mut Stats,
        one_fails: bool,
    ) -> (Result<(), Contradiction>, Result<(), Contradiction>) {
        let (sc, cl) = (&mut self.scratch, &self.clues);
        let as_line = deduce(frame, cl, sc, o, stats, &mut self.probe_line, Mode::Probe);
        let as_cross = if one_fails && as_line.is_ok() {
            // Which contradiction is moot: only that the cross has one.
            Err(Contradiction::EdgeConflict)
        } else {
            deduce(frame, cl, sc, o, stats, &mut self.probe_cross, Mode::Probe)
        };
        (as_line, as_cross)
    }

    /// Goes on with the boards [`Engine::pair_rules`] left, as [`deduce`]
    /// would with each: loop reasoning on each board, and while both cross
    /// edges, the rules on both side by side again.
    fn pair_finish(
        &mut self,
        frame: &Frame<W>,
        o: &Options,
        stats: &mut Stats,
        depth: usize,
    ) -> [Result<(), Contradiction>; 2] {
        if !o.loop_reasoning {
            return [Ok(()), Ok(())];
        }
        let mut result = [None, None];
        loop {
            let mut pending = [false; 2];
            for (k, shift) in [(0, 0), (1, self.pair.stride)] {
                if result[k].is_some() {
                    continue;
                }
                let board = if k == 0 {
                    &mut self.probe_line
                } else {
                    &mut self.probe_cross
                };
                let walker = &mut self.scratch.walker;
                match walker.apply_incremental(frame, &self.clues, board) {
                    Err(c) => result[k] = Some(Err(c)),
                    Ok(LoopStep::Nothing) => result[k] = Some(Ok(())),
                    Ok(LoopStep::Closed) => {
                        // Every edge is decided now: one more sweep checks the clues.
                        let mut ctx = Ctx::new(frame, &self.clues, board);
                        result[k] = Some(rules::pass(&mut ctx));
                    }
                    Ok(LoopStep::Crossed(n)) => {
                        stats.loop_crosses += n as u64;
                        pending[k] = true;
                        for &(p, r, c) in walker.crossed() {
                            self.pair.edges.add_crosses(p, r, Row::single(c + shift));
                        }
                    }
                }
            }
            let packed = self.pair.frame.expect("a packed frame");
            if pending == [true, true] {
                let mut ctx = Ctx::new(&packed, &self.pair.clues, &mut self.pair.edges);
                ctx.colors = true;
                if rules::propagate(&mut ctx).is_ok() {
                    self.pair_unpack(frame, depth);
                    continue;
                }
            }
            // One at a time from here: each board goes on where it is.
            for (k, open) in pending.into_iter().enumerate() {
                if open {
                    let board = if k == 0 {
                        &mut self.probe_line
                    } else {
                        &mut self.probe_cross
                    };
                    let (sc, cl) = (&mut self.scratch, &self.clues);
                    result[k] = Some(deduce(frame, cl, sc, o, stats, board, Mode::Probe));
                }
            }
            break;
        }
        result.map(|r| r.expect("both values deduced"))
    }

    /// Collects the undecided edges of board `depth` into `self.candidates`.
    fn frontier(&mut self, frame: &Frame<W>, depth: usize) {
        self.candidates.clear();
        let edges = &self.stack[depth];
        for p in [Plane::H, Plane::V] {
            for i in 0..frame.plane_rows(p) {
                let open = edges.undecided(frame, p, i);
                self.candidates.extend(open.ones().map(|j| (p, i, j)));
            }
        }
    }

    /// The edge to branch on: an undecided edge at the end of a path, or
    /// failing that, an undecided side of the cell with the highest clue.
    fn choose(&self, frame: &Frame<W>, depth: usize) -> EdgeId {
        let edges = &self.stack[depth];
        if let Some(((p, i, j), _)) = self.best {
            if edges.undecided(frame, p, i).has(j) {
                return (p, i, j);
            }
        }
        for i in 0..=frame.rows {
            let arms = ARMS.map(|a| edges.read(frame, i, a));
            let ends = Count::of(arms.map(|e| e.line)).eq(1) & frame.vertices;
            if let Some(j) = ends.first() {
                for (a, e) in ARMS.iter().zip(arms) {
                    if e.unknown().has(j) {
                        return absolute(*a, i, j);
                    }
                }
            }
        }
        for n in [3, 2, 1] {
            for i in 0..frame.rows {
                let clue = self.clues.eq(n, i);
                for s in Side::ALL {
                    let open = clue & edges.read(frame, i, s.at()).unknown();
                    if let Some(j) = open.first() {
                        return absolute(s.at(), i, j);
                    }
                }
            }
        }
        for p in [Plane::H, Plane::V] {
            for i in 0..frame.plane_rows(p) {
                let open = edges.undecided(frame, p, i);
                if let Some(j) = open.first() {
                    return (p, i, j);
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
        1 => Status::Unique,
        _ => Status::Multiple,
    }
}

/// Whether the search has used up its budget: the nodes below the root
/// and the probes count; deduction at the root is always done.
fn over_budget(out: &Outcome, o: &Options) -> bool {
    out.stats.nodes.saturating_sub(1) + out.stats.probes > o.node_budget
}

/// The trace event of a search branch on edge `e`.
fn branch_event(e: EdgeId, line: bool, depth: usize) -> Event {
    let (plane, row, col) = e;
    Event::Decided {
        reason: Reason::Branch,
        at: (row, col),
        edge: EdgeRef { plane, row, col },
        line,
        depth: depth as u32,
    }
}

/// The edge `at` of the cell or vertex `(i, j)`.
fn absolute(at: crate::grid::At, i: usize, j: usize) -> EdgeId {
    (
        at.plane,
        (i as i32 + at.dr) as usize,
        (j as i32 + at.dc) as usize,
    )
}

#[cfg(test)]
mod tests {
    use crate::generate::random_test_puzzle;
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

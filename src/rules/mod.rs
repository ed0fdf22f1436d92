//! The judge's deduction rules R1-R15 and the vertex rules, as mask
//! operations over whole rows of cells or vertices.
//!
//! Each family has a module and an `apply(ctx, i)` that runs its rules on
//! cell row `i` (or vertex row `i` for [`vertex`]) for every column at once.
//! Rules are written once, for one [`Corner`](crate::grid::Corner) or
//! [`Side`](crate::grid::Side), and applied to all four.

pub mod cell;
pub mod color;
pub mod corner;
pub mod decision;
pub mod diagonal;
pub mod entry;
pub mod threes;
pub mod vertex;

use crate::bits::{Row, RowSet};
use crate::board::{Clues, Edge, Edges, Frame};
use crate::grid::{At, Plane};
use crate::rules::decision::{EdgeRef, Event, Reason};
use std::fmt;

/// Why a board cannot be completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// An edge would be both line and cross.
    EdgeConflict,
    /// A vertex with three or four lines.
    Branch,
    /// A vertex with one line and no way on.
    DeadEnd,
    /// A cell with more lines than its clue.
    CellOver,
    /// A cell that cannot get as many lines as its clue.
    CellUnder,
    /// A closed loop while other lines or unmet clues remain, or two loops.
    PrematureLoop,
}

impl fmt::Display for Contradiction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Contradiction::EdgeConflict => "an edge would be both line and cross",
            Contradiction::Branch => "a vertex would have three lines",
            Contradiction::DeadEnd => "a line would end at a vertex",
            Contradiction::CellOver => "a cell would have more lines than its clue",
            Contradiction::CellUnder => "a cell could not reach its clue",
            Contradiction::PrematureLoop => {
                "a loop would close with lines or clues left outside it"
            }
        })
    }
}

impl std::error::Error for Contradiction {}

/// The rules' identifiers, for statistics and traces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// R1: a 0 has four crosses.
    R1,
    /// R2: a cell with as many open sides as its clue: they are lines.
    R2,
    /// R3: a cell with as many lines as its clue: the rest are crosses.
    R3,
    /// R4: adjacent 3s.
    R4,
    /// R5: diagonal 3s.
    R5,
    /// R6: a path end with one way on.
    R6,
    /// R7: a vertex with two lines.
    R7,
    /// R8: a vertex with three crosses.
    R8,
    /// R9: a 3 in a closed corner.
    R9,
    /// R10: a 2 in a closed corner, with a half-closed neighbour corner.
    R10,
    /// R11: a 1 in a closed corner.
    R11,
    /// R12: a line entering a 3's corner.
    R12,
    /// R13: a 3 and a 1 diagonally adjacent.
    R13,
    /// R14: a line entering a 2's corner.
    R14,
    /// R15: a line entering a 1's corner.
    R15,
}

/// Counts of lines and crosses per rule, filled only when asked for.
pub type RuleCounts = [u64; 15];

/// What a family's rules see and change: the board and the puzzle's clues.
pub struct Ctx<'a, const W: usize> {
    /// Size and masks.
    pub frame: &'a Frame<W>,
    /// The puzzle's clue masks.
    pub clues: &'a Clues<W>,
    /// The board being deduced.
    pub edges: &'a mut Edges<W>,
    /// Whether anything new was decided since the flag was last cleared.
    pub changed: bool,
    /// Per-rule counts of new decisions, when tracing.
    pub counts: Option<&'a mut RuleCounts>,
    /// Whether to apply the inside/outside rules (not the judge's).
    pub colors: bool,
    /// Where to record each decision, for `slink explain` (slow).
    pub trace: Option<Trace<'a>>,
}

/// The cells with one clue value in three rows around a row, for a family
/// that looks at a cell's neighbours ([`Ctx::clues_near`]).
#[derive(Clone, Copy, Debug)]
pub struct Near<const W: usize> {
    rows: [Row<W>; 3],
    cells: Row<W>,
}

impl<const W: usize> Near<W> {
    /// The cells of row `i + dr` with the clue, aligned to column `j + dc`
    /// (`dr` in -1..=1): what [`Ctx::clue`] reads, without reading again.
    #[inline(always)]
    pub fn at(&self, dr: i32, dc: i32) -> Row<W> {
        self.rows[(dr + 1) as usize].shift(-dc, false) & self.cells
    }
}

/// A decision log and the search depth to stamp on its entries.
pub struct Trace<'a> {
    /// The log.
    pub events: &'a mut Vec<Event>,
    /// The current search depth.
    pub depth: u32,
}

impl<'a, const W: usize> Ctx<'a, W> {
    /// A context applying the judge's rules only, counting nothing.
    pub fn new(frame: &'a Frame<W>, clues: &'a Clues<W>, edges: &'a mut Edges<W>) -> Self {
        Ctx {
            frame,
            clues,
            edges,
            changed: false,
            counts: None,
            colors: false,
            trace: None,
        }
    }

    /// The state of edge `at` for every cell (or vertex) of row `i`.
    #[inline(always)]
    pub fn edge(&self, i: usize, at: At) -> Edge<W> {
        self.edges.read(self.frame, i, at)
    }

    /// The cells of row `i + dr` with clue `n`, aligned to column `j + dc`.
    #[inline(always)]
    pub fn clue(&self, n: usize, i: usize, dr: i32, dc: i32) -> Row<W> {
        self.clues.at(n, i, dr, dc) & self.frame.cells
    }

    /// The cells with clue `n` in the rows around row `i` (`i - 1` to
    /// `i + 1`), each row read once: see [`Near::at`].
    #[inline(always)]
    pub fn clues_near(&self, n: usize, i: usize) -> Near<W> {
        Near {
            rows: [-1, 0, 1].map(|dr| self.clues.at(n, i, dr, 0)),
            cells: self.frame.cells,
        }
    }

    /// Rule `rule` makes edge `at` a line at the bits `m` of row `i`.
    #[inline(always)]
    pub fn line(&mut self, rule: Rule, i: usize, at: At, m: Row<W>) {
        self.decide(Reason::Rule(rule), i, at, m, true);
    }

    /// Rule `rule` makes edge `at` a cross at the bits `m` of row `i`.
    #[inline(always)]
    pub fn cross(&mut self, rule: Rule, i: usize, at: At, m: Row<W>) {
        self.decide(Reason::Rule(rule), i, at, m, false);
    }

    /// Marks cells of row `i` inside (`inside` true) or outside.
    #[inline]
    pub fn color(&mut self, i: usize, inside: bool, m: Row<W>) {
        if m.any() && self.edges.add_color(i, inside, m) {
            self.changed = true;
        }
    }

    /// Makes edge `at` a line at the bits `m` of row `i`, for the
    /// inside/outside rules (not the judge's).
    #[inline]
    pub fn line_quiet(&mut self, i: usize, at: At, m: Row<W>) {
        self.decide(Reason::Colors, i, at, m, true);
    }

    /// Makes edge `at` a cross at the bits `m` of row `i`, for the
    /// inside/outside rules (not the judge's).
    #[inline]
    pub fn cross_quiet(&mut self, i: usize, at: At, m: Row<W>) {
        self.decide(Reason::Colors, i, at, m, false);
    }

    /// Whether decisions need no record of the rule that made them (no
    /// trace, no counts): then a family may gather them
    /// ([`Ctx::visit_gathering`]).
    #[inline(always)]
    pub fn unrecorded(&self) -> bool {
        self.trace.is_none() && self.counts.is_none()
    }

    /// Begins a visit to row `i` that gathers its decisions and makes them
    /// in [`Visit::finish`], for a family whose decisions are many and
    /// cheap; only while they are [`Ctx::unrecorded`].
    #[inline(always)]
    #[must_use = "a visit makes its decisions in Visit::finish"]
    pub fn visit_gathering(&mut self, i: usize) -> Visit<'_, 'a, W, true> {
        debug_assert!(self.unrecorded(), "gathering recorded decisions");
        Visit::new(self, i)
    }

    /// Begins a visit to row `i` that makes each decision at once, with
    /// its rule: for a family whose decisions are few and far between, or
    /// when they are recorded.
    #[inline(always)]
    #[must_use = "a visit is ended by Visit::finish"]
    pub fn visit_at_once(&mut self, i: usize) -> Visit<'_, 'a, W> {
        Visit::new(self, i)
    }

    #[inline(always)]
    fn decide(&mut self, reason: Reason, i: usize, at: At, m: Row<W>, line: bool) {
        if m.is_empty() {
            return;
        }
        if self.trace.is_some() {
            self.record(reason, i, at, m, line);
        }
        let new = if line {
            self.edges.set_lines(self.frame, i, at, m)
        } else {
            self.edges.set_crosses(self.frame, i, at, m)
        };
        if new {
            self.changed = true;
            if let (Some(c), Reason::Rule(rule)) = (self.counts.as_deref_mut(), reason) {
                c[rule as usize] += 1;
            }
        }
    }

    /// Logs the decisions `decide` is about to make that are new.
    #[cold]
    fn record(&mut self, reason: Reason, i: usize, at: At, m: Row<W>, line: bool) {
        let frame = self.frame;
        let Some(t) = self.trace.as_mut() else { return };
        for j in m.ones() {
            let (r, c) = (i as i64 + at.dr as i64, j as i64 + at.dc as i64);
            if r < 0 || c < 0 || r >= frame.plane_rows(at.plane) as i64 {
                continue;
            }
            let (r, c) = (r as usize, c as usize);
            // Off the grid, or decided already: nothing new to log.
            if c >= Row::<W>::BITS || !self.edges.undecided(frame, at.plane, r).has(c) {
                continue;
            }
            t.events.push(Event::Decided {
                reason,
                at: (i, j),
                edge: EdgeRef {
                    plane: at.plane,
                    row: r,
                    col: c,
                },
                line,
                depth: t.depth,
            });
        }
    }
}

/// One visit of a family to a row of cells (or vertices): what the family
/// reads of the board and its clues around the row, and the decisions it
/// makes there.
///
/// A family must read all it needs of the board before it makes its first
/// decision in a visit: what it reads after may or may not show its own
/// decisions. A visit that gathers (`GATHER`, begun by
/// [`Ctx::visit_gathering`] when nothing records which rule made a
/// decision) makes its decisions when it ends, each row of edges in one
/// write (lines and crosses together, every column offset together); one
/// begun by [`Ctx::visit_at_once`] makes each at once, with its rule. Both
/// ways leave the same board. (Whether to gather is part of the type, so
/// that a gathering visit's decisions compile to plain mask operations.)
pub struct Visit<'c, 'a, const W: usize, const GATHER: bool = false> {
    ctx: &'c mut Ctx<'a, W>,
    row: usize,
    /// Gathered news by plane (`H`, `V`) and row offset (-1, 0, 1), with
    /// the bits already moved to their edge's column.
    news: [[Edge<W>; 3]; 2],
}

impl<'c, 'a, const W: usize, const GATHER: bool> Visit<'c, 'a, W, GATHER> {
    #[inline(always)]
    fn new(ctx: &'c mut Ctx<'a, W>, row: usize) -> Self {
        Visit {
            ctx,
            row,
            news: [[Edge::NONE; 3]; 2],
        }
    }

    /// The board's size and masks.
    #[inline(always)]
    pub fn frame(&self) -> &'a Frame<W> {
        self.ctx.frame
    }

    /// The puzzle's clue masks.
    #[inline(always)]
    pub fn clues(&self) -> &'a Clues<W> {
        self.ctx.clues
    }

    /// The state of edge `at` for every cell (or vertex) of the row.
    #[inline(always)]
    pub fn edge(&self, at: At) -> Edge<W> {
        self.ctx.edge(self.row, at)
    }

    /// The cells of row `row + dr` with clue `n`, aligned to column `j + dc`.
    #[inline(always)]
    pub fn clue(&self, n: usize, dr: i32, dc: i32) -> Row<W> {
        self.ctx.clue(n, self.row, dr, dc)
    }

    /// Rule `rule` makes edge `at` a line at the bits `m`.
    #[inline(always)]
    pub fn line(&mut self, rule: Rule, at: At, m: Row<W>) {
        self.decide(rule, at, m, true);
    }

    /// Rule `rule` makes edge `at` a cross at the bits `m`.
    #[inline(always)]
    pub fn cross(&mut self, rule: Rule, at: At, m: Row<W>) {
        self.decide(rule, at, m, false);
    }

    #[inline(always)]
    fn decide(&mut self, rule: Rule, at: At, m: Row<W>, line: bool) {
        if !GATHER {
            self.ctx.decide(Reason::Rule(rule), self.row, at, m, line);
            return;
        }
        let news = self.gathered(at);
        let marks = if line {
            &mut news.line
        } else {
            &mut news.cross
        };
        *marks |= m.shift(at.dc, false);
    }

    /// The gathered news of the edge row of `at`.
    #[inline(always)]
    fn gathered(&mut self, at: At) -> &mut Edge<W> {
        let plane = match at.plane {
            Plane::H => 0,
            Plane::V => 1,
        };
        let offset = at.dr + 1;
        debug_assert!((0..3).contains(&offset), "a family reaching {at:?}");
        &mut self.news[plane][offset as usize]
    }

    /// Ends the visit: makes the decisions gathered.
    #[inline(always)]
    pub fn finish(mut self) {
        if GATHER {
            // Written out: each row's place in `news` is then a constant
            // (and the rows no family reaches cost nothing).
            self.make(Plane::H, -1);
            self.make(Plane::H, 0);
            self.make(Plane::H, 1);
            self.make(Plane::V, -1);
            self.make(Plane::V, 0);
            self.make(Plane::V, 1);
            self.news = [[Edge::NONE; 3]; 2];
        }
    }

    /// Makes the gathered news of plane `p` at row offset `dr`.
    #[inline(always)]
    fn make(&mut self, plane: Plane, dr: i32) {
        let at = At { plane, dr, dc: 0 };
        let news = *self.gathered(at);
        if self.ctx.edges.set_edge(self.ctx.frame, self.row, at, news) {
            self.ctx.changed = true;
        }
    }
}

#[cfg(debug_assertions)]
impl<const W: usize, const GATHER: bool> Drop for Visit<'_, '_, W, GATHER> {
    fn drop(&mut self) {
        // A visit that gathered decisions must make them.
        let pending = self.news.iter().flatten().any(|e| (e.line | e.cross).any());
        assert!(
            !pending || std::thread::panicking(),
            "a visit ended without making its decisions"
        );
    }
}

/// The sides of every cell of a row and the exits of their four corners,
/// read once and shared by the families that look at corners. A family
/// leaves out the conclusions these show it already has (a line where a
/// line is known), so that re-deriving known edges costs nothing; one that
/// contradicts them is still made, and is found as a conflict.
#[derive(Clone, Copy, Debug)]
pub struct CornerExits<const W: usize> {
    /// The exits of each corner, in the order of `Corner::ALL`.
    pub exits: [[Edge<W>; 2]; 4],
    /// The sides, in the order of `Side::ALL`.
    pub sides: [Edge<W>; 4],
}

impl<const W: usize> CornerExits<W> {
    /// Reads the sides and exits of the visited cell row.
    #[inline(always)]
    pub fn read(v: &Visit<'_, '_, W>) -> Self {
        CornerExits {
            exits: crate::bits::map4!(crate::grid::Corner::ALL, |k| {
                let [h, e] = k.exits();
                [v.edge(h), v.edge(e)]
            }),
            sides: crate::bits::map4!(crate::grid::Side::ALL, |s| v.edge(s.at())),
        }
    }

    /// The sides of corner `k` (horizontal, vertical), as `k.sides()` names them.
    #[inline(always)]
    pub fn sides_of(&self, k: crate::grid::Corner) -> [Edge<W>; 2] {
        [self.sides[k.dy as usize], self.sides[2 + k.dx as usize]]
    }
}

/// How many rows away from a changed row the cell, vertex, colour and
/// corner rules look (R13 looks one row farther).
const REACH: usize = 1;

/// Applies every rule until nothing changes, revisiting only the rows near
/// a change (the board tracks them; a fresh board has every row due).
///
/// The families run in tiers. The cell and vertex rules (R1-R3, R6-R8),
/// cheap and the most often productive, sweep the changed rows until they
/// stall; only then do the corner families (R9-R12, R14, R15) visit the
/// rows changed since they last ran, and only when those stall too does
/// R13, which rarely fires. Any change starts again from the first tier.
/// Every rule still runs on every changed row before this returns, so the
/// fixpoint is the same as running all of them everywhere; it is reached
/// with far fewer visits of the dear families.
///
/// The corner families and R13 also leave out the rows where every edge
/// they read is decided ([`Edges::open_rows`]): there, with the first tier
/// stalled, each cell has exactly its clue in lines and each vertex none
/// or two, and these rules, which follow from those two facts about the
/// cells and vertices they look at, can neither add an edge nor find a
/// contradiction. A board written through the rules from a reset that the
/// first tier finishes skips them altogether. A board made row by row
/// ([`Edges::set_rows_of`]: probe pairs, a pack's puzzles) keeps every row
/// open: finding its decided rows there cost more than the skipping saved
/// (2% more instructions on the real corpus, 2-3% on puzzles that need
/// search).
///
/// Returns the number of passes of the first tier, or the contradiction
/// found.
pub fn propagate<const W: usize>(ctx: &mut Ctx<'_, W>) -> Result<u32, Contradiction> {
    if !ctx.edges.seeded() {
        // R4 and R5 read clues only: once per board is enough.
        for i in 0..ctx.frame.rows {
            threes::apply(ctx, i);
        }
        ctx.edges.set_seeded();
    }
    let mut due = ctx.edges.take_scratch();
    let [now, corners, diagonal] = &mut due;
    let mut passes = 0;
    let result = loop {
        if ctx.edges.take_work(REACH, now) {
            // The corner families look as far as the cell rules; R13 looks
            // at the far corner of a diagonal neighbour, a row farther.
            for later in [&mut *corners, &mut *diagonal] {
                later.resize(now.len());
            }
            corners.union_with(now);
            diagonal.union_widened(now, 1);
            passes += 1;
            // Sweeps alternate direction, so news travels both ways quickly.
            let sweep = if passes % 2 == 1 {
                Sweep::Down
            } else {
                Sweep::Up
            };
            // A board with nothing left to decide (and no colours to add)
            // only needs the checks of the rows that changed.
            let swept = if ctx.colors || ctx.edges.open_rows().any() {
                pass_rows(ctx, sweep, false, now)
            } else {
                check_rows(ctx, sweep, now)
            };
            if let Err(c) = swept {
                break Err(c);
            }
            if ctx.edges.has_conflict() {
                break Err(Contradiction::EdgeConflict);
            }
        } else if corners.any() {
            // The corner families read plane rows `i - 1..=i + 1`, R13
            // `i - 2..=i + 2`.
            corners.keep_near(ctx.edges.open_rows(), 1);
            for i in corners.iter().take_while(|&i| i < ctx.frame.rows) {
                corners_visit(ctx, i);
            }
            corners.clear_all();
        } else if diagonal.any() {
            diagonal.keep_near(ctx.edges.open_rows(), 2);
            for i in diagonal.iter().take_while(|&i| i < ctx.frame.rows) {
                diagonal::apply(ctx, i);
            }
            diagonal.clear_all();
        } else {
            break Ok(passes);
        }
    };
    if result.is_err() {
        // Nothing is due on a contradiction.
        due.iter_mut().for_each(RowSet::clear_all);
    }
    ctx.edges.put_scratch(due);
    if passes > 1 {
        ctx.changed = true;
    }
    result
}

/// R9-R12, R14 and R15 on cell row `i`, in one visit: the corner and
/// entry families read the same sides and exits.
#[inline]
fn corners_visit<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) {
    let mut v = ctx.visit_at_once(i);
    let exits = CornerExits::read(&v);
    corner::decide(&mut v, &exits);
    entry::decide(&mut v, &exits);
    v.finish();
}

/// The order in which a pass visits rows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sweep {
    Down,
    Up,
}

/// One sweep of every family over every row.
pub fn pass<const W: usize>(ctx: &mut Ctx<'_, W>) -> Result<(), Contradiction> {
    // Every row due, in the board's scratch set (nothing allocated).
    let mut due = ctx.edges.take_scratch();
    due[0].resize(ctx.frame.rows + 1);
    due[0].insert_all();
    let result = pass_rows(ctx, Sweep::Down, true, &due[0]);
    ctx.edges.put_scratch(due);
    result
}

/// One sweep over the rows in `due` of the cell and vertex families (and
/// the colour rules, if on), or of every family if `every_family`.
fn pass_rows<const W: usize>(
    ctx: &mut Ctx<'_, W>,
    sweep: Sweep,
    every_family: bool,
    due: &RowSet,
) -> Result<(), Contradiction> {
    let last = sweep_rows(due, ctx.frame.rows, sweep, |i, v| {
        if ctx.colors {
            color::apply(ctx, i);
        }
        cell::apply(ctx, i)?;
        if every_family {
            threes::apply(ctx, i);
            corners_visit(ctx, i);
            diagonal::apply(ctx, i);
        }
        vertex::apply(ctx, v)
    })?;
    last.map_or(Ok(()), |v| vertex::apply(ctx, v))
}

/// [`pass_rows`] of the cell and vertex families on a board with every
/// edge decided (and no colour rules): there they can decide nothing, and
/// only their contradictions are left to find, in the same order.
#[inline(never)]
fn check_rows<const W: usize>(
    ctx: &Ctx<'_, W>,
    sweep: Sweep,
    due: &RowSet,
) -> Result<(), Contradiction> {
    let last = sweep_rows(due, ctx.frame.rows, sweep, |i, v| {
        cell::check(ctx, i)?;
        vertex::check(ctx, v)
    })?;
    last.map_or(Ok(()), |v| vertex::check(ctx, v))
}

/// Calls `visit` with each cell row `i < rows` in `due`, in the order of
/// `sweep`, and the vertex row to visit after it (the one below it going
/// down, above it going up); returns the vertex row left over if it is
/// due, to visit at the end.
#[inline(always)]
fn sweep_rows(
    due: &RowSet,
    rows: usize,
    sweep: Sweep,
    mut visit: impl FnMut(usize, usize) -> Result<(), Contradiction>,
) -> Result<Option<usize>, Contradiction> {
    let last = match sweep {
        Sweep::Down => {
            for i in due.iter().take_while(|&i| i < rows) {
                visit(i, i + 1)?;
            }
            0
        }
        Sweep::Up => {
            for i in due.iter_rev().skip_while(|&i| i >= rows) {
                visit(i, i)?;
            }
            rows
        }
    };
    Ok(due.contains(last).then_some(last))
}

#[cfg(test)]
pub(crate) mod testing;

//! What a family's rules see and change: the board and the clues through
//! a [`Ctx`], a row at a time through a [`Visit`], which makes the
//! family's decisions at once or gathers them for one write per edge row.

use super::decision::{Event, Reason, Rule, RuleCounts};
use crate::bits::Row;
use crate::board::{Board, Clues, Edge, Frame};
use crate::grid::{At, EdgeId, Plane};

/// What a family's rules see and change: the board and the puzzle's clues.
pub struct Ctx<'a, const W: usize> {
    /// Size and masks.
    pub frame: &'a Frame<W>,
    /// The puzzle's clue masks.
    pub clues: &'a Clues<W>,
    /// The board being deduced.
    pub board: &'a mut Board<W>,
    /// Whether anything new was decided since the flag was last cleared.
    pub changed: bool,
    /// Per-rule counts of new decisions, when tracing.
    pub counts: Option<&'a mut RuleCounts>,
    /// Whether to apply the inside/outside rules (not the judge's).
    pub colors: bool,
    /// Whether to apply the angle rules ([`super::angle`]; not the judge's).
    pub angles: bool,
    /// The cells whose fourth side is crossed when they have three lines
    /// ([`super::closing`], after the colour rules where they run): none
    /// but on a pack's boards.
    pub closing: Row<W>,
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
    pub fn new(frame: &'a Frame<W>, clues: &'a Clues<W>, board: &'a mut Board<W>) -> Self {
        Ctx {
            frame,
            clues,
            board,
            changed: false,
            counts: None,
            colors: false,
            angles: false,
            closing: Row::EMPTY,
            trace: None,
        }
    }

    /// The state of edge `at` for every cell (or vertex) of row `i`.
    #[inline(always)]
    pub fn edge(&self, i: usize, at: At) -> Edge<W> {
        self.board.read(self.frame, i, at)
    }

    /// The cells of row `i + dr` with clue `n`, aligned to column `j + dc`.
    #[inline(always)]
    pub fn clue(&self, n: usize, i: usize, dr: i32, dc: i32) -> Row<W> {
        self.clues.at(n, i, dr, dc) & self.frame.cells
    }

    /// The cells of row `i` (a row of the board) with each clue, 0 to 3,
    /// in one read: [`Ctx::clue`] of each, with `dr` and `dc` 0.
    #[inline(always)]
    pub fn clues_of_row(&self, i: usize) -> [Row<W>; 4] {
        self.clues.row_by_value(i).map(|c| c & self.frame.cells)
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
        if m.any() && self.board.add_color(i, inside, m) {
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
    pub(super) fn decide(&mut self, reason: Reason, i: usize, at: At, m: Row<W>, line: bool) {
        if m.is_empty() {
            return;
        }
        if self.trace.is_some() {
            self.record(reason, i, at, m, line);
        }
        let new = if line {
            self.board.set_lines(self.frame, i, at, m)
        } else {
            self.board.set_crosses(self.frame, i, at, m)
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
            if c >= Row::<W>::BITS || !self.board.undecided(frame, at.plane, r).has(c) {
                continue;
            }
            t.events.push(Event::Decided {
                reason,
                at: (i, j),
                edge: EdgeId::new(at.plane, r, c),
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
        if self.ctx.board.set_edge(self.ctx.frame, self.row, at, news) {
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

//! The fixpoint: every family applied until nothing changes, revisiting
//! only the rows near a change, in tiers from the cheap families to the
//! dear ones.

use super::{angle, cell, closing, color, corner, diagonal, entry, threes, vertex};
use super::{Contradiction, CornerExits, Ctx};
use crate::bits::RowSet;
use crate::board::{Board, DueRows};

/// How many rows away from a changed plane row the corner families look
/// (R13 looks one row farther).
const REACH: usize = 1;

/// The rows each tier of [`propagate`] has yet to visit: scratch, kept by
/// the caller from one call to the next so that propagation allocates
/// nothing once it has met a board of its size. It carries nothing from
/// one call to the next (each call starts from the rows its board marked
/// changed, and leaves the later tiers' sets empty), unless
/// [`propagate_until`] stopped the call; what the board remembers of its
/// changed rows is the board's own.
#[derive(Debug, Default)]
pub struct Due {
    /// The rows the cell and vertex rules visit in this pass, by what
    /// changed near them (overwritten by each pass).
    now: DueRows,
    /// The rows the corner families have yet to visit.
    corners: RowSet,
    /// The rows R13 has yet to visit.
    diagonal: RowSet,
}

impl Due {
    /// Makes the later tiers (the corner families, R13) due on every row
    /// of a board of `rows` cell rows, as if every edge had changed since
    /// they last ran: for a board taken from another whose propagation
    /// stopped short ([`propagate_until`]), where what they had yet to
    /// visit is not known.
    pub fn later_tiers_everywhere(&mut self, rows: usize) {
        for later in [&mut self.corners, &mut self.diagonal] {
            later.resize(rows + 1);
            later.insert_all();
        }
    }
}

/// The later tiers (the corner families, then R13) once on every row near
/// the plane rows `open`, as [`propagate`] runs them where those rows are
/// open and its first tier has stalled: for puzzles of a pack whose first
/// tier is at its fixpoint while their neighbours' is not. What they
/// change is marked on the board, for the next propagation. `near` is
/// scratch.
pub fn later_tiers_near<const W: usize>(ctx: &mut Ctx<'_, W>, open: &RowSet, near: &mut RowSet) {
    near.resize(open.len());
    for (reach, family) in [
        (1, corners_visit::<W> as fn(&mut Ctx<'_, W>, usize)),
        (2, diagonal::apply),
    ] {
        near.insert_all();
        near.keep_near(open, reach);
        for i in near.iter().take_while(|&i| i < ctx.frame.rows) {
            family(ctx, i);
        }
    }
}

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
/// they read is decided ([`Board::open_rows`](crate::board::Board::open_rows)): there, with the first tier
/// stalled, each cell has exactly its clue in lines and each vertex none
/// or two, and these rules, which follow from those two facts about the
/// cells and vertices they look at, can neither add an edge nor find a
/// contradiction. A board written through the rules from a reset that the
/// first tier finishes skips them altogether. A board made word by word
/// ([`Board::set_lane_of`](crate::board::Board::set_lane_of) for a probe
/// pair's values, [`Board::set_rows_of`](crate::board::Board::set_rows_of)
/// for a pack's puzzles) keeps every row open: finding its decided rows
/// there costs more than the skipping saves.
///
/// Returns the number of passes of the first tier, or the contradiction
/// found. `due` is scratch (any [`Due`] will do).
pub fn propagate<const W: usize>(
    ctx: &mut Ctx<'_, W>,
    due: &mut Due,
) -> Result<u32, Contradiction> {
    propagate_until(ctx, due, |_| false)
}

/// [`propagate`], asking `stop` after each pass of the first tier whether
/// to stop there, short of the fixpoint (as a pack of puzzles does when
/// enough of them are finished to put others in their place; `stop` knows
/// whether it did). A stopped call leaves in `due` the rows its later
/// tiers had yet to visit, and on the board the rows the next pass would
/// visit: a later call on the same board and `due` goes on from there.
pub fn propagate_until<const W: usize>(
    ctx: &mut Ctx<'_, W>,
    due: &mut Due,
    mut stop: impl FnMut(&Board<W>) -> bool,
) -> Result<u32, Contradiction> {
    if !ctx.board.seeded() {
        // R4 and R5 read clues only: once per board is enough.
        threes::apply_all(ctx);
        ctx.board.set_seeded();
    }
    let (now, corners, diagonal) = (&mut due.now, &mut due.corners, &mut due.diagonal);
    // With the angle rules on, R13 can add nothing (nor R9, R11, R12, R14,
    // R15): the first tier finds all it would (see
    // [`LATER_TIERS_WITH_ANGLES`]), so its tier is left out and the corner
    // tier is R10 alone.
    let with_r13 = !ctx.angles;
    if !with_r13 {
        diagonal.clear_all();
    }
    let (mut passes, mut stopped) = (0, false);
    let result = loop {
        if ctx.board.take_changed(REACH, now) {
            // The corner families read plane rows `i - 1..=i + 1`; R13
            // looks at the far corner of a diagonal neighbour, a row
            // farther.
            for later in [&mut *corners, &mut *diagonal] {
                later.resize(now.any.len());
            }
            // (They read edges only.)
            corners.union_with(&now.edges);
            if with_r13 {
                diagonal.union_widened(&now.edges, 1);
            }
            passes += 1;
            // Sweeps alternate direction, so news travels both ways quickly.
            let sweep = if passes % 2 == 1 {
                Sweep::Down
            } else {
                Sweep::Up
            };
            // A board with nothing left to decide (and no colours to add)
            // only needs the checks of the rows that changed.
            let swept = if ctx.colors || ctx.angles || ctx.board.open_rows().any() {
                pass_rows(ctx, sweep, false, now)
            } else {
                check_rows(ctx, sweep, now)
            };
            if let Err(c) = swept {
                break Err(c);
            }
            if ctx.board.has_conflict() {
                break Err(Contradiction::EdgeConflict);
            }
            if stop(ctx.board) {
                stopped = true;
                break Ok(passes);
            }
        } else if !later_tier(ctx, corners, diagonal, with_r13) {
            break Ok(passes);
        }
    };
    if result.is_err() {
        // Nothing is due on a contradiction.
        corners.clear_all();
        diagonal.clear_all();
    }
    if passes > 1 {
        ctx.changed = true;
    }
    if cfg!(debug_assertions) && result.is_ok() && !stopped {
        assert_fixpoint(ctx);
    }
    result
}

/// The first of the later tiers with rows due, over them: the corner
/// families (R10 alone without `with_r13`, see
/// [`LATER_TIERS_WITH_ANGLES`]), or else R13; false if neither has any.
#[inline]
fn later_tier<const W: usize>(
    ctx: &mut Ctx<'_, W>,
    corners: &mut RowSet,
    diagonal: &mut RowSet,
    with_r13: bool,
) -> bool {
    let rows = ctx.frame.rows;
    if corners.any() {
        // The corner families read plane rows `i - 1..=i + 1`, R13
        // `i - 2..=i + 2`.
        corners.keep_near(ctx.board.open_rows(), 1);
        for i in corners.iter().take_while(|&i| i < rows) {
            if with_r13 {
                corners_visit(ctx, i);
            } else {
                r10_visit(ctx, i);
            }
        }
        corners.clear_all();
    } else if diagonal.any() {
        diagonal.keep_near(ctx.board.open_rows(), 2);
        for i in diagonal.iter().take_while(|&i| i < rows) {
            diagonal::apply(ctx, i);
        }
        diagonal.clear_all();
    } else {
        return false;
    }
    true
}

/// Why, once the angle rules are on, the later tiers come down to R10:
/// at the first tier's fixpoint (where they run), the angle rules with
/// R1-R3 and R6-R8 have found all that R9, R11-R15 would. A corner is
/// *closed* when both its exits are crossed; a line *enters* it when one
/// exit is a line and the other crossed.
///
/// - At a vertex, a closed angle leaves the angle across it none or two
///   lines, and an angle with exactly one line leaves exactly one across
///   it (the angles' vertex rules). A 3 has at least one line at each
///   corner, a 1 at most one, and the lines at two opposite corners of a
///   cell add up to its clue (their cell rules).
/// - R9 (a 3's closed corner): at least one and none or two: both lines.
///   R11 (a 1's): at most one and none or two: both crossed.
/// - R12, R14, R15 (a line enters a corner of a 3, 2, 1): exactly one line
///   at the cell's corner there, so at the opposite corner two (the 3's
///   sides lines), one (the 2's other exit a line once one is crossed),
///   none (the 1's sides crossed).
/// - R13 (a 3 and a 1 diagonally, meeting at `v`; far corners `f`, `g`):
///   the 3's exits at `f` crossed make both sides at `f` lines (R9 above),
///   so its corner at `v` has exactly one, so has the 1's across `v`, so
///   the 1's sides at `g` are crossed; the 1's sides at `g` crossed put
///   its one line at `v`, so the 3 has exactly one there and two at `f`,
///   whose vertex then crosses its exits (R7).
///
/// R10 (a 2's closed corner: at an adjacent corner with one exit crossed,
/// the other exit is a line) is not among them: that a closed corner of a
/// 2 has none or two lines is no mark. Measured before the tiers were cut
/// down: on every probe of the human-made puzzles, R13's tier decided
/// nothing in 16,487 runs and the corner tier something in 601 of 17,088.
/// The fixpoint check of debug builds (`assert_fixpoint`) sweeps every
/// family, so a board where this failed would be found by the tests.
#[allow(dead_code)]
const LATER_TIERS_WITH_ANGLES: () = ();

/// Panics unless one more sweep of every family over every row (with the
/// colour and angle rules as `ctx` has them) decides nothing on the board
/// propagation left: the check, in the tests and the `ci` profile, that
/// revisiting only the rows near a change missed none. (A sweep that takes
/// in the rows it changes ahead of it misses the vertex row it has just
/// passed, and a puzzle comes out `none`: this check finds that on a
/// dozen tests.)
fn assert_fixpoint<const W: usize>(ctx: &Ctx<'_, W>) {
    let mut copy = ctx.board.clone();
    let mut full = Ctx::new(ctx.frame, ctx.clues, &mut copy);
    (full.colors, full.angles, full.closing) = (ctx.colors, ctx.angles, ctx.closing);
    let swept = pass(&mut full, &mut Due::default());
    assert!(
        swept.is_ok() && copy == *ctx.board,
        "propagation stopped short of its fixpoint: a full sweep gives {swept:?} and {} board",
        if copy == *ctx.board {
            "the same"
        } else {
            "another"
        }
    );
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

/// R10 alone on cell row `i`: the corner tier with the angle rules on
/// (see [`LATER_TIERS_WITH_ANGLES`]).
#[inline]
fn r10_visit<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) {
    let mut v = ctx.visit_at_once(i);
    let exits = CornerExits::read(&v);
    corner::decide_r10(&mut v, &exits);
    v.finish();
}

/// The order in which a pass visits rows.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Sweep {
    Down,
    Up,
}

/// One sweep of every family over every row; `due` is scratch (any
/// [`Due`] will do).
pub fn pass<const W: usize>(ctx: &mut Ctx<'_, W>, due: &mut Due) -> Result<(), Contradiction> {
    // Every row due, in the scratch set (nothing allocated).
    let every = &mut due.now;
    every.every(ctx.frame.rows);
    pass_rows(ctx, Sweep::Down, true, every)
}

/// One sweep over the rows in `due` of the cell and vertex families (and
/// the colour and angle rules, if on), or of every family if
/// `every_family`. A family runs on a row only if what it reads changed
/// there: the cell rules where a side of a cell of the row did, the
/// vertex rules where an arm of a vertex of the row did, the colour rules
/// where a side or a colour of the row or of the rows above and below
/// did, the angle rules where an edge or a mark of the cell or vertex they
/// decide at did.
pub(super) fn pass_rows<const W: usize>(
    ctx: &mut Ctx<'_, W>,
    sweep: Sweep,
    every_family: bool,
    due: &DueRows,
) -> Result<(), Contradiction> {
    // (Three copies: without the colour and angle rules, the cell and
    // vertex rules are due on every row of the sweep, and no row is
    // tested; with them, on boards of up to 63 rows, each family's rows
    // are tested in a word of their own, not through the sets.)
    if !(ctx.colors || ctx.angles) {
        sweep_families::<false, W, _>(ctx, sweep, every_family, &due.any, due)
    } else if let Some(words) = DueWords::of(due) {
        sweep_families::<true, W, _>(ctx, sweep, every_family, &due.any, &words)
    } else {
        sweep_families::<true, W, _>(ctx, sweep, every_family, &due.any, due)
    }
}

/// A family a sweep tests its rows for (see [`DueRows`]).
#[derive(Clone, Copy)]
enum Family {
    Cells,
    Vertices,
    Colors,
    AngleCells,
    AngleVertices,
}

impl Family {
    /// The rows of `due` where the family is due.
    #[inline(always)]
    fn rows(self, due: &DueRows) -> &RowSet {
        match self {
            Family::Cells => &due.cells,
            Family::Vertices => &due.vertices,
            Family::Colors => &due.colors,
            Family::AngleCells => &due.angle_cells,
            Family::AngleVertices => &due.angle_vertices,
        }
    }
}

/// Which rows each family is due on: the sets of a [`DueRows`], or their
/// words on boards of up to 63 rows ([`DueWords`]).
trait DueFamilies {
    /// Whether `family` is due on row `r` (a cell or vertex row, as the
    /// family reads).
    fn has(&self, family: Family, r: usize) -> bool;
}

impl DueFamilies for DueRows {
    #[inline(always)]
    fn has(&self, family: Family, r: usize) -> bool {
        family.rows(self).contains(r)
    }
}

/// The families' rows of a [`DueRows`] whose sets are one word each: a
/// row tested in a register, not through a set (with the sweep's rows
/// taken from their word too, 1.8% of the human-made set's instructions).
struct DueWords {
    cells: u64,
    vertices: u64,
    colors: u64,
    angle_cells: u64,
    angle_vertices: u64,
}

impl DueWords {
    /// The words of `due`'s sets, if each is one word.
    #[inline(always)]
    fn of(due: &DueRows) -> Option<DueWords> {
        Some(DueWords {
            cells: due.cells.single()?,
            vertices: due.vertices.single()?,
            colors: due.colors.single()?,
            angle_cells: due.angle_cells.single()?,
            angle_vertices: due.angle_vertices.single()?,
        })
    }
}

impl DueFamilies for DueWords {
    #[inline(always)]
    fn has(&self, family: Family, r: usize) -> bool {
        let word = match family {
            Family::Cells => self.cells,
            Family::Vertices => self.vertices,
            Family::Colors => self.colors,
            Family::AngleCells => self.angle_cells,
            Family::AngleVertices => self.angle_vertices,
        };
        // (A one-word set's rows are below 64.)
        debug_assert!(r < 64, "row {r} of a one-word set");
        (word >> (r % 64)) & 1 == 1
    }
}

/// [`pass_rows`], testing each family's rows if `BY_FAMILY` (else the cell
/// and vertex rules run on every row of the sweep: where only they run,
/// they are due on all of them).
#[inline(always)]
fn sweep_families<const BY_FAMILY: bool, const W: usize, D: DueFamilies>(
    ctx: &mut Ctx<'_, W>,
    sweep: Sweep,
    every_family: bool,
    any: &RowSet,
    due: &D,
) -> Result<(), Contradiction> {
    let last = sweep_rows(any, ctx.frame.rows, sweep, |i, v| {
        if ctx.colors && due.has(Family::Colors, i) {
            color::apply(ctx, i);
            if ctx.closing.any() {
                closing::apply(ctx, i);
            }
        }
        if ctx.angles && due.has(Family::AngleCells, i) {
            angle::cells(ctx, i)?;
        }
        // (A sweep of every family keeps them: it is the check of the
        // fixpoint, see [`angles_cover_cell_rules`].)
        if (!BY_FAMILY || due.has(Family::Cells, i))
            && (every_family || !angles_cover_cell_rules(ctx))
        {
            cell::apply(ctx, i)?;
        }
        if every_family {
            threes::apply(ctx, i);
            corners_visit(ctx, i);
            diagonal::apply(ctx, i);
        }
        vertices(ctx, v, !BY_FAMILY || due.has(Family::Vertices, v), due)
    })?;
    last.map_or(Ok(()), |v| {
        vertices(ctx, v, !BY_FAMILY || due.has(Family::Vertices, v), due)
    })
}

/// The vertex rules on vertex row `v` if `edges` (an arm changed near it),
/// and the angles' when they are on and due there.
#[inline(always)]
fn vertices<const W: usize>(
    ctx: &mut Ctx<'_, W>,
    v: usize,
    edges: bool,
    due: &impl DueFamilies,
) -> Result<(), Contradiction> {
    if edges {
        vertex::apply(ctx, v)?;
    }
    if ctx.angles && due.has(Family::AngleVertices, v) {
        angle::vertices(ctx, v)?;
    }
    Ok(())
}

/// Whether the cell rules (R1-R3) are left to the angles' cell rules:
/// when the angle rules are on and no trace names the rule of each
/// decision. At a cell with clue `n`, what R1-R3 decide the angles' cell
/// rules decide in the same visit, or through a mark they write, at the
/// vertex of that corner in the same pass:
/// - a 0 has its sides crossed (both at every corner); a 3 with a cross
///   has its other three sides lines (the corners with the cross have at
///   most one, the opposite ones both); a 1 with a line has the other
///   three crossed;
/// - a 2 with two lines or two crosses: each corner with one of them
///   decides the far side of the opposite corner (a line and a cross
///   there, at most one; a cross and a line, at least one);
/// - a 3 with three lines: the corner opposite two lines has at most
///   one, so its vertex crosses the fourth side; a 1 with three crosses:
///   the corner opposite two crosses has at least one, so its vertex
///   makes the fourth a line.
///
/// Their contradictions are the angles' too: a line at a 0, two lines at
/// a 1 or three at a 2, two crosses at a 3 or three at a 2 break a corner
/// or a pair of opposite ones at once; four lines at a 3 and four crosses
/// at a 1 write a mark that breaks a corner at the next visit. The vertex rules
/// (R6-R8) are kept: the angles' vertex rules cover them too, but leaving
/// them out changed the search on some boards (docs/bench-history.md,
/// "Issue 52").
///
/// The debug builds' check of every fixpoint (`assert_fixpoint`) sweeps
/// the cell rules with every family, so a board where this missed a
/// decision or a contradiction would be found by the tests.
#[inline(always)]
fn angles_cover_cell_rules<const W: usize>(ctx: &Ctx<'_, W>) -> bool {
    ctx.angles && ctx.trace.is_none()
}

/// [`pass_rows`] of the cell and vertex families on a board with every
/// edge decided (and no colour rules): there they can decide nothing, and
/// only their contradictions are left to find, in the same order.
#[inline(never)]
fn check_rows<const W: usize>(
    ctx: &Ctx<'_, W>,
    sweep: Sweep,
    due: &DueRows,
) -> Result<(), Contradiction> {
    let vertices = |v: usize| {
        if due.vertices.contains(v) {
            vertex::check(ctx, v)
        } else {
            Ok(())
        }
    };
    let last = sweep_rows(&due.any, ctx.frame.rows, sweep, |i, v| {
        if due.cells.contains(i) {
            cell::check(ctx, i)?;
        }
        vertices(v)
    })?;
    last.map_or(Ok(()), vertices)
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
    if let Some(word) = due.single() {
        // Up to 63 rows: the set's word, its bits one after the other.
        let below = u64::MAX.checked_shl(rows as u32).map_or(u64::MAX, |m| !m);
        let mut cells = word & below;
        let last = match sweep {
            Sweep::Down => {
                while cells != 0 {
                    let i = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    visit(i, i + 1)?;
                }
                0
            }
            Sweep::Up => {
                while cells != 0 {
                    let i = 63 - cells.leading_zeros() as usize;
                    cells &= !(1 << i);
                    visit(i, i)?;
                }
                rows
            }
        };
        return Ok(due.contains(last).then_some(last));
    }
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

//! Angles: what is known of the two sides of a cell that meet at one of
//! its corners, beyond their own states. Not one of the judge's rules;
//! used by the complete solver once the judge's rules stall.
//!
//! Each cell corner keeps two marks ([`Angle`]): *at most one* of its two
//! sides is a line, and *at least one* is (both: exactly one). The same
//! two sides are two arms of the corner's vertex, so the marks carry news
//! between a cell's clue and a vertex's "none or two", and from there to
//! the cell diagonally across the vertex: chains of 2s between two 3s,
//! and a 1 or a 3 in a corner that a path enters, are decided this way
//! from far off, where the judge's rules see only their two ends.
//!
//! At a cell with clue `n`, the lines at a corner and at the opposite
//! corner add up to `n` (a 0 has both sides of each corner crossed):
//! - *at most one* at a corner when the opposite corner has at least
//!   `n - 1`; *at least one* when it has at most `n - 1`;
//! - a 3 with at most one line at a corner has both sides of the opposite
//!   corner as lines; a 1 with at least one at a corner has both sides of
//!   the opposite corner crossed; a 2 with at least one (at most one) at a
//!   corner and a line (a cross) on one side of the opposite corner has a
//!   cross (a line) on the other.
//!
//! At a vertex, an angle (two of its four arms) and the opposite angle
//! (the other two) hold no line or two between them:
//! - at least one line in one angle: at most one in the other; exactly
//!   one in one: exactly one in the other;
//! - at most one and a line on one arm: the other arm is a cross; at least
//!   one and a cross on one arm: the other arm is a line; the opposite
//!   angle crossed: the angle is both lines or both crosses, so either
//!   mark decides both arms.
//!
//! Where it stops: each mark speaks of one corner; that two edges far apart
//! are equal or opposite (a chain through cells with two undecided sides)
//! is not kept, nor anything of three edges.

use super::{Contradiction, Ctx, Reason};
use crate::bits::{map4, unroll4, Lanes, Row};
use crate::board::{Angle, Edge};
use crate::grid::{At, Side, ARMS};
use std::ops::{BitAnd, BitOr};

/// The least and most lines the two sides at one corner may hold, per bit
/// (of a row, or of each lane of [`Lanes`]).
#[derive(Clone, Copy)]
struct Bounds<T> {
    /// At least one line.
    least1: T,
    /// Both lines.
    least2: T,
    /// At most one line.
    most1: T,
    /// No line: both crosses.
    most0: T,
}

impl<T: Copy + BitAnd<Output = T> + BitOr<Output = T>> Bounds<T> {
    /// The bounds of the two edges `p` and `q` (lines, crosses), given the
    /// marks `at_most` and `at_least` of their angle.
    #[inline(always)]
    fn of(p: [T; 2], q: [T; 2], at_most: T, at_least: T) -> Self {
        let ([pl, px], [ql, qx]) = (p, q);
        Bounds {
            least1: pl | ql | at_least,
            least2: pl & ql,
            most1: px | qx | at_most,
            most0: px & qx,
        }
    }

    /// Bits where the marks contradict the edges.
    #[inline(always)]
    fn broken(&self) -> T {
        (self.least1 & self.most0) | (self.most1 & self.least2)
    }
}

impl<const W: usize> Bounds<Lanes<W>> {
    /// The opposite corner's (or angle's) bounds in each lane.
    #[inline(always)]
    fn opposite(self) -> Self {
        Bounds {
            least1: self.least1.opposite(),
            least2: self.least2.opposite(),
            most1: self.most1.opposite(),
            most0: self.most0.opposite(),
        }
    }
}

/// Lines and crosses of one edge per lane: lane `k` the `k`-th corner's
/// (or angle's) edge, from `edges` by index `of`.
#[inline(always)]
fn edge_lanes<const W: usize>(edges: &[Edge<W>; 4], of: [usize; 4]) -> [Lanes<W>; 2] {
    [
        Lanes(of.map(|k| edges[k].line)),
        Lanes(of.map(|k| edges[k].cross)),
    ]
}

/// The news of one edge that two lanes `of` of `news` (lines, crosses)
/// hold: two corners (or angles) share each side (or arm).
#[inline(always)]
fn from_lanes<const W: usize>(news: [Lanes<W>; 2], of: [usize; 2]) -> Edge<W> {
    let ([line, cross], [j, k]) = (news, of);
    Edge {
        line: line.lane(j) | line.lane(k),
        cross: cross.lane(j) | cross.lane(k),
    }
}

/// The two sides of corner `k` (its index in `Corner::ALL`) among a cell's
/// sides in the order of `Side::ALL`: horizontal, vertical.
#[cfg(test)]
#[inline(always)]
fn corner_sides<T: Copy>(sides: &[T; 4], k: usize) -> [T; 2] {
    [sides[k >> 1], sides[2 + (k & 1)]]
}

/// Applies the cell rules of the angles to the cells of row `i`: the four
/// corners at once, corner `k` in lane `k` (its sides `sides[k >> 1]` and
/// `sides[2 + (k & 1)]`, the opposite corner in lane `3 - k`). Decides
/// exactly what `reference_cells` (the tests') decides, in the same order.
#[inline]
pub fn cells<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) -> Result<(), Contradiction> {
    let frame = ctx.frame;
    let sides = map4!(Side::ALL, |s| ctx.edge(i, s.at()));
    // The row's eight marks in one read: at most one at each corner, then
    // at least one.
    let marks = ctx.board.angle_marks(i);
    let at_most = Lanes([marks[0], marks[1], marks[2], marks[3]]);
    let at_least = Lanes([marks[4], marks[5], marks[6], marks[7]]);
    // Each corner's horizontal side (top, top, bottom, bottom) and
    // vertical one (left, right, left, right).
    let (p, q) = (
        edge_lanes(&sides, [0, 0, 1, 1]),
        edge_lanes(&sides, [2, 3, 2, 3]),
    );
    let b = Bounds::of(p, q, at_most, at_least);
    let o = b.opposite();
    let c = [0, 1, 2, 3].map(|n| ctx.clue(n, i, 0, 0));
    let broken = b.broken()
        | (c[0] & b.least1)
        | (c[1] & (b.least1 & o.least1))
        | (c[2] & ((b.least2 & o.least1) | (b.most0 & o.most1)))
        | (c[3] & (b.most1 & o.most1));
    if (broken.or_all() & frame.cells).any() {
        return Err(Contradiction::AngleBroken);
    }
    // The opposite corner's bounds, against the clue (not where this
    // corner's marks or edges say so already).
    let most = (c[1] | (c[2] & o.least1) | (c[3] & o.least2)) & !b.most1;
    let least = (c[3] | (c[2] & o.most1) | (c[1] & o.most0)) & !b.least1;
    let (m, l) = (most.0, least.0);
    let marks_news = [m[0], m[1], m[2], m[3], l[0], l[1], l[2], l[3]];
    // This corner's bounds decide the opposite corner's sides: `h` and `v`
    // are those sides, the news made per lane and then turned round, so
    // that lane `k` holds corner `k`'s.
    let ([pl, px], [ql, qx]) = (p, q);
    let (h, v) = (
        [pl.opposite(), px.opposite()],
        [ql.opposite(), qx.opposite()],
    );
    let both_lines = c[3] & b.most1;
    let both_crosses = c[0] | (c[1] & b.least1);
    let two_most = c[2] & b.most1;
    let two_least = c[2] & b.least1;
    let h_line = (both_lines | (two_most & v[1])).opposite();
    let v_line = (both_lines | (two_most & h[1])).opposite();
    let h_cross = (both_crosses | (two_least & v[0])).opposite();
    let v_cross = (both_crosses | (two_least & h[0])).opposite();
    let (h_news, v_news) = ([h_line, h_cross], [v_line, v_cross]);
    // Top (corners 0 and 1), bottom, left (corners 0 and 2), right.
    let news = [
        from_lanes(h_news, [0, 1]),
        from_lanes(h_news, [2, 3]),
        from_lanes(v_news, [0, 2]),
        from_lanes(v_news, [1, 3]),
    ];
    write_at_cells(ctx, i, marks_news, sides, news);
    Ok(())
}

/// The cell rules of the angles on the cells of row `i`, one corner at a
/// time: the specification [`cells`] is tested against.
#[cfg(test)]
pub fn reference_cells<const W: usize>(
    ctx: &mut Ctx<'_, W>,
    i: usize,
) -> Result<(), Contradiction> {
    let frame = ctx.frame;
    let sides = map4!(Side::ALL, |s| ctx.edge(i, s.at()));
    // The row's eight marks in one read: at most one at each corner, then
    // at least one.
    let marks = ctx.board.angle_marks(i);
    let (at_most, at_least) = (&marks[..4], &marks[4..]);
    let bounds = map4!([0, 1, 2, 3], |k| {
        let [p, q] = corner_sides(&sides, k);
        Bounds::of(
            [p.line, p.cross],
            [q.line, q.cross],
            at_most[k],
            at_least[k],
        )
    });
    let (c0, c1, c2, c3) = (
        ctx.clue(0, i, 0, 0),
        ctx.clue(1, i, 0, 0),
        ctx.clue(2, i, 0, 0),
        ctx.clue(3, i, 0, 0),
    );
    let mut broken = Row::EMPTY;
    unroll4!([0, 1, 2, 3], |_n, k| {
        let (b, o) = (bounds[k], bounds[3 - k]);
        broken |= b.broken()
            | (c0 & b.least1)
            | (c1 & b.least1 & o.least1)
            | (c2 & ((b.least2 & o.least1) | (b.most0 & o.most1)))
            | (c3 & b.most1 & o.most1);
    });
    if (broken & frame.cells).any() {
        return Err(Contradiction::AngleBroken);
    }
    // The decisions, gathered per side (and the new marks, per mark) and
    // made at the end.
    let mut news = [Edge::NONE; 4];
    let mut marks_news = [Row::EMPTY; 8];
    unroll4!([0, 1, 2, 3], |_n, k| {
        let (b, o) = (bounds[k], bounds[3 - k]);
        // The opposite corner's bounds, against the clue (not where this
        // corner's marks or edges say so already).
        let most = (c1 | (c2 & o.least1) | (c3 & o.least2)) & !b.most1;
        let least = (c3 | (c2 & o.most1) | (c1 & o.most0)) & !b.least1;
        (marks_news[k], marks_news[4 + k]) = (most, least);
        // This corner's bounds decide the opposite corner's sides.
        let [hk, vk] = corner_sides(&[0, 1, 2, 3], 3 - k);
        let [h, v] = corner_sides(&sides, 3 - k);
        let both_lines = c3 & b.most1;
        let both_crosses = c0 | (c1 & b.least1);
        news[hk].line |= both_lines | (c2 & b.most1 & v.cross);
        news[vk].line |= both_lines | (c2 & b.most1 & h.cross);
        news[hk].cross |= both_crosses | (c2 & b.least1 & v.line);
        news[vk].cross |= both_crosses | (c2 & b.least1 & h.line);
    });
    write_at_cells(ctx, i, marks_news, sides, news);
    Ok(())
}

/// The four angles at a vertex: the cell whose corner each is (row and
/// column offset from the vertex), the corner's index in `Corner::ALL`,
/// and its two arms' indices in [`ARMS`] (left, right, up, down). Angle
/// `a` and angle `3 - a` are opposite.
const AT_VERTEX: [(i32, i32, usize, [usize; 2]); 4] = [
    // Up and left: the bottom right corner of the cell above left.
    (-1, -1, 3, [2, 0]),
    // Up and right: the bottom left corner of the cell above right.
    (-1, 0, 2, [2, 1]),
    // Down and left: the top right corner of the cell below left.
    (0, -1, 1, [3, 0]),
    // Down and right: the top left corner of the cell below right.
    (0, 0, 0, [3, 1]),
];

/// Applies the vertex rules of the angles to the vertices of vertex row
/// `i` (0..=rows): the four angles at once, angle `a` of `AT_VERTEX` in
/// lane `a` (the opposite angle in lane `3 - a`). Decides exactly what
/// `reference_vertices` (the tests') decides, in the same order.
#[inline]
pub fn vertices<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) -> Result<(), Contradiction> {
    let frame = ctx.frame;
    let here = frame.vertices;
    let arms = map4!(ARMS, |a| ctx.edge(i, a));
    let (above, below) = (i > 0, i < frame.rows);
    // The vertices whose angle has a cell on the grid, per angle.
    let (left, right) = (frame.cells.shift(1, false), frame.cells);
    let on = |yes: bool, r: Row<W>| if yes { r } else { Row::EMPTY };
    let valid = Lanes([
        on(above, left),
        on(above, right),
        on(below, left),
        on(below, right),
    ]);
    // The marks of the corners at the vertices: the bottom ones of the
    // cells above, the top ones of the cells below (none off the grid),
    // each aligned on its vertex (the left cell's a column on).
    let no_marks = [Row::EMPTY; 8];
    let up = if above {
        ctx.board.angle_marks(i - 1)
    } else {
        no_marks
    };
    let down = if below {
        ctx.board.angle_marks(i)
    } else {
        no_marks
    };
    let at = |m: [Row<W>; 8], kind: usize, k: usize, dc: i32| m[4 * kind + k].shift(-dc, false);
    let marks = |kind: usize| {
        Lanes(AT_VERTEX.map(|(dr, dc, k, _)| at(if dr < 0 { up } else { down }, kind, k, dc)))
    };
    let (at_most, at_least) = (
        marks(Angle::AtMost as usize),
        marks(Angle::AtLeast as usize),
    );
    // Each angle's vertical arm (up, up, down, down) and horizontal one
    // (left, right, left, right): its two arms in [`ARMS`].
    let (p, q) = (
        edge_lanes(&arms, [2, 2, 3, 3]),
        edge_lanes(&arms, [0, 1, 0, 1]),
    );
    let b = Bounds::of(p, q, at_most, at_least);
    if (b.broken().or_all() & here).any() {
        return Err(Contradiction::AngleBroken);
    }
    let o = b.opposite();
    // At least one line across the vertex: at most one here; exactly one
    // there: exactly one here.
    let most = here & o.least1;
    let least = here & (o.least1 & o.most1);
    // (Not where the marks or the arms say so already.)
    let (new_most, new_least) = (most & !b.most1, least & !b.least1);
    let (marks_news, marked) = marks_by_row(new_most, new_least, valid);
    let (most, least) = (here & (b.most1 | most), here & (b.least1 | least));
    // At most one: a line on one arm crosses the other; at least one: a
    // cross on one arm makes the other a line. The opposite angle
    // crossed: none or two here, which either mark tells apart.
    let closed = o.most0;
    let ([pl, px], [ql, qx]) = (p, q);
    let (q_cross, p_cross) = (most & (pl | closed), most & (ql | closed));
    let (q_line, p_line) = (least & (px | closed), least & (qx | closed));
    let (p_news, q_news) = ([p_line, p_cross], [q_line, q_cross]);
    // Left (angles 0 and 2), right, up (angles 0 and 1), down.
    let news = [
        from_lanes(q_news, [0, 2]),
        from_lanes(q_news, [1, 3]),
        from_lanes(p_news, [0, 1]),
        from_lanes(p_news, [2, 3]),
    ];
    write_at_vertices(ctx, i, (marks_news, marked), arms, news);
    Ok(())
}

/// The new marks `most` and `least` of the angles at a row of vertices
/// (angle `a` of [`AT_VERTEX`] in lane `a`), as marks of the cells' corners
/// in the row above and the row below (in the order
/// [`crate::board::Board::angle_marks`] reads them), and for each of the
/// two rows the vertices with a new mark of an angle of `valid` (whose
/// cell is on the grid).
#[inline(always)]
fn marks_by_row<const W: usize>(
    most: Lanes<W>,
    least: Lanes<W>,
    valid: Lanes<W>,
) -> ([[Row<W>; 8]; 2], [Row<W>; 2]) {
    let mut rows = [[Row::EMPTY; 8]; 2];
    for (a, (dr, dc, k, _)) in AT_VERTEX.into_iter().enumerate() {
        let row = &mut rows[(dr + 1) as usize];
        row[k] = most.lane(a).shift(dc, false);
        row[4 + k] = least.lane(a).shift(dc, false);
    }
    let marked = (most | least) & valid;
    let marked = [0, 2].map(|a| marked.lane(a) | marked.lane(a + 1));
    (rows, marked)
}

/// The vertex rules of the angles on the vertices of vertex row `i`, one
/// angle at a time: the specification [`vertices`] is tested against.
#[cfg(test)]
pub fn reference_vertices<const W: usize>(
    ctx: &mut Ctx<'_, W>,
    i: usize,
) -> Result<(), Contradiction> {
    let frame = ctx.frame;
    let here = frame.vertices;
    let arms = map4!(ARMS, |a| ctx.edge(i, a));
    let (above, below) = (i > 0, i < frame.rows);
    // The vertices whose angle has a cell on the grid, per angle.
    let (left, right) = (frame.cells.shift(1, false), frame.cells);
    let valid = [
        if above { left } else { Row::EMPTY },
        if above { right } else { Row::EMPTY },
        if below { left } else { Row::EMPTY },
        if below { right } else { Row::EMPTY },
    ];
    let marks = map4!(AT_VERTEX, |a| {
        let (dr, dc, k, _) = a;
        (
            ctx.board.angle(Angle::AtMost, k, i, dr, dc),
            ctx.board.angle(Angle::AtLeast, k, i, dr, dc),
        )
    });
    let bounds = map4!([0, 1, 2, 3], |a| {
        let [p, q] = AT_VERTEX[a].3;
        let (p, q) = (arms[p], arms[q]);
        Bounds::of([p.line, p.cross], [q.line, q.cross], marks[a].0, marks[a].1)
    });
    let broken = bounds[0].broken() | bounds[1].broken() | bounds[2].broken() | bounds[3].broken();
    if (broken & here).any() {
        return Err(Contradiction::AngleBroken);
    }
    // The decisions, gathered per arm (and the new marks, per cell row and
    // mark, with whether any is on the grid) and made at the end.
    let mut news = [Edge::NONE; 4];
    let mut marks_news = [[Row::EMPTY; 8]; 2];
    let mut marked = [Row::EMPTY; 2];
    unroll4!(AT_VERTEX, |a, x| {
        let (dr, dc, k, [p, q]) = x;
        let (b, o) = (bounds[a], bounds[3 - a]);
        // At least one line across the vertex: at most one here; exactly
        // one there: exactly one here.
        let most = o.least1 & here;
        let least = o.least1 & o.most1 & here;
        // (Not where the marks or the arms say so already.)
        let (new_most, new_least) = (most & !b.most1, least & !b.least1);
        let row = (dr + 1) as usize;
        marked[row] |= (new_most | new_least) & valid[a];
        marks_news[row][k] = new_most.shift(dc, false);
        marks_news[row][4 + k] = new_least.shift(dc, false);
        let (most, least) = ((b.most1 | most) & here, (b.least1 | least) & here);
        let (ep, eq) = (arms[p], arms[q]);
        // At most one: a line on one arm crosses the other; at least one: a
        // cross on one arm makes the other a line. The opposite angle
        // crossed: none or two here, which either mark tells apart.
        let closed = o.most0;
        news[q].cross |= most & (ep.line | closed);
        news[p].cross |= most & (eq.line | closed);
        news[q].line |= least & (ep.cross | closed);
        news[p].line |= least & (eq.cross | closed);
    });
    write_at_vertices(ctx, i, (marks_news, marked), arms, news);
    Ok(())
}

/// Writes what the cell rules of the angles found at cell row `i`: the
/// new marks `marks` (every new mark is a cell's: the clues are), then
/// the news of each side of [`Side::ALL`] (now `sides`).
#[inline(always)]
fn write_at_cells<const W: usize>(
    ctx: &mut Ctx<'_, W>,
    i: usize,
    marks: [Row<W>; 8],
    sides: [Edge<W>; 4],
    news: [Edge<W>; 4],
) {
    if marks.iter().any(|m| m.any()) {
        ctx.board.add_angle_marks(ctx.frame, i, marks);
        ctx.changed = true;
    }
    unroll4!(Side::ALL, |k, side| make(
        ctx,
        i,
        side.at(),
        sides[k],
        news[k]
    ));
}

/// Writes what the vertex rules of the angles found at vertex row `i`:
/// the new marks of the cells above and below (`marks`: per row, the
/// marks and whether any is new), then the news of each arm of [`ARMS`]
/// (now `arms`).
#[inline(always)]
fn write_at_vertices<const W: usize>(
    ctx: &mut Ctx<'_, W>,
    i: usize,
    marks: ([[Row<W>; 8]; 2], [Row<W>; 2]),
    arms: [Edge<W>; 4],
    news: [Edge<W>; 4],
) {
    let (frame, (marks_news, marked)) = (ctx.frame, marks);
    if marked[0].any() {
        ctx.board.add_angle_marks(frame, i - 1, marks_news[0]);
    }
    if marked[1].any() {
        ctx.board.add_angle_marks(frame, i, marks_news[1]);
    }
    ctx.changed |= (marked[0] | marked[1]).any();
    unroll4!(ARMS, |k, arm| make(ctx, i, arm, arms[k], news[k]));
}

/// Makes the decisions `news` of edge `at` (now `e`) of row `i` where it
/// is undecided: in one write, or one decision at a time when they are
/// recorded.
#[inline(always)]
fn make<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize, at: At, e: Edge<W>, news: Edge<W>) {
    let open = e.unknown();
    let news = Edge {
        line: news.line & open,
        cross: news.cross & open,
    };
    if (news.line | news.cross).is_empty() {
        return;
    }
    if ctx.trace.is_some() {
        ctx.decide(Reason::Angles, i, at, news.line, true);
        ctx.decide(Reason::Angles, i, at, news.cross, false);
    } else if ctx.board.set_edge(ctx.frame, i, at, news) {
        ctx.changed = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Clues, Frame};
    use crate::rules::testing::random_case;
    use crate::util::rng::splitmix64;

    /// Adds random angle marks to the cells of `board` (some of them
    /// clashing with its edges).
    fn add_marks<const W: usize>(frame: &Frame<W>, board: &mut Board<W>, seed: &mut u64) {
        let density = splitmix64(seed) % 5;
        for r in 0..frame.rows {
            let marks = [0; 8].map(|_| {
                let mut m = Row::<W>::EMPTY;
                for j in 0..frame.cols {
                    if splitmix64(seed) % 8 < density {
                        m.set(j);
                    }
                }
                m
            });
            board.add_angle_marks(frame, r, marks);
        }
    }

    type Rule<const W: usize> = fn(&mut Ctx<'_, W>, usize) -> Result<(), Contradiction>;

    /// Runs `rules` (the fast one, then its reference) on every row of random boards (traced
    /// too), and asserts that they decide, mark and fail alike.
    fn compare<const W: usize>(cases: usize, max_cols: usize, rules: [Rule<W>; 2], vertex: bool) {
        let mut seed = 7 + W as u64;
        for case in 0..cases {
            let rows = 1 + splitmix64(&mut seed) as usize % 7;
            let cols = 1 + splitmix64(&mut seed) as usize % max_cols;
            let (p, mut start) = random_case::<W>(rows, cols, &mut seed);
            let frame = Frame::<W>::new(rows, cols);
            add_marks(&frame, &mut start, &mut seed);
            let mut clues = Clues::<W>::default();
            clues.load(&p);
            for i in 0..rows + usize::from(vertex) {
                let mut boards = [start.clone(), start.clone(), start.clone()];
                let mut results = Vec::new();
                for (k, board) in boards.iter_mut().enumerate() {
                    let mut events = Vec::new();
                    let mut ctx = Ctx::new(&frame, &clues, board);
                    if k == 2 {
                        ctx.trace = Some(crate::rules::Trace {
                            events: &mut events,
                            depth: 0,
                        });
                    }
                    // The fast rule, the reference, the fast rule traced.
                    let rule = if k == 1 { rules[1] } else { rules[0] };
                    let r = rule(&mut ctx, i);
                    results.push((r, ctx.changed));
                }
                let [fast, reference, traced] = &boards;
                let at = format!("case {case}, row {i} of {rows}x{cols}");
                assert_eq!(results[0], results[1], "{at}");
                assert_eq!(results[2], results[1], "traced: {at}");
                if results[1].0.is_ok() {
                    assert!(fast == reference, "{at}");
                    assert!(traced == reference, "traced: {at}");
                }
            }
        }
    }

    #[test]
    fn cells_four_corners_at_once_match_the_reference() {
        compare::<1>(3000, 63, [cells, reference_cells], false);
        compare::<2>(400, 127, [cells, reference_cells], false);
    }

    #[test]
    fn vertices_four_angles_at_once_match_the_reference() {
        compare::<1>(3000, 63, [vertices, reference_vertices], true);
        compare::<2>(400, 127, [vertices, reference_vertices], true);
    }
}

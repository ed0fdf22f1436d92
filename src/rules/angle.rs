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
use crate::bits::{map4, unroll4, Row};
use crate::board::{Angle, Edge};
use crate::grid::{At, Side, ARMS};

/// The least and most lines the two sides at one corner may hold, per bit.
#[derive(Clone, Copy)]
struct Bounds<const W: usize> {
    /// At least one line.
    least1: Row<W>,
    /// Both lines.
    least2: Row<W>,
    /// At most one line.
    most1: Row<W>,
    /// No line: both crosses.
    most0: Row<W>,
}

impl<const W: usize> Bounds<W> {
    /// The bounds of the two edges `p` and `q`, given the marks `at_most`
    /// and `at_least` of their angle.
    #[inline(always)]
    fn of(p: Edge<W>, q: Edge<W>, at_most: Row<W>, at_least: Row<W>) -> Self {
        Bounds {
            least1: p.line | q.line | at_least,
            least2: p.line & q.line,
            most1: p.cross | q.cross | at_most,
            most0: p.cross & q.cross,
        }
    }

    /// Bits where the marks contradict the edges.
    #[inline(always)]
    fn broken(&self) -> Row<W> {
        (self.least1 & self.most0) | (self.most1 & self.least2)
    }
}

/// The two sides of corner `k` (its index in `Corner::ALL`) among a cell's
/// sides in the order of `Side::ALL`: horizontal, vertical.
#[inline(always)]
fn corner_sides<T: Copy>(sides: &[T; 4], k: usize) -> [T; 2] {
    [sides[k >> 1], sides[2 + (k & 1)]]
}

/// Applies the cell rules of the angles to the cells of row `i`.
#[inline]
pub fn cells<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) -> Result<(), Contradiction> {
    let frame = ctx.frame;
    let sides = map4!(Side::ALL, |s| ctx.edge(i, s.at()));
    // The row's eight marks in one read: at most one at each corner, then
    // at least one.
    let marks = ctx.board.angle_marks(i);
    let (at_most, at_least) = (&marks[..4], &marks[4..]);
    let bounds = map4!([0, 1, 2, 3], |k| {
        let [p, q] = corner_sides(&sides, k);
        Bounds::of(p, q, at_most[k], at_least[k])
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
    // (Every new mark is a cell's: the clues are.)
    if marks_news.iter().any(|m| m.any()) {
        ctx.board.add_angle_marks(frame, i, marks_news);
        ctx.changed = true;
    }
    unroll4!(Side::ALL, |k, side| make(
        ctx,
        i,
        side.at(),
        sides[k],
        news[k]
    ));
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
/// `i` (0..=rows).
#[inline]
pub fn vertices<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) -> Result<(), Contradiction> {
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
        Bounds::of(arms[p], arms[q], marks[a].0, marks[a].1)
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
    if marked[0].any() {
        ctx.board.add_angle_marks(frame, i - 1, marks_news[0]);
    }
    if marked[1].any() {
        ctx.board.add_angle_marks(frame, i, marks_news[1]);
    }
    ctx.changed |= (marked[0] | marked[1]).any();
    unroll4!(ARMS, |k, arm| make(ctx, i, arm, arms[k], news[k]));
    Ok(())
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

//! Inside and outside: the loop splits the cells into two regions, so a
//! side is a line exactly where the cells on its two sides differ. Not one
//! of the judge's rules; used by the complete solver.
//!
//! Cells off the grid are outside. For the cells of a row:
//! - a side whose line state and far cell are known colours the cell;
//! - a cell and its neighbour both coloured decide the side between them;
//! - a clue bounds how many neighbours may differ (`n`) or match (`4 - n`):
//!   too many of one colour around a cell forces the cell's colour.

use super::Ctx;
use crate::bits::{Count, Lanes, Row};
use crate::board::Edge;
use crate::grid::Side;

/// Applies the colour rules to the cells of row `i`.
///
/// Written out side by side (no loop over [`Side::ALL`]): each side's
/// edge and neighbour row are read straight from the board with constant
/// shifts. Decides exactly what [`reference`] decides, in the same order.
#[inline]
pub fn apply<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) {
    let frame = ctx.frame;
    let cells = frame.cells;
    let edges = &*ctx.board;
    // The colours of this row and the rows above and below (cells off the
    // grid outside), read as the other rules read edges.
    let (mut inside, mut outside) = edges.color(frame, i, 0, 0);
    let (here_in, here_out) = (inside, outside);
    let (top_in, top_out) = edges.color(frame, i, -1, 0);
    let (bottom_in, bottom_out) = edges.color(frame, i, 1, 0);
    // Left neighbour: cell j - 1 in bit j; right neighbour: cell j + 1
    // (from this row's colours, read once).
    let (left_in, left_out) = (here_in.east(1, false), here_out.east(1, true));
    let (right_in, right_out) = (here_in.west(1, false), here_out.west(1, true));
    let sides = crate::bits::map4!(Side::ALL, |s| ctx.edge(i, s.at()));
    let [top, bottom, left, right] = sides;
    // The four sides at once, a lane each (top, bottom, left, right).
    let (ni, no) = (
        Lanes([top_in, bottom_in, left_in, right_in]),
        Lanes([top_out, bottom_out, left_out, right_out]),
    );
    let (line, cross) = (Lanes(sides.map(|e| e.line)), Lanes(sides.map(|e| e.cross)));
    inside |= ((line & no) | (cross & ni)).or_all();
    outside |= ((line & ni) | (cross & no)).or_all();
    // How many neighbours of each colour, per cell (from the same lanes).
    let (cin, cout) = (Count::of(ni.0), Count::of(no.0));
    // Inside, the cell would see every outside neighbour as a line.
    let [c0, c1, c2, c3] = ctx.clues_of_row(i);
    let (in1, in2, in3) = (cin.gt(1), cin.gt(2), cin.gt(3));
    let (out1, out2, out3) = (cout.gt(1), cout.gt(2), cout.gt(3));
    let (in0, out0) = (cin.gt(0), cout.gt(0));
    outside |= (c0 & out0) | (c1 & (out1 | in3)) | (c2 & (out2 | in2)) | (c3 & (out3 | in1));
    inside |= (c0 & in0) | (c1 & (in1 | out3)) | (c2 & (in2 | out2)) | (c3 & (in3 | out1));
    // Along the row: colours spread across decided sides in one go.
    let (inside, outside) = spread_along_row(inside, outside, left, right, cells);
    // Both colours in one write; the row's colours after, as written.
    let (new, [inside, outside]) = ctx.board.add_colors(i, inside & cells, outside & cells);
    ctx.changed |= new;
    let tops = [[top_in, top_out], [bottom_in, bottom_out]];
    decide_sides(ctx, i, [top, bottom, left, right], [inside, outside], tops);
}

/// Decides the sides `sides` (as read before any write, in the order of
/// [`Side::ALL`]) of the cells of row `i` from the row's colours `colors`
/// (inside, outside: as written) and the neighbours' across each side
/// (above and below: `tops`, inside and outside each; left and right:
/// from `colors`).
#[inline(always)]
fn decide_sides<const W: usize>(
    ctx: &mut Ctx<'_, W>,
    i: usize,
    sides: [Edge<W>; 4],
    colors: [Row<W>; 2],
    tops: [[Row<W>; 2]; 2],
) {
    let (frame, [inside, outside]) = (ctx.frame, colors);
    let [[top_in, top_out], [bottom_in, bottom_out]] = tops;
    // Only row i's colours changed: the left and right neighbours again.
    let out_all = outside | !frame.cells;
    let (left_in, left_out) = (inside.east(1, false), out_all.east(1, true));
    let (right_in, right_out) = (inside.west(1, false), out_all.west(1, true));
    // The four sides at once, a lane each (top, bottom, left, right).
    let (ni, no) = (
        Lanes([top_in, bottom_in, left_in, right_in]),
        Lanes([top_out, bottom_out, left_out, right_out]),
    );
    let open = !Lanes(sides.map(|e| e.line | e.cross));
    let line = ((inside & no) | (outside & ni)) & open;
    let cross = ((inside & ni) | (outside & no)) & open;
    let news = |k: usize| Edge {
        line: line.lane(k),
        cross: cross.lane(k),
    };
    let [top, bottom, left] = [0, 1, 2].map(news);
    // The right side shares the left side's edge row: its news only where
    // the left side's left it open (what reading it again after the left
    // side's writes would show).
    let right = {
        let still_open = !(left.line | left.cross).west(1, false);
        Edge {
            line: line.lane(3) & still_open,
            cross: cross.lane(3) & still_open,
        }
    };
    if ctx.trace.is_some() {
        // One decision at a time, as recorded.
        decide(ctx, i, Side::Top, top);
        decide(ctx, i, Side::Bottom, bottom);
        decide(ctx, i, Side::Left, left);
        decide(ctx, i, Side::Right, right);
        return;
    }
    // The edges read above are still current (only colours were written
    // since): one write per edge row.
    let sides = Edge {
        line: left.line | right.line.east(1, false),
        cross: left.cross | right.cross.east(1, false),
    };
    for (at, news) in [
        (Side::Top.at(), top),
        (Side::Bottom.at(), bottom),
        (Side::Left.at(), sides),
    ] {
        if ctx.board.set_edge(frame, i, at, news) {
            ctx.changed = true;
        }
    }
}

/// Makes the decisions `news` of side `s` of the cells of row `i`, lines
/// first.
#[inline(always)]
fn decide<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize, s: Side, news: Edge<W>) {
    ctx.line_quiet(i, s.at(), news.line);
    ctx.cross_quiet(i, s.at(), news.cross);
}

/// Spreads the colours `inside` and `outside` of a row of `cells` along the
/// row until nothing changes: across a crossed side a neighbour has the
/// same colour, across a line the other one (`left` and `right`: the
/// cells' sides, in their bits; cells off the grid are outside).
#[inline(always)]
fn spread_along_row<const W: usize>(
    mut inside: Row<W>,
    mut outside: Row<W>,
    left: Edge<W>,
    right: Edge<W>,
    cells: Row<W>,
) -> (Row<W>, Row<W>) {
    loop {
        let out = outside | !cells;
        let (li, lo) = (inside.east(1, false), out.east(1, true));
        let (ri, ro) = (inside.west(1, false), out.west(1, true));
        let more_in = (left.line & lo) | (left.cross & li) | (right.line & ro) | (right.cross & ri);
        let more_out =
            (left.line & li) | (left.cross & lo) | (right.line & ri) | (right.cross & ro);
        let (more_in, more_out) = (more_in & cells & !inside, more_out & cells & !outside);
        if (more_in | more_out).is_empty() {
            return (inside, outside);
        }
        inside |= more_in;
        outside |= more_out;
    }
}

/// The colour rules of row `i` as first written, one side at a time: the
/// specification [`apply`] is tested against.
#[cfg(test)]
pub fn reference<const W: usize>(ctx: &mut Ctx<'_, W>, i: usize) {
    let cells = ctx.frame.cells;
    let (mut inside, mut outside) = ctx.board.color(ctx.frame, i, 0, 0);
    let mut nb_in = [Row::EMPTY; 4];
    let mut nb_out = [Row::EMPTY; 4];
    for (k, s) in Side::ALL.into_iter().enumerate() {
        let (dr, dc) = s.neighbour();
        let (ni, no) = ctx.board.color(ctx.frame, i, dr, dc);
        let e = ctx.edge(i, s.at());
        inside |= (e.line & no) | (e.cross & ni);
        outside |= (e.line & ni) | (e.cross & no);
        nb_in[k] = ni;
        nb_out[k] = no;
    }
    let (cin, cout) = (Count::of(nb_in), Count::of(nb_out));
    for n in 0..4 {
        let clue = ctx.clue(n, i, 0, 0);
        if clue.is_empty() {
            continue;
        }
        // Inside, the cell would see every outside neighbour as a line.
        outside |= clue & (cout.gt(n) | cin.gt(4 - n));
        inside |= clue & (cin.gt(n) | cout.gt(4 - n));
    }
    // Along the row: colours spread across decided sides in one go.
    let (left, right) = (ctx.edge(i, Side::Left.at()), ctx.edge(i, Side::Right.at()));
    let (inside, outside) = spread_along_row(inside, outside, left, right, cells);
    ctx.color(i, true, inside & cells);
    ctx.color(i, false, outside & cells);
    let (inside, outside) = (ctx.board.inside(i), ctx.board.outside(i));
    for (k, s) in Side::ALL.into_iter().enumerate() {
        if matches!(s, Side::Left | Side::Right) {
            (nb_in[k], nb_out[k]) = ctx.board.color(ctx.frame, i, 0, s.neighbour().1);
        }
        let differ = (inside & nb_out[k]) | (outside & nb_in[k]);
        let same = (inside & nb_in[k]) | (outside & nb_out[k]);
        let e = ctx.edge(i, s.at());
        ctx.line_quiet(i, s.at(), differ & e.unknown());
        ctx.cross_quiet(i, s.at(), same & e.unknown());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Clues, Frame};
    use crate::rules::testing::random_case;
    use crate::util::rng::splitmix64;

    fn compare<const W: usize>(cases: usize, max_cols: usize, seed: &mut u64) {
        for case in 0..cases {
            let rows = 1 + splitmix64(seed) as usize % 7;
            let cols = 1 + splitmix64(seed) as usize % max_cols;
            let (p, start) = random_case::<W>(rows, cols, seed);
            let frame = Frame::<W>::new(rows, cols);
            let mut clues = Clues::<W>::default();
            clues.load(&p);
            for i in 0..rows {
                let (mut a, mut b, mut t) = (start.clone(), start.clone(), start.clone());
                let mut ca = Ctx::new(&frame, &clues, &mut a);
                apply(&mut ca, i);
                let changed_a = ca.changed;
                let mut cb = Ctx::new(&frame, &clues, &mut b);
                reference(&mut cb, i);
                let changed_b = cb.changed;
                assert_eq!(a, b, "case {case}, row {i} of {rows}x{cols}");
                assert_eq!(changed_a, changed_b, "case {case}, row {i}");
                // Traced, one decision at a time: the same board.
                let mut events = Vec::new();
                let mut ct = Ctx::new(&frame, &clues, &mut t);
                ct.trace = Some(crate::rules::Trace {
                    events: &mut events,
                    depth: 0,
                });
                apply(&mut ct, i);
                assert_eq!(t, b, "traced: case {case}, row {i} of {rows}x{cols}");
            }
        }
    }

    #[test]
    fn apply_matches_the_reference_side_by_side_rules() {
        let mut seed = 11;
        compare::<1>(3000, 63, &mut seed);
        compare::<2>(500, 127, &mut seed);
    }
}

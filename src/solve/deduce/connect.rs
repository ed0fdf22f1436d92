//! One loop, so one piece: everything the loop must pass lies in one
//! connected part of the grid's edges that are not crossed. Not one of the
//! judge's rules; the complete solver runs it beside loop reasoning.
//!
//! The part of a vertex (the vertices joined to it by edges not crossed)
//! is filled in row by row with shifts: an occluded fill along a row, then
//! across the vertical edges to the rows above and below, until nothing
//! changes. The loop lies in the part of its first line; with no line yet,
//! in the part of one of the sides of the first cell with a clue of 1 to
//! 3 (the loop runs along one of them). A part that misses a line, or
//! every side of a cell with a clue of 1 to 3, cannot hold the loop. So:
//! - no part can: a contradiction, two pieces that nothing can join;
//! - every undecided edge outside the parts that can is crossed: the loop
//!   cannot get there.
//!
//! Where it stops: only reachability, not how many ways lead there (an
//! edge that is the only way between two pieces is not made a line).

use crate::bits::Row;
use crate::board::{Board, Clues, Frame};
use crate::grid::Plane;
use crate::rules::Contradiction;

/// Scratch rows for the fill, reused between calls.
#[derive(Default, Clone, Debug)]
pub struct Reach<const W: usize> {
    /// Per vertex row: the vertices reached.
    reach: Vec<Row<W>>,
    /// Per vertex row: the `H` edges not crossed (bit `j`: from `j` to `j + 1`).
    open_h: Vec<Row<W>>,
    /// Per cell row: the `V` edges not crossed (bit `j`: from row `i` to `i + 1`).
    open_v: Vec<Row<W>>,
    /// Per vertex row: the vertices of the parts the loop may lie in.
    allowed: Vec<Row<W>>,
    /// The parts filled so far in this call (when there is no line yet).
    seen: Vec<Vec<Row<W>>>,
    /// The fill's rows still to spread from.
    work: Vec<usize>,
}

impl<const W: usize> Reach<W> {
    /// Finds the part of the edges not crossed that the loop must lie in,
    /// and crosses every undecided edge outside it. Returns how many edges
    /// it crossed.
    pub fn apply(
        &mut self,
        frame: &Frame<W>,
        clues: &Clues<W>,
        edges: &mut Board<W>,
    ) -> Result<u32, Contradiction> {
        let rows = frame.rows;
        // (A plane's rows as a slice: a row read at a time costs a range
        // check and the part's place each.)
        for (open, p) in [(&mut self.open_h, Plane::H), (&mut self.open_v, Plane::V)] {
            let bits = frame.plane_bits(p);
            open.clear();
            open.extend(edges.cross_rows(p).iter().map(|&x| !x & bits));
        }
        self.allowed.clear();
        self.allowed.resize(rows + 1, Row::EMPTY);
        let needed = |i: usize| {
            (clues.cells_with(1, i) | clues.cells_with(2, i) | clues.cells_with(3, i)) & frame.cells
        };
        if let Some((i, j)) = first_line(edges, frame) {
            // The loop holds this line: its part must hold every other line
            // and pass every clued cell.
            self.fill_from(rows, i, j);
            if !self.holds_all(edges, frame, &needed) {
                return Err(Contradiction::Disconnected);
            }
            self.allowed.clone_from(&self.reach);
        } else {
            // No line yet: the loop runs along a side of the first cell with
            // a clue of 1 to 3, in the part of one of those sides that
            // passes every such cell.
            let Some((ci, cj)) = (0..rows).find_map(|i| needed(i).first().map(|j| (i, j))) else {
                return Ok(0);
            };
            let sides = [
                (self.open_h[ci].has(cj), ci, cj),
                (self.open_v[ci].has(cj), ci, cj),
                (self.open_h[ci + 1].has(cj), ci + 1, cj),
                (self.open_v[ci].has(cj + 1), ci, cj + 1),
            ];
            for (open, i, j) in sides {
                // A side whose part was looked at already is in `allowed`
                // or was found wanting.
                if !open || self.allowed[i].has(j) || self.tried(i, j) {
                    continue;
                }
                self.fill_from(rows, i, j);
                self.seen.push(self.reach.clone());
                if self.holds_all(edges, frame, &needed) {
                    for (a, r) in self.allowed.iter_mut().zip(&self.reach) {
                        *a |= *r;
                    }
                }
            }
            self.seen.clear();
            if self.allowed.iter().all(|r| r.is_empty()) {
                return Err(Contradiction::Disconnected);
            }
        }
        let mut crossed = 0;
        for i in 0..=rows {
            // An open edge has both ends in a part or neither: its first
            // end tells.
            let out_h = self.open_h[i] & !edges.lines(Plane::H, i) & !self.allowed[i];
            if out_h.any() {
                crossed += out_h.count();
                edges.add_crosses(Plane::H, i, out_h);
            }
            if i < rows {
                let out_v = self.open_v[i] & !edges.lines(Plane::V, i) & !self.allowed[i];
                if out_v.any() {
                    crossed += out_v.count();
                    edges.add_crosses(Plane::V, i, out_v);
                }
            }
        }
        Ok(crossed)
    }

    /// Whether vertex `(i, j)` lies in a part filled before in this call.
    fn tried(&self, i: usize, j: usize) -> bool {
        self.seen.iter().any(|part| part[i].has(j))
    }

    /// Whether the part in `reach` holds every line and passes every cell
    /// of `needed`.
    fn holds_all(
        &self,
        edges: &Board<W>,
        frame: &Frame<W>,
        needed: &impl Fn(usize) -> Row<W>,
    ) -> bool {
        let rows = frame.rows;
        let [h, v] = [Plane::H, Plane::V].map(|p| edges.line_rows(p));
        (0..=rows).all(|i| {
            let lines_h = h[i] & frame.cells;
            let lines_v = v.get(i).map_or(Row::EMPTY, |&l| l & frame.vertices);
            // A line's first end in the part: the line is.
            ((lines_h | lines_v) & !self.reach[i]).is_empty()
                && (i == rows || (needed(i) & !self.touched(i)).is_empty())
        })
    }

    /// The cells of row `i` with a side not crossed that has an end in
    /// reach (then both are).
    fn touched(&self, i: usize) -> Row<W> {
        let (top, bottom) = (self.reach[i], self.reach[i + 1]);
        (self.open_h[i] & top)
            | (self.open_h[i + 1] & bottom)
            | (self.open_v[i] & top)
            | (self.open_v[i] & top).shift(-1, false)
    }

    /// Fills `reach` with the part of vertex `(i, j)`: the vertices joined to
    /// it by edges not crossed.
    fn fill_from(&mut self, rows: usize, i: usize, j: usize) {
        self.reach.clear();
        self.reach.resize(rows + 1, Row::EMPTY);
        self.reach[i] = along(Row::single(j), self.open_h[i]);
        self.work.clear();
        self.work.push(i);
        fill_rows(&mut self.reach, &self.open_h, &self.open_v, &mut self.work);
    }
}

/// Grows `reach` (rows closed along their row) from the rows in `work`
/// until nothing changes, emptying `work`: row `i + 1` is entered from row
/// `i` through the bits of `down[i]` (and row `i` from row `i + 1`), and a
/// row that grows is closed along its row through `along_row` (see
/// [`along`]) and spread from again. So a part that winds up and down the
/// board costs a visit per row it grows into, where sweeps of the whole
/// board until nothing changed would cost one sweep per turn.
pub(super) fn fill_rows<const W: usize>(
    reach: &mut [Row<W>],
    along_row: &[Row<W>],
    down: &[Row<W>],
    work: &mut Vec<usize>,
) {
    while let Some(i) = work.pop() {
        let here = reach[i];
        if i > 0 {
            let grow = here & down[i - 1] & !reach[i - 1];
            if grow.any() {
                reach[i - 1] = along(reach[i - 1] | grow, along_row[i - 1]);
                work.push(i - 1);
            }
        }
        if i + 1 < reach.len() {
            let grow = here & down[i] & !reach[i + 1];
            if grow.any() {
                reach[i + 1] = along(reach[i + 1] | grow, along_row[i + 1]);
                work.push(i + 1);
            }
        }
    }
}

/// The first end of the first line of `edges`, if any.
fn first_line<const W: usize>(edges: &Board<W>, frame: &Frame<W>) -> Option<(usize, usize)> {
    (0..=frame.rows).find_map(|i| {
        let h = (edges.lines(Plane::H, i) & frame.cells).first();
        let v = if i < frame.rows {
            (edges.lines(Plane::V, i) & frame.vertices).first()
        } else {
            None
        };
        h.or(v).map(|j| (i, j))
    })
}

/// The vertices of a row reached from `r` along the row's open edges
/// `open` (bit `j`: vertices `j` and `j + 1` joined). A one-word row fills
/// rightwards with one addition ([`fill_up`]) and leftwards in doubling
/// steps; wider rows each way in doubling steps ([`along_in_steps`]).
#[inline]
pub(super) fn along<const W: usize>(r: Row<W>, open: Row<W>) -> Row<W> {
    if W == 1 {
        let (mut seeds, open) = (r.0[0], open.0[0]);
        // Rightwards: vertex j + 1 is entered through edge j.
        seeds |= fill_up(seeds, open << 1);
        // Leftwards: vertex j is entered through edge j.
        let mut pro = open;
        for step in [1, 2, 4, 8, 16, 32] {
            seeds |= pro & (seeds >> step);
            pro &= pro >> step;
        }
        let mut reached = r;
        reached.0[0] = seeds;
        return reached;
    }
    along_in_steps(r, open)
}

/// The bits that the seeds `seeds` reach going up through `joined` (bit
/// `k`: `k` is joined to `k - 1`), seeds not included: one addition, whose
/// carry runs from each seed's first joined bit up to its run's end (and
/// stops at the first bit not joined, which it sets and the mask drops; a
/// second seed in the run is a bit the carry keeps, so the entered bits
/// are added back).
#[inline]
fn fill_up(seeds: u64, joined: u64) -> u64 {
    let entered = (seeds << 1) & joined;
    ((joined.wrapping_add(entered) ^ joined) & joined) | entered
}

/// [`along`] by an occluded fill each way, in doubling steps, repeated
/// until a row wider than a word stops growing.
fn along_in_steps<const W: usize>(mut r: Row<W>, open: Row<W>) -> Row<W> {
    loop {
        let start = r;
        // Rightwards: vertex j + 1 is entered through edge j.
        let mut pro = open.shift(1, false);
        for step in [1, 2, 4, 8, 16, 32] {
            r |= pro & r.shift(step, false);
            pro &= pro.shift(step, false);
        }
        // Leftwards: vertex j is entered through edge j.
        let mut pro = open;
        for step in [1, 2, 4, 8, 16, 32] {
            r |= pro & r.shift(-step, false);
            pro &= pro.shift(-step, false);
        }
        // Rows wider than 64 bits may need another round.
        if W == 1 || r == start {
            return r;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng::splitmix64;

    /// The vertices reached from `seeds` along `open`, one vertex at a
    /// time: the reference.
    fn walked(seeds: &[bool], open: &[bool]) -> Vec<bool> {
        let mut reached = seeds.to_vec();
        for j in 0..seeds.len() {
            if seeds[j] {
                let mut k = j;
                while k + 1 < seeds.len() && open[k] {
                    k += 1;
                    reached[k] = true;
                }
                let mut k = j;
                while k > 0 && open[k - 1] {
                    k -= 1;
                    reached[k] = true;
                }
            }
        }
        reached
    }

    fn bits<const W: usize>(row: Row<W>, n: usize) -> Vec<bool> {
        (0..n).map(|j| row.has(j)).collect()
    }

    /// One word by addition, two words in steps: both as the walk, on
    /// random rows (sparse and dense seeds, open edges from few to most),
    /// every vertex of the row in use.
    #[test]
    fn a_row_fill_reaches_what_a_walk_along_the_row_reaches() {
        let mut state = 7u64;
        for case in 0..4000 {
            let density = [1, 2, 3, 7][case % 4];
            let mut word = |dense: bool| -> [u64; 2] {
                let mut w = [0u64; 2];
                for x in &mut w {
                    *x = (0..density).fold(!0, |a, _| a & splitmix64(&mut state));
                    if dense {
                        *x = !*x;
                    }
                }
                w
            };
            let (seeds, open) = (word(false), word(case % 3 != 0));
            // Edge j joins vertices j and j + 1: the last vertex has none.
            let one = along(Row::<1>([seeds[0]]), Row([open[0] & !(1 << 63)]));
            let (s1, o1) = (
                bits(Row::<1>([seeds[0]]), 64),
                bits(Row::<1>([open[0]]), 63),
            );
            assert_eq!(bits(one, 64), walked(&s1, &o1), "case {case}");
            let open2 = Row::<2>([open[0], open[1] & !(1 << 63)]);
            let two = along(Row::<2>(seeds), open2);
            let (s2, o2) = (bits(Row::<2>(seeds), 128), bits(open2, 127));
            assert_eq!(bits(two, 128), walked(&s2, &o2), "case {case}");
        }
    }
}

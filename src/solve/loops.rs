//! Single-loop reasoning: the lines must close into exactly one loop.
//!
//! At a stall of the rules, each line path is walked from one end to the
//! other. An undecided edge joining the two ends of one path would close a
//! loop: it is crossed, unless that loop would be the whole solution. A
//! closed loop is accepted only if it holds every line, and then every
//! other edge is crossed.

use crate::bits::Count;
use crate::bits::Row;
use crate::board::{Clues, Edges, Frame};
use crate::grid::Plane;
use crate::grid::{Side, ARMS};
use crate::rules::Contradiction;

/// What loop reasoning did to a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopStep {
    /// Nothing to add.
    Nothing,
    /// Crossed this many edges that would have closed a loop too early.
    Crossed(u32),
    /// A loop is closed holding every line, and the edges it left
    /// undecided are now crossed.
    Closed,
}

/// Scratch space for walking paths, reused between calls.
///
/// [`Walker::apply_indexed`] also remembers the paths of the board it
/// looked at (the *base*): for each path end, the other end and the
/// path's length. [`Walker::apply_incremental`] then reasons about a board
/// that extends the base (a probe) by walking only the paths that hold a
/// line the base lacks, crossing each path of the base in one jump: a base
/// path is still part of a path there (its inner vertices already have two
/// lines), and the paths without a new line were checked on the base.
#[derive(Default, Clone, Debug)]
pub struct Walker<const W: usize> {
    /// The line edges not walked yet (in an incremental walk, only the
    /// lines the base lacks): `H` rows `0..=rows`, and `V` row `r` at
    /// `r + 1`, between two empty rows, so that vertex row `i` finds the
    /// edges above it at `rest_v[i]` and those below at `rest_v[i + 1]`.
    rest_h: Vec<Row<W>>,
    rest_v: Vec<Row<W>>,
    /// A copy of the board with one more line, to test a closing edge.
    trial: Edges<W>,
    /// The paths of the base board.
    index: PathIndex<W>,
    /// The edges the last call crossed (when it answered
    /// [`LoopStep::Crossed`]).
    crossed: Vec<(Plane, usize, usize)>,
    /// The plane rows holding lines the base lacks, and those lines.
    fresh: Vec<(Plane, usize, Row<W>)>,
    /// The paths an incremental walk found through new lines: their ends
    /// and lengths.
    joined: Vec<(Vertex, Vertex, u32)>,
}

/// The paths of a base board: its lines and, per path end, the other end.
#[derive(Default, Clone, Debug)]
struct PathIndex<const W: usize> {
    /// Whether the index describes a base board that incremental reasoning
    /// may extend: one where loop reasoning found nothing to add.
    valid: bool,
    /// Line and cross rows of the base, and how many lines it has.
    total: u32,
    lines_h: Vec<Row<W>>,
    lines_v: Vec<Row<W>>,
    crosses_h: Vec<Row<W>>,
    crosses_v: Vec<Row<W>>,
    /// Vertices per row (`cols + 1`).
    stride: usize,
    /// Per vertex `i * stride + j` that ends a base path (where `stamp`
    /// equals `gen`): the other end, and the path's length.
    partner: Vec<u32>,
    length: Vec<u32>,
    stamp: Vec<u32>,
    gen: u32,
    /// Per vertex: the incremental call (`call`) that used the base path
    /// ending there.
    used: Vec<u32>,
    call: u32,
    /// The path ends the current incremental call jumped from or to.
    jumped: Vec<usize>,
}

impl<const W: usize> PathIndex<W> {
    /// Starts an index of a board of `frame`'s size, with no path.
    fn begin(&mut self, frame: &Frame<W>, edges: &Edges<W>) {
        self.valid = false;
        self.stride = frame.cols + 1;
        let n = (frame.rows + 1) * self.stride;
        if self.stamp.len() < n {
            self.stamp.resize(n, 0);
            self.partner.resize(n, 0);
            self.length.resize(n, 0);
            self.used.resize(n, 0);
        }
        self.gen = self.gen.wrapping_add(1);
        if self.gen == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.gen = 1;
        }
        self.set_base(frame, edges);
    }

    /// Makes `edges` the base whose lines and crosses the index keeps.
    fn set_base(&mut self, frame: &Frame<W>, edges: &Edges<W>) {
        for (rows, p, cross) in [
            (&mut self.lines_h, Plane::H, false),
            (&mut self.lines_v, Plane::V, false),
            (&mut self.crosses_h, Plane::H, true),
            (&mut self.crosses_v, Plane::V, true),
        ] {
            rows.clear();
            rows.extend((0..frame.plane_rows(p)).map(|i| {
                if cross {
                    edges.crosses(p, i)
                } else {
                    edges.lines(p, i)
                }
            }));
        }
    }

    /// Whether the index is valid and `edges` (of `frame`'s size) extends
    /// its base: every line and cross of the base is one there too.
    fn extended_by(&self, frame: &Frame<W>, edges: &Edges<W>) -> bool {
        let within = |rows: &[Row<W>], p: Plane, cross: bool| {
            rows.len() == frame.plane_rows(p)
                && rows.iter().enumerate().all(|(i, &base)| {
                    let now = if cross {
                        edges.crosses(p, i)
                    } else {
                        edges.lines(p, i)
                    };
                    (base & !now).is_empty()
                })
        };
        self.valid
            && self.stride == frame.cols + 1
            && within(&self.lines_h, Plane::H, false)
            && within(&self.lines_v, Plane::V, false)
            && within(&self.crosses_h, Plane::H, true)
            && within(&self.crosses_v, Plane::V, true)
    }

    /// The lines of the base in plane row `r`.
    #[inline(always)]
    fn lines(&self, p: Plane, r: usize) -> Row<W> {
        match p {
            Plane::H => self.lines_h[r],
            Plane::V => self.lines_v[r],
        }
    }

    /// Records a base path from `a` to `b` of `len` edges.
    fn add(&mut self, a: Vertex, b: Vertex, len: u32) {
        let (ka, kb) = (a.0 * self.stride + a.1, b.0 * self.stride + b.1);
        for (k, other) in [(ka, kb), (kb, ka)] {
            self.stamp[k] = self.gen;
            self.partner[k] = other as u32;
            self.length[k] = len;
        }
    }

    /// The other end and length of the unused base path ending at `v`, if
    /// any; marks it used.
    #[inline]
    fn jump(&mut self, v: Vertex) -> Option<(Vertex, u32)> {
        let k = v.0 * self.stride + v.1;
        if self.stamp[k] != self.gen || self.used[k] == self.call {
            return None;
        }
        let p = self.partner[k] as usize;
        self.used[k] = self.call;
        self.used[p] = self.call;
        self.jumped.extend([k, p]);
        Some(((p / self.stride, p % self.stride), self.length[k]))
    }
}

/// What became of the edge joining a path's two ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Join {
    /// It was decided already.
    Decided,
    /// Left open: it may close the solution.
    MayClose,
    /// Crossed: it would close a loop too early.
    Crossed,
}

/// A vertex `(i, j)`.
type Vertex = (usize, usize);

impl<const W: usize> Walker<W> {
    /// Takes edge `p(r, c)` out of the edges left to walk; false if it
    /// was not there.
    #[inline(always)]
    fn take(&mut self, p: Plane, r: usize, c: usize) -> bool {
        let row = match p {
            Plane::H => &mut self.rest_h[r],
            Plane::V => &mut self.rest_v[r + 1],
        };
        take_bit(row, c)
    }

    /// Crosses the undecided edge `q(ei, ej)` joining the two ends of a
    /// path of `len` edges (of `total` lines), unless that edge would
    /// close a loop holding every line and satisfying every clue.
    /// [`Join::Crossed`] if it crossed it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn join(
        &mut self,
        frame: &Frame<W>,
        clues: &Clues<W>,
        edges: &mut Edges<W>,
        (q, ei, ej): (Plane, usize, usize),
        len: u32,
        total: u32,
    ) -> Join {
        if edges.lines(q, ei).has(ej) || edges.crosses(q, ei).has(ej) {
            return Join::Decided;
        }
        if len == total && self.closes_solution(frame, clues, edges, q, ei, ej) {
            return Join::MayClose;
        }
        edges.add_crosses(q, ei, Row::single(ej));
        self.crossed.push((q, ei, ej));
        Join::Crossed
    }

    /// Walks from `start` along lines until it cannot go on; returns the last
    /// vertex and the number of edges walked. At each vertex it leaves by
    /// the first edge not walked yet, trying left, right, up and down in
    /// that order; a straight run of `H` lines is walked in one go (each of
    /// its inner vertices would leave by the next edge of the run: the
    /// one it came by is walked already, and a left or right edge comes
    /// before up and down). With `fresh`, on a board extending the indexed
    /// base: steps along new lines one by one and along base paths in one
    /// jump.
    #[inline(always)]
    fn walk(&mut self, frame: &Frame<W>, start: Vertex, fresh: bool) -> (Vertex, u32) {
        let (mut v, mut n) = (start, 0);
        loop {
            if fresh {
                if let Some((w, len)) = self.index.jump(v) {
                    v = w;
                    n += len;
                    continue;
                }
            }
            let (i, j) = v;
            let h = self.rest_h[i];
            if j > 0 && h.has(j - 1) {
                let k = if fresh { 1 } else { ones_below(h, j) };
                self.rest_h[i] = without(h, j - k, j);
                v = (i, j - k);
                n += k as u32;
            } else if j < frame.cols && h.has(j) {
                let k = if fresh {
                    1
                } else {
                    ones_from(h, j).min(frame.cols - j)
                };
                self.rest_h[i] = without(h, j, j + k);
                v = (i, j + k);
                n += k as u32;
            } else if take_bit(&mut self.rest_v[i], j) {
                v = (i - 1, j);
                n += 1;
            } else if take_bit(&mut self.rest_v[i + 1], j) {
                v = (i + 1, j);
                n += 1;
            } else {
                return (v, n);
            }
        }
    }

    /// Sets the edges left to walk (`rest_h`, `rest_v` of a walker):
    /// `row(p, r)` for each plane row.
    #[inline(always)]
    fn fill_rest(
        (rest_h, rest_v): (&mut Vec<Row<W>>, &mut Vec<Row<W>>),
        frame: &Frame<W>,
        mut row: impl FnMut(Plane, usize) -> Row<W>,
    ) {
        rest_h.clear();
        rest_h.extend((0..=frame.rows).map(|r| row(Plane::H, r)));
        rest_v.clear();
        rest_v.push(Row::EMPTY);
        rest_v.extend((0..frame.rows).map(|r| row(Plane::V, r)));
        rest_v.push(Row::EMPTY);
    }

    /// Whether the lines plus edge `p(ei, ej)` satisfy every clue exactly.
    fn closes_solution(
        &mut self,
        frame: &Frame<W>,
        clues: &Clues<W>,
        edges: &Edges<W>,
        p: Plane,
        ei: usize,
        ej: usize,
    ) -> bool {
        let with = &mut self.trial;
        with.copy_from(edges);
        with.add_lines(p, ei, Row::single(ej));
        (0..frame.rows).all(|i| {
            let lines = Count::of(Side::ALL.map(|s| with.read(frame, i, s.at()).line));
            (0..4).all(|n| (clues.eq(n, i) & !lines.eq(n)).is_empty())
        })
    }

    /// The edges the last call that answered [`LoopStep::Crossed`] crossed.
    pub fn crossed(&self) -> &[(Plane, usize, usize)] {
        &self.crossed
    }

    /// Applies loop reasoning to `edges` once.
    pub fn apply(
        &mut self,
        frame: &Frame<W>,
        clues: &Clues<W>,
        edges: &mut Edges<W>,
    ) -> Result<LoopStep, Contradiction> {
        self.apply_full(frame, clues, edges, false)
    }

    /// Applies loop reasoning to `edges` once, and remembers its paths as
    /// the base of [`Walker::apply_incremental`]. On a board that extends
    /// the base already indexed (as a search node's board extends itself
    /// after probing), it walks only the paths through new lines and
    /// updates the index: the same result and index as a full walk.
    pub fn apply_indexed(
        &mut self,
        frame: &Frame<W>,
        clues: &Clues<W>,
        edges: &mut Edges<W>,
    ) -> Result<LoopStep, Contradiction> {
        if !self.index.extended_by(frame, edges) {
            return self.apply_full(frame, clues, edges, true);
        }
        let walked = self.walk_fresh(frame, clues, edges);
        // As after a full walk, the index is valid only for a board where
        // loop reasoning found nothing to add: nothing crossed, no loop
        // closed, no path's closing edge left open. (Otherwise the next
        // call walks the board in full.)
        self.index.valid = false;
        let (step, base, total) = walked?;
        if step == LoopStep::Nothing && base {
            // The base paths merged into new ones end no path now; the new
            // ones do.
            let index = &mut self.index;
            for &k in &index.jumped {
                index.stamp[k] = 0;
            }
            for &(a, b, len) in &self.joined {
                index.add(a, b, len);
            }
            index.set_base(frame, edges);
            index.total = total;
            index.valid = true;
        }
        Ok(step)
    }

    fn apply_full(
        &mut self,
        frame: &Frame<W>,
        clues: &Clues<W>,
        edges: &mut Edges<W>,
        index: bool,
    ) -> Result<LoopStep, Contradiction> {
        if index {
            self.index.begin(frame, edges);
        }
        let total = edges.line_count();
        if index {
            self.index.total = total;
        }
        if total == 0 {
            if index {
                self.index.valid = true;
            }
            return Ok(LoopStep::Nothing);
        }
        let rest = (&mut self.rest_h, &mut self.rest_v);
        Self::fill_rest(rest, frame, |p, r| edges.lines(p, r));
        self.crossed.clear();
        let mut crossed = 0;
        let mut on_paths = 0;
        // Whether a path's closing edge was left open (it may close the
        // solution): a board extending this one must check it again.
        let mut open_close = false;
        for i in 0..=frame.rows {
            let lines = Count::of(ARMS.map(|a| edges.read(frame, i, a).line));
            for j in (lines.eq(1) & frame.vertices).ones() {
                let (end, len) = self.walk(frame, (i, j), false);
                if len == 0 {
                    continue; // the other end of a path already walked
                }
                on_paths += len;
                if index {
                    self.index.add((i, j), end, len);
                }
                if let Some(e) = joining_edge((i, j), end) {
                    match self.join(frame, clues, edges, e, len, total) {
                        Join::Decided => {}
                        Join::MayClose => open_close = true,
                        Join::Crossed => crossed += 1,
                    }
                }
            }
        }
        if on_paths == total {
            if index {
                self.index.valid = crossed == 0 && !open_close;
            }
            return Ok(if crossed > 0 {
                LoopStep::Crossed(crossed)
            } else {
                LoopStep::Nothing
            });
        }
        // Some lines lie on closed loops: there must be one, holding them all.
        if on_paths > 0 {
            return Err(Contradiction::PrematureLoop);
        }
        let start = first_line(edges, frame).expect("lines exist");
        let (_, len) = self.walk(frame, start, false);
        if len != total {
            return Err(Contradiction::PrematureLoop);
        }
        Ok(close(frame, edges))
    }

    /// Applies loop reasoning to `edges`, a board that extends the base
    /// indexed by the last [`Walker::apply_indexed`] (same size, every line
    /// and cross of the base a line and cross here): the same result as
    /// [`Walker::apply`], but it walks only the paths that hold a new line.
    pub fn apply_incremental(
        &mut self,
        frame: &Frame<W>,
        clues: &Clues<W>,
        edges: &mut Edges<W>,
    ) -> Result<LoopStep, Contradiction> {
        if !self.index.valid {
            return self.apply(frame, clues, edges);
        }
        debug_assert!(
            self.index.extended_by(frame, edges),
            "not the base's extension"
        );
        self.walk_fresh(frame, clues, edges)
            .map(|(step, _, _)| step)
    }

    /// [`Walker::apply_incremental`] on a board that extends the valid
    /// index's base; also tells whether the board may be a base itself (no
    /// loop closed, no path's closing edge left open because it may close
    /// the solution), and the number of lines. Leaves
    /// the paths through new lines in `joined` and the base path ends it
    /// jumped between in the index's `jumped`.
    fn walk_fresh(
        &mut self,
        frame: &Frame<W>,
        clues: &Clues<W>,
        edges: &mut Edges<W>,
    ) -> Result<(LoopStep, bool, u32), Contradiction> {
        self.index.call = self.index.call.wrapping_add(1);
        if self.index.call == 0 {
            self.index.used.iter_mut().for_each(|u| *u = 0);
            self.index.call = 1;
        }
        // The lines are the base's and the fresh ones.
        let mut total = self.index.total;
        self.fresh.clear();
        let (index, fresh) = (&self.index, &mut self.fresh);
        let rest = (&mut self.rest_h, &mut self.rest_v);
        Self::fill_rest(rest, frame, |p, r| {
            let new = edges.lines(p, r) & !index.lines(p, r);
            if new.any() {
                total += new.count();
                fresh.push((p, r, new));
            }
            new
        });
        self.crossed.clear();
        self.joined.clear();
        self.index.jumped.clear();
        let (mut crossed, mut open_close) = (0, false);
        for k in 0..self.fresh.len() {
            let (p, r, fresh) = self.fresh[k];
            for c in fresh.ones() {
                if !self.take(p, r, c) {
                    continue;
                }
                let (a, b) = match p {
                    Plane::H => ((r, c), (r, c + 1)),
                    Plane::V => ((r, c), (r + 1, c)),
                };
                let (end_b, len_b) = self.walk(frame, b, true);
                if end_b == a {
                    // The new line closes a loop: it must hold every line.
                    if len_b + 1 != total {
                        return Err(Contradiction::PrematureLoop);
                    }
                    // (A board with a closed loop is no base.)
                    return Ok((close(frame, edges), false, total));
                }
                let (end_a, len_a) = self.walk(frame, a, true);
                let len = len_a + len_b + 1;
                self.joined.push((end_a, end_b, len));
                if let Some(e) = joining_edge(end_a, end_b) {
                    match self.join(frame, clues, edges, e, len, total) {
                        Join::Decided => {}
                        Join::MayClose => open_close = true,
                        Join::Crossed => crossed += 1,
                    }
                }
            }
        }
        let step = if crossed > 0 {
            LoopStep::Crossed(crossed)
        } else {
            LoopStep::Nothing
        };
        Ok((step, !open_close, total))
    }
}

/// Crosses every edge of `edges` that is not a line, the loop being
/// closed: [`LoopStep::Closed`] if that crossed anything, else (a board
/// the rules finished) [`LoopStep::Nothing`].
fn close<const W: usize>(frame: &Frame<W>, edges: &mut Edges<W>) -> LoopStep {
    let mut new = false;
    for p in [Plane::H, Plane::V] {
        for r in 0..frame.plane_rows(p) {
            let open = !edges.lines(p, r) & frame.plane_bits(p);
            new |= edges.add_crosses(p, r, open);
        }
    }
    if new {
        LoopStep::Closed
    } else {
        LoopStep::Nothing
    }
}

/// How many bits of `row` are set from bit `j` up, before the first clear one.
#[inline(always)]
fn ones_from<const W: usize>(row: Row<W>, j: usize) -> usize {
    let (mut w, mut o, mut n) = (j / 64, j % 64, 0);
    while w < W {
        // The `o` bits shifted in on top read as clear.
        let run = (!(row.0[w] >> o)).trailing_zeros() as usize;
        n += run;
        if run < 64 - o {
            break;
        }
        (w, o) = (w + 1, 0);
    }
    n
}

/// How many bits of `row` are set from bit `j - 1` down, before the first
/// clear one (`j > 0`).
#[inline(always)]
fn ones_below<const W: usize>(row: Row<W>, j: usize) -> usize {
    let (mut w, mut o, mut n) = ((j - 1) / 64, (j - 1) % 64, 0);
    loop {
        // The `63 - o` bits shifted in below read as clear.
        let run = (!(row.0[w] << (63 - o))).leading_zeros() as usize;
        n += run;
        if run <= o || w == 0 {
            return n;
        }
        (w, o) = (w - 1, 63);
    }
}

/// `row` without its bits `lo..hi`.
#[inline(always)]
fn without<const W: usize>(mut row: Row<W>, lo: usize, hi: usize) -> Row<W> {
    for (w, word) in row.0.iter_mut().enumerate() {
        // The bits `a..b` of this word.
        let (a, b) = (lo.clamp(64 * w, 64 * w + 64), hi.clamp(64 * w, 64 * w + 64));
        if a < b {
            let (a, b) = (a - 64 * w, b - 64 * w);
            *word &= !(u64::MAX << a & u64::MAX >> (64 - b));
        }
    }
    row
}

/// Clears bit `j` of `row`; whether it was set.
#[inline(always)]
fn take_bit<const W: usize>(row: &mut Row<W>, j: usize) -> bool {
    let word = &mut row.0[j / 64];
    let bit = 1 << (j % 64);
    let had = *word & bit != 0;
    *word &= !bit;
    had
}

/// The edge between two vertices, if they are neighbours.
fn joining_edge(a: Vertex, b: Vertex) -> Option<(Plane, usize, usize)> {
    let ((ai, aj), (bi, bj)) = (a, b);
    if ai == bi && aj.abs_diff(bj) == 1 {
        Some((Plane::H, ai, aj.min(bj)))
    } else if aj == bj && ai.abs_diff(bi) == 1 {
        Some((Plane::V, ai.min(bi), aj))
    } else {
        None
    }
}

/// A vertex on a line edge, if any.
fn first_line<const W: usize>(edges: &Edges<W>, frame: &Frame<W>) -> Option<Vertex> {
    (0..=frame.rows)
        .find_map(|i| edges.lines(Plane::H, i).first().map(|j| (i, j)))
        .or_else(|| (0..frame.rows).find_map(|i| edges.lines(Plane::V, i).first().map(|j| (i, j))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Clue, Puzzle};
    use crate::util::rng::splitmix64;

    /// A random set of lines on a `rows x cols` board with no vertex of
    /// three or more lines (it may hold loops).
    fn random_lines(
        rows: usize,
        cols: usize,
        n: usize,
        seed: &mut u64,
    ) -> Vec<(Plane, usize, usize)> {
        let mut degree = vec![0u8; (rows + 1) * (cols + 1)];
        let mut lines = Vec::new();
        for _ in 0..n {
            let r = splitmix64(seed);
            let (p, i, j, a, b) = if r & 1 == 0 {
                let (i, j) = ((r >> 8) as usize % (rows + 1), (r >> 32) as usize % cols);
                (Plane::H, i, j, (i, j), (i, j + 1))
            } else {
                let (i, j) = ((r >> 8) as usize % rows, (r >> 32) as usize % (cols + 1));
                (Plane::V, i, j, (i, j), (i + 1, j))
            };
            let (ka, kb) = (a.0 * (cols + 1) + a.1, b.0 * (cols + 1) + b.1);
            if degree[ka] < 2 && degree[kb] < 2 && !lines.contains(&(p, i, j)) {
                degree[ka] += 1;
                degree[kb] += 1;
                lines.push((p, i, j));
            }
        }
        lines
    }

    /// The lines of a random rectangle's outline: one loop.
    fn rectangle(rows: usize, cols: usize, seed: &mut u64) -> Vec<(Plane, usize, usize)> {
        let r = splitmix64(seed) as usize;
        let (i0, j0) = (r % rows, (r >> 16) % cols);
        let (i1, j1) = (
            i0 + 1 + (r >> 32) % (rows - i0),
            j0 + 1 + (r >> 48) % (cols - j0),
        );
        let mut lines = Vec::new();
        for j in j0..j1 {
            lines.extend([(Plane::H, i0, j), (Plane::H, i1, j)]);
        }
        for i in i0..i1 {
            lines.extend([(Plane::V, i, j0), (Plane::V, i, j1)]);
        }
        lines
    }

    #[test]
    fn incremental_reasoning_matches_a_full_walk() {
        compare_incremental::<1>(3000, 2, 7);
    }

    #[test]
    fn incremental_reasoning_matches_a_full_walk_on_wide_boards() {
        // 58 to 68 columns: rows of two words, paths across the word seam.
        compare_incremental::<2>(1500, 58, 8);
    }

    /// Case `case` of a comparison: a board of `2..9` rows and
    /// `min_cols..min_cols + 11` columns without clues, and lines on it
    /// (every fourth case a rectangle, else random paths).
    fn random_case<const W: usize>(
        case: usize,
        min_cols: usize,
        seed: &mut u64,
    ) -> (Frame<W>, Clues<W>, Vec<(Plane, usize, usize)>) {
        let (rows, cols) = (2 + case % 7, min_cols + case % 11);
        let p = Puzzle::new(rows, cols, &vec![Clue::Blank; rows * cols]).unwrap();
        let mut clues = Clues::<W>::default();
        clues.load(&p);
        let n = splitmix64(seed) as usize % (2 * rows * cols);
        let lines = if case % 4 == 0 {
            rectangle(rows, cols, seed)
        } else {
            random_lines(rows, cols, n, seed)
        };
        (Frame::new(rows, cols), clues, lines)
    }

    /// Which kind of outcome loop reasoning had: 0 nothing, 1 crossed, 2
    /// closed, 3 a contradiction.
    fn outcome(step: &Result<LoopStep, Contradiction>) -> usize {
        match step {
            Ok(LoopStep::Nothing) => 0,
            Ok(LoopStep::Crossed(_)) => 1,
            Ok(LoopStep::Closed) => 2,
            Err(_) => 3,
        }
    }

    /// Checks [`Walker::apply_incremental`] against [`Walker::apply`] on
    /// `cases` random boards of `2..9` rows and `min_cols..min_cols + 11`
    /// columns, `W` words wide.
    fn compare_incremental<const W: usize>(cases: usize, min_cols: usize, mut seed: u64) {
        let mut compared = [0usize; 4];
        for case in 0..cases {
            let (frame, clues, lines) = random_case::<W>(case, min_cols, &mut seed);
            let rows = frame.rows;
            // The base: a random part of the lines, at a fixpoint of loop reasoning.
            let mut base = Edges::<W>::default();
            base.reset(rows);
            for &(pl, i, j) in &lines {
                if splitmix64(&mut seed) % 3 != 0 {
                    base.add_lines(pl, i, Row::single(j));
                }
            }
            let mut w = Walker::<W>::default();
            let step = loop {
                match w.apply_indexed(&frame, &clues, &mut base) {
                    Ok(LoopStep::Crossed(_)) => continue,
                    other => break other,
                }
            };
            if step != Ok(LoopStep::Nothing) {
                continue;
            }
            // The probe: the base and the other lines it has not crossed.
            let mut probe = base.clone();
            for &(pl, i, j) in &lines {
                if !base.crosses(pl, i).has(j) {
                    probe.add_lines(pl, i, Row::single(j));
                }
            }
            let (mut full, mut inc) = (probe.clone(), probe.clone());
            let want = Walker::<W>::default().apply(&frame, &clues, &mut full);
            let got = w.apply_incremental(&frame, &clues, &mut inc);
            assert_eq!(got, want, "case {case}");
            if want.is_ok() {
                // (On a contradiction the board is thrown away.)
                assert_eq!(inc, full, "case {case}");
            }
            compared[outcome(&want)] += 1;
        }
        // Every kind of outcome was met.
        assert!(compared.iter().all(|&k| k > 10), "{compared:?}");
    }
    /// The paths an index records: per vertex ending a path, the other end
    /// and the length; and whether it is valid, with how many lines.
    fn recorded<const W: usize>(w: &Walker<W>) -> (bool, u32, Vec<Option<(u32, u32)>>) {
        let x = &w.index;
        let ends = (0..x.stamp.len())
            .map(|k| (x.stamp[k] == x.gen).then(|| (x.partner[k], x.length[k])))
            .collect();
        (x.valid, x.total, ends)
    }

    /// Checks [`Walker::apply_indexed`] on boards that extend the indexed
    /// one (it then walks only the new lines' paths) against a full walk:
    /// the same result, board and index, and probes of the next board
    /// reason the same from either index.
    fn compare_index_updates<const W: usize>(cases: usize, min_cols: usize, mut seed: u64) {
        let mut updated = [0usize; 4];
        for case in 0..cases {
            let (frame, clues, lines) = random_case::<W>(case, min_cols, &mut seed);
            let rows = frame.rows;
            // Three boards, each extending the one before by more lines
            // (for some rectangles, the second has every line: it closes).
            let stages = if case % 8 == 0 { 2 } else { 3 };
            let stage: Vec<u64> = lines
                .iter()
                .map(|_| splitmix64(&mut seed) % stages)
                .collect();
            let board = |upto: u64, from: &Edges<W>| {
                let mut e = from.clone();
                for (&(pl, i, j), &k) in lines.iter().zip(&stage) {
                    if k <= upto && !e.crosses(pl, i).has(j) {
                        e.add_lines(pl, i, Row::single(j));
                    }
                }
                e
            };
            let mut empty = Edges::<W>::default();
            empty.reset(rows);
            let mut base = board(0, &empty);
            let mut w = Walker::<W>::default();
            let step = w.apply_indexed(&frame, &clues, &mut base);
            if step != Ok(LoopStep::Nothing) || !w.index.valid {
                continue;
            }
            // The node board grows: the walker updates its index.
            let mut node = board(1, &base);
            let mut fresh = Walker::<W>::default();
            let mut full = node.clone();
            assert!(w.index.extended_by(&frame, &node), "case {case}");
            let got = w.apply_indexed(&frame, &clues, &mut node);
            let want = fresh.apply_indexed(&frame, &clues, &mut full);
            assert_eq!(got, want, "case {case}");
            updated[outcome(&want)] += 1;
            if want.is_err() {
                continue;
            }
            assert_eq!(node, full, "case {case}");
            assert_eq!(w.index.valid, fresh.index.valid, "case {case}");
            if !fresh.index.valid {
                continue;
            }
            assert_eq!(recorded(&w), recorded(&fresh), "case {case}");
            // A probe of the grown board, reasoned from either index.
            let probe = board(2, &node);
            let (mut a, mut b) = (probe.clone(), probe.clone());
            let from_updated = w.apply_incremental(&frame, &clues, &mut a);
            let from_full = fresh.apply_incremental(&frame, &clues, &mut b);
            assert_eq!(from_updated, from_full, "case {case}");
            if from_full.is_ok() {
                assert_eq!(a, b, "case {case}");
            }
        }
        // Every kind of outcome was met.
        assert!(updated.iter().all(|&k| k > 10), "{updated:?}");
    }

    #[test]
    fn an_index_updated_to_a_closed_loop_is_no_base() {
        let p = Puzzle::new(3, 3, &[Clue::Blank; 9]).unwrap();
        let frame = Frame::<1>::new(3, 3);
        let mut clues = Clues::<1>::default();
        clues.load(&p);
        // The loop around the top left 2x1 cells: its top and bottom lines
        // in the base, its two sides open, every other edge crossed.
        let (top_bottom, sides) = (Row([0b11]), Row([0b101]));
        let mut base = Edges::<1>::default();
        base.reset(3);
        for pl in [Plane::H, Plane::V] {
            for r in 0..frame.plane_rows(pl) {
                let keep = match (pl, r) {
                    (Plane::H, 0 | 1) => top_bottom,
                    (Plane::V, 0) => sides,
                    _ => Row::EMPTY,
                };
                base.add_crosses(pl, r, frame.plane_bits(pl) & !keep);
            }
        }
        base.add_lines(Plane::H, 0, top_bottom);
        base.add_lines(Plane::H, 1, top_bottom);
        let mut w = Walker::<1>::default();
        let step = w.apply_indexed(&frame, &clues, &mut base);
        assert_eq!(step, Ok(LoopStep::Nothing));
        assert!(w.index.valid);
        // The node closes the loop, with nothing left to cross: as after a
        // full walk, its index is no base for probes.
        let mut node = base.clone();
        node.add_lines(Plane::V, 0, sides);
        let (mut full, mut fresh) = (node.clone(), Walker::<1>::default());
        let step = w.apply_indexed(&frame, &clues, &mut node);
        assert_eq!(step, Ok(LoopStep::Nothing));
        let step = fresh.apply_indexed(&frame, &clues, &mut full);
        assert_eq!(step, Ok(LoopStep::Nothing));
        assert!(!fresh.index.valid);
        assert!(!w.index.valid);
    }

    #[test]
    fn updated_indexes_match_a_full_walk() {
        compare_index_updates::<1>(3000, 2, 13);
        compare_index_updates::<2>(1000, 58, 14);
    }

    /// The walk as it was first written, one edge at a time: from `v`, the
    /// first line edge not `seen` (`H` and `V` rows) to the left, right, up
    /// or down, until there is none.
    fn reference_walk<const W: usize>(
        edges: &Edges<W>,
        frame: &Frame<W>,
        seen: &mut [Vec<Row<W>>; 2],
        mut v: Vertex,
    ) -> (Vertex, u32) {
        let mut n = 0;
        'outer: loop {
            let (i, j) = v;
            for d in 0..4 {
                let (p, ei, ej, to) = match d {
                    0 if j > 0 => (Plane::H, i, j - 1, (i, j - 1)),
                    1 if j < frame.cols => (Plane::H, i, j, (i, j + 1)),
                    2 if i > 0 => (Plane::V, i - 1, j, (i - 1, j)),
                    3 if i < frame.rows => (Plane::V, i, j, (i + 1, j)),
                    _ => continue,
                };
                let seen = &mut seen[(p == Plane::V) as usize][ei];
                if edges.lines(p, ei).has(ej) && !seen.has(ej) {
                    seen.set(ej);
                    v = to;
                    n += 1;
                    continue 'outer;
                }
            }
            return (v, n);
        }
    }

    /// Walks from every vertex in turn (edges walked stay walked) with
    /// [`Walker::walk`] and with [`reference_walk`], on random lines that
    /// may meet three or four at a vertex.
    fn compare_walks<const W: usize>(cases: usize, min_cols: usize, mut seed: u64) {
        for case in 0..cases {
            let (rows, cols) = (1 + case % 9, min_cols + case % 13);
            let frame = Frame::<W>::new(rows, cols);
            let mut edges = Edges::<W>::default();
            edges.reset(rows);
            // Dense enough for long runs, sparse enough for many ends.
            let density = 2 + splitmix64(&mut seed) % 7;
            for p in [Plane::H, Plane::V] {
                for r in 0..frame.plane_rows(p) {
                    for c in frame.plane_bits(p).ones() {
                        if splitmix64(&mut seed) % 10 < density {
                            edges.add_lines(p, r, Row::single(c));
                        }
                    }
                }
            }
            let mut w = Walker::<W>::default();
            let rest = (&mut w.rest_h, &mut w.rest_v);
            Walker::fill_rest(rest, &frame, |p, r| edges.lines(p, r));
            let mut seen = [vec![Row::EMPTY; rows + 1], vec![Row::EMPTY; rows]];
            for i in 0..=rows {
                for j in 0..=cols {
                    let want = reference_walk(&edges, &frame, &mut seen, (i, j));
                    let got = w.walk(&frame, (i, j), false);
                    assert_eq!(got, want, "case {case}, from {:?}", (i, j));
                }
            }
            for (r, seen) in seen[0].iter().enumerate() {
                assert_eq!(w.rest_h[r], edges.lines(Plane::H, r) & !*seen);
            }
            for (r, seen) in seen[1].iter().enumerate() {
                assert_eq!(w.rest_v[r + 1], edges.lines(Plane::V, r) & !*seen);
            }
        }
    }

    #[test]
    fn walks_match_a_walk_edge_by_edge() {
        compare_walks::<1>(2000, 1, 9);
        compare_walks::<1>(200, 51, 10);
    }

    #[test]
    fn walks_match_a_walk_edge_by_edge_on_wide_boards() {
        // 58 to 70 columns in two words, and 120 to 132 in three of four.
        compare_walks::<2>(300, 58, 11);
        compare_walks::<4>(100, 120, 12);
    }

    #[test]
    fn runs_of_bits_across_words() {
        let mut r = Row::<4>::EMPTY;
        for j in 60..200 {
            r.set(j);
        }
        assert_eq!(ones_from(r, 60), 140);
        assert_eq!(ones_from(r, 130), 70);
        assert_eq!(ones_from(r, 200), 0);
        assert_eq!(ones_below(r, 200), 140);
        assert_eq!(ones_below(r, 64), 4);
        assert_eq!(ones_below(r, 60), 0);
        let cut = without(r, 63, 129);
        assert_eq!(ones_from(cut, 60), 3);
        assert_eq!(ones_from(cut, 129), 71);
        assert_eq!(cut.count(), 140 - 66);
        let full = Row::<2>::FULL;
        assert_eq!(ones_from(full, 0), 128);
        assert_eq!(ones_below(full, 128), 128);
        assert_eq!(without(full, 0, 128), Row::EMPTY);
    }
}

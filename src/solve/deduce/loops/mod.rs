//! Single-loop reasoning: the lines must close into exactly one loop.
//!
//! At a stall of the rules, each line path is walked from one end to the
//! other. An undecided edge joining the two ends of one path would close a
//! loop: it is crossed, unless that loop would be the whole solution. A
//! closed loop is accepted only if it holds every line, and then every
//! other edge is crossed.

use crate::bits::{Count, Row};
use crate::board::{Board, Clues, Frame};
use crate::grid::{EdgeId, Plane, Side, ARMS};
use crate::rules::Contradiction;
use index::{PathIndex, Vertex};

mod index;

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
    trial: Board<W>,
    /// The paths of the base board.
    index: PathIndex<W>,
    /// The edges the last call crossed (when it answered
    /// [`LoopStep::Crossed`]).
    crossed: Vec<EdgeId>,
    /// The plane rows holding lines the base lacks, and those lines.
    fresh: Vec<(Plane, usize, Row<W>)>,
    /// The paths an incremental walk found through new lines: their ends
    /// and lengths.
    joined: Vec<(Vertex, Vertex, u32)>,
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

    /// Crosses the undecided edge `e` joining the two ends of a path of
    /// `len` edges (of `total` lines), unless that edge would close a loop
    /// holding every line and satisfying every clue. [`Join::Crossed`] if
    /// it crossed it.
    #[inline(always)]
    fn join(
        &mut self,
        frame: &Frame<W>,
        clues: &Clues<W>,
        edges: &mut Board<W>,
        e: EdgeId,
        len: u32,
        total: u32,
    ) -> Join {
        let EdgeId {
            plane: q,
            row: ei,
            col: ej,
        } = e;
        if edges.lines(q, ei).has(ej) || edges.crosses(q, ei).has(ej) {
            return Join::Decided;
        }
        if len == total && self.closes_solution(frame, clues, edges, q, ei, ej) {
            return Join::MayClose;
        }
        edges.add_crosses(q, ei, Row::single(ej));
        self.crossed.push(e);
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

    /// Sets the edges left to walk (`rest_h`, `rest_v` of a walker) to
    /// every line of `edges` (an incremental walk sets them to the new
    /// lines itself: [`Walker::walk_fresh`]).
    #[inline(always)]
    fn fill_rest(rest: (&mut Vec<Row<W>>, &mut Vec<Row<W>>), edges: &Board<W>) {
        let planes = Self::rest_rows(rest, edges);
        for (into, p) in planes.into_iter().zip([Plane::H, Plane::V]) {
            into.copy_from_slice(edges.line_rows(p));
        }
    }

    /// Sizes the edges left to walk (`rest_h`, `rest_v` of a walker) for
    /// a board like `edges`, with `V`'s empty rows before and after, and
    /// gives the rows to fill: `H`'s, and `V`'s between the empty ones.
    #[inline(always)]
    fn rest_rows<'a>(
        (rest_h, rest_v): (&'a mut Vec<Row<W>>, &'a mut Vec<Row<W>>),
        edges: &Board<W>,
    ) -> [&'a mut [Row<W>]; 2] {
        rest_h.resize(edges.line_rows(Plane::H).len(), Row::EMPTY);
        rest_v.resize(edges.line_rows(Plane::V).len() + 2, Row::EMPTY);
        let last = rest_v.len() - 1;
        (rest_v[0], rest_v[last]) = (Row::EMPTY, Row::EMPTY);
        [&mut rest_h[..], &mut rest_v[1..last]]
    }

    /// Whether the lines plus edge `p(ei, ej)` satisfy every clue exactly.
    fn closes_solution(
        &mut self,
        frame: &Frame<W>,
        clues: &Clues<W>,
        edges: &Board<W>,
        p: Plane,
        ei: usize,
        ej: usize,
    ) -> bool {
        let with = &mut self.trial;
        with.copy_from(edges);
        with.add_lines(p, ei, Row::single(ej));
        (0..frame.rows).all(|i| {
            let lines = Count::of(Side::ALL.map(|s| with.read(frame, i, s.at()).line));
            (0..4).all(|n| (clues.cells_with(n, i) & !lines.exactly(n)).is_empty())
        })
    }

    /// The edges the last call that answered [`LoopStep::Crossed`] crossed.
    pub fn crossed(&self) -> &[EdgeId] {
        &self.crossed
    }

    /// Applies loop reasoning to `edges` once.
    pub fn apply(
        &mut self,
        frame: &Frame<W>,
        clues: &Clues<W>,
        edges: &mut Board<W>,
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
        edges: &mut Board<W>,
    ) -> Result<LoopStep, Contradiction> {
        if !self.index.extended_by(frame, edges) {
            return self.apply_full(frame, clues, edges, true);
        }
        let walked = self.walk_fresh(frame, clues, edges);
        // As after a full walk, the index is valid only for a board where
        // no loop closed and no path's closing edge was left open (it may
        // close the solution, which more lines elsewhere would change).
        // Crossed closing edges leave every path as it was: the index
        // stays. (Otherwise the next call walks the board in full.)
        self.index.valid = false;
        let (step, base, total) = walked?;
        if matches!(step, LoopStep::Nothing | LoopStep::Crossed(_)) && base {
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
        edges: &mut Board<W>,
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
        Self::fill_rest(rest, edges);
        self.crossed.clear();
        let mut crossed = 0;
        let mut on_paths = 0;
        // Whether a path's closing edge was left open (it may close the
        // solution): a board extending this one must check it again.
        let mut open_close = false;
        for i in 0..=frame.rows {
            let lines = Count::of(ARMS.map(|a| edges.read(frame, i, a).line));
            for j in (lines.exactly(1) & frame.vertices).ones() {
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
                self.index.valid = !open_close;
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
        edges: &mut Board<W>,
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

    /// Sets the edges left to walk to the lines of `edges` that the base
    /// lacks ([`Walker::rest_rows`]), and `fresh` to the
    /// rows that hold any; returns how many lines those hold. Each plane in
    /// one pass (a pass to fill the rows, then one to find those with a
    /// line, took the human-made set 0.6% more instructions).
    #[inline(always)]
    fn fill_fresh(&mut self, edges: &Board<W>) -> u32 {
        let mut total = 0;
        self.fresh.clear();
        let fresh = &mut self.fresh;
        let [into_h, into_v] = Self::rest_rows((&mut self.rest_h, &mut self.rest_v), edges);
        let lines = [Plane::H, Plane::V].map(|p| edges.line_rows(p));
        let base = [&self.index.lines_h[..], &self.index.lines_v[..]];
        for (p, into, lines, base) in [
            (Plane::H, into_h, lines[0], base[0]),
            (Plane::V, into_v, lines[1], base[1]),
        ] {
            debug_assert_eq!(lines.len(), base.len(), "the base of another board");
            for (r, (into, (l, b))) in into.iter_mut().zip(lines.iter().zip(base)).enumerate() {
                let new = *l & !*b;
                *into = new;
                if new.any() {
                    total += new.count();
                    fresh.push((p, r, new));
                }
            }
        }
        total
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
        edges: &mut Board<W>,
    ) -> Result<(LoopStep, bool, u32), Contradiction> {
        self.index.call = self.index.call.wrapping_add(1);
        if self.index.call == 0 {
            self.index.used.iter_mut().for_each(|u| *u = 0);
            self.index.call = 1;
        }
        // The lines are the base's and the fresh ones: the fresh ones to
        // walk, then the rows that hold any.
        let mut total = self.index.total;
        total += self.fill_fresh(edges);
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
fn close<const W: usize>(frame: &Frame<W>, edges: &mut Board<W>) -> LoopStep {
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
fn joining_edge(a: Vertex, b: Vertex) -> Option<EdgeId> {
    let ((ai, aj), (bi, bj)) = (a, b);
    if ai == bi && aj.abs_diff(bj) == 1 {
        Some(EdgeId::new(Plane::H, ai, aj.min(bj)))
    } else if aj == bj && ai.abs_diff(bi) == 1 {
        Some(EdgeId::new(Plane::V, ai.min(bi), aj))
    } else {
        None
    }
}

/// A vertex on a line edge, if any.
fn first_line<const W: usize>(edges: &Board<W>, frame: &Frame<W>) -> Option<Vertex> {
    (0..=frame.rows)
        .find_map(|i| edges.lines(Plane::H, i).first().map(|j| (i, j)))
        .or_else(|| (0..frame.rows).find_map(|i| edges.lines(Plane::V, i).first().map(|j| (i, j))))
}

#[cfg(test)]
mod tests;

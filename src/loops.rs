//! Single-loop reasoning: the lines must close into exactly one loop.
//!
//! At a stall of the rules, each line path is walked from one end to the
//! other. An undecided edge joining the two ends of one path would close a
//! loop: it is crossed, unless that loop would be the whole solution. A
//! closed loop is accepted only if it holds every line, and then every
//! other edge is crossed.

use crate::bits::Row;
use crate::board::{Clues, Edges, Frame, Plane};
use crate::geometry::{Side, ARMS};
use crate::rules::{Contradiction, Count};

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
#[derive(Default, Clone, Debug)]
pub struct Walker<const W: usize> {
    seen_h: Vec<Row<W>>,
    seen_v: Vec<Row<W>>,
    /// A copy of the board with one more line, to test a closing edge.
    trial: Edges<W>,
}

/// A vertex `(i, j)`.
type Vertex = (usize, usize);

impl<const W: usize> Walker<W> {
    fn line_at(edges: &Edges<W>, p: Plane, i: usize, j: usize) -> bool {
        edges.lines(p, i).has(j)
    }

    /// The other end of the line edge leaving `v` in direction `d` (0 left,
    /// 1 right, 2 up, 3 down), marking the edge seen; or `None`.
    fn step(&mut self, edges: &Edges<W>, frame: &Frame<W>, v: Vertex, d: usize) -> Option<Vertex> {
        let (i, j) = v;
        let (p, ei, ej, to) = match d {
            0 if j > 0 => (Plane::H, i, j - 1, (i, j - 1)),
            1 if j < frame.cols => (Plane::H, i, j, (i, j + 1)),
            2 if i > 0 => (Plane::V, i - 1, j, (i - 1, j)),
            3 if i < frame.rows => (Plane::V, i, j, (i + 1, j)),
            _ => return None,
        };
        if !Self::line_at(edges, p, ei, ej) {
            return None;
        }
        let seen = match p {
            Plane::H => &mut self.seen_h[ei],
            Plane::V => &mut self.seen_v[ei],
        };
        if seen.has(ej) {
            return None;
        }
        seen.set(ej);
        Some(to)
    }

    /// Walks from `start` along lines until it cannot go on; returns the last
    /// vertex and the number of edges walked.
    fn walk(&mut self, edges: &Edges<W>, frame: &Frame<W>, start: Vertex) -> (Vertex, u32) {
        let (mut v, mut n) = (start, 0);
        'outer: loop {
            for d in 0..4 {
                if let Some(w) = self.step(edges, frame, v, d) {
                    v = w;
                    n += 1;
                    continue 'outer;
                }
            }
            return (v, n);
        }
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

    /// Applies loop reasoning to `edges` once.
    pub fn apply(
        &mut self,
        frame: &Frame<W>,
        clues: &Clues<W>,
        edges: &mut Edges<W>,
    ) -> Result<LoopStep, Contradiction> {
        let total = edges.line_count();
        if total == 0 {
            return Ok(LoopStep::Nothing);
        }
        self.seen_h.clear();
        self.seen_h.resize(frame.rows + 1, Row::EMPTY);
        self.seen_v.clear();
        self.seen_v.resize(frame.rows, Row::EMPTY);
        let mut crossed = 0;
        let mut on_paths = 0;
        for i in 0..=frame.rows {
            let lines = Count::of(ARMS.map(|a| edges.read(frame, i, a).line));
            for j in (lines.eq(1) & frame.vertices).ones() {
                let (end, len) = self.walk(edges, frame, (i, j));
                if len == 0 {
                    continue; // the other end of a path already walked
                }
                on_paths += len;
                if let Some((p, ei, ej)) = joining_edge((i, j), end) {
                    let decided = edges.lines(p, ei).has(ej) || edges.crosses(p, ei).has(ej);
                    if !(decided
                        || len == total && self.closes_solution(frame, clues, edges, p, ei, ej))
                    {
                        edges.add_crosses(p, ei, Row::single(ej));
                        crossed += 1;
                    }
                }
            }
        }
        if on_paths == total {
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
        let (_, len) = self.walk(edges, frame, start);
        if len != total {
            return Err(Contradiction::PrematureLoop);
        }
        let mut new = false;
        for p in [Plane::H, Plane::V] {
            for r in 0..frame.plane_rows(p) {
                let open = !edges.lines(p, r) & frame.plane_bits(p);
                new |= edges.add_crosses(p, r, open);
            }
        }
        // A board the rules finished has nothing left to cross: no news.
        Ok(if new {
            LoopStep::Closed
        } else {
            LoopStep::Nothing
        })
    }
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

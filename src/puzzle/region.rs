//! Random loops as the boundary of a region of cells.
//!
//! A region is a set of cells that is 4-connected, has no hole (its
//! complement, together with everything outside the grid, is 4-connected)
//! and has no two cells touching only at a corner (in either the region or
//! its complement). Then its boundary is exactly one simple closed loop,
//! and every Slink clue is the number of a cell's neighbours (outside the
//! grid counts as outside the region) on the other side of the boundary.
//!
//! Regions grow by accretion from one cell: a cell next to the region is
//! added only when the region stays that way, which a look at the cell's
//! eight neighbours decides (see [`Region::can_add`]). How the next cell
//! is chosen gives the loop its [`Shape`].

use crate::puzzle::solution::Solution;
use crate::puzzle::{Clue, Puzzle};
use crate::util::rng::Rng;
use std::fmt;
use std::str::FromStr;

/// The kind of loop to grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Compact regions grown from the whole frontier (Eden growth), with a
    /// random preference for smooth or ragged outlines.
    Blobby,
    /// Trees of one-cell-wide corridors: the loop runs along both sides.
    Thin,
    /// Long snakes: a random walk that mostly keeps its direction, jumping
    /// to a new branch when stuck.
    Winding,
}

impl Shape {
    /// Every shape, in the order a mixed run draws from.
    pub const ALL: [Shape; 3] = [Shape::Blobby, Shape::Thin, Shape::Winding];

    /// The shape's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Blobby => "blobby",
            Shape::Thin => "thin",
            Shape::Winding => "winding",
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Shape {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Shape::ALL
            .into_iter()
            .find(|shape| shape.name() == s)
            .ok_or_else(|| format!("unknown shape '{s}' (expected blobby, thin or winding)"))
    }
}

/// A set of cells of an `rows x cols` grid whose boundary is one loop.
///
/// Stored with a one-cell border of never-member cells around the grid,
/// so neighbour lookups need no bounds checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    rows: usize,
    cols: usize,
    /// Membership, `(rows + 2) x (cols + 2)`, border included.
    cells: Vec<bool>,
    len: usize,
}

impl Region {
    /// An empty region of an `rows x cols` grid.
    pub fn new(rows: usize, cols: usize) -> Self {
        Region {
            rows,
            cols,
            cells: vec![false; (rows + 2) * (cols + 2)],
            len: 0,
        }
    }

    /// Grid rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Grid columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells in the region.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the region has no cell.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn stride(&self) -> usize {
        self.cols + 2
    }

    /// Padded index of cell `(i, j)`.
    fn at(&self, i: usize, j: usize) -> usize {
        (i + 1) * self.stride() + j + 1
    }

    /// Whether padded index `p` is a grid cell (not the border).
    fn inner(&self, p: usize) -> bool {
        let (i, j) = (p / self.stride(), p % self.stride());
        (1..=self.rows).contains(&i) && (1..=self.cols).contains(&j)
    }

    /// Whether cell `(i, j)` is in the region (false outside the grid).
    pub fn contains(&self, i: usize, j: usize) -> bool {
        i < self.rows && j < self.cols && self.cells[self.at(i, j)]
    }

    /// Whether adding cell `(i, j)` keeps the region's boundary one loop.
    ///
    /// The cell must be outside the region and next to it (or the region
    /// empty). It is refused if it would touch a region cell only at a
    /// corner, or if its outside neighbours would fall into two groups
    /// (the region would close around one of them: a hole).
    pub fn can_add(&self, i: usize, j: usize) -> bool {
        if i >= self.rows || j >= self.cols {
            return false;
        }
        self.can_add_at(self.at(i, j))
    }

    fn can_add_at(&self, p: usize) -> bool {
        let c = &self.cells;
        if c[p] {
            return false;
        }
        if self.len == 0 {
            return true;
        }
        let w = self.stride();
        let (n, e, s, west) = (c[p - w], c[p + 1], c[p + w], c[p - 1]);
        let (ne, se, sw, nw) = (c[p - w + 1], c[p + w + 1], c[p + w - 1], c[p - w - 1]);
        // A region cell diagonal to p with both cells between them outside
        // would meet p at a corner only: four lines at that vertex.
        if (ne && !n && !e) || (se && !s && !e) || (sw && !s && !west) || (nw && !n && !west) {
            return false;
        }
        // With no such corner, outside neighbours next to each other around
        // p are connected; count the groups they form.
        let orth = [n, e, s, west];
        let groups = (0..4).filter(|&k| !orth[k] && orth[(k + 3) % 4]).count();
        groups == 1
    }

    /// Adds padded cell `p` (no checks).
    fn add_at(&mut self, p: usize) {
        debug_assert!(!self.cells[p] && self.inner(p));
        self.cells[p] = true;
        self.len += 1;
    }

    /// Adds cell `(i, j)` if [`Region::can_add`] allows it; returns whether it did.
    pub fn add(&mut self, i: usize, j: usize) -> bool {
        if !self.can_add(i, j) {
            return false;
        }
        let p = self.at(i, j);
        self.add_at(p);
        true
    }

    /// Number of region cells among the four neighbours of padded cell `p`.
    fn members_around(&self, p: usize) -> usize {
        let w = self.stride();
        let c = &self.cells;
        c[p - w] as usize + c[p + 1] as usize + c[p + w] as usize + c[p - 1] as usize
    }

    /// Grows a random region of about `target` cells (at least one) of an
    /// `rows x cols` grid, shaped by `shape`. Growth stops early when no
    /// cell can be added.
    pub fn grow(rows: usize, cols: usize, shape: Shape, target: usize, rng: &mut Rng) -> Self {
        let mut g = Grower::new(Region::new(rows, cols));
        let target = target.clamp(1, rows * cols);
        let start = g.region.at(rng.index(rows), rng.index(cols));
        g.add(start);
        match shape {
            Shape::Blobby => {
                // Weight of a frontier cell by its number of region neighbours
                // (1, 2, 3): low weight for 1 smooths the outline.
                let w1 = rng.range_f64(0.08, 1.0);
                g.accrete(target, [w1, 1.0, 1.0], rng);
            }
            Shape::Thin => {
                let w2 = rng.range_f64(0.0, 0.15);
                g.accrete(target, [1.0, w2, w2], rng);
            }
            Shape::Winding => {
                let straight = rng.range_f64(0.55, 0.95);
                g.wind(start, target, straight, rng);
            }
        }
        g.region
    }

    /// The clue of padded cell `p`: its neighbours on the other side.
    fn clue_at(&self, p: usize) -> u8 {
        let w = self.stride();
        let c = &self.cells;
        let me = c[p];
        [p - w, p + 1, p + w, p - 1]
            .iter()
            .filter(|&&q| c[q] != me)
            .count() as u8
    }

    /// The Slink puzzle of this loop: every cell clued with its number of
    /// sides on the loop. A region of one cell would need a clue 4 there,
    /// which the format cannot say: that cell is left blank.
    pub fn puzzle(&self) -> Puzzle {
        let mut clues = Vec::with_capacity(self.rows * self.cols);
        for i in 0..self.rows {
            for j in 0..self.cols {
                let n = self.clue_at(self.at(i, j));
                clues.push(if n <= 3 { Clue::Number(n) } else { Clue::Blank });
            }
        }
        // Sizes come from a grown region, so they are valid and the count
        // matches: an error here is a bug.
        Puzzle::new(self.rows, self.cols, &clues).expect("a grown region's size and clues")
    }

    /// The loop itself: the edges between a region cell and a non-region cell.
    pub fn solution(&self) -> Solution {
        let (r, c) = (self.rows, self.cols);
        let w = self.stride();
        let cells = &self.cells;
        let mut s = Solution::new(r, c);
        for i in 0..=r {
            for j in 0..c {
                // Cell (i - 1, j) above, (i, j) below, in padded coordinates.
                if cells[i * w + j + 1] != cells[(i + 1) * w + j + 1] {
                    s.set_h(i, j, true);
                }
            }
        }
        for i in 0..r {
            for j in 0..=c {
                if cells[(i + 1) * w + j] != cells[(i + 1) * w + j + 1] {
                    s.set_v(i, j, true);
                }
            }
        }
        s
    }
}

/// A region and its frontier: the outside grid cells next to it.
struct Grower {
    region: Region,
    frontier: Vec<usize>,
    /// Position of each padded cell in `frontier`, or `usize::MAX`.
    slot: Vec<usize>,
}

impl Grower {
    fn new(region: Region) -> Self {
        let n = region.cells.len();
        Grower {
            region,
            frontier: Vec::new(),
            slot: vec![usize::MAX; n],
        }
    }

    /// Adds padded cell `p` and updates the frontier.
    fn add(&mut self, p: usize) {
        self.region.add_at(p);
        let k = self.slot[p];
        if k != usize::MAX {
            self.frontier.swap_remove(k);
            if let Some(&moved) = self.frontier.get(k) {
                self.slot[moved] = k;
            }
            self.slot[p] = usize::MAX;
        }
        let w = self.region.stride();
        for q in [p - w, p + 1, p + w, p - 1] {
            if !self.region.cells[q] && self.slot[q] == usize::MAX && self.region.inner(q) {
                self.slot[q] = self.frontier.len();
                self.frontier.push(q);
            }
        }
    }

    /// Failures in a row after which growth stops.
    fn patience(&self) -> usize {
        64 + 8 * self.frontier.len()
    }

    /// Tries one random frontier cell, accepted with probability
    /// `weights[n - 1]` for a cell with `n` region neighbours.
    fn try_frontier(&mut self, weights: [f64; 3], rng: &mut Rng) -> Option<usize> {
        if self.frontier.is_empty() {
            return None;
        }
        let p = self.frontier[rng.index(self.frontier.len())];
        let n = self.region.members_around(p);
        let weight = weights.get(n.wrapping_sub(1)).copied().unwrap_or(0.0);
        if rng.chance(weight) && self.region.can_add_at(p) {
            self.add(p);
            Some(p)
        } else {
            None
        }
    }

    /// Accretion from the whole frontier until `target` cells or stuck.
    fn accrete(&mut self, target: usize, weights: [f64; 3], rng: &mut Rng) {
        let mut fails = 0;
        while self.region.len < target && !self.frontier.is_empty() {
            if self.try_frontier(weights, rng).is_some() {
                fails = 0;
            } else {
                fails += 1;
                if fails > self.patience() {
                    break;
                }
            }
        }
    }

    /// A random walk of one-cell-wide corridors that mostly goes straight.
    fn wind(&mut self, start: usize, target: usize, straight: f64, rng: &mut Rng) {
        let w = self.region.stride() as isize;
        let dirs = [-w, 1, w, -1];
        let mut head = start;
        let mut dir = rng.index(4);
        let mut fails = 0;
        while self.region.len < target && !self.frontier.is_empty() {
            // Walk: straight on, or turn left or right; the other turn next.
            let turn = if rng.chance(straight) {
                [0, 1, 3]
            } else if rng.chance(0.5) {
                [1, 3, 0]
            } else {
                [3, 1, 0]
            };
            let mut moved = false;
            for t in turn {
                let d = (dir + t) % 4;
                let q = head as isize + dirs[d];
                let q = q as usize;
                if self.region.inner(q)
                    && !self.region.cells[q]
                    && self.region.members_around(q) == 1
                    && self.region.can_add_at(q)
                {
                    self.add(q);
                    head = q;
                    dir = d;
                    moved = true;
                    break;
                }
            }
            if moved {
                fails = 0;
                continue;
            }
            // Stuck: start a new branch from a random frontier cell.
            match self.try_frontier([1.0, 0.02, 0.0], rng) {
                Some(p) => {
                    fails = 0;
                    // Head away from the member it grew from.
                    dir = (0..4)
                        .find(|&d| {
                            let back = p as isize - dirs[d];
                            back >= 0 && self.region.cells[back as usize]
                        })
                        .unwrap_or(0);
                    head = p;
                }
                None => {
                    fails += 1;
                    if fails > self.patience() {
                        break;
                    }
                }
            }
        }
    }
}

/// A random `rows x cols` puzzle for tests: the clues of a random region
/// of cells (a single loop), each cell blank with probability `blank` in
/// 10, and in one puzzle in five a wrong clue (so that some have no
/// solution; blanks give some several).
#[cfg(test)]
pub(crate) fn random_test_puzzle(rows: usize, cols: usize, blank: u64, seed: &mut u64) -> Puzzle {
    let mut region = Region::new(rows, cols);
    let mut pick = |n: usize| (crate::util::rng::splitmix64(seed) % n as u64) as usize;
    region.add(pick(rows), pick(cols));
    for _ in 0..2 * rows * cols {
        region.add(pick(rows), pick(cols));
    }
    let at = |i: isize, j: isize| i >= 0 && j >= 0 && region.contains(i as usize, j as usize);
    let spoil = pick(5) == 0;
    let mut text = String::new();
    for i in 0..rows as isize {
        for j in 0..cols as isize {
            let here = at(i, j);
            let mut n = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .filter(|(di, dj)| at(i + di, j + dj) != here)
                .count();
            if spoil && pick(rows * cols) == 0 {
                n = (n + 1) % 4;
            }
            text.push(if n == 4 || (pick(10) as u64) < blank {
                '.'
            } else {
                char::from(b'0' + n as u8)
            });
        }
        text.push('/');
    }
    text.pop();
    Puzzle::from_rows(&text).expect("a well-formed puzzle")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::verify::verify;

    #[test]
    fn grown_regions_are_single_loops_matching_their_clues() {
        let mut rng = Rng::new(1);
        for k in 0..300 {
            let rows = 1 + k % 9;
            let cols = 1 + (k / 9) % 11;
            let shape = Shape::ALL[k % 3];
            let target = rng.between(1, rows * cols);
            let r = Region::grow(rows, cols, shape, target, &mut rng);
            assert!(!r.is_empty());
            let p = r.puzzle();
            let s = r.solution();
            assert_eq!(verify(&p, &s), Ok(()), "{shape} {rows}x{cols}\n{p:?}");
        }
    }

    #[test]
    fn refuses_corner_contacts_and_holes() {
        let mut r = Region::new(3, 3);
        assert!(r.add(0, 0));
        assert!(!r.can_add(1, 1), "touches (0, 0) at a corner only");
        assert!(!r.can_add(2, 2), "not next to the region");
        assert!(r.add(0, 1) && r.add(0, 2) && r.add(1, 2) && r.add(2, 2));
        assert!(r.add(2, 1) && r.add(2, 0));
        // (1, 0) would close the ring around (1, 1): a hole.
        assert!(!r.can_add(1, 0));
        assert!(r.can_add(1, 1));
        assert!(!r.add(5, 5));
    }

    #[test]
    fn single_cell_region_leaves_its_cell_blank() {
        let mut rng = Rng::new(9);
        let r = Region::grow(1, 1, Shape::Blobby, 1, &mut rng);
        assert_eq!(r.len(), 1);
        assert_eq!(r.puzzle().clue(0, 0), Clue::Blank);
        assert_eq!(r.solution().len(), 4);
    }

    #[test]
    fn shapes_parse_by_name() {
        assert_eq!("thin".parse::<Shape>(), Ok(Shape::Thin));
        assert!("round".parse::<Shape>().is_err());
    }
}

//! The harness's drawing of a board: clues and every edge's state, drawn
//! and read in ASCII, turned and mirrored, and converted to and from the
//! solver's [`Board`].

use crate::bits::Row;
use crate::board::{Board, Frame};
use crate::grid::Plane;
use crate::puzzle::{Clue, Puzzle};
use crate::rules::Contradiction;
use std::fmt;

/// The state of one edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    Unknown,
    Line,
    Cross,
}

/// A drawing of a board: clues and the state of every edge.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Drawing {
    pub rows: usize,
    pub cols: usize,
    /// Row-major clues, `None` for a blank cell.
    pub clues: Vec<Option<u8>>,
    /// `H(i, j)` at `i * cols + j`.
    pub h: Vec<Mark>,
    /// `V(i, j)` at `i * (cols + 1) + j`.
    pub v: Vec<Mark>,
}

/// What sits at a point of the doubled lattice: `(even, even)` is a
/// vertex, `(even, odd)` an `H` edge, `(odd, even)` a `V` edge and
/// `(odd, odd)` a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Point {
    Vertex,
    Edge(Mark),
    Cell(Option<u8>),
}

impl Drawing {
    /// A `rows x cols` board of blank cells and unknown edges.
    pub fn blank(rows: usize, cols: usize) -> Drawing {
        Drawing {
            rows,
            cols,
            clues: vec![None; rows * cols],
            h: vec![Mark::Unknown; (rows + 1) * cols],
            v: vec![Mark::Unknown; rows * (cols + 1)],
        }
    }

    pub fn h(&self, i: usize, j: usize) -> Mark {
        self.h[i * self.cols + j]
    }

    pub fn v(&self, i: usize, j: usize) -> Mark {
        self.v[i * (self.cols + 1) + j]
    }

    pub fn set_h(&mut self, i: usize, j: usize, m: Mark) {
        let c = self.cols;
        self.h[i * c + j] = m;
    }

    pub fn set_v(&mut self, i: usize, j: usize, m: Mark) {
        let c = self.cols;
        self.v[i * (c + 1) + j] = m;
    }

    fn point(&self, y: usize, x: usize) -> Point {
        let (i, j) = (y / 2, x / 2);
        match (y % 2, x % 2) {
            (0, 0) => Point::Vertex,
            (0, _) => Point::Edge(self.h(i, j)),
            (_, 0) => Point::Edge(self.v(i, j)),
            _ => Point::Cell(self.clues[i * self.cols + j]),
        }
    }

    fn set_point(&mut self, y: usize, x: usize, p: Point) {
        let (i, j) = (y / 2, x / 2);
        match (y % 2, x % 2, p) {
            (0, 0, Point::Vertex) => {}
            (0, 1, Point::Edge(m)) => self.set_h(i, j, m),
            (1, 0, Point::Edge(m)) => self.set_v(i, j, m),
            (1, 1, Point::Cell(c)) => self.clues[i * self.cols + j] = c,
            other => panic!("lattice point ({y}, {x}) cannot hold {other:?}"),
        }
    }

    /// Parses a drawing (see the module docs). Blank lines around the
    /// drawing and the indentation of its first line are ignored.
    pub fn parse(text: &str) -> Drawing {
        let lines: Vec<&str> = text.lines().collect();
        let first = lines
            .iter()
            .position(|l| !l.trim().is_empty())
            .expect("an empty drawing");
        let last = lines.iter().rposition(|l| !l.trim().is_empty()).unwrap();
        let lines = &lines[first..=last];
        let indent = lines[0].len() - lines[0].trim_start().len();
        let lines: Vec<&[u8]> = lines
            .iter()
            .map(|l| {
                let b = l.trim_end().as_bytes();
                let (pad, rest) = b.split_at(indent.min(b.len()));
                assert!(
                    pad.iter().all(|&c| c == b' '),
                    "line {l:?} is indented less than the first line"
                );
                rest
            })
            .collect();
        assert!(lines.len() % 2 == 1, "a drawing has 2 * rows + 1 lines");
        let width = lines[0].len();
        assert!(
            width >= 5 && width % 4 == 1,
            "the first line must be a vertex row `+ . + ... +`, got {:?}",
            String::from_utf8_lossy(lines[0])
        );
        let (rows, cols) = (lines.len() / 2, width / 4);
        let mut b = Drawing::blank(rows, cols);
        for (y, line) in lines.iter().enumerate() {
            assert!(
                line.len() <= width,
                "line {y} is longer than the first line: {:?}",
                String::from_utf8_lossy(line)
            );
            let at = |k: usize| line.get(k).copied().unwrap_or(b' ');
            for x in 0..=2 * cols {
                let c = at(2 * x);
                let p = match (y % 2, x % 2, c) {
                    (0, 0, b'+') => Point::Vertex,
                    (0, 1, b'-') | (1, 0, b'|') => Point::Edge(Mark::Line),
                    (_, _, b'x') if (y + x) % 2 == 1 => Point::Edge(Mark::Cross),
                    (_, _, b'.' | b' ') if (y + x) % 2 == 1 => Point::Edge(Mark::Unknown),
                    (1, 1, b'.' | b' ') => Point::Cell(None),
                    (1, 1, b'0'..=b'3') => Point::Cell(Some(c - b'0')),
                    _ => panic!(
                        "line {y}, column {}: unexpected {:?} in {:?}",
                        2 * x,
                        c as char,
                        String::from_utf8_lossy(line)
                    ),
                };
                b.set_point(y, x, p);
                if x < 2 * cols {
                    let gap = at(2 * x + 1);
                    let ok = gap == b' ' || (y % 2 == 0 && gap == b'-');
                    assert!(
                        ok,
                        "line {y}, column {}: {:?} is between lattice points",
                        2 * x + 1,
                        gap as char
                    );
                }
            }
        }
        b
    }

    /// The canonical drawing: unknown edges as `.`, blank cells as space.
    pub fn render(&self) -> String {
        let mut s = String::new();
        for y in 0..=2 * self.rows {
            for x in 0..=2 * self.cols {
                if x > 0 {
                    s.push(' ');
                }
                s.push(match self.point(y, x) {
                    Point::Vertex => '+',
                    Point::Edge(Mark::Unknown) => '.',
                    Point::Edge(Mark::Cross) => 'x',
                    Point::Edge(Mark::Line) if y % 2 == 0 => '-',
                    Point::Edge(Mark::Line) => '|',
                    Point::Cell(None) => ' ',
                    Point::Cell(Some(n)) => (b'0' + n) as char,
                });
            }
            s.push('\n');
        }
        s
    }

    /// One of the eight symmetries of the square: bit 2 transposes, bit 1
    /// flips top to bottom, bit 0 flips left to right (in that order).
    pub fn transform(&self, sym: usize) -> Drawing {
        let transpose = sym & 4 != 0;
        let (rows, cols) = if transpose {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        let mut t = Drawing::blank(rows, cols);
        for y in 0..=2 * self.rows {
            for x in 0..=2 * self.cols {
                let (mut y2, mut x2) = if transpose { (x, y) } else { (y, x) };
                if sym & 2 != 0 {
                    y2 = 2 * rows - y2;
                }
                if sym & 1 != 0 {
                    x2 = 2 * cols - x2;
                }
                t.set_point(y2, x2, self.point(y, x));
            }
        }
        t
    }

    /// This board inside a `rows x cols` one, its column 0 at column `off`,
    /// blank and unknown elsewhere. The edges leaving the drawing to the
    /// left and right are crossed, so that the drawing's own border
    /// behaves as the grid's border did.
    pub fn embed(&self, cols: usize, off: usize) -> Drawing {
        assert!(off >= 2 && off + self.cols + 2 <= cols, "no room to embed");
        let mut big = Drawing::blank(self.rows, cols);
        for i in 0..self.rows {
            for j in 0..self.cols {
                big.clues[i * cols + j + off] = self.clues[i * self.cols + j];
            }
            for j in 0..=self.cols {
                big.set_v(i, j + off, self.v(i, j));
            }
        }
        for i in 0..=self.rows {
            for j in 0..self.cols {
                big.set_h(i, j + off, self.h(i, j));
            }
            big.set_h(i, off - 1, Mark::Cross);
            big.set_h(i, off + self.cols, Mark::Cross);
        }
        big
    }

    /// The puzzle: the board's clues.
    pub fn puzzle(&self) -> Puzzle {
        let clues: Vec<Clue> = self
            .clues
            .iter()
            .map(|c| c.map_or(Clue::Blank, Clue::Number))
            .collect();
        Puzzle::new(self.rows, self.cols, &clues).expect("a valid puzzle")
    }

    /// The solver's board with these edges decided (and nothing else).
    pub fn board<const W: usize>(&self) -> Board<W> {
        let mut e = Board::<W>::default();
        e.reset(self.rows);
        let mut put = |p: Plane, i: usize, j: usize, m: Mark| match m {
            Mark::Line => {
                e.add_lines(p, i, Row::single(j));
            }
            Mark::Cross => {
                e.add_crosses(p, i, Row::single(j));
            }
            Mark::Unknown => {}
        };
        for i in 0..=self.rows {
            for j in 0..self.cols {
                put(Plane::H, i, j, self.h(i, j));
            }
        }
        for i in 0..self.rows {
            for j in 0..=self.cols {
                put(Plane::V, i, j, self.v(i, j));
            }
        }
        e
    }

    /// This drawing's clues with the edges of board `e`; an edge both line and
    /// cross is a contradiction. Panics if a plane has bits off the board.
    pub fn with_board<const W: usize>(
        &self,
        frame: &Frame<W>,
        e: &Board<W>,
    ) -> Result<Drawing, Contradiction> {
        let mut b = self.clone();
        for p in [Plane::H, Plane::V] {
            for i in 0..frame.plane_rows(p) {
                let (line, cross) = (e.lines(p, i), e.crosses(p, i));
                let stray = (line | cross) & !frame.plane_bits(p);
                assert!(
                    stray.is_empty(),
                    "{p:?} row {i}: bits {stray:?} off the board"
                );
                if (line & cross).any() {
                    return Err(Contradiction::EdgeConflict);
                }
                let n = match p {
                    Plane::H => self.cols,
                    Plane::V => self.cols + 1,
                };
                for j in 0..n {
                    let m = if line.has(j) {
                        Mark::Line
                    } else if cross.has(j) {
                        Mark::Cross
                    } else {
                        Mark::Unknown
                    };
                    match p {
                        Plane::H => b.set_h(i, j, m),
                        Plane::V => b.set_v(i, j, m),
                    }
                }
            }
        }
        Ok(b)
    }
}

impl fmt::Debug for Drawing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{}", self.render())
    }
}

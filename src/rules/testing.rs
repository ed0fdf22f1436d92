//! Test harness for the rules: small boards drawn in ASCII, before and after.
//!
//! A board is drawn in the judge's lattice style, extended with crosses:
//!
//! ```text
//! + . + . +
//! x 3 |   .
//! + - + x +
//! ```
//!
//! Vertex rows hold a `+` at every fourth character (`4j`); between two
//! vertices, at `4j + 2`, a horizontal edge is `-` (line), `x` (cross) or
//! `.`/space (unknown); the judge's `---` is accepted too. Cell rows hold
//! a vertical edge at `4j` (`|`, `x`, `.`/space) and the clue of cell `j`
//! at `4j + 2` (`0`-`3`, or `.`/space for a blank cell). Off-grid edges do
//! not exist and read as crossed.
//!
//! [`check`] runs one rule family (or a whole pass, or propagation) on a
//! board in all eight rotations and reflections, on one-word rows and on
//! wide boards where the drawing sits across a word boundary, and
//! compares the result with the expected drawing and the set of rules
//! that fired.

use super::{
    cell, color, corner, diagonal, entry, threes, vertex, Contradiction, Ctx, Rule, RuleCounts,
};
use crate::bits::Row;
use crate::board::{Clues, Edges, Frame};
use crate::grid::Plane;
use crate::puzzle::{Clue, Puzzle};
use std::fmt;

/// The state of one edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    Unknown,
    Line,
    Cross,
}

/// A board: clues and the state of every edge.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Board {
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

impl Board {
    /// A `rows x cols` board of blank cells and unknown edges.
    pub fn blank(rows: usize, cols: usize) -> Board {
        Board {
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
    pub fn parse(text: &str) -> Board {
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
        let mut b = Board::blank(rows, cols);
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
    pub fn transform(&self, sym: usize) -> Board {
        let transpose = sym & 4 != 0;
        let (rows, cols) = if transpose {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        let mut t = Board::blank(rows, cols);
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
    pub fn embed(&self, cols: usize, off: usize) -> Board {
        assert!(off >= 2 && off + self.cols + 2 <= cols, "no room to embed");
        let mut big = Board::blank(self.rows, cols);
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

    /// The board's edges as bit planes.
    pub fn edges<const W: usize>(&self) -> Edges<W> {
        let mut e = Edges::<W>::default();
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

    /// This board's clues with the edges of `e`; an edge both line and
    /// cross is a contradiction. Panics if a plane has bits off the board.
    pub fn with_edges<const W: usize>(
        &self,
        frame: &Frame<W>,
        e: &Edges<W>,
    ) -> Result<Board, Contradiction> {
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

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\n{}", self.render())
    }
}

/// What to run on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// R1-R3, `cell::apply` on every cell row.
    Cell,
    /// R4, R5.
    Threes,
    /// R9-R11.
    Corner,
    /// R12, R14, R15.
    Entry,
    /// R13.
    Diagonal,
    /// R6-R8, `vertex::apply` on every vertex row.
    Vertex,
    /// `rules::pass`.
    Pass,
    /// `rules::propagate`.
    Propagate,
    /// The inside/outside rules, `color::apply` on every cell row (not the
    /// judge's; they decide edges quietly, counted under no rule).
    Color,
    /// `rules::propagate` with the inside/outside rules, as the solver runs it.
    PropagateColors,
}

impl Family {
    /// The seven families and the drivers.
    pub const ALL: [Family; 10] = [
        Family::Cell,
        Family::Threes,
        Family::Corner,
        Family::Entry,
        Family::Diagonal,
        Family::Vertex,
        Family::Pass,
        Family::Propagate,
        Family::Color,
        Family::PropagateColors,
    ];

    /// Whether the context applies the inside/outside rules.
    fn colors(self) -> bool {
        matches!(self, Family::Color | Family::PropagateColors)
    }
}

/// How long to run a family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// One sweep over the rows.
    Once,
    /// Sweeps until nothing changes.
    Fixpoint,
}

/// Every rule, in [`RuleCounts`] order.
pub(crate) const RULES: [Rule; 15] = [
    Rule::R1,
    Rule::R2,
    Rule::R3,
    Rule::R4,
    Rule::R5,
    Rule::R6,
    Rule::R7,
    Rule::R8,
    Rule::R9,
    Rule::R10,
    Rule::R11,
    Rule::R12,
    Rule::R13,
    Rule::R14,
    Rule::R15,
];

/// The rules with a nonzero count.
pub(crate) fn fired(counts: &RuleCounts) -> Vec<Rule> {
    RULES
        .into_iter()
        .filter(|&r| counts[r as usize] > 0)
        .collect()
}

/// One sweep of family `f` over every row.
pub(crate) fn sweep<const W: usize>(ctx: &mut Ctx<'_, W>, f: Family) -> Result<(), Contradiction> {
    let rows = ctx.frame.rows;
    match f {
        Family::Cell => (0..rows).try_for_each(|i| cell::apply(ctx, i))?,
        Family::Threes => (0..rows).for_each(|i| threes::apply(ctx, i)),
        Family::Corner => (0..rows).for_each(|i| corner::apply(ctx, i)),
        Family::Entry => (0..rows).for_each(|i| entry::apply(ctx, i)),
        Family::Diagonal => (0..rows).for_each(|i| diagonal::apply(ctx, i)),
        Family::Vertex => (0..=rows).try_for_each(|i| vertex::apply(ctx, i))?,
        Family::Color => (0..rows).for_each(|i| color::apply(ctx, i)),
        Family::Pass => super::pass(ctx)?,
        Family::Propagate | Family::PropagateColors => {
            super::propagate(ctx)?;
        }
    }
    Ok(())
}

/// The board after running `f`, and which rules decided how many edges.
#[derive(Clone, Debug)]
pub(crate) struct Outcome {
    pub board: Board,
    pub counts: RuleCounts,
}

/// Runs family `f` on board `b` with rows of `W` words. An edge made both
/// line and cross is [`Contradiction::EdgeConflict`].
pub(crate) fn run<const W: usize>(
    b: &Board,
    f: Family,
    mode: Mode,
) -> Result<Outcome, Contradiction> {
    run_tweaked::<W>(b, f, mode, |_| {})
}

/// [`run`], with the clue masks changed by `tweak` after loading.
pub(crate) fn run_tweaked<const W: usize>(
    b: &Board,
    f: Family,
    mode: Mode,
    tweak: fn(&mut Clues<W>),
) -> Result<Outcome, Contradiction> {
    let frame = Frame::<W>::new(b.rows, b.cols);
    let mut clues = Clues::<W>::default();
    clues.load(&b.puzzle());
    tweak(&mut clues);
    // Rules that record nothing make their decisions in fewer writes
    // (`Ctx::unrecorded`): every run is made both ways, and must agree.
    let unrecorded = rounds(b, f, mode, &frame, &clues, None);
    let mut counts: RuleCounts = [0; 15];
    let recorded = rounds(b, f, mode, &frame, &clues, Some(&mut counts));
    assert_eq!(
        recorded, unrecorded,
        "{f:?} decides otherwise when it records its rules, on\n{b:?}"
    );
    let board = b.with_edges(&frame, &recorded?.0)?;
    Ok(Outcome { board, counts })
}

/// What a round of a family did: whether it reported news, and the rows
/// it marked changed.
type Round = (bool, Vec<usize>);

/// The board after family `f` runs on `b` once or to its fixpoint,
/// counting its rules if given `counts`, and what each round did.
fn rounds<const W: usize>(
    b: &Board,
    f: Family,
    mode: Mode,
    frame: &Frame<W>,
    clues: &Clues<W>,
    counts: Option<&mut RuleCounts>,
) -> Result<(Edges<W>, Vec<Round>), Contradiction> {
    let mut edges = b.edges::<W>();
    let mut ctx = Ctx {
        frame,
        clues,
        edges: &mut edges,
        changed: false,
        counts,
        colors: f.colors(),
        trace: None,
    };
    let mut done = Vec::new();
    for round in 0.. {
        assert!(round < 10_000, "{f:?} does not reach a fixpoint");
        ctx.changed = false;
        sweep(&mut ctx, f)?;
        // The rows marked changed (none left after `propagate`, which
        // takes them as it goes).
        let mut marked = crate::bits::RowSet::default();
        ctx.edges.take_work(0, &mut marked);
        done.push((ctx.changed, marked.iter().collect()));
        if ctx.edges.has_conflict() {
            return Err(Contradiction::EdgeConflict);
        }
        if mode == Mode::Once || !ctx.changed {
            break;
        }
    }
    Ok((edges, done))
}

/// A board after a run and the rules that fired, or a contradiction.
pub(crate) type Ran = Result<(Board, Vec<Rule>), Contradiction>;

/// The same run on a board of `W`-word rows `cols` wide, with `b` drawn at
/// column `off`, as a board of `b`'s size.
fn run_embedded<const W: usize>(b: &Board, f: Family, cols: usize, off: usize) -> Ran {
    run::<W>(&b.embed(cols, off), f, Mode::Fixpoint).map(|o| (o.board, fired(&o.counts)))
}

/// Where [`check`] puts drawings on wide boards: `(words, columns,
/// offsets)`, each drawing straddling a word boundary.
const WIDE: [(usize, usize, [usize; 6]); 3] = [
    (2, 72, [59, 60, 61, 62, 63, 64]),
    (4, 200, [123, 125, 126, 127, 128, 129]),
    (4, 200, [187, 189, 190, 191, 192, 193]),
];

fn show<T: fmt::Debug>(r: &Result<T, Contradiction>) -> String {
    match r {
        Ok(t) => format!("{t:?}"),
        Err(e) => format!("contradiction {e:?}"),
    }
}

/// Runs family `f` to its fixpoint on `before` and on `before` wide.
fn results(b: &Board, f: Family) -> Vec<(String, Ran)> {
    let mut out = vec![(
        "1 word".to_string(),
        run::<1>(b, f, Mode::Fixpoint).map(|o| (o.board, fired(&o.counts))),
    )];
    for (words, cols, offs) in WIDE {
        for off in offs {
            if off + b.cols + 2 > cols {
                continue;
            }
            let r = match words {
                2 => run_embedded::<2>(b, f, cols, off),
                _ => run_embedded::<4>(b, f, cols, off),
            };
            let r = r.map(|(big, rules)| (big.window(b.rows, b.cols, off), rules));
            out.push((format!("{words} words, {cols} columns, at column {off}"), r));
        }
    }
    out
}

impl Board {
    /// Columns `off..off + cols` of this board, as a board of their own.
    fn window(&self, rows: usize, cols: usize, off: usize) -> Board {
        let mut w = Board::blank(rows, cols);
        for i in 0..rows {
            for j in 0..cols {
                w.clues[i * cols + j] = self.clues[i * self.cols + j + off];
            }
            for j in 0..=cols {
                w.set_v(i, j, self.v(i, j + off));
            }
        }
        for i in 0..=rows {
            for j in 0..cols {
                w.set_h(i, j, self.h(i, j + off));
            }
        }
        w
    }
}

/// Checks that the wide runs left everything outside the drawing alone.
fn check_outside<const W: usize>(b: &Board, f: Family, cols: usize, off: usize) {
    let big = b.embed(cols, off);
    if let Ok(o) = run::<W>(&big, f, Mode::Fixpoint) {
        let mut outside = o.board.clone();
        let mut before = big.clone();
        for t in [&mut outside, &mut before] {
            for i in 0..b.rows {
                for j in 0..b.cols {
                    t.clues[i * cols + j + off] = None;
                }
                for j in 0..=b.cols {
                    t.set_v(i, j + off, Mark::Unknown);
                }
            }
            for i in 0..=b.rows {
                for j in 0..b.cols {
                    t.set_h(i, j + off, Mark::Unknown);
                }
            }
        }
        assert_eq!(
            outside.render(),
            before.render(),
            "{f:?} changed edges outside the drawing at column {off}"
        );
    }
}

/// Runs family `f` on `before` to its fixpoint, in all eight symmetries
/// and across word boundaries, and checks that the board becomes `after`
/// and that exactly the rules `rules` fired.
pub(crate) fn check(f: Family, rules: &[Rule], before: &str, after: &str) {
    let (before, after) = (Board::parse(before), Board::parse(after));
    assert_eq!(
        (before.rows, before.cols, &before.clues),
        (after.rows, after.cols, &after.clues),
        "the drawings before and after differ in size or clues"
    );
    let mut want: Vec<Rule> = rules.to_vec();
    want.sort();
    for sym in 0..8 {
        let (b, a) = (before.transform(sym), after.transform(sym));
        for (how, r) in results(&b, f) {
            match r {
                Ok((got, got_rules)) if got == a && got_rules == want => {}
                other => panic!(
                    "{f:?}, symmetry {sym}, {how}\nbefore:\n{}expected (rules {want:?}):\n{}got: {}",
                    b.render(),
                    a.render(),
                    match other {
                        Ok((got, rules)) => format!("rules {rules:?}\n{}", got.render()),
                        Err(e) => format!("contradiction {e:?}"),
                    }
                ),
            }
        }
        check_outside::<2>(&b, f, 72, 62);
    }
}

/// Checks that family `f` changes nothing on `board` and no rule fires.
pub(crate) fn check_none(f: Family, board: &str) {
    check(f, &[], board, board);
}

/// Checks that family `f` finds contradiction `want` on `board`, in all
/// eight symmetries and across word boundaries.
pub(crate) fn check_contradiction(f: Family, want: Contradiction, board: &str) {
    let board = Board::parse(board);
    for sym in 0..8 {
        let b = board.transform(sym);
        for (how, r) in results(&b, f) {
            assert!(
                r.as_ref().err() == Some(&want),
                "{f:?}, symmetry {sym}, {how}: expected {want:?} on\n{}got {}",
                b.render(),
                show(&r)
            );
        }
    }
}

#[path = "tests.rs"]
mod tests;

//! Helpers shared by slink's program-behaviour tests.
//!
//! Nothing here uses the `slink` library (but for [`Rng`], which steps
//! the library's SplitMix64 so that seeds keep their boards, and
//! [`Edges::of_solution`], which reads a solution's edges): the verifier
//! reads the judge DRAWING text (the bytes the program prints) and checks
//! it against the puzzle read by a tiny reader of its own, so a bug in
//! the library's parser, renderer or checker cannot hide itself.
//!
//! - [`Grid`], [`read_puzzles`]: puzzles as the tests see them.
//! - [`Edges`], [`parse_drawing`], [`verify_drawing`], [`check_loop`],
//!   [`check_one_loop`]: the independent verifier.
//! - [`split_blocks`], [`verify_output`]: a whole judge output.
//! - [`Invocation`], [`run_slink`], [`run_slink_within`]: the binary, run
//!   with stdin bytes or a file, in a folder, with a time limit.
//! - [`all_loops`], [`matching_loops`], [`draw`]: brute force and a drawing
//!   writer of the tests' own (to build broken drawings for the verifier's
//!   self-tests and to compare with the program's drawings).

#![allow(dead_code)]

use std::collections::HashSet;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A puzzle: `rows x cols` clues, row-major, `None` for a blank cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub clues: Vec<Option<u8>>,
}

impl Grid {
    /// The clue of cell `(i, j)`.
    pub fn clue(&self, i: usize, j: usize) -> Option<u8> {
        self.clues[i * self.cols + j]
    }

    /// A grid from rows separated by `/`, clues (`0`-`3`, `.`, `-`)
    /// separated by spaces or written together: `"2 2/2 2"`, `"22/22"`.
    pub fn from_rows(text: &str) -> Grid {
        let rows: Vec<Vec<Option<u8>>> = text
            .split('/')
            .map(|r| {
                r.bytes()
                    .filter(|b| !b.is_ascii_whitespace())
                    .map(|b| match b {
                        b'0'..=b'3' => Some(b - b'0'),
                        b'.' | b'-' => None,
                        _ => panic!("bad clue {:?} in {text:?}", b as char),
                    })
                    .collect()
            })
            .collect();
        let cols = rows[0].len();
        assert!(rows.iter().all(|r| r.len() == cols), "ragged {text:?}");
        Grid {
            rows: rows.len(),
            cols,
            clues: rows.into_iter().flatten().collect(),
        }
    }

    /// All-blank `rows x cols`.
    pub fn blank(rows: usize, cols: usize) -> Grid {
        Grid {
            rows,
            cols,
            clues: vec![None; rows * cols],
        }
    }

    /// The puzzle in the judge format (header and rows, no `0 0`), blanks as `.`.
    pub fn to_judge(&self) -> String {
        let mut s = format!("{} {}\n", self.rows, self.cols);
        for i in 0..self.rows {
            let row: Vec<String> = (0..self.cols)
                .map(|j| match self.clue(i, j) {
                    Some(n) => n.to_string(),
                    None => ".".to_string(),
                })
                .collect();
            s.push_str(&row.join(" "));
            s.push('\n');
        }
        s
    }
}

/// Reads judge-format text: whitespace-separated tokens `r c` then `r*c`
/// clues, until `0 0` or the end of the text. For the tests' own inputs,
/// which are well formed: panics on anything else.
pub fn read_puzzles(text: &str) -> Vec<Grid> {
    let mut tokens = text.split_ascii_whitespace();
    let mut out = Vec::new();
    while let Some(r) = tokens.next() {
        let r: usize = r.parse().expect("row count");
        let c: usize = tokens
            .next()
            .expect("column count")
            .parse()
            .expect("column count");
        if r == 0 && c == 0 {
            break;
        }
        let clues = (0..r * c)
            .map(|_| match tokens.next().expect("a clue") {
                "0" => Some(0),
                "1" => Some(1),
                "2" => Some(2),
                "3" => Some(3),
                "." | "-" => None,
                t => panic!("bad clue {t:?}"),
            })
            .collect();
        out.push(Grid {
            rows: r,
            cols: c,
            clues,
        });
    }
    out
}

/// A set of line edges: `H(i, j)` (vertex `(i, j)` to `(i, j+1)`) and
/// `V(i, j)` (vertex `(i, j)` to `(i+1, j)`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edges {
    pub rows: usize,
    pub cols: usize,
    /// `(rows + 1) x cols`, row-major.
    pub h: Vec<bool>,
    /// `rows x (cols + 1)`, row-major.
    pub v: Vec<bool>,
}

impl Edges {
    /// No line at all.
    pub fn empty(rows: usize, cols: usize) -> Edges {
        Edges {
            rows,
            cols,
            h: vec![false; (rows + 1) * cols],
            v: vec![false; rows * (cols + 1)],
        }
    }

    /// The boundary of a set of cells (`inside`, row-major): the edges
    /// between a cell inside and one outside (or off the board).
    pub fn around(rows: usize, cols: usize, inside: &[bool]) -> Edges {
        assert_eq!(inside.len(), rows * cols, "one flag a cell");
        let at = |i: isize, j: isize| {
            i >= 0
                && j >= 0
                && (i as usize) < rows
                && (j as usize) < cols
                && inside[i as usize * cols + j as usize]
        };
        let mut e = Edges::empty(rows, cols);
        for i in 0..=rows as isize {
            for j in 0..cols as isize {
                e.set_h(i as usize, j as usize, at(i - 1, j) != at(i, j));
            }
        }
        for i in 0..rows as isize {
            for j in 0..=cols as isize {
                e.set_v(i as usize, j as usize, at(i, j - 1) != at(i, j));
            }
        }
        e
    }

    /// The edges of a library solution (read through its accessors only,
    /// so that the checks here stay the tests' own).
    pub fn of_solution(s: &slink::Solution) -> Edges {
        let mut e = Edges::empty(s.rows(), s.cols());
        for i in 0..=s.rows() {
            for j in 0..s.cols() {
                e.set_h(i, j, s.h(i, j));
            }
        }
        for i in 0..s.rows() {
            for j in 0..=s.cols() {
                e.set_v(i, j, s.v(i, j));
            }
        }
        e
    }

    /// Whether `H(i, j)` is a line.
    pub fn h(&self, i: usize, j: usize) -> bool {
        self.h[i * self.cols + j]
    }

    /// Whether `V(i, j)` is a line.
    pub fn v(&self, i: usize, j: usize) -> bool {
        self.v[i * (self.cols + 1) + j]
    }

    /// Makes `H(i, j)` a line (`on`) or not.
    pub fn set_h(&mut self, i: usize, j: usize, on: bool) {
        let c = self.cols;
        self.h[i * c + j] = on;
    }

    /// Makes `V(i, j)` a line (`on`) or not.
    pub fn set_v(&mut self, i: usize, j: usize, on: bool) {
        let c = self.cols + 1;
        self.v[i * c + j] = on;
    }

    /// The four sides of cell `(i, j)` as lines.
    pub fn add_square(&mut self, i: usize, j: usize) {
        self.set_h(i, j, true);
        self.set_h(i + 1, j, true);
        self.set_v(i, j, true);
        self.set_v(i, j + 1, true);
    }

    /// Line edges at vertex `(i, j)`: (left, right, up, down).
    pub fn at(&self, i: usize, j: usize) -> (bool, bool, bool, bool) {
        let left = j > 0 && self.h(i, j - 1);
        let right = j < self.cols && self.h(i, j);
        let up = i > 0 && self.v(i - 1, j);
        let down = i < self.rows && self.v(i, j);
        (left, right, up, down)
    }

    /// Number of line edges at vertex `(i, j)`.
    pub fn degree(&self, i: usize, j: usize) -> usize {
        let (l, r, u, d) = self.at(i, j);
        [l, r, u, d].iter().filter(|&&b| b).count()
    }

    /// Number of line edges.
    pub fn count(&self) -> usize {
        self.h.iter().chain(&self.v).filter(|&&b| b).count()
    }

    /// How many line edges cell `(i, j)` has.
    pub fn lines_around(&self, i: usize, j: usize) -> u8 {
        u8::from(self.h(i, j))
            + u8::from(self.h(i + 1, j))
            + u8::from(self.v(i, j))
            + u8::from(self.v(i, j + 1))
    }
}

/// The glyph SLINK.md prescribes for vertex `(i, j)`; `None` when its
/// degree is neither 0 nor 2 (no glyph is right then).
fn vertex_glyph(e: &Edges, i: usize, j: usize) -> Option<u8> {
    match (e.degree(i, j), e.at(i, j)) {
        (0, _) => Some(b' '),
        (2, (true, true, _, _)) => Some(b'-'),
        (2, (_, _, true, true)) => Some(b'|'),
        (2, _) => Some(b'+'),
        _ => None,
    }
}

/// Checks that `e` solves `g`: every numbered cell has exactly its clue in
/// line edges, every vertex has 0 or 2, and the lines form one cycle.
pub fn check_loop(e: &Edges, g: &Grid) -> Result<(), String> {
    if (e.rows, e.cols) != (g.rows, g.cols) {
        return Err(format!(
            "edges are {}x{}, puzzle is {}x{}",
            e.rows, e.cols, g.rows, g.cols
        ));
    }
    check_degrees(e)?;
    for i in 0..g.rows {
        for j in 0..g.cols {
            if let Some(n) = g.clue(i, j) {
                let k = e.lines_around(i, j);
                if k != n {
                    return Err(format!("cell ({i}, {j}) has clue {n} but {k} lines"));
                }
            }
        }
    }
    check_one_loop(e)
}

/// Checks that every vertex of `e` has 0 or 2 line edges.
fn check_degrees(e: &Edges) -> Result<(), String> {
    for i in 0..=e.rows {
        for j in 0..=e.cols {
            let d = e.degree(i, j);
            if d != 0 && d != 2 {
                return Err(format!("vertex ({i}, {j}) has {d} lines"));
            }
        }
    }
    Ok(())
}

/// Checks that the lines of `e` are one closed loop, whatever the clues:
/// every vertex has 0 or 2 lines, there is a line, and the walk from one
/// line vertex meets every line.
pub fn check_one_loop(e: &Edges) -> Result<(), String> {
    check_degrees(e)?;
    let total = e.count();
    if total == 0 {
        return Err("there is no line at all".into());
    }
    // Walk the component of the first line edge; it must hold them all.
    let w = e.cols + 1;
    let start = (0..=e.rows)
        .flat_map(|i| (0..=e.cols).map(move |j| (i, j)))
        .find(|&(i, j)| e.degree(i, j) > 0)
        .expect("a vertex with a line");
    let mut seen = vec![false; (e.rows + 1) * w];
    let mut stack = vec![start];
    seen[start.0 * w + start.1] = true;
    let mut reached_edges = 0;
    while let Some((i, j)) = stack.pop() {
        let (l, r, u, d) = e.at(i, j);
        let mut next = Vec::new();
        if l {
            next.push((i, j - 1));
        }
        if r {
            next.push((i, j + 1));
        }
        if u {
            next.push((i - 1, j));
        }
        if d {
            next.push((i + 1, j));
        }
        reached_edges += next.len();
        for (a, b) in next {
            if !seen[a * w + b] {
                seen[a * w + b] = true;
                stack.push((a, b));
            }
        }
    }
    // Every edge was counted from both ends.
    if reached_edges / 2 != total {
        return Err(format!(
            "the lines are not one loop: the loop through vertex {start:?} has {} of the {total} line edges",
            reached_edges / 2
        ));
    }
    Ok(())
}

/// Reads a judge drawing of an `rows x cols` board (2r+5 lines, each
/// ending in `\n`) into its edges, checking the frame, the edge glyphs
/// and the vertex glyphs. Returns the edges and the printed clue
/// characters (row-major, `b' '` for a blank cell).
pub fn parse_drawing(text: &str, rows: usize, cols: usize) -> Result<(Edges, Vec<u8>), String> {
    let width = 4 * cols + 5;
    let Some(body) = text.strip_suffix('\n') else {
        return Err("the drawing does not end with a newline".into());
    };
    let lines: Vec<&[u8]> = body.split('\n').map(str::as_bytes).collect();
    if lines.len() != 2 * rows + 5 {
        return Err(format!(
            "{} lines, expected 2*{rows}+5 = {}",
            lines.len(),
            2 * rows + 5
        ));
    }
    for (n, l) in lines.iter().enumerate() {
        if l.len() != width {
            return Err(format!(
                "line {n} is {} characters, expected 4*{cols}+5 = {width}: {:?}",
                l.len(),
                String::from_utf8_lossy(l)
            ));
        }
    }
    let last = lines.len() - 1;
    for n in [0, last] {
        if lines[n].iter().any(|&b| b != b'#') {
            return Err(format!("line {n} is not all '#'"));
        }
    }
    for n in [1, last - 1] {
        let l = lines[n];
        if l[0] != b'#' || l[width - 1] != b'#' || l[1..width - 1].iter().any(|&b| b != b' ') {
            return Err(format!("line {n} is not '#', spaces, '#'"));
        }
    }
    // Lattice rows: lines 2 .. 2r+2.
    let mut lattice = Vec::new();
    for (n, &l) in lines.iter().enumerate().take(2 * rows + 3).skip(2) {
        if &l[..2] != b"# " || &l[width - 2..] != b" #" {
            return Err(format!(
                "line {n} does not start with \"# \" and end with \" #\""
            ));
        }
        lattice.push(&l[2..width - 2]);
    }
    let mut e = Edges::empty(rows, cols);
    let mut printed = Vec::with_capacity(rows * cols);
    for i in 0..=rows {
        let row = lattice[2 * i];
        for j in 0..cols {
            match &row[4 * j + 1..4 * j + 4] {
                b"---" => e.set_h(i, j, true),
                b"   " => {}
                other => {
                    return Err(format!(
                        "H({i}, {j}) is drawn {:?}, neither \"---\" nor spaces",
                        String::from_utf8_lossy(other)
                    ))
                }
            }
        }
    }
    for i in 0..rows {
        let row = lattice[2 * i + 1];
        for j in 0..=cols {
            match row[4 * j] {
                b'|' => e.set_v(i, j, true),
                b' ' => {}
                other => {
                    return Err(format!(
                        "V({i}, {j}) is drawn {:?}, neither '|' nor a space",
                        other as char
                    ))
                }
            }
        }
        for j in 0..cols {
            if row[4 * j + 1] != b' ' || row[4 * j + 3] != b' ' {
                return Err(format!(
                    "the clue of cell ({i}, {j}) lacks a space on each side"
                ));
            }
            printed.push(row[4 * j + 2]);
        }
    }
    for i in 0..=rows {
        for j in 0..=cols {
            let d = e.degree(i, j);
            let Some(want) = vertex_glyph(&e, i, j) else {
                return Err(format!("vertex ({i}, {j}) has {d} lines"));
            };
            let got = lattice[2 * i][4 * j];
            if got != want {
                return Err(format!(
                    "vertex ({i}, {j}) is drawn {:?}, expected {:?} for its lines",
                    got as char, want as char
                ));
            }
        }
    }
    Ok((e, printed))
}

/// Verifies one judge drawing of `g`: frame, glyphs, printed clues equal
/// to `g`'s, and the lines a single loop satisfying every clue.
pub fn verify_drawing(text: &str, g: &Grid) -> Result<Edges, String> {
    let (e, printed) = parse_drawing(text, g.rows, g.cols)?;
    for i in 0..g.rows {
        for j in 0..g.cols {
            let want = g.clue(i, j).map_or(b' ', |n| b'0' + n);
            let got = printed[i * g.cols + j];
            if got != want {
                return Err(format!(
                    "cell ({i}, {j}) prints {:?}, the puzzle says {:?}",
                    got as char, want as char
                ));
            }
        }
    }
    check_loop(&e, g)?;
    Ok(e)
}

/// Splits judge output into (data set number, drawing) blocks: a line of
/// digits, then a drawing from a line of `#` to the next line of only `#`
/// of the same width (both included, each with its `\n`).
pub fn split_blocks(out: &str) -> Result<Vec<(usize, String)>, String> {
    let mut lines = out.split_inclusive('\n').peekable();
    let mut blocks = Vec::new();
    while let Some(num) = lines.next() {
        let n = num
            .strip_suffix('\n')
            .ok_or("a number line without a newline")?;
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("expected a data set number, found {num:?}"));
        }
        let k: usize = n.parse().map_err(|e| format!("{n:?}: {e}"))?;
        let top = lines.next().ok_or(format!("data set {k}: no drawing"))?;
        let border = top.trim_end_matches('\n');
        if border.is_empty() || border.bytes().any(|b| b != b'#') {
            return Err(format!("data set {k}: drawing starts with {top:?}"));
        }
        let mut drawing = top.to_string();
        loop {
            let l = lines
                .next()
                .ok_or(format!("data set {k}: the drawing never ends"))?;
            drawing.push_str(l);
            if l.trim_end_matches('\n') == border {
                break;
            }
        }
        blocks.push((k, drawing));
    }
    Ok(blocks)
}

/// Splits `out` and verifies every drawing against `puzzles` (data set
/// `k` is `puzzles[k - 1]`); numbers must increase. Returns the numbers
/// printed.
pub fn verify_output(out: &str, puzzles: &[Grid]) -> Result<Vec<usize>, String> {
    let mut numbers = Vec::new();
    for (k, drawing) in split_blocks(out)? {
        if k == 0 || k > puzzles.len() {
            return Err(format!("data set number {k} outside 1..={}", puzzles.len()));
        }
        if numbers.last().is_some_and(|&p| p >= k) {
            return Err(format!("data set {k} printed after {numbers:?}"));
        }
        verify_drawing(&drawing, &puzzles[k - 1]).map_err(|e| format!("data set {k}: {e}"))?;
        numbers.push(k);
    }
    Ok(numbers)
}

/// The block of data set `k` in `out`, panicking if absent.
pub fn block(out: &str, k: usize) -> String {
    split_blocks(out)
        .expect("judge output splits")
        .into_iter()
        .find(|(n, _)| *n == k)
        .unwrap_or_else(|| panic!("no data set {k} in the output"))
        .1
}

/// Writes a judge drawing of `e` with the clues of `g`, as SLINK.md
/// describes it. Vertices with 1, 3 or 4 lines (not in any solution) are
/// drawn `+`. Used to build drawings, right and wrong, for the tests.
pub fn draw(g: &Grid, e: &Edges) -> String {
    let width = 4 * g.cols + 5;
    let mut lines = vec!["#".repeat(width), format!("#{}#", " ".repeat(width - 2))];
    for i in 0..=g.rows {
        let mut row = String::from("# ");
        for j in 0..=g.cols {
            row.push(vertex_glyph(e, i, j).unwrap_or(b'+') as char);
            if j < g.cols {
                row.push_str(if e.h(i, j) { "---" } else { "   " });
            }
        }
        row.push_str(" #");
        lines.push(row);
        if i < g.rows {
            let mut row = String::from("# ");
            for j in 0..=g.cols {
                row.push(if e.v(i, j) { '|' } else { ' ' });
                if j < g.cols {
                    row.push(' ');
                    row.push(g.clue(i, j).map_or(' ', |n| (b'0' + n) as char));
                    row.push(' ');
                }
            }
            row.push_str(" #");
            lines.push(row);
        }
    }
    lines.push(format!("#{}#", " ".repeat(width - 2)));
    lines.push("#".repeat(width));
    let mut s = lines.join("\n");
    s.push('\n');
    s
}

/// Every single loop of an `rows x cols` board, by exhaustive search:
/// vertices are visited row-major, and at each one its right and down
/// edges are chosen in all ways that leave it with 0 or 2 lines (its left
/// and up edges are already chosen), which enumerates exactly the edge
/// subsets where every vertex has 0 or 2 lines; those that are one
/// connected cycle are kept. Fine up to about 4x4.
pub fn all_loops(rows: usize, cols: usize) -> Vec<Edges> {
    fn go(e: &mut Edges, at: usize, out: &mut Vec<Edges>, blank: &Grid) {
        let (rows, cols) = (e.rows, e.cols);
        if at == (rows + 1) * (cols + 1) {
            if e.count() > 0 && check_loop(e, blank).is_ok() {
                out.push(e.clone());
            }
            return;
        }
        let (i, j) = (at / (cols + 1), at % (cols + 1));
        let (l, _, u, _) = e.at(i, j);
        let have = usize::from(l) + usize::from(u);
        for right in [false, true] {
            if right && j == cols {
                continue;
            }
            for down in [false, true] {
                if down && i == rows {
                    continue;
                }
                let d = have + usize::from(right) + usize::from(down);
                if d != 0 && d != 2 {
                    continue;
                }
                if j < cols {
                    e.set_h(i, j, right);
                }
                if i < rows {
                    e.set_v(i, j, down);
                }
                go(e, at + 1, out, blank);
            }
        }
        if j < cols {
            e.set_h(i, j, false);
        }
        if i < rows {
            e.set_v(i, j, false);
        }
    }
    let mut out = Vec::new();
    go(
        &mut Edges::empty(rows, cols),
        0,
        &mut out,
        &Grid::blank(rows, cols),
    );
    let distinct: HashSet<&Edges> = out.iter().collect();
    assert_eq!(distinct.len(), out.len(), "the enumeration repeats a loop");
    out
}

/// The loops of `loops` (all of `g`'s shape) that satisfy `g`'s clues.
pub fn matching_loops<'a>(loops: &'a [Edges], g: &Grid) -> Vec<&'a Edges> {
    loops
        .iter()
        .filter(|e| {
            (0..g.rows).all(|i| {
                (0..g.cols).all(|j| {
                    let clue = g.clue(i, j);
                    clue.is_none() || clue == Some(e.lines_around(i, j))
                })
            })
        })
        .collect()
}

/// A tiny deterministic generator (64-bit LCG, Knuth's constants).
pub struct Lcg(pub u64);

impl Lcg {
    pub fn next_u32(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as u32
    }

    /// Uniform-ish in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u32() as usize) % n
    }
}

/// What a run of the binary gave.
#[derive(Debug, PartialEq, Eq)]
pub struct Run {
    /// Standard output (the runner checks that it is UTF-8).
    pub stdout: String,
    /// Standard error (the runner checks that it is UTF-8).
    pub stderr: String,
    /// The exit status (the runner checks that it is 0, 1 or 2).
    pub code: i32,
}

impl Run {
    /// The stderr lines.
    pub fn stderr_lines(&self) -> Vec<&str> {
        self.stderr.lines().collect()
    }
}

/// Path of the `slink` binary cargo built for these tests.
pub fn slink_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_slink"))
}

/// Where the binary's standard input comes from.
#[derive(Clone, Copy, Debug)]
pub enum Input<'a> {
    /// A pipe fed these bytes by a thread (slink may stop reading early).
    Bytes(&'a [u8]),
    /// Redirected from this file (batch mode maps it).
    File(&'a Path),
}

/// A run of the binary to make: `Invocation::new(args)` runs in the
/// tests' folder with empty stdin, the environment of the tests and a
/// two-minute limit; change the fields for more
/// (`Invocation { stdin: Input::File(p), ..Invocation::new(args) }`).
#[derive(Clone, Debug)]
pub struct Invocation<'a> {
    /// The arguments after the program name.
    pub args: &'a [&'a str],
    /// Standard input.
    pub stdin: Input<'a>,
    /// The working folder (`None`: the tests' own).
    pub dir: Option<&'a Path>,
    /// Environment variables set on top of the tests' own.
    pub env: &'a [(&'a str, &'a str)],
    /// Longest the run may take before it is killed and the test fails.
    pub limit: Duration,
}

impl<'a> Invocation<'a> {
    /// `slink args...` with empty stdin, in the tests' folder, within
    /// two minutes.
    pub fn new(args: &'a [&'a str]) -> Invocation<'a> {
        Invocation {
            args,
            stdin: Input::Bytes(b""),
            dir: None,
            env: &[],
            limit: Duration::from_secs(120),
        }
    }

    /// Runs it and checks what every run must satisfy: it ends within
    /// the limit, by itself (not by a signal), with a documented exit
    /// status (0, 1 or 2), no panic message, and UTF-8 on both outputs.
    pub fn run(&self) -> Run {
        let what = format!("slink {}", self.args.join(" "));
        let mut cmd = Command::new(slink_bin());
        cmd.args(self.args).envs(self.env.iter().copied());
        if let Some(dir) = self.dir {
            cmd.current_dir(dir);
        }
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        let feed = match self.stdin {
            Input::Bytes(bytes) => {
                cmd.stdin(Stdio::piped());
                Some(bytes.to_vec())
            }
            Input::File(p) => {
                let f = std::fs::File::open(p)
                    .unwrap_or_else(|e| panic!("{what}: open {}: {e}", p.display()));
                cmd.stdin(f);
                None
            }
        };
        let started = Instant::now();
        let mut child = cmd
            .spawn()
            .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
        let writer = feed.map(|data| {
            let mut input = child.stdin.take().expect("stdin is piped");
            // slink may stop reading early (e.g. on bad input): ignore EPIPE.
            std::thread::spawn(move || {
                let _ = input.write_all(&data);
            })
        });
        let mut out = child.stdout.take().expect("stdout is piped");
        let mut err = child.stderr.take().expect("stderr is piped");
        let out_reader = std::thread::spawn(move || {
            let mut v = Vec::new();
            out.read_to_end(&mut v).map(|_| v)
        });
        let err_reader = std::thread::spawn(move || {
            let mut v = Vec::new();
            err.read_to_end(&mut v).map(|_| v)
        });
        let status = loop {
            if let Some(s) = child.try_wait().expect("wait for slink") {
                break s;
            }
            if started.elapsed() > self.limit {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{what}: ran longer than {:?} (a hang?); killed", self.limit);
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        if let Some(w) = writer {
            w.join().expect("the stdin writer ends");
        }
        let stdout = out_reader
            .join()
            .expect("the stdout reader ends")
            .expect("read stdout");
        let stderr = err_reader
            .join()
            .expect("the stderr reader ends")
            .expect("read stderr");
        let stderr = String::from_utf8(stderr)
            .unwrap_or_else(|e| panic!("{what}: stderr is not UTF-8: {e}"));
        assert!(!stderr.contains("panicked"), "{what}: panicked:\n{stderr}");
        let code = status
            .code()
            .unwrap_or_else(|| panic!("{what}: killed by a signal: {status:?}"));
        assert!(
            (0..=2).contains(&code),
            "{what}: exit status {code}, not a documented one (stderr {stderr:?})"
        );
        Run {
            stdout: String::from_utf8(stdout)
                .unwrap_or_else(|e| panic!("{what}: stdout is not UTF-8: {e}")),
            stderr,
            code,
        }
    }
}

/// Runs `slink args...` with `stdin` as its standard input.
pub fn run_slink(args: &[&str], stdin: &[u8]) -> Run {
    Invocation {
        stdin: Input::Bytes(stdin),
        ..Invocation::new(args)
    }
    .run()
}

/// Runs `slink args...` with `stdin`, killing it (and failing) if it takes
/// longer than `limit`.
pub fn run_slink_within(args: &[&str], stdin: &[u8], limit: Duration) -> Run {
    Invocation {
        stdin: Input::Bytes(stdin),
        limit,
        ..Invocation::new(args)
    }
    .run()
}

/// Reads a file of the package (path relative to `CARGO_MANIFEST_DIR`).
pub fn package_bytes(rel: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
}

/// Reads a text file of the package (path relative to `CARGO_MANIFEST_DIR`).
pub fn package_file(rel: &str) -> String {
    String::from_utf8(package_bytes(rel)).unwrap_or_else(|e| panic!("{rel} is not UTF-8: {e}"))
}

/// The tests' small random generator: SplitMix64 (the library's step),
/// so that every seed gives the same boards it always gave.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        slink::internals::util::rng::splitmix64(&mut self.0)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A scratch folder under the target's temporary directory, removed when
/// the test ends.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A fresh folder, its name unique to this process and call.
    pub fn new(name: &str) -> Scratch {
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }

    /// Writes file `name` with `bytes`; returns its path.
    pub fn path(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).expect("a scratch file");
        p
    }

    /// Writes file `name` with `bytes`; returns its path as text.
    pub fn file(&self, name: &str, bytes: &[u8]) -> String {
        let p = self.path(name, bytes);
        p.to_str().expect("a UTF-8 path").to_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

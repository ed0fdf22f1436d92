//! Reading the judge's drawing back: the text a contestant's program
//! printed for one data set, checked character by character against the
//! judge's format (`../shared/SLINK.md`, "Judge output") and turned into
//! the line edges it draws.
//!
//! Written from the format's definition, sharing no code with the
//! drawing's writer ([`crate::puzzle::formats::judge::render`]): a bug in one cannot hide
//! the same bug in the other. It checks the form only (borders, widths,
//! the clues shown, the glyph of every edge and vertex); whether the lines
//! make one loop that meets every clue is [`crate::verify()`]'s job.
//! A vertex with 1, 3 or 4 lines has no glyph in the format, so its
//! character is not checked here: the loop check names it.

use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use std::fmt;

/// Where a drawing first breaks the format, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawingError {
    /// Line of the drawing, counting from 0 (the top border).
    pub line: usize,
    /// Byte of that line, counting from 0.
    pub col: usize,
    /// What the format asks for there, and what was found.
    pub message: String,
}

impl fmt::Display for DrawingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DrawingError {}

/// The number of lines of the drawing of an `rows x cols` puzzle.
pub fn drawing_lines(rows: usize) -> usize {
    2 * rows + 5
}

/// Reads the drawing of `p` from `lines` (exactly
/// [`drawing_lines`]`(p.rows())` lines, without their `\n`) into `out`.
///
/// ```
/// use slink::internals::puzzle::formats::judge::drawing::read_drawing;
/// use slink::{Puzzle, verify};
/// let p = Puzzle::from_rows("22/22").unwrap();
/// let text = [
///     "#############", "#           #", "# +-------+ #", "# | 2   2 | #",
///     "# |       | #", "# | 2   2 | #", "# +-------+ #", "#           #",
///     "#############",
/// ];
/// let lines: Vec<&[u8]> = text.iter().map(|l| l.as_bytes()).collect();
/// let mut s = slink::Solution::default();
/// read_drawing(&p, &lines, &mut s).unwrap();
/// assert!(verify(&p, &s).is_ok());
/// ```
pub fn read_drawing(p: &Puzzle, lines: &[&[u8]], out: &mut Solution) -> Result<(), DrawingError> {
    let (rows, cols) = (p.rows(), p.cols());
    assert_eq!(lines.len(), drawing_lines(rows), "one drawing's lines");
    out.reset(rows, cols);
    let width = 4 * cols + 5;
    for (n, line) in lines.iter().enumerate() {
        let at = |col: usize, message: String| DrawingError {
            line: n,
            col,
            message,
        };
        if let Some(k) = line.iter().position(|&b| b == b'\r') {
            return Err(at(
                k,
                "a carriage return: the judge's lines end with '\\n' alone".into(),
            ));
        }
        if line.len() != width {
            let col = line.len().min(width);
            return Err(at(
                col,
                format!(
                    "the line is {} characters long, the drawing of a {rows}x{cols} puzzle {width}",
                    line.len()
                ),
            ));
        }
        let border = n == 0 || n + 1 == lines.len();
        if border {
            if let Some(k) = line.iter().position(|&b| b != b'#') {
                return Err(at(k, found("'#' (the border)", line[k])));
            }
            continue;
        }
        for k in [0, width - 1] {
            if line[k] != b'#' {
                return Err(at(k, found("'#' (the border)", line[k])));
            }
        }
        for k in [1, width - 2] {
            if line[k] != b' ' {
                return Err(at(k, found("a space (the margin)", line[k])));
            }
        }
        if n == 1 || n + 2 == lines.len() {
            if let Some(k) = line[2..width - 2].iter().position(|&b| b != b' ') {
                return Err(at(k + 2, found("a space (the margin)", line[k + 2])));
            }
            continue;
        }
        let lattice = &line[2..width - 2];
        let row = n - 2;
        let result = if row % 2 == 0 {
            read_vertex_row(lattice, row / 2, cols, out)
        } else {
            read_cell_row(lattice, row / 2, p, out)
        };
        result.map_err(|(k, message)| at(k + 2, message))?;
    }
    check_vertices(p, lines, out)
}

/// "expected WHAT, found 'B'".
fn found(what: &str, b: u8) -> String {
    format!("expected {what}, found {}", shown(b))
}

/// A byte as a message shows it.
fn shown(b: u8) -> String {
    match b {
        b' ' => "a space".into(),
        b'\t' => "a tab".into(),
        0x21..=0x7e => format!("'{}'", b as char),
        _ => format!("byte 0x{b:02x}"),
    }
}

/// Reads lattice row `2i` (vertex row `i`): the `H(i, j)` edges, each
/// `---` or three spaces. The vertex glyphs are checked afterwards.
fn read_vertex_row(
    lattice: &[u8],
    i: usize,
    cols: usize,
    out: &mut Solution,
) -> Result<(), (usize, String)> {
    for j in 0..cols {
        let edge = &lattice[4 * j + 1..4 * j + 4];
        let line = match edge {
            b"---" => true,
            b"   " => false,
            _ => {
                // A character that is neither, else the odd one out: the
                // space among two `-` (a line with a byte blanked), the
                // `-` among two spaces.
                let dashes = edge.iter().filter(|&&b| b == b'-').count();
                let odd = if dashes >= 2 { b' ' } else { b'-' };
                let first = edge
                    .iter()
                    .position(|&b| b != b'-' && b != b' ')
                    .or_else(|| edge.iter().position(|&b| b == odd))
                    .unwrap_or(0);
                let what = format!("'---' or three spaces (edge H({}, {}))", i + 1, j + 1);
                return Err((4 * j + 1 + first, found(&what, edge[first])));
            }
        };
        out.set_h(i, j, line);
    }
    Ok(())
}

/// Reads lattice row `2i + 1` (cell row `i`): the `V(i, j)` edges (`|` or
/// a space) and the clues, each between two spaces.
fn read_cell_row(
    lattice: &[u8],
    i: usize,
    p: &Puzzle,
    out: &mut Solution,
) -> Result<(), (usize, String)> {
    for j in 0..=p.cols() {
        let line = match lattice[4 * j] {
            b'|' => true,
            b' ' => false,
            b => {
                let what = format!("'|' or a space (edge V({}, {}))", i + 1, j + 1);
                return Err((4 * j, found(&what, b)));
            }
        };
        out.set_v(i, j, line);
        if j == p.cols() {
            break;
        }
        let glyph = p.clue(i, j).glyph();
        for (k, want) in [(1, b' '), (2, glyph), (3, b' ')] {
            if lattice[4 * j + k] != want {
                let what = if k == 2 {
                    match glyph {
                        b' ' => format!("a space (cell ({}, {}) is blank)", i + 1, j + 1),
                        g => format!("'{}' (the clue of cell ({}, {}))", g as char, i + 1, j + 1),
                    }
                } else {
                    format!("a space (beside the clue of cell ({}, {}))", i + 1, j + 1)
                };
                return Err((4 * j + k, found(&what, lattice[4 * j + k])));
            }
        }
    }
    Ok(())
}

/// Whether a glyph at a vertex draws an arm across (`-`, `+`) or down
/// (`|`, `+`).
fn draws(glyph: u8, across: bool) -> bool {
    glyph == b'+' || glyph == if across { b'-' } else { b'|' }
}

/// The blank edge at vertex `(i, j)` (which has 1 or 3 lines) that the
/// glyphs of both its ends draw, as the place where a line was left out.
fn left_out_edge(lines: &[&[u8]], s: &Solution, i: usize, j: usize) -> Option<DrawingError> {
    let (rows, cols) = (s.rows(), s.cols());
    let glyph = |i: usize, j: usize| lines[2 * i + 2][4 * j + 2];
    let here = glyph(i, j);
    // The edges at the vertex that are blank: (the other end, across,
    // the edge's row and column of cells).
    let mut blank = Vec::with_capacity(4);
    if j < cols && !s.h(i, j) {
        blank.push(((i, j + 1), true, (i, j)));
    }
    if j > 0 && !s.h(i, j - 1) {
        blank.push(((i, j - 1), true, (i, j - 1)));
    }
    if i < rows && !s.v(i, j) {
        blank.push(((i + 1, j), false, (i, j)));
    }
    if i > 0 && !s.v(i - 1, j) {
        blank.push(((i - 1, j), false, (i - 1, j)));
    }
    let ((_, _), across, (ei, ej)) = blank
        .into_iter()
        .find(|&((oi, oj), across, _)| draws(here, across) && draws(glyph(oi, oj), across))?;
    let (line, col, want, plane) = if across {
        (2 * ei + 2, 4 * ej + 3, "'---'", 'H')
    } else {
        (2 * ei + 3, 4 * ej + 2, "'|'", 'V')
    };
    Some(DrawingError {
        line,
        col,
        message: format!(
            "expected {want} (edge {plane}({}, {}): the glyphs at both its ends draw it), found {}",
            ei + 1,
            ej + 1,
            shown(lines[line][col])
        ),
    })
}

/// Checks the glyph of every vertex with 0 or 2 lines against the lines
/// read: a space, `-` or `|` straight through, `+` where the loop turns.
fn check_vertices(p: &Puzzle, lines: &[&[u8]], s: &Solution) -> Result<(), DrawingError> {
    let (rows, cols) = (p.rows(), p.cols());
    for i in 0..=rows {
        for j in 0..=cols {
            let west = j > 0 && s.h(i, j - 1);
            let east = j < cols && s.h(i, j);
            let north = i > 0 && s.v(i - 1, j);
            let south = i < rows && s.v(i, j);
            let want = match (west, east, north, south) {
                (false, false, false, false) => (b' ', "a space (no line touches it)"),
                (true, true, false, false) => (b'-', "'-' (the loop passes straight across)"),
                (false, false, true, true) => (b'|', "'|' (the loop passes straight down)"),
                _ if u8::from(west) + u8::from(east) + u8::from(north) + u8::from(south) == 2 => {
                    (b'+', "'+' (the loop turns)")
                }
                // 1, 3 or 4 lines: no glyph. Where the glyphs of a vertex
                // and its neighbour both draw the edge between them and the
                // edge is blank, the edge was left out: say so there; else
                // the loop check reports the vertex.
                _ => match left_out_edge(lines, s, i, j) {
                    Some(e) => return Err(e),
                    None => continue,
                },
            };
            let (line, col) = (2 * i + 2, 4 * j + 2);
            let got = lines[line][col];
            if got != want.0 {
                return Err(DrawingError {
                    line,
                    col,
                    message: format!(
                        "{} at vertex ({}, {}): expected {}",
                        shown(got),
                        i + 1,
                        j + 1,
                        want.1
                    ),
                });
            }
        }
    }
    Ok(())
}

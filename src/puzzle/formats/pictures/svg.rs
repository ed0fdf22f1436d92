//! A puzzle and its loop as an SVG picture.
//!
//! The picture is light enough to put thousands of them in one page
//! ([`super::html`]): the grid is one `<path>`, the loop another (a
//! subpath per run of line edges in a row or a column), and the clues one
//! `<text>` per row, each clue placed by its own `x`. Cells are 10 units
//! wide, shown 20 pixels wide.
//!
//! A puzzle that was not solved uniquely is drawn inside a dashed red
//! frame, its status in red, so that it cannot pass for a solved one; one
//! with several solutions shows two of them, as the solver found them
//! (the first dashed orange, the second dotted purple), and says so.
//! Text (title, status) is escaped by the XML writer.

use crate::puzzle::solution::Solution;
use crate::puzzle::{Puzzle, BLANK};
use quick_xml::events::{BytesDecl, BytesText, Event};
use quick_xml::Writer;
use std::fmt::Write as _;
use std::io::{self, Write};

/// Units per cell.
pub const CELL: usize = 10;
/// Units around the board.
pub(crate) const MARGIN: usize = 5;
/// Units above the board for the label of a standalone picture.
const LABEL: usize = 10;
/// Pixels per unit of the picture's `width` and `height`.
const SCALE: usize = 2;
/// The namespace of SVG.
pub const NAMESPACE: &str = "http://www.w3.org/2000/svg";

/// The colour of a loop that is the puzzle's unique solution.
pub const LOOP_COLOR: &str = "#102a5c";
/// The colour of lines drawn for a puzzle not solved uniquely.
pub const UNSURE_COLOR: &str = "#e06000";
/// The colour of the second of two solutions drawn.
pub const SECOND_COLOR: &str = "#7a1fa2";
/// The colour of the frame and status of a puzzle not solved uniquely.
pub const ALERT_COLOR: &str = "#d00000";

/// What to draw (of a solver's outcome: `run::batch`'s `picture_of`).
#[derive(Clone, Copy, Debug)]
pub struct Picture<'a> {
    /// The puzzle.
    pub puzzle: &'a Puzzle,
    /// The lines to draw: the loop, or one of the puzzle's loops; `None`
    /// for the grid and clues alone.
    pub lines: Option<&'a Solution>,
    /// Another of the puzzle's loops, drawn beside `lines` (a puzzle with
    /// several solutions), or `None`.
    pub second: Option<&'a Solution>,
    /// Whether `lines` is the puzzle's unique solution. When not, the
    /// picture is marked as unsure.
    pub solved: bool,
    /// The status shown: `solved`, `multiple`, `none`, ...
    pub status: &'a str,
    /// What the picture is of, e.g. `puzzles.txt #7`; may be empty.
    pub title: &'a str,
}

impl<'a> Picture<'a> {
    /// The status as the picture states it: with two solutions drawn,
    /// `multiple: two of its solutions`.
    pub fn stated_status(&self) -> std::borrow::Cow<'a, str> {
        match self.second {
            Some(_) => format!("{}: {TWO_OF_SEVERAL}", self.status).into(),
            None => self.status.into(),
        }
    }

    /// The picture's size in units: width, height (without a label).
    fn size(&self) -> (usize, usize) {
        (
            self.puzzle.cols() * CELL + 2 * MARGIN,
            self.puzzle.rows() * CELL + 2 * MARGIN,
        )
    }
}

/// What the status of a puzzle with two of its solutions drawn adds.
pub const TWO_OF_SEVERAL: &str = "two of its solutions";

/// Text as XML may hold it: control characters (other than tab and line
/// breaks), which XML 1.0 forbids even escaped, become U+FFFD.
pub(crate) fn clean(text: &str) -> std::borrow::Cow<'_, str> {
    let bad = |c: char| c.is_control() && !matches!(c, '\t' | '\n' | '\r');
    if text.chars().any(bad) {
        text.chars()
            .map(|c| if bad(c) { '\u{fffd}' } else { c })
            .collect::<String>()
            .into()
    } else {
        text.into()
    }
}

/// The name of the SVG file of data set `number` of an input whose file
/// stem is `stem`: `STEM-NUMBER.svg` (`/`, `\\`, control characters and
/// a leading `.` of the stem made `_`, so the name stays in its folder).
pub fn file_name(stem: &str, number: usize) -> String {
    let mut name: String = stem
        .chars()
        .map(|c| {
            if c == '/' || c == '\\' || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .collect();
    if name.starts_with('.') || name.is_empty() {
        name.insert(0, '_');
    }
    format!("{name}-{number}.svg")
}

/// Writes the picture as a standalone SVG document.
pub fn write(picture: &Picture, out: impl Write) -> io::Result<()> {
    let mut w = Writer::new(out);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    w.get_mut().write_all(b"\n")?;
    element(picture, &mut w, true)?;
    w.get_mut().write_all(b"\n")
}

/// The picture as a standalone SVG document.
pub fn to_string(picture: &Picture) -> String {
    let mut out = Vec::new();
    write(picture, &mut out).expect("writing to a Vec");
    String::from_utf8(out).expect("the writer writes UTF-8")
}

/// Checks that the lines are of the puzzle's size.
fn check(picture: &Picture) -> io::Result<()> {
    let p = picture.puzzle;
    let wrong = [picture.lines, picture.second]
        .into_iter()
        .flatten()
        .find(|s| (s.rows(), s.cols()) != (p.rows(), p.cols()));
    match wrong {
        Some(s) => Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "lines of a {}x{} board for a {}x{} puzzle",
                s.rows(),
                s.cols(),
                p.rows(),
                p.cols()
            ),
        )),
        _ => Ok(()),
    }
}

/// Writes the `<svg>` element. A standalone one carries the namespace's
/// declaration, a `<title>`, a white background and the label (title and
/// status) above the board; an inline one (in a page that shows them
/// itself) only the drawing.
pub(crate) fn element<W: Write>(
    picture: &Picture,
    w: &mut Writer<W>,
    standalone: bool,
) -> io::Result<()> {
    element_marked(picture, &|_| Vec::new(), w, standalone)
}

/// A path drawn over the lines: its class, `d`, colour and width.
pub(crate) type Overlay = (&'static str, String, &'static str, &'static str);

/// Writes the `<svg>` element as [`element`] does, with the paths that
/// `overlay` gives for the board's top (in units) over the lines: the
/// marks of a board part way through a deduction.
pub(crate) fn element_marked<W: Write>(
    picture: &Picture,
    overlay: &dyn Fn(usize) -> Vec<Overlay>,
    w: &mut Writer<W>,
    standalone: bool,
) -> io::Result<()> {
    check(picture)?;
    let (board_width, board_height) = picture.size();
    let top = if standalone { LABEL } else { 0 };
    // Wide enough for the label too (about 3.6 units a character at 6).
    let width = if standalone {
        let chars = label(picture).chars().count();
        board_width.max(2 * MARGIN + (chars * 18).div_ceil(5))
    } else {
        board_width
    };
    let height = board_height + top;
    let view = format!("0 0 {width} {height}");
    let (pw, ph) = ((width * SCALE).to_string(), (height * SCALE).to_string());
    let class = if picture.solved { "solved" } else { "unsure" };
    w.create_element("svg")
        .with_attributes([
            ("xmlns", NAMESPACE),
            ("viewBox", view.as_str()),
            ("width", pw.as_str()),
            ("height", ph.as_str()),
            ("class", class),
        ])
        .write_inner_content(|w| {
            if standalone {
                let label = label(picture);
                w.create_element("title")
                    .write_text_content(BytesText::new(&clean(&label)))?;
                w.create_element("rect")
                    .with_attributes([("width", "100%"), ("height", "100%"), ("fill", "#fff")])
                    .write_empty()?;
                let color = if picture.solved { "#000" } else { ALERT_COLOR };
                w.create_element("text")
                    .with_attributes([
                        ("x", MARGIN.to_string().as_str()),
                        ("y", (LABEL - 2).to_string().as_str()),
                        ("font-family", "sans-serif"),
                        ("font-size", "6"),
                        ("fill", color),
                        ("class", "label"),
                    ])
                    .write_text_content(BytesText::new(&clean(&label)))?;
            }
            board(picture, overlay, w, top)
        })?;
    Ok(())
}

/// The label of a standalone picture: `title: status`, or the status.
fn label(picture: &Picture) -> String {
    let status = picture.stated_status();
    if picture.title.is_empty() {
        status.into_owned()
    } else {
        format!("{}: {status}", picture.title)
    }
}

/// The loops of the picture: its lines (plain if solved, dashed orange if
/// not) and a second loop beside them, if any.
fn loops<W: Write>(picture: &Picture, w: &mut Writer<W>, top: usize) -> io::Result<()> {
    if let Some(lines) = picture.lines {
        let (color, dash) = if picture.solved {
            (LOOP_COLOR, None)
        } else {
            (UNSURE_COLOR, Some(("stroke-dasharray", "3 1.5")))
        };
        w.create_element("path")
            .with_attributes([
                ("class", "loop"),
                ("d", loop_path(lines, top).as_str()),
                ("stroke", color),
                ("stroke-width", "2"),
                ("stroke-linecap", "round"),
                ("fill", "none"),
            ])
            .with_attributes(dash)
            .write_empty()?;
    }
    if let Some(second) = picture.second {
        // Thinner and dotted, so that the first shows where they agree.
        w.create_element("path")
            .with_attributes([
                ("class", "loop second"),
                ("d", loop_path(second, top).as_str()),
                ("stroke", SECOND_COLOR),
                ("stroke-width", "1"),
                ("stroke-linecap", "round"),
                ("stroke-dasharray", "1 1.5"),
                ("fill", "none"),
            ])
            .write_empty()?;
    }
    Ok(())
}

/// Writes the paths of an overlay.
fn overlays<W: Write>(paths: Vec<Overlay>, w: &mut Writer<W>) -> io::Result<()> {
    for (class, d, color, width) in paths {
        w.create_element("path")
            .with_attributes([
                ("class", class),
                ("d", d.as_str()),
                ("stroke", color),
                ("stroke-width", width),
                ("stroke-linecap", "round"),
                ("fill", "none"),
            ])
            .write_empty()?;
    }
    Ok(())
}

/// The grid, the lines (and the overlay's paths), the clues and (when
/// unsure) the frame, the board's top-left corner `top` units down.
fn board<W: Write>(
    picture: &Picture,
    overlay: &dyn Fn(usize) -> Vec<Overlay>,
    w: &mut Writer<W>,
    top: usize,
) -> io::Result<()> {
    let p = picture.puzzle;
    w.create_element("path")
        .with_attributes([
            ("class", "grid"),
            ("d", grid_path(p.rows(), p.cols(), top).as_str()),
            ("stroke", "#c8c8c8"),
            ("stroke-width", "0.5"),
            ("fill", "none"),
        ])
        .write_empty()?;
    loops(picture, w, top)?;
    overlays(overlay(top), w)?;
    w.create_element("g")
        .with_attributes([
            ("class", "clues"),
            ("font-family", "sans-serif"),
            ("font-size", "7"),
            ("text-anchor", "middle"),
        ])
        .write_inner_content(|w| {
            let mut xs = String::new();
            let mut glyphs = String::new();
            for i in 0..p.rows() {
                xs.clear();
                glyphs.clear();
                for (j, &c) in p.clue_bytes()[i * p.cols()..(i + 1) * p.cols()]
                    .iter()
                    .enumerate()
                {
                    if c != BLANK {
                        if !xs.is_empty() {
                            xs.push(' ');
                        }
                        let _ = write!(xs, "{}", MARGIN + j * CELL + CELL / 2);
                        glyphs.push(char::from(b'0' + c));
                    }
                }
                if glyphs.is_empty() {
                    continue;
                }
                // The baseline a little below the middle centres the digit.
                let y = (top + MARGIN + i * CELL) as f64 + CELL as f64 * 0.75;
                w.create_element("text")
                    .with_attributes([("x", xs.as_str()), ("y", y.to_string().as_str())])
                    .write_text_content(BytesText::new(&glyphs))?;
            }
            Ok(())
        })?;
    if !picture.solved {
        let (width, height) = picture.size();
        w.create_element("rect")
            .with_attributes([
                ("class", "frame"),
                ("x", "1"),
                ("y", (top + 1).to_string().as_str()),
                ("width", (width - 2).to_string().as_str()),
                ("height", (height - 2).to_string().as_str()),
                ("fill", "none"),
                ("stroke", ALERT_COLOR),
                ("stroke-width", "1"),
                ("stroke-dasharray", "4 2"),
            ])
            .write_empty()?;
    }
    Ok(())
}

/// The grid's lines as one path, drawn back and forth.
fn grid_path(rows: usize, cols: usize, top: usize) -> String {
    let (w, h) = (cols * CELL, rows * CELL);
    let mut d = String::with_capacity(12 * (rows + cols + 2));
    let _ = write!(d, "M{MARGIN} {}h{w}", top + MARGIN);
    for i in 1..=rows {
        let _ = write!(d, "m0 {CELL}h{}{w}", if i % 2 == 1 { "-" } else { "" });
    }
    let _ = write!(d, "M{MARGIN} {}v{h}", top + MARGIN);
    for j in 1..=cols {
        let _ = write!(d, "m{CELL} 0v{}{h}", if j % 2 == 1 { "-" } else { "" });
    }
    d
}

/// The runs of consecutive `true` among `line(0..n)`: (start, length).
fn runs(n: usize, line: impl Fn(usize) -> bool) -> impl Iterator<Item = (usize, usize)> {
    let mut k = 0;
    std::iter::from_fn(move || {
        while k < n && !line(k) {
            k += 1;
        }
        let start = k;
        while k < n && line(k) {
            k += 1;
        }
        (k > start).then_some((start, k - start))
    })
}

/// The line edges as one path: a subpath `M x y h len` per run of
/// horizontal edges in a vertex row, `M x y v len` per run of vertical
/// edges in a vertex column.
pub(crate) fn loop_path(s: &Solution, top: usize) -> String {
    let mut d = String::new();
    let x = |j: usize| MARGIN + j * CELL;
    let y = |i: usize| top + MARGIN + i * CELL;
    for i in 0..=s.rows() {
        for (j, len) in runs(s.cols(), |j| s.h(i, j)) {
            let _ = write!(d, "M{} {}h{}", x(j), y(i), len * CELL);
        }
    }
    for j in 0..=s.cols() {
        for (i, len) in runs(s.rows(), |i| s.v(i, j)) {
            let _ = write!(d, "M{} {}v{}", x(j), y(i), len * CELL);
        }
    }
    d
}

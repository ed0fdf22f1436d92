//! A board part way through a deduction, as an SVG picture: the lines
//! known so far drawn as a loop's ([`super::svg`]), a small `x` on each
//! edge known to be a cross, and the edges that the last step decided,
//! lines and crosses, drawn over in a colour of their own. `slink
//! explain`'s steps, one at a time, are shown so (the browser page's
//! step-by-step view). It draws what it is given: which edges are known
//! after which step is `run::explain`'s replay.

use super::svg::{element_marked, loop_path, Overlay, Picture, CELL, MARGIN};
use crate::puzzle::solution::Solution;
use quick_xml::events::{BytesDecl, Event};
use quick_xml::Writer;
use std::fmt::Write as _;
use std::io::{self, Write};

/// The colour of the edges the last step decided.
pub const STEP_COLOR: &str = "#00a050";
/// The colour of the crosses known before it.
pub const CROSS_COLOR: &str = "#909090";

/// What is marked over a picture's lines.
#[derive(Clone, Copy, Debug)]
pub struct Marks<'a> {
    /// The edges known to be crosses.
    pub crosses: &'a Solution,
    /// The edges the last step made lines.
    pub step_lines: &'a Solution,
    /// The edges the last step made crosses.
    pub step_crosses: &'a Solution,
}

impl Marks<'_> {
    /// The paths of the marks, the board's top-left corner `top` units
    /// down (none for no edge).
    fn paths(&self, top: usize) -> Vec<Overlay> {
        let paths = [
            (
                "crosses",
                crosses_path(self.crosses, top),
                CROSS_COLOR,
                "0.6",
            ),
            ("step", loop_path(self.step_lines, top), STEP_COLOR, "2.6"),
            (
                "step crosses",
                crosses_path(self.step_crosses, top),
                STEP_COLOR,
                "1",
            ),
        ];
        paths.into_iter().filter(|p| !p.1.is_empty()).collect()
    }
}

/// Writes the picture with `marks` as a standalone SVG document.
pub fn write(picture: &Picture, marks: &Marks, out: impl Write) -> io::Result<()> {
    let mut w = Writer::new(out);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    w.get_mut().write_all(b"\n")?;
    element_marked(picture, &|top| marks.paths(top), &mut w, true)?;
    w.get_mut().write_all(b"\n")
}

/// An `x` of 3 units across at the middle of each edge set in `s`.
fn crosses_path(s: &Solution, top: usize) -> String {
    let mut d = String::new();
    let mut x_at = |x2: usize, y2: usize| {
        // (x2, y2) in half units: the edge's middle.
        let (x, y) = (x2 as f64 / 2.0 - 1.5, y2 as f64 / 2.0 - 1.5);
        let _ = write!(d, "M{x} {y}l3 3m0 -3l-3 3");
    };
    let (left, up) = (2 * MARGIN, 2 * (top + MARGIN));
    for i in 0..=s.rows() {
        for j in (0..s.cols()).filter(|&j| s.h(i, j)) {
            x_at(left + (2 * j + 1) * CELL, up + 2 * i * CELL);
        }
    }
    for i in 0..s.rows() {
        for j in (0..=s.cols()).filter(|&j| s.v(i, j)) {
            x_at(left + 2 * j * CELL, up + (2 * i + 1) * CELL);
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Puzzle;

    #[test]
    fn crosses_sit_on_their_edges_middles_and_the_step_is_drawn_over() {
        let p = Puzzle::from_rows("2.").unwrap();
        let (mut crosses, mut step_lines, step_crosses) = (
            Solution::new(1, 2),
            Solution::new(1, 2),
            Solution::new(1, 2),
        );
        // The board's corner at (5, 15): a label takes 10 units above it.
        crosses.set_h(0, 1, true); // the top of cell (0, 1): its middle at (20, 15)
        crosses.set_v(0, 2, true); // the right border: (25, 20)
        step_lines.set_h(1, 0, true);
        let picture = Picture {
            puzzle: &p,
            lines: None,
            second: None,
            solved: true,
            status: "step 1 of 1",
            title: "",
        };
        let marks = Marks {
            crosses: &crosses,
            step_lines: &step_lines,
            step_crosses: &step_crosses,
        };
        let mut out = Vec::new();
        write(&picture, &marks, &mut out).unwrap();
        let svg = String::from_utf8(out).unwrap();
        let crosses = r#"class="crosses" d="M18.5 13.5l3 3m0 -3l-3 3M23.5 18.5l3 3m0 -3l-3 3""#;
        assert!(svg.contains(crosses), "{svg}");
        assert!(svg.contains(r#"class="step" d="M5 25h10""#), "{svg}");
        assert!(!svg.contains("step crosses"), "no path for no edge: {svg}");
        roxmltree::Document::parse(&svg).expect("well-formed");
    }
}

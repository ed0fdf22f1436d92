//! `slink explain`: the deduction of one puzzle as a readable list of
//! steps, each with its reason and the edges it decided, a legend of the
//! reasons cited, and the judge's drawing at the end (optionally also the
//! board every few steps along the way, crosses shown as `x`), or the same
//! as one JSON document for tools.
//!
//! Coordinates count from 1, as in every error message: cell `(i, j)` is
//! row `i`, column `j`; vertex `(i, j)` is its top-left corner; edge
//! `H(i, j)` runs along the top of cell `(i, j)` (`H(rows + 1, j)` along
//! the bottom row), `V(i, j)` down its left side (`V(i, cols + 1)` down
//! the right border).
//!
//! ```
//! let p = slink::puzzles(b"2 2\n2 2\n2 2\n0 0\n").next().unwrap().unwrap();
//! let mut text = String::new();
//! let status = slink::run::explain::explain(&p, 1, slink::Options::default(), None, &mut text);
//! assert_eq!(status, slink::Status::Solved);
//! assert!(text.contains("R10 at cell (1, 1): line H(1, 2) V(2, 1)"));
//! ```

mod steps;
mod walkthrough;

pub use walkthrough::Walkthrough;

use crate::puzzle::formats::judge::render;
use crate::puzzle::Puzzle;
use crate::rules::decision::Event;
use crate::solve::outcome::{Options, Status};
use crate::util::counted;
use std::fmt::Write as _;
use steps::{answered_by_four, cited, meaning, steps, verdict, Deduction, Replay};
use walkthrough::solve_traced;
/// Writes the explanation of puzzle `p` (data set `number`) into `out`.
/// With `every = Some(n)`, the drawing of the lines known so far (and the
/// crosses, as `x`) is shown after every `n` steps. Returns the outcome's
/// status.
pub fn explain(
    p: &Puzzle,
    number: usize,
    options: Options,
    every: Option<usize>,
    out: &mut String,
) -> Status {
    let outcome = &solve_traced(p, options);
    let _ = writeln!(
        out,
        "data set {number}: {}x{} puzzle, {}; rows and columns count from 1",
        p.rows(),
        p.cols(),
        counted(p.blanks() as u64, "blank cell")
    );
    if let Some(why) = answered_by_four(p) {
        let _ = writeln!(out, "       {why}");
    }
    // Replay the decisions, to draw the board along the way.
    let mut replay = Replay::new(p);
    let mut shown: u64 = 0;
    let steps = steps(&outcome.trace);
    for item in &steps {
        replay.take(item);
        match item {
            Ok(step) => {
                shown += 1;
                let _ = writeln!(out, "{}", step.describe(shown as usize));
                if every.is_some_and(|n| n > 0 && shown % n as u64 == 0) {
                    replay.known.draw(p, out);
                }
            }
            Err(Event::Backtrack { depth }) => {
                let _ = writeln!(
                    out,
                    "       backtrack to depth {depth}: the line branch is finished, try the cross"
                );
            }
            Err(Event::Solution) => {
                let _ = writeln!(
                    out,
                    "       a solution: every edge decided, one loop, every clue met"
                );
            }
            Err(Event::Decided { .. }) => unreachable!("decisions are steps"),
        }
    }
    legend(&steps, out);
    let st = &outcome.stats;
    let _ = writeln!(
        out,
        "result: {}; {}, {}, {}, {}",
        verdict(outcome),
        counted(shown, "step"),
        counted(st.passes, "pass"),
        counted(st.nodes, "search node"),
        counted(st.probes, "probe")
    );
    if let Some(s) = outcome.solution() {
        let mut d = Vec::new();
        d.extend_from_slice(format!("{number}\n").as_bytes());
        render::draw(p, s, &mut d);
        out.push_str(&String::from_utf8_lossy(&d));
    }
    outcome.status()
}

/// The legend of the reasons `steps` cite, one line each.
fn legend(steps: &[Result<Deduction, Event>], out: &mut String) {
    let reasons = cited(steps);
    if reasons.is_empty() {
        return;
    }
    let _ = writeln!(out, "legend:");
    let wide = reasons
        .iter()
        .map(|r| r.to_string().len())
        .max()
        .unwrap_or(0);
    for r in reasons {
        let _ = writeln!(out, "  {:<wide$}  {}", r.to_string(), meaning(r));
    }
}
/// Writes the explanation of puzzle `p` (data set `number`) into `out` as
/// one JSON document (and a newline): `events` (each `step` with its
/// `reason`, where it looked and the edges it made lines and crosses,
/// each `backtrack` and `solution`), the `legend`, the `status`, the
/// counts and the final `drawing`. Returns the outcome's status.
pub fn explain_json(p: &Puzzle, number: usize, options: Options, out: &mut String) -> Status {
    Walkthrough::new(p, options).write_json(number, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explains_the_sample_square_with_rules() {
        let p = Puzzle::from_rows("22/22").unwrap();
        let mut s = String::new();
        let status = explain(&p, 3, Options::rules_only(), Some(1), &mut s);
        assert_eq!(status, Status::Solved);
        assert!(s.contains("R"), "{s}");
        assert!(s.contains("result: one solution"), "{s}");
        assert!(s.ends_with("3\n#############\n#           #\n# +-------+ #\n# | 2   2 | #\n# |       | #\n# | 2   2 | #\n# +-------+ #\n#           #\n#############\n"), "{s}");
    }

    #[test]
    fn coordinates_count_from_1_with_a_legend_crosses_and_plurals() {
        let p = Puzzle::from_rows("22/22").unwrap();
        let mut s = String::new();
        explain(&p, 3, Options::rules_only(), Some(6), &mut s);
        // R10 at the top-left cell: its top side's right half and its
        // left side's lower half, named from 1.
        assert!(
            s.contains("    1. R10 at cell (1, 1): line H(1, 2) V(2, 1)\n"),
            "{s}"
        );
        assert!(s.contains("R8 at vertex (2, 2): cross V(1, 2)\n"), "{s}");
        assert!(
            s.contains("\nlegend:\n  R10  a 2 with one corner closed"),
            "{s}"
        );
        assert!(s.contains("\n  R8   a vertex with three crosses"), "{s}");
        assert!(
            s.contains("result: one solution; 7 steps, 3 passes, 1 search node, 0 probes\n"),
            "{s}"
        );
        assert!(
            s.starts_with("data set 3: 2x2 puzzle, 0 blank cells;"),
            "{s}"
        );
        // After six steps: every line, and the crosses H(2, 1), H(2, 2)
        // and V(2, 2) as `x` (V(1, 2) is crossed at step 7).
        let board = "# +-------+ #\n# | 2   2 | #\n# | x   x | #\n# | 2 x 2 | #\n# +-------+ #\n";
        assert!(s.contains(board), "{s}");
    }

    #[test]
    fn the_json_explanation_has_the_steps_legend_and_drawing() {
        let p = Puzzle::from_rows("22/22").unwrap();
        let mut s = String::new();
        let status = explain_json(&p, 3, Options::rules_only(), &mut s);
        assert_eq!(status, Status::Solved);
        assert!(s.ends_with("}\n") && s.lines().count() == 1, "{s}");
        let v: serde_json::Value = serde_json::from_str(&s).unwrap();
        assert_eq!(v["status"], "solved");
        assert_eq!(
            v["events"].as_array().unwrap().len(),
            8,
            "7 steps, 1 solution"
        );
        let first = &v["events"][0];
        assert_eq!(first["reason"], "R10");
        assert_eq!(first["at"]["row"], 1);
        assert_eq!(first["lines"][0], "H(1, 2)");
        assert_eq!(v["events"][7]["event"], "solution");
        assert_eq!(v["legend"][0][0], "R10");
        assert!(v["drawing"]
            .as_str()
            .unwrap()
            .starts_with("#############\n"));
    }

    #[test]
    fn a_search_shows_branches_and_backtracks() {
        // All blank: the rules decide nothing, so search must branch.
        let p = Puzzle::from_rows("../../..").unwrap();
        let mut s = String::new();
        let status = explain(&p, 1, Options::default(), None, &mut s);
        assert_eq!(status, Status::Multiple);
        assert!(s.contains("search branch"), "{s}");
        assert!(s.contains("a solution"), "{s}");
    }
}

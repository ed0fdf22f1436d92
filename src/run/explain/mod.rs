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
use crate::rules::decision::{Event, Reason};
use crate::rules::Rule;
use crate::solve::outcome::{Options, Outcome, Status};
use crate::solve::solver::Solver;
use crate::util::counted;
use serde::Serialize;
use std::fmt::Write as _;
use steps::{steps, Deduction, Focus, Replay};

/// What each reason means, in one line of words (the legend).
fn meaning(r: Reason) -> &'static str {
    use Rule::*;
    match r {
        Reason::Rule(rule) => match rule {
            R1 => "a 0: all four sides are crosses",
            R2 => "a cell n with exactly n sides not crossed: those sides are lines",
            R3 => "a cell n with n sides already lines: the other sides are crosses",
            R4 => "two 3s side by side: their shared side and both far sides are lines",
            R5 => "two 3s diagonally adjacent: the sides at each one's far corner are lines",
            R6 => "a vertex with one line and one undecided edge: that edge is a line",
            R7 => "a vertex with two lines: its other edges are crosses",
            R8 => "a vertex with three crosses: the fourth edge is a cross",
            R9 => "a 3 whose two exits at a corner are crossed: its sides there are lines",
            R10 => "a 2 with one corner closed and one exit crossed next to it: the other exit is a line",
            R11 => "a 1 whose two exits at a corner are crossed: its sides there are crosses",
            R12 => "a line enters a 3's corner, the other exit crossed: the far corner's sides are lines",
            R13 => "a 3 and a 1 diagonally adjacent: a closed far corner of one closes the other's",
            R14 => "a line enters a 2's corner, the other exit crossed, one far exit crossed: the other far exit is a line",
            R15 => "a line enters a 1's corner, the other exit crossed: the far corner's sides are crosses",
        },
        Reason::Colors => "cells inside and outside the loop: a line between cells of different sides, a cross between the same",
        Reason::Angles => "at a cell's corner, its two sides are known to hold at most or at least one line",
        Reason::Parity => "edges known equal or opposite to others, and clues and vertices that fix their sum",
        Reason::Reach => "edges the loop cannot reach any more are crosses",
        Reason::Loop => "an edge that would close a loop while other lines are left out is a cross",
        Reason::Probe => "the other value led to a contradiction, or both values agree on the edge",
        Reason::Branch => "a guess: the search tries the edge as a line, then as a cross",
        Reason::LoopClosed => "the loop is closed: every other edge is a cross",
    }
}

/// What came of the solve, in words.
fn verdict(outcome: &Outcome) -> String {
    match outcome.status() {
        Status::Solved => "one solution".to_string(),
        Status::Multiple => "several solutions; the first found is drawn".to_string(),
        Status::NoSolution => format!(
            "no solution{}",
            outcome
                .contradiction
                .map(|c| format!(" ({c})"))
                .unwrap_or_default()
        ),
        Status::GaveUp => match outcome.stalled() {
            Some(undecided) => format!(
                "the rules stalled with {} undecided",
                counted(undecided as u64, "edge")
            ),
            None => "gave up: the search budget ran out".to_string(),
        },
        Status::TimedOut => "gave up: the time limit ran out".to_string(),
        // (The solver does not say this of a puzzle it read.)
        Status::Invalid => "not read".to_string(),
    }
}

/// Why puzzle `p` has no steps to show, if a clue 4 answered it: the
/// solver takes such a puzzle out of deduction (`solve::four`), since a
/// 4's four sides close a loop by themselves.
fn answered_by_four(p: &Puzzle) -> Option<String> {
    let (i, j) = p.fours().next()?;
    Some(format!(
        "no steps: the clue 4 at cell ({}, {}) answers the puzzle without deduction: its four \
         sides are lines and close a loop by themselves, so the loop can only be that square, \
         a solution if it meets every other clue",
        i + 1,
        j + 1
    ))
}

/// The reasons `steps` cite, in the order of their first citation.
fn cited(steps: &[Result<Deduction, Event>]) -> Vec<Reason> {
    let mut seen: Vec<Reason> = Vec::new();
    for step in steps.iter().flatten() {
        if !seen.contains(&step.reason) {
            seen.push(step.reason);
        }
    }
    seen
}

/// Solves `p` recording every step (the one solve both explanations read).
fn solve_traced(p: &Puzzle, options: Options) -> Outcome {
    let mut solver = Solver::new(Options {
        trace: true,
        ..options
    });
    solver.solve(p).clone()
}

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

/// One entry of the JSON explanation: a step, a backtrack or a solution.
#[derive(Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
enum JsonEvent {
    Step {
        step: usize,
        depth: u32,
        reason: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        at: Option<Focus>,
        lines: Vec<String>,
        crosses: Vec<String>,
    },
    Backtrack {
        depth: u32,
    },
    Solution,
}

/// The JSON explanation of one puzzle.
#[derive(Serialize)]
struct JsonExplanation {
    data_set: usize,
    rows: usize,
    cols: usize,
    blanks: usize,
    events: Vec<JsonEvent>,
    legend: Vec<(String, &'static str)>,
    status: &'static str,
    result: String,
    /// Why there are no steps, when a clue 4 answered the puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    passes: u64,
    nodes: u64,
    probes: u64,
    /// The judge's drawing of the (first) solution found, if any.
    drawing: Option<String>,
}

/// Writes the explanation of puzzle `p` (data set `number`) into `out` as
/// one JSON document (and a newline): `events` (each `step` with its
/// `reason`, where it looked and the edges it made lines and crosses,
/// each `backtrack` and `solution`), the `legend`, the `status`, the
/// counts and the final `drawing`. Returns the outcome's status.
pub fn explain_json(p: &Puzzle, number: usize, options: Options, out: &mut String) -> Status {
    Walkthrough::new(p, options).write_json(number, out)
}

/// Writes the JSON explanation of puzzle `p` (data set `number`), whose
/// traced solve is `outcome` and its `steps`, as [`explain_json`] says.
fn json(
    p: &Puzzle,
    outcome: &Outcome,
    steps: &[Result<Deduction, Event>],
    number: usize,
    out: &mut String,
) -> Status {
    let mut n = 0;
    let events = steps
        .iter()
        .map(|item| match item {
            Ok(step) => {
                n += 1;
                JsonEvent::Step {
                    step: n,
                    depth: step.depth,
                    reason: step.reason.to_string(),
                    at: step.place(),
                    lines: step.edge_names(true),
                    crosses: step.edge_names(false),
                }
            }
            Err(Event::Backtrack { depth }) => JsonEvent::Backtrack { depth: *depth },
            Err(_) => JsonEvent::Solution,
        })
        .collect();
    let drawing = outcome.solution().map(|s| {
        let mut d = Vec::new();
        render::draw(p, s, &mut d);
        String::from_utf8_lossy(&d).into_owned()
    });
    let doc = JsonExplanation {
        data_set: number,
        rows: p.rows(),
        cols: p.cols(),
        blanks: p.blanks(),
        events,
        legend: cited(steps)
            .into_iter()
            .map(|r| (r.to_string(), meaning(r)))
            .collect(),
        status: outcome.status().name(),
        result: verdict(outcome),
        note: answered_by_four(p),
        passes: outcome.stats.passes,
        nodes: outcome.stats.nodes,
        probes: outcome.stats.probes,
        drawing,
    };
    out.push_str(&serde_json::to_string(&doc).expect("plain data serializes"));
    out.push('\n');
    outcome.status()
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

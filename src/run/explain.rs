//! `slink explain`: the deduction of one puzzle as a readable list of
//! steps, each with its reason and the edges it decided, and the judge's
//! drawing at the end (optionally also every few steps along the way).

use crate::grid::EdgeId;
use crate::grid::Plane;
use crate::puzzle::render;
use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use crate::rules::decision::{Event, Reason};
use crate::rules::Rule;
use crate::solve::outcome::{Options, Status};
use crate::solve::solver::Solver;
use std::fmt::Write as _;

/// A run of decisions with one reason, at one place and search depth.
struct Step {
    reason: Reason,
    at: (usize, usize),
    depth: u32,
    edges: Vec<(EdgeId, bool)>,
}

/// Whether a rule looks at a vertex (R6-R8) rather than a cell.
fn at_vertex(r: Reason) -> bool {
    matches!(r, Reason::Rule(Rule::R6 | Rule::R7 | Rule::R8))
}

impl Step {
    fn describe(&self, n: usize) -> String {
        let mut s = format!("{n:>5}. ");
        if self.depth > 0 {
            let _ = write!(s, "[depth {}] ", self.depth);
        }
        let _ = write!(s, "{}", self.reason);
        if let Reason::Rule(_) | Reason::Colors = self.reason {
            let what = if at_vertex(self.reason) {
                "vertex"
            } else {
                "cell"
            };
            let _ = write!(s, " at {what} ({}, {})", self.at.0, self.at.1);
        }
        s.push(':');
        for (kind, want) in [("line", true), ("cross", false)] {
            let list: Vec<String> = self
                .edges
                .iter()
                .filter(|e| e.1 == want)
                .map(|e| e.0.to_string())
                .collect();
            if !list.is_empty() {
                let _ = write!(s, " {kind} {}", list.join(" "));
            }
        }
        s
    }
}

/// Groups the trace into steps, keeping backtracks and solutions as markers.
fn steps(trace: &[Event]) -> Vec<Result<Step, Event>> {
    let mut out: Vec<Result<Step, Event>> = Vec::new();
    for &ev in trace {
        match ev {
            Event::Decided {
                reason,
                at,
                edge,
                line,
                depth,
            } => {
                // Rules group by the cell they looked at; the other reasons
                // group all their consecutive decisions.
                let place = if matches!(reason, Reason::Rule(_) | Reason::Colors) {
                    at
                } else {
                    (0, 0)
                };
                if let Some(Ok(last)) = out.last_mut() {
                    if last.reason == reason
                        && last.at == place
                        && last.depth == depth
                        && reason != Reason::Branch
                    {
                        last.edges.push((edge, line));
                        continue;
                    }
                }
                out.push(Ok(Step {
                    reason,
                    at: place,
                    depth,
                    edges: vec![(edge, line)],
                }));
            }
            other => out.push(Err(other)),
        }
    }
    out
}

/// Writes the explanation of puzzle `p` (data set `number`) into `out`.
/// With `every = Some(n)`, the drawing of the lines known so far is shown
/// after every `n` steps. Returns the outcome's status.
pub fn explain(
    p: &Puzzle,
    number: usize,
    options: Options,
    every: Option<usize>,
    out: &mut String,
) -> Status {
    let mut solver = Solver::new(Options {
        trace: true,
        ..options
    });
    let outcome = solver.solve(p);
    let _ = writeln!(
        out,
        "data set {number}: {}x{} puzzle, {} blank cells",
        p.rows(),
        p.cols(),
        p.blanks()
    );
    // Replay the lines, to draw the board along the way.
    let mut known = Solution::new(p.rows(), p.cols());
    let mut saved: Vec<Solution> = Vec::new();
    let mut shown = 0;
    for item in steps(&outcome.trace) {
        match item {
            Ok(step) => {
                if step.reason == Reason::Branch && step.edges[0].1 {
                    saved.truncate(step.depth as usize - 1);
                    saved.push(known.clone());
                }
                for (e, line) in &step.edges {
                    if *line {
                        match e.plane {
                            Plane::H => known.set_h(e.row, e.col, true),
                            Plane::V => known.set_v(e.row, e.col, true),
                        }
                    }
                }
                shown += 1;
                let _ = writeln!(out, "{}", step.describe(shown));
                if every.is_some_and(|n| n > 0 && shown % n == 0) {
                    let mut d = Vec::new();
                    render::draw(p, &known, &mut d);
                    out.push_str(&String::from_utf8_lossy(&d));
                }
            }
            Err(Event::Backtrack { depth }) => {
                if let Some(s) = saved.get(depth as usize) {
                    known = s.clone();
                }
                saved.truncate(depth as usize);
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
    let st = &outcome.stats;
    let status = outcome.status();
    let verdict = match status {
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
            Some(undecided) => format!("the rules stalled with {undecided} edges undecided"),
            None => "gave up: the search budget ran out".to_string(),
        },
        Status::TimedOut => "gave up: the time limit ran out".to_string(),
        // (The solver does not say this of a puzzle it read.)
        Status::Invalid => "not read".to_string(),
    };
    let _ = writeln!(
        out,
        "result: {verdict}; {shown} steps, {} passes, {} search nodes, {} probes",
        st.passes, st.nodes, st.probes
    );
    if let Some(s) = outcome.solution() {
        let mut d = Vec::new();
        d.extend_from_slice(format!("{number}\n").as_bytes());
        render::draw(p, s, &mut d);
        out.push_str(&String::from_utf8_lossy(&d));
    }
    status
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

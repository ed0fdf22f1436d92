//! An explanation held to be gone through one step at a time, as the
//! browser page does: the puzzle, its traced solve and its steps, the
//! JSON document of `slink explain --json`, and the SVG picture of the
//! board after any number of steps, the last step's edges marked
//! ([`crate::pictures::marks`]); the JSON explanation is written here (the
//! text one is `super`'s). It holds one puzzle's explanation; the steps,
//! their replay and their words are `steps`'s.

use super::steps::{answered_by_four, cited, meaning, steps, verdict, Deduction, Focus, Replay};
use crate::grid::Plane;
use crate::puzzle::formats::judge::render;
use crate::puzzle::formats::pictures::marks::{self, Marks};
use crate::puzzle::formats::pictures::svg::Picture;
use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use crate::rules::decision::Event;
use crate::solve::outcome::{Options, Outcome, Status};
use crate::solve::solver::Solver;
use serde::Serialize;

/// A puzzle's explanation, to be gone through one step at a time.
///
/// ```
/// use slink::run::explain::Walkthrough;
/// let p = slink::puzzles(b"2 2\n2 2\n2 2\n0 0\n").next().unwrap().unwrap();
/// let walk = Walkthrough::new(&p, slink::Options::rules_only());
/// assert_eq!((walk.steps(), walk.status()), (7, slink::Status::Solved));
/// let svg = walk.picture(1);
/// assert!(svg.contains("step 1 of 7: R10 at cell (1, 1): line H(1, 2) V(2, 1)"));
/// let mut json = String::new();
/// walk.write_json(1, &mut json);
/// assert!(json.starts_with(r#"{"data_set":1,"rows":2,"cols":2,"#));
/// ```
pub struct Walkthrough {
    puzzle: Puzzle,
    outcome: Outcome,
    items: Vec<Result<Deduction, Event>>,
    steps: usize,
}

impl Walkthrough {
    /// Solves `p` with `options`, recording every step.
    pub fn new(p: &Puzzle, options: Options) -> Walkthrough {
        let outcome = solve_traced(p, options);
        let items = steps(&outcome.trace);
        let steps = items.iter().filter(|item| item.is_ok()).count();
        Walkthrough {
            puzzle: p.clone(),
            outcome,
            items,
            steps,
        }
    }

    /// Number of steps.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The solve's status.
    pub fn status(&self) -> Status {
        self.outcome.status()
    }

    /// Writes the JSON explanation, as data set `number`, into `out`:
    /// what [`super::explain_json`] writes. Returns the solve's status.
    pub fn write_json(&self, number: usize, out: &mut String) -> Status {
        json(&self.puzzle, &self.outcome, &self.items, number, out)
    }

    /// The SVG picture of the board after the first `n` steps (all of them
    /// if `n` is more): the lines known drawn as a loop, the crosses known
    /// as small `x`s, the `n`-th step's lines and crosses marked, and the
    /// step in words as the label (`step 3 of 40: R10 at cell ...`).
    pub fn picture(&self, n: usize) -> String {
        let mut replay = Replay::new(&self.puzzle);
        let (mut done, mut last) = (0, None);
        for item in &self.items {
            if done == n {
                break;
            }
            replay.take(item);
            if let Ok(step) = item {
                (done, last) = (done + 1, Some(step));
            }
        }
        let (rows, cols) = (self.puzzle.rows(), self.puzzle.cols());
        let (mut step_lines, mut step_crosses) =
            (Solution::new(rows, cols), Solution::new(rows, cols));
        for &(e, line) in last.map_or(&[][..], |step| &step.edges) {
            let s = if line {
                &mut step_lines
            } else {
                &mut step_crosses
            };
            match e.plane {
                Plane::H => s.set_h(e.row, e.col, true),
                Plane::V => s.set_v(e.row, e.col, true),
            }
        }
        let label = match last {
            Some(step) => format!("step {done} of {}: {}", self.steps, step.what()),
            None => format!("the clues, before the first of {} steps", self.steps),
        };
        let picture = Picture {
            puzzle: &self.puzzle,
            lines: Some(&replay.known.lines),
            second: None,
            solved: true,
            status: &label,
            title: "",
        };
        let marks = Marks {
            crosses: &replay.known.crosses,
            step_lines: &step_lines,
            step_crosses: &step_crosses,
        };
        let mut out = Vec::new();
        marks::write(&picture, &marks, &mut out).expect("writing to a Vec");
        String::from_utf8(out).expect("the writer writes UTF-8")
    }
}

/// Solves `p` recording every step (the one solve both explanations read).
pub(super) fn solve_traced(p: &Puzzle, options: Options) -> Outcome {
    let mut solver = Solver::new(Options {
        trace: true,
        ..options
    });
    solver.solve(p).clone()
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

/// Writes the JSON explanation of puzzle `p` (data set `number`), whose
/// traced solve is `outcome` and its `steps`, as [`super::explain_json`] says.
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

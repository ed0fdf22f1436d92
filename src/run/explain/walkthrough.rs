//! An explanation held to be gone through one step at a time, as the
//! browser page does: the puzzle, its traced solve and its steps, the
//! JSON document of `slink explain --json`, and the SVG picture of the
//! board after any number of steps, the last step's edges marked
//! ([`crate::pictures::marks`]). It holds one puzzle's explanation; the
//! steps and their replay are `steps`'s, the words the explanations'.

use super::steps::{steps, Deduction, Replay};
use super::{json, solve_traced};
use crate::grid::Plane;
use crate::puzzle::formats::pictures::marks::{self, Marks};
use crate::puzzle::formats::pictures::svg::Picture;
use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use crate::rules::decision::Event;
use crate::solve::outcome::{Options, Outcome, Status};

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

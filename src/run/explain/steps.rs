//! The solver's trace as the steps of an explanation: its decisions
//! grouped into [`Deduction`]s (a run of decisions with one reason, at one
//! place and depth), the backtracks and solutions kept between them as
//! markers, and their replay ([`Replay`]): the lines and crosses known
//! after each (a backtrack puts back the board of its depth's branch).
//! Also the words every explanation uses: what each reason means (the
//! legend), the verdict, why a clue 4 leaves no step. How the steps are
//! written out is the explanations' own (`super`, `walkthrough`).

use crate::grid::{EdgeId, Plane};
use crate::puzzle::formats::judge::render;
use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use crate::rules::decision::{Event, Reason};
use crate::rules::Rule;
use crate::solve::outcome::{Outcome, Status};
use crate::util::counted;
use serde::Serialize;
use std::fmt::Write as _;

/// A run of decisions with one reason, at one place and search depth.
pub(super) struct Deduction {
    pub(super) reason: Reason,
    pub(super) at: (usize, usize),
    pub(super) depth: u32,
    pub(super) edges: Vec<(EdgeId, bool)>,
}

/// Whether a rule looks at a vertex (R6-R8) rather than a cell.
fn at_vertex(r: Reason) -> bool {
    matches!(r, Reason::Rule(Rule::R6 | Rule::R7 | Rule::R8))
}

impl Deduction {
    /// The step's line of the explanation, numbered `n`.
    pub(super) fn describe(&self, n: usize) -> String {
        format!("{n:>5}. {}", self.what())
    }

    /// What the step did: `[depth 2] R10 at cell (1, 1): line H(1, 2)`.
    pub(super) fn what(&self) -> String {
        let mut s = String::new();
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
            let _ = write!(s, " at {what} ({}, {})", self.at.0 + 1, self.at.1 + 1);
        }
        s.push(':');
        for (kind, want) in [("line", true), ("cross", false)] {
            let list = self.edge_names(want);
            if !list.is_empty() {
                let _ = write!(s, " {kind} {}", list.join(" "));
            }
        }
        s
    }

    /// The edges this step made lines (`line`) or crosses, named from 1.
    pub(super) fn edge_names(&self, line: bool) -> Vec<String> {
        self.edges
            .iter()
            .filter(|e| e.1 == line)
            .map(|e| edge_name(e.0))
            .collect()
    }

    /// Where the step looked, for the JSON: a cell or vertex, from 1.
    pub(super) fn place(&self) -> Option<Focus> {
        matches!(self.reason, Reason::Rule(_) | Reason::Colors).then(|| Focus {
            kind: if at_vertex(self.reason) {
                "vertex"
            } else {
                "cell"
            },
            row: self.at.0 + 1,
            col: self.at.1 + 1,
        })
    }
}

/// An edge's name with coordinates from 1: `H(1, 2)`.
fn edge_name(e: EdgeId) -> String {
    let p = if e.plane == Plane::H { 'H' } else { 'V' };
    format!("{p}({}, {})", e.row + 1, e.col + 1)
}

/// A cell or vertex a step looked at (JSON).
#[derive(Serialize)]
pub(super) struct Focus {
    kind: &'static str,
    row: usize,
    col: usize,
}

/// Groups the trace into steps, keeping backtracks and solutions as markers.
pub(super) fn steps(trace: &[Event]) -> Vec<Result<Deduction, Event>> {
    let mut out: Vec<Result<Deduction, Event>> = Vec::new();
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
                out.push(Ok(Deduction {
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

/// The lines and crosses known at a point of the explanation, to draw
/// the board along the way.
#[derive(Clone)]
pub(super) struct Known {
    pub(super) lines: Solution,
    pub(super) crosses: Solution,
}

impl Known {
    pub(super) fn new(p: &Puzzle) -> Known {
        Known {
            lines: Solution::new(p.rows(), p.cols()),
            crosses: Solution::new(p.rows(), p.cols()),
        }
    }

    pub(super) fn add(&mut self, e: EdgeId, line: bool) {
        let s = if line {
            &mut self.lines
        } else {
            &mut self.crosses
        };
        match e.plane {
            Plane::H => s.set_h(e.row, e.col, true),
            Plane::V => s.set_v(e.row, e.col, true),
        }
    }

    /// The judge's drawing of the lines, with an `x` on each cross (where
    /// the judge's drawing leaves a space).
    pub(super) fn draw(&self, p: &Puzzle, out: &mut String) {
        let mut d = Vec::new();
        render::draw(p, &self.lines, &mut d);
        let width = 4 * p.cols() + 6;
        for i in 0..=p.rows() {
            for j in 0..p.cols() {
                if self.crosses.h(i, j) {
                    d[(2 * i + 2) * width + 4 * j + 4] = b'x';
                }
            }
        }
        for i in 0..p.rows() {
            for j in 0..=p.cols() {
                if self.crosses.v(i, j) {
                    d[(2 * i + 3) * width + 4 * j + 2] = b'x';
                }
            }
        }
        out.push_str(&String::from_utf8_lossy(&d));
    }
}

/// The board along the explanation: each step's decisions added to the
/// lines and crosses known, a line branch's board saved at its depth, and
/// put back at the backtrack to that depth.
pub(super) struct Replay {
    pub(super) known: Known,
    saved: Vec<Known>,
}

impl Replay {
    pub(super) fn new(p: &Puzzle) -> Replay {
        Replay {
            known: Known::new(p),
            saved: Vec::new(),
        }
    }

    /// Takes the next item of the steps.
    pub(super) fn take(&mut self, item: &Result<Deduction, Event>) {
        match item {
            Ok(step) => {
                if step.reason == Reason::Branch && step.edges[0].1 {
                    self.saved.truncate(step.depth as usize - 1);
                    self.saved.push(self.known.clone());
                }
                for &(e, line) in &step.edges {
                    self.known.add(e, line);
                }
            }
            Err(Event::Backtrack { depth }) => {
                if let Some(s) = self.saved.get(*depth as usize) {
                    self.known = s.clone();
                }
                self.saved.truncate(*depth as usize);
            }
            Err(_) => {}
        }
    }
}

/// What each reason means, in one line of words (the legend).
pub(super) fn meaning(r: Reason) -> &'static str {
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
pub(super) fn verdict(outcome: &Outcome) -> String {
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
pub(super) fn answered_by_four(p: &Puzzle) -> Option<String> {
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
pub(super) fn cited(steps: &[Result<Deduction, Event>]) -> Vec<Reason> {
    let mut seen: Vec<Reason> = Vec::new();
    for step in steps.iter().flatten() {
        if !seen.contains(&step.reason) {
            seen.push(step.reason);
        }
    }
    seen
}

//! The question `slink check` asks of each data set, its answers, their
//! lines and the summary over a run (the reading and the run:
//! [`crate::run::check`]).
//!
//! Two questions: [`Question::Unique`], "is it unique, and if not, has it
//! several solutions or none?" (one solve with search, counting up to two
//! solutions), and [`Question::Promise`], "does it keep the judge's
//! promise?" (exactly one solution, found by the judge's rules alone: a
//! [`Promise`], two solves). Unless the run names one, a puzzle with a
//! blank cell (Slitherlink) is asked the first, a fully clued one (Slink)
//! the second ([`Question::default_for`]).

use crate::puzzle::formats::{ParseError, Place};
use crate::puzzle::verify::verify;
use crate::puzzle::Puzzle;
use crate::solve::outcome::{Options, Status};
use crate::solve::solver::Solver;
use crate::solve::verdict::difficulty::{Difficulty, Ladder};
use crate::solve::verdict::promise::{Promise, PromiseCheck, RulesAlone, Solutions};
use crate::util::counted;
use std::fmt::Write as _;
use std::time::Duration;

/// What is asked of a data set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Exactly one solution? (If not: several, or none.)
    Unique,
    /// The judge's promise: exactly one solution, and the judge's rules
    /// R1-R15 alone find it.
    Promise,
}

impl Question {
    /// The question asked of `p` when the run names none: uniqueness for
    /// a puzzle with blank cells, the judge's promise for a fully clued
    /// one.
    pub fn default_for(p: &Puzzle) -> Question {
        if p.blanks() > 0 {
            Question::Unique
        } else {
            Question::Promise
        }
    }
}

/// A count of solutions by the full solver alone.
#[derive(Clone, Debug)]
pub struct SolutionCount {
    /// Cell rows.
    pub rows: usize,
    /// Cell columns.
    pub cols: usize,
    /// Blank cells.
    pub blanks: usize,
    /// Its solutions, as far as the search could tell.
    pub solutions: Solutions,
    /// Search nodes.
    pub nodes: u64,
    /// Probes.
    pub probes: u64,
    /// Deepest search level.
    pub depth: u32,
    /// A solver bug: `invalid-solution` (a solution that breaks a clue or
    /// the loop) or `failed-check` (a board deduction let through broke one,
    /// see [`Stats::check_failures`](crate::solve::outcome::Stats::check_failures)).
    pub inconsistent: Option<&'static str>,
    /// Its difficulty, if unique ([`Difficulty`]).
    pub difficulty: Option<Difficulty>,
}

/// The answer to the question asked of a data set.
#[derive(Clone, Debug)]
pub enum Answer {
    /// To [`Question::Unique`].
    Unique(SolutionCount),
    /// To [`Question::Promise`].
    Promise(Promise),
}

impl Answer {
    /// The number of solutions, as far as the search could tell.
    pub fn solutions(&self) -> Solutions {
        match self {
            Answer::Unique(c) => c.solutions,
            Answer::Promise(g) => g.solutions,
        }
    }

    /// Whether the data set passes the question asked.
    pub fn passes(&self) -> bool {
        match self {
            Answer::Unique(c) => c.solutions == Solutions::One && c.inconsistent.is_none(),
            Answer::Promise(g) => g.kept(),
        }
    }

    /// The difficulty of a unique puzzle (`grade=` in its line): what
    /// slink's solver needs to finish it ([`Difficulty`]).
    pub fn difficulty(&self) -> Option<Difficulty> {
        match self {
            Answer::Unique(c) => c.difficulty,
            Answer::Promise(g) => g.difficulty,
        }
    }

    fn inconsistent(&self) -> Option<&'static str> {
        match self {
            Answer::Unique(c) => c.inconsistent,
            Answer::Promise(g) => g.inconsistent,
        }
    }

    /// The line of the data set at `place` of input `name`:
    /// `FILE:LINE:COL: set=K RxC blanks=B solutions=S ...`, ending with
    /// the answer (`unique=yes|no|?` or `promise=kept|broken`).
    pub fn line(&self, name: &str, place: &Place) -> String {
        let (rows, cols, blanks) = match self {
            Answer::Unique(c) => (c.rows, c.cols, c.blanks),
            Answer::Promise(g) => (g.rows, g.cols, g.blanks),
        };
        let mut s = format!(
            "{name}:{}:{}: set={} {rows}x{cols} blanks={blanks} solutions={}",
            place.line,
            place.col,
            place.number,
            self.solutions().text()
        );
        let (nodes, probes, depth) = match self {
            Answer::Unique(c) => (c.nodes, c.probes, c.depth),
            Answer::Promise(g) => (g.nodes, g.probes, g.depth),
        };
        if let Answer::Promise(g) = self {
            match g.rules {
                RulesAlone::Finish => s.push_str(" rules=finish"),
                RulesAlone::Stall(u) => {
                    let _ = write!(s, " rules=stall:{u}");
                }
                RulesAlone::Contradiction => s.push_str(" rules=contradiction"),
            }
        }
        let _ = write!(s, " nodes={nodes} probes={probes} depth={depth}");
        if let Some(d) = self.difficulty() {
            let _ = write!(s, " grade={d}");
        }
        match self {
            Answer::Unique(c) => {
                let unique = match c.solutions {
                    Solutions::Unknown => "?",
                    _ if self.passes() => "yes",
                    _ => "no",
                };
                let _ = write!(s, " unique={unique}");
            }
            Answer::Promise(g) => {
                let kept = if g.kept() { "kept" } else { "broken" };
                let _ = write!(s, " promise={kept}");
            }
        }
        if let Some(why) = self.inconsistent() {
            let _ = write!(s, " warning=solver-disagreement:{why}");
        }
        s
    }
}

impl Answer {
    /// The data set's record as a line of JSON (no newline): the fields
    /// of [`Answer::line`], named (`file`, `line`, `column`, `data_set`,
    /// `rows`, `cols`, `blanks`, `solutions`, `nodes`, `probes`, `depth`;
    /// `unique` (`true`, `false`, `null` when unknown) or `promise`,
    /// `rules`; `grade` if unique; `passes`; `warning` if any).
    pub fn json(&self, name: &str, place: &Place) -> String {
        use serde_json::{json, Value};
        let (rows, cols, blanks, nodes, probes, depth) = match self {
            Answer::Unique(c) => (c.rows, c.cols, c.blanks, c.nodes, c.probes, c.depth),
            Answer::Promise(g) => (g.rows, g.cols, g.blanks, g.nodes, g.probes, g.depth),
        };
        let mut r = json!({
            "file": name,
            "line": place.line,
            "column": place.col,
            "data_set": place.number,
            "rows": rows,
            "cols": cols,
            "blanks": blanks,
            "solutions": self.solutions().text(),
            "nodes": nodes,
            "probes": probes,
            "depth": depth,
            "passes": self.passes(),
        });
        if let Some(d) = self.difficulty() {
            r["grade"] = d.name().into();
        }
        match self {
            Answer::Unique(c) => {
                r["unique"] = match c.solutions {
                    Solutions::Unknown => Value::Null,
                    _ => self.passes().into(),
                };
            }
            Answer::Promise(g) => {
                r["promise"] = if g.kept() { "kept" } else { "broken" }.into();
                r["rules"] = match g.rules {
                    RulesAlone::Finish => "finish".into(),
                    RulesAlone::Stall(u) => format!("stall:{u}").into(),
                    RulesAlone::Contradiction => "contradiction".into(),
                };
            }
        }
        if let Some(why) = self.inconsistent() {
            r["warning"] = format!("solver-disagreement:{why}").into();
        }
        r.to_string()
    }
}

/// The record of a bad data set of input `name` (`e`: where it goes
/// wrong, and what is wrong) as a line of JSON: `file`, `line`, `column`,
/// `data_set`, `bad_input` (what is wrong).
pub fn bad_json(name: &str, e: &ParseError) -> String {
    serde_json::json!({
        "file": name,
        "line": e.line,
        "column": e.col,
        "data_set": e.data_set,
        "bad_input": e.message,
    })
    .to_string()
}

/// The line of a bad data set of input `name` (`e`: where it goes wrong,
/// and what is wrong): `FILE:LINE:COL: set=K bad input: what`.
pub fn bad_line(name: &str, e: &ParseError) -> String {
    format!(
        "{name}:{}:{}: set={} bad input: {}",
        e.line, e.col, e.data_set, e.message
    )
}

/// A worker's solvers, made when first needed and reused.
pub struct Asker {
    budget: u64,
    time_limit: Option<Duration>,
    promise: Option<PromiseCheck>,
    counter: Option<Solver>,
    ladder: Option<Ladder>,
}

impl Asker {
    /// Solvers whose search stops after `budget` nodes and probes, or
    /// `time_limit` of wall-clock time per puzzle.
    pub fn new(budget: u64, time_limit: Option<Duration>) -> Asker {
        Asker {
            budget,
            time_limit,
            promise: None,
            counter: None,
            ladder: None,
        }
    }

    /// Asks `question` of `p` (`None`: [`Question::default_for`] it),
    /// and grades it if it is unique.
    pub fn ask(&mut self, p: &Puzzle, question: Option<Question>) -> Answer {
        let mut answer = self.answer(p, question);
        if answer.passes() || answer.solutions() == Solutions::One {
            let budget = self.budget;
            let ladder = self.ladder.get_or_insert_with(|| Ladder::new(budget));
            let d = ladder.difficulty(p);
            match &mut answer {
                Answer::Unique(c) => c.difficulty = d,
                Answer::Promise(g) => g.difficulty = d,
            }
        }
        answer
    }

    /// The answer to `question` of `p`, not graded.
    fn answer(&mut self, p: &Puzzle, question: Option<Question>) -> Answer {
        match question.unwrap_or_else(|| Question::default_for(p)) {
            Question::Promise => {
                let (budget, limit) = (self.budget, self.time_limit);
                let check = self.promise.get_or_insert_with(|| {
                    let mut c = PromiseCheck::new(budget);
                    c.set_time_limit(limit);
                    c
                });
                Answer::Promise(check.check(p))
            }
            Question::Unique => Answer::Unique(self.count(p)),
        }
    }

    /// Counts the solutions of `p` up to two, checking those found.
    fn count(&mut self, p: &Puzzle) -> SolutionCount {
        let options = Options {
            node_budget: self.budget,
            time_limit: self.time_limit,
            max_solutions: 2,
            ..Options::default()
        };
        let o = self
            .counter
            .get_or_insert_with(|| Solver::new(options))
            .solve(p);
        let solutions = match o.status() {
            Status::Solved => Solutions::One,
            Status::Multiple => Solutions::Several,
            Status::NoSolution => Solutions::Zero,
            Status::GaveUp | Status::TimedOut | Status::Invalid => Solutions::Unknown,
        };
        let invalid = o.solutions().iter().any(|s| verify(p, s).is_err());
        SolutionCount {
            rows: p.rows(),
            cols: p.cols(),
            blanks: p.blanks(),
            solutions,
            nodes: o.stats.nodes,
            probes: o.stats.probes,
            depth: o.stats.depth,
            difficulty: None,
            inconsistent: if o.stats.check_failures > 0 {
                // A board deduction let through failed the solution check.
                Some("failed-check")
            } else {
                invalid.then_some("invalid-solution")
            },
        }
    }
}

/// Tallies over a run: per verdict, per question, and of the judge's
/// promise where it was asked.
#[derive(Clone, Debug, Default)]
pub struct CheckSummary {
    /// Per number of solutions, in the order of [`Solutions`]: unique,
    /// multiple, none, gave up.
    verdicts: [usize; 4],
    /// Data sets that could not be read.
    pub(crate) bad: usize,
    /// Inputs that could not be read (entirely or partly).
    pub(crate) unreadable: usize,
    /// Data sets asked whether they are unique.
    asked_unique: usize,
    /// Data sets asked the judge's promise.
    asked_promise: usize,
    /// Of those: kept, finished by the rules alone, and per
    /// [`Difficulty`] (of the unique ones).
    kept: usize,
    rules_finish: usize,
    grades: [usize; 4],
    /// Data sets that fail the question asked.
    failed: usize,
    /// Data sets on which the ways of solving disagree.
    inconsistent: usize,
    /// The last data set whose line was written: `FILE:LINE, data set K`.
    pub last: Option<String>,
    /// The signal that stopped the check before its end, if one did: the
    /// summary then says it is not complete.
    pub stopped: Option<i32>,
}

impl CheckSummary {
    /// Counts the answer of one data set.
    pub fn add(&mut self, a: &Answer) {
        let k = match a.solutions() {
            Solutions::One => 0,
            Solutions::Several => 1,
            Solutions::Zero => 2,
            Solutions::Unknown => 3,
        };
        self.verdicts[k] += 1;
        match a {
            Answer::Unique(_) => self.asked_unique += 1,
            Answer::Promise(g) => {
                self.asked_promise += 1;
                self.kept += usize::from(g.kept());
                self.rules_finish += usize::from(g.rules == RulesAlone::Finish);
                if let Some(d) = g.difficulty {
                    self.grades[d as usize] += 1;
                }
            }
        }
        self.failed += usize::from(!a.passes());
        self.inconsistent += usize::from(a.inconsistent().is_some());
    }

    /// Data sets read, bad ones included.
    pub fn data_sets(&self) -> usize {
        self.verdicts.iter().sum::<usize>() + self.bad
    }

    /// The summary line: `summary: N data sets read` (`1 data set read`); unique U, multiple
    /// M, none Z, gave up G, bad input B; asked unique A, promise P (kept
    /// K, broken X; ...); failed F`.
    /// A check stopped by a signal starts with `summary (stopped by
    /// signal S, not every data set checked):` instead.
    pub fn line(&self) -> String {
        let v = &self.verdicts;
        let head = match self.stopped {
            Some(signal) => {
                format!("summary (stopped by signal {signal}, not every data set checked)")
            }
            None => "summary".into(),
        };
        let mut s = format!(
            "{head}: {} read; unique {}, multiple {}, none {}, gave up {}, \
             bad input {}; asked unique {}, promise {}",
            counted(self.data_sets() as u64, "data set"),
            v[0],
            v[1],
            v[2],
            v[3],
            self.bad,
            self.asked_unique,
            self.asked_promise
        );
        if self.asked_promise > 0 {
            let _ = write!(
                s,
                " (kept {}, broken {}; rules finish {}; grade",
                self.kept,
                self.asked_promise - self.kept,
                self.rules_finish,
            );
            for (d, n) in Difficulty::ALL.iter().zip(self.grades) {
                let _ = write!(s, " {} {n}", d.name());
            }
            s.push(')');
        }
        let _ = write!(s, "; failed {}", self.failed);
        if self.unreadable > 0 {
            let _ = write!(s, "; unreadable files {}", self.unreadable);
        }
        if self.inconsistent > 0 {
            let _ = write!(s, "; solver disagreements {}", self.inconsistent);
        }
        s
    }

    /// The summary as a line of JSON: `{"summary": {...}}` with the
    /// counts of [`CheckSummary::line`] (and, after a stop by a signal,
    /// `"stopped_by_signal": S`).
    pub fn json(&self) -> String {
        let v = &self.verdicts;
        let counts = [
            ("data_sets", self.data_sets()),
            ("unique", v[0]),
            ("multiple", v[1]),
            ("none", v[2]),
            ("gave_up", v[3]),
            ("bad_input", self.bad),
            ("asked_unique", self.asked_unique),
            ("asked_promise", self.asked_promise),
            ("kept", self.kept),
            ("rules_finish", self.rules_finish),
        ];
        let mut summary = serde_json::Map::new();
        for (key, n) in counts {
            summary.insert(key.into(), n.into());
        }
        // The grades by the names users see ([`Difficulty::name`]).
        for (d, n) in Difficulty::ALL.iter().zip(self.grades) {
            summary.insert(format!("grade_{}", d.name()), n.into());
        }
        let rest = [
            ("failed", self.failed),
            ("unreadable_files", self.unreadable),
            ("solver_disagreements", self.inconsistent),
        ];
        for (key, n) in rest {
            summary.insert(key.into(), n.into());
        }
        if let Some(signal) = self.stopped {
            summary.insert("stopped_by_signal".into(), signal.into());
        }
        serde_json::json!({ "summary": summary }).to_string()
    }

    /// The process's exit status: 2 for bad input or an unreadable input,
    /// else 1 if some data set fails the question asked, else 0.
    pub fn exit_status(&self) -> u8 {
        if self.bad > 0 || self.unreadable > 0 {
            2
        } else if self.failed > 0 {
            1
        } else {
            0
        }
    }
}

//! `slink verify`, the referee: judges a contestant's output for a file of puzzles.
//!
//! For every data set of the puzzles, in order, the output must hold its
//! number on a line of its own, then its drawing in the judge's format,
//! whose lines make one loop that meets every clue. [`judge`] says per data
//! set `ok` or the first thing wrong, with its line and column in the
//! output: a byte that breaks the format (and what was expected there), a
//! clue not met, a vertex that is not on a loop, several loops, a data
//! set missing or out of order; then anything after the last data set.
//! It judges the loop itself, not against slink's answer, so any solution
//! of a puzzle with several is right. A data set the output leaves out is
//! right only if the puzzle has no solution (slink solves it to find out).
//! The puzzles may be in any input format ([`read_puzzles`]): those
//! without numbers of their own (URLs, Loopy IDs, pzprv3 files) are data
//! sets 1, 2, ... in order.
//!
//! Where it stops: once the output is out of step (a number that is not
//! the next data set's, a line that is not a number), the data sets after
//! it are reported as not judged rather than guessed at.
//!
//! ```
//! use slink::run::verify::{judge, read_puzzles};
//! let puzzles = read_puzzles(b"2 2\n2 2\n2 2\n0 0\n", None).unwrap();
//! let mut output = b"1\n".to_vec();
//! let (p, solution) = (&puzzles[0].1, slink::solve(&puzzles[0].1).solution().cloned());
//! slink::draw(p, &solution.unwrap(), &mut output);
//! let report = judge(&puzzles, &output, &slink::Options::default());
//! assert!(report.all_right() && report.right() == 1);
//! let wrong = judge(&puzzles, b"1\n", &slink::Options::default());
//! assert!(!wrong.all_right());
//! ```

use crate::puzzle::formats::judge::drawing::{drawing_lines, read_drawing};
use crate::puzzle::formats::{self, Format, ParseError};
use crate::puzzle::solution::Solution;
use crate::puzzle::verify::{verify, Invalid};
use crate::puzzle::Puzzle;
use crate::solve::outcome::{Options, Status};
use crate::solve::solver::Solver;
use crate::util::interrupt;
use serde::Serialize;
use std::io::{self, Write};

/// A place in the output (both counting from 1) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// Line of the output.
    pub line: usize,
    /// Byte of that line.
    pub column: usize,
    /// What is wrong, in words.
    pub message: String,
}

/// The verdict on one data set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Drawn right: one loop, every clue met, in the judge's format.
    Ok,
    /// Not drawn, rightly: the puzzle has no solution.
    NoSolution,
    /// Drawn wrong, or missing.
    Wrong(Problem),
    /// Not judged: the output went out of step before it.
    NotJudged,
}

impl Verdict {
    /// Whether the data set is judged right.
    pub fn is_right(&self) -> bool {
        matches!(self, Verdict::Ok | Verdict::NoSolution)
    }

    /// The verdict's one-word name, as the JSON gives it.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Ok => "ok",
            Verdict::NoSolution => "ok-no-solution",
            Verdict::Wrong(_) => "wrong",
            Verdict::NotJudged => "not-judged",
        }
    }
}

/// The verdicts on a whole output.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Per data set of the puzzles, in order: its number and verdict.
    pub data_sets: Vec<(usize, Verdict)>,
    /// Problems of the output as a whole: text after the last data set,
    /// a last line without its newline.
    pub general: Vec<Problem>,
    /// Whether a stop was requested ([`interrupt`]: SIGINT, SIGTERM)
    /// before every data set was judged: `data_sets` holds those judged.
    pub stopped: bool,
}

impl Report {
    /// Whether every data set is right and the output has nothing else.
    pub fn all_right(&self) -> bool {
        !self.stopped && self.general.is_empty() && self.data_sets.iter().all(|(_, v)| v.is_right())
    }

    /// The number of data sets judged right.
    pub fn right(&self) -> usize {
        self.data_sets.iter().filter(|(_, v)| v.is_right()).count()
    }
}

/// The puzzles of a text in `format` (detected from its first meaningful
/// line when `None`: [`Format::detect`]), in order, with their numbers
/// (counting from 1 in the formats without numbers of their own); the
/// first data set that is not a puzzle is an error, placed on its line
/// and column in `text` (the judge's own file must be clean).
pub fn read_puzzles(
    text: &[u8],
    format: Option<Format>,
) -> Result<Vec<(usize, Puzzle)>, ParseError> {
    let mixed = format.is_none();
    let format = format.unwrap_or_else(|| Format::detect(text));
    formats::read(text, format)
        .mixed(mixed)
        .map(|d| d.puzzle.map(|p| (d.place.number, p)))
        .collect()
}

/// The most bytes a right output for `puzzles` can take: each number and
/// drawing with their newlines. Reading more than this (and a margin)
/// only finds extra output, so readers stop there.
pub fn right_output_size(puzzles: &[(usize, Puzzle)]) -> u64 {
    puzzles
        .iter()
        .map(|(k, p)| {
            let number = k.to_string().len() as u64 + 1;
            number + drawing_lines(p.rows()) as u64 * (4 * p.cols() as u64 + 6)
        })
        .sum()
}

/// Judges `output` against `puzzles`; `options` solves the puzzles the
/// output leaves out, to tell whether they have a solution. Once a stop is
/// requested ([`interrupt`]), no further data set is judged
/// ([`Report::stopped`]), nor the output as a whole.
pub fn judge(puzzles: &[(usize, Puzzle)], output: &[u8], options: &Options) -> Report {
    let mut lines: Vec<&[u8]> = output.split(|&b| b == b'\n').collect();
    let ends_with_newline = output.last() == Some(&b'\n');
    // `split` leaves an empty piece after a final newline (and for empty
    // output): it is no line.
    if ends_with_newline || output.is_empty() {
        lines.pop();
    }
    let mut report = Report::default();
    strip_cr(&mut lines, &mut report);
    let mut solver = Solver::new(*options);
    let mut solution = Solution::default();
    let mut at = 0;
    let mut out_of_step = false;
    let count = puzzles.last().map_or(0, |(k, _)| *k);
    for (k, p) in puzzles {
        if interrupt::stopping() {
            report.stopped = true;
            return report;
        }
        let k = *k;
        let verdict = if out_of_step {
            Verdict::NotJudged
        } else if at >= lines.len() {
            missing(&mut solver, p, k, at + 1, "the output ended")
        } else {
            match number(lines[at], k) {
                Err(problem) => {
                    out_of_step = true;
                    Verdict::Wrong(Problem {
                        line: at + 1,
                        ..problem
                    })
                }
                Ok(n) if n == k => {
                    let first = at + 1;
                    let end = first + drawing_lines(p.rows());
                    at = end.min(lines.len());
                    if end > lines.len() {
                        Verdict::Wrong(Problem {
                            line: lines.len() + 1,
                            column: 1,
                            message: format!(
                                "the output ends after {} of the drawing's {} lines",
                                lines.len() - first,
                                end - first
                            ),
                        })
                    } else {
                        drawing(p, &lines[first..end], first + 1, &mut solution)
                    }
                }
                Ok(n) if n > k && n <= count => {
                    let why = format!("data set {n} comes next");
                    missing(&mut solver, p, k, at + 1, &why)
                }
                Ok(n) => {
                    out_of_step = true;
                    let what = if n < k {
                        "again, or out of order"
                    } else {
                        "which the puzzles do not have"
                    };
                    Verdict::Wrong(Problem {
                        line: at + 1,
                        column: 1,
                        message: format!("expected data set {k}, found data set {n}: {what}"),
                    })
                }
            }
        };
        report.data_sets.push((k, verdict));
    }
    after_the_last(&lines, at, out_of_step, ends_with_newline, &mut report);
    report
}

/// Lines that end with CR LF are said to be wrong once, and the drawings
/// judged without their CRs, rather than every data set after the first
/// line left unjudged.
fn strip_cr(lines: &mut [&[u8]], report: &mut Report) {
    if let Some(first) = lines.iter().position(|l| l.ends_with(b"\r")) {
        report.general.push(Problem {
            line: first + 1,
            column: lines[first].len(),
            message: "lines end with CR LF, where the judge's end with LF alone \
                      (the data sets are judged without the CRs)"
                .into(),
        });
        for line in lines {
            *line = line.strip_suffix(b"\r").unwrap_or(line);
        }
    }
}

/// What is wrong after the last data set, which ended at line `at`:
/// more lines (unless the output went out of step before), and a last
/// line without its newline.
fn after_the_last(
    lines: &[&[u8]],
    at: usize,
    out_of_step: bool,
    ends_with_newline: bool,
    report: &mut Report,
) {
    if !out_of_step && at < lines.len() {
        report.general.push(Problem {
            line: at + 1,
            column: 1,
            message: format!(
                "extra output after the last data set ({} more line{})",
                lines.len() - at,
                if lines.len() - at == 1 { "" } else { "s" }
            ),
        });
    }
    if !ends_with_newline && !lines.is_empty() {
        let last = lines.len();
        report.general.push(Problem {
            line: last,
            column: lines[last - 1].len() + 1,
            message: "the last line does not end with a newline".into(),
        });
    }
}

/// The verdict on data set `k` (puzzle `p`), which the output leaves out
/// where its line `line` is: right only if the puzzle has no solution.
fn missing(solver: &mut Solver, p: &Puzzle, k: usize, line: usize, why: &str) -> Verdict {
    match solver.solve(p).status() {
        Status::NoSolution => Verdict::NoSolution,
        status => {
            let has = if matches!(status, Status::GaveUp | Status::TimedOut) {
                "slink could not tell whether it has a solution"
            } else {
                "it has a solution"
            };
            Verdict::Wrong(Problem {
                line,
                column: 1,
                message: format!("data set {k} is missing ({why}; {has})"),
            })
        }
    }
}

/// Reads the line that should hold data set number `k`: a number written
/// as the judge writes it (decimal digits, no sign, no leading zero, no
/// spaces).
fn number(line: &[u8], k: usize) -> Result<usize, Problem> {
    let bad = |column: usize, message: String| Problem {
        line: 0,
        column,
        message,
    };
    let expected = format!("expected the data set number {k}");
    if line.is_empty() {
        return Err(bad(1, format!("{expected}, found an empty line")));
    }
    if let Some(i) = line.iter().position(|b| !b.is_ascii_digit()) {
        let what = match line[i] {
            b'\r' => "a carriage return".to_string(),
            b' ' => "a space".to_string(),
            // As the parser shows a byte: 'x', or byte 0x7f.
            b if b.is_ascii_graphic() => format!("'{}'", b as char),
            b => format!("byte 0x{b:02x}"),
        };
        return Err(bad(i + 1, format!("{expected}, found {what}")));
    }
    if line[0] == b'0' {
        return Err(bad(1, format!("{expected}, found a leading zero")));
    }
    std::str::from_utf8(line)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| bad(1, format!("{expected}, found a number too large")))
}

/// The verdict on the drawing `lines` of puzzle `p`, whose first line is
/// line `first` of the output.
fn drawing(p: &Puzzle, lines: &[&[u8]], first: usize, s: &mut Solution) -> Verdict {
    if let Err(e) = read_drawing(p, lines, s) {
        return Verdict::Wrong(Problem {
            line: first + e.line,
            column: e.col + 1,
            message: e.message,
        });
    }
    match verify(p, s) {
        Ok(()) => Verdict::Ok,
        Err(invalid) => {
            // Drawing line and column (from 0) of a cell's clue and of a vertex.
            let cell = |i: usize, j: usize| (2 * i + 3, 4 * j + 4);
            let vertex = |i: usize, j: usize| (2 * i + 2, 4 * j + 2);
            let ((line, col), message) = match invalid {
                Invalid::Clue {
                    row,
                    col,
                    clue,
                    lines,
                } => (
                    cell(row, col),
                    format!(
                        "cell ({}, {}) has clue {clue} but {lines} line{} around it",
                        row + 1,
                        col + 1,
                        if lines == 1 { "" } else { "s" }
                    ),
                ),
                Invalid::Vertex { row, col, lines } => (
                    vertex(row, col),
                    format!(
                        "vertex ({}, {}) has {lines} line{}: a loop has 0 or 2 at every vertex",
                        row + 1,
                        col + 1,
                        if lines == 1 { "" } else { "s" }
                    ),
                ),
                Invalid::NoLoop => ((0, 0), "no line is drawn: the loop is missing".into()),
                Invalid::SeveralLoops => ((0, 0), "the lines form more than one loop".into()),
                Invalid::Size => (
                    (0, 0),
                    "the drawing's size differs from the puzzle's".into(),
                ),
            };
            Verdict::Wrong(Problem {
                line: first + line,
                column: col + 1,
                message,
            })
        }
    }
}

/// One JSON record of [`write_json`].
#[derive(Serialize)]
struct JsonVerdict<'a> {
    data_set: Option<usize>,
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'a str>,
}

/// Writes `report` as text: per data set `data set K: ok`, or
/// `OUTPUT:LINE:COL: data set K: what is wrong` (with `quiet`, only the
/// wrong ones), then the problems of the output as a whole and a summary.
pub fn write_text(
    report: &Report,
    output_name: &str,
    quiet: bool,
    out: &mut dyn Write,
) -> io::Result<()> {
    for (k, verdict) in &report.data_sets {
        match verdict {
            Verdict::Ok if !quiet => writeln!(out, "data set {k}: ok")?,
            Verdict::NoSolution if !quiet => {
                writeln!(out, "data set {k}: ok (no solution, nothing drawn)")?
            }
            Verdict::Wrong(e) => writeln!(
                out,
                "{output_name}:{}:{}: data set {k}: {}",
                e.line, e.column, e.message
            )?,
            Verdict::NotJudged => writeln!(
                out,
                "data set {k}: not judged (the output is out of step before it)"
            )?,
            _ => {}
        }
    }
    for e in &report.general {
        writeln!(out, "{output_name}:{}:{}: {}", e.line, e.column, e.message)?;
    }
    let total = report.data_sets.len();
    let right = report.right();
    writeln!(
        out,
        "verify: {total} data set{}: {right} right, {} wrong{}",
        if total == 1 { "" } else { "s" },
        total - right,
        if report.stopped {
            "; stopped by a signal before the rest were judged"
        } else if report.general.is_empty() {
            ""
        } else {
            "; the output has more wrong with it"
        }
    )
}

/// Writes `report` as JSON lines: one record per data set
/// (`{"data_set":K,"verdict":"ok"}`, or with `line`, `column` and
/// `message` where it is wrong), then one per problem of the output as a
/// whole (`"data_set":null`, `"verdict":"wrong"`).
pub fn write_json(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let mut emit = |r: JsonVerdict<'_>| -> io::Result<()> {
        serde_json::to_writer(&mut *out, &r)?;
        out.write_all(b"\n")
    };
    for (k, verdict) in &report.data_sets {
        let problem = match verdict {
            Verdict::Wrong(e) => Some(e),
            _ => None,
        };
        emit(JsonVerdict {
            data_set: Some(*k),
            verdict: verdict.name(),
            line: problem.map(|e| e.line),
            column: problem.map(|e| e.column),
            message: problem.map(|e| e.message.as_str()),
        })?;
    }
    for e in &report.general {
        emit(JsonVerdict {
            data_set: None,
            verdict: "wrong",
            line: Some(e.line),
            column: Some(e.column),
            message: Some(&e.message),
        })?;
    }
    Ok(())
}

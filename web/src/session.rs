//! One text in the page (a paste or a file) as `slink solve` reads one
//! input: its format detected from its first meaningful line, its data
//! sets found by the library's one reader, each then decoded, solved and
//! written by the library's own output formats, one at a time, so that
//! the page can show progress and stop between data sets.
//!
//! The data sets are found when the text is opened (the reader's
//! spans-only mode, as batch mode's scan: nothing decoded), so the page
//! knows how many there are; [`Session::solve`] does the `k`-th. The
//! records it gives are those of `slink solve --format json` and of the
//! judge format (`slink solve`), byte for byte but the `micros`: a
//! record is made by [`OutputFormat::record`] from the same
//! [`Record`] the batch engine's workers make. What the page shows besides
//! (the SVG of `--format svg`, both drawings of a puzzle with several
//! solutions, the counts) comes from the same outcome.
//!
//! It stops short of the batch engine's run-wide matters: shards,
//! `--fail-fast`, the limit of 20 messages per input (the page shows every
//! one in place) and the summary.

use serde::Serialize;
use slink::formats::{self, Ending, Format, ParseError, Reader, Span};
use slink::run::batch::record::{Fate, Record};
use slink::run::batch::OutputFormat;
use slink::{Options, Outcome, Puzzle, Solver, Status};

/// A data set found in the text: its span, or the one that ended the
/// reading (a malformed judge-format header, a text ending inside a data
/// set) with its error.
enum Found {
    Span(Span),
    Broken(Span, ParseError),
}

impl Found {
    fn span(&self) -> &Span {
        match self {
            Found::Span(s) | Found::Broken(s, _) => s,
        }
    }
}

/// An opened text and the solver that works through it.
pub struct Session {
    text: Vec<u8>,
    name: String,
    format: Format,
    found: Vec<Found>,
    /// What `slink solve` says of the input as a whole on standard error
    /// (no closing `0 0`, URLs at odd addresses).
    notes: Vec<String>,
    options: Options,
    solver: Solver,
    puzzle: Puzzle,
}

/// What opening a text found.
#[derive(Serialize)]
pub struct Opened<'a> {
    /// The format detected.
    pub format: &'static str,
    /// Data sets found (bad ones included).
    pub data_sets: usize,
    /// Warnings about the input as a whole, as `slink solve` words them
    /// (without its `slink solve: `).
    pub notes: &'a [String],
}

/// One data set's result, for the page.
#[derive(Serialize, Default)]
pub struct Answer {
    /// Its number, from 1.
    pub number: usize,
    /// Line and column where it starts (of the error, for a bad header).
    pub line: usize,
    pub col: usize,
    /// `solved`, `multiple`, `none`, `invalid`, `gave-up`.
    pub status: &'static str,
    /// Rows and columns, when known.
    pub rows: Option<usize>,
    pub cols: Option<usize>,
    /// Microseconds spent reading and solving it.
    pub micros: u64,
    /// Search nodes and probes of the solve.
    pub nodes: u64,
    pub probes: u64,
    /// Line edges of the loop found, if any, counted through the
    /// solution's bit slices (`Solution::lines`).
    pub line_edges: Option<usize>,
    /// The `--format json` record (its line, newline included).
    pub json: String,
    /// The judge format's output of it: its number and drawing, if solved.
    pub judge: String,
    /// What `slink solve` prints about it on standard error, if anything:
    /// a malformed data set's message with its place, a verdict's error,
    /// the warning of several solutions.
    pub message: String,
    /// With details asked for: the SVG of `--format svg` ...
    #[serde(skip_serializing_if = "Option::is_none")]
    pub svg: Option<String>,
    /// ... the judge's drawings of the loops found (two of a puzzle with
    /// several solutions), without the number line ...
    pub drawings: Vec<String>,
    /// ... and the puzzle as a puzz.link URL and a Loopy ID (for a link).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loopy: Option<String>,
}

impl Session {
    /// Opens `text`, the input named `name`, for solving with `options`.
    pub fn open(text: Vec<u8>, name: String, options: Options) -> Session {
        let format = Format::detect(&text);
        let mut reader = Reader::new(&text, format).mixed(true);
        let mut found = Vec::new();
        let ending = loop {
            match reader.next_span() {
                Some(span) => found.push(Found::Span(span)),
                None => break reader.ending(),
            }
        };
        if let Some((span, e)) = reader.take_error() {
            found.push(Found::Broken(span, e));
        }
        let mut notes = Vec::new();
        if let Some(warning) = reader.take_odd_addresses().warning(&name) {
            notes.push(warning);
        }
        if ending == Ending::End && format == Format::Judge {
            notes.push(format!(
                "{name}: warning: the input ends without the closing '0 0' line"
            ));
        }
        Session {
            text,
            name,
            format,
            found,
            notes,
            options,
            solver: Solver::new(options),
            puzzle: Puzzle::default(),
        }
    }

    /// What was found.
    pub fn opened(&self) -> Opened<'_> {
        Opened {
            format: self.format.name(),
            data_sets: self.found.len(),
            notes: &self.notes,
        }
    }

    /// The solver's options.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Data sets found.
    pub fn len(&self) -> usize {
        self.found.len()
    }

    /// Whether no data set was found.
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// Reads and solves the `k`-th data set (from 0), timed by `clock`
    /// (milliseconds); with `detail`, its picture and drawings too.
    pub fn solve(&mut self, k: usize, detail: bool, clock: &dyn Fn() -> f64) -> Option<Answer> {
        let found = self.found.get(k)?;
        let started = clock();
        let span = *found.span();
        let parsed = match found {
            Found::Span(span) => span.decode(&self.text, &mut self.puzzle),
            Found::Broken(_, e) => Err(e.clone()),
        };
        let fate = match &parsed {
            Ok(()) => Fate::Solved {
                puzzle: &self.puzzle,
                outcome: self.solver.solve(&self.puzzle),
            },
            Err(e) => Fate::Invalid(e),
        };
        let micros = ((clock() - started) * 1000.0).max(0.0) as u64;
        let answer = answer(&self.name, &span, fate, micros, detail);
        Some(answer)
    }

    /// The record of the `k`-th data set when solving it failed (the
    /// solver trapped: the page then starts afresh), as batch mode
    /// reports a solver that panicked.
    pub fn failed(&self, k: usize) -> Option<Answer> {
        let span = *self.found.get(k)?.span();
        Some(answer(&self.name, &span, Fate::Failed, 0, false))
    }

    /// The `k`-th data set's puzzle, if it reads.
    pub fn puzzle(&self, k: usize) -> Option<Result<Puzzle, ParseError>> {
        let mut puzzle = Puzzle::default();
        Some(match self.found.get(k)? {
            Found::Span(span) => span.decode(&self.text, &mut puzzle).map(|()| puzzle),
            Found::Broken(_, e) => Err(e.clone()),
        })
    }
}

/// The answer of the data set at `span` of input `name`, whose fate is
/// `fate`.
fn answer(name: &str, span: &Span, fate: Fate<'_>, micros: u64, detail: bool) -> Answer {
    // As batch mode's worker: the size its header gave, else the puzzle's.
    let size = span.size().or(match fate {
        Fate::Solved { puzzle, .. } => Some((puzzle.rows(), puzzle.cols())),
        _ => None,
    });
    let rec = Record {
        file: name,
        input: 1,
        number: span.place.number,
        line: span.place.line,
        size,
        result: fate,
        micros: Some(micros),
    };
    let mut a = Answer {
        number: span.place.number,
        line: span.place.line,
        col: span.place.col,
        status: rec.status().name(),
        rows: size.map(|s| s.0),
        cols: size.map(|s| s.1),
        micros,
        ..Answer::default()
    };
    let mut message = Vec::new();
    a.json = text(OutputFormat::Json, &rec, &mut Vec::new());
    a.judge = text(OutputFormat::Judge, &rec, &mut message);
    a.message = String::from_utf8_lossy(&message).into_owned();
    if let Fate::Solved { puzzle, outcome } = fate {
        (a.nodes, a.probes) = (outcome.stats.nodes, outcome.stats.probes);
        a.line_edges = outcome.solution().map(|s| s.lines().count());
        if detail {
            details(&mut a, &rec, puzzle, outcome);
        }
    }
    a
}

/// What `format` writes of `rec` (its diagnostics to `diag`).
fn text(format: OutputFormat, rec: &Record<'_>, diag: &mut Vec<u8>) -> String {
    let mut out = Vec::new();
    format.record(rec, &mut out, diag);
    String::from_utf8_lossy(&out).into_owned()
}

/// The picture, the drawings and the puzzle's own encodings.
fn details(a: &mut Answer, rec: &Record<'_>, puzzle: &Puzzle, outcome: &Outcome) {
    a.svg = Some(text(OutputFormat::Svg, rec, &mut Vec::new()));
    let loops = match outcome.status() {
        Status::Multiple => outcome.solutions(),
        _ => outcome.solution().map(std::slice::from_ref).unwrap_or(&[]),
    };
    for s in loops.iter().take(2) {
        let mut d = Vec::new();
        slink::draw(puzzle, s, &mut d);
        a.drawings.push(String::from_utf8_lossy(&d).into_owned());
    }
    let encoded = |format| {
        let mut out = Vec::new();
        formats::write(format, puzzle, &mut out);
        String::from_utf8_lossy(&out).trim_end().to_string()
    };
    a.url = Some(encoded(Format::Url));
    a.loopy = Some(encoded(Format::Loopy));
}

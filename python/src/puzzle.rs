//! One puzzle at a time: [`PyPuzzle`] (`slink.Puzzle`), `slink.read`,
//! `slink.solve` and its [`SolveResult`] (`slink.Result`), which draws
//! the loop as text and as SVG.

use crate::errors::{no_file_nor_text, os_error, parse_error};
use crate::record::dict_of;
use crate::source::{self, STRING};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};
use slink::formats::{self, Format, ParseError};
use slink::pictures::svg::{self, Picture};
use slink::run::batch::record::{Fate, Record};
use slink::run::batch::OutputFormat;
use slink::{Options, Puzzle, Solution, Solver, Status};
use std::cell::RefCell;
use std::time::Instant;

/// A puzzle: its size and clues, written in any of slink's formats.
#[pyclass(frozen, eq, hash, module = "slink", name = "Puzzle")]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPuzzle {
    pub inner: Puzzle,
}

/// The text of one puzzle and the name it has in errors: `bytes` or
/// `bytearray`, or a `str` that is a text ([`source::is_text`]); a `str`
/// that is not, or an `os.PathLike`, is a file's path, read.
fn text_bytes(obj: &Bound<'_, PyAny>) -> PyResult<(Vec<u8>, String)> {
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s.to_cow()?;
        if source::is_text(&s) {
            return Ok((s.as_bytes().to_vec(), STRING.into()));
        }
        return match std::fs::read(&*s) {
            Ok(text) => Ok((text, s.into_owned())),
            Err(e) => Err(no_file_nor_text(&e, &s)),
        };
    }
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok((b.as_bytes().to_vec(), STRING.into()));
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        return Ok((b.to_vec(), STRING.into()));
    }
    if obj.hasattr("__fspath__")? {
        let path: std::path::PathBuf = obj.extract()?;
        let name = path.display().to_string();
        return match std::fs::read(&path) {
            Ok(text) => Ok((text, name)),
            Err(e) => Err(os_error(&e, &name)),
        };
    }
    Err(PyTypeError::new_err(format!(
        "expected a slink.Puzzle, its text (str or bytes) or a file's path, not {}",
        obj.get_type().name()?
    )))
}

/// A data set of a text that is no puzzle: where and why.
struct Bad {
    number: Option<usize>,
    error: ParseError,
}

/// Every data set of `text`, read in `fmt` (detected when `None`).
fn entries(text: &[u8], fmt: Option<Format>) -> Vec<(usize, usize, Result<Puzzle, Bad>)> {
    let fmt = fmt.unwrap_or_else(|| Format::detect(text));
    formats::read(text, fmt)
        .map(|e| {
            let number = e.place.number;
            let puzzle = e.puzzle.map_err(|error| Bad {
                number: Some(number),
                error,
            });
            (number, e.place.line, puzzle)
        })
        .collect()
}

/// The one puzzle of `text`, and the line it starts on.
fn only_puzzle(text: &[u8], fmt: Option<Format>) -> Result<(usize, Puzzle), Bad> {
    let mut all = entries(text, fmt);
    match all.len() {
        1 => {
            let (_, line, puzzle) = all.pop().expect("one entry");
            puzzle.map(|p| (line, p))
        }
        n => Err(Bad {
            number: None,
            error: ParseError {
                line: 1,
                col: 1,
                data_set: 1,
                message: match n {
                    0 => "no puzzle found".into(),
                    n => format!(
                        "{n} data sets where one puzzle was expected (solve_many solves several)"
                    ),
                },
            },
        }),
    }
}

impl Bad {
    fn raise(&self, py: Python<'_>, file: &str) -> PyErr {
        let e = &self.error;
        parse_error(py, file, e.line, e.col, self.number, &e.message)
    }
}

#[pymethods]
impl PyPuzzle {
    /// A puzzle read from its text: judge format (`r c` and `r` rows of
    /// clues), a puzz.link URL, a Loopy game ID or a pzprv3 file; `fmt`
    /// names the format (`judge`, `url`, `loopy`, `pzprv3`), else it is
    /// detected. Raises `slink.ParseError` (with `line` and `column`)
    /// when the text is not exactly one puzzle.
    #[new]
    #[pyo3(signature = (text, fmt=None))]
    fn new(py: Python<'_>, text: &Bound<'_, PyAny>, fmt: Option<&str>) -> PyResult<Self> {
        let fmt = source::input_format(fmt)?;
        let (text, name) = text_bytes(text)?;
        match only_puzzle(&text, fmt) {
            Ok((_, inner)) => Ok(PyPuzzle { inner }),
            Err(bad) => Err(bad.raise(py, &name)),
        }
    }

    /// Rows of cells.
    #[getter]
    fn rows(&self) -> usize {
        self.inner.rows()
    }

    /// Columns of cells.
    #[getter]
    fn cols(&self) -> usize {
        self.inner.cols()
    }

    /// Cells without a clue.
    #[getter]
    fn blanks(&self) -> usize {
        self.inner.blanks()
    }

    /// The clues, row by row: 0-4 (4 only from a URL, a Loopy ID or a
    /// pzprv3 file), or `None` for a blank cell.
    #[getter]
    fn clues(&self) -> Vec<Vec<Option<u8>>> {
        let p = &self.inner;
        (0..p.rows())
            .map(|i| {
                (0..p.cols())
                    .map(|j| match p.clue(i, j) {
                        slink::Clue::Number(n) => Some(n),
                        slink::Clue::Blank => None,
                    })
                    .collect()
            })
            .collect()
    }

    /// The puzzle written in `fmt`: `judge` (a data set, without the
    /// closing `0 0`), `url` or `loopy` (a line), `pzprv3` (a file).
    #[pyo3(signature = (fmt="judge"))]
    fn to(&self, fmt: &str) -> PyResult<String> {
        let fmt: Format = fmt.parse().map_err(PyValueError::new_err)?;
        writable(fmt, &self.inner)?;
        Ok(written(fmt, &self.inner))
    }

    /// The puzz.link URL.
    #[getter]
    fn url(&self) -> String {
        formats::url::encode(&self.inner)
    }

    /// The Loopy game ID.
    #[getter]
    fn loopy(&self) -> String {
        formats::loopy::encode(&self.inner)
    }

    fn __str__(&self) -> String {
        written(Format::Judge, &self.inner)
    }

    /// Pickles as its judge-format text (Dask, multiprocessing).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> (Bound<'py, pyo3::types::PyType>, (String, &'static str)) {
        // The judge format has no clue 4; a URL has.
        let p = &slf.get().inner;
        let fmt = if p.has_four() {
            Format::Url
        } else {
            Format::Judge
        };
        (slf.get_type(), (written(fmt, p), fmt.name()))
    }

    fn __repr__(&self) -> String {
        format!("slink.Puzzle({:?})", formats::url::encode(&self.inner))
    }

    /// The puzzle with no loop, as SVG (a notebook shows it).
    fn _repr_svg_(&self) -> String {
        svg::to_string(&Picture {
            puzzle: &self.inner,
            lines: None,
            second: None,
            solved: false,
            status: "",
            title: "",
        })
    }
}

/// A `ValueError` if `p` cannot be written in `fmt` (a clue 4 in the
/// judge format).
pub fn writable(fmt: Format, p: &Puzzle) -> PyResult<()> {
    match formats::unwritable(fmt, p) {
        Some(why) => Err(PyValueError::new_err(why)),
        None => Ok(()),
    }
}

/// `p` in `fmt`, as text (see [`writable`]).
pub fn written(fmt: Format, p: &Puzzle) -> String {
    let mut out = Vec::new();
    formats::write(fmt, p, &mut out);
    String::from_utf8(out).expect("the formats are ASCII")
}

/// Every puzzle of `source` (a path, bytes, or an iterable of strings,
/// as `solve_many` takes), in order. Raises `slink.ParseError` at the
/// first data set that is not a puzzle, with its file, line and column.
#[pyfunction]
#[pyo3(signature = (source, fmt=None, *, name=None))]
pub fn read(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    fmt: Option<&str>,
    name: Option<String>,
) -> PyResult<Vec<PyPuzzle>> {
    let fmt = source::input_format(fmt)?;
    let source = source::source_of(source, name)?;
    let text = source::text_of(py, &source)?;
    let file = source.input.name();
    let all = py.detach(|| entries(&text, fmt));
    all.into_iter()
        .map(|(_, _, p)| match p {
            Ok(inner) => Ok(PyPuzzle { inner }),
            Err(bad) => Err(bad.raise(py, &file)),
        })
        .collect()
}

thread_local! {
    /// Each thread's solver, reused while the options stay the same.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// The result of solving one puzzle.
#[pyclass(frozen, module = "slink", name = "Result")]
pub struct SolveResult {
    puzzle: Puzzle,
    status: Status,
    /// The solutions found (two for `multiple`), or the loop found
    /// before the budget ran out.
    solutions: Vec<Solution>,
    /// The JSON record, as `slink solve --format json` writes it.
    record: String,
    error: Option<String>,
    nodes: u64,
    probes: u64,
}

/// Solves `puzzle` (found on `line` of its text) with a solver of
/// `options`, and writes its record with the library's own writer.
fn solved(puzzle: Puzzle, line: usize, options: Options, started: Instant) -> SolveResult {
    SOLVER.with(|cell| {
        let mut cell = cell.borrow_mut();
        let solver = match cell.as_mut() {
            Some(s) if *s.options() == options => s,
            _ => cell.insert(Solver::new(options)),
        };
        let outcome = solver.solve(&puzzle);
        let rec = Record {
            file: STRING,
            input: 1,
            number: 1,
            line,
            size: Some((puzzle.rows(), puzzle.cols())),
            result: Fate::Solved {
                puzzle: &puzzle,
                outcome,
            },
            micros: Some(started.elapsed().as_micros() as u64),
        };
        let (mut out, mut diag) = (Vec::new(), Vec::new());
        OutputFormat::Json.record(&rec, &mut out, &mut diag);
        out.pop(); // the newline
        let record = String::from_utf8(out).expect("JSON is UTF-8");
        let error = rec.error_text();
        let solutions = outcome.solutions().iter().take(2).cloned().collect();
        SolveResult {
            status: outcome.status(),
            solutions,
            record,
            error,
            nodes: outcome.stats.nodes,
            probes: outcome.stats.probes,
            puzzle,
        }
    })
}

/// Solves one puzzle: a `slink.Puzzle`, or its text (judge format, a
/// puzz.link URL, a Loopy game ID or a pzprv3 file; `fmt` names the
/// format, else it is detected). Returns a `slink.Result`; raises
/// `slink.ParseError` (with `line` and `column`) when the text is not
/// exactly one puzzle. `budget`, `time_limit` (seconds) and `rules_only`
/// are `slink solve`'s options. The GIL is released while it solves.
#[pyfunction]
#[pyo3(signature = (puzzle, *, fmt=None, budget=None, time_limit=None, rules_only=false))]
pub fn solve(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    fmt: Option<&str>,
    budget: Option<i128>,
    time_limit: Option<f64>,
    rules_only: bool,
) -> PyResult<SolveResult> {
    let options = source::options(budget, time_limit, rules_only)?;
    let started = Instant::now();
    if let Ok(p) = puzzle.cast::<PyPuzzle>() {
        let p = p.get().inner.clone();
        return Ok(py.detach(move || solved(p, 1, options, started)));
    }
    let fmt = source::input_format(fmt)?;
    let (text, name) = text_bytes(puzzle)?;
    py.detach(move || {
        let (line, p) = only_puzzle(&text, fmt)?;
        Ok(solved(p, line, options, started))
    })
    .map_err(|bad: Bad| bad.raise(py, &name))
}

#[pymethods]
impl SolveResult {
    /// `solved` (one solution), `multiple` (several; `loop` is one),
    /// `none`, `gave-up` or `timed-out`.
    #[getter]
    fn status(&self) -> &'static str {
        self.status.name()
    }

    /// Whether the puzzle has exactly one solution, found.
    #[getter]
    fn solved(&self) -> bool {
        self.status == Status::Solved
    }

    /// The puzzle.
    #[getter]
    fn puzzle(&self) -> PyPuzzle {
        PyPuzzle {
            inner: self.puzzle.clone(),
        }
    }

    /// Rows of cells.
    #[getter]
    fn rows(&self) -> usize {
        self.puzzle.rows()
    }

    /// Columns of cells.
    #[getter]
    fn cols(&self) -> usize {
        self.puzzle.cols()
    }

    /// The loop's edges in hex, as in a JSON record (`None` without one).
    #[getter(r#loop)]
    fn edges(&self) -> Option<String> {
        self.solutions
            .first()
            .map(|s| slink::run::batch::LoopHex(s).to_string())
    }

    /// What went wrong (`none`, `gave-up`, `timed-out`), else `None`.
    #[getter]
    fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// Search nodes of the solve (1 when no branching was needed).
    #[getter]
    fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Probing trials of the solve.
    #[getter]
    fn probes(&self) -> u64 {
        self.probes
    }

    /// The record of `slink solve --format json` for this puzzle (file
    /// `<string>`, data set 1), as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dict_of(py, self.record.as_bytes(), &mut None)
    }

    /// The same record as a JSON line (no newline).
    fn to_json(&self) -> &str {
        &self.record
    }

    /// The judge's drawing of the loop (`+`, `-`, `|`, the clues), as
    /// `slink` prints it after the data set's number. Raises
    /// `ValueError` when there is no loop to draw.
    fn drawing(&self) -> PyResult<String> {
        let s = self.solutions.first().ok_or_else(|| {
            PyValueError::new_err(format!("no loop to draw: the status is {}", self.status()))
        })?;
        let mut out = Vec::new();
        slink::draw(&self.puzzle, s, &mut out);
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// The puzzle and its loop as a standalone SVG document: the unique
    /// loop plainly, two loops of a puzzle with several marked as such,
    /// anything else marked with its status and no lines.
    #[pyo3(signature = (title=""))]
    fn svg(&self, title: &str) -> String {
        let (lines, second) = match (self.status, self.solutions.as_slice()) {
            (Status::Solved, [a, ..]) => (Some(a), None),
            (Status::Multiple, [a, b, ..]) => (Some(a), Some(b)),
            _ => (None, None),
        };
        svg::to_string(&Picture {
            puzzle: &self.puzzle,
            lines,
            second,
            solved: self.status == Status::Solved,
            status: self.status.name(),
            title,
        })
    }

    /// The SVG picture, for notebooks (Jupyter shows it).
    fn _repr_svg_(&self) -> String {
        self.svg("")
    }

    fn __str__(&self) -> String {
        self.drawing()
            .unwrap_or_else(|_| format!("{}: {}", self.status(), self.error().unwrap_or("")))
    }

    fn __repr__(&self) -> String {
        format!(
            "<slink.Result {} {}x{}>",
            self.status(),
            self.puzzle.rows(),
            self.puzzle.cols()
        )
    }
}

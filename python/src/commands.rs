//! The tools besides solving: `check`, `verify`, `convert`, `generate`,
//! each the library's own run (`slink check`, `slink verify`, the
//! formats' writers, the generator) with Python values in and out.

use crate::errors::{os_error, parse_error, warn};
use crate::puzzle::{read, writable, written, PyPuzzle};
use crate::source;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use slink::formats::Format;
use slink::generate::{generate_many, GenConfig, Shape, SizeRange};
use slink::run::check::{self as checking, Question};
use slink::run::verify as verifying;
use slink::{Options, MAX_COLS, MAX_ROWS};

/// Each line of `text` (JSON lines) read by Python's `json.loads`.
fn json_lines<'py>(py: Python<'py>, text: &[u8]) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let loads = py.import("json")?.getattr("loads")?;
    String::from_utf8_lossy(text)
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| loads.call1((l,)))
        .collect()
}

/// A worker pool of `threads` (0: one per core).
fn pool(threads: usize) -> PyResult<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| PyOSError::new_err(format!("cannot start the worker threads: {e}")))
}

/// Checks every puzzle of `source` (a path, bytes or an iterable of
/// strings, as `solve_many` takes) as `slink check --format json` does:
/// returns one dict per data set, in order. `question` is `"unique"`
/// (exactly one solution?) or `"promise"` (the judge's promise: one
/// solution, found by the judge's rules alone); `None` asks each puzzle
/// the question `slink check` asks it (unique for puzzles with blanks,
/// the promise for fully clued ones). A record has `file`, `line`,
/// `column`, `data_set`, `rows`, `cols`, `blanks`, `solutions` (`"0"`,
/// `"1"`, `"2+"`, `"?"`), `passes` and the question's answer (`unique` or
/// `promise` and `rules`), with `nodes`, `probes`, `depth`, and `grade`
/// (`easy`, `normal`, `tricky`, `hard`) if the puzzle is unique; a
/// malformed data set has `bad_input` (what is wrong) at its `line` and
/// `column` instead. Raises `OSError` when the input cannot be read.
#[pyfunction]
#[pyo3(signature = (source, fmt=None, *, question=None, budget=None, time_limit=None, threads=None, name=None))]
#[allow(clippy::too_many_arguments)]
pub fn check<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    fmt: Option<&str>,
    question: Option<&str>,
    budget: Option<i128>,
    time_limit: Option<f64>,
    threads: Option<usize>,
    name: Option<String>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let question = match question {
        None => None,
        Some("unique") => Some(Question::Unique),
        Some("promise") => Some(Question::Promise),
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "question must be 'unique', 'promise' or None, not '{other}'"
            )))
        }
    };
    let options = source::options(budget, time_limit, false)?;
    let config = checking::CheckConfig {
        budget: options.node_budget,
        time_limit: options.time_limit,
        brief: false,
        question,
        threads: source::threads(threads)?,
        from: source::input_format(fmt)?,
        json: true,
        skip: 0,
        quiet: true,
    };
    let source = source::source_of(source, name)?;
    let input = source.input.clone();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let (_, done) =
        py.detach(|| checking::run(std::slice::from_ref(&input), &config, &mut out, &mut err));
    if let Some(e) = source::taken(&source) {
        return Err(e);
    }
    done.map_err(|e| PyOSError::new_err(e.to_string()))?;
    // `check` writes to its diagnostics stream only about an unreadable
    // input and a warning (a missing `0 0`).
    let err = String::from_utf8_lossy(&err);
    if err.contains("cannot read") {
        return Err(PyOSError::new_err(err.trim_end().to_string()));
    }
    if !err.trim().is_empty() {
        warn(py, err.trim_end())?;
    }
    let mut records = json_lines(py, &out)?;
    records.pop(); // the summary
    Ok(records)
}

/// Judges a contestant's `output` for `puzzles` as `slink verify --format
/// json` does: one dict per data set, `{"data_set": K, "verdict": "ok"}`
/// (or `ok-no-solution`, `not-judged`), or with `"verdict": "wrong"` the
/// `line`, `column` and `message` of the first thing wrong in the output;
/// then one dict (with `data_set` None) per problem of the output as a
/// whole. Both are sources as `solve_many` takes them: a path, bytes or
/// an iterable of strings (a `str` is a path). The puzzles are in `fmt`
/// (`judge`, `url`, `loopy`, `pzprv3`; detected when None; those without
/// numbers are data sets 1, 2, ... in order): a malformed one raises
/// `slink.ParseError`.
#[pyfunction]
#[pyo3(signature = (puzzles, output, fmt=None))]
pub fn verify<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    output: &Bound<'py, PyAny>,
    fmt: Option<&str>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let fmt = source::input_format(fmt)?;
    let puzzles = source::source_of(puzzles, None)?;
    let file = puzzles.input.name();
    let puzzles = source::text_of(py, &puzzles)?;
    let puzzles = verifying::read_puzzles(&puzzles, fmt)
        .map_err(|e| parse_error(py, &file, e.line, e.col, Some(e.data_set), &e.message))?;
    let output = source::source_of(output, None)?;
    let output = source::text_of(py, &output)?;
    let mut out = Vec::new();
    py.detach(|| {
        let report = verifying::judge(&puzzles, &output, &Options::default());
        verifying::write_json(&report, &mut out)
    })
    .map_err(|e| os_error(&e, "the report"))?;
    json_lines(py, &out)
}

/// The puzzles of `source` (as `read` takes it) written in format `to`
/// (`judge`, `url`, `loopy`, `pzprv3`), as `slink convert --to` writes
/// them: the judge format ends with `0 0`. Raises `slink.ParseError` at
/// the first data set that is not a puzzle.
#[pyfunction]
#[pyo3(signature = (source, to="judge", fmt=None, *, name=None))]
pub fn convert(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    to: &str,
    fmt: Option<&str>,
    name: Option<String>,
) -> PyResult<String> {
    let to: Format = to.parse().map_err(PyValueError::new_err)?;
    let puzzles = read(py, source, fmt, name)?;
    for p in &puzzles {
        writable(to, &p.inner)?;
    }
    let mut text: String = puzzles.iter().map(|p| written(to, &p.inner)).collect();
    if to == Format::Judge {
        text.push_str("0 0\n");
    }
    Ok(text)
}

/// A size (`rows` or `cols`): a number, or a range `"A-B"` drawn from
/// per puzzle.
fn size(obj: &Bound<'_, PyAny>, limit: usize) -> PyResult<SizeRange> {
    let text = match obj.extract::<usize>() {
        Ok(n) => n.to_string(),
        Err(_) => obj.extract::<String>()?,
    };
    SizeRange::parse(&text, limit).map_err(PyValueError::new_err)
}

/// Makes `count` puzzles with exactly one solution, proven, as `slink
/// gen` does: puzzle `k` depends only on `seed` and `k` (not on
/// `threads`), so `generate(..., seed=s)` gives `slink gen --seed s`'s
/// puzzles. `rows` and `cols` are numbers or ranges `"A-B"`; `blanks` the
/// fraction of cells to leave blank (None: every cell clued, Slink);
/// `rules_only` keeps puzzles the judge's rules alone finish; `shape` is
/// `blobby`, `thin` or `winding` (None: drawn per puzzle); `budget` and
/// `attempts` are `slink gen`'s. A puzzle that cannot be made is left
/// out, with a `RuntimeWarning`.
#[pyfunction]
#[pyo3(signature = (rows=None, cols=None, count=1, seed=1, *, blanks=None, rules_only=false, shape=None, budget=None, attempts=2000, threads=None, difficulty=None, minimal=false, symmetry=None, time_limit=None))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    rows: Option<&Bound<'_, PyAny>>,
    cols: Option<&Bound<'_, PyAny>>,
    count: u64,
    seed: u64,
    blanks: Option<f64>,
    rules_only: bool,
    shape: Option<&str>,
    budget: Option<i128>,
    attempts: u32,
    threads: Option<usize>,
    difficulty: Option<&str>,
    minimal: bool,
    symmetry: Option<&str>,
    time_limit: Option<f64>,
) -> PyResult<Vec<PyPuzzle>> {
    // The solver's rules for budget= and time_limit=, as every function's.
    let solving = source::options(budget, time_limit, false)?;
    let (budget, time_limit) = (source::budget(budget)?, solving.time_limit);
    let ten = SizeRange::exactly(10);
    let config = GenConfig {
        rows: rows.map_or(Ok(ten), |r| size(r, MAX_ROWS))?,
        cols: cols.map_or(Ok(ten), |c| size(c, MAX_COLS))?,
        blanks,
        rules_only,
        shape: shape
            .map(|s| s.parse::<Shape>().map_err(PyValueError::new_err))
            .transpose()?,
        node_budget: budget,
        max_attempts: attempts.max(1),
        difficulty: difficulty
            .map(str::parse)
            .transpose()
            .map_err(PyValueError::new_err)?,
        minimal,
        symmetry: symmetry
            .map(str::parse)
            .transpose()
            .map_err(PyValueError::new_err)?
            .unwrap_or_default(),
        time_limit,
    };
    config
        .validate()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let pool = pool(source::threads(threads)?)?;
    let made = py.detach(|| pool.install(|| generate_many(&config, seed, 0, count)));
    let mut puzzles = Vec::with_capacity(made.len());
    for (k, result) in made.into_iter().enumerate() {
        match result {
            Ok(g) => puzzles.push(PyPuzzle { inner: g.puzzle }),
            Err(e) => warn(py, &format!("puzzle {k} could not be made: {e}"))?,
        }
    }
    Ok(puzzles)
}

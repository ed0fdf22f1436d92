//! `solve_to`: the batch engine over the inputs, its output written to a
//! file byte for byte as `slink solve -o OUTPUT` writes it; with
//! `resume=True`, a stopped run gone on with by the library's own road
//! ([`reopen`], as `slink solve -o OUTPUT --resume` takes it).
//!
//! The work is done on a thread of its own while Python waits with the
//! GIL released ([`crate::wait`]); a KeyboardInterrupt meanwhile sets
//! the run's stop flag ([`Config::stop`]), so the engine starts no new
//! batch and writes those in flight whole: the file ends at a record,
//! and `resume=True` goes on from there. The output is checked before
//! it is touched: an input by any name is refused
//! ([`files::check_outputs`]), and so (with `resume=True`) is an output
//! whose records are not of these inputs and options, left as it was.
//!
//! Where it stops: the formats whose records can be matched with their
//! data sets on reading back (judge, json, url, loopy), as `--resume`
//! takes; the pictures and the summary stay the command line's.

use crate::source::{self, PySource};
use crate::stream::{ended_run, join};
use pyo3::exceptions::{PyKeyboardInterrupt, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use slink::run::batch::resume::reopen::reopen;
use slink::run::batch::resume::Resumed;
use slink::run::batch::{self, Config, Input, OutputFormat, Totals};
use slink::run::files;
use slink::Status;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::sync_channel;
use std::sync::Arc;

/// Why the output was not written.
enum Unwritten {
    /// Refused before it was touched (an input, records of another run):
    /// the library's words.
    Refused(String),
    /// A stop came while the output was read back: it is left as it was.
    Stopped(String),
    /// It could not be made or written.
    Failed(String),
}

/// What the engine's thread hands back.
struct Ended {
    /// The counts of the run, or why it did not go on.
    run: Result<Totals, Unwritten>,
    /// What it wrote to its diagnostics stream.
    diag: Vec<u8>,
    /// What a resumed run's output held, and its note.
    resumed: Option<(Resumed, String)>,
    /// Data sets passed over (`skip=` and those the output held).
    passed_over: usize,
}

/// Opens `output` for a run over `inputs`: reopened after its whole
/// records (`resume`, `config.skip` raised past them), else made anew once
/// no input is it.
fn open(
    output: &Path,
    inputs: &[Input],
    config: &mut Config,
    resume: bool,
) -> Result<(File, Option<Resumed>), Unwritten> {
    if resume {
        return match reopen(output, inputs, config) {
            Ok(reopened) => Ok((reopened.file, reopened.found)),
            Err(e) if config.stopping() => Err(Unwritten::Stopped(e.to_string())),
            Err(e) => Err(Unwritten::Refused(e.to_string())),
        };
    }
    let refused = |e: io::Error| match e.kind() {
        io::ErrorKind::InvalidInput => Unwritten::Refused(e.to_string()),
        _ => Unwritten::Failed(e.to_string()),
    };
    files::check_outputs(inputs, &[files::Destination::result(Some(output))]).map_err(refused)?;
    let name = output.display();
    let file = File::create(output)
        .map_err(|e| Unwritten::Failed(format!("cannot create {name}: {e}")))?;
    Ok((file, None))
}

/// The engine's thread: opens `output`, runs over `inputs` into it, and
/// flushes it.
fn work(output: &Path, inputs: &[Input], mut config: Config, resume: bool) -> Ended {
    let mut ended = Ended {
        run: Err(Unwritten::Failed(String::new())),
        diag: Vec::new(),
        resumed: None,
        passed_over: config.skip,
    };
    let (file, found) = match open(output, inputs, &mut config, resume) {
        Ok(opened) => opened,
        Err(why) => {
            ended.run = Err(why);
            return ended;
        }
    };
    let name = output.display().to_string();
    ended.passed_over = config.skip;
    ended.resumed = found.map(|f| {
        let note = f.note(&name, config.skip, inputs);
        (f, note)
    });
    let mut out = BufWriter::with_capacity(1 << 16, file);
    let run = batch::run(inputs, &config, &mut out, &mut ended.diag)
        .map_err(|e| e.to_string())
        .and_then(|totals| match out.flush() {
            Ok(()) => Ok(totals),
            Err(e) => Err(format!("cannot write the output: {e}")),
        });
    ended.run = run.map_err(|e| Unwritten::Failed(format!("{name}: {e}")));
    ended
}

/// The output format by name: one `--resume` can go on with.
fn output_format(name: &str) -> PyResult<OutputFormat> {
    match name {
        "judge" => Ok(OutputFormat::Judge),
        "json" => Ok(OutputFormat::Json),
        "url" => Ok(OutputFormat::Url),
        "loopy" => Ok(OutputFormat::Loopy),
        _ => Err(PyValueError::new_err(format!(
            "format must be 'judge', 'json', 'url' or 'loopy' (the formats a run can be \
             resumed in), not {name:?}"
        ))),
    }
}

/// The counts of a run written to `output`, as a dict.
fn totals_dict<'py>(
    py: Python<'py>,
    output: &Path,
    ended: &Ended,
    totals: &Totals,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("output", output.display().to_string())?;
    d.set_item("data_sets", totals.data_sets())?;
    let statuses = PyDict::new(py);
    for status in Status::ALL {
        statuses.set_item(status.name(), totals.count(status))?;
    }
    d.set_item("status", statuses)?;
    d.set_item("files", totals.files)?;
    d.set_item("unreadable", totals.unreadable)?;
    d.set_item("passed_over", ended.passed_over)?;
    d.set_item("seconds", totals.elapsed.as_secs_f64())?;
    let resumed = match &ended.resumed {
        None => None,
        Some((found, note)) => {
            let r = PyDict::new(py);
            r.set_item("records", found.records)?;
            r.set_item("covered", found.covered)?;
            r.set_item("kept", found.keep)?;
            r.set_item("cut", found.cut)?;
            r.set_item("note", note)?;
            Some(r)
        }
    };
    d.set_item("resumed", resumed)?;
    Ok(d)
}

/// Runs the engine over `sources` into `output` on a thread of its own,
/// waiting for it with the GIL released; a KeyboardInterrupt meanwhile
/// stops it at a record boundary and is raised again once the output is
/// whole, saying how far it got.
fn run_to_file<'py>(
    py: Python<'py>,
    sources: &[PySource],
    output: PathBuf,
    mut config: Config,
    resume: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let stop = Arc::new(AtomicBool::new(false));
    config.stop = Some(stop.clone());
    let inputs: Vec<Input> = sources.iter().map(|s| s.input.clone()).collect();
    let (tx, rx) = sync_channel(1);
    let path = output.clone();
    let engine = std::thread::Builder::new()
        .name("slink-solve_to".into())
        .spawn(move || {
            let _ = tx.send(work(&path, &inputs, config, resume));
        })
        .map_err(|e| PyOSError::new_err(format!("cannot start the solving thread: {e}")))?;
    let (mut rx, mut interrupted) = (rx, None);
    let ended = loop {
        let (back, got) = crate::wait::receive(py, rx);
        rx = back;
        match got {
            Ok(Some(ended)) => break ended,
            Ok(None) => {
                join(py, Some(engine));
                return Err(PyOSError::new_err("the solving thread ended early"));
            }
            // Ctrl-C: the engine writes what it has in flight, then ends.
            Err(e) => {
                stop.store(true, Ordering::SeqCst);
                interrupted.get_or_insert(e);
            }
        }
    };
    join(py, Some(engine));
    finish(py, &output, ended, interrupted.is_some(), sources)
}

/// The result of a run that `ended` (`interrupted` by Ctrl-C, or not):
/// its counts, or the exception that says why not.
fn finish<'py>(
    py: Python<'py>,
    output: &Path,
    ended: Ended,
    interrupted: bool,
    sources: &[PySource],
) -> PyResult<Bound<'py, PyDict>> {
    let name = output.display();
    let totals = match &ended.run {
        Ok(totals) if interrupted => {
            let done = ended.passed_over + totals.data_sets();
            let s = if done == 1 { "" } else { "s" };
            return Err(PyKeyboardInterrupt::new_err(format!(
                "slink.solve_to stopped after {done} data set{s}, their records written whole \
                 to {name}; to go on, call it again with resume=True"
            )));
        }
        Ok(totals) => totals.clone(),
        Err(Unwritten::Stopped(why)) => return Err(PyKeyboardInterrupt::new_err(why.clone())),
        Err(Unwritten::Refused(why)) => return Err(crate::errors::refused(py, why)),
        Err(Unwritten::Failed(why)) => return Err(PyOSError::new_err(why.clone())),
    };
    let totals = ended_run(py, Ok(totals), &ended.diag, sources)?;
    totals_dict(py, output, &ended, &totals)
}

/// Solves every puzzle of `source` and writes the output to the file
/// `output` byte for byte as `slink solve -o OUTPUT --format FORMAT`
/// would (`timing=False`: `--no-timing`), returning the run's counts; with
/// `resume=True`, goes on with a run that stopped, as `slink solve -o
/// OUTPUT --resume` does.
///
/// `source` is what `solve_many` takes (a path, a text, bytes, an
/// iterable), or a list or tuple of `os.PathLike` (`pathlib.Path`):
/// several files, numbered from 1 as `slink solve A B` numbers them.
/// `format` is `judge`, `json`, `url` or `loopy`; `threads`, `fmt`,
/// `timing`, `name`, `shard`, `budget`, `time_limit` and `rules_only`
/// are `solve_many`'s; `skip=N` passes over the first N data sets
/// (`--skip`).
///
/// With `resume=True` the whole records of `output` are kept (a torn
/// record at its end cut) and the data sets after them appended, so that
/// it ends as an uninterrupted run would have left it; a missing or empty
/// output is an ordinary run. Give the same inputs and options.
///
/// Returns a dict: `output`, `data_sets` (this run's), `status` (a count
/// per status), `files`, `unreadable`, `passed_over` (`skip` and the data
/// sets a resumed output held), `seconds`, and `resumed` (`None`, or
/// `records`, `covered`, `kept` and `cut` bytes, and the `note`).
///
/// Raises `slink.OutputRefusedError` (the output left as it was) when
/// `output` is an input by any name, or with `resume=True` when its
/// records are not of this run; `OSError` when an input cannot be read
/// (the output then holds the others' records). Ctrl-C stops the run at a
/// record boundary, the output whole, and raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (source, output, *, format="json", resume=false, threads=None, fmt=None, timing=true, name=None, shard=None, skip=0, budget=None, time_limit=None, rules_only=false))]
#[allow(clippy::too_many_arguments)]
pub fn solve_to<'py>(
    py: Python<'py>,
    source: &Bound<'py, PyAny>,
    output: PathBuf,
    format: &str,
    resume: bool,
    threads: Option<usize>,
    fmt: Option<&str>,
    timing: bool,
    name: Option<String>,
    shard: Option<(usize, usize)>,
    skip: usize,
    budget: Option<i128>,
    time_limit: Option<f64>,
    rules_only: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let config = Config {
        format: output_format(format)?,
        threads: source::threads(threads)?,
        input_format: source::input_format(fmt)?,
        timing,
        shard: source::shard(shard)?,
        skip,
        options: source::options(budget, time_limit, rules_only)?,
        command: Some("slink.solve_to"),
        ..Config::default()
    };
    let sources = source::sources_of(source, name)?;
    run_to_file(py, &sources, output, config, resume)
}

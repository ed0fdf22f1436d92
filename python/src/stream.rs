//! `solve_many`: the batch engine on a thread of its own, its records
//! streamed to Python in input order.
//!
//! The engine writes the JSON lines of `slink solve --format json` (its
//! own record writer: the same bytes) to a [`Channel`], a batch of
//! records per message through a bounded channel, so that at most a few
//! batches wait for Python however large the input. [`RecordStream`] hands
//! them out one by one, as `str` lines or as dicts read back from the
//! line. Python waiting for a batch releases the GIL and looks at its
//! signals every 50 ms, so Ctrl-C (KeyboardInterrupt) stops the
//! iteration between records; the engine then stops too (its next write
//! fails), as it does when the iterator is closed or dropped.

use crate::record::{dict_of, FileName};
use crate::source::{self, PySource};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use slink::run::batch::{pipeline::Pipeline, Config, Input, OutputFormat, Totals};
use std::io::{self, IoSlice, Write};
use std::sync::atomic::Ordering;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Mutex;
use std::thread::JoinHandle;

/// What the engine's thread sends.
enum Message {
    /// Whole JSON lines: one batch of records.
    Lines(Vec<u8>),
    /// The end of the run: its counts (or why it could not go on) and
    /// what it wrote to its diagnostics stream.
    End(Result<Totals, String>, Vec<u8>),
}

/// Batches waiting for Python at most.
const QUEUED: usize = 4;

/// The engine's output: each write of whole lines becomes a message.
struct Channel {
    tx: SyncSender<Message>,
    pending: Vec<u8>,
}

impl Channel {
    fn send_lines(&mut self) -> io::Result<()> {
        if self.pending.last() == Some(&b'\n') {
            let lines = std::mem::take(&mut self.pending);
            self.tx
                .send(Message::Lines(lines))
                .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the reader went away"))?;
        }
        Ok(())
    }
}

impl Write for Channel {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        self.send_lines()?;
        Ok(buf.len())
    }

    fn write_vectored(&mut self, bufs: &[IoSlice<'_>]) -> io::Result<usize> {
        let n = bufs.iter().map(|b| b.len()).sum();
        self.pending.reserve(n);
        bufs.iter().for_each(|b| self.pending.extend_from_slice(b));
        self.send_lines()?;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            self.pending.push(b'\n');
        }
        self.send_lines()
    }
}

/// Runs the engine over `input` (the `index`-th input) as `config` says,
/// writing to `out`: what `slink::run::batch::run` does, with
/// the input's number given.
fn run(
    config: &Config,
    index: usize,
    input: &Input,
    out: &mut Channel,
    err: &mut Vec<u8>,
) -> Result<Totals, String> {
    let inputs = std::slice::from_ref(input);
    let mut pipeline = Pipeline::new(config, inputs).map_err(|e| e.to_string())?;
    pipeline
        .input(index, input, out, err)
        .map_err(|e| e.to_string())?;
    pipeline.end_page(out).map_err(|e| e.to_string())?;
    let totals = pipeline.finish();
    out.flush().map_err(|e| e.to_string())?;
    Ok(totals)
}

/// The state of an iteration.
struct StreamState {
    rx: Option<Receiver<Message>>,
    /// The batch being handed out, and where the next line starts.
    lines: Vec<u8>,
    at: usize,
    engine: Option<JoinHandle<()>>,
    /// The last file name made a Python string, reused.
    file: FileName,
}

/// The records of a `solve_many` run, in input order: an iterator (and a
/// context manager, whose exit closes it).
#[pyclass(module = "slink", name = "Records")]
pub struct RecordStream {
    state: Mutex<StreamState>,
    /// Set by `close()` before it waits for the state: a `__next__` that
    /// finds the state taken then ends the iteration instead of failing.
    closing: std::sync::atomic::AtomicBool,
    source: PySource,
    /// Hand out JSON lines (`str`, with their newline) instead of dicts.
    json: bool,
}

impl StreamState {
    /// Stops the engine and forgets its output (it ends at its next write).
    fn stop(&mut self, source: &PySource) {
        source.cancel.store(true, Ordering::Relaxed);
        self.rx = None;
        self.lines.clear();
        self.at = 0;
    }
}

/// The end of a run over `sources`: its counts when it read its inputs
/// through, else the exception that says why not (an `OSError`, or the
/// exception an iterable raised); its other diagnostics (`diag`) are
/// issued as a `RuntimeWarning`.
pub fn ended_run(
    py: Python<'_>,
    ended: Result<Totals, String>,
    diag: &[u8],
    sources: &[PySource],
) -> PyResult<Totals> {
    let diag = String::from_utf8_lossy(diag);
    let totals = ended.map_err(PyOSError::new_err)?;
    if totals.unreadable > 0 {
        if let Some(e) = sources.iter().find_map(source::taken) {
            return Err(e);
        }
        return Err(PyOSError::new_err(diag.trim_end().to_string()));
    }
    if !diag.trim().is_empty() {
        crate::errors::warn(py, diag.trim_end())?;
    }
    Ok(totals)
}

/// Joins the engine's thread (with the GIL released).
pub fn join(py: Python<'_>, engine: Option<JoinHandle<()>>) {
    if let Some(engine) = engine {
        py.detach(|| {
            let _ = engine.join();
        });
    }
}

#[pymethods]
impl RecordStream {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let mut state = match self.state.try_lock() {
            Ok(state) => state,
            Err(std::sync::TryLockError::Poisoned(p)) => p.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) if self.closing.load(Ordering::SeqCst) => {
                return Ok(None);
            }
            Err(std::sync::TryLockError::WouldBlock) => {
                return Err(pyo3::exceptions::PyValueError::new_err(
                    "these records are being read by another thread already",
                ))
            }
        };
        loop {
            if state.at < state.lines.len() {
                let from = state.at;
                let len = state.lines[from..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(state.lines.len() - from, |k| k + 1);
                state.at = from + len;
                let lines = std::mem::take(&mut state.lines);
                let line = &lines[from..from + len];
                let item = if self.json {
                    PyString::new(py, &String::from_utf8_lossy(line)).into_any()
                } else {
                    dict_of(py, line, &mut state.file)?.into_any()
                };
                state.lines = lines;
                return Ok(Some(item.unbind()));
            }
            let Some(rx) = state.rx.take() else {
                return Ok(None);
            };
            let (rx, got) = crate::wait::receive(py, rx);
            state.rx = Some(rx);
            match got {
                Ok(Some(Message::Lines(lines))) => {
                    state.lines = lines;
                    state.at = 0;
                }
                Ok(Some(Message::End(ended, diag))) => {
                    state.rx = None;
                    join(py, state.engine.take());
                    ended_run(py, ended, &diag, std::slice::from_ref(&self.source))?;
                }
                Err(e) => {
                    // Ctrl-C between records: the run stops here.
                    state.stop(&self.source);
                    return Err(e);
                }
                Ok(None) => {
                    state.rx = None;
                    join(py, state.engine.take());
                    return Err(PyOSError::new_err("the solving thread ended early"));
                }
            }
        }
    }

    /// Stops the run (the engine stops at its next batch) and waits for
    /// its thread; the iterator then yields nothing more.
    fn close(&self, py: Python<'_>) {
        // Without the GIL: another thread may be waiting in `__next__`.
        self.closing.store(true, Ordering::SeqCst);
        let engine = py.detach(|| {
            let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
            state.stop(&self.source);
            state.engine.take()
        });
        join(py, engine);
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &self,
        py: Python<'_>,
        _kind: Option<Bound<'_, PyAny>>,
        _value: Option<Bound<'_, PyAny>>,
        _traceback: Option<Bound<'_, PyAny>>,
    ) -> bool {
        self.close(py);
        false
    }
}

impl Drop for RecordStream {
    fn drop(&mut self) {
        // The thread ends by itself at its next write (it may need the GIL
        // first, to read an iterable: no join here).
        let state = self.state.get_mut().unwrap_or_else(|p| p.into_inner());
        state.stop(&self.source);
    }
}

/// Solves every puzzle of `source`, yielding one record per data set in
/// input order, as they are solved (streaming: memory stays flat however
/// large the input).
///
/// `source` is a path (`str` or `os.PathLike`), `bytes`, or an iterable
/// of `str` or `bytes` (lines, or whole data sets; an open text file
/// works). `fmt` is the input format (`judge`, `url`, `loopy`,
/// `pzprv3`); `None` detects it from the first meaningful line.
/// `threads=None` uses every core.
///
/// Each record is a dict with the fields of `docs/record.schema.json`:
/// `input`, `data_set`, `file`, `line`, `rows`, `cols`, `status`, then
/// `loop`, `micros` and `error` where they apply. A malformed data set is
/// a record with status `invalid` and an `error` `LINE:COL: data set K:
/// message`, and the run goes on. With `json=True` each record is instead
/// its JSON line (a `str` ending in a newline): byte for byte what
/// `slink solve --format json` writes (with `timing=False`, what `slink
/// solve --format json --no-timing` writes). `input` is the number
/// records give the input (`slink solve` numbers its files from 1);
/// `name` names bytes or an iterable in records (`<bytes>`,
/// `<iterable>`). `shard=(K, N)` solves only data sets `K, K + N, K + 2N,
/// ...` (`slink solve --shard K/N`: the shards' records merge, by
/// `data_set`, into the whole run's). `budget`, `time_limit` (seconds) and `rules_only` are
/// `slink solve`'s `--budget`, `--time-limit` and `--rules-only`.
///
/// Raises `OSError` for a path that cannot be read (at once) or an input
/// that fails while read, and the iterable's own exception if it raises.
#[pyfunction]
#[pyo3(signature = (source, threads=None, fmt=None, *, json=false, timing=true, input=1, name=None, shard=None, budget=None, time_limit=None, rules_only=false))]
#[allow(clippy::too_many_arguments)]
pub fn solve_many(
    source: &Bound<'_, PyAny>,
    threads: Option<usize>,
    fmt: Option<&str>,
    json: bool,
    timing: bool,
    input: usize,
    name: Option<String>,
    shard: Option<(usize, usize)>,
    budget: Option<i128>,
    time_limit: Option<f64>,
    rules_only: bool,
) -> PyResult<RecordStream> {
    let shard = source::shard(shard)?;
    let config = Config {
        options: source::options(budget, time_limit, rules_only)?,
        format: OutputFormat::Json,
        input_format: source::input_format(fmt)?,
        threads: source::threads(threads)?,
        timing,
        shard,
        command: Some("slink.solve_many"),
        ..Config::default()
    };
    if input == 0 {
        return Err(pyo3::exceptions::PyValueError::new_err(
            "input (the input's number) counts from 1",
        ));
    }
    let source = source::source_of(source, name)?;
    let (tx, rx) = sync_channel(QUEUED);
    let engine_input = source.input.clone();
    let engine = std::thread::Builder::new()
        .name("slink-solve_many".into())
        .spawn(move || {
            let mut out = Channel {
                tx: tx.clone(),
                pending: Vec::new(),
            };
            let mut err = Vec::new();
            let ended = run(&config, input, &engine_input, &mut out, &mut err);
            let _ = tx.send(Message::End(ended, err));
        })
        .map_err(|e| PyOSError::new_err(format!("cannot start the solving thread: {e}")))?;
    Ok(RecordStream {
        state: Mutex::new(StreamState {
            rx: Some(rx),
            lines: Vec::new(),
            at: 0,
            engine: Some(engine),
            file: None,
        }),
        closing: std::sync::atomic::AtomicBool::new(false),
        source,
        json,
    })
}

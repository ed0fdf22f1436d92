//! What the Python functions take: a source of puzzles (a path, bytes, an
//! iterable of strings) as a batch [`Input`], the solver's options, and
//! the errors they raise.

use crate::errors::{no_file_nor_text, os_error};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyIterator, PyList, PyString, PyTuple};
use slink::formats::Format;
use slink::run::batch::{Input, Shard, SharedReader};
use slink::Options;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The exception a Python iterable raised while the engine read it, kept
/// for the caller to raise again.
pub type Raised = Arc<Mutex<Option<PyErr>>>;

/// A source of puzzles made an input of the batch engine.
pub struct PySource {
    /// The input.
    pub input: Input,
    /// For an iterable: where its own exception is kept.
    pub raised: Option<Raised>,
    /// Set to make a reader of an iterable stop (the caller went away).
    pub cancel: Arc<AtomicBool>,
}

/// An input format by name (`judge`, `url`, `loopy`, `pzprv3`); `None`
/// to detect it from the text.
pub fn input_format(fmt: Option<&str>) -> PyResult<Option<Format>> {
    fmt.map(|s| s.parse::<Format>().map_err(PyValueError::new_err))
        .transpose()
}

/// `budget=` as the solver takes it: an integer from 0 to 2^64 - 1, as
/// `slink solve --budget` takes it; `None` for the default.
pub fn budget(budget: Option<i128>) -> PyResult<Option<u64>> {
    budget
        .map(|b| {
            u64::try_from(b).map_err(|_| {
                PyValueError::new_err(format!(
                    "budget must be an integer from 0 to {} (search nodes and probes), not {b}",
                    u64::MAX
                ))
            })
        })
        .transpose()
}

/// The solver's options, as `slink solve --budget --time-limit
/// --rules-only` makes them (see [`budget`]; a time limit, in seconds,
/// must be more than zero, as the command line's).
pub fn options(
    budget: Option<i128>,
    time_limit: Option<f64>,
    rules_only: bool,
) -> PyResult<Options> {
    let budget = self::budget(budget)?;
    let base = if rules_only {
        Options::rules_only()
    } else {
        Options::default()
    };
    let time_limit = match time_limit {
        Some(s) => Some(
            Duration::try_from_secs_f64(s)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                        "time_limit must be a number of seconds more than 0 (None: no limit), not {s}"
                    ))
                })?,
        ),
        None => None,
    };
    Ok(Options {
        node_budget: budget.unwrap_or(base.node_budget),
        time_limit,
        ..base
    })
}

/// Worker threads from `threads=`: `None` for one per core (0), else at
/// least 1.
pub fn threads(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        Some(0) => Err(PyValueError::new_err(
            "threads must be at least 1 (None: one per core)",
        )),
        Some(n) => Ok(n),
        None => Ok(0),
    }
}

/// `shard=(K, N)` as a [`Shard`] (`slink solve --shard K/N`); `None`
/// for every data set.
pub fn shard(shard: Option<(usize, usize)>) -> PyResult<Shard> {
    match shard {
        None => Ok(Shard::ALL),
        Some((k, n)) => Shard::new(k, n).ok_or_else(|| {
            PyValueError::new_err(format!(
                "shard ({k}, {n}): expected (K, N) with 1 <= K <= N"
            ))
        }),
    }
}

/// The bytes of a `bytes` or `bytearray`, if `obj` is one.
fn bytes_of(obj: &Bound<'_, PyAny>) -> Option<Vec<u8>> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Some(b.as_bytes().to_vec());
    }
    obj.cast::<PyByteArray>().ok().map(|b| b.to_vec())
}

/// Whether a `str` is a puzzle text rather than a file's path, by the one
/// rule of every function of the package: a text holds a newline, or is
/// one puzz.link URL, Loopy game ID or pzprv3 line; any other `str` is a
/// path (an `os.PathLike` always is, `bytes` never).
pub fn is_text(s: &str) -> bool {
    s.contains('\n') || Format::of_line(s.trim().as_bytes()).is_some()
}

/// The name a text given as a string has in records and errors.
pub const STRING: &str = "<string>";

/// `source` as an input: `bytes` or `bytearray` a text in memory; a `str`
/// a text or a file's path ([`is_text`]); an `os.PathLike` a file's path
/// (it must be there); any other iterable of `str` or `bytes` a text read
/// as a stream, item after item (an item without a final newline gets
/// one). `name` names the text or the iterable in records and messages.
pub fn source_of(obj: &Bound<'_, PyAny>, name: Option<String>) -> PyResult<PySource> {
    let cancel = Arc::new(AtomicBool::new(false));
    let text = match obj.cast::<PyString>() {
        Ok(s) => Some(s.to_cow()?)
            .filter(|s| is_text(s))
            .map(|s| s.as_bytes().to_vec()),
        Err(_) => None,
    };
    if let Some(bytes) = text {
        let input = Input::Bytes {
            name: name.unwrap_or_else(|| STRING.into()),
            bytes: bytes.into(),
        };
        return Ok(PySource {
            input,
            raised: None,
            cancel,
        });
    }
    if let Some(bytes) = bytes_of(obj) {
        let input = Input::Bytes {
            name: name.unwrap_or_else(|| "<bytes>".into()),
            bytes: bytes.into(),
        };
        return Ok(PySource {
            input,
            raised: None,
            cancel,
        });
    }
    if obj.is_instance_of::<PyString>() || obj.hasattr("__fspath__")? {
        let path: PathBuf = obj.extract()?;
        let meta = std::fs::metadata(&path).map_err(|e| match obj.cast::<PyString>() {
            Ok(s) => no_file_nor_text(&e, &s.to_string_lossy()),
            Err(_) => os_error(&e, &path.display().to_string()),
        })?;
        if meta.is_dir() {
            let e = io::Error::from_raw_os_error(21); // EISDIR
            return Err(os_error(&e, &path.display().to_string()));
        }
        return Ok(PySource {
            input: Input::Path(path),
            raised: None,
            cancel,
        });
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "expected a path, bytes or an iterable of strings, not {}",
            obj.get_type().name().map_or("?".into(), |n| n.to_string())
        ))
    })?;
    let raised: Raised = Arc::default();
    let reader = Lines {
        iter: iter.unbind(),
        buf: Vec::new(),
        pos: 0,
        done: false,
        cancel: cancel.clone(),
        raised: raised.clone(),
    };
    Ok(PySource {
        input: Input::Reader {
            name: name.unwrap_or_else(|| "<iterable>".into()),
            reader: SharedReader::new(Box::new(reader)),
        },
        raised: Some(raised),
        cancel,
    })
}

/// `obj` as the inputs of a run: a list or tuple of `os.PathLike`
/// (`pathlib.Path`) is several files, numbered from 1 in records as
/// `slink solve A B` numbers them; anything else one source
/// ([`source_of`], `name` naming it).
pub fn sources_of(obj: &Bound<'_, PyAny>, name: Option<String>) -> PyResult<Vec<PySource>> {
    let listed = obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>();
    if listed && obj.len()? > 0 {
        let items: Vec<Bound<'_, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
        let paths = items.iter().map(|i| i.hasattr("__fspath__"));
        if paths
            .collect::<PyResult<Vec<bool>>>()?
            .into_iter()
            .all(|p| p)
        {
            return items.iter().map(|i| source_of(i, None)).collect();
        }
    }
    Ok(vec![source_of(obj, name)?])
}

/// The text of an iterable of `str` or `bytes`, read by the engine's
/// thread: it takes the GIL to pull items, about 64 kB at a time.
struct Lines {
    iter: Py<PyIterator>,
    buf: Vec<u8>,
    pos: usize,
    done: bool,
    cancel: Arc<AtomicBool>,
    raised: Raised,
}

/// Bytes pulled from an iterable at a time at most.
const PULL_BYTES: usize = 64 << 10;
/// Time spent pulling at a time at most, holding the GIL: other Python
/// threads run between pulls.
const PULL_TIME: std::time::Duration = std::time::Duration::from_millis(10);

impl Lines {
    /// Refills `buf` with the next items.
    fn pull(&mut self) -> io::Result<()> {
        self.buf.clear();
        self.pos = 0;
        if self.cancel.load(Ordering::Relaxed) {
            return Err(io::Error::other("stopped"));
        }
        let (buf, done) = (&mut self.buf, &mut self.done);
        let result = Python::attach(|py| -> PyResult<()> {
            let mut iter = self.iter.bind(py).clone();
            let started = std::time::Instant::now();
            while buf.len() < PULL_BYTES && started.elapsed() < PULL_TIME {
                let Some(item) = iter.next() else {
                    *done = true;
                    break;
                };
                let item = item?;
                if let Ok(s) = item.cast::<PyString>() {
                    buf.extend_from_slice(s.to_cow()?.as_bytes());
                } else if let Some(b) = bytes_of(&item) {
                    buf.extend_from_slice(&b);
                } else {
                    return Err(PyTypeError::new_err(format!(
                        "the iterable gave a {}, not a str or bytes",
                        item.get_type().name()?
                    )));
                }
                if buf.last().is_some_and(|&b| b != b'\n') {
                    buf.push(b'\n');
                }
            }
            Ok(())
        });
        result.map_err(|e| {
            let text = Python::attach(|py| e.value(py).to_string());
            *self.raised.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
            io::Error::other(text)
        })
    }
}

impl Read for Lines {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.buf.len() {
            if self.done {
                return Ok(0);
            }
            self.pull()?;
        }
        let n = out.len().min(self.buf.len() - self.pos);
        out[..n].copy_from_slice(&self.buf[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// The whole text of `source` (for the functions that need it at once:
/// `verify`, `read`).
pub fn text_of(py: Python<'_>, source: &PySource) -> PyResult<Vec<u8>> {
    let name = source.input.name();
    match &source.input {
        Input::Path(path) => py
            .detach(|| std::fs::read(path))
            .map_err(|e| os_error(&e, &name)),
        Input::Bytes { bytes, .. } => Ok(bytes.to_vec()),
        Input::Reader { reader, .. } => {
            let mut text = Vec::new();
            let read = match reader.take() {
                Some(mut r) => r.read_to_end(&mut text),
                None => Err(io::Error::other("this reader was read before")),
            };
            if let Err(e) = read {
                return Err(taken(source).unwrap_or_else(|| os_error(&e, &name)));
            }
            Ok(text)
        }
        Input::Stdin => Err(PyValueError::new_err("standard input is not a source here")),
    }
}

/// The exception an iterable raised while it was read, if it did.
pub fn taken(source: &PySource) -> Option<PyErr> {
    source
        .raised
        .as_ref()
        .and_then(|r| r.lock().unwrap_or_else(|p| p.into_inner()).take())
}

//! The Python exceptions and warnings the package raises from Rust:
//! `slink.ParseError`, `slink.OutputRefusedError`, `OSError` about a
//! file, a `RuntimeWarning`.

use pyo3::exceptions::{PyOSError, PyRuntimeWarning};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::io;

/// `slink.ParseError(message, file, line, column, data_set)`, a
/// `ValueError` that says where a puzzle is malformed.
pub fn parse_error(
    py: Python<'_>,
    file: &str,
    line: usize,
    column: usize,
    data_set: Option<usize>,
    message: &str,
) -> PyErr {
    let args = (message, file, line, column, data_set);
    made(py, "ParseError", args.into_pyobject(py))
}

/// An instance of `class`, one of `slink._errors`' exceptions, made with
/// `args` (or the error that came instead).
fn made<'py>(py: Python<'py>, class: &str, args: PyResult<Bound<'py, PyTuple>>) -> PyErr {
    let made = py
        .import("slink._errors")
        .and_then(|m| m.getattr(class))
        .and_then(|class| class.call1(args?));
    match made {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}

/// `slink.OutputRefusedError(why)`: an output slink will not write (an
/// input by any name; records of another run to resume), left as it was.
pub fn refused(py: Python<'_>, why: &str) -> PyErr {
    made(py, "OutputRefusedError", PyTuple::new(py, [why]))
}

/// An `OSError` (its subclass for the errno, as Python picks it) about
/// the file `name`.
pub fn os_error(e: &io::Error, name: &str) -> PyErr {
    match e.raw_os_error() {
        Some(errno) => PyOSError::new_err((errno, e.to_string(), name.to_string())),
        None => PyOSError::new_err(format!("{name}: {e}")),
    }
}

/// The error of a `str` taken for a file's path ([`crate::source::is_text`]:
/// no newline, no URL, Loopy ID or pzprv3 line) that is no file either:
/// a `FileNotFoundError` naming it, whose message says too how it reads
/// as a puzzle's text (`expected the number of rows, found 'g'`), as it
/// may have been meant as one. Any other error of the path: [`os_error`].
pub fn no_file_nor_text(e: &io::Error, s: &str) -> PyErr {
    let Some(errno) = e
        .raw_os_error()
        .filter(|_| e.kind() == io::ErrorKind::NotFound)
    else {
        return os_error(e, s);
    };
    let text = s.as_bytes();
    let read = slink::formats::read(text, slink::formats::Format::detect(text)).next();
    let why = match read.map(|d| d.puzzle) {
        Some(Err(bad)) => format!("as a puzzle's text, it reads as none: {bad}"),
        Some(Ok(_)) => "as a puzzle's text, it reads as a puzzle".into(),
        None => "as a puzzle's text, it holds none".into(),
    };
    PyOSError::new_err((errno, format!("{e}; and {why}"), s.to_string()))
}

/// Issues a `RuntimeWarning` saying `text`.
pub fn warn(py: Python<'_>, text: &str) -> PyResult<()> {
    let text = std::ffi::CString::new(text.replace('\0', " ")).unwrap_or_default();
    PyErr::warn(py, &py.get_type::<PyRuntimeWarning>(), &text, 1)
}

//! The Python exceptions and warnings the package raises from Rust:
//! `slink.ParseError`, `OSError` about a file, a `RuntimeWarning`.

use pyo3::exceptions::{PyOSError, PyRuntimeWarning};
use pyo3::prelude::*;
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
    let made = py
        .import("slink._errors")
        .and_then(|m| m.getattr("ParseError"))
        .and_then(|class| class.call1((message, file, line, column, data_set)));
    match made {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}

/// An `OSError` (its subclass for the errno, as Python picks it) about
/// the file `name`.
pub fn os_error(e: &io::Error, name: &str) -> PyErr {
    match e.raw_os_error() {
        Some(errno) => PyOSError::new_err((errno, e.to_string(), name.to_string())),
        None => PyOSError::new_err(format!("{name}: {e}")),
    }
}

/// Issues a `RuntimeWarning` saying `text`.
pub fn warn(py: Python<'_>, text: &str) -> PyResult<()> {
    let text = std::ffi::CString::new(text.replace('\0', " ")).unwrap_or_default();
    PyErr::warn(py, &py.get_type::<PyRuntimeWarning>(), &text, 1)
}

//! A batch run's JSON record as Python sees it: the dict of a record line
//! ([`dict_of`]), keys in the line's order, status names and file names
//! made Python strings once.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use serde::Deserialize;
use std::borrow::Cow;

/// One JSON record, borrowed from its line where it can be.
#[derive(Deserialize)]
struct RecordFields<'a> {
    input: u64,
    data_set: u64,
    #[serde(borrow)]
    file: Cow<'a, str>,
    line: u64,
    rows: Option<u64>,
    cols: Option<u64>,
    #[serde(borrow)]
    status: Cow<'a, str>,
    #[serde(rename = "loop", borrow)]
    edges: Option<Cow<'a, str>>,
    micros: Option<u64>,
    #[serde(borrow)]
    error: Option<Cow<'a, str>>,
}

/// The status names, made Python strings once.
fn status<'py>(py: Python<'py>, name: &str) -> Bound<'py, PyString> {
    match name {
        "solved" => intern!(py, "solved").clone(),
        "multiple" => intern!(py, "multiple").clone(),
        "none" => intern!(py, "none").clone(),
        "invalid" => intern!(py, "invalid").clone(),
        "gave-up" => intern!(py, "gave-up").clone(),
        "timed-out" => intern!(py, "timed-out").clone(),
        other => PyString::new(py, other),
    }
}

/// The last file name of the records made a Python string, reused.
pub type FileName = Option<(String, Py<PyString>)>;

/// The dict of one JSON record line, with the keys in the line's order.
pub fn dict_of<'py>(
    py: Python<'py>,
    line: &[u8],
    last_file: &mut FileName,
) -> PyResult<Bound<'py, PyDict>> {
    let r: RecordFields = serde_json::from_slice(line).map_err(|e| {
        pyo3::exceptions::PyRuntimeError::new_err(format!("unreadable record ({e})"))
    })?;
    let d = PyDict::new(py);
    d.set_item(intern!(py, "input"), r.input)?;
    d.set_item(intern!(py, "data_set"), r.data_set)?;
    let file = match last_file {
        Some((name, s)) if *name == r.file => s.bind(py).clone(),
        _ => {
            let s = PyString::new(py, &r.file);
            *last_file = Some((r.file.to_string(), s.clone().unbind()));
            s
        }
    };
    d.set_item(intern!(py, "file"), file)?;
    d.set_item(intern!(py, "line"), r.line)?;
    d.set_item(intern!(py, "rows"), r.rows)?;
    d.set_item(intern!(py, "cols"), r.cols)?;
    d.set_item(intern!(py, "status"), status(py, &r.status))?;
    if let Some(edges) = r.edges {
        d.set_item(intern!(py, "loop"), edges.as_ref())?;
    }
    if let Some(micros) = r.micros {
        d.set_item(intern!(py, "micros"), micros)?;
    }
    if let Some(error) = r.error {
        d.set_item(intern!(py, "error"), error.as_ref())?;
    }
    Ok(d)
}

//! slink for Python: the solver, the batch engine, check, verify, convert
//! and generate, as the extension module `slink._slink` (re-exported by
//! the package `slink`, whose `__init__.py` also holds the exception
//! classes).
//!
//! The work is the library's own: one puzzle is read by
//! `slink::formats::read` and solved by a `slink::Solver`; a corpus
//! goes through the batch engine (`slink::run::batch`) on a
//! thread of its own, whose JSON records (the bytes `slink solve --format
//! json` writes) are handed to Python a batch at a time, or whose output
//! goes to a file as `slink solve -o` writes it, resumed after a stop by
//! the library's `reopen` (`solve_to`). The GIL is
//! released (`Python::detach`, the former `allow_threads`) whenever Rust
//! solves, reads or waits.

mod commands;
mod errors;
mod puzzle;
mod record;
mod source;
mod stream;
mod to_file;
mod wait;

use pyo3::prelude::*;

/// The extension module.
#[pymodule]
fn _slink(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<puzzle::PyPuzzle>()?;
    m.add_class::<puzzle::SolveResult>()?;
    m.add_class::<stream::RecordStream>()?;
    m.add_function(wrap_pyfunction!(puzzle::solve, m)?)?;
    m.add_function(wrap_pyfunction!(puzzle::read, m)?)?;
    m.add_function(wrap_pyfunction!(stream::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(to_file::solve_to, m)?)?;
    m.add_function(wrap_pyfunction!(commands::check, m)?)?;
    m.add_function(wrap_pyfunction!(commands::verify, m)?)?;
    m.add_function(wrap_pyfunction!(commands::convert, m)?)?;
    m.add_function(wrap_pyfunction!(commands::generate, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

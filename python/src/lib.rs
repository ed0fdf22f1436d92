//! slink for Python: the solver, the batch engine, check, verify, convert
//! and generate, as the extension module `slink._slink` (re-exported by
//! the package `slink`, whose `__init__.py` also holds the exception
//! classes).
//!
//! The work is the library's own: one puzzle is read by
//! `slink::formats::read` and solved by a `slink::Solver`; a corpus
//! goes through the batch engine (`slink::internals::run::batch`) on a
//! thread of its own, whose JSON records (the bytes `slink solve --format
//! json` writes) are handed to Python a batch at a time. The GIL is
//! released (`Python::detach`, the former `allow_threads`) whenever Rust
//! solves, reads or waits.

mod one;
mod source;
mod stream;
mod tools;

use pyo3::prelude::*;

/// The extension module.
#[pymodule]
fn _slink(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<one::PyPuzzle>()?;
    m.add_class::<one::SolveResult>()?;
    m.add_class::<stream::RecordStream>()?;
    m.add_function(wrap_pyfunction!(one::solve, m)?)?;
    m.add_function(wrap_pyfunction!(one::read, m)?)?;
    m.add_function(wrap_pyfunction!(stream::solve_many, m)?)?;
    m.add_function(wrap_pyfunction!(tools::check, m)?)?;
    m.add_function(wrap_pyfunction!(tools::verify, m)?)?;
    m.add_function(wrap_pyfunction!(tools::convert, m)?)?;
    m.add_function(wrap_pyfunction!(tools::generate, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}

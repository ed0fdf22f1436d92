//! A request to stop a run at a record boundary, as a signal makes it:
//! the one mechanism of every command that takes puzzles (judge mode,
//! `solve`, `check`, `gen`, `explain`, `verify`, `bench`).
//!
//! A signal handler (the command line installs one for SIGINT and
//! SIGTERM) calls [`request`], which only touches atomics and so is
//! async-signal-safe. Runs look at [`requested`] before they take new
//! work: batch runs (and so judge mode) start no new batch, `check` and
//! `gen` grade or make no new puzzle, `verify` judges no further data
//! set, `bench` starts no new run. What is in flight is finished and
//! written whole, the output is flushed, and the run returns; the caller
//! exits with `128 + signal`. A second signal, or one that comes while
//! the run waits for input with everything written ([`while_idle`]), ends
//! the process at once: [`request`] tells the handler so.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

/// The first signal received, or 0.
static SIGNAL: AtomicI32 = AtomicI32::new(0);
/// Whether the run is waiting for input with all its output written.
static IDLE: AtomicBool = AtomicBool::new(false);

/// Records that `signal` asks the run to stop. Returns true if the
/// process should end at once: a signal came before, or the run is
/// waiting for input with nothing left to write. Async-signal-safe.
pub fn request(signal: i32) -> bool {
    let first = SIGNAL
        .compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst)
        .is_ok();
    !first || IDLE.load(Ordering::SeqCst)
}

/// The signal that asked the run to stop, if one did.
pub fn requested() -> Option<i32> {
    match SIGNAL.load(Ordering::Relaxed) {
        0 => None,
        signal => Some(signal),
    }
}

/// Whether a stop was requested: take no new work.
pub fn stopping() -> bool {
    requested().is_some()
}

/// Runs `wait` (a read that may block: a pipe, a terminal) marked as
/// idle, so that a signal during it ends the process at once; the caller
/// has written and flushed all its output. Does not run it if a stop was
/// requested already (then returns `None`).
pub fn while_idle<T>(wait: impl FnOnce() -> T) -> Option<T> {
    IDLE.store(true, Ordering::SeqCst);
    // A signal before the store is seen here; one after it, by `request`.
    let result = requested().is_none().then(wait);
    IDLE.store(false, Ordering::SeqCst);
    result
}

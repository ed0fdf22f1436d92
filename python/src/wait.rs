//! Waiting for the engine's thread: with the GIL released, looking at
//! Python's signals every 50 ms, so that Ctrl-C (KeyboardInterrupt)
//! reaches the caller while Rust works. The one way `solve_many` and
//! `solve_to` wait; what a signal stops is theirs to say.

use pyo3::prelude::*;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Duration;

/// How often Python's signals are looked at while waiting.
const SIGNALS_EVERY: Duration = Duration::from_millis(50);

/// The next message of `rx` (handed back with it), waited for with the
/// GIL released: `Ok(Some(message))`; `Ok(None)` when the sender went
/// away; or the exception a Python signal handler raised meanwhile
/// (KeyboardInterrupt), with nothing received.
pub fn receive<T: Send>(py: Python<'_>, rx: Receiver<T>) -> (Receiver<T>, PyResult<Option<T>>) {
    let mut rx = rx;
    loop {
        let (back, got) = py.detach(move || {
            let got = rx.recv_timeout(SIGNALS_EVERY);
            (rx, got)
        });
        rx = back;
        match got {
            Ok(message) => return (rx, Ok(Some(message))),
            Err(RecvTimeoutError::Disconnected) => return (rx, Ok(None)),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    return (rx, Err(e));
                }
            }
        }
    }
}

//! A slot of the ring: one data set in flight, from what the scanner
//! found to its formatted output.

use super::coded::Coded;
use crate::puzzle::formats::judge::{ParseError, Span};
use crate::solve::outcome::Status;
use std::sync::{Mutex, MutexGuard, PoisonError};

/// One data set in flight.
#[derive(Default)]
pub(super) struct Slot {
    /// What the scanner found.
    pub(super) item: Item,
    /// The status, once solved.
    pub(super) status: Option<Status>,
    /// Formatted output.
    pub(super) out: Vec<u8>,
    /// Formatted diagnostics.
    pub(super) diag: Vec<u8>,
    /// Capacity of `out` and `diag` counted in [`Sink::kept`].
    pub(super) kept: usize,
}

/// What the scanner found for a data set.
pub(super) enum Item {
    /// A data set to read and solve.
    Span(Span),
    /// A data set in another format (a URL, a Loopy ID, a pzprv3 file)
    /// to decode and solve.
    Coded(Coded),
    /// A header the scanner could not read.
    Error(ParseError),
}

impl Item {
    /// The data set's number and line (of its header, or of the error in
    /// a header).
    pub(super) fn place(&self) -> (usize, usize) {
        match self {
            Item::Span(s) => (s.number, s.header_line),
            Item::Coded(c) => (c.number, c.line),
            Item::Error(e) => (e.data_set, e.header.map_or(e.line, |h| h.line)),
        }
    }
}

impl Default for Item {
    /// A placeholder, until the slot is first filled.
    fn default() -> Self {
        Item::Error(ParseError {
            line: 0,
            col: 0,
            data_set: 0,
            message: String::new(),
            recoverable: false,
            header: None,
        })
    }
}

/// Locks a slot. Slots are never locked by two threads at once (a batch
/// belongs to its task or to the writing thread); a poisoned lock only
/// means a task panicked outside the solver's own guard, and the slot
/// then counts as given up.
pub(super) fn lock(slot: &Mutex<Slot>) -> MutexGuard<'_, Slot> {
    slot.lock().unwrap_or_else(PoisonError::into_inner)
}

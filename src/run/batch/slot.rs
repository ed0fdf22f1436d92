//! A slot of the ring: one data set in flight, from what the scanner
//! found to its formatted output.

use crate::puzzle::formats::{ParseError, Span};
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
    /// A data set to decode and solve, in any format.
    Span(Span),
    /// A data set the scanner could not delimit (a malformed judge-format
    /// header, or the input ending inside its rows): its span as far as
    /// known, and why (boxed: rare, and it would make every slot's item
    /// as large as itself).
    Error(Box<(Span, ParseError)>),
}

impl Item {
    /// The data set's span.
    pub(super) fn span(&self) -> &Span {
        match self {
            Item::Span(span) => span,
            Item::Error(broken) => &broken.0,
        }
    }
}

impl Default for Item {
    /// A placeholder, until the slot is first filled (a span of no bytes:
    /// if it were ever decoded, an error).
    fn default() -> Self {
        Item::Span(Span::default())
    }
}

/// Locks a slot. Slots are never locked by two threads at once (a batch
/// belongs to its task or to the writing thread); a poisoned lock only
/// means a task panicked outside the solver's own guard, and the slot
/// then counts as given up.
pub(super) fn lock(slot: &Mutex<Slot>) -> MutexGuard<'_, Slot> {
    slot.lock().unwrap_or_else(PoisonError::into_inner)
}

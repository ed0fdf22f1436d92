//! A worker's side of a batch: each worker thread keeps one [`Solver`]
//! and its puzzles in a thread-local, reads, solves and formats the data
//! sets of the batches it takes.

use super::format::OutputFormat;
use super::record::{self, Record};
use super::slot::{lock, Item, Slot};
use crate::puzzle::Puzzle;
use crate::solve::outcome::Options;
use crate::solve::outcome::Status;
use crate::solve::solver::Solver;
use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// A worker thread's reusable state.
pub(super) struct Worker {
    pub(super) solver: Solver,
    pub(super) puzzle: Puzzle,
    /// The puzzles of a batch, read before they are solved together.
    pub(super) puzzles: Vec<Puzzle>,
}

impl Worker {
    /// The worker of this thread, made anew if `shared` asks for other
    /// options.
    pub(super) fn get<'w>(worker: &'w mut Option<Worker>, shared: &Shared<'_>) -> &'w mut Worker {
        if worker
            .as_ref()
            .is_some_and(|w| *w.solver.options() != shared.options)
        {
            *worker = None;
        }
        worker.get_or_insert_with(|| Worker {
            solver: Solver::new(shared.options),
            puzzle: Puzzle::default(),
            puzzles: Vec::new(),
        })
    }
}

thread_local! {
    /// The worker state of each thread that works batches: the pool's
    /// threads, or the calling thread when there is no pool.
    pub(super) static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Frees the calling thread's worker state when a run without a pool ends
/// (a pool's go with its threads), so that a run leaves no solver behind.
pub(super) struct CallerWorker;

impl Drop for CallerWorker {
    fn drop(&mut self) {
        // Nothing to free if the thread is being torn down.
        let _ = WORKER.try_with(|w| w.borrow_mut().take());
    }
}

/// What every data set of a piece shares.
pub(super) struct Shared<'a> {
    pub(super) src: &'a [u8],
    pub(super) file: &'a str,
    pub(super) input: usize,
    pub(super) format: OutputFormat,
    pub(super) options: Options,
    /// Whether to time each data set (for records that show it).
    pub(super) timing: bool,
}

/// Reads, solves and formats the slots of a batch on the current worker
/// thread. The data sets that read well are solved together
/// ([`Solver::solve_all`]: small puzzles of one shape share their
/// deduction). If that panics, the batch is done again one slot at a time,
/// so that the failure is reported at its own data set.
pub(super) fn work_batch(batch: &[Mutex<Slot>], shared: &Shared<'_>, worker: &mut Option<Worker>) {
    let mut slots: Vec<MutexGuard<'_, Slot>> = batch.iter().map(lock).collect();
    let w = Worker::get(worker, shared);
    if catch_unwind(AssertUnwindSafe(|| together(&mut slots, w, shared))).is_err() {
        *worker = None;
        for slot in &mut slots {
            work(slot, shared, worker);
        }
    }
}

/// Reads every slot, solves those that read well together, and formats
/// each in place. With timing on, a data set's time is its reading plus
/// the solver's time from the previous outcome to its own (so the first
/// of puzzles deduced side by side carries their shared deduction).
pub(super) fn together(slots: &mut [MutexGuard<'_, Slot>], w: &mut Worker, shared: &Shared<'_>) {
    if w.puzzles.len() < slots.len() {
        w.puzzles.resize_with(slots.len(), Puzzle::default);
    }
    // The slots that read well, with the time their reading took.
    let mut read: Vec<(usize, Option<Duration>)> = Vec::with_capacity(slots.len());
    for (k, slot) in slots.iter_mut().enumerate() {
        let slot = &mut **slot;
        slot.out.clear();
        slot.diag.clear();
        let started = shared.timing.then(Instant::now);
        let (out, diag) = (&mut slot.out, &mut slot.diag);
        let parsed = match &slot.item {
            Item::Span(span) => span.decode(shared.src, &mut w.puzzles[k]),
            Item::Error(broken) => {
                let result = record::Fate::Invalid(&broken.1);
                slot.status = Some(emit(&slot.item, shared, result, None, out, diag));
                continue;
            }
        };
        let took = started.map(|t| t.elapsed());
        let status = match parsed {
            Ok(()) => {
                read.push((k, took));
                continue;
            }
            Err(e) => emit(
                &slot.item,
                shared,
                record::Fate::Invalid(&e),
                took,
                out,
                diag,
            ),
        };
        slot.status = Some(status);
    }
    let puzzles: Vec<&Puzzle> = read.iter().map(|&(k, _)| &w.puzzles[k]).collect();
    let mut last = shared.timing.then(Instant::now);
    w.solver.solve_all(&puzzles, |t, outcome| {
        let (k, reading) = read[t];
        let took = last.map(|l| l.elapsed() + reading.unwrap_or_default());
        let slot = &mut *slots[k];
        let result = record::Fate::Solved {
            puzzle: puzzles[t],
            outcome,
        };
        let (out, diag) = (&mut slot.out, &mut slot.diag);
        slot.status = Some(emit(&slot.item, shared, result, took, out, diag));
        last = shared.timing.then(Instant::now);
    });
}

/// Reads, solves and formats one slot on the current worker thread.
pub(super) fn work(slot: &mut Slot, shared: &Shared<'_>, worker: &mut Option<Worker>) {
    slot.out.clear();
    slot.diag.clear();
    let w = Worker::get(worker, shared);
    let (item, out, diag) = (&slot.item, &mut slot.out, &mut slot.diag);
    let done = catch_unwind(AssertUnwindSafe(|| one(item, w, shared, out, diag)));
    slot.status = Some(match done {
        Ok(status) => status,
        Err(_) => {
            // A bug in the solver: report it in place, start afresh.
            *worker = None;
            slot.out.clear();
            slot.diag.clear();
            let (out, diag) = (&mut slot.out, &mut slot.diag);
            emit(&slot.item, shared, record::Fate::Failed, None, out, diag)
        }
    });
}

/// Reads and solves one data set, formats its record; returns its status.
pub(super) fn one(
    item: &Item,
    w: &mut Worker,
    shared: &Shared<'_>,
    out: &mut Vec<u8>,
    diag: &mut Vec<u8>,
) -> Status {
    let started = shared.timing.then(Instant::now);
    let mut parse_error = None;
    let result = match item {
        Item::Error(broken) => record::Fate::Invalid(&broken.1),
        Item::Span(span) => match span.decode(shared.src, &mut w.puzzle) {
            Err(e) => record::Fate::Invalid(parse_error.insert(e)),
            Ok(()) => record::Fate::Solved {
                puzzle: &w.puzzle,
                outcome: w.solver.solve(&w.puzzle),
            },
        },
    };
    emit(
        item,
        shared,
        result,
        started.map(|t| t.elapsed()),
        out,
        diag,
    )
}

/// Formats the record of the data set `item` into `out` and `diag`;
/// returns its status. `took` is the time spent reading and solving it.
pub(super) fn emit(
    item: &Item,
    shared: &Shared<'_>,
    result: record::Fate<'_>,
    took: Option<Duration>,
    out: &mut Vec<u8>,
    diag: &mut Vec<u8>,
) -> Status {
    // The size its header gave (a judge-format data set whose rows are
    // bad, or cut short by the end of the input, keeps it); of a data set
    // in another format, once decoded.
    let span = item.span();
    let size = span.size().or(match result {
        record::Fate::Solved { puzzle, .. } => Some((puzzle.rows(), puzzle.cols())),
        _ => None,
    });
    let rec = Record {
        file: shared.file,
        input: shared.input,
        number: span.place.number,
        line: span.place.line,
        size,
        result,
        micros: took.map(|t| u64::try_from(t.as_micros()).unwrap_or(u64::MAX)),
    };
    shared.format.record(&rec, out, diag);
    rec.status()
}

//! The ring: batches of slots in flight, claimed by whichever thread
//! gets to each first, written in ring order.

use super::Error;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// Estimated output bytes (judge drawings) in flight, beyond which no
/// batch is started unless fewer than two per thread are in flight.
pub(super) const WINDOW_BYTES: usize = 8 << 20;

/// Most data sets in a batch. A batch's puzzles of one shape are deduced
/// side by side in packs ([`Solver::solve_all`]), and a pack of one is
/// solved alone at several times the cost of a packed puzzle: 240 (and
/// its half) is a multiple of the pack size of 20-column puzzles (12),
/// where 64 left 20x20 puzzles of every batch in a short pack. With a
/// pool, each batch is a hand-over between the reading thread and a
/// worker: on 100,000 20x20 puzzles on one worker of a pool, 240 rather
/// than 60 took the context switches from 1,700 to 450 and the system
/// time from 42 to 26 ms. (A window of 960 makes batches of 240 with one
/// thread, 120 on two: [`Config::DEFAULT_WINDOW`].)
pub(super) const BATCH_LEN: usize = 240;

/// A batch of the ring, as the writing thread sees it.
#[derive(Clone, Copy, Default)]
pub(super) struct Batch {
    /// Data sets in it.
    pub(super) len: usize,
    /// Their estimated output bytes.
    pub(super) cost: usize,
    /// Offset in the piece just past its last data set.
    pub(super) end: usize,
    /// Whether its task has finished.
    pub(super) done: bool,
    /// Its number among the batches of the piece, from 0.
    pub(super) seq: usize,
}

/// A batch's task: run on a worker of the pool, or on the calling thread.
pub(super) type Job<'a> = Box<dyn FnOnce() + Send + 'a>;

/// The loop of [`Engine::piece`], which starts each batch's task with the
/// function it is given: `f` itself (naming the tasks' lifetime `'p`, one
/// lifetime for every task, where a closure's own signature would take
/// tasks of any lifetime, which a rayon scope cannot run).
pub(super) fn ring_loop<'p, F>(f: F) -> F
where
    F: FnMut(&mut dyn FnMut(Job<'p>)) -> Result<(), Error>,
{
    f
}

/// A batch of the ring that some thread has taken (or none is there).
pub(super) const CLAIMED: usize = usize::MAX;

/// Takes the `seq`-th batch of the piece, whose place `claim` is, for
/// this thread to work; false if another thread has taken it already.
pub(super) fn claim(claim: &AtomicUsize, seq: usize) -> bool {
    claim
        .compare_exchange(seq, CLAIMED, Ordering::AcqRel, Ordering::Acquire)
        .is_ok()
}

/// Tells the writing thread that a batch is finished, even if its task
/// panicked.
pub(super) struct Finished(pub(super) mpsc::Sender<usize>, pub(super) usize);

impl Drop for Finished {
    fn drop(&mut self) {
        // The receiver is gone only if the writer stopped: nothing to tell.
        let _ = self.0.send(self.1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_is_claimed_once_and_only_under_its_own_number() {
        let place = AtomicUsize::new(CLAIMED);
        assert!(!claim(&place, 0), "nothing there yet");
        place.store(7, Ordering::Release);
        assert!(!claim(&place, 6), "an earlier batch's task");
        assert!(claim(&place, 7));
        assert!(!claim(&place, 7), "taken already");
        // The next batch in the same place: the old number no longer fits.
        place.store(15, Ordering::Release);
        assert!(!claim(&place, 7));
        assert!(claim(&place, 15));
    }
}

//! The ring: batches of slots in flight, claimed by whichever thread
//! gets to each first, written in ring order.

use super::scan::Scan;
use super::sink::Sink;
use super::slot::Slot;
use super::worker::{work_batch, Shared, WORKER};
use super::Error;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};

/// Estimated output bytes (judge drawings) in flight, beyond which no
/// batch is started unless fewer than two per thread are in flight.
pub(super) const WINDOW_BYTES: usize = 8 << 20;

/// Most data sets in a batch. A batch's puzzles of one shape are deduced
/// side by side in packs ([`Solver::solve_all`]), and a pack of one is
/// solved alone at several times the cost of a packed puzzle: 240 (and
/// its half) is a multiple of the pack size of 20-column puzzles (12),
/// where 64 left 20x20 puzzles of every batch in a short pack. With a
/// pool, each batch is a hand-over between the reading thread and a
/// worker: fewer, larger batches mean fewer context switches. (A window
/// of 960 makes batches of 240 with one thread, 120 on two:
/// [`Config::DEFAULT_WINDOW`].)
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

/// The ring as one piece uses it: its batches of slots, the batches in
/// flight from the oldest (`head`), and the channel on which their tasks
/// say they are finished.
pub(super) struct Ring<'p> {
    /// `batches.len()` batches of `batch_len` slots.
    slots: &'p [Mutex<Slot>],
    batch_len: usize,
    batches: &'p mut [Batch],
    /// For each batch of the ring, the number of the batch there if no
    /// thread has taken it yet to work it, else [`CLAIMED`].
    claims: &'p [AtomicUsize],
    /// Batches in flight below which one starts whatever the window's
    /// bytes: two per worker.
    few: usize,
    /// Bytes of input before the piece, for the progress bar.
    progress_base: u64,
    /// The oldest batch in flight.
    head: usize,
    /// Batches in flight.
    count: usize,
    /// Their estimated output bytes.
    cost: usize,
    /// Batches started in this piece: the next one's number.
    started: usize,
    tx: mpsc::Sender<usize>,
    rx: mpsc::Receiver<usize>,
    /// Called before each batch is written: an error (a mapped file
    /// shrank, so the piece may have been read wrong) goes to
    /// [`Sink::shrank`], and nothing more of the piece is written or
    /// worked.
    pub(super) check: Option<&'p dyn Fn() -> std::io::Result<()>>,
}

impl<'p> Ring<'p> {
    /// The ring of `slots` in batches of `batch_len` (`batches` and
    /// `claims` one per batch), for a piece whose input starts
    /// `progress_base` bytes into the run, with `few` batches in flight
    /// allowed whatever their bytes.
    pub(super) fn new(
        slots: &'p [Mutex<Slot>],
        batch_len: usize,
        batches: &'p mut [Batch],
        claims: &'p [AtomicUsize],
        few: usize,
        progress_base: u64,
    ) -> Self {
        let (tx, rx) = mpsc::channel::<usize>();
        Ring {
            slots,
            batch_len,
            batches,
            claims,
            few,
            progress_base,
            head: 0,
            count: 0,
            cost: 0,
            started: 0,
            tx,
            rx,
            check: None,
        }
    }

    /// Scans the piece into batches and works them: each batch goes to
    /// `spawn` as it is filled (the pool, or this thread at once with no
    /// pool), and this thread writes the finished ones in ring order, that
    /// is input order, through `sink`. When it can start none, it works the
    /// oldest batch no thread has taken. After a stop (`fail_fast`) or a
    /// failed write, the batches no thread has taken yet are not worked.
    pub(super) fn run(
        &mut self,
        scan: &mut Scan<'_>,
        sink: &mut Sink<'_>,
        shared: &'p Shared<'p>,
        out: &mut dyn Write,
        err: &mut dyn Write,
        spawn: &mut dyn FnMut(Job<'p>),
    ) -> Result<(), Error> {
        loop {
            self.take_finished();
            if self.count > 0 && self.batches[self.head].done {
                self.write_oldest(sink, out, err)?;
            } else if self.has_room(scan, sink) {
                self.start(scan, sink, shared, spawn);
            } else if self.count == 0 {
                return Ok(());
            } else {
                self.work_or_wait(shared);
            }
        }
    }

    /// The slots of batch `b` (the ring is whole batches).
    fn place(&self, b: usize) -> &'p [Mutex<Slot>] {
        &self.slots[b * self.batch_len..][..self.batch_len]
    }

    /// The task of batch `b`, the `seq`-th of the piece, of `n` data sets:
    /// works the batch unless another thread has claimed it, and tells the
    /// writing thread once it is done. (A task left over from an earlier
    /// batch in the same place finds another number there.)
    fn task(&self, b: usize, seq: usize, n: usize, shared: &'p Shared<'p>) -> Job<'p> {
        let (tx, claims, batch) = (self.tx.clone(), self.claims, &self.place(b)[..n]);
        Box::new(move || {
            if claim(&claims[b], seq) {
                let _finished = Finished(tx, b);
                WORKER.with(|w| work_batch(batch, shared, &mut w.borrow_mut()));
            }
        })
    }

    /// Notes the batches whose tasks said they are finished.
    fn take_finished(&mut self) {
        while let Ok(b) = self.rx.try_recv() {
            self.batches[b].done = true;
        }
    }

    /// Writes the oldest batch, which is finished, unless the run has
    /// stopped; after a stop or a failed write, the batches no thread has
    /// taken are dropped, not worked.
    fn write_oldest(
        &mut self,
        sink: &mut Sink<'_>,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<(), Error> {
        let ring = self.batches.len();
        let Batch { len, cost, end, .. } = self.batches[self.head];
        if let (None, Some(check)) = (&sink.shrank, self.check) {
            if let Err(e) = check() {
                sink.shrank = Some(e);
                self.drop_unclaimed();
            }
        }
        if !sink.totals.stopped && sink.shrank.is_none() {
            let written = sink.write(&self.place(self.head)[..len], out, err);
            if written.is_err() || sink.totals.stopped {
                self.drop_unclaimed();
            }
            written?;
            let at = self.progress_base + end as u64;
            sink.progress.update(at, sink.totals.data_sets());
        }
        self.cost -= cost;
        self.head = (self.head + 1) % ring;
        self.count -= 1;
        Ok(())
    }

    /// Nothing more will be written: the batches no thread has taken are
    /// marked done without being worked.
    fn drop_unclaimed(&mut self) {
        let ring = self.batches.len();
        for b in (0..self.count).map(|k| (self.head + k) % ring) {
            if claim(&self.claims[b], self.batches[b].seq) {
                self.batches[b].done = true;
            }
        }
    }

    /// Whether a batch may start: the piece has more, the run goes on
    /// (no stop, no signal: then the batches in flight are finished and
    /// written, and no more start), the ring has room, and so has the window (or fewer than `few`
    /// batches are in flight).
    fn has_room(&self, scan: &Scan<'_>, sink: &Sink<'_>) -> bool {
        scan.end.is_none()
            && !sink.totals.stopped
            && sink.shrank.is_none()
            && !sink.config.stopping()
            && self.count < self.batches.len()
            && (self.cost < WINDOW_BYTES || self.count < self.few)
    }

    /// Fills the next batch from the scan, and hands its task to `spawn`
    /// (with no pool, that works it at once).
    fn start(
        &mut self,
        scan: &mut Scan<'_>,
        sink: &mut Sink<'_>,
        shared: &'p Shared<'p>,
        spawn: &mut dyn FnMut(Job<'p>),
    ) {
        let b = (self.head + self.count) % self.batches.len();
        let (n, c) = scan.fill(self.place(b), &mut sink.totals.skipped);
        if n == 0 {
            return;
        }
        let seq = self.started;
        self.batches[b] = Batch {
            len: n,
            cost: c,
            end: scan.reader.position(),
            done: false,
            seq,
        };
        self.count += 1;
        self.cost += c;
        self.claims[b].store(seq, Ordering::Release);
        spawn(self.task(b, seq, n, shared));
        self.started += 1;
    }

    /// No batch can start (the ring or the window is full, or the piece
    /// is scanned): works the oldest batch no thread has claimed yet, if
    /// any; else waits for one to finish.
    fn work_or_wait(&mut self, shared: &'p Shared<'p>) {
        let ring = self.batches.len();
        let unclaimed = (0..self.count)
            .map(|k| (self.head + k) % ring)
            .find(|&b| self.claims[b].load(Ordering::Acquire) == self.batches[b].seq);
        match unclaimed {
            Some(b) => {
                let Batch { seq, len, .. } = self.batches[b];
                self.task(b, seq, len, shared)();
            }
            None => {
                // The ring holds a sender: the channel stays open.
                let b = self.rx.recv().expect("a sender is held here");
                self.batches[b].done = true;
            }
        }
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

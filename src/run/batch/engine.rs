//! The batch engine: pieces of input, a ring of data sets in flight,
//! parallel solving, output in input order.
//!
//! For each input, the engine takes a piece that ends at a line boundary
//! ([`input::Source`]) and scans its data sets into a ring of slots cut
//! into batches. Each batch, once filled, is a task on the rayon pool: its
//! worker reads, solves and formats the batch's data sets (each worker
//! thread keeps one [`Solver`] and one [`Puzzle`] in a thread-local,
//! reused for every data set it takes). Meanwhile the calling thread
//! writes finished batches in ring order, that is input order, and refills
//! their slots with the next data sets. So at most a window of data sets
//! (the ring) is in flight, there is no barrier between batches (a slow
//! puzzle holds up the output, not the other workers, until the ring is
//! full), and the output does not depend on the number of threads. When a
//! piece is exhausted the ring drains and the next piece, which starts at
//! the header of any data set the piece cut, is read.
//!
//! The calling thread is one of the workers: the pool has one thread
//! fewer than asked for. Every batch is handed to the pool as it is
//! filled, but whichever thread gets to it first takes it (a claim on its
//! place in the ring): the pool's threads take batches in ring order,
//! and the calling thread, whenever it can start no batch (the ring or
//! the window is full, or the piece is scanned), takes the oldest batch
//! no thread has taken rather than wait. So neither side idles while the
//! other has work queued, whatever the puzzles cost (on 100,000 20x20
//! puzzles on two threads, a calling thread that worked every batch past
//! two queued per pool thread left the pool thread idle 10% of the run).
//! With one thread there is no pool: the calling thread works each batch
//! as soon as it has filled it, then writes it (no hand-over between
//! threads: on 100,000 20x20 puzzles, 0.28 s of CPU time with a pool of
//! one worker, 0.22 s this way).

use super::format::{self, Format, Kind, Record};
use super::input::{self, Source};
use super::{Config, Error, Input, Shard, Totals};
use crate::puzzle::parse::{parse_body, Ending, ParseError, Scanner, Span};
use crate::puzzle::render::drawing_len;
use crate::puzzle::Puzzle;
use crate::solve::outcome::Options;
use crate::solve::solver::Solver;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::ThreadPool;
use std::cell::RefCell;
use std::io::{self, IoSlice, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Estimated output bytes (judge drawings) in flight, beyond which no
/// batch is started unless fewer than two per thread are in flight.
const WINDOW_BYTES: usize = 8 << 20;

/// Estimated output bytes of a batch, beyond which it takes no more data
/// sets.
const BATCH_BYTES: usize = 1 << 20;

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
const BATCH_LEN: usize = 240;

/// Capacity of output buffers kept for reuse once written: beyond it,
/// buffers are freed, so that memory follows the data sets in flight,
/// not the ring's size times the largest output.
const KEPT_BYTES: usize = 8 << 20;

/// One data set in flight.
#[derive(Default)]
struct Slot {
    /// What the scanner found.
    item: Item,
    /// The status, once solved.
    kind: Option<Kind>,
    /// Formatted output.
    out: Vec<u8>,
    /// Formatted diagnostics.
    diag: Vec<u8>,
    /// Capacity of `out` and `diag` counted in [`Sink::kept`].
    kept: usize,
}

/// What the scanner found for a data set.
enum Item {
    /// A data set to read and solve.
    Span(Span),
    /// A header the scanner could not read.
    Error(ParseError),
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

/// A worker thread's reusable state.
struct Worker {
    solver: Solver,
    puzzle: Puzzle,
    /// The puzzles of a batch, read before they are solved together.
    puzzles: Vec<Puzzle>,
}

impl Worker {
    /// The worker of this thread, made anew if `shared` asks for other
    /// options.
    fn get<'w>(worker: &'w mut Option<Worker>, shared: &Shared<'_>) -> &'w mut Worker {
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
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// Frees the calling thread's worker state when a run without a pool ends
/// (a pool's go with its threads), so that a run leaves no solver behind.
struct CallerWorker;

impl Drop for CallerWorker {
    fn drop(&mut self) {
        // Nothing to free if the thread is being torn down.
        let _ = WORKER.try_with(|w| w.borrow_mut().take());
    }
}

/// What every data set of a piece shares.
struct Shared<'a> {
    src: &'a [u8],
    file: &'a str,
    input: usize,
    format: Format,
    options: Options,
    /// Whether to time each data set (for records that show it).
    timing: bool,
}

/// The input being read.
struct FileState {
    name: String,
    /// Position among the inputs, from 1.
    index: usize,
    /// Number of the next data set.
    next_number: usize,
    /// Lines before the current piece.
    line_offset: usize,
    /// Bytes scanned so far.
    scanned: u64,
}

/// How a piece ended.
enum PieceEnd {
    /// The input is finished (`0 0`, the end, an error that stops it, or
    /// a stop of the run).
    Done,
    /// The input ended without `0 0`.
    Unterminated,
    /// The piece is exhausted; the next one starts at offset `at` in it,
    /// on its line `line` (from 1).
    More { at: usize, line: usize },
}

/// The progress bar, when there is one.
struct Progress(Option<ProgressBar>);

impl Progress {
    fn new(enabled: bool, total: Option<u64>) -> Progress {
        if !enabled {
            return Progress(None);
        }
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
        let template = if total.is_some() {
            "{bar:30} {bytes}/{total_bytes} {msg} [{elapsed}, {eta} left]"
        } else {
            "{spinner} {bytes} {msg} [{elapsed}]"
        };
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        Progress(Some(bar))
    }

    fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.0 {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    fn update(&self, bytes: u64, data_sets: usize) {
        if let Some(bar) = &self.0 {
            bar.set_position(bytes);
            bar.set_message(format!("{data_sets} data sets"));
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}

/// A batch of the ring, as the writing thread sees it.
#[derive(Clone, Copy, Default)]
struct Batch {
    /// Data sets in it.
    len: usize,
    /// Their estimated output bytes.
    cost: usize,
    /// Offset in the piece just past its last data set.
    end: usize,
    /// Whether its task has finished.
    done: bool,
    /// Its number among the batches of the piece, from 0.
    seq: usize,
}

/// A batch's task: run on a worker of the pool, or on the calling thread.
type Job<'a> = Box<dyn FnOnce() + Send + 'a>;

/// The loop of [`Engine::piece`], which starts each batch's task with the
/// function it is given: `f` itself (naming the tasks' lifetime `'p`, one
/// lifetime for every task, where a closure's own signature would take
/// tasks of any lifetime, which a rayon scope cannot run).
fn ring_loop<'p, F>(f: F) -> F
where
    F: FnMut(&mut dyn FnMut(Job<'p>)) -> Result<(), Error>,
{
    f
}

/// A batch of the ring that some thread has taken (or none is there).
const CLAIMED: usize = usize::MAX;

/// Takes the `seq`-th batch of the piece, whose place `claim` is, for
/// this thread to work; false if another thread has taken it already.
fn claim(claim: &AtomicUsize, seq: usize) -> bool {
    claim
        .compare_exchange(seq, CLAIMED, Ordering::AcqRel, Ordering::Acquire)
        .is_ok()
}

/// Tells the writing thread that a batch is finished, even if its task
/// panicked.
struct Finished(mpsc::Sender<usize>, usize);

impl Drop for Finished {
    fn drop(&mut self) {
        // The receiver is gone only if the writer stopped: nothing to tell.
        let _ = self.0.send(self.1);
    }
}

/// Locks a slot. Slots are never locked by two threads at once (a batch
/// belongs to its task or to the writing thread); a poisoned lock only
/// means a task panicked outside the solver's own guard, and the slot
/// then counts as given up.
fn lock(slot: &Mutex<Slot>) -> MutexGuard<'_, Slot> {
    slot.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The scan of one piece.
struct Scan<'a> {
    scanner: Scanner<'a>,
    len: usize,
    last: bool,
    line_offset: usize,
    shard: Shard,
    /// How the piece ended, once it has.
    end: Option<PieceEnd>,
    /// The number of a data set whose header stopped the input.
    failed: Option<usize>,
    /// Worker threads sharing the batches.
    workers: usize,
}

impl Scan<'_> {
    /// Puts the next data sets of this shard into `batch`; returns how
    /// many and their estimated output bytes. Counts the others in
    /// `skipped`.
    ///
    /// In an input's last piece, with several workers, a batch also stops
    /// once it has taken a share of what is left of the piece (a half per
    /// worker; at least one data set, or the end): near the end batches
    /// get smaller, so that the last data sets are shared out rather than
    /// left to one worker in one batch.
    fn fill(&mut self, batch: &[Mutex<Slot>], skipped: &mut usize) -> (usize, usize) {
        let (mut n, mut cost) = (0, 0);
        let start = self.scanner.position();
        let share = if self.last && self.workers > 1 {
            (self.len - start).div_ceil(2 * self.workers)
        } else {
            usize::MAX
        };
        let put = |n: &mut usize, item: Item| {
            let mut slot = lock(&batch[*n]);
            slot.item = item;
            slot.kind = None;
            *n += 1;
        };
        while self.end.is_none()
            && n < batch.len()
            && cost < BATCH_BYTES
            && (n == 0 || self.scanner.position() - start < share)
        {
            let (before, line) = (self.scanner.position(), self.scanner.line());
            match self.scanner.next() {
                None => {
                    self.end = Some(match self.scanner.ending() {
                        Ending::MissingTerminator if !self.last => PieceEnd::More {
                            at: self.len,
                            line: self.scanner.line(),
                        },
                        Ending::MissingTerminator => PieceEnd::Unterminated,
                        _ => PieceEnd::Done,
                    });
                }
                Some(Ok(mut span)) => {
                    span.header_line += self.line_offset;
                    if self.shard.takes(span.number) {
                        cost += drawing_len(span.rows, span.cols);
                        put(&mut n, Item::Span(span));
                    } else {
                        *skipped += 1;
                    }
                }
                Some(Err(mut e)) => {
                    if !self.last && !e.recoverable && self.scanner.position() >= self.len {
                        // Cut by the end of the piece, not malformed.
                        self.end = Some(PieceEnd::More { at: before, line });
                    } else {
                        // The scanner stops here: the input is finished.
                        e.line += self.line_offset;
                        if let Some(h) = &mut e.header {
                            h.line += self.line_offset;
                        }
                        self.failed = Some(e.data_set);
                        if self.shard.takes(e.data_set) {
                            put(&mut n, Item::Error(e));
                        }
                    }
                }
            }
        }
        (n, cost)
    }
}

/// Where results go, and what has been counted.
struct Sink<'c> {
    config: &'c Config,
    totals: Totals,
    progress: Progress,
    /// Capacity of the written slots' buffers, kept for reuse.
    kept: usize,
}

impl Sink<'_> {
    /// Writes the slots of a finished batch in order, counting them. With
    /// `fail_fast`, stops after the first error.
    ///
    /// The drawings of a run of slots go out in one vectored write, straight
    /// from the slots' buffers: copying them into a buffered writer first
    /// cost the writing thread a pass over every output byte (388 MB for
    /// 100,000 20x20 puzzles), which held back the speedup of more threads.
    fn write(
        &mut self,
        slots: &[Mutex<Slot>],
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<(), Error> {
        let mut run: Vec<MutexGuard<'_, Slot>> = Vec::with_capacity(slots.len());
        for slot in slots {
            let slot = lock(slot);
            let kind = slot.kind.unwrap_or(Kind::GaveUp);
            self.totals.add(kind);
            let invalid_stop = self.config.stop_at_invalid && kind == Kind::Invalid;
            let stop = (self.config.fail_fast && kind.is_error()) || invalid_stop;
            let has_diag = !slot.diag.is_empty();
            run.push(slot);
            if has_diag || stop {
                // The drawings so far, then the diagnostics, in order.
                self.write_run(&mut run, out)?;
                if has_diag {
                    out.flush()?;
                    let diag = &run.last().expect("this slot").diag;
                    self.progress.suspend(|| err.write_all(diag))?;
                }
                self.recycle(&mut run);
            }
            if stop {
                self.totals.stopped = true;
                return Ok(());
            }
        }
        self.write_run(&mut run, out)?;
        self.recycle(&mut run);
        Ok(())
    }

    /// Writes the drawings of `run` (those not written yet: a slot's
    /// drawing is emptied once written).
    fn write_run(&self, run: &mut [MutexGuard<'_, Slot>], out: &mut dyn Write) -> io::Result<()> {
        let mut bufs: Vec<IoSlice<'_>> = run.iter().map(|slot| IoSlice::new(&slot.out)).collect();
        write_all_vectored(out, &mut bufs)?;
        drop(bufs);
        run.iter_mut().for_each(|slot| slot.out.clear());
        Ok(())
    }

    /// Keeps the buffers of the written slots of `run` for reuse, up to
    /// [`KEPT_BYTES`] in all, and empties `run`.
    fn recycle(&mut self, run: &mut Vec<MutexGuard<'_, Slot>>) {
        for slot in run.iter_mut() {
            self.kept -= slot.kept;
            slot.kept = slot.out.capacity() + slot.diag.capacity();
            if self.kept + slot.kept > KEPT_BYTES {
                (slot.out, slot.diag, slot.kept) = (Vec::new(), Vec::new(), 0);
            }
            self.kept += slot.kept;
        }
        run.clear();
    }

    /// Writes a diagnostic line about a whole input, after the output so far.
    fn note(&self, line: &str, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Error> {
        out.flush()?;
        self.progress.suspend(|| writeln!(err, "{line}"))?;
        Ok(())
    }
}

/// Writes all of `bufs` to `out` with vectored writes (as
/// `Write::write_all` does for one buffer).
fn write_all_vectored(out: &mut dyn Write, mut bufs: &mut [IoSlice<'_>]) -> io::Result<()> {
    IoSlice::advance_slices(&mut bufs, 0);
    while !bufs.is_empty() {
        match out.write_vectored(bufs) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => IoSlice::advance_slices(&mut bufs, n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// A batch run in progress.
pub struct Engine<'c> {
    /// The workers besides the calling thread, which works batches too
    /// when it can start none; none for one thread: the calling thread
    /// then does each batch itself between writes.
    pool: Option<ThreadPool>,
    /// Threads that work batches: the pool's and the calling thread.
    workers: usize,
    /// Frees the calling thread's worker state at the end.
    _caller: CallerWorker,
    /// The ring: `batches.len()` batches of `batch_len` slots.
    slots: Vec<Mutex<Slot>>,
    batch_len: usize,
    batches: Vec<Batch>,
    /// For each batch of the ring, the number of the batch there if no
    /// thread has taken it yet to work it, else [`CLAIMED`].
    claims: Vec<AtomicUsize>,
    sink: Sink<'c>,
    /// Bytes of the inputs before the current one.
    bytes_before: u64,
    /// Number of the next data set, with continuous numbering.
    next_number: usize,
    started: Instant,
}

impl<'c> Engine<'c> {
    /// Starts the worker threads besides the calling one, if any (and the
    /// progress bar), for a run over `inputs`.
    pub fn new(config: &'c Config, inputs: &[Input]) -> Result<Engine<'c>, Error> {
        let workers = match config.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            threads => threads,
        };
        let pool = match workers {
            1 => None,
            _ => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(workers - 1)
                    .thread_name(|k| format!("slink-{k}"))
                    .stack_size(8 << 20)
                    .build()
                    .map_err(Error::Threads)?,
            ),
        };
        let window = config.window.max(1);
        let batch_len = (window / (4 * workers)).clamp(1, BATCH_LEN);
        // Whole batches only: a short last batch would break packs up. With
        // no pool, one batch is in flight at a time.
        let window = match pool {
            Some(_) => window / batch_len * batch_len,
            None => batch_len,
        };
        let total = if config.progress {
            inputs.iter().try_fold(0u64, |sum, input| match input {
                Input::Path(p) => std::fs::metadata(p)
                    .ok()
                    .filter(|m| m.is_file())
                    .map(|m| sum + m.len()),
                Input::Stdin => None,
            })
        } else {
            None
        };
        Ok(Engine {
            _caller: CallerWorker,
            pool,
            workers,
            slots: (0..window).map(|_| Mutex::default()).collect(),
            batch_len,
            batches: vec![Batch::default(); window / batch_len],
            claims: (0..window / batch_len)
                .map(|_| AtomicUsize::new(CLAIMED))
                .collect(),
            sink: Sink {
                config,
                totals: Totals::default(),
                progress: Progress::new(config.progress, total),
                kept: 0,
            },
            bytes_before: 0,
            next_number: 1,
            started: Instant::now(),
        })
    }

    /// Whether the run stopped early (`fail_fast`).
    pub fn stopped(&self) -> bool {
        self.sink.totals.stopped
    }

    /// Reads, solves and writes every data set of `input`, the
    /// `index`-th (from 1). An unreadable input is reported on `err` and
    /// counted; only a failure to write is an `Err`.
    pub fn input(
        &mut self,
        index: usize,
        input: &Input,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<(), Error> {
        let first = if self.sink.config.continuous_numbering {
            self.next_number
        } else {
            1
        };
        let mut file = FileState {
            name: input.name(),
            index,
            next_number: first,
            line_offset: 0,
            scanned: 0,
        };
        self.sink.totals.files += 1;
        let result = match input::open(input) {
            Ok(mut source) => self.read(&mut file, &mut source, out, err),
            Err(e) => Ok(Some(e)),
        };
        self.sink.totals.bytes += file.scanned;
        self.bytes_before += file.scanned;
        self.next_number = file.next_number;
        if let Some(e) = result? {
            let line = format!("slink: cannot read {}: {e}", file.name);
            self.sink.note(&line, out, err)?;
            self.sink.totals.unreadable += 1;
            if self.sink.config.fail_fast {
                self.sink.totals.stopped = true;
            }
        }
        Ok(())
    }

    /// Reads `source` piece by piece. Returns the read error that stopped
    /// it, if one did.
    fn read(
        &mut self,
        file: &mut FileState,
        source: &mut Source,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<Option<std::io::Error>, Error> {
        let config = self.sink.config;
        let piece_bytes = if source.is_mapped() {
            config.map_bytes
        } else {
            config.piece_bytes
        }
        .max(1);
        let mut want = piece_bytes;
        // Doubles the piece for a line or a data set larger than it, up to
        // the limit; then the input is given up.
        let grow = |want: &mut usize, len: usize, number: usize| {
            if *want >= config.piece_limit {
                return Err(std::io::Error::other(format!(
                    "data set {number} does not end within {} bytes",
                    config.piece_limit
                )));
            }
            *want = (*want).max(len).saturating_mul(2).min(config.piece_limit);
            Ok(())
        };
        loop {
            if let Err(e) = source.fill(want) {
                return Ok(Some(e));
            }
            let data = source.piece();
            let last = source.is_last();
            let limit = if last {
                data.len()
            } else {
                match memchr::memrchr(b'\n', data) {
                    Some(k) => k + 1,
                    None => match grow(&mut want, data.len(), file.next_number) {
                        Ok(()) => continue,
                        Err(e) => return Ok(Some(e)),
                    },
                }
            };
            let base = source.offset();
            match self.piece(file, &data[..limit], last, base, out, err)? {
                PieceEnd::Done => return Ok(None),
                PieceEnd::Unterminated => {
                    let line = format!(
                        "{}: warning: the input ends without the closing '0 0' line",
                        file.name
                    );
                    self.sink.note(&line, out, err)?;
                    return Ok(None);
                }
                PieceEnd::More { at, line } => {
                    // Keep the newline before the rest, so that the next
                    // piece starts at a line start and never with what
                    // the scanner would take for a byte order mark.
                    let cut = if at > 0 && data[at - 1] == b'\n' {
                        at - 1
                    } else {
                        at
                    };
                    // The newlines before the cut, as the scanner counted
                    // them (counting them again took 0.5-0.9 ms a piece of
                    // 16 MB, with every other thread idle).
                    file.line_offset += line - 1 - usize::from(cut < at);
                    if cut == 0 {
                        // One data set is larger than the piece.
                        if let Err(e) = grow(&mut want, data.len(), file.next_number) {
                            return Ok(Some(e));
                        }
                    } else {
                        want = piece_bytes;
                    }
                    source.consume(cut);
                }
            }
        }
    }

    /// Scans `src` (a piece starting at offset `base`, the last one of
    /// its input if `last`), solving its data sets in batches on the pool
    /// and on this thread, which writes the finished ones in order (with
    /// no pool, this thread solves each batch, then writes it). After a
    /// stop (`fail_fast`) or a failed write, the batches no thread has
    /// taken yet are not solved.
    fn piece(
        &mut self,
        file: &mut FileState,
        src: &[u8],
        last: bool,
        base: u64,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<PieceEnd, Error> {
        let config = self.sink.config;
        let shared = Shared {
            src,
            file: &file.name,
            input: file.index,
            format: config.format,
            options: config.options,
            // Clock reads cost 4% of a 20x20 run (`perf`): only where a
            // record shows them.
            timing: config.timing && config.format.shows_record_times(),
        };
        let mut scan = Scan {
            scanner: Scanner::numbered_from(src, file.next_number),
            len: src.len(),
            last,
            line_offset: file.line_offset,
            shard: config.shard,
            end: None,
            failed: None,
            workers: self.workers,
        };
        let few = 2 * self.workers;
        let (slots, batch_len, batches) = (&self.slots, self.batch_len, &mut self.batches);
        let claims = &self.claims;
        let sink = &mut self.sink;
        let progress_base = self.bytes_before + base;
        let ring = batches.len();
        // The slots of batch `b` (the ring is whole batches).
        let place = |b: usize| &slots[b * batch_len..][..batch_len];
        let mut run = ring_loop(|spawn| {
            let (tx, rx) = mpsc::channel::<usize>();
            let (mut head, mut count, mut cost, mut started) = (0, 0, 0, 0);
            // Works batch `b`, the `seq`-th of the piece, of `n` data sets,
            // unless another thread has claimed it, and tells the writing
            // thread once it is done. (A task left over from an earlier
            // batch in the same place finds another number there.)
            let work = |b: usize, seq: usize, n: usize| {
                let tx = tx.clone();
                let shared = &shared;
                move || {
                    if claim(&claims[b], seq) {
                        let _finished = Finished(tx, b);
                        let batch = &place(b)[..n];
                        WORKER.with(|w| work_batch(batch, shared, &mut w.borrow_mut()));
                    }
                }
            };
            loop {
                while let Ok(b) = rx.try_recv() {
                    batches[b].done = true;
                }
                // Write the oldest batch once it is finished.
                if count > 0 && batches[head].done {
                    let Batch {
                        len, cost: c, end, ..
                    } = batches[head];
                    if !sink.totals.stopped {
                        let written = sink.write(&place(head)[..len], out, err);
                        if written.is_err() || sink.totals.stopped {
                            // Nothing more will be written: the batches no
                            // thread has taken are dropped, not worked.
                            for b in (0..count).map(|k| (head + k) % ring) {
                                if claim(&claims[b], batches[b].seq) {
                                    batches[b].done = true;
                                }
                            }
                        }
                        written?;
                        let at = progress_base + end as u64;
                        sink.progress.update(at, sink.totals.data_sets());
                    }
                    cost -= c;
                    head = (head + 1) % ring;
                    count -= 1;
                    continue;
                }
                // Start a batch while the ring has room: hand it to the
                // pool (with no pool, this does it at once).
                if scan.end.is_none()
                    && !sink.totals.stopped
                    && count < ring
                    && (cost < WINDOW_BYTES || count < few)
                {
                    let b = (head + count) % ring;
                    let (n, c) = scan.fill(place(b), &mut sink.totals.skipped);
                    if n == 0 {
                        continue;
                    }
                    batches[b] = Batch {
                        len: n,
                        cost: c,
                        end: scan.scanner.position(),
                        done: false,
                        seq: started,
                    };
                    count += 1;
                    cost += c;
                    claims[b].store(started, Ordering::Release);
                    spawn(Box::new(work(b, started, n)));
                    started += 1;
                    continue;
                }
                if count == 0 {
                    return Ok(());
                }
                // No batch can start (the ring or the window is full, or
                // the piece is scanned): work the oldest batch no thread
                // has claimed yet, if any; else wait for one to finish.
                let unclaimed = (0..count)
                    .map(|k| (head + k) % ring)
                    .find(|&b| claims[b].load(Ordering::Acquire) == batches[b].seq);
                match unclaimed {
                    Some(b) => work(b, batches[b].seq, batches[b].len)(),
                    None => {
                        // This loop holds a sender: the channel stays open.
                        let b = rx.recv().expect("a sender is held here");
                        batches[b].done = true;
                    }
                }
            }
        });
        let written = match &self.pool {
            Some(pool) => {
                pool.in_place_scope_fifo(|scope| run(&mut |job| scope.spawn_fifo(move |_| job())))
            }
            None => run(&mut |job| job()),
        };
        file.next_number = scan
            .scanner
            .next_number()
            .max(scan.failed.map_or(0, |k| k + 1));
        file.scanned = base + scan.scanner.position() as u64;
        written?;
        if self.sink.totals.stopped {
            return Ok(PieceEnd::Done);
        }
        Ok(scan.end.unwrap_or(PieceEnd::Done))
    }

    /// Ends the run: clears the progress bar, returns the counts.
    pub fn finish(self) -> Totals {
        self.sink.progress.finish();
        let mut totals = self.sink.totals;
        totals.elapsed = self.started.elapsed();
        totals
    }
}

/// Reads, solves and formats the slots of a batch on the current worker
/// thread. The data sets that read well are solved together
/// ([`Solver::solve_all`]: small puzzles of one shape share their
/// deduction). If that panics, the batch is done again one slot at a time,
/// so that the failure is reported at its own data set.
fn work_batch(batch: &[Mutex<Slot>], shared: &Shared<'_>, worker: &mut Option<Worker>) {
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
fn together(slots: &mut [MutexGuard<'_, Slot>], w: &mut Worker, shared: &Shared<'_>) {
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
        let kind = match &slot.item {
            Item::Span(span) => match parse_body(shared.src, span, &mut w.puzzles[k]) {
                Ok(()) => {
                    read.push((k, started.map(|t| t.elapsed())));
                    continue;
                }
                Err(e) => {
                    let took = started.map(|t| t.elapsed());
                    let result = format::Result::Invalid(&e);
                    emit(&slot.item, shared, result, took, out, diag)
                }
            },
            Item::Error(e) => emit(
                &slot.item,
                shared,
                format::Result::Invalid(e),
                None,
                out,
                diag,
            ),
        };
        slot.kind = Some(kind);
    }
    let puzzles: Vec<&Puzzle> = read.iter().map(|&(k, _)| &w.puzzles[k]).collect();
    let mut last = shared.timing.then(Instant::now);
    w.solver.solve_all(&puzzles, |t, outcome| {
        let (k, reading) = read[t];
        let took = last.map(|l| l.elapsed() + reading.unwrap_or_default());
        let slot = &mut *slots[k];
        let result = format::Result::Solved {
            puzzle: puzzles[t],
            outcome,
        };
        let (out, diag) = (&mut slot.out, &mut slot.diag);
        slot.kind = Some(emit(&slot.item, shared, result, took, out, diag));
        last = shared.timing.then(Instant::now);
    });
}

/// Reads, solves and formats one slot on the current worker thread.
fn work(slot: &mut Slot, shared: &Shared<'_>, worker: &mut Option<Worker>) {
    slot.out.clear();
    slot.diag.clear();
    let w = Worker::get(worker, shared);
    let (item, out, diag) = (&slot.item, &mut slot.out, &mut slot.diag);
    let done = catch_unwind(AssertUnwindSafe(|| one(item, w, shared, out, diag)));
    slot.kind = Some(match done {
        Ok(kind) => kind,
        Err(_) => {
            // A bug in the solver: report it in place, start afresh.
            *worker = None;
            slot.out.clear();
            slot.diag.clear();
            let (out, diag) = (&mut slot.out, &mut slot.diag);
            emit(&slot.item, shared, format::Result::Failed, None, out, diag)
        }
    });
}

/// Reads and solves one data set, formats its record; returns its status.
fn one(
    item: &Item,
    w: &mut Worker,
    shared: &Shared<'_>,
    out: &mut Vec<u8>,
    diag: &mut Vec<u8>,
) -> Kind {
    let started = shared.timing.then(Instant::now);
    let mut parse_error = None;
    let result = match item {
        Item::Span(span) => match parse_body(shared.src, span, &mut w.puzzle) {
            Ok(()) => format::Result::Solved {
                puzzle: &w.puzzle,
                outcome: w.solver.solve(&w.puzzle),
            },
            Err(e) => format::Result::Invalid(parse_error.insert(e)),
        },
        Item::Error(e) => format::Result::Invalid(e),
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
/// returns its kind. `took` is the time spent reading and solving it.
fn emit(
    item: &Item,
    shared: &Shared<'_>,
    result: format::Result<'_>,
    took: Option<Duration>,
    out: &mut Vec<u8>,
    diag: &mut Vec<u8>,
) -> Kind {
    let (number, line, size) = match item {
        Item::Span(s) => (s.number, s.header_line, Some((s.rows, s.cols))),
        // A header read before the input ended inside the data set still
        // gives its size.
        Item::Error(e) => (
            e.data_set,
            e.header.map_or(e.line, |h| h.line),
            e.header.map(|h| (h.rows, h.cols)),
        ),
    };
    let rec = Record {
        file: shared.file,
        input: shared.input,
        number,
        line,
        size,
        result,
        micros: took.map(|t| u64::try_from(t.as_micros()).unwrap_or(u64::MAX)),
    };
    shared.format.record(&rec, out, diag);
    rec.kind()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scan of all of `text`, the last piece of its input if `last`.
    fn scan(text: &[u8], last: bool, workers: usize) -> Scan<'_> {
        Scan {
            scanner: Scanner::numbered_from(text, 1),
            len: text.len(),
            last,
            line_offset: 0,
            shard: Shard::ALL,
            end: None,
            failed: None,
            workers,
        }
    }

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

    #[test]
    fn one_thread_works_on_the_calling_thread_and_leaves_no_worker_behind() {
        let path = std::env::temp_dir().join(format!("slink-engine-{}.in", std::process::id()));
        std::fs::write(&path, include_bytes!("../../../corpus/sample.in")).unwrap();
        let config = Config {
            threads: 1,
            ..Config::default()
        };
        let inputs = [Input::Path(path.clone())];
        let mut engine = Engine::new(&config, &inputs).unwrap();
        assert!(engine.pool.is_none(), "no pool for one thread");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        engine.input(1, &inputs[0], &mut out, &mut err).unwrap();
        std::fs::remove_file(&path).unwrap();
        // The batches were worked here, with this thread's worker state.
        assert!(WORKER.with(|w| w.borrow().is_some()));
        let totals = engine.finish();
        assert!(WORKER.with(|w| w.borrow().is_none()), "the worker freed");
        assert_eq!(out, include_bytes!("../../../corpus/sample.out"));
        assert!(err.is_empty() && totals.data_sets() > 0);
    }

    /// The sizes of the batches `scan` fills, up to 240 data sets each.
    fn batch_sizes(mut scan: Scan<'_>) -> Vec<usize> {
        let slots: Vec<Mutex<Slot>> = (0..BATCH_LEN).map(|_| Mutex::default()).collect();
        let mut sizes = Vec::new();
        for _ in 0..1000 {
            match scan.fill(&slots, &mut 0) {
                (0, _) if scan.end.is_some() => return sizes,
                (n, _) => sizes.push(n),
            }
        }
        panic!("the scan does not end: {sizes:?}");
    }

    #[test]
    fn the_end_of_an_input_is_shared_out_among_the_workers() {
        let text = "2 2\n2 2\n2 2\n".repeat(100) + "0 0\n";
        // Two workers: a quarter of what is left each time, so that both
        // get a part of the last data sets.
        let sizes = batch_sizes(scan(text.as_bytes(), true, 2));
        assert_eq!(sizes.iter().sum::<usize>(), 100);
        // A quarter of the 100 (and the terminator) and the data set that
        // crosses it; then fewer and fewer, down to one at a time.
        assert_eq!(sizes[0], 26, "{sizes:?}");
        assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "{sizes:?}");
        assert!(sizes.len() >= 8 && sizes.ends_with(&[1, 1]), "{sizes:?}");
        // One worker takes every batch anyway; a piece that is not the
        // input's last has more after it.
        assert_eq!(batch_sizes(scan(text.as_bytes(), true, 1)), [100]);
        assert_eq!(batch_sizes(scan(text.as_bytes(), false, 2))[0], 100);
        // Nothing left is no share, and still the end: the scan stops.
        assert_eq!(batch_sizes(scan(b"", true, 2)), Vec::<usize>::new());
        assert_eq!(batch_sizes(scan(b"0 0\n", true, 2)), Vec::<usize>::new());
    }
}

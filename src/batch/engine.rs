//! The batch engine: pieces of input, windows of data sets, parallel
//! solving, output in input order.
//!
//! For each input, the engine takes a piece that ends at a line boundary
//! ([`input::Source`]), scans its data sets, and gathers them into a
//! window of slots. The window is read and solved in parallel (each rayon
//! worker thread keeps one [`Solver`] and one [`Puzzle`] in a
//! thread-local, reused for every data set it takes); each slot is
//! formatted on the worker that solved it. Then the slots are written in
//! order, and the next window starts. A data set cut by the end of a piece
//! is left for the next piece, which starts at its header.

use super::format::{self, Format, Kind, Record};
use super::input::{self, Source};
use super::{Config, Error, Input, Totals};
use crate::parse::{parse_body, Ending, ParseError, Scanner, Span};
use crate::puzzle::Puzzle;
use crate::render::drawing_len;
use crate::solver::{Options, Solver};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use rayon::ThreadPool;
use std::cell::RefCell;
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

/// Estimated output bytes (judge drawings) of a window, beyond which no
/// data set is added unless the window holds fewer than two per thread.
const WINDOW_BYTES: usize = 8 << 20;

/// A slot's buffers larger than this are freed after their window, so
/// that one huge data set does not keep its memory for the whole run.
const KEEP_CAPACITY: usize = 64 << 10;

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
}

/// What the scanner found for a data set.
enum Item {
    /// A data set to read and solve.
    Span(Span),
    /// A header the scanner could not read.
    Error(ParseError),
}

impl Default for Item {
    fn default() -> Self {
        Item::Error(ParseError {
            line: 0,
            col: 0,
            data_set: 0,
            message: String::new(),
            recoverable: false,
        })
    }
}

/// A worker thread's reusable state.
struct Worker {
    solver: Solver,
    puzzle: Puzzle,
}

thread_local! {
    /// The worker state of each rayon thread.
    static WORKER: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// What every slot of a window shares.
struct Shared<'a> {
    src: &'a [u8],
    file: &'a str,
    input: usize,
    format: Format,
    options: Options,
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
    /// The piece is exhausted; the next one starts at this offset in it.
    More(usize),
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

/// A batch run in progress.
pub struct Engine<'c> {
    config: &'c Config,
    pool: ThreadPool,
    slots: Vec<Slot>,
    totals: Totals,
    progress: Progress,
    /// Bytes of the inputs before the current one.
    bytes_before: u64,
    /// Number of the next data set, with continuous numbering.
    next_number: usize,
    started: Instant,
}

impl<'c> Engine<'c> {
    /// Starts the worker threads (and the progress bar) for a run over
    /// `inputs`.
    pub fn new(config: &'c Config, inputs: &[Input]) -> Result<Engine<'c>, Error> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(config.threads)
            .thread_name(|k| format!("slink-{k}"))
            .stack_size(8 << 20)
            .build()
            .map_err(Error::Threads)?;
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
            config,
            pool,
            slots: Vec::new(),
            totals: Totals::default(),
            progress: Progress::new(config.progress, total),
            bytes_before: 0,
            next_number: 1,
            started: Instant::now(),
        })
    }

    /// Whether the run stopped early (`fail_fast`).
    pub fn stopped(&self) -> bool {
        self.totals.stopped
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
        let first = if self.config.continuous_numbering {
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
        self.totals.files += 1;
        let result = match input::open(input) {
            Ok(mut source) => self.read(&mut file, &mut source, out, err),
            Err(e) => Ok(Some(e)),
        };
        self.totals.bytes += file.scanned;
        self.bytes_before += file.scanned;
        self.next_number = file.next_number;
        if let Some(e) = result? {
            out.flush()?;
            let line = format!("slink: cannot read {}: {e}\n", file.name);
            self.progress.suspend(|| err.write_all(line.as_bytes()))?;
            self.totals.unreadable += 1;
            if self.config.fail_fast {
                self.totals.stopped = true;
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
        let piece_bytes = self.config.piece_bytes.max(1);
        let mut want = piece_bytes;
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
                    None => {
                        want = want.max(data.len()).saturating_mul(2);
                        continue;
                    }
                }
            };
            let base = source.offset();
            match self.piece(file, &data[..limit], last, base, out, err)? {
                PieceEnd::Done => return Ok(None),
                PieceEnd::Unterminated => {
                    out.flush()?;
                    let line = format!(
                        "{}: warning: the input ends without the closing '0 0' line\n",
                        file.name
                    );
                    self.progress.suspend(|| err.write_all(line.as_bytes()))?;
                    return Ok(None);
                }
                PieceEnd::More(at) => {
                    // Keep the newline before the rest, so that the next
                    // piece starts at a line start and never with what
                    // the scanner would take for a byte order mark.
                    let cut = if at > 0 && data[at - 1] == b'\n' {
                        at - 1
                    } else {
                        at
                    };
                    file.line_offset += memchr::memchr_iter(b'\n', &data[..cut]).count();
                    if cut == 0 {
                        // One data set is larger than the piece.
                        want = want.max(data.len()).saturating_mul(2);
                    } else {
                        want = piece_bytes;
                    }
                    source.consume(cut);
                }
            }
        }
    }

    /// Scans `src` (a piece starting at offset `base`, the last one of
    /// its input if `last`), solving and writing its data sets window by
    /// window.
    fn piece(
        &mut self,
        file: &mut FileState,
        src: &[u8],
        last: bool,
        base: u64,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<PieceEnd, Error> {
        let config = self.config;
        let window = config.window.max(1);
        let few = 2 * self.pool.current_num_threads();
        let mut scanner = Scanner::numbered_from(src, file.next_number);
        loop {
            let (mut n, mut cost) = (0, 0);
            let mut end = None;
            while n < window && (cost < WINDOW_BYTES || n < few) {
                let before = scanner.position();
                match scanner.next() {
                    None => {
                        end = Some(match scanner.ending() {
                            Ending::MissingTerminator if !last => PieceEnd::More(src.len()),
                            Ending::MissingTerminator => PieceEnd::Unterminated,
                            _ => PieceEnd::Done,
                        });
                        break;
                    }
                    Some(Ok(mut span)) => {
                        span.header_line += file.line_offset;
                        if config.shard.takes(span.number) {
                            cost += drawing_len(span.rows, span.cols);
                            self.put(n, Item::Span(span));
                            n += 1;
                        } else {
                            self.totals.skipped += 1;
                        }
                    }
                    Some(Err(mut e)) => {
                        if !last && !e.recoverable && scanner.position() >= src.len() {
                            // Cut by the end of the piece, not malformed.
                            end = Some(PieceEnd::More(before));
                            break;
                        }
                        e.line += file.line_offset;
                        // The input stops here; its number is used up.
                        file.next_number = e.data_set + 1;
                        if config.shard.takes(e.data_set) {
                            self.put(n, Item::Error(e));
                            n += 1;
                        }
                    }
                }
            }
            file.next_number = file.next_number.max(scanner.next_number());
            file.scanned = base + scanner.position() as u64;
            if n > 0 {
                self.solve(file, src, n);
                self.write(n, out, err)?;
            }
            self.progress
                .update(self.bytes_before + file.scanned, self.totals.data_sets());
            if self.totals.stopped {
                return Ok(PieceEnd::Done);
            }
            if let Some(end) = end {
                return Ok(end);
            }
        }
    }

    /// Puts `item` in slot `n`.
    fn put(&mut self, n: usize, item: Item) {
        if n == self.slots.len() {
            self.slots.push(Slot::default());
        }
        let slot = &mut self.slots[n];
        slot.item = item;
        slot.kind = None;
    }

    /// Reads, solves and formats the first `n` slots in parallel.
    fn solve(&mut self, file: &FileState, src: &[u8], n: usize) {
        let shared = Shared {
            src,
            file: &file.name,
            input: file.index,
            format: self.config.format,
            options: self.config.options,
            timing: self.config.timing,
        };
        let slots = &mut self.slots[..n];
        self.pool.install(|| {
            slots
                .par_iter_mut()
                .for_each(|slot| WORKER.with(|w| work(slot, &shared, &mut w.borrow_mut())));
        });
    }

    /// Writes the first `n` slots in order, counting them. With
    /// `fail_fast`, stops after the first error.
    fn write(&mut self, n: usize, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Error> {
        for slot in &mut self.slots[..n] {
            out.write_all(&slot.out)?;
            if !slot.diag.is_empty() {
                out.flush()?;
                let diag = &slot.diag;
                self.progress.suspend(|| err.write_all(diag))?;
            }
            for buf in [&mut slot.out, &mut slot.diag] {
                if buf.capacity() > KEEP_CAPACITY {
                    *buf = Vec::new();
                }
            }
            let kind = slot.kind.unwrap_or(Kind::GaveUp);
            self.totals.add(kind);
            if self.config.fail_fast && kind.is_error() {
                self.totals.stopped = true;
                break;
            }
        }
        Ok(())
    }

    /// Ends the run: clears the progress bar, returns the counts.
    pub fn finish(mut self) -> Totals {
        self.progress.finish();
        self.totals.elapsed = self.started.elapsed();
        self.totals
    }
}

/// Reads, solves and formats one slot on the current worker thread.
fn work(slot: &mut Slot, shared: &Shared<'_>, worker: &mut Option<Worker>) {
    slot.out.clear();
    slot.diag.clear();
    if worker
        .as_ref()
        .is_some_and(|w| *w.solver.options() != shared.options)
    {
        *worker = None;
    }
    let w = worker.get_or_insert_with(|| Worker {
        solver: Solver::new(shared.options),
        puzzle: Puzzle::default(),
    });
    let (item, out, diag) = (&slot.item, &mut slot.out, &mut slot.diag);
    let done = catch_unwind(AssertUnwindSafe(|| one(item, w, shared, out, diag)));
    slot.kind = Some(match done {
        Ok(kind) => kind,
        Err(_) => {
            // A bug in the solver: report it in place, start afresh.
            *worker = None;
            slot.out.clear();
            slot.diag.clear();
            let (number, line, size) = match &slot.item {
                Item::Span(s) => (s.number, s.header_line, Some((s.rows, s.cols))),
                Item::Error(e) => (e.data_set, e.line, None),
            };
            let rec = Record {
                file: shared.file,
                input: shared.input,
                number,
                line,
                size,
                result: format::Result::Failed,
                micros: None,
            };
            shared.format.record(&rec, &mut slot.out, &mut slot.diag);
            rec.kind()
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
    let (number, line, size, result) = match item {
        Item::Span(span) => {
            let size = Some((span.rows, span.cols));
            let result = match parse_body(shared.src, span, &mut w.puzzle) {
                Ok(()) => format::Result::Solved {
                    puzzle: &w.puzzle,
                    outcome: w.solver.solve(&w.puzzle),
                },
                Err(e) => format::Result::Invalid(parse_error.insert(e)),
            };
            (span.number, span.header_line, size, result)
        }
        Item::Error(e) => (e.data_set, e.line, None, format::Result::Invalid(e)),
    };
    let rec = Record {
        file: shared.file,
        input: shared.input,
        number,
        line,
        size,
        result,
        micros: started.map(|t| u64::try_from(t.elapsed().as_micros()).unwrap_or(u64::MAX)),
    };
    shared.format.record(&rec, out, diag);
    rec.kind()
}

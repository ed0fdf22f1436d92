//! The batch pipeline: pieces of input, a ring of data sets in flight,
//! parallel solving, output in input order.
//!
//! For each input, the engine takes a piece that ends at a line boundary
//! ([`input::Source`]) and scans its data sets into a ring of slots cut
//! into batches. Each batch, once filled, is a task on the rayon pool: its
//! worker reads, solves and formats the batch's data sets (each worker
//! thread keeps one [`Solver`](crate::Solver) and one [`Puzzle`](crate::Puzzle) in a thread-local,
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
//! other has work queued, whatever the puzzles cost.
//! With one thread there is no pool: the calling thread works each batch
//! as soon as it has filled it, then writes it (no hand-over between
//! threads, which cost more than the batch's work on easy puzzles).

use super::encoded::Pictures;
use super::progress::Progress;
use super::ring::{Batch, Ring, BATCH_LEN, CLAIMED};
use super::scan::{PieceEnd, Scan};
use super::sink::Sink;
use super::slot::Slot;
use super::worker::{CallerWorker, Shared};
use super::{Config, Error, Input, OutputFormat, Totals};
use crate::puzzle::formats::pictures::html::Tally;
use crate::puzzle::formats::url::OddAddresses;
use crate::puzzle::formats::{self, Ending, Reader};
use crate::run::files;
use crate::run::read::chunks;
use crate::run::read::input::{self, Source};
use crate::util::interrupt;
use rayon::ThreadPool;
use std::io::Write;
use std::sync::atomic::AtomicUsize;
use std::sync::Mutex;
use std::time::Instant;

/// The input being read.
struct FileState {
    name: String,
    /// Position among the inputs, from 1.
    index: usize,
    /// Number of its first data set.
    first: usize,
    /// Number of the next data set.
    next_number: usize,
    /// Lines before the current piece.
    line_offset: usize,
    /// Bytes scanned so far.
    scanned: u64,
    /// The input's format, once known (given, or detected from its first
    /// meaningful line).
    format: Option<formats::Format>,
    /// Whether the format is detected, not given: a list of URLs and Loopy
    /// IDs may then mix them ([`Reader::mixed`]).
    detected: bool,
    /// Its URLs whose address is not a known player's.
    odd: OddAddresses,
}

/// A batch run in progress.
pub struct Pipeline<'c> {
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
    /// Whether standard input was read: it is read once.
    stdin_read: bool,
    /// Data sets still to pass over ([`Config::skip`]).
    skip: usize,
    started: Instant,
}

impl<'c> Pipeline<'c> {
    /// Starts the worker threads besides the calling one, if any (and the
    /// progress bar), for a run over `inputs`.
    pub fn new(config: &'c Config, inputs: &[Input]) -> Result<Pipeline<'c>, Error> {
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
                Input::Bytes { bytes, .. } => Some(sum + bytes.len() as u64),
                Input::Stdin | Input::Reader { .. } => None,
            })
        } else {
            None
        };
        Ok(Pipeline {
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
                input: (0, String::new()),
                messages: (0, 0),
                pictures: (config.format == OutputFormat::Svg).then(|| Pictures {
                    dir: config.out_dir.clone(),
                    stem: String::new(),
                    name: String::new(),
                    held: None,
                    several: false,
                    stems: Default::default(),
                    inputs: match &config.out_dir {
                        Some(_) => files::Inputs::of(inputs),
                        None => files::Inputs::default(),
                    },
                }),
                tally: (config.format == OutputFormat::Html).then(Tally::default),
                shrank: None,
            },
            bytes_before: 0,
            next_number: 1,
            stdin_read: false,
            skip: config.skip,
            started: Instant::now(),
        })
    }

    /// Whether the run stopped early (`fail_fast`, a signal, or its caller's
    /// [`Config::stop`]).
    pub fn stopped(&self) -> bool {
        self.sink.totals.stopped || self.sink.config.stopping()
    }

    /// Reads, solves and writes every data set of `input`, the
    /// `index`-th (from 1). An unreadable input is reported on `err` and
    /// counted; only a failure to write is an `Err`. Standard input a
    /// second time is skipped, with a warning.
    pub fn input(
        &mut self,
        index: usize,
        input: &Input,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<(), Error> {
        if *input == Input::Stdin && std::mem::replace(&mut self.stdin_read, true) {
            let line = format!(
                "{}warning: standard input is read once; this '-' is skipped",
                self.sink.config.prefix()
            );
            return self.sink.warn(&line, out, err);
        }
        let first = if self.sink.config.continuous_numbering {
            self.next_number
        } else {
            1
        };
        let mut file = FileState {
            name: input.name(),
            index,
            first,
            next_number: first,
            line_offset: 0,
            scanned: 0,
            format: self.sink.config.input_format,
            detected: self.sink.config.input_format.is_none(),
            odd: OddAddresses::default(),
        };
        self.sink.totals.files += 1;
        self.sink.start_input(index, &file.name);
        if let Some(p) = &mut self.sink.pictures {
            let path = match input {
                Input::Path(path) => Some(path.as_path()),
                _ => None,
            };
            p.start(index, &file.name, path);
        }
        let result = match input::open_mapped(input) {
            Ok(mut source) => self.read(&mut file, &mut source, out, err),
            Err(e) => Ok(Some(e)),
        };
        if let Some(p) = &mut self.sink.pictures {
            p.end(out)?;
        }
        self.odd_addresses(&file, out, err)?;
        self.sink.end_input(out, err)?;
        self.sink.totals.bytes += file.scanned;
        self.bytes_before += file.scanned;
        self.next_number = file.next_number;
        if let Some(e) = result? {
            let line = format!(
                "{}cannot read {}: {e}",
                self.sink.config.prefix(),
                file.name
            );
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
        let piece_bytes = if source.is_file() {
            config.file_bytes
        } else {
            config.piece_bytes
        }
        .max(1);
        let mut want = piece_bytes;
        // Doubles the piece for a line or a data set larger than it, up to
        // the limit; then the input is given up.
        let grow = |want: &mut usize, len: usize, number: usize| {
            chunks::grow(want, len, number, config.piece_limit)
        };
        loop {
            if let Err(e) = fill(source, want, out)? {
                return Ok(Some(e));
            }
            if config.stopping() {
                return Ok(None);
            }
            let (data, last) = (source.piece(), source.is_last());
            let Some(limit) = usable_end(data, last, file) else {
                match grow(&mut want, data.len(), file.next_number) {
                    Ok(()) => continue,
                    Err(e) => return Ok(Some(e)),
                }
            };
            // A mapped file is checked before each batch is written and
            // once the piece is done: a file that shrank under the run
            // stops it with no record of the damaged piece after the
            // check that found it.
            let end = self.piece(file, source, limit, last, out, err)?;
            if let Some(e) = self.sink.shrank.take() {
                return Ok(Some(e));
            }
            if let Err(e) = source.check() {
                return Ok(Some(e));
            }
            match end {
                PieceEnd::Done | PieceEnd::Unterminated => {
                    self.ended(file, end, out, err)?;
                    return Ok(None);
                }
                PieceEnd::More { at, line } => {
                    // Keep the newline before the rest; count the newlines
                    // before the cut as the reader counted them (counting
                    // them again took 0.5-0.9 ms a piece of 16 MB, with
                    // every other thread idle).
                    let (cut, lines) = chunks::keep_newline(data, at, line);
                    file.line_offset = lines;
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

    /// Warns of `file`'s URLs whose address is not a known pzprjs
    /// player's (read all the same), naming the first.
    fn odd_addresses(
        &mut self,
        file: &FileState,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<(), Error> {
        let Some(warning) = file.odd.warning(&file.name) else {
            return Ok(());
        };
        let line = format!("{}{warning}", self.sink.config.prefix());
        self.sink.warn(&line, out, err)
    }

    /// Gives the warning of `file`, whose reading ended as `end` says, if
    /// it has one ([`chunks::end_warning`]: no data set, or no `0 0`).
    fn ended(
        &mut self,
        file: &FileState,
        end: PieceEnd,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<(), Error> {
        let format = file.format.unwrap_or(formats::Format::Judge);
        // `Done`: the judge format's `0 0` (or an error, a data set
        // read), any other format's end; or a stop, which warns of nothing.
        let ending = match end {
            PieceEnd::Done if format == formats::Format::Judge => Ending::Terminator,
            _ if self.sink.config.stopping() => return Ok(()),
            _ => Ending::End,
        };
        let read = file.next_number - file.first;
        let Some(warning) = chunks::end_warning(format, ending, read) else {
            return Ok(());
        };
        let line = format!(
            "{}{}: warning: {warning}",
            self.sink.config.prefix(),
            file.name
        );
        self.sink.warn(&line, out, err)
    }

    /// Scans the first `limit` bytes of `source`'s piece (the last one of
    /// its input if `last`), checking `source` before each batch is
    /// written ([`Source::check`]: a mapped file that shrank), solving its data sets in batches on the pool
    /// and on this thread, which writes the finished ones in order (with
    /// no pool, this thread solves each batch, then writes it). After a
    /// stop (`fail_fast`) or a failed write, the batches no thread has
    /// taken yet are not solved.
    fn piece(
        &mut self,
        file: &mut FileState,
        source: &Source,
        limit: usize,
        last: bool,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<PieceEnd, Error> {
        let (src, base) = (&source.piece()[..limit], source.offset());
        let check = || source.check();
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
        // `usable_end` knows the format before a piece is scanned.
        let format = file
            .format
            .expect("the input's format, known by usable_end");
        let reader = Reader::new(src, format)
            .mixed(file.detected)
            .starts_input(base == 0)
            .numbered_from(file.next_number)
            .after_lines(file.line_offset);
        let mut scan = Scan {
            reader: if last { reader } else { reader.in_piece() },
            len: src.len(),
            last,
            shard: config.shard,
            skip: self.skip,
            end: None,
            workers: self.workers,
        };
        let mut ring = Ring::new(
            &self.slots,
            self.batch_len,
            &mut self.batches,
            &self.claims,
            2 * self.workers,
            self.bytes_before + base,
        );
        ring.check = Some(&check);
        let sink = &mut self.sink;
        let written = match &self.pool {
            Some(pool) => pool.in_place_scope_fifo(|scope| {
                ring.run(&mut scan, sink, &shared, out, err, &mut |job| {
                    scope.spawn_fifo(move |_| job())
                })
            }),
            None => ring.run(&mut scan, sink, &shared, out, err, &mut |job| job()),
        };
        file.next_number = scan.reader.next_number();
        file.odd.add(scan.reader.take_odd_addresses());
        file.scanned = base + scan.reader.position() as u64;
        self.skip = scan.skip;
        written?;
        if self.stopped() {
            return Ok(PieceEnd::Done);
        }
        Ok(scan.end.unwrap_or(PieceEnd::Done))
    }

    /// Ends an HTML page: its summary, with the run's time so far.
    pub fn end_page(&mut self, out: &mut dyn Write) -> Result<(), Error> {
        if let Some(tally) = &mut self.sink.tally {
            tally.time = self.started.elapsed();
            tally.finish(out)?;
        }
        Ok(())
    }

    /// Ends the run: clears the progress bar, returns the counts.
    pub fn finish(self) -> Totals {
        self.sink.progress.finish();
        let mut totals = self.sink.totals;
        totals.elapsed = self.started.elapsed();
        totals
    }
}

/// Makes `source`'s piece `want` bytes long (or to the end) and checks a
/// mapped file against its length: the inner result is the read error.
/// A stream may keep the read waiting: everything before it is written
/// first, so that a signal can end the process during the wait with
/// nothing lost.
fn fill(
    source: &mut Source,
    want: usize,
    out: &mut dyn Write,
) -> Result<Result<(), std::io::Error>, Error> {
    let filled = if source.is_file() {
        source.fill(want)
    } else {
        out.flush()?;
        interrupt::while_idle(|| source.fill(want)).unwrap_or(Ok(()))
    };
    Ok(filled.and_then(|()| source.check()))
}

/// Where the whole lines of a piece end (all of it, for the input's last
/// piece), once the input's format is known (detected from its first
/// meaningful line); `None` when the piece must grow: no whole line yet,
/// or only blank and comment lines.
fn usable_end(data: &[u8], last: bool, file: &mut FileState) -> Option<usize> {
    let limit = if last {
        data.len()
    } else {
        memchr::memrchr(b'\n', data)? + 1
    };
    if file.format.is_none() {
        match formats::Format::detect_in(&data[..limit]) {
            Some(f) => file.format = Some(f),
            None if last => file.format = Some(formats::Format::Judge),
            None => return None,
        }
    }
    Some(limit)
}

#[cfg(test)]
mod tests {
    use super::super::worker::WORKER;
    use super::*;

    #[test]
    fn one_thread_works_on_the_calling_thread_and_leaves_no_worker_behind() {
        let path = std::env::temp_dir().join(format!("slink-engine-{}.in", std::process::id()));
        std::fs::write(&path, include_bytes!("../../../corpus/sample.in")).unwrap();
        let config = Config {
            threads: 1,
            ..Config::default()
        };
        let inputs = [Input::Path(path.clone())];
        let mut pipeline = Pipeline::new(&config, &inputs).unwrap();
        assert!(pipeline.pool.is_none(), "no pool for one thread");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        pipeline.input(1, &inputs[0], &mut out, &mut err).unwrap();
        std::fs::remove_file(&path).unwrap();
        // The batches were worked here, with this thread's worker state.
        assert!(WORKER.with(|w| w.borrow().is_some()));
        let totals = pipeline.finish();
        assert!(WORKER.with(|w| w.borrow().is_none()), "the worker freed");
        assert_eq!(out, include_bytes!("../../../corpus/sample.out"));
        assert!(err.is_empty() && totals.data_sets() > 0);
    }
}

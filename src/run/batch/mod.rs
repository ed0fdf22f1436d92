//! Batch mode: many puzzle files, solved in parallel, written in input order.
//!
//! ```
//! use slink::run::batch::{self, Config, Input, OutputFormat};
//! let puzzles = Input::Bytes { name: "two".into(), bytes: b"2 2\n2 2\n2 2\n0 0\n"[..].into() };
//! let config = Config { format: OutputFormat::Json, threads: 2, ..Config::default() };
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let totals = batch::run(&[puzzles], &config, &mut out, &mut err).unwrap();
//! assert_eq!(totals.count(slink::Status::Solved), 1);
//! let record = String::from_utf8(out).unwrap();
//! assert!(record.starts_with(r#"{"input":1,"data_set":1,"file":"two","line":1,"rows":2,"cols":2,"status":"solved""#));
//! ```
//!
//! [`run`] reads its inputs one after the other. Each input is read in
//! *pieces* that end at line boundaries ([`crate::run::read::input`]): a regular file is
//! memory-mapped a window at a time (on Linux), anything else read into a
//! buffer; a regular file is read up to the length it had when opened,
//! and one that shrinks under the run is an error, not a crash (`read::mapped`). The
//! one [`Reader`](crate::puzzle::formats::Reader) of every input format
//! finds the spans of a piece's data sets (its spans-only mode: no clue
//! is read on this thread) and they go into a ring of at most
//! [`Config::window`] slots, cut into batches; each batch is a task on a
//! rayon pool that decodes, solves and formats its data sets (one
//! [`Solver`](crate::Solver) per worker thread, reused), while the calling
//! thread writes finished batches in input order and refills their slots.
//! The pieces: [`pipeline`] (inputs and pieces), `ring` (the batches in
//! flight and their claims), `scan` (a piece into batches), `worker` (a
//! worker's side of a batch), `slot` (a data set in flight), `sink` (the
//! ordered writer and the counts); the output layer is [`mod@format`];
//! [`resume`] reads a stopped run's output back, to go on after it.
//! The calling thread
//! also works batches no pool thread has taken when it can start none;
//! with one thread ([`Config::threads`] 1, as in judge mode) there is no
//! pool: the calling thread does each batch itself as soon as it is
//! filled, then writes it. So memory holds one piece and one ring of
//! output, whatever the input's size, and the output does not depend on
//! the number of threads.
//!
//! Inputs in the other formats of the ecosystem (puzz.link URLs, Loopy
//! game IDs, pzprv3 files: [`Config::input_format`], or detected per
//! input from its first meaningful line) go through the same reader,
//! pieces and ring, and the workers decode them as they do the judge
//! format. The output formats that write the puzzles themselves or their
//! pictures are made on the workers too (`encoded`).
//!
//! Errors stay in place: a malformed data set becomes an `invalid` record
//! and the run goes on with the next data set when the header was read
//! (the rows are skipped); a malformed header stops that input (nothing
//! after it can be trusted), an unreadable input is reported and the
//! next one is read.
//!
//! Shards: with [`Shard`] `K/N`, only data sets whose number `n`
//! satisfies `(n - 1) mod N = K - 1` are read and solved (shard 1/3 takes
//! data sets 1, 4, 7, ...), numbers being those of the output (restarting
//! per input unless [`Config::continuous_numbering`]). The other data sets
//! are only scanned past, so every shard scans the whole input but solves
//! a part of it. A malformed header stops its input in every shard, and
//! only the shard its number falls to reports it: the shards' JSON records
//! merge into exactly the unsharded ones.

mod encoded;
pub mod format;
pub mod pipeline;
mod progress;
pub mod record;
pub mod resume;
mod ring;
mod scan;
mod sink;
mod slot;
mod totals;
mod worker;

/// For the pictures' tests.
#[cfg(test)]
pub(crate) use encoded::picture_of;
pub use format::OutputFormat;
pub use record::{LoopHex, Record};
pub use totals::{write_summary, Spot, Totals};

use crate::puzzle::formats;
use crate::run::read::chunks;
pub use crate::run::read::input::{Input, SharedReader};

use crate::solve::outcome::Options;
use crate::util::interrupt;
use std::fmt;
use std::io::{self, Write};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A slice of the data sets: the `index`-th (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, `1..=count`.
    index: usize,
    /// Number of slices, at least 1.
    count: usize,
}

impl Shard {
    /// Every data set.
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Slice `index` of `count`; `None` unless `1 <= index <= count`.
    pub fn new(index: usize, count: usize) -> Option<Shard> {
        (1..=count)
            .contains(&index)
            .then_some(Shard { index, count })
    }

    /// Which slice, from 1.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Number of slices.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Whether data set `number` (from 1) belongs to this slice:
    /// `(number - 1) mod count == index - 1`.
    pub fn takes(&self, number: usize) -> bool {
        number.wrapping_sub(1) % self.count == self.index - 1
    }
}

impl Default for Shard {
    fn default() -> Self {
        Shard::ALL
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Parses `K/N` with `1 <= K <= N`.
    fn from_str(s: &str) -> Result<Shard, String> {
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| format!("expected K/N (e.g. 2/8), found '{s}'"))?;
        let num = |t: &str, what: &str| {
            t.trim()
                .parse::<usize>()
                .map_err(|_| format!("expected K/N, found {what} '{t}' in '{s}'"))
        };
        let (k, n) = (num(k, "K =")?, num(n, "N =")?);
        Shard::new(k, n).ok_or_else(|| {
            // Name the part that is wrong: N when there are no shards.
            if n == 0 {
                format!("shard {k}/{n}: N (the number of shards) must be at least 1")
            } else {
                format!("shard {k}/{n}: K must be between 1 and N = {n}")
            }
        })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// How a batch run works.
#[derive(Clone, Debug)]
pub struct Config {
    /// Solver options (budget, rules only).
    pub options: Options,
    /// Output format.
    pub format: OutputFormat,
    /// The format of the inputs; `None` to detect it per input from its
    /// first meaningful line ([`formats::Format::detect`]).
    pub input_format: Option<formats::Format>,
    /// Worker threads, the calling thread included (a pool of one fewer);
    /// 0 for one per core. With 1, the calling thread does the work itself,
    /// with no pool.
    pub threads: usize,
    /// Stop at the first data set reported as an error (`invalid`, `none`,
    /// `gave-up`; not `multiple`, a warning) or the first unreadable input.
    pub fail_fast: bool,
    /// Stop at the first malformed data set, as judge mode does (but go on
    /// after one with no solution or several).
    pub stop_at_invalid: bool,
    /// Number data sets across inputs instead of from 1 in each input.
    pub continuous_numbering: bool,
    /// Which data sets to solve.
    pub shard: Shard,
    /// How many of the data sets this run takes (of its shard) to pass
    /// over first, scanned but not solved: to go on after a run that
    /// stopped, which says how many it wrote.
    pub skip: usize,
    /// Show a progress bar on standard error (the caller checks that it is
    /// a terminal).
    pub progress: bool,
    /// No warnings on standard error (several solutions, a missing `0 0`,
    /// standard input named twice): only errors, as `-q` asks.
    pub quiet: bool,
    /// Measure time: `micros` in JSON records, rates in the summary.
    pub timing: bool,
    /// Where [`OutputFormat::Svg`] writes its pictures, one file per data set
    /// (`STEM-N.svg`); `None`: to the output, for an input of one data set.
    pub out_dir: Option<PathBuf>,
    /// Largest number of data sets in flight (at least 1; rounded down
    /// to whole batches).
    pub window: usize,
    /// Bytes of a stream (a pipe, a terminal) read at a time; grows for a
    /// data set larger than this.
    pub piece_bytes: usize,
    /// Bytes of a regular file read at a time; grows likewise.
    pub file_bytes: usize,
    /// Largest piece: an input with a data set (or a line) that does not
    /// end within this many bytes is given up as unreadable, so that a
    /// hostile input (a header followed by endless blank lines) cannot
    /// take all memory.
    pub piece_limit: usize,
    /// The command that starts every line of diagnostics (`slink solve`:
    /// `slink solve: FILE:LINE:COL: ...`); `None`: judge mode's, `slink`
    /// (`slink: stdin:LINE:COL: data set K: ...`).
    pub command: Option<&'static str>,
    /// A caller's own request to stop at a record boundary, as a signal
    /// asks ([`crate::interrupt`]), for this run alone: set from another
    /// thread, the run starts no new batch, writes those in flight whole
    /// and returns (the Python package's KeyboardInterrupt). `None`: only
    /// a signal stops it.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Config {
    /// What starts a diagnostic line: the command and a colon
    /// ([`Config::command`]).
    pub(crate) fn prefix(&self) -> String {
        format!("{}: ", self.command.unwrap_or("slink"))
    }

    /// Whether the run is asked to stop: by a signal, or by its caller
    /// ([`Config::stop`]).
    pub fn stopping(&self) -> bool {
        interrupt::stopping()
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The default window, in data sets: four batches per worker, of 120
    /// on two (with one thread, no pool: batches of 240, one at a time).
    /// Enough to keep the workers busy past a slow puzzle; small enough
    /// that the drawings in flight (3.7 MB of 20x20 ones) stay in cache and
    /// every slot keeps its output buffer (the sizes compared are in
    /// docs/bench-history.md).
    pub const DEFAULT_WINDOW: usize = 960;
    /// The default piece size of a stream, in bytes: its buffer.
    pub const DEFAULT_PIECE_BYTES: usize = chunks::PIECE_BYTES;
    /// The default piece size of a regular file, in bytes: the window
    /// mapped at a time (read into a buffer off Linux). Every piece ends
    /// with the ring drained and the next window mapped, with every thread
    /// idle meanwhile: large enough that such ends are rare, small enough
    /// to keep the memory of a run small.
    pub const DEFAULT_FILE_BYTES: usize = 16 << 20;
    /// The default piece limit, in bytes (a data set of the largest size,
    /// 1024 x 255, takes about half a megabyte).
    pub const DEFAULT_PIECE_LIMIT: usize = chunks::PIECE_LIMIT;
}

impl Default for Config {
    fn default() -> Self {
        Config {
            options: Options::default(),
            format: OutputFormat::Judge,
            input_format: None,
            threads: 0,
            fail_fast: false,
            stop_at_invalid: false,
            continuous_numbering: false,
            shard: Shard::ALL,
            skip: 0,
            progress: false,
            quiet: false,
            timing: true,
            out_dir: None,
            window: Config::DEFAULT_WINDOW,
            piece_bytes: Config::DEFAULT_PIECE_BYTES,
            file_bytes: Config::DEFAULT_FILE_BYTES,
            piece_limit: Config::DEFAULT_PIECE_LIMIT,
            command: None,
            stop: None,
        }
    }
}

/// Why a batch run could not go on.
#[derive(Debug)]
pub enum Error {
    /// The worker threads could not be started.
    Threads(rayon::ThreadPoolBuildError),
    /// The output (or the diagnostics stream) could not be written.
    Write(io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Threads(e) => write!(f, "cannot start the worker threads: {e}"),
            Error::Write(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Threads(e) => Some(e),
            Error::Write(e) => Some(e),
        }
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Write(e)
    }
}

/// Solves every data set of `inputs` (in order) as `config` says, writing
/// the output to `out` and diagnostics (errors in place, unreadable
/// inputs, warnings) to `err`. Returns the counts; an `Err` only when the
/// run could not go on (the output cannot be written).
pub fn run(
    inputs: &[Input],
    config: &Config,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Totals, Error> {
    let mut pipeline = pipeline::Pipeline::new(config, inputs)?;
    if config.format == OutputFormat::Html {
        let names: Vec<String> = inputs.iter().map(Input::name).collect();
        crate::puzzle::formats::pictures::html::head(
            &mut *out,
            &format!("slink: {}", names.join(", ")),
        )?;
    }
    for (k, input) in inputs.iter().enumerate() {
        if pipeline.stopped() {
            break;
        }
        pipeline.input(k + 1, input, out, err)?;
    }
    pipeline.end_page(out)?;
    let totals = pipeline.finish();
    if config.format == OutputFormat::Summary {
        let limited = config.options.time_limit.is_some();
        write_summary(&totals, config.timing, limited, out)?;
    }
    out.flush()?;
    Ok(totals)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::outcome::Status;

    #[test]
    fn shards_parse_and_partition() {
        let s: Shard = "2/3".parse().unwrap();
        let taken: Vec<usize> = (1..=9).filter(|&n| s.takes(n)).collect();
        assert_eq!(taken, [2, 5, 8]);
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", "1/2/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert!(Shard::ALL.takes(1) && Shard::ALL.takes(77));
        // The message names the part that is wrong.
        let why = |s: &str| s.parse::<Shard>().unwrap_err();
        assert_eq!(
            why("1/0"),
            "shard 1/0: N (the number of shards) must be at least 1"
        );
        assert_eq!(why("4/3"), "shard 4/3: K must be between 1 and N = 3");
        assert_eq!(why("1/x"), "expected K/N, found N = 'x' in '1/x'");
    }

    #[test]
    fn a_callers_stop_flag_stops_its_run_alone() {
        let text = b"1 1\n.\n".repeat(500);
        let input = Input::Bytes {
            name: "ones".into(),
            bytes: text.into(),
        };
        let stop = std::sync::Arc::new(AtomicBool::new(true));
        let config = Config {
            format: OutputFormat::Json,
            threads: 1,
            window: 10,
            stop: Some(stop.clone()),
            ..Config::default()
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let stopped = run(std::slice::from_ref(&input), &config, &mut out, &mut err).unwrap();
        assert_eq!((stopped.data_sets(), out.len()), (0, 0));
        stop.store(false, Ordering::Relaxed);
        let whole = run(&[input], &config, &mut out, &mut err).unwrap();
        assert_eq!(whole.count(Status::Solved), 500);
    }

    #[test]
    fn exit_status_ranks_unreadable_over_unsolved() {
        let mut t = Totals::default();
        assert_eq!(t.exit_status(), 0);
        t.add(Status::Solved);
        assert_eq!(t.exit_status(), 0);
        t.add(Status::Multiple);
        assert_eq!(t.exit_status(), 1);
        t.unreadable = 1;
        assert_eq!(t.exit_status(), 2);
    }
}

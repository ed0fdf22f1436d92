//! Throughput of the whole pipeline (read, parse, solve, draw) on a
//! puzzle file, for `slink bench`: one run at a time, measured, and runs
//! repeated ([`Bench::repeat`]) a number of times or until a minimum time
//! is spent, with the mean and spread of their rates ([`Repeated`]).
//!
//! [`Engine::Batch`] runs the file through the batch pipeline of `slink
//! solve` ([`batch::run`], judge format) with its output counted and
//! discarded. [`Engine::Judge`] runs the library's judge mode
//! ([`crate::run::judge::run`]: the batch pipeline on one thread, as
//! `slink < FILE` runs it) on the file read into memory beforehand.
//! [`Engine::Direct`] scans the file and solves its data sets in parallel
//! chunks on a rayon pool with one [`Solver`] per worker, drawing into a
//! buffer that is thrown away: the solver's throughput without the batch
//! pipeline's ordering and windows.
//!
//! CPU time is the process's user + system time (`getrusage`, in
//! microseconds), so it is meaningful for short runs too; wall time is
//! measured with [`Instant`]. The calling thread's CPU
//! time (`/proc/thread-self/schedstat`, nanoseconds) is reported as its
//! share of the run: the batch pipeline's calling thread scans, writes,
//! and works the oldest batch no pool thread has taken whenever it cannot
//! start one (all of them on one thread), so the share shows how the work
//! was split.
//!
//! ```no_run
//! use slink::run::bench::{Bench, Engine, Until};
//! use std::{path::Path, sync::Arc};
//! let file = Path::new("puzzles.txt");
//! let bytes: Arc<[u8]> = std::fs::read(file).unwrap().into();
//! let bench = Bench::new(Engine::Batch, 2).unwrap();
//! let (runs, census) = bench.repeat(file, &bytes, slink::Options::default(), Until::Runs(5)).unwrap();
//! println!("{:.0} puzzles/s ({})", runs.mean, census.describe());
//! ```

use crate::puzzle::formats::judge::render;
use crate::puzzle::formats::{self, Reader, Span};
use crate::puzzle::Puzzle;
use crate::run::batch::{self, Config, Input, OutputFormat, Totals};
use crate::solve::outcome::{Options, Status};
use crate::solve::solver::Solver;
use crate::util::interrupt;
use rayon::prelude::*;
use std::io::{self, Write};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Which machinery runs the puzzles.
///
/// `slink bench --engine` names these (with the `cli` feature, a clap
/// `ValueEnum`; each variant's first paragraph is its help).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Engine {
    /// The batch pipeline of `slink solve` (input read in pieces, windows,
    /// output in input order).
    Batch,
    /// The library's judge mode (`slink::run::judge::run`): the batch
    /// pipeline on one thread, as `slink < FILE` runs it, on input already
    /// in memory.
    Judge,
    /// Scan, then parse + solve + draw chunks of data sets on a rayon pool.
    Direct,
}

impl Engine {
    /// The name the command line gives: `batch`, `judge`, `direct`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Batch => "batch",
            Engine::Judge => "judge",
            Engine::Direct => "direct",
        }
    }
}

/// Runs of one engine on a number of threads.
pub struct Bench {
    engine: Engine,
    threads: usize,
    /// The input format (`None`: detected), for the batch and judge modes.
    pub from: Option<formats::Format>,
    /// The direct engine's pool.
    pool: Option<rayon::ThreadPool>,
}

impl Bench {
    /// Runs of `engine` on `threads` threads (the direct engine's pool is
    /// started here).
    pub fn new(engine: Engine, threads: usize) -> Result<Bench, String> {
        let pool = match engine {
            Engine::Direct => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| format!("cannot start {threads} threads: {e}"))?,
            ),
            _ => None,
        };
        Ok(Bench {
            engine,
            threads,
            from: None,
            pool,
        })
    }

    /// Runs `file` once (the batch engine reads the file itself; the others
    /// take its bytes, `input`), with `options`.
    pub fn run(
        &self,
        file: &Path,
        input: &Arc<[u8]>,
        options: Options,
    ) -> Result<(Measured, Census), String> {
        let from = self.from;
        match (self.engine, &self.pool) {
            (Engine::Batch, _) => run_batch(file, from, options, self.threads),
            (Engine::Judge, _) => run_judge(input, from, options),
            (Engine::Direct, Some(pool)) => {
                let format = from.unwrap_or_else(|| formats::Format::detect(input));
                if format != formats::Format::Judge {
                    return Err(format!(
                        "the direct engine reads the judge format only, not {format}"
                    ));
                }
                run_direct(input, options, pool)
            }
            (Engine::Direct, None) => unreachable!("the direct engine has a pool"),
        }
    }
}

/// How many times to run: a number of runs, or until a time is spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// Exactly this many runs (at least 1).
    Runs(u32),
    /// At least [`Until::MIN_RUNS`] runs, and more until their wall time
    /// adds up to this.
    Time(Duration),
}

impl Until {
    /// The fewest runs [`Until::Time`] makes: enough for a spread.
    pub const MIN_RUNS: u32 = 3;

    /// Whether `runs` runs that took `spent` in all are enough.
    fn done(self, runs: u32, spent: Duration) -> bool {
        match self {
            Until::Runs(n) => runs >= n.max(1),
            Until::Time(t) => runs >= Until::MIN_RUNS && spent >= t,
        }
    }
}

/// Repeated runs of one file: the fastest, and the spread of the rate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Repeated {
    /// The fastest run (least wall time).
    pub best: Measured,
    /// Runs made.
    pub runs: u32,
    /// Mean data sets per second over the runs.
    pub mean: f64,
    /// Sum of squared differences from the mean (Welford's), for
    /// [`Repeated::sd`].
    squares: f64,
}

impl Repeated {
    /// Counts one run.
    pub fn add(&mut self, run: Measured) {
        let rate = run.rate();
        if self.runs == 0 || run.wall < self.best.wall {
            self.best = run;
        }
        self.runs += 1;
        let delta = rate - self.mean;
        self.mean += delta / f64::from(self.runs);
        self.squares += delta * (rate - self.mean);
    }

    /// The standard deviation of the runs' data sets per second (the
    /// sample's, with n - 1; 0 for one run).
    pub fn sd(&self) -> f64 {
        if self.runs < 2 {
            0.0
        } else {
            (self.squares / f64::from(self.runs - 1)).sqrt()
        }
    }
}

impl Bench {
    /// Runs `file` (its bytes, `input`, for the engines that take them)
    /// as many times as `until` says; the census is the last run's. Once
    /// a stop is requested ([`interrupt`]: SIGINT, SIGTERM), no new run
    /// starts and the run it cut short is left out: the runs that ended
    /// are the answer (none, `runs == 0`, if the stop came first).
    pub fn repeat(
        &self,
        file: &Path,
        input: &Arc<[u8]>,
        options: Options,
        until: Until,
    ) -> Result<(Repeated, Census), String> {
        let mut repeated = Repeated::default();
        let mut last = Census::default();
        let mut spent = Duration::ZERO;
        while !interrupt::stopping() {
            let (run, census) = self.run(file, input, options)?;
            if interrupt::stopping() {
                break;
            }
            spent += run.wall;
            repeated.add(run);
            last = census;
            if until.done(repeated.runs, spent) {
                break;
            }
        }
        Ok((repeated, last))
    }
}

/// A writer that counts the bytes and forgets them.
#[derive(Default)]
struct Discard(u64);

impl Write for Discard {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0 += buf.len() as u64;
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// CPU time (user + system) of the whole process so far, in microseconds
/// (`getrusage`); `None` where that cannot be read.
#[cfg(target_os = "linux")]
fn cpu_time() -> Option<Duration> {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage writes a whole `rusage` into the pointer it is
    // given, which points to one; RUSAGE_SELF is a valid `who`.
    let ok = unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) } == 0;
    // SAFETY: zeroed is a valid `rusage` (plain integers), and getrusage
    // filled it when it returned 0.
    let usage = unsafe { usage.assume_init() };
    let micros = |t: libc::timeval| t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64;
    ok.then(|| Duration::from_micros(micros(usage.ru_utime) + micros(usage.ru_stime)))
}

/// CPU time (user + system) of the whole process so far, from
/// `/proc/self/stat` (clock ticks of 10 ms); `None` where that cannot be
/// read.
#[cfg(not(target_os = "linux"))]
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) may hold spaces: count from its `)`.
    let rest = &stat[stat.rfind(')')? + 2..];
    let mut fields = rest.split_ascii_whitespace();
    // Fields 14 and 15 (utime, stime) are the 12th and 13th after field 2.
    let utime: u64 = fields.nth(11)?.parse().ok()?;
    let stime: u64 = fields.next()?.parse().ok()?;
    // Linux reports these in USER_HZ, 100 on every mainstream architecture.
    Some(Duration::from_millis((utime + stime) * 10))
}

/// CPU time of the calling thread so far, from
/// `/proc/thread-self/schedstat` (nanoseconds); `None` where that cannot
/// be read.
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = stat.split_ascii_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Clocks read at the start of a run.
struct Clocks {
    wall: Instant,
    cpu: Option<Duration>,
    main: Option<Duration>,
}

impl Clocks {
    fn start() -> Clocks {
        Clocks {
            cpu: cpu_time(),
            main: thread_cpu(),
            wall: Instant::now(),
        }
    }

    /// Wall time, process CPU time and this thread's CPU time since `start`.
    fn stop(&self) -> (Duration, Option<Duration>, Option<Duration>) {
        let wall = self.wall.elapsed();
        let since = |now: Option<Duration>, then: Option<Duration>| {
            now.zip(then).map(|(b, a)| b.saturating_sub(a))
        };
        (
            wall,
            since(cpu_time(), self.cpu),
            since(thread_cpu(), self.main),
        )
    }
}

/// One measured run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Measured {
    /// Wall-clock time.
    pub wall: Duration,
    /// CPU time of the process (user + system), where it can be read.
    pub cpu: Option<Duration>,
    /// CPU time of the thread that called the engine (the batch pipeline's
    /// scanner and writer): the part that does not run in parallel.
    pub main: Option<Duration>,
    /// Data sets run.
    pub data_sets: u64,
    /// Bytes read.
    pub in_bytes: u64,
    /// Bytes written (output and diagnostics).
    pub out_bytes: u64,
}

impl Measured {
    /// Data sets per second of wall time.
    pub fn rate(&self) -> f64 {
        self.data_sets as f64 / self.wall.as_secs_f64().max(1e-9)
    }
}

/// Counts of what became of the data sets, from the last run.
#[derive(Clone, Debug, Default)]
pub struct Census(Vec<(&'static str, usize)>);

impl Census {
    /// The counts that are not zero, as `N what, ...`.
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self
            .0
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(k, n)| format!("{n} {k}"))
            .collect();
        parts.join(", ")
    }

    /// How many data sets were puzzles (solved or not), not malformed.
    pub fn valid(&self) -> usize {
        self.0
            .iter()
            .filter(|(k, _)| *k != Status::Invalid.name())
            .map(|(_, n)| n)
            .sum()
    }
}

/// Runs `file` once through the batch pipeline with `threads` workers.
fn run_batch(
    file: &Path,
    from: Option<formats::Format>,
    options: Options,
    threads: usize,
) -> Result<(Measured, Census), String> {
    let config = Config {
        options,
        input_format: from,
        format: OutputFormat::Judge,
        threads,
        progress: false,
        ..Config::default()
    };
    let (mut out, mut err) = (Discard::default(), Discard::default());
    let inputs = [Input::Path(file.to_path_buf())];
    let clocks = Clocks::start();
    let totals = batch::run(&inputs, &config, &mut out, &mut err).map_err(|e| e.to_string())?;
    let took = clocks.stop();
    if totals.unreadable > 0 {
        return Err("cannot be read (`slink solve` says why)".into());
    }
    Ok(measured(&totals, took, out.0 + err.0))
}

/// Runs `input` once in judge mode (one thread).
fn run_judge(
    input: &Arc<[u8]>,
    from: Option<formats::Format>,
    options: Options,
) -> Result<(Measured, Census), String> {
    let (mut out, mut err) = (Discard::default(), Discard::default());
    let input = Input::Bytes {
        name: "bench".into(),
        bytes: input.clone(),
    };
    let clocks = Clocks::start();
    let (_, totals) = crate::run::judge::run_from(&input, from, options, false, &mut out, &mut err)
        .map_err(|e| e.to_string())?;
    Ok(measured(&totals, clocks.stop(), out.0 + err.0))
}

/// What a run of the batch pipeline that ended with `totals`, took
/// `(wall, cpu, main)` and wrote `written` bytes measured.
fn measured(
    totals: &Totals,
    (wall, cpu, main): (Duration, Option<Duration>, Option<Duration>),
    written: u64,
) -> (Measured, Census) {
    let census = Census(
        Status::ALL
            .iter()
            .map(|&k| (k.name(), totals.count(k)))
            .collect(),
    );
    let measured = Measured {
        wall,
        cpu,
        main,
        data_sets: totals.data_sets() as u64,
        in_bytes: totals.bytes,
        out_bytes: written,
    };
    (measured, census)
}

/// Data sets per parallel task of the direct engine.
const CHUNK: usize = 64;

/// Parses, solves and draws the data sets `spans` of `input`, appending
/// the judge output to `buf`; returns the counts per outcome. The data
/// sets that read well are solved together ([`Solver::solve_all`]).
fn solve_chunk(
    input: &[u8],
    spans: &[Span],
    solver: &mut Solver,
    puzzles: &mut Vec<Puzzle>,
    buf: &mut Vec<u8>,
) -> [usize; 3] {
    let mut counts = [0; 3];
    let mut num = itoa::Buffer::new();
    if puzzles.len() < spans.len() {
        puzzles.resize_with(spans.len(), Puzzle::default);
    }
    // The data sets that read well.
    let mut read = Vec::with_capacity(spans.len());
    for (k, (span, puzzle)) in spans.iter().zip(puzzles.iter_mut()).enumerate() {
        if span.decode(input, puzzle).is_ok() {
            read.push(k);
        } else {
            counts[2] += 1;
        }
    }
    let refs: Vec<&Puzzle> = read.iter().map(|&k| &puzzles[k]).collect();
    solver.solve_all(&refs, |k, outcome| match outcome.solution() {
        Some(s) => {
            counts[0] += 1;
            buf.extend_from_slice(num.format(spans[read[k]].place.number).as_bytes());
            buf.push(b'\n');
            render::draw(refs[k], s, buf);
        }
        None => counts[1] += 1,
    });
    counts
}

/// Runs `input` once on a pool of `threads` with one solver per worker.
fn run_direct(
    input: &[u8],
    options: Options,
    pool: &rayon::ThreadPool,
) -> Result<(Measured, Census), String> {
    let clocks = Clocks::start();
    let mut reader = Reader::new(input, formats::Format::Judge);
    let spans: Vec<Span> = reader.spans().collect();
    let (counts, out_bytes) = pool.install(|| {
        spans
            .par_chunks(CHUNK)
            .map_init(
                || {
                    (
                        Solver::new(options),
                        Vec::new(),
                        Vec::with_capacity(1 << 16),
                    )
                },
                |(solver, puzzles, buf), chunk| {
                    buf.clear();
                    if interrupt::stopping() {
                        // A signal: no new chunk is taken.
                        return ([0; 3], 0);
                    }
                    let c = solve_chunk(input, chunk, solver, puzzles, buf);
                    (c, buf.len() as u64)
                },
            )
            .reduce(
                || ([0; 3], 0),
                |(a, x), (b, y)| ([a[0] + b[0], a[1] + b[1], a[2] + b[2]], x + y),
            )
    });
    let (wall, cpu, main) = clocks.stop();
    let census = Census(vec![
        ("with a solution", counts[0]),
        ("without", counts[1]),
        (Status::Invalid.name(), counts[2]),
    ]);
    Ok((
        Measured {
            wall,
            cpu,
            main,
            data_sets: spans.len() as u64,
            in_bytes: input.len() as u64,
            out_bytes,
        },
        census,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_runs_give_the_mean_and_spread_of_the_rate() {
        let mut r = Repeated::default();
        for millis in [100, 200, 400] {
            r.add(Measured {
                wall: Duration::from_millis(millis),
                data_sets: 100,
                ..Measured::default()
            });
        }
        // 1000, 500 and 250 data sets per second.
        assert_eq!(r.runs, 3);
        assert_eq!(r.best.wall, Duration::from_millis(100));
        assert!((r.mean - 1750.0 / 3.0).abs() < 1e-9, "{}", r.mean);
        let sd = ((416.667f64.powi(2) + 83.333f64.powi(2) + 333.333f64.powi(2)) / 2.0).sqrt();
        assert!((r.sd() - sd).abs() < 0.01, "{} against {sd}", r.sd());
        assert!(Until::Runs(2).done(2, Duration::ZERO));
        assert!(!Until::Time(Duration::from_secs(1)).done(5, Duration::from_millis(999)));
        assert!(!Until::Time(Duration::ZERO).done(2, Duration::from_secs(9)));
        assert!(Until::Time(Duration::ZERO).done(Until::MIN_RUNS, Duration::ZERO));
    }

    #[test]
    fn cpu_time_reads_proc_where_there_is_one() {
        if std::path::Path::new("/proc/self/stat").exists() {
            assert!(cpu_time().is_some());
        }
    }

    /// On Linux the CPU clock ticks in microseconds, not in the 10 ms of
    /// `/proc/self/stat`: spinning until it moves sees it move by less.
    #[test]
    #[cfg(target_os = "linux")]
    fn cpu_time_has_microsecond_resolution() {
        let start = cpu_time().unwrap();
        let mut now = start;
        let mut spins = 0u64;
        while now == start {
            spins = std::hint::black_box(spins + 1);
            now = cpu_time().unwrap();
        }
        let step = now - start;
        assert!(
            step < Duration::from_millis(5),
            "the clock moved by {step:?}"
        );
    }
}

//! `slink bench`: throughput of the whole pipeline (read, parse, solve,
//! draw) on puzzle files, for one thread and for all threads.
//!
//! Each file is run through the same machinery as `slink solve` (the batch
//! engine, [`slink::run::batch::run`], judge format) with its output counted and
//! discarded, `--runs` times per thread count; the fastest run is reported.
//! `--engine judge` runs the library's judge mode instead
//! ([`slink::run::judge::run`]: the batch pipeline on one thread, as
//! `slink < FILE` runs it, on the file read into memory beforehand and
//! read from there as a stream);
//! `--engine direct` scans the file and solves its data sets in parallel
//! chunks on a rayon pool with one [`Solver`] per worker, drawing into a
//! buffer that is thrown away: the solver's throughput without the batch
//! engine's ordering and windows.
//!
//! CPU time is the process's user + system time (from `/proc/self/stat`,
//! in clock ticks of 10 ms), so it is meaningful for runs of a second or
//! more; wall time is measured with [`Instant`]. The calling thread's CPU
//! time (`/proc/thread-self/schedstat`, nanoseconds) is reported as its
//! share of the run: the batch pipeline's calling thread scans, writes, and
//! works the oldest batch no pool thread has taken whenever it cannot
//! start one (all of them on one thread), so the share shows how the work
//! was split.

use super::solver_args::SolverArgs;
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use slink::puzzle::parse::{parse_body, Scanner, Span};
use slink::run::batch::{self, Config, Format, Input};
use slink::Status;
use slink::{Options, Puzzle, Solver};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Which machinery runs the puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum EngineArg {
    /// The batch pipeline of `slink solve` (memory-mapped input, windows,
    /// output in input order).
    Batch,
    /// The library's judge mode (`slink::run::judge::run`): the batch
    /// pipeline on one thread, as `slink < FILE` runs it, on input already
    /// in memory.
    Judge,
    /// Scan, then parse + solve + draw chunks of data sets on a rayon pool.
    Direct,
}

impl EngineArg {
    fn name(self) -> &'static str {
        match self {
            EngineArg::Batch => "batch",
            EngineArg::Judge => "judge",
            EngineArg::Direct => "direct",
        }
    }
}

/// Arguments of `slink bench`.
#[derive(Args, Debug)]
#[command(after_help = "\
Columns: threads; data sets; best wall time of the runs; data sets per \
second; microseconds of wall time per data set; microseconds of CPU time \
(user + system, all threads) per data set; input and output megabytes \
(10^6 bytes) per second of wall time; speedup over the first thread count; \
caller %: the CPU time of the calling thread as a share of all CPU time \
(the batch pipeline's calling thread scans, writes, and works the oldest \
batch no pool thread has taken whenever it cannot start one: 100% on one \
thread).

Example (see BENCHMARKS.md):
    slink gen --rows 20 --cols 20 --count 100000 --seed 1 --rules-only -o s20.txt
    slink bench s20.txt")]
pub struct BenchArgs {
    /// Puzzle files in the judge format.
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    /// Thread counts to measure, comma-separated (default: 1 and one per
    /// core).
    #[arg(short = 'j', long, value_name = "N,...", value_delimiter = ',', value_parser = clap::value_parser!(u16).range(1..))]
    threads: Vec<u16>,
    /// Runs per file and thread count; the fastest is reported.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
    /// What runs the puzzles.
    #[arg(long, value_enum, default_value_t = EngineArg::Batch)]
    engine: EngineArg,
    #[command(flatten)]
    solver: SolverArgs,
    /// Print the table as tab-separated values (with a header line).
    #[arg(long)]
    tsv: bool,
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

/// CPU time (user + system) of the whole process so far, from
/// `/proc/self/stat`; `None` where that cannot be read.
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
struct Run {
    wall: Duration,
    cpu: Option<Duration>,
    /// CPU time of the thread that called the engine (the batch pipeline's
    /// scanner and writer): the part that does not run in parallel.
    main: Option<Duration>,
    data_sets: u64,
    in_bytes: u64,
    out_bytes: u64,
}

/// Counts of what became of the data sets, from the last run.
#[derive(Clone, Debug, Default)]
struct Census(Vec<(&'static str, usize)>);

impl Census {
    fn describe(&self) -> String {
        let parts: Vec<String> = self
            .0
            .iter()
            .filter(|(_, n)| *n > 0)
            .map(|(k, n)| format!("{n} {k}"))
            .collect();
        parts.join(", ")
    }
}

/// Runs `file` once through the batch pipeline with `threads` workers.
fn run_batch(file: &Path, options: Options, threads: usize) -> Result<(Run, Census), String> {
    let config = Config {
        options,
        format: Format::Judge,
        threads,
        progress: false,
        ..Config::default()
    };
    let (mut out, mut err) = (Discard::default(), Discard::default());
    let inputs = [Input::Path(file.to_path_buf())];
    let clocks = Clocks::start();
    let totals = batch::run(&inputs, &config, &mut out, &mut err).map_err(|e| e.to_string())?;
    let (wall, cpu, main) = clocks.stop();
    if totals.unreadable > 0 {
        return Err(format!("cannot read {}", file.display()));
    }
    let census = Census(
        Status::ALL
            .iter()
            .map(|&k| (k.name(), totals.count(k)))
            .collect(),
    );
    Ok((
        Run {
            wall,
            cpu,
            main,
            data_sets: totals.data_sets() as u64,
            in_bytes: totals.bytes,
            out_bytes: out.0 + err.0,
        },
        census,
    ))
}

/// Runs `input` once in judge mode (one thread).
fn run_judge(input: &Arc<[u8]>, options: Options) -> Result<(Run, Census), String> {
    let (mut out, mut err) = (Discard::default(), Discard::default());
    let input = Input::Bytes {
        name: "bench".into(),
        bytes: input.clone(),
    };
    let clocks = Clocks::start();
    let (_, totals) =
        slink::run::judge::run(&input, options, &mut out, &mut err).map_err(|e| e.to_string())?;
    let (wall, cpu, main) = clocks.stop();
    let census = Census(
        Status::ALL
            .iter()
            .map(|&k| (k.name(), totals.count(k)))
            .collect(),
    );
    Ok((
        Run {
            wall,
            cpu,
            main,
            data_sets: totals.data_sets() as u64,
            in_bytes: totals.bytes,
            out_bytes: out.0 + err.0,
        },
        census,
    ))
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
        if parse_body(input, span, puzzle).is_ok() {
            read.push(k);
        } else {
            counts[2] += 1;
        }
    }
    let refs: Vec<&Puzzle> = read.iter().map(|&k| &puzzles[k]).collect();
    solver.solve_all(&refs, |k, outcome| match outcome.solution() {
        Some(s) => {
            counts[0] += 1;
            buf.extend_from_slice(num.format(spans[read[k]].number).as_bytes());
            buf.push(b'\n');
            slink::puzzle::render::draw(refs[k], s, buf);
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
) -> Result<(Run, Census), String> {
    let clocks = Clocks::start();
    let spans: Vec<Span> = Scanner::new(input).map_while(Result::ok).collect();
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
        ("invalid", counts[2]),
    ]);
    Ok((
        Run {
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

/// A row of the table.
struct Row {
    file: String,
    threads: usize,
    best: Run,
    speedup: Option<f64>,
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn megabytes_per_second(bytes: u64, d: Duration) -> f64 {
    bytes as f64 / 1e6 / d.as_secs_f64().max(1e-9)
}

fn render_table(rows: &[Row], engine: EngineArg, tsv: bool) -> String {
    let header = [
        "file",
        "engine",
        "threads",
        "puzzles",
        "best s",
        "puzzles/s",
        "us/puzzle",
        "CPU us/puzzle",
        "in MB/s",
        "out MB/s",
        "speedup",
        "caller %",
    ];
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let b = &r.best;
            let n = b.data_sets.max(1) as f64;
            vec![
                r.file.clone(),
                engine.name().to_string(),
                r.threads.to_string(),
                b.data_sets.to_string(),
                format!("{:.3}", b.wall.as_secs_f64()),
                format!("{:.0}", n / b.wall.as_secs_f64().max(1e-9)),
                format!("{:.2}", micros(b.wall) / n),
                b.cpu
                    .map_or("-".into(), |c| format!("{:.2}", micros(c) / n)),
                format!("{:.1}", megabytes_per_second(b.in_bytes, b.wall)),
                format!("{:.1}", megabytes_per_second(b.out_bytes, b.wall)),
                r.speedup.map_or("-".into(), |s| format!("{s:.2}x")),
                match (b.main, b.cpu) {
                    (Some(m), Some(c)) if !c.is_zero() => {
                        format!(
                            "{:.0}",
                            (100.0 * m.as_secs_f64() / c.as_secs_f64()).min(100.0)
                        )
                    }
                    _ => "-".into(),
                },
            ]
        })
        .collect();
    let mut out = String::new();
    if tsv {
        let _ = writeln!(out, "{}", header.join("\t"));
        for row in &cells {
            let _ = writeln!(out, "{}", row.join("\t"));
        }
        return out;
    }
    let mut widths: Vec<usize> = header.iter().map(|h| h.len()).collect();
    for row in &cells {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.len());
        }
    }
    let line = |out: &mut String, row: &[String]| {
        let mut s = String::from("|");
        for (k, (c, w)) in row.iter().zip(&widths).enumerate() {
            // The file name is left-aligned, numbers right-aligned.
            if k < 2 {
                let _ = write!(s, " {c:<w$} |");
            } else {
                let _ = write!(s, " {c:>w$} |");
            }
        }
        let _ = writeln!(out, "{s}");
    };
    line(
        &mut out,
        &header.iter().map(|h| h.to_string()).collect::<Vec<_>>(),
    );
    let rule: Vec<String> = widths
        .iter()
        .enumerate()
        .map(|(k, w)| {
            if k < 2 {
                format!(":{}", "-".repeat(w + 1))
            } else {
                format!("{}:", "-".repeat(w + 1))
            }
        })
        .collect();
    let _ = writeln!(out, "|{}|", rule.join("|"));
    for row in &cells {
        line(&mut out, row);
    }
    out
}

/// Runs `slink bench`.
pub fn run(args: &BenchArgs) -> ExitCode {
    let options = args.solver.options();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut threads: Vec<usize> = if args.threads.is_empty() {
        vec![1, cores]
    } else {
        args.threads.iter().map(|&t| usize::from(t)).collect()
    };
    threads.dedup();
    if args.engine == EngineArg::Judge && threads.iter().any(|&t| t != 1) {
        eprintln!("slink bench: judge mode runs on one thread; measuring 1 thread only");
        threads = vec![1];
    }
    let mut rows = Vec::new();
    for file in &args.files {
        // The judge and direct engines take the input from memory; the batch
        // engine reads the file itself (from the page cache after the first run).
        let input: Arc<[u8]> = match args.engine {
            EngineArg::Batch => Arc::from(Vec::new()),
            _ => match std::fs::read(file) {
                Ok(b) => b.into(),
                Err(e) => {
                    eprintln!("slink bench: cannot read {}: {e}", file.display());
                    return ExitCode::from(2);
                }
            },
        };
        let mut first_rate = None;
        for &t in &threads {
            let pool = match args.engine {
                EngineArg::Direct => match rayon::ThreadPoolBuilder::new().num_threads(t).build() {
                    Ok(p) => Some(p),
                    Err(e) => {
                        eprintln!("slink bench: cannot start {t} threads: {e}");
                        return ExitCode::from(2);
                    }
                },
                _ => None,
            };
            let mut best: Option<Run> = None;
            let mut census = Census::default();
            for _ in 0..args.runs {
                let result = match (args.engine, &pool) {
                    (EngineArg::Batch, _) => run_batch(file, options, t),
                    (EngineArg::Judge, _) => run_judge(&input, options),
                    (EngineArg::Direct, Some(pool)) => run_direct(&input, options, pool),
                    (EngineArg::Direct, None) => unreachable!("the direct engine has a pool"),
                };
                let (run, c) = match result {
                    Ok(v) => v,
                    Err(e) => {
                        eprintln!("slink bench: {}: {e}", file.display());
                        return ExitCode::from(2);
                    }
                };
                census = c;
                if best.is_none_or(|b| run.wall < b.wall) {
                    best = Some(run);
                }
            }
            let best = best.unwrap_or_default();
            let rate = best.data_sets as f64 / best.wall.as_secs_f64().max(1e-9);
            let speedup = match first_rate {
                None => {
                    first_rate = Some(rate);
                    None
                }
                Some(r) => Some(rate / r),
            };
            eprintln!(
                "slink bench: {} on {t} thread(s): {}",
                file.display(),
                census.describe()
            );
            rows.push(Row {
                file: file.display().to_string(),
                threads: t,
                best,
                speedup,
            });
        }
    }
    print!("{}", render_table(&rows, args.engine, args.tsv));
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_reads_proc_where_there_is_one() {
        if std::path::Path::new("/proc/self/stat").exists() {
            assert!(cpu_time().is_some());
        }
    }

    #[test]
    fn table_has_a_row_per_measurement() {
        let run = Run {
            wall: Duration::from_millis(500),
            cpu: Some(Duration::from_millis(490)),
            main: Some(Duration::from_millis(49)),
            data_sets: 1000,
            in_bytes: 1_000_000,
            out_bytes: 4_000_000,
        };
        let rows = [
            Row {
                file: "a.txt".into(),
                threads: 1,
                best: run,
                speedup: None,
            },
            Row {
                file: "a.txt".into(),
                threads: 2,
                best: run,
                speedup: Some(1.0),
            },
        ];
        let t = render_table(&rows, EngineArg::Batch, false);
        assert_eq!(t.lines().count(), 4);
        assert!(t.contains("| 2000 |") || t.contains(" 2000 |"), "{t}");
        assert!(t.contains("500.00"), "{t}");
        let tsv = render_table(&rows, EngineArg::Batch, true);
        assert_eq!(tsv.lines().count(), 3);
        assert!(
            tsv.lines().nth(1).unwrap().contains("\t2.0\t8.0\t-\t10"),
            "{tsv}"
        );
    }
}

//! `slink bench`: throughput of the whole pipeline (read, parse, solve,
//! draw) on puzzle files, for one thread and for all threads: each file
//! run per thread count by [`slink::run::bench`] (which says
//! what each `--engine` runs) until `--min-time` is spent (or exactly
//! `--runs` times), reported in a table: the mean rate and its spread over
//! the runs, and the fastest run's times.

use super::from::FromArgs;
use super::output::{write_failed, OutputArgs};
use super::solver_args::{parse_duration, SolverArgs};
use clap::Args;
use slink::run::batch::Input;
use slink::run::bench::{Bench, Census, Engine, Repeated, Until};
use slink::run::read::chunks::Chunks;
use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `slink bench`.
#[derive(Args, Debug)]
#[command(after_help = concat!("\
Each file and thread count is run until --min-time is spent (at least 3 \
runs), or exactly --runs times.

Columns: threads; data sets; runs; wall time of the fastest run; data sets \
per second, the mean over the runs, and its standard deviation (sd); \
then, of the fastest run: microseconds of wall time per data set; \
microseconds of CPU time (user + system, all threads) per data set; input \
and output megabytes (10^6 bytes) per second of wall time; then the \
speedup of the mean rate over the first thread count's; caller %: the CPU \
time of the calling thread as a share of all CPU time in the fastest run \
(the batch pipeline's calling thread scans, writes, and works the oldest \
batch no pool thread has taken whenever it cannot start one: 100% on one \
thread).

A file with no valid data set (all malformed) is not measured: it is \
reported, and the exit status is 2.

Example (see BENCHMARKS.md):
    slink gen --rows 20 --cols 20 --count 100000 --seed 1 --rules-only -o s20.txt
    slink bench s20.txt

", super::exit_statuses!()))]
pub struct BenchArgs {
    /// Puzzle files (judge format, URLs, Loopy IDs or pzprv3 files: see
    /// --from).
    #[arg(value_name = "FILE", required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    from: FromArgs,
    /// Thread counts to measure, comma-separated (default: 1 and one per
    /// core).
    #[arg(short = 'j', long, value_name = "N,...", value_delimiter = ',', value_parser = clap::value_parser!(u16).range(1..))]
    threads: Vec<u16>,
    /// Run each file and thread count until their runs' wall time adds
    /// up to this (at least 3 runs), e.g. `500ms`, `2s`.
    #[arg(long, value_name = "DURATION", default_value = "1s", value_parser = parse_duration)]
    min_time: Duration,
    /// Run each file and thread count exactly N times instead (1 for a
    /// quick look: no spread).
    #[arg(long, value_name = "N", conflicts_with = "min_time", value_parser = clap::value_parser!(u32).range(1..))]
    runs: Option<u32>,
    /// What runs the puzzles.
    #[arg(long, value_enum, default_value_t = Engine::Batch)]
    engine: Engine,
    #[command(flatten)]
    solver: SolverArgs,
    /// Print the table as tab-separated values (with a header line).
    #[arg(long)]
    tsv: bool,
    #[command(flatten)]
    output: OutputArgs,
    #[command(flatten)]
    quiet: super::quiet::QuietArg,
}

/// A row of the table.
struct TableRow {
    file: String,
    threads: usize,
    runs: Repeated,
    speedup: Option<f64>,
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn megabytes_per_second(bytes: u64, d: Duration) -> f64 {
    bytes as f64 / 1e6 / d.as_secs_f64().max(1e-9)
}

fn render_table(rows: &[TableRow], engine: Engine, tsv: bool) -> String {
    if rows.is_empty() {
        // Nothing measured: no table (why is said on standard error).
        return String::new();
    }
    let header = [
        "file",
        "engine",
        "threads",
        "puzzles",
        "runs",
        "best s",
        "puzzles/s",
        "sd",
        "us/puzzle",
        "CPU us/puzzle",
        "in MB/s",
        "out MB/s",
        "speedup",
        "caller %",
    ];
    let cells: Vec<Vec<String>> = rows.iter().map(|r| cells_of(r, engine)).collect();
    if tsv {
        let mut out = String::new();
        let _ = writeln!(out, "{}", header.join("\t"));
        for row in &cells {
            let _ = writeln!(out, "{}", row.join("\t"));
        }
        return out;
    }
    markdown(&header, &cells)
}

/// One row of the table: a file measured at one thread count.
fn cells_of(r: &TableRow, engine: Engine) -> Vec<String> {
    let b = &r.runs.best;
    let n = b.data_sets.max(1) as f64;
    vec![
        r.file.clone(),
        engine.name().to_string(),
        r.threads.to_string(),
        b.data_sets.to_string(),
        r.runs.runs.to_string(),
        format!("{:.3}", b.wall.as_secs_f64()),
        format!("{:.0}", r.runs.mean),
        format!("{:.0}", r.runs.sd()),
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
}

/// A Markdown table of `cells` under `header`: the first two columns
/// (names) left-aligned, the numbers right-aligned.
fn markdown(header: &[&str], cells: &[Vec<String>]) -> String {
    let mut out = String::new();
    let mut widths: Vec<usize> = header.iter().map(|h| h.len()).collect();
    for row in cells {
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
    for row in cells {
        line(&mut out, row);
    }
    out
}

/// The thread counts to measure: those asked for, or 1 and one per core;
/// judge mode only 1.
fn thread_counts(args: &BenchArgs) -> Vec<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut threads: Vec<usize> = if args.threads.is_empty() {
        vec![1, cores]
    } else {
        args.threads.iter().map(|&t| usize::from(t)).collect()
    };
    threads.dedup();
    if args.engine == Engine::Judge && threads.iter().any(|&t| t != 1) {
        if !args.quiet.quiet {
            eprintln!("slink bench: judge mode runs on one thread; measuring 1 thread only");
        }
        threads = vec![1];
    }
    threads
}

/// The input of `file` as `engine` takes it: the judge and direct engines
/// from memory; the batch engine reads the file itself (from the page
/// cache after the first run), so it gets nothing here.
fn input_of(engine: Engine, file: &Path) -> io::Result<Arc<[u8]>> {
    match engine {
        Engine::Batch => Ok(Arc::from(Vec::new())),
        _ => read_whole(file).map(Into::into),
    }
}

/// Says that `file` has nothing to measure: no data set, or none valid.
fn nothing_to_measure(file: &Path, census: &Census) {
    let found = match census.describe() {
        none if none.is_empty() => "no data set".to_string(),
        some => format!("no valid data set ({some})"),
    };
    eprintln!(
        "slink bench: {}: {found}: nothing to measure",
        file.display()
    );
}

/// Runs `slink bench`.
pub fn run(args: &BenchArgs) -> ExitCode {
    let options = args.solver.options();
    let until = args.runs.map_or(Until::Time(args.min_time), Until::Runs);
    // Opened first: a bad output is told before the measuring.
    let inputs = super::from::inputs_of(&args.files);
    let mut out = match args.output.open_or_exit("slink bench", &inputs) {
        Ok(out) => out,
        Err(status) => return status,
    };
    let threads = thread_counts(args);
    let mut rows = Vec::new();
    // Inputs with no valid data set: nothing of them is measured.
    let mut no_puzzles = 0;
    'files: for file in &args.files {
        let input = match input_of(args.engine, file) {
            Ok(input) => input,
            Err(e) => {
                eprintln!("slink bench: cannot read {}: {e}", file.display());
                return ExitCode::from(2);
            }
        };
        let mut first_rate = None;
        for &t in &threads {
            let mut bench = match Bench::new(args.engine, t) {
                Ok(bench) => bench,
                Err(e) => {
                    eprintln!("slink bench: {e}");
                    return ExitCode::from(2);
                }
            };
            bench.from = args.from.format();
            let (runs, census) = match bench.repeat(file, &input, options, until) {
                Ok(v) => v,
                Err(e) => {
                    eprintln!("slink bench: {}: {e}", file.display());
                    return ExitCode::from(2);
                }
            };
            if runs.runs == 0 {
                // A signal came before a run ended: the table has the rows
                // measured so far.
                break 'files;
            }
            if census.valid() == 0 {
                nothing_to_measure(file, &census);
                no_puzzles += 1;
                continue 'files;
            }
            let speedup = match first_rate {
                None => {
                    first_rate = Some(runs.mean);
                    None
                }
                Some(r) => Some(runs.mean / r),
            };
            if !args.quiet.quiet {
                eprintln!(
                    "slink bench: {} on {t} thread(s): {}",
                    file.display(),
                    census.describe()
                );
            }
            rows.push(TableRow {
                file: file.display().to_string(),
                threads: t,
                runs,
                speedup,
            });
        }
    }
    let table = render_table(&rows, args.engine, args.tsv);
    match out.write_all(table.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) if no_puzzles > 0 => ExitCode::from(2),
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => write_failed("slink bench", &e, 0),
    }
}

/// Reads `file` into memory (for the engines that take their input from
/// there) as `slink solve` reads it: a piece of whole data sets at a time,
/// each data set within its limit, so that an endless stream of bytes
/// that are no data sets stops at the limit.
fn read_whole(file: &Path) -> io::Result<Vec<u8>> {
    let mut chunks = Chunks::open(&Input::from_arg(file.as_os_str()))?;
    let mut all = Vec::new();
    while let Some(chunk) = chunks.next_chunk_idle()? {
        all.extend_from_slice(chunk.bytes);
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use slink::run::bench::Measured;

    #[test]
    fn table_has_a_row_per_measurement() {
        let run = Measured {
            wall: Duration::from_millis(500),
            cpu: Some(Duration::from_millis(490)),
            main: Some(Duration::from_millis(49)),
            data_sets: 1000,
            in_bytes: 1_000_000,
            out_bytes: 4_000_000,
        };
        let mut runs = Repeated::default();
        runs.add(run);
        runs.add(Measured {
            wall: Duration::from_millis(1000),
            ..run
        });
        let rows = [
            TableRow {
                file: "a.txt".into(),
                threads: 1,
                runs,
                speedup: None,
            },
            TableRow {
                file: "a.txt".into(),
                threads: 2,
                runs,
                speedup: Some(1.0),
            },
        ];
        let t = render_table(&rows, Engine::Batch, false);
        assert_eq!(t.lines().count(), 4);
        // Two runs of 2000 and 1000 data sets per second: mean 1500,
        // standard deviation 707; the fastest run's 500 us per data set.
        assert!(
            t.contains(" 1500 | 707 |") && t.contains(" 500.00 |"),
            "{t}"
        );
        let tsv = render_table(&rows, Engine::Batch, true);
        assert_eq!(tsv.lines().count(), 3);
        let first = tsv.lines().nth(1).unwrap();
        assert!(first.contains("\t1000\t2\t0.500\t1500\t707\t"), "{tsv}");
        assert!(first.contains("\t2.0\t8.0\t-\t10"), "{tsv}");
    }
}

//! `slink bench`: throughput of the whole pipeline (read, parse, solve,
//! draw) on puzzle files, for one thread and for all threads: each file
//! run `--runs` times per thread count by [`slink::internals::run::bench`] (which
//! says what each `--engine` runs), the fastest run reported in a table.

use super::from::FromArgs;
use super::solver_args::SolverArgs;
use clap::{Args, ValueEnum};
use slink::internals::run::batch::chunks::Chunks;
use slink::internals::run::batch::Input;
use slink::internals::run::bench::{Bench, Measured, Mode};
use slink::internals::util::interrupt;
use std::fmt::Write as _;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// Which machinery runs the puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum EngineArg {
    /// The batch pipeline of `slink solve` (input read in pieces, windows,
    /// output in input order).
    Batch,
    /// The library's judge mode (`slink::internals::run::judge::run`): the batch
    /// pipeline on one thread, as `slink < FILE` runs it, on input already
    /// in memory.
    Judge,
    /// Scan, then parse + solve + draw chunks of data sets on a rayon pool.
    Direct,
}

impl EngineArg {
    /// The library's mode.
    fn mode(self) -> Mode {
        match self {
            EngineArg::Batch => Mode::Batch,
            EngineArg::Judge => Mode::Judge,
            EngineArg::Direct => Mode::Direct,
        }
    }

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

/// A row of the table.
struct Row {
    file: String,
    threads: usize,
    best: Measured,
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
    'files: for file in &args.files {
        // The judge and direct engines take the input from memory; the batch
        // engine reads the file itself (from the page cache after the first run).
        let input: Arc<[u8]> = match args.engine {
            EngineArg::Batch => Arc::from(Vec::new()),
            _ => match read_whole(file) {
                Ok(b) => b.into(),
                Err(e) => {
                    eprintln!("slink bench: cannot read {}: {e}", file.display());
                    return ExitCode::from(2);
                }
            },
        };
        let mut first_rate = None;
        for &t in &threads {
            let mut bench = match Bench::new(args.engine.mode(), t) {
                Ok(bench) => bench,
                Err(e) => {
                    eprintln!("slink bench: {e}");
                    return ExitCode::from(2);
                }
            };
            bench.from = args.from.format();
            let mut best: Option<Measured> = None;
            let mut census = Default::default();
            for _ in 0..args.runs {
                if interrupt::stopping() {
                    break;
                }
                let (run, c) = match bench.run(file, &input, options) {
                    Ok(v) => v,
                    Err(e) => {
                        eprintln!("slink bench: {}: {e}", file.display());
                        return ExitCode::from(2);
                    }
                };
                if interrupt::stopping() {
                    // Cut short by a signal: no measurement.
                    break;
                }
                census = c;
                if best.is_none_or(|b| run.wall < b.wall) {
                    best = Some(run);
                }
            }
            // None only when a signal came before a run ended: the table
            // has the rows measured so far.
            let Some(best) = best else { break 'files };
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
    let mut out = std::io::stdout().lock();
    let table = render_table(&rows, args.engine, args.tsv);
    match out.write_all(table.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`| head`): quietly done.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("slink bench: writing to standard output: {e}");
            ExitCode::from(2)
        }
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

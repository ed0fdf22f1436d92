//! `slink solve`: batch mode over files and standard input.

use super::solver_args::SolverArgs;
use clap::{Args, ValueEnum};
use slink::internals::run::batch::{self, Config, Format, Input, Shard};
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

/// Output formats, as the command line names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum FormatArg {
    /// The judge's drawings, byte for byte what `slink < FILE` prints.
    Judge,
    /// One JSON object per data set and line.
    Json,
    /// Counts per status and rates, at the end.
    Summary,
}

/// Arguments of `slink solve`.
#[derive(Args, Debug)]
#[command(after_help = "\
Exit status: 0 if every data set was solved with a unique solution, 1 if \
some was not (several solutions, none, malformed, gave up), 2 on a usage \
error or an unreadable input.

Shards: --shard K/N solves the data sets whose number n has \
(n - 1) mod N = K - 1. Merge the JSON outputs of the N shards with
    LC_ALL=C sort -m -t: -k2,2n -k3,3n shard-*.jsonl > all.jsonl")]
pub struct SolveArgs {
    /// Input files in the judge format; `-` (or none) reads standard input.
    #[arg(value_name = "FILE")]
    files: Vec<OsString>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Judge)]
    format: FormatArg,
    /// Worker threads (default: one per core).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Stop at the first error: a malformed data set, one with no solution
    /// or given up on, or an unreadable file.
    #[arg(long)]
    fail_fast: bool,
    /// Number data sets across files instead of from 1 in each file.
    #[arg(long)]
    continuous_numbering: bool,
    /// Solve only the K-th of N interleaved slices of the data sets:
    /// those numbered n with (n - 1) mod N = K - 1.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// No progress bar (it is shown only when standard error is a terminal).
    #[arg(short, long)]
    quiet: bool,
    /// Leave out times: no `micros` in JSON records, no rates in the
    /// summary, so that runs can be compared byte for byte.
    #[arg(long)]
    no_timing: bool,
    #[command(flatten)]
    solver: SolverArgs,
    /// Data sets in flight at most (tuning and tests).
    #[arg(long, hide = true, default_value_t = Config::DEFAULT_WINDOW as u64, value_parser = clap::value_parser!(u64).range(1..))]
    window: u64,
    /// Bytes of input read or mapped at a time (tuning and tests; by
    /// default 16 MB of a stream, 64 MB of a mapped file).
    #[arg(long, hide = true, value_parser = clap::value_parser!(u64).range(1..))]
    piece_bytes: Option<u64>,
    /// Largest piece of input, in bytes: a data set that does not end
    /// within it makes the input unreadable (tests).
    #[arg(long, hide = true, default_value_t = Config::DEFAULT_PIECE_LIMIT as u64, value_parser = clap::value_parser!(u64).range(1..))]
    piece_limit: u64,
}

impl SolveArgs {
    /// The batch configuration these arguments ask for.
    fn config(&self) -> Config {
        Config {
            options: self.solver.options(),
            format: match self.format {
                FormatArg::Judge => Format::Judge,
                FormatArg::Json => Format::Json,
                FormatArg::Summary => Format::Summary,
            },
            threads: self.threads.map_or(0, usize::from),
            fail_fast: self.fail_fast,
            stop_at_invalid: false,
            continuous_numbering: self.continuous_numbering,
            shard: self.shard.unwrap_or_default(),
            progress: !self.quiet && io::stderr().is_terminal(),
            timing: !self.no_timing,
            window: to_usize(self.window),
            piece_bytes: self
                .piece_bytes
                .map_or(Config::DEFAULT_PIECE_BYTES, to_usize),
            map_bytes: self.piece_bytes.map_or(Config::DEFAULT_MAP_BYTES, to_usize),
            piece_limit: to_usize(self.piece_limit),
        }
    }

    /// The inputs: the files, or standard input.
    fn inputs(&self) -> Vec<Input> {
        if self.files.is_empty() {
            vec![Input::Stdin]
        } else {
            self.files.iter().map(|f| Input::from_arg(f)).collect()
        }
    }
}

/// A count or size from the command line, as a `usize` (capped).
fn to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Runs `slink solve`.
pub fn run(args: &SolveArgs) -> ExitCode {
    let config = args.config();
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut err = io::stderr().lock();
    match batch::run(&args.inputs(), &config, &mut out, &mut err) {
        Ok(totals) => ExitCode::from(totals.exit_status()),
        Err(batch::Error::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            let _ = writeln!(err, "slink: {e}");
            ExitCode::from(2)
        }
    }
}

//! `slink solve`: batch mode over files and standard input.

use super::from::FromArgs;
use super::output::{write_failed, OutputArgs};
use super::resume;
use super::solver_args::SolverArgs;
use clap::Args;
use slink::interrupt;
use slink::run::batch::{self, Config, Input, OutputFormat, Shard};
use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `slink solve`.
#[derive(Args, Debug)]
#[command(after_help = concat!("\
Examples:
    slink solve puzzles/*.txt > solutions.txt
    slink solve -j 8 --format json --no-timing big.txt > results.jsonl
    xzcat big.txt.xz | slink solve --format summary
    slink solve --format json -o results.jsonl big.txt --resume   (after a stop)

After a stop by SIGINT or SIGTERM (a second signal ends the run at once) \
the records of the data sets already taken are written whole. A resumed \
run's status and summary count the data sets it solved. A run that does \
not exit 0 says on standard error (unless -q) how many data sets did not \
pass, and why.

Shards: --shard K/N solves the data sets whose number n has \
(n - 1) mod N = K - 1. Merge the JSON outputs of the N shards with
    LC_ALL=C sort -m -t: -k2,2n -k3,3n shard-*.jsonl > all.jsonl

", super::exit_statuses!()))]
pub struct SolveArgs {
    /// Input files (judge format, URLs, Loopy IDs or pzprv3 files: see
    /// --from); `-` (or none) reads standard input.
    #[arg(value_name = "FILE")]
    files: Vec<OsString>,
    #[command(flatten)]
    from: FromArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Judge)]
    format: OutputFormat,
    /// With --format svg: the folder for the pictures, one file per data
    /// set, named from the input's file stem and the data set's number
    /// (`puzzles-7.svg`); made if missing.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    #[command(flatten)]
    output: OutputArgs,
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
    /// Pass over the first N data sets this run would solve (of its shard,
    /// in input order), to go on after a run that stopped: a run stopped
    /// by SIGINT or SIGTERM says which N to give.
    #[arg(long, value_name = "N", default_value_t = 0)]
    skip: usize,
    /// Go on with a stopped run: keep the whole records of OUTPUT (-o),
    /// cut a torn one at its end, append the rest.
    ///
    /// Go on with a run that stopped (a signal, a crash, a full disk):
    /// read back the records in OUTPUT (-o, required), cut a torn record
    /// at its end, and append the records of the data sets after them, so
    /// that OUTPUT ends as a run that was not stopped would have left it.
    /// Give the same inputs and options (--skip, --shard too). For the
    /// judge, json, url and loopy formats and inputs that are files (they
    /// are read twice). A missing or empty OUTPUT is an ordinary run; one
    /// whose records do not fit the inputs is refused and left as it was.
    /// The summary and exit status count the data sets this run solved.
    #[arg(long)]
    resume: bool,
    #[command(flatten)]
    quiet: super::quiet::QuietArg,
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
    /// default 16 MB, of a stream or of a regular file).
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
            format: self.format,
            input_format: self.from.format(),
            out_dir: self.out_dir.clone(),
            threads: self.threads.map_or(0, usize::from),
            fail_fast: self.fail_fast,
            stop_at_invalid: false,
            continuous_numbering: self.continuous_numbering,
            shard: self.shard.unwrap_or_default(),
            skip: self.skip,
            progress: !self.quiet.quiet && io::stderr().is_terminal(),
            quiet: self.quiet.quiet,
            timing: !self.no_timing,
            window: to_usize(self.window),
            piece_bytes: self
                .piece_bytes
                .map_or(Config::DEFAULT_PIECE_BYTES, to_usize),
            file_bytes: self
                .piece_bytes
                .map_or(Config::DEFAULT_FILE_BYTES, to_usize),
            piece_limit: to_usize(self.piece_limit),
            command: Some("slink solve"),
            stop: None,
        }
    }

    /// The inputs: the files, or standard input.
    fn inputs(&self) -> Vec<Input> {
        super::from::inputs_of(&self.files)
    }
}

/// Checks the options of pictures: --out-dir goes with --format svg (and
/// is made), and SVG pictures of several inputs need it.
fn check_pictures(args: &SolveArgs) -> Result<(), String> {
    match (&args.out_dir, args.format) {
        (Some(dir), OutputFormat::Svg) => std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot make the folder {}: {e}", dir.display())),
        (Some(_), _) => Err("--out-dir goes with --format svg".into()),
        (None, OutputFormat::Svg) if args.files.len() > 1 => Err(
            "--format svg with several inputs needs --out-dir DIR (one SVG file per data set)"
                .into(),
        ),
        _ => Ok(()),
    }
}

/// A count or size from the command line, as a `usize` (capped).
fn to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Runs `slink solve`.
pub fn run(args: &SolveArgs) -> ExitCode {
    let mut config = args.config();
    if let Err(e) = check_pictures(args) {
        eprintln!("slink solve: {e}");
        return ExitCode::from(2);
    }
    let inputs = args.inputs();
    let opened = if args.resume {
        resume::open(&args.output, &inputs, &mut config)
    } else {
        args.output
            .open_or_exit("slink solve", &inputs)
            .map(|out| (out, None))
    };
    let (mut out, resumed) = match opened {
        Ok(opened) => opened,
        Err(status) => return status,
    };
    let mut err = io::stderr().lock();
    match batch::run(&inputs, &config, &mut out, &mut err) {
        Ok(totals) => {
            if let Some(signal) = interrupt::requested() {
                // Where it stopped, and how to go on from there.
                let earlier = resumed.as_ref().and_then(|r| r.last.as_ref());
                let to_file = args.output.output.is_some();
                let line = batch::resume::reopen::stopped_line(
                    signal, &config, &totals, earlier, to_file, &inputs,
                );
                super::signals::announce("slink solve", &line);
            } else if let Some(line) = totals.shortfall().filter(|_| !args.quiet.quiet) {
                let _ = writeln!(err, "slink solve: {line}");
            }
            ExitCode::from(totals.exit_status())
        }
        Err(batch::Error::Write(e)) => write_failed("slink solve", &e, 0),
        Err(e) => {
            let _ = out.flush();
            let _ = writeln!(err, "slink solve: {e}");
            ExitCode::from(2)
        }
    }
}

//! `slink check`: does each puzzle keep the judge's promise? (The check
//! and its report: [`slink::internals::run::check`].)

use super::from::FromArgs;
use clap::Args;
use slink::internals::run::batch::{Error, Input};
use slink::internals::run::check::{self, Config};
use slink::Options;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `slink check`.
#[derive(Args, Debug)]
#[command(after_help = "\
Example:
    slink check --brief corpus/judge/slink.in

Exit status: 0 when every data set keeps the judge's promise (one \
solution, found by the judge's rules alone), 1 when some breaks it, 2 for \
an unreadable input or bad input.")]
pub struct CheckArgs {
    /// Puzzle files (judge format, URLs, Loopy IDs or pzprv3 files: see
    /// --from); none, or `-`, reads standard input.
    files: Vec<PathBuf>,
    #[command(flatten)]
    from: FromArgs,
    /// Search nodes per puzzle before the full solve gives up (`solutions=?`).
    #[arg(long, default_value_t = Options::DEFAULT_BUDGET)]
    budget: u64,
    /// Wall-clock time per puzzle before the full solve gives up
    /// (`solutions=?`), e.g. `500ms`, `2s`.
    #[arg(long, value_name = "DURATION", value_parser = super::solver_args::parse_duration)]
    time_limit: Option<std::time::Duration>,
    /// Print only the data sets that break the promise (and bad input),
    /// then the summary.
    #[arg(long)]
    brief: bool,
    /// Worker threads (default: one per core).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

/// Runs `slink check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let config = Config {
        budget: args.budget,
        time_limit: args.time_limit,
        brief: args.brief,
        threads: args.threads.map_or(0, usize::from),
        from: args.from.format(),
    };
    let inputs: Vec<Input> = if args.files.is_empty() {
        vec![Input::Stdin]
    } else {
        args.files
            .iter()
            .map(|f| Input::from_arg(f.as_os_str()))
            .collect()
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr();
    let (summary, done) = check::run(&inputs, &config, &mut out, &mut err);
    match done {
        Ok(()) => {}
        Err(Error::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(Error::Threads(e)) => {
            eprintln!("slink check: cannot start the worker threads: {e}");
            return ExitCode::from(2);
        }
        Err(Error::Write(e)) => {
            let _ = out.flush();
            eprintln!("slink check: writing to standard output: {e}");
            return ExitCode::from(2);
        }
    }
    ExitCode::from(summary.exit_status())
}

//! `slink check`: is each puzzle unique, does it keep the judge's
//! promise? (The check and its report: [`slink::run::check`].)

use super::from::FromArgs;
use super::output::{write_failed, OutputArgs};
use clap::Args;
use slink::run::batch::Error;
use slink::run::check::{self, CheckConfig, Question};
use slink::Options;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// The output of `slink check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum CheckFormat {
    /// A line per data set, then the summary line.
    Text,
    /// A JSON record per data set, then `{"summary": {...}}`.
    Json,
}

/// Arguments of `slink check`.
#[derive(Args, Debug)]
#[command(after_help = concat!("\
Examples:
    slink check --brief collection.txt       which puzzles are not unique?
    slink check --promise corpus/judge/slink.in

Each data set gets a line `FILE:LINE:COL: set=K ...` (its first line and \
column, its number in the file), ending with the answer: `unique=yes|no|?` \
or `promise=kept|broken`; a unique puzzle's line has its grade before the \
answer, what slink's solver needs to finish it: `grade=easy` (the judge's \
rules), `normal` (loop reasoning), `tricky` (probing), `hard` (search). \
Then a summary counts the data sets read per \
verdict (unique, multiple, none, gave up, bad input).

", super::exit_statuses!()))]
pub struct CheckArgs {
    /// Puzzle files (judge format, URLs, Loopy IDs or pzprv3 files: see
    /// --from); none, or `-`, reads standard input.
    files: Vec<PathBuf>,
    #[command(flatten)]
    from: FromArgs,
    /// Ask of every puzzle only whether it is unique (and if not, whether
    /// it has several solutions or none): one solve each. The default for
    /// puzzles with blank cells (Slitherlink).
    #[arg(long, conflicts_with = "promise")]
    unique: bool,
    /// Ask of every puzzle the judge's promise: exactly one solution,
    /// found by the judge's rules R1-R15 alone (also what the rules alone
    /// do, and what is needed). The default for fully clued puzzles
    /// (Slink).
    #[arg(long)]
    promise: bool,
    /// Search nodes per puzzle before the full solve gives up (`solutions=?`).
    #[arg(long, default_value_t = Options::DEFAULT_BUDGET)]
    budget: u64,
    /// Wall-clock time per puzzle before the full solve gives up
    /// (`solutions=?`), e.g. `500ms`, `2s`.
    #[arg(long, value_name = "DURATION", value_parser = super::solver_args::parse_duration)]
    time_limit: Option<std::time::Duration>,
    /// Print only the data sets that fail the question asked (and bad
    /// input), then the summary.
    #[arg(long)]
    brief: bool,
    /// What to write: a line per data set (`text`), or a JSON record per
    /// data set and a JSON summary (`json`; with it, every data set).
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    format: CheckFormat,
    /// Worker threads (default: one per core).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Pass over the first N data sets (across the inputs, in order), to
    /// go on after a check that a signal stopped: it says which N to give.
    #[arg(long, value_name = "N", default_value_t = 0)]
    skip: usize,
    #[command(flatten)]
    quiet: super::quiet::QuietArg,
    #[command(flatten)]
    output: OutputArgs,
}

/// Runs `slink check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let config = CheckConfig {
        budget: args.budget,
        time_limit: args.time_limit,
        brief: args.brief,
        question: match (args.unique, args.promise) {
            (true, _) => Some(Question::Unique),
            (_, true) => Some(Question::Promise),
            _ => None,
        },
        threads: args.threads.map_or(0, usize::from),
        from: args.from.format(),
        json: args.format == CheckFormat::Json,
        skip: args.skip,
        quiet: args.quiet.quiet,
    };
    let inputs = super::from::inputs_of(&args.files);
    let mut out = match args.output.open_or_exit("slink check", &inputs) {
        Ok(out) => out,
        Err(status) => return status,
    };
    let mut err = io::stderr();
    let (summary, done) = check::run(&inputs, &config, &mut out, &mut err);
    match done {
        Ok(()) => {}
        Err(Error::Threads(e)) => {
            eprintln!("slink check: cannot start the worker threads: {e}");
            return ExitCode::from(2);
        }
        Err(Error::Write(e)) => {
            let _ = out.flush();
            // A reader that stopped early: the status of what was checked.
            return write_failed("slink check", &e, summary.exit_status());
        }
    }
    if let Some(signal) = summary.stopped {
        let done = args.skip + summary.data_sets();
        let last = summary
            .last
            .as_ref()
            .map_or(String::new(), |at| format!(" (the last at {at})"));
        super::signals::announce(
            "slink check",
            &format!(
                "stopped by signal {signal} after {}{last}, their lines written whole; \
                 to go on, run the same command with --skip {done} (the summary counts \
                 only the data sets checked)",
                slink::counted(done as u64, "data set")
            ),
        );
    }
    ExitCode::from(summary.exit_status())
}

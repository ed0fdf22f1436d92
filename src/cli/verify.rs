//! `slink verify`: judges a contestant's output (the judging:
//! [`slink::run::verify`]).

use super::from::FromArgs;
use super::output::{write_failed, OutputArgs};
use clap::{Args, ValueEnum};
use slink::interrupt;
use slink::run::batch::Input;
use slink::run::verify::{self, right_output_size};
use slink::Options;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

/// Arguments of `slink verify`.
#[derive(Args, Debug)]
#[command(after_help = concat!("Example:\n  \
    ./contestant < judge.in > contestant.out\n  \
    slink verify judge.in contestant.out\n  \
    slink verify puzzles.url contestant.out   # data sets 1, 2, ... in order\n\n\
    The output is right when every data set is drawn right and nothing else \
    is printed.\n\n", super::exit_statuses!()))]
pub struct VerifyArgs {
    /// The puzzles (`-`: standard input), in the judge format or, with
    /// their data sets numbered 1, 2, ... in order, as URLs, Loopy IDs or
    /// pzprv3 files (see --from).
    puzzles: String,
    /// The output to judge, as the judge expects it (`-`: standard input).
    #[arg(value_name = "OUTPUT")]
    contestant: String,
    #[command(flatten)]
    from: FromArgs,
    /// How to report: `text` (a line per data set and a summary) or `json`
    /// (a JSON record per data set).
    #[arg(long, value_enum, default_value_t = VerifyFormat::Text)]
    format: VerifyFormat,
    /// Print only what is wrong (and the summary), as `check --brief`
    /// does. (`-q` means no progress or summary on standard error in every
    /// command; verify writes neither.)
    #[arg(long)]
    brief: bool,
    /// Search nodes and probes per puzzle when a data set is missing and
    /// slink solves the puzzle to tell whether it has a solution.
    #[arg(long, default_value_t = Options::DEFAULT_BUDGET)]
    budget: u64,
    /// Where the report goes.
    #[command(flatten)]
    report: OutputArgs,
    #[command(flatten)]
    quiet: super::quiet::QuietArg,
}

/// The report formats of `slink verify`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum VerifyFormat {
    /// A line per data set, then a summary.
    Text,
    /// A JSON record per data set (JSON lines).
    Json,
}

/// Reads at most `limit` bytes of `name` (`-`: standard input). Nothing
/// is written yet, so a signal while a pipe or a terminal keeps the read
/// waiting ends the process at once ([`interrupt::while_idle`]).
fn read(name: &str, limit: u64) -> io::Result<Vec<u8>> {
    interrupt::while_idle(|| read_now(name, limit))
        .unwrap_or_else(|| Err(io::Error::other("stopped by a signal")))
}

fn read_now(name: &str, limit: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    if name == "-" {
        io::stdin().lock().take(limit).read_to_end(&mut bytes)?;
    } else {
        let file = std::fs::File::open(Path::new(name))?;
        if file.metadata()?.is_dir() {
            return Err(io::Error::other("it is a directory"));
        }
        file.take(limit).read_to_end(&mut bytes)?;
    }
    Ok(bytes)
}

/// Runs `slink verify`.
pub fn run(args: &VerifyArgs) -> ExitCode {
    let fail = |what: String| {
        eprintln!("slink verify: {what}");
        ExitCode::from(2)
    };
    if args.puzzles == "-" && args.contestant == "-" {
        return fail("the puzzles and the output cannot both be standard input".into());
    }
    let shown = |name: &str| {
        if name == "-" {
            "stdin".to_string()
        } else {
            name.to_string()
        }
    };
    // The puzzles file is the judge's own, read whole (its data sets are
    // capped in size by the parser's limits).
    let text = match read(&args.puzzles, u64::MAX) {
        Ok(t) => t,
        Err(e) => return fail(format!("cannot read {}: {e}", shown(&args.puzzles))),
    };
    let puzzles = match verify::read_puzzles(&text, args.from.format()) {
        Ok(p) => p,
        Err(e) => return fail(format!("{}:{e}", shown(&args.puzzles))),
    };
    // A right output is no bigger than this; what lies beyond a margin
    // can only be extra output, which the first extra line shows.
    let limit = right_output_size(&puzzles) + (1 << 16);
    let output = match read(&args.contestant, limit) {
        Ok(o) => o,
        Err(e) => return fail(format!("cannot read {}: {e}", shown(&args.contestant))),
    };
    let options = Options {
        node_budget: args.budget,
        ..Options::default()
    };
    let report = verify::judge(&puzzles, &output, &options);
    let inputs = [&args.puzzles, &args.contestant].map(|a| Input::from_arg(a.as_ref()));
    let written = args.report.open(&inputs).and_then(|mut out| {
        match args.format {
            VerifyFormat::Text => {
                verify::write_text(&report, &shown(&args.contestant), args.brief, &mut out)
            }
            VerifyFormat::Json => verify::write_json(&report, &mut out),
        }?;
        out.flush()
    });
    match written {
        Ok(()) => ExitCode::from(if report.all_right() { 0 } else { 1 }),
        // A reader that stopped early cannot have seen all was right.
        Err(e) => write_failed("slink verify", &e, 1),
    }
}

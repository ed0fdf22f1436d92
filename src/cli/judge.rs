//! `slink` with no subcommand: judge mode on standard input.

use super::from::FromArgs;
use super::solver_args::SolverArgs;
use clap::Args;
use slink::formats::Format;
use slink::run::batch::Totals;
use slink::run::batch::{self, Input};
use slink::run::files;
use slink::run::judge::{self, JudgeExit};
use slink::{counted, interrupt};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

/// Options of judge mode.
#[derive(Args, Debug)]
pub struct JudgeArgs {
    #[command(flatten)]
    solver: SolverArgs,
    #[command(flatten)]
    from: FromArgs,
    #[command(flatten)]
    quiet: super::quiet::QuietArg,
}

/// Solves standard input in judge mode ([`slink::run::judge::run`]).
pub fn run(args: &JudgeArgs) -> ExitCode {
    // `slink < in >> in` would read what it writes.
    if let Err(e) = files::refuse_clashes(&[Input::Stdin], &[files::Destination::result(None)]) {
        eprintln!("slink: {e}");
        return ExitCode::from(JudgeExit::BadInput as u8);
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut err = io::stderr().lock();
    // Standard input is in the judge format unless `--from` says otherwise.
    let from = args.from.format().unwrap_or(Format::Judge);
    if io::stdin().is_terminal() {
        // Someone typed `slink` alone: say what it waits for.
        let _ = writeln!(
            err,
            "slink: judge mode: reading puzzles from the terminal (end with Ctrl-D; \
             `slink --help` for the commands)"
        );
    }
    let options = args.solver.options();
    let quiet = args.quiet.quiet;
    match judge::run_from(
        &Input::Stdin,
        Some(from),
        options,
        quiet,
        &mut out,
        &mut err,
    ) {
        Ok((verdict, totals)) => {
            if let Some(signal) = interrupt::requested() {
                let _ = out.flush();
                super::signals::announce("slink", &stopped(signal, &totals));
            }
            ExitCode::from(verdict as u8)
        }
        Err(batch::Error::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(batch::Error::Write(e)) => {
            let _ = writeln!(err, "slink: writing to standard output: {e}");
            ExitCode::from(JudgeExit::BadInput as u8)
        }
        Err(e) => {
            let _ = out.flush();
            let _ = writeln!(err, "slink: {e}");
            ExitCode::from(JudgeExit::BadInput as u8)
        }
    }
}

/// Where a judge run stopped by `signal` stopped, and how to go on: the
/// same drawings come from `slink solve` over the rest of the input.
fn stopped(signal: i32, totals: &Totals) -> String {
    let done = totals.data_sets();
    let last = totals.last.as_ref().map_or(String::new(), |spot| {
        format!(
            " (the last at stdin:{}, data set {})",
            spot.line, spot.number
        )
    });
    format!(
        "stopped by signal {signal} after {}{last}, their drawings written whole; to go \
         on, run `slink solve --skip {done}` on the same input and append its output",
        counted(done as u64, "data set")
    )
}

//! `slink` with no subcommand: judge mode on standard input.

use super::from::FromArgs;
use super::solver_args::SolverArgs;
use clap::Args;
use slink::internals::puzzle::formats::Format;
use slink::internals::run::batch::{self, Input};
use slink::internals::run::judge::{self, JudgeExit};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

/// Options of judge mode.
#[derive(Args, Debug)]
pub struct JudgeArgs {
    #[command(flatten)]
    solver: SolverArgs,
    #[command(flatten)]
    from: FromArgs,
}

/// Solves standard input in judge mode ([`slink::internals::run::judge::run`]).
pub fn run(args: &JudgeArgs) -> ExitCode {
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
    match judge::run_from(&Input::Stdin, Some(from), options, &mut out, &mut err) {
        Ok((verdict, _)) => ExitCode::from(verdict as u8),
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

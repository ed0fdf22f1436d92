//! `slink` with no subcommand: judge mode on standard input.

use super::solver_args::SolverArgs;
use clap::Args;
use slink::internals::run::batch::{self, Input};
use slink::internals::run::judge::{self, Verdict};
use std::io::{self, Write};
use std::process::ExitCode;

/// Options of judge mode.
#[derive(Args, Debug)]
pub struct JudgeArgs {
    #[command(flatten)]
    solver: SolverArgs,
}

/// Solves standard input in judge mode ([`slink::internals::run::judge::run`]).
pub fn run(args: &JudgeArgs) -> ExitCode {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut err = io::stderr().lock();
    match judge::run(&Input::Stdin, args.solver.options(), &mut out, &mut err) {
        Ok((verdict, _)) => ExitCode::from(verdict as u8),
        Err(batch::Error::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            let _ = writeln!(err, "slink: {e}");
            ExitCode::from(Verdict::BadInput as u8)
        }
    }
}

//! `slink` with no subcommand: judge mode on standard input.

use super::solver_args::SolverArgs;
use clap::Args;
use slink::judge::{self, Verdict};
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// Options of judge mode.
#[derive(Args, Debug)]
pub struct JudgeArgs {
    #[command(flatten)]
    solver: SolverArgs,
}

/// Reads stdin to the end and solves it in judge mode.
pub fn run(args: &JudgeArgs) -> ExitCode {
    let mut input = Vec::new();
    if let Err(e) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("slink: cannot read stdin: {e}");
        return ExitCode::from(Verdict::BadInput as u8);
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut err = io::stderr().lock();
    match judge::run(&input, "stdin", args.solver.options(), &mut out, &mut err) {
        Ok((verdict, _)) => ExitCode::from(verdict as u8),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            eprintln!("slink: cannot write the output: {e}");
            ExitCode::from(Verdict::BadInput as u8)
        }
    }
}

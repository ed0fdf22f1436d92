//! `slink` with no subcommand: judge mode on standard input.

use super::solver_args::SolverArgs;
use clap::Args;
use slink::run::batch::{self, Config, Format, Input, Kind};
use slink::run::judge::Verdict;
use std::io::{self, Write};
use std::process::ExitCode;

/// Options of judge mode.
#[derive(Args, Debug)]
pub struct JudgeArgs {
    #[command(flatten)]
    solver: SolverArgs,
}

/// Solves standard input in judge mode. The input is read in bounded
/// pieces by the batch pipeline on one thread, in the judge format, stopping
/// at the first malformed data set: memory stays flat however long the
/// input, and the output is that of [`slink::run::judge::run`].
pub fn run(args: &JudgeArgs) -> ExitCode {
    let config = Config {
        options: args.solver.options(),
        format: Format::Judge,
        threads: 1,
        stop_at_invalid: true,
        timing: false,
        ..Config::default()
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut err = io::stderr().lock();
    match batch::run(&[Input::Stdin], &config, &mut out, &mut err) {
        Ok(totals) => {
            let verdict = if totals.count(Kind::Invalid) > 0 || totals.unreadable > 0 {
                Verdict::BadInput
            } else if totals.count(Kind::Solved) == totals.data_sets() {
                Verdict::AllUnique
            } else {
                Verdict::NotAllUnique
            };
            ExitCode::from(verdict as u8)
        }
        Err(batch::Error::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = out.flush();
            let _ = writeln!(err, "slink: {e}");
            ExitCode::from(Verdict::BadInput as u8)
        }
    }
}

//! `slink` with no subcommand: judge mode on standard input.

use super::solver_args::SolverArgs;
use clap::Args;
use slink::batch::{self, Config, Format, Input, Kind};
use slink::judge::Verdict;
use std::io::{self, Write};
use std::process::ExitCode;

/// Data sets in flight in judge mode: four batches of 60.
const JUDGE_WINDOW: usize = 240;

/// Options of judge mode.
#[derive(Args, Debug)]
pub struct JudgeArgs {
    #[command(flatten)]
    solver: SolverArgs,
}

/// Solves standard input in judge mode. The input is read in bounded
/// pieces by the batch engine on one thread, in the judge format, stopping
/// at the first malformed data set: memory stays flat however long the
/// input, and the output is that of [`slink::judge::run`].
pub fn run(args: &JudgeArgs) -> ExitCode {
    let config = Config {
        options: args.solver.options(),
        format: Format::Judge,
        threads: 1,
        stop_at_invalid: true,
        timing: false,
        // One worker needs only a few batches in flight to stay busy; a
        // small ring keeps every slot's output buffer for reuse (a ring
        // of 4096 slots of 20x20 drawings held twice the engine's kept
        // bytes, so half the buffers were freed and allocated again per
        // data set) and the output written while still in cache.
        window: JUDGE_WINDOW,
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

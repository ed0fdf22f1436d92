//! `slink explain`.

use clap::Args;
use std::process::ExitCode;

/// Arguments of `slink explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {}

/// Runs `slink explain`.
pub fn run(_args: &ExplainArgs) -> ExitCode {
    eprintln!("slink explain: not implemented yet");
    ExitCode::from(2)
}

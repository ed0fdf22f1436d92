//! `slink solve`.

use clap::Args;
use std::process::ExitCode;

/// Arguments of `slink solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {}

/// Runs `slink solve`.
pub fn run(_args: &SolveArgs) -> ExitCode {
    eprintln!("slink solve: not implemented yet");
    ExitCode::from(2)
}

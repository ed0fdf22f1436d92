//! `slink check`.

use clap::Args;
use std::process::ExitCode;

/// Arguments of `slink check`.
#[derive(Args, Debug)]
pub struct CheckArgs {}

/// Runs `slink check`.
pub fn run(_args: &CheckArgs) -> ExitCode {
    eprintln!("slink check: not implemented yet");
    ExitCode::from(2)
}

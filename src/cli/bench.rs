//! `slink bench`.

use clap::Args;
use std::process::ExitCode;

/// Arguments of `slink bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {}

/// Runs `slink bench`.
pub fn run(_args: &BenchArgs) -> ExitCode {
    eprintln!("slink bench: not implemented yet");
    ExitCode::from(2)
}

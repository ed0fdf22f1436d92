//! `slink gen`.

use clap::Args;
use std::process::ExitCode;

/// Arguments of `slink gen`.
#[derive(Args, Debug)]
pub struct GenArgs {}

/// Runs `slink gen`.
pub fn run(_args: &GenArgs) -> ExitCode {
    eprintln!("slink gen: not implemented yet");
    ExitCode::from(2)
}

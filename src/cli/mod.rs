//! Command-line interface: judge mode by default, subcommands for the rest.

mod judge;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// A fast Slink and Slitherlink solver.
///
/// With no subcommand, reads puzzles in the judge format on standard input
/// and prints each solution as the contest's judge expects.
#[derive(Parser, Debug)]
#[command(name = "slink", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    judge: judge::JudgeArgs,
}

#[derive(Subcommand, Debug)]
enum Command {}

/// Runs the command line; returns the process's exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => judge::run(&cli.judge),
    }
}

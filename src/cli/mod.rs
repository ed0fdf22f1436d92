//! Command-line interface: judge mode by default, subcommands for the rest.
//! Each subcommand has a module of its own with its arguments and `run`.

mod bench;
mod check;
pub mod cpu;
mod explain;
mod from;
mod gen;
mod judge;
mod solve;
mod solver_args;

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
enum Command {
    /// Solve puzzle files in parallel (batch mode), output in input order.
    Solve(solve::SolveArgs),
    /// Generate random puzzles.
    Gen(gen::GenArgs),
    /// Check puzzles: solution count, and whether the judge's rules finish them.
    Check(check::CheckArgs),
    /// Explain the deduction of one puzzle step by step.
    Explain(explain::ExplainArgs),
    /// Measure throughput.
    Bench(bench::BenchArgs),
}

/// Runs the command line; returns the process's exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match &cli.command {
        None => judge::run(&cli.judge),
        Some(Command::Solve(a)) => solve::run(a),
        Some(Command::Gen(a)) => gen::run(a),
        Some(Command::Check(a)) => check::run(a),
        Some(Command::Explain(a)) => explain::run(a),
        Some(Command::Bench(a)) => bench::run(a),
    }
}

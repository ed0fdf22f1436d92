//! Command-line interface: judge mode by default, subcommands for the rest.
//! Each subcommand has a module of its own with its arguments and `run`.

mod bench;
mod check;
mod convert;
pub mod cpu;
mod docs;
mod explain;
mod from;
mod gen;
mod judge;
mod output;
mod quiet;
mod resume;
mod signals;
mod solve;
mod solver_args;
mod verify;

use clap::{Parser, Subcommand};

/// The exit statuses of every command, at the end of each command's
/// `--help` (and so of the man page); the README has the same table.
macro_rules! exit_statuses {
    () => {
        "Exit status, the same for every command:
  0        all passed: every data set solved with exactly one solution (judge
           mode, solve), passing the question asked (check), judged right
           (verify), made (gen), converted (convert)
  1        some data set did not pass: several solutions, none, given up or
           timed out (judge mode, solve); failing the question (check); drawn
           wrong (verify); a puzzle that could not be made (gen)
  2        a usage error, an input that cannot be read, a malformed data set
           (in every command), or an output that cannot be written; 2 wins
           over 1
  130/143  stopped by SIGINT/SIGTERM, after writing whole what it had made;
           standard error says where it stopped and how to go on"
    };
}
pub(crate) use exit_statuses;
use std::process::ExitCode;

/// A fast Slink and Slitherlink solver.
///
/// With no subcommand, slink is the judge's program (judge mode): it reads
/// puzzles in the judge format on standard input and prints, for each data
/// set, its number and the solution's drawing, byte for byte as the
/// contest's judge expects (`slink < puzzles.txt > solutions.txt`). The
/// subcommands solve, generate (gen), check, explain, measure (bench),
/// judge (verify) and convert files of puzzles.
#[derive(Parser, Debug)]
#[command(
    name = "slink",
    version,
    about = "A fast Slink and Slitherlink solver. With no subcommand: judge mode \
             (puzzles on stdin, the judge's drawings on stdout).",
    after_help = concat!(
        "Examples:\n  \
        slink < corpus/sample.in            judge mode\n  \
        slink solve -j 8 puzzles/*.txt      batch mode, all files, in input order\n  \
        slink verify judge.in contestant.out\n\n",
        exit_statuses!()
    )
)]
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
    /// Check puzzles: is each unique? (Fully clued: does it keep the judge's promise?)
    Check(check::CheckArgs),
    /// Explain the deduction of one puzzle step by step.
    Explain(explain::ExplainArgs),
    /// Measure throughput.
    Bench(bench::BenchArgs),
    /// Judge a contestant's output: is each data set drawn right?
    Verify(verify::VerifyArgs),
    /// Convert puzzles into another format (judge, url, loopy, pzprv3), solving nothing.
    Convert(convert::ConvertArgs),
    /// Print a shell completion script (bash, zsh, fish, powershell, elvish).
    Completions(docs::CompletionsArgs),
    /// Print the man page (roff), e.g. `slink man | man -l -`.
    Man(docs::ManArgs),
    /// Print the command-line reference of docs/cli.md (Markdown).
    #[command(hide = true)]
    Reference(docs::ReferenceArgs),
}

/// Runs the command line; returns the process's exit status.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    // Every command that takes puzzles stops at a record boundary on
    // SIGINT or SIGTERM and then exits with `128 + signal`.
    if !matches!(
        cli.command,
        Some(Command::Completions(_) | Command::Man(_) | Command::Reference(_))
    ) {
        signals::install();
    }
    let status = match &cli.command {
        None => judge::run(&cli.judge),
        Some(Command::Solve(a)) => solve::run(a),
        Some(Command::Gen(a)) => gen::run(a),
        Some(Command::Check(a)) => check::run(a),
        Some(Command::Explain(a)) => explain::run(a),
        Some(Command::Bench(a)) => bench::run(a),
        Some(Command::Verify(a)) => verify::run(a),
        Some(Command::Convert(a)) => convert::run(a),
        Some(Command::Completions(a)) => docs::completions(a),
        Some(Command::Man(a)) => docs::man(a),
        Some(Command::Reference(a)) => docs::reference(a),
    };
    if let Some(name) = cli.command_name() {
        signals::announce_if_silent(&name);
    }
    signals::stopped_status().unwrap_or(status)
}

impl Cli {
    /// `slink COMMAND` (`slink` in judge mode), as its messages start;
    /// `None` for the commands that take no puzzles.
    fn command_name(&self) -> Option<String> {
        let name = match &self.command {
            None => return Some("slink".into()),
            Some(Command::Completions(_) | Command::Man(_) | Command::Reference(_)) => return None,
            Some(Command::Solve(_)) => "solve",
            Some(Command::Gen(_)) => "gen",
            Some(Command::Check(_)) => "check",
            Some(Command::Explain(_)) => "explain",
            Some(Command::Bench(_)) => "bench",
            Some(Command::Verify(_)) => "verify",
            Some(Command::Convert(_)) => "convert",
        };
        Some(format!("slink {name}"))
    }
}

/// Reports a command line clap rejected, with a hint when a file name
/// stands where a subcommand goes (`slink puzzles.txt`).
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.use_stderr() {
        // A usage error: it starts with the command, as every message does
        // (`slink: error: unexpected argument ...`).
        eprint!("slink: {}", e.render());
    } else {
        // --help, --version: clap's own output, on standard output.
        let _ = e.print();
    }
    if e.kind() == ErrorKind::InvalidSubcommand {
        if let Some(ContextValue::String(word)) = e.get(ContextKind::InvalidSubcommand) {
            if std::path::Path::new(word).exists() || word.contains('.') {
                eprintln!(
                    "\nhint: did you mean 'slink solve {word}' (batch mode) or \
                     'slink < {word}' (judge mode)?"
                );
            }
        }
    }
    // clap's own status: 0 for --help and --version, 2 for usage errors.
    ExitCode::from(e.exit_code() as u8)
}

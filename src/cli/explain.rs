//! `slink explain`: one puzzle's deduction, step by step.

use super::solver_args::SolverArgs;
use clap::{Args, ValueEnum};
use slink::puzzle::parse::{parse_body, Scanner};
use slink::run::explain;
use slink::{Puzzle, Status};
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// The formats of `slink explain`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ExplainFormat {
    /// Numbered steps, a legend of the reasons cited, the drawing.
    Text,
    /// One JSON document.
    Json,
}

/// Arguments of `slink explain`.
#[derive(Args, Debug)]
#[command(after_help = "Example:\n  slink explain --data-set 3 --every 5 corpus/sample.in")]
pub struct ExplainArgs {
    /// Judge-format input (`-` or nothing: standard input).
    file: Option<String>,
    /// Which data set of the input to explain (counting from 1).
    #[arg(long, default_value_t = 1)]
    data_set: usize,
    /// Also draw the lines known so far (crosses as `x`) after every N steps.
    #[arg(long, value_name = "N")]
    every: Option<usize>,
    /// `text` (numbered steps, a legend, the drawing) or `json` (one JSON
    /// document: the steps, the legend, the status and the drawing).
    #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
    format: ExplainFormat,
    #[command(flatten)]
    solver: SolverArgs,
}

/// Runs `slink explain`: exit 0 for a unique solution, 1 otherwise, 2 for
/// unreadable or malformed input.
pub fn run(args: &ExplainArgs) -> ExitCode {
    let name = args
        .file
        .as_deref()
        .filter(|f| *f != "-")
        .unwrap_or("stdin");
    let mut src = Vec::new();
    let read = match args.file.as_deref() {
        None | Some("-") => io::stdin().lock().read_to_end(&mut src).map(|_| ()),
        Some(f) => std::fs::read(f).map(|b| src = b),
    };
    if let Err(e) = read {
        eprintln!("slink explain: cannot read {name}: {e}");
        return ExitCode::from(2);
    }
    let mut puzzle = Puzzle::default();
    for item in Scanner::new(&src) {
        let span = match item {
            Ok(span) => span,
            Err(e) => {
                eprintln!("{name}:{e}");
                return ExitCode::from(2);
            }
        };
        if span.number != args.data_set {
            continue;
        }
        if let Err(e) = parse_body(&src, &span, &mut puzzle) {
            eprintln!("{name}:{e}");
            return ExitCode::from(2);
        }
        let options = args.solver.options();
        let mut text = String::new();
        let status = match args.format {
            ExplainFormat::Text => {
                explain::explain(&puzzle, span.number, options, args.every, &mut text)
            }
            ExplainFormat::Json => explain::explain_json(&puzzle, span.number, options, &mut text),
        };
        if io::stdout().lock().write_all(text.as_bytes()).is_err() {
            return ExitCode::from(2);
        }
        return ExitCode::from(u8::from(status != Status::Solved));
    }
    eprintln!("slink explain: {name} has no data set {}", args.data_set);
    ExitCode::from(2)
}

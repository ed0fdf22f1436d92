//! `slink explain`: one puzzle's deduction, step by step.

use super::from::FromArgs;
use super::output::{write_failed, OutputArgs};
use super::solver_args::SolverArgs;
use clap::{Args, ValueEnum};

use slink::formats::Ending;
use slink::interrupt;
use slink::run::batch::Input;
use slink::run::explain;
use slink::run::read::chunks::{Chunk, Chunks};
use slink::{Puzzle, Status};
use std::io::{self, Write};
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
#[command(after_help = concat!(
    "Example:\n  slink explain --data-set 3 --every 5 corpus/sample.in\n\n",
    super::exit_statuses!()
))]
pub struct ExplainArgs {
    /// Puzzle file (judge format, URLs, Loopy IDs or pzprv3 files: see
    /// --from); `-` or nothing: standard input.
    file: Option<String>,
    #[command(flatten)]
    from: FromArgs,
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
    output: OutputArgs,
    #[command(flatten)]
    solver: SolverArgs,
    #[command(flatten)]
    quiet: super::quiet::QuietArg,
}

/// Runs `slink explain`: exit 0 for a unique solution, 1 otherwise, 2 for
/// unreadable or malformed input or an output that cannot be written. The
/// input is read a piece of whole data sets at a time (as `slink solve`
/// reads it, with its limit on a data set) up to the data set asked for.
pub fn run(args: &ExplainArgs) -> ExitCode {
    let input = match args.file.as_deref() {
        None | Some("-") => Input::Stdin,
        Some(f) => Input::Path(f.into()),
    };
    let name = input.name();
    let cannot_read = |e: io::Error| {
        eprintln!("slink explain: cannot read {name}: {e}");
        ExitCode::from(2)
    };
    let mut chunks = match Chunks::open_as(&input, args.from.format()) {
        Ok(chunks) => chunks,
        Err(e) => return cannot_read(e),
    };
    loop {
        let chunk = match chunks.next_chunk_idle() {
            Ok(Some(chunk)) => chunk,
            Ok(None) => break,
            Err(e) => return cannot_read(e),
        };
        match find(&chunk, args.data_set) {
            Lookup::Puzzle(p) => return explain_one(args, &input, &p),
            Lookup::Bad(e) => {
                eprintln!("slink explain: {name}:{e}");
                return ExitCode::from(2);
            }
            Lookup::NotHere => {}
        }
    }
    if interrupt::stopping() {
        // A signal stopped the search for it (the exit status says so).
        return ExitCode::from(2);
    }
    eprintln!("slink explain: {name} has no data set {}", args.data_set);
    ExitCode::from(2)
}

/// What a chunk holds of the data set asked for.
enum Lookup {
    Puzzle(Puzzle),
    /// It is malformed (or the input is before it): where and why.
    Bad(String),
    NotHere,
}

/// Looks for data set `k` in `chunk`, in the chunk's format: it, or
/// the error that stopped the reading before it (a malformed judge-format
/// header: nothing after it is numbered).
fn find(chunk: &Chunk<'_>, k: usize) -> Lookup {
    let mut data_sets = chunk.data_sets();
    let mut last_bad = None;
    for data_set in data_sets.by_ref() {
        match data_set.puzzle {
            Ok(p) if data_set.place.number == k => return Lookup::Puzzle(p),
            Err(e) if data_set.place.number == k => return Lookup::Bad(e.to_string()),
            Err(e) => last_bad = Some(e),
            Ok(_) => {}
        }
    }
    match last_bad {
        Some(e) if data_sets.ending() == Ending::Error => Lookup::Bad(e.to_string()),
        _ => Lookup::NotHere,
    }
}

/// Explains `puzzle`, data set `--data-set` of `input`, on standard
/// output (or `--output`).
fn explain_one(args: &ExplainArgs, input: &Input, puzzle: &Puzzle) -> ExitCode {
    let options = args.solver.options();
    let mut text = String::new();
    let status = match args.format {
        ExplainFormat::Text => {
            explain::explain(puzzle, args.data_set, options, args.every, &mut text)
        }
        ExplainFormat::Json => explain::explain_json(puzzle, args.data_set, options, &mut text),
    };
    let written = args
        .output
        .open(std::slice::from_ref(input))
        .and_then(|mut out| {
            out.write_all(text.as_bytes())?;
            out.flush()
        });
    match written {
        Ok(()) => ExitCode::from(u8::from(status != Status::Solved)),
        Err(e) => write_failed("slink explain", &e, 0),
    }
}

//! `slink gen`: random puzzles in the judge format (or as URLs, Loopy
//! IDs, pzprv3 files: `--format`).
//!
//! Writes `--count` puzzles then the closing `0 0` line to standard output
//! (or `--output`). Puzzle `k` depends only on `--seed` and `k`, so the
//! output is byte-identical for the same arguments whatever the number of
//! threads. With `--answers FILE`, the expected judge output (each
//! puzzle's number and drawing) is written too, drawn from the
//! generator's own loop rather than from a solver run.
//!
//! A summary goes to standard error (unless `--quiet`). Exit status: 0 if
//! every puzzle was made, 1 if some could not be (they are left out and
//! named on standard error), 2 for bad arguments or an unwritable output,
//! 128 + signal when SIGINT or SIGTERM stopped it: the puzzles begun are
//! written whole (a judge-format output still ends with `0 0`) and
//! standard error says how to make the rest (`--first`).

use super::output::{Output, OutputArgs};
use clap::Args;
use slink::formats::Format;
use slink::generate::{self, Difficulty, GenConfig, Shape, SizeRange, Symmetry};
use slink::run::files;
use slink::{counted, interrupt};
use slink::{MAX_COLS, MAX_ROWS};
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Arguments of `slink gen`.
#[derive(Args, Debug)]
#[command(after_help = concat!("\
Examples:
    slink gen --rows 20 --cols 20 --count 1000 --seed 1 > slink20.txt
    slink gen --rows 10-30 --cols 10-30 --count 100 --seed 4 --blanks 0.5
    slink gen --rows 15 --cols 15 --count 10 --seed 2 --blanks 0.75 --format url
    slink gen --rows 30 --cols 30 --count 100 --difficulty tricky --symmetry rot2
    slink gen --rows 10 --cols 10 --minimal --time-limit 10s

--difficulty makes puzzles exactly that hard for slink's solver (what `slink \
check` reports as grade=), removing as many clues as can go (or up to \
--blanks); the summary says how many puzzles fell short of --blanks and why.

", super::exit_statuses!()))]
pub struct GenArgs {
    /// Rows of each puzzle: `N`, or a range `A-B` drawn from uniformly
    /// per puzzle (1 to 1024).
    #[arg(long, default_value = "10", value_parser = parse_rows)]
    rows: SizeRange,
    /// Columns of each puzzle: `N` or `A-B` (1 to 255).
    #[arg(long, default_value = "10", value_parser = parse_cols)]
    cols: SizeRange,
    /// Number of puzzles.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Seed of the run: the same seed gives the same puzzles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Index of the first puzzle to make (from 0): puzzles FIRST to
    /// FIRST + COUNT - 1 of the seed's sequence, as a longer run makes
    /// them; to go on after a stopped run.
    #[arg(long, value_name = "FIRST", default_value_t = 0)]
    first: u64,
    /// Leave about this fraction (0 to 1) of the cells blank: clues are
    /// removed in random order while the puzzle stays unique, so fewer
    /// may be removed. Without it, every cell is clued (Slink), except on
    /// a 1x1 board drawn from a range (its loop has 4 sides, beyond any
    /// clue): that cell is blank.
    #[arg(long, value_name = "F", value_parser = parse_fraction)]
    blanks: Option<f64>,
    /// Keep only puzzles the judge's rules R1-R15 (and the vertex rules)
    /// finish alone, with no loop reasoning and no search (as
    /// `--difficulty easy` does with blanks).
    #[arg(long)]
    rules_only: bool,
    /// Make every puzzle exactly this hard for slink's solver: easy (the
    /// judge's rules finish it), normal (deduction with loop reasoning),
    /// tricky (probing: values tried and refuted), hard (branching
    /// search); or by what they need: rules, loop, probe, search. Clues
    /// are removed while the puzzle stays within it (as many as can go,
    /// or up to --blanks; a hard puzzle is a tricky one with clues removed
    /// only until it needs the search); a puzzle that ends easier is made
    /// again.
    #[arg(long, value_name = "LEVEL", value_parser = parse_difficulty)]
    difficulty: Option<Difficulty>,
    /// Remove clues until none can go and keep the puzzle unique: each
    /// clue left is proven needed (its orbit blank, the puzzle has a
    /// second solution); a puzzle whose proof runs out of budget is
    /// dropped and another made. With --difficulty hard: minimal puzzles
    /// that need the search, the others made again (not --difficulty
    /// hard's way alone, which stops at the first puzzle that needs it,
    /// short of minimal); no other difficulty goes with it.
    #[arg(long)]
    minimal: bool,
    /// Symmetry of the clue layout: none, rot2 (half turn), rot4 (quarter
    /// turns, square boards) or mirror (left to right).
    #[arg(long, default_value = "none", value_parser = parse_symmetry)]
    symmetry: Symmetry,
    /// Wall-clock time per puzzle before it is abandoned (left out and
    /// named on standard error), e.g. `30s`, `2m`.
    #[arg(long, value_name = "DURATION", value_parser = super::solver_args::parse_duration)]
    time_limit: Option<Duration>,
    /// Shape of the loops: blobby, thin or winding (default: drawn per
    /// puzzle).
    #[arg(long)]
    shape: Option<Shape>,
    /// Search nodes and probes per uniqueness check (default: 1000 + 4 per
    /// cell); a check that runs out counts as "not unique". A larger budget
    /// can reach higher blank fractions, slowly.
    #[arg(long)]
    budget: Option<u64>,
    /// Loops tried per puzzle before giving up on it.
    #[arg(long, default_value_t = 2000)]
    attempts: u32,
    /// Worker threads (default: one per core). Does not change the output.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
    /// Format of the puzzles written: judge (ends with `0 0`), url (a
    /// puzz.link URL per line, to open in the usual web players), loopy
    /// (a Loopy game ID per line) or pzprv3 (pzprjs files).
    #[arg(long, value_enum, default_value_t = Format::Judge, value_name = "FORMAT")]
    format: Format,
    #[command(flatten)]
    output: OutputArgs,
    /// Also write the expected judge output of the puzzles to this file,
    /// drawn from the generator's own loops (not the output's file, by
    /// any name).
    #[arg(long, value_name = "FILE")]
    answers: Option<PathBuf>,
    #[command(flatten)]
    quiet: super::quiet::QuietArg,
}

fn parse_rows(s: &str) -> Result<SizeRange, String> {
    SizeRange::parse(s, MAX_ROWS)
}

fn parse_cols(s: &str) -> Result<SizeRange, String> {
    SizeRange::parse(s, MAX_COLS)
}

fn parse_difficulty(s: &str) -> Result<Difficulty, String> {
    s.parse()
}

fn parse_symmetry(s: &str) -> Result<Symmetry, String> {
    s.parse()
}

fn parse_fraction(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(f) if (0.0..=1.0).contains(&f) => Ok(f),
        _ => Err(format!("'{s}' is not a fraction between 0 and 1")),
    }
}

impl GenArgs {
    /// The generator configuration these arguments ask for.
    fn config(&self) -> GenConfig {
        GenConfig {
            rows: self.rows,
            cols: self.cols,
            blanks: self.blanks,
            rules_only: self.rules_only,
            shape: self.shape,
            node_budget: self.budget,
            max_attempts: self.attempts.max(1),
            difficulty: self.difficulty,
            minimal: self.minimal,
            symmetry: self.symmetry,
            time_limit: self.time_limit,
        }
    }
}

/// Runs `slink gen`.
pub fn run(args: &GenArgs) -> ExitCode {
    let config = args.config();
    if let Err(e) = config.validate() {
        eprintln!("slink gen: {e}");
        return ExitCode::from(2);
    }
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("slink gen: cannot start the worker threads: {e}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let result = pool.install(|| -> io::Result<generate::run::Summary> {
        // The answers refused before either is made, if they are the
        // output's file.
        let answers = args.answers.as_deref().map(|path| files::Destination {
            role: "the answers (--answers)",
            path: Some(path),
        });
        let mut out = args.output.open_with(&[], answers.as_slice())?;
        let mut answers = match &args.answers {
            Some(p) => Some(Output::create(p)?),
            None => None,
        };
        let answers = answers.as_mut().map(|a| a as &mut dyn Write);
        let mut err = io::stderr();
        let format = args.format;
        let indices = args.first..args.first.saturating_add(args.count);
        let to = generate::run::Outputs {
            puzzles: &mut out,
            answers,
            err: &mut err,
        };
        generate::run::run(format, &config, args.seed, indices, to)
    });
    match result {
        Ok(summary) => {
            if !args.quiet.quiet {
                let seconds = started.elapsed().as_secs_f64();
                let _ = summary.report(&config, args.seed, seconds, &mut io::stderr());
            }
            if let Some(signal) = interrupt::requested() {
                announce_stop(args, signal, &summary);
                return super::signals::stopped_status().unwrap_or(ExitCode::from(1));
            }
            if summary.failed > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("slink gen: {e}");
            ExitCode::from(2)
        }
    }
}

/// Says where a signal stopped `slink gen` and how to make the rest: the
/// same command from the first puzzle not begun.
fn announce_stop(args: &GenArgs, signal: i32, summary: &generate::run::Summary) {
    let end = args.first.saturating_add(args.count);
    let done = summary.next - args.first;
    let whole = match args.format {
        Format::Judge => "the output is whole and ends with `0 0`",
        _ => "the output is whole",
    };
    let line = format!(
        "stopped by signal {signal} after {done} of {} ({whole}); to make the rest, \
         run the same command (to another output) with --first {} --count {}",
        counted(args.count, "puzzle"),
        summary.next,
        end - summary.next
    );
    super::signals::announce("slink gen", &line);
}

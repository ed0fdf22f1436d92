//! `slink check`: is each puzzle unique? Does it keep the judge's promise?
//!
//! For every data set of every input, [`run`] asks one question
//! ([`Question`], [`CheckConfig::question`]): `--unique`, "is it unique, and
//! if not, has it several solutions or none?" (one solve with search,
//! counting up to two solutions), or `--promise`, the judge's: exactly
//! one solution, found by its rules R1-R15 alone (checked by
//! [`PromiseCheck::check`](crate::solve::verdict::promise::PromiseCheck::check):
//! the rules alone, then everything, with search). Unless the run
//! names one, a puzzle with a blank cell (Slitherlink) is asked whether it
//! is unique, a fully clued one (Slink) the judge's promise. It writes one
//! line per data set, placed as editors and CI annotators read places:
//!
//! ```text
//! FILE:LINE:COL: set=K RxC blanks=B solutions=S nodes=X probes=Y depth=D grade=G unique=U
//! FILE:LINE:COL: set=K RxC blanks=B solutions=S rules=R nodes=X probes=Y depth=D grade=G promise=P
//! ```
//!
//! - `LINE:COL`: the data set's first line (its header, URL, ID or
//!   pzprv3 file's first line) and the column of its first byte that is
//!   not blank, both from 1; `K`: the data set's number in its input;
//! - `solutions`: `0`, `1`, `2+`, or `?` when the search ran out of budget
//!   or time;
//! - `unique`: `yes` (one solution), `no` (several or none) or `?`;
//! - `rules`: what the judge's rules alone do: `finish` (every edge
//!   decided, one loop), `stall:U` (stuck with `U` edges undecided) or
//!   `contradiction` (they prove there is no solution);
//! - `grade` (a unique puzzle only): the least of slink's solver that
//!   finishes it, the one ladder of [`Difficulty`](crate::solve::verdict::difficulty::Difficulty):
//!   `easy` (the judge's rules), `normal` (single-loop reasoning and the
//!   other deduction, no trial), `tricky` (probing) or `hard` (search);
//! - `nodes`, `probes`, `depth`: search nodes, probing trials and deepest
//!   search level of the full solve (`nodes=1` when no branching was
//!   needed);
//! - `promise`: `kept` (one solution, rules finish) or `broken`.
//!
//! A malformed data set gives `FILE:LINE:COL: set=K bad input: what`, placed
//! where it goes wrong, and the check goes on with the next one when it
//! can. With [`CheckConfig::brief`] only the data sets that fail the question
//! (and bad input) are written. Last comes a summary line over all inputs,
//! counting what was read per verdict (unique, multiple, none, gave up,
//! bad input) and per question ([`CheckSummary::line`]). The exit status
//! ([`CheckSummary::exit_status`]): 0 when every data set passes the question
//! asked of it, 1 when some data set fails it, 2 when an input cannot be
//! read or holds bad input (this wins over 1).
//!
//! ```
//! use slink::run::batch::Input;
//! use slink::run::check::{self, CheckConfig, Question};
//! let puzzles = Input::Bytes { name: "p.txt".into(), bytes: b"2 2\n2 2\n2 2\n0 0\n"[..].into() };
//! let config = CheckConfig { question: Some(Question::Promise), ..CheckConfig::default() };
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let (summary, read) = check::run(&[puzzles], &config, &mut out, &mut err);
//! assert!(read.is_ok() && summary.exit_status() == 0);
//! let lines = String::from_utf8(out).unwrap();
//! assert!(lines.starts_with("p.txt:1:1: set=1 2x2 blanks=0 solutions=1 rules=finish "));
//! assert!(lines.lines().next().unwrap().ends_with(" grade=easy promise=kept"));
//! ```

use crate::puzzle::formats::url::OddAddresses;
use crate::puzzle::formats::{DataSet, Format};
use crate::run::batch::Error;
use crate::run::question::{bad_json, bad_line, Answer, Asker};
pub use crate::run::question::{CheckSummary, Question};
use crate::run::read::chunks::Chunks;
use crate::run::read::input::Input;
use crate::util::{counted, interrupt};
use rayon::prelude::*;
use std::io::{self, Write};

/// How to check.
#[derive(Clone, Copy, Debug)]
pub struct CheckConfig {
    /// Search nodes per puzzle before the full solve gives up
    /// (`solutions=?`).
    pub budget: u64,
    /// Wall-clock time per puzzle of the full solve (`None`: no limit).
    pub time_limit: Option<std::time::Duration>,
    /// Write only the data sets that fail the question asked (and bad
    /// input), then the summary.
    pub brief: bool,
    /// The question asked of every data set; `None`: of each, the one
    /// [`Question::default_for`] it.
    pub question: Option<Question>,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// The inputs' format; `None` to detect it per input.
    pub from: Option<Format>,
    /// A JSON record per data set and a JSON summary, instead of lines
    /// (every bad data set has its record: none is left out).
    pub json: bool,
    /// Data sets to pass over first (across the inputs, in order), to go
    /// on after a check that a signal stopped, which says how many.
    pub skip: usize,
    /// No warnings on standard error (a missing `0 0`, standard input
    /// named twice): only errors.
    pub quiet: bool,
}

impl Default for CheckConfig {
    /// `slink check`'s defaults: the solver's node budget, no time limit,
    /// every data set written, each asked its own question, one thread per
    /// core, formats detected, lines (not JSON).
    fn default() -> Self {
        CheckConfig {
            budget: crate::Options::default().node_budget,
            time_limit: None,
            brief: false,
            question: None,
            threads: 0,
            from: None,
            json: false,
            skip: 0,
            quiet: false,
        }
    }
}

/// Checks one input, a piece of whole data sets at a time (the reading
/// and the limit on a data set of `slink solve`), writing its lines.
/// Returns the error that made the input unreadable, if one did; an
/// `Err` only when the output cannot be written.
fn check_input(
    check: &mut Checking<'_>,
    name: &str,
    input: &Input,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Option<io::Error>> {
    let config = check.config;
    let mut chunks = match Chunks::open_as(input, config.from) {
        Ok(chunks) => chunks,
        Err(e) => return Ok(Some(e)),
    };
    let mut file = FileLines {
        name,
        bad_shown: 0,
        bad_left_out: 0,
    };
    let mut odd = OddAddresses::default();
    let unreadable = loop {
        // Everything so far is written before the read, which may wait.
        out.flush()?;
        let chunk = match chunks.next_chunk_idle() {
            Ok(Some(chunk)) => chunk,
            Ok(None) => break None,
            Err(e) => break Some(e),
        };
        let mut data_sets = chunk.data_sets();
        let mut items: Vec<DataSet> = data_sets.by_ref().collect();
        odd.add(data_sets.take_odd_addresses());
        let passed = check.skip.min(items.len());
        items.drain(..passed);
        check.skip -= passed;
        check_items(check, &mut file, &items, out)?;
        if let (Some(warning), false) = (chunk.end_warning(&data_sets), config.quiet) {
            out.flush()?;
            writeln!(err, "slink check: {name}: warning: {warning}")?;
        }
    };
    if let (false, Some(warning)) = (config.quiet, odd.warning(name)) {
        out.flush()?;
        writeln!(err, "slink check: {warning}")?;
    }
    if file.bad_left_out > 0 {
        writeln!(
            out,
            "{name}: {} not shown, beyond the first {BAD_LINES_PER_INPUT}",
            counted(file.bad_left_out as u64, "more bad data set")
        )?;
    }
    Ok(unreadable)
}

/// A check under way: how, on which threads, and the tallies so far.
struct Checking<'a> {
    config: &'a CheckConfig,
    pool: &'a rayon::ThreadPool,
    summary: &'a mut CheckSummary,
    /// Data sets still to pass over ([`CheckConfig::skip`]).
    skip: usize,
}

/// Lines about bad data sets written per input at most: the rest are
/// counted in one line at the input's end, so that a file of garbage
/// cannot flood the report.
const BAD_LINES_PER_INPUT: usize = 20;

/// The input whose lines are being written: its name, and its lines
/// about bad data sets written and left out.
struct FileLines<'n> {
    name: &'n str,
    bad_shown: usize,
    bad_left_out: usize,
}

/// Asks the question of `items` in parallel and writes their lines in
/// order; after a stop was requested ([`interrupt`]), no new item is
/// taken, and the lines end before the first item not taken.
fn check_items(
    check: &mut Checking<'_>,
    file: &mut FileLines<'_>,
    items: &[DataSet],
    out: &mut dyn Write,
) -> io::Result<()> {
    let Checking {
        config,
        pool,
        summary,
        ..
    } = check;
    let answers: Vec<Option<Option<Answer>>> = pool.install(|| {
        items
            .par_iter()
            .map_init(
                || Asker::new(config.budget, config.time_limit),
                |asker, item| match &item.puzzle {
                    _ if interrupt::stopping() => None,
                    Ok(p) => Some(Some(asker.ask(p, config.question))),
                    Err(_) => Some(None),
                },
            )
            .collect()
    });
    for (item, answer) in items.iter().zip(answers) {
        // A stop: the items from here on were not taken.
        let Some(answer) = answer else { break };
        let place = &item.place;
        summary.last = Some(format!(
            "{}:{}, data set {}",
            file.name, place.line, place.number
        ));
        match (&item.puzzle, answer) {
            (Ok(_), Some(a)) => {
                summary.add(&a);
                if config.json {
                    writeln!(out, "{}", a.json(file.name, &item.place))?;
                } else if !config.brief || !a.passes() {
                    writeln!(out, "{}", a.line(file.name, &item.place))?;
                }
            }
            (Err(e), _) => {
                summary.bad += 1;
                if config.json {
                    writeln!(out, "{}", bad_json(file.name, e))?;
                } else if file.bad_shown < BAD_LINES_PER_INPUT {
                    file.bad_shown += 1;
                    writeln!(out, "{}", bad_line(file.name, e))?;
                } else {
                    file.bad_left_out += 1;
                }
            }
            (Ok(_), None) => unreachable!("every puzzle is answered"),
        }
    }
    Ok(())
}

/// Checks every data set of `inputs` (in order, each a piece at a time), writing
/// a line per data set and the summary to `out`, and an unreadable input
/// or a missing `0 0` to `err`. Returns the tallies so far, and an `Err`
/// if the check stopped before its end: the worker threads could not
/// start, or the output could not be written (the summary line is then
/// not written). Once a stop is requested ([`interrupt`]: SIGINT,
/// SIGTERM), no new data set is taken: the lines of those taken and the
/// summary of them are written.
pub fn run(
    inputs: &[Input],
    config: &CheckConfig,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> (CheckSummary, Result<(), Error>) {
    let mut summary = CheckSummary::default();
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
    {
        Ok(pool) => pool,
        Err(e) => return (summary, Err(Error::Threads(e))),
    };
    let mut stdin_read = false;
    let mut skip = config.skip;
    let mut each = || -> io::Result<()> {
        for input in inputs {
            if interrupt::stopping() {
                break;
            }
            let name = input.name();
            if *input == Input::Stdin && std::mem::replace(&mut stdin_read, true) {
                out.flush()?;
                if !config.quiet {
                    writeln!(
                        err,
                        "slink check: warning: standard input is read once; this '-' is skipped"
                    )?;
                }
                continue;
            }
            let mut check = Checking {
                config,
                pool: &pool,
                summary: &mut summary,
                skip,
            };
            let unreadable = check_input(&mut check, &name, input, out, err)?;
            skip = check.skip;
            if let Some(e) = unreadable {
                out.flush()?;
                writeln!(err, "slink check: cannot read {name}: {e}")?;
                summary.unreadable += 1;
            }
        }
        summary.stopped = interrupt::requested();
        let summary_line = if config.json {
            summary.json()
        } else {
            summary.line()
        };
        writeln!(out, "{summary_line}")?;
        out.flush()
    };
    let done = each().map_err(Error::Write);
    (summary, done)
}

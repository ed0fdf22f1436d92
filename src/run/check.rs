//! `slink check`: does each puzzle keep the judge's promise?
//!
//! The judge promises exactly one solution, found by its rules R1-R15
//! alone. For every data set of every input, [`run`] grades the puzzle
//! ([`Grader::grade`]: the rules alone; rules and loop reasoning;
//! everything, with search, counting up to two solutions) and writes one
//! line:
//!
//! ```text
//! FILE:K: RxC blanks=B solutions=S rules=R needs=N nodes=X probes=Y depth=D promise=P
//! ```
//!
//! - `K`: the data set's number in its file, counting from 1;
//! - `solutions`: `0`, `1`, `2+`, or `?` when the search ran out of budget;
//! - `rules`: what the judge's rules alone do: `finish` (every edge
//!   decided, one loop), `stall:U` (stuck with `U` edges undecided) or
//!   `contradiction` (they prove there is no solution);
//! - `needs`: the least that settles the puzzle: `rules`, `loop` (rules
//!   and single-loop reasoning, no search) or `search` (trial
//!   propagation of edge values, "probing", and branching);
//! - `nodes`, `probes`, `depth`: search nodes, probing trials and deepest
//!   search level of the full solve (`nodes=1` when no branching was
//!   needed);
//! - `promise`: `kept` (one solution, rules finish) or `broken`.
//!
//! A malformed data set gives `FILE:K: bad input: LINE:COL: what` and the
//! check goes on with the next one when it can. Last comes a summary line
//! over all inputs. The exit status ([`Summary::exit_status`]): 0 when
//! every data set keeps the promise, 1 when some data set breaks it, 2
//! when an input cannot be read or holds bad input (this wins over 1).

use crate::puzzle::formats::{self, Format};
use crate::puzzle::parse::{parse_body, Ending, Scanner};
use crate::puzzle::Puzzle;
use crate::run::batch::chunks::{Chunk, Chunks};
use crate::run::batch::{Error, Input};
use crate::solve::grade::{Grade, Grader, RulesAlone};
use crate::util::interrupt;
use rayon::prelude::*;
use std::fmt::Write as _;
use std::io::{self, Write};

/// How to check.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Search nodes per puzzle before the full solve gives up
    /// (`solutions=?`).
    pub budget: u64,
    /// Wall-clock time per puzzle of the full solve (`None`: no limit).
    pub time_limit: Option<std::time::Duration>,
    /// Write only the data sets that break the promise (and bad input),
    /// then the summary.
    pub brief: bool,
    /// Worker threads (0: one per core).
    pub threads: usize,
    /// The inputs' format; `None` to detect it per input.
    pub from: Option<Format>,
}

/// The line of data set `number` of input `name`.
fn line(grade: &Grade, name: &str, number: usize) -> String {
    let mut s = format!(
        "{name}:{number}: {}x{} blanks={} solutions={} rules=",
        grade.rows,
        grade.cols,
        grade.blanks,
        grade.solutions.text()
    );
    match grade.rules {
        RulesAlone::Finish => s.push_str("finish"),
        RulesAlone::Stall(u) => {
            let _ = write!(s, "stall:{u}");
        }
        RulesAlone::Contradiction => s.push_str("contradiction"),
    }
    let _ = write!(
        s,
        " needs={} nodes={} probes={} depth={} promise={}",
        grade.needs.text(),
        grade.nodes,
        grade.probes,
        grade.depth,
        if grade.kept() { "kept" } else { "broken" }
    );
    if let Some(why) = grade.inconsistent {
        let _ = write!(s, " warning=solver-disagreement:{why}");
    }
    s
}

/// Tallies over all inputs.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    data_sets: usize,
    bad: usize,
    unreadable: usize,
    counts: [usize; 4],
    rules_finish: usize,
    needs: [usize; 3],
    kept: usize,
    broken: usize,
    inconsistent: usize,
}

impl Summary {
    fn add(&mut self, r: &Grade) {
        self.data_sets += 1;
        self.counts[r.solutions as usize] += 1;
        self.rules_finish += usize::from(r.rules == RulesAlone::Finish);
        self.needs[r.needs as usize] += 1;
        if r.kept() {
            self.kept += 1;
        } else {
            self.broken += 1;
        }
        self.inconsistent += usize::from(r.inconsistent.is_some());
    }

    fn line(&self) -> String {
        let c = &self.counts;
        let mut s = format!(
            "summary: {} data sets checked; solutions 0:{} 1:{} 2+:{} ?:{}; rules finish {}; \
             needs rules {} loop {} search {}; promise kept {} broken {}; bad input {}",
            self.data_sets,
            c[0],
            c[1],
            c[2],
            c[3],
            self.rules_finish,
            self.needs[0],
            self.needs[1],
            self.needs[2],
            self.kept,
            self.broken,
            self.bad
        );
        if self.unreadable > 0 {
            let _ = write!(s, "; unreadable files {}", self.unreadable);
        }
        if self.inconsistent > 0 {
            let _ = write!(s, "; solver disagreements {}", self.inconsistent);
        }
        s
    }

    /// The process's exit status: 2 for bad input or an unreadable input,
    /// else 1 if some data set breaks the promise, else 0.
    pub fn exit_status(&self) -> u8 {
        if self.bad > 0 || self.unreadable > 0 {
            2
        } else if self.broken > 0 {
            1
        } else {
            0
        }
    }
}

/// A data set as read: a puzzle or the reason it is bad.
enum Item {
    Puzzle(usize, Puzzle),
    Bad(usize, String),
}

/// Reads every data set of `chunk`; the second value tells whether the
/// input ends there without the closing `0 0` line (judge format only).
fn read_items(chunk: &Chunk<'_>) -> (Vec<Item>, bool) {
    let input = chunk.bytes;
    if chunk.format != Format::Judge {
        let items = formats::entries(input, chunk.format)
            .map(|e| {
                let number = e.number + chunk.first - 1;
                match e.puzzle {
                    Ok(p) => Item::Puzzle(number, p),
                    Err(mut why) => {
                        why.line += chunk.line_offset;
                        Item::Bad(number, why.to_string())
                    }
                }
            })
            .collect();
        return (items, false);
    }
    let mut scanner = Scanner::numbered_from(input, chunk.first);
    let mut items = Vec::new();
    let at = |line: usize, col: usize, message: &str| {
        format!("{}:{col}: {message}", line + chunk.line_offset)
    };
    for next in scanner.by_ref() {
        match next {
            Ok(span) => {
                let mut p = Puzzle::default();
                match parse_body(input, &span, &mut p) {
                    Ok(()) => items.push(Item::Puzzle(span.number, p)),
                    Err(e) => items.push(Item::Bad(span.number, at(e.line, e.col, &e.message))),
                }
            }
            Err(e) => items.push(Item::Bad(e.data_set, at(e.line, e.col, &e.message))),
        }
    }
    let unterminated = chunk.last && scanner.ending() == Ending::MissingTerminator;
    (items, unterminated)
}

/// Checks one input, a piece of whole data sets at a time (the reading
/// and the limit on a data set of `slink solve`), writing its lines.
/// Returns the error that made the input unreadable, if one did; an
/// `Err` only when the output cannot be written.
fn check_input(
    name: &str,
    input: &Input,
    config: &Config,
    pool: &rayon::ThreadPool,
    summary: &mut Summary,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Option<io::Error>> {
    let mut chunks = match Chunks::open_as(input, config.from) {
        Ok(chunks) => chunks,
        Err(e) => return Ok(Some(e)),
    };
    loop {
        // Everything so far is written before the read, which may wait.
        out.flush()?;
        let chunk = match chunks.next_chunk_idle() {
            Ok(Some(chunk)) => chunk,
            Ok(None) => return Ok(None),
            Err(e) => return Ok(Some(e)),
        };
        let (items, unterminated) = read_items(&chunk);
        check_items(name, &items, config, pool, summary, out)?;
        if unterminated {
            out.flush()?;
            writeln!(
                err,
                "slink check: {name}: warning: the input ends without the closing '0 0' line"
            )?;
        }
    }
}

/// Grades `items` in parallel and writes their lines in order; after a
/// stop was requested ([`interrupt`]), no new item is taken, and the lines
/// end before the first item not taken.
fn check_items(
    name: &str,
    items: &[Item],
    config: &Config,
    pool: &rayon::ThreadPool,
    summary: &mut Summary,
    out: &mut dyn Write,
) -> io::Result<()> {
    let grades: Vec<Option<Option<Grade>>> = pool.install(|| {
        items
            .par_iter()
            .map_init(
                || {
                    let mut g = Grader::new(config.budget);
                    g.set_time_limit(config.time_limit);
                    g
                },
                |g, item| match item {
                    _ if interrupt::stopping() => None,
                    Item::Puzzle(_, p) => Some(Some(g.grade(p))),
                    Item::Bad(..) => Some(None),
                },
            )
            .collect()
    });
    for (item, grade) in items.iter().zip(grades) {
        let Some(grade) = grade else { break };
        match item {
            Item::Puzzle(k, _) => {
                if let Some(r) = grade {
                    summary.add(&r);
                    if !config.brief || !r.kept() {
                        writeln!(out, "{}", line(&r, name, *k))?;
                    }
                }
            }
            Item::Bad(k, why) => {
                summary.bad += 1;
                writeln!(out, "{name}:{k}: bad input: {why}")?;
            }
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
    config: &Config,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> (Summary, Result<(), Error>) {
    let mut summary = Summary::default();
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
    {
        Ok(pool) => pool,
        Err(e) => return (summary, Err(Error::Threads(e))),
    };
    let mut stdin_read = false;
    let mut each = || -> io::Result<()> {
        for input in inputs {
            if interrupt::stopping() {
                break;
            }
            let name = input.name();
            if *input == Input::Stdin && std::mem::replace(&mut stdin_read, true) {
                out.flush()?;
                writeln!(
                    err,
                    "slink check: warning: standard input is read once; this '-' is skipped"
                )?;
                continue;
            }
            if let Some(e) = check_input(&name, input, config, &pool, &mut summary, out, err)? {
                out.flush()?;
                writeln!(err, "slink check: {name}: cannot read: {e}")?;
                summary.unreadable += 1;
            }
        }
        writeln!(out, "{}", summary.line())?;
        out.flush()
    };
    let done = each().map_err(Error::Write);
    (summary, done)
}

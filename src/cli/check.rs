//! `slink check`: does each puzzle keep the judge's promise?
//!
//! The judge promises exactly one solution, found by its rules R1-R15
//! alone. For every data set of every file (standard input when no file
//! or `-` is given), `check` solves the puzzle three ways (the rules
//! alone; rules and loop reasoning; everything, with search, counting up
//! to two solutions) and prints one line:
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
//! over all files. Exit status: 0 when every data set keeps the promise,
//! 1 when some data set breaks it, 2 when a file cannot be read or holds
//! bad input (this wins over 1).

use clap::Args;
use rayon::prelude::*;
use slink::puzzle::parse::{parse_body, Ending, Scanner};
use slink::{verify, Options, Puzzle, Solver, Status};
use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `slink check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Puzzle files in the judge format; none, or `-`, reads standard input.
    files: Vec<PathBuf>,
    /// Search nodes per puzzle before the full solve gives up (`solutions=?`).
    #[arg(long, default_value_t = Options::DEFAULT_BUDGET)]
    budget: u64,
    /// Print only the data sets that break the promise (and bad input),
    /// then the summary.
    #[arg(long)]
    brief: bool,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
}

/// The number of solutions, as far as the solver could tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    Zero,
    One,
    Several,
    Unknown,
}

impl Count {
    fn text(self) -> &'static str {
        match self {
            Count::Zero => "0",
            Count::One => "1",
            Count::Several => "2+",
            Count::Unknown => "?",
        }
    }
}

/// What the judge's rules alone did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rules {
    Finish,
    Stall(usize),
    Contradiction,
}

/// The least machinery that settles the puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Needs {
    Rules,
    Loop,
    Search,
}

impl Needs {
    fn text(self) -> &'static str {
        match self {
            Needs::Rules => "rules",
            Needs::Loop => "loop",
            Needs::Search => "search",
        }
    }
}

/// The check of one data set.
#[derive(Clone, Debug)]
struct Report {
    rows: usize,
    cols: usize,
    blanks: usize,
    solutions: Count,
    rules: Rules,
    needs: Needs,
    nodes: u64,
    probes: u64,
    depth: u32,
    /// A disagreement between the solver's modes (a solver bug).
    inconsistent: Option<&'static str>,
}

impl Report {
    fn kept(&self) -> bool {
        self.solutions == Count::One && self.rules == Rules::Finish && self.inconsistent.is_none()
    }

    fn line(&self, name: &str, number: usize) -> String {
        let mut s = format!(
            "{name}:{number}: {}x{} blanks={} solutions={} rules=",
            self.rows,
            self.cols,
            self.blanks,
            self.solutions.text()
        );
        match self.rules {
            Rules::Finish => s.push_str("finish"),
            Rules::Stall(u) => {
                let _ = write!(s, "stall:{u}");
            }
            Rules::Contradiction => s.push_str("contradiction"),
        }
        let _ = write!(
            s,
            " needs={} nodes={} probes={} depth={} promise={}",
            self.needs.text(),
            self.nodes,
            self.probes,
            self.depth,
            if self.kept() { "kept" } else { "broken" }
        );
        if let Some(why) = self.inconsistent {
            let _ = write!(s, " warning=solver-disagreement:{why}");
        }
        s
    }
}

/// Three solvers, one per mode, reused across puzzles of a thread.
struct Checker {
    rules: Solver,
    looping: Solver,
    full: Solver,
}

impl Checker {
    fn new(budget: u64) -> Self {
        Checker {
            rules: Solver::new(Options::rules_only()),
            looping: Solver::new(Options {
                loop_reasoning: true,
                search: false,
                ..Options::default()
            }),
            full: Solver::new(Options {
                node_budget: budget,
                max_solutions: 2,
                ..Options::default()
            }),
        }
    }

    fn check(&mut self, p: &Puzzle) -> Report {
        let mut inconsistent = None;
        let o = self.rules.solve(p);
        let rules = match o.status() {
            Status::Solved => Rules::Finish,
            Status::NoSolution => Rules::Contradiction,
            // Without search the rules stall; they cannot run out of
            // budget or see two solutions.
            Status::GaveUp => Rules::Stall(o.stalled().unwrap_or(0)),
            Status::Multiple | Status::Invalid => Rules::Stall(0),
        };
        let rules_solution = o.solution().cloned();
        let full = self.full.solve(p);
        let solutions = match full.status() {
            Status::Solved => Count::One,
            Status::Multiple => Count::Several,
            Status::NoSolution => Count::Zero,
            Status::GaveUp | Status::Invalid => Count::Unknown,
        };
        let (nodes, probes, depth) = (full.stats.nodes, full.stats.probes, full.stats.depth);
        if full.solutions().iter().any(|s| verify(p, s).is_err()) {
            inconsistent = Some("invalid-solution");
        }
        match (rules, solutions) {
            (Rules::Finish, Count::One) if rules_solution.as_ref() != full.solution() => {
                inconsistent = Some("different-solutions");
            }
            (Rules::Finish, c) if c != Count::One => inconsistent = Some("rules-unique"),
            (Rules::Contradiction, c) if c != Count::Zero => {
                inconsistent = Some("rules-contradiction")
            }
            _ => {}
        }
        let needs = match rules {
            Rules::Finish | Rules::Contradiction => Needs::Rules,
            Rules::Stall(_) => match self.looping.solve(p).status() {
                Status::Solved | Status::NoSolution => Needs::Loop,
                _ => Needs::Search,
            },
        };
        Report {
            rows: p.rows(),
            cols: p.cols(),
            blanks: p.blanks(),
            solutions,
            rules,
            needs,
            nodes,
            probes,
            depth,
            inconsistent,
        }
    }
}

/// Tallies over all files.
#[derive(Default)]
struct Totals {
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

impl Totals {
    fn add(&mut self, r: &Report) {
        self.data_sets += 1;
        self.counts[r.solutions as usize] += 1;
        self.rules_finish += usize::from(r.rules == Rules::Finish);
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
}

/// A data set as read: a puzzle or the reason it is bad.
enum Item {
    Puzzle(usize, Puzzle),
    Bad(usize, String),
}

/// Reads every data set of `input`; the second value tells whether the
/// closing `0 0` line was missing.
fn read_items(input: &[u8]) -> (Vec<Item>, bool) {
    let mut scanner = Scanner::new(input);
    let mut items = Vec::new();
    for next in scanner.by_ref() {
        match next {
            Ok(span) => {
                let mut p = Puzzle::default();
                match parse_body(input, &span, &mut p) {
                    Ok(()) => items.push(Item::Puzzle(span.number, p)),
                    Err(e) => items.push(Item::Bad(
                        span.number,
                        format!("{}:{}: {}", e.line, e.col, e.message),
                    )),
                }
            }
            Err(e) => items.push(Item::Bad(
                e.data_set,
                format!("{}:{}: {}", e.line, e.col, e.message),
            )),
        }
    }
    (items, scanner.ending() == Ending::MissingTerminator)
}

/// Checks one file's contents, printing its lines.
fn check_input(
    name: &str,
    input: &[u8],
    args: &CheckArgs,
    pool: &rayon::ThreadPool,
    totals: &mut Totals,
    out: &mut impl Write,
) -> io::Result<()> {
    let (items, unterminated) = read_items(input);
    let reports: Vec<Option<Report>> = pool.install(|| {
        items
            .par_iter()
            .map_init(
                || Checker::new(args.budget),
                |c, item| match item {
                    Item::Puzzle(_, p) => Some(c.check(p)),
                    Item::Bad(..) => None,
                },
            )
            .collect()
    });
    for (item, report) in items.iter().zip(reports) {
        match item {
            Item::Puzzle(k, _) => {
                if let Some(r) = report {
                    totals.add(&r);
                    if !args.brief || !r.kept() {
                        writeln!(out, "{}", r.line(name, *k))?;
                    }
                }
            }
            Item::Bad(k, why) => {
                totals.bad += 1;
                writeln!(out, "{name}:{k}: bad input: {why}")?;
            }
        }
    }
    if unterminated {
        out.flush()?;
        eprintln!("slink check: {name}: warning: the input ends without the closing '0 0' line");
    }
    Ok(())
}

/// Runs `slink check`.
pub fn run(args: &CheckArgs) -> ExitCode {
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
    {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("slink check: cannot start the worker threads: {e}");
            return ExitCode::from(2);
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut totals = Totals::default();
    let files: Vec<PathBuf> = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    let result = (|| -> io::Result<()> {
        for path in &files {
            let (name, data) = if path.as_os_str() == "-" {
                let mut buf = Vec::new();
                (
                    "stdin".to_string(),
                    io::stdin().lock().read_to_end(&mut buf).map(|_| buf),
                )
            } else {
                (path.display().to_string(), std::fs::read(path))
            };
            match data {
                Ok(input) => check_input(&name, &input, args, &pool, &mut totals, &mut out)?,
                Err(e) => {
                    out.flush()?;
                    eprintln!("slink check: {name}: cannot read: {e}");
                    totals.unreadable += 1;
                }
            }
        }
        writeln!(out, "{}", totals.line())?;
        out.flush()
    })();
    match result {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => {
            eprintln!("slink check: cannot write the output: {e}");
            return ExitCode::from(2);
        }
    }
    if totals.bad > 0 || totals.unreadable > 0 {
        ExitCode::from(2)
    } else if totals.broken > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

//! A run of `slink gen`: puzzles made in parallel chunks, written in
//! index order (and their expected answers, drawn from the generator's own
//! loops), with a summary of the work.
//!
//! ```
//! use slink::formats::Format;
//! use slink::generate::{run::{run, Outputs}, GenConfig, SizeRange};
//! let config = GenConfig { rows: SizeRange::exactly(5), cols: SizeRange::exactly(5), ..GenConfig::default() };
//! let (mut puzzles, mut err) = (Vec::new(), Vec::new());
//! let to = Outputs { puzzles: &mut puzzles, answers: None, err: &mut err };
//! let summary = run(Format::Judge, &config, 7, 0..3, to).unwrap();
//! assert_eq!((summary.made, summary.next), (3, 3));
//! let made: Vec<_> = slink::puzzles(&puzzles).collect::<Result<_, _>>().unwrap();
//! assert!(made.iter().all(|p| slink::solve(p).status() == slink::Status::Solved));
//! ```

use super::{generate_until, GenConfig, GenError, Generated, Work};
use crate::puzzle::formats::judge::render;
use crate::puzzle::formats::{self, Format};
use crate::util::{counted, interrupt};
use std::io::{self, Write};
use std::ops::Range;

/// Puzzles made per parallel chunk: bounds memory on huge runs.
const CHUNK: u64 = 1024;

/// Tallies of a run, for its summary.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    /// Puzzles made.
    pub made: u64,
    /// Puzzles that could not be made.
    pub failed: u64,
    /// Cells of the puzzles made.
    pub cells: u64,
    /// Blank cells among them.
    pub blanks: u64,
    /// The work behind them (and behind the failures).
    pub work: Work,
    /// Puzzles made per difficulty (easiest first), and those whose
    /// difficulty the search could not tell.
    pub difficulties: [u64; 5],
    /// The search nodes of each hard puzzle made, and the deepest level.
    pub hard_nodes: Vec<u64>,
    /// The deepest search level among them.
    pub hard_depth: u32,
    /// The index of the first puzzle not made: the end of the run's
    /// indices, or where a stop cut it short.
    pub next: u64,
}

/// Where a run writes: the puzzles, their expected judge output (each
/// puzzle's number and drawing) when asked for, and messages.
pub struct Outputs<'a> {
    /// The puzzles.
    pub puzzles: &'a mut dyn Write,
    /// The expected judge output, if wanted.
    pub answers: Option<&'a mut dyn Write>,
    /// Messages: puzzles that could not be made.
    pub err: &'a mut dyn Write,
}

/// Makes puzzles `indices` (puzzle `k` depends only on the
/// configuration, `seed` and `k`) of a run seeded with `seed`, in chunks
/// on rayon's current pool, and writes them in order to `out` in `format`:
/// the judge's (ending with the closing `0 0` line), a URL or a Loopy ID
/// per line, or pzprv3 files. With `answers`, the expected judge output
/// too (each puzzle's number, counted from 1, and drawing). A puzzle that
/// cannot be made is left out and named on `err`.
///
/// Once a stop is requested ([`interrupt`]: SIGINT, SIGTERM), no new
/// puzzle is begun: the puzzles made before the first one left out are
/// written whole (and their answers), and a judge-format output still
/// ends with `0 0`, so that it is a whole file; [`Summary::next`] says
/// where to begin again.
pub fn run(
    format: Format,
    config: &GenConfig,
    seed: u64,
    indices: Range<u64>,
    to: Outputs<'_>,
) -> io::Result<Summary> {
    let Outputs {
        puzzles: out,
        mut answers,
        err,
    } = to;
    let mut summary = Summary::default();
    let mut buf = Vec::with_capacity(1 << 16);
    let mut answer_buf = Vec::new();
    // The next puzzle to make.
    let mut next = indices.start;
    while next < indices.end && !interrupt::stopping() {
        let n = CHUNK.min(indices.end - next);
        let made = generate_until(config, seed, next, n, &interrupt::stopping);
        for item in made.into_iter().map_while(|made| made) {
            next += 1;
            match item {
                Ok(g) => {
                    let with_answer = answers.is_some();
                    let answer_buf = with_answer.then_some(&mut answer_buf);
                    summary.add(&g, format, &mut buf, answer_buf);
                }
                Err(e) => {
                    summary.failed += 1;
                    if let GenError::NoPuzzle { work, .. } | GenError::TimedOut { work, .. } = &e {
                        summary.work.add(work);
                    }
                    writeln!(err, "slink gen: {e}")?;
                }
            }
        }
        out.write_all(&buf)?;
        buf.clear();
        if let Some(a) = answers.as_mut() {
            a.write_all(&answer_buf)?;
            answer_buf.clear();
        }
    }
    summary.next = next;
    if format == Format::Judge {
        out.write_all(b"0 0\n")?;
    }
    out.flush()?;
    if let Some(a) = answers.as_mut() {
        a.flush()?;
    }
    Ok(summary)
}

impl Summary {
    /// The count of puzzles per difficulty, for the summary line:
    /// `; difficulty easy 3, tricky 7`.
    fn grades(&self) -> String {
        let mut parts = Vec::new();
        for (k, d) in super::Difficulty::ALL.iter().enumerate() {
            if self.difficulties[k] > 0 {
                parts.push(format!("{} {}", d.name(), self.difficulties[k]));
            }
        }
        if self.difficulties[4] > 0 {
            parts.push(format!("unknown {}", self.difficulties[4]));
        }
        if parts.is_empty() {
            return String::new();
        }
        format!("; difficulty {}", parts.join(", "))
    }

    /// The search the hard puzzles need, for the summary line:
    /// `; hard ones need 3-41 search nodes (median 12), depth up to 4`.
    fn hard_search(&self) -> String {
        let mut nodes = self.hard_nodes.clone();
        nodes.sort_unstable();
        match (nodes.first(), nodes.last()) {
            (Some(least), Some(most)) => format!(
                "; hard ones need {least}-{most} search nodes (median {}), depth up to {}",
                nodes[nodes.len() / 2],
                self.hard_depth
            ),
            _ => String::new(),
        }
    }

    /// Counts `g` and appends it to `buf` (and its answer to `answers`).
    fn add(
        &mut self,
        g: &Generated,
        format: Format,
        buf: &mut Vec<u8>,
        answers: Option<&mut Vec<u8>>,
    ) {
        self.made += 1;
        self.cells += (g.puzzle.rows() * g.puzzle.cols()) as u64;
        self.blanks += g.puzzle.blanks() as u64;
        self.work.add(&g.work);
        self.difficulties[g.difficulty.map_or(4, |d| d as usize)] += 1;
        if let Some((nodes, depth)) = g.search {
            self.hard_nodes.push(nodes);
            self.hard_depth = self.hard_depth.max(depth);
        }
        formats::write(format, &g.puzzle, buf);
        if let Some(answers) = answers {
            let number = usize::try_from(self.made).unwrap_or(usize::MAX);
            render::answer(number, &g.puzzle, &g.solution, answers);
        }
    }

    /// Writes the summary of a run of `config` seeded with `seed` that
    /// took `seconds` to `err`: what was made, the work, and a warning if
    /// the solver disagreed with the generator.
    pub fn report(
        &self,
        config: &GenConfig,
        seed: u64,
        seconds: f64,
        err: &mut dyn Write,
    ) -> io::Result<()> {
        let w = &self.work;
        let mut line = format!(
            "slink gen: {} {}x{} (seed {seed}) in {seconds:.2}s; {} grown, {} with several solutions",
            counted(self.made, "puzzle"),
            config.rows,
            config.cols,
            counted(w.loops, "loop"),
            w.multiple
        );
        if config.rules_only {
            line += &format!(", {} not finished by the rules", w.rules_failed);
        }
        line += &format!(", {} out of budget", counted(w.gave_up, "check"));
        if config.hardens() && w.gave_up > 0 {
            line += " (each dropped its loop)";
        }
        line += &format!("; {}", counted(w.solves, "solver call"));
        line += &put_back(w);
        if config.goal(1).is_some() && self.cells > 0 {
            line += &format!(
                "; {:.1}% of cells blank",
                100.0 * self.blanks as f64 / self.cells as f64
            );
        }
        if config.minimal {
            line += &minimal_proof(w);
        }
        line += &self.grades();
        line += &self.hard_search();
        if let (Some(f), true) = (config.blanks, w.short > 0) {
            line += &format!(
                "; {} short of {:.1}% blank: no clue left could go keeping them {}",
                counted(w.short, "puzzle"),
                100.0 * f,
                match config.difficulty {
                    Some(d) => format!("unique and {d}"),
                    None => "unique".into(),
                }
            );
            if w.gave_up > 0 {
                line += " (or the search ran out of budget: see --budget)";
            }
        }
        if w.too_easy > 0 {
            line += &format!("; {} too easy made again", counted(w.too_easy, "puzzle"));
        }
        if self.failed > 0 {
            line += &format!("; {} could not be made", counted(self.failed, "puzzle"));
        }
        writeln!(err, "{line}")?;
        if w.disagreements > 0 {
            writeln!(
                err,
                "slink gen: warning: {} times the solver called a puzzle unique with a solution other \
                 than the generator's loop (a solver bug; those puzzles were dropped)",
                w.disagreements
            )?;
        }
        Ok(())
    }
}

/// The clues put back, for the summary line: after a whole check; tried
/// again once their second solution was broken; kept for one since
/// broken (perhaps needless).
fn put_back(w: &super::Work) -> String {
    let mut words = String::new();
    if w.restored > 0 {
        let clues = counted(w.restored, "clue");
        words += &format!("; {clues} put back after a whole check");
    }
    if w.retried > 0 {
        let orbits = counted(w.retried, "orbit");
        words += &format!("; {orbits} tried again, the second solution that kept it broken");
    }
    if w.lapsed > 0 {
        let clues = counted(w.lapsed, "orbit");
        words += &format!(
            "; {clues} kept for a second solution that a clue put back since broke \
             (perhaps needless; --minimal proves each clue)"
        );
    }
    words
}

/// What `--minimal`'s proof did, for the summary line.
fn minimal_proof(w: &super::Work) -> String {
    let mut words = format!(
        "; minimal, proven by {} ({}) and {} seen before, which blanked {} the removal left",
        counted(w.proofs, "search"),
        counted(w.proof_nodes, "node"),
        counted(w.witnessed, "second solution"),
        counted(w.proof_removed, "orbit")
    );
    if w.unproven > 0 {
        words += &format!(
            ", and ran out of budget {}: those puzzles, not proven, were made again",
            counted(w.unproven, "time")
        );
    }
    words
}

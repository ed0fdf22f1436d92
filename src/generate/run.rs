//! A run of `slink gen`: puzzles made in parallel chunks, written in
//! index order (and their expected answers, drawn from the generator's own
//! loops), with a summary of the work.

use super::{generate_until, Config, GenError, Generated, Work};
use crate::puzzle::formats::{self, Format};
use crate::puzzle::render;
use crate::util::interrupt;
use std::io::{self, Write};

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

/// Makes puzzles `0..count` of a run seeded with `seed`, in chunks on
/// rayon's current pool, and writes them in order to `out` in the judge's
/// input format, then the closing `0 0` line; with `answers`, the expected
/// judge output too (each puzzle's number and drawing). A puzzle that
/// cannot be made is left out and named on `err`. The output depends only
/// on the configuration, the seed and the count.
pub fn run(config: &Config, seed: u64, count: u64, to: Outputs<'_>) -> io::Result<Summary> {
    run_as(Format::Judge, config, seed, count, to)
}

/// [`run`] with the puzzles written in `format`: the judge's (with the
/// closing `0 0`), a URL or a Loopy ID per line, or pzprv3 files.
///
/// Once a stop is requested ([`interrupt`]: SIGINT, SIGTERM), no new
/// puzzle is begun: the puzzles made before the first one left out are
/// written whole (and their answers), with no closing `0 0`, so that the
/// output shows it was cut short.
pub fn run_as(
    format: Format,
    config: &Config,
    seed: u64,
    count: u64,
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
    let mut next = 0;
    while next < count && !interrupt::stopping() {
        let n = CHUNK.min(count - next);
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
    if format == Format::Judge && next == count {
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
        for (k, d) in crate::solve::difficulty::Difficulty::ALL.iter().enumerate() {
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
        config: &Config,
        seed: u64,
        seconds: f64,
        err: &mut dyn Write,
    ) -> io::Result<()> {
        let w = &self.work;
        let mut line = format!(
            "slink gen: {} puzzles {}x{} (seed {seed}) in {seconds:.2}s; {} loops grown, {} with several solutions",
            self.made, config.rows, config.cols, w.loops, w.multiple
        );
        if config.rules_only {
            line += &format!(", {} not finished by the rules", w.rules_failed);
        }
        line += &format!(
            ", {} checks out of budget; {} solver calls",
            w.gave_up, w.solves
        );
        if w.restored > 0 {
            line += &format!("; {} clues put back after a whole check", w.restored);
        }
        if config.goal(1).is_some() && self.cells > 0 {
            line += &format!(
                "; {:.1}% of cells blank",
                100.0 * self.blanks as f64 / self.cells as f64
            );
        }
        line += &self.grades();
        if let (Some(f), true) = (config.blanks, w.short > 0) {
            line += &format!(
                "; {} puzzles short of {:.1}% blank: no clue left could go keeping them {}",
                w.short,
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
            line += &format!("; {} puzzles too easy made again", w.too_easy);
        }
        if self.failed > 0 {
            line += &format!("; {} puzzles could not be made", self.failed);
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

//! What to generate ([`GenConfig`], [`SizeRange`]) and what comes back
//! ([`Generated`], [`Work`], [`GenError`]).

use super::symmetry::Symmetry;
use crate::puzzle::region::Shape;
use crate::puzzle::solution::Solution;
use crate::puzzle::{Puzzle, MAX_COLS, MAX_ROWS};
use crate::solve::verdict::difficulty::Difficulty;
use crate::util::counted;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The default search budget of a uniqueness check of an `rows x cols`
/// puzzle, in nodes and probes: `1000 + 4 * rows * cols`, well below the
/// solver's own, because a check that runs out only costs one candidate (a
/// loop, or a clue removal) and generation makes thousands of checks.
pub fn default_budget(rows: usize, cols: usize) -> u64 {
    1000 + 4 * (rows * cols) as u64
}

/// An inclusive range of sizes, written `N` or `A-B` on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeRange {
    /// Smallest size.
    pub min: usize,
    /// Largest size.
    pub max: usize,
}

impl SizeRange {
    /// The range holding `n` only.
    pub fn exactly(n: usize) -> Self {
        SizeRange { min: n, max: n }
    }

    /// Parses `N` or `A-B` with `1 <= A <= B <= limit`.
    pub fn parse(text: &str, limit: usize) -> Result<Self, String> {
        let t = text.trim();
        let number = |s: &str| -> Result<usize, String> {
            let s = s.trim();
            let n: usize = s
                .parse()
                .map_err(|_| format!("'{s}' is not a size (expected a number 1-{limit})"))?;
            if n == 0 || n > limit {
                return Err(format!("size {n} is outside 1-{limit}"));
            }
            Ok(n)
        };
        let range = match t.split_once('-') {
            Some((a, b)) => SizeRange {
                min: number(a)?,
                max: number(b)?,
            },
            None => SizeRange::exactly(number(t)?),
        };
        if range.min > range.max {
            return Err(format!(
                "the range {}-{} is empty (the first size must not exceed the second)",
                range.min, range.max
            ));
        }
        Ok(range)
    }
}

impl FromStr for SizeRange {
    type Err = String;

    /// Parses `N` or `A-B` within the largest board slink solves.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SizeRange::parse(s, MAX_ROWS.max(MAX_COLS))
    }
}

impl fmt::Display for SizeRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}-{}", self.min, self.max)
        }
    }
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GenConfig {
    /// Rows of each puzzle, drawn uniformly from the range.
    pub rows: SizeRange,
    /// Columns of each puzzle, drawn uniformly from the range.
    pub cols: SizeRange,
    /// Fraction of cells to leave blank (`None`: a Slink puzzle, every
    /// cell clued). Clues are removed in random order as long as the
    /// puzzle stays unique, so the fraction reached may be lower.
    pub blanks: Option<f64>,
    /// Keep only puzzles that the judge's rules alone finish.
    pub rules_only: bool,
    /// The loop's shape; `None` draws one per puzzle.
    pub shape: Option<Shape>,
    /// Search budget of each uniqueness check, in nodes and probes
    /// (`None`: [`default_budget`] of the puzzle's size). A check that runs
    /// out counts as "not unique".
    pub node_budget: Option<u64>,
    /// Loops tried per puzzle before giving up on it.
    pub max_attempts: u32,
    /// The difficulty of every puzzle: clues are removed while the puzzle
    /// stays within it (up to [`GenConfig::blanks`], as many as can go
    /// without it), and a puzzle that ends easier is dropped for another
    /// loop. `None`: any (with blanks, clues are removed while the puzzle
    /// stays unique).
    pub difficulty: Option<Difficulty>,
    /// Remove clues until none can go and keep the puzzle unique (each
    /// remaining clue checked by the search). With the difficulty
    /// [`Difficulty::Search`], the minimal puzzles that need the search
    /// ([`GenConfig::hardens`]); no other difficulty goes with it.
    pub minimal: bool,
    /// The symmetry of the clue layout.
    pub symmetry: Symmetry,
    /// Wall-clock time per puzzle before it is abandoned (`None`: none).
    pub time_limit: Option<Duration>,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            rows: SizeRange::exactly(10),
            cols: SizeRange::exactly(10),
            blanks: None,
            rules_only: false,
            shape: None,
            node_budget: None,
            max_attempts: 2000,
            difficulty: None,
            minimal: false,
            symmetry: Symmetry::None,
            time_limit: None,
        }
    }
}

/// One generated puzzle and the loop it was made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// Its index in the run (0-based).
    pub index: u64,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its solution: the generator's own loop, which the solver proved to
    /// be the only one.
    pub solution: Solution,
    /// The shape of the loop.
    pub shape: Shape,
    /// Its difficulty (`None` if the search could not tell it within
    /// its budget).
    pub difficulty: Option<Difficulty>,
    /// For a [`Difficulty::Search`] puzzle, the nodes and the deepest
    /// level of the search that finishes it (slink's solver with a
    /// hundred times the checks' budget; `None` if that runs out): how
    /// much search it really needs.
    pub search: Option<(u64, u32)>,
    /// Work done to make it.
    pub work: Work,
}

/// Counts of the work behind a puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Loops grown.
    pub loops: u64,
    /// Loops whose Slink puzzle had several solutions.
    pub multiple: u64,
    /// Loops whose puzzle the judge's rules could not finish (`rules_only`).
    pub rules_failed: u64,
    /// Uniqueness checks that ran out of budget (not counting the quick
    /// searches of hard puzzles, after which a whole search decides; a
    /// whole one drops its loop).
    pub gave_up: u64,
    /// Solver calls in all.
    pub solves: u64,
    /// Times the solver called a puzzle unique but found a solution other
    /// than the generator's loop: a solver bug (the candidate is dropped).
    pub disagreements: u64,
    /// Puzzles dropped for ending easier than the difficulty asked.
    pub too_easy: u64,
    /// Clues put back after a quick check's removal failed the whole
    /// check.
    pub restored: u64,
    /// Puzzles that ended with fewer blanks than asked (no clue left could
    /// go within the difficulty).
    pub short: u64,
    /// Searches of `--minimal`'s proof.
    pub proofs: u64,
    /// Of them, those that ran out of budget: each puzzle proven nothing
    /// by one is dropped and another loop grown.
    pub unproven: u64,
    /// Their search nodes.
    pub proof_nodes: u64,
    /// Orbits of clues the removal left that the proof found could go.
    pub proof_removed: u64,
    /// Orbits the proof found needed without a search: blanking one
    /// brought back a second solution a search had found before.
    pub witnessed: u64,
    /// Orbits put back because a second solution needed them, tried again
    /// once a clue that solution breaks was put back too (hard puzzles).
    pub retried: u64,
    /// Orbits of clues kept because a second solution needed them, which a
    /// clue put back since broke: kept, but not proven needed (clues
    /// removed for uniqueness, without `--minimal`, whose proof settles
    /// each).
    pub lapsed: u64,
}

impl Work {
    /// Adds `other` to these counts.
    pub fn add(&mut self, other: &Work) {
        self.loops += other.loops;
        self.multiple += other.multiple;
        self.rules_failed += other.rules_failed;
        self.gave_up += other.gave_up;
        self.solves += other.solves;
        self.disagreements += other.disagreements;
        self.too_easy += other.too_easy;
        self.restored += other.restored;
        self.short += other.short;
        self.proofs += other.proofs;
        self.unproven += other.unproven;
        self.proof_nodes += other.proof_nodes;
        self.proof_removed += other.proof_removed;
        self.witnessed += other.witnessed;
        self.retried += other.retried;
        self.lapsed += other.lapsed;
    }
}

/// Why a puzzle could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GenError {
    /// No loop tried gave a puzzle meeting the requirements.
    NoPuzzle {
        /// Index of the puzzle in the run.
        index: u64,
        /// Rows of the last size tried.
        rows: usize,
        /// Columns of the last size tried.
        cols: usize,
        /// Work done in vain (boxed: it keeps the error small).
        work: Box<Work>,
    },
    /// The configuration cannot work (a size outside the limits, a blank
    /// fraction outside 0..1).
    BadConfig(String),
    /// Not made within [`GenConfig::time_limit`].
    TimedOut {
        /// Index of the puzzle in the run.
        index: u64,
        /// Work done in vain (boxed: it keeps the error small).
        work: Box<Work>,
    },
    /// Abandoned: a stop was requested.
    Stopped,
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::NoPuzzle {
                index,
                rows,
                cols,
                work,
            } => write!(
                f,
                "puzzle {}: no {rows}x{cols} puzzle found after {} \
                 ({} with several solutions, {} not finished by the rules, {} out of budget)",
                index + 1,
                counted(work.loops, "loop"),
                work.multiple,
                work.rules_failed,
                counted(work.gave_up, "check")
            ),
            GenError::BadConfig(why) => f.write_str(why),
            GenError::TimedOut { index, work } => write!(
                f,
                "puzzle {}: not made within the time limit ({} grown, {})",
                index + 1,
                counted(work.loops, "loop"),
                counted(work.solves, "solver call")
            ),
            GenError::Stopped => f.write_str("stopped"),
        }
    }
}

impl std::error::Error for GenError {}

impl GenConfig {
    /// Checks the configuration's limits.
    pub fn validate(&self) -> Result<(), GenError> {
        let bad = |s: String| Err(GenError::BadConfig(s));
        for (what, r, limit) in [
            ("rows", self.rows, MAX_ROWS),
            ("columns", self.cols, MAX_COLS),
        ] {
            if r.min == 0 || r.min > r.max || r.max > limit {
                return bad(format!("{what} {r} are outside 1-{limit}"));
            }
        }
        if let Some(f) = self.blanks {
            if !(0.0..=1.0).contains(&f) {
                return bad(format!("the blank fraction {f} is outside 0-1"));
            }
        }
        if self.goal(1).is_none() && self.rows.max == 1 && self.cols.max == 1 {
            return bad(
                "no 1x1 puzzle has every cell clued: its only loop goes round the cell, \
                 4 sides, and clues go from 0 to 3; ask for blanks (--blanks 1)"
                    .into(),
            );
        }
        if !self.symmetry.fits(self.rows.min, self.cols.min)
            || !self.symmetry.fits(self.rows.max, self.cols.max)
            || (self.symmetry == Symmetry::Rot4 && self.rows != self.cols)
        {
            return bad(format!(
                "the symmetry {} needs square boards (rows {} and columns {})",
                self.symmetry, self.rows, self.cols
            ));
        }
        if self.minimal && self.difficulty.is_some_and(|d| d != Difficulty::Search) {
            return bad(format!(
                "--minimal removes every clue the search can do without, so the puzzles are {}: \
                 it cannot be asked with the difficulty {}",
                Difficulty::Search,
                self.difficulty.unwrap_or(Difficulty::Search)
            ));
        }
        if self.rules_only && self.difficulty.is_some_and(|d| d != Difficulty::Rules) {
            return bad(
                "--rules-only is the difficulty easy: it cannot be asked with another".into(),
            );
        }
        if self.max_attempts == 0 {
            return bad("at least one attempt per puzzle is needed".into());
        }
        Ok(())
    }
}

impl GenConfig {
    /// The difficulty the puzzles are checked at: the one asked for
    /// (`--rules-only` asks for [`Difficulty::Rules`]), else uniqueness
    /// ([`Difficulty::Search`]).
    pub fn level(&self) -> Difficulty {
        match (self.difficulty, self.rules_only) {
            (Some(d), _) => d,
            (None, true) => Difficulty::Rules,
            (None, false) => Difficulty::Search,
        }
    }

    /// Whether puzzles are made hard from tricky ones (`--difficulty hard`
    /// without `--minimal`; see `generate::harden`), which stops at the
    /// first puzzle that needs the search. With `--minimal`, a hard puzzle
    /// is a minimal one (the removal of every clue that can go, then
    /// `generate::minimal`'s proof) that needs the search; one that
    /// probing finishes is made again (counted in [`Work::too_easy`]).
    pub fn hardens(&self) -> bool {
        self.difficulty == Some(Difficulty::Search) && !self.minimal
    }

    /// How many blanks short of its goal a puzzle may end without falling
    /// short: an orbit of the symmetry less one cell.
    pub fn symmetry_slack(&self) -> usize {
        match self.symmetry {
            Symmetry::None => 0,
            Symmetry::Rot2 | Symmetry::Mirror => 1,
            Symmetry::Rot4 => 3,
        }
    }

    /// The blank cells wanted of an `area`-cell puzzle, if clues are to go:
    /// the fraction asked of it, or every cell where a difficulty or
    /// minimal puzzles are asked without one.
    pub fn goal(&self, area: usize) -> Option<usize> {
        if self.minimal {
            return Some(area);
        }
        match self.blanks {
            Some(f) => Some(((area as f64 * f).round() as usize).min(area)),
            None if self.difficulty.is_some() || self.minimal => Some(area),
            None => None,
        }
    }
}

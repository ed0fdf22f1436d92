//! A puzzle's difficulty: the least of slink's solver that finishes it,
//! from the judge's rules alone to the search ([`Difficulty`]), and the
//! solver options that stop at each ([`Difficulty::options`]).
//!
//! Where it stops: it grades unique puzzles only; a puzzle with several
//! solutions or none has no difficulty ([`Ladder::difficulty`] says
//! `None`), nor has one whose search runs out of budget.

use crate::puzzle::Puzzle;
use crate::solve::outcome::{Options, Status};
use crate::solve::solver::Solver;
use std::fmt;
use std::str::FromStr;

/// What slink's solver needs to finish a unique puzzle, easiest first.
///
/// Two vocabularies, one mapping, here only: the code names a difficulty
/// by what the solver needs ([`Difficulty::needs`]: `Rules`, `Loop`,
/// `Probe`, `Search`, as the solver's options are set), users by how hard
/// the puzzle is ([`Difficulty::name`]: easy, normal, tricky, hard), the
/// words of `gen --difficulty`, `check`'s `grade=` and summaries, and
/// `gen`'s summary, which all take them from [`Difficulty::name`]. Either
/// word is read ([`Difficulty::from_str`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// The judge's rules R1-R15 and the vertex rules alone (`easy`).
    Rules,
    /// Deduction without trying values: the rules, single-loop reasoning,
    /// what the loop can reach, the inside and outside, parity
    /// (`normal`).
    Loop,
    /// Probing at the root: each undecided edge tried both ways, a value
    /// that fails ruled out (`tricky`).
    Probe,
    /// Branching search (`hard`).
    Search,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Rules,
        Difficulty::Loop,
        Difficulty::Probe,
        Difficulty::Search,
    ];

    /// The name `gen --difficulty` and `check` give it: `easy`, `normal`,
    /// `tricky`, `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Rules => "easy",
            Difficulty::Loop => "normal",
            Difficulty::Probe => "tricky",
            Difficulty::Search => "hard",
        }
    }

    /// What it takes, in a word: `rules`, `loop`, `probe`, `search`
    /// (also accepted as its name).
    pub fn needs(self) -> &'static str {
        match self {
            Difficulty::Rules => "rules",
            Difficulty::Loop => "loop",
            Difficulty::Probe => "probe",
            Difficulty::Search => "search",
        }
    }

    /// The solver options that go no further than this: the solve of a
    /// puzzle of this difficulty or less finishes, that of a harder one
    /// stalls (or, for [`Difficulty::Search`], runs out of `budget`).
    /// Counting to one solution: the caller knows the puzzle has one, or
    /// asks only whether these means finish it.
    pub fn options(self, budget: u64) -> Options {
        let base = Options {
            max_solutions: 1,
            node_budget: u64::MAX,
            ..Options::default()
        };
        match self {
            Difficulty::Rules => Options::rules_only(),
            Difficulty::Loop => Options {
                probe: false,
                branch: false,
                ..base
            },
            Difficulty::Probe => Options {
                branch: false,
                ..base
            },
            Difficulty::Search => Options {
                node_budget: budget,
                max_solutions: 2,
                ..base
            },
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = String;

    /// Parses a name (`easy`, `normal`, `tricky`, `hard`) or what it
    /// needs (`rules`, `loop`, `probe`, `search`).
    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim().to_ascii_lowercase();
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == t || d.needs() == t)
            .ok_or_else(|| {
                format!("'{s}' is not a difficulty (easy, normal, tricky, hard; or rules, loop, probe, search)")
            })
    }
}

/// A solver per difficulty, made with [`Difficulty::options`] (on the
/// heap: a solver is large, and rayon's threads have small stacks): the
/// ladder a unique puzzle climbs until one finishes it.
pub struct Ladder(pub Vec<Solver>);

impl Ladder {
    /// Solvers whose search stops after `budget` nodes and probes.
    pub fn new(budget: u64) -> Self {
        Ladder(
            (Difficulty::ALL.iter())
                .map(|&d| Solver::new(d.options(budget)))
                .collect(),
        )
    }

    /// The difficulty of `p`, known to be unique: the least of slink's
    /// solver that finishes it. `None` if even the search does not finish
    /// it (several solutions, none, or out of budget).
    pub fn difficulty(&mut self, p: &Puzzle) -> Option<Difficulty> {
        // Easiest first: most puzzles stop early, and each solve is cheap
        // next to the one after it.
        for (k, d) in Difficulty::ALL.into_iter().enumerate() {
            let o = self.0[k].solve(p);
            if o.status() == Status::Solved {
                return Some(d);
            }
            if o.status() == Status::NoSolution || o.status() == Status::Multiple {
                return None;
            }
        }
        None
    }
}

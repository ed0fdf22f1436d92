//! Benchmark data, made deterministically at the start of each benchmark
//! run from the library's generator ([`slink::internals::generate`]): nothing is read
//! from disk, so the benchmarks measure the same puzzles on every machine.
//!
//! Data sets are grouped by character, as tdoku does for Sudoku:
//!
//! - **rules**: Slink (every cell clued) that the judge's rules alone
//!   finish (`slink gen --rules-only`), 5x5 to 60x60;
//! - **blanks**: Slitherlink with about half of the cells blank, still
//!   unique (`slink gen --blanks 0.5`), like real collections: they need
//!   loop reasoning (the generator removes clues while deduction suffices
//!   first);
//! - **search**: puzzles with 60% blank (`--blanks 0.6`) that deduction
//!   alone (rules and loop reasoning, no search) leaves unfinished: about
//!   a quarter of them;
//! - **multiple**: Slink puzzles with half their clues blanked at random,
//!   without keeping them unique: those with two or more solutions;
//! - **none**: Slink puzzles with one clue changed: those with no solution;
//! - **invalid**: text with malformed data sets (a clue of 4, a letter, a
//!   short row) among valid ones.
//!
//! Every set depends only on its parameters and seed (puzzle `k` of a
//! generator run depends on the seed and `k` only).

#![allow(dead_code)]

use slink::generate::{self, GenConfig, SizeRange};
use slink::internals::util::rng::Rng;
use slink::{Clue, Options, Puzzle, Solver, Status};

/// A named set of puzzles and its judge-format text.
pub struct Set {
    /// Name used in benchmark ids.
    pub name: String,
    /// The puzzles.
    pub puzzles: Vec<Puzzle>,
    /// The puzzles in the judge format, ending with `0 0`.
    pub text: Vec<u8>,
}

impl Set {
    /// A set of `puzzles` named `name`.
    pub fn new(name: impl Into<String>, puzzles: Vec<Puzzle>) -> Set {
        let name = name.into();
        let text = text(&puzzles);
        Set {
            name,
            puzzles,
            text,
        }
    }

    /// Number of puzzles.
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }
}

/// The judge-format text of `puzzles`, ending with `0 0`.
pub fn text(puzzles: &[Puzzle]) -> Vec<u8> {
    let mut out = Vec::new();
    for p in puzzles {
        slink::write_puzzle(p, &mut out);
    }
    out.extend_from_slice(b"0 0\n");
    out
}

/// Generates `count` square `n x n` puzzles seeded with `seed`.
fn generated(
    n: usize,
    count: u64,
    seed: u64,
    blanks: Option<f64>,
    rules_only: bool,
) -> Vec<Puzzle> {
    let config = GenConfig {
        rows: SizeRange::exactly(n),
        cols: SizeRange::exactly(n),
        blanks,
        rules_only,
        ..GenConfig::default()
    };
    generate::generate_many(&config, seed, 0, count)
        .into_iter()
        .filter_map(Result::ok)
        .map(|g| g.puzzle)
        .collect()
}

/// `count` rule-solvable `n x n` Slink puzzles (`slink gen --rules-only`).
pub fn rules(n: usize, count: u64) -> Set {
    Set::new(format!("rules-{n}x{n}"), generated(n, count, 1, None, true))
}

/// `count` unique `n x n` Slitherlink puzzles with about `frac` of the
/// cells blank (`slink gen --blanks F`).
pub fn blanks(n: usize, frac: f64, count: u64) -> Set {
    let percent = (frac * 100.0).round();
    Set::new(
        format!("blanks{percent}-{n}x{n}"),
        generated(n, count, 2, Some(frac), false),
    )
}

/// `count` unique `n x n` puzzles as blank as uniqueness allows
/// (`slink gen --blanks 0.75`: about two thirds of the cells end blank),
/// slink's own hard puzzles (`benches/corpora.sh`'s `hard-NxN.txt`).
pub fn as_blank_as_unique(n: usize, count: u64) -> Set {
    Set::new(
        format!("gen-hard-{n}x{n}"),
        generated(n, count, 9, Some(0.75), false),
    )
}

/// The puzzles of a file of `../shared/corpus/hard/` (made by Loopy's
/// generator at "Hard"; reference material beside the package, not part
/// of it), named `name`; `None` (said on stderr) when it is not there.
pub fn loopy_hard(file: &str, name: &str) -> Option<Set> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/hard")
        .join(file);
    let Ok(text) = std::fs::read(&path) else {
        eprintln!("{name}: {} not found; skipped", path.display());
        return None;
    };
    let puzzles = slink::puzzles(&text)
        .map(|p| p.unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect();
    Some(Set::new(name, puzzles))
}

/// The puzzles of `set` that rules and loop reasoning without search leave
/// unfinished.
pub fn needs_search(set: &Set) -> Set {
    let mut solver = Solver::new(Options {
        search: false,
        ..Options::default()
    });
    let picked = set
        .puzzles
        .iter()
        .filter(|p| solver.solve(p).stalled().is_some())
        .cloned()
        .collect();
    Set::new(format!("search-{}", suffix(&set.name)), picked)
}

/// The size part of a set's name (`20x20` of `blanks-20x20`).
fn suffix(name: &str) -> &str {
    name.rsplit('-').next().unwrap_or(name)
}

/// Puzzles of `set` with about `frac` of their clues blanked at random
/// (seed `seed`), kept if they have two or more solutions.
pub fn multiple(set: &Set, frac: f64, seed: u64) -> Set {
    let mut solver = Solver::default();
    let mut picked = Vec::new();
    for (k, p) in set.puzzles.iter().enumerate() {
        let mut rng = Rng::for_item(seed, k as u64);
        let mut q = p.clone();
        for i in 0..q.rows() {
            for j in 0..q.cols() {
                if rng.chance(frac) {
                    q.set_clue(i, j, Clue::Blank);
                }
            }
        }
        if solver.solve(&q).status() == Status::Multiple {
            picked.push(q);
        }
    }
    Set::new(format!("multiple-{}", suffix(&set.name)), picked)
}

/// Puzzles of `set` with one clue changed at random (seed `seed`), kept if
/// they have no solution.
pub fn no_solution(set: &Set, seed: u64) -> Set {
    let mut solver = Solver::default();
    let mut picked = Vec::new();
    for (k, p) in set.puzzles.iter().enumerate() {
        let mut rng = Rng::for_item(seed, k as u64);
        let mut q = p.clone();
        let (i, j) = (rng.index(q.rows()), rng.index(q.cols()));
        let old = match q.clue(i, j) {
            Clue::Number(n) => n,
            Clue::Blank => 0,
        };
        let new = (old + 1 + rng.index(3) as u8) % 4;
        q.set_clue(i, j, Clue::Number(new));
        if solver.solve(&q).status() == Status::NoSolution {
            picked.push(q);
        }
    }
    Set::new(format!("none-{}", suffix(&set.name)), picked)
}

/// The text of `set` with every third data set made malformed: a clue of
/// 4, a letter, or a row with one clue missing, in turn.
pub fn malformed(set: &Set) -> Vec<u8> {
    let mut out = Vec::new();
    let mut one = Vec::new();
    for (k, p) in set.puzzles.iter().enumerate() {
        one.clear();
        slink::write_puzzle(p, &mut one);
        if k % 3 == 2 {
            // The second line is the first row: "c c c ...\n".
            let row = one.iter().position(|&b| b == b'\n').unwrap_or(0) + 1;
            match (k / 3) % 3 {
                0 => one[row] = b'4',
                1 => one[row] = b'x',
                _ => {
                    // Drop the row's first clue and the space after it.
                    one.drain(row..row + 2);
                }
            }
        }
        out.extend_from_slice(&one);
    }
    out.extend_from_slice(b"0 0\n");
    out
}

/// Solves every puzzle of `set` with `solver`; returns the number of
/// unique solutions (so the work cannot be optimised away).
pub fn solve_all(solver: &mut Solver, set: &Set) -> usize {
    set.puzzles
        .iter()
        .filter(|p| solver.solve(p).status() == Status::Solved)
        .count()
}

/// Solves every puzzle of `set` with [`Solver::solve_all`] (runs of small
/// puzzles of one shape deduced side by side); returns how many are unique.
pub fn solve_side_by_side(solver: &mut Solver, set: &Set) -> usize {
    let refs: Vec<&slink::Puzzle> = set.puzzles.iter().collect();
    let mut unique = 0;
    solver.solve_all(&refs, |_, o| {
        unique += usize::from(o.status() == Status::Solved)
    });
    unique
}

//! slink against brute force: a test grid as the library's puzzle and
//! back, and the comparison of the solver's outcome with every loop that
//! brute force finds ([`cross_check`]). Shared with the fuzz target
//! `versus_brute` (`fuzz/`), which includes this file, `grid.rs`,
//! `verify.rs` and `brute.rs` by path.

use super::{check_loop, matching_loops, Edges, Grid};
use slink::{Clue, Puzzle, Solver, Status};

/// The library's puzzle for a test grid.
pub fn puzzle(g: &Grid) -> Puzzle {
    let clues: Vec<Clue> = g
        .clues
        .iter()
        .map(|c| c.map_or(Clue::Blank, Clue::Number))
        .collect();
    Puzzle::new(g.rows, g.cols, &clues).expect("a valid puzzle")
}

/// A slink puzzle as the tests' grid.
pub fn grid_of(p: &Puzzle) -> Grid {
    Grid {
        rows: p.rows(),
        cols: p.cols(),
        clues: (0..p.rows() * p.cols())
            .map(|k| match p.clue(k / p.cols(), k % p.cols()) {
                Clue::Number(n) => Some(n),
                Clue::Blank => None,
            })
            .collect(),
    }
}

/// The status brute force says a puzzle with `n` solutions must get.
pub fn expected_status(n: usize) -> Status {
    match n {
        0 => Status::NoSolution,
        1 => Status::Solved,
        _ => Status::Multiple,
    }
}

/// Solves `g` with `solver` and checks the outcome against the brute-force
/// solutions `all` (the loops of `g`'s shape): the status (so never a
/// give-up), and every solution returned among the brute-force ones (the
/// one loop for `Solved`; for `Multiple`, two different ones). Returns
/// the brute-force count.
pub fn cross_check(solver: &mut Solver, g: &Grid, all: &[Edges]) -> Result<usize, String> {
    let truth = matching_loops(all, g);
    let outcome = solver.solve(&puzzle(g));
    let want = expected_status(truth.len());
    if outcome.status() != want {
        return Err(format!(
            "{g:?}: solver says {:?}, brute force finds {} solutions",
            outcome.status(),
            truth.len()
        ));
    }
    let got: Vec<Edges> = outcome.solutions().iter().map(Edges::of_solution).collect();
    let n_expected = truth.len().min(2);
    if got.len() != n_expected {
        return Err(format!(
            "{g:?}: {} solutions returned for {want:?}, expected {n_expected}",
            got.len()
        ));
    }
    for e in &got {
        check_loop(e, g).map_err(|m| format!("{g:?}: returned solution invalid: {m}"))?;
        if !truth.contains(&e) {
            return Err(format!("{g:?}: returned solution not among brute force's"));
        }
    }
    if got.len() == 2 && got[0] == got[1] {
        return Err(format!("{g:?}: Multiple, but the two solutions are equal"));
    }
    Ok(truth.len())
}

//! Small puzzles whose every solution the test finds by brute force
//! (`common::all_loops`: every edge subset with 0 or 2 lines at each
//! vertex, kept if it is one cycle), compared with what the library's
//! `Solver` and the `slink` binary say.

use crate::common::*;
use slink::{Options, Puzzle, Solver, Status};

#[test]
fn two_by_two_all_twos_is_unique() {
    let g = Grid::from_rows("2 2/2 2");
    let all = all_loops(2, 2);
    let truth = matching_loops(&all, &g);
    assert_eq!(truth.len(), 1, "brute force");
    let mut solver = Solver::default();
    assert_eq!(cross_check(&mut solver, &g, &all), Ok(1));
    let outcome = solver.solve(&puzzle(&g));
    assert_eq!(outcome.status(), Status::Solved);
    assert_eq!(&Edges::of_solution(outcome.solution().unwrap()), truth[0]);
    // The solution is the 2x2 border.
    let mut border = Edges::empty(2, 2);
    for k in 0..2 {
        border.set_h(0, k, true);
        border.set_h(2, k, true);
        border.set_v(k, 0, true);
        border.set_v(k, 2, true);
    }
    assert_eq!(truth[0], &border);
}

#[test]
fn three_by_three_222_201_212() {
    // Brute force finds exactly one solution (checked here, and it is
    // what a hand solution gives: the 0 in the middle crosses its sides,
    // and the loop runs round the border except the top-left corner).
    let g = Grid::from_rows("2 2 2/2 0 1/2 1 2");
    let all = all_loops(3, 3);
    assert_eq!(all.len(), 213);
    let truth = matching_loops(&all, &g);
    assert_eq!(truth.len(), 1, "brute force");
    let e = truth[0];
    assert!(!e.h(0, 0) && !e.v(0, 0) && e.h(1, 0) && e.v(0, 1));
    assert_eq!(e.count(), 12);
    let mut solver = Solver::default();
    assert_eq!(cross_check(&mut solver, &g, &all), Ok(1));
    assert_eq!(solver.solve(&puzzle(&g)).status(), Status::Solved);
    // The binary agrees, with a verified drawing equal to the brute-force
    // solution drawn by the tests' own writer.
    let run = run_slink(&[], format!("{}0 0\n", g.to_judge()).as_bytes());
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(run.stdout, format!("1\n{}", draw(&g, e)));
    verify_output(&run.stdout, &[g]).unwrap();
}

#[test]
fn one_by_one_boards() {
    let all = all_loops(1, 1);
    assert_eq!(all.len(), 1, "the only loop is the cell's border");
    let mut solver = Solver::default();
    for (text, n) in [(".", 1), ("-", 1), ("0", 0), ("1", 0), ("2", 0), ("3", 0)] {
        let g = Grid::from_rows(text);
        assert_eq!(matching_loops(&all, &g).len(), n, "{text}");
        assert_eq!(cross_check(&mut solver, &g, &all), Ok(n), "{text}");
    }
}

#[test]
fn dot_and_dash_are_both_blank() {
    // The same puzzles with `.` and with `-` for blanks: the same status
    // and the same drawings, in the library and the binary.
    let dots = ["2 ./. 2", ". 3 ./2 . 2/. 2 .", "3 . ./. . 3", ". . ./. 1 ."];
    let mut solver = Solver::default();
    for d in dots {
        let dashes = d.replace('.', "-");
        let g = Grid::from_rows(d);
        assert_eq!(Grid::from_rows(&dashes), g);
        assert_eq!(Puzzle::from_rows(d).unwrap(), puzzle(&g));
        assert_eq!(Puzzle::from_rows(&dashes).unwrap(), puzzle(&g));
        let all = all_loops(g.rows, g.cols);
        cross_check(&mut solver, &g, &all).unwrap();
        let judge = |blank: &str| {
            let text = format!("{}0 0\n", g.to_judge().replace('.', blank));
            run_slink(&[], text.as_bytes())
        };
        let (a, b) = (judge("."), judge("-"));
        assert_eq!(
            (a.code, &a.stdout, &a.stderr),
            (b.code, &b.stdout, &b.stderr)
        );
        verify_output(&a.stdout, &[g]).unwrap();
    }
}

#[test]
fn blank_boards_have_several_verified_solutions() {
    let mut solver = Solver::default();
    for (r, c) in [(1, 2), (2, 2), (2, 3), (3, 2), (3, 3), (1, 5), (4, 4)] {
        let g = Grid::blank(r, c);
        let outcome = solver.solve(&puzzle(&g));
        assert_eq!(outcome.status(), Status::Multiple, "{r}x{c} blank");
        let sols = outcome.solutions();
        assert_eq!(sols.len(), 2, "{r}x{c}: two solutions returned");
        let (a, b) = (Edges::of_solution(&sols[0]), Edges::of_solution(&sols[1]));
        assert_ne!(a, b, "{r}x{c}: the two solutions differ");
        for e in [&a, &b] {
            check_loop(e, &g).unwrap();
            // Through the drawing verifier too.
            verify_drawing(&draw(&g, e), &g).unwrap();
        }
        if r * c <= 9 {
            cross_check(&mut solver, &g, &all_loops(r, c)).unwrap();
        }
    }
}

#[test]
fn every_two_by_two_puzzle_matches_brute_force() {
    // All 5^4 clue assignments (0-3 or blank).
    let all = all_loops(2, 2);
    let mut solver = Solver::default();
    let mut tally = [0usize; 3];
    let mut failures = Vec::new();
    for code in 0..5usize.pow(4) {
        let g = grid_from_code(2, 2, code);
        match cross_check(&mut solver, &g, &all) {
            Ok(n) => tally[n.min(2)] += 1,
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every status occurs, so the comparison tested something.
    assert!(tally.iter().all(|&n| n > 0), "{tally:?}");
}

/// The `code`-th assignment of clues in base 5 (digit 4 = blank).
fn grid_from_code(rows: usize, cols: usize, mut code: usize) -> Grid {
    let mut g = Grid::blank(rows, cols);
    for c in g.clues.iter_mut() {
        let d = code % 5;
        code /= 5;
        *c = if d == 4 { None } else { Some(d as u8) };
    }
    g
}

/// A random puzzle: either random clues, or the clues of a random loop
/// with some cells blanked (so it has at least one solution).
fn random_grid(rng: &mut Rng, rows: usize, cols: usize, loops: &[Edges]) -> Grid {
    let mut g = Grid::blank(rows, cols);
    if rng.index(2) == 0 {
        for c in g.clues.iter_mut() {
            let d = rng.index(5);
            *c = if d == 4 { None } else { Some(d as u8) };
        }
    } else {
        let e = &loops[rng.index(loops.len())];
        let keep = 40 + rng.index(61);
        for i in 0..rows {
            for j in 0..cols {
                let n = e.lines_around(i, j);
                // A cell with 4 lines (a one-cell loop) has no clue to give.
                if n < 4 && rng.index(100) < keep {
                    g.clues[i * cols + j] = Some(n);
                }
            }
        }
    }
    g
}

#[test]
fn random_small_puzzles_match_brute_force() {
    let mut rng = Rng::new(20070101);
    let mut solver = Solver::default();
    let mut failures = Vec::new();
    for (rows, cols, count) in [
        (2, 3, 3000),
        (3, 2, 1000),
        (1, 4, 500),
        (3, 3, 2000),
        (3, 4, 600),
        (2, 5, 600),
        (4, 4, 1000),
        (4, 5, 400),
    ] {
        let all = all_loops(rows, cols);
        let mut tally = [0usize; 3];
        for _ in 0..count {
            let g = random_grid(&mut rng, rows, cols, &all);
            match cross_check(&mut solver, &g, &all) {
                Ok(n) => tally[n.min(2)] += 1,
                Err(e) => failures.push(e),
            }
        }
        assert!(tally.iter().all(|&n| n > 0), "{rows}x{cols}: {tally:?}");
    }
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// What becomes of a generated puzzle (unique, fully clued) before it is
/// solved: most of its clues blanked (unique or several solutions), a
/// few changed at random (often none), both, or a board of sparse random
/// clues instead (several or none).
#[derive(Clone, Copy, Debug)]
enum Damage {
    Blanked,
    Noisy,
    BlankedAndNoisy,
    SparseRandom,
}

/// `g`, a generated puzzle, damaged as `damage` says.
fn damaged(g: &Grid, damage: Damage, rng: &mut Rng) -> Grid {
    let mut g = g.clone();
    let cells = g.clues.len();
    let blank = |g: &mut Grid, rng: &mut Rng| {
        let percent = rng.between(30, 90);
        for c in g.clues.iter_mut() {
            if rng.index(100) < percent {
                *c = None;
            }
        }
    };
    let noise = |g: &mut Grid, rng: &mut Rng| {
        for _ in 0..rng.between(1, 3) {
            let d = rng.index(5);
            g.clues[rng.index(cells)] = (d < 4).then_some(d as u8);
        }
    };
    match damage {
        Damage::Blanked => blank(&mut g, rng),
        Damage::Noisy => noise(&mut g, rng),
        Damage::BlankedAndNoisy => {
            blank(&mut g, rng);
            noise(&mut g, rng);
        }
        Damage::SparseRandom => {
            let percent = rng.between(10, 50);
            for c in g.clues.iter_mut() {
                *c = (rng.index(100) < percent).then(|| rng.index(4) as u8);
            }
        }
    }
    g
}

/// Issue 21: generated puzzles with their clues blanked, changed at
/// random, or replaced by sparse random clues (several solutions or none
/// as often as one) get the verdict brute force gives: the same loop when
/// it is unique, two of brute force's loops when there are several, none
/// when there is none; never a give-up.
#[test]
fn damaged_generated_puzzles_get_brute_force_s_verdict() {
    use slink::internals::generate::{GenConfig, Generator, SizeRange};
    const PER_SHAPE: u64 = 300;
    let kinds = [
        Damage::Blanked,
        Damage::Noisy,
        Damage::BlankedAndNoisy,
        Damage::SparseRandom,
    ];
    let mut rng = Rng::new(0x5eed_0021);
    let mut solver = Solver::default();
    let mut failures = Vec::new();
    // Per kind: boards with no solution, one, several.
    let mut tally = [[0usize; 3]; 4];
    for (rows, cols) in [
        (2, 3),
        (3, 3),
        (2, 5),
        (3, 4),
        (4, 3),
        (4, 4),
        (4, 5),
        (5, 4),
    ] {
        let all = all_loops(rows, cols);
        let mut generator = Generator::new(GenConfig {
            rows: SizeRange::exactly(rows),
            cols: SizeRange::exactly(cols),
            ..GenConfig::default()
        });
        for index in 0..PER_SHAPE {
            let made = generator
                .generate(21, index)
                .expect("a small unique puzzle");
            let kind = index as usize % kinds.len();
            let g = damaged(&grid_of(&made.puzzle), kinds[kind], &mut rng);
            match cross_check(&mut solver, &g, &all) {
                Ok(n) => tally[kind][n.min(2)] += 1,
                Err(e) => failures.push(e),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} disagreements:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Each kind gives the verdicts it is meant to give, often.
    let [blanked, noisy, both, sparse] = tally;
    assert!(blanked[1] > 50 && blanked[2] > 50, "{tally:?}");
    assert!(noisy[0] > 50 && noisy[1] > 20, "{tally:?}");
    assert!(both.iter().all(|&n| n > 20), "{tally:?}");
    assert!(sparse[0] > 50 && sparse[2] > 50, "{tally:?}");
    eprintln!("boards: no solution, one, several per kind: {tally:?}");
}

#[test]
fn rules_only_never_claims_a_wrong_answer() {
    // Without search the solver may stall, but whatever it does claim
    // must agree with brute force.
    let mut rng = Rng::new(42);
    let mut solver = Solver::new(Options::rules_only());
    let mut decided = 0;
    for (rows, cols) in [(2, 2), (2, 3), (3, 3)] {
        let all = all_loops(rows, cols);
        for _ in 0..500 {
            let g = random_grid(&mut rng, rows, cols, &all);
            let truth = matching_loops(&all, &g);
            let outcome = solver.solve(&puzzle(&g));
            match outcome.status() {
                Status::GaveUp if outcome.stalled().is_some() => {
                    assert!(outcome.solutions().is_empty())
                }
                Status::Solved => {
                    decided += 1;
                    assert_eq!(truth.len(), 1, "{g:?}");
                    assert_eq!(
                        &Edges::of_solution(outcome.solution().unwrap()),
                        truth[0],
                        "{g:?}"
                    );
                }
                Status::NoSolution => {
                    decided += 1;
                    assert!(
                        truth.is_empty(),
                        "{g:?}: rules say none, brute force finds some"
                    );
                }
                other => panic!("{g:?}: rules only gave {other:?}"),
            }
        }
    }
    assert!(decided > 0);
}

#[test]
fn the_binary_agrees_with_brute_force_on_a_batch() {
    // One judge input of many small puzzles: a drawing (verified) for
    // each solvable one, a warning for each with several solutions, an
    // error for each with none, numbering in input order, exit 1.
    let mut rng = Rng::new(7);
    let mut grids = Vec::new();
    let mut counts = Vec::new();
    let shapes = [(2, 2), (2, 3), (3, 2), (3, 3)];
    let loops: Vec<Vec<Edges>> = shapes.iter().map(|&(r, c)| all_loops(r, c)).collect();
    for k in 0..400 {
        let s = k % shapes.len();
        let (r, c) = shapes[s];
        let g = random_grid(&mut rng, r, c, &loops[s]);
        counts.push(matching_loops(&loops[s], &g).len());
        grids.push(g);
    }
    let mut text: String = grids.iter().map(Grid::to_judge).collect();
    text.push_str("0 0\n");
    let run = run_slink(&[], text.as_bytes());
    let err = run.stderr_lines();
    let printed = verify_output(&run.stdout, &grids).expect("drawings verify");
    let want: Vec<usize> = (1..=grids.len()).filter(|&k| counts[k - 1] > 0).collect();
    assert_eq!(printed, want, "data sets drawn");
    let mut want_err = Vec::new();
    for (k, &n) in (1..).zip(&counts) {
        match n {
            0 => want_err.push((k, "no solution")),
            1 => {}
            _ => want_err.push((k, "several solutions")),
        }
    }
    assert_eq!(err.len(), want_err.len(), "{}", run.stderr);
    for (line, (k, w)) in err.iter().zip(&want_err) {
        assert!(
            line.contains(&format!("data set {k}:")) && line.contains(w),
            "{line:?} should be about data set {k}: {w}"
        );
    }
    let unique = counts.iter().filter(|&&n| n == 1).count();
    assert!(unique > 0 && unique < counts.len());
    assert_eq!(run.code, 1);
}

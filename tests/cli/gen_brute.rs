//! `slink gen`'s puzzles against brute force: on boards small enough to
//! enumerate every loop (4x4, 3x5), a puzzle's loops are counted, not
//! taken from the solver, so uniqueness and each clue's need are proven
//! by code that shares nothing with the generator's checks, its quick
//! searches, its witnesses or its proofs: graded, symmetric, `--blanks`,
//! `--minimal` and `--difficulty hard` puzzles (the hard path, with its
//! windowed searches, witness shortcuts and whole searches that settle
//! batches; and `--minimal --difficulty hard`).

use crate::common::{all_loops, grid_of, matching_loops, Edges};
use crate::gen_check::{puzzles, scratch, slink_in, slink_ok};
use slink::{Clue, Puzzle};

/// The loops of `all` that fit `p`'s clues.
fn loops(all: &[Edges], p: &Puzzle) -> usize {
    matching_loops(all, &grid_of(p)).len()
}

/// Checks that `p` (puzzle `k` of `what`) has one loop among `all`, and,
/// if `minimal`, that each clue, blanked, leaves two or more.
fn assert_unique_and_minimal(all: &[Edges], p: &Puzzle, minimal: bool, what: &str, k: usize) {
    assert_eq!(
        loops(all, p),
        1,
        "{what}: puzzle {} has not one loop",
        k + 1
    );
    if !minimal {
        return;
    }
    let mut blanked = p.clone();
    for i in 0..p.rows() {
        for j in 0..p.cols() {
            let clue = p.clue(i, j);
            if clue == Clue::Blank {
                continue;
            }
            blanked.set_clue(i, j, Clue::Blank);
            let n = loops(all, &blanked);
            assert!(n >= 2, "{what}: puzzle {}: clue ({i}, {j}) could go", k + 1);
            blanked.set_clue(i, j, clue);
        }
    }
}

#[test]
fn graded_symmetric_and_minimal_puzzles_are_unique_by_brute_force_on_any_threads() {
    // 4x4 boards: every loop enumerated, so uniqueness is counted, not
    // taken from the solver; and the same bytes on one thread or two.
    let dir = scratch("graded");
    let all = all_loops(4, 4);
    let cases: [&[&str]; 4] = [
        &["--difficulty", "normal"],
        &["--difficulty", "tricky", "--symmetry", "rot2"],
        &["--minimal", "--symmetry", "mirror"],
        &["--blanks", "0.6", "--symmetry", "rot4"],
    ];
    for extra in cases {
        let base = [
            "gen", "--rows", "4", "--cols", "4", "--count", "12", "--seed", "5",
        ];
        let args = |j: &'static str| [&base[..], extra, &["-j", j]].concat();
        let one = slink_in(&dir, &args("1"), b"", &[]);
        let two = slink_in(&dir, &args("2"), b"", &[]);
        assert!(one.code == 0 || one.code == 1, "{extra:?}: {}", one.stderr);
        assert_eq!(one.stdout, two.stdout, "{extra:?}: -j1 and -j2 differ");
        let made = puzzles(one.stdout.as_bytes());
        assert!(!made.is_empty(), "{extra:?}: {}", one.stderr);
        for (k, p) in made.iter().enumerate() {
            assert_unique_and_minimal(&all, p, false, &format!("{extra:?}"), k);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_clue_of_a_minimal_puzzle_is_needed_by_brute_force() {
    // Each clue of each minimal puzzle, blanked, leaves two loops or more,
    // and the puzzle itself has one: the proof counted, not taken from
    // the solver.
    for (rows, cols) in [(4, 4), (3, 5)] {
        let all = all_loops(rows, cols);
        let out = slink_ok(&format!(
            "gen --rows {rows} --cols {cols} --count 16 --seed 7 --minimal"
        ));
        assert!(
            out.stderr.contains("; minimal, proven by "),
            "{}",
            out.stderr
        );
        let made = puzzles(out.stdout.as_bytes());
        assert_eq!(made.len(), 16);
        for (k, p) in made.iter().enumerate() {
            assert_unique_and_minimal(&all, p, true, &format!("{rows}x{cols}"), k);
        }
    }
}

#[test]
fn hard_puzzles_are_unique_by_brute_force() {
    // `--difficulty hard`: tricky rounds, then quick searches in windows,
    // second solutions remembered and reused, whole searches settling
    // batches (issue 51). Every puzzle made has one loop of all of the
    // board's, and `check`, a solve of its own, grades each one hard.
    let all = all_loops(4, 4);
    let dir = scratch("hard-brute");
    for extra in [
        &["--seed", "2", "--count", "8"][..],
        &["--seed", "3", "--count", "2", "--symmetry", "rot2"],
    ] {
        let base = ["gen", "--rows", "4", "--cols", "4", "--difficulty", "hard"];
        let args = [&base[..], extra].concat();
        let out = slink_in(&dir, &args, b"", &[]);
        assert_eq!(out.code, 0, "{extra:?}: {}", out.stderr);
        let made = puzzles(out.stdout.as_bytes());
        let count: usize = extra[3].parse().unwrap();
        assert_eq!(made.len(), count, "{extra:?}");
        for (k, p) in made.iter().enumerate() {
            assert_unique_and_minimal(&all, p, false, &format!("hard {extra:?}"), k);
        }
        assert_graded_hard(&dir, &out.stdout, count);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn minimal_hard_puzzles_are_minimal_and_unique_by_brute_force() {
    // `--minimal --difficulty hard` (issue 51: not hard's quick way, which
    // stops short of minimal): minimal puzzles that need the search. Each
    // has one loop, each clue is needed, and `check` grades it hard.
    let all = all_loops(4, 4);
    let out = slink_ok("gen --rows 4 --cols 4 --count 6 --seed 2 --minimal --difficulty hard");
    assert!(
        out.stderr.contains("; minimal, proven by "),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("difficulty hard 6;"), "{}", out.stderr);
    let made = puzzles(out.stdout.as_bytes());
    assert_eq!(made.len(), 6);
    for (k, p) in made.iter().enumerate() {
        assert_unique_and_minimal(&all, p, true, "minimal hard", k);
    }
    let dir = scratch("minimal-hard");
    assert_graded_hard(&dir, &out.stdout, 6);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Asserts that `check` grades each of the `count` puzzles of `made`
/// (gen's output) hard.
fn assert_graded_hard(dir: &std::path::Path, made: &str, count: usize) {
    let check = slink_in(dir, &["check", "-"], made.as_bytes(), &[]);
    let graded = check
        .stdout
        .lines()
        .filter(|l| l.contains(" grade=hard "))
        .count();
    assert_eq!(graded, count, "{}", check.stdout);
}

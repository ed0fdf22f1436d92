//! Tests of the generator: unique puzzles with their own loops, the same
//! for the same seed, blanks, bad configurations.

use super::*;
use crate::puzzle::verify::verify;
use crate::puzzle::{Clue, MAX_COLS};
use crate::solve::outcome::Status;
use crate::solve::solver::Solver;
use crate::solve::verdict::difficulty::Ladder;

fn config(rows: usize, cols: usize) -> GenConfig {
    GenConfig {
        rows: SizeRange::exactly(rows),
        cols: SizeRange::exactly(cols),
        ..GenConfig::default()
    }
}

#[test]
fn size_ranges_parse() {
    assert_eq!("7".parse(), Ok(SizeRange::exactly(7)));
    assert_eq!("5-20".parse(), Ok(SizeRange { min: 5, max: 20 }));
    assert!("0".parse::<SizeRange>().is_err());
    assert!("9-3".parse::<SizeRange>().is_err());
    assert!("x".parse::<SizeRange>().is_err());
    assert!(SizeRange::parse("256", MAX_COLS).is_err());
    assert_eq!(SizeRange { min: 2, max: 4 }.to_string(), "2-4");
}

#[test]
fn generated_puzzles_are_unique_with_the_generators_loop() {
    let mut g = Generator::new(config(7, 9));
    let mut solver = Solver::default();
    for index in 0..20 {
        let made = g.generate(11, index).unwrap();
        assert_eq!(verify(&made.puzzle, &made.solution), Ok(()));
        assert_eq!(made.puzzle.blanks(), 0);
        let o = solver.solve(&made.puzzle);
        assert_eq!(o.status(), Status::Solved);
        assert_eq!(o.solution(), Some(&made.solution));
    }
}

#[test]
fn same_seed_and_index_give_the_same_puzzle() {
    let c = config(6, 6);
    let a = Generator::new(c).generate(5, 3).unwrap();
    let b = Generator::new(c).generate(5, 3).unwrap();
    assert_eq!(a, b);
    let other = Generator::new(c).generate(6, 3).unwrap();
    assert_ne!(a.puzzle, other.puzzle);
}

#[test]
fn one_by_one_is_the_blank_cell() {
    // Every cell clued cannot be: no clue says 4 sides.
    assert!(matches!(
        Generator::new(config(1, 1)).generate(1, 0),
        Err(GenError::BadConfig(_))
    ));
    let blank = GenConfig {
        blanks: Some(1.0),
        ..config(1, 1)
    };
    let made = Generator::new(blank).generate(1, 0).unwrap();
    assert_eq!(made.puzzle.clue(0, 0), Clue::Blank);
    let rules = GenConfig {
        rules_only: true,
        max_attempts: 20,
        ..blank
    };
    assert!(matches!(
        Generator::new(rules).generate(1, 0),
        Err(GenError::NoPuzzle { .. })
    ));
}

#[test]
fn blanks_keep_the_puzzle_unique() {
    let c = GenConfig {
        blanks: Some(0.5),
        ..config(6, 7)
    };
    let mut g = Generator::new(c);
    let made = g.generate(2, 0).unwrap();
    assert!(made.puzzle.blanks() > 0);
    assert!(made.puzzle.blanks() <= 21);
    let o = Solver::default().solve(&made.puzzle).clone();
    assert_eq!(o.status(), Status::Solved);
    assert_eq!(o.solution(), Some(&made.solution));
}

#[test]
fn bad_configs_are_errors() {
    let c = GenConfig {
        blanks: Some(1.5),
        ..config(3, 3)
    };
    assert!(matches!(
        Generator::new(c).generate(0, 0),
        Err(GenError::BadConfig(_))
    ));
    let c = config(3, MAX_COLS + 1);
    assert!(Generator::new(c).generate(0, 0).is_err());
}

#[test]
fn each_difficulty_is_made_and_graded_as_asked() {
    let mut ladder = Ladder::new(100_000);
    for d in [Difficulty::Rules, Difficulty::Loop, Difficulty::Probe] {
        let c = GenConfig {
            difficulty: Some(d),
            ..config(10, 10)
        };
        let mut g = Generator::new(c);
        for index in 0..3 {
            let made = g.generate(4, index).unwrap();
            assert_eq!(made.difficulty, Some(d));
            assert!(made.puzzle.blanks() > 0);
            assert_eq!(verify(&made.puzzle, &made.solution), Ok(()));
            // The grader's own verdict, from the puzzle alone.
            assert_eq!(ladder.difficulty(&made.puzzle), Some(d), "{d} {index}");
            let o = Solver::default().solve(&made.puzzle).clone();
            assert_eq!(o.status(), Status::Solved);
            assert_eq!(o.solution(), Some(&made.solution));
        }
    }
}

#[test]
fn minimal_puzzles_lose_no_clue_and_stay_unique() {
    let c = GenConfig {
        minimal: true,
        ..config(6, 6)
    };
    let made = Generator::new(c).generate(9, 0).unwrap();
    let mut solver = Solver::default();
    assert_eq!(solver.solve(&made.puzzle).status(), Status::Solved);
    let mut p = made.puzzle.clone();
    for i in 0..6 {
        for j in 0..6 {
            let clue = p.clue(i, j);
            if clue == Clue::Blank {
                continue;
            }
            p.set_clue(i, j, Clue::Blank);
            assert_eq!(
                solver.solve(&p).status(),
                Status::Multiple,
                "clue ({i}, {j}) could go"
            );
            p.set_clue(i, j, clue);
        }
    }
}

#[test]
fn symmetric_layouts_blank_whole_orbits() {
    for (symmetry, n) in [
        (Symmetry::Rot2, 9),
        (Symmetry::Rot4, 8),
        (Symmetry::Mirror, 7),
    ] {
        let c = GenConfig {
            difficulty: Some(Difficulty::Probe),
            symmetry,
            ..config(n, n)
        };
        let made = Generator::new(c).generate(3, 1).unwrap();
        let p = &made.puzzle;
        assert!(p.blanks() > 0);
        for orbit in symmetry.orbits(n, n) {
            let blank = |k: usize| p.clue(k / n, k % n) == Clue::Blank;
            assert!(
                orbit.iter().all(|&k| blank(k) == blank(orbit[0])),
                "{symmetry}"
            );
        }
    }
    let lopsided = GenConfig {
        symmetry: Symmetry::Rot4,
        ..config(5, 6)
    };
    assert!(matches!(lopsided.validate(), Err(GenError::BadConfig(_))));
}

#[test]
fn a_time_limit_abandons_the_puzzle() {
    let c = GenConfig {
        difficulty: Some(Difficulty::Probe),
        time_limit: Some(std::time::Duration::from_nanos(1)),
        ..config(30, 30)
    };
    assert!(matches!(
        Generator::new(c).generate(1, 0),
        Err(GenError::TimedOut { .. })
    ));
}

#[test]
fn hard_puzzles_need_the_search_and_are_unique() {
    // Made from tricky ones by blanking more clues (see `harden`): the
    // grader's own verdict, from the puzzle alone, is the search; the
    // full solver finds the generator's loop alone; the same seed gives
    // the same puzzle.
    let c = GenConfig {
        difficulty: Some(Difficulty::Search),
        ..config(8, 8)
    };
    let mut ladder = Ladder::new(100_000);
    let mut g = Generator::new(c);
    for index in 0..3 {
        let made = g.generate(3, index).unwrap();
        assert_eq!(made.difficulty, Some(Difficulty::Search));
        assert_eq!(ladder.difficulty(&made.puzzle), Some(Difficulty::Search));
        let (nodes, _) = made.search.expect("the search a hard puzzle needs");
        assert!(nodes > 1, "puzzle {index}: {nodes} nodes");
        let o = Solver::default().solve(&made.puzzle).clone();
        assert_eq!(o.status(), Status::Solved);
        assert_eq!(o.solution(), Some(&made.solution));
        assert_eq!(Generator::new(c).generate(3, index).unwrap(), made);
    }
}

//! Judge mode (`slink` with no arguments) as a user sees it: the sample and
//! the contest's judge files byte for byte, every drawing checked by the
//! independent verifier of `common`, tolerated whitespace, the missing
//! `0 0`, and puzzles with several solutions or none among good ones.
//!
//! The verifier's own tests (that it rejects broken drawings) are here too.
//!
//! `verifier`: the verifier's own tests.

use crate::common::*;

mod verifier;

const SAMPLE_IN: &str = "corpus/sample.in";
const SAMPLE_OUT: &str = "corpus/sample.out";
const JUDGE_IN: &str = "corpus/judge/slink.in";
const JUDGE_OUT: &str = "corpus/judge/slink.out";

/// Runs judge mode on `input` and checks the run's stdout is exactly
/// `expected`, with every drawing verified against the puzzles of `input`.
fn assert_judge_output(args: &[&str], input: &str, expected: &str) -> Run {
    let run = run_slink(args, input.as_bytes());
    assert!(
        run.stdout == expected,
        "slink {args:?}: stdout differs from the expected output\n--- got\n{}\n--- expected\n{expected}",
        run.stdout
    );
    let puzzles = read_puzzles(input);
    let printed = verify_output(&run.stdout, &puzzles).expect("every drawing verifies");
    assert_eq!(printed, (1..=puzzles.len()).collect::<Vec<_>>());
    run
}

/// The expected output of a single data set `k` of `out`, renumbered as 1.
fn alone(out: &str, k: usize) -> String {
    format!("1\n{}", block(out, k))
}

#[test]
fn sample_gives_the_sample_output_byte_for_byte() {
    let input = package_file(SAMPLE_IN);
    let expected = package_file(SAMPLE_OUT);
    let run = assert_judge_output(&[], &input, &expected);
    assert_eq!(run.code, 0);
    assert_eq!(run.stderr, "", "no diagnostics for a clean judge file");
    assert_eq!(read_puzzles(&input).len(), 4);
}

#[test]
fn judge_file_gives_the_judge_output_byte_for_byte() {
    let input = package_file(JUDGE_IN);
    let expected = package_file(JUDGE_OUT);
    let run = assert_judge_output(&[], &input, &expected);
    assert_eq!(run.code, 0);
    assert_eq!(run.stderr, "");
    assert_eq!(read_puzzles(&input).len(), 9);
}

#[test]
fn judge_file_with_rules_only_gives_the_judge_output() {
    let input = package_file(JUDGE_IN);
    let expected = package_file(JUDGE_OUT);
    let run = assert_judge_output(&["--rules-only"], &input, &expected);
    assert_eq!(run.code, 0);
    assert_eq!(run.stderr, "");
}

#[test]
fn sample_with_rules_only_and_with_a_budget_gives_the_sample_output() {
    let input = package_file(SAMPLE_IN);
    let expected = package_file(SAMPLE_OUT);
    for args in [&["--rules-only"][..], &["--budget", "1000"][..]] {
        let run = assert_judge_output(args, &input, &expected);
        assert_eq!(run.code, 0, "{args:?}");
    }
}

#[test]
fn whitespace_variants_of_the_sample_give_the_same_output() {
    let input = package_file(SAMPLE_IN);
    let expected = package_file(SAMPLE_OUT);
    let crlf = input.replace('\n', "\r\n");
    let tabs = input.replace(' ', "\t");
    let blank_lines = format!("\n\n{}", input.replace('\n', "\n\n  \t\n"));
    let runs_of_spaces = input
        .lines()
        .map(|l| format!("   {}  \t ", l.replace(' ', "  \t  ")))
        .collect::<Vec<_>>()
        .join("\n");
    let no_final_newline = input.trim_end().to_string();
    let everything = format!(
        "\r\n\t\r\n{}",
        input
            .trim_end()
            .replace(' ', " \t ")
            .replace('\n', "\r\n\r\n")
    );
    assert!(no_final_newline.ends_with("0 0"));
    for (name, variant) in [
        ("CRLF", crlf),
        ("tabs", tabs),
        ("blank lines", blank_lines),
        ("runs of spaces", runs_of_spaces),
        ("no final newline", no_final_newline),
        ("all of them", everything),
    ] {
        assert_ne!(variant, input);
        let run = run_slink(&[], variant.as_bytes());
        assert_eq!(run.stdout, expected, "{name}: stdout differs");
        assert_eq!(run.code, 0, "{name}: exit status; stderr {}", run.stderr);
        assert_eq!(run.stderr, "", "{name}: stderr");
    }
}

#[test]
fn text_after_the_terminator_is_ignored() {
    let input = package_file(SAMPLE_IN);
    let expected = package_file(SAMPLE_OUT);
    let with_junk = format!("{input}this is not a puzzle: 4 x\n7 7\n9\n\0\u{1}");
    let run = run_slink(&[], with_junk.as_bytes());
    assert_eq!(run.stdout, expected);
    assert_eq!(run.code, 0, "stderr: {}", run.stderr);
    assert_eq!(run.stderr, "");
}

#[test]
fn missing_terminator_is_solved_with_a_warning() {
    let input = package_file(SAMPLE_IN);
    let expected = package_file(SAMPLE_OUT);
    let without = input.strip_suffix("0 0\n").expect("sample ends with 0 0");
    for variant in [without.to_string(), without.trim_end().to_string()] {
        let run = run_slink(&[], variant.as_bytes());
        let err = run.stderr_lines();
        assert_eq!(run.stdout, expected, "every data set is still solved");
        assert_eq!(run.code, 0, "a missing 0 0 is not a failure");
        assert_eq!(err.len(), 1, "one warning: {:?}", run.stderr);
        assert!(
            err[0].starts_with("slink: stdin")
                && err[0].contains("warning")
                && err[0].contains("0 0"),
            "the warning should say the '0 0' line is missing: {:?}",
            err[0]
        );
    }
}

#[test]
fn one_by_five_and_five_by_one_boards() {
    // Data sets 8 (1x5) and 9 (5x1) of the judge file, alone and together.
    let puzzles = read_puzzles(&package_file(JUDGE_IN));
    let expected = package_file(JUDGE_OUT);
    let (p8, p9) = (&puzzles[7], &puzzles[8]);
    assert_eq!((p8.rows, p8.cols, p9.rows, p9.cols), (1, 5, 5, 1));
    for (p, k) in [(p8, 8), (p9, 9)] {
        let input = format!("{}0 0\n", p.to_judge());
        let run = assert_judge_output(&[], &input, &alone(&expected, k));
        assert_eq!(run.code, 0);
        assert_eq!(run.stderr, "");
    }
    let both = format!("{}{}0 0\n", p8.to_judge(), p9.to_judge());
    let want = format!("{}2\n{}", alone(&expected, 8), block(&expected, 9));
    assert_eq!(assert_judge_output(&[], &both, &want).code, 0);
    // And the 5x1 is the 1x5's transpose: its drawing is the 1x5's,
    // transposed; the verifier checks it solves its own clues.
    assert_eq!(p8.clues, p9.clues);
}

#[test]
fn several_solutions_draw_one_verified_solution_and_warn() {
    let good = Grid::from_rows("2 2/2 2");
    for p in [
        Grid::blank(2, 2),
        Grid::blank(3, 3),
        Grid::blank(1, 3),
        Grid::from_rows(". 2/2 ."),
    ] {
        let loops = all_loops(p.rows, p.cols);
        let n = matching_loops(&loops, &p).len();
        assert!(n >= 2, "brute force: {n} solutions of {p:?}");
        // Between two good data sets, so numbering and recovery show.
        let input = format!(
            "{}{}{}0 0\n",
            good.to_judge(),
            p.to_judge(),
            good.to_judge()
        );
        let run = run_slink(&[], input.as_bytes());
        let err = run.stderr_lines();
        let puzzles = read_puzzles(&input);
        let printed = verify_output(&run.stdout, &puzzles).expect("drawings verify");
        assert_eq!(printed, vec![1, 2, 3], "{p:?}: one drawing per data set");
        assert_eq!(run.code, 1, "{p:?}: several solutions is exit 1");
        assert_eq!(err.len(), 1, "{p:?}: {:?}", run.stderr);
        assert!(
            err[0].contains("data set 2") && err[0].contains("several solutions"),
            "{:?}",
            err[0]
        );
    }
}

#[test]
fn no_solution_prints_nothing_for_it_and_goes_on() {
    let input = package_file(SAMPLE_IN);
    let expected = package_file(SAMPLE_OUT);
    let sample = read_puzzles(&input);
    let impossible = [
        Grid::from_rows("0"),
        Grid::from_rows("3"),
        Grid::from_rows("3 3/3 3"),
        Grid::from_rows("0 0/0 0"),
        Grid::from_rows("1 1 1/1 1 1"),
    ];
    // Brute force: none of these has a single-loop solution.
    for p in &impossible {
        let loops = all_loops(p.rows, p.cols);
        assert_eq!(matching_loops(&loops, p).len(), 0, "{p:?}");
    }
    // Sample data set 3, the impossible ones, sample data set 4.
    let mut text = sample[2].to_judge();
    for p in &impossible {
        text.push_str(&p.to_judge());
    }
    text.push_str(&sample[3].to_judge());
    text.push_str("0 0\n");
    let run = run_slink(&[], text.as_bytes());
    let err = run.stderr_lines();
    let last = impossible.len() + 2;
    let want = format!("{}{last}\n{}", alone(&expected, 3), block(&expected, 4));
    assert_eq!(
        run.stdout, want,
        "the good data sets around them are solved"
    );
    verify_output(&run.stdout, &read_puzzles(&text)).expect("drawings verify");
    assert_eq!(run.code, 1);
    assert_eq!(err.len(), impossible.len(), "{:?}", run.stderr);
    for (line, k) in err.iter().zip(2..) {
        assert!(
            line.starts_with("slink: stdin") && line.contains(&format!("data set {k}:")),
            "{line:?} should name data set {k}"
        );
        assert!(line.contains("no solution"), "{line:?}");
    }
}

#[test]
fn mixed_statuses_number_every_data_set_and_exit_1() {
    let puzzles = [
        Grid::from_rows("2 2/2 2"), // 1: unique
        Grid::from_rows("1 1/1 1"), // 2: none
        Grid::blank(2, 3),          // 3: several
        Grid::from_rows("2 2 2/2 0 1/2 1 2"),
        Grid::from_rows("."), // 5: unique (the single square)
    ];
    let loops: Vec<usize> = puzzles
        .iter()
        .map(|p| matching_loops(&all_loops(p.rows, p.cols), p).len())
        .collect();
    let mut text: String = puzzles.iter().map(Grid::to_judge).collect();
    text.push_str("0 0\n");
    let run = run_slink(&[], text.as_bytes());
    let err = run.stderr_lines();
    let printed = verify_output(&run.stdout, &puzzles).expect("drawings verify");
    let drawable: Vec<usize> = (1..=puzzles.len()).filter(|&k| loops[k - 1] > 0).collect();
    assert_eq!(printed, drawable, "brute-force counts {loops:?}");
    let flagged: Vec<usize> = (1..=puzzles.len()).filter(|&k| loops[k - 1] != 1).collect();
    assert_eq!(err.len(), flagged.len(), "{:?}", run.stderr);
    for (line, k) in err.iter().zip(&flagged) {
        assert!(line.contains(&format!("data set {k}:")), "{line:?}");
        let word = if loops[k - 1] == 0 {
            "no solution"
        } else {
            "several solutions"
        };
        assert!(line.contains(word), "{line:?} should say {word}");
    }
    assert_eq!(run.code, 1);
}

#[test]
fn only_a_1x1_blank_has_a_drawing_among_1x1_boards() {
    for (text, solvable) in [
        (".", true),
        ("-", true),
        ("0", false),
        ("1", false),
        ("2", false),
        ("3", false),
    ] {
        let input = format!("1 1\n{text}\n0 0\n");
        let run = run_slink(&[], input.as_bytes());
        let err = run.stderr_lines();
        let printed = verify_output(&run.stdout, &read_puzzles(&input)).expect("verifies");
        if solvable {
            assert_eq!(printed, vec![1], "{text}");
            assert_eq!((run.code, err.len()), (0, 0), "{text}: {}", run.stderr);
            let mut square = Edges::empty(1, 1);
            square.add_square(0, 0);
            assert_eq!(
                run.stdout,
                format!("1\n{}", draw(&Grid::blank(1, 1), &square))
            );
        } else {
            assert!(printed.is_empty(), "{text}");
            assert_eq!(run.code, 1, "{text}");
            assert_eq!(err.len(), 1, "{text}: {}", run.stderr);
            assert!(err[0].contains("data set 1") && err[0].contains("no solution"));
        }
    }
}

#[test]
fn empty_input_and_only_the_terminator() {
    for input in ["0 0\n", "0 0", "  \n\n0\t0\r\n"] {
        let run = run_slink(&[], input.as_bytes());
        assert_eq!(run.stderr_lines().len(), 0, "{input:?}: {}", run.stderr);
        assert_eq!((run.stdout.as_str(), run.code), ("", 0), "{input:?}");
    }
    // No data set and no terminator: nothing to solve, nothing printed.
    let run = run_slink(&[], b"");
    assert_eq!(run.stdout, "");
    assert!(run.code == 0 || run.code == 2, "empty input: {}", run.code);
}

/// A random loop on an `rows x cols` board: the border of a region of
/// cells grown thin (so the loop winds about), up to half the board,
/// checked to be one loop by the independent `check_loop`.
fn random_region_loop(rows: usize, cols: usize, rng: &mut Rng) -> Edges {
    let inside = random_region(rows, cols, Shape::Thin, rows * cols / 2, rng);
    let e = Edges::around(rows, cols, &inside);
    check_loop(&e, &Grid::blank(rows, cols)).expect("the region's border is one loop");
    e
}

#[test]
fn boards_beyond_the_judge_limits_are_solved_and_verify() {
    // Every clue filled in from a random loop, on boards wider than one,
    // two and four 64-bit words would need, and long thin ones. The loop
    // is a solution; if slink says the solution is unique, it must be it.
    let mut rng = Rng::new(1009);
    for (rows, cols) in [(21, 21), (12, 70), (6, 140), (3, 255), (200, 4), (40, 40)] {
        let e = random_region_loop(rows, cols, &mut rng);
        let mut g = Grid::blank(rows, cols);
        for i in 0..rows {
            for j in 0..cols {
                g.clues[i * cols + j] = Some(e.lines_around(i, j));
            }
        }
        assert!(g.clues.iter().all(|c| c.is_some_and(|n| n < 4)));
        let input = format!("{}0 0\n", g.to_judge());
        let run = run_slink(&["--budget", "2000000"], input.as_bytes());
        let err = run.stderr_lines();
        let printed = verify_output(&run.stdout, std::slice::from_ref(&g));
        assert_eq!(printed, Ok(vec![1]), "{rows}x{cols}: stderr {}", run.stderr);
        if run.code == 0 {
            assert!(err.is_empty(), "{rows}x{cols}: {}", run.stderr);
            assert_eq!(run.stdout, format!("1\n{}", draw(&g, &e)), "{rows}x{cols}");
        } else {
            assert_eq!(run.code, 1, "{rows}x{cols}: {}", run.stderr);
            assert!(
                err.len() == 1 && err[0].contains("several solutions"),
                "{rows}x{cols}: {}",
                run.stderr
            );
        }
    }
}

#[test]
fn text_after_the_terminator_on_the_same_line_is_ignored() {
    // SLINK.md: "`0 0` ends the input; text after it is ignored" -- also
    // text on the same line, after the two zeros and a space.
    let input = package_file(SAMPLE_IN);
    let expected = package_file(SAMPLE_OUT);
    for tail in [" end of input\n", "\t# the end\n", " 7 7\n1\n"] {
        let text = format!("{}{tail}", input.trim_end());
        let run = run_slink(&[], text.as_bytes());
        assert_eq!(run.stdout, expected, "{tail:?}");
        assert_eq!(
            (run.code, run.stderr.as_str()),
            (0, ""),
            "\"0 0{}\" should end the input",
            tail.trim_end()
        );
    }
}

#[test]
fn a_zero_search_budget_still_deduces() {
    // The sample and the judge file need no search (`--rules-only` solves
    // them), so a budget of 0 search nodes must not stop deduction.
    for (i, o) in [(SAMPLE_IN, SAMPLE_OUT), (JUDGE_IN, JUDGE_OUT)] {
        let input = package_file(i);
        let run = run_slink(&["--budget", "0"], input.as_bytes());
        assert_eq!(
            (run.code, run.stderr.as_str()),
            (0, ""),
            "{i} with --budget 0"
        );
        assert_eq!(run.stdout, package_file(o), "{i} with --budget 0");
    }
}

#[test]
fn large_blank_boards_have_several_solutions() {
    // Any square is a solution of a blank board; with a generous budget
    // slink must find two and draw one.
    for (rows, cols) in [(30, 30), (8, 100), (100, 3)] {
        let g = Grid::blank(rows, cols);
        let input = format!("{}0 0\n", g.to_judge());
        let run = run_slink(&["--budget", "5000000"], input.as_bytes());
        let err = run.stderr_lines();
        assert_eq!(
            verify_output(&run.stdout, std::slice::from_ref(&g)),
            Ok(vec![1]),
            "{rows}x{cols}: {}",
            run.stderr
        );
        assert_eq!(run.code, 1, "{rows}x{cols}");
        assert!(
            err.len() == 1 && err[0].contains("several solutions"),
            "{rows}x{cols}: {}",
            run.stderr
        );
    }
}

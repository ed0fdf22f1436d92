//! `slink verify`, the judge's checker of a contestant's output: the
//! judge's own outputs pass; every single-byte change of them, every line
//! deleted or doubled, data sets swapped, CRLF line ends, extra output and
//! a missing final newline are caught, each at its place; every loop of a
//! puzzle with several solutions passes, and so does a data set left out
//! because its puzzle has no solution.
//!
//! The mutations go through the library (`slink::internals::run::verify::judge`),
//! tens of thousands of them; the command line is run on a few.

use crate::common::*;
use slink::internals::run::verify::{judge, read_puzzles, Problem, Report, Verdict};
use slink::Options;

const JUDGE_IN: &str = "corpus/judge/slink.in";
const JUDGE_OUT: &str = "corpus/judge/slink.out";
const SAMPLE_IN: &str = "corpus/sample.in";
const SAMPLE_OUT: &str = "corpus/sample.out";

/// Judges `output` against the puzzles of `input`.
fn judged(input: &[u8], output: &[u8]) -> Report {
    let puzzles = read_puzzles(input, None).expect("the puzzles are clean");
    judge(&puzzles, output, &Options::default())
}

/// The first problem a report names: a data set's, else the output's.
fn first_problem(r: &Report) -> Option<&Problem> {
    r.data_sets
        .iter()
        .find_map(|(_, v)| match v {
            Verdict::Wrong(p) => Some(p),
            _ => None,
        })
        .or(r.general.first())
}

#[test]
fn the_judges_outputs_are_right() {
    for (input, output, count) in [(JUDGE_IN, JUDGE_OUT, 9), (SAMPLE_IN, SAMPLE_OUT, 4)] {
        let r = judged(&package_bytes(input), &package_bytes(output));
        assert!(r.all_right(), "{output}: {r:?}");
        assert_eq!(r.data_sets.len(), count);
        assert!(r.data_sets.iter().all(|(_, v)| *v == Verdict::Ok));
    }
}

#[test]
fn the_command_line_says_ok_per_data_set_and_exits_0() {
    let run = run_slink(&["verify", JUDGE_IN, JUDGE_OUT], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let expected: Vec<String> = (1..=9).map(|k| format!("data set {k}: ok")).collect();
    assert_eq!(lines[..9], expected[..]);
    assert_eq!(lines[9], "verify: 9 data sets: 9 right, 0 wrong");
    assert_eq!(lines.len(), 10);
    // The output from standard input, as a JSON record per data set.
    let out = package_bytes(JUDGE_OUT);
    let run = run_slink(&["verify", "--format", "json", JUDGE_IN, "-"], &out);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let records: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(records.len(), 9);
    for (k, r) in (1..).zip(records) {
        assert_eq!(r, format!("{{\"data_set\":{k},\"verdict\":\"ok\"}}"));
    }
}

#[test]
fn an_output_with_cr_lf_lines_is_wrong_once_and_its_drawings_still_judged() {
    let crlf: Vec<u8> = package_bytes(JUDGE_OUT)
        .split_inclusive(|&b| b == b'\n')
        .flat_map(|line| [&line[..line.len() - 1], b"\r\n"].concat())
        .collect();
    let r = judged(&package_bytes(JUDGE_IN), &crlf);
    assert!(r.data_sets.iter().all(|(_, v)| *v == Verdict::Ok), "{r:?}");
    assert_eq!(r.general.len(), 1, "{r:?}");
    assert_eq!((r.general[0].line, r.general[0].column), (1, 2));
    assert!(r.general[0].message.starts_with("lines end with CR LF"));
    assert!(!r.all_right());
    let run = run_slink(&["verify", JUDGE_IN, "-"], &crlf);
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        run.stdout.lines().filter(|l| l.ends_with(": ok")).count(),
        9
    );
}

#[test]
fn a_line_left_out_is_reported_where_it_is_missing() {
    let input = package_bytes(JUDGE_IN);
    let good = package_bytes(JUDGE_OUT);
    let lines: Vec<&[u8]> = good.split(|&b| b == b'\n').collect();
    // (the line and column, from 0, of a byte to blank; how many bytes)
    let find = |pattern: &[u8]| {
        lines
            .iter()
            .enumerate()
            .find_map(|(n, l)| {
                l.windows(pattern.len())
                    .position(|w| w == pattern)
                    .filter(|_| !l.starts_with(b"##"))
                    .map(|k| (n, k))
            })
            .unwrap()
    };
    let (bar_line, bar_col) = {
        // A `|` of a lattice row (not the border's `#`).
        let (n, k) = find(b" |");
        (n, k + 1)
    };
    let (dash_line, dash_col) = find(b"+---");
    for (line, col, len, want) in [
        // The first `-` of a `---`, blanked: at that byte.
        (dash_line, dash_col + 1, 1, "expected '---' or three spaces"),
        // A whole `---` left out: at its first byte.
        (dash_line, dash_col + 1, 3, "expected '---' (edge H("),
        // A `|` left out: at the bar, not at a clue.
        (bar_line, bar_col, 1, "expected '|' (edge V("),
    ] {
        let mut bad = good.clone();
        let at = lines[..line].iter().map(|l| l.len() + 1).sum::<usize>() + col;
        bad[at..at + len].fill(b' ');
        let r = judged(&input, &bad);
        let p = first_problem(&r).unwrap();
        assert_eq!((p.line, p.column), (line + 1, col + 1), "{}", p.message);
        assert!(p.message.starts_with(want), "{}", p.message);
    }
}

#[test]
fn the_command_line_names_the_place_of_a_wrong_byte_and_exits_1() {
    // Line 4 of the sample's output is data set 1's first lattice row;
    // its first '+' (column 19) is where the loop turns.
    let good = package_file(SAMPLE_OUT);
    let mut lines: Vec<String> = good.lines().map(str::to_string).collect();
    assert_eq!(&lines[3][18..19], "+");
    lines[3].replace_range(18..19, "-");
    let bad = lines.join("\n") + "\n";
    let run = run_slink(&["verify", "--brief", SAMPLE_IN, "-"], bad.as_bytes());
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout,
        "stdin:4:19: data set 1: '-' at vertex (1, 5): expected '+' (the loop turns)\n\
         verify: 4 data sets: 3 right, 1 wrong\n"
    );
    let run = run_slink(
        &["verify", "--format", "json", SAMPLE_IN, "-"],
        bad.as_bytes(),
    );
    assert_eq!(run.code, 1);
    assert_eq!(
        run.stdout.lines().next().unwrap(),
        "{\"data_set\":1,\"verdict\":\"wrong\",\"line\":4,\"column\":19,\
         \"message\":\"'-' at vertex (1, 5): expected '+' (the loop turns)\"}"
    );
}

#[test]
fn unreadable_or_malformed_puzzles_exit_2_with_the_place() {
    for (args, stdin, message) in [
        (
            ["verify", "no/such/file.in", JUDGE_OUT],
            &b""[..],
            "slink verify: cannot read no/such/file.in",
        ),
        (
            ["verify", "-", JUDGE_OUT],
            b"2 2\n2 2\n2 4\n0 0\n",
            "slink verify: stdin:3:3: data set 1:",
        ),
        (
            ["verify", "-", "-"],
            b"",
            "slink verify: the puzzles and the output",
        ),
    ] {
        let run = run_slink(&args, stdin);
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stderr.starts_with(message), "{args:?}: {}", run.stderr);
    }
}

/// Every byte of the judge's output changed to each of a few others: the
/// change is caught, and the first problem named is on the changed line
/// or a neighbour (a `|` put where a space was is well-formed, and the
/// vertex glyph above or below it is what breaks); where the new byte is
/// outside the drawing's alphabet, at exactly the changed byte.
#[test]
fn every_single_byte_change_of_the_judge_output_is_caught_in_place() {
    let input = package_bytes(JUDGE_IN);
    let good = package_bytes(JUDGE_OUT);
    let puzzles = read_puzzles(&input, None).unwrap();
    let mut line = 1;
    let mut col = 1;
    let mut caught = 0;
    for at in 0..good.len() {
        if good[at] == b'\n' {
            line += 1;
            col = 1;
            continue;
        }
        for b in [b' ', b'-', b'|', b'+', b'#', b'2', b'x', b'\r'] {
            if b == good[at] {
                continue;
            }
            let mut bad = good.clone();
            bad[at] = b;
            let r = judge(&puzzles, &bad, &Options::default());
            let p = first_problem(&r).unwrap_or_else(|| {
                panic!("byte {at} (line {line}, column {col}) changed to {b:?}: not caught")
            });
            assert!(
                p.line.abs_diff(line) <= 1,
                "line {line}, column {col} changed to {:?}: reported at {}:{}: {}",
                b as char,
                p.line,
                p.column,
                p.message
            );
            if b == b'x' || b == b'\r' {
                assert_eq!(
                    (p.line, p.column),
                    (line, col),
                    "{:?} at {line}:{col}: {}",
                    b as char,
                    p.message
                );
            }
            caught += 1;
        }
        col += 1;
    }
    assert!(caught > 50_000, "only {caught} changes tried");
}

/// The lines of `text`, each with its newline.
fn lines_of(text: &[u8]) -> Vec<Vec<u8>> {
    text.split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

#[test]
fn every_line_deleted_or_doubled_is_caught() {
    let input = package_bytes(JUDGE_IN);
    let lines = lines_of(&package_bytes(JUDGE_OUT));
    for n in 0..lines.len() {
        let mut deleted = lines.clone();
        deleted.remove(n);
        let r = judged(&input, &deleted.concat());
        assert!(!r.all_right(), "line {} deleted: not caught", n + 1);
        let mut doubled = lines.clone();
        doubled.insert(n, lines[n].clone());
        let r = judged(&input, &doubled.concat());
        assert!(!r.all_right(), "line {} doubled: not caught", n + 1);
        let p = first_problem(&r).unwrap();
        assert!(
            p.line.abs_diff(n + 2) <= 2 || p.message.contains("missing"),
            "line {} doubled: reported at line {}: {}",
            n + 1,
            p.line,
            p.message
        );
    }
}

/// The output's data sets as blocks: the number line and the drawing.
fn blocks(out: &[u8]) -> Vec<Vec<u8>> {
    let mut blocks: Vec<Vec<u8>> = Vec::new();
    for line in lines_of(out) {
        if line[0].is_ascii_digit() {
            blocks.push(Vec::new());
        }
        blocks.last_mut().unwrap().extend_from_slice(&line);
    }
    blocks
}

#[test]
fn data_sets_missing_swapped_or_extra_are_caught() {
    let input = package_bytes(JUDGE_IN);
    let good = blocks(&package_bytes(JUDGE_OUT));
    assert_eq!(good.len(), 9);
    // Data set 3 left out: it has a solution, so it is missing, at the
    // line where data set 4 begins; the others are right.
    let mut without = good.clone();
    without.remove(2);
    let r = judged(&input, &without.concat());
    let start_of_4 = good[..2].iter().map(|b| lines_of(b).len()).sum::<usize>() + 1;
    match &r.data_sets[2] {
        (3, Verdict::Wrong(p)) => {
            assert_eq!(p.line, start_of_4);
            assert!(p
                .message
                .contains("data set 3 is missing (data set 4 comes next"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(r.right(), 8);
    // Two data sets swapped: out of order, and the rest not judged.
    let mut swapped = good.clone();
    swapped.swap(4, 5);
    let r = judged(&input, &swapped.concat());
    assert!(matches!(r.data_sets[4].1, Verdict::Wrong(_)));
    assert!(!r.all_right());
    // Anything after the last data set.
    let mut extra = good.concat();
    extra.extend_from_slice(b"10\n");
    let r = judged(&input, &extra);
    assert_eq!(r.right(), 9);
    assert_eq!(r.general.len(), 1);
    assert!(r.general[0].message.starts_with("extra output"));
    // No newline at the end.
    let mut cut = good.concat();
    cut.pop();
    let r = judged(&input, &cut);
    assert_eq!(r.general.len(), 1, "{r:?}");
    assert!(r.general[0].message.contains("newline"));
    // CRLF line ends: the first line's carriage return.
    let crlf: Vec<u8> = good
        .concat()
        .iter()
        .flat_map(|&b| {
            if b == b'\n' {
                vec![b'\r', b'\n']
            } else {
                vec![b]
            }
        })
        .collect();
    let r = judged(&input, &crlf);
    let p = first_problem(&r).unwrap();
    assert_eq!((p.line, p.column), (1, 2), "{}", p.message);
}

/// The judge drawing of loop `e` of `g`, as data set `k`.
fn drawn(k: usize, g: &Grid, e: &Edges) -> String {
    format!("{k}\n{}", draw(g, e))
}

#[test]
fn any_loop_of_a_puzzle_with_several_solutions_is_right() {
    // A blank 3x3: every loop of the board is a solution.
    let g = Grid::from_rows(".../.../...");
    let input = b"3 3\n. . .\n. . .\n. . .\n0 0\n";
    let loops = all_loops(3, 3);
    assert!(loops.len() > 100);
    for e in &loops {
        let r = judged(input, drawn(1, &g, e).as_bytes());
        assert!(r.all_right(), "{r:?}");
    }
    // Two loops at once, and no loop at all, are not.
    let mut two = Edges::empty(3, 3);
    for (i, j) in [(0, 0), (1, 0), (0, 2), (1, 2)] {
        two.set_h(i, j, true);
    }
    for (i, j) in [(0, 0), (0, 1), (0, 2), (0, 3)] {
        two.set_v(i, j, true);
    }
    let r = judged(input, drawn(1, &g, &two).as_bytes());
    assert!(first_problem(&r)
        .unwrap()
        .message
        .contains("more than one loop"));
    let r = judged(input, drawn(1, &g, &Edges::empty(3, 3)).as_bytes());
    assert!(first_problem(&r).unwrap().message.contains("no line"));
}

#[test]
fn a_puzzle_with_no_solution_is_right_left_out_and_wrong_drawn() {
    // Data set 1 has no solution (a 0 beside a 3 in a 1x2); data set 2 is
    // the 2x2 of 2s.
    let input = b"1 2\n0 3\n2 2\n2 2\n2 2\n0 0\n";
    let g = Grid::from_rows("22/22");
    let square = all_loops(2, 2)
        .into_iter()
        .find(|e| check_loop(e, &g).is_ok())
        .unwrap();
    let out = drawn(2, &g, &square);
    let r = judged(input, out.as_bytes());
    assert_eq!(r.data_sets[0], (1, Verdict::NoSolution));
    assert_eq!(r.data_sets[1], (2, Verdict::Ok));
    assert!(r.all_right());
    // Drawn anyway: no drawing meets the clues.
    let g1 = Grid::from_rows("03");
    let mut e = Edges::empty(1, 2);
    for (i, j) in [(0, 1), (1, 1)] {
        e.set_h(i, j, true);
    }
    e.set_v(0, 1, true);
    e.set_v(0, 2, true);
    let out = format!("{}{}", drawn(1, &g1, &e), drawn(2, &g, &square));
    let r = judged(input, out.as_bytes());
    assert!(
        matches!(&r.data_sets[0].1, Verdict::Wrong(p) if p.message.contains("cell (1, 1) has clue 0"))
    );
}

//! Malformed input, run as a user runs it: the `slink` binary on files in
//! a scratch folder, in judge mode (`slink < FILE`) and in batch mode
//! (`slink solve FILE`, from a mapped file and from a pipe, in the judge
//! and the JSON formats).
//!
//! Most inputs are the statement's four sample data sets with a bad data
//! set put in the middle: sample data sets 1 and 2 (lines 1-16), the bad
//! one as data set 3 from line 17, then sample data sets 3 and 4 (data
//! sets 4 and 5 of the file) and `0 0`. The expected drawings are cut from
//! `corpus/sample.out`, the test of record, so that "the good data sets
//! around it are still solved" is checked byte for byte:
//!
//! - judge mode stops at the error: data sets 1 and 2 printed, exactly one
//!   error line `slink: stdin:LINE:COL: data set 3: ...`, exit status 2;
//! - batch mode reports it in place, `FILE:LINE:COL: data set 3: ...` on
//!   stderr, and goes on with data sets 4 and 5 when the bad data set's
//!   header was read (an error in its rows); a bad header stops the file.
//!   Exit status 1. With `--format json`, record 3 is `invalid`; with
//!   `--format summary`, it is counted as such.
//!
//! Every run must end within a time limit, with an exit status from the
//! documented ones, and with no `panicked` on stderr.
//!
//! Here: running the binary, the sample cut into data sets, and the
//! tests; the bad data sets are in `cases`, the checks of one in
//! `checks`, the fuzzer's finds and other fixed bugs in `regressions`.

use crate::common::{
    package_bytes, package_file, split_shortfall, Input, Invocation, Run, Scratch,
};

use serde_json::Value;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod cases;
mod checks;
mod regressions;

use cases::*;
use checks::*;

const BIN: &str = env!("CARGO_BIN_EXE_slink");

/// Longest any single run may take (inputs are at most a few tens of
/// megabytes; a run takes well under a second when the machine is idle).
const LIMIT: Duration = Duration::from_secs(60);

/// Line of the bad data set's header in [`sandwich`] inputs.
const BAD_LINE: usize = 17;

// ---------------------------------------------------------------------
// Running the binary.

/// Runs `slink ARGS`, killing it if it takes longer than [`LIMIT`]; the
/// shared runner checks what every run must satisfy (no panic, a
/// documented exit status).
/// `slink ARGS` on `stdin`; of `slink solve`, standard error without
/// its last line, the count of what did not pass (asserted there when
/// the exit status is not 0, and only then).
fn run(args: &[&str], stdin: Input<'_>) -> Run {
    let mut r = Invocation {
        stdin,
        limit: LIMIT,
        ..Invocation::new(args)
    }
    .run();
    if args.first() == Some(&"solve") {
        let (said, count) = split_shortfall(&r.stderr);
        assert_eq!(count.is_some(), r.code != 0, "{args:?}: {}", r.stderr);
        r.stderr = said.to_string();
    }
    r
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 scratch path")
}

// ---------------------------------------------------------------------
// The sample, cut into data sets and drawings.

/// The sample's data sets as text (header and rows, each line ending in
/// `\n`), without the `0 0` line.
fn sample_sets() -> Vec<String> {
    let text = package_file("corpus/sample.in");
    let mut lines = text.lines();
    let mut sets = Vec::new();
    loop {
        let header = lines.next().expect("the sample ends with 0 0");
        let mut nums = header.split_whitespace().map(|t| t.parse::<usize>());
        let (r, c) = (nums.next(), nums.next());
        let (Some(Ok(r)), Some(Ok(c))) = (r, c) else {
            panic!("bad sample header {header:?}");
        };
        if (r, c) == (0, 0) {
            break;
        }
        let mut s = format!("{header}\n");
        for _ in 0..r {
            s.push_str(lines.next().expect("a sample row"));
            s.push('\n');
        }
        sets.push(s);
    }
    assert_eq!(sets.len(), 4, "the sample has four data sets");
    sets
}

/// The sample's drawings (without their number lines), in order.
fn sample_drawings() -> Vec<String> {
    let text = package_file("corpus/sample.out");
    let mut drawings: Vec<String> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            let d = drawings.last_mut().expect("a number line first");
            d.push_str(line);
            d.push('\n');
        } else {
            assert_eq!(
                line.parse::<usize>().ok(),
                Some(drawings.len() + 1),
                "line {n} of sample.out"
            );
            drawings.push(String::new());
        }
    }
    assert_eq!(drawings.len(), 4, "sample.out has four drawings");
    drawings
}

/// The judge output of sample data sets `which` (0-based), numbered as
/// `numbers` says.
fn expected_output(which: &[usize], numbers: &[usize]) -> String {
    let d = sample_drawings();
    which
        .iter()
        .zip(numbers)
        .map(|(&w, n)| format!("{n}\n{}", d[w]))
        .collect()
}

/// Sample data sets 1 and 2, `bad`, sample data sets 3 and 4, `0 0`.
fn sandwich(bad: &[u8]) -> Vec<u8> {
    let s = sample_sets();
    assert_eq!(
        s[0].lines().count() + s[1].lines().count() + 1,
        BAD_LINE,
        "the bad data set starts on line {BAD_LINE}"
    );
    let mut v = Vec::new();
    v.extend_from_slice(s[0].as_bytes());
    v.extend_from_slice(s[1].as_bytes());
    v.extend_from_slice(bad);
    v.extend_from_slice(s[2].as_bytes());
    v.extend_from_slice(s[3].as_bytes());
    v.extend_from_slice(b"0 0\n");
    v
}

/// Sample data sets 1 and 2, then `bad` and the end of the input.
fn ending_with(bad: &[u8]) -> Vec<u8> {
    let s = sample_sets();
    let mut v = Vec::new();
    v.extend_from_slice(s[0].as_bytes());
    v.extend_from_slice(s[1].as_bytes());
    v.extend_from_slice(bad);
    v
}

#[test]
fn every_small_bad_data_set_in_judge_and_batch_mode() {
    let scratch = Scratch::new("small");
    let loops = sample_loops(&scratch);
    let cases = small_cases();
    assert!(cases.len() >= 30);
    for case in &cases {
        check_case(case, &scratch, &loops, true);
    }
}

#[test]
fn very_long_lines_are_errors_in_bounded_time() {
    let scratch = Scratch::new("long");
    let loops = sample_loops(&scratch);
    for case in &long_line_cases() {
        let started = Instant::now();
        check_case(case, &scratch, &loops, false);
        // Five runs over ten megabytes: linear work is well under this.
        assert!(
            started.elapsed() < Duration::from_secs(45),
            "{}: {:?}",
            case.name,
            started.elapsed()
        );
    }
}

#[test]
fn very_long_lines_of_blanks_are_accepted() {
    // Ten megabytes of spaces (or tabs) on a line of their own between
    // data sets, or after a row's clues, are only whitespace.
    let scratch = Scratch::new("blanks");
    let mut spaces = vec![b' '; 10 << 20];
    spaces.push(b'\n');
    let mut tabs_after_row = b"2 2\n2 2".to_vec();
    tabs_after_row.extend(std::iter::repeat_n(b'\t', 10 << 20));
    tabs_after_row.extend_from_slice(b"\n2 2\n");
    for (what, middle, out) in [
        (
            "a line of spaces",
            spaces,
            expected_output(&[0, 1, 2, 3], &[1, 2, 3, 4]),
        ),
        (
            "a row ending in tabs",
            tabs_after_row,
            expected_output(&[0, 1, 2, 2, 3], &[1, 2, 3, 4, 5]),
        ),
    ] {
        let input = sandwich(&middle);
        let p = scratch.path("blank.in", &input);
        let r = run(&[], Input::File(&p));
        assert_eq!(r.code, 0, "{what}: {}", r.stderr);
        assert_eq!(r.stderr, "", "{what}");
        assert_eq!(r.stdout, out, "{what}");
        let r = run(&["solve", path_str(&p)], Input::Bytes(b""));
        assert_eq!(r.code, 0, "{what} (batch): {}", r.stderr);
        assert_eq!(r.stdout, out, "{what} (batch)");
    }
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let scratch = Scratch::new("bom");
    let sample = package_bytes("corpus/sample.in");
    let expected = package_file("corpus/sample.out");
    for (what, input) in [
        ("LF", [b"\xef\xbb\xbf".as_slice(), &sample].concat()),
        (
            "CRLF",
            [b"\xef\xbb\xbf".as_slice(), &crlf(&sample)].concat(),
        ),
    ] {
        let p = scratch.path("bom.in", &input);
        let r = run(&[], Input::File(&p));
        assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{what}");
        assert_eq!(r.stdout, expected, "{what}");
        for args in [
            vec!["solve", path_str(&p)],
            vec!["solve", "--threads", "1", path_str(&p)],
        ] {
            let r = run(&args, Input::Bytes(b""));
            assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{what} {args:?}");
            assert_eq!(r.stdout, expected, "{what} {args:?}");
        }
        let r = run(&["solve", "-"], Input::Bytes(&input));
        assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{what} on a pipe");
        assert_eq!(r.stdout, expected, "{what} on a pipe");
    }
    // The error places of a file with a byte order mark are those of the
    // file without it: the mark has no column.
    let bad = [b"\xef\xbb\xbf".as_slice(), b"2 2\n2 4\n2 2\n0 0\n"].concat();
    let p = scratch.path("bom-bad.in", &bad);
    let r = run(&[], Input::File(&p));
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.starts_with("slink: stdin:2:3: data set 1: "),
        "{:?}",
        r.stderr
    );
    let bad = [b"\xef\xbb\xbf".as_slice(), b"2 x\n"].concat();
    let p = scratch.path("bom-bad2.in", &bad);
    let r = run(&[], Input::File(&p));
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.starts_with("slink: stdin:1:3: data set 1: "),
        "{:?}",
        r.stderr
    );
}

#[test]
fn a_missing_terminator_is_a_warning() {
    let scratch = Scratch::new("noend");
    let sets = sample_sets();
    let expected = package_file("corpus/sample.out");
    let all: String = sets.concat();
    let no_newline = all
        .strip_suffix('\n')
        .expect("ends in a newline")
        .to_owned();
    let trailing_blank = format!("{all}\n  \n\t\n");
    for (what, input) in [
        ("after a newline", all.as_str()),
        ("without a final newline", no_newline.as_str()),
        ("after blank lines", trailing_blank.as_str()),
    ] {
        let p = scratch.path("noend.in", input.as_bytes());
        let r = run(&[], Input::File(&p));
        assert_eq!(r.code, 0, "{what}: {}", r.stderr);
        assert_eq!(r.stdout, expected, "{what}");
        assert_eq!(
            r.stderr_lines(),
            ["slink: stdin: warning: the input ends without the closing '0 0' line"],
            "{what}"
        );
        let name = path_str(&p);
        let r = run(&["solve", name], Input::Bytes(b""));
        assert_eq!(r.code, 0, "{what} (batch): {}", r.stderr);
        assert_eq!(r.stdout, expected, "{what} (batch)");
        assert_eq!(
            r.stderr_lines(),
            [format!(
                "slink solve: {name}: warning: the input ends without the closing '0 0' line"
            )],
            "{what} (batch)"
        );
    }
}

#[test]
fn an_input_with_no_data_set_solves_nothing_and_says_so_everywhere() {
    // No data set, no `0 0`: nothing is printed and nothing fails (exit
    // 0: no data set did not pass); judge mode, `solve` and `check` say
    // the same warning, that the input has no data set (not only that
    // its `0 0` is missing). README, "Commands"; docs/guide.md.
    let scratch = Scratch::new("empty");
    let warning = "warning: the input has no data set";
    for (what, input) in [
        ("empty", &b""[..]),
        ("blank lines", b"\n\n   \n\t\r\n"),
        ("a byte order mark only", b"\xef\xbb\xbf"),
    ] {
        let p = scratch.path("empty.in", input);
        let r = run(&[], Input::File(&p));
        assert_eq!(r.code, 0, "{what}: {}", r.stderr);
        assert_eq!(r.stdout, "", "{what}");
        assert_eq!(
            r.stderr_lines(),
            [format!("slink: stdin: {warning}")],
            "{what}"
        );
        let name = path_str(&p);
        for format in ["judge", "json"] {
            let r = run(&["solve", "--format", format, name], Input::Bytes(b""));
            assert_eq!(r.code, 0, "{what} ({format}): {}", r.stderr);
            assert_eq!(r.stdout, "", "{what} ({format})");
            let said = format!("slink solve: {name}: {warning}");
            assert_eq!(r.stderr_lines(), [said], "{what} ({format})");
        }
        let r = run(&["check", name], Input::Bytes(b""));
        assert_eq!(r.code, 0, "{what} (check): {}", r.stderr);
        assert_eq!(
            r.stderr_lines(),
            [format!("slink check: {name}: {warning}")]
        );
        assert!(
            r.stdout.starts_with("summary: 0 data sets read;"),
            "{}",
            r.stdout
        );
        // A list named as such with nothing in it: the same.
        let r = run(&["solve", "--from", "url", name], Input::Bytes(b""));
        assert_eq!(r.code, 0, "{what} (url): {}", r.stderr);
        assert_eq!(
            r.stderr_lines(),
            [format!("slink solve: {name}: {warning}")]
        );
        let r = run(
            &["solve", "--format", "summary", "--no-timing", name],
            Input::Bytes(b""),
        );
        assert_eq!(r.code, 0, "{what} (summary)");
        let summary = r.stdout;
        assert!(
            summary
                .lines()
                .any(|l| l.split_whitespace().eq(["data", "sets", "0"])),
            "{what}: {summary}"
        );
    }
    // Only the terminator: a judge-format input of no data set, as it
    // says; no warning at all, anywhere.
    let p = scratch.path("zero.in", b"0 0\n");
    let r = run(&[], Input::File(&p));
    assert_eq!((r.code, r.stdout.len(), r.stderr.as_str()), (0, 0, ""));
    let name = path_str(&p);
    for args in [&["solve", name][..], &["check", name]] {
        let r = run(args, Input::Bytes(b""));
        assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{args:?}");
    }
}

#[test]
fn batch_mode_goes_on_with_the_next_file_after_a_bad_header() {
    let scratch = Scratch::new("files");
    let sets = sample_sets();
    let bad = scratch.path("bad.in", &sandwich(b"-1 5\n1 1 1 1 1\n"));
    let good = scratch.path("good.in", format!("{}{}0 0\n", sets[2], sets[3]).as_bytes());
    let (bad_name, good_name) = (path_str(&bad), path_str(&good));
    let r = run(&["solve", bad_name, good_name], Input::Bytes(b""));
    assert_eq!(r.code, 2, "{}", r.stderr);
    let mut want = expected_output(&[0, 1], &[1, 2]);
    want += &expected_output(&[2, 3], &[1, 2]);
    assert_eq!(r.stdout, want);
    assert_eq!(r.stderr_lines().len(), 1, "{}", r.stderr);
    assert!(r
        .stderr
        .starts_with(&format!("slink solve: {bad_name}:17:1: data set 3: ")));
    // Numbered across files: the good file's data sets are 4 and 5.
    let r = run(
        &["solve", "--continuous-numbering", bad_name, good_name],
        Input::Bytes(b""),
    );
    assert_eq!(r.code, 2);
    let mut want = expected_output(&[0, 1], &[1, 2]);
    want += &expected_output(&[2, 3], &[4, 5]);
    assert_eq!(r.stdout, want);
}

#[test]
fn fail_fast_stops_at_the_first_bad_data_set() {
    let scratch = Scratch::new("failfast");
    for bad in [&b"2 2\n2 2\n2 4\n"[..], b"0 5\n1 1 1 1 1\n"] {
        let p = scratch.path("bad.in", &sandwich(bad));
        let name = path_str(&p);
        for threads in ["1", "2"] {
            let r = run(
                &["solve", "--fail-fast", "--threads", threads, name, name],
                Input::Bytes(b""),
            );
            assert_eq!(r.code, 2, "{}", r.stderr);
            assert_eq!(r.stdout, expected_output(&[0, 1], &[1, 2]));
            // The data set's error, then what stopped the run and where.
            assert_eq!(r.stderr_lines().len(), 2, "{}", r.stderr);
            assert!(
                r.stderr.starts_with(&format!("slink solve: {name}:")),
                "{}",
                r.stderr
            );
            assert!(
                r.stderr_lines()[1]
                    .starts_with(&format!("slink solve: --fail-fast: stopped at {name}:")),
                "{}",
                r.stderr
            );
            let r = run(
                &[
                    "solve",
                    "--fail-fast",
                    "--format",
                    "json",
                    "--threads",
                    threads,
                    name,
                    name,
                ],
                Input::Bytes(b""),
            );
            let statuses: Vec<String> = r
                .stdout
                .lines()
                .map(|l| {
                    let v: Value = serde_json::from_str(l).expect("JSON");
                    v["status"].as_str().expect("a status").to_owned()
                })
                .collect();
            assert_eq!(statuses, ["solved", "solved", "invalid"]);
        }
    }
}

#[test]
fn a_line_longer_than_the_piece_limit_makes_the_input_unreadable() {
    // Batch mode reads a piece at a time and gives an input up when one
    // line (or data set) does not end within the piece limit: the data
    // sets before it are printed, the next file is read, exit status 2.
    let scratch = Scratch::new("limit");
    let sets = sample_sets();
    let mut input = format!("{}{}", sets[0], sets[1]).into_bytes();
    input.extend(std::iter::repeat_n(b' ', 1 << 20));
    input.extend_from_slice(b"\n0 0\n");
    let long = scratch.path("long.in", &input);
    let good = scratch.path("good.in", format!("{}0 0\n", sets[3]).as_bytes());
    for stdin_too in [false, true] {
        let mut args = vec![
            "solve",
            "--piece-bytes",
            "4096",
            "--piece-limit",
            "65536",
            path_str(&long),
            path_str(&good),
        ];
        if stdin_too {
            args[5] = "-";
        }
        let r = run(
            &args,
            if stdin_too {
                Input::Bytes(&input)
            } else {
                Input::Bytes(b"")
            },
        );
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        let mut want = expected_output(&[0, 1], &[1, 2]);
        want += &expected_output(&[3], &[1]);
        assert_eq!(r.stdout, want, "{args:?}");
        assert!(
            r.stderr.contains("cannot read") && r.stderr.contains("65536"),
            "{args:?}: {}",
            r.stderr
        );
    }
}

#[test]
fn crlf_and_lf_give_the_same_places_for_every_small_case() {
    // Lines and columns of a CRLF file are those of its LF twin (checked
    // for judge mode in `every_small_bad_data_set...`; here batch JSON).
    let scratch = Scratch::new("crlf");
    for case in small_cases() {
        let lf = scratch.path("lf.in", &case.input);
        let cr = scratch.path("crlf.in", &crlf(&case.input));
        let errors = |p: &Path| -> Vec<String> {
            let r = run(
                &["solve", "--format", "json", "--no-timing", path_str(p)],
                Input::Bytes(b""),
            );
            r.stdout
                .lines()
                .filter_map(|l| {
                    let v: Value = serde_json::from_str(l).expect("JSON");
                    v["error"].as_str().map(str::to_owned)
                })
                .collect()
        };
        let (a, b) = (errors(&lf), errors(&cr));
        assert_eq!(a.len(), 1, "{}: {a:?}", case.name);
        assert_eq!(a, b, "{}: LF vs CRLF", case.name);
    }
}

//! Malformed input in judge mode: exactly one error line on stderr,
//! `slink: stdin:LINE:COL: data set K: ...`, exit status 2, every data set before
//! the bad one already printed (and right), and never a panic.
//!
//! Most inputs are the sample's four data sets (lines 1-23, no `0 0`)
//! followed by a bad data set 5 starting on line 24, so the good part's
//! output must be `corpus/sample.out` exactly. Line and column numbers
//! were counted by hand from the texts below (columns in bytes, from 1).

use crate::common::*;
use std::time::Duration;

/// The sample without its `0 0` line: 23 lines, 4 data sets.
fn prefix() -> String {
    let s = package_file("corpus/sample.in");
    let p = s
        .strip_suffix("0 0\n")
        .expect("sample ends with 0 0")
        .to_string();
    assert_eq!(p.lines().count(), PREFIX_LINES);
    p
}

const PREFIX_LINES: usize = 23;

/// Runs `input`; asserts exit 2, one error line starting with
/// `slink: stdin:LINE:COL: data set K: ` and containing `needle`, and stdout equal
/// to `printed`. Returns the error line.
fn assert_bad(
    input: &[u8],
    printed: &str,
    line: usize,
    col: usize,
    k: usize,
    needle: &str,
) -> String {
    let run = run_slink_within(&[], input, Duration::from_secs(30));
    let err = run.stderr_lines();
    let shown = String::from_utf8_lossy(&input[input.len().saturating_sub(60)..]).into_owned();
    assert_eq!(
        run.code, 2,
        "exit status for input ending {shown:?}; stderr {:?}",
        run.stderr
    );
    assert_eq!(
        err.len(),
        1,
        "exactly one error line for {shown:?}: {:?}",
        run.stderr
    );
    let want = format!("slink: stdin:{line}:{col}: data set {k}: ");
    assert!(
        err[0].starts_with(&want),
        "for input ending {shown:?}\n  got  {:?}\n  want {want:?}...",
        err[0]
    );
    assert!(
        err[0].len() > want.len() + 10,
        "the message should say what was expected: {:?}",
        err[0]
    );
    assert!(
        err[0].contains(needle),
        "{:?} should contain {needle:?}",
        err[0]
    );
    assert_eq!(run.stdout, printed, "the data sets before the bad one");
    err[0].to_string()
}

/// A bad data set 5 after the sample's four.
fn after_sample(bad: &[u8], line: usize, col: usize, needle: &str) -> String {
    let mut input = prefix().into_bytes();
    input.extend_from_slice(bad);
    let expected = package_file("corpus/sample.out");
    let e = assert_bad(&input, &expected, PREFIX_LINES + line, col, 5, needle);
    verify_output(&expected, &read_puzzles(&prefix())).expect("sample drawings verify");
    e
}

#[test]
fn clue_of_four() {
    // Line 3 of the bad data set: "1 4 3", the 4 at column 3.
    after_sample(b"2 3\n1 2 3\n1 4 3\n0 0\n", 3, 3, "'4'");
    // A 4 as the very first clue, and digits above 4.
    after_sample(b"1 1\n4\n0 0\n", 2, 1, "'4'");
    after_sample(b"2 2\n2 2\n2 9\n0 0\n", 3, 3, "'9'");
}

#[test]
fn a_letter() {
    after_sample(b"2 3\n1 2 3\n1 2 x\n0 0\n", 3, 5, "'x'");
    after_sample(b"2 2\nA 2\n2 2\n0 0\n", 2, 1, "'A'");
    // A letter in the header.
    after_sample(b"2 x\n2 2\n2 2\n0 0\n", 1, 3, "'x'");
    after_sample(b"x 2\n2 2\n2 2\n0 0\n", 1, 1, "'x'");
    // Two clues run together are one bad token, not two clues.
    after_sample(b"1 2\n12\n0 0\n", 2, 1, "12");
}

#[test]
fn row_too_short() {
    // "1 2" has 2 of 3 clues; the error points just past its end (col 4).
    let e = after_sample(b"2 3\n1 2\n1 2 3\n0 0\n", 2, 4, "expected 3");
    assert!(e.contains("row 1"), "{e}");
    // The second row short.
    let e = after_sample(b"2 3\n1 2 3\n1 2\n0 0\n", 3, 4, "expected 3");
    assert!(e.contains("row 2"), "{e}");
}

#[test]
fn row_too_long() {
    // "1 2 3" for 2 columns: the extra 3 at column 5.
    let e = after_sample(b"1 2\n1 2 3\n0 0\n", 2, 5, "more than 2");
    assert!(e.contains("row 1"), "{e}");
    // With tabs: "2\t2\t2" for 2 columns: the extra clue at byte 5.
    after_sample(b"2 2\n2 2\n2\t2\t2\n0 0\n", 3, 5, "more than 2");
}

#[test]
fn absurd_sizes() {
    after_sample(b"99999999 99999999\n1\n0 0\n", 1, 1, "99999999");
    after_sample(
        b"18446744073709551616 2\n1 1\n0 0\n",
        1,
        1,
        "18446744073709551616",
    );
    after_sample(
        b"2 18446744073709551616\n1 1\n0 0\n",
        1,
        3,
        "18446744073709551616",
    );
    after_sample(b"-1 5\n1 1 1 1 1\n0 0\n", 1, 1, "'-'");
    after_sample(b"2 -1\n1\n0 0\n", 1, 3, "'-'");
    after_sample(b"0 5\n1 1 1 1 1\n0 0\n", 1, 1, "0x5");
    after_sample(b"5 0\n\n0 0\n", 1, 1, "5x0");
    // A size slink accepts, with nearly nothing after it: no allocation
    // trouble, just "ends inside the data set".
    after_sample(b"1000 200\n", 2, 1, "ends inside");
}

#[test]
fn header_with_three_numbers() {
    // "2 2 2": the third number at column 5.
    after_sample(b"2 2 2\n2 2\n2 2\n0 0\n", 1, 5, "'2'");
    // And a header with only one number: the end of its line at column 2.
    after_sample(b"3\n2 2 2\n0 0\n", 1, 2, "end of the line");
}

#[test]
fn input_ending_inside_a_puzzle() {
    // Two of three rows, then the end: the third row was due on line 4
    // of the data set (line 27), column 1.
    let e = after_sample(b"3 2\n1 1\n2 2\n", 4, 1, "ends inside");
    assert!(e.contains("expected 3 rows, found 2"), "{e}");
    // Without the final newline: the end is on line 3, after "2 2" (col 4).
    after_sample(b"3 2\n1 1\n2 2", 3, 4, "ends inside");
    // Right after the header, with and without its newline.
    after_sample(b"3 2\n", 2, 1, "found 0");
    after_sample(b"3 2", 1, 4, "found 0");
    // Only blank lines after the header.
    after_sample(b"2 2\n\n   \n", 4, 1, "found 0");
}

#[test]
fn nul_bytes() {
    // A NUL in place of a clue: line 2, column 3.
    after_sample(b"2 2\n2 \0\n2 2\n0 0\n", 2, 3, "0x00");
    // NULs in place of the header.
    after_sample(b"\0\0\0\0\n", 1, 1, "0x00");
    // A NUL after the header's numbers.
    after_sample(b"2 2\0\n2 2\n2 2\n0 0\n", 1, 4, "0x00");
}

#[test]
fn binary_garbage() {
    after_sample(b"\xff\xfe\x00\x80\x1b[2J\n\x01\x02", 1, 1, "0xff");
    // Garbage inside a row: column 3 of "2 \x80 2".
    after_sample(b"1 3\n2 \x80 2\n0 0\n", 2, 3, "0x80");
    // UTF-8 text that is not ASCII.
    after_sample("1 2\n2 \u{2462}\n0 0\n".as_bytes(), 2, 3, "0xe2");
}

#[test]
fn bad_first_data_set_prints_nothing() {
    assert_bad(b"2 2\n2 4\n2 2\n0 0\n", "", 2, 3, 1, "'4'");
    assert_bad(b"\n\n  7 x\n", "", 3, 5, 1, "'x'");
}

#[test]
fn a_bad_data_set_after_one_with_no_solution_or_several() {
    // Data set 1 has no solution (not printed), 2 has several (printed),
    // 3 is bad: exit 2 outranks 1, and only data set 2 was drawn.
    let input = b"1 1\n0\n2 2\n. .\n. .\n1 1\n7\n0 0\n";
    let run = run_slink(&[], input);
    let err = run.stderr_lines();
    assert_eq!(run.code, 2, "{}", run.stderr);
    let printed = verify_output(&run.stdout, &read_puzzles("1 1\n0\n2 2\n. .\n. .\n0 0\n"))
        .expect("drawings verify");
    assert_eq!(printed, vec![2]);
    assert_eq!(err.len(), 3, "{}", run.stderr);
    assert!(err[0].contains("data set 1") && err[0].contains("no solution"));
    assert!(err[1].contains("data set 2") && err[1].contains("several"));
    assert!(
        err[2].starts_with("slink: stdin:7:1: data set 3: "),
        "{}",
        err[2]
    );
}

#[test]
fn random_garbage_never_panics() {
    // Mutations of a valid input: every run must end with 0, 1 or 2; on 2,
    // exactly one "slink: stdin:L:C: data set K:" error line and only verified
    // drawings before it.
    let base = package_file("corpus/sample.in").into_bytes();
    let alphabet = b"0123 .-\n\n\t\r45x\0\xff";
    let mut rng = Rng::new(0x5eed);
    for round in 0..120 {
        let mut input = base.clone();
        for _ in 0..1 + rng.index(4) {
            let at = rng.index(input.len());
            match rng.index(3) {
                0 => input[at] = alphabet[rng.index(alphabet.len())],
                1 => {
                    input.remove(at);
                }
                _ => input.insert(at, alphabet[rng.index(alphabet.len())]),
            }
        }
        let run = run_slink_within(&[], &input, Duration::from_secs(30));
        let err = run.stderr_lines();
        let shown = String::from_utf8_lossy(&input);
        assert!(
            (0..=2).contains(&run.code),
            "round {round}: exit {} for {shown:?}",
            run.code
        );
        let blocks = split_blocks(&run.stdout)
            .unwrap_or_else(|e| panic!("round {round}: output does not split: {e}"));
        for (k, d) in &blocks {
            parse_drawing(
                d,
                (d.lines().count() - 5) / 2,
                (d.lines().next().unwrap().len() - 5) / 4,
            )
            .unwrap_or_else(|e| panic!("round {round}: data set {k}: {e}\n{shown:?}"));
        }
        if run.code == 2 {
            let last = err.last().expect("an error line");
            let errors = err
                .iter()
                .filter(|l| !l.contains("warning") && !l.contains("no solution"))
                .count();
            assert_eq!(errors, 1, "round {round}: {:?}", run.stderr);
            let rest = last.strip_prefix("slink: stdin:").expect("names stdin");
            let parts: Vec<&str> = rest.splitn(3, ':').collect();
            assert!(
                parts.len() == 3
                    && parts[0].parse::<usize>().is_ok()
                    && parts[1].parse::<usize>().is_ok()
                    && parts[2].starts_with(" data set "),
                "round {round}: {last:?}"
            );
        }
    }
}

#[test]
fn crlf_line_ends_give_the_same_errors_as_lf() {
    // SLINK.md: CRLF line ends are tolerated, so a CRLF file must be
    // read, and its errors placed, exactly like its LF twin: the `\r` is
    // part of the line end, not of the line.
    let prefix = prefix();
    let expected = package_file("corpus/sample.out");
    let mut differ = Vec::new();
    for bad in [
        "2 3\n1 2 3\n1 4 3\n0 0\n",
        "2 3\n1 2 3\n1 2 x\n0 0\n",
        "2 3\n1 2\n1 2 3\n0 0\n",
        "2 3\n1 2 3\n1 2\n0 0\n",
        "1 2\n1 2 3\n0 0\n",
        "2 2 2\n2 2\n2 2\n0 0\n",
        "3\n2 2 2\n0 0\n",
        "0 5\n1 1 1 1 1\n0 0\n",
        "3 2\n1 1\n2 2\n",
        "3 2\n",
    ] {
        let lf = format!("{prefix}{bad}");
        let crlf = lf.replace('\n', "\r\n");
        let a = run_slink(&[], lf.as_bytes());
        let b = run_slink(&[], crlf.as_bytes());
        assert_eq!((a.code, b.code), (2, 2), "{bad:?}");
        assert_eq!(a.stdout, expected, "{bad:?}");
        assert_eq!(b.stdout, expected, "{bad:?} with CRLF");
        if a.stderr != b.stderr {
            differ.push(format!(
                "{bad:?}\n    LF:   {}    CRLF: {}",
                a.stderr, b.stderr
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "CRLF input places these errors differently:\n{}",
        differ.join("\n")
    );
}

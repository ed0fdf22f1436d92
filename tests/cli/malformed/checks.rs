//! The checks of one case: judge mode, and batch mode in the judge, JSON
//! and summary formats, against the sample's drawings and loops.

use super::*;

/// Judge mode on `case`: data sets 1 and 2 printed, one error line, exit 2.
pub(super) fn check_judge(case: &Case, input: &Path, label: &str) {
    let r = run(&[], Input::File(input));
    let want = format!("slink: stdin:{}:{}: data set 3: ", case.line, case.col);
    let stdout = expected_output(&[0, 1], &[1, 2]);
    one_error(
        case,
        &r,
        label,
        (2, &want),
        (&stdout, "the data sets before the bad one"),
    );
}

/// Asserts that `r` exited with `code` after one line on stderr that
/// starts with `want` and names `case`'s needle, and printed `stdout`
/// (`what` it is, for the message).
pub(super) fn one_error(
    case: &Case,
    r: &Run,
    label: &str,
    (code, want): (i32, &str),
    (stdout, what): (&str, &str),
) {
    let err = r.stderr_lines();
    assert_eq!(
        r.code, code,
        "{} ({label}): exit status; stderr {:?}",
        case.name, r.stderr
    );
    assert_eq!(
        err.len(),
        1,
        "{} ({label}): exactly one line on stderr: {:?}",
        case.name,
        r.stderr
    );
    assert!(
        err[0].starts_with(want) && err[0].contains(case.needle),
        "{} ({label}):\n  got  {:?}\n  want {want:?}...{:?}...",
        case.name,
        err[0],
        case.needle
    );
    assert_eq!(r.stdout, stdout, "{} ({label}): {what}", case.name);
}

/// What batch mode in the judge format must print for `case`.
pub(super) fn batch_expected(case: &Case) -> String {
    match case.after {
        After::Rows => expected_output(&[0, 1, 2, 3], &[1, 2, 4, 5]),
        After::Header | After::End => expected_output(&[0, 1], &[1, 2]),
    }
}

/// Batch mode in the judge format: the error in place on stderr, as
/// `slink solve: NAME:LINE:COL: data set 3: ...`, the good data sets all
/// printed (those after it too when its header was read), exit status 2.
pub(super) fn check_batch_judge(case: &Case, r: &Run, name: &str, label: &str) {
    let want = format!(
        "slink solve: {name}:{}:{}: data set 3: ",
        case.line, case.col
    );
    let stdout = batch_expected(case);
    one_error(case, r, label, (2, &want), (&stdout, "the good data sets"));
}

/// Batch mode in the JSON format: records 1 and 2 solved, 3 invalid with
/// the error's place, then 4 and 5 solved when the header was read.
pub(super) fn check_batch_json(case: &Case, r: &Run, file: &str, loops: &[String]) {
    assert_eq!(r.code, 2, "{} (json): stderr {:?}", case.name, r.stderr);
    assert!(
        !r.stderr.contains("data set 3"),
        "{} (json): the error belongs in the record, not on stderr: {:?}",
        case.name,
        r.stderr
    );
    let records: Vec<Value> = r
        .stdout
        .lines()
        .map(|l| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{}: not JSON: {l:?}: {e}", case.name))
        })
        .collect();
    let numbers: Vec<u64> = records
        .iter()
        .map(|v| v["data_set"].as_u64().expect("a data_set number"))
        .collect();
    let want_numbers: &[u64] = match case.after {
        After::Rows => &[1, 2, 3, 4, 5],
        After::Header | After::End => &[1, 2, 3],
    };
    assert_eq!(
        numbers, want_numbers,
        "{} (json): data set numbers",
        case.name
    );
    for v in &records {
        assert_eq!(v["file"], file, "{}: {v}", case.name);
        assert_eq!(v["input"], 1, "{}: {v}", case.name);
        assert!(v.get("micros").is_none(), "--no-timing: {v}");
    }
    // The good ones: solved, with the loops of a run without the bad one.
    let good: Vec<&Value> = records.iter().filter(|v| v["data_set"] != 3).collect();
    for (v, want) in good.iter().zip(loops) {
        assert_eq!(v["status"], "solved", "{}: {v}", case.name);
        assert_eq!(
            v["loop"].as_str(),
            Some(want.as_str()),
            "{}: {v}",
            case.name
        );
    }
    let bad = &records[2];
    assert_eq!(bad["status"], "invalid", "{}: {bad}", case.name);
    assert!(bad.get("loop").is_none(), "{}: {bad}", case.name);
    let error = bad["error"].as_str().expect("an error text");
    let want = format!("{}:{}: data set 3: ", case.line, case.col);
    assert!(
        error.starts_with(&want) && error.contains(case.needle),
        "{}: json error {error:?}, want {want:?}...{:?}...",
        case.name,
        case.needle
    );
    match case.after {
        After::Rows => {
            assert_eq!(
                bad["line"], BAD_LINE,
                "{}: the header's line: {bad}",
                case.name
            );
            let (rows, cols) = header_size(case);
            assert!(
                bad["rows"] == rows && bad["cols"] == cols,
                "{}: the size of a data set whose header was read: {bad}",
                case.name
            );
        }
        After::Header => {
            assert_eq!(
                bad["line"], case.line,
                "{}: the error's line: {bad}",
                case.name
            );
            assert!(
                bad["rows"].is_null() && bad["cols"].is_null(),
                "{}: no size for a bad header: {bad}",
                case.name
            );
        }
        After::End => {
            assert_eq!(
                bad["line"], BAD_LINE,
                "{}: the header's line, the header being read: {bad}",
                case.name
            );
            // The header was read before the input ended: its size.
            let (rows, cols) = header_size(case);
            assert!(
                bad["rows"] == rows && bad["cols"] == cols,
                "{}: the size {rows}x{cols} of a data set whose header was read: {bad}",
                case.name
            );
        }
    }
}

/// The size in the header of the bad data set (line [`BAD_LINE`]).
pub(super) fn header_size(case: &Case) -> (u64, u64) {
    let text = String::from_utf8_lossy(&case.input);
    let header = text.lines().nth(BAD_LINE - 1).expect("a header line");
    let mut n = header
        .split_whitespace()
        .map(|t| t.parse().expect("a number in the header"));
    let size = (n.next().expect("rows"), n.next().expect("columns"));
    assert!(n.next().is_none(), "{}: header {header:?}", case.name);
    size
}

/// Batch mode in the summary format: the error line on stderr as in the
/// judge format, and the counts.
pub(super) fn check_batch_summary(case: &Case, r: &Run, name: &str) {
    assert_eq!(r.code, 2, "{} (summary): {}", case.name, r.stderr);
    let err = r.stderr_lines();
    let want = format!(
        "slink solve: {name}:{}:{}: data set 3: ",
        case.line, case.col
    );
    assert!(
        err.len() == 1 && err[0].starts_with(&want),
        "{} (summary): {:?}, want {want:?}...",
        case.name,
        r.stderr
    );
    let out = &r.stdout;
    let count = |key: &str| -> Option<usize> {
        out.lines().find_map(|l| {
            let (k, v) = l.rsplit_once(' ')?;
            (k.trim() == key).then(|| v.parse().ok())?
        })
    };
    let solved = if case.after == After::Rows { 4 } else { 2 };
    assert_eq!(count("data sets"), Some(solved + 1), "{}: {out}", case.name);
    assert_eq!(count("solved"), Some(solved), "{}: {out}", case.name);
    assert_eq!(count("invalid"), Some(1), "{}: {out}", case.name);
}

/// The loops (JSON `loop` fields) of the sample's four data sets.
pub(super) fn sample_loops(scratch: &Scratch) -> Vec<String> {
    let p = scratch.path("sample.in", &package_bytes("corpus/sample.in"));
    let r = run(
        &["solve", "--format", "json", "--no-timing", path_str(&p)],
        Input::Bytes(b""),
    );
    assert_eq!(r.code, 0, "the sample solves: {}", r.stderr);
    let loops: Vec<String> = r
        .stdout
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).expect("JSON");
            assert_eq!(v["status"], "solved", "{v}");
            v["loop"].as_str().expect("a loop").to_owned()
        })
        .collect();
    assert_eq!(loops.len(), 4);
    loops
}

/// Every check of a case: judge mode (LF and CRLF), batch mode on the
/// file and on a pipe, JSON.
pub(super) fn check_case(case: &Case, scratch: &Scratch, loops: &[String], with_crlf: bool) {
    let file = scratch.path("bad.in", &case.input);
    check_judge(case, &file, "LF");
    if with_crlf {
        let twin = scratch.path("bad-crlf.in", &crlf(&case.input));
        check_judge(case, &twin, "CRLF");
    }
    let name = path_str(&file);
    let r = run(&["solve", name], Input::Bytes(b""));
    check_batch_judge(case, &r, name, "batch, file");
    let r = run(&["solve", "-"], Input::Bytes(&case.input));
    check_batch_judge(case, &r, "stdin", "batch, pipe");
    let r = run(
        &["solve", "--format", "json", "--no-timing", name],
        Input::Bytes(b""),
    );
    check_batch_json(case, &r, name, &sample_loops_for(case, loops));
    let r = run(
        &["solve", "--format", "summary", "--no-timing", name],
        Input::Bytes(b""),
    );
    check_batch_summary(case, &r, name);
}

/// The loops of the good data sets of `case`, in output order.
pub(super) fn sample_loops_for(case: &Case, loops: &[String]) -> Vec<String> {
    match case.after {
        After::Rows => loops.to_vec(),
        After::Header | After::End => loops[..2].to_vec(),
    }
}

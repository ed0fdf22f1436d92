//! Bad input in batch mode: malformed data sets reported in place and the
//! others solved, files that stop or cannot be read, pieces cut anywhere,
//! usage errors, a data set that never ends, and the order of messages
//! and drawings.

use super::*;

#[test]
fn an_invalid_data_set_in_the_middle_is_reported_in_place() {
    let input = "2 2\n2 2\n2 2\n2 3\n1 2 3\n1 4 3\n1 1\n.\n0 0\n";
    let dir = Scratch::new("invalid");
    let path = dir.file("bad.txt", input.as_bytes());
    let judge = slink(&["solve", &path], b"");
    assert_eq!(judge.code, 2, "a malformed data set");
    let out = judge.stdout;
    assert!(out.starts_with("1\n#############\n"), "{out}");
    assert!(out.contains("\n3\n#########\n"), "{out}");
    assert!(!out.contains("\n2\n"), "{out}");
    assert_eq!(
        judge.stderr,
        format!(
            "slink solve: {path}:6:3: data set 2: expected a clue 0-3, found '4'\n\
             slink solve: 1 of 3 data sets not solved with one solution: 1 malformed\n"
        )
    );

    let json = slink(&["solve", "--format", "json", &path], b"");
    let recs = records(&json.stdout);
    let statuses: Vec<&str> = recs
        .iter()
        .map(|r| field(r, "status").as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["solved", "invalid", "solved"]);
    assert_eq!(
        field(&recs[1], "error").as_str(),
        Some("6:3: data set 2: expected a clue 0-3, found '4'")
    );
    assert_eq!(field(&recs[1], "line").as_u64(), Some(4));
    assert_eq!(
        json.stderr,
        "slink solve: 1 of 3 data sets not solved with one solution: 1 malformed\n"
    );

    let fast = slink(&["solve", "--fail-fast", &path, &path], b"");
    assert_eq!(fast.code, 2);
    assert!(!fast.stdout.contains("\n3\n"), "--fail-fast went on");
    // The data set's error, then what stopped the run and where, then the
    // count of what did not pass.
    let lines: Vec<&str> = fast.stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{}", fast.stderr);
    assert_eq!(
        lines[1],
        format!(
            "slink solve: --fail-fast: stopped at {path}:4, data set 2 (invalid); \
             the data sets after it were not solved"
        )
    );
}

#[test]
fn a_malformed_header_stops_its_file_but_not_the_others() {
    let bad = "1 1\n.\n2 x\n1 1\n.\n0 0\n";
    let dir = Scratch::new("header");
    let pbad = dir.file("bad.txt", bad.as_bytes());
    let pgood = dir.file("good.txt", b"1 1\n.\n0 0\n");
    let out = slink(&["solve", "--format", "json", &pbad, &pgood], b"");
    let recs = records(&out.stdout);
    let got: Vec<(u64, u64, &str)> = recs
        .iter()
        .map(|r| {
            (
                field(r, "input").as_u64().unwrap(),
                field(r, "data_set").as_u64().unwrap(),
                field(r, "status").as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, [(1, 1, "solved"), (1, 2, "invalid"), (2, 1, "solved")]);
    assert!(recs[1]["rows"].is_null());
    assert_eq!(out.code, 2);
    let judge = slink(&["solve", &pbad, &pgood], b"");
    assert_eq!(
        split_shortfall(&judge.stderr).0,
        format!("slink solve: {pbad}:3:3: data set 2: expected the number of columns, found 'x'\n")
    );
}

#[test]
fn a_truncated_data_set_keeps_its_size_and_the_place_of_its_error() {
    // The second data set's header (line 3) reads; the input ends after
    // two of its three rows.
    let dir = Scratch::new("truncated");
    let path = dir.file("cut.txt", b"1 1\n.\n3 2\n1 1\n2 2\n");
    let message = "6:1: data set 2: the input ends inside the data set: expected 3 rows, found 2";

    let json = slink(&["solve", "--format", "json", "--no-timing", &path], b"");
    assert_eq!(json.code, 2, "{}", json.stderr);
    // The records say what is wrong; standard error only counts it.
    assert_eq!(
        json.stderr,
        "slink solve: 1 of 2 data sets not solved with one solution: 1 malformed\n"
    );
    let recs = records(&json.stdout);
    assert_eq!(recs.len(), 2, "{}", json.stdout);
    assert_eq!(field(&recs[0], "status").as_str(), Some("solved"));
    let bad = &recs[1];
    assert_eq!(field(bad, "status").as_str(), Some("invalid"), "{bad}");
    assert_eq!(field(bad, "file").as_str(), Some(path.as_str()), "{bad}");
    assert_eq!(field(bad, "data_set").as_u64(), Some(2), "{bad}");
    assert_eq!(
        field(bad, "line").as_u64(),
        Some(3),
        "the header's line: {bad}"
    );
    assert_eq!(field(bad, "rows").as_u64(), Some(3), "{bad}");
    assert_eq!(field(bad, "cols").as_u64(), Some(2), "{bad}");
    assert_eq!(field(bad, "error").as_str(), Some(message), "{bad}");
    assert!(bad.get("loop").is_none(), "{bad}");

    // The same from a pipe, and in the judge and summary formats.
    let piped = slink(
        &["solve", "--format", "json", "--no-timing", "-"],
        &std::fs::read(&path).unwrap(),
    );
    assert_eq!(piped.stdout, json.stdout.replace(&path, "stdin"));
    for format in ["judge", "summary"] {
        let out = slink(&["solve", "--format", format, "--no-timing", &path], b"");
        assert_eq!(out.code, 2, "{format}");
        assert_eq!(
            split_shortfall(&out.stderr).0,
            format!("slink solve: {path}:{message}\n"),
            "{format}"
        );
    }
}

#[test]
fn an_unreadable_file_is_reported_and_the_others_are_solved() {
    let dir = Scratch::new("unreadable");
    let good = dir.file("good.txt", b"2 2\n2 2\n2 2\n0 0\n");
    let missing = dir.0.join("missing.txt");
    let missing = missing.to_str().unwrap();
    let folder = dir.0.to_str().unwrap();
    let out = slink(&["solve", &good, missing, folder, &good], b"");
    assert_eq!(out.code, 2);
    let one = slink(&["solve", &good], b"").stdout;
    assert_eq!(out.stdout, [one.clone(), one].concat());
    let err = out.stderr;
    assert!(
        err.contains(&format!("slink solve: cannot read {missing}: ")),
        "{err}"
    );
    assert!(
        err.contains(&format!("slink solve: cannot read {folder}: ")),
        "{err}"
    );
    assert_eq!(
        err.lines().collect::<Vec<_>>()[2..],
        ["slink solve: 2 inputs unreadable"],
        "{err}"
    );
    // To an output file, the inputs are opened first: none may be missing
    // (a mistyped name must not empty the results of an earlier run).
    let kept = dir.file("kept.txt", b"earlier results\n");
    let refused = slink(&["solve", "-o", &kept, &good, missing], b"");
    assert_eq!(refused.code, 2);
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "earlier results\n");

    let summary = slink(
        &[
            "solve",
            "--format",
            "summary",
            "--no-timing",
            &good,
            missing,
        ],
        b"",
    );
    let s = summary.stdout;
    assert_eq!(summary_value(&s, "solved"), "1", "{s}");
    assert_eq!(summary_value(&s, "files"), "2", "{s}");
    assert_eq!(summary_value(&s, "unreadable"), "1", "{s}");
    assert_eq!(summary.code, 2);
}

#[test]
fn pieces_cut_anywhere_keep_lines_numbers_and_byte_order_marks_right() {
    // CRLF, tabs, blank lines, a byte order mark and no closing `0 0`.
    let input =
        "\u{feff}2 2\r\n2\t2\r\n\r\n2 2\r\n\n\n3 5\n3 3 3 2 3\n1 2 1 3 2\n3 3 2 2 2\n1 1\n0";
    let judge = slink(&[], input.as_bytes());
    for piece in ["1", "2", "3", "7", "64"] {
        let out = slink(
            &["solve", "--piece-bytes", piece, "--window", "1"],
            input.as_bytes(),
        );
        assert_eq!(out.stdout, judge.stdout, "piece {piece}");
        let (said, _) = split_shortfall(&out.stderr);
        assert_eq!(said, as_solve_says(&judge.stderr), "piece {piece}");
        assert_eq!(out.code, 1, "piece {piece}: 1x1 '0' has no solution");
    }
    let bad = "1 1\n.\n\n2 2\n2 2\n2 5\n0 0\n";
    let judge = slink(&[], bad.as_bytes());
    for piece in ["1", "5", "100"] {
        let out = slink(&["solve", "--piece-bytes", piece], bad.as_bytes());
        let (said, _) = split_shortfall(&out.stderr);
        assert_eq!(said, as_solve_says(&judge.stderr), "piece {piece}");
        assert_eq!(
            out.stderr,
            "slink solve: stdin:6:3: data set 2: expected a clue 0-3, found '5'\n\
             slink solve: 1 of 2 data sets not solved with one solution: 1 malformed\n"
        );
    }
    let unterminated = "2 2\n2 2\n2 2\n";
    let out = slink(&["solve", "--piece-bytes", "4"], unterminated.as_bytes());
    assert_eq!(
        out.stderr,
        "slink solve: stdin: warning: the input ends without the closing '0 0' line\n"
    );
    assert_eq!(out.code, 0);
    let cut = "2 2\n2 2\n";
    let out = slink(&["solve", "--piece-bytes", "3"], cut.as_bytes());
    assert_eq!(
        out.stderr,
        "slink solve: stdin:3:1: data set 1: the input ends inside the data set: expected 2 rows, \
         found 1\nslink solve: 1 of 1 data set not solved with one solution: 1 malformed\n"
    );
    assert_eq!(out.code, 2);
}

#[test]
fn usage_errors_exit_with_2() {
    for args in [
        &["solve", "--shard", "4/3"][..],
        &["solve", "--shard", "x"],
        &["solve", "--threads", "0"],
        // The same threads option, rejecting 0 alike, wherever work runs.
        &["gen", "-j", "0", "--rows", "4", "--cols", "4"],
        &["check", "-j", "0"],
        &["bench", "-j", "0", "corpus/sample.in"],
        &["solve", "--format", "xml"],
    ] {
        let out = slink(args, b"");
        assert_eq!(out.code, 2, "{args:?}");
        assert!(!out.stderr.is_empty());
    }
}

#[test]
fn a_data_set_that_never_ends_does_not_take_all_memory() {
    // A header, then blank lines for ever: the rows never come.
    let mut input = b"1 1\n.\n2 2\n".to_vec();
    input.resize(input.len() + 300_000, b'\n');
    let dir = Scratch::new("endless");
    let path = dir.file("endless.txt", &input);
    let good = dir.file("good.txt", b"1 1\n.\n0 0\n");
    let limit = ["--piece-bytes", "1000", "--piece-limit", "100000"];
    let piped = slink(&[&["solve", "-"][..], &limit[..]].concat(), &input);
    let mapped = slink(&[&["solve", &path, &good][..], &limit[..]].concat(), b"");
    for (out, name) in [(&piped, "stdin"), (&mapped, path.as_str())] {
        assert_eq!(out.code, 2);
        assert!(out.stdout.starts_with("1\n#########\n"));
        assert_eq!(
            out.stderr,
            format!(
                "slink solve: cannot read {name}: data set 2 does not end within 100000 bytes\n\
                 slink solve: 1 input unreadable\n"
            )
        );
    }
    assert_eq!(mapped.stdout.matches("1\n#########\n").count(), 2);
}

/// A writer appending to a log it shares with another, so that a test
/// sees how two streams interleave.
struct Shared(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn diagnostics_come_after_the_drawings_before_them() {
    use slink::internals::run::batch::{self, Config, Input};
    // Data sets 2 and 4 malformed (a clue 4) among solvable ones.
    let good = "2 2\n2 2\n2 2\n";
    let bad = "2 2\n2 4\n2 2\n";
    let input = [good, bad, good, bad, good, "0 0\n"].concat();
    let dir = Scratch::new("interleave");
    let path = dir.file("mixed.txt", input.as_bytes());
    for threads in [1, 2] {
        let log = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let (mut out, mut err) = (Shared(log.clone()), Shared(log.clone()));
        let config = Config {
            threads,
            timing: false,
            ..Config::default()
        };
        let inputs = [Input::Path(path.clone().into())];
        batch::run(&inputs, &config, &mut out, &mut err).unwrap();
        let log = String::from_utf8(log.borrow().clone()).unwrap();
        // Each data set's drawing or message, in input order.
        let at = |needle: &str| {
            log.find(needle)
                .unwrap_or_else(|| panic!("{needle:?} missing from\n{log}"))
        };
        let order = [
            at("1\n#"),
            at(&format!("{path}:5:3: data set 2:")),
            at("\n3\n#"),
            at(&format!("{path}:11:3: data set 4:")),
            at("\n5\n#"),
        ];
        assert!(
            order.windows(2).all(|w| w[0] < w[1]),
            "{threads} threads:\n{log}"
        );
    }
}

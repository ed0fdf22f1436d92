//! `slink solve`, the batch mode, run as a user runs it: the binary, real
//! files, pipes. Puzzles come from an independent generator below (random
//! loops, their clues, some blanked or scrambled), and JSON loops are
//! checked by an independent decoder and by the tests' own checker
//! (`common::check_loop`), sharing no code with slink.
use crate::common::{as_solve_says, decode_loop, random_region, split_shortfall, Shape};
use crate::common::{check_loop, check_one_loop, run_slink as slink, Edges, Grid, Rng, Scratch};

use serde_json::Value;
use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_slink");

// ---------------------------------------------------------------------
// An independent puzzle generator; loops are checked by `common`'s
// checker, which shares no code with slink.

/// A random loop's clues (all of them, or some blanked), or random clues
/// (mostly unsolvable).
fn random_grid(rng: &mut Rng, r: usize, c: usize) -> Grid {
    let kind = rng.index(10);
    if kind == 0 {
        let clues = (0..r * c).map(|_| Some(rng.index(4) as u8)).collect();
        return Grid {
            rows: r,
            cols: c,
            clues,
        };
    }
    // A region of at least two cells (so no clue is 4): its boundary is
    // one loop.
    let target = 2 + rng.index(r * c * 2 / 3);
    let inside = random_region(r, c, Shape::Blobby, target, rng);
    let e = Edges::around(r, c, &inside);
    check_one_loop(&e).expect("the region's boundary is one loop");
    // Some puzzles lose a third of their clues (and often uniqueness).
    let blanks = kind <= 2;
    let clues = (0..r * c)
        .map(|k| (!blanks || rng.index(3) != 0).then(|| e.lines_around(k / c, k % c)))
        .collect();
    Grid {
        rows: r,
        cols: c,
        clues,
    }
}

/// Appends `g` in the judge format, with some of the mess real files have.
fn write_messy(g: &Grid, rng: &mut Rng, out: &mut String) {
    let eol = if rng.index(8) == 0 { "\r\n" } else { "\n" };
    if rng.index(8) == 0 {
        out.push_str(eol);
    }
    out.push_str(&format!("{} {}{eol}", g.rows, g.cols));
    for i in 0..g.rows {
        let row: Vec<String> = (0..g.cols)
            .map(|j| g.clue(i, j).map_or(".".into(), |n| n.to_string()))
            .collect();
        let sep = if rng.index(10) == 0 { "\t" } else { " " };
        out.push_str(&row.join(sep));
        out.push_str(eol);
    }
}

/// `count` random puzzles of sizes 2..=9 and their judge-format text
/// (with the closing `0 0`).
fn corpus(seed: u64, count: usize) -> (Vec<Grid>, String) {
    let mut rng = Rng::new(seed);
    let mut text = String::new();
    let puzzles: Vec<Grid> = (0..count)
        .map(|_| {
            let (r, c) = (2 + rng.index(8), 2 + rng.index(8));
            let g = random_grid(&mut rng, r, c);
            write_messy(&g, &mut rng, &mut text);
            g
        })
        .collect();
    text.push_str("0 0\n");
    (puzzles, text)
}

/// The JSON records of an output.
fn records(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The value of `key` in a summary.
fn summary_value(summary: &str, key: &str) -> String {
    summary
        .lines()
        .find_map(|l| l.strip_prefix(key).filter(|v| v.starts_with("  ")))
        .unwrap_or_else(|| panic!("no '{key}' in {summary}"))
        .trim()
        .to_owned()
}

fn field<'a>(v: &'a Value, key: &str) -> &'a Value {
    v.get(key).unwrap_or_else(|| panic!("no '{key}' in {v}"))
}

// ---------------------------------------------------------------------

#[test]
fn judge_format_is_judge_mode_byte_for_byte() {
    for name in ["corpus/judge/slink.in", "corpus/sample.in"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
        let input = std::fs::read(&path).unwrap();
        let judge = slink(&[], &input);
        let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
        assert_eq!(judge.stdout, expected, "judge mode on {name}");
        let file = slink(&["solve", path.to_str().unwrap()], b"");
        assert_eq!(file.stdout, expected, "slink solve {name}");
        assert_eq!(file.code, 0);
        let piped = slink(&["solve", "--piece-bytes", "50", "--window", "2"], &input);
        assert_eq!(piped.stdout, expected, "cat {name} | slink solve");
        assert_eq!(piped.code, 0);
        // Standard input redirected from a file (mapped), after a shell
        // read its first line.
        let dir = Scratch::new("redirect");
        let shifted = dir.file("in.txt", &[&b"not a puzzle\n"[..], &input].concat());
        let redirected = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "read -r skip; exec '{BIN}' solve --piece-bytes 100"
            ))
            .stdin(std::fs::File::open(&shifted).unwrap())
            .output()
            .expect("sh runs");
        assert_eq!(
            String::from_utf8_lossy(&redirected.stdout),
            expected,
            "slink solve < {name}"
        );
    }
}

#[test]
fn output_is_the_same_for_every_thread_count_window_and_piece_size() {
    let (puzzles, input) = corpus(7, 2000);
    let dir = Scratch::new("threads");
    let path = dir.file("gen.txt", input.as_bytes());
    // A small budget, so that some puzzles are given up on, too.
    let judge = slink(&["--budget", "30"], input.as_bytes());
    // Threads, window, piece size, format, and `-` for a pipe, else the file.
    let runs = [
        ("1", "4096", "16777216", "judge", path.as_str()),
        ("2", "37", "3000", "judge", "-"),
        ("1", "4096", "16777216", "json", path.as_str()),
        ("3", "1", "200", "json", path.as_str()),
    ];
    let mut outputs = Vec::new();
    for (threads, window, piece, format, file) in runs {
        let args = [
            "solve",
            "--budget",
            "30",
            "-j",
            threads,
            "--window",
            window,
            "--piece-bytes",
            piece,
            "--format",
            format,
            "--no-timing",
            file,
        ];
        let run = slink(&args, input.as_bytes());
        assert_eq!(run.code, judge.code, "{args:?}");
        outputs.push(run.stdout);
    }
    assert!(
        outputs[0] == judge.stdout,
        "judge format, 1 thread, differs from judge mode"
    );
    assert!(
        outputs[1] == judge.stdout,
        "judge format, 2 threads, differs from judge mode"
    );
    assert!(
        outputs[3] == outputs[2],
        "JSON with 3 threads differs from 1 thread"
    );
    let recs = records(&outputs[2]);
    assert_eq!(recs.len(), puzzles.len());
    let mut seen = std::collections::BTreeSet::new();
    for (k, rec) in recs.iter().enumerate() {
        assert_eq!(field(rec, "data_set").as_u64(), Some(k as u64 + 1));
        seen.insert(field(rec, "status").as_str().unwrap().to_owned());
    }
    // The corpus exercises more than one status.
    for status in ["solved", "none", "multiple", "gave-up"] {
        assert!(seen.contains(status), "no '{status}' among {seen:?}");
    }
}

#[test]
fn json_loops_decode_and_verify() {
    let (puzzles, input) = corpus(11, 600);
    let out = slink(&["solve", "--format", "json", "-j", "2"], input.as_bytes());
    let recs = records(&out.stdout);
    assert_eq!(recs.len(), puzzles.len());
    let mut verified = 0;
    for (g, rec) in puzzles.iter().zip(&recs) {
        assert_eq!(field(rec, "rows").as_u64(), Some(g.rows as u64));
        assert_eq!(field(rec, "cols").as_u64(), Some(g.cols as u64));
        assert_eq!(field(rec, "file").as_str(), Some("stdin"));
        assert!(field(rec, "micros").is_u64());
        match field(rec, "status").as_str().unwrap() {
            "solved" | "multiple" => {
                let hex = field(rec, "loop").as_str().unwrap();
                let e = decode_loop(hex, g.rows, g.cols).expect("a loop field of the right form");
                if let Err(why) = check_loop(&e, g) {
                    panic!("loop of {rec} does not solve {g:?}: {why}");
                }
                verified += 1;
            }
            "none" | "gave-up" => {
                assert!(rec.get("loop").is_none());
                assert!(field(rec, "error").is_string());
            }
            other => panic!("unexpected status {other} in {rec}"),
        }
    }
    assert!(
        verified > puzzles.len() / 2,
        "only {verified} loops verified"
    );
}

#[test]
fn several_files_and_stdin_in_order_numbered_per_file() {
    let (_, a) = corpus(1, 5);
    let (_, b) = corpus(2, 4);
    let (_, c) = corpus(3, 3);
    let dir = Scratch::new("several");
    let (pa, pb) = (
        dir.file("a.txt", a.as_bytes()),
        dir.file("b.txt", b.as_bytes()),
    );
    let out = slink(&["solve", &pa, "-", &pb], c.as_bytes());
    let expected = [&a, &c, &b]
        .map(|t| slink(&[], t.as_bytes()).stdout)
        .concat();
    assert_eq!(out.stdout, expected);

    let json = slink(&["solve", "--format", "json", &pa, "-", &pb], c.as_bytes());
    let keys: Vec<(u64, u64, String)> = records(&json.stdout)
        .iter()
        .map(|r| {
            let file = field(r, "file").as_str().unwrap();
            let name = Path::new(file)
                .file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .to_owned();
            (
                field(r, "input").as_u64().unwrap(),
                field(r, "data_set").as_u64().unwrap(),
                name,
            )
        })
        .collect();
    let mut want = Vec::new();
    for (input, n, name) in [(1, 5, "a.txt"), (2, 3, "stdin"), (3, 4, "b.txt")] {
        want.extend((1..=n).map(|k| (input, k, name.to_owned())));
    }
    assert_eq!(keys, want);

    let cont = slink(
        &[
            "solve",
            "--format",
            "json",
            "--continuous-numbering",
            &pa,
            "-",
            &pb,
        ],
        c.as_bytes(),
    );
    let numbers: Vec<u64> = records(&cont.stdout)
        .iter()
        .map(|r| field(r, "data_set").as_u64().unwrap())
        .collect();
    assert_eq!(numbers, (1..=12).collect::<Vec<_>>());
    let cont_judge = slink(&["solve", "--continuous-numbering", &pa, &pb], b"");
    let both = format!("{}{b}", a.strip_suffix("0 0\n").unwrap());
    assert_eq!(cont_judge.stdout, slink(&[], both.as_bytes()).stdout);
}

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
fn shards_merge_back_into_the_unsharded_output() {
    let (_, a) = corpus(21, 200);
    let (_, b) = corpus(22, 77);
    let dir = Scratch::new("shards");
    let (pa, pb) = (
        dir.file("a.txt", a.as_bytes()),
        dir.file("b.txt", b.as_bytes()),
    );
    let all = slink(&["solve", "--format", "json", "--no-timing", &pa, &pb], b"").stdout;
    let n = 3;
    let mut parts = Vec::new();
    for k in 1..=n {
        let shard = format!("{k}/{n}");
        let out = slink(
            &[
                "solve",
                "--format",
                "json",
                "--no-timing",
                "--shard",
                &shard,
                &pa,
                &pb,
            ],
            b"",
        )
        .stdout;
        for r in records(&out) {
            let num = field(&r, "data_set").as_u64().unwrap() as usize;
            assert_eq!((num - 1) % n + 1, k, "shard {shard} took data set {num}");
        }
        parts.push(dir.file(&format!("part-{k}.jsonl"), out.as_bytes()));
    }
    // The merge command of the README and docs/guide.md, literally.
    let merged = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "LC_ALL=C sort -m -t: -k2,2n -k3,3n {}",
            parts.join(" ")
        ))
        .output()
        .expect("sh and sort run");
    assert!(merged.status.success());
    assert_eq!(String::from_utf8_lossy(&merged.stdout), all);
    assert_eq!(records(&all).len(), 277);
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
fn summary_counts_every_status() {
    // Unique, several solutions (a 1x1 '.' has one loop, a 2x2 of blanks
    // has several), no solution, malformed.
    let input = "2 2\n2 2\n2 2\n2 2\n. .\n. .\n1 1\n0\n1 2\n1 9\n0 0\n";
    let out = slink(
        &["solve", "--format", "summary", "--no-timing"],
        input.as_bytes(),
    );
    assert_eq!(
        out.stdout,
        "data sets  4\nsolved     1\nmultiple   1\nnone       1\ninvalid    1\ngave-up    0\nfiles      1\n"
    );
    assert_eq!(
        out.stderr,
        "slink solve: stdin:10:3: data set 4: expected a clue 0-3, found '9'\n\
         slink solve: 3 of 4 data sets not solved with one solution: \
         1 with several solutions, 1 with no solution, 1 malformed\n"
    );
    assert_eq!(out.code, 2);
    let timed = slink(&["solve", "--format", "summary"], input.as_bytes());
    let s = timed.stdout;
    assert!(s.contains("puzzles/s") && s.contains("MB/s"), "{s}");
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

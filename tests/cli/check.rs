//! `slink check`: the question asked of each data set (`--unique`, the
//! default with blank cells; `--promise`, the default when fully clued),
//! lines placed as `FILE:LINE:COL:` with the data set's number as
//! `set=K`, `--brief`, the summary per verdict, the exit status, `-o`.

use crate::common::{run_slink as slink, Input, Invocation, Run, Scratch};
use std::path::{Path, PathBuf};

/// The corpus folder of generated puzzles.
fn generated() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/generated")
}

/// Runs `slink check` with `args` in `dir`.
fn check_in(dir: &Path, args: &[&str]) -> Run {
    let args: Vec<&str> = ["check"].iter().chain(args).copied().collect();
    Invocation {
        stdin: Input::Bytes(b""),
        dir: Some(dir),
        ..Invocation::new(&args)
    }
    .run()
}

/// The `check` line of data set `k` of stdin.
fn check_line(stdout: &str, k: usize) -> &str {
    let field = format!(" set={k} ");
    stdout
        .lines()
        .find(|l| l.starts_with("stdin:") && l.contains(&field))
        .unwrap_or_else(|| panic!("no line for data set {k} in {stdout}"))
}

/// Asserts that `text` starts with `prefix`.
#[track_caller]
fn assert_starts(text: &str, prefix: &str) {
    assert!(text.starts_with(prefix), "want {prefix:?}... in {text}");
}

/// The summary line: the last.
fn summary(stdout: &str) -> &str {
    let last = stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("summary: "), "{stdout}");
    last
}

#[test]
fn a_slink_puzzle_is_asked_the_judges_promise() {
    // Unique and finished by the rules: the promise is kept.
    let out = slink(&["check"], b"2 2\n2 2\n2 2\n0 0\n");
    assert_eq!(out.code, 0);
    assert_eq!(
        check_line(&out.stdout, 1),
        "stdin:1:1: set=1 2x2 blanks=0 solutions=1 rules=finish \
         nodes=1 probes=0 depth=0 grade=easy promise=kept"
    );
    assert_eq!(
        summary(&out.stdout),
        "summary: 1 data set read; unique 1, multiple 0, none 0, gave up 0, bad input 0; \
         asked unique 0, promise 1 (kept 1, broken 0; rules finish 1; grade easy 1 normal 0 \
         tricky 0 hard 0); failed 0"
    );
    // No solution: four 3s around one vertex; the rules see it.
    let out = slink(&["check"], b"2 2\n3 3\n3 3\n0 0\n");
    assert_eq!(out.code, 1);
    let line = check_line(&out.stdout, 1);
    // No solution, no grade: one word for difficulty, and only there.
    assert!(
        line.contains("solutions=0 rules=contradiction nodes=") && !line.contains("grade="),
        "{line}"
    );
    assert!(!out.stdout.contains("needs="), "{}", out.stdout);
    assert!(line.ends_with("promise=broken"), "{line}");
}

#[test]
fn a_puzzle_with_blanks_is_asked_whether_it_is_unique() {
    // Several solutions: two cells with no clue.
    let out = slink(&["check"], b"1 2\n. .\n0 0\n");
    assert_eq!(out.code, 1);
    let line = check_line(&out.stdout, 1);
    assert!(line.starts_with("stdin:1:1: set=1 1x2 blanks=2 solutions=2+ nodes="));
    assert!(line.ends_with(" unique=no"), "{line}");
    assert!(
        !line.contains("rules=") && !line.contains("promise="),
        "{line}"
    );
    // None: a 0 beside a blank cell (a loop round the blank crosses the 0).
    let out = slink(&["check"], b"1 2\n0 .\n0 0\n");
    assert_eq!(out.code, 1);
    let line = check_line(&out.stdout, 1);
    assert!(
        line.contains("solutions=0 ") && line.ends_with(" unique=no"),
        "{line}"
    );
    // Unique though the judge's rules stall: it passes --unique (the
    // default) and fails --promise.
    for input in [&b"2 4\n. 3 . .\n. . 1 1\n0 0\n"[..], b"1 1\n.\n0 0\n"] {
        let out = slink(&["check"], input);
        assert_eq!(out.code, 0, "{}", out.stdout);
        let line = check_line(&out.stdout, 1);
        assert!(
            line.contains(" solutions=1 ") && line.ends_with(" unique=yes"),
            "{line}"
        );
        let out = slink(&["check", "--promise"], input);
        assert_eq!(out.code, 1, "{}", out.stdout);
        let line = check_line(&out.stdout, 1);
        assert!(line.contains("solutions=1 rules=stall:"), "{line}");
        assert!(line.ends_with("promise=broken"), "{line}");
    }
    // The rules stall on both; loop reasoning finishes the first, the
    // second (a 1x1 with its cell blank) takes the search.
    let out = slink(&["check", "--promise"], b"2 4\n. 3 . .\n. . 1 1\n0 0\n");
    assert!(check_line(&out.stdout, 1).contains(" grade=normal promise=broken"));
    let out = slink(&["check", "--promise"], b"1 1\n.\n0 0\n");
    let line = check_line(&out.stdout, 1);
    assert!(
        line.contains("1x1 blanks=1 solutions=1 rules=stall:4 ") && line.contains(" grade=hard "),
        "{line}"
    );
    // --unique asks a fully clued puzzle the same; the two exclude each other.
    let out = slink(&["check", "--unique"], b"2 2\n3 3\n3 3\n0 0\n");
    assert!(check_line(&out.stdout, 1).ends_with("solutions=0 nodes=1 probes=0 depth=0 unique=no"));
    let out = slink(&["check", "--unique", "--promise"], b"1 1\n.\n0 0\n");
    assert_eq!(out.code, 2);
}

#[test]
fn lines_are_placed_at_the_data_sets_first_line_and_column() {
    // Blank lines, an indented header, a tab, CRLF line ends, a bad data
    // set (placed where it goes wrong), then a data set after it.
    let input =
        b"\n\n  1 2\n. .\n\t2 2\r\n3 3\r\n3 3\r\n\n1 2\n0 .\n 2 2\n1 4\n1 1\n   1 2\n3 .\n0 0\n";
    let dir = Scratch::new("check-places");
    dir.file("sets.in", input);
    let out = check_in(&dir.0, &["sets.in"]);
    assert_eq!(out.code, 2, "bad input: {}", out.stdout);
    let lines: Vec<&str> = out.stdout.lines().collect();
    let places: Vec<String> = lines
        .iter()
        .map(|l| l.split(' ').take(2).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(
        places,
        [
            "sets.in:3:3: set=1",
            "sets.in:5:2: set=2",
            "sets.in:9:1: set=3",
            "sets.in:12:3: set=4",
            "sets.in:14:4: set=5",
            "summary: 5",
        ],
        "{}",
        out.stdout
    );
    assert_eq!(
        lines[3],
        "sets.in:12:3: set=4 bad input: expected a clue 0-3, found '4'"
    );
    assert!(
        lines[4].ends_with("solutions=1 nodes=1 probes=0 depth=0 grade=easy unique=yes"),
        "{}",
        lines[4]
    );
    // A byte order mark has no column, as in the parser's messages.
    let out = slink(&["check"], b"\xef\xbb\xbf 2 2\n2 2\n2 2\n0 0\n");
    assert_starts(&out.stdout, "stdin:1:2: set=1 2x2 ");
    // The same places in the other formats: a Loopy ID after a comment
    // and an indented one.
    let ids = "# three IDs\n\n   5x5t0:2b1b2b1b2b3b3b0b3\n2x1:..\n\t1x1:3\n";
    let out = slink(&["check", "--from", "loopy"], ids.as_bytes());
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(
        lines[0].starts_with("stdin:3:4: set=1 5x5 blanks=16 solutions=1 "),
        "{}",
        out.stdout
    );
    assert!(
        lines[1].starts_with("stdin:4:5: set=2 bad input: "),
        "{}",
        out.stdout
    );
    assert!(
        lines[2].starts_with("stdin:5:2: set=3 1x1 "),
        "{}",
        out.stdout
    );
}

#[test]
fn brief_prints_only_what_fails_the_question_and_the_summary_counts_verdicts() {
    // Unique (blanks), several, none (blanks), a kept promise, a broken
    // one (no solution: a fully clued puzzle is asked the promise), bad
    // input.
    let input = b"1 2\n3 .\n1 2\n. .\n1 2\n0 .\n2 2\n2 2\n2 2\n2 2\n3 3\n3 3\n2 2\n2 x\n0 0\n";
    let all = slink(&["check"], input);
    let brief = slink(&["check", "--brief"], input);
    assert_eq!(all.code, 2, "bad input wins: {}", all.stdout);
    assert_eq!(brief.code, 2);
    let sets = |out: &str| -> Vec<String> {
        out.lines()
            .filter_map(|l| l.split(' ').nth(1).map(String::from))
            .filter(|f| f.starts_with("set="))
            .collect()
    };
    assert_eq!(
        sets(&all.stdout),
        ["set=1", "set=2", "set=3", "set=4", "set=5", "set=6"]
    );
    assert_eq!(sets(&brief.stdout), ["set=2", "set=3", "set=5", "set=6"]);
    let want = "summary: 6 data sets read; unique 2, multiple 1, none 2, gave up 0, \
                bad input 1; asked unique 3, promise 2 (kept 1, broken 1; rules finish 1; \
                grade easy 1 normal 0 tricky 0 hard 0); failed 3";
    assert_eq!(summary(&all.stdout), want);
    assert_eq!(summary(&brief.stdout), want, "--brief counts all it read");
    // Without bad input the status is that of the question: 1 when some
    // fail, 0 when none does.
    let out = slink(&["check", "--brief"], b"1 2\n3 .\n1 2\n. .\n0 0\n");
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout.lines().count(), 2, "{}", out.stdout);
    let out = slink(&["check", "--brief"], b"1 2\n3 .\n2 2\n2 2\n2 2\n0 0\n");
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout.lines().count(), 1, "{}", out.stdout);
    // A time limit that runs out: gave up, `unique=?`, a failure.
    let board = format!(
        "30 30\n{}0 0\n",
        format!("{}\n", vec!["."; 30].join(" ")).repeat(30)
    );
    let out = slink(&["check", "--time-limit", "1ns"], board.as_bytes());
    assert_eq!(out.code, 1);
    assert!(
        check_line(&out.stdout, 1).ends_with(" unique=?"),
        "{}",
        out.stdout
    );
    assert!(summary(&out.stdout).contains("gave up 1, bad input 0"));
}

#[test]
fn check_reports_bad_input_unreadable_files_and_a_missing_end() {
    let out = slink(&["check"], b"2 2\n2 2\n2 2\n2 2\n2 4\n2 2\n1 2\n. .\n0 0\n");
    assert_eq!(out.code, 2, "bad input wins over a failure");
    assert_eq!(
        check_line(&out.stdout, 2),
        "stdin:5:3: set=2 bad input: expected a clue 0-3, found '4'"
    );
    assert!(check_line(&out.stdout, 3).ends_with("unique=no"));
    // A file that cannot be read.
    let out = slink(&["check", "no/such/file.in"], b"");
    assert_eq!(out.code, 2);
    assert_starts(&out.stderr, "slink check: cannot read no/such/file.in: ");
    assert!(summary(&out.stdout).ends_with("failed 0; unreadable files 1"));
    // A missing `0 0` is a warning only.
    let out = slink(&["check"], b"2 2\n2 2\n2 2\n");
    assert_eq!(out.code, 0);
    assert_eq!(
        out.stderr,
        "slink check: stdin: warning: the input ends without the closing '0 0' line\n"
    );
    // A hostile header is bad input, not an allocation.
    let out = slink(&["check"], b"99999999 99999999\n");
    assert_eq!(out.code, 2);
    assert_starts(&out.stdout, "stdin:1:1: set=1 bad input: ");
}

#[test]
fn check_on_the_judge_data_keeps_the_promise() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/judge/slink.in");
    let out = slink(&["check", path.to_str().unwrap()], b"");
    assert_eq!(out.code, 0, "{}", out.stdout);
    let s = out.stdout;
    let kept = s.lines().filter(|l| l.ends_with("promise=kept")).count();
    assert_eq!(kept, 9, "{s}");
    assert_eq!(
        summary(&s),
        "summary: 9 data sets read; unique 9, multiple 0, none 0, gave up 0, bad input 0; \
         asked unique 0, promise 9 (kept 9, broken 0; rules finish 9; grade easy 9 normal 0 \
         tricky 0 hard 0); failed 0"
    );
}

#[test]
fn check_reads_several_files_and_counts_them_together() {
    let dir = generated();
    let out = check_in(&dir, &["slink20.in", "mixed.in"]);
    let s = out.stdout;
    assert_eq!(out.code, 0, "{s}");
    // Data set 20 of slink20.in starts on line 400 (21 lines each).
    assert!(
        s.contains("slink20.in:400:1: set=20 20x20 blanks=0 solutions=1 rules=finish"),
        "{s}"
    );
    assert!(
        summary(&s).starts_with("summary: 80 data sets read; unique 80,"),
        "{s}"
    );
    // Blank-heavy puzzles: all unique, which is the question asked of
    // them; the judge's promise, asked, is mostly broken.
    let out = check_in(&dir, &["blanks.in"]);
    assert_eq!(out.code, 0, "{}", out.stdout);
    assert!(summary(&out.stdout).contains("unique 30, multiple 0, none 0"));
    assert!(summary(&out.stdout).contains("asked unique 30, promise 0;"));
    let out = check_in(&dir, &["--promise", "blanks.in"]);
    assert_eq!(out.code, 1);
    assert!(summary(&out.stdout).contains("asked unique 0, promise 30 (kept "));
}

#[test]
fn check_writes_to_a_file_with_output() {
    let dir = Scratch::new("check-output");
    let input = dir.file("in.txt", b"1 2\n. .\n0 0\n");
    let report = dir.0.join("report.txt");
    let out = slink(&["check", "-o", report.to_str().unwrap(), &input], b"");
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "");
    let written = std::fs::read_to_string(&report).unwrap();
    assert!(written.contains(" set=1 1x2 ") && written.contains("summary: 1 data set read"));
    // The input itself is refused as the output, and left alone.
    let out = slink(&["check", "--output", &input, &input], b"");
    assert_eq!(out.code, 2);
    assert_starts(
        &out.stderr,
        &format!("slink check: the output {input} is the input {input}"),
    );
    assert_eq!(std::fs::read(&input).unwrap(), b"1 2\n. .\n0 0\n");
    // A file that cannot be made is named.
    let out = slink(&["check", "-o", "no/such/dir/r.txt", &input], b"");
    assert_eq!(out.code, 2);
    assert_starts(
        &out.stderr,
        "slink check: cannot create no/such/dir/r.txt: ",
    );
}

#[test]
fn json_has_a_record_per_data_set_with_the_lines_fields_and_a_summary() {
    let dir = Scratch::new("check-json");
    // Two of the sample's puzzles, one bad data set, one with two solutions.
    let file = dir.file(
        "mixed.in",
        b"2 2\n2 2\n2 2\n2 2\n2 2\n2 2\n2 2\n2 4\n2 2\n2 2\n. .\n. .\n0 0\n",
    );
    let text = slink(&["check", "--unique", &file], b"");
    let json = slink(&["check", "--unique", "--format", "json", &file], b"");
    assert_eq!(json.code, text.code, "{}", json.stderr);
    let records: Vec<serde_json::Value> = json
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON record"))
        .collect();
    let lines: Vec<&str> = text.stdout.lines().collect();
    assert_eq!(records.len(), lines.len(), "{}", json.stdout);
    for (r, line) in records.iter().zip(&lines) {
        if let Some(s) = r.get("summary") {
            let read = match s["data_sets"].as_u64() {
                Some(1) => "1 data set".to_string(),
                n => format!("{} data sets", n.unwrap_or_default()),
            };
            assert!(line.starts_with(&format!("summary: {read} read")));
            continue;
        }
        let place = format!(
            "{}:{}:{}: set={} ",
            r["file"].as_str().unwrap(),
            r["line"],
            r["column"],
            r["data_set"]
        );
        assert!(line.starts_with(&place), "{line} / {r}");
        match r.get("bad_input") {
            Some(why) => assert!(line.ends_with(why.as_str().unwrap()), "{line} / {r}"),
            None => {
                let unique = match r["unique"].as_bool() {
                    Some(true) => "yes",
                    Some(false) => "no",
                    None => "?",
                };
                assert!(line.contains(&format!(" solutions={} ", r["solutions"].as_str().unwrap())));
                assert!(line.ends_with(&format!("unique={unique}")), "{line} / {r}");
            }
        }
    }
    let verdicts: Vec<&str> = records[..4]
        .iter()
        .map(|r| r["solutions"].as_str().unwrap_or("bad"))
        .collect();
    assert_eq!(verdicts, ["1", "1", "bad", "2+"]);
}

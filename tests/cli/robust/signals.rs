//! Signals: SIGINT and SIGTERM end every command at a record boundary,
//! its output whole, exit 130 or 143, saying where it stopped and how to
//! go on; a second signal ends it at once.

use super::*;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

#[test]
fn sigterm_ends_solve_json_with_whole_records_and_exit_143() {
    let input = TempFile::new("term.json.in", &sample_repeated(5000));
    let args = ["solve", "--format", "json", "--no-timing", "-j", "2"];
    let mut child = spawn(
        &[&args[..], &[input.0.to_str().unwrap()]].concat(),
        Stdio::null(),
    );
    let got = first_bytes(&mut child, 1000);
    signal(&child, "TERM");
    let (got, err) = drain_slowly(&mut child, got);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143), "{err}");
    let text = String::from_utf8(got).unwrap();
    assert!(text.ends_with('\n'));
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.len() < 20_000,
        "stopped early: {} records",
        lines.len()
    );
    for (k, line) in lines.iter().enumerate() {
        let record: serde_json::Value = serde_json::from_str(line).expect("a whole JSON record");
        assert_eq!(record["data_set"], k + 1, "in order, none skipped");
    }
}

#[test]
fn a_stopped_run_says_how_to_go_on_and_going_on_completes_it() {
    let input = TempFile::new("resume.in", &sample_repeated(5000));
    let path = input.0.to_str().unwrap();
    let args = ["solve", "--format", "json", "--no-timing", "-j", "2", path];
    let full = Command::new(SLINK).args(args).output().unwrap().stdout;
    let mut child = spawn(&args, Stdio::null());
    let got = first_bytes(&mut child, 1000);
    signal(&child, "INT");
    let (got, err) = drain_slowly(&mut child, got);
    assert_eq!(child.wait().unwrap().code(), Some(130), "{err}");
    // "... after N data sets ...; ... with --skip N and append the output"
    let skip = err
        .split("--skip ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no --skip in {err:?}"));
    let done: usize = skip.parse().unwrap();
    assert_eq!(done, got.iter().filter(|&&b| b == b'\n').count(), "{err}");
    assert!(done < 20_000, "stopped early");
    let rest = Command::new(SLINK)
        .args([&args[..], &["--skip", skip]].concat())
        .output()
        .unwrap();
    assert_eq!(rest.status.code(), Some(0));
    assert!(
        [got, rest.stdout].concat() == full,
        "the two runs make the whole"
    );
}

#[test]
fn sigterm_ends_judge_mode_with_whole_drawings_and_exit_143() {
    let bytes = sample_repeated(5000);
    let input = TempFile::new("term.judge.in", &bytes);
    let full = Command::new(SLINK).stdin(open(&input)).output().unwrap();
    assert_eq!(full.status.code(), Some(0));
    let mut child = spawn::<&str>(&[], open(&input));
    let got = first_bytes(&mut child, 1000);
    signal(&child, "TERM");
    let (got, err) = drain_slowly(&mut child, got);
    assert_eq!(child.wait().unwrap().code(), Some(143), "{err}");
    assert_whole_judge_records(&got, &full.stdout);
    // It says so, and how to go on: `slink solve --skip N` on the same
    // input writes the rest, byte for byte.
    assert_says_it_stopped(&[], &err);
    let skip = err
        .split("`slink solve --skip ")
        .nth(1)
        .and_then(|rest| rest.split('`').next())
        .unwrap_or_else(|| panic!("no --skip in {err:?}"));
    let rest = Command::new(SLINK)
        .args(["solve", "--skip", skip, "-j", "1"])
        .stdin(open(&input))
        .output()
        .unwrap();
    assert!(
        [got, rest.stdout].concat() == full.stdout,
        "the rest, byte for byte"
    );
}

#[test]
fn sigint_while_waiting_for_input_ends_at_once_with_exit_130() {
    let runs: [&[&str]; 4] = [
        &["solve", "--format", "json"],
        &["check"],
        &["explain"],
        &["verify", "-", "/dev/null"],
    ];
    for args in runs {
        // Standard input is a pipe that stays open and empty.
        let mut child = spawn(args, Stdio::piped());
        // Some whole data sets, then the wait: they are solved only when
        // the piece is full or the input ends, so nothing is written.
        let stdin = child.stdin.as_mut().unwrap();
        stdin.write_all(b"1 1\n0\n").unwrap();
        stdin.flush().unwrap();
        wait_for_handlers(&child);
        sleep(Duration::from_millis(100));
        let started = Instant::now();
        signal(&child, "INT");
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(130), "{args:?}");
        assert!(started.elapsed() < Duration::from_secs(5), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_second_signal_ends_the_run_at_once() {
    // A reader that never reads: the first signal waits for the write.
    let input = TempFile::new("twice.in", &sample_repeated(5000));
    let mut child = spawn(
        &["solve", "-j", "1", input.0.to_str().unwrap()],
        Stdio::null(),
    );
    let _ = first_bytes(&mut child, 1000);
    signal(&child, "TERM");
    sleep(Duration::from_millis(200));
    assert!(child.try_wait().unwrap().is_none(), "blocked on its output");
    signal(&child, "TERM");
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(started.elapsed() < Duration::from_secs(5), "still running");
        sleep(Duration::from_millis(10));
    }
    assert_eq!(child.wait().unwrap().code(), Some(143));
}

/// `count` `n` x `n` boards with about 5% of their cells clued at random
/// (seeded), then `0 0`: most have several solutions, found only by
/// search (about a tenth of a second each in November 2026).
fn sparse_boards(n: usize, count: usize) -> String {
    let mut state = 0x2021_5eed_u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut text = String::new();
    for _ in 0..count {
        text.push_str(&format!("{n} {n}\n"));
        for _ in 0..n {
            let row: Vec<String> = (0..n)
                .map(|_| match next() % 80 {
                    c @ 0..=3 => c.to_string(),
                    _ => ".".to_string(),
                })
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
    }
    text.push_str("0 0\n");
    text
}

/// Starts `slink ARGS`, sends SIGTERM once it is at work (its handlers in
/// place, then `after`), and returns what it wrote, all read at once;
/// asserts the exit status 143 and that standard error says it stopped.
fn terminated(args: &[&str], after: Duration) -> String {
    let mut child = spawn(args, Stdio::null());
    wait_for_handlers(&child);
    sleep(after);
    signal(&child, "TERM");
    let (got, err) = drain(&mut child, Vec::new(), Duration::ZERO);
    assert_eq!(child.wait().unwrap().code(), Some(143), "{args:?}: {err}");
    assert_says_it_stopped(args, &err);
    String::from_utf8(got).unwrap()
}

/// Asserts that the command of `args` said on standard error, starting
/// with its name, that SIGTERM stopped it.
fn assert_says_it_stopped(args: &[&str], err: &str) {
    let command = match args.first() {
        Some(c) if !c.starts_with('-') => format!("slink {c}"),
        _ => "slink".into(),
    };
    let said = format!("{command}: stopped by signal 15 ");
    assert!(err.lines().any(|l| l.starts_with(&said)), "{args:?}: {err}");
}

/// Starts `slink ARGS`, sends SIGTERM once its output pipe is full (it
/// is blocked writing records already made), drains the rest slowly, and
/// returns it all; asserts the exit status 143.
fn terminated_while_writing(args: &[&str]) -> (Vec<u8>, String) {
    let mut child = spawn(args, Stdio::null());
    let got = first_bytes(&mut child, 1000);
    signal(&child, "TERM");
    let (got, err) = drain_slowly(&mut child, got);
    assert_eq!(child.wait().unwrap().code(), Some(143), "{args:?}: {err}");
    (got, err)
}

#[test]
fn sigterm_ends_gen_with_whole_puzzles_and_exit_143() {
    // A million puzzles into a pipe drained slowly: stopped, it writes the
    // puzzles made before the first one left out, then the closing `0 0`,
    // exactly as a run asked for that many writes them; standard error
    // (under -q too) says where it stopped and how to make the rest.
    let args = ["gen", "--rows", "5", "--cols", "5", "--seed", "3", "-q"];
    let (got, err) = terminated_while_writing(&[&args[..], &["--count", "1000000"]].concat());
    assert_says_it_stopped(&args, &err);
    let made = got.split(|&b| b == b'\n').filter(|l| l == b"5 5").count();
    assert!(
        made > 0 && made < 1_000_000,
        "stopped early: {made} puzzles"
    );
    let rest = format!("--first {made} --count {}", 1_000_000 - made);
    assert!(err.contains(&rest), "{err}");
    let count = made.to_string();
    let asked = Command::new(SLINK)
        .args(args)
        .args(["--count", &count])
        .output()
        .unwrap();
    assert!(
        got == asked.stdout,
        "not the first {made} puzzles, whole, then 0 0"
    );
}

#[test]
fn gen_first_goes_on_where_a_run_stopped() {
    // Puzzles 4 to 9 of a seed, made alone, are those a run of 10 makes.
    let gen = |extra: &[&str]| {
        let args = ["gen", "--rows", "6", "--cols", "6", "--seed", "8", "-q"];
        let out = Command::new(SLINK).args(args).args(extra).output().unwrap();
        assert!(out.status.success(), "{extra:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let all = gen(&["--count", "10"]);
    let head = gen(&["--count", "4"]);
    let tail = gen(&["--first", "4", "--count", "6"]);
    let joined = format!("{}{tail}", head.strip_suffix("0 0\n").unwrap());
    assert_eq!(joined, all);
    assert_ne!(head, tail, "--first changes nothing");
}

#[test]
fn sigterm_ends_check_with_whole_lines_and_its_summary_and_exit_143() {
    // Over 16 MB of 20 x 20 puzzles: two pieces. The signal comes while
    // the first piece's lines are being written (the pipe is full): they
    // are written whole, the second piece is not taken, and the summary
    // counts what was checked.
    let slink20 = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/generated/slink20.in");
    let text = std::fs::read_to_string(slink20).unwrap();
    let body = text.trim_end().strip_suffix("0 0").unwrap();
    let times = (17 << 20) / body.len() + 1;
    let input = TempFile::new(
        "term.check.in",
        format!("{}0 0\n", body.repeat(times)).as_bytes(),
    );
    let total = times * body.lines().filter(|l| *l == "20 20").count();
    let args = ["check", "-j", "2", input.0.to_str().unwrap()];
    let (got, err) = terminated_while_writing(&args);
    assert_says_it_stopped(&args, &err);
    let got = String::from_utf8(got).unwrap();
    assert!(got.ends_with('\n'));
    let lines: Vec<&str> = got.lines().collect();
    let (summary, data_sets) = lines.split_last().unwrap();
    assert!(
        data_sets.len() < total,
        "stopped early: {} lines",
        lines.len()
    );
    for (k, line) in data_sets.iter().enumerate() {
        let set = format!(" set={} ", k + 1);
        assert!(
            line.contains(&set) && line.ends_with("promise=kept"),
            "{line}"
        );
    }
    // The summary counts what was checked, and says it is not all.
    let counted = format!(
        "summary (stopped by signal 15, not every data set checked): {} data sets read",
        data_sets.len()
    );
    assert!(summary.starts_with(&counted), "{summary}");
    // Going on with --skip checks the rest: together, every data set.
    let skip = format!("--skip {}", data_sets.len());
    assert!(err.contains(&skip), "{err}");
}

#[test]
fn sigterm_ends_verify_with_the_data_sets_judged_and_exit_143() {
    // 200 puzzles the output leaves out, each solved to tell whether it
    // has a solution (about 20 s in all): stopped after the one in flight.
    let puzzles = TempFile::new("term.verify.in", sparse_boards(40, 200).as_bytes());
    let empty = TempFile::new("term.verify.out", b"");
    let (p, o) = (puzzles.0.to_str().unwrap(), empty.0.to_str().unwrap());
    let started = Instant::now();
    let got = terminated(
        &["verify", "--format", "json", p, o],
        Duration::from_millis(300),
    );
    let judged: Vec<&str> = got.lines().collect();
    assert!(
        judged.len() < 200,
        "stopped early: {} records",
        judged.len()
    );
    assert!(started.elapsed() < Duration::from_secs(10), "stopped soon");
    for (k, line) in judged.iter().enumerate() {
        let record: serde_json::Value = serde_json::from_str(line).expect("a whole JSON record");
        assert_eq!(record["data_set"], k + 1, "{line}");
    }
}

#[test]
fn sigterm_ends_explain_after_writing_its_explanation_whole_and_exit_143() {
    // A blank 40 x 40 board's explanation (some 400 KB): the signal comes
    // while it is being written, and it is written whole.
    let input = TempFile::new("term.explain.in", blank_board(40).as_bytes());
    let args = ["explain", "--format", "json", input.0.to_str().unwrap()];
    let (got, err) = terminated_while_writing(&args);
    assert_says_it_stopped(&args, &err);
    let got = String::from_utf8(got).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&got).expect("one whole JSON document");
    assert!(doc.is_object() && got.ends_with('\n'));
}

#[test]
fn sigterm_ends_bench_with_the_rows_measured_and_exit_143() {
    // 100,000 runs of 80 puzzles on one thread (a minute or more), then
    // on two: the run a signal cuts short is left out, and the table has
    // the row of the runs before it.
    let input = TempFile::new("term.bench.in", &sample_repeated(20));
    let args = [
        "bench",
        "-j",
        "1,2",
        "--runs",
        "100000",
        input.0.to_str().unwrap(),
    ];
    let got = terminated(&args, Duration::from_millis(300));
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines.len(), 3, "a header, a rule and one row: {got}");
    assert!(lines.iter().all(|l| l.starts_with('|') && l.ends_with('|')));
}

#[test]
fn sigterm_abandons_the_big_puzzle_under_way_within_a_second() {
    // A 200x200 takes seconds to make: the signal comes in the middle of
    // the first, which is abandoned (checks poll the stop request, and so
    // does the solver inside a check), so no puzzle is written, not even
    // part of one: only the closing `0 0` of a whole (empty) file.
    let args = [
        "gen",
        "--rows",
        "200",
        "--cols",
        "200",
        "--difficulty",
        "tricky",
        "--count",
        "2",
        "-j",
        "1",
        "-q",
    ];
    let mut child = spawn(&args, Stdio::null());
    wait_for_handlers(&child);
    sleep(Duration::from_millis(300));
    let asked = Instant::now();
    signal(&child, "TERM");
    let (got, err) = drain(&mut child, Vec::new(), Duration::ZERO);
    assert_eq!(child.wait().unwrap().code(), Some(143), "{err}");
    let took = asked.elapsed();
    assert!(took < Duration::from_millis(1500), "took {took:?} to stop");
    assert_eq!(String::from_utf8_lossy(&got), "0 0\n");
    assert!(err.contains("after 0 of 2 puzzles"), "{err}");
}

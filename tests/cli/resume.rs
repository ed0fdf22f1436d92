//! `slink solve -o OUTPUT --resume` (issue 30 item 7): a run stopped and
//! resumed leaves the same bytes as one that was not stopped.
//!
//! - torn tails: an uninterrupted run's output cut at random bytes (seeded)
//!   and resumed, in every resumable format, over one and several inputs
//!   with malformed and unsolvable data sets (so judge records skip
//!   numbers), with `--shard`, `--continuous-numbering` and `--skip`;
//! - real signals: SIGINT or SIGTERM at a random moment, the stop message
//!   (file, line, data set), then `--resume` (stopped again, and resumed
//!   again);
//! - outputs that do not fit the inputs or the options, refused and left
//!   as they were; usage errors.

use crate::common::*;

/// A malformed or unsolvable data set between generated ones: no solution
/// (2x2 of 3s, a 1x1 0), a bad clue, a short row, and the 2x2 ring.
const ODD: &str = "2 2\n3 3\n3 3\n2 2\n2 x\n2 2\n3 3\n1 1\n0\n2 2\n2 2\n2 2\n1 1\n0\n";

/// The data sets of `slink gen` (sizes 2-6, `count` of them, `seed`),
/// without the closing `0 0`.
fn generated(count: usize, seed: u64) -> String {
    let (count, seed) = (count.to_string(), seed.to_string());
    let args = [
        "gen", "--rows", "2-6", "--cols", "2-6", "--count", &count, "--seed", &seed, "-q",
    ];
    let run = run_slink(&args, b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let body = run.stdout.strip_suffix("0 0\n").expect("a closing 0 0");
    body.to_string()
}

/// The inputs of the tests, in `dir`: `a.txt` generated puzzles with odd
/// data sets among them, `b.txt` generated ones ending with a malformed
/// header (which ends the input), `c.txt` URLs with a bad one.
fn inputs(dir: &Scratch) {
    let a = format!("{}{ODD}{}{ODD}0 0\n", generated(12, 1), generated(12, 2));
    dir.file("a.txt", a.as_bytes());
    dir.file("b.txt", format!("{}2 x\n", generated(10, 3)).as_bytes());
    let urls = run_slink(&["convert", "--to", "url", "-"], generated(8, 4).as_bytes());
    let mut lines: Vec<&str> = urls.stdout.lines().collect();
    lines.insert(3, "https://puzz.link/p?slither/3/3/zzz");
    lines.insert(5, "# a comment");
    dir.file("c.txt", (lines.join("\n") + "\n").as_bytes());
}

/// Runs `slink solve ARGS` in `dir`.
fn solve(dir: &Scratch, args: &[&str]) -> Run {
    let args: Vec<&str> = [&["solve"][..], args].concat();
    Invocation {
        dir: Some(&dir.0),
        ..Invocation::new(&args)
    }
    .run()
}

/// The data sets `stderr` says a resumed run went on after.
fn resumed_after(stderr: &str) -> usize {
    let after = stderr
        .split("resuming out.txt after ")
        .nth(1)
        .unwrap_or_else(|| panic!("no 'resuming' note: {stderr}"));
    after.split(' ').next().unwrap().parse().unwrap()
}

/// `args` run whole into `out.txt`, then, for `cuts` random lengths (and
/// none, one byte, all but one and all), that output cut there and
/// resumed: the bytes must be the whole run's. With JSON lines, the note
/// must say that the run goes on after `skip` and the whole lines kept.
fn torn_tails(dir: &Scratch, args: &[&str], cuts: usize, rng: &mut Rng) {
    let out = dir.0.join("out.txt");
    let _ = std::fs::remove_file(&out);
    let with_out: Vec<&str> = [args, &["-o", "out.txt"]].concat();
    let whole = solve(dir, &with_out);
    let reference = std::fs::read(&out).unwrap();
    assert!(reference.len() > 100, "{args:?}: {}", whole.stderr);
    let resume: Vec<&str> = [&with_out[..], &["--resume"]].concat();
    let skip = args
        .iter()
        .position(|a| *a == "--skip")
        .map_or(0, |k| args[k + 1].parse().unwrap());
    let n = reference.len();
    let mut lengths = vec![0, 1, n - 1, n];
    lengths.extend((0..cuts).map(|_| rng.between(0, n)));
    for cut in lengths {
        std::fs::write(&out, &reference[..cut]).unwrap();
        let run = solve(dir, &resume);
        let got = std::fs::read(&out).unwrap();
        assert!(
            got == reference,
            "{args:?} cut at {cut} of {n}: not the whole run's bytes ({} bytes); {}",
            got.len(),
            run.stderr
        );
        assert!(
            run.code == whole.code || run.code == 0,
            "{args:?}: {}",
            run.stderr
        );
        if cut == 0 {
            // Empty: an ordinary run.
            assert!(!run.stderr.contains("resuming"), "{}", run.stderr);
        } else if args.contains(&"json") {
            let lines = reference[..cut].iter().filter(|&&b| b == b'\n').count();
            assert_eq!(
                resumed_after(&run.stderr),
                skip + lines,
                "{args:?} at {cut}"
            );
        }
    }
}

#[test]
fn a_torn_output_resumed_is_the_whole_runs() {
    let dir = Scratch::new("resume-torn");
    inputs(&dir);
    let mut rng = Rng::new(307);
    let runs: [&[&str]; 9] = [
        &["a.txt"],
        &["--format", "json", "--no-timing", "a.txt", "b.txt", "c.txt"],
        &["a.txt", "b.txt", "a.txt", "--shard", "2/3"],
        &["--continuous-numbering", "--shard", "1/2", "b.txt", "a.txt"],
        &[
            "--format",
            "json",
            "--no-timing",
            "--continuous-numbering",
            "--shard",
            "3/4",
            "a.txt",
            "b.txt",
            "a.txt",
        ],
        &["--format", "url", "a.txt", "c.txt", "b.txt"],
        &["--format", "loopy", "--shard", "2/2", "c.txt", "a.txt"],
        &[
            "--format",
            "json",
            "--no-timing",
            "--skip",
            "5",
            "a.txt",
            "b.txt",
        ],
        &["-j", "1", "--skip", "9", "a.txt", "c.txt", "b.txt"],
    ];
    for args in runs {
        torn_tails(&dir, args, 5, &mut rng);
    }
}

#[test]
fn a_resumed_json_output_with_times_is_whole_records_in_order() {
    // Times differ from run to run: the records are those of the whole
    // run but for their `micros`.
    let dir = Scratch::new("resume-timed");
    inputs(&dir);
    let args = ["--format", "json", "a.txt", "b.txt", "-o", "out.txt"];
    solve(&dir, &args);
    let out = dir.0.join("out.txt");
    let reference = std::fs::read_to_string(&out).unwrap();
    let untimed = |text: &str| -> Vec<serde_json::Value> {
        text.lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).expect("a whole record");
                let micros = v.as_object_mut().unwrap().remove("micros");
                assert!(micros.is_some() || v["status"] == "invalid", "{l}");
                v
            })
            .collect()
    };
    let mut rng = Rng::new(7);
    for _ in 0..4 {
        let cut = rng.between(0, reference.len());
        std::fs::write(&out, &reference.as_bytes()[..cut]).unwrap();
        let run = solve(&dir, &[&args[..], &["--resume"]].concat());
        let got = std::fs::read_to_string(&out).unwrap();
        assert_eq!(
            untimed(&got),
            untimed(&reference),
            "cut at {cut}: {}",
            run.stderr
        );
    }
}

#[test]
fn a_missing_or_whole_output_is_an_ordinary_run_or_left_as_it_is() {
    let dir = Scratch::new("resume-edges");
    inputs(&dir);
    let out = dir.0.join("out.txt");
    for format in ["judge", "json"] {
        let args = [
            "--format",
            format,
            "--no-timing",
            "a.txt",
            "b.txt",
            "-o",
            "out.txt",
        ];
        let reference = solve(&dir, &args[..5]).stdout;
        // Missing: made.
        let _ = std::fs::remove_file(&out);
        let run = solve(&dir, &[&args[..], &["--resume"]].concat());
        assert_eq!(std::fs::read_to_string(&out).unwrap(), reference);
        assert!(!run.stderr.contains("resuming"), "{}", run.stderr);
        // Whole: nothing more is written. (The judge format's last data
        // set, b.txt's malformed header, printed nothing: it is read again.)
        let run = solve(&dir, &[&args[..], &["--resume"]].concat());
        assert_eq!(std::fs::read_to_string(&out).unwrap(), reference);
        if format == "json" {
            assert_eq!(run.code, 0, "{}", run.stderr);
            let after = format!(
                "resuming out.txt after {} data sets",
                reference.lines().count()
            );
            assert!(run.stderr.contains(&after), "{}", run.stderr);
        } else {
            let after = "the last at b.txt:48, data set 10)";
            assert!(run.stderr.contains(after), "{}", run.stderr);
        }
    }
}

/// `slink solve ARGS --resume` in `dir` must be refused (exit 2, a message
/// containing `says`) and leave `out.txt` (written with `output`) as it was.
fn refused(dir: &Scratch, output: &[u8], args: &[&str], says: &str) {
    let out = dir.path("out.txt", output);
    let run = solve(dir, &[args, &["--resume"]].concat());
    assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    assert!(
        run.stderr.starts_with("slink solve: ") && run.stderr.contains(says),
        "{args:?}: {}",
        run.stderr
    );
    assert!(
        std::fs::read(&out).unwrap() == output,
        "{args:?}: out.txt changed"
    );
}

#[test]
fn an_output_that_does_not_fit_is_refused_and_left_as_it_was() {
    let dir = Scratch::new("resume-unfit");
    inputs(&dir);
    let judge = solve(&dir, &["a.txt"]).stdout;
    let cut = &judge.as_bytes()[..judge.len() / 2];
    let json = solve(&dir, &["--format", "json", "a.txt"]).stdout;
    let o = ["-o", "out.txt"];
    let unfit = "out.txt is left as it was";
    // Other inputs, another format, another shard, other timing.
    refused(
        &dir,
        cut,
        &[&o[..], &["b.txt"]].concat(),
        "out.txt:1: the record of data set 1",
    );
    refused(
        &dir,
        cut,
        &[&o[..], &["--format", "json", "a.txt"]].concat(),
        "out.txt:1: expected a JSON record",
    );
    refused(
        &dir,
        cut,
        &[&o[..], &["--shard", "2/2", "a.txt"]].concat(),
        unfit,
    );
    let args = [&o[..], &["--format", "json", "--no-timing", "a.txt"]].concat();
    refused(
        &dir,
        json.as_bytes(),
        &args,
        "out.txt:1: the record has a time (micros)",
    );
    let args = [&o[..], &["--format", "json", "b.txt"]].concat();
    refused(
        &dir,
        json.as_bytes(),
        &args,
        "the next data set this run takes is data set 1 of b.txt",
    );
    refused(
        &dir,
        json.as_bytes(),
        &[&o[..], &["--format", "url", "a.txt"]].concat(),
        unfit,
    );
    // A drawing spoiled in the middle (its first clue changed), and a
    // number line that is not one: placed on their lines.
    let lines: Vec<&str> = judge.lines().collect();
    let numbers: Vec<usize> = (0..lines.len())
        .filter(|&k| lines[k].bytes().all(|b| b.is_ascii_digit()))
        .collect();
    assert!(numbers.len() > 4, "{judge}");
    let third = numbers[2];
    let mut spoiled: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let clue = &mut spoiled[third + 4];
    let new = if clue.as_bytes()[4] == b'0' { "1" } else { "0" };
    clue.replace_range(4..5, new);
    let spoiled = spoiled.join("\n") + "\n";
    let k = lines[third];
    let at = format!("out.txt:{}: the record of data set {k} (", third + 1);
    let args = [&o[..], &["a.txt"]].concat();
    refused(&dir, spoiled.as_bytes(), &args, &at);
    refused(
        &dir,
        spoiled.as_bytes(),
        &args,
        "has its size, but not this drawing",
    );
    let mut broken: Vec<&str> = lines.clone();
    broken[numbers[1]] = "hello";
    let broken = broken.join("\n") + "\n";
    let at = format!("out.txt:{}: expected a data set number", numbers[1] + 1);
    refused(&dir, broken.as_bytes(), &args, &at);
}

#[test]
fn resume_usage_errors_are_refused() {
    let dir = Scratch::new("resume-usage");
    inputs(&dir);
    let run = solve(&dir, &["a.txt", "--resume"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--resume needs -o OUTPUT"),
        "{}",
        run.stderr
    );
    for format in ["summary", "pzprv3", "html", "svg"] {
        let args = ["--format", format, "a.txt", "-o", "out.txt"];
        refused(
            &dir,
            b"x\n",
            &args,
            "--resume goes with --format judge, json, url or loopy",
        );
    }
    refused(
        &dir,
        b"1\n",
        &["-o", "out.txt", "-"],
        "standard input cannot be an input",
    );
    refused(
        &dir,
        b"1\n",
        &["-o", "out.txt", "a.txt", "/dev/stdin"],
        "is not a regular file",
    );
    // The output is not a file, or is an input (refused as without
    // --resume).
    let run = solve(&dir, &["-o", ".", "a.txt", "--resume"]);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--resume: . is not a regular file"),
        "{}",
        run.stderr
    );
    let a = std::fs::read(dir.0.join("a.txt")).unwrap();
    let run = solve(&dir, &["-o", "a.txt", "a.txt", "--resume"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("is the input a.txt"), "{}", run.stderr);
    assert!(std::fs::read(dir.0.join("a.txt")).unwrap() == a);
}

/// The side of [`sparse_boards`].
const SIDE: usize = 12;

/// The sparse boards of a run that takes a while: `count` 12x12 boards
/// with about 4% of their cells clued (seeded), most with several
/// solutions and some with none, each found by search in a few
/// milliseconds; then `0 0`.
fn sparse_boards(count: usize) -> String {
    let mut rng = Rng::new(15);
    let mut text = String::new();
    for _ in 0..count {
        text.push_str(&format!("{SIDE} {SIDE}\n"));
        for _ in 0..SIDE {
            let row: Vec<String> = (0..SIDE)
                .map(|_| match rng.below(100) {
                    c @ 0..=3 => c.to_string(),
                    _ => ".".into(),
                })
                .collect();
            text.push_str(&row.join(" "));
            text.push('\n');
        }
    }
    text + "0 0\n"
}

#[cfg(unix)]
mod signals {
    use super::*;
    use crate::robust::{signal, wait_for_handlers};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    /// Starts `slink solve ARGS` in `dir`, sends it `sig` (`INT` or
    /// `TERM`) `delay` after its handlers are in place, and returns its
    /// exit status and standard error.
    fn stopped(dir: &Scratch, args: &[&str], sig: &str, delay: Duration) -> (Option<i32>, String) {
        let child = Command::new(slink_bin())
            .arg("solve")
            .args(args)
            .current_dir(&dir.0)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        wait_for_handlers(&child);
        std::thread::sleep(delay);
        signal(&child, sig);
        let out = child.wait_with_output().unwrap();
        (out.status.code(), String::from_utf8(out.stderr).unwrap())
    }

    /// The stop line of `stderr`: `(data sets done, FILE:LINE, data set)`.
    fn stop_line(stderr: &str, sig: &str) -> (usize, Option<(String, usize)>) {
        let number = if sig == "INT" { 2 } else { 15 };
        let line = stderr
            .lines()
            .find(|l| l.starts_with(&format!("slink solve: stopped by signal {number} after ")))
            .unwrap_or_else(|| panic!("no stop line: {stderr}"));
        assert!(
            line.ends_with(
                "their records written whole; to go on, run the same command with --resume"
            ),
            "{line}"
        );
        let rest = &line[line.find(" after ").unwrap() + 7..];
        let done: usize = rest.split(' ').next().unwrap().parse().unwrap();
        let last = rest.split_once("(the last at ").map(|(_, at)| {
            let (place, set) = at.split_once(", data set ").unwrap();
            let k: usize = set.split(')').next().unwrap().parse().unwrap();
            (place.to_string(), k)
        });
        (done, last)
    }

    /// Checks what a run over [`sparse_boards`] stopped by `sig` says on
    /// `stderr` (after how many data sets, the last one's file, line and
    /// number) and what it left in `out.txt` in `dir`: the records of the
    /// whole run's (`reference`) of those data sets, whole.
    fn check_stop(dir: &Scratch, stderr: &str, sig: &str, reference: &[u8]) {
        let (done, last) = stop_line(stderr, sig);
        // Data set K is the K-th board, whose header is on line
        // (SIDE + 1)(K - 1) + 1; one file, all data sets: K = done.
        match last {
            Some((place, k)) => {
                assert_eq!(k, done, "{stderr}");
                let line = (SIDE + 1) * (k - 1) + 1;
                assert_eq!(place, format!("s.txt:{line}"), "{stderr}");
            }
            None => assert_eq!(done, 0, "{stderr}"),
        }
        // Where the records of the data sets after `done` start: the
        // JSON line, or the judge record's number line, of the first.
        let mut at = 0;
        for line in reference.split_inclusive(|&b| b == b'\n') {
            let text = std::str::from_utf8(line).unwrap();
            let number = match text.strip_prefix("{\"input\":1,\"data_set\":") {
                Some(rest) => rest.split(',').next().unwrap().parse().ok(),
                None => text.trim_end().parse::<usize>().ok(),
            };
            if number.is_some_and(|k| k > done) {
                break;
            }
            at += line.len();
        }
        let got = std::fs::read(dir.0.join("out.txt")).unwrap();
        assert!(
            got == reference[..at],
            "not the records of data sets 1-{done}: {stderr}"
        );
    }

    #[test]
    fn a_run_stopped_by_a_signal_and_resumed_is_the_whole_run() {
        let dir = Scratch::new("resume-signal");
        let boards = 100;
        dir.file("s.txt", sparse_boards(boards).as_bytes());
        let out = dir.0.join("out.txt");
        let mut rng = Rng::new(11);
        for (format, sig) in [("judge", "TERM"), ("json", "INT")] {
            let status = Some(if sig == "INT" { 130 } else { 143 });
            let args = [
                "-j",
                "2",
                "--window",
                "8",
                "--no-timing",
                "--format",
                format,
            ];
            let args = [&args[..], &["s.txt", "-o", "out.txt"]].concat();
            let started = Instant::now();
            let whole = solve(&dir, &args);
            let took = started.elapsed();
            let reference = std::fs::read(&out).unwrap();
            if format == "judge" {
                // Some boards have no solution: the records skip numbers.
                let records = reference
                    .split(|&b| b == b'\n')
                    .filter(|l| !l.is_empty() && l.iter().all(u8::is_ascii_digit));
                assert!(records.count() < boards);
            }
            // Stopped from scratch (sooner if the run ended first, on a
            // machine faster than when it was timed)...
            let mut percent = rng.between(5, 40);
            loop {
                std::fs::remove_file(&out).unwrap();
                let delay = took.mul_f64(percent as f64 / 100.0);
                let (code, stderr) = stopped(&dir, &args, sig, delay);
                if code == status {
                    check_stop(&dir, &stderr, sig, &reference);
                    break;
                }
                assert!(std::fs::read(&out).unwrap() == reference, "{stderr}");
                assert!(percent > 1, "the run was never stopped: {stderr}");
                percent /= 3;
            }
            // ... then resumed and stopped again (unless it ends first)...
            let resume = [&args[..], &["--resume"]].concat();
            let delay = took.mul_f64(rng.between(0, 5) as f64 / 100.0);
            let (code, stderr) = stopped(&dir, &resume, sig, delay);
            if code == status {
                check_stop(&dir, &stderr, sig, &reference);
            } else {
                assert_eq!(code, Some(whole.code), "{stderr}");
            }
            // ... then resumed to the end: the whole run's bytes.
            let run = solve(&dir, &resume);
            assert_eq!(run.code, whole.code, "{}", run.stderr);
            let got = std::fs::read(&out).unwrap();
            assert!(got == reference, "{format}: not the whole run's bytes");
        }
    }
}

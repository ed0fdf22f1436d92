//! Inputs and outputs that fail under a run: files truncated while read
//! (an error naming them, no SIGBUS), endless streams (bounded memory),
//! write errors, closed pipes, and the time limit.

use super::*;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::thread::sleep;
use std::time::Duration;

/// Truncates `input` to `len` bytes while `child` is blocked on its full
/// output pipe, then drains it: the output must be whole records, the
/// message (after `who`: `slink` or `slink solve`) must name the file,
/// the status must be 2.
fn truncated_under(
    mut child: Child,
    input: &TempFile,
    len: u64,
    (who, name): (&str, &str),
    full: &[u8],
) {
    let got = first_bytes(&mut child, 1000);
    std::fs::OpenOptions::new()
        .write(true)
        .open(&input.0)
        .unwrap()
        .set_len(len)
        .unwrap();
    let (got, err) = drain(&mut child, got, Duration::ZERO);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(2), "no signal (SIGBUS), exit 2: {err}");
    // solve ends with the count of what did not pass.
    let count = if who == "slink solve" {
        "slink solve: 1 input unreadable\n"
    } else {
        ""
    };
    assert_eq!(
        err,
        format!("{who}: cannot read {name}: the file shrank while being read\n{count}")
    );
    assert_whole_judge_records(&got, full);
}

#[test]
fn a_file_truncated_under_solve_is_an_error_naming_it() {
    // Pieces of 64 KB, whose drawings fill the output pipe: the file is
    // cut while the first piece is being written.
    let bytes = sample_repeated(2000);
    let input = TempFile::new("shrink.in", &bytes);
    let args = ["solve", "--piece-bytes", "65536", input.0.to_str().unwrap()];
    let full = Command::new(SLINK).args(args).output().unwrap();
    let child = spawn(&args, Stdio::null());
    let name = input.0.display().to_string();
    truncated_under(child, &input, 200_000, ("slink solve", &name), &full.stdout);
}

#[test]
fn a_file_truncated_under_judge_mode_is_an_error_naming_it() {
    // Judge mode reads 16 MB pieces: a file of more than 17 MB, cut at
    // 16.5 MB.
    let bytes = sample_repeated(75_000);
    assert!(bytes.len() > 17 << 20, "{} bytes", bytes.len());
    let input = TempFile::new("shrink.judge.in", &bytes);
    let full = Command::new(SLINK).stdin(open(&input)).output().unwrap();
    let child = spawn::<&str>(&[], open(&input));
    truncated_under(child, &input, 33 << 19, ("slink", "stdin"), &full.stdout);
}

#[test]
fn a_file_truncated_inside_the_mapped_window_is_an_error_not_a_sigbus() {
    // One window covers the whole file (under 16 MB) and the summary
    // format writes nothing per record, so the reading runs on: cut at
    // 1 MB at a time that varies, it often reads pages past the new end
    // before a check notices the file is shorter. Without the SIGBUS
    // handler about one run in three died of SIGBUS; with it, each run
    // ends with the error (or, cut after it finished, succeeds).
    let bytes = sample_repeated(20_000);
    assert!(
        bytes.len() < 16 << 20 && bytes.len() > 2 << 20,
        "{}",
        bytes.len()
    );
    // What a run says of the file as it is after the cut: on a loaded
    // machine the child may open it only then, and report its truncated
    // last data set as for any short file.
    let short = |path: &Path| {
        let out = Command::new(SLINK)
            .args(["solve", "--format", "summary"])
            .arg(path)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    for k in 0..16 {
        let input = TempFile::new(&format!("shrink.window{k}.in"), &bytes);
        let name = input.0.display().to_string();
        let mut child = spawn(&["solve", "--format", "summary", &name], Stdio::null());
        sleep(Duration::from_millis(5 + 5 * k));
        std::fs::OpenOptions::new()
            .write(true)
            .open(&input.0)
            .unwrap()
            .set_len(1 << 20)
            .unwrap();
        let (_, err) = drain(&mut child, Vec::new(), Duration::ZERO);
        let status = child.wait().unwrap();

        match status.code() {
            Some(0) => assert_eq!(err, ""),
            Some(2) if err.contains("shrank") => assert_eq!(
                err,
                format!(
                    "slink solve: cannot read {name}: the file shrank while being read\n\
                     slink solve: 1 input unreadable\n"
                )
            ),
            code => {
                // The same file read after the cut says the same.
                let (short_code, short_err) = short(&input.0);
                assert_eq!(
                    (code, err.clone()),
                    (short_code, short_err),
                    "run {k}: {status:?}: {err}"
                );
                assert_ne!(code, None, "run {k}: {status:?}: {err}");
            }
        }
    }
}

/// Runs `slink ARGS` in `sh` with its address space limited to `kb`
/// kilobytes, fed `mb` megabytes of zeros on standard input.
fn zeros_into(args: &str, mb: usize, kb: usize) -> Output {
    let script = format!("ulimit -v {kb} && head -c {mb}M /dev/zero | \"$0\" {args}");
    Command::new("sh")
        .args(["-c", &script, SLINK])
        .output()
        .unwrap()
}

#[test]
fn an_endless_stream_stops_at_the_data_set_limit_in_every_subcommand() {
    // 2 GB of zeros, in 400 MB of address space (threads' stacks
    // included): a command that kept the stream would fail to allocate.
    for args in [
        "",
        "solve",
        "check",
        "explain",
        "bench --runs 1 --engine judge -",
    ] {
        let out = zeros_into(args, 2000, 400_000);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "slink {args}: {err}");
        assert!(
            err.contains("data set 1 does not end within 67108864 bytes"),
            "slink {args}: {err}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn every_subcommand_names_a_write_error() {
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/sample.in");
    let sample = sample.to_str().unwrap();
    let sample_out = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/sample.out");
    let sample_out = sample_out.to_str().unwrap();
    let runs: [(&str, Vec<&str>); 7] = [
        ("slink", vec![]),
        ("slink solve", vec!["solve", sample]),
        ("slink check", vec!["check", sample]),
        ("slink explain", vec!["explain", sample]),
        ("slink bench", vec!["bench", "--runs", "1", sample]),
        ("slink verify", vec!["verify", sample, sample_out]),
        (
            "slink gen",
            vec![
                "gen", "--rows", "5", "--cols", "5", "--count", "2", "--seed", "1",
            ],
        ),
    ];
    // Standard output on /dev/full, or `-o /dev/full`.
    let run = |args: &[&str], output: &[&str]| {
        let mut command = Command::new(SLINK);
        command
            .args(args)
            .args(output)
            .stdin(std::fs::File::open(sample).unwrap());
        if output.is_empty() {
            command.stdout(std::fs::File::create("/dev/full").unwrap());
        }
        let out = command.output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    for (name, args) in runs {
        let (code, err) = run(&args, &[]);
        assert_eq!(code, Some(2), "{name}: {err}");
        let want = format!("{name}: writing to standard output: No space left on device");
        assert!(err.contains(&want), "{name}: {err}");
        if name == "slink" {
            continue;
        }
        // The same through -o, naming the file.
        let (code, err) = run(&args, &["-o", "/dev/full"]);
        assert_eq!(code, Some(2), "{name} -o: {err}");
        let want = format!("{name}: writing to /dev/full: No space left on device");
        assert!(err.contains(&want), "{name} -o: {err}");
    }
}

fn run_with_input(args: &[&str], input: &str) -> Output {
    let mut child = spawn(args, Stdio::piped());
    // A child that stops before reading (a usage error) closes the pipe.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}

#[test]
fn the_time_limit_is_its_own_kind_of_giving_up() {
    // A limit of a nanosecond runs out at the search's first clock read.
    let board = blank_board(30);
    let json = run_with_input(
        &[
            "solve",
            "--format",
            "json",
            "--no-timing",
            "--time-limit",
            "1ns",
        ],
        &board,
    );
    let record: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(record["status"], "timed-out");
    assert!(record["error"]
        .as_str()
        .unwrap()
        .starts_with("timed out after"));
    assert_eq!(json.status.code(), Some(1));

    let judge = run_with_input(&["--time-limit", "1ns"], &board);
    let err = String::from_utf8_lossy(&judge.stderr);
    assert!(err.contains("(the time limit)"), "{err}");
    assert_eq!(judge.status.code(), Some(1));

    let summary = run_with_input(
        &["solve", "--format", "summary", "--time-limit", "1ns"],
        &board,
    );
    let text = String::from_utf8_lossy(&summary.stdout);
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().eq(["timed-out", "1"])),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.split_whitespace().eq(["gave-up", "0"])),
        "{text}"
    );

    let check = run_with_input(&["check", "--time-limit", "1ns"], &board);
    assert!(String::from_utf8_lossy(&check.stdout).contains("solutions=?"));

    // A limit that does not run out changes nothing; without one, the
    // summary has no timed-out line.
    let small = blank_board(4);
    let limited = run_with_input(
        &[
            "solve",
            "--format",
            "json",
            "--no-timing",
            "--time-limit",
            "1h",
        ],
        &small,
    );
    let plain = run_with_input(&["solve", "--format", "json", "--no-timing"], &small);
    assert_eq!(limited.stdout, plain.stdout);
    assert!(String::from_utf8_lossy(&plain.stdout).contains("\"status\":\"multiple\""));
    let summary = run_with_input(&["solve", "--format", "summary"], &small);
    assert!(!String::from_utf8_lossy(&summary.stdout).contains("timed-out"));

    let bad = run_with_input(&["solve", "--time-limit", "soon"], &small);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn a_closed_pipe_ends_the_run_quietly_with_exit_0() {
    let input = TempFile::new("pipe.in", &sample_repeated(5000));
    let file = input.0.to_str().unwrap();
    let runs: [(Vec<&str>, bool); 3] = [
        (vec![], true),
        (vec!["solve", "--format", "json", file], false),
        (vec!["check", file], false),
    ];
    for (args, stdin_file) in runs {
        let stdin = if stdin_file {
            Stdio::from(open(&input))
        } else {
            Stdio::null()
        };
        let mut child = spawn(&args, stdin);
        // The reader stops after a few bytes, as `| head -c 100` does.
        let _ = first_bytes(&mut child, 100);
        drop(child.stdout.take());
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        // (check exits with the status of what it checked so far: the
        // sample's puzzles keep the judge's promise.)
        assert_eq!(child.wait().unwrap().code(), Some(0), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}: quietly");
    }
}

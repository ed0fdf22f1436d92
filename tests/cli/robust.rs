//! The promises of docs/RELIABILITY.md, kept by the `slink` binary run as
//! a child process: signals end a run at a record boundary (exit 130 or
//! 143), a file that shrinks while it is read is an error naming it (no
//! SIGBUS), an endless stream stops at the data-set limit in bounded
//! memory in every subcommand, every write error is named, and the time
//! limit gives `timed-out`. Self-contained: it uses only the binary, the
//! committed sample and temporary files (unix only).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

const SLINK: &str = env!("CARGO_BIN_EXE_slink");

/// The sample's data sets (without the closing `0 0`), repeated `times`
/// times, then `0 0`.
fn sample_repeated(times: usize) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/sample.in");
    let sample = std::fs::read_to_string(path).expect("corpus/sample.in");
    let body = sample
        .trim_end()
        .strip_suffix("0 0")
        .expect("a closing 0 0");
    let mut all = body.repeat(times).into_bytes();
    all.extend_from_slice(b"0 0\n");
    all
}

/// A temporary file, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, bytes: &[u8]) -> TempFile {
        let path = std::env::temp_dir().join(format!("slink-robust-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Starts `slink ARGS` with `stdin`, its output and errors piped here.
fn spawn<S: AsRef<std::ffi::OsStr>>(args: &[S], stdin: impl Into<Stdio>) -> Child {
    Command::new(SLINK)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Opens `file` for a child's standard input.
fn open(file: &TempFile) -> std::fs::File {
    std::fs::File::open(&file.0).unwrap()
}

/// Sends `signal` (a name such as `TERM`) to `child`.
pub(crate) fn signal(child: &Child, signal: &str) {
    let sent = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(child.id().to_string())
        .status()
        .unwrap();
    assert!(sent.success(), "kill -{signal}");
}

/// Reads the rest of `child`'s standard output slowly (4 KB, then a
/// millisecond), after `got`; returns it all and the standard error.
fn drain_slowly(child: &mut Child, got: Vec<u8>) -> (Vec<u8>, String) {
    drain(child, got, Duration::from_millis(1))
}

/// Reads the rest of `child`'s standard output, waiting `pause` after
/// every 4 KB, after `got`; returns it all and the standard error.
fn drain(child: &mut Child, mut got: Vec<u8>, pause: Duration) -> (Vec<u8>, String) {
    let stdout = child.stdout.as_mut().unwrap();
    let mut buf = [0u8; 4096];
    loop {
        let n = stdout.read(&mut buf).unwrap();
        if n == 0 {
            break;
        }
        got.extend_from_slice(&buf[..n]);
        if !pause.is_zero() {
            sleep(pause);
        }
    }
    let mut err = String::new();
    child
        .stderr
        .as_mut()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (got, err)
}

/// Reads the first `n` bytes of `child`'s output: it has started, its
/// signal handlers are in place, and its output pipe is filling.
fn first_bytes(child: &mut Child, n: usize) -> Vec<u8> {
    let mut got = vec![0u8; n];
    child.stdout.as_mut().unwrap().read_exact(&mut got).unwrap();
    got
}

/// Asserts that `got` is `full` up to a record boundary of the judge
/// format (the end, or a line holding only a data set's number), and
/// shorter.
fn assert_whole_judge_records(got: &[u8], full: &[u8]) {
    assert!(got.len() < full.len(), "the run was not stopped early");
    assert!(
        full.starts_with(got),
        "the output differs from the full run's"
    );
    let rest = &full[got.len()..];
    let next_line = rest.split(|&b| b == b'\n').next().unwrap();
    assert!(
        !next_line.is_empty() && next_line.iter().all(u8::is_ascii_digit) && got.ends_with(b"#\n"),
        "cut inside a drawing: next line {:?}",
        String::from_utf8_lossy(next_line)
    );
}

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

/// Waits until `child` handles SIGINT and SIGTERM (Linux: their bits in
/// `SigCgt` of `/proc/PID/status`; elsewhere half a second), so that a
/// signal sent next reaches slink's handler, not the default action.
pub(crate) fn wait_for_handlers(child: &Child) {
    let status = format!("/proc/{}/status", child.id());
    let wanted = (1u64 << (2 - 1)) | (1u64 << (15 - 1));
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(10) {
        let Ok(text) = std::fs::read_to_string(&status) else {
            sleep(Duration::from_millis(500));
            return;
        };
        let caught = text
            .lines()
            .find_map(|l| l.strip_prefix("SigCgt:"))
            .and_then(|hex| u64::from_str_radix(hex.trim(), 16).ok());
        if caught.is_some_and(|c| c & wanted == wanted) {
            return;
        }
        sleep(Duration::from_millis(5));
    }
    panic!("the signal handlers were not installed within 10 s");
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

/// An all-blank `n` x `n` board: many solutions, found only by search.
fn blank_board(n: usize) -> String {
    let row = vec!["."; n].join(" ");
    format!("{n} {n}\n{}0 0\n", format!("{row}\n").repeat(n))
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

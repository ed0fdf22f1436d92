//! The promises of docs/RELIABILITY.md, kept by the `slink` binary run as
//! a child process: signals end a run at a record boundary (exit 130 or
//! 143), a file that shrinks while it is read is an error naming it (no
//! SIGBUS), an endless stream stops at the data-set limit in bounded
//! memory in every subcommand, every write error is named, and the time
//! limit gives `timed-out`. Self-contained: it uses only the binary, the
//! committed sample and temporary files (unix only).
//!
//! `signals`: the signals; `inputs`: files that shrink, endless streams,
//! write errors, closed pipes, the time limit. The helpers, here, run the
//! binary as a child.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

mod inputs;
mod signals;

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

/// An all-blank `n` x `n` board: many solutions, found only by search.
fn blank_board(n: usize) -> String {
    let row = vec!["."; n].join(" ");
    format!("{n} {n}\n{}0 0\n", format!("{row}\n").repeat(n))
}

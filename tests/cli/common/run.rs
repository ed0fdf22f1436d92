//! The binary, run with stdin bytes or a file, in a folder, with a time
//! limit; the package's files; scratch folders.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Debug, PartialEq, Eq)]
pub struct Run {
    /// Standard output (the runner checks that it is UTF-8).
    pub stdout: String,
    /// Standard error (the runner checks that it is UTF-8).
    pub stderr: String,
    /// The exit status (the runner checks that it is 0, 1 or 2).
    pub code: i32,
}

impl Run {
    /// The stderr lines.
    pub fn stderr_lines(&self) -> Vec<&str> {
        self.stderr.lines().collect()
    }
}

/// What `slink solve` writes on stderr where judge mode writes
/// `judge_stderr` (`slink: FILE:LINE:COL: ...`, `slink: FILE: warning:
/// ...`): the same lines, each starting with `slink solve: ` in place of
/// judge mode's command, `slink: `.
pub fn as_solve_says(judge_stderr: &str) -> String {
    judge_stderr
        .lines()
        .map(|l| {
            let said = l
                .strip_prefix("slink: ")
                .unwrap_or_else(|| panic!("{l:?}: no 'slink: '"));
            format!("slink solve: {said}\n")
        })
        .collect()
}

/// Path of the `slink` binary cargo built for these tests.
pub fn slink_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_slink"))
}

/// Where the binary's standard input comes from.
#[derive(Clone, Copy, Debug)]
pub enum Input<'a> {
    /// A pipe fed these bytes by a thread (slink may stop reading early).
    Bytes(&'a [u8]),
    /// Redirected from this file (batch mode maps it).
    File(&'a Path),
}

/// A run of the binary to make: `Invocation::new(args)` runs in the
/// tests' folder with empty stdin, the environment of the tests and a
/// two-minute limit; change the fields for more
/// (`Invocation { stdin: Input::File(p), ..Invocation::new(args) }`).
#[derive(Clone, Debug)]
pub struct Invocation<'a> {
    /// The arguments after the program name.
    pub args: &'a [&'a str],
    /// Standard input.
    pub stdin: Input<'a>,
    /// The working folder (`None`: the tests' own).
    pub dir: Option<&'a Path>,
    /// Environment variables set on top of the tests' own.
    pub env: &'a [(&'a str, &'a str)],
    /// Longest the run may take before it is killed and the test fails.
    pub limit: Duration,
}

impl<'a> Invocation<'a> {
    /// `slink args...` with empty stdin, in the tests' folder, within
    /// two minutes.
    pub fn new(args: &'a [&'a str]) -> Invocation<'a> {
        Invocation {
            args,
            stdin: Input::Bytes(b""),
            dir: None,
            env: &[],
            limit: Duration::from_secs(120),
        }
    }

    /// Runs it and checks what every run must satisfy: it ends within
    /// the limit, by itself (not by a signal), with a documented exit
    /// status (0, 1 or 2), no panic message, and UTF-8 on both outputs.
    pub fn run(&self) -> Run {
        let what = format!("slink {}", self.args.join(" "));
        let mut cmd = Command::new(slink_bin());
        cmd.args(self.args).envs(self.env.iter().copied());
        if let Some(dir) = self.dir {
            cmd.current_dir(dir);
        }
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        let feed = match self.stdin {
            Input::Bytes(bytes) => {
                cmd.stdin(Stdio::piped());
                Some(bytes.to_vec())
            }
            Input::File(p) => {
                let f = std::fs::File::open(p)
                    .unwrap_or_else(|e| panic!("{what}: open {}: {e}", p.display()));
                cmd.stdin(f);
                None
            }
        };
        let started = Instant::now();
        let mut child = cmd
            .spawn()
            .unwrap_or_else(|e| panic!("{what}: cannot start: {e}"));
        let writer = feed.map(|data| {
            let mut input = child.stdin.take().expect("stdin is piped");
            // slink may stop reading early (e.g. on bad input): ignore EPIPE.
            std::thread::spawn(move || {
                let _ = input.write_all(&data);
            })
        });
        let mut out = child.stdout.take().expect("stdout is piped");
        let mut err = child.stderr.take().expect("stderr is piped");
        let out_reader = std::thread::spawn(move || {
            let mut v = Vec::new();
            out.read_to_end(&mut v).map(|_| v)
        });
        let err_reader = std::thread::spawn(move || {
            let mut v = Vec::new();
            err.read_to_end(&mut v).map(|_| v)
        });
        let status = loop {
            if let Some(s) = child.try_wait().expect("wait for slink") {
                break s;
            }
            if started.elapsed() > self.limit {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{what}: ran longer than {:?} (a hang?); killed", self.limit);
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        if let Some(w) = writer {
            w.join().expect("the stdin writer ends");
        }
        let stdout = out_reader
            .join()
            .expect("the stdout reader ends")
            .expect("read stdout");
        let stderr = err_reader
            .join()
            .expect("the stderr reader ends")
            .expect("read stderr");
        let stderr = String::from_utf8(stderr)
            .unwrap_or_else(|e| panic!("{what}: stderr is not UTF-8: {e}"));
        assert!(!stderr.contains("panicked"), "{what}: panicked:\n{stderr}");
        let code = status
            .code()
            .unwrap_or_else(|| panic!("{what}: killed by a signal: {status:?}"));
        assert!(
            (0..=2).contains(&code),
            "{what}: exit status {code}, not a documented one (stderr {stderr:?})"
        );
        Run {
            stdout: String::from_utf8(stdout)
                .unwrap_or_else(|e| panic!("{what}: stdout is not UTF-8: {e}")),
            stderr,
            code,
        }
    }
}

/// Runs `slink args...` with `stdin` as its standard input.
pub fn run_slink(args: &[&str], stdin: &[u8]) -> Run {
    Invocation {
        stdin: Input::Bytes(stdin),
        ..Invocation::new(args)
    }
    .run()
}

/// Runs `slink args...` with `stdin`, killing it (and failing) if it takes
/// longer than `limit`.
pub fn run_slink_within(args: &[&str], stdin: &[u8], limit: Duration) -> Run {
    Invocation {
        stdin: Input::Bytes(stdin),
        limit,
        ..Invocation::new(args)
    }
    .run()
}

/// Reads a file of the package (path relative to `CARGO_MANIFEST_DIR`).
pub fn package_bytes(rel: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("read {}: {e}", p.display()))
}

/// Reads a text file of the package (path relative to `CARGO_MANIFEST_DIR`).
pub fn package_file(rel: &str) -> String {
    String::from_utf8(package_bytes(rel)).unwrap_or_else(|e| panic!("{rel} is not UTF-8: {e}"))
}

/// the test ends.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A fresh folder, its name unique to this process and call.
    pub fn new(name: &str) -> Scratch {
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }

    /// Writes file `name` with `bytes`; returns its path.
    pub fn path(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).expect("a scratch file");
        p
    }

    /// Writes file `name` with `bytes`; returns its path as text.
    pub fn file(&self, name: &str, bytes: &[u8]) -> String {
        let p = self.path(name, bytes);
        p.to_str().expect("a UTF-8 path").to_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `slink solve`'s standard error without its last line when that line is
/// the count of what kept the exit status from 0 (`slink solve: 2 of 9
/// data sets not solved with one solution: ...`, `slink solve: 1 input
/// unreadable`), and that line (`None` without one).
pub fn split_shortfall(solve_stderr: &str) -> (&str, Option<&str>) {
    let body = solve_stderr.strip_suffix('\n').unwrap_or(solve_stderr);
    let (rest, last) = match body.rfind('\n') {
        Some(k) => (&solve_stderr[..=k], &body[k + 1..]),
        None => ("", body),
    };
    let counts = last.starts_with("slink solve: ")
        && (last.contains(" not solved with one solution: ")
            || last.ends_with(" unreadable") && last.contains(" input"));
    if counts {
        (rest, Some(last))
    } else {
        (solve_stderr, None)
    }
}

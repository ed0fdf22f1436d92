//! Input that is not puzzles at all: random bytes given to every command
//! that reads puzzles. Each answers briefly and in plain text: no raw
//! control byte or byte outside ASCII quoted from the input, at most
//! twenty messages about one file's data sets and then a count of the
//! rest (verdicts such as several solutions or none are all shown), and
//! an exit status that says something was wrong (`bench`
//! measures nothing). A puzzle line in another format than the one read
//! gets a hint of the option that reads it.

use crate::common::*;

/// `len` random bytes from `seed`; with `url_first`, after one line that
/// makes the file's format puzz.link URLs, so that every later line is
/// read (and rejected) as a URL of its own.
fn garbage(seed: u64, len: usize, url_first: bool) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let mut bytes = Vec::with_capacity(len + 64);
    if url_first {
        bytes.extend_from_slice(b"https://puzz.link/p?slither/2/2/g\n");
    }
    while bytes.len() < len {
        bytes.extend_from_slice(&rng.next_u64().to_le_bytes());
    }
    bytes
}

/// Asserts that `text` (a command's stdout or stderr) holds nothing
/// unprintable but line ends: the input's bytes were quoted escaped.
fn assert_printable(what: &str, text: &str) {
    let bad = text
        .char_indices()
        .find(|&(_, c)| c != '\n' && !(' '..='~').contains(&c));
    assert!(bad.is_none(), "{what}: a raw byte at {bad:?}: {text}");
}

#[test]
fn random_bytes_get_a_short_plain_answer_from_every_command() {
    let dir = Scratch::new("garbage");
    for seed in 1..=4 {
        for url_first in [false, true] {
            let bytes = garbage(seed, 100_000, url_first);
            let file = dir.file(&format!("garbage-{seed}-{url_first}.txt"), &bytes);
            let commands: [(&[&str], i32); 6] = [
                (&["convert", "--to", "loopy", &file], 2),
                (&["solve", &file], 2),
                (&["check", &file], 2),
                (&["bench", "--runs", "1", &file], 2),
                (&["explain", "--data-set", "1", &file], 2),
                (&["verify", &file, &file], 2),
            ];
            for (args, code) in commands {
                let run = run_slink(args, b"");
                let what = format!("slink {} (seed {seed}, url first {url_first})", args[0]);
                assert_eq!(run.code, code, "{what}: {}", run.stderr);
                assert_printable(&what, &run.stdout);
                assert_printable(&what, &run.stderr);
                // At most 20 messages, the count of the rest, and (check)
                // the summary or (solve) the count of what did not pass.
                let lines = run.stdout.lines().count() + run.stderr.lines().count();
                assert!(lines <= 23, "{what}: {lines} lines: {}", run.stderr);
            }
            let judge = run_slink(&[], &bytes);
            assert_eq!(judge.code, 2, "judge mode: {}", judge.stderr);
            assert_printable("judge mode", &judge.stderr);
            assert_eq!(judge.stderr_lines().len(), 1, "{}", judge.stderr);
        }
    }
}

#[test]
fn messages_beyond_twenty_are_counted_not_shown() {
    let dir = Scratch::new("garbage-count");
    // 25 URLs of another puzzle type: 25 bad data sets.
    let text = "https://puzz.link/p?nurikabe/2/2/g\n".repeat(25);
    let file = dir.file("nurikabe.url", text.as_bytes());
    let run = run_slink(&["solve", &file], b"");
    assert_eq!(run.code, 2, "{}", run.stderr);
    let lines = run.stderr_lines();
    assert_eq!(lines.len(), 22, "{}", run.stderr);
    assert_eq!(
        lines[21],
        "slink solve: 25 of 25 data sets not solved with one solution: 25 malformed"
    );
    assert!(lines[19].contains(":20:21: data set 20: puzz.link puzzle type 'nurikabe'"));
    assert!(
        lines[20].ends_with(
            "nurikabe.url: 5 more malformed data sets not shown, beyond the first 20 \
             (`--format json` gives a record of each)"
        ),
        "{}",
        lines[20]
    );
    let check = run_slink(&["check", &file], b"");
    let lines: Vec<&str> = check.stdout.lines().collect();
    assert_eq!(lines.len(), 22, "{}", check.stdout);
    assert!(
        lines[20].ends_with("nurikabe.url: 5 more bad data sets not shown, beyond the first 20")
    );
    assert!(
        lines[21].starts_with("summary: 25 data sets read;"),
        "{}",
        lines[21]
    );
    // JSON has a record of each.
    let json = run_slink(&["solve", "--format", "json", &file], b"");
    assert_eq!(json.stdout.lines().count(), 25);
}

#[test]
fn bench_measures_nothing_of_a_file_without_puzzles() {
    let dir = Scratch::new("garbage-bench");
    let bad = dir.file("bad.txt", b"2 2\n2 4\n2 2\n0 0\n");
    let good = dir.file("good.txt", b"2 2\n2 2\n2 2\n0 0\n");
    let run = run_slink(&["bench", "--runs", "1", "-j", "1", &bad, &good], b"");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("bad.txt: no valid data set (1 invalid): nothing to measure"),
        "{}",
        run.stderr
    );
    // The good file is measured; the bad one has no row.
    assert!(run.stdout.contains("good.txt"), "{}", run.stdout);
    assert!(!run.stdout.contains("bad.txt"), "{}", run.stdout);
}

#[test]
fn a_line_in_another_format_gets_a_hint_of_the_option_that_reads_it() {
    for (line, hint) in [
        (
            "https://puzz.link/p?slither/2/2/g",
            "(the line looks like a puzz.link URL: read it with --from url)",
        ),
        (
            "5x5t0:2b1b2b1b2b3b3b0b3",
            "(the line looks like a Loopy game ID: read it with --from loopy)",
        ),
        (
            "pzprv3",
            "(the line looks like a pzprv3 file: read it with --from pzprv3)",
        ),
    ] {
        let run = run_slink(&[], format!("{line}\n").as_bytes());
        assert_eq!(run.code, 2);
        assert!(
            run.stderr.starts_with("slink: stdin:1:") && run.stderr.trim_end().ends_with(hint),
            "{line}: {}",
            run.stderr
        );
        // Read as what it is, it is a puzzle (or the start of one).
        let from = match hint {
            h if h.contains("url") => "url",
            h if h.contains("loopy") => "loopy",
            _ => continue,
        };
        let read = run_slink(&["--from", from], format!("{line}\n").as_bytes());
        assert!(!read.stderr.contains("looks like"), "{}", read.stderr);
    }
    // A judge-format error says nothing of other formats.
    let run = run_slink(&[], b"2 2\n2 x\n");
    assert!(!run.stderr.contains("looks like"), "{}", run.stderr);
}

//! `slink verify --from`: the puzzles given to `verify` in any input
//! format (URLs, Loopy IDs, pzprv3 files; detected, or named), their data
//! sets numbered 1, 2, ... in order, and a malformed one reported at its
//! exact file:line:column in each format, as the judge format's are.

use crate::common::*;
use slink::internals::puzzle::formats::{self, Format};

const SAMPLE_IN: &str = "corpus/sample.in";
const SAMPLE_OUT: &str = "corpus/sample.out";

/// The sample's puzzles written in `format` (with blank and comment lines
/// between the URLs and IDs, which readers pass over).
fn sample_in(format: Format) -> Vec<u8> {
    let text = package_bytes(SAMPLE_IN);
    let mut out = Vec::new();
    for (k, entry) in formats::read(&text, Format::Judge).enumerate() {
        if k == 1 && matches!(format, Format::Url | Format::Loopy) {
            out.extend_from_slice(b"\n# the second\n");
        }
        formats::write(
            format,
            &entry.puzzle.expect("the sample is clean"),
            &mut out,
        );
    }
    if format == Format::Judge {
        out.extend_from_slice(b"0 0\n");
    }
    out
}

/// Writes `bytes` to a file named `name` in the temporary directory.
fn file(name: &str, bytes: &[u8]) -> String {
    let path = std::env::temp_dir().join(format!("slink-verify-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn the_sample_output_is_right_for_its_puzzles_in_every_format() {
    for format in Format::ALL {
        let puzzles = file(&format!("sample.{format}"), &sample_in(format));
        for from in [None, Some(format.name())] {
            let mut args = vec!["verify"];
            if let Some(name) = from {
                args.extend(["--from", name]);
            }
            args.extend([puzzles.as_str(), SAMPLE_OUT]);
            let run = run_slink(&args, b"");
            assert_eq!(run.code, 0, "{args:?}: {}{}", run.stdout, run.stderr);
            let lines: Vec<&str> = run.stdout.lines().collect();
            assert_eq!(lines.len(), 5, "{args:?}: {}", run.stdout);
            assert_eq!(lines[4], "verify: 4 data sets: 4 right, 0 wrong");
        }
    }
    // Puzzles on standard input, in a format named.
    let urls = sample_in(Format::Url);
    let run = run_slink(&["verify", "--from", "url", "-", SAMPLE_OUT], &urls);
    assert_eq!(run.code, 0, "{}", run.stderr);
    // A wrong drawing is wrong whatever format the puzzles came in.
    let wrong = String::from_utf8(package_bytes(SAMPLE_OUT))
        .unwrap()
        .replacen("+---+", "+   +", 1);
    let out = file("wrong.out", wrong.as_bytes());
    let run = run_slink(&["verify", "-", &out], &urls);
    assert_eq!(run.code, 1, "{}", run.stdout);
    let first = run.stdout.lines().next().unwrap_or_default();
    assert!(
        first.starts_with(&format!("{out}:6:4: data set 1: expected")),
        "{first}"
    );
}

/// The byte offset of the `n`-th (from 0) occurrence of `needle` in `text`.
fn nth(text: &[u8], needle: &[u8], n: usize) -> usize {
    text.windows(needle.len())
        .enumerate()
        .filter(|(_, w)| *w == needle)
        .nth(n)
        .map(|(k, _)| k)
        .unwrap_or_else(|| {
            panic!(
                "{} in {}",
                String::from_utf8_lossy(needle),
                String::from_utf8_lossy(text)
            )
        })
}

/// Line and column (from 1) of byte offset `at` of `text`.
fn place(text: &[u8], at: usize) -> (usize, usize) {
    let before = &text[..at];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |k| k + 1);
    (line, at - start + 1)
}

#[test]
fn a_malformed_data_set_is_placed_exactly_in_every_format() {
    // In each format, one byte of data set 3 made bad, where a clue is.
    let cases: [(Format, &[u8], usize, u8, &str); 4] = [
        (Format::Judge, b"\n2 2\n", 0, b'x', "data set 3: expected"),
        (
            Format::Url,
            b"slither/",
            2,
            b'!',
            "data set 3: expected a clue",
        ),
        (
            Format::Loopy,
            b"t0:",
            2,
            b'-',
            "data set 3: expected a clue",
        ),
        (
            Format::Pzprv3,
            b"slither\n",
            2,
            b'x',
            "data set 3: expected a clue",
        ),
    ];
    for (format, anchor, n, byte, message) in cases {
        let mut text = sample_in(format);
        let at = match format {
            // The first clue row of data set 3 (its header `2 2`).
            Format::Judge => nth(&text, anchor, n) + anchor.len(),
            // The body's first byte, past `COLS/ROWS/`.
            Format::Url => {
                let from = nth(&text, anchor, n) + anchor.len();
                from + nth(&text[from..], b"/", 1) + 1
            }
            Format::Loopy => nth(&text, anchor, n) + anchor.len(),
            // The first clue row, after the row and column counts.
            Format::Pzprv3 => {
                let from = nth(&text, anchor, n) + anchor.len();
                from + nth(&text[from..], b"\n", 1) + 1
            }
        };
        text[at] = byte;
        let (line, col) = place(&text, at);
        let name = file(&format!("bad.{format}"), &text);
        let run = run_slink(&["verify", &name, SAMPLE_OUT], b"");
        assert_eq!(run.code, 2, "{format}: {}", run.stdout);
        let want = format!("slink verify: {name}:{line}:{col}: {message}");
        assert!(
            run.stderr.starts_with(&want),
            "{format}: {} (want {want})",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{format}: {}", run.stdout);
    }
}

#[test]
fn puzzles_read_in_the_wrong_format_are_an_error_in_place() {
    let urls = sample_in(Format::Url);
    let run = run_slink(&["verify", "--from", "judge", "-", SAMPLE_OUT], &urls);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .starts_with("slink verify: stdin:1:1: data set 1:"),
        "{}",
        run.stderr
    );
    let run = run_slink(&["verify", "--from", "pzprv3", "-", SAMPLE_OUT], &urls);
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.starts_with("slink verify: stdin:1:"),
        "{}",
        run.stderr
    );
}

//! `slink bench`: runs repeated until `--min-time` is spent (or exactly
//! `--runs` times), the mean rate and its spread reported.

use crate::common::run_slink as slink;

/// The cells of the data rows of a `--tsv` table, by column name.
fn rows(tsv: &str) -> Vec<Vec<(String, String)>> {
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().expect("a header line").split('\t').collect();
    lines
        .map(|l| {
            header
                .iter()
                .zip(l.split('\t'))
                .map(|(h, c)| (h.to_string(), c.to_string()))
                .collect()
        })
        .collect()
}

/// Cell `column` of `row`.
fn cell<'a>(row: &'a [(String, String)], column: &str) -> &'a str {
    &row.iter()
        .find(|(h, _)| h == column)
        .unwrap_or_else(|| panic!("no column {column} in {row:?}"))
        .1
}

#[test]
fn bench_repeats_until_the_minimum_time_and_reports_the_spread() {
    let run = slink(
        &[
            "bench",
            "--tsv",
            "-j",
            "1",
            "--min-time",
            "200ms",
            "corpus/sample.in",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let table = rows(&run.stdout);
    assert_eq!(table.len(), 1, "{}", run.stdout);
    let row = &table[0];
    // Four puzzles take far less than 200 ms: many runs, beyond the
    // fewest (3).
    let runs: u32 = cell(row, "runs").parse().unwrap();
    assert!(runs > 3, "{}", run.stdout);
    assert_eq!(cell(row, "puzzles"), "4");
    let mean: f64 = cell(row, "puzzles/s").parse().unwrap();
    let sd: f64 = cell(row, "sd").parse().unwrap();
    assert!(mean > 0.0 && sd >= 0.0, "{}", run.stdout);

    // --runs N: exactly N runs; it and --min-time exclude each other.
    let run = slink(
        &[
            "bench",
            "--tsv",
            "-j",
            "1",
            "--runs",
            "2",
            "corpus/sample.in",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(cell(&rows(&run.stdout)[0], "runs"), "2");
    let run = slink(
        &[
            "bench",
            "--runs",
            "2",
            "--min-time",
            "1s",
            "corpus/sample.in",
        ],
        b"",
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    let run = slink(&["bench", "--min-time", "0s", "corpus/sample.in"], b"");
    assert_eq!(run.code, 2, "{}", run.stderr);
}

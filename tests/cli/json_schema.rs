//! The JSON records of `slink solve --format json` against the schema in
//! `docs/record.schema.json`: every record of every bundled corpus, and of
//! a file with every status (solved, multiple, none, invalid, gave-up),
//! validates; and the `loop` field, decoded only from its description in
//! the README and the schema (not from slink's code), is a loop that the
//! tests' own verifier accepts for the puzzle.

use crate::common::*;
use serde_json::Value;

fn schema() -> jsonschema::Validator {
    let text = package_file("docs/record.schema.json");
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema is a valid JSON Schema")
}

/// Runs `slink solve --format json` on `input` (judge-format text) and
/// checks every record, the loops against the puzzles of `clean` (`input`
/// itself, or the clean data sets at its start when it has bad ones);
/// returns the statuses in order.
fn check_records(name: &str, input: &[u8], clean: &[u8], extra: &[&str]) -> Vec<String> {
    let validator = schema();
    let mut args = vec!["solve", "--format", "json"];
    args.extend_from_slice(extra);
    args.push("-");
    let run = run_slink(&args, input);
    let puzzles = read_puzzles(&String::from_utf8_lossy(clean));
    let mut statuses = Vec::new();
    for (n, line) in run.stdout.lines().enumerate() {
        let record: Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("{name}: record {}: not JSON ({e}): {line}", n + 1));
        let errors: Vec<String> = validator
            .iter_errors(&record)
            .map(|e| format!("{e} at {}", e.instance_path()))
            .collect();
        assert!(
            errors.is_empty(),
            "{name}: record {} breaks the schema:\n  {}\n{line}",
            n + 1,
            errors.join("\n  ")
        );
        let status = record["status"].as_str().unwrap().to_string();
        if let Some(hex) = record["loop"].as_str() {
            let k = record["data_set"].as_u64().unwrap() as usize;
            let g = &puzzles[k - 1];
            let e = decode_loop(hex, g.rows, g.cols)
                .unwrap_or_else(|e| panic!("{name}: data set {k}: loop {hex}: {e}"));
            check_loop(&e, g).unwrap_or_else(|e| panic!("{name}: data set {k}: {e}"));
        }
        statuses.push(status);
    }
    statuses
}

#[test]
fn every_record_of_the_bundled_corpora_validates_and_its_loop_decodes() {
    for file in [
        "corpus/sample.in",
        "corpus/judge/slink.in",
        "corpus/generated/blanks.in",
    ] {
        let input = package_bytes(file);
        let statuses = check_records(file, &input, &input, &[]);
        assert!(!statuses.is_empty(), "{file}: no record");
    }
}

#[test]
fn records_of_every_status_validate() {
    // solved, multiple (a blank 3x3), none (a 0 beside a 3), invalid (a
    // bad clue; a bad header), and gave-up (no budget for a search).
    let clean = b"2 2\n2 2\n2 2\n3 3\n. . .\n. . .\n. . .\n1 2\n0 3\n";
    let input = [&clean[..], b"2 2\n2 x\n1 1\nx\n"].concat();
    let statuses = check_records("every status", &input, clean, &[]);
    assert_eq!(
        statuses,
        ["solved", "multiple", "none", "invalid", "invalid"],
        "the statuses in order"
    );
    let gave_up = b"4 4\n. . . .\n. 3 . .\n. . 3 .\n. . . .\n0 0\n";
    let statuses = check_records("gave up", gave_up, gave_up, &["--budget", "1"]);
    assert_eq!(statuses, ["gave-up"]);
    let statuses = check_records("timed out", gave_up, gave_up, &["--time-limit", "1ns"]);
    assert_eq!(statuses, ["timed-out"]);
    let square = b"2 2\n2 2\n2 2\n0 0\n";
    let statuses = check_records("no timing", square, square, &["--no-timing"]);
    assert_eq!(statuses, ["solved"]);
}

#[test]
fn the_schema_rejects_records_that_break_it() {
    let validator = schema();
    let good: Value = serde_json::from_str(
        r#"{"input":1,"data_set":3,"file":"a.txt","line":17,"rows":2,"cols":2,"status":"solved","loop":"ced","micros":4}"#,
    )
    .unwrap();
    assert!(validator.is_valid(&good));
    for (change, value) in [
        ("status", Value::from("unique")),
        ("loop", Value::from("CED")),
        ("data_set", Value::from(0)),
        ("extra", Value::from(1)),
    ] {
        let mut bad = good.clone();
        bad[change] = value;
        assert!(!validator.is_valid(&bad), "{change} changed: {bad}");
    }
    let mut no_loop = good.clone();
    no_loop.as_object_mut().unwrap().remove("loop");
    assert!(!validator.is_valid(&no_loop), "solved without a loop");
    let mut none = no_loop.clone();
    none["status"] = Value::from("none");
    assert!(!validator.is_valid(&none), "none without an error");
}

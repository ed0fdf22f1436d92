//! One vocabulary across the commands: `-o/--output FILE` wherever a
//! result is written, with errors that name the file, and messages that
//! start with the command (`slink solve: FILE:LINE:COL: ...`), judge mode
//! keeping the judge's words.

use crate::common::{run_slink as slink, split_shortfall, Scratch};

const SAMPLE_IN: &str = "corpus/sample.in";
const SAMPLE_OUT: &str = "corpus/sample.out";

/// Every command that writes a result, with arguments for a quick run.
fn commands() -> Vec<(&'static str, Vec<&'static str>)> {
    vec![
        ("solve", vec!["solve", SAMPLE_IN]),
        ("check", vec!["check", SAMPLE_IN]),
        ("explain", vec!["explain", "--data-set", "3", SAMPLE_IN]),
        ("verify", vec!["verify", SAMPLE_IN, SAMPLE_OUT]),
        ("bench", vec!["bench", "--runs", "1", "-j", "1", SAMPLE_IN]),
        (
            "gen",
            vec![
                "gen", "--rows", "4", "--cols", "5", "--count", "3", "--quiet",
            ],
        ),
    ]
}

#[test]
fn every_command_writes_its_result_to_the_output_file() {
    let dir = Scratch::new("vocabulary-output");
    for (name, args) in commands() {
        let to_stdout = slink(&args, b"");
        assert!(!to_stdout.stdout.is_empty(), "{name}: {}", to_stdout.stderr);
        for flag in ["-o", "--output"] {
            let file = dir.0.join(format!("{name}{flag}.txt"));
            let mut with: Vec<&str> = args.clone();
            with.extend([flag, file.to_str().unwrap()]);
            let run = slink(&with, b"");
            assert_eq!(run.code, to_stdout.code, "{name} {flag}: {}", run.stderr);
            assert_eq!(run.stdout, "", "{name} {flag}: nothing on standard output");
            let written = std::fs::read_to_string(&file).unwrap();
            if name == "bench" {
                // Times differ from run to run; the table's shape does not.
                assert_eq!(
                    written.lines().count(),
                    to_stdout.stdout.lines().count(),
                    "{written}"
                );
            } else {
                assert_eq!(written, to_stdout.stdout, "{name} {flag}");
            }
        }
    }
}

#[test]
fn an_output_that_cannot_be_made_or_is_an_input_is_named() {
    let dir = Scratch::new("vocabulary-bad-output");
    let missing = dir.0.join("no/such/folder/out.txt");
    let missing = missing.to_str().unwrap();
    for (name, args) in commands() {
        let mut with = args.clone();
        with.extend(["-o", missing]);
        let run = slink(&with, b"");
        assert_eq!(run.code, 2, "{name}: {}", run.stderr);
        let want = format!("slink {name}: cannot create {missing}: ");
        assert!(run.stderr.starts_with(&want), "{name}: {}", run.stderr);
    }
    // An input given as the output is refused before it is emptied.
    let input = dir.file("puzzles.in", &crate::common::package_bytes(SAMPLE_IN));
    for args in [
        vec!["solve", "-o", &input, &input],
        vec!["check", "-o", &input, &input],
        vec!["explain", "-o", &input, &input],
        vec!["verify", "-o", &input, SAMPLE_IN, &input],
        vec!["bench", "--runs", "1", "-o", &input, &input],
    ] {
        let run = slink(&args, b"");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        let want = format!(
            "slink {}: the output {input} is the input {input}: it would be emptied",
            args[0]
        );
        assert!(run.stderr.starts_with(&want), "{args:?}: {}", run.stderr);
        assert_eq!(
            std::fs::read(&input).unwrap(),
            crate::common::package_bytes(SAMPLE_IN),
            "{args:?}"
        );
    }
}

#[test]
fn messages_start_with_the_command_judge_mode_too() {
    // A data set with no solution, one with several, a bad one; an input
    // without `0 0`.
    for input in [
        &b"2 2\n3 3\n3 3\n1 2\n. .\n1 1\n4\n0 0\n"[..],
        b"2 2\n2 2\n2 2\n",
    ] {
        let judge = slink(&[], input);
        let solve = slink(&["solve"], input);
        assert_eq!(judge.stdout, solve.stdout, "the drawings are the same");
        let judge_lines = judge.stderr_lines();
        // One rule everywhere: judge mode's command is `slink`.
        assert!(
            judge_lines.iter().all(|l| l.starts_with("slink: stdin")),
            "{}",
            judge.stderr
        );
        // solve says the same, each line after its name in place of
        // judge mode's, then counts what did not pass.
        let (said, count) = split_shortfall(&solve.stderr);
        assert_eq!(count.is_some(), solve.code != 0, "{}", solve.stderr);
        let solve_lines: Vec<&str> = said.lines().collect();
        assert_eq!(solve_lines.len(), judge_lines.len(), "{}", solve.stderr);
        for (s, j) in solve_lines.iter().zip(&judge_lines) {
            assert_eq!(
                Some(*s),
                j.strip_prefix("slink: ")
                    .map(|j| format!("slink solve: {j}"))
                    .as_deref()
            );
        }
    }
    let judge = slink(&[], b"2 2\n3 3\n3 3\n1 2\n. .\n1 1\n4\n0 0\n");
    assert_eq!(judge.stderr_lines().len(), 3, "{}", judge.stderr);
    assert_eq!(
        judge.stderr_lines()[2],
        "slink: stdin:7:1: data set 3: expected a clue 0-3, found '4'"
    );
    // Whole-input notes too: judge mode's `slink:`, solve's `slink solve:`.
    let run = slink(&["solve", "no/such/file.in"], b"");
    assert!(
        run.stderr
            .starts_with("slink solve: cannot read no/such/file.in: "),
        "{}",
        run.stderr
    );
    let run = slink(&["solve", "-", "-"], b"0 0\n");
    assert_eq!(
        run.stderr,
        "slink solve: warning: standard input is read once; this '-' is skipped\n"
    );
    // explain and check place bad input after their names too.
    let dir = Scratch::new("vocabulary-messages");
    let bad = dir.file("bad.in", b"2 2\n2 4\n2 2\n0 0\n");
    let run = slink(&["explain", &bad], b"");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        format!("slink explain: {bad}:2:3: data set 1: expected a clue 0-3, found '4'\n")
    );
    let run = slink(&["explain", "--data-set", "9", SAMPLE_IN], b"");
    assert_eq!(
        run.stderr,
        format!("slink explain: {SAMPLE_IN} has no data set 9\n")
    );
    let run = slink(&["verify", &bad, SAMPLE_OUT], b"");
    assert!(
        run.stderr
            .starts_with(&format!("slink verify: {bad}:2:3: data set 1: ")),
        "{}",
        run.stderr
    );
}

#[test]
fn usage_errors_start_with_the_program_too() {
    for args in [
        &["solve", "--bogus"][..],
        &["check", "--format", "yaml", "x"],
        &["gen", "--rows", "0"],
        &["--bogus"],
    ] {
        let run = slink(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(
            run.stderr.starts_with("slink: error: "),
            "{args:?}: {}",
            run.stderr
        );
    }
    // Help is not an error: clap's own text on standard output.
    let help = slink(&["solve", "--help"], b"");
    assert_eq!(help.code, 0);
    assert!(
        help.stdout.contains("Usage: slink solve"),
        "{}",
        help.stdout
    );
}

//! What every command promises alike (issue 39): an output file is not
//! touched before every input has been opened; `-q` is taken by every
//! command that writes to standard error and means one thing there; a
//! malformed data set gives one exit status everywhere; one table of exit
//! statuses in the help, the man page and the README; and `solve` says why
//! it exits non-zero.

use crate::common::{package_file, run_slink as slink, Scratch};

const SAMPLE_IN: &str = "corpus/sample.in";
const SAMPLE_OUT: &str = "corpus/sample.out";

/// Every command that writes to `-o FILE` and reads inputs, with
/// arguments that name `input` (which may be missing).
fn with_input(input: &str) -> Vec<Vec<&str>> {
    vec![
        vec!["solve", input],
        vec!["solve", "--format", "json", SAMPLE_IN, input],
        vec!["convert", "--to", "url", input],
        vec!["check", SAMPLE_IN, input],
        vec!["explain", "--data-set", "1", input],
        vec!["bench", "--runs", "1", "-j", "1", SAMPLE_IN, input],
        vec!["verify", SAMPLE_IN, input],
        vec!["verify", input, SAMPLE_OUT],
    ]
}

#[test]
fn an_output_file_is_kept_when_an_input_cannot_be_opened() {
    let dir = Scratch::new("promises-kept");
    let missing = dir.0.join("nonexist.txt");
    let missing = missing.to_str().unwrap();
    let folder = dir.0.to_str().unwrap();
    let kept = dir.file("keep.txt", b"precious\n");
    for input in [missing, folder] {
        for args in with_input(input) {
            let mut with = args.clone();
            with.extend(["-o", &kept]);
            let run = slink(&with, b"");
            assert_eq!(run.code, 2, "{with:?}: {}", run.stderr);
            let named = format!("slink {}: cannot read {input}: ", args[0]);
            assert!(run.stderr.starts_with(&named), "{with:?}: {}", run.stderr);
            assert_eq!(
                std::fs::read_to_string(&kept).unwrap(),
                "precious\n",
                "{with:?}"
            );
        }
    }
}

#[test]
fn resume_names_a_missing_input_first_and_keeps_the_output() {
    let dir = Scratch::new("promises-resume");
    let out = dir.file("r1.jsonl", b"{\"input\":1,\"data_set\":1}\n");
    let missing = dir.0.join("bgi.url");
    let missing = missing.to_str().unwrap();
    let run = slink(
        &["solve", "--format", "json", "-o", &out, "--resume", missing],
        b"",
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(
        run.stderr_lines()[0],
        format!("slink solve: cannot read {missing}: No such file or directory (os error 2)")
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "{\"input\":1,\"data_set\":1}\n"
    );
}

/// The help of every command's `-q`, from its `--help`.
fn quiet_help(args: &[&str]) -> String {
    let help = slink(&[args, &["--help"]].concat(), b"").stdout;
    let lines: Vec<&str> = help.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim_start().starts_with("-q, --quiet"))
        .unwrap_or_else(|| panic!("{args:?} takes no -q:\n{help}"));
    let rest = lines[at].trim_start().trim_start_matches("-q, --quiet");
    let next = lines.get(at + 1).map_or("", |l| l.trim());
    format!("{} {next}", rest.trim()).trim().to_string()
}

#[test]
fn every_command_takes_q_with_one_meaning_and_the_docs_agree() {
    let meaning = quiet_help(&[]);
    assert!(
        meaning.starts_with("Only errors on standard error"),
        "{meaning}"
    );
    for command in [
        "solve", "check", "convert", "explain", "bench", "verify", "gen",
    ] {
        assert_eq!(quiet_help(&[command]), meaning, "slink {command}");
    }
    // What the README and the guide say -q means.
    let readme = package_file("README.md").replace('\n', " ");
    assert!(
        readme.contains(
            "`-q` leaves only errors on stderr (no progress bar, summary, note or warning)"
        ),
        "README"
    );
    let guide = package_file("docs/guide.md").replace("\n  ", " ");
    assert!(
        guide.contains("`-q`/`--quiet`: only errors on standard error"),
        "docs/guide.md"
    );
    assert!(!guide.contains("`-q` prints"), "docs/guide.md: another -q");
}

#[test]
fn q_leaves_warnings_out_and_errors_in() {
    // Several solutions (a warning) and a malformed data set (an error).
    let input = b"2 2\n. .\n. .\n1 1\n4\n0 0\n";
    for args in [&[][..], &["solve"]] {
        let loud = slink(args, input);
        assert!(
            loud.stderr.contains("warning: the puzzle has several"),
            "{}",
            loud.stderr
        );
        let quiet = slink(&[args, &["-q"]].concat(), input);
        assert_eq!(quiet.code, loud.code);
        assert_eq!(quiet.stdout, loud.stdout);
        let lines = quiet.stderr_lines();
        assert_eq!(lines.len(), 1, "{args:?} -q: {}", quiet.stderr);
        assert!(
            lines[0].contains("expected a clue 0-3, found '4'"),
            "{}",
            quiet.stderr
        );
    }
    // check's warning of a missing `0 0`, bench's notes.
    let dir = Scratch::new("promises-quiet");
    let open_ended = dir.file("open.in", b"2 2\n2 2\n2 2\n");
    let loud = slink(&["check", &open_ended], b"");
    assert!(
        loud.stderr.contains("without the closing '0 0'"),
        "{}",
        loud.stderr
    );
    let quiet = slink(&["check", "-q", &open_ended], b"");
    assert_eq!((quiet.stderr.as_str(), quiet.stdout), ("", loud.stdout));
    let bench = slink(&["bench", "-q", "--runs", "1", "-j", "1", SAMPLE_IN], b"");
    assert_eq!((bench.code, bench.stderr.as_str()), (0, ""));
    assert!(!bench.stdout.is_empty());
}

#[test]
fn a_malformed_data_set_exits_2_in_every_command() {
    let dir = Scratch::new("promises-malformed");
    let bad = dir.file("bad.in", b"1 1\n2\n2 2\n2 4\n2 2\n0 0\n");
    for args in [
        vec!["solve", &bad],
        vec!["solve", "--format", "json", &bad],
        vec!["solve", "--format", "summary", &bad],
        vec!["check", &bad],
        vec!["convert", "--to", "url", &bad],
        vec!["verify", &bad, SAMPLE_OUT],
    ] {
        assert_eq!(slink(&args, b"").code, 2, "{args:?}");
    }
    let bytes = std::fs::read(&bad).unwrap();
    assert_eq!(slink(&[], &bytes).code, 2, "judge mode");
}

#[test]
fn solve_says_why_it_exits_non_zero_unless_quiet() {
    let input = b"2 2\n. .\n. .\n1 1\n4\n2 2\n3 3\n3 3\n2 2\n2 2\n2 2\n0 0\n";
    let run = slink(&["solve", "--format", "json"], input);
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "slink solve: 3 of 4 data sets not solved with one solution: \
         1 with several solutions, 1 with no solution, 1 malformed\n"
    );
    assert_eq!(
        slink(&["solve", "-q", "--format", "json"], input).stderr,
        ""
    );
    let all_right = slink(&["solve", "--format", "json"], b"2 2\n2 2\n2 2\n0 0\n");
    assert_eq!((all_right.code, all_right.stderr.as_str()), (0, ""));
}

/// The exit-status table of `slink --help`: its lines from the heading.
fn exit_table() -> String {
    let help = slink(&["--help"], b"").stdout;
    let at = help
        .find("Exit status, the same for every command:")
        .expect("the table in slink --help");
    help[at..].trim_end().to_string()
}

#[test]
fn one_exit_status_table_in_every_help_the_man_page_and_the_readme() {
    let table = exit_table();
    for command in [
        "solve", "check", "convert", "explain", "bench", "verify", "gen",
    ] {
        let help = slink(&[command, "--help"], b"").stdout;
        assert!(help.contains(&table), "slink {command} --help");
    }
    let man = slink(&["man"], b"").stdout;
    assert!(
        man.contains("Exit status, the same for every command"),
        "man page"
    );
    // The README's table and the guide's have the same rows, one per
    // status of the help's table.
    let rows = |text: &str| -> Vec<String> {
        text.lines()
            .map(str::trim)
            .filter(|l| {
                l.starts_with("| 0 |")
                    || l.starts_with("| 1 |")
                    || l.starts_with("| 2 |")
                    || l.starts_with("| 130, 143 |")
            })
            .map(|l| l.split('|').nth(1).unwrap().trim().to_string())
            .collect()
    };
    let readme = rows(&package_file("README.md"));
    assert_eq!(readme, ["0", "1", "2", "130, 143"]);
    assert_eq!(rows(&package_file("docs/guide.md")), readme);
    for status in ["\n  0 ", "\n  1 ", "\n  2 ", "\n  130/143 "] {
        assert!(table.contains(status), "{status:?} in {table}");
    }
}

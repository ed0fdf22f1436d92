//! The documents generated from the command line's definitions: shell
//! completions (each shell's script; bash's parses with `bash -n`), the
//! man page (renders with `man -l` where man is installed), and the
//! command-line reference of docs/cli.md, which must be exactly what
//! `slink reference` prints (regenerate it when an option changes).

use crate::common::*;
use std::process::Command;

#[test]
fn completions_name_every_subcommand_in_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = run_slink(&["completions", shell], b"");
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        for sub in ["solve", "check", "explain", "verify", "gen", "bench"] {
            assert!(run.stdout.contains(sub), "{shell}: no {sub}");
        }
        assert!(run.stdout.contains("budget"), "{shell}: no budget option");
    }
    let run = run_slink(&["completions", "tcsh"], b"");
    assert_eq!(run.code, 2, "an unknown shell is a usage error");
}

#[test]
fn the_bash_completion_script_parses() {
    let run = run_slink(&["completions", "bash"], b"");
    let dir = Scratch::new("bash-completion");
    let script = dir.0.join("slink.bash");
    std::fs::write(&script, &run.stdout).unwrap();
    let bash = Command::new("bash").arg("-n").arg(&script).output();
    let bash = bash.expect("bash is installed");
    assert!(
        bash.status.success(),
        "bash -n: {}",
        String::from_utf8_lossy(&bash.stderr)
    );
}

#[test]
fn the_man_page_has_every_subcommand_and_renders() {
    let run = run_slink(&["man"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with(".ie \\n(.g .ds Aq"),
        "roff: {}",
        &run.stdout[..40]
    );
    assert!(run.stdout.contains(".TH slink 1"));
    // The top-level help's examples and exit statuses are in it too.
    assert!(run.stdout.contains(".SH \"EXAMPLES AND EXIT STATUS\""));
    assert!(run.stdout.contains("130/143"), "no signal statuses");
    // Synopses give each option's value and say that files are several.
    let solve = run
        .stdout
        .lines()
        .find(|l| l.starts_with("\\fBslink solve\\fR"))
        .expect("a synopsis of slink solve");
    assert!(
        solve.contains("[\\fB\\-\\-budget\\fR \\fI<BUDGET>\\fR]"),
        "{solve}"
    );
    assert!(solve.ends_with("[\\fIFILE\\fR]..."), "{solve}");
    for sub in ["SOLVE", "CHECK", "EXPLAIN", "VERIFY", "GEN", "BENCH"] {
        assert!(
            run.stdout.contains(&format!(".SH \"{sub}\"")),
            "no section {sub}"
        );
    }
    let dir = Scratch::new("man-page");
    let page = dir.0.join("slink.1");
    std::fs::write(&page, &run.stdout).unwrap();
    let Ok(man) = Command::new("man")
        .arg("-l")
        .arg(&page)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "80")
        .output()
    else {
        // No man here: the roff checks above stand.
        eprintln!("man is not installed: the page's rendering is not checked");
        return;
    };
    let text = String::from_utf8_lossy(&man.stdout);
    assert!(
        man.status.success(),
        "man -l: {}",
        String::from_utf8_lossy(&man.stderr)
    );
    assert!(
        text.contains("SYNOPSIS") && text.contains("slink verify"),
        "{text}"
    );
}

#[test]
fn the_cli_reference_is_what_slink_reference_prints() {
    let run = run_slink(&["reference"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let readme = package_file("docs/cli.md");
    let start = run.stdout.lines().next().unwrap();
    let from = readme
        .find(start)
        .expect("docs/cli.md has the reference's start marker");
    let end = "<!-- cli-reference: end -->\n";
    let to = readme[from..].find(end).expect("and its end marker") + from + end.len();
    assert!(
        readme[from..to] == run.stdout,
        "docs/cli.md's command-line reference differs from `slink reference`: \
         regenerate it (replace the part between the markers with \
         `target/release/slink reference`)"
    );
}

#[test]
fn every_subcommand_help_has_an_example_and_the_top_help_the_exit_statuses() {
    for sub in [
        "solve",
        "gen",
        "check",
        "explain",
        "bench",
        "verify",
        "convert",
        "completions",
        "man",
    ] {
        let run = run_slink(&[sub, "--help"], b"");
        assert_eq!(run.code, 0, "{sub}: {}", run.stderr);
        assert!(
            run.stdout.contains("Example"),
            "{sub} --help has no example"
        );
    }
    let run = run_slink(&["--help"], b"");
    assert!(run.stdout.contains("judge mode"), "{}", run.stdout);
    assert!(
        run.stdout
            .contains("Exit status, the same for every command:\n  0 "),
        "{}",
        run.stdout
    );
}

#[test]
fn a_file_name_where_a_command_goes_gets_a_hint() {
    let run = run_slink(&["puzzles.txt"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains(
            "hint: did you mean 'slink solve puzzles.txt' (batch mode) or \
             'slink < puzzles.txt' (judge mode)?"
        ),
        "{}",
        run.stderr
    );
    let run = run_slink(&["sovle"], b"");
    assert_eq!(run.code, 2);
    assert!(!run
        .stderr
        .contains("hint: did you mean 'slink solve sovle'"));
}

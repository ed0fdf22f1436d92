//! `.ci/run`'s checks fail when the tool they check fails: its helper
//! `none_of` (`.ci/checks.sh`) passes only when grep finds nothing, and
//! no check of the scripts is built as `if TOOL | grep` (which passes
//! when TOOL fails and grep sees nothing).

use std::path::Path;
use std::process::Command;

/// Runs `script` in bash, from the package root, with `.ci/checks.sh`
/// sourced: the exit status and standard error.
fn with_checks(script: &str) -> (i32, String) {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("bash")
        .current_dir(root)
        .args([
            "-c",
            &format!("set -euo pipefail; . .ci/checks.sh; {script}"),
        ])
        .output()
        .expect("bash runs");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code().unwrap_or(-1), err)
}

#[test]
fn none_of_passes_only_when_grep_finds_nothing() {
    let (code, err) = with_checks("none_of 'found clap' '^clap ' <<<$'slink 0.1\\nrayon 1'");
    assert_eq!((code, err.as_str()), (0, ""), "no match passes");
    let (code, err) = with_checks("none_of 'found clap' '^clap ' <<<$'slink 0.1\\nclap 4'");
    assert_eq!(code, 1, "a match fails");
    assert!(err.contains(".ci/run: found clap"), "{err}");
    let (code, err) = with_checks("none_of 'found a link' -rl x /no/such/folder");
    assert_eq!(code, 1, "grep that cannot search fails the check");
    assert!(err.contains("the check could not run"), "{err}");
}

#[test]
fn a_tool_that_fails_stops_the_script_before_its_check() {
    // The form .ci/run uses: the tool's output taken first.
    let (code, _) = with_checks("out=$(false); none_of 'never' 'x' <<<\"$out\"; echo passed >&2");
    assert_eq!(code, 1, "set -e stops at the failed tool");
}

#[test]
fn no_check_of_the_ci_scripts_pipes_a_tool_into_an_if() {
    let ci = Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci");
    for name in ["run", "python", "checks.sh"] {
        let text = std::fs::read_to_string(ci.join(name)).unwrap();
        // Logical lines: continuations joined.
        for line in text.replace("\\\n", " ").lines() {
            let code = line.split(" #").next().unwrap_or("").trim();
            let piped = code.replace("||", "").contains('|');
            let tested = code.starts_with("if ") || code.starts_with("while ");
            assert!(
                !(tested && piped),
                ".ci/{name}: `{code}`: a pipeline tested by if passes when its first tool fails"
            );
        }
    }
}

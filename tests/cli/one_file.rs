//! No input destroyed through another name (issue 51): an output that is
//! an input by a hard link, a symbolic link or another spelling, standard
//! output appended to an input, an output that standard input reads, a
//! picture written over an input, and two outputs that are one file are
//! all refused, exit status 2, before anything is written: every file is
//! left as it was.

use crate::common::{package_bytes, run_slink as slink, slink_bin, Scratch};
use std::fs::{self, File, OpenOptions};
use std::process::{Command, Stdio};

const SAMPLE_IN: &str = "corpus/sample.in";

/// Every command with an output file, reading `input`, writing to `out`.
fn commands<'a>(input: &'a str, out: &'a str) -> Vec<Vec<&'a str>> {
    vec![
        vec!["solve", input, "-o", out],
        vec!["solve", "--format", "json", input, "-o", out],
        vec!["solve", "--format", "json", input, "-o", out, "--resume"],
        vec!["convert", "--to", "url", input, "-o", out],
        vec!["check", input, "-o", out],
        vec!["explain", "--data-set", "1", input, "-o", out],
        vec!["bench", "--runs", "1", "-j", "1", input, "-o", out],
        vec!["verify", input, SAMPLE_IN, "-o", out],
        vec!["verify", SAMPLE_IN, input, "-o", out],
    ]
}

/// Checks that `args` was refused as `why` says, and that `kept` files
/// hold what they held.
fn assert_refused(run: &crate::common::Run, args: &[&str], why: &str, kept: &[(&str, &[u8])]) {
    assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
    assert!(
        run.stderr.starts_with(&format!("slink {}: ", args[0])) && run.stderr.contains(why),
        "{args:?}: {}",
        run.stderr
    );
    assert!(
        run.stderr.contains("nothing was written"),
        "{args:?}: {}",
        run.stderr
    );
    for (file, bytes) in kept {
        assert_eq!(
            &fs::read(file).unwrap()[..],
            *bytes,
            "{args:?}: {file} changed"
        );
    }
}

#[test]
fn an_input_is_refused_as_the_output_by_any_name() {
    let dir = Scratch::new("one-file-names");
    let sample = package_bytes(SAMPLE_IN);
    let h1 = dir.file("h1.in", &sample);
    let h2 = dir.0.join("h2.in");
    fs::hard_link(&h1, &h2).unwrap();
    let link = dir.0.join("link.in");
    std::os::unix::fs::symlink("h1.in", &link).unwrap();
    let dotted = dir.0.join(".").join("h1.in");
    let names = [&h2, &link, &dotted].map(|p| p.to_str().unwrap().to_owned());
    for out in &names {
        for args in commands(&h1, out) {
            let run = slink(&args, b"");
            let why = format!("the output {out} is the input {h1}: it would be emptied");
            assert_refused(&run, &args, &why, &[(&h1, &sample)]);
        }
    }
    // The output named as it is, the input through a link.
    for args in commands(&names[0], &h1) {
        let run = slink(&args, b"");
        let why = format!("the output {h1} is the input {}", names[0]);
        assert_refused(&run, &args, &why, &[(&h1, &sample)]);
    }
}

#[test]
fn two_outputs_that_are_one_file_are_refused() {
    let dir = Scratch::new("one-file-gen");
    let same = dir.0.join("same.txt");
    let same = same.to_str().unwrap();
    let dotted = dir.0.join(".").join("same.txt");
    let dotted = dotted.to_str().unwrap();
    for answers in [same, dotted] {
        let args = ["gen", "--count", "2", "-o", same, "--answers", answers];
        let run = slink(&args, b"");
        let why = format!("the output {same} and the answers (--answers) {answers} are one file");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.starts_with(&format!("slink gen: {why}")),
            "{}",
            run.stderr
        );
        assert!(
            !dir.0.join("same.txt").exists(),
            "{args:?}: a file was made"
        );
    }
    // An existing file is kept.
    let kept = dir.file("kept.txt", b"precious\n");
    let args = ["gen", "--count", "2", "-o", &kept, "--answers", &kept];
    let run = slink(&args, b"");
    assert_refused(&run, &args, "are one file", &[(&kept, b"precious\n")]);
    // `slink gen --answers kept.txt >> kept.txt`.
    let args = ["gen", "--count", "2", "--answers", &kept];
    let (code, err) = with_stdio(&args, None, &kept);
    assert_eq!(code, 2, "{err}");
    let why = format!("slink gen: standard output and the answers (--answers) {kept} are one file");
    assert!(err.starts_with(&why), "{err}");
    assert_eq!(fs::read(&kept).unwrap(), b"precious\n");
    // Distinct files are made.
    let answers = dir.0.join("answers.txt");
    let run = slink(
        &[
            "gen",
            "--count",
            "2",
            "-o",
            same,
            "--answers",
            answers.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(fs::read_to_string(same).unwrap().ends_with("0 0\n"));
    assert!(fs::read_to_string(&answers).unwrap().starts_with("1\n"));
}

/// Runs `slink args` with standard input from `stdin` (or empty) and
/// standard output appended to `stdout`: the exit status and stderr.
fn with_stdio(args: &[&str], stdin: Option<&str>, stdout: &str) -> (i32, String) {
    let out = OpenOptions::new().append(true).open(stdout).unwrap();
    let input = match stdin {
        Some(p) => Stdio::from(File::open(p).unwrap()),
        None => Stdio::null(),
    };
    let run = Command::new(slink_bin())
        .args(args)
        .stdin(input)
        .stdout(out)
        .output()
        .unwrap();
    let err = String::from_utf8(run.stderr).unwrap();
    (run.status.code().unwrap_or(-1), err)
}

#[test]
fn standard_input_and_output_are_refused_where_they_are_an_input_or_the_output() {
    let dir = Scratch::new("one-file-stdio");
    let sample = package_bytes(SAMPLE_IN);
    let input = dir.file("a.in", &sample);
    let link = dir.0.join("b.in");
    fs::hard_link(&input, &link).unwrap();
    let link = link.to_str().unwrap();
    let cases: [(&[&str], Option<&str>, &str); 6] = [
        // `slink solve a.in >> b.in`, b.in a hard link of a.in.
        (&["solve", &input], None, "standard output is the input"),
        (
            &["convert", "--to", "url", &input],
            None,
            "standard output is the input",
        ),
        // `slink < a.in >> b.in`.
        (&[], Some(&input), "standard output is standard input"),
        (
            &["solve"],
            Some(&input),
            "standard output is standard input",
        ),
        // `slink solve -o b.in < a.in`.
        (&["solve", "-o", link], Some(&input), "is standard input"),
        (
            &["check", "-", "-o", link],
            Some(&input),
            "is standard input",
        ),
    ];
    for (args, stdin, why) in cases {
        let stdout = if args.contains(&"-o") {
            dir.file("other.out", b"")
        } else {
            link.to_owned()
        };
        let (code, err) = with_stdio(args, stdin, &stdout);
        assert_eq!(code, 2, "{args:?}: {err}");
        let command = args
            .first()
            .map_or("slink: ".to_owned(), |c| format!("slink {c}: "));
        assert!(
            err.starts_with(&command) && err.contains(why),
            "{args:?}: {err}"
        );
        assert_eq!(fs::read(&input).unwrap(), sample, "{args:?}");
    }
    // Standard output to another file is fine.
    let other = dir.file("c.out", b"");
    let (code, err) = with_stdio(&["solve", &input], None, &other);
    assert_eq!((code, err.as_str()), (0, ""));
}

#[test]
fn a_picture_is_not_written_over_an_input() {
    let dir = Scratch::new("one-file-pictures");
    let sample = package_bytes(SAMPLE_IN);
    let pictures = dir.0.join("pics");
    fs::create_dir_all(&pictures).unwrap();
    let x = dir.file("x.in", &sample);
    // A puzzle file named as x.in's second picture will be.
    let clash = pictures.join("x-2.svg");
    fs::write(&clash, &sample).unwrap();
    let (pics, clash) = (pictures.to_str().unwrap(), clash.to_str().unwrap());
    let args = ["solve", "--format", "svg", "--out-dir", pics, &x, clash];
    let run = slink(&args, b"");
    assert_eq!(run.code, 2, "{}", run.stderr);
    let why = format!("the picture {clash} is the input {clash}");
    assert!(run.stderr.contains(&why), "{}", run.stderr);
    assert_eq!(fs::read(clash).unwrap(), sample);
    assert!(
        pictures.join("x-1.svg").exists(),
        "the pictures before it are written"
    );
}

//! Reading the formats: a bad line reported in place and the others
//! solved, the format named or detected (judge mode's standard input is
//! the judge format), a file in another format than the one named (one
//! message), URLs on odd addresses.

use super::*;

#[test]
fn bad_lines_are_reported_in_place_and_the_others_solved() {
    let dir = scratch("bad");
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, WITH_BAD_LINES).unwrap();
    let path = file.to_str().unwrap();
    let run = slink(
        &["solve", "-q", "--format", "json", "--no-timing", path],
        b"",
    );
    assert_eq!(run.code, 2, "{}", run.err);
    let recs = records(&run.out);
    let statuses: Vec<&str> = recs.iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["solved", "invalid", "solved", "solved"]);
    assert_eq!(
        recs[1]["error"],
        "4:39: data set 2: puzz.link body ends after 6 of 100 cells"
    );
    // A Loopy ID in a file of URLs is read as a Loopy ID.
    assert_eq!(
        (recs[2]["rows"].as_u64(), recs[2]["cols"].as_u64()),
        (Some(5), Some(5))
    );
    // The judge format: the good ones drawn, the bad ones named on stderr.
    let run = slink(&["solve", "-q", path], b"");
    assert_eq!(
        run.out.lines().filter(|l| l.starts_with('#')).count(),
        2 * 9 + 15
    );
    assert!(
        run.out.starts_with("1\n") && run.out.contains("\n3\n") && run.out.contains("\n4\n"),
        "{}",
        run.out
    );
    assert!(
        run.err.starts_with(&format!(
            "slink solve: {path}:4:39: data set 2: puzz.link body ends after 6 of 100 cells\n"
        )),
        "{}",
        run.err
    );
    // Judge mode, --from url on stdin: the same, exit 2 for the bad input,
    // except that the format is named, not detected: the Loopy ID (data
    // set 3) is not a URL, and is named as such.
    let judge = slink(&["--from", "url"], WITH_BAD_LINES.as_bytes());
    let (before_3, from_3) = run.out.split_at(run.out.find("\n3\n").unwrap() + 1);
    let from_4 = &from_3[from_3.find("\n4\n").unwrap() + 1..];
    assert_eq!((judge.code, judge.out), (2, format!("{before_3}{from_4}")));
    assert!(
        judge.err.starts_with("slink: stdin:4:39: data set 2: "),
        "{}",
        judge.err
    );
    assert!(
        judge
            .err
            .contains(": data set 3: expected a URL (url was named), found a Loopy ID"),
        "{}",
        judge.err
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stdin_is_the_judge_format_in_judge_mode_and_detected_elsewhere() {
    let line = "https://puzz.link/p?slither/2/2/222c\n";
    let judge = slink(&[], line.as_bytes());
    assert_eq!(judge.code, 2);
    assert!(
        judge.err.starts_with("slink: stdin:1:1: data set 1: "),
        "{}",
        judge.err
    );
    // `slink solve` detects the URL: the same drawing as the judge format's.
    let solve = slink(&["solve", "-q"], line.as_bytes());
    assert_eq!(solve.code, 0, "{}", solve.err);
    let judge = slink(&[], b"2 2\n2 2\n2 2\n0 0\n");
    assert_eq!(solve.out, judge.out);
    assert!(solve.out.starts_with("1\n#"), "{}", solve.out);
    // A URL where --from loopy was named is a malformed data set (exit
    // 2) that says what it is: first in the input, the input is not a
    // list of Loopy IDs; after an ID, the line is not one. Detected, a
    // list may mix the two.
    let forced = slink(&["solve", "-q", "--from", "loopy"], line.as_bytes());
    assert_eq!((forced.code, forced.out.as_str()), (2, ""));
    assert!(
        forced.err.contains(
            "stdin:1:1: data set 1: the input is not a list of Loopy IDs (loopy was named): \
             its first line is a URL"
        ),
        "{}",
        forced.err
    );
    let after = slink(
        &["solve", "-q", "--from", "loopy"],
        format!("2x2t0:2222\n{line}").as_bytes(),
    );
    assert_eq!(after.code, 2, "{}", after.err);
    assert!(
        after
            .err
            .contains("stdin:2:1: data set 2: expected a Loopy ID (loopy was named), found a URL"),
        "{}",
        after.err
    );
    let mixed = format!("2x2t0:2222\n{line}");
    let both = slink(&["solve", "-q"], mixed.as_bytes());
    assert_eq!(both.code, 0, "{}", both.err);
    assert_eq!(
        both.out,
        format!("{}{}", solve.out, solve.out.replacen("1\n", "2\n", 1))
    );
}

#[test]
fn urls_on_odd_addresses_are_read_with_a_warning() {
    // pzprjs reads any address before the '?': so does slink, but a slip
    // in a host (puz.link, htps://) is named once, with the count.
    let urls = "puz.link/p?slither/2/2/2222\n\
                https://puzz.link/p?slither/2/2/2222\n\
                htps://puzz.link/p?slither/2/2/2222\n";
    let run = slink(&["solve"], urls.as_bytes());
    assert_eq!(run.code, 0, "{}", run.err);
    assert_eq!(
        run.out.lines().filter(|l| l.starts_with('#')).count(),
        3 * 9
    );
    let warning = "slink solve: stdin:1:1: data set 1: warning: 'puz.link/p' is not the address \
                   of a pzprjs player slink knows";
    assert!(run.err.starts_with(warning), "{}", run.err);
    assert!(run.err.contains("(and 1 more URL like it)"), "{}", run.err);
    let quiet = slink(&["solve", "-q"], urls.as_bytes());
    assert_eq!(
        (quiet.code, quiet.out, quiet.err),
        (0, run.out, String::new())
    );
    let known = slink(&["solve"], urls.lines().nth(1).unwrap().as_bytes());
    assert!(!known.err.contains("warning"), "{}", known.err);
    // check and convert read through the same reader, and say the same.
    for (command, args) in [
        ("check", vec!["check", "-"]),
        ("convert", vec!["convert", "--to", "loopy", "-"]),
    ] {
        let run = slink(&args, urls.as_bytes());
        let warning = format!(
            "slink {command}: stdin:1:1: data set 1: warning: 'puz.link/p' is not the address"
        );
        assert!(run.err.contains(&warning), "{command}: {}", run.err);
        assert!(run.err.contains("(and 1 more URL like it)"), "{}", run.err);
        let mut quiet_args = args.clone();
        quiet_args.insert(1, "-q");
        let quiet = slink(&quiet_args, urls.as_bytes());
        assert!(!quiet.err.contains("warning"), "{command}: {}", quiet.err);
        assert_eq!(quiet.out, run.out, "{command}");
    }
}

#[test]
fn a_file_in_another_format_than_the_one_named_is_one_message() {
    // The statement's sample (judge format) read as URLs or Loopy IDs:
    // one error for the input, not one per line, in every command that
    // reads puzzles; with the format detected, it reads.
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/sample.in");
    let sample = sample.to_str().unwrap();
    for (from, list) in [("url", "URLs"), ("loopy", "Loopy IDs")] {
        let said = format!(
            "{sample}:1:1: data set 1: the input is not a list of {list} ({from} was named): its \
             first line is a line of the judge format, and it is not read further; name no \
             format to have it told from its first line"
        );
        for args in [
            vec!["convert", "--to", "judge", "--from", from, sample],
            vec!["solve", "--from", from, sample],
        ] {
            let run = slink(&args, b"");
            assert_eq!(run.code, 2, "{args:?}: {}", run.err);
            let errors: Vec<&str> = run.err.lines().filter(|l| l.contains("data set")).collect();
            assert_eq!(errors[0], format!("slink {}: {said}", args[0]), "{args:?}");
            assert_eq!(
                errors.len(),
                1 + usize::from(args[0] == "solve"),
                "{}",
                run.err
            );
        }
        // check reports it as its line of the data set, and counts one.
        let run = slink(&["check", "--from", from, sample], b"");
        assert_eq!(run.code, 2, "{}", run.err);
        let (_, why) = said.split_once(": data set 1: ").unwrap();
        assert_eq!(
            run.out.lines().collect::<Vec<_>>(),
            [
                format!("{sample}:1:1: set=1 bad input: {why}").as_str(),
                "summary: 1 data set read; unique 0, multiple 0, none 0, gave up 0, bad input 1; \
                 asked unique 0, promise 0; failed 0"
            ]
        );
    }
    let run = slink(&["convert", "--to", "url", sample], b"");
    assert_eq!((run.code, run.err.as_str()), (0, ""));
}

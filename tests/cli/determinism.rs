//! Determinism: the same input gives the same bytes, on standard output
//! and on standard error, for every thread count (`slink solve --threads
//! 1`, `2`, `3`) and on every run, in the judge and the JSON formats, and
//! judge mode prints what batch mode's judge format prints.
//!
//! The input is a few thousand puzzles: unique ones from `slink gen`
//! (fully clued and with blanks; if the generator does not work, the test
//! says so and builds more of its own), random clue grids of the test's
//! own (several solutions, none, or a search given up at a small budget,
//! so that every status is exercised), boards wide enough for two and
//! four machine words per row, and malformed data sets in between.
use crate::common::{as_solve_says, run_slink_within, Rng, Run, Scratch};

use std::time::Duration;

/// Longest a run may take.
const LIMIT: Duration = Duration::from_secs(300);

/// Runs `slink ARGS` with `stdin` on a pipe, within [`LIMIT`] (the
/// shared runner also checks for a documented exit status and no panic).
fn run(args: &[&str], stdin: &[u8]) -> Run {
    run_slink_within(args, stdin, LIMIT)
}

/// Puzzles from `slink gen ARGS` (without the final `0 0`), or `None`
/// (with a loud note) if the generator does not work.
fn generated(args: &[&str]) -> Option<String> {
    let mut full = vec!["gen", "--quiet"];
    full.extend_from_slice(args);
    let r = run(&full, b"");
    match r.stdout.strip_suffix("0 0\n") {
        Some(body) if r.code == 0 && !body.is_empty() => Some(body.to_owned()),
        _ => {
            eprintln!(
                "NOTE: `slink {}` did not work (exit {}): {}; the test builds its own puzzles",
                full.join(" "),
                r.code,
                r.stderr
            );
            None
        }
    }
}

/// `count` random clue grids up to `max x max`, a fifth of the cells
/// blank: most have no solution, some several, some need search.
fn random_grids(rng: &mut Rng, count: usize, max: usize) -> String {
    let mut s = String::new();
    for _ in 0..count {
        let (r, c) = (1 + rng.index(max), 1 + rng.index(max));
        s += &format!("{r} {c}\n");
        for _ in 0..r {
            let row: Vec<&str> = (0..c)
                .map(|_| ["0", "1", "2", "3", ".", "2", "1"][rng.index(7)])
                .collect();
            s += &row.join(" ");
            s.push('\n');
        }
    }
    s
}

/// A loop as an `r x c` Slink puzzle: the rectangle with corners
/// `(i0, j0)` and `(i1, j1)` (exclusive), every cell clued.
fn rectangle(r: usize, c: usize, (i0, j0): (usize, usize), (i1, j1): (usize, usize)) -> String {
    let mut s = format!("{r} {c}\n");
    for i in 0..r {
        let row: Vec<String> = (0..c)
            .map(|j| {
                let inside = (i0..i1).contains(&i) && (j0..j1).contains(&j);
                let sides = if inside {
                    usize::from(i == i0)
                        + usize::from(i + 1 == i1)
                        + usize::from(j == j0)
                        + usize::from(j + 1 == j1)
                } else {
                    usize::from(i + 1 == i0 && (j0..j1).contains(&j))
                        + usize::from(i == i1 && (j0..j1).contains(&j))
                        + usize::from(j + 1 == j0 && (i0..i1).contains(&i))
                        + usize::from(j == j1 && (i0..i1).contains(&i))
                };
                sides.to_string()
            })
            .collect();
        s += &row.join(" ");
        s.push('\n');
    }
    s
}

/// The whole input: generated puzzles, the test's own, wide boards and
/// malformed data sets, shuffled in blocks; and the number of data sets.
fn corpus() -> (String, usize) {
    let mut rng = Rng::new(0x5eed_d00d);
    let mut blocks: Vec<String> = Vec::new();
    let push_sets = |text: &str, blocks: &mut Vec<String>| {
        // One block per data set, found by reading its header.
        let mut lines = text.lines();
        while let Some(h) = lines.next() {
            let r: usize = h
                .split_whitespace()
                .next()
                .and_then(|t| t.parse().ok())
                .expect("a header");
            let mut b = format!("{h}\n");
            for _ in 0..r {
                b += lines.next().expect("a row");
                b.push('\n');
            }
            blocks.push(b);
        }
    };
    let gen_full = generated(&[
        "--rows", "2-12", "--cols", "2-12", "--count", "2000", "--seed", "7",
    ]);
    let gen_blank = generated(&[
        "--rows", "2-10", "--cols", "2-10", "--count", "800", "--seed", "8", "--blanks", "0.4",
    ]);
    let own = match (&gen_full, &gen_blank) {
        (Some(_), Some(_)) => 600,
        _ => 3000,
    };
    for text in [gen_full, gen_blank].into_iter().flatten() {
        push_sets(&text, &mut blocks);
    }
    push_sets(&random_grids(&mut rng, own, 9), &mut blocks);
    // Rectangles on boards of one, two and four words per row.
    for c in [40, 63, 64, 65, 100, 127, 128, 129, 200, 255] {
        let r = 1 + rng.index(6);
        let (i0, j0) = (rng.index(r), rng.index(c - 2));
        let (i1, j1) = (i0 + 1 + rng.index(r - i0), j0 + 2 + rng.index(c - j0 - 1));
        blocks.push(rectangle(r, c, (i0, j0), (i1, j1)));
    }
    // Every outcome for sure: several solutions, none, a search given up
    // (an empty 30x30 did until the dive found two of its loops in 61
    // nodes; this 10x12, with several solutions, takes 126 probes at the
    // root and gives up at the budget of 128 with one solution found).
    for _ in 0..5 {
        blocks.push("2 2\n. .\n. .\n".to_owned());
        blocks.push("1 1\n0\n".to_owned());
        blocks.push(format!("30 30\n{}", (". ".repeat(29) + ".\n").repeat(30)));
        blocks.push(
            "10 12\n3 . 0 . . 2 2 3 . 1 . 0\n. . 2 . 2 . . . . . 2 1\n2 1 1 . . . 2 . . 1 2 3\n\
             2 1 . 1 2 . 1 . . . 2 .\n. . 0 1 3 . . 1 0 1 . 1\n. . . 0 2 1 3 1 0 . . 3\n\
             2 . 0 1 . 2 . . . . . 1\n2 . . 2 . 2 . . 0 2 3 1\n0 1 . . . . 3 . . . 1 .\n\
             0 . 3 . . 2 . 2 2 . . 0\n"
                .to_owned(),
        );
    }
    // Malformed data sets whose headers read: batch mode goes on.
    for bad in [
        "2 2\n2 4\n2 2\n",
        "2 3\n1 2\n1 2 3\n",
        "1 2\n1 x\n",
        "1 1\n\0\n",
    ] {
        for _ in 0..5 {
            blocks.push(bad.to_owned());
        }
    }
    // Shuffle (Fisher-Yates).
    for k in (1..blocks.len()).rev() {
        blocks.swap(k, rng.index(k + 1));
    }
    let n = blocks.len();
    (blocks.concat() + "0 0\n", n)
}

/// Asserts that `got` is `want`, showing the first difference (not
/// megabytes of bytes).
fn same(got: &[u8], want: &[u8], what: &str) {
    if got == want {
        return;
    }
    let at = got
        .iter()
        .zip(want)
        .position(|(a, b)| a != b)
        .unwrap_or(got.len().min(want.len()));
    let show = |b: &[u8]| {
        String::from_utf8_lossy(&b[at.saturating_sub(80)..(at + 80).min(b.len())]).into_owned()
    };
    panic!(
        "{what}: {} bytes vs {} expected, first difference at byte {at}:\n  got  {:?}\n  want {:?}",
        got.len(),
        want.len(),
        show(got),
        show(want)
    );
}

/// Drops the `"micros":N` field from each JSON record, by text (so that
/// the rest of the record keeps its bytes and key order).
fn without_micros(json: &[u8]) -> Vec<u8> {
    let text = String::from_utf8(json.to_vec()).expect("UTF-8 JSON");
    let mut out = String::new();
    for line in text.lines() {
        let at = line
            .find(",\"micros\":")
            .unwrap_or_else(|| panic!("a record without micros: {line}"));
        let digits = line[at + 10..]
            .find(|ch: char| !ch.is_ascii_digit())
            .expect("more after micros");
        assert!(digits > 0, "micros is a number: {line}");
        out.push_str(&line[..at]);
        out.push_str(&line[at + 10 + digits..]);
        out.push('\n');
        let v: serde_json::Value = serde_json::from_str(line).expect("a JSON record");
        assert!(v["micros"].is_u64(), "{line}");
    }
    out.into_bytes()
}

/// The search budget of the runs: small enough that some data sets give up.
const BUDGET: &str = "128";

/// `slink solve` in `format`, `timed` or not, with [`BUDGET`] and
/// `threads`, on `path` (`-`: `stdin`).
fn solve(format: &str, timed: bool, threads: &str, path: &str, stdin: &[u8]) -> Run {
    let mut args = vec!["solve", "--format", format, "--budget", BUDGET];
    args.extend(["--threads", threads, path]);
    if !timed {
        args.push("--no-timing");
    }
    run(&args, stdin)
}

#[test]
fn the_same_bytes_for_every_thread_count_and_every_run() {
    let scratch = Scratch::new("threads");
    let (input, data_sets) = corpus();
    assert!(data_sets >= 3000 || input.len() > 100_000, "{data_sets}");
    let file = scratch.file("corpus.in", input.as_bytes());
    for format in ["judge", "json"] {
        let mut first: Option<Run> = None;
        for threads in ["1", "2", "3", "2", "1", "3"] {
            let r = solve(format, false, threads, &file, b"");
            match &first {
                None => {
                    // Every kind of outcome is in the input.
                    assert_eq!(r.code, 2, "some data sets are malformed");
                    if format == "json" {
                        let text = &r.stdout;
                        assert_eq!(text.lines().count(), data_sets);
                        for status in ["solved", "multiple", "none", "invalid", "gave-up"] {
                            let key = format!("\"status\":\"{status}\"");
                            assert!(text.contains(&key), "no {status} record");
                        }
                    }
                    first = Some(r);
                }
                Some(f) => {
                    let what = format!("{format}, {threads} threads, against the first run");
                    assert_eq!(r.code, f.code, "{what}");
                    same(
                        r.stdout.as_bytes(),
                        f.stdout.as_bytes(),
                        &format!("{what}: stdout"),
                    );
                    same(
                        r.stderr.as_bytes(),
                        f.stderr.as_bytes(),
                        &format!("{what}: stderr"),
                    );
                }
            }
        }
        let first = first.expect("a first run");
        // The same from a pipe (read into a buffer, not mapped).
        let piped = solve(format, false, "2", "-", input.as_bytes());
        assert_eq!(piped.code, first.code);
        // The file is named `stdin` there.
        let json_name = format!("\"file\":{}", serde_json::to_string(&file).expect("JSON"));
        let out_file = first.stdout.replace(&json_name, "\"file\":\"stdin\"");
        same(
            piped.stdout.as_bytes(),
            out_file.as_bytes(),
            &format!("{format} from a pipe"),
        );
        let name = format!("{file}:");
        let from_file = first.stderr.replace(&name, "stdin:");
        let from_pipe = piped.stderr.replace(&name, "stdin:");
        same(
            from_pipe.as_bytes(),
            from_file.as_bytes(),
            &format!("{format}: stderr from a pipe"),
        );
        if format == "json" {
            // With timing, the records differ only by their `micros`.
            for threads in ["1", "3"] {
                let timed = solve("json", true, threads, &file, b"");
                same(
                    &without_micros(timed.stdout.as_bytes()),
                    first.stdout.as_bytes(),
                    &format!("json with timing, {threads} threads"),
                );
            }
        } else {
            // Judge mode prints what the judge format prints, up to the
            // first malformed data set where judge mode stops.
            let judge = run(&["--budget", BUDGET], input.as_bytes());
            assert_eq!(judge.code, 2, "judge mode stops at the first bad data set");
            assert!(
                first.stdout.starts_with(&judge.stdout) && !judge.stdout.is_empty(),
                "judge mode's output is a prefix of batch mode's"
            );
            let judge_err = &judge.stderr;
            let (before, last) = judge_err
                .trim_end_matches('\n')
                .rsplit_once('\n')
                .unwrap_or(("", judge_err.trim_end_matches('\n')));
            assert!(last.starts_with("slink: stdin:"), "{last}");
            assert!(
                from_file.starts_with(&as_solve_says(before)),
                "judge mode's messages before the error are batch mode's"
            );
            assert!(from_file.contains(&as_solve_says(last)), "{last}");
        }
    }
}

#[test]
fn the_generator_is_deterministic_too() {
    let args = |threads: &'static str| {
        [
            "gen",
            "--quiet",
            "--rows",
            "3-9",
            "--cols",
            "3-9",
            "--count",
            "300",
            "--seed",
            "11",
            "--blanks",
            "0.3",
            "--threads",
            threads,
        ]
    };
    let a = run(&args("1"), b"");
    assert_eq!(a.code, 0, "{}", a.stderr);
    assert!(a.stdout.len() > 300 * 10, "300 puzzles");
    for threads in ["2", "3", "1"] {
        let b = run(&args(threads), b"");
        assert_eq!(a.code, b.code, "slink gen with {threads} threads");
        same(
            a.stdout.as_bytes(),
            b.stdout.as_bytes(),
            &format!("slink gen with {threads} threads"),
        );
    }
    // And the same seed gives the same puzzles, a different one others.
    let mut other = args("2");
    other[9] = "12";
    let c = run(&other, b"");
    assert_ne!(a.stdout, c.stdout, "seeds 11 and 12 give the same puzzles");
}

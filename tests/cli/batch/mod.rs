//! `slink solve`, the batch mode, run as a user runs it: the binary, real
//! files, pipes. Puzzles come from an independent generator below (random
//! loops, their clues, some blanked or scrambled), and JSON loops are
//! checked by an independent decoder and by the tests' own checker
//! (`common::check_loop`), sharing no code with slink.
//!
//! `errors`: bad input, cut pieces, usage errors, the order of messages.

use crate::common::{as_solve_says, decode_loop, random_region, split_shortfall, Shape};
use crate::common::{check_loop, check_one_loop, run_slink as slink, Edges, Grid, Rng, Scratch};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

mod errors;

const BIN: &str = env!("CARGO_BIN_EXE_slink");

// ---------------------------------------------------------------------
// An independent puzzle generator; loops are checked by `common`'s
// checker, which shares no code with slink.

/// A random loop's clues (all of them, or some blanked), or random clues
/// (mostly unsolvable).
fn random_grid(rng: &mut Rng, r: usize, c: usize) -> Grid {
    let kind = rng.index(10);
    if kind == 0 {
        let clues = (0..r * c).map(|_| Some(rng.index(4) as u8)).collect();
        return Grid {
            rows: r,
            cols: c,
            clues,
        };
    }
    // A region of at least two cells (so no clue is 4): its boundary is
    // one loop.
    let target = 2 + rng.index(r * c * 2 / 3);
    let inside = random_region(r, c, Shape::Blobby, target, rng);
    let e = Edges::around(r, c, &inside);
    check_one_loop(&e).expect("the region's boundary is one loop");
    // Some puzzles lose a third of their clues (and often uniqueness).
    let blanks = kind <= 2;
    let clues = (0..r * c)
        .map(|k| (!blanks || rng.index(3) != 0).then(|| e.lines_around(k / c, k % c)))
        .collect();
    Grid {
        rows: r,
        cols: c,
        clues,
    }
}

/// Appends `g` in the judge format, with some of the mess real files have.
fn write_messy(g: &Grid, rng: &mut Rng, out: &mut String) {
    let eol = if rng.index(8) == 0 { "\r\n" } else { "\n" };
    if rng.index(8) == 0 {
        out.push_str(eol);
    }
    out.push_str(&format!("{} {}{eol}", g.rows, g.cols));
    for i in 0..g.rows {
        let row: Vec<String> = (0..g.cols)
            .map(|j| g.clue(i, j).map_or(".".into(), |n| n.to_string()))
            .collect();
        let sep = if rng.index(10) == 0 { "\t" } else { " " };
        out.push_str(&row.join(sep));
        out.push_str(eol);
    }
}

/// `count` random puzzles of sizes 2..=9 and their judge-format text
/// (with the closing `0 0`).
fn corpus(seed: u64, count: usize) -> (Vec<Grid>, String) {
    let mut rng = Rng::new(seed);
    let mut text = String::new();
    let puzzles: Vec<Grid> = (0..count)
        .map(|_| {
            let (r, c) = (2 + rng.index(8), 2 + rng.index(8));
            let g = random_grid(&mut rng, r, c);
            write_messy(&g, &mut rng, &mut text);
            g
        })
        .collect();
    text.push_str("0 0\n");
    (puzzles, text)
}

/// The JSON records of an output.
fn records(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// The value of `key` in a summary.
fn summary_value(summary: &str, key: &str) -> String {
    summary
        .lines()
        .find_map(|l| l.strip_prefix(key).filter(|v| v.starts_with("  ")))
        .unwrap_or_else(|| panic!("no '{key}' in {summary}"))
        .trim()
        .to_owned()
}

fn field<'a>(v: &'a Value, key: &str) -> &'a Value {
    v.get(key).unwrap_or_else(|| panic!("no '{key}' in {v}"))
}

// ---------------------------------------------------------------------

#[test]
fn judge_format_is_judge_mode_byte_for_byte() {
    for name in ["corpus/judge/slink.in", "corpus/sample.in"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
        let input = std::fs::read(&path).unwrap();
        let judge = slink(&[], &input);
        let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
        assert_eq!(judge.stdout, expected, "judge mode on {name}");
        let file = slink(&["solve", path.to_str().unwrap()], b"");
        assert_eq!(file.stdout, expected, "slink solve {name}");
        assert_eq!(file.code, 0);
        let piped = slink(&["solve", "--piece-bytes", "50", "--window", "2"], &input);
        assert_eq!(piped.stdout, expected, "cat {name} | slink solve");
        assert_eq!(piped.code, 0);
        // Standard input redirected from a file (mapped), after a shell
        // read its first line.
        let dir = Scratch::new("redirect");
        let shifted = dir.file("in.txt", &[&b"not a puzzle\n"[..], &input].concat());
        let redirected = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "read -r skip; exec '{BIN}' solve --piece-bytes 100"
            ))
            .stdin(std::fs::File::open(&shifted).unwrap())
            .output()
            .expect("sh runs");
        assert_eq!(
            String::from_utf8_lossy(&redirected.stdout),
            expected,
            "slink solve < {name}"
        );
    }
}

#[test]
fn output_is_the_same_for_every_thread_count_window_and_piece_size() {
    let (puzzles, input) = corpus(7, 2000);
    let dir = Scratch::new("threads");
    let path = dir.file("gen.txt", input.as_bytes());
    // A small budget, so that some puzzles are given up on, too.
    let judge = slink(&["--budget", "30"], input.as_bytes());
    // Threads, window, piece size, format, and `-` for a pipe, else the file.
    let runs = [
        ("1", "4096", "16777216", "judge", path.as_str()),
        ("2", "37", "3000", "judge", "-"),
        ("1", "4096", "16777216", "json", path.as_str()),
        ("3", "1", "200", "json", path.as_str()),
    ];
    let mut outputs = Vec::new();
    for (threads, window, piece, format, file) in runs {
        let args = [
            "solve",
            "--budget",
            "30",
            "-j",
            threads,
            "--window",
            window,
            "--piece-bytes",
            piece,
            "--format",
            format,
            "--no-timing",
            file,
        ];
        let run = slink(&args, input.as_bytes());
        assert_eq!(run.code, judge.code, "{args:?}");
        outputs.push(run.stdout);
    }
    assert!(
        outputs[0] == judge.stdout,
        "judge format, 1 thread, differs from judge mode"
    );
    assert!(
        outputs[1] == judge.stdout,
        "judge format, 2 threads, differs from judge mode"
    );
    assert!(
        outputs[3] == outputs[2],
        "JSON with 3 threads differs from 1 thread"
    );
    let recs = records(&outputs[2]);
    assert_eq!(recs.len(), puzzles.len());
    let mut seen = std::collections::BTreeSet::new();
    for (k, rec) in recs.iter().enumerate() {
        assert_eq!(field(rec, "data_set").as_u64(), Some(k as u64 + 1));
        seen.insert(field(rec, "status").as_str().unwrap().to_owned());
    }
    // The corpus exercises more than one status.
    for status in ["solved", "none", "multiple", "gave-up"] {
        assert!(seen.contains(status), "no '{status}' among {seen:?}");
    }
}

#[test]
fn json_loops_decode_and_verify() {
    let (puzzles, input) = corpus(11, 600);
    let out = slink(&["solve", "--format", "json", "-j", "2"], input.as_bytes());
    let recs = records(&out.stdout);
    assert_eq!(recs.len(), puzzles.len());
    let mut verified = 0;
    for (g, rec) in puzzles.iter().zip(&recs) {
        assert_eq!(field(rec, "rows").as_u64(), Some(g.rows as u64));
        assert_eq!(field(rec, "cols").as_u64(), Some(g.cols as u64));
        assert_eq!(field(rec, "file").as_str(), Some("stdin"));
        assert!(field(rec, "micros").is_u64());
        match field(rec, "status").as_str().unwrap() {
            "solved" | "multiple" => {
                let hex = field(rec, "loop").as_str().unwrap();
                let e = decode_loop(hex, g.rows, g.cols).expect("a loop field of the right form");
                if let Err(why) = check_loop(&e, g) {
                    panic!("loop of {rec} does not solve {g:?}: {why}");
                }
                verified += 1;
            }
            "none" | "gave-up" => {
                assert!(rec.get("loop").is_none());
                assert!(field(rec, "error").is_string());
            }
            other => panic!("unexpected status {other} in {rec}"),
        }
    }
    assert!(
        verified > puzzles.len() / 2,
        "only {verified} loops verified"
    );
}

#[test]
fn several_files_and_stdin_in_order_numbered_per_file() {
    let (_, a) = corpus(1, 5);
    let (_, b) = corpus(2, 4);
    let (_, c) = corpus(3, 3);
    let dir = Scratch::new("several");
    let (pa, pb) = (
        dir.file("a.txt", a.as_bytes()),
        dir.file("b.txt", b.as_bytes()),
    );
    let out = slink(&["solve", &pa, "-", &pb], c.as_bytes());
    let expected = [&a, &c, &b]
        .map(|t| slink(&[], t.as_bytes()).stdout)
        .concat();
    assert_eq!(out.stdout, expected);

    let json = slink(&["solve", "--format", "json", &pa, "-", &pb], c.as_bytes());
    let keys: Vec<(u64, u64, String)> = records(&json.stdout)
        .iter()
        .map(|r| {
            let file = field(r, "file").as_str().unwrap();
            let name = Path::new(file)
                .file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .to_owned();
            (
                field(r, "input").as_u64().unwrap(),
                field(r, "data_set").as_u64().unwrap(),
                name,
            )
        })
        .collect();
    let mut want = Vec::new();
    for (input, n, name) in [(1, 5, "a.txt"), (2, 3, "stdin"), (3, 4, "b.txt")] {
        want.extend((1..=n).map(|k| (input, k, name.to_owned())));
    }
    assert_eq!(keys, want);

    let cont = slink(
        &[
            "solve",
            "--format",
            "json",
            "--continuous-numbering",
            &pa,
            "-",
            &pb,
        ],
        c.as_bytes(),
    );
    let numbers: Vec<u64> = records(&cont.stdout)
        .iter()
        .map(|r| field(r, "data_set").as_u64().unwrap())
        .collect();
    assert_eq!(numbers, (1..=12).collect::<Vec<_>>());
    let cont_judge = slink(&["solve", "--continuous-numbering", &pa, &pb], b"");
    let both = format!("{}{b}", a.strip_suffix("0 0\n").unwrap());
    assert_eq!(cont_judge.stdout, slink(&[], both.as_bytes()).stdout);
}

#[test]
fn shards_merge_back_into_the_unsharded_output() {
    let (_, a) = corpus(21, 200);
    let (_, b) = corpus(22, 77);
    let dir = Scratch::new("shards");
    let (pa, pb) = (
        dir.file("a.txt", a.as_bytes()),
        dir.file("b.txt", b.as_bytes()),
    );
    let all = slink(&["solve", "--format", "json", "--no-timing", &pa, &pb], b"").stdout;
    let n = 3;
    let mut parts = Vec::new();
    for k in 1..=n {
        let shard = format!("{k}/{n}");
        let out = slink(
            &[
                "solve",
                "--format",
                "json",
                "--no-timing",
                "--shard",
                &shard,
                &pa,
                &pb,
            ],
            b"",
        )
        .stdout;
        for r in records(&out) {
            let num = field(&r, "data_set").as_u64().unwrap() as usize;
            assert_eq!((num - 1) % n + 1, k, "shard {shard} took data set {num}");
        }
        parts.push(dir.file(&format!("part-{k}.jsonl"), out.as_bytes()));
    }
    // The merge command of the README and docs/guide.md, literally.
    let merged = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "LC_ALL=C sort -m -t: -k2,2n -k3,3n {}",
            parts.join(" ")
        ))
        .output()
        .expect("sh and sort run");
    assert!(merged.status.success());
    assert_eq!(String::from_utf8_lossy(&merged.stdout), all);
    assert_eq!(records(&all).len(), 277);
}

#[test]
fn summary_counts_every_status() {
    // Unique, several solutions (a 1x1 '.' has one loop, a 2x2 of blanks
    // has several), no solution, malformed.
    let input = "2 2\n2 2\n2 2\n2 2\n. .\n. .\n1 1\n0\n1 2\n1 9\n0 0\n";
    let out = slink(
        &["solve", "--format", "summary", "--no-timing"],
        input.as_bytes(),
    );
    assert_eq!(
        out.stdout,
        "data sets  4\nsolved     1\nmultiple   1\nnone       1\ninvalid    1\ngave-up    0\nfiles      1\n"
    );
    assert_eq!(
        out.stderr,
        "slink solve: stdin:10:3: data set 4: expected a clue 0-3, found '9'\n\
         slink solve: 3 of 4 data sets not solved with one solution: \
         1 with several solutions, 1 with no solution, 1 malformed\n"
    );
    assert_eq!(out.code, 2);
    let timed = slink(&["solve", "--format", "summary"], input.as_bytes());
    let s = timed.stdout;
    assert!(s.contains("puzzles/s") && s.contains("MB/s"), "{s}");
}

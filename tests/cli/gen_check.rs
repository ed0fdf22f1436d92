//! `slink gen`: generated puzzles are unique (the solver says so, and its
//! drawing is the generator's own loop), the same seed gives the same
//! bytes on any number of threads, `--rules-only` puzzles are finished by
//! the rules alone (and `check` agrees; its own tests are in `check`).

use crate::common::{run_slink as slink, Input, Invocation, Run};

use slink::{verify, Options, Puzzle, Solver, Status};
use std::path::{Path, PathBuf};

/// The corpus folder of generated puzzles.
fn generated() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/generated")
}

/// Runs the slink binary with `args` and `stdin`, in `dir`, with extra
/// environment variables.
pub(crate) fn slink_in(dir: &Path, args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Run {
    Invocation {
        stdin: Input::Bytes(stdin),
        dir: Some(dir),
        env,
        ..Invocation::new(args)
    }
    .run()
}

/// Runs `slink` with the space-separated `words` (no stdin), which must
/// succeed.
pub(crate) fn slink_ok(words: &str) -> Run {
    let args: Vec<&str> = words.split(' ').collect();
    let out = slink(&args, b"");
    assert_eq!(out.code, 0, "slink {words}: {}", out.stderr);
    out
}

/// Every puzzle of judge-format `input`, read with the library's parser.
pub(crate) fn puzzles(input: &[u8]) -> Vec<Puzzle> {
    slink::puzzles(input)
        .map(|p| p.expect("generated input is well formed"))
        .collect()
}

/// A scratch directory of this test process.
pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slink-gen-check-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// The `slink gen` commands in the corpus README (one per line).
fn readme_commands() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(generated().join("README.md")).expect("README");
    readme
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("slink gen "))
        .map(|l| l.split_whitespace().skip(1).map(String::from).collect())
        .collect()
}

#[test]
fn generated_corpora_are_unique_and_solve_to_the_generators_loops() {
    for name in ["slink20", "mixed", "blanks"] {
        let input = std::fs::read(generated().join(format!("{name}.in"))).unwrap();
        let expected = std::fs::read(generated().join(format!("{name}.out"))).unwrap();
        let ps = puzzles(&input);
        assert!(!ps.is_empty(), "{name}.in has puzzles");
        // Uniqueness, decided by the solver here rather than assumed.
        let mut solver = Solver::default();
        for (k, p) in ps.iter().enumerate() {
            let o = solver.solve(p);
            assert_eq!(o.status(), Status::Solved, "{name}.in data set {}", k + 1);
            assert_eq!(verify(p, o.solution().unwrap()), Ok(()));
        }
        // Judge mode's drawing equals the generator's loop, byte for byte.
        let out = slink(&[], &input);
        assert_eq!(out.code, 0, "{name}: {}", out.stderr);
        assert!(
            out.stdout.as_bytes() == expected,
            "{name}: judge output differs from {name}.out"
        );
    }
}

#[test]
fn the_format_samples_are_one_set_of_unique_puzzles() {
    // The README's samples of the other formats: the same 5 puzzles as
    // URLs and as Loopy IDs, the first 2 of them as pzprv3 files, each
    // with exactly one solution.
    let as_judge = |name: &str| {
        let file = generated().join(name);
        let out = slink(&["convert", "--to", "judge", file.to_str().unwrap()], b"");
        assert_eq!(out.code, 0, "{name}: {}", out.stderr);
        puzzles(out.stdout.as_bytes())
    };
    let urls = as_judge("puzzles.url");
    assert_eq!(urls.len(), 5);
    assert_eq!(as_judge("puzzles.loopy"), urls);
    assert_eq!(as_judge("puzzles.pzprv3"), urls[..2]);
    let mut solver = Solver::default();
    for (k, p) in urls.iter().enumerate() {
        assert_eq!(solver.solve(p).status(), Status::Solved, "puzzle {}", k + 1);
        assert!(p.blanks() > 0, "Slitherlink, not Slink");
    }
}

#[test]
fn the_readme_commands_regenerate_the_corpora() {
    let commands = readme_commands();
    assert_eq!(
        commands.len(),
        6,
        "six commands in corpus/generated/README.md"
    );
    let dir = scratch("readme");
    for args in commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = slink_in(&dir, &args, b"", &[]);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
        // The files it writes: -o's and --answers'.
        let written = args
            .windows(2)
            .filter(|w| w[0] == "-o" || w[0] == "--answers");
        for file in written.map(|w| w[1]) {
            let made = std::fs::read(dir.join(file)).unwrap();
            let committed = std::fs::read(generated().join(file)).unwrap();
            assert!(
                made == committed,
                "{file} differs from `slink gen {}`: the generator or the solver's verdicts changed; \
                 regenerate the corpus if that was intended",
                args.join(" ")
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn same_seed_same_bytes_on_any_number_of_threads() {
    let dir = scratch("threads");
    let base = ["gen", "--rows", "3-14", "--cols", "2-16", "--count", "40"];
    let run = |extra: &[&str], env: &[(&str, &str)]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let out = slink_in(&dir, &args, b"", env);
        assert_eq!(out.code, 0, "{}", out.stderr);
        out.stdout
    };
    let one = run(&["--seed", "9", "--threads", "1"], &[]);
    let two = run(&["--seed", "9", "--threads", "2"], &[]);
    let four = run(&["--seed", "9", "--threads", "4"], &[]);
    let env = run(&["--seed", "9"], &[("RAYON_NUM_THREADS", "3")]);
    assert_eq!(one, two);
    assert_eq!(one, four);
    assert_eq!(one, env);
    assert_eq!(puzzles(one.as_bytes()).len(), 40);
    assert!(one.ends_with("0 0\n"));
    let other = run(&["--seed", "10", "--threads", "2"], &[]);
    assert_ne!(one, other, "another seed, other puzzles");
    // With blanks and rules only too (small, for unoptimised builds).
    let blanks = [
        "--rows", "5", "--cols", "6", "--count", "4", "--blanks", "0.4", "--seed", "3",
    ];
    let mut a: Vec<&str> = blanks.to_vec();
    a.extend(["--threads", "1"]);
    let mut b: Vec<&str> = blanks.to_vec();
    b.extend(["--threads", "2"]);
    let out_a = slink_in(&dir, &[&["gen"], &a[..]].concat(), b"", &[]);
    let out_b = slink_in(&dir, &[&["gen"], &b[..]].concat(), b"", &[]);
    assert_eq!(out_a.code, 0, "{}", out_a.stderr);
    assert_eq!(out_a.stdout, out_b.stdout);
    assert!(puzzles(out_a.stdout.as_bytes())
        .iter()
        .any(|p| p.blanks() > 0));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gen_honours_sizes_and_every_puzzle_is_unique() {
    let out = slink(
        &[
            "gen", "--rows", "2-5", "--cols", "7-9", "--count", "30", "--seed", "4",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let ps = puzzles(out.stdout.as_bytes());
    assert_eq!(ps.len(), 30);
    let mut solver = Solver::default();
    for p in &ps {
        assert!((2..=5).contains(&p.rows()) && (7..=9).contains(&p.cols()));
        assert_eq!(p.blanks(), 0, "a Slink puzzle clues every cell");
        assert_eq!(solver.solve(p).status(), Status::Solved);
    }
    assert!(ps
        .iter()
        .any(|p| p.rows() != ps[0].rows() || p.cols() != ps[0].cols()));
}

#[test]
fn each_shape_and_the_answers_file() {
    let dir = scratch("shapes");
    for shape in ["blobby", "thin", "winding"] {
        let out = slink_in(
            &dir,
            &[
                "gen",
                "--rows",
                "12",
                "--cols",
                "15",
                "--count",
                "5",
                "--seed",
                "2",
                "--shape",
                shape,
                "--answers",
                "a.out",
            ],
            b"",
            &[],
        );
        assert_eq!(out.code, 0, "{shape}: {}", out.stderr);
        let answers = std::fs::read(dir.join("a.out")).unwrap();
        let judged = slink(&[], out.stdout.as_bytes());
        assert_eq!(judged.code, 0);
        assert!(
            judged.stdout.as_bytes() == answers,
            "{shape}: solver and generator disagree"
        );
    }
    let out = slink(&["gen", "--shape", "round"], b"");
    assert_eq!(out.code, 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rules_only_puzzles_finish_with_the_rules_alone() {
    let out = slink(
        &[
            "gen",
            "--rows",
            "3-16",
            "--cols",
            "3-16",
            "--count",
            "40",
            "--seed",
            "4",
            "--rules-only",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let committed = std::fs::read(generated().join("slink20.in")).unwrap();
    let mut rules = Solver::new(Options::rules_only());
    let mut n = 0;
    for p in puzzles(out.stdout.as_bytes())
        .iter()
        .chain(&puzzles(&committed))
    {
        let o = rules.solve(p);
        assert_eq!(o.status(), Status::Solved, "{p:?}");
        assert_eq!(verify(p, o.solution().unwrap()), Ok(()));
        n += 1;
    }
    assert_eq!(n, 60);
    // And `check` agrees: every one keeps the judge's promise.
    let checked = slink(&["check"], out.stdout.as_bytes());
    assert_eq!(checked.code, 0, "{}", checked.stdout);
    assert!(
        checked.stdout.contains("promise 40 (kept 40, broken 0;"),
        "{}",
        checked.stdout
    );
}

#[test]
fn tiny_and_impossible_requests() {
    // 1x1: the only loop needs a clue 4, beyond any clue: without blanks,
    // refused (the help promises every cell clued); with them, blank.
    let out = slink(&["gen", "--rows", "1", "--cols", "1", "--quiet"], b"");
    assert_eq!(out.code, 2);
    assert!(out.stdout.is_empty());
    assert!(out.stderr.contains("no 1x1 puzzle has every cell clued"));
    let out = slink(
        &["gen", "--rows", "1", "--cols", "1", "--blanks", "1", "-q"],
        b"",
    );
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout, "1 1\n.\n0 0\n");
    assert!(out.stderr.is_empty(), "--quiet");
    // The rules alone cannot finish it: no puzzle, exit 1, still `0 0`.
    let out = slink(
        &[
            "gen",
            "--rows",
            "1",
            "--cols",
            "1",
            "--blanks",
            "1",
            "--rules-only",
            "--attempts",
            "20",
        ],
        b"",
    );
    assert_eq!(out.code, 1);
    assert_eq!(out.stdout, "0 0\n");
    assert!(out.stderr.contains("no 1x1 puzzle"));
    // One row and one column.
    let out = slink(
        &["gen", "--rows", "1", "--cols", "2-30", "--count", "10"],
        b"",
    );
    assert_eq!(out.code, 0);
    assert_eq!(puzzles(out.stdout.as_bytes()).len(), 10);
    let out = slink(&["gen", "--count", "0"], b"");
    assert_eq!(out.stdout, "0 0\n");
    for bad in [
        &["gen", "--rows", "0"][..],
        &["gen", "--cols", "256"],
        &["gen", "--rows", "9-3"],
        &["gen", "--blanks", "1.5"],
        &["gen", "--seed", "x"],
    ] {
        let out = slink(bad, b"");
        assert_eq!(out.code, 2, "{bad:?}");
        assert!(out.stdout.is_empty(), "{bad:?}");
    }
}

#[test]
fn biggest_size_is_made() {
    let out = slink(
        &[
            "gen", "--rows", "255", "--cols", "255", "--seed", "1", "--shape", "blobby",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let ps = puzzles(out.stdout.as_bytes());
    assert_eq!((ps[0].rows(), ps[0].cols()), (255, 255));
}

#[test]
fn hard_puzzles_report_the_search_they_need_as_check_counts_it() {
    // The summary gives the range of search nodes of the hard puzzles
    // made and their deepest level; slink check, an independent full
    // solve of each puzzle, counts the same nodes, and more than one:
    // they need real search.
    let out = slink(
        &[
            "gen",
            "--rows",
            "8",
            "--cols",
            "8",
            "--difficulty",
            "hard",
            "--count",
            "3",
            "--seed",
            "2",
        ],
        b"",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let said = out
        .stderr
        .split("hard ones need ")
        .nth(1)
        .expect("the search reported");
    let range = said.split(' ').next().unwrap();
    let (least, most) = range.split_once('-').unwrap();
    let (least, most): (u64, u64) = (least.parse().unwrap(), most.parse().unwrap());
    assert!(least > 1 && least <= most, "{said}");
    let check = slink(&["check", "-"], out.stdout.as_bytes());
    let nodes: Vec<u64> = check
        .stdout
        .lines()
        .filter_map(|l| l.split(" nodes=").nth(1)?.split(' ').next()?.parse().ok())
        .collect();
    assert_eq!(nodes.len(), 3, "{}", check.stdout);
    assert_eq!(
        (nodes.iter().min(), nodes.iter().max()),
        (Some(&least), Some(&most))
    );
    assert!(check
        .stdout
        .lines()
        .take(3)
        .all(|l| l.contains(" grade=hard ")));
}

#[test]
fn hard_puzzles_are_the_same_bytes_on_any_threads() {
    // Hard puzzles are tricky ones made harder until they need the
    // search: each is made from its seed and index alone, so one thread
    // or two give the same bytes, and every one is hard.
    let dir = scratch("hard-threads");
    let base = [
        "gen",
        "--rows",
        "10",
        "--cols",
        "10",
        "--difficulty",
        "hard",
        "--count",
        "6",
        "--seed",
        "4",
    ];
    let one = slink_in(&dir, &[&base[..], &["-j", "1"]].concat(), b"", &[]);
    let two = slink_in(&dir, &[&base[..], &["-j", "2"]].concat(), b"", &[]);
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout, "-j1 and -j2 differ");
    assert!(
        one.stderr.contains("; difficulty hard 6;"),
        "{}",
        one.stderr
    );
    assert_eq!(puzzles(one.stdout.as_bytes()).len(), 6);
    let check = slink(&["check", "-"], one.stdout.as_bytes());
    let hard = check
        .stdout
        .lines()
        .filter(|l| l.contains(" grade=hard "))
        .count();
    assert_eq!(hard, 6, "{}", check.stdout);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn minimal_puzzles_are_graded_as_check_grades_them() {
    // A minimal puzzle can need more search than the ladder's budget:
    // the summary grades it by the longer search all the same (seed 3
    // made one "unknown" before), as slink check does.
    let out = slink_ok("gen --rows 10 --cols 10 --minimal --count 8 --seed 3");
    let check = slink(&["check", "-"], out.stdout.as_bytes());
    let mut grades = std::collections::BTreeMap::new();
    for l in check.stdout.lines().take(8) {
        let grade = l.split(" grade=").nth(1).and_then(|g| g.split(' ').next());
        *grades.entry(grade.expect(l).to_string()).or_insert(0) += 1;
    }
    let said = out.stderr.split("; difficulty ").nth(1).expect("graded");
    let said = said.split(';').next().unwrap();
    let said: std::collections::BTreeMap<String, i32> = (said.split(", "))
        .filter_map(|part| part.split_once(' '))
        .map(|(g, n)| (g.to_string(), n.parse().unwrap()))
        .collect();
    assert_eq!(said, grades, "{}", check.stdout);
    assert!(!said.contains_key("unknown"), "{said:?}");
}

#[test]
fn a_hard_puzzles_whole_search_out_of_budget_drops_its_loop() {
    // With a budget this small, some whole searches of the removal run
    // out: each drops its loop rather than keep a clue that nothing
    // showed needed, so every loop grown is a puzzle made, one with
    // several solutions, one too easy, or one dropped for the budget.
    let out = slink_ok("gen --rows 10 --cols 10 --difficulty hard --count 4 --seed 1 --budget 15");
    let summary = &out.stderr;
    // The number just before `phrase` in the summary (0 if it is not
    // there), skipping a word of unit if `unit`.
    let number = |phrase: &str, unit: bool| -> u64 {
        let Some(at) = summary.find(phrase) else {
            return 0;
        };
        let mut words = summary[..at].rsplit(' ');
        if unit {
            words.next();
        }
        let n = words.next().unwrap_or_default();
        n.parse().unwrap_or_else(|_| panic!("{phrase}: {summary}"))
    };
    let dropped = number(" out of budget (each dropped its loop)", true);
    assert!(dropped > 0, "{summary}");
    let accounted = 4
        + number(" with several solutions", false)
        + number(" too easy made again", true)
        + dropped;
    assert_eq!(number(" loops grown", false), accounted, "{summary}");
    let check = slink(&["check", "-"], out.stdout.as_bytes());
    let hard = (check.stdout.lines())
        .filter(|l| l.contains(" grade=hard "))
        .count();
    assert_eq!(hard, 4, "{}", check.stdout);
}

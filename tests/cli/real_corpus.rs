//! The real Slitherlink collections of `../shared/corpus/real/` (not part of
//! the package: they belong to their authors), when that folder exists.
//!
//! - `slink_from_real.txt`: 2689 Slink puzzles, each with one solution:
//!   every data set must be drawn, verify, and the run exit 0.
//! - `slitherlink.txt`: 2705 puzzles with `.` blanks; `provenance.tsv`'s
//!   `oracle_count` (from an independent SAT solver) says 1, `>=2` or `0`
//!   solutions: drawn and verified; drawn, verified and warned about;
//!   not drawn and reported as having no solution.
//! - Puzzles in both files have the same unique loop in both outputs.
//!
//! Every failing data set is listed in the failure message, not just the
//! first. Without `../shared/corpus/real` (the build script then leaves the
//! `shared_corpus_real` cfg unset), these tests show as ignored in the
//! summary, with that folder as the reason.

use crate::common::*;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

/// How long one run of the binary over a whole file may take.
const LIMIT: Duration = Duration::from_secs(300);

/// The corpus's folder (the tests that read it run only where it exists:
/// the `shared_corpus_real` cfg of the build script).
fn real_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/real")
}

/// A file of the corpus and the binary's run over it (once per test
/// process, shared by the tests that need it).
fn load(name: &str) -> Corpus {
    Corpus::load(&real_dir().join(name), LIMIT)
}

fn slink_from_real() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| load("slink_from_real.txt"))
}

fn slitherlink() -> &'static Corpus {
    static C: OnceLock<Corpus> = OnceLock::new();
    C.get_or_init(|| load("slitherlink.txt"))
}

#[test]
#[cfg_attr(not(shared_corpus_real), ignore = "needs ../shared/corpus/real")]
fn every_slink_completion_of_a_real_puzzle_is_solved_and_verifies() {
    let c = slink_from_real();
    assert_eq!(c.puzzles.len(), 2689, "the corpus README says 2689 puzzles");
    let r = per_data_set(c);
    let mut problems = r.general.clone();
    for (k, g) in (1..).zip(&c.puzzles) {
        match r.drawn.get(&k) {
            None => problems.push(format!("data set {k} ({}): not drawn", size(g))),
            Some(Err(e)) => {
                problems.push(format!("data set {k} ({}): wrong drawing: {e}", size(g)))
            }
            Some(Ok(_)) => {}
        }
        if let Some(m) = r.messages.get(&k) {
            problems.push(format!("data set {k} ({}): {}", size(g), m.join(" / ")));
        }
    }
    if c.run.code != 0 {
        problems.push(format!("exit status {}, expected 0", c.run.code));
    }
    report("slink_from_real.txt", &problems);
    assert!(c.seconds < LIMIT.as_secs_f64());
}

/// `oracle_count` of each puzzle of `slitherlink.txt`, and its
/// `slink_index` (its data set in `slink_from_real.txt`), by index.
fn provenance() -> Vec<(String, Option<usize>)> {
    let dir = real_dir();
    let text = std::fs::read_to_string(dir.join("provenance.tsv")).expect("read provenance.tsv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("provenance.tsv has no column {name}"))
    };
    let (index, oracle, slink) = (col("index"), col("oracle_count"), col("slink_index"));
    let mut out = Vec::new();
    for (n, line) in (1..).zip(lines) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f[index].parse::<usize>(), Ok(n), "provenance rows in order");
        let count = f[oracle].to_string();
        assert!(
            ["0", "1", ">=2"].contains(&count.as_str()),
            "row {n}: oracle_count {count:?}"
        );
        out.push((count, f.get(slink).and_then(|s| s.parse().ok())));
    }
    out
}

#[test]
#[cfg_attr(not(shared_corpus_real), ignore = "needs ../shared/corpus/real")]
fn every_real_slitherlink_puzzle_gets_the_oracles_answer() {
    let c = slitherlink();
    let oracle = provenance();
    assert_eq!(c.puzzles.len(), 2705, "the corpus README says 2705 puzzles");
    assert_eq!(
        oracle.len(),
        c.puzzles.len(),
        "one provenance row per puzzle"
    );
    let r = per_data_set(c);
    let mut problems = r.general.clone();
    let mut tally: HashMap<&str, usize> = HashMap::new();
    for (k, g) in (1..).zip(&c.puzzles) {
        let want = oracle[k - 1].0.as_str();
        *tally.entry(want).or_default() += 1;
        let no_msgs = Vec::new();
        let msgs = r.messages.get(&k).unwrap_or(&no_msgs);
        let say = |what: &str| format!("data set {k} ({}, oracle {want}): {what}", size(g));
        match (want, r.drawn.get(&k)) {
            (_, Some(Err(e))) => problems.push(say(&format!("wrong drawing: {e}"))),
            ("0", Some(Ok(_))) => {
                problems.push(say("drawn, but the oracle says it has no solution"))
            }
            ("1" | ">=2", None) => problems.push(say(&format!("not drawn: {msgs:?}"))),
            _ => {}
        }
        match want {
            "1" if !msgs.is_empty() => problems.push(say(&msgs.join(" / "))),
            ">=2" if !(msgs.len() == 1 && msgs[0].contains("several solutions")) => {
                problems.push(say(&format!(
                    "expected one 'several solutions' warning, got {msgs:?}"
                )))
            }
            "0" if !(msgs.len() == 1 && msgs[0].contains("no solution")) => problems.push(say(
                &format!("expected one 'no solution' error, got {msgs:?}"),
            )),
            _ => {}
        }
    }
    // Some puzzles have several solutions or none: exit 1.
    if c.run.code != 1 {
        problems.push(format!("exit status {}, expected 1", c.run.code));
    }
    report("slitherlink.txt", &problems);
    assert_eq!(tally.get("1"), Some(&2691), "{tally:?}");
}

#[test]
#[cfg_attr(not(shared_corpus_real), ignore = "needs ../shared/corpus/real")]
fn puzzles_in_both_files_have_the_same_loop() {
    // A Slink completion's clues come from its puzzle's unique solution,
    // so both must be drawn with the same loop.
    let (a, b) = (slitherlink(), slink_from_real());
    let oracle = provenance();
    let (ra, rb) = (per_data_set(a), per_data_set(b));
    let mut problems = Vec::new();
    let mut compared = 0;
    for (k, (count, slink_index)) in (1..).zip(&oracle) {
        let Some(s) = *slink_index else { continue };
        assert_eq!(count, "1", "puzzle {k} has a Slink completion");
        match (ra.drawn.get(&k), rb.drawn.get(&s)) {
            (Some(Ok(x)), Some(Ok(y))) => {
                compared += 1;
                if x != y {
                    problems.push(format!(
                        "slitherlink.txt data set {k} and slink_from_real.txt data set {s}: different loops"
                    ));
                }
            }
            _ => problems.push(format!(
                "slitherlink.txt data set {k} / slink_from_real.txt data set {s}: not both drawn and verified"
            )),
        }
    }
    report("both files", &problems);
    assert_eq!(compared, 2689);
}

#[test]
#[cfg_attr(not(shared_corpus_real), ignore = "needs ../shared/corpus/real")]
fn solving_in_reverse_order_gives_the_same_answers() {
    // The solver reuses its scratch space between puzzles: the order of
    // the data sets must not change any answer.
    let fwd = slitherlink();
    let n = fwd.puzzles.len();
    let mut text: String = fwd.puzzles.iter().rev().map(Grid::to_judge).collect();
    text.push_str("0 0\n");
    let rev = Corpus {
        puzzles: fwd.puzzles.iter().rev().cloned().collect(),
        run: run_slink_within(&[], text.as_bytes(), LIMIT),
        seconds: 0.0,
    };
    let (a, b) = (per_data_set(fwd), per_data_set(&rev));
    let mut problems = b.general.clone();
    let kind = |m: Option<&Vec<String>>| -> Vec<String> {
        m.map_or(Vec::new(), |v| {
            v.iter()
                .map(|l| l.split_once(": data set ").map_or(l.as_str(), |x| x.1))
                .map(|l| l.split_once(": ").map_or(l, |x| x.1).to_string())
                .collect()
        })
    };
    for k in 1..=n {
        let r = n + 1 - k;
        let (ma, mb) = (kind(a.messages.get(&k)), kind(b.messages.get(&r)));
        if ma != mb {
            problems.push(format!("data set {k} (reversed: {r}): {ma:?} vs {mb:?}"));
        }
        // A unique solution is drawn identically; with several, either
        // may be drawn, but both runs must draw one.
        let same_drawing = match (a.drawn.get(&k), b.drawn.get(&r)) {
            (None, None) => true,
            (Some(Ok(x)), Some(Ok(y))) => x == y || !ma.is_empty(),
            _ => false,
        };
        if !same_drawing {
            problems.push(format!(
                "data set {k} (reversed: {r}): drawn differently in reverse order"
            ));
        }
    }
    if rev.run.code != fwd.run.code {
        problems.push(format!("exit {} vs {}", fwd.run.code, rev.run.code));
    }
    report("slitherlink.txt reversed", &problems);
}

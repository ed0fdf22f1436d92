//! The human-made Slitherlink puzzles of `../shared/corpus/human/` (483
//! puzzles from five public collections, 2x3 to 45x31 and 100x10; not part
//! of the package: they belong to their authors), when that folder exists.
//! These are the puzzles where deduction stalls and slink searches.
//!
//! `provenance.tsv`'s `oracle_count`, from an independent SAT solver, says
//! 1, `>=2` or `0` solutions, and `oracle.tsv` gives the first solution it
//! found. Every puzzle with one solution must be drawn with exactly that
//! loop (checked by the tests' own verifier, and against the SAT solver's
//! edges), silently; one with several, drawn and warned about; one with
//! none, not drawn and reported. Every failing data set is listed.
//! Without that folder the build script leaves the `shared_corpus_human`
//! cfg unset and the test shows as ignored, with the folder as the reason.

use crate::common::*;
use std::path::PathBuf;
use std::time::Duration;

/// The whole file takes about 0.2 s of CPU; this only catches a hang.
const LIMIT: Duration = Duration::from_secs(300);

/// The oracle's first solution of a data set as the tests' edges, from
/// its bit string (the horizontal edges row by row, then the vertical).
fn oracle_edges(bits: &str, g: &Grid) -> Edges {
    let b: Vec<bool> = bits.bytes().map(|c| c == b'1').collect();
    let hs = (g.rows + 1) * g.cols;
    assert_eq!(
        b.len(),
        hs + g.rows * (g.cols + 1),
        "oracle bits of a {}",
        size(g)
    );
    Edges {
        rows: g.rows,
        cols: g.cols,
        h: b[..hs].to_vec(),
        v: b[hs..].to_vec(),
    }
}

#[test]
#[cfg_attr(not(shared_corpus_human), ignore = "needs ../shared/corpus/human")]
fn every_human_puzzle_gets_the_sat_solvers_answer() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/human");
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    };
    let counts = tsv_column(&read("provenance.tsv"), "oracle_count");
    let oracle = read("oracle.tsv");
    let first = tsv_column(&oracle, "first_solution_bits");
    let c = Corpus::load(&dir.join("puzzles.txt"), LIMIT);
    assert_eq!(c.puzzles.len(), 483, "the corpus README says 483 puzzles");
    assert_eq!(
        counts.len(),
        c.puzzles.len(),
        "one provenance row per puzzle"
    );
    assert_eq!(first.len(), c.puzzles.len(), "one oracle row per puzzle");
    let r = per_data_set(&c);
    let mut problems = r.general.clone();
    let mut unique = 0;
    for (k, g) in (1..).zip(&c.puzzles) {
        let want = counts[k - 1].as_str();
        let none = Vec::new();
        let msgs = r.messages.get(&k).unwrap_or(&none);
        let say = |what: &str| format!("data set {k} ({}, oracle {want}): {what}", size(g));
        match (want, r.drawn.get(&k)) {
            (_, Some(Err(e))) => problems.push(say(&format!("wrong drawing: {e}"))),
            ("1", Some(Ok(drawn))) => {
                unique += 1;
                if *drawn != oracle_edges(&first[k - 1], g) {
                    problems.push(say("a loop other than the SAT solver's"));
                }
                if !msgs.is_empty() {
                    problems.push(say(&msgs.join(" / ")));
                }
            }
            ("0", Some(Ok(_))) => problems.push(say("drawn, but it has no solution")),
            ("1" | ">=2", None) => problems.push(say(&format!("not drawn: {msgs:?}"))),
            (">=2", Some(Ok(_))) if !(msgs.len() == 1 && msgs[0].contains("several solutions")) => {
                problems.push(say(&format!(
                    "expected one 'several solutions' warning, got {msgs:?}"
                )))
            }
            ("0", None) if !(msgs.len() == 1 && msgs[0].contains("no solution")) => problems.push(
                say(&format!("expected one 'no solution' error, got {msgs:?}")),
            ),
            ("0" | ">=2", _) => {}
            _ => problems.push(say("an oracle_count that is not 0, 1 or >=2")),
        }
    }
    // Some puzzles have several solutions or none: exit 1.
    if c.run.code != 1 {
        problems.push(format!("exit status {}, expected 1", c.run.code));
    }
    report("human/puzzles.txt", &problems);
    assert_eq!(unique, 476, "the corpus README's unique puzzles");
}

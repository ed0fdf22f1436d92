//! The hard Slitherlink puzzles made by Loopy's generator
//! (`../shared/corpus/hard/`: 200 20x20, 100 30x30 and 20 50x50, each
//! with exactly one solution; not part of the package: test material
//! beside it). Every one must be solved with the default budget, drawn,
//! pass the tests' own verifier (which shares no code with the solver)
//! and leave stderr silent: no give-up, no warning.
//!
//! Without `../shared/corpus/hard` the build script leaves the
//! `shared_corpus_hard` cfg unset and these tests show as ignored, with
//! that folder as the reason, not as passed.

use crate::common::*;
use std::path::PathBuf;
use std::time::Duration;

/// A whole file takes about 0.1 s of CPU; this only catches a hang.
const LIMIT: Duration = Duration::from_secs(120);

fn check_file(name: &str, count: usize, size: usize) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/hard")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let puzzles = read_puzzles(&text);
    assert_eq!(puzzles.len(), count, "{name}: the corpus README's count");
    assert!(
        puzzles.iter().all(|g| g.rows == size && g.cols == size),
        "{name}: every puzzle {size}x{size}"
    );
    let run = run_slink_within(&[], text.as_bytes(), LIMIT);
    assert_eq!(
        run.stderr, "",
        "{name}: every puzzle solved uniquely, no message"
    );
    assert_eq!(run.code, 0, "{name}: exit status");
    let printed = verify_output(&run.stdout, &puzzles).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(
        printed,
        (1..=count).collect::<Vec<_>>(),
        "{name}: every data set drawn, in order"
    );
}

#[test]
#[cfg_attr(not(shared_corpus_hard), ignore = "needs ../shared/corpus/hard")]
fn every_loopy_hard_20x20_is_solved_and_verifies() {
    check_file("loopy-hard-20.txt", 200, 20);
}

#[test]
#[cfg_attr(not(shared_corpus_hard), ignore = "needs ../shared/corpus/hard")]
fn every_loopy_hard_30x30_is_solved_and_verifies() {
    check_file("loopy-hard-30.txt", 100, 30);
}

#[test]
#[cfg_attr(not(shared_corpus_hard), ignore = "needs ../shared/corpus/hard")]
fn every_loopy_hard_50x50_is_solved_and_verifies() {
    check_file("loopy-hard-50.txt", 20, 50);
}

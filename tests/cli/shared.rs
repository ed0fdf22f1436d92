//! The reference material beside the package (`../shared/corpus/`, not
//! part of it): that the build script's cfgs, which decide which tests
//! run and which show as ignored, say what is there now, and that the
//! package's copies of the statement's sample and the judge data are the
//! reference's own.

use crate::common::*;
use std::path::Path;

/// The folders the build script looks for, with the cfg each sets.
fn folders() -> [(&'static str, bool, &'static str); 4] {
    [
        ("shared_corpus", cfg!(shared_corpus), ""),
        ("shared_corpus_real", cfg!(shared_corpus_real), "real"),
        ("shared_corpus_human", cfg!(shared_corpus_human), "human"),
        ("shared_corpus_hard", cfg!(shared_corpus_hard), "hard"),
    ]
}

#[test]
fn the_build_saw_the_shared_folders_as_they_are() {
    // build.rs watches ../shared where it exists; in a clone built
    // without it, one that appears later is seen only once build.rs runs
    // again. Until then the tests that need it would show as ignored
    // though their files are there: say so instead.
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    for (cfg, set, sub) in folders() {
        let there = corpus.join(sub).is_dir();
        assert_eq!(
            set,
            there,
            "the cfg {cfg} is {} but {} {}: run `touch build.rs` and build again",
            if set { "set" } else { "unset" },
            corpus.join(sub).display(),
            if there { "exists" } else { "does not exist" },
        );
    }
}

#[test]
#[cfg_attr(not(shared_corpus), ignore = "needs ../shared/corpus")]
fn the_shared_reference_copies_match_the_package_corpus() {
    // The package's corpus holds copies of ../shared/corpus's sample and
    // judge data; where that exists (the `shared_corpus` cfg), they must
    // agree (else the tests of record test the wrong thing).
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    for rel in [
        "corpus/sample.in",
        "corpus/sample.out",
        "corpus/judge/slink.in",
        "corpus/judge/slink.out",
    ] {
        let theirs = std::fs::read(shared.join(rel.trim_start_matches("corpus/"))).unwrap();
        assert_eq!(
            package_file(rel).as_bytes(),
            &theirs[..],
            "{rel} differs from ../shared"
        );
    }
}

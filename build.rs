//! Tells the tests whether the reference material beside the package
//! (`../shared/corpus/`, not part of the package) is present: each
//! folder a test reads sets a cfg (`shared_corpus` for the folder itself,
//! `shared_corpus_real`, `_human` and `_hard` for its collections), so
//! that a test runs where its files are and shows as ignored, with the
//! folder it needs as the reason, where they are not, instead of passing
//! without checking anything. Likewise `chromium` when a chromium browser
//! is on the `PATH` (the browser test; installed later, it is found at
//! the next build after `PATH` changes or `touch build.rs`).
//!
//! What cargo watches to run this again: the nearest of
//! `../shared/corpus` and `../shared` that exists (a folder is watched
//! with everything in it, so a collection added or changed is seen), or,
//! in a clone with neither, this file alone. Never a path that does not
//! exist: cargo takes a missing path as changed, and would run this script
//! and rebuild slink at every `cargo build`. Nor `..`, whose scan would
//! take in the clone's own `target/`. So a `../shared` that appears beside
//! a clone without one is seen after `touch build.rs`; the test
//! `shared::the_build_saw_the_shared_folders_as_they_are` fails, saying
//! so, until then.

use std::path::Path;

fn main() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared");
    let corpus = shared.join("corpus");
    let watched = [("../shared/corpus", &corpus), ("../shared", &shared)]
        .into_iter()
        .find(|(_, dir)| dir.is_dir())
        .map_or("build.rs", |(name, _)| name);
    println!("cargo::rerun-if-changed={watched}");
    for (cfg, dir) in [
        ("shared_corpus", corpus.clone()),
        ("shared_corpus_real", corpus.join("real")),
        ("shared_corpus_human", corpus.join("human")),
        ("shared_corpus_hard", corpus.join("hard")),
    ] {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if dir.is_dir() {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
    println!("cargo::rerun-if-env-changed=PATH");
    println!("cargo::rustc-check-cfg=cfg(chromium)");
    let on_path = std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| {
            ["chromium", "chromium-browser"]
                .iter()
                .any(|n| dir.join(n).is_file())
        })
    });
    if on_path {
        println!("cargo::rustc-cfg=chromium");
    }
}

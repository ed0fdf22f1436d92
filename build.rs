//! Tells the tests whether the reference material beside the package
//! (`../shared/corpus/`, not part of the package) is present: each
//! folder a test reads sets a cfg (`shared_corpus` for the folder itself,
//! `shared_corpus_real`, `_human` and `_hard` for its collections), so
//! that a test runs where its files are and shows as ignored, with the
//! folder it needs as the reason, where they are not, instead of passing
//! without checking anything. Likewise `chromium` when a chromium browser
//! is on the `PATH` (the browser test; installed later, it is found at
//! the next build after `PATH` changes or `touch build.rs`).

fn main() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    println!("cargo::rerun-if-changed=../shared/corpus");
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

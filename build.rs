//! Tells the tests whether the reference material beside the package
//! (`../shared/corpus/`, not part of the package) is present: with it,
//! the tests that read it run; without it, they show as ignored in the
//! test summary instead of passing without checking anything.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(shared_corpus)");
    println!("cargo::rerun-if-changed=../shared/corpus");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if dir.is_dir() {
        println!("cargo::rustc-cfg=shared_corpus");
    }
}

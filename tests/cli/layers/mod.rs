//! The layer rule of `src/lib.rs`, checked on the source: every path in
//! production code (not in `#[cfg(test)]` items, nor in files of `tests/`
//! or `testing/` folders or named `tests.rs`) that starts `crate::`,
//! `self::`, `super::` or with a child module's name, followed through
//! `use` and `pub use` (the crate root's re-exports and `internals`
//! included) to the module that defines what it names, names a module of
//! the same layer or an earlier one, and no two files import each other
//! round a cycle (a parent that only declares and re-exports its children
//! is no part of one).
//!
//! `paths` reads the source; here, the rule and its cycles are checked.

use paths::*;
pub(crate) use paths::{module_of, production_code};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

mod paths;

/// The layers, first to last.
const LAYERS: [&str; 9] = [
    "bits", "grid", "puzzle", "board", "rules", "solve", "generate", "run", "cli",
];

/// Modules any layer may use, which use no other.
const LEAVES: [&str; 1] = ["util"];

/// The problems of a crate given as (path relative to `src/`, source):
/// imports against the layer order and dependency cycles between modules,
/// each as `file:line: what`.
fn check(files: &[(String, String)], layers: &[&str], leaves: &[&str]) -> Vec<String> {
    let rank = |m: &str| -> Option<usize> {
        let top = m.split("::").next().unwrap_or(m);
        layers.iter().position(|l| *l == top)
    };
    let is_leaf = |m: &str| leaves.contains(&m.split("::").next().unwrap_or(m));
    let modules: BTreeSet<String> = files.iter().filter_map(|(f, _)| module_of(f)).collect();
    let exports = Exports::of(files, &modules);
    let mut problems = Vec::new();
    // Module -> module it uses -> the first place it does.
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for (file, src) in files {
        let Some(from) = module_of(file) else {
            continue;
        };
        let children = children_of(&from, &modules);
        for u in uses_in(src, &from, &children) {
            let Some(to) = resolve(&u.path, &modules, &exports) else {
                continue;
            };
            let place = format!("src/{file}:{}", u.line);
            if to == from {
                continue;
            }
            let (top_from, top_to) = (from.split("::").next(), to.split("::").next());
            if is_leaf(&from) && top_from != top_to {
                problems.push(format!("{place}: `{from}` is a leaf but uses `{to}`"));
            } else if !is_leaf(&to) {
                match (rank(&from), rank(&to)) {
                    (Some(a), Some(b)) if b > a => problems.push(format!(
                        "{place}: `{from}` (layer {}) uses `{to}` of a later layer ({})",
                        layers[a], layers[b]
                    )),
                    (None, _) | (_, None) => problems.push(format!(
                        "{place}: `{from}` uses `{to}`: a module of no layer"
                    )),
                    _ => {}
                }
            }
            graph
                .entry(from.clone())
                .or_default()
                .entry(to)
                .or_insert(place);
        }
    }
    problems.extend(cycles(&graph));
    problems
}

/// One cycle (as its edges' places) per strongly connected group of
/// modules of more than one module, found by depth-first search.
fn cycles(graph: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<String> {
    let reach = |from: &str| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.to_string()];
        while let Some(m) = stack.pop() {
            for next in graph.get(&m).into_iter().flat_map(|e| e.keys()) {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let mut reported: BTreeSet<String> = BTreeSet::new();
    let mut problems = Vec::new();
    for start in graph.keys() {
        if reported.contains(start) || !reach(start).contains(start) {
            continue;
        }
        // A shortest way back to `start`, by breadth-first search.
        let mut prev: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start.clone()]);
        'search: while let Some(m) = queue.pop_front() {
            for next in graph.get(&m).into_iter().flat_map(|e| e.keys()) {
                if next == start {
                    prev.insert(start.clone(), m.clone());
                    break 'search;
                }
                if !prev.contains_key(next) {
                    prev.insert(next.clone(), m.clone());
                    queue.push_back(next.clone());
                }
            }
        }
        let mut ring = vec![start.clone()];
        let mut at = prev[start].clone();
        while &at != start {
            ring.push(at.clone());
            at = prev[&at].clone();
        }
        ring.reverse(); // start -> ... in the order of the edges, then back
        ring.rotate_right(1);
        let mut text = format!("a cycle between modules: {}", ring.join(" -> "));
        for (k, m) in ring.iter().enumerate() {
            let next = &ring[(k + 1) % ring.len()];
            text += &format!("\n    {}: `{m}` uses `{next}`", graph[m][next]);
            reported.insert(m.clone());
        }
        problems.push(text);
    }
    problems
}

/// Every `.rs` file under `dir`, as (path relative to `root`, source).
pub(crate) fn sources(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("under src/");
            let rel = rel.to_string_lossy().replace('\\', "/");
            let src = std::fs::read_to_string(&path).expect("a readable source file");
            out.push((rel, src));
        }
    }
}

#[test]
fn src_keeps_the_layer_order_without_cycles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    let checked = files.iter().filter(|(f, _)| module_of(f).is_some()).count();
    let paths: usize = files
        .iter()
        .filter(|(f, _)| module_of(f).is_some())
        .map(|(_, s)| uses(s).len())
        .sum();
    eprintln!("layers: {checked} source files, {paths} crate:: paths");
    assert!(checked > 50, "only {checked} source files found");
    assert!(paths > 200, "only {paths} crate:: paths found");
    let problems = check(&files, &LAYERS, &LEAVES);
    assert!(
        problems.is_empty(),
        "{} problems with the layers (order {}; {} a leaf):\n{}",
        problems.len(),
        LAYERS.join(" -> "),
        LEAVES.join(", "),
        problems.join("\n")
    );
}

/// The binary and the Python crate stand on the public interface: neither
/// names `slink::internals` (the door benches, fuzz targets and tests keep).
#[test]
fn the_binary_and_the_python_crate_use_the_public_interface_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(root, &root.join("src/cli"), &mut files);
    sources(root, &root.join("python/src"), &mut files);
    assert!(
        files.len() > 15,
        "only {} files in src/cli and python/src",
        files.len()
    );
    let reaching: Vec<String> = files
        .iter()
        .flat_map(|(file, src)| {
            src.lines()
                .enumerate()
                .filter(|(_, line)| line.contains("internals"))
                .map(move |(n, line)| format!("{file}:{}: {}", n + 1, line.trim()))
        })
        .collect();
    assert!(
        reaching.is_empty(),
        "the public interface is enough for the CLI and Python:\n{}",
        reaching.join("\n")
    );
}

/// A tiny crate in the shape of `src/`.
fn synthetic(files: &[(&str, &str)]) -> Vec<(String, String)> {
    files
        .iter()
        .map(|(f, s)| (f.to_string(), s.to_string()))
        .collect()
}

#[test]
fn the_checker_finds_a_cycle_and_a_backward_import() {
    let files = synthetic(&[
        ("lib.rs", "mod low; mod high; pub use crate::high::Top;"),
        ("low/mod.rs", "mod a; mod b;\nuse crate::util::X;"),
        ("low/a.rs", "use crate::low::b::B;\npub struct A;"),
        (
            "low/b.rs",
            "// crate::high in a comment is no import\n\
             use crate::{low::a::A, util};\n\
             #[cfg(test)]\nmod tests { use crate::high::Top; }",
        ),
        (
            "high/mod.rs",
            "use crate::low::{a::A, b::B};\npub struct Top;",
        ),
        ("util/mod.rs", "pub struct X;"),
        ("low/tests.rs", "use crate::high::Top;"),
    ]);
    let problems = check(&files, &["low", "high"], &["util"]);
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert!(problems[0].starts_with("a cycle between modules: low::a -> low::b"));
    assert!(problems[0].contains("src/low/a.rs:1: `low::a` uses `low::b`"));
    assert!(problems[0].contains("src/low/b.rs:2: `low::b` uses `low::a`"));

    let mut files = files;
    files[1].1 += "\nfn f() { crate::high::Top; }";
    files[5].1 += "\nuse crate::low::a::A;";
    files[2].1 = "pub struct A;".into();
    let problems = check(&files, &["low", "high"], &["util"]);
    assert_eq!(
        problems,
        [
            "src/low/mod.rs:3: `low` (layer low) uses `high` of a later layer (high)",
            "src/util/mod.rs:2: `util` is a leaf but uses `low::a`",
        ]
    );
}

#[test]
fn the_checker_sees_relative_paths_and_re_exports() {
    // Clean: a parent that only re-exports its children, children that
    // import each other through the parent's names, `self::`, `super::`.
    let clean = synthetic(&[
        ("lib.rs", "mod low; mod high; pub use crate::low::A;"),
        (
            "low/mod.rs",
            "mod a; mod b;\npub use a::A;\npub use self::b::B;",
        ),
        ("low/a.rs", "pub struct A;"),
        ("low/b.rs", "use super::A;\npub struct B;"),
        ("high/mod.rs", "use crate::A;\npub struct Top;"),
    ]);
    let problems = check(&clean, &["low", "high"], &[]);
    assert!(problems.is_empty(), "{problems:#?}");

    // Each import against the order, written another way, is found.
    let backward = [
        ("low/b.rs", "use super::super::high::Top;"),
        ("low/b.rs", "use crate::Top;"),
        (
            "low/b.rs",
            "fn f() { let _ = crate::internals::high::Top; }",
        ),
    ];
    for (file, line) in backward {
        let mut files = clean.clone();
        files[0].1 += "\npub use crate::high::Top;\npub mod internals { pub mod high { pub use crate::high::*; } }";
        let k = files.iter().position(|(f, _)| f == file).unwrap();
        files[k].1 += &format!("\n{line}");
        let problems = check(&files, &["low", "high"], &[]);
        assert_eq!(
            problems,
            [format!(
                "src/{file}:3: `low::b` (layer low) uses `high` of a later layer (high)"
            )],
            "{line}"
        );
    }

    // A parent holding an item its child uses, while using the child: a
    // cycle between the two files.
    let mut files = clean.clone();
    files[1].1 += "\npub struct Shared;";
    files[2].1 += "\nuse super::Shared;";
    let problems = check(&files, &["low", "high"], &[]);
    assert!(
        problems
            .iter()
            .all(|p| p.starts_with("a cycle between modules"))
            && problems
                .iter()
                .any(|p| p.contains("src/low/a.rs:2: `low::a` uses `low`")),
        "{problems:#?}"
    );
}

#[test]
fn use_trees_name_every_path() {
    let paths = use_tree("{bits::{Row, RowSet}, grid::At, util} ; x");
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(joined, ["bits::Row", "bits::RowSet", "grid::At", "util"]);
    assert_eq!(module_of("solve/mod.rs").as_deref(), Some("solve"));
    assert_eq!(
        module_of("solve/deduce/parity/classes.rs").as_deref(),
        Some("solve::deduce::parity::classes")
    );
    assert_eq!(module_of("rules/tests/cell.rs"), None);
    assert_eq!(module_of("rules/testing/mod.rs"), None);
    assert_eq!(module_of("lib.rs"), None);
}

/// `#[cfg(test)]` on a field or a statement blanks that alone: the rest
/// of the struct and of the function stay (a field once ran the checker
/// past its struct's closing brace).
#[test]
fn test_only_fields_and_statements_are_blanked_alone() {
    let src = "struct S {\n    a: u8,\n    #[cfg(test)]\n    b: u8,\n    c: u8,\n    #[cfg(test)]\n    d: u8\n}\n\
               fn f(s: &mut S) {\n    #[cfg(test)]\n    {\n        s.b += 1;\n    }\n    s.a += 1;\n}\n";
    let code = production_code(src);
    assert_eq!(code.lines().count(), src.lines().count());
    for kept in ["a: u8,", "c: u8,", "s.a += 1;", "fn f(s: &mut S) {"] {
        assert!(code.contains(kept), "{kept:?} lost:\n{code}");
    }
    for gone in ["b: u8", "d: u8", "s.b"] {
        assert!(!code.contains(gone), "{gone:?} kept:\n{code}");
    }
    assert_eq!(code.matches('}').count(), 2, "{code}");
}

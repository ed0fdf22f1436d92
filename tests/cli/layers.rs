//! The layer rule of `src/lib.rs`, checked on the source: every path in
//! production code (not in `#[cfg(test)]` items, nor in files of `tests/`
//! or `testing/` folders or named `tests.rs`) that starts `crate::`,
//! `self::`, `super::` or with a child module's name, followed through
//! `use` and `pub use` (the crate root's re-exports and `internals`
//! included) to the module that defines what it names, names a module of
//! the same layer or an earlier one, and no two files import each other
//! round a cycle (a parent that only declares and re-exports its children
//! is no part of one).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, first to last.
const LAYERS: [&str; 9] = [
    "bits", "grid", "puzzle", "board", "rules", "solve", "generate", "run", "cli",
];

/// Modules any layer may use, which use no other.
const LEAVES: [&str; 1] = ["util"];

/// A `crate::` path in a file: its line and segments after `crate`.
#[derive(Debug)]
struct Use {
    line: usize,
    path: Vec<String>,
}

/// The module a source file holds (`bits/row.rs` -> `bits::row`,
/// `bits/mod.rs` -> `bits`), or `None` for the crate roots and test files.
pub(crate) fn module_of(rel: &str) -> Option<String> {
    let rel = rel.strip_suffix(".rs")?;
    let parts: Vec<&str> = rel.split('/').collect();
    let (dirs, file) = parts.split_at(parts.len() - 1);
    if dirs.iter().any(|d| *d == "tests" || *d == "testing") || file[0] == "tests" {
        return None;
    }
    if dirs.is_empty() && (file[0] == "lib" || file[0] == "main") {
        return None;
    }
    let mut m: Vec<&str> = dirs.to_vec();
    if file[0] != "mod" {
        m.push(file[0]);
    }
    Some(m.join("::"))
}

/// `src` with comments, string literals and `#[cfg(test)]` items blanked
/// out (newlines kept, so that lines still count right).
pub(crate) fn production_code(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'"' {
            out.push(b' ');
            i += 1;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                if i < b.len() {
                    out.push(if b[i] == b'\n' { b'\n' } else { b' ' });
                }
                i += 1;
            }
            i += 1;
        } else if b[i..].starts_with(b"#[cfg(test)]") {
            // The item: up to its `;`, or its braces' end.
            let mut depth = 0usize;
            while i < b.len() {
                let c = b[i];
                out.push(if c == b'\n' { b'\n' } else { b' ' });
                i += 1;
                match c {
                    b'{' => depth += 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    b';' if depth == 0 => break,
                    _ => {}
                }
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("blanking keeps UTF-8")
}

/// One path of a use tree: its segments and the name it is known by
/// (the last segment, or what follows `as`).
#[derive(Clone, Debug)]
struct Named {
    path: Vec<String>,
    name: String,
}

/// Reads a use tree at the start of `s` (after `crate::`, `super::`...):
/// every path it names, as segments.
fn use_tree(s: &str) -> Vec<Vec<String>> {
    named_tree(s).into_iter().map(|n| n.path).collect()
}

/// Reads a use tree at the start of `s`: every path it names, with the
/// name it brings into scope.
fn named_tree(s: &str) -> Vec<Named> {
    fn ident(s: &str) -> (&str, &str) {
        let n = s
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '*'))
            .unwrap_or(s.len());
        (&s[..n], &s[n..])
    }
    /// One tree; returns its paths and the rest of the text.
    fn tree(s: &str) -> (Vec<Named>, &str) {
        let s = s.trim_start();
        if let Some(mut rest) = s.strip_prefix('{') {
            let mut paths = Vec::new();
            loop {
                rest = rest.trim_start();
                if let Some(r) = rest.strip_prefix('}') {
                    return (paths, r);
                }
                if rest.is_empty() {
                    return (paths, rest);
                }
                let (sub, r) = tree(rest);
                paths.extend(sub);
                rest = r.trim_start();
                rest = rest.strip_prefix(',').unwrap_or(rest);
            }
        }
        let (name, rest) = ident(s);
        if name.is_empty() {
            return (Vec::new(), s.get(1..).unwrap_or(""));
        }
        if let Some(r) = rest.strip_prefix("::") {
            let (subs, r) = tree(r);
            if subs.is_empty() {
                let named = Named {
                    path: vec![name.to_string()],
                    name: name.to_string(),
                };
                return (vec![named], r);
            }
            let paths = subs
                .into_iter()
                .map(|mut n| {
                    if n.path == ["self"] {
                        n.path.clear();
                        if n.name == "self" {
                            n.name = name.to_string();
                        }
                    }
                    n.path.insert(0, name.to_string());
                    n
                })
                .collect();
            return (paths, r);
        }
        let mut named = Named {
            path: vec![name.to_string()],
            name: name.to_string(),
        };
        let mut rest = rest;
        if let Some(r) = rest.trim_start().strip_prefix("as ") {
            let (alias, r) = ident(r.trim_start());
            named.name = alias.to_string();
            rest = r;
        }
        (vec![named], rest)
    }
    tree(s).0
}

/// Where a path starts: the crate root, the module itself, a module
/// `n` levels up, or a child module named by its first segment.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Anchor {
    Crate,
    Current,
    Up(usize),
}

/// `module` (segments joined by `::`, `""` for the crate root) `n`
/// levels up.
fn parent(module: &str, n: usize) -> String {
    let mut parts: Vec<&str> = module.split("::").filter(|p| !p.is_empty()).collect();
    parts.truncate(parts.len().saturating_sub(n));
    parts.join("::")
}

/// The absolute path (from the crate root) of `path` written in `module`
/// after `anchor`.
fn absolute(module: &str, anchor: Anchor, path: &[String]) -> Vec<String> {
    let base = match anchor {
        Anchor::Crate => String::new(),
        Anchor::Current => module.to_string(),
        Anchor::Up(n) => parent(module, n),
    };
    let mut out: Vec<String> = base
        .split("::")
        .filter(|p| !p.is_empty())
        .map(String::from)
        .collect();
    out.extend(path.iter().cloned());
    out
}

/// The anchor of a path whose text starts at `at` in `code`, and the
/// length of its prefix (`crate::`, `self::`, `super::super::`, or a
/// child module's name written bare in a `use`), if it is one.
fn anchor_at(code: &str, at: usize, children: &BTreeSet<String>) -> Option<(Anchor, usize)> {
    let rest = &code[at..];
    if let Some(r) = rest.strip_prefix("crate::") {
        let _ = r;
        return Some((Anchor::Crate, "crate::".len()));
    }
    if rest.starts_with("self::") {
        return Some((Anchor::Current, "self::".len()));
    }
    if rest.starts_with("super::") {
        let mut n = 0;
        let mut len = 0;
        while code[at + len..].starts_with("super::") {
            n += 1;
            len += "super::".len();
        }
        return Some((Anchor::Up(n), len));
    }
    // A bare child module, only at the start of a `use` tree.
    let before = code[..at].trim_end();
    if before.ends_with("use") {
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if children.contains(&name) && rest[name.len()..].starts_with("::") {
            return Some((Anchor::Current, 0));
        }
    }
    None
}

/// Every path a file's production code names inside the crate, made
/// absolute: after `crate::`, `self::`, `super::`, or a child module
/// at the start of a `use`. `children` are the module's own children's
/// names.
fn uses_in(src: &str, module: &str, children: &BTreeSet<String>) -> Vec<Use> {
    let code = production_code(src);
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while at < code.len() {
        let word_start = at == 0 || {
            let c = bytes[at - 1];
            !(c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b':')
        };
        let anchor = if word_start && bytes[at].is_ascii_alphabetic() {
            anchor_at(&code, at, children)
        } else {
            None
        };
        let Some((anchor, len)) = anchor else {
            at += 1;
            continue;
        };
        let line = code[..at].matches('\n').count() + 1;
        for path in use_tree(&code[at + len..]) {
            let path = absolute(module, anchor, &path);
            found.push(Use { line, path });
        }
        at += len.max(1);
    }
    found
}

/// Every `crate::` path of a file's production code (as written, for a
/// file at the crate root).
fn uses(src: &str) -> Vec<Use> {
    uses_in(src, "", &BTreeSet::new())
}

/// What modules import (`use`, `pub use`: a module's children see its
/// private imports too): module -> name -> the absolute path it stands
/// for, and module -> the modules it brings in whole (`use m::*`).
#[derive(Default)]
struct Exports {
    names: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    globs: BTreeMap<String, Vec<Vec<String>>>,
}

impl Exports {
    /// The `use` items of every file (`lib.rs`'s `internals` block read
    /// as re-exporting each layer whole).
    fn of(files: &[(String, String)], modules: &BTreeSet<String>) -> Exports {
        let mut exports = Exports::default();
        for (file, src) in files {
            let module = match (file.as_str(), module_of(file)) {
                ("lib.rs", _) => String::new(),
                (_, Some(m)) => m,
                (_, None) => continue,
            };
            let children = children_of(&module, modules);
            let code = production_code(src);
            for (at, _) in code.match_indices("use ") {
                let word_start = code[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_'));
                if !word_start {
                    continue;
                }
                let start = at + "use ".len();
                let (anchor, len) =
                    anchor_at(&code, start, &children).unwrap_or((Anchor::Current, 0));
                for named in named_tree(&code[start + len..]) {
                    let path = absolute(&module, anchor, &named.path);
                    if named.name == "*" {
                        let mut whole = path;
                        whole.pop();
                        exports.globs.entry(module.clone()).or_default().push(whole);
                    } else {
                        exports
                            .names
                            .entry(module.clone())
                            .or_default()
                            .insert(named.name, path);
                    }
                }
            }
        }
        // `crate::internals::layer::...` is `crate::layer::...`.
        let layers = exports.globs.remove("").unwrap_or_default();
        for layer in layers {
            let name = layer.last().cloned().unwrap_or_default();
            exports
                .names
                .entry("internals".into())
                .or_default()
                .insert(name, layer);
        }
        exports
    }
}

/// The names of `module`'s child modules.
fn children_of(module: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
    modules
        .iter()
        .filter_map(|m| {
            let rest = if module.is_empty() {
                m.as_str()
            } else {
                m.strip_prefix(module)?.strip_prefix("::")?
            };
            (!rest.contains("::")).then(|| rest.to_string())
        })
        .collect()
}

/// The module that defines what `path` names: the longest module it
/// starts with, followed through re-exports (`pub use`) to where the
/// item really is.
fn resolve(path: &[String], modules: &BTreeSet<String>, exports: &Exports) -> Option<String> {
    resolve_from(path, modules, exports, 0)
}

fn resolve_from(
    path: &[String],
    modules: &BTreeSet<String>,
    exports: &Exports,
    depth: usize,
) -> Option<String> {
    let module = (0..=path.len())
        .rev()
        .map(|n| path[..n].join("::"))
        .find(|m| modules.contains(m) || m.is_empty() || m == "internals")?;
    let n = module.split("::").filter(|p| !p.is_empty()).count();
    let next = path.get(n);
    let target = next.and_then(|name| exports.names.get(&module)?.get(name));
    let found = match target {
        Some(target) if depth < 16 => {
            let mut to = target.clone();
            to.extend(path[n + 1..].iter().cloned());
            resolve_from(&to, modules, exports, depth + 1)
        }
        _ => Some(module),
    };
    found.filter(|m| !m.is_empty() && m != "internals")
}

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

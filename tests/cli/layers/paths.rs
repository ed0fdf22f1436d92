//! The source read as the layer rule needs it: the production code of a
//! file (no `#[cfg(test)]` item), its `use` trees and the paths in its
//! code that start `crate::`, `self::`, `super::` or with a child
//! module's name, made absolute, and each followed through `use` and
//! `pub use` to the module that defines what it names.

use std::collections::{BTreeMap, BTreeSet};

/// A `crate::` path in a file: its line and segments after `crate`.
#[derive(Debug)]
pub(super) struct Use {
    pub(super) line: usize,
    pub(super) path: Vec<String>,
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
            // The item: up to its `;`, or its braces' end; a field (or a
            // statement's block) up to its `,`, or the end of its list,
            // which is left.
            let mut depth = 0usize;
            while i < b.len() {
                let c = b[i];
                if depth == 0 && matches!(c, b'}' | b')') {
                    break;
                }
                out.push(if c == b'\n' { b'\n' } else { b' ' });
                i += 1;
                match c {
                    b'{' | b'(' | b'[' => depth += 1,
                    b')' | b']' => depth -= 1,
                    b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    b';' | b',' if depth == 0 => break,
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
pub(super) struct Named {
    pub(super) path: Vec<String>,
    pub(super) name: String,
}

/// Reads a use tree at the start of `s` (after `crate::`, `super::`...):
/// every path it names, as segments.
pub(super) fn use_tree(s: &str) -> Vec<Vec<String>> {
    named_tree(s).into_iter().map(|n| n.path).collect()
}

/// Reads a use tree at the start of `s`: every path it names, with the
/// name it brings into scope.
pub(super) fn named_tree(s: &str) -> Vec<Named> {
    pub(super) fn ident(s: &str) -> (&str, &str) {
        let n = s
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '*'))
            .unwrap_or(s.len());
        (&s[..n], &s[n..])
    }
    /// One tree; returns its paths and the rest of the text.
    pub(super) fn tree(s: &str) -> (Vec<Named>, &str) {
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
pub(super) enum Anchor {
    Crate,
    Current,
    Up(usize),
}

/// `module` (segments joined by `::`, `""` for the crate root) `n`
/// levels up.
pub(super) fn parent(module: &str, n: usize) -> String {
    let mut parts: Vec<&str> = module.split("::").filter(|p| !p.is_empty()).collect();
    parts.truncate(parts.len().saturating_sub(n));
    parts.join("::")
}

/// The absolute path (from the crate root) of `path` written in `module`
/// after `anchor`.
pub(super) fn absolute(module: &str, anchor: Anchor, path: &[String]) -> Vec<String> {
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
pub(super) fn anchor_at(
    code: &str,
    at: usize,
    children: &BTreeSet<String>,
) -> Option<(Anchor, usize)> {
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
pub(super) fn uses_in(src: &str, module: &str, children: &BTreeSet<String>) -> Vec<Use> {
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
pub(super) fn uses(src: &str) -> Vec<Use> {
    uses_in(src, "", &BTreeSet::new())
}

/// What modules import (`use`, `pub use`: a module's children see its
/// private imports too): module -> name -> the absolute path it stands
/// for, and module -> the modules it brings in whole (`use m::*`).
#[derive(Default)]
pub(super) struct Exports {
    pub(super) names: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    pub(super) globs: BTreeMap<String, Vec<Vec<String>>>,
}

impl Exports {
    /// The `use` items of every file (`lib.rs`'s `internals` block read
    /// as re-exporting each layer whole).
    pub(super) fn of(files: &[(String, String)], modules: &BTreeSet<String>) -> Exports {
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
pub(super) fn children_of(module: &str, modules: &BTreeSet<String>) -> BTreeSet<String> {
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
pub(super) fn resolve(
    path: &[String],
    modules: &BTreeSet<String>,
    exports: &Exports,
) -> Option<String> {
    resolve_from(path, modules, exports, 0)
}

pub(super) fn resolve_from(
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

//! Functions a reader can take in at once, checked on the source: every
//! function of production code (as `layers` reads it: not `#[cfg(test)]`
//! items, nor files of `tests/` or `testing/` folders or named
//! `tests.rs`) is at most [`MAX_LINES`] lines long and takes at most
//! [`MAX_PARAMS`] parameters besides `self` (a context struct carries
//! those that travel together).

use super::layers::{module_of, production_code, sources};
use std::path::Path;

/// The longest function, in lines from its `fn` to its closing brace.
const MAX_LINES: usize = 80;

/// The most parameters, `self` not counted.
const MAX_PARAMS: usize = 6;

/// A function found in a source file.
#[derive(Debug, PartialEq)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
    params: usize,
}

/// The functions with a body in `code` (comments, strings and test items
/// already blanked out): their names, first lines, lengths and counts of
/// parameters.
fn functions(code: &str) -> Vec<Function> {
    let b = code.as_bytes();
    let mut found = Vec::new();
    for (at, _) in code.match_indices("fn ") {
        let word_start = at == 0 || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_');
        if !word_start {
            continue;
        }
        let name: String = code[at + 3..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue; // `fn(` types
        }
        // Past the name and its generics (whose bounds may hold `Fn(..)`).
        let mut k = at + 3 + name.len();
        if b.get(k) == Some(&b'<') {
            k = matching(b, k);
        }
        let Some(open) = code[k..].find('(').map(|j| k + j) else {
            continue;
        };
        let close_list = matching(b, open);
        let list = &code[open + 1..close_list];
        let mut count = top_level_items(list);
        let first = list.split(',').next().unwrap_or("");
        let first_name = first.split(':').next().unwrap_or("");
        if first_name
            .split_whitespace()
            .any(|w| w.trim_start_matches('&') == "self")
        {
            count -= 1;
        }
        // The body: the first `{` after the list outside brackets (a `;`
        // there first: a declaration in a trait).
        let mut j = close_list + 1;
        let mut body = None;
        while j < b.len() {
            match b[j] {
                b'(' | b'[' => j = matching(b, j),
                b'<' if b[j - 1] != b'-' => j = matching(b, j),
                b'{' => {
                    body = Some(j);
                    break;
                }
                b';' => break,
                _ => {}
            }
            j += 1;
        }
        let Some(body) = body else { continue };
        let close = matching(b, body);
        let line = code[..at].matches('\n').count() + 1;
        let lines = code[at..close.min(b.len() - 1) + 1].matches('\n').count() + 1;
        found.push(Function {
            name,
            line,
            lines,
            params: count,
        });
    }
    found
}

/// Where the bracket opened at `b[open]` (`(`, `[`, `{` or `<`) closes,
/// counting brackets of its own kind only (`->` is no closing angle), or
/// the end of the text.
fn matching(b: &[u8], open: usize) -> usize {
    let close = match b[open] {
        b'(' => b')',
        b'[' => b']',
        b'{' => b'}',
        _ => b'>',
    };
    let mut depth = 0usize;
    for (k, &c) in b.iter().enumerate().skip(open) {
        if c == b[open] {
            depth += 1;
        } else if c == close && !(c == b'>' && b[k - 1] == b'-') {
            depth -= 1;
            if depth == 0 {
                return k;
            }
        }
    }
    b.len()
}

/// How many comma-separated items `list` holds at its top level (a
/// trailing comma ends the last, and opens none).
fn top_level_items(list: &str) -> usize {
    let b = list.as_bytes();
    let (mut items, mut any, mut k) = (0, false, 0);
    while k < b.len() {
        match b[k] {
            b'(' | b'[' | b'{' => k = matching(b, k),
            b'<' if k == 0 || b[k - 1] != b'-' => k = matching(b, k),
            b',' => {
                items += usize::from(any);
                any = false;
            }
            c if !c.is_ascii_whitespace() => any = true,
            _ => {}
        }
        k += 1;
    }
    items + usize::from(any)
}

#[test]
fn functions_are_short_and_take_few_parameters() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&root, &root, &mut files);
    let mut seen = 0;
    let mut problems = Vec::new();
    for (file, src) in &files {
        if module_of(file).is_none() && file != "lib.rs" && file != "main.rs" {
            continue;
        }
        for f in functions(&production_code(src)) {
            seen += 1;
            if f.lines > MAX_LINES {
                problems.push(format!(
                    "src/{file}:{}: `{}` is {} lines",
                    f.line, f.name, f.lines
                ));
            }
            if f.params > MAX_PARAMS {
                problems.push(format!(
                    "src/{file}:{}: `{}` takes {} parameters",
                    f.line, f.name, f.params
                ));
            }
        }
    }
    assert!(seen > 800, "only {seen} functions found");
    assert!(
        problems.is_empty(),
        "functions over {MAX_LINES} lines or {MAX_PARAMS} parameters:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_checker_measures_functions() {
    let code = "impl X {\n    fn a(&self, x: u8) -> u8 {\n        x\n    }\n}\n\
                fn b<T: Fn(u8) -> u8>(f: T, g: [u8; 2], h: Vec<(u8, u8)>,) {\n}\n\
                trait T { fn c(&self); }\n\
                fn d(&'a mut self) {}\n";
    let found = functions(code);
    let brief: Vec<(&str, usize, usize, usize)> = found
        .iter()
        .map(|f| (f.name.as_str(), f.line, f.lines, f.params))
        .collect();
    assert_eq!(brief, [("a", 2, 3, 1), ("b", 6, 2, 3), ("d", 9, 1, 0)]);
}

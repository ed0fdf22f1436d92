//! The README as a newcomer meets it (issue 51): every file its shell
//! examples read is in the repository (or made by an example before it),
//! and the README says how many tests a clone without `../shared/` shows
//! as ignored.

use std::collections::BTreeSet;
use std::path::Path;

/// The commands of the README's `sh` blocks, split at pipes, `&&` and
/// `;`, comments dropped, in order.
fn commands(readme: &str) -> Vec<Vec<String>> {
    let mut all = Vec::new();
    let mut in_sh = false;
    for line in readme.lines() {
        match line.trim() {
            "```sh" => in_sh = true,
            "```" => in_sh = false,
            code if in_sh => {
                let code = code.split(" #").next().unwrap_or("");
                let code = code.replace("&&", ";").replace('|', ";");
                for part in code.split(';') {
                    let words: Vec<String> = part.split_whitespace().map(String::from).collect();
                    if !words.is_empty() {
                        all.push(words);
                    }
                }
            }
            _ => {}
        }
    }
    all
}

/// Whether `word` names files of the package: a path (with a `/`) or a
/// file name with an extension of the puzzle and result files.
fn names_a_file(word: &str) -> bool {
    let kinds = [".in", ".out", ".url", ".loopy", ".pzprv3", ".txt", ".py"];
    !word.starts_with('-')
        && !word.contains("://")
        && !word.contains('$')
        && !word.contains('=')
        && !word.chars().all(|c| c.is_ascii_digit() || c == '/')
        && (word.contains('/') || kinds.iter().any(|k| word.ends_with(k)))
}

/// Whether `pattern` (a path with at most one `*`, in its last part)
/// matches something under `root`.
fn exists(root: &Path, pattern: &str) -> bool {
    let Some((dir, name)) = pattern.rsplit_once('/').filter(|_| pattern.contains('*')) else {
        return root.join(pattern).exists();
    };
    let (head, tail) = name.split_once('*').unwrap_or((name, ""));
    std::fs::read_dir(root.join(dir)).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with(head) && n.ends_with(tail) && n.len() >= head.len() + tail.len()
        })
    })
}

#[test]
fn every_file_the_readme_examples_read_is_there() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    // Files and folders the examples make: after >, -o, --out-dir,
    // --answers, mkdir -p.
    let mut made: BTreeSet<String> = BTreeSet::new();
    let mut missing = Vec::new();
    let mut read = 0;
    for words in commands(&readme) {
        let program = words[0].as_str();
        let mut outputs = BTreeSet::new();
        for w in words.windows(2) {
            if [">", "-o", "--out-dir", "--answers", "-p"].contains(&w[0].as_str()) {
                outputs.insert(w[1].trim_end_matches('/').to_string());
            }
        }
        // The program itself is the reader's own (`./contestant`) but
        // for slink's and the package's tools.
        let args = if ["slink", "python", "cargo", "pip", "xzcat", "cat"].contains(&program) {
            &words[1..]
        } else {
            &[][..]
        };
        for word in args.iter().filter(|w| names_a_file(w)) {
            let path = word.trim_end_matches('/');
            if outputs.contains(path) || made.contains(path) {
                continue;
            }
            read += 1;
            if !exists(root, path) {
                missing.push(format!("{}: {word}", words.join(" ")));
            }
        }
        made.extend(outputs);
    }
    assert!(
        missing.is_empty(),
        "the README's examples read files that are not there:\n{}",
        missing.join("\n")
    );
    assert!(
        read >= 10,
        "only {read} files read by the README's examples"
    );
}

#[test]
fn the_readme_says_how_many_tests_need_the_shared_corpus() {
    // Each test that needs ../shared is ignored without it, with a reason
    // that names the folder; the README gives their number.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut count = 0;
    let mut stack = vec![root.join("src"), root.join("tests")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                count += text.matches("ignore = \"needs ../shared").count();
            }
        }
    }
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let said = format!("({count} of them");
    assert!(
        readme.contains(&said),
        "the README should say {said}: {count} tests need ../shared"
    );
}

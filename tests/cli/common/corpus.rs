//! A puzzle collection beside the package (`../shared/corpus/...`, test
//! material that is not part of it), the binary's judge-mode run over it,
//! and that run's drawings and messages per data set, checked by the
//! tests' own verifier.

use super::{read_puzzles, run_slink_within, split_blocks, verify_drawing, Edges, Grid, Run};
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

/// A corpus file, its puzzles, and the binary's run over it.
pub struct Corpus {
    pub puzzles: Vec<Grid>,
    pub run: Run,
    pub seconds: f64,
}

impl Corpus {
    /// Reads `path` and runs the binary (judge mode) over it within `limit`.
    pub fn load(path: &Path, limit: Duration) -> Corpus {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
        let puzzles = read_puzzles(&text);
        let t = std::time::Instant::now();
        let run = run_slink_within(&[], text.as_bytes(), limit);
        let seconds = t.elapsed().as_secs_f64();
        eprintln!(
            "{}: {} data sets, slink exit {} in {seconds:.1} s",
            path.display(),
            puzzles.len(),
            run.code
        );
        Corpus {
            puzzles,
            run,
            seconds,
        }
    }
}

/// Per data set: its drawing (verified, or why not) and its stderr lines.
pub struct PerDataSet {
    pub drawn: HashMap<usize, Result<Edges, String>>,
    pub messages: HashMap<usize, Vec<String>>,
    /// Problems with the output as a whole.
    pub general: Vec<String>,
}

/// The drawings and messages of `c`'s run, by data set.
pub fn per_data_set(c: &Corpus) -> PerDataSet {
    assert!(
        !c.run.stderr.contains("panicked"),
        "slink panicked:\n{}",
        c.run.stderr
    );
    let mut general = Vec::new();
    let mut drawn = HashMap::new();
    match split_blocks(&c.run.stdout) {
        Ok(blocks) => {
            let mut last = 0;
            for (k, d) in blocks {
                if k <= last || k > c.puzzles.len() {
                    general.push(format!("data set {k} printed after {last}"));
                    continue;
                }
                last = k;
                drawn.insert(k, verify_drawing(&d, &c.puzzles[k - 1]));
            }
        }
        Err(e) => general.push(format!("stdout does not split into drawings: {e}")),
    }
    let mut messages: HashMap<usize, Vec<String>> = HashMap::new();
    for line in c.run.stderr.lines() {
        let k = line
            .split_once("data set ")
            .and_then(|(_, rest)| rest.split_once(':'))
            .and_then(|(n, _)| n.parse::<usize>().ok());
        match k {
            Some(k) => messages.entry(k).or_default().push(line.to_string()),
            None => general.push(format!("stderr line about no data set: {line:?}")),
        }
    }
    PerDataSet {
        drawn,
        messages,
        general,
    }
}

/// `rows x cols`.
pub fn size(g: &Grid) -> String {
    format!("{}x{}", g.rows, g.cols)
}

/// Fails with every problem listed.
pub fn report(name: &str, problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{name}: {} problems:\n  {}",
        problems.len(),
        problems.join("\n  ")
    );
}

/// The column `name` of a tab-separated table with a header row: each
/// row's cell, in order.
pub fn tsv_column(text: &str, name: &str) -> Vec<String> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let col = header
        .iter()
        .position(|h| *h == name)
        .unwrap_or_else(|| panic!("no column {name}"));
    lines
        .map(|l| l.split('\t').nth(col).unwrap_or("").to_string())
        .collect()
}

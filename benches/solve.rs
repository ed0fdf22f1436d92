//! Solving, puzzle by puzzle, with a reused [`Solver`] (no parsing, no
//! drawing), and for the rule-solvable sets also all at once
//! ([`Solver::solve_all`], small puzzles deduced side by side): rule-solvable Slink from 5x5 to 60x60, Slitherlink with
//! blanks, puzzles that need search, and puzzles with several solutions
//! or none. One iteration solves every puzzle of the set; the throughput
//! is in puzzles.
//!
//! Run with `cargo bench --bench solve` (filter: `-- solve/rules`;
//! `-- solve/hardest` for the hard Slitherlink of issue 18). The
//! data is generated at start (see `common/mod.rs`); generating the
//! blank puzzles takes some seconds.

mod common;

use common::Set;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use slink::{Options, Solver};
use std::time::Duration;

fn bench_set(
    g: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    set: &Set,
    options: Options,
) {
    if set.is_empty() {
        eprintln!("{id}: the set came out empty (the generator changed?); skipped");
        return;
    }
    let mut solver = Solver::new(options);
    g.throughput(Throughput::Elements(set.len() as u64));
    g.bench_function(id, |b| b.iter(|| common::solve_all(&mut solver, set)));
}

/// [`bench_set`] with the puzzles handed over all at once
/// ([`Solver::solve_all`]: small puzzles deduced side by side).
fn bench_side_by_side(
    g: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: &str,
    set: &Set,
) {
    let mut solver = Solver::new(Options::default());
    g.throughput(Throughput::Elements(set.len() as u64));
    g.bench_function(id, |b| {
        b.iter(|| common::solve_side_by_side(&mut solver, set))
    });
}

/// Easy Slink the judge's rules finish, by size: the complete solver
/// (default options) and the judge's rules only.
fn rules(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve/rules");
    for (n, count) in [(5, 2000), (10, 1000), (20, 300), (60, 20)] {
        let set = common::rules(n, count);
        bench_set(&mut g, &set.name, &set, Options::default());
        bench_side_by_side(&mut g, &format!("{} side by side", set.name), &set);
        bench_set(
            &mut g,
            &format!("{} rules-only", set.name),
            &set,
            Options::rules_only(),
        );
    }
    g.finish();
}

/// Real-world-like Slitherlink (half blank), puzzles that need search,
/// and broken puzzles (several solutions, none).
fn hard(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve/hard");
    for set in [common::blanks(10, 0.5, 200), common::blanks(20, 0.5, 50)] {
        bench_set(&mut g, &set.name, &set, Options::default());
    }
    for set in [common::blanks(10, 0.6, 300), common::blanks(20, 0.6, 30)] {
        let search = common::needs_search(&set);
        bench_set(&mut g, &search.name, &search, Options::default());
    }
    let base = common::rules(10, 100);
    let multiple = common::multiple(&base, 0.5, 3);
    bench_set(&mut g, &multiple.name, &multiple, Options::default());
    let none = common::no_solution(&base, 4);
    bench_set(&mut g, &none.name, &none, Options::default());
    g.finish();
}

/// Hard Slitherlink: slink's own (as blank as uniqueness allows) and,
/// where `../shared/corpus/hard/` is beside the package, Loopy's "Hard"
/// puzzles by size (BENCHMARKS.md compares these with Loopy and srither).
fn hardest(c: &mut Criterion) {
    let mut g = c.benchmark_group("solve/hardest");
    for set in [
        common::as_blank_as_unique(20, 20),
        common::as_blank_as_unique(30, 5),
    ] {
        bench_set(&mut g, &set.name, &set, Options::default());
    }
    for (file, name) in [
        ("loopy-hard-20.txt", "loopy-hard-20x20"),
        ("loopy-hard-30.txt", "loopy-hard-30x30"),
        ("loopy-hard-50.txt", "loopy-hard-50x50"),
    ] {
        if let Some(set) = common::loopy_hard(file, name) {
            bench_set(&mut g, &set.name, &set, Options::default());
        }
    }
    g.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
}

criterion_group! {
    name = solve;
    config = config();
    targets = rules, hard, hardest
}
criterion_main!(solve);

//! The solver's kernels on their own: parsing, each rule family over a
//! whole board, rule propagation to a fixpoint, drawing and verifying.
//!
//! Run with `cargo bench --bench kernels` (add a filter, e.g.
//! `cargo bench --bench kernels -- rules/`). The data is generated at
//! start (see `common/mod.rs`).
//!
//! Rule families are measured on a *mid-solve* board: for each puzzle,
//! the judge's rules are swept over the whole board (`rules::pass`) until
//! nothing changes, which takes `P` sweeps; the board after `P / 2` sweeps
//! is the state measured (about half of the edges decided, most rules with
//! something to do). One iteration applies the family to every row of
//! every board of the set, on fresh copies of the mid-solve boards (the
//! copies are made outside the timing); the throughput is in boards.

mod common;

use criterion::{
    black_box, criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput,
};
use slink::formats::{Format, Reader};
use slink::internals::board::{Board, Clues, Frame};
use slink::internals::rules::{self, Ctx, Due};
use slink::{Options, Puzzle, Solution, Solver};
use std::time::Duration;

/// Reads every data set of `text`; returns the number of clean ones.
fn parse_all(text: &[u8], p: &mut Puzzle) -> usize {
    let mut ok = 0;
    let mut reader = Reader::new(text, Format::Judge);
    for span in reader.spans() {
        ok += usize::from(span.decode(text, p).is_ok());
    }
    ok
}

fn parse(c: &mut Criterion) {
    let mut g = c.benchmark_group("parse");
    let small = common::rules(5, 2000);
    let slink20 = common::rules(20, 500);
    let blanks = common::blanks(10, 0.5, 200);
    let big = common::rules(60, 20);
    let mut cases: Vec<(String, Vec<u8>)> = [&small, &slink20, &blanks, &big]
        .iter()
        .map(|s| (s.name.clone(), s.text.clone()))
        .collect();
    cases.push(("invalid-20x20".into(), common::malformed(&slink20)));
    let mut p = Puzzle::default();
    for (name, text) in &cases {
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| parse_all(black_box(text), &mut p))
        });
    }
    g.finish();
}

/// A board at the mid-solve state described at the top of this file.
struct MidSolve {
    frame: Frame<1>,
    clues: Clues<1>,
    board: Board<1>,
}

/// One sweep of the judge's rules (`due`: propagation's scratch); true if
/// it decided anything.
fn sweep(frame: &Frame<1>, clues: &Clues<1>, edges: &mut Board<1>, due: &mut Due) -> bool {
    let mut ctx = Ctx::new(frame, clues, edges);
    rules::pass(&mut ctx, due).is_ok() && ctx.changed
}

fn mid_solve(p: &Puzzle) -> MidSolve {
    let frame = Frame::<1>::new(p.rows(), p.cols());
    let mut clues = Clues::<1>::default();
    clues.load(p);
    let mut fresh = Board::<1>::default();
    fresh.reset(p.rows());
    let mut full = fresh.clone();
    let (mut sweeps, mut due) = (0, Due::default());
    while sweeps < 4 * p.rows() * p.cols() && sweep(&frame, &clues, &mut full, &mut due) {
        sweeps += 1;
    }
    let mut board = fresh;
    for _ in 0..sweeps / 2 {
        sweep(&frame, &clues, &mut board, &mut due);
    }
    MidSolve {
        frame,
        clues,
        board,
    }
}

/// Applies `family` to every row of every board; `vertex_rows` says whether
/// it runs over vertex rows (`0..=rows`) rather than cell rows.
fn apply_all(
    boards: &[MidSolve],
    copies: &mut [Board<1>],
    vertex_rows: bool,
    family: fn(&mut Ctx<'_, 1>, usize),
) -> bool {
    let mut changed = false;
    for (b, e) in boards.iter().zip(copies.iter_mut()) {
        let mut ctx = Ctx::new(&b.frame, &b.clues, e);
        let rows = b.frame.rows + usize::from(vertex_rows);
        for i in 0..rows {
            family(&mut ctx, i);
        }
        changed |= ctx.changed;
    }
    changed
}

type Family = (&'static str, bool, fn(&mut Ctx<'_, 1>, usize));

const FAMILIES: [Family; 7] = [
    ("cell R1-R3", false, |ctx, i| {
        let _ = rules::cell::apply(ctx, i);
    }),
    ("threes R4-R5", false, rules::threes::apply),
    ("vertex R6-R8", true, |ctx, i| {
        let _ = rules::vertex::apply(ctx, i);
    }),
    ("corner R9-R11", false, rules::corner::apply),
    ("entry R12,R14,R15", false, rules::entry::apply),
    ("diagonal R13", false, rules::diagonal::apply),
    ("color (loop)", false, rules::color::apply),
];

fn rule_families(c: &mut Criterion) {
    for set in [common::rules(20, 100), common::rules(60, 10)] {
        let boards: Vec<MidSolve> = set.puzzles.iter().map(mid_solve).collect();
        let snapshot: Vec<Board<1>> = boards.iter().map(|b| b.board.clone()).collect();
        let mut g = c.benchmark_group(format!("rules/{}", set.name));
        g.throughput(Throughput::Elements(boards.len() as u64));
        for (name, vertex_rows, family) in FAMILIES {
            g.bench_function(name, |b| {
                b.iter_batched_ref(
                    || snapshot.clone(),
                    |copies| apply_all(&boards, copies, vertex_rows, family),
                    BatchSize::SmallInput,
                )
            });
        }
        // One sweep of every family (`rules::pass`), from the same state.
        let mut due = Due::default();
        g.bench_function("pass (all families)", |b| {
            b.iter_batched_ref(
                || snapshot.clone(),
                |copies| {
                    let mut n = 0;
                    for (bd, e) in boards.iter().zip(copies.iter_mut()) {
                        n += usize::from(sweep(&bd.frame, &bd.clues, e, &mut due));
                    }
                    n
                },
                BatchSize::SmallInput,
            )
        });
        // The judge's rules to a fixpoint from a fresh board
        // (`rules::propagate`, revisiting only rows near a change).
        let fresh: Vec<Board<1>> = boards
            .iter()
            .map(|b| {
                let mut e = Board::<1>::default();
                e.reset(b.frame.rows);
                e
            })
            .collect();
        g.bench_function("propagate from fresh", |b| {
            b.iter_batched_ref(
                || fresh.clone(),
                |copies| {
                    let mut passes = 0;
                    for (bd, e) in boards.iter().zip(copies.iter_mut()) {
                        let mut ctx = Ctx::new(&bd.frame, &bd.clues, e);
                        passes += rules::propagate(&mut ctx, &mut due).unwrap_or(0);
                    }
                    passes
                },
                BatchSize::SmallInput,
            )
        });
        g.finish();
    }
}

/// The solved puzzles the render and verify benchmarks use, per set.
fn solved_sets() -> Vec<(String, Vec<(Puzzle, Solution)>)> {
    [
        common::rules(5, 200),
        common::rules(20, 100),
        common::rules(60, 10),
    ]
    .into_iter()
    .map(|set| {
        let mut solver = Solver::new(Options::default());
        let solved = set
            .puzzles
            .iter()
            .filter_map(|p| {
                let s = solver.solve(p).solution().cloned();
                s.map(|s| (p.clone(), s))
            })
            .collect();
        (set.name, solved)
    })
    .collect()
}

fn render(c: &mut Criterion) {
    let mut g = c.benchmark_group("render");
    for (name, solved) in solved_sets() {
        let mut out = Vec::with_capacity(1 << 20);
        let bytes: usize = solved
            .iter()
            .map(|(p, _)| slink::drawing_len(p.rows(), p.cols()))
            .sum();
        g.throughput(Throughput::Bytes(bytes as u64));
        g.bench_function(BenchmarkId::from_parameter(&name), |b| {
            b.iter(|| {
                out.clear();
                for (p, s) in &solved {
                    slink::draw(p, s, &mut out);
                }
                out.len()
            })
        });
    }
    g.finish();
}

fn verify(c: &mut Criterion) {
    let mut g = c.benchmark_group("verify");
    for (name, solved) in solved_sets() {
        g.throughput(Throughput::Elements(solved.len() as u64));
        g.bench_function(BenchmarkId::from_parameter(&name), |b| {
            b.iter(|| {
                solved
                    .iter()
                    .filter(|(p, s)| slink::verify(black_box(p), black_box(s)).is_ok())
                    .count()
            })
        });
    }
    g.finish();
}

/// Keeps a run of every kernel benchmark within a minute or so.
fn config() -> Criterion {
    Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! {
    name = kernels;
    config = config();
    targets = parse, rule_families, render, verify
}
criterion_main!(kernels);

//! The whole pipeline, bytes in to bytes out: read, parse, solve, draw.
//!
//! - `pipeline/judge`: judge mode ([`slink::internals::run::judge::run`], what `slink <
//!   FILE` runs: the batch pipeline on one thread), input in memory (read
//!   as a stream), output discarded;
//! - `pipeline/batch-N`: the batch engine of `slink solve`
//!   ([`slink::internals::run::batch::run`]) on N worker threads, reading a file written
//!   at start into Cargo's temporary folder for benchmarks, output
//!   discarded. The invalid set (every third data set malformed) runs
//!   here only: judge mode stops at the first malformed data set.
//!
//! The throughput is in input bytes; divide the time by the puzzle count
//! in the id for the time per puzzle.

mod common;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use slink::internals::run::batch::{self, Config, Input};
use slink::Options;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Duration;

/// Counts bytes and forgets them.
struct Discard(u64);

impl Write for Discard {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes `text` to a file named `name` in the benchmarks' temporary folder.
fn temp_file(name: &str, text: &[u8]) -> PathBuf {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("slink-bench-{name}.txt"));
    std::fs::write(&path, text).expect("write a benchmark input");
    path
}

fn pipeline(c: &mut Criterion) {
    let s20 = common::rules(20, 1000);
    let s5 = common::rules(5, 2000);
    let blanks = common::blanks(10, 0.5, 100);
    let cases: Vec<(String, usize, Vec<u8>)> = vec![
        (s5.name.clone(), s5.len(), s5.text.clone()),
        (s20.name.clone(), s20.len(), s20.text.clone()),
        (blanks.name.clone(), blanks.len(), blanks.text.clone()),
    ];
    let mut g = c.benchmark_group("pipeline/judge");
    for (name, count, text) in &cases {
        g.throughput(Throughput::Bytes(text.len() as u64));
        let input = Input::Bytes {
            name: "bench".into(),
            bytes: text.as_slice().into(),
        };
        g.bench_function(BenchmarkId::new(name, format!("{count} puzzles")), |b| {
            b.iter(|| {
                let (mut out, mut err) = (Discard(0), Discard(0));
                slink::internals::run::judge::run(&input, Options::default(), &mut out, &mut err)
                    .expect("discarding cannot fail");
                out.0
            })
        });
    }
    g.finish();

    let invalid = common::malformed(&s20);
    let mut files: Vec<(String, usize, PathBuf, u64)> = cases
        .iter()
        .map(|(name, count, text)| {
            let len = text.len() as u64;
            (name.clone(), *count, temp_file(name, text), len)
        })
        .collect();
    files.push((
        "invalid-20x20".into(),
        s20.len(),
        temp_file("invalid-20x20", &invalid),
        invalid.len() as u64,
    ));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut threads = vec![1, cores];
    threads.dedup();
    for t in threads {
        let mut g = c.benchmark_group(format!("pipeline/batch-{t}"));
        let config = Config {
            threads: t,
            progress: false,
            ..Config::default()
        };
        for (name, count, path, len) in &files {
            let inputs = [Input::Path(path.clone())];
            g.throughput(Throughput::Bytes(*len));
            g.bench_function(BenchmarkId::new(name, format!("{count} puzzles")), |b| {
                b.iter(|| {
                    let (mut out, mut err) = (Discard(0), Discard(0));
                    batch::run(&inputs, &config, &mut out, &mut err)
                        .expect("discarding cannot fail")
                        .data_sets()
                })
            });
        }
        g.finish();
    }
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5))
}

criterion_group! {
    name = benches;
    config = config();
    targets = pipeline
}
criterion_main!(benches);

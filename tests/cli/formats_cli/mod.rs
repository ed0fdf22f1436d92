//! The formats of the ecosystem on the command line (issue 19): puzzles
//! read as puzz.link URLs, Loopy game IDs and pzprv3 files (`--from`, or
//! detected), written as such (`solve --format`, `gen --format`), drawn
//! as SVG and HTML; every round trip exact on the package's corpus (and
//! on the real corpus of `../shared/corpus/real`, where it exists: else
//! that test shows as ignored, with the folder as the reason).
//!
//! Self-contained: it runs the binary and reads its output with the
//! library's own decoders and a strict XML parser (roxmltree).
//!
//! `reading`: bad lines and formats named or detected; `pictures`: SVG
//! and HTML.

use serde_json::Value;
use slink::internals::puzzle::formats::{self, loopy, pzprv3, url, Format};
use slink::Puzzle;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod pictures;
mod reading;

const BIN: &str = env!("CARGO_BIN_EXE_slink");

/// What a run of the binary gave: exit status, stdout, stderr.
struct Run {
    code: i32,
    out: String,
    err: String,
}

/// Runs `slink ARGS` with `stdin` on its standard input.
fn slink(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        // The binary may stop reading early; that is not this test's error.
        let _ = input.write_all(&data);
    });
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    Run {
        code: output.status.code().unwrap_or(-1),
        out: String::from_utf8(output.stdout).expect("UTF-8 output"),
        err: String::from_utf8(output.stderr).expect("UTF-8 messages"),
    }
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slink-formats-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The package's judge-format puzzle files.
fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut files = vec![root.join("sample.in"), root.join("judge/slink.in")];
    let mut generated: Vec<PathBuf> = std::fs::read_dir(root.join("generated"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    generated.sort();
    files.extend(generated);
    files
}

/// The puzzles of a text in `format`, read by the library (all must read).
fn puzzles(text: &[u8], format: Format) -> Vec<Puzzle> {
    formats::read(text, format)
        .map(|e| e.puzzle.unwrap_or_else(|err| panic!("{format}: {err}")))
        .collect()
}

/// The JSON records of a run without what names the file: the data set,
/// size, status and loop of each.
fn records(json: &str) -> Vec<Value> {
    json.lines()
        .map(|line| {
            let mut v: Value = serde_json::from_str(line).unwrap();
            let obj = v.as_object_mut().unwrap();
            obj.remove("file");
            obj.remove("line");
            v
        })
        .collect()
}

/// Checks that `file` (judge format) goes through every other format
/// and back with the same clues, and that the CLI solves it the same
/// from every format: the library's encoders and decoders, and the CLI's
/// writers read back by the library, in input order.
fn round_trips(file: &Path, dir: &Path) -> usize {
    let name = file.display().to_string();
    let text = std::fs::read(file).unwrap();
    let judge = puzzles(&text, Format::Judge);
    assert!(!judge.is_empty(), "{name}");
    for p in &judge {
        assert_eq!(&url::decode(&url::encode(p)).unwrap(), p, "{name} url");
        assert_eq!(
            &loopy::decode(&loopy::encode(p)).unwrap(),
            p,
            "{name} loopy"
        );
        assert_eq!(
            &pzprv3::decode(&pzprv3::encode(p)).unwrap(),
            p,
            "{name} pzprv3"
        );
    }
    let want = slink(
        &["solve", "-q", "--format", "json", "--no-timing", &name],
        b"",
    );
    for (format, flag) in [
        (Format::Url, "url"),
        (Format::Loopy, "loopy"),
        (Format::Pzprv3, "pzprv3"),
    ] {
        let conv = slink(&["solve", "-q", "--format", flag, &name], b"");
        assert_eq!(conv.code, want.code, "{name} {flag}: {}", conv.err);
        assert_eq!(puzzles(conv.out.as_bytes(), format), judge, "{name} {flag}");
        let path = dir.join(format!(
            "{}.{flag}",
            file.file_stem().unwrap().to_string_lossy()
        ));
        std::fs::write(&path, &conv.out).unwrap();
        let path = path.to_str().unwrap();
        // Detected, and forced: the same solutions as from the judge format.
        for args in [vec![path], vec!["--from", flag, path]] {
            let mut all = vec!["solve", "-q", "--format", "json", "--no-timing"];
            all.extend(args);
            let got = slink(&all, b"");
            assert_eq!(got.code, want.code, "{name} {flag}: {}", got.err);
            assert_eq!(records(&got.out), records(&want.out), "{name} from {flag}");
        }
    }
    judge.len()
}

#[test]
fn corpus_round_trips_through_every_format() {
    let dir = scratch("corpus");
    let mut n = 0;
    for file in corpus_files() {
        n += round_trips(&file, &dir);
    }
    assert!(n > 100, "only {n} puzzles in corpus/");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[cfg_attr(not(shared_corpus_real), ignore = "needs ../shared/corpus/real")]
fn real_corpus_round_trips_through_every_format() {
    let real = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/real");
    assert!(
        real.is_dir(),
        "{} not found: this test needs the real corpus",
        real.display()
    );
    let dir = scratch("real");
    let n = round_trips(&real.join("slitherlink.txt"), &dir)
        + round_trips(&real.join("slink_from_real.txt"), &dir);
    assert!(n > 5000, "{n} puzzles");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generated_puzzles_open_the_same_in_every_format() {
    let gen = |format: &str| {
        let args = [
            "gen", "--rows", "4-9", "--cols", "3-12", "--count", "12", "--seed", "5", "--blanks",
            "0.5", "-q", "--format", format,
        ];
        let run = slink(&args, b"");
        assert_eq!(run.code, 0, "{}", run.err);
        run.out
    };
    let judge = puzzles(gen("judge").as_bytes(), Format::Judge);
    assert_eq!(judge.len(), 12);
    let urls = gen("url");
    assert!(
        urls.lines()
            .all(|l| l.starts_with("https://puzz.link/p?slither/")),
        "{urls}"
    );
    assert_eq!(puzzles(urls.as_bytes(), Format::Url), judge);
    assert_eq!(puzzles(gen("loopy").as_bytes(), Format::Loopy), judge);
    assert_eq!(puzzles(gen("pzprv3").as_bytes(), Format::Pzprv3), judge);
}

#[test]
fn check_explain_and_bench_read_every_format() {
    let dir = scratch("tools");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/sample.in");
    let sample = sample.to_str().unwrap();
    let conv = slink(&["solve", "-q", "--format", "loopy", sample], b"");
    let ids = dir.join("sample.loopy");
    std::fs::write(&ids, &conv.out).unwrap();
    let ids = ids.to_str().unwrap();
    // check: the same lines, but for the places (`FILE:LINE:COL: `).
    let strip = |run: &Run| -> Vec<String> {
        run.out
            .lines()
            .map(|l| l.split_once(": ").map_or(l, |(_, rest)| rest).to_string())
            .collect()
    };
    let (a, b) = (slink(&["check", sample], b""), slink(&["check", ids], b""));
    assert_eq!(a.code, b.code);
    assert_eq!(strip(&a), strip(&b));
    assert!(a.out.lines().count() > 4, "{}", a.out);
    // explain: the same steps.
    let explain = |path: &str| slink(&["explain", "--data-set", "2", path], b"");
    let (a, b) = (explain(sample), explain(ids));
    assert_eq!((a.code, &a.out), (b.code, &b.out));
    assert!(a.out.contains("R"), "{}", a.out);
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, WITH_BAD_LINES).unwrap();
    let e = slink(&["explain", "--data-set", "2", bad.to_str().unwrap()], b"");
    assert_eq!(e.code, 2);
    assert!(
        e.err.starts_with("slink explain: ")
            && e.err
                .contains("bad.txt:4:39: data set 2: puzz.link body ends"),
        "{}",
        e.err
    );
    // bench: the batch engine reads the IDs (the direct one refuses them).
    let bench = slink(
        &["bench", "--runs", "1", "-j", "1", "--from", "loopy", ids],
        b"",
    );
    assert_eq!(bench.code, 0, "{}", bench.err);
    assert!(
        bench.out.contains("| 4 |") || bench.out.contains(" 4 |"),
        "{}",
        bench.out
    );
    let direct = slink(&["bench", "--runs", "1", "--engine", "direct", ids], b"");
    assert_eq!(direct.code, 2);
    assert!(direct.err.contains("judge format only"), "{}", direct.err);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pieces_of_any_size_read_the_same_data_sets() {
    // Inputs are read in pieces that end at line boundaries; a pzprv3
    // file cut by a piece's end is read whole from the next piece.
    let dir = scratch("pieces");
    let mixed = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/generated/mixed.in");
    for flag in ["url", "loopy", "pzprv3"] {
        let conv = slink(
            &["solve", "-q", "--format", flag, mixed.to_str().unwrap()],
            b"",
        );
        let text = format!("# converted\n\n{}", conv.out.replace('\n', "\n\n"));
        let path = dir.join(format!("mixed.{flag}"));
        std::fs::write(&path, &text).unwrap();
        let path = path.to_str().unwrap();
        let json = ["solve", "-q", "--format", "json", "--no-timing"];
        let whole = slink(&[&json[..], &[path]].concat(), b"");
        assert_eq!(records(&whole.out).len(), 60, "{flag}: {}", whole.err);
        for piece in ["7", "100", "3000"] {
            let args = [&json[..], &["--piece-bytes", piece]].concat();
            let mapped = slink(&[&args[..], &[path]].concat(), b"");
            assert_eq!(mapped.out, whole.out, "{flag}, pieces of {piece}");
            let streamed = slink(&[&args[..], &["-j", "1"]].concat(), text.as_bytes());
            assert_eq!(
                records(&streamed.out),
                records(&whole.out),
                "{flag}, {piece}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn convert_writes_each_puzzle_in_another_format_without_solving_it() {
    let dir = scratch("convert");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/sample.in");
    let sample = sample.to_str().unwrap();
    let judge = std::fs::read_to_string(sample).unwrap();
    // judge -> URL -> Loopy -> pzprv3 -> judge: the same puzzles, and the
    // judge text the same but for spacing.
    let mut text = judge.clone().into_bytes();
    for to in ["url", "loopy", "pzprv3", "judge"] {
        let run = slink(&["convert", "--to", to], &text);
        assert_eq!(run.code, 0, "{to}: {}", run.err);
        text = run.out.into_bytes();
    }
    assert_eq!(String::from_utf8(text).unwrap(), judge);
    // Nothing is solved: a puzzle with no solution converts as it is.
    let none = "1 2\n3 3\n0 0\n";
    let url = slink(&["convert", "--to", "url"], none.as_bytes());
    assert_eq!(
        (url.code, url.out.as_str()),
        (0, "https://puzz.link/p?slither/2/1/3d\n"),
        "{}",
        url.err
    );
    // A bad data set is reported in place; the others are converted.
    let file = dir.join("mixed.url");
    std::fs::write(
        &file,
        "https://puzz.link/p?nurikabe/2/2/g\nhttps://puzz.link/p?slither/2/2/222c\n",
    )
    .unwrap();
    let run = slink(&["convert", "--to", "judge", file.to_str().unwrap()], b"");
    assert_eq!(run.code, 2);
    assert_eq!(run.out, "2 2\n2 2\n2 2\n0 0\n");
    assert!(
        run.err
            .contains("mixed.url:1:21: data set 1: puzz.link puzzle type 'nurikabe'"),
        "{}",
        run.err
    );
}

/// Four data sets between comments and blank lines: URLs, one of them bad,
/// and a Loopy ID among them (read as one).
const WITH_BAD_LINES: &str = "# from a collection\n\
    https://puzz.link/p?slither/2/2/222c\n\
    \n\
    \x20 https://puzz.link/p?slither/10/10/cc\n\
    # the next one is a Loopy ID, read as one among the URLs\n\
    5x5t0:2b1b2b1b2b3b3b0b3\n\
    pzv.jp/p.html?slither/2/2/222c\n";

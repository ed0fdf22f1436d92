//! Tests across the formats: round trips on random puzzles and on every
//! corpus at hand, format detection, and the pictures parsed back and
//! rendered.

use super::*;
use crate::puzzle::{Clue, Puzzle};
use crate::Solver;
use proptest::prelude::*;
use std::path::{Path, PathBuf};

/// Every round trip of one puzzle: through a URL, a Loopy ID and a pzprv3
/// file, and each encoding stable (encode . decode . encode = encode).
fn round_trips(p: &Puzzle) {
    let u = url::encode(p);
    let back = url::decode(&u).unwrap_or_else(|e| panic!("{u}: {e}"));
    assert_eq!(&back, p, "{u}");
    assert_eq!(url::encode(&back), u);
    let id = loopy::encode(p);
    let back = loopy::decode(&id).unwrap_or_else(|e| panic!("{id}: {e}"));
    assert_eq!(&back, p, "{id}");
    assert_eq!(loopy::encode(&back), id);
    let file = pzprv3::encode(p);
    let back = pzprv3::decode(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(&back, p, "{file}");
    assert_eq!(pzprv3::encode(&back), file);
}

fn puzzle_strategy() -> impl Strategy<Value = Puzzle> {
    let sizes = prop_oneof![
        4 => (1usize..=30, 1usize..=30),
        1 => (1usize..=4, 100usize..=255),
        1 => (200usize..=1024, 1usize..=3),
    ];
    (sizes, 0u32..=100).prop_flat_map(|((rows, cols), blank_percent)| {
        proptest::collection::vec((0u32..100, 0u8..4), rows * cols).prop_map(move |cells| {
            let clues: Vec<Clue> = cells
                .into_iter()
                .map(|(r, n)| {
                    if r < blank_percent {
                        Clue::Blank
                    } else {
                        Clue::Number(n)
                    }
                })
                .collect();
            Puzzle::new(rows, cols, &clues).expect("valid size")
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_puzzles_round_trip(p in puzzle_strategy()) {
        round_trips(&p);
    }

    #[test]
    fn lines_of_random_puzzles_read_back(ps in proptest::collection::vec(puzzle_strategy(), 1..5)) {
        let text: String = ps.iter().map(|p| url::encode(p) + "\n# comment\n\n").collect();
        let got: Vec<Puzzle> = read(text.as_bytes(), Format::detect(text.as_bytes()))
            .map(|e| e.puzzle.unwrap())
            .collect();
        prop_assert_eq!(&got, &ps);
        let text: String = ps.iter().map(|p| loopy::encode(p) + "\n").collect();
        prop_assert_eq!(Format::detect(text.as_bytes()), Format::Loopy);
        let got: Vec<Puzzle> = read(text.as_bytes(), Format::Loopy).map(|e| e.puzzle.unwrap()).collect();
        prop_assert_eq!(&got, &ps);
        let text: String = ps.iter().map(pzprv3::encode).collect();
        prop_assert_eq!(Format::detect(text.as_bytes()), Format::Pzprv3);
        let got: Vec<Puzzle> = read(text.as_bytes(), Format::Pzprv3).map(|e| e.puzzle.unwrap()).collect();
        prop_assert_eq!(&got, &ps);
    }
}

/// The judge-format files of the repository's corpus: corpus/*.in and corpus/*/*.in.
fn corpus_files() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let mut files = Vec::new();
    let mut dirs = vec![root.clone()];
    for entry in std::fs::read_dir(&root).expect("corpus/") {
        let path = entry.unwrap().path();
        if path.is_dir() {
            dirs.push(path);
        }
    }
    for dir in dirs {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "in") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The puzzles of a judge-format text, read by slink's own parser.
fn judge_puzzles(text: &[u8]) -> Vec<Puzzle> {
    read(text, Format::Judge)
        .map(|e| {
            e.puzzle
                .unwrap_or_else(|err| panic!("data set {}: {err}", e.place.number))
        })
        .collect()
}

#[test]
fn corpus_round_trips() {
    let files = corpus_files();
    assert!(files.len() >= 4, "{files:?}");
    let mut n = 0;
    for file in &files {
        let text = std::fs::read(file).unwrap();
        assert_eq!(Format::detect(&text), Format::Judge, "{}", file.display());
        for p in judge_puzzles(&text) {
            round_trips(&p);
            n += 1;
        }
    }
    assert!(n > 100, "only {n} puzzles in {} files", files.len());
}

/// A file of the real corpus beside the package (`../shared/corpus/real`,
/// not part of it).
fn real_corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/real")
        .join(name)
}

#[test]
#[cfg_attr(not(shared_corpus_real), ignore = "needs ../shared/corpus/real")]
fn real_corpus_round_trips() {
    let path = real_corpus("slitherlink.txt");
    let text = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let puzzles = judge_puzzles(&text);
    assert!(!puzzles.is_empty());
    for p in &puzzles {
        round_trips(p);
    }
    // The whole corpus as one text per format reads back the same.
    let urls: String = puzzles.iter().map(|p| url::encode(p) + "\n").collect();
    let ids: String = puzzles.iter().map(|p| loopy::encode(p) + "\n").collect();
    let files: String = puzzles.iter().map(pzprv3::encode).collect();
    for (text, format) in [
        (urls, Format::Url),
        (ids, Format::Loopy),
        (files, Format::Pzprv3),
    ] {
        assert_eq!(Format::detect(text.as_bytes()), format);
        let back: Vec<Puzzle> = read(text.as_bytes(), format)
            .map(|e| e.puzzle.unwrap())
            .collect();
        assert!(back == puzzles, "{format} round trip differs");
    }
}

#[test]
fn formats_are_detected_from_the_first_meaningful_line() {
    for (text, format) in [
        ("5 5\n. . . . .\n", Format::Judge),
        (
            "\u{feff}# list\n\nhttps://puzz.link/p?slither/1/1/g\n",
            Format::Url,
        ),
        ("p?slither/1/1/g\n", Format::Url),
        ("slither/1/1/g\n", Format::Url),
        ("  10x10t0dh:abc\n", Format::Loopy),
        ("10x10#123\n", Format::Loopy),
        ("# x\npzprv3.1\nslither\n", Format::Pzprv3),
        ("v:\npzprv3\n", Format::Pzprv3),
        ("", Format::Judge),
    ] {
        assert_eq!(Format::detect(text.as_bytes()), format, "{text:?}");
    }
    // With no meaningful line yet, a reader of pieces looks further.
    for text in ["", "\n  \n", "\u{feff}# a\n# b\n\n"] {
        assert_eq!(Format::detect_in(text.as_bytes()), None, "{text:?}");
    }
    assert_eq!(Format::detect_in(b"# a\n5x5:a\n"), Some(Format::Loopy));
    assert_eq!("loopy".parse::<Format>(), Ok(Format::Loopy));
    assert_eq!(
        "svg".parse::<Format>(),
        Err("unknown format 'svg' (expected judge, url, loopy or pzprv3)".into())
    );
}

#[test]
fn judge_data_sets_report_errors_in_place() {
    let text = b"2 2\n1 1\n1 4\n1 1\n3\n0 0\n";
    let got: Vec<DataSet> = read(text, Format::Judge).collect();
    assert_eq!(got.len(), 2);
    assert_eq!(
        got[0].puzzle.as_ref().unwrap_err().to_string(),
        "3:3: data set 1: expected a clue 0-3, found '4'"
    );
    assert_eq!(
        got[1].puzzle.as_ref().unwrap(),
        &Puzzle::from_rows("3").unwrap()
    );
}

#[test]
#[ignore = "timing, by hand: cargo test --release decoding_speed -- --ignored --nocapture"]
fn decoding_speed() {
    let path = real_corpus("slitherlink.txt");
    let judge = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let puzzles = judge_puzzles(&judge);
    let urls: String = puzzles.iter().map(|p| url::encode(p) + "\n").collect();
    let ids: String = puzzles.iter().map(|p| loopy::encode(p) + "\n").collect();
    let files: String = puzzles.iter().map(pzprv3::encode).collect();
    let time = |text: &[u8], format: Format| {
        let start = std::time::Instant::now();
        for _ in 0..20 {
            assert_eq!(read(text, format).count(), puzzles.len());
        }
        start.elapsed() / 20
    };
    let mut solver = Solver::default();
    let start = std::time::Instant::now();
    for p in &puzzles {
        solver.solve(p);
    }
    let solving = start.elapsed();
    println!("{} puzzles; solving {solving:?}", puzzles.len());
    for (text, format) in [
        (&judge[..], Format::Judge),
        (urls.as_bytes(), Format::Url),
        (ids.as_bytes(), Format::Loopy),
        (files.as_bytes(), Format::Pzprv3),
    ] {
        let t = time(text, format);
        let share = 100.0 * t.as_secs_f64() / solving.as_secs_f64();
        println!("{format:>6}: read in {t:?} ({share:.2}% of solving)");
    }
}

/// Every format's data sets are found past blank lines, comments and
/// malformed ones, and with a missing last newline: numbered in order,
/// the malformed ones in place.
#[test]
fn data_sets_are_found_past_blanks_comments_and_bad_ones() {
    let p = Puzzle::from_rows("2 . .\n. 1 .\n. . 3").unwrap();
    let url = url::encode(&p) + "\n";
    let id = loopy::encode(&p) + "\n";
    let file = pzprv3::encode(&p);
    for (text, format) in [
        (format!("\n# x\n{url}{url}not a url\n\n{url}"), Format::Url),
        (
            format!("{id}  \n# c\n{id}3x3:zz\n{}", id.trim_end()),
            Format::Loopy,
        ),
        (
            format!("{file}\n# c\n{file}pzprv3\nslither\n9\n{file}"),
            Format::Pzprv3,
        ),
        (
            "3 3\n2 . .\n. 1 .\n. . 3\n1 1\nx\n0 0\n".to_owned(),
            Format::Judge,
        ),
    ] {
        let got: Vec<(usize, bool)> = read(text.as_bytes(), format)
            .map(|d| (d.place.number, d.puzzle.is_ok_and(|q| q == p)))
            .collect();
        let want: &[(usize, bool)] = match format {
            Format::Judge => &[(1, true), (2, false)],
            _ => &[(1, true), (2, true), (3, false), (4, true)],
        };
        assert_eq!(got, want, "{format}: {text:?}");
    }
}

//! The formats of the ecosystem on the command line (issue 19): puzzles
//! read as puzz.link URLs, Loopy game IDs and pzprv3 files (`--from`, or
//! detected), written as such (`solve --format`, `gen --format`), drawn
//! as SVG and HTML; every round trip exact on the package's corpus (and
//! on the real corpus of `../shared/corpus/real`, where it exists: else
//! that test shows as ignored, with the folder as the reason).
//!
//! Self-contained: it runs the binary and reads its output with the
//! library's own decoders and a strict XML parser (roxmltree).

use serde_json::Value;
use slink::internals::puzzle::formats::{self, loopy, pzprv3, url, Format};
use slink::Puzzle;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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

/// Four data sets between comments and blank lines: URLs, one of them bad,
/// and a Loopy ID among them (read as one).
const WITH_BAD_LINES: &str = "# from a collection\n\
    https://puzz.link/p?slither/2/2/222c\n\
    \n\
    \x20 https://puzz.link/p?slither/10/10/cc\n\
    # the next one is a Loopy ID, read as one among the URLs\n\
    5x5t0:2b1b2b1b2b3b3b0b3\n\
    pzv.jp/p.html?slither/2/2/222c\n";

#[test]
fn bad_lines_are_reported_in_place_and_the_others_solved() {
    let dir = scratch("bad");
    let file = dir.join("puzzles.txt");
    std::fs::write(&file, WITH_BAD_LINES).unwrap();
    let path = file.to_str().unwrap();
    let run = slink(
        &["solve", "-q", "--format", "json", "--no-timing", path],
        b"",
    );
    assert_eq!(run.code, 2, "{}", run.err);
    let recs = records(&run.out);
    let statuses: Vec<&str> = recs.iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["solved", "invalid", "solved", "solved"]);
    assert_eq!(
        recs[1]["error"],
        "4:39: data set 2: puzz.link body ends after 6 of 100 cells"
    );
    // A Loopy ID in a file of URLs is read as a Loopy ID.
    assert_eq!(
        (recs[2]["rows"].as_u64(), recs[2]["cols"].as_u64()),
        (Some(5), Some(5))
    );
    // The judge format: the good ones drawn, the bad ones named on stderr.
    let run = slink(&["solve", "-q", path], b"");
    assert_eq!(
        run.out.lines().filter(|l| l.starts_with('#')).count(),
        2 * 9 + 15
    );
    assert!(
        run.out.starts_with("1\n") && run.out.contains("\n3\n") && run.out.contains("\n4\n"),
        "{}",
        run.out
    );
    assert!(
        run.err.starts_with(&format!(
            "slink solve: {path}:4:39: data set 2: puzz.link body ends after 6 of 100 cells\n"
        )),
        "{}",
        run.err
    );
    // Judge mode, --from url on stdin: the same, exit 2 for the bad input,
    // except that the format is named, not detected: the Loopy ID (data
    // set 3) is not a URL, and is named as such.
    let judge = slink(&["--from", "url"], WITH_BAD_LINES.as_bytes());
    let (before_3, from_3) = run.out.split_at(run.out.find("\n3\n").unwrap() + 1);
    let from_4 = &from_3[from_3.find("\n4\n").unwrap() + 1..];
    assert_eq!((judge.code, judge.out), (2, format!("{before_3}{from_4}")));
    assert!(
        judge.err.starts_with("slink: stdin:4:39: data set 2: "),
        "{}",
        judge.err
    );
    assert!(
        judge
            .err
            .contains(": data set 3: expected a URL (url was named), found a Loopy ID"),
        "{}",
        judge.err
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn stdin_is_the_judge_format_in_judge_mode_and_detected_elsewhere() {
    let line = "https://puzz.link/p?slither/2/2/222c\n";
    let judge = slink(&[], line.as_bytes());
    assert_eq!(judge.code, 2);
    assert!(
        judge.err.starts_with("slink: stdin:1:1: data set 1: "),
        "{}",
        judge.err
    );
    // `slink solve` detects the URL: the same drawing as the judge format's.
    let solve = slink(&["solve", "-q"], line.as_bytes());
    assert_eq!(solve.code, 0, "{}", solve.err);
    let judge = slink(&[], b"2 2\n2 2\n2 2\n0 0\n");
    assert_eq!(solve.out, judge.out);
    assert!(solve.out.starts_with("1\n#"), "{}", solve.out);
    // A URL where --from loopy was named is a malformed data set (exit
    // 2) that says what it is: first in the input, the input is not a
    // list of Loopy IDs; after an ID, the line is not one. Detected, a
    // list may mix the two.
    let forced = slink(&["solve", "-q", "--from", "loopy"], line.as_bytes());
    assert_eq!((forced.code, forced.out.as_str()), (2, ""));
    assert!(
        forced.err.contains(
            "stdin:1:1: data set 1: the input is not a list of Loopy IDs (loopy was named): \
             its first line is a URL"
        ),
        "{}",
        forced.err
    );
    let after = slink(
        &["solve", "-q", "--from", "loopy"],
        format!("2x2t0:2222\n{line}").as_bytes(),
    );
    assert_eq!(after.code, 2, "{}", after.err);
    assert!(
        after
            .err
            .contains("stdin:2:1: data set 2: expected a Loopy ID (loopy was named), found a URL"),
        "{}",
        after.err
    );
    let mixed = format!("2x2t0:2222\n{line}");
    let both = slink(&["solve", "-q"], mixed.as_bytes());
    assert_eq!(both.code, 0, "{}", both.err);
    assert_eq!(
        both.out,
        format!("{}{}", solve.out, solve.out.replacen("1\n", "2\n", 1))
    );
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

/// Parses an SVG or XHTML document strictly.
fn parse(text: &str) -> roxmltree::Document<'_> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    roxmltree::Document::parse_with_options(text, options).unwrap_or_else(|e| panic!("{e}"))
}

/// Two 2x2 puzzles: the first unique, the second with no clue (several
/// solutions).
const TWO: &str = "2 2\n2 2\n2 2\n2 2\n. .\n. .\n0 0\n";

#[test]
fn svg_goes_to_stdout_for_one_data_set_and_to_files_for_several() {
    let dir = scratch("svg");
    let one = slink(&["solve", "--format", "svg"], b"2 2\n2 2\n2 2\n0 0\n");
    assert_eq!(one.code, 0, "{}", one.err);
    let doc = parse(&one.out);
    assert!(doc
        .root_element()
        .has_tag_name(("http://www.w3.org/2000/svg", "svg")));
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("stdin #1: solved"));
    // Several data sets need a folder: nothing on stdout, exit 2, and
    // the input, which was read, is said not drawn (not unreadable).
    let several = slink(&["solve", "--format", "svg"], TWO.as_bytes());
    assert_eq!((several.code, several.out.as_str()), (2, ""));
    assert_eq!(
        several.err,
        "slink solve: stdin has more than one data set: give --out-dir DIR to write one SVG \
         file each\nslink solve: 1 of 2 data sets not solved with one solution: 1 with several \
         solutions; 1 input not drawn (several SVG pictures need --out-dir)\n"
    );
    let file = dir.join("two.txt");
    std::fs::write(&file, TWO).unwrap();
    let out = dir.join("pictures");
    let args = [
        "solve",
        "--format",
        "svg",
        "--out-dir",
        out.to_str().unwrap(),
    ];
    let run = slink(&[&args[..], &[file.to_str().unwrap()]].concat(), b"");
    assert_eq!((run.code, run.out.as_str()), (1, ""), "{}", run.err);
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["two-1.svg", "two-2.svg"]);
    // A second input of the same stem does not overwrite the first's.
    let other = dir.join("again");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("two.txt"), "1 1\n.\n").unwrap();
    let again = other.join("two.txt");
    let both = [file.to_str().unwrap(), again.to_str().unwrap()];
    let run = slink(&[&args[..], &both].concat(), b"");
    assert_eq!(run.code, 1, "{}", run.err);
    assert!(out.join("two.2-1.svg").exists() && out.join("two-2.svg").exists());
    let second = std::fs::read_to_string(out.join("two-2.svg")).unwrap();
    let doc = parse(&second);
    // Not solved uniquely: marked so.
    assert_eq!(doc.root_element().attribute("class"), Some("unsure"));
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert!(
        title
            .text()
            .unwrap()
            .ends_with("#2: multiple: two of its solutions"),
        "{second}"
    );
    // Two loops drawn, the second in its own class.
    let loops = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("loop")))
        .count();
    assert_eq!(loops, 2, "{second}");
    let bad = slink(&["solve", "--format", "json", "--out-dir", "x"], b"");
    assert_eq!(bad.code, 2);
    assert!(
        bad.err.contains("--out-dir goes with --format svg"),
        "{}",
        bad.err
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn html_page_has_every_data_set_and_links_the_unsolved() {
    let dir = scratch("html");
    let urls = dir.join("puzzles.txt");
    std::fs::write(&urls, WITH_BAD_LINES).unwrap();
    let two = dir.join("two.txt");
    std::fs::write(&two, TWO).unwrap();
    let files = [urls.to_str().unwrap(), two.to_str().unwrap()];
    let run = slink(
        &[&["solve", "-q", "--format", "html"][..], &files].concat(),
        b"",
    );
    assert_eq!(run.code, 2, "{}", run.err);
    let doc = parse(&run.out);
    assert!(!run.out.contains("<script") && !run.out.contains("src="));
    let figures: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("figure"))
        .collect();
    let ids: Vec<&str> = figures.iter().map(|f| f.attribute("id").unwrap()).collect();
    assert_eq!(ids, ["d1", "d2", "d3", "d4", "d2-1", "d2-2"]);
    let classes: Vec<&str> = figures
        .iter()
        .map(|f| f.attribute("class").unwrap())
        .collect();
    assert_eq!(
        classes,
        ["solved", "unsure", "solved", "solved", "solved", "unsure"]
    );
    // Each solved figure draws a loop; the bad lines show their error.
    assert!(figures[0]
        .descendants()
        .any(|n| n.attribute("class") == Some("loop")));
    let error = figures[1]
        .descendants()
        .find(|n| n.attribute("class") == Some("err"));
    assert_eq!(
        error.and_then(|n| n.text()),
        Some("4:39: data set 2: puzz.link body ends after 6 of 100 cells")
    );
    let nav = doc.descendants().find(|n| n.has_tag_name("nav")).unwrap();
    let links: Vec<&str> = nav
        .descendants()
        .filter_map(|n| n.attribute("href"))
        .collect();
    assert_eq!(links, ["#d2", "#d2-2"]);
    let summary = nav.children().find(|n| n.has_tag_name("p")).unwrap();
    let summary = summary.text().unwrap();
    assert!(
        summary.starts_with("6 data sets: 4 solved, 1 invalid, 1 multiple;"),
        "{summary}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn html_stays_light_per_puzzle() {
    // The package's 20x20 corpus: the page's bytes per puzzle bound the
    // page of 10,000 such puzzles.
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/generated/slink20.in");
    let run = slink(
        &["solve", "-q", "--format", "html", file.to_str().unwrap()],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.err);
    let n = parse(&run.out)
        .descendants()
        .filter(|n| n.has_tag_name("figure"))
        .count();
    let count = puzzles(&std::fs::read(&file).unwrap(), Format::Judge).len();
    assert_eq!(n, count);
    let per = run.out.len() / n;
    // 10,000 20x20 puzzles in under 60 MB.
    assert!(per < 6000, "{per} bytes per 20x20 puzzle");
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
fn the_readmes_picture_is_what_slink_draws() {
    // docs/blanks-2.svg, shown in the README, is made by
    //   slink solve --format svg --out-dir DIR corpus/generated/blanks.in
    // (run from the package's folder) and kept if unchanged.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = scratch("readme");
    let run = Command::new(BIN)
        .current_dir(root)
        .args(["solve", "-q", "--format", "svg", "--out-dir"])
        .arg(&dir)
        .arg("corpus/generated/blanks.in")
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0));
    let made = std::fs::read_to_string(dir.join("blanks-2.svg")).unwrap();
    let kept = std::fs::read_to_string(root.join("docs/blanks-2.svg")).unwrap();
    assert_eq!(made, kept, "docs/blanks-2.svg is out of date");
    // Drawn to pixels: the loop's colour is there.
    let mut options = resvg::usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    let tree = resvg::usvg::Tree::from_str(&kept, &options).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, Default::default(), &mut pixmap.as_mut());
    pixmap.save_png(dir.join("blanks-2.png")).unwrap();
    let loop_pixels = pixmap
        .pixels()
        .iter()
        .filter(|p| (p.red(), p.green(), p.blue()) == (0x10, 0x2a, 0x5c))
        .count();
    assert!(loop_pixels > 500, "{loop_pixels} pixels of the loop");
    std::fs::copy(
        dir.join("blanks-2.png"),
        std::env::temp_dir().join("slink-readme.png"),
    )
    .unwrap();
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

#[test]
fn urls_on_odd_addresses_are_read_with_a_warning() {
    // pzprjs reads any address before the '?': so does slink, but a slip
    // in a host (puz.link, htps://) is named once, with the count.
    let urls = "puz.link/p?slither/2/2/2222\n\
                https://puzz.link/p?slither/2/2/2222\n\
                htps://puzz.link/p?slither/2/2/2222\n";
    let run = slink(&["solve"], urls.as_bytes());
    assert_eq!(run.code, 0, "{}", run.err);
    assert_eq!(
        run.out.lines().filter(|l| l.starts_with('#')).count(),
        3 * 9
    );
    let warning = "slink solve: stdin:1:1: data set 1: warning: 'puz.link/p' is not the address \
                   of a pzprjs player slink knows";
    assert!(run.err.starts_with(warning), "{}", run.err);
    assert!(run.err.contains("(and 1 more URL like it)"), "{}", run.err);
    let quiet = slink(&["solve", "-q"], urls.as_bytes());
    assert_eq!(
        (quiet.code, quiet.out, quiet.err),
        (0, run.out, String::new())
    );
    let known = slink(&["solve"], urls.lines().nth(1).unwrap().as_bytes());
    assert!(!known.err.contains("warning"), "{}", known.err);
    // check and convert read through the same reader, and say the same.
    for (command, args) in [
        ("check", vec!["check", "-"]),
        ("convert", vec!["convert", "--to", "loopy", "-"]),
    ] {
        let run = slink(&args, urls.as_bytes());
        let warning = format!(
            "slink {command}: stdin:1:1: data set 1: warning: 'puz.link/p' is not the address"
        );
        assert!(run.err.contains(&warning), "{command}: {}", run.err);
        assert!(run.err.contains("(and 1 more URL like it)"), "{}", run.err);
        let mut quiet_args = args.clone();
        quiet_args.insert(1, "-q");
        let quiet = slink(&quiet_args, urls.as_bytes());
        assert!(!quiet.err.contains("warning"), "{command}: {}", quiet.err);
        assert_eq!(quiet.out, run.out, "{command}");
    }
}

#[test]
fn a_file_in_another_format_than_the_one_named_is_one_message() {
    // The statement's sample (judge format) read as URLs or Loopy IDs:
    // one error for the input, not one per line, in every command that
    // reads puzzles; with the format detected, it reads.
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/sample.in");
    let sample = sample.to_str().unwrap();
    for (from, list) in [("url", "URLs"), ("loopy", "Loopy IDs")] {
        let said = format!(
            "{sample}:1:1: data set 1: the input is not a list of {list} ({from} was named): its \
             first line is a line of the judge format, and it is not read further; name no \
             format to have it told from its first line"
        );
        for args in [
            vec!["convert", "--to", "judge", "--from", from, sample],
            vec!["solve", "--from", from, sample],
        ] {
            let run = slink(&args, b"");
            assert_eq!(run.code, 2, "{args:?}: {}", run.err);
            let errors: Vec<&str> = run.err.lines().filter(|l| l.contains("data set")).collect();
            assert_eq!(errors[0], format!("slink {}: {said}", args[0]), "{args:?}");
            assert_eq!(
                errors.len(),
                1 + usize::from(args[0] == "solve"),
                "{}",
                run.err
            );
        }
        // check reports it as its line of the data set, and counts one.
        let run = slink(&["check", "--from", from, sample], b"");
        assert_eq!(run.code, 2, "{}", run.err);
        let (_, why) = said.split_once(": data set 1: ").unwrap();
        assert_eq!(
            run.out.lines().collect::<Vec<_>>(),
            [
                format!("{sample}:1:1: set=1 bad input: {why}").as_str(),
                "summary: 1 data set read; unique 0, multiple 0, none 0, gave up 0, bad input 1; \
                 asked unique 0, promise 0; failed 0"
            ]
        );
    }
    let run = slink(&["convert", "--to", "url", sample], b"");
    assert_eq!((run.code, run.err.as_str()), (0, ""));
}

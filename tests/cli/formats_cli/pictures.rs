//! Pictures: SVG to standard output or a file per data set, the HTML
//! page, and the README's picture as slink draws it.

use super::*;

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

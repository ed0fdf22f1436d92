//! The pictures, parsed back by a strict XML parser (the loop drawn is the
//! loop given, edge for edge) and rendered to pixels by resvg.

use super::html::{Figure, Page};
use super::svg::{self, Picture};
use crate::puzzle::solution::Solution;
use crate::puzzle::{Clue, Puzzle};
use crate::run::batch::picture_of;
use crate::Solver;
use std::path::Path;
use std::time::Duration;

/// The puzzles of a judge-format text, read by slink's own parser.
fn judge_puzzles(text: &[u8]) -> Vec<Puzzle> {
    crate::puzzle::formats::puzzles(text)
        .filter_map(Result::ok)
        .collect()
}

/// The line edges a path of `svg::loop_path`'s form draws, as a solution.
fn edges_of_path(d: &str, rows: usize, cols: usize, top: f64) -> Solution {
    let mut s = Solution::new(rows, cols);
    let mut tokens = d
        .split(|c: char| c == ' ' || c.is_ascii_alphabetic())
        .filter(|t| !t.is_empty());
    let commands: Vec<char> = d.chars().filter(char::is_ascii_alphabetic).collect();
    let cell = svg::CELL as f64;
    for pair in commands.chunks(2) {
        assert_eq!(pair[0], 'M', "{d}");
        let x: f64 = tokens.next().unwrap().parse().unwrap();
        let y: f64 = tokens.next().unwrap().parse().unwrap();
        let len: f64 = tokens.next().unwrap().parse().unwrap();
        let (j, i) = ((x - 5.0) / cell, (y - 5.0 - top) / cell);
        assert!(j.fract() == 0.0 && i.fract() == 0.0 && len > 0.0 && (len / cell).fract() == 0.0);
        for k in 0..(len / cell) as usize {
            match pair[1] {
                'h' => s.set_h(i as usize, j as usize + k, true),
                'v' => s.set_v(i as usize + k, j as usize, true),
                c => panic!("command {c} in {d}"),
            }
        }
    }
    assert!(tokens.next().is_none());
    s
}

/// Checks one `<svg>` element against its puzzle and lines: the loop
/// drawn edge for edge, and the clues each at its cell.
fn check_svg(node: roxmltree::Node, p: &Puzzle, lines: Option<&Solution>, top: f64) {
    assert_eq!(node.tag_name().name(), "svg");
    let loop_path = node
        .descendants()
        .find(|n| n.attribute("class") == Some("loop"));
    match lines {
        Some(lines) => {
            let d = loop_path.expect("a loop path").attribute("d").unwrap();
            assert_eq!(&edges_of_path(d, p.rows(), p.cols(), top), lines);
        }
        None => assert!(loop_path.is_none()),
    }
    assert_eq!(
        node.descendants()
            .filter(|n| n.attribute("class") == Some("grid"))
            .count(),
        1
    );
    let mut drawn =
        Puzzle::new(p.rows(), p.cols(), &vec![Clue::Blank; p.rows() * p.cols()]).unwrap();
    let clues = node
        .descendants()
        .find(|n| n.attribute("class") == Some("clues"))
        .unwrap();
    for text in clues.children().filter(|n| n.is_element()) {
        let y: f64 = text.attribute("y").unwrap().parse().unwrap();
        let i = ((y - top - 5.0) / svg::CELL as f64).floor() as usize;
        let glyphs: Vec<u8> = text.text().unwrap().bytes().collect();
        let xs: Vec<usize> = text
            .attribute("x")
            .unwrap()
            .split(' ')
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(glyphs.len(), xs.len());
        for (x, g) in xs.into_iter().zip(glyphs) {
            drawn.set_clue(i, (x - 5) / svg::CELL, Clue::Number(g - b'0'));
        }
    }
    assert_eq!(&drawn, p);
}

/// The puzzles of a file of the repository's corpus.
fn corpus(name: &str) -> Vec<Puzzle> {
    let text = std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus")
            .join(name),
    )
    .unwrap();
    judge_puzzles(&text)
}

/// The judge's puzzles: the sample's four, then 6x9, 20x20, 13x12, 1x5, 5x1.
fn sample_puzzles() -> Vec<Puzzle> {
    corpus("judge/slink.in")
}

/// Generated puzzles with blanks, each with one solution.
fn blank_puzzles() -> Vec<Puzzle> {
    corpus("generated/blanks.in")
}

#[test]
fn svg_draws_the_loop_given() {
    let mut solver = Solver::default();
    for p in sample_puzzles().iter().chain(&blank_puzzles()) {
        let outcome = solver.solve(p).clone();
        let picture = picture_of(p, &outcome, "sample <&> \"x\"");
        let text = svg::to_string(&picture);
        let doc = roxmltree::Document::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let root = doc.root_element();
        check_svg(root, p, picture.lines, 10.0);
        let title = root
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .unwrap();
        assert_eq!(
            title.text(),
            Some(format!("sample <&> \"x\": {}", picture.status).as_str())
        );
    }
    // Marked: not solved, some lines known, a frame and a red status.
    let p = Puzzle::from_rows("...../...../...../...../.....").unwrap();
    let mut some = Solution::new(5, 5);
    some.set_h(0, 0, true);
    some.set_v(0, 0, true);
    let picture = Picture {
        puzzle: &p,
        lines: Some(&some),
        second: None,
        solved: false,
        status: "multiple",
        title: "",
    };
    let text = svg::to_string(&picture);
    let doc = roxmltree::Document::parse(&text).unwrap();
    check_svg(doc.root_element(), &p, Some(&some), 10.0);
    assert!(doc
        .descendants()
        .any(|n| n.attribute("class") == Some("frame")));
    let label = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("label"))
        .unwrap();
    assert_eq!(
        (label.text(), label.attribute("fill")),
        (Some("multiple"), Some(svg::ALERT_COLOR))
    );
    // Lines of another size are refused.
    let other = Solution::new(2, 2);
    let bad = Picture {
        lines: Some(&other),
        ..picture
    };
    assert!(svg::write(&bad, Vec::new()).is_err());
}

#[test]
fn a_puzzle_with_several_solutions_shows_two_of_them_and_says_so() {
    // Issue 30's 2x2 with one clue 1: among its loops, one around each of
    // the three other cells, which share no side of the 1's cell.
    let p = Puzzle::from_rows("1./..").unwrap();
    let mut solver = Solver::default();
    let outcome = solver.solve(&p).clone();
    assert_eq!(outcome.status(), crate::Status::Multiple);
    let [first, second] = outcome.solutions() else {
        panic!("two solutions found")
    };
    let picture = picture_of(&p, &outcome, "");
    let text = svg::to_string(&picture);
    let doc = roxmltree::Document::parse(&text).unwrap();
    // Each loop is drawn whole, with the puzzle's own verifier's blessing,
    // the second in its own colour.
    for (s, class, color) in [
        (first, "loop", svg::UNSURE_COLOR),
        (second, "loop second", svg::SECOND_COLOR),
    ] {
        assert!(crate::verify(&p, s).is_ok());
        let path = doc
            .descendants()
            .find(|n| n.attribute("class") == Some(class))
            .unwrap_or_else(|| panic!("no {class} in {text}"));
        assert_eq!(path.attribute("stroke"), Some(color));
        let d = path.attribute("d").unwrap();
        assert_eq!(d.matches('M').count(), runs(s), "{class}: {d}");
    }
    let label = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("label"))
        .unwrap();
    assert_eq!(label.text(), Some("multiple: two of its solutions"));
}

/// The runs of line edges of `s` (a subpath each in the picture's loop).
fn runs(s: &Solution) -> usize {
    let (r, c) = (s.rows(), s.cols());
    let across = (0..=r)
        .map(|i| {
            (0..c)
                .filter(|&j| s.h(i, j) && (j == 0 || !s.h(i, j - 1)))
                .count()
        })
        .sum::<usize>();
    let down = (0..=c)
        .map(|j| {
            (0..r)
                .filter(|&i| s.v(i, j) && (i == 0 || !s.v(i - 1, j)))
                .count()
        })
        .sum::<usize>();
    across + down
}

#[test]
fn html_page_parses_and_links_the_unsolved() {
    let puzzles = sample_puzzles();
    let mut solver = Solver::default();
    let outcomes: Vec<_> = puzzles
        .iter()
        .take(6)
        .map(|p| solver.solve(p).clone())
        .collect();
    let blank = Puzzle::from_rows("../..").unwrap();
    let blank_outcome = solver.solve(&blank).clone();
    let mut page = Page::new(Vec::new(), "sample.in & <friends>").unwrap();
    let mut expected = Vec::new();
    for (k, (p, o)) in puzzles.iter().zip(&outcomes).enumerate() {
        let name = format!("sample.in #{}", k + 1);
        let item = Figure {
            input: 1,
            number: k + 1,
            name: &name,
            content: Ok(picture_of(p, o, &name)),
            time: Some(Duration::from_micros(1500)),
        };
        page.add(&item).unwrap();
        expected.push((k + 1, p, o.solution()));
    }
    page.add(&Figure {
        input: 1,
        number: 7,
        name: "blank 2x2",
        content: Ok(picture_of(&blank, &blank_outcome, "blank")),
        time: None,
    })
    .unwrap();
    page.add(&Figure {
        input: 1,
        number: 8,
        name: "bad\u{1}line",
        content: Err("8:31: puzz.link body ends after 97 of 100 cells <oops>"),
        time: None,
    })
    .unwrap();
    let html = String::from_utf8(page.finish().unwrap()).unwrap();
    let saved = std::env::temp_dir().join("slink-formats-page.html");
    std::fs::write(&saved, &html).unwrap();
    println!("page saved to {}", saved.display());
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..Default::default()
    };
    let doc =
        roxmltree::Document::parse_with_options(&html, options).unwrap_or_else(|e| panic!("{e}"));
    assert!(!html.contains("<script"));
    assert!(!html.contains("http://") || !html.contains("src="));
    let figures: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("figure"))
        .collect();
    assert_eq!(figures.len(), 8);
    for (number, p, lines) in expected {
        let fig = figures[number - 1];
        assert_eq!(fig.attribute("id"), Some(format!("d{number}").as_str()));
        assert_eq!(fig.attribute("class"), Some("solved"));
        let caption = fig
            .children()
            .find(|n| n.has_tag_name("figcaption"))
            .unwrap();
        assert_eq!(
            caption.text(),
            Some(format!("#{number} sample.in #{number} · solved · 1.5 ms").as_str())
        );
        let svg_node = fig.children().find(|n| n.has_tag_name("svg")).unwrap();
        check_svg(svg_node, p, lines, 0.0);
    }
    assert_eq!(figures[6].attribute("class"), Some("unsure"));
    assert_eq!(figures[7].attribute("class"), Some("unsure"));
    let err = figures[7]
        .descendants()
        .find(|n| n.attribute("class") == Some("err"))
        .unwrap();
    assert_eq!(
        err.text(),
        Some("8:31: puzz.link body ends after 97 of 100 cells <oops>")
    );
    // The summary links to exactly the two data sets not solved uniquely.
    let nav = doc.descendants().find(|n| n.has_tag_name("nav")).unwrap();
    let links: Vec<&str> = nav
        .descendants()
        .filter_map(|n| n.attribute("href"))
        .collect();
    assert_eq!(links, ["#d7", "#d8"]);
    let summary = nav
        .children()
        .find(|n| n.has_tag_name("p"))
        .unwrap()
        .text()
        .unwrap();
    assert!(
        summary.starts_with("8 data sets: 6 solved, 1 multiple, 1 invalid; solving time 9.0 ms"),
        "{summary}"
    );
    let title = doc.descendants().find(|n| n.has_tag_name("title")).unwrap();
    assert_eq!(title.text(), Some("sample.in & <friends>"));
}

#[test]
fn html_stays_light_for_big_runs() {
    // 200 20x20 puzzles: under 4 kB a picture.
    let mut rng = 12345u64;
    let mut page = Page::new(Vec::new(), "big").unwrap();
    let mut solver = Solver::default();
    let p = blank_puzzles()
        .into_iter()
        .find(|p| p.rows() >= 10)
        .unwrap();
    let outcome = solver.solve(&p).clone();
    for k in 0..200 {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let item = Figure {
            input: 1,
            number: k + 1,
            name: "x",
            content: Ok(picture_of(&p, &outcome, "")),
            time: Some(Duration::from_nanos(rng >> 40)),
        };
        page.add(&item).unwrap();
    }
    let html = page.finish().unwrap();
    let per = html.len() / 200;
    let cells = p.rows() * p.cols();
    assert!(
        per < 20 * cells + 1500,
        "{per} bytes a picture of {cells} cells"
    );
}

/// An SVG document rendered by resvg at its own size, saved as
/// `/tmp/slink-formats-NAME.png` to be looked at; and whether a font was
/// found for its text.
fn render(text: &str, name: &str) -> (resvg::tiny_skia::Pixmap, bool) {
    let mut options = resvg::usvg::Options::default();
    let fonts = options.fontdb_mut();
    fonts.load_system_fonts();
    // fontdb's sans-serif is Arial: take DejaVu Sans (Debian's), or any.
    let family = fonts
        .faces()
        .flat_map(|f| f.families.iter().map(|(name, _)| name.clone()))
        .min_by_key(|name| name != "DejaVu Sans");
    match &family {
        Some(name) => fonts.set_sans_serif_family(name.clone()),
        None => println!("note: no system fonts: the clues are not drawn"),
    }
    let tree = resvg::usvg::Tree::from_str(text, &options).unwrap();
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    let png = std::env::temp_dir().join(format!("slink-formats-{name}.png"));
    pixmap.save_png(&png).unwrap();
    println!("{name} saved to {}", png.display());
    (pixmap, family.is_some())
}

#[test]
fn unsure_pictures_are_marked_in_red() {
    let p = Puzzle::from_rows("3.../..../..../....").unwrap();
    let mut solver = Solver::default();
    let outcome = solver.solve(&p).clone();
    assert_eq!(outcome.status(), crate::Status::Multiple);
    let picture = picture_of(&p, &outcome, "open 4x4");
    let (pixmap, _) = render(&svg::to_string(&picture), "unsure");
    // The frame's top edge, 1 unit in from the picture's edge, below the label.
    let scale = pixmap.height() / (4 * svg::CELL as u32 + 20);
    let red = (2..pixmap.width() - 2)
        .filter_map(|x| pixmap.pixel(x, 11 * scale))
        .filter(|c| c.red() > 150 && c.green() < 80 && c.blue() < 80)
        .count();
    assert!(red > 10, "{red} red pixels on the frame");
}

#[test]
fn svg_renders_to_pixels() {
    let p = blank_puzzles()
        .into_iter()
        .find(|p| p.rows() >= 5 && p.cols() >= 5)
        .unwrap();
    let mut solver = Solver::default();
    let outcome = solver.solve(&p).clone();
    let lines = outcome.solution().unwrap().clone();
    let picture = picture_of(&p, &outcome, "sample.in");
    let (pixmap, fonts) = render(&svg::to_string(&picture), "picture");
    // Pixels per unit: the SVG is drawn at its own width and height.
    // (The height: the width may be the label's.)
    let scale = f64::from(pixmap.height()) / (p.rows() * svg::CELL + 20) as f64;
    let at = |x: f64, y: f64| {
        let c = pixmap
            .pixel((x * scale) as u32, ((y + 10.0) * scale) as u32)
            .unwrap();
        u32::from(c.red()) + u32::from(c.green()) + u32::from(c.blue())
    };
    let cell = svg::CELL as f64;
    // The middle of every line edge is dark; the middle of an edge that is
    // not a line, far from any line, is light.
    let mut dark = 0;
    for i in 0..=p.rows() {
        for j in 0..p.cols() {
            let (x, y) = (5.0 + (j as f64 + 0.5) * cell, 5.0 + i as f64 * cell);
            if lines.h(i, j) {
                assert!(at(x, y) < 200, "H({i}, {j}) not drawn");
                dark += 1;
            }
        }
    }
    assert!(dark > 0);
    // An empty cell's centre, with no clue in it, is light.
    let (i, j) = (0..p.rows())
        .flat_map(|i| (0..p.cols()).map(move |j| (i, j)))
        .find(|&(i, j)| p.clue(i, j) == Clue::Blank)
        .expect("a blank cell");
    let (x, y) = (5.0 + (j as f64 + 0.5) * cell, 5.0 + (i as f64 + 0.5) * cell);
    assert!(at(x, y) > 600, "centre of cell ({i}, {j}) is not light");
    if !fonts {
        return;
    }
    // A clue's digit puts dark pixels in its cell.
    let (i, j) = (0..p.rows())
        .flat_map(|i| (0..p.cols()).map(move |j| (i, j)))
        .find(|&(i, j)| p.clue(i, j) != Clue::Blank && p.clue(i, j) != Clue::Number(1))
        .expect("a clue");
    let darkest = (0..20)
        .flat_map(|a| (0..20).map(move |b| (a, b)))
        .map(|(a, b)| {
            at(
                5.0 + j as f64 * cell + 2.0 + a as f64 * 0.3,
                5.0 + i as f64 * cell + 2.0 + b as f64 * 0.3,
            )
        })
        .min()
        .unwrap();
    assert!(darkest < 300, "clue of cell ({i}, {j}) not drawn");
}

#[test]
fn svg_file_names_stay_in_their_folder() {
    assert_eq!(svg::file_name("puzzles", 7), "puzzles-7.svg");
    assert_eq!(svg::file_name("../a/b\\c\u{1}", 1), "_.._a_b_c_-1.svg");
    assert_eq!(svg::file_name("", 2), "_-2.svg");
}

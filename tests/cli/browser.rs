//! The pictures as a browser shows them (issue 30 item 9): an SVG of
//! `slink solve --format svg` and the first figure of `slink solve
//! --format html`, opened in a real headless browser (Debian's
//! `chromium`), screenshot to PNG and compared with what slink meant to
//! draw: the loop's stroke at the midpoint of every edge of the solution,
//! and no stroke at the midpoint of any edge it crosses. Skipped, with
//! the reason printed, only when no chromium binary is on the PATH
//! (`.ci/run` installs it).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_slink");

/// The puzzle drawn: sample data set 4 (3x5, one solution, lines and
/// crosses on every side).
const PUZZLE: &str = "3 5\n3 3 3 2 3\n1 2 1 3 2\n3 3 2 2 2\n0 0\n";

/// A page's puzzles: [`PUZZLE`] first, then the 2x2 of 2s (its figure to
/// the right of the first).
const PAGE: &str = "3 5\n3 3 3 2 3\n1 2 1 3 2\n3 3 2 2 2\n2 2\n2 2\n2 2\n0 0\n";

/// The picture's geometry (`src/run/pictures/svg.rs`), in its units: the
/// margin around the board, a cell's side, the label's height above the
/// board of a standalone SVG; and pixels per unit.
const MARGIN: f64 = 5.0;
const CELL: f64 = slink::pictures::svg::CELL as f64;
const LABEL: f64 = 10.0;
const SCALE: f64 = 2.0;

/// The loop's colour, `svg::LOOP_COLOR` (#102a5c).
const LOOP: [u8; 3] = [0x10, 0x2a, 0x5c];

/// The first chromium binary on the PATH.
fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|p| p.is_file())
}

/// A scratch directory of this test, made empty.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("slink-browser-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `slink solve --format FORMAT` of `puzzles`, written to `dir/NAME`.
fn draw(dir: &Path, format: &str, puzzles: &str, name: &str) -> PathBuf {
    let input = dir.join("puzzles.in");
    std::fs::write(&input, puzzles).unwrap();
    let run = Command::new(BIN)
        .args(["solve", "-q", "--format", format])
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let page = dir.join(name);
    std::fs::write(&page, run.stdout).unwrap();
    page
}

/// A screenshot of `page` in a `width x height` window, one pixel per CSS
/// pixel, taken by `chromium` (given a minute).
fn screenshot(chromium: &Path, page: &Path, (width, height): (u32, u32)) -> Image {
    let dir = page.parent().unwrap();
    let png = dir.join("shot.png");
    let _ = std::fs::remove_file(&png);
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .args(["--force-device-scale-factor=1", "--no-first-run"])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("file://{}", page.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium took over a minute on {}", page.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Image::decode(&png)
}

/// A decoded screenshot: RGB pixels, row by row.
struct Image {
    width: usize,
    height: usize,
    rgb: Vec<[u8; 3]>,
}

impl Image {
    fn decode(path: &Path) -> Image {
        let file = std::fs::File::open(path)
            .unwrap_or_else(|e| panic!("no screenshot {}: {e}", path.display()));
        let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let channels = info.color_type.samples();
        assert!(channels >= 3, "a colour screenshot: {:?}", info.color_type);
        let rgb = buf[..info.buffer_size()]
            .chunks_exact(channels)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        Image {
            width: info.width as usize,
            height: info.height as usize,
            rgb,
        }
    }

    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.rgb[y * self.width + x]
    }

    /// Whether the pixel at `(x, y)` is the loop's colour (within what
    /// smoothing leaves of it inside a stroke 4 pixels wide).
    fn is_loop(&self, x: usize, y: usize) -> bool {
        let p = self.at(x, y);
        p.iter().zip(LOOP).all(|(&a, b)| a.abs_diff(b) <= 24)
    }

    /// The pixels of the loop drawn leftmost: those of the loop's colour
    /// joined to the leftmost one (a loop is one connected stroke).
    fn leftmost_loop(&self) -> Vec<(usize, usize)> {
        let start = (0..self.width)
            .flat_map(|x| (0..self.height).map(move |y| (x, y)))
            .find(|&(x, y)| self.is_loop(x, y))
            .expect("the loop's colour is on the screen");
        let mut seen = vec![false; self.width * self.height];
        let (mut todo, mut found) = (vec![start], Vec::new());
        seen[start.1 * self.width + start.0] = true;
        while let Some((x, y)) = todo.pop() {
            found.push((x, y));
            let next = [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ];
            for (a, b) in next {
                if a < self.width && b < self.height && !seen[b * self.width + a] {
                    seen[b * self.width + a] = true;
                    if self.is_loop(a, b) {
                        todo.push((a, b));
                    }
                }
            }
        }
        found
    }
}

/// Where the drawing of `s` lies on the screen, from the box around its
/// loop's pixels: the screen pixel of picture unit `(0, 0)` (the board's
/// top left is `MARGIN` units in) and the pixels per unit across and down.
fn placement(img: &Image, s: &slink::Solution) -> ((f64, f64), (f64, f64)) {
    let pixels = img.leftmost_loop();
    let (x0, x1) = (
        pixels.iter().map(|p| p.0).min(),
        pixels.iter().map(|p| p.0).max(),
    );
    let (y0, y1) = (
        pixels.iter().map(|p| p.1).min(),
        pixels.iter().map(|p| p.1).max(),
    );
    // The vertices the loop reaches furthest out, in units; the stroke
    // (2 units wide, round caps) reaches one unit beyond them.
    let vertices: Vec<(usize, usize)> = s
        .lines()
        .flat_map(|e| {
            let (i, j) = (e.row, e.col);
            match e.plane {
                slink::Plane::H => [(i, j), (i, j + 1)],
                slink::Plane::V => [(i, j), (i + 1, j)],
            }
        })
        .collect();
    let unit = |k: usize| MARGIN + k as f64 * CELL;
    let (left, right) = (
        unit(vertices.iter().map(|v| v.1).min().unwrap()) - 1.0,
        unit(vertices.iter().map(|v| v.1).max().unwrap()) + 1.0,
    );
    let (top, bottom) = (
        unit(vertices.iter().map(|v| v.0).min().unwrap()) - 1.0,
        unit(vertices.iter().map(|v| v.0).max().unwrap()) + 1.0,
    );
    // The box's last pixels are inside it: one more to its far side.
    let across = (x1.unwrap() + 1 - x0.unwrap()) as f64 / (right - left);
    let down = (y1.unwrap() + 1 - y0.unwrap()) as f64 / (bottom - top);
    let origin = (
        x0.unwrap() as f64 - left * across,
        y0.unwrap() as f64 - top * down,
    );
    (origin, (across, down))
}

/// Checks the screenshot against the loop slink drew: at the midpoint of
/// each edge, the loop's colour exactly where `s` has a line. Returns the
/// drawing's placement ([`placement`]).
fn check_edges(img: &Image, s: &slink::Solution, what: &str) -> (f64, f64) {
    let (origin, scale) = placement(img, s);
    for k in [scale.0, scale.1] {
        assert!((k - SCALE).abs() < 0.1, "{what}: {scale:?} pixels per unit");
    }
    let pixel = |ux: f64, uy: f64| {
        let (x, y) = (origin.0 + ux * scale.0, origin.1 + uy * scale.1);
        (x.floor() as usize, y.floor() as usize)
    };
    let (rows, cols) = (s.rows(), s.cols());
    let (mut lines, mut crosses) = (0, 0);
    for i in 0..=rows {
        for j in 0..=cols {
            let (x, y) = (MARGIN + j as f64 * CELL, MARGIN + i as f64 * CELL);
            let edges = [
                (j < cols, "H", (x + CELL / 2.0, y), j < cols && s.h(i, j)),
                (i < rows, "V", (x, y + CELL / 2.0), i < rows && s.v(i, j)),
            ];
            for (on_board, plane, (ux, uy), line) in edges {
                if !on_board {
                    continue;
                }
                let (px, py) = pixel(ux, uy);
                let got = img.is_loop(px, py);
                assert_eq!(
                    got,
                    line,
                    "{what}: edge {plane}({}, {}) at pixel ({px}, {py}) is {:?}",
                    i + 1,
                    j + 1,
                    img.at(px, py)
                );
                if line {
                    lines += 1;
                } else {
                    crosses += 1;
                }
            }
        }
    }
    assert!(
        lines > 10 && crosses > 10,
        "{what}: {lines} lines, {crosses} crosses"
    );
    origin
}

#[test]
#[cfg_attr(
    not(chromium),
    ignore = "needs chromium on the PATH (apt-get install chromium; .ci/run installs it)"
)]
fn the_svg_and_the_html_page_show_the_loop_where_its_edges_are() {
    let chromium = chromium().expect("chromium was on the PATH when the tests were built");
    let p = slink::Puzzle::from_rows("33323/12132/33222").unwrap(); // [`PUZZLE`]
    let outcome = slink::solve(&p);
    assert_eq!(outcome.status(), slink::Status::Solved);
    let s = outcome.solution().unwrap();
    let dir = scratch("svg");
    let svg = draw(&dir, "svg", PUZZLE, "puzzle.svg");
    let img = screenshot(&chromium, &svg, (300, 200));
    let origin = check_edges(&img, s, "svg");
    // A standalone SVG is drawn at the window's top left, its board below
    // the label.
    let want = (0.0, LABEL * SCALE);
    assert!(
        (origin.0 - want.0).abs() < 1.0 && (origin.1 - want.1).abs() < 1.0,
        "svg at {origin:?}, not {want:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
    let dir = scratch("html");
    let html = draw(&dir, "html", PAGE, "page.html");
    let img = screenshot(&chromium, &html, (600, 400));
    let origin = check_edges(&img, s, "html");
    // The figure lies below the page's heading and summary.
    assert!(origin.1 > 40.0, "html figure at {origin:?}");
    let _ = std::fs::remove_dir_all(dir);
}

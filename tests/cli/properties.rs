//! Property tests (proptest) of the library:
//!
//! - a random loop (the boundary of a random simply connected region of
//!   cells, from the tests' shared grower, checked to be one by this
//!   file's own code), its clues (some blanked),
//!   solved: the outcome is `Unique` or `Multiple`, never anything else
//!   (the loop is a solution); every solution is one loop meeting every
//!   clue, checked by `slink::verify` and by the tests' own checker
//!   (`common::check_loop`, which shares no code with slink); a
//!   unique solution is the loop itself; with every cell clued, the found
//!   loop has the same clues as the original one;
//! - any bytes given to the judge-format `Reader` (its spans, then each
//!   decoded) give data sets or errors, never a panic, and every error
//!   names a place in the input (line and column from 1) and the data set
//!   being read;
//! - well-formed input written with any of the tolerated layouts (CRLF,
//!   tabs, runs of spaces, blank lines, a byte order mark, no final
//!   newline, no `0 0`) reads back as the puzzles written;
//! - the judge drawing of a solved puzzle, read back by the tests' own
//!   reader (`common::parse_drawing`), gives the same loop and the same
//!   clues.
//!
//! Case counts are modest so that the suite stays fast.
use crate::common::{check_loop, check_one_loop, grid_of, parse_drawing, Edges, Rng};
use crate::common::{random_region, Shape};

use proptest::prelude::*;
use proptest::test_runner::Config;
use slink::formats::{Ending, Format, Reader};
use slink::{Clue, Options, Puzzle, Solution, Solver, Status};

// ---------------------------------------------------------------------
// A random loop: the boundary of a simply connected region, grown by the
// tests' shared grower and checked here independently.

/// A set of cells of an `r x c` board.
#[derive(Clone, Debug)]
struct Region {
    r: usize,
    c: usize,
    inside: Vec<bool>,
}

impl Region {
    /// Whether `(i, j)` (possibly outside the board) is in the region.
    fn has(&self, i: isize, j: isize) -> bool {
        i >= 0
            && j >= 0
            && (i as usize) < self.r
            && (j as usize) < self.c
            && self.inside[i as usize * self.c + j as usize]
    }

    /// Whether the region's boundary is one simple closed curve: the
    /// region is non-empty and 4-connected, its complement together with
    /// the outside of the board is 4-connected (no hole), and no 2x2
    /// block holds two region cells on one diagonal only (the boundary
    /// would touch itself at that vertex).
    fn is_disc(&self) -> bool {
        let (r, c) = (self.r as isize, self.c as isize);
        for i in -1..r {
            for j in -1..c {
                let (a, b) = (self.has(i, j), self.has(i, j + 1));
                let (d, e) = (self.has(i + 1, j), self.has(i + 1, j + 1));
                if a == e && b == d && a != b {
                    return false;
                }
            }
        }
        // Flood fill on the board padded by one ring of outside cells.
        let (pr, pc) = (self.r + 2, self.c + 2);
        let fill = |want: bool| -> usize {
            let start = (0..pr * pc)
                .find(|&k| self.has((k / pc) as isize - 1, (k % pc) as isize - 1) == want);
            let Some(start) = start else { return 0 };
            let mut seen = vec![false; pr * pc];
            let mut stack = vec![start];
            seen[start] = true;
            let mut n = 0;
            while let Some(k) = stack.pop() {
                n += 1;
                let (i, j) = (k / pc, k % pc);
                let mut next = Vec::with_capacity(4);
                if i > 0 {
                    next.push(k - pc);
                }
                if i + 1 < pr {
                    next.push(k + pc);
                }
                if j > 0 {
                    next.push(k - 1);
                }
                if j + 1 < pc {
                    next.push(k + 1);
                }
                for m in next {
                    let cell = self.has((m / pc) as isize - 1, (m % pc) as isize - 1);
                    if !seen[m] && cell == want {
                        seen[m] = true;
                        stack.push(m);
                    }
                }
            }
            n
        };
        let cells = self.inside.iter().filter(|&&b| b).count();
        cells > 0 && fill(true) == cells && fill(false) == pr * pc - cells
    }

    /// A random disc of about `target` cells (fewer if no cell can be
    /// added) from the tests' shared grower, in one of its three shapes,
    /// checked to be a disc by this file's own `is_disc`.
    fn grow(r: usize, c: usize, target: usize, rng: &mut Rng) -> Region {
        let shape = [Shape::Blobby, Shape::Thin, Shape::Winding][rng.index(3)];
        let g = Region {
            r,
            c,
            inside: random_region(r, c, shape, target, rng),
        };
        assert!(g.is_disc());
        g
    }

    /// The region's boundary.
    fn boundary(&self) -> Edges {
        Edges::around(self.r, self.c, &self.inside)
    }
}

/// The puzzle of a loop: every cell clued, then the cells with a `true`
/// in `blank` (cycled) blanked.
fn puzzle_of(e: &Edges, blank: &[bool]) -> Puzzle {
    let clues: Vec<Clue> = (0..e.rows * e.cols)
        .map(|k| {
            if !blank.is_empty() && blank[k % blank.len()] {
                Clue::Blank
            } else {
                Clue::Number(e.lines_around(k / e.cols, k % e.cols))
            }
        })
        .collect();
    Puzzle::new(e.rows, e.cols, &clues).expect("a valid puzzle")
}

fn config(cases: u32) -> Config {
    Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    }
}

/// Solves the puzzle of `region`'s boundary and checks the outcome.
fn check_solve(region: &Region, blank: &[bool]) -> Result<(), TestCaseError> {
    let original = region.boundary();
    prop_assert_eq!(
        check_one_loop(&original),
        Ok(()),
        "the test's own loop: {:?}",
        region
    );
    let p = puzzle_of(&original, blank);
    let grid = grid_of(&p);
    prop_assert_eq!(check_loop(&original, &grid), Ok(()));
    let fully_clued = p.blanks() == 0;
    let mut solver = Solver::new(Options::default());
    let outcome = solver.solve(&p);
    let status = outcome.status();
    prop_assert!(
        matches!(status, Status::Solved | Status::Multiple),
        "{status:?} for a puzzle with a solution:\n{p:?}"
    );
    let want = if status == Status::Solved { 1 } else { 2 };
    prop_assert_eq!(outcome.solutions().len(), want, "{:?}", p);
    for s in outcome.solutions() {
        prop_assert_eq!(slink::verify(&p, s), Ok(()), "{:?}", p);
        let found = Edges::of_solution(s);
        prop_assert_eq!(
            check_loop(&found, &grid),
            Ok(()),
            "not a solution by the tests' own check:\n{:?}",
            p
        );
        if fully_clued {
            for i in 0..p.rows() {
                for j in 0..p.cols() {
                    prop_assert_eq!(found.lines_around(i, j), original.lines_around(i, j));
                }
            }
        }
    }
    match status {
        Status::Solved => prop_assert_eq!(&Edges::of_solution(&outcome.solutions()[0]), &original),
        _ => prop_assert_ne!(&outcome.solutions()[0], &outcome.solutions()[1]),
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(400))]

    #[test]
    fn a_random_loop_with_its_clues_solves(
        r in 1usize..=8,
        c in 1usize..=8,
        fill in 1usize..=100,
        seed in any::<u64>(),
    ) {
        // A loop around a single cell would need a clue of 4.
        prop_assume!(r * c >= 2);
        let mut rng = Rng::new(seed);
        let region = Region::grow(r, c, ((r * c * fill).div_ceil(100)).max(2), &mut rng);
        check_solve(&region, &[])?;
    }

    #[test]
    fn a_random_loop_with_some_clues_blank_solves(
        r in 1usize..=7,
        c in 1usize..=7,
        fill in 1usize..=100,
        seed in any::<u64>(),
        blank in proptest::collection::vec(proptest::bool::weighted(0.3), 1..=49),
    ) {
        // A loop around a single cell would need a clue of 4.
        prop_assume!(r * c >= 2);
        let mut rng = Rng::new(seed);
        let region = Region::grow(r, c, ((r * c * fill).div_ceil(100)).max(2), &mut rng);
        check_solve(&region, &blank)?;
    }
}

proptest! {
    #![proptest_config(config(40))]

    /// Boards whose rows take one, two and four machine words, across
    /// the word boundaries.
    #[test]
    fn a_random_loop_on_a_wide_board_solves(
        r in 1usize..=4,
        c in prop::sample::select(vec![62usize, 63, 64, 65, 126, 127, 128, 129, 191, 192, 193, 254, 255]),
        seed in any::<u64>(),
    ) {
        let mut rng = Rng::new(seed);
        let region = Region::grow(r, c, r * c / 2, &mut rng);
        prop_assert!(region.inside.iter().filter(|&&b| b).count() >= 2);
        check_solve(&region, &[])?;
    }
}

// ---------------------------------------------------------------------
// The parser on any bytes.

/// Lines of `src` (split at `\n`; a final line without one counts).
fn lines_of(src: &[u8]) -> Vec<&[u8]> {
    src.split(|&b| b == b'\n').collect()
}

/// Reads every data set of `src`; checks the errors' places and numbers.
/// Returns the puzzles read (in order, `None` for a malformed one) and
/// how the input ended.
fn read_all(src: &[u8]) -> Result<(Vec<Option<Puzzle>>, Ending), TestCaseError> {
    let lines = lines_of(src);
    let bom = usize::from(src.starts_with(b"\xef\xbb\xbf")) * 3;
    let place_ok = |line: usize, col: usize| {
        // A place in the input, or just past the end of a line.
        line >= 1
            && col >= 1
            && line <= lines.len()
            && col - 1 <= lines[line - 1].len() - if line == 1 { bom } else { 0 }
    };
    let mut reader = Reader::new(src, Format::Judge);
    let mut puzzle = Puzzle::default();
    let mut out = Vec::new();
    let mut number = 0;
    for span in reader.spans() {
        number += 1;
        prop_assert_eq!(span.place.number, number);
        prop_assert!(span.rows >= 1 && span.cols >= 1);
        prop_assert!(span.start <= span.end && span.end <= src.len());
        prop_assert!(place_ok(span.place.line, span.place.col));
        match span.decode(src, &mut puzzle) {
            Ok(()) => {
                prop_assert_eq!((puzzle.rows(), puzzle.cols()), (span.rows, span.cols));
                out.push(Some(puzzle.clone()));
            }
            Err(e) => {
                prop_assert!(place_ok(e.line, e.col), "{e:?} outside the input");
                prop_assert!(e.line > span.place.line, "{:?} {:?}", e, span);
                prop_assert_eq!(e.data_set, number);
                out.push(None);
            }
        }
    }
    // A data set that cannot be delimited ends the reading.
    let failed = match reader.take_error() {
        Some((span, e)) => {
            prop_assert!(place_ok(e.line, e.col), "{e:?} outside the input");
            prop_assert_eq!(e.data_set, number + 1, "{:?}", e);
            prop_assert_eq!(span.place.number, number + 1, "{:?}", span);
            prop_assert!(!e.message.is_empty());
            out.push(None);
            true
        }
        None => false,
    };
    let ending = reader.ending();
    prop_assert!(ending != Ending::NotYet);
    prop_assert_eq!(ending == Ending::Error, failed);
    Ok((out, ending))
}

/// Bytes that look like the judge format more often than random bytes do.
fn judge_like() -> impl Strategy<Value = Vec<u8>> {
    let token = prop_oneof![
        4 => prop::sample::select(vec![
            &b"0"[..], b"1", b"2", b"3", b".", b"-", b" ", b" ", b"\n", b"\n", b"\r\n", b"\t",
        ]),
        1 => prop::sample::select(vec![
            &b"4"[..], b"x", b"\0", b"\xff", b"\xef\xbb\xbf", b"0 0\n", b"1 1\n", b"2 2\n",
            b"3 3\n", b"255 1\n", b"1024 255\n", b"1025 1\n", b"18446744073709551616",
            b"99999999999999999999999999", b"-1", b"12", b"\x0b", b"\x0c",
        ]),
    ];
    proptest::collection::vec(token, 0..400).prop_map(|t| t.concat())
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn any_bytes_parse_to_values_or_errors(src in proptest::collection::vec(any::<u8>(), 0..600)) {
        read_all(&src)?;
    }

    #[test]
    fn judge_like_bytes_parse_to_values_or_errors(src in judge_like()) {
        read_all(&src)?;
    }
}

// ---------------------------------------------------------------------
// Well-formed input in every tolerated layout.

/// A random puzzle: `r x c`, clues 0-3 or blank.
fn any_puzzle() -> impl Strategy<Value = Puzzle> {
    (1usize..=6, 1usize..=6).prop_flat_map(|(r, c)| {
        proptest::collection::vec(0u8..5, r * c).prop_map(move |v| {
            let clues: Vec<Clue> = v
                .iter()
                .map(|&n| if n == 4 { Clue::Blank } else { Clue::Number(n) })
                .collect();
            Puzzle::new(r, c, &clues).expect("a valid size")
        })
    })
}

/// How to lay out the text.
#[derive(Clone, Debug)]
struct Layout {
    crlf: bool,
    bom: bool,
    /// Separators between clues and around lines, cycled.
    gaps: Vec<&'static str>,
    /// Blank lines after each line, cycled.
    blank_lines: Vec<usize>,
    terminator: bool,
    final_newline: bool,
    dash_for_blank: bool,
}

fn any_layout() -> impl Strategy<Value = Layout> {
    (
        any::<bool>(),
        any::<bool>(),
        proptest::collection::vec(
            prop::sample::select(vec![" ", "  ", "\t", " \t ", "   "]),
            1..5,
        ),
        proptest::collection::vec(prop::sample::select(vec![0usize, 0, 0, 1, 2]), 1..5),
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(crlf, bom, gaps, blank_lines, terminator, final_newline, dash)| Layout {
                crlf,
                bom,
                gaps,
                blank_lines,
                terminator,
                final_newline,
                dash_for_blank: dash,
            },
        )
}

/// The puzzles written as judge input in `layout`.
fn write(puzzles: &[Puzzle], layout: &Layout) -> Vec<u8> {
    let nl = if layout.crlf { "\r\n" } else { "\n" };
    let mut g = 0;
    let mut gap = || {
        g += 1;
        (g, layout.gaps[g % layout.gaps.len()])
    };
    let mut lines: Vec<String> = Vec::new();
    for p in puzzles {
        lines.push(format!("{}{}{}{}", gap().1, p.rows(), gap().1, p.cols()));
        for i in 0..p.rows() {
            let mut line = String::new();
            let (n, lead) = gap();
            if n % 3 == 0 {
                line.push_str(lead);
            }
            for j in 0..p.cols() {
                if j > 0 {
                    line.push_str(gap().1);
                }
                line.push(match p.clue(i, j) {
                    Clue::Number(n) => char::from(b'0' + n),
                    Clue::Blank if layout.dash_for_blank => '-',
                    Clue::Blank => '.',
                });
            }
            let (n, trail) = gap();
            if n % 2 == 0 {
                line.push_str(trail);
            }
            lines.push(line);
        }
    }
    if layout.terminator {
        lines.push("0 0".into());
        lines.push("trailing text after 0 0 is ignored: 4 x".into());
    }
    let mut text = String::new();
    if layout.bom {
        text.push('\u{feff}');
    }
    for (k, line) in lines.iter().enumerate() {
        text.push_str(line);
        text.push_str(nl);
        for _ in 0..layout.blank_lines[k % layout.blank_lines.len()] {
            text.push_str(nl);
        }
    }
    if !layout.final_newline {
        while text.ends_with(['\r', '\n']) {
            text.pop();
        }
    }
    text.into_bytes()
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn tolerated_layouts_read_back_the_puzzles_written(
        puzzles in proptest::collection::vec(any_puzzle(), 1..6),
        layout in any_layout(),
    ) {
        let src = write(&puzzles, &layout);
        let (read, ending) = read_all(&src)?;
        let read: Vec<Puzzle> = read
            .into_iter()
            .map(|p| p.ok_or_else(|| TestCaseError::fail(format!(
                "a malformed data set in {:?}",
                String::from_utf8_lossy(&src)
            ))))
            .collect::<Result<_, _>>()?;
        prop_assert_eq!(&read, &puzzles, "{:?}", String::from_utf8_lossy(&src));
        let want = if layout.terminator { Ending::Terminator } else { Ending::End };
        prop_assert_eq!(ending, want);
    }
}

// ---------------------------------------------------------------------
// The judge drawing, read back.

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn the_drawing_of_a_solved_puzzle_reads_back_as_its_loop(
        r in 1usize..=9,
        c in 1usize..=9,
        fill in 1usize..=100,
        seed in any::<u64>(),
        blank in proptest::collection::vec(proptest::bool::weighted(0.2), 1..=20),
    ) {
        // A loop around a single cell would need a clue of 4.
        prop_assume!(r * c >= 2);
        let mut rng = Rng::new(seed);
        let region = Region::grow(r, c, ((r * c * fill).div_ceil(100)).max(2), &mut rng);
        let p = puzzle_of(&region.boundary(), &blank);
        let mut solver = Solver::default();
        let outcome = solver.solve(&p);
        let s = outcome.solution().expect("a puzzle made from a loop has a solution");
        let mut drawing = Vec::new();
        slink::draw(&p, s, &mut drawing);
        prop_assert_eq!(drawing.len(), slink::drawing_len(r, c));
        let text = std::str::from_utf8(&drawing)
            .map_err(|e| TestCaseError::fail(format!("the drawing is not UTF-8: {e}")))?;
        let (edges, printed) = parse_drawing(text, r, c)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&edges, &Edges::of_solution(s));
        prop_assert_eq!(check_loop(&edges, &grid_of(&p)), Ok(()));
        for i in 0..r {
            for j in 0..c {
                let want = match p.clue(i, j) {
                    Clue::Number(n) => b'0' + n,
                    Clue::Blank => b' ',
                };
                prop_assert_eq!(printed[i * c + j], want);
            }
        }
        // Appending draws after what is in the buffer, unchanged.
        let mut two = b"prefix\n".to_vec();
        slink::draw(&p, s, &mut two);
        prop_assert_eq!(&two[..7], b"prefix\n");
        prop_assert_eq!(&two[7..], &drawing[..]);
    }
}

#[test]
fn the_test_s_own_checks_can_fail() {
    // The region grower makes discs and the shared loop checker rejects
    // what is not one loop: two separate squares, a vertex of degree 4, a
    // path.
    let two = Region {
        r: 1,
        c: 3,
        inside: vec![true, false, true],
    };
    assert!(!two.is_disc());
    assert!(check_one_loop(&two.boundary()).is_err());
    let diagonal = Region {
        r: 2,
        c: 2,
        inside: vec![true, false, false, true],
    };
    assert!(!diagonal.is_disc());
    assert!(check_one_loop(&diagonal.boundary()).is_err());
    let ring = Region {
        r: 3,
        c: 3,
        inside: vec![true, true, true, true, false, true, true, true, true],
    };
    assert!(!ring.is_disc(), "a ring has a hole");
    let mut path = Edges::empty(1, 2);
    path.set_h(0, 0, true);
    assert!(check_one_loop(&path).is_err());
    let disc = Region {
        r: 2,
        c: 3,
        inside: vec![true, true, false, false, true, false],
    };
    assert!(disc.is_disc());
    assert_eq!(check_one_loop(&disc.boundary()), Ok(()));
    // The drawing reader rejects a wrong vertex glyph.
    let p = Puzzle::from_rows("22/22").expect("a puzzle");
    let mut s = Solution::new(2, 2);
    for k in 0..2 {
        s.set_h(0, k, true);
        s.set_h(2, k, true);
        s.set_v(k, 0, true);
        s.set_v(k, 2, true);
    }
    let mut d = Vec::new();
    slink::draw(&p, &s, &mut d);
    let mut d = String::from_utf8(d).expect("a UTF-8 drawing");
    assert!(parse_drawing(&d, 2, 2).is_ok());
    let at = d.find('+').expect("a corner");
    d.replace_range(at..at + 1, "-");
    assert!(parse_drawing(&d, 2, 2).is_err());
}

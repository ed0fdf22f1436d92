//! Tests of the solution check: against a reference written cell by cell,
//! on every kind of wrong solution.

use super::*;

fn square(rows: usize, cols: usize) -> Solution {
    let mut s = Solution::new(rows, cols);
    for j in 0..cols {
        s.set_h(0, j, true);
        s.set_h(rows, j, true);
    }
    for i in 0..rows {
        s.set_v(i, 0, true);
        s.set_v(i, cols, true);
    }
    s
}

#[test]
fn transpose_moves_every_bit_across_the_diagonal() {
    let mut rng = crate::util::rng::Rng::new(5);
    for _ in 0..20 {
        let mut rows = [0u64; 64];
        for row in rows.iter_mut() {
            for j in 0..64 {
                *row |= u64::from(rng.index(3) == 0) << j;
            }
        }
        let mut t = rows;
        transpose::<64>(&mut t);
        for (i, row) in rows.iter().enumerate() {
            for (j, column) in t.iter().enumerate() {
                assert_eq!(column >> i & 1, row >> j & 1, "bit ({i}, {j})");
            }
        }
        // The top left square alone, with nothing around it.
        fn corner<const N: usize>(rows: &[u64; 64], t: &[u64; 64]) {
            let keep = u64::MAX >> (64 - N);
            let mut small = [0; 64];
            for (s, r) in small.iter_mut().zip(&rows[..N]) {
                *s = r & keep;
            }
            transpose::<N>(&mut small);
            for (j, (got, column)) in small.iter().zip(t).enumerate() {
                let want = if j < N { column & keep } else { 0 };
                assert_eq!(*got, want, "{N}x{N}, column {j}");
            }
        }
        corner::<8>(&rows, &t);
        corner::<16>(&rows, &t);
        corner::<32>(&rows, &t);
    }
}

#[test]
fn other_end_follows_a_run_either_way() {
    // Runs of lines between positions 2 and 5, and 7 and 9.
    let x = 0b1_1001_1100;
    assert_eq!(other_end(x, 2), 5);
    assert_eq!(other_end(x, 5), 2);
    assert_eq!(other_end(x, 7), 9);
    assert_eq!(other_end(x, 9), 7);
    assert_eq!(other_end(1, 0), 1);
    assert_eq!(other_end(1 << 62, 63), 62);
}

#[test]
fn accepts_the_border_loop() {
    let p = Puzzle::from_rows("22/22").unwrap();
    assert_eq!(verify(&p, &square(2, 2)), Ok(()));
}

#[test]
fn rejects_wrong_clue_branch_and_two_loops() {
    let p = Puzzle::from_rows("23/22").unwrap();
    assert!(matches!(
        verify(&p, &square(2, 2)),
        Err(Invalid::Clue { row: 0, col: 1, .. })
    ));
    let blank = Puzzle::from_rows("...").unwrap();
    let mut s = Solution::new(1, 3);
    s.set_h(0, 0, true);
    assert!(matches!(verify(&blank, &s), Err(Invalid::Vertex { .. })));
    // Two unit squares at cells 0 and 2 of a 1x3 board.
    let mut two = Solution::new(1, 3);
    for j in [0, 2] {
        two.set_h(0, j, true);
        two.set_h(1, j, true);
        two.set_v(0, j, true);
        two.set_v(0, j + 1, true);
    }
    assert_eq!(verify(&blank, &two), Err(Invalid::SeveralLoops));
    assert_eq!(verify(&blank, &Solution::new(1, 3)), Err(Invalid::NoLoop));
}

/// Widths around the 64-bit word boundaries of the row words.
const WIDTHS: [usize; 5] = [63, 64, 65, 127, 128];

/// The puzzle whose clues are the line counts of `s` (4 included).
fn clues_of(s: &Solution) -> Puzzle {
    let (r, c) = (s.rows(), s.cols());
    let clues: Vec<Clue> = (0..r * c)
        .map(|k| Clue::Number(sides(s, k / c, k % c)))
        .collect();
    Puzzle::new(r, c, &clues).unwrap()
}

fn blank(rows: usize, cols: usize) -> Puzzle {
    Puzzle::new(rows, cols, &vec![Clue::Blank; rows * cols]).unwrap()
}

/// Adds the four sides of cell `(i, j)`.
fn unit(s: &mut Solution, i: usize, j: usize) {
    s.set_h(i, j, true);
    s.set_h(i + 1, j, true);
    s.set_v(i, j, true);
    s.set_v(i, j + 1, true);
}

use crate::puzzle::Clue;

#[test]
fn border_loops_across_word_boundaries_verify() {
    for c in WIDTHS {
        let s = square(3, c);
        assert_eq!(verify(&clues_of(&s), &s), Ok(()), "{c}");
        assert_eq!(verify(&blank(3, c), &s), Ok(()), "{c}");
    }
}

#[test]
fn wrong_clues_at_word_boundaries_are_found_where_they_are() {
    for c in WIDTHS {
        let s = square(3, c);
        for j in [0, 62, 63, 64, 65, c - 1].into_iter().filter(|&j| j < c) {
            for i in 0..3 {
                let mut p = clues_of(&s);
                let lines = sides(&s, i, j);
                let clue = (lines + 1) % 5;
                p.set_clue(i, j, Clue::Number(clue));
                let want = Invalid::Clue {
                    row: i,
                    col: j,
                    clue,
                    lines,
                };
                assert_eq!(verify(&p, &s), Err(want), "{c} ({i}, {j})");
            }
        }
    }
}

#[test]
fn bad_vertices_at_word_boundaries_are_found_where_they_are() {
    let vertex = |row, col, lines| Invalid::Vertex { row, col, lines };
    for c in WIDTHS {
        let p = blank(3, c);
        for j in [1, 62, 63, 64, 65, c - 1].into_iter().filter(|&j| j < c) {
            // A spur into the border loop: 3 lines at (0, j).
            let mut s = square(3, c);
            s.set_v(0, j, true);
            assert_eq!(verify(&p, &s), Err(vertex(0, j, 3)), "{c} {j}");
            // A lone edge: 1 line at (1, j) (and at (1, j + 1)).
            let mut s = Solution::new(3, c);
            s.set_h(1, j, true);
            assert_eq!(verify(&p, &s), Err(vertex(1, j, 1)), "{c} {j}");
            // Two unit squares touching at a corner: 4 lines at (1, j).
            let mut s = Solution::new(3, c);
            unit(&mut s, 0, j - 1);
            unit(&mut s, 1, j);
            assert_eq!(verify(&p, &s), Err(vertex(1, j, 4)), "{c} {j}");
        }
        // The last vertex of a row: a dead end at (2, c).
        let mut s = Solution::new(3, c);
        s.set_v(2, c, true);
        assert_eq!(verify(&p, &s), Err(vertex(2, c, 1)), "{c}");
    }
}

/// `p` with a random share of its cells blank.
fn some_blanks(rng: &mut crate::util::rng::Rng, mut p: Puzzle) -> Puzzle {
    let (r, c) = (p.rows(), p.cols());
    let share = rng.between(1, 4);
    for k in 0..r * c {
        if rng.index(4) < share {
            p.set_clue(k / c, k % c, Clue::Blank);
        }
    }
    p
}

#[test]
fn wrong_clues_next_to_blanks_are_found_in_every_eight() {
    // Blanks in the row, and in the next row's cells read with it (the
    // clues are read eight or 32 at a time, from each row's first).
    for c in [1, 5, 8, 9, 20, 31, 33, 63, 64, 65, 130] {
        let s = square(3, c);
        for j in 0..c {
            let mut p = clues_of(&s);
            for k in (0..c).filter(|&k| k != j) {
                p.set_clue(1, k, Clue::Blank);
                p.set_clue(2, k, Clue::Blank);
            }
            assert_eq!(verify(&p, &s), Ok(()), "{c} {j}");
            let lines = sides(&s, 1, j);
            let clue = (lines + 1) % 5;
            p.set_clue(1, j, Clue::Number(clue));
            let want = Invalid::Clue {
                row: 1,
                col: j,
                clue,
                lines,
            };
            assert_eq!(verify(&p, &s), Err(want), "{c} {j}");
            // In the last row, whose last eight reads past the clues.
            let mut p = clues_of(&s);
            p.set_clue(2, j, Clue::Number((sides(&s, 2, j) + 1) % 5));
            assert!(
                matches!(verify(&p, &s), Err(Invalid::Clue { row: 2, col, .. }) if col == j),
                "{c} {j}"
            );
        }
    }
}

#[test]
fn loops_inside_and_beside_others_are_several() {
    for (r, c) in [
        (5, 5),
        (5, 63),
        (5, 64),
        (7, 130),
        (63, 5),
        (64, 5),
        (70, 6),
    ] {
        let p = blank(r, c);
        // The border loop and a unit square inside it.
        let mut s = square(r, c);
        unit(&mut s, 2, 2);
        assert_eq!(verify(&p, &s), Err(Invalid::SeveralLoops), "{r}x{c}");
        // Two unit squares diagonal to each other, apart; then touching
        // at a corner (4 lines there: one loop cannot touch itself,
        // two cannot touch either).
        let mut s = Solution::new(r, c);
        unit(&mut s, 0, 0);
        unit(&mut s, 2, 2);
        assert_eq!(verify(&p, &s), Err(Invalid::SeveralLoops), "{r}x{c}");
        let mut s = Solution::new(r, c);
        unit(&mut s, 0, 0);
        unit(&mut s, 1, 1);
        let want = Invalid::Vertex {
            row: 1,
            col: 1,
            lines: 4,
        };
        assert_eq!(verify(&p, &s), Err(want), "{r}x{c}");
        // Two loops with as many runs each, the second below the first
        // (the walk starts in the first).
        let mut s = Solution::new(r, c);
        unit(&mut s, 0, 1);
        unit(&mut s, r - 1, 1);
        assert_eq!(verify(&p, &s), Err(Invalid::SeveralLoops), "{r}x{c}");
        // One loop that goes up and down several times: the boundary
        // of a comb whose teeth are columns 0, 2 and 4 from row 1 down,
        // joined by the last row.
        let s = boundary(r, c, |i, j| j < 5 && i > 0 && (j % 2 == 0 || i == r - 1));
        assert_eq!(verify(&clues_of(&s), &s), Ok(()), "{r}x{c}\n{s:?}");
    }
}

#[test]
fn boards_of_one_row_or_one_column() {
    for n in [1, 2, 3, 7, 62, 63, 64, 65, 130] {
        let row = square(1, n);
        for s in [row.clone(), row.transposed()] {
            let (r, c) = (s.rows(), s.cols());
            assert_eq!(verify(&clues_of(&s), &s), Ok(()), "{r}x{c}");
            assert_eq!(verify(&blank(r, c), &s), Ok(()), "{r}x{c}");
        }
        if n >= 3 {
            // Cell 0 and cells 2.. each in a loop.
            let mut two = square(1, n);
            two.set_h(0, 1, false);
            two.set_h(1, 1, false);
            two.set_v(0, 1, true);
            two.set_v(0, 2, true);
            for s in [two.clone(), two.transposed()] {
                let (r, c) = (s.rows(), s.cols());
                assert_eq!(verify(&clues_of(&s), &s), Err(Invalid::SeveralLoops));
                assert_eq!(
                    verify(&blank(r, c), &Solution::new(r, c)),
                    Err(Invalid::NoLoop)
                );
            }
        }
    }
}

#[test]
fn several_loops_and_no_loop_at_word_boundaries() {
    for c in WIDTHS {
        let p = blank(2, c);
        assert_eq!(verify(&p, &Solution::new(2, c)), Err(Invalid::NoLoop));
        for j in [0, 61, 62, 63, 64, c - 3]
            .into_iter()
            .filter(|&j| j + 2 < c)
        {
            let mut s = Solution::new(2, c);
            unit(&mut s, 1, j);
            unit(&mut s, 0, j + 2);
            assert_eq!(verify(&p, &s), Err(Invalid::SeveralLoops), "{c} {j}");
            // One loop around both: the walk crosses the word boundary.
            let mut s = Solution::new(2, c);
            for k in j..j + 3 {
                s.set_h(0, k, true);
                s.set_h(2, k, true);
            }
            s.set_v(0, j, true);
            s.set_v(1, j, true);
            s.set_v(0, j + 3, true);
            s.set_v(1, j + 3, true);
            assert_eq!(verify(&p, &s), Ok(()), "{c} {j}");
        }
    }
}

/// Checks `verify` against [`reference`] on `s`, counting the verdict
/// in `verdicts`: valid, wrong clue, bad vertex, several loops, other.
fn agrees_with_reference(p: &Puzzle, s: &Solution, verdicts: &mut [usize; 5]) {
    let want = reference(p, s);
    let (r, c) = (p.rows(), p.cols());
    assert_eq!(verify(p, s), want, "{r}x{c}\n{p:?}{s:?}");
    verdicts[match want {
        Ok(()) => 0,
        Err(Invalid::Clue { .. }) => 1,
        Err(Invalid::Vertex { .. }) => 2,
        Err(Invalid::SeveralLoops) => 3,
        Err(_) => 4,
    }] += 1;
}

/// The checker of the definition, one cell and one vertex at a time, as
/// slink had it before the word-parallel one: the oracle it must match.
fn reference(p: &Puzzle, s: &Solution) -> Result<(), Invalid> {
    let (r, c) = (p.rows(), p.cols());
    for i in 0..r {
        for j in 0..c {
            if let Clue::Number(clue) = p.clue(i, j) {
                let lines = sides(s, i, j);
                if lines != clue {
                    let (row, col) = (i, j);
                    return Err(Invalid::Clue {
                        row,
                        col,
                        clue,
                        lines,
                    });
                }
            }
        }
    }
    let mut start = None;
    for i in 0..=r {
        for j in 0..=c {
            let lines = arms(s, i, j);
            if lines != 0 && lines != 2 {
                return Err(Invalid::Vertex {
                    row: i,
                    col: j,
                    lines,
                });
            }
            if lines == 2 && start.is_none() {
                start = Some((i, j));
            }
        }
    }
    let start = start.ok_or(Invalid::NoLoop)?;
    // Step one edge at a time, never straight back.
    let (mut here, mut back, mut walked) = (start, (usize::MAX, usize::MAX), 0);
    loop {
        let (i, j) = here;
        let mut next = vec![];
        if j > 0 && s.h(i, j - 1) {
            next.push((i, j - 1));
        }
        if j < c && s.h(i, j) {
            next.push((i, j + 1));
        }
        if i > 0 && s.v(i - 1, j) {
            next.push((i - 1, j));
        }
        if i < r && s.v(i, j) {
            next.push((i + 1, j));
        }
        let to = *next.iter().find(|&&v| v != back).unwrap();
        (back, here) = (here, to);
        walked += 1;
        if here == start {
            break;
        }
    }
    if walked != s.len() {
        return Err(Invalid::SeveralLoops);
    }
    Ok(())
}

/// The boundary of a random set of cells grown from a few seeds: one
/// loop, several, or vertices with 4 lines where two parts touch at a
/// corner.
/// `grow` bounds the number of growth steps.
fn random_boundary(rng: &mut crate::util::rng::Rng, r: usize, c: usize, grow: usize) -> Solution {
    let mut inside = vec![false; r * c];
    for _ in 0..rng.between(1, 3) {
        inside[rng.index(r * c)] = true;
    }
    for _ in 0..rng.index(grow) {
        let k = rng.index(r * c);
        let (i, j) = (k / c, k % c);
        inside[k] |= (i > 0 && inside[k - c])
            || (i + 1 < r && inside[k + c])
            || (j > 0 && inside[k - 1])
            || (j + 1 < c && inside[k + 1]);
    }
    boundary(r, c, |i, j| inside[i * c + j])
}

/// The boundary of the cells of an `r x c` board for which `inside` holds.
fn boundary(r: usize, c: usize, inside: impl Fn(usize, usize) -> bool) -> Solution {
    let at = |i: usize, j: usize| i < r && j < c && inside(i, j);
    let mut s = Solution::new(r, c);
    for i in 0..=r {
        for j in 0..c {
            s.set_h(i, j, (i > 0 && at(i - 1, j)) != at(i, j));
        }
    }
    for i in 0..r {
        for j in 0..=c {
            s.set_v(i, j, (j > 0 && at(i, j - 1)) != at(i, j));
        }
    }
    s
}

/// Clues for solution `s`: none, all of them, or some of them.
fn random_clues(rng: &mut crate::util::rng::Rng, s: &Solution) -> Puzzle {
    match rng.index(3) {
        0 => blank(s.rows(), s.cols()),
        1 => clues_of(s),
        _ => some_blanks(rng, clues_of(s)),
    }
}

/// Flips one random edge of `s`, horizontal or vertical.
fn flip_random_edge(rng: &mut crate::util::rng::Rng, s: &mut Solution, horizontal: bool) {
    let (r, c) = (s.rows(), s.cols());
    if horizontal {
        let (i, j) = (rng.index(r + 1), rng.index(c));
        s.set_h(i, j, !s.h(i, j));
    } else {
        let (i, j) = (rng.index(r), rng.index(c + 1));
        s.set_v(i, j, !s.v(i, j));
    }
}

#[test]
fn agrees_with_the_reference_on_random_solutions_of_every_size() {
    use crate::util::rng::Rng;
    let mut rng = Rng::new(0x7e57);
    let mut verdicts = [0usize; 5];
    // Both sides of 64 rows and 64 columns (the column-word walk and the
    // row walk), both sides of 32 (the small walk's two transposes),
    // word boundaries, thin boards and long runs.
    let sizes = [
        (1, 1),
        (5, 5),
        (8, 7),
        (9, 7),
        (8, 8),
        (16, 15),
        (17, 15),
        (15, 16),
        (32, 31),
        (33, 31),
        (31, 32),
        (32, 32),
        (2, 63),
        (63, 2),
        (20, 20),
        (63, 63),
        (64, 63),
        (63, 64),
        (64, 64),
        (65, 7),
        (7, 65),
        (70, 70),
        (130, 3),
        (3, 130),
    ];
    for (r, c) in sizes {
        for _ in 0..150 {
            let mut s = random_boundary(&mut rng, r, c, 4 * r * c);
            let mut p = random_clues(&mut rng, &s);
            // Some damage, or none: edges flipped (branches, dead ends,
            // loops cut or joined), a separate unit square (another loop
            // or a touching one), a wrong clue.
            for _ in 0..rng.index(3) {
                match rng.index(4) {
                    k @ (0 | 1) => flip_random_edge(&mut rng, &mut s, k == 0),
                    2 => unit(&mut s, rng.index(r), rng.index(c)),
                    _ => {
                        let clue = Clue::Number(rng.index(5) as u8);
                        p.set_clue(rng.index(r), rng.index(c), clue)
                    }
                }
            }
            agrees_with_reference(&p, &s, &mut verdicts);
        }
    }
    assert!(verdicts[..4].iter().all(|&n| n > 50), "{verdicts:?}");
}

#[test]
fn agrees_with_the_reference_on_random_region_boundaries() {
    use crate::util::rng::Rng;
    let mut rng = Rng::new(0x5eed);
    let mut verdicts = [0usize; 5];
    for c in [1, 2, 3, 5, 62, 63, 64, 65, 66, 127, 128, 129] {
        for r in 1..=4 {
            for _ in 0..60 {
                // The boundary of a random set of cells grown from one to
                // three cells: one loop, several, or vertices with 4 lines.
                let mut s = random_boundary(&mut rng, r, c, 3 * c);
                let mut p = random_clues(&mut rng, &s);
                match rng.index(4) {
                    // A wrong clue somewhere.
                    0 => p.set_clue(rng.index(r), rng.index(c), Clue::Number(rng.index(4) as u8)),
                    // An edge flipped somewhere.
                    k @ (1 | 2) => flip_random_edge(&mut rng, &mut s, k == 1),
                    _ => {}
                }
                agrees_with_reference(&p, &s, &mut verdicts);
            }
        }
    }
    // Every verdict but "no loop" (tested above) comes up many times.
    assert!(verdicts[..4].iter().all(|&n| n > 20), "{verdicts:?}");
}

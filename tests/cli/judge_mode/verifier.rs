//! The tests' verifier (`common::verify`) checked itself: it must reject
//! what is wrong, or it proves nothing; broken drawings of every kind.

use super::*;

fn sample_block(k: usize) -> (Grid, String) {
    let p = read_puzzles(&package_file(SAMPLE_IN)).remove(k - 1);
    (p, block(&package_file(SAMPLE_OUT), k))
}

fn rejects(drawing: &str, p: &Grid, what: &str) -> String {
    match verify_drawing(drawing, p) {
        Ok(_) => panic!("the verifier accepted a drawing with {what}:\n{drawing}"),
        Err(e) => e,
    }
}

#[test]
fn accepts_the_sample_and_its_own_drawings() {
    for k in 1..=4 {
        let (p, d) = sample_block(k);
        let e = verify_drawing(&d, &p).expect("the sample's drawing verifies");
        assert_eq!(
            draw(&p, &e),
            d,
            "the tests' writer redraws the sample exactly"
        );
    }
}

#[test]
fn two_loops() {
    let p = Grid::from_rows(". . .");
    let mut e = Edges::empty(1, 3);
    e.add_square(0, 0);
    e.add_square(0, 2);
    let err = rejects(&draw(&p, &e), &p, "two loops");
    assert!(err.contains("not one loop"), "{err}");
    // The same with clues that each square satisfies.
    let p = Grid::from_rows(". 2 .");
    assert!(rejects(&draw(&p, &e), &p, "two loops").contains("not one loop"));
    // Two loops on the sample's 8x8: the solution plus a detached square
    // would need other clues, so take two loops on a blank 3x3.
    let p = Grid::blank(3, 3);
    let mut e = Edges::empty(3, 3);
    e.add_square(0, 0);
    e.add_square(2, 2);
    assert!(rejects(&draw(&p, &e), &p, "two loops").contains("not one loop"));
}

#[test]
fn wrong_clue_count() {
    // 2x2 of 2s with a loop around one cell: that cell has 4 lines.
    let p = Grid::from_rows("2 2/2 2");
    let mut e = Edges::empty(2, 2);
    e.add_square(0, 0);
    let err = rejects(&draw(&p, &e), &p, "a cell with 4 lines and clue 2");
    assert!(
        err.contains("cell (0, 0)") && err.contains("4 lines"),
        "{err}"
    );
    // The sample's right drawing checked against other clues: the
    // printed clue differs from the puzzle's.
    let (mut p, d) = sample_block(3);
    p.clues[3] = Some(3);
    let err = rejects(&d, &p, "a printed clue that is not the puzzle's");
    assert!(err.contains("cell (1, 1)"), "{err}");
    // A blank cell must print a space, a numbered one its number.
    let (mut p, d) = sample_block(3);
    p.clues[0] = None;
    rejects(&d, &p, "a number printed in a blank cell");
    // A drawing whose printed clues match, but a clue is not met.
    let p = Grid::from_rows("2 2/2 3");
    let e = verify_drawing(&sample_block(3).1, &Grid::from_rows("2 2/2 2")).unwrap();
    let err = rejects(&draw(&p, &e), &p, "a 3 with 2 lines");
    assert!(err.contains("cell (1, 1) has clue 3 but 2 lines"), "{err}");
}

#[test]
fn branch_vertex_and_dead_ends() {
    // 1x2 with every edge a line: the middle vertices have 3 lines.
    let p = Grid::blank(1, 2);
    let mut e = Edges::empty(1, 2);
    e.add_square(0, 0);
    e.add_square(0, 1);
    let err = rejects(&draw(&p, &e), &p, "vertices with 3 lines");
    assert!(err.contains("has 3 lines"), "{err}");
    assert!(check_loop(&e, &p).is_err());
    // A single segment: two vertices with 1 line.
    let mut e = Edges::empty(1, 2);
    e.set_h(0, 0, true);
    let err = rejects(&draw(&p, &e), &p, "a dead end");
    assert!(err.contains("has 1 lines"), "{err}");
    // A figure eight through one vertex: 4 lines there.
    let p = Grid::blank(2, 2);
    let mut e = Edges::empty(2, 2);
    e.add_square(0, 0);
    e.add_square(1, 1);
    let err = rejects(&draw(&p, &e), &p, "a vertex with 4 lines");
    assert!(err.contains("vertex (1, 1) has 4 lines"), "{err}");
    // No line at all.
    let e = Edges::empty(2, 2);
    assert!(rejects(&draw(&p, &e), &p, "no loop").contains("no line"));
}

#[test]
fn bad_frames() {
    let (p, d) = sample_block(4);
    let lines: Vec<&str> = d.lines().collect();
    let join = |ls: &[String]| ls.iter().map(|l| format!("{l}\n")).collect::<String>();
    let owned: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let mut cases: Vec<(&str, String)> = Vec::new();
    let mut t = owned.clone();
    t[3].push(' ');
    cases.push(("a trailing space", join(&t)));
    let mut t = owned.clone();
    t.remove(1);
    cases.push(("a missing blank line", join(&t)));
    let mut t = owned.clone();
    t.push(t[0].clone());
    cases.push(("an extra border", join(&t)));
    let mut t = owned.clone();
    t[0].replace_range(4..5, " ");
    cases.push(("a hole in the top border", join(&t)));
    let mut t = owned.clone();
    t[1].replace_range(4..5, "-");
    cases.push(("a mark on the blank line", join(&t)));
    let mut t = owned.clone();
    t[5].replace_range(0..1, "|");
    cases.push(("a left border that is not '#'", join(&t)));
    let mut t = owned.clone();
    let n = t[6].len();
    t[6].replace_range(n - 2..n - 1, "x");
    cases.push(("no space before the right border", join(&t)));
    let mut t = owned.clone();
    t[4].remove(5);
    cases.push(("a short lattice line", join(&t)));
    cases.push(("CRLF line ends", d.replace('\n', "\r\n")));
    cases.push(("no final newline", d.trim_end().to_string()));
    let mut t = owned.clone();
    // Line 2 is vertex row 0; its first corner '+' (character 2).
    assert_eq!(&t[2][2..3], "+");
    t[2].replace_range(2..3, "-");
    cases.push(("a corner drawn '-'", join(&t)));
    let mut t = owned.clone();
    t[2].replace_range(2..3, " ");
    cases.push(("a corner drawn ' '", join(&t)));
    let mut t = owned.clone();
    t[2].replace_range(3..6, "-- ");
    cases.push(("a broken '---'", join(&t)));
    let mut t = owned.clone();
    t[3].replace_range(2..3, "!");
    cases.push(("a vertical edge drawn '!'", join(&t)));
    let mut t = owned.clone();
    t[3].replace_range(3..4, "x");
    cases.push(("no space beside a clue", join(&t)));
    for (what, drawing) in &cases {
        assert_ne!(drawing, &d, "{what}: the case must change the drawing");
        rejects(drawing, &p, what);
    }
    // And the untouched drawing still passes.
    verify_drawing(&d, &p).unwrap();
}

#[test]
fn vertex_glyph_mismatches() {
    // A straight vertical vertex drawn '+', a turn drawn '|'.
    let p = Grid::blank(2, 1);
    let mut e = Edges::empty(2, 1);
    e.set_h(0, 0, true);
    e.set_h(2, 0, true);
    e.set_v(0, 0, true);
    e.set_v(1, 0, true);
    e.set_v(0, 1, true);
    e.set_v(1, 1, true);
    let d = draw(&p, &e);
    verify_drawing(&d, &p).unwrap();
    let mut lines: Vec<String> = d.lines().map(String::from).collect();
    // Vertex row 1 is line 4: "# | " ... the vertex (1, 0) at char 2.
    assert_eq!(&lines[4][2..3], "|");
    lines[4].replace_range(2..3, "+");
    let bad: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let err = rejects(&bad, &p, "a straight vertex drawn '+'");
    assert!(err.contains("vertex (1, 0)"), "{err}");
    lines[4].replace_range(2..3, "|");
    assert_eq!(&lines[2][2..3], "+");
    lines[2].replace_range(2..3, "|");
    let bad: String = lines.iter().map(|l| format!("{l}\n")).collect();
    rejects(&bad, &p, "a turn drawn '|'");
}

#[test]
fn wrong_size_and_split_errors() {
    let (p, d) = sample_block(3);
    let bigger = Grid::blank(3, 2);
    rejects(&d, &bigger, "a drawing of another size");
    assert!(verify_drawing(&d, &p).is_ok());
    assert!(split_blocks("x\n").is_err());
    assert!(split_blocks(&format!("1\n{}", &d[..d.len() - 3])).is_err());
    assert!(split_blocks(&d).is_err(), "a drawing without its number");
    let two = format!("2\n{d}1\n{d}");
    assert!(
        verify_output(&two, &[p.clone(), p.clone()]).is_err(),
        "order"
    );
    assert!(verify_output(&format!("3\n{d}"), &[p.clone(), p.clone()]).is_err());
    assert_eq!(verify_output(&format!("2\n{d}"), &[bigger, p]), Ok(vec![2]));
}

#[test]
fn brute_force_counts_loops_of_small_grids() {
    // Cycles of the (r+1)x(c+1) grid graph (OEIS A140517 for squares:
    // 1, 13, 213; 2 x n cells: 3, 13, 40).
    assert_eq!(all_loops(1, 1).len(), 1);
    assert_eq!(all_loops(2, 2).len(), 13);
    assert_eq!(all_loops(3, 3).len(), 213);
    assert_eq!(all_loops(2, 3).len(), 40);
    assert_eq!(all_loops(3, 2).len(), 40);
    assert_eq!(all_loops(1, 4).len(), 10);
    for e in all_loops(2, 3) {
        let p = Grid::blank(2, 3);
        verify_drawing(&draw(&p, &e), &p).unwrap();
    }
}

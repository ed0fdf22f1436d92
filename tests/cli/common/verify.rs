//! The independent verifier: a drawing read back into [`Edges`] and
//! checked against the puzzle, from the puzzle's definition alone.

use super::Grid;

/// A set of line edges: `H(i, j)` (vertex `(i, j)` to `(i, j+1)`) and
/// `V(i, j)` (vertex `(i, j)` to `(i+1, j)`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Edges {
    pub rows: usize,
    pub cols: usize,
    /// `(rows + 1) x cols`, row-major.
    pub h: Vec<bool>,
    /// `rows x (cols + 1)`, row-major.
    pub v: Vec<bool>,
}

impl Edges {
    /// No line at all.
    pub fn empty(rows: usize, cols: usize) -> Edges {
        Edges {
            rows,
            cols,
            h: vec![false; (rows + 1) * cols],
            v: vec![false; rows * (cols + 1)],
        }
    }

    /// The boundary of a set of cells (`inside`, row-major): the edges
    /// between a cell inside and one outside (or off the board).
    pub fn around(rows: usize, cols: usize, inside: &[bool]) -> Edges {
        assert_eq!(inside.len(), rows * cols, "one flag a cell");
        let at = |i: isize, j: isize| {
            i >= 0
                && j >= 0
                && (i as usize) < rows
                && (j as usize) < cols
                && inside[i as usize * cols + j as usize]
        };
        let mut e = Edges::empty(rows, cols);
        for i in 0..=rows as isize {
            for j in 0..cols as isize {
                e.set_h(i as usize, j as usize, at(i - 1, j) != at(i, j));
            }
        }
        for i in 0..rows as isize {
            for j in 0..=cols as isize {
                e.set_v(i as usize, j as usize, at(i, j - 1) != at(i, j));
            }
        }
        e
    }

    /// The edges of a library solution (read through its accessors only,
    /// so that the checks here stay the tests' own).
    pub fn of_solution(s: &slink::Solution) -> Edges {
        let mut e = Edges::empty(s.rows(), s.cols());
        for i in 0..=s.rows() {
            for j in 0..s.cols() {
                e.set_h(i, j, s.h(i, j));
            }
        }
        for i in 0..s.rows() {
            for j in 0..=s.cols() {
                e.set_v(i, j, s.v(i, j));
            }
        }
        e
    }

    /// Whether `H(i, j)` is a line.
    pub fn h(&self, i: usize, j: usize) -> bool {
        self.h[i * self.cols + j]
    }

    /// Whether `V(i, j)` is a line.
    pub fn v(&self, i: usize, j: usize) -> bool {
        self.v[i * (self.cols + 1) + j]
    }

    /// Makes `H(i, j)` a line (`on`) or not.
    pub fn set_h(&mut self, i: usize, j: usize, on: bool) {
        let c = self.cols;
        self.h[i * c + j] = on;
    }

    /// Makes `V(i, j)` a line (`on`) or not.
    pub fn set_v(&mut self, i: usize, j: usize, on: bool) {
        let c = self.cols + 1;
        self.v[i * c + j] = on;
    }

    /// The four sides of cell `(i, j)` as lines.
    pub fn add_square(&mut self, i: usize, j: usize) {
        self.set_h(i, j, true);
        self.set_h(i + 1, j, true);
        self.set_v(i, j, true);
        self.set_v(i, j + 1, true);
    }

    /// Line edges at vertex `(i, j)`: (left, right, up, down).
    pub fn at(&self, i: usize, j: usize) -> (bool, bool, bool, bool) {
        let left = j > 0 && self.h(i, j - 1);
        let right = j < self.cols && self.h(i, j);
        let up = i > 0 && self.v(i - 1, j);
        let down = i < self.rows && self.v(i, j);
        (left, right, up, down)
    }

    /// Number of line edges at vertex `(i, j)`.
    pub fn degree(&self, i: usize, j: usize) -> usize {
        let (l, r, u, d) = self.at(i, j);
        [l, r, u, d].iter().filter(|&&b| b).count()
    }

    /// Number of line edges.
    pub fn count(&self) -> usize {
        self.h.iter().chain(&self.v).filter(|&&b| b).count()
    }

    /// How many line edges cell `(i, j)` has.
    pub fn lines_around(&self, i: usize, j: usize) -> u8 {
        u8::from(self.h(i, j))
            + u8::from(self.h(i + 1, j))
            + u8::from(self.v(i, j))
            + u8::from(self.v(i, j + 1))
    }
}

/// The glyph SLINK.md prescribes for vertex `(i, j)`; `None` when its
/// degree is neither 0 nor 2 (no glyph is right then).
pub(super) fn vertex_glyph(e: &Edges, i: usize, j: usize) -> Option<u8> {
    match (e.degree(i, j), e.at(i, j)) {
        (0, _) => Some(b' '),
        (2, (true, true, _, _)) => Some(b'-'),
        (2, (_, _, true, true)) => Some(b'|'),
        (2, _) => Some(b'+'),
        _ => None,
    }
}

/// Checks that `e` solves `g`: every numbered cell has exactly its clue in
/// line edges, every vertex has 0 or 2, and the lines form one cycle.
pub fn check_loop(e: &Edges, g: &Grid) -> Result<(), String> {
    if (e.rows, e.cols) != (g.rows, g.cols) {
        return Err(format!(
            "edges are {}x{}, puzzle is {}x{}",
            e.rows, e.cols, g.rows, g.cols
        ));
    }
    check_degrees(e)?;
    for i in 0..g.rows {
        for j in 0..g.cols {
            if let Some(n) = g.clue(i, j) {
                let k = e.lines_around(i, j);
                if k != n {
                    return Err(format!("cell ({i}, {j}) has clue {n} but {k} lines"));
                }
            }
        }
    }
    check_one_loop(e)
}

/// Checks that every vertex of `e` has 0 or 2 line edges.
fn check_degrees(e: &Edges) -> Result<(), String> {
    for i in 0..=e.rows {
        for j in 0..=e.cols {
            let d = e.degree(i, j);
            if d != 0 && d != 2 {
                return Err(format!("vertex ({i}, {j}) has {d} lines"));
            }
        }
    }
    Ok(())
}

/// Checks that the lines of `e` are one closed loop, whatever the clues:
/// every vertex has 0 or 2 lines, there is a line, and the walk from one
/// line vertex meets every line.
pub fn check_one_loop(e: &Edges) -> Result<(), String> {
    check_degrees(e)?;
    let total = e.count();
    if total == 0 {
        return Err("there is no line at all".into());
    }
    // Walk the component of the first line edge; it must hold them all.
    let w = e.cols + 1;
    let start = (0..=e.rows)
        .flat_map(|i| (0..=e.cols).map(move |j| (i, j)))
        .find(|&(i, j)| e.degree(i, j) > 0)
        .expect("a vertex with a line");
    let mut seen = vec![false; (e.rows + 1) * w];
    let mut stack = vec![start];
    seen[start.0 * w + start.1] = true;
    let mut reached_edges = 0;
    while let Some((i, j)) = stack.pop() {
        let (l, r, u, d) = e.at(i, j);
        let mut next = Vec::new();
        if l {
            next.push((i, j - 1));
        }
        if r {
            next.push((i, j + 1));
        }
        if u {
            next.push((i - 1, j));
        }
        if d {
            next.push((i + 1, j));
        }
        reached_edges += next.len();
        for (a, b) in next {
            if !seen[a * w + b] {
                seen[a * w + b] = true;
                stack.push((a, b));
            }
        }
    }
    // Every edge was counted from both ends.
    if reached_edges / 2 != total {
        return Err(format!(
            "the lines are not one loop: the loop through vertex {start:?} has {} of the {total} line edges",
            reached_edges / 2
        ));
    }
    Ok(())
}

/// Reads a judge drawing of an `rows x cols` board (2r+5 lines, each
/// ending in `\n`) into its edges, checking the frame, the edge glyphs
/// and the vertex glyphs. Returns the edges and the printed clue
/// characters (row-major, `b' '` for a blank cell).
pub fn parse_drawing(text: &str, rows: usize, cols: usize) -> Result<(Edges, Vec<u8>), String> {
    let width = 4 * cols + 5;
    let Some(body) = text.strip_suffix('\n') else {
        return Err("the drawing does not end with a newline".into());
    };
    let lines: Vec<&[u8]> = body.split('\n').map(str::as_bytes).collect();
    if lines.len() != 2 * rows + 5 {
        return Err(format!(
            "{} lines, expected 2*{rows}+5 = {}",
            lines.len(),
            2 * rows + 5
        ));
    }
    for (n, l) in lines.iter().enumerate() {
        if l.len() != width {
            return Err(format!(
                "line {n} is {} characters, expected 4*{cols}+5 = {width}: {:?}",
                l.len(),
                String::from_utf8_lossy(l)
            ));
        }
    }
    let last = lines.len() - 1;
    for n in [0, last] {
        if lines[n].iter().any(|&b| b != b'#') {
            return Err(format!("line {n} is not all '#'"));
        }
    }
    for n in [1, last - 1] {
        let l = lines[n];
        if l[0] != b'#' || l[width - 1] != b'#' || l[1..width - 1].iter().any(|&b| b != b' ') {
            return Err(format!("line {n} is not '#', spaces, '#'"));
        }
    }
    // Lattice rows: lines 2 .. 2r+2.
    let mut lattice = Vec::new();
    for (n, &l) in lines.iter().enumerate().take(2 * rows + 3).skip(2) {
        if &l[..2] != b"# " || &l[width - 2..] != b" #" {
            return Err(format!(
                "line {n} does not start with \"# \" and end with \" #\""
            ));
        }
        lattice.push(&l[2..width - 2]);
    }
    let mut e = Edges::empty(rows, cols);
    let mut printed = Vec::with_capacity(rows * cols);
    for i in 0..=rows {
        let row = lattice[2 * i];
        for j in 0..cols {
            match &row[4 * j + 1..4 * j + 4] {
                b"---" => e.set_h(i, j, true),
                b"   " => {}
                other => {
                    return Err(format!(
                        "H({i}, {j}) is drawn {:?}, neither \"---\" nor spaces",
                        String::from_utf8_lossy(other)
                    ))
                }
            }
        }
    }
    for i in 0..rows {
        let row = lattice[2 * i + 1];
        for j in 0..=cols {
            match row[4 * j] {
                b'|' => e.set_v(i, j, true),
                b' ' => {}
                other => {
                    return Err(format!(
                        "V({i}, {j}) is drawn {:?}, neither '|' nor a space",
                        other as char
                    ))
                }
            }
        }
        for j in 0..cols {
            if row[4 * j + 1] != b' ' || row[4 * j + 3] != b' ' {
                return Err(format!(
                    "the clue of cell ({i}, {j}) lacks a space on each side"
                ));
            }
            printed.push(row[4 * j + 2]);
        }
    }
    for i in 0..=rows {
        for j in 0..=cols {
            let d = e.degree(i, j);
            let Some(want) = vertex_glyph(&e, i, j) else {
                return Err(format!("vertex ({i}, {j}) has {d} lines"));
            };
            let got = lattice[2 * i][4 * j];
            if got != want {
                return Err(format!(
                    "vertex ({i}, {j}) is drawn {:?}, expected {:?} for its lines",
                    got as char, want as char
                ));
            }
        }
    }
    Ok((e, printed))
}

/// Verifies one judge drawing of `g`: frame, glyphs, printed clues equal
/// to `g`'s, and the lines a single loop satisfying every clue.
pub fn verify_drawing(text: &str, g: &Grid) -> Result<Edges, String> {
    let (e, printed) = parse_drawing(text, g.rows, g.cols)?;
    for i in 0..g.rows {
        for j in 0..g.cols {
            let want = g.clue(i, j).map_or(b' ', |n| b'0' + n);
            let got = printed[i * g.cols + j];
            if got != want {
                return Err(format!(
                    "cell ({i}, {j}) prints {:?}, the puzzle says {:?}",
                    got as char, want as char
                ));
            }
        }
    }
    check_loop(&e, g)?;
    Ok(e)
}

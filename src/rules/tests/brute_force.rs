//! Brute force: no rule, alone or propagated, excludes a real single-loop
//! solution of a small board.

use crate::rules::testing::*;
use crate::rules::{Contradiction, RuleCounts};
use crate::util::rng::Rng;
use std::fmt;

/// A single loop: its edges as a bit set, and each cell's count of lines
/// in three bits.
#[derive(Clone, Copy)]
pub(super) struct Loop {
    pub(super) edges: u64,
    pub(super) counts: u64,
}

/// Every single loop on a small board.
pub(super) struct Space {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) loops: Vec<Loop>,
}

impl Space {
    pub(super) fn hidx(&self, i: usize, j: usize) -> usize {
        i * self.cols + j
    }

    pub(super) fn vidx(&self, i: usize, j: usize) -> usize {
        (self.rows + 1) * self.cols + i * (self.cols + 1) + j
    }

    pub(super) fn edge_count(&self) -> usize {
        (self.rows + 1) * self.cols + self.rows * (self.cols + 1)
    }

    pub(super) fn name(&self, k: usize) -> String {
        let hs = (self.rows + 1) * self.cols;
        if k < hs {
            format!("H({}, {})", k / self.cols, k % self.cols)
        } else {
            let k = k - hs;
            format!("V({}, {})", k / (self.cols + 1), k % (self.cols + 1))
        }
    }

    /// The four sides of cell `(i, j)`.
    pub(super) fn sides(&self, i: usize, j: usize) -> [usize; 4] {
        [
            self.hidx(i, j),
            self.hidx(i + 1, j),
            self.vidx(i, j),
            self.vidx(i, j + 1),
        ]
    }

    /// Every loop, as the border of a set of cells: the border is one loop
    /// exactly when every vertex has 0 or 2 lines and they all connect.
    pub(super) fn new(rows: usize, cols: usize) -> Space {
        let mut s = Space {
            rows,
            cols,
            loops: Vec::new(),
        };
        assert!(rows * cols <= 20 && s.edge_count() <= 64);
        for inside in 1u32..1 << (rows * cols) {
            let ins = |i: usize, j: usize| inside >> (i * cols + j) & 1 == 1;
            let mut edges = 0u64;
            for i in 0..=rows {
                for j in 0..cols {
                    if (i > 0 && ins(i - 1, j)) != (i < rows && ins(i, j)) {
                        edges |= 1 << s.hidx(i, j);
                    }
                }
            }
            for i in 0..rows {
                for j in 0..=cols {
                    if (j > 0 && ins(i, j - 1)) != (j < cols && ins(i, j)) {
                        edges |= 1 << s.vidx(i, j);
                    }
                }
            }
            if s.is_one_loop(edges) {
                let mut counts = 0;
                for i in 0..rows {
                    for j in 0..cols {
                        let n = s
                            .sides(i, j)
                            .iter()
                            .filter(|&&k| edges >> k & 1 == 1)
                            .count();
                        counts |= (n as u64) << (3 * (i * cols + j));
                    }
                }
                s.loops.push(Loop { edges, counts });
            }
        }
        s
    }

    /// The line edges at vertex `(i, j)`.
    pub(super) fn arms(&self, edges: u64, i: usize, j: usize) -> Vec<(usize, usize)> {
        let mut a = Vec::new();
        let mut go = |k: usize, to: (usize, usize)| {
            if edges >> k & 1 == 1 {
                a.push(to);
            }
        };
        if j > 0 {
            go(self.hidx(i, j - 1), (i, j - 1));
        }
        if j < self.cols {
            go(self.hidx(i, j), (i, j + 1));
        }
        if i > 0 {
            go(self.vidx(i - 1, j), (i - 1, j));
        }
        if i < self.rows {
            go(self.vidx(i, j), (i + 1, j));
        }
        a
    }

    pub(super) fn is_one_loop(&self, edges: u64) -> bool {
        let mut on = Vec::new();
        for i in 0..=self.rows {
            for j in 0..=self.cols {
                match self.arms(edges, i, j).len() {
                    0 => {}
                    2 => on.push((i, j)),
                    _ => return false,
                }
            }
        }
        let mut seen = vec![on[0]];
        let mut todo = vec![on[0]];
        while let Some((i, j)) = todo.pop() {
            for next in self.arms(edges, i, j) {
                if !seen.contains(&next) {
                    seen.push(next);
                    todo.push(next);
                }
            }
        }
        seen.len() == on.len()
    }

    /// The line and cross edges of a board, as bit sets.
    pub(super) fn masks(&self, b: &Drawing) -> (u64, u64) {
        let (mut line, mut cross) = (0u64, 0u64);
        let mut put = |k: usize, m: Mark| match m {
            Mark::Line => line |= 1 << k,
            Mark::Cross => cross |= 1 << k,
            Mark::Unknown => {}
        };
        for i in 0..=self.rows {
            for j in 0..self.cols {
                put(self.hidx(i, j), b.h(i, j));
            }
        }
        for i in 0..self.rows {
            for j in 0..=self.cols {
                put(self.vidx(i, j), b.v(i, j));
            }
        }
        (line, cross)
    }

    /// The loops that satisfy `b`'s clues and decided edges.
    pub(super) fn solutions(&self, b: &Drawing) -> Vec<Loop> {
        let (mut mask, mut want) = (0u64, 0u64);
        for (k, c) in b.clues.iter().enumerate() {
            if let Some(n) = c {
                mask |= 7 << (3 * k);
                want |= (*n as u64) << (3 * k);
            }
        }
        let (line, cross) = self.masks(b);
        self.loops
            .iter()
            .filter(|l| l.counts & mask == want && l.edges & line == line && l.edges & cross == 0)
            .copied()
            .collect()
    }

    /// A loop drawn on `b`'s clues, every edge decided.
    pub(super) fn draw(&self, b: &Drawing, l: Loop) -> Drawing {
        let mut d = b.clone();
        let mark = |k: usize| {
            if l.edges >> k & 1 == 1 {
                Mark::Line
            } else {
                Mark::Cross
            }
        };
        for i in 0..=self.rows {
            for j in 0..self.cols {
                d.set_h(i, j, mark(self.hidx(i, j)));
            }
        }
        for i in 0..self.rows {
            for j in 0..=self.cols {
                d.set_v(i, j, mark(self.vidx(i, j)));
            }
        }
        d
    }

    /// The clues of a random loop, some blanked, and some of its edges.
    pub(super) fn random_board(&self, rng: &mut Rng) -> Drawing {
        let l = self.loops[rng.index(self.loops.len())];
        let blank = [0, 0, 10, 30, 60][rng.index(5)];
        let reveal = [0, 5, 15, 30, 50][rng.index(5)];
        let mut b = self.draw(&Drawing::blank(self.rows, self.cols), l);
        for (k, c) in b.clues.iter_mut().enumerate() {
            let n = (l.counts >> (3 * k) & 7) as u8;
            if n < 4 && !rng.chance(blank as f64 / 100.0) {
                *c = Some(n);
            }
        }
        for m in b.h.iter_mut().chain(b.v.iter_mut()) {
            if !rng.chance(reveal as f64 / 100.0) {
                *m = Mark::Unknown;
            }
        }
        b
    }
}

/// How to run a family on a board.
pub(super) type Runner = fn(&Drawing, Family) -> Result<Outcome, Contradiction>;

/// One sweep of the family, as the solver has it.
pub(super) fn once(b: &Drawing, f: Family) -> Result<Outcome, Contradiction> {
    run::<1>(b, f, Mode::Once)
}

/// A deduction that excludes a real solution.
pub(super) struct Unsound {
    pub(super) family: Family,
    pub(super) before: Drawing,
    pub(super) after: Result<Outcome, Contradiction>,
    pub(super) wrong: Vec<String>,
    pub(super) witness: Drawing,
}

impl fmt::Display for Unsound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:?} (one sweep) is unsound on", self.family)?;
        write!(f, "{}", self.before.render())?;
        match &self.after {
            Ok(o) => {
                writeln!(f, "rules fired {:?}, giving", fired(&o.counts))?;
                write!(f, "{}", o.board.render())?;
            }
            Err(e) => writeln!(f, "it reports {e:?} ({e})")?,
        }
        writeln!(f, "wrong: {}", self.wrong.join(", "))?;
        writeln!(f, "but this solution fits the board before:")?;
        write!(f, "{}", self.witness.render())
    }
}

/// Runs family `f` once on `b` and checks it against every solution that
/// fits `b`.
pub(super) fn unsound(space: &Space, b: &Drawing, f: Family, runner: Runner) -> Option<Unsound> {
    let sols = space.solutions(b);
    let first = *sols.first()?;
    let after = runner(b, f);
    let (wrong, witness) = match &after {
        Err(_) => (vec!["a contradiction".to_string()], first),
        Ok(o) => {
            let (line, cross) = space.masks(&o.board);
            let witness = sols
                .iter()
                .find(|l| line & !l.edges != 0 || cross & l.edges != 0)?;
            let mut wrong = Vec::new();
            for k in 0..space.edge_count() {
                if line >> k & 1 == 1 && witness.edges >> k & 1 == 0 {
                    wrong.push(format!("{} made a line", space.name(k)));
                }
                if cross >> k & 1 == 1 && witness.edges >> k & 1 == 1 {
                    wrong.push(format!("{} made a cross", space.name(k)));
                }
            }
            (wrong, *witness)
        }
    };
    Some(Unsound {
        family: f,
        before: b.clone(),
        witness: space.draw(b, witness),
        after,
        wrong,
    })
}

/// Blanks clues and forgets edges of `b` while `f` stays unsound on it.
pub(super) fn minimize(space: &Space, b: &Drawing, f: Family, runner: Runner) -> Unsound {
    let mut b = b.clone();
    let fails = |t: &Drawing| unsound(space, t, f, runner).is_some();
    loop {
        let mut smaller = false;
        for k in 0..b.clues.len() + b.h.len() + b.v.len() {
            let mut t = b.clone();
            let (nc, nh) = (b.clues.len(), b.h.len());
            let changed = if k < nc {
                t.clues[k].take().is_some()
            } else if k < nc + nh {
                std::mem::replace(&mut t.h[k - nc], Mark::Unknown) != Mark::Unknown
            } else {
                std::mem::replace(&mut t.v[k - nc - nh], Mark::Unknown) != Mark::Unknown
            };
            if changed && fails(&t) {
                b = t;
                smaller = true;
            }
        }
        if !smaller {
            return unsound(space, &b, f, runner).expect("still unsound");
        }
    }
}

/// Drawing sizes for the brute force, smallest first.
pub(super) const SIZES: [(usize, usize); 11] = [
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (3, 3),
    (3, 4),
    (4, 3),
    (4, 4),
];

#[test]
fn loop_enumeration_counts_are_right() {
    // Cycles in the grid graph of (r+1) x (c+1) vertices (OEIS A140517
    // for squares: 1, 13, 213, 9349).
    let count = |r, c| Space::new(r, c).loops.len();
    assert_eq!(count(1, 1), 1);
    assert_eq!(count(1, 3), 6);
    assert_eq!(count(2, 2), 13);
    assert_eq!(count(3, 3), 213);
    assert_eq!(count(4, 4), 9349);
}

/// Every rule family, one sweep at a time, and full propagation, on random
/// partial boards of real loops: no decided edge may contradict any
/// single-loop solution of the board.
#[test]
fn rules_are_sound_on_random_boards() {
    // SLINK_SOUNDNESS_TRIALS=100000 for a deeper search.
    let trials: usize = std::env::var("SLINK_SOUNDNESS_TRIALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500);
    let mut rng = Rng::new(0x51_1e4c);
    let mut first: Vec<Option<Unsound>> = Family::ALL.iter().map(|_| None).collect();
    let mut decided = [0u64; Family::ALL.len()];
    let mut rules: RuleCounts = [0; 15];
    for (rows, cols) in SIZES {
        let space = Space::new(rows, cols);
        for _ in 0..trials {
            let b = space.random_board(&mut rng);
            let (l0, x0) = space.masks(&b);
            for (k, &f) in Family::ALL.iter().enumerate() {
                if let Ok(o) = run::<1>(&b, f, Mode::Once) {
                    let (l1, x1) = space.masks(&o.board);
                    decided[k] += u64::from((l1 | x1).count_ones() - (l0 | x0).count_ones());
                    if f == Family::Pass {
                        for (n, c) in rules.iter_mut().zip(o.counts) {
                            *n += c;
                        }
                    }
                }
                if first[k].is_none() && unsound(&space, &b, f, once).is_some() {
                    first[k] = Some(minimize(&space, &b, f, once));
                }
            }
        }
    }
    let report: Vec<String> = first.iter().flatten().map(|u| u.to_string()).collect();
    assert!(
        report.is_empty(),
        "unsound deductions:\n\n{}",
        report.join("\n")
    );
    // The check has teeth: every family decided edges, every rule fired.
    for (f, n) in Family::ALL.iter().zip(decided) {
        assert!(n > 0, "{f:?} never decided an edge");
    }
    for r in RULES {
        assert!(rules[r as usize] > 0, "{r:?} never fired");
    }
}

/// The same random boards run on two- and four-word rows, drawn across a
/// word boundary, must give exactly what one-word rows give.
#[test]
fn wide_rows_agree_with_one_word_rows_on_random_boards() {
    let mut rng = Rng::new(0x3e_a7);
    let mut compared = 0;
    for (rows, cols) in [(2, 3), (3, 3), (3, 4), (4, 4)] {
        let space = Space::new(rows, cols);
        for _ in 0..300 {
            let b = space.random_board(&mut rng);
            // The regions fill the whole board: beside a drawing embedded in
            // a wider one lie more cells, where off the grid is the outside
            // (their rows are compared in `regions`' own tests).
            for f in Family::ALL.into_iter().filter(|&f| f != Family::Regions) {
                // Off the grid, cells are outside; beside the drawing they
                // are not known to be until the crossed edges along it say
                // so: the colour rules agree only at their fixpoint.
                let mode = if matches!(
                    f,
                    Family::Color | Family::PropagateColors | Family::PropagateStalled
                ) {
                    Mode::Fixpoint
                } else {
                    Mode::Once
                };
                let narrow = run::<1>(&b, f, mode).map(|o| (o.board, fired(&o.counts)));
                for (words, width, off) in [(2, 72, 61), (2, 72, 63), (4, 200, 126), (4, 200, 190)]
                {
                    let big = b.embed(width, off);
                    let wide = match words {
                        2 => run::<2>(&big, f, mode),
                        _ => run::<4>(&big, f, mode),
                    }
                    .map(|o| (o.board.window(rows, cols, off), fired(&o.counts)));
                    // The colour rules decide edges quietly, so the rules
                    // counted on the way to the same fixpoint may differ.
                    let (narrow, wide) = if mode == Mode::Fixpoint {
                        let board = |r: &Ran| r.clone().map(|(b, _)| (b, Vec::new()));
                        (board(&narrow), board(&wide))
                    } else {
                        (narrow.clone(), wide)
                    };
                    assert!(
                        narrow == wide,
                        "{f:?} at column {off} of {width} ({words} words) on\n{}one word: {}\n{words} words: {}",
                        b.render(),
                        show(&narrow),
                        show(&wide)
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 0);
}

//! An independent check of a solution: one closed loop, every clue met.
//!
//! Written from the puzzle's definition only, sharing no code with the
//! deduction rules, so that a bug in the rules cannot hide here.

use crate::puzzle::{Clue, Puzzle};
use crate::solution::Solution;
use std::fmt;

/// Why a solution is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// The solution's size differs from the puzzle's.
    Size,
    /// There are no lines.
    NoLoop,
    /// A cell's line count differs from its clue.
    Clue {
        row: usize,
        col: usize,
        clue: u8,
        lines: u8,
    },
    /// A vertex with 1, 3 or 4 lines.
    Vertex { row: usize, col: usize, lines: u8 },
    /// The lines form more than one loop.
    SeveralLoops,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Size => write!(f, "the solution's size differs from the puzzle's"),
            Invalid::NoLoop => write!(f, "there is no loop"),
            Invalid::Clue {
                row,
                col,
                clue,
                lines,
            } => {
                write!(f, "cell ({row}, {col}) has clue {clue} but {lines} lines")
            }
            Invalid::Vertex { row, col, lines } => {
                write!(f, "vertex ({row}, {col}) has {lines} lines")
            }
            Invalid::SeveralLoops => write!(f, "the lines form more than one loop"),
        }
    }
}

impl std::error::Error for Invalid {}

/// Checks that `s` is a solution of `p`.
pub fn verify(p: &Puzzle, s: &Solution) -> Result<(), Invalid> {
    let (r, c) = (p.rows(), p.cols());
    if s.rows() != r || s.cols() != c {
        return Err(Invalid::Size);
    }
    for i in 0..r {
        for j in 0..c {
            if let Clue::Number(n) = p.clue(i, j) {
                let lines = [s.h(i, j), s.h(i + 1, j), s.v(i, j), s.v(i, j + 1)]
                    .iter()
                    .filter(|&&b| b)
                    .count() as u8;
                if lines != n {
                    return Err(Invalid::Clue {
                        row: i,
                        col: j,
                        clue: n,
                        lines,
                    });
                }
            }
        }
    }
    // The line edges at each vertex, as neighbour vertices.
    let neighbours = |i: usize, j: usize| {
        let mut out = [(0usize, 0usize); 4];
        let mut n = 0;
        if j > 0 && s.h(i, j - 1) {
            out[n] = (i, j - 1);
            n += 1;
        }
        if j < c && s.h(i, j) {
            out[n] = (i, j + 1);
            n += 1;
        }
        if i > 0 && s.v(i - 1, j) {
            out[n] = (i - 1, j);
            n += 1;
        }
        if i < r && s.v(i, j) {
            out[n] = (i + 1, j);
            n += 1;
        }
        (out, n)
    };
    let mut start = None;
    for i in 0..=r {
        for j in 0..=c {
            let (_, n) = neighbours(i, j);
            if n != 0 && n != 2 {
                return Err(Invalid::Vertex {
                    row: i,
                    col: j,
                    lines: n as u8,
                });
            }
            if n == 2 && start.is_none() {
                start = Some((i, j));
            }
        }
    }
    let Some(start) = start else {
        return Err(Invalid::NoLoop);
    };
    // Every vertex has 0 or 2 lines, so the lines are disjoint cycles: walk
    // the one through `start` and compare its length with the line count.
    let (mut prev, mut here, mut walked) = (start, neighbours(start.0, start.1).0[0], 1);
    while here != start {
        let (nb, _) = neighbours(here.0, here.1);
        let next = if nb[0] == prev { nb[1] } else { nb[0] };
        prev = here;
        here = next;
        walked += 1;
    }
    if walked != s.len() {
        return Err(Invalid::SeveralLoops);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
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
}

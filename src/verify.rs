//! An independent check of a solution: one closed loop, every clue met.
//!
//! Written from the puzzle's definition only, sharing no code with the
//! deduction rules, so that a bug in the rules cannot hide here.

use crate::puzzle::{Puzzle, BLANK};
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
    let lines = s.lines();
    for (k, &clue) in p.clue_bytes().iter().enumerate() {
        if clue == BLANK {
            continue;
        }
        let (i, j) = (k / c, k % c);
        let sides = lines.h(i, j) as u8
            + lines.h(i + 1, j) as u8
            + lines.v(i, j) as u8
            + lines.v(i, j + 1) as u8;
        if sides != clue {
            return Err(Invalid::Clue {
                row: i,
                col: j,
                clue,
                lines: sides,
            });
        }
    }
    // Lines at vertex (i, j): left, right, up, down.
    let arms = |i: usize, j: usize| {
        [
            j > 0 && lines.h(i, j - 1),
            j < c && lines.h(i, j),
            i > 0 && lines.v(i - 1, j),
            i < r && lines.v(i, j),
        ]
    };
    let mut start = None;
    for i in 0..=r {
        for j in 0..=c {
            let [a, b, u, d] = arms(i, j);
            let n = a as usize + b as usize + u as usize + d as usize;
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
    let (mut here, mut came_from, mut walked) = (start, usize::MAX, 0);
    loop {
        let a = arms(here.0, here.1);
        // Leave by the first line that is not the way we came in.
        let d = (0..4)
            .find(|&d| a[d] && d != came_from)
            .expect("two lines at every loop vertex");
        let (i, j) = here;
        (here, came_from) = match d {
            0 => ((i, j - 1), 1),
            1 => ((i, j + 1), 0),
            2 => ((i - 1, j), 3),
            _ => ((i + 1, j), 2),
        };
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

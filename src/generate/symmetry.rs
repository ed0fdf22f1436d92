//! Symmetric clue layouts: the cells a symmetry maps onto each other
//! (an *orbit*) keep or lose their clues together, so the blank cells of
//! the puzzle make the pattern setters use. The loop itself is not
//! symmetric; only where the clues are.

use std::fmt;
use std::str::FromStr;

/// The symmetry of the clue layout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    /// None: each clue alone.
    #[default]
    None,
    /// A half turn: cell `(i, j)` with `(r-1-i, c-1-j)`.
    Rot2,
    /// Quarter turns (square boards only): the four turns of a cell.
    Rot4,
    /// Left to right: cell `(i, j)` with `(i, c-1-j)`.
    Mirror,
}

impl Symmetry {
    /// Every symmetry.
    pub const ALL: [Symmetry; 4] = [
        Symmetry::None,
        Symmetry::Rot2,
        Symmetry::Rot4,
        Symmetry::Mirror,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot2 => "rot2",
            Symmetry::Rot4 => "rot4",
            Symmetry::Mirror => "mirror",
        }
    }

    /// Whether an `rows x cols` board can have it (quarter turns need a
    /// square).
    pub fn fits(self, rows: usize, cols: usize) -> bool {
        self != Symmetry::Rot4 || rows == cols
    }

    /// The images of cell `(i, j)` of an `rows x cols` board, itself
    /// included (with repeats where the cell is its own image).
    fn images(self, rows: usize, cols: usize, i: usize, j: usize) -> Vec<(usize, usize)> {
        let (ri, cj) = (rows - 1 - i, cols - 1 - j);
        match self {
            Symmetry::None => vec![(i, j)],
            Symmetry::Rot2 => vec![(i, j), (ri, cj)],
            Symmetry::Rot4 => vec![(i, j), (j, ri), (ri, cj), (cj, i)],
            Symmetry::Mirror => vec![(i, j), (i, cj)],
        }
    }

    /// The orbits of the cells of an `rows x cols` board, as cell indices
    /// (`i * cols + j`), each orbit once, in the order of its first cell.
    pub fn orbits(self, rows: usize, cols: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; rows * cols];
        let mut orbits = Vec::new();
        for k in 0..rows * cols {
            if seen[k] {
                continue;
            }
            let mut orbit: Vec<usize> = self
                .images(rows, cols, k / cols, k % cols)
                .into_iter()
                .map(|(i, j)| i * cols + j)
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &c in &orbit {
                seen[c] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    /// Parses `none`, `rot2`, `rot4` or `mirror`.
    fn from_str(s: &str) -> Result<Self, String> {
        let t = s.trim().to_ascii_lowercase();
        Symmetry::ALL
            .into_iter()
            .find(|y| y.name() == t)
            .ok_or_else(|| format!("'{s}' is not a symmetry (none, rot2, rot4, mirror)"))
    }
}

//! Naming an edge: its [`Plane`] (horizontal or vertical), an [`EdgeId`]
//! on the grid, and an [`At`] relative to a cell or vertex.

use std::fmt;

/// Which kind of edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plane {
    /// `H(i, j)`: from vertex `(i, j)` to `(i, j + 1)`.
    H,
    /// `V(i, j)`: from vertex `(i, j)` to `(i + 1, j)`.
    V,
}

impl Plane {
    /// The plane of the edges across these.
    #[inline(always)]
    pub const fn other(self) -> Plane {
        match self {
            Plane::H => Plane::V,
            Plane::V => Plane::H,
        }
    }

    /// Rows of edges of this plane on a board of `rows` cell rows.
    #[inline(always)]
    pub const fn rows(self, rows: usize) -> usize {
        match self {
            Plane::H => rows + 1,
            Plane::V => rows,
        }
    }
}

/// An edge relative to a cell or vertex at `(i, j)`: `plane(i + dr, j + dc)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At {
    /// Horizontal or vertical.
    pub plane: Plane,
    /// Row offset.
    pub dr: i32,
    /// Column offset.
    pub dc: i32,
}

impl At {
    /// `H(i + dr, j + dc)`.
    pub const fn h(dr: i32, dc: i32) -> At {
        At {
            plane: Plane::H,
            dr,
            dc,
        }
    }
    /// `V(i + dr, j + dc)`.
    pub const fn v(dr: i32, dc: i32) -> At {
        At {
            plane: Plane::V,
            dr,
            dc,
        }
    }
    /// The same edge seen from the cell `(dr, dc)` away.
    pub const fn from(self, dr: i32, dc: i32) -> At {
        At {
            plane: self.plane,
            dr: self.dr + dr,
            dc: self.dc + dc,
        }
    }
}

impl At {
    /// The edge this names for the cell or vertex `(i, j)`.
    #[inline(always)]
    pub const fn of(self, i: usize, j: usize) -> EdgeId {
        EdgeId {
            plane: self.plane,
            row: (i as i32 + self.dr) as usize,
            col: (j as i32 + self.dc) as usize,
        }
    }
}

/// An edge of the grid: `H(row, col)` or `V(row, col)`, the one name of an
/// edge from the search to the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EdgeId {
    /// Horizontal or vertical.
    pub plane: Plane,
    /// Row of the edge in its plane.
    pub row: usize,
    /// Column of the edge in its plane.
    pub col: usize,
}

impl EdgeId {
    /// `plane(row, col)`.
    #[inline(always)]
    pub const fn new(plane: Plane, row: usize, col: usize) -> Self {
        EdgeId { plane, row, col }
    }
}

impl fmt::Display for EdgeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = if self.plane == Plane::H { 'H' } else { 'V' };
        write!(f, "{p}({}, {})", self.row, self.col)
    }
}

//! Naming an edge: its [`Plane`] (horizontal or vertical), and an [`At`]
//! relative to a cell or vertex.

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

//! Where things are: a cell's sides and corners, a vertex's arms, and the
//! neighbours across them, all as [`At`] offsets from a cell or vertex.
//!
//! Every symmetric variant of a rule comes from here: a rule written for
//! one [`Corner`] or [`Side`] is applied to all four.

use super::At;

/// A side of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// `H(i, j)`.
    Top,
    /// `H(i + 1, j)`.
    Bottom,
    /// `V(i, j)`.
    Left,
    /// `V(i, j + 1)`.
    Right,
}

impl Side {
    /// The four sides.
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    /// The side's edge, relative to its cell.
    pub const fn at(self) -> At {
        match self {
            Side::Top => At::h(0, 0),
            Side::Bottom => At::h(1, 0),
            Side::Left => At::v(0, 0),
            Side::Right => At::v(0, 1),
        }
    }

    /// The side across the cell.
    pub const fn opposite(self) -> Side {
        match self {
            Side::Top => Side::Bottom,
            Side::Bottom => Side::Top,
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }

    /// `(dr, dc)` of the cell on the other side of this side.
    pub const fn neighbour(self) -> (i32, i32) {
        match self {
            Side::Top => (-1, 0),
            Side::Bottom => (1, 0),
            Side::Left => (0, -1),
            Side::Right => (0, 1),
        }
    }
}

/// A corner of a cell: `dy`, `dx` are 0 (top, left) or 1 (bottom, right).
/// Corner `(dy, dx)` of cell `(i, j)` is vertex `(i + dy, j + dx)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corner {
    /// 0 for the top corners, 1 for the bottom ones.
    pub dy: i32,
    /// 0 for the left corners, 1 for the right ones.
    pub dx: i32,
}

impl Corner {
    /// Top left.
    pub const NW: Corner = Corner { dy: 0, dx: 0 };
    /// Top right.
    pub const NE: Corner = Corner { dy: 0, dx: 1 };
    /// Bottom left.
    pub const SW: Corner = Corner { dy: 1, dx: 0 };
    /// Bottom right.
    pub const SE: Corner = Corner { dy: 1, dx: 1 };
    /// The four corners.
    pub const ALL: [Corner; 4] = [Corner::NW, Corner::NE, Corner::SW, Corner::SE];

    /// The cell's two sides that meet at this corner (horizontal, vertical).
    pub const fn sides(self) -> [At; 2] {
        [At::h(self.dy, 0), At::v(0, self.dx)]
    }

    /// The corner vertex's two edges that are not sides of the cell
    /// (horizontal, vertical).
    pub const fn exits(self) -> [At; 2] {
        [
            At::h(self.dy, 2 * self.dx - 1),
            At::v(2 * self.dy - 1, self.dx),
        ]
    }

    /// The corner diagonally across the cell.
    pub const fn opposite(self) -> Corner {
        Corner {
            dy: 1 - self.dy,
            dx: 1 - self.dx,
        }
    }

    /// The two corners sharing a side with this one.
    pub const fn adjacent(self) -> [Corner; 2] {
        [
            Corner {
                dy: self.dy,
                dx: 1 - self.dx,
            },
            Corner {
                dy: 1 - self.dy,
                dx: self.dx,
            },
        ]
    }

    /// `(dr, dc)` of the cell diagonally across this corner.
    pub const fn diagonal(self) -> (i32, i32) {
        (2 * self.dy - 1, 2 * self.dx - 1)
    }
}

/// The four edges at a vertex, relative to the vertex: left, right, up, down.
pub const ARMS: [At; 4] = [At::h(0, -1), At::h(0, 0), At::v(-1, 0), At::v(0, 0)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corner_edges_are_the_vertex_arms() {
        // Corner (dy, dx) of a cell is vertex (dy, dx) away; its sides and
        // exits, moved to that vertex, must be exactly the vertex's 4 arms.
        for c in Corner::ALL {
            let mut seen: Vec<At> = c
                .sides()
                .into_iter()
                .chain(c.exits())
                .map(|a| a.from(-c.dy, -c.dx))
                .collect();
            seen.sort_by_key(|a| (a.plane as u8, a.dr, a.dc));
            let mut arms = ARMS.to_vec();
            arms.sort_by_key(|a| (a.plane as u8, a.dr, a.dc));
            assert_eq!(seen, arms, "{c:?}");
        }
    }

    #[test]
    fn sides_at_opposite_corners_are_all_four() {
        for c in Corner::ALL {
            let mut s: Vec<At> = c.sides().into_iter().chain(c.opposite().sides()).collect();
            s.sort_by_key(|a| (a.plane as u8, a.dr, a.dc));
            let mut all: Vec<At> = Side::ALL.iter().map(|s| s.at()).collect();
            all.sort_by_key(|a| (a.plane as u8, a.dr, a.dc));
            assert_eq!(s, all);
        }
    }
}

//! Which rows of a board changed since the rules last reached a fixpoint,
//! by what changed in them (edges, colours, angle marks), and the rows
//! due for the rules that makes ([`DueRows`]): a family runs only near a
//! change of what it reads.
//!
//! Where it stops: a row is the unit (not an edge or a cell).

use crate::bits::RowSet;

/// The rows changed since the last fixpoint, by kind, each a set over the
/// rows `0..=rows` of a board.
#[derive(Debug, Default)]
pub(super) struct Changed {
    /// Bit `r`: an edge of plane row `r` (of either plane) changed (or
    /// every rule is due there).
    edges: RowSet,
    /// Bit `r`: a colour of cell row `r` changed.
    colors: RowSet,
    /// Bit `r`: an angle mark of cell row `r` changed.
    angles: RowSet,
}

impl Clone for Changed {
    fn clone(&self) -> Self {
        Changed {
            edges: self.edges.clone(),
            colors: self.colors.clone(),
            angles: self.angles.clone(),
        }
    }

    /// Reuses storage (a board copied for search copies these).
    #[inline]
    fn clone_from(&mut self, other: &Self) {
        self.edges.clone_from(&other.edges);
        self.colors.clone_from(&other.colors);
        self.angles.clone_from(&other.angles);
    }
}

impl Changed {
    /// Sets for a board of `rows` cell rows, every row changed (its edges:
    /// every rule due) and nothing else.
    #[inline]
    pub(super) fn reset(&mut self, rows: usize) {
        for set in [&mut self.edges, &mut self.colors, &mut self.angles] {
            set.resize(rows + 1);
        }
        self.colors.clear_all();
        self.angles.clear_all();
        self.edges.insert_all();
    }

    /// Whether any row changed.
    #[inline]
    pub(super) fn any(&self) -> bool {
        self.edges.any() || self.colors.any() || self.angles.any()
    }

    /// Nothing changed.
    #[inline]
    pub(super) fn clear(&mut self) {
        self.edges.clear_all();
        self.colors.clear_all();
        self.angles.clear_all();
    }

    /// Every row's edges changed: every rule is due everywhere.
    #[inline]
    pub(super) fn all_edges(&mut self) {
        self.edges.insert_all();
    }

    /// An edge of plane row `r` changed.
    #[inline(always)]
    pub(super) fn edge(&mut self, r: usize) {
        self.edges.insert(r);
    }

    /// A colour of cell row `r` changed.
    #[inline(always)]
    pub(super) fn color(&mut self, r: usize) {
        self.colors.insert(r);
    }

    /// An angle mark of cell row `r` changed.
    #[inline(always)]
    pub(super) fn angle(&mut self, r: usize) {
        self.angles.insert(r);
    }

    /// The rows that changed, of every kind, into `into`.
    #[inline]
    pub(super) fn rows(&self, into: &mut RowSet) {
        into.clone_from(&self.edges);
        into.union_with(&self.colors);
        into.union_with(&self.angles);
    }

    /// Makes `rows` the changed rows, as if their edges had changed.
    #[inline]
    pub(super) fn set_rows(&mut self, rows: &RowSet) {
        self.edges.clone_from(rows);
        self.colors.clear_all();
        self.angles.clear_all();
    }

    /// Moves the changed rows, widened by `reach` rows each way, into
    /// `due` (and the angle rules' rows, not widened, if `angles`); true if
    /// any row is due.
    #[inline(always)]
    pub(super) fn take(&mut self, reach: usize, angles: bool, due: &mut DueRows) -> bool {
        let (colors, marks) = (self.colors.any(), self.angles.any());
        if !self.edges.any() && !colors && !marks {
            return false;
        }
        let widened = |into: &mut RowSet, from: &RowSet| {
            into.clone_from(from);
            if reach > 0 {
                into.union_widened(from, reach as u32);
            }
        };
        if angles {
            due.angle_rows(&self.edges, &self.angles);
        }
        due.only_edges = !colors && !marks;
        if due.only_edges {
            widened(&mut due.any, &self.edges);
            self.edges.clear_all();
            return true;
        }
        widened(&mut due.edges, &self.edges);
        due.any.clone_from(&due.edges);
        if colors {
            widened(&mut due.colors, &self.colors);
            due.any.union_with(&due.colors);
            self.colors.clear_all();
        } else {
            due.colors.resize(self.edges.len());
            due.colors.clear_all();
        }
        if marks {
            due.any.union_with(&self.angles);
            if reach > 0 {
                due.any.union_widened(&self.angles, reach as u32);
            }
            self.angles.clear_all();
        }
        self.edges.clear_all();
        true
    }
}

/// The rows due for the rules, by what changed near them (see
/// [`crate::board::Board::take_changed`]): the families that read only
/// edges skip the rows where only colours or angle marks changed.
#[derive(Clone, Debug, Default)]
pub struct DueRows {
    /// Rows near any change.
    pub any: RowSet,
    /// Whether only edges changed: then `any` is every row near a changed
    /// edge, and `edges` and `colors` are not kept.
    pub only_edges: bool,
    /// Rows near a changed edge: every family is due there.
    pub edges: RowSet,
    /// Rows near a changed colour: the colour rules are due there.
    pub colors: RowSet,
    /// Cell rows where the angles' cell rules are due: a side of a cell
    /// (plane rows `i` and `i + 1`) or a mark of the row changed (kept
    /// only when the angle rules run).
    pub angle_cells: RowSet,
    /// Vertex rows where the angles' vertex rules are due: an arm of a
    /// vertex (plane rows `v - 1` and `v`) or a mark of the cell rows
    /// above or below (`v - 1`, `v`) changed.
    pub angle_vertices: RowSet,
}

impl DueRows {
    /// Every row due, for every family.
    pub fn every(&mut self, rows: usize) {
        for set in [
            &mut self.any,
            &mut self.angle_cells,
            &mut self.angle_vertices,
        ] {
            set.resize(rows + 1);
            set.insert_all();
        }
        self.only_edges = true;
    }

    /// The rows due for the angle rules, from the rows whose `edges`
    /// (plane rows) and `angles` (cell rows) changed, not widened: the
    /// angle rules read only the cell or vertex they decide at.
    #[inline]
    fn angle_rows(&mut self, edges: &RowSet, angles: &RowSet) {
        let (cells, vertices) = (&mut self.angle_cells, &mut self.angle_vertices);
        cells.clone_from(edges);
        cells.union_next(edges);
        cells.union_with(angles);
        vertices.clone_from(edges);
        vertices.union_with(angles);
        vertices.union_previous(edges);
        vertices.union_previous(angles);
    }

    /// Whether an edge changed near row `r`.
    #[inline(always)]
    pub fn edge_near(&self, r: usize) -> bool {
        self.only_edges || self.edges.contains(r)
    }

    /// Whether a colour (or an edge) changed near row `r`.
    #[inline(always)]
    pub fn color_near(&self, r: usize) -> bool {
        self.edge_near(r) || self.colors.contains(r)
    }

    /// The rows near a changed edge.
    #[inline(always)]
    pub fn edge_rows(&self) -> &RowSet {
        if self.only_edges {
            &self.any
        } else {
            &self.edges
        }
    }
}

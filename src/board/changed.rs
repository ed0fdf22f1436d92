//! Which rows of a board changed since the rules last reached a fixpoint,
//! by what changed in them (edges of each plane, colours, angle marks),
//! and the rows due for the rules that makes ([`DueRows`]): a family runs
//! only on the rows where what it reads changed.
//!
//! Where it stops: a row is the unit (not an edge or a cell).

use crate::bits::RowSet;

/// The rows changed since the last fixpoint, by kind, each a set over the
/// rows `0..=rows` of a board.
#[derive(Debug, Default)]
pub(super) struct Changed {
    /// Bit `r`: an edge of `H` row `r` changed (or every rule is due there).
    h: RowSet,
    /// Bit `r`: an edge of `V` row `r` changed (or every rule is due there).
    v: RowSet,
    /// Bit `r`: a colour of cell row `r` changed.
    colors: RowSet,
    /// Bit `r`: an angle mark of a top corner of cell row `r` changed
    /// (read by vertex row `r`).
    angles_top: RowSet,
    /// Bit `r`: an angle mark of a bottom corner of cell row `r` changed
    /// (read by vertex row `r + 1`).
    angles_bottom: RowSet,
}

impl Clone for Changed {
    fn clone(&self) -> Self {
        Changed {
            h: self.h.clone(),
            v: self.v.clone(),
            colors: self.colors.clone(),
            angles_top: self.angles_top.clone(),
            angles_bottom: self.angles_bottom.clone(),
        }
    }

    /// Reuses storage (a board copied for search copies these).
    #[inline]
    fn clone_from(&mut self, other: &Self) {
        self.h.clone_from(&other.h);
        self.v.clone_from(&other.v);
        self.colors.clone_from(&other.colors);
        self.angles_top.clone_from(&other.angles_top);
        self.angles_bottom.clone_from(&other.angles_bottom);
    }
}

impl Changed {
    /// Every set, in the order of the fields.
    #[inline(always)]
    fn sets(&mut self) -> [&mut RowSet; 5] {
        [
            &mut self.h,
            &mut self.v,
            &mut self.colors,
            &mut self.angles_top,
            &mut self.angles_bottom,
        ]
    }

    /// Sets for a board of `rows` cell rows, every row changed (its edges:
    /// every rule due) and nothing else.
    #[inline]
    pub(super) fn reset(&mut self, rows: usize) {
        for set in self.sets() {
            set.resize(rows + 1);
        }
        // The colours and marks: none changed.
        let [_, _, rest @ ..] = self.sets();
        for set in rest {
            set.clear_all();
        }
        self.all_edges();
    }

    /// Whether any row changed.
    #[inline]
    pub(super) fn any(&self) -> bool {
        self.h.any()
            || self.v.any()
            || self.colors.any()
            || self.angles_top.any()
            || self.angles_bottom.any()
    }

    /// Nothing changed.
    #[inline]
    pub(super) fn clear(&mut self) {
        for set in self.sets() {
            set.clear_all();
        }
    }

    /// Every row's edges changed: every rule is due everywhere.
    #[inline]
    pub(super) fn all_edges(&mut self) {
        self.h.insert_all();
        self.v.insert_all();
    }

    /// An edge of `H` row `r` (`horizontal`) or `V` row `r` changed.
    #[inline(always)]
    pub(super) fn edge(&mut self, horizontal: bool, r: usize) {
        if horizontal {
            self.h.insert(r);
        } else {
            self.v.insert(r);
        }
    }

    /// A colour of cell row `r` changed.
    #[inline(always)]
    pub(super) fn color(&mut self, r: usize) {
        self.colors.insert(r);
    }

    /// An angle mark of cell row `r` changed, at a top corner (`top`), a
    /// bottom one (`bottom`) or both.
    #[inline(always)]
    pub(super) fn angle(&mut self, r: usize, top: bool, bottom: bool) {
        if top {
            self.angles_top.insert(r);
        }
        if bottom {
            self.angles_bottom.insert(r);
        }
    }

    /// The rows that changed, of every kind, into `into`.
    #[inline]
    pub(super) fn rows(&self, into: &mut RowSet) {
        into.clone_from(&self.h);
        into.union_with(&self.v);
        into.union_with(&self.colors);
        into.union_with(&self.angles_top);
        into.union_with(&self.angles_bottom);
    }

    /// Makes `rows` the changed rows, as if their edges (of both planes)
    /// had changed.
    #[inline]
    pub(super) fn set_rows(&mut self, rows: &RowSet) {
        self.h.clone_from(rows);
        self.v.clone_from(rows);
        self.colors.clear_all();
        self.angles_top.clear_all();
        self.angles_bottom.clear_all();
    }

    /// Moves the changed rows into `due`: each family's rows, where what it
    /// reads changed (see [`DueRows`]), and the plane rows near a changed
    /// edge, widened by `reach` rows (0 or 1) each way, for the later
    /// tiers; true if any row is due.
    #[inline(always)]
    pub(super) fn take(&mut self, reach: usize, due: &mut DueRows) -> bool {
        if !self.any() {
            return false;
        }
        due.rows_of(self, reach);
        self.clear();
        true
    }
}

/// The rows due for the rules, by family: a family runs on a row only
/// where what it reads changed (see
/// [`crate::board::Board::take_changed`]). Cell row `i`'s sides are `H`
/// rows `i` and `i + 1` and `V` row `i`; vertex row `v`'s arms are `H` row
/// `v` and `V` rows `v - 1` and `v`.
#[derive(Clone, Debug, Default)]
pub struct DueRows {
    /// The cell rows a sweep visits: every row below holds, and, for each
    /// vertex row due, the cell rows on either side of it (a sweep visits
    /// a vertex row beside one of them).
    pub any: RowSet,
    /// Cell rows where the cell rules (R1-R3) are due: a side changed.
    pub cells: RowSet,
    /// Vertex rows where the vertex rules (R6-R8) are due: an arm changed.
    pub vertices: RowSet,
    /// Cell rows where the colour rules are due: a side changed, or a
    /// colour of the row or of the rows above and below.
    pub colors: RowSet,
    /// Plane rows near a changed edge (widened by the `reach` given to
    /// `take_changed`): where the later tiers are due.
    pub edges: RowSet,
    /// Cell rows where the angles' cell rules are due: a side of a cell
    /// or a mark of the row changed.
    pub angle_cells: RowSet,
    /// Vertex rows where the angles' vertex rules are due: an arm of a
    /// vertex or a mark of the cell rows above or below (`v - 1`, `v`)
    /// changed.
    pub angle_vertices: RowSet,
}

impl DueRows {
    /// Every row due, for every family.
    pub fn every(&mut self, rows: usize) {
        for set in self.sets() {
            set.resize(rows + 1);
            set.insert_all();
        }
    }

    /// The sets, in the order of [`due_words`]' words.
    fn sets(&mut self) -> [&mut RowSet; 7] {
        [
            &mut self.any,
            &mut self.cells,
            &mut self.vertices,
            &mut self.colors,
            &mut self.edges,
            &mut self.angle_cells,
            &mut self.angle_vertices,
        ]
    }

    /// The rows due for each family from the rows `changed` says changed,
    /// and the plane rows near a changed edge, widened by `reach` (0 or 1).
    /// (A pass of propagation begins here: on boards of up to 63 rows, a
    /// word each.)
    #[inline]
    fn rows_of(&mut self, changed: &Changed, reach: usize) {
        assert!(reach <= 1, "the later tiers look one row away at most");
        let Changed {
            h,
            v,
            colors,
            angles_top,
            angles_bottom,
        } = changed;
        let len = h.len();
        let sets = [h, v, colors, angles_top, angles_bottom];
        let singles = sets.map(RowSet::single);
        // (The sets always have one length: `every` and the loop below
        // resize them all.)
        let same = self.any.len() == len;
        let mut outs = self.sets();
        if let ([Some(h), Some(v), Some(c), Some(t), Some(b)], true) = (singles, same) {
            let shifted = |x: u64| [x, x << 1, x >> 1];
            let due = due_words([h, v, c, t, b].map(shifted), reach);
            let rows = u64::MAX >> (64 - len);
            for (set, word) in outs.into_iter().zip(due) {
                set.set_single(word & rows);
            }
            return;
        }
        outs.iter_mut().for_each(|set| set.resize(len));
        for w in 0..len.div_ceil(64) {
            let shifted = |s: &RowSet| [s.word(w, 0), s.word(w, 1), s.word(w, -1)];
            let due = due_words(sets.map(shifted), reach);
            for (set, word) in outs.iter_mut().zip(due) {
                set.set_word(w, word);
            }
        }
    }
}

/// A word of each of [`DueRows`]' sets, in the order `any`, `cells`,
/// `vertices`, `colors`, `edges`, `angle_cells`, `angle_vertices`, from the
/// same word of the changed `H` rows, `V` rows, colours and angle marks,
/// each as it is, moved one row away from row 0 and one row towards it;
/// the edges widened by `reach` (0 or 1).
#[inline(always)]
fn due_words(changed: [[u64; 3]; 5], reach: usize) -> [u64; 7] {
    // (x: as it is; up: row r in for row r - 1; down: row r for row r + 1.)
    let [[h, h_up, h_down], [v, v_up, v_down], [c, c_up, c_down], [t, _, t_down], [b, b_up, _]] =
        changed;
    // Cells: H row r is the bottom of cell row r - 1 and the top of r; V
    // row r is in cell row r. Vertices: H row r is in vertex row r; V row
    // r runs from vertex row r to r + 1. An angle mark of cell row r: that
    // cell and the vertex rows r and r + 1.
    let sides = h | h_down | v;
    let arms = h | v | v_up;
    let near = h_up | h_down | v_up | v_down;
    let widened = h | v | near;
    let (cells, vertices) = (sides, arms);
    let colors = sides | c | c_up | c_down;
    let angle_cells = sides | t | b;
    let angle_vertices = arms | t | b_up;
    // The sweep's rows: each vertex row due beside the cell rows above and
    // below it (vertex row r + 1 beside cell row r: H row r + 1, V row
    // r + 1, the top marks of row r + 1 and the bottom ones of row r).
    let any = angle_vertices | h_down | v_down | t_down | colors | angle_cells | widened;
    let edges = h | v | if reach > 0 { near } else { 0 };
    [
        any,
        cells,
        vertices,
        colors,
        edges,
        angle_cells,
        angle_vertices,
    ]
}

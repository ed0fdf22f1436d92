//! The classes of equal and opposite edges: a union-find with parity,
//! each class a ring of its members, and the constraints queued again when
//! one of their classes changes.

use super::{Constraint, Parity, NONE, UNKNOWN};
use crate::rules::Contradiction;

impl Parity {
    /// The root of `e`'s class and whether `e` is opposite to it.
    #[inline]
    pub(super) fn find(&mut self, e: u32) -> (u32, u8) {
        assert!((e as usize) < self.classes.parent.len(), "no edge {e}");
        // SAFETY: just checked.
        unsafe { self.find_unchecked(e) }
    }

    /// [`Parity::find`] without the check of `e`: the constraints' edges
    /// are read four at a time in every solve, where the check of each
    /// cost 2% of the instructions on Loopy's Hard 30x30 puzzles.
    ///
    /// # Safety
    ///
    /// `e` must be an edge of the classes (below their number of edges).
    #[inline]
    pub(super) unsafe fn find_unchecked(&mut self, e: u32) -> (u32, u8) {
        let c = &self.classes;
        // SAFETY: `e` is an edge (the caller's promise), and so is its
        // parent; `flip` holds one entry per edge (the invariant of
        // `Classes`).
        let (p, flip, grand) = unsafe {
            let p = *c.parent.get_unchecked(e as usize);
            (
                p,
                *c.flip.get_unchecked(e as usize),
                *c.parent.get_unchecked(p as usize),
            )
        };
        // Most edges are a root or point at one (paths are compressed).
        if grand == p {
            // (A root's own flip stays 0: only a joined root gets one.)
            return (p, flip);
        }
        self.find_far(e)
    }

    /// The value of root `r`: 0 (a cross), 1 (a line) or [`UNKNOWN`].
    ///
    /// # Safety
    ///
    /// `r` must be an edge of the classes, as every root
    /// [`Parity::find`] gives is.
    #[inline]
    pub(super) unsafe fn value_unchecked(&self, r: u32) -> u8 {
        // SAFETY: `r` is an edge (the caller's promise), and `value` holds
        // one entry per edge (the invariant of `Classes`).
        unsafe { *self.classes.value.get_unchecked(r as usize) }
    }

    /// [`Parity::find`] of an edge two or more steps from its root.
    #[inline(never)]
    fn find_far(&mut self, e: u32) -> (u32, u8) {
        let mut x = e;
        let mut flip = 0;
        while self.classes.parent[x as usize] != x {
            flip ^= self.classes.flip[x as usize];
            x = self.classes.parent[x as usize];
        }
        let root = x;
        // Path compression: every edge on the way points at the root.
        let (mut x, mut f) = (e, flip);
        while x != root {
            let (next, step) = (
                self.classes.parent[x as usize],
                self.classes.flip[x as usize],
            );
            self.classes.parent[x as usize] = root;
            self.classes.flip[x as usize] = f;
            f ^= step;
            x = next;
        }
        (root, flip)
    }

    /// Queues the constraints that hold members of both classes, roots `a`
    /// and `b` (about to be joined), found from the members of `b`: the
    /// join gives them two edges of one class. To a constraint with members
    /// of one of the two only, the join is a renaming (`b`'s members become
    /// `a`'s, flipped or not), which teaches it nothing it has not said.
    fn queue_meeting(&mut self, a: u32, b: u32) {
        self.queue_members(b, |parity, c| {
            let Constraint { edges, len, .. } = parity.constraints[c as usize];
            edges[..len as usize].iter().any(|&f| {
                // SAFETY: a constraint's edges are edges of the board the
                // classes were made for (`Parity::run` checks it).
                unsafe { parity.find_unchecked(f) }.0 == a
            })
        });
    }

    /// Queues the constraints of the members of root `r`'s class that are
    /// not queued yet and that `wanted` keeps.
    #[inline(always)]
    fn queue_members(&mut self, r: u32, mut wanted: impl FnMut(&mut Self, u32) -> bool) {
        let mut e = r;
        loop {
            for c in self.edge_constraints[e as usize] {
                if c != NONE && !self.classes.queued[c as usize] && wanted(self, c) {
                    self.classes.queued[c as usize] = true;
                    self.classes.queue.push(c);
                }
            }
            e = self.classes.next[e as usize];
            if e == r {
                break;
            }
        }
    }

    /// Queues constraint `c`, if it has undecided edges.
    pub(super) fn queue_one(&mut self, c: u32) {
        if c != NONE && !self.classes.queued[c as usize] && self.classes.open[c as usize] > 0 {
            self.classes.queued[c as usize] = true;
            self.classes.queue.push(c);
        }
    }

    /// Gives root `r` (undecided) the value `v`: the constraints of its
    /// members have that many fewer undecided edges, and those with some
    /// left are queued.
    pub(super) fn set(&mut self, r: u32, v: u8) {
        self.classes.value[r as usize] = v;
        self.decided.push(r);
        let mut e = r;
        loop {
            for c in self.edge_constraints[e as usize] {
                if c != NONE {
                    let open = &mut self.classes.open[c as usize];
                    *open -= 1;
                    if *open > 0 && !self.classes.queued[c as usize] {
                        self.classes.queued[c as usize] = true;
                        self.classes.queue.push(c);
                    }
                }
            }
            e = self.classes.next[e as usize];
            if e == r {
                break;
            }
        }
    }

    /// Makes edge `e` equal to `v`, as the board says; fails if its class
    /// is known to be the other value.
    pub(super) fn assign(&mut self, e: u32, v: u8) -> Result<(), Contradiction> {
        let (r, f) = self.find(e);
        match self.classes.value[r as usize] {
            UNKNOWN => {
                self.set(r, v ^ f);
                Ok(())
            }
            known if known == v ^ f => Ok(()),
            _ => Err(Contradiction::ParityBroken),
        }
    }

    /// Joins the classes of roots `a` and `b` (distinct, both undecided)
    /// so that `b` is `a` flipped by `d`.
    pub(super) fn join(&mut self, a: u32, b: u32, d: u8) {
        // The smaller class goes under the larger; its members' constraints
        // are due again.
        let (a, b) = if self.classes.size[a as usize] < self.classes.size[b as usize] {
            (b, a)
        } else {
            (a, b)
        };
        self.queue_meeting(a, b);
        self.classes.parent[b as usize] = a;
        self.classes.flip[b as usize] = d;
        self.classes.size[a as usize] += self.classes.size[b as usize];
        self.classes.next.swap(a as usize, b as usize);
    }

    /// Queues the constraints that hold the angles `m` of `cell`: the cell
    /// and the vertices at those corners.
    pub(super) fn queue_marked(&mut self, cell: usize, m: u8) {
        // The cell's constraint (blank cells' too: never queued) names the
        // vertex at each corner.
        let c = (self.rows + 1) * (self.cols + 1) + cell;
        self.queue_one(c as u32);
        let across = self.constraints[c].across;
        for (k, &vertex) in across.iter().enumerate() {
            if (m >> k | m >> (4 + k)) & 1 == 1 {
                self.queue_one(vertex);
            }
        }
    }
}

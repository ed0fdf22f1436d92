//! A constraint's angles, all four at once: each angle is a 16-bit lane
//! of one word (lane `k` for the constraint's `k`-th angle), holding the
//! assignments that make its first edge a line (`p`), its second (`q`),
//! and the angle's marks as all ones or none (`most`: at most one line,
//! `least`: at least one). What the marks forbid and what every valid
//! assignment says of each angle are then a few word operations for the
//! four angles, where a loop over them cost some 30 instructions each.
//!
//! Where it stops: it reads and proposes marks; writing them (and
//! queueing their constraints) is [`super::Parity`]'s.

use super::{Constraint, Parity};
use crate::bits::nonzero_lanes16 as nonzero;

/// The low 15 bits of every lane.
const LOW: u64 = 0x7fff_7fff_7fff_7fff;

/// The top bit of every lane.
const HIGH: u64 = !LOW;

/// Per lane: its top bit set where the lane is zero.
#[inline(always)]
fn zero(x: u64) -> u64 {
    !nonzero(x) & HIGH
}

/// The angles of one constraint, a lane each; lanes past its angles are
/// zero in every field (they forbid nothing and propose nothing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct AngleLanes {
    /// The assignments that make the angle's first edge a line.
    p: u64,
    /// The same for its second edge.
    q: u64,
    /// All ones where the angle holds at most one line.
    most: u64,
    /// All ones where it holds at least one.
    least: u64,
}

impl AngleLanes {
    /// The angles of `c`, its edges' assignments being `lines`, with the
    /// cells' marks `marks` (bit `k` of at most one at corner `k`, bit
    /// `4 + k` of at least one).
    #[inline(always)]
    pub(super) fn of(c: &Constraint, lines: &[u16; 4], marks: &[u8]) -> Self {
        if c.of_cell {
            return Self::of_cell(c, lines, marks);
        }
        if c.angle_count == 4 {
            return Self::of_inner_vertex(c, lines, marks);
        }
        let mut a = AngleLanes::default();
        for (k, &(p, q, cell, corner)) in c.angles[..c.angle_count as usize].iter().enumerate() {
            let at = 16 * k as u32;
            let m = u64::from(marks[cell as usize] >> corner);
            a.p |= u64::from(lines[usize::from(p & 3)]) << at;
            a.q |= u64::from(lines[usize::from(q & 3)]) << at;
            a.most |= (m & 1) << at;
            a.least |= (m >> 4 & 1) << at;
        }
        // One bit per lane to the whole lane.
        a.most *= 0xffff;
        a.least *= 0xffff;
        a
    }

    /// [`AngleLanes::of`] a clued cell's constraint `c`: its sides' words
    /// and its cell's one byte of marks moved into the lanes whole, as
    /// [`Constraint::cell_angles`] lays the angles out.
    #[inline(always)]
    fn of_cell(c: &Constraint, lines: &[u16; 4], marks: &[u8]) -> Self {
        let cell = c.angles[0].2;
        debug_assert_eq!(
            c.angles,
            Constraint::cell_angles(cell),
            "not a cell's angles"
        );
        let [top, bottom, left, right] = lines.map(u64::from);
        let m = u64::from(marks[cell as usize]);
        AngleLanes {
            // Corner k: side k >> 1 (top, top, bottom, bottom) and side
            // 2 + (k & 1) (left, right, left, right).
            p: (top | bottom << 32) * 0x1_0001,
            q: (left | right << 16) * 0x1_0000_0001,
            most: spread(m & 0xf) * 0xffff,
            least: spread(m >> 4 & 0xf) * 0xffff,
        }
    }

    /// [`AngleLanes::of`] an inner vertex's constraint `c` (four angles,
    /// laid out as [`Constraint::inner_vertex_angles`] says): its arms'
    /// words moved into the lanes whole, and the mark at each angle's
    /// corner read from its cell with a constant shift.
    #[inline(always)]
    fn of_inner_vertex(c: &Constraint, lines: &[u16; 4], marks: &[u8]) -> Self {
        debug_assert_eq!(
            c.angles.map(|(p, q, _, corner)| (p, q, corner)),
            Constraint::inner_vertex_angles([0; 4]).map(|(p, q, _, corner)| (p, q, corner)),
            "not an inner vertex's angles"
        );
        let [left, right, up, down] = lines.map(u64::from);
        // Angle k at corner 3 - k of its cell: its two marks (bits
        // 3 - k and 7 - k of the cell's byte) to bits k and 4 + k.
        let mark = |k: usize| u64::from(marks[c.angles[k].2 as usize] >> (3 - k) & 0x11) << k;
        let m = mark(0) | mark(1) | mark(2) | mark(3);
        AngleLanes {
            // Angle k: arm 2 + (k >> 1) (up, up, down, down) and arm
            // k & 1 (left, right, left, right).
            p: (up | down << 32) * 0x1_0001,
            q: (left | right << 16) * 0x1_0000_0001,
            most: spread(m & 0xf) * 0xffff,
            least: spread(m >> 4 & 0xf) * 0xffff,
        }
    }

    /// The assignments every angle allows: never both lines where at
    /// most one is, never neither where at least one is.
    #[inline(always)]
    pub(super) fn allowed(&self) -> u16 {
        let ok = !(self.p & self.q & self.most) & (self.p | self.q | !self.least);
        let ok = ok & (ok >> 32);
        (ok & (ok >> 16)) as u16
    }

    /// The marks that every assignment of `valid` agrees on and that the
    /// angle lacks: bit `k` of at most one at angle `k`, bit `4 + k` of
    /// at least one. A mark its edges already say (one of them a cross in
    /// every assignment, for at most one; a line, for at least one) is
    /// left out: it tells no one anything.
    #[inline(always)]
    pub(super) fn new_marks(&self, valid: u16) -> u8 {
        let v = u64::from(valid) * 0x0001_0001_0001_0001;
        let (p, q) = (self.p, self.q);
        let most = zero(v & p & q) & nonzero(p) & nonzero(q) & !self.most;
        let least = zero(v & !(p | q)) & nonzero(!p) & nonzero(!q) & !self.least;
        lane_bits(most) | lane_bits(least) << 4
    }
}

/// Bits 0 to 3 of `x` (the rest clear) to bit 0 of lanes 0 to 3: the
/// product puts bit `k` at bits `k + 15 j`, sixteen places that never meet,
/// and lane `k`'s bit 0 is the one for `j = k`.
#[inline(always)]
fn spread(x: u64) -> u64 {
    x.wrapping_mul(1 | 1 << 15 | 1 << 30 | 1 << 45) & 0x0001_0001_0001_0001
}

/// The lanes' top bits as bits 0 to 3: brought to each lane's bit 0,
/// then one product moves lane `k`'s to bit `48 + k` (the other products
/// fall below bit 36 or past bit 63, and no two meet, so nothing carries).
#[inline(always)]
fn lane_bits(x: u64) -> u8 {
    let low = x >> 15 & 0x0001_0001_0001_0001;
    (low.wrapping_mul(0x0001_0002_0004_0008) >> 48 & 0xf) as u8
}

impl Parity {
    /// Writes the marks `add` (as [`AngleLanes::new_marks`] gives them) to
    /// the cells of `c`'s angles and queues the other constraint of each
    /// (`c`, being solved, is queued still).
    pub(super) fn add_marks(&mut self, c: &Constraint, add: u8) {
        let mut lanes = (add | add >> 4) & 0xf;
        while lanes != 0 {
            let k = lanes.trailing_zeros() as usize;
            lanes &= lanes - 1;
            let (_, _, cell, corner) = c.angles[k];
            let bits = (add >> k & 1) << corner | (add >> (4 + k) & 1) << (4 + corner);
            let cell = cell as usize;
            self.classes.marks[cell] |= bits;
            self.new_marks.push((cell, bits));
            self.queue_one(c.across[k]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::NONE;
    use super::*;
    use crate::util::rng::Rng;

    /// The angles one at a time, as stated: the reference the lanes are
    /// held to.
    fn one_by_one(c: &Constraint, lines: &[u16; 4], marks: &[u8], valid: u16) -> (u16, u8) {
        let mut allowed = u16::MAX;
        let mut add = 0;
        for (k, &(p, q, cell, corner)) in c.angles[..c.angle_count as usize].iter().enumerate() {
            let (p, q) = (lines[usize::from(p)], lines[usize::from(q)]);
            let m = marks[cell as usize] >> corner;
            if m & 1 == 1 {
                allowed &= !(p & q);
            }
            if m >> 4 & 1 == 1 {
                allowed &= p | q;
            }
            if valid & p & q == 0 && p != 0 && q != 0 && m & 1 == 0 {
                add |= 1 << k;
            }
            if valid & !(p | q) == 0 && p != u16::MAX && q != u16::MAX && m >> 4 & 1 == 0 {
                add |= 1 << (4 + k);
            }
        }
        (allowed, add)
    }

    /// Random constraints, edges, marks and valid sets: the lanes allow
    /// and propose what the angles one at a time do. Each line is drawn
    /// from a few patterns (none, all, one class's assignments, their
    /// complements, or random) so that every case of each test occurs.
    #[test]
    fn angle_lanes_match_the_angles_one_by_one() {
        let mut rng = Rng::new(0x5a17);
        let patterns = [0u16, u16::MAX, 0xaaaa, 0xcccc, 0x5555, 0xf0f0, 0xff00];
        let (mut proposed, mut forbidden, mut cells, mut inner) = (0, 0, 0, 0);
        for _ in 0..20_000 {
            let count = rng.index(5);
            let mut c = Constraint {
                edges: [0; 4],
                len: 4,
                allowed: 0,
                angles: [(0, 0, 0, 0); 4],
                angle_count: count as u8,
                of_cell: rng.index(3) == 0,
                across: [NONE; 4],
            };
            let at = [0; 4].map(|_: u32| rng.index(3) as u32);
            if c.of_cell {
                c.angles = Constraint::cell_angles(at[0]);
                c.angle_count = 4;
            } else if count == 4 {
                c.angles = Constraint::inner_vertex_angles(at);
            }
            for k in (0..count).filter(|_| !c.of_cell && count < 4) {
                let (p, q) = (rng.index(4) as u8, rng.index(4) as u8);
                c.angles[k] = (p, q, rng.index(3) as u32, rng.index(4) as u8);
            }
            let lines = [0; 4].map(|_: u16| match rng.index(9) {
                n @ 0..=6 => patterns[n],
                _ => rng.index(1 << 16) as u16,
            });
            let marks = [0; 3].map(|_: u8| rng.index(256) as u8);
            let valid = match rng.index(3) {
                0 => u16::MAX,
                _ => rng.index(1 << 16) as u16 | 1,
            };
            let lanes = AngleLanes::of(&c, &lines, &marks);
            let (allowed, add) = one_by_one(&c, &lines, &marks, valid);
            assert_eq!(lanes.allowed(), allowed, "{c:?} {lines:?} {marks:?}");
            assert_eq!(
                lanes.new_marks(valid),
                add,
                "{c:?} {lines:?} {marks:?} {valid:#x}"
            );
            proposed += usize::from(add != 0);
            cells += usize::from(c.of_cell);
            inner += usize::from(!c.of_cell && count == 4);
            forbidden += usize::from(allowed != u16::MAX);
        }
        assert!(
            proposed > 1_000 && forbidden > 1_000,
            "{proposed} {forbidden}"
        );
        assert!(cells > 1_000, "{cells} cells' constraints");
        assert!(inner > 1_000, "{inner} inner vertices' constraints");
    }
}

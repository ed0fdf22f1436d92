//! The lattice lines of one-word rows (2 to 63 columns), eight columns
//! (32 bytes) at a time in AVX2 registers: each byte of the eight columns
//! picks its character from the bits of its own column, and each line is
//! written in place in the output's spare room (see `lattice` below).
//! (Built in a buffer and copied, a line takes fewer instructions but more
//! time: the copy reads bytes just stored.)
//!
//! A group's bytes find their column's bits with one byte shuffle of the
//! row words (broadcast once a line) by a per-group index table, then a
//! mask of the column's bit; the characters are one look-up more.

use crate::puzzle::solution::Solution;
use crate::puzzle::{Puzzle, BLANK};
use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_or_si256,
    _mm256_set1_epi64x, _mm256_set1_epi8, _mm256_set_epi64x, _mm256_shuffle_epi8,
    _mm256_storeu_si256, _mm256_sub_epi8,
};

/// 32 bytes, byte `b` given by `$byte` (an expression of `b`).
macro_rules! bytes32 {
    (|$b:ident| $byte:expr) => {{
        let mut t = [0u8; 32];
        let mut $b = 0;
        while $b < 32 {
            t[$b] = $byte;
            $b += 1;
        }
        t
    }};
}

/// Eight tables of 32 bytes, table `t` byte `b` given by `$byte`.
macro_rules! groups32 {
    (|$t:ident, $b:ident| $byte:expr) => {{
        let mut all = [[0u8; 32]; 8];
        let mut $t = 0;
        while $t < 8 {
            let mut $b = 0;
            while $b < 32 {
                all[$t][$b] = $byte;
                $b += 1;
            }
            $t += 1;
        }
        all
    }};
}

/// Per byte of eight columns, the bit of its column (`b / 4`) within a
/// byte of row bits.
const SEL: [u8; 32] = bytes32!(|b| 1 << (b / 4));

/// For group `t` of a vertex row, the byte of the row words (`[rl, r]` in
/// each 128-bit half: the edges at each vertex, then those on its right)
/// each byte reads: a vertex byte (each column's first) byte `t` of `rl`,
/// an edge byte byte `t` of `r`.
const VERTEX_BYTES: [[u8; 32]; 8] =
    groups32!(|t, b| if b % 4 == 0 { t as u8 } else { 8 + t as u8 });

/// For group `t`, byte `t` of a broadcast word at each column's first
/// byte (its vertex or its bar), zero (0x80) at the others.
const FIRST_BYTES: [[u8; 32]; 8] = groups32!(|t, b| if b % 4 == 0 { t as u8 } else { 0x80 });

/// A vertex row's characters by index, in both halves: at a vertex, bit 0
/// a horizontal line at it, bit 1 a vertical one; on an edge, bit 0 a line.
const VERTEX_CHARS: [u8; 32] = bytes32!(|b| match b % 16 {
    0..=3 => b" -|+"[b % 16],
    _ => 0,
});

/// The glyph places of eight columns (byte `4k + 2` for column `k`)
/// take byte `k` of the eight (in each 128-bit half, columns 0-3 and
/// 4-7 of a broadcast word); the other bytes 0x80, a zero.
const SPREAD: [u8; 32] = bytes32!(|b| if b % 4 == 2 { (b / 4) as u8 } else { 0x80 });

/// A clue's glyph by its byte, in both halves: `0`-`4`; a blank (255,
/// bit 7 set) looks up a zero.
const GLYPHS: [u8; 32] = bytes32!(|b| if b % 16 < 5 { b'0' + (b % 16) as u8 } else { 0 });

/// `|` at each column's first byte.
const BARS: [u8; 32] = bytes32!(|b| if b % 4 == 0 { b'|' } else { 0 });

#[inline(always)]
fn load(bytes: &[u8; 32]) -> __m256i {
    // SAFETY: AVX2 is on (this module's condition); 32 bytes are read.
    unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) }
}

/// All ones in the bytes of the eight columns whose bit is set in the
/// bytes `bytes` picks from `words` (with [`SEL`]).
#[inline(always)]
fn columns(words: __m256i, bytes: &[u8; 32], sel: __m256i) -> __m256i {
    // SAFETY: AVX2 is on.
    unsafe {
        _mm256_cmpeq_epi8(
            _mm256_and_si256(_mm256_shuffle_epi8(words, load(bytes)), sel),
            sel,
        )
    }
}

/// A line being written: its first byte, in room that holds `written`
/// bytes from there.
struct Line {
    at: *mut u8,
    #[cfg(debug_assertions)]
    written: usize,
}

impl Line {
    /// Stores 32 bytes at byte `2 + 32 * t` of the line.
    #[inline(always)]
    fn group(&self, t: usize, bytes: __m256i) {
        #[cfg(debug_assertions)]
        debug_assert!(2 + 32 * t + 32 <= self.written, "group {t} past the room");
        // SAFETY: AVX2 is on; [`lattice`] makes room for `written` bytes
        // from the line's start, `2 + 32 * groups` at least (checked above
        // in debug builds).
        unsafe { _mm256_storeu_si256(self.at.add(2 + 32 * t).cast(), bytes) };
    }

    /// Stores `bytes` at byte `k` of the line.
    #[inline(always)]
    fn two(&self, k: usize, bytes: [u8; 2]) {
        #[cfg(debug_assertions)]
        debug_assert!(k + 2 <= self.written, "byte {k} past the room");
        // SAFETY: within the room (checked above in debug builds).
        unsafe { self.at.add(k).cast::<[u8; 2]>().write_unaligned(bytes) };
    }
}

/// Writes the columns of a vertex row from byte 2 of `line`: the
/// horizontal edges `h` (bits `0..c`) and the vertices touched by a
/// vertical line `vertical` (bits `0..=c`), in `groups` groups.
#[inline(always)]
fn vertex_row(groups: usize, h: u64, vertical: u64, line: &Line) {
    // SAFETY: AVX2 is on.
    unsafe {
        // Per half, the edges at each vertex (left or right), then those
        // on its right.
        let across = (h | h << 1) as i64;
        let edges = _mm256_set_epi64x(h as i64, across, h as i64, across);
        let down = _mm256_set1_epi64x(vertical as i64);
        let (sel, chars, two) = (load(&SEL), load(&VERTEX_CHARS), _mm256_set1_epi8(2));
        for t in 0..groups {
            // All ones where a line is: at a vertex across (or on an edge),
            // and down (at a vertex only).
            let a = columns(edges, &VERTEX_BYTES[t], sel);
            let d = columns(down, &FIRST_BYTES[t], sel);
            // 2 for down, 1 for across (minus all ones).
            let k = _mm256_sub_epi8(_mm256_and_si256(d, two), a);
            line.group(t, _mm256_shuffle_epi8(chars, k));
        }
    }
}

/// Writes the columns of a cell row from byte 2 of `line`: the clues
/// `eight(t)` (those of the row's columns `8t..8t + 8`) and the vertical
/// edges `v` (bits `0..=c`), in `groups` groups.
#[inline(always)]
fn cell_row(groups: usize, v: u64, line: &Line, eight: impl Fn(usize) -> i64) {
    // SAFETY: AVX2 is on.
    unsafe {
        let bars = _mm256_set1_epi64x(v as i64);
        let (sel, glyphs, spread) = (load(&SEL), load(&GLYPHS), load(&SPREAD));
        let (bar, space) = (load(&BARS), _mm256_set1_epi8(b' ' as i8));
        for (t, first) in FIRST_BYTES.iter().enumerate().take(groups) {
            // The eight clues' glyphs, then each moved to its place.
            let clues = _mm256_set1_epi64x(eight(t));
            let glyph = _mm256_shuffle_epi8(_mm256_shuffle_epi8(glyphs, clues), spread);
            let bar = _mm256_and_si256(columns(bars, first, sel), bar);
            // A space, a bar or a glyph: each has the space's bit.
            line.group(t, _mm256_or_si256(_mm256_or_si256(glyph, bar), space));
        }
    }
}

/// The eight clue bytes from `at` on (blanks past the last clue): what
/// follows a row's clues lands on its last column's glyph place, which
/// the border takes, or past the line.
#[inline(always)]
fn eight(clues: &[u8], at: usize) -> i64 {
    match clues.get(at..at + 8) {
        Some(bytes) => i64::from_le_bytes(bytes.try_into().expect("eight bytes")),
        None => {
            let mut bytes = [BLANK; 8];
            let rest = clues.get(at..).unwrap_or_default();
            bytes[..rest.len()].copy_from_slice(rest);
            i64::from_le_bytes(bytes)
        }
    }
}

/// Groups of eight columns in a lattice line of `c` columns: the
/// vertex or vertical edge `c` is one more.
#[inline(always)]
fn groups(c: usize) -> usize {
    (c + 1).div_ceil(8)
}

/// Appends the lattice lines of the drawing of `s` (a solution of `p`
/// of at least 2 and fewer than 64 columns, one word per row) to `out`,
/// which has room for the whole drawing. Each line is written in place
/// in the room past `out`'s end: its groups go up to 28 bytes past the
/// line's end, into the room of the lines after it (at least the two
/// below the lattice: that is where 2 columns are needed), which are
/// written after it.
pub fn lattice(p: &Puzzle, s: &Solution, out: &mut Vec<u8>) {
    let (r, c) = (p.rows(), p.cols());
    assert!(
        s.stride() == 1 && (2..64).contains(&c) && r > 0,
        "one-word rows"
    );
    let (h, v, clues) = (s.h_words(), s.v_words(), p.clue_bytes());
    assert_eq!((h.len(), v.len()), (r + 1, r), "one word a row");
    let (width, groups) = (super::line_len(c), groups(c));
    // Every byte of a line is written: `"# "`, the groups from byte 2
    // (`2 + 32 * groups` bytes, at least `width`), and the border's `#`
    // and the newline last, over the last group.
    let written = (2 + 32 * groups).max(width);
    let lines = 2 * r + 1;
    // Room for every line and the last one's groups, checked once.
    let room = &mut out.spare_capacity_mut()[..(lines - 1) * width + written];
    let start = room.as_mut_ptr().cast::<u8>();
    let mut k = 0;
    let mut next = || {
        debug_assert!(k < lines);
        let line = Line {
            // SAFETY: line `k < lines` starts within the room, `written`
            // bytes before its end at most.
            at: unsafe { start.add(k * width) },
            #[cfg(debug_assertions)]
            written,
        };
        k += 1;
        line.two(0, *b"# ");
        line
    };
    let end = |line: Line| line.two(width - 2, *b"#\n");
    // The vertical lines at each vertex row: those above and below it, on
    // the board.
    let mut above = v[0];
    for (i, (&h, &below)) in h.iter().zip(v).enumerate() {
        let line = next();
        vertex_row(groups, h, above | below, &line);
        end(line);
        let (line, at) = (next(), i * c);
        // A row's clues are read eight bytes a group where they all lie
        // in the clues (all rows but the last or so).
        if let Some(row) = clues.get(at..at + 8 * groups) {
            cell_row(groups, below, &line, |t| {
                let bytes = &row[8 * t..8 * t + 8];
                i64::from_le_bytes(bytes.try_into().expect("eight bytes"))
            });
        } else {
            cell_row(groups, below, &line, |t| eight(clues, at + 8 * t));
        }
        end(line);
        above = below;
    }
    let line = next();
    vertex_row(groups, h[r], above, &line);
    end(line);
    // SAFETY: the first `lines * width` bytes of the room are written
    // above, every byte of each line.
    unsafe { out.set_len(out.len() + lines * width) };
}

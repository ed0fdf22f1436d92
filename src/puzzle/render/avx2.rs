//! The lattice lines of one-word rows (2 to 63 columns), eight columns
//! (32 bytes) at a time in AVX2 registers: each byte of the eight columns
//! picks its character from the bits of its own column, and each line is
//! written in place in the output's spare room (see `lattice` below).
//! (Built in a buffer and copied, a line takes fewer instructions but more
//! time: the copy reads bytes just stored.)

use crate::puzzle::solution::Solution;
use crate::puzzle::{Puzzle, BLANK};
use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_blendv_epi8, _mm256_cmpeq_epi8, _mm256_loadu_si256,
    _mm256_or_si256, _mm256_set1_epi64x, _mm256_set1_epi8, _mm256_shuffle_epi8,
    _mm256_storeu_si256,
};
use std::mem::MaybeUninit;

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

/// Per byte of eight columns, the bit of its column (`b / 4`) within a
/// byte of row bits.
const SEL: [u8; 32] = bytes32!(|b| 1 << (b / 4));

/// A column's first byte (its vertex or its bar): all ones there.
const FIRST: [u8; 32] = bytes32!(|b| if b % 4 == 0 { 0xff } else { 0 });

/// A vertex row's characters by index, in both halves: 0-3 a vertex
/// (bit 0: a horizontal line at it, bit 1: a vertical one), 4-5 a
/// horizontal edge's byte (bit 0: a line).
const VERTEX_CHARS: [u8; 32] = bytes32!(|b| match b % 16 {
    0..=5 => b" -|+ -"[b % 16],
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

/// All ones in the bytes of the columns of group `t` (columns `8t` to
/// `8t + 7`) whose bit is set in the row word `word` (broadcast).
#[inline(always)]
fn columns(word: __m256i, t: usize, sel: __m256i) -> __m256i {
    // SAFETY: AVX2 is on.
    unsafe {
        let byte = _mm256_shuffle_epi8(word, _mm256_set1_epi8(t as i8));
        _mm256_cmpeq_epi8(_mm256_and_si256(byte, sel), sel)
    }
}

/// Stores group `t` of the line that starts at the start of `room`.
#[inline(always)]
fn store(room: &mut [MaybeUninit<u8>], t: usize, bytes: __m256i) {
    let group = &mut room[2 + 32 * t..][..32];
    // SAFETY: AVX2 is on; `group` holds the 32 bytes written.
    unsafe { _mm256_storeu_si256(group.as_mut_ptr().cast(), bytes) };
}

/// Writes the columns of a vertex row from byte 2 of `room`: the
/// horizontal edges `h` (bits `0..c`) and the vertices touched by a
/// vertical line `vertical` (bits `0..=c`), in [`groups`] groups.
#[inline(always)]
fn vertex_row(c: usize, h: u64, vertical: u64, room: &mut [MaybeUninit<u8>]) {
    // SAFETY: AVX2 is on.
    unsafe {
        let (right, left) = (
            _mm256_set1_epi64x(h as i64),
            _mm256_set1_epi64x((h << 1) as i64),
        );
        let down = _mm256_set1_epi64x(vertical as i64);
        let (sel, first, chars) = (load(&SEL), load(&FIRST), load(&VERTEX_CHARS));
        let (one, two, four) = (
            _mm256_set1_epi8(1),
            _mm256_set1_epi8(2),
            _mm256_set1_epi8(4),
        );
        for t in 0..groups(c) {
            let (r, l, v) = (
                columns(right, t, sel),
                columns(left, t, sel),
                columns(down, t, sel),
            );
            let at_vertex = _mm256_or_si256(
                _mm256_and_si256(_mm256_or_si256(r, l), one),
                _mm256_and_si256(v, two),
            );
            let on_edge = _mm256_or_si256(_mm256_and_si256(r, one), four);
            let k = _mm256_blendv_epi8(on_edge, at_vertex, first);
            store(room, t, _mm256_shuffle_epi8(chars, k));
        }
    }
}

/// Writes the columns of cell row `i` from byte 2 of `room`: the clues
/// of the row (from `clues`, every clue of the puzzle, `c` a row) and
/// the vertical edges `v` (bits `0..=c`), in [`groups`] groups.
#[inline(always)]
fn cell_row(clues: &[u8], c: usize, i: usize, v: u64, room: &mut [MaybeUninit<u8>]) {
    // SAFETY: AVX2 is on.
    unsafe {
        let bars = _mm256_set1_epi64x(v as i64);
        let (sel, glyphs, spread) = (load(&SEL), load(&GLYPHS), load(&SPREAD));
        let (bar, space) = (load(&BARS), _mm256_set1_epi8(b' ' as i8));
        for t in 0..groups(c) {
            // The eight clues' glyphs, then each moved to its place.
            let clues = _mm256_set1_epi64x(eight(clues, i * c + 8 * t));
            let glyph = _mm256_shuffle_epi8(_mm256_shuffle_epi8(glyphs, clues), spread);
            let bar = _mm256_and_si256(columns(bars, t, sel), bar);
            // A space, a bar or a glyph: each has the space's bit.
            store(room, t, _mm256_or_si256(_mm256_or_si256(glyph, bar), space));
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
    let width = super::line_len(c);
    // Every byte of a line is written: `"# "`, the groups from byte 2
    // (`2 + 32 * groups(c)` bytes, at least `width`), and the border's
    // `#` and the newline last, over the last group.
    let written = (2 + 32 * groups(c)).max(width);
    for i in 0..=r {
        // The vertical lines at vertex row `i`: those above and below
        // it, on the board.
        let vertical = v[i.saturating_sub(1)] | v[i.min(r - 1)];
        line(out, width, written, |room| {
            vertex_row(c, h[i], vertical, room)
        });
        if i < r {
            line(out, width, written, |room| {
                cell_row(clues, c, i, v[i], room)
            });
        }
    }
}

/// Appends a lattice line of `width` bytes to `out`: `"# "`, then what
/// `columns` writes from byte 2 of the room past `out`'s end, then the
/// border's `#` and the newline over its last two bytes. Every byte of
/// the line is written: `columns` writes bytes `2..written`, at least
/// up to `width`.
#[inline(always)]
fn line(
    out: &mut Vec<u8>,
    width: usize,
    written: usize,
    columns: impl FnOnce(&mut [MaybeUninit<u8>]),
) {
    let room = &mut out.spare_capacity_mut()[..written];
    room[0].write(b'#');
    room[1].write(b' ');
    columns(room);
    room[width - 2].write(b'#');
    room[width - 1].write(b'\n');
    // SAFETY: the first `width` bytes of the room are written above.
    unsafe { out.set_len(out.len() + width) };
}

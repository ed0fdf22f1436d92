//! A whole body in the judge's own layout read 32 clues (64 bytes) at a
//! time in AVX2 registers: every clue and the byte after it, `"d "` (or
//! `"d\n"` at a row's end, `d` a digit 0-3 or `.`), is a 16-bit lane,
//! checked and packed at once.

use crate::puzzle::BLANK;
use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_packus_epi16, _mm256_permute4x64_epi64, _mm256_set1_epi16,
    _mm256_set1_epi8, _mm256_setr_epi8, _mm256_shuffle_epi8, _mm256_storeu_si256,
};

/// Reads the rows of a body of `out.len()` clues in rows of `cols`, at
/// the start of `text`, into `out` if they are in the judge's own layout:
/// each row `cols` clues (digits 0-3, `.` for a blank) separated by single
/// spaces, then `\n` (so
/// `2 * out.len()` bytes). False, with `out` in any state, for any other
/// text, and when there are fewer than 32 clues. (Not inlined: inlined,
/// it costs the row by row reading after it, which small boards take,
/// more than the call.)
#[inline(never)]
pub(super) fn plain_clues(text: &[u8], cols: usize, out: &mut [u8]) -> bool {
    let n = out.len();
    let Some(text) = text.get(..2 * n) else {
        return false;
    };
    if n < 32 || cols == 0 || n % cols != 0 {
        return false;
    }
    let mut newlines = 0;
    let mut k = 0;
    while k < n {
        // The last 32 clues overlap those before unless `n` is a multiple
        // of 32: their first `skip` clues were read (and counted) already.
        let at = k.min(n - 32);
        let skip = k - at;
        let src: &[u8; 64] = text[2 * at..2 * at + 64].try_into().expect("64 bytes");
        let dst: &mut [u8; 32] = (&mut out[at..at + 32]).try_into().expect("32 bytes");
        match clues32(src, dst) {
            Some(ends) => newlines += (ends >> (2 * skip)).count_ones() as usize,
            None => return false,
        }
        k = at + 32;
    }
    // Every byte after a clue a space or a newline, as many newlines as
    // rows, and one at each row's end: so exactly there.
    newlines == n / cols
        && text
            .chunks_exact(2 * cols)
            .all(|l| l[2 * cols - 1] == b'\n')
}

// A dot's lane is made all ones.
const _: () = assert!(BLANK == 0xff);

/// Checks the 32 lanes of `src` (each a digit `'0'`-`'3'` or a `'.'`,
/// then a space or a newline) and writes their clues to `dst` (a `'.'` as
/// [`BLANK`]): the newlines (bit `2k + 1` for lane `k`), or `None` if a
/// lane is anything else.
#[inline(always)]
fn clues32(src: &[u8; 64], dst: &mut [u8; 32]) -> Option<u64> {
    debug_assert!(std::arch::is_x86_feature_detected!("avx2"));
    // SAFETY: AVX2 is on (this module's condition, checked above in debug
    // builds); the loads read the 64 bytes of `src`, the store writes the
    // 32 of `dst`.
    unsafe {
        let (a, b) = (
            _mm256_loadu_si256(src.as_ptr().cast::<__m256i>()),
            _mm256_loadu_si256(src.as_ptr().add(32).cast::<__m256i>()),
        );
        // Byte by byte: the clue's byte with its two low bits cleared is
        // `'0'`, or it is `'.'`; the other byte a space, or else a newline
        // (each pattern tests both bytes of the lane, and the others' test
        // of the clue's byte is taken from the first two).
        let mask = _mm256_set1_epi16(0xfffc_u16 as i16);
        let (space, newline) = (_mm256_set1_epi16(0x2030), _mm256_set1_epi16(0x0a30));
        let dot = _mm256_set1_epi16(0x202e);
        let check = |v: __m256i| {
            let ends = _mm256_cmpeq_epi8(v, newline);
            let digit = _mm256_cmpeq_epi8(_mm256_and_si256(v, mask), space);
            let ok = _mm256_or_si256(_mm256_or_si256(digit, _mm256_cmpeq_epi8(v, dot)), ends);
            (
                _mm256_movemask_epi8(ok) as u32,
                _mm256_movemask_epi8(ends) as u32 & 0xaaaa_aaaa,
            )
        };
        let ((oka, enda), (okb, endb)) = (check(a), check(b));
        if oka & okb != u32::MAX {
            return None;
        }
        // Each byte's low four bits looked up: a digit's its value, a
        // dot's (0xe) 0xff, a space's or a newline's (0x0 and 0xa) 0. Then
        // packed to bytes (the pack works in 128-bit halves: the permute
        // puts the four quarters in order).
        let values = _mm256_setr_epi8(
            0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0,
            0, -1, 0,
        );
        let nibble = _mm256_set1_epi8(0x0f);
        let value = |v: __m256i| _mm256_shuffle_epi8(values, _mm256_and_si256(v, nibble));
        let packed = _mm256_packus_epi16(value(a), value(b));
        let clues = _mm256_permute4x64_epi64::<0b11_01_10_00>(packed);
        _mm256_storeu_si256(dst.as_mut_ptr().cast::<__m256i>(), clues);
        Some(u64::from(enda) | u64::from(endb) << 32)
    }
}

#[cfg(test)]
mod tests {
    use super::plain_clues;
    use crate::puzzle::BLANK;

    /// Whether `text` is `rows` rows of `cols` clues (digits 0-3 or `.`)
    /// separated by single spaces, each ending in `\n`, byte by byte.
    fn plain(text: &[u8], cols: usize) -> bool {
        text.len() % (2 * cols) == 0
            && text.chunks_exact(2 * cols).all(|l| {
                l.iter().enumerate().all(|(k, &b)| match k % 2 {
                    0 => (b'0'..=b'3').contains(&b) || b == b'.',
                    _ if k == 2 * cols - 1 => b == b'\n',
                    _ => b == b' ',
                })
            })
    }

    #[test]
    fn agrees_with_a_byte_by_byte_reading() {
        use crate::util::rng::Rng;
        let mut rng = Rng::new(7);
        let mut taken = 0;
        for cols in [1, 2, 5, 8, 16, 20, 31, 32, 33, 40, 64, 65] {
            for trial in 0..300 {
                let rows = (32usize.div_ceil(cols)).max(1) + rng.index(4);
                // Blanks in half the texts.
                let kinds = if trial % 2 == 0 { 4 } else { 5 };
                let clues: Vec<u8> = (0..rows * cols).map(|_| rng.index(kinds) as u8).collect();
                let mut text: Vec<u8> = clues
                    .iter()
                    .enumerate()
                    .flat_map(|(k, &c)| {
                        let clue = if c == 4 { b'.' } else { b'0' + c };
                        [clue, if k % cols == cols - 1 { b'\n' } else { b' ' }]
                    })
                    .collect();
                // Most texts get one byte changed anywhere.
                if trial % 4 != 0 {
                    let k = rng.index(text.len());
                    let bytes = b" \n\t.-04x\r\0\x8a\xaa\x2a\x31";
                    text[k] = bytes[rng.index(bytes.len())];
                }
                let mut out = vec![9; rows * cols];
                let got = plain_clues(&text, cols, &mut out);
                let shown = String::from_utf8_lossy(&text);
                assert_eq!(got, rows * cols >= 32 && plain(&text, cols), "{shown}");
                if got {
                    taken += 1;
                    let want: Vec<u8> = text
                        .iter()
                        .step_by(2)
                        .map(|&b| if b == b'.' { BLANK } else { b - b'0' })
                        .collect();
                    assert_eq!(out, want, "{shown}");
                }
            }
        }
        assert!(taken > 800, "{taken}");
    }
}

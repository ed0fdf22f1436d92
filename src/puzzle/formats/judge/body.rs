//! Reading one data set's clues into a [`Puzzle`]: the judge's own
//! layout eight clues at a time, anything else line by line.

use super::super::error::ParseError;
use super::super::span::Span;
use super::super::text::{is_space, shown};
use crate::bits::nonzero_lanes16;
use crate::puzzle::{Puzzle, BLANK};

/// The clue bytes `"d "` a lane: each 16-bit lane a digit `'0'`-`'3'`
/// (0x30-0x33) or a blank `'.'` (0x2e), then a space.
const DIGIT_MASK: u64 = 0xfffc_fffc_fffc_fffc;
const DIGITS: u64 = 0x2030_2030_2030_2030;
const DOTS: u64 = 0x202e_202e_202e_202e;
/// The top bit of every lane.
const HIGH: u64 = 0x8000_8000_8000_8000;

// A dot's lane is made all ones.
const _: () = assert!(BLANK == 0xff);

/// The clues of the four lanes `"d "` of `x` as 4 bytes (a digit's value,
/// [`BLANK`] for a `'.'`), or `None` if a lane is anything else.
#[inline(always)]
fn lane_clues(x: u64) -> Option<[u8; 4]> {
    let not_digit = nonzero_lanes16(x & DIGIT_MASK ^ DIGITS);
    let not_dot = nonzero_lanes16(x ^ DOTS);
    if not_digit & not_dot != 0 {
        return None;
    }
    // A dot's lane all ones in its low byte, a digit's its two low bits.
    let dots = (!not_dot & HIGH) >> 15;
    let y = x & 0x0003_0003_0003_0003 | (dots * 0xff);
    let y = (y | y >> 8) & 0x0000_ffff_0000_ffff;
    Some(((y | y >> 16) as u32).to_le_bytes())
}

/// Reads a row line in the judge's own layout, `out.len()` clues (digits
/// 0-3, `.` for a blank) separated by single spaces (then perhaps whitespace such as a `\r`),
/// into `out`; eight clues at a time, then four, then the last four.
/// False, with `out` in any state, for any other line: the general reader
/// then reads it (or reports it).
#[inline]
pub(super) fn plain_row(line: &[u8], out: &mut [u8]) -> bool {
    let c = out.len();
    if c == 0 || line.len() < 2 * c - 1 {
        return false;
    }
    let (text, rest) = line.split_at(2 * c - 1);
    rest.iter().all(|&b| is_space(b)) && plain_line(text, out)
}

/// [`plain_row`] of a line of exactly `2 * out.len() - 1` bytes.
#[inline(always)]
fn plain_line(text: &[u8], out: &mut [u8]) -> bool {
    let c = out.len();
    debug_assert!(c > 0 && text.len() == 2 * c - 1);
    if c < 5 {
        return text.iter().enumerate().all(|(k, &b)| {
            if k % 2 == 1 {
                b == b' '
            } else if (b'0'..=b'3').contains(&b) {
                out[k / 2] = b - b'0';
                true
            } else if b == b'.' {
                out[k / 2] = BLANK;
                true
            } else {
                false
            }
        });
    }
    // Clues with the space after them, "d " a 16-bit lane: eight at a
    // time, then four.
    let octs = text[..2 * (c - 1)].chunks_exact(16);
    let quad = octs.remainder().get(..8);
    for (src, dst) in octs.zip(out.chunks_exact_mut(8)) {
        let x = u64::from_le_bytes(src[..8].try_into().expect("8 bytes"));
        let y = u64::from_le_bytes(src[8..].try_into().expect("8 bytes"));
        let (Some(a), Some(b)) = (lane_clues(x), lane_clues(y)) else {
            return false;
        };
        dst[..4].copy_from_slice(&a);
        dst[4..].copy_from_slice(&b);
    }
    if let Some(src) = quad {
        let x = u64::from_le_bytes(src.try_into().expect("8 bytes"));
        let Some(a) = lane_clues(x) else {
            return false;
        };
        let at = (2 * (c - 1)) / 16 * 8;
        out[at..at + 4].copy_from_slice(&a);
    }
    // The last four clues with the space before them, " d" four times
    // (overlapping the quads read above when `c - 1` is not a multiple of
    // 4), shifted to "d " with a space put after the last.
    let x = u64::from_le_bytes(text[2 * c - 9..].try_into().expect("8 bytes"));
    if x as u8 != b' ' {
        return false;
    }
    let Some(a) = lane_clues(x >> 8 | 0x20 << 56) else {
        return false;
    };
    out[c - 4..].copy_from_slice(&a);
    true
}

/// Reads the clues of the judge-format data set `span` (found by a
/// [`Reader`](super::super::Reader) over `src`) into `out`.
///
/// Every row must sit on a line of its own with exactly `cols` clues
/// (`0`-`3`, or `.` / `-` for a blank cell) separated by spaces or tabs.
/// Blank lines between rows are skipped.
pub(crate) fn parse_body(src: &[u8], span: &Span, out: &mut Puzzle) -> Result<(), ParseError> {
    out.reset(span.rows, span.cols).map_err(|e| ParseError {
        line: span.place.line,
        col: span.place.col,
        data_set: span.place.number,
        message: e.to_string(),
    })?;
    let cols = span.cols;
    let clues = out.clue_bytes_mut();
    let body = &src[..span.end];
    // The rows in the judge's own layout first: each a line of exactly
    // `2 * cols - 1` bytes and its newline, read straight into its row.
    let width = 2 * cols;
    let lines = body.get(span.start..).unwrap_or_default();
    // The whole body at once, 32 clues at a time, where AVX2 is on.
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    if clues.len() >= 32 && super::wide::plain_clues(lines, cols, clues) {
        return Ok(());
    }
    let mut row = 0;
    for (text, dst) in lines.chunks_exact(width).zip(clues.chunks_exact_mut(cols)) {
        let (text, end) = text.split_at(width - 1);
        if end != b"\n" || !plain_line(text, dst) {
            break;
        }
        row += 1;
    }
    // The rest (from the first row in another layout) line by line.
    let mut line = span.place.line + 1 + row;
    let mut pos = span.start + row * width;
    while row < span.rows {
        let ls = pos;
        let dst = &mut clues[row * cols..(row + 1) * cols];
        // A row in the judge's layout ends where its length says: try that
        // end before searching for the newline.
        let guess = ls + 2 * cols - 1;
        let le = match (body.get(guess), body.get(guess + 1)) {
            (Some(b'\n'), _) => Some(guess),
            (Some(b'\r'), Some(b'\n')) => Some(guess + 1),
            _ => None,
        };
        let le = match le {
            Some(le) if plain_row(&body[ls..le], dst) => {
                row += 1;
                pos = le + 1;
                line += 1;
                continue;
            }
            _ => memchr::memchr(b'\n', &body[ls..]).map_or(body.len(), |k| ls + k),
        };
        let text = &body[ls..le];
        let filled = plain_row(text, dst)
            || read_row(text, row, dst).map_err(|e| row_error(span, line, e))?;
        row += usize::from(filled);
        pos = le + 1;
        line += 1;
    }
    Ok(())
}

/// The error for line `line` of `span`'s body, which [`read_row`] rejected
/// at byte offset `at` with `message`.
pub(super) fn row_error(span: &Span, line: usize, (at, message): (usize, String)) -> ParseError {
    ParseError {
        line,
        col: at + 1,
        data_set: span.place.number,
        message,
    }
}

/// Reads one line of a data set's body, `text` (without its newline), as
/// row `row` (counting from 0) into `out` (`cols` clues): true if it held
/// the row, false if it is blank. An error is the byte offset in `text`
/// and the message.
pub(super) fn read_row(text: &[u8], row: usize, out: &mut [u8]) -> Result<bool, (usize, String)> {
    let (cols, le) = (out.len(), text.len());
    let mut k = 0;
    let mut n = 0;
    let mut k_last = 0;
    loop {
        while k < le && is_space(text[k]) {
            k += 1;
        }
        if k >= le {
            break;
        }
        let b = text[k];
        let v = match b {
            b'0'..=b'3' => b - b'0',
            b'.' | b'-' => BLANK,
            _ => {
                let what = if b.is_ascii_digit() {
                    format!("expected a clue 0-3, found {}", shown(b))
                } else {
                    format!("expected a clue 0-3 or '.', found {}", shown(b))
                };
                return Err((k, what));
            }
        };
        if k + 1 < le && !is_space(text[k + 1]) {
            let mut e = k + 1;
            while e < le && !is_space(text[e]) {
                e += 1;
            }
            // Escaped: no input byte reaches a terminal raw.
            let token = text[k..e.min(k + 24)].escape_ascii();
            return Err((k, format!("expected one clue 0-3 or '.', found '{token}'")));
        }
        if n == cols {
            return Err((k, format!("row {} has more than {cols} clues", row + 1)));
        }
        out[n] = v;
        n += 1;
        k += 1;
        k_last = k;
    }
    if n > 0 && n < cols {
        // Just after the row's last clue, whatever ends the line.
        return Err((
            k_last,
            format!("row {} has {n} clues, expected {cols}", row + 1),
        ));
    }
    Ok(n > 0)
}

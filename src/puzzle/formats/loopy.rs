//! Simon Tatham's Loopy game IDs: `WxH:DESC`, `WxHt0:DESC`, `WxHt0dX:DESC`.
//!
//! `W` is the number of columns, `H` of rows (`H` defaults to `W` when
//! `xH` is left out); `tN` is the grid type, and slink solves only the
//! square grid `t0`; `dX` is the difficulty the puzzle was generated at
//! (`e`, `n`, `t` or `h`), which says nothing about the clues. The
//! description lists the cells row by row: a digit is a clue (0-4 on
//! the square grid; a 4 asks for all four sides of its cell), a letter
//! `a`-`z` a run of 1 to 26 blanks. A `#SEED` ID holds no puzzle, only
//! the random seed Loopy would generate one from: it is refused with an
//! error saying so. [`encode`] writes `WxHt0:DESC` with runs as Loopy
//! writes them (as long as they go, 26 at most), so an ID Loopy wrote
//! comes back unchanged. Loopy itself wants at least 3x3; slink reads
//! and writes any size it solves.

use super::error::ParseError;
use super::text::{check_size, count, shown_at, trim, Cells, Fail};
use crate::puzzle::{Puzzle, BLANK};

/// Loopy's grid types, by their number in `tN`.
const GRIDS: [&str; 18] = [
    "Squares",
    "Triangular",
    "Honeycomb",
    "Snub-Square",
    "Cairo",
    "Great-Hexagonal",
    "Octagonal",
    "Kites",
    "Floret",
    "Dodecagonal",
    "Great-Dodecagonal",
    "Penrose (kite/dart)",
    "Penrose (rhombs)",
    "Great-Great-Dodecagonal",
    "Kagome",
    "Compass-Dodecagonal",
    "Hats",
    "Spectres",
];

/// The puzzle of a Loopy game ID; errors are on line 1, at the column of
/// the offending byte.
pub fn decode(id: &(impl AsRef<[u8]> + ?Sized)) -> Result<Puzzle, ParseError> {
    let mut p = Puzzle::default();
    decode_into(id.as_ref(), &mut p)?;
    Ok(p)
}

/// [`decode`] into a puzzle whose storage is reused.
pub fn decode_into(id: &[u8], out: &mut Puzzle) -> Result<(), ParseError> {
    let (from, to) = trim(id, 0, id.len());
    read(&id[..to], from, out).map_err(|(at, message)| ParseError::locate(id, at, message))
}

/// Reads the ID `s[from..]` into `out`.
fn read(s: &[u8], from: usize, out: &mut Puzzle) -> Result<(), Fail> {
    let cols = count(s, from, "the Loopy width")?;
    let mut at = cols.end;
    let rows = if s.get(at) == Some(&b'x') {
        let rows = count(s, at + 1, "the Loopy height")?;
        at = rows.end;
        rows
    } else {
        cols
    };
    let at = options(s, at)?;
    check_size(s, rows, cols)?;
    out.reset(rows.value, cols.value)
        .expect("size checked before allocation");
    let mut cells = Cells::new(out, "Loopy description");
    let mut k = at + 1;
    while k < s.len() {
        k += cells.digits(&s[k..]);
        let Some(&b) = s.get(k) else { break };
        cells.room(k)?;
        match b {
            b'0'..=b'9' => cells.clue(u32::from(b - b'0'), k)?,
            b'A'..=b'Z' => cells.clue(u32::from(b - b'A') + 10, k)?,
            b'a'..=b'z' => cells.skip(usize::from(b - b'a') + 1),
            _ => {
                return Err((
                    k,
                    format!(
                        "expected a clue 0-4 or a run of blanks a-z in the Loopy \
                         description, found {}",
                        shown_at(s, k)
                    ),
                ))
            }
        }
        k += 1;
    }
    cells.finish(s.len())
}

/// Reads the Loopy parameters after the size, from `s[at..]`: the grid
/// type (`t0`, the square grid, only) and the difficulty, up to the `:`
/// that starts the description; returns where the `:` is.
fn options(s: &[u8], mut at: usize) -> Result<usize, Fail> {
    if s.get(at) == Some(&b't') {
        let grid = count(s, at + 1, "the Loopy grid type")?;
        if grid.value != 0 {
            let name = GRIDS.get(grid.value).map_or_else(
                || "an unknown grid".to_string(),
                |g| format!("the {g} grid"),
            );
            return Err((
                at,
                format!(
                    "Loopy grid type t{} is {name}; slink solves the square grid (t0) only",
                    grid.value
                ),
            ));
        }
        at = grid.end;
    }
    if s.get(at) == Some(&b'd') {
        if !matches!(s.get(at + 1), Some(b'e' | b'n' | b't' | b'h')) {
            return Err((
                at + 1,
                format!(
                    "expected a Loopy difficulty (e, n, t or h), found {}",
                    shown_at(s, at + 1)
                ),
            ));
        }
        at += 2;
    }
    match s.get(at) {
        Some(b':') => {}
        Some(b'#') => {
            return Err((
                at,
                "a Loopy random-seed ID ('#') holds no puzzle, only the seed Loopy \
                 makes one from; give the game ID (with ':') instead"
                    .into(),
            ))
        }
        _ => {
            return Err((
                at,
                format!(
                    "expected ':' after the Loopy parameters, found {}",
                    shown_at(s, at)
                ),
            ))
        }
    }
    Ok(at)
}

/// The Loopy game ID of `p`: `WxHt0:DESC`.
pub fn encode(p: &Puzzle) -> String {
    let mut s = format!("{}x{}t0:", p.cols(), p.rows());
    description(p, &mut s);
    s
}

/// Appends the description of `p` as Loopy writes it.
pub fn description(p: &Puzzle, out: &mut String) {
    let mut run = 0u8;
    for &c in p.clue_bytes() {
        if c == BLANK {
            if run == 26 {
                out.push('z');
                run = 0;
            }
            run += 1;
        } else {
            if run > 0 {
                out.push((b'a' + run - 1) as char);
                run = 0;
            }
            out.push((b'0' + c) as char);
        }
    }
    if run > 0 {
        out.push((b'a' + run - 1) as char);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(id: &str) -> String {
        let e = decode(id).unwrap_err();
        format!("{}:{}: {}", e.line, e.col, e.message)
    }

    #[test]
    fn forms_of_the_id() {
        let p = Puzzle::from_rows("2..1./.2..1/..2../3..3./.0..3").unwrap();
        for id in [
            "5x5:2b1b2b1b2b3b3b0b3",
            "5x5t0:2b1b2b1b2b3b3b0b3",
            "5x5t0dh:2b1b2b1b2b3b3b0b3",
            "5t0de:2b1b2b1b2b3b3b0b3",
            " 5x5t0:2b1b2b1b2b3b3b0b3\r",
        ] {
            assert_eq!(decode(id).unwrap(), p, "{id}");
        }
        assert_eq!(encode(&p), "5x5t0:2b1b2b1b2b3b3b0b3");
        // W is the width: 3 columns, 2 rows.
        let p = decode("3x2t0:1d2").unwrap();
        assert_eq!(format!("{p:?}"), "2 3\n1 . .\n. . 2\n");
    }

    #[test]
    fn runs_go_by_26() {
        let p = Puzzle::new(1, 30, &[crate::Clue::Blank; 30]).unwrap();
        assert_eq!(encode(&p), "30x1t0:zd");
        assert_eq!(decode("30x1t0:zd").unwrap(), p);
        assert_eq!(decode("30x1t0:ddddddf").unwrap(), p);
    }

    #[test]
    fn malformed_ids() {
        assert_eq!(
            err("10x10t0#12345"),
            "1:8: a Loopy random-seed ID ('#') holds no puzzle, only the seed Loopy \
             makes one from; give the game ID (with ':') instead"
        );
        assert_eq!(
            err("7x7t1:abc"),
            "1:4: Loopy grid type t1 is the Triangular grid; slink solves the square grid (t0) only"
        );
        assert_eq!(
            err("7x7t40:abc"),
            "1:4: Loopy grid type t40 is an unknown grid; slink solves the square grid (t0) only"
        );
        assert_eq!(
            err("3x3t0:2b1b2"),
            "1:12: Loopy description ends after 7 of 9 cells"
        );
        assert_eq!(
            err("3x3t0:2b1b2b1"),
            "1:13: Loopy description goes on after the 9 cells of the board"
        );
        assert_eq!(
            err("3x3t0:2b1-2b1b2"),
            "1:10: expected a clue 0-4 or a run of blanks a-z in the Loopy description, found '-'"
        );
        assert_eq!(
            err("3x3t0:2b5b2b1b2"),
            "1:9: clue 5 at row 2, column 1 is not 0-4"
        );
        assert_eq!(
            err("3x3t0:2b1bAb1b2"),
            "1:11: clue 10 at row 3, column 1 is not 0-4"
        );
        assert_eq!(
            err("3x99999t0:i"),
            "1:3: row count 99999 exceeds the limit 1024"
        );
        assert_eq!(err("x3:i"), "1:1: expected the Loopy width, found 'x'");
        assert_eq!(
            err("3x3t0dq:i"),
            "1:7: expected a Loopy difficulty (e, n, t or h), found 'q'"
        );
        assert_eq!(
            err("3x3t0"),
            "1:6: expected ':' after the Loopy parameters, found the end"
        );
    }
}

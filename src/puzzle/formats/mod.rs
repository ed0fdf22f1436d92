//! The puzzle formats of the Slitherlink ecosystem.
//!
//! Besides slink's judge format ([`crate::puzzle::formats::judge`]), puzzles circulate as
//!
//! - puzz.link / pzprjs URLs ([`url`]): `https://puzz.link/p?slither/10/10/...`,
//!   on any host that uses pzprjs's encoding (pzv.jp, pzprxs, ...);
//! - Simon Tatham's Loopy game IDs ([`loopy`]): `10x10t0:...`;
//! - pzprjs's save files ([`pzprv3`]): `pzprv3` / `slither` / rows /
//!   columns / the clue rows (and the answer, read on request).
//!
//! Each has a decoder with exact error positions and an encoder whose
//! output decodes to the same clues (and, for a canonical input, is that
//! input). A text of one URL or ID per line is read by [`Lines`], several
//! pzprv3 files by [`pzprv3::Files`]; [`entries`] reads a whole text in
//! any of the four formats, each data set an [`Entry`] (a bad one an
//! error in place, the others read on), and [`Format::detect`] tells
//! which format a text is in from its first meaningful line. Sizes are
//! checked against slink's limits before anything is allocated.
//!
//! Pictures of puzzles and their loops are a layer up, where outcomes are
//! known: [`crate::run::pictures`].
//!
//! ```
//! use slink::formats::{loopy, url};
//! let p = url::decode("https://puzz.link/p?slither/5/5/cbcbcddad").unwrap();
//! assert_eq!(loopy::encode(&p), "5x5t0:2b1b2b1b2b3b3b0b3");
//! assert_eq!(url::encode(&p), "https://puzz.link/p?slither/5/5/cbcbcddad");
//! ```

mod detect;
mod entry;
pub mod judge;
pub mod lines;
pub mod loopy;
pub mod pzprv3;
mod text;
pub mod url;

#[cfg(test)]
mod tests;

pub(crate) use detect::bom_len;
pub use detect::Format;
pub use entry::{Entry, FormatError};
pub use lines::{LineKind, Lines};
pub(crate) use text::trim;

use crate::puzzle::formats::judge::{parse_body, Scanner};
use crate::puzzle::Puzzle;

/// Why `p` cannot be written in `format`, if it cannot: the judge format
/// has no clue 4 (its readers would refuse it), which the others have.
pub fn unwritable(format: Format, p: &Puzzle) -> Option<String> {
    let (i, j) = p.fours().next().filter(|_| format == Format::Judge)?;
    Some(format!(
        "clue 4 at row {}, column {} cannot be written in the judge format, \
         whose clues are 0-3",
        i + 1,
        j + 1
    ))
}

/// Appends `p` written in `format` to `out`: a judge-format data set (no
/// `0 0`), a URL or a Loopy ID on a line of its own, or a pzprv3 file.
/// A puzzle the format cannot hold ([`unwritable`]) is written anyway, as
/// no reader of that format would read it: check first.
pub fn write(format: Format, p: &Puzzle, out: &mut Vec<u8>) {
    match format {
        Format::Judge => crate::puzzle::formats::judge::write::write_puzzle(p, out),
        Format::Url | Format::Loopy => {
            let line = if format == Format::Url {
                url::encode(p)
            } else {
                loopy::encode(p)
            };
            out.extend_from_slice(line.as_bytes());
            out.push(b'\n');
        }
        Format::Pzprv3 => out.extend_from_slice(pzprv3::encode(p).as_bytes()),
    }
}

/// Every data set of `text`, read in `format`; a bad data set is an
/// [`Entry`] with an error and the others are still read (as far as the
/// format lets reading go on: a malformed judge-format header ends the
/// text, as it does for [`crate::puzzle::formats::judge::Scanner`]).
pub fn entries(text: &[u8], format: Format) -> Box<dyn Iterator<Item = Entry> + '_> {
    match format {
        Format::Judge => Box::new(judge_entries(text)),
        Format::Url => Box::new(Lines::new(text, LineKind::Url)),
        Format::Loopy => Box::new(Lines::new(text, LineKind::Loopy)),
        Format::Pzprv3 => Box::new(pzprv3::Files::new(text)),
    }
}

/// How many data sets `text` in `format` holds, found without decoding
/// any (in the judge format, by the parser, which checks them as it goes).
pub fn count(text: &[u8], format: Format) -> usize {
    match format {
        Format::Judge => judge_entries(text).count(),
        Format::Url => Lines::new(text, LineKind::Url).count(),
        Format::Loopy => Lines::new(text, LineKind::Loopy).count(),
        Format::Pzprv3 => pzprv3::Files::new(text).count(),
    }
}

/// The judge format's data sets, read by slink's own parser.
fn judge_entries(text: &[u8]) -> impl Iterator<Item = Entry> + '_ {
    Scanner::new(text).map(move |span| {
        let span = match span {
            Ok(span) => span,
            Err(e) => {
                return Entry {
                    number: e.data_set,
                    line: e.header.map_or(e.line, |h| h.line),
                    puzzle: Err(FormatError {
                        line: e.line,
                        col: e.col,
                        message: e.message,
                    }),
                }
            }
        };
        let mut p = Puzzle::default();
        let puzzle = parse_body(text, &span, &mut p)
            .map(|()| p)
            .map_err(|e| FormatError {
                line: e.line,
                col: e.col,
                message: e.message,
            });
        Entry {
            number: span.number,
            line: span.header_line,
            puzzle,
        }
    })
}

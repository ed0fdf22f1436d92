//! The puzzle formats of the Slitherlink ecosystem, and the pictures.
//!
//! Besides slink's judge format ([`judge`]: read, written, drawn, and
//! its drawing read back), puzzles circulate as
//!
//! - puzz.link / pzprjs URLs ([`url`]): `https://puzz.link/p?slither/10/10/...`,
//!   on any host that uses pzprjs's encoding (pzv.jp, pzprxs, ...);
//! - Simon Tatham's Loopy game IDs ([`loopy`]): `10x10t0:...`;
//! - pzprjs's save files ([`pzprv3`]): `pzprv3` / `slither` / rows /
//!   columns / the clue rows (and the answer, read on request).
//!
//! Each has a decoder with exact error positions and an encoder whose
//! output decodes to the same clues (and, for a canonical input, is that
//! input). One [`Reader`] reads a whole text in any of the four formats
//! ([`read`]): each data set a [`DataSet`], a puzzle or a [`ParseError`]
//! in place (and the others read on), or, for a reader that decodes
//! elsewhere, the [`Span`] of its bytes. [`Format::detect`] tells which
//! format a text is in from its first meaningful line. Sizes are checked
//! against slink's limits before anything is allocated.
//!
//! A format lives in its own file or folder here ([`judge`], [`url`],
//! [`loopy`], [`pzprv3`]) and is a variant of [`Format`] (which the
//! command line's `--from` and `--to` name): where its data sets start
//! and end is told in [`Reader::next_span`], how one is decoded in
//! [`Span::decode`], how a puzzle is written in [`write()`]. `slink solve`
//! writes a puzzle format through its own output format
//! (`run::batch::OutputFormat`, which also has the reports).
//!
//! Pictures of puzzles and their loops, SVG and HTML, are [`pictures`]
//! (a solver's outcome is made a picture where outcomes are known, in
//! `run::batch`).
//!
//! ```
//! use slink::formats::{loopy, url};
//! let p = url::decode("https://puzz.link/p?slither/5/5/cbcbcddad").unwrap();
//! assert_eq!(loopy::encode(&p), "5x5t0:2b1b2b1b2b3b3b0b3");
//! assert_eq!(url::encode(&p), "https://puzz.link/p?slither/5/5/cbcbcddad");
//! ```

mod address;
mod detect;
mod error;
pub mod judge;
pub mod loopy;
#[cfg(feature = "run")]
pub mod pictures;
pub mod pzprv3;
mod read;
mod span;
mod text;
pub mod url;

#[cfg(test)]
mod tests;

pub use detect::Format;
pub use error::ParseError;
pub use read::{puzzles, Ending, Puzzles, Reader};
pub use span::{DataSet, Place, Span};

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

/// Every data set of `text`, read in `format`: a [`Reader`]. A bad data
/// set is a [`DataSet`] with an error and the others are still read (as
/// far as the format lets reading go on: a malformed judge-format header
/// ends the text).
pub fn read(text: &[u8], format: Format) -> Reader<'_> {
    Reader::new(text, format)
}

//! The puzzle formats of the Slitherlink ecosystem.
//!
//! Besides slink's judge format ([`crate::puzzle::parse`]), puzzles circulate as
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

pub mod lines;
pub mod loopy;
pub mod pzprv3;
mod text;
pub mod url;

#[cfg(test)]
mod tests;

pub use lines::{LineKind, Lines};
pub(crate) use text::trim;

/// Bytes of a UTF-8 byte order mark at the start of `text`: 3 or 0.
pub(crate) fn bom_len(text: &[u8]) -> usize {
    if text.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    }
}

use crate::puzzle::parse::{parse_body, Scanner};
use crate::puzzle::Puzzle;
use std::fmt;
use std::str::FromStr;

/// A malformed input: where it is and what was wrong.
///
/// A decoder of one string ([`url::decode`], [`loopy::decode`]) places
/// its errors on line 1, at the column of the byte (`col - 1` is the
/// byte offset); [`Lines`] and [`pzprv3`] give the line and column in
/// the whole text. Columns count bytes from 1, as slink's judge-format
/// errors do. `Display` writes `LINE:COL: message`, so that the caller
/// only puts the file name in front.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    /// Line, counting from 1.
    pub line: usize,
    /// Column in bytes, counting from 1.
    pub col: usize,
    /// What was wrong, e.g. `puzz.link body ends after 97 of 100 cells`.
    pub message: String,
}

impl FormatError {
    /// The error at byte offset `at` of `text`.
    pub(crate) fn locate(text: &[u8], at: usize, message: String) -> Self {
        let before = &text[..at.min(text.len())];
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |k| k + 1);
        FormatError {
            line: 1 + memchr::memchr_iter(b'\n', before).count(),
            col: at - line_start + 1,
            message,
        }
    }

    /// The same error for text that stood at column `col` (from 1) of
    /// line `line` of a larger text.
    pub(crate) fn moved(mut self, line: usize, col: usize) -> Self {
        if self.line == 1 {
            self.col += col - 1;
        }
        self.line += line - 1;
        self
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for FormatError {}

/// A puzzle format slink reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// The contest's format: `r c`, r rows of clues, `0 0` (see [`crate::puzzle::parse`]).
    Judge,
    /// puzz.link / pzprjs URLs, one per line.
    Url,
    /// Loopy game IDs, one per line.
    Loopy,
    /// pzprjs files, one or several concatenated.
    Pzprv3,
}

impl Format {
    /// Every format, in the order of [`Format::name`]'s list.
    pub const ALL: [Format; 4] = [Format::Judge, Format::Url, Format::Loopy, Format::Pzprv3];

    /// The name an option gives: `judge`, `url`, `loopy`, `pzprv3`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Judge => "judge",
            Format::Url => "url",
            Format::Loopy => "loopy",
            Format::Pzprv3 => "pzprv3",
        }
    }

    /// The format a text is in, from its first meaningful line (blank
    /// lines, `#` comment lines and a byte order mark are passed over):
    /// a line starting `pzprv3` (or a pzprjs `v:` line) is a pzprv3 file,
    /// a URL (a `?`, a `://`, or a bare `slither/...`) a list of URLs, a
    /// Loopy ID a list of IDs, anything else the judge format.
    pub fn detect(text: &[u8]) -> Format {
        Format::detect_in(text).unwrap_or(Format::Judge)
    }

    /// [`Format::detect`], or `None` when `text` has no meaningful line
    /// (so that a reader of a text in pieces can look further).
    pub fn detect_in(text: &[u8]) -> Option<Format> {
        let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
        for line in text.split(|&b| b == b'\n') {
            let (a, b) = text::trim(line, 0, line.len());
            let line = &line[a..b];
            if line.is_empty() || line[0] == b'#' {
                continue;
            }
            return Some(Format::of_line(line).unwrap_or(Format::Judge));
        }
        None
    }

    /// What one line (without surrounding spaces) looks like: a pzprv3
    /// file's first line, a URL, a Loopy ID, or none of these (a line with
    /// a byte that is not printable ASCII is never a URL or an ID).
    pub fn of_line(line: &[u8]) -> Option<Format> {
        if line.starts_with(b"pzprv3") || line.starts_with(b"v:") {
            return Some(Format::Pzprv3);
        }
        // URLs and IDs are printable ASCII without spaces: a line with any
        // other byte (random bytes, a binary file) is none of them.
        if !line.iter().all(u8::is_ascii_graphic) {
            return None;
        }
        let has = |needle: &[u8]| line.windows(needle.len()).any(|w| w == needle);
        if memchr::memchr(b'?', line).is_some() || has(b"://") || line.starts_with(b"slither/") {
            return Some(Format::Url);
        }
        // Loopy: parameters (digits, then letters and digits) up to ':' or '#'.
        let params = line
            .iter()
            .position(|&b| b == b':' || b == b'#')
            .map(|k| &line[..k])?;
        let loopy = params.first().is_some_and(u8::is_ascii_digit)
            && params.iter().all(u8::is_ascii_alphanumeric);
        loopy.then_some(Format::Loopy)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = String;

    /// `judge`, `url`, `loopy` or `pzprv3`.
    fn from_str(s: &str) -> Result<Self, String> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| format!("unknown format '{s}' (expected judge, url, loopy or pzprv3)"))
    }
}

/// Appends `p` written in `format` to `out`: a judge-format data set (no
/// `0 0`), a URL or a Loopy ID on a line of its own, or a pzprv3 file.
pub fn write(format: Format, p: &Puzzle, out: &mut Vec<u8>) {
    match format {
        Format::Judge => crate::puzzle::write::write_puzzle(p, out),
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

/// One data set read from a text: a puzzle, or why its text is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Data set number, counting from 1 (bad ones count too).
    pub number: usize,
    /// Line (from 1) where the data set starts: its URL or ID line, its
    /// judge-format header, its pzprv3 file's first line.
    pub line: usize,
    /// The puzzle, or the error, placed on its line and column in the text.
    pub puzzle: Result<Puzzle, FormatError>,
}

/// Every data set of `text`, read in `format`; a bad data set is an
/// [`Entry`] with an error and the others are still read (as far as the
/// format lets reading go on: a malformed judge-format header ends the
/// text, as it does for [`crate::puzzle::parse::Scanner`]).
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

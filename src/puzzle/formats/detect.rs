//! Which format a text is in ([`Format`]): told from its first
//! meaningful line, or line by line in a list of URLs and Loopy IDs.

use super::text;
use std::fmt;
use std::str::FromStr;

/// Bytes of a UTF-8 byte order mark at the start of `text`: 3 or 0.
pub(crate) fn bom_len(text: &[u8]) -> usize {
    if text.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    }
}

/// A puzzle format slink reads and writes.
///
/// The command line's `--from` and `--to` name these (with the `cli`
/// feature, a clap `ValueEnum`; each variant's first paragraph is its
/// help).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// The contest's format: `r c`, r rows of clues, `0 0`.
    ///
    /// See [`super::judge`].
    #[default]
    Judge,
    /// puzz.link / pzprjs URLs (`https://puzz.link/p?slither/10/10/...`),
    /// one per line.
    Url,
    /// Loopy game IDs (`10x10t0:...`), one per line.
    Loopy,
    /// pzprjs files (`pzprv3`, `slither`, rows, columns, clue rows), one
    /// or several one after another.
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
        let (mut pos, mut line) = (bom_len(text), 1);
        let l = text::next_content(text, &mut pos, &mut line)?;
        Some(Format::of_line(&text[l.from..l.to]).unwrap_or(Format::Judge))
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

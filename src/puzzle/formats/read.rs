//! The one reader of data sets, for every format: a [`Reader`] finds each
//! data set of a text in turn, numbered and placed on its line and
//! column, and gives it as a [`DataSet`] (a puzzle, or the
//! [`ParseError`] that says where and why it is not one), or, in its
//! spans-only mode ([`Reader::next_span`]), as the [`Span`] of its bytes,
//! decoded later ([`Span::decode`]) and elsewhere: batch mode finds the
//! spans on one thread and decodes them on its workers.
//!
//! What a data set is differs by format: a judge-format header and its
//! rows (found by the judge's scanner, [`super::judge`]); one URL or
//! Loopy ID per line; a pzprv3 file up to the next one. Blank lines and
//! `#` comment lines between data sets are passed over (in the judge
//! format, blank lines: it has no comments). A bad data set is an error
//! in place and the next one is read, except where nothing after it can
//! be trusted: a malformed judge-format header, or the input ending
//! inside a data set, ends the reading ([`Ending::Error`]).

use super::detect::{bom_len, Format};
use super::error::ParseError;
use super::judge::parse_body;
use super::span::{DataSet, Place, Span};
use super::text::{next_content, ContentLine};
use super::{loopy, pzprv3, url};
use crate::puzzle::Puzzle;

impl Span {
    /// Reads the data set's clues into `out` (its storage reused), from
    /// `text`, the text the span was found in; an error is placed in that
    /// text and numbered.
    #[inline(always)]
    pub fn decode(&self, text: &[u8], out: &mut Puzzle) -> Result<(), ParseError> {
        if self.format == Format::Judge {
            return parse_body(text, self, out);
        }
        let bytes = &text[self.start..self.end];
        let read = if self.format == Format::Pzprv3 {
            pzprv3::decode_into(bytes, out)
        } else {
            decode_line(self.format, bytes, out)
        };
        let Place { number, line, col } = self.place;
        read.map_err(|e| e.moved(line, col, number))
    }
}

/// How a text's reading ended, once [`Reader::next_span`] gives `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Not yet: there is more to read.
    NotYet,
    /// At the judge format's closing `0 0` line (what follows is not read).
    Terminator,
    /// At the end of the text: in the judge format, without the closing
    /// `0 0` line. In a piece of an input ([`Reader::in_piece`]), the next
    /// piece goes on from [`Reader::position`].
    End,
    /// At a data set after which nothing can be trusted (a malformed
    /// judge-format header, or the input ending inside a data set):
    /// [`Reader::take_error`] gives it (and the decoded iterator, last).
    Error,
}

/// The data sets of a text in one format, in order: an iterator of
/// [`DataSet`]s, or, one at a time, of their [`Span`]s
/// ([`Reader::next_span`]; a data set that cannot be delimited ends the
/// reading, and [`Reader::take_error`] gives it).
///
/// ```
/// use slink::formats::{Format, Reader};
/// let text = b"https://puzz.link/p?slither/2/1/01\n# a comment\n2x1t0:0\n";
/// // A list as detected: URLs and Loopy IDs mixed.
/// let read: Vec<_> = Reader::new(text, Format::Url).mixed(true).collect();
/// assert_eq!((read.len(), read[1].place.line), (2, 3));
/// assert!(read[0].puzzle.is_ok());
/// let e = read[1].puzzle.as_ref().unwrap_err();
/// assert_eq!(e.to_string(), "3:8: data set 2: Loopy description ends after 1 of 2 cells");
/// ```
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    /// The text.
    pub(super) src: &'a [u8],
    /// Byte offset of the reading.
    pub(super) pos: usize,
    /// Where the text starts: after a byte order mark, if any.
    pub(super) start: usize,
    /// The line of `pos`, from 1 (with the lines before the text).
    pub(super) line: usize,
    /// The number the next data set gets.
    pub(super) next_number: usize,
    format: Format,
    /// How the reading ended, once it has.
    pub(super) ending: Ending,
    /// Whether the text is a piece of a longer input, not its last.
    piece: bool,
    /// Whether a list of URLs and Loopy IDs may mix them ([`Reader::mixed`]).
    mixed: bool,
    /// Whether the next data set is the input's first: the text starts
    /// the input ([`Reader::starts_input`]) and none was read.
    opening: bool,
    /// The data set that ended the reading ([`Ending::Error`]), until
    /// taken (boxed: it is rare, and it would make the reader larger).
    broken: Option<Box<(Span, ParseError)>>,
    /// The URLs read so far whose address is odd, until taken.
    odd: url::OddAddresses,
}

impl<'a> Reader<'a> {
    /// Reads `text` in `format`, its data sets numbered from 1 and its
    /// lines from 1. A UTF-8 byte order mark is passed over.
    pub fn new(text: &'a [u8], format: Format) -> Self {
        let start = bom_len(text);
        Reader {
            src: text,
            pos: start,
            start,
            line: 1,
            next_number: 1,
            format,
            ending: Ending::NotYet,
            piece: false,
            mixed: false,
            opening: true,
            broken: None,
            odd: url::OddAddresses::default(),
        }
    }

    /// Numbers the data sets from `first` instead of 1.
    pub fn numbered_from(mut self, first: usize) -> Self {
        self.next_number = first;
        self
    }

    /// Counts the lines after `lines` lines that came before the text.
    pub fn after_lines(mut self, lines: usize) -> Self {
        self.line += lines;
        self
    }

    /// Reads the text as a piece of a longer input that goes on after
    /// it: a data set the piece's end cuts (a judge-format data set whose
    /// rows go on, the last pzprv3 file) is not given, and the reading
    /// ends ([`Ending::End`]) at its start, [`Reader::position`].
    pub fn in_piece(mut self) -> Self {
        self.piece = true;
        self
    }

    /// Whether the text starts its input (by default it does; not a piece
    /// after the first): only there is a named list whose first line is
    /// none of its kind refused whole, the reading ended at it with one
    /// error (`--from url` on a judge-format file), instead of an error
    /// per line.
    pub fn starts_input(mut self, starts: bool) -> Self {
        self.opening = starts;
        self
    }

    /// Reads a list of URLs or Loopy IDs ([`Format::Url`],
    /// [`Format::Loopy`]) with each line taken as what it looks like
    /// ([`Format::of_line`]), when `mixed`: as for a format detected
    /// rather than named. Otherwise (the default) each line must be the
    /// format's own, and a URL where a Loopy ID is expected (or the other
    /// way round) is an error saying so.
    ///
    /// ```
    /// use slink::formats::{Format, Reader};
    /// let text = b"slither/1/1/.\n1x1t0:4\n";
    /// let named: Vec<_> = Reader::new(text, Format::Loopy).collect();
    /// assert!(named[0].puzzle.as_ref().unwrap_err().message.contains("a URL"));
    /// let detected: Vec<_> = Reader::new(text, Format::Loopy).mixed(true).collect();
    /// assert!(detected.iter().all(|d| d.puzzle.is_ok()));
    /// ```
    pub fn mixed(mut self, mixed: bool) -> Self {
        self.mixed = mixed;
        self
    }

    /// The text read (the spans' offsets are in it).
    pub fn text(&self) -> &'a [u8] {
        self.src
    }

    /// The format read.
    pub fn format(&self) -> Format {
        self.format
    }

    /// How the reading ended.
    pub fn ending(&self) -> Ending {
        self.ending
    }

    /// Byte offset of the reading.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The line of [`Reader::position`], from 1, the lines before the
    /// text included ([`Reader::after_lines`]).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The number the next data set will get.
    pub fn next_number(&self) -> usize {
        self.next_number
    }

    /// The URLs read since the last call whose address is not a known
    /// pzprjs player's (read all the same: see [`url::OddAddresses`]).
    pub fn take_odd_addresses(&mut self) -> url::OddAddresses {
        std::mem::take(&mut self.odd)
    }

    /// The next data set's span; `None` once the reading ended
    /// ([`Reader::ending`]): at a data set that cannot be delimited
    /// ([`Ending::Error`]; [`Reader::take_error`] gives it), the judge
    /// format's `0 0`, or the end of the text.
    #[inline]
    pub fn next_span(&mut self) -> Option<Span> {
        if self.ending != Ending::NotYet {
            return None;
        }
        let span = match self.format {
            Format::Judge => self.next_judge(),
            Format::Url | Format::Loopy => self.next_line(),
            Format::Pzprv3 => self.next_file(),
        }?;
        self.next_number += 1;
        self.opening = false;
        Some(span)
    }

    /// The data set that ended the reading ([`Ending::Error`]): its span
    /// as far as it goes and why; given once.
    pub fn take_error(&mut self) -> Option<(Span, ParseError)> {
        self.broken.take().map(|broken| *broken)
    }

    /// The spans of the data sets, as [`Reader::next_span`] gives them.
    pub fn spans(&mut self) -> impl Iterator<Item = Span> + use<'_, 'a> {
        std::iter::from_fn(|| self.next_span())
    }

    /// Ends the reading at `span`, which cannot be delimited, and `e`;
    /// but in a piece that its end cuts (a judge-format data set whose
    /// rows go on), at the data set's start, offset `pos` on line `line`,
    /// leaving it to the next piece.
    #[cold]
    pub(super) fn fail(&mut self, span: Span, e: ParseError, (pos, line): (usize, usize)) {
        if self.piece && self.pos >= self.src.len() {
            self.leave(pos, line);
            return;
        }
        self.next_number += 1;
        self.ending = Ending::Error;
        self.broken = Some(Box::new((span, e)));
    }

    /// Ends the reading of a piece at offset `pos`, on line `line`, where
    /// a data set starts that the piece's end cuts: the next piece starts
    /// with it.
    fn leave(&mut self, pos: usize, line: usize) {
        (self.pos, self.line, self.ending) = (pos, line, Ending::End);
    }

    /// The next line's URL or Loopy ID.
    fn next_line(&mut self) -> Option<Span> {
        let Some(l) = next_content(self.src, &mut self.pos, &mut self.line) else {
            self.ending = Ending::End;
            return None;
        };
        let mut span = self.span(&l, l.to);
        if self.mixed {
            span.format = match Format::of_line(&self.src[l.from..l.to]) {
                Some(f @ (Format::Url | Format::Loopy)) => f,
                _ => self.format,
            };
        }
        if span.format == Format::Url {
            self.odd.note(&self.src[l.from..l.to], span.place);
        }
        let start = (self.pos, self.line);
        self.pos = (l.end + 1).min(self.src.len());
        self.line += usize::from(l.end < self.src.len());
        if self.opening && !self.mixed {
            if let Some(e) = not_a_list(self.format, &self.src[l.from..l.to]) {
                self.fail(
                    span,
                    e.moved(span.place.line, span.place.col, span.place.number),
                    start,
                );
                return None;
            }
        }
        Some(span)
    }

    /// The next pzprv3 file: from its first line to the next file's. In a
    /// piece, the last file may go on in the next piece: it is left to it.
    fn next_file(&mut self) -> Option<Span> {
        let Some(l) = next_content(self.src, &mut self.pos, &mut self.line) else {
            self.ending = Ending::End;
            return None;
        };
        let (end, lines) = pzprv3::file_end(self.src, l.start);
        if self.piece && end >= self.src.len() {
            self.leave(l.start, self.line);
            return None;
        }
        let span = self.span(&l, end);
        self.pos = end;
        self.line += lines;
        Some(span)
    }

    /// The span of the next data set, from the content of line `l` to
    /// `end`.
    fn span(&self, l: &ContentLine, end: usize) -> Span {
        Span {
            place: Place {
                number: self.next_number,
                line: self.line,
                col: l.from - l.start + 1,
            },
            start: l.from,
            end,
            rows: 0,
            cols: 0,
            format: self.format,
        }
    }
}

/// Reads one line (trimmed) of a text of URLs (`format` [`Format::Url`])
/// or Loopy IDs (any other) into `out`. A line that looks like the other
/// kind ([`Format::of_line`]) is an error saying so: a reader that takes
/// both ([`Reader::mixed`]) gives each line its own format beforehand.
fn decode_line(format: Format, line: &[u8], out: &mut Puzzle) -> Result<(), ParseError> {
    let (own, other) = match format {
        Format::Url => ("a URL", "a Loopy ID"),
        _ => ("a Loopy ID", "a URL"),
    };
    let looks = Format::of_line(line);
    if looks.is_some_and(|f| f != format && matches!(f, Format::Url | Format::Loopy)) {
        let message = format!(
            "expected {own} ({} was named), found {other}; name no format to read \
             a list that mixes URLs and Loopy IDs",
            format.name()
        );
        return Err(ParseError::locate(line, 0, message));
    }
    if format == Format::Url {
        url::decode_into(line, out)
    } else {
        loopy::decode_into(line, out)
    }
}

/// Why an input whose first data set is `line` is no list in `format`
/// (named, [`Format::Url`] or [`Format::Loopy`]), if it is none: the line
/// is not read as one, and reads as another format (the judge format's
/// first line, the other kind of list, a pzprv3 file). One message for
/// the input, whose reading ends there, in place of one per line.
#[cold]
fn not_a_list(format: Format, line: &[u8]) -> Option<ParseError> {
    let looks = Format::of_line(line);
    if looks == Some(format) || decode_line(format, line, &mut Puzzle::default()).is_ok() {
        return None;
    }
    let (list, found) = match (format, looks) {
        (Format::Url, Some(Format::Loopy)) => ("a list of URLs", "a Loopy ID"),
        (_, Some(Format::Url)) => ("a list of Loopy IDs", "a URL"),
        (Format::Url, Some(Format::Pzprv3)) => ("a list of URLs", "a pzprv3 file's first line"),
        (_, Some(Format::Pzprv3)) => ("a list of Loopy IDs", "a pzprv3 file's first line"),
        (Format::Url, _) => ("a list of URLs", "a line of the judge format"),
        (_, _) => ("a list of Loopy IDs", "a line of the judge format"),
    };
    let message = format!(
        "the input is not {list} ({} was named): its first line is {found}, and it is not \
         read further; name no format to have it told from its first line",
        format.name()
    );
    Some(ParseError::locate(line, 0, message))
}

impl Iterator for Reader<'_> {
    type Item = DataSet;

    /// The next data set, decoded; last, the one that ended the reading,
    /// if one did.
    fn next(&mut self) -> Option<DataSet> {
        let Some(span) = self.next_span() else {
            let (span, e) = self.take_error()?;
            return Some(DataSet {
                place: span.place,
                puzzle: Err(e),
            });
        };
        let mut p = Puzzle::default();
        Some(DataSet {
            place: span.place,
            puzzle: span.decode(self.src, &mut p).map(|()| p),
        })
    }
}

/// The data sets of judge-format `text`, in order, each a [`Puzzle`] or
/// the [`ParseError`] (with its line and column) that stopped it.
///
/// A data set whose rows are malformed gives its error and reading goes
/// on with the next one; a malformed header ends the iteration after its
/// error, as does `0 0` (anything after it is ignored).
///
/// ```
/// let text = b"1 1\n2\n2 2\n3 3\n3 3\n0 0\n";
/// let sizes: Vec<_> = slink::puzzles(text)
///     .map(|p| p.map(|p| (p.rows(), p.cols())))
///     .collect();
/// assert_eq!(sizes, [Ok((1, 1)), Ok((2, 2))]);
/// ```
pub fn puzzles(text: &[u8]) -> Puzzles<'_> {
    Puzzles(Reader::new(text, Format::Judge))
}

/// The iterator of [`puzzles`].
pub struct Puzzles<'a>(Reader<'a>);

impl Iterator for Puzzles<'_> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|d| d.puzzle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each item as `(rows, cols)` or `line:col: message`.
    fn items(text: &str) -> Vec<Result<(usize, usize), String>> {
        puzzles(text.as_bytes())
            .map(|p| {
                p.map(|p| (p.rows(), p.cols()))
                    .map_err(|e| format!("{}:{}: {}", e.line, e.col, e.message))
            })
            .collect()
    }

    #[test]
    fn a_bad_row_is_an_error_in_place_and_reading_goes_on() {
        let got = items("1 1\n4\n1 2\n2 2\n0 0\n");
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(
            got[0].as_ref().is_err_and(|e| e.starts_with("2:1: ")),
            "{got:?}"
        );
        assert_eq!(got[1], Ok((1, 2)));
    }

    #[test]
    fn a_bad_header_ends_the_data_sets_and_so_does_0_0() {
        let got = items("1 1\n2\nx 1\n1 1\n2\n");
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0], Ok((1, 1)));
        assert!(
            got[1].as_ref().is_err_and(|e| e.starts_with("3:1: ")),
            "{got:?}"
        );
        assert_eq!(items("1 1\n2\n0 0\n1 1\n4\n"), [Ok((1, 1))]);
        assert_eq!(
            items("1 1\n2\n"),
            [Ok((1, 1))],
            "no 0 0: the last data set is read"
        );
        assert_eq!(items(""), []);
    }

    /// Every span of `text` read in `format` as a piece of a longer input
    /// (`piece`) or whole: `(number, line, col, bytes)`, and where the
    /// reading ended.
    fn spans(text: &str, format: Format, piece: bool) -> (Vec<(usize, usize, usize, &str)>, usize) {
        let reader = Reader::new(text.as_bytes(), format)
            .numbered_from(5)
            .after_lines(10);
        let mut reader = if piece { reader.in_piece() } else { reader };
        let found = reader
            .spans()
            .map(|s| {
                let p = s.place;
                (p.number, p.line, p.col, &text[s.start..s.end])
            })
            .collect();
        assert_eq!(reader.ending(), Ending::End);
        assert!(reader.take_error().is_none());
        (found, reader.position())
    }

    #[test]
    fn spans_are_numbered_and_placed_past_blank_and_comment_lines() {
        let text = "# two\n\n  5x5t0:a \r\n5x5:b\n";
        let (found, at) = spans(text, Format::Loopy, false);
        assert_eq!(at, text.len());
        assert_eq!(found, [(5, 13, 3, "5x5t0:a"), (6, 14, 1, "5x5:b")]);
        let e = Reader::new(text.as_bytes(), Format::Loopy)
            .next()
            .unwrap()
            .puzzle
            .unwrap_err();
        assert_eq!(
            e.to_string(),
            "3:10: data set 1: Loopy description ends after 1 of 25 cells"
        );

        let file = "pzprv3\nslither\n1\n2\n1 . \n";
        let text = format!("\n{file}{file}");
        let (found, _) = spans(&text, Format::Pzprv3, false);
        assert_eq!(found, [(5, 12, 1, file), (6, 17, 1, file)]);
        let second = Reader::new(text.as_bytes(), Format::Pzprv3).nth(1).unwrap();
        assert_eq!(second.puzzle.unwrap(), Puzzle::from_rows("1 .").unwrap());
    }

    #[test]
    fn a_piece_leaves_the_data_set_its_end_cuts_to_the_next() {
        // The last pzprv3 file may go on after the piece.
        let file = "pzprv3\nslither\n1\n2\n1 . \n";
        let text = format!("\n{file}{file}");
        let (found, at) = spans(&text, Format::Pzprv3, true);
        assert_eq!((found.len(), at), (1, 1 + file.len()));
        // So may the rows of a judge-format data set: not an error.
        let text = "1 1\n0\n2 2\n1 1\n";
        let (found, at) = spans(text, Format::Judge, true);
        assert_eq!((found.len(), at), (1, 6));
        let mut whole = Reader::new(text.as_bytes(), Format::Judge);
        assert!(whole.nth(1).unwrap().puzzle.is_err());
        assert_eq!(whole.ending(), Ending::Error);
        // A line of a URL ends where the piece does.
        let (found, _) = spans("slither/1/1/0\n", Format::Url, true);
        assert_eq!(found, [(5, 11, 1, "slither/1/1/0")]);
    }
}

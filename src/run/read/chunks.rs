//! An input as pieces of whole data sets, for the commands that take the
//! data sets a piece at a time without the batch pipeline (`check`,
//! `explain`, `bench`): the same reading as batch mode ([`input`]), the
//! same piece size and the same limit on a data set, so that no command
//! holds more than a piece of a stream, whatever its length.

use super::input::{self, Input, Source};
use crate::puzzle::formats::{Ending, Format, Reader};
use crate::util::interrupt;
use std::io;

/// The piece size of a stream, in bytes: its buffer (batch mode's
/// default too).
pub const PIECE_BYTES: usize = 16 << 20;

/// The largest piece, in bytes: a data set that does not end within it is
/// an error (one of the largest size, 1024 x 255, takes about half a
/// megabyte).
pub const PIECE_LIMIT: usize = 64 << 20;

/// Pieces of whole data sets of one input.
pub struct Chunks {
    source: Source,
    /// Bytes asked of the source: the piece size, or more for a data set
    /// larger than it.
    want: usize,
    piece_bytes: usize,
    limit: usize,
    /// Bytes of the last chunk, dropped before the next is read.
    pending: usize,
    /// Lines before the next chunk.
    line_offset: usize,
    /// Number of the next chunk's first data set.
    next_number: usize,
    done: bool,
    /// The input's format: given, or detected from its first meaningful
    /// line (`None` until then).
    format: Option<Format>,
    /// Whether the format was detected, not given: a list of URLs and
    /// Loopy IDs may then mix them ([`Reader::mixed`]).
    detected: bool,
}

/// A piece of whole data sets.
pub struct Chunk<'a> {
    /// The data sets (with no `0 0` unless `last`). The chunks of an
    /// input, one after the other, are the input.
    pub bytes: &'a [u8],
    /// Lines of the input before `bytes`.
    pub line_offset: usize,
    /// Number of the first data set of `bytes`.
    pub first: usize,
    /// Whether this is the input's last chunk: only there does the way
    /// the scan ends (`0 0`, the end, an error) tell how the input ends.
    pub last: bool,
    /// The input's format.
    pub format: Format,
    /// Whether it was detected, not given ([`Reader::mixed`]).
    pub detected: bool,
    /// Whether it is the input's first chunk ([`Reader::starts_input`]).
    pub opening: bool,
}

impl<'a> Chunk<'a> {
    /// The chunk's data sets, in its format, numbered and placed in the
    /// input (decoded as they are taken).
    pub fn data_sets(&self) -> Reader<'a> {
        Reader::new(self.bytes, self.format)
            .mixed(self.detected)
            .starts_input(self.opening)
            .numbered_from(self.first)
            .after_lines(self.line_offset)
    }

    /// The warning the input gets if it ends in this chunk
    /// ([`end_warning`]), once `data_sets`, the chunk's
    /// [`Chunk::data_sets`], has given every data set.
    pub fn end_warning(&self, data_sets: &Reader<'_>) -> Option<&'static str> {
        let read = data_sets.next_number() - 1;
        (self.last)
            .then(|| end_warning(self.format, data_sets.ending(), read))
            .flatten()
    }
}

/// The warning an input in `format` gets at its end, if any, its reading
/// ended by `ending` after `read` data sets: `the input has no data set`
/// when it held none (nothing but blank or comment lines; `0 0` alone is
/// a judge-format input with no data set, told as such, and gets none),
/// else, in the judge format, `the input ends without the closing '0 0'
/// line`. Judge mode, `solve` and `check` all say it, and exit 0 for it:
/// nothing in the input failed.
pub fn end_warning(format: Format, ending: Ending, read: usize) -> Option<&'static str> {
    match ending {
        Ending::End if read == 0 => Some("the input has no data set"),
        Ending::End if format == Format::Judge => {
            Some("the input ends without the closing '0 0' line")
        }
        _ => None,
    }
}

impl Chunks {
    /// Opens `input` with batch mode's default piece size and limit, in
    /// the judge format or as detected ([`Chunks::open_as`]).
    pub fn open(input: &Input) -> io::Result<Chunks> {
        Chunks::open_as(input, None)
    }

    /// Opens `input` in `format` (`None`: detected from its first
    /// meaningful line) with batch mode's default piece size and limit.
    pub fn open_as(input: &Input, format: Option<Format>) -> io::Result<Chunks> {
        Chunks::open_sized(input, format, PIECE_BYTES, PIECE_LIMIT)
    }

    /// Opens `input` in `format` (`None`: detected), read in pieces of
    /// about `piece_bytes`, giving up on a data set that does not end
    /// within `limit` bytes (as batch mode's options ask).
    pub fn open_sized(
        input: &Input,
        format: Option<Format>,
        piece_bytes: usize,
        limit: usize,
    ) -> io::Result<Chunks> {
        let mut chunks = Chunks::new(input::open(input)?, piece_bytes, limit);
        chunks.detected = format.is_none();
        chunks.format = format;
        Ok(chunks)
    }

    /// Reads `source` in pieces of about `piece_bytes`, giving up on a
    /// data set that does not end within `limit` bytes.
    pub fn new(source: Source, piece_bytes: usize, limit: usize) -> Chunks {
        let piece_bytes = piece_bytes.clamp(1, limit.max(1));
        Chunks {
            source,
            want: piece_bytes,
            piece_bytes,
            limit,
            pending: 0,
            line_offset: 0,
            next_number: 1,
            done: false,
            format: None,
            detected: true,
        }
    }

    /// [`Chunks::next_chunk`] for a caller that has written and flushed
    /// all its output: the read is idle time ([`interrupt::while_idle`]),
    /// so a signal while a pipe or a terminal keeps it waiting ends the
    /// process at once, losing nothing. `None` too when a stop was
    /// requested: no new piece is taken.
    pub fn next_chunk_idle(&mut self) -> io::Result<Option<Chunk<'_>>> {
        let chunks = self;
        interrupt::while_idle(move || {
            // Moved in, so that the chunk may borrow from it.
            let chunks = chunks;
            chunks.next_chunk()
        })
        .unwrap_or(Ok(None))
    }

    /// The next piece of whole data sets, or `None` after the last.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk<'_>>> {
        self.source.consume(self.pending);
        self.pending = 0;
        if self.done {
            return Ok(None);
        }
        loop {
            self.source.fill(self.want)?;
            let data = self.source.piece();
            let last = self.source.is_last();
            if self.format.is_none() {
                match Format::detect_in(data) {
                    Some(f) => self.format = Some(f),
                    None if last => self.format = Some(Format::Judge),
                    // Only blank and comment lines so far: look further.
                    None => {
                        grow(&mut self.want, data.len(), self.next_number, self.limit)?;
                        continue;
                    }
                }
            }
            let format = self.format.unwrap_or(Format::Judge);
            let opening = self.source.offset() == 0;
            let step = match memchr::memrchr(b'\n', data) {
                _ if last => Cut::Last(data.len()),
                None => Cut::Grow(data.len()),
                Some(k) => cut(&data[..=k], format, self.next_number, opening),
            };
            let (first, line_offset) = (self.next_number, self.line_offset);
            let (end, last) = match step {
                Cut::Grow(len) => {
                    // A line, or one data set, larger than the piece.
                    grow(&mut self.want, len, self.next_number, self.limit)?;
                    continue;
                }
                Cut::Last(end) => {
                    self.done = true;
                    (end, true)
                }
                Cut::At { cut, lines, next } => {
                    self.pending = cut;
                    self.line_offset += lines;
                    self.next_number = next;
                    self.want = self.piece_bytes;
                    (cut, false)
                }
            };
            return Ok(Some(Chunk {
                bytes: &self.source.piece()[..end],
                line_offset,
                first,
                last,
                format,
                detected: self.detected,
                opening,
            }));
        }
    }
}

/// What to do with a piece.
enum Cut {
    /// Ask for more than `len` bytes.
    Grow(usize),
    /// The input's last chunk ends at this offset.
    Last(usize),
    /// A chunk ends at `cut`, with `lines` newlines before it; the next
    /// starts with data set `next`.
    At {
        cut: usize,
        lines: usize,
        next: usize,
    },
}

/// What to do with `piece`, up to its last newline, of an input in
/// `format` whose data sets are numbered from `first` (not the input's
/// last piece; its first if `opening`): cut it after its whole data sets, before the one its end
/// cuts (a judge-format data set whose rows go on, the last pzprv3 file);
/// grow it if that leaves nothing; or make it the input's last chunk when
/// its reading ends the input (`0 0`, a malformed header).
fn cut(piece: &[u8], format: Format, first: usize, opening: bool) -> Cut {
    let mut reader = Reader::new(piece, format)
        .numbered_from(first)
        .starts_input(opening)
        .in_piece();
    while reader.next_span().is_some() {}
    if reader.ending() != Ending::End {
        return Cut::Last(piece.len());
    }
    match keep_newline(piece, reader.position(), reader.line()) {
        (0, _) => Cut::Grow(piece.len()),
        (cut, lines) => Cut::At {
            cut,
            lines,
            next: reader.next_number(),
        },
    }
}

/// Where a piece cut at offset `at`, on line `line` (counted from 1 in
/// the piece, or in the whole input), hands over to the next: before the
/// newline that precedes `at`, if one does (so that the next piece starts
/// at a line start, and never with what the reader would take for a byte
/// order mark); and the lines before that (of the piece, or of the input).
pub(crate) fn keep_newline(piece: &[u8], at: usize, line: usize) -> (usize, usize) {
    let cut = if at > 0 && piece[at - 1] == b'\n' {
        at - 1
    } else {
        at
    };
    (cut, line - 1 - usize::from(cut < at))
}

/// Doubles the bytes asked of a source, `want`, for a line or a data set
/// (number `number`) longer than `len` bytes, up to `limit`; past it, the
/// input is given up.
pub(crate) fn grow(want: &mut usize, len: usize, number: usize, limit: usize) -> io::Result<()> {
    if *want >= limit {
        return Err(io::Error::other(format!(
            "data set {number} does not end within {limit} bytes"
        )));
    }
    *want = (*want).max(len).saturating_mul(2).min(limit);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every chunk of `text` read in pieces of `piece` bytes.
    fn chunks(text: &str, piece: usize, limit: usize) -> io::Result<Vec<(String, usize, usize)>> {
        let source = Source::stream(Box::new(io::Cursor::new(text.as_bytes().to_vec())));
        let mut chunks = Chunks::new(source, piece, limit);
        let mut all = Vec::new();
        while let Some(c) = chunks.next_chunk()? {
            let text = String::from_utf8(c.bytes.to_vec()).unwrap();
            all.push((text, c.line_offset, c.first));
        }
        Ok(all)
    }

    #[test]
    fn chunks_hold_whole_data_sets_and_say_where_they_start() {
        let text = "1 1\n0\n1 1\n1\n\n2 1\n2\n2\n0 0\n";
        let all = chunks(text, 8, 1 << 20).unwrap();
        // Joined, they are the input (each after the first starts with
        // the newline the one before kept back).
        let joined: Vec<&str> = all.iter().map(|c| c.0.as_str()).collect();
        assert!(joined.len() > 2, "{joined:?}");
        assert_eq!(joined.concat(), text);
        for (chunk, line_offset, first) in &all {
            let reader = Reader::new(chunk.as_bytes(), Format::Judge)
                .numbered_from(*first)
                .after_lines(*line_offset);
            for data_set in reader {
                assert!(data_set.puzzle.is_ok(), "{chunk:?}");
                let header = text.lines().nth(data_set.place.line - 1);
                assert_eq!(header.unwrap().len(), 3, "{chunk:?}");
            }
        }
        let firsts: Vec<usize> = all.iter().map(|c| c.2).collect();
        assert!(firsts.windows(2).all(|w| w[0] <= w[1]) && firsts[0] == 1);
        assert_eq!(chunks(text, 1 << 20, 1 << 20).unwrap().len(), 1);
    }

    #[test]
    fn a_data_set_longer_than_the_limit_is_an_error() {
        let text = format!("1 1\n{}0\n0 0\n", " ".repeat(100));
        let e = chunks(&text, 8, 64).unwrap_err();
        assert_eq!(e.to_string(), "data set 1 does not end within 64 bytes");
        assert_eq!(chunks(&text, 8, 256).unwrap().len(), 1);
    }
}

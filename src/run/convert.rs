//! `slink convert`: puzzles from one format into another, read and
//! written without solving them (a URL into the judge format, judge
//! puzzles into Loopy IDs, ...). Each input is read a piece of whole data
//! sets at a time, as `check` reads it; a bad data set is reported in
//! place (at most [`MESSAGES_PER_INPUT`] per input, then a count) and the
//! others are converted. A puzzle the output format cannot hold (a clue 4
//! in the judge format) is reported as a bad data set at its first line.
//!
//! ```
//! use slink::formats::Format;
//! use slink::run::{batch::Input, convert};
//! let judge = Input::Bytes { name: "p".into(), bytes: b"2 2\n2 2\n2 2\n0 0\n"[..].into() };
//! let (mut ids, mut err) = (Vec::new(), Vec::new());
//! let done = convert::run(&[judge], None, Format::Loopy, &mut ids, &mut err).unwrap();
//! assert_eq!((done.written, done.bad), (1, 0));
//! assert_eq!(ids, b"2x2t0:2222\n");
//! ```

use crate::puzzle::formats::{self, DataSet, Format, ParseError};
use crate::puzzle::Puzzle;
use crate::run::batch::Input;
use crate::run::read::chunks::Chunks;
use crate::util::interrupt;
use std::io::{self, Write};

/// Messages about one input's bad data sets shown at most.
pub const MESSAGES_PER_INPUT: usize = 20;

/// What a conversion read and wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Converted {
    /// Puzzles written.
    pub written: usize,
    /// Data sets that were not puzzles.
    pub bad: usize,
    /// Inputs that could not be read.
    pub unreadable: usize,
}

/// Writes every puzzle of `inputs` (read in `from`, or as detected per
/// input) to `out` in format `to` (the judge format ends with `0 0`), and
/// what is wrong with the others to `err`. An `Err` only when `out` or
/// `err` cannot be written.
pub fn run(
    inputs: &[Input],
    from: Option<Format>,
    to: Format,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Converted> {
    let mut done = Converted::default();
    let mut buf = Vec::new();
    for input in inputs {
        if interrupt::stopping() {
            break;
        }
        let name = input.name();
        let mut chunks = match Chunks::open_as(input, from) {
            Ok(chunks) => chunks,
            Err(e) => {
                writeln!(err, "slink convert: cannot read {name}: {e}")?;
                done.unreadable += 1;
                continue;
            }
        };
        let mut shown = 0;
        let bad_before = done.bad;
        // After a stop, no new piece is read: the output ends whole.
        while !interrupt::stopping() {
            let chunk = match chunks.next_chunk_idle() {
                Ok(Some(chunk)) => chunk,
                Ok(None) => break,
                Err(e) => {
                    writeln!(err, "slink convert: cannot read {name}: {e}")?;
                    done.unreadable += 1;
                    break;
                }
            };
            for data_set in chunk.data_sets() {
                match writable(data_set, to) {
                    Ok(p) => {
                        buf.clear();
                        formats::write(to, &p, &mut buf);
                        out.write_all(&buf)?;
                        done.written += 1;
                    }
                    Err(e) if shown < MESSAGES_PER_INPUT => {
                        shown += 1;
                        done.bad += 1;
                        writeln!(err, "slink convert: {name}:{e}")?;
                    }
                    Err(_) => done.bad += 1,
                }
            }
        }
        let left_out = done.bad - bad_before - shown;
        if left_out > 0 {
            writeln!(
                err,
                "slink convert: {name}: {left_out} more bad data sets not shown, beyond the first {MESSAGES_PER_INPUT}"
            )?;
        }
    }
    if to == Format::Judge {
        out.write_all(b"0 0\n")?;
    }
    out.flush()?;
    Ok(done)
}

/// The puzzle of `data_set`, or why it cannot be converted: it is not a
/// puzzle, or `to` cannot hold it ([`formats::unwritable`]: placed at
/// the data set's first line, column 1).
fn writable(data_set: DataSet, to: Format) -> Result<Puzzle, ParseError> {
    let p = data_set.puzzle?;
    match formats::unwritable(to, &p) {
        None => Ok(p),
        Some(message) => Err(ParseError {
            line: data_set.place.line,
            col: 1,
            data_set: data_set.place.number,
            message,
        }),
    }
}

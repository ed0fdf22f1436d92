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
//! let how = convert::Conversion { from: None, to: Format::Loopy, quiet: false };
//! let (mut ids, mut err) = (Vec::new(), Vec::new());
//! let done = convert::run(&[judge], &how, &mut ids, &mut err).unwrap();
//! assert_eq!((done.written, done.bad), (1, 0));
//! assert_eq!(ids, b"2x2t0:2222\n");
//! ```

use crate::puzzle::formats::url::OddAddresses;
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

/// What a conversion reads and writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conversion {
    /// The inputs' format; `None` to detect it per input.
    pub from: Option<Format>,
    /// The format written.
    pub to: Format,
    /// No warnings (URLs whose address is not a known pzprjs player's):
    /// only errors.
    pub quiet: bool,
}

/// Writes every puzzle of `inputs` (read in `how.from`, or as detected
/// per input) to `out` in format `how.to` (the judge format ends with
/// `0 0`), and what is wrong with the others to `err`, with a warning
/// per input about URLs whose address is not a known pzprjs player's
/// (read all the same) unless `how.quiet`. An `Err` only when `out` or
/// `err` cannot be written.
pub fn run(
    inputs: &[Input],
    how: &Conversion,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<Converted> {
    let mut done = Converted::default();
    for input in inputs {
        if interrupt::stopping() {
            break;
        }
        convert_input(input, how, &mut done, out, err)?;
    }
    if how.to == Format::Judge {
        out.write_all(b"0 0\n")?;
    }
    out.flush()?;
    Ok(done)
}

/// Converts the puzzles of `input` as [`run`] does, counting into `done`.
fn convert_input(
    input: &Input,
    how: &Conversion,
    done: &mut Converted,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> io::Result<()> {
    let name = input.name();
    let mut chunks = match Chunks::open_as(input, how.from) {
        Ok(chunks) => chunks,
        Err(e) => {
            writeln!(err, "slink convert: cannot read {name}: {e}")?;
            done.unreadable += 1;
            return Ok(());
        }
    };
    let (mut shown, bad_before) = (0, done.bad);
    let (mut buf, mut odd) = (Vec::new(), OddAddresses::default());
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
        let mut data_sets = chunk.data_sets();
        for data_set in data_sets.by_ref() {
            match writable(data_set, how.to) {
                Ok(p) => {
                    buf.clear();
                    formats::write(how.to, &p, &mut buf);
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
        odd.add(data_sets.take_odd_addresses());
    }
    if let (false, Some(warning)) = (how.quiet, odd.warning(&name)) {
        writeln!(err, "slink convert: {warning}")?;
    }
    let left_out = done.bad - bad_before - shown;
    if left_out > 0 {
        writeln!(
            err,
            "slink convert: {name}: {left_out} more bad data sets not shown, beyond the first {MESSAGES_PER_INPUT}"
        )?;
    }
    Ok(())
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

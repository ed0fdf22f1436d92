//! Going on with a run that stopped (`slink solve -o OUTPUT --resume`):
//! [`find`] reads back the records the stopped run wrote, matches each
//! with the data set it is of, walking the inputs' data sets in the
//! run's order without solving any (`walk`), and says how many of them
//! the whole records cover and where they end: the run goes on with that
//! many more passed over ([`Config::skip`]), appending after the last
//! whole record (a torn record after it is cut). So a run stopped and
//! resumed writes the same bytes as one that was not stopped.
//!
//! The formats whose records can be matched with their data sets by
//! reading alone ([`resumable`]):
//!
//! - JSON lines: one record per data set, so the `k`-th record must be of
//!   the `k`-th data set (its input, file, number; its line and size
//!   for a puzzle; `invalid` exactly for a malformed one; a time exactly
//!   when the run has timing);
//! - URLs and Loopy IDs: one line per puzzle read (none for a malformed
//!   data set), which must be that puzzle's encoding;
//! - the judge format: a record (a number and a drawing) only for a data
//!   set with a solution, so each record goes to the next data set with
//!   its number whose puzzle the drawing shows (its size, its clues, a
//!   loop), the data sets between having printed nothing. The same
//!   puzzle with the same options gets the same verdict, so the first
//!   such data set is the one (but for `--time-limit`, whose verdicts
//!   depend on the machine's speed).
//!
//! Records that fit no data set (another input's output, other options)
//! are an error naming the record's line, and nothing is cut.
//!
//! The whole road, from the output's path to the file to append to (the
//! checks of the inputs and the output, the reading back, the cut) and
//! the words of a stopped or resumed run, is [`reopen`]'s, for `slink
//! solve --resume` and any library caller.

mod fit;
mod records;
pub mod reopen;
mod walk;

use super::{Config, Input, OutputFormat, Spot};
use crate::puzzle::formats::judge::drawing::read_drawing;
use crate::puzzle::solution::Solution;
use crate::puzzle::verify::verify;
use records::{Body, Broken, Rec, Records};
use std::fmt;
use std::io::{self, BufRead};
use std::ops::ControlFlow;
use walk::{walk, Interrupted, Seen};

/// What a stopped run's output holds, as [`find`] reads it back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resumed {
    /// Bytes of the output that hold whole records: those kept.
    pub keep: u64,
    /// Bytes after them (a torn record) to cut.
    pub cut: u64,
    /// Whole records kept.
    pub records: usize,
    /// Data sets of the run (of its shard, after the [`Config::skip`]
    /// first) that the kept records cover: the run goes on with that many
    /// more passed over.
    pub covered: usize,
    /// The last data set a kept record is of.
    pub last: Option<Spot>,
}

/// Why a run cannot go on from an output.
#[derive(Debug)]
pub enum ResumeError {
    /// The output could not be read.
    Read(io::Error),
    /// A record of the output fits no data set of the run where it
    /// stands: its (first) line in the output, from 1, and why.
    Unfit {
        /// The line, from 1.
        line: usize,
        /// What does not fit.
        why: String,
    },
    /// The run cannot be resumed (its format, its inputs): why.
    Unsupported(String),
    /// A stop was requested (a signal, [`Config::stop`]) before the output
    /// was read back.
    Stopped,
    /// [`reopen::reopen`] refused the output (left as it was): why, in
    /// words that name it.
    Refused(String),
}

impl fmt::Display for ResumeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResumeError::Read(e) => write!(f, "cannot read it: {e}"),
            ResumeError::Unfit { line, why } => write!(f, "line {line}: {why}"),
            ResumeError::Unsupported(why) => f.write_str(why),
            ResumeError::Stopped => f.write_str("stopped by a signal before it was read back"),
            ResumeError::Refused(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ResumeError {}

impl From<Broken> for ResumeError {
    fn from(b: Broken) -> Self {
        match b {
            Broken::Read(e) => ResumeError::Read(e),
            Broken::Line(line, why) => ResumeError::Unfit { line, why },
        }
    }
}

/// Whether a run in `format` can be resumed: its records can be matched
/// with their data sets without solving (judge, JSON, URLs, Loopy IDs).
pub fn resumable(format: OutputFormat) -> bool {
    matches!(
        format,
        OutputFormat::Judge | OutputFormat::Json | OutputFormat::Url | OutputFormat::Loopy
    )
}

/// Reads back `output`, written by a run over `inputs` with `config`
/// that stopped, and says where the run is to go on ([`Resumed`]): the
/// whole records it holds, each matched with its data set, and the torn
/// record after them. The inputs are read (again) for that, so none may
/// be standard input or a reader.
pub fn find(
    output: &mut dyn BufRead,
    inputs: &[Input],
    config: &Config,
) -> Result<Resumed, ResumeError> {
    if !resumable(config.format) {
        let why = "only the judge, json, url and loopy formats can be resumed";
        return Err(ResumeError::Unsupported(why.into()));
    }
    if let Some(i) = inputs
        .iter()
        .find(|i| matches!(i, Input::Stdin | Input::Reader { .. }))
    {
        return Err(ResumeError::Unsupported(format!(
            "the inputs are read twice to resume (to match the output, then to go on), \
             so {} cannot be one",
            i.name()
        )));
    }
    let mut records = Records::new(output, config.format == OutputFormat::Judge);
    let pending = records.next()?;
    let mut m = Matcher {
        config,
        pending,
        offered: 0,
        found: Resumed::default(),
        near: None,
        solution: Solution::default(),
    };
    if m.pending.is_some() {
        let ended = walk(inputs, config, &mut |seen| m.offer(seen, &mut records));
        match ended.map_err(|Interrupted| ResumeError::Stopped)? {
            Some(done) => done?,
            None => return Err(m.unmatched()),
        }
    }
    m.found.cut = records.read() - m.found.keep;
    Ok(m.found)
}

/// The matching of records with data sets.
struct Matcher<'c> {
    config: &'c Config,
    /// The record to match next.
    pending: Option<Rec>,
    /// Data sets offered so far.
    offered: usize,
    found: Resumed,
    /// Why the pending judge record does not fit the data set with its
    /// number and size passed over last, if one was.
    near: Option<String>,
    /// A drawing's edges, read back.
    solution: Solution,
}

/// Whether a record fits a data set.
enum Fit {
    /// It is that data set's record, whose line is this.
    Yes(usize),
    /// It is not, but a later data set's, perhaps: this one printed none.
    Pass,
    /// It cannot be: why.
    No(String),
}

impl Matcher<'_> {
    /// Matches the pending record with `seen`, the next data set of the
    /// run; on a match, reads the next record of `records`. Breaks when
    /// every record is matched, or one cannot be.
    fn offer(
        &mut self,
        seen: Seen<'_>,
        records: &mut Records<'_>,
    ) -> ControlFlow<Result<(), ResumeError>> {
        self.offered += 1;
        let Some(rec) = self.pending.take() else {
            return ControlFlow::Break(Ok(()));
        };
        let fit = match &rec.body {
            Body::Line(line) if self.config.format == OutputFormat::Json => {
                fit::json(line, &seen, self.config)
            }
            Body::Line(line) => fit::coded(line, &seen, self.config.format),
            Body::Drawing { number, lines } => self.drawing(*number, lines, &seen),
        };
        let line = match fit {
            Fit::Pass => {
                self.pending = Some(rec);
                return ControlFlow::Continue(());
            }
            Fit::No(why) => {
                return ControlFlow::Break(Err(ResumeError::Unfit {
                    line: rec.line,
                    why,
                }))
            }
            Fit::Yes(line) => line,
        };
        self.found.keep = rec.end;
        self.found.records += 1;
        self.found.covered = self.offered;
        self.found.last = Some(Spot {
            input: seen.input,
            number: seen.number,
            line,
        });
        self.near = None;
        match records.next() {
            Ok(Some(next)) => {
                self.pending = Some(next);
                ControlFlow::Continue(())
            }
            Ok(None) => ControlFlow::Break(Ok(())),
            Err(e) => ControlFlow::Break(Err(e.into())),
        }
    }

    /// Whether the judge record of data set `number` drawn in `lines`
    /// is `seen`'s: its number, its puzzle's size and clues, and a loop.
    fn drawing(&mut self, number: usize, lines: &[Vec<u8>], seen: &Seen<'_>) -> Fit {
        let (place, Ok(p)) = (seen.data_set.place, &seen.data_set.puzzle) else {
            return Fit::Pass;
        };
        let size = ((lines.len() - 5) / 2, (lines[0].len() - 5) / 4);
        if number != seen.number || size != (p.rows(), p.cols()) {
            return Fit::Pass;
        }
        let lines: Vec<&[u8]> = lines.iter().map(Vec::as_slice).collect();
        let why = match read_drawing(p, &lines, &mut self.solution) {
            Ok(()) => match verify(p, &self.solution) {
                Ok(()) => return Fit::Yes(place.line),
                Err(e) => format!("its loop is wrong: {e}"),
            },
            Err(e) => format!("line {} of its drawing: {e}", e.line + 1),
        };
        self.near.get_or_insert_with(|| {
            format!(
                "; data set {number} of {} (line {}) has its size, but not this drawing ({why})",
                seen.file, place.line
            )
        });
        Fit::Pass
    }

    /// The error about the pending record, which no data set fits: the
    /// inputs ended before one did.
    fn unmatched(&self) -> ResumeError {
        let Some(rec) = &self.pending else {
            return ResumeError::Unfit {
                line: 0,
                why: "no record".into(),
            };
        };
        let why = match &rec.body {
            Body::Drawing { number, lines } => format!(
                "the record of data set {number} ({}x{}) fits no data set this run takes \
                 after those of the records before it{}",
                (lines.len() - 5) / 2,
                (lines[0].len() - 5) / 4,
                self.near.as_deref().unwrap_or("")
            ),
            Body::Line(_) => format!(
                "a record after the last data set this run takes ({} of them)",
                self.offered
            ),
        };
        ResumeError::Unfit {
            line: rec.line,
            why,
        }
    }
}

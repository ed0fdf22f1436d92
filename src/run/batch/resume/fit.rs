//! Whether a record of one line (JSON, a URL, a Loopy ID) is the record
//! of a data set: read from the record and the data set alone.

use super::records::shown;
use super::walk::Seen;
use super::{Config, Fit, OutputFormat};
use crate::puzzle::formats::{loopy, url};
use serde::Deserialize;

/// The keys of a JSON record that place it (see
/// [`OutputFormat::Json`]); the others are not read.
#[derive(Deserialize)]
struct JsonRecord {
    input: usize,
    data_set: usize,
    file: String,
    line: usize,
    rows: Option<usize>,
    cols: Option<usize>,
    status: String,
    micros: Option<u64>,
}

/// Whether the JSON record `line` is `seen`'s, the next data set of a run
/// with `config`: the same input, file and number; `invalid` exactly when
/// the data set is malformed; a puzzle's line and size; a time exactly
/// when the run has timing (a malformed header's record has none).
pub(super) fn json(line: &[u8], seen: &Seen<'_>, config: &Config) -> Fit {
    let j: JsonRecord = match serde_json::from_slice(line) {
        Ok(j) => j,
        Err(e) => {
            let why = format!(
                "expected a JSON record of slink solve, found '{}' ({e})",
                shown(line)
            );
            return Fit::No(why);
        }
    };
    if (j.input, j.data_set, j.file.as_bytes()) != (seen.input, seen.number, seen.file.as_bytes()) {
        return Fit::No(format!(
            "the record is of data set {} of '{}' (input {}), where the next data set \
             this run takes is data set {} of {} (input {})",
            j.data_set,
            shown(j.file.as_bytes()),
            j.input,
            seen.number,
            seen.file,
            seen.input
        ));
    }
    let of = format!("data set {} of {}", seen.number, seen.file);
    let bad = seen.data_set.puzzle.is_err();
    if (j.status == "invalid") != bad {
        let is = if bad { "malformed" } else { "a puzzle" };
        let status = shown(j.status.as_bytes());
        return Fit::No(format!(
            "the record's status is '{status}', but {of} is {is}"
        ));
    }
    if let (place, Ok(p)) = (seen.data_set.place, &seen.data_set.puzzle) {
        let input = (place.line, Some(p.rows()), Some(p.cols()));
        if (j.line, j.rows, j.cols) != input {
            return Fit::No(format!(
                "the record has {of} on line {} with {:?} rows and {:?} columns, where it is \
                 on line {} with {} rows and {} columns",
                j.line,
                j.rows,
                j.cols,
                place.line,
                p.rows(),
                p.cols()
            ));
        }
    }
    let timing = config.timing && config.format.shows_record_times();
    match (j.micros.is_some(), timing) {
        (true, false) => Fit::No(
            "the record has a time (micros), and this run has --no-timing: other options".into(),
        ),
        (false, true) if !bad => Fit::No(
            "the record has no time (micros), as with --no-timing, which this run has not: \
             other options"
                .into(),
        ),
        _ => Fit::Yes(j.line),
    }
}

/// Whether `line`, in `format` (URLs or Loopy IDs), is `seen`'s record:
/// its puzzle's encoding. A malformed data set has none, and is passed.
pub(super) fn coded(line: &[u8], seen: &Seen<'_>, format: OutputFormat) -> Fit {
    let (place, Ok(p)) = (seen.data_set.place, &seen.data_set.puzzle) else {
        return Fit::Pass;
    };
    let code = if format == OutputFormat::Url {
        url::encode(p)
    } else {
        loopy::encode(p)
    };
    if code.as_bytes() == line {
        return Fit::Yes(place.line);
    }
    Fit::No(format!(
        "expected the puzzle of data set {} of {} (line {}), the next this run takes, \
         found '{}'",
        seen.number,
        seen.file,
        place.line,
        shown(line)
    ))
}

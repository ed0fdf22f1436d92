//! Output formats: how the result of one data set becomes bytes.
//!
//! This layer knows nothing of files, windows or threads. The engine hands
//! it one [`Record`] at a time (on a worker thread, so formatting runs in
//! parallel too) and writes the bytes it produced in input order.
//!
//! - [`Format::Judge`]: the judge's drawing on the output, the judge
//!   mode's warnings and errors on the diagnostics stream; for valid
//!   input, byte for byte what `slink < FILE` prints.
//! - [`Format::Json`]: one JSON object per data set and line, see [`Format::Json`].
//! - [`Format::Summary`]: nothing per data set but the error lines of
//!   malformed ones; counts and rates at the end ([`write_summary`]).

use super::Totals;
use crate::puzzle::parse::ParseError;
use crate::puzzle::render;
use crate::puzzle::solution::Solution;
use crate::puzzle::Puzzle;
use crate::solve::outcome::{Outcome, Status};
use crate::util::counted;
use serde::{Serialize, Serializer};
use std::fmt::{self, Display, Write as _};
use std::io::{self, Write};

/// An output format of `slink solve`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// The judge's output: for each data set with a solution, its number on
    /// a line of its own and the drawing. Warnings and errors go to the
    /// diagnostics stream with the judge mode's wording; a malformed data
    /// set gives `FILE:LINE:COL: data set K: message` there.
    #[default]
    Judge,
    /// JSON lines: one object per data set, in input order, with the keys
    /// (in this order)
    ///
    /// - `input`: position of the file among the inputs, from 1;
    /// - `data_set`: the data set's number;
    /// - `file`: the file's name (`stdin` for standard input);
    /// - `line`: line of the data set's header (of the error, if the
    ///   header itself is malformed);
    /// - `rows`, `cols`: the size, `null` if the header is malformed (a
    ///   data set whose rows are bad, or cut short by the end of the
    ///   input, keeps the size its header gave);
    /// - `status`: `solved` (exactly one solution), `multiple`, `none`,
    ///   `invalid` (malformed), `timed-out` (the time limit ran out) or
    ///   `gave-up` (the search budget ran out, or
    ///   the rules stalled with `--rules-only`);
    /// - `loop` (with `solved` and `multiple`, and with a `gave-up` whose
    ///   search found a loop before the budget ran out; for `multiple` it is one of the
    ///   solutions): the loop's edges, see [`LoopHex`];
    /// - `micros`: microseconds spent reading and solving the data set
    ///   (left out with `--no-timing`); small puzzles of one shape are
    ///   deduced side by side, and the first of each such group carries
    ///   the group's shared deduction;
    /// - `error` (with `invalid`, `none`, `gave-up`): what went wrong; for
    ///   `invalid`, `LINE:COL: data set K: message`.
    ///
    /// The first two keys make the records of several runs sortable as
    /// text: `LC_ALL=C sort -m -t: -k2,2n -k3,3n` merges shards.
    Json,
    /// Counts per status, data sets per second and megabytes per second,
    /// written once at the end. Malformed data sets are still reported on
    /// the diagnostics stream, as in the judge format.
    Summary,
    /// The puzzle itself as a puzz.link URL, one line per data set read
    /// (solved or not); diagnostics as in the judge format.
    Url,
    /// The puzzle itself as a Loopy game ID, one line per data set read.
    Loopy,
    /// The puzzle as a pzprjs file per data set read, with its loop as
    /// the file's answer when it was solved uniquely.
    Pzprv3,
    /// One SVG picture per data set read: the loop, or what is known of
    /// it, marked, when the puzzle was not solved uniquely. Each goes to a
    /// file of its own ([`super::Config::out_dir`]), or, for an input of
    /// one data set, to the output.
    Svg,
    /// One self-contained HTML page: every data set's picture (or its
    /// error), status and time, and a summary linking to those not solved
    /// uniquely.
    Html,
}

/// What became of a data set's clues.
#[derive(Clone, Copy, Debug)]
pub enum Result<'a> {
    /// The data set was read and solved.
    Solved {
        /// The puzzle.
        puzzle: &'a Puzzle,
        /// The solver's outcome.
        outcome: &'a Outcome,
    },
    /// The data set is malformed.
    Invalid(&'a ParseError),
    /// The solver failed on this data set (a bug in slink).
    Failed,
}

/// One data set's result, as the formats see it.
#[derive(Clone, Copy, Debug)]
pub struct Record<'a> {
    /// The file's name in messages.
    pub file: &'a str,
    /// Position of the file among the inputs, from 1.
    pub input: usize,
    /// The data set's number.
    pub number: usize,
    /// Line of the header (of the error, for a malformed header).
    pub line: usize,
    /// Rows and columns, if the header was read.
    pub size: Option<(usize, usize)>,
    /// What became of it.
    pub result: Result<'a>,
    /// Microseconds spent reading and solving, when timing is on.
    pub micros: Option<u64>,
}

impl Record<'_> {
    /// The record's status.
    pub fn status(&self) -> Status {
        match self.result {
            Result::Solved { outcome, .. } => outcome.status(),
            Result::Invalid(_) => Status::Invalid,
            Result::Failed => Status::GaveUp,
        }
    }

    /// The error text of a data set that is not solved: `None` for solved
    /// and multiple ones.
    fn error(&self) -> Option<Detail<'_>> {
        match self.result {
            Result::Solved { outcome, .. } => match outcome.status() {
                Status::Solved | Status::Multiple => None,
                Status::NoSolution => Some(Detail::NoSolution(outcome)),
                Status::GaveUp => Some(match outcome.stalled() {
                    Some(undecided) => Detail::Stalled(undecided),
                    None => Detail::GaveUp(outcome),
                }),
                Status::TimedOut => Some(Detail::TimedOut(outcome)),
                // (The solver does not say this of a puzzle it read.)
                Status::Invalid => Some(Detail::Failed),
            },
            Result::Invalid(e) => Some(Detail::Invalid(e)),
            Result::Failed => Some(Detail::Failed),
        }
    }
}

/// The text of an error, in the judge mode's words.
enum Detail<'a> {
    NoSolution(&'a Outcome),
    GaveUp(&'a Outcome),
    TimedOut(&'a Outcome),
    Stalled(usize),
    Invalid(&'a ParseError),
    Failed,
}

impl Display for Detail<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Detail::NoSolution(o) => {
                f.write_str("the puzzle has no solution")?;
                match o.contradiction {
                    Some(c) => write!(f, " ({c})"),
                    None => Ok(()),
                }
            }
            Detail::GaveUp(o) | Detail::TimedOut(o) => {
                let why = match self {
                    Detail::TimedOut(_) => "timed out after",
                    _ => "gave up after",
                };
                let limit = match self {
                    Detail::TimedOut(_) => "the time limit",
                    _ => "the budget",
                };
                write!(
                    f,
                    "{why} {} and {} ({limit})",
                    counted(o.stats.nodes.saturating_sub(1), "search node"),
                    counted(o.stats.probes, "probe")
                )?;
                if o.solution().is_some() {
                    // A verified loop was found; only its uniqueness is open.
                    f.write_str(", with one solution found but not proven the only one")?;
                }
                Ok(())
            }
            Detail::Stalled(n) => write!(f, "the rules stalled with {n} edges undecided"),
            Detail::Invalid(e) => e.fmt(f),
            Detail::Failed => f.write_str("internal error: the solver failed on this data set"),
        }
    }
}

/// A solution's edges as hexadecimal digits, the `loop` of a JSON record.
///
/// The edges are listed in the order of `SLINK.md`'s geometry: first the
/// horizontal edges `H(i, j)` row by row (`i` from 0 to `r`, `j` from 0
/// to `c - 1`), then the vertical edges `V(i, j)` row by row (`i` from 0
/// to `r - 1`, `j` from 0 to `c`): `2rc + r + c` edges in all, a line
/// being a 1 bit. Each group of four edges in that order is one lower-case
/// hex digit, the first edge of the group its most significant bit (8);
/// the last group is padded with 0 bits. So edge number `n` in the list is
/// bit `8 >> (n % 4)` of digit `n / 4`; a 2x2 puzzle's outer loop (H(0,*),
/// H(2,*), V(*,0), V(*,2) lines: bits 110011 101101) is `ced`.
pub struct LoopHex<'a>(pub &'a Solution);

impl Display for LoopHex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const DIGITS: &[u8; 16] = b"0123456789abcdef";
        let s = self.0;
        let (mut digit, mut n) = (0u8, 0);
        for bit in s.edges() {
            digit = digit << 1 | u8::from(bit);
            n += 1;
            if n == 4 {
                f.write_char(char::from(DIGITS[usize::from(digit)]))?;
                (digit, n) = (0, 0);
            }
        }
        if n > 0 {
            f.write_char(char::from(DIGITS[usize::from(digit << (4 - n))]))?;
        }
        Ok(())
    }
}

/// Serializes any [`Display`] as a JSON string, without building a `String`.
struct Shown<T>(T);

impl<T: Display> Serialize for Shown<T> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// The JSON object of one data set; see [`Format::Json`] for the keys.
#[derive(Serialize)]
struct Json<'a> {
    input: usize,
    data_set: usize,
    file: &'a str,
    line: usize,
    rows: Option<usize>,
    cols: Option<usize>,
    status: &'static str,
    #[serde(rename = "loop", skip_serializing_if = "Option::is_none")]
    edges: Option<Shown<LoopHex<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    micros: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<Shown<Detail<'a>>>,
}

impl Format {
    /// Whether a record of this format shows the time its data set took
    /// (only JSON does): the others need no clock read per data set.
    pub fn shows_record_times(self) -> bool {
        matches!(self, Format::Json | Format::Html)
    }

    /// Appends what this format prints for `rec`: output bytes to `out`,
    /// diagnostic lines to `diag`.
    pub fn record(self, rec: &Record<'_>, out: &mut Vec<u8>, diag: &mut Vec<u8>) {
        if let Result::Solved { outcome, .. } = rec.result {
            if outcome.stats.check_failures > 0 {
                alarm(rec, outcome, diag);
            }
        }
        match self {
            Format::Judge => judge(rec, out, diag),
            Format::Json => json(rec, out),
            Format::Summary => {
                if let Result::Invalid(e) = rec.result {
                    // Writing into a Vec cannot fail.
                    let _ = writeln!(diag, "{}:{e}", rec.file);
                }
            }
            Format::Url | Format::Loopy | Format::Pzprv3 | Format::Svg | Format::Html => {
                super::encoded::record(self, rec, out);
                diagnose(rec, diag);
            }
        }
    }
}

/// The error, in every format, about a data set whose solve (`outcome`)
/// let through a complete board that the independent check rejected: a
/// bug in the reasoning
/// ([`Stats::check_failures`](crate::solve::outcome::Stats::check_failures)).
/// The board's branch was dropped as failed, so the verdict may be wrong.
#[cold]
fn alarm(rec: &Record<'_>, outcome: &Outcome, diag: &mut Vec<u8>) {
    let Some(why) = outcome.check_failure() else {
        return;
    };
    let (name, line, k) = (rec.file, rec.line, rec.number);
    // Writing into a Vec cannot fail.
    let _ = write!(
        diag,
        "{name}:{line}: data set {k}: internal error: a board the deduction finished \
         failed the independent check ({why}"
    );
    let all = outcome.stats.check_failures;
    if all > 1 {
        let _ = write!(diag, "; {} in all", counted(all, "board"));
    }
    let _ = writeln!(diag, "); the verdict may be wrong");
}

/// The judge format of one record.
fn judge(rec: &Record<'_>, out: &mut Vec<u8>, diag: &mut Vec<u8>) {
    if let Result::Solved { puzzle, outcome } = rec.result {
        if let Some(s) = outcome.solution() {
            render::answer(rec.number, puzzle, s, out);
        }
    }
    diagnose(rec, diag);
}

/// The judge mode's warning or error about a record, if any.
fn diagnose(rec: &Record<'_>, diag: &mut Vec<u8>) {
    let (name, k) = (rec.file, rec.number);
    // Writing into a Vec cannot fail.
    let _ = match (rec.status(), rec.error()) {
        (Status::Multiple, _) => writeln!(
            diag,
            "{name}: data set {k}: warning: the puzzle has several solutions; one is drawn"
        ),
        (_, Some(Detail::Invalid(e))) => writeln!(diag, "{name}:{e}"),
        (_, Some(detail)) => writeln!(diag, "{name}: data set {k}: error: {detail}"),
        (_, None) => Ok(()),
    };
}

/// The JSON line of one record.
fn json(rec: &Record<'_>, out: &mut Vec<u8>) {
    let solution = match rec.result {
        Result::Solved { outcome, .. } => outcome.solution(),
        _ => None,
    };
    let obj = Json {
        input: rec.input,
        data_set: rec.number,
        file: rec.file,
        line: rec.line,
        rows: rec.size.map(|s| s.0),
        cols: rec.size.map(|s| s.1),
        status: rec.status().name(),
        edges: solution.map(|s| Shown(LoopHex(s))),
        micros: rec.micros,
        error: rec.error().map(Shown),
    };
    // Serializing plain data into a Vec cannot fail.
    let _ = serde_json::to_writer(&mut *out, &obj);
    out.push(b'\n');
}

/// Writes the summary of a run: counts per status (`timed-out` only with
/// a time limit, or when some data set timed out), then (when `timed`)
/// the elapsed time and the rates. One `name value` pair per line.
pub fn write_summary(
    totals: &Totals,
    timed: bool,
    time_limit: bool,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut lines: Vec<(String, String)> =
        vec![("data sets".into(), totals.data_sets().to_string())];
    for status in Status::ALL {
        if status == Status::TimedOut && !time_limit && totals.count(status) == 0 {
            continue;
        }
        lines.push((status.name().into(), totals.count(status).to_string()));
    }
    if totals.skipped > 0 {
        lines.push(("other shards".into(), totals.skipped.to_string()));
    }
    lines.push(("files".into(), totals.files.to_string()));
    if totals.unreadable > 0 {
        lines.push(("unreadable".into(), totals.unreadable.to_string()));
    }
    if timed {
        let secs = totals.elapsed.as_secs_f64();
        let rate = |x: f64| if secs > 0.0 { x / secs } else { 0.0 };
        lines.push(("seconds".into(), format!("{secs:.3}")));
        lines.push((
            "puzzles/s".into(),
            format!("{:.0}", rate(totals.data_sets() as f64)),
        ));
        lines.push((
            "MB/s".into(),
            format!("{:.1}", rate(totals.bytes as f64 / 1e6)),
        ));
    }
    let width = lines.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (k, v) in lines {
        writeln!(out, "{k:<width$}  {v}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loop_hex_of_the_two_by_two_ring() {
        let mut s = Solution::new(2, 2);
        for j in 0..2 {
            s.set_h(0, j, true);
            s.set_h(2, j, true);
            s.set_v(j, 0, true);
            s.set_v(j, 2, true);
        }
        // H rows 11 00 11, V rows 101 101: 1100 1110 1101.
        assert_eq!(LoopHex(&s).to_string(), "ced");
        // 1x2: H 11 11, V 101, padded with one 0 bit: 1111 1010.
        let mut s = Solution::new(1, 2);
        for j in 0..2 {
            s.set_h(0, j, true);
            s.set_h(1, j, true);
        }
        s.set_v(0, 0, true);
        s.set_v(0, 2, true);
        assert_eq!(LoopHex(&s).to_string(), "fa");
    }

    #[test]
    fn a_reused_judge_buffer_keeps_its_size_when_the_numbers_get_longer() {
        // A 1x1 puzzle with no clue: one loop, round its cell.
        let src = b"1 1\n.\n";
        let span = crate::puzzle::parse::Scanner::new(src)
            .next()
            .unwrap()
            .unwrap();
        let mut puzzle = Puzzle::default();
        crate::puzzle::parse::parse_body(src, &span, &mut puzzle).unwrap();
        let outcome = crate::solve::solver::solve(&puzzle);
        assert_eq!(outcome.status(), Status::Solved);
        let (mut out, mut diag) = (Vec::new(), Vec::new());
        let mut capacity = None;
        for number in [9, 10, 99_999, 100_000, usize::MAX] {
            out.clear();
            let rec = Record {
                file: "f",
                input: 1,
                number,
                line: 1,
                size: Some((1, 1)),
                result: Result::Solved {
                    puzzle: &puzzle,
                    outcome: &outcome,
                },
                micros: None,
            };
            Format::Judge.record(&rec, &mut out, &mut diag);
            assert!(out.starts_with(format!("{number}\n#").as_bytes()));
            // The first record's room is the room of every later one.
            assert_eq!(*capacity.get_or_insert(out.capacity()), out.capacity());
        }
        assert!(diag.is_empty());
    }

    /// A solve that counted boards failing the independent check (a bug in
    /// the reasoning) gets an error line in every format, before the
    /// verdict's own, naming the first failure and counting them all.
    #[test]
    fn a_failed_check_is_an_error_in_every_format() {
        use crate::puzzle::verify::Invalid;
        let puzzle = Puzzle::from_rows("0").unwrap();
        let mut outcome = crate::solve::solver::solve(&puzzle);
        assert_eq!(outcome.status(), Status::NoSolution);
        let clue = Invalid::Clue {
            row: 0,
            col: 0,
            clue: 0,
            lines: 2,
        };
        outcome.check_failed(clue);
        outcome.check_failed(Invalid::SeveralLoops);
        let rec = Record {
            file: "f",
            input: 1,
            number: 3,
            line: 7,
            size: Some((1, 1)),
            result: Result::Solved {
                puzzle: &puzzle,
                outcome: &outcome,
            },
            micros: None,
        };
        let alarm = "f:7: data set 3: internal error: a board the deduction finished failed \
                     the independent check (cell (0, 0) has clue 0 but 2 lines; 2 boards in all); \
                     the verdict may be wrong\n";
        for format in [Format::Judge, Format::Json, Format::Summary, Format::Url] {
            let (mut out, mut diag) = (Vec::new(), Vec::new());
            format.record(&rec, &mut out, &mut diag);
            let diag = String::from_utf8(diag).unwrap();
            assert!(diag.starts_with(alarm), "{format:?}: {diag}");
        }
    }

    #[test]
    fn statuses_have_the_documented_names() {
        let names: Vec<_> = Status::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(
            names,
            [
                "solved",
                "multiple",
                "none",
                "invalid",
                "gave-up",
                "timed-out"
            ]
        );
        assert!(Status::Invalid.is_error() && !Status::Multiple.is_error());
    }
}

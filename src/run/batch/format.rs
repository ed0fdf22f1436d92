//! Output formats: how the result of one data set becomes bytes.
//!
//! This layer knows nothing of files, windows or threads. The engine hands
//! it one [`Record`] at a time (on a worker thread, so formatting runs in
//! parallel too) and writes the bytes it produced in input order.
//!
//! - [`OutputFormat::Judge`]: the judge's drawing on the output, the judge
//!   mode's warnings and errors on the diagnostics stream; for valid
//!   input, byte for byte what `slink < FILE` prints.
//! - [`OutputFormat::Json`]: one JSON object per data set and line, see [`OutputFormat::Json`].
//! - [`OutputFormat::Summary`]: nothing per data set but the error lines of
//!   malformed ones; counts and rates at the end ([`write_summary`](super::totals::write_summary)).

use super::encoded::{self, Encoding};
use super::record::{Detail, Fate, LoopHex, Record};
use crate::puzzle::formats;
use crate::puzzle::formats::judge::render;
use crate::solve::outcome::{Outcome, Status};
use crate::util::counted;
use serde::{Serialize, Serializer};
use std::fmt::Display;
use std::io::Write;

/// An output format of `slink solve`.
///
/// The command line's `--format` names these (with the `cli` feature, a
/// clap `ValueEnum`; each variant's first paragraph is its help).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum OutputFormat {
    /// The judge's drawings, byte for byte what `slink < FILE` prints.
    ///
    /// For each data set with a solution, its number on a line of its own
    /// and the drawing. Warnings and errors go to the diagnostics stream
    /// with the judge mode's wording; a malformed data set gives
    /// `FILE:LINE:COL: data set K: message` there.
    #[default]
    Judge,
    /// One JSON object per data set and line.
    ///
    /// One object per data set, in input order, with the keys (in this
    /// order)
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
    /// Counts per status and rates, at the end.
    ///
    /// Counts per status, data sets per second and megabytes per second,
    /// written once at the end. Malformed data sets are still reported on
    /// the diagnostics stream, as in the judge format.
    Summary,
    /// Each puzzle as a puzz.link URL, one per line.
    ///
    /// One line per data set read (solved or not); diagnostics as in the
    /// judge format.
    Url,
    /// Each puzzle as a Loopy game ID, one per line.
    ///
    /// One line per data set read (solved or not).
    Loopy,
    /// Each puzzle as a pzprjs file, with its loop as the answer when it
    /// was solved uniquely.
    ///
    /// One file per data set read.
    Pzprv3,
    /// One SVG picture per data set (the loop, or what is known of it,
    /// marked): into --out-dir as STEM-N.svg, or on standard output for an
    /// input of one data set.
    ///
    /// The loop is marked when the puzzle was not solved uniquely; each
    /// picture goes to a file of its own ([`super::Config::out_dir`]).
    Svg,
    /// One self-contained HTML page of every data set's picture, status
    /// and time, the ones not solved uniquely listed first.
    ///
    /// A data set's error takes its picture's place; the page's summary
    /// links to those not solved uniquely.
    Html,
}

/// Serializes any [`Display`] as a JSON string, without building a `String`.
struct Shown<T>(T);

impl<T: Display> Serialize for Shown<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// The JSON object of one data set; see [`OutputFormat::Json`] for the keys.
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

impl OutputFormat {
    /// Whether a record of this format shows the time its data set took
    /// (only JSON does): the others need no clock read per data set.
    pub fn shows_record_times(self) -> bool {
        matches!(self, OutputFormat::Json | OutputFormat::Html)
    }

    /// How this format writes each puzzle, if it is one that does.
    fn encoding(self) -> Option<Encoding> {
        let kind = |k| Some(Encoding::Puzzle(k));
        match self {
            OutputFormat::Url => kind(formats::Format::Url),
            OutputFormat::Loopy => kind(formats::Format::Loopy),
            OutputFormat::Pzprv3 => kind(formats::Format::Pzprv3),
            OutputFormat::Svg => Some(Encoding::Svg),
            OutputFormat::Html => Some(Encoding::Html),
            OutputFormat::Judge | OutputFormat::Json | OutputFormat::Summary => None,
        }
    }

    /// Appends what this format prints for `rec`: output bytes to `out`,
    /// diagnostic lines to `diag`.
    pub fn record(self, rec: &Record<'_>, out: &mut Vec<u8>, diag: &mut Vec<u8>) {
        if let Fate::Solved { outcome, .. } = rec.result {
            if outcome.stats.check_failures > 0 {
                alarm(rec, outcome, diag);
            }
        }
        match self {
            OutputFormat::Judge => judge(rec, out, diag),
            OutputFormat::Json => json(rec, out),
            OutputFormat::Summary => {
                if let Fate::Invalid(e) = rec.result {
                    // Writing into a Vec cannot fail.
                    let _ = writeln!(diag, "{}:{e}", rec.file);
                }
            }
            OutputFormat::Url
            | OutputFormat::Loopy
            | OutputFormat::Pzprv3
            | OutputFormat::Svg
            | OutputFormat::Html => {
                if let Some(encoding) = self.encoding() {
                    encoded::record(encoding, rec, out);
                }
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
    if let Fate::Solved { puzzle, outcome } = rec.result {
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
        Fate::Solved { outcome, .. } => outcome.solution(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::solution::Solution;
    use crate::puzzle::Puzzle;

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

    /// The word-at-a-time digits against the definition, an edge at a time
    /// in the geometry's order: every size up to 5x70 (rows of one and two
    /// words, digits split across words and rows), random lines.
    #[test]
    fn loop_hex_spells_the_edges_four_at_a_time() {
        let mut rng = crate::util::rng::Rng::new(0x4e8);
        for rows in 1..=5 {
            for cols in 1..=70 {
                let mut s = Solution::new(rows, cols);
                for i in 0..=rows {
                    for j in 0..=cols {
                        if j < cols {
                            s.set_h(i, j, rng.chance(0.5));
                        }
                        if i < rows {
                            s.set_v(i, j, rng.chance(0.5));
                        }
                    }
                }
                let bits: Vec<bool> = s.edges().collect();
                let want: String = bits
                    .chunks(4)
                    .map(|g| {
                        let d = g
                            .iter()
                            .enumerate()
                            .fold(0, |d, (k, &b)| d | u32::from(b) << (3 - k));
                        char::from_digit(d, 16).unwrap()
                    })
                    .collect();
                assert_eq!(LoopHex(&s).to_string(), want, "{rows}x{cols}");
            }
        }
    }

    #[test]
    fn a_reused_judge_buffer_keeps_its_size_when_the_numbers_get_longer() {
        // A 1x1 puzzle with no clue: one loop, round its cell.
        let src = b"1 1\n.\n";
        let puzzle = crate::puzzle::formats::puzzles(src)
            .next()
            .unwrap()
            .unwrap();
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
                result: Fate::Solved {
                    puzzle: &puzzle,
                    outcome: &outcome,
                },
                micros: None,
            };
            OutputFormat::Judge.record(&rec, &mut out, &mut diag);
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
            result: Fate::Solved {
                puzzle: &puzzle,
                outcome: &outcome,
            },
            micros: None,
        };
        let alarm = "f:7: data set 3: internal error: a board the deduction finished failed \
                     the independent check (cell (0, 0) has clue 0 but 2 lines; 2 boards in all); \
                     the verdict may be wrong\n";
        for format in [
            OutputFormat::Judge,
            OutputFormat::Json,
            OutputFormat::Summary,
            OutputFormat::Url,
        ] {
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

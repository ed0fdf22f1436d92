//! The counts of a batch run ([`Totals`]) and the summary written from
//! them ([`write_summary`]).

use crate::solve::outcome::Status;
use std::io::{self, Write};
use std::time::Duration;

/// Counts of a batch run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Data sets per status, in the order of [`Status::ALL`].
    counts: [usize; 6],
    /// Data sets left to other shards.
    pub skipped: usize,
    /// Inputs opened (readable or not).
    pub files: usize,
    /// Inputs that could not be read (entirely or partly).
    pub unreadable: usize,
    /// Inputs read but not drawn: a second SVG picture with nowhere to go
    /// (no `--out-dir`), a usage error.
    pub undrawn: usize,
    /// Bytes of input read.
    pub bytes: u64,
    /// Wall-clock time of the run.
    pub elapsed: Duration,
    /// Whether the run stopped early (`fail_fast`).
    pub stopped: bool,
    /// The last data set counted (its record written), if any.
    pub last: Option<Spot>,
}

/// Where a data set is: its input, its number and its line, as its
/// record gives them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spot {
    /// The input's position among the inputs, from 1.
    pub input: usize,
    /// The data set's number.
    pub number: usize,
    /// The line of its header (of the error, for a malformed header).
    pub line: usize,
}

impl Totals {
    /// Data sets with status `status`.
    pub fn count(&self, status: Status) -> usize {
        self.counts[Self::slot(status)]
    }

    /// Data sets reported (every status).
    pub fn data_sets(&self) -> usize {
        self.counts.iter().sum()
    }

    /// Counts one data set of status `status`.
    pub fn add(&mut self, status: Status) {
        self.counts[Self::slot(status)] += 1;
    }

    fn slot(status: Status) -> usize {
        Status::ALL
            .iter()
            .position(|&k| k == status)
            .expect("every status in Status::ALL")
    }

    /// The process's exit status: 2 if an input could not be read or
    /// drawn, or a data set is malformed, else 1 if some data set is not solved with a
    /// unique solution, else 0 (the table of every command's statuses is
    /// in `slink --help`).
    pub fn exit_status(&self) -> u8 {
        if self.unreadable > 0 || self.undrawn > 0 || self.count(Status::Invalid) > 0 {
            2
        } else if self.data_sets() > self.count(Status::Solved) {
            1
        } else {
            0
        }
    }
}

impl Totals {
    /// What kept the exit status from 0, in words, if anything did:
    /// `2 of 9 data sets not solved with one solution: 1 malformed, 1 with
    /// several solutions; 1 input unreadable`.
    pub fn shortfall(&self) -> Option<String> {
        let words = |status: Status| match status {
            Status::Multiple => "with several solutions",
            Status::NoSolution => "with no solution",
            Status::Invalid => "malformed",
            Status::GaveUp => "given up (out of budget)",
            Status::TimedOut => "timed out",
            Status::Solved => "solved",
        };
        let short: Vec<String> = Status::ALL
            .into_iter()
            .filter(|&s| s != Status::Solved && self.count(s) > 0)
            .map(|s| format!("{} {}", self.count(s), words(s)))
            .collect();
        let mut line = String::new();
        if !short.is_empty() {
            let total = crate::util::counted(self.data_sets() as u64, "data set");
            line = format!(
                "{} of {total} not solved with one solution: {}",
                self.data_sets() - self.count(Status::Solved),
                short.join(", ")
            );
        }
        let inputs =
            |n: usize, why: &str| format!("{} {why}", crate::util::counted(n as u64, "input"));
        for (n, why) in [
            (self.unreadable, "unreadable"),
            (
                self.undrawn,
                "not drawn (several SVG pictures need --out-dir)",
            ),
        ] {
            if n > 0 {
                let sep = if line.is_empty() { "" } else { "; " };
                line = format!("{line}{sep}{}", inputs(n, why));
            }
        }
        (!line.is_empty()).then_some(line)
    }
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

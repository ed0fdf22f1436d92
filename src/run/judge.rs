//! Judge mode: every data set of one input, solved in order and drawn
//! exactly as the contest's judge expects. It is the batch pipeline on one
//! thread ([`batch::run`] with [`Config::threads`] 1, no pool) in the judge
//! format, stopping at the first malformed data set: memory stays flat
//! however long the input, and the drawings and messages are those of
//! [`OutputFormat::Judge`], defined in one place.

use crate::puzzle::formats;
use crate::run::batch::{self, Config, Input, OutputFormat, Totals};
use crate::solve::outcome::{Options, Status};
use std::io::Write;

/// How a judge run went, as the process's exit status says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum JudgeExit {
    /// Every data set was solved and its solution is unique.
    AllUnique = 0,
    /// Some data set has several solutions, none, or was not finished.
    NotAllUnique = 1,
    /// The input is malformed (or could not be read).
    BadInput = 2,
}

impl JudgeExit {
    /// The verdict of a run with these counts.
    pub fn of(totals: &Totals) -> JudgeExit {
        if totals.count(Status::Invalid) > 0 || totals.unreadable > 0 {
            JudgeExit::BadInput
        } else if totals.count(Status::Solved) == totals.data_sets() {
            JudgeExit::AllUnique
        } else {
            JudgeExit::NotAllUnique
        }
    }
}

/// Solves every data set of `input` (in the judge format) on this
/// thread, writing the drawings to `out` and the warnings and errors to
/// `err`, and stops at the first malformed data set. Returns the verdict
/// and the counts; an `Err` only when the output cannot be written.
pub fn run(
    input: &Input,
    options: Options,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(JudgeExit, Totals), batch::Error> {
    run_from(
        input,
        Some(formats::Format::Judge),
        options,
        false,
        out,
        err,
    )
}

/// [`run`] on an input in the format `from` (`None`: detected from its
/// first meaningful line), without warnings if `quiet`. A bad URL, Loopy
/// ID or pzprv3 file is reported in place and the next ones are solved:
/// only a malformed data set of the judge format stops the input.
pub fn run_from(
    input: &Input,
    from: Option<formats::Format>,
    options: Options,
    quiet: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(JudgeExit, Totals), batch::Error> {
    let config = Config {
        options,
        quiet,
        input_format: from,
        format: OutputFormat::Judge,
        threads: 1,
        stop_at_invalid: true,
        timing: false,
        ..Config::default()
    };
    let totals = batch::run(std::slice::from_ref(input), &config, out, err)?;
    Ok((JudgeExit::of(&totals), totals))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE_IN: &str = include_str!("../../corpus/sample.in");
    const SAMPLE_OUT: &str = include_str!("../../corpus/sample.out");

    /// The sample's data sets (header and rows) and expected drawings
    /// (without their number line), in order.
    fn sample() -> Vec<(String, String)> {
        let mut sets = Vec::new();
        let mut lines = SAMPLE_IN.lines();
        while let Some(header) = lines.next() {
            let rows: usize = header.split(' ').next().unwrap().parse().unwrap();
            if rows == 0 {
                break;
            }
            let body: Vec<&str> = lines.by_ref().take(rows).collect();
            sets.push(format!("{header}\n{}\n", body.join("\n")));
        }
        let mut drawings: Vec<String> = Vec::new();
        for line in SAMPLE_OUT.lines() {
            if line.bytes().all(|b| b.is_ascii_digit()) {
                drawings.push(String::new());
            } else {
                let d = drawings.last_mut().unwrap();
                d.push_str(line);
                d.push('\n');
            }
        }
        assert_eq!(sets.len(), drawings.len());
        sets.into_iter().zip(drawings).collect()
    }

    /// Input and expected output for the sample data sets picked by `order`.
    fn build(order: &[usize]) -> (String, String) {
        let sample = sample();
        let (mut input, mut want) = (String::new(), String::new());
        for (n, &k) in order.iter().enumerate() {
            input.push_str(&sample[k].0);
            want.push_str(&format!("{}\n{}", n + 1, sample[k].1));
        }
        (input, want)
    }

    fn judge(input: &str) -> (JudgeExit, Totals, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let input = Input::Bytes {
            name: "t".into(),
            bytes: input.as_bytes().into(),
        };
        let (verdict, totals) = run(&input, Options::default(), &mut out, &mut err).unwrap();
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
        (verdict, totals, text(out), text(err))
    }

    #[test]
    fn long_runs_and_mixed_shapes_draw_the_judges_output() {
        // Runs of one shape (solved side by side) across batch boundaries
        // (240 data sets on one thread), then the shapes interleaved.
        let mut order = vec![1; 300];
        order.extend([2; 30]);
        order.extend((0..240).map(|k| k % 4));
        let (input, want) = build(&order);
        let (verdict, totals, out, err) = judge(&format!("{input}0 0\n"));
        assert_eq!(out, want);
        assert_eq!(err, "");
        assert_eq!(verdict, JudgeExit::AllUnique);
        let solved = totals.count(Status::Solved);
        assert_eq!((totals.data_sets(), solved), (order.len(), order.len()));
    }

    #[test]
    fn a_bad_data_set_after_a_batch_keeps_what_came_before() {
        let (input, want) = build(&[1; 250]);
        let (verdict, totals, out, err) = judge(&format!("{input}2 2\n1 1\n1 x\n0 0\n"));
        assert_eq!(out, want);
        assert_eq!(verdict, JudgeExit::BadInput);
        assert_eq!(totals.count(Status::Solved), 250);
        assert_eq!(totals.count(Status::Invalid), 1);
        assert!(
            err.starts_with("slink: t:") && err.contains("data set 251"),
            "{err}"
        );
    }
}

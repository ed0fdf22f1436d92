//! `slink solve -o OUTPUT --resume`: the output of a stopped run read
//! back ([`slink::run::batch::resume`]), its torn record cut,
//! and the run going on after the data sets its records cover; and the
//! line a stopped run ends with, saying where it stopped and how to go on.

use super::output::{readable, Output, OutputArgs};
use slink::counted;
use slink::run::batch::resume::{self, ResumeError, Resumed};
use slink::run::batch::{Config, Input, Spot, Totals};
use slink::run::files;
use std::fs::File;
use std::io::{self, BufReader};
use std::path::Path;
use std::process::ExitCode;

/// Says `why` as `slink solve: ...`; the exit status of a usage error.
fn refuse(why: &str) -> ExitCode {
    eprintln!("slink solve: {why}");
    ExitCode::from(2)
}

/// Opens the output of a `--resume` run over `inputs` (`paths` being
/// those that are files): `OUTPUT` read back and cut after its last whole
/// record, then opened to append, and `config.skip` raised past the data
/// sets its records cover. A missing or empty `OUTPUT` is an ordinary run
/// (`None`). An output that does not fit the inputs is left as it was,
/// and the run refused (exit status 2).
pub fn open(
    output: &OutputArgs,
    inputs: &[Input],
    paths: &[&Path],
    config: &mut Config,
) -> Result<(Output, Option<Resumed>), ExitCode> {
    let Some(path) = &output.output else {
        return Err(refuse(
            "--resume needs -o OUTPUT: the output of the stopped run, to go on with",
        ));
    };
    if !resume::resumable(config.format) {
        return Err(refuse(
            "--resume goes with --format judge, json, url or loopy (records that can be \
             matched with their data sets without solving)",
        ));
    }
    // A missing input first: the output is then not read, nor touched.
    for input in paths {
        readable(input).map_err(|e| refuse(&e.to_string()))?;
    }
    if let Some(why) = unreadable_twice(inputs) {
        return Err(refuse(&format!("--resume: {why}")));
    }
    files::refuse_clashes(inputs, &[files::Output::result(Some(path))])
        .map_err(|e| refuse(&e.to_string()))?;
    let name = path.display();
    let file = match File::open(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(refuse(&format!("--resume: cannot read {name}: {e}"))),
        Ok(file) => match file.metadata() {
            Ok(m) if !m.is_file() => {
                return Err(refuse(&format!("--resume: {name} is not a regular file")));
            }
            Ok(m) => Some(file).filter(|_| m.len() > 0),
            Err(e) => return Err(refuse(&format!("--resume: cannot read {name}: {e}"))),
        },
    };
    let Some(file) = file else {
        // Nothing written yet: an ordinary run.
        let out = Output::create(path).map_err(|e| refuse(&e.to_string()))?;
        return Ok((out, None));
    };
    let found = resume::find(&mut BufReader::with_capacity(1 << 20, file), inputs, config)
        .map_err(|e| match e {
            ResumeError::Stopped => refuse(&format!(
                "stopped by a signal while reading back {name}, which is left as it was"
            )),
            ResumeError::Unfit { line, why } => refuse(&format!(
                "--resume: {name}:{line}: {why}; {name} is left as it was (is it the output \
                 of this command, with the same inputs and options?)"
            )),
            e => refuse(&format!("--resume: {name}: {e}")),
        })?;
    let out = Output::append(path, found.keep).map_err(|e| refuse(&e.to_string()))?;
    config.skip += found.covered;
    eprintln!(
        "slink solve: {}",
        resuming(&name.to_string(), &found, config.skip, inputs)
    );
    Ok((out, Some(found)))
}

/// Why `inputs` cannot be read twice, if one cannot: standard input, or
/// a file that is not a regular file (a pipe).
fn unreadable_twice(inputs: &[Input]) -> Option<String> {
    let why = "is read twice to resume (to match the output, then to go on)";
    inputs.iter().find_map(|input| match input {
        Input::Path(p) if p.metadata().is_ok_and(|m| !m.is_file()) => Some(format!(
            "{} is not a regular file, and every input {why}",
            p.display()
        )),
        Input::Path(_) | Input::Bytes { .. } => None,
        _ => Some(format!(
            "standard input cannot be an input: every input {why}"
        )),
    })
}

/// The note of a resumed run: what it kept and cut of `name`, and the
/// data sets (`skip` in all, with those of `--skip`) it goes on after.
fn resuming(name: &str, found: &Resumed, skip: usize, inputs: &[Input]) -> String {
    let mut note = format!(
        "resuming {name} after {} ({} kept{})",
        counted(skip as u64, "data set"),
        counted(found.records as u64, "record"),
        at(found.last.as_ref(), inputs, ", the last at ")
    );
    if found.cut > 0 {
        note.push_str(&format!("; a torn record of {} bytes cut", found.cut));
    }
    note
}

/// `FILE:LINE, data set K` of `spot`, after `before`; nothing without one.
fn at(spot: Option<&Spot>, inputs: &[Input], before: &str) -> String {
    let Some(spot) = spot else {
        return String::new();
    };
    let file = inputs
        .get(spot.input.wrapping_sub(1))
        .map_or_else(|| format!("input {}", spot.input), Input::name);
    format!("{before}{file}:{}, data set {}", spot.line, spot.number)
}

/// The line a run stopped by `signal` ends with: after how many data sets
/// (of its shard, with those passed over), the last one written, and how
/// to go on: `--resume` for a resumable run to a file, else `--skip`.
pub fn stopped(
    signal: i32,
    config: &Config,
    totals: &Totals,
    earlier: Option<&Spot>,
    to_file: bool,
    inputs: &[Input],
) -> String {
    let done = config.skip + totals.data_sets();
    let last = at(totals.last.as_ref().or(earlier), inputs, " (the last at ");
    let last = if last.is_empty() { last } else { last + ")" };
    let how = if to_file && resume::resumable(config.format) && unreadable_twice(inputs).is_none() {
        "run the same command with --resume".to_string()
    } else {
        format!("run the same command with --skip {done} and append the output")
    };
    format!(
        "stopped by signal {signal} after {}{last}, their records written whole; to go on, {how}",
        counted(done as u64, "data set")
    )
}

//! The whole road of going on with a stopped run, in one place for every
//! caller (`slink solve -o OUTPUT --resume`, the Python package, any
//! library user): [`reopen`] refuses what cannot be resumed, reads the
//! output back ([`super::find`]), cuts its torn record and opens it to
//! append, raising [`Config::skip`] past the data sets its records
//! cover; [`Resumed::note`] says so; and [`stopped_line`] tells a run
//! stopped by a signal where it stopped and how to go on.
//!
//! Where it stops: the output is a regular file and the inputs are files
//! read twice (to match the output, then to go on), so neither standard
//! input nor a pipe can be one; an output that does not fit the inputs is
//! refused and left as it was.

use super::super::{Config, Input, Spot, Totals};
use super::{find, resumable, ResumeError, Resumed};
use crate::run::files;
use crate::util::counted;
use std::fs::{File, OpenOptions};
use std::io::{self, BufReader};
use std::path::Path;

/// An output reopened to go on with.
#[derive(Debug)]
pub struct Reopened {
    /// The output, opened to append after its whole records (its torn
    /// record cut), or made anew.
    pub file: File,
    /// What it held ([`Resumed`]); `None` when it was missing or empty,
    /// the run then an ordinary one.
    pub found: Option<Resumed>,
}

/// Reopens `path`, the output of a run over `inputs` with `config` that
/// stopped, to go on with it: refused (its bytes left as they were) when
/// the format cannot be resumed, an input cannot be read twice or is the
/// output, or its records fit no data set of the run; else cut after its
/// last whole record and opened to append, `config.skip` raised past the
/// data sets its records cover. A missing or empty output is made, for an
/// ordinary run. Every refusal is a [`ResumeError::Refused`] whose text
/// says why, naming the file.
pub fn reopen(path: &Path, inputs: &[Input], config: &mut Config) -> Result<Reopened, ResumeError> {
    let refused = |why: String| ResumeError::Refused(why);
    if !resumable(config.format) {
        return Err(refused(
            "--resume goes with --format judge, json, url or loopy (records that can be \
             matched with their data sets without solving)"
                .into(),
        ));
    }
    // A missing input first: the output is then not read, nor touched.
    files::check_outputs(inputs, &[files::Destination::result(Some(path))])
        .map_err(|e| refused(e.to_string()))?;
    if let Some(why) = unreadable_twice(inputs) {
        return Err(refused(format!("--resume: {why}")));
    }
    let name = path.display().to_string();
    let Some(file) = written(path, &name)? else {
        // Nothing written yet: an ordinary run.
        let file = File::create(path).map_err(|e| refused(format!("cannot create {name}: {e}")))?;
        return Ok(Reopened { file, found: None });
    };
    let found = find(&mut BufReader::with_capacity(1 << 20, file), inputs, config).map_err(
        |e| match e {
            ResumeError::Stopped => refused(format!(
                "stopped by a signal while reading back {name}, which is left as it was"
            )),
            ResumeError::Unfit { line, why } => refused(format!(
                "--resume: {name}:{line}: {why}; {name} is left as it was (is it the output \
                 of this command, with the same inputs and options?)"
            )),
            e => refused(format!("--resume: {name}: {e}")),
        },
    )?;
    let file =
        append(path, found.keep).map_err(|e| refused(format!("cannot append to {name}: {e}")))?;
    config.skip += found.covered;
    Ok(Reopened {
        file,
        found: Some(found),
    })
}

/// The output at `path` (named `name`) to read back: `None` if missing or
/// empty; refused if it cannot be read or is not a regular file.
fn written(path: &Path, name: &str) -> Result<Option<File>, ResumeError> {
    let cannot = |e: io::Error| ResumeError::Refused(format!("--resume: cannot read {name}: {e}"));
    let file = match File::open(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(cannot(e)),
        Ok(file) => file,
    };
    let meta = file.metadata().map_err(cannot)?;
    if !meta.is_file() {
        let why = format!("--resume: {name} is not a regular file");
        return Err(ResumeError::Refused(why));
    }
    Ok(Some(file).filter(|_| meta.len() > 0))
}

/// `path` opened to write after its first `keep` bytes (the rest cut).
fn append(path: &Path, keep: u64) -> io::Result<File> {
    let file = OpenOptions::new().append(true).open(path)?;
    file.set_len(keep)?;
    Ok(file)
}

/// Why `inputs` cannot be read twice, if one cannot: standard input, a
/// reader, or a file that is not a regular file (a pipe).
fn unreadable_twice(inputs: &[Input]) -> Option<String> {
    let why = "is read twice to resume (to match the output, then to go on)";
    inputs.iter().find_map(|input| match input {
        Input::Path(p) if p.metadata().is_ok_and(|m| !m.is_file()) => Some(format!(
            "{} is not a regular file, and every input {why}",
            p.display()
        )),
        Input::Path(_) | Input::Bytes { .. } => None,
        Input::Reader { .. } => Some(format!(
            "{} (a stream) cannot be an input: every input {why}",
            input.name()
        )),
        Input::Stdin => Some(format!(
            "standard input cannot be an input: every input {why}"
        )),
    })
}

impl Resumed {
    /// The note of a run resumed from `name`: what it kept and cut, and
    /// the data sets (`skip` in all, with those passed over by the
    /// configuration) it goes on after.
    pub fn note(&self, name: &str, skip: usize, inputs: &[Input]) -> String {
        let mut note = format!(
            "resuming {name} after {} ({} kept{})",
            counted(skip as u64, "data set"),
            counted(self.records as u64, "record"),
            at(self.last.as_ref(), inputs, ", the last at ")
        );
        if self.cut > 0 {
            note.push_str(&format!("; a torn record of {} bytes cut", self.cut));
        }
        note
    }
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

/// The line a run over `inputs` with `config`, stopped by `signal`, ends
/// with: after how many data sets (of its shard, with those passed over),
/// the last one written (this run's, or `earlier`, the last of the output
/// it resumed), and how to go on: `--resume` for a resumable run writing
/// to a file (`to_file`), else `--skip`.
pub fn stopped_line(
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
    let how = if to_file && resumable(config.format) && unreadable_twice(inputs).is_none() {
        "run the same command with --resume".to_string()
    } else {
        format!("run the same command with --skip {done} and append the output")
    };
    format!(
        "stopped by signal {signal} after {}{last}, their records written whole; to go on, {how}",
        counted(done as u64, "data set")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::batch::{run, OutputFormat};
    use std::io::Write;

    #[test]
    fn a_library_caller_goes_on_with_a_stopped_run_and_ends_as_a_whole_run() {
        let dir = std::env::temp_dir().join(format!("slink-reopen-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let input = dir.join("sample.in");
        std::fs::write(&input, include_bytes!("../../../../corpus/sample.in")).unwrap();
        let inputs = [Input::Path(input.clone())];
        let config = Config {
            format: OutputFormat::Json,
            timing: false,
            threads: 1,
            ..Config::default()
        };
        let (mut whole, mut err) = (Vec::new(), Vec::new());
        run(&inputs, &config, &mut whole, &mut err).unwrap();
        // A run stopped after two records, the third torn.
        let cut = whole
            .iter()
            .enumerate()
            .filter(|(_, &b)| b == b'\n')
            .nth(1)
            .unwrap()
            .0
            + 1;
        let output = dir.join("out.jsonl");
        std::fs::write(&output, [&whole[..cut], &whole[cut..cut + 5]].concat()).unwrap();
        let mut again = config.clone();
        let mut reopened = reopen(&output, &inputs, &mut again).unwrap();
        let found = reopened.found.clone().unwrap();
        assert_eq!((found.records, found.covered, found.cut), (2, 2, 5));
        assert_eq!(again.skip, 2);
        let note = found.note("out.jsonl", again.skip, &inputs);
        assert!(
            note.starts_with("resuming out.jsonl after 2 data sets (2 records kept"),
            "{note}"
        );
        run(&inputs, &again, &mut reopened.file, &mut err).unwrap();
        reopened.file.flush().unwrap();
        assert_eq!(std::fs::read(&output).unwrap(), whole);
        // The input as the output is refused, and left as it was.
        let refused = reopen(&input, &inputs, &mut config.clone()).unwrap_err();
        assert!(refused.to_string().contains("is the input"), "{refused}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

//! The records of the output formats that write each puzzle itself (a
//! URL, a Loopy ID, a pzprv3 file) or its picture (SVG, an HTML page's
//! figure): an [`Encoding`], made on the worker threads like the others. The
//! writing thread then sends an SVG document to its own file (or holds
//! it for standard output: [`Pictures`]), and counts the figures of a
//! page for its summary ([`html::Tally`]).

use super::record::{Fate, Record};
use crate::puzzle::formats::pictures::html::{self, Figure};
use crate::puzzle::formats::pictures::svg::{self, Picture};
use crate::puzzle::formats::{self, pzprv3};
use crate::puzzle::Puzzle;
use crate::run::files;
use crate::solve::outcome::{Outcome, Status};
use std::collections::HashSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What an output format that is not a report writes per data set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Encoding {
    /// The puzzle in one of the puzzle formats (a pzprv3 file with its
    /// loop as the answer, when solved uniquely).
    Puzzle(formats::Format),
    /// An SVG picture.
    Svg,
    /// A figure of an HTML page.
    Html,
}

/// What a record of `format` writes for `rec`.
pub(super) fn record(format: Encoding, rec: &Record<'_>, out: &mut Vec<u8>) {
    let name = format!("{}:{}", rec.file, rec.line);
    let invalid;
    let (puzzle, outcome) = match rec.result {
        Fate::Solved { puzzle, outcome } => (puzzle, outcome),
        Fate::Invalid(e) if format == Encoding::Html => {
            invalid = e.to_string();
            let item = item(rec, &name, Err(&invalid));
            // Writing into a Vec cannot fail.
            let _ = html::figure(&item, out);
            return;
        }
        _ => return,
    };
    match format {
        Encoding::Puzzle(formats::Format::Pzprv3) => match outcome.solution() {
            Some(s) if outcome.status() == Status::Solved => {
                out.extend_from_slice(pzprv3::encode_solved(puzzle, s).as_bytes());
            }
            _ => formats::write(formats::Format::Pzprv3, puzzle, out),
        },
        Encoding::Puzzle(kind) => formats::write(kind, puzzle, out),
        Encoding::Svg | Encoding::Html => {
            let title = format!("{} #{}", rec.file, rec.number);
            let picture = picture_of(puzzle, outcome, &title);
            let _ = if format == Encoding::Svg {
                svg::write(&picture, out)
            } else {
                html::figure(&item(rec, &name, Ok(picture)), out)
            };
        }
    }
}

/// The picture of an outcome of the solver: the unique solution drawn
/// plainly; two solutions of a puzzle with several drawn as such,
/// marked (see [`Picture::stated_status`]); anything else marked, with
/// its status's name and no lines.
pub(crate) fn picture_of<'a>(
    puzzle: &'a Puzzle,
    outcome: &'a Outcome,
    title: &'a str,
) -> Picture<'a> {
    let status = outcome.status();
    let (lines, second) = match (status, outcome.solutions()) {
        (Status::Solved, _) => (outcome.solution(), None),
        (Status::Multiple, [a, b, ..]) => (Some(a), Some(b)),
        _ => (None, None),
    };
    Picture {
        puzzle,
        lines,
        second,
        solved: status == Status::Solved,
        status: status.name(),
        title,
    }
}

/// The page's item of `rec`.
fn item<'a>(rec: &Record<'_>, name: &'a str, content: Result<Picture<'a>, &'a str>) -> Figure<'a> {
    Figure {
        input: rec.input,
        number: rec.number,
        name,
        content,
        time: rec.micros.map(Duration::from_micros),
    }
}

/// Where the SVG documents of a run go: one file per data set in a
/// folder, or the one data set of an input to standard output.
pub(super) struct Pictures {
    /// The folder, if one was given.
    pub(super) dir: Option<PathBuf>,
    /// The file stem of the input being read (`stdin` for standard input).
    pub(super) stem: String,
    /// The input's name, for messages.
    pub(super) name: String,
    /// Without a folder: the input's picture, written at the input's end.
    pub(super) held: Option<Vec<u8>>,
    /// Without a folder: whether the input had more than one data set.
    pub(super) several: bool,
    /// The stems of the inputs so far.
    pub(super) stems: HashSet<String>,
    /// The inputs' files, which no picture may overwrite (with a folder).
    pub(super) inputs: files::Inputs,
}

impl Pictures {
    /// Starts the input named `name` at `path` (`None`: standard input),
    /// the `index`-th (from 1). An input whose stem an earlier one had
    /// (`a/x.txt` after `b/x.txt`) gets `STEM.INDEX`, so that no picture
    /// overwrites another.
    pub(super) fn start(&mut self, index: usize, name: &str, path: Option<&Path>) {
        self.stem = path
            .and_then(Path::file_stem)
            .map_or("stdin".into(), |s| s.to_string_lossy().into_owned());
        if !self.stems.insert(self.stem.clone()) {
            self.stem = format!("{}.{index}", self.stem);
        }
        self.name = name.to_string();
        self.held = None;
        self.several = false;
    }

    /// Takes the picture of data set `number`: to its file, or held for
    /// standard output. Returns false when it cannot go anywhere: a
    /// second data set with no folder.
    pub(super) fn put(&mut self, number: usize, svg: &[u8]) -> io::Result<bool> {
        match &self.dir {
            Some(dir) => {
                let path = dir.join(svg::file_name(&self.stem, number));
                let picture = files::Destination {
                    role: "the picture",
                    path: Some(&path),
                };
                self.inputs.refuse(&[picture])?;
                std::fs::write(&path, svg).map_err(|e| {
                    io::Error::new(e.kind(), format!("cannot write {}: {e}", path.display()))
                })?;
                Ok(true)
            }
            None if self.held.is_some() || self.several => {
                (self.held, self.several) = (None, true);
                Ok(false)
            }
            None => {
                self.held = Some(svg.to_vec());
                Ok(true)
            }
        }
    }

    /// Ends the input: its one picture to `out`, if held.
    pub(super) fn end(&mut self, out: &mut dyn Write) -> io::Result<()> {
        match self.held.take() {
            Some(svg) => out.write_all(&svg),
            None => Ok(()),
        }
    }
}

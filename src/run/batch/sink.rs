//! Where results go: the finished batches written in order (the drawings
//! of a run of slots in one vectored write), the counts, the progress bar.

use super::encoded::Pictures;
use super::progress::Progress;
use super::slot::{lock, Slot};
use super::{Config, Error, Spot, Totals};
use crate::puzzle::formats::pictures::html::Tally;
use crate::puzzle::formats::{Format, Place};
use crate::solve::outcome::Status;
use std::io::{self, IoSlice, Write};
use std::sync::{Mutex, MutexGuard};

/// Messages about the malformed data sets of one input shown at most: the
/// rest are counted, and the count is given once the input ends
/// ([`Sink::end_input`]), so that a file of garbage cannot flood the
/// terminal. (Verdicts, such as several solutions or none, are all shown.)
pub(super) const MESSAGES_PER_INPUT: usize = 20;

/// Capacity of output buffers kept for reuse once written: beyond it,
/// buffers are freed, so that memory follows the data sets in flight,
/// not the ring's size times the largest output.
const KEPT_BYTES: usize = 8 << 20;

/// Where results go, and what has been counted.
pub(super) struct Sink<'c> {
    pub(super) config: &'c Config,
    pub(super) totals: Totals,
    pub(super) progress: Progress,
    /// Capacity of the written slots' buffers, kept for reuse.
    pub(super) kept: usize,
    /// The input being written: its position (from 1) and name.
    pub(super) input: (usize, String),
    /// Messages about the input's malformed data sets shown, and left out
    /// beyond [`MESSAGES_PER_INPUT`].
    pub(super) messages: (usize, usize),
    /// Where SVG pictures go ([`super::OutputFormat::Svg`]).
    pub(super) pictures: Option<Pictures>,
    /// The summary of an HTML page ([`super::OutputFormat::Html`]).
    pub(super) tally: Option<Tally>,
    /// Why the piece being written cannot be trusted (its mapped file
    /// shrank): set by the ring, which then writes no more of the piece.
    pub(super) shrank: Option<io::Error>,
}

impl Sink<'_> {
    /// Writes the slots of a finished batch in order, counting them. With
    /// `fail_fast`, stops after the first error.
    ///
    /// The drawings of a run of slots go out in one vectored write, straight
    /// from the slots' buffers: copying them into a buffered writer first
    /// cost the writing thread a pass over every output byte, which held
    /// back the speedup of more threads.
    pub(super) fn write(
        &mut self,
        slots: &[Mutex<Slot>],
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<(), Error> {
        let mut run: Vec<MutexGuard<'_, Slot>> = Vec::with_capacity(slots.len());
        for slot in slots {
            let mut slot = lock(slot);
            // A batch is written only once each of its slots was worked
            // (`Ring::write_oldest`): a slot without a status is a bug.
            let status = slot.status.expect("a slot written before it was worked");
            self.totals.add(status);
            let Place { number, line, .. } = slot.item.span().place;
            self.totals.last = Some(Spot {
                input: self.input.0,
                number,
                line,
            });
            if self.pictures.is_some() || self.tally.is_some() {
                self.picture(&mut slot, status, out, err)?;
                if self.totals.stopped {
                    return Ok(());
                }
            }
            // A bad URL, ID or pzprv3 file leaves the next ones readable.
            let invalid_stop = self.config.stop_at_invalid
                && status == Status::Invalid
                && slot.item.span().format == Format::Judge;
            let fail_fast = self.config.fail_fast && status.is_error();
            let stop = fail_fast || invalid_stop;
            // Under `quiet`, a warning (several solutions) is left out.
            let has_diag =
                !(slot.diag.is_empty() || self.config.quiet && status == Status::Multiple);
            run.push(slot);
            if has_diag || stop {
                // The drawings so far, then the diagnostics, in order.
                self.write_run(&mut run, out)?;
                if has_diag {
                    out.flush()?;
                    let diag = &run.last().expect("this slot").diag;
                    let diag = if status == Status::Invalid {
                        self.within_limit(diag)
                    } else {
                        diag
                    };
                    let prefix = self.config.prefix();
                    self.progress
                        .suspend(|| write_prefixed(err, &prefix, diag))?;
                }
                self.recycle(&mut run);
            }
            if stop {
                if fail_fast {
                    let why = format!(
                        "{}--fail-fast: stopped at {}:{line}, data set {number} ({}); \
                         the data sets after it were not solved",
                        self.config.prefix(),
                        self.input.1,
                        status.name()
                    );
                    self.note(&why, out, err)?;
                }
                self.totals.stopped = true;
                return Ok(());
            }
        }
        self.write_run(&mut run, out)?;
        self.recycle(&mut run);
        Ok(())
    }

    /// Sends a slot's SVG picture to its file (or holds it for the
    /// output), or counts its figure for the page's summary. A second
    /// picture of an input with nowhere to go stops the run.
    fn picture(
        &mut self,
        slot: &mut Slot,
        status: Status,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<(), Error> {
        let Place { number, line, .. } = slot.item.span().place;
        let (input, name) = (self.input.0, &self.input.1);
        if let Some(tally) = &mut self.tally {
            let shown = (status.name(), status == Status::Solved);
            tally.note(input, number, &format!("{name}:{line}"), shown, None);
        }
        let Some(pictures) = &mut self.pictures else {
            return Ok(());
        };
        if slot.out.is_empty() || pictures.put(number, &slot.out)? {
            slot.out.clear();
            return Ok(());
        }
        let line = format!(
            "{}{name} has more than one data set: give --out-dir DIR \
             to write one SVG file each",
            self.config.prefix()
        );
        self.note(&line, out, err)?;
        self.totals.undrawn += 1;
        self.totals.stopped = true;
        Ok(())
    }

    /// Writes the drawings of `run` (those not written yet: a slot's
    /// drawing is emptied once written).
    pub(super) fn write_run(
        &self,
        run: &mut [MutexGuard<'_, Slot>],
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let mut bufs: Vec<IoSlice<'_>> = run.iter().map(|slot| IoSlice::new(&slot.out)).collect();
        write_all_vectored(out, &mut bufs)?;
        drop(bufs);
        run.iter_mut().for_each(|slot| slot.out.clear());
        Ok(())
    }

    /// Keeps the buffers of the written slots of `run` for reuse, up to
    /// [`KEPT_BYTES`] in all, and empties `run`.
    pub(super) fn recycle(&mut self, run: &mut Vec<MutexGuard<'_, Slot>>) {
        for slot in run.iter_mut() {
            self.kept -= slot.kept;
            slot.kept = slot.out.capacity() + slot.diag.capacity();
            if self.kept + slot.kept > KEPT_BYTES {
                (slot.out, slot.diag, slot.kept) = (Vec::new(), Vec::new(), 0);
            }
            self.kept += slot.kept;
        }
        run.clear();
    }

    /// The lines of `diag` that the input's limit of messages still lets
    /// through; the others are counted.
    fn within_limit<'d>(&mut self, diag: &'d [u8]) -> &'d [u8] {
        let (shown, left_out) = &mut self.messages;
        let room = MESSAGES_PER_INPUT.saturating_sub(*shown);
        let mut lines = diag.split_inclusive(|&b| b == b'\n');
        let kept: usize = lines.by_ref().take(room).map(<[u8]>::len).sum();
        *shown += diag[..kept].split_inclusive(|&b| b == b'\n').count();
        *left_out += lines.count();
        &diag[..kept]
    }

    /// Starts the messages of input `index` named `name`.
    pub(super) fn start_input(&mut self, index: usize, name: &str) {
        self.input = (index, name.to_owned());
        self.messages = (0, 0);
    }

    /// Ends the input being written: says how many of its messages were
    /// left out, if any.
    pub(super) fn end_input(
        &mut self,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<(), Error> {
        let left_out = std::mem::take(&mut self.messages.1);
        if left_out == 0 {
            return Ok(());
        }
        let line = format!(
            "{}{}: {} not shown, beyond the first {MESSAGES_PER_INPUT} \
             (`--format json` gives a record of each)",
            self.config.prefix(),
            self.input.1,
            crate::util::counted(left_out as u64, "more malformed data set"),
        );
        self.note(&line, out, err)
    }

    /// Writes a warning about a whole input, after the output so far,
    /// unless the run is quiet.
    pub(super) fn warn(
        &self,
        line: &str,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<(), Error> {
        if self.config.quiet {
            return Ok(());
        }
        self.note(line, out, err)
    }

    /// Writes a diagnostic line about a whole input, after the output so far.
    pub(super) fn note(
        &self,
        line: &str,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> Result<(), Error> {
        out.flush()?;
        self.progress.suspend(|| writeln!(err, "{line}"))?;
        Ok(())
    }
}

/// Writes the lines of `diag` to `err`, each after `prefix`.
fn write_prefixed(err: &mut dyn Write, prefix: &str, diag: &[u8]) -> io::Result<()> {
    if prefix.is_empty() {
        return err.write_all(diag);
    }
    // One write, as without a prefix (standard error is not buffered).
    let mut lines = Vec::with_capacity(diag.len() + 4 * prefix.len());
    for line in diag.split_inclusive(|&b| b == b'\n') {
        lines.extend_from_slice(prefix.as_bytes());
        lines.extend_from_slice(line);
    }
    err.write_all(&lines)
}

/// Writes all of `bufs` to `out` with vectored writes (as
/// `Write::write_all` does for one buffer).
pub(super) fn write_all_vectored(
    out: &mut dyn Write,
    mut bufs: &mut [IoSlice<'_>],
) -> io::Result<()> {
    IoSlice::advance_slices(&mut bufs, 0);
    while !bufs.is_empty() {
        match out.write_vectored(bufs) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => IoSlice::advance_slices(&mut bufs, n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

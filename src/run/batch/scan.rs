//! The scan of one piece: its data sets, cut into batches for the ring,
//! and how the piece ended.

use super::slot::{lock, Item, Slot};
use super::Shard;
use crate::puzzle::formats::judge::render::drawing_len;
use crate::puzzle::formats::{Ending, Format, Reader};
use std::sync::Mutex;

/// Estimated output bytes of a batch, beyond which it takes no more data
/// sets.
const BATCH_BYTES: usize = 1 << 20;

/// Estimated output bytes of a data set whose size is known only once it
/// is decoded (a URL, a Loopy ID, a pzprv3 file): a guess, about half the
/// drawing of a 20x20 puzzle (3,870 bytes).
const UNSIZED_COST: usize = 1900;

/// How a piece ended.
pub(super) enum PieceEnd {
    /// The input is finished (`0 0`, the end, an error that stops it, or
    /// a stop of the run).
    Done,
    /// The input ended without `0 0`.
    Unterminated,
    /// The piece is exhausted; the next one starts at offset `at` in it,
    /// on its line `line` (from 1).
    More { at: usize, line: usize },
}

/// The scan of one piece.
pub(super) struct Scan<'a> {
    /// The piece's data sets, found (not decoded) in its input's format;
    /// in a piece that is not its input's last, the data set its end cuts
    /// is left to the next piece ([`Reader::in_piece`]).
    pub(super) reader: Reader<'a>,
    pub(super) len: usize,
    pub(super) last: bool,
    pub(super) shard: Shard,
    /// Data sets of the shard still to pass over ([`super::Config::skip`]).
    pub(super) skip: usize,
    /// How the piece ended, once it has.
    pub(super) end: Option<PieceEnd>,
    /// Worker threads sharing the batches.
    pub(super) workers: usize,
}

impl Scan<'_> {
    /// Puts the next data sets of this shard into `batch`; returns how
    /// many and their estimated output bytes. Counts the others in
    /// `skipped`.
    ///
    /// In an input's last piece, with several workers, a batch also stops
    /// once it has taken a share of what is left of the piece (a half per
    /// worker; at least one data set, or the end): near the end batches
    /// get smaller, so that the last data sets are shared out rather than
    /// left to one worker in one batch.
    pub(super) fn fill(&mut self, batch: &[Mutex<Slot>], skipped: &mut usize) -> (usize, usize) {
        let (mut n, mut cost) = (0, 0);
        let start = self.reader.position();
        let share = if self.last && self.workers > 1 {
            (self.len - start).div_ceil(2 * self.workers)
        } else {
            usize::MAX
        };
        let put = |n: &mut usize, item: Item| {
            let mut slot = lock(&batch[*n]);
            slot.item = item;
            slot.status = None;
            *n += 1;
        };
        while self.end.is_none()
            && n < batch.len()
            && cost < BATCH_BYTES
            && (n == 0 || self.reader.position() - start < share)
        {
            let taken = self.next_item(skipped);
            if let Some((item, item_cost)) = taken {
                cost += item_cost;
                put(&mut n, item);
            }
        }
        (n, cost)
    }

    /// The next data set, if this shard takes it, and its estimated
    /// output bytes; at the end of the piece (or at a data set that ends
    /// the input), where it ended.
    #[inline(always)]
    fn next_item(&mut self, skipped: &mut usize) -> Option<(Item, usize)> {
        let (item, number, cost) = match self.reader.next_span() {
            Some(span) => {
                let cost = span
                    .size()
                    .map_or(UNSIZED_COST, |(rows, cols)| drawing_len(rows, cols));
                (Item::Span(span), span.place.number, cost)
            }
            // The reader stopped here: the input is finished.
            None if self.reader.ending() == Ending::Error => match self.reader.take_error() {
                Some((span, e)) => (Item::Error(Box::new((span, e))), span.place.number, 0),
                None => {
                    self.end = Some(PieceEnd::Done);
                    return None;
                }
            },
            None => {
                self.end = Some(match self.reader.ending() {
                    Ending::End if !self.last => PieceEnd::More {
                        at: self.reader.position(),
                        line: self.reader.line(),
                    },
                    Ending::End if self.reader.format() == Format::Judge => PieceEnd::Unterminated,
                    _ => PieceEnd::Done,
                });
                return None;
            }
        };
        if takes(&self.shard, &mut self.skip, number) {
            return Some((item, cost));
        }
        // (A data set that ends the input, left to another shard, is not
        // counted: that shard reports it.)
        *skipped += usize::from(matches!(item, Item::Span(_)));
        None
    }
}

/// Whether data set `number` is solved: in `shard`, and not one of the
/// `skip` to pass over first (counted down).
fn takes(shard: &Shard, skip: &mut usize, number: usize) -> bool {
    if !shard.takes(number) {
        return false;
    }
    if *skip > 0 {
        *skip -= 1;
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::batch::ring::BATCH_LEN;

    /// A scan of all of `text`, the last piece of its input if `last`.
    fn scan(text: &[u8], last: bool, workers: usize) -> Scan<'_> {
        let reader = Reader::new(text, Format::Judge);
        Scan {
            reader: if last { reader } else { reader.in_piece() },
            len: text.len(),
            last,
            shard: Shard::ALL,
            skip: 0,
            end: None,
            workers,
        }
    }

    /// The sizes of the batches `scan` fills, up to 240 data sets each.
    fn batch_sizes(mut scan: Scan<'_>) -> Vec<usize> {
        let slots: Vec<Mutex<Slot>> = (0..BATCH_LEN).map(|_| Mutex::default()).collect();
        let mut sizes = Vec::new();
        for _ in 0..1000 {
            match scan.fill(&slots, &mut 0) {
                (0, _) if scan.end.is_some() => return sizes,
                (n, _) => sizes.push(n),
            }
        }
        panic!("the scan does not end: {sizes:?}");
    }

    #[test]
    fn the_end_of_an_input_is_shared_out_among_the_workers() {
        let text = "2 2\n2 2\n2 2\n".repeat(100) + "0 0\n";
        // Two workers: a quarter of what is left each time, so that both
        // get a part of the last data sets.
        let sizes = batch_sizes(scan(text.as_bytes(), true, 2));
        assert_eq!(sizes.iter().sum::<usize>(), 100);
        // A quarter of the 100 (and the terminator) and the data set that
        // crosses it; then fewer and fewer, down to one at a time.
        assert_eq!(sizes[0], 26, "{sizes:?}");
        assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "{sizes:?}");
        assert!(sizes.len() >= 8 && sizes.ends_with(&[1, 1]), "{sizes:?}");
        // One worker takes every batch anyway; a piece that is not the
        // input's last has more after it.
        assert_eq!(batch_sizes(scan(text.as_bytes(), true, 1)), [100]);
        assert_eq!(batch_sizes(scan(text.as_bytes(), false, 2))[0], 100);
        // Nothing left is no share, and still the end: the scan stops.
        assert_eq!(batch_sizes(scan(b"", true, 2)), Vec::<usize>::new());
        assert_eq!(batch_sizes(scan(b"0 0\n", true, 2)), Vec::<usize>::new());
    }
}

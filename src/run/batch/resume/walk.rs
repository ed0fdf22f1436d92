//! The data sets a batch run takes, walked in its order without solving
//! any: every input in turn, read as the run reads it (its format, given
//! or detected; numbered from 1 in each input or across them), those of
//! the run's shard, after the ones it passes over ([`Config::skip`]).

use super::super::Config;
use crate::puzzle::formats::DataSet;
use crate::run::read::chunks::Chunks;
use crate::run::read::input::Input;
use std::ops::ControlFlow;

/// A data set the run takes.
pub(super) struct Seen<'a> {
    /// Its input's position among the inputs, from 1.
    pub(super) input: usize,
    /// Its input's name.
    pub(super) file: &'a str,
    /// Its number, as the run's records give it.
    pub(super) number: usize,
    /// What it is: a puzzle, or malformed.
    pub(super) data_set: &'a DataSet,
}

/// A stop was requested (a signal) before the walk ended.
pub(super) struct Interrupted;

/// Hands each data set a run with `config` takes from `inputs`, in
/// order, to `visit`, until it says to break (its value is returned) or
/// the inputs end (`None`). An input that cannot be read (or read further)
/// gives no data sets (more), as in the run, which reports it.
pub(super) fn walk<B>(
    inputs: &[Input],
    config: &Config,
    visit: &mut dyn FnMut(Seen<'_>) -> ControlFlow<B>,
) -> Result<Option<B>, Interrupted> {
    let (mut next_first, mut skip) = (1, config.skip);
    for (k, input) in inputs.iter().enumerate() {
        let first = if config.continuous_numbering {
            next_first
        } else {
            1
        };
        let (piece, limit) = (config.piece_bytes, config.piece_limit);
        let Ok(mut chunks) = Chunks::open_sized(input, config.input_format, piece, limit) else {
            continue;
        };
        let name = input.name();
        // The highest number of the input, counted from 1.
        let mut count = 0;
        loop {
            if config.stopping() {
                return Err(Interrupted);
            }
            let Ok(Some(chunk)) = chunks.next_chunk() else {
                break;
            };
            for data_set in chunk.data_sets() {
                let local = data_set.place.number;
                count = count.max(local);
                let number = first + local - 1;
                if !config.shard.takes(number) {
                    continue;
                }
                if skip > 0 {
                    skip -= 1;
                    continue;
                }
                let seen = Seen {
                    input: k + 1,
                    file: &name,
                    number,
                    data_set: &data_set,
                };
                if let ControlFlow::Break(b) = visit(seen) {
                    return Ok(Some(b));
                }
            }
        }
        next_first = first + count;
    }
    Ok(None)
}

//! Reading inputs: an [`Input`](input::Input) (a file, standard input,
//! bytes, a reader) as a [`Source`](input::Source) of pieces (a regular
//! file memory-mapped a window at a time, `mapped`), pieces of whole data
//! sets ([`chunks`]), and a piece's data sets in any format, numbered and
//! placed ([`data_sets`]). Batch mode's pipeline reads through `input`;
//! `check`, `explain`, `convert` and `bench` through `chunks` and
//! `data_sets`.

pub mod chunks;
pub mod data_sets;
pub mod input;
mod mapped;

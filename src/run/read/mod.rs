//! Reading inputs: an [`Input`](input::Input) (a file, standard input,
//! bytes, a reader) as a [`Source`](input::Source) of pieces (a regular
//! file memory-mapped a window at a time, `mapped`), and pieces of whole
//! data sets ([`chunks`]), whose data sets the one reader of
//! [`crate::puzzle::formats`] gives, numbered and placed in the input
//! ([`chunks::Chunk::data_sets`]). Batch mode's pipeline reads through
//! `input`; `check`, `explain`, `convert`, `solve --resume` and `bench`
//! through `chunks`.

pub mod chunks;
pub mod input;
#[cfg(target_os = "linux")]
mod mapped;

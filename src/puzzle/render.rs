//! The judge drawing where `src/generate/run.rs` finds it: its home is
//! [`super::formats::judge::render`]. (To go once the generator imports
//! it from there.)

pub use super::formats::judge::render::*;

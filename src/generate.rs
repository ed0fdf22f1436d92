//! Random puzzle generation.

//! Pictures of puzzles and their loops: one SVG document per data set
//! ([`svg`]), a self-contained HTML page of many ([`html`]), and the
//! marks of a board part way through a deduction ([`marks`]).

pub mod html;
pub mod marks;
pub mod svg;

#[cfg(test)]
mod tests;

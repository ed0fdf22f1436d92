//! Pictures of puzzles and their loops: one SVG document per data set
//! ([`svg`]), and a self-contained HTML page of many ([`html`]).

pub mod html;
pub mod svg;

#[cfg(test)]
mod tests;

//! [`puzzles`]: every data set of a judge-format text as a [`Puzzle`].

use super::{parse_body, ParseError, Scanner};
use crate::puzzle::Puzzle;

/// The data sets of judge-format `text`, in order, each a [`Puzzle`] or
/// the [`ParseError`] (with its line and column) that stopped it.
///
/// A data set whose rows are malformed gives its error and reading goes
/// on with the next one; a malformed header ends the iteration after its
/// error, as does `0 0` (anything after it is ignored).
///
/// ```
/// let text = b"1 1\n2\n2 2\n3 3\n3 3\n0 0\n";
/// let sizes: Vec<_> = slink::puzzles(text)
///     .map(|p| p.map(|p| (p.rows(), p.cols())))
///     .collect();
/// assert_eq!(sizes, [Ok((1, 1)), Ok((2, 2))]);
/// ```
pub fn puzzles(text: &[u8]) -> Puzzles<'_> {
    Puzzles {
        text,
        scanner: Scanner::new(text),
    }
}

/// The iterator of [`puzzles`].
pub struct Puzzles<'a> {
    text: &'a [u8],
    scanner: Scanner<'a>,
}

impl Iterator for Puzzles<'_> {
    type Item = Result<Puzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        let span = match self.scanner.next()? {
            Ok(span) => span,
            Err(e) => return Some(Err(e)),
        };
        let mut p = Puzzle::default();
        Some(parse_body(self.text, &span, &mut p).map(|()| p))
    }
}

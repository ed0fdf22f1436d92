//! [`puzzles`]: every data set of a judge-format text as a [`Puzzle`].

use super::body::parse_body;
use super::place::ParseError;
use super::scan::Scanner;
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

#[cfg(test)]
mod tests {
    use super::puzzles;

    /// Each item as `(rows, cols)` or `line:col: message`.
    fn items(text: &str) -> Vec<Result<(usize, usize), String>> {
        puzzles(text.as_bytes())
            .map(|p| {
                p.map(|p| (p.rows(), p.cols()))
                    .map_err(|e| format!("{}:{}: {}", e.line, e.col, e.message))
            })
            .collect()
    }

    #[test]
    fn a_bad_row_is_an_error_in_place_and_reading_goes_on() {
        let got = items("1 1\n4\n1 2\n2 2\n0 0\n");
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(
            got[0].as_ref().is_err_and(|e| e.starts_with("2:1: ")),
            "{got:?}"
        );
        assert_eq!(got[1], Ok((1, 2)));
    }

    #[test]
    fn a_bad_header_ends_the_data_sets_and_so_does_0_0() {
        let got = items("1 1\n2\nx 1\n1 1\n2\n");
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0], Ok((1, 1)));
        assert!(
            got[1].as_ref().is_err_and(|e| e.starts_with("3:1: ")),
            "{got:?}"
        );
        assert_eq!(items("1 1\n2\n0 0\n1 1\n4\n"), [Ok((1, 1))]);
        assert_eq!(
            items("1 1\n2\n"),
            [Ok((1, 1))],
            "no 0 0: the last data set is read"
        );
        assert_eq!(items(""), []);
    }
}

//! Tests of the scanner and the body reader.

use super::body::{plain_row, read_row, row_error};
use super::scan::plain_body;
use super::*;
use crate::puzzle::formats::{Ending, Format, ParseError, Reader, Span};
use crate::puzzle::{Clue, Puzzle};

/// Each data set read: its size as the scanner found it, and its puzzle
/// or error.
type Read = (Option<(usize, usize)>, Result<Puzzle, ParseError>);

/// Every data set of `src`, and how the reading ended.
fn read(src: &[u8]) -> (Vec<Read>, Ending) {
    let mut r = Reader::new(src, Format::Judge);
    let mut out = Vec::new();
    while let Some(span) = r.next_span() {
        let mut p = Puzzle::default();
        out.push((span.size(), span.decode(src, &mut p).map(|_| p)));
    }
    if let Some((span, e)) = r.take_error() {
        out.push((span.size(), Err(e)));
    }
    (out, r.ending())
}

fn all(src: &[u8]) -> (Vec<Result<Puzzle, ParseError>>, Ending) {
    let (found, end) = read(src);
    (found.into_iter().map(|(_, p)| p).collect(), end)
}

#[test]
fn a_body_is_taken_at_once_only_in_the_judges_own_layout() {
    // Three rows of three clues: 6 bytes a line.
    assert_eq!(plain_body(b"1 2 3\n. 0 1\n3 3 3\n2 2\n", 3, 3), Some(18));
    for (body, why) in [
        (&b"1\n2 3\n. 0 1\n3 3 3\n"[..], "a newline inside a row"),
        (b"\n1 2 3\n. 0 1\n3 3\n", "a blank line"),
        (b" 1 2 3\n. 0 1\n3 3 \n", "a row starting with a space"),
        (b"1 2 3\r\n. 0 1\r\n3 3 3\r\n", "CRLF line ends"),
        (b"1 2 3\n. 0 1\n3 3 3", "cut short"),
        (b"1  2 3\n. 0 1\n3 3 3\n", "a wider row"),
    ] {
        assert_eq!(plain_body(body, 3, 3), None, "{why}");
    }
}

#[test]
fn reads_two_puzzles_with_crlf_tabs_and_blank_lines() {
    let (ps, end) = all(b"\r\n2 2\r\n2\t2\r\n\r\n2  2\r\n1 3\n. 1 -\n0 0\ntrailing junk");
    assert_eq!(end, Ending::Terminator);
    assert_eq!(ps.len(), 2);
    let p = ps[1].as_ref().unwrap();
    assert_eq!(p.clue(0, 0), Clue::Blank);
    assert_eq!(p.clue(0, 2), Clue::Blank);
    assert_eq!(p.clue(0, 1), Clue::Number(1));
}

#[test]
fn the_scanners_line_is_one_more_than_the_newlines_before_its_position() {
    // The batch pipeline carries line numbers from one piece of an
    // input to the next with this count.
    for src in [
        &b"\r\n2 2\r\n2\t2\r\n\r\n2  2\r\n1 3\n. 1 -\n0 0\ntrailing junk"[..],
        b"\xEF\xBB\xBF1 1\n3\n\n\n2 2\n1 1\n\n 1 1\n",
        b"1 1\n0\n2 3\n1 2 3\n1 4 3\n1 1\n.\n",
        b"2 2\n1 1\n1 1\n1 1\n1\n",
        b"1 1\n\n\n.\n\n",
    ] {
        let mut s = Reader::new(src, Format::Judge);
        let mut stops = 0;
        loop {
            let newlines = memchr::memchr_iter(b'\n', &src[..s.position()]).count();
            assert_eq!(s.line(), newlines + 1, "{src:?} at {}", s.position());
            stops += 1;
            if s.next_span().is_none() {
                break;
            }
        }
        assert!(stops > 1 && s.ending() != Ending::Error, "{src:?}");
    }
}

#[test]
fn missing_terminator_and_final_newline() {
    let (ps, end) = all(b"1 1\n3");
    assert_eq!(end, Ending::End);
    assert!(ps[0].is_ok());
}

#[test]
fn clue_four_names_line_and_column() {
    let (ps, end) = read(b"1 1\n0\n2 3\n1 2 3\n1 4 3\n0 0\n");
    let (size, e) = (ps[1].0, ps[1].1.as_ref().unwrap_err());
    assert_eq!((e.line, e.col, e.data_set), (5, 3, 2));
    assert_eq!(e.message, "expected a clue 0-3, found '4'");
    assert_eq!(end, Ending::Terminator, "the reading went on");
    assert_eq!(size, Some((2, 3)), "the header was read");
}

#[test]
fn short_and_long_rows() {
    let (ps, _) = all(b"2 3\n1 2\n1 2 3\n0 0\n");
    let e = ps[0].as_ref().unwrap_err();
    assert_eq!((e.line, e.col), (2, 4));
    assert!(
        e.message.contains("has 2 clues, expected 3"),
        "{}",
        e.message
    );
    let (ps, _) = all(b"1 2\n1 2 3\n0 0\n");
    let e = ps[0].as_ref().unwrap_err();
    assert_eq!((e.line, e.col), (2, 5));
}

#[test]
fn hostile_headers_are_errors_not_allocations() {
    for (src, msg) in [
        (&b"99999999 99999999\n"[..], "exceeds the limit"),
        (b"18446744073709551616 2\n", "exceeds the limit"),
        (b"-1 5\n", "found '-'"),
        (b"0 5\n", "outside the sizes"),
        (b"5 0\n", "outside the sizes"),
        (b"3\n", "found the end of the line"),
        (b"2 2 2\n", "end of the header line"),
    ] {
        let (ps, end) = read(src);
        let e = ps[0].1.as_ref().unwrap_err();
        assert!(e.message.contains(msg), "{src:?}: {}", e.message);
        assert_eq!(ps[0].0, None, "{src:?}: a bad header gives no size");
        assert_eq!(end, Ending::Error);
    }
}

#[test]
fn input_ending_inside_a_puzzle() {
    let (ps, end) = read(b"3 2\n1 1\n2 2\n");
    let e = ps[0].1.as_ref().unwrap_err();
    assert!(e.message.contains("expected 3 rows, found 2"));
    assert_eq!(e.line, 4);
    assert_eq!(ps[0].0, Some((3, 2)), "the header was read");
    assert_eq!(end, Ending::Error);
}

#[test]
fn bom_is_skipped_and_multi_char_tokens_rejected() {
    let (ps, _) = all(b"\xEF\xBB\xBF1 2\n12\n0 0");
    let e = ps[0].as_ref().unwrap_err();
    assert!(e.message.contains("found '12'"));
}

#[test]
fn scanner_resumes_after_a_bad_body() {
    let (ps, end) = all(b"1 2\n1 x\n1 1\n2\n0 0\n");
    assert!(ps[0].is_err());
    assert!(ps[1].is_ok());
    assert_eq!(end, Ending::Terminator);
}

/// [`parse_body`] with the general reader alone: every line found by
/// its newline and read by [`read_row`].
fn parse_body_line_by_line(src: &[u8], span: &Span, out: &mut Puzzle) -> Result<(), ParseError> {
    out.reset(span.rows, span.cols)
        .expect("a size the scanner took");
    let body = &src[..span.end];
    let (mut line, mut pos, mut row) = (span.place.line + 1, span.start, 0);
    while row < span.rows {
        let le = memchr::memchr(b'\n', &body[pos..]).map_or(body.len(), |k| pos + k);
        let dst = &mut out.clue_bytes_mut()[row * span.cols..(row + 1) * span.cols];
        let filled = read_row(&body[pos..le], row, dst).map_err(|e| row_error(span, line, e))?;
        row += usize::from(filled);
        (pos, line) = (le + 1, line + 1);
    }
    Ok(())
}

#[test]
fn bodies_read_as_line_by_line() {
    use crate::util::rng::Rng;
    let mut rng = Rng::new(29);
    let (mut plain, mut errors) = (0, 0);
    for cols in 1..=70 {
        for trial in 0..40 {
            let rows = 1 + rng.index(6);
            let mut src = format!("{rows} {cols}\n").into_bytes();
            for _ in 0..rows {
                let mut line: Vec<u8> = (0..cols)
                    .flat_map(|_| {
                        [
                            b"0123.-"[rng.index(if trial % 2 == 0 { 4 } else { 6 })],
                            b' ',
                        ]
                    })
                    .collect();
                line.pop();
                // Most rows in the judge's layout; some not, or wrong.
                match rng.index(24) {
                    0 => line.push(b'\r'),
                    1 => line.insert(0, b'\n'),
                    2 => line.extend_from_slice(b" \t"),
                    3 => {
                        let k = rng.index(line.len());
                        line[k] = b"x4 \t."[rng.index(5)];
                    }
                    4 => {
                        line.remove(rng.index(line.len()));
                    }
                    _ => {}
                }
                src.extend_from_slice(&line);
                src.push(b'\n');
            }
            if trial % 5 == 0 {
                // The input ends without the last newline.
                src.pop();
            } else {
                src.extend_from_slice(b"0 0\n");
            }
            let span = match Reader::new(&src, Format::Judge).next_span() {
                Some(span) => span,
                _ => continue,
            };
            let (mut a, mut b) = (Puzzle::default(), Puzzle::default());
            let got = parse_body(&src, &span, &mut a);
            let want = parse_body_line_by_line(&src, &span, &mut b);
            let shown = String::from_utf8_lossy(&src);
            assert_eq!(got, want, "{shown}");
            if got.is_ok() {
                assert_eq!(a, b, "{shown}");
                plain += usize::from(a.blanks() == 0);
            } else {
                errors += 1;
            }
        }
    }
    assert!(
        plain > 300 && errors > 300,
        "{plain} without blanks, {errors} errors"
    );
}

#[test]
fn the_fast_row_reader_agrees_with_the_general_one() {
    use crate::util::rng::Rng;
    let mut rng = Rng::new(11);
    let mut fast = 0;
    for c in [1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 20, 21, 64, 65] {
        for _ in 0..200 {
            let mut line: Vec<u8> = (0..c)
                .flat_map(|_| [b"0123."[rng.index(5)], b' '])
                .collect();
            line.pop();
            // Most lines get one change: a byte replaced, inserted or removed.
            match rng.index(8) {
                0 => {}
                1 => line.extend_from_slice(b"\r"),
                2 => line.extend_from_slice(b" \t "),
                3 => {
                    let k = rng.index(line.len());
                    let bytes = b" \t.-04x\r";
                    line.insert(k, bytes[rng.index(bytes.len())]);
                }
                4 => {
                    line.remove(rng.index(line.len()));
                }
                _ => {
                    let k = rng.index(line.len());
                    let bytes = b" \t.-0345x\r";
                    line[k] = bytes[rng.index(bytes.len())];
                }
            }
            let (mut a, mut b) = (vec![9; c], vec![9; c]);
            let general = read_row(&line, 0, &mut b);
            if plain_row(&line, &mut a) {
                fast += 1;
                assert_eq!(general, Ok(true), "{:?}", String::from_utf8_lossy(&line));
                assert_eq!(a, b, "{:?}", String::from_utf8_lossy(&line));
            } else {
                // Only lines the fast reader cannot take are left to the
                // general one: anything but single digits 0-3 or dots and
                // spaces.
                let plain = line.len() == 2 * c - 1
                    && line.iter().enumerate().all(|(k, &x)| match k % 2 {
                        0 => (b'0'..=b'3').contains(&x) || x == b'.',
                        _ => x == b' ',
                    });
                assert!(!plain, "{:?}", String::from_utf8_lossy(&line));
            }
        }
    }
    assert!(fast > 500, "{fast}");
}

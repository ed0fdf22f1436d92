//! The bad data sets: each put in the middle of the sample (or at its end),
//! with the place and the words of the error it must give.

use super::*;

/// What slink can do after the bad data set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum After {
    /// The header was read, the rows are bad: batch mode goes on.
    Rows,
    /// The header is bad: batch mode stops the file.
    Header,
    /// The input ends inside the data set: nothing comes after it.
    End,
}

/// A bad data set 3 and the error it must give.
pub(super) struct Case {
    pub(super) name: &'static str,
    /// The whole input.
    pub(super) input: Vec<u8>,
    /// Line and column of the error.
    pub(super) line: usize,
    pub(super) col: usize,
    /// A piece of the message.
    pub(super) needle: &'static str,
    pub(super) after: After,
}

pub(super) fn rows_case(
    name: &'static str,
    bad: &[u8],
    line: usize,
    col: usize,
    needle: &'static str,
) -> Case {
    Case {
        name,
        input: sandwich(bad),
        line: BAD_LINE + line - 1,
        col,
        needle,
        after: After::Rows,
    }
}

pub(super) fn header_case(
    name: &'static str,
    bad: &[u8],
    col: usize,
    needle: &'static str,
) -> Case {
    Case {
        name,
        input: sandwich(bad),
        line: BAD_LINE,
        col,
        needle,
        after: After::Header,
    }
}

pub(super) fn end_case(
    name: &'static str,
    bad: &[u8],
    line: usize,
    col: usize,
    needle: &'static str,
) -> Case {
    Case {
        name,
        input: ending_with(bad),
        line: BAD_LINE + line - 1,
        col,
        needle,
        after: After::End,
    }
}

/// The small cases: every kind of bad data set the issue lists but the
/// very long lines.
pub(super) fn small_cases() -> Vec<Case> {
    vec![
        // Letters.
        rows_case("letter in a row", b"2 3\n1 2 3\n1 x 3\n", 3, 3, "found 'x'"),
        rows_case(
            "letter first in a row",
            b"2 2\nA 2\n2 2\n",
            2,
            1,
            "found 'A'",
        ),
        header_case(
            "letter as the column count",
            b"2 x\n2 2\n2 2\n",
            3,
            "found 'x'",
        ),
        header_case("word as the header", b"slink\n2 2\n2 2\n", 1, "found 's'"),
        // Negative and huge numbers.
        header_case("negative rows", b"-1 5\n1 1 1 1 1\n", 1, "found '-'"),
        header_case("negative columns", b"2 -1\n1\n1\n", 3, "found '-'"),
        header_case(
            "rows beyond u64",
            b"18446744073709551616 2\n1 1\n",
            1,
            "18446744073709551616 exceeds the limit 1024",
        ),
        header_case(
            "columns beyond u64",
            b"2 18446744073709551616\n1 1\n",
            3,
            "exceeds the limit 255",
        ),
        header_case(
            "100000 by 100000",
            b"100000 100000\n1 1\n",
            1,
            "row count 100000 exceeds the limit 1024",
        ),
        header_case(
            "1025 rows",
            b"1025 1\n1\n",
            1,
            "row count 1025 exceeds the limit 1024",
        ),
        header_case(
            "256 columns",
            b"1 256\n1\n",
            3,
            "column count 256 exceeds the limit 255",
        ),
        // A clue of 4 (and more).
        rows_case(
            "clue 4",
            b"2 2\n2 2\n2 4\n",
            3,
            3,
            "expected a clue 0-3, found '4'",
        ),
        rows_case("clue 9", b"1 1\n9\n", 2, 1, "found '9'"),
        rows_case("clue 12", b"1 2\n12\n", 2, 1, "found '12'"),
        // Rows too short and too long.
        rows_case(
            "row too short",
            b"2 3\n1 2\n1 2 3\n",
            2,
            4,
            "row 1 has 2 clues, expected 3",
        ),
        rows_case(
            "last row too short",
            b"2 3\n1 2 3\n1\n",
            3,
            2,
            "row 2 has 1 clues, expected 3",
        ),
        rows_case(
            "row too long",
            b"1 2\n1 2 3\n",
            2,
            5,
            "row 1 has more than 2 clues",
        ),
        rows_case(
            "row too long with tabs",
            b"2 2\n2 2\n2\t2\t2\n",
            3,
            5,
            "row 2 has more than 2 clues",
        ),
        // Sizes of 0.
        header_case("0 by 5", b"0 5\n1 1 1 1 1\n", 1, "a 0x5 board is outside"),
        header_case("5 by 0", b"5 0\n\n", 1, "a 5x0 board is outside"),
        // Headers of the wrong shape.
        header_case(
            "three numbers",
            b"2 2 2\n2 2\n2 2\n",
            5,
            "end of the header line",
        ),
        header_case("one number", b"3\n2 2 2\n", 2, "found the end of the line"),
        // NUL bytes.
        rows_case("NUL as a clue", b"2 2\n2 \0\n2 2\n", 2, 3, "byte 0x00"),
        header_case("NUL in the header", b"2\x002\n2 2\n2 2\n", 2, "byte 0x00"),
        header_case("NULs as the header", b"\0\0\0\0\n", 1, "byte 0x00"),
        // Binary garbage.
        header_case(
            "binary garbage as the header",
            b"\xff\xfe\x00\x80\x1b[2J\n\x01\x02\n",
            1,
            "byte 0xff",
        ),
        rows_case(
            "binary garbage in a row",
            b"1 3\n2 \x80\xff 2\n",
            2,
            3,
            "byte 0x80",
        ),
        rows_case(
            "non-ASCII UTF-8 in a row",
            "1 2\n2 \u{2462}\n".as_bytes(),
            2,
            3,
            "byte 0xe2",
        ),
        // A byte order mark anywhere but at the start is not skipped.
        header_case(
            "BOM in the middle",
            b"\xef\xbb\xbf2 2\n2 2\n2 2\n",
            1,
            "byte 0xef",
        ),
        // The input ends inside the data set.
        end_case(
            "ends after two of three rows",
            b"3 2\n1 1\n2 2\n",
            4,
            1,
            "the input ends inside the data set: expected 3 rows, found 2",
        ),
        end_case(
            "ends inside a row without a newline",
            b"3 2\n1 1\n2 2",
            3,
            4,
            "expected 3 rows, found 2",
        ),
        end_case(
            "ends after the header",
            b"3 2\n",
            2,
            1,
            "expected 3 rows, found 0",
        ),
        end_case(
            "ends after the header without a newline",
            b"3 2",
            1,
            4,
            "expected 3 rows, found 0",
        ),
        end_case(
            "ends after blank lines",
            b"2 2\n\n  \t\n",
            4,
            1,
            "expected 2 rows, found 0",
        ),
        end_case(
            "a large size with nothing after it",
            b"1024 255\n",
            2,
            1,
            "expected 1024 rows, found 0",
        ),
    ]
}

/// Very long lines: ten megabytes on one line.
pub(super) fn long_line_cases() -> Vec<Case> {
    const MB10: usize = 10 << 20;
    let digits = |prefix: &[u8], suffix: &[u8]| {
        let mut v = prefix.to_vec();
        v.resize(prefix.len() + MB10, b'1');
        v.extend_from_slice(suffix);
        v
    };
    let mut clues = b"2 2\n".to_vec();
    while clues.len() < MB10 {
        clues.extend_from_slice(b"1 ");
    }
    clues.extend_from_slice(b"\n2 2\n");
    let mut nines = vec![b'9'; MB10];
    nines.extend_from_slice(b" 2\n2 2\n");
    vec![
        rows_case(
            "10 MB of digits as one clue",
            &digits(b"2 2\n", b"\n2 2\n"),
            2,
            1,
            "expected one clue 0-3 or '.', found '111111111111111111111111'",
        ),
        rows_case(
            "10 MB of clues on one row",
            &clues,
            2,
            5,
            "row 1 has more than 2 clues",
        ),
        header_case(
            "10 MB of digits as the row count",
            &nines,
            1,
            "row count 999999999999999999999999 exceeds the limit 1024",
        ),
        header_case(
            "10 MB of digits as the column count",
            &digits(b"2 ", b"\n2 2\n2 2\n"),
            3,
            "column count 111111111111111111111111 exceeds the limit 255",
        ),
        end_case(
            "10 MB of blank lines after a header",
            &[b"2 2\n".as_slice(), &vec![b'\n'; MB10]].concat(),
            MB10 + 2,
            1,
            "expected 2 rows, found 0",
        ),
    ]
}

/// Converts every `\n` to `\r\n`.
pub(super) fn crlf(input: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(input.len() + input.len() / 8);
    for &b in input {
        if b == b'\n' {
            v.push(b'\r');
        }
        v.push(b);
    }
    v
}

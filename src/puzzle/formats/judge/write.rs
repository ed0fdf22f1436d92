//! Writing a puzzle in the judge's input format, the format
//! [`super`] reads.

use crate::puzzle::{Clue, Puzzle};

/// Appends `p` in the judge's input format: `r c`, then its rows with the
/// clues separated by single spaces (`.` for a blank cell).
pub fn write_puzzle(p: &Puzzle, out: &mut Vec<u8>) {
    let mut num = itoa::Buffer::new();
    out.extend_from_slice(num.format(p.rows()).as_bytes());
    out.push(b' ');
    out.extend_from_slice(num.format(p.cols()).as_bytes());
    out.push(b'\n');
    for i in 0..p.rows() {
        for j in 0..p.cols() {
            if j > 0 {
                out.push(b' ');
            }
            out.push(match p.clue(i, j) {
                Clue::Number(n) => b'0' + n,
                Clue::Blank => b'.',
            });
        }
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_judge_format() {
        let p = Puzzle::from_rows("2.3/012").unwrap();
        let mut out = Vec::new();
        write_puzzle(&p, &mut out);
        assert_eq!(out, b"2 3\n2 . 3\n0 1 2\n");
    }
}

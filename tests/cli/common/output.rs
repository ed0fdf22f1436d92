//! A whole judge output: split into data sets and verified.

use super::{verify_drawing, Edges, Grid};

/// digits, then a drawing from a line of `#` to the next line of only `#`
/// of the same width (both included, each with its `\n`).
pub fn split_blocks(out: &str) -> Result<Vec<(usize, String)>, String> {
    let mut lines = out.split_inclusive('\n').peekable();
    let mut blocks = Vec::new();
    while let Some(num) = lines.next() {
        let n = num
            .strip_suffix('\n')
            .ok_or("a number line without a newline")?;
        if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("expected a data set number, found {num:?}"));
        }
        let k: usize = n.parse().map_err(|e| format!("{n:?}: {e}"))?;
        let top = lines.next().ok_or(format!("data set {k}: no drawing"))?;
        let border = top.trim_end_matches('\n');
        if border.is_empty() || border.bytes().any(|b| b != b'#') {
            return Err(format!("data set {k}: drawing starts with {top:?}"));
        }
        let mut drawing = top.to_string();
        loop {
            let l = lines
                .next()
                .ok_or(format!("data set {k}: the drawing never ends"))?;
            drawing.push_str(l);
            if l.trim_end_matches('\n') == border {
                break;
            }
        }
        blocks.push((k, drawing));
    }
    Ok(blocks)
}

/// Splits `out` and verifies every drawing against `puzzles` (data set
/// `k` is `puzzles[k - 1]`); numbers must increase. Returns the numbers
/// printed.
pub fn verify_output(out: &str, puzzles: &[Grid]) -> Result<Vec<usize>, String> {
    let mut numbers = Vec::new();
    for (k, drawing) in split_blocks(out)? {
        if k == 0 || k > puzzles.len() {
            return Err(format!("data set number {k} outside 1..={}", puzzles.len()));
        }
        if numbers.last().is_some_and(|&p| p >= k) {
            return Err(format!("data set {k} printed after {numbers:?}"));
        }
        verify_drawing(&drawing, &puzzles[k - 1]).map_err(|e| format!("data set {k}: {e}"))?;
        numbers.push(k);
    }
    Ok(numbers)
}

/// The block of data set `k` in `out`, panicking if absent.
pub fn block(out: &str, k: usize) -> String {
    split_blocks(out)
        .expect("judge output splits")
        .into_iter()
        .find(|(n, _)| *n == k)
        .unwrap_or_else(|| panic!("no data set {k} in the output"))
        .1
}

/// Decodes the `loop` field of a JSON record of an `rows x cols` puzzle
/// as the README and `docs/record.schema.json` describe it (not from
/// slink's code): the `H(i, j)` edges row by row, then the `V(i, j)`,
/// four edges a hex digit, the first the most significant bit, the last
/// digit padded with 0 bits.
pub fn decode_loop(hex: &str, rows: usize, cols: usize) -> Result<Edges, String> {
    let n_h = (rows + 1) * cols;
    let n = n_h + rows * (cols + 1);
    if hex.len() != n.div_ceil(4) {
        return Err(format!("{} digits for {n} edges", hex.len()));
    }
    let mut bits = Vec::with_capacity(4 * hex.len());
    for ch in hex.chars() {
        let d = ch
            .to_digit(16)
            .ok_or(format!("{ch:?} is not a hex digit"))?;
        bits.extend((0..4).rev().map(|k| d >> k & 1 == 1));
    }
    if bits[n..].iter().any(|&b| b) {
        return Err("padding bits set".into());
    }
    Ok(Edges {
        rows,
        cols,
        h: bits[..n_h].to_vec(),
        v: bits[n_h..n].to_vec(),
    })
}

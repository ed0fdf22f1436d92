//! puzz.link / pzprjs URLs of `slither`.
//!
//! A URL is `HOST/p?slither/COLS/ROWS/BODY` on any host that uses
//! pzprjs's encoding (puzz.link, pzv.jp, pzprxs, ...); the query may start
//! `p?` or `p.html?`, with `type=editor&`-style parameters before the
//! puzzle type, `slither_edit` / `slither_play` / `slitherlink` for the
//! type, a `v:` variant segment and a flag segment before the size. A
//! bare `slither/COLS/ROWS/BODY` is read too. Note the order: columns
//! first, then rows.
//!
//! The body lists the cells row by row, one character for a clue and the
//! blanks after it, or for a run of blanks:
//!
//! | character | meaning |
//! | --- | --- |
//! | `0`-`4` | the clue |
//! | `5`-`9` | the clue (the character minus 5), then one blank |
//! | `a`-`e` | the clue (minus 10), then two blanks |
//! | `g`-`z` | 1 to 20 blanks |
//! | `.` | a clue whose number is hidden (a blank for the solver) |
//!
//! A clue 4 (`4`, `9`, `e`), which pzprjs reads as any other, asks for
//! all four sides of its cell: the loop is that cell's square or nothing
//! ([`Puzzle::has_four`](crate::Puzzle::has_four)). The last character may run past the last cell, as pzprjs's own
//! encoder writes a final clue with its two blanks. [`encode`] writes
//! exactly what puzz.link writes, so a canonical URL comes back unchanged.
//!
//! The flag `f` (pzprjs's "slither_full": the loop must visit every
//! vertex) is a variant with other rules, refused with an error rather
//! than solved as the plain puzzle; other flag letters mean nothing for
//! slither and are passed over, as pzprjs does. A URL holding a whole
//! pzprv3 file (`p?pzprv3/slither/...`, percent-encoded) is read with
//! [`super::pzprv3`].

pub use super::address::OddAddresses;
use super::error::ParseError;
use super::pzprv3;
use super::text::{check_size, count, excerpt, shown_at, trim, Cells, Fail};
use crate::puzzle::{Puzzle, BLANK};

/// The host and path [`encode`] writes: puzz.link's.
pub const PREFIX: &str = "https://puzz.link/p?slither/";

/// The puzzle of a puzz.link URL; errors are on line 1, at the column of
/// the offending byte.
pub fn decode(url: &(impl AsRef<[u8]> + ?Sized)) -> Result<Puzzle, ParseError> {
    let mut p = Puzzle::default();
    decode_into(url.as_ref(), &mut p)?;
    Ok(p)
}

/// [`decode`] into a puzzle whose storage is reused.
pub fn decode_into(url: &[u8], out: &mut Puzzle) -> Result<(), ParseError> {
    let (from, to) = trim(url, 0, url.len());
    match read(&url[..to], from, out) {
        Ok(()) => Ok(()),
        Err(Stop::Fail((at, message))) => Err(ParseError::locate(url, at, message)),
        Err(Stop::File(err)) => Err(err),
    }
}

/// Why [`read`] stopped: a failure at a byte, or one placed already.
enum Stop {
    Fail(Fail),
    File(ParseError),
}

impl From<Fail> for Stop {
    fn from(f: Fail) -> Self {
        Stop::Fail(f)
    }
}

/// Whether `b` is a character of a `\w` word (pzprjs's query parameters).
fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Reads `s[from..]` (trimmed) into `out`.
fn read(s: &[u8], from: usize, out: &mut Puzzle) -> Result<(), Stop> {
    let mut at = query_start(s, from)?;
    let pid_end = memchr::memchr(b'/', &s[at..]).map_or(s.len(), |k| at + k);
    let pid = &s[at..pid_end];
    if pid.starts_with(b"pzprv") || pid.starts_with(b"v:") {
        return read_file(s, at, out).map_err(Stop::File);
    }
    let base = pid
        .strip_suffix(b"_edit")
        .or_else(|| pid.strip_suffix(b"_play"))
        .unwrap_or(pid);
    if base != b"slither" && base != b"slitherlink" {
        let shown = excerpt(s, at, pid_end, 24);
        return Err(Fail::from((
            at,
            format!("puzz.link puzzle type '{shown}' is not slither"),
        ))
        .into());
    }
    if pid_end == s.len() {
        return Err(Fail::from((
            pid_end,
            "puzz.link URL ends after the puzzle type; expected /COLS/ROWS/BODY".into(),
        ))
        .into());
    }
    at = pid_end + 1;
    // The optional variant and flag segments: anything that does not
    // start with a digit (and is not the last segment).
    loop {
        let end = memchr::memchr(b'/', &s[at..]).map_or(s.len(), |k| at + k);
        let seg = &s[at..end];
        if seg.first().is_none_or(u8::is_ascii_digit) || end == s.len() {
            break;
        }
        if !seg.starts_with(b"v:") {
            if let Some(k) = memchr::memchr(b'f', seg) {
                return Err(Fail::from((
                    at + k,
                    "puzz.link flag 'f' asks for a loop through every vertex, \
                     a variant of slither that slink does not solve"
                        .into(),
                ))
                .into());
            }
        }
        at = end + 1;
    }
    let cols = count(s, at, "the column count")?;
    slash(s, cols.end, "the column count")?;
    let rows = count(s, cols.end + 1, "the row count")?;
    check_size(s, rows, cols)?;
    let body_at = rows.end + 1;
    let body_end = if rows.end == s.len() {
        rows.end
    } else {
        slash(s, rows.end, "the row count")?;
        memchr::memchr(b'/', &s[body_at..]).map_or(s.len(), |k| body_at + k)
    };
    out.reset(rows.value, cols.value)
        .expect("size checked before allocation");
    read_body(s, body_at.min(body_end), body_end, out)?;
    // At most one '/' may follow (pzprjs adds one after a final '.'), or
    // an author's name after it, `/@name`, as collections add.
    let tail = (body_end + 1).min(s.len());
    if tail < s.len() && s[tail] != b'@' {
        return Err(Fail::from((
            tail,
            format!(
                "expected the end of the URL after the puzz.link body, found {}",
                shown_at(s, tail)
            ),
        ))
        .into());
    }
    Ok(())
}

/// Where the puzzle type starts in the URL `s[from..]`: after the `?`
/// (if any) and the query parameters before it (`type=editor&`).
fn query_start(s: &[u8], from: usize) -> Result<usize, Fail> {
    let has = |needle: &[u8]| s[from..].windows(needle.len()).any(|w| w == needle);
    if has(b"penpa-edit") {
        return Err((
            from,
            "a penpa-edit URL: slink reads puzz.link (pzprjs) URLs, \
             '?slither/COLS/ROWS/BODY'"
                .into(),
        ));
    }
    let mut at = match memchr::memchr(b'?', &s[from..]) {
        Some(k) => from + k + 1,
        None if has(b"://") => {
            return Err((
                from,
                "a puzz.link URL needs a query: '?slither/COLS/ROWS/BODY'".into(),
            ))
        }
        None => from,
    };
    loop {
        let word = s[at..].iter().take_while(|&&b| is_word(b)).count();
        if word == 0 || s.get(at + word) != Some(&b'=') {
            return Ok(at);
        }
        let value_at = at + word + 1;
        let value = s[value_at..].iter().take_while(|&&b| is_word(b)).count();
        if value == 0 || s.get(value_at + value) != Some(&b'&') {
            return Ok(at);
        }
        at = value_at + value + 1;
    }
}

/// Fails unless `s[at]` is the `/` after `what`.
fn slash(s: &[u8], at: usize, what: &str) -> Result<(), Fail> {
    if s.get(at) == Some(&b'/') {
        return Ok(());
    }
    Err((
        at,
        format!("expected '/' after {what}, found {}", shown_at(s, at)),
    ))
}

/// Reads the cells of the body `s[from..to]` into `out` (sized, blank).
fn read_body(s: &[u8], from: usize, to: usize, out: &mut Puzzle) -> Result<(), Fail> {
    let mut cells = Cells::new(out, "puzz.link body");
    let mut at = from;
    while at < to {
        at += cells.digits(&s[at..to]);
        let Some(&b) = s[..to].get(at) else { break };
        cells.room(at)?;
        match b {
            b'0'..=b'4' => cells.clue(u32::from(b - b'0'), at)?,
            b'5'..=b'9' => {
                cells.clue(u32::from(b - b'5'), at)?;
                cells.skip(1);
            }
            b'a'..=b'e' => {
                cells.clue(u32::from(b - b'a'), at)?;
                cells.skip(2);
            }
            b'g'..=b'z' => cells.skip(usize::from(b - b'g') + 1),
            b'.' => cells.skip(1),
            _ => {
                return Err((
                    at,
                    format!(
                        "expected a clue character of puzz.link's slither \
                         (0-4, 5-9, a-e, g-z or '.'), found {}",
                        shown_at(s, at)
                    ),
                ))
            }
        }
        at += 1;
    }
    cells.finish(to)
}

/// A URL whose query is a whole pzprv3 file (percent-encoded, lines
/// separated by `/`): decoded and read as such. Its errors are placed at
/// the file's start in the URL, the position in the file in the message.
fn read_file(s: &[u8], at: usize, out: &mut Puzzle) -> Result<(), ParseError> {
    let file = percent_decoded(&s[at..]);
    match pzprv3::decode(&file) {
        Ok(p) => {
            *out = p;
            Ok(())
        }
        Err(e) => Err(ParseError::locate(
            s,
            at,
            format!(
                "in the pzprv3 file of this URL, at {}:{}: {}",
                e.line, e.col, e.message
            ),
        )),
    }
}

/// `%XX` escapes replaced by their bytes (a malformed one kept as it is).
fn percent_decoded(s: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16);
    let mut out = Vec::with_capacity(s.len());
    let mut k = 0;
    while k < s.len() {
        let byte = match (s[k], s.get(k + 1), s.get(k + 2)) {
            (b'%', Some(&h), Some(&l)) => hex(h).zip(hex(l)).map(|(h, l)| (h * 16 + l) as u8),
            _ => None,
        };
        match byte {
            Some(b) => {
                out.push(b);
                k += 3;
            }
            None => {
                out.push(s[k]);
                k += 1;
            }
        }
    }
    out
}

/// The canonical puzz.link URL of `p`: `https://puzz.link/p?slither/COLS/ROWS/BODY`,
/// the body as puzz.link writes it.
pub fn encode(p: &Puzzle) -> String {
    let mut s = String::with_capacity(PREFIX.len() + 8 + p.rows() * p.cols() / 2);
    s.push_str(PREFIX);
    s.push_str(&format!("{}/{}/", p.cols(), p.rows()));
    body(p, &mut s);
    s
}

/// Appends the body of `p` as pzprjs's encoder writes it: a clue takes up
/// to two following blanks when the cell after them holds a clue or the
/// board ends, and runs of blanks go by at most 20.
pub fn body(p: &Puzzle, out: &mut String) {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let clues = p.clue_bytes();
    let n = clues.len();
    let clue_at = |c: usize| c < n && clues[c] != BLANK;
    let mut run = 0usize;
    let mut c = 0;
    while c < n {
        let q = clues[c];
        if q == BLANK {
            run += 1;
            if run == 20 {
                out.push('z');
                run = 0;
            }
            c += 1;
            continue;
        }
        if run > 0 {
            out.push(DIGITS[run + 15] as char);
            run = 0;
        }
        let (value, step) = if clue_at(c + 1) {
            (q, 1)
        } else if clue_at(c + 2) {
            (q + 5, 2)
        } else {
            (q + 10, 3)
        };
        out.push(DIGITS[usize::from(value)] as char);
        c += step;
    }
    if run > 0 {
        out.push(DIGITS[run + 15] as char);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(p: &Puzzle) -> String {
        let mut s = format!("{p:?}");
        s.retain(|c| c != ' ');
        s
    }

    #[test]
    fn pzprjs_example_decodes() {
        // pzprjs's own slither example, and the same puzzle as its file.
        let p = decode("http://pzv.jp/p.html?slither/5/5/cbcbcddad").unwrap();
        assert_eq!(rows(&p), "55\n2..1.\n.2..1\n..2..\n3..3.\n.0..3\n");
        assert_eq!(encode(&p), "https://puzz.link/p?slither/5/5/cbcbcddad");
        // Two columns, four rows: a 3 and two blanks, a 1 and two blanks,
        // two blanks (the example of pzprjs's own slither test).
        let p = decode("slither/2/4/dbh").unwrap();
        assert_eq!(rows(&p), "42\n3.\n.1\n..\n..\n");
    }

    #[test]
    fn hosts_queries_and_flags() {
        let want = decode("https://puzz.link/p?slither/5/5/cbcbcddad").unwrap();
        for url in [
            "https://pzprxs.vercel.app/p?slither/5/5/cbcbcddad",
            "http://pzv.jp/p.html?slither/5/5/cbcbcddad/",
            "https://puzz.link/p?type=editor&slither_edit/5/5/cbcbcddad",
            "https://puzz.link/p?slither_play/5/5/cbcbcddad",
            "https://puzz.link/p?slitherlink/5/5/cbcbcddad",
            "https://puzz.link/p?slither/v:/5/5/cbcbcddad",
            "https://puzz.link/p?slither/x/5/5/cbcbcddad",
            "  https://puzz.link/p?slither/5/5/cbcbcddad \r",
            // An author's name after the body, as collections add it.
            "https://puzz.link/p?slither/5/5/cbcbcddad/@pencilkarasu",
        ] {
            assert_eq!(decode(url).unwrap(), want, "{url}");
        }
        // Anything else after the body is not a URL of one puzzle.
        let err = decode("https://puzz.link/p?slither/5/5/cbcbcddad/x").unwrap_err();
        assert!(
            err.to_string().contains("expected the end of the URL"),
            "{err}"
        );
        // Another editor's URL says so.
        let err =
            decode("https://swaroopg92.github.io/penpa-edit/#m=edit&amp;p=ZVJLa").unwrap_err();
        assert_eq!(
            err.to_string(),
            "1:1: data set 1: a penpa-edit URL: slink reads puzz.link (pzprjs) URLs, '?slither/COLS/ROWS/BODY'"
        );
    }

    #[test]
    fn hidden_clues_are_blank_and_runs_are_long() {
        let p = decode("p?slither/3/1/1.0").unwrap();
        assert_eq!(rows(&p), "13\n1.0\n");
        // Not as puzz.link writes it: the 0 takes one blank, then 3 more.
        let p = decode("p?slither/25/1/z5i").unwrap();
        assert_eq!(p.clue(0, 20), crate::Clue::Number(0));
        assert_eq!(p.blanks(), 24);
        assert_eq!(encode(&p), "https://puzz.link/p?slither/25/1/zah");
    }

    #[test]
    fn canonical_bodies() {
        for (rows_, body_) in [
            ("1", "b"),
            (".", "g"),
            ("0.1", "5b"),
            ("0.1.", "5b"),
            ("0.1.2", "56c"),
            ("0..1", "ab"),
            ("0...1", "agb"),
            ("01", "0b"),
            ("0.", "a"),
            ("..", "h"),
        ] {
            let p = Puzzle::from_rows(rows_).unwrap();
            let mut s = String::new();
            body(&p, &mut s);
            assert_eq!(s, body_, "{rows_}");
        }
    }

    fn err(url: &str) -> String {
        let e = decode(url).unwrap_err();
        format!("{}:{}: {}", e.line, e.col, e.message)
    }

    #[test]
    fn malformed_urls() {
        let u = "https://puzz.link/p?slither/";
        assert_eq!(
            err(&format!("{u}5/5/cbcbcdda")),
            "1:41: puzz.link body ends after 24 of 25 cells"
        );
        assert_eq!(
            err(&format!("{u}5/5/")),
            "1:33: puzz.link body ends after 0 of 25 cells"
        );
        assert_eq!(
            err(&format!("{u}5/5")),
            "1:32: puzz.link body ends after 0 of 25 cells"
        );
        assert_eq!(
            err(&format!("{u}5/5/cbcbcddadg")),
            "1:42: puzz.link body goes on after the 25 cells of the board"
        );
        assert_eq!(
            err(&format!("{u}5/5/cbcFcddad")),
            "1:36: expected a clue character of puzz.link's slither (0-4, 5-9, a-e, g-z or '.'), found 'F'"
        );
        assert_eq!(
            err(&format!("{u}5/5/cbcfcddad")),
            "1:36: expected a clue character of puzz.link's slither (0-4, 5-9, a-e, g-z or '.'), found 'f'"
        );
        assert_eq!(
            err(&format!("{u}5/5/cbcbcddad/x")),
            "1:43: expected the end of the URL after the puzz.link body, found 'x'"
        );
        assert_eq!(
            err(&format!("{u}5/99999999999999/cbcbcddad")),
            "1:31: row count 99999999999999 exceeds the limit 1024"
        );
        assert_eq!(
            err(&format!("{u}256/1/zzzzzzzzzzzzzp")),
            "1:29: column count 256 exceeds the limit 255"
        );
        assert_eq!(
            err(&format!("{u}0/5/g")),
            "1:29: a 5x0 board is outside the sizes slink accepts (1x1 to 1024x255)"
        );
        assert_eq!(
            err(&format!("{u}5x5/g")),
            "1:30: expected '/' after the column count, found 'x'"
        );
        assert_eq!(
            err(&format!("{u}5/y/g")),
            "1:31: expected the row count, found 'y'"
        );
        assert_eq!(
            err("https://puzz.link/p?nurikabe/5/5/g"),
            "1:21: puzz.link puzzle type 'nurikabe' is not slither"
        );
        assert_eq!(
            err("https://puzz.link/p?slither/f/5/5/cbcbcddad"),
            "1:29: puzz.link flag 'f' asks for a loop through every vertex, \
             a variant of slither that slink does not solve"
        );
        assert_eq!(
            err("https://puzz.link/slither/5/5/g"),
            "1:1: a puzz.link URL needs a query: '?slither/COLS/ROWS/BODY'"
        );
        assert_eq!(
            err("https://puzz.link/p?slither"),
            "1:28: puzz.link URL ends after the puzzle type; expected /COLS/ROWS/BODY"
        );
    }

    #[test]
    fn file_urls() {
        let url = "https://puzz.link/p?type=editor&pzprv3/slither/2/3/1%20.%20.%20/.%20.%203%20/";
        assert_eq!(rows(&decode(url).unwrap()), "23\n1..\n..3\n");
        let bad = "https://puzz.link/p?pzprv3/slither/2/3/1%20.%20.%20/";
        assert_eq!(
            err(bad),
            "1:21: in the pzprv3 file of this URL, at 1:27: pzprv3 file ends after 1 of 2 clue rows"
        );
    }
}

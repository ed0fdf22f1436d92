//! Puzzles as the tests see them: [`Grid`] and a reader of its own.

/// A puzzle: `rows x cols` clues, row-major, `None` for a blank cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    pub rows: usize,
    pub cols: usize,
    pub clues: Vec<Option<u8>>,
}

impl Grid {
    /// The clue of cell `(i, j)`.
    pub fn clue(&self, i: usize, j: usize) -> Option<u8> {
        self.clues[i * self.cols + j]
    }

    /// A grid from rows separated by `/`, clues (`0`-`3`, `.`, `-`)
    /// separated by spaces or written together: `"2 2/2 2"`, `"22/22"`.
    pub fn from_rows(text: &str) -> Grid {
        let rows: Vec<Vec<Option<u8>>> = text
            .split('/')
            .map(|r| {
                r.bytes()
                    .filter(|b| !b.is_ascii_whitespace())
                    .map(|b| match b {
                        b'0'..=b'3' => Some(b - b'0'),
                        b'.' | b'-' => None,
                        _ => panic!("bad clue {:?} in {text:?}", b as char),
                    })
                    .collect()
            })
            .collect();
        let cols = rows[0].len();
        assert!(rows.iter().all(|r| r.len() == cols), "ragged {text:?}");
        Grid {
            rows: rows.len(),
            cols,
            clues: rows.into_iter().flatten().collect(),
        }
    }

    /// All-blank `rows x cols`.
    pub fn blank(rows: usize, cols: usize) -> Grid {
        Grid {
            rows,
            cols,
            clues: vec![None; rows * cols],
        }
    }

    /// The puzzle in the judge format (header and rows, no `0 0`), blanks as `.`.
    pub fn to_judge(&self) -> String {
        let mut s = format!("{} {}\n", self.rows, self.cols);
        for i in 0..self.rows {
            let row: Vec<String> = (0..self.cols)
                .map(|j| match self.clue(i, j) {
                    Some(n) => n.to_string(),
                    None => ".".to_string(),
                })
                .collect();
            s.push_str(&row.join(" "));
            s.push('\n');
        }
        s
    }
}

/// Reads judge-format text: whitespace-separated tokens `r c` then `r*c`
/// clues, until `0 0` or the end of the text. For the tests' own inputs,
/// which are well formed: panics on anything else.
pub fn read_puzzles(text: &str) -> Vec<Grid> {
    let mut tokens = text.split_ascii_whitespace();
    let mut out = Vec::new();
    while let Some(r) = tokens.next() {
        let r: usize = r.parse().expect("row count");
        let c: usize = tokens
            .next()
            .expect("column count")
            .parse()
            .expect("column count");
        if r == 0 && c == 0 {
            break;
        }
        let clues = (0..r * c)
            .map(|_| match tokens.next().expect("a clue") {
                "0" => Some(0),
                "1" => Some(1),
                "2" => Some(2),
                "3" => Some(3),
                "." | "-" => None,
                t => panic!("bad clue {t:?}"),
            })
            .collect();
        out.push(Grid {
            rows: r,
            cols: c,
            clues,
        });
    }
    out
}

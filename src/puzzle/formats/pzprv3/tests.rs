//! The pzprv3 reader and writer against pzprjs's files.

use super::*;
use crate::puzzle::formats::{DataSet, Format, Reader};

/// pzprjs's own slither example, solved, as its test data gives it
/// (file version 0: clues, then the edges, `-1` for a cross).
const SOLVED: &str = "pzprv3/slither/5/5/2 . . 1 . /. 2 . . 1 /. . 2 . . /3 . . 3 . /. 0 . . 3 /\
    1 -1 0 -1 -1 1 /1 1 -1 1 -1 1 /1 1 1 0 0 1 /1 1 1 1 1 1 /-1 -1 -1 0 1 1 /\
    1 1 1 1 1 /-1 1 1 -1 -1 /0 -1 1 0 0 /0 0 0 1 0 /1 -1 1 -1 0 /-1 0 -1 0 1 /";

/// The error of a file that is not read, as `LINE:COL: message`.
fn err(text: &str) -> String {
    placed(&decode(text).unwrap_err())
}

fn placed(e: &ParseError) -> String {
    format!("{}:{}: {}", e.line, e.col, e.message)
}

#[test]
fn pzprjs_examples() {
    let (p, answer) = decode_with_answer(SOLVED).unwrap();
    assert_eq!(
        p,
        Puzzle::from_rows("2..1./.2..1/..2../3..3./.0..3").unwrap()
    );
    let answer = answer.unwrap();
    let mut solver = crate::Solver::default();
    let outcome = solver.solve(&p);
    assert_eq!(outcome.status(), crate::Status::Solved);
    assert_eq!(outcome.solution(), Some(&answer));
    // Version 1 with the answer's cell marks; no clues.
    let v1 = "pzprv3.1/slither/1/5/. . . . . /0 0 0 0 0 /0 1 0 0 0 0 /1 0 0 0 0 /0 1 0 0 0 /";
    let (p, answer) = decode_with_answer(v1).unwrap();
    assert_eq!(p.blanks(), 5);
    let answer = answer.unwrap();
    assert!(answer.v(0, 1) && answer.h(0, 0) && answer.h(1, 1));
    assert_eq!(answer.edges().filter(|&e| e).count(), 3);
    // No answer at all.
    assert_eq!(
        decode_with_answer("pzprv3\nslither\n1\n2\n1 - \n")
            .unwrap()
            .1,
        None
    );
    assert_eq!(
        format!("{:?}", decode("pzprv3\nslither\n1\n2\n1 - \n").unwrap()),
        "1 2\n1 .\n"
    );
}

#[test]
fn encodes_as_pzprjs_saves() {
    let p = Puzzle::from_rows("1../..3").unwrap();
    let file = encode(&p);
    assert_eq!(
        file,
        "pzprv3.1\nslither\n2\n3\n1 . . \n. . 3 \n0 0 0 \n0 0 0 \n\
         0 0 0 0 \n0 0 0 0 \n0 0 0 \n0 0 0 \n0 0 0 \n"
    );
    assert_eq!(
        decode_with_answer(&file).unwrap(),
        (p.clone(), Some(Solution::new(2, 3)))
    );
    let (p, answer) = decode_with_answer(SOLVED).unwrap();
    let answer = answer.unwrap();
    assert_eq!(
        decode_with_answer(&encode_solved(&p, &answer)).unwrap(),
        (p, Some(answer))
    );
}

#[test]
fn several_files() {
    let text = "# two files\n\npzprv3.1\nslither\n1\n2\n1 . \n0 0 \n\
                v:\npzprv3\nslither\n1\n1\n5 \n\
                pzprv3/slither/1/1/3 /\n";
    let entries: Vec<DataSet> = Reader::new(text.as_bytes(), Format::Pzprv3).collect();
    assert_eq!(entries.len(), 3);
    assert_eq!((entries[0].place.number, entries[0].place.line), (1, 3));
    assert_eq!(
        format!("{:?}", entries[0].puzzle.as_ref().unwrap()),
        "1 2\n1 .\n"
    );
    assert_eq!((entries[1].place.number, entries[1].place.line), (2, 9));
    assert_eq!(
        entries[1].puzzle.as_ref().unwrap_err().to_string(),
        "14:1: data set 2: clue 5 at row 1, column 1 is not 0-4"
    );
    assert_eq!((entries[2].place.number, entries[2].place.line), (3, 15));
    assert_eq!(
        format!("{:?}", entries[2].puzzle.as_ref().unwrap()),
        "1 1\n3\n"
    );
}

#[test]
fn malformed_files() {
    assert_eq!(
        err("pzprv3\nslither\n2\n3\n1 . . \n"),
        "6:1: pzprv3 file ends after 1 of 2 clue rows"
    );
    assert_eq!(
        err("pzprv3\nslither\n2\n3\n1 . . \n. 3 \n"),
        "6:4: pzprv3 clue row 2 ends after 2 of 3 cells"
    );
    assert_eq!(
        err("pzprv3\nslither\n2\n3\n1 . . \n. 3 . . \n"),
        "6:7: pzprv3 clue row 2 has more than 3 cells"
    );
    assert_eq!(
        err("pzprv3\nslither\n2\n3\n1 . . \n. x . \n"),
        "6:3: expected a clue (0-4, '.' or '-') in a pzprv3 row, found 'x'"
    );
    assert_eq!(
        err("pzprv3\nslither\n2\n3\n1 . . \n. 12 . \n"),
        "6:3: clue 12 at row 2, column 2 is not 0-4"
    );
    assert_eq!(
        err("pzprv3\nslither\n99999999999\n3\n"),
        "3:1: row count 99999999999 exceeds the limit 1024"
    );
    assert_eq!(
        err("pzprv3\nslither\n2 x\n3\n"),
        "3:2: expected the end of the line after the row count, found ' '"
    );
    assert_eq!(
        err("pzprv3\nslither\n2\n"),
        "4:1: pzprv3 file ends before the column count"
    );
    assert_eq!(
        err("pzprv3\nnurikabe\n2\n3\n"),
        "2:1: pzprv3 puzzle type 'nurikabe' is not slither"
    );
    assert_eq!(
        err("slither\n2\n3\n"),
        "1:1: expected a pzprv3 file's first line 'pzprv3', found 'slither'"
    );
    assert_eq!(
        err("pzprv3.1\nslither\n1\n1\nf\n. \n"),
        "5:1: pzprv3 flag 'f' asks for a loop through every vertex, a variant of slither that slink does not solve"
    );
    assert_eq!(
        placed(&decode_with_answer("pzprv3/slither/1/1/. /1 1 /0 /").unwrap_err()),
        "1:31: pzprv3 file ends before horizontal edge row 2"
    );
    assert_eq!(
        placed(&decode_with_answer("pzprv3/slither/1/1/. /1 x /0 /2 /").unwrap_err()),
        "1:25: expected an edge (1, 0 or -1) in a pzprv3 answer row, found 'x'"
    );
}

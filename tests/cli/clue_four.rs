//! A clue 4 (issue 30): read in every format that has one (puzz.link
//! URLs as `4`, `9`, `e`; Loopy IDs; pzprv3 files), refused by the judge
//! format as before, and answered as what it means: the loop is the
//! square around the 4 when that square meets every clue, else there is
//! no solution. Round trips keep the 4; `convert --to judge` refuses it;
//! `verify` judges outputs for such puzzles.

use crate::common::*;
use serde_json::Value;

/// The drawing of a 3x3 puzzle whose loop is the square around its
/// centre cell, which holds `centre` (other clues blank).
const CENTRE_SQUARE: &str = "\
#################
#               #
#               #
#               #
#     +---+     #
#     | 4 |     #
#     +---+     #
#               #
#               #
#               #
#################
";

/// The JSON records of `slink solve --format json` of `urls` (one per line).
fn records(urls: &str) -> Vec<Value> {
    let run = run_slink(&["solve", "--format", "json"], urls.as_bytes());
    run.stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .filter(|r: &Value| r.get("data_set").is_some())
        .collect()
}

#[test]
fn a_four_whose_square_meets_every_clue_is_solved_as_that_square() {
    // The centre 4 as `4`, as `9` (then a blank) and as `e` (then two),
    // alone or with clues its square meets; a Loopy ID and a pzprv3 file.
    for puzzle in [
        "https://puzz.link/p?slither/3/3/j4j",
        "https://puzz.link/p?slither/3/3/j9i",
        "slither/3/3/jeh",
        "https://puzz.link/p?slither/3/3/g1g141g1g",
        "https://puzz.link/p?slither/3/3/0g0g4g0g0",
        "3x3t0:d4d",
        "pzprv3\nslither\n3\n3\n. . . \n. 4 . \n. . . \n",
    ] {
        let run = run_slink(&["solve"], puzzle.as_bytes());
        assert_eq!(run.code, 0, "{puzzle}: {}", run.stderr);
        let drawing = run.stdout.strip_prefix("1\n").expect("data set 1");
        let lines: Vec<&str> = drawing.lines().collect();
        let want: Vec<&str> = CENTRE_SQUARE.lines().collect();
        // The clues besides the 4 differ; the loop and the 4 do not.
        assert_eq!(lines.len(), want.len(), "{puzzle}");
        for (k, (got, want)) in lines.iter().zip(&want).enumerate() {
            let loop_only = |s: &str| s.replace(['0', '1'], " ");
            assert_eq!(loop_only(got), *want, "{puzzle}: line {}", k + 1);
        }
    }
}

#[test]
fn a_four_whose_square_breaks_a_clue_or_a_second_four_has_no_solution() {
    let urls = [
        // A 0 beside the 4, a 3 away from it, a 1 left without a line.
        "https://puzz.link/p?slither/3/3/i04j",
        "https://puzz.link/p?slither/3/3/3i4j",
        "https://puzz.link/p?slither/3/3/j4i1",
        // Two 4s, apart and side by side.
        "https://puzz.link/p?slither/3/3/4m4",
        "https://puzz.link/p?slither/3/3/j44i",
        // The same in a Loopy ID.
        "3x3t0:d4c1",
    ];
    let got = records(&urls.join("\n"));
    assert_eq!(got.len(), urls.len());
    for (url, r) in urls.iter().zip(&got) {
        assert_eq!(r["status"], "none", "{url}: {r}");
    }
}

#[test]
fn puzzles_with_and_without_a_four_side_by_side_keep_their_own_verdicts() {
    // Many 3x3 puzzles in one run (the solver deduces runs of one shape
    // side by side): those with a 4 are answered alone, the others as
    // ever.
    let plain = "https://puzz.link/p?slither/3/3/cbc"; // no 4
    let lines: Vec<&str> = (0..40)
        .map(|k| match k % 4 {
            0 => "https://puzz.link/p?slither/3/3/j4j",
            1 => "https://puzz.link/p?slither/3/3/i04j",
            _ => plain,
        })
        .collect();
    let got = records(&lines.join("\n"));
    let alone = records(plain);
    assert_eq!(got.len(), 40);
    for (k, r) in got.iter().enumerate() {
        let want = match k % 4 {
            0 => "solved",
            1 => "none",
            _ => alone[0]["status"].as_str().unwrap(),
        };
        assert_eq!(r["status"], want, "data set {}: {r}", k + 1);
        if k % 4 == 0 {
            assert_eq!(r["loop"], got[0]["loop"]);
        }
    }
}

#[test]
fn a_four_goes_round_the_formats_and_the_judge_format_refuses_it() {
    let to = |format: &str, input: &str| {
        let run = run_slink(&["convert", "--to", format], input.as_bytes());
        assert_eq!(run.code, 0, "{format}: {}", run.stderr);
        run.stdout
    };
    // A 4 then a blank (`9`) and a 4 then two blanks (`e`), as puzz.link
    // writes them.
    let url = to("url", "slither/4/3/g4hbi9");
    let url = url.trim_end();
    assert_eq!(url, "https://puzz.link/p?slither/4/3/gebie");
    let loopy = to("loopy", url);
    let pzprv3 = to("pzprv3", &loopy);
    assert!(pzprv3.contains(" 4 "), "{pzprv3}");
    assert_eq!(to("url", &pzprv3).trim_end(), url);
    assert_eq!(to("url", &loopy).trim_end(), url);
    // The judge format has no 4: the data set is refused, in place, and
    // the others converted.
    let both = format!("3x3t0:i\n{url}\n");
    let run = run_slink(&["convert", "--to", "judge"], both.as_bytes());
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "3 3\n. . .\n. . .\n. . .\n0 0\n");
    assert_eq!(
        run.stderr,
        "slink convert: stdin:2:1: data set 2: clue 4 at row 1, column 2 cannot be written \
         in the judge format, whose clues are 0-3\n"
    );
    // And reads none, as before.
    let run = run_slink(&["solve", "-q"], b"1 1\n4\n0 0\n");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "slink solve: stdin:2:1: data set 1: expected a clue 0-3, found '4'\n"
    );
}

#[test]
fn verify_judges_outputs_for_puzzles_with_a_four() {
    let urls = "https://puzz.link/p?slither/3/3/j4j\nhttps://puzz.link/p?slither/3/3/i04j\n";
    let path = std::env::temp_dir().join(format!("slink-clue-four-{}.url", std::process::id()));
    std::fs::write(&path, urls).unwrap();
    let path = path.to_str().unwrap();
    // The solver's output: the square, and nothing for the puzzle
    // without a solution.
    let run = run_slink(&["solve", path], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, format!("1\n{CENTRE_SQUARE}"));
    let run = run_slink(
        &["verify", "--format", "json", path, "-"],
        run.stdout.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "{\"data_set\":1,\"verdict\":\"ok\"}\n{\"data_set\":2,\"verdict\":\"ok-no-solution\"}\n"
    );
    // A loop that is not the square is wrong: the 4 is not met.
    let wrong = "1\n#################\n#               #\n# +-----------+ #\n# |           | #\n\
                 # |           | #\n# |     4     | #\n# |           | #\n# |           | #\n\
                 # +-----------+ #\n#               #\n#################\n";
    let run = run_slink(&["verify", path, "-"], wrong.as_bytes());
    assert_eq!(run.code, 1, "{}", run.stdout);
    let first = run.stdout.lines().next().unwrap_or_default();
    assert!(
        first.contains("data set 1:") && first.contains("clue 4"),
        "{first}"
    );
}

#[test]
fn explain_says_why_a_puzzle_with_a_four_has_no_steps() {
    // The centre 4 of a 3x3: solved; with a 0 beside it: no solution.
    // Either way the solver answers without deduction, and `explain`
    // says so instead of a bare "0 steps".
    for (url, code, result) in [
        (
            "https://puzz.link/p?slither/3/3/j4j",
            0,
            "result: one solution; 0 steps",
        ),
        (
            "https://puzz.link/p?slither/3/3/i04j",
            1,
            "result: no solution",
        ),
    ] {
        let why = "no steps: the clue 4 at cell (2, 2) answers the puzzle without deduction";
        let text = run_slink(&["explain"], url.as_bytes());
        assert_eq!(text.code, code, "{url}: {}", text.stderr);
        assert!(text.stdout.contains(why), "{url}:\n{}", text.stdout);
        assert!(text.stdout.contains(result), "{url}:\n{}", text.stdout);
        let json = run_slink(&["explain", "--format", "json"], url.as_bytes());
        let doc: Value = serde_json::from_str(&json.stdout).unwrap();
        assert!(
            doc["note"].as_str().is_some_and(|n| n.starts_with(why)),
            "{url}: {doc}"
        );
    }
    // A puzzle without a 4 has no such note.
    let json = run_slink(&["explain", "--format", "json"], b"2 2\n2 2\n2 2\n0 0\n");
    let doc: Value = serde_json::from_str(&json.stdout).unwrap();
    assert!(doc.get("note").is_none(), "{doc}");
}

//! Tests of the clue masks: loads of one puzzle and of packs, against a
//! reading cell by cell.

use super::*;

/// A load that stops half way (a panic the caller catches) leaves every
/// mask by value `rows` rows long: `Clues::at` reads them unchecked.
#[test]
fn a_load_stopped_half_way_keeps_the_rows_it_promises() {
    use crate::puzzle::Clue;
    let one_row = Puzzle::new(1, 5, &[Clue::Number(3); 5]).unwrap();
    let two_rows = Puzzle::new(2, 5, &[Clue::Number(3); 10]).unwrap();
    let mut clues = Clues::<1>::default();
    clues.load(&one_row);
    let five = Puzzle::new(5, 1, &[Clue::Number(3); 5]).unwrap();
    let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        clues.load_packed(&[&five, &two_rows])
    }));
    assert!(stopped.is_err(), "puzzles of two shapes in one pack");
    assert_eq!(clues.by_value.len(), clues.rows, "rows of masks");
    for n in 0..4 {
        for i in 0..clues.rows {
            // Reads within the rows it promises, whatever they hold.
            let _ = clues.at(n, i, 0, 0);
        }
    }
}

#[test]
fn clue_byte_planes_match_a_byte_by_byte_reading() {
    let values = [0, 1, 2, 3, BLANK];
    // Every sequence of up to 8 bytes over a few patterns, and every
    // length from 0 to 8.
    for seed in 0u64..2000 {
        let len = (seed % 9) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|j| values[((seed / 9) >> (2 * j) & 7) as usize % 5])
            .collect();
        let planes = clue_byte_planes(clue_word(&bytes, 0));
        let of = |keep: &dyn Fn(u8) -> bool| {
            bytes
                .iter()
                .enumerate()
                .filter(|&(_, &c)| keep(c))
                .fold(0u64, |m, (j, _)| m | 1 << j)
        };
        let want = [
            of(&|c| c != BLANK && c & 1 == 1),
            of(&|c| c != BLANK && c & 2 == 2),
            of(&|c| c != BLANK),
        ];
        assert_eq!(planes, want, "bytes {bytes:?}");
    }
}

/// What [`Clues`] should hold for `puzzles` side by side (puzzle `k`
/// from bit `k * (cols + 1)`), made cell by cell: the masks by value and
/// the clues as bits of each row.
fn clues_cell_by_cell<const W: usize>(puzzles: &[&Puzzle]) -> Vec<([Row<W>; 4], ClueBits<W>)> {
    let (rows, cols) = (puzzles[0].rows(), puzzles[0].cols());
    (0..rows)
        .map(|i| {
            let mut eq = [Row::EMPTY; 4];
            let mut bits = ClueBits {
                low: Row::EMPTY,
                high: Row::EMPTY,
                any: Row::EMPTY,
            };
            for (k, p) in puzzles.iter().enumerate() {
                for j in 0..cols {
                    let b = k * (cols + 1) + j;
                    if let crate::puzzle::Clue::Number(n) = p.clue(i, j) {
                        eq[n as usize].set(b);
                        bits.any.set(b);
                        if n & 1 == 1 {
                            bits.low.set(b);
                        }
                        if n & 2 == 2 {
                            bits.high.set(b);
                        }
                    }
                }
            }
            (eq, bits)
        })
        .collect()
}

/// A random `rows x cols` puzzle whose clues are drawn with weights
/// `weights` for 0, 1, 2, 3 and blank.
fn weighted_puzzle(
    rows: usize,
    cols: usize,
    weights: [u64; 5],
    next: &mut dyn FnMut() -> u64,
) -> Puzzle {
    use crate::puzzle::Clue;
    let total: u64 = weights.iter().sum();
    let clues: Vec<Clue> = (0..rows * cols)
        .map(|_| {
            let mut r = next() % total;
            let v = weights.iter().position(|&w| {
                r < w || {
                    r -= w;
                    false
                }
            });
            match v.expect("a weight") {
                4 => Clue::Blank,
                n => Clue::Number(n as u8),
            }
        })
        .collect();
    Puzzle::new(rows, cols, &clues).expect("a puzzle")
}

/// Loads `puzzles` both packed and (when one) alone, and compares every
/// row with the cell by cell reading; returns whether the domino loop
/// fits.
fn check_load<const W: usize>(clues: &mut Clues<W>, puzzles: &[&Puzzle]) -> bool {
    let want = clues_cell_by_cell::<W>(puzzles);
    let fits = puzzles.iter().any(|p| domino_loop_fits(p));
    for alone in [false, true] {
        match (alone, puzzles) {
            (false, _) => clues.load_packed(puzzles),
            (true, &[p]) => clues.load(p),
            (true, _) => continue,
        }
        let shape = (puzzles.len(), puzzles[0].rows(), puzzles[0].cols());
        assert_eq!(clues.domino_loop_fits, fits, "{shape:?} {:?}", puzzles[0]);
        for (i, (eq, bits)) in want.iter().enumerate() {
            assert_eq!(clues.sliced(i), *bits, "{shape:?} row {i} {:?}", puzzles[0]);
            for (n, eq) in eq.iter().enumerate() {
                assert_eq!(clues.cells_with(n, i), *eq, "{shape:?} row {i} clue {n}");
                assert_eq!(clues.at(n, i, 0, 0), *eq);
            }
        }
        for n in 0..4 {
            assert_eq!(clues.at(n, want.len() - 1, 1, 0), Row::EMPTY);
        }
    }
    fits
}

#[test]
fn clues_load_as_read_cell_by_cell() {
    let mut seed = 0xc1de_u64;
    let mut next = || crate::util::rng::splitmix64(&mut seed);
    let weights = [
        [1, 1, 1, 1, 1],
        [1, 0, 0, 0, 0],
        [0, 0, 0, 0, 1],
        [0, 1, 2, 3, 0],
        // 0s and blanks, and two 3s planted below: the domino loop
        // may fit.
        [1, 0, 0, 0, 8],
    ];
    let (mut c1, mut c2) = (Clues::<1>::default(), Clues::<2>::default());
    let mut fits = 0;
    for cols in 1..=70 {
        for rows in [1, 2, 3, 5, 8] {
            for (t, &w) in weights.iter().enumerate() {
                let mut p = weighted_puzzle(rows, cols, w, &mut next);
                if t == 4 && rows * cols > 1 {
                    let (i, j) = (next() as usize % rows, next() as usize % cols);
                    let (i2, j2) = if j + 1 < cols {
                        (i, j + 1)
                    } else {
                        ((i + 1) % rows, j)
                    };
                    p.set_clue(i, j, crate::puzzle::Clue::Number(3));
                    p.set_clue(i2, j2, crate::puzzle::Clue::Number(3));
                }
                let alone = check_load(&mut c2, &[&p]);
                fits += usize::from(alone);
                if cols < 64 {
                    assert_eq!(check_load(&mut c1, &[&p]), alone);
                }
                // Packs of two and three, of this puzzle and others.
                let q = weighted_puzzle(rows, cols, weights[(t + 1) % 5], &mut next);
                let r = weighted_puzzle(rows, cols, weights[(t + 3) % 5], &mut next);
                for pack in [
                    &[&p, &q][..],
                    &[&q, &p],
                    &[&p, &p],
                    &[&q, &p, &r],
                    &[&r, &r, &q],
                ] {
                    if pack.len() * (cols + 1) <= 64 {
                        check_load(&mut c1, pack);
                    }
                    if pack.len() * (cols + 1) <= 128 {
                        check_load(&mut c2, pack);
                    }
                }
            }
        }
    }
    assert!(fits > 20, "{fits} puzzles where the domino loop fits");
    // The two 3s of a domino and the six 1s around: the loop around
    // fits, whatever the 0s; a ninth clue other than 0 rules it out.
    for (rows, fits) in [
        ("0110/1331/0110", true),
        ("0110/1331/0110/0000/0000", true),
        ("0110/1331/0110/0001/0000", false),
        ("0110/1331/0110/0000/000.", true),
    ] {
        let domino = Puzzle::from_rows(rows).expect("a puzzle");
        assert_eq!(check_load(&mut c1, &[&domino]), fits, "{rows}");
        assert_eq!(check_load(&mut c1, &[&domino, &domino]), fits, "{rows}");
    }
}

#[test]
fn clue_words_past_the_end_read_as_blanks() {
    let bytes: Vec<u8> = (0..20).map(|k| [0, 1, 2, 3, BLANK][k % 5]).collect();
    for at in 0..=bytes.len() {
        let mut want = [BLANK; 8];
        for (w, &b) in want.iter_mut().zip(&bytes[at..]) {
            *w = b;
        }
        assert_eq!(clue_word(&bytes, at), u64::from_le_bytes(want), "at {at}");
    }
}

#[test]
fn planes_of_64_bytes_match_those_of_each_8() {
    use crate::util::rng::Rng;
    let mut rng = Rng::new(5);
    let values = [0, 1, 2, 3, BLANK];
    for trial in 0..500 {
        // Some chunks without a blank, some with a few, some with many.
        let kinds = [4, 5, 5][trial % 3];
        let chunk: [u8; 64] = std::array::from_fn(|_| values[rng.index(kinds)]);
        let mut want = [0u64; 3];
        for (t, eight) in chunk.chunks_exact(8).enumerate() {
            for (w, p) in want.iter_mut().zip(clue_byte_planes(clue_word(eight, 0))) {
                *w |= p << (8 * t);
            }
        }
        assert_eq!(planes64(&chunk), want, "{chunk:?}");
    }
}

/// Puzzles of a pack replaced by others ([`Clues::replace`]): the masks
/// are those of a load of the pack as it is now.
#[test]
fn clues_replaced_in_a_pack_are_those_of_a_fresh_load() {
    let mut seed = 0x2e91_u64;
    let mut next = || crate::util::rng::splitmix64(&mut seed);
    let mut clues = Clues::<4>::default();
    for (rows, cols) in [(1, 1), (3, 7), (5, 20), (4, 62)] {
        let lanes = 256 / (cols + 1);
        let mut pack: Vec<Puzzle> = (0..lanes)
            .map(|_| weighted_puzzle(rows, cols, [1, 1, 1, 1, 1], &mut next))
            .collect();
        clues.load_packed(&pack.iter().collect::<Vec<_>>());
        for _ in 0..5 {
            // Some lanes take new puzzles.
            let taken: Vec<usize> = (0..lanes).filter(|_| next() % 3 == 0).collect();
            let mut bits = Row::<4>::EMPTY;
            for &k in &taken {
                pack[k] = weighted_puzzle(rows, cols, [1, 1, 1, 1, 0], &mut next);
                bits.or_at(k * (cols + 1), u64::MAX >> (63 - cols));
            }
            clues.replace(bits, taken.iter().map(|&k| (k * (cols + 1), &pack[k])));
            let want = clues_cell_by_cell::<4>(&pack.iter().collect::<Vec<_>>());
            for (i, (eq, bits)) in want.iter().enumerate() {
                assert_eq!(clues.sliced(i), *bits, "{rows}x{cols} row {i}");
                for (n, eq) in eq.iter().enumerate() {
                    assert_eq!(
                        clues.cells_with(n, i),
                        *eq,
                        "{rows}x{cols} row {i} clue {n}"
                    );
                }
            }
        }
    }
}

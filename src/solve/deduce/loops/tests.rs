//! Tests of loop reasoning: walks, incremental reasoning and index updates
//! against full walks and a walk edge by edge.

use super::*;
use crate::puzzle::{Clue, Puzzle};
use crate::util::rng::splitmix64;

/// A random set of lines on a `rows x cols` board with no vertex of
/// three or more lines (it may hold loops).
fn random_lines(rows: usize, cols: usize, n: usize, seed: &mut u64) -> Vec<EdgeId> {
    let mut degree = vec![0u8; (rows + 1) * (cols + 1)];
    let mut lines = Vec::new();
    for _ in 0..n {
        let r = splitmix64(seed);
        let (p, i, j, a, b) = if r & 1 == 0 {
            let (i, j) = ((r >> 8) as usize % (rows + 1), (r >> 32) as usize % cols);
            (Plane::H, i, j, (i, j), (i, j + 1))
        } else {
            let (i, j) = ((r >> 8) as usize % rows, (r >> 32) as usize % (cols + 1));
            (Plane::V, i, j, (i, j), (i + 1, j))
        };
        let (ka, kb) = (a.0 * (cols + 1) + a.1, b.0 * (cols + 1) + b.1);
        if degree[ka] < 2 && degree[kb] < 2 && !lines.contains(&EdgeId::new(p, i, j)) {
            degree[ka] += 1;
            degree[kb] += 1;
            lines.push(EdgeId::new(p, i, j));
        }
    }
    lines
}

/// The lines of a random rectangle's outline: one loop.
fn rectangle(rows: usize, cols: usize, seed: &mut u64) -> Vec<EdgeId> {
    let r = splitmix64(seed) as usize;
    let (i0, j0) = (r % rows, (r >> 16) % cols);
    let (i1, j1) = (
        i0 + 1 + (r >> 32) % (rows - i0),
        j0 + 1 + (r >> 48) % (cols - j0),
    );
    let mut lines = Vec::new();
    for j in j0..j1 {
        lines.extend([EdgeId::new(Plane::H, i0, j), EdgeId::new(Plane::H, i1, j)]);
    }
    for i in i0..i1 {
        lines.extend([EdgeId::new(Plane::V, i, j0), EdgeId::new(Plane::V, i, j1)]);
    }
    lines
}

#[test]
fn incremental_reasoning_matches_a_full_walk() {
    compare_incremental::<1>(3000, 2, 7);
}

#[test]
fn incremental_reasoning_matches_a_full_walk_on_wide_boards() {
    // 58 to 68 columns: rows of two words, paths across the word seam.
    compare_incremental::<2>(1500, 58, 8);
}

/// Case `case` of a comparison: a board of `2..9` rows and
/// `min_cols..min_cols + 11` columns without clues, and lines on it
/// (every fourth case a rectangle, else random paths).
fn random_case<const W: usize>(
    case: usize,
    min_cols: usize,
    seed: &mut u64,
) -> (Frame<W>, Clues<W>, Vec<EdgeId>) {
    let (rows, cols) = (2 + case % 7, min_cols + case % 11);
    let p = Puzzle::new(rows, cols, &vec![Clue::Blank; rows * cols]).unwrap();
    let mut clues = Clues::<W>::default();
    clues.load(&p);
    let n = splitmix64(seed) as usize % (2 * rows * cols);
    let lines = if case % 4 == 0 {
        rectangle(rows, cols, seed)
    } else {
        random_lines(rows, cols, n, seed)
    };
    (Frame::new(rows, cols), clues, lines)
}

/// Which kind of outcome loop reasoning had: 0 nothing, 1 crossed, 2
/// closed, 3 a contradiction.
fn outcome(step: &Result<LoopStep, Contradiction>) -> usize {
    match step {
        Ok(LoopStep::Nothing) => 0,
        Ok(LoopStep::Crossed(_)) => 1,
        Ok(LoopStep::Closed) => 2,
        Err(_) => 3,
    }
}

/// Checks [`Walker::apply_incremental`] against [`Walker::apply`] on
/// `cases` random boards of `2..9` rows and `min_cols..min_cols + 11`
/// columns, `W` words wide.
fn compare_incremental<const W: usize>(cases: usize, min_cols: usize, mut seed: u64) {
    let mut compared = [0usize; 4];
    for case in 0..cases {
        let (frame, clues, lines) = random_case::<W>(case, min_cols, &mut seed);
        let rows = frame.rows;
        // The base: a random part of the lines, at a fixpoint of loop reasoning.
        let mut base = Board::<W>::default();
        base.reset(rows);
        for &EdgeId {
            plane: pl,
            row: i,
            col: j,
        } in &lines
        {
            if splitmix64(&mut seed) % 3 != 0 {
                base.add_lines(pl, i, Row::single(j));
            }
        }
        let mut w = Walker::<W>::default();
        let step = loop {
            match w.apply_indexed(&frame, &clues, &mut base) {
                Ok(LoopStep::Crossed(_)) => continue,
                other => break other,
            }
        };
        if step != Ok(LoopStep::Nothing) {
            continue;
        }
        // The probe: the base and the other lines it has not crossed.
        let mut probe = base.clone();
        for &EdgeId {
            plane: pl,
            row: i,
            col: j,
        } in &lines
        {
            if !base.crosses(pl, i).has(j) {
                probe.add_lines(pl, i, Row::single(j));
            }
        }
        let (mut full, mut inc) = (probe.clone(), probe.clone());
        let want = Walker::<W>::default().apply(&frame, &clues, &mut full);
        let got = w.apply_incremental(&frame, &clues, &mut inc);
        assert_eq!(got, want, "case {case}");
        if want.is_ok() {
            // (On a contradiction the board is thrown away.)
            assert_eq!(inc, full, "case {case}");
        }
        compared[outcome(&want)] += 1;
    }
    // Every kind of outcome was met.
    assert!(compared.iter().all(|&k| k > 10), "{compared:?}");
}
/// The paths an index records: per vertex ending a path, the other end
/// and the length; and whether it is valid, with how many lines.
fn recorded<const W: usize>(w: &Walker<W>) -> (bool, u32, Vec<Option<(u32, u32)>>) {
    let x = &w.index;
    let ends = (0..x.stamp.len())
        .map(|k| (x.stamp[k] == x.gen).then(|| (x.partner[k], x.length[k])))
        .collect();
    (x.valid, x.total, ends)
}

/// Checks [`Walker::apply_indexed`] on boards that extend the indexed
/// one (it then walks only the new lines' paths) against a full walk:
/// the same result, board and index, and probes of the next board
/// reason the same from either index.
fn compare_index_updates<const W: usize>(cases: usize, min_cols: usize, mut seed: u64) {
    let mut updated = [0usize; 4];
    // Bases whose walk crossed edges (their index is kept all the same).
    let mut crossing_bases = 0;
    for case in 0..cases {
        let (frame, clues, lines) = random_case::<W>(case, min_cols, &mut seed);
        let rows = frame.rows;
        // Three boards, each extending the one before by more lines
        // (for some rectangles, the second has every line: it closes).
        let stages = if case % 8 == 0 { 2 } else { 3 };
        let stage: Vec<u64> = lines
            .iter()
            .map(|_| splitmix64(&mut seed) % stages)
            .collect();
        let board = |upto: u64, from: &Board<W>| {
            let mut e = from.clone();
            for (
                &EdgeId {
                    plane: pl,
                    row: i,
                    col: j,
                },
                &k,
            ) in lines.iter().zip(&stage)
            {
                if k <= upto && !e.crosses(pl, i).has(j) {
                    e.add_lines(pl, i, Row::single(j));
                }
            }
            e
        };
        let mut empty = Board::<W>::default();
        empty.reset(rows);
        let mut base = board(0, &empty);
        let mut w = Walker::<W>::default();
        let step = w.apply_indexed(&frame, &clues, &mut base);
        if !matches!(step, Ok(LoopStep::Nothing | LoopStep::Crossed(_))) || !w.index.valid {
            continue;
        }
        crossing_bases += usize::from(step != Ok(LoopStep::Nothing));
        // The node board grows: the walker updates its index.
        let mut node = board(1, &base);
        let mut fresh = Walker::<W>::default();
        let mut full = node.clone();
        assert!(w.index.extended_by(&frame, &node), "case {case}");
        let got = w.apply_indexed(&frame, &clues, &mut node);
        let want = fresh.apply_indexed(&frame, &clues, &mut full);
        assert_eq!(got, want, "case {case}");
        updated[outcome(&want)] += 1;
        if want.is_err() {
            continue;
        }
        assert_eq!(node, full, "case {case}");
        assert_eq!(w.index.valid, fresh.index.valid, "case {case}");
        if !fresh.index.valid {
            continue;
        }
        assert_eq!(recorded(&w), recorded(&fresh), "case {case}");
        // A probe of the grown board, reasoned from either index.
        let probe = board(2, &node);
        let (mut a, mut b, mut c) = (probe.clone(), probe.clone(), probe.clone());
        let from_updated = w.apply_incremental(&frame, &clues, &mut a);
        let from_full = fresh.apply_incremental(&frame, &clues, &mut b);
        // And from no index at all: a whole walk of the probe's board.
        let walked = Walker::<W>::default().apply(&frame, &clues, &mut c);
        assert_eq!(from_updated, from_full, "case {case}");
        assert_eq!(from_updated, walked, "case {case}");
        if from_full.is_ok() {
            assert_eq!(a, b, "case {case}");
            assert_eq!(a, c, "case {case}");
        }
    }
    // Every kind of outcome was met, and bases that crossed edges.
    assert!(updated.iter().all(|&k| k > 10), "{updated:?}");
    assert!(crossing_bases > 10, "{crossing_bases} bases crossed edges");
}

#[test]
fn an_index_updated_to_a_closed_loop_is_no_base() {
    let p = Puzzle::new(3, 3, &[Clue::Blank; 9]).unwrap();
    let frame = Frame::<1>::new(3, 3);
    let mut clues = Clues::<1>::default();
    clues.load(&p);
    // The loop around the top left 2x1 cells: its top and bottom lines
    // in the base, its two sides open, every other edge crossed.
    let (top_bottom, sides) = (Row([0b11]), Row([0b101]));
    let mut base = Board::<1>::default();
    base.reset(3);
    for pl in [Plane::H, Plane::V] {
        for r in 0..frame.plane_rows(pl) {
            let keep = match (pl, r) {
                (Plane::H, 0 | 1) => top_bottom,
                (Plane::V, 0) => sides,
                _ => Row::EMPTY,
            };
            base.add_crosses(pl, r, frame.plane_bits(pl) & !keep);
        }
    }
    base.add_lines(Plane::H, 0, top_bottom);
    base.add_lines(Plane::H, 1, top_bottom);
    let mut w = Walker::<1>::default();
    let step = w.apply_indexed(&frame, &clues, &mut base);
    assert_eq!(step, Ok(LoopStep::Nothing));
    assert!(w.index.valid);
    // The node closes the loop, with nothing left to cross: as after a
    // full walk, its index is no base for probes.
    let mut node = base.clone();
    node.add_lines(Plane::V, 0, sides);
    let (mut full, mut fresh) = (node.clone(), Walker::<1>::default());
    let step = w.apply_indexed(&frame, &clues, &mut node);
    assert_eq!(step, Ok(LoopStep::Nothing));
    let step = fresh.apply_indexed(&frame, &clues, &mut full);
    assert_eq!(step, Ok(LoopStep::Nothing));
    assert!(!fresh.index.valid);
    assert!(!w.index.valid);
}

#[test]
fn updated_indexes_match_a_full_walk() {
    compare_index_updates::<1>(3000, 2, 13);
    compare_index_updates::<2>(1000, 58, 14);
}

/// The walk as it was first written, one edge at a time: from `v`, the
/// first line edge not `seen` (`H` and `V` rows) to the left, right, up
/// or down, until there is none.
fn reference_walk<const W: usize>(
    edges: &Board<W>,
    frame: &Frame<W>,
    seen: &mut [Vec<Row<W>>; 2],
    mut v: Vertex,
) -> (Vertex, u32) {
    let mut n = 0;
    'outer: loop {
        let (i, j) = v;
        for d in 0..4 {
            let (p, ei, ej, to) = match d {
                0 if j > 0 => (Plane::H, i, j - 1, (i, j - 1)),
                1 if j < frame.cols => (Plane::H, i, j, (i, j + 1)),
                2 if i > 0 => (Plane::V, i - 1, j, (i - 1, j)),
                3 if i < frame.rows => (Plane::V, i, j, (i + 1, j)),
                _ => continue,
            };
            let seen = &mut seen[(p == Plane::V) as usize][ei];
            if edges.lines(p, ei).has(ej) && !seen.has(ej) {
                seen.set(ej);
                v = to;
                n += 1;
                continue 'outer;
            }
        }
        return (v, n);
    }
}

/// Walks from every vertex in turn (edges walked stay walked) with
/// [`Walker::walk`] and with [`reference_walk`], on random lines that
/// may meet three or four at a vertex.
fn compare_walks<const W: usize>(cases: usize, min_cols: usize, mut seed: u64) {
    for case in 0..cases {
        let (rows, cols) = (1 + case % 9, min_cols + case % 13);
        let frame = Frame::<W>::new(rows, cols);
        let mut edges = Board::<W>::default();
        edges.reset(rows);
        // Dense enough for long runs, sparse enough for many ends.
        let density = 2 + splitmix64(&mut seed) % 7;
        for p in [Plane::H, Plane::V] {
            for r in 0..frame.plane_rows(p) {
                for c in frame.plane_bits(p).ones() {
                    if splitmix64(&mut seed) % 10 < density {
                        edges.add_lines(p, r, Row::single(c));
                    }
                }
            }
        }
        let mut w = Walker::<W>::default();
        let rest = (&mut w.rest_h, &mut w.rest_v);
        Walker::fill_rest(rest, &edges);
        let mut seen = [vec![Row::EMPTY; rows + 1], vec![Row::EMPTY; rows]];
        for i in 0..=rows {
            for j in 0..=cols {
                let want = reference_walk(&edges, &frame, &mut seen, (i, j));
                let got = w.walk(&frame, (i, j), false);
                assert_eq!(got, want, "case {case}, from {:?}", (i, j));
            }
        }
        for (r, seen) in seen[0].iter().enumerate() {
            assert_eq!(w.rest_h[r], edges.lines(Plane::H, r) & !*seen);
        }
        for (r, seen) in seen[1].iter().enumerate() {
            assert_eq!(w.rest_v[r + 1], edges.lines(Plane::V, r) & !*seen);
        }
    }
}

#[test]
fn walks_match_a_walk_edge_by_edge() {
    compare_walks::<1>(2000, 1, 9);
    compare_walks::<1>(200, 51, 10);
}

#[test]
fn walks_match_a_walk_edge_by_edge_on_wide_boards() {
    // 58 to 70 columns in two words, and 120 to 132 in three of four.
    compare_walks::<2>(300, 58, 11);
    compare_walks::<4>(100, 120, 12);
}

#[test]
fn runs_of_bits_across_words() {
    let mut r = Row::<4>::EMPTY;
    for j in 60..200 {
        r.set(j);
    }
    assert_eq!(ones_from(r, 60), 140);
    assert_eq!(ones_from(r, 130), 70);
    assert_eq!(ones_from(r, 200), 0);
    assert_eq!(ones_below(r, 200), 140);
    assert_eq!(ones_below(r, 64), 4);
    assert_eq!(ones_below(r, 60), 0);
    let cut = without(r, 63, 129);
    assert_eq!(ones_from(cut, 60), 3);
    assert_eq!(ones_from(cut, 129), 71);
    assert_eq!(cut.count(), 140 - 66);
    let full = Row::<2>::FULL;
    assert_eq!(ones_from(full, 0), 128);
    assert_eq!(ones_below(full, 128), 128);
    assert_eq!(without(full, 0, 128), Row::EMPTY);
}

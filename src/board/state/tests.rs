//! Tests of the board: writes, reads across the grid's edge, the conflict
//! flag and the open rows.

use super::*;
use crate::board::Angle;

/// `set_edge` (one write of lines and crosses) leaves the board, its
/// conflict flag and its changed rows as `set_lines` then
/// `set_crosses` do, and says the same about news: on plain and
/// packed frames, rows and columns off the grid, known edges. Both
/// are also checked edge by edge against what the news says.
#[test]
fn set_edge_is_set_lines_then_set_crosses() {
    use crate::util::rng::Rng;
    let mut rng = Rng::new(7);
    let sparse =
        |rng: &mut Rng| Row::<2>([0; 2].map(|_| rng.next_u64() & rng.next_u64() & rng.next_u64()));
    for case in 0..20_000 {
        let rows = 1 + rng.index(5);
        let frame = match case % 3 {
            0 => Frame::<2>::new(rows, 1 + rng.index(127)),
            1 => {
                let cols = 1 + rng.index(20);
                Frame::<2>::packed(rows, cols, 1 + rng.index(128 / (cols + 1)))
            }
            _ => Frame::<2>::new(rows, 64),
        };
        let mut a = Board::<2>::default();
        a.reset(rows);
        for p in [Plane::H, Plane::V] {
            for r in 0..p.rows(rows) {
                let lines = sparse(&mut rng) & frame.plane_bits(p);
                let crosses = sparse(&mut rng) & frame.plane_bits(p) & !lines;
                a.add_lines(p, r, lines);
                a.add_crosses(p, r, crosses);
            }
        }
        a.take_changed(0, &mut DueRows::default());
        let (mut b, before) = (a.clone(), a.clone());
        let plane = [Plane::H, Plane::V][rng.index(2)];
        let (dr, dc) = (rng.index(5) as i32 - 2, rng.index(3) as i32 - 1);
        let at = At { plane, dr, dc };
        let i = rng.index(rows + 1);
        let news = Edge {
            line: sparse(&mut rng),
            cross: sparse(&mut rng),
        };
        let new_a = a.set_edge(&frame, i, at, news);
        let new_b =
            b.set_lines(&frame, i, at, news.line) | b.set_crosses(&frame, i, at, news.cross);
        assert_eq!(new_a, new_b, "case {case}");
        assert_eq!(a, b, "case {case}");
        assert_eq!(a.conflict, b.conflict, "case {case}");
        assert_eq!(a.conflict, a.scan_conflict(), "case {case}");
        // Edge by edge: the news lands on row `i + dr`, column
        // `j + dc` of its plane, where that is an edge of the board.
        let target = (i as i64 + dr as i64).clamp(-1, rows as i64 + 1);
        let mut changed = false;
        for p in [Plane::H, Plane::V] {
            for r in 0..p.rows(rows) {
                for c in 0..Row::<2>::BITS {
                    let from = c as i64 - dc as i64;
                    let hit = p == plane
                        && r as i64 == target
                        && (0..Row::<2>::BITS as i64).contains(&from)
                        && frame.plane_bits(p).has(c);
                    let told = |m: Row<2>| hit && m.has(from as usize);
                    let line = before.lines(p, r).has(c) || told(news.line);
                    let cross = before.crosses(p, r).has(c) || told(news.cross);
                    assert_eq!(a.lines(p, r).has(c), line, "case {case} {p:?} {r} {c}");
                    assert_eq!(a.crosses(p, r).has(c), cross, "case {case} {p:?} {r} {c}");
                    changed |= line != before.lines(p, r).has(c);
                    changed |= cross != before.crosses(p, r).has(c);
                }
            }
        }
        assert_eq!(new_a, changed, "case {case}");
        let (mut due_a, mut due_b) = (DueRows::default(), DueRows::default());
        a.take_changed(0, &mut due_a);
        b.take_changed(0, &mut due_b);
        assert!(due_a.edges.iter().eq(due_b.edges.iter()), "case {case}");
        let due: Vec<usize> = due_a.edges.iter().collect();
        let marked = if changed {
            vec![target as usize]
        } else {
            vec![]
        };
        assert_eq!(due, marked, "case {case}");
    }
}

#[test]
fn the_conflict_flag_matches_a_scan_of_every_row() {
    let mut seed = 0x5eed_u64;
    let mut next = || crate::util::rng::splitmix64(&mut seed);
    let mut conflicts = 0;
    for trial in 0..400 {
        let rows = 1 + trial % 5;
        let mut e = Board::<1>::default();
        e.reset(rows);
        let mut other = Board::<1>::default();
        other.reset(rows);
        for _ in 0..(trial % 13) {
            let pick = next();
            // Sparse random bits, so that conflicts are neither rare nor
            // certain.
            let m = Row([next() & next() & next() & 0x3f]);
            let p = if pick & 1 == 0 { Plane::H } else { Plane::V };
            let i = (pick >> 8) as usize % (rows + usize::from(p == Plane::H));
            match pick >> 1 & 7 {
                0 | 1 => drop(e.add_lines(p, i, m)),
                2 | 3 => drop(e.add_crosses(p, i, m)),
                4 => drop(e.add_color(i % rows, pick >> 4 & 1 == 0, m)),
                5 => drop(other.add_lines(p, i, m) | other.add_crosses(p, i, m)),
                6 => drop(e.adopt_common(&other, &other.clone())),
                _ => e.copy_from(&other),
            }
            assert_eq!(e.has_conflict(), e.scan_conflict(), "trial {trial}");
        }
        conflicts += usize::from(e.has_conflict());
    }
    assert!(conflicts > 20 && conflicts < 380, "{conflicts} conflicts");
}

/// Writes through `set_edge` take a plane row out of the open rows
/// exactly when they decide its last edge of both planes: on a board
/// written only that way from a reset, the open rows are the rows with
/// an undecided edge, all the way to none; a copy keeps them.
#[test]
fn open_rows_are_the_rows_with_an_undecided_edge() {
    use crate::util::rng::Rng;
    let mut rng = Rng::new(11);
    for case in 0..300 {
        let rows = 1 + rng.index(70);
        let frame = match case % 2 {
            0 => Frame::<2>::new(rows, 1 + rng.index(127)),
            _ => {
                let cols = 1 + rng.index(20);
                Frame::<2>::packed(rows, cols, 1 + rng.index(128 / (cols + 1)))
            }
        };
        let mut e = Board::<2>::default();
        e.reset(rows);
        let undecided = |e: &Board<2>| -> Vec<usize> {
            (0..=rows)
                .filter(|&r| {
                    [Plane::H, Plane::V]
                        .into_iter()
                        .any(|p| r < p.rows(rows) && e.undecided(&frame, p, r).any())
                })
                .collect()
        };
        let mut copy = Board::<2>::default();
        while !e.is_complete(&frame) {
            let plane = [Plane::H, Plane::V][rng.index(2)];
            let at = At {
                plane,
                dr: rng.index(3) as i32 - 1,
                dc: rng.index(3) as i32 - 1,
            };
            let line = Row::<2>([0; 2].map(|_| rng.next_u64() & rng.next_u64()));
            let cross = Row::<2>([0; 2].map(|_| rng.next_u64() & rng.next_u64()));
            e.set_edge(&frame, rng.index(rows + 1), at, Edge { line, cross });
            assert_eq!(
                e.open_rows().iter().collect::<Vec<_>>(),
                undecided(&e),
                "case {case}"
            );
            if rng.index(8) == 0 {
                copy.copy_from(&e);
                assert_eq!(copy.open_rows(), e.open_rows(), "case {case}");
            }
        }
        assert!(
            !e.open_rows().any(),
            "case {case}: a complete board with open rows"
        );
    }
}

#[test]
fn off_grid_edges_read_as_crossed() {
    let f = Frame::<1>::new(2, 3);
    let mut e = Board::<1>::default();
    e.reset(2);
    // The left exit H(0, -1) of the cells of row 0: bit 0 is off the grid.
    let left = e.read(&f, 0, At::h(0, -1));
    assert!(left.cross.has(0) && !left.cross.has(1));
    // The right exit of the last cell H(0, 1): bit 2 is off the grid.
    let right = e.read(&f, 0, At::h(0, 1));
    assert!(right.cross.has(2) && !right.cross.has(1));
    // A row above the grid is all crossed.
    assert_eq!(e.read(&f, 0, At::v(-1, 0)).cross, Row::FULL);
}

#[test]
fn write_then_read_round_trips_through_shifts() {
    let f = Frame::<1>::new(2, 3);
    let mut e = Board::<1>::default();
    e.reset(2);
    // Mark the right side V(0, 1) of cell (1, 0) as a line.
    assert!(e.set_lines(&f, 1, At::v(0, 1), Row::single(0)));
    assert!(e.lines(Plane::V, 1).has(1));
    assert!(e.read(&f, 1, At::v(0, 1)).line.has(0));
    // The same edge is the left side of cell (1, 1).
    assert!(e.read(&f, 1, At::v(0, 0)).line.has(1));
    assert!(!e.set_lines(&f, 1, At::v(0, 1), Row::single(0)));
    assert!(!e.has_conflict());
    e.set_crosses(&f, 1, At::v(0, 0), Row::single(1));
    assert!(e.has_conflict());
}

/// The rows due after a change, by family: each where what it reads
/// changed. An edge makes the families that read it due on its cells'
/// and vertices' rows only (a `V` edge: its cell row, its two vertex rows;
/// an `H` edge: its two cell rows, its vertex row); a colour only the
/// colour rules, on its row and the rows above and below; an angle mark
/// only the angle rules, at its cell and the vertex row of its corner
/// (above the cell for a top corner, below it for a bottom one).
#[test]
fn rows_due_say_what_changed_near_them() {
    let rows = 9;
    let frame = Frame::<1>::new(rows, 6);
    let mut board = Board::<1>::default();
    board.reset(rows);
    let mut due = DueRows::default();
    assert!(
        board.take_changed(1, &mut due),
        "a fresh board has every row due"
    );
    let rows_of = |set: &RowSet| set.iter().collect::<Vec<_>>();
    let every: Vec<usize> = (0..=rows).collect();
    for set in [&due.any, &due.cells, &due.vertices, &due.colors, &due.edges] {
        assert_eq!(rows_of(set), every);
    }
    assert!(!board.take_changed(1, &mut due), "nothing changed since");

    board.add_color(4, true, Row::single(2));
    assert!(board.take_changed(1, &mut due));
    assert_eq!(rows_of(&due.any), [3, 4, 5]);
    assert_eq!(rows_of(&due.colors), [3, 4, 5]);
    assert!(!due.edges.any() && !due.cells.any() && !due.vertices.any());
    assert!(!due.angle_cells.any() && !due.angle_vertices.any());

    // A mark at a top corner (NW): its cell, and the vertex row above it
    // (visited beside cell row 6 going down, 7 going up).
    let mut marks = [Row::EMPTY; Part::ANGLE_ROWS];
    marks[Angle::AtMost as usize * 4] = Row::single(1);
    board.add_angle_marks(&frame, 7, marks);
    assert!(board.take_changed(1, &mut due));
    assert!(!due.edges.any() && !due.colors.any() && !due.cells.any());
    assert_eq!(rows_of(&due.angle_cells), [7]);
    assert_eq!(rows_of(&due.angle_vertices), [7]);
    assert_eq!(rows_of(&due.any), [6, 7]);
    // At a bottom corner (SE): the vertex row below it.
    let mut marks = [Row::EMPTY; Part::ANGLE_ROWS];
    marks[Angle::AtLeast as usize * 4 + 3] = Row::single(1);
    board.add_angle_marks(&frame, 7, marks);
    assert!(board.take_changed(1, &mut due));
    assert_eq!(rows_of(&due.angle_cells), [7]);
    assert_eq!(rows_of(&due.angle_vertices), [8]);
    assert_eq!(rows_of(&due.any), [7, 8]);
    // Both: the vertex rows above and below.
    marks[Angle::AtMost as usize * 4 + 1] = Row::single(2);
    board.add_angle_marks(&frame, 3, marks);
    assert!(board.take_changed(1, &mut due));
    assert_eq!(rows_of(&due.angle_vertices), [3, 4]);
    assert_eq!(rows_of(&due.any), [2, 3, 4]);

    board.add_lines(Plane::H, 2, Row::single(3));
    board.add_color(6, false, Row::single(0));
    assert!(board.take_changed(1, &mut due));
    // H row 2: the cells of rows 1 and 2, the vertices of row 2.
    assert_eq!(rows_of(&due.cells), [1, 2]);
    assert_eq!(rows_of(&due.vertices), [2]);
    assert_eq!(rows_of(&due.colors), [1, 2, 5, 6, 7]);
    assert_eq!(rows_of(&due.edges), [1, 2, 3]);
    assert_eq!(rows_of(&due.angle_cells), [1, 2]);
    assert_eq!(rows_of(&due.angle_vertices), [2]);
    // The sweep's rows: those near a changed edge too (where the cell and
    // vertex rules run when the colour and angle rules are off).
    assert_eq!(rows_of(&due.any), [1, 2, 3, 5, 6, 7]);

    board.add_crosses(Plane::V, 4, Row::single(3));
    assert!(board.take_changed(1, &mut due));
    // V row 4: the cells of row 4, the vertices of rows 4 and 5.
    assert_eq!(rows_of(&due.cells), [4]);
    assert_eq!(rows_of(&due.vertices), [4, 5]);
    assert_eq!(rows_of(&due.colors), [4]);
    assert_eq!(rows_of(&due.edges), [3, 4, 5]);
    assert_eq!(rows_of(&due.angle_cells), [4]);
    assert_eq!(rows_of(&due.angle_vertices), [4, 5]);
    assert_eq!(rows_of(&due.any), [3, 4, 5]);
}

/// The word-level looks of probing: whether two boards share a bit a
/// third lacks (eight words to a test, then the rest), and the edges two
/// boards disagree on, added to rows of their own, with the edges each
/// has decided within a frame; each against its
/// plain statement, on boards of 1 to 9 rows (whole chunks of eight words
/// and words left over) with random bits in every part.
#[test]
fn shared_news_and_disagreements_match_their_statements() {
    let mut seed = 0x0ad0_u64;
    let mut next = || crate::util::rng::splitmix64(&mut seed);
    let (mut shared, mut none) = (0, 0);
    for trial in 0..600 {
        let rows = 1 + trial % 9;
        let mut boards = [(); 3].map(|_| Board::<1>::default());
        for board in &mut boards {
            board.reset(rows);
        }
        let words = boards[0].data.len();
        // The same bits in all three, and in two trials of three one bit
        // more in the other two: at the same word (news both share) or
        // not.
        for k in 0..words {
            let m = Row([next() & next()]);
            for board in &mut boards {
                board.data[k] = m;
            }
        }
        if trial % 3 != 0 {
            let (k, bit) = (next() as usize % words, Row([1 << (next() % 64)]));
            boards[1].data[k] |= bit;
            boards[2].data[(k + trial % 2) % words] |= bit;
        }
        let [s, a, b] = &boards;
        let plain = (0..words).any(|k| (a.data[k] & b.data[k] & !s.data[k]).any());
        assert_eq!(s.lacks_a_bit_both_hold(a, b), plain, "trial {trial}");
        shared += usize::from(plain);
        none += usize::from(!plain);
        let mut into = vec![Row([next()]); 2 * rows + 1];
        let mut want = into.clone();
        for (r, w) in want.iter_mut().enumerate() {
            let (p, i) = if r <= rows {
                (Plane::H, r)
            } else {
                (Plane::V, r - rows - 1)
            };
            *w |= (a.lines(p, i) & b.crosses(p, i)) | (a.crosses(p, i) & b.lines(p, i));
        }
        // The decided edges within a frame of some width, counted plainly.
        let frame = Frame::<1>::new(rows, 1 + trial % 63);
        let decided = |x: &Board<1>| -> u32 {
            let h =
                (0..=rows).map(|i| (x.lines(Plane::H, i) | x.crosses(Plane::H, i)) & frame.cells);
            let v =
                (0..rows).map(|i| (x.lines(Plane::V, i) | x.crosses(Plane::V, i)) & frame.vertices);
            h.chain(v).map(|r| r.count()).sum()
        };
        let counts = Board::count_and_disagree(a, b, &frame, &mut into);
        assert_eq!(into, want, "trial {trial}");
        assert_eq!(counts, [decided(a), decided(b)], "trial {trial}");
    }
    assert!(shared > 100 && none > 100, "{shared} shared, {none} not");
}

/// A board packed twice side by side ([`Board::set_twice_of`]) gives the
/// board back from each of its two lanes ([`Board::set_lane_of`]), and both
/// equal the part-by-part copies of [`Board::set_rows_of`] they stand for,
/// clash flag included: on boards of every width a pair takes (1 to 31
/// columns), with random edges, colours and marks, now and then a clash.
#[test]
fn a_board_packed_twice_gives_itself_back_from_each_lane() {
    use crate::util::rng::Rng;
    let mut rng = Rng::new(11);
    let mut masks = Vec::new();
    for case in 0..3_000 {
        let (rows, cols) = (1 + rng.index(8), 1 + rng.index(31));
        let (frame, stride) = (Frame::<1>::new(rows, cols), cols + 1);
        Board::word_masks(&frame, &mut masks);
        let mut empty = Board::<1>::default();
        empty.reset(rows);
        let mut board = Board::<1>::default();
        let clash = rng.index(10) == 0;
        board.set_rows_of(&empty, |part, _| {
            let w = rng.next_u64() & rng.next_u64() & part.bits(&frame).0[0];
            Row([w])
        });
        if !clash {
            // Lines and crosses, inside and outside, never on one bit.
            for (a, b) in [
                (Part::HLines, Part::HCrosses),
                (Part::VLines, Part::VCrosses),
            ]
            .into_iter()
            .chain([(Part::Inside, Part::Outside)])
            {
                for r in 0..a.len(rows) {
                    let (ka, kb) = (a.start(rows) + r, b.start(rows) + r);
                    let both = board.data[ka] & board.data[kb];
                    board.data[kb] &= !both;
                }
            }
            board.conflict = board.scan_conflict();
        }
        let mut twice = Board::<1>::default();
        twice.set_twice_of(&board, stride, &masks);
        let mut expected = Board::<1>::default();
        expected.set_rows_of(&board, |part, m| {
            let w = m.0[0] & part.bits(&frame).0[0];
            Row([w | w << stride])
        });
        assert_eq!(twice, expected, "case {case}: packed");
        assert_eq!(
            twice.conflict, expected.conflict,
            "case {case}: packed clash"
        );
        for shift in [0, stride] {
            let mut lane = Board::<1>::default();
            lane.set_lane_of(&twice, shift, &masks);
            assert_eq!(lane, board, "case {case}: lane at {shift}");
            assert_eq!(
                lane.conflict, board.conflict,
                "case {case}: clash at {shift}"
            );
            let mut expected = Board::<1>::default();
            expected.set_rows_of(&twice, |part, m| Row([m.0[0] >> shift]) & part.bits(&frame));
            assert_eq!(lane, expected, "case {case}: lane at {shift}, part by part");
        }
    }
}

/// A board's changes marked from its difference with a base it extends
/// (`mark_changes_since`) are the changes the writes that made the
/// difference recorded, family by family: random edges, colours and
/// marks written on a settled board, one write at a time.
#[test]
fn changes_marked_from_a_difference_are_the_writes_own() {
    use crate::util::rng::Rng;
    let mut rng = Rng::new(52);
    for case in 0..2_000 {
        let (rows, cols) = (1 + rng.index(8), 1 + rng.index(30));
        let frame = Frame::<1>::new(rows, cols);
        let mut base = Board::<1>::default();
        base.reset(rows);
        base.settle();
        let mut written = base.clone();
        for _ in 0..rng.index(6) {
            let bits = |rng: &mut Rng| Row::<1>([rng.next_u64() & rng.next_u64()]) & frame.cells;
            match rng.index(4) {
                0 => {
                    let p = [Plane::H, Plane::V][rng.index(2)];
                    written.add_lines(p, rng.index(p.rows(rows)), bits(&mut rng));
                }
                1 => {
                    let p = [Plane::H, Plane::V][rng.index(2)];
                    written.add_crosses(p, rng.index(p.rows(rows)), bits(&mut rng));
                }
                2 => {
                    let (inside, outside) = (bits(&mut rng), bits(&mut rng));
                    written.add_colors(rng.index(rows), inside, outside & !inside);
                }
                _ => {
                    let mut marks = [Row::EMPTY; Part::ANGLE_ROWS];
                    marks[rng.index(Part::ANGLE_ROWS)] = bits(&mut rng);
                    written.add_angle_marks(&frame, rng.index(rows), marks);
                }
            }
        }
        let mut marked = written.clone();
        marked.settle();
        marked.mark_changes_since(&base);
        let (mut a, mut b) = (DueRows::default(), DueRows::default());
        assert_eq!(
            written.take_changed(1, &mut a),
            marked.take_changed(1, &mut b),
            "case {case}"
        );
        for (x, y) in [
            (&a.any, &b.any),
            (&a.cells, &b.cells),
            (&a.vertices, &b.vertices),
            (&a.colors, &b.colors),
            (&a.edges, &b.edges),
            (&a.angle_cells, &b.angle_cells),
            (&a.angle_vertices, &b.angle_vertices),
        ] {
            assert_eq!(
                x.iter().collect::<Vec<_>>(),
                y.iter().collect::<Vec<_>>(),
                "case {case}"
            );
        }
    }
}

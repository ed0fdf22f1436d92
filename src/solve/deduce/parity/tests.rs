//! Parity's tests: a parity reused across puzzles, and the queue held to
//! the fixpoint of solving every constraint.

use super::*;
use crate::grid::Plane;
use crate::util::rng::Rng;

/// What the classes say of every edge: its value, or the least edge of
/// its class and whether it is opposite to it.
fn canonical(parity: &mut Parity) -> Vec<(u8, u32, u8)> {
    let mut least = std::collections::HashMap::new();
    (0..parity.edge_count() as u32)
        .map(|e| {
            let (r, f) = parity.find(e);
            let v = parity.classes.value[r as usize];
            if v != UNKNOWN {
                return (v ^ f, 0, 0);
            }
            // Edges go up: the first met of a class is its least.
            let &mut (first, ff) = least.entry(r).or_insert((e, f));
            (UNKNOWN, first, f ^ ff)
        })
        .collect()
}

/// A puzzle with a solution: the outline of a grown region, a third of
/// its clues kept, a few of its edges given, and the rules, colours
/// and angles run on that (as the solver runs them before parity: the
/// marks one constraint alone gives are theirs to find). Its clues
/// (above 3: none) and board.
fn outline_case(rng: &mut Rng, rows: usize, cols: usize) -> (Vec<u8>, Board<1>) {
    use crate::puzzle::region::{Region, Shape};
    let shape = Shape::ALL[rng.index(3)];
    let region = Region::grow(rows, cols, shape, rng.index(rows * cols), rng);
    // (The region's puzzle leaves a 4 blank: the solver answers it before
    // any rule.)
    let mut puzzle = region.puzzle();
    for clue in puzzle.clue_bytes_mut() {
        if rng.index(3) != 0 {
            *clue = crate::puzzle::BLANK;
        }
    }
    let outline = region.solution();
    let frame = Frame::<1>::new(rows, cols);
    let mut edges = Board::<1>::default();
    edges.reset(rows);
    for _ in 0..rng.index(6) {
        let plane = [Plane::H, Plane::V][rng.index(2)];
        let i = rng.index(frame.plane_rows(plane));
        let j = rng.index(cols + usize::from(plane == Plane::V));
        let on = match plane {
            Plane::H => outline.h(i, j),
            Plane::V => outline.v(i, j),
        };
        if on {
            edges.add_lines(plane, i, Row::single(j));
        } else {
            edges.add_crosses(plane, i, Row::single(j));
        }
    }
    let mut given = crate::board::Clues::<1>::default();
    given.load(&puzzle);
    edges.stall();
    let mut ctx = crate::rules::Ctx::new(&frame, &given, &mut edges);
    (ctx.colors, ctx.angles) = (true, true);
    crate::rules::propagate(&mut ctx, &mut Default::default()).expect("a solved puzzle refuted");
    (puzzle.clue_bytes().to_vec(), edges)
}

/// The queue solves a constraint only when one of its classes or marks
/// changed, and never one with no undecided edge: on a puzzle with a
/// solution, it must reach what solving every constraint over and over
/// until nothing changes reaches. A change that queues too little
/// fails this (a set that queues only the constraints left with three
/// undecided edges or more does, and a join that queues nothing).
#[test]
fn the_queue_reaches_the_fixpoint_of_solving_every_constraint() {
    let mut rng = Rng::new(0x0be5);
    let (mut decided, mut joined) = (0, 0);
    for round in 0..2000 {
        let (rows, cols) = [(5, 5), (4, 7), (6, 6)][round % 3];
        let (clues, edges) = outline_case(&mut rng, rows, cols);
        let mut queued = Parity::default();
        queued.load_clues(rows, cols, &clues);
        let result = queued.deduce(&Frame::new(rows, cols), &mut edges.clone());
        assert!(result.is_ok(), "round {round}: a solved puzzle refuted");
        let mut every = Parity::default();
        every.load_clues(rows, cols, &clues);
        every.build();
        every.reset(&Frame::new(rows, cols), &edges);
        loop {
            let before = canonical(&mut every);
            for k in 0..every.constraints.len() {
                if every.blank[k] {
                    continue;
                }
                let c = every.constraints[k];
                every.solve(&c).expect("a solved puzzle refuted");
            }
            if canonical(&mut every) == before {
                break;
            }
        }
        let a = canonical(&mut queued);
        assert!(
            a == canonical(&mut every),
            "round {round}: the queue stopped short"
        );
        decided += a.iter().filter(|x| x.0 != UNKNOWN).count();
        joined += (a.iter().enumerate())
            .filter(|&(e, x)| x.0 == UNKNOWN && x.1 != e as u32)
            .count();
    }
    assert!(decided > 0 && joined > 0, "nothing decided or joined");
}

/// The constraints are kept from one puzzle to the next of the same size,
/// and for a few sizes besides: a `Parity` reused over puzzles of sizes
/// that come back, some after more other sizes than it keeps, must decide
/// what a fresh one decides on each.
#[test]
fn a_parity_reused_across_puzzles_decides_what_a_fresh_one_does() {
    let mut rng = Rng::new(0x9a51);
    let mut reused = Parity::default();
    let mut decided = 0;
    for round in 0..80 {
        // Every other puzzle 5x5 (kept); between two puzzles of one of
        // the others, more other sizes than are kept (made again).
        let others = super::constraint::SHAPES_KEPT + 4;
        let (rows, cols) = match round % 2 {
            0 => (5, 5),
            _ => (2 + round / 2 % others / 4, 3 + round / 2 % others),
        };
        let clues: Vec<u8> = (0..rows * cols)
            .map(|_| match rng.index(6) {
                n @ 0..=3 => n as u8,
                _ => crate::puzzle::BLANK,
            })
            .collect();
        let frame = Frame::<1>::new(rows, cols);
        let run = |parity: &mut Parity| {
            let mut edges = Board::<1>::default();
            edges.reset(rows);
            parity.load_clues(rows, cols, &clues);
            let result = parity.deduce(&frame, &mut edges);
            (result, edges)
        };
        let (fresh, fresh_edges) = run(&mut Parity::default());
        let (again, again_edges) = run(&mut reused);
        assert_eq!(fresh, again, "round {round}");
        assert!(fresh_edges == again_edges, "round {round}");
        decided += fresh.map_or(0, |(n, _)| n);
    }
    assert!(decided > 0, "no edge decided in any round");
}

/// A fresh start read off the board a row at a time (`reset`) gives each
/// constraint its undecided edges, counted one by one here, and queues,
/// in the order of their numbers, exactly the clued cells and vertices
/// with two of them, or more and a mark in one of their cells (the
/// marks, too, read one by one from the board's angle rows).
#[test]
fn a_fresh_start_counts_and_queues_as_stated() {
    let mut rng = Rng::new(0x5e7);
    for round in 0..400 {
        let (rows, cols) = (1 + rng.index(9), 1 + rng.index(30));
        let (clues, edges) = outline_case(&mut rng, rows, cols);
        let frame = Frame::<1>::new(rows, cols);
        let mut parity = Parity::default();
        parity.load_clues(rows, cols, &clues);
        parity.build();
        parity.reset(&frame, &edges);
        let decided = |e: u32| {
            let (plane, i, j) = parity.place(e);
            (edges.lines(plane, i) | edges.crosses(plane, i)).has(j)
        };
        let cell_marked = |cell: usize| {
            let (i, j) = (cell / cols, cell % cols);
            let marks = edges.angle_marks(i);
            marks.iter().any(|r| r.has(j))
        };
        let mut expected = Vec::new();
        for (k, c) in parity.constraints.iter().enumerate() {
            let open = c.edges[..c.len as usize]
                .iter()
                .filter(|&&e| !decided(e))
                .count();
            assert_eq!(
                parity.classes.open[k] as usize, open,
                "round {round}, constraint {k}"
            );
            let angles = &c.angles[..c.angle_count as usize];
            let marked = angles
                .iter()
                .any(|&(_, _, cell, _)| cell_marked(cell as usize));
            if !parity.blank[k] && (open == 2 || (open > 2 && marked)) {
                expected.push(k as u32);
            }
        }
        assert_eq!(parity.classes.queue, expected, "round {round}");
    }
}

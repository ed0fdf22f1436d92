//! Propagation against sweeps alone, on a puzzle and edge settings built
//! from bytes: shared by the fuzz target `propagate_versus_sweeps` (which
//! includes this file by path) and the test in `propagation.rs`.
//!
//! Bytes: 0 the rows (1-8), 1 the columns (1-16), 2 whether the colour
//! and angle rules come on, then a clue byte per cell (`b % 5`: 0-3, 4
//! blank), then pairs of bytes, each an edge setting: the plane and row
//! in the first, the column and line or cross in the second (settings may
//! clash: both ways must then find a contradiction).

use slink::internals::bits::Row;
use slink::internals::board::{Board, Clues, Frame};
use slink::internals::grid::Plane;
use slink::internals::rules::{self, Ctx, Due};
use slink::{Clue, Puzzle};

/// Runs the rules to their fixpoint on the board `data` gives, twice: by
/// `rules::propagate` (only the rows near a change, families left out
/// where others cover them) and by `rules::pass` (every family on every
/// row) repeated until nothing changes, each as the solver runs them (the
/// judge's rules first, then, if byte 2 says so, the colour and angle
/// rules on the board marked stalled). Panics unless both find a
/// contradiction or neither, and where neither, the same edges and
/// colours (angle marks may differ where the edges imply them: whether
/// such a mark is written depends on the order of the visits). Returns
/// whether both found a contradiction.
pub fn propagation_agrees_with_sweeps(data: &[u8]) -> bool {
    if data.len() < 3 {
        return false;
    }
    let (rows, cols) = (1 + usize::from(data[0] & 7), 1 + usize::from(data[1] & 15));
    let stalled = data[2] & 1 == 1;
    let body = &data[3..];
    let clues: Vec<Clue> = (0..rows * cols)
        .map(|k| match body.get(k).map_or(4, |b| b % 5) {
            4 => Clue::Blank,
            n => Clue::Number(n),
        })
        .collect();
    let puzzle = Puzzle::new(rows, cols, &clues).expect("a valid size");
    let frame = Frame::<1>::new(rows, cols);
    let mut loaded = Clues::<1>::default();
    loaded.load(&puzzle);
    let mut board = Board::<1>::default();
    board.reset(rows);
    for s in body.get(rows * cols..).unwrap_or(&[]).chunks_exact(2) {
        let plane = if s[0] & 1 == 0 { Plane::H } else { Plane::V };
        let row = usize::from(s[0] >> 1) % frame.plane_rows(plane);
        let width = cols + usize::from(plane == Plane::V);
        let col = Row::single(usize::from(s[1] >> 1) % width);
        if s[1] & 1 == 0 {
            board.add_lines(plane, row, col);
        } else {
            board.add_crosses(plane, row, col);
        }
    }
    let mut fast = board.clone();
    let by_propagation = fixpoint(&frame, &loaded, &mut fast, stalled, |ctx| {
        rules::propagate(ctx, &mut Due::default()).map(|_| ())
    });
    let mut full = board;
    // (Bits are only added: the sweeps end, a clash or not.)
    let by_sweeps = fixpoint(&frame, &loaded, &mut full, stalled, |ctx| loop {
        let before = ctx.board.clone();
        rules::pass(ctx, &mut Due::default())?;
        if *ctx.board == before {
            break Ok(());
        }
    });
    assert_eq!(
        by_propagation.is_ok(),
        by_sweeps.is_ok(),
        "propagation {by_propagation:?}, sweeps {by_sweeps:?}"
    );
    if by_propagation.is_err() {
        return true;
    }
    for plane in [Plane::H, Plane::V] {
        for i in 0..frame.plane_rows(plane) {
            assert_eq!(
                fast.lines(plane, i),
                full.lines(plane, i),
                "lines, {plane:?} row {i}"
            );
            assert_eq!(
                fast.crosses(plane, i),
                full.crosses(plane, i),
                "crosses, {plane:?} row {i}"
            );
        }
    }
    for i in 0..rows {
        assert_eq!(
            fast.color(&frame, i, 0, 0),
            full.color(&frame, i, 0, 0),
            "colours, row {i}"
        );
    }
    false
}

/// The judge's rules by `run` to their fixpoint on `board`, then, if
/// `stalled`, the colour and angle rules too, on the board marked stalled
/// and every row due; the first contradiction found.
fn fixpoint(
    frame: &Frame<1>,
    clues: &Clues<1>,
    board: &mut Board<1>,
    stalled: bool,
    run: impl Fn(&mut Ctx<'_, 1>) -> Result<(), rules::Contradiction>,
) -> Result<(), rules::Contradiction> {
    let mut ctx = Ctx::new(frame, clues, board);
    run(&mut ctx)?;
    check_clash(&ctx)?;
    if stalled {
        ctx.board.stall();
        (ctx.colors, ctx.angles) = (true, true);
        run(&mut ctx)?;
        check_clash(&ctx)?;
    }
    Ok(())
}

/// An edge both line and cross (which a setting may make) is a
/// contradiction either way.
fn check_clash(ctx: &Ctx<'_, 1>) -> Result<(), rules::Contradiction> {
    if ctx.board.has_conflict() {
        return Err(rules::Contradiction::EdgeConflict);
    }
    Ok(())
}

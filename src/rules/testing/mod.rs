//! Test harness for the rules: small boards drawn in ASCII, before and after.
//!
//! A board is drawn in the judge's lattice style, extended with crosses:
//!
//! ```text
//! + . + . +
//! x 3 |   .
//! + - + x +
//! ```
//!
//! Vertex rows hold a `+` at every fourth character (`4j`); between two
//! vertices, at `4j + 2`, a horizontal edge is `-` (line), `x` (cross) or
//! `.`/space (unknown); the judge's `---` is accepted too. Cell rows hold
//! a vertical edge at `4j` (`|`, `x`, `.`/space) and the clue of cell `j`
//! at `4j + 2` (`0`-`3`, or `.`/space for a blank cell). Off-grid edges do
//! not exist and read as crossed.
//!
//! [`check`] runs one rule family (or a whole pass, or propagation) on a
//! board in all eight rotations and reflections, on one-word rows and on
//! wide boards where the drawing sits across a word boundary, and
//! compares the result with the expected drawing and the set of rules
//! that fired.

use super::{
    angle, cell, closing, color, corner, diagonal, entry, threes, vertex, Contradiction, Ctx, Due,
    Rule, RuleCounts,
};
use crate::bits::Row;
use crate::board::{Board, Clues, Frame};
use crate::grid::Plane;
use crate::puzzle::{Clue, Puzzle};
use crate::util::rng::splitmix64;
use std::fmt;

mod drawing;

pub(crate) use drawing::{Drawing, Mark};

/// What to run on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// R1-R3, `cell::apply` on every cell row.
    Cell,
    /// R4, R5.
    Threes,
    /// R9-R11.
    Corner,
    /// R12, R14, R15.
    Entry,
    /// R13.
    Diagonal,
    /// R6-R8, `vertex::apply` on every vertex row.
    Vertex,
    /// `rules::pass`.
    Pass,
    /// `rules::propagate`.
    Propagate,
    /// The inside/outside rules, `color::apply` on every cell row (not the
    /// judge's; they decide edges quietly, counted under no rule).
    Color,
    /// A cell with three lines round it has its fourth side crossed,
    /// `closing::apply` on every cell row (not the judge's; counted under
    /// no rule).
    Closing,
    /// `rules::propagate` with the inside/outside rules, as the solver runs it.
    PropagateColors,
    /// `rules::pass` with the inside/outside and angle rules (what
    /// [`Family::PropagateColors`] must reach the fixpoint of).
    PassColors,
    /// [`Family::PropagateColors`] where the solver runs it: on a stalled
    /// board (`rules::propagate` without the inside/outside and angle
    /// rules first, to its fixpoint), where the cell rules are left to the
    /// angles' (`propagate::angles_cover_cell_rules`).
    PropagateStalled,
    /// The angles' cell and vertex rules, `angle::cells` on every cell row
    /// and `angle::vertices` on every vertex row (not the judge's; they
    /// decide edges quietly, counted under no rule).
    Angle,
    /// Equal and opposite edges, `parity::Parity::deduce` on a fresh board
    /// of classes (not the judge's; counted under no rule).
    Parity,
    /// What the loop cannot reach, `connect::Reach::apply` (not the
    /// judge's; counted under no rule).
    Reach,
    /// The inside and the outside each in one piece,
    /// `regions::Regions::apply`, between two sweeps of the colour rules
    /// (which give it the colours and turn its colours into edges; not the
    /// judge's, counted under no rule).
    Regions,
}

impl Family {
    /// The families and the drivers.
    pub const ALL: [Family; 16] = [
        Family::Cell,
        Family::Threes,
        Family::Corner,
        Family::Entry,
        Family::Diagonal,
        Family::Vertex,
        Family::Pass,
        Family::Propagate,
        Family::Color,
        Family::Closing,
        Family::PropagateColors,
        Family::PropagateStalled,
        Family::Angle,
        Family::Parity,
        Family::Reach,
        Family::Regions,
    ];

    /// Whether the context applies the inside/outside rules.
    fn colors(self) -> bool {
        matches!(
            self,
            Family::Color
                | Family::PropagateColors
                | Family::PropagateStalled
                | Family::PassColors
                | Family::Regions
        )
    }
}

/// How long to run a family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// One sweep over the rows.
    Once,
    /// Sweeps until nothing changes.
    Fixpoint,
}

/// Every rule, in [`RuleCounts`] order.
pub(crate) const RULES: [Rule; 15] = [
    Rule::R1,
    Rule::R2,
    Rule::R3,
    Rule::R4,
    Rule::R5,
    Rule::R6,
    Rule::R7,
    Rule::R8,
    Rule::R9,
    Rule::R10,
    Rule::R11,
    Rule::R12,
    Rule::R13,
    Rule::R14,
    Rule::R15,
];

/// The rules with a nonzero count.
pub(crate) fn fired(counts: &RuleCounts) -> Vec<Rule> {
    RULES
        .into_iter()
        .filter(|&r| counts[r as usize] > 0)
        .collect()
}

/// One sweep of family `f` over every row.
pub(crate) fn sweep<const W: usize>(ctx: &mut Ctx<'_, W>, f: Family) -> Result<(), Contradiction> {
    let rows = ctx.frame.rows;
    match f {
        Family::Cell => (0..rows).try_for_each(|i| cell::apply(ctx, i))?,
        Family::Threes => (0..rows).for_each(|i| threes::apply(ctx, i)),
        Family::Corner => (0..rows).for_each(|i| corner::apply(ctx, i)),
        Family::Entry => (0..rows).for_each(|i| entry::apply(ctx, i)),
        Family::Diagonal => (0..rows).for_each(|i| diagonal::apply(ctx, i)),
        Family::Vertex => (0..=rows).try_for_each(|i| vertex::apply(ctx, i))?,
        Family::Color => (0..rows).for_each(|i| color::apply(ctx, i)),
        Family::Closing => (0..rows).for_each(|i| closing::apply(ctx, i)),
        Family::Angle => {
            (0..rows).try_for_each(|i| angle::cells(ctx, i))?;
            (0..=rows).try_for_each(|i| angle::vertices(ctx, i))?;
        }
        Family::Parity => {
            let cols = ctx.frame.cols;
            let mut clues = vec![crate::puzzle::BLANK; rows * cols];
            for n in 0..4 {
                for i in 0..rows {
                    for j in ctx.clues.cells_with(n, i).ones().take_while(|&j| j < cols) {
                        clues[i * cols + j] = n as u8;
                    }
                }
            }
            let mut parity = crate::solve::deduce::parity::Parity::default();
            parity.load_clues(rows, cols, &clues);
            let (decided, marked) = parity.deduce(ctx.frame, ctx.board)?;
            ctx.changed |= decided > 0 || marked;
        }
        Family::Reach => {
            let mut reach = crate::solve::deduce::connect::Reach::default();
            ctx.changed |= reach.apply(ctx.frame, ctx.clues, ctx.board)? > 0;
        }
        Family::Regions => {
            (0..rows).for_each(|i| color::apply(ctx, i));
            let mut regions = crate::solve::deduce::regions::Regions::default();
            ctx.changed |= regions.apply(ctx.frame, ctx.board)? > 0;
            (0..rows).for_each(|i| color::apply(ctx, i));
        }
        Family::Pass | Family::PassColors => super::pass(ctx, &mut Due::default())?,
        Family::Propagate | Family::PropagateColors => {
            super::propagate(ctx, &mut Due::default())?;
        }
        Family::PropagateStalled => {
            if !ctx.board.stalled() {
                // The judge's rules to their fixpoint, as the solver runs
                // them before the others.
                (ctx.colors, ctx.angles) = (false, false);
                let judge = super::propagate(ctx, &mut Due::default());
                (ctx.colors, ctx.angles) = (true, true);
                judge?;
                // Stalled: the colour and angle rules from every row.
                ctx.board.stall();
            }
            super::propagate(ctx, &mut Due::default())?;
        }
    }
    Ok(())
}

/// The board after running `f`, and which rules decided how many edges.
#[derive(Clone, Debug)]
pub(crate) struct Outcome {
    pub board: Drawing,
    pub counts: RuleCounts,
}

/// Runs family `f` on board `b` with rows of `W` words. An edge made both
/// line and cross is [`Contradiction::EdgeConflict`].
pub(crate) fn run<const W: usize>(
    b: &Drawing,
    f: Family,
    mode: Mode,
) -> Result<Outcome, Contradiction> {
    run_tweaked::<W>(b, f, mode, |_| {})
}

/// [`run`], with the clue masks changed by `tweak` after loading.
pub(crate) fn run_tweaked<const W: usize>(
    b: &Drawing,
    f: Family,
    mode: Mode,
    tweak: fn(&mut Clues<W>),
) -> Result<Outcome, Contradiction> {
    let frame = Frame::<W>::new(b.rows, b.cols);
    let mut clues = Clues::<W>::default();
    clues.load(&b.puzzle());
    tweak(&mut clues);
    // Rules that record nothing make their decisions in fewer writes
    // (`Ctx::unrecorded`): every run is made both ways, and must agree.
    let unrecorded = rounds(b, f, mode, &frame, &clues, None);
    let mut counts: RuleCounts = [0; 15];
    let recorded = rounds(b, f, mode, &frame, &clues, Some(&mut counts));
    assert_eq!(
        recorded, unrecorded,
        "{f:?} decides otherwise when it records its rules, on\n{b:?}"
    );
    let board = b.with_board(&frame, &recorded?.0)?;
    Ok(Outcome { board, counts })
}

/// What a round of a family did: whether it reported news, and the rows
/// it marked changed.
type Round = (bool, Vec<usize>);

/// The board after family `f` runs on `b` once or to its fixpoint,
/// counting its rules if given `counts`, and what each round did.
fn rounds<const W: usize>(
    b: &Drawing,
    f: Family,
    mode: Mode,
    frame: &Frame<W>,
    clues: &Clues<W>,
    counts: Option<&mut RuleCounts>,
) -> Result<(Board<W>, Vec<Round>), Contradiction> {
    let mut board = b.board::<W>();
    let mut ctx = Ctx {
        frame,
        clues,
        board: &mut board,
        changed: false,
        counts,
        colors: f.colors(),
        angles: f.colors(),
        closing: match f {
            Family::Closing => closing::closing_cells(clues),
            _ => Row::EMPTY,
        },
        trace: None,
    };
    let mut done = Vec::new();
    for round in 0.. {
        assert!(round < 10_000, "{f:?} does not reach a fixpoint");
        ctx.changed = false;
        sweep(&mut ctx, f)?;
        // The rows marked changed (none left after `propagate`, which
        // takes them as it goes).
        let mut marked = crate::bits::RowSet::default();
        ctx.board.changed_rows(&mut marked);
        ctx.board
            .take_changed(0, &mut crate::board::DueRows::default());
        done.push((ctx.changed, marked.iter().collect()));
        if ctx.board.has_conflict() {
            return Err(Contradiction::EdgeConflict);
        }
        if mode == Mode::Once || !ctx.changed {
            break;
        }
    }
    Ok((board, done))
}

/// A board after a run and the rules that fired, or a contradiction.
pub(crate) type Ran = Result<(Drawing, Vec<Rule>), Contradiction>;

/// The same run on a board of `W`-word rows `cols` wide, with `b` drawn at
/// column `off`, as a board of `b`'s size.
fn run_embedded<const W: usize>(b: &Drawing, f: Family, cols: usize, off: usize) -> Ran {
    run::<W>(&b.embed(cols, off), f, Mode::Fixpoint).map(|o| (o.board, fired(&o.counts)))
}

/// Where [`check`] puts drawings on wide boards: `(words, columns,
/// offsets)`, each drawing straddling a word boundary.
const WIDE: [(usize, usize, [usize; 6]); 3] = [
    (2, 72, [59, 60, 61, 62, 63, 64]),
    (4, 200, [123, 125, 126, 127, 128, 129]),
    (4, 200, [187, 189, 190, 191, 192, 193]),
];

pub(crate) fn show<T: fmt::Debug>(r: &Result<T, Contradiction>) -> String {
    match r {
        Ok(t) => format!("{t:?}"),
        Err(e) => format!("contradiction {e:?}"),
    }
}

/// Runs family `f` to its fixpoint on `before` and on `before` wide.
fn results(b: &Drawing, f: Family) -> Vec<(String, Ran)> {
    let mut out = vec![(
        "1 word".to_string(),
        run::<1>(b, f, Mode::Fixpoint).map(|o| (o.board, fired(&o.counts))),
    )];
    for (words, cols, offs) in WIDE {
        for off in offs {
            if off + b.cols + 2 > cols {
                continue;
            }
            let r = match words {
                2 => run_embedded::<2>(b, f, cols, off),
                _ => run_embedded::<4>(b, f, cols, off),
            };
            let r = r.map(|(big, rules)| (big.window(b.rows, b.cols, off), rules));
            out.push((format!("{words} words, {cols} columns, at column {off}"), r));
        }
    }
    out
}

impl Drawing {
    /// Columns `off..off + cols` of this board, as a board of their own.
    pub(crate) fn window(&self, rows: usize, cols: usize, off: usize) -> Drawing {
        let mut w = Drawing::blank(rows, cols);
        for i in 0..rows {
            for j in 0..cols {
                w.clues[i * cols + j] = self.clues[i * self.cols + j + off];
            }
            for j in 0..=cols {
                w.set_v(i, j, self.v(i, j + off));
            }
        }
        for i in 0..=rows {
            for j in 0..cols {
                w.set_h(i, j, self.h(i, j + off));
            }
        }
        w
    }
}

/// Checks that the wide runs left everything outside the drawing alone.
fn check_outside<const W: usize>(b: &Drawing, f: Family, cols: usize, off: usize) {
    let big = b.embed(cols, off);
    if let Ok(o) = run::<W>(&big, f, Mode::Fixpoint) {
        let mut outside = o.board.clone();
        let mut before = big.clone();
        for t in [&mut outside, &mut before] {
            for i in 0..b.rows {
                for j in 0..b.cols {
                    t.clues[i * cols + j + off] = None;
                }
                for j in 0..=b.cols {
                    t.set_v(i, j + off, Mark::Unknown);
                }
            }
            for i in 0..=b.rows {
                for j in 0..b.cols {
                    t.set_h(i, j + off, Mark::Unknown);
                }
            }
        }
        assert_eq!(
            outside.render(),
            before.render(),
            "{f:?} changed edges outside the drawing at column {off}"
        );
    }
}

/// Runs family `f` on `before` to its fixpoint, in all eight symmetries
/// and across word boundaries, and checks that the board becomes `after`
/// and that exactly the rules `rules` fired.
pub(crate) fn check(f: Family, rules: &[Rule], before: &str, after: &str) {
    let (before, after) = (Drawing::parse(before), Drawing::parse(after));
    assert_eq!(
        (before.rows, before.cols, &before.clues),
        (after.rows, after.cols, &after.clues),
        "the drawings before and after differ in size or clues"
    );
    let mut want: Vec<Rule> = rules.to_vec();
    want.sort();
    for sym in 0..8 {
        let (b, a) = (before.transform(sym), after.transform(sym));
        for (how, r) in results(&b, f) {
            match r {
                Ok((got, got_rules)) if got == a && got_rules == want => {}
                other => panic!(
                    "{f:?}, symmetry {sym}, {how}\nbefore:\n{}expected (rules {want:?}):\n{}got: {}",
                    b.render(),
                    a.render(),
                    match other {
                        Ok((got, rules)) => format!("rules {rules:?}\n{}", got.render()),
                        Err(e) => format!("contradiction {e:?}"),
                    }
                ),
            }
        }
        check_outside::<2>(&b, f, 72, 62);
    }
}

/// Checks that family `f` changes nothing on `board` and no rule fires.
pub(crate) fn check_none(f: Family, board: &str) {
    check(f, &[], board, board);
}

/// Checks that family `f` finds contradiction `want` on `board`, in all
/// eight symmetries and across word boundaries.
pub(crate) fn check_contradiction(f: Family, want: Contradiction, board: &str) {
    let board = Drawing::parse(board);
    for sym in 0..8 {
        let b = board.transform(sym);
        for (how, r) in results(&b, f) {
            assert!(
                r.as_ref().err() == Some(&want),
                "{f:?}, symmetry {sym}, {how}: expected {want:?} on\n{}got {}",
                b.render(),
                show(&r)
            );
        }
    }
}

/// A random board of `rows x cols` with some edges and colours decided
/// (conflicts included), and random clues.
pub(crate) fn random_case<const W: usize>(
    rows: usize,
    cols: usize,
    seed: &mut u64,
) -> (Puzzle, Board<W>) {
    let clues: Vec<Clue> = (0..rows * cols)
        .map(|_| match splitmix64(seed) % 6 {
            n @ 0..=3 => Clue::Number(n as u8),
            _ => Clue::Blank,
        })
        .collect();
    let p = Puzzle::new(rows, cols, &clues).unwrap();
    let mut e = Board::<W>::default();
    e.reset(rows);
    let density = 1 + splitmix64(seed) % 4;
    let bits = |n: usize, seed: &mut u64| {
        let mut r = Row::<W>::EMPTY;
        for j in 0..n {
            if splitmix64(seed) % 8 < density {
                r.set(j);
            }
        }
        r
    };
    for i in 0..=rows {
        let (l, x) = (bits(cols, seed), bits(cols, seed));
        e.add_lines(Plane::H, i, l);
        e.add_crosses(Plane::H, i, x & !l);
    }
    for i in 0..rows {
        let (l, x) = (bits(cols + 1, seed), bits(cols + 1, seed));
        e.add_lines(Plane::V, i, l);
        e.add_crosses(Plane::V, i, x & !l);
        let (a, b) = (bits(cols, seed), bits(cols, seed));
        e.add_color(i, true, a);
        // Now and then a cell both inside and outside.
        let both = splitmix64(seed) % 16 == 0;
        e.add_color(i, false, if both { b } else { b & !a });
    }
    (p, e)
}

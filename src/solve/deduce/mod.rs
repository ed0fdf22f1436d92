//! Deduction: the rules to their fixpoint, then loop reasoning, until
//! neither adds anything (the colour and angle rules joining once the
//! judge's rules stall); on a search node's board, or a probe's. Where a
//! node's board stalls there too, what the loop cannot reach
//! ([`connect`]), the inside and the outside each in one piece
//! ([`regions`]) and equal and opposite edges ([`parity`])
//! go on from there.
//!
//! The stage's folder holds those reasonings: [`loops`] (single-loop
//! reasoning: the lines close into exactly one loop), [`connect`],
//! [`regions`] and [`parity`]; probing and search build on this module's
//! `deduce`.

pub mod connect;
pub mod loops;
pub mod parity;
pub mod regions;

use crate::board::{Board, Clues, Frame};
use crate::grid::EdgeId;
use crate::grid::Plane;
use crate::rules::decision::{Event, Reason};
use crate::rules::{self, Contradiction, Ctx, Due};
use crate::solve::outcome::{Options, Stats};
use connect::Reach;
use loops::{LoopStep, Walker};
use parity::Parity;
use regions::Regions;

/// A search node being probed: its board, at its depth, and what
/// deduction needs around it.
pub(super) struct Node<'n, const W: usize> {
    /// The board's size and masks.
    pub frame: &'n Frame<W>,
    /// The puzzle's clues.
    pub clues: &'n Clues<W>,
    /// Deduction's scratch space.
    pub scratch: &'n mut Scratch<W>,
    /// The node's board.
    pub board: &'n mut Board<W>,
    /// The node's search depth.
    pub depth: usize,
}

/// What board [`deduce`] works on.
pub(super) enum Mode<'t> {
    /// A search node's board: loop reasoning indexes its paths; each
    /// decision is logged to the trace (with the search depth) if given.
    Node(Tracing<'t>),
    /// A probe: a board extending the last node board deduced.
    Probe,
    /// A node's board that adopted what a probe taught, within a probing
    /// round: its paths are indexed, but the reasoning beyond loops waits
    /// for the round's end.
    Adopted,
}

/// What deduction reads and never changes: the board's size and masks,
/// and the clues.
#[derive(Clone, Copy)]
pub(super) struct Given<'a, const W: usize> {
    /// The board's size and masks.
    pub frame: &'a Frame<W>,
    /// The puzzle's clues.
    pub clues: &'a Clues<W>,
}

/// A trace of decisions being kept: the events and the search depth.
type Tracing<'t> = Option<(&'t mut Vec<Event>, u32)>;

/// Deduces `edges` to a fixpoint of the rules and, if enabled, loop
/// reasoning; logs each decision to `trace` if given.
pub(super) fn deduce<const W: usize>(
    given: Given<'_, W>,
    scratch: &mut Scratch<W>,
    o: &Options,
    stats: &mut Stats,
    edges: &mut Board<W>,
    mode: Mode<'_>,
) -> Result<(), Contradiction> {
    let Given { frame, clues } = given;
    let beyond = matches!(mode, Mode::Node(_));
    let (indexed, mut trace) = match mode {
        Mode::Node(trace) => (true, trace),
        Mode::Probe => (false, None),
        Mode::Adopted => (true, None),
    };
    // The judge's rules first: a puzzle they finish never pays for colours.
    loop {
        // On a node's stalled board, loop reasoning between passes (not
        // when traced: an explanation keeps loop reasoning for the rules'
        // stalls).
        let limit = edges.stalled() && beyond && trace.is_none() && o.loop_reasoning;
        let counted = (o, &mut *stats);
        let stopped = apply_rules(given, counted, edges, &mut trace, &mut scratch.due, limit)?;
        if !o.loop_reasoning {
            return Ok(());
        }
        // (Stopped short of their fixpoint, the rules go on after a step of
        // loop reasoning.)
        if !stopped {
            // Checked only where it matters (a probe's board is always
            // stalled), and once.
            let needed = !edges.stalled() || (indexed && trace.is_none());
            let complete = needed && edges.is_complete(frame);
            if !edges.stalled() && !complete {
                // Stalled: bring in the colour rules, from every row.
                edges.stall();
                continue;
            }
            if indexed && trace.is_none() && complete {
                // A node board the rules finished: the solution check
                // (`verify`, in `record`) tells one loop from several, so
                // loop reasoning has nothing to add. (A probe board still
                // gets it: a probe that closes two loops must be refuted
                // here.)
                return Ok(());
            }
        }
        match loop_step(given, scratch, edges, indexed, &mut trace)? {
            LoopStep::Nothing if stopped => {}
            LoopStep::Nothing => {
                if !beyond || !o.search || !beyond_loops(frame, clues, scratch, edges, &mut trace)?
                {
                    return Ok(());
                }
            }
            LoopStep::Crossed(n) => stats.loop_crosses += n as u64,
            LoopStep::Closed => {
                // Every edge is decided now: one more sweep checks the clues.
                rules::pass(&mut Ctx::new(frame, clues, edges), &mut scratch.due)?;
                return Ok(());
            }
        }
    }
}

/// First passes of the rules on a search node's stalled board before a
/// step of loop reasoning: the rules and loop reasoning feed each other to
/// the end of a puzzle (a loop step crosses an edge or two, the rules go
/// on from there for a pass or a few), and each round run to the rules'
/// fixpoint ends with a pass that finds nothing. Measured (callgrind,
/// `solve -j1`): 2 passes took the real set 2.5% and Loopy's Hard 2.0%
/// below the fixpoint's rounds; 1 pass cost 5% more, 3 the same as 2. On
/// probes' boards (human-made +1.7%) and on a node's board that adopts a
/// probe's finds (`Mode::Adopted`: human-made +0.1%, and 1.03 of the CPU
/// paired, where node boards alone measured 0.99) it cost more than it
/// saved.
const PASSES_BEFORE_LOOPS: u32 = 2;

/// The rules to their fixpoint (with the colour and angle rules once the
/// board has stalled), counted in `stats`; `due` is propagation's scratch.
/// With `limit`, they stop after [`PASSES_BEFORE_LOOPS`] passes instead,
/// and say so (true); the next call goes on from there.
fn apply_rules<const W: usize>(
    given: Given<'_, W>,
    (o, stats): (&Options, &mut Stats),
    edges: &mut Board<W>,
    trace: &mut Tracing<'_>,
    due: &mut Due,
    limit: bool,
) -> Result<bool, Contradiction> {
    let mut ctx = Ctx::new(given.frame, given.clues, edges);
    ctx.colors = ctx.board.stalled();
    ctx.angles = ctx.colors;
    if o.count_rules {
        ctx.counts = Some(&mut stats.rules);
    }
    if let Some((events, depth)) = trace.as_mut() {
        ctx.trace = Some(rules::Trace {
            events,
            depth: *depth,
        });
    }
    let (mut stopped, mut n) = (false, 0);
    let passes = rules::propagate_until(&mut ctx, due, |_| {
        n += 1;
        stopped = limit && n >= PASSES_BEFORE_LOOPS;
        stopped
    })?;
    stats.passes += passes as u64;
    Ok(stopped)
}

/// One step of loop reasoning (from the index of a node's board, or
/// incrementally on a probe's), logged to `trace`.
fn loop_step<const W: usize>(
    given: Given<'_, W>,
    scratch: &mut Scratch<W>,
    edges: &mut Board<W>,
    indexed: bool,
    trace: &mut Tracing<'_>,
) -> Result<LoopStep, Contradiction> {
    let Given { frame, clues } = given;
    if trace.is_some() {
        scratch.before.copy_from(edges);
    }
    let step = if indexed {
        scratch.walker.apply_indexed(frame, clues, edges)?
    } else {
        scratch.walker.apply_incremental(frame, clues, edges)?
    };
    if let Some((events, depth)) = trace.as_mut() {
        let reason = if step == LoopStep::Closed {
            Reason::LoopClosed
        } else {
            Reason::Loop
        };
        log_changes(frame, &scratch.before, edges, reason, *depth, events);
    }
    Ok(step)
}

/// At a node's board where the rules and loop reasoning stall: crosses
/// what the loop cannot reach, or else colours the cells the inside or the
/// outside cannot do without, or else decides what the cells and vertices
/// say of equal and opposite edges; true if any of them added anything
/// (then the rules go on).
fn beyond_loops<const W: usize>(
    frame: &Frame<W>,
    clues: &Clues<W>,
    scratch: &mut Scratch<W>,
    edges: &mut Board<W>,
    trace: &mut Tracing<'_>,
) -> Result<bool, Contradiction> {
    if trace.is_some() {
        scratch.before.copy_from(edges);
    }
    let crossed = scratch.reach.apply(frame, clues, edges)?;
    if let Some((events, depth)) = trace.as_mut() {
        log_changes(frame, &scratch.before, edges, Reason::Reach, *depth, events);
    }
    if crossed > 0 {
        return Ok(true);
    }
    let coloured = scratch.regions.apply(frame, edges)?;
    if coloured > 0 {
        // The colour rules turn the new colours into edges (the colours'
        // rows are due, marked by the writes; the rows around them too).
        return Ok(true);
    }
    if trace.is_some() {
        scratch.before.copy_from(edges);
    }
    let (decided, marked) = scratch.parity.deduce(frame, edges)?;
    if let Some((events, depth)) = trace.as_mut() {
        log_changes(
            frame,
            &scratch.before,
            edges,
            Reason::Parity,
            *depth,
            events,
        );
    }
    Ok(decided > 0 || marked)
}

/// Logs every edge that `after` decides and `before` did not.
pub(super) fn log_changes<const W: usize>(
    frame: &Frame<W>,
    before: &Board<W>,
    after: &Board<W>,
    reason: Reason,
    depth: u32,
    events: &mut Vec<Event>,
) {
    for plane in [Plane::H, Plane::V] {
        for row in 0..frame.plane_rows(plane) {
            let bits = frame.plane_bits(plane);
            let lines = after.lines(plane, row) & !before.lines(plane, row) & bits;
            let crosses = after.crosses(plane, row) & !before.crosses(plane, row) & bits;
            for (m, line) in [(lines, true), (crosses, false)] {
                for col in m.ones() {
                    events.push(Event::Decided {
                        reason,
                        at: (row, col),
                        edge: EdgeId::new(plane, row, col),
                        line,
                        depth,
                    });
                }
            }
        }
    }
}

/// Scratch space for deduction.
#[derive(Default)]
pub(super) struct Scratch<const W: usize> {
    /// The rows propagation has yet to visit.
    pub(super) due: Due,
    pub(super) walker: Walker<W>,
    /// Classes of equal and opposite edges.
    pub(super) parity: Parity,
    /// The fill of what the loop can reach.
    pub(super) reach: Reach<W>,
    /// The fills of the inside and the outside.
    pub(super) regions: Regions<W>,
    /// A copy of the board before a step, when tracing.
    pub(super) before: Board<W>,
}

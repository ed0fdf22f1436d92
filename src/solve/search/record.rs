//! A finished board, checked: the independent verifier decides whether
//! a fully decided board is a solution (stored) or not (several loops or
//! none: a leaf without one). Any other reason is one deduction should
//! have found, and is an alarm, not a dead end.

use crate::puzzle::solution::Solution;
use crate::puzzle::verify::{verify, Invalid};
use crate::puzzle::Puzzle;
use crate::rules::decision::Event;
use crate::rules::Contradiction;
use crate::solve::outcome::{Options, Outcome, Status};

/// Stores the fully decided board of `p` whose line edges are the rows
/// `h` and `v` (as [`Solution::set_rows`] takes them) as a solution if it
/// is one; `root` if it is the search's root board.
///
/// A board that deduction let through and is not a solution is a leaf
/// without one only if its lines make several loops, or none: deduction
/// leaves the loops of a complete node board to this check (unless it
/// traces, when loop reasoning sees it too; and with loop reasoning off),
/// and no rule asks for a line at all (the board of a puzzle of 0s is
/// crosses alone). Any other reason (a clue not met, a vertex with one,
/// three or four lines) is one the rules should have found: a bug in the
/// reasoning, which [`alarm`] makes loud.
pub(super) fn record<const V: usize>(
    p: &Puzzle,
    h: impl IntoIterator<Item = [u64; V]>,
    v: impl IntoIterator<Item = [u64; V]>,
    o: &Options,
    out: &mut Outcome,
    root: bool,
) {
    let s: &mut Solution = out.push_solution();
    s.set_rows(p.rows(), p.cols(), h, v);
    let Err(e) = verify(p, s) else {
        if o.trace {
            out.trace.push(Event::Solution);
        }
        return;
    };
    out.pop_solution();
    match e {
        Invalid::SeveralLoops if !o.trace || !o.loop_reasoning => {
            // What loop reasoning would have said of the root's board.
            if root {
                out.contradiction = Some(Contradiction::PrematureLoop);
            }
        }
        Invalid::NoLoop => {}
        e => alarm(out, e, cfg!(debug_assertions)),
    }
}

/// A complete board that deduction let through failed the independent
/// check, for a reason deduction should have seen (`why`): with `panic`
/// (builds with debug assertions, as the tests'), a panic; else it is
/// counted in the outcome ([`Outcome::check_failed`]), for batch and judge
/// mode to report, and the branch fails as if deduction had refuted it.
pub(super) fn alarm(out: &mut Outcome, why: Invalid, panic: bool) {
    if panic {
        panic!(
            "internal error: a board the deduction finished failed the independent check ({why})"
        );
    }
    out.check_failed(why);
}

/// The status of a search that ran to its end, by the solutions found.
pub(super) fn found_status(out: &Outcome) -> Status {
    match out.found() {
        0 => Status::NoSolution,
        1 => Status::Solved,
        _ => Status::Multiple,
    }
}

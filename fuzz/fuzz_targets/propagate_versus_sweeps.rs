//! Propagation against sweeps alone (issue 52): a puzzle and some edge
//! settings built from bytes, then the rules to their fixpoint twice:
//! once by `rules::propagate`, which revisits only the rows near a change
//! and leaves families out where others cover them, and once by
//! `rules::pass`, every family on every row, repeated until nothing
//! changes. Both ways run as the solver runs them: the judge's rules
//! first, then (if byte 2 says so) the colour and angle rules on the
//! board marked stalled.
//!
//! Bytes: 0 the rows (1-8), 1 the columns (1-16), 2 whether the colour
//! and angle rules come on, then a clue byte per cell (`b % 5`: 0-3, 4
//! blank), then pairs of bytes, each an edge setting: the plane and row
//! in the first, the column and line or cross in the second (settings may
//! clash: both ways must then find a contradiction).
//!
//! Checked: both find a contradiction or neither, and where neither, the
//! same edges and colours. The check is the integration tests' own
//! (`tests/cli/common/sweeps.rs`), included here by path; `cargo test`
//! runs it on random bytes (`propagation.rs`).

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/cli/common/sweeps.rs"]
mod sweeps;

fuzz_target!(|data: &[u8]| {
    sweeps::propagation_agrees_with_sweeps(data);
});

//! `-q/--quiet`, one option with one meaning for every command that
//! writes to standard error: only errors there. No progress bar, summary,
//! note or warning; what is wrong with an input, an output that cannot be
//! written, and where a run stopped by a signal stopped are still said.

use clap::Args;

/// The quiet option.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct QuietArg {
    /// Only errors on standard error: no progress bar, summary, note or
    /// warning (what is wrong with an input, a failed write and a stop by
    /// a signal are still said).
    #[arg(short, long)]
    pub quiet: bool,
}

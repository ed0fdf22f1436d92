//! The solver options that every solving command takes.

use clap::Args;
use slink::Options;

/// How hard to try on each puzzle.
#[derive(Args, Debug, Clone)]
pub struct SolverArgs {
    /// Use only the judge's rules R1-R15 and the vertex rules: no loop
    /// reasoning, no search.
    #[arg(long)]
    pub rules_only: bool,
    /// Search nodes and probes per puzzle before giving up (deduction at
    /// the root always runs).
    #[arg(long, default_value_t = Options::DEFAULT_BUDGET)]
    pub budget: u64,
}

impl SolverArgs {
    /// The solver options these arguments ask for.
    pub fn options(&self) -> Options {
        let base = if self.rules_only {
            Options::rules_only()
        } else {
            Options::default()
        };
        Options {
            node_budget: self.budget,
            ..base
        }
    }
}

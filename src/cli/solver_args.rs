//! The solver options that every solving command takes.

use clap::Args;
use slink::Options;
use std::time::Duration;

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
    /// Wall-clock time per puzzle before giving up, as `timed-out` (e.g.
    /// `500ms`, `2s`, `1m`). Unlike the budget, its outcome depends on the
    /// machine and its load.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub time_limit: Option<Duration>,
}

/// A duration of the command line, such as `500ms`, `2s` or `1m 30s`
/// (humantime's syntax); more than zero.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    match humantime::parse_duration(s) {
        Ok(d) if d.is_zero() => Err("the duration must be more than zero".into()),
        Ok(d) => Ok(d),
        Err(e) => Err(format!("{e} (expected a duration such as 500ms, 2s or 1m)")),
    }
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
            time_limit: self.time_limit,
            ..base
        }
    }
}

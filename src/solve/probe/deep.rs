//! How probing below a search's root pays on the current puzzle: where it
//! does not, rounds there end sooner, and the search restarts sooner.

/// Probes in a row that decide nothing before a probing round ends.
pub(super) const PROBE_STREAK: usize = 100;

/// How often probes below the root taught something on the current
/// puzzle: where the search meets many solutions (puzzles that are not
/// unique) they hardly ever do, and probing every node would cost far
/// more than the nodes it saves; where it proves a unique puzzle, they
/// often refute a value.
#[derive(Default, Clone, Copy, Debug)]
pub(super) struct DeepProbes {
    probes: u64,
    taught: u64,
}

impl DeepProbes {
    /// Probes below the root tried before their yield is judged.
    const TRIAL: u64 = 200;
    /// The yield below which probing below the root is cut short: one
    /// probe in this many teaching something.
    const RATE: u64 = 100;
    /// The streak that ends a round below the root when probing there
    /// does not pay.
    const SHORT: usize = 10;

    /// Counts a probe at `depth`, which `taught` something or not.
    pub(super) fn count(&mut self, depth: usize, taught: bool) {
        if depth > 0 {
            self.probes += 1;
            self.taught += u64::from(taught);
        }
    }

    /// Probes in a row that teach nothing before a round of probing at
    /// `depth` ends: [`PROBE_STREAK`] at the root and while probing below
    /// it pays, else [`DeepProbes::SHORT`] (never none: without probing, a
    /// search meets its failures only at their leaves).
    pub(super) fn streak(&self, depth: usize) -> usize {
        if depth == 0 || self.pays() {
            PROBE_STREAK
        } else {
            Self::SHORT
        }
    }

    /// Whether probing below the root pays on this puzzle (or has not been
    /// tried enough to tell).
    pub(super) fn pays(&self) -> bool {
        self.probes < Self::TRIAL || self.taught * Self::RATE >= self.probes
    }
}

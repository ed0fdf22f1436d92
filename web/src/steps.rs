//! `slink explain` one step at a time: the library's explanation of one
//! puzzle ([`Walkthrough`]), kept while the page steps through it, its
//! JSON document (`slink explain --json`'s) and the picture of the board
//! after any number of steps.

use slink::run::explain::Walkthrough;
use slink::{Options, Puzzle};

/// The explanation being shown.
pub struct Steps {
    walk: Walkthrough,
    json: String,
}

impl Steps {
    /// Explains puzzle `p`, data set `number`, solved with `options`.
    pub fn new(p: Puzzle, number: usize, options: Options) -> Steps {
        let walk = Walkthrough::new(&p, options);
        let mut json = String::new();
        walk.write_json(number, &mut json);
        Steps { walk, json }
    }

    /// `slink explain --json`'s document.
    pub fn json(&self) -> &str {
        &self.json
    }

    /// The SVG picture of the board after the first `n` steps, the `n`-th
    /// step's edges marked.
    pub fn picture(&self, n: usize) -> String {
        self.walk.picture(n)
    }
}

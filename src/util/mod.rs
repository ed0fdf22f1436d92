//! Helpers that know nothing of puzzles: the seeded random number
//! generator of the generator and of the tests, the request to stop a run
//! at a record boundary that SIGINT and SIGTERM make, and counts in words.

pub mod interrupt;
pub mod rng;

/// `n` and the noun, plural unless `n` is 1: `1 step`, `7 steps`,
/// `2 passes`.
///
/// ```
/// use slink::counted;
/// assert_eq!(counted(1u32, "search node"), "1 search node");
/// assert_eq!(counted(0u32, "probe"), "0 probes");
/// assert_eq!(counted(2u32, "pass"), "2 passes");
/// assert_eq!(counted(3u32, "complete search"), "3 complete searches");
/// ```
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    let sibilant = ["s", "sh", "ch", "x"].iter().any(|end| noun.ends_with(end));
    let plural = if sibilant { "es" } else { "s" };
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}{plural}")
    }
}

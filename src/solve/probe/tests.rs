//! Probing's cache made again: every probe a round would take from
//! [`Prober::known`] (it taught nothing on this very board) is deduced
//! again on the board probing ended with, and must find what the cache
//! says: both values stand, they share nothing new, and the fewer edges
//! either decides is the number kept. What `probe`'s doc claims of the
//! cache ("deduction being a function of the board, the same probe on the
//! same board finds the same"), checked on a sample of puzzles rather
//! than taken on trust; run by `cargo test --profile ci`, whose debug
//! assertions guard the boards' accesses too.

use super::*;
use crate::board::Clues;
use crate::puzzle::region::random_test_puzzle;
use crate::solve::deduce::Scratch;

/// What re-making the cached probes of one puzzle found.
#[derive(Default)]
struct Remade {
    /// Probes taken from the cache and made again.
    probes: usize,
    /// Of them, those that found something other than the cache said.
    differ: Vec<String>,
}

/// Probes `p` at the root as the search would, then makes again every
/// probe the cache holds for the board it ended with.
fn remake_cached(p: &Puzzle, remade: &mut Remade) {
    const W: usize = 1;
    let o = Options::default();
    let frame = Frame::<W>::new(p.rows(), p.cols());
    let mut clues = Clues::<W>::default();
    clues.load(p);
    let mut scratch = Scratch::<W>::default();
    scratch.parity.load(p);
    let mut board = Board::<W>::default();
    board.reset(p.rows());
    let mut out = Outcome::default();
    let given = Given {
        frame: &frame,
        clues: &clues,
    };
    if deduce(
        given,
        &mut scratch,
        &o,
        &mut out.stats,
        &mut board,
        Mode::Node(None),
    )
    .is_err()
    {
        return;
    }
    let mut prober = Prober::<W>::default();
    prober.start();
    let node = Node {
        frame: &frame,
        clues: &clues,
        scratch: &mut scratch,
        board: &mut board,
        depth: 0,
    };
    if prober.probe(node, p, &o, &mut out) != Ok(true) {
        return;
    }
    prober.frontier(&frame, &board, 0);
    let cached: Vec<(EdgeId, u32)> = (prober.candidates.iter())
        .map(|&e| (e, prober.known[Prober::<W>::slot(&frame, e)]))
        .filter(|&(_, (version, _))| version == prober.version)
        .map(|(e, (_, least))| (e, least))
        .collect();
    for (e, least) in cached {
        let mut node = Node {
            frame: &frame,
            clues: &clues,
            scratch: &mut scratch,
            board: &mut board,
            depth: 0,
        };
        let found = prober.both_values(&mut node, e, &o, &mut out.stats);
        let mut common = Board::<W>::default();
        common.copy_from(&board);
        let again = match found {
            (Ok(()), Ok(())) if !common.adopt_common(&prober.line, &prober.cross) => {
                (prober.line.decided_count(&frame)).min(prober.cross.decided_count(&frame))
            }
            other => {
                remade.differ.push(format!(
                    "{e:?} of {p:?}: {other:?}, not both standing apart"
                ));
                continue;
            }
        };
        if again != least {
            remade.differ.push(format!(
                "{e:?} of {p:?}: decides {again}, the cache {least}"
            ));
        }
        remade.probes += 1;
    }
}

#[test]
fn cached_probes_made_again_find_what_the_cache_says() {
    let mut seed = 51;
    let mut remade = Remade::default();
    for case in 0..240 {
        let (rows, cols) = match case % 3 {
            0 => (4 + case % 7, 4 + case % 9),
            1 => (5 + case % 4, 12 + case % 20),
            _ => (3 + case % 5, 30 + case % 30),
        };
        let p = random_test_puzzle(rows, cols, 3 + (case % 5) as u64, &mut seed);
        remake_cached(&p, &mut remade);
    }
    assert!(remade.differ.is_empty(), "{:#?}", remade.differ);
    // A sample worth the name: the cache is used on most probed boards.
    assert!(
        remade.probes > 2000,
        "only {} cached probes made again",
        remade.probes
    );
}

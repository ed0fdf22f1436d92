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
    let (frame, clues) = given_of::<W>(p);
    let mut scratch = Scratch::<W>::default();
    let Some(mut board) = root_board::<W>(p, &mut scratch) else {
        return;
    };
    let Some((mut prober, mut out)) = probe_root(p, &mut scratch, &mut board) else {
        return;
    };
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

/// The cache serves the rounds after the first: a round whose end changed
/// nothing leaves the next round the probes made since its last change
/// (until `finish_round` kept the board's version when it changed
/// nothing, no probe was ever taken from the cache).
#[test]
fn later_rounds_take_probes_from_the_cache() {
    const W: usize = 1;
    let (mut seed, mut cached, mut rounds_probed) = (52, 0, 0);
    for case in 0..60 {
        let (rows, cols) = (5 + case % 6, 5 + case % 8);
        let p = random_test_puzzle(rows, cols, 3 + (case % 5) as u64, &mut seed);
        if let Some((_, _, prober)) = probed_at_root::<W>(&p) {
            cached += prober.cached;
            rounds_probed += 1;
        }
    }
    assert!(rounds_probed > 30, "only {rounds_probed} puzzles probed");
    assert!(
        cached > 0,
        "no probe taken from the cache in {rounds_probed} probings"
    );
}

/// The frame and the clues of `p`.
fn given_of<const W: usize>(p: &Puzzle) -> (Frame<W>, Clues<W>) {
    let mut clues = Clues::<W>::default();
    clues.load(p);
    (Frame::<W>::new(p.rows(), p.cols()), clues)
}

/// Deduces `board`, a board of `p`, as a search node's.
fn deduce_as_node<const W: usize>(
    p: &Puzzle,
    scratch: &mut Scratch<W>,
    board: &mut Board<W>,
) -> Result<(), Contradiction> {
    let (frame, clues) = given_of::<W>(p);
    let given = Given {
        frame: &frame,
        clues: &clues,
    };
    let (o, mut stats) = (Options::default(), Stats::default());
    deduce(given, scratch, &o, &mut stats, board, Mode::Node(None))
}

/// The board of `p` after the deduction at a search's root.
fn root_board<const W: usize>(p: &Puzzle, scratch: &mut Scratch<W>) -> Option<Board<W>> {
    scratch.parity.load(p);
    let mut board = Board::<W>::default();
    board.reset(p.rows());
    deduce_as_node(p, scratch, &mut board).ok()?;
    Some(board)
}

/// Probes `board`, the root board of `p`, as the search would: the prober
/// and the outcome, if probing ended without contradiction.
fn probe_root<const W: usize>(
    p: &Puzzle,
    scratch: &mut Scratch<W>,
    board: &mut Board<W>,
) -> Option<(Prober<W>, Outcome)> {
    let (frame, clues) = given_of::<W>(p);
    let mut out = Outcome::default();
    let mut prober = Prober::<W>::default();
    prober.start();
    let node = Node {
        frame: &frame,
        clues: &clues,
        scratch,
        board,
        depth: 0,
    };
    let done = prober.probe(node, p, &Options::default(), &mut out);
    (done == Ok(true)).then_some((prober, out))
}

/// The root board of `p` probed as the search would, with the scratch
/// and the prober that did it, if neither deduction nor probing met a
/// contradiction.
fn probed_at_root<const W: usize>(p: &Puzzle) -> Option<(Scratch<W>, Board<W>, Prober<W>)> {
    let mut scratch = Scratch::<W>::default();
    let mut board = root_board::<W>(p, &mut scratch)?;
    let (prober, _) = probe_root(p, &mut scratch, &mut board)?;
    Some((scratch, board, prober))
}

/// Within a round, adoptions leave the reasoning beyond loops for the
/// round's end (`Mode::Adopted`): a probing that ends must still hold
/// every edge a node's deduction finds, or the search would branch on a
/// board it could have deduced further.
#[test]
fn probing_ends_where_deduction_adds_nothing() {
    const W: usize = 1;
    let mut seed = 52;
    let mut probed = 0;
    for case in 0..300 {
        let (rows, cols) = (5 + case % 9, 5 + case % 13);
        let p = random_test_puzzle(rows, cols, 5 + (case % 4) as u64, &mut seed);
        let Some((mut scratch, board, _)) = probed_at_root::<W>(&p) else {
            continue;
        };
        let frame = Frame::<W>::new(rows, cols);
        let mut again = board.clone();
        let found = deduce_as_node(&p, &mut scratch, &mut again);
        assert_eq!(found, Ok(()), "case {case}: {p:?}");
        // (Colours and angle marks may grow: the search reads edges.)
        assert!(
            edge_rows(&frame, &again) == edge_rows(&frame, &board),
            "case {case}: deduction adds to {p:?}"
        );
        probed += 1;
    }
    assert!(probed > 100, "only {probed} puzzles probed to the end");
}

/// Whether edge `e` is lonely, by its neighbours one at a time: none of
/// the edges that share an end with it is decided.
fn lonely_by_neighbours<const W: usize>(frame: &Frame<W>, board: &Board<W>, e: EdgeId) -> bool {
    let decided = |p: Plane, i: usize, j: usize| !board.undecided(frame, p, i).has(j);
    let ends = match e.plane {
        Plane::H => [(e.row, e.col), (e.row, e.col + 1)],
        Plane::V => [(e.row, e.col), (e.row + 1, e.col)],
    };
    ends.into_iter().all(|(r, c)| {
        let mut arms = Vec::new();
        if c > 0 {
            arms.push((Plane::H, r, c - 1));
        }
        if c < frame.cols {
            arms.push((Plane::H, r, c));
        }
        if r > 0 {
            arms.push((Plane::V, r - 1, c));
        }
        if r < frame.rows {
            arms.push((Plane::V, r, c));
        }
        arms.into_iter().all(|(p, i, j)| !decided(p, i, j))
    })
}

/// The candidates of a round: every undecided edge once, those with a
/// decided neighbour first, then the lonely ones, each part in the order
/// of the rows (at the root).
#[test]
fn lonely_candidates_come_last_each_part_in_order() {
    const W: usize = 1;
    let mut seed = 53;
    let (mut lonely, mut others) = (0, 0);
    for case in 0..240 {
        let (rows, cols) = (3 + case % 9, 3 + case % 13);
        let p = random_test_puzzle(rows, cols, 2 + (case % 6) as u64, &mut seed);
        let mut scratch = Scratch::<W>::default();
        let Some(board) = root_board::<W>(&p, &mut scratch) else {
            continue;
        };
        let frame = Frame::<W>::new(rows, cols);
        let mut prober = Prober::<W>::default();
        prober.start();
        prober.frontier(&frame, &board, 0);
        let mut rows_order = Vec::new();
        for plane in [Plane::H, Plane::V] {
            for i in 0..frame.plane_rows(plane) {
                let open = board.undecided(&frame, plane, i);
                rows_order.extend(open.ones().map(|j| EdgeId::new(plane, i, j)));
            }
        }
        let (alone, beside): (Vec<EdgeId>, Vec<EdgeId>) = rows_order
            .into_iter()
            .partition(|&e| lonely_by_neighbours(&frame, &board, e));
        (lonely, others) = (lonely + alone.len(), others + beside.len());
        let expected: Vec<EdgeId> = beside.into_iter().chain(alone).collect();
        assert_eq!(prober.candidates, expected, "case {case}: {p:?}");
    }
    // Both kinds met, in numbers.
    assert!(
        lonely > 1000 && others > 1000,
        "{lonely} lonely, {others} others"
    );
}

/// Every edge of `board`, as its line and cross rows.
fn edge_rows<const W: usize>(frame: &Frame<W>, board: &Board<W>) -> Vec<(Row<W>, Row<W>)> {
    let rows = |p| (0..frame.plane_rows(p)).map(move |i| (p, i));
    let all = rows(Plane::H).chain(rows(Plane::V));
    all.map(|(p, i)| (board.lines(p, i), board.crosses(p, i)))
        .collect()
}

/// A search's root probes to its fixpoint; a later node, on the same
/// board, stops after the first round that made progress, so it decides
/// a part of what the root decides (less where the root needed more
/// rounds); `start` makes the next probing a root's again.
#[test]
fn later_nodes_stop_after_a_round_that_made_progress() {
    const W: usize = 1;
    let o = Options::default();
    let (mut seed, mut probed, mut cut_short) = (54, 0, 0);
    // One prober throughout, as a search keeps it.
    let mut prober = Prober::<W>::default();
    for case in 0..240 {
        let (rows, cols) = (5 + case % 9, 5 + case % 13);
        let p = random_test_puzzle(rows, cols, 5 + (case % 4) as u64, &mut seed);
        let mut scratch = Scratch::<W>::default();
        let Some(start) = root_board::<W>(&p, &mut scratch) else {
            continue;
        };
        let (frame, clues) = given_of::<W>(&p);
        // `start` probed at depth 0 (a later node there is one the search
        // came back to after a backtrack).
        let mut probe = |prober: &mut Prober<W>| {
            // Deduced as the search's node is before its probing (which
            // indexes its paths for the probes' loop reasoning).
            let mut board = start.clone();
            deduce_as_node(&p, &mut scratch, &mut board).ok()?;
            let node = Node {
                frame: &frame,
                clues: &clues,
                scratch: &mut scratch,
                board: &mut board,
                depth: 0,
            };
            let done = prober.probe(node, &p, &o, &mut Outcome::default());
            (done == Ok(true)).then(|| edge_rows(&frame, &board))
        };
        prober.start();
        let Some(root) = probe(&mut prober) else {
            continue;
        };
        let later = probe(&mut prober).expect("the root's first round stood");
        prober.start();
        let again = probe(&mut prober);
        assert!(again.as_ref() == Some(&root), "case {case}: {p:?}");
        let within = |(l, x): &(Row<W>, Row<W>), (rl, rx): &(Row<W>, Row<W>)| {
            (*l & !*rl).is_empty() && (*x & !*rx).is_empty()
        };
        let part = later.iter().zip(&root).all(|(l, r)| within(l, r));
        assert!(part, "case {case}: a later node decided more: {p:?}");
        probed += 1;
        cut_short += usize::from(later != root);
    }
    assert!(probed > 100, "only {probed} puzzles probed");
    assert!(cut_short > 0, "no later node stopped short in {probed}");
}

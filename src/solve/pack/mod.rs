//! Several small puzzles of one shape deduced side by side in one board.
//!
//! A 20x20 puzzle uses 21 of a row word's 64 bits, so a sweep of the rules
//! over one board leaves most of every mask operation idle. A [`Pack`] lays
//! up to `64 * W / (cols + 1)` (at most 64) puzzles of one shape next to
//! each other on `W`-word rows ([`Frame::packed`]; a puzzle may straddle
//! two words, as shifts carry between words): the bit after a puzzle's last
//! cell is no cell and no horizontal edge, so every puzzle reads its
//! neighbours as off the grid, exactly as at the border of a board of its
//! own. The judge's rules look only at nearby cells, so one propagation
//! over the packed board reaches, for each puzzle, the fixpoint it would
//! reach alone; [`Pack::unpack`] then hands each puzzle its board, from
//! which the solver goes on (loop reasoning, search) as usual.

pub(super) mod stream;

use crate::bits::{Row, RowSet};
use crate::board::{domino_loop_fits, Board, Clues, Frame};
use crate::grid::Plane;
use crate::puzzle::Puzzle;
use crate::rules::{self, Contradiction, Ctx, Due};

/// Widest puzzle a pack takes: each goes on alone on one-word rows.
const MAX_COLS: usize = Row::<1>::BITS - 2;

/// Puzzles of one shape, deduced together with the judge's rules, each in
/// a lane of the packed board.
#[derive(Default)]
pub struct Pack<const W: usize> {
    frame: Option<Frame<W>>,
    clues: Clues<W>,
    edges: Board<W>,
    rows: usize,
    cols: usize,
    len: usize,
    /// After [`Pack::run`]: the lanes it left finished (bit `k` for lane
    /// `k`).
    done: u64,
    /// The decided edges of every plane row (`H` rows, then `V` rows) as
    /// [`Pack::moved`] last saw them.
    seen: Vec<Row<W>>,
    /// Scratch: rows.
    near: RowSet,
    open: RowSet,
    /// The rows propagation has yet to visit.
    due: Due,
    /// Whether the complete solver's local rules (colours, angles) ran on
    /// the board since its last full reset ([`Pack::go_on`]): the board may
    /// hold colour and angle marks.
    stalled: bool,
}

impl<const W: usize> Pack<W> {
    /// How many `rows x cols` puzzles fit side by side in one pack (0 or 1
    /// when packing would not pay); at most 64, one bit each in
    /// [`Pack::finished`].
    pub fn capacity(rows: usize, cols: usize) -> usize {
        if rows == 0 || cols == 0 || cols > MAX_COLS {
            return 0;
        }
        (Row::<W>::BITS / (cols + 1)).min(u64::BITS as usize)
    }

    /// Whether `p` may share a pack: not when the rectangle around two of
    /// its 3s may be the solution, where R4 is left out for it alone (see
    /// [`rules::threes`]), nor with a clue 4, which deduction never sees
    /// ([`crate::solve::four`]).
    pub fn admits(p: &Puzzle) -> bool {
        Self::capacity(p.rows(), p.cols()) >= 2 && !domino_loop_fits(p) && !p.has_four()
    }

    /// Deduces `puzzles` (one shape, each admitted, at most
    /// [`Pack::capacity`]) side by side to the fixpoint of the judge's
    /// rules and, if some puzzle is left unfinished, of the complete
    /// solver's local rules; returns the number of sweeps. A contradiction
    /// in any of them fails the whole pack (it does not say which puzzle).
    pub fn deduce(&mut self, puzzles: &[&Puzzle]) -> Result<u32, Contradiction> {
        self.start(puzzles);
        let (passes, _) = self.run(0, u32::MAX)?;
        if self.done.count_ones() as usize != self.len {
            self.go_on()?;
        }
        Ok(passes)
    }

    /// Starts a pack of `puzzles` (one shape, each admitted, at most
    /// [`Pack::capacity`]), puzzle `k` in lane `k`, with nothing decided.
    pub fn start(&mut self, puzzles: &[&Puzzle]) {
        let first = puzzles.first().expect("a pack of at least one puzzle");
        let (rows, cols) = (first.rows(), first.cols());
        assert!(
            puzzles.len() <= Self::capacity(rows, cols),
            "{} puzzles of {cols} columns do not fit in a pack",
            puzzles.len()
        );
        // The frame of the last pack, if of the same shape and length.
        let frame = match self.frame {
            Some(f) if (self.rows, self.cols, self.len) == (rows, cols, puzzles.len()) => f,
            _ => Frame::packed(rows, cols, puzzles.len()),
        };
        self.clues.load_packed(puzzles);
        assert!(
            !self.clues.domino_loop_fits,
            "a puzzle the pack does not admit"
        );
        if self.stalled {
            self.edges.reset(rows);
            self.stalled = false;
        } else {
            // The judge's rules set no colour nor angle mark.
            self.edges.reset_edges(rows);
        }
        (self.rows, self.cols, self.len) = (rows, cols, puzzles.len());
        self.frame = Some(frame);
        self.done = 0;
        self.seen.clear();
        self.seen.resize(2 * rows + 1, Row::EMPTY);
    }

    /// Puts in each lane of `lanes` (bit `k` for lane `k`) the puzzle
    /// `puzzle(k)` (of the pack's shape, admitted) in place of the one
    /// there, with nothing decided; the other lanes keep their boards. Not
    /// after [`Pack::go_on`].
    pub fn replace<'p>(&mut self, lanes: u64, puzzle: impl Fn(usize) -> &'p Puzzle) {
        assert!(!self.stalled, "a pack whose board holds marks");
        assert!(
            lanes.checked_shr(self.len as u32).unwrap_or(0) == 0,
            "lanes {lanes:#x} of a pack of {}",
            self.len
        );
        let (stride, shape) = (self.cols + 1, (self.rows, self.cols));
        let bits = self.lane_bits(lanes);
        let each = || (0..self.len).filter(move |k| lanes >> k & 1 == 1);
        self.clues.replace(
            bits,
            each().map(|k| {
                let p = puzzle(k);
                assert_eq!(
                    (p.rows(), p.cols()),
                    shape,
                    "packed puzzles differ in shape"
                );
                debug_assert!(Self::admits(p), "a puzzle the pack does not admit");
                (k * stride, p)
            }),
        );
        self.edges.keep_edges(!bits);
        for row in &mut self.seen {
            *row &= !bits;
        }
        self.done &= !lanes;
    }

    /// Deduces with the judge's rules side by side until their fixpoint,
    /// or until at least `enough` of the lanes `watch` (bit `k` for lane
    /// `k`) are finished: returns the number of sweeps and whether it
    /// reached the fixpoint. [`Pack::finished`] then tells the lanes
    /// finished. A contradiction in any lane fails the whole pack.
    pub fn run(&mut self, watch: u64, enough: u32) -> Result<(u32, bool), Contradiction> {
        let frame = self.frame.expect("a pack started");
        let (len, stride) = (self.len, self.cols + 1);
        let (mut done, mut stopped) = (0, false);
        // (Nothing to look at after each sweep if it cannot stop.)
        let may_stop = enough <= watch.count_ones();
        let mut ctx = Ctx::new(&frame, &self.clues, &mut self.edges);
        let ran = rules::propagate_until(&mut ctx, &mut self.due, |board| {
            may_stop && {
                done = finished_lanes(board, &frame, len, stride);
                stopped = (done & watch).count_ones() >= enough;
                stopped
            }
        });
        let passes = ran.inspect_err(|_| self.done = 0)?;
        if !stopped {
            done = finished_lanes(&self.edges, &frame, len, stride);
        }
        self.done = done;
        Ok((passes, !stopped))
    }

    /// The lanes where some edge was decided since the last call (or the
    /// pack's start, or the lane's puzzle came in): bit `k` for lane `k`.
    pub fn moved(&mut self) -> u64 {
        let frame = self.frame.expect("a pack started");
        let mut moved = Row::<W>::EMPTY;
        let (h, v) = self.seen.split_at_mut(frame.plane_rows(Plane::H));
        for (seen, p) in [(h, Plane::H), (v, Plane::V)] {
            let rows = self.edges.line_rows(p).iter().zip(self.edges.cross_rows(p));
            for (seen, (l, x)) in seen.iter_mut().zip(rows) {
                let decided = *l | *x;
                moved |= decided ^ *seen;
                *seen = decided;
            }
        }
        self.lanes_with(moved)
    }

    /// Runs the later tiers of the rules (the corner families, R13) once
    /// on the rows near every undecided edge of the lanes `lanes`, where
    /// the first tier is at its fixpoint while other lanes keep it busy.
    pub fn later_tiers(&mut self, lanes: u64) {
        let frame = self.frame.expect("a pack started");
        let bits = self.lane_bits(lanes);
        // The plane rows (of either plane) with an undecided edge there.
        let open = &mut self.open;
        open.resize(self.rows + 1);
        open.clear_all();
        for p in [Plane::H, Plane::V] {
            for i in 0..frame.plane_rows(p) {
                if self.edges.undecided(&frame, p, i) & bits != Row::EMPTY {
                    open.insert(i);
                }
            }
        }
        let mut ctx = Ctx::new(&frame, &self.clues, &mut self.edges);
        rules::later_tiers_near(&mut ctx, open, &mut self.near);
    }

    /// The bits of the lanes `lanes` (bit `k` for lane `k`): each lane's
    /// columns and the gap after them.
    fn lane_bits(&self, lanes: u64) -> Row<W> {
        let (stride, own) = (self.cols + 1, u64::MAX >> (63 - self.cols));
        let mut bits = Row::EMPTY;
        for k in (0..self.len).filter(|k| lanes >> k & 1 == 1) {
            bits.or_at(k * stride, own);
        }
        bits
    }

    /// The bits of the lanes whose puzzle has a 2 or a 3, where a loop
    /// round one cell cannot be the solution ([`closing`]).
    fn closing_lanes(&self) -> Row<W> {
        self.lane_bits(self.lanes_with(self.clues.twos_and_threes()))
    }

    /// The lanes with a bit of `row` (bit `k` for lane `k`).
    fn lanes_with(&self, row: Row<W>) -> u64 {
        let (stride, own) = (self.cols + 1, u64::MAX >> (63 - self.cols));
        (0..self.len)
            .filter(|&k| row.word_at(k * stride) & own != 0)
            .fold(0, |lanes, k| lanes | 1 << k)
    }

    /// The rows a run stopped short of its fixpoint ([`Pack::run`]) had
    /// yet to visit (in any lane), into `into`.
    pub fn due_rows(&self, into: &mut RowSet) {
        self.edges.changed_rows(into);
    }

    /// After [`Pack::run`] reached its fixpoint with some lane unfinished:
    /// the complete solver's rules that are as local as the judge's
    /// (colours and angles) go on side by side to their fixpoint too.
    pub fn go_on(&mut self) -> Result<(), Contradiction> {
        let frame = self.frame.expect("a pack started");
        // Set first: a failed run leaves marks too.
        self.stalled = true;
        self.edges.stall();
        // (No loop reasoning in a pack: loops round one cell closed here.)
        let closing = self.closing_lanes();
        let mut ctx = Ctx::new(&frame, &self.clues, &mut self.edges);
        ctx.colors = true;
        ctx.angles = true;
        ctx.closing = closing;
        rules::propagate(&mut ctx, &mut self.due).inspect_err(|_| self.done = 0)?;
        Ok(())
    }

    /// The bit where puzzle `k`'s first column lies, as [`Frame::packed`]
    /// lays them out.
    fn origin(&self, k: usize) -> usize {
        k * (self.cols + 1)
    }

    /// The lanes the last [`Pack::run`] left finished (every edge
    /// decided): bit `k` for lane `k`; none if it failed.
    pub fn finished(&self) -> u64 {
        self.done
    }

    /// The line edges of the puzzle in lane `k` in plane `p`, a row of one
    /// word at a time (bit `j` for column `j`, no bit beyond the row's
    /// edges).
    pub fn lines(&self, k: usize, p: Plane) -> impl Iterator<Item = [u64; 1]> + '_ {
        assert!(k < self.len, "puzzle {k} of a pack of {}", self.len);
        let origin = self.origin(k);
        let bits = Frame::<1>::new(self.rows, self.cols).plane_bits(p).0[0];
        (0..p.rows(self.rows)).map(move |i| [self.edges.lines(p, i).word_at(origin) & bits])
    }

    /// Writes the line edges of the puzzle in lane `k` into `into`, a word
    /// a row: the `H` rows, then the `V` rows (bit `j` for column `j`, no
    /// bit beyond the row's edges).
    pub fn copy_lines(&self, k: usize, into: &mut [u64]) {
        assert!(k < self.len, "puzzle {k} of a pack of {}", self.len);
        // The lane's bits lie in word `w` from bit `o` on, and in the next
        // word if they go past it.
        let (w, o) = (self.origin(k) / 64, self.origin(k) % 64);
        let next = (w + 1 < W && o + self.cols >= 64).then_some(w + 1);
        let own = Frame::<1>::new(self.rows, self.cols);
        let (h, v) = into.split_at_mut(Plane::H.rows(self.rows));
        for (into, p) in [(h, Plane::H), (v, Plane::V)] {
            let bits = own.plane_bits(p).0[0];
            let rows = into.iter_mut().zip(self.edges.line_rows(p));
            match next {
                Some(n) => {
                    rows.for_each(|(word, r)| *word = (r.0[w] >> o | r.0[n] << (64 - o)) & bits)
                }
                None => rows.for_each(|(word, r)| *word = r.0[w] >> o & bits),
            }
        }
    }

    /// Puts the board of the puzzle in lane `k` into `board`, marked as at
    /// the rules' fixpoint.
    pub fn unpack(&self, k: usize, board: &mut Board<1>) {
        assert!(k < self.len, "puzzle {k} of a pack of {}", self.len);
        let origin = self.origin(k);
        let own = Frame::<1>::new(self.rows, self.cols);
        board.set_rows_of(&self.edges, |part, m| {
            Row([m.word_at(origin)]) & part.bits(&own)
        });
        board.settle();
        if self.stalled {
            board.set_stalled();
        }
    }
}

/// The lanes of `board` (a pack of `len` puzzles, `stride` bits apart)
/// with every edge decided: bit `k` for lane `k`.
fn finished_lanes<const W: usize>(
    board: &Board<W>,
    frame: &Frame<W>,
    len: usize,
    stride: usize,
) -> u64 {
    let open = board.undecided_columns(frame);
    let own = u64::MAX >> (64 - stride);
    (0..len)
        .filter(|&k| open.word_at(k * stride) & own == 0)
        .fold(0, |done, k| done | 1 << k)
}

#[cfg(test)]
pub(in crate::solve) mod tests {
    use super::*;
    use crate::puzzle::region::random_test_puzzle;

    /// The boards the judge's rules alone reach for `p` and then, if they
    /// stall, the complete solver's local rules (as [`crate::engine`]
    /// deduces a puzzle alone), or the contradiction.
    pub(in crate::solve) fn alone(p: &Puzzle) -> Result<(Board<1>, Board<1>), Contradiction> {
        let frame = Frame::<1>::new(p.rows(), p.cols());
        let mut clues = Clues::default();
        clues.load(p);
        let mut edges = Board::default();
        edges.reset(p.rows());
        let mut due = Due::default();
        rules::propagate(&mut Ctx::new(&frame, &clues, &mut edges), &mut due)?;
        let judge = edges.clone();
        if !edges.is_complete(&frame) {
            edges.stall();
            let mut ctx = Ctx::new(&frame, &clues, &mut edges);
            ctx.colors = true;
            ctx.angles = true;
            ctx.closing = rules::closing::closing_cells(&clues);
            rules::propagate(&mut ctx, &mut due)?;
        }
        Ok((judge, edges))
    }

    /// Side by side, only the lanes of puzzles with a 2 or a 3 close loops
    /// round one cell: the others' loop may be one. Alone, a puzzle
    /// closes them everywhere or nowhere.
    #[test]
    fn only_the_lanes_of_puzzles_with_a_two_or_a_three_close_loops() {
        use crate::puzzle::Clue;
        let puzzle = |clue: u8| {
            let clues = [
                Clue::Number(clue),
                Clue::Blank,
                Clue::Number(1),
                Clue::Blank,
            ];
            Puzzle::new(2, 2, &clues).unwrap()
        };
        let (without, with) = (puzzle(0), puzzle(3));
        let mut pack = Pack::<1>::default();
        pack.start(&[&without, &with, &without, &with]);
        // Lanes of three columns: two cells and the gap after them.
        assert_eq!(pack.closing_lanes().0[0], 0b111 << 3 | 0b111 << 9);
        let mut clues = Clues::<1>::default();
        clues.load(&without);
        assert!(rules::closing::closing_cells(&clues).is_empty());
        clues.load(&with);
        assert_eq!(rules::closing::closing_cells(&clues), !Row::EMPTY);
    }

    /// Packs of random puzzles on `W`-word rows reach, for each puzzle,
    /// the board it reaches alone, and fail exactly when one fails alone.
    fn packs_match_puzzles_alone<const W: usize>(seed: u64) {
        let mut seed = seed;
        let (mut packs, mut failed, mut done) = (0, 0, 0);
        for (rows, cols) in [(1, 1), (3, 4), (5, 5), (6, 9), (4, 20), (2, 31), (3, 62)] {
            for _ in 0..40 {
                let n = Pack::<W>::capacity(rows, cols);
                let puzzles: Vec<Puzzle> = (0..n)
                    .map(|_| random_test_puzzle(rows, cols, 1, &mut seed))
                    .filter(Pack::<W>::admits)
                    .collect();
                if puzzles.is_empty() {
                    continue;
                }
                let refs: Vec<&Puzzle> = puzzles.iter().collect();
                let singles: Vec<_> = refs.iter().map(|p| alone(p)).collect();
                let mut pack = Pack::<W>::default();
                match pack.deduce(&refs) {
                    Ok(_) => {
                        packs += 1;
                        let finished = pack.finished();
                        for (k, single) in singles.iter().enumerate() {
                            let mut board = Board::default();
                            pack.unpack(k, &mut board);
                            let (judge, single) = single.as_ref().expect("no contradiction alone");
                            let at = format!("W {W}, {rows}x{cols}, puzzle {k}");
                            let own = Frame::<1>::new(rows, cols);
                            let complete = judge.is_complete(&own);
                            if complete {
                                // Finished by the judge's rules: only its
                                // edges count (the complete solver's rules
                                // may have run on the pack for the others,
                                // adding colours and angle marks).
                                for p in [Plane::H, Plane::V] {
                                    for i in 0..p.rows(rows) {
                                        let got = (board.lines(p, i), board.crosses(p, i));
                                        let want = (judge.lines(p, i), judge.crosses(p, i));
                                        assert_eq!(got, want, "{at}, {p:?} row {i}");
                                    }
                                }
                            } else {
                                assert_eq!(&board, single, "{at}");
                            }
                            // The lines as the board holds them (past
                            // the judge's rules where they stalled).
                            let single = if complete { judge } else { single };
                            assert_eq!(finished >> k & 1 == 1, complete, "{at}");
                            done += usize::from(complete);
                            for p in [Plane::H, Plane::V] {
                                let lines: Vec<u64> = pack.lines(k, p).map(|[w]| w).collect();
                                let want: Vec<u64> = (0..p.rows(rows))
                                    .map(|i| single.lines(p, i).0[0] & own.plane_bits(p).0[0])
                                    .collect();
                                assert_eq!(lines, want, "{at}, {p:?}");
                            }
                        }
                        let rest = finished.checked_shr(singles.len() as u32).unwrap_or(0);
                        assert_eq!(rest, 0, "W {W}, {rows}x{cols}");
                    }
                    Err(_) => {
                        failed += 1;
                        assert!(singles.iter().any(Result::is_err), "W {W}, {rows}x{cols}");
                    }
                }
            }
        }
        // Both ways are exercised, and finished boards too.
        assert!(
            packs > 30 && failed > 10 && done > 10,
            "W {W}: {packs} packs deduced, {failed} failed, {done} puzzles finished"
        );
    }

    #[test]
    fn packed_boards_reach_each_puzzles_own_fixpoint() {
        packs_match_puzzles_alone::<1>(7);
    }

    #[test]
    fn wider_packs_straddle_words_soundly() {
        packs_match_puzzles_alone::<2>(8);
        packs_match_puzzles_alone::<4>(9);
    }

    #[test]
    fn solving_in_packs_gives_each_puzzles_own_outcome() {
        use crate::solve::outcome::Options;
        use crate::solve::solver::Solver;
        let mut seed = 11;
        // Runs of one shape broken by other shapes, in uneven lengths, some
        // longer than a pack.
        let mut puzzles = Vec::new();
        let runs = [
            (5, 5, 13),
            (6, 7, 4),
            (5, 5, 2),
            (3, 40, 3),
            (8, 8, 9),
            (20, 20, 40),
            (9, 9, 70),
        ];
        for (rows, cols, n) in runs {
            puzzles.extend((0..n).map(|_| random_test_puzzle(rows, cols, 1, &mut seed)));
        }
        let refs: Vec<&Puzzle> = puzzles.iter().collect();
        for options in [Options::default(), Options::rules_only()] {
            let mut single = Solver::new(options);
            let mut packed = Solver::new(options);
            let mut seen = 0;
            let mut statuses = Vec::new();
            packed.solve_all(&refs, |k, got| {
                assert_eq!(k, seen, "outcomes in input order");
                seen += 1;
                let want = single.solve(refs[k]);
                assert_eq!(got.status(), want.status(), "puzzle {k}");
                assert_eq!(got.solutions(), want.solutions(), "puzzle {k}");
                assert_eq!(got.stats.nodes, want.stats.nodes, "puzzle {k}");
                assert_eq!(got.stats.probes, want.stats.probes, "puzzle {k}");
                statuses.push(got.status());
            });
            assert_eq!(seen, refs.len());
            // The random puzzles cover more than one kind of outcome.
            let kinds = statuses
                .iter()
                .map(|s| s.name())
                .collect::<std::collections::BTreeSet<_>>();
            assert!(kinds.len() >= 2, "only {kinds:?}");
        }
    }

    #[test]
    fn a_full_pack_of_64_finishes_every_puzzle() {
        // 64 puzzles, the most a pack takes: one bit each in `finished`.
        let p = Puzzle::from_rows("22/22").unwrap();
        assert_eq!(Pack::<4>::capacity(2, 2), 64);
        let refs = vec![&p; 64];
        let mut pack = Pack::<4>::default();
        pack.deduce(&refs).expect("the 2x2 of 2s is solvable");
        assert_eq!(pack.finished(), u64::MAX);
        for k in [0, 31, 63] {
            let h: Vec<u64> = pack.lines(k, Plane::H).map(|[w]| w).collect();
            assert_eq!(h, [0b11, 0, 0b11], "puzzle {k}");
        }
    }

    #[test]
    fn capacity_fills_the_row() {
        assert_eq!(Pack::<1>::capacity(20, 20), 3);
        assert_eq!(Pack::<1>::capacity(10, 10), 5);
        assert_eq!(Pack::<1>::capacity(5, 31), 2);
        assert_eq!(Pack::<1>::capacity(5, 63), 0);
        assert_eq!(Pack::<1>::capacity(0, 5), 0);
        assert_eq!(Pack::<4>::capacity(20, 20), 12);
        assert_eq!(Pack::<4>::capacity(5, 62), 4);
        // One bit per puzzle in `finished`.
        assert_eq!(Pack::<4>::capacity(5, 3), 64);
        assert_eq!(Pack::<4>::capacity(5, 1), 64);
    }
}

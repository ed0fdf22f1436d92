//! The rules' propagation against sweeps alone, through the library's
//! internals (issue 52): the check is shared with the fuzz target
//! `propagate_versus_sweeps` (`common/sweeps.rs`).

use crate::common::{propagation_agrees_with_sweeps, random_region, Rng, Shape};

/// Propagation (only the rows near a change, the cell rules left to the
/// angles' where these are on) against every family swept over every row
/// until nothing changes, on random loops' puzzles of one-word rows (some
/// clues blanked, some of the loop's edges set, now and then one of them
/// flipped), with and without the colour and angle rules: both find a
/// contradiction or
/// neither, and otherwise the same edges and colours
/// (the fuzz target `propagate_versus_sweeps` makes the same check).
#[test]
fn propagation_agrees_with_sweeps_on_random_boards() {
    let mut rng = Rng::new(0x5eed_0052);
    let mut contradicted = 0;
    let inputs = 4000;
    for _ in 0..inputs {
        let (rows, cols) = (rng.between(1, 8), rng.between(1, 16));
        // A loop's clues (the boundary of a random region), some blanked,
        // and some of its edges set, one of them now and then flipped.
        let shape = [Shape::Blobby, Shape::Thin, Shape::Winding][rng.index(3)];
        let target = rng.between(1, rows * cols);
        let inside = random_region(rows, cols, shape, target, &mut rng);
        let at = |i: isize, j: isize| {
            (0..rows as isize).contains(&i)
                && (0..cols as isize).contains(&j)
                && inside[i as usize * cols + j as usize]
        };
        let blank = rng.unit();
        let mut data = vec![(rows - 1) as u8, (cols - 1) as u8, rng.index(2) as u8];
        for (i, j) in (0..rows as isize).flat_map(|i| (0..cols as isize).map(move |j| (i, j))) {
            let here = at(i, j);
            let sides = [(-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .filter(|(di, dj)| at(i + di, j + dj) != here)
                .count();
            data.push(if rng.chance(blank) { 4 } else { sides as u8 });
        }
        for _ in 0..rng.index(13) {
            let (vertical, i, j) = (rng.index(2), rng.index(rows + 1), rng.index(cols + 1));
            let (i, j) = if vertical == 1 {
                (i.min(rows - 1), j)
            } else {
                (i, j.min(cols - 1))
            };
            let (i, j) = (i as isize, j as isize);
            let line = if vertical == 1 {
                at(i, j - 1) != at(i, j)
            } else {
                at(i - 1, j) != at(i, j)
            };
            let cross = line == rng.chance(0.05);
            data.push(vertical as u8 | (i as u8) << 1);
            data.push(u8::from(cross) | (j as u8) << 1);
        }
        contradicted += usize::from(propagation_agrees_with_sweeps(&data));
    }
    // Both kinds of boards came up.
    assert!(
        (inputs / 20..inputs * 9 / 10).contains(&contradicted),
        "{contradicted} of {inputs} boards contradicted"
    );
}

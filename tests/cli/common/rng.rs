//! The tests' random numbers and random regions: the library's one RNG
//! (`util::rng::Rng`, xoshiro256**) and its one region grower
//! (`puzzle::region::Region`), reached through `slink::internals`.

pub use slink::internals::puzzle::region::Shape;
pub use slink::internals::util::rng::Rng;

/// The cells (row-major, `true` inside) of a random region of about
/// `target` cells of an `rows x cols` board, grown by the library's grower:
/// 4-connected, without holes and without two cells touching only at a
/// corner, so that its boundary is one loop.
pub fn random_region(
    rows: usize,
    cols: usize,
    shape: Shape,
    target: usize,
    rng: &mut Rng,
) -> Vec<bool> {
    let region = slink::internals::puzzle::region::Region::grow(rows, cols, shape, target, rng);
    (0..rows * cols)
        .map(|k| region.contains(k / cols, k % cols))
        .collect()
}

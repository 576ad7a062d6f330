//! Small shared utilities: the named, version-pinned RNG and Zobrist tables and hashes.

use rand::rngs::ChaCha8Rng;
use rand::{Rng, SeedableRng};

/// The one RNG the project uses for anything reproducible: ChaCha8 seeded from a u64.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A table of `n` random 64-bit keys from a fixed seed (for Zobrist hashing).
pub fn zobrist_table(n: usize, seed: u64) -> Vec<u64> {
    let mut r = rng(seed);
    (0..n).map(|_| r.next_u64()).collect()
}

/// The Zobrist hash of a board from scratch: the XOR of `table[2 * point + colour index]` over
/// every stone (the layout the engines' tables use), to check an incrementally kept hash.
pub fn zobrist_of(cells: &[Option<crate::games::Color>], table: &[u64]) -> u64 {
    cells
        .iter()
        .enumerate()
        .filter_map(|(p, c)| c.map(|c| table[p * 2 + c.index()]))
        .fold(0, |h, k| h ^ k)
}

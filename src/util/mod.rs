//! Small shared utilities: the named, version-pinned RNG and Zobrist tables, and reading
//! text files (`text`).

pub mod text;

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

//! Anchor benchmark (fixed seed): random playouts on one core, each judged at the end.

use std::time::Instant;

use rand::RngExt;
use stonepress::games::anchor::{Anchor, Move};
use stonepress::util::rng;

fn main() {
    let mut r = rng(1);
    let n = 2000;
    let t = Instant::now();
    let mut placements = 0u64;
    let mut black_wins = 0;
    for _ in 0..n {
        let mut a = Anchor::new();
        a.mirror_rule = true;
        let mut empties: Vec<u16> = a.board().points().collect();
        while !empties.is_empty() {
            let i = r.random_range(0..empties.len());
            let p = empties.swap_remove(i);
            if a.play(Move::Place(p)).is_ok() {
                placements += 1;
            }
        }
        a.play(Move::Pass).ok();
        a.play(Move::Pass).ok();
        if a.score().winner() == Some(stonepress::games::anchor::Color::Black) {
            black_wins += 1;
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "anchor: {:.0} random playouts/s with final scoring ({:.2} M placements/s; Black won {black_wins} of {n})",
        n as f64 / s,
        placements as f64 / s / 1e6
    );
}

//! Hexade benchmark (fixed seed): random playouts on base 10 per second on one core, with
//! captures and the six check after every placement.

use std::time::Instant;

use rand::RngExt;
use stonepress::games::hexade::{Hexade, Outcome};
use stonepress::util::rng;

fn main() {
    let mut r = rng(1);
    let mut h = Hexade::new(10);
    let n = 2000;
    let mut placements = 0u64;
    let t = Instant::now();
    for _ in 0..n {
        let mut empties: Vec<u16> = h.board().points().collect();
        let mut played = 0;
        while h.outcome() == Outcome::Ongoing && !empties.is_empty() {
            let i = r.random_range(0..empties.len());
            let p = empties.swap_remove(i);
            if h.play(p).is_ok() {
                played += 1;
            } else if h.stone(p).is_none() {
                empties.push(p);
            }
            if h.stones(stonepress::games::hexade::Color::White)
                + h.stones(stonepress::games::hexade::Color::Black)
                < played
            {
                // Captured cells are playable again.
                empties = h
                    .board()
                    .points()
                    .filter(|&q| h.stone(q).is_none())
                    .collect();
            }
        }
        placements += played as u64;
        for _ in 0..played {
            h.undo();
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "hexade: {:.0} random base-10 playouts/s ({:.2} M placements/s, {:.1} placements each)",
        n as f64 / s,
        placements as f64 / s / 1e6,
        placements as f64 / n as f64
    );
}

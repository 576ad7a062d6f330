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
    anchor2d_bench();
}

/// Anchor 2D: random games until a player has five pairs (pairs re-evaluated after every
/// placement), and the nine-pair evaluation of full boards.
fn anchor2d_bench() {
    use stonepress::games::anchor2d::{Anchor2d, Color};
    let mut r = rng(2);
    let n = 100;
    let t = Instant::now();
    let mut placements = 0u64;
    for _ in 0..n {
        let mut a = Anchor2d::new();
        while a.winner().is_none() {
            let moves = a.legal_moves();
            if moves.is_empty() {
                break;
            }
            a.play(moves[r.random_range(0..moves.len())]).unwrap();
            placements += 1;
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "anchor2d: {:.1} random games/s to a winner ({:.0} placements/s with all nine pairs \
         re-evaluated after each)",
        n as f64 / s,
        placements as f64 / s
    );
    let mut boards = Vec::new();
    for _ in 0..50 {
        let mut a = Anchor2d::new();
        let cells: Vec<u16> = a.legal_moves();
        let mut order = cells.clone();
        for i in (1..order.len()).rev() {
            order.swap(i, r.random_range(0..=i));
        }
        let stones: Vec<_> = order
            .iter()
            .enumerate()
            .map(|(i, &p)| {
                (
                    p,
                    if i % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    },
                )
            })
            .collect();
        a.setup(&stones, Color::Black);
        boards.push(a);
    }
    let t = Instant::now();
    let mut found = 0;
    for a in &boards {
        found += a.pairs(Color::Black).len() + a.pairs(Color::White).len();
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "anchor2d: all nine pairs of both players on a full board in {:.3} ms ({found} pairs on 50 boards)",
        s * 1000.0 / boards.len() as f64
    );
}

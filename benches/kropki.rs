//! Kropki benchmark (fixed seed): random playouts on the traditional 39 x 32 field; after
//! every placement the mover's declarable regions around it are enumerated and declared
//! greedily. Then the work of oppai-rs's random-game benchmark (`oppai-bench -w 39 -h 32`):
//! every node of the field tried once in a seeded random order, each placement resolved with
//! automatic capture (`Kropki::play_auto`), the winner counted, the game taken back.
//!
//! `cargo bench --bench kropki -- auto GAMES SEED` runs only that work (for timing it next to
//! `oppai-bench -n GAMES -s SEED` with `time`), `-- own GAMES` only the first, and
//! `-- own-replay GAMES` the first with each declaring placement replayed with its
//! declarations, the way playouts had to declare before `Kropki::declare_in_move`.

use std::time::Instant;

use rand::RngExt;
use stonepress::games::kropki::{Kropki, Node};
use stonepress::util::rng;

/// Plays `games` automatic-capture games on 39 x 32, each trying every node once in a seeded
/// random order, and prints the figures.
fn auto_games(games: u64, seed: u64) {
    let mut r = rng(seed);
    let mut k = Kropki::new(39, 32);
    let mut order: Vec<Node> = k.nodes().collect();
    let (mut placements, mut captured, mut wins) = (0u64, 0u64, [0u64; 2]);
    let t = Instant::now();
    for _ in 0..games {
        for i in (1..order.len()).rev() {
            order.swap(i, r.random_range(0..=i));
        }
        for &n in &order {
            if k.play_auto(n).is_ok() {
                placements += 1;
            }
        }
        let [b, w] = k.captured();
        captured += u64::from(b + w);
        if b != w {
            wins[usize::from(w > b)] += 1;
        }
        while k.moves_played() > 0 {
            k.undo();
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "kropki auto-capture (oppai-bench's work): {:.0} placements/s, {:.0} tries/s, {:.1} us a \
         game ({games} games of 39 x 32: {:.1} placements and {:.1} captured dots each; wins \
         {}:{})",
        placements as f64 / s,
        (games * order.len() as u64) as f64 / s,
        s * 1e6 / games as f64,
        placements as f64 / games as f64,
        captured as f64 / games as f64,
        wins[0],
        wins[1]
    );
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let num = |i: usize, d: u64| args.get(i).map_or(d, |a| a.parse().expect("a number"));
    match args.first().map(String::as_str) {
        Some("auto") => auto_games(num(1, 2000), num(2, 7)),
        Some("own") => own_games(num(1, 100), false),
        Some("own-replay") => own_games(num(1, 100), true),
        _ => {
            own_games(100, false);
            auto_games(2000, 7);
            enumeration();
        }
    }
}

/// The game's own random playouts with greedy declarations (seed 1). With `replay`, the
/// declarations are made as before the engine took them after the placement: the placement
/// taken back and played again with each candidate declaration, then with those accepted
/// (the same games; for comparing the engine alone with older versions).
fn own_games(games: u64, replay: bool) {
    let mut r = rng(1);
    let mut placements = 0u64;
    let mut regions = 0u64;
    // Playouts start from a copy of the root position (the geometry board is shared).
    let root = Kropki::new(39, 32);
    let t = Instant::now();
    for _ in 0..games {
        let mut k = root.clone();
        let mut free: Vec<Node> = k.nodes().collect();
        // Pools the mover's opponent gained when the mover played inside their enclosure:
        // declared with the opponent's next placement.
        let mut pending: Vec<Node> = Vec::new();
        while !free.is_empty() {
            let i = r.random_range(0..free.len());
            let m = free.swap_remove(i);
            if k.can_place(m).is_err() {
                continue;
            }
            let c = k.to_move();
            k.play(m, &[]).expect("legal placement");
            placements += 1;
            let mut ds: Vec<Node> = k.closed_by(c, m).iter().map(|p| p.nodes[0]).collect();
            ds.extend(
                pending
                    .drain(..)
                    .filter(|&d| k.pool_captures(c, d).is_ok_and(|n| n > 0)),
            );
            ds.sort_unstable();
            ds.dedup();
            if replay && !ds.is_empty() {
                k.undo();
                let mut taken = Vec::new();
                for d in ds {
                    let mut with = taken.clone();
                    with.push(d);
                    if k.play(m, &with).is_ok() {
                        k.undo();
                        taken = with;
                    }
                }
                k.play(m, &taken).expect("declarable");
                regions += taken.len() as u64;
                ds = Vec::new();
            }
            // Declare greedily, in node order, as part of the placement's move (a node of a
            // pool declared just before is refused: its enemy dots are taken).
            for d in ds {
                if k.declare_in_move(d).is_ok() {
                    regions += 1;
                }
            }
            if k.pool_captures(c.opp(), m).is_ok_and(|n| n > 0) {
                pending.push(m);
            }
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "kropki{}: {:.0} placements/s on 39 x 32 with declarable regions enumerated and declared \
         greedily ({games} games, {:.0} placements and {:.1} regions each)",
        if replay { " (replaying)" } else { "" },
        placements as f64 / s,
        placements as f64 / games as f64,
        regions as f64 / games as f64
    );
}

/// Full enumeration of both players' declarable regions on the final boards.
fn enumeration() {
    let mut k = Kropki::new(39, 32);
    let nodes: Vec<Node> = k.nodes().collect();
    for (i, &m) in nodes.iter().enumerate() {
        if i % 3 != 0 && k.can_place(m).is_ok() {
            k.play(m, &[]).expect("legal");
        }
    }
    let t = Instant::now();
    let mut found = 0;
    for _ in 0..200 {
        found += k.declarable(stonepress::games::kropki::Color::Black).len();
        found += k.declarable(stonepress::games::kropki::Color::White).len();
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "kropki: full enumeration of both players' declarable regions in {:.1} us ({} regions)",
        s * 1e6 / 200.0,
        found / 200
    );
}

//! Go benchmarks (fixed seeds): light random 9x9 playouts per second on one core, and
//! scoring 1,000 SGF records (parse, replay with full legality, count).

use std::time::Instant;

use rand::RngExt;
use stonepress::games::go::{Go, KoRule, Move, Pt, area_score, position, sgf};
use stonepress::util::rng;

fn playout(go: &mut Go, r: &mut impl RngExt, buf: &mut Vec<Pt>, light: bool) -> usize {
    let mut moves = 0;
    let mut passes = 0;
    while passes < 2 && moves < 300 {
        let c = go.to_move();
        buf.clear();
        buf.extend(
            go.points()
                .filter(|&p| go.is_empty(p) && !go.is_eye_shape(p, c)),
        );
        let mut played = false;
        while !buf.is_empty() {
            let i = r.random_range(0..buf.len());
            let p = buf.swap_remove(i);
            let ok = if light {
                go.play_light(Move::Play(p)).is_ok()
            } else {
                go.play(Move::Play(p)).is_ok()
            };
            if ok {
                played = true;
                break;
            }
        }
        if played {
            passes = 0;
        } else {
            go.play_light(Move::Pass).expect("pass");
            passes += 1;
        }
        moves += 1;
    }
    moves
}

fn main() {
    let mut r = rng(1);
    let mut buf = Vec::with_capacity(81);
    let mut go = Go::new(9);
    go.ko_rule = KoRule::Simple;
    let base = go.playout_copy();
    let n = 50_000;
    let t = Instant::now();
    let mut total_moves = 0;
    let mut g = base.clone();
    for _ in 0..n {
        // clone_from reuses the copy's buffers: no allocation per playout.
        g.clone_from(&base);
        total_moves += g.random_playout(&mut r, 300);
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "go: {:.0} light 9x9 playouts/s ({:.1} M moves/s, {} playouts, {:.1} moves each)",
        n as f64 / s,
        total_moves as f64 / s / 1e6,
        n,
        total_moves as f64 / n as f64
    );
    // 1,000 SGF records made from seeded playouts, then parsed, replayed and scored.
    let mut records = Vec::new();
    for _ in 0..1000 {
        let mut g = Go::new(9);
        playout(&mut g, &mut r, &mut buf, false);
        let mut root = sgf::SgfNode::default();
        root.add("GM", "1");
        root.add("FF", "4");
        root.add("SZ", "9");
        root.add("KM", "7");
        let mut nodes = Vec::new();
        let colour = ["B", "W"];
        for (i, m) in g.record().into_iter().enumerate() {
            let mut node = sgf::SgfNode::default();
            let v = match m {
                Move::Pass => String::new(),
                Move::Play(p) => {
                    let id = g.id(p) as usize;
                    sgf::point_text(id % 9, 8 - id / 9)
                }
            };
            node.add(colour[i % 2], v);
            nodes.push(node);
        }
        let mut tail: Option<sgf::SgfNode> = None;
        while let Some(mut node) = nodes.pop() {
            if let Some(t) = tail.take() {
                node.children.push(t);
            }
            tail = Some(node);
        }
        if let Some(t) = tail {
            root.children.push(t);
        }
        records.push(sgf::to_string(&root));
    }
    let t = Instant::now();
    let mut black_wins = 0;
    for text in &records {
        let pos = position::from_sgf(text, "<bench>").expect("valid record");
        let s = area_score(&pos.go, &[], pos.komi, 0.0);
        if s.winner() == "black" {
            black_wins += 1;
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "go: scored 1000 SGF records in {:.3} s ({:.0} records/s; Black won {black_wins})",
        s,
        1000.0 / s
    );
}

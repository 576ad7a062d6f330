//! The independent check of the puzzle search: a plain exhaustive minimax over the engine. Every
//! legal placement of the whole board for both sides, each with every subset of the pools its
//! mover may then declare (found by the engine's full `declarable` pass after the placement),
//! nothing left out, no bounds, no transposition table, no move ordering; only an early exit
//! once a node's value is known. The taker wins at the end of a move whose declarations hold a
//! target (a live enemy dot, or a marked one); a side with no placement left fails the taker,
//! as in the proof search. The first moves are spread over threads. Affordable for N up to 2.

use rayon::prelude::*;

use super::engine::{Kropki, Node};
use crate::games::Color;

/// Every move of the side to move: each legal placement with each subset of the pools it may
/// then declare (each pool named by its first node).
pub fn all_moves(k: &mut Kropki) -> Vec<(Node, Vec<Node>)> {
    let mover = k.to_move();
    let places: Vec<Node> = k.nodes().filter(|&n| k.can_place(n).is_ok()).collect();
    let mut out = Vec::new();
    for n in places {
        k.play(n, &[]).expect("a legal placement");
        let pools: Vec<Node> = k.declarable(mover).iter().map(|p| p.nodes[0]).collect();
        k.undo();
        for mask in 0u64..(1 << pools.len()) {
            let decl: Vec<Node> = pools
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, &d)| d)
                .collect();
            out.push((n, decl));
        }
    }
    out
}

/// True when a target is no longer live (the taker's move just declared it) : every target
/// was live when the line started.
fn taken(k: &Kropki, taker: Color, marked: Option<&[Node]>, before: &[Node]) -> bool {
    match marked {
        Some(m) => m.iter().any(|&n| !k.live(n, taker.opp())),
        None => before.iter().any(|&n| !k.live(n, taker.opp())),
    }
}

/// Whether `taker` captures a target within `left` more moves of its own, against every
/// defence, from `k` (whoever is to move). `marked`: the targets, or every live enemy dot.
pub fn taker_wins(k: &mut Kropki, taker: Color, marked: Option<&[Node]>, left: u32) -> bool {
    if k.placements_over() || left == 0 {
        return false;
    }
    let mover = k.to_move();
    let moves = all_moves(k);
    if mover == taker {
        let before: Vec<Node> = k.nodes().filter(|&n| k.live(n, taker.opp())).collect();
        for (n, decl) in moves {
            k.play(n, &decl).expect("a legal move");
            let w = taken(k, taker, marked, &before) || taker_wins(k, taker, marked, left - 1);
            k.undo();
            if w {
                return true;
            }
        }
        false
    } else {
        for (n, decl) in moves {
            k.play(n, &decl).expect("a legal move");
            let w = taker_wins(k, taker, marked, left);
            k.undo();
            if !w {
                return false;
            }
        }
        true
    }
}

/// The placements of the side to move that capture an enemy dot within `n` of its own moves
/// (the first included), in node order: a placement counts when one of its declaration
/// choices does.
pub fn capture_keys(k: &Kropki, n: u32) -> Vec<Node> {
    let me = k.to_move();
    let mut g = k.clone();
    let moves = all_moves(&mut g);
    let mut keys: Vec<Node> = moves
        .into_par_iter()
        .filter(|(p, decl)| {
            let mut g = k.clone();
            let before: Vec<Node> = g.nodes().filter(|&q| g.live(q, me.opp())).collect();
            g.play(*p, decl).expect("a legal move");
            taken(&g, me, None, &before) || taker_wins(&mut g, me, None, n - 1)
        })
        .map(|(p, _)| p)
        .collect();
    keys.dedup();
    keys
}

/// Whether the side to move captures an enemy dot within `n` of its moves (false for n = 0).
pub fn capture_within(k: &Kropki, n: u32) -> bool {
    n > 0 && !capture_keys(k, n).is_empty()
}

/// Whether the opponent of the side to move, moving now, captures one of `marked` within `n`
/// of its own moves.
pub fn threat_within(k: &Kropki, marked: &[Node], n: u32) -> bool {
    let mut g = k.clone();
    let them = k.to_move().opp();
    g.set_to_move(them);
    let moves = all_moves(&mut g);
    moves.into_par_iter().any(|(p, decl)| {
        let mut g = g.clone();
        g.play(p, &decl).expect("a legal move");
        taken(&g, them, Some(marked), &[]) || taker_wins(&mut g, them, Some(marked), n - 1)
    })
}

/// The moves (placement and declarations) of the side to move after which its opponent
/// captures none of `marked` within `n` of its own moves, in node order.
pub fn escapes(k: &Kropki, marked: &[Node], n: u32) -> Vec<(Node, Vec<Node>)> {
    let them = k.to_move().opp();
    let mut g = k.clone();
    let moves = all_moves(&mut g);
    moves
        .into_par_iter()
        .filter(|(p, decl)| {
            let mut g = k.clone();
            g.play(*p, decl).expect("a legal move");
            !taker_wins(&mut g, them, Some(marked), n)
        })
        .collect()
}

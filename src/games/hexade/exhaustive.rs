//! The independent check of the puzzle search: a plain exhaustive minimax over the engine,
//! every legal move of the whole board for both sides, nothing left out, no bounds, no
//! transposition table, no move ordering; only an early exit once a node's value is known. The
//! first moves are spread over threads. Affordable for N up to 2.

use rayon::prelude::*;

use super::engine::{Hexade, Outcome};
use crate::games::Color;
use crate::geometry::PointId;

/// Whether `maker` holds a six at the start of one of its own turns within `left` more moves
/// of its own, against every defence, from `h` (whoever is to move).
pub fn maker_wins(h: &mut Hexade, maker: Color, left: u32) -> bool {
    match h.outcome() {
        Outcome::Win(c) => return c == maker,
        Outcome::Draw => return false,
        Outcome::Ongoing => {}
    }
    if h.to_move() == maker {
        if left == 0 {
            return false;
        }
        for p in h.legal_moves() {
            h.play(p).expect("a legal move");
            let w = maker_wins(h, maker, left - 1);
            h.undo();
            if w {
                return true;
            }
        }
        false
    } else {
        for p in h.legal_moves() {
            h.play(p).expect("a legal move");
            let w = maker_wins(h, maker, left);
            h.undo();
            if !w {
                return false;
            }
        }
        true
    }
}

/// The first moves of the side to move after which it holds a perfect six within `n` of its
/// own moves (the first included), in cell order.
pub fn six_keys(h: &Hexade, n: u32) -> Vec<PointId> {
    let me = h.to_move();
    h.legal_moves()
        .into_par_iter()
        .filter(|&p| {
            let mut g = h.clone();
            g.play(p).expect("a legal move");
            maker_wins(&mut g, me, n - 1)
        })
        .collect()
}

/// Whether the side to move holds a perfect six within `n` of its moves (false for n = 0).
pub fn six_within(h: &Hexade, n: u32) -> bool {
    n > 0 && !six_keys(h, n).is_empty()
}

/// Whether the opponent of the side to move would hold a perfect six within `n` of its own
/// moves if it moved now.
pub fn threat_within(h: &Hexade, n: u32) -> bool {
    let mut g = h.clone();
    g.set_to_move(h.to_move().opp());
    six_within(&g, n)
}

/// The first moves of the side to move after which its opponent has no perfect six within `n`
/// of its own moves, in cell order.
pub fn defences(h: &Hexade, n: u32) -> Vec<PointId> {
    let them = h.to_move().opp();
    h.legal_moves()
        .into_par_iter()
        .filter(|&p| {
            let mut g = h.clone();
            g.play(p).expect("a legal move");
            !maker_wins(&mut g, them, n)
        })
        .collect()
}

//! The independent check of the Anchor 2D puzzles: a plain exhaustive search over the
//! engine's own rules. Every legal placement of the whole board is tried for both sides
//! (no bound, no move filter, no proof numbers, no table); the engine judges each
//! placement with its full pair test; recursion exits early once a result is known. Slow,
//! and only meant for N <= 2.

use super::engine::{Anchor2d, Color};
use crate::geometry::PointId;

/// What the attacker wants: pair `Some(k)`, or the fifth pair (`None`).
pub type Aim = Option<usize>;

fn reached(a: &Anchor2d, attacker: Color, aim: Aim) -> bool {
    match aim {
        Some(k) => a.pairs(attacker).contains(&k),
        None => a.winner() == Some(attacker),
    }
}

/// Whether `attacker`, to move in `a`, reaches `aim` within `n` of its placements against
/// every defence (the defender's fifth pair on the way is a failure).
pub fn wins(a: &mut Anchor2d, attacker: Color, aim: Aim, n: u32) -> bool {
    n > 0
        && a.legal_moves().into_iter().any(|m| {
            a.play(m).expect("a legal move");
            let won = reached(a, attacker, aim)
                || (a.winner().is_none() && n > 1 && holds_for_attacker(a, attacker, aim, n - 1));
            a.undo();
            won
        })
}

/// Whether `attacker` wins within `n` whatever the defender (to move in `a`) plays.
fn holds_for_attacker(a: &mut Anchor2d, attacker: Color, aim: Aim, n: u32) -> bool {
    let moves = a.legal_moves();
    !moves.is_empty()
        && moves.into_iter().all(|m| {
            a.play(m).expect("a legal move");
            let won = a.winner().is_none() && wins(a, attacker, aim, n);
            a.undo();
            won
        })
}

/// The attacker's (the side to move's) first placements that reach `aim` within `n`.
pub fn winning_first_moves(a: &mut Anchor2d, aim: Aim, n: u32) -> Vec<PointId> {
    let attacker = a.to_move();
    let mut out = Vec::new();
    for m in a.legal_moves() {
        a.play(m).expect("a legal move");
        let won = reached(a, attacker, aim)
            || (a.winner().is_none() && n > 1 && holds_for_attacker(a, attacker, aim, n - 1));
        a.undo();
        if won {
            out.push(m);
        }
    }
    out
}

/// The least N in 1..=`max_n` with a win, or None.
pub fn minimal_n(a: &mut Anchor2d, aim: Aim, max_n: u32) -> Option<u32> {
    let attacker = a.to_move();
    (1..=max_n).find(|&n| wins(a, attacker, aim, n))
}

/// The defender's (the side to move's) placements after which the opponent, to move, has
/// no fifth pair within `n`.
pub fn holding_defences(a: &mut Anchor2d, n: u32) -> Vec<PointId> {
    let attacker = a.to_move().opp();
    let mut out = Vec::new();
    for m in a.legal_moves() {
        a.play(m).expect("a legal move");
        let holds = a.winner().is_some() || !wins(a, attacker, None, n);
        a.undo();
        if holds {
            out.push(m);
        }
    }
    out
}

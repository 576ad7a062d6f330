//! The independent check of the Anchor 2D puzzles: a plain exhaustive search over the
//! engine's own rules. Every legal placement of the whole board is tried for both sides
//! (no bound, no move filter, no proof numbers, no table); the engine judges each
//! placement with its full pair test; recursion exits early once a result is known. The
//! only help is move order: at each depth the placement that last won there is tried first
//! (a "killer"), which changes no result. Slow, and only meant for N <= 2.

use super::engine::{Anchor2d, Color};
use crate::geometry::PointId;

/// What the attacker wants: pair `Some(k)`, or the fifth pair (`None`).
pub type Aim = Option<usize>;

/// The last winning placement at each number of moves left.
type Killers = [Option<PointId>; 8];

fn reached(a: &Anchor2d, attacker: Color, aim: Aim) -> bool {
    match aim {
        Some(k) => a.pairs(attacker).contains(&k),
        None => a.winner() == Some(attacker),
    }
}

/// The legal placements, `first` (when legal) in front.
fn ordered(a: &Anchor2d, first: Option<PointId>) -> Vec<PointId> {
    let mut moves = a.legal_moves();
    if let Some(f) = first
        && let Some(i) = moves.iter().position(|&m| m == f)
    {
        moves.remove(i);
        moves.insert(0, f);
    }
    moves
}

/// Whether the attacker's placement `m` (the attacker to move in `a`) reaches `aim` within
/// `n` placements in all, against every defence.
fn wins_with(
    a: &mut Anchor2d,
    attacker: Color,
    aim: Aim,
    n: u32,
    m: PointId,
    k: &mut Killers,
) -> bool {
    a.play(m).expect("a legal move");
    let won = reached(a, attacker, aim)
        || (a.winner().is_none() && n > 1 && holds_for_attacker(a, attacker, aim, n - 1, k));
    a.undo();
    won
}

fn wins_k(a: &mut Anchor2d, attacker: Color, aim: Aim, n: u32, k: &mut Killers) -> bool {
    if n == 0 {
        return false;
    }
    for m in ordered(a, k[n as usize]) {
        if wins_with(a, attacker, aim, n, m, k) {
            k[n as usize] = Some(m);
            return true;
        }
    }
    false
}

/// Whether `attacker` wins within `n` whatever the defender (to move in `a`) plays.
fn holds_for_attacker(
    a: &mut Anchor2d,
    attacker: Color,
    aim: Aim,
    n: u32,
    k: &mut Killers,
) -> bool {
    let moves = a.legal_moves();
    !moves.is_empty()
        && moves.into_iter().all(|m| {
            a.play(m).expect("a legal move");
            let won = a.winner().is_none() && wins_k(a, attacker, aim, n, k);
            a.undo();
            won
        })
}

/// Whether `attacker`, to move in `a`, reaches `aim` within `n` of its placements against
/// every defence (the defender's fifth pair on the way is a failure).
pub fn wins(a: &mut Anchor2d, attacker: Color, aim: Aim, n: u32) -> bool {
    wins_k(a, attacker, aim, n.min(7), &mut [None; 8])
}

/// The attacker's (the side to move's) first placements that reach `aim` within `n`.
pub fn winning_first_moves(a: &mut Anchor2d, aim: Aim, n: u32) -> Vec<PointId> {
    let attacker = a.to_move();
    let mut k = [None; 8];
    a.legal_moves()
        .into_iter()
        .filter(|&m| wins_with(a, attacker, aim, n.min(7), m, &mut k))
        .collect()
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
    let mut k = [None; 8];
    a.legal_moves()
        .into_iter()
        .filter(|&m| {
            a.play(m).expect("a legal move");
            let holds = a.winner().is_some() || !wins_k(a, attacker, None, n.min(7), &mut k);
            a.undo();
            holds
        })
        .collect()
}

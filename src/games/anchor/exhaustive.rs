//! The independent check of the Anchor puzzles: a plain exhaustive search over the engine's
//! own rules. Every legal move of the region is tried for both sides, the pass included
//! (the engine's `check` decides legality, mirror rule and game end included); the engine's
//! group analysis judges the marked group after every move; two passes end the game with the
//! group unanchored. No bound, no move filter, no proof numbers, no table; recursion exits
//! early once a result is known. The only help is move order: at each depth the move that
//! last won there is tried first (a "killer"), which changes no result. Slow, and only meant
//! for N <= 2.

use super::engine::{Anchor, Color, Move, verdict};
use crate::geometry::PointId;

/// The last winning move at each number of moves left.
type Killers = [Option<Move>; 8];

/// The problem: the marked stone and the region.
#[derive(Clone, Copy)]
struct Spec<'a> {
    attacker: Color,
    target: PointId,
    region: &'a [PointId],
}

/// Whether the group of the marked stone is an anchor: the sides its stones touch, found by
/// a flood over the engine's stones, judged by the engine's rule (`verdict`).
fn anchored(a: &Anchor, s: Spec) -> bool {
    if a.stone(s.target) != Some(s.attacker) {
        return false;
    }
    let board = a.board();
    let mut seen = vec![false; board.len()];
    let mut stack = vec![s.target];
    seen[s.target as usize] = true;
    let mut sides = 0u8;
    while let Some(p) = stack.pop() {
        sides |= board.sides(p);
        for &q in board.neighbours(p) {
            if !seen[q as usize] && a.stone(q) == Some(s.attacker) {
                seen[q as usize] = true;
                stack.push(q);
            }
        }
    }
    verdict(sides, s.attacker).is_anchor()
}

/// The legal moves in the region (points, then the pass), `first` (when legal) in front.
fn legal(a: &Anchor, s: Spec, first: Option<Move>) -> Vec<Move> {
    let mut moves: Vec<Move> = s
        .region
        .iter()
        .map(|&p| Move::Place(p))
        .chain(std::iter::once(Move::Pass))
        .filter(|&m| a.check(m).is_ok())
        .collect();
    if let Some(f) = first
        && let Some(i) = moves.iter().position(|&m| m == f)
    {
        moves.remove(i);
        moves.insert(0, f);
    }
    moves
}

/// Whether the attacker's move `m` (the attacker to move) anchors the group within `n`
/// attacker moves in all, against every defence.
fn wins_with(a: &mut Anchor, s: Spec, n: u32, m: Move, k: &mut Killers) -> bool {
    a.play(m).expect("a legal move");
    let won = anchored(a, s) || (!a.game_over() && n > 1 && holds(a, s, n - 1, k));
    a.undo();
    won
}

fn wins_k(a: &mut Anchor, s: Spec, n: u32, k: &mut Killers) -> bool {
    if n == 0 || a.game_over() {
        return false;
    }
    for m in legal(a, s, k[n as usize]) {
        if wins_with(a, s, n, m, k) {
            k[n as usize] = Some(m);
            return true;
        }
    }
    false
}

/// Whether the attacker wins within `n` whatever the defender (to move in `a`) plays.
fn holds(a: &mut Anchor, s: Spec, n: u32, k: &mut Killers) -> bool {
    let moves = legal(a, s, None);
    !moves.is_empty()
        && moves.into_iter().all(|m| {
            a.play(m).expect("a legal move");
            let won = !a.game_over() && wins_k(a, s, n, k);
            a.undo();
            won
        })
}

/// The side to move's first moves (a pass included if it wins) that make the group of its
/// stone at `target` an anchor within `n` of its moves, every move confined to `region`.
pub fn winning_first_moves(
    a: &mut Anchor,
    target: PointId,
    region: &[PointId],
    n: u32,
) -> Vec<Move> {
    let s = Spec {
        attacker: a.to_move(),
        target,
        region,
    };
    let mut k = [None; 8];
    legal(a, s, None)
        .into_iter()
        .filter(|&m| wins_with(a, s, n.min(7), m, &mut k))
        .collect()
}

/// The least N in 1..=`max_n` with a win for the side to move, or None.
pub fn minimal_n(a: &mut Anchor, target: PointId, region: &[PointId], max_n: u32) -> Option<u32> {
    let s = Spec {
        attacker: a.to_move(),
        target,
        region,
    };
    (1..=max_n).find(|&n| wins_k(a, s, n, &mut [None; 8]))
}

/// The side to move's moves (the pass included) after which the opponent, to move, does not
/// anchor the group of its stone at `target` within `n` of its moves.
pub fn holding_blocks(a: &mut Anchor, target: PointId, region: &[PointId], n: u32) -> Vec<Move> {
    let s = Spec {
        attacker: a.to_move().opp(),
        target,
        region,
    };
    let mut k = [None; 8];
    legal(a, s, None)
        .into_iter()
        .filter(|&m| {
            a.play(m).expect("a legal move");
            let holds = a.game_over() || !wins_k(a, s, n.min(7), &mut k);
            a.undo();
            holds
        })
        .collect()
}

//! Which winning first move to give when several win, as problem books choose: a move that
//! wins unconditionally before one that needs a ko (the proof search settles that: a ko win
//! is read only when no unconditional one exists), then the move whose forced main line is
//! the shortest, then the one that gives up the fewest stones of the side to move along it,
//! then the first in the search's move order. A book shows the line that settles the matter
//! soonest and at least cost; the search finds the winners in whatever order it reads them.

use super::engine::Move;
use super::ld::LifeAndDeath;
use crate::solve::{Problem, Proof, Solver};

/// How long a line is kept when comparing moves.
const LINE_CAP: usize = 64;

/// What a winning first move costs by the books' measure: the length of its main line (the
/// move itself included), then the stones of the side to move that the other side captures
/// along it. A pass costs the most: a book always plays.
fn cost(solver: &mut Solver<LifeAndDeath>, p: &mut LifeAndDeath, m: Move) -> (usize, u32) {
    if m == Move::Pass {
        return (usize::MAX, u32::MAX);
    }
    let mover = p.go.to_move();
    let taken = |p: &LifeAndDeath| p.go.captures()[mover.opp().index()];
    let before = taken(p);
    p.play(m);
    let line = solver.main_line(p, LINE_CAP);
    for &x in &line {
        p.play(x);
    }
    let lost = taken(p) - before;
    for _ in 0..line.len() {
        p.undo();
    }
    p.undo();
    (line.len() + 1, lost)
}

/// Puts first, among the winning first moves of a proven root, the one a book would give
/// (the module doc's order), and rebuilds the main line from it. `p` is the problem the
/// proof was made on and `solver` the solver that made it, whose store holds every winning
/// move's proof. The other winning moves keep their order, with the old key move first.
pub fn prefer_book_move(
    solver: &mut Solver<LifeAndDeath>,
    p: &mut LifeAndDeath,
    proof: &mut Proof<Move>,
) {
    let Some(key) = proof.key_move else {
        return;
    };
    if proof.other_winning_moves.is_empty() {
        return;
    }
    let mut best = (cost(solver, p, key), key);
    for &m in &proof.other_winning_moves {
        let c = cost(solver, p, m);
        if c < best.0 {
            best = (c, m);
        }
    }
    let chosen = best.1;
    if chosen == key {
        return;
    }
    proof.other_winning_moves.retain(|&m| m != chosen);
    proof.other_winning_moves.insert(0, key);
    proof.key_move = Some(chosen);
    p.play(chosen);
    let mut line = vec![chosen];
    line.extend(solver.main_line(p, LINE_CAP));
    p.undo();
    proof.main_line = line;
}

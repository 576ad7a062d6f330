//! The searches behind Hexade's `solve` and its puzzle kinds, all over `Race` (every legal move
//! of the whole board): a perfect six within N for the side to move, with N deepened from 1 so
//! that the N found is minimal (each smaller N disproven); the opponent's threat (its minimal N
//! if it moved now); and the defence, every first move of the side to move classified against
//! the opponent's six within N.

use std::sync::Arc;

use super::engine::Hexade;
use super::problem::{Race, Shapes};
use crate::geometry::PointId;
use crate::solve::{Branch, Budget, Problem, Proof, Solver, Status, WinIn};

/// Most positions counted in a proof size.
pub const PROOF_CAP: usize = 2_000_000;

/// A search's result: the win (status, N, key move, uniqueness, refutations, main line), the
/// solution tree and the proof size (both empty when not proven).
#[derive(Clone, Debug)]
pub struct Found {
    /// What the search found.
    pub win: WinIn<PointId>,
    /// The solution tree from the key move (see `tree`).
    pub tree: Vec<Branch<PointId>>,
    /// Distinct positions in the proof.
    pub proof_size: usize,
}

/// The readable solution tree below the current position, proven for the solver's attacker:
/// at the attacker's turns its winning move; at the other side's turns the solver's most
/// stubborn reply and every reply whose winning answer differs from the answer to it (the
/// replies answered the same way are left out: the reader answers them alike), in the search's
/// order (captures and blocks first). Stops at `depth` plies.
fn tree(solver: &mut Solver<Race>, race: &mut Race, depth: usize) -> Vec<Branch<PointId>> {
    if depth == 0 || race.outcome().is_some() {
        return Vec::new();
    }
    let Some(&first) = solver.main_line(race, 1).first() else {
        return Vec::new();
    };
    let mut order = Vec::new();
    if race.attacker_to_move() {
        order.push(first);
    } else {
        let answer_to = |solver: &mut Solver<Race>, race: &mut Race, m: PointId| {
            race.play(m);
            let a = solver.main_line(race, 1).first().copied();
            race.undo();
            a
        };
        let main_answer = answer_to(solver, race, first);
        for m in race.candidates() {
            if m == first || answer_to(solver, race, m) != main_answer {
                order.push(m);
            }
        }
    }
    order
        .into_iter()
        .map(|m| {
            race.play(m);
            let next = tree(solver, race, depth - 1);
            race.undo();
            Branch { mv: m, next }
        })
        .collect()
}

/// The main line of a solution tree: at each turn the first of the longest branches, so the
/// defence shown is the one that holds out longest (a reply the attacker answers at once with
/// its six would make a short, misleading line), and among those the first in the search's
/// order (a capture or a block rather than a move far away).
fn longest(tree: &[Branch<PointId>]) -> Vec<PointId> {
    fn length(b: &Branch<PointId>) -> usize {
        1 + b.next.iter().map(length).max().unwrap_or(0)
    }
    let mut line = Vec::new();
    let mut level = tree;
    while let Some(best) = level
        .iter()
        .enumerate()
        .max_by_key(|(i, b)| (length(b), std::cmp::Reverse(*i)))
        .map(|(_, b)| b)
    {
        line.push(best.mv);
        level = &best.next;
    }
    line
}

/// Proves the race's root for the solver's attacker and classifies every first move; with
/// the tree and proof size when proven, and the main line taken from the tree (`longest`). `nodes` counts the nodes already spent before.
fn conclude(solver: &mut Solver<Race>, race: &mut Race, n: u32, nodes: u64) -> Found {
    let mut proof: Proof<PointId> = solver.prove(race);
    let total = nodes + proof.nodes;
    let (tree, proof_size) = match (proof.status, proof.key_move) {
        (Status::Proven, Some(k)) => {
            let size = solver.proof_size(race, PROOF_CAP);
            race.play(k);
            let next = tree(solver, race, 2 * n as usize);
            race.undo();
            let tree = vec![Branch { mv: k, next }];
            proof.main_line = longest(&tree);
            (tree, size)
        }
        _ => (Vec::new(), 0),
    };
    Found {
        win: WinIn {
            status: proof.status,
            n,
            proof,
            nodes: total,
        },
        tree,
        proof_size,
    }
}

/// A perfect six within N moves of the side to move, N = 1..=`max_n` deepened until proven
/// (minimal: each smaller N was disproven), each N with what is left of the budget's nodes.
pub fn six(h: &Hexade, max_n: u32, budget: &Budget) -> Found {
    let shapes = Arc::new(Shapes::of(h));
    let maker = h.to_move();
    let max_n = max_n.max(1);
    let mut nodes = 0;
    for n in 1..=max_n {
        let mut b = budget.clone();
        b.nodes = budget.nodes.saturating_sub(nodes);
        let mut race = Race::with_shapes(h.clone(), shapes.clone(), maker, n, true);
        let mut solver = Solver::new(b);
        let status = solver.search(&mut race);
        if status == Status::Disproven && n < max_n {
            nodes += solver.nodes();
            continue;
        }
        return conclude(&mut solver, &mut race, n, nodes);
    }
    unreachable!("the loop returns at its last N")
}

/// The opponent's threat: the least N (up to `max_n`) within which the opponent of the side to
/// move would make a perfect six if it moved now. Ok(Some(N)), Ok(None) when it has none
/// within `max_n`, Err(N) when the budget ran out at N. With the nodes spent.
pub fn threat(h: &Hexade, max_n: u32, budget: &Budget) -> (Result<Option<u32>, u32>, u64) {
    let mut them = h.clone();
    them.set_to_move(h.to_move().opp());
    let shapes = Arc::new(Shapes::of(h));
    let mut nodes = 0;
    for n in 1..=max_n.max(1) {
        let mut b = budget.clone();
        b.nodes = budget.nodes.saturating_sub(nodes);
        let mut race = Race::with_shapes(them.clone(), shapes.clone(), them.to_move(), n, true);
        let mut solver = Solver::new(b);
        let status = solver.search(&mut race);
        nodes += solver.nodes();
        match status {
            Status::Proven => return (Ok(Some(n)), nodes),
            Status::Unknown => return (Err(n), nodes),
            Status::Disproven => {}
        }
    }
    (Ok(None), nodes)
}

/// The defence: the side to move looks for the moves after which its opponent has no perfect
/// six within `n` of its own moves (every first move classified: key, uniqueness, the
/// opponent's winning reply to each failing move).
pub fn defend(h: &Hexade, n: u32, budget: &Budget) -> Found {
    let mut race = Race::new(h.clone(), h.to_move().opp(), n, false);
    let mut solver = Solver::new(budget.clone());
    conclude(&mut solver, &mut race, n, 0)
}

//! The searches behind Hexade's `solve` and its puzzle kinds, all over `Race` (every legal move
//! of the whole board): a perfect six within N for the side to move, with N deepened from 1 so
//! that the N found is minimal (each smaller N disproven); the opponent's threat (its minimal N
//! if it moved now); and the defence, every first move of the side to move classified against
//! the opponent's six within N.

use crate::games::solving::{longest_line, readable_tree};
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

/// Proves the race's root for the solver's attacker and classifies every first move; with
/// the tree and proof size when proven, and the main line taken from the tree (`longest`). `nodes` counts the nodes already spent before.
fn conclude(solver: &mut Solver<Race>, race: &mut Race, n: u32, nodes: u64) -> Found {
    let mut proof: Proof<PointId> = solver.prove(race);
    let total = nodes + proof.nodes;
    let (tree, proof_size) = match (proof.status, proof.key_move) {
        (Status::Proven, Some(k)) => {
            let size = solver.proof_size(race, PROOF_CAP);
            race.play(k);
            let next = readable_tree(solver, race, 2 * n as usize, |r| r.candidates());
            race.undo();
            let tree = vec![Branch { mv: k, next }];
            proof.main_line = longest_line(&tree);
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

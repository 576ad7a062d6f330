//! "Win in N": the attacker must win within N of its own moves. `WithinN` bounds any
//! `Problem` by the attacker's moves left; `win_in` deepens N from 1 until a win is proven, so
//! the N it returns is minimal: a win in N exists and none in N − 1 (each smaller N was
//! disproven, not merely not found).

use super::{Budget, Problem, Proof, Solver, Status};

/// A problem whose attacker has at most `left` moves of its own to win. A win the game
/// recognises only when the attacker's turn comes round again (a six that must outlast the
/// opponent's reply) still counts: the bound is checked when the attacker would have to move.
pub struct WithinN<'a, P: Problem> {
    inner: &'a mut P,
    left: u32,
    /// For every move played through the bound: whether the attacker made it.
    by_attacker: Vec<bool>,
}

impl<'a, P: Problem> WithinN<'a, P> {
    /// Bounds `inner` (at its root, the attacker to move or not) to `n` attacker moves.
    pub fn new(inner: &'a mut P, n: u32) -> Self {
        WithinN {
            inner,
            left: n,
            by_attacker: Vec::new(),
        }
    }
}

/// Mixes the moves left into a position's hash, so the same position with a different
/// number of moves left is a different node.
fn mix(hash: u64, left: u32) -> u64 {
    let mut z = u64::from(left).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    hash ^ z ^ (z >> 31)
}

impl<P: Problem> Problem for WithinN<'_, P> {
    type Move = P::Move;

    fn moves(&mut self) -> Vec<P::Move> {
        self.inner.moves()
    }

    fn play(&mut self, m: P::Move) {
        let attacker = self.inner.attacker_to_move();
        self.inner.play(m);
        if attacker {
            self.left -= 1;
        }
        self.by_attacker.push(attacker);
    }

    fn undo(&mut self) {
        self.inner.undo();
        if self.by_attacker.pop() == Some(true) {
            self.left += 1;
        }
    }

    fn hash(&self) -> u64 {
        mix(self.inner.hash(), self.left)
    }

    fn attacker_to_move(&self) -> bool {
        self.inner.attacker_to_move()
    }

    fn outcome(&mut self) -> Option<bool> {
        match self.inner.outcome() {
            Some(result) => Some(result),
            // Out of moves when the next one is the attacker's: the bound has failed.
            None if self.left == 0 && self.inner.attacker_to_move() => Some(false),
            // More moves still needed than are left: failed whatever is played.
            None if self.inner.attacker_needs() > self.left => Some(false),
            None => None,
        }
    }

    fn repetition_favours_attacker(&self) -> bool {
        self.inner.repetition_favours_attacker()
    }

    fn estimate(&mut self) -> (u32, u32) {
        self.inner.estimate()
    }

    fn lawful(&mut self, m: P::Move) -> bool {
        self.inner.lawful(m)
    }

    fn attacker_needs(&mut self) -> u32 {
        self.inner.attacker_needs()
    }
}

/// What `win_in` found.
#[derive(Clone, Debug, PartialEq)]
pub struct WinIn<M> {
    /// Proven (a win within `n`), Disproven (none within the largest N tried) or Unknown (the
    /// budget ran out at `n`).
    pub status: Status,
    /// The minimal N when proven; the N being searched when the budget ran out; the largest N
    /// tried when disproven.
    pub n: u32,
    /// The proof at that N: key move, uniqueness within N, other winning moves, refutations,
    /// main line.
    pub proof: Proof<M>,
    /// Nodes expanded over every N tried.
    pub nodes: u64,
}

/// Iterative deepening: searches N = 1, 2, .. `max_n` attacker moves, each with what is left
/// of `budget`'s nodes, and stops at the first N with a proven win (minimal, as every smaller N
/// was disproven) or the first that runs out of budget.
pub fn win_in<P: Problem>(p: &mut P, max_n: u32, budget: &Budget) -> WinIn<P::Move> {
    win_in_then(p, max_n, budget, |_, _| ()).0
}

/// `win_in`, then `then` run on the searcher and the bounded problem of the last N searched
/// (at the root), while the proof store still holds that search: for a solution tree
/// (`Solver::solution`) or a proof size (`Solver::proof_size`).
pub fn win_in_then<P: Problem, T>(
    p: &mut P,
    max_n: u32,
    budget: &Budget,
    then: impl FnOnce(&mut Solver<WithinN<'_, P>>, &mut WithinN<'_, P>) -> T,
) -> (WinIn<P::Move>, T) {
    let max_n = max_n.max(1);
    let mut nodes = 0;
    for n in 1..=max_n {
        let mut b = budget.clone();
        b.nodes = budget.nodes.saturating_sub(nodes);
        let mut solver = Solver::new(b);
        let mut bounded = WithinN::new(p, n);
        let status = solver.search(&mut bounded);
        if status == Status::Disproven && n < max_n {
            nodes += solver.nodes();
            continue;
        }
        // The last N: classify every first move (the search's table makes this cheap).
        let proof = solver.prove(&mut bounded);
        nodes += proof.nodes;
        let extra = then(&mut solver, &mut bounded);
        return (
            WinIn {
                status: proof.status,
                n,
                proof,
                nodes,
            },
            extra,
        );
    }
    unreachable!("the loop returns at its last N")
}

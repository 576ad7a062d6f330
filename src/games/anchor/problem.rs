//! Anchor as a proof-search problem: the attacker must make one marked group of its own an
//! anchor (RULES.md section 1, rule 4) within N of its own moves, against every defence, with
//! both sides' placements confined to a region of the board. The `anchor` puzzles use it with
//! the side to move as attacker; the `block` puzzles with the opponent as attacker.
//!
//! **The region.** Given (a position file's `region`), or inferred by `infer_region`: the
//! empty points whose cost from the marked group is at most `REACH` (`BLOCK_REACH` for a
//! `block`), where a path costs one per empty point it enters, the marked group's side's
//! stones are free and the other side's stones are walls. For an `anchor` with N <= `REACH`
//! the inferred region loses nothing of the whole board: every point
//! of the group that anchors within N placements lies on a path from the group whose empty
//! points the attacker filled, so its cost at the root is at most N; attacker placements
//! outside the region are never part of that group and defender placements outside it never
//! touch it.
//!
//! **Moves.** Every empty region point is a move for both sides, and the defender may pass.
//! Left out, each proven losing:
//!
//! 1. **The attacker's pass.** The defender answers with a pass, two passes end the game,
//!    and the group (not an anchor before the pass, or the problem would be over) is judged
//!    on that final position: it dies. So a pass always fails for the attacker.
//! 2. **The lower bound** (`attacker_needs`). Let a point cost 0 when it holds an attacker
//!    stone and 1 when it is an empty region point; defender stones and empty points outside
//!    the region are walls. `D_G(m)` is the cheapest path from the marked group to m, and
//!    `D_s(m)` from a point of side s to m, both ends counted. The group anchors exactly
//!    when it touches both sides of a *good pair*: two non-adjacent sides, or the two sides
//!    meeting at one of the attacker's home corners (any three sides of a hexagon include two
//!    non-adjacent ones, so the three-side rule adds nothing). If the final group S touches x
//!    and y, pick a point of S on x, one on y and one of the marked group; the smallest
//!    subtree of S joining them is three paths from a centre m, disjoint but for m, so the
//!    empty points of S number at least `D_G(m) + D_x(m) + D_y(m) - 2 cost(m)`, and at least
//!    the least of that over m, T(x, y). Each of those points needs an attacker placement
//!    (stones are never removed), so the attacker needs at least the least T over the good
//!    pairs, and at least 1 while the group is not an anchor. `solve::WithinN` fails a node
//!    whose bound exceeds the attacker's moves left, and the attacker's move list leaves out
//!    the placements after which the bound exceeds the moves then left (they would be failed
//!    at once anyway).
//! 3. **The last move.** With one attacker move left, the attacker's only useful moves are
//!    its winning placements W (the engine's rule on the group with the stone added). At the
//!    defender's turn before it, a defender stone at m leaves exactly W less m (the anchor
//!    test reads the attacker's stones only), and a pass leaves W: so if W has two points
//!    every defender move loses, and with one point only the block there can hold. The
//!    defender is given the points of W only (a pass or any other placement leaves W whole).
//!    A bound of 1 means W is not empty (the centre m of a tree of cost 1 joins the group to
//!    both sides of a pair by itself), so a defender node with no W has already failed.
//!
//! **The mirror rule.** It refuses only a side's tenth consecutive placement that mirrors the
//! opponent's last one under the 180-degree turn. A puzzle is set up from its stones (the
//! counters start at zero), so a line in which each side places at most nine stones never
//! meets it: every `anchor` search (N <= 5). A `block` search can be longer; it is exact when
//! the region and its 180-degree image share no point (then no placement in the region
//! mirrors another), which `mirror_free` tells and the `block` generator requires.
//!
//! The hash is a Zobrist hash of the stones, the side to move and whether the last move was a
//! pass; the moves left are mixed in by `WithinN`.

use super::engine::{Anchor, Color, Move, verdict};
use super::look::ANCHOR_CORNERS;
use crate::games::solving::{natural_line, refutation_size};
use crate::geometry::{Board, PointId};
use crate::solve::{Branch, Budget, Problem, Solver, Status, WinIn, WithinN};
use std::collections::VecDeque;

/// A distance that no path reaches.
pub const FAR: u32 = u32::MAX / 8;

/// The cost from the marked group within which the inferred region of an `anchor` problem
/// reaches.
pub const REACH: u32 = 3;

/// The cost from the marked group within which the inferred region of a `block` problem
/// reaches (a threat within 2 stays inside it).
pub const BLOCK_REACH: u32 = 2;

/// The pairs of sides (masks) whose touching makes a group of `c` an anchor, least first:
/// the nine non-adjacent pairs and the pairs meeting at `c`'s home corners.
pub fn good_pairs(c: Color) -> Vec<u8> {
    let mut out = Vec::new();
    for x in 0..6u8 {
        for y in x + 1..6 {
            let m = (1u8 << x) | (1 << y);
            if verdict(m, c).is_anchor() {
                out.push(m);
            }
        }
    }
    out
}

/// The sides (mask) the group of the stone at `p` touches, on `cells`.
pub fn group_sides(board: &Board, cells: &[Option<Color>], p: PointId) -> (u8, Vec<PointId>) {
    let Some(c) = cells[p as usize] else {
        return (0, Vec::new());
    };
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![p];
    let mut group = Vec::new();
    seen[p as usize] = true;
    let mut sides = 0u8;
    while let Some(q) = stack.pop() {
        group.push(q);
        sides |= board.sides(q);
        for &r in board.neighbours(q) {
            if !seen[r as usize] && cells[r as usize] == Some(c) {
                seen[r as usize] = true;
                stack.push(r);
            }
        }
    }
    group.sort_unstable();
    (sides, group)
}

/// The 0-1 costs from the stones of `sources` (cost 0) over `c`'s stones (0) and the points
/// `open` allows (1 each); every other point is a wall.
fn costs_from(
    board: &Board,
    cells: &[Option<Color>],
    open: &[bool],
    c: Color,
    sources: &[PointId],
) -> Vec<u32> {
    let mut d = vec![FAR; cells.len()];
    let mut queue = VecDeque::new();
    for &s in sources {
        let cost = match cells[s as usize] {
            Some(x) if x == c => 0,
            None if open[s as usize] => 1,
            _ => continue,
        };
        if cost < d[s as usize] {
            d[s as usize] = cost;
            if cost == 0 {
                queue.push_front(s);
            } else {
                queue.push_back(s);
            }
        }
    }
    while let Some(v) = queue.pop_front() {
        let dv = d[v as usize];
        for &w in board.neighbours(v) {
            let cost = match cells[w as usize] {
                Some(x) if x == c => 0,
                None if open[w as usize] => 1,
                _ => continue,
            };
            if dv + cost < d[w as usize] {
                d[w as usize] = dv + cost;
                if cost == 0 {
                    queue.push_front(w);
                } else {
                    queue.push_back(w);
                }
            }
        }
    }
    d
}

/// The region inferred for the group of the stone at `target`: the empty points within cost
/// `reach` of it (the module docs; `REACH` or `BLOCK_REACH`), in board order.
pub fn infer_region(a: &Anchor, target: PointId, reach: u32) -> Vec<PointId> {
    let board = a.board();
    let cells: Vec<Option<Color>> = board.points().map(|p| a.stone(p)).collect();
    let Some(c) = cells[target as usize] else {
        return Vec::new();
    };
    let open = vec![true; cells.len()];
    let d = costs_from(board, &cells, &open, c, &[target]);
    board
        .points()
        .filter(|&p| cells[p as usize].is_none() && d[p as usize] <= reach)
        .collect()
}

/// Whether no point of `region` has its 180-degree image in `region` (then the mirror rule
/// cannot refuse a placement in it: see the module docs).
pub fn mirror_free(a: &Anchor, region: &[PointId]) -> bool {
    region.iter().all(|&p| !region.contains(&a.rotate(p)))
}

/// An Anchor position seen from the attacker, who must make the group of `target` an anchor.
#[derive(Clone, Debug)]
pub struct AProblem {
    board: Board,
    cells: Vec<Option<Color>>,
    open: Vec<bool>,
    region: Vec<PointId>,
    to_move: Color,
    attacker: Color,
    target: PointId,
    good: Vec<u8>,
    side_points: [Vec<PointId>; 6],
    /// 1 when the last move was a pass, 2 when the last two were.
    passes: u8,
    hash: u64,
    zob: Vec<u64>,
    /// Each move with the pass count before it.
    history: Vec<(Move, u8)>,
    limit: u32,
    used: u32,
}

impl AProblem {
    /// The problem of position `a` (its stones and side to move): `attacker` must anchor the
    /// group of its stone at `target`, both sides placing only on the empty points of
    /// `region`.
    pub fn new(a: &Anchor, attacker: Color, target: PointId, region: &[PointId]) -> AProblem {
        let board = a.board().clone();
        let n = board.len();
        let cells: Vec<Option<Color>> = board.points().map(|p| a.stone(p)).collect();
        let mut open = vec![false; n];
        for &p in region {
            open[p as usize] = true;
        }
        let mut region: Vec<PointId> = region.to_vec();
        region.sort_unstable();
        region.dedup();
        let side_points = std::array::from_fn(|s| {
            board
                .points()
                .filter(|&p| board.sides(p) & (1 << s) != 0)
                .collect()
        });
        let zob = crate::util::zobrist_table(n * 2 + 3, 0x00A7_C417);
        let mut hash = 0;
        for (i, c) in cells.iter().enumerate() {
            if let Some(c) = c {
                hash ^= zob[i * 2 + c.index()];
            }
        }
        if a.to_move() == Color::White {
            hash ^= zob[n * 2];
        }
        AProblem {
            board,
            cells,
            open,
            region,
            to_move: a.to_move(),
            attacker,
            target,
            good: good_pairs(attacker),
            side_points,
            passes: 0,
            hash,
            zob,
            history: Vec::new(),
            limit: 0,
            used: 0,
        }
    }

    /// The side to move.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The region, in board order.
    pub fn region(&self) -> &[PointId] {
        &self.region
    }

    /// Sets the number of attacker moves the search allows from the root, and counts them
    /// from here.
    pub fn set_limit(&mut self, n: u32) {
        self.limit = n;
        self.used = 0;
    }

    /// The empty points of the region.
    pub fn empty_points(&self) -> Vec<PointId> {
        self.region
            .iter()
            .copied()
            .filter(|&p| self.cells[p as usize].is_none())
            .collect()
    }

    /// Whether the marked group is an anchor now.
    pub fn anchored(&self) -> bool {
        let (sides, _) = group_sides(&self.board, &self.cells, self.target);
        self.cells[self.target as usize] == Some(self.attacker)
            && verdict(sides, self.attacker).is_anchor()
    }

    /// The attacker's placements that make the group an anchor at once.
    pub fn winning_placements(&mut self) -> Vec<PointId> {
        let att = self.attacker;
        self.empty_points()
            .into_iter()
            .filter(|&p| {
                self.cells[p as usize] = Some(att);
                let won = self.anchored();
                self.cells[p as usize] = None;
                won
            })
            .collect()
    }

    /// The lower bound of point 2 of the module docs: 0 when anchored, FAR when no good pair
    /// can be reached inside the region.
    pub fn needs(&self) -> u32 {
        if self.anchored() {
            return 0;
        }
        let att = self.attacker;
        let (_, group) = group_sides(&self.board, &self.cells, self.target);
        if group.is_empty() {
            return FAR;
        }
        let dg = costs_from(&self.board, &self.cells, &self.open, att, &group);
        let mut ds: [Option<Vec<u32>>; 6] = Default::default();
        let mut best = FAR;
        for &pair in &self.good {
            let [x, y] = [
                pair.trailing_zeros() as usize,
                7 - pair.leading_zeros() as usize,
            ];
            for s in [x, y] {
                if ds[s].is_none() {
                    ds[s] = Some(costs_from(
                        &self.board,
                        &self.cells,
                        &self.open,
                        att,
                        &self.side_points[s],
                    ));
                }
            }
            let (dx, dy) = (ds[x].as_ref().expect("made"), ds[y].as_ref().expect("made"));
            for m in 0..self.cells.len() {
                let own = match self.cells[m] {
                    Some(c) if c == att => 0,
                    None if self.open[m] => 1,
                    _ => continue,
                };
                let t = (dg[m] + dx[m] + dy[m]).saturating_sub(2 * own);
                best = best.min(t);
            }
        }
        best.clamp(1, FAR)
    }

    /// Each empty region point with the bound after a stone of `c` there.
    pub fn needs_after(&mut self, c: Color) -> Vec<(PointId, u32)> {
        self.empty_points()
            .into_iter()
            .map(|p| {
                self.cells[p as usize] = Some(c);
                let b = self.needs();
                self.cells[p as usize] = None;
                (p, b)
            })
            .collect()
    }

    /// The hash key of the pass count (none for 0).
    fn pass_key(&self) -> u64 {
        match self.passes {
            0 => 0,
            k => self.zob[self.cells.len() * 2 + k.min(2) as usize],
        }
    }

    /// The attacker's moves left (from the limit the search set).
    fn left(&self) -> u32 {
        self.limit.saturating_sub(self.used)
    }
}

impl Problem for AProblem {
    type Move = Move;

    fn moves(&mut self) -> Vec<Move> {
        let att = self.to_move == self.attacker;
        let left = self.left();
        if left <= 1 {
            // Point 3: the winning placements (for the defender: the blocks).
            let w = self.winning_placements();
            if w.is_empty() && !att {
                return vec![Move::Pass];
            }
            return w.into_iter().map(Move::Place).collect();
        }
        if att {
            // Point 2: placements after which the bound still fits the moves then left.
            let mut scored: Vec<(PointId, u32)> = self
                .needs_after(self.attacker)
                .into_iter()
                .filter(|&(_, b)| b < left)
                .collect();
            scored.sort_by_key(|&(p, b)| (b, p));
            scored.into_iter().map(|(p, _)| Move::Place(p)).collect()
        } else {
            // Every placement and the pass, those that raise the bound most first.
            let mut scored = self.needs_after(self.attacker.opp());
            scored.sort_by_key(|&(p, b)| (std::cmp::Reverse(b), p));
            let mut out: Vec<Move> = scored.into_iter().map(|(p, _)| Move::Place(p)).collect();
            out.push(Move::Pass);
            out
        }
    }

    fn play(&mut self, m: Move) {
        let c = self.to_move;
        self.history.push((m, self.passes));
        let before = self.pass_key();
        match m {
            Move::Place(p) => {
                self.cells[p as usize] = Some(c);
                self.hash ^= self.zob[p as usize * 2 + c.index()];
                self.passes = 0;
            }
            Move::Pass => self.passes += 1,
        }
        self.hash ^= before ^ self.pass_key() ^ self.zob[self.cells.len() * 2];
        if c == self.attacker {
            self.used += 1;
        }
        self.to_move = c.opp();
    }

    fn undo(&mut self) {
        let (m, passes) = self.history.pop().expect("undo with nothing played");
        let c = self.to_move.opp();
        if let Move::Place(p) = m {
            self.cells[p as usize] = None;
            self.hash ^= self.zob[p as usize * 2 + c.index()];
        }
        let before = self.pass_key();
        self.passes = passes;
        self.hash ^= before ^ self.pass_key() ^ self.zob[self.cells.len() * 2];
        if c == self.attacker {
            self.used -= 1;
        }
        self.to_move = c;
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn attacker_to_move(&self) -> bool {
        self.to_move == self.attacker
    }

    fn outcome(&mut self) -> Option<bool> {
        if self.anchored() {
            return Some(true);
        }
        if self.passes >= 2 {
            return Some(false);
        }
        None
    }

    fn attacker_needs(&mut self) -> u32 {
        self.needs()
    }
}

/// What a search for the attacker found, with the solution tree and proof size of the
/// minimal N when proven.
pub struct Found {
    /// The result of iterative deepening.
    pub result: WinIn<Move>,
    /// The solution tree (the attacker's winning moves, every reply shown).
    pub tree: Vec<Branch<Move>>,
    /// Distinct positions in the proof of the key move plus those in the refutations of the
    /// other first moves the search classified.
    pub proof_size: usize,
}

/// The most positions a proof size counts.
const SIZE_CAP: usize = 1_000_000;

/// Iterative deepening N = 1..=`max_n` on the attacker's moves (the attacker to move at the
/// root): the first N proven is minimal, every smaller N having been disproven.
pub fn deepen(p: &mut AProblem, max_n: u32, budget: &Budget, tree_nodes: usize) -> Found {
    let max_n = max_n.max(1);
    let mut nodes = 0;
    for n in 1..=max_n {
        let mut b = budget.clone();
        b.nodes = budget.nodes.saturating_sub(nodes);
        p.set_limit(n);
        let mut solver: Solver<WithinN<'_, AProblem>> = Solver::new(b);
        let mut bounded = WithinN::new(p, n);
        let status = solver.search(&mut bounded);
        if status == Status::Disproven && n < max_n {
            nodes += solver.nodes();
            continue;
        }
        let mut proof = solver.prove(&mut bounded);
        nodes += proof.nodes;
        if let Some(k) = proof.key_move {
            proof.main_line = natural_line(&mut solver, &mut bounded, k);
        }
        let (tree, proof_size) = if proof.status == Status::Proven && tree_nodes > 0 {
            let mut size = solver.proof_size(&mut bounded, SIZE_CAP);
            for &(m, _) in &proof.refutations {
                bounded.play(m);
                size += refutation_size(&mut solver, &mut bounded, SIZE_CAP);
                bounded.undo();
            }
            (
                solver.solution(&mut bounded, 2 * n as usize, tree_nodes),
                size,
            )
        } else {
            (Vec::new(), 0)
        };
        return Found {
            result: WinIn {
                status: proof.status,
                n,
                proof,
                nodes,
            },
            tree,
            proof_size,
        };
    }
    unreachable!("the loop returns at its last N")
}

/// Whether the attacker (to move) wins within exactly `n`: the status, the attacker's first
/// winning move when proven, the nodes spent and the proof's (or refutation's) size.
pub fn wins_within(
    p: &mut AProblem,
    n: u32,
    budget: &Budget,
) -> (Status, Option<Move>, u64, usize) {
    p.set_limit(n);
    let mut solver: Solver<WithinN<'_, AProblem>> = Solver::new(budget.clone());
    let mut bounded = WithinN::new(p, n);
    let status = solver.search(&mut bounded);
    let first = if status == Status::Proven {
        solver.main_line(&mut bounded, 1).first().copied()
    } else {
        None
    };
    let size = match status {
        Status::Proven => solver.proof_size(&mut bounded, SIZE_CAP),
        Status::Disproven => refutation_size(&mut solver, &mut bounded, SIZE_CAP),
        Status::Unknown => 0,
    };
    (status, first, solver.nodes(), size)
}

/// The answer to a `block` problem: the side to move stops the group of the enemy stone at
/// `target` from ever anchoring inside the region.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    /// Proven with the minimal N when the enemy, moving now, would anchor within `n`.
    pub threat: Status,
    /// The N of the threat (the largest tried when there is none).
    pub n: u32,
    /// The moves after which the enemy never anchors inside the region.
    pub holds: Vec<Move>,
    /// Every other move with the enemy's first winning reply.
    pub fails: Vec<(Move, Option<Move>)>,
    /// Moves whose search ran out of budget.
    pub open: Vec<Move>,
    /// Positions in the threat's proof, in the refutation after the key move and in the
    /// proofs that every other move fails.
    pub proof_size: usize,
    /// Nodes expanded in all.
    pub nodes: u64,
}

/// Solves a `block` problem at `a` (the blocker to move): the enemy's threat (minimal N up
/// to `max_n`, the enemy moving first), then every move of the blocker (each empty region
/// point and the pass). "Ever" is a win within M, the number of empty region points left:
/// the enemy never passes (point 1) and places at most one stone per empty point. A move
/// after which the bound is FAR holds outright (point 2: no connected set can anchor); a
/// move after which the enemy wins within the threat's N fails; any other move is searched
/// within M when `full`, and left open otherwise (the generator keeps only puzzles whose
/// every move is settled the first two ways).
pub fn block(
    a: &Anchor,
    target: PointId,
    region: &[PointId],
    max_n: u32,
    budget: &Budget,
    full: bool,
) -> Block {
    let blocker = a.to_move();
    let enemy = blocker.opp();
    let mut threat_pos = a.clone();
    threat_pos.setup(&stones(a), enemy);
    let mut tp = AProblem::new(&threat_pos, enemy, target, region);
    let found = deepen(&mut tp, max_n, budget, 0);
    let mut nodes = found.result.nodes;
    let mut out = Block {
        threat: found.result.status,
        n: found.result.n,
        holds: Vec::new(),
        fails: Vec::new(),
        open: Vec::new(),
        proof_size: 0,
        nodes,
    };
    if found.result.status != Status::Proven {
        return out;
    }
    let threat_size = {
        let mut again = AProblem::new(&threat_pos, enemy, target, region);
        wins_within(&mut again, out.n, budget).3
    };
    let mut p = AProblem::new(a, enemy, target, region);
    let mut moves: Vec<(Move, u32)> = p
        .needs_after(blocker)
        .into_iter()
        .map(|(q, b)| (Move::Place(q), b))
        .collect();
    moves.sort_by_key(|&(q, b)| {
        (
            std::cmp::Reverse(b),
            match q {
                Move::Place(x) => x,
                Move::Pass => PointId::MAX,
            },
        )
    });
    moves.push((Move::Pass, p.needs()));
    let mut key_size = 0;
    let mut fails_size = 0;
    for (m, bound) in moves {
        p.play(m);
        let ever = p.empty_points().len() as u32;
        let (status, reply, spent, size) = if bound >= FAR {
            (Status::Disproven, None, 0, 1)
        } else {
            let quick = wins_within(&mut p, out.n, budget);
            if quick.0 != Status::Disproven || ever <= out.n {
                quick
            } else if full {
                wins_within(&mut p, ever, budget)
            } else {
                (Status::Unknown, None, quick.2, 0)
            }
        };
        p.undo();
        nodes += spent;
        match status {
            Status::Proven => {
                fails_size += size;
                out.fails.push((m, reply));
            }
            Status::Disproven => {
                if out.holds.is_empty() {
                    key_size = size.max(1);
                }
                out.holds.push(m);
            }
            Status::Unknown => out.open.push(m),
        }
    }
    out.nodes = nodes;
    out.proof_size = threat_size + key_size + fails_size;
    out
}

/// The stones of a position, in board order.
pub fn stones(a: &Anchor) -> Vec<(PointId, Color)> {
    a.board()
        .points()
        .filter_map(|p| a.stone(p).map(|c| (p, c)))
        .collect()
}

/// The main line after a blocker's holding move: the enemy's most promising try (the first
/// in the problem's order) and the blocker's answers, for at most `plies` moves after the
/// key, while the bound is not yet FAR.
pub fn block_line(
    a: &Anchor,
    target: PointId,
    region: &[PointId],
    key: Move,
    plies: usize,
) -> Vec<Move> {
    let enemy = a.to_move().opp();
    let mut p = AProblem::new(a, enemy, target, region);
    p.play(key);
    let mut line = vec![key];
    let mut played = 1;
    while line.len() <= plies && p.outcome().is_none() && p.needs() < FAR {
        let mut scored = p.needs_after(p.to_move());
        if scored.is_empty() {
            break;
        }
        if p.to_move() == enemy {
            scored.sort_by_key(|&(q, b)| (b, q));
        } else {
            scored.sort_by_key(|&(q, b)| (std::cmp::Reverse(b), q));
        }
        let m = Move::Place(scored[0].0);
        p.play(m);
        played += 1;
        line.push(m);
    }
    for _ in 0..played {
        p.undo();
    }
    line
}

/// The name of a move: a point, or "pass".
pub fn move_name(board: &Board, m: Move) -> String {
    match m {
        Move::Place(p) => board.name(p).to_string(),
        Move::Pass => "pass".to_string(),
    }
}

/// The home corner names of `c`, for instructions and docs.
pub fn home_corners(c: Color) -> Vec<&'static str> {
    ANCHOR_CORNERS
        .iter()
        .filter(|k| k.2 == (c == Color::Black))
        .map(|k| k.0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng;
    use rand::RngExt;

    #[test]
    fn the_good_pairs_are_the_nine_non_adjacent_and_three_home_pairs() {
        for c in [Color::Black, Color::White] {
            let g = good_pairs(c);
            assert_eq!(g.len(), 12);
            let homes: Vec<u8> = ANCHOR_CORNERS
                .iter()
                .filter(|k| k.2 == (c == Color::Black))
                .map(|k| k.1)
                .collect();
            for h in homes {
                assert!(g.contains(&h));
            }
        }
        assert_eq!(home_corners(Color::Black), ["A1", "O8", "H15"]);
    }

    /// On random positions: a group one stone from anchoring has bound 1, an anchor has 0,
    /// and after any attacker stone the bound drops by at most the stones it then needs.
    #[test]
    fn the_bound_is_never_above_what_one_placement_achieves() {
        let mut r = rng(17);
        for _ in 0..30 {
            let mut a = Anchor::new();
            let board = a.board().clone();
            let mut st = Vec::new();
            for p in board.points() {
                let x: f64 = r.random();
                if x < 0.18 {
                    st.push((p, Color::Black));
                } else if x < 0.33 {
                    st.push((p, Color::White));
                }
            }
            a.setup(&st, Color::Black);
            for &(t, c) in st.iter().step_by(7) {
                let region = infer_region(&a, t, REACH);
                let mut p = AProblem::new(&a, c, t, &region);
                let need = p.needs();
                let w = p.winning_placements();
                assert_eq!(need == 0, p.anchored());
                if need > 0 {
                    assert_eq!(need == 1, !w.is_empty(), "bound {need}, wins {w:?}");
                }
            }
        }
    }
}

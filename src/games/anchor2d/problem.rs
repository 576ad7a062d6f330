//! Anchor 2D as a proof-search problem: the attacker must reach a goal (anchor one named
//! pair, or its fifth pair and the game) within N of its own placements, against every
//! defence; the defender's fifth pair on the way is a failure for the attacker.
//!
//! Every empty playable cell is a move for both sides, with three exceptions, each proven
//! to lose by the arguments below (they use only that stones are never removed and that a
//! player's anchors depend on that player's stones alone, RULES.md section 2):
//!
//! 1. **The lower bound** (`attacker_needs`). Let the cost of a playable cell be 0 for an
//!    attacker stone and 1 when empty; defender stones are walls. `D_A(m)` is the cheapest
//!    path from a cell touching an edge of set A to cell m, both ends counted. An anchor of
//!    pair (x, y) is a connected set S of the attacker's stones touching x, y and a third
//!    edge, one of O (the edges other than x and y). Pick in S a cell touching each of x, y
//!    and O; the smallest subtree of S joining them is three paths from one centre m, apart
//!    but for m, so S costs at least `D_x(m) + D_y(m) + D_O(m) - 2 cost(m)` for some m, and
//!    at least the least of that over all m, T(x, y). Every cell of S that is empty now must
//!    receive an attacker stone (defender stones never go away), so the attacker needs at
//!    least `max(1, T)` more stones (windows ignored: a relaxation; the 1 because an
//!    unanchored pair stays so until the attacker places a stone). For the fifth pair with k
//!    pairs missing, any k new pairs need at least the largest of their bounds, so at least
//!    the k-th smallest bound over the unanchored pairs. The bound never exceeds what is
//!    needed, so failing a node whose bound exceeds the attacker's moves left
//!    (`solve::WithinN`) is sound.
//! 2. **Attacker moves that cannot keep the bound within reach.** One attacker stone lowers
//!    the cost of one cell by one, so T drops by one at most; and the cheapest path
//!    `d(A, B)` between two edge sets becomes exactly `min(d(A,B), D_A(m) + D_B(m) - 2)`
//!    after a stone at m (a cheapest path through m visits it once). Each of T - 1,
//!    d(x,y), d(x,O) and d(y,O) after m is a lower bound on what the pair then needs, so
//!    their largest is one, computed for every m at once; a move whose bound after it
//!    exceeds the moves then left is failed by point 1 at once, so it is left out.
//! 3. **The defender's last chance.** When the defender moves and the attacker has one move
//!    left, let W be the attacker's winning placements now (each found by the engine's rule).
//!    After a defender stone at m the attacker's winning placements are exactly W less m (a
//!    defender stone changes no attacker anchor, it only takes its cell). So if the defender
//!    has no move that wins the game itself: with two or more cells in W every defender move
//!    loses, and the moves of W are the ones shown (the tempting blocks); with one cell in W,
//!    the block there holds; with none, any move holds. A defender move that wins the game
//!    is the only move given when there is one.
//!
//! 4. **Defences outside the threat** (`defend`). If the opponent, moving first, wins
//!    within N with a strategy T (the solution tree of its proof, every defender reply
//!    included), a defender stone on a cell where T never places an attacker stone leaves T
//!    standing: T's attacker moves stay legal, the attacker's anchors do not depend on
//!    defender stones, and the moves a defender node of T leaves out were proven lost by
//!    points 1 to 3 on sets of cells that only shrink by the extra stone's cell, which is
//!    not among them. The one thing the extra stone could change is the defender's own
//!    fifth pair, so this is used only when the defender's bound for five pairs exceeds N.
//!    Such moves are recorded as failing to T's first move without a search of their own;
//!    the tree is used only when it is complete (under `SUPPORT_CAP` moves).
//!
//! The hash is a Zobrist hash of the stones and the side to move; the moves left are mixed in
//! by `WithinN`.

use super::engine::{Anchor2d, Color};
use super::look::{ANCHOR2D_PAIRS, EDGE_LETTERS};
use crate::games::solving::{natural_line, refutation_size};
use crate::geometry::{CellClass, PointId};
use crate::solve::{Branch, Budget, Problem, Solver, Status, WinIn, WithinN};
use std::collections::VecDeque;

/// A distance that no path reaches.
const FAR: u32 = u32::MAX / 8;

/// What the attacker wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Anchor pair k (an index into ANCHOR2D_PAIRS).
    Pair(usize),
    /// Anchor a fifth pair, winning the game.
    Five,
}

/// Pair `k` in the sheet's notation: "(a,c)".
pub fn pair_name(k: usize) -> String {
    let (x, y) = ANCHOR2D_PAIRS[k];
    format!(
        "({},{})",
        EDGE_LETTERS[x as usize], EDGE_LETTERS[y as usize]
    )
}

/// Reads a pair written "a,c", "(a,c)", "a-c" or "ac", either order.
pub fn parse_pair(text: &str) -> Option<usize> {
    let letters: Vec<char> = text
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let [p, q] = letters[..] else {
        return None;
    };
    let e = |c: char| EDGE_LETTERS.iter().position(|&l| l == c).map(|i| i as u8);
    let (x, y) = (e(p)?, e(q)?);
    ANCHOR2D_PAIRS
        .iter()
        .position(|&(a, b)| (a, b) == (x, y) || (a, b) == (y, x))
}

/// An Anchor 2D position seen from the attacker, who must reach `goal` within `limit` of its
/// own moves.
#[derive(Clone, Debug)]
pub struct A2Problem {
    engine: Anchor2d,
    /// The playable cells.
    playable: Vec<PointId>,
    /// Each cell's playable neighbours.
    near: Vec<Vec<PointId>>,
    touch: Vec<u16>,
    cells: Vec<Option<Color>>,
    to_move: Color,
    attacker: Color,
    goal: Goal,
    /// Each side's anchored pairs (bit k for pair k), by colour index.
    pairs: [u16; 2],
    hash: u64,
    zob: Vec<u64>,
    /// Each placement and the mover's pairs before it.
    history: Vec<(PointId, u16)>,
    /// The attacker's moves allowed in all (set by the search before each N).
    limit: u32,
    /// The attacker's moves played since the root.
    used: u32,
}

/// Distance maps from each edge, for one colour's stones.
struct Maps {
    /// `from[e][c]`: the cheapest path from a cell touching edge e to cell c, c counted.
    from: Vec<Vec<u32>>,
}

impl A2Problem {
    /// The problem of `position` (its stones and side to move) for `attacker` and `goal`.
    pub fn new(position: &Anchor2d, attacker: Color, goal: Goal) -> A2Problem {
        let board = position.board().clone();
        let n = board.len();
        let playable: Vec<PointId> = board
            .points()
            .filter(|&p| board.cell_class(p) == CellClass::Playable)
            .collect();
        let near = (0..n as PointId)
            .map(|p| {
                board
                    .neighbours(p)
                    .iter()
                    .copied()
                    .filter(|&q| board.cell_class(q) == CellClass::Playable)
                    .collect()
            })
            .collect();
        let touch = (0..n as PointId).map(|p| position.touches(p)).collect();
        let cells: Vec<Option<Color>> = (0..n as PointId).map(|p| position.stone(p)).collect();
        let zob = crate::util::zobrist_table(n * 2 + 1, 0x00A2_D5EA);
        let mut hash = 0;
        for (i, c) in cells.iter().enumerate() {
            if let Some(c) = c {
                hash ^= zob[i * 2 + c.index()];
            }
        }
        if position.to_move() == Color::White {
            hash ^= zob[n * 2];
        }
        let mut engine = Anchor2d::new();
        engine.setup(&[], Color::Black);
        let pairs = [Color::Black, Color::White]
            .map(|c| position.pairs(c).iter().fold(0u16, |m, &k| m | (1 << k)));
        A2Problem {
            engine,
            playable,
            near,
            touch,
            cells,
            to_move: position.to_move(),
            attacker,
            goal,
            pairs,
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

    /// The attacker.
    pub fn attacker(&self) -> Color {
        self.attacker
    }

    /// The pairs (a mask) a side has anchored.
    pub fn pairs_of(&self, c: Color) -> u16 {
        self.pairs[c.index()]
    }

    /// The stone on a cell.
    pub fn stone(&self, p: PointId) -> Option<Color> {
        self.cells[p as usize]
    }

    /// The empty playable cells in board order.
    pub fn empty_cells(&self) -> Vec<PointId> {
        self.playable
            .iter()
            .copied()
            .filter(|&p| self.cells[p as usize].is_none())
            .collect()
    }

    /// Sets the number of attacker moves the search allows from the root.
    pub fn set_limit(&mut self, n: u32) {
        self.limit = n;
    }

    /// Whether `c` has reached goal `goal` as attacker.
    fn reached(&self, c: Color, goal: Goal) -> bool {
        let m = self.pairs[c.index()];
        match goal {
            Goal::Pair(k) => m & (1 << k) != 0,
            Goal::Five => m.count_ones() >= 5,
        }
    }

    /// The game's winner, if a side has five pairs.
    pub fn winner(&self) -> Option<Color> {
        [Color::Black, Color::White]
            .into_iter()
            .find(|c| self.pairs[c.index()].count_ones() >= 5)
    }

    /// The pairs `c` would anchor with a stone at empty `p` (all of them, old and new).
    pub fn pairs_after(&mut self, p: PointId, c: Color) -> u16 {
        self.cells[p as usize] = Some(c);
        let held = self.pairs[c.index()];
        let new = self.engine.group_pairs(&self.cells, p, !held & 0x1ff);
        self.cells[p as usize] = None;
        held | new
    }

    /// The distance maps of `c`'s stones from each edge in `edges` (a mask); other rows are
    /// left empty.
    fn maps(&self, c: Color, edges: u16) -> Maps {
        let from = (0..9)
            .map(|e| {
                if edges & (1 << e) == 0 {
                    Vec::new()
                } else {
                    self.map_from(c, 1 << e)
                }
            })
            .collect();
        Maps { from }
    }

    /// The least of `d[c]` over cells touching an edge of `edges`.
    fn least(&self, d: &[u32], edges: u16) -> u32 {
        self.playable
            .iter()
            .filter(|&&p| self.touch[p as usize] & edges != 0)
            .map(|&p| d[p as usize])
            .min()
            .unwrap_or(FAR)
    }

    /// The edges whose maps the bounds of `c` for `goal` read.
    fn edges_for(&self, c: Color, goal: Goal) -> u16 {
        match goal {
            Goal::Pair(k) => {
                let (x, y) = ANCHOR2D_PAIRS[k];
                (1 << x) | (1 << y)
            }
            Goal::Five => {
                let held = self.pairs[c.index()];
                (0..9).filter(|k| held & (1 << k) == 0).fold(0u16, |m, k| {
                    let (x, y) = ANCHOR2D_PAIRS[k];
                    m | (1 << x) | (1 << y)
                })
            }
        }
    }

    /// The pairs the goal counts, with how many of them are still to anchor.
    fn open_pairs(&self, c: Color, goal: Goal) -> (Vec<usize>, usize) {
        let held = self.pairs[c.index()];
        match goal {
            Goal::Pair(k) => (
                if held & (1 << k) == 0 {
                    vec![k]
                } else {
                    Vec::new()
                },
                usize::from(held & (1 << k) == 0),
            ),
            Goal::Five => {
                let open: Vec<usize> = (0..9).filter(|k| held & (1 << k) == 0).collect();
                let missing = 5usize.saturating_sub(held.count_ones() as usize);
                (open, missing)
            }
        }
    }

    /// The map of `c`'s stones from every edge in `edges` at once (a multi-source search).
    fn map_from(&self, c: Color, edges: u16) -> Vec<u32> {
        let n = self.cells.len();
        let mut d = vec![FAR; n];
        let mut queue = VecDeque::new();
        for &p in &self.playable {
            if self.touch[p as usize] & edges != 0 {
                match self.cells[p as usize] {
                    Some(s) if s == c => {
                        d[p as usize] = 0;
                        queue.push_front(p);
                    }
                    None => {
                        d[p as usize] = 1;
                        queue.push_back(p);
                    }
                    Some(_) => {}
                }
            }
        }
        while let Some(v) = queue.pop_front() {
            let dv = d[v as usize];
            for &w in &self.near[v as usize] {
                let cost = match self.cells[w as usize] {
                    Some(s) if s == c => 0,
                    None => 1,
                    Some(_) => continue,
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

    /// For pair `k` of `c`: the maps from x, from y and from the other edges (O), and the
    /// pair's terms now: the cheapest tree joining x, y and O (point 1 of the module docs),
    /// then d(x,y), d(x,O), d(y,O).
    fn pair_terms(&self, maps: &Maps, c: Color, k: usize) -> (Vec<u32>, [u32; 4]) {
        let (x, y) = ANCHOR2D_PAIRS[k];
        let others: u16 = 0x1ff & !((1 << x) | (1 << y));
        let d_o = self.map_from(c, others);
        let dx = &maps.from[x as usize];
        let dy = &maps.from[y as usize];
        let tree = self
            .playable
            .iter()
            .filter_map(|&m| {
                let i = m as usize;
                let own = match self.cells[i] {
                    Some(s) if s == c => 0,
                    None => 1,
                    Some(_) => return None,
                };
                Some((dx[i] + dy[i] + d_o[i]).saturating_sub(2 * own))
            })
            .min()
            .unwrap_or(FAR);
        let terms = [
            tree,
            self.least(dx, 1 << y),
            self.least(dx, others),
            self.least(dy, others),
        ];
        (d_o, terms)
    }

    /// For every empty cell m, the cost of the cheapest tree for pair `k` of `c` with its
    /// centre at m (m counted once): low values mark the cells a connection would use. For
    /// guiding playouts only.
    pub fn tree_scores(&self, c: Color, k: usize) -> Vec<(PointId, u32)> {
        let (x, y) = ANCHOR2D_PAIRS[k];
        let maps = self.maps(c, (1 << x) | (1 << y));
        let d_o = self.map_from(c, 0x1ff & !((1 << x) | (1 << y)));
        let (dx, dy) = (&maps.from[x as usize], &maps.from[y as usize]);
        self.empty_cells()
            .into_iter()
            .map(|m| {
                let i = m as usize;
                (m, (dx[i] + dy[i] + d_o[i]).saturating_sub(2))
            })
            .collect()
    }

    /// A lower bound on the stones `c` still needs for `goal` (point 1 of the module docs).
    pub fn needs(&self, c: Color, goal: Goal) -> u32 {
        let (open, missing) = self.open_pairs(c, goal);
        if missing == 0 {
            return 0;
        }
        let maps = self.maps(c, self.edges_for(c, goal));
        let mut bounds: Vec<u32> = open
            .iter()
            .map(|&k| self.pair_terms(&maps, c, k).1[0].max(1))
            .collect();
        bounds.sort_unstable();
        bounds.get(missing - 1).copied().unwrap_or(FAR)
    }

    /// For every empty cell m: a lower bound on the stones `c` needs for `goal` after a stone
    /// of `c` at m (point 2 of the module docs), in board order of the empty cells.
    pub fn needs_after(&self, c: Color, goal: Goal) -> Vec<(PointId, u32)> {
        let empty = self.empty_cells();
        let (open, missing) = self.open_pairs(c, goal);
        if missing == 0 {
            return empty.into_iter().map(|p| (p, 0)).collect();
        }
        let maps = self.maps(c, self.edges_for(c, goal));
        let per_pair: Vec<(usize, Vec<u32>, [u32; 4])> = open
            .iter()
            .map(|&k| {
                let (d_o, t) = self.pair_terms(&maps, c, k);
                (k, d_o, t)
            })
            .collect();
        let through = |a: u32, b: u32| (a + b).saturating_sub(2);
        empty
            .into_iter()
            .map(|m| {
                let i = m as usize;
                let mut bounds: Vec<u32> = per_pair
                    .iter()
                    .map(|(k, d_o, t)| {
                        let (x, y) = ANCHOR2D_PAIRS[*k];
                        let dx = maps.from[x as usize][i];
                        let dy = maps.from[y as usize][i];
                        let o = d_o[i];
                        // One stone lowers the cheapest tree by one at most.
                        t[0].saturating_sub(1)
                            .max(t[1].min(through(dx, dy)))
                            .max(t[2].min(through(dx, o)))
                            .max(t[3].min(through(dy, o)))
                    })
                    .collect();
                bounds.sort_unstable();
                (m, bounds.get(missing - 1).copied().unwrap_or(FAR))
            })
            .collect()
    }

    /// The attacker's moves left.
    fn left(&self) -> u32 {
        self.limit.saturating_sub(self.used)
    }

    /// The placements that reach `goal` for `c` at once, in board order (only cells the
    /// bound allows are tried).
    pub fn winning_placements(&mut self, c: Color, goal: Goal) -> Vec<PointId> {
        let cand: Vec<PointId> = self
            .needs_after(c, goal)
            .into_iter()
            .filter(|&(_, b)| b == 0)
            .map(|(p, _)| p)
            .collect();
        let mut out = Vec::new();
        for p in cand {
            let after = self.pairs_after(p, c);
            let hit = match goal {
                Goal::Pair(k) => after & (1 << k) != 0,
                Goal::Five => after.count_ones() >= 5,
            };
            if hit {
                out.push(p);
            }
        }
        out
    }

    /// The defender's moves when the attacker has one move left (point 3 of the docs).
    fn last_chance(&mut self) -> Vec<PointId> {
        let def = self.attacker.opp();
        if self.needs(def, Goal::Five) <= 1 {
            let wins = self.winning_placements(def, Goal::Five);
            if let Some(&w) = wins.first() {
                return vec![w];
            }
        }
        let w = self.winning_placements(self.attacker, self.goal);
        if w.is_empty() {
            return self.empty_cells().into_iter().take(1).collect();
        }
        if w.len() == 1 {
            return w;
        }
        w
    }
}

impl Problem for A2Problem {
    type Move = PointId;

    fn moves(&mut self) -> Vec<PointId> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let attacker_moves = self.to_move == self.attacker;
        if !attacker_moves && self.left() == 1 {
            return self.last_chance();
        }
        let mut scored = self.needs_after(self.attacker, self.goal);
        if attacker_moves && self.left() >= 1 {
            let room = self.left() - 1;
            scored.retain(|&(_, b)| b <= room);
        }
        // Cells that help the attacker most first (for the defender: the blocks).
        scored.sort_by_key(|&(p, b)| (b, p));
        scored.into_iter().map(|(p, _)| p).collect()
    }

    fn play(&mut self, m: PointId) {
        let c = self.to_move;
        let before = self.pairs[c.index()];
        self.history.push((m, before));
        self.cells[m as usize] = Some(c);
        let new = self.engine.group_pairs(&self.cells, m, !before & 0x1ff);
        self.pairs[c.index()] = before | new;
        self.hash ^= self.zob[m as usize * 2 + c.index()] ^ self.zob[self.cells.len() * 2];
        if c == self.attacker {
            self.used += 1;
        }
        self.to_move = c.opp();
    }

    fn undo(&mut self) {
        let (m, before) = self.history.pop().expect("undo with nothing played");
        let c = self.cells[m as usize].take().expect("a stone to take back");
        self.pairs[c.index()] = before;
        self.hash ^= self.zob[m as usize * 2 + c.index()] ^ self.zob[self.cells.len() * 2];
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
        if self.reached(self.attacker, self.goal) {
            return Some(true);
        }
        if self.winner().is_some() {
            // The game is over without the goal: the defender's fifth pair, or the
            // attacker's without the named pair.
            return Some(false);
        }
        None
    }

    fn attacker_needs(&mut self) -> u32 {
        self.needs(self.attacker, self.goal)
    }
}

/// What a search for the attacker found, with the solution tree and proof size of the
/// minimal N when proven.
pub struct Found {
    /// The result of iterative deepening.
    pub result: WinIn<PointId>,
    /// The solution tree (the attacker's winning moves, every reply shown).
    pub tree: Vec<Branch<PointId>>,
    /// Distinct positions in the proof of the key move plus those in the refutations of the
    /// other first moves the search classified (the whole proof of a unique key).
    pub proof_size: usize,
}

/// Iterative deepening N = 1..=`max_n` on the attacker's moves (the attacker to move at the
/// root): the first N proven is minimal, every smaller N having been disproven. The problem
/// is told each N, which its move lists use (point 2 of the module docs).
pub fn deepen(p: &mut A2Problem, max_n: u32, budget: &Budget, tree_nodes: usize) -> Found {
    let max_n = max_n.max(1);
    let mut nodes = 0;
    for n in 1..=max_n {
        let mut b = budget.clone();
        b.nodes = budget.nodes.saturating_sub(nodes);
        p.set_limit(n);
        p.used = 0;
        let mut solver: Solver<WithinN<'_, A2Problem>> = Solver::new(b);
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

/// The most positions a proof size counts.
const SIZE_CAP: usize = 1_000_000;

/// Whether the attacker (to move) wins within exactly the bound `n`: one search, no
/// classification. Returns the status, the attacker's first winning move when proven, and
/// the nodes spent.
pub fn wins_within(
    p: &mut A2Problem,
    n: u32,
    budget: &Budget,
) -> (Status, Option<PointId>, u64, usize) {
    p.set_limit(n);
    p.used = 0;
    let mut solver: Solver<WithinN<'_, A2Problem>> = Solver::new(budget.clone());
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

/// The answer to a `defend` problem: the side to move stops the opponent's fifth pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Defence {
    /// The opponent's threat: Proven with the minimal N when the opponent, moving now, would
    /// win within `n`.
    pub threat: Status,
    /// The N of the threat (the largest tried when there is none).
    pub n: u32,
    /// The moves that leave the opponent no win within `n`.
    pub holds: Vec<PointId>,
    /// Every other move with the opponent's winning reply.
    pub fails: Vec<(PointId, Option<PointId>)>,
    /// Moves whose search ran out of budget.
    pub open: Vec<PointId>,
    /// Positions in the threat's proof plus those in the refutation of the threat after the
    /// key move.
    pub proof_size: usize,
    /// Nodes expanded in all.
    pub nodes: u64,
}

/// Solves a `defend` problem at `position` (the defender to move): the opponent's threat
/// (minimal N up to `max_n`, the opponent moving first), then every defender move, each
/// searched for the opponent's win within that N.
pub fn defend(position: &Anchor2d, max_n: u32, budget: &Budget) -> Defence {
    let def = position.to_move();
    let att = def.opp();
    let mut threat_pos = position.clone();
    threat_pos.set_to_move(att);
    let mut tp = A2Problem::new(&threat_pos, att, Goal::Five);
    let found = deepen(&mut tp, max_n, budget, SUPPORT_CAP);
    let mut nodes = found.result.nodes;
    let mut out = Defence {
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
        let mut again = A2Problem::new(&threat_pos, att, Goal::Five);
        wins_within(&mut again, out.n, budget).3
    };
    let mut p = A2Problem::new(position, att, Goal::Five);
    // The threat's whole solution tree and the cells the attacker plays in it (point 4 of
    // the module docs): a defender move elsewhere leaves that strategy standing, when the
    // defender cannot anchor a fifth pair itself within the horizon.
    let support =
        (tree_size(&found.tree) < SUPPORT_CAP && p.needs(def, Goal::Five) > out.n).then(|| {
            let mut cells = Vec::new();
            attacker_cells(&found.tree, true, &mut cells);
            cells
        });
    let first = found.tree.first().map(|b| b.mv);
    let moves = {
        let mut m = p.needs_after(att, Goal::Five);
        m.sort_by_key(|&(q, b)| (b, q));
        m.into_iter().map(|(q, _)| q).collect::<Vec<_>>()
    };
    let mut key_size = 0;
    for m in moves {
        if let Some(cells) = &support
            && !cells.contains(&m)
        {
            out.fails.push((m, first));
            continue;
        }
        p.play(m);
        p.used = 0;
        let (status, reply, spent, size) = if p.winner() == Some(def) {
            (Status::Disproven, None, 0, 0)
        } else {
            wins_within(&mut p, out.n, budget)
        };
        p.undo();
        nodes += spent;
        match status {
            Status::Proven => out.fails.push((m, reply)),
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
    out.proof_size = threat_size + key_size;
    out
}

/// Nodes a threat's solution tree may have for its cells to prune a `defend` search.
const SUPPORT_CAP: usize = 20_000;

/// The number of moves in a solution tree.
fn tree_size(tree: &[Branch<PointId>]) -> usize {
    tree.iter().map(|b| 1 + tree_size(&b.next)).sum()
}

/// The cells the attacker plays anywhere in a solution tree (`attacker`: whose turn the
/// tree's first moves are).
fn attacker_cells(tree: &[Branch<PointId>], attacker: bool, out: &mut Vec<PointId>) {
    for b in tree {
        if attacker && !out.contains(&b.mv) {
            out.push(b.mv);
        }
        attacker_cells(&b.next, !attacker, out);
    }
}

/// The main line after a defender's holding move: the attacker's most promising try (the
/// first in the problem's move order) and the defender's answers from the search's store.
pub fn defence_line(position: &Anchor2d, key: PointId, n: u32, budget: &Budget) -> Vec<PointId> {
    let att = position.to_move().opp();
    let mut p = A2Problem::new(position, att, Goal::Five);
    p.play(key);
    p.used = 0;
    p.set_limit(n);
    let mut solver: Solver<WithinN<'_, A2Problem>> = Solver::new(budget.clone());
    let mut bounded = WithinN::new(&mut p, n);
    let mut line = vec![key];
    if solver.search(&mut bounded) != Status::Disproven {
        return line;
    }
    let mut played = 0;
    while line.len() < 2 * n as usize + 1 && bounded.outcome().is_none() {
        let next = if bounded.attacker_to_move() {
            bounded.moves().first().copied()
        } else {
            solver.main_line(&mut bounded, 1).first().copied()
        };
        let Some(m) = next else {
            break;
        };
        bounded.play(m);
        played += 1;
        line.push(m);
    }
    for _ in 0..played {
        bounded.undo();
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng;
    use rand::RngExt;

    #[test]
    fn pairs_are_read_in_every_spelling() {
        assert_eq!(parse_pair("a,c"), Some(1));
        assert_eq!(parse_pair("(c,a)"), Some(1));
        assert_eq!(parse_pair("h-i"), Some(8));
        assert_eq!(parse_pair("a,e"), None);
        assert_eq!(parse_pair("abc"), None);
        for k in 0..9 {
            assert_eq!(parse_pair(&pair_name(k)), Some(k));
        }
    }

    /// On random positions: the one-group pair test the problem keeps incrementally gives
    /// the engine's pairs, and the bound never exceeds the stones a placement sequence
    /// found by the engine needs (a pair anchored by one more stone has bound at most 1).
    #[test]
    fn incremental_pairs_match_the_engine_and_the_bound_is_never_too_high() {
        let mut r = rng(16);
        for _ in 0..6 {
            let mut a = Anchor2d::new();
            let mut p = A2Problem::new(&a, Color::Black, Goal::Five);
            for _ in 0..150 {
                let empty = p.empty_cells();
                let m = empty[r.random_range(0..empty.len())];
                let mover = a.to_move();
                let before: Vec<u32> = (0..9).map(|k| p.needs(mover, Goal::Pair(k))).collect();
                let held_before = a.pairs(mover);
                if a.play(m).is_err() {
                    break;
                }
                p.play(m);
                // A pair the engine says this one stone made needed at most one stone.
                for k in a.pairs(mover) {
                    if !held_before.contains(&k) {
                        assert!(before[k] <= 1, "pair {k} needed {}", before[k]);
                    }
                }
                for c in [Color::Black, Color::White] {
                    let engine = a.pairs(c).iter().fold(0u16, |s, &k| s | (1 << k));
                    assert_eq!(p.pairs_of(c), engine);
                }
                if a.winner().is_some() {
                    break;
                }
                let me = a.to_move();
                for k in 0..9 {
                    let held = a.pairs(me).contains(&k);
                    let need = p.needs(me, Goal::Pair(k));
                    assert_eq!(need == 0, held);
                    if !held && !p.winning_placements(me, Goal::Pair(k)).is_empty() {
                        assert_eq!(need, 1, "pair {k}");
                    }
                }
            }
        }
    }
}

//! "Capture within N" as a proof-search problem: `Hunt` plays the whole Kropki game (every
//! legal placement of the whole board for both sides, with every choice of declarations) and
//! asks whether one player, the taker, declares a region holding a target within N of its own
//! moves. The targets are every live enemy dot (the `capture` kind) or the marked dots (the
//! `escape` kind). The solver's attacker is the taker (`capture`) or the other player, the
//! keeper (`escape`, who wins when the taker fails).
//!
//! **Moves.** A move is a placement and the pools it declares (RULES.md: a move places one node
//! and may declare any number of regions; there is no pass). Both sides' moves are generated in
//! full: every empty node outside the declared regions, each with every subset of the pools the
//! mover may declare after placing there (the empty set included). A pool the mover may declare
//! after placing at `n` is either one it could declare before that does not hold `n`, or one
//! that touches `n` (placing a dot only shrinks the mover's pools, and a pool that was not
//! declarable and becomes so was cut off the border or split off by `n`, so it holds one of `n`'s
//! four neighbours); the second kind can only appear when `n` has an eight-neighbour that is the
//! mover's live dot or off the grid, or lay in a declarable pool (with all eight neighbours open,
//! the ring around `n` stays joined and `n` is not on the border). Should a mover ever have more
//! than `MAX_DECL` pools after one placement, the subsets are not enumerated: the problem raises
//! `overflow`, and the searches report such a result as unknown, never as proven.
//!
//! **The goal.** The taker wins at the end of any of its moves that declared a region holding a
//! target. Declaring at once is right for this goal: the goal is met by the declaration itself,
//! and waiting gains nothing (the pool may be broken by the reply). So where the taker can
//! capture a target now, the node is won, and only the capturing moves are generated there, one
//! per placement: it declares every pool it may (up to `MAX_DECL`), the target's among them
//! (which further pools are declared is the reader's choice and does not make another key
//! move). In the `capture` kind every declaration holds a live enemy dot, so every declaration
//! wins; in the `escape` kind the taker's declarations that hold no marked dot are ordinary
//! moves, enumerated like the keeper's. A node whose side to move has no placement left (the
//! game's declaration-only end) counts as a failure of the taker; the sampler keeps positions
//! far from a full board.
//!
//! **What the search leaves out, and why.** With one move left at the taker's turn, the node
//! is decided by looking for a capturing move (exact). Elsewhere `needs` prunes: for each
//! target `d` off the border, the least number of empty playable nodes the taker must still
//! occupy so that no 4-path of nodes that are not its live dots joins `d` to the border, a
//! minimum vertex cut (the taker's live dots are already cut, empty playable nodes cost one,
//! enemy dots, dead dots and nodes inside regions cannot be cut), computed by augmenting paths
//! and stopped once it exceeds the moves left; `needs` is the least over the targets. It is a
//! lower bound on the taker's placements still needed to capture any of the targets present
//! now: when a target is declared, the taker's live dots then separate it from the border; they
//! are live dots of now (cost 0) or nodes placed later, which were empty and outside every
//! region now (regions never shrink), one per taker move; a taker dot killed by the keeper never
//! comes back to life, dots of the keeper and dead dots stay uncuttable. So the cut the
//! separation shows costs at most the taker's moves still to come. The keeper may add targets
//! (its own new dots), so the bound is used through a strategy of the keeper: with `needs` above
//! the taker's moves left and more than twice as many empty border nodes as moves left, the
//! keeper wins by placing on an empty border node and declaring nothing, every turn: a border
//! dot is never inside a region (so never a target the taker can take), the node it fills only
//! makes cuts dearer, and the taker's pools do not change. Such nodes are failed at once for
//! the taker. Nothing else is left out: every legal move of both sides is searched otherwise.

use super::engine::{Kropki, Node, Pool};
use crate::games::Color;
use crate::solve::Problem;

/// The most pools one move declares (see the module docs: more raises `overflow`).
pub const MAX_DECL: usize = 4;

/// A move: a placement and the regions it declares, each named by a node inside it (0: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The node placed on.
    pub at: u16,
    /// A node inside each declared region, 0 for none.
    pub decl: [u16; MAX_DECL],
}

impl Move {
    /// A plain placement.
    pub fn place(n: Node) -> Move {
        Move {
            at: n as u16,
            decl: [0; MAX_DECL],
        }
    }

    /// The nodes naming the declared regions.
    pub fn declared(&self) -> Vec<Node> {
        self.decl
            .iter()
            .filter(|&&d| d != 0)
            .map(|&d| d as Node)
            .collect()
    }

    /// The move in the position files' notation: "E4", or "E4+E5" (place at E4 and declare the
    /// region around E5).
    pub fn name(&self, k: &Kropki) -> String {
        let mut s = k.name(self.at as Node);
        for d in self.declared() {
            s.push('+');
            s.push_str(&k.name(d));
        }
        s
    }

    /// Reads a move of the notation ("E4", "E4+E5").
    pub fn parse(k: &Kropki, tok: &str) -> Result<Move, String> {
        let mut parts = tok.split('+');
        let at = k
            .parse(parts.next().unwrap_or("").trim())
            .map_err(|e| e.to_string())?;
        let mut m = Move::place(at);
        for (i, d) in parts.enumerate() {
            if i >= MAX_DECL {
                return Err(format!("{tok}: more than {MAX_DECL} declarations"));
            }
            m.decl[i] = k.parse(d.trim()).map_err(|e| e.to_string())? as u16;
        }
        Ok(m)
    }
}

/// Mixes a small number into a hash (SplitMix64's finaliser).
fn mix(hash: u64, v: u64) -> u64 {
    let mut z = v.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    hash ^ z ^ (z >> 31)
}

/// Infinite capacity of a node in the cut.
const UNCUT: u8 = u8::MAX;

/// Whether the taker captures a target within `left` more moves of its own (see the module
/// docs for the moves, the goal and what is left out).
#[derive(Clone, Debug)]
pub struct Hunt {
    /// The position.
    pub k: Kropki,
    /// The player who wants to capture.
    pub taker: Color,
    /// The taker's moves left.
    pub left: u32,
    /// The marked dots (sorted), or None: every live dot of the keeper is a target.
    marked: Option<Vec<Node>>,
    /// True when the solver's attacker is the taker.
    taker_is_attacker: bool,
    /// For each move played: (by the taker, captured a target).
    steps: Vec<(bool, bool)>,
    /// Set when a mover had more than `MAX_DECL` pools after a placement.
    pub overflow: bool,
    /// The last list of moves made, by the position's hash (outcome and moves share it).
    cache: Option<(u64, Vec<Move>, bool)>,
    // Scratch of the cut: flow through each node, flow on each node's four out-arcs,
    // BFS stamps and parents.
    through: Vec<u8>,
    arc: Vec<u8>,
    seen: Vec<u32>,
    parent: Vec<u32>,
    epoch: u32,
}

impl Hunt {
    /// The hunt from `k` (whoever is to move): `taker` wants to capture within `left` moves of
    /// its own a target (`marked`, or every live enemy dot when None); the solver proves it for
    /// the taker if `taker_is_attacker`, else for the other player.
    pub fn new(
        k: Kropki,
        taker: Color,
        left: u32,
        marked: Option<Vec<Node>>,
        taker_is_attacker: bool,
    ) -> Hunt {
        let len = {
            let (w, h) = k.size();
            (w + 2) * (h + 2)
        };
        let marked = marked.map(|mut m| {
            m.sort_unstable();
            m.dedup();
            m
        });
        Hunt {
            k,
            taker,
            left,
            marked,
            taker_is_attacker,
            steps: Vec::new(),
            overflow: false,
            cache: None,
            through: vec![0; len],
            arc: vec![0; len * 4],
            seen: vec![0; len * 2],
            parent: vec![0; len * 2],
            epoch: 0,
        }
    }

    /// The keeper: the player who does not want to be captured.
    pub fn keeper(&self) -> Color {
        self.taker.opp()
    }

    /// True for a target: a live keeper dot, marked when dots are marked.
    pub fn is_target(&self, n: Node) -> bool {
        self.k.live(n, self.keeper())
            && self
                .marked
                .as_ref()
                .is_none_or(|m| m.binary_search(&n).is_ok())
    }

    fn holds_target(&self, p: &Pool) -> bool {
        p.nodes.iter().any(|&n| self.is_target(n))
    }

    /// The four orthogonal neighbours of a padded node.
    fn four(&self, n: Node) -> [Node; 4] {
        let s = self.k.size().0 + 2;
        [n - s, n - 1, n + 1, n + s]
    }

    /// True when the node is on the grid.
    fn on_grid(&self, n: Node) -> bool {
        let s = self.k.size().0 + 2;
        let (r, c) = (n / s, n % s);
        r >= 1 && c >= 1 && r <= self.k.size().1 && c <= self.k.size().0
    }

    /// The pools the side to move may declare after placing on `n` (see the module docs),
    /// sorted by their first node; `before` is its declarable pools now.
    fn pools_after(&mut self, n: Node, before: &[Pool]) -> Vec<Pool> {
        let c = self.k.to_move();
        let mut out: Vec<Pool> = Vec::new();
        let mut split = false;
        for p in before {
            if p.nodes.binary_search(&n).is_ok() {
                split = true;
            } else {
                out.push(p.clone());
            }
        }
        if !split {
            let s = self.k.size().0 + 2;
            split = [
                n - s - 1,
                n - s,
                n - s + 1,
                n - 1,
                n + 1,
                n + s - 1,
                n + s,
                n + s + 1,
            ]
            .iter()
            .any(|&m| !self.on_grid(m) || self.k.live(m, c));
        }
        if split {
            self.k.play(n, &[]).expect("a legal placement");
            out.extend(self.k.declarable_near(c, n));
            self.k.undo();
        }
        out.sort_by_key(|p| p.nodes[0]);
        out
    }

    /// The node naming a pool in a move: its first target, else its first enemy dot, else its
    /// first node.
    fn anchor(&self, p: &Pool, c: Color) -> u16 {
        let n = p
            .nodes
            .iter()
            .copied()
            .find(|&n| self.is_target(n) && c == self.taker)
            .or_else(|| p.nodes.iter().copied().find(|&n| self.k.live(n, c.opp())))
            .unwrap_or(p.nodes[0]);
        n as u16
    }

    /// Every move of the side to move and whether they are the taker's capturing moves (then
    /// only those: see the module docs), best first.
    fn generate(&mut self) -> (Vec<Move>, bool) {
        let mover = self.k.to_move();
        let before = self.k.declarable(mover);
        let score = self.scores();
        let mut places: Vec<Node> = self
            .k
            .nodes()
            .filter(|&n| self.k.can_place(n).is_ok())
            .collect();
        places.sort_by_key(|&n| (std::cmp::Reverse(score[n]), n));
        let mut wins = Vec::new();
        let mut all = Vec::new();
        for n in places {
            let pools = self.pools_after(n, &before);
            if mover == self.taker && pools.iter().any(|p| self.holds_target(p)) {
                let mut m = Move::place(n);
                let mut order: Vec<&Pool> = pools.iter().filter(|p| self.holds_target(p)).collect();
                order.extend(pools.iter().filter(|p| !self.holds_target(p)));
                for (i, p) in order.into_iter().take(MAX_DECL).enumerate() {
                    m.decl[i] = self.anchor(p, mover);
                }
                m.decl.sort_unstable_by_key(|&d| (d == 0, d));
                wins.push(m);
                continue;
            }
            if !wins.is_empty() {
                continue;
            }
            if pools.len() > MAX_DECL {
                self.overflow = true;
            }
            let k = pools.len().min(MAX_DECL);
            let anchors: Vec<u16> = pools
                .iter()
                .take(k)
                .map(|p| self.anchor(p, mover))
                .collect();
            for mask in 0u32..(1 << k) {
                let mut m = Move::place(n);
                let mut j = 0;
                for (i, &a) in anchors.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        m.decl[j] = a;
                        j += 1;
                    }
                }
                all.push(m);
            }
        }
        if wins.is_empty() {
            (all, false)
        } else {
            (wins, true)
        }
    }

    /// The moves of the side to move (cached by position).
    fn cached(&mut self) -> (Vec<Move>, bool) {
        let h = self.hash();
        if let Some((ch, m, w)) = &self.cache
            && *ch == h
        {
            return (m.clone(), *w);
        }
        let (m, w) = self.generate();
        self.cache = Some((h, m.clone(), w));
        (m, w)
    }

    /// A move-ordering score per node: dots around it (both colours), targets next to it.
    fn scores(&self) -> Vec<u32> {
        let s = self.k.size().0 + 2;
        let mut score = vec![0u32; (self.k.size().1 + 2) * s];
        for n in self.k.nodes() {
            if self.k.dot(n).is_none() || self.k.inside(n) {
                continue;
            }
            let t = self.is_target(n);
            for m in [
                n - s - 1,
                n - s,
                n - s + 1,
                n - 1,
                n + 1,
                n + s - 1,
                n + s,
                n + s + 1,
            ] {
                score[m] += 2;
            }
            if t {
                for m in self.four(n) {
                    score[m] += 3;
                }
            }
        }
        score
    }

    /// Plays a move (legal), keeping the counts.
    pub fn apply(&mut self, m: Move) {
        let mover = self.k.to_move();
        let decl = m.declared();
        self.k.play(m.at as Node, &decl).expect("a legal move");
        let by_taker = mover == self.taker;
        let mut won = false;
        if by_taker {
            self.left -= 1;
            won = match &self.marked {
                None => !decl.is_empty(),
                Some(marked) => marked.iter().any(|&n| !self.k.live(n, self.taker.opp())),
            };
        }
        self.steps.push((by_taker, won));
    }

    /// Takes back the last move played through `apply`.
    pub fn retract(&mut self) {
        let (by_taker, _) = self.steps.pop().expect("a move to take back");
        self.k.undo();
        if by_taker {
            self.left += 1;
        }
    }

    /// True when the last move captured a target.
    pub fn captured(&self) -> bool {
        self.steps.last().is_some_and(|s| s.1)
    }

    /// The least number of taker placements that separate a target from the border (see the
    /// module docs), counted up to `limit + 1` (any larger value is given as `limit + 1`);
    /// `limit + 1` also when there is no target off the border.
    pub fn needs(&mut self, limit: u32) -> u32 {
        let targets: Vec<Node> = match &self.marked {
            Some(m) => m.clone(),
            None => self.k.nodes().collect(),
        };
        let mut best = limit + 1;
        for d in targets {
            if !self.is_target(d) || self.k.on_border(d) {
                continue;
            }
            best = best.min(self.cut(d, best.saturating_sub(1)));
            if best == 0 {
                break;
            }
        }
        best
    }

    /// The capacity of a node in the cut: None off the graph (off the grid or the taker's live
    /// dot), 1 for an empty playable node, `UNCUT` otherwise.
    fn capacity(&self, n: Node) -> Option<u8> {
        if !self.on_grid(n) || self.k.live(n, self.taker) {
            None
        } else if self.k.dot(n).is_none() && !self.k.inside(n) {
            Some(1)
        } else {
            Some(UNCUT)
        }
    }

    /// The minimum vertex cut between `d` and the border, up to `limit + 1`: augmenting paths
    /// over the split graph (node in, node out), unit capacities on empty nodes.
    fn cut(&mut self, d: Node, limit: u32) -> u32 {
        self.through.fill(0);
        self.arc.fill(0);
        let mut flow = 0;
        while flow <= limit {
            if !self.augment(d) {
                break;
            }
            flow += 1;
        }
        flow
    }

    /// One breadth-first augmenting path from `d` to the border; false when there is none.
    /// States are `2 * node` (in) and `2 * node + 1` (out).
    fn augment(&mut self, d: Node) -> bool {
        self.epoch += 1;
        let epoch = self.epoch;
        let mut queue = std::collections::VecDeque::new();
        let start = (2 * d + 1) as u32;
        self.seen[start as usize] = epoch;
        queue.push_back(start);
        let mut end = None;
        'bfs: while let Some(st) = queue.pop_front() {
            let v = st as usize / 2;
            let out = st % 2 == 1;
            let mut next: Vec<u32> = Vec::with_capacity(6);
            if out {
                if self.k.on_border(v) {
                    end = Some(st);
                    break 'bfs;
                }
                for w in self.four(v) {
                    if self.capacity(w).is_some() {
                        next.push(2 * w as u32);
                    }
                }
                if self.through[v] > 0 && v != d {
                    next.push(2 * v as u32);
                }
            } else {
                let cap = self.capacity(v).unwrap_or(0);
                if self.through[v] < cap {
                    next.push(2 * v as u32 + 1);
                }
                for (dir, u) in self.four(v).into_iter().enumerate() {
                    // The arc u -> v carries flow: it may be pushed back.
                    if self.capacity(u).is_some() && self.arc[u * 4 + (3 - dir)] > 0 {
                        next.push(2 * u as u32 + 1);
                    }
                }
            }
            for s in next {
                if self.seen[s as usize] != epoch {
                    self.seen[s as usize] = epoch;
                    self.parent[s as usize] = st;
                    queue.push_back(s);
                }
            }
        }
        let Some(mut st) = end else {
            return false;
        };
        while st != start {
            let p = self.parent[st as usize];
            let (v, u) = (st as usize / 2, p as usize / 2);
            match (p % 2 == 1, st % 2 == 1) {
                // u out -> v in: flow on the arc u -> v.
                (true, false) if u != v => {
                    let dir = self.four(u).iter().position(|&x| x == v).expect("adjacent");
                    self.arc[u * 4 + dir] += 1;
                }
                // v in -> v out: through the node.
                (false, true) if u == v => self.through[v] += 1,
                // v out -> v in: back through the node.
                (true, false) => self.through[v] -= 1,
                // u in -> v out: back along the arc v -> u.
                (false, true) => {
                    let dir = self.four(v).iter().position(|&x| x == u).expect("adjacent");
                    self.arc[v * 4 + dir] -= 1;
                }
                _ => unreachable!("states alternate in and out"),
            }
            st = p;
        }
        true
    }

    /// The empty nodes on the border (none is ever inside a region).
    fn empty_border(&self) -> usize {
        self.k
            .nodes()
            .filter(|&n| self.k.on_border(n) && self.k.dot(n).is_none())
            .count()
    }

    /// The result for the taker: Some(true) captured, Some(false) failed, None open.
    pub fn taker_result(&mut self) -> Option<bool> {
        if self.captured() {
            return Some(true);
        }
        if self.k.placements_over() || self.left == 0 {
            return Some(false);
        }
        let taker_moves = self.k.to_move() == self.taker;
        if taker_moves && self.left == 1 {
            let (_, wins) = self.cached();
            return if wins { None } else { Some(false) };
        }
        if self.empty_border() > 2 * self.left as usize && self.needs(self.left) > self.left {
            return Some(false);
        }
        None
    }
}

impl Problem for Hunt {
    type Move = Move;

    fn moves(&mut self) -> Vec<Move> {
        self.cached().0
    }

    fn play(&mut self, m: Move) {
        self.apply(m);
    }

    fn undo(&mut self) {
        self.retract();
    }

    fn hash(&self) -> u64 {
        let side = self.k.to_move().index() as u64;
        let won = u64::from(self.captured());
        mix(self.k.hash(), u64::from(self.left) * 4 + side * 2 + won)
    }

    fn attacker_to_move(&self) -> bool {
        (self.k.to_move() == self.taker) == self.taker_is_attacker
    }

    fn outcome(&mut self) -> Option<bool> {
        self.taker_result().map(|w| w == self.taker_is_attacker)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(black: &str, white: &str, size: usize) -> Kropki {
        let mut k = Kropki::new(size, size);
        for (list, c) in [(black, Color::Black), (white, Color::White)] {
            for t in list.split_whitespace() {
                let n = k.parse(t).unwrap();
                k.setup_dot(n, c).unwrap();
            }
        }
        k
    }

    #[test]
    fn the_cut_counts_the_missing_ring_nodes() {
        // White E5 inside a Black ring missing E6: one node cuts it off.
        let k = pos("D5 F5 E4", "E5", 9);
        let mut h = Hunt::new(k, Color::Black, 3, None, true);
        assert_eq!(h.needs(3), 1);
        // A lone dot in the open needs its four neighbours.
        let k = pos("A1", "E5", 9);
        let mut h = Hunt::new(k, Color::Black, 5, None, true);
        assert_eq!(h.needs(5), 4);
        assert_eq!(h.needs(2), 3, "counted up to the limit + 1");
        // Two White dots side by side: six nodes around them.
        let k = pos("A1", "E5 F5", 9);
        let mut h = Hunt::new(k, Color::Black, 9, None, true);
        assert_eq!(h.needs(9), 6);
        // A dot next to the border: the border node itself can be taken (cost one each).
        let k = pos("A1", "B2", 9);
        let mut h = Hunt::new(k, Color::Black, 9, None, true);
        assert_eq!(h.needs(9), 4);
        // A White dot on the border cannot be captured at all.
        let k = pos("A1", "A5", 9);
        let mut h = Hunt::new(k, Color::Black, 9, None, true);
        assert_eq!(h.needs(9), 10);
    }

    #[test]
    fn the_bound_falls_by_at_most_one_per_taker_move_and_not_on_a_keepers_border_move() {
        use rand::RngExt;
        let mut rng = crate::util::rng(17);
        for game in 0..40 {
            let mut k = Kropki::new(9, 9);
            let taker = if game % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            for _ in 0..rng.random_range(6..30) {
                let free: Vec<Node> = k.nodes().filter(|&n| k.can_place(n).is_ok()).collect();
                let n = free[rng.random_range(0..free.len())];
                let mover = k.to_move();
                k.play(n, &[]).unwrap();
                if !k.declarable(mover).is_empty() {
                    k.undo();
                }
            }
            let mut h = Hunt::new(k.clone(), taker, 9, None, true);
            let before = h.needs(8);
            let free: Vec<Node> = k.nodes().filter(|&n| k.can_place(n).is_ok()).collect();
            for &n in &free {
                let mut g = k.clone();
                g.set_to_move(taker);
                g.play(n, &[]).unwrap();
                let mut after = Hunt::new(g, taker, 9, None, true);
                assert!(
                    after.needs(8) + 1 >= before,
                    "a taker move at {}",
                    k.name(n)
                );
                if k.on_border(n) {
                    let mut g = k.clone();
                    g.set_to_move(taker.opp());
                    g.play(n, &[]).unwrap();
                    let mut after = Hunt::new(g, taker, 9, None, true);
                    assert!(after.needs(8) >= before, "a keeper move at {}", k.name(n));
                }
            }
        }
    }

    #[test]
    fn the_kropki_board_has_the_symmetries_of_its_rectangle() {
        for (w, h, n) in [(9, 9, 8), (9, 7, 4), (7, 11, 4)] {
            let mut perms = super::super::look::board(w, h).symmetries();
            assert_eq!(perms.len(), n, "{w} x {h}");
            perms.sort();
            perms.dedup();
            assert_eq!(perms.len(), n, "{w} x {h}: distinct");
        }
    }

    #[test]
    fn a_move_names_its_declarations_as_the_position_files_do() {
        let k = pos("D5 F5 E4", "E5", 9);
        let m = Move::parse(&k, "E6+E5").unwrap();
        assert_eq!(m.name(&k), "E6+E5");
        let mut k2 = k.clone();
        k2.play(m.at as Node, &m.declared()).unwrap();
        assert_eq!(k2.captured(), [1, 0]);
    }
}

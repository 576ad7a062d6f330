//! Generic proof search: depth-first proof-number search (df-pn, negamax form, with the 1+ε
//! trick) over a small `Problem` trait, a bounded table for open nodes and a never-evicted proof
//! store for solved ones, a node budget, uniqueness of the key move, the main line (lawful moves
//! only, see `Problem::lawful`), and iterative deepening for "win in N". Names no game.
//!
//! Numbers are kept for the side to move: phi is its proof number (how hard it is for the mover
//! to win), delta its disproof number. A node's phi is the least delta of its children and its
//! delta is the sum of their phi.

mod depth;
mod table;

#[cfg(test)]
mod tests;

use std::collections::HashMap;

pub use depth::{WinIn, WithinN, win_in, win_in_then};
use table::Table;

/// A hasher for keys that are already Zobrist hashes: it passes the bits through.
#[derive(Default, Clone, Copy, Debug)]
pub(crate) struct PassThrough(u64);

impl std::hash::Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

pub(crate) type Keyed<V> = HashMap<u64, V, std::hash::BuildHasherDefault<PassThrough>>;

/// Slots of `Path`'s counting filter (a power of two).
const PATH_SLOTS: usize = 1 << 12;

/// The hashes of the positions on the search's current path, with a counting filter by the
/// low bits of the hash: most positions asked about are not on the path, and for them the
/// answer costs one read instead of a scan of the path (the scan was a tenth of a life-and-death
/// solver's time).
struct Path {
    hashes: Vec<u64>,
    counts: Vec<u16>,
}

impl Default for Path {
    fn default() -> Self {
        Path {
            hashes: Vec::new(),
            counts: vec![0; PATH_SLOTS],
        }
    }
}

impl Path {
    fn push(&mut self, h: u64) {
        self.counts[h as usize & (PATH_SLOTS - 1)] += 1;
        self.hashes.push(h);
    }

    fn pop(&mut self) {
        if let Some(h) = self.hashes.pop() {
            self.counts[h as usize & (PATH_SLOTS - 1)] -= 1;
        }
    }

    fn contains(&self, h: &u64) -> bool {
        self.counts[*h as usize & (PATH_SLOTS - 1)] != 0 && self.hashes.contains(h)
    }
}

/// Most children whose stores' memory is loaded ahead (`Problem::child_hash`).
const AHEAD: usize = 64;

/// Infinity for proof numbers.
pub const INF: u32 = u32::MAX / 4;

/// A game position seen from the attacker, who moves at the root and wants to prove a win.
pub trait Problem {
    /// A move.
    type Move: Copy + Eq + std::fmt::Debug;
    /// The candidate moves of the side to move, in the order to try them (best first). Asked
    /// only where `outcome` is None.
    fn moves(&mut self) -> Vec<Self::Move>;
    /// Plays a move.
    fn play(&mut self, m: Self::Move);
    /// Takes back the last move.
    fn undo(&mut self);
    /// A hash of everything the result depends on (position, side to move, counters).
    fn hash(&self) -> u64;
    /// True when the attacker is to move.
    fn attacker_to_move(&self) -> bool;
    /// Some(true) when the attacker has won here, Some(false) when the attacker has failed
    /// (the defender has won), None while open. A node without moves that is open counts as
    /// lost for the side to move.
    fn outcome(&mut self) -> Option<bool>;
    /// Who a repetition (a position recurring on the current line) counts for: false (the
    /// default) gives it to the defender, true to the attacker.
    fn repetition_favours_attacker(&self) -> bool {
        false
    }
    /// First guess of (phi, delta) for the side to move at an open position the search has
    /// not expanded yet: how hard it looks for the mover to win, and for the other side.
    /// Both at least 1; (1, 1), the default, is plain df-pn. Guesses steer the search only:
    /// the result stays exact.
    fn estimate(&mut self) -> (u32, u32) {
        (1, 1)
    }
    /// A lower bound on the moves of its own the attacker still needs to win from here, true
    /// whoever is to move and whatever either side plays next (0, the default: no bound
    /// known). Only a "win in N" search (`WithinN`) uses it: a node whose bound exceeds the
    /// attacker's moves left is failed there without a search. A bound that is ever too high
    /// makes proofs wrong; keep it a relaxation (count what must still be placed).
    fn attacker_needs(&mut self) -> u32 {
        0
    }
    /// True when `m` may be shown to a reader at the current position: legal under the
    /// game's own rules, given every move played since the root. The search may allow more
    /// than the rules (a side assumed to have ko threats without end retakes a ko at once);
    /// main lines, refutations and solution trees keep to lawful moves. True by default.
    fn lawful(&mut self, _m: Self::Move) -> bool {
        true
    }
    /// Starts loading what `outcome` will read for the position whose `hash` is given (the
    /// current one, or a child's from `child_hash`), so that the memory wait overlaps the
    /// search's own lookups (`Solver::settle`): returns a word read there, for the caller to
    /// keep the load from being left out. Does nothing by default.
    fn warm(&self, _hash: u64) -> u64 {
        0
    }
    /// The `hash` the position would have after `m`, when that is cheap to tell without
    /// playing it (None, the default: not known). The search loads the stores' memory for
    /// all the children of a position before it reads them one by one, so that their waits
    /// overlap, and settles a child found in the stores (or by `open_guess`) under this hash
    /// without playing it: a value given must be exact.
    fn child_hash(&self, _m: Self::Move) -> Option<u64> {
        None
    }
    /// The first guess (`estimate`) of the position with this `hash` (a child's from
    /// `child_hash`) when `outcome` has been asked there before, found it open and still
    /// remembers it; None, the default, when that is not known. With it the search settles a
    /// child it met before without playing it, with the numbers playing it would give.
    fn open_guess(&self, _hash: u64) -> Option<(u32, u32)> {
        None
    }
}

/// The result of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The attacker wins.
    Proven,
    /// The attacker cannot win.
    Disproven,
    /// The budget ran out first.
    Unknown,
}

impl Status {
    /// "proven", "disproven" or "unknown".
    pub fn name(self) -> &'static str {
        match self {
            Status::Proven => "proven",
            Status::Disproven => "disproven",
            Status::Unknown => "unknown",
        }
    }
}

/// Limits of one search.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Most nodes to expand.
    pub nodes: u64,
    /// Entries of the table for open nodes.
    pub table_entries: usize,
    /// The ε of the 1+ε trick.
    pub epsilon: f64,
    /// A wall-clock deadline, if any.
    pub deadline: Option<std::time::Instant>,
    /// A flag another thread may raise to stop the search early.
    pub stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The answer must not depend on the threads' speeds (a node cap was asked for, so that
    /// it does not depend on the machine's): readings that would run side by side, each
    /// stopping or waiting for the other, run one after the other instead.
    pub steady: bool,
}

impl Budget {
    /// True once the deadline has passed or the stop flag is raised: a search begun now would
    /// end at once, unknown.
    pub fn ended(&self) -> bool {
        self.deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            nodes: 2_000_000,
            table_entries: 1 << 20,
            epsilon: 0.25,
            deadline: None,
            stop: None,
            steady: false,
        }
    }
}

/// What a solved root comes with.
#[derive(Clone, Debug, PartialEq)]
pub struct Proof<M> {
    /// Proven, disproven or unknown.
    pub status: Status,
    /// A winning first move, when proven.
    pub key_move: Option<M>,
    /// True when every other first move was proven to fail; None when not established (a
    /// search ran out, or a failure's only answer is a move the rules forbid, `Problem::lawful`).
    pub unique: Option<bool>,
    /// Other first moves that also win.
    pub other_winning_moves: Vec<M>,
    /// For each failing first move, the defender's refutation (None when the move ends the
    /// problem at once).
    pub refutations: Vec<(M, Option<M>)>,
    /// The main line: the key move, the most delaying replies and the winning answers.
    pub main_line: Vec<M>,
    /// Nodes expanded.
    pub nodes: u64,
    /// Number of nodes in the proof store (solved positions).
    pub tree_size: usize,
}

impl<M: Copy> Proof<M> {
    /// A root's proof with its status and nothing else known yet.
    pub fn open(status: Status) -> Proof<M> {
        Proof {
            status,
            key_move: None,
            unique: None,
            other_winning_moves: Vec::new(),
            refutations: Vec::new(),
            main_line: Vec::new(),
            nodes: 0,
            tree_size: 0,
        }
    }

    /// Every winning first move found: the key move, then the others.
    pub fn winning_moves(&self) -> Vec<M> {
        self.key_move
            .iter()
            .chain(&self.other_winning_moves)
            .copied()
            .collect()
    }
}

/// A share of nodes for classifying the other first moves once the root is solved
/// (`Solver::prove_within`): `percent_of_root` nodes for every hundred nodes the root's own
/// search took, and at least `floor`. The classification reads the first moves the stores
/// already settle first, then those the root's search found most promising for the attacker,
/// and leaves the rest unread once the share is spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    /// Nodes for the classification per hundred nodes of the root's search.
    pub percent_of_root: u64,
    /// The least number of nodes for the classification.
    pub floor: u64,
}

impl Share {
    /// The nodes this share allows after a search of `base` nodes: `percent_of_root` for
    /// every hundred of them, `floor` at least.
    pub fn nodes_after(&self, base: u64) -> u64 {
        self.floor
            .max(base.saturating_mul(self.percent_of_root) / 100)
    }
}

/// One move of a solution tree and what follows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Branch<M> {
    /// The move.
    pub mv: M,
    /// The continuations (one for the attacker's turns, every reply for the defender's).
    pub next: Vec<Branch<M>>,
}

#[derive(Clone, Copy, Debug)]
struct Solved {
    /// True when the side to move at this node wins.
    mover_wins: bool,
    /// True when the attacker wins here (whoever is to move).
    attacker_wins: bool,
    /// Index of the best move (winning move, or most delaying reply), if any.
    best: Option<u16>,
    /// Taken over from another search (`carry_wins`), whose move lists may differ:
    /// no `best`, the moves that keep the result are looked up among the children.
    carried: bool,
    work: u64,
}

/// A position's (phi, delta) for its mover, with the ancestors on the current path they lean
/// on (for repetitions; empty when the numbers hold on any path).
type Numbers = (u32, u32, Vec<u64>);

/// A df-pn searcher for one problem; its proof store persists across calls.
pub struct Solver<P: Problem> {
    table: Table,
    proofs: Keyed<Solved>,
    /// Results decided by a repetition: valid only while every listed ancestor is on the path.
    rep: Keyed<(bool, Vec<u64>)>,
    budget: Budget,
    nodes: u64,
    path: Path,
    out_of_time: bool,
    /// Who repetitions count for (from the problem).
    rep_to_attacker: bool,
    /// Whether open leaves start from the problem's first guesses (`Problem::estimate`).
    guess: bool,
    /// Children's lists of finished `mid` calls, for the next ones to reuse.
    spare: Vec<Children>,
    _p: std::marker::PhantomData<P>,
}

/// The children of a position `mid` is searching: their hashes ahead of their moves and as
/// settled, first guesses, numbers, and the ancestors on the path each one's numbers lean on.
#[derive(Default)]
struct Children {
    /// Each child's hash as `Problem::child_hash` gives it ahead of the move.
    ahead: Vec<Option<u64>>,
    hashes: Vec<u64>,
    guesses: Vec<(u32, u32)>,
    kids: Vec<(u32, u32)>,
    deps: Vec<Vec<u64>>,
}

impl Children {
    fn clear(&mut self) {
        self.ahead.clear();
        self.hashes.clear();
        self.guesses.clear();
        self.kids.clear();
        self.deps.clear();
    }
}

impl<P: Problem> Solver<P> {
    /// A searcher with the given limits.
    pub fn new(budget: Budget) -> Self {
        Solver {
            table: Table::new(budget.table_entries),
            proofs: Keyed::default(),
            rep: Keyed::default(),
            budget,
            nodes: 0,
            path: Path::default(),
            out_of_time: false,
            rep_to_attacker: false,
            guess: true,
            spare: Vec::new(),
            _p: std::marker::PhantomData,
        }
    }

    /// Nodes expanded so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// True once the node budget or the deadline is spent.
    fn spent(&self) -> bool {
        self.nodes >= self.budget.nodes
            || (self.nodes.is_multiple_of(256) && self.budget.ended())
            || self.out_of_time
    }

    /// The current position as a child in `mid`: its hash, the problem's first guess of its
    /// numbers, and its numbers with the ancestors they lean on (as `numbers` gives them). A
    /// position the problem says is decided goes to the proof store first. Each store is read
    /// once per child (they were read twice, in `settle` and again in `numbers`): those random
    /// reads are a large share of a node's cost. With `read_stores` false the caller has
    /// already found the position in neither store (`settle_unplayed`).
    fn settle(&mut self, p: &mut P, read_stores: bool) -> (u64, (u32, u32), Numbers) {
        let h = p.hash();
        let attacker_moves = p.attacker_to_move();
        if read_stores {
            std::hint::black_box(self.table.touch(h) ^ p.warm(h));
            if let Some(known) = self.stores_know(h, attacker_moves) {
                return (h, (1, 1), known);
            }
        }
        match p.outcome() {
            Some(o) => {
                let mover_wins = o == attacker_moves;
                self.store(
                    h,
                    Solved {
                        mover_wins,
                        attacker_wins: o,
                        best: None,
                        carried: false,
                        work: 1,
                    },
                );
                let (a, b) = if mover_wins { (0, INF) } else { (INF, 0) };
                (h, (1, 1), (a, b, Vec::new()))
            }
            None => {
                let guess = if self.guess { p.estimate() } else { (1, 1) };
                (h, guess, (guess.0, guess.1, Vec::new()))
            }
        }
    }

    /// The numbers the stores hold for the position with hash `h`: solved, on the path, or
    /// searched before and left open. Then there is nothing to evaluate (the stores' numbers
    /// stand in for the problem's guess).
    fn stores_know(&self, h: u64, attacker_moves: bool) -> Option<Numbers> {
        self.known(h, attacker_moves)
            .or_else(|| self.table.get(h).map(|e| (e.phi, e.delta, Vec::new())))
    }

    /// `settle` for the child with hash `h` (from `Problem::child_hash`) without playing its
    /// move, when the stores or the problem (`Problem::open_guess`) know it already: the same
    /// answer `settle` gives, None when the move must be played to find it. Playing a child,
    /// taking it back and asking its outcome were a fifth of a life-and-death reading's time,
    /// and a third or more of the children are met again when their parent is searched again.
    fn settle_unplayed(
        &self,
        p: &P,
        h: u64,
        attacker_moves: bool,
    ) -> Option<(u64, (u32, u32), Numbers)> {
        if let Some(known) = self.stores_know(h, attacker_moves) {
            return Some((h, (1, 1), known));
        }
        let guess = p.open_guess(h)?;
        let guess = if self.guess { guess } else { (1, 1) };
        Some((h, guess, (guess.0, guess.1, Vec::new())))
    }

    /// The numbers of a position the proof store has solved, or that repeats one on the
    /// current path (or did, on a path whose positions are all still on it), with the
    /// ancestors they lean on; None for an open position.
    fn known(&self, h: u64, attacker_moves: bool) -> Option<Numbers> {
        let solved = |w: bool| if w { (0, INF) } else { (INF, 0) };
        if let Some(s) = self.proofs.get(&h) {
            let (a, b) = solved(s.mover_wins);
            return Some((a, b, Vec::new()));
        }
        if self.path.contains(&h) {
            // A repetition on the current path: by default the defender holds (no progress
            // for the attacker). Valid only on paths through this position.
            let (a, b) = solved(attacker_moves == self.rep_to_attacker);
            return Some((a, b, vec![h]));
        }
        if let Some((w, deps)) = self.rep.get(&h)
            && deps.iter().all(|d| self.path.contains(d))
        {
            let (a, b) = solved(*w);
            return Some((a, b, deps.clone()));
        }
        None
    }

    /// (phi, delta) of a settled position for its mover, from the stores, with the ancestors
    /// on the current path that the value depends on (for repetitions). `attacker_moves`
    /// says whose turn it is there.
    /// `guess` stands in for a position the search has not reached yet.
    /// `local` holds the numbers a search of this position returned earlier in the caller's
    /// loop: they stand in for the table's, which a search elsewhere may have evicted since.
    fn numbers(
        &self,
        h: u64,
        attacker_moves: bool,
        guess: (u32, u32),
        local: Option<(u32, u32)>,
    ) -> Numbers {
        if let Some(known) = self.known(h, attacker_moves) {
            return known;
        }
        let (a, b) = local.unwrap_or_else(|| self.table.get(h).map_or(guess, |e| (e.phi, e.delta)));
        (a, b, Vec::new())
    }

    /// Searches the current position until its numbers pass the thresholds or it is solved;
    /// results go to the stores. Path-dependent results (decided by a repetition on the
    /// current path) are not stored as solved. Returns the position's numbers at the end.
    fn mid(&mut self, p: &mut P, th_phi: u32, th_delta: u32) -> (u32, u32) {
        let h = p.hash();
        self.nodes += 1;
        let moves = p.moves();
        if moves.is_empty() {
            let mover_wins = p
                .outcome()
                .map(|o| o == p.attacker_to_move())
                .unwrap_or(false);
            self.store(
                h,
                Solved {
                    mover_wins,
                    attacker_wins: mover_wins == p.attacker_to_move(),
                    best: None,
                    carried: false,
                    work: 1,
                },
            );
            return if mover_wins { (0, INF) } else { (INF, 0) };
        }
        let attacker_here = p.attacker_to_move();
        let child_attacker = !attacker_here;
        // The children's lists, taken from the spare ones and given back on the way out:
        // allocated afresh, they were an allocation and a free each, every node.
        let mut lists = self.spare.pop().unwrap_or_default();
        lists.clear();
        let Children {
            ahead,
            hashes,
            guesses,
            kids,
            deps,
        } = &mut lists;
        // On the path while its children are read: a child's result that leans on a
        // repetition of this position holds here.
        self.path.push(h);
        // Every child's entries are loaded first, their memory waits overlapping, before the
        // children are read one by one: each read waited for its own before (the table's
        // wait alone was a fifth of a life-and-death reading's time). The hashes are found
        // first (once: they are used again below) and the loads issued in a tight loop after,
        // so that many are under way at once.
        ahead.extend(moves.iter().map(|&m| p.child_hash(m)));
        let mut loaded = 0u64;
        for &ch in ahead.iter().flatten().take(AHEAD) {
            loaded ^= self.table.touch(ch) ^ p.warm(ch);
        }
        for &ch in ahead.iter().flatten().take(AHEAD) {
            loaded ^= self.proofs.get(&ch).map_or(0, |s| s.work);
        }
        std::hint::black_box(loaded);
        for (&m, &ahead) in moves.iter().zip(ahead.iter()) {
            let unplayed = ahead.and_then(|ch| self.settle_unplayed(p, ch, child_attacker));
            let (ch, guess, (a, b, d)) = match unplayed {
                Some(settled) => settled,
                None => {
                    p.play(m);
                    let settled = self.settle(p, ahead.is_none());
                    p.undo();
                    settled
                }
            };
            hashes.push(ch);
            guesses.push(guess);
            kids.push((a, b));
            let wins_outright = b == 0 && d.is_empty();
            deps.push(d);
            // A move that wins whatever the path leaves nothing to weigh: this node is won
            // with it (the first such child is the one stored as best either way), and the
            // children after it need not be settled: a twentieth to a tenth of the children
            // a reading settled came after such a win.
            if wins_outright {
                break;
            }
        }
        let start_nodes = self.nodes;
        // The children's numbers are read from the stores once; after that only the child
        // just searched is read again, with the numbers its search returned. A sibling's
        // search may meanwhile have changed another child's entry (a transposition): that is
        // seen the next time this position is searched. Reading every child after every
        // search cost most of the time in random reads of the stores. Read back from the
        // table instead of taken as returned, a child whose entry the search of a sibling
        // evicted would fall back to its first guess, be picked again at once, and the two
        // would take turns for ever.
        loop {
            let phi = kids.iter().map(|k| k.1).min().unwrap_or(INF);
            let delta = kids
                .iter()
                .fold(0u32, |s, k| s.saturating_add(k.0).min(INF));
            if phi == 0 || delta == 0 {
                self.path.pop();
                let mover_wins = phi == 0;
                let best = if mover_wins {
                    // A winning child, one that leans on no repetition if there is one.
                    (0..kids.len())
                        .find(|&i| kids[i].1 == 0 && deps[i].is_empty())
                        .or_else(|| kids.iter().position(|k| k.1 == 0))
                } else {
                    // The most delaying reply: the one with the most work.
                    let mut best = 0;
                    let mut most = 0;
                    for (i, ch) in hashes.iter().enumerate() {
                        let w = self.proofs.get(ch).map_or(0, |s| s.work);
                        if w >= most {
                            most = w;
                            best = i;
                        }
                    }
                    Some(best)
                };
                // The ancestors this result leans on: those of the deciding children (the
                // winning child, or every child for a loss), less this node itself.
                let mut leans: Vec<u64> = if mover_wins {
                    best.map_or(Vec::new(), |b| deps[b].clone())
                } else {
                    deps.iter().flatten().copied().collect()
                };
                leans.retain(|&d| d != h);
                leans.sort_unstable();
                leans.dedup();
                if leans.is_empty() {
                    self.store(
                        h,
                        Solved {
                            mover_wins,
                            attacker_wins: mover_wins == attacker_here,
                            best: best.map(|b| b as u16),
                            carried: false,
                            work: self.nodes - start_nodes + 1,
                        },
                    );
                } else {
                    self.rep.insert(h, (mover_wins, leans));
                }
                self.table.remove(h);
                self.spare.push(lists);
                return if mover_wins { (0, INF) } else { (INF, 0) };
            }
            // The clock is read every 256 nodes, as in `spent` (read at every step here, it
            // cost a hundredth of a life-and-death reading); once past, the flag unwinds
            // every level without reading it again.
            if self.nodes.is_multiple_of(256)
                && self
                    .budget
                    .deadline
                    .is_some_and(|d| std::time::Instant::now() >= d)
            {
                self.out_of_time = true;
            }
            if phi >= th_phi || delta >= th_delta || self.spent() {
                self.path.pop();
                self.table.put(h, phi, delta, self.nodes - start_nodes);
                self.spare.push(lists);
                return (phi, delta);
            }
            // The child with the least delta, and the second least.
            let (mut c1, mut d1, mut d2) = (0, INF, INF);
            for (i, k) in kids.iter().enumerate() {
                if k.1 < d1 {
                    d2 = d1;
                    d1 = k.1;
                    c1 = i;
                } else if k.1 < d2 {
                    d2 = k.1;
                }
            }
            let child_phi = kids[c1].0;
            let t_phi = th_delta
                .saturating_sub(delta.saturating_sub(child_phi))
                .min(INF);
            let grown = ((d2 as f64) * (1.0 + self.budget.epsilon)).ceil() as u64;
            let t_delta = (th_phi as u64)
                .min((d2 as u64 + 1).max(grown))
                .min(INF as u64) as u32;
            p.play(moves[c1]);
            let (a, b) = self.mid(p, t_phi.max(1), t_delta.max(1));
            p.undo();
            // A solved child is read from the stores, with what it leans on.
            let local = (a != 0 && b != 0).then_some((a, b));
            let (a, b, d) = self.numbers(hashes[c1], child_attacker, guesses[c1], local);
            kids[c1] = (a, b);
            deps[c1] = d;
        }
    }

    /// The result of the current position for its mover if it is in the proof store.
    fn stored(&self, p: &P) -> Option<bool> {
        self.proofs.get(&p.hash()).map(|s| s.mover_wins)
    }

    /// Searches the current position to a result or until the budget is spent.
    pub fn search(&mut self, p: &mut P) -> Status {
        self.rep_to_attacker = p.repetition_favours_attacker();
        let start = self.nodes;
        loop {
            if let Some(w) = self.stored(p) {
                let attacker_wins = w == p.attacker_to_move();
                return if attacker_wins {
                    Status::Proven
                } else {
                    Status::Disproven
                };
            }
            if let Some(o) = p.outcome() {
                return if o { Status::Proven } else { Status::Disproven };
            }
            if self.spent() {
                return Status::Unknown;
            }
            let before = self.nodes;
            self.mid(p, INF - 1, INF - 1);
            if self.stored(p).is_none() && self.nodes == before {
                return Status::Unknown;
            }
            if self.nodes - start > self.budget.nodes {
                return Status::Unknown;
            }
        }
    }

    /// The main line from the current position: winning moves for the winner, the most
    /// delaying replies for the loser, until the proof store has no more. Every move is
    /// lawful (`Problem::lawful`): a stored move the rules forbid here (a ko retaken at once,
    /// a repeated position) gives way to another lawful move with the same result.
    pub fn main_line(&mut self, p: &mut P, max_len: usize) -> Vec<P::Move> {
        let mut line = Vec::new();
        while line.len() < max_len {
            let Some(m) = self.lawful_choice(p) else {
                break;
            };
            p.play(m);
            line.push(m);
        }
        for _ in 0..line.len() {
            p.undo();
        }
        line
    }

    /// The move a line takes at the current position, a solved one: for a winning mover the
    /// stored winning move if it is lawful, else the first lawful move the proof store holds as
    /// a win; for a losing mover the stored most delaying reply if it is lawful, else
    /// the lawful reply with the most work behind it. None when the position is not solved or
    /// no lawful move keeps the result.
    fn lawful_choice(&mut self, p: &mut P) -> Option<P::Move> {
        let s = self.proofs.get(&p.hash()).copied()?;
        // A position decided without a move (the problem's outcome) ends the line. One
        // carried over from another search has no stored move: its moves are looked up below.
        let best = if s.carried {
            if p.outcome().is_some() {
                return None;
            }
            None
        } else {
            Some(s.best? as usize)
        };
        let moves = p.moves();
        let stored = match best {
            Some(b) => {
                let &stored = moves.get(b)?;
                if p.lawful(stored) {
                    return Some(stored);
                }
                Some(stored)
            }
            None => None,
        };
        if s.mover_wins {
            // Another winning move the proof store holds: one after which the side to move is
            // lost. Only stored results count, so the line does not depend on the budget left.
            moves
                .into_iter()
                .find(|&m| Some(m) != stored && p.lawful(m) && self.leaves_lost(p, m))
        } else {
            let mut pick = None;
            let mut most = 0;
            for &m in &moves {
                if !p.lawful(m) {
                    continue;
                }
                p.play(m);
                let w = self.proofs.get(&p.hash()).map_or(0, |s| s.work);
                p.undo();
                if pick.is_none() || w >= most {
                    most = w;
                    pick = Some(m);
                }
            }
            pick
        }
    }

    /// The solution below the current position, which the attacker has been proven to win:
    /// at the attacker's turns the winning move, at the defender's every reply; branches stop
    /// at `max_depth` plies and the whole tree at about `max_nodes` nodes (the main line, the
    /// most delaying replies, comes first at every defender node).
    pub fn solution(
        &mut self,
        p: &mut P,
        max_depth: usize,
        max_nodes: usize,
    ) -> Vec<Branch<P::Move>> {
        let mut left = max_nodes;
        self.solution_from(p, max_depth, &mut left)
    }

    fn solution_from(&mut self, p: &mut P, depth: usize, left: &mut usize) -> Vec<Branch<P::Move>> {
        if depth == 0 || *left == 0 || p.outcome().is_some() {
            return Vec::new();
        }
        if !self.proofs.contains_key(&p.hash()) {
            return Vec::new();
        }
        // The attacker's lawful winning move; at the defender's turns every lawful reply, the
        // most delaying one first, so the first branch is the main line.
        let first = self.lawful_choice(p);
        let mut order: Vec<P::Move> = first.into_iter().collect();
        if !p.attacker_to_move() {
            for m in p.moves() {
                if Some(m) != first && p.lawful(m) {
                    order.push(m);
                }
            }
        }
        let mut out = Vec::new();
        for m in order {
            if *left == 0 {
                break;
            }
            *left -= 1;
            p.play(m);
            let next = self.solution_from(p, depth - 1, left);
            p.undo();
            out.push(Branch { mv: m, next });
        }
        out
    }

    /// The size of the proof of the current position (won by the attacker): the number of
    /// distinct positions in it, counting one winning move at the attacker's turns and every
    /// reply at the defender's; stops counting at `cap`.
    pub fn proof_size(&mut self, p: &mut P, cap: usize) -> usize {
        let mut seen = std::collections::HashSet::new();
        self.count_proof(p, &mut seen, cap);
        seen.len()
    }

    fn count_proof(&mut self, p: &mut P, seen: &mut std::collections::HashSet<u64>, cap: usize) {
        if seen.len() >= cap || !seen.insert(p.hash()) || p.outcome().is_some() {
            return;
        }
        let Some(s) = self.proofs.get(&p.hash()).copied() else {
            return;
        };
        let moves = p.moves();
        if p.attacker_to_move() {
            let winning = if s.carried {
                self.winning_move(p, &moves)
            } else {
                s.best.and_then(|b| moves.get(b as usize)).copied()
            };
            if let Some(m) = winning {
                p.play(m);
                self.count_proof(p, seen, cap);
                p.undo();
            }
        } else {
            for m in moves {
                p.play(m);
                self.count_proof(p, seen, cap);
                p.undo();
            }
        }
    }

    /// True when the side to move is lost after `m`: the proof store holds it so, or the
    /// problem decides it so without a move.
    fn leaves_lost(&self, p: &mut P, m: P::Move) -> bool {
        p.play(m);
        let lost = match self.proofs.get(&p.hash()) {
            Some(c) => !c.mover_wins,
            // A position decided without a move is stored only when a search settles it,
            // and a node won outright stops settling its children (`mid`): ask the problem.
            None => p.outcome().is_some_and(|o| o != p.attacker_to_move()),
        };
        p.undo();
        lost
    }

    /// The first of `moves` (the current position's) after which the proof store holds the
    /// side to move as lost.
    fn winning_move(&self, p: &mut P, moves: &[P::Move]) -> Option<P::Move> {
        moves.iter().copied().find(|&m| self.leaves_lost(p, m))
    }

    /// Stores a position solved for good.
    fn store(&mut self, h: u64, s: Solved) {
        self.proofs.insert(h, s);
    }

    /// Replaces the limits of a searcher that stopped, so that it can go on reading from its
    /// stores (a stop flag dropped, a deadline moved).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
        self.out_of_time = false;
    }

    /// Takes over the positions another search of the same problem has solved as wins of one
    /// side (`attacker`: the attacker's, else the defender's), for a search whose rules leave
    /// that side every option it had there and the other side no more (a ko the one may now
    /// retake at once, or that the other may no longer): each such result holds here too, so
    /// the positions need no second reading. Positions solved on repetitions are not solved
    /// for good and are not taken. Their moves are looked up again here (`winning_move`), since
    /// the lists of moves may differ at a ko.
    pub fn carry_wins(&mut self, from: &Solver<P>, attacker: bool) {
        for (&h, s) in &from.proofs {
            if s.attacker_wins == attacker && !self.proofs.contains_key(&h) {
                self.proofs.insert(
                    h,
                    Solved {
                        best: None,
                        carried: true,
                        ..*s
                    },
                );
            }
        }
    }

    /// The line the search was reading when it stopped: from the current position, at every
    /// step the move to the child the search found most promising for the side to move (the
    /// smallest disproof number for the other side, a won child first), as long as the table
    /// or the proof store knows the child. For an unfinished search this is the deepest line
    /// it reached along its current best guess; it stops at `max_len` moves or a repetition.
    pub fn frontier_line(&mut self, p: &mut P, max_len: usize) -> Vec<P::Move> {
        let mut line = Vec::new();
        let mut seen = vec![p.hash()];
        while line.len() < max_len && p.outcome().is_none() {
            let mut best: Option<(u32, P::Move)> = None;
            for m in p.moves() {
                p.play(m);
                let h = p.hash();
                // A child its own mover has lost is the best there is (0); an open one counts
                // by its delta, the disproof number for its mover, which is what the parent's
                // mover needs to prove.
                let known = match self.proofs.get(&h) {
                    Some(s) => Some(if s.mover_wins { INF } else { 0 }),
                    None => self.table.get(h).map(|e| e.delta),
                };
                p.undo();
                if let Some(d) = known
                    && !seen.contains(&h)
                    && best.is_none_or(|(b, _)| d < b)
                {
                    best = Some((d, m));
                }
            }
            let Some((_, m)) = best else {
                break;
            };
            p.play(m);
            seen.push(p.hash());
            line.push(m);
        }
        for _ in 0..line.len() {
            p.undo();
        }
        line
    }

    /// Reads one first move to a status; a failure comes with the reply that refutes it. A
    /// failure whose only answer is a move the rules forbid (a ko retaken at once) is not
    /// shown to fail to a reader: it reads as unknown, the first move left open.
    pub fn read_first_move(&mut self, p: &mut P, m: P::Move) -> (Status, Option<P::Move>) {
        p.play(m);
        let s = self.search(p);
        let reply = if s == Status::Disproven {
            self.main_line(p, 1).first().copied()
        } else {
            None
        };
        let unshown = s == Status::Disproven && reply.is_none() && p.outcome().is_none();
        p.undo();
        if unshown {
            (Status::Unknown, None)
        } else {
            (s, reply)
        }
    }

    /// `read_first_move` held to `nodes` nodes beyond those spent so far (besides the
    /// budget): Unknown, the move left open, when they run out first.
    pub fn read_first_move_within(
        &mut self,
        p: &mut P,
        m: P::Move,
        nodes: u64,
    ) -> (Status, Option<P::Move>) {
        let full = self.budget.nodes;
        self.budget.nodes = full.min(self.nodes.saturating_add(nodes));
        let read = self.read_first_move(p, m);
        self.budget.nodes = full;
        read
    }

    /// The main line with the key move first.
    fn key_line(&mut self, p: &mut P, k: P::Move) -> Vec<P::Move> {
        p.play(k);
        let mut line = vec![k];
        line.extend(self.main_line(p, 64));
        p.undo();
        line
    }

    /// Solves the root and classifies every first move: the key move, whether it is unique,
    /// the other winning moves and the refutation of each failing move.
    pub fn prove(&mut self, p: &mut P) -> Proof<P::Move> {
        self.prove_until(p, usize::MAX)
    }

    /// `prove` with the classification of the other first moves held to `share` (besides the
    /// budget): returns the proof and the first moves left unread or unfinished. The first
    /// moves are read in the order that finds winners soonest: those the stores settle
    /// already (free), then the open ones by the attacker's proof number in the table (the
    /// child's disproof number, smallest first), then the ones the search never reached, in
    /// move order. The proof lists what was read in move order, as `prove` does: the key move
    /// is the first winner in move order among those known, so when every first move is read
    /// the proof is the one `prove` gives (but for `nodes`). `unique` is Some(false) as soon as
    /// a second winner is known and None while a first move is unread.
    pub fn prove_within(&mut self, p: &mut P, share: Share) -> (Proof<P::Move>, Vec<P::Move>) {
        let start = self.nodes;
        let status = self.search(p);
        let mut proof = Proof::open(status);
        if status == Status::Unknown {
            proof.nodes = self.nodes;
            return (proof, Vec::new());
        }
        let root_nodes = self.nodes - start;
        let allowed = share.nodes_after(root_nodes);
        let full = self.budget.nodes;
        self.budget.nodes = full.min(self.nodes.saturating_add(allowed));
        // As in `prove_until`: plain numbers for the mostly disproving classification.
        self.guess = false;
        let first_moves = if p.outcome().is_none() {
            p.moves()
        } else {
            Vec::new()
        };
        // (rank, attacker's proof number, move index): settled children rank 0, open ones
        // in the table 1, unseen ones 2.
        let mut order: Vec<(u8, u32, usize)> = first_moves
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                p.play(m);
                let h = p.hash();
                p.undo();
                if self.proofs.contains_key(&h) {
                    (0, 0, i)
                } else if let Some(e) = self.table.get(h) {
                    (1, e.delta, i)
                } else {
                    (2, 0, i)
                }
            })
            .collect();
        order.sort_unstable();
        let mut won = Vec::new();
        let mut failed = Vec::new();
        let mut unread = Vec::new();
        for (rank, _, i) in order {
            let m = first_moves[i];
            if rank > 0 && self.spent() {
                unread.push(i);
                continue;
            }
            match self.read_first_move(p, m) {
                (Status::Proven, _) => won.push(i),
                (Status::Disproven, reply) => failed.push((i, reply)),
                (Status::Unknown, _) => unread.push(i),
            }
        }
        self.budget.nodes = full;
        won.sort_unstable();
        failed.sort_unstable_by_key(|f| f.0);
        unread.sort_unstable();
        proof.key_move = won.first().map(|&i| first_moves[i]);
        proof.other_winning_moves = won.iter().skip(1).map(|&i| first_moves[i]).collect();
        proof.refutations = failed.iter().map(|&(i, r)| (first_moves[i], r)).collect();
        if let Some(k) = proof.key_move {
            proof.main_line = self.key_line(p, k);
            proof.unique = if !proof.other_winning_moves.is_empty() {
                Some(false)
            } else if unread.is_empty() {
                Some(true)
            } else {
                None
            };
        }
        proof.nodes = self.nodes;
        proof.tree_size = self.proofs.len();
        (proof, unread.iter().map(|&i| first_moves[i]).collect())
    }

    /// `prove`, stopping the classification once `winners` first moves are known to win (the
    /// remaining first moves are left unclassified, and `unique` is not `Some(true)`). With
    /// `usize::MAX` it is `prove`.
    pub fn prove_until(&mut self, p: &mut P, winners: usize) -> Proof<P::Move> {
        let status = self.search(p);
        let mut proof = Proof::open(status);
        if status == Status::Unknown {
            proof.nodes = self.nodes;
            return proof;
        }
        // The other first moves mostly need disproofs, which the problem's first guesses
        // (tuned to find wins) can slow down a lot: plain numbers there.
        self.guess = false;
        let mut all_known = true;
        let first_moves = if p.outcome().is_none() {
            p.moves()
        } else {
            Vec::new()
        };
        for m in first_moves {
            let (s, reply) = self.read_first_move(p, m);
            match s {
                Status::Proven => {
                    if proof.key_move.is_none() {
                        proof.key_move = Some(m);
                    } else {
                        proof.other_winning_moves.push(m);
                    }
                    if 1 + proof.other_winning_moves.len() >= winners {
                        break;
                    }
                }
                Status::Disproven => proof.refutations.push((m, reply)),
                Status::Unknown => all_known = false,
            }
        }
        if let Some(k) = proof.key_move {
            proof.main_line = self.key_line(p, k);
            proof.unique = if all_known {
                Some(proof.other_winning_moves.is_empty())
            } else {
                None
            };
        }
        proof.nodes = self.nodes;
        proof.tree_size = self.proofs.len();
        proof
    }
}

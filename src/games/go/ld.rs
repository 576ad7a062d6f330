//! Go life and death for the generic proof search: the goals kill and live on a target group,
//! a region of candidate moves (with passes for both sides), captured target = killer wins (and,
//! read with a reader's knowledge, `with_knowledge`, a target confined to room for one eye),
//! Benson-alive target, a target liberty outside the region ("escape") or two passes =
//! defender wins (so seki counts as life). The search bans only the immediate retake, and lets
//! a ko master retake at once; the lines and trees shown to readers (`Problem::lawful`) keep to
//! the game's positional superko with nobody exempt.

use super::engine::{Color, Go, KoRule, Move, PointMarks, Pt};
use crate::solve::{Branch, Budget, Problem, Proof, Share, Solver, Status};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};

mod enclosed;

/// What the side to move at the root wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Capture the target group.
    Kill,
    /// Keep the target group alive.
    Live,
}

impl Goal {
    /// The goal of the side to move against the defender's group: live if it is its own.
    pub fn for_defender(defender: Color, mover: Color) -> Goal {
        if defender == mover {
            Goal::Live
        } else {
            Goal::Kill
        }
    }

    /// "kill" or "live".
    pub fn name(self) -> &'static str {
        match self {
            Goal::Kill => "kill",
            Goal::Live => "live",
        }
    }
}

/// A life-and-death problem: the position, the target, the region and who proves what.
#[derive(Clone, Debug)]
pub struct LifeAndDeath {
    /// The position (the engine keeps superko history).
    pub go: Go,
    /// A stone of the group under attack.
    pub target: Pt,
    /// The colour of the target (the defender).
    pub defender: Color,
    /// The side to move at the root, who tries to prove its goal.
    pub prover: Color,
    /// The prover's goal.
    pub goal: Goal,
    in_region: Vec<bool>,
    /// The same region as a set of points, for whole-set tests in the inner loop.
    region_marks: PointMarks,
    /// Points of the region where only the attacker may play (a ring around the fight).
    attacker_only: Vec<bool>,
    region: Vec<Pt>,
    side_keys: [u64; 2],
    /// `defender_wins` of positions seen, by the search's key (`seen_key`): a direct-mapped
    /// table (`Seen`). The search asks again for every child each time it comes back to a
    /// position; the answer depends on nothing else (the region is fixed once the search
    /// starts). Empty until the first question, so copies of a fresh problem cost nothing.
    seen: Vec<Seen>,
    /// Answers stored in `seen` since it last grew: at twice its slots it grows fourfold.
    seen_stored: usize,
    /// What a reader knows besides the rules (`with_knowledge`).
    knowledge: Knowledge,
    /// Working lists of the Benson test, kept between positions.
    benson: BensonLists,
    /// The attacker's stones that are never captured: their chains have a liberty outside the
    /// region in the position the problem is set up with, and nobody plays there. Found when
    /// the region is set (`new`, `with_attacker_ring`), so they hold in every position the
    /// search reaches from there; Benson's test and the static death stop at them.
    walls: PointMarks,
    /// The readings of small closed areas (`Knowledge::Enclosed`), kept between positions.
    enclosed: enclosed::Enclosed,
}

/// What a reading knows besides the rules. Every level keeps the answer exact; the knowledge
/// only ends lines sooner or reads moves in another order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Knowledge {
    /// The rules alone: the target is dead when captured (generated puzzles and `verify`).
    #[default]
    Rules,
    /// A target confined to room for one eye is dead at once (`confined_to_one_eye`): the
    /// default of `solve go`.
    OneEye,
    /// That, and the moves read in the order of the eye space they take or make
    /// (`eye_order`): `solve go --eye-knowledge`.
    EyeSpace,
    /// The one-eye test, and where it stops at an attacker chain the defender could capture
    /// inside the target's area, that area read out when it is closed and small
    /// (`enclosed`): `solve go --read-enclosed`. 0.6 to 0.7 of the nodes, each costing more.
    Enclosed,
}

/// Slots of `LifeAndDeath::seen` when it is first filled, and the most it grows to (powers
/// of two). A short reading zeroes a small table; a long one meets millions of positions, and
/// a child remembered is settled without playing it (`open_guess`).
const SEEN_FIRST: usize = 1 << 14;
const SEEN_MOST: usize = 1 << 20;

/// A slot of `LifeAndDeath::seen`: the key (0 for an empty slot), the answer (1, 2, 3 for
/// open, lost and won) and, for an open position, its first guess (`estimate`), so that the
/// search can settle a child it has met before without playing it (`open_guess`).
#[derive(Clone, Copy, Debug, Default)]
struct Seen {
    key: u64,
    answer: u8,
    guess: [u8; 2],
}

/// The slot of a key (`seen_key`, or a child's hash made one) in a `LifeAndDeath::seen` of
/// `slots` slots.
fn seen_slot(key: u64, slots: usize) -> usize {
    key as usize & (slots - 1)
}

impl LifeAndDeath {
    /// Sets up a problem; `region` lists the candidate points. Ko: the immediate retake is
    /// banned (for everybody but a ko master, see `with_ko_master`); longer cycles are the
    /// search's repetitions, which count for the ko master when that is the prover and
    /// against the prover otherwise.
    pub fn new(mut go: Go, target: Pt, goal: Goal, region: &[Pt]) -> LifeAndDeath {
        go.ko_rule = KoRule::Simple;
        go.ko_master = None;
        let defender = go.stone(target).expect("the target is a stone");
        let prover = go.to_move();
        let mut in_region = vec![false; frame_points(&go)];
        let mut region_marks = PointMarks::default();
        for &p in region {
            in_region[p] = true;
            region_marks.insert(p);
        }
        let keys = crate::util::zobrist_table(2, 0x1D5_EED);
        let mut problem = LifeAndDeath {
            go,
            target,
            defender,
            prover,
            goal,
            attacker_only: vec![false; in_region.len()],
            in_region,
            region_marks,
            region: region.to_vec(),
            side_keys: [keys[0], keys[1]],
            seen: Vec::new(),
            seen_stored: 0,
            knowledge: Knowledge::Rules,
            benson: BensonLists::default(),
            walls: PointMarks::default(),
            enclosed: enclosed::Enclosed::default(),
        };
        problem.walls = problem.safe_walls();
        problem
    }

    /// The same problem read with what a reader of problem books knows (`Knowledge`): a
    /// target confined to room for one eye is dead at once (`confined_to_one_eye`), and with
    /// `Knowledge::EyeSpace` the moves are read in the order of the eye space they take or make
    /// (`eye_order`), or with `Knowledge::Enclosed` a small closed eye space holding the
    /// attacker's stones is read out (`enclosed`). The answer stays exact and the reading takes
    /// fewer nodes, but each node costs more: the static death pays for itself at a clock
    /// budget and is `solve go`'s default, the move order and the reading out do not and are
    /// turned on by `--eye-knowledge` and `--read-enclosed` (the figures are in
    /// docs/go-solving-record.md).
    /// Generated puzzles and `verify` read the plain problem.
    pub fn with_knowledge(mut self, knowledge: Knowledge) -> LifeAndDeath {
        self.seen = Vec::new();
        self.seen_stored = 0;
        self.enclosed = enclosed::Enclosed::default();
        self.knowledge = knowledge;
        self
    }

    /// The same problem with a ring of points where only the attacker may play: there it can
    /// fill the outside liberties the defender reaches, so reaching them is not an escape.
    pub fn with_attacker_ring(mut self, ring: &[Pt]) -> LifeAndDeath {
        // A wider region changes the answers (escapes): forget those seen.
        self.seen = Vec::new();
        self.seen_stored = 0;
        self.enclosed = enclosed::Enclosed::default();
        for &p in ring {
            if !self.in_region[p] {
                self.in_region[p] = true;
                self.region_marks.insert(p);
                self.attacker_only[p] = true;
                self.region.push(p);
            }
        }
        // A liberty on the ring is no longer outside the region.
        self.walls = self.safe_walls();
        self
    }

    /// The same problem with a player who has ko threats without end: they may retake a ko
    /// at once, so they win every ko fight.
    pub fn with_ko_master(mut self, master: Option<Color>) -> LifeAndDeath {
        self.go.ko_master = master;
        self
    }

    /// The candidate region.
    pub fn region(&self) -> &[Pt] {
        &self.region
    }

    /// True when the defender has won here (target alive for sure); false when captured;
    /// None while open.
    fn defender_wins(&mut self) -> Option<bool> {
        if self.go.stone(self.target) != Some(self.defender) {
            return Some(false);
        }
        if self.go.passes() >= 2 {
            return Some(true);
        }
        let libs = self.go.liberty_marks(self.target);
        if libs.any_outside(&self.region_marks) {
            return Some(true);
        }
        if benson_alive_chain(&self.go, self.target, &libs, &self.walls, &mut self.benson) {
            return Some(true);
        }
        if self.knowledge == Knowledge::Rules {
            return None;
        }
        // An attacker chain the defender could capture inside the area (`inside`) stops the
        // one-eye test; with `Knowledge::Enclosed` a small closed area is then read out.
        let mut inside = false;
        let dead = confined_to_one_eye(
            &self.go,
            self.target,
            &self.region_marks,
            &self.attacker_only,
            &self.walls,
            &mut self.benson.flat,
            &mut inside,
        ) || (inside
            && self.knowledge == Knowledge::Enclosed
            && libs.len() <= enclosed::MOST_EMPTY
            && self.enclosed.dead(
                &mut self.go,
                self.target,
                &self.region_marks,
                &self.attacker_only,
                &self.walls,
                &mut self.benson,
            ));
        dead.then_some(false)
    }
}

impl LifeAndDeath {
    /// The attacker's stones whose chains have a liberty outside the region: nobody plays
    /// there, so they are never captured (`walls`).
    fn safe_walls(&self) -> PointMarks {
        let mut walls = PointMarks::default();
        let attacker = self.defender.opp();
        for p in self.go.points() {
            if self.go.stone(p) == Some(attacker)
                && !walls.contains(p)
                && self.go.liberty_marks(p).any_outside(&self.region_marks)
            {
                for q in self.go.group_stones(p) {
                    walls.insert(q);
                }
            }
        }
        walls
    }

    /// `seen` with four times the slots (`SEEN_FIRST` when empty), its entries kept.
    fn grow_seen(&mut self) {
        let slots = (self.seen.len() * 4).clamp(SEEN_FIRST, SEEN_MOST);
        let mut grown = vec![Seen::default(); slots];
        for s in self.seen.iter().filter(|s| s.key != 0) {
            grown[seen_slot(s.key, slots)] = *s;
        }
        self.seen = grown;
        self.seen_stored = 0;
    }

    /// The key of the current position in `seen`: the search's own key (the stones, the side
    /// to move, the passes and the ko ban), never 0. The static death depends on the side to
    /// move and on the ban: the same stones after an attacker's pass (the defender may pass
    /// back and end the game alive) are not dead where they are after a defender's pass.
    fn seen_key(&self) -> u64 {
        self.hash().max(1)
    }

    /// True when a play on the empty point `p` is legal. Only simple ko is in force here, so a
    /// point with an empty neighbour other than the ko point needs no trial play.
    fn legal(&mut self, p: Pt) -> bool {
        let open = self.go.neighbours(p).iter().any(|&q| self.go.is_empty(q));
        (open && self.go.ko_point() != Some(p)) || self.go.is_legal(Move::Play(p))
    }

    /// True for a point of the attacker's ring where a kill's attacker does not play: one next
    /// to no defender stone and to no attacker chain of two liberties or fewer. The defender
    /// may not play in the ring, so a stone there changes no point it can play and no chain it
    /// can capture; the attacker plays there once it blocks, fills a liberty or saves a chain.
    /// Only the prover of a kill is held back, so a kill proven stays proven with the moves
    /// restored; a live problem's attacker, who refutes, keeps every ring point (held back
    /// there too, more first moves lived, and the tuning half lost four ko answers).
    /// `short` caches the answer for the attacker's chains looked at so far in one position:
    /// the chains of group ids in `looked` with two liberties or fewer are in `short` (the
    /// ring's points mostly touch the same few chains of a wall).
    fn idle_ring_point(&self, p: Pt, looked: &mut PointMarks, short: &mut PointMarks) -> bool {
        self.goal == Goal::Kill
            && self.attacker_only[p]
            && !self
                .go
                .neighbours(p)
                .iter()
                .any(|&q| match self.go.stone(q) {
                    Some(c) if c == self.defender => true,
                    Some(_) => {
                        let g = self.go.group_id(q);
                        if looked.insert(g) && self.go.liberty_count_capped(q, 3) <= 2 {
                            short.insert(g);
                        }
                        short.contains(g)
                    }
                    None => false,
                })
    }
}

impl Problem for LifeAndDeath {
    type Move = Move;

    fn moves(&mut self) -> Vec<Move> {
        // The search asks `outcome` before it asks for moves, so a decided position is never
        // expanded: no second look at the target's life here.
        // Liberties of the target first, then the rest of the region by point index, pass last.
        let libs = self.go.liberty_marks(self.target);
        let defending = self.go.to_move() == self.defender;
        let mut out: Vec<Move> = Vec::with_capacity(self.region.len() + 1);
        let mut listed = PointMarks::default();
        let (mut looked, mut short) = (PointMarks::default(), PointMarks::default());
        let first = libs.len();
        let mut lib_points = libs.iter();
        for i in 0..first + self.region.len() {
            let p = if i < first {
                lib_points.next().expect("as many liberties as counted")
            } else {
                self.region[i - first]
            };
            if self.go.is_empty(p)
                && !(defending && self.attacker_only[p])
                && (defending || !self.idle_ring_point(p, &mut looked, &mut short))
                && !listed.contains(p)
                && self.legal(p)
            {
                listed.insert(p);
                out.push(Move::Play(p));
            }
        }
        if self.knowledge == Knowledge::EyeSpace {
            eye_order(&self.go, &libs, &self.region_marks, &mut out);
        }
        out.push(Move::Pass);
        out
    }

    fn play(&mut self, m: Move) {
        self.go.play(m).expect("search plays legal moves only");
    }

    fn undo(&mut self) {
        self.go.undo();
    }

    fn hash(&self) -> u64 {
        let side = self.side_keys[self.go.to_move().index()];
        let passes = (self.go.passes() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        // The ko ban is part of the state: the same stones with and without it differ.
        let ko = (self.go.ko_point().unwrap_or(0) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        self.go.hash() ^ side ^ passes ^ ko
    }

    fn attacker_to_move(&self) -> bool {
        self.go.to_move() == self.prover
    }

    fn estimate(&mut self) -> (u32, u32) {
        // When the attacker proves a kill: with the attacker to move, the kill looks the
        // harder the more liberties the target has (capped, so that a wide-open group does
        // not swamp the numbers). Elsewhere plain df-pn's guess: measured on published and
        // textbook problems, a liberty guess on the defender's side slowed the disproofs a ko
        // result needs, and on a live problem (eight stones on the second line) it took the
        // search from 7,000 nodes to past 2,000,000.
        if self.go.to_move() == self.defender || self.goal == Goal::Live {
            (1, 1)
        } else {
            (
                (self.go.liberty_count_capped(self.target, 8) as u32).max(1),
                1,
            )
        }
    }

    fn repetition_favours_attacker(&self) -> bool {
        // A cycle is a ko nobody wins for good: it counts for the side that wins every ko.
        self.go.ko_master == Some(self.prover)
    }

    fn lawful(&mut self, m: Move) -> bool {
        // The game's own rule: positional superko over the moves since the problem's start,
        // and nobody retakes a ko at once (the search's ko master is a model, not a rule).
        let (rule, master) = (self.go.ko_rule, self.go.ko_master);
        self.go.ko_rule = KoRule::Superko;
        self.go.ko_master = None;
        let ok = self.go.is_legal(m);
        self.go.ko_rule = rule;
        self.go.ko_master = master;
        ok
    }

    fn warm(&self, hash: u64) -> u64 {
        let slots = self.seen.len().max(1);
        self.seen
            .get(seen_slot(hash.max(1), slots))
            .map_or(0, |s| s.key)
    }

    fn open_guess(&self, hash: u64) -> Option<(u32, u32)> {
        let key = hash.max(1);
        let s = self.seen.get(seen_slot(key, self.seen.len().max(1)))?;
        (s.key == key && s.answer == 1).then_some((s.guess[0] as u32, s.guess[1] as u32))
    }

    fn child_hash(&self, m: Move) -> Option<u64> {
        // A play that captures nothing: its stone, the other side to move, no pass counted
        // and no ko ban (`hash`).
        let Move::Play(p) = m else { return None };
        let stones = self.go.hash_after_quiet_play(p)?;
        let c = self.go.to_move();
        Some(stones ^ self.side_keys[c.opp().index()])
    }

    fn outcome(&mut self) -> Option<bool> {
        if self.seen_stored >= 2 * self.seen.len() && self.seen.len() < SEEN_MOST {
            self.grow_seen();
        }
        let key = self.seen_key();
        let slot = seen_slot(key, self.seen.len());
        let known = match self.seen[slot] {
            s if s.key == key => Some(s.answer),
            _ => None,
        };
        let d = match known {
            Some(v) => (v != 1).then_some(v == 3),
            None => {
                let d = self.defender_wins();
                let (phi, delta) = if d.is_none() { self.estimate() } else { (0, 0) };
                let byte = |n: u32| u8::try_from(n).expect("a guess below 256");
                self.seen_stored += 1;
                self.seen[slot] = Seen {
                    key,
                    answer: d.map_or(1, |w| if w { 3 } else { 2 }),
                    guess: [byte(phi), byte(delta)],
                };
                d
            }
        }?;
        // The prover is the defender for "live" and the killer for "kill".
        Some(match self.goal {
            Goal::Live => d,
            Goal::Kill => !d,
        })
    }
}

/// The status of a life-and-death problem with ko as its own result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LdStatus {
    /// The prover wins even if the other side wins every ko.
    Proven,
    /// The prover fails even if it wins every ko.
    Disproven,
    /// The prover wins only by winning a ko.
    Ko,
    /// The budget ran out first.
    Unknown,
}

impl LdStatus {
    /// "proven", "disproven", "ko" or "unknown".
    pub fn name(self) -> &'static str {
        match self {
            LdStatus::Proven => "proven",
            LdStatus::Disproven => "disproven",
            LdStatus::Ko => "ko",
            LdStatus::Unknown => "unknown",
        }
    }
}

/// A solved life-and-death problem: the status and the proof it rests on (for `Ko`, the
/// proof with the prover winning every ko).
#[derive(Clone, Debug)]
pub struct LdResult {
    /// Proven, disproven, ko or unknown.
    pub status: LdStatus,
    /// The proof behind the status.
    pub proof: Proof<Move>,
    /// Nodes expanded over both searches.
    pub nodes: u64,
    /// The solution tree from the key move (when proven or ko): the winning answers and every
    /// defender reply, capped at `TREE_NODES` nodes.
    pub solution: Vec<Branch<Move>>,
    /// The number of distinct positions in the proof (0 unless proven or ko).
    pub proof_size: usize,
    /// For an unknown result: the deepest line the search reached along its best guess when
    /// the budget ran out (empty otherwise).
    pub frontier: Vec<Move>,
    /// First moves the classification left unread or unfinished (`solve_shared` with a
    /// share; always empty from `solve`): `proof.unique` is None while any is listed.
    pub unread: Vec<Move>,
    /// For a ko: the strict reading (the other side winning every ko) ran out of time, so a
    /// win without the ko is not ruled out (`KO_RESERVE`). False otherwise.
    pub unconditional_open: bool,
    /// Read in a narrower area than the wide one (`solve_in_box`: the tight or the middle
    /// area), the wide area's status when its reading ended or was stopped (`Unknown` when it
    /// had no answer or was not read); None when the answer is the wide area's, or when only
    /// one area is read.
    /// The narrower area's ring, where the defender may not play, can turn a ko into a kill.
    pub wider: Option<LdStatus>,
}

impl LdResult {
    /// True when the goal is reached as the position stands: proven with no first move at
    /// all, read or left unread (the target already captured, out of the region or alive for
    /// certain, or dead by the static test).
    pub fn won_as_it_stands(&self) -> bool {
        self.status == LdStatus::Proven
            && self.proof.key_move.is_none()
            && self.proof.refutations.is_empty()
            && self.unread.is_empty()
    }

    /// True when the side to move needs no move to reach its goal: a pass is among the
    /// winning first moves (the key move included), or the goal is reached as the position
    /// stands (`won_as_it_stands`).
    pub fn no_move_needed(&self) -> bool {
        self.won_as_it_stands() || self.proof.winning_moves().contains(&Move::Pass)
    }
}

/// The share of a reading whose root status alone is used (is a position settled, does a
/// given answer fail): no first move classified beyond what the root's search settled, and
/// the pass not read either (`classify`). Read to the end as the others are, the pass of the
/// check that a kill needs its move (the defender moving first, `needs_no_move`) is the kill
/// itself, the whole problem read again for an answer nobody looks at.
pub const STATUS_ONLY: Share = Share {
    percent_of_root: 0,
    floor: 0,
};

/// Most nodes kept in a solution tree.
pub const TREE_NODES: usize = 400;

/// The part of its budget (the time left, and the nodes) that the strict reading of an
/// answering reading (a share other than `STATUS_ONLY`) leaves to the lenient one when the
/// two run one after the other (`solve_shared`: the tight and middle areas, and one area under
/// a node cap; the lenient half read beside, `solve_shared_helped`, keeps none). When the strict reading runs out there, the lenient reading (the
/// prover winning every ko) gets the rest; a win there is a ko whose unconditional alternative
/// is open (`LdResult::unconditional_open`), a failure there a failure. A ko found in a few
/// tens of milliseconds can otherwise wait behind a strict reading that takes seconds to
/// fail.
pub const KO_RESERVE: f64 = 0.1;

/// How long the strict reading's thread, its reading failed, waits for the helper reading the
/// lenient half before it reads the plain problem meanwhile (`solve_shared_helped`). The two
/// readings share the memory's bandwidth: begun at once, the plain reading made the tuning
/// half's ko answers under 1 s 1.06 times as slow, for nothing on most of them (one ko winner
/// and no choice to make); with the wait, 0.995 (docs/go-solving-record.md).
const PLAIN_AFTER: std::time::Duration = std::time::Duration::from_millis(200);

/// Most moves of an unfinished search's deepest line.
const FRONTIER_MOVES: usize = 40;

/// Most positions counted in a proof size.
const PROOF_CAP: usize = 1_000_000;

/// The solution tree and proof size of a proven root, from the solver that proved it.
fn solution_of(
    solver: &mut Solver<LifeAndDeath>,
    p: &mut LifeAndDeath,
    key: Option<Move>,
) -> (Vec<Branch<Move>>, usize) {
    let Some(k) = key else {
        return (Vec::new(), 0);
    };
    let size = solver.proof_size(p, PROOF_CAP);
    p.play(k);
    let next = solver.solution(p, 40, TREE_NODES);
    p.undo();
    (vec![Branch { mv: k, next }], size)
}

/// Solves a problem twice if needed: first with the other side winning every ko (a proof
/// there is unconditional), then with the prover winning every ko (a failure there is
/// unconditional); a win only in the second is a ko. The second search starts from the first
/// one's wins for the prover, which hold there too (`Solver::carry_wins`). The budget applies
/// to each search.
pub fn solve(problem: &LifeAndDeath, budget: Budget) -> LdResult {
    solve_shared(problem, budget, None)
}

/// Classifies the first moves of a solved root: all of them (`Solver::prove`) without a share,
/// else within the share (`Solver::prove_within`) and the pass besides, within a share of its
/// own reckoned on the nodes spent so far, unless the share is nothing at all
/// (`STATUS_ONLY`), with the moves left unread.
fn classify(
    solver: &mut Solver<LifeAndDeath>,
    p: &mut LifeAndDeath,
    share: Option<Share>,
) -> (Proof<Move>, Vec<Move>) {
    let Some(s) = share else {
        return (solver.prove(p), Vec::new());
    };
    let (mut proof, mut unread) = solver.prove_within(p, s);
    // Whether a pass wins decides whether the position needs a move at all (the auto goal's
    // second reading), so the pass, last in move order, gets a share of its own, reckoned as
    // the other first moves' is but on every node spent so far, the classification's too
    // (left open there, it is read again by that check, `needs_no_move`, with time of its
    // own). Read to the end, a lost pass of a live answer (the attacker
    // moving first, to kill) took several times the key's proof on some problems, and over a
    // second on some answered in half that. A reading whose status alone is asked for has no
    // use for it.
    if proof.status == Status::Proven && s != STATUS_ONLY && unread.contains(&Move::Pass) {
        let allowed = s.nodes_after(proof.nodes);
        match solver.read_first_move_within(p, Move::Pass, allowed) {
            (Status::Proven, _) => {
                unread.retain(|&m| m != Move::Pass);
                proof.other_winning_moves.push(Move::Pass);
                proof.unique = Some(false);
            }
            (Status::Disproven, reply) => {
                unread.retain(|&m| m != Move::Pass);
                proof.refutations.push((Move::Pass, reply));
                if proof.other_winning_moves.is_empty() && unread.is_empty() {
                    proof.unique = Some(true);
                }
            }
            _ => {}
        }
    }
    (proof, unread)
}

/// `solve`, with the classification of the other first moves of each reading held to
/// `share` when one is given (None: every first move is read, as `solve` does). The book-like
/// choice (`choice::prefer_book_move`) applies among the winners read, the ko choice among
/// the winners read and the moves left unread (`best_ko_first`). The moves left unread are
/// listed in the result, and the key move's proof is complete whatever the share. The ko
/// choice's plain searches keep the whole budget, so that the share does not change its pick.
/// With a share other than `STATUS_ONLY` the strict reading leaves `KO_RESERVE` of the budget
/// to the lenient one, which takes over when the strict reading is still open there.
pub fn solve_shared(problem: &LifeAndDeath, budget: Budget, share: Option<Share>) -> LdResult {
    let prover = problem.prover;
    let mut strict = problem.clone().with_ko_master(Some(prover.opp()));
    let reserve = share.is_some_and(|s| s != STATUS_ONLY);
    // The lenient reading's nodes if the strict one is cut.
    let kept = ((budget.nodes as f64 * KO_RESERVE) as u64).max(1);
    let strict_budget = if reserve {
        let now = std::time::Instant::now();
        Budget {
            deadline: budget
                .deadline
                .map(|d| now + d.saturating_duration_since(now).mul_f64(1.0 - KO_RESERVE)),
            nodes: budget.nodes.saturating_sub(kept),
            ..budget.clone()
        }
    } else {
        budget.clone()
    };
    let mut solver = Solver::new(strict_budget);
    let (first, unread) = classify(&mut solver, &mut strict, share);
    let mut lenient = problem.clone().with_ko_master(Some(prover));
    let nodes = first.nodes;
    // Cut by the reserve (not by a stop flag, and with time left): the lenient reading gets
    // the rest of the time, and a tenth of the nodes.
    let cut = reserve && first.status == Status::Unknown && !budget.ended();
    if !cut && let Some(done) = strict_answer(&mut solver, &mut strict, first.clone(), &unread) {
        return done;
    }
    // A strict failure, or a strict reading cut by the reserve.
    let second = Solver::new(Budget {
        nodes: if cut { kept } else { budget.nodes },
        ..budget.clone()
    });
    let r = lenient_answer(
        problem,
        &solver,
        second,
        &mut lenient,
        nodes,
        budget,
        share,
        cut,
        None,
    );
    if cut && r.status == LdStatus::Unknown {
        // Both open: the strict reading's unknown (its deepest line), with both readings' nodes.
        let mut open = strict_answer(&mut solver, &mut strict, first, &unread)
            .expect("an open strict reading is an answer");
        open.nodes = r.nodes;
        return open;
    }
    r
}

/// `solve_shared` for a caller with a processor to spare: the lenient reading (the prover
/// winning every ko) starts at once on a second thread, beside the strict one, instead of
/// after it (`KoHalf`). A problem whose answer is a ko no longer waits for the strict failure
/// before its ko is read, and a lenient failure (the prover fails even winning every ko) stops
/// the strict reading, which can only fail too; a strict failure while the lenient reading
/// goes on leaves the strict thread reading the plain problem for the ko choice
/// (`PLAIN_AFTER`). The statuses are those `solve_shared` gives;
/// which wins the lenient reading has taken over when depends on the threads' speeds, so its
/// proof (and with it the choice among ko winners) may too. A budget with its own stop flag,
/// or a steady one (`Budget::steady`), is read as `solve_shared` reads it.
pub fn solve_shared_beside(
    problem: &LifeAndDeath,
    budget: Budget,
    share: Option<Share>,
) -> LdResult {
    if budget.stop.is_some() || budget.steady {
        return solve_shared(problem, budget, share);
    }
    let half = KoHalf::new(problem, &budget);
    std::thread::scope(|s| {
        s.spawn(|| half.help());
        solve_shared_helped(problem, budget, share, &half)
    })
}

/// The lenient half of a reading (the prover winning every ko), waiting for a processor: it is
/// searched beside the strict reading by whichever thread comes free first and calls `help`,
/// and otherwise, once the strict reading has failed, after it, as `solve_shared` reads it.
/// Beside, it reads alone: the strict reading's wins (they hold there too) are carried over
/// only when it goes on after a strict failure (`lenient_answer`). Fed them as they were
/// found, its path depended on when each batch came, and so on the two threads' speeds: the
/// same problem took a second in one run and ran out of time in the next
/// (docs/go-solving-record.md, session 60).
struct KoHalf {
    state: Mutex<HalfState>,
    /// Signalled when a helper's search ends.
    searched: Condvar,
    /// Raised once the strict reading has its answer: a helper that has not begun stays out
    /// and one that has stops.
    stop: Arc<AtomicBool>,
    /// The strict reading's stop flag, raised by a lenient failure (the strict reading can
    /// only fail too) or by the caller (`stop_strict`).
    strict_stop: Arc<AtomicBool>,
    /// Raised when a helper's search ends, or by the caller (`stop_strict`): it stops what the
    /// strict reading's thread reads meanwhile (`solve_shared_helped`).
    ended: Arc<AtomicBool>,
    /// The lenient problem's root.
    root: LifeAndDeath,
}

/// Where the lenient half stands (`KoHalf`).
enum HalfState {
    /// No helper has come yet.
    Waiting(Solver<LifeAndDeath>),
    /// A helper is searching it.
    Running,
    /// A helper searched it to this root status.
    Searched(Solver<LifeAndDeath>, Status),
    /// The strict reading's thread has taken it back.
    Taken,
}

impl KoHalf {
    /// The lenient half of `problem` read within `budget` (whose stop flag, if any, it
    /// leaves to the strict reading's caller).
    fn new(problem: &LifeAndDeath, budget: &Budget) -> KoHalf {
        let stop = Arc::new(AtomicBool::new(false));
        let strict_stop = Arc::new(AtomicBool::new(false));
        let solver = Solver::new(Budget {
            stop: Some(stop.clone()),
            ..budget.clone()
        });
        KoHalf {
            state: Mutex::new(HalfState::Waiting(solver)),
            searched: Condvar::new(),
            stop,
            strict_stop,
            ended: Arc::new(AtomicBool::new(false)),
            root: problem.clone().with_ko_master(Some(problem.prover)),
        }
    }

    /// Searches the lenient root on the calling thread, unless the strict reading has its
    /// answer or has taken the half back already; a failure stops the strict reading.
    fn help(&self) {
        let mut solver = {
            let mut state = self
                .state
                .lock()
                .expect("no thread panics holding the lock");
            if self.stop.load(Ordering::Relaxed) || self.strict_stop.load(Ordering::Relaxed) {
                return;
            }
            match std::mem::replace(&mut *state, HalfState::Running) {
                HalfState::Waiting(solver) => solver,
                other => {
                    *state = other;
                    return;
                }
            }
        };
        let status = solver.search(&mut self.root.clone());
        if status == Status::Disproven {
            self.strict_stop.store(true, Ordering::Relaxed);
        }
        *self
            .state
            .lock()
            .expect("no thread panics holding the lock") = HalfState::Searched(solver, status);
        self.ended.store(true, Ordering::Relaxed);
        self.searched.notify_all();
    }

    /// True when a helper is still searching the lenient half after `wait` (waiting for it
    /// to end meanwhile), false as soon as it has ended or if none has begun.
    fn still_running(&self, wait: std::time::Duration) -> bool {
        let state = self
            .state
            .lock()
            .expect("no thread panics holding the lock");
        let (state, _) = self
            .searched
            .wait_timeout_while(state, wait, |s| matches!(s, HalfState::Running))
            .expect("no thread panics holding the lock");
        matches!(*state, HalfState::Running)
    }

    /// Stops the strict reading (its answer is no longer needed), and what its thread reads
    /// while it waits for the helper.
    fn stop_strict(&self) {
        self.strict_stop.store(true, Ordering::Relaxed);
        self.ended.store(true, Ordering::Relaxed);
    }

    /// The lenient solver back on the strict reading's thread, once a helper searching it
    /// has ended, with the root status it reached (Unknown when no helper came). `needed`:
    /// whether the strict reading failed; otherwise a helper is stopped at once.
    fn take(&self, needed: bool) -> (Solver<LifeAndDeath>, Status) {
        if !needed {
            self.stop.store(true, Ordering::Relaxed);
        }
        let mut state = self
            .state
            .lock()
            .expect("no thread panics holding the lock");
        while matches!(*state, HalfState::Running) {
            state = self
                .searched
                .wait(state)
                .expect("no thread panics holding the lock");
        }
        match std::mem::replace(&mut *state, HalfState::Taken) {
            HalfState::Waiting(solver) => (solver, Status::Unknown),
            HalfState::Searched(solver, status) => (solver, status),
            HalfState::Running | HalfState::Taken => unreachable!("taken once, after the run"),
        }
    }
}

/// `solve_shared` with its lenient half `half` (made by `KoHalf::new` for this problem and
/// budget) open to a helper thread while the strict reading runs here. The budget's stop
/// flag, if any, stops the lenient reading that goes on after a strict failure; the strict
/// reading stops on `KoHalf::stop_strict`.
fn solve_shared_helped(
    problem: &LifeAndDeath,
    budget: Budget,
    share: Option<Share>,
    half: &KoHalf,
) -> LdResult {
    let mut strict = problem.clone().with_ko_master(Some(problem.prover.opp()));
    let mut solver = Solver::new(Budget {
        stop: Some(half.strict_stop.clone()),
        ..budget.clone()
    });
    let (first, unread) = classify(&mut solver, &mut strict, share);
    // After a strict failure, while a helper still reads the lenient half, this thread would
    // only wait: once `PLAIN_AFTER` has passed, it reads the root with nobody retaking a ko
    // at once instead, until the helper ends. That is the reading the ko choice makes of each
    // winner (`best_ko_first`), which goes on from it.
    let waiting = first.status == Status::Disproven && !budget.steady;
    let plain = (waiting && half.still_running(PLAIN_AFTER)).then(|| {
        let mut plain = problem.clone().with_ko_master(None);
        let mut reader = Solver::new(Budget {
            stop: Some(half.ended.clone()),
            ..budget.clone()
        });
        // The prover's strict wins hold with nobody retaking at once.
        reader.carry_wins(&solver, true);
        reader.search(&mut plain);
        reader
    });
    // Only a strict failure needs the lenient reading, or a strict reading that ran out of
    // time beside a lenient one that had proven its root: a ko whose unconditional
    // alternative is open (`LdResult::unconditional_open`).
    let open = first.status == Status::Unknown;
    let (mut second, lenient_root) = half.take(first.status == Status::Disproven || open);
    let lenient_failed = lenient_root == Status::Disproven;
    let open_ko = open && lenient_root == Status::Proven;
    if !lenient_failed
        && !open_ko
        && let Some(done) = strict_answer(&mut solver, &mut strict, first.clone(), &unread)
    {
        return done;
    }
    // The lenient reading goes on where it stopped, its store holding its own root result
    // (`lenient_answer` carries the strict reading's wins over); its stop flag only ever
    // stood for the strict reading's answer, so the reading's own limits replace it.
    second.set_budget(budget.clone());
    let mut lenient = half.root.clone();
    let nodes = first.nodes;
    lenient_answer(
        problem,
        &solver,
        second,
        &mut lenient,
        nodes,
        budget,
        share,
        open,
        plain,
    )
}

/// The answer when the strict reading (the other side winning every ko) decides it: a proof
/// is unconditional, and an unfinished reading leaves the problem unknown. None after a
/// failure, which the lenient reading must take further.
fn strict_answer(
    solver: &mut Solver<LifeAndDeath>,
    strict: &mut LifeAndDeath,
    first: Proof<Move>,
    unread: &[Move],
) -> Option<LdResult> {
    let nodes = first.nodes;
    match first.status {
        Status::Proven => {
            let mut first = first;
            super::choice::prefer_book_move(solver, strict, &mut first);
            let (solution, proof_size) = solution_of(solver, strict, first.key_move);
            Some(LdResult {
                status: LdStatus::Proven,
                proof: first,
                nodes,
                solution,
                proof_size,
                frontier: Vec::new(),
                unread: unread.to_vec(),
                unconditional_open: false,
                wider: None,
            })
        }
        Status::Unknown => {
            let frontier = solver.frontier_line(strict, FRONTIER_MOVES);
            Some(LdResult {
                status: LdStatus::Unknown,
                proof: first,
                nodes,
                solution: Vec::new(),
                proof_size: 0,
                frontier,
                unread: unread.to_vec(),
                unconditional_open: false,
                wider: None,
            })
        }
        Status::Disproven => None,
    }
}

/// The answer after a strict failure, or after a strict reading that ran out of time
/// (`strict_open`): the lenient reading (the prover winning every ko) by `solver`, which
/// first takes over the strict reading's wins for the prover (they hold when the prover wins
/// every ko); a win there is a ko, with its unconditional alternative open after an
/// unfinished strict reading. `plain`: a solver that has begun the reading with nobody
/// retaking a ko at once, for the ko choice to go on with.
#[allow(clippy::too_many_arguments)]
fn lenient_answer(
    problem: &LifeAndDeath,
    strict_solver: &Solver<LifeAndDeath>,
    mut solver: Solver<LifeAndDeath>,
    lenient: &mut LifeAndDeath,
    strict_nodes: u64,
    budget: Budget,
    share: Option<Share>,
    strict_open: bool,
    plain: Option<Solver<LifeAndDeath>>,
) -> LdResult {
    solver.carry_wins(strict_solver, true);
    let (mut second, mut unread) = classify(&mut solver, lenient, share);
    let mut nodes = strict_nodes + second.nodes;
    if second.status == Status::Proven
        && !(second.other_winning_moves.is_empty() && unread.is_empty())
    {
        nodes += best_ko_first(
            problem,
            strict_solver,
            &mut solver,
            lenient,
            &mut second,
            &mut unread,
            budget,
            plain,
        );
    }
    let status = match second.status {
        Status::Proven => LdStatus::Ko,
        Status::Disproven => LdStatus::Disproven,
        Status::Unknown => LdStatus::Unknown,
    };
    let (solution, proof_size) = if status == LdStatus::Ko {
        solution_of(&mut solver, lenient, second.key_move)
    } else {
        (Vec::new(), 0)
    };
    let frontier = if status == LdStatus::Unknown {
        solver.frontier_line(lenient, FRONTIER_MOVES)
    } else {
        Vec::new()
    };
    LdResult {
        status,
        proof: second,
        nodes,
        solution,
        proof_size,
        frontier,
        unread,
        unconditional_open: strict_open && status == LdStatus::Ko,
        wider: None,
    }
}

/// `solve` for a problem that matters only if the prover wins unconditionally with one first
/// move: the search with the other side winning every ko, the classification of the first
/// moves stopped at a second winner, and no ko reading after a failure (its status is then
/// `Disproven` even where `solve` would say `Ko`). A result proven with a unique key move is
/// the very result `solve` gives, nodes, proof, tree and size alike.
pub fn solve_unique(problem: &LifeAndDeath, budget: Budget) -> LdResult {
    let mut strict = problem.clone().with_ko_master(Some(problem.prover.opp()));
    let mut solver = Solver::new(budget);
    let first = solver.prove_until(&mut strict, 2);
    let nodes = first.nodes;
    let status = match first.status {
        Status::Proven => LdStatus::Proven,
        Status::Disproven => LdStatus::Disproven,
        Status::Unknown => LdStatus::Unknown,
    };
    let (solution, proof_size) = if status == LdStatus::Proven {
        solution_of(&mut solver, &mut strict, first.key_move)
    } else {
        (Vec::new(), 0)
    };
    LdResult {
        status,
        proof: first,
        nodes,
        solution,
        proof_size,
        frontier: Vec::new(),
        unread: Vec::new(),
        unconditional_open: false,
        wider: None,
    }
}

/// Among first moves that win only by winning a ko, puts first one that wins when neither
/// side has a ko threat: then the prover takes the ko first (or resolves it), and the other
/// side needs the first threat. The candidates are tried in the order of the eye space they
/// take or make (`eye_order`, the vital point first), move order among equals: the ko a book
/// gives is the one played where the eyes are made or spoilt. The key move's main line
/// follows the choice. The first moves a share left unread (`unread`) are candidates too, in
/// that order with the winners: one that wins with no ko threats on either side also wins
/// when the prover wins every ko, and is taken once the lenient reading has proven it (so
/// that its line can be shown). The plain searches start from the strict reading's wins for
/// the prover and the lenient reading's failures (`strict` and `solver`), both of which hold
/// with nobody retaking at once, and go on from `begun`, a reading of the same plain problem
/// made while the lenient one ran, when there is one. Returns the nodes spent.
#[allow(clippy::too_many_arguments)]
fn best_ko_first(
    problem: &LifeAndDeath,
    strict: &Solver<LifeAndDeath>,
    solver: &mut Solver<LifeAndDeath>,
    lenient: &mut LifeAndDeath,
    proof: &mut Proof<Move>,
    unread: &mut Vec<Move>,
    budget: Budget,
    begun: Option<Solver<LifeAndDeath>>,
) -> u64 {
    let mut nodes = 0;
    let mut plain = problem.clone().with_ko_master(None);
    // With nobody retaking at once, the prover wins wherever it won when the other side did,
    // and fails wherever it failed when it did itself.
    let mut check = match begun {
        Some(mut reader) => {
            reader.set_budget(budget);
            reader
        }
        None => Solver::new(budget),
    };
    check.carry_wins(strict, true);
    check.carry_wins(solver, false);
    // Every winner and every move left unread, in the order of the eye space they take or
    // make (the vital point first), move order among equals, the pass last.
    let order = lenient.moves();
    let mut candidates = proof.winning_moves();
    candidates.extend(unread.iter().copied());
    let pass = candidates.contains(&Move::Pass);
    candidates.retain(|&m| m != Move::Pass);
    candidates.sort_by_key(|m| order.iter().position(|x| x == m));
    eye_order(
        &lenient.go,
        &lenient.go.liberty_marks(lenient.target),
        &lenient.region_marks,
        &mut candidates,
    );
    if pass {
        candidates.push(Move::Pass);
    }
    let mut better = None;
    for m in candidates {
        plain.play(m);
        let won = check.search(&mut plain) == Status::Proven;
        plain.undo();
        if !won {
            continue;
        }
        if unread.contains(&m) {
            // The plain search's wins for the prover hold when it wins every ko: its proof
            // of `m` is taken over, and the lenient search only confirms it.
            solver.carry_wins(&check, true);
            let before = solver.nodes();
            lenient.play(m);
            let shown = solver.search(lenient) == Status::Proven;
            lenient.undo();
            nodes += solver.nodes() - before;
            if !shown {
                continue;
            }
            unread.retain(|&u| u != m);
            proof.other_winning_moves.push(m);
            proof.unique = Some(false);
        }
        better = Some(m);
        break;
    }
    nodes += check.nodes();
    let (Some(b), Some(k)) = (better, proof.key_move) else {
        return nodes;
    };
    if b == k {
        return nodes;
    }
    proof.other_winning_moves.retain(|&m| m != b);
    proof.other_winning_moves.insert(0, k);
    proof.key_move = Some(b);
    lenient.play(b);
    let mut line = vec![b];
    line.extend(solver.main_line(lenient, 64));
    lenient.undo();
    proof.main_line = line;
    nodes
}

/// True when the side to move in `go` reaches its goal on `target` (the winning reading
/// `won`) even if it lets the other side move first: it needs no move
/// (`LdResult::no_move_needed`: a pass wins, or nothing needs playing), or `read` (a solve of
/// the given position, target and goal) finds that the other side, moving first, fails. Such
/// a reading poses no problem: it needs no move.
///
/// When the side to move is the target's and `won` read its pass to a loss, the answer is
/// no without `read`. After the pass the attacker moves first, as in the position `read` would
/// be given, but for the pass counted and any ko ban, which the pass lifts; the count changes
/// nothing (an attacker's pass ends the game with the target standing here, and there lets the
/// defender pass back to the same end). So the pass's reading, in the area that gave the
/// answer, answers the question: lost where the attacker wins every ko (an unconditional
/// answer's reading), it leaves the attacker at least a ko win, not the failure asked for; a
/// ko answer reads it with the defender winning every ko, so its loss is unconditional. The
/// classification reads the pass within a share of its own (`classify`), so `read` is left
/// for the passes it did not read to the end. An attacker's lost pass tells nothing: the
/// defender passes back and the game ends with the target on the board, where moving first it
/// would have to make its life.
pub fn needs_no_move(
    go: &Go,
    target: Pt,
    won: &LdResult,
    read: impl Fn(&Go, Pt, Goal) -> LdResult,
) -> bool {
    if won.no_move_needed() {
        return true;
    }
    let defender = go.stone(target).expect("the target is a stone");
    let pass_lost = won.proof.refutations.iter().any(|(m, _)| *m == Move::Pass);
    if defender == go.to_move() && pass_lost {
        return false;
    }
    let mut first = go.clone();
    first.set_to_move(go.to_move().opp());
    let theirs = Goal::for_defender(defender, first.to_move());
    read(&first, target, theirs).status == LdStatus::Disproven
}

/// What the regions next to a chain say of its Benson life (`vital_regions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Vital {
    /// Fewer than two vital regions: the chain is not alive by Benson's test.
    Short,
    /// Two vital regions that no other chain of its colour touches: alive by Benson's test.
    Alone,
    /// Two vital regions, some of them shared with other chains of its colour: Benson's test
    /// over those chains decides.
    Shared,
}

/// True when the chain of `target`, whose liberties are `libs`, is alive by Benson's test:
/// settled by the count of its vital regions (`vital_regions`) where that answers, by
/// `benson_lives` where it does not.
fn benson_alive_chain(
    go: &Go,
    target: Pt,
    libs: &PointMarks,
    walls: &PointMarks,
    lists: &mut BensonLists,
) -> bool {
    if libs.len() < 2 {
        return false;
    }
    match vital_regions(go, target, libs, walls, &mut lists.flat) {
        Vital::Alone => true,
        Vital::Shared => benson_lives(go, target, walls, lists),
        Vital::Short => false,
    }
}

/// The regions next to the chain of `target` (maximal connected sets of points without its
/// colour's stones) in which every empty point is one of its liberties `libs`: vital regions,
/// as Benson's test counts them. Fewer than two and the chain is not alive by that test; two
/// that touch no other chain of its colour and it is (no other chain's death can take either
/// from it, so Benson's test leaves it standing); otherwise the test must look at the other
/// chains. Regions are flooded from the liberties in increasing order; a flood stops at its
/// first empty point that is no liberty, and its points are marked so that a flood from
/// another liberty of the same region gives up on meeting one (a region counts once, and
/// only when it is wholly vital). A flood also gives up on meeting one of `walls`: stones of
/// the other colour whose chains keep a liberty that is none of `libs` (outside the region,
/// where the target, read only once it has no liberty there, has none), so that a region
/// holding them holds an empty point that is no liberty (a flood through a long wall stopped
/// only there). `todo` is a working list (its contents on entry do not matter).
fn vital_regions(
    go: &Go,
    target: Pt,
    libs: &PointMarks,
    walls: &PointMarks,
    todo: &mut Vec<u16>,
) -> Vital {
    let c = go.stone(target).expect("a stone");
    let group = go.group_id(target);
    let (mut seen, mut failed) = (PointMarks::default(), PointMarks::default());
    let (mut vital, mut alone) = (0, 0);
    for l in libs.iter() {
        if !seen.insert(l) {
            continue;
        }
        todo.clear();
        todo.push(l as u16);
        let (mut ok, mut shared) = (true, false);
        let mut next = 0;
        'flood: while let Some(&p) = todo.get(next) {
            next += 1;
            for q in go.neighbours(p as Pt) {
                if !go.on_board(q) {
                    continue;
                }
                if go.stone(q) == Some(c) {
                    shared |= go.group_id(q) != group;
                    continue;
                }
                if (go.is_empty(q) && !libs.contains(q)) || failed.contains(q) || walls.contains(q)
                {
                    ok = false;
                    break 'flood;
                }
                if seen.insert(q) {
                    todo.push(q as u16);
                }
            }
        }
        if !ok {
            for &p in todo.iter() {
                failed.insert(p as Pt);
            }
            continue;
        }
        vital += 1;
        alone += usize::from(!shared);
        if alone >= 2 {
            return Vital::Alone;
        }
    }
    if vital >= 2 {
        Vital::Shared
    } else {
        Vital::Short
    }
}

/// True when the attacker captures the target whatever the defender does, because the
/// target's area leaves room for one eye at most. The area is the set of points reachable
/// from the target through the region's points other than the attacker's stones, stepping on
/// from the points the defender may play (`attacker_only` marks the others, the attacker's
/// ring). Nobody plays outside `region`, the defender never plays on the ring, and the
/// attacker's filling below plays only in the area, so an empty point outside the region, or
/// on the ring out of the area's reach, is never taken: an attacker chain with a liberty there
/// is never captured. Its stones are safe, and so is a stone played next to one, or next to
/// such a point ("filling" that point). The test holds when the defender cannot step out of
/// the region, every attacker chain next to a point of the area the defender may play is
/// safe, at most one of the area's points is neither a target stone nor one the attacker can
/// fill (a "deep" point), or two that make a two-point eye (`two_point_eye`), no ko ban is in
/// force and the defender has no pass to answer with a second one. Then the attacker fills
/// every other empty point of the area, each play legal and safe (so the defender captures
/// nothing), until the target's only liberties are the deep points, where it captures.
/// Counting the ring's points out of reach made the test hold inside a ring, where before a
/// chain needed a liberty beyond it (docs/go-solving-record.md has the figures).
///
/// Two walks: the area first, then its points, an attacker chain's safety looked at once
/// (at once for a chain with a stone among `walls`, stones known to keep a liberty outside
/// the region). `inside` is set when the test gives up at an attacker chain the area would
/// take in (one with no liberty nobody takes), cleared otherwise.
fn confined_to_one_eye(
    go: &Go,
    target: Pt,
    region: &PointMarks,
    attacker_only: &[bool],
    walls: &PointMarks,
    todo: &mut Vec<u16>,
    inside: &mut bool,
) -> bool {
    *inside = false;
    let defender = go.stone(target).expect("a stone");
    let attacker = defender.opp();
    if go.ko_point().is_some() || (go.passes() > 0 && go.to_move() == defender) {
        return false;
    }
    let target_group = go.group_id(target);
    // The area first: the points reachable from the target through the region's points
    // other than the attacker's stones, stepping on from the points the defender may play.
    // Each attacker chain met is looked at once: safe with a liberty outside the region;
    // with none there and none on the attacker's ring, it may be captured, and the area would
    // take in its stones; with one on the ring, safe if the area does not reach that point
    // (`hinges`, settled once the area is known).
    let mut seen = PointMarks::default();
    let (mut checked, mut safe, mut hinges) = (
        PointMarks::default(),
        PointMarks::default(),
        PointMarks::default(),
    );
    seen.insert(target);
    todo.clear();
    todo.push(target as u16);
    let mut next = 0;
    while let Some(&p) = todo.get(next) {
        next += 1;
        let p = p as Pt;
        if attacker_only[p] {
            continue;
        }
        for q in go.neighbours(p) {
            if !go.on_board(q) {
                continue;
            }
            if go.stone(q) == Some(attacker) {
                let g = go.group_id(q);
                if checked.insert(g) {
                    // The walk along the chain ends at its first liberty outside the region
                    // (a long wall has one within a few stones).
                    let (mut outside, mut ring) = (walls.contains(q), false);
                    for r in go
                        .group_stones(g)
                        .flat_map(|s| go.neighbours(s))
                        .take_while(|_| !outside)
                    {
                        if go.is_empty(r) {
                            if !region.contains(r) {
                                outside = true;
                                break;
                            }
                            ring |= attacker_only[r];
                        }
                    }
                    if outside {
                        safe.insert(g);
                    } else if ring {
                        hinges.insert(g);
                    } else {
                        *inside = true;
                        return false;
                    }
                }
            } else if seen.insert(q) {
                // The defender steps out of the region.
                if !region.contains(q) {
                    return false;
                }
                todo.push(q as u16);
            }
        }
    }
    // A point nobody takes: outside the region, or one of the attacker's ring points the
    // area does not reach (the defender may not play there, and the attacker's filling
    // below never does).
    let kept =
        |r: Pt| go.is_empty(r) && (!region.contains(r) || (attacker_only[r] && !seen.contains(r)));
    // The deep points met so far: room for two, the third settles it.
    let mut deep = [0 as Pt; 2];
    let mut deeps = 0;
    for &p in todo.iter() {
        let p = p as Pt;
        let steps_on = !attacker_only[p];
        // A target stone is never deep; another point is deep unless a safe stone or a point
        // nobody takes touches it.
        let mut shallow = go.stone(p) == Some(defender) && go.group_id(p) == target_group;
        for q in go.neighbours(p) {
            if !go.on_board(q) {
                continue;
            }
            if go.stone(q) == Some(attacker) {
                let g = go.group_id(q);
                // A chain that hinges on the ring, or that only a ring point of the area
                // touches, is looked at now.
                if hinges.contains(g) || checked.insert(g) {
                    hinges.remove(g);
                    if walls.contains(q)
                        || go
                            .group_stones(g)
                            .any(|s| go.neighbours(s).iter().any(|&r| kept(r)))
                    {
                        safe.insert(g);
                    }
                }
                if safe.contains(g) {
                    shallow = true;
                } else if steps_on {
                    // The area would take in an attacker stone.
                    *inside = true;
                    return false;
                }
            } else if kept(q) {
                shallow = true;
            }
        }
        if !shallow {
            if deeps == 2 {
                return false;
            }
            deep[deeps] = p;
            deeps += 1;
        }
    }
    deeps < 2 || two_point_eye(go, target, deep[0], deep[1])
}

/// True when the two deep points `a` and `b` of `confined_to_one_eye` make one eye of two
/// points and no more: both empty, side by side, each touching the target. Once the attacker
/// has filled the rest, it plays one of them (legal: the other is its liberty); the defender
/// must capture with the other, which joins the target (so it is no ko), and the attacker
/// takes the target at the point it captured on. Filling one itself leaves the defender one
/// deep point, as before.
fn two_point_eye(go: &Go, target: Pt, a: Pt, b: Pt) -> bool {
    if !(go.is_empty(a) && go.is_empty(b) && go.neighbours(a).contains(&b)) {
        return false;
    }
    // An empty point touches the target when it is one of its liberties.
    let libs = go.liberty_marks(target);
    libs.contains(a) && libs.contains(b)
}

/// Orders the candidate plays `moves` (no pass) by the eye space they take or make, most first,
/// keeping the given order among equals: a point scores for each empty neighbour inside
/// `region` (the middle of an eye space is its vital point, for the side that makes the eyes
/// and the side that spoils them alike), twice more when it is a liberty of the target, once
/// more when it touches both colours' stones (a hane or block at the eye space's edge), and once
/// more on the board's first line, where the edge takes the place of a neighbour (a point there
/// has three, and would otherwise lose to every point inside; the books' kos are mostly played
/// there: 58 of the tuning half's 90 ko answers).
/// `libs` are the target's liberties. Each move's score is found once (`sort_by_cached_key`
/// keeps the order among equals, as a stable sort does).
fn eye_order(go: &Go, libs: &PointMarks, region: &PointMarks, moves: &mut [Move]) {
    let score = |m: &Move| -> i32 {
        let Move::Play(p) = *m else { return 0 };
        // One pass over the neighbours: a point off the board makes `p` a first-line point.
        let (mut empty, mut black, mut white, mut edge) = (0, false, false, false);
        for &q in go.neighbours(p).iter() {
            if !go.on_board(q) {
                edge = true;
                continue;
            }
            match go.stone(q) {
                None => empty += region.contains(q) as i32,
                Some(Color::Black) => black = true,
                Some(Color::White) => white = true,
            }
        }
        empty + 2 * libs.contains(p) as i32 + (black && white) as i32 + edge as i32
    };
    moves.sort_by_cached_key(|m| -score(m));
}

/// True when the point `p` is on the board's first line (next to an edge).
fn on_first_line(go: &Go, p: Pt) -> bool {
    let (x, y) = go.board().coord(go.id(p));
    let n = go.size() as i32;
    x == 0 || y == 0 || x == n - 1 || y == n - 1
}

/// Benson's unconditional life: the group ids (`Go::group_id`) of the chains of colour `c`
/// that cannot be captured even if `c` never moves again.
pub fn benson_alive(go: &Go, c: Color) -> Vec<Pt> {
    benson_marks(go, c).iter().collect()
}

/// Points of the board of `go` with its frame: the bound of a point index and a group id.
pub(crate) fn frame_points(go: &Go) -> usize {
    (go.size() + 2) * (go.size() + 2)
}

/// `benson_alive` as a set of group ids.
fn benson_marks(go: &Go, c: Color) -> PointMarks {
    const NONE: u16 = u16::MAX;
    // Chains of c, by group id; regions: maximal connected sets of points that are not c's
    // stones, their points listed region by region in `flat`.
    let mut chains = PointMarks::default();
    let mut region_of = vec![NONE; frame_points(go)];
    let mut flat: Vec<u16> = Vec::new();
    let mut start: Vec<usize> = Vec::new();
    for p in go.points() {
        if go.stone(p) == Some(c) {
            chains.insert(go.group_id(p));
            continue;
        }
        if region_of[p] != NONE {
            continue;
        }
        let region = start.len() as u16;
        start.push(flat.len());
        region_of[p] = region;
        flat.push(p as u16);
        let mut i = flat.len() - 1;
        while i < flat.len() {
            for q in go.neighbours(flat[i] as Pt) {
                if go.on_board(q) && go.stone(q) != Some(c) && region_of[q] == NONE {
                    region_of[q] = region;
                    flat.push(q as u16);
                }
            }
            i += 1;
        }
    }
    start.push(flat.len());
    let mut lists = BensonLists::default();
    lists.borders.clear();
    for r in 0..start.len() - 1 {
        lists
            .borders
            .add_region(go, c, &flat[start[r]..start[r + 1]]);
    }
    let mut alive_chain = chains;
    lists.removals(frame_points(go), || chains.iter(), &mut alive_chain, None);
    alive_chain
}

/// The working lists of Benson's test, kept from one call to the next by a solver
/// (`LifeAndDeath`) so that its inner loop neither allocates nor zeroes arrays: a call empties
/// them (a length set to zero) and pushes. Zeroing fixed arrays sized for the largest board at
/// every call was a sixth of a Go solver's instructions.
#[derive(Clone, Debug, Default)]
struct BensonLists {
    /// The chains reached, by group id, in the order reached.
    chains: Vec<u16>,
    /// The points of the regions kept, region by region.
    flat: Vec<u16>,
    borders: Borders,
    /// Per region: still alive in the removals.
    alive_region: Vec<bool>,
    /// Per group id: the live regions vital to it.
    count: Vec<u8>,
}

impl BensonLists {
    /// Benson's removals: a chain stays alive with two or more live regions vital to it, a
    /// region while every chain bordering it does, repeated until nothing changes. `chains`
    /// lists the chains to test, `alive` starts as the set of them and ends as the living ones;
    /// group ids are below `points`. With `watch`, stops as soon as that chain is removed and
    /// returns false.
    fn removals<I: Iterator<Item = Pt>>(
        &mut self,
        points: usize,
        chains: impl Fn() -> I,
        alive: &mut PointMarks,
        watch: Option<Pt>,
    ) -> bool {
        let borders = &self.borders;
        let regions = borders.regions();
        let span = |r: usize| borders.start[r] as usize..borders.start[r + 1] as usize;
        self.alive_region.clear();
        self.alive_region.resize(regions, true);
        loop {
            let mut changed = false;
            self.count.clear();
            self.count.resize(points, 0);
            for r in (0..regions).filter(|&r| self.alive_region[r]) {
                for b in span(r) {
                    if borders.vital[b] {
                        let g = borders.border[b] as usize;
                        self.count[g] = self.count[g].saturating_add(1);
                    }
                }
            }
            for ch in chains() {
                if alive.contains(ch) && self.count[ch] < 2 {
                    if watch == Some(ch) {
                        return false;
                    }
                    alive.remove(ch);
                    changed = true;
                }
            }
            for (r, live) in self.alive_region.iter_mut().enumerate() {
                if *live
                    && borders.border[span(r)]
                        .iter()
                        .any(|&b| !alive.contains(b as Pt))
                {
                    *live = false;
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

/// The regions of Benson's test as the chains bordering each, with whether the region is vital
/// to each (every empty point of the region is a liberty of the chain), listed region by region.
#[derive(Clone, Debug, Default)]
struct Borders {
    border: Vec<u16>,
    vital: Vec<bool>,
    /// Where each region's pairs start in `border`; one more entry than regions.
    start: Vec<u16>,
}

impl Borders {
    /// No regions.
    fn clear(&mut self) {
        self.border.clear();
        self.vital.clear();
        self.start.clear();
        self.start.push(0);
    }

    fn regions(&self) -> usize {
        self.start.len() - 1
    }

    /// Adds the region of points `pts` (not `c`'s stones) and returns the group ids of the
    /// chains of `c` bordering it.
    fn add_region(&mut self, go: &Go, c: Color, pts: &[u16]) -> &[u16] {
        let from = self.border.len();
        for &p in pts {
            for q in go.neighbours(p as Pt) {
                if go.stone(q) == Some(c) {
                    let g = go.group_id(q) as u16;
                    if !self.border[from..].contains(&g) {
                        self.border.push(g);
                    }
                }
            }
        }
        for b in from..self.border.len() {
            let chain = self.border[b] as Pt;
            let vital = pts.iter().filter(|&&p| go.is_empty(p as Pt)).all(|&p| {
                go.neighbours(p as Pt)
                    .iter()
                    .any(|&q| go.stone(q) == Some(c) && go.group_id(q) == chain)
            });
            self.vital.push(vital);
        }
        self.start.push(self.border.len() as u16);
        &self.border[from..]
    }
}

/// True when the chain of `target` is Benson-alive: the same answer as
/// `benson_marks(go, colour).contains(go.group_id(target))`, worked out on the part of the
/// board it depends on. A chain's life depends only on the regions vital to it and a region's
/// only on the chains bordering it, and a region with an empty point next to none of the
/// colour's stones is vital to no chain; so the search starts from the target's chain, floods
/// the regions next to each chain it reaches (giving up on a region at its first such empty
/// point), and adds the chains bordering the regions that remain. Around a life-and-death
/// problem that is a few small eye spaces, not the whole board. A region holding one of
/// `walls` (stones of the other colour whose chains keep a liberty the target does not have)
/// is taken as vital to no chain, so that the flood stops there rather than walk the wall to
/// that liberty: it can only be vital to a chain with a liberty where the target has none, and
/// leaving a region out only ever leaves a chain out of the living, so a life found stays one
/// by Benson's test. `lists` are working lists (their contents on entry do not matter).
fn benson_lives(go: &Go, target: Pt, walls: &PointMarks, lists: &mut BensonLists) -> bool {
    let c = go.stone(target).expect("the target is a stone");
    let own = |q: Pt| go.stone(q) == Some(c);
    let mut chain_seen = PointMarks::default();
    let first = go.group_id(target);
    lists.chains.clear();
    lists.chains.push(first as u16);
    chain_seen.insert(first);
    // Regions that may be vital to a chain, their points listed region by region in `flat`;
    // `claimed` holds every point flooded, `useless` those of regions vital to no chain.
    lists.flat.clear();
    let mut claimed = PointMarks::default();
    let mut useless = PointMarks::default();
    lists.borders.clear();
    let mut ci = 0;
    while ci < lists.chains.len() {
        let g = lists.chains[ci] as Pt;
        ci += 1;
        for s in go.group_stones(g) {
            for q0 in go.neighbours(s) {
                if !go.on_board(q0) || own(q0) || !claimed.insert(q0) {
                    continue;
                }
                let flat = &mut lists.flat;
                let from = flat.len();
                flat.push(q0 as u16);
                let mut i = from;
                let mut vital_somewhere = true;
                'flood: while i < flat.len() {
                    let p = flat[i] as Pt;
                    let nb = go.neighbours(p);
                    if go.is_empty(p) && !nb.iter().any(|&x| own(x)) {
                        vital_somewhere = false;
                        break;
                    }
                    for x in nb {
                        if !go.on_board(x) || own(x) {
                            continue;
                        }
                        if useless.contains(x) || walls.contains(x) {
                            vital_somewhere = false;
                            break 'flood;
                        }
                        if claimed.insert(x) {
                            flat.push(x as u16);
                        }
                    }
                    i += 1;
                }
                if !vital_somewhere {
                    // The points flooded stay claimed; a later flood meeting one of them is in
                    // the same region and gives up too.
                    for &p in &flat[from..] {
                        useless.insert(p as Pt);
                    }
                    flat.truncate(from);
                    continue;
                }
                for &chain in lists.borders.add_region(go, c, &lists.flat[from..]) {
                    if chain_seen.insert(chain as Pt) {
                        lists.chains.push(chain);
                    }
                }
            }
        }
    }
    // Benson's removals on the chains and regions reached, as in `benson_marks`.
    let mut alive_chain = chain_seen;
    let chains = std::mem::take(&mut lists.chains);
    let lives = lists.removals(
        frame_points(go),
        || chains.iter().map(|&ch| ch as Pt),
        &mut alive_chain,
        Some(first),
    ) && alive_chain.contains(first);
    lists.chains = chains;
    lives
}

/// The default region: the bounding box of all stones grown by one line, clipped to the
/// board; the candidate points are its empty points and stones alike (moves go on empty ones).
pub fn infer_region(go: &Go) -> Vec<Pt> {
    let b = go.board();
    let Some([x0, x1, y0, y1]) = super::frame::stones_box(go) else {
        return go.points().collect();
    };
    let n = go.size() as i32;
    let (lo_c, hi_c) = ((x0 - 1).max(0), (x1 + 1).min(n - 1));
    let (lo_r, hi_r) = ((y0 - 1).max(0), (y1 + 1).min(n - 1));
    go.points()
        .filter(|&p| {
            let (c, r) = b.coord(go.id(p));
            (lo_c..=hi_c).contains(&c) && (lo_r..=hi_r).contains(&r)
        })
        .collect()
}

/// How far from the defender's stones a fight area reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Up to this many steps along the lines.
    Steps(usize),
    /// Up to this many king moves (diagonal steps count as one).
    King(usize),
}

impl Reach {
    fn distance(self, dx: i32, dy: i32) -> usize {
        match self {
            Reach::Steps(_) => (dx + dy) as usize,
            Reach::King(_) => dx.max(dy) as usize,
        }
    }

    fn limit(self) -> usize {
        match self {
            Reach::Steps(n) | Reach::King(n) => n,
        }
    }
}

/// Narrows an inferred box to what the fight is about: the points reachable from the
/// defender's stones through points without the attacker's stones and within `reach` of a
/// defender stone, the empty points of the board's first line beneath that area's empty
/// points (a third-line group's eye space runs down to the edge), the attacker's chains next
/// to them, and the outside liberties of those chains that are short of liberties (two or
/// fewer), all within `within`. Moves far outside the attacker's wall, or far out in open
/// space, are left out.
pub fn enclosure(go: &Go, target: Pt, within: &[Pt], reach: Reach) -> Vec<Pt> {
    let len = frame_points(go);
    let mut inside = vec![false; len];
    for &p in within {
        inside[p] = true;
    }
    let attacker = go.stone(target).expect("the target is a stone").opp();
    let defender = attacker.opp();
    // Distance from the nearest defender stone, for the reach limit.
    let stones: Vec<(i32, i32)> = go
        .points()
        .filter(|&p| go.stone(p) == Some(defender))
        .map(|p| go.board().coord(go.id(p)))
        .collect();
    let mut dist = vec![usize::MAX; len];
    for p in go.points() {
        let (x, y) = go.board().coord(go.id(p));
        dist[p] = stones
            .iter()
            .map(|&(a, b)| reach.distance((a - x).abs(), (b - y).abs()))
            .min()
            .unwrap_or(usize::MAX);
    }
    let limit = reach.limit();
    let mut seen = vec![false; len];
    let mut out = vec![target];
    seen[target] = true;
    for &p in within {
        if go.stone(p) == Some(defender) && !seen[p] {
            seen[p] = true;
            out.push(p);
        }
    }
    let mut i = 0;
    while i < out.len() {
        for q in go.neighbours(out[i]) {
            if inside[q] && !seen[q] && go.stone(q) != Some(attacker) && dist[q] <= limit {
                seen[q] = true;
                out.push(q);
            }
        }
        i += 1;
    }
    // The first line beneath the area's empty points: a group on the third line has its eye
    // space down to the edge, where the reach (one king step for the tight area) takes in the
    // second line and would leave the first to the ring, the attacker's alone.
    let mut beneath = Vec::new();
    for &p in &out {
        if !go.is_empty(p) || on_first_line(go, p) {
            continue;
        }
        for q in go.neighbours(p) {
            if inside[q] && !seen[q] && go.is_empty(q) && on_first_line(go, q) {
                seen[q] = true;
                beneath.push(q);
            }
        }
    }
    out.extend(beneath);
    // The attacker's chains touching that area belong to the fight: their stones (a captured
    // stone's point must stay inside, or its capture would read as an escape), and the outside
    // liberties of the short ones.
    let mut extra = Vec::new();
    for &p in &out {
        for q in go.neighbours(p) {
            if go.stone(q) != Some(attacker) || seen[q] {
                continue;
            }
            for s in go.group(q) {
                if inside[s] && !seen[s] {
                    seen[s] = true;
                    extra.push(s);
                }
            }
            if go.liberty_count(q) <= 2 {
                for l in go.liberties(q) {
                    if inside[l] && !seen[l] {
                        seen[l] = true;
                        extra.push(l);
                    }
                }
            }
        }
    }
    out.extend(extra);
    // Small pockets of empty points closed in by the area and the board's edge (a corner
    // point two steps from the nearest stone) are eye space: they belong to the fight.
    let area = seen.clone();
    for &p in within {
        if seen[p] || !go.is_empty(p) {
            continue;
        }
        let mut pocket = vec![p];
        let mut closed = true;
        seen[p] = true;
        let mut j = 0;
        while j < pocket.len() && closed {
            for q in go.neighbours(pocket[j]) {
                if !go.on_board(q) || area[q] || pocket.contains(&q) {
                    continue;
                }
                if go.is_empty(q) && inside[q] && !seen[q] && pocket.len() < 3 {
                    seen[q] = true;
                    pocket.push(q);
                } else {
                    closed = false;
                    break;
                }
            }
            j += 1;
        }
        // Points of a pocket that is not closed stay marked: they start no other pocket.
        if closed {
            out.extend(pocket);
        }
    }
    out.sort_unstable();
    out
}

/// The attacker's ring around an area: the empty points of `within` outside `area` next to an
/// empty point or a defender stone of it.
pub fn attacker_ring(go: &Go, defender: Color, area: &[Pt], within: &[Pt]) -> Vec<Pt> {
    let len = frame_points(go);
    let mut mark = vec![0u8; len];
    for &p in within {
        mark[p] = 1;
    }
    for &p in area {
        mark[p] = 2;
    }
    let mut ring = Vec::new();
    for &p in area {
        if go.stone(p).is_some_and(|c| c != defender) {
            continue;
        }
        for q in go.neighbours(p) {
            if mark[q] == 1 && go.is_empty(q) {
                mark[q] = 3;
                ring.push(q);
            }
        }
    }
    ring.sort_unstable();
    ring
}

/// A problem over `region` with the attacker's ring around it, anywhere on the board: the
/// form generated puzzles are proven (and verified) in.
pub fn ringed(go: Go, target: Pt, goal: Goal, region: &[Pt]) -> LifeAndDeath {
    let everywhere: Vec<Pt> = go.points().collect();
    let defender = go.stone(target).expect("the target is a stone");
    let ring = attacker_ring(&go, defender, region, &everywhere);
    LifeAndDeath::new(go, target, goal, region).with_attacker_ring(&ring)
}

/// The area read between the tight and the wide ones, once the tight reading has failed or
/// found only a ko and the wide one has no answer yet: two steps for a live problem (the wide
/// area's third step makes room for eyes along an edge, and costs the search time). None for a
/// kill, whose wide area is already two steps.
fn middle_reach(goal: Goal) -> Option<Reach> {
    match goal {
        Goal::Live => Some(Reach::Steps(2)),
        Goal::Kill => None,
    }
}

/// True when the middle area's reading (`middle_reach`) is taken in place of the tight one's:
/// an unconditional win always, a ko only in place of a failure. A ko there does not replace a
/// tight ko: the side that wins every ko wins with many first moves, and on two tuning-half
/// problems the one more point of the middle area moved the choice among them off the book's
/// move.
fn middle_replaces(tight: LdStatus, middle: LdStatus) -> bool {
    match middle {
        LdStatus::Proven => true,
        LdStatus::Ko => tight == LdStatus::Disproven,
        LdStatus::Disproven | LdStatus::Unknown => false,
    }
}

/// How far the wide fight area reaches from the defender's stones (`solve_in_box`): two steps
/// along the lines, three when the defender moves to live. A group that must live needs room
/// for its eyes, and the ring just outside the area, where only the attacker may play, takes
/// that room away: at two steps the reading can fail where the book's group lives (a corner
/// group whose eye space runs three steps along the edge). On the published collection's
/// tuning half at 5 s the third step for live problems gave the book's first move on 99
/// problems against 96 (four live problems gained, one lost at the deadline). Kills keep two
/// steps: a wider area costs the search time, and there the ring limits the attacker only.
fn wide_reach(goal: Goal) -> Reach {
    match goal {
        Goal::Live => Reach::Steps(3),
        Goal::Kill => Reach::Steps(2),
    }
}

/// When the tight area holds at least `NEARLY_ONE.0 / NEARLY_ONE.1` of the wide one's points,
/// the two are read one after the other, each with its ko reading beside it, not side by side
/// (`solve_in_box_shared`).
const NEARLY_ONE: (usize, usize) = (4, 5);

/// True when the answer of a narrower area (tight or middle), read to `narrow`, is taken over
/// the wide area's, read to `wide` (`Unknown` when it has no answer, was cut or was not read):
/// an unconditional win always, a ko only when the wide reading has no answer, never a
/// failure (which may come from the moves the narrower area leaves out).
fn narrower_taken(narrow: LdStatus, wide: LdStatus) -> bool {
    match narrow {
        LdStatus::Proven => true,
        LdStatus::Ko => wide == LdStatus::Unknown,
        LdStatus::Disproven | LdStatus::Unknown => false,
    }
}

/// The least time a wide answer short of an unconditional win waits for the tight reading
/// (`solve_in_box_shared`).
const GRACE: std::time::Duration = std::time::Duration::from_millis(50);

/// Solves a problem whose region is inferred as the box `within`, narrowed to the fight: the
/// points within two steps of the defender's stones (three for a live problem, `wide_reach`)
/// or, when that runs out of budget, the tighter area of points next to them, diagonals
/// included, which reads open positions much faster. Both are read on two threads, each with
/// the whole budget; the wide answer is taken when it has one, the tight one when the wide
/// reading has none and the prover wins in it, or when the prover wins there unconditionally
/// (below), never a tight failure (it may come from the moves it leaves out). An
/// unconditional win in the tight area (`Proven`, not a ko) stops the wide reading, so that
/// its answer is taken at once: on the published collection's tuning half at 5 s that took
/// the median time from 5.0 s to 3.2 s and the median of the answered problems from 2.3 s to
/// 1.2 s, for the book's first move on 96 problems against 97 (one advanced problem where the
/// tight area proves another first move first). A wide reading cut that way gives way to the
/// tight answer, which is complete (the cut one may lack the reading of its other first moves,
/// the pass among them). A wide answer waits for the tight reading as long again as it took
/// (`GRACE` at least), and an unconditional win there is taken, even over an unconditional
/// win in the wide area: otherwise which answer came out depended on which thread ran faster
/// (cho-484 of the advanced checking half gave the book's B7 in two runs of six and a
/// disproof in the rest; int-cho-709, proven in both areas, gave the tight area's F10 or the
/// wide one's G10; both before the first line beneath the area was taken in, which leaves
/// the tight area no win there).
/// Read side by side, when the tight reading ends in a failure or a ko and the wide one has no
/// answer yet, its thread reads the middle area (`middle_reach`, live problems only), whose
/// answer then stands in for the tight one's: an unconditional win there stops the wide reading
/// as the tight one's does, and its ko replaces a tight failure (not a tight ko). Its own
/// reading over short of an unconditional win, the tight area's thread then reads the wide
/// area's ko (the prover winning every ko) beside the wide strict reading (`KoHalf`; not under
/// a steady budget): a wide ko is no longer begun only
/// once the strict reading has failed, and a failure there ends the wide reading as a failure.
/// When the tight and wide areas are the same, the strict and ko readings of that area run side
/// by side from the start (`solve_shared_beside`). When they are nearly the same (`NEARLY_ONE`:
/// the tight area holds four fifths of the wide one's points or more, as in most kills, whose
/// areas the attacker's wall bounds), reading both side by side reads nearly one problem twice:
/// the tight area is read first, its ko beside it, and its unconditional win taken at once;
/// otherwise the wide area is read with the time left, in the same way, and its answer taken
/// when it has one, a tight ko when it has none (as when the two run side by side). A tight
/// reading that ran out of time is the answer, unknown with the deepest line it reached: the
/// wide one is not begun with nothing left to read it in. Returns the area searched and the
/// result; a result taken from the tight or middle area carries the wide area's status
/// (`LdResult::wider`; `Unknown` also when it was not read).
pub fn solve_in_box(
    go: &Go,
    target: Pt,
    goal: Goal,
    within: &[Pt],
    budget: Budget,
) -> (Vec<Pt>, LdResult) {
    solve_in_box_shared(go, target, goal, within, budget, None, Knowledge::Rules)
}

/// `solve_in_box` with each reading's classification held to `share` (`solve_shared`); all
/// areas are read `with_knowledge(knowledge)`. The tight area's thread starts at
/// once: held back for a quarter of the time left (so that a problem read quickly would not
/// share the cores), it gave the book's first move for 105 problems of the published
/// collection's checking half at 5 s, against 107 started at once (an idle machine, one run
/// each): the readings that only the tight area finds come near the deadline.
pub fn solve_in_box_shared(
    go: &Go,
    target: Pt,
    goal: Goal,
    within: &[Pt],
    budget: Budget,
    share: Option<Share>,
    knowledge: Knowledge,
) -> (Vec<Pt>, LdResult) {
    use std::time::Instant;
    let defender = go.stone(target).expect("the target is a stone");
    let stop = Arc::new(AtomicBool::new(false));
    let wide_area = enclosure(go, target, within, wide_reach(goal));
    let tight_area = enclosure(go, target, within, Reach::King(1));
    let middle_area = middle_reach(goal)
        .map(|r| enclosure(go, target, within, r))
        .filter(|m| *m != tight_area && *m != wide_area);
    let problem_in = |area: &[Pt]| {
        let ring = attacker_ring(go, defender, area, within);
        LifeAndDeath::new(go.clone(), target, goal, area)
            .with_attacker_ring(&ring)
            .with_knowledge(knowledge)
    };
    let attempt = |area: Vec<Pt>, stop| {
        let budget = Budget {
            stop,
            ..budget.clone()
        };
        let result = solve_shared(&problem_in(&area), budget, share);
        (area, result)
    };
    if tight_area == wide_area {
        // One area to read: the second processor reads its ko beside it.
        let result = solve_shared_beside(&problem_in(&wide_area), budget, share);
        return (wide_area, result);
    }
    if tight_area.len() * NEARLY_ONE.1 >= wide_area.len() * NEARLY_ONE.0 {
        // Nearly one area: read the tight one first, its ko beside it, then the wide one.
        // A tight failure is never the answer (it may come from the moves the area leaves
        // out): past the deadline, the wide reading ends at once, unknown. A tight reading
        // that ran out of time is the answer, unknown with the deepest line it reached: a
        // wide reading begun then would have read nothing.
        let tight = solve_shared_beside(&problem_in(&tight_area), budget.clone(), share);
        let read_wide = match tight.status {
            LdStatus::Proven => false,
            LdStatus::Unknown => !budget.ended(),
            LdStatus::Ko | LdStatus::Disproven => true,
        };
        let wide = read_wide.then(|| solve_shared_beside(&problem_in(&wide_area), budget, share));
        let wide_status = wide.as_ref().map_or(LdStatus::Unknown, |w| w.status);
        return match wide {
            Some(w) if !narrower_taken(tight.status, wide_status) => (wide_area, w),
            _ => (
                tight_area,
                LdResult {
                    wider: Some(wide_status),
                    ..tight
                },
            ),
        };
    }
    // An unconditional win in the tight area stops the wide reading (and only that raises
    // this flag): the answer no longer waits for the deadline when only the tight area is
    // read in time.
    let wide_stop = Arc::new(AtomicBool::new(false));
    let wide_budget = Budget {
        stop: Some(wide_stop.clone()),
        ..budget.clone()
    };
    let wide_problem = problem_in(&wide_area);
    // Once the tight area is read, its thread helps with the wide area's ko reading.
    let wide_ko = KoHalf::new(&wide_problem, &wide_budget);
    let tight_read = AtomicBool::new(false);
    let won = || {
        wide_stop.store(true, Ordering::Relaxed);
        wide_ko.stop_strict();
    };
    let begun = Instant::now();
    let (wide, tight) = std::thread::scope(|s| {
        let tight = s.spawn(|| {
            let read_tight = || {
                let tight = attempt(tight_area, Some(stop.clone()));
                if tight.1.status == LdStatus::Proven {
                    won();
                    return tight;
                }
                // Read to a failure or a ko, the tight area leaves its core to the middle
                // area while the wide reading has no answer.
                let Some(middle_area) = middle_area else {
                    return tight;
                };
                if tight.1.status == LdStatus::Unknown || stop.load(Ordering::Relaxed) {
                    return tight;
                }
                let middle = attempt(middle_area, Some(stop.clone()));
                if middle.1.status == LdStatus::Proven {
                    won();
                }
                if middle_replaces(tight.1.status, middle.1.status) {
                    middle
                } else {
                    tight
                }
            };
            let tight = read_tight();
            tight_read.store(true, Ordering::Release);
            // A steady budget reads the wide area's ko after its strict reading, as
            // `solve_shared` does.
            if !budget.steady && !wide_stop.load(Ordering::Relaxed) {
                wide_ko.help();
            }
            tight
        });
        let wide = (
            wide_area,
            solve_shared_helped(&wide_problem, wide_budget, share, &wide_ko),
        );
        // Stopped by the tight area's win, the wide reading may have been cut anywhere, its
        // root proven but its other first moves (the pass among them) unread: the tight
        // answer, complete, is taken then.
        let cut = wide_stop.load(Ordering::Relaxed);
        if wide.1.status != LdStatus::Unknown {
            // A wide answer waits for the tight reading as long again as it took itself
            // (GRACE at least), so that an unconditional win there, which would have cut the
            // wide reading had it come first, is taken whichever thread the machine ran
            // faster.
            if !cut {
                let until = Instant::now() + begun.elapsed().max(GRACE);
                while !tight_read.load(Ordering::Acquire) && Instant::now() < until {
                    std::thread::sleep(std::time::Duration::from_millis(1));
                }
            }
            stop.store(true, Ordering::Relaxed);
        }
        (
            (wide, cut),
            tight.join().expect("the solver thread does not panic"),
        )
    });
    let (wide, cut) = wide;
    // A cut wide reading has no answer of its own to weigh.
    let wide_status = if cut {
        LdStatus::Unknown
    } else {
        wide.1.status
    };
    if narrower_taken(tight.1.status, wide_status) {
        let (area, mut result) = tight;
        result.wider = Some(wide.1.status);
        (area, result)
    } else {
        wide
    }
}

#[cfg(test)]
mod benson_tests {
    use super::*;
    use crate::util::rng;

    /// The chain-by-chain test agrees with the whole-board one on every chain of positions
    /// from random games (many eyes, seki and dead shapes), on 9 x 9 and 19 x 19.
    #[test]
    fn benson_lives_agrees_with_the_whole_board_test() {
        let mut r = rng(7);
        let (mut alive, mut checked) = (0, 0);
        for n in [9, 19] {
            for game in 0..40 {
                let mut go = Go::new(n).playout_copy();
                go.ko_rule = KoRule::Simple;
                go.random_playout(&mut r, 40 + game * 15);
                for c in [Color::Black, Color::White] {
                    let whole = benson_marks(&go, c);
                    let mut lists = BensonLists::default();
                    for p in go.points().filter(|&p| go.stone(p) == Some(c)) {
                        let lives = benson_lives(&go, p, &PointMarks::default(), &mut lists);
                        assert_eq!(
                            lives,
                            whole.contains(go.group_id(p)),
                            "{} on\n{}",
                            go.name(p),
                            go.picture()
                        );
                        alive += lives as usize;
                        checked += 1;
                    }
                }
            }
        }
        assert!(alive > 100 && alive < checked, "{alive} of {checked} alive");
    }

    /// The count of vital regions that stands in for Benson's test where it can agrees with
    /// the test on every chain of positions from random games: short of two, never alive; two
    /// touching no other chain of the colour, always alive. Each answer comes up often, and
    /// so do shared regions where Benson's test must decide and finds both ways.
    #[test]
    fn the_vital_region_count_agrees_with_benson() {
        let mut r = rng(11);
        let mut lists = BensonLists::default();
        let mut todo = Vec::new();
        // [short, alone, shared and alive, shared and not alive]
        let mut seen = [0usize; 4];
        for n in [9, 19] {
            for game in 0..60 {
                let mut go = Go::new(n).playout_copy();
                go.ko_rule = KoRule::Simple;
                go.random_playout(&mut r, 40 + game * 12);
                for p in go.points().filter(|&p| go.stone(p).is_some()) {
                    let libs = go.liberty_marks(p);
                    let lives = benson_lives(&go, p, &PointMarks::default(), &mut lists);
                    let v = vital_regions(&go, p, &libs, &PointMarks::default(), &mut todo);
                    let case = match v {
                        Vital::Short => 0,
                        Vital::Alone => 1,
                        Vital::Shared if lives => 2,
                        Vital::Shared => 3,
                    };
                    assert!(
                        matches!((v, lives), (Vital::Short, false) | (Vital::Alone, true))
                            || v == Vital::Shared,
                        "{v:?} but Benson says {lives} for {} on\n{}",
                        go.name(p),
                        go.picture()
                    );
                    seen[case] += 1;
                }
            }
        }
        assert!(seen.iter().all(|&k| k > 200), "{seen:?}");
    }

    /// The walls (stones of the other colour whose chains have a liberty outside a region)
    /// change nothing the count of vital regions says of a chain with every liberty inside
    /// that region, and Benson's test told of them finds no life the whole test does not.
    /// Positions from random games, the region their top-left 6x6 corner.
    #[test]
    fn the_walls_leave_benson_as_it_was() {
        let mut r = rng(13);
        let mut lists = BensonLists::default();
        let mut todo = Vec::new();
        // Chains compared, those with a wall next to a liberty (where a flood meets one), and
        // those alive.
        let (mut compared, mut walled, mut lives_both) = (0, 0, 0);
        for n in [9, 19] {
            for game in 0..60 {
                let mut go = Go::new(n).playout_copy();
                go.ko_rule = KoRule::Simple;
                go.random_playout(&mut r, 30 + game * 6);
                let b = go.board().clone();
                let mut region = PointMarks::default();
                for p in go.points() {
                    let (x, y) = b.coord(go.id(p));
                    if x < 6 && y < 6 {
                        region.insert(p);
                    }
                }
                for p in go.points().filter(|&p| region.contains(p)) {
                    let Some(c) = go.stone(p) else { continue };
                    let libs = go.liberty_marks(p);
                    if libs.any_outside(&region) {
                        continue;
                    }
                    let mut walls = PointMarks::default();
                    for q in go.points().filter(|&q| go.stone(q) == Some(c.opp())) {
                        if go.liberty_marks(q).any_outside(&region) {
                            walls.insert(q);
                        }
                    }
                    let plain = vital_regions(&go, p, &libs, &PointMarks::default(), &mut todo);
                    let told = vital_regions(&go, p, &libs, &walls, &mut todo);
                    assert_eq!(plain, told, "{} on\n{}", go.name(p), go.picture());
                    let lives = benson_lives(&go, p, &walls, &mut lists);
                    let whole = benson_lives(&go, p, &PointMarks::default(), &mut lists);
                    assert!(!lives || whole, "{} on\n{}", go.name(p), go.picture());
                    compared += 1;
                    walled += usize::from(
                        libs.iter()
                            .any(|l| go.neighbours(l).iter().any(|&q| walls.contains(q))),
                    );
                    lives_both += usize::from(lives);
                }
            }
        }
        assert!(
            compared > 800 && walled > 200 && lives_both > 200,
            "{compared} {walled} {lives_both}"
        );
    }
}

#[cfg(test)]
mod knowledge_tests {
    use super::*;
    use crate::games::go::tests::board;

    // White's straight three on the edge (A1 B1 C1 empty) inside a White wall, Black outside.
    const STRAIGHT_THREE: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X . . . .
        O O O O X . . . .
        . . . O X . . . .";

    fn straight_three() -> (Go, Pt, Vec<Pt>) {
        let go = board(STRAIGHT_THREE, Color::Black);
        let t = go.parse("A2").unwrap();
        let region = infer_region(&go);
        (go, t, region)
    }

    #[test]
    fn a_kills_attacker_plays_in_the_ring_only_where_a_stone_counts() {
        // Three white stones in the corner, open to the right, read in the points next to
        // them: the ring around them is Black's alone. Black, killing, leaves out the ring
        // points touching no white stone and no black chain short of liberties; as the
        // refuting side of a live problem (after White's pass) it keeps them all.
        let go = board(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            X X X . . . . . .
            O O X . . . . . .
            . O . . . . . . .",
            Color::Black,
        );
        let t = go.parse("A2").unwrap();
        let everywhere: Vec<Pt> = go.points().collect();
        let area = enclosure(&go, t, &everywhere, Reach::King(1));
        let ring = attacker_ring(&go, Color::White, &area, &everywhere);
        let ring_moves = |p: &mut LifeAndDeath| -> Vec<Pt> {
            p.moves()
                .into_iter()
                .filter_map(|m| match m {
                    Move::Play(q) if ring.contains(&q) => Some(q),
                    _ => None,
                })
                .collect()
        };
        let mut kill =
            LifeAndDeath::new(go.clone(), t, Goal::Kill, &area).with_attacker_ring(&ring);
        let killing = ring_moves(&mut kill);
        let touches = |q: Pt| {
            go.neighbours(q).iter().any(|&r| match go.stone(r) {
                Some(Color::White) => true,
                Some(Color::Black) => go.liberty_count(r) <= 2,
                None => false,
            })
        };
        assert!(killing.iter().all(|&q| touches(q)), "{killing:?}");
        let mut white = go.clone();
        white.set_to_move(Color::White);
        let mut live = LifeAndDeath::new(white, t, Goal::Live, &area).with_attacker_ring(&ring);
        live.play(Move::Pass);
        let refuting = ring_moves(&mut live);
        let empty_ring = ring.iter().filter(|&&q| go.is_empty(q)).count();
        assert_eq!(refuting.len(), empty_ring, "{refuting:?}");
        assert!(killing.len() < refuting.len(), "{killing:?} {refuting:?}");
    }

    #[test]
    fn the_pass_is_read_within_a_share_of_its_own_and_not_for_a_status() {
        // White to play lives at B1; the pass loses to Black's B1. The answering reading reads
        // the pass within a share of its own, reckoned as the other first moves' is: enough
        // for its refutation with the share `solve go` gives, not with a share of a node. A
        // reading for its status alone does not read it at all.
        let go = board(STRAIGHT_THREE, Color::White);
        let t = go.parse("A2").unwrap();
        let problem = LifeAndDeath::new(go.clone(), t, Goal::Live, &infer_region(&go));
        let share = |percent_of_root, floor| Share {
            percent_of_root,
            floor,
        };
        let read = solve_shared(&problem, Budget::default(), Some(share(50, 10_000)));
        let cramped = solve_shared(&problem, Budget::default(), Some(share(1, 1)));
        let status = solve_shared(&problem, Budget::default(), Some(STATUS_ONLY));
        for r in [&read, &cramped, &status] {
            assert_eq!(r.status, LdStatus::Proven);
            assert_eq!(r.proof.key_move, read.proof.key_move);
        }
        let refuted = |r: &LdResult| r.proof.refutations.iter().any(|(m, _)| *m == Move::Pass);
        assert!(refuted(&read) && !read.unread.contains(&Move::Pass));
        assert!(!refuted(&cramped) && cramped.unread.contains(&Move::Pass));
        assert!(!refuted(&status) && status.unread.contains(&Move::Pass));
    }

    #[test]
    fn reader_knowledge_reads_the_vital_point_first() {
        let (go, t, region) = straight_three();
        let mut plain = LifeAndDeath::new(go.clone(), t, Goal::Kill, &region);
        let mut known = plain.clone().with_knowledge(Knowledge::EyeSpace);
        let b1 = Move::Play(go.parse("B1").unwrap());
        assert_ne!(plain.moves()[0], b1);
        assert_eq!(known.moves()[0], b1);
        // The same moves, only in another order, with the pass last.
        let (mut a, mut b) = (plain.moves(), known.moves());
        assert_eq!(b.last(), Some(&Move::Pass));
        a.sort_by_key(|m| format!("{m:?}"));
        b.sort_by_key(|m| format!("{m:?}"));
        assert_eq!(a, b);
    }

    #[test]
    fn reader_knowledge_keeps_the_answer_and_reads_no_more() {
        let (go, t, region) = straight_three();
        let plain = LifeAndDeath::new(go.clone(), t, Goal::Kill, &region);
        let known = plain.clone().with_knowledge(Knowledge::EyeSpace);
        let a = solve(&plain, Budget::default());
        let b = solve(&known, Budget::default());
        assert_eq!((a.status, b.status), (LdStatus::Proven, LdStatus::Proven));
        assert_eq!(a.proof.key_move, b.proof.key_move);
        assert_eq!(go.move_name(b.proof.key_move.unwrap()), "B1");
        assert!(b.nodes <= a.nodes, "{} against {}", b.nodes, a.nodes);
    }

    /// White's A2-C2 has A1 and B1; Black's wall has its liberties outside the region, so
    /// Black fills B1 safely and White is left with A1 alone. Black to move.
    fn room_for_one_eye() -> (Go, Pt, Vec<Pt>) {
        let go = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X X X X . . . . .
             O O O X . . . . .
             . . X X . . . . .",
            Color::Black,
        );
        let t = go.parse("A2").unwrap();
        let region: Vec<Pt> = ["A1", "B1", "A2", "B2", "C2"]
            .iter()
            .map(|n| go.parse(n).unwrap())
            .collect();
        (go, t, region)
    }

    #[test]
    fn a_group_with_room_for_one_eye_is_dead_at_once_with_reader_knowledge() {
        let (go, t, region) = room_for_one_eye();
        let mut plain = LifeAndDeath::new(go.clone(), t, Goal::Kill, &region);
        let mut known = plain.clone().with_knowledge(Knowledge::EyeSpace);
        assert_eq!(plain.outcome(), None);
        assert_eq!(known.outcome(), Some(true));
        // With White to move it is just as dead: the search agrees.
        let mut white = go.clone();
        white.set_to_move(Color::White);
        let live = LifeAndDeath::new(white, t, Goal::Live, &region);
        assert_eq!(solve(&live, Budget::default()).status, LdStatus::Disproven);
        let mut known_live = live.clone().with_knowledge(Knowledge::EyeSpace);
        assert_eq!(known_live.outcome(), Some(false));
    }

    /// A two-point eye is one eye: dead at once with either side to move, as the rules read it
    /// out; two one-point eyes apart, and three points in a row, are not.
    #[test]
    fn a_two_point_eye_is_dead_at_once_and_two_eyes_apart_are_not() {
        let corner = |rows: &str| {
            let go = board(rows, Color::Black);
            let t = go.parse("A2").unwrap();
            let region: Vec<Pt> = ["A1", "B1", "C1", "D1", "A2", "B2", "C2", "D2"]
                .iter()
                .map(|n| go.parse(n).unwrap())
                .collect();
            (go, t, region)
        };
        let top = ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             X X X X X . . . .\n";
        let (go, t, region) = corner(&format!("{top} O O O O X . . . .\n . . O X X . . . ."));
        for mover in [Color::Black, Color::White] {
            let mut go = go.clone();
            go.set_to_move(mover);
            let goal = Goal::for_defender(Color::White, mover);
            let plain = LifeAndDeath::new(go, t, goal, &region);
            let mut known = plain.clone().with_knowledge(Knowledge::OneEye);
            assert_eq!(
                known.outcome(),
                Some(goal == Goal::Kill),
                "{mover:?} to move"
            );
            let read = solve(&plain, Budget::default()).status;
            let dead = if goal == Goal::Kill {
                LdStatus::Proven
            } else {
                LdStatus::Disproven
            };
            assert_eq!(read, dead, "{mover:?} to move, by the rules");
        }
        for rows in [
            "O O O O X . . . .\n . O . O X . . . .",
            "O O O O X . . . .\n . . . O X . . . .",
        ] {
            let (go, t, region) = corner(&format!("{top} {rows}"));
            let mut known =
                LifeAndDeath::new(go, t, Goal::Kill, &region).with_knowledge(Knowledge::OneEye);
            assert_ne!(known.outcome(), Some(true), "{rows}");
        }
    }

    /// The same stones after a pass are dead when the defender passed (the attacker moves on
    /// and fills) and open when the attacker did (the defender may pass back and end the game
    /// with its group on the board): the memo of the static death tells the two apart.
    #[test]
    fn the_static_death_is_remembered_by_the_side_to_move() {
        let (go, t, region) = room_for_one_eye();
        let mut p = LifeAndDeath::new(go, t, Goal::Kill, &region).with_knowledge(Knowledge::OneEye);
        p.go.set_to_move(Color::White);
        p.play(Move::Pass);
        assert_eq!(
            p.outcome(),
            Some(true),
            "White passed: Black fills B1 and captures"
        );
        p.undo();
        p.go.set_to_move(Color::Black);
        p.play(Move::Pass);
        assert_eq!(p.outcome(), None, "Black passed: White may pass back");
    }

    /// A random corner for the static death's checks: `wall` Black's, then each point of
    /// `region` empty with odds `empty` in 20, White's with odds `white`, else Black's; Black
    /// to move, and the first White stone of the region as the target. None when a chain
    /// has no liberty or White has no stone there.
    fn random_corner(
        rng: &mut impl rand::RngExt,
        n: usize,
        wall: &[Pt],
        region: &[Pt],
        (empty, white): (u32, u32),
    ) -> Option<(Go, Pt)> {
        let mut go = Go::new(n);
        for &p in wall {
            go.setup(p, Some(Color::Black));
        }
        for &p in region {
            let r = rng.random_range(0..20);
            let c = if r < empty {
                None
            } else if r < empty + white {
                Some(Color::White)
            } else {
                Some(Color::Black)
            };
            go.setup(p, c);
        }
        if !go.groups_without_liberties().is_empty() {
            return None;
        }
        let &t = region
            .iter()
            .find(|&&p| go.stone(p) == Some(Color::White))?;
        go.set_to_move(Color::Black);
        Some((go, t))
    }

    /// Runs the static death's check on 3,000 random corners (`random_corner`, seeded with
    /// `seed`) read in `region` with the attacker's `ring` around it and the reader's
    /// `knowledge`: wherever the static death holds with Black to move and the target is still
    /// on the board, the rules alone must agree (`dead_by_the_rules`), and `each` sees the
    /// position. Returns how many positions were dead, open, and read to the end by the rules,
    /// and how many were dead with Black to move only (the one-eye test does not depend on
    /// who moves; a reading of the area does).
    fn check_static_death(
        seed: u64,
        n: usize,
        (wall, region, ring): (&[Pt], &[Pt], &[Pt]),
        odds: (u32, u32),
        knowledge: Knowledge,
        mut each: impl FnMut(&Go),
    ) -> (usize, usize, usize, usize) {
        let mut rng = crate::util::rng(seed);
        let (mut dead, mut open, mut checked, mut one_side) = (0, 0, 0, 0);
        for _ in 0..3000 {
            let Some((go, t)) = random_corner(&mut rng, n, wall, region, odds) else {
                continue;
            };
            let problem = |go: &Go, goal| {
                LifeAndDeath::new(go.clone(), t, goal, region).with_attacker_ring(ring)
            };
            let mut known = problem(&go, Goal::Kill).with_knowledge(knowledge);
            if known.outcome() != Some(true) {
                open += 1;
                continue;
            }
            dead += 1;
            if problem(&go, Goal::Kill).outcome() == Some(true) {
                continue; // captured already: nothing for the rules to read
            }
            each(&go);
            let mut white = go.clone();
            white.set_to_move(Color::White);
            let either = problem(&white, Goal::Live)
                .with_knowledge(knowledge)
                .outcome()
                == Some(false);
            one_side += usize::from(!either);
            checked += dead_by_the_rules(&go, problem, either) as usize;
        }
        (dead, open, checked, one_side)
    }

    /// Reads a position the static death calls dead with Black to move by the rules alone
    /// (`problem` makes the problem for a position and a goal): Black's kill must not fail nor
    /// need a ko, and, when the static death holds with White to move too (`either`), White's
    /// life, White to move, must not succeed nor win a ko. True when the readings asked for
    /// were read to the end.
    fn dead_by_the_rules(
        go: &Go,
        problem: impl Fn(&Go, Goal) -> LifeAndDeath,
        either: bool,
    ) -> bool {
        let budget = Budget {
            nodes: 200_000,
            ..Budget::default()
        };
        let kill = solve(&problem(go, Goal::Kill), budget.clone());
        let picture = go.picture();
        assert_ne!(kill.status, LdStatus::Disproven, "{picture}");
        assert_ne!(kill.status, LdStatus::Ko, "{picture}");
        if !either {
            return kill.status == LdStatus::Proven;
        }
        let mut white = go.clone();
        white.set_to_move(Color::White);
        let live = solve(&problem(&white, Goal::Live), budget);
        assert_ne!(live.status, LdStatus::Proven, "{picture}");
        assert_ne!(live.status, LdStatus::Ko, "{picture}");
        kill.status == LdStatus::Proven && live.status == LdStatus::Disproven
    }

    /// The corner of the static death's first check: the 4x4 corner of a 7x7 board as the
    /// region and Black's wall on the fifth column and the fifth row, with liberties outside.
    /// Returns the wall and the region.
    fn walled_corner() -> (Vec<Pt>, Vec<Pt>) {
        let probe = Go::new(7);
        let region = (0..4u16)
            .flat_map(|row| (0..4u16).map(move |col| row * 7 + col))
            .map(|id| probe.pt(id))
            .collect();
        let wall = (0..5u16)
            .flat_map(|i| [4 * 7 + i, i * 7 + 4])
            .map(|id| probe.pt(id))
            .collect();
        (wall, region)
    }

    /// The corner of the check inside a ring: the 4x4 corner of a 9x9 board as the region,
    /// the ring on the fifth row and the fifth column, left empty, and Black's wall beyond
    /// it, with liberties outside. Returns the board's size, the wall, the region and the
    /// ring.
    fn ringed_corner() -> (usize, Vec<Pt>, Vec<Pt>, Vec<Pt>) {
        let n = 9;
        let probe = Go::new(n);
        let at = |row: usize, col: usize| probe.pt((row * n + col) as u16);
        let region = (0..4)
            .flat_map(|row| (0..4).map(move |col| (row, col)))
            .map(|(row, col)| at(row, col))
            .collect();
        let ring = (0..5).flat_map(|i| [at(4, i), at(i, 4)]).collect();
        let wall = (0..6).flat_map(|i| [at(5, i), at(i, 5)]).collect();
        (n, wall, region, ring)
    }

    /// The static death is `solve go`'s default, so it must never say dead where the rules
    /// say otherwise: on random positions in a walled corner, wherever it holds at the root,
    /// the reading by the rules alone kills the target with either side to move. It must also
    /// hold often enough for the check to mean something, and not everywhere.
    #[test]
    fn the_static_death_agrees_with_the_rules_on_random_corners() {
        let (wall, region) = walled_corner();
        let (dead, open, checked, one_side) = check_static_death(
            22,
            7,
            (&wall, &region, &[]),
            (8, 7),
            Knowledge::OneEye,
            |_| {},
        );
        assert!(
            checked >= 50,
            "{checked} read to the end ({dead} dead, {open} open)"
        );
        assert!(open >= 50, "{open} open");
        assert_eq!(one_side, 0, "the one-eye test does not depend on who moves");
    }

    /// The reading of a small closed area (`Knowledge::Enclosed`) on the same random corners
    /// and on corners inside an attacker's ring: wherever it says dead with Black to move, the
    /// rules alone kill the target with Black to move, and where it says dead with White to
    /// move as well, they refute White's life; and it says dead where the one-eye test alone
    /// cannot (a stone of Black's inside the eye space that White could capture), some of
    /// those with Black to move only (it plays the vital point).
    #[test]
    fn the_enclosed_reading_agrees_with_the_rules_on_random_corners() {
        let (wall, region) = walled_corner();
        let corner = (&wall[..], &region[..], &[][..]);
        let (one_eye, ..) = check_static_death(22, 7, corner, (8, 7), Knowledge::OneEye, |_| {});
        let (dead, open, checked, one_side) =
            check_static_death(22, 7, corner, (8, 7), Knowledge::Enclosed, |_| {});
        assert!(
            dead >= one_eye + one_eye / 2 && checked >= 100 && one_side >= 10 && open >= 50,
            "{dead} dead against {one_eye} by the one-eye test, {checked} read to the end, \
             {one_side} with Black to move only, {open} open"
        );
        let (n, wall, region, ring) = ringed_corner();
        let ringed = (&wall[..], &region[..], &ring[..]);
        let (one_eye, ..) = check_static_death(23, n, ringed, (7, 7), Knowledge::OneEye, |_| {});
        let (dead, _, checked, _) =
            check_static_death(23, n, ringed, (7, 7), Knowledge::Enclosed, |_| {});
        assert!(
            dead > one_eye && checked >= 50,
            "{dead} dead against {one_eye} inside the ring, {checked} read to the end"
        );
    }

    /// The walls (`LifeAndDeath::walls`, found once when the region is set) change no
    /// judgement anywhere the search goes: along random lines of play from random corners,
    /// in and out of an attacker's ring, with the one-eye test and with the enclosed reading,
    /// each position is judged the same with them and without them, except that a life
    /// Benson's test finds without them may be left to the reading.
    #[test]
    fn the_walls_change_no_judgement_along_random_lines() {
        use crate::solve::Problem;
        use rand::RngExt;
        let mut rng = crate::util::rng(31);
        let (wall, region) = walled_corner();
        let (n, ring_wall, ring_region, ring) = ringed_corner();
        let (mut compared, mut decided, mut walled) = (0, 0, 0);
        for (size, wall, region, ring) in [
            (7, &wall, &region, &Vec::new()),
            (n, &ring_wall, &ring_region, &ring),
        ] {
            for knowledge in [Knowledge::OneEye, Knowledge::Enclosed] {
                for _ in 0..300 {
                    let Some((go, t)) = random_corner(&mut rng, size, wall, region, (10, 5)) else {
                        continue;
                    };
                    let mut told = LifeAndDeath::new(go, t, Goal::Kill, region)
                        .with_attacker_ring(ring)
                        .with_knowledge(knowledge);
                    let mut plain = told.clone();
                    plain.walls = PointMarks::default();
                    walled += usize::from(!told.walls.is_empty());
                    let mut played = 0;
                    for _ in 0..14 {
                        let (a, b) = (told.defender_wins(), plain.defender_wins());
                        assert!(
                            a == b || (a.is_none() && b == Some(true)),
                            "{a:?} against {b:?} on\n{}",
                            told.go.picture()
                        );
                        compared += 1;
                        decided += usize::from(a.is_some());
                        if a.is_some() {
                            break;
                        }
                        let moves = told.moves();
                        let m = moves[rng.random_range(0..moves.len())];
                        told.play(m);
                        plain.play(m);
                        played += 1;
                    }
                    for _ in 0..played {
                        told.undo();
                        plain.undo();
                    }
                }
            }
        }
        assert!(
            compared > 6000 && decided > 600 && walled > 800,
            "{compared} positions, {decided} decided, {walled} problems with walls"
        );
    }

    /// The same check with a ring of empty points around the corner where only the attacker
    /// may play: an attacker chain whose only liberties are ring points the target's area
    /// does not reach is never captured, and the static death counts it safe. Wherever it holds
    /// at the root, the reading by the rules alone, with the same ring, kills the target.
    #[test]
    fn the_static_death_agrees_with_the_rules_inside_an_attacker_ring() {
        let (n, wall, region, ring) = ringed_corner();
        let mut hinged = 0;
        let (dead, open, checked, _) = check_static_death(
            23,
            n,
            (&wall, &region, &ring),
            (7, 7),
            Knowledge::OneEye,
            |go| {
                // Safe only by the ring: a black chain in the corner whose liberties all lie
                // on it.
                hinged += region.iter().any(|&p| {
                    if go.stone(p) != Some(Color::Black) {
                        return false;
                    }
                    let libs: Vec<Pt> = go
                        .group_stones(p)
                        .flat_map(|s| go.neighbours(s))
                        .filter(|&r| go.is_empty(r))
                        .collect();
                    !libs.is_empty() && libs.iter().all(|r| ring.contains(r))
                }) as usize;
            },
        );
        assert!(
            checked >= 50 && hinged >= 10,
            "{checked} read to the end, {hinged} with a chain safe by the ring ({dead} dead, \
             {open} open)"
        );
        assert!(open >= 50, "{open} open");
    }
}

#[cfg(test)]
mod area_tests {
    use super::*;
    use crate::games::go::tests::board;

    #[test]
    fn an_unconditional_win_in_the_tight_area_is_taken_whichever_reading_ends_first() {
        // Ishida Yoshio, advanced 009 (tests/data/go/published/wide), read as White living
        // with E12, the reading the auto goal makes to see whether the problem needs a move:
        // both areas prove it within a few milliseconds, the tight one by G11 and the wide one
        // by H12 first. Which thread ends first varies; the answer must not.
        let go = board(
            ". . X . . . O . X X . . .
             . X . . O . O . O X . . .
             . . X X O O . . O X . . .
             . . . X O X . O O . X . .
             . . . X X . X X X X . . .
             . . . . . X . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .
             . . . . . . . . . . . . .",
            Color::White,
        );
        let t = go.parse("E12").unwrap();
        let within = infer_region(&go);
        let key = |r: &LdResult| r.proof.key_move.map(|m| go.move_name(m));
        let wide_area = enclosure(&go, t, &within, wide_reach(Goal::Live));
        let ring = attacker_ring(&go, Color::White, &wide_area, &within);
        let wide = solve_shared(
            &LifeAndDeath::new(go.clone(), t, Goal::Live, &wide_area)
                .with_attacker_ring(&ring)
                .with_knowledge(Knowledge::OneEye),
            Budget::default(),
            Some(STATUS_ONLY),
        );
        assert_eq!(wide.status, LdStatus::Proven);
        assert_eq!(key(&wide).as_deref(), Some("H12"));
        for run in 0..6 {
            let (_, r) = solve_in_box_shared(
                &go,
                t,
                Goal::Live,
                &within,
                Budget::default(),
                Some(STATUS_ONLY),
                Knowledge::OneEye,
            );
            assert_eq!(r.status, LdStatus::Proven, "run {run}");
            assert_eq!(key(&r).as_deref(), Some("G11"), "run {run}");
        }
    }

    #[test]
    fn the_middle_area_is_read_for_live_problems_only() {
        assert_eq!(middle_reach(Goal::Live), Some(Reach::Steps(2)));
        assert_eq!(middle_reach(Goal::Kill), None);
        // Between the tight area (one king step) and the wide one (three steps for live).
        assert!(wide_reach(Goal::Live).limit() > Reach::Steps(2).limit());
    }

    #[test]
    fn a_middle_win_replaces_a_tight_failure_and_only_an_unconditional_one_a_tight_ko() {
        use LdStatus::*;
        for tight in [Disproven, Ko] {
            assert!(middle_replaces(tight, Proven), "{tight:?}");
            assert!(!middle_replaces(tight, Disproven), "{tight:?}");
            assert!(!middle_replaces(tight, Unknown), "{tight:?}");
        }
        assert!(middle_replaces(Disproven, Ko));
        assert!(!middle_replaces(Ko, Ko));
    }
}

#[cfg(test)]
mod carry_tests {
    use super::*;
    use crate::games::go::tests::board;

    /// Cho Chikun's elementary problem 442: Black kills only by a ko.
    fn ko_problem() -> LifeAndDeath {
        let go = board(
            "X . . O . X . . .
             . O . . O X . . .
             O O O O X X . . .
             X X X X . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
            Color::Black,
        );
        let t = go.parse("B7").unwrap();
        let area = enclosure(&go, t, &infer_region(&go), Reach::King(1));
        ringed(go, t, Goal::Kill, &area)
    }

    /// Sorted names of a proof's winning first moves.
    fn winners(p: &LifeAndDeath, proof: &Proof<Move>) -> Vec<String> {
        let mut w: Vec<String> = proof
            .winning_moves()
            .iter()
            .map(|&m| p.go.move_name(m))
            .collect();
        w.sort();
        w
    }

    /// The strict reading's wins for the prover carried into the lenient one leave its
    /// answer exact (the same winning first moves, a main line that the lenient rules allow
    /// and that ends in the capture) and spare it nodes.
    #[test]
    fn the_strict_readings_wins_carry_over_to_the_lenient_one() {
        let problem = ko_problem();
        let mut strict_p = problem.clone().with_ko_master(Some(Color::White));
        let mut strict = Solver::new(Budget::default());
        assert_eq!(strict.search(&mut strict_p), Status::Disproven);
        let mut lenient_p = problem.clone().with_ko_master(Some(Color::Black));
        let fresh = Solver::new(Budget::default()).prove(&mut lenient_p);
        let mut carried = Solver::new(Budget::default());
        carried.carry_wins(&strict, true);
        let proof = carried.prove(&mut lenient_p);
        assert_eq!(
            (fresh.status, proof.status),
            (Status::Proven, Status::Proven)
        );
        assert_eq!(winners(&lenient_p, &proof), winners(&lenient_p, &fresh));
        assert!(
            proof.nodes < fresh.nodes,
            "{} nodes against {}",
            proof.nodes,
            fresh.nodes
        );
        let mut line = lenient_p.clone();
        for &m in &proof.main_line {
            assert!(
                line.go.is_legal(m),
                "{} in {:?}",
                line.go.move_name(m),
                proof.main_line
            );
            line.play(m);
        }
        assert_eq!(line.outcome(), Some(true), "{:?}", proof.main_line);
    }

    /// The lenient answer after a strict failure, its ko choice's plain readings going on
    /// from `begun` when given.
    fn ko_answer(problem: &LifeAndDeath, begun: Option<Solver<LifeAndDeath>>) -> LdResult {
        let mut strict_p = problem.clone().with_ko_master(Some(Color::White));
        let mut strict = Solver::new(Budget::default());
        assert_eq!(strict.search(&mut strict_p), Status::Disproven);
        let mut lenient_p = problem.clone().with_ko_master(Some(Color::Black));
        lenient_answer(
            problem,
            &strict,
            Solver::new(Budget::default()),
            &mut lenient_p,
            0,
            Budget::default(),
            None,
            false,
            begun,
        )
    }

    /// Asserts that each of the first moves `names` wins the plain problem (nobody retaking a
    /// ko at once): a ko it wins with no ko threats on either side.
    fn assert_wins_with_no_ko_threats(problem: &LifeAndDeath, names: &[&str]) {
        let mut plain = problem.clone().with_ko_master(None);
        for n in names {
            let m = Move::Play(problem.go.parse(n).expect("a point"));
            plain.play(m);
            let won = Solver::new(Budget::default()).search(&mut plain);
            plain.undo();
            assert_eq!(won, Status::Proven, "{n} wins with no ko threats");
        }
    }

    /// Of two first moves that each win by a ko, and win too when neither side has a ko
    /// threat, the ko choice takes the one played in the eye space: B9, Cho's answer, the
    /// placement beside the corner that touches both colours' stones, over D8 among White's
    /// stones, which move order reads first (both are liberties of the target: in move order
    /// alone the choice gives D8).
    #[test]
    fn the_ko_choice_takes_the_winner_in_the_eye_space() {
        let problem = ko_problem();
        let answer = ko_answer(&problem, None);
        assert_eq!(answer.status, LdStatus::Ko);
        let name = |m: Move| problem.go.move_name(m);
        assert_eq!(answer.proof.key_move.map(name).as_deref(), Some("B9"));
        assert!(winners(&problem, &answer.proof).contains(&"D8".to_string()));
        assert_wins_with_no_ko_threats(&problem, &["B9", "D8"]);
    }

    /// A first-line point's edge counts in the eye-space order as a fourth neighbour would:
    /// in Cho's elementary problem 310 the ko choice gives C11, one of the book's answers, the
    /// hane on the first line beside Black's B11, where without the edge it gave D10 inside
    /// White's shape (one more empty neighbour). Both win by the ko, and with no ko threats.
    #[test]
    fn the_ko_choice_counts_the_edge_as_a_side_of_the_eye_space() {
        let go = board(
            ". X . . . . . . . . .
             O O O . O . . . . . .
             . O X . O X X . X . .
             . X X X X . . . . . .
             . . . . . . . . . . .
             . . . . . . . . . . .
             . . . . . . . . . . .
             . . . . . . . . . . .
             . . . . . . . . . . .
             . . . . . . . . . . .
             . . . . . . . . . . .",
            Color::Black,
        );
        let t = go.parse("B10").unwrap();
        let area = enclosure(&go, t, &infer_region(&go), Reach::King(1));
        let problem = ringed(go, t, Goal::Kill, &area);
        let answer = ko_answer(&problem, None);
        assert_eq!(answer.status, LdStatus::Ko);
        let name = |m: Move| problem.go.move_name(m);
        assert_eq!(answer.proof.key_move.map(name).as_deref(), Some("C11"));
        assert_wins_with_no_ko_threats(&problem, &["C11", "D10"]);
    }

    /// The ko choice among several ko winners is the same when its plain readings go on from
    /// a reading of the root with nobody retaking at once, made beforehand as the strict
    /// reading's thread makes one while a helper reads the lenient half, and that reading
    /// spares them nodes.
    #[test]
    fn the_ko_choice_goes_on_from_a_plain_reading_of_the_root() {
        let problem = ko_problem();
        let alone = ko_answer(&problem, None);
        assert_eq!(alone.status, LdStatus::Ko);
        assert!(
            !alone.proof.other_winning_moves.is_empty(),
            "several ko winners to choose from"
        );
        let mut plain = problem.clone().with_ko_master(None);
        let mut reader = Solver::new(Budget::default());
        reader.search(&mut plain);
        let ahead = reader.nodes();
        let after = ko_answer(&problem, Some(reader));
        assert_eq!(after.status, LdStatus::Ko);
        assert_eq!(after.proof.key_move, alone.proof.key_move);
        assert_eq!(
            winners(&problem, &after.proof),
            winners(&problem, &alone.proof)
        );
        assert!(
            after.nodes < alone.nodes + ahead,
            "{} nodes against {} and {ahead} ahead",
            after.nodes,
            alone.nodes
        );
    }
}

#[cfg(test)]
mod ko_half_tests {
    use super::*;
    use crate::games::go::tests::board;
    use crate::games::go::textbook::{FALSE_EYE_KO, false_eye_readings, inside};

    /// The two orders the threads may take the lenient half in, forced: searched to the end by
    /// a helper before the strict reading begins (a lenient failure then stops the strict
    /// reading before its first node), or never helped (read after the strict failure). Both
    /// give `solve_shared`'s statuses: a ko, a failure, an unconditional life.
    #[test]
    fn the_ko_half_gives_the_same_status_whoever_reads_it() {
        for (pic, to_move, goal, status) in false_eye_readings(FALSE_EYE_KO) {
            let go = board(&pic, to_move);
            let t = go.parse("B2").expect("a point");
            let problem = LifeAndDeath::new(go.clone(), t, goal, &inside(&go, t));
            let after = solve_shared(&problem, Budget::default(), None);
            assert_eq!(after.status, status, "{pic}");
            for helped_first in [true, false] {
                let half = KoHalf::new(&problem, &Budget::default());
                if helped_first {
                    half.help();
                    let failed = half.strict_stop.load(Ordering::Relaxed);
                    assert_eq!(failed, status == LdStatus::Disproven, "{pic}");
                }
                let r = solve_shared_helped(&problem, Budget::default(), None, &half);
                assert_eq!(r.status, status, "helped first: {helped_first}\n{pic}");
                if status == LdStatus::Disproven && helped_first {
                    assert_eq!(r.nodes, 0, "the strict reading stopped at once");
                }
            }
        }
    }

    /// The strict reading's thread waits for a running helper only: not for a half that no
    /// helper has begun, nor for one already searched, whose end stops the plain reading.
    #[test]
    fn the_strict_thread_waits_only_for_a_running_helper() {
        let (pic, to_move, goal, _) = false_eye_readings(FALSE_EYE_KO)
            .into_iter()
            .next()
            .expect("a reading");
        let go = board(&pic, to_move);
        let t = go.parse("B2").expect("a point");
        let problem = LifeAndDeath::new(go.clone(), t, goal, &inside(&go, t));
        let half = KoHalf::new(&problem, &Budget::default());
        let long = std::time::Duration::from_secs(60);
        let begun = std::time::Instant::now();
        assert!(!half.still_running(long), "no helper yet");
        assert!(!half.ended.load(Ordering::Relaxed));
        half.help();
        assert!(!half.still_running(long), "the helper has ended");
        assert!(half.ended.load(Ordering::Relaxed));
        assert!(begun.elapsed() < long / 2, "no wait for an idle half");
    }
}

#[cfg(test)]
mod look_ahead_tests {
    use super::*;
    use crate::util::rng;
    use rand::RngExt;

    /// Along random lines of a life-and-death reading (passes, captures and ko bans among
    /// them), every child hash given ahead is the hash the move then gives, and only captures
    /// go without one.
    #[test]
    fn a_child_hash_given_ahead_is_the_hash_after_the_move() {
        let mut r = rng(29);
        let (mut given, mut checked) = (0, 0);
        for game in 0..30 {
            let mut go = Go::new(9);
            go.ko_rule = KoRule::Simple;
            for _ in 0..20 + game {
                let open = go.legal_moves();
                if open.is_empty() {
                    break;
                }
                go.play(Move::Play(open[r.random_range(0..open.len())]))
                    .expect("a legal move");
            }
            let Some(t) = go.points().find(|&p| go.stone(p).is_some()) else {
                continue;
            };
            let region: Vec<Pt> = go.points().collect();
            let goal = Goal::for_defender(go.stone(t).expect("a stone"), go.to_move());
            let mut p = LifeAndDeath::new(go, t, goal, &region);
            for _ in 0..40 {
                if p.outcome().is_some() {
                    break;
                }
                let moves = p.moves();
                for &m in &moves {
                    let ahead = p.child_hash(m);
                    let taken = p.go.captures();
                    p.play(m);
                    if let Some(h) = ahead {
                        assert_eq!(h, p.hash(), "{m:?}\n{}", p.go.picture());
                        given += 1;
                    } else {
                        assert!(m == Move::Pass || p.go.captures() != taken, "{m:?}");
                    }
                    checked += 1;
                    p.undo();
                }
                p.play(moves[r.random_range(0..moves.len())]);
            }
        }
        assert!(given > 1000 && given < checked, "{given} of {checked}");
    }
}

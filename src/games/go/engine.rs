//! The Go engine: a padded board of (N+2)^2 cells with an off-board sentinel, groups as
//! circular stone lists with pseudo-liberty counts, incremental Zobrist hashing, and an undo
//! log that restores everything a position reads (a point's group fields count only while a
//! stone stands on it, so a new stone's own are not logged). Points here are padded indices
//! (`Pt`); conversion to geometry point ids is at the edges of this module. Set-up removals
//! and colour changes rebuild the groups from the stones; `check_invariants` recounts
//! everything kept incrementally (debug builds assert it after each set-up stone).

use std::sync::Arc;

pub use crate::games::Color;
use crate::geometry::{Board, PointId};

/// A padded board index.
pub type Pt = usize;

/// The cell value of a stone colour.
fn cell(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const EDGE: u8 = 3;

/// A move: a stone on a point, or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a stone.
    Play(Pt),
    /// Pass.
    Pass,
}

/// Why a move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The point holds a stone.
    Occupied,
    /// The move would leave its own group without liberties and captures nothing.
    Suicide,
    /// The move retakes a ko at once (simple ko).
    Ko,
    /// The move recreates an earlier whole-board position (positional superko).
    Superko,
    /// The game has ended (two passes).
    GameOver,
}

impl Illegal {
    /// The reason in words.
    pub fn reason(self) -> &'static str {
        match self {
            Illegal::Occupied => "the point is occupied",
            Illegal::Suicide => "suicide (the stone would have no liberty and captures nothing)",
            Illegal::Ko => "ko (it retakes the ko at once)",
            Illegal::Superko => "positional superko (it repeats an earlier position)",
            Illegal::GameOver => "the game has ended after two passes",
        }
    }
}

/// Which repetition rule applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KoRule {
    /// No move may recreate an earlier whole-board position (default).
    Superko,
    /// Only the immediate retake of a single-stone ko is forbidden.
    Simple,
}

#[derive(Clone, Copy, Debug)]
struct Frame {
    log_len: usize,
    ko: Pt,
    hash: u64,
    to_move: Color,
    passes: u8,
    captures: [u32; 2],
    last_captured: u32,
    history_len: usize,
    mv: Move,
}

/// Which array an undo entry restores.
#[derive(Clone, Copy, Debug)]
enum Slot {
    Cell,
    Gid,
    Next,
    Libs,
    Size,
}

/// A Go position with its history, ready for play and undo.
#[derive(Clone, Debug)]
pub struct Go {
    n: usize,
    stride: usize,
    cell: Vec<u8>,
    gid: Vec<u16>,
    next: Vec<u16>,
    libs: Vec<i32>,
    size: Vec<u16>,
    zob: Arc<Vec<u64>>,
    hash: u64,
    ko: Pt,
    to_move: Color,
    passes: u8,
    captures: [u32; 2],
    last_captured: u32,
    /// Hashes of every position since the start, for superko.
    history: Vec<u64>,
    log: Vec<(Slot, u32, i32)>,
    frames: Vec<Frame>,
    /// The repetition rule.
    pub ko_rule: KoRule,
    /// A player exempt from the simple-ko ban (life-and-death search: the side assumed to
    /// have ko threats without end may retake at once).
    pub ko_master: Option<Color>,
    board: Arc<Board>,
    on_board: Arc<Vec<Pt>>,
    /// False for forward-only playout copies: no undo log, no history.
    logging: bool,
    /// Playout copies only: the empty points, and each point's place in that list.
    empties: Vec<Pt>,
    empty_at: Vec<u16>,
}

const NO_KO: Pt = 0;

/// The largest board the engine takes (19x19; with its frame, 441 points).
pub const MAX_SIZE: usize = 19;

/// A set of points, one bit each, on the stack: for floods and de-duplication in hot loops.
#[derive(Clone, Copy, Debug, Default)]
pub struct PointMarks([u64; ((MAX_SIZE + 2) * (MAX_SIZE + 2)).div_ceil(64)]);

impl PointMarks {
    /// Marks a point; true when it was not marked before.
    #[inline]
    pub fn insert(&mut self, p: Pt) -> bool {
        let (w, b) = (p / 64, 1u64 << (p % 64));
        let fresh = self.0[w] & b == 0;
        self.0[w] |= b;
        fresh
    }

    /// True when the point is marked.
    #[inline]
    pub fn contains(&self, p: Pt) -> bool {
        self.0[p / 64] & (1u64 << (p % 64)) != 0
    }

    /// Clears a point's mark.
    #[inline]
    pub fn remove(&mut self, p: Pt) {
        self.0[p / 64] &= !(1u64 << (p % 64));
    }

    /// The number of marked points.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True when no point is marked.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// True when some point marked here is not marked in `other`.
    #[inline]
    pub fn any_outside(&self, other: &PointMarks) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & !b != 0)
    }

    /// The marked points, in increasing order.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Pt> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(i * 64 + b)
            })
        })
    }
}

/// The tables every engine of one size shares: the geometry board, the Zobrist keys and the
/// padded index of each point. Made once per size and process (a board's 81 to 361 names and
/// its lookup maps, and the keys from a seeded stream, cost more than the rest of `Go::new`);
/// they depend on the size alone, so sharing them changes no result.
#[allow(clippy::type_complexity)]
fn tables(n: usize) -> (Arc<Board>, Arc<Vec<u64>>, Arc<Vec<Pt>>) {
    type Tables = (Arc<Board>, Arc<Vec<u64>>, Arc<Vec<Pt>>);
    static MADE: std::sync::Mutex<Vec<(usize, Tables)>> = std::sync::Mutex::new(Vec::new());
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, t)) = made.iter().find(|(m, _)| *m == n) {
        return t.clone();
    }
    let stride = n + 2;
    let t: Tables = (
        Arc::new(super::look::board(n)),
        Arc::new(crate::util::zobrist_table(stride * stride * 2, 0x0060_5EED)),
        Arc::new(
            (0..n * n)
                .map(|i| (i / n + 1) * stride + i % n + 1)
                .collect(),
        ),
    );
    made.push((n, t.clone()));
    t
}

impl Go {
    /// An empty N x N board with Black to move and positional superko.
    pub fn new(n: usize) -> Go {
        assert!(
            n <= MAX_SIZE,
            "a Go board of {n} lines is larger than {MAX_SIZE}"
        );
        let (board, zob, on_board) = tables(n);
        let stride = n + 2;
        let len = stride * stride;
        let mut cell = vec![EDGE; len];
        for r in 0..n {
            for c in 0..n {
                cell[(r + 1) * stride + c + 1] = EMPTY;
            }
        }
        Go {
            n,
            stride,
            cell,
            gid: vec![0; len],
            next: vec![0; len],
            libs: vec![0; len],
            size: vec![0; len],
            zob,
            hash: 0,
            ko: NO_KO,
            to_move: Color::Black,
            passes: 0,
            captures: [0, 0],
            last_captured: 0,
            history: vec![0],
            log: Vec::with_capacity(1024),
            frames: Vec::with_capacity(512),
            ko_rule: KoRule::Superko,
            ko_master: None,
            board,
            on_board,
            logging: true,
            empties: Vec::new(),
            empty_at: Vec::new(),
        }
    }

    /// The board size N.
    pub fn size(&self) -> usize {
        self.n
    }

    /// The geometry board (names, parsing, symmetries).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The padded index of a geometry point id.
    pub fn pt(&self, id: PointId) -> Pt {
        let (c, r) = self.board.coord(id);
        (r as usize + 1) * self.stride + c as usize + 1
    }

    /// The geometry point id of a padded index.
    pub fn id(&self, p: Pt) -> PointId {
        let (r, c) = (p / self.stride - 1, p % self.stride - 1);
        (r * self.n + c) as PointId
    }

    /// The printed name of a point, e.g. "C3".
    pub fn name(&self, p: Pt) -> String {
        self.board.name(self.id(p)).to_string()
    }

    /// The printed name of a move ("pass" for a pass).
    pub fn move_name(&self, m: Move) -> String {
        match m {
            Move::Play(p) => self.name(p),
            Move::Pass => "pass".to_string(),
        }
    }

    /// Parses a point name.
    pub fn parse(&self, name: &str) -> Result<Pt, crate::geometry::CoordError> {
        self.board.parse(name).map(|id| self.pt(id))
    }

    /// All on-board points in id order.
    pub fn points(&self) -> impl Iterator<Item = Pt> + '_ {
        self.on_board.iter().copied()
    }

    /// The four neighbours of a point (some may be off the board).
    #[inline]
    pub fn neighbours(&self, p: Pt) -> [Pt; 4] {
        [p - self.stride, p - 1, p + 1, p + self.stride]
    }

    /// True when the point is on the board.
    #[inline]
    pub fn on_board(&self, p: Pt) -> bool {
        p < self.cell.len() && self.cell[p] != EDGE
    }

    /// The stone on a point.
    #[inline]
    pub fn stone(&self, p: Pt) -> Option<Color> {
        match self.cell[p] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// True for an empty on-board point.
    #[inline]
    pub fn is_empty(&self, p: Pt) -> bool {
        self.cell[p] == EMPTY
    }

    /// Who moves next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets who moves next (for set-up positions).
    pub fn set_to_move(&mut self, c: Color) {
        self.to_move = c;
    }

    /// The position hash (stones only; the side to move is not part of it).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The position hash (`hash`) after the side to move plays on the empty point `p`, when
    /// that play captures nothing; None when it captures. Cheaper than playing: a search uses
    /// it to load the memory a position's entries live in before it gets there.
    pub fn hash_after_quiet_play(&self, p: Pt) -> Option<u64> {
        let c = cell(self.to_move);
        let nb = self.neighbours(p);
        for &q in &nb {
            let v = self.cell[q];
            if v == EMPTY || v == EDGE || v == c {
                continue;
            }
            // A chain is captured when every one of its pseudo-liberties is an adjacency to
            // `p`: count them.
            let g = self.gid[q];
            let touching = nb
                .iter()
                .filter(|&&r| self.cell[r] == v && self.gid[r] == g);
            if self.libs[g as usize] == touching.count() as i32 {
                return None;
            }
        }
        Some(self.hash ^ self.zkey(p, c))
    }

    /// Stones captured so far by each colour: [by Black, by White].
    pub fn captures(&self) -> [u32; 2] {
        self.captures
    }

    /// Stones captured by the last move.
    pub fn last_captured(&self) -> u32 {
        self.last_captured
    }

    /// Consecutive passes at the end of the record.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// True after two consecutive passes.
    pub fn game_over(&self) -> bool {
        self.passes >= 2
    }

    /// The simple-ko point, if the last move created one.
    pub fn ko_point(&self) -> Option<Pt> {
        (self.ko != NO_KO).then_some(self.ko)
    }

    /// The number of moves played (and not undone).
    pub fn moves_played(&self) -> usize {
        self.frames.len()
    }

    /// The moves played so far, in order.
    pub fn record(&self) -> Vec<Move> {
        self.frames.iter().map(|f| f.mv).collect()
    }

    // Always inlined: with the slot known at the call, the match on it folds away.
    #[inline(always)]
    fn set(&mut self, slot: Slot, i: usize, v: i32) {
        if !self.logging {
            self.write(slot, i, v);
            return;
        }
        let old = match slot {
            Slot::Cell => self.cell[i] as i32,
            Slot::Gid => self.gid[i] as i32,
            Slot::Next => self.next[i] as i32,
            Slot::Libs => self.libs[i],
            Slot::Size => self.size[i] as i32,
        };
        if self.logging {
            self.log.push((slot, i as u32, old));
        }
        self.write(slot, i, v);
    }

    // Always inlined: with the slot known at the call, the match on it folds away.
    #[inline(always)]
    fn write(&mut self, slot: Slot, i: usize, v: i32) {
        match slot {
            Slot::Cell => self.cell[i] = v as u8,
            Slot::Gid => self.gid[i] = v as u16,
            Slot::Next => self.next[i] = v as u16,
            Slot::Libs => self.libs[i] = v,
            Slot::Size => self.size[i] = v as u16,
        }
    }

    fn zkey(&self, p: Pt, c: u8) -> u64 {
        self.zob[p * 2 + (c as usize - 1)]
    }

    /// Places a set-up stone (no capture, no history), replacing what was there: `None`
    /// clears the point. Any sequence of set-up adds, removals and colour changes leaves the
    /// same groups, liberties and hash as setting up the final stones once on an empty board.
    ///
    /// A stone added on an empty point joins its neighbours' groups incrementally. Taking a
    /// stone away (or changing its colour) can split its group, which a ring of stones cannot
    /// undo locally, so the group structure of the whole board is then rebuilt from the stones;
    /// set-up is not a hot path.
    ///
    /// Set-up positions may hold groups without liberties (`groups_without_liberties` lists
    /// them); `Position` loading refuses such positions.
    pub fn setup(&mut self, p: Pt, c: Option<Color>) {
        assert!(self.on_board(p), "a set-up stone off the board");
        match (self.stone(p), c) {
            (None, None) => {}
            (Some(old), Some(new)) if old == new => {}
            (None, Some(new)) => self.place_stone(p, new),
            (Some(old), new) => {
                if new.is_none() && !self.logging {
                    self.empty_at[p] = self.empties.len() as u16;
                    self.empties.push(p);
                }
                self.set(Slot::Cell, p, new.map_or(EMPTY, cell) as i32);
                if self.logging {
                    self.hash ^= self.zkey(p, cell(old));
                    if let Some(new) = new {
                        self.hash ^= self.zkey(p, cell(new));
                    }
                }
                self.rebuild_groups();
            }
        }
        self.history.clear();
        self.history.push(self.hash);
        self.ko = NO_KO;
        if self.frames.is_empty() {
            self.log.clear();
        }
        debug_assert_eq!(self.check_invariants(), Ok(()));
    }

    /// The stones of colour `c` connected to `p` (which holds one), found by a flood over the
    /// cells alone (not the group rings, which the callers rebuild or check); each is marked in
    /// `seen`, `p` by the caller.
    fn flood_chain(&self, p: Pt, c: Color, seen: &mut PointMarks) -> Vec<Pt> {
        let mut stones = vec![p];
        let mut i = 0;
        while i < stones.len() {
            for q in self.neighbours(stones[i]) {
                if self.cell[q] == cell(c) && seen.insert(q) {
                    stones.push(q);
                }
            }
            i += 1;
        }
        stones
    }

    /// The pseudo-liberties of a group's stones counted from scratch: pairs of a stone and an
    /// empty neighbour (a liberty next to two stones counts twice, as the engine keeps it).
    fn pseudo_liberties(&self, stones: &[Pt]) -> i32 {
        stones
            .iter()
            .map(|&s| {
                self.neighbours(s)
                    .iter()
                    .filter(|&&q| self.cell[q] == EMPTY)
                    .count() as i32
            })
            .sum()
    }

    /// Rebuilds every group (ids, rings, sizes, pseudo-liberties) from the stones on the
    /// board. Each group's id is its lowest point; its ring runs through its points in
    /// increasing order. Writes go through the undo log like any other change.
    fn rebuild_groups(&mut self) {
        let mut seen = PointMarks::default();
        let points: Vec<Pt> = self.points().collect();
        for p in points {
            let Some(c) = self.stone(p) else { continue };
            if !seen.insert(p) {
                continue;
            }
            let mut stones = self.flood_chain(p, c, &mut seen);
            stones.sort_unstable();
            let libs = self.pseudo_liberties(&stones);
            let rep = stones[0];
            for (k, &s) in stones.iter().enumerate() {
                self.set(Slot::Gid, s, rep as i32);
                self.set(Slot::Next, s, stones[(k + 1) % stones.len()] as i32);
            }
            self.set(Slot::Size, rep, stones.len() as i32);
            self.set(Slot::Libs, rep, libs);
        }
    }

    /// Recounts everything the engine keeps incrementally from the stones alone and compares:
    /// each group's id (a member whose id is itself), its ring (through exactly the group's
    /// stones), its size and its pseudo-liberty count (pairs of a stone and an empty
    /// neighbour), the Zobrist hash (positions that log), the empty-point list (playout
    /// copies), the ko point and the undo log. `Err` names the first difference.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut seen = PointMarks::default();
        for p in self.points() {
            let Some(c) = self.stone(p) else { continue };
            if !seen.insert(p) {
                continue;
            }
            let stones = self.flood_chain(p, c, &mut seen);
            let name = self.name(p);
            let g = self.gid[p] as usize;
            if stones.iter().any(|&s| self.gid[s] as usize != g) {
                return Err(format!("the group of {name} has more than one id"));
            }
            if !stones.contains(&g) || self.gid[g] as usize != g {
                return Err(format!("the group of {name} has an id outside it"));
            }
            if self.size[g] as usize != stones.len() {
                return Err(format!(
                    "the group of {name} has size {} but {} stones",
                    self.size[g],
                    stones.len()
                ));
            }
            // The ring: exactly the group's stones, each once, back to the start.
            let mut ring = PointMarks::default();
            let mut s = g;
            for _ in 0..stones.len() {
                if self.cell[s] != cell(c) || self.gid[s] as usize != g || !ring.insert(s) {
                    return Err(format!("the ring of the group of {name} is broken"));
                }
                s = self.next[s] as usize;
            }
            if s != g {
                return Err(format!("the ring of the group of {name} does not close"));
            }
            let libs: i32 = self.pseudo_liberties(&stones);
            if self.libs[g] != libs {
                return Err(format!(
                    "the group of {name} counts {} pseudo-liberties, not {libs}",
                    self.libs[g]
                ));
            }
        }
        if self.logging {
            let hash = self
                .points()
                .filter(|&p| self.cell[p] != EMPTY)
                .fold(0, |h, p| h ^ self.zkey(p, self.cell[p]));
            if hash != self.hash {
                return Err("the hash differs from the stones' Zobrist hash".into());
            }
            let mut log_len = 0;
            for f in &self.frames {
                if f.log_len < log_len || f.log_len > self.log.len() {
                    return Err("the undo frames do not match the log".into());
                }
                log_len = f.log_len;
            }
        } else {
            let empty = self.points().filter(|&p| self.cell[p] == EMPTY).count();
            if self.empties.len() != empty
                || self
                    .empties
                    .iter()
                    .enumerate()
                    .any(|(i, &p)| self.cell[p] != EMPTY || self.empty_at[p] as usize != i)
            {
                return Err("the empty-point list differs from the empty points".into());
            }
        }
        if self.ko != NO_KO && (!self.on_board(self.ko) || self.cell[self.ko] != EMPTY) {
            return Err("the ko point is not an empty point".into());
        }
        if self.passes > 2 {
            return Err(format!("{} passes in a row", self.passes));
        }
        Ok(())
    }

    #[inline]
    fn place_stone(&mut self, p: Pt, c: Color) {
        if !self.logging {
            let i = self.empty_at[p] as usize;
            let last = *self.empties.last().expect("an empty point");
            self.empties[i] = last;
            self.empty_at[last] = i as u16;
            self.empties.pop();
        }
        self.set(Slot::Cell, p, cell(c) as i32);
        if self.logging {
            self.hash ^= self.zkey(p, cell(c));
        }
        // The new stone's own group fields are written unlogged: they are read only while a
        // stone stands on `p`, and every placement writes them afresh, so the values an undo
        // would put back on the emptied point are never looked at. A capture logs the fields
        // of the stones it takes (`capture_group`), for the undo that puts them back.
        self.write(Slot::Gid, p, p as i32);
        self.write(Slot::Next, p, p as i32);
        self.write(Slot::Size, p, 1);
        let mut own = 0;
        for q in self.neighbours(p) {
            match self.cell[q] {
                EMPTY => own += 1,
                BLACK | WHITE => {
                    let g = self.gid[q] as usize;
                    self.set(Slot::Libs, g, self.libs[g] - 1);
                }
                _ => {}
            }
        }
        self.write(Slot::Libs, p, own);
        for q in self.neighbours(p) {
            if self.cell[q] == cell(c) && self.gid[q] as usize != self.gid[p] as usize {
                self.merge(self.gid[p] as usize, self.gid[q] as usize);
            }
        }
    }

    #[inline]
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        self.set(Slot::Libs, big, self.libs[big] + self.libs[small]);
        self.set(
            Slot::Size,
            big,
            self.size[big] as i32 + self.size[small] as i32,
        );
        let mut s = small;
        loop {
            self.set(Slot::Gid, s, big as i32);
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        let (nb, ns) = (self.next[big], self.next[small]);
        self.set(Slot::Next, big, ns as i32);
        self.set(Slot::Next, small, nb as i32);
    }

    /// Removes one stone, restoring pseudo-liberties of its neighbours (used for captures).
    #[inline]
    fn remove_stone(&mut self, p: Pt, c: Color) {
        if !self.logging {
            self.empty_at[p] = self.empties.len() as u16;
            self.empties.push(p);
        }
        self.set(Slot::Cell, p, EMPTY as i32);
        if self.logging {
            self.hash ^= self.zkey(p, cell(c));
        }
        for q in self.neighbours(p) {
            if matches!(self.cell[q], BLACK | WHITE) {
                let g = self.gid[q] as usize;
                self.set(Slot::Libs, g, self.libs[g] + 1);
            }
        }
    }

    /// True when the ring of the group on `p` closes after exactly its size in steps, all of
    /// them stones of its colour and id: the cheap local check after each move in debug
    /// builds (`check_invariants` is the full recount).
    fn ring_matches_size(&self, p: Pt) -> bool {
        let g = self.gid[p] as usize;
        let mut s = p;
        for _ in 0..self.size[g] {
            if self.cell[s] != self.cell[p] || self.gid[s] as usize != g {
                return false;
            }
            s = self.next[s] as usize;
        }
        s == p
    }

    /// The stones of the group on `p`.
    pub fn group(&self, p: Pt) -> Vec<Pt> {
        let mut out = Vec::new();
        if self.stone(p).is_none() {
            return out;
        }
        let mut s = p;
        loop {
            out.push(s);
            s = self.next[s] as usize;
            if s == p {
                break;
            }
        }
        out
    }

    /// The stones of the group on `p` (which holds one), along its ring from `p`: `group`
    /// without a heap allocation.
    pub fn group_stones(&self, p: Pt) -> impl Iterator<Item = Pt> + '_ {
        let mut s = Some(p);
        std::iter::from_fn(move || {
            let cur = s?;
            let next = self.next[cur] as usize;
            s = (next != p).then_some(next);
            Some(cur)
        })
    }

    /// The group's representative (the same for every stone of a group).
    pub fn group_id(&self, p: Pt) -> Pt {
        self.gid[p] as usize
    }

    /// The distinct liberties of the group on `p`, sorted.
    pub fn liberties(&self, p: Pt) -> Vec<Pt> {
        let mut libs = Vec::with_capacity(8);
        if self.stone(p).is_none() {
            return libs;
        }
        let mut listed = PointMarks::default();
        let mut s = p;
        loop {
            for q in self.neighbours(s) {
                if self.cell[q] == EMPTY && listed.insert(q) {
                    libs.push(q);
                }
            }
            s = self.next[s] as usize;
            if s == p {
                break;
            }
        }
        libs.sort_unstable();
        libs
    }

    /// The distinct liberties of the group on `p` as a set of points (empty when `p` holds no
    /// stone): `liberties` without a heap allocation, for the solver's inner loop.
    pub fn liberty_marks(&self, p: Pt) -> PointMarks {
        let mut libs = PointMarks::default();
        if self.stone(p).is_none() {
            return libs;
        }
        let mut s = p;
        loop {
            for q in self.neighbours(s) {
                if self.cell[q] == EMPTY {
                    libs.insert(q);
                }
            }
            s = self.next[s] as usize;
            if s == p {
                break;
            }
        }
        libs
    }

    /// The number of distinct liberties of the group on `p`.
    pub fn liberty_count(&self, p: Pt) -> usize {
        self.liberty_marks(p).len()
    }

    /// The number of distinct liberties of the group on `p` (which holds a stone), or `cap`
    /// when it has that many or more: `liberty_count(p).min(cap)`, with the walk along the
    /// group stopped at the `cap`-th liberty (a long wall's count ends after a few stones).
    pub fn liberty_count_capped(&self, p: Pt, cap: usize) -> usize {
        let mut libs = PointMarks::default();
        let mut n = 0;
        let mut s = p;
        loop {
            for q in self.neighbours(s) {
                if self.cell[q] == EMPTY && libs.insert(q) {
                    n += 1;
                    if n >= cap {
                        return cap;
                    }
                }
            }
            s = self.next[s] as usize;
            if s == p {
                return n;
            }
        }
    }

    /// True when the group on `p` has no liberty at all (pseudo-liberties are exact for this).
    #[inline]
    fn dead_group(&self, p: Pt) -> bool {
        self.libs[self.gid[p] as usize] == 0
    }

    #[inline]
    fn capture_group(&mut self, p: Pt, c: Color) -> u32 {
        // The stones' fields stay on the emptied points, where a later stone overwrites them
        // unlogged (`place_stone`): they are logged here, so that an undo which puts the
        // group back puts them back too. Every stone's size and liberties, not only the
        // group id's: an undone merge makes a stone a group's id again.
        let mut count = 0;
        let mut s = p;
        loop {
            let next = self.next[s] as usize;
            if self.logging {
                self.log.push((Slot::Gid, s as u32, self.gid[s] as i32));
                self.log.push((Slot::Next, s as u32, next as i32));
                self.log.push((Slot::Size, s as u32, self.size[s] as i32));
                self.log.push((Slot::Libs, s as u32, self.libs[s]));
            }
            self.remove_stone(s, c);
            count += 1;
            s = next;
            if s == p {
                break;
            }
        }
        count
    }

    /// Checks a move without playing it.
    pub fn check(&mut self, m: Move) -> Result<(), Illegal> {
        self.play(m)?;
        self.undo();
        Ok(())
    }

    /// True when the move is legal.
    pub fn is_legal(&mut self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// Plays a move for the side to move, enforcing every rule; an illegal move changes
    /// nothing.
    pub fn play(&mut self, m: Move) -> Result<(), Illegal> {
        self.play_inner(m, true)
    }

    /// Plays a move without the superko check (simple ko only): light playouts.
    pub fn play_light(&mut self, m: Move) -> Result<(), Illegal> {
        self.play_inner(m, false)
    }

    fn play_inner(&mut self, m: Move, superko: bool) -> Result<(), Illegal> {
        if self.passes >= 2 {
            return Err(Illegal::GameOver);
        }
        let c = self.to_move;
        let frame = Frame {
            log_len: self.log.len(),
            ko: self.ko,
            hash: self.hash,
            to_move: c,
            passes: self.passes,
            captures: self.captures,
            last_captured: self.last_captured,
            history_len: self.history.len(),
            mv: m,
        };
        let p = match m {
            Move::Pass => {
                self.frames.push(frame);
                self.passes += 1;
                self.ko = NO_KO;
                self.last_captured = 0;
                self.to_move = c.opp();
                if superko {
                    self.history.push(self.hash);
                }
                return Ok(());
            }
            Move::Play(p) => p,
        };
        if !self.on_board(p) || self.cell[p] != EMPTY {
            return Err(Illegal::Occupied);
        }
        if p == self.ko && self.ko_master != Some(c) && (self.ko_rule == KoRule::Simple || !superko)
        {
            return Err(Illegal::Ko);
        }
        self.frames.push(frame);
        self.place_stone(p, c);
        let mut taken = 0;
        let mut last_taken = NO_KO;
        for q in self.neighbours(p) {
            if self.cell[q] == cell(c.opp()) && self.dead_group(q) {
                taken += self.capture_group(q, c.opp());
                last_taken = q;
            }
        }
        if taken == 0 && self.dead_group(p) {
            self.undo();
            return Err(Illegal::Suicide);
        }
        let g = self.gid[p] as usize;
        self.ko = if taken == 1 && self.size[g] == 1 && self.libs[g] == 1 {
            last_taken
        } else {
            NO_KO
        };
        if superko && self.ko_rule == KoRule::Superko && self.history.contains(&self.hash) {
            self.undo();
            return Err(Illegal::Superko);
        }
        self.captures[if c == Color::Black { 0 } else { 1 }] += taken;
        self.last_captured = taken;
        self.passes = 0;
        self.to_move = c.opp();
        debug_assert!(
            self.ring_matches_size(p),
            "the group of a new stone is corrupt"
        );
        if superko {
            self.history.push(self.hash);
        }
        Ok(())
    }

    /// Takes back the last move.
    ///
    /// # Panics
    /// If no move has been played.
    #[track_caller]
    pub fn undo(&mut self) {
        let f = self.frames.pop().expect("undo with no move played");
        while self.log.len() > f.log_len {
            let (slot, i, old) = self.log.pop().expect("log entry");
            self.write(slot, i as usize, old);
        }
        self.ko = f.ko;
        self.hash = f.hash;
        self.to_move = f.to_move;
        self.passes = f.passes;
        self.captures = f.captures;
        self.last_captured = f.last_captured;
        self.history.truncate(f.history_len);
    }

    /// A forward-only copy for random playouts: moves are played with `play_fast`, nothing is
    /// logged, nothing can be undone and the hash is no longer kept; the copy shares the
    /// board and the Zobrist table.
    pub fn playout_copy(&self) -> Go {
        let mut g = self.clone();
        g.logging = false;
        g.log.clear();
        g.frames.clear();
        g.history.clear();
        g.empty_at = vec![0; g.cell.len()];
        g.empties = g.points().filter(|&p| g.cell[p] == EMPTY).collect();
        for (i, &p) in g.empties.iter().enumerate() {
            g.empty_at[p] = i as u16;
        }
        g
    }

    /// Plays a light random game to the end on a playout copy: each move uniformly among the
    /// empty points that are legal and not the mover's own single-point eyes; a player with
    /// none passes; two passes (or `max_moves`) end it. Returns the number of moves.
    pub fn random_playout(&mut self, r: &mut impl rand::RngExt, max_moves: usize) -> usize {
        // One draw from the caller's RNG seeds a xorshift64* stream for this playout: the
        // playout stays reproducible, and each pick costs a few instructions.
        let mut x = rand::Rng::next_u64(r) | 1;
        let mut next = move || {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            x.wrapping_mul(0x2545_F491_4F6C_DD1D)
        };
        let mut moves = 0;
        while self.passes < 2 && moves < max_moves {
            let c = self.to_move;
            let mut n = self.empties.len();
            let mut played = false;
            while n > 0 {
                // Multiply-high maps 64 random bits onto 0..n (bias below 2^-57).
                let i = ((next() as u128 * n as u128) >> 64) as usize;
                let p = self.empties[i];
                if !self.is_eye_shape(p, c) && self.play_fast(p) {
                    played = true;
                    break;
                }
                // Move the refused point out of the candidate range.
                self.empties.swap(i, n - 1);
                self.empty_at[self.empties[i]] = i as u16;
                self.empty_at[self.empties[n - 1]] = (n - 1) as u16;
                n -= 1;
            }
            if !played {
                self.pass_fast();
            }
            moves += 1;
        }
        moves
    }

    /// True when placing at `p` would be suicide (checked without playing). Pseudo-liberties
    /// count (stone, empty neighbour) pairs, and a group touching `p` with k stones has exactly
    /// k pairs on `p`: it has another liberty iff its count exceeds k.
    #[inline]
    fn would_be_suicide(&self, p: Pt, c: Color) -> bool {
        let nbrs = self.neighbours(p);
        if nbrs.iter().any(|&q| self.cell[q] == EMPTY) {
            return false;
        }
        for q in nbrs {
            let v = self.cell[q];
            if v != BLACK && v != WHITE {
                continue;
            }
            let g = self.gid[q];
            let k = nbrs
                .iter()
                .filter(|&&r| self.cell[r] == v && self.gid[r] == g)
                .count() as i32;
            let other = self.libs[g as usize] > k;
            // A friendly group with another liberty, or an enemy group in atari on p (it is
            // captured), makes the move legal.
            if (v == cell(c)) == other {
                return false;
            }
        }
        true
    }

    /// Plays a stone on a forward-only playout copy (simple ko, suicide refused); returns
    /// false, changing nothing, for an illegal move.
    ///
    /// # Panics
    /// On a position that logs (use `playout_copy`).
    #[track_caller]
    #[inline]
    pub fn play_fast(&mut self, p: Pt) -> bool {
        assert!(!self.logging, "play_fast needs a playout copy");
        let c = self.to_move;
        if self.cell[p] != EMPTY || p == self.ko || self.would_be_suicide(p, c) {
            return false;
        }
        self.place_stone(p, c);
        let mut taken = 0;
        let mut last_taken = NO_KO;
        for q in self.neighbours(p) {
            if self.cell[q] == cell(c.opp()) && self.dead_group(q) {
                taken += self.capture_group(q, c.opp());
                last_taken = q;
            }
        }
        let g = self.gid[p] as usize;
        self.ko = if taken == 1 && self.size[g] == 1 && self.libs[g] == 1 {
            last_taken
        } else {
            NO_KO
        };
        self.captures[if c == Color::Black { 0 } else { 1 }] += taken;
        self.last_captured = taken;
        self.passes = 0;
        self.to_move = c.opp();
        true
    }

    /// A pass on a forward-only playout copy.
    #[inline]
    pub fn pass_fast(&mut self) {
        self.passes += 1;
        self.ko = NO_KO;
        self.last_captured = 0;
        self.to_move = self.to_move.opp();
    }

    /// All legal moves for the side to move (passes excluded).
    pub fn legal_moves(&mut self) -> Vec<Pt> {
        let pts: Vec<Pt> = self.points().filter(|&p| self.cell[p] == EMPTY).collect();
        pts.into_iter()
            .filter(|&p| self.is_legal(Move::Play(p)))
            .collect()
    }

    /// True when `p` is an empty point whose neighbours are all stones of `c` (or off board):
    /// a single-point eye shape, which random playouts do not fill.
    #[inline]
    pub fn is_eye_shape(&self, p: Pt, c: Color) -> bool {
        self.cell[p] == EMPTY
            && self
                .neighbours(p)
                .iter()
                .all(|&q| self.cell[q] == cell(c) || self.cell[q] == EDGE)
    }

    /// Groups without liberties (only possible in hand-made set-up positions).
    pub fn groups_without_liberties(&self) -> Vec<Pt> {
        let mut out: Vec<Pt> = self
            .points()
            .filter(|&p| self.stone(p).is_some() && self.dead_group(p))
            .map(|p| self.gid[p] as usize)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// A text picture of the board, top row first ("X", "O", ".").
    pub fn picture(&self) -> String {
        let mut s = String::new();
        for r in (0..self.n).rev() {
            for c in 0..self.n {
                let p = (r + 1) * self.stride + c + 1;
                s.push(match self.cell[p] {
                    BLACK => 'X',
                    WHITE => 'O',
                    _ => '.',
                });
            }
            s.push('\n');
        }
        s
    }
}

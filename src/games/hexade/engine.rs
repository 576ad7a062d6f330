//! The Hexade engine: flat arrays over cell ids with a precomputed table of the next cell in
//! each of the six directions, pair captures by flanking, the three six shapes, the
//! "perfect six" win at the start of a turn, White's distance rule, Zobrist hashing and undo.

pub use crate::games::Color;
use crate::geometry::{Board, PointId};

/// The cell value of a stone colour.
fn cell(c: Color) -> u8 {
    match c {
        Color::White => 1,
        Color::Black => 2,
    }
}

/// Direction offsets in lattice coordinates (row, number); direction d + 3 is opposite d.
pub const DIRS: [(i32, i32); 6] = [(0, 1), (1, 1), (1, 0), (0, -1), (-1, -1), (-1, 0)];

const NONE: u16 = u16::MAX;

/// The three six shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SixShape {
    /// Six or more in a straight line.
    Row,
    /// A compact triangle of side 3.
    Triangle,
    /// The six neighbours of a cell.
    Ring,
}

impl SixShape {
    /// "row", "triangle" or "ring".
    pub fn name(self) -> &'static str {
        match self {
            SixShape::Row => "row",
            SixShape::Triangle => "triangle",
            SixShape::Ring => "ring",
        }
    }
}

/// One six on the board.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Six {
    /// Its shape.
    pub shape: SixShape,
    /// Its cells, sorted.
    pub cells: Vec<PointId>,
}

/// Why a placement is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The cell holds a stone.
    Occupied,
    /// White's second stone within distance 2 of White's first.
    TooClose,
    /// The game is over.
    GameOver,
}

impl Refusal {
    /// The reason in words.
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::Occupied => "the cell is occupied",
            Refusal::TooClose => {
                "White's second stone must be at distance 3 or more from White's first"
            }
            Refusal::GameOver => "the game is over",
        }
    }
}

/// How a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Play goes on.
    Ongoing,
    /// This player has won.
    Win(Color),
    /// The board is full and nobody won.
    Draw,
}

#[derive(Clone, Debug)]
struct Undo {
    cell: PointId,
    captured: Vec<PointId>,
    to_move: Color,
    outcome: Outcome,
    hash: u64,
    pending: Option<PointId>,
    white_placed: u32,
    last: [Option<PointId>; 2],
}

/// A Hexade position.
#[derive(Clone, Debug)]
pub struct Hexade {
    board: Board,
    next: Vec<[u16; 6]>,
    cells: Vec<u8>,
    zob: Vec<u64>,
    hash: u64,
    to_move: Color,
    outcome: Outcome,
    /// White's first stone while the distance rule for White's second stone is pending.
    pending: Option<PointId>,
    /// White's stones placed in the game so far (set-up stones count as placed; captures do
    /// not undo a placement): the distance rule is about White's second stone of the game,
    /// not the second White stone on the board.
    white_placed: u32,
    stones: [u32; 2],
    captured: [u32; 2],
    last: [Option<PointId>; 2],
    undo: Vec<Undo>,
}

impl Hexade {
    /// An empty board of the given base (4..12), White to move, the distance rule ahead.
    pub fn new(base: usize) -> Hexade {
        let board = super::look::board(base);
        let next = board
            .points()
            .map(|p| {
                let (r, n) = board.coord(p);
                let mut row = [NONE; 6];
                for (d, (dr, dn)) in DIRS.iter().enumerate() {
                    row[d] = board.at(r + dr, n + dn).unwrap_or(NONE);
                }
                row
            })
            .collect();
        let len = board.len();
        Hexade {
            zob: crate::util::zobrist_table(len * 2, 0x004E_A0AD),
            board,
            next,
            cells: vec![0; len],
            hash: 0,
            to_move: Color::White,
            outcome: Outcome::Ongoing,
            pending: None,
            white_placed: 0,
            stones: [0, 0],
            captured: [0, 0],
            last: [None, None],
            undo: Vec::new(),
        }
    }

    /// The board (names, parsing, symmetries).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stone on a cell.
    pub fn stone(&self, p: PointId) -> Option<Color> {
        match self.cells[p as usize] {
            1 => Some(Color::White),
            2 => Some(Color::Black),
            _ => None,
        }
    }

    /// Who moves next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The state of the game.
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The position hash (stones only).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Stones on the board of a player.
    pub fn stones(&self, s: Color) -> u32 {
        self.stones[s.index()]
    }

    /// Enemy stones a player has captured so far.
    pub fn captured_by(&self, s: Color) -> u32 {
        self.captured[s.index()]
    }

    /// White's first stone while the distance rule for White's second stone is pending.
    pub fn distance_rule_pending(&self) -> Option<PointId> {
        self.pending
    }

    /// The next cell from `p` in direction `d`, if on the board.
    #[inline]
    pub fn step(&self, p: PointId, d: usize) -> Option<PointId> {
        let q = self.next[p as usize][d];
        (q != NONE).then_some(q)
    }

    fn key(&self, p: PointId, s: Color) -> u64 {
        self.zob[p as usize * 2 + s.index()]
    }

    fn put(&mut self, p: PointId, s: Option<Color>) {
        if let Some(old) = self.stone(p) {
            self.hash ^= self.key(p, old);
            self.stones[old.index()] -= 1;
        }
        self.cells[p as usize] = s.map_or(0, cell);
        if let Some(new) = s {
            self.hash ^= self.key(p, new);
            self.stones[new.index()] += 1;
        }
    }

    /// Sets up a position: stones (a cell given twice keeps the last colour), the side to
    /// move and, if the distance rule is still pending, White's first stone. White's set-up
    /// stones count as placed: with any on the board and no pending first stone, White's next
    /// stone is not the second of the game and the distance rule is over. The outcome is judged
    /// for the side to move; the other player's sixes are judged at the start of their turn.
    pub fn setup(&mut self, stones: &[(PointId, Color)], to_move: Color, pending: Option<PointId>) {
        for p in self.board.points().collect::<Vec<_>>() {
            self.put(p, None);
        }
        for &(p, s) in stones {
            self.put(p, Some(s));
        }
        self.captured = [0, 0];
        self.to_move = to_move;
        self.pending = pending;
        self.white_placed = match pending {
            Some(_) => 1,
            None => self.stones[Color::White.index()],
        };
        self.undo.clear();
        self.last = [None, None];
        self.outcome = self.judge_full();
        debug_assert_eq!(self.check_invariants(), Ok(()));
    }

    /// True when the placement is legal for the side to move.
    pub fn check(&self, p: PointId) -> Result<(), Refusal> {
        if self.outcome != Outcome::Ongoing {
            return Err(Refusal::GameOver);
        }
        if self.cells[p as usize] != 0 {
            return Err(Refusal::Occupied);
        }
        if self.to_move == Color::White
            && let Some(first) = self.pending
            && self.board.hex_distance(first, p) < 3
        {
            return Err(Refusal::TooClose);
        }
        Ok(())
    }

    /// The legal placements for the side to move.
    pub fn legal_moves(&self) -> Vec<PointId> {
        self.board
            .points()
            .filter(|&p| self.check(p).is_ok())
            .collect()
    }

    /// Places a stone for the side to move: captures, then the turn passes and the new mover
    /// wins if they hold a six; a full board without a winner is a draw.
    pub fn play(&mut self, p: PointId) -> Result<(), Refusal> {
        self.check(p)?;
        let s = self.to_move;
        let mut undo = Undo {
            cell: p,
            captured: Vec::new(),
            to_move: s,
            outcome: self.outcome,
            hash: self.hash,
            pending: self.pending,
            white_placed: self.white_placed,
            last: self.last,
        };
        self.put(p, Some(s));
        for d in 0..6 {
            let Some(a) = self.step(p, d) else { continue };
            let Some(b) = self.step(a, d) else { continue };
            let Some(c) = self.step(b, d) else { continue };
            if self.stone(a) == Some(s.opp())
                && self.stone(b) == Some(s.opp())
                && self.stone(c) == Some(s)
            {
                undo.captured.push(a);
                undo.captured.push(b);
            }
        }
        for &q in &undo.captured {
            self.put(q, None);
        }
        self.captured[s.index()] += undo.captured.len() as u32;
        if s == Color::White {
            self.pending = (self.white_placed == 0).then_some(p);
            self.white_placed += 1;
        }
        self.last[s.index()] = Some(p);
        self.to_move = s.opp();
        self.outcome = self.judge_after_move();
        self.undo.push(undo);
        debug_assert_eq!(self.judge_full(), self.outcome);
        Ok(())
    }

    /// The stones the last placement captured (empty when nothing has been played since the
    /// set-up).
    pub fn last_captured(&self) -> &[PointId] {
        self.undo.last().map_or(&[], |u| u.captured.as_slice())
    }

    /// The same stones with `side` to move: a new set-up (the distance rule's state kept, the
    /// moves played forgotten, the outcome judged again for the new side to move).
    pub fn set_to_move(&mut self, side: Color) {
        let stones: Vec<(PointId, Color)> = self
            .board
            .points()
            .filter_map(|p| self.stone(p).map(|s| (p, s)))
            .collect();
        let pending = self.pending;
        let white_placed = self.white_placed;
        self.setup(&stones, side, pending);
        self.white_placed = white_placed;
    }

    /// The number of moves played since the set-up that `undo` can take back.
    pub fn moves_played(&self) -> usize {
        self.undo.len()
    }

    /// Takes back the last placement.
    ///
    /// # Panics
    /// If nothing has been played.
    #[track_caller]
    pub fn undo(&mut self) {
        let u = self.undo.pop().expect("undo with nothing played");
        let s = u.to_move;
        self.put(u.cell, None);
        for &q in &u.captured {
            self.put(q, Some(s.opp()));
        }
        self.captured[s.index()] -= u.captured.len() as u32;
        self.to_move = s;
        self.outcome = u.outcome;
        self.pending = u.pending;
        self.white_placed = u.white_placed;
        self.last = u.last;
        debug_assert_eq!(self.hash, u.hash);
        self.hash = u.hash;
    }

    /// Recounts what the engine keeps incrementally and compares: the stone counts, the
    /// Zobrist hash, the stones captured since the set-up (from the undo records), the
    /// distance rule's state, and the outcome, which must be what a full judgement of the
    /// position gives for the side to move. `Err` names the first difference.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut stones = [0u32; 2];
        let mut hash = 0;
        for p in self.board.points() {
            match self.cells[p as usize] {
                0 => {}
                1 | 2 => {
                    let s = self.stone(p).expect("a stone");
                    stones[s.index()] += 1;
                    hash ^= self.key(p, s);
                }
                v => return Err(format!("cell {} holds {v}", self.board.name(p))),
            }
        }
        if stones != self.stones {
            return Err(format!(
                "stone counts {:?}, but {:?} on the board",
                self.stones, stones
            ));
        }
        if hash != self.hash {
            return Err("the hash differs from the stones' Zobrist hash".into());
        }
        let mut captured = [0u32; 2];
        for u in &self.undo {
            captured[u.to_move.index()] += u.captured.len() as u32;
        }
        if captured != self.captured {
            return Err(format!(
                "captures {:?}, but the moves took {:?}",
                self.captured, captured
            ));
        }
        if self.pending.is_some() && self.white_placed != 1 {
            return Err("the distance rule is pending after White's first stone".into());
        }
        let judged = self.judge_full();
        if judged != self.outcome {
            return Err(format!(
                "the outcome is {:?}, but the position gives {judged:?}",
                self.outcome
            ));
        }
        Ok(())
    }

    fn board_full(&self) -> bool {
        (self.stones[0] + self.stones[1]) as usize == self.board.len()
    }

    /// The outcome after a move: a six of the player now to move wins (it outlasted the
    /// reply). That player's sixes were judged at the start of their previous turn (none, or
    /// the game would be over), their opponent cannot add to their stones, so a six now must
    /// run through the stone they placed since: only shapes through it are checked. A player
    /// who has not placed since the set-up was never judged (the set-up judges only the side
    /// to move), so all their sixes are: a six set up for the side not to move wins at the
    /// start of its owner's first turn. On a full board the other player's six, if any,
    /// wins; otherwise a draw.
    fn judge_after_move(&self) -> Outcome {
        let s = self.to_move;
        let six = match self.last[s.index()] {
            Some(last) => self.stone(last) == Some(s) && self.has_six_through(s, last),
            None => !self.sixes(s).is_empty(),
        };
        if six {
            return Outcome::Win(s);
        }
        if self.board_full() {
            return self.judge_full();
        }
        Outcome::Ongoing
    }

    fn judge_full(&self) -> Outcome {
        let s = self.to_move;
        if !self.sixes(s).is_empty() {
            Outcome::Win(s)
        } else if self.board_full() && !self.sixes(s.opp()).is_empty() {
            Outcome::Win(s.opp())
        } else if self.board_full() {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        }
    }

    fn run(&self, p: PointId, d: usize, s: Color) -> usize {
        let mut n = 0;
        let mut q = self.step(p, d);
        while let Some(x) = q {
            if self.stone(x) != Some(s) {
                break;
            }
            n += 1;
            q = self.step(x, d);
        }
        n
    }

    /// True when player `s` has a six that includes the stone on `p`.
    pub fn has_six_through(&self, s: Color, p: PointId) -> bool {
        for d in 0..3 {
            if 1 + self.run(p, d, s) + self.run(p, d + 3, s) >= 6 {
                return true;
            }
        }
        // Rings: p is a neighbour of the centre.
        for d in 0..6 {
            if let Some(c) = self.step(p, d)
                && self.ring_of(c, s)
            {
                return true;
            }
        }
        self.triangle_through(s, p)
    }

    /// True when player `s` holds a triangle of side 3 containing `p`, without building the
    /// list of triangles (`triangles_through` gives the same triangles): for each orientation
    /// (sides along d and d + 1) and each of the six places `p` may take in it, the corner is
    /// found by stepping back from `p`.
    fn triangle_through(&self, s: Color, p: PointId) -> bool {
        for d in 0..6 {
            let (bu, bv) = ((d + 3) % 6, (d + 4) % 6);
            let backs: [&[usize]; 6] = [&[], &[bu], &[bu, bu], &[bv], &[bu, bv], &[bv, bv]];
            for back in backs {
                let mut c = Some(p);
                for &b in back {
                    c = c.and_then(|x| self.step(x, b));
                }
                if let Some(t) = c.and_then(|c| self.triangle_at(c, d))
                    && t.iter().all(|&q| self.stone(q) == Some(s))
                {
                    return true;
                }
            }
        }
        false
    }

    fn ring_of(&self, centre: PointId, s: Color) -> bool {
        (0..6).all(|d| {
            self.step(centre, d)
                .is_some_and(|q| self.stone(q) == Some(s))
        })
    }

    /// The triangles of side 3 whose corner is `p` with sides along directions d and d + 1.
    fn triangle_at(&self, p: PointId, d: usize) -> Option<[PointId; 6]> {
        let (u, v) = (d, (d + 1) % 6);
        let a = self.step(p, u)?;
        let b = self.step(a, u)?;
        let c = self.step(p, v)?;
        let e = self.step(c, v)?;
        let m = self.step(a, v)?;
        Some([p, a, b, c, m, e])
    }

    /// Every triangle of side 3 containing `p` (the reference `triangle_through` is tested
    /// against).
    #[cfg(test)]
    fn triangles_through(&self, p: PointId) -> Vec<[PointId; 6]> {
        let mut out = Vec::new();
        // Any triangle containing p has a corner within distance 2 of p.
        let mut near = vec![p];
        for d in 0..6 {
            if let Some(a) = self.step(p, d) {
                near.push(a);
                for e in 0..6 {
                    if let Some(b) = self.step(a, e) {
                        near.push(b);
                    }
                }
            }
        }
        near.sort_unstable();
        near.dedup();
        for q in near {
            for d in 0..6 {
                if let Some(t) = self.triangle_at(q, d)
                    && t.contains(&p)
                {
                    out.push(t);
                }
            }
        }
        out
    }

    /// Every six of player `s`, each listed once.
    pub fn sixes(&self, s: Color) -> Vec<Six> {
        let mut out = Vec::new();
        for p in self.board.points() {
            if self.stone(p) == Some(s) {
                for d in 0..3 {
                    // Start of a run only.
                    let before = self.step(p, d + 3);
                    if before.is_some_and(|b| self.stone(b) == Some(s)) {
                        continue;
                    }
                    let len = 1 + self.run(p, d, s);
                    if len >= 6 {
                        let mut cells = vec![p];
                        let mut q = p;
                        for _ in 1..len {
                            q = self.step(q, d).expect("run cell");
                            cells.push(q);
                        }
                        cells.sort_unstable();
                        out.push(Six {
                            shape: SixShape::Row,
                            cells,
                        });
                    }
                }
                for d in 0..6 {
                    if let Some(t) = self.triangle_at(p, d)
                        && t.iter().all(|&q| self.stone(q) == Some(s))
                    {
                        let mut cells = t.to_vec();
                        cells.sort_unstable();
                        out.push(Six {
                            shape: SixShape::Triangle,
                            cells,
                        });
                    }
                }
            }
            if self.ring_of(p, s) {
                let mut cells: Vec<_> = (0..6).filter_map(|d| self.step(p, d)).collect();
                cells.sort_unstable();
                out.push(Six {
                    shape: SixShape::Ring,
                    cells,
                });
            }
        }
        out.sort();
        out.dedup();
        out
    }

    /// Pairs the player `s` could capture now: (capturing cell, the pair's two cells).
    pub fn capturable_pairs(&self, s: Color) -> Vec<(PointId, [PointId; 2])> {
        let mut out = Vec::new();
        for p in self.board.points() {
            if self.cells[p as usize] != 0 {
                continue;
            }
            for d in 0..6 {
                let Some(a) = self.step(p, d) else { continue };
                let Some(b) = self.step(a, d) else { continue };
                let Some(c) = self.step(b, d) else { continue };
                if self.stone(a) == Some(s.opp())
                    && self.stone(b) == Some(s.opp())
                    && self.stone(c) == Some(s)
                {
                    let mut pair = [a, b];
                    pair.sort_unstable();
                    out.push((p, pair));
                }
            }
        }
        out
    }

    /// The cells White may not take with the second stone (distance 2 or less from the first),
    /// while the rule is pending.
    pub fn forbidden_area(&self) -> Vec<PointId> {
        match self.pending {
            Some(first) => self
                .board
                .points()
                .filter(|&p| self.board.hex_distance(first, p) <= 2)
                .collect(),
            None => Vec::new(),
        }
    }
}

#[cfg(test)]
mod fast_helpers {
    use super::*;
    use crate::util::rng;
    use rand::RngExt;

    #[test]
    fn the_triangle_test_without_a_list_agrees_with_the_list_of_triangles() {
        let mut r = rng(16);
        for base in [4, 6, 10] {
            let mut h = Hexade::new(base);
            let len = h.board().len();
            for _ in 0..40 {
                let stones: Vec<(PointId, Color)> = (0..len as PointId)
                    .filter_map(|p| match r.random_range(0..3) {
                        0 => Some((p, Color::White)),
                        1 => Some((p, Color::Black)),
                        _ => None,
                    })
                    .collect();
                h.setup(&stones, Color::White, None);
                for p in 0..len as PointId {
                    for s in [Color::White, Color::Black] {
                        let listed = h
                            .triangles_through(p)
                            .iter()
                            .any(|t| t.iter().all(|&q| h.stone(q) == Some(s)));
                        assert_eq!(h.triangle_through(s, p), listed);
                    }
                }
            }
        }
    }
}

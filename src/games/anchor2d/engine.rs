//! The Anchor 2D engine: placements on the 328 playable cells, Black first, no pass, no
//! capture; the anchored-pair test of RULES.md (rule R2 with sub-anchor semantics, decided by
//! the exact parity search), all nine pairs re-evaluated after every placement; five pairs win.
//!
//! Parity search: each foreign window W has a reference point inside its hole (W1 at frame
//! (12, 6), W2 at (22, 11)) and a ray to the left. A closed loop encloses W when it crosses
//! the ray an odd number of times (half-open rule on rows). The loop is a walk through the
//! group from a cell touching edge x to a cell touching edge y, closed along the green cells of
//! y, across the pair's corner and back along x.

use std::collections::VecDeque;

use super::look::{ANCHOR2D_PAIRS, EDGE_LETTERS};
pub use crate::games::Color;
use crate::geometry::{Board, CellClass, PointId};

/// Why a placement is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The cell holds a stone.
    Occupied,
    /// A green edge cell: stones never go there.
    EdgeCell,
    /// The game is over.
    GameOver,
}

impl Refusal {
    /// The reason in words.
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::Occupied => "the cell is occupied",
            Refusal::EdgeCell => "stones never go on the green edge cells",
            Refusal::GameOver => "the game is over: a player has anchored five pairs",
        }
    }
}

/// The corner cells (frame coordinates) of each pair, x's then y's, in ANCHOR2D_PAIRS order.
const CORNERS: [((i32, i32), (i32, i32)); 9] = [
    ((1, 0), (1, 1)),
    ((28, 0), (29, 1)),
    ((28, 28), (29, 28)),
    ((9, 4), (9, 5)),
    ((13, 4), (14, 5)),
    ((13, 9), (14, 9)),
    ((19, 9), (19, 10)),
    ((23, 9), (24, 10)),
    ((23, 14), (24, 14)),
];

/// Reference points of the windows' holes, in frame coordinates.
const WINDOW_REFS: [(i32, i32); 2] = [(12, 6), (22, 11)];

/// Drawing position used by the parity test: x = 28 − R + 2i, y = R.
fn xy(frame: (i32, i32)) -> (i32, i32) {
    (28 - frame.0 + 2 * frame.1, frame.0)
}

/// A bit per window: whether the segment between two cell centres crosses its ray.
fn crossing(a: (i32, i32), b: (i32, i32)) -> u8 {
    let (pa, pb) = (xy(a), xy(b));
    let mut bits = 0;
    for (w, &r) in WINDOW_REFS.iter().enumerate() {
        let (xw, yw) = xy(r);
        if (pa.1 > yw) != (pb.1 > yw) {
            // Crossing point of the segment with the line y = yw (x doubled to stay integral).
            let (dx, dy) = (pb.0 - pa.0, pb.1 - pa.1);
            let num = pa.0 * dy + (yw - pa.1) * dx; // x * dy
            let crosses = if dy > 0 { num < xw * dy } else { num > xw * dy };
            if crosses {
                bits |= 1 << w;
            }
        }
    }
    bits
}

/// Per pair: which windows are foreign (a mask over the two windows).
fn foreign(pair: usize) -> u8 {
    match pair {
        0..=2 => 0b11,
        3..=5 => 0b10,
        _ => 0b01,
    }
}

#[derive(Clone, Debug)]
struct Tables {
    /// Edge mask (bit e = edge e) of the green cells next to each cell.
    touches: Vec<u16>,
    /// For each pair and each green cell of its two edges: the crossing parity of the arc
    /// from that cell along its edge to the pair's corner cell, plus (for edge y) nothing
    /// more; the corner step is in `corner_step`.
    arc: Vec<[u8; 9]>,
    corner_step: [u8; 9],
}

/// An Anchor 2D position.
#[derive(Clone, Debug)]
pub struct Anchor2d {
    board: Board,
    cells: Vec<Option<Color>>,
    to_move: Color,
    winner: Option<Color>,
    zob: Vec<u64>,
    hash: u64,
    history: Vec<(PointId, Option<Color>)>,
    tables: Tables,
}

impl Default for Anchor2d {
    fn default() -> Self {
        Anchor2d::new()
    }
}

impl Anchor2d {
    /// An empty board, Black to move.
    pub fn new() -> Anchor2d {
        let board = super::look::board();
        let tables = build_tables(&board);
        let n = board.len();
        Anchor2d {
            zob: crate::util::zobrist_table(n * 2, 0x00A2_D0A2),
            cells: vec![None; n],
            to_move: Color::Black,
            winner: None,
            hash: 0,
            history: Vec::new(),
            tables,
            board,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stone on a cell.
    pub fn stone(&self, p: PointId) -> Option<Color> {
        self.cells[p as usize]
    }

    /// Who moves next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The winner, once a player has five pairs.
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// The position hash.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Sets up stones and the side to move; the winner is judged for both players. A cell
    /// given twice keeps the last colour.
    pub fn setup(&mut self, stones: &[(PointId, Color)], to_move: Color) {
        self.cells.iter_mut().for_each(|c| *c = None);
        for &(p, c) in stones {
            self.cells[p as usize] = Some(c);
        }
        self.hash = self.zobrist();
        self.to_move = to_move;
        self.history.clear();
        self.winner = self.judge(to_move);
        debug_assert_eq!(self.check_invariants(), Ok(()));
    }

    /// The winner of the stones on the board, the player who moved last judged first.
    fn judge(&self, to_move: Color) -> Option<Color> {
        [to_move.opp(), to_move]
            .into_iter()
            .find(|&c| self.pairs(c).len() >= 5)
    }

    /// The Zobrist hash of the stones, from scratch.
    fn zobrist(&self) -> u64 {
        crate::games::color::zobrist_of(&self.cells, &self.zob)
    }

    /// Recounts what the engine keeps incrementally and compares: the hash, the placements
    /// of the history (each on the board, in turn), and the winner, which must be what
    /// judging the stones gives (no capture, so a player's pairs only grow with their own
    /// placements). `Err` names the first difference.
    pub fn check_invariants(&self) -> Result<(), String> {
        if self.hash != self.zobrist() {
            return Err("the hash differs from the stones' Zobrist hash".into());
        }
        if let Some(p) = self.board.points().find(|&p| {
            self.cells[p as usize].is_some() && self.board.cell_class(p) != CellClass::Playable
        }) {
            return Err(format!("a stone on the edge cell {}", self.board.name(p)));
        }
        let mut mover = self.to_move;
        for &(p, _) in self.history.iter().rev() {
            mover = mover.opp();
            if self.cells[p as usize] != Some(mover) {
                return Err(format!(
                    "the placement at {} is not a stone of its mover",
                    self.board.name(p)
                ));
            }
        }
        let judged = self.judge(self.to_move);
        if judged != self.winner {
            return Err(format!(
                "the winner is {:?}, but the stones give {judged:?}",
                self.winner
            ));
        }
        Ok(())
    }

    /// Checks a placement.
    pub fn check(&self, p: PointId) -> Result<(), Refusal> {
        if self.winner.is_some() {
            return Err(Refusal::GameOver);
        }
        if self.board.cell_class(p) != CellClass::Playable {
            return Err(Refusal::EdgeCell);
        }
        if self.cells[p as usize].is_some() {
            return Err(Refusal::Occupied);
        }
        Ok(())
    }

    /// The legal placements.
    pub fn legal_moves(&self) -> Vec<PointId> {
        self.board
            .points()
            .filter(|&p| self.check(p).is_ok())
            .collect()
    }

    /// Places a stone for the side to move and re-evaluates the mover's pairs.
    pub fn play(&mut self, p: PointId) -> Result<(), Refusal> {
        self.check(p)?;
        let c = self.to_move;
        self.history.push((p, self.winner));
        self.cells[p as usize] = Some(c);
        self.hash ^= self.zob[p as usize * 2 + c.index()];
        if self.pairs(c).len() >= 5 {
            self.winner = Some(c);
        }
        self.to_move = c.opp();
        debug_assert_eq!(self.hash, self.zobrist());
        Ok(())
    }

    /// The number of moves played since the set-up that `undo` can take back.
    pub fn moves_played(&self) -> usize {
        self.history.len()
    }

    /// Takes back the last placement.
    ///
    /// # Panics
    /// If nothing has been played.
    #[track_caller]
    pub fn undo(&mut self) {
        let (p, winner) = self.history.pop().expect("undo with nothing played");
        let c = self.cells[p as usize].take().expect("a stone to take back");
        self.hash ^= self.zob[p as usize * 2 + c.index()];
        self.winner = winner;
        self.to_move = c;
    }

    /// The groups of a player: each a list of cells.
    pub fn groups(&self, c: Color) -> Vec<Vec<PointId>> {
        self.board
            .components(|p| (self.cells[p as usize] == Some(c)).then_some(()))
    }

    /// The pairs (indices into ANCHOR2D_PAIRS) a player has anchored.
    pub fn pairs(&self, c: Color) -> Vec<usize> {
        let groups = self.groups(c);
        let mut member = vec![usize::MAX; self.cells.len()];
        let mut contacts = Vec::with_capacity(groups.len());
        for (i, g) in groups.iter().enumerate() {
            for &p in g {
                member[p as usize] = i;
            }
            contacts.push(
                g.iter()
                    .fold(0u16, |m, &p| m | self.tables.touches[p as usize]),
            );
        }
        let mut out = Vec::new();
        for (k, &(x, y)) in ANCHOR2D_PAIRS.iter().enumerate() {
            let need = (1u16 << x) | (1u16 << y);
            let anchored = groups.iter().enumerate().any(|(i, g)| {
                contacts[i] & need == need
                    && contacts[i] & !need != 0
                    && self.parity_search(g, |p| member[p as usize] == i, k)
            });
            if anchored {
                out.push(k);
            }
        }
        out
    }

    /// The exact parity search for pair `k` within group `g`.
    fn parity_search(&self, g: &[PointId], in_group: impl Fn(PointId) -> bool, k: usize) -> bool {
        let (x, y) = ANCHOR2D_PAIRS[k];
        let mask = foreign(k);
        let mut seen: Vec<[bool; 4]> = vec![[false; 4]; self.cells.len()];
        let mut queue = VecDeque::new();
        for &u in g {
            if let Some(gx) = self.green_next_to(u, x) {
                let par = (crossing(self.board.frame(u), self.board.frame(gx))
                    ^ self.tables.arc[gx as usize][k]
                    ^ self.tables.corner_step[k])
                    & mask;
                if !seen[u as usize][par as usize] {
                    seen[u as usize][par as usize] = true;
                    queue.push_back((u, par));
                }
            }
        }
        while let Some((v, par)) = queue.pop_front() {
            if let Some(gy) = self.green_next_to(v, y) {
                let total = (par
                    ^ crossing(self.board.frame(v), self.board.frame(gy))
                    ^ self.tables.arc[gy as usize][k])
                    & mask;
                if total == 0 {
                    return true;
                }
            }
            for &w in self.board.neighbours(v) {
                if in_group(w) {
                    let p2 = (par ^ crossing(self.board.frame(v), self.board.frame(w))) & mask;
                    if !seen[w as usize][p2 as usize] {
                        seen[w as usize][p2 as usize] = true;
                        queue.push_back((w, p2));
                    }
                }
            }
        }
        false
    }

    /// The edges (bit e for edge e) whose green cells touch cell `p`.
    pub fn touches(&self, p: PointId) -> u16 {
        self.tables.touches[p as usize]
    }

    /// A fast test for solvers: the pairs among `want` (a mask, bit k for pair k of
    /// ANCHOR2D_PAIRS) that the group through `p` anchors when the board holds `cells`
    /// instead of this position's stones; the group is `p`'s colour's. It is the rule of
    /// `pairs` (rule R2 with sub-anchor semantics) applied to that one group only: a
    /// placement at `p` can only add pairs anchored through the group it joins, so a solver
    /// that keeps each side's pairs needs no more after each placement. Empty `p`: no pairs.
    pub fn group_pairs(&self, cells: &[Option<Color>], p: PointId, want: u16) -> u16 {
        let Some(c) = cells[p as usize] else {
            return 0;
        };
        let mut member = vec![false; cells.len()];
        let mut group = vec![p];
        member[p as usize] = true;
        let mut i = 0;
        let mut contacts = 0u16;
        while i < group.len() {
            let v = group[i];
            i += 1;
            contacts |= self.tables.touches[v as usize];
            for &w in self.board.neighbours(v) {
                if !member[w as usize] && cells[w as usize] == Some(c) {
                    member[w as usize] = true;
                    group.push(w);
                }
            }
        }
        let mut out = 0;
        for (k, &(x, y)) in ANCHOR2D_PAIRS.iter().enumerate() {
            let need = (1u16 << x) | (1u16 << y);
            if want & (1 << k) != 0
                && contacts & need == need
                && contacts & !need != 0
                && self.parity_search(&group, |q| member[q as usize], k)
            {
                out |= 1 << k;
            }
        }
        out
    }

    /// Makes `c` the side to move (the set-up's placements stay; `undo` has nothing to take
    /// back afterwards).
    pub fn set_to_move(&mut self, c: Color) {
        self.to_move = c;
        self.history.clear();
        self.winner = self.judge(c);
    }

    fn green_next_to(&self, p: PointId, edge: u8) -> Option<PointId> {
        if self.tables.touches[p as usize] & (1 << edge) == 0 {
            return None;
        }
        self.board
            .neighbours(p)
            .iter()
            .copied()
            .find(|&q| self.board.cell_class(q) == CellClass::Edge(edge))
    }

    /// Pair names for a list of pair indices: "a-b", ...
    pub fn pair_names(pairs: &[usize]) -> Vec<String> {
        let mut v: Vec<String> = pairs
            .iter()
            .map(|&k| {
                let (x, y) = ANCHOR2D_PAIRS[k];
                format!("{}-{}", EDGE_LETTERS[x as usize], EDGE_LETTERS[y as usize])
            })
            .collect();
        v.sort();
        v
    }
}

fn build_tables(board: &Board) -> Tables {
    let n = board.len();
    let mut touches = vec![0u16; n];
    for p in board.points() {
        for &q in board.neighbours(p) {
            if let CellClass::Edge(e) = board.cell_class(q) {
                touches[p as usize] |= 1 << e;
            }
        }
    }
    // Each edge's cells in order along the edge.
    let mut chains: Vec<Vec<PointId>> = vec![Vec::new(); 9];
    for p in board.points() {
        if let CellClass::Edge(e) = board.cell_class(p) {
            chains[e as usize].push(p);
        }
    }
    for chain in &mut chains {
        chain.sort_by_key(|&p| board.frame(p));
    }
    let mut arc = vec![[0u8; 9]; n];
    let mut corner_step = [0u8; 9];
    for (k, &(x, y)) in ANCHOR2D_PAIRS.iter().enumerate() {
        let (cx, cy) = CORNERS[k];
        for (edge, corner) in [(x, cx), (y, cy)] {
            let chain = &chains[edge as usize];
            let ci = chain
                .iter()
                .position(|&p| board.frame(p) == corner)
                .expect("corner cell on its edge");
            for (i, &p) in chain.iter().enumerate() {
                let (lo, hi) = (i.min(ci), i.max(ci));
                let mut bits = 0;
                for j in lo..hi {
                    bits ^= crossing(board.frame(chain[j]), board.frame(chain[j + 1]));
                }
                arc[p as usize][k] = bits;
            }
        }
        corner_step[k] = crossing(cx, cy);
    }
    Tables {
        touches,
        arc,
        corner_step,
    }
}

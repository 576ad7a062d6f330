//! "Six within N" as a proof-search problem: `Race` plays the whole Hexade game (every legal
//! move of the whole board, for both sides) and asks whether one player, the maker, holds a
//! perfect six at the start of one of its own turns within N of its own moves. The solver's
//! attacker is either the maker (the `six` kind) or the other player (the `defend` kind, who
//! wins when the maker fails).
//!
//! What the search leaves out, and why each omission is sound:
//!
//! - **The maker's needs.** For a player `s`, `needs(s)` is the least, over every six shape of
//!   the board (each window of six cells on a line, each compact triangle of side 3, each ring
//!   of the six neighbours of a cell), of the number of its cells that do not hold a stone of
//!   `s`. A six of `s` is a shape all of whose cells hold stones of `s` (a longer row holds a
//!   window of six), so `needs(s) = 0` exactly when `s` has a six. Stones of `s` appear only
//!   by placements of `s`, one per move; the other player can only add stones of its own or
//!   capture stones of `s`; `s`'s captures remove only enemy stones. So every cell of a shape
//!   that is not yet `s`'s needs a placement of `s` of its own, and `needs(s)` never falls by
//!   more than one per move of `s`, and not at all on the other player's moves. Hence when
//!   `needs(maker)` exceeds the maker's moves left, no sequence of moves gives the maker a six
//!   in time: the node is a loss for the maker.
//! - **The maker's useless moves.** When `needs(maker)` equals the moves left, a maker's move on
//!   a cell outside every shape that reaches that bound leaves the bound where it was (the
//!   move adds a stone of the maker to no such shape, and its captures remove enemy stones
//!   only) with one move fewer left: lost by the rule above. Such moves are not generated. The
//!   other player's moves are never filtered: every legal move, captures, blocks and its own
//!   six threats included, is searched.
//! - **A six that cannot be captured out.** When the player not to move holds a six, it wins at
//!   the start of its next turn unless the reply removes a stone of every six it holds, and a
//!   reply removes stones only by capturing. So the node is decided at once by trying the
//!   mover's capturing moves only: if none leaves the other player without a six (the engine
//!   judges it), the other player wins. A non-capturing reply cannot help, whatever else it
//!   does: a six the mover completes now is judged only at the start of its own next turn,
//!   which does not come.
//!
//! The shape counts are kept incrementally: every placement and capture updates the counts of
//! the shapes through the changed cells and a histogram of counts, so `needs` is a look-up.

use std::sync::Arc;

use super::engine::{Hexade, Outcome};
use crate::games::Color;
use crate::geometry::PointId;
use crate::solve::Problem;

/// Every six shape of a board, and the shapes through each cell.
#[derive(Debug)]
pub struct Shapes {
    /// The shapes' cells.
    pub cells: Vec<[PointId; 6]>,
    /// For each cell, the shapes it belongs to.
    pub through: Vec<Vec<u32>>,
}

impl Shapes {
    /// The six shapes of `h`'s board: windows of six along the three axes, compact triangles
    /// of side 3 in both orientations, rings around every cell with six neighbours.
    pub fn of(h: &Hexade) -> Shapes {
        let board = h.board();
        let mut all: Vec<[PointId; 6]> = Vec::new();
        for p in board.points() {
            for d in 0..3 {
                let mut w = [p; 6];
                let mut ok = true;
                for i in 1..6 {
                    match h.step(w[i - 1], d) {
                        Some(q) => w[i] = q,
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                if ok {
                    all.push(w);
                }
            }
            for d in 0..6 {
                let (u, v) = (d, (d + 1) % 6);
                let t = (|| {
                    let a = h.step(p, u)?;
                    let b = h.step(a, u)?;
                    let c = h.step(p, v)?;
                    let e = h.step(c, v)?;
                    let m = h.step(a, v)?;
                    Some([p, a, b, c, m, e])
                })();
                if let Some(t) = t {
                    all.push(t);
                }
            }
            let ring: Vec<PointId> = (0..6).filter_map(|d| h.step(p, d)).collect();
            if ring.len() == 6 {
                all.push([ring[0], ring[1], ring[2], ring[3], ring[4], ring[5]]);
            }
        }
        for s in &mut all {
            s.sort_unstable();
        }
        all.sort_unstable();
        all.dedup();
        let mut through = vec![Vec::new(); board.len()];
        for (i, s) in all.iter().enumerate() {
            for &p in s {
                through[p as usize].push(i as u32);
            }
        }
        Shapes {
            cells: all,
            through,
        }
    }
}

/// Mixes a small number into a hash (SplitMix64's finaliser).
fn mix(hash: u64, v: u64) -> u64 {
    let mut z = v.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    hash ^ z ^ (z >> 31)
}

/// One move played through a `Race`, for taking it back.
#[derive(Clone, Debug)]
struct Step {
    cell: PointId,
    mover: Color,
    captured: Vec<PointId>,
}

/// Whether the maker holds a perfect six within `left` more moves of its own, over the whole
/// game (see the module docs for what is left out and why).
#[derive(Clone, Debug)]
pub struct Race {
    /// The position.
    pub h: Hexade,
    shapes: Arc<Shapes>,
    /// Stones of each colour (by `Color::index`) in each shape.
    count: [Vec<u8>; 2],
    /// For each colour, how many shapes hold 0..=6 of its stones.
    hist: [[u32; 7]; 2],
    /// The player who wants the six.
    pub maker: Color,
    /// The maker's moves left.
    pub left: u32,
    /// True when the solver's attacker is the maker, false when it is the other player.
    attacker_is_maker: bool,
    steps: Vec<Step>,
}

impl Race {
    /// The race from `h` (as set up, whoever is to move): `maker` wants a six within `left`
    /// moves of its own; the solver proves it for the maker if `attacker_is_maker`, else for
    /// the other player (who wins when the maker fails).
    pub fn new(h: Hexade, maker: Color, left: u32, attacker_is_maker: bool) -> Race {
        let shapes = Arc::new(Shapes::of(&h));
        Race::with_shapes(h, shapes, maker, left, attacker_is_maker)
    }

    /// `new` with the board's shapes already built.
    pub fn with_shapes(
        h: Hexade,
        shapes: Arc<Shapes>,
        maker: Color,
        left: u32,
        attacker_is_maker: bool,
    ) -> Race {
        let n = shapes.cells.len();
        let mut r = Race {
            h,
            shapes,
            count: [vec![0; n], vec![0; n]],
            hist: [[0; 7]; 2],
            maker,
            left,
            attacker_is_maker,
            steps: Vec::new(),
        };
        for c in 0..2 {
            r.hist[c][0] = n as u32;
        }
        for p in r.h.board().points().collect::<Vec<_>>() {
            if let Some(s) = r.h.stone(p) {
                r.add(p, s, 1);
            }
        }
        r
    }

    /// The board's shapes.
    pub fn shapes(&self) -> &Arc<Shapes> {
        &self.shapes
    }

    fn add(&mut self, p: PointId, s: Color, up: i32) {
        let c = s.index();
        for &i in &self.shapes.through[p as usize] {
            let k = &mut self.count[c][i as usize];
            self.hist[c][*k as usize] -= 1;
            *k = (*k as i32 + up) as u8;
            self.hist[c][*k as usize] += 1;
        }
    }

    /// The stones of `s` in shape `i`.
    pub fn count(&self, s: Color, i: usize) -> u8 {
        self.count[s.index()][i]
    }

    /// The least number of cells, over every six shape, that do not hold a stone of `s`: a
    /// lower bound on the placements `s` needs for a six (0: `s` holds one).
    pub fn needs(&self, s: Color) -> u32 {
        let h = &self.hist[s.index()];
        (0..=6)
            .rev()
            .find(|&k| h[k] > 0)
            .map_or(6, |k| 6 - k as u32)
    }

    /// The least number of empty cells over the shapes that hold no stone of the other player:
    /// how far `s` is from a six it can complete by placements alone (7 when there is none). A
    /// guide for sampling, not a bound (captures can open blocked shapes).
    pub fn open_needs(&self, s: Color) -> u32 {
        let (me, them) = (s.index(), s.opp().index());
        (0..self.shapes.cells.len())
            .filter(|&i| self.count[them][i] == 0)
            .map(|i| 6 - u32::from(self.count[me][i]))
            .min()
            .unwrap_or(7)
    }

    /// Plays a legal move, keeping the counts.
    pub fn place(&mut self, p: PointId) {
        let mover = self.h.to_move();
        self.h.play(p).expect("a legal move");
        let captured = self.h.last_captured().to_vec();
        self.add(p, mover, 1);
        for &q in &captured {
            self.add(q, mover.opp(), -1);
        }
        if mover == self.maker {
            self.left -= 1;
        }
        self.steps.push(Step {
            cell: p,
            mover,
            captured,
        });
    }

    /// Takes back the last move played through `place`.
    pub fn unplace(&mut self) {
        let s = self.steps.pop().expect("a move to take back");
        self.h.undo();
        self.add(s.cell, s.mover, -1);
        for &q in &s.captured {
            self.add(q, s.mover.opp(), 1);
        }
        if s.mover == self.maker {
            self.left += 1;
        }
    }

    /// True when the side to move has a legal reply after which the other player holds no six
    /// (it can only be a capture: see the module docs).
    fn can_break(&mut self) -> bool {
        let mover = self.h.to_move();
        let mut at: Vec<PointId> = self
            .h
            .capturable_pairs(mover)
            .iter()
            .map(|x| x.0)
            .filter(|&p| self.h.check(p).is_ok())
            .collect();
        at.sort_unstable();
        at.dedup();
        for p in at {
            self.h.play(p).expect("a legal capture");
            let holds = self.h.outcome() == Outcome::Win(mover.opp());
            self.h.undo();
            if !holds {
                return true;
            }
        }
        false
    }

    /// The result for the maker: Some(true) won, Some(false) failed, None open.
    pub fn maker_result(&mut self) -> Option<bool> {
        match self.h.outcome() {
            Outcome::Win(c) => return Some(c == self.maker),
            Outcome::Draw => return Some(false),
            Outcome::Ongoing => {}
        }
        let mover = self.h.to_move();
        if self.needs(mover.opp()) == 0 && !self.can_break() {
            return Some(mover.opp() == self.maker);
        }
        if mover == self.maker && self.left == 0 {
            return Some(false);
        }
        if self.needs(self.maker) > self.left {
            return Some(false);
        }
        None
    }

    /// A score per cell for move ordering, for the side to move: captures first, then the
    /// cells of the fullest shapes of both players (the maker's counted double), weighted by
    /// how full they are.
    fn scores(&self) -> Vec<u64> {
        self.scores_for(self.maker)
    }

    /// The move-ordering scores with `favoured`'s shapes counted double (see `scores`): the
    /// heuristic of the puzzle generator's playouts, for the side to move.
    pub fn heuristic(&self) -> Vec<u64> {
        self.scores_for(self.h.to_move())
    }

    fn scores_for(&self, favoured: Color) -> Vec<u64> {
        let mut score = vec![0u64; self.h.board().len()];
        let maker = favoured.index();
        let other = favoured.opp().index();
        for (i, cells) in self.shapes.cells.iter().enumerate() {
            let km = self.count[maker][i];
            let ko = self.count[other][i];
            let w = if ko == 0 { 2 * (1u64 << (5 * km)) } else { 0 }
                + if km == 0 { 1u64 << (5 * ko) } else { 0 };
            if w > 1 {
                for &p in cells {
                    score[p as usize] += w;
                }
            }
        }
        for (p, _) in self.h.capturable_pairs(self.h.to_move()) {
            score[p as usize] += 1 << 40;
        }
        score
    }

    /// The moves of the side to move, best first (see the module docs for the maker's moves
    /// that are left out).
    pub fn candidates(&self) -> Vec<PointId> {
        let mut moves = self.h.legal_moves();
        let mover = self.h.to_move();
        if mover == self.maker && self.needs(self.maker) >= self.left {
            let full = (6 - self.left.min(6)) as u8;
            let mut useful = vec![false; self.h.board().len()];
            for (i, cells) in self.shapes.cells.iter().enumerate() {
                if self.count[mover.index()][i] >= full {
                    for &p in cells {
                        useful[p as usize] = true;
                    }
                }
            }
            moves.retain(|&p| useful[p as usize]);
        }
        let score = self.scores();
        moves.sort_by_key(|&p| (std::cmp::Reverse(score[p as usize]), p));
        moves
    }
}

impl Problem for Race {
    type Move = PointId;

    fn moves(&mut self) -> Vec<PointId> {
        self.candidates()
    }

    fn play(&mut self, m: PointId) {
        self.place(m);
    }

    fn undo(&mut self) {
        self.unplace();
    }

    fn hash(&self) -> u64 {
        let side = self.h.to_move().index() as u64;
        let pending = self.h.distance_rule_pending().map_or(0, |p| p as u64 + 1);
        mix(
            mix(self.h.hash(), u64::from(self.left) * 4 + side),
            pending + (1 << 20),
        )
    }

    fn attacker_to_move(&self) -> bool {
        (self.h.to_move() == self.maker) == self.attacker_is_maker
    }

    fn outcome(&mut self) -> Option<bool> {
        self.maker_result().map(|w| w == self.attacker_is_maker)
    }

    fn estimate(&mut self) -> (u32, u32) {
        // The fewer stones the maker still needs, the likelier its win (a guess: it steers
        // the search only).
        let n = self.needs(self.maker) + 1;
        let maker = (n, 1 + 2 * (self.left + 1).saturating_sub(n));
        if self.h.to_move() == self.maker {
            maker
        } else {
            (maker.1, maker.0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::rng;
    use rand::RngExt;

    #[test]
    fn the_board_has_the_twelve_symmetries_of_the_hexagon_and_they_keep_the_six_shapes() {
        for base in [6, 10] {
            let h = Hexade::new(base);
            let shapes = Shapes::of(&h);
            let mut perms = h.board().symmetries();
            assert_eq!(perms.len(), 12);
            perms.sort();
            perms.dedup();
            assert_eq!(perms.len(), 12, "the symmetries are distinct");
            for perm in &perms {
                let mut image: Vec<[PointId; 6]> = shapes
                    .cells
                    .iter()
                    .map(|s| {
                        let mut t = s.map(|p| perm[p as usize]);
                        t.sort_unstable();
                        t
                    })
                    .collect();
                image.sort_unstable();
                assert_eq!(image, shapes.cells);
            }
        }
    }

    #[test]
    fn the_counts_follow_play_and_undo_and_the_bound_is_a_relaxation() {
        let mut r = rng(7);
        for game in 0..30 {
            let base = [5, 6, 10][game % 3];
            let h = Hexade::new(base);
            let mut race = Race::new(h, Color::White, 99, true);
            let mut played = 0;
            for _ in 0..120 {
                if race.h.outcome() != Outcome::Ongoing {
                    break;
                }
                let moves = race.h.legal_moves();
                let p = moves[r.random_range(0..moves.len())];
                let mover = race.h.to_move();
                let needs = |race: &Race| {
                    let mut n = [0; 2];
                    for c in [Color::White, Color::Black] {
                        n[c.index()] = race.needs(c);
                    }
                    n
                };
                let before = needs(&race);
                race.place(p);
                played += 1;
                let after = needs(&race);
                // The mover gains at most one stone per shape; the other player none.
                assert!(after[mover.index()] + 1 >= before[mover.index()]);
                assert!(
                    after[mover.opp().index()] >= before[mover.opp().index()],
                    "{before:?} {after:?} {mover:?} captured {:?} outcome {:?}",
                    race.h.last_captured(),
                    race.h.outcome()
                );
                for s in [Color::White, Color::Black] {
                    assert_eq!(race.needs(s) == 0, !race.h.sixes(s).is_empty());
                }
                if r.random_range(0..4) == 0 {
                    race.unplace();
                    played -= 1;
                    assert_eq!(needs(&race), before);
                }
            }
            // The counts kept along the way equal counts made afresh.
            let fresh = Race::new(race.h.clone(), Color::White, 99, true);
            assert_eq!(fresh.count, race.count);
            assert_eq!(fresh.hist, race.hist);
            for _ in 0..played {
                race.unplace();
            }
            assert!(race.count.iter().all(|c| c.iter().all(|&k| k == 0)));
        }
    }
}

//! The Anchor engine: placement and pass on the 169-point hexagon, the refined pie rule as a
//! set-up phase, the mirror rule, group analysis (sides touched, anchor or not, and why) and
//! scoring (dead groups removed, territory, prisoners).

use super::look::ANCHOR_CORNERS;
pub use crate::games::Color;
use crate::geometry::{Board, PointId};

/// A move: a placement or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Place a stone.
    Place(PointId),
    /// Pass.
    Pass,
}

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The point holds a stone.
    Occupied,
    /// The tenth mirroring placement in a row.
    Mirror,
    /// The game ended after two passes.
    GameOver,
}

impl Refusal {
    /// The reason in words.
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::Occupied => "the point is occupied",
            Refusal::Mirror => {
                "mirror rule: the 10th placement in a row that mirrors the opponent's last one"
            }
            Refusal::GameOver => "the game has ended after two passes",
        }
    }
}

/// Why a group lives or dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Touches three or more sides.
    ThreeSides,
    /// Touches two sides that are not adjacent.
    OppositeSides,
    /// Touches two adjacent sides meeting at the owner's home corner (index into
    /// ANCHOR_CORNERS).
    HomeCorner(usize),
    /// Touches two adjacent sides meeting at an away corner.
    AwayCorner(usize),
    /// Touches one side.
    OneSide,
    /// Touches no side.
    NoSide,
}

impl Verdict {
    /// True for an anchor (a living group).
    pub fn is_anchor(self) -> bool {
        matches!(
            self,
            Verdict::ThreeSides | Verdict::OppositeSides | Verdict::HomeCorner(_)
        )
    }

    /// The reason in words.
    pub fn reason(self) -> String {
        match self {
            Verdict::ThreeSides => "touches three or more sides".into(),
            Verdict::OppositeSides => "touches two sides that are not adjacent".into(),
            Verdict::HomeCorner(c) => {
                format!(
                    "touches two adjacent sides meeting at its home corner {}",
                    ANCHOR_CORNERS[c].0
                )
            }
            Verdict::AwayCorner(c) => {
                format!(
                    "touches only two adjacent sides, meeting at the away corner {}",
                    ANCHOR_CORNERS[c].0
                )
            }
            Verdict::OneSide => "touches only one side".into(),
            Verdict::NoSide => "touches no side".into(),
        }
    }
}

/// A group and its verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// Its colour.
    pub color: Color,
    /// Its points, sorted.
    pub points: Vec<PointId>,
    /// The sides it touches (bit k = side S(k+1)).
    pub sides: u8,
    /// Anchor or not, and why.
    pub verdict: Verdict,
}

/// The judgement of the final position.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// Every group with its verdict, in order of its first point.
    pub groups: Vec<Group>,
    /// Territory of [Black, White], including points vacated by dead stones.
    pub territory: [u32; 2],
    /// Prisoners (dead enemy stones) of [Black, White].
    pub prisoners: [u32; 2],
    /// The owner of each point after removing dead groups (None: neutral or a live stone's
    /// point is reported through `groups`).
    pub owner: Vec<Option<Color>>,
    /// Empty points (after removal) that belong to nobody.
    pub neutral: Vec<PointId>,
}

impl Score {
    /// The total of a colour: territory + prisoners.
    pub fn total(&self, c: Color) -> u32 {
        self.territory[c.index()] + self.prisoners[c.index()]
    }

    /// The winner, or None for a draw.
    pub fn winner(&self) -> Option<Color> {
        let (b, w) = (self.total(Color::Black), self.total(Color::White));
        if b > w {
            Some(Color::Black)
        } else if w > b {
            Some(Color::White)
        } else {
            None
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    to_move: Color,
    passes: u8,
    mirror: [u8; 2],
    last_place: Option<(Color, PointId)>,
    prev_was_place: bool,
    setup_left: u8,
    hash: u64,
}

/// An Anchor position and its history.
#[derive(Clone, Debug)]
pub struct Anchor {
    board: Board,
    cells: Vec<Option<Color>>,
    to_move: Color,
    passes: u8,
    /// Consecutive mirroring placements of [Black, White].
    mirror: [u8; 2],
    last_place: Option<(Color, PointId)>,
    prev_was_place: bool,
    /// Set-up placements still to come in the pie phase (3 at the start, then 0).
    setup_left: u8,
    /// The mirror rule applies (on by default).
    pub mirror_rule: bool,
    zob: Vec<u64>,
    hash: u64,
    undo: Vec<Undo>,
    rot: Vec<PointId>,
}

/// The set-up phase's colours: Black, White, Black.
const SETUP: [Color; 3] = [Color::Black, Color::White, Color::Black];

impl Default for Anchor {
    fn default() -> Self {
        Anchor::new()
    }
}

impl Anchor {
    /// An empty board at the start of the pie phase.
    pub fn new() -> Anchor {
        let board = super::look::board();
        let rot = board
            .points()
            .map(|p| {
                let (f, r) = board.coord(p);
                board
                    .at(14 - f, 14 - r)
                    .expect("rotation maps the board onto itself")
            })
            .collect();
        let n = board.len();
        Anchor {
            cells: vec![None; n],
            zob: crate::util::zobrist_table(n * 2, 0x00A7_C40E),
            board,
            to_move: Color::Black,
            passes: 0,
            mirror: [0, 0],
            last_place: None,
            prev_was_place: false,
            setup_left: 3,
            mirror_rule: true,
            hash: 0,
            undo: Vec::new(),
            rot,
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stone on a point.
    pub fn stone(&self, p: PointId) -> Option<Color> {
        self.cells[p as usize]
    }

    /// Who places next (during set-up, the colour of the next set-up stone).
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Set-up placements still to come.
    pub fn setup_left(&self) -> u8 {
        self.setup_left
    }

    /// True after two consecutive passes (set-up passes do not count).
    pub fn game_over(&self) -> bool {
        self.passes >= 2
    }

    /// The position hash (stones only).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The 180-degree image of a point.
    pub fn rotate(&self, p: PointId) -> PointId {
        self.rot[p as usize]
    }

    /// Sets up stones and the side to move, with the pie phase over. A point given twice
    /// keeps the last colour.
    pub fn setup(&mut self, stones: &[(PointId, Color)], to_move: Color) {
        self.cells.iter_mut().for_each(|c| *c = None);
        for &(p, c) in stones {
            self.cells[p as usize] = Some(c);
        }
        self.hash = self.zobrist();
        self.to_move = to_move;
        self.setup_left = 0;
        self.passes = 0;
        self.mirror = [0, 0];
        self.last_place = None;
        self.prev_was_place = false;
        self.undo.clear();
        debug_assert_eq!(self.check_invariants(), Ok(()));
    }

    /// The Zobrist hash of the stones, from scratch.
    fn zobrist(&self) -> u64 {
        crate::games::color::zobrist_of(&self.cells, &self.zob)
    }

    /// Recounts what the engine keeps incrementally and compares: the hash, the pie phase
    /// (placements left and whose turn), the pass count, the mirror counters (at most 9 under
    /// the mirror rule) and the undo
    /// records (each placement's point holds a stone of its mover). `Err` names the first
    /// difference.
    pub fn check_invariants(&self) -> Result<(), String> {
        if self.hash != self.zobrist() {
            return Err("the hash differs from the stones' Zobrist hash".into());
        }
        if self.setup_left > 3 {
            return Err(format!("{} set-up placements left", self.setup_left));
        }
        if self.setup_left > 0 && self.to_move != SETUP[3 - self.setup_left as usize] {
            return Err("the set-up placement is for the wrong colour".into());
        }
        if self.passes > 2 {
            return Err(format!("{} passes in a row", self.passes));
        }
        if self.mirror_rule && self.mirror.iter().any(|&m| m > 9) {
            return Err(format!("mirror counters {:?} past 9", self.mirror));
        }
        for u in &self.undo {
            if let Move::Place(p) = u.mv
                && self.cells[p as usize] != Some(u.to_move)
            {
                return Err(format!(
                    "the placement at {} is not on the board",
                    self.board.name(p)
                ));
            }
        }
        if let Some(u) = self.undo.last() {
            let consistent = match u.mv {
                Move::Place(p) => self.prev_was_place && self.last_place == Some((u.to_move, p)),
                Move::Pass => !self.prev_was_place,
            };
            if !consistent {
                return Err("the last placement does not match the last move".into());
            }
        }
        Ok(())
    }

    /// Checks a move for the side to move.
    pub fn check(&self, m: Move) -> Result<(), Refusal> {
        if self.game_over() {
            return Err(Refusal::GameOver);
        }
        if let Move::Place(p) = m {
            if self.cells[p as usize].is_some() {
                return Err(Refusal::Occupied);
            }
            if self.mirror_rule && self.mirrors(p) && self.mirror[self.to_move.index()] >= 9 {
                return Err(Refusal::Mirror);
            }
        }
        Ok(())
    }

    fn mirrors(&self, p: PointId) -> bool {
        self.setup_left == 0
            && self.prev_was_place
            && matches!(self.last_place, Some((c, q)) if c != self.to_move && self.rot[q as usize] == p)
    }

    /// Plays a move.
    pub fn play(&mut self, m: Move) -> Result<(), Refusal> {
        self.check(m)?;
        let c = self.to_move;
        self.undo.push(Undo {
            mv: m,
            to_move: c,
            passes: self.passes,
            mirror: self.mirror,
            last_place: self.last_place,
            prev_was_place: self.prev_was_place,
            setup_left: self.setup_left,
            hash: self.hash,
        });
        let in_setup = self.setup_left > 0;
        match m {
            Move::Place(p) => {
                self.mirror[c.index()] = if self.mirrors(p) {
                    self.mirror[c.index()] + 1
                } else {
                    0
                };
                self.cells[p as usize] = Some(c);
                self.hash ^= self.zob[p as usize * 2 + c.index()];
                self.last_place = Some((c, p));
                self.prev_was_place = true;
                if !in_setup {
                    self.passes = 0;
                }
            }
            Move::Pass => {
                self.mirror[c.index()] = 0;
                self.prev_was_place = false;
                if !in_setup {
                    self.passes += 1;
                }
            }
        }
        if in_setup {
            self.setup_left -= 1;
            // Black, White, Black; then the chooser picks a colour and White moves.
            self.to_move = match self.setup_left {
                0 => Color::White,
                k => SETUP[3 - k as usize],
            };
        } else {
            self.to_move = c.opp();
        }
        debug_assert_eq!(self.hash, self.zobrist());
        Ok(())
    }

    /// The number of moves played since the set-up that `undo` can take back.
    pub fn moves_played(&self) -> usize {
        self.undo.len()
    }

    /// Takes back the last move.
    ///
    /// # Panics
    /// If nothing has been played.
    #[track_caller]
    pub fn undo(&mut self) {
        let u = self.undo.pop().expect("undo with nothing played");
        if let Move::Place(p) = u.mv {
            self.cells[p as usize] = None;
        }
        self.to_move = u.to_move;
        self.passes = u.passes;
        self.mirror = u.mirror;
        self.last_place = u.last_place;
        self.prev_was_place = u.prev_was_place;
        self.setup_left = u.setup_left;
        self.hash = u.hash;
    }

    /// Every group with the sides it touches and its verdict.
    pub fn groups(&self) -> Vec<Group> {
        self.board
            .components(|p| self.stone(p))
            .into_iter()
            .map(|points| {
                let color = self.stone(points[0]).expect("a stone");
                let sides = points.iter().fold(0u8, |m, &q| m | self.board.sides(q));
                Group {
                    color,
                    points,
                    sides,
                    verdict: verdict(sides, color),
                }
            })
            .collect()
    }

    /// Scores the position as final: non-anchors removed, territory and prisoners counted.
    pub fn score(&self) -> Score {
        let groups = self.groups();
        let mut live: Vec<Option<Color>> = self.cells.clone();
        let mut prisoners = [0u32; 2];
        for g in &groups {
            if !g.verdict.is_anchor() {
                prisoners[g.color.opp().index()] += g.points.len() as u32;
                for &p in &g.points {
                    live[p as usize] = None;
                }
            }
        }
        let mut owner = vec![None; live.len()];
        let mut seen = vec![false; live.len()];
        let mut territory = [0u32; 2];
        let mut neutral = Vec::new();
        for p in self.board.points() {
            if live[p as usize].is_some() || seen[p as usize] {
                continue;
            }
            let mut region = vec![p];
            seen[p as usize] = true;
            let (mut b, mut w) = (false, false);
            let mut i = 0;
            while i < region.len() {
                for &q in self.board.neighbours(region[i]) {
                    match live[q as usize] {
                        Some(Color::Black) => b = true,
                        Some(Color::White) => w = true,
                        None if !seen[q as usize] => {
                            seen[q as usize] = true;
                            region.push(q);
                        }
                        None => {}
                    }
                }
                i += 1;
            }
            let o = match (b, w) {
                (true, false) => Some(Color::Black),
                (false, true) => Some(Color::White),
                _ => None,
            };
            match o {
                Some(c) => territory[c.index()] += region.len() as u32,
                None => neutral.extend(region.iter().copied()),
            }
            for q in region {
                owner[q as usize] = o;
            }
        }
        neutral.sort_unstable();
        Score {
            groups,
            territory,
            prisoners,
            owner,
            neutral,
        }
    }
}

/// The verdict for a group of colour `c` touching `sides` (bit k = side S(k+1)).
pub fn verdict(sides: u8, c: Color) -> Verdict {
    match sides.count_ones() {
        0 => Verdict::NoSide,
        1 => Verdict::OneSide,
        2 => {
            // Adjacent sides share a corner.
            match ANCHOR_CORNERS
                .iter()
                .position(|&(_, mask, _)| mask == sides)
            {
                None => Verdict::OppositeSides,
                Some(k) => {
                    let black_home = ANCHOR_CORNERS[k].2;
                    if black_home == (c == Color::Black) {
                        Verdict::HomeCorner(k)
                    } else {
                        Verdict::AwayCorner(k)
                    }
                }
            }
        }
        _ => Verdict::ThreeSides,
    }
}

/// Side names for a mask: ["S1", "S3"].
pub fn side_names(sides: u8) -> Vec<String> {
    (0..6)
        .filter(|k| sides & (1 << k) != 0)
        .map(|k| format!("S{}", k + 1))
        .collect()
}

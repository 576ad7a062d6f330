//! The Kropki engine in the pool model of RULES.md section 3: a padded W x H grid, live points
//! (coloured nodes not inside any declared region), pools (4-connected sets of nodes that are
//! not the player's live points; a pool touching the border cannot be declared), declared
//! regions nesting outward (a new region swallows every older region it meets), scoring by the
//! outermost region, and an undo log.
//!
//! What makes it fast (random 39 x 32 games: `cargo bench --bench kropki`):
//! - a flat grid with a border of padding nodes, and per-node tables (border flag, row,
//!   column, Zobrist keys) shared by every copy of a position, so no division per step and
//!   cheap clones for playouts;
//! - live dots kept as one 64-bit word per row and colour, so a pool is flooded a whole row
//!   at a time into reusable scratch rows (no allocation), stopping as soon as it reaches the
//!   border, and a lone node between four dots is settled without a flood;
//! - a placement can only close a pool by splitting the area around it: the eight neighbours
//!   show whether it does (the outside of the grid counting as one area; three rows of the
//!   bitboards index a 512-entry table of ring shapes giving the open groups and runs of
//!   dots), and chains of dots, each dot naming its chain's root (a join renames the smaller
//!   chain; undone with the log), show whether a ring through the new dot is possible at all;
//!   only then are the few groups around it flooded;
//! - a pool the new dot closed lies strictly inside the rows and columns its chain spans
//!   (kept per chain), so the flood of a group that was open before stops at that box;
//! - every pool a placement closes is recorded (one bit a node), so "does this node lie in a
//!   closed pool of that player?" is mostly answered without a flood (`pool_captures`,
//!   `closed_by`, `play_auto`), and the ones holding enemy dots are kept, so `closed_by`
//!   right after the placement lists them without flooding again;
//! - declarations can follow the placement within its move (`declare_in_move`), so a
//!   playout that looks at what a placement closed before declaring does not replay it.
//!
//! `play_auto` plays with automatic capture (the rule of Dots programs that capture at once),
//! the work oppai-rs's random-game benchmark does; the game's own moves never use it.

pub use crate::games::Color;
use crate::geometry::{Board, PointId};

/// The cell value of a dot colour.
fn cell(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const OFF: u8 = 3;

/// A padded grid index.
pub type Node = usize;

/// Why a placement or declaration is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The node holds a dot.
    Occupied,
    /// The node lies inside a declared region.
    InsideRegion,
    /// The pool around the node touches the border of the grid (the edge rule).
    TouchesBorder,
    /// The pool holds no live enemy dot (an invalid territory).
    NothingToCapture,
    /// The node is one of the mover's own live dots, which bound pools.
    OwnDot,
    /// The game is over.
    GameOver,
}

impl Refusal {
    /// The reason in words.
    pub fn reason(self) -> &'static str {
        match self {
            Refusal::Occupied => "the node is occupied",
            Refusal::InsideRegion => "the node is inside a declared region",
            Refusal::TouchesBorder => "the enclosure would use the edge of the grid (edge rule)",
            Refusal::NothingToCapture => "the enclosure holds no live enemy dot",
            Refusal::OwnDot => "a region is named by a node inside it, not by its own chain",
            Refusal::GameOver => "the game is over",
        }
    }
}

/// A declared region.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    /// Its owner.
    pub owner: Color,
    /// Every node inside it (including older regions it swallowed), sorted.
    pub interior: Vec<Node>,
}

/// A pool a player could declare now.
#[derive(Clone, Debug, PartialEq)]
pub struct Pool {
    /// Its nodes, sorted.
    pub nodes: Vec<Node>,
    /// Live enemy dots inside.
    pub captures: usize,
}

#[derive(Clone, Debug)]
enum Change {
    Dot(Node),
    Top(Node, u16),
    Region,
    /// Chain `.0` (a root) was joined under root `.1`, whose span was `.2`.
    Union(Node, Node, [u8; 4]),
}

/// A Kropki position.
#[derive(Clone, Debug)]
pub struct Kropki {
    w: usize,
    h: usize,
    stride: usize,
    cell: Vec<u8>,
    /// The outermost region containing each node (index + 1), 0 when none.
    top: Vec<u16>,
    regions: Vec<Region>,
    to_move: Color,
    /// Final declaration-only turns taken after the last placement (0, 1 or 2).
    final_turns: u8,
    /// Fixed per-size tables, shared by clones.
    tables: std::sync::Arc<Tables>,
    hash: u64,
    log: Vec<Change>,
    marks: Vec<(usize, Color, u8, u64, bool)>,
    stamp: Vec<u32>,
    epoch: u32,
    /// Live dots per colour as row bitboards (bit `col` of word `row`).
    live_rows: [Vec<u64>; 2],
    /// Scratch rows for the bitboard flood; all zero between calls.
    fill: Vec<u64>,
    /// Per colour, row bitboards holding every node that lies in a closed pool of that colour
    /// (and maybe more: bits are never cleared), while `closed_known` holds.
    closed: [Vec<u64>; 2],
    /// True while every placement so far went through `play` or `play_auto`, which flood each
    /// pool a placement may close and record the closed ones in `closed`.
    closed_known: bool,
    /// Chains of dots: two dots 8-connected through live dots of their colour share a root
    /// (dots captured later stay joined, which only costs a needless flood). Each node names
    /// its root directly; `next` links each chain's members in a ring, so joining two chains
    /// renames the smaller one's members and splices the rings (one swap), and `undo` swaps
    /// back and renames them again.
    root: Vec<u32>,
    next: Vec<u32>,
    chain_size: Vec<u32>,
    /// For each root, the rows and columns its chain spans (lowest row, highest row, lowest
    /// column, highest column); a lone dot spans its own row and column.
    span: Vec<[u8; 4]>,
    /// The last dot placed when it closed no pool and nothing changed since.
    quiet: Option<Node>,
    /// The last dot placed when `mark_closed` followed it and nothing changed since: then
    /// `fresh_pools` lists the pools it closed around live enemy dots (live enemy dots, and
    /// the span and offset of their rows in `fresh_rows`), in the order `closed_by` finds them.
    fresh: Option<Node>,
    fresh_pools: Vec<(usize, usize, usize, usize)>,
    fresh_rows: Vec<u64>,
    board: std::sync::Arc<Board>,
}

/// Per-node tables fixed by the grid size (shared by every copy of a position, so playouts
/// clone cheaply): Zobrist keys, the grid-border flag and the 0-based row and column.
#[derive(Debug)]
struct Tables {
    zob: Vec<u64>,
    edge: Vec<bool>,
    row: Vec<u8>,
    col: Vec<u8>,
    /// For each 3 x 3 block of one colour's live-dot bits around a node (three bits of the
    /// row above, of the node's row and of the row below, west to east; the centre bit is
    /// ignored), what `split` and the chain runs need.
    shapes: Vec<Shape>,
}

/// The open groups and the runs of live dots around a node, for one pattern of its eight
/// neighbours (places in ring order).
#[derive(Clone, Copy, Debug, Default)]
struct Shape {
    /// Open orthogonal groups, joined through open corners.
    groups: u8,
    /// One place per group.
    reps: [u8; 4],
    /// Runs of live dots along the ring (the first place of each).
    runs: u8,
    starts: [u8; 4],
}

impl Shape {
    /// Walks the ring for the live pattern `mask`.
    fn of(mask: u32) -> Shape {
        let live = |k: usize| mask >> (k % 8) & 1 == 1;
        let mut sh = Shape::default();
        let mut in_group = false;
        for k in 0..8 {
            if k % 2 == 0 {
                if !live(k) {
                    if !in_group {
                        sh.reps[sh.groups as usize] = k as u8;
                        sh.groups += 1;
                        in_group = true;
                    }
                } else {
                    in_group = false;
                }
            } else if live(k) {
                in_group = false;
            }
        }
        // The walk is circular: a group running over NW into N is the first group.
        if sh.groups > 1 && !live(0) && !live(7) && !live(6) && in_group {
            sh.groups -= 1;
        }
        for k in 0..8 {
            if live(k) && (!live(k + 7) || (k == 0 && mask == 0xFF)) {
                sh.starts[sh.runs as usize] = k as u8;
                sh.runs += 1;
            }
        }
        sh
    }
}

/// The ring pattern (bit k for place k of the ring N, NE, E, SE, S, SW, W, NW) of a 3 x 3
/// block of bits: bits 0..3 the row above, 3..6 the node's row, 6..9 the row below, each
/// west to east.
fn ring_mask(block: u32) -> u32 {
    let bit = |i: u32| block >> i & 1;
    let (up, mid, down) = (|k: u32| bit(k), |k: u32| bit(3 + k), |k: u32| bit(6 + k));
    [
        up(1),
        up(2),
        mid(2),
        down(2),
        down(1),
        down(0),
        mid(0),
        up(0),
    ]
    .iter()
    .enumerate()
    .map(|(k, &b)| b << k)
    .sum()
}

/// Spreads `x` along the runs of `open` in one row, both ways (occluded fill, six doublings
/// each way cover 64 bits).
fn row_fill(mut x: u64, open: u64) -> u64 {
    let (mut up, mut down) = (open, open);
    for s in [1, 2, 4, 8, 16, 32] {
        x |= up & (x << s);
        up &= up << s;
        x |= down & (x >> s);
        down &= down >> s;
    }
    x
}

impl Kropki {
    /// An empty W x H grid (each side 5..60), Black to move.
    pub fn new(w: usize, h: usize) -> Kropki {
        let board = std::sync::Arc::new(super::look::board(w, h));
        let stride = w + 2;
        let len = stride * (h + 2);
        let mut cell = vec![OFF; len];
        for r in 0..h {
            for c in 0..w {
                cell[(r + 1) * stride + c + 1] = EMPTY;
            }
        }
        Kropki {
            w,
            h,
            stride,
            cell,
            top: vec![0; len],
            regions: Vec::new(),
            to_move: Color::Black,
            final_turns: 0,
            tables: std::sync::Arc::new(Tables {
                zob: crate::util::zobrist_table(len * 4, 0x00D0_7500),
                edge: (0..len)
                    .map(|n| {
                        let (r, c) = (n / stride, n % stride);
                        (1..=h).contains(&r)
                            && (1..=w).contains(&c)
                            && (r == 1 || c == 1 || r == h || c == w)
                    })
                    .collect(),
                row: (0..len)
                    .map(|n| (n / stride).saturating_sub(1) as u8)
                    .collect(),
                col: (0..len)
                    .map(|n| (n % stride).saturating_sub(1) as u8)
                    .collect(),
                shapes: (0..512).map(|b| Shape::of(ring_mask(b))).collect(),
            }),
            hash: 0,
            log: Vec::new(),
            marks: Vec::new(),
            stamp: vec![0; len],
            root: (0..len as u32).collect(),
            next: (0..len as u32).collect(),
            chain_size: vec![1; len],
            span: (0..len)
                .map(|n| {
                    let (r, c) = (
                        (n / stride).saturating_sub(1) as u8,
                        (n % stride).saturating_sub(1) as u8,
                    );
                    [r, r, c, c]
                })
                .collect(),
            quiet: None,
            fresh: None,
            fresh_pools: Vec::new(),
            fresh_rows: Vec::new(),
            epoch: 0,
            live_rows: [vec![0; h], vec![0; h]],
            fill: vec![0; h],
            closed: [vec![0; h], vec![0; h]],
            closed_known: true,
            board,
        }
    }

    /// The four-dot cross start: Black on two diagonal centre nodes, White on the other two.
    pub fn cross(w: usize, h: usize) -> Kropki {
        let mut k = Kropki::new(w, h);
        let (cx, cy) = (w / 2 - 1, h / 2 - 1);
        for (dx, dy, c) in [
            (0, 0, Color::Black),
            (1, 1, Color::Black),
            (1, 0, Color::White),
            (0, 1, Color::White),
        ] {
            let n = k.node(cx + dx, cy + dy);
            k.put(n, c);
        }
        k.log.clear();
        // Four dots in a square close no pool.
        k.closed_known = true;
        k
    }

    /// Grid width and height.
    pub fn size(&self) -> (usize, usize) {
        (self.w, self.h)
    }

    /// The geometry board (names and parsing).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The padded node of (column, row), both 0-based from the lower left.
    pub fn node(&self, col: usize, row: usize) -> Node {
        (row + 1) * self.stride + col + 1
    }

    /// The node of a geometry point id.
    pub fn node_of(&self, id: PointId) -> Node {
        let (c, r) = self.board.coord(id);
        self.node(c as usize, r as usize)
    }

    /// The geometry point id of a node.
    pub fn id(&self, n: Node) -> PointId {
        ((n / self.stride - 1) * self.w + n % self.stride - 1) as PointId
    }

    /// The printed name of a node.
    pub fn name(&self, n: Node) -> String {
        self.board.name(self.id(n)).to_string()
    }

    /// Parses a node name.
    pub fn parse(&self, name: &str) -> Result<Node, crate::geometry::CoordError> {
        self.board.parse(name).map(|id| self.node_of(id))
    }

    /// All nodes in id order.
    pub fn nodes(&self) -> impl Iterator<Item = Node> + '_ {
        (0..self.w * self.h).map(|i| (i / self.w + 1) * self.stride + i % self.w + 1)
    }

    /// The dot on a node.
    pub fn dot(&self, n: Node) -> Option<Color> {
        match self.cell[n] {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// True when the node lies inside a declared region.
    pub fn inside(&self, n: Node) -> bool {
        self.top[n] != 0
    }

    /// The owner of the outermost region around a node.
    pub fn outermost(&self, n: Node) -> Option<Color> {
        (self.top[n] != 0).then(|| self.regions[self.top[n] as usize - 1].owner)
    }

    /// True for a live dot of `c`: a dot not inside any region.
    pub fn live(&self, n: Node, c: Color) -> bool {
        self.cell[n] == cell(c) && self.top[n] == 0
    }

    /// True for a node on the outer border of the grid.
    pub fn on_border(&self, n: Node) -> bool {
        self.tables.edge[n]
    }

    /// Who moves next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Sets who moves next.
    pub fn set_to_move(&mut self, c: Color) {
        self.to_move = c;
    }

    /// The declared regions, oldest first.
    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// The position hash (dots and region membership).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Row and column (0-based) of a node.
    fn row_col(&self, n: Node) -> (usize, usize) {
        (self.tables.row[n] as usize, self.tables.col[n] as usize)
    }

    /// Sets or clears the live bit of the dot on `n` (if any) from its region membership.
    fn sync_live(&mut self, n: Node) {
        let (r, col) = self.row_col(n);
        for c in [Color::Black, Color::White] {
            self.live_rows[c.index()][r] &= !(1 << col);
        }
        if let Some(c) = self.dot(n)
            && self.top[n] == 0
        {
            self.live_rows[c.index()][r] |= 1 << col;
        }
    }

    /// Places a dot of `c` on `n`, joins it to the chains around it, and returns the groups of
    /// `split` whose pools it may have closed: none when it split nothing, or when the runs of
    /// `c`'s dots between the groups belonged to different chains before it (a new enclosure
    /// needs a ring of live dots through `n`, which joins two of those runs).
    fn put(&mut self, n: Node, c: Color) -> ([Node; 4], usize) {
        self.closed_known = false;
        self.fresh = None;
        let ring = self.ring(n);
        let sh = self.shape(c, n);
        let mut reps = [0; 4];
        for (r, &k) in reps.iter_mut().zip(&sh.reps[..sh.groups as usize]) {
            *r = ring[k as usize];
        }
        let mut groups = sh.groups as usize;
        // The chains around: one root per run of live dots along the ring (runs that meet
        // across a corner share it; duplicates are dropped).
        let mut roots = [0; 4];
        let mut k = 0;
        for &i in &sh.starts[..sh.runs as usize] {
            let r = self.find(ring[i as usize]);
            if !roots[..k].contains(&r) {
                roots[k] = r;
                k += 1;
            }
        }
        // One chain per run between groups: no run was joined to another yet.
        if groups < 2 || k == groups {
            groups = 0;
        }
        self.quiet = (groups == 0).then_some(n);
        self.cell[n] = cell(c);
        if self.top[n] == 0 {
            let (r, col) = self.row_col(n);
            self.live_rows[c.index()][r] |= 1 << col;
        }
        self.hash ^= self.tables.zob[n * 4 + c.index()];
        self.log.push(Change::Dot(n));
        let mut root = n;
        for &r in &roots[..k] {
            let (small, large) = if self.chain_size[r] > self.chain_size[root] {
                (root, r)
            } else {
                (r, root)
            };
            self.rename(small, large);
            self.next.swap(small, large);
            self.chain_size[large] += self.chain_size[small];
            let (old, add) = (self.span[large], self.span[small]);
            self.span[large] = [
                old[0].min(add[0]),
                old[1].max(add[1]),
                old[2].min(add[2]),
                old[3].max(add[3]),
            ];
            self.log.push(Change::Union(small, large, old));
            root = large;
        }
        (reps, groups)
    }

    /// The root of the chain holding `n`.
    fn find(&self, n: Node) -> Node {
        self.root[n] as usize
    }

    /// Names `to` as the root of every member of the chain ring through `from`.
    fn rename(&mut self, from: Node, to: Node) {
        let mut x = from;
        loop {
            self.root[x] = to as u32;
            x = self.next[x] as usize;
            if x == from {
                break;
            }
        }
    }

    fn set_top(&mut self, n: Node, t: u16) {
        let old = self.top[n];
        if old != 0 {
            self.hash ^= self.tables.zob[n * 4 + 2 + self.regions[old as usize - 1].owner.index()];
        }
        self.top[n] = t;
        self.sync_live(n);
        if t != 0 {
            self.hash ^= self.tables.zob[n * 4 + 2 + self.regions[t as usize - 1].owner.index()];
        }
        self.log.push(Change::Top(n, old));
    }

    /// True when the player to move may place on the node.
    pub fn can_place(&self, n: Node) -> Result<(), Refusal> {
        if self.final_turns > 0 {
            return Err(Refusal::GameOver);
        }
        if self.cell[n] == OFF || self.cell[n] != EMPTY {
            return Err(Refusal::Occupied);
        }
        if self.top[n] != 0 {
            return Err(Refusal::InsideRegion);
        }
        Ok(())
    }

    /// True when the player to move has a node to place on.
    pub fn has_placement(&self) -> bool {
        self.nodes()
            .any(|n| self.cell[n] == EMPTY && self.top[n] == 0)
    }

    /// True when no more placements are possible and both final declaration turns are done.
    pub fn game_over(&self) -> bool {
        self.final_turns >= 2
    }

    /// True when the game has reached its declaration-only end phase.
    pub fn placements_over(&self) -> bool {
        self.final_turns > 0 || !self.has_placement()
    }

    /// Starts a move record entry (so `undo` takes back a placement and its declarations).
    fn begin(&mut self) {
        if self.marks.capacity() == 0 {
            // A clone drops the spare room: room for a whole game at once.
            self.marks.reserve(self.w * self.h);
            self.log.reserve(2 * self.w * self.h);
        }
        self.marks.push((
            self.log.len(),
            self.to_move,
            self.final_turns,
            self.hash,
            self.closed_known,
        ));
    }

    /// Places a dot for the side to move and declares the pools around `declare` (nodes
    /// inside them); the turn then passes. All or nothing: on a refusal nothing changes.
    pub fn play(&mut self, n: Node, declare: &[Node]) -> Result<(), Refusal> {
        self.can_place(n)?;
        self.begin();
        let c = self.to_move;
        let known = self.closed_known;
        let (reps, groups) = self.put(n, c);
        for &d in declare {
            if let Err(e) = self.declare_inner(c, d) {
                self.undo();
                return Err(e);
            }
        }
        // After the declarations, so the pools they took are not flooded twice.
        if known {
            self.mark_closed(c, n, &reps[..groups]);
        }
        self.to_move = c.opp();
        Ok(())
    }

    /// Declares the pool around `d` for the player who made the last move, as part of that
    /// move (a move is a placement, then any number of declarations): `undo` takes it back
    /// with the move. The position is the one `play` gives with `d` added to the move's
    /// declarations; refused (nothing changes) where `play` would refuse it.
    ///
    /// # Panics
    /// If nothing has been played.
    #[track_caller]
    pub fn declare_in_move(&mut self, d: Node) -> Result<(), Refusal> {
        assert!(!self.marks.is_empty(), "a declaration with nothing played");
        self.declare_inner(self.to_move.opp(), d)
    }

    /// After a dot of `c` at `n` (and the move's declarations): records in `closed` every
    /// pool of `c` the dot closed (one flood per group `put` returned that no declaration took),
    /// so `closed` stays known, and keeps those holding live enemy dots for `closed_by`.
    fn mark_closed(&mut self, c: Color, n: Node, reps: &[Node]) {
        self.fresh_pools.clear();
        self.fresh_rows.clear();
        let mut done = [false; 4];
        for i in 0..reps.len() {
            let m = reps[i];
            // A group inside a region lies in a pool declared by this move.
            if done[i] || self.cell[m] == OFF || self.top[m] != 0 {
                continue;
            }
            // A pool this dot closed lies strictly inside the span of its chain; one closed
            // before (marked) may not.
            let (r, col) = self.row_col(m);
            let bounds = if self.closed[c.index()][r] >> col & 1 == 0 {
                self.span[self.find(n)]
            } else {
                [0, self.h as u8 - 1, 0, self.w as u8 - 1]
            };
            if let Ok((captures, lo, hi)) = self.flood_within(c, m, bounds) {
                for (j, &x) in reps.iter().enumerate().skip(i + 1) {
                    if self.cell[x] != OFF {
                        let (r, col) = self.row_col(x);
                        done[j] |= self.fill[r] >> col & 1 == 1;
                    }
                }
                if captures > 0 {
                    self.fresh_pools
                        .push((captures, lo, hi, self.fresh_rows.len()));
                    self.fresh_rows.extend_from_slice(&self.fill[lo..=hi]);
                }
                for r in lo..=hi {
                    self.closed[c.index()][r] |= std::mem::take(&mut self.fill[r]);
                }
            }
        }
        self.closed_known = true;
        self.fresh = Some(n);
    }

    /// True when `d` (not inside a region) surely lies in no closed pool of `c`: `closed`
    /// is known and does not hold it.
    fn surely_open(&self, c: Color, d: Node) -> bool {
        if !self.closed_known || self.top[d] != 0 || self.cell[d] == OFF {
            return false;
        }
        let (r, col) = self.row_col(d);
        self.closed[c.index()][r] >> col & 1 == 0
    }

    /// A declaration-only turn at the end of the game (when the player to move has no node
    /// to place on): declares the pools around `declare`, then the turn passes.
    pub fn final_turn(&mut self, declare: &[Node]) -> Result<(), Refusal> {
        if self.final_turns >= 2 || (self.final_turns == 0 && self.has_placement()) {
            return Err(Refusal::GameOver);
        }
        self.begin();
        let c = self.to_move;
        for &d in declare {
            if let Err(e) = self.declare_inner(c, d) {
                self.undo();
                return Err(e);
            }
        }
        self.final_turns += 1;
        self.to_move = c.opp();
        Ok(())
    }

    /// Places a dot for the side to move with automatic capture, the rule of Dots programs
    /// that capture at once (oppai-rs's, for one): every pool of the mover that this placement
    /// closes around a live enemy dot is declared; when it declares nothing and the new dot
    /// stands in a closed pool of the opponent, the opponent declares that pool at once. The
    /// turn then passes; `undo` takes it all back. Returns the live enemy dots the mover
    /// enclosed. This is not a move of the game (declarations there are the player's choice);
    /// it lets an automatic-capture game run on the same engine.
    pub fn play_auto(&mut self, n: Node) -> Result<usize, Refusal> {
        self.can_place(n)?;
        self.begin();
        let c = self.to_move;
        let known = self.closed_known;
        let (reps, groups) = self.put(n, c);
        self.closed_known = known;
        let mut took = 0;
        if groups > 1 {
            let outside = reps[..groups].iter().any(|&m| self.cell[m] == OFF);
            let mut done = [false; 4];
            for i in 0..groups {
                let m = reps[i];
                // The outside, or a group already in a pool flooded for an earlier group.
                if done[i] || self.cell[m] == OFF {
                    continue;
                }
                if let Ok((captures, lo, hi)) = self.flood(c, m) {
                    let mut all = true;
                    for (j, &x) in reps[..groups].iter().enumerate() {
                        if self.cell[x] != OFF {
                            let (r, col) = self.row_col(x);
                            let inside = self.fill[r] >> col & 1 == 1;
                            done[j] |= inside;
                            all &= inside;
                        }
                    }
                    // One pool holding every group, with no way out before either: the pool
                    // was closed before this dot, so the dot closed nothing.
                    let old = all && !outside;
                    if captures > 0 && !old {
                        took += captures;
                        self.claim(c, lo, hi);
                    } else {
                        for r in lo..=hi {
                            self.closed[c.index()][r] |= std::mem::take(&mut self.fill[r]);
                        }
                    }
                }
            }
        }
        // Otherwise the new dot, placed inside the opponent's enclosure, is taken (the pool
        // holds it, so it holds a live enemy dot of the opponent).
        if took == 0
            && !self.surely_open(c.opp(), n)
            && let Ok((_, lo, hi)) = self.flood(c.opp(), n)
        {
            self.claim(c.opp(), lo, hi);
        }
        self.to_move = c.opp();
        Ok(took)
    }

    /// Declares for `owner` the pool left in the scratch rows `lo..=hi` by `flood` (and
    /// clears them).
    fn claim(&mut self, owner: Color, lo: usize, hi: usize) {
        let mut interior = Vec::new();
        for r in lo..=hi {
            let mut bits = std::mem::take(&mut self.fill[r]);
            while bits != 0 {
                let col = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                interior.push(self.node(col, r));
            }
        }
        self.quiet = None;
        self.fresh = None;
        self.regions.push(Region { owner, interior });
        self.log.push(Change::Region);
        let id = self.regions.len() as u16;
        for i in 0..self.regions[id as usize - 1].interior.len() {
            let n = self.regions[id as usize - 1].interior[i];
            self.set_top(n, id);
        }
    }

    /// Declares, for player `c`, the pool containing node `d` outside of a move (set-up).
    pub fn declare(&mut self, c: Color, d: Node) -> Result<(), Refusal> {
        self.begin();
        let r = self.declare_inner(c, d);
        if r.is_err() {
            self.undo();
        } else {
            self.marks.pop();
        }
        debug_assert_eq!(self.check_invariants(), Ok(()));
        r
    }

    fn declare_inner(&mut self, c: Color, d: Node) -> Result<(), Refusal> {
        if self.cell[d] == OFF {
            return Err(Refusal::TouchesBorder);
        }
        if self.live(d, c) {
            return Err(Refusal::OwnDot);
        }
        let pool = self.pool(c, d)?;
        if pool.captures == 0 {
            return Err(Refusal::NothingToCapture);
        }
        self.quiet = None;
        self.fresh = None;
        self.regions.push(Region {
            owner: c,
            interior: pool.nodes,
        });
        self.log.push(Change::Region);
        let id = self.regions.len() as u16;
        for i in 0..self.regions[id as usize - 1].interior.len() {
            let n = self.regions[id as usize - 1].interior[i];
            self.set_top(n, id);
        }
        Ok(())
    }

    /// The pool of player `c` containing node `d`: the 4-connected set of nodes that are not
    /// `c`'s live dots, if it stays off the border.
    pub fn pool(&mut self, c: Color, d: Node) -> Result<Pool, Refusal> {
        let (captures, lo, hi) = self.flood(c, d)?;
        let mut nodes = Vec::new();
        for r in lo..=hi {
            let mut bits = std::mem::take(&mut self.fill[r]);
            while bits != 0 {
                let col = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                nodes.push(self.node(col, r));
            }
        }
        Ok(Pool { nodes, captures })
    }

    /// The number of live enemy dots in the pool of `c` around `d` (the pool test without
    /// listing its nodes): the fast path for playouts.
    pub fn pool_captures(&mut self, c: Color, d: Node) -> Result<usize, Refusal> {
        if !self.live(d, c) && self.surely_open(c, d) {
            return Err(Refusal::TouchesBorder);
        }
        let (captures, lo, hi) = self.flood(c, d)?;
        self.fill[lo..=hi].fill(0);
        Ok(captures)
    }

    /// Floods the pool of `c` around `d` into the scratch rows `lo..=hi` (left set on
    /// success, cleared on a refusal) with row bitboards: each row is filled along its open
    /// runs at once, and sweeps up and down the rows repeat until nothing changes. Returns the
    /// live enemy dots inside and the row span.
    fn flood(&mut self, c: Color, d: Node) -> Result<(usize, usize, usize), Refusal> {
        let (w, h) = (self.w as u8 - 1, self.h as u8 - 1);
        self.flood_within(c, d, [0, h, 0, w])
    }

    /// `flood`, refusing as soon as the pool reaches a row or column on the edge of the box
    /// `[lowest row, highest row, lowest column, highest column]` (the grid's border for
    /// `flood`; for a pool a dot may just have closed, the span of that dot's chain, as only a
    /// ring through the dot can have closed it).
    fn flood_within(
        &mut self,
        c: Color,
        d: Node,
        bounds: [u8; 4],
    ) -> Result<(usize, usize, usize), Refusal> {
        if self.on_border(d) {
            return Err(Refusal::TouchesBorder);
        }
        let (h, full) = (self.h, (1u64 << self.w) - 1);
        let (rlo, rhi) = (usize::from(bounds[0]), usize::from(bounds[1]));
        let edges = ((2u64 << bounds[2]) - 1) | (full & !((1u64 << bounds[3]) - 1));
        let own = &self.live_rows[c.index()];
        let (rd, cd) = self.row_col(d);
        // A lone node between four dots of c: the commonest closed pool.
        if own[rd] >> (cd - 1) & 5 == 5 && own[rd + 1] >> cd & 1 == 1 && own[rd - 1] >> cd & 1 == 1
        {
            self.fill[rd] = 1 << cd;
            let enemy = self.live_rows[c.opp().index()][rd] >> cd & 1;
            return Ok((enemy as usize, rd, rd));
        }
        // A straight run of open nodes from d to the border (d is not on it) settles most
        // open areas at once: none of c's live dots west or east of d in its row, or in d's
        // column above or below it.
        if own[rd] & ((1 << cd) - 1) == 0
            || own[rd] >> cd >> 1 == 0
            || own[rd + 1..].iter().all(|&x| x >> cd & 1 == 0)
            || own[..rd].iter().all(|&x| x >> cd & 1 == 0)
        {
            return Err(Refusal::TouchesBorder);
        }
        let open = |r: usize| !own[r] & full;
        let fill = &mut self.fill;
        let (mut lo, mut hi) = (rd, rd);
        fill[rd] = row_fill(1 << cd, open(rd));
        let mut touches = fill[rd] & edges != 0 || rd <= rlo || rd >= rhi;
        // Grows row r from its neighbours; true when it changed.
        let grow = |fill: &mut [u64], r: usize, touches: &mut bool| {
            let mut x = fill[r];
            if r > 0 {
                x |= fill[r - 1];
            }
            if r + 1 < h {
                x |= fill[r + 1];
            }
            x &= open(r);
            if x & !fill[r] == 0 {
                return false;
            }
            let x = row_fill(x | fill[r], open(r));
            fill[r] = x;
            *touches |= x & edges != 0 || r <= rlo || r >= rhi;
            true
        };
        let mut changed = true;
        while changed && !touches {
            changed = false;
            let mut r = lo;
            loop {
                changed |= grow(fill, r, &mut touches);
                if touches {
                    break;
                }
                if r == hi && r + 1 < h && fill[r] & open(r + 1) != 0 {
                    hi += 1;
                }
                if r == hi {
                    break;
                }
                r += 1;
            }
            let mut r = hi;
            while !touches {
                changed |= grow(fill, r, &mut touches);
                if r == lo && r > 0 && fill[r] & open(r - 1) != 0 {
                    lo -= 1;
                }
                if r == lo {
                    break;
                }
                r -= 1;
            }
        }
        if touches {
            fill[lo..=hi].fill(0);
            return Err(Refusal::TouchesBorder);
        }
        let enemy = &self.live_rows[c.opp().index()];
        let captures = (lo..=hi)
            .map(|r| (fill[r] & enemy[r]).count_ones() as usize)
            .sum();
        Ok((captures, lo, hi))
    }

    /// Every pool player `c` could declare now (each holds a live enemy dot): one labelling
    /// pass over the nodes that are not `c`'s live dots.
    pub fn declarable(&mut self, c: Color) -> Vec<Pool> {
        self.epoch += 1;
        let epoch = self.epoch;
        let mut out = Vec::new();
        let starts: Vec<Node> = self.nodes().collect();
        let mut stack = Vec::new();
        for s in starts {
            if self.stamp[s] == epoch || self.live(s, c) {
                continue;
            }
            self.stamp[s] = epoch;
            stack.push(s);
            let mut nodes = Vec::new();
            let (mut border, mut captures) = (false, 0);
            while let Some(n) = stack.pop() {
                nodes.push(n);
                border |= self.on_border(n);
                if self.live(n, c.opp()) {
                    captures += 1;
                }
                for m in [n - self.stride, n - 1, n + 1, n + self.stride] {
                    if self.cell[m] != OFF && self.stamp[m] != epoch && !self.live(m, c) {
                        self.stamp[m] = epoch;
                        stack.push(m);
                    }
                }
            }
            if !border && captures > 0 {
                nodes.sort_unstable();
                out.push(Pool { nodes, captures });
            }
        }
        out
    }

    /// The pools a placement of `c` at `n` has just closed. A new pool appears only when the
    /// new dot splits the 4-connected set of nodes around it, the outside of the grid counting
    /// as one open area (a dot on the border can cut a pool from the border): see `split`.
    /// With one group or none nothing was split; otherwise one flood per group on the grid
    /// decides (right after `play` placed `n`, the pools it found are taken as they are). Each
    /// pool holds a live enemy dot. The fast path for playouts that declare greedily.
    pub fn closed_by(&mut self, c: Color, n: Node) -> Vec<Pool> {
        if self.quiet == Some(n) && self.live(n, c) {
            return Vec::new();
        }
        if self.fresh == Some(n) && self.live(n, c) {
            // Flooded by `mark_closed` after the placement: the pools from its rows.
            return self
                .fresh_pools
                .iter()
                .map(|&(captures, lo, hi, at)| {
                    let mut nodes = Vec::new();
                    for (r, &row) in (lo..=hi).zip(&self.fresh_rows[at..]) {
                        let mut bits = row;
                        while bits != 0 {
                            nodes.push(self.node(bits.trailing_zeros() as usize, r));
                            bits &= bits - 1;
                        }
                    }
                    Pool { nodes, captures }
                })
                .collect();
        }
        let (reps, groups) = self.split(c, n);
        if groups <= 1 {
            return Vec::new();
        }
        let mut out: Vec<Pool> = Vec::new();
        for &m in &reps[..groups] {
            if self.cell[m] == OFF
                || self.surely_open(c, m)
                || out.iter().any(|p| p.nodes.binary_search(&m).is_ok())
            {
                continue;
            }
            if let Ok(p) = self.pool(c, m)
                && p.captures > 0
            {
                out.push(p);
            }
        }
        out
    }

    /// The groups of open orthogonal neighbours (not `c`'s live dots; the padding outside the
    /// grid is open too, as the one area every border-touching pool joins) around `n`, walking
    /// the eight neighbours in order and joining neighbours through open diagonal corners: one
    /// representative node per group. Two groups or more mean a dot of `c` at `n` splits the
    /// area around it, so a pool may have closed.
    fn split(&self, c: Color, n: Node) -> ([Node; 4], usize) {
        let ring = self.ring(n);
        let sh = self.shape(c, n);
        let mut reps = [0; 4];
        for (r, &k) in reps.iter_mut().zip(&sh.reps[..sh.groups as usize]) {
            *r = ring[k as usize];
        }
        (reps, sh.groups as usize)
    }

    /// The eight neighbours of `n` in ring order: N, NE, E, SE, S, SW, W, NW (orthogonal at
    /// even places).
    fn ring(&self, n: Node) -> [Node; 8] {
        let s = self.stride;
        [
            n + s,
            n + s + 1,
            n + 1,
            n - s + 1,
            n - s,
            n - s - 1,
            n - 1,
            n + s - 1,
        ]
    }

    /// The shape (open groups, runs of live dots) of `c`'s live dots on the ring around `n`,
    /// read from three rows of the live-dot bitboards.
    fn shape(&self, c: Color, n: Node) -> Shape {
        let (r, col) = self.row_col(n);
        let rows = &self.live_rows[c.index()];
        // Columns col - 1, col, col + 1 as bits 0, 1, 2 (outside the grid reads as clear).
        let three = |x: u64| ((x << 1) >> col & 7) as usize;
        let up = if r + 1 < self.h {
            three(rows[r + 1])
        } else {
            0
        };
        let down = if r > 0 { three(rows[r - 1]) } else { 0 };
        self.tables.shapes[up | three(rows[r]) << 3 | down << 6]
    }

    /// The pools player `c` could declare that touch node `n` (after a placement at `n`, only
    /// these can be new): the fast path for search and playouts.
    pub fn declarable_near(&mut self, c: Color, n: Node) -> Vec<Pool> {
        let mut out: Vec<Pool> = Vec::new();
        for m in [n - self.stride, n - 1, n + 1, n + self.stride] {
            if self.cell[m] == OFF || self.live(m, c) || out.iter().any(|p| p.nodes.contains(&m)) {
                continue;
            }
            if let Ok(p) = self.pool(c, m)
                && p.captures > 0
            {
                out.push(p);
            }
        }
        out
    }

    /// The number of moves played since the set-up that `undo` can take back.
    pub fn moves_played(&self) -> usize {
        self.marks.len()
    }

    /// Takes back the last move (a placement with its declarations, or a final turn).
    ///
    /// # Panics
    /// If nothing has been played.
    #[track_caller]
    pub fn undo(&mut self) {
        let (len, to_move, final_turns, hash, known) =
            self.marks.pop().expect("undo with nothing played");
        while self.log.len() > len {
            match self.log.pop().expect("log entry") {
                Change::Dot(n) => {
                    self.cell[n] = EMPTY;
                    self.sync_live(n);
                }
                Change::Top(n, old) => {
                    self.top[n] = old;
                    self.sync_live(n);
                }
                Change::Region => {
                    self.regions.pop();
                }
                Change::Union(child, root, span) => {
                    self.next.swap(child, root);
                    self.rename(child, child);
                    self.chain_size[root] -= self.chain_size[child];
                    self.span[root] = span;
                }
            }
        }
        self.quiet = None;
        self.fresh = None;
        self.to_move = to_move;
        self.final_turns = final_turns;
        self.hash = hash;
        self.closed_known = known;
    }

    /// Enemy dots captured by each player: [Black, White], by the outermost region.
    pub fn captured(&self) -> [u32; 2] {
        let mut out = [0, 0];
        for n in self.nodes() {
            if let (Some(d), Some(o)) = (self.dot(n), self.outermost(n))
                && d != o
            {
                out[o.index()] += 1;
            }
        }
        out
    }

    /// Recounts what the engine keeps incrementally and compares: the hash (dots and region
    /// membership), the outermost region of each node (each region in order marks its
    /// interior), the live-dot bitboards, the scratch rows (all clear), each region (sorted,
    /// off the border, holding an enemy dot, bounded by its owner's dots, nested in or
    /// disjoint from every older region), the declaration-only turns, the chains (touching
    /// live dots share one, each root knows the rows and columns its chain spans), the marks
    /// of closed pools and the undo records. `Err` names the first difference.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut top = vec![0u16; self.top.len()];
        for (i, r) in self.regions.iter().enumerate() {
            let name = format!("region {} of {}", i + 1, r.owner.name());
            if r.interior.is_empty() || r.interior.windows(2).any(|w| w[0] >= w[1]) {
                return Err(format!("{name}: its nodes are not a sorted set"));
            }
            let mut enemy = false;
            for &n in &r.interior {
                if self.cell[n] == OFF || self.on_border(n) {
                    return Err(format!("{name}: it reaches the border"));
                }
                enemy |= self.dot(n) == Some(r.owner.opp());
                for m in [n - self.stride, n - 1, n + 1, n + self.stride] {
                    if r.interior.binary_search(&m).is_err() && self.dot(m) != Some(r.owner) {
                        return Err(format!(
                            "{name}: {} next to it is not its owner's dot",
                            self.name(m)
                        ));
                    }
                }
                top[n] = i as u16 + 1;
            }
            if !enemy {
                return Err(format!("{name}: it holds no enemy dot"));
            }
            for (j, older) in self.regions[..i].iter().enumerate() {
                let inside = older
                    .interior
                    .iter()
                    .filter(|n| r.interior.binary_search(n).is_ok())
                    .count();
                if inside != 0 && inside != older.interior.len() {
                    return Err(format!("{name}: it cuts through region {}", j + 1));
                }
            }
        }
        if let Some(n) = self.nodes().find(|&n| top[n] != self.top[n]) {
            return Err(format!(
                "{} lies in region {} but is marked {}",
                self.name(n),
                top[n],
                self.top[n]
            ));
        }
        let mut hash = 0;
        let mut live = [vec![0u64; self.h], vec![0u64; self.h]];
        for n in self.nodes() {
            if let Some(c) = self.dot(n) {
                hash ^= self.tables.zob[n * 4 + c.index()];
                if self.top[n] == 0 {
                    let (r, col) = self.row_col(n);
                    live[c.index()][r] |= 1 << col;
                }
            }
            if self.top[n] != 0 {
                hash ^= self.tables.zob
                    [n * 4 + 2 + self.regions[self.top[n] as usize - 1].owner.index()];
            }
        }
        if hash != self.hash {
            return Err("the hash differs from the dots' and regions' Zobrist hash".into());
        }
        if live != self.live_rows {
            return Err("the live-dot bitboards differ from the live dots".into());
        }
        if self.fill.iter().any(|&x| x != 0) {
            return Err("the flood's scratch rows are not clear".into());
        }
        if self.final_turns > 2 {
            return Err(format!("{} final turns", self.final_turns));
        }
        let s = self.stride;
        for n in self.nodes() {
            for m in [n + 1, n + s - 1, n + s, n + s + 1] {
                if let Some(c) = self.dot(n)
                    && self.live(n, c)
                    && self.live(m, c)
                    && self.find(n) != self.find(m)
                {
                    return Err(format!(
                        "{} and {} touch but lie in different chains",
                        self.name(n),
                        self.name(m)
                    ));
                }
            }
        }
        let mut members = vec![0u32; self.cell.len()];
        for n in self.nodes() {
            members[self.find(n)] += 1;
        }
        for n in self.nodes() {
            let r = self.find(n);
            if self.find(r) != r
                || self.find(self.next[n] as usize) != r
                || (r == n && members[r] != self.chain_size[r])
            {
                return Err(format!(
                    "the chain of {} is not kept consistently",
                    self.name(n)
                ));
            }
        }
        let mut span: Vec<Option<[u8; 4]>> = vec![None; self.cell.len()];
        for n in self.nodes() {
            let (r, col) = self.row_col(n);
            let (r, col) = (r as u8, col as u8);
            let s = span[self.find(n)].get_or_insert([r, r, col, col]);
            *s = [s[0].min(r), s[1].max(r), s[2].min(col), s[3].max(col)];
        }
        if let Some(n) = self
            .nodes()
            .find(|&n| span[n].is_some_and(|s| s != self.span[n]))
        {
            return Err(format!(
                "the chain of {} spans {:?}, not {:?}",
                self.name(n),
                span[n],
                self.span[n]
            ));
        }
        if self.closed_known {
            for c in [Color::Black, Color::White] {
                let mut seen = vec![false; self.cell.len()];
                for s in self.nodes() {
                    if seen[s] || self.live(s, c) {
                        continue;
                    }
                    seen[s] = true;
                    let (mut pool, mut stack, mut border) = (vec![s], vec![s], false);
                    while let Some(n) = stack.pop() {
                        border |= self.on_border(n);
                        for m in [n - self.stride, n - 1, n + 1, n + self.stride] {
                            if self.cell[m] != OFF && !seen[m] && !self.live(m, c) {
                                seen[m] = true;
                                stack.push(m);
                                pool.push(m);
                            }
                        }
                    }
                    let unmarked = pool.iter().find(|&&n| {
                        let (r, col) = self.row_col(n);
                        self.top[n] == 0 && self.closed[c.index()][r] >> col & 1 == 0
                    });
                    if let (false, Some(&n)) = (border, unmarked) {
                        return Err(format!(
                            "{} lies in a closed pool of {} but is not marked so",
                            self.name(n),
                            c.name()
                        ));
                    }
                }
            }
        }
        if self.marks.windows(2).any(|w| w[0].0 > w[1].0)
            || self.marks.last().is_some_and(|m| m.0 > self.log.len())
        {
            return Err("the undo marks do not match the log".into());
        }
        Ok(())
    }

    /// Places a set-up dot (no move is recorded).
    pub fn setup_dot(&mut self, n: Node, c: Color) -> Result<(), Refusal> {
        if self.cell[n] != EMPTY {
            return Err(Refusal::Occupied);
        }
        self.put(n, c);
        Ok(())
    }
}

#[cfg(test)]
mod fast_path_tests {
    use super::*;
    use crate::util::rng;
    use rand::RngExt;

    fn at(k: &Kropki, name: &str) -> Node {
        k.parse(name).unwrap()
    }

    /// The orthogonal neighbours of `n` on the grid.
    fn around(k: &Kropki, n: Node) -> Vec<Node> {
        let (c, r) = k.board().coord(k.id(n));
        let (w, h) = k.size();
        let (c, r) = (c as usize, r as usize);
        let mut out = Vec::new();
        if c > 0 {
            out.push(k.node(c - 1, r));
        }
        if c + 1 < w {
            out.push(k.node(c + 1, r));
        }
        if r > 0 {
            out.push(k.node(c, r - 1));
        }
        if r + 1 < h {
            out.push(k.node(c, r + 1));
        }
        out
    }

    /// Automatic capture written plainly with the game's own moves and the full scan: the
    /// mover declares every pool next to the new dot that holds a live enemy dot, unless that
    /// pool with the new dot was already closed before it; when the mover declares nothing and
    /// the new dot stands in a closed pool of the opponent, the opponent declares it.
    fn auto_by_hand(k: &mut Kropki, n: Node) -> Result<usize, Refusal> {
        k.can_place(n)?;
        let c = k.to_move();
        let before = k.pool(c, n).ok().map(|p| p.nodes);
        k.play(n, &[])?;
        let near = around(k, n);
        let (mut ds, mut took) = (Vec::new(), 0);
        for p in k.declarable(c) {
            let mut with = p.nodes.clone();
            with.push(n);
            with.sort_unstable();
            if p.nodes.iter().any(|m| near.contains(m)) && before.as_ref() != Some(&with) {
                took += p.captures;
                ds.push(p.nodes[0]);
            }
        }
        k.undo();
        k.play(n, &ds).unwrap();
        if took == 0 && k.pool(c.opp(), n).is_ok() {
            k.declare(c.opp(), n).unwrap();
        }
        Ok(took)
    }

    /// The ring shape read from the live dots one node at a time.
    fn shape_by_hand(k: &Kropki, c: Color, n: Node) -> Shape {
        let mut mask = 0;
        for (i, &m) in k.ring(n).iter().enumerate() {
            mask |= u32::from(k.live(m, c)) << i;
        }
        Shape::of(mask)
    }

    #[test]
    fn declaring_after_the_placement_and_the_kept_pools_agree_with_the_plain_path() {
        // Random games declaring greedily: the ring shapes read from the bitboards match the
        // plain ring, the pools kept for `closed_by` match a fresh flood, and declaring after
        // the placement gives the position `play` gives with the declarations named up front.
        let mut r = rng(41);
        let (mut closing, mut declared) = (0, 0);
        for game in 0..8 {
            let (w, h) = [(9, 8), (14, 12), (21, 15), (39, 32)][game % 4];
            let mut k = Kropki::new(w, h);
            let mut free: Vec<Node> = k.nodes().collect();
            while !free.is_empty() {
                let m = free.swap_remove(r.random_range(0..free.len()));
                if k.can_place(m).is_err() {
                    continue;
                }
                let c = k.to_move();
                for n in k.nodes().collect::<Vec<_>>() {
                    for p in [c, c.opp()] {
                        let (a, b) = (k.shape(p, n), shape_by_hand(&k, p, n));
                        assert_eq!(
                            (a.groups, a.reps, a.runs, a.starts),
                            (b.groups, b.reps, b.runs, b.starts),
                            "{} for {}",
                            k.name(n),
                            p.name()
                        );
                    }
                }
                k.play(m, &[]).unwrap();
                let kept = k.closed_by(c, m);
                let mut plain = k.clone();
                plain.fresh = None;
                plain.quiet = None;
                assert_eq!(kept, plain.closed_by(c, m), "at {}", k.name(m));
                closing += usize::from(!kept.is_empty());
                let mut ds: Vec<Node> = kept.iter().map(|p| p.nodes[0]).collect();
                // Now and then a node of an open area or an own dot, which are refused.
                ds.push(k.nodes().nth(r.random_range(0..w * h)).unwrap());
                ds.sort_unstable();
                let mut taken = Vec::new();
                for &d in &ds {
                    let before = k.hash();
                    match k.declare_in_move(d) {
                        Ok(()) => taken.push(d),
                        Err(_) => assert_eq!(k.hash(), before),
                    }
                }
                declared += taken.len();
                let mut up_front = k.clone();
                up_front.undo();
                up_front.play(m, &taken).unwrap();
                assert_eq!(up_front.hash(), k.hash());
                assert_eq!(up_front.regions(), k.regions());
                assert_eq!(up_front.to_move(), k.to_move());
                assert_eq!(k.check_invariants(), Ok(()), "at {}", k.name(m));
                assert_eq!(up_front.check_invariants(), Ok(()));
            }
            while k.moves_played() > 0 {
                k.undo();
            }
            assert!(k.hash() == 0 && k.regions().is_empty());
            assert_eq!(k.check_invariants(), Ok(()));
        }
        assert!(
            closing > 50 && declared > 50,
            "{closing} closing, {declared} declared"
        );
    }

    #[test]
    fn a_border_dot_that_seals_a_pool_closes_it() {
        // White D2 is shut in by Black C1 C2 D3 E2 E1 once Black takes D1 on the border:
        // nothing splits around D1 on the grid, but the outside is cut off.
        let mut k = Kropki::new(7, 7);
        for (name, c) in [
            ("C1", Color::Black),
            ("C2", Color::Black),
            ("D3", Color::Black),
            ("E2", Color::Black),
            ("E1", Color::Black),
            ("D2", Color::White),
        ] {
            let n = at(&k, name);
            k.setup_dot(n, c).unwrap();
        }
        let d1 = at(&k, "D1");
        k.play(d1, &[]).unwrap();
        let pools = k.closed_by(Color::Black, d1);
        assert_eq!(pools.len(), 1);
        assert_eq!(pools[0].nodes, vec![at(&k, "D2")]);
        k.undo();
        assert_eq!(k.play_auto(d1), Ok(1));
        assert_eq!(k.captured(), [1, 0]);
    }

    #[test]
    fn a_dot_played_into_a_closed_pool_is_taken_at_once() {
        let mut k = Kropki::new(7, 7);
        for name in ["D5", "C4", "E4", "D3"] {
            let n = at(&k, name);
            k.setup_dot(n, Color::Black).unwrap();
        }
        k.set_to_move(Color::White);
        assert_eq!(k.play_auto(at(&k, "D4")), Ok(0));
        assert_eq!(k.captured(), [1, 0]);
        assert!(k.inside(at(&k, "D4")));
        assert_eq!(k.to_move(), Color::Black);
        k.undo();
        assert_eq!(k.captured(), [0, 0]);
        assert!(k.regions().is_empty());
    }

    #[test]
    fn automatic_capture_agrees_with_the_plain_rules_on_random_games() {
        // Whole random games (every node tried once in random order), the fast path against
        // the plain one, position by position, then taken back to the empty grid.
        let mut r = rng(33);
        let mut placed = 0;
        let mut taken = 0;
        for game in 0..6 {
            let (w, h) = [(9, 8), (13, 11), (16, 12)][game % 3];
            let mut fast = Kropki::new(w, h);
            let mut slow = fast.clone();
            let mut order: Vec<Node> = fast.nodes().collect();
            for i in (1..order.len()).rev() {
                order.swap(i, r.random_range(0..=i));
            }
            for &n in &order {
                let want = auto_by_hand(&mut slow, n);
                assert_eq!(fast.play_auto(n), want, "at {}", fast.name(n));
                assert_eq!(fast.hash(), slow.hash(), "at {}", fast.name(n));
                // Regions made by one move are disjoint; their order does not matter.
                let sorted = |k: &Kropki| {
                    let mut v: Vec<_> = k
                        .regions()
                        .iter()
                        .map(|r| (r.interior.clone(), r.owner.index()))
                        .collect();
                    v.sort();
                    v
                };
                assert_eq!(sorted(&fast), sorted(&slow), "at {}", fast.name(n));
                assert_eq!(fast.to_move(), slow.to_move());
                assert_eq!(fast.check_invariants(), Ok(()), "at {}", fast.name(n));
                placed += usize::from(want.is_ok());
            }
            assert_eq!(fast.check_invariants(), Ok(()));
            assert_eq!(fast.captured(), slow.captured());
            taken += fast.regions().len();
            while fast.moves_played() > 0 {
                fast.undo();
            }
            assert_eq!(fast.hash(), 0);
            assert!(fast.regions().is_empty() && fast.nodes().all(|n| fast.dot(n).is_none()));
            assert_eq!(fast.check_invariants(), Ok(()));
        }
        assert!(
            placed > 500 && taken > 20,
            "{placed} placements, {taken} regions"
        );
    }
}

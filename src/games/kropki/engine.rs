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
//!   border;
//! - a placement can only close a pool by splitting the area around it: the eight neighbours
//!   show whether it does (the outside of the grid counting as one area; one lookup in a
//!   256-entry table of ring shapes gives the open groups and runs of dots), and chains of dots
//!   kept as a union-find forest (undone with the log) show whether a ring through the new dot
//!   is possible at all; only then are the few groups around it flooded;
//! - every pool a placement closes is recorded (one bit a node), so "does this node lie in a
//!   closed pool of that player?" is mostly answered without a flood (`pool_captures`,
//!   `closed_by`, `play_auto`).
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
    /// Chain `.0` (a root) was joined under root `.1`.
    Union(Node, Node),
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
    /// Chains of dots as a union-find forest (union by size, no path compression, so `undo`
    /// can take a union back): two dots 8-connected through live dots of their colour share a
    /// root (dots captured later stay joined, which only costs a needless flood).
    parent: Vec<u32>,
    chain_size: Vec<u32>,
    /// The last dot placed when it closed no pool and nothing changed since.
    quiet: Option<Node>,
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
    /// For each set of live dots of one colour among the eight neighbours (bit k for place k
    /// of the ring N, NE, E, SE, S, SW, W, NW), what `split` and the chain runs need.
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
                shapes: (0..256).map(Shape::of).collect(),
            }),
            hash: 0,
            log: Vec::new(),
            marks: Vec::new(),
            stamp: vec![0; len],
            parent: (0..len as u32).collect(),
            chain_size: vec![1; len],
            quiet: None,
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
        let ring = self.ring(n);
        let sh = self.shape(c, &ring);
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
            self.parent[small] = large as u32;
            self.chain_size[large] += self.chain_size[small];
            self.log.push(Change::Union(small, large));
            root = large;
        }
        (reps, groups)
    }

    /// The root of the chain holding `n`.
    fn find(&self, mut n: Node) -> Node {
        while self.parent[n] as usize != n {
            n = self.parent[n] as usize;
        }
        n
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
        if known {
            self.mark_closed(c, &reps[..groups]);
        }
        for &d in declare {
            if let Err(e) = self.declare_inner(c, d) {
                self.undo();
                return Err(e);
            }
        }
        self.to_move = c.opp();
        Ok(())
    }

    /// After a dot of `c`: records in `closed` every pool of `c` the dot closed (one flood per
    /// group `put` returned), so `closed` stays known.
    fn mark_closed(&mut self, c: Color, reps: &[Node]) {
        let mut done = [false; 4];
        for i in 0..reps.len() {
            let m = reps[i];
            if done[i] || self.cell[m] == OFF {
                continue;
            }
            if let Ok((_, lo, hi)) = self.flood(c, m) {
                for (j, &x) in reps.iter().enumerate().skip(i + 1) {
                    if self.cell[x] != OFF {
                        let (r, col) = self.row_col(x);
                        done[j] |= self.fill[r] >> col & 1 == 1;
                    }
                }
                for r in lo..=hi {
                    self.closed[c.index()][r] |= std::mem::take(&mut self.fill[r]);
                }
            }
        }
        self.closed_known = true;
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
        self.regions.push(Region {
            owner: c,
            interior: pool.nodes.clone(),
        });
        self.log.push(Change::Region);
        let id = self.regions.len() as u16;
        for &n in &pool.nodes {
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
        if self.on_border(d) {
            return Err(Refusal::TouchesBorder);
        }
        // A straight run of open nodes from d to the border settles most open areas at once.
        for step in [1, self.stride, usize::MAX, usize::MAX - self.stride + 1] {
            let mut n = d;
            loop {
                n = n.wrapping_add(step);
                if self.cell[n] == OFF || self.live(n, c) {
                    break;
                }
                if self.on_border(n) {
                    return Err(Refusal::TouchesBorder);
                }
            }
        }
        let (h, full) = (self.h, (1u64 << self.w) - 1);
        let edges = 1 | 1 << (self.w - 1);
        let own = &self.live_rows[c.index()];
        let open = |r: usize| !own[r] & full;
        let fill = &mut self.fill;
        let (rd, cd) = (d / self.stride - 1, d % self.stride - 1);
        let (mut lo, mut hi) = (rd, rd);
        fill[rd] = row_fill(1 << cd, open(rd));
        let mut touches = fill[rd] & edges != 0;
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
            *touches |= x & edges != 0 || r == 0 || r + 1 == h;
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
    /// decides. The fast path for playouts that declare greedily.
    pub fn closed_by(&mut self, c: Color, n: Node) -> Vec<Pool> {
        if self.quiet == Some(n) && self.live(n, c) {
            return Vec::new();
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
        let sh = self.shape(c, &ring);
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

    /// The shape (open groups, runs of live dots) of `c`'s live dots on a ring.
    fn shape(&self, c: Color, ring: &[Node; 8]) -> Shape {
        let mut mask = 0;
        for (k, &m) in ring.iter().enumerate() {
            mask |= u32::from(self.live(m, c)) << k;
        }
        self.tables.shapes[mask as usize]
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
                Change::Union(child, root) => {
                    self.parent[child] = child as u32;
                    self.chain_size[root] -= self.chain_size[child];
                }
            }
        }
        self.quiet = None;
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
    /// disjoint from every older region), the declaration-only turns and the undo records.
    /// `Err` names the first difference.
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

//! The Kropki engine in the pool model of RULES.md section 3: a padded W x H grid, live points
//! (coloured nodes not inside any declared region), pools (4-connected sets of nodes that are
//! not the player's live points; a pool touching the border cannot be declared), declared
//! regions nesting outward (a new region swallows every older region it meets), scoring by the
//! outermost region, and an undo log.

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
    zob: Vec<u64>,
    hash: u64,
    log: Vec<Change>,
    marks: Vec<(usize, Color, u8, u64)>,
    stamp: Vec<u32>,
    epoch: u32,
    /// Live dots per colour as row bitboards (bit `col` of word `row`).
    live_rows: [Vec<u64>; 2],
    /// Scratch rows for the bitboard flood; all zero between calls.
    fill: Vec<u64>,
    board: std::sync::Arc<Board>,
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
            zob: crate::util::zobrist_table(len * 4, 0x00D0_7500),
            hash: 0,
            log: Vec::new(),
            marks: Vec::new(),
            stamp: vec![0; len],
            epoch: 0,
            live_rows: [vec![0; h], vec![0; h]],
            fill: vec![0; h],
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
        let (r, c) = (n / self.stride, n % self.stride);
        r == 1 || c == 1 || r == self.h || c == self.w
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
        (n / self.stride - 1, n % self.stride - 1)
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

    fn put(&mut self, n: Node, c: Color) {
        self.cell[n] = cell(c);
        self.sync_live(n);
        self.hash ^= self.zob[n * 4 + c.index()];
        self.log.push(Change::Dot(n));
    }

    fn set_top(&mut self, n: Node, t: u16) {
        let old = self.top[n];
        if old != 0 {
            self.hash ^= self.zob[n * 4 + 2 + self.regions[old as usize - 1].owner.index()];
        }
        self.top[n] = t;
        self.sync_live(n);
        if t != 0 {
            self.hash ^= self.zob[n * 4 + 2 + self.regions[t as usize - 1].owner.index()];
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
        self.marks
            .push((self.log.len(), self.to_move, self.final_turns, self.hash));
    }

    /// Places a dot for the side to move and declares the pools around `declare` (nodes
    /// inside them); the turn then passes. All or nothing: on a refusal nothing changes.
    pub fn play(&mut self, n: Node, declare: &[Node]) -> Result<(), Refusal> {
        self.can_place(n)?;
        self.begin();
        let c = self.to_move;
        self.put(n, c);
        for &d in declare {
            if let Err(e) = self.declare_inner(c, d) {
                self.undo();
                return Err(e);
            }
        }
        self.to_move = c.opp();
        Ok(())
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
    /// new dot splits the 4-connected set of nodes around it: walking the eight neighbours in
    /// order, the open orthogonal neighbours (not `c`'s live dots) fall into groups joined
    /// through open diagonal corners; with one group or none nothing was split. Otherwise one
    /// flood per group decides. The fast path for playouts that declare greedily.
    pub fn closed_by(&mut self, c: Color, n: Node) -> Vec<Pool> {
        let s = self.stride;
        // Ring order: N, NE, E, SE, S, SW, W, NW (orthogonal at even places).
        let ring = [
            n + s,
            n + s + 1,
            n + 1,
            n - s + 1,
            n - s,
            n - s - 1,
            n - 1,
            n + s - 1,
        ];
        let open = |m: Node| self.cell[m] != OFF && !self.live(m, c);
        let mut reps: [Node; 4] = [0; 4];
        let mut groups = 0;
        let mut in_group = false;
        for (k, &m) in ring.iter().enumerate() {
            if k % 2 == 0 {
                if open(m) {
                    if !in_group {
                        reps[groups] = m;
                        groups += 1;
                        in_group = true;
                    }
                } else {
                    in_group = false;
                }
            } else if !open(m) {
                in_group = false;
            }
        }
        // The walk is circular: a group running over NW into N is the first group.
        if groups > 1 && open(ring[0]) && open(ring[7]) && open(ring[6]) && in_group {
            groups -= 1;
        }
        if groups <= 1 {
            return Vec::new();
        }
        let mut out: Vec<Pool> = Vec::new();
        for &m in &reps[..groups] {
            if out.iter().any(|p| p.nodes.binary_search(&m).is_ok()) {
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
        let (len, to_move, final_turns, hash) = self.marks.pop().expect("undo with nothing played");
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
            }
        }
        self.to_move = to_move;
        self.final_turns = final_turns;
        self.hash = hash;
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
                hash ^= self.zob[n * 4 + c.index()];
                if self.top[n] == 0 {
                    let (r, col) = self.row_col(n);
                    live[c.index()][r] |= 1 << col;
                }
            }
            if self.top[n] != 0 {
                hash ^= self.zob[n * 4 + 2 + self.regions[self.top[n] as usize - 1].owner.index()];
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

//! Kropki's puzzle kinds, proven over the whole board with every legal move of both sides and
//! every choice of declarations (`problem::Hunt`, `solve`):
//!
//! - `capture` (the default): the side to move encloses and declares an enemy dot within N of
//!   its own moves, N = 1..3 minimal, against every defence (the defender's own captures, which
//!   break rings, included); exactly one first placement does it.
//! - `escape`: the marked dots (a chain of the side to move: its live dots joined through their
//!   eight neighbours) are threatened: the opponent, moving now, would capture one of them
//!   within N (1..2, minimal); exactly one move of the side to move (a placement with its
//!   declarations) leaves the opponent no capture of a marked dot within N.
//!
//! The board is a square of `size` nodes a side (7..11, 9 by default): large enough for rings,
//! ladders and the border's part in them, small enough for the proof search over every move of
//! the whole board, and for the exhaustive cross-check, to run in seconds.
//!
//! Candidates come from short engine-guided playouts: from the seed, dots of both colours in a
//! small area of the board, each side placing next to the dots already there more often than
//! not, at random, never making a move that would leave either side a region to declare (so a
//! puzzle's position has no regions), stopped where the kind's condition first holds under a
//! quick search. The position is then proven.
//!
//! A record keeps `size`, `black`, `white` (node names), the N (`in`) and, for `escape`,
//! `target` (one node of the marked chain). Its `key_move` is the node the key move places on
//! (the reader's answer, a point of the board); the main line gives each move in full, in the
//! position files' notation ("E6+E5": place at E6 and declare the region around E5). Its tree (`sgf`) is the key move's solution tree
//! with each kept wrong first move and its refutation as variations. `verify` proves the
//! record's position again from these keys alone and compares every claim.

use rand::RngExt;
use serde_json::Value;

use super::engine::{Kropki, Node};
use super::figure::chain_pieces;
use super::look::LOOK;
use super::problem::{Hunt, Move};
use super::solve::{self as search, Found, chain};
use crate::figure::{Colour, Figure, Line, MarkKind, Outline, Region, Tone, Window};
use crate::games::puzzle::{Candidate, Fields, PuzzleKind, Record, Wrong, differences};
use crate::games::solving::tree_text;
use crate::games::{Color, position::list_tokens};
use crate::geometry::{Board, PointId};
use crate::solve::{Branch, Budget, Status};

/// Nodes each search of the generator may expand.
pub const GEN_NODES: u64 = 20_000;

/// The largest N of the `capture` kind.
pub const CAPTURE_MAX_N: u32 = 3;

/// The largest N of the `escape` kind.
pub const ESCAPE_MAX_N: u32 = 2;

/// Wrong first moves kept in a record: the first ones in the search's order (the nodes next to
/// the most dots come first: the tempting ones).
pub const WRONG_KEPT: usize = 8;

/// Board sides a puzzles table may ask for: (least, largest, default).
pub const SIZES: (usize, usize, usize) = (7, 11, 9);

/// One of Kropki's puzzle kinds: its name and bands, and how it samples and proves; the rest
/// (board, dots, figure, record keys) is the same for both.
pub struct KropkiKind {
    name: &'static str,
    default: bool,
    bands: [usize; 2],
    sample: fn(u64, usize) -> Option<Cand>,
    prove: fn(&Cand, u64, u64) -> Result<Record, String>,
    /// The chapter page's paragraph.
    intro: &'static str,
}

/// The `capture` kind (the default).
pub static CAPTURE: KropkiKind = KropkiKind {
    name: "capture",
    default: true,
    bands: CAPTURE_BANDS,
    intro: "Enclose at least one of the opponent's dots within the number of your own moves the \
            problem gives, and declare the region, whatever the opponent plays: its own captures, \
            which break your ring, included. A ring that leans on the edge of the grid encloses \
            nothing. A move is written as its node, with + and a node inside each region it \
            declares (G1+E2). The answer numbers the moves in order and shades the region won.",
    sample: sample_capture,
    prove: prove_capture,
};

/// The `escape` kind.
pub static ESCAPE: KropkiKind = KropkiKind {
    name: "escape",
    default: false,
    bands: ESCAPE_BANDS,
    intro: "The marked dots are in danger: the opponent, moving now, would capture one of them \
            within the number of moves the problem gives. Find the one move, a dot and any \
            regions it declares, after which they cannot be captured in that time. The answer \
            numbers the moves in order.",
    sample: sample_escape,
    prove: prove_escape,
};

/// Kropki's puzzle kinds.
pub static PUZZLE_KINDS: &[&dyn PuzzleKind] = &[&CAPTURE, &ESCAPE];

/// A position to prove, with the marked dot (escape).
pub struct Cand {
    /// The position.
    pub k: Kropki,
    /// A node of the marked chain (escape only).
    pub target: Option<Node>,
}

/// The budget of one search.
fn budget(nodes: u64) -> Budget {
    Budget {
        nodes,
        table_entries: 1 << 17,
        ..Budget::default()
    }
}

/// True when some side could declare a region now.
fn any_declarable(k: &mut Kropki) -> bool {
    !k.declarable(Color::Black).is_empty() || !k.declarable(Color::White).is_empty()
}

/// A playout from the seed on a `size` grid: dots in an area of 5 x 5 to 6 x 6 nodes, the
/// side to move choosing mostly next to dots; stopped (the position returned) at the first
/// ply from the sixth on where `ready` holds. None when it runs long.
fn playout(seed: u64, size: usize, mut ready: impl FnMut(&Kropki) -> bool) -> Option<Kropki> {
    let mut rng = crate::util::rng(seed);
    let mut k = Kropki::new(size, size);
    let span = rng.random_range(5..=6usize).min(size);
    let (x0, y0) = (
        rng.random_range(0..=size - span),
        rng.random_range(0..=size - span),
    );
    let area: Vec<Node> = (0..span)
        .flat_map(|dy| (0..span).map(move |dx| (x0 + dx, y0 + dy)))
        .map(|(x, y)| k.node(x, y))
        .collect();
    let s = size + 2;
    let plies = rng.random_range(14..=30);
    if rng.random_range(0..2) == 1 {
        k.set_to_move(Color::White);
    }
    for i in 0..plies {
        let near = |k: &Kropki, n: Node| {
            [
                n - s - 1,
                n - s,
                n - s + 1,
                n - 1,
                n + 1,
                n + s - 1,
                n + s,
                n + s + 1,
            ]
            .iter()
            .filter(|&&m| k.dot(m).is_some())
            .count()
        };
        let mut free: Vec<Node> = area
            .iter()
            .copied()
            .filter(|&n| k.can_place(n).is_ok())
            .collect();
        let mut placed = false;
        for _ in 0..12 {
            if free.is_empty() {
                return None;
            }
            let touching: Vec<Node> = free.iter().copied().filter(|&n| near(&k, n) > 0).collect();
            let pool = if !touching.is_empty() && rng.random_range(0..4) != 0 {
                &touching
            } else {
                &free
            };
            let n = pool[rng.random_range(0..pool.len())];
            k.play(n, &[]).expect("a free node");
            if any_declarable(&mut k) {
                k.undo();
                free.retain(|&m| m != n);
                continue;
            }
            placed = true;
            break;
        }
        if !placed {
            return None;
        }
        if i >= 5 && ready(&k) {
            return Some(fresh(&k));
        }
    }
    None
}

/// The dots and side to move of `k`, set up afresh (no history).
fn fresh(k: &Kropki) -> Kropki {
    let (w, h) = k.size();
    let mut out = Kropki::new(w, h);
    for n in k.nodes() {
        if let Some(c) = k.dot(n) {
            out.setup_dot(n, c).expect("an empty node");
        }
    }
    out.set_to_move(k.to_move());
    out
}

/// Nodes of the quick searches that stop a playout, per move of the N looked for.
pub const SAMPLE_NODES: u64 = 2_000;

/// Samples a `capture` candidate: a playout stopped at the first position where the side to
/// move needs exactly N placements for a capture by `Hunt::needs` (N drawn from the seed, so
/// the capture is in N exactly) and a quick search proves a capture within N.
pub fn sample_capture(seed: u64, size: usize) -> Option<Cand> {
    let mut rng = crate::util::rng(seed ^ 0xCA97);
    let want: u32 = [1, 2, 2, 2, 3, 3][rng.random_range(0..6)];
    playout(seed, size, |k| {
        let mut hunt = Hunt::new(k.clone(), k.to_move(), want, None, true);
        hunt.needs(want) == want
            && search::capture(k, want, &budget(SAMPLE_NODES * u64::from(want)))
                .win
                .status
                == Status::Proven
    })
    .map(|k| Cand { k, target: None })
}

/// Samples an `escape` candidate: a playout stopped at the first position where a chain of the
/// side to move is exactly N placements from capture by `Hunt::needs` (N drawn from the seed) and a quick search
/// proves the opponent's threat to it within N (the smallest such chain). The chain's first dot
/// off the border is the target.
pub fn sample_escape(seed: u64, size: usize) -> Option<Cand> {
    let mut rng = crate::util::rng(seed ^ 0xE5C);
    let want: u32 = [1, 2, 2, 2][rng.random_range(0..4)];
    let mut target = None;
    let k = playout(seed, size, |k| {
        let me = k.to_move();
        let mut chains: Vec<Vec<Node>> = Vec::new();
        for n in search::live_dots(k, me) {
            if !k.on_border(n) && !chains.iter().any(|ch| ch.contains(&n)) {
                chains.push(chain(k, n));
            }
        }
        // The smallest chains first: a few marked dots read best.
        chains.sort_by_key(|ch| (ch.len(), ch[0]));
        for ch in chains {
            let mut them = k.clone();
            them.set_to_move(me.opp());
            let mut hunt = Hunt::new(them, me.opp(), want, Some(ch.clone()), true);
            if hunt.needs(want) != want {
                continue;
            }
            if let (Ok(Some(_)), _) = search::threat(k, &ch, want, &budget(SAMPLE_NODES)) {
                target = ch.iter().copied().find(|&n| !k.on_border(n));
                return true;
            }
        }
        false
    })?;
    Some(Cand { k, target })
}

/// The record's position keys.
fn position_fields(k: &Kropki) -> Fields {
    let list = |c: Color| {
        k.nodes()
            .filter(|&n| k.dot(n) == Some(c))
            .map(|n| k.name(n))
            .collect::<Vec<_>>()
            .join(" ")
    };
    Fields::new()
        .with("size", k.size().0)
        .with("black", list(Color::Black))
        .with("white", list(Color::White))
}

/// The board side of a record.
fn record_size(r: &Record) -> Result<usize, String> {
    let size = r
        .position
        .get("size")
        .and_then(Value::as_u64)
        .ok_or("size: missing")? as usize;
    if !(SIZES.0..=SIZES.1).contains(&size) {
        return Err(format!("size: {size} is outside {}..{}", SIZES.0, SIZES.1));
    }
    Ok(size)
}

/// The position of a record, with its marked dot when it has one.
fn position(r: &Record) -> Result<Cand, String> {
    let size = record_size(r)?;
    let mut k = Kropki::new(size, size);
    for (key, c) in [("black", Color::Black), ("white", Color::White)] {
        let list = r.position.get(key).and_then(Value::as_str).unwrap_or("");
        for name in list_tokens(list) {
            let n = k.parse(name).map_err(|e| format!("{key}: {e}"))?;
            k.setup_dot(n, c)
                .map_err(|_| format!("{key}: {name} is given twice"))?;
        }
    }
    let to_move = Color::parse(&r.to_play).ok_or_else(|| format!("to_play: '{}'", r.to_play))?;
    k.set_to_move(to_move);
    let target = match r.focus.get("target").and_then(Value::as_str) {
        Some(t) => {
            let n = k.parse(t).map_err(|e| format!("target: {e}"))?;
            if k.dot(n) != Some(to_move) {
                return Err(format!("target: {t} holds no dot of the side to move"));
            }
            Some(n)
        }
        None => None,
    };
    Ok(Cand { k, target })
}

/// Turns a unique proof into a record (grade from the kind's bands).
fn record(
    c: &Cand,
    kind: &dyn PuzzleKind,
    found: &Found,
    instruction: String,
    seed: u64,
    nodes: u64,
) -> Result<Record, String> {
    let k = &c.k;
    let proof = &found.win.proof;
    if found.win.status != Status::Proven {
        return Err(format!("not proven ({})", found.win.status.name()));
    }
    let key = proof.key_move.ok_or("no key move")?;
    match proof.unique {
        Some(true) => {}
        Some(false) => return Err("more than one winning first move".into()),
        None => return Err("uniqueness not established".into()),
    }
    let name = |m: Move| m.name(k);
    let wrong: Vec<(Move, Option<Move>)> =
        proof.refutations.iter().take(WRONG_KEPT).copied().collect();
    let mut tree: Vec<Branch<Move>> = found.tree.clone();
    for &(w, reply) in &wrong {
        tree.push(Branch {
            mv: w,
            next: reply
                .map(|r| Branch {
                    mv: r,
                    next: Vec::new(),
                })
                .into_iter()
                .collect(),
        });
    }
    let mut focus = Fields::new().with("in", found.win.n);
    if let Some(t) = c.target {
        focus = focus.with("target", k.name(t));
    }
    Ok(Record {
        number: 0,
        game: "kropki".into(),
        position: position_fields(k),
        to_play: k.to_move().name().to_string(),
        goal: kind.name().to_string(),
        instruction,
        focus,
        key_move: k.name(key.at as Node),
        unique: true,
        main_line: proof.main_line.iter().map(|&m| name(m)).collect(),
        wrong_moves: wrong
            .iter()
            .map(|&(m, r)| Wrong {
                play: name(m),
                refutation: r.map(name),
            })
            .collect(),
        proof_size: found.proof_size,
        depth: proof.main_line.len(),
        nodes,
        grade: kind.grade(found.proof_size).to_string(),
        seed,
        sgf: tree_text(&tree, k.to_move(), &name),
    })
}

/// Proves a `capture` puzzle: the minimal N up to `CAPTURE_MAX_N`, a unique key.
pub fn prove_capture(c: &Cand, seed: u64, nodes: u64) -> Result<Record, String> {
    let found = search::capture(&c.k, CAPTURE_MAX_N, &budget(nodes));
    let instruction = format!(
        "{} to play and capture in {}",
        c.k.to_move().title(),
        found.win.n
    );
    let spent = found.win.nodes;
    record(c, &CAPTURE, &found, instruction, seed, spent)
}

/// Proves an `escape` puzzle: the opponent's threat to the marked chain within N (minimal, up
/// to `ESCAPE_MAX_N`), exactly one move that leaves it none.
pub fn prove_escape(c: &Cand, seed: u64, nodes: u64) -> Result<Record, String> {
    let t = c.target.ok_or("escape: no marked dot")?;
    let marked = chain(&c.k, t);
    if marked.is_empty() {
        return Err("target: not a live dot".into());
    }
    let b = budget(nodes);
    let (threat, mut spent) = search::threat(&c.k, &marked, ESCAPE_MAX_N, &b);
    let n = match threat {
        Ok(Some(n)) => n,
        Ok(None) => return Err("no threat to escape".into()),
        Err(n) => return Err(format!("the threat search ran out of budget at {n}")),
    };
    let found = search::escape(&c.k, &marked, n, &b);
    spent += found.win.nodes;
    let instruction = format!("{} to play and save the marked dots", c.k.to_move().title());
    record(c, &ESCAPE, &found, instruction, seed, spent)
}

fn tone(c: Color) -> Tone {
    match c {
        Color::Black => Tone::Black,
        Color::White => Tone::White,
    }
}

/// The figure of a record: its dots, cropped to them and the lines shown (coordinates on), the
/// marked dots triangled (escape); with `answer`, the main line numbered and the regions it
/// declares drawn as the game's diagrams draw them (filled inside their chains).
fn figure(r: &Record, answer: bool) -> Result<Figure, String> {
    let c = position(r)?;
    let mut k = c.k.clone();
    let board = k.board().clone();
    let mut fig = Figure::of_position(board.clone(), &LOOK, |id| {
        k.dot(k.node_of(id)).map(Colour::from)
    });
    let mut pts: Vec<PointId> = k
        .nodes()
        .filter(|&n| k.dot(n).is_some())
        .map(|n| k.id(n))
        .collect();
    let line: Vec<Move> = r
        .main_line
        .iter()
        .map(|m| Move::parse(&k, m))
        .collect::<Result<_, _>>()?;
    pts.extend(line.iter().map(|m| k.id(m.at as Node)));
    fig.window = Some(Window::around(&board, &pts, 1.0));
    if let Some(t) = c.target {
        for n in chain(&k, t) {
            fig.mark(k.id(n), MarkKind::Triangle);
        }
    }
    if !answer {
        return Ok(fig);
    }
    for (i, m) in line.iter().enumerate() {
        let who = k.to_move();
        k.play(m.at as Node, &m.declared())
            .map_err(|e| format!("main_line: {}: {}", r.main_line[i], e.reason()))?;
        fig.play(k.id(m.at as Node), who.into());
    }
    let regions = k.regions().to_vec();
    for reg in &regions {
        let ids: Vec<PointId> = reg.interior.iter().map(|&n| k.id(n)).collect();
        fig.regions.push(Region {
            outline: Outline::Pieces(chain_pieces(&board, &ids)),
            tone: tone(reg.owner),
            fill: true,
            line: Line::Solid,
        });
    }
    let won: usize = regions
        .iter()
        .map(|reg| {
            reg.interior
                .iter()
                .filter(|&&n| k.dot(n) == Some(reg.owner.opp()))
                .count()
        })
        .sum();
    let mut caption = if r.goal == "escape" {
        format!(
            "1 at {} saves the marked dots from {}'s capture in {} (the only move that does).",
            r.key_move,
            c.k.to_move().opp().title(),
            r.focus.get("in").and_then(Value::as_u64).unwrap_or(0)
        )
    } else {
        format!(
            "1 at {} captures {} (the only move that does).",
            r.key_move,
            if won == 1 {
                "a dot".to_string()
            } else {
                format!("{won} dots")
            }
        )
    };
    if let Some((w, m)) = r
        .wrong_moves
        .iter()
        .filter(|w| w.refutation.is_some())
        .filter_map(|w| Move::parse(&c.k, &w.play).ok().map(|m| (w, m)))
        .find(|(_, m)| line.iter().all(|l| l.at != m.at))
    {
        fig.mark(c.k.id(m.at as Node), MarkKind::Label("a".into()));
        caption.push_str(&format!(
            " Wrong: a ({}) is answered by {}.",
            w.play,
            w.refutation.as_deref().unwrap_or("")
        ));
    }
    fig.caption = caption;
    Ok(fig)
}

/// Reads the game-owned keys of a record (both kinds alike: `target` when present).
fn read_fields(extra: Vec<(String, Value)>) -> Result<(Fields, Fields), String> {
    let find = |key: &str| extra.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    let get = |key: &str| find(key).ok_or_else(|| format!("missing field `{key}`"));
    let mut position = Fields::new();
    for key in ["size", "black", "white"] {
        let v = get(key)?;
        check_field(key, &v)?;
        position = position.with(key, v);
    }
    let n = get("in")?;
    check_field("in", &n)?;
    let mut focus = Fields::new().with("in", n);
    if let Some(t) = find("target") {
        check_field("target", &t)?;
        focus = focus.with("target", t);
    }
    Ok((position, focus))
}

/// The type of one game-owned key.
fn check_field(key: &str, value: &Value) -> Result<(), String> {
    match key {
        "size" | "in" if !value.is_u64() => Err(format!("{key} must be a whole number")),
        "black" | "white" | "target" if !value.is_string() => {
            Err(format!("{key} must be a string"))
        }
        _ => Ok(()),
    }
}

/// The record's dots on `board`.
fn stones(r: &Record, board: &Board) -> Vec<(PointId, Color)> {
    let mut out = Vec::new();
    for (key, c) in [("black", Color::Black), ("white", Color::White)] {
        let list = r.position.get(key).and_then(Value::as_str).unwrap_or("");
        out.extend(
            list_tokens(list)
                .filter_map(|n| board.parse(n).ok())
                .map(|p| (p, c)),
        );
    }
    out
}

impl PuzzleKind for KropkiKind {
    fn name(&self) -> &'static str {
        self.name
    }

    fn introduction(&self) -> &'static str {
        self.intro
    }

    fn is_default(&self) -> bool {
        self.default
    }

    fn bands(&self) -> [usize; 2] {
        self.bands
    }

    fn sizes(&self) -> (usize, usize, usize) {
        SIZES
    }

    fn verify_nodes(&self) -> u64 {
        4 * GEN_NODES
    }

    fn sample(&self, seed: u64, size: usize) -> Option<Candidate> {
        (self.sample)(seed, size).map(|c| Box::new(c) as Candidate)
    }

    fn prove(&self, candidate: Candidate, seed: u64) -> Result<Record, String> {
        let c = candidate
            .downcast::<Cand>()
            .map_err(|_| "not a Kropki candidate".to_string())?;
        (self.prove)(&c, seed, GEN_NODES)
    }

    fn verify(&self, r: &Record, nodes: u64) -> Vec<String> {
        if r.goal != self.name {
            return vec![format!(
                "goal: '{}' is not this kind's ({})",
                r.goal, self.name
            )];
        }
        match position(r) {
            Ok(c) => differences(self, r, (self.prove)(&c, r.seed, nodes)),
            Err(e) => vec![e],
        }
    }

    fn board(&self, r: &Record) -> Result<Board, String> {
        let size = record_size(r)?;
        Ok(super::look::board(size, size))
    }

    fn stones(&self, r: &Record, board: &Board) -> Vec<(PointId, Color)> {
        stones(r, board)
    }

    fn figure(&self, r: &Record, answer: bool) -> Result<Figure, String> {
        figure(r, answer)
    }

    fn check_field(&self, key: &str, value: &Value) -> Result<(), String> {
        check_field(key, value)
    }

    fn read_fields(&self, extra: Vec<(String, Value)>) -> Result<(Fields, Fields), String> {
        read_fields(extra)
    }
}

/// Where the `capture` kind's medium and hard bands start (proof sizes, measured on size 9): a
/// capture in one proves in 2 positions (easy); a capture in two in about one position per
/// legal reply, each answered by the capture (110 to 150 on size 9: medium); a capture in two
/// whose replies need answers of their own, and a capture in three (a ladder proves in about
/// 300, a net in thousands), are hard.
pub const CAPTURE_BANDS: [usize; 2] = [50, 250];

/// Where the `escape` kind's medium and hard bands start (proof sizes, measured on size 9): an
/// escape from a capture in one proves in 2 positions (the key, then no capture: easy); an
/// escape from a capture in two needs the opponent's tries read out (tens of positions:
/// medium; a hundred and more, where the tries need answers of their own: hard). Escapes from
/// a capture in two with a single saving move are rare in the playouts (about one kept escape
/// in forty): most such threats can be met in several ways.
pub const ESCAPE_BANDS: [usize; 2] = [3, 100];

/// Reads a record's position and marked dots (for tests and the exhaustive check).
pub fn record_position(r: &Record) -> Result<(Kropki, Option<Vec<Node>>), String> {
    let c = position(r)?;
    let marked = c.target.map(|t| chain(&c.k, t));
    Ok((c.k, marked))
}

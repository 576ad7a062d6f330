//! Hexade's puzzle kinds, proven over the whole board with every legal move (`search`):
//!
//! - `six` (the default): the side to move makes a perfect six (one that is still on the board
//!   at the start of its next turn) within N of its own moves, N = 1..3 minimal, against every
//!   defence, captures and the defender's own sixes included; exactly one first move does it.
//! - `defend`: the opponent would make a perfect six within N (1..2, minimal) if it moved now;
//!   exactly one move of the side to move (a block or a capture) leaves it no six within N.
//!
//! Candidates come from short engine-guided playouts: from the seed, a few stones of both
//! colours in a small area of the board, each side choosing among the best cells of a
//! shape-count heuristic (completing and blocking shapes, capturing) at random, stopped where
//! the kind's condition first looks possible (the side to move, or its opponent, a few stones
//! short of a six). The position is then set up afresh (White's distance rule over) and proven.
//!
//! A record keeps `base`, `white`, `black` (cell names) and the N (`in`). Its tree (`sgf`) is
//! the key move's solution tree (`search`: every defence answered differently from the main
//! line is a variation) with each kept wrong first move and its refutation as variations.
//! `verify` proves the record's position again from these keys alone and compares every claim.

use rand::RngExt;
use serde_json::Value;

use super::engine::{Hexade, Outcome};
use super::look::{self, HEXADE_BASES, LOOK};
use super::problem::Race;
use super::search::{self, Found};
use crate::figure::{Colour, Figure, MarkKind, Window};
use crate::games::puzzle::{Candidate, Fields, PuzzleKind, Record, Wrong, differences};
use crate::games::solving::tree_text;
use crate::games::{Color, position::list_tokens};
use crate::geometry::{Board, PointId};
use crate::solve::{Branch, Budget, Status};

/// Nodes each search of the generator may expand.
pub const GEN_NODES: u64 = 30_000;

/// The largest N of the `six` kind.
pub const SIX_MAX_N: u32 = 3;

/// The largest N of the `defend` kind.
pub const DEFEND_MAX_N: u32 = 2;

/// Wrong first moves kept in a record: the first ones in the search's order (captures and the
/// cells of the fullest shapes come first: the tempting ones).
pub const WRONG_KEPT: usize = 8;

/// One of Hexade's puzzle kinds: its name and bands, and how it samples and proves; the
/// rest (board, stones, figure, record keys) is the same for both.
pub struct HexadeKind {
    name: &'static str,
    default: bool,
    bands: [usize; 2],
    intro: &'static str,
    sample: fn(u64, usize) -> Option<Hexade>,
    prove: fn(&Hexade, u64, u64) -> Result<Record, String>,
}

/// The `six` kind (the default).
pub static SIX: HexadeKind = HexadeKind {
    name: "six",
    default: true,
    bands: SIX_BANDS,
    intro: "Make a perfect six within the number of your own moves the problem gives, whatever \
            the opponent plays: six in a row, a triangle of six or a ring of six around a cell. A \
            six counts only if it still stands at the start of your next turn, so the opponent's \
            captures (a stone that flanks exactly two of yours in a line removes them) are part of \
            the defence. The answer numbers the moves in order and crosses out captured stones; \
            the letter a marks a tempting wrong move, with the reply that refutes it.",
    sample: sample_six,
    prove: prove_six,
};

/// The `defend` kind.
pub static DEFEND: HexadeKind = HexadeKind {
    name: "defend",
    default: false,
    bands: DEFEND_BANDS,
    intro: "The opponent threatens a perfect six within the number of moves the problem gives. \
            Find the one move, a block or a capture of two stones, after which the threat fails \
            however the opponent plays. The answer numbers the moves in order and crosses out \
            captured stones; the letter a marks a tempting wrong move, with the reply that \
            refutes it.",
    sample: sample_defend,
    prove: prove_defend,
};

/// Hexade's puzzle kinds.
pub static PUZZLE_KINDS: &[&dyn PuzzleKind] = &[&SIX, &DEFEND];

/// The base a puzzles table gets by default: the game's own board.
pub const DEFAULT_BASE: usize = 10;

/// A position to prove.
pub struct Cand {
    h: Hexade,
}

/// The position of the stones and side to move of `h`, set up afresh (no history, White's
/// distance rule over).
fn fresh(h: &Hexade) -> Hexade {
    let stones: Vec<(PointId, Color)> = h
        .board()
        .points()
        .filter_map(|p| h.stone(p).map(|s| (p, s)))
        .collect();
    let mut out = Hexade::new(h.board().grid_size().0.div_ceil(2));
    out.setup(&stones, h.to_move(), None);
    out
}

/// The side to move's heuristic choice among the legal cells of `area`.
fn guided(race: &Race, area: &[PointId], rng: &mut impl rand::Rng) -> Option<PointId> {
    let score = race.heuristic();
    let mut moves: Vec<PointId> = area
        .iter()
        .copied()
        .filter(|&p| race.h.check(p).is_ok())
        .collect();
    if moves.is_empty() {
        return None;
    }
    moves.sort_by_key(|&p| (std::cmp::Reverse(score[p as usize]), p));
    let top = moves.len().min(6);
    // Weights 6, 5, .. 1 for the best six cells.
    let total: usize = (1..=top).sum();
    let mut pick = rng.random_range(0..total);
    for (i, &p) in moves.iter().take(top).enumerate() {
        let w = top - i;
        if pick < w {
            return Some(p);
        }
        pick -= w;
    }
    Some(moves[0])
}

/// A playout from the seed: stones in a small area, stopped when `ready` says so (None when
/// the game ends first or the playout runs long).
fn playout(seed: u64, base: usize, ready: impl Fn(&Race, usize) -> bool) -> Option<Hexade> {
    let mut rng = crate::util::rng(seed);
    let h = Hexade::new(base);
    let board = h.board().clone();
    let k = base as i32 - 1;
    let reach = (k - 4).max(0);
    let centre = loop {
        let (r, n) = (
            k + rng.random_range(-reach..=reach),
            k + rng.random_range(-reach..=reach),
        );
        if let Some(p) = board.at(r, n) {
            break p;
        }
    };
    let radius = if base >= 7 { 3 } else { 2 };
    let area: Vec<PointId> = board
        .points()
        .filter(|&p| board.hex_distance(p, centre) <= radius)
        .collect();
    // White's first stone and Black's answer, at random in the area; then White's second at
    // distance 3 or more keeps the rule; from then on the heuristic.
    let mut race = Race::new(h, Color::White, 0, true);
    let plies = rng.random_range(40..=60);
    for i in 0..plies {
        let p = if i < 4 {
            let legal: Vec<PointId> = area
                .iter()
                .copied()
                .filter(|&p| race.h.check(p).is_ok())
                .collect();
            *legal.get(rng.random_range(0..legal.len().max(1)))?
        } else {
            guided(&race, &area, &mut rng)?
        };
        race.place(p);
        if race.h.outcome() != Outcome::Ongoing
            || race.needs(Color::White) == 0
            || race.needs(Color::Black) == 0
        {
            return None;
        }
        if i >= 6 && ready(&race, i) {
            return Some(fresh(&race.h));
        }
    }
    None
}

/// The record's position keys and the stones of a position.
fn position_fields(h: &Hexade) -> Fields {
    let board = h.board();
    let list = |c: Color| {
        board
            .points()
            .filter(|&p| h.stone(p) == Some(c))
            .map(|p| board.name(p).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    Fields::new()
        .with("base", board.grid_size().0.div_ceil(2))
        .with("white", list(Color::White))
        .with("black", list(Color::Black))
}

/// The position of a record.
fn position(r: &Record) -> Result<Hexade, String> {
    let base = r
        .position
        .get("base")
        .and_then(Value::as_u64)
        .ok_or("base: missing")? as usize;
    if !(HEXADE_BASES.0..=HEXADE_BASES.2).contains(&base) {
        return Err(format!("base: {base} is outside 4..12"));
    }
    let mut h = Hexade::new(base);
    let board = h.board().clone();
    let mut stones = Vec::new();
    for (key, c) in [("white", Color::White), ("black", Color::Black)] {
        let list = r.position.get(key).and_then(Value::as_str).unwrap_or("");
        for name in list_tokens(list) {
            let p = board.parse(name).map_err(|e| format!("{key}: {e}"))?;
            if stones.iter().any(|s: &(PointId, Color)| s.0 == p) {
                return Err(format!("{key}: {name} is given twice"));
            }
            stones.push((p, c));
        }
    }
    let to_move = Color::parse(&r.to_play).ok_or_else(|| format!("to_play: '{}'", r.to_play))?;
    h.setup(&stones, to_move, None);
    if h.outcome() != Outcome::Ongoing {
        return Err("position: the game is over".into());
    }
    Ok(h)
}

/// The budget of one search.
fn budget(nodes: u64) -> Budget {
    Budget {
        nodes,
        table_entries: 1 << 18,
        ..Budget::default()
    }
}

/// Turns a unique proof into a record (grade left to the caller).
fn record(
    h: &Hexade,
    kind: &dyn PuzzleKind,
    found: &Found,
    instruction: String,
    seed: u64,
    nodes: u64,
) -> Result<Record, String> {
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
    let board = h.board();
    let name = |p: PointId| board.name(p).to_string();
    let wrong: Vec<(PointId, Option<PointId>)> =
        proof.refutations.iter().take(WRONG_KEPT).copied().collect();
    let mut tree: Vec<Branch<PointId>> = found.tree.clone();
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
    Ok(Record {
        number: 0,
        game: "hexade".into(),
        position: position_fields(h),
        to_play: h.to_move().name().to_string(),
        goal: kind.name().to_string(),
        instruction,
        focus: Fields::new().with("in", found.win.n),
        key_move: name(key),
        unique: true,
        main_line: proof.main_line.iter().map(|&p| name(p)).collect(),
        wrong_moves: wrong
            .iter()
            .map(|&(p, r)| Wrong {
                play: name(p),
                refutation: r.map(name),
            })
            .collect(),
        proof_size: found.proof_size,
        depth: proof.main_line.len(),
        nodes,
        grade: kind.grade(found.proof_size).to_string(),
        seed,
        sgf: tree_text(&tree, h.to_move(), &name),
    })
}

/// "White to play and make a perfect six in 2".
fn six_instruction(h: &Hexade, n: u32) -> String {
    format!(
        "{} to play and make a perfect six in {n}",
        h.to_move().title()
    )
}

/// "Black to play and stop White's six in 2".
fn defend_instruction(h: &Hexade, n: u32) -> String {
    format!(
        "{} to play and stop {}'s six in {n}",
        h.to_move().title(),
        h.to_move().opp().title()
    )
}

/// Proves a `six` puzzle: the minimal N up to `SIX_MAX_N`, a unique key.
pub fn prove_six(h: &Hexade, seed: u64, nodes: u64) -> Result<Record, String> {
    let found = search::six(h, SIX_MAX_N, &budget(nodes));
    let spent = found.win.nodes;
    record(
        h,
        &SIX,
        &found,
        six_instruction(h, found.win.n),
        seed,
        spent,
    )
}

/// Proves a `defend` puzzle: the opponent's threat within N (minimal, up to `DEFEND_MAX_N`),
/// the side to move without a six of its own within N, exactly one defence.
pub fn prove_defend(h: &Hexade, seed: u64, nodes: u64) -> Result<Record, String> {
    let b = budget(nodes);
    let (t, mut spent) = search::threat(h, DEFEND_MAX_N, &b);
    let n = match t {
        Ok(Some(n)) => n,
        Ok(None) => return Err("no threat to stop".into()),
        Err(n) => return Err(format!("the threat search ran out of budget at {n}")),
    };
    let own = search::six(h, n, &b);
    spent += own.win.nodes;
    if own.win.status != Status::Disproven {
        return Err("the side to move has a six of its own (or it is not known)".into());
    }
    let found = search::defend(h, n, &b);
    spent += found.win.nodes;
    record(h, &DEFEND, &found, defend_instruction(h, n), seed, spent)
}

/// The cells a figure shows: the stones and the main line, at least a small area.
fn figure_points(h: &Hexade, r: &Record) -> Vec<PointId> {
    let board = h.board();
    let mut pts: Vec<PointId> = board.points().filter(|&p| h.stone(p).is_some()).collect();
    pts.extend(r.main_line.iter().filter_map(|m| board.parse(m).ok()));
    pts.extend(
        r.wrong_moves
            .iter()
            .filter_map(|w| board.parse(&w.play).ok()),
    );
    pts
}

/// The figure of a record: its stones, cropped to them (coordinates on); with `answer`, the
/// main line numbered, captured stones crossed out, the first kept wrong move marked.
fn figure(r: &Record, answer: bool) -> Result<Figure, String> {
    let mut h = position(r)?;
    let board = h.board().clone();
    let mut fig = Figure::of_position(board.clone(), &LOOK, |p| h.stone(p).map(Colour::from));
    let pts = figure_points(&h, r);
    fig.window = Some(Window::around(&board, &pts, 1.0));
    if !answer {
        return Ok(fig);
    }
    let mut notes = Vec::new();
    for (i, m) in r.main_line.iter().enumerate() {
        let p = board.parse(m).map_err(|e| e.to_string())?;
        let who = h.to_move();
        h.play(p)
            .map_err(|e| format!("main_line: {m}: {}", e.reason()))?;
        fig.play(p, who.into());
        let gone = h.last_captured().to_vec();
        if !gone.is_empty() {
            let names: Vec<String> = gone.iter().map(|&q| board.name(q).to_string()).collect();
            notes.push(format!("{} captures {}", i + 1, names.join(" ")));
            for q in gone {
                fig.stones.retain(|s| s.point != q);
                fig.numbered.retain(|s| s.point != q);
                fig.mark(q, MarkKind::Cross);
            }
        }
    }
    fig.notes.extend(notes);
    let what = if r.goal == "defend" {
        "stops the six"
    } else {
        "makes the six"
    };
    let mut caption = format!("1 at {} {what} (the only move that does).", r.key_move);
    if let Some(w) = r
        .wrong_moves
        .iter()
        .find(|w| w.refutation.is_some() && !r.main_line.contains(&w.play))
        && let Ok(p) = board.parse(&w.play)
    {
        fig.mark(p, MarkKind::Label("a".into()));
        caption.push_str(&format!(
            " Wrong: a ({}) is answered by {}.",
            w.play,
            w.refutation.as_deref().unwrap_or("")
        ));
    }
    fig.caption = caption;
    Ok(fig)
}

/// Reads the game-owned keys of a record (both kinds alike).
fn read_fields(extra: Vec<(String, Value)>) -> Result<(Fields, Fields), String> {
    let get = |key: &str| {
        extra
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
            .ok_or_else(|| format!("missing field `{key}`"))
    };
    let mut position = Fields::new();
    for key in ["base", "white", "black"] {
        let v = get(key)?;
        check_field(key, &v)?;
        position = position.with(key, v);
    }
    let n = get("in")?;
    check_field("in", &n)?;
    Ok((position, Fields::new().with("in", n)))
}

/// The type of one game-owned key.
fn check_field(key: &str, value: &Value) -> Result<(), String> {
    match key {
        "base" | "in" if !value.is_u64() => Err(format!("{key} must be a whole number")),
        "white" | "black" if !value.is_string() => Err(format!("{key} must be a string")),
        _ => Ok(()),
    }
}

/// The record's stones on `board`.
fn stones(r: &Record, board: &Board) -> Vec<(PointId, Color)> {
    let mut out = Vec::new();
    for (key, c) in [("white", Color::White), ("black", Color::Black)] {
        let list = r.position.get(key).and_then(Value::as_str).unwrap_or("");
        out.extend(
            list_tokens(list)
                .filter_map(|n| board.parse(n).ok())
                .map(|p| (p, c)),
        );
    }
    out
}

/// The board of a record.
fn record_board(r: &Record) -> Result<Board, String> {
    let base = r
        .position
        .get("base")
        .and_then(Value::as_u64)
        .ok_or("base: missing")? as usize;
    if !(HEXADE_BASES.0..=HEXADE_BASES.2).contains(&base) {
        return Err(format!("base: {base} is outside 4..12"));
    }
    Ok(look::board(base))
}

/// Nodes of the quick searches that stop a playout.
pub const SAMPLE_NODES: u64 = 1_000;

/// Samples a `six` candidate: a playout stopped at the first position where the side to move
/// is at most N stones short of a six it can complete by placements (`Race::open_needs`), N
/// drawn from the seed, and a quick search (a small node budget) proves its win within N.
pub fn sample_six(seed: u64, base: usize) -> Option<Hexade> {
    let mut rng = crate::util::rng(seed ^ 0x5158);
    let want: u32 = [1, 2, 2, 2, 3, 3][rng.random_range(0..6)];
    playout(seed, base, |race, _| {
        let me = race.h.to_move();
        race.open_needs(me) <= want
            && race.open_needs(me.opp()) >= 2
            && search::six(&fresh(&race.h), want, &budget(SAMPLE_NODES))
                .win
                .status
                == Status::Proven
    })
}

/// Samples a `defend` candidate: a playout stopped at the first position where the opponent
/// of the side to move is at most N stones short of a six (N drawn from the seed), the side
/// to move more stones short, and a quick search proves the opponent's threat within N.
pub fn sample_defend(seed: u64, base: usize) -> Option<Hexade> {
    let mut rng = crate::util::rng(seed ^ 0xDEF);
    let want: u32 = [1, 2, 2][rng.random_range(0..3)];
    playout(seed, base, |race, _| {
        let me = race.h.to_move();
        race.open_needs(me.opp()) <= want
            && race.open_needs(me) > race.open_needs(me.opp())
            && matches!(
                search::threat(&fresh(&race.h), want, &budget(SAMPLE_NODES)).0,
                Ok(Some(_))
            )
    })
}

impl PuzzleKind for HexadeKind {
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
        (6, HEXADE_BASES.2, DEFAULT_BASE)
    }

    fn verify_nodes(&self) -> u64 {
        4 * GEN_NODES
    }

    fn sample(&self, seed: u64, size: usize) -> Option<Candidate> {
        (self.sample)(seed, size).map(|h| Box::new(Cand { h }) as Candidate)
    }

    fn prove(&self, candidate: Candidate, seed: u64) -> Result<Record, String> {
        let c = candidate
            .downcast::<Cand>()
            .map_err(|_| "not a Hexade candidate".to_string())?;
        (self.prove)(&c.h, seed, GEN_NODES)
    }

    fn verify(&self, r: &Record, nodes: u64) -> Vec<String> {
        if r.goal != self.name {
            return vec![format!(
                "goal: '{}' is not this kind's ({})",
                r.goal, self.name
            )];
        }
        match position(r) {
            Ok(h) => differences(self, r, (self.prove)(&h, r.seed, nodes)),
            Err(e) => vec![e],
        }
    }

    fn board(&self, r: &Record) -> Result<Board, String> {
        record_board(r)
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

/// Where the `six` kind's medium and hard bands start (proof sizes, measured on base 10): a six
/// in one proves in a couple of positions (easy); a six in two in about one position per legal
/// reply when each reply is answered by the six (about 250: medium), twice that when the
/// replies need answers of their own, captures and blocks (about 500: hard), and a six in
/// three in tens of thousands (hard).
pub const SIX_BANDS: [usize; 2] = [100, 500];

/// Where the `defend` kind's medium and hard bands start (proof sizes, measured on base 10): a
/// defence against a six in one whose every try is a single completion (2 positions: easy),
/// one where the opponent has a follow-up to read (a few more: medium), a defence against a
/// six in two (about 500: hard).
pub const DEFEND_BANDS: [usize; 2] = [3, 400];

/// Reads a record's position (for tests and the exhaustive check).
pub fn record_position(r: &Record) -> Result<Hexade, String> {
    position(r)
}

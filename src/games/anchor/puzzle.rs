//! Anchor's puzzle kinds, each proven under full move generation inside its region (every
//! empty region point for both sides, the defender's pass included; what the search leaves
//! out is proven lost in problem.rs, and for N <= `problem::REACH` the inferred region loses
//! nothing of the whole board):
//!
//! - `anchor` (the default): the side to move makes the marked group (a triangle on one of
//!   its stones) an anchor within N of its moves against every defence; unique key move,
//!   minimal N (1..=`MAX_N`).
//! - `block`: the opponent, moving now, would anchor its marked group within N (minimal,
//!   1..=2); exactly one move of the side to move (the pass included among the tries) leaves
//!   it no anchor inside the region whatever either side then plays, so it dies at the end.
//! - `count`: a finished position (two passes); the reader works out both scores. The
//!   answer is the engine's scoring: dead stones crossed, territory shaded by owner, neutral
//!   points marked, the arithmetic in the caption.
//!
//! Candidates for `anchor` and `block`: a few random stones, then a local pattern: one side
//! grows a group from a point near a side, each stone one that lowers its bound most (ties at
//! random), the other side answers near the stones and sometimes on the builder's best point,
//! until the group is one to three stones from anchoring; for `block` the other side is then
//! to move. `count` positions are seeded playouts to a full-ish board from the six home
//! corners: each side mostly extends its own stones on the frontier (within two steps of the
//! opponent's; before they meet, anywhere next to its own stones), sometimes plays anywhere
//! (the stones that end up dead), until between 30 and 60 points are empty, or at most 100
//! and no frontier is left; then both pass. A count keeps 2 to 10 dead groups, at most 30
//! dead stones and at least 8 points of territory.
//!
//! Records keep `black` and `white` (points in board order) and the focus keys `target` (a
//! stone of the marked group), `region` (its points in board order), `in` (N) and `score`
//! (null but for `count`: the territory, prisoners and total of each side, the neutral points
//! and the dead groups, as the engine counts them). A `count` record has no move: its
//! `key_move` holds the result ("B+32", "W+5" or "draw"), `main_line` and `wrong_moves` are
//! empty, and its `proof_size` is what the reader must judge: the dead groups, the groups
//! touching exactly two sides (whose verdict needs the corner rule or a careful look) and the
//! empty regions to count. The other kinds' proof size counts the positions of the whole
//! proof (key move and refutations). The mirror rule cannot act in these puzzles (module docs
//! of problem.rs): `block` candidates whose region meets its own 180-degree image are left out.

use rand::RngExt;
use serde_json::{Value, json};

use super::engine::{Anchor, Color, Move};
use super::look::PUZZLE_LOOK;
use super::problem::{self, AProblem, FAR, infer_region, move_name, stones};
use crate::figure::{Colour, Figure, MarkKind, Tone, Window};
use crate::games::puzzle::{Candidate, Fields, PuzzleKind, Record, Wrong, differences};
use crate::games::solving::tree_text;
use crate::geometry::{Board, PointId};
use crate::solve::{Branch, Budget, Status};

/// The largest N an `anchor` puzzle has.
pub const MAX_N: u32 = 3;

/// The largest N of a `block` puzzle's threat.
pub const BLOCK_N: u32 = 2;

/// Nodes the generator's searches may expand per puzzle.
const GEN_NODES: u64 = 300_000;

/// Wrong first moves a record keeps (the most tempting, nearest the key first).
const WRONG_KEPT: usize = 6;

/// Nodes of the solution tree a record keeps.
const TREE_NODES: usize = 40;

/// What a kind asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Aim {
    Anchor,
    Block,
    Count,
}

/// An Anchor puzzle kind.
pub struct Kind {
    name: &'static str,
    aim: Aim,
    /// The chapter page's paragraph.
    intro: &'static str,
}

/// The key to the one mark a puzzle figure does not explain in its caption, printed after the
/// first figure of a document that shows it.
const CORNER_LEGEND: &str = "The anchor symbol beside a corner marks a home corner of its colour.";

/// Make the marked group an anchor within N.
pub static ANCHOR: Kind = Kind {
    name: "anchor",
    aim: Aim::Anchor,
    intro: "Make the marked group (a triangle on one of its stones) an anchor within the number \
            of your own moves the problem gives, whatever the opponent plays: touch three sides, \
            or two sides that do not meet at a corner, or two sides that meet at one of your own \
            home corners. Play only in the shaded region. The answer numbers the moves in order; \
            x marks tempting first moves that fail. The anchor symbol beside a corner marks \
            a home corner of its colour.",
};

/// Stop the marked enemy group from ever anchoring.
pub static BLOCK: Kind = Kind {
    name: "block",
    aim: Aim::Block,
    intro: "The opponent's marked group threatens to become an anchor. Find the one move, in the \
            shaded region, after which it never can, whatever either side plays there: it will \
            be dead at the end. The answer numbers the moves in order; x marks tempting first \
            moves that fail. The anchor symbol beside a corner marks a home corner of its colour.",
};

/// Count a finished position.
pub static COUNT: Kind = Kind {
    name: "count",
    aim: Aim::Count,
    intro: "The game is over: both players have passed. Decide which groups are anchors and \
            which are dead, then count each side's score: its territory (empty points, and points \
            left by dead stones, bordered by its stones alone) plus the enemy stones that died. \
            The answer crosses out the dead stones, shades each side's territory and gives the \
            arithmetic. The anchor symbol beside a corner marks a home corner of its colour.",
};

/// The kinds, in the order `stonepress games` lists them.
pub static PUZZLE_KINDS: &[&dyn PuzzleKind] = &[&ANCHOR, &BLOCK, &COUNT];

/// A sampled problem: the position (side to move set), the marked stone and the region.
struct Cand {
    pos: Anchor,
    target: Option<PointId>,
    region: Vec<PointId>,
}

/// The limits of the generator's and `verify`'s searches.
fn budget(nodes: u64) -> Budget {
    Budget {
        nodes,
        table_entries: 1 << 16,
        ..Budget::default()
    }
}

/// A position set up from `st` with `to_move` to play.
fn setup(st: &[(PointId, Color)], to_move: Color) -> Anchor {
    let mut a = Anchor::new();
    a.setup(st, to_move);
    a
}

/// Every empty point of `a`.
fn all_empty(a: &Anchor) -> Vec<PointId> {
    a.board()
        .points()
        .filter(|&p| a.stone(p).is_none())
        .collect()
}

/// Random stones: `k` placements, colours alternating, at random empty points.
fn noise(rng: &mut impl rand::Rng, k: usize) -> Vec<(PointId, Color)> {
    let a = Anchor::new();
    let n = a.board().len();
    let mut st: Vec<(PointId, Color)> = Vec::new();
    let mut c = Color::Black;
    while st.len() < k {
        let p = rng.random_range(0..n) as PointId;
        if st.iter().all(|s| s.0 != p) {
            st.push((p, c));
            c = c.opp();
        }
    }
    st
}

/// Grows the group of `builder`'s stone at `seed` by a local pattern (module docs): stops
/// (true) when `builder` is to move and its bound is within 1..=`max_n`, false after `max`
/// placements or when the group anchored or lost every way to.
fn grow(
    rng: &mut impl rand::Rng,
    a: &mut Anchor,
    builder: Color,
    seed: PointId,
    max_n: u32,
    max: usize,
) -> bool {
    for _ in 0..max {
        let me = a.to_move();
        let open = all_empty(a);
        let mut p = AProblem::new(a, builder, seed, &open);
        let need = p.needs();
        if need == 0 || need >= FAR {
            return false;
        }
        if me == builder && (need == 1 || (need <= max_n && rng.random_bool(0.5))) {
            return true;
        }
        let scored = p.needs_after(builder);
        let Some(best) = scored.iter().map(|s| s.1).min() else {
            return false;
        };
        let top: Vec<PointId> = scored.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
        let cell = if me == builder || rng.random_bool(0.3) {
            top[rng.random_range(0..top.len())]
        } else {
            let near: Vec<PointId> = open
                .iter()
                .copied()
                .filter(|&q| {
                    a.board()
                        .neighbours(q)
                        .iter()
                        .any(|&r| a.stone(r).is_some())
                })
                .collect();
            let pool = if near.is_empty() { &open } else { &near };
            pool[rng.random_range(0..pool.len())]
        };
        let st = {
            let mut s = stones(a);
            s.push((cell, me));
            s
        };
        *a = setup(&st, me.opp());
    }
    false
}

/// The candidate of `seed` for `aim` (module docs).
fn sample(aim: Aim, seed: u64) -> Option<Cand> {
    let mut rng = crate::util::rng(seed);
    if aim == Aim::Count {
        return Some(Cand {
            pos: finished(&mut rng),
            target: None,
            region: Vec::new(),
        });
    }
    let k = rng.random_range(4..=14usize);
    let st = noise(&mut rng, k);
    let builder = if rng.random_bool(0.5) {
        Color::Black
    } else {
        Color::White
    };
    let mut a = setup(&st, builder);
    // A seed point one or two steps from a side.
    let board = a.board().clone();
    let starts: Vec<PointId> = board
        .points()
        .filter(|&p| a.stone(p).is_none() && board.sides(p) == 0)
        .filter(|&p| {
            board.neighbours(p).iter().any(|&q| {
                board.sides(q) != 0 || board.neighbours(q).iter().any(|&r| board.sides(r) != 0)
            })
        })
        .collect();
    let start = starts[rng.random_range(0..starts.len())];
    let mut st = stones(&a);
    st.push((start, builder));
    a = setup(&st, builder.opp());
    let max_n = if aim == Aim::Block { BLOCK_N } else { MAX_N };
    if !grow(&mut rng, &mut a, builder, start, max_n, 30) {
        return None;
    }
    if aim == Aim::Block {
        a = setup(&stones(&a), builder.opp());
    }
    let reach = if aim == Aim::Block {
        problem::BLOCK_REACH
    } else {
        problem::REACH
    };
    let region = infer_region(&a, start, reach);
    if aim == Aim::Block && !problem::mirror_free(&a, &region) {
        return None;
    }
    Some(Cand {
        pos: a,
        target: Some(start),
        region,
    })
}

/// A seeded playout to a full-ish board (module docs), then two passes.
fn finished(rng: &mut impl rand::Rng) -> Anchor {
    let board = super::look::board();
    // Each side starts on its three home corners (anchors by themselves).
    let st: Vec<(PointId, Color)> = super::look::ANCHOR_CORNERS
        .iter()
        .map(|k| {
            let c = if k.2 { Color::Black } else { Color::White };
            (board.parse(k.0).expect("a corner"), c)
        })
        .collect();
    let mut a = setup(&st, Color::Black);
    let stop = rng.random_range(30..=60usize);
    while all_empty(&a).len() > stop {
        let me = a.to_move();
        let empty = all_empty(&a);
        let roll: f64 = rng.random();
        // Mostly a point on the frontier: next to one's own stones and within two steps of
        // the opponent's (walls grow from the corners towards each other and leave the
        // inside empty: territory); now and then anywhere (the invasions that die).
        let near_enemy = |q: PointId| {
            board.neighbours(q).iter().any(|&r| {
                a.stone(r) == Some(me.opp())
                    || board
                        .neighbours(r)
                        .iter()
                        .any(|&t| a.stone(t) == Some(me.opp()))
            })
        };
        let frontier: Vec<PointId> = empty
            .iter()
            .copied()
            .filter(|&q| {
                board.neighbours(q).iter().any(|&r| a.stone(r) == Some(me)) && near_enemy(q)
            })
            .collect();
        let own: Vec<PointId> = empty
            .iter()
            .copied()
            .filter(|&q| board.neighbours(q).iter().any(|&r| a.stone(r) == Some(me)))
            .collect();
        if frontier.is_empty() && empty.len() <= 100 {
            break;
        }
        let pool = if roll > 0.93 || own.is_empty() {
            &empty
        } else if frontier.is_empty() {
            &own
        } else {
            &frontier
        };
        let p = pool[rng.random_range(0..pool.len())];
        a = {
            let mut s = stones(&a);
            s.push((p, me));
            setup(&s, me.opp())
        };
    }
    a.play(Move::Pass).expect("a pass");
    a.play(Move::Pass).expect("a pass");
    a
}

/// Names of the stones of one colour, in board order.
fn names(a: &Anchor, c: Color) -> String {
    let board = a.board();
    board
        .points()
        .filter(|&p| a.stone(p) == Some(c))
        .map(|p| board.name(p).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The solved parts of a puzzle, before they become a record.
struct Solved {
    n: u32,
    key: Move,
    line: Vec<Move>,
    wrong: Vec<(Move, Option<Move>)>,
    tree: Vec<Branch<Move>>,
    proof_size: usize,
    nodes: u64,
}

/// The wrong first moves with those nearest the key move first (the tempting ones), the
/// search's order at equal distance, a pass last.
fn nearest_first(
    board: &Board,
    key: Move,
    wrong: &[(Move, Option<Move>)],
) -> Vec<(Move, Option<Move>)> {
    let at = |m: Move| match m {
        Move::Place(p) => Some(board.position(p)),
        Move::Pass => None,
    };
    let k = at(key);
    let mut out = wrong.to_vec();
    let d = |m: Move| match (at(m), k) {
        (Some(q), Some(k)) => (q.x - k.x).hypot(q.y - k.y),
        _ => f64::INFINITY,
    };
    out.sort_by(|a, b| d(a.0).total_cmp(&d(b.0)));
    out
}

/// The counts of a finished position, as the record's `score` holds them.
fn score_value(a: &Anchor) -> Value {
    let s = a.score();
    let dead = s.groups.iter().filter(|g| !g.verdict.is_anchor()).count();
    json!({
        "black_territory": s.territory[0],
        "black_prisoners": s.prisoners[0],
        "black_total": s.total(Color::Black),
        "white_territory": s.territory[1],
        "white_prisoners": s.prisoners[1],
        "white_total": s.total(Color::White),
        "neutral": s.neutral.len(),
        "dead_groups": dead,
    })
}

/// The result in the record's `key_move`: "B+32", "W+5" or "draw".
fn result(a: &Anchor) -> String {
    let s = a.score();
    let (b, w) = (s.total(Color::Black), s.total(Color::White));
    match b.cmp(&w) {
        std::cmp::Ordering::Greater => format!("B+{}", b - w),
        std::cmp::Ordering::Less => format!("W+{}", w - b),
        std::cmp::Ordering::Equal => "draw".into(),
    }
}

/// What the reader of a count must judge: dead groups, groups on exactly two sides, and the
/// empty regions.
fn judgements(a: &Anchor) -> usize {
    let s = a.score();
    let dead = s.groups.iter().filter(|g| !g.verdict.is_anchor()).count();
    let two = s
        .groups
        .iter()
        .filter(|g| g.sides.count_ones() == 2)
        .count();
    let board = a.board();
    let mut seen = vec![false; board.len()];
    let mut regions = 0;
    let live = |p: PointId| s.owner[p as usize].is_some() || s.neutral.contains(&p);
    for p in board.points() {
        if seen[p as usize] || !live(p) {
            continue;
        }
        regions += 1;
        let mut stack = vec![p];
        seen[p as usize] = true;
        while let Some(q) = stack.pop() {
            for &r in board.neighbours(q) {
                if !seen[r as usize] && live(r) {
                    seen[r as usize] = true;
                    stack.push(r);
                }
            }
        }
    }
    dead + two + regions
}

/// Proves a candidate: a unique key move at the minimal N, or why not.
fn solve(aim: Aim, c: &Cand, nodes: u64) -> Result<Solved, String> {
    let b = budget(nodes);
    let me = c.pos.to_move();
    let target = c.target.ok_or("no target")?;
    match aim {
        Aim::Anchor => {
            if c.pos.stone(target) != Some(me) {
                return Err("the target is not a stone of the side to move".into());
            }
            let mut p = AProblem::new(&c.pos, me, target, &c.region);
            if p.anchored() {
                return Err("the group is an anchor already".into());
            }
            let found = problem::deepen(&mut p, MAX_N, &b, TREE_NODES);
            let r = &found.result;
            match r.status {
                Status::Proven => {}
                Status::Disproven => return Err(format!("no anchor within {MAX_N}")),
                Status::Unknown => return Err(format!("unknown at N = {}", r.n)),
            }
            if r.proof.unique != Some(true) {
                return Err("the key move is not unique".into());
            }
            let key = r.proof.key_move.ok_or("no key move")?;
            let mut tree = found.tree.clone();
            for &(m, reply) in nearest_first(c.pos.board(), key, &r.proof.refutations)
                .iter()
                .take(WRONG_KEPT)
            {
                tree.push(Branch {
                    mv: m,
                    next: reply
                        .map(|q| Branch {
                            mv: q,
                            next: Vec::new(),
                        })
                        .into_iter()
                        .collect(),
                });
            }
            Ok(Solved {
                n: r.n,
                key,
                line: r.proof.main_line.clone(),
                wrong: r.proof.refutations.clone(),
                tree,
                proof_size: found.proof_size,
                nodes: r.nodes,
            })
        }
        Aim::Block => {
            if c.pos.stone(target) != Some(me.opp()) {
                return Err("the target is not an enemy stone".into());
            }
            if !problem::mirror_free(&c.pos, &c.region) {
                return Err("the region meets its 180-degree image".into());
            }
            let d = problem::block(&c.pos, target, &c.region, BLOCK_N, &b, false);
            match d.threat {
                Status::Proven => {}
                Status::Disproven => return Err("no threat".into()),
                Status::Unknown => return Err("threat unknown".into()),
            }
            if !d.open.is_empty() {
                return Err("some blocks unknown".into());
            }
            let [key] = d.holds[..] else {
                return Err(format!("{} holding moves", d.holds.len()));
            };
            let line = problem::block_line(&c.pos, target, &c.region, key, 2 * d.n as usize);
            let mut tree = vec![chain(&line)];
            for &(m, reply) in nearest_first(c.pos.board(), key, &d.fails)
                .iter()
                .take(WRONG_KEPT)
            {
                tree.push(chain(
                    &[Some(m), reply].into_iter().flatten().collect::<Vec<_>>(),
                ));
            }
            Ok(Solved {
                n: d.n,
                key,
                line,
                wrong: d.fails.clone(),
                tree,
                proof_size: d.proof_size,
                nodes: d.nodes,
            })
        }
        Aim::Count => Err("a count has no move to prove".into()),
    }
}

/// A line as a branch without variations.
fn chain(line: &[Move]) -> Branch<Move> {
    let mut next = Vec::new();
    for &m in line.iter().skip(1).rev() {
        next = vec![Branch { mv: m, next }];
    }
    Branch { mv: line[0], next }
}

impl Kind {
    /// The instruction of a puzzle.
    fn instruction(&self, me: Color, n: u32) -> String {
        let within = if n == 1 {
            String::new()
        } else {
            format!(" in {n} moves")
        };
        match self.aim {
            Aim::Anchor => format!("{} to play and anchor the marked group{within}", me.title()),
            Aim::Block => format!(
                "{} to play and stop {}'s anchor",
                me.title(),
                me.opp().title()
            ),
            Aim::Count => "Count both scores: territory + prisoners".into(),
        }
    }

    fn record(&self, c: &Cand, s: &Solved, seed: u64) -> Record {
        let board = c.pos.board().clone();
        let name = |m: Move| move_name(&board, m);
        let me = c.pos.to_move();
        let region: Vec<String> = c
            .region
            .iter()
            .map(|&p| board.name(p).to_string())
            .collect();
        Record {
            number: 0,
            game: "anchor".into(),
            position: Fields::new()
                .with("black", names(&c.pos, Color::Black))
                .with("white", names(&c.pos, Color::White)),
            to_play: me.name().to_string(),
            goal: self.name.to_string(),
            instruction: self.instruction(me, s.n),
            focus: Fields::new()
                .with(
                    "target",
                    c.target
                        .map_or(Value::Null, |t| Value::from(board.name(t).to_string())),
                )
                .with("region", region.join(" "))
                .with("in", s.n)
                .with("score", Value::Null),
            key_move: name(s.key),
            unique: true,
            main_line: s.line.iter().map(|&m| name(m)).collect(),
            wrong_moves: nearest_first(&board, s.key, &s.wrong)
                .iter()
                .take(WRONG_KEPT)
                .map(|&(m, r)| Wrong {
                    play: name(m),
                    refutation: r.map(name),
                })
                .collect(),
            proof_size: s.proof_size,
            depth: s.line.len(),
            nodes: s.nodes,
            grade: self.grade(s.proof_size).to_string(),
            seed,
            sgf: tree_text(&s.tree, me, &name),
        }
    }

    /// The record of a finished position.
    fn count_record(&self, a: &Anchor, seed: u64) -> Record {
        let size = judgements(a);
        Record {
            number: 0,
            game: "anchor".into(),
            position: Fields::new()
                .with("black", names(a, Color::Black))
                .with("white", names(a, Color::White)),
            to_play: a.to_move().name().to_string(),
            goal: self.name.to_string(),
            instruction: self.instruction(a.to_move(), 0),
            focus: Fields::new()
                .with("target", Value::Null)
                .with("region", Value::Null)
                .with("in", Value::Null)
                .with("score", score_value(a)),
            key_move: result(a),
            unique: true,
            main_line: Vec::new(),
            wrong_moves: Vec::new(),
            proof_size: size,
            depth: 0,
            nodes: 0,
            grade: self.grade(size).to_string(),
            seed,
            sgf: "()".into(),
        }
    }
}

/// The `count` record of a finished position (the generator's, number 0).
pub fn count_record(a: &Anchor, seed: u64) -> Record {
    COUNT.count_record(a, seed)
}

/// The position, marked stone and region of a record.
fn candidate(r: &Record) -> Result<Cand, String> {
    let board = super::look::board();
    let mut st = Vec::new();
    for (key, c) in [("black", Color::Black), ("white", Color::White)] {
        let list = r
            .position
            .get(key)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{key}: missing"))?;
        for t in list.split_whitespace() {
            let p = board.parse(t).map_err(|e| format!("{key}: {e}"))?;
            if st.iter().any(|&(q, _)| q == p) {
                return Err(format!("{key}: {t} is given twice"));
            }
            st.push((p, c));
        }
    }
    let me = Color::parse(&r.to_play).ok_or_else(|| format!("to_play: '{}'", r.to_play))?;
    let pos = setup(&st, me);
    let target = match r.focus.get("target") {
        None | Some(Value::Null) => None,
        Some(v) => {
            let t = v.as_str().ok_or("target: not a point")?;
            Some(board.parse(t).map_err(|e| format!("target: {e}"))?)
        }
    };
    let region = match r.focus.get("region") {
        None | Some(Value::Null) => Vec::new(),
        Some(v) => v
            .as_str()
            .ok_or("region: not a list of points")?
            .split_whitespace()
            .map(|t| board.parse(t).map_err(|e| format!("region: {e}")))
            .collect::<Result<_, _>>()?,
    };
    Ok(Cand {
        pos,
        target,
        region,
    })
}

impl PuzzleKind for Kind {
    fn name(&self) -> &'static str {
        self.name
    }

    fn introduction(&self) -> &'static str {
        self.intro
    }

    fn is_default(&self) -> bool {
        self.aim == Aim::Anchor
    }

    fn sizes(&self) -> (usize, usize, usize) {
        (8, 8, 8)
    }

    fn verify_nodes(&self) -> u64 {
        2 * GEN_NODES
    }

    fn bands(&self) -> [usize; 2] {
        // From the proof sizes of generated samples: an anchor in one is 2 positions, in two
        // about 10, in three 100 to 300; a block's proof grows with the moves it refutes
        // (about 25 to 60); a count's judgements run from about 8 to 21.
        match self.aim {
            Aim::Anchor => [10, 200],
            Aim::Block => [31, 45],
            Aim::Count => [12, 17],
        }
    }

    /// The board symmetries that keep every home corner a home corner of the same colour:
    /// the turns by 120 degrees and the reflections through opposite corners (six of the
    /// twelve).
    fn symmetries(&self, board: &Board) -> Vec<Vec<PointId>> {
        colour_keeping(board)
    }

    fn sample(&self, seed: u64, _size: usize) -> Option<Candidate> {
        sample(self.aim, seed).map(|c| Box::new(c) as Candidate)
    }

    fn prove(&self, candidate: Candidate, seed: u64) -> Result<Record, String> {
        let c = candidate
            .downcast::<Cand>()
            .map_err(|_| "not an Anchor candidate".to_string())?;
        if self.aim == Aim::Count {
            let a = &c.pos;
            let dead = a
                .score()
                .groups
                .iter()
                .filter(|g| !g.verdict.is_anchor())
                .count();
            if !(2..=10).contains(&dead) {
                return Err(format!("{dead} dead groups"));
            }
            let s = a.score();
            if s.territory[0] + s.territory[1] < 8 || s.prisoners[0] + s.prisoners[1] > 30 {
                return Err("too little territory or too many dead stones to count".into());
            }
            return Ok(self.count_record(a, seed));
        }
        let s = solve(self.aim, &c, GEN_NODES)?;
        Ok(self.record(&c, &s, seed))
    }

    fn verify(&self, r: &Record, nodes: u64) -> Vec<String> {
        let c = match candidate(r) {
            Ok(c) => c,
            Err(e) => return vec![format!("position: {e}")],
        };
        if self.aim == Aim::Count {
            let again = self.count_record(&c.pos, r.seed);
            return differences(self, r, Ok(again));
        }
        let again = solve(self.aim, &c, nodes).map(|s| self.record(&c, &s, r.seed));
        differences(self, r, again)
    }

    fn board(&self, _r: &Record) -> Result<Board, String> {
        Ok(super::look::board())
    }

    fn stones(&self, r: &Record, _board: &Board) -> Vec<(PointId, Color)> {
        candidate(r).map(|c| stones(&c.pos)).unwrap_or_default()
    }

    fn figure(&self, r: &Record, answer: bool) -> Result<Figure, String> {
        let c = candidate(r)?;
        if self.aim == Aim::Count {
            let mut fig = count_figure(&c.pos, answer);
            fig.legend.push(CORNER_LEGEND.into());
            return Ok(fig);
        }
        let board = c.pos.board().clone();
        let line: Vec<Move> = r
            .main_line
            .iter()
            .map(|m| {
                if m == "pass" {
                    Ok(Move::Pass)
                } else {
                    board.parse(m).map(Move::Place).map_err(|e| e.to_string())
                }
            })
            .collect::<Result<_, _>>()?;
        let target = c.target.ok_or("target: missing")?;
        let mut fig = Figure::of_position(board.clone(), &PUZZLE_LOOK, |p| {
            c.pos.stone(p).map(Into::into)
        });
        // The region and the marked group with a ring of one point around them.
        let (_, group) = problem::group_sides(&board, &stones_cells(&c.pos), target);
        let mut pts: Vec<PointId> = c.region.clone();
        pts.extend(&group);
        let ring: Vec<PointId> = pts
            .iter()
            .flat_map(|&p| board.neighbours(p).iter().copied())
            .collect();
        pts.extend(ring);
        fig.window = Some(Window::around(&board, &pts, 0.6));
        for &p in &c.region {
            fig.shades.push((p, Tone::Neutral));
        }
        fig.mark(target, MarkKind::Triangle);
        if answer {
            let mut colour: Colour = c.pos.to_move().into();
            for &m in &line {
                if let Move::Place(p) = m {
                    fig.play(p, colour);
                }
                colour = match colour {
                    Colour::Black => Colour::White,
                    Colour::White => Colour::Black,
                };
            }
            let verb = match self.aim {
                Aim::Block => "stops the anchor",
                _ => "anchors the group",
            };
            fig.caption = format!("1 at {} {verb} (the only move that does).", r.key_move);
            let key_at = board.parse(&r.key_move).ok().map(|k| board.position(k));
            let wrong = r
                .wrong_moves
                .iter()
                .filter(|w| w.refutation.is_some() && !r.main_line.contains(&w.play))
                .filter_map(|w| {
                    let at = board.position(board.parse(&w.play).ok()?);
                    let d = key_at.map_or(0.0, |k| (at.x - k.x).hypot(at.y - k.y));
                    Some((w, d))
                })
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(w, _)| w);
            if let Some(w) = wrong
                && let Ok(p) = board.parse(&w.play)
            {
                fig.mark(p, MarkKind::Label("a".into()));
                fig.caption.push_str(&format!(
                    " Wrong: a ({}) is answered by {}.",
                    w.play,
                    w.refutation.as_deref().unwrap_or("")
                ));
            }
        } else {
            fig.caption = "Moves only in the shaded points.".into();
        }
        fig.legend.push(CORNER_LEGEND.into());
        Ok(fig)
    }

    fn check_field(&self, key: &str, value: &Value) -> Result<(), String> {
        match key {
            "black" | "white" if !value.is_string() => Err(format!("{key} must be a string")),
            "target" | "region" if !(value.is_null() || value.is_string()) => {
                Err(format!("{key} must be a string or null"))
            }
            "in" if !(value.is_null() || value.as_u64().is_some_and(|n| (1..=5).contains(&n))) => {
                Err("in must be a number 1..5 or null".into())
            }
            "score" if !(value.is_null() || value.is_object()) => {
                Err("score must be an object or null".into())
            }
            _ => Ok(()),
        }
    }

    fn read_fields(&self, extra: Vec<(String, Value)>) -> Result<(Fields, Fields), String> {
        let get = |key: &str| {
            extra
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.clone())
                .ok_or_else(|| format!("missing field `{key}`"))
        };
        Ok((
            Fields::new()
                .with("black", get("black")?)
                .with("white", get("white")?),
            Fields::new()
                .with("target", get("target")?)
                .with("region", get("region")?)
                .with("in", get("in")?)
                .with("score", get("score")?),
        ))
    }
}

/// The stones of a position as a cell list.
fn stones_cells(a: &Anchor) -> Vec<Option<Color>> {
    a.board().points().map(|p| a.stone(p)).collect()
}

/// The symmetries of the board that map each home corner to a home corner of the same
/// colour.
pub fn colour_keeping(board: &Board) -> Vec<Vec<PointId>> {
    let corners: Vec<(PointId, bool)> = super::look::ANCHOR_CORNERS
        .iter()
        .map(|k| (board.parse(k.0).expect("a corner"), k.2))
        .collect();
    board
        .symmetries()
        .into_iter()
        .filter(|perm| {
            corners.iter().all(|&(p, black)| {
                corners
                    .iter()
                    .any(|&(q, b)| q == perm[p as usize] && b == black)
            })
        })
        .collect()
}

/// The figure of a count: the whole board; solved, the engine's scoring drawn.
fn count_figure(a: &Anchor, answer: bool) -> Figure {
    let board = a.board().clone();
    let mut fig = Figure::of_position(board.clone(), &super::look::LOOK, |p| {
        a.stone(p).map(Into::into)
    });
    if !answer {
        fig.caption = "The game is over.".into();
        return fig;
    }
    let s = a.score();
    for g in &s.groups {
        if !g.verdict.is_anchor() {
            for &p in &g.points {
                fig.mark(p, MarkKind::Cross);
            }
        }
    }
    for p in board.points() {
        if let Some(c) = s.owner[p as usize] {
            fig.shades.push((
                p,
                if c == Color::Black {
                    Tone::Black
                } else {
                    Tone::White
                },
            ));
        }
    }
    for &p in &s.neutral {
        fig.shades.push((p, Tone::Neutral));
    }
    let side = |c: Color| {
        format!(
            "{} {} + {} = {}",
            c.title(),
            s.territory[c.index()],
            s.prisoners[c.index()],
            s.total(c)
        )
    };
    let verdict = match s.winner() {
        Some(c) => format!(
            "{} wins by {}.",
            c.title(),
            s.total(c).abs_diff(s.total(c.opp()))
        ),
        None => "A draw.".into(),
    };
    fig.caption = format!(
        "Crossed stones are dead. {}; {} (territory + prisoners). {verdict}",
        side(Color::Black),
        side(Color::White)
    );
    if !s.neutral.is_empty() {
        fig.caption
            .push_str(&format!(" {} neutral.", s.neutral.len()));
    }
    fig
}

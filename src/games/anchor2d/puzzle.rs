//! Anchor 2D's puzzle kinds, each proven with a unique key move under full move generation
//! (every empty playable cell for both sides; the few moves the search leaves out are proven
//! to lose in problem.rs):
//!
//! - `pair` (the default): the side to move anchors a named pair within N of its moves
//!   against every defence; the defender's fifth pair on the way is a failure.
//! - `win`: the side to move anchors its fifth pair within N.
//! - `defend`: the opponent, moving now, would anchor its fifth pair within N (minimal);
//!   exactly one move of the side to move leaves it no win within N.
//!
//! N is minimal (every smaller N disproven) and at most `MAX_N`. Candidates: a few stones of
//! a short engine-guided playout (each side mostly plays a cell that brings its own fifth
//! pair closest by the bound of problem.rs), then a local pattern: one side grows a
//! connection towards a pair (the cells of the cheapest tree joining its two edges and a
//! third), the other plays near the stones and sometimes blocks, until the pair is one or
//! two stones away; for `win` and `defend`, four pairs are grown first. Records keep `black` and
//! `white` (cells in board order), the `pair` (for `pair`, else null) and `in` (N). A
//! record's proof size counts the positions of the whole proof: the key move's and the
//! refutation of every other first move the search classified (for `defend`: the threat's
//! proof and its refutation after the key move); the bands come from generated samples.

use rand::RngExt;
use serde_json::Value;

use super::engine::{Anchor2d, Color};
use super::look::{ANCHOR2D_PAIRS, PUZZLE_LOOK};
use super::problem::{self, A2Problem, Goal, pair_name, parse_pair};
use crate::figure::request::and_list;
use crate::figure::{Colour, Figure, MarkKind, Window};
use crate::games::puzzle::{Candidate, Fields, PuzzleKind, Record, Wrong, differences};
use crate::games::solving::tree_text;
use crate::geometry::{Board, PointId};
use crate::solve::{Branch, Budget, Status};

/// The largest N a generated puzzle has.
pub const MAX_N: u32 = 2;

/// Nodes the generator's searches may expand per puzzle.
const GEN_NODES: u64 = 400_000;

/// Wrong first moves a record keeps (the most tempting, in the search's order).
const WRONG_KEPT: usize = 6;

/// Nodes of the solution tree a record keeps.
const TREE_NODES: usize = 40;

/// What a kind asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Aim {
    Pair,
    Win,
    Defend,
}

/// An Anchor 2D puzzle kind.
pub struct Kind {
    name: &'static str,
    aim: Aim,
    intro: &'static str,
}

/// Anchor a named pair within N.
pub static PAIR: Kind = Kind {
    name: "pair",
    aim: Aim::Pair,
    intro: "Anchor the pair of edges the problem names within the moves it gives, whatever the \
            opponent plays: one group must touch both edges of the pair and a third edge, without \
            enclosing any window other than the one between the pair. The answer numbers the \
            moves in order; x marks tempting first moves that fail.",
};

/// Anchor the fifth pair within N.
pub static WIN: Kind = Kind {
    name: "win",
    aim: Aim::Win,
    intro: "You hold four pairs: anchor a fifth, any one, within the moves the problem gives, \
            whatever the opponent plays, and win the game. The answer numbers the moves in order; \
            x marks tempting first moves that fail.",
};

/// Stop the opponent's fifth pair.
pub static DEFEND: Kind = Kind {
    name: "defend",
    aim: Aim::Defend,
    intro: "The opponent holds four pairs and threatens to anchor a fifth. Find the one move \
            after which it cannot, however it plays. The answer numbers the moves in order; x \
            marks tempting first moves that fail.",
};

/// The kinds, in the order `stonepress games` lists them.
pub static PUZZLE_KINDS: &[&dyn PuzzleKind] = &[&PAIR, &WIN, &DEFEND];

/// A sampled problem: the position (side to move set) and, for `pair`, the pair.
struct Cand {
    pos: Anchor2d,
    pair: Option<usize>,
}

/// The limits of the generator's and `verify`'s searches.
fn budget(nodes: u64) -> Budget {
    Budget {
        nodes,
        table_entries: 1 << 16,
        ..Budget::default()
    }
}

/// A short engine-guided playout of up to `len` placements from the empty board, stopped
/// before any placement that would win the game.
fn playout(rng: &mut impl rand::Rng, len: usize) -> Anchor2d {
    let mut a = Anchor2d::new();
    for _ in 0..len {
        let mut b = a.clone();
        if !playout_from(rng, &mut b) || b.winner().is_some() {
            break;
        }
        a = b;
    }
    a
}

/// Grows a position by a local pattern: `builder` plays towards `goal` (a cell that brings
/// the goal's bound lowest, preferring one that anchors a new pair), its opponent plays near
/// the stones, sometimes on the builder's best cell; stops (true) when `builder` is to move
/// and its bound for the goal is within 1..=`MAX_N` (with `stop`; without it, true once the
/// goal is reached), false after `max` placements or a win.
fn grow(
    rng: &mut impl rand::Rng,
    a: &mut Anchor2d,
    builder: Color,
    goal: Goal,
    max: usize,
    stop: bool,
) -> bool {
    for _ in 0..max {
        let me = a.to_move();
        let mut p = A2Problem::new(a, builder, goal);
        if me == builder {
            let need = p.needs(builder, goal);
            if need == 0 {
                return !stop;
            }
            if !stop {
                // Building: go on to the goal itself.
            } else if need == 1 || (need <= MAX_N && rng.random_bool(0.6)) {
                return true;
            }
        }
        let scored = match goal {
            Goal::Pair(k) => p.tree_scores(builder, k),
            Goal::Five => p.needs_after(builder, goal),
        };
        let Some(best) = scored.iter().map(|s| s.1).min() else {
            return false;
        };
        let mut top: Vec<PointId> = scored.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
        let cell = if me == builder {
            let held = p.pairs_of(builder);
            let mut pick = None;
            for _ in 0..top.len().min(24) {
                let i = rng.random_range(0..top.len());
                let q = top.swap_remove(i);
                if pick.is_none() {
                    pick = Some(q);
                }
                if p.pairs_after(q, builder) & !held != 0 {
                    pick = Some(q);
                    break;
                }
            }
            pick
        } else if rng.random_bool(0.25) {
            Some(top[rng.random_range(0..top.len())])
        } else {
            let empty = p.empty_cells();
            let near: Vec<PointId> = empty
                .iter()
                .copied()
                .filter(|&q| {
                    a.board()
                        .neighbours(q)
                        .iter()
                        .any(|&r| a.stone(r).is_some())
                })
                .collect();
            let pool = if near.is_empty() || rng.random_bool(0.3) {
                empty
            } else {
                near
            };
            (!pool.is_empty()).then(|| pool[rng.random_range(0..pool.len())])
        };
        let Some(cell) = cell else {
            return false;
        };
        if a.play(cell).is_err() || a.winner().is_some() {
            return false;
        }
    }
    false
}

/// The candidate of `seed` for `aim`: a few random stones, then a local pattern grown
/// towards the goal (for `win` and `defend`, four pairs first, one by one).
fn sample(aim: Aim, seed: u64) -> Option<Cand> {
    let mut rng = crate::util::rng(seed);
    let noise = rng.random_range(4..=16usize);
    let mut a = playout(&mut rng, noise);
    let builder = a.to_move();
    match aim {
        Aim::Pair => {
            let held = a.pairs(builder);
            let open: Vec<usize> = (0..9).filter(|k| !held.contains(k)).collect();
            let k = open[rng.random_range(0..open.len())];
            grow(&mut rng, &mut a, builder, Goal::Pair(k), 60, true).then(|| Cand {
                pos: settled(&a),
                pair: Some(k),
            })
        }
        Aim::Win | Aim::Defend => {
            // Four pairs one at a time, the cheapest first; then the fifth grown to the
            // brink.
            for _ in 0..4 {
                let held = a.pairs(builder);
                if held.len() >= 4 {
                    break;
                }
                let k = cheapest(&a, builder, &mut rng)?;
                if !grow(&mut rng, &mut a, builder, Goal::Pair(k), 60, false) {
                    return None;
                }
            }
            if a.pairs(builder).len() != 4 {
                return None;
            }
            let k = cheapest(&a, builder, &mut rng)?;
            if !grow(&mut rng, &mut a, builder, Goal::Pair(k), 40, true) {
                return None;
            }
            let mut pos = settled(&a);
            if aim == Aim::Defend {
                pos.set_to_move(builder.opp());
                let p = A2Problem::new(&pos, builder, Goal::Five);
                if p.needs(builder.opp(), Goal::Five) <= MAX_N + 1 {
                    return None;
                }
            }
            Some(Cand { pos, pair: None })
        }
    }
}

/// The pair `c` does not hold that needs the fewest stones (ties drawn at random).
fn cheapest(a: &Anchor2d, c: Color, rng: &mut impl rand::Rng) -> Option<usize> {
    let p = A2Problem::new(a, c, Goal::Five);
    let held = a.pairs(c);
    (0..9)
        .filter(|k| !held.contains(k))
        .map(|k| (p.needs(c, Goal::Pair(k)), rng.random_range(0..1000u32), k))
        .min()
        .map(|t| t.2)
}

/// Plays one placement of the playout policy on `a`; false when none was possible.
fn playout_from(rng: &mut impl rand::Rng, a: &mut Anchor2d) -> bool {
    let me = a.to_move();
    let p = A2Problem::new(a, me, Goal::Five);
    let roll: f64 = rng.random();
    let empty = p.empty_cells();
    if empty.is_empty() {
        return false;
    }
    let cell = if roll < 0.6 {
        let scored = p.needs_after(me, Goal::Five);
        let best = scored.iter().map(|s| s.1).min().unwrap_or(0);
        let top: Vec<PointId> = scored.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
        top[rng.random_range(0..top.len())]
    } else {
        let near: Vec<PointId> = if roll < 0.85 {
            empty
                .iter()
                .copied()
                .filter(|&q| {
                    a.board()
                        .neighbours(q)
                        .iter()
                        .any(|&r| a.stone(r).is_some())
                })
                .collect()
        } else {
            Vec::new()
        };
        let pool = if near.is_empty() { &empty } else { &near };
        pool[rng.random_range(0..pool.len())]
    };
    a.play(cell).is_ok()
}

/// The stones of a position.
fn stones(a: &Anchor2d) -> Vec<(PointId, Color)> {
    a.board()
        .points()
        .filter_map(|p| a.stone(p).map(|c| (p, c)))
        .collect()
}

/// The position as set up from its stones (no history), same side to move.
fn settled(a: &Anchor2d) -> Anchor2d {
    let mut b = Anchor2d::new();
    b.setup(&stones(a), a.to_move());
    b
}

/// Names of the stones of one colour, in board order.
fn names(a: &Anchor2d, c: Color) -> String {
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
    key: PointId,
    line: Vec<PointId>,
    wrong: Vec<(PointId, Option<PointId>)>,
    tree: Vec<Branch<PointId>>,
    proof_size: usize,
    nodes: u64,
}

/// The wrong first moves with those nearest the key move first (the tempting ones, where the
/// fight is; a far cell refuted at once teaches nothing), in the search's order at equal
/// distance.
fn nearest_first(
    board: &crate::geometry::Board,
    key: PointId,
    wrong: &[(PointId, Option<PointId>)],
) -> Vec<(PointId, Option<PointId>)> {
    let k = board.position(key);
    let mut out = wrong.to_vec();
    out.sort_by(|a, b| {
        let d = |p: PointId| {
            let q = board.position(p);
            (q.x - k.x).hypot(q.y - k.y)
        };
        d(a.0).total_cmp(&d(b.0))
    });
    out
}

/// Proves a candidate: a unique key move at the minimal N, or why not.
fn solve(aim: Aim, c: &Cand, nodes: u64) -> Result<Solved, String> {
    let b = budget(nodes);
    let me = c.pos.to_move();
    if c.pos.winner().is_some() {
        return Err("the game is over".into());
    }
    match aim {
        Aim::Pair | Aim::Win => {
            let goal = match (aim, c.pair) {
                (Aim::Pair, Some(k)) => {
                    if c.pos.pairs(me).contains(&k) {
                        return Err(format!("{} already holds {}", me.name(), pair_name(k)));
                    }
                    Goal::Pair(k)
                }
                (Aim::Pair, None) => return Err("a pair puzzle needs its pair".into()),
                _ => Goal::Five,
            };
            let mut p = A2Problem::new(&c.pos, me, goal);
            let found = problem::deepen(&mut p, MAX_N, &b, TREE_NODES);
            let r = &found.result;
            match r.status {
                Status::Proven => {}
                Status::Disproven => return Err(format!("no win within {MAX_N}")),
                Status::Unknown => return Err(format!("unknown at N = {}", r.n)),
            }
            if r.proof.unique != Some(true) {
                return Err("the key move is not unique".into());
            }
            let key = r.proof.key_move.ok_or("no key move")?;
            let mut tree = found.tree.clone();
            for &(m, reply) in r.proof.refutations.iter().take(WRONG_KEPT) {
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
        Aim::Defend => {
            let d = problem::defend(&c.pos, MAX_N, &b);
            match d.threat {
                Status::Proven => {}
                Status::Disproven => return Err("no threat".into()),
                Status::Unknown => return Err("threat unknown".into()),
            }
            if !d.open.is_empty() {
                return Err("some defences unknown".into());
            }
            let [key] = d.holds[..] else {
                return Err(format!("{} holding moves", d.holds.len()));
            };
            let line = problem::defence_line(&c.pos, key, d.n, &b);
            let mut tree = vec![chain(&line)];
            for &(m, reply) in d.fails.iter().take(WRONG_KEPT) {
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
    }
}

/// A line as a branch without variations.
fn chain(line: &[PointId]) -> Branch<PointId> {
    let mut next = Vec::new();
    for &m in line.iter().skip(1).rev() {
        next = vec![Branch { mv: m, next }];
    }
    Branch { mv: line[0], next }
}

impl Kind {
    /// The instruction of a puzzle.
    fn instruction(&self, me: Color, pair: Option<usize>, n: u32) -> String {
        let within = if n == 1 {
            String::new()
        } else {
            format!(" in {n} moves")
        };
        match (self.aim, pair) {
            (Aim::Pair, Some(k)) => {
                format!("{} to play and anchor {}{within}", me.title(), pair_name(k))
            }
            (Aim::Defend, _) => format!(
                "{} to play and stop {}'s fifth pair",
                me.title(),
                me.opp().title()
            ),
            _ => format!("{} to play and anchor a fifth pair{within}", me.title()),
        }
    }

    fn record(&self, c: &Cand, s: &Solved, seed: u64) -> Record {
        let board = c.pos.board().clone();
        let name = |p: PointId| board.name(p).to_string();
        let me = c.pos.to_move();
        Record {
            number: 0,
            game: "anchor2d".into(),
            position: Fields::new()
                .with("black", names(&c.pos, Color::Black))
                .with("white", names(&c.pos, Color::White)),
            to_play: me.name().to_string(),
            goal: self.name.to_string(),
            instruction: self.instruction(me, c.pair, s.n),
            focus: Fields::new()
                .with(
                    "pair",
                    c.pair.map_or(Value::Null, |k| Value::from(pair_name(k))),
                )
                .with("in", s.n),
            key_move: name(s.key),
            unique: true,
            main_line: s.line.iter().map(|&p| name(p)).collect(),
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
}

/// The position (and pair) of a record.
fn candidate(r: &Record) -> Result<Cand, String> {
    let mut a = Anchor2d::new();
    let board = a.board().clone();
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
    a.setup(&st, me);
    let pair = match r.focus.get("pair") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.as_str()
                .and_then(parse_pair)
                .ok_or_else(|| format!("pair: {v} is not a pair"))?,
        ),
    };
    Ok(Cand { pos: a, pair })
}

/// The pairs a move line brings the player who makes its move number `first` (0 or 1).
fn pairs_gained(pos: &Anchor2d, line: &[PointId], who: Color) -> Vec<usize> {
    let mut a = pos.clone();
    let before = a.pairs(who);
    for &m in line {
        if a.play(m).is_err() {
            break;
        }
    }
    a.pairs(who)
        .into_iter()
        .filter(|k| !before.contains(k))
        .collect()
}

/// The cells of the board a figure must show: the main line and the wrong move shown, the
/// corner cells of the pairs in play, and the stones near the line (two steps).
fn focus_cells(c: &Cand, r: &Record, line: &[PointId]) -> Vec<PointId> {
    let board = c.pos.board();
    let me = c.pos.to_move();
    let mut pairs: Vec<usize> = c.pair.into_iter().collect();
    if pairs.is_empty() {
        let (who, moves) = if r.goal == "defend" {
            // The opponent's threat: what it gains by playing the key cell itself.
            let mut opp = c.pos.clone();
            opp.set_to_move(me.opp());
            (me.opp(), pairs_gained(&opp, &line[..1], me.opp()))
        } else {
            (me, pairs_gained(&c.pos, line, me))
        };
        let _ = who;
        pairs = moves;
    }
    let mut pts: Vec<PointId> = line.to_vec();
    for &k in &pairs {
        let (x, y) = ANCHOR2D_PAIRS[k];
        let need = (1u16 << x) | (1u16 << y);
        pts.extend(board.points().filter(|&p| c.pos.touches(p) & need == need));
    }
    let mut near: Vec<PointId> = line.to_vec();
    for _ in 0..2 {
        let grown: Vec<PointId> = near
            .iter()
            .flat_map(|&p| board.neighbours(p).iter().copied())
            .collect();
        near.extend(grown);
        near.sort_unstable();
        near.dedup();
    }
    pts.extend(near.into_iter().filter(|&p| c.pos.stone(p).is_some()));
    pts
}

impl PuzzleKind for Kind {
    fn name(&self) -> &'static str {
        self.name
    }

    fn introduction(&self) -> &'static str {
        self.intro
    }

    fn is_default(&self) -> bool {
        self.aim == Aim::Pair
    }

    fn sizes(&self) -> (usize, usize, usize) {
        (27, 27, 27)
    }

    fn verify_nodes(&self) -> u64 {
        2 * GEN_NODES
    }

    fn bands(&self) -> [usize; 2] {
        // From the proof sizes of generated samples: a win in one is easy; in two, the
        // larger proofs (more tempting first moves to refute) are hard.
        match self.aim {
            Aim::Pair => [10, 315],
            Aim::Win => [10, 292],
            Aim::Defend => [10, 200],
        }
    }

    fn sample(&self, seed: u64, _size: usize) -> Option<Candidate> {
        sample(self.aim, seed).map(|c| Box::new(c) as Candidate)
    }

    fn prove(&self, candidate: Candidate, seed: u64) -> Result<Record, String> {
        let c = candidate
            .downcast::<Cand>()
            .map_err(|_| "not an Anchor 2D candidate".to_string())?;
        let s = solve(self.aim, &c, GEN_NODES)?;
        Ok(self.record(&c, &s, seed))
    }

    fn verify(&self, r: &Record, nodes: u64) -> Vec<String> {
        let c = match candidate(r) {
            Ok(c) => c,
            Err(e) => return vec![format!("position: {e}")],
        };
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
        let board = c.pos.board().clone();
        let line: Vec<PointId> = r
            .main_line
            .iter()
            .map(|m| board.parse(m).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?;
        if line.is_empty() {
            return Err("main_line: empty".into());
        }
        let mut pts = focus_cells(&c, r, &line);
        // The wrong move shown is the refuted one nearest the key move: the tempting kind,
        // not a far cell that merely comes first in the board's order.
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
            pts.push(p);
        }
        let mut fig = Figure::of_position(board.clone(), &PUZZLE_LOOK, |p| {
            c.pos.stone(p).map(Into::into)
        });
        fig.window = Some(Window::around(&board, &pts, 1.2));
        // The pairs each side holds already: the figure shows only part of the board.
        let held: Vec<String> = [Color::Black, Color::White]
            .into_iter()
            .filter_map(|side| {
                let ks = c.pos.pairs(side);
                (!ks.is_empty()).then(|| {
                    let list: Vec<String> = ks.iter().map(|&k| pair_name(k)).collect();
                    format!("{} holds {}.", side.title(), and_list(&list))
                })
            })
            .collect();
        if !answer {
            fig.caption = held.join(" ");
        }
        if answer {
            let mut colour: Colour = c.pos.to_move().into();
            for &p in &line {
                fig.play(p, colour);
                colour = match colour {
                    Colour::Black => Colour::White,
                    Colour::White => Colour::Black,
                };
            }
            let verb = match self.aim {
                Aim::Pair => format!(
                    "anchors {}",
                    r.focus.get("pair").and_then(Value::as_str).unwrap_or("")
                ),
                Aim::Win => "wins".to_string(),
                Aim::Defend => "holds".to_string(),
            };
            fig.caption = format!("1 at {} {verb} (the only move that does).", r.key_move);
            if let Some(w) = wrong
                && let Ok(p) = board.parse(&w.play)
            {
                // "x", not "a": the edges already carry the letters a to i.
                fig.mark(p, MarkKind::Label("x".into()));
                fig.caption.push_str(&format!(
                    " Wrong: x ({}) is answered by {}.",
                    w.play,
                    w.refutation.as_deref().unwrap_or("")
                ));
            }
        }
        Ok(fig)
    }

    fn check_field(&self, key: &str, value: &Value) -> Result<(), String> {
        match key {
            "black" | "white" if !value.is_string() => Err(format!("{key} must be a string")),
            "pair" if !(value.is_null() || value.as_str().and_then(parse_pair).is_some()) => {
                Err("pair must be a pair such as \"(a,c)\", or null".into())
            }
            "in" if !value.as_u64().is_some_and(|n| (1..=5).contains(&n)) => {
                Err("in must be a number 1..5".into())
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
                .with("pair", get("pair")?)
                .with("in", get("in")?),
        ))
    }
}

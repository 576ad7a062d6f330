//! Go life-and-death puzzles: corner and side shapes sampled from a seed, each proven by df-pn
//! with a unique key move, a solution tree and a proof size; and the re-proof of a recorded one.

use rand::{RngExt, SeedableRng, rngs::ChaCha8Rng};

use super::engine::{Color, Go, Move, Pt};
use super::ld::{self, Goal, LdStatus};
use crate::puzzle::{Record, Wrong};
use crate::solve::{Branch, Budget};

/// Nodes one search of a candidate may expand (a node budget, not a clock, so that a seed
/// gives the same puzzles on every machine).
pub const CANDIDATE_NODES: u64 = 25_000;

/// Why a candidate was not kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reject {
    /// The sampled shape was not a legal position or had no target.
    Shape,
    /// The prover cannot reach its goal (or only through a ko).
    NotProven,
    /// The budget ran out.
    Unknown,
    /// More than one first move wins (a pass included: the problem is already settled).
    NotUnique,
    /// The solution is shorter than three moves before a pass.
    TooShallow,
}

/// A lattice point (column, row from the bottom) of the canonical corner.
type Xy = (i32, i32);

/// The eight neighbours of a point (diagonals included).
fn ring(p: Xy) -> impl Iterator<Item = Xy> {
    (-1..=1).flat_map(move |dx| (-1..=1).map(move |dy| (p.0 + dx, p.1 + dy)))
}

/// True when `p` is a four-neighbour of some point of `set`.
fn touches(set: &[Xy], p: Xy) -> bool {
    set.iter()
        .any(|q| (q.0 - p.0).abs() + (q.1 - p.1).abs() == 1)
}

/// A sampled shape in the bottom-left corner (or on the bottom side): the defender's stones,
/// the attacker's, before any symmetry is applied.
struct Shape {
    defender: Vec<Xy>,
    attacker: Vec<Xy>,
    /// Every point of the construction (eye space and both walls before any change): the
    /// candidate region, so the attacker's wall closes the problem off.
    area: Vec<Xy>,
}

/// Samples an eye space (a staircase in the corner or a strip on the side), walls the defender
/// around it and the attacker around that, then perturbs: cutting points in the defender's
/// wall, a hane on the first line, stones placed inside, gaps in the attacker's wall.
fn sample_shape(rng: &mut ChaCha8Rng, n: i32) -> Shape {
    let on = |p: Xy| p.0 >= 0 && p.1 >= 0 && p.0 < n && p.1 < n;
    let side = n >= 9 && rng.random_range(0..3) == 0;
    let mut eye: Vec<Xy> = Vec::new();
    if side {
        let w = rng.random_range(4..=6);
        let x0 = rng.random_range(2..=(n - w - 2).max(2));
        for i in 0..w {
            let h = if i == 0 || i == w - 1 {
                1
            } else {
                rng.random_range(1..=2)
            };
            eye.extend((0..h).map(|y| (x0 + i, y)));
        }
    } else {
        let w = rng.random_range(3..=5);
        let mut h = rng.random_range(2..=3);
        for x in 0..w {
            eye.extend((0..h).map(|y| (x, y)));
            if h > 1 && rng.random_range(0..100) < 40 {
                h -= 1;
            }
        }
    }
    let mut defender: Vec<Xy> = Vec::new();
    for &e in &eye {
        for q in ring(e) {
            if on(q) && !eye.contains(&q) && !defender.contains(&q) {
                defender.push(q);
            }
        }
    }
    let mut attacker: Vec<Xy> = Vec::new();
    for &d in &defender {
        for q in ring(d) {
            if on(q) && !eye.contains(&q) && !defender.contains(&q) && !attacker.contains(&q) {
                attacker.push(q);
            }
        }
    }
    let area: Vec<Xy> = eye
        .iter()
        .chain(&defender)
        .chain(&attacker)
        .copied()
        .collect();
    // Cutting points: wall stones that only touch the eye space diagonally.
    defender.retain(|&d| touches(&eye, d) || rng.random_range(0..100) >= 45);
    // A hane: the attacker takes the end of the defender's wall on the first line.
    if rng.random_range(0..100) < 45 {
        let ends: Vec<Xy> = defender
            .iter()
            .copied()
            .filter(|d| (d.1 == 0 || d.0 == 0) && touches(&attacker, *d))
            .collect();
        if !ends.is_empty() {
            let e = ends[rng.random_range(0..ends.len())];
            defender.retain(|&d| d != e);
            attacker.push(e);
        }
    }
    // A gap in the defender's wall.
    if rng.random_range(0..100) < 20 {
        let i = rng.random_range(0..defender.len());
        defender.remove(i);
    }
    // Stones inside the eye space.
    let inside_attacker = [0, 0, 1, 1, 1, 2][rng.random_range(0..6)];
    let inside_defender = [0, 0, 0, 1][rng.random_range(0..4)];
    for (count, attacking) in [(inside_attacker, true), (inside_defender, false)] {
        for _ in 0..count {
            let free: Vec<Xy> = eye
                .iter()
                .copied()
                .filter(|p| !attacker.contains(p) && !defender.contains(p))
                .collect();
            if free.len() <= 2 {
                break;
            }
            let p = free[rng.random_range(0..free.len())];
            if attacking {
                attacker.push(p);
            } else {
                defender.push(p);
            }
        }
    }
    // Gaps in the attacker's wall.
    if rng.random_range(0..100) < 30 {
        let i = rng.random_range(0..attacker.len());
        attacker.remove(i);
    }
    Shape {
        defender,
        attacker,
        area,
    }
}

/// The padded engine point of a lattice point.
fn pt(n: i32, p: Xy) -> Pt {
    ((p.1 + 1) * (n + 2) + p.0 + 1) as Pt
}

/// A sampled problem before it is solved.
pub struct Candidate {
    /// The position, Black to move.
    pub go: Go,
    /// A stone of the group under attack.
    pub target: Pt,
    /// Black's goal.
    pub goal: Goal,
    /// The candidate points: the inside of the attacker's wall, the wall included.
    pub region: Vec<Pt>,
}

/// Samples one candidate problem on an n x n board from `seed`: `goal` None picks kill or live
/// at random. None when the shape is not a legal position.
pub fn sample(seed: u64, n: usize, goal: Option<Goal>) -> Option<Candidate> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let goal = goal.unwrap_or(if rng.random_range(0..2) == 0 {
        Goal::Kill
    } else {
        Goal::Live
    });
    let ni = n as i32;
    let shape = sample_shape(&mut rng, ni);
    let sym = rng.random_range(0..8u8);
    // Black moves; Black is the attacker in a kill problem and the defender in a live one.
    let (def_colour, att_colour) = match goal {
        Goal::Kill => (Color::White, Color::Black),
        Goal::Live => (Color::Black, Color::White),
    };
    let mut go = Go::new(n);
    for (set, c) in [(&shape.defender, def_colour), (&shape.attacker, att_colour)] {
        for &p in set {
            go.setup(pt(ni, crate::puzzle::square_symmetry(p, sym, ni)), Some(c));
        }
    }
    go.set_to_move(Color::Black);
    if !go.groups_without_liberties().is_empty() {
        return None;
    }
    // The target: the defender's largest chain.
    let all: Vec<Pt> = go.points().collect();
    let target = super::largest_group(&go, def_colour, &all)?;
    if go.group(target).len() < 3 {
        return None;
    }
    let region = shape
        .area
        .iter()
        .map(|&p| pt(ni, crate::puzzle::square_symmetry(p, sym, ni)))
        .collect();
    Some(Candidate {
        go,
        target,
        goal,
        region,
    })
}

/// Solves a candidate and turns it into a record when it makes a puzzle: proven without ko,
/// one winning first move (a pass counts as a move), at least three plies of solution.
pub fn make(seed: u64, n: usize, goal: Option<Goal>) -> Result<Record, Reject> {
    attempt(seed, n, goal).0
}

/// `make`, with the number of nodes the searches expanded.
pub fn attempt(seed: u64, n: usize, goal: Option<Goal>) -> (Result<Record, Reject>, u64) {
    let Some(c) = sample(seed, n, goal) else {
        return (Err(Reject::Shape), 0);
    };
    let region = c.region.clone();
    let problem = ld::ringed(c.go.clone(), c.target, c.goal, &region);
    let budget = Budget {
        nodes: CANDIDATE_NODES,
        ..Budget::default()
    };
    let r = ld::solve(&problem, budget);
    (judge(&c, &region, &r, seed), r.nodes)
}

/// Keeps a solved candidate or says why not.
fn judge(c: &Candidate, region: &[Pt], r: &ld::LdResult, seed: u64) -> Result<Record, Reject> {
    match r.status {
        LdStatus::Proven => {}
        LdStatus::Unknown => return Err(Reject::Unknown),
        LdStatus::Disproven | LdStatus::Ko => return Err(Reject::NotProven),
    }
    if r.proof.unique != Some(true) || r.proof.key_move == Some(Move::Pass) {
        return Err(Reject::NotUnique);
    }
    // The line ends where a side passes: from there on nothing is left to play.
    let plies = r
        .proof
        .main_line
        .iter()
        .take_while(|&&m| m != Move::Pass)
        .count();
    if plies < 3 {
        return Err(Reject::TooShallow);
    }
    Ok(record(c, region, r, seed))
}

/// The record of a proven puzzle.
fn record(c: &Candidate, region: &[Pt], r: &ld::LdResult, seed: u64) -> Record {
    let go = &c.go;
    let stones = |col: Color| -> String {
        go.points()
            .filter(|&p| go.stone(p) == Some(col))
            .map(|p| go.name(p))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let names = |ms: &[Move]| ms.iter().map(|&m| go.move_name(m)).collect::<Vec<_>>();
    let mover = go.to_move();
    Record {
        number: 0,
        game: "go".into(),
        size: go.size(),
        black: stones(Color::Black),
        white: stones(Color::White),
        to_play: mover.name().into(),
        goal: c.goal.name().into(),
        instruction: format!("{} to play and {}", mover.title(), c.goal.name()),
        target: go.name(c.target),
        region: region.iter().map(|&p| go.name(p)).collect(),
        key_move: go.move_name(r.proof.key_move.expect("proven")),
        unique: true,
        main_line: names(
            &r.proof
                .main_line
                .iter()
                .copied()
                .take_while(|&m| m != Move::Pass)
                .collect::<Vec<_>>(),
        ),
        wrong_moves: r
            .proof
            .refutations
            .iter()
            .filter(|(m, _)| *m != Move::Pass)
            .map(|&(m, reply)| Wrong {
                play: go.move_name(m),
                refutation: reply.map(|x| go.move_name(x)),
            })
            .collect(),
        proof_size: r.proof_size,
        depth: r
            .proof
            .main_line
            .iter()
            .take_while(|&&m| m != Move::Pass)
            .count(),
        nodes: r.nodes,
        grade: String::new(),
        seed,
        sgf: sgf_tree(go, c.goal, &r.solution, &r.proof.refutations),
    }
}

/// The SGF of a problem with its solution tree as variations and the wrong first moves with
/// their refutations.
fn sgf_tree(
    go: &Go,
    goal: Goal,
    solution: &[Branch<Move>],
    wrong: &[(Move, Option<Move>)],
) -> String {
    let n = go.size();
    let point = |p: Pt| {
        let (c, r) = go.board().coord(go.id(p));
        super::sgf::point_text(c as usize, n - 1 - r as usize)
    };
    let list = |col: Color| -> String {
        go.points()
            .filter(|&p| go.stone(p) == Some(col))
            .map(|p| format!("[{}]", point(p)))
            .collect()
    };
    let mover = go.to_move();
    let mv = |m: Move, c: Color| -> String {
        let who = if c == Color::Black { "B" } else { "W" };
        match m {
            Move::Play(p) => format!("{who}[{}]", point(p)),
            Move::Pass => format!("{who}[]"),
        }
    };
    let mut out = format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[stonepress]SZ[{n}]PL[{}]AB{}AW{}C[{} to play and {}]",
        if mover == Color::Black { "B" } else { "W" },
        list(Color::Black),
        list(Color::White),
        mover.title(),
        goal.name()
    );
    fn walk(out: &mut String, bs: &[Branch<Move>], c: Color, mv: &dyn Fn(Move, Color) -> String) {
        let many = bs.len() > 1;
        for b in bs {
            if many {
                out.push('(');
            }
            out.push(';');
            out.push_str(&mv(b.mv, c));
            if b.next.is_empty() {
                out.push_str("C[Correct]");
            }
            walk(out, &b.next, c.opp(), mv);
            if many {
                out.push(')');
            }
        }
    }
    let branches = solution.len() + wrong.iter().filter(|w| w.0 != Move::Pass).count();
    let wrap = branches > 1;
    for b in solution {
        if wrap {
            out.push('(');
        }
        walk(&mut out, std::slice::from_ref(b), mover, &mv);
        if wrap {
            out.push(')');
        }
    }
    for &(m, reply) in wrong.iter().filter(|w| w.0 != Move::Pass) {
        out.push_str("(;");
        out.push_str(&mv(m, mover));
        out.push_str("C[Wrong]");
        if let Some(r) = reply {
            out.push(';');
            out.push_str(&mv(r, mover.opp()));
        }
        out.push(')');
    }
    out.push_str(")\n");
    out
}

/// Re-proves a recorded puzzle from its position alone: the status must be proven, the key move
/// the recorded one and the only winning first move. `budget_nodes` bounds each search.
pub fn verify(r: &Record, budget_nodes: u64) -> Result<(), String> {
    if r.size < 5 || r.size > 19 {
        return Err(format!("board size {} is not 5..19", r.size));
    }
    let mut go = Go::new(r.size);
    for (list, c) in [(&r.black, Color::Black), (&r.white, Color::White)] {
        for name in list.split_whitespace() {
            let p = go.parse(name).map_err(|e| e.to_string())?;
            go.setup(p, Some(c));
        }
    }
    let mover = Color::parse(&r.to_play).ok_or_else(|| format!("to_play '{}'", r.to_play))?;
    go.set_to_move(mover);
    if !go.groups_without_liberties().is_empty() {
        return Err("the position has a group without liberties".into());
    }
    let target = go.parse(&r.target).map_err(|e| e.to_string())?;
    let defender = go
        .stone(target)
        .ok_or_else(|| format!("the target {} holds no stone", r.target))?;
    let goal = Goal::for_defender(defender, mover);
    if goal.name() != r.goal {
        return Err(format!(
            "goal '{}' does not fit the target {}",
            r.goal, r.target
        ));
    }
    let region = r
        .region
        .iter()
        .map(|s| go.parse(s).map_err(|e| e.to_string()))
        .collect::<Result<Vec<Pt>, String>>()?;
    let problem = ld::ringed(go.clone(), target, goal, &region);
    let budget = Budget {
        nodes: budget_nodes,
        ..Budget::default()
    };
    let res = ld::solve(&problem, budget);
    if res.status != LdStatus::Proven {
        return Err(format!("status {} (recorded: proven)", res.status.name()));
    }
    let key = res.proof.key_move.map(|m| go.move_name(m));
    if key.as_deref() != Some(r.key_move.as_str()) {
        return Err(format!(
            "key move {} (recorded: {})",
            key.unwrap_or_default(),
            r.key_move
        ));
    }
    if res.proof.unique != Some(true) {
        let others: Vec<String> = res
            .proof
            .other_winning_moves
            .iter()
            .map(|&m| go.move_name(m))
            .collect();
        return Err(format!(
            "the key move is not unique (also: {})",
            others.join(" ")
        ));
    }
    Ok(())
}

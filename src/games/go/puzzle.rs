//! Go life-and-death puzzles: corner and side shapes sampled from a seed, each proven by df-pn
//! with a unique key move, a solution tree and a proof size; the re-proof of a recorded one;
//! and Go's three kinds of the puzzle contract (`PUZZLE_KINDS`: kill, live, life-and-death),
//! which own the record's Go keys (size, black, white; target, region) and the book's figures.

use rand::{RngExt, SeedableRng, rngs::ChaCha8Rng};

use super::engine::{Color, Go, Move, Pt};
use super::ld::{self, Goal, LdStatus};
use crate::figure::{Colour, Figure, MarkKind, Window};
use crate::games::puzzle::{self as contract, Fields, PuzzleKind, Record, Wrong};
use crate::geometry::{Board, PointId};
use crate::solve::{Branch, Budget, Problem, Solver};

/// Nodes one search of a candidate may expand (a node budget, not a clock, so that a seed
/// gives the same puzzles on every machine).
pub const CANDIDATE_NODES: u64 = 25_000;

/// Most points a candidate's first move may take (the pass aside). A problem with more is
/// an open fight whose proof, kept or not, costs most of the generation time: measured on
/// 600 candidates (`PUZZLES_SPLIT=1 cargo bench --bench puzzles -- go life-and-death 600`),
/// those with 9 or 10 first points took 1,150,000 search nodes for 8 puzzles, those with 8
/// or fewer 278,000 nodes for 36. Turning them down makes each kept puzzle about four times
/// cheaper; the hard band is then filled from the smaller fights, each hard puzzle for less
/// time.
pub const MAX_FIRST_MOVES: usize = 8;

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
    /// More first moves than `MAX_FIRST_MOVES`: an open fight, whose proof costs more than
    /// the few puzzles such fights make are worth.
    Open,
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

/// Maps a point (column, row) of an n x n board by one of its eight symmetries (bit 0 mirrors
/// the columns, bit 1 the rows, bit 2 swaps them).
fn square_symmetry(p: Xy, sym: u8, n: i32) -> Xy {
    let (mut x, mut y) = p;
    if sym & 1 != 0 {
        x = n - 1 - x;
    }
    if sym & 2 != 0 {
        y = n - 1 - y;
    }
    if sym & 4 != 0 {
        std::mem::swap(&mut x, &mut y);
    }
    (x, y)
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
            go.setup(pt(ni, square_symmetry(p, sym, ni)), Some(c));
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
        .map(|&p| pt(ni, square_symmetry(p, sym, ni)))
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
    prove(c, seed)
}

/// The candidate's problem as a record sets it up (the stones re-placed in point order), so
/// that `verify` repeats the very same search and finds the same proof, line and tree.
fn problem_of(c: Candidate) -> (Candidate, ld::LifeAndDeath) {
    let stones = |col: Color| -> Vec<Pt> {
        c.go.points()
            .filter(|&p| c.go.stone(p) == Some(col))
            .collect()
    };
    let go = set_up(
        c.go.size(),
        &stones(Color::Black),
        &stones(Color::White),
        c.go.to_move(),
    );
    let c = Candidate { go, ..c };
    let problem = ld::ringed(c.go.clone(), c.target, c.goal, &c.region);
    (c, problem)
}

/// Proves a sampled candidate: the record when it makes a puzzle (else why not), with the
/// number of nodes the searches expanded. A candidate with more first moves than
/// `MAX_FIRST_MOVES` is turned down before any search.
pub fn prove(c: Candidate, seed: u64) -> (Result<Record, Reject>, u64) {
    let (c, mut problem) = problem_of(c);
    if problem.moves().len() > MAX_FIRST_MOVES + 1 {
        return (Err(Reject::Open), 0);
    }
    let region = c.region.clone();
    let budget = Budget {
        nodes: CANDIDATE_NODES,
        ..Budget::default()
    };
    // The proof stops at a second winning first move and reads no ko after a failure: a
    // puzzle is kept only when proven with one key move, so neither changes what is kept.
    let r = ld::solve_unique(&problem, budget);
    (judge(&c, &region, &r, seed), r.nodes)
}

/// Where the search of a candidate's proof goes, for profiling generation.
#[derive(Clone, Copy, Debug)]
pub struct Split {
    /// Points the first move may take (the pass aside).
    pub first_points: usize,
    /// Nodes of the proof of the root: the first search, which finds one winning first move
    /// or shows there is none.
    pub root: u64,
    /// Nodes of the whole proof `prove` makes: the root, then the other first moves up to a
    /// second winner.
    pub whole: u64,
    /// True when the proof makes a puzzle.
    pub kept: bool,
}

/// The `Split` of a candidate's proof, made whatever its number of first moves (`prove`
/// turns down those with more than `MAX_FIRST_MOVES` unsearched).
pub fn search_split(c: &Candidate, seed: u64) -> Split {
    let copy = Candidate {
        go: c.go.clone(),
        target: c.target,
        goal: c.goal,
        region: c.region.clone(),
    };
    let (c, mut problem) = problem_of(copy);
    let first_points = problem.moves().len() - 1;
    let budget = Budget {
        nodes: CANDIDATE_NODES,
        ..Budget::default()
    };
    // The proof's first search is this one: the same problem on a fresh solver.
    let mut strict = problem.clone().with_ko_master(Some(problem.prover.opp()));
    let mut solver = Solver::new(budget.clone());
    solver.search(&mut strict);
    let r = ld::solve_unique(&problem, budget);
    Split {
        first_points,
        root: solver.nodes(),
        whole: r.nodes,
        kept: judge(&c, &c.region, &r, seed).is_ok(),
    }
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
    let region: Vec<String> = region.iter().map(|&p| go.name(p)).collect();
    Record {
        number: 0,
        game: "go".into(),
        position: Fields::new()
            .with("size", go.size())
            .with("black", stones(Color::Black))
            .with("white", stones(Color::White)),
        to_play: mover.name().into(),
        goal: c.goal.name().into(),
        instruction: format!("{} to play and {}", mover.title(), c.goal.name()),
        focus: Fields::new()
            .with("target", go.name(c.target))
            .with("region", region),
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

/// A position set up from stone lists, each sorted by point, Black first: the one form in
/// which puzzles are both generated and re-proved (the order of set-up shapes the engine's
/// groups, and so the order in which the search tries moves).
fn set_up(n: usize, black: &[Pt], white: &[Pt], mover: Color) -> Go {
    let mut go = Go::new(n);
    for (list, c) in [(black, Color::Black), (white, Color::White)] {
        let mut list = list.to_vec();
        list.sort_unstable();
        for p in list {
            go.setup(p, Some(c));
        }
    }
    go.set_to_move(mover);
    go
}

/// The set-up position of a record, checked before any engine holds it: a board size a book
/// may have (7 to 19), every stone a point of the board, named once, in one colour. Errors
/// name the field.
pub fn position(r: &Record, gp: &Part) -> Result<Go, String> {
    if !(7..=19).contains(&gp.size) {
        return Err(format!(
            "size: {} is not a book's board size (7..19)",
            gp.size
        ));
    }
    let probe = Go::new(gp.size);
    let mut owner: Vec<Option<(Color, String)>> = vec![None; (gp.size + 2) * (gp.size + 2)];
    let mut lists: [Vec<Pt>; 2] = [Vec::new(), Vec::new()];
    for (field, list, c) in [
        ("black", &gp.black, Color::Black),
        ("white", &gp.white, Color::White),
    ] {
        for name in list.split_whitespace() {
            let p = probe.parse(name).map_err(|_| {
                format!(
                    "{field}: '{}' is not a point of the {n}x{n} board",
                    short(name),
                    n = gp.size
                )
            })?;
            if let Some((was, _)) = &owner[p] {
                return Err(if *was == c {
                    format!("{field}: {} is given twice", probe.name(p))
                } else {
                    format!("position: {} is both black and white", probe.name(p))
                });
            }
            owner[p] = Some((c, name.to_string()));
            lists[c.index()].push(p);
        }
    }
    let mover = Color::parse(&r.to_play)
        .ok_or_else(|| format!("to_play: '{}' is not black or white", short(&r.to_play)))?;
    let go = set_up(gp.size, &lists[0], &lists[1], mover);
    if let Some(&p) = go.groups_without_liberties().first() {
        return Err(format!(
            "position: the stones at {} have no liberty",
            go.name(p)
        ));
    }
    Ok(go)
}

/// At most 24 characters of a text a manifest gave, for messages.
fn short(s: &str) -> String {
    if s.chars().count() <= 24 {
        s.to_string()
    } else {
        format!("{}...", s.chars().take(24).collect::<String>())
    }
}

/// The names of a line of moves.
fn names(go: &Go, ms: &[Move]) -> String {
    ms.iter()
        .map(|&m| go.move_name(m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Plays named moves from `go` under the game's rules (positional superko, no ko master);
/// the error names the first move that is not legal and why.
pub fn play_line(go: &Go, line: &[String]) -> Result<Go, String> {
    let mut g = go.clone();
    g.ko_rule = super::engine::KoRule::Superko;
    g.ko_master = None;
    for (i, name) in line.iter().enumerate() {
        let name = short(name);
        let m =
            parse_move(&g, &name).map_err(|_| format!("move {} ({name}) is not a move", i + 1))?;
        g.play(m)
            .map_err(|e| format!("move {} ({name}) is illegal: {}", i + 1, e.reason()))?;
    }
    Ok(g)
}

/// A move by name: a point, or "pass".
fn parse_move(go: &Go, name: &str) -> Result<Move, String> {
    if name.eq_ignore_ascii_case("pass") {
        return Ok(Move::Pass);
    }
    go.parse(name).map(Move::Play).map_err(|e| e.to_string())
}

/// The SGF point of every point of the board.
fn sgf_points(go: &Go) -> Vec<(String, Pt)> {
    let n = go.size();
    go.points()
        .map(|p| {
            let (c, r) = go.board().coord(go.id(p));
            (super::sgf::point_text(c as usize, n - 1 - r as usize), p)
        })
        .collect()
}

/// Checks a recorded SGF solution tree: it parses, its root sets up the record's position with
/// the right side to move, every variation is legal under the game's rules with the colours
/// alternating, the variations of the key move end in "Correct" and carry no "Wrong", and each
/// other first move is a recorded wrong move marked "Wrong", followed by its recorded answer.
pub fn check_sgf(r: &Record, gp: &Part, go: &Go) -> Result<(), String> {
    let root = super::sgf::parse(&r.sgf).map_err(|e| format!("does not parse: {e}"))?;
    if root.first("SZ") != Some(gp.size.to_string().as_str()) {
        return Err(format!("SZ is not {}", gp.size));
    }
    let mover = go.to_move();
    let pl = if mover == Color::Black { "B" } else { "W" };
    if root.first("PL") != Some(pl) {
        return Err(format!("PL is not {pl}"));
    }
    let points = sgf_points(go);
    let to_pt = |v: &str| points.iter().find(|(t, _)| t == v).map(|&(_, p)| p);
    for (id, col) in [("AB", Color::Black), ("AW", Color::White)] {
        let mut given: Vec<Pt> = Vec::new();
        for v in root.get(id).unwrap_or_default() {
            let p = to_pt(v).ok_or_else(|| format!("{id}[{v}] is not a point of the board"))?;
            given.push(p);
        }
        given.sort_unstable();
        let want: Vec<Pt> = go.points().filter(|&p| go.stone(p) == Some(col)).collect();
        if given != want {
            return Err(format!("{id} does not set up the recorded position"));
        }
    }
    if root.children.is_empty() {
        return Err("it has no variation".into());
    }
    let mut g = go.clone();
    g.ko_rule = super::engine::KoRule::Superko;
    g.ko_master = None;
    let mut seen_key = false;
    for child in &root.children {
        let first = node_move(child, &g, mover, &to_pt)?;
        let name = g.move_name(first);
        let comment = child.first("C").unwrap_or("");
        if name == r.key_move {
            seen_key = true;
            walk_correct(child, &mut g, mover, &to_pt, &mut vec![name])?;
        } else {
            let Some(w) = r.wrong_moves.iter().find(|w| w.play == name) else {
                return Err(format!(
                    "the first move {name} is neither the key move nor a recorded wrong move"
                ));
            };
            if comment != "Wrong" {
                return Err(format!("the wrong move {name} is not marked Wrong"));
            }
            g.play(first)
                .map_err(|e| format!("the wrong move {name} is illegal: {}", e.reason()))?;
            let answer = match child.children.as_slice() {
                [] => None,
                [reply] => Some(node_move(reply, &g, mover.opp(), &to_pt)?),
                _ => {
                    g.undo();
                    return Err(format!("the wrong move {name} has more than one answer"));
                }
            };
            let legal = answer.map(|a| (g.move_name(a), g.check(a)));
            g.undo();
            if let Some((a, Err(e))) = &legal {
                return Err(format!(
                    "the answer {a} to the wrong move {name} is illegal: {}",
                    e.reason()
                ));
            }
            if legal.map(|(a, _)| a) != w.refutation {
                return Err(format!(
                    "the answer to the wrong move {name} is not the recorded refutation"
                ));
            }
        }
    }
    if !seen_key {
        return Err(format!(
            "no variation starts with the key move {}",
            r.key_move
        ));
    }
    Ok(())
}

/// The move of a node for colour `c` (B or W, one value), or an error.
fn node_move(
    node: &super::sgf::SgfNode,
    go: &Go,
    c: Color,
    to_pt: &dyn Fn(&str) -> Option<Pt>,
) -> Result<Move, String> {
    let (want, other) = if c == Color::Black {
        ("B", "W")
    } else {
        ("W", "B")
    };
    if node.get(other).is_some() {
        return Err(format!("a node plays {other} where {want} is to move"));
    }
    let v = node
        .first(want)
        .ok_or_else(|| format!("a node has no {want} move"))?;
    if v.is_empty() || (go.size() <= 19 && v == "tt") {
        return Ok(Move::Pass);
    }
    to_pt(v)
        .map(Move::Play)
        .ok_or_else(|| format!("{want}[{v}] is not a point of the board"))
}

/// Walks a variation of the solution: every move legal, no "Wrong" mark, each leaf "Correct".
fn walk_correct(
    node: &super::sgf::SgfNode,
    go: &mut Go,
    c: Color,
    to_pt: &dyn Fn(&str) -> Option<Pt>,
    line: &mut Vec<String>,
) -> Result<(), String> {
    let m = node_move(node, go, c, to_pt)?;
    if let Err(e) = go.play(m) {
        return Err(format!(
            "the variation {} plays an illegal move: {}",
            line.join(" "),
            e.reason()
        ));
    }
    let comment = node.first("C").unwrap_or("");
    let result = if comment == "Wrong" {
        Err(format!("the variation {} is marked Wrong", line.join(" ")))
    } else if node.children.is_empty() && comment != "Correct" {
        Err(format!(
            "the variation {} ends without the mark Correct",
            line.join(" ")
        ))
    } else {
        let mut r = Ok(());
        for child in &node.children {
            let next = node_move(child, go, c.opp(), to_pt);
            let Ok(next) = next else {
                r = next.map(|_| ());
                break;
            };
            line.push(go.move_name(next));
            r = walk_correct(child, go, c.opp(), to_pt, line);
            line.pop();
            if r.is_err() {
                break;
            }
        }
        r
    };
    go.undo();
    result
}

/// Re-proves a recorded puzzle and checks every claim of its record against the proof: the
/// position (legal, the one its seed makes), the goal and instruction, the key move and its
/// uniqueness, every wrong move and its refutation, the main line, the depth, the proof size
/// and grade, and the SGF solution tree. Each error names its field. `budget_nodes` bounds
/// each search.
pub fn verify(r: &Record, budget_nodes: u64) -> Vec<String> {
    let gp = match part(r) {
        Ok(gp) => gp,
        Err(e) => return vec![e],
    };
    let go = match position(r, &gp) {
        Ok(go) => go,
        Err(e) => return vec![e],
    };
    let mut errors: Vec<String> = Vec::new();
    let Ok(target) = go.parse(&gp.target) else {
        return vec![format!("target: '{}' is not a point", short(&gp.target))];
    };
    let Some(defender) = go.stone(target) else {
        return vec![format!("target: {} holds no stone", gp.target)];
    };
    let mover = go.to_move();
    let goal = Goal::for_defender(defender, mover);
    if goal.name() != r.goal {
        errors.push(format!(
            "goal: '{}' does not fit the target {} ({} to play: {})",
            short(&r.goal),
            gp.target,
            mover.name(),
            goal.name()
        ));
    }
    let instruction = format!("{} to play and {}", mover.title(), goal.name());
    if r.instruction != instruction {
        errors.push(format!(
            "instruction: '{}' (the puzzle: '{instruction}')",
            short(&r.instruction)
        ));
    }
    let region = match gp
        .region
        .iter()
        .map(|s| go.parse(s).map_err(|e| e.to_string()))
        .collect::<Result<Vec<Pt>, String>>()
    {
        Ok(region) => region,
        Err(e) => return vec![format!("region: {e}")],
    };
    // The position, target and region are the ones the seed makes.
    if let Some(c) = sample(r.seed, gp.size, Some(goal)) {
        let stones = |g: &Go, col: Color| -> Vec<Pt> {
            g.points().filter(|&p| g.stone(p) == Some(col)).collect()
        };
        for col in [Color::Black, Color::White] {
            let (have, want) = (stones(&go, col), stones(&c.go, col));
            if have != want {
                let extra: Vec<String> = have
                    .iter()
                    .filter(|p| !want.contains(p))
                    .map(|&p| go.name(p))
                    .collect();
                let missing: Vec<String> = want
                    .iter()
                    .filter(|p| !have.contains(p))
                    .map(|&p| go.name(p))
                    .collect();
                errors.push(format!(
                    "{}: not the stones seed {} makes (extra: {}; missing: {})",
                    col.name(),
                    r.seed,
                    extra.join(" "),
                    missing.join(" ")
                ));
            }
        }
        if c.region != region {
            errors.push(format!("region: not the one seed {} makes", r.seed));
        }
        if go.stone(c.target) != Some(defender) || go.group_id(c.target) != go.group_id(target) {
            errors.push(format!("target: not the group seed {} makes", r.seed));
        }
    } else {
        errors.push(format!("seed: {} makes no puzzle", r.seed));
    }
    if !errors.is_empty() {
        return errors;
    }
    let problem = ld::ringed(go.clone(), target, goal, &region);
    let budget = Budget {
        nodes: budget_nodes,
        ..Budget::default()
    };
    let res = ld::solve(&problem, budget);
    if res.status != LdStatus::Proven {
        return vec![format!(
            "status: {} (the manifest claims proven)",
            res.status.name()
        )];
    }
    let key = res
        .proof
        .key_move
        .map(|m| go.move_name(m))
        .unwrap_or_default();
    if key != r.key_move {
        errors.push(format!("key_move: {} (the proof: {key})", r.key_move));
    }
    if !r.unique {
        errors.push("unique: false (a book puzzle has one winning first move)".into());
    }
    if res.proof.unique != Some(true) {
        let others = names(&go, &res.proof.other_winning_moves);
        errors.push(format!(
            "unique: the key move is not unique (also: {others})"
        ));
    }
    // The main line: legal under the game's rules, the key first, and the proof's own line.
    let proof_line: Vec<String> = res
        .proof
        .main_line
        .iter()
        .take_while(|&&m| m != Move::Pass)
        .map(|&m| go.move_name(m))
        .collect();
    if let Err(e) = play_line(&go, &r.main_line) {
        errors.push(format!("main_line: {e}"));
    } else if r.main_line.first() != Some(&r.key_move) {
        errors.push("main_line: does not start with the key move".into());
    } else if r.main_line != proof_line {
        let at = r
            .main_line
            .iter()
            .zip(&proof_line)
            .position(|(a, b)| a != b);
        errors.push(match at {
            Some(i) => format!(
                "main_line: move {} is {} (the proof: {})",
                i + 1,
                r.main_line[i],
                proof_line[i]
            ),
            None => format!(
                "main_line: {} moves (the proof's line has {}: {})",
                r.main_line.len(),
                proof_line.len(),
                proof_line.join(" ")
            ),
        });
    }
    if r.depth != r.main_line.len() {
        errors.push(format!(
            "depth: {} (the main line has {} moves)",
            r.depth,
            r.main_line.len()
        ));
    }
    // Every failing first move with its refutation, each legal, none left out.
    let proof_wrong: Vec<(String, Option<String>)> = res
        .proof
        .refutations
        .iter()
        .filter(|(m, _)| *m != Move::Pass)
        .map(|&(m, a)| (go.move_name(m), a.map(|a| go.move_name(a))))
        .collect();
    for (i, w) in r.wrong_moves.iter().enumerate() {
        let mut line = vec![w.play.clone()];
        line.extend(w.refutation.iter().cloned());
        if let Err(e) = play_line(&go, &line) {
            errors.push(format!("wrong_moves: {} {e}", w.play));
        } else if r.wrong_moves[..i].iter().any(|x| x.play == w.play) {
            errors.push(format!("wrong_moves: {} is recorded twice", w.play));
        } else if let Some((_, a)) = proof_wrong.iter().find(|(m, _)| *m == w.play) {
            if *a != w.refutation {
                errors.push(format!(
                    "wrong_moves: the refutation of {} is {} (the proof: {})",
                    w.play,
                    w.refutation.as_deref().unwrap_or("none"),
                    a.as_deref().unwrap_or("none")
                ));
            }
        } else {
            errors.push(format!(
                "wrong_moves: {} is not a first move the proof refutes",
                w.play
            ));
        }
    }
    for (m, _) in &proof_wrong {
        if !r.wrong_moves.iter().any(|w| w.play == *m) {
            errors.push(format!("wrong_moves: {m} fails but is not recorded"));
        }
    }
    if res.proof_size != r.proof_size {
        errors.push(format!(
            "proof_size: {} (the proof: {})",
            r.proof_size, res.proof_size
        ));
    }
    let band = LIFE_AND_DEATH.grade(res.proof_size);
    if r.grade != band {
        errors.push(format!(
            "grade: '{}' (a proof of {} positions is '{band}')",
            short(&r.grade),
            res.proof_size
        ));
    }
    if let Err(e) = check_sgf(r, &gp, &go) {
        errors.push(format!("sgf: {e}"));
    } else if r.sgf != sgf_tree(&go, goal, &res.solution, &res.proof.refutations) {
        errors.push("sgf: not the proof's solution tree".into());
    }
    errors
}

/// The Go keys of a record's position part.
#[derive(serde::Deserialize)]
struct PositionKeys {
    size: usize,
    black: String,
    white: String,
}

/// The Go keys of a record's focus part.
#[derive(serde::Deserialize)]
struct FocusKeys {
    target: String,
    region: Vec<String>,
}

/// The Go part of a record, read: board size, stones by name, target and candidate points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Board size.
    pub size: usize,
    /// Black stones, by name.
    pub black: String,
    /// White stones, by name.
    pub white: String,
    /// A stone of the group under attack.
    pub target: String,
    /// The candidate points.
    pub region: Vec<String>,
}

/// Reads the Go keys of a record; the error names what is missing or mistyped.
pub fn part(r: &Record) -> Result<Part, String> {
    let p: PositionKeys =
        serde_json::from_value(r.position.to_object()).map_err(|e| e.to_string())?;
    let f: FocusKeys = serde_json::from_value(r.focus.to_object()).map_err(|e| e.to_string())?;
    Ok(Part {
        size: p.size,
        black: p.black,
        white: p.white,
        target: f.target,
        region: f.region,
    })
}

/// The points of a record's problem on `board`: its stones, its region and the ring of points
/// next to the region (the proof's lines may reach them), so the frame shows the whole area
/// the proof used.
fn problem_points(board: &Board, gp: &Part) -> Vec<PointId> {
    let region: Vec<PointId> = gp
        .region
        .iter()
        .filter_map(|s| board.parse(s).ok())
        .collect();
    let ring = region
        .iter()
        .flat_map(|&p| board.neighbours(p).iter().copied());
    gp.black
        .split_whitespace()
        .chain(gp.white.split_whitespace())
        .filter_map(|s| board.parse(s).ok())
        .chain(region.iter().copied())
        .chain(ring)
        .collect()
}

/// The figure of a puzzle as set: its stones on the board cropped to the problem.
fn puzzle_figure(board: Board, gp: &Part) -> Figure {
    let mut fig = Figure::new(board.clone(), &super::look::LOOK);
    for (list, c) in [(&gp.black, Colour::Black), (&gp.white, Colour::White)] {
        for id in list.split_whitespace().filter_map(|s| board.parse(s).ok()) {
            fig.stone(id, c);
        }
    }
    let pts = problem_points(&board, gp);
    fig.window = Some(Window::around(&board, &pts, 0.5));
    fig
}

/// The answer figure: the main line as numbered stones, the first wrong move with a
/// refutation marked and named in the caption.
fn answer_figure(board: Board, r: &Record, gp: &Part) -> Figure {
    let mut fig = puzzle_figure(board.clone(), gp);
    // The main line and the printed refutation stay in view wherever they are.
    let mut pts = problem_points(&board, gp);
    pts.extend(r.main_line.iter().filter_map(|m| board.parse(m).ok()));
    if let Some(w) = r.wrong_moves.iter().find(|w| w.refutation.is_some()) {
        pts.extend(
            std::iter::once(&w.play)
                .chain(&w.refutation)
                .filter_map(|m| board.parse(m).ok()),
        );
    }
    fig.window = Some(Window::around(&board, &pts, 0.5));
    let first = if r.to_play == "white" {
        Colour::White
    } else {
        Colour::Black
    };
    let mut colour = first;
    let mut passes = Vec::new();
    for (i, m) in r.main_line.iter().enumerate() {
        match board.parse(m) {
            Ok(id) => {
                fig.play(id, colour);
            }
            Err(_) => {
                fig.last_number += 1;
                passes.push(format!("{} passes", i + 1));
            }
        }
        colour = match colour {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        };
    }
    fig.notes.extend(passes);
    let verb = if r.goal == "kill" { "kills" } else { "lives" };
    let mut caption = format!("1 at {} {verb}", r.key_move);
    if r.unique {
        caption.push_str(" (the only move that does)");
    }
    caption.push('.');
    if let Some(w) = r.wrong_moves.iter().find(|w| w.refutation.is_some()) {
        let tag = "a";
        if let Ok(id) = board.parse(&w.play) {
            let answer = w.refutation.as_deref().unwrap_or("pass");
            // The letter goes on the board only where no stone of the figure stands: on a
            // numbered stone it would hide the move's number, so the caption names it alone.
            if fig.stone_at().contains_key(&id) {
                caption.push_str(&format!(" Wrong: {} is answered by {answer}.", w.play));
            } else {
                fig.mark(id, MarkKind::Label(tag.into()));
                caption.push_str(&format!(
                    " Wrong: {tag} ({}) is answered by {answer}.",
                    w.play
                ));
            }
        }
    }
    fig.caption = caption;
    fig
}

/// The board sizes a Go puzzle book may use: (least, most, default).
const BOOK_SIZES: (usize, usize, usize) = (7, 19, 9);

/// A Go life-and-death kind: Black to kill, to live, or either (sampled per puzzle).
pub struct LifeAndDeath {
    /// The kind's name.
    name: &'static str,
    /// The goal, or None for either.
    goal: Option<Goal>,
    /// The chapter page's paragraph.
    intro: &'static str,
}

/// Black to play and kill.
pub static KILL: LifeAndDeath = LifeAndDeath {
    name: "kill",
    goal: Some(Goal::Kill),
    intro: "Play first and kill the group under attack: after the key move it dies whatever \
            the defender plays. Only the part of the board shown matters, and every other first \
            move there, passing included, fails. The answer numbers the key move 1 and the main \
            line after it; the letter a marks a tempting wrong move, with the reply that refutes it.",
};

/// Black to play and live.
pub static LIVE: LifeAndDeath = LifeAndDeath {
    name: "live",
    goal: Some(Goal::Live),
    intro: "Play first and make the threatened group live: after the key move it lives \
            whatever the attacker plays. Only the part of the board shown matters, and every \
            other first move there, passing included, fails. The answer numbers the key move 1 \
            and the main line after it; the letter a marks a tempting wrong move, with the reply \
            that refutes it.",
};

/// Kill or live, drawn per puzzle: the kind a puzzles table gets when it names none.
pub static LIFE_AND_DEATH: LifeAndDeath = LifeAndDeath {
    name: "life-and-death",
    goal: None,
    intro: "Each problem says whether to kill or to live: play first, and after the key move \
            the group under attack dies (or lives) whatever the other side plays. Only the part \
            of the board shown matters, and every other first move there, passing included, \
            fails. The answer numbers the key move 1 and the main line after it; the letter a \
            marks a tempting wrong move, with the reply that refutes it.",
};

/// Go's puzzle kinds, in the order `stonepress games` lists them.
pub static PUZZLE_KINDS: &[&dyn PuzzleKind] = &[&KILL, &LIVE, &LIFE_AND_DEATH];

impl PuzzleKind for LifeAndDeath {
    fn name(&self) -> &'static str {
        self.name
    }

    fn introduction(&self) -> &'static str {
        self.intro
    }

    fn is_default(&self) -> bool {
        self.goal.is_none()
    }

    fn sizes(&self) -> (usize, usize, usize) {
        BOOK_SIZES
    }

    fn verify_nodes(&self) -> u64 {
        4 * CANDIDATE_NODES
    }

    fn sample(&self, seed: u64, size: usize) -> Option<contract::Candidate> {
        sample(seed, size, self.goal).map(|c| Box::new(c) as contract::Candidate)
    }

    fn prove(&self, candidate: contract::Candidate, seed: u64) -> Result<Record, String> {
        let c = candidate
            .downcast::<Candidate>()
            .map_err(|_| "not a Go candidate".to_string())?;
        prove(*c, seed).0.map_err(|e| format!("{e:?}"))
    }

    fn verify(&self, r: &Record, nodes: u64) -> Vec<String> {
        verify(r, nodes)
    }

    fn board(&self, r: &Record) -> Result<Board, String> {
        let size = part(r)?.size;
        let (lo, hi, _) = BOOK_SIZES;
        if !(lo..=hi).contains(&size) {
            return Err(format!(
                "size: {size} is not a book's board size ({lo}..{hi})"
            ));
        }
        Ok(Go::new(size).board().clone())
    }

    fn stones(&self, r: &Record, board: &Board) -> Vec<(PointId, Color)> {
        let Ok(gp) = part(r) else {
            return Vec::new();
        };
        [(&gp.black, Color::Black), (&gp.white, Color::White)]
            .iter()
            .flat_map(|(list, c)| {
                list.split_whitespace()
                    .filter_map(|s| board.parse(s).ok())
                    .map(move |id| (id, *c))
            })
            .collect()
    }

    fn figure(&self, r: &Record, answer: bool) -> Result<Figure, String> {
        let board = self.board(r)?;
        let gp = part(r)?;
        Ok(if answer {
            answer_figure(board, r, &gp)
        } else {
            puzzle_figure(board, &gp)
        })
    }

    fn check_field(&self, key: &str, value: &serde_json::Value) -> Result<(), String> {
        let v = value.clone();
        match key {
            "size" => serde_json::from_value::<usize>(v).map(drop),
            "black" | "white" | "target" => serde_json::from_value::<String>(v).map(drop),
            "region" => serde_json::from_value::<Vec<String>>(v).map(drop),
            _ => Ok(()),
        }
        .map_err(|e| e.to_string())
    }

    fn read_fields(
        &self,
        extra: Vec<(String, serde_json::Value)>,
    ) -> Result<(Fields, Fields), String> {
        let all = serde_json::Value::Object(extra.into_iter().collect());
        let p: PositionKeys = serde_json::from_value(all.clone()).map_err(|e| e.to_string())?;
        let f: FocusKeys = serde_json::from_value(all).map_err(|e| e.to_string())?;
        Ok((
            Fields::new()
                .with("size", p.size)
                .with("black", p.black)
                .with("white", p.white),
            Fields::new()
                .with("target", f.target)
                .with("region", f.region),
        ))
    }
}

#[cfg(test)]
mod first_move_limit {
    use super::*;

    /// The first moves of a candidate's problem, the pass included.
    fn first_moves(seed: u64) -> Option<usize> {
        let (_, mut problem) = problem_of(sample(seed, 9, None)?);
        Some(problem.moves().len())
    }

    #[test]
    fn wide_candidates_are_turned_down_unsearched_and_narrow_ones_are_not() {
        let (mut wide, mut narrow) = (0, 0);
        for seed in 0..400u64 {
            let Some(n) = first_moves(seed) else { continue };
            let is_wide = n > MAX_FIRST_MOVES + 1;
            if (is_wide && wide == 3) || (!is_wide && narrow == 3) {
                continue;
            }
            let (made, nodes) = prove(sample(seed, 9, None).expect("sampled above"), seed);
            if is_wide {
                wide += 1;
                assert_eq!(
                    made.err(),
                    Some(Reject::Open),
                    "seed {seed}: {n} first moves"
                );
                assert_eq!(nodes, 0, "seed {seed}: searched");
            } else {
                narrow += 1;
                assert_ne!(
                    made.err(),
                    Some(Reject::Open),
                    "seed {seed}: {n} first moves"
                );
            }
        }
        assert_eq!((wide, narrow), (3, 3), "both kinds among 400 seeds");
    }

    #[test]
    fn the_split_of_a_proof_adds_up_to_the_proof_prove_makes() {
        let (mut kept, mut turned_down) = (0, 0);
        for seed in 0..60u64 {
            let Some(c) = sample(seed, 9, None) else {
                continue;
            };
            let split = search_split(&c, seed);
            let (made, nodes) = prove(c, seed);
            assert!(split.root <= split.whole, "seed {seed}: {split:?}");
            if split.first_points > MAX_FIRST_MOVES {
                continue;
            }
            assert_eq!(split.kept, made.is_ok(), "seed {seed}: {split:?}");
            assert_eq!(split.whole, nodes, "seed {seed}: {split:?}");
            if made.is_ok() {
                kept += 1;
            } else {
                turned_down += 1;
            }
        }
        assert!(
            kept > 0 && turned_down > 0,
            "{kept} kept, {turned_down} not"
        );
    }
}

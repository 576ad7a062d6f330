//! What every game's `solve` shares once its own problem is set up: the budget the command
//! line's options give, the report (JSON keys and text) of a "win in N" search, so that
//! `solve GAME --json` prints the same keys for every game, and what a record is built from
//! a finished search: the readable solution tree, its longest line, the natural main line and
//! the size of a refutation. Names no game.

use serde_json::{Value, json};

use super::{Color, GameError, ScoreReport, SolveOptions};
use crate::solve::{Branch, Budget, Problem, Solver, Status, WinIn};

/// The largest N `--in` accepts: deeper searches do not finish on a whole board.
pub const MAX_IN: u32 = 5;

/// The limits of a search under the command line's options: `--budget-ms` (10 s by default)
/// as a deadline from `started`, the node cap when one is given (50 million otherwise, which
/// only guards memory).
pub fn budget(opts: &SolveOptions, started: std::time::Instant) -> Budget {
    let total = std::time::Duration::from_millis(opts.budget_ms.unwrap_or(10_000));
    budget_until(opts, started + total)
}

/// The limits of a search that must end by `deadline`: the node cap of the options (50 million
/// when none is given: the clock is the limit, the cap only guards memory), and a table sized
/// to a small cap, which is cheaper to clear.
pub fn budget_until(opts: &SolveOptions, deadline: std::time::Instant) -> Budget {
    Budget {
        deadline: Some(deadline),
        nodes: opts.nodes.unwrap_or(50_000_000),
        table_entries: opts.nodes.map_or(Budget::default().table_entries, |n| {
            (n as usize)
                .saturating_mul(2)
                .next_power_of_two()
                .clamp(1 << 10, Budget::default().table_entries)
        }),
        steady: opts.nodes.is_some(),
        ..Budget::default()
    }
}

/// The N of `--in` (the kind's `default` when not given), refused outside 1..=`MAX_IN`.
pub fn depth(opts: &SolveOptions, default: u32) -> Result<u32, GameError> {
    match opts.in_n {
        None => Ok(default),
        Some(n) if (1..=MAX_IN).contains(&n) => Ok(n),
        Some(n) => Err(GameError::Invalid {
            file: "--in".into(),
            line: 0,
            message: format!("--in {n} is outside 1..{MAX_IN}"),
        }),
    }
}

/// What a "win in N" solve is about, in the game's words.
pub struct Reading<'a> {
    /// The goal's name ("six", "pair", ...), as `--goal` writes it.
    pub goal: &'a str,
    /// How the goal was decided from the position, empty when `--goal` gave it.
    pub decided: String,
    /// The side to move.
    pub to_play: Color,
    /// The goal in a sentence without its subject ("make a perfect six within 2 moves").
    pub sentence: String,
    /// Extra JSON keys of the game (a named pair, a target), written after the common ones.
    pub extra: Vec<(&'static str, Value)>,
}

/// The report of a "win in N" search: the same keys as `solve go` (goal, decided, to_play,
/// status, key_move, unique, other_winning_moves, main_line, refutations, nodes, millis), plus
/// `in` (the minimal N when proven, the N searched otherwise) and the reading's extra keys.
pub fn report<M: Copy>(
    reading: &Reading,
    found: &WinIn<M>,
    name: &dyn Fn(M) -> String,
    millis: u64,
) -> ScoreReport {
    let proof = &found.proof;
    let names = |ms: &[M]| -> Vec<String> { ms.iter().map(|&m| name(m)).collect() };
    let mut json = json!({
        "goal": reading.goal,
        "decided": reading.decided,
        "to_play": reading.to_play.name(),
        "status": found.status.name(),
        "in": found.n,
        "key_move": proof.key_move.map(name),
        "unique": proof.unique,
        "other_winning_moves": names(&proof.other_winning_moves),
        "main_line": names(&proof.main_line),
        "refutations": proof.refutations.iter().map(|(m, r)| json!({
            "move": name(*m),
            "reply": r.map(name),
        })).collect::<Vec<_>>(),
        "nodes": found.nodes,
        "millis": millis,
    });
    if let Value::Object(map) = &mut json {
        for (k, v) in &reading.extra {
            map.insert((*k).to_string(), v.clone());
        }
    }
    let mut text = String::new();
    if !reading.decided.is_empty() {
        text.push_str(&format!(
            "Goal (decided from the position): {}.\n",
            reading.decided
        ));
    }
    let who = reading.to_play.title();
    text.push_str(&match found.status {
        Status::Proven => format!(
            "{who} can {} (in {}): key move {}{}; main line {}.\n",
            reading.sentence,
            found.n,
            proof.key_move.map_or("-".into(), name),
            match proof.unique {
                Some(true) => " (unique)".to_string(),
                Some(false) => format!(
                    " (not unique: also {})",
                    names(&proof.other_winning_moves).join(" ")
                ),
                None => " (uniqueness not established)".to_string(),
            },
            names(&proof.main_line).join(" ")
        ),
        Status::Disproven => format!(
            "{who} cannot {} within {} move{}: every move fails.\n",
            reading.sentence,
            found.n,
            if found.n == 1 { "" } else { "s" }
        ),
        Status::Unknown => format!(
            "Unknown: the budget ran out while searching for a win in {}.\n",
            found.n
        ),
    });
    text.push_str(&format!("{} nodes, {millis} ms\n", found.nodes));
    ScoreReport::new(json, text)
}

/// A solution tree in SGF's tree syntax with the game's own move names: `(;B[x](;W[y];B[z])
/// (;W[u];B[v]))`, the first move played by `first`, colours alternating. Games without a
/// record format of their own keep their puzzles' trees in it.
pub fn tree_text<M: Copy>(tree: &[Branch<M>], first: Color, name: &dyn Fn(M) -> String) -> String {
    fn walk<M: Copy>(
        out: &mut String,
        branches: &[Branch<M>],
        c: Color,
        name: &dyn Fn(M) -> String,
    ) {
        let letter = if c == Color::Black { 'B' } else { 'W' };
        let many = branches.len() > 1;
        for b in branches {
            if many {
                out.push('(');
            }
            out.push_str(&format!(";{letter}[{}]", name(b.mv)));
            walk(out, &b.next, c.opp(), name);
            if many {
                out.push(')');
            }
        }
    }
    let mut out = String::from("(");
    walk(&mut out, tree, first, name);
    out.push(')');
    out
}

/// The readable solution tree below the current position of `p`, proven for the solver's
/// attacker: at the attacker's turns its winning move; at the other side's turns the solver's
/// most stubborn reply and every reply (of those `replies` lists, in its order) whose winning
/// answer differs from the answer to it: the replies answered the same way are left out, since
/// the reader answers them alike. Stops at `depth` plies.
pub fn readable_tree<P: Problem>(
    solver: &mut Solver<P>,
    p: &mut P,
    depth: usize,
    replies: fn(&mut P) -> Vec<P::Move>,
) -> Vec<Branch<P::Move>> {
    if depth == 0 || p.outcome().is_some() {
        return Vec::new();
    }
    let Some(&first) = solver.main_line(p, 1).first() else {
        return Vec::new();
    };
    let mut order = Vec::new();
    if p.attacker_to_move() {
        order.push(first);
    } else {
        let answer_to = |solver: &mut Solver<P>, p: &mut P, m: P::Move| {
            p.play(m);
            let a = solver.main_line(p, 1).first().copied();
            p.undo();
            a
        };
        let main_answer = answer_to(solver, p, first);
        for m in replies(p) {
            if m == first || answer_to(solver, p, m) != main_answer {
                order.push(m);
            }
        }
    }
    order
        .into_iter()
        .map(|m| {
            p.play(m);
            let next = readable_tree(solver, p, depth - 1, replies);
            p.undo();
            Branch { mv: m, next }
        })
        .collect()
}

/// The main line of a solution tree: at each turn the first of the longest branches, so the
/// defence shown is the one that holds out longest (a reply the attacker answers at once would
/// make a short, misleading line), and among those the first in the search's order.
pub fn longest_line<M: Copy>(tree: &[Branch<M>]) -> Vec<M> {
    fn length<M>(b: &Branch<M>) -> usize {
        1 + b.next.iter().map(length).max().unwrap_or(0)
    }
    let mut line = Vec::new();
    let mut level = tree;
    while let Some(best) = level
        .iter()
        .enumerate()
        .max_by_key(|(i, b)| (length(b), std::cmp::Reverse(*i)))
        .map(|(_, b)| b)
    {
        line.push(best.mv);
        level = &best.next;
    }
    line
}

/// The size of a disproof: the distinct positions below `p` along every attacker move and the
/// defender's stored refuting reply, up to `cap`.
pub fn refutation_size<P: Problem>(solver: &mut Solver<P>, p: &mut P, cap: usize) -> usize {
    fn walk<P: Problem>(
        solver: &mut Solver<P>,
        p: &mut P,
        seen: &mut std::collections::HashSet<u64>,
        cap: usize,
    ) {
        if seen.len() >= cap || !seen.insert(p.hash()) || p.outcome().is_some() {
            return;
        }
        let moves = if p.attacker_to_move() {
            p.moves()
        } else {
            solver.main_line(p, 1)
        };
        for m in moves {
            p.play(m);
            walk(solver, p, seen, cap);
            p.undo();
        }
    }
    let mut seen = std::collections::HashSet::new();
    walk(solver, p, &mut seen, cap);
    seen.len()
}

/// The main line after the key move `key`, from a solver holding the proof: the attacker's
/// stored winning moves, and at the defender's turns the first reply in the problem's move
/// order (the natural block, where the problem orders moves by what the attacker's bound leans
/// on) rather than the solver's most delaying one, which on a whole board is often a move far
/// from the fight that changes nothing. At most 16 moves.
pub fn natural_line<P: Problem>(solver: &mut Solver<P>, p: &mut P, key: P::Move) -> Vec<P::Move> {
    let mut line = vec![key];
    p.play(key);
    while line.len() < 16 && p.outcome().is_none() {
        let next = if p.attacker_to_move() {
            solver.main_line(p, 1).first().copied()
        } else {
            p.moves().first().copied()
        };
        let Some(m) = next else {
            break;
        };
        p.play(m);
        line.push(m);
    }
    for _ in 0..line.len() {
        p.undo();
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_nests_variations_and_alternates_colours() {
        let tree = vec![Branch {
            mv: 1,
            next: vec![
                Branch {
                    mv: 2,
                    next: vec![Branch {
                        mv: 3,
                        next: vec![],
                    }],
                },
                Branch {
                    mv: 4,
                    next: vec![],
                },
            ],
        }];
        let text = tree_text(&tree, Color::White, &|m: u8| format!("c{m}"));
        assert_eq!(text, "(;W[c1](;B[c2];W[c3])(;B[c4]))");
    }

    #[test]
    fn in_is_refused_outside_its_range() {
        let mut opts = SolveOptions::default();
        assert_eq!(depth(&opts, 2).unwrap(), 2);
        opts.in_n = Some(0);
        assert!(depth(&opts, 2).unwrap_err().to_string().contains("--in 0"));
        opts.in_n = Some(3);
        assert_eq!(depth(&opts, 2).unwrap(), 3);
    }
}

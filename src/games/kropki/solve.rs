//! The searches behind Kropki's puzzle kinds and `stonepress solve kropki`, all over `Hunt`
//! (every legal move of the whole board, every choice of declarations):
//!
//! - `capture`: the side to move declares a region holding an enemy dot within N of its own
//!   moves, N deepened from 1 so that the N found is minimal (each smaller N disproven);
//! - `threat`: the least N within which the opponent, moving now, captures a marked dot;
//! - `escape`: every first move of the side to move classified against that capture.
//!
//! `solve kropki --goal capture|escape|auto [--in N] [--target POINT]`: `--target` names a dot
//! of the side to move; the marked dots are its chain (the side's live dots joined to it through
//! their eight neighbours); without it, every live dot of the side to move is marked. `auto`
//! is `capture` when the side to move captures within `--in`, else `escape` when the opponent
//! threatens the marked dots, said in `decided`. `--in N` is the largest N tried (3 by default).

use crate::games::solving::{longest_line, readable_tree};
use serde_json::json;

use super::engine::{Kropki, Node};
use super::problem::{Hunt, Move};
use crate::games::solving::{Reading, budget, depth, report, tree_text};
use crate::games::{Color, GameError, ScoreReport, SolveOptions};
use crate::solve::{Branch, Budget, Problem, Proof, Solver, Status, WinIn};

/// The largest N tried when `--in` is not given.
pub const DEFAULT_IN: u32 = 3;

/// Most positions counted in a proof size.
pub const PROOF_CAP: usize = 2_000_000;

/// A search's result: the win (status, N, key move, uniqueness, refutations, main line), the
/// solution tree and the proof size (both empty when not proven).
#[derive(Clone, Debug)]
pub struct Found {
    /// What the search found.
    pub win: WinIn<Move>,
    /// The solution tree from the key move (see `tree`).
    pub tree: Vec<Branch<Move>>,
    /// Distinct positions in the proof.
    pub proof_size: usize,
}

/// An unknown result at `n` after `nodes`.
fn unknown(n: u32, nodes: u64) -> Found {
    Found {
        win: WinIn {
            status: Status::Unknown,
            n,
            proof: Proof {
                nodes,
                ..Proof::open(Status::Unknown)
            },
            nodes,
        },
        tree: Vec::new(),
        proof_size: 0,
    }
}

/// Proves the root and classifies every first move, with the tree and proof size when proven
/// and the main line taken from the tree. A search that met more pools than a move may declare
/// (`Hunt::overflow`) is unknown. `nodes` counts the nodes spent before.
fn conclude(solver: &mut Solver<Hunt>, hunt: &mut Hunt, n: u32, nodes: u64) -> Found {
    let mut proof = solver.prove(hunt);
    let total = nodes + proof.nodes;
    if hunt.overflow {
        return unknown(n, total);
    }
    let (tree, proof_size) = match (proof.status, proof.key_move) {
        (Status::Proven, Some(k)) => {
            let size = solver.proof_size(hunt, PROOF_CAP);
            hunt.play(k);
            let next = readable_tree(solver, hunt, 2 * n as usize, |h| h.moves());
            hunt.undo();
            let tree = vec![Branch { mv: k, next }];
            proof.main_line = longest_line(&tree);
            (tree, size)
        }
        _ => (Vec::new(), 0),
    };
    if hunt.overflow {
        return unknown(n, total);
    }
    Found {
        win: WinIn {
            status: proof.status,
            n,
            proof,
            nodes: total,
        },
        tree,
        proof_size,
    }
}

/// A capture (a region holding a live enemy dot) within N moves of the side to move, N =
/// 1..=`max_n` deepened until proven (minimal), each N with what is left of the nodes.
pub fn capture(k: &Kropki, max_n: u32, budget: &Budget) -> Found {
    let taker = k.to_move();
    let max_n = max_n.max(1);
    let mut nodes = 0;
    for n in 1..=max_n {
        let mut b = budget.clone();
        b.nodes = budget.nodes.saturating_sub(nodes);
        let mut hunt = Hunt::new(k.clone(), taker, n, None, true);
        let mut solver = Solver::new(b);
        let status = solver.search(&mut hunt);
        if hunt.overflow {
            return unknown(n, nodes + solver.nodes());
        }
        if status == Status::Disproven && n < max_n {
            nodes += solver.nodes();
            continue;
        }
        return conclude(&mut solver, &mut hunt, n, nodes);
    }
    unreachable!("the loop returns at its last N")
}

/// The opponent's threat: the least N (up to `max_n`) within which the opponent of the side to
/// move, moving now, captures one of `marked`. Ok(Some(N)), Ok(None) when it has none within
/// `max_n`, Err(N) when the budget ran out at N (or the search met too many pools). With the
/// nodes spent.
pub fn threat(
    k: &Kropki,
    marked: &[Node],
    max_n: u32,
    budget: &Budget,
) -> (Result<Option<u32>, u32>, u64) {
    let mut them = k.clone();
    them.set_to_move(k.to_move().opp());
    let mut nodes = 0;
    for n in 1..=max_n.max(1) {
        let mut b = budget.clone();
        b.nodes = budget.nodes.saturating_sub(nodes);
        let mut hunt = Hunt::new(them.clone(), them.to_move(), n, Some(marked.to_vec()), true);
        let mut solver = Solver::new(b);
        let status = solver.search(&mut hunt);
        nodes += solver.nodes();
        if hunt.overflow {
            return (Err(n), nodes);
        }
        match status {
            Status::Proven => return (Ok(Some(n)), nodes),
            Status::Unknown => return (Err(n), nodes),
            Status::Disproven => {}
        }
    }
    (Ok(None), nodes)
}

/// The escape: the side to move looks for the moves after which its opponent captures none of
/// `marked` within `n` of its own moves (every first move classified).
pub fn escape(k: &Kropki, marked: &[Node], n: u32, budget: &Budget) -> Found {
    let mut hunt = Hunt::new(
        k.clone(),
        k.to_move().opp(),
        n,
        Some(marked.to_vec()),
        false,
    );
    let mut solver = Solver::new(budget.clone());
    conclude(&mut solver, &mut hunt, n, 0)
}

/// The chain of the live dot on `n`: the live dots of its colour joined to it through their
/// eight neighbours, sorted.
pub fn chain(k: &Kropki, n: Node) -> Vec<Node> {
    let Some(c) = k.dot(n).filter(|_| k.live(n, k.dot(n).expect("a dot"))) else {
        return Vec::new();
    };
    let s = k.size().0 + 2;
    let mut out = vec![n];
    let mut i = 0;
    while i < out.len() {
        let v = out[i];
        i += 1;
        for m in [
            v - s - 1,
            v - s,
            v - s + 1,
            v - 1,
            v + 1,
            v + s - 1,
            v + s,
            v + s + 1,
        ] {
            if k.live(m, c) && !out.contains(&m) {
                out.push(m);
            }
        }
    }
    out.sort_unstable();
    out
}

/// Every live dot of `c`, sorted.
pub fn live_dots(k: &Kropki, c: Color) -> Vec<Node> {
    k.nodes().filter(|&n| k.live(n, c)).collect()
}

/// Solves a Kropki position (`file` names it in messages).
pub fn solve(k: &Kropki, file: &str, opts: &SolveOptions) -> Result<ScoreReport, GameError> {
    let blame = |file: &str, m: String| GameError::Invalid {
        file: file.to_string(),
        line: 0,
        message: m,
    };
    let bad = |m: String| blame(file, m);
    let goal = opts.goal.as_deref().unwrap_or("auto").to_ascii_lowercase();
    if !["auto", "capture", "escape"].contains(&goal.as_str()) {
        return Err(blame(
            "--goal",
            format!("unknown goal '{goal}' for kropki (auto, capture, escape)"),
        ));
    }
    if k.placements_over() {
        return Err(bad(
            "no node is left to play on: the game is in its end".into()
        ));
    }
    let me = k.to_move();
    let marked = match opts.target.as_deref() {
        Some(t) => {
            let n = k
                .parse(t)
                .map_err(|e| blame("--target", format!("{t}: {e}")))?;
            if !k.live(n, me) {
                return Err(blame(
                    "--target",
                    format!(
                        "{t} holds no live {} dot (the marked dots are the side to move's)",
                        me.name()
                    ),
                ));
            }
            chain(k, n)
        }
        None => live_dots(k, me),
    };
    let max_n = depth(opts, DEFAULT_IN)?;
    let started = std::time::Instant::now();
    let b = budget(opts, started);
    let mut decided = String::new();
    let mut spent = 0;
    let mut threat_n = None;
    let (found, is_capture) = match goal.as_str() {
        "capture" => (capture(k, max_n, &b), true),
        "escape" => match defence(k, &marked, max_n, &b, &mut spent) {
            Some((f, t)) => {
                threat_n = t;
                (f, false)
            }
            None => return Ok(no_threat(k, &marked, max_n, spent, started)),
        },
        _ => {
            let cap = capture(k, max_n, &b);
            if cap.win.status != Status::Disproven {
                decided = if cap.win.status == Status::Unknown {
                    "capture: the search ran out of budget".into()
                } else {
                    format!("capture: {} captures within {}", me.title(), cap.win.n)
                };
                (cap, true)
            } else {
                spent += cap.win.nodes;
                match defence(k, &marked, max_n, &b, &mut spent) {
                    Some((f, t)) => {
                        threat_n = t;
                        decided = format!(
                            "escape: {} captures nothing within {max_n}, but {} threatens the \
                             marked dots within {}",
                            me.title(),
                            me.opp().title(),
                            f.win.n
                        );
                        (f, false)
                    }
                    None => {
                        decided = format!(
                            "capture: {} captures nothing within {max_n}, and {} threatens \
                             none of the marked dots",
                            me.title(),
                            me.opp().title()
                        );
                        (cap, true)
                    }
                }
            }
        }
    };
    let mut found = found;
    found.win.nodes += spent;
    let name = |m: Move| m.name(k);
    let sentence = if is_capture {
        "capture an enemy dot".to_string()
    } else {
        format!("save the marked dots from {}", me.opp().title())
    };
    let mut extra = vec![
        ("tree", json!(tree_text(&found.tree, me, &name))),
        ("proof_size", json!(found.proof_size)),
    ];
    if !is_capture {
        extra.push((
            "target",
            json!(marked.iter().map(|&n| k.name(n)).collect::<Vec<_>>()),
        ));
        extra.push(("threat", json!(threat_n)));
    }
    let reading = Reading {
        goal: if is_capture { "capture" } else { "escape" },
        decided,
        to_play: me,
        sentence,
        extra,
    };
    Ok(report(
        &reading,
        &found.win,
        &name,
        started.elapsed().as_millis() as u64,
    ))
}

/// The opponent's threat and the escape from it: None when the opponent captures no marked
/// dot within `max_n` (a threat search that runs out of budget gives an unknown escape). With
/// the threat's N when known.
fn defence(
    k: &Kropki,
    marked: &[Node],
    max_n: u32,
    b: &Budget,
    spent: &mut u64,
) -> Option<(Found, Option<u32>)> {
    let (t, nodes) = threat(k, marked, max_n, b);
    *spent += nodes;
    match t {
        Ok(None) => None,
        Ok(Some(n)) => Some((escape(k, marked, n, b), Some(n))),
        Err(n) => Some((unknown(n, 0), None)),
    }
}

/// The report of `--goal escape` when the opponent threatens none of the marked dots.
fn no_threat(
    k: &Kropki,
    marked: &[Node],
    max_n: u32,
    spent: u64,
    started: std::time::Instant,
) -> ScoreReport {
    let mut found = unknown(max_n, spent).win;
    found.status = Status::Disproven;
    found.proof.status = Status::Disproven;
    let reading = Reading {
        goal: "escape",
        decided: String::new(),
        to_play: k.to_move(),
        sentence: format!(
            "find a threat of {}'s to the marked dots",
            k.to_move().opp().title()
        ),
        extra: vec![
            (
                "target",
                json!(marked.iter().map(|&n| k.name(n)).collect::<Vec<_>>()),
            ),
            ("threat", json!(null)),
        ],
    };
    report(
        &reading,
        &found,
        &|m: Move| m.name(k),
        started.elapsed().as_millis() as u64,
    )
}

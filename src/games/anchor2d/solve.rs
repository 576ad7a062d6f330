//! `stonepress solve anchor2d`: `--goal pair|win|defend|auto`, `--target PAIR` for `pair`
//! (written "a,c" or "(a,c)"), `--in N` (the most moves of its own the side to move may use:
//! 3 by default, 2 for `defend`). `pair` and `win` deepen N from 1 and report the minimal N;
//! `defend` finds the opponent's threat (the opponent moving now wins within N, minimal) and
//! classifies every move of the side to move against it. `auto` takes `win` if the side to
//! move wins within N, else the first pair it can anchor within N (the pairs tried in order
//! of the stones they need at least), else `defend` when the opponent threatens, and says so
//! in `decided`.

use serde_json::json;

use super::engine::Anchor2d;
use super::problem::{self, A2Problem, Goal, pair_name, parse_pair};
use crate::games::solving::{self, Reading};
use crate::games::{GameError, ScoreReport, SolveOptions};
use crate::geometry::PointId;
use crate::solve::{Budget, Proof, Status, WinIn};

/// Solves the problem in `a` under the command line's options.
pub fn solve(a: &Anchor2d, opts: &SolveOptions) -> Result<ScoreReport, GameError> {
    let started = std::time::Instant::now();
    let budget = solving::budget(opts, started);
    let goal = opts.goal.as_deref().unwrap_or("auto");
    let bad = |message: String| GameError::Invalid {
        file: "--goal".into(),
        line: 0,
        message,
    };
    if a.winner().is_some() {
        return Err(bad("the game is over: a player has five pairs".into()));
    }
    let target = match &opts.target {
        None => None,
        Some(t) => Some(parse_pair(t).ok_or_else(|| GameError::Invalid {
            file: "--target".into(),
            line: 0,
            message: format!("'{t}' is not a pair of adjacent edges such as a,c or (d,f)"),
        })?),
    };
    let board = a.board().clone();
    let name = move |p: PointId| board.name(p).to_string();
    let me = a.to_move();
    let report = |goal: &str, decided: String, found: &WinIn<PointId>, extra: Vec<_>| {
        let sentence = match goal {
            "win" => "anchor a fifth pair and win".to_string(),
            "defend" => format!("stop {}'s fifth pair", me.opp().title()),
            _ => format!(
                "anchor {}",
                extra
                    .iter()
                    .find(|(k, _): &&(&str, serde_json::Value)| *k == "pair")
                    .and_then(|(_, v)| v.as_str())
                    .unwrap_or("the pair")
            ),
        };
        let reading = Reading {
            goal,
            decided,
            to_play: me,
            sentence,
            extra,
        };
        solving::report(&reading, found, &name, started.elapsed().as_millis() as u64)
    };
    match goal {
        "pair" => {
            let max_n = solving::depth(opts, 3)?;
            let (k, decided) = match target {
                Some(k) => (k, String::new()),
                None => match best_pair(a, max_n, &budget) {
                    Some((k, _)) => (k, format!("pair {}: no --target given", pair_name(k))),
                    None => {
                        return Err(GameError::Invalid {
                            file: "--target".into(),
                            line: 0,
                            message: format!(
                                "no pair given, and {} anchors none within {max_n}",
                                me.name()
                            ),
                        });
                    }
                },
            };
            if a.pairs(me).contains(&k) {
                return Err(GameError::Invalid {
                    file: "--target".into(),
                    line: 0,
                    message: format!("{} already anchors {}", me.title(), pair_name(k)),
                });
            }
            let found = attack(a, Goal::Pair(k), max_n, &budget);
            Ok(report(
                "pair",
                decided,
                &found,
                vec![("pair", json!(pair_name(k)))],
            ))
        }
        "win" => {
            let max_n = solving::depth(opts, 3)?;
            let found = attack(a, Goal::Five, max_n, &budget);
            Ok(report("win", String::new(), &found, Vec::new()))
        }
        "defend" => {
            let max_n = solving::depth(opts, 2)?;
            let found = defence(a, max_n, &budget).ok_or_else(|| {
                bad(format!(
                    "{} threatens no fifth pair within {max_n}: nothing to defend",
                    me.opp().title()
                ))
            })?;
            Ok(report("defend", String::new(), &found, Vec::new()))
        }
        "auto" => {
            let max_n = solving::depth(opts, 3)?;
            let win = attack(a, Goal::Five, max_n, &budget);
            if win.status == Status::Proven {
                return Ok(report(
                    "win",
                    format!("win: {} anchors a fifth pair within {}", me.name(), win.n),
                    &win,
                    Vec::new(),
                ));
            }
            if let Some((k, found)) = best_pair(a, max_n, &budget) {
                return Ok(report(
                    "pair",
                    format!(
                        "pair {}: {} cannot win within {max_n} but anchors this pair",
                        pair_name(k),
                        me.name()
                    ),
                    &found,
                    vec![("pair", json!(pair_name(k)))],
                ));
            }
            if let Some(found) = defence(a, max_n.min(2), &budget) {
                return Ok(report(
                    "defend",
                    format!(
                        "defend: {} anchors no new pair within {max_n}, and {} threatens to win",
                        me.name(),
                        me.opp().name()
                    ),
                    &found,
                    Vec::new(),
                ));
            }
            Ok(report(
                "win",
                format!(
                    "win: no pair within {max_n} for {}, and no threat to defend",
                    me.name()
                ),
                &win,
                Vec::new(),
            ))
        }
        other => Err(bad(format!(
            "'{other}' is not an Anchor 2D goal (pair, win, defend or auto)"
        ))),
    }
}

/// The side to move's search for `goal` within `max_n`.
pub fn attack(a: &Anchor2d, goal: Goal, max_n: u32, budget: &Budget) -> WinIn<PointId> {
    let mut p = A2Problem::new(a, a.to_move(), goal);
    problem::deepen(&mut p, max_n, budget, 0).result
}

/// The first pair the side to move anchors within `max_n`, trying the pairs it does not hold
/// in order of the stones they need at least (then pair order).
fn best_pair(a: &Anchor2d, max_n: u32, budget: &Budget) -> Option<(usize, WinIn<PointId>)> {
    let me = a.to_move();
    let p = A2Problem::new(a, me, Goal::Five);
    let held = a.pairs(me);
    let mut order: Vec<(u32, usize)> = (0..9)
        .filter(|k| !held.contains(k))
        .map(|k| (p.needs(me, Goal::Pair(k)), k))
        .filter(|&(b, _)| b <= max_n)
        .collect();
    order.sort_unstable();
    order.into_iter().find_map(|(_, k)| {
        let found = attack(a, Goal::Pair(k), max_n, budget);
        (found.status == Status::Proven).then_some((k, found))
    })
}

/// A `defend` search as a "win in N" result for the side to move: proven when a move stops
/// the threat (the key move, the others that also do, each failing move with the opponent's
/// winning reply); None when the opponent threatens nothing within `max_n`.
pub fn defence(a: &Anchor2d, max_n: u32, budget: &Budget) -> Option<WinIn<PointId>> {
    let d = problem::defend(a, max_n, budget);
    if d.threat == Status::Disproven {
        return None;
    }
    let status = if d.threat == Status::Unknown {
        Status::Unknown
    } else if !d.holds.is_empty() {
        Status::Proven
    } else if d.open.is_empty() {
        Status::Disproven
    } else {
        Status::Unknown
    };
    let key = d.holds.first().copied();
    let main_line = key.map_or_else(Vec::new, |k| problem::defence_line(a, k, d.n, budget));
    Some(WinIn {
        status,
        n: d.n,
        proof: Proof {
            status,
            key_move: key,
            unique: (status == Status::Proven && d.open.is_empty()).then_some(d.holds.len() == 1),
            other_winning_moves: d.holds.iter().skip(1).copied().collect(),
            refutations: d.fails.clone(),
            main_line,
            nodes: d.nodes,
            tree_size: d.proof_size,
        },
        nodes: d.nodes,
    })
}

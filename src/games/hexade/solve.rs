//! `stonepress solve hexade`: `--goal six` (the side to move makes a perfect six within N of
//! its own moves, N minimal), `--goal defend` (the opponent threatens a perfect six within N
//! if it moved now, N minimal; the moves that leave it none within N), `--goal auto` (six when
//! the side to move wins within `--in`, else defend when the opponent threatens, said in
//! `decided`). `--in N` is the largest N tried (3 by default).

use serde_json::json;

use super::engine::{Hexade, Outcome};
use super::search::{self, Found};
use crate::games::solving::{Reading, budget, depth, report, tree_text};
use crate::games::{GameError, ScoreReport, SolveOptions};
use crate::solve::{Status, WinIn};

/// The largest N tried when `--in` is not given.
pub const DEFAULT_IN: u32 = 3;

/// The goal of the `six` kind in words, for the report ("White can make a perfect six (in 2)").
pub const SIX_SENTENCE: &str = "make a perfect six";

/// The goal of the `defend` kind in words: "stop Black's perfect six".
pub fn defend_sentence(h: &Hexade) -> String {
    format!("stop {}'s perfect six", h.to_move().opp().title())
}

/// Solves a Hexade position (`file` names it in messages).
pub fn solve(h: &Hexade, file: &str, opts: &SolveOptions) -> Result<ScoreReport, GameError> {
    let blame = |file: &str, m: String| GameError::Invalid {
        file: file.to_string(),
        line: 0,
        message: m,
    };
    let bad = |m: String| blame(file, m);
    let goal = opts.goal.as_deref().unwrap_or("auto").to_ascii_lowercase();
    if !["auto", "six", "defend"].contains(&goal.as_str()) {
        return Err(blame(
            "--goal",
            format!("unknown goal '{goal}' for hexade (auto, six, defend)"),
        ));
    }
    if let Outcome::Win(c) = h.outcome() {
        return Err(bad(format!("the game is over: {} has won", c.name())));
    }
    if h.outcome() == Outcome::Draw {
        return Err(bad("the game is over: the board is full".into()));
    }
    let max_n = depth(opts, DEFAULT_IN)?;
    let started = std::time::Instant::now();
    let b = budget(opts, started);
    let name = |p| h.board().name(p).to_string();
    let mut decided = String::new();
    let mut spent = 0;
    let (found, is_six) = match goal.as_str() {
        "six" => (search::six(h, max_n, &b), true),
        "defend" => match defence(h, max_n, &b, &mut spent) {
            Some(f) => (f, false),
            None => return Ok(no_threat(h, max_n, spent, started, &name)),
        },
        _ => {
            let six = search::six(h, max_n, &b);
            if six.win.status != Status::Disproven {
                decided = format!(
                    "six: {} can make a perfect six within {}",
                    h.to_move().title(),
                    six.win.n
                );
                if six.win.status == Status::Unknown {
                    decided = "six: the search ran out of budget".into();
                }
                (six, true)
            } else {
                spent += six.win.nodes;
                match defence(h, max_n, &b, &mut spent) {
                    Some(f) => {
                        decided = format!(
                            "defend: {} cannot make a six within {max_n}, but {} threatens \
                             one within {}",
                            h.to_move().title(),
                            h.to_move().opp().title(),
                            f.win.n
                        );
                        (f, false)
                    }
                    None => {
                        decided = format!(
                            "six: {} has no perfect six within {max_n}, and {} threatens none",
                            h.to_move().title(),
                            h.to_move().opp().title()
                        );
                        (six, true)
                    }
                }
            }
        }
    };
    let mut found = found;
    found.win.nodes += spent;
    let sentence = if is_six {
        SIX_SENTENCE.to_string()
    } else {
        defend_sentence(h)
    };
    let reading = Reading {
        goal: if is_six { "six" } else { "defend" },
        decided,
        to_play: h.to_move(),
        sentence,
        extra: vec![
            (
                "tree",
                json!(tree_text(&found.tree, h.to_move(), &|p| name(p))),
            ),
            ("proof_size", json!(found.proof_size)),
        ],
    };
    Ok(report(
        &reading,
        &found.win,
        &|p| name(p),
        started.elapsed().as_millis() as u64,
    ))
}

/// The opponent's threat and the defence against it: None when the opponent has no six
/// within `max_n` (a threat search that runs out of budget gives an unknown defence).
fn defence(h: &Hexade, max_n: u32, b: &crate::solve::Budget, spent: &mut u64) -> Option<Found> {
    let (t, nodes) = search::threat(h, max_n, b);
    *spent += nodes;
    match t {
        Ok(None) => None,
        Ok(Some(n)) => Some(search::defend(h, n, b)),
        Err(n) => Some(Found {
            win: WinIn {
                status: Status::Unknown,
                n,
                proof: crate::solve::Proof::open(Status::Unknown),
                nodes: 0,
            },
            tree: Vec::new(),
            proof_size: 0,
        }),
    }
}

/// The report of `--goal defend` when the opponent threatens nothing within `max_n`.
fn no_threat(
    h: &Hexade,
    max_n: u32,
    spent: u64,
    started: std::time::Instant,
    name: &dyn Fn(crate::geometry::PointId) -> String,
) -> ScoreReport {
    let found = WinIn {
        status: Status::Disproven,
        n: max_n,
        proof: crate::solve::Proof {
            nodes: spent,
            ..crate::solve::Proof::open(Status::Disproven)
        },
        nodes: spent,
    };
    let reading = Reading {
        goal: "defend",
        decided: String::new(),
        to_play: h.to_move(),
        sentence: format!("find a six of {}'s to stop", h.to_move().opp().title()),
        extra: vec![("threat", json!(null))],
    };
    report(&reading, &found, name, started.elapsed().as_millis() as u64)
}

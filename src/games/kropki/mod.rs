//! Kropki (Dots, traditional), in the pool model of RULES.md section 3: a move colours one
//! node and may declare regions; a region is a 4-connected pool of nodes that are not the
//! mover's live dots, off the border, holding a live enemy dot. Regions swallow older regions
//! (recursive capture); nobody may play inside a region; the outermost region scores.
//!
//! Position files: `width`, `height` (5..60, default 20 x 20), `start` ("empty" or "cross":
//! Black on the two centre nodes of one diagonal, White on the other), `black`, `white` (nodes
//! such as "E4") or a `picture` (rows from the top, X O .), `black_regions` and
//! `white_regions` (each region named by one node inside it; the smallest pools are declared
//! first so nested regions come out right), `to_play` (default: Black when both have as many
//! dots, else White) and `moves`: "E4" places a dot, "E4+E5" places at E4 and declares the
//! region around E5 ("E4+E5+G7" declares two), and "+E5" (or "+") is a declaration-only final
//! turn once no node is left to play on. The game ends after both final turns; scores count
//! the enemy dots inside each player's outermost regions.
//!
//! Crossing diagonals: pools are 4-connected, so a ring may pass between two enemy dots that
//! are linked only diagonally; such an edge-connected chain is safe only where it cannot be
//! cut that way (RULES.md, Kropki ambiguities). Border nodes may be played on but are never
//! inside a region.
//!
//! Puzzles: `problem` (capture within N as a proof-search problem over every move of the
//! board), `solve` (the searches and `stonepress solve kropki`), `puzzle` (the `capture` and
//! `escape` kinds) and `exhaustive` (the plain minimax that checks them).

pub mod engine;
pub mod exhaustive;
pub mod figure;
pub mod game;
pub mod look;
pub mod problem;
pub mod puzzle;
pub mod solve;

#[cfg(test)]
mod tests;

use serde_json::json;

pub use engine::{Color, Kropki, Node, Pool, Refusal, Region};

use super::position::{
    Blame, PositionSpec, list_tokens, picture_rows, read_picture_row, shorten_quotes,
};
use super::{GameError, ScoreOptions, ScoreReport};
use crate::figure::request::{and_list, plural};

/// Builds a position from a position table.
pub fn from_spec(spec: &PositionSpec, text: &str, file: &str) -> Result<Kropki, GameError> {
    let blame = Blame { file, text };
    let invalid = |key: &str, message: String| blame.at(key, message);
    let width: Option<usize> = blame.value(spec, "width")?;
    let height: Option<usize> = blame.value(spec, "height")?;
    let start: Option<String> = blame.value(spec, "start")?;
    let black_regions: Option<String> = blame.value(spec, "black_regions")?;
    let white_regions: Option<String> = blame.value(spec, "white_regions")?;
    let pic = spec.picture.as_ref().map(|p| picture_rows(p));
    let w = width.unwrap_or_else(|| pic.as_ref().map_or(20, |r| r.first().map_or(20, Vec::len)));
    let h = height.unwrap_or_else(|| pic.as_ref().map_or(20, Vec::len));
    for (key, v, given) in [("width", w, width), ("height", h, height)] {
        if !(5..=60).contains(&v) {
            let at = if given.is_some() { key } else { "picture" };
            return Err(invalid(at, format!("{key} {v} is outside 5..60")));
        }
    }
    let mut k = match start.as_deref() {
        None | Some("empty") => Kropki::new(w, h),
        Some("cross") => Kropki::cross(w, h),
        Some(other) => {
            return Err(invalid(
                "start",
                format!("unknown start '{other}' (empty or cross)"),
            ));
        }
    };
    let mut stones = Vec::new();
    if let Some(rows) = &pic {
        if rows.len() != h || rows.iter().any(|r| r.len() != w) {
            let bad = rows.iter().position(|r| r.len() != w).unwrap_or(0);
            return Err(blame.at_picture(
                bad,
                0,
                format!("the picture must have {h} rows of {w} nodes"),
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            let ids: Vec<_> = (0..w).map(|c| k.id(k.node(c, h - 1 - i))).collect();
            read_picture_row(&blame, i, row, &ids, &mut stones, &format!("row {}", h - i))?;
        }
    }
    let from_picture = stones.len();
    blame.stone_lists(spec, &k.board().clone(), &mut stones)?;
    for (j, &(id, c)) in stones.iter().enumerate() {
        let n = k.node_of(id);
        if k.setup_dot(n, c).is_err() {
            let name = k.name(n);
            let message = format!("{name} already holds a dot of the cross start");
            return Err(if j < from_picture {
                blame.at("picture", message)
            } else {
                let key = if c == Color::Black { "black" } else { "white" };
                let list = if c == Color::Black {
                    &spec.black
                } else {
                    &spec.white
                };
                let i = list.as_deref().map_or(0, |l| {
                    list_tokens(l)
                        .position(|t| k.parse(t).ok() == Some(n))
                        .unwrap_or(0)
                });
                blame.at_token(key, i, message)
            });
        }
    }
    // Declared regions: the smallest pools first, so inner regions precede outer ones.
    let mut pending: Vec<(Color, &str)> = Vec::new();
    for (key, list, c) in [
        ("black_regions", &black_regions, Color::Black),
        ("white_regions", &white_regions, Color::White),
    ] {
        if let Some(list) = list {
            for name in list
                .split(|ch: char| ch.is_whitespace() || ch == ',')
                .filter(|s| !s.is_empty())
            {
                k.parse(name)
                    .map_err(|e| invalid(key, shorten_quotes(&e.to_string())))?;
                pending.push((c, name));
            }
        }
    }
    while !pending.is_empty() {
        let mut best: Option<(usize, usize)> = None;
        for (i, (c, name)) in pending.iter().enumerate() {
            let n = k.parse(name).expect("parsed above");
            if let Ok(p) = k.pool(*c, n)
                && p.captures > 0
                && best.is_none_or(|(_, s)| p.nodes.len() < s)
            {
                best = Some((i, p.nodes.len()));
            }
        }
        let Some((i, _)) = best else {
            let (c, name) = pending[0];
            let n = k.parse(name).expect("parsed above");
            let why = k
                .declare(c, n)
                .err()
                .map_or("it cannot be declared", |r| r.reason());
            let key = if c == Color::Black {
                "black_regions"
            } else {
                "white_regions"
            };
            return Err(invalid(
                key,
                format!(
                    "the {} region around {name} cannot be declared: {why}",
                    c.name()
                ),
            ));
        };
        let (c, name) = pending.remove(i);
        let n = k.parse(name).expect("parsed above");
        let key = if c == Color::Black {
            "black_regions"
        } else {
            "white_regions"
        };
        k.declare(c, n)
            .map_err(|r| invalid(key, format!("region around {name}: {}", r.reason())))?;
    }
    let nb = k
        .nodes()
        .filter(|&n| k.dot(n) == Some(Color::Black))
        .count();
    let nw = k
        .nodes()
        .filter(|&n| k.dot(n) == Some(Color::White))
        .count();
    let default = if nb == nw { Color::Black } else { Color::White };
    let to_move = blame.to_play(spec, default)?;
    k.set_to_move(to_move);
    if let Some(moves) = &spec.moves {
        for (i, tok) in moves.tokens().iter().enumerate() {
            play_token(&mut k, tok).map_err(|reason| blame.illegal(i + 1, tok, reason))?;
        }
    }
    Ok(k)
}

/// `stonepress score kropki`.
pub fn score(k: &mut Kropki, opts: &ScoreOptions) -> Result<ScoreReport, GameError> {
    if opts.dead.is_some() {
        return Err(GameError::Invalid {
            file: "--dead".into(),
            line: 0,
            message: "Kropki has no dead stones; --dead does not apply".into(),
        });
    }
    Ok(report(k))
}

/// The score report: captures by the outermost rule, regions, declarable pools, winner.
pub fn report(k: &mut Kropki) -> ScoreReport {
    let names =
        |k: &Kropki, nodes: &[Node]| -> Vec<String> { nodes.iter().map(|&n| k.name(n)).collect() };
    let cap = k.captured();
    let regions: Vec<_> = k
        .regions()
        .iter()
        .map(|r| {
            let captured: Vec<Node> = r
                .interior
                .iter()
                .copied()
                .filter(|&n| k.dot(n) == Some(r.owner.opp()))
                .collect();
            json!({
                "owner": r.owner.name(),
                "interior": names(k, &r.interior),
                "captured": names(k, &captured),
            })
        })
        .collect();
    let mut declarable = serde_json::Map::new();
    for c in [Color::Black, Color::White] {
        let pools = k.declarable(c);
        let list: Vec<_> = pools
            .iter()
            .map(|p| json!({"at": k.name(p.nodes[0]), "size": p.nodes.len(), "captures": p.captures, "interior": names(k, &p.nodes)}))
            .collect();
        declarable.insert(c.name().to_string(), json!(list));
    }
    let over = k.game_over();
    let winner = if over {
        json!(if cap[0] > cap[1] {
            "black"
        } else if cap[1] > cap[0] {
            "white"
        } else {
            "draw"
        })
    } else {
        serde_json::Value::Null
    };
    let json = json!({
        "game": "kropki",
        "width": k.size().0,
        "height": k.size().1,
        "black": {"captured": cap[0], "total": cap[0]},
        "white": {"captured": cap[1], "total": cap[1]},
        "regions": regions,
        "declarable": declarable,
        "to_play": k.to_move().name(),
        "game_over": over,
        "winner": winner,
    });
    let mut text = format!(
        "Black has captured {}, White {}; {} declared.\n",
        plural(cap[0] as usize, "dot", "dots"),
        plural(cap[1] as usize, "dot", "dots"),
        plural(k.regions().len(), "region", "regions")
    );
    for c in [Color::Black, Color::White] {
        let pools = k.declarable(c);
        if !pools.is_empty() {
            text.push_str(&format!(
                "{} could declare {} now (around {}).\n",
                c.title(),
                plural(pools.len(), "region", "regions"),
                and_list(
                    &pools
                        .iter()
                        .map(|p| k.name(p.nodes[0]).to_string())
                        .collect::<Vec<_>>()
                )
            ));
        }
    }
    text.push_str(&if over {
        match winner.as_str() {
            Some("draw") => "The game is over: a draw.\n".to_string(),
            Some(w) => format!("The game is over: {} wins.\n", capital(w)),
            None => String::new(),
        }
    } else {
        format!("{} to play.\n", k.to_move().title())
    });
    ScoreReport::new(json, text)
}

/// Plays one move of the notation: "E4" places at E4, "E4+E5" also declares the region around
/// E5, "+E5" is a declaration-only final turn. Returns the node placed, if any.
pub fn play_token(k: &mut Kropki, tok: &str) -> Result<Option<Node>, String> {
    let mut parts = tok.split('+');
    let place = parts.next().unwrap_or("").trim();
    let mut declare = Vec::new();
    for d in parts.filter(|d| !d.trim().is_empty()) {
        declare.push(k.parse(d).map_err(|e| e.to_string())?);
    }
    if place.is_empty() {
        k.final_turn(&declare).map_err(|r| r.reason().to_string())?;
        return Ok(None);
    }
    let n = k.parse(place).map_err(|e| e.to_string())?;
    k.play(n, &declare).map_err(|r| r.reason().to_string())?;
    Ok(Some(n))
}

/// A word with its first letter in capitals ("black" -> "Black").
fn capital(w: &str) -> String {
    let mut c = w.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

//! Hexade (Christian Freeling, 1992): a hex-hex board (base 10 by default), White first,
//! White's second stone at distance 3 or more from the first, pair captures by flanking, and
//! the three six shapes. A player who holds a six at the start of their own turn wins.
//!
//! Position files: `base` (4..12, default 10), `black`, `white` (cell names such as "I11") or a
//! `picture` (rows A.. from the top, each row's cells from the left: X Black, O White, .
//! empty), `to_play` (default: White when both have as many stones, else Black),
//! `white_first` (White's first stone while the distance rule for White's second is still
//! pending), and `moves` replayed from that position with every rule enforced. Without
//! `white_first`, White's set-up stones count as placed, so the distance rule applies only when
//! White has no stone on the board: it is about White's second stone of the game, and stays
//! over when White's set-up stones are captured. A six on the board after the set-up is judged
//! like any other: the side to move at once, the other player when their turn starts. When the
//! board fills, a six of the player to move wins, else a six of the other player, else it is a
//! draw.
//!
//! `solve hexade` and the puzzle kinds `six` and `defend` live in `problem` (the whole game as a
//! proof-search problem with a sound bound on the stones still needed), `search` (six within N,
//! the opponent's threat, the defence), `solve` (the command), `puzzle` (generator, records,
//! figures, verify) and `exhaustive` (the plain minimax the tests check them against).

pub mod engine;
pub mod exhaustive;
pub mod figure;
pub mod game;
pub mod look;
pub mod problem;
pub mod puzzle;
pub mod search;
pub mod solve;

#[cfg(test)]
mod tests;

use serde_json::json;

pub use engine::{Color, DIRS, Hexade, Outcome, Refusal, Six, SixShape};

use super::position::{Blame, PositionSpec, coord_message, picture_rows, quote, read_picture_row};
use super::{GameError, ScoreOptions, ScoreReport};
use crate::figure::request::{and_list, plural};
use crate::geometry::PointId;

/// Builds a position from a position table.
pub fn from_spec(spec: &PositionSpec, text: &str, file: &str) -> Result<Hexade, GameError> {
    let blame = Blame { file, text };
    let base: usize = blame.value(spec, "base")?.unwrap_or(10);
    if !(4..=12).contains(&base) {
        return Err(blame.at("base", format!("base {base} is outside 4..12")));
    }
    let mut h = Hexade::new(base);
    let board = h.board().clone();
    let mut stones: Vec<(PointId, Color)> = Vec::new();
    if let Some(pic) = &spec.picture {
        let rows = picture_rows(pic);
        let k = base as i32 - 1;
        if rows.len() != (2 * k + 1) as usize {
            return Err(blame.at("picture", format!("the picture needs {} rows", 2 * k + 1)));
        }
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<PointId> = (0..=2 * k).filter_map(|n| board.at(r as i32, n)).collect();
            let label = format!("row {}", (b'A' + r as u8) as char);
            read_picture_row(&blame, r, row, &cells, &mut stones, &label)?;
        }
    }
    blame.stone_lists(spec, &board, &mut stones)?;
    let nb = stones.iter().filter(|s| s.1 == Color::Black).count();
    let default = if nb == stones.len() - nb {
        Color::White
    } else {
        Color::Black
    };
    let to_move = blame.to_play(spec, default)?;
    let white_first: Option<String> = blame.value(spec, "white_first")?;
    let pending = match &white_first {
        None => None,
        Some(name) => {
            let p = board
                .parse(name)
                .map_err(|e| blame.at("white_first", coord_message(&e)))?;
            let whites: Vec<_> = stones.iter().filter(|s| s.1 == Color::White).collect();
            if whites.len() != 1 || whites[0].0 != p {
                return Err(blame.at(
                    "white_first",
                    format!("white_first {} must be White's only stone", quote(name)),
                ));
            }
            Some(p)
        }
    };
    h.setup(&stones, to_move, pending);
    if let Some(moves) = &spec.moves {
        for (i, tok) in moves.tokens().iter().enumerate() {
            let p = board
                .parse(tok)
                .map_err(|e| blame.illegal(i + 1, tok, coord_message(&e)))?;
            h.play(p)
                .map_err(|r| blame.illegal(i + 1, tok, r.reason()))?;
        }
    }
    Ok(h)
}

/// `stonepress score hexade`.
pub fn score(h: &Hexade, _opts: &ScoreOptions) -> Result<ScoreReport, GameError> {
    let board = h.board();
    let names = |cells: &[PointId]| -> Vec<String> {
        cells.iter().map(|&p| board.name(p).to_string()).collect()
    };
    let side_json = |s: Color| {
        let sixes: Vec<_> = h
            .sixes(s)
            .iter()
            .map(|x| json!({"shape": x.shape.name(), "cells": names(&x.cells)}))
            .collect();
        json!({
            "stones": h.stones(s),
            "captured": h.captured_by(s),
            "sixes": sixes,
            "total": h.stones(s),
        })
    };
    let winner = match h.outcome() {
        Outcome::Win(s) => json!(s.name()),
        Outcome::Draw => json!("draw"),
        Outcome::Ongoing => serde_json::Value::Null,
    };
    let pairs: Vec<_> = h
        .capturable_pairs(h.to_move())
        .iter()
        .map(|(p, pair)| json!({"at": board.name(*p), "pair": names(pair)}))
        .collect();
    let json = json!({
        "game": "hexade",
        "base": board.grid_size().0.div_ceil(2),
        "black": side_json(Color::Black),
        "white": side_json(Color::White),
        "to_play": h.to_move().name(),
        "winner": winner,
        "capturable_pairs": pairs,
        "forbidden": names(&h.forbidden_area()),
    });
    let mut text = String::new();
    for s in [Color::White, Color::Black] {
        let sixes = h.sixes(s);
        text.push_str(&format!(
            "{}: {}, {} captured and {}",
            s.title(),
            plural(h.stones(s) as usize, "stone", "stones"),
            plural(h.captured_by(s) as usize, "stone", "stones"),
            plural(sixes.len(), "six", "sixes")
        ));
        let shapes: Vec<String> = sixes
            .iter()
            .map(|x| format!("a {} ({})", x.shape.name(), names(&x.cells).join(" ")))
            .collect();
        if !shapes.is_empty() {
            text.push_str(&format!(": {}", and_list(&shapes)));
        }
        text.push_str(".\n");
    }
    text.push_str(&match h.outcome() {
        Outcome::Win(s) => format!("{} wins.\n", s.title()),
        Outcome::Draw => "The board is full: a draw.\n".to_string(),
        Outcome::Ongoing => format!("{} to play.\n", h.to_move().title()),
    });
    Ok(ScoreReport::new(json, text))
}

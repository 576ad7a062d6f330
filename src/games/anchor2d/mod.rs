//! Anchor 2D (Mark Steere, 2008; the name and rules are his): a triangle of 328 playable
//! cells with two windows and nine green edges a..i. A player anchors a pair of adjacent edges
//! with a connected set of one group's stones touching both edges and a third edge, as long as
//! it does not surround a window other than the pair's own; five pairs win.
//!
//! Position files: `black`, `white` (cells as "ROW.CELL", e.g. "23.5", ROW 1..27 from the apex
//! and CELL counted from the left, window holes keep their numbers) or a `picture` with one row
//! per ROW from the apex, listing that row's playable cells from the left (X, O, .);
//! `to_play` (default: Black when both have as many stones, else White); `moves`.

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

pub use engine::{Anchor2d, Color, Refusal};

use super::position::{
    Blame, PositionSpec, coord_message, list_tokens, picture_rows, read_picture_row,
};
use super::{GameError, ScoreOptions, ScoreReport};
use crate::figure::request::{and_list, plural};
use crate::geometry::{CellClass, PointId};

/// Builds a position from a position table.
pub fn from_spec(spec: &PositionSpec, text: &str, file: &str) -> Result<Anchor2d, GameError> {
    let blame = Blame { file, text };
    let mut a = Anchor2d::new();
    let board = a.board().clone();
    let mut stones: Vec<(PointId, Color)> = Vec::new();
    if let Some(pic) = &spec.picture {
        let rows = picture_rows(pic);
        if rows.len() != 27 {
            return Err(blame.at("picture", "the picture needs 27 rows (ROW 1 first)"));
        }
        for (i, row) in rows.iter().enumerate() {
            let r = i as i32 + 2;
            let cells: Vec<PointId> = (0..=r)
                .filter_map(|c| board.at_frame(r, c))
                .filter(|&p| board.cell_class(p) == CellClass::Playable)
                .collect();
            let label = format!("row {}", i + 1);
            read_picture_row(&blame, i, row, &cells, &mut stones, &label)?;
        }
    }
    blame.stone_lists(spec, &board, &mut stones)?;
    if let Some(&(p, c)) = stones
        .iter()
        .find(|s| board.cell_class(s.0) != CellClass::Playable)
    {
        let key = if c == Color::Black { "black" } else { "white" };
        let list = if c == Color::Black {
            &spec.black
        } else {
            &spec.white
        };
        let name = board.name(p).to_string();
        let i = list.as_deref().map_or(0, |l| {
            list_tokens(l)
                .position(|t| board.parse(t).ok() == Some(p))
                .unwrap_or(0)
        });
        return Err(blame.at_token(key, i, format!("{name} is a green edge cell")));
    }
    let nb = stones.iter().filter(|s| s.1 == Color::Black).count();
    let default = if nb == stones.len() - nb {
        Color::Black
    } else {
        Color::White
    };
    let to_move = blame.to_play(spec, default)?;
    a.setup(&stones, to_move);
    if let Some(moves) = &spec.moves {
        for (i, tok) in moves.tokens().iter().enumerate() {
            let p = board
                .parse(tok)
                .map_err(|e| blame.illegal(i + 1, tok, coord_message(&e)))?;
            a.play(p)
                .map_err(|r| blame.illegal(i + 1, tok, r.reason()))?;
        }
    }
    Ok(a)
}

/// `stonepress score anchor2d`.
pub fn score(a: &Anchor2d, opts: &ScoreOptions) -> Result<ScoreReport, GameError> {
    if opts.dead.is_some() {
        return Err(GameError::Invalid {
            file: "--dead".into(),
            line: 0,
            message: "Anchor 2D has no dead stones; --dead does not apply".into(),
        });
    }
    Ok(report(a))
}

/// The pairs of both players and the winner.
pub fn report(a: &Anchor2d) -> ScoreReport {
    let side = |c: Color| {
        let names = Anchor2d::pair_names(&a.pairs(c));
        json!({"pairs": names, "total": names.len()})
    };
    let json = json!({
        "game": "anchor2d",
        "black": side(Color::Black),
        "white": side(Color::White),
        "to_play": a.to_move().name(),
        "winner": a.winner().map(Color::name),
    });
    let mut text = String::new();
    for c in [Color::Black, Color::White] {
        let names = Anchor2d::pair_names(&a.pairs(c));
        text.push_str(&format!(
            "{}: {}{}\n",
            c.title(),
            plural(names.len(), "pair", "pairs"),
            if names.is_empty() {
                String::new()
            } else {
                format!(" ({})", and_list(&names))
            }
        ));
    }
    text.push_str(&match a.winner() {
        Some(c) => format!("{} wins with five pairs.\n", c.title()),
        None => format!("No winner yet; {} to play.\n", a.to_move().title()),
    });
    ScoreReport::new(json, text)
}

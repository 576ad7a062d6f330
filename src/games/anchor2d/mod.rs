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

#[cfg(test)]
mod tests;

use std::path::Path;

use serde_json::json;

pub use engine::{Anchor2d, Color, Refusal};

use super::position::{PositionSpec, picture_rows};
use super::{GameError, ScoreOptions, ScoreReport};
use crate::geometry::{CellClass, PointId};

/// Builds a position from a position table.
pub fn from_spec(spec: &PositionSpec, text: &str, file: &str) -> Result<Anchor2d, GameError> {
    let invalid = |key: &str, message: String| GameError::Invalid {
        file: file.to_string(),
        line: super::go::position::key_line(text, key),
        message,
    };
    spec.reject_keys(
        "Anchor 2D",
        &["game", "black", "white", "picture", "to_play", "moves"],
    )
    .map_err(|m| invalid("", m))?;
    if let Some(g) = &spec.game
        && super::GameId::parse(g) != Some(super::GameId::Anchor2d)
    {
        return Err(invalid(
            "game",
            format!("this is a '{g}' position, not Anchor 2D"),
        ));
    }
    let mut a = Anchor2d::new();
    let board = a.board().clone();
    let mut stones: Vec<(PointId, Color)> = Vec::new();
    if let Some(pic) = &spec.picture {
        let rows = picture_rows(pic);
        if rows.len() != 27 {
            return Err(invalid(
                "picture",
                "the picture needs 27 rows (ROW 1 first)".into(),
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            let r = i as i32 + 2;
            let cells: Vec<PointId> = (0..=r)
                .filter_map(|c| board.at_frame(r, c))
                .filter(|&p| board.cell_class(p) == CellClass::Playable)
                .collect();
            if row.len() != cells.len() {
                return Err(invalid(
                    "picture",
                    format!("row {} needs {} cells", i + 1, cells.len()),
                ));
            }
            for (ch, &p) in row.iter().zip(&cells) {
                match ch {
                    'X' | 'x' => stones.push((p, Color::Black)),
                    'O' | 'o' => stones.push((p, Color::White)),
                    '.' => {}
                    other => {
                        return Err(invalid("picture", format!("unknown character '{other}'")));
                    }
                }
            }
        }
    }
    for (key, list, c) in [
        ("black", &spec.black, Color::Black),
        ("white", &spec.white, Color::White),
    ] {
        if let Some(list) = list {
            for p in board
                .parse_list(list)
                .map_err(|e| invalid(key, e.to_string()))?
            {
                if board.cell_class(p) != CellClass::Playable {
                    return Err(invalid(
                        key,
                        format!("{} is a green edge cell", board.name(p)),
                    ));
                }
                if stones.iter().any(|s| s.0 == p) {
                    return Err(invalid(key, format!("{} is given twice", board.name(p))));
                }
                stones.push((p, c));
            }
        }
    }
    let nb = stones.iter().filter(|s| s.1 == Color::Black).count();
    let nw = stones.len() - nb;
    let to_move = match spec
        .to_play
        .as_deref()
        .map(|t| t.trim().to_ascii_lowercase())
    {
        Some(t) if t == "black" || t == "b" => Color::Black,
        Some(t) if t == "white" || t == "w" => Color::White,
        Some(t) => {
            return Err(invalid(
                "to_play",
                format!("to_play '{t}' is not black or white"),
            ));
        }
        None if nb == nw => Color::Black,
        None if nb == nw + 1 => Color::White,
        None => {
            return Err(invalid(
                "to_play",
                format!("{nb} Black and {nw} White stones: say who moves with to_play"),
            ));
        }
    };
    a.setup(&stones, to_move);
    if let Some(moves) = &spec.moves {
        for (i, tok) in moves.tokens().iter().enumerate() {
            let ill = |reason: String| GameError::IllegalMove {
                file: file.to_string(),
                number: i + 1,
                mv: tok.clone(),
                reason,
            };
            let p = board.parse(tok).map_err(|e| ill(e.to_string()))?;
            a.play(p).map_err(|r| ill(r.reason().to_string()))?;
        }
    }
    Ok(a)
}

/// `stonepress score anchor2d`.
pub fn score_file(file: &Path, opts: &ScoreOptions) -> Result<ScoreReport, GameError> {
    if opts.dead.is_some() {
        return Err(GameError::Invalid {
            file: "--dead".into(),
            line: 0,
            message: "Anchor 2D has no dead stones; --dead is for Go".into(),
        });
    }
    let text = std::fs::read_to_string(file).map_err(|e| GameError::Invalid {
        file: file.display().to_string(),
        line: 0,
        message: format!("cannot read: {e}"),
    })?;
    let spec = PositionSpec::parse(&text, file)?;
    let a = from_spec(&spec, &text, &file.display().to_string())?;
    Ok(report(&a))
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
            "{}: {} pair{} {}\n",
            if c == Color::Black { "Black" } else { "White" },
            names.len(),
            if names.len() == 1 { "" } else { "s" },
            names.join(" ")
        ));
    }
    text.push_str(&match a.winner() {
        Some(c) => format!("{} wins with five pairs.\n", c.name()),
        None => format!("No winner yet; {} to play.\n", a.to_move().name()),
    });
    ScoreReport { json, text }
}

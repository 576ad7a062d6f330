//! Go: N x N (5..19), Chinese area scoring with komi 7, positional superko (simple ko as an
//! option), handicap in the traditional order, SGF records, and `stonepress score go`.

pub mod engine;
pub mod position;
pub mod score;
pub mod sgf;

#[cfg(test)]
mod tests;

use std::path::Path;

use serde_json::json;

pub use engine::{Color, Go, Illegal, KoRule, Move, Pt};
pub use position::{GoPosition, handicap_points, load};
pub use score::{AreaScore, Owner, area_score};

use super::{GameError, ScoreOptions, ScoreReport};

/// `stonepress score go`: replays the file, removes stones marked dead, counts area.
pub fn score_file(file: &Path, opts: &ScoreOptions) -> Result<ScoreReport, GameError> {
    let pos = load(file)?;
    let mut dead = pos.dead.clone();
    if let Some(list) = &opts.dead {
        dead = position::parse_dead(&pos.go, list).map_err(|m| GameError::Invalid {
            file: "--dead".into(),
            line: 0,
            message: m,
        })?;
    }
    let s = area_score(&pos.go, &dead, pos.komi, pos.compensation);
    let names = |c: Color| -> Vec<String> {
        s.dead
            .iter()
            .filter(|d| d.1 == c)
            .map(|d| pos.go.name(d.0))
            .collect()
    };
    let json = json!({
        "game": "go",
        "size": pos.go.size(),
        "black": {
            "stones": s.black_stones,
            "territory": s.black_territory,
            "area": s.black_area(),
            "captures": pos.go.captures()[0],
            "dead": names(Color::Black),
            "total": s.black_area() as f64,
        },
        "white": {
            "stones": s.white_stones,
            "territory": s.white_territory,
            "area": s.white_area(),
            "captures": pos.go.captures()[1],
            "dead": names(Color::White),
            "total": s.white_total(),
        },
        "dame": s.dame,
        "komi": s.komi,
        "handicap": pos.handicap,
        "compensation": s.compensation,
        "winner": s.winner(),
        "result": s.result(),
        "moves": pos.go.moves_played(),
        "resigned": pos.resigned.map(Color::name),
    });
    let mut text = format!(
        "Black {} = {} stones + {} territory\nWhite {} = {} stones + {} territory + {} komi",
        s.black_area(),
        s.black_stones,
        s.black_territory,
        s.white_total(),
        s.white_stones,
        s.white_territory,
        s.komi
    );
    if s.compensation > 0.0 {
        text.push_str(&format!(" + {} handicap compensation", s.compensation));
    }
    text.push_str(&format!("\nDame {}; result {}\n", s.dame, s.result()));
    if !s.dead.is_empty() {
        let all: Vec<String> = s.dead.iter().map(|d| pos.go.name(d.0)).collect();
        text.push_str(&format!("Dead stones removed: {}\n", all.join(" ")));
    }
    if let Some(c) = pos.resigned {
        text.push_str(&format!("The record ends with {} resigning.\n", c.name()));
    }
    Ok(ScoreReport { json, text })
}

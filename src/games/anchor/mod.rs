//! Anchor (Steven Meyers, 2000): a hexagon of 169 points; groups live only as anchors (three
//! or more sides, two non-adjacent sides, or two adjacent sides meeting at the owner's home
//! corner); score = territory + prisoners.
//!
//! Position files: `black`, `white` (points such as "H8") or a `picture` with one row per rank
//! from rank 15 at the top down to rank 1, each row listing its points from the lowest file
//! (rank 15: H..O, rank 8: A..O, rank 1: A..H; X Black, O White, . empty); `to_play` (default:
//! White when Black has one stone more, else Black); `mirror_rule` (default true); `moves`
//! ("H8", "pass"). From an empty board the first three moves are the pie rule's set-up
//! placements (Black, White, Black; each may be "pass"), optionally followed by "swap" or
//! "keep" (the second player's choice of colour, which changes seats, not stones); then White
//! moves. Scoring judges the position as final. For `solve`, a `region` (points such as
//! "H8", separated by spaces or commas) confines both sides' placements.

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

pub use engine::{Anchor, Color, Group, Move, Refusal, Score, Verdict, side_names, verdict};

use super::position::{
    Blame, PositionSpec, coord_message, list_tokens, picture_rows, read_picture_row,
};
use super::{GameError, ScoreOptions, ScoreReport};
use crate::figure::request::{and_list, plural};
use crate::geometry::PointId;

/// A loaded Anchor position: the engine and the colour choice made after the pie phase.
#[derive(Clone, Debug)]
pub struct AnchorPosition {
    /// The position.
    pub game: Anchor,
    /// True when the second player chose to swap seats after the set-up.
    pub swapped: Option<bool>,
    /// The points a `solve` confines placements to (the file's `region`), if given.
    pub region: Option<Vec<PointId>>,
}

/// Builds a position from a position table.
pub fn from_spec(spec: &PositionSpec, text: &str, file: &str) -> Result<AnchorPosition, GameError> {
    let blame = Blame { file, text };
    let mut a = Anchor::new();
    a.mirror_rule = blame.value(spec, "mirror_rule")?.unwrap_or(true);
    let board = a.board().clone();
    let mut stones: Vec<(PointId, Color)> = Vec::new();
    if let Some(pic) = &spec.picture {
        let rows = picture_rows(pic);
        if rows.len() != 15 {
            return Err(blame.at("picture", "the picture needs 15 rows (rank 15 first)"));
        }
        for (i, row) in rows.iter().enumerate() {
            let r = 14 - i as i32;
            let pts: Vec<PointId> = (0..15).filter_map(|f| board.at(f, r)).collect();
            let label = format!("rank {}", r + 1);
            read_picture_row(&blame, i, row, &pts, &mut stones, &label)?;
        }
    }
    blame.stone_lists(spec, &board, &mut stones)?;
    let nb = stones.iter().filter(|s| s.1 == Color::Black).count();
    if !stones.is_empty() || spec.to_play.is_some() {
        let default = if nb == stones.len() - nb + 1 {
            Color::White
        } else {
            Color::Black
        };
        let to_move = blame.to_play(spec, default)?;
        a.setup(&stones, to_move);
    }
    let mut swapped = None;
    let mut just_set_up = false;
    if let Some(moves) = &spec.moves {
        for (i, tok) in moves.tokens().iter().enumerate() {
            let ill = |reason: String| blame.illegal(i + 1, tok, reason);
            let t = tok.to_ascii_lowercase();
            if t == "swap" || t == "keep" {
                if !just_set_up {
                    return Err(ill(
                        "a colour choice comes only right after the set-up".into()
                    ));
                }
                swapped = Some(t == "swap");
                just_set_up = false;
                continue;
            }
            let m = if t == "pass" {
                Move::Pass
            } else {
                Move::Place(board.parse(tok).map_err(|e| ill(coord_message(&e)))?)
            };
            let before = a.setup_left();
            a.play(m).map_err(|r| ill(r.reason().to_string()))?;
            just_set_up = before == 1 && a.setup_left() == 0;
        }
    }
    let region = match blame.value::<String>(spec, "region")? {
        None => None,
        Some(text) => {
            let mut pts = Vec::new();
            for (i, t) in list_tokens(&text).enumerate() {
                let p = board
                    .parse(t)
                    .map_err(|e| blame.at_token("region", i, coord_message(&e)))?;
                pts.push(p);
            }
            if pts.is_empty() {
                return Err(blame.at("region", "the region lists no point"));
            }
            pts.sort_unstable();
            pts.dedup();
            Some(pts)
        }
    };
    Ok(AnchorPosition {
        game: a,
        swapped,
        region,
    })
}

/// `stonepress score anchor`.
pub fn score(a: &Anchor, opts: &ScoreOptions) -> Result<ScoreReport, GameError> {
    if opts.dead.is_some() {
        return Err(GameError::Invalid {
            file: "--dead".into(),
            line: 0,
            message: "Anchor decides which groups are dead by its rules; --dead does not apply"
                .into(),
        });
    }
    Ok(report(a))
}

/// The score report of a position judged as final.
pub fn report(a: &Anchor) -> ScoreReport {
    let s = a.score();
    let b = a.board();
    let names =
        |pts: &[PointId]| -> Vec<String> { pts.iter().map(|&p| b.name(p).to_string()).collect() };
    let groups: Vec<_> = s
        .groups
        .iter()
        .map(|g| {
            json!({
                "color": g.color.name(),
                "points": names(&g.points),
                "sides": side_names(g.sides),
                "anchor": g.verdict.is_anchor(),
                "reason": g.verdict.reason(),
            })
        })
        .collect();
    let side = |c: Color| {
        json!({
            "territory": s.territory[if c == Color::Black { 0 } else { 1 }],
            "prisoners": s.prisoners[if c == Color::Black { 0 } else { 1 }],
            "total": s.total(c),
        })
    };
    let winner = match s.winner() {
        Some(c) => c.name(),
        None => "draw",
    };
    let json = json!({
        "game": "anchor",
        "black": side(Color::Black),
        "white": side(Color::White),
        "groups": groups,
        "neutral": names(&s.neutral),
        "winner": winner,
        "game_over": a.game_over(),
    });
    let mut text = String::new();
    for c in [Color::Black, Color::White] {
        let i = if c == Color::Black { 0 } else { 1 };
        text.push_str(&format!(
            "{} {} = {} territory + {}\n",
            c.title(),
            s.total(c),
            s.territory[i],
            plural(s.prisoners[i] as usize, "prisoner", "prisoners")
        ));
    }
    for g in &s.groups {
        let sides = side_names(g.sides);
        text.push_str(&format!(
            "  {} {} {}{}: {}, {}.\n",
            g.color.title(),
            if g.points.len() == 1 {
                "stone"
            } else {
                "group"
            },
            names(&g.points[..g.points.len().min(4)]).join(" ")
                + if g.points.len() > 4 { " ..." } else { "" },
            if sides.is_empty() {
                String::new()
            } else {
                format!(" ({})", and_list(&sides))
            },
            if g.verdict.is_anchor() {
                "an anchor"
            } else {
                "dead"
            },
            g.verdict.reason()
        ));
    }
    text.push_str(&format!("Neutral points: {}\n", s.neutral.len()));
    text.push_str(&match s.winner() {
        Some(c) => format!("{} wins.\n", c.title()),
        None => "A draw.\n".to_string(),
    });
    ScoreReport::new(json, text)
}

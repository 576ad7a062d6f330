//! Hexade diagrams: sixes by shape, capturable pairs and captures, the forbidden area.

use super::engine::Hexade;
use super::look::LOOK;
use crate::figure::request::{Made, Request, and_list, count_words, plural};
use crate::figure::{Colour, Figure, Line, MarkKind, Outline, Played, Region, Tone};
use crate::games::position::Blame;
use crate::games::{Color, GameError};
use crate::geometry::PointId;

/// Plays the request's moves on `h` and turns the engine's findings into a figure.
pub fn figure(h: &mut Hexade, req: &Request, file: &str) -> Result<Made, GameError> {
    let board = h.board().clone();
    let mut fig = Figure::of_position(board.clone(), &LOOK, |p| h.stone(p).map(Colour::from));
    let blame = Blame { file, text: "" };
    let mut words = Vec::new();
    let mut taken: Vec<PointId> = Vec::new();
    fig.replay(&req.moves, |tok, n| {
        let who = h.to_move();
        let p = board.parse(tok).map_err(|e| e.to_string())?;
        let before: Vec<PointId> = board
            .points()
            .filter(|&q| h.stone(q) == Some(who.opp()))
            .collect();
        h.play(p).map_err(|r| r.reason().to_string())?;
        let gone: Vec<PointId> = before
            .into_iter()
            .filter(|&q| h.stone(q).is_none())
            .collect();
        if !gone.is_empty() && req.shows("captures") {
            words.push(format!(
                "{} {n} captures {}.",
                who.title(),
                plural(gone.len() / 2, "pair", "pairs")
            ));
        }
        taken.extend(gone);
        Ok(Played::Stone(p, who.into()))
    })
    .map_err(|e| blame.illegal(e.number, &e.mv, e.reason))?;
    // Captured stones leave the figure; with "captures" their cells are crossed.
    for &p in &taken {
        if h.stone(p).is_none() {
            fig.stones.retain(|s| s.point != p);
            if req.shows("captures") {
                fig.mark(p, MarkKind::Cross);
            }
        }
    }
    if req.shows("captures") {
        let mover = h.to_move();
        let pairs = h.capturable_pairs(mover);
        let mut at: Vec<PointId> = pairs.iter().map(|x| x.0).collect();
        at.sort_unstable();
        at.dedup();
        for (k, &p) in at.iter().enumerate() {
            let letter = char::from(b'A' + (k % 26) as u8).to_string();
            let n = pairs.iter().filter(|x| x.0 == p).count();
            fig.mark(p, MarkKind::Label(letter.clone()));
            words.push(format!(
                "{} at {letter} captures {}.",
                mover.title(),
                plural(n, "pair", "pairs")
            ));
        }
        for (_, pair) in &pairs {
            fig.regions.push(Region {
                outline: Outline::Cells(pair.to_vec()),
                tone: Tone::Accent,
                fill: false,
                line: Line::Dashed,
            });
        }
        if at.is_empty() && taken.is_empty() {
            words.push(format!("{} can capture no pair.", mover.title()));
        }
    }
    if req.shows("sixes") {
        for c in [Color::Black, Color::White] {
            let sixes = h.sixes(c);
            for six in &sixes {
                fig.regions.push(Region {
                    outline: Outline::Cells(six.cells.clone()),
                    tone: Tone::Accent,
                    fill: false,
                    line: Line::Heavy,
                });
            }
            // "White has a six: a row." or "White has three sixes: a row, a triangle and a
            // ring."
            let shapes: Vec<String> = sixes
                .iter()
                .map(|s| format!("a {}", s.shape.name()))
                .collect();
            match shapes.len() {
                0 => {}
                1 => words.push(format!("{} has a six: {}.", c.title(), shapes[0])),
                n => words.push(format!(
                    "{} has {}: {}.",
                    c.title(),
                    count_words(n, "six", "sixes"),
                    and_list(&shapes)
                )),
            }
        }
    }
    if req.shows("forbidden") {
        let area = h.forbidden_area();
        if let Some(first) = h.distance_rule_pending() {
            words.push(format!(
                "White's second stone may not go within two cells of {}: {} forbidden.",
                board.name(first),
                plural(area.len() - 1, "cell is", "cells are")
            ));
        }
        for p in area {
            if h.stone(p).is_none() {
                fig.shades.push((p, Tone::Accent));
            }
        }
    }
    Ok(Made {
        figure: fig,
        auto_caption: words.join(" "),
    })
}

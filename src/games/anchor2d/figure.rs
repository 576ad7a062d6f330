//! Anchor 2D diagrams: anchored pairs with their edges and groups, windows, pair counts.

use super::engine::Anchor2d;
use super::look::ANCHOR2D_PAIRS;
use super::look::LOOK;
use crate::figure::request::{Made, Request};
use crate::figure::{Colour, Figure, Line, Outline, Played, Region, Tone};
use crate::games::position::Blame;
use crate::games::{Color, GameError};
use crate::geometry::{CellClass, PointId};

fn tone(c: Color) -> Tone {
    match c {
        Color::Black => Tone::Black,
        Color::White => Tone::White,
    }
}

/// The pairs "(a,c)" in the sheet's notation.
fn pair_text(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("({})", n.replace('-', ",")))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Plays the request's moves on `a` and turns the engine's anchored pairs into a figure.
pub fn figure(a: &mut Anchor2d, req: &Request, file: &str) -> Result<Made, GameError> {
    let board = a.board().clone();
    let mut fig = Figure::of_position(board.clone(), &LOOK, |p| a.stone(p).map(Colour::from));
    let blame = Blame { file, text: "" };
    fig.replay(&req.moves, |tok, _| {
        let who = a.to_move();
        let p = board.parse(tok).map_err(|e| e.to_string())?;
        a.play(p).map_err(|r| r.reason().to_string())?;
        Ok(Played::Stone(p, who.into()))
    })
    .map_err(|e| blame.illegal(e.number, &e.mv, e.reason))?;
    if req.shows("windows") {
        for apex in [(8, 4), (18, 9)] {
            let cells: Vec<PointId> = (0..7)
                .flat_map(|j| (0..=j).map(move |k| (apex.0 + j, apex.1 + k)))
                .filter_map(|(r, i)| board.at_frame(r, i))
                .collect();
            fig.regions.push(Region {
                outline: Outline::Cells(cells),
                tone: Tone::Neutral,
                fill: false,
                line: Line::Dashed,
            });
        }
    }
    let mut words = Vec::new();
    for c in [Color::Black, Color::White] {
        let names = Anchor2d::pair_names(&a.pairs(c));
        if req.shows("pairs") {
            let mut edges_done = 0u16;
            for g in a.groups(c) {
                let mut alone = Anchor2d::new();
                let stones: Vec<(PointId, Color)> = g.iter().map(|&p| (p, c)).collect();
                alone.setup(&stones, c.opp());
                let pairs = alone.pairs(c);
                if pairs.is_empty() {
                    continue;
                }
                fig.regions.push(Region {
                    outline: Outline::Cells(g.clone()),
                    tone: tone(c),
                    fill: false,
                    line: Line::Heavy,
                });
                for k in pairs {
                    let (x, y) = ANCHOR2D_PAIRS[k];
                    edges_done |= (1 << x) | (1 << y);
                }
            }
            for e in 0..9u8 {
                if edges_done & (1 << e) == 0 {
                    continue;
                }
                let cells: Vec<PointId> = board
                    .points()
                    .filter(|&p| board.cell_class(p) == CellClass::Edge(e))
                    .collect();
                fig.regions.push(Region {
                    outline: Outline::Cells(cells),
                    tone: tone(c),
                    fill: false,
                    line: Line::Heavy,
                });
            }
        }
        if req.shows("pairs") || req.shows("count") {
            if names.is_empty() {
                if a.groups(c).is_empty() {
                    continue;
                }
                words.push(format!("{} has anchored no pair.", c.title()));
            } else {
                let n = names.len();
                words.push(format!(
                    "{} has anchored {} pair{}: {}{}",
                    c.title(),
                    n,
                    if n == 1 { "" } else { "s" },
                    pair_text(&names),
                    if n >= 5 { ", and wins." } else { "." }
                ));
            }
        }
    }
    Ok(Made {
        figure: fig,
        auto_caption: words.join(" "),
    })
}

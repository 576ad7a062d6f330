//! Anchor diagrams: anchors and non-anchors with their sides, dead stones, territory, score.

use super::engine::{Anchor, Move};
use super::look::DIAGRAM_LOOK;
use crate::figure::request::{Made, Request, plural};
use crate::figure::{Colour, EdgeMark, Figure, Line, MarkKind, Played, Tone};
use crate::games::position::Blame;
use crate::games::{Color, GameError};
use crate::geometry::PointId;

fn tone(c: Color) -> Tone {
    match c {
        Color::Black => Tone::Black,
        Color::White => Tone::White,
    }
}

/// Plays the request's moves on `a` and turns the engine's judgement into a figure.
pub fn figure(a: &mut Anchor, req: &Request, file: &str) -> Result<Made, GameError> {
    let board = a.board().clone();
    let mut fig = Figure::of_position(board.clone(), &DIAGRAM_LOOK, |p| {
        a.stone(p).map(Colour::from)
    });
    let blame = Blame { file, text: "" };
    fig.replay(&req.moves, |tok, _| {
        let who = a.to_move();
        let m = if tok.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            Move::Place(board.parse(tok).map_err(|e| e.to_string())?)
        };
        a.play(m).map_err(|r| r.reason())?;
        Ok(match m {
            Move::Place(p) => Played::Stone(p, who.into()),
            Move::Pass => Played::Pass(who.into()),
        })
    })
    .map_err(|e| blame.illegal(e.number, &e.mv, e.reason))?;
    let s = a.score();
    fig.side_names = (1..=6).map(|k| format!("S{k}")).collect();
    fig.legend.push(
        "S1 to S6 name the sides; the anchor symbol beside a corner marks a home corner of \
         its colour."
            .into(),
    );
    if req.shows("anchors") {
        fig.legend
            .push("A solid band along a side marks a side that an anchor touches.".into());
    }
    if req.shows("non-anchors") {
        fig.legend
            .push("A dashed band marks a side touched by a group that is not an anchor.".into());
    }
    if req.shows("dead") {
        fig.legend.push("A cross marks a dead stone.".into());
    }
    if req.shows("territory") {
        fig.legend
            .push("A small hexagon in a player's colour marks his territory.".into());
    }
    if req.shows("neutral") {
        fig.legend
            .push("A grey hexagon marks a neutral point.".into());
    }
    let mut words = Vec::new();
    for g in &s.groups {
        let anchor = g.verdict.is_anchor();
        let wanted = if anchor {
            req.shows("anchors")
        } else {
            req.shows("non-anchors")
        };
        if wanted {
            edge_marks(&mut fig, &g.points, g.color, anchor);
            let first = board.name(g.points[0]);
            let what = if g.points.len() == 1 {
                format!("The {} stone at {first}", g.color.title().to_lowercase())
            } else {
                format!(
                    "The {} group at {first} ({})",
                    g.color.title().to_lowercase(),
                    plural(g.points.len(), "stone", "stones")
                )
            };
            words.push(format!(
                "{what} {}: {}.",
                g.verdict.reason(),
                if anchor { "an anchor" } else { "not an anchor" }
            ));
        }
        if !anchor && req.shows("dead") {
            for &p in &g.points {
                fig.mark(p, MarkKind::Cross);
            }
        }
    }
    if req.shows("territory") {
        for p in board.points() {
            if let Some(c) = s.owner[p as usize] {
                fig.shades.push((p, tone(c)));
            }
        }
    }
    if req.shows("neutral") {
        for &p in &s.neutral {
            fig.shades.push((p, Tone::Neutral));
        }
    }
    if req.shows("score") {
        let side = |c: Color| {
            format!(
                "{} {} = {} territory + {}",
                c.title(),
                s.total(c),
                s.territory[c.index()],
                plural(s.prisoners[c.index()] as usize, "prisoner", "prisoners")
            )
        };
        let dead: usize = s
            .groups
            .iter()
            .filter(|g| !g.verdict.is_anchor())
            .map(|g| g.points.len())
            .sum();
        let mut t = format!("{}; {}.", side(Color::Black), side(Color::White));
        if dead > 0 {
            t = format!("{} are dead. {t}", plural(dead, "stone", "stones"));
        }
        if !s.neutral.is_empty() {
            t.push_str(&format!(
                " {} neutral.",
                plural(s.neutral.len(), "point is", "points are")
            ));
        }
        words.push(t);
    }
    Ok(Made {
        figure: fig,
        auto_caption: words.join(" "),
    })
}

/// Marks along the edge beside each stone of a group on a side, towards its neighbours on
/// that side: heavy for an anchor, dashed otherwise.
fn edge_marks(fig: &mut Figure, points: &[PointId], c: Color, anchor: bool) {
    let board = fig.board.clone();
    for &p in points {
        let sides = board.sides(p);
        if sides == 0 {
            continue;
        }
        for &q in board.neighbours(p) {
            if board.sides(q) & sides != 0 {
                fig.edges.push(EdgeMark {
                    from: p,
                    to: q,
                    tone: tone(c),
                    line: if anchor { Line::Heavy } else { Line::Dashed },
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_anchor_is_marked_along_each_side_it_touches_and_a_dead_group_is_crossed() {
        let mut a = Anchor::new();
        let b = a.board().clone();
        let black: Vec<(PointId, Color)> = ["A1", "B1"]
            .iter()
            .map(|p| (b.parse(p).unwrap(), Color::Black))
            .collect();
        let mut stones = black;
        stones.push((b.parse("H8").unwrap(), Color::White));
        a.setup(&stones, Color::White);
        let req = Request {
            show: vec!["anchors".into(), "non-anchors".into(), "dead".into()],
            moves: Vec::new(),
        };
        let made = figure(&mut a, &req, "test").unwrap();
        let fig = &made.figure;
        // A1 lies on S1 and S6 (towards B1 and A2), B1 on S1 (towards A1 and C1).
        let heavy = fig.edges.iter().filter(|e| e.line == Line::Heavy).count();
        assert_eq!(heavy, 4, "{:?}", fig.edges);
        assert!(fig.edges.iter().all(|e| e.tone == Tone::Black));
        assert_eq!(fig.marks.len(), 1, "the lone white stone is dead");
        assert!(made.auto_caption.contains("home corner A1: an anchor"));
        assert!(made.auto_caption.contains("touches no side: not an anchor"));
    }
}

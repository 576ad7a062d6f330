//! Go diagrams: captures, ko, liberties, eyes, and territory, dead stones and the count.

use std::collections::HashSet;

use super::engine::{Go, Move, Pt};
use super::look::LOOK;
use super::position::GoPosition;
use super::score::{Owner, area_score};
use crate::figure::request::{Made, Request, plural};
use crate::figure::{Colour, Figure, MarkKind, Played, Tone};
use crate::games::{Color, GameError};

fn num(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{}", v as i64)
    } else {
        format!("{v}")
    }
}

fn group_word(go: &Go, stones: &[Pt], c: Color) -> String {
    let first = stones
        .iter()
        .copied()
        .min()
        .map_or(String::new(), |p| go.name(p));
    let names: Vec<String> = stones.iter().map(|&p| go.name(p)).collect();
    if stones.len() == 1 {
        format!("the {} stone at {first}", c.title().to_lowercase())
    } else if stones.len() <= 4 {
        let (last, rest) = names.split_last().expect("two or more stones");
        format!(
            "the {} stones at {} and {last}",
            c.title().to_lowercase(),
            rest.join(", ")
        )
    } else {
        format!(
            "the {} {} stones at {first}",
            stones.len(),
            c.title().to_lowercase()
        )
    }
}

/// Plays the request's moves on the position and turns the engine's findings into a figure.
pub fn figure(pos: &mut GoPosition, req: &Request, file: &str) -> Result<Made, GameError> {
    let go = &mut pos.go;
    let mut fig = Figure::of_position(go.board().clone(), &LOOK, |id| {
        go.stone(go.pt(id)).map(Colour::from)
    });
    let mut words = Vec::new();
    let mut captured: Vec<Pt> = Vec::new();
    fig.replay(&req.moves, |tok, number| {
        let who = go.to_move();
        let m = if tok.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            Move::Play(go.parse(tok).map_err(|e| e.to_string())?)
        };
        let before: Vec<(Pt, Option<Color>)> = go.points().map(|p| (p, go.stone(p))).collect();
        go.play(m).map_err(|r| r.reason().to_string())?;
        let gone: Vec<Pt> = before
            .iter()
            .filter(|(p, c)| c.is_some_and(|c| c != who) && go.stone(*p).is_none())
            .map(|(p, _)| *p)
            .collect();
        if !gone.is_empty() && req.shows("captures") {
            words.push(format!(
                "{} {number} captures {}.",
                who.title(),
                plural(gone.len(), "stone", "stones")
            ));
        }
        captured.extend(gone);
        Ok(match m {
            Move::Play(p) => Played::Stone(go.id(p), who.into()),
            Move::Pass => Played::Pass(who.into()),
        })
    })
    .map_err(crate::games::drawing::illegal_in(file))?;
    // Captured stones leave the figure; with "captures" their points are crossed (the ko
    // point, when shown, gets its own mark).
    let ko = go.ko_point().filter(|_| req.shows("ko"));
    for &p in &captured {
        if go.stone(p).is_none() {
            let id = go.id(p);
            fig.stones.retain(|s| s.point != id);
            if req.shows("captures") && Some(p) != ko {
                fig.mark(id, MarkKind::Cross);
            }
        }
    }
    if let Some(k) = ko {
        fig.mark(go.id(k), MarkKind::Square);
        words.push(format!(
            "{} may not retake at {} at once: that is ko.",
            go.to_move().title(),
            go.name(k)
        ));
    }
    if req.shows("liberties") {
        let mut seen = HashSet::new();
        for p in go.points().collect::<Vec<_>>() {
            let Some(c) = go.stone(p) else { continue };
            if !seen.insert(go.group_id(p)) {
                continue;
            }
            let libs = go.liberties(p);
            if libs.len() <= 2 {
                for &l in &libs {
                    fig.mark(go.id(l), MarkKind::Circle);
                }
                let group = go.group(p);
                words.push(format!(
                    "{} {} {}{}.",
                    capitalise(&group_word(go, &group, c)),
                    if group.len() == 1 { "has" } else { "have" },
                    plural(libs.len(), "liberty", "liberties"),
                    if libs.len() == 1 { " (atari)" } else { "" }
                ));
            }
        }
    }
    if req.shows("eyes") {
        let mut eyes = [0usize; 2];
        for p in go.points().collect::<Vec<_>>() {
            for c in [Color::Black, Color::White] {
                if go.is_eye_shape(p, c) {
                    fig.mark(go.id(p), MarkKind::Label("e".into()));
                    eyes[c.index()] += 1;
                }
            }
        }
        for c in [Color::Black, Color::White] {
            if eyes[c.index()] > 0 {
                words.push(format!(
                    "{} has {} (marked e).",
                    c.title(),
                    plural(eyes[c.index()], "eye", "eyes")
                ));
            }
        }
    }
    let count = req.shows("territory") || req.shows("dead") || req.shows("score");
    if count {
        let s = area_score(go, &pos.dead, pos.komi, pos.compensation);
        if req.shows("dead") {
            for &(p, _) in &s.dead {
                fig.mark(go.id(p), MarkKind::Cross);
            }
        }
        if req.shows("territory") {
            for p in go.points().collect::<Vec<_>>() {
                let id = go.id(p);
                let dead = s.dead.iter().any(|d| d.0 == p);
                if go.stone(p).is_some() && !dead {
                    continue;
                }
                match s.owners[id as usize] {
                    Owner::Black => fig.shades.push((id, Tone::Black)),
                    Owner::White => fig.shades.push((id, Tone::White)),
                    Owner::Neutral => {}
                }
            }
        }
        if req.shows("score") {
            let mut t = String::new();
            if !s.dead.is_empty() {
                t.push_str(&format!(
                    "{} dead. ",
                    plural(s.dead.len(), "stone is", "stones are")
                ));
            }
            t.push_str(&format!(
                "Black {} = {} stones + {} territory; White {} = {} stones + {} territory + {} \
                 komi",
                s.black_area(),
                s.black_stones,
                s.black_territory,
                num(s.white_total()),
                s.white_stones,
                s.white_territory,
                num(s.komi)
            ));
            if s.compensation > 0.0 {
                t.push_str(&format!(" + {} for the handicap", num(s.compensation)));
            }
            let m = s.margin();
            t.push_str(&if m > 0.0 {
                format!(". Black wins by {}.", num(m))
            } else if m < 0.0 {
                format!(". White wins by {}.", num(-m))
            } else {
                ". A draw.".to_string()
            });
            words.push(t);
        }
    }
    Ok(Made {
        figure: fig,
        auto_caption: words.join(" "),
    })
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

//! Kropki diagrams: regions along their chains, declarable pools, inert dots, captures.

use std::collections::HashSet;

use super::engine::{Kropki, Node};
use super::look::LOOK;
use crate::figure::request::{Made, Request, plural};
use crate::figure::{Colour, Figure, Line, MarkKind, Outline, Played, Region, Tone};
use crate::games::{Color, GameError};
use crate::geometry::{Board, PointId};

fn tone(c: Color) -> Tone {
    match c {
        Color::Black => Tone::Black,
        Color::White => Tone::White,
    }
}

/// The area enclosed by the chain around a set of interior nodes, as pieces: each grid square
/// whose corners all lie in the interior or next to it, and the triangle cut off a square
/// where the chain steps diagonally.
pub fn chain_pieces(board: &Board, interior: &[PointId]) -> Vec<Vec<PointId>> {
    let inner: HashSet<PointId> = interior.iter().copied().collect();
    let mut wall: HashSet<PointId> = inner.clone();
    for &p in interior {
        wall.extend(board.neighbours(p).iter().copied().filter(|&q| {
            let (a, b) = (board.coord(p), board.coord(q));
            (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1
        }));
    }
    let mut squares = HashSet::new();
    for &p in interior {
        let (x, y) = board.coord(p);
        for (dx, dy) in [(-1, -1), (0, -1), (-1, 0), (0, 0)] {
            squares.insert((x + dx, y + dy));
        }
    }
    let mut squares: Vec<(i32, i32)> = squares.into_iter().collect();
    squares.sort_unstable();
    let mut pieces = Vec::new();
    for (x, y) in squares {
        let corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)];
        let ids: Vec<Option<PointId>> = corners.iter().map(|&(a, b)| board.at(a, b)).collect();
        if ids.iter().all(|q| q.is_some_and(|q| wall.contains(&q))) {
            pieces.push(ids.into_iter().flatten().collect());
            continue;
        }
        for k in 0..4 {
            if let Some(q) = ids[k]
                && inner.contains(&q)
                && let (Some(a), Some(b)) = (ids[(k + 1) % 4], ids[(k + 3) % 4])
            {
                pieces.push(vec![q, a, b]);
            }
        }
    }
    pieces
}

/// Plays the request's moves ("E4", or "E4+D5" to declare the region around D5 with it)
/// and turns the engine's regions and pools into a figure.
pub fn figure(k: &mut Kropki, req: &Request, file: &str) -> Result<Made, GameError> {
    let board = k.board().clone();
    let nodes: Vec<Node> = k.nodes().collect();
    let mut fig = Figure::of_position(board.clone(), &LOOK, |id| {
        k.dot(k.node_of(id)).map(Colour::from)
    });
    fig.replay(&req.moves, |tok, _| {
        let who = k.to_move();
        // A final turn that only declares places no dot and takes no number.
        Ok(match super::play_token(k, tok)? {
            Some(n) => Played::Stone(k.id(n), who.into()),
            None => Played::Unnumbered,
        })
    })
    .map_err(crate::games::drawing::illegal_in(file))?;
    let mut words = Vec::new();
    if req.shows("regions") {
        let regions = k.regions().to_vec();
        // A region swallowed by a later one is drawn as part of it.
        let outer = |r: &super::engine::Region| {
            !regions.iter().any(|o| {
                o.interior.len() > r.interior.len()
                    && r.interior
                        .iter()
                        .all(|n| o.interior.binary_search(n).is_ok())
            })
        };
        for r in regions.iter().filter(|r| outer(r)) {
            let ids: Vec<PointId> = r.interior.iter().map(|&n| k.id(n)).collect();
            fig.regions.push(Region {
                outline: Outline::Pieces(chain_pieces(&board, &ids)),
                tone: tone(r.owner),
                fill: true,
                line: Line::Solid,
            });
        }
    }
    if req.shows("declarable") {
        for c in [Color::Black, Color::White] {
            for pool in k.declarable(c) {
                let ids: Vec<PointId> = pool.nodes.iter().map(|&n| k.id(n)).collect();
                fig.regions.push(Region {
                    outline: Outline::Pieces(chain_pieces(&board, &ids)),
                    tone: tone(c),
                    fill: false,
                    line: Line::Dashed,
                });
                words.push(format!(
                    "{} may declare a region capturing {}.",
                    c.title(),
                    plural(pool.captures, "dot", "dots")
                ));
            }
        }
    }
    if req.shows("inert") {
        for &n in &nodes {
            if k.dot(n).is_some() && k.inside(n) {
                fig.mark(k.id(n), MarkKind::Cross);
            }
        }
    }
    if req.shows("captures") {
        let got = k.captured();
        words.push(format!(
            "Black has captured {}, White {}.",
            plural(got[0] as usize, "dot", "dots"),
            got[1]
        ));
    }
    Ok(Made {
        figure: fig,
        auto_caption: words.join(" "),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::request::Request;

    #[test]
    fn a_region_around_one_dot_is_the_diamond_of_its_chain() {
        let board = crate::games::kropki::look::board(7, 7);
        let pieces = chain_pieces(&board, &[board.parse("C3").unwrap()]);
        assert_eq!(pieces.len(), 4);
        assert!(pieces.iter().all(|p| p.len() == 3));
        let mut corners: Vec<&str> = pieces
            .iter()
            .flat_map(|p| p.iter().map(|&q| board.name(q)))
            .filter(|n| *n != "C3")
            .collect();
        corners.sort_unstable();
        corners.dedup();
        assert_eq!(corners, ["B3", "C2", "C4", "D3"]);
    }

    #[test]
    fn declared_regions_are_drawn_and_inert_dots_crossed() {
        let mut k = Kropki::new(7, 7);
        for (p, c) in [
            ("C4", Color::Black),
            ("B3", Color::Black),
            ("D3", Color::Black),
            ("C2", Color::Black),
            ("C3", Color::White),
        ] {
            let n = k.parse(p).unwrap();
            k.setup_dot(n, c).unwrap();
        }
        let c3 = k.parse("C3").unwrap();
        k.declare(Color::Black, c3).unwrap();
        let req = Request {
            show: vec!["regions".into(), "inert".into(), "captures".into()],
            moves: Vec::new(),
        };
        let made = figure(&mut k, &req, "test").unwrap();
        assert_eq!(made.figure.regions.len(), 1);
        assert_eq!(made.figure.marks.len(), 1);
        assert_eq!(made.auto_caption, "Black has captured 1 dot, White 0.");
    }
}

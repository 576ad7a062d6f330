//! The tsumego frame: a principled way to close an open life-and-death problem. A problem
//! printed in a book shows a corner or a side and leaves the rest of the board out; the
//! reader knows that the attacker is strong outside. The frame says so with stones: the
//! problem's area is the stones' bounding box grown by one free line on every open side (a
//! side within one line of the board's edge is closed by the edge and reaches it), and every
//! point outside that area becomes an attacker stone, but for single-point eyes wherever an
//! outside point has only outside neighbours, so that a frame with room for them cannot be
//! captured. The defender then has nowhere to run beyond the box. Inside it, `solve go`
//! narrows the search to the fight area as it does without the frame (`ld::solve_in_box`):
//! read whole, the box holds about twice the points of the fight area, and the search ran out
//! of nodes on most published problems.
//!
//! Frames made for engines that play for score also share the outside between the two
//! colours so that the score stays even, and such an engine judges the problem rather than the
//! count. Our proof search reads a goal (capture the target, or keep it from capture), not a
//! score, so it needs only the wall: territory for the defender would be one more group of the
//! defender's to connect to, which the book's reader does not see.

use super::engine::{Color, Go, Pt};

/// A problem set in its frame: the framed position and the area inside the frame.
#[derive(Clone, Debug)]
pub struct Framed {
    /// The position with the frame's stones added.
    pub go: Go,
    /// The points inside the frame, in index order: the region the search reads.
    pub area: Vec<Pt>,
    /// How many stones the frame added.
    pub wall: usize,
}

/// The stones' bounding box in board coordinates, inclusive: [x0, x1, y0, y1]; None on an
/// empty board.
pub fn stones_box(go: &Go) -> Option<[i32; 4]> {
    let b = go.board();
    let coords: Vec<(i32, i32)> = go
        .points()
        .filter(|&p| go.stone(p).is_some())
        .map(|p| b.coord(go.id(p)))
        .collect();
    Some([
        coords.iter().map(|c| c.0).min()?,
        coords.iter().map(|c| c.0).max()?,
        coords.iter().map(|c| c.1).min()?,
        coords.iter().map(|c| c.1).max()?,
    ])
}

/// The inclusive box of board coordinates the problem keeps: the stones' bounding box with
/// one free line on each open side, reaching the edge on a side within one line of it.
pub fn problem_box(go: &Go) -> Option<[i32; 4]> {
    let [x0, x1, y0, y1] = stones_box(go)?;
    let n = go.size() as i32;
    let low = |v: i32| if v <= 1 { 0 } else { v - 1 };
    let high = |v: i32| if v >= n - 2 { n - 1 } else { v + 1 };
    Some([low(x0), high(x1), low(y0), high(y1)])
}

/// Frames the problem in `go` for `attacker`: the points outside the problem's box become the
/// attacker's stones, with an eye wherever a point of the outside has only outside points
/// around it and no eye next to it. A board without stones, or one whose problem box is the
/// whole board, comes back as it is, with every point as the area.
pub fn frame(go: &Go, attacker: Color) -> Framed {
    let Some([x0, x1, y0, y1]) = problem_box(go) else {
        return Framed {
            go: go.clone(),
            area: go.points().collect(),
            wall: 0,
        };
    };
    let b = go.board();
    let inside = |p: Pt| {
        let (x, y) = b.coord(go.id(p));
        (x0..=x1).contains(&x) && (y0..=y1).contains(&y)
    };
    let len = (go.size() + 2) * (go.size() + 2);
    let mut eye = vec![false; len];
    let mut outside = Vec::new();
    for p in go.points() {
        if inside(p) {
            continue;
        }
        outside.push(p);
        let around = go.neighbours(p);
        let closed = around
            .iter()
            .all(|&q| !go.on_board(q) || (!inside(q) && !eye[q]));
        // Eyes on a diagonal lattice, so that the wall between them stays in one piece.
        let (x, y) = b.coord(go.id(p));
        if closed && (x + 2 * y).rem_euclid(5) == 0 {
            eye[p] = true;
        }
    }
    let mut framed = go.clone();
    let mut wall = 0;
    for &p in &outside {
        if !eye[p] {
            framed.setup(p, Some(attacker));
            wall += 1;
        }
    }
    Framed {
        area: go.points().filter(|&p| inside(p)).collect(),
        go: framed,
        wall,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(n: usize, black: &[&str], white: &[&str]) -> Go {
        let mut go = Go::new(n);
        for (list, c) in [(black, Color::Black), (white, Color::White)] {
            for s in list {
                let p = go.parse(s).expect("a point");
                go.setup(p, Some(c));
            }
        }
        go
    }

    #[test]
    fn a_corner_problem_keeps_one_free_line_and_the_rest_is_the_attackers() {
        // White's corner group on A9..C9, Black around it to D7: the box is A..E x 9..6.
        let go = position(
            9,
            &["D9", "D8", "C7", "B7", "A7"],
            &["A8", "B8", "C8", "C9"],
        );
        let f = frame(&go, Color::Black);
        assert_eq!(f.area.len(), 5 * 4, "A..E by 9..6");
        for name in ["A9", "E9", "E6", "A6"] {
            let p = go.parse(name).expect("a point");
            assert!(f.area.contains(&p), "{name} is inside");
            assert_eq!(f.go.stone(p), go.stone(p), "{name} keeps its content");
        }
        for name in ["F9", "A5", "J1", "F5"] {
            let p = f.go.parse(name).expect("a point");
            assert!(!f.area.contains(&p), "{name} is outside");
        }
        // Every outside point is a black stone or an eye closed by black stones.
        let outside: Vec<Pt> = f.go.points().filter(|p| !f.area.contains(p)).collect();
        let eyes: Vec<Pt> = outside
            .iter()
            .copied()
            .filter(|&p| f.go.is_empty(p))
            .collect();
        assert!(eyes.len() >= 2, "a wide outside has room for eyes");
        for &e in &eyes {
            for q in f.go.neighbours(e) {
                assert!(
                    !f.go.on_board(q) || f.go.stone(q) == Some(Color::Black),
                    "an eye is closed by the wall"
                );
            }
        }
        assert_eq!(f.wall + eyes.len(), outside.len());
        assert!(f.go.groups_without_liberties().is_empty());
        // The wall cannot be captured: Benson's test says it lives.
        let alive = super::super::ld::benson_alive(&f.go, Color::Black);
        for &p in &outside {
            if f.go.stone(p).is_some() {
                assert!(
                    alive.contains(&f.go.group_id(p)),
                    "the wall stone at {} lives",
                    f.go.name(p)
                );
            }
        }
    }

    #[test]
    fn sides_within_one_line_of_the_edge_reach_it() {
        // Stones from the second line: the first line is the problem's, not the frame's.
        let go = position(9, &["B8", "C8", "D7"], &["B7", "C7"]);
        let [x0, _, _, _] = problem_box(&go).expect("stones");
        assert_eq!(x0, 0);
        let f = frame(&go, Color::Black);
        assert!(f.area.contains(&go.parse("A9").expect("a point")));
        assert!(f.go.is_empty(go.parse("A9").expect("a point")));
    }

    #[test]
    fn an_empty_board_is_left_as_it_is() {
        let go = Go::new(9);
        let f = frame(&go, Color::White);
        assert_eq!(f.area.len(), 81);
        assert_eq!(f.wall, 0);
    }
}

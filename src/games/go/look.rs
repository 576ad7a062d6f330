//! The Go board: N x N intersections with columns lettered without I, its star points, and how
//! it is drawn (a real board's spacing, wood in colour, coordinates on all four sides).

use std::ops::RangeInclusive;

use crate::figure::{Body, Dot, Ground, Ink, Labels, Look, Stars};
use crate::geometry::{Board, Columns, PointId};
use crate::render::Paint;

/// Smallest and largest Go board.
pub const GO_SIZES: RangeInclusive<usize> = 5..=19;

/// An N x N Go board, N in 5..=19. Point id = row * N + col, row 0 at the bottom.
///
/// # Panics
/// If N is outside 5..=19 (callers validate user input first).
#[track_caller]
pub fn board(n: usize) -> Board {
    assert!(GO_SIZES.contains(&n), "Go board size {n} outside 5..=19");
    Board::square(n, n, Columns::SkipI).described(format!("{n}x{n} Go board"))
}

/// Go star points (hoshi) for this board size, as point ids: the 3-3 points below 13x13 and
/// the 4-4 points from 13x13 on, the centre on odd sizes from 7 on, and the side stars on odd
/// sizes from 15 on. Boards smaller than 7 have none.
pub fn star_points(board: &Board) -> Vec<PointId> {
    let (n, _) = board.grid_size();
    if n < 7 {
        return Vec::new();
    }
    let edge: i32 = if n >= 13 { 3 } else { 2 };
    let far = n as i32 - 1 - edge;
    let mid = (n / 2) as i32;
    let mut cells = vec![(edge, edge), (edge, far), (far, edge), (far, far)];
    if n % 2 == 1 {
        cells.push((mid, mid));
        if n >= 15 {
            cells.extend([(edge, mid), (far, mid), (mid, edge), (mid, far)]);
        }
    }
    let mut out: Vec<_> = cells.iter().filter_map(|&(c, r)| board.at(c, r)).collect();
    out.sort_unstable();
    out
}

/// How a Go board is drawn: 22 mm between lines across and 23.7 mm down as on a real board,
/// black lines with a heavier border, star points, wood colour with colour inks, and
/// coordinates on all four sides of a whole board.
pub static LOOK: Look = Look {
    spacing: (22.0, 23.7),
    stone: 0.48,
    ground: Some(Ground {
        paint: Paint::Rgb(232, 196, 128),
        pad: 0.6,
    }),
    body: Body::Lines {
        grid: Ink {
            paint: Paint::BLACK,
            width: 0.3,
        },
        border: Ink {
            paint: Paint::BLACK,
            width: 0.6,
        },
        dot: Some(Dot {
            per_unit: 0.0,
            min: 0.25,
            paint: Paint::BLACK,
        }),
        stars: Some(Stars {
            points: star_points,
            dot: Dot {
                per_unit: 0.09,
                min: 0.5,
                paint: Paint::BLACK,
            },
        }),
    },
    corners: None,
    labels: Labels {
        margin: 0.65,
        gap: 0.8,
        window_gap: 0.8,
        opposite: true,
        on_windows: true,
        edge_names: false,
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn star_points_by_size() {
        let b = board(9);
        let stars: Vec<_> = star_points(&b)
            .iter()
            .map(|&p| b.name(p).to_string())
            .collect();
        assert_eq!(stars, ["C3", "G3", "E5", "C7", "G7"]);
        assert_eq!(star_points(&board(19)).len(), 9);
        assert_eq!(star_points(&board(13)).len(), 5);
        assert!(star_points(&board(5)).is_empty());
        assert_eq!(board(19).name(360), "T19");
        assert_eq!(board(9).description(), "9x9 Go board");
    }
}

//! The tic-tac-toe board: 3 x 3 points on a square grid with spreadsheet columns (A..C from
//! the left, rows 1..3 from the bottom), drawn as lines with a heavier border.

use crate::figure::{Body, Ink, Labels, Look};
use crate::geometry::{Board, Columns};
use crate::render::Paint;

/// The 3 x 3 board. Point id = row * 3 + column, row 1 first.
pub fn board() -> Board {
    Board::square(3, 3, Columns::Spreadsheet).described("3x3 tic-tac-toe grid".to_string())
}

/// How the board is drawn: 20 mm squares of black lines in a heavier border, large stones,
/// coordinates below and to the left.
pub static LOOK: Look = Look {
    spacing: (20.0, 20.0),
    stone: 0.4,
    ground: None,
    body: Body::Lines {
        grid: Ink {
            paint: Paint::BLACK,
            width: 0.4,
        },
        border: Ink {
            paint: Paint::BLACK,
            width: 0.8,
        },
        dot: None,
        stars: None,
    },
    corners: None,
    labels: Labels {
        margin: 0.7,
        gap: 0.8,
        window_gap: 0.8,
        opposite: false,
        on_windows: true,
        edge_names: false,
    },
};

//! The Anchor 2D board: the triangle of hexagonal cells with two windows, its nine green edges
//! a..i and their adjacent pairs, and how it is drawn (green edges in colour, the edge letters,
//! row and cell numbers).

use crate::figure::{Body, Labels, Look, Tint};
use crate::geometry::Board;
use crate::render::Paint;

/// The nine edges, by index 0..9: a, b, c the left, right and bottom sides; d, e, f and g, h,
/// i the left, right and top sides of the upper and lower windows.
pub const EDGE_LETTERS: [char; 9] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];

/// The nine pairs of adjacent edges (by edge index), with their corner location.
pub const ANCHOR2D_PAIRS: [(u8, u8); 9] = [
    (0, 1),
    (0, 2),
    (1, 2),
    (3, 4),
    (3, 5),
    (4, 5),
    (6, 7),
    (6, 8),
    (7, 8),
];

/// The Anchor 2D board: 328 playable cells and 114 green edge cells.
pub fn board() -> Board {
    Board::triangle_windows(EDGE_LETTERS).described("Anchor 2D board")
}

/// How the Anchor 2D board is drawn: 7 mm cells, green edge cells (grey in print), the edge
/// letters always, row and cell numbers on whole boards.
pub static LOOK: Look = Look {
    spacing: (7.0, 7.0),
    stone: 0.4,
    ground: None,
    body: Body::Cells {
        edge_cells: Tint {
            print: Paint::Grey(185),
            colour: Paint::Rgb(120, 190, 110),
        },
    },
    corners: None,
    labels: Labels {
        margin: 1.1,
        gap: 0.75,
        window_gap: 0.75,
        opposite: false,
        on_windows: false,
        edge_names: true,
    },
};

/// How puzzle figures are drawn: the board's look, with row and cell numbers and the edge
/// letters on cropped windows too.
pub static PUZZLE_LOOK: Look = Look {
    labels: Labels {
        on_windows: true,
        ..LOOK.labels
    },
    ..LOOK
};

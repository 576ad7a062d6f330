//! The Hexade board: a hexagon of hexagonal cells of base 4..12, and how it is drawn (white
//! cells, row letters on the left and diagonal numbers above).

use crate::figure::{Body, Labels, Look, Tint};
use crate::geometry::Board;
use crate::render::Paint;

/// Smallest, default and largest Hexade base.
pub const HEXADE_BASES: (usize, usize, usize) = (4, 10, 12);

/// A Hexade board of the given base (cells per side, 4..=12): 3·b·(b−1)+1 cells.
///
/// # Panics
/// If the base is outside 4..=12 (callers validate user input first).
#[track_caller]
pub fn board(base: usize) -> Board {
    assert!(
        (HEXADE_BASES.0..=HEXADE_BASES.2).contains(&base),
        "Hexade base {base} outside 4..=12"
    );
    Board::hex_cells(base).described(format!("base-{base} Hexade board"))
}

/// How a Hexade board is drawn: 11 mm cells, coordinates on windows too.
pub static LOOK: Look = Look {
    spacing: (11.0, 11.0),
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
        gap: 0.95,
        window_gap: 0.95,
        opposite: false,
        on_windows: true,
        edge_names: false,
    },
};

//! The Kropki grid: W x H nodes with spreadsheet-style columns, and how it is drawn (fine grey
//! lines, a dot on every node, coordinates below and to the left).

use crate::figure::{Body, Dot, Ink, Labels, Look};
use crate::geometry::{Board, Columns};
use crate::render::Paint;

/// Largest Kropki grid side.
pub const KROPKI_MAX: usize = 60;

/// A W x H Kropki grid of nodes (each side 2..=60). Point id = row * W + col.
///
/// # Panics
/// If a side is outside 2..=60 (callers validate user input first).
#[track_caller]
pub fn board(width: usize, height: usize) -> Board {
    assert!(
        (2..=KROPKI_MAX).contains(&width) && (2..=KROPKI_MAX).contains(&height),
        "Kropki grid {width}x{height} outside 2..=60"
    );
    Board::square(width, height, Columns::Spreadsheet)
        .described(format!("{width}x{height} Kropki grid"))
}

/// How a Kropki grid is drawn: 5 mm squares of fine grey lines in a black border, a grey dot
/// on every node, small dots as stones, coordinates below and to the left.
pub static LOOK: Look = Look {
    spacing: (5.0, 5.0),
    stone: 0.34,
    ground: None,
    body: Body::Lines {
        grid: Ink {
            paint: Paint::Grey(150),
            width: 0.12,
        },
        border: Ink {
            paint: Paint::BLACK,
            width: 0.5,
        },
        dot: Some(Dot {
            per_unit: 0.08,
            min: 0.25,
            paint: Paint::Grey(90),
        }),
        stars: None,
    },
    corners: None,
    labels: Labels {
        margin: 1.0,
        gap: 0.9,
        window_gap: 0.8,
        opposite: false,
        on_windows: true,
        edge_names: false,
    },
};

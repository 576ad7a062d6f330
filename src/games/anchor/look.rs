//! The Anchor board: a hexagon of 8 points per side (169 points) with three home corners for
//! each player, and how it is drawn (grey lines, black points, an anchor symbol on each home
//! corner, ranks and files along the lower sides).

use crate::figure::{Body, Corners, Dot, Ink, Labels, Look};
use crate::geometry::{Board, Point};
use crate::render::{Geometry, Page, Paint, Stroke};

/// Anchor's side length (points per side).
pub const ANCHOR_BASE: i32 = 8;

/// Anchor's six corners in cyclic order, with the sides they join (bit k = side S(k+1)) and
/// whether the corner is Black's home (otherwise White's).
pub const ANCHOR_CORNERS: [(&str, u8, bool); 6] = [
    ("A1", 0b100001, true),
    ("H1", 0b000011, false),
    ("O8", 0b000110, true),
    ("O15", 0b001100, false),
    ("H15", 0b011000, true),
    ("A8", 0b110000, false),
];

/// The Anchor board: files A..O, ranks 1..15, point (f, r) exists iff |f − r| ≤ 7. Drawn with
/// A1 at the bottom, H1 lower right, O8 upper right, O15 at the top, H15 upper left and A8
/// lower left. The sides of a point (bit k = side S(k+1)) are `Board::sides`.
pub fn board() -> Board {
    Board::hex_points(ANCHOR_BASE as usize).described("Anchor board")
}

/// The home corners by name, dark for Black's.
const HOMES: [(&str, bool); 6] = {
    let mut out = [("", false); 6];
    let mut i = 0;
    while i < 6 {
        out[i] = (ANCHOR_CORNERS[i].0, ANCHOR_CORNERS[i].2);
        i += 1;
    }
    out
};

/// An anchor symbol for a home corner (the figure draws it just outside the corner point, so
/// that stones and shading never hide it): a disc in the owner's colour with an anchor drawn
/// in the contrasting ink.
fn anchor_symbol(page: &mut Page, c: Point, unit: f64, black: bool) {
    let r = unit * 0.3;
    let (disc, ink) = if black {
        (Paint::BLACK, Paint::WHITE)
    } else {
        (Paint::WHITE, Paint::BLACK)
    };
    page.shape(
        Geometry::Circle(c, r),
        Some(disc),
        Some(Stroke::solid(Paint::BLACK, 0.35)),
        Some("anchor"),
    );
    let w = (unit * 0.045).max(0.25);
    let s = Stroke::solid(ink, w);
    let p = |x: f64, y: f64| Point::new(c.x + x * r, c.y + y * r);
    page.line(p(0.0, -0.62), p(0.0, 0.6), s.clone());
    page.line(p(-0.32, -0.35), p(0.32, -0.35), s.clone());
    page.shape(
        Geometry::Circle(p(0.0, -0.72), r * 0.12),
        None,
        Some(s.clone()),
        None,
    );
    page.shape(
        Geometry::Polyline(vec![
            p(-0.6, 0.15),
            p(-0.5, 0.4),
            p(-0.25, 0.6),
            p(0.0, 0.66),
            p(0.25, 0.6),
            p(0.5, 0.4),
            p(0.6, 0.15),
        ]),
        None,
        Some(s),
        None,
    );
}

/// How the Anchor board is drawn: 13 mm spacing, grey lines, a black dot on every point, an
/// anchor symbol on each home corner, ranks down-left and files down-right of the board.
pub static LOOK: Look = Look {
    spacing: (13.0, 13.0),
    stone: 0.42,
    ground: None,
    body: Body::Lines {
        grid: Ink {
            paint: Paint::Grey(120),
            width: 0.2,
        },
        // A hexagon has no square border: never drawn.
        border: Ink {
            paint: Paint::BLACK,
            width: 0.5,
        },
        dot: Some(Dot {
            per_unit: 0.09,
            min: 0.0,
            paint: Paint::BLACK,
        }),
        stars: None,
    },
    corners: Some(Corners {
        points: &HOMES,
        draw: anchor_symbol,
    }),
    labels: Labels {
        margin: 1.1,
        // Beyond the bands the figures draw along the sides.
        gap: 1.15,
        window_gap: 1.15,
        opposite: false,
        on_windows: false,
        edge_names: false,
    },
};

/// How puzzle figures are drawn: the board's look, with ranks and files on cropped windows
/// too.
pub static PUZZLE_LOOK: Look = Look {
    labels: Labels {
        on_windows: true,
        ..LOOK.labels
    },
    ..LOOK
};

/// How diagrams are drawn: the board's look with room outside the coordinates for the side
/// names S1..S6.
pub static DIAGRAM_LOOK: Look = Look {
    labels: Labels {
        margin: 2.0,
        ..LOOK.labels
    },
    ..LOOK
};

//! A triangle of hexagonal cells with two triangular windows, in frame
//! coordinates (R, i), 0 ≤ i ≤ R ≤ 29 (R the row from the apex, i the cell from the left).
//! Lattice coordinate (R, i); neighbours (R, i±1), (R±1, i), (R+1, i+1), (R−1, i−1).
//!
//! Cells are either playable or edge cells of one of the nine edges (three outer edges and
//! three around each window), each edge named by a letter the caller gives. Names:
//! playable cells are `ROW.CELL` with ROW = R − 1 (1..27 from the apex) and CELL = i (from the
//! left; numbers inside a window hole are skipped, not reused). Edge cells are the edge letter
//! and the cell's place along the edge, counted from the top (a, b, d, e, g, h) or from the
//! left (c, f, i): with letters a..i, `a1`..`a28`, `b1`..`b28`, `c1`..`c28`, `d1`..`d5`, and
//! so on. Edges 0..3 are the left, right and bottom sides; 3..6 the left, right and top sides
//! of the upper window; 6..9 those of the lower window.

use super::topology::{Board, Lattice, PointId, Shape, Topology};
use super::units::{Point, SQRT_3_OVER_2};

/// The class of a cell of a triangle with windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellClass {
    /// A cell stones may be placed on.
    Playable,
    /// An edge cell of edge `0..9`.
    Edge(u8),
}

const PLAYABLE_TAG: u8 = 0xFF;

/// Which window (1 or 2) a frame cell's hole belongs to, if it is a hole.
fn hole(r: i32, i: i32) -> bool {
    ((10..=13).contains(&r) && 5 <= i && i <= r - 5)
        || ((20..=23).contains(&r) && 10 <= i && i <= r - 10)
}

/// The class of a frame cell, or None for a missing cell (outer corners, window holes).
fn classify(r: i32, i: i32) -> Option<(CellClass, usize)> {
    if !(0..=29).contains(&r) || i < 0 || i > r || hole(r, i) {
        return None;
    }
    if (r, i) == (0, 0) || (r, i) == (29, 0) || (r, i) == (29, 29) {
        return None;
    }
    let edge = |e: u8, k: i32| Some((CellClass::Edge(e), k as usize));
    if i == 0 {
        return edge(0, r);
    }
    if i == r {
        return edge(1, r);
    }
    if r == 29 {
        return edge(2, i);
    }
    if (9..=13).contains(&r) && i == 4 {
        return edge(3, r - 8);
    }
    if (9..=13).contains(&r) && i == r - 4 {
        return edge(4, r - 8);
    }
    if r == 14 && (5..=9).contains(&i) {
        return edge(5, i - 4);
    }
    if (19..=23).contains(&r) && i == 9 {
        return edge(6, r - 18);
    }
    if (19..=23).contains(&r) && i == r - 9 {
        return edge(7, r - 18);
    }
    if r == 24 && (10..=14).contains(&i) {
        return edge(8, i - 9);
    }
    Some((CellClass::Playable, 0))
}

impl Board {
    /// The triangle with windows: 328 playable cells and 114 edge cells, the edges named by
    /// `edge_letters` (edge `e` by `edge_letters[e]`). Described as "triangle with windows"
    /// until a game names it.
    pub fn triangle_windows(edge_letters: [char; 9]) -> Board {
        let mut points = Vec::new();
        let mut tags = Vec::new();
        for r in 0..=29 {
            for i in 0..=r {
                let Some((class, k)) = classify(r, i) else {
                    continue;
                };
                let (name, tag) = match class {
                    CellClass::Playable => (format!("{}.{}", r - 1, i), PLAYABLE_TAG),
                    CellClass::Edge(e) => (format!("{}{}", edge_letters[e as usize], k), e),
                };
                let pos = Point::new((28 - r + 2 * i) as f64 / 2.0, r as f64 * SQRT_3_OVER_2);
                points.push(((r, i), name, pos));
                tags.push(tag);
            }
        }
        let l = edge_letters;
        let mut board = Board::build(
            Topology::TriangleWindows,
            Lattice::Hex,
            Shape::Hexagon,
            "triangle with windows".to_string(),
            format!(
                "ROW.CELL with ROW 1..27 from the apex and CELL counted from the left (e.g. \
                 12.5); green cells {}1..{}28, {}1..{}28, {}1..{}28, {}1..{}5 ... {}1..{}5",
                l[0], l[0], l[1], l[1], l[2], l[2], l[3], l[3], l[8], l[8]
            ),
            points,
        );
        board.tags = tags;
        board
    }

    /// The class of a cell of a triangle with windows (every cell of other boards is
    /// playable).
    pub fn cell_class(&self, p: PointId) -> CellClass {
        if self.topology != Topology::TriangleWindows {
            return CellClass::Playable;
        }
        match self.tags[p as usize] {
            PLAYABLE_TAG => CellClass::Playable,
            e => CellClass::Edge(e),
        }
    }

    /// The frame coordinate (R, i) of a cell of a triangle with windows.
    pub fn frame(&self, p: PointId) -> (i32, i32) {
        self.coord(p)
    }

    /// The cell of a triangle with windows at frame coordinate (R, i), if it exists.
    pub fn at_frame(&self, r: i32, i: i32) -> Option<PointId> {
        self.at(r, i)
    }

    /// The drawing positions of the centres of the two windows' holes (upper window first),
    /// in the same units as `position`.
    pub fn window_centres(&self) -> [Point; 2] {
        [self.frame_position(12, 6), self.frame_position(22, 11)]
    }

    /// The drawing position of any frame coordinate, including window holes and the missing
    /// corners (for drawing the windows' outlines), in the same units as `position`.
    pub fn frame_position(&self, r: i32, i: i32) -> Point {
        // Positions were shifted so the leftmost cell (R = 28, i = 0, at x = 0) and the top
        // row (R = 1) start the bounding box.
        let x = (28 - r + 2 * i) as f64 / 2.0;
        let y = r as f64 * SQRT_3_OVER_2;
        let origin = Point::new(0.0, SQRT_3_OVER_2);
        Point::new(x, y) - origin
    }
}

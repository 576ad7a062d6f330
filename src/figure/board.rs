//! Drawing an empty board of any family: lines or points or cells, star points, coordinates,
//! Anchor's corner anchors, Anchor 2D's green edges and windows. Everything is computed from the
//! geometry; the board is placed by a `Placement` (origin and mm per unit in x and y).

use crate::geometry::{
    ANCHOR_CORNERS, Board, CellClass, EDGE_LETTERS, Family, INV_SQRT_3, Point, PointId,
    SQRT_3_OVER_2, Shape as CellShape, Size,
};
use crate::render::{Align, Geometry, Page, Paint, Stroke};

/// How an empty board is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardStyle {
    /// Print coordinates around the board.
    pub coordinates: bool,
    /// Colour inks (green edges, wood) instead of black, white and greys.
    pub colour: bool,
}

/// Where a board goes on the page: the mm position of unit (0, 0) and mm per unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Page position of the board's unit origin.
    pub origin: Point,
    /// Millimetres per unit horizontally.
    pub sx: f64,
    /// Millimetres per unit vertically.
    pub sy: f64,
}

impl Placement {
    /// The page position of a board-unit position.
    pub fn map(&self, p: Point) -> Point {
        Point::new(self.origin.x + p.x * self.sx, self.origin.y + p.y * self.sy)
    }

    /// The page position of a point.
    pub fn at(&self, board: &Board, p: PointId) -> Point {
        self.map(board.position(p))
    }

    /// The smaller of the two scales: the mm size of one unit for round things (stones).
    pub fn unit(&self) -> f64 {
        self.sx.min(self.sy)
    }
}

/// The preferred spacing in mm per unit (x, y) for a family at full size.
pub(crate) fn natural_spacing(family: Family) -> (f64, f64) {
    match family {
        // A real Go board: 22 mm between lines across, 23.7 mm down.
        Family::Go => (22.0, 23.7),
        Family::Kropki => (5.0, 5.0),
        Family::Anchor => (13.0, 13.0),
        Family::Hexade => (11.0, 11.0),
        Family::Anchor2d => (7.0, 7.0),
    }
}

/// Margin around the point positions, in units, that the board drawing and its labels need.
pub(crate) fn margin_units(board: &Board, style: &BoardStyle) -> f64 {
    let body = match board.shape() {
        CellShape::Point => 0.5,
        CellShape::Hexagon => INV_SQRT_3,
    };
    let labels = if style.coordinates {
        match board.family() {
            Family::Go => 0.65,
            Family::Kropki => 1.0,
            _ => 1.1,
        }
    } else {
        0.0
    };
    body + labels
}

/// Fits a board into `area` (top-left, size): at its natural spacing when that fits, scaled
/// down otherwise. Returns the placement and the scale relative to natural size (1.0 = true
/// size).
pub fn place_board(board: &Board, area: (Point, Size), style: &BoardStyle) -> (Placement, f64) {
    let ext = board.extent();
    let m = margin_units(board, style);
    let (nx, ny) = natural_spacing(board.family());
    let need_w = (ext.w + 2.0 * m) * nx;
    let need_h = (ext.h + 2.0 * m) * ny;
    let scale = (area.1.w / need_w).min(area.1.h / need_h).min(1.0);
    let (sx, sy) = (nx * scale, ny * scale);
    let w = (ext.w + 2.0 * m) * sx;
    let h = (ext.h + 2.0 * m) * sy;
    let origin = Point::new(
        area.0.x + (area.1.w - w) / 2.0 + m * sx,
        area.0.y + (area.1.h - h) / 2.0 + m * sy,
    );
    (Placement { origin, sx, sy }, scale)
}

/// The six corners of the hexagonal cell around a unit position (pointy top).
pub fn hexagon(centre: Point, radius: f64) -> Vec<Point> {
    let (h, v) = (radius * SQRT_3_OVER_2, radius / 2.0);
    [
        (0.0, -radius),
        (h, -v),
        (h, v),
        (0.0, radius),
        (-h, v),
        (-h, -v),
    ]
    .iter()
    .map(|(dx, dy)| Point::new(centre.x + dx, centre.y + dy))
    .collect()
}

/// Draws an empty board.
pub fn draw_board(page: &mut Page, board: &Board, at: &Placement, style: &BoardStyle) {
    match board.family() {
        Family::Go | Family::Kropki => draw_square(page, board, at, style),
        Family::Anchor => draw_anchor(page, board, at, style),
        Family::Hexade | Family::Anchor2d => draw_cells(page, board, at, style),
    }
}

pub(crate) fn label_size(at: &Placement) -> f64 {
    (at.unit() * 0.4).clamp(1.6, 4.2)
}

fn draw_square(page: &mut Page, board: &Board, at: &Placement, style: &BoardStyle) {
    let (w, h) = board.grid_size();
    let go = board.family() == Family::Go;
    let p = |c: usize, r: usize| at.at(board, board.at(c as i32, r as i32).expect("grid point"));
    if go && style.colour {
        let pad = 0.6;
        let a = at.map(Point::new(-pad, -pad));
        let b = at.map(Point::new((w - 1) as f64 + pad, (h - 1) as f64 + pad));
        let rect = vec![a, Point::new(b.x, a.y), b, Point::new(a.x, b.y)];
        page.shape(
            Geometry::Polygon(rect),
            Some(Paint::Rgb(232, 196, 128)),
            None,
            None,
        );
    }
    let line = if go {
        Stroke::solid(Paint::BLACK, 0.3)
    } else {
        Stroke::solid(Paint::Grey(150), 0.12)
    };
    let border = Stroke::solid(Paint::BLACK, if go { 0.6 } else { 0.5 });
    for r in 0..h {
        let s = if r == 0 || r == h - 1 { &border } else { &line };
        page.line(p(0, r), p(w - 1, r), s.clone());
    }
    for c in 0..w {
        let s = if c == 0 || c == w - 1 { &border } else { &line };
        page.line(p(c, 0), p(c, h - 1), s.clone());
    }
    if go {
        for s in board.star_points() {
            let r = (at.unit() * 0.09).max(0.5);
            page.shape(
                Geometry::Circle(at.at(board, s), r),
                Some(Paint::BLACK),
                None,
                Some("star"),
            );
        }
    }
    // One small node mark per point: the points a player plays on, countable in the output.
    let dot = if go {
        0.25
    } else {
        (at.unit() * 0.08).max(0.25)
    };
    for q in board.points() {
        page.shape(
            Geometry::Circle(at.at(board, q), dot),
            Some(if go { Paint::BLACK } else { Paint::Grey(90) }),
            None,
            Some("point"),
        );
    }
    if style.coordinates {
        let size = label_size(at);
        let gap = if go { 0.8 } else { 0.9 };
        for c in 0..w {
            let name = board.name(board.at(c as i32, 0).expect("grid point"));
            let letters: String = name
                .chars()
                .take_while(|ch| ch.is_ascii_alphabetic())
                .collect();
            let bottom = at.map(board.position(board.at(c as i32, 0).expect("point")));
            let top = at.map(board.position(board.at(c as i32, h as i32 - 1).expect("point")));
            page.text(
                Point::new(bottom.x, bottom.y + gap * at.sy + size * 0.35),
                letters.clone(),
                size,
                Align::Middle,
            );
            if go {
                page.text(
                    Point::new(top.x, top.y - gap * at.sy + size * 0.35),
                    letters,
                    size,
                    Align::Middle,
                );
            }
        }
        for r in 0..h {
            let left = p(0, r);
            let right = p(w - 1, r);
            let label = (r + 1).to_string();
            page.text(
                Point::new(left.x - gap * at.sx, left.y + size * 0.35),
                label.clone(),
                size,
                Align::End,
            );
            if go {
                page.text(
                    Point::new(right.x + gap * at.sx, right.y + size * 0.35),
                    label,
                    size,
                    Align::Start,
                );
            }
        }
    }
}

fn draw_anchor(page: &mut Page, board: &Board, at: &Placement, style: &BoardStyle) {
    let grid = Stroke::solid(Paint::Grey(120), 0.2);
    for p in board.points() {
        for &q in board.neighbours(p) {
            if q > p {
                page.line(at.at(board, p), at.at(board, q), grid.clone());
            }
        }
    }
    let unit = at.unit();
    for p in board.points() {
        page.shape(
            Geometry::Circle(at.at(board, p), unit * 0.09),
            Some(Paint::BLACK),
            None,
            Some("point"),
        );
    }
    for (name, _, black_home) in ANCHOR_CORNERS {
        let p = board.parse(name).expect("corner exists");
        draw_anchor_symbol(page, at.at(board, p), unit, black_home, style);
    }
    if style.coordinates {
        let size = label_size(at);
        let (_, ranks) = board.grid_size();
        // Rank labels before the first point of each rank (down-left of it), file labels
        // before the first point of each file (down-right of it).
        let down_left = Point::new(-SQRT_3_OVER_2, 0.5);
        let down_right = Point::new(SQRT_3_OVER_2, 0.5);
        for r in 0..ranks as i32 {
            if let Some(p) = (0..15).find_map(|f| board.at(f, r)) {
                let pos = at.map(board.position(p) + down_left.scale(0.85));
                page.text(
                    Point::new(pos.x, pos.y + size * 0.35),
                    (r + 1).to_string(),
                    size,
                    Align::Middle,
                );
            }
        }
        for f in 0..15 {
            if let Some(p) = (0..15).find_map(|r| board.at(f, r)) {
                let pos = at.map(board.position(p) + down_right.scale(0.85));
                let letter = ((b'A' + f as u8) as char).to_string();
                page.text(
                    Point::new(pos.x, pos.y + size * 0.35),
                    letter,
                    size,
                    Align::Middle,
                );
            }
        }
    }
}

/// An anchor symbol on a corner: a disc in the owner's colour with an anchor drawn in the
/// contrasting ink.
pub(crate) fn draw_anchor_symbol(
    page: &mut Page,
    c: Point,
    unit: f64,
    black: bool,
    style: &BoardStyle,
) {
    let r = unit * 0.36;
    let (disc, ink) = if black {
        (Paint::BLACK, Paint::WHITE)
    } else {
        (Paint::WHITE, Paint::BLACK)
    };
    let _ = style;
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

fn draw_cells(page: &mut Page, board: &Board, at: &Placement, style: &BoardStyle) {
    let unit = at.unit();
    let edge_fill = if style.colour {
        Paint::Rgb(120, 190, 110)
    } else {
        Paint::Grey(185)
    };
    let outline = Stroke::solid(Paint::BLACK, (unit * 0.03).clamp(0.2, 0.35));
    for p in board.points() {
        let (fill, class) = match board.cell_class(p) {
            CellClass::Playable => (Paint::WHITE, "cell"),
            CellClass::Edge(_) => (edge_fill, "edge-cell"),
        };
        page.shape(
            Geometry::Polygon(hexagon(at.at(board, p), unit * INV_SQRT_3)),
            Some(fill),
            Some(outline.clone()),
            Some(class),
        );
    }
    if board.family() == Family::Anchor2d {
        draw_anchor2d_labels(page, board, at, style);
    } else if style.coordinates {
        draw_hexade_labels(page, board, at);
    }
}

fn draw_hexade_labels(page: &mut Page, board: &Board, at: &Placement) {
    let size = label_size(at);
    let (rows, nums) = board.grid_size();
    for r in 0..rows as i32 {
        if let Some(p) = (0..nums as i32).find_map(|n| board.at(r, n)) {
            let pos = at.map(board.position(p) + Point::new(-0.95, 0.0));
            page.text(
                Point::new(pos.x, pos.y + size * 0.35),
                ((b'A' + r as u8) as char).to_string(),
                size,
                Align::Middle,
            );
        }
    }
    // Numbers run along the down-left diagonals; label each above its top cell (the top
    // and upper-right sides), clear of the row letters on the left.
    for n in 0..nums as i32 {
        if let Some(p) = (0..rows as i32).find_map(|r| board.at(r, n)) {
            let pos = at.map(board.position(p) + Point::new(0.5, -SQRT_3_OVER_2).scale(0.95));
            page.text(
                Point::new(pos.x, pos.y + size * 0.35),
                (n + 1).to_string(),
                size,
                Align::Middle,
            );
        }
    }
}

fn draw_anchor2d_labels(page: &mut Page, board: &Board, at: &Placement, style: &BoardStyle) {
    let size = label_size(at);
    // Edge letters: at the middle cell of each edge, pushed outwards (a, b, c) or into the
    // window hole (d..i).
    let mut cells: [Vec<PointId>; 9] = Default::default();
    for p in board.points() {
        if let CellClass::Edge(e) = board.cell_class(p) {
            cells[e as usize].push(p);
        }
    }
    let holes = [board.frame_position(12, 6), board.frame_position(22, 11)];
    for (e, list) in cells.iter().enumerate() {
        let mid = list[list.len() / 2];
        let c = board.position(mid);
        let target = match e {
            0 => c + Point::new(-1.3, 0.0),
            1 => c + Point::new(2.6, 0.0),
            2 => c + Point::new(0.0, 1.4),
            3..=5 => c + (holes[0] - c).scale(0.45),
            _ => c + (holes[1] - c).scale(0.45),
        };
        let pos = at.map(target);
        page.bold_text(
            Point::new(pos.x, pos.y + size * 0.4),
            EDGE_LETTERS[e].to_string(),
            size * 1.3,
            Align::Middle,
        );
    }
    if style.coordinates {
        // Row numbers (ROW = R - 1) outside edge b; cell numbers (CELL = i) below edge c.
        for r in 2..=28 {
            let pos = at.map(board.frame_position(r, r) + Point::new(0.75, 0.0));
            page.text(
                Point::new(pos.x, pos.y + size * 0.3),
                (r - 1).to_string(),
                size * 0.8,
                Align::Start,
            );
        }
        for i in 1..=27 {
            let pos = at.map(board.frame_position(29, i) + Point::new(-0.5, SQRT_3_OVER_2));
            page.text(
                Point::new(pos.x, pos.y + size * 0.3),
                i.to_string(),
                size * 0.8,
                Align::Middle,
            );
        }
    }
}

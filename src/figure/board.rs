//! The one routine that draws a board, whole or a window of it: the ground, lines or cells,
//! star points, point dots, corner symbols, edge names and coordinates. It reads the game's
//! `Look` and otherwise goes by the board's topology; the board is placed by a `Placement`
//! (origin and mm per unit in x and y). Figures (`draw`) and board sheets both draw through it.

use std::collections::BTreeMap;

use super::look::{Body, Look};
use crate::geometry::{
    Board, CellClass, INV_SQRT_3, Point, PointId, SQRT_3_OVER_2, Shape as CellShape, Size, Topology,
};
use crate::render::{Align, Geometry, Page, Paint, Stroke};

/// How a board is drawn, beyond its look: what the document asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardStyle {
    /// Print coordinates around the board.
    pub coordinates: bool,
    /// Colour inks (board colour, coloured edge cells) instead of black, white and greys.
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

/// The part of a board that is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a> {
    /// Which points are shown, by id.
    pub visible: &'a [bool],
    /// Whether that is the whole board (then the sides and edges are labelled in full).
    pub whole: bool,
}

/// Margin around the point positions, in units, that the board drawing and its labels need.
pub(crate) fn margin_units(board: &Board, look: &Look, style: &BoardStyle) -> f64 {
    let body = match board.shape() {
        CellShape::Point => 0.5,
        CellShape::Hexagon => INV_SQRT_3,
    };
    let labels = if style.coordinates {
        look.labels.margin
    } else {
        0.0
    };
    body + labels
}

/// Fits a whole board into `area` (top-left, size), centred: at its look's natural spacing when
/// that fits, scaled down otherwise. Returns the placement and the scale relative to natural
/// size (1.0 = true size).
pub fn place_board(
    board: &Board,
    look: &Look,
    area: (Point, Size),
    style: &BoardStyle,
) -> (Placement, f64) {
    let ext = board.extent();
    let m = margin_units(board, look, style);
    let (nx, ny) = look.spacing;
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

/// The font size of coordinates in mm.
pub(crate) fn label_size(at: &Placement) -> f64 {
    (at.unit() * 0.4).clamp(1.6, 4.2)
}

/// The outline of a cell of a board of cells, in mm at spacing `unit`.
pub(crate) fn cell_stroke(unit: f64) -> Stroke {
    Stroke::solid(Paint::BLACK, (unit * 0.03).clamp(0.2, 0.35))
}

/// Draws the board's colour under everything else (only with colour inks and a look that has
/// one), around the shown window `(x0, y0, x1, y1)` in units.
pub fn draw_ground(
    page: &mut Page,
    look: &Look,
    at: &Placement,
    style: &BoardStyle,
    window: (f64, f64, f64, f64),
) {
    let Some(ground) = look.ground.filter(|_| style.colour) else {
        return;
    };
    let (x0, y0, x1, y1) = window;
    let pad = ground.pad;
    let a = at.map(Point::new(x0 - pad, y0 - pad));
    let b = at.map(Point::new(x1 + pad, y1 + pad));
    let rect = vec![a, Point::new(b.x, a.y), b, Point::new(a.x, b.y)];
    page.shape(Geometry::Polygon(rect), Some(ground.paint), None, None);
}

/// Draws the shown part of a board (not its ground): lines with stubs where the board goes on,
/// or cells; star points, point dots and corner symbols; edge names and coordinates.
pub fn draw_board(
    page: &mut Page,
    board: &Board,
    look: &Look,
    at: &Placement,
    style: &BoardStyle,
    shown: Shown,
) {
    let vis = shown.visible;
    let unit = at.unit();
    let gap = if shown.whole {
        look.labels.gap
    } else {
        look.labels.window_gap
    };
    match &look.body {
        Body::Lines {
            grid,
            border,
            dot,
            stars,
        } => {
            let (grid, border) = (grid.stroke(), border.stroke());
            if shown.whole && board.topology() == Topology::SquareGrid {
                grid_lines(page, board, at, &grid, &border);
            } else {
                neighbour_lines(page, board, at, vis, &grid, &border);
            }
            if let Some(stars) = stars {
                for s in (stars.points)(board) {
                    if vis[s as usize] {
                        page.shape(
                            Geometry::Circle(at.at(board, s), stars.dot.radius(unit)),
                            Some(stars.dot.paint),
                            None,
                            Some("star"),
                        );
                    }
                }
            }
            if let Some(dot) = dot {
                // One small mark per point: the points a player plays on, countable in the
                // output.
                for p in board.points().filter(|&p| vis[p as usize]) {
                    page.shape(
                        Geometry::Circle(at.at(board, p), dot.radius(unit)),
                        Some(dot.paint),
                        None,
                        Some("point"),
                    );
                }
            }
        }
        Body::Cells { edge_cells } => {
            let edge_fill = if style.colour {
                edge_cells.colour
            } else {
                edge_cells.print
            };
            let outline = cell_stroke(unit);
            for p in board.points().filter(|&p| vis[p as usize]) {
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
        }
    }
    if let Some(corners) = &look.corners {
        for &(name, dark) in corners.points {
            let p = board
                .parse(name)
                .expect("corner symbol on a point of the board");
            if vis[p as usize] {
                (corners.draw)(page, at.at(board, p), unit, dark);
            }
        }
    }
    // Coordinates and edge names drawn at a small scale may crowd: every one that would
    // print over one drawn before it is left out.
    let labels_from = page.items.len();
    match board.topology() {
        Topology::SquareGrid if style.coordinates => {
            square_labels(page, board, look, at, shown, gap);
        }
        Topology::HexPoints if style.coordinates => {
            let down_left = Point::new(-SQRT_3_OVER_2, 0.5).scale(gap);
            let down_right = Point::new(SQRT_3_OVER_2, 0.5).scale(gap);
            axis_labels(page, board, at, vis, Axis::Numbers, down_left);
            axis_labels(page, board, at, vis, Axis::Letters, down_right);
        }
        Topology::HexCells if style.coordinates => {
            let left = Point::new(-1.0, 0.0).scale(gap);
            // Numbers run along the down-left diagonals; each is labelled above its top cell
            // (the top and upper-right sides), clear of the row letters on the left.
            let up_right = Point::new(0.5, -SQRT_3_OVER_2).scale(gap);
            axis_labels(page, board, at, vis, Axis::Letters, left);
            axis_labels(page, board, at, vis, Axis::Numbers, up_right);
        }
        Topology::TriangleWindows if shown.whole => {
            if look.labels.edge_names {
                edge_names(page, board, at);
            }
            if style.coordinates {
                frame_numbers(page, board, at);
            }
        }
        Topology::TriangleWindows if style.coordinates => {
            window_frame_labels(page, board, at, vis);
        }
        _ => {}
    }
    crate::render::frame::thin_texts(page, labels_from, LABEL_TOUCH);
}

/// Two labels nearer than this are touching by rounding, not printed over each other, mm.
const LABEL_TOUCH: f64 = 0.2;

/// A whole square grid: one line per row, then one per column, the outer ones in the border
/// ink.
fn grid_lines(page: &mut Page, board: &Board, at: &Placement, line: &Stroke, border: &Stroke) {
    let (w, h) = board.grid_size();
    let p = |c: usize, r: usize| at.at(board, board.at(c as i32, r as i32).expect("grid point"));
    for r in 0..h {
        let s = if r == 0 || r == h - 1 { border } else { line };
        page.line(p(0, r), p(w - 1, r), s.clone());
    }
    for c in 0..w {
        let s = if c == 0 || c == w - 1 { border } else { line };
        page.line(p(c, 0), p(c, h - 1), s.clone());
    }
}

/// One segment per pair of shown neighbours (along a square grid's edge in the border ink),
/// and a stub towards each neighbour that is not shown: the board goes on.
fn neighbour_lines(
    page: &mut Page,
    board: &Board,
    at: &Placement,
    vis: &[bool],
    line: &Stroke,
    border: &Stroke,
) {
    for p in board.points().filter(|&p| vis[p as usize]) {
        for &q in board.neighbours(p) {
            let a = at.at(board, p);
            let b = at.at(board, q);
            if vis[q as usize] {
                if q > p {
                    let s = if square_border(board, p, q) {
                        border
                    } else {
                        line
                    };
                    page.line(a, b, s.clone());
                }
            } else {
                let mid = Point::new(a.x + (b.x - a.x) * 0.45, a.y + (b.y - a.y) * 0.45);
                page.line(a, mid, line.clone());
            }
        }
    }
}

/// Whether the segment p-q runs along the edge of a square grid.
fn square_border(board: &Board, p: PointId, q: PointId) -> bool {
    if board.topology() != Topology::SquareGrid {
        return false;
    }
    let (w, h) = board.grid_size();
    let ((c1, r1), (c2, r2)) = (board.coord(p), board.coord(q));
    let (w, h) = (w as i32 - 1, h as i32 - 1);
    (r1 == r2 && (r1 == 0 || r1 == h)) || (c1 == c2 && (c1 == 0 || c1 == w))
}

/// The letters that begin a point's name ("AB" of "AB12").
fn letters(name: &str) -> String {
    name.chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect()
}

/// The number that ends a point's name ("12" of "AB12").
fn number(name: &str) -> String {
    name.trim_start_matches(|c: char| c.is_ascii_alphabetic())
        .to_string()
}

/// For each value of one lattice coordinate, the shown point with the smallest (or largest)
/// value of the other, in order of the first coordinate.
fn ends(board: &Board, vis: &[bool], along: usize, largest: bool) -> BTreeMap<i32, (i32, PointId)> {
    let mut out: BTreeMap<i32, (i32, PointId)> = BTreeMap::new();
    for p in board.points().filter(|&p| vis[p as usize]) {
        let c = board.coord(p);
        let (key, other) = if along == 0 { (c.0, c.1) } else { (c.1, c.0) };
        let e = out.entry(key).or_insert((other, p));
        if (largest && other > e.0) || (!largest && other < e.0) {
            *e = (other, p);
        }
    }
    out
}

/// Column letters under each column's bottom shown point and row numbers left of each row's
/// first; on whole boards with `opposite`, also above the top and right of the last.
fn square_labels(
    page: &mut Page,
    board: &Board,
    look: &Look,
    at: &Placement,
    shown: Shown,
    gap: f64,
) {
    let vis = shown.visible;
    let size = label_size(at);
    let opposite = shown.whole && look.labels.opposite;
    let tops = ends(board, vis, 0, true);
    for (c, (_, p)) in ends(board, vis, 0, false) {
        let text = letters(board.name(p));
        let bottom = at.at(board, p);
        page.text(
            Point::new(bottom.x, bottom.y + gap * at.sy + size * 0.35),
            text.clone(),
            size,
            Align::Middle,
        );
        if opposite {
            let top = at.at(board, tops[&c].1);
            page.text(
                Point::new(top.x, top.y - gap * at.sy + size * 0.35),
                text,
                size,
                Align::Middle,
            );
        }
    }
    let rights = ends(board, vis, 1, true);
    for (r, (_, p)) in ends(board, vis, 1, false) {
        let text = number(board.name(p));
        let left = at.at(board, p);
        page.text(
            Point::new(left.x - gap * at.sx, left.y + size * 0.35),
            text.clone(),
            size,
            Align::End,
        );
        if opposite {
            let right = at.at(board, rights[&r].1);
            page.text(
                Point::new(right.x + gap * at.sx, right.y + size * 0.35),
                text,
                size,
                Align::Start,
            );
        }
    }
}

/// Which part of the names a row of labels prints.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Axis {
    /// The letters, one label per value of the first lattice coordinate, at the shown point
    /// with the smallest second coordinate.
    Letters,
    /// The numbers, one per value of the second coordinate, at the shown point with the
    /// smallest first coordinate.
    Numbers,
}

/// Labels of a hexagon board: each at its point's position moved by `offset` units.
fn axis_labels(
    page: &mut Page,
    board: &Board,
    at: &Placement,
    vis: &[bool],
    axis: Axis,
    offset: Point,
) {
    let size = label_size(at);
    let along = if axis == Axis::Letters { 0 } else { 1 };
    for (_, (_, p)) in ends(board, vis, along, false) {
        let name = board.name(p);
        let text = match axis {
            Axis::Letters => letters(name),
            Axis::Numbers => number(name),
        };
        let pos = at.map(board.position(p) + offset);
        page.text(
            Point::new(pos.x, pos.y + size * 0.35),
            text,
            size,
            Align::Middle,
        );
    }
}

/// The name of each edge of a triangle with windows, at the middle cell of the edge, pushed
/// outwards (the three sides) or into the window's hole (the windows' edges).
fn edge_names(page: &mut Page, board: &Board, at: &Placement) {
    let size = label_size(at);
    let mut cells: [Vec<PointId>; 9] = Default::default();
    for p in board.points() {
        if let CellClass::Edge(e) = board.cell_class(p) {
            cells[e as usize].push(p);
        }
    }
    let holes = board.window_centres();
    for (e, list) in cells.iter().enumerate() {
        let mid = list[list.len() / 2];
        let c = board.position(mid);
        let target = match e {
            // Outside the row numbers on the left side.
            0 => c + Point::new(-1.7, 0.0),
            1 => c + Point::new(2.6, 0.0),
            2 => c + Point::new(0.0, 1.4),
            3..=5 => c + (holes[0] - c).scale(0.45),
            _ => c + (holes[1] - c).scale(0.45),
        };
        let pos = at.map(target);
        page.bold_text(
            Point::new(pos.x, pos.y + size * 0.4),
            letters(board.name(mid)),
            size * 1.3,
            Align::Middle,
        );
    }
}

/// Coordinates on a window of a triangle with windows (drawn where the look asks for them
/// on windows): each shown row's number right of its rightmost shown cell, each shown
/// cell number (CELL = i, constant down a down-left diagonal) below the lowest shown playable
/// cell of its diagonal, and each shown edge's letter on the middle of its shown green cells.
fn window_frame_labels(page: &mut Page, board: &Board, at: &Placement, vis: &[bool]) {
    let size = label_size(at);
    let shown = |r: i32, i: i32| board.at_frame(r, i).filter(|&p| vis[p as usize]);
    let playable =
        |r: i32, i: i32| shown(r, i).filter(|&p| board.cell_class(p) == CellClass::Playable);
    for r in 2..=28 {
        if let Some(i) = (0..=r).rev().find(|&i| playable(r, i).is_some()) {
            let right = (i + 1..=r + 1)
                .find(|&j| shown(r, j).is_none())
                .unwrap_or(r + 1);
            let pos = at.map(board.frame_position(r, right) + Point::new(-0.25, 0.0));
            page.text(
                Point::new(pos.x, pos.y + size * 0.3),
                (r - 1).to_string(),
                size * 0.8,
                Align::Start,
            );
        }
    }
    for i in 1..=27 {
        if let Some(r) = (i..=28).rev().find(|&r| playable(r, i).is_some()) {
            let below = (r + 1..=30).find(|&q| shown(q, i).is_none()).unwrap_or(30);
            let pos = at.map(board.frame_position(below, i));
            page.text(
                Point::new(pos.x, pos.y + size * 0.3),
                i.to_string(),
                size * 0.8,
                Align::Middle,
            );
        }
    }
    let mut cells: [Vec<PointId>; 9] = Default::default();
    for p in board.points().filter(|&p| vis[p as usize]) {
        if let CellClass::Edge(e) = board.cell_class(p) {
            cells[e as usize].push(p);
        }
    }
    for list in cells.iter().filter(|l| !l.is_empty()) {
        let mid = list[list.len() / 2];
        let pos = at.at(board, mid);
        page.bold_text(
            Point::new(pos.x, pos.y + size * 0.4),
            letters(board.name(mid)),
            size * 1.1,
            Align::Middle,
        );
    }
}

/// The numbers of a whole triangle with windows, so a cell `ROW.CELL` is found without
/// counting: each row's number (ROW = R − 1) left of the left side, and each cell number
/// (CELL = i, constant down a down-left diagonal) at both ends of its diagonal: above-right of
/// the right side, on a short leader along the diagonal, and below the bottom side.
fn frame_numbers(page: &mut Page, board: &Board, at: &Placement) {
    let size = label_size(at);
    for r in 2..=28 {
        let pos = at.map(board.frame_position(r, 0) + Point::new(-0.75, 0.0));
        page.text(
            Point::new(pos.x, pos.y + size * 0.3),
            (r - 1).to_string(),
            size * 0.8,
            Align::End,
        );
    }
    let up_right = Point::new(0.5, -SQRT_3_OVER_2);
    let leader = Stroke::solid(Paint::Grey(120), 0.15);
    for i in 1..=27 {
        let top = board.frame_position(i, i);
        page.line(
            at.map(top + up_right.scale(0.55)),
            at.map(top + up_right.scale(0.9)),
            leader.clone(),
        );
        let pos = at.map(top + up_right.scale(1.25));
        page.text(
            Point::new(pos.x, pos.y + size * 0.3),
            i.to_string(),
            size * 0.8,
            Align::Middle,
        );
        let pos = at.map(board.frame_position(29, i) + Point::new(-0.5, SQRT_3_OVER_2));
        page.text(
            Point::new(pos.x, pos.y + size * 0.3),
            i.to_string(),
            size * 0.8,
            Align::Middle,
        );
    }
}

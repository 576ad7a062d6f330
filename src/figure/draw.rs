//! Drawing a resolved `Figure` into a page box or at a placement: the board (whole or
//! windowed, through `board::draw_board`), fills under the grid, shades, outlines, arrows,
//! edge bands along the sides, stones, numbers, marks, the look's symbols on named points
//! (beside the point when it lies on the border, over everything else), side names and the
//! wrapped caption.

use std::collections::{HashMap, HashSet};

use super::board::{
    BoardStyle, Placement, Shown, cell_stroke, draw_board, draw_ground, hexagon, label_size,
    margin_units,
};
use super::look::Look;
use super::model::{Colour, Figure, Line, MarkKind, Outline, Region, Tone};
use crate::geometry::{
    Board, INV_SQRT_3, Lattice, Point, PointId, SQRT_3_OVER_2, Shape as CellShape, Size, Topology,
};
use crate::render::frame::{Fitted, LEAST_SIZE, Text, fit_text, text_width};
use crate::render::{Align, Geometry, Item, Page, Paint, Stroke};

/// Font size of captions in mm (9 pt).
pub const CAPTION_SIZE: f64 = 3.2;
/// Gap between the board and its caption in mm.
const CAPTION_GAP: f64 = 1.5;
/// Line height of captions as a multiple of the font size.
const LEADING: f64 = 1.25;

/// Draws a figure into the box at `origin` of `size` (mm): the board as large as fits (never
/// above its natural size), centred across the box and at its top, the caption wrapped under
/// it. Returns the height used in mm.
pub fn draw_figure(page: &mut Page, fig: &Figure, origin: Point, size: Size) -> f64 {
    let (caption, board_area, caption_h) = split_box(fig, size);
    let (at, board_h) = place(fig, origin, board_area);
    draw_placed(page, fig, &at);
    let mut y = origin.y + board_h + CAPTION_GAP + caption.size * 0.8;
    for line in &caption.lines {
        page.text(
            Point::new(origin.x + size.w / 2.0, y),
            line.clone(),
            caption.size,
            Align::Middle,
        );
        y += caption.size * LEADING;
    }
    board_h + caption_h
}

/// The share of a figure's box its caption may take; the board keeps the rest.
const CAPTION_SHARE: f64 = 0.7;

/// A figure's caption fitted to its box: wrapped at [`CAPTION_SIZE`] to the box's width, and
/// shrunk (down to [`LEAST_SIZE`]) when its lines would take more than [`CAPTION_SHARE`] of
/// the box's height or a word is wider than the box. What runs over even then is the
/// `overflow`.
pub fn fit_caption(fig: &Figure, size: Size) -> Fitted {
    let room = Size::new(size.w, (size.h * CAPTION_SHARE - CAPTION_GAP).max(0.0));
    fit_text(
        &fig.full_caption(),
        room,
        CAPTION_SIZE,
        LEAST_SIZE,
        false,
        LEADING,
    )
}

/// A figure's box split into the fitted caption, the area left for the board and the
/// caption's height.
fn split_box(fig: &Figure, size: Size) -> (Fitted, Size, f64) {
    let caption = fit_caption(fig, size);
    let caption_h = if caption.lines.is_empty() {
        0.0
    } else {
        CAPTION_GAP + caption.lines.len() as f64 * caption.size * LEADING
    };
    let board_area = Size::new(
        size.w,
        (size.h - caption_h).max(size.h * (1.0 - CAPTION_SHARE)),
    );
    (caption, board_area, caption_h)
}

/// The height in mm a figure would take in a box of `size` (same arithmetic as drawing).
pub fn figure_height(fig: &Figure, size: Size) -> f64 {
    let (_, board_area, caption_h) = split_box(fig, size);
    place(fig, Point::default(), board_area).1 + caption_h
}

/// The scale `draw_figure` would draw a figure's board at in a box of `size` (1 is the
/// board's natural size): the least of these over figures meant to be read together, set as
/// each one's `max_scale`, gives them one scale.
pub fn figure_scale(fig: &Figure, size: Size) -> f64 {
    let (_, board_area, _) = split_box(fig, size);
    scale_in(fig, board_area)
}

/// The scale of a figure's board in an area: as large as fits, never above its natural size
/// or its `max_scale`.
fn scale_in(fig: &Figure, area: Size) -> f64 {
    let (nw, nh) = natural_extent(fig);
    (area.w / nw)
        .min(area.h / nh)
        .min(fig.max_scale.unwrap_or(1.0))
        .min(1.0)
}

/// Width over height of the board part of a figure, margins included.
pub fn board_aspect(fig: &Figure) -> f64 {
    let (w, h) = natural_extent(fig);
    w / h
}

fn style(fig: &Figure) -> BoardStyle {
    BoardStyle {
        coordinates: fig.coordinates && labels_drawn(fig),
        colour: fig.colour,
    }
}

/// Coordinates are printed on whole boards, and on windows where the look says so.
fn labels_drawn(fig: &Figure) -> bool {
    fig.window.is_none_or(|w| w.is_whole(&fig.board)) || fig.look.labels.on_windows
}

fn margin(fig: &Figure) -> f64 {
    let st = style(fig);
    let m = margin_units(&fig.board, fig.look, &st);
    // Highlight rings and heavy outlines reach a little past the outermost stones.
    m.max(0.65)
}

fn natural_extent(fig: &Figure) -> (f64, f64) {
    let w = fig.view();
    let m = margin(fig);
    let (nx, ny) = fig.look.spacing;
    ((w.x1 - w.x0 + 2.0 * m) * nx, (w.y1 - w.y0 + 2.0 * m) * ny)
}

/// The placement of the board in an area and the height it takes.
fn place(fig: &Figure, origin: Point, area: Size) -> (Placement, f64) {
    let w = fig.view();
    let m = margin(fig);
    let (nw, nh) = natural_extent(fig);
    let scale = scale_in(fig, area);
    let (nx, ny) = fig.look.spacing;
    let (sx, sy) = (nx * scale, ny * scale);
    let left = origin.x + (area.w - nw * scale) / 2.0;
    let at = Placement {
        origin: Point::new(left + (m - w.x0) * sx, origin.y + (m - w.y0) * sy),
        sx,
        sy,
    };
    (at, nh * scale)
}

/// The stone radius in mm.
fn stone_radius(fig: &Figure, at: &Placement) -> f64 {
    at.unit() * fig.look.stone
}

/// The fill of an area (drawn under the grid or over a cell).
fn area_fill(tone: Tone, colour: bool) -> Paint {
    match (tone, colour) {
        (Tone::Black, false) => Paint::Grey(170),
        (Tone::White, false) => Paint::Grey(228),
        (Tone::Neutral, false) => Paint::Grey(205),
        (Tone::Accent, false) => Paint::Grey(195),
        (Tone::Black, true) => Paint::Rgb(160, 182, 228),
        (Tone::White, true) => Paint::Rgb(246, 208, 186),
        (Tone::Neutral, true) => Paint::Rgb(222, 222, 222),
        (Tone::Accent, true) => Paint::Rgb(255, 226, 140),
    }
}

/// The ink of an outline or arrow.
fn line_ink(tone: Tone, colour: bool) -> Paint {
    match (tone, colour) {
        (Tone::Black, false) | (Tone::Accent, false) => Paint::BLACK,
        (Tone::White, false) => Paint::Grey(95),
        (Tone::Neutral, false) => Paint::Grey(130),
        (Tone::Black, true) => Paint::Rgb(30, 60, 170),
        (Tone::White, true) => Paint::Rgb(190, 50, 30),
        (Tone::Neutral, true) => Paint::Grey(120),
        (Tone::Accent, true) => Paint::Rgb(215, 35, 35),
    }
}

fn stroke_for(line: Line, tone: Tone, fig: &Figure, unit: f64) -> Stroke {
    let ink = line_ink(tone, fig.colour);
    let w = (unit * 0.05).clamp(0.35, 0.6);
    match line {
        Line::Solid => Stroke::solid(ink, w),
        Line::Heavy => Stroke::solid(ink, w * 2.0),
        Line::Dashed => Stroke::dashed(ink, w, &[w * 3.0, w * 2.0]),
    }
}

/// The cell around a point in board units: a unit square on square grids, a hexagon on hex
/// lattices (flat-topped around points, pointy-topped for hexagonal cells).
fn cell_polygon(board: &Board, p: PointId) -> Vec<Point> {
    let c = board.position(p);
    match board.topology() {
        Topology::SquareGrid => [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]
            .iter()
            .map(|(dx, dy)| Point::new(c.x + dx, c.y + dy))
            .collect(),
        Topology::HexPoints => {
            let r = INV_SQRT_3;
            [
                (r, 0.0),
                (r / 2.0, SQRT_3_OVER_2 * r),
                (-r / 2.0, SQRT_3_OVER_2 * r),
                (-r, 0.0),
                (-r / 2.0, -SQRT_3_OVER_2 * r),
                (r / 2.0, -SQRT_3_OVER_2 * r),
            ]
            .iter()
            .map(|(dx, dy)| Point::new(c.x + dx, c.y + dy))
            .collect()
        }
        Topology::HexCells | Topology::TriangleWindows => hexagon(c, INV_SQRT_3),
    }
}

fn key(p: Point) -> (i64, i64) {
    ((p.x * 1000.0).round() as i64, (p.y * 1000.0).round() as i64)
}

/// The boundary edges (board units) of the union of the cells of `points`.
fn cells_boundary(board: &Board, points: &[PointId]) -> Vec<(Point, Point)> {
    let inside: HashSet<(i64, i64)> = points.iter().map(|&p| key(board.position(p))).collect();
    let mut edges = Vec::new();
    for &p in points {
        let c = board.position(p);
        let poly = cell_polygon(board, p);
        for i in 0..poly.len() {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            let mid = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
            let across = mid.scale(2.0) - c;
            if !inside.contains(&key(across)) {
                edges.push((a, b));
            }
        }
    }
    edges
}

fn visible(fig: &Figure) -> Vec<bool> {
    let w = fig.view();
    fig.board
        .points()
        .map(|p| w.contains(&fig.board, p))
        .collect()
}

/// Draws a figure at a placement, without its caption: the board (its ground, then fills of
/// boards of points, the board itself, fills of boards of cells), shades, outlines, arrows,
/// edge marks, stones, numbers, highlights and marks. Board sheets draw their empty boards
/// through this too.
pub fn draw_placed(page: &mut Page, fig: &Figure, at: &Placement) {
    let board = &fig.board;
    let vis = visible(fig);
    let whole = fig.window.is_none_or(|w| w.is_whole(board));
    let points_board = board.shape() == CellShape::Point;
    let unit = at.unit();
    let st = style(fig);
    let w = fig.view();
    draw_ground(page, fig.look, at, &st, (w.x0, w.y0, w.x1, w.y1));
    // Fills of point boards go under the grid, so its lines stay visible.
    if points_board {
        for r in fig.regions.iter().filter(|r| r.fill) {
            fill_region(page, fig, at, r, None);
        }
    }
    let shown = Shown {
        visible: &vis,
        whole,
    };
    // Corner symbols are drawn last, over everything else.
    let bare = Look {
        corners: None,
        ..*fig.look
    };
    draw_board(page, board, &bare, at, &st, shown);
    let cell_stroke = cell_stroke(unit);
    if !points_board {
        for r in fig.regions.iter().filter(|r| r.fill) {
            fill_region(page, fig, at, r, Some(&cell_stroke));
        }
    }
    for &(p, tone) in &fig.shades {
        if !vis[p as usize] {
            continue;
        }
        if points_board {
            draw_marker(page, fig, at, p, tone);
        } else {
            page.shape(
                Geometry::Polygon(map_all(at, &cell_polygon(board, p))),
                Some(area_fill(tone, fig.colour)),
                Some(cell_stroke.clone()),
                Some("shade"),
            );
        }
    }
    for r in &fig.regions {
        stroke_region(page, fig, at, r);
    }
    let radius = stone_radius(fig, at);
    for a in &fig.arrows {
        draw_arrow(page, fig, at, a.from, a.to, a.head, a.tone, radius);
    }
    draw_edges(page, fig, at, &vis);
    let stones = fig.stone_at();
    for s in &fig.stones {
        if vis[s.point as usize] {
            draw_stone(page, at.at(board, s.point), radius, s.colour, "stone");
        }
    }
    for n in &fig.numbered {
        if vis[n.point as usize] {
            let c = at.at(board, n.point);
            draw_stone(page, c, radius, n.colour, "stone");
            label(
                page,
                c,
                &n.number.to_string(),
                radius,
                ink_on(Some(n.colour)),
            );
        }
    }
    let ring = Stroke::solid(
        line_ink(Tone::Accent, fig.colour),
        (radius * 0.12).clamp(0.3, 0.8),
    );
    for &p in &fig.highlights {
        if vis[p as usize] {
            page.shape(
                Geometry::Circle(at.at(board, p), radius * 1.2),
                None,
                Some(ring.clone()),
                Some("highlight"),
            );
        }
    }
    for m in &fig.marks {
        if vis[m.point as usize] {
            let on = stones.get(&m.point).copied();
            draw_mark(page, fig, at, m.point, &m.kind, on, radius);
        }
    }
    draw_corner_symbols(page, fig, at, &vis);
    if whole && fig.coordinates {
        draw_side_names(page, fig, at);
    }
}

/// Edge marks: bands along the sides, just outside the stones on the border points, long
/// enough to be seen at arm's length. Marks of one ink and line that lie on one side and touch
/// are merged into one stretch (each mark reaches from its point half-way to its neighbour);
/// the stretches on a side then share the whole visible side: the first runs from the side's
/// first point, the last to its last, and neighbouring ones meet half-way between them, so a
/// side one group touches is banded from end to end. A heavy mark is a band filled with the
/// group's ink, a dashed one a lighter band with a dashed outline.
fn draw_edges(page: &mut Page, fig: &Figure, at: &Placement, vis: &[bool]) {
    let board = &fig.board;
    let ext = board.extent();
    let centre = Point::new(ext.w / 2.0, ext.h / 2.0);
    let inner = fig.look.stone + 0.05;
    let width = BAND_WIDTH;
    let mut runs: Vec<Run> = Vec::new();
    for e in &fig.edges {
        if !vis[e.from as usize] || !vis[e.to as usize] {
            continue;
        }
        let a = board.position(e.from);
        let b0 = board.position(e.to);
        let d = b0 - a;
        let len = a.dist(b0).max(1e-9);
        let mut n = Point::new(-d.y / len, d.x / len);
        let mid = Point::new((a.x + b0.x) / 2.0, (a.y + b0.y) / 2.0);
        let out = mid - centre;
        if n.x * out.x + n.y * out.y < 0.0 {
            n = n.scale(-1.0);
        }
        let along = |p: Point| p.x * n.y - p.y * n.x;
        let offset = a.x * n.x + a.y * n.y;
        let (t0, t1) = (along(a), along(mid));
        let span = (t0.min(t1), t0.max(t1));
        let same = |r: &Run| {
            r.tone == e.tone
                && r.line == e.line
                && (r.normal.x - n.x).abs() < 1e-6
                && (r.normal.y - n.y).abs() < 1e-6
                && (r.offset - offset).abs() < 1e-6
        };
        match runs.iter_mut().find(|r| same(r)) {
            Some(r) => r.spans.push(span),
            None => runs.push(Run {
                tone: e.tone,
                line: e.line,
                normal: n,
                offset,
                spans: vec![span],
            }),
        }
    }
    let unit = at.unit();
    // Each run's stretches, merged where they touch.
    let mut stretches: Vec<(usize, f64, f64)> = Vec::new();
    for (k, run) in runs.iter_mut().enumerate() {
        run.spans.sort_by(|x, y| x.0.total_cmp(&y.0));
        let mut merged: Vec<(f64, f64)> = Vec::new();
        for &(a, b) in &run.spans {
            match merged.last_mut() {
                Some(m) if a <= m.1 + 1e-6 => m.1 = m.1.max(b),
                _ => merged.push((a, b)),
            }
        }
        stretches.extend(merged.into_iter().map(|(a, b)| (k, a, b)));
    }
    // The stretches on one side share it from end to end.
    let mut done = vec![false; stretches.len()];
    for i in 0..stretches.len() {
        if done[i] {
            continue;
        }
        let side = &runs[stretches[i].0];
        let (n, offset) = (side.normal, side.offset);
        let on_side = |r: &Run| {
            (r.normal.x - n.x).abs() < 1e-6
                && (r.normal.y - n.y).abs() < 1e-6
                && (r.offset - offset).abs() < 1e-6
        };
        let mut here: Vec<usize> = (i..stretches.len())
            .filter(|&j| !done[j] && on_side(&runs[stretches[j].0]))
            .collect();
        here.sort_by(|&x, &y| stretches[x].1.total_cmp(&stretches[y].1));
        let along = |p: Point| p.x * n.y - p.y * n.x;
        let (lo, hi) = board
            .points()
            .filter(|&p| vis[p as usize])
            .map(|p| board.position(p))
            .filter(|q| (q.x * n.x + q.y * n.y - offset).abs() < 1e-6)
            .map(along)
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), t| {
                (a.min(t), b.max(t))
            });
        let ends: Vec<(f64, f64)> = here
            .iter()
            .enumerate()
            .map(|(k, &j)| {
                let (_, a, b) = stretches[j];
                let start = match k {
                    0 => lo.min(a),
                    _ => (stretches[here[k - 1]].2 + a) / 2.0,
                };
                let end = match here.get(k + 1) {
                    None => hi.max(b),
                    Some(&next) => (b + stretches[next].1) / 2.0,
                };
                (start, end)
            })
            .collect();
        for (&j, (a, b)) in here.iter().zip(ends) {
            stretches[j].1 = a;
            stretches[j].2 = b;
            done[j] = true;
        }
    }
    for (k, t0, t1) in stretches {
        let run = &runs[k];
        let (tone, line, n, offset) = (run.tone, run.line, run.normal, run.offset);
        // The point at `t` along the side and `h` outside it.
        let at_side = |t: f64, h: f64| {
            let dir = Point::new(n.y, -n.x);
            dir.scale(t) + n.scale(offset + h)
        };
        let (fill, stroke) = band_inks(tone, line, fig.colour, unit);
        let quad = vec![
            at_side(t0, inner),
            at_side(t1, inner),
            at_side(t1, inner + width),
            at_side(t0, inner + width),
        ];
        page.shape(
            Geometry::Polygon(map_all(at, &quad)),
            Some(fill),
            Some(stroke),
            Some("edge-mark"),
        );
    }
}

/// Edge marks of one ink and line on one side of the board: the side's outward normal, its
/// distance from the origin along it, and the intervals the marks cover along the side.
struct Run {
    tone: Tone,
    line: Line,
    normal: Point,
    offset: f64,
    spans: Vec<(f64, f64)>,
}

/// How wide an edge band is, in units.
const BAND_WIDTH: f64 = 0.25;

/// The fill and outline of an edge band: a heavy band is filled with the group's ink (a
/// white group's band is white with a firm black outline, like its stones), a dashed band is
/// the lighter shade of the tone with a dashed outline.
fn band_inks(tone: Tone, line: Line, colour: bool, unit: f64) -> (Paint, Stroke) {
    let w = (unit * 0.04).clamp(0.25, 0.5);
    let ink = line_ink(tone, colour);
    match line {
        Line::Heavy | Line::Solid => {
            if tone == Tone::White && !colour {
                (Paint::WHITE, Stroke::solid(Paint::BLACK, w * 1.6))
            } else if colour {
                (ink, Stroke::solid(ink, w))
            } else {
                (Paint::Grey(25), Stroke::solid(Paint::BLACK, w))
            }
        }
        Line::Dashed => {
            let dark = if colour { ink } else { Paint::BLACK };
            let fill = match (tone, colour) {
                (Tone::White, false) => Paint::WHITE,
                _ => area_fill(tone, colour),
            };
            (fill, Stroke::dashed(dark, w, &[w * 4.0, w * 3.0]))
        }
    }
}

/// The symbols on named points (home corners): on the point itself, or, for a point on the
/// board's border (one with sides), beside it just outside the board, away from its centre,
/// where no stone, shade, mark or band covers it.
fn draw_corner_symbols(page: &mut Page, fig: &Figure, at: &Placement, vis: &[bool]) {
    let Some(corners) = &fig.look.corners else {
        return;
    };
    let board = &fig.board;
    let ext = board.extent();
    let centre = Point::new(ext.w / 2.0, ext.h / 2.0);
    for &(name, dark) in corners.points {
        let Ok(p) = board.parse(name) else { continue };
        if !vis[p as usize] {
            continue;
        }
        let c = board.position(p);
        let spot = if board.sides(p) != 0 {
            let out = c - centre;
            let len = (out.x * out.x + out.y * out.y).sqrt().max(1e-9);
            c + out.scale(CORNER_OFFSET / len)
        } else {
            c
        };
        (corners.draw)(page, at.map(spot), at.unit(), dark);
    }
}

/// How far outside a border point its symbol is drawn, in units.
const CORNER_OFFSET: f64 = 1.1;

/// The side names, each beside the middle of its side, outside the edge bands and the
/// coordinates: at least `SIDE_NAME_OFFSET` units out, and further on small figures, where
/// the coordinates keep their smallest size and so take more units.
fn draw_side_names(page: &mut Page, fig: &Figure, at: &Placement) {
    let board = &fig.board;
    let ext = board.extent();
    let centre = Point::new(ext.w / 2.0, ext.h / 2.0);
    let unit = at.unit();
    let coords = label_size(at);
    let size = coords * 1.1;
    for (k, name) in fig.side_names.iter().enumerate() {
        let on: Vec<Point> = board
            .points()
            .filter(|&p| board.sides(p) & (1 << k) != 0)
            .map(|p| board.position(p))
            .collect();
        if on.is_empty() || name.is_empty() {
            continue;
        }
        let n = on.len() as f64;
        let mid = Point::new(
            on.iter().map(|p| p.x).sum::<f64>() / n,
            on.iter().map(|p| p.y).sum::<f64>() / n,
        );
        let half = text_width(name, size, true) / 2.0;
        let clear = fig.look.labels.gap * unit + coords * 0.6 + 0.5 + half;
        let offset = (SIDE_NAME_OFFSET * unit).max(clear) / unit;
        let out = mid - centre;
        let len = (out.x * out.x + out.y * out.y).sqrt().max(1e-9);
        let pos = at.map(mid + out.scale(offset / len));
        page.bold_text(
            Point::new(pos.x, pos.y + size * 0.36),
            name.clone(),
            size,
            Align::Middle,
        );
    }
}

/// How far outside the middle of its side a side name stands, in units.
const SIDE_NAME_OFFSET: f64 = 1.72;

fn map_all(at: &Placement, ps: &[Point]) -> Vec<Point> {
    ps.iter().map(|&p| at.map(p)).collect()
}

fn fill_region(page: &mut Page, fig: &Figure, at: &Placement, r: &Region, cell: Option<&Stroke>) {
    let fill = Some(area_fill(r.tone, fig.colour));
    let board = &fig.board;
    match &r.outline {
        Outline::Chain(ps) => {
            let poly: Vec<Point> = ps.iter().map(|&p| at.at(board, p)).collect();
            page.shape(Geometry::Polygon(poly), fill, None, Some("region-fill"));
        }
        Outline::Cells(ps) => {
            for &p in ps {
                page.shape(
                    Geometry::Polygon(map_all(at, &cell_polygon(board, p))),
                    fill,
                    cell.cloned(),
                    Some("region-fill"),
                );
            }
        }
        Outline::Pieces(pieces) => {
            for piece in pieces {
                let poly: Vec<Point> = piece.iter().map(|&q| at.at(board, q)).collect();
                page.shape(Geometry::Polygon(poly), fill, None, Some("region-fill"));
            }
        }
        Outline::Path(_) => {}
    }
}

/// The edges of a union of pieces that belong to one piece only.
fn pieces_boundary(pieces: &[Vec<PointId>]) -> Vec<(PointId, PointId)> {
    let mut count: HashMap<(PointId, PointId), usize> = HashMap::new();
    let mut order = Vec::new();
    for piece in pieces {
        for i in 0..piece.len() {
            let (a, b) = (piece[i], piece[(i + 1) % piece.len()]);
            let k = (a.min(b), a.max(b));
            let n = count.entry(k).or_insert(0);
            if *n == 0 {
                order.push(k);
            }
            *n += 1;
        }
    }
    order.into_iter().filter(|k| count[k] == 1).collect()
}

fn stroke_region(page: &mut Page, fig: &Figure, at: &Placement, r: &Region) {
    let board = &fig.board;
    let s = stroke_for(r.line, r.tone, fig, at.unit());
    match &r.outline {
        Outline::Chain(ps) => {
            let poly: Vec<Point> = ps.iter().map(|&p| at.at(board, p)).collect();
            page.shape(Geometry::Polygon(poly), None, Some(s), Some("region"));
        }
        Outline::Path(ps) => {
            let line: Vec<Point> = ps.iter().map(|&p| at.at(board, p)).collect();
            page.shape(Geometry::Polyline(line), None, Some(s), Some("region"));
        }
        Outline::Pieces(pieces) => {
            for (a, b) in pieces_boundary(pieces) {
                page.shape(
                    Geometry::Line(at.at(board, a), at.at(board, b)),
                    None,
                    Some(s.clone()),
                    Some("region"),
                );
            }
        }
        Outline::Cells(ps) => {
            for (a, b) in cells_boundary(board, ps) {
                page.shape(
                    Geometry::Line(at.map(a), at.map(b)),
                    None,
                    Some(s.clone()),
                    Some("region"),
                );
            }
        }
    }
}

/// A shade on a point board: a small square (square lattice) or hexagon (hex lattice) on the
/// point.
fn draw_marker(page: &mut Page, fig: &Figure, at: &Placement, p: PointId, tone: Tone) {
    let c = at.at(&fig.board, p);
    let u = at.unit();
    let (fill, stroke) = match tone {
        Tone::Black => (Paint::BLACK, None),
        Tone::White => (Paint::WHITE, Some(Stroke::solid(Paint::BLACK, 0.3))),
        Tone::Neutral => (Paint::Grey(150), None),
        Tone::Accent => (line_ink(Tone::Accent, fig.colour), None),
    };
    let poly = match fig.board.lattice() {
        Lattice::Hex => hexagon(c, u * 0.22),
        Lattice::Square => {
            let h = u * 0.16;
            vec![
                Point::new(c.x - h, c.y - h),
                Point::new(c.x + h, c.y - h),
                Point::new(c.x + h, c.y + h),
                Point::new(c.x - h, c.y + h),
            ]
        }
    };
    page.shape(Geometry::Polygon(poly), Some(fill), stroke, Some("shade"));
}

#[allow(clippy::too_many_arguments)]
fn draw_arrow(
    page: &mut Page,
    fig: &Figure,
    at: &Placement,
    from: PointId,
    to: PointId,
    head: bool,
    tone: Tone,
    radius: f64,
) {
    let (a, b) = (at.at(&fig.board, from), at.at(&fig.board, to));
    let d = b - a;
    let len = a.dist(b);
    if len < 1e-9 {
        return;
    }
    let u = d.scale(1.0 / len);
    let trim = radius * 0.55;
    let (a, b) = (a + u.scale(trim), b - u.scale(trim));
    let s = stroke_for(Line::Solid, tone, fig, at.unit());
    let hl = (radius * 0.55).max(1.2);
    let base = b - u.scale(hl);
    page.line(a, if head { base } else { b }, s.clone());
    if head {
        let n = Point::new(-u.y, u.x).scale(hl * 0.45);
        page.shape(
            Geometry::Polygon(vec![b, base + n, base - n]),
            Some(s.paint),
            None,
            Some("arrow"),
        );
    }
}

fn draw_stone(page: &mut Page, c: Point, r: f64, colour: Colour, class: &'static str) {
    let w = (r * 0.08).clamp(0.2, 0.4);
    let fill = match colour {
        Colour::Black => Paint::BLACK,
        Colour::White => Paint::WHITE,
    };
    page.shape(
        Geometry::Circle(c, r - w / 2.0),
        Some(fill),
        Some(Stroke::solid(Paint::BLACK, w)),
        Some(class),
    );
}

/// The ink that reads on a stone of this colour (or on an empty point).
fn ink_on(stone: Option<Colour>) -> Paint {
    match stone {
        Some(Colour::Black) => Paint::WHITE,
        _ => Paint::BLACK,
    }
}

/// A short text centred on a point, sized to fit a stone of radius `r`.
fn label(page: &mut Page, c: Point, text: &str, r: f64, ink: Paint) {
    let mut size = r * 1.05;
    let w = text_width(text, size, false);
    if w > r * 1.55 {
        size *= r * 1.55 / w;
    }
    page.items.push(Item::Text(Text {
        pos: Point::new(c.x, c.y + size * 0.36),
        text: text.to_string(),
        size,
        align: Align::Middle,
        bold: false,
        paint: ink,
    }));
}

fn draw_mark(
    page: &mut Page,
    fig: &Figure,
    at: &Placement,
    p: PointId,
    kind: &MarkKind,
    on: Option<Colour>,
    r: f64,
) {
    let c = at.at(&fig.board, p);
    let numbered = fig.numbered.iter().any(|n| n.point == p);
    let ink = ink_on(on);
    let w = (r * 0.13).clamp(0.3, 0.7);
    let s = Stroke::solid(ink, w);
    let pt = |x: f64, y: f64| Point::new(c.x + x * r, c.y + y * r);
    match kind {
        MarkKind::Triangle => page.shape(
            Geometry::Polygon(vec![pt(0.0, -0.55), pt(0.48, 0.3), pt(-0.48, 0.3)]),
            None,
            Some(s),
            Some("mark"),
        ),
        MarkKind::Square => page.shape(
            Geometry::Polygon(vec![
                pt(-0.38, -0.38),
                pt(0.38, -0.38),
                pt(0.38, 0.38),
                pt(-0.38, 0.38),
            ]),
            None,
            Some(s),
            Some("mark"),
        ),
        MarkKind::Circle => page.shape(Geometry::Circle(c, r * 0.45), None, Some(s), Some("mark")),
        MarkKind::Cross if numbered => {
            // Four short arms in the rim keep the move number readable.
            let (a, b) = (0.4, 0.68);
            for (x, y) in [(-1.0, -1.0), (1.0, 1.0), (-1.0, 1.0), (1.0, -1.0)] {
                page.shape(
                    Geometry::Line(pt(x * a, y * a), pt(x * b, y * b)),
                    None,
                    Some(s.clone()),
                    Some("mark"),
                );
            }
        }
        MarkKind::Cross => {
            let k = 0.42;
            page.shape(
                Geometry::Line(pt(-k, -k), pt(k, k)),
                None,
                Some(s.clone()),
                Some("mark"),
            );
            page.shape(
                Geometry::Line(pt(-k, k), pt(k, -k)),
                None,
                Some(s),
                Some("mark"),
            );
        }
        MarkKind::Label(text) => {
            if on.is_none() && fig.board.shape() == CellShape::Point {
                // Clear the grid lines under a letter on an empty point.
                page.shape(
                    Geometry::Circle(c, r.max(at.unit() * 0.4) * 0.72),
                    Some(Paint::WHITE),
                    None,
                    Some("mark-ground"),
                );
            }
            // Letters on empty points stay legible on boards with small stones.
            let size = if on.is_none() {
                r.max(at.unit() * 0.4)
            } else {
                r
            };
            label(page, c, text, size, ink);
        }
    }
}

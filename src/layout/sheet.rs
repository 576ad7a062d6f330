//! Board sheets: pages of empty boards, n-up, with a title, a footer that states the print
//! scale and the page number, and optional move-record and score tables.
//!
//! How big a board is printed: a board whose look has a physical standard (`true_size`: a real
//! board's line spacing, squared paper) prints at full size where the page holds it, else at
//! the largest scale that fits; any other board fills the space the page gives it. A scale the
//! user asks for replaces either (when it fits). The size is measured on what is drawn (lines,
//! cells, symbols and coordinates), so the board's ink, not an estimate of it, meets the
//! margins. On square grids the coordinates stand a few millimetres off the outer lines.
//!
//! Tables never make the board smaller: the board is placed first, and the tables go beside or
//! below it when the room left holds them, otherwise onto the following pages. The move record
//! has one row per move number (Black's and White's moves) and as many rows as the board has
//! playable points, half of them rounded up, and the last page's blocks filled out; rows that
//! do not fit the board's page go onto continuation pages headed "Moves N-M, continued".

use crate::figure::board::{Shown, draw_board, draw_ground, label_size};
use crate::figure::{BoardStyle, Body, Labels, Look, Placement};
use crate::geometry::{Board, CellClass, Point, Size, Topology};
use crate::render::frame::{fit_size, text_width};
use crate::render::{Align, Geometry, Item, Page};

use super::tables;

/// Everything needed to lay out the pages of one `[[board]]` entry.
#[derive(Clone, Debug)]
pub struct SheetSpec {
    /// The board to draw.
    pub board: Board,
    /// How the game draws it.
    pub look: &'static Look,
    /// Page heading.
    pub title: String,
    /// Small line under the heading (credits, rules).
    pub subtitle: String,
    /// Page size in mm.
    pub paper: Size,
    /// Margin on every side in mm.
    pub margin: f64,
    /// Board drawing style.
    pub style: BoardStyle,
    /// Boards per page.
    pub per_page: usize,
    /// Number of copies of the sheet (each a board page and its continuation pages).
    pub pages: usize,
    /// Print a numbered move-record table.
    pub record_table: bool,
    /// Column names of a score table, if one is printed.
    pub score_columns: Option<Vec<&'static str>>,
    /// The look's spacing is a physical standard (a real board's lines, squared paper): the
    /// board prints at full size where the page holds it and never larger.
    pub true_size: bool,
    /// The scale asked for (1.0 = the look's spacing), if any; `None` for the default.
    pub scale: Option<f64>,
}

const TITLE: f64 = 6.0;
/// The smallest the title is shrunk to before it is wrapped.
const TITLE_LEAST: f64 = 4.0;
const SUB: f64 = 3.2;
/// The smallest the subtitle is shrunk to before it is wrapped.
const SUB_LEAST: f64 = 2.6;
const FOOT: f64 = 2.8;
/// Room between the board's ink and a table, mm.
const GAP: f64 = 6.0;
/// Height of the heading over a record table, mm.
const HEADING: f64 = 6.0;
/// The narrowest score table, mm.
const SCORE_MIN_W: f64 = 80.0;

impl SheetSpec {
    /// The pages one copy of the sheet takes: the board page and the continuation pages.
    pub fn pages_per_copy(&self) -> usize {
        1 + layout(self).continued.len()
    }

    /// Every page of the sheet: `pages` copies of the board page and its continuation pages.
    pub fn page_count(&self) -> usize {
        self.pages * self.pages_per_copy()
    }

    /// The scale the board is printed at (1.0 = the look's spacing).
    pub fn print_scale(&self) -> f64 {
        layout(self).scale
    }

    /// The largest scale at which the boards fit the page.
    pub fn largest_scale(&self) -> f64 {
        layout(self).largest
    }

    /// Whether the tables asked for share the board's page (false also when none is asked for).
    pub fn tables_beside_board(&self) -> bool {
        layout(self).tables.is_some()
    }

    /// The sheet in the orientation that prints its board larger; when both print it alike,
    /// the one with the tables beside the board, then portrait.
    pub fn better_oriented(self) -> SheetSpec {
        let mut turned = self.clone();
        turned.paper = Size::new(self.paper.h, self.paper.w);
        let (p, l) = if self.paper.w <= self.paper.h {
            (self, turned)
        } else {
            (turned, self)
        };
        let (sp, sl) = (p.print_scale(), l.print_scale());
        let tie = (sp - sl).abs() < 1e-9;
        if sl > sp + 1e-9 || (tie && l.tables_beside_board() && !p.tables_beside_board()) {
            l
        } else {
            p
        }
    }
}

/// Lays out every page of a sheet. Page numbers are printed as `first_page + i` of `total`.
pub fn board_sheet_pages(spec: &SheetSpec, first_page: usize, total: usize) -> Vec<Page> {
    let plan = layout(spec);
    (0..spec.pages * (1 + plan.continued.len()))
        .map(|i| sheet_page(spec, &plan, i, first_page + i, total))
        .collect()
}

/// Lays out page `index` (0-based, over every copy) of a sheet, printed as page `number` of
/// `total` (copies are alike but for the numbers, so a long pad can be made one page at a time).
pub fn board_sheet_page(spec: &SheetSpec, index: usize, number: usize, total: usize) -> Page {
    sheet_page(spec, &layout(spec), index, number, total)
}

/// Where everything of a sheet goes.
struct Layout {
    /// The print scale.
    scale: f64,
    /// The largest scale that fits.
    largest: f64,
    /// Top of the content area (below the heading).
    top: f64,
    /// The board placements on the board page.
    boards: Vec<Placement>,
    /// The look the boards are drawn in (coordinates set close on square grids).
    look: Look,
    /// The room for the tables on the board page, and the record rows there.
    tables: Option<((Point, Size), usize)>,
    /// The continuation pages: (first row, rows, score table on it).
    continued: Vec<(usize, usize, bool)>,
}

/// The heading: the title's lines and size, then the subtitle's lines and size. Each is
/// shrunk to fit the margins, and wrapped when even its least size does not.
struct Heading {
    title: (Vec<String>, f64),
    subtitle: (Vec<String>, f64),
}

fn heading(spec: &SheetSpec) -> Heading {
    // A hair less than the margins allow: sizes are written rounded.
    let width = spec.paper.w - 2.0 * spec.margin - 0.2;
    let fit = |text: &str, size: f64, least: f64, bold: bool| {
        let s = fit_size(text, width, size, least, bold);
        if text_width(text, s, bold) <= width {
            (vec![text.to_string()], s)
        } else {
            (
                crate::render::frame::wrap_words(text, width, least, bold),
                least,
            )
        }
    };
    Heading {
        title: fit(&spec.title, TITLE, TITLE_LEAST, true),
        subtitle: fit(&spec.subtitle, SUB, SUB_LEAST, false),
    }
}

/// The top of the content area: below the title and the subtitle's lines.
fn content_top(spec: &SheetSpec) -> f64 {
    let h = heading(spec);
    let (titles, title) = (&h.title.0, h.title.1);
    let (subs, sub) = (&h.subtitle.0, h.subtitle.1);
    spec.margin + titles.len() as f64 * title * 1.2 + subs.len() as f64 * sub * 1.25 + 3.0
}

/// The bottom of the content area: above the footer.
fn content_bottom(spec: &SheetSpec) -> f64 {
    spec.paper.h - spec.margin - FOOT * 2.0
}

/// The look boards are drawn in at `unit` mm per spacing: the game's, with coordinates of
/// square grids a few millimetres off the outer lines (a label's size and a millimetre and a
/// half) rather than most of a spacing.
fn sheet_look(look: &Look, board: &Board, at: &Placement) -> Look {
    let mut labels: Labels = look.labels;
    if board.topology() == Topology::SquareGrid {
        let near = (label_size(at) * 0.6 + 1.5) / at.unit();
        labels.gap = labels.gap.min(near);
    }
    Look { labels, ..*look }
}

/// The placement of a board at `scale` with its unit origin at (0, 0).
fn unit_placement(look: &Look, scale: f64) -> Placement {
    Placement {
        origin: Point::new(0.0, 0.0),
        sx: look.spacing.0 * scale,
        sy: look.spacing.1 * scale,
    }
}

/// Draws an empty whole board at a placement.
fn draw_empty(page: &mut Page, spec: &SheetSpec, at: &Placement) {
    let look = sheet_look(spec.look, &spec.board, at);
    let ext = spec.board.extent();
    draw_ground(page, &look, at, &spec.style, (0.0, 0.0, ext.w, ext.h));
    let visible = vec![true; spec.board.len()];
    let shown = Shown {
        visible: &visible,
        whole: true,
    };
    draw_board(page, &spec.board, &look, at, &spec.style, shown);
}

/// The box (x0, y0, x1, y1) the ink of a page's items covers: shapes with their strokes, text
/// from its ascent to its descent.
pub fn ink_bounds(items: &[Item]) -> Option<(f64, f64, f64, f64)> {
    let mut b: Option<(f64, f64, f64, f64)> = None;
    let mut add = |x0: f64, y0: f64, x1: f64, y1: f64| {
        b = Some(match b {
            None => (x0, y0, x1, y1),
            Some(o) => (o.0.min(x0), o.1.min(y0), o.2.max(x1), o.3.max(y1)),
        });
    };
    for item in items {
        match item {
            Item::Text(t) => {
                let x = crate::render::frame::start_x(t);
                let w = text_width(&t.text, t.size, t.bold);
                add(x, t.pos.y - t.size * 0.75, x + w, t.pos.y + t.size * 0.22);
            }
            Item::Shape(s) => {
                let half = s.stroke.as_ref().map_or(0.0, |st| st.width / 2.0);
                let pts: Vec<Point> = match &s.geometry {
                    Geometry::Line(a, c) => vec![*a, *c],
                    Geometry::Polyline(ps) | Geometry::Polygon(ps) => ps.clone(),
                    Geometry::Circle(c, r) => {
                        add(
                            c.x - r - half,
                            c.y - r - half,
                            c.x + r + half,
                            c.y + r + half,
                        );
                        continue;
                    }
                };
                for p in pts {
                    add(p.x - half, p.y - half, p.x + half, p.y + half);
                }
            }
        }
    }
    b
}

/// The ink box of the board at `scale`, relative to its unit origin.
fn board_ink(spec: &SheetSpec, scale: f64) -> (f64, f64, f64, f64) {
    let mut page = Page::new(spec.paper);
    draw_empty(&mut page, spec, &unit_placement(spec.look, scale));
    ink_bounds(&page.items).unwrap_or((0.0, 0.0, 0.0, 0.0))
}

/// The largest scale at which the board's ink fits `room`.
fn fit_scale(spec: &SheetSpec, room: Size) -> f64 {
    let fits = |s: f64| {
        let b = board_ink(spec, s);
        b.2 - b.0 <= room.w + 1e-9 && b.3 - b.1 <= room.h + 1e-9
    };
    let mut s = 1.0;
    // The ink grows almost in proportion (labels and strokes do not): a few proportional
    // steps come within a hair, and small steps down make sure it fits.
    for _ in 0..6 {
        let b = board_ink(spec, s);
        let k = (room.w / (b.2 - b.0)).min(room.h / (b.3 - b.1));
        s *= k;
        if (k - 1.0).abs() < 1e-5 {
            break;
        }
    }
    let mut n = 0;
    while !fits(s) && n < 200 {
        s *= 0.999;
        n += 1;
    }
    s
}

/// Record rows the sheet prints: half the playable points, rounded up.
fn record_rows_wanted(board: &Board) -> usize {
    let playable = board
        .points()
        .filter(|&p| board.cell_class(p) == CellClass::Playable)
        .count();
    playable.div_ceil(2)
}

/// How many record rows fit `room` once the score table (if any) is above them, or `None`
/// when the tables asked for do not fit it at all.
fn table_room(spec: &SheetSpec, room: Size, record: bool) -> Option<usize> {
    let mut h = room.h;
    if spec.score_columns.is_some() {
        if room.w < SCORE_MIN_W || h < tables::score_table_height() {
            return None;
        }
        h -= tables::score_table_height() + 4.0;
    }
    if !record {
        return Some(0);
    }
    let rows = tables::record_rows(Size::new(room.w, h - HEADING));
    (rows >= 8).then_some(rows)
}

fn layout(spec: &SheetSpec) -> Layout {
    let m = spec.margin;
    let top = content_top(spec);
    let area = Size::new(spec.paper.w - 2.0 * m, content_bottom(spec) - top);
    let n = spec.per_page.max(1);
    let (cols, rows) = grid(n, area, spec.board.extent());
    let cell = Size::new(area.w / cols as f64, area.h / rows as f64);
    let pad = if n > 1 { 3.0 } else { 0.0 };
    let room = Size::new(cell.w - 2.0 * pad, cell.h - 2.0 * pad);
    let largest = fit_scale(spec, room);
    let scale = match spec.scale {
        Some(s) => s.min(largest),
        None if spec.true_size => largest.min(1.0),
        None => largest,
    };
    let ink = board_ink(spec, scale);
    let (bw, bh) = (ink.2 - ink.0, ink.3 - ink.1);
    let wants_tables = spec.record_table || spec.score_columns.is_some();
    // Tables share the board's page when the room below or beside the board holds them.
    let mut tables = None;
    let mut board_box = Point::new(m + (area.w - bw) / 2.0, top + (area.h - bh) / 2.0);
    if wants_tables && n == 1 {
        let below = (
            Point::new(m, top + bh + GAP),
            Size::new(area.w, area.h - bh - GAP),
        );
        let beside = (
            Point::new(m + bw + GAP, top),
            Size::new(area.w - bw - GAP, area.h),
        );
        let options = [(below, true), (beside, false)];
        // Both tables if they fit, else the score table alone (the record follows).
        let fitting = |record: bool| {
            options
                .iter()
                .filter_map(|&(r, is_below)| {
                    table_room(spec, r.1, record).map(|rows| (r, is_below, rows))
                })
                .max_by_key(|&(_, is_below, rows)| (rows, is_below))
        };
        let best = fitting(spec.record_table).or_else(|| {
            spec.score_columns
                .is_some()
                .then(|| fitting(false))
                .flatten()
        });
        if let Some((r, is_below, rows)) = best {
            board_box = if is_below {
                Point::new(m + (area.w - bw) / 2.0, top)
            } else {
                Point::new(m, top + (area.h - bh) / 2.0)
            };
            tables = Some((r, rows));
        }
    }
    let mut boards = Vec::new();
    let unit = unit_placement(spec.look, scale);
    if n == 1 {
        let origin = Point::new(board_box.x - ink.0, board_box.y - ink.1);
        boards.push(Placement { origin, ..unit });
    } else {
        for k in 0..n {
            let (c, r) = (k % cols, k / cols);
            let corner = Point::new(m + c as f64 * cell.w, top + r as f64 * cell.h);
            let origin = Point::new(
                corner.x + (cell.w - bw) / 2.0 - ink.0,
                corner.y + (cell.h - bh) / 2.0 - ink.1,
            );
            boards.push(Placement { origin, ..unit });
        }
    }
    let look = sheet_look(spec.look, &spec.board, &unit);
    // The record rows on the board's page, then continuation pages for the rest.
    let wanted = if spec.record_table {
        record_rows_wanted(&spec.board)
    } else {
        0
    };
    let here = tables.map(|(r, rows)| (r, rows.min(wanted)));
    let mut done = here.map_or(0, |(_, rows)| rows);
    let mut score_left = spec.score_columns.is_some() && here.is_none();
    let mut continued = Vec::new();
    while done < wanted || score_left {
        let mut room = area;
        if score_left {
            room.h -= tables::score_table_height() + 4.0;
        }
        let fit = tables::record_rows(Size::new(room.w, room.h - HEADING));
        if fit == 0 && !score_left {
            break;
        }
        let mut rows = fit.min(wanted - done);
        // The last page's blocks are filled out: a long game has rows to spare.
        if done + rows == wanted && rows > 0 {
            rows = fit;
        }
        continued.push((done + 1, rows, score_left));
        done += rows;
        score_left = false;
    }
    Layout {
        scale,
        largest,
        top,
        boards,
        look,
        tables: here,
        continued,
    }
}

/// The footer's note on the scale: the board, the scale and what it means in mm.
fn scale_note(spec: &SheetSpec, plan: &Layout) -> String {
    let (sx, sy) = (
        spec.look.spacing.0 * plan.scale,
        spec.look.spacing.1 * plan.scale,
    );
    let percent = format!("{:.0}%", plan.scale * 100.0);
    let lines = matches!(plan.look.body, Body::Lines { .. });
    if spec.true_size {
        let what = if lines && spec.board.topology() == Topology::SquareGrid {
            if (sx - sy).abs() < 1e-9 {
                format!("{} mm squares", mm(sx))
            } else {
                format!("lines {} x {} mm", mm(sx), mm(sy))
            }
        } else {
            format!("{} mm spacing", mm(sx))
        };
        format!(
            "{}. Scale {percent}: {what}",
            sentence(spec.board.description())
        )
    } else {
        let ink = board_ink(spec, plan.scale);
        format!(
            "{}: {:.0} x {:.0} mm ({} mm spacing)",
            sentence(spec.board.description()),
            ink.2 - ink.0,
            ink.3 - ink.1,
            mm(sx.min(sy))
        )
    }
}

/// A length in mm with at most one decimal ("22", "23.7").
fn mm(v: f64) -> String {
    let s = format!("{v:.1}");
    s.strip_suffix(".0").map_or(s.clone(), str::to_string)
}

/// A description with its first letter capitalised.
fn sentence(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn sheet_page(spec: &SheetSpec, plan: &Layout, index: usize, number: usize, total: usize) -> Page {
    let mut page = Page::new(spec.paper);
    let m = spec.margin;
    let (w, h) = (spec.paper.w, spec.paper.h);
    let per_copy = 1 + plan.continued.len();
    let k = index % per_copy;
    let head = heading(spec);
    let mut y = m;
    for line in &head.title.0 {
        page.bold_text(
            Point::new(m, y + head.title.1 * 0.75),
            line.clone(),
            head.title.1,
            Align::Start,
        );
        y += head.title.1 * 1.2;
    }
    let sub = head.subtitle.1;
    y += sub * 0.8 - head.title.1 * 0.2;
    for line in &head.subtitle.0 {
        page.text(Point::new(m, y), line.clone(), sub, Align::Start);
        y += sub * 1.25;
    }
    let foot_right = format!("page {number} of {total}");
    let foot_w = w - 2.0 * m - text_width(&foot_right, FOOT, false) - 6.0;
    if k == 0 {
        for at in &plan.boards {
            draw_empty(&mut page, spec, at);
        }
        if let Some(((origin, room), rows)) = plan.tables {
            draw_tables(&mut page, spec, origin, room, true, (1, rows));
        }
        let note = scale_note(spec, plan);
        let size = fit_size(&note, foot_w, FOOT, 2.0, false);
        page.text(Point::new(m, h - m), note, size, Align::Start);
    } else {
        let (first, rows, score) = plan.continued[k - 1];
        let area = Size::new(w - 2.0 * m, content_bottom(spec) - plan.top);
        let origin = Point::new(m, plan.top);
        draw_tables(&mut page, spec, origin, area, score, (first, rows));
        let note = format!("{}: move record", spec.title);
        let size = fit_size(&note, foot_w, FOOT, 2.0, false);
        page.text(Point::new(m, h - m), note, size, Align::Start);
    }
    page.text(Point::new(w - m, h - m), foot_right, FOOT, Align::End);
    page
}

/// Draws the score table (when asked for and `score`) and the record rows `first..first+rows`
/// with their heading into the room at `origin`.
fn draw_tables(
    page: &mut Page,
    spec: &SheetSpec,
    origin: Point,
    room: Size,
    score: bool,
    (first, rows): (usize, usize),
) {
    let mut y = origin.y;
    if let (Some(cols), true) = (&spec.score_columns, score) {
        tables::score_table(page, Point::new(origin.x, y), room.w.min(150.0), cols);
        y += tables::score_table_height() + 4.0;
    }
    if spec.record_table && rows > 0 {
        let last = first + rows - 1;
        let heading = if first == 1 {
            format!("Moves {first}-{last}")
        } else {
            format!("Moves {first}-{last}, continued")
        };
        page.bold_text(
            Point::new(origin.x, y + HEADING * 0.6),
            heading,
            3.4,
            Align::Start,
        );
        y += HEADING;
        tables::record_table(
            page,
            Point::new(origin.x, y),
            Size::new(room.w, origin.y + room.h - y),
            first,
            rows,
        );
    }
}

/// Columns and rows for n boards in an area, choosing the split that gives boards the most
/// room for their aspect ratio.
fn grid(n: usize, area: Size, ext: Size) -> (usize, usize) {
    let aspect = (ext.w + 1.0) / (ext.h + 1.0);
    let mut best = (1, n);
    let mut best_scale = 0.0;
    for cols in 1..=n {
        let rows = n.div_ceil(cols);
        let (cw, ch) = (area.w / cols as f64, area.h / rows as f64);
        let s = (cw / aspect).min(ch);
        if s > best_scale + 1e-9 {
            best_scale = s;
            best = (cols, rows);
        }
    }
    best
}

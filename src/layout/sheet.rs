//! Board sheets: pages of empty boards, n-up, with a title, a footer with the page number and
//! the print scale, and optional move-record and score tables.

use crate::figure::{BoardStyle, Figure, Look, draw_placed, place_board};
use crate::geometry::{Board, Point, Size};
use crate::render::{Align, Page};

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
    /// Number of pages.
    pub pages: usize,
    /// Print a numbered move-record table.
    pub record_table: bool,
    /// Column names of a score table, if one is printed.
    pub score_columns: Option<Vec<&'static str>>,
}

const TITLE: f64 = 6.0;
const SUB: f64 = 3.2;
const FOOT: f64 = 2.8;

/// Lays out the pages of a sheet. Page numbers are printed as `first_page + i` of `total`.
pub fn board_sheet_pages(spec: &SheetSpec, first_page: usize, total: usize) -> Vec<Page> {
    (0..spec.pages)
        .map(|i| board_sheet_page(spec, first_page + i, total))
        .collect()
}

/// Lays out one page of a sheet, printed as page `number` of `total` (all pages of a sheet are
/// alike but for the number, so a long pad can be made one page at a time).
pub fn board_sheet_page(spec: &SheetSpec, number: usize, total: usize) -> Page {
    let mut page = Page::new(spec.paper);
    let m = spec.margin;
    let (w, h) = (spec.paper.w, spec.paper.h);
    page.bold_text(
        Point::new(m, m + TITLE * 0.75),
        spec.title.clone(),
        TITLE,
        Align::Start,
    );
    page.text(
        Point::new(m, m + TITLE + SUB * 1.2),
        spec.subtitle.clone(),
        SUB,
        Align::Start,
    );
    let top = m + TITLE + SUB * 2.4;
    let bottom = h - m - FOOT * 2.0;
    let mut content_bottom = bottom;
    let tables_h = {
        let mut t = 0.0;
        if spec.score_columns.is_some() {
            t += tables::score_table_height() + 4.0;
        }
        if spec.record_table {
            t += (bottom - top) * 0.3;
        }
        t
    };
    content_bottom -= tables_h;
    // n-up grid of boards in the content area.
    let n = spec.per_page.max(1);
    let area = Size::new(w - 2.0 * m, content_bottom - top);
    let (cols, rows) = grid(n, area, spec.board.extent());
    let cell = Size::new(area.w / cols as f64, area.h / rows as f64);
    // Each board is an empty figure, drawn by the same code as diagrams.
    let mut empty = Figure::new(spec.board.clone(), spec.look);
    empty.coordinates = spec.style.coordinates;
    empty.colour = spec.style.colour;
    let mut scale = 1.0f64;
    for k in 0..n {
        let (c, r) = (k % cols, k / cols);
        let origin = Point::new(m + c as f64 * cell.w, top + r as f64 * cell.h);
        let inset = 2.0;
        let (placement, s) = place_board(
            &spec.board,
            spec.look,
            (
                Point::new(origin.x + inset, origin.y + inset),
                Size::new(cell.w - 2.0 * inset, cell.h - 2.0 * inset),
            ),
            &spec.style,
        );
        scale = scale.min(s);
        draw_placed(&mut page, &empty, &placement);
    }
    let mut y = content_bottom + 2.0;
    if let Some(cols) = &spec.score_columns {
        tables::score_table(&mut page, Point::new(m, y), (w - 2.0 * m).min(150.0), cols);
        y += tables::score_table_height() + 4.0;
    }
    if spec.record_table {
        tables::record_table(
            &mut page,
            Point::new(m, y),
            Size::new(w - 2.0 * m, bottom - y),
            1,
        );
    }
    let scale_note = if scale < 0.999 {
        format!(
            "{} at {:.0}% of full size",
            spec.board.description(),
            scale * 100.0
        )
    } else {
        format!("{} at full size", spec.board.description())
    };
    page.text(Point::new(m, h - m), scale_note, FOOT, Align::Start);
    page.text(
        Point::new(w - m, h - m),
        format!("page {number} of {total}"),
        FOOT,
        Align::End,
    );
    page
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

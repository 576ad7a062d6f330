//! Tables printed beside boards: the numbered move record and the score table.

use crate::geometry::{Point, Size};
use crate::render::{Align, Page, Paint, Stroke};

const ROW_H: f64 = 6.0;
const TEXT: f64 = 3.0;

fn rule(page: &mut Page, a: Point, b: Point, heavy: bool) {
    let w = if heavy { 0.35 } else { 0.15 };
    page.line(a, b, Stroke::solid(Paint::BLACK, w));
}

/// Height a score table needs.
pub fn score_table_height() -> f64 {
    ROW_H * 3.0
}

/// Draws a score table: a header row of `columns` and one row each for Black and White.
pub fn score_table(page: &mut Page, origin: Point, width: f64, columns: &[&str]) {
    let cols = columns.len() + 1;
    let first = width * 0.22;
    let other = (width - first) / (cols - 1) as f64;
    let xs: Vec<f64> = (0..=cols)
        .map(|c| {
            if c == 0 {
                origin.x
            } else {
                origin.x + first + other * (c - 1) as f64
            }
        })
        .collect();
    for r in 0..=3 {
        let y = origin.y + ROW_H * r as f64;
        rule(
            page,
            Point::new(xs[0], y),
            Point::new(xs[cols], y),
            r == 0 || r == 1 || r == 3,
        );
    }
    for (c, &x) in xs.iter().enumerate() {
        let heavy = c == 0 || c == cols;
        rule(
            page,
            Point::new(x, origin.y),
            Point::new(x, origin.y + ROW_H * 3.0),
            heavy,
        );
    }
    let baseline = |r: usize| origin.y + ROW_H * r as f64 + ROW_H * 0.68;
    page.bold_text(
        Point::new(xs[0] + 1.5, baseline(0)),
        "Score",
        TEXT,
        Align::Start,
    );
    for (c, name) in columns.iter().enumerate() {
        let mid = (xs[c + 1] + xs[c + 2]) / 2.0;
        page.bold_text(Point::new(mid, baseline(0)), *name, TEXT, Align::Middle);
    }
    page.text(
        Point::new(xs[0] + 1.5, baseline(1)),
        "Black",
        TEXT,
        Align::Start,
    );
    page.text(
        Point::new(xs[0] + 1.5, baseline(2)),
        "White",
        TEXT,
        Align::Start,
    );
}

/// The number of rows (one move number each, with Black's and White's moves) a record table
/// filling `area` holds: blocks of (No., Black, White) columns side by side under a header row.
/// Zero when not even one block of three rows fits.
pub fn record_rows(area: Size) -> usize {
    let (rows, blocks) = record_shape(area);
    rows * blocks
}

/// Rows per block and blocks side by side of a record table filling `area` (0 rows when it
/// does not fit).
fn record_shape(area: Size) -> (usize, usize) {
    let rows = ((area.h / ROW_H).floor() as usize).saturating_sub(1);
    let blocks = ((area.w + BLOCK_GAP) / (BLOCK_W + BLOCK_GAP)).floor() as usize;
    if rows < 3 || blocks == 0 {
        (0, 0)
    } else {
        (rows, blocks)
    }
}

/// The narrowest block of a record table, mm.
pub const BLOCK_W: f64 = 44.0;
const BLOCK_GAP: f64 = 4.0;

/// Draws a move-record table filling `area` (at most `count` rows, numbered from `first`):
/// blocks of (No., Black, White) columns side by side, filled one block after another, so a
/// short table takes only the blocks it needs. Returns the last number printed.
pub fn record_table(
    page: &mut Page,
    origin: Point,
    area: Size,
    first: usize,
    count: usize,
) -> usize {
    let (rows, blocks) = record_shape(area);
    if rows == 0 || count == 0 {
        return first.saturating_sub(1);
    }
    let block_w = ((area.w + BLOCK_GAP) / blocks as f64 - BLOCK_GAP).min(60.0);
    let used = count.div_ceil(rows).min(blocks);
    // Rows of the fullest block: a table shorter than one block stops at its last row.
    let rows = rows.min(count.div_ceil(used));
    let mut n = first;
    let end = first + count;
    for b in 0..used {
        let x0 = origin.x + b as f64 * (block_w + BLOCK_GAP);
        let xs = [x0, x0 + block_w * 0.22, x0 + block_w * 0.61, x0 + block_w];
        let these = rows.min(end - n);
        let y_end = origin.y + ROW_H * (these + 1) as f64;
        for r in 0..=these + 1 {
            let y = origin.y + ROW_H * r as f64;
            rule(
                page,
                Point::new(xs[0], y),
                Point::new(xs[3], y),
                r <= 1 || r == these + 1,
            );
        }
        for (c, &x) in xs.iter().enumerate() {
            rule(
                page,
                Point::new(x, origin.y),
                Point::new(x, y_end),
                c == 0 || c == 3,
            );
        }
        let base = origin.y + ROW_H * 0.68;
        page.bold_text(
            Point::new((xs[0] + xs[1]) / 2.0, base),
            "No.",
            TEXT,
            Align::Middle,
        );
        page.bold_text(
            Point::new((xs[1] + xs[2]) / 2.0, base),
            "Black",
            TEXT,
            Align::Middle,
        );
        page.bold_text(
            Point::new((xs[2] + xs[3]) / 2.0, base),
            "White",
            TEXT,
            Align::Middle,
        );
        for r in 0..these {
            let y = origin.y + ROW_H * (r + 1) as f64 + ROW_H * 0.68;
            page.text(
                Point::new(xs[1] - 1.5, y),
                n.to_string(),
                TEXT * 0.9,
                Align::End,
            );
            n += 1;
        }
    }
    n - 1
}

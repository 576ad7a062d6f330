//! Diagram pages: headings, paragraphs and rows of numbered diagrams flowed over pages.

use crate::figure::{
    CAPTION_SIZE, Figure, Look, board_aspect, draw_figure, figure_height, figure_scale, fit_caption,
};
use crate::geometry::{Point, Size};
use crate::render::frame::{Fitted, fit_text, wrap_words};
use crate::render::{Align, Page, Paint, Stroke};

/// One diagram as the pages show it: numbered, titled, its figure resolved.
#[derive(Clone, Debug)]
pub struct DiagramSpec {
    /// Its number in the document ("Diagram 3").
    pub number: usize,
    /// The title after the number (may be empty).
    pub title: String,
    /// The resolved figure, caption included.
    pub figure: Figure,
    /// Diagrams side by side in its row.
    pub per_row: usize,
    /// Where its table is written, "file:line" (for warnings about its text).
    pub origin: String,
}

impl DiagramSpec {
    /// The label above the figure: "Diagram 3: title".
    fn label(&self) -> String {
        if self.title.is_empty() {
            format!("Diagram {}", self.number)
        } else {
            format!("Diagram {}: {}", self.number, self.title)
        }
    }

    /// How warnings name it.
    fn name(&self) -> String {
        if self.title.is_empty() {
            format!("diagram {}", self.number)
        } else {
            format!("diagram {} \"{}\"", self.number, self.title)
        }
    }
}

/// What the diagram pages show, in order.
#[derive(Clone, Debug)]
pub enum Block {
    /// A heading and paragraphs.
    Text {
        /// The heading (may be empty).
        heading: String,
        /// The paragraphs.
        paragraphs: Vec<String>,
        /// Start a new page first.
        new_page: bool,
    },
    /// A diagram.
    Diagram(Box<DiagramSpec>),
}

/// The page frame of diagram pages.
#[derive(Clone, Debug)]
pub struct DiagramPages {
    /// The document title (large on the first page, small on the others).
    pub title: String,
    /// Page size in mm.
    pub paper: Size,
    /// Margin in mm.
    pub margin: f64,
}

const TITLE: f64 = 7.0;
const HEAD: f64 = 2.8;
const HEADING: f64 = 4.6;
const BODY: f64 = 3.5;
const LEADING: f64 = 1.4;
const LABEL: f64 = 3.4;
const GAP: f64 = 8.0;
const FOOT: f64 = 2.8;
/// Line height of a title wrapped over lines, as a multiple of its size.
const TITLE_LEADING: f64 = 1.15;
/// Lines a diagram's label may wrap to.
const LABEL_LINES: f64 = 3.0;

struct Flow<'a> {
    spec: &'a DiagramPages,
    pages: Vec<Page>,
    y: f64,
    /// The document's title on the first page, fitted to the text width.
    title: Fitted,
}

/// The document's title as the first page prints it: large, wrapped to three lines at most,
/// shrunk if need be.
fn fit_title(spec: &DiagramPages) -> Fitted {
    let width = spec.paper.w - 2.0 * spec.margin;
    fit_text(
        &spec.title,
        Size::new(width, TITLE * TITLE_LEADING * 3.0),
        TITLE,
        TITLE * 0.7,
        true,
        TITLE_LEADING,
    )
}

impl Flow<'_> {
    fn page(&mut self) -> &mut Page {
        self.pages.last_mut().expect("a page is open")
    }

    fn top(&self) -> f64 {
        self.spec.margin + HEAD * 2.5
    }

    fn bottom(&self) -> f64 {
        self.spec.paper.h - self.spec.margin - FOOT * 2.5
    }

    fn width(&self) -> f64 {
        self.spec.paper.w - 2.0 * self.spec.margin
    }

    fn new_page(&mut self) {
        let m = self.spec.margin;
        let mut page = Page::new(self.spec.paper);
        if self.pages.is_empty() {
            let title = &self.title;
            page.fitted(
                Point::new(m, m + title.size * 0.75),
                title,
                Align::Start,
                true,
                TITLE_LEADING,
            );
            page.overflow(None, "the document's title", title.overflow);
            self.y = self.fresh_first();
        } else {
            // The running title: one line, shrunk to the width.
            let run = fit_text(
                &self.spec.title,
                Size::new(self.width(), HEAD * 1.2),
                HEAD,
                HEAD * 0.7,
                false,
                1.2,
            );
            page.fitted(Point::new(m, m + HEAD), &run, Align::Start, false, 1.2);
            page.overflow(None, "the running title", run.overflow);
            page.line(
                Point::new(m, m + HEAD * 1.6),
                Point::new(self.spec.paper.w - m, m + HEAD * 1.6),
                Stroke::solid(Paint::Grey(120), 0.2),
            );
            self.y = self.top();
        }
        self.pages.push(page);
    }

    /// Where the flow stands on a page with nothing on it yet (the first page has the
    /// document's title above).
    fn fresh(&self) -> f64 {
        if self.pages.len() == 1 {
            self.fresh_first()
        } else {
            self.top()
        }
    }

    /// Where the flow starts under the first page's title (as before for a title on one line
    /// at its full size).
    fn fresh_first(&self) -> f64 {
        let t = &self.title;
        let below = t.size * 0.75 + t.extra_lines() as f64 * t.size * TITLE_LEADING;
        self.spec.margin + below + TITLE * 1.05
    }

    /// Makes room for `h` mm, starting a page if needed (never on an empty page).
    fn room(&mut self, h: f64) {
        if self.y + h > self.bottom() && self.y > self.fresh() + 0.01 {
            self.new_page();
        }
    }

    fn text(&mut self, heading: &str, paragraphs: &[String]) {
        let m = self.spec.margin;
        let w = self.width();
        if !heading.is_empty() {
            // Keep a heading with its first lines.
            self.room(HEADING * 1.6 + BODY * LEADING * 3.0);
            self.y += HEADING * 0.9;
            let y = self.y;
            let fitted = fit_text(
                heading,
                Size::new(w, HEADING * 1.2),
                HEADING,
                HEADING * 0.7,
                true,
                1.2,
            );
            let page = self.page();
            page.fitted(Point::new(m, y), &fitted, Align::Start, true, 1.2);
            page.overflow(None, format!("heading \"{heading}\""), fitted.overflow);
            self.y += HEADING * 0.7;
        }
        for p in paragraphs {
            for line in wrap_words(p, w, BODY, false) {
                self.room(BODY * LEADING);
                self.y += BODY * LEADING;
                let y = self.y;
                self.page().text(Point::new(m, y), line, BODY, Align::Start);
            }
            self.y += BODY * 0.6;
        }
    }

    /// The height of a text block.
    fn text_height(&self, heading: &str, paragraphs: &[String]) -> f64 {
        let mut h = if heading.is_empty() {
            0.0
        } else {
            HEADING * 1.6
        };
        for p in paragraphs {
            h +=
                wrap_words(p, self.width(), BODY, false).len() as f64 * BODY * LEADING + BODY * 0.6;
        }
        h
    }

    /// The cell width, the figure boxes and the height of a row of diagrams (gaps included).
    fn measure(&self, row: &[&DiagramSpec]) -> (f64, Vec<Size>, f64) {
        let n = row[0].per_row.max(1);
        let w = self.width();
        let cell = (w - GAP * (n - 1) as f64) / n as f64;
        let most = match n {
            1 => 115.0,
            2 => 82.0,
            _ => 58.0,
        };
        let full = self.bottom() - self.top() - LABEL * 2.0;
        let boxes: Vec<Size> = row
            .iter()
            .map(|d| {
                let lines = wrap_words(&d.figure.full_caption(), cell, CAPTION_SIZE, false).len();
                let caption = lines as f64 * CAPTION_SIZE * 1.25 + 2.0;
                let board = (cell / board_aspect(&d.figure)).min(most);
                Size::new(cell, (board + caption).min(full))
            })
            .collect();
        let h = row
            .iter()
            .zip(&boxes)
            .map(|(d, b)| figure_height(&d.figure, *b))
            .fold(0.0, f64::max)
            + LABEL * 1.9
            + label_drop(row, cell);
        (cell, boxes, h + 6.0)
    }

    fn row(&mut self, row: &[&DiagramSpec]) {
        let (cell, boxes, h) = self.measure(row);
        let w = self.width();
        self.room(h);
        self.y += 3.0;
        let used = row.len();
        let total = used as f64 * cell + (used - 1) as f64 * GAP;
        let left = self.spec.margin + (w - total) / 2.0;
        let top = self.y;
        let drop = label_drop(row, cell);
        let bottom = self.bottom();
        for (k, (d, b)) in row.iter().zip(&boxes).enumerate() {
            let x = left + k as f64 * (cell + GAP);
            let label = fit_label(d, cell);
            let page = self.page();
            page.fitted(
                Point::new(x + cell / 2.0, top + label.size),
                &label,
                Align::Middle,
                true,
                1.2,
            );
            page.overflow(
                Some(&d.origin),
                format!("{}: title", d.name()),
                label.overflow,
            );
            let fig_top = top + LABEL * 1.9 + drop;
            let used = draw_figure(page, &d.figure, Point::new(x, fig_top), *b);
            // A caption too long for its box even at its least size (or for the page), or
            // with a word wider than the box, runs out of it.
            let over = (used - b.h)
                .max(fig_top + used - bottom)
                .max(fit_caption(&d.figure, *b).overflow);
            page.overflow(Some(&d.origin), format!("{}: caption", d.name()), over);
        }
        self.y = top + h - 3.0;
    }
}

/// A diagram's label fitted to its cell: wrapped to three lines, then shrunk.
fn fit_label(d: &DiagramSpec, cell: f64) -> Fitted {
    fit_text(
        &d.label(),
        Size::new(cell, LABEL * 1.2 * LABEL_LINES),
        LABEL,
        LABEL * 0.7,
        true,
        1.2,
    )
}

/// How much lower than a one-line label's the figures of a row start, for labels wrapped to
/// more lines (0 when every label fits on one).
fn label_drop(row: &[&DiagramSpec], cell: f64) -> f64 {
    row.iter()
        .map(|d| {
            let f = fit_label(d, cell);
            f.size - LABEL + f.extra_lines() as f64 * f.size * 1.2
        })
        .fold(0.0, f64::max)
}

/// A text block or a row of diagrams.
enum Item<'a> {
    Text(&'a str, &'a [String], bool),
    Row(Vec<&'a DiagramSpec>),
}

/// Groups diagrams into rows: a row ends when it is full, at a text, or where `per_row`
/// changes.
fn items(blocks: &[Block]) -> Vec<Item<'_>> {
    let mut out = Vec::new();
    let mut row: Vec<&DiagramSpec> = Vec::new();
    for b in blocks {
        match b {
            Block::Text {
                heading,
                paragraphs,
                new_page,
            } => {
                if !row.is_empty() {
                    out.push(Item::Row(std::mem::take(&mut row)));
                }
                out.push(Item::Text(heading, paragraphs, *new_page));
            }
            Block::Diagram(d) => {
                if !row.is_empty() && row[0].per_row != d.per_row {
                    out.push(Item::Row(std::mem::take(&mut row)));
                }
                row.push(d);
                if row.len() == d.per_row {
                    out.push(Item::Row(std::mem::take(&mut row)));
                }
            }
        }
    }
    if !row.is_empty() {
        out.push(Item::Row(row));
    }
    out
}

/// Lays out the blocks into pages; a text is kept on one page with the row of diagrams that
/// follows it when they fit on a page together. Page numbers are added by `number_page`.
pub fn diagram_pages(spec: &DiagramPages, blocks: &[Block]) -> Vec<Page> {
    if blocks.is_empty() {
        return Vec::new();
    }
    let mut flow = Flow {
        spec,
        pages: Vec::new(),
        y: 0.0,
        title: fit_title(spec),
    };
    flow.new_page();
    let blocks = one_scale_per_section(&flow, blocks);
    let items = items(&blocks);
    for (i, item) in items.iter().enumerate() {
        match item {
            Item::Text(heading, paragraphs, new_page) => {
                if *new_page && flow.y > flow.fresh() + 0.01 {
                    flow.new_page();
                }
                // Keep this text, the texts after it and the next row together.
                let mut need = 0.0;
                for next in &items[i..] {
                    match next {
                        Item::Text(h, p, _) => need += flow.text_height(h, p),
                        Item::Row(r) => {
                            need += flow.measure(r).2;
                            break;
                        }
                    }
                }
                if need <= flow.bottom() - flow.top() {
                    flow.room(need);
                }
                // A heading that opens a page starts a section: it goes in the outline.
                if *new_page && !heading.is_empty() {
                    let page = flow.page();
                    if page.bookmark.is_none() {
                        page.bookmark = Some(heading.to_string());
                    }
                }
                flow.text(heading, paragraphs);
            }
            Item::Row(row) => flow.row(row),
        }
    }
    flow.pages
}

/// The blocks with one scale for the diagrams of one game in each section (from a heading to
/// the next): the least scale any of them is drawn at in its box, so stones and numbers are
/// the same size on every diagram a reader compares. (Scales are relative to each game's own
/// spacing, so diagrams of different games are not compared.)
fn one_scale_per_section(flow: &Flow, blocks: &[Block]) -> Vec<Block> {
    let mut out = blocks.to_vec();
    let starts: Vec<usize> = (0..blocks.len())
        .filter(|&i| {
            i == 0 || matches!(&blocks[i], Block::Text { heading, .. } if !heading.is_empty())
        })
        .chain([blocks.len()])
        .collect();
    for pair in starts.windows(2) {
        let section = &blocks[pair[0]..pair[1]];
        // Each diagram's scale in its box, keyed by its look.
        let scales: Vec<(&Look, f64)> = items(section)
            .iter()
            .filter_map(|item| match item {
                Item::Row(row) => Some(row),
                Item::Text(..) => None,
            })
            .flat_map(|row| {
                let (_, boxes, _) = flow.measure(row);
                row.iter()
                    .zip(boxes)
                    .map(|(d, b)| (d.figure.look, figure_scale(&d.figure, b)))
                    .collect::<Vec<_>>()
            })
            .collect();
        for b in &mut out[pair[0]..pair[1]] {
            if let Block::Diagram(d) = b {
                let least = scales
                    .iter()
                    .filter(|(look, _)| std::ptr::eq(*look, d.figure.look))
                    .map(|&(_, s)| s)
                    .fold(f64::INFINITY, f64::min);
                if least.is_finite() {
                    let own = d.figure.max_scale.unwrap_or(1.0);
                    d.figure.max_scale = Some(own.min(least));
                }
            }
        }
    }
    out
}

/// Prints "page N of M" at the foot of a page.
pub fn number_page(page: &mut Page, margin: f64, number: usize, total: usize) {
    let (w, h) = (page.size.w, page.size.h);
    page.text(
        Point::new(w - margin, h - margin),
        format!("page {number} of {total}"),
        FOOT,
        Align::End,
    );
}

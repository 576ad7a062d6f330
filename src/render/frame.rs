//! The display list: pages of shapes and text in millimetres, back to front, origin at the
//! top-left corner and y pointing down. Both back ends walk it with one exhaustive match.
//! Text is measured with the shipped face's metrics, and [`fit_text`] fits a text into a box
//! (wrap, then shrink within limits); what still runs over is kept on its page as an
//! [`Overflow`].

use crate::geometry::{Point, Size};

/// An ink, named by what it is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Paint {
    /// A grey level, 0 black to 255 white.
    Grey(u8),
    /// An RGB colour.
    Rgb(u8, u8, u8),
}

impl Paint {
    /// Black ink.
    pub const BLACK: Paint = Paint::Grey(0);
    /// White (paper) ink.
    pub const WHITE: Paint = Paint::Grey(255);

    /// The colour as RGB components.
    pub fn rgb(self) -> (u8, u8, u8) {
        match self {
            Paint::Grey(g) => (g, g, g),
            Paint::Rgb(r, g, b) => (r, g, b),
        }
    }
}

/// How an outline is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    /// The ink.
    pub paint: Paint,
    /// Line width in mm.
    pub width: f64,
    /// Dash pattern in mm (dash, gap, ...), empty for a solid line.
    pub dash: Vec<f64>,
}

impl Stroke {
    /// A solid line.
    pub fn solid(paint: Paint, width: f64) -> Stroke {
        Stroke {
            paint,
            width,
            dash: Vec::new(),
        }
    }

    /// A dashed line.
    pub fn dashed(paint: Paint, width: f64, dash: &[f64]) -> Stroke {
        Stroke {
            paint,
            width,
            dash: dash.to_vec(),
        }
    }
}

/// The outline of a shape.
#[derive(Clone, Debug, PartialEq)]
pub enum Geometry {
    /// A straight segment.
    Line(Point, Point),
    /// An open polyline.
    Polyline(Vec<Point>),
    /// A closed polygon.
    Polygon(Vec<Point>),
    /// A circle: centre and radius.
    Circle(Point, f64),
}

/// A filled and/or stroked outline, with an optional class (kept in SVG for tests and styling).
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    /// The outline.
    pub geometry: Geometry,
    /// The fill, if any.
    pub fill: Option<Paint>,
    /// The stroke, if any.
    pub stroke: Option<Stroke>,
    /// A semantic class such as "point", "cell", "stone".
    pub class: Option<&'static str>,
}

/// Horizontal alignment of text relative to its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Text starts at the position.
    Start,
    /// Text is centred on the position.
    Middle,
    /// Text ends at the position.
    End,
}

/// A line of text in the shipped face; the position is the baseline point given by `align`.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// Baseline position.
    pub pos: Point,
    /// The text (any character the font has; the PDF back end refuses one it lacks).
    pub text: String,
    /// Font size (em) in mm.
    pub size: f64,
    /// Horizontal alignment.
    pub align: Align,
    /// Bold face.
    pub bold: bool,
    /// The ink.
    pub paint: Paint,
}

/// One item of the display list.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A shape.
    Shape(Shape),
    /// A text run.
    Text(Text),
}

/// One page: its size in mm and its items, back to front.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Page {
    /// Paper size in mm.
    pub size: Size,
    /// Items in paint order.
    pub items: Vec<Item>,
    /// The entry of the document's outline (PDF bookmarks) that starts at this page, if any.
    pub bookmark: Option<String>,
    /// How far the sheet reaches beyond the trimmed page on every side, mm (0: no bleed).
    pub bleed: f64,
    /// Texts the layout could not fit into their boxes even wrapped and at their least size
    /// (drawn at their least size all the same; `check` reports them).
    pub overflows: Vec<Overflow>,
}

/// A text that runs out of the box the layout gave it.
#[derive(Clone, Debug, PartialEq)]
pub struct Overflow {
    /// Where the block that holds the text is written, "file:line", when it is known.
    pub origin: Option<String>,
    /// What overflows, such as `diagram 5 "the board": caption`.
    pub what: String,
    /// By how much, mm (beyond the box's width or height, whichever is more).
    pub by: f64,
}

impl Overflow {
    /// The warning for it, naming the block's file and line (or `file` when the block has no
    /// line of its own, like the document's title).
    pub fn message(&self, file: &str) -> String {
        let place = match &self.origin {
            Some(o) => match o.rsplit_once(':') {
                Some((f, line)) if line.parse::<usize>().is_ok() => format!("{f}: line {line}"),
                _ => o.clone(),
            },
            None => file.to_string(),
        };
        format!(
            "{place}: {} overflows its box by {:.1} mm",
            self.what, self.by
        )
    }
}

impl Page {
    /// An empty page.
    pub fn new(size: Size) -> Page {
        Page {
            size,
            items: Vec::new(),
            bookmark: None,
            bleed: 0.0,
            overflows: Vec::new(),
        }
    }

    /// Records that a text overflows its box by `by` mm, when it does (by more than a
    /// rounding's worth).
    pub fn overflow(&mut self, origin: Option<&str>, what: impl Into<String>, by: f64) {
        if by > OVERFLOW_EPS {
            self.overflows.push(Overflow {
                origin: origin.map(str::to_string),
                what: what.into(),
                by,
            });
        }
    }

    /// Draws fitted text: its first baseline at `pos`, the next ones `leading` times its size
    /// below. Returns the distance from the first baseline to the last.
    pub fn fitted(
        &mut self,
        pos: Point,
        fitted: &Fitted,
        align: Align,
        bold: bool,
        leading: f64,
    ) -> f64 {
        let step = fitted.size * leading;
        for (k, line) in fitted.lines.iter().enumerate() {
            self.items.push(Item::Text(Text {
                pos: Point::new(pos.x, pos.y + k as f64 * step),
                text: line.clone(),
                size: fitted.size,
                align,
                bold,
                paint: Paint::BLACK,
            }));
        }
        fitted.extra_lines() as f64 * step
    }

    /// Moves everything on the page by (dx, dy) mm.
    pub fn translate(&mut self, dx: f64, dy: f64) {
        self.transform(1.0, dx, dy);
    }

    /// Scales everything on the page by `k` about the page's corner (positions, radii, text
    /// sizes, line widths and dashes), then moves it by (dx, dy) mm.
    pub fn transform(&mut self, k: f64, dx: f64, dy: f64) {
        let by = |p: &mut Point| {
            p.x = p.x * k + dx;
            p.y = p.y * k + dy;
        };
        for item in &mut self.items {
            match item {
                Item::Text(t) => {
                    by(&mut t.pos);
                    t.size *= k;
                }
                Item::Shape(s) => {
                    match &mut s.geometry {
                        Geometry::Line(a, b) => {
                            by(a);
                            by(b);
                        }
                        Geometry::Polyline(ps) | Geometry::Polygon(ps) => {
                            ps.iter_mut().for_each(by)
                        }
                        Geometry::Circle(c, r) => {
                            by(c);
                            *r *= k;
                        }
                    }
                    if let Some(st) = &mut s.stroke {
                        st.width *= k;
                        st.dash.iter_mut().for_each(|d| *d *= k);
                    }
                }
            }
        }
    }

    /// Adds a stroked segment.
    pub fn line(&mut self, a: Point, b: Point, stroke: Stroke) {
        self.shape(Geometry::Line(a, b), None, Some(stroke), None);
    }

    /// Adds a shape.
    pub fn shape(
        &mut self,
        geometry: Geometry,
        fill: Option<Paint>,
        stroke: Option<Stroke>,
        class: Option<&'static str>,
    ) {
        self.items.push(Item::Shape(Shape {
            geometry,
            fill,
            stroke,
            class,
        }));
    }

    /// Adds a text run.
    pub fn text(&mut self, pos: Point, text: impl Into<String>, size: f64, align: Align) {
        self.items.push(Item::Text(Text {
            pos,
            text: text.into(),
            size,
            align,
            bold: false,
            paint: Paint::BLACK,
        }));
    }

    /// Adds a bold text run.
    pub fn bold_text(&mut self, pos: Point, text: impl Into<String>, size: f64, align: Align) {
        self.items.push(Item::Text(Text {
            pos,
            text: text.into(),
            size,
            align,
            bold: true,
            paint: Paint::BLACK,
        }));
    }
}

/// The advance width of a text in the shipped face ([`super::font`]) at the given size (mm),
/// for wrapping and alignment.
pub fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    super::font::face(bold).width(text, size)
}

/// The size (mm) at which a text fits `width`: `size` when it fits, else smaller, but not below
/// `least` (a text too long even then is left to run over, and the layout check reports it).
pub fn fit_size(text: &str, width: f64, size: f64, least: f64, bold: bool) -> f64 {
    let w = text_width(text, size, bold);
    if w <= width {
        size
    } else {
        (size * width / w).max(least)
    }
}

/// An overflow smaller than this (mm) is rounding, not a text that runs out of its box.
const OVERFLOW_EPS: f64 = 0.05;

/// The least text size (mm) shrinking goes to, whatever the floor asked: about 2.2 mm.
pub const LEAST_SIZE: f64 = 2.2;

/// A text fitted into a box by [`fit_text`].
#[derive(Clone, Debug, PartialEq)]
pub struct Fitted {
    /// The lines, wrapped at word boundaries.
    pub lines: Vec<String>,
    /// The size they are drawn at, mm.
    pub size: f64,
    /// How far the text still runs out of the box (0 when it fits), mm.
    pub overflow: f64,
}

impl Fitted {
    /// The lines after the first.
    pub fn extra_lines(&self) -> usize {
        self.lines.len().saturating_sub(1)
    }
}

/// Splits text into lines no wider than `width` at `size` (a single word wider than that keeps
/// a line of its own); a newline always breaks a line.
pub fn wrap_words(text: &str, width: f64, size: f64, bold: bool) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.split('\n') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            if line.is_empty() {
                line = word.to_string();
                continue;
            }
            let candidate = format!("{line} {word}");
            if text_width(&candidate, size, bold) > width {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            } else {
                line = candidate;
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

/// Fits a text into a box of `bx` mm, where each line takes `leading` times the size in
/// height: at `size` on one line when it fits; else wrapped at word boundaries; else shrunk
/// (on one line, or wrapped again) down to `least` (never below [`LEAST_SIZE`] unless `size`
/// itself is smaller) and only then reported as an overflow: the lines at the least size and
/// how far they run beyond the box's width or height.
pub fn fit_text(text: &str, bx: Size, size: f64, least: f64, bold: bool, leading: f64) -> Fitted {
    let floor = least.max(LEAST_SIZE).min(size);
    let measure = |lines: &[String], s: f64| {
        let widest = lines
            .iter()
            .map(|l| text_width(l, s, bold))
            .fold(0.0, f64::max);
        let over_w = widest - bx.w;
        let over_h = lines.len() as f64 * s * leading - bx.h;
        over_w.max(over_h).max(0.0)
    };
    let at = |s: f64| {
        let lines = wrap_words(text, bx.w, s, bold);
        let overflow = measure(&lines, s);
        Fitted {
            lines,
            size: s,
            overflow,
        }
    };
    let first = at(size);
    if first.overflow <= 1e-9 {
        return first;
    }
    // On one line, the largest size that fits the width (what a title slot wants).
    let one: Vec<String> = text
        .split('\n')
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect();
    let widest = one
        .iter()
        .map(|l| text_width(l, size, bold))
        .fold(0.0, f64::max);
    let exact = if widest > 0.0 {
        size * bx.w / widest
    } else {
        size
    };
    let single = (exact >= floor && measure(&one, exact) <= 1e-9).then_some(Fitted {
        lines: one,
        size: exact,
        overflow: 0.0,
    });
    // Wrapped, in steps of 2% of the size.
    let mut stepped = None;
    let mut s = size;
    while s > floor + 1e-9 {
        s = (s - size * 0.02).max(floor);
        if single.as_ref().is_some_and(|f| f.size >= s) {
            break;
        }
        let f = at(s);
        if f.overflow <= 1e-9 {
            stepped = Some(f);
            break;
        }
    }
    match (single, stepped) {
        (Some(a), Some(b)) => {
            if a.size >= b.size {
                a
            } else {
                b
            }
        }
        (Some(a), None) => a,
        (None, Some(b)) => b,
        (None, None) => at(floor),
    }
}

/// How far a text reaches above its baseline and below it, as fractions of its size (the
/// face's cap height and descender).
pub const TEXT_ASCENT: f64 = 0.73;
/// See `TEXT_ASCENT`.
pub const TEXT_DESCENT: f64 = 0.21;

/// The box a text's ink takes, mm: (left, top, right, bottom).
pub fn text_bounds(t: &Text) -> (f64, f64, f64, f64) {
    let x0 = start_x(t);
    (
        x0,
        t.pos.y - TEXT_ASCENT * t.size,
        x0 + text_width(&t.text, t.size, t.bold),
        t.pos.y + TEXT_DESCENT * t.size,
    )
}

/// Drops, among the texts from item `first` on, each one whose box overlaps (by more than
/// `touch` mm both ways) a text kept before it in paint order: labels drawn at a small scale
/// (coordinates, edge names) then stay readable, every other one where they crowd, instead
/// of printing on top of each other. Returns how many were dropped.
pub fn thin_texts(page: &mut Page, first: usize, touch: f64) -> usize {
    let mut kept: Vec<(f64, f64, f64, f64)> = Vec::new();
    let mut dropped = 0;
    let mut i = first;
    while i < page.items.len() {
        if let Item::Text(t) = &page.items[i] {
            let b = text_bounds(t);
            let clash = kept.iter().any(|k| {
                b.2.min(k.2) - b.0.max(k.0) > touch && b.3.min(k.3) - b.1.max(k.1) > touch
            });
            if clash {
                page.items.remove(i);
                dropped += 1;
                continue;
            }
            kept.push(b);
        }
        i += 1;
    }
    dropped
}

/// The x where a text run starts, given its alignment.
pub fn start_x(t: &Text) -> f64 {
    let w = text_width(&t.text, t.size, t.bold);
    match t.align {
        Align::Start => t.pos.x,
        Align::Middle => t.pos.x - w / 2.0,
        Align::End => t.pos.x - w,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_that_fits_stays_on_one_line_at_its_size() {
        let w = text_width("Diagram 3: anchors", 3.4, true);
        let f = fit_text(
            "Diagram 3: anchors",
            Size::new(w + 1.0, 10.0),
            3.4,
            2.4,
            true,
            1.2,
        );
        assert_eq!((f.lines.len(), f.size, f.overflow), (1, 3.4, 0.0));
    }

    #[test]
    fn a_long_text_wraps_before_it_shrinks_and_shrinks_before_it_overflows() {
        let text = "Diagram 12: a completed pen-and-paper game with every move numbered";
        let w = text_width(text, 3.4, true);
        // Room for two lines: wrapped at the asked size, each line inside the width.
        let two = fit_text(
            text,
            Size::new(w * 0.6, 3.4 * 1.2 * 2.0),
            3.4,
            2.4,
            true,
            1.2,
        );
        assert_eq!((two.lines.len(), two.size, two.overflow), (2, 3.4, 0.0));
        for l in &two.lines {
            assert!(text_width(l, two.size, true) <= w * 0.6);
        }
        // Room for one line only: shrunk to fit the width exactly.
        let one = fit_text(text, Size::new(w * 0.8, 3.4 * 1.2), 3.4, 2.4, true, 1.2);
        assert_eq!((one.lines.len(), one.overflow), (1, 0.0));
        assert!((text_width(text, one.size, true) - w * 0.8).abs() < 1e-6);
        // Too long even at the least size: reported, by how much it runs over.
        let over = fit_text(text, Size::new(w * 0.3, 3.4 * 1.2), 3.4, 2.4, true, 1.2);
        assert_eq!(over.size, 2.4);
        assert!(over.overflow > 1.0, "{over:?}");
    }

    #[test]
    fn shrinking_stops_at_the_least_size_of_print() {
        let f = fit_text(
            "a very long title indeed",
            Size::new(5.0, 3.0),
            2.8,
            0.5,
            false,
            1.2,
        );
        assert_eq!(f.size, LEAST_SIZE);
        assert!(f.overflow > 0.0);
    }

    #[test]
    fn an_overflow_names_its_file_and_line() {
        let mut page = Page::new(Size::new(100.0, 100.0));
        page.overflow(Some("x.toml:12"), "diagram 5 \"the board\": caption", 14.0);
        page.overflow(None, "title", 0.01);
        assert_eq!(page.overflows.len(), 1);
        assert_eq!(
            page.overflows[0].message("x.toml"),
            "x.toml: line 12: diagram 5 \"the board\": caption overflows its box by 14.0 mm"
        );
    }
}

//! The display list: pages of shapes and text in millimetres, back to front, origin at the
//! top-left corner and y pointing down. Both back ends walk it with one exhaustive match.

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
}

impl Page {
    /// An empty page.
    pub fn new(size: Size) -> Page {
        Page {
            size,
            items: Vec::new(),
            bookmark: None,
            bleed: 0.0,
        }
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

/// The x where a text run starts, given its alignment.
pub fn start_x(t: &Text) -> f64 {
    let w = text_width(&t.text, t.size, t.bold);
    match t.align {
        Align::Start => t.pos.x,
        Align::Middle => t.pos.x - w / 2.0,
        Align::End => t.pos.x - w,
    }
}

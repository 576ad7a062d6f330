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

/// A line of text in Helvetica; the position is the baseline point given by `align`.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// Baseline position.
    pub pos: Point,
    /// The text (WinAnsi characters; others print as '?').
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
}

impl Page {
    /// An empty page.
    pub fn new(size: Size) -> Page {
        Page {
            size,
            items: Vec::new(),
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

/// Helvetica advance widths (per 1000 em) for ASCII 32..=126, from the standard AFM metrics.
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/// The advance width of a text in Helvetica at the given size (mm), for alignment.
pub fn text_width(text: &str, size: f64, bold: bool) -> f64 {
    let units: u32 = text
        .chars()
        .map(|c| {
            let i = c as u32;
            if (32..=126).contains(&i) {
                HELVETICA[(i - 32) as usize] as u32
            } else {
                556
            }
        })
        .sum();
    let w = units as f64 / 1000.0 * size;
    if bold { w * 1.1 } else { w }
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

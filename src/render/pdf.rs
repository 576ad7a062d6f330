//! The PDF back end, via `printpdf` 0.12: built-in Helvetica (not embedded, WinAnsi), circles as
//! four cubic Béziers, the y axis flipped here and nowhere else, and a document id derived from
//! the content so the same input gives the same bytes.

use printpdf::{
    BuiltinFont, Color, Line, LineDashPattern, LinePoint, Op, PaintMode, PdfDocument,
    PdfFontHandle, PdfPage, PdfSaveOptions, Polygon, PolygonRing, Pt, Rgb, TextItem, WindingOrder,
};

use super::frame::{Geometry, Item, Page, Paint, Stroke, start_x, text_width};
use crate::geometry::{Mm, Point};

/// Bézier constant for a quarter circle.
const KAPPA: f64 = 0.552_284_749_830_793_4;

/// Writes pages as one PDF document.
pub fn pages_to_pdf(pages: &[Page], title: &str) -> Vec<u8> {
    let mut doc = PdfDocument::new(title);
    let pdf_pages: Vec<PdfPage> = pages.iter().map(page_ops).collect();
    doc.with_pages(pdf_pages);
    let mut warnings = Vec::new();
    let mut bytes = doc.save(&PdfSaveOptions::default(), &mut warnings);
    fix_document_id(&mut bytes);
    bytes
}

/// printpdf writes a process-dependent /ID pair into the trailer; replace both strings, in place
/// and with the same length, by a hash of the rest of the file.
fn fix_document_id(bytes: &mut [u8]) {
    let Some(at) = find_last(bytes, b"/ID") else {
        return;
    };
    let hash = fnv1a(&bytes[..at]);
    let digits: Vec<u8> =
        format!("{hash:016x}{:016x}", hash.rotate_left(29) ^ 0x9e37_79b9).into_bytes();
    let mut i = at + 3;
    let mut strings = 0;
    while i < bytes.len() && strings < 2 {
        if bytes[i] == b'(' {
            let start = i + 1;
            let mut j = start;
            while j < bytes.len() && bytes[j] != b')' {
                j += 1;
            }
            for (k, b) in bytes[start..j].iter_mut().enumerate() {
                *b = digits[k % digits.len()];
            }
            strings += 1;
            i = j;
        } else if bytes[i] == b'<' {
            let start = i + 1;
            let mut j = start;
            while j < bytes.len() && bytes[j] != b'>' {
                j += 1;
            }
            for (k, b) in bytes[start..j].iter_mut().enumerate() {
                *b = digits[k % digits.len()];
            }
            strings += 1;
            i = j;
        }
        i += 1;
    }
}

fn find_last(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

struct Ctx {
    height: f64,
}

impl Ctx {
    fn pt(&self, p: Point) -> printpdf::Point {
        printpdf::Point {
            x: Pt(Mm(p.x).to_pt() as f32),
            y: Pt(Mm(self.height - p.y).to_pt() as f32),
        }
    }

    fn lp(&self, p: Point, bezier: bool) -> LinePoint {
        LinePoint {
            p: self.pt(p),
            bezier,
        }
    }
}

fn colour(p: Paint) -> Color {
    let (r, g, b) = p.rgb();
    Color::Rgb(Rgb {
        r: r as f32 / 255.0,
        g: g as f32 / 255.0,
        b: b as f32 / 255.0,
        icc_profile: None,
    })
}

fn set_stroke(ops: &mut Vec<Op>, s: &Stroke) {
    ops.push(Op::SetOutlineColor {
        col: colour(s.paint),
    });
    ops.push(Op::SetOutlineThickness {
        pt: Pt(Mm(s.width).to_pt() as f32),
    });
    let pattern = s.dash.iter().map(|d| Mm(*d).to_pt() as f32).collect();
    ops.push(Op::SetLineDashPattern {
        dash: LineDashPattern {
            offset: 0.0,
            pattern,
        },
    });
}

fn circle_points(ctx: &Ctx, c: Point, r: f64) -> Vec<LinePoint> {
    let k = r * KAPPA;
    let p = |x: f64, y: f64, b: bool| ctx.lp(Point::new(c.x + x, c.y + y), b);
    vec![
        p(r, 0.0, false),
        p(r, k, true),
        p(k, r, true),
        p(0.0, r, false),
        p(-k, r, true),
        p(-r, k, true),
        p(-r, 0.0, false),
        p(-r, -k, true),
        p(-k, -r, true),
        p(0.0, -r, false),
        p(k, -r, true),
        p(r, -k, true),
        p(r, 0.0, false),
    ]
}

fn page_ops(page: &Page) -> PdfPage {
    let ctx = Ctx {
        height: page.size.h,
    };
    let mut ops = Vec::new();
    for item in &page.items {
        match item {
            Item::Shape(s) => {
                let (pts, closed) = match &s.geometry {
                    Geometry::Line(a, b) => (vec![ctx.lp(*a, false), ctx.lp(*b, false)], false),
                    Geometry::Polyline(ps) => {
                        (ps.iter().map(|p| ctx.lp(*p, false)).collect(), false)
                    }
                    Geometry::Polygon(ps) => (ps.iter().map(|p| ctx.lp(*p, false)).collect(), true),
                    Geometry::Circle(c, r) => (circle_points(&ctx, *c, *r), true),
                };
                if let Some(stroke) = &s.stroke {
                    set_stroke(&mut ops, stroke);
                }
                let fill = if closed { s.fill } else { None };
                if let Some(f) = fill {
                    ops.push(Op::SetFillColor { col: colour(f) });
                }
                let mode = match (fill.is_some(), s.stroke.is_some()) {
                    (true, true) => PaintMode::FillStroke,
                    (true, false) => PaintMode::Fill,
                    (false, true) => PaintMode::Stroke,
                    (false, false) => continue,
                };
                if closed {
                    ops.push(Op::DrawPolygon {
                        polygon: Polygon {
                            rings: vec![PolygonRing { points: pts }],
                            mode,
                            winding_order: WindingOrder::NonZero,
                        },
                    });
                } else {
                    ops.push(Op::DrawLine {
                        line: Line {
                            points: pts,
                            is_closed: false,
                        },
                    });
                }
            }
            Item::Text(t) => {
                let font = if t.bold {
                    BuiltinFont::HelveticaBold
                } else {
                    BuiltinFont::Helvetica
                };
                ops.push(Op::SetFillColor {
                    col: colour(t.paint),
                });
                // The built-in font has no space glyph: place each word on its own, each in
                // its own text object (text cursor moves are relative within one object).
                let mut x = start_x(t);
                for (i, word) in t.text.split(' ').enumerate() {
                    if i > 0 {
                        x += text_width(" ", t.size, t.bold);
                    }
                    if !word.is_empty() {
                        ops.push(Op::StartTextSection);
                        ops.push(Op::SetFont {
                            font: PdfFontHandle::Builtin(font),
                            size: Pt(Mm(t.size).to_pt() as f32),
                        });
                        ops.push(Op::SetTextCursor {
                            pos: ctx.pt(Point::new(x, t.pos.y)),
                        });
                        ops.push(Op::ShowText {
                            items: vec![TextItem::Text(word.to_string())],
                        });
                        ops.push(Op::EndTextSection);
                    }
                    x += text_width(word, t.size, t.bold);
                }
            }
        }
    }
    PdfPage::new(
        printpdf::Mm(page.size.w as f32),
        printpdf::Mm(page.size.h as f32),
        ops,
    )
}

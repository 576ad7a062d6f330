//! The SVG back end: one SVG document per page, sizes in mm, written straight into one text
//! buffer.
//!
//! The text is fixed: the root `svg` element, then one element per line (`title`, the white
//! `rect` of the page, then each item back to front), then `</svg>` and a newline. Each
//! element's attributes are written in byte order of their names, values are escaped (`&`, `<`,
//! `>`, `"`, `'`), and text content has `&`, `<` and `>` escaped. Numbers go through
//! [`super::number`], as in the PDF.

use super::frame::{Align, Geometry, Item, Page, Paint, Shape, Stroke};
use super::number;
use crate::geometry::Point;

/// The shipped face first; Arial and Helvetica have the same widths, so a page laid out for it
/// still fits where only they are installed. Escaped as an attribute value.
const FONT_FAMILY: &str = "&apos;Liberation Sans&apos;, Arial, Helvetica, sans-serif";

/// Writes one page as a standalone SVG document.
pub fn page_to_svg(page: &Page, title: &str) -> String {
    let mut out = String::new();
    write_page(&mut out, page, title);
    out
}

/// Appends one page as a standalone SVG document (the text of [`page_to_svg`]) to `out`.
pub fn write_page(out: &mut String, page: &Page, title: &str) {
    // About 150 bytes an item; one reservation instead of a dozen doublings.
    out.reserve(400 + 150 * page.items.len());
    out.push_str("<svg height=\"");
    number::push(out, page.size.h);
    out.push_str("mm\" viewBox=\"0 0 ");
    number::push(out, page.size.w);
    out.push(' ');
    number::push(out, page.size.h);
    out.push_str("\" width=\"");
    number::push(out, page.size.w);
    out.push_str("mm\" xmlns=\"http://www.w3.org/2000/svg\">\n<title>");
    escape(out, title, false);
    out.push_str("</title>\n<rect fill=\"#ffffff\" height=\"");
    number::push(out, page.size.h);
    out.push_str("\" width=\"");
    number::push(out, page.size.w);
    out.push_str("\"/>\n");
    for item in &page.items {
        match item {
            Item::Shape(s) => shape(out, s),
            Item::Text(t) => {
                out.push_str("<text fill=\"");
                colour(out, t.paint);
                out.push_str("\" font-family=\"");
                out.push_str(FONT_FAMILY);
                out.push_str("\" font-size=\"");
                number::push(out, t.size);
                if t.bold {
                    out.push_str("\" font-weight=\"bold");
                }
                out.push_str("\" text-anchor=\"");
                out.push_str(match t.align {
                    Align::Start => "start",
                    Align::Middle => "middle",
                    Align::End => "end",
                });
                out.push('"');
                number_attr(out, "x", t.pos.x);
                number_attr(out, "y", t.pos.y);
                out.push('>');
                escape(out, &t.text, false);
                out.push_str("</text>\n");
            }
        }
    }
    out.push_str("</svg>\n");
}

/// One shape element; its attributes in byte order of their names: `class`, the geometry's
/// and `fill` (circle: `cx`, `cy`, `fill`, `r`; polygon and polyline: `fill`, `points`),
/// `stroke`, `stroke-dasharray`, `stroke-width`, then a line's `x1`, `x2`, `y1`, `y2`.
fn shape(out: &mut String, s: &Shape) {
    let name = match s.geometry {
        Geometry::Line(..) => "line",
        Geometry::Polyline(_) => "polyline",
        Geometry::Polygon(_) => "polygon",
        Geometry::Circle(..) => "circle",
    };
    out.push('<');
    out.push_str(name);
    if let Some(class) = s.class {
        out.push_str(" class=\"");
        escape(out, class, true);
        out.push('"');
    }
    // A line or polyline is never filled.
    let fill = match s.geometry {
        Geometry::Line(..) | Geometry::Polyline(_) => None,
        _ => s.fill,
    };
    match &s.geometry {
        Geometry::Line(a, b) => {
            fill_attr(out, fill);
            stroke_attrs(out, s.stroke.as_ref());
            number_attr(out, "x1", a.x);
            number_attr(out, "x2", b.x);
            number_attr(out, "y1", a.y);
            number_attr(out, "y2", b.y);
        }
        Geometry::Polyline(ps) | Geometry::Polygon(ps) => {
            fill_attr(out, fill);
            points(out, ps);
            stroke_attrs(out, s.stroke.as_ref());
        }
        Geometry::Circle(c, r) => {
            number_attr(out, "cx", c.x);
            number_attr(out, "cy", c.y);
            fill_attr(out, fill);
            number_attr(out, "r", *r);
            stroke_attrs(out, s.stroke.as_ref());
        }
    }
    out.push_str("/>\n");
}

/// ` name="v"` with a number.
fn number_attr(out: &mut String, name: &str, v: f64) {
    out.push(' ');
    out.push_str(name);
    out.push_str("=\"");
    number::push(out, v);
    out.push('"');
}

fn fill_attr(out: &mut String, fill: Option<Paint>) {
    out.push_str(" fill=\"");
    match fill {
        Some(p) => colour(out, p),
        None => out.push_str("none"),
    }
    out.push('"');
}

fn stroke_attrs(out: &mut String, stroke: Option<&Stroke>) {
    let Some(s) = stroke else { return };
    out.push_str(" stroke=\"");
    colour(out, s.paint);
    out.push('"');
    if !s.dash.is_empty() {
        out.push_str(" stroke-dasharray=\"");
        for (i, v) in s.dash.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            number::push(out, *v);
        }
        out.push('"');
    }
    number_attr(out, "stroke-width", s.width);
}

/// ` points="x,y x,y ..."`.
fn points(out: &mut String, ps: &[Point]) {
    out.push_str(" points=\"");
    for (i, p) in ps.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        number::push(out, p.x);
        out.push(',');
        number::push(out, p.y);
    }
    out.push('"');
}

/// `#rrggbb`.
fn colour(out: &mut String, p: Paint) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let (r, g, b) = p.rgb();
    out.push('#');
    for c in [r, g, b] {
        out.push(HEX[usize::from(c >> 4)] as char);
        out.push(HEX[usize::from(c & 15)] as char);
    }
}

/// Appends `text` with `&`, `<` and `>` escaped, and in an attribute value also `"` and `'`.
fn escape(out: &mut String, text: &str, attribute: bool) {
    let mut from = 0;
    for (i, b) in text.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' if attribute => "&quot;",
            b'\'' if attribute => "&apos;",
            _ => continue,
        };
        out.push_str(&text[from..i]);
        out.push_str(entity);
        from = i + 1;
    }
    out.push_str(&text[from..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Size;
    use crate::render::frame::Text;

    fn page(items: Vec<Item>) -> Page {
        Page {
            size: Size { w: 100.0, h: 50.5 },
            items,
            ..Page::default()
        }
    }

    #[test]
    fn every_element_is_written_with_sorted_escaped_attributes() {
        let p = page(vec![
            Item::Shape(Shape {
                geometry: Geometry::Circle(Point { x: 1.0, y: 2.25 }, 0.5),
                fill: Some(Paint::BLACK),
                stroke: Some(Stroke::dashed(Paint::Rgb(255, 16, 1), 0.1, &[1.0, 0.5])),
                class: Some("st\"one"),
            }),
            Item::Shape(Shape {
                geometry: Geometry::Line(Point { x: 0.0, y: 1.0 }, Point { x: 2.0, y: 3.0 }),
                fill: Some(Paint::BLACK),
                stroke: Some(Stroke::solid(Paint::BLACK, 0.3)),
                class: None,
            }),
            Item::Shape(Shape {
                geometry: Geometry::Polygon(vec![
                    Point { x: 0.0, y: 0.0 },
                    Point { x: 1.5, y: 0.0 },
                ]),
                fill: Some(Paint::Grey(128)),
                stroke: None,
                class: Some("cell"),
            }),
            Item::Shape(Shape {
                geometry: Geometry::Polyline(Vec::new()),
                fill: Some(Paint::Grey(128)),
                stroke: None,
                class: None,
            }),
            Item::Text(Text {
                pos: Point { x: 3.0, y: 4.0 },
                text: "a < b & 'c'".to_string(),
                size: 3.4,
                align: Align::Middle,
                bold: true,
                paint: Paint::WHITE,
            }),
            Item::Text(Text {
                pos: Point { x: -3.0, y: 4.0 },
                text: String::new(),
                size: 3.0,
                align: Align::End,
                bold: false,
                paint: Paint::BLACK,
            }),
        ]);
        let expected = [
            r#"<svg height="50.5mm" viewBox="0 0 100 50.5" width="100mm" xmlns="http://www.w3.org/2000/svg">"#,
            "<title>T &amp; \"q\"</title>",
            r##"<rect fill="#ffffff" height="50.5" width="100"/>"##,
            r##"<circle class="st&quot;one" cx="1" cy="2.25" fill="#000000" r="0.5" stroke="#ff1001" stroke-dasharray="1 0.5" stroke-width="0.1"/>"##,
            r##"<line fill="none" stroke="#000000" stroke-width="0.3" x1="0" x2="2" y1="1" y2="3"/>"##,
            r##"<polygon class="cell" fill="#808080" points="0,0 1.5,0"/>"##,
            r#"<polyline fill="none" points=""/>"#,
            r##"<text fill="#ffffff" font-family="&apos;Liberation Sans&apos;, Arial, Helvetica, sans-serif" font-size="3.4" font-weight="bold" text-anchor="middle" x="3" y="4">a &lt; b &amp; 'c'</text>"##,
            r##"<text fill="#000000" font-family="&apos;Liberation Sans&apos;, Arial, Helvetica, sans-serif" font-size="3" text-anchor="end" x="-3" y="4"></text>"##,
            "</svg>",
            "",
        ]
        .join("\n");
        assert_eq!(page_to_svg(&p, "T & \"q\""), expected);
    }
}

//! The SVG back end: one SVG document per page, sizes in mm, via the `svg` crate.

use svg::Document;
use svg::Node;
use svg::node::element::{self, Element};

use super::frame::{Align, Geometry, Item, Page, Paint, Stroke};
use super::number::fmt;
use crate::geometry::Point;

/// The shipped face first; Arial and Helvetica have the same widths, so a page laid out for it
/// still fits where only they are installed.
const FONT_FAMILY: &str = "'Liberation Sans', Arial, Helvetica, sans-serif";

/// Writes one page as a standalone SVG document.
pub fn page_to_svg(page: &Page, title: &str) -> String {
    let (w, h) = (fmt(page.size.w), fmt(page.size.h));
    let mut doc = Document::new()
        .set("width", format!("{w}mm"))
        .set("height", format!("{h}mm"))
        .set("viewBox", format!("0 0 {w} {h}"))
        .add(element::Title::new(title))
        .add(
            element::Rectangle::new()
                .set("width", w.clone())
                .set("height", h.clone())
                .set("fill", "#ffffff"),
        );
    for item in &page.items {
        doc = doc.add(item_to_svg(item));
    }
    let mut out = doc.to_string();
    out.push('\n');
    out
}

fn colour(p: Paint) -> String {
    let (r, g, b) = p.rgb();
    format!("#{r:02x}{g:02x}{b:02x}")
}

fn points(ps: &[Point]) -> String {
    ps.iter()
        .map(|p| format!("{},{}", fmt(p.x), fmt(p.y)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn paint_attrs(mut el: Element, fill: Option<Paint>, stroke: Option<&Stroke>) -> Element {
    el.assign("fill", fill.map_or("none".to_string(), colour));
    if let Some(s) = stroke {
        el.assign("stroke", colour(s.paint));
        el.assign("stroke-width", fmt(s.width));
        if !s.dash.is_empty() {
            let d: Vec<_> = s.dash.iter().map(|v| fmt(*v)).collect();
            el.assign("stroke-dasharray", d.join(" "));
        }
    }
    el
}

fn item_to_svg(item: &Item) -> Element {
    match item {
        Item::Shape(s) => {
            let mut el = match &s.geometry {
                Geometry::Line(a, b) => {
                    let mut e = Element::new("line");
                    e.assign("x1", fmt(a.x));
                    e.assign("y1", fmt(a.y));
                    e.assign("x2", fmt(b.x));
                    e.assign("y2", fmt(b.y));
                    e
                }
                Geometry::Polyline(ps) => {
                    let mut e = Element::new("polyline");
                    e.assign("points", points(ps));
                    e
                }
                Geometry::Polygon(ps) => {
                    let mut e = Element::new("polygon");
                    e.assign("points", points(ps));
                    e
                }
                Geometry::Circle(c, r) => {
                    let mut e = Element::new("circle");
                    e.assign("cx", fmt(c.x));
                    e.assign("cy", fmt(c.y));
                    e.assign("r", fmt(*r));
                    e
                }
            };
            if let Some(class) = s.class {
                el.assign("class", class);
            }
            let fill = match s.geometry {
                Geometry::Line(..) | Geometry::Polyline(_) => None,
                _ => s.fill,
            };
            paint_attrs(el, fill, s.stroke.as_ref())
        }
        Item::Text(t) => {
            let mut e: Element = element::Text::new(t.text.clone()).into();
            e.assign("x", fmt(t.pos.x));
            e.assign("y", fmt(t.pos.y));
            e.assign("font-size", fmt(t.size));
            e.assign("font-family", FONT_FAMILY);
            if t.bold {
                e.assign("font-weight", "bold");
            }
            let align = match t.align {
                Align::Start => "start",
                Align::Middle => "middle",
                Align::End => "end",
            };
            e.assign("text-anchor", align);
            e.assign("fill", colour(t.paint));
            e
        }
    }
}

//! The PDF back end: a small writer of our own that streams a document page by page, so memory
//! does not grow with the page count. Built-in Helvetica and Helvetica-Bold (not embedded,
//! WinAnsi), circles as four cubic Béziers, the y axis flipped here and nowhere else, each page's
//! content deflated, and a document id hashed from the bytes written, so the same input gives
//! the same bytes.
//!
//! The Info dictionary comes first in the file and names stonepress as its Producer: that is how
//! a later run recognises a PDF it wrote (see [`is_ours`]).

use std::io::{self, Write};

use flate2::Compression;
use flate2::write::ZlibEncoder;

use super::frame::{Geometry, Item, Page, Paint, Stroke, start_x, text_width};
use crate::geometry::{Mm, Point};

/// Bézier constant for a quarter circle.
const KAPPA: f64 = 0.552_284_749_830_793_4;

/// The Producer string every PDF of ours carries near its start.
const PRODUCER: &str = concat!("stonepress ", env!("CARGO_PKG_VERSION"));

/// Fixed object numbers; pages follow from [`FIRST_PAGE`] on, two objects each.
const CATALOG: usize = 1;
const PAGES: usize = 2;
const INFO: usize = 3;
const FONT: usize = 4;
const FONT_BOLD: usize = 5;
const FIRST_PAGE: usize = 6;

/// True when the first bytes of a file are those of a PDF that stonepress wrote: the header
/// followed, within the first kilobyte, by our Producer entry.
pub fn is_ours(head: &[u8]) -> bool {
    let head = &head[..head.len().min(1024)];
    head.starts_with(b"%PDF-") && head.windows(22).any(|w| w == b"/Producer (stonepress ")
}

/// Writes pages as one PDF document, in memory.
pub fn pages_to_pdf(pages: &[Page], title: &str) -> Vec<u8> {
    let mut w = PdfWriter::new(Vec::new(), title).expect("writing to memory does not fail");
    for page in pages {
        w.page(page).expect("writing to memory does not fail");
    }
    w.finish().expect("writing to memory does not fail")
}

/// Counts and hashes the bytes going through, for the cross-reference table and the id.
struct Counting<W: Write> {
    inner: W,
    written: u64,
    hash: u64,
}

impl<W: Write> Write for Counting<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.written += n as u64;
        self.hash = buf[..n].iter().fold(self.hash, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
        });
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// A PDF document being written: objects go out as soon as they are made; only their offsets
/// (8 bytes each) stay in memory until the cross-reference table at the end.
pub struct PdfWriter<W: Write> {
    out: Counting<W>,
    offsets: Vec<u64>,
    pages: usize,
}

impl<W: Write> PdfWriter<W> {
    /// Starts a document: header, catalog, info and the two fonts.
    pub fn new(out: W, title: &str) -> io::Result<Self> {
        let mut w = PdfWriter {
            out: Counting {
                inner: out,
                written: 0,
                hash: 0xcbf2_9ce4_8422_2325,
            },
            offsets: vec![0; FIRST_PAGE - 1],
            pages: 0,
        };
        w.out.write_all(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")?;
        let mut info = format!("<</Producer ({PRODUCER})/Creator ({PRODUCER})/Title ").into_bytes();
        pdf_string(&mut info, title);
        info.extend_from_slice(b">>");
        w.object(INFO, &info)?;
        w.object(
            CATALOG,
            format!("<</Type/Catalog/Pages {PAGES} 0 R>>").as_bytes(),
        )?;
        for (id, name) in [(FONT, "Helvetica"), (FONT_BOLD, "Helvetica-Bold")] {
            let dict =
                format!("<</Type/Font/Subtype/Type1/BaseFont/{name}/Encoding/WinAnsiEncoding>>");
            w.object(id, dict.as_bytes())?;
        }
        Ok(w)
    }

    fn object(&mut self, id: usize, body: &[u8]) -> io::Result<()> {
        if self.offsets.len() < id {
            self.offsets.resize(id, 0);
        }
        self.offsets[id - 1] = self.out.written;
        writeln!(self.out, "{id} 0 obj")?;
        self.out.write_all(body)?;
        self.out.write_all(b"\nendobj\n")
    }

    /// Appends one page: its dictionary and its deflated content stream.
    pub fn page(&mut self, page: &Page) -> io::Result<()> {
        let id = FIRST_PAGE + 2 * self.pages;
        self.pages += 1;
        let (w, h) = (Mm(page.size.w).to_pt(), Mm(page.size.h).to_pt());
        let dict = format!(
            "<</Type/Page/Parent {PAGES} 0 R/MediaBox[0 0 {} {}]/Resources<</Font<</F1 {FONT} 0 R/F2 {FONT_BOLD} 0 R>>>>/Contents {} 0 R>>",
            num(w),
            num(h),
            id + 1
        );
        self.object(id, dict.as_bytes())?;
        let content = page_content(page);
        let mut z = ZlibEncoder::new(
            Vec::with_capacity(content.len() / 4),
            Compression::default(),
        );
        z.write_all(&content)?;
        let packed = z.finish()?;
        drop(content);
        let mut body =
            format!("<</Length {}/Filter/FlateDecode>>\nstream\n", packed.len()).into_bytes();
        body.extend_from_slice(&packed);
        body.extend_from_slice(b"\nendstream");
        self.object(id + 1, &body)
    }

    /// Writes the page tree, the cross-reference table and the trailer; returns the sink.
    pub fn finish(mut self) -> io::Result<W> {
        let kids: Vec<String> = (0..self.pages)
            .map(|i| format!("{} 0 R", FIRST_PAGE + 2 * i))
            .collect();
        let tree = format!(
            "<</Type/Pages/Count {}/Kids[{}]>>",
            self.pages,
            kids.join(" ")
        );
        self.object(PAGES, tree.as_bytes())?;
        let xref = self.out.written;
        let hash = self.out.hash;
        let mut table = format!("xref\n0 {}\n0000000000 65535 f \n", self.offsets.len() + 1);
        for off in &self.offsets {
            table.push_str(&format!("{off:010} 00000 n \n"));
        }
        let id = format!("{hash:016x}{:016x}", hash.rotate_left(29) ^ 0x9e37_79b9);
        table.push_str(&format!(
            "trailer\n<</Size {}/Root {CATALOG} 0 R/Info {INFO} 0 R/ID[<{id}><{id}>]>>\nstartxref\n{xref}\n%%EOF\n",
            self.offsets.len() + 1
        ));
        self.out.write_all(table.as_bytes())?;
        self.out.flush()?;
        Ok(self.out.inner)
    }
}

/// A number in points with at most three decimals and no trailing zeros.
fn num(v: f64) -> String {
    let mut s = String::new();
    push_num(&mut s, v);
    s
}

/// Appends a number as [`super::number::fmt`] writes it, without its allocations (a page of
/// dots has a hundred thousand numbers).
fn push_num(s: &mut String, v: f64) {
    use std::fmt::Write as _;
    let milli = (v * 1000.0).round();
    if !milli.is_finite() || milli.abs() >= 9.0e15 {
        s.push_str(&super::number::fmt(v));
        return;
    }
    let m = milli as i64;
    if m < 0 {
        s.push('-');
    }
    let m = m.unsigned_abs();
    let _ = write!(s, "{}", m / 1000);
    let mut frac = m % 1000;
    if frac != 0 {
        let mut digits = 3;
        while frac.is_multiple_of(10) {
            frac /= 10;
            digits -= 1;
        }
        let _ = write!(s, ".{frac:0digits$}");
    }
}

/// Appends `text` as a PDF literal string in WinAnsi encoding; characters outside it become '?'.
fn pdf_string(out: &mut Vec<u8>, text: &str) {
    out.push(b'(');
    for c in text.chars() {
        let b = win_ansi(c).unwrap_or(b'?');
        match b {
            b'(' | b')' | b'\\' => {
                out.push(b'\\');
                out.push(b);
            }
            0x20..=0x7e => out.push(b),
            _ => out.extend_from_slice(format!("\\{b:03o}").as_bytes()),
        }
    }
    out.push(b')');
}

/// The WinAnsi code of a character, if it has one.
fn win_ansi(c: char) -> Option<u8> {
    let u = c as u32;
    match u {
        0x20..=0x7e | 0xa0..=0xff => Some(u as u8),
        _ => {
            const HIGH: [(char, u8); 27] = [
                ('€', 0x80),
                ('‚', 0x82),
                ('ƒ', 0x83),
                ('„', 0x84),
                ('…', 0x85),
                ('†', 0x86),
                ('‡', 0x87),
                ('ˆ', 0x88),
                ('‰', 0x89),
                ('Š', 0x8a),
                ('‹', 0x8b),
                ('Œ', 0x8c),
                ('Ž', 0x8e),
                ('\u{2018}', 0x91),
                ('\u{2019}', 0x92),
                ('\u{201c}', 0x93),
                ('\u{201d}', 0x94),
                ('•', 0x95),
                ('–', 0x96),
                ('—', 0x97),
                ('˜', 0x98),
                ('™', 0x99),
                ('š', 0x9a),
                ('›', 0x9b),
                ('œ', 0x9c),
                ('ž', 0x9e),
                ('Ÿ', 0x9f),
            ];
            HIGH.iter().find(|(k, _)| *k == c).map(|(_, b)| *b)
        }
    }
}

/// The graphics state already set in a content stream, so each change is written once.
#[derive(Default)]
struct State {
    stroke: Option<(u8, u8, u8)>,
    fill: Option<(u8, u8, u8)>,
    width: Option<f64>,
    dash: Option<Vec<f64>>,
}

/// Writes the page's content stream: the display list in points, y up.
fn page_content(page: &Page) -> Vec<u8> {
    let height = page.size.h;
    let mut s = String::with_capacity(page.items.len() * 48);
    let mut st = State::default();
    let pt = |p: Point| (Mm(p.x).to_pt(), Mm(height - p.y).to_pt());
    let xy = |s: &mut String, p: Point| {
        let (x, y) = pt(p);
        push_num(s, x);
        s.push(' ');
        push_num(s, y);
    };
    for item in &page.items {
        match item {
            Item::Shape(shape) => {
                let closed = !matches!(shape.geometry, Geometry::Line(..) | Geometry::Polyline(_));
                let fill = if closed { shape.fill } else { None };
                let op = match (fill.is_some(), shape.stroke.is_some()) {
                    (true, true) => "B",
                    (true, false) => "f",
                    (false, true) => "S",
                    (false, false) => continue,
                };
                if let Some(stroke) = &shape.stroke {
                    set_stroke(&mut s, &mut st, stroke);
                }
                if let Some(f) = fill {
                    set_fill(&mut s, &mut st, f);
                }
                match &shape.geometry {
                    Geometry::Line(a, b) => path(&mut s, &xy, &[*a, *b], false),
                    Geometry::Polyline(ps) => path(&mut s, &xy, ps, false),
                    Geometry::Polygon(ps) => path(&mut s, &xy, ps, true),
                    Geometry::Circle(c, r) => circle(&mut s, &xy, *c, *r),
                }
                s.push_str(op);
                s.push('\n');
            }
            Item::Text(t) => {
                set_fill(&mut s, &mut st, t.paint);
                let font = if t.bold { "F2" } else { "F1" };
                let size = Mm(t.size).to_pt();
                // Each word is placed where the layout measured it (the same widths as the
                // SVG back end), relative to the previous word's start within one text object.
                let mut x = start_x(t);
                let mut last: Option<f64> = None;
                let mut body = Vec::new();
                for (i, word) in t.text.split(' ').enumerate() {
                    if i > 0 {
                        x += text_width(" ", t.size, t.bold);
                    }
                    if !word.is_empty() {
                        match last {
                            None => {
                                let (px, py) = pt(Point::new(x, t.pos.y));
                                body.extend_from_slice(
                                    format!("{} {} Td ", num(px), num(py)).as_bytes(),
                                );
                            }
                            Some(prev) => body.extend_from_slice(
                                format!("{} 0 Td ", num(Mm(x - prev).to_pt())).as_bytes(),
                            ),
                        }
                        pdf_string(&mut body, word);
                        body.extend_from_slice(b" Tj\n");
                        last = Some(x);
                    }
                    x += text_width(word, t.size, t.bold);
                }
                if last.is_some() {
                    s.push_str(&format!("BT /{font} {} Tf\n", num(size)));
                    // WinAnsi bytes above 0x7e are written as octal escapes: the body is ASCII.
                    s.push_str(&String::from_utf8_lossy(&body));
                    s.push_str("ET\n");
                }
            }
        }
    }
    s.into_bytes()
}

fn set_stroke(s: &mut String, st: &mut State, stroke: &Stroke) {
    let rgb = stroke.paint.rgb();
    if st.stroke != Some(rgb) {
        s.push_str(&format!("{} RG\n", colour(rgb)));
        st.stroke = Some(rgb);
    }
    let width = Mm(stroke.width).to_pt();
    if st.width != Some(width) {
        s.push_str(&format!("{} w\n", num(width)));
        st.width = Some(width);
    }
    if st.dash.as_deref() != Some(stroke.dash.as_slice()) {
        let d: Vec<String> = stroke.dash.iter().map(|v| num(Mm(*v).to_pt())).collect();
        s.push_str(&format!("[{}] 0 d\n", d.join(" ")));
        st.dash = Some(stroke.dash.clone());
    }
}

fn set_fill(s: &mut String, st: &mut State, paint: Paint) {
    let rgb = paint.rgb();
    if st.fill != Some(rgb) {
        s.push_str(&format!("{} rg\n", colour(rgb)));
        st.fill = Some(rgb);
    }
}

fn colour((r, g, b): (u8, u8, u8)) -> String {
    let c = |v: u8| num(v as f64 / 255.0);
    format!("{} {} {}", c(r), c(g), c(b))
}

fn path(s: &mut String, xy: &impl Fn(&mut String, Point), ps: &[Point], closed: bool) {
    for (i, p) in ps.iter().enumerate() {
        xy(s, *p);
        s.push_str(if i == 0 { " m\n" } else { " l\n" });
    }
    if closed {
        s.push_str("h ");
    }
}

fn circle(s: &mut String, xy: &impl Fn(&mut String, Point), c: Point, r: f64) {
    let k = r * KAPPA;
    let p = |x: f64, y: f64| Point::new(c.x + x, c.y + y);
    xy(s, p(r, 0.0));
    s.push_str(" m\n");
    let quarters = [
        [p(r, k), p(k, r), p(0.0, r)],
        [p(-k, r), p(-r, k), p(-r, 0.0)],
        [p(-r, -k), p(-k, -r), p(0.0, -r)],
        [p(k, -r), p(r, -k), p(r, 0.0)],
    ];
    for q in quarters {
        for (i, pt) in q.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            xy(s, *pt);
        }
        s.push_str(" c\n");
    }
    s.push_str("h ");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Size;
    use crate::render::Align;

    fn sample() -> Page {
        let mut page = Page::new(Size::new(100.0, 80.0));
        page.text(
            Point::new(10.0, 10.0),
            "Black (to play) – wins".to_string(),
            4.0,
            Align::Start,
        );
        page
    }

    #[test]
    fn same_pages_give_the_same_bytes_and_a_recognisable_head() {
        let a = pages_to_pdf(&[sample(), sample()], "Title é");
        let b = pages_to_pdf(&[sample(), sample()], "Title é");
        assert_eq!(a, b);
        assert!(is_ours(&a));
        assert!(!is_ours(b"%PDF-1.7\n1 0 obj\n<</Producer (someone else)>>"));
        let text = String::from_utf8_lossy(&a);
        assert!(text.contains("/Count 2/Kids[6 0 R 8 0 R]"), "{text}");
        assert!(text.contains("/Title (Title \\351)"), "{text}");
    }

    #[test]
    fn numbers_are_written_as_everywhere_else() {
        for v in [
            0.0, -0.0001, 12.5, 3.0, 1.23456, -7.0005, 0.1, 841.889_83, -0.25, 1e6,
        ] {
            assert_eq!(num(v), crate::render::number::fmt(v), "{v}");
        }
    }

    #[test]
    fn strings_are_escaped_and_encoded() {
        let mut out = Vec::new();
        pdf_string(&mut out, "a(b)\\c – ✓");
        assert_eq!(out, b"(a\\(b\\)\\\\c \\226 ?)".to_vec());
    }

    #[test]
    fn the_cross_reference_offsets_point_at_their_objects() {
        let bytes = pages_to_pdf(&[sample()], "x");
        // Offsets are in bytes: search the bytes, the streams are not text.
        let tail = String::from_utf8_lossy(&bytes[bytes.len() - 64..]).into_owned();
        let start: usize = tail
            .rsplit("startxref\n")
            .next()
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let table = String::from_utf8_lossy(&bytes[start..]).into_owned();
        assert!(table.starts_with("xref\n0 8\n"), "{table}");
        for (i, line) in table.lines().skip(3).take(7).enumerate() {
            let off: usize = line[..10].parse().unwrap();
            assert!(
                bytes[off..].starts_with(format!("{} 0 obj", i + 1).as_bytes()),
                "{line}"
            );
        }
    }
}

//! The PDF back end: a small writer of our own that streams a document page by page, so memory
//! does not grow with the page count. Text is set in the shipped Liberation Sans faces
//! ([`super::font`]), embedded as subsets (CID-keyed TrueType, Identity-H, with a ToUnicode map so
//! text can be searched and copied) once every page is written and the glyphs used are known.
//! Circles are four cubic Béziers, the y axis is flipped here and nowhere else, each page's
//! content and each font file are deflated, and the document id is hashed from the bytes
//! written, so the same input gives the same bytes.
//!
//! The Info dictionary comes first in the file and names stonepress as its Producer: that is how
//! a later run recognises a PDF it wrote (see [`is_ours`]).

use std::io::{self, Write};

use flate2::Compression;
use flate2::write::ZlibEncoder;

use std::collections::BTreeMap;

use super::font::{self, Face};
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

/// What the document information dictionary says of a document.
#[derive(Clone, Debug, Default)]
pub struct Info {
    /// The title.
    pub title: String,
    /// The subject, if given.
    pub subject: Option<String>,
    /// The creation and modification date as a PDF date ("D:20261124000000Z"); when None, the
    /// date comes from `SOURCE_DATE_EPOCH`, and without it there is none.
    pub date: Option<String>,
}

impl Info {
    /// A title alone.
    pub fn titled(title: &str) -> Info {
        Info {
            title: title.to_string(),
            ..Info::default()
        }
    }
}

/// A calendar date "YYYY-MM-DD" as a PDF date at midnight UTC, if it is one.
pub fn date_of(text: &str) -> Option<String> {
    let mut parts = text.trim().split('-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return None;
    }
    let (y, m, d): (u32, u32, u32) = (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?);
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let days = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    let ok = (1..=12).contains(&m) && d >= 1 && d <= days[m as usize - 1];
    ok.then(|| format!("D:{y:04}{m:02}{d:02}000000Z"))
}

/// Writes pages as one PDF document, in memory.
pub fn pages_to_pdf(pages: &[Page], info: &Info) -> Vec<u8> {
    let mut w = PdfWriter::new(Vec::new(), info).expect("writing to memory does not fail");
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
    /// The glyphs each face (regular, bold) has printed, with the character each stands for.
    used: [BTreeMap<u16, char>; 2],
    /// The outline: each bookmark's title and the index of its page.
    outline: Vec<(String, usize)>,
}

impl<W: Write> PdfWriter<W> {
    /// Starts a document: the header and the information dictionary (the fonts, the outline
    /// and the catalog are written by [`PdfWriter::finish`]).
    pub fn new(out: W, meta: &Info) -> io::Result<Self> {
        let mut w = PdfWriter {
            out: Counting {
                inner: out,
                written: 0,
                hash: 0xcbf2_9ce4_8422_2325,
            },
            offsets: vec![0; FIRST_PAGE - 1],
            pages: 0,
            used: [BTreeMap::new(), BTreeMap::new()],
            outline: Vec::new(),
        };
        w.out.write_all(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")?;
        let mut info = format!("<</Producer ({PRODUCER})/Creator ({PRODUCER})/Title ").into_bytes();
        text_string(&mut info, &meta.title);
        if let Some(subject) = &meta.subject {
            info.extend_from_slice(b"/Subject ");
            text_string(&mut info, subject);
        }
        if let Some(date) = meta.date.clone().or_else(source_date) {
            info.extend_from_slice(format!("/CreationDate ({date})/ModDate ({date})").as_bytes());
        }
        info.extend_from_slice(b">>");
        w.object(INFO, &info)?;
        Ok(w)
    }

    /// Writes the outline (one entry per bookmarked page, in page order) and the catalog that
    /// opens it, with page labels numbering the pages from 1.
    fn catalog(&mut self) -> io::Result<()> {
        let outline = std::mem::take(&mut self.outline);
        let mut extra = String::from("/PageLabels<</Nums[0<</S/D>>]>>");
        if !outline.is_empty() {
            let root = self.next_id();
            let first = root + 1;
            let last = root + outline.len();
            self.object(
                root,
                format!(
                    "<</Type/Outlines/First {first} 0 R/Last {last} 0 R/Count {}>>",
                    outline.len()
                )
                .as_bytes(),
            )?;
            for (i, (title, page)) in outline.iter().enumerate() {
                let id = first + i;
                let mut body = b"<</Title ".to_vec();
                text_string(&mut body, title);
                body.extend_from_slice(format!("/Parent {root} 0 R").as_bytes());
                if i > 0 {
                    body.extend_from_slice(format!("/Prev {} 0 R", id - 1).as_bytes());
                }
                if id < last {
                    body.extend_from_slice(format!("/Next {} 0 R", id + 1).as_bytes());
                }
                let page_id = FIRST_PAGE + 2 * page;
                body.extend_from_slice(format!("/Dest[{page_id} 0 R/Fit]>>").as_bytes());
                self.object(id, &body)?;
            }
            extra.push_str(&format!("/Outlines {root} 0 R/PageMode/UseOutlines"));
        }
        self.object(
            CATALOG,
            format!("<</Type/Catalog/Pages {PAGES} 0 R{extra}>>").as_bytes(),
        )
    }

    /// The next free object number.
    fn next_id(&self) -> usize {
        self.offsets.len() + 1
    }

    /// Writes a deflated stream object with extra dictionary entries.
    fn stream(&mut self, id: usize, extra: &str, data: &[u8]) -> io::Result<()> {
        let mut z = ZlibEncoder::new(Vec::with_capacity(data.len() / 2), Compression::default());
        z.write_all(data)?;
        let packed = z.finish()?;
        let mut body = format!(
            "<</Length {}/Filter/FlateDecode{extra}>>\nstream\n",
            packed.len()
        )
        .into_bytes();
        body.extend_from_slice(&packed);
        body.extend_from_slice(b"\nendstream");
        self.object(id, &body)
    }

    /// Writes one face as a Type 0 font under `id`: its CID font with the widths of the glyphs
    /// used, the descriptor, the subset font file and the ToUnicode map.
    fn font(&mut self, id: usize, face: &Face, used: &BTreeMap<u16, char>) -> io::Result<()> {
        let glyphs = used.keys().copied().collect();
        let file = font::subset(face.data, &glyphs)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        // The subset's tag: six capitals from a hash of its glyphs, as PDF names subsets.
        let hash = used.keys().fold(0xcbf2_9ce4_8422_2325u64, |h, &g| {
            (h ^ g as u64).wrapping_mul(0x0000_0100_0000_01b3)
        });
        let tag: String = (0..6)
            .map(|i| (b'A' + ((hash >> (5 * i)) % 26) as u8) as char)
            .collect();
        let name = format!("{tag}+{}", face.postscript_name);
        let (cid, descriptor, file_id, unicode) = {
            let n = self.next_id();
            (n, n + 1, n + 2, n + 3)
        };
        let scale = |v: i16| num(v as f64 * 1000.0 / face.units_per_em as f64);
        self.object(
            id,
            format!(
                "<</Type/Font/Subtype/Type0/BaseFont/{name}/Encoding/Identity-H/DescendantFonts[{cid} 0 R]/ToUnicode {unicode} 0 R>>"
            )
            .as_bytes(),
        )?;
        let widths: Vec<String> = used
            .keys()
            .map(|&g| format!("{g}[{}]", num(face.advance_milli(g))))
            .collect();
        self.object(
            cid,
            format!(
                "<</Type/Font/Subtype/CIDFontType2/BaseFont/{name}/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/FontDescriptor {descriptor} 0 R/CIDToGIDMap/Identity/W[{}]>>",
                widths.join(" ")
            )
            .as_bytes(),
        )?;
        let [x0, y0, x1, y1] = face.bbox;
        self.object(
            descriptor,
            format!(
                "<</Type/FontDescriptor/FontName/{name}/Flags 32/FontBBox[{} {} {} {}]/ItalicAngle 0/Ascent {}/Descent {}/CapHeight {}/StemV {}/FontFile2 {file_id} 0 R>>",
                scale(x0),
                scale(y0),
                scale(x1),
                scale(y1),
                scale(face.ascent),
                scale(face.descent),
                scale(face.cap_height),
                if face.postscript_name.ends_with("Bold") { 140 } else { 80 }
            )
            .as_bytes(),
        )?;
        self.stream(file_id, &format!("/Length1 {}", file.len()), &file)?;
        self.stream(unicode, "", to_unicode(used).as_bytes())
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
        if let Some(title) = &page.bookmark {
            self.outline.push((title.clone(), self.pages));
        }
        self.pages += 1;
        let (w, h) = (Mm(page.size.w).to_pt(), Mm(page.size.h).to_pt());
        // A page that bleeds says where it is trimmed; the bleed box is the whole sheet.
        let boxes = if page.bleed > 0.0 {
            let b = Mm(page.bleed).to_pt();
            format!(
                "/BleedBox[0 0 {} {}]/TrimBox[{} {} {} {}]",
                num(w),
                num(h),
                num(b),
                num(b),
                num(w - b),
                num(h - b)
            )
        } else {
            String::new()
        };
        let dict = format!(
            "<</Type/Page/Parent {PAGES} 0 R/MediaBox[0 0 {} {}]{boxes}/Resources<</Font<</F1 {FONT} 0 R/F2 {FONT_BOLD} 0 R>>>>/Contents {} 0 R>>",
            num(w),
            num(h),
            id + 1
        );
        self.object(id, dict.as_bytes())?;
        let content = page_content(page, &mut self.used)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        self.stream(id + 1, "", &content)
    }

    /// Writes the page tree, the cross-reference table and the trailer; returns the sink.
    pub fn finish(mut self) -> io::Result<W> {
        let used = std::mem::take(&mut self.used);
        self.font(FONT, font::face(false), &used[0])?;
        self.font(FONT_BOLD, font::face(true), &used[1])?;
        self.catalog()?;
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

/// Appends `text` as a PDF text string: a literal when it is printable ASCII, else UTF-16BE
/// with a byte-order mark, so any title reads back as written.
fn text_string(out: &mut Vec<u8>, text: &str) {
    if text.chars().all(|c| (' '..='~').contains(&c)) {
        out.push(b'(');
        for b in text.bytes() {
            if matches!(b, b'(' | b')' | b'\\') {
                out.push(b'\\');
            }
            out.push(b);
        }
        out.push(b')');
    } else {
        out.extend_from_slice(b"<FEFF");
        for u in text.encode_utf16() {
            out.extend_from_slice(format!("{u:04X}").as_bytes());
        }
        out.push(b'>');
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

/// Writes the page's content stream: the display list in points, y up; the glyphs its text uses
/// are added to `used` (regular, bold). A character the font lacks is an error naming the text.
fn page_content(page: &Page, used: &mut [BTreeMap<u16, char>; 2]) -> Result<Vec<u8>, String> {
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
                let face = font::face(t.bold);
                let used = &mut used[usize::from(t.bold)];
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
                        body.push(b'<');
                        for c in word.chars() {
                            let g = face
                                .glyph(c)
                                .ok_or_else(|| font::missing_message(&t.text, c))?;
                            used.insert(g, c);
                            body.extend_from_slice(format!("{g:04X}").as_bytes());
                        }
                        body.extend_from_slice(b"> Tj\n");
                        last = Some(x);
                    }
                    x += text_width(word, t.size, t.bold);
                }
                if last.is_some() {
                    s.push_str(&format!("BT /{font} {} Tf\n", num(size)));
                    // Glyph numbers are written in hex: the body is ASCII.
                    s.push_str(&String::from_utf8_lossy(&body));
                    s.push_str("ET\n");
                }
            }
        }
    }
    Ok(s.into_bytes())
}

/// The ToUnicode map of a subset: each glyph used and the character it stands for.
fn to_unicode(used: &BTreeMap<u16, char>) -> String {
    let mut s = String::from(
        "/CIDInit/ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)/Supplement 0>>def\n/CMapName/Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000><FFFF>\nendcodespacerange\n",
    );
    let pairs: Vec<(&u16, &char)> = used.iter().collect();
    for chunk in pairs.chunks(100) {
        s.push_str(&format!("{} beginbfchar\n", chunk.len()));
        for (g, c) in chunk {
            let mut units = [0u16; 2];
            let hex: String = c
                .encode_utf16(&mut units)
                .iter()
                .map(|u| format!("{u:04X}"))
                .collect();
            s.push_str(&format!("<{g:04X}><{hex}>\n"));
        }
        s.push_str("endbfchar\n");
    }
    s.push_str("endcmap\nCMapName currentdict/CMap defineresource pop\nend\nend\n");
    s
}

/// The date the document carries, as a PDF date: from `SOURCE_DATE_EPOCH` (seconds since
/// 1970, UTC), the convention for reproducible builds; none when it is unset or not a number,
/// so that the same input always gives the same bytes.
fn source_date() -> Option<String> {
    let secs: i64 = std::env::var("SOURCE_DATE_EPOCH")
        .ok()?
        .trim()
        .parse()
        .ok()?;
    Some(pdf_date(secs))
}

/// A time in seconds since 1970 (UTC) as a PDF date.
fn pdf_date(secs: i64) -> String {
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // The civil date of a day count from 1970-01-01, in 400-year eras of 146,097 days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "D:{year:04}{month:02}{day:02}{:02}{:02}{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
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
        let a = pages_to_pdf(&[sample(), sample()], &Info::titled("Title é"));
        let b = pages_to_pdf(&[sample(), sample()], &Info::titled("Title é"));
        assert_eq!(a, b);
        assert!(is_ours(&a));
        assert!(!is_ours(b"%PDF-1.7\n1 0 obj\n<</Producer (someone else)>>"));
        let text = String::from_utf8_lossy(&a);
        assert!(text.contains("/Count 2/Kids[6 0 R 8 0 R]"), "{text}");
        assert!(
            text.contains("/Title <FEFF005400690074006C0065002000E9>"),
            "{text}"
        );
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
    fn text_strings_are_escaped_or_written_in_utf16() {
        let mut out = Vec::new();
        text_string(&mut out, "a(b)\\c");
        assert_eq!(out, b"(a\\(b\\)\\\\c)".to_vec());
        out.clear();
        text_string(&mut out, "Łódź");
        assert_eq!(out, b"<FEFF014100F30064017A>".to_vec());
    }

    #[test]
    fn text_is_set_in_embedded_subsets_with_a_unicode_map() {
        let bytes = pages_to_pdf(&[sample()], &Info::titled("x"));
        let text = String::from_utf8_lossy(&bytes);
        assert_eq!(text.matches("/Subtype/Type0").count(), 2, "{text}");
        assert_eq!(text.matches("/FontFile2 ").count(), 2);
        assert_eq!(text.matches("/ToUnicode ").count(), 2);
        assert!(text.contains("+LiberationSans/Encoding/Identity-H"));
        assert!(!text.contains("Helvetica"));
        let mut page = sample();
        page.text(
            Point::new(1.0, 1.0),
            "Stone 碁".to_string(),
            3.0,
            Align::Start,
        );
        let mut w = PdfWriter::new(Vec::new(), &Info::titled("x")).unwrap();
        let err = w.page(&page).unwrap_err().to_string();
        assert!(
            err.contains("\"Stone 碁\"") && err.contains("U+7881"),
            "{err}"
        );
    }

    #[test]
    fn configured_dates_are_checked() {
        assert_eq!(date_of("2026-11-24").as_deref(), Some("D:20261124000000Z"));
        assert_eq!(date_of("2024-02-29").as_deref(), Some("D:20240229000000Z"));
        for bad in [
            "2023-02-29",
            "2026-13-01",
            "2026-1-01",
            "26-11-24",
            "2026-11-24-1",
            "x",
        ] {
            assert_eq!(date_of(bad), None, "{bad}");
        }
        let bytes = pages_to_pdf(
            &[sample()],
            &Info {
                title: "T".into(),
                subject: Some("S".into()),
                date: date_of("2026-11-24"),
            },
        );
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains("/Title (T)/Subject (S)/CreationDate (D:20261124000000Z)"));
    }

    #[test]
    fn dates_are_civil_dates_in_utc() {
        assert_eq!(pdf_date(0), "D:19700101000000Z");
        assert_eq!(pdf_date(1_795_478_400), "D:20261124000000Z");
        assert_eq!(pdf_date(951_827_696), "D:20000229123456Z");
        assert_eq!(pdf_date(-1), "D:19691231235959Z");
    }

    #[test]
    fn the_cross_reference_offsets_point_at_their_objects() {
        let bytes = pages_to_pdf(&[sample()], &Info::titled("x"));
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
        // Five fixed objects, the page and its content, four more for each of the two fonts.
        assert!(table.starts_with("xref\n0 16\n"), "{table}");
        for (i, line) in table.lines().skip(3).take(15).enumerate() {
            let off: usize = line[..10].parse().unwrap();
            assert!(
                bytes[off..].starts_with(format!("{} 0 obj", i + 1).as_bytes()),
                "{line}"
            );
        }
    }
}

//! The type every page is set in: Liberation Sans, regular and bold (SIL Open Font License 1.1,
//! see `fonts/LICENSE-OFL.txt`), shipped inside the program so that every machine measures and
//! prints the same text. Its advance widths are those of Helvetica and Arial, so a page laid
//! out here reads the same wherever the SVG falls back to one of those.
//!
//! Widths come from the font's own tables (cmap and hmtx), for wrapping and centring in both
//! back ends; the PDF back end embeds a subset of each face ([`subset`]): the glyphs a
//! document uses (and the glyphs composite ones are made of), every other outline left out.
//! A character the font has no glyph for is an error naming the text ([`missing`]), never a
//! silent substitute.

use std::collections::BTreeSet;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

/// The regular face's file.
static REGULAR_TTF: &[u8] = include_bytes!("fonts/LiberationSans-Regular.ttf");
/// The bold face's file.
static BOLD_TTF: &[u8] = include_bytes!("fonts/LiberationSans-Bold.ttf");

/// The family name the SVG back end asks for and the PDF fonts are named after.
pub const FAMILY: &str = "Liberation Sans";

/// One face: its file, and what layout needs from it.
pub struct Face {
    /// The TrueType file.
    pub data: &'static [u8],
    /// The PostScript name ("LiberationSans-Bold").
    pub postscript_name: &'static str,
    /// Font units per em.
    pub units_per_em: u16,
    /// The number of glyphs.
    glyphs: u16,
    /// The horizontal metrics (advance widths), read on demand like the character map.
    hmtx: Option<ttf_parser::hmtx::Table<'static>>,
    /// The character map, read on demand (building a table of all its characters cost more
    /// than a one-page document spends on everything else).
    cmap: Option<ttf_parser::cmap::Table<'static>>,
    /// The glyphs of U+0000..U+00FF (the common case), each looked up in the character map the
    /// first time it is asked for: 0 not yet, 1 no glyph, else the glyph plus 2. Filling all of
    /// them up front cost 512 lookups per run where a page uses a few dozen characters.
    latin: [AtomicU32; 256],
    /// Ascender, descender and cap height, font units.
    pub ascent: i16,
    /// Descender (negative), font units.
    pub descent: i16,
    /// Height of capitals, font units.
    pub cap_height: i16,
    /// The bounding box of all glyphs: x min, y min, x max, y max, font units.
    pub bbox: [i16; 4],
}

impl Face {
    fn load(data: &'static [u8], postscript_name: &'static str) -> Face {
        let face = ttf_parser::Face::parse(data, 0).expect("the shipped font parses");
        let r = face.global_bounding_box();
        Face {
            data,
            postscript_name,
            units_per_em: face.units_per_em(),
            glyphs: face.number_of_glyphs(),
            hmtx: face.tables().hmtx,
            cmap: face.tables().cmap,
            latin: [const { AtomicU32::new(0) }; 256],
            ascent: face.ascender(),
            descent: face.descender(),
            cap_height: face.capital_height().unwrap_or(face.ascender()),
            bbox: [r.x_min, r.y_min, r.x_max, r.y_max],
        }
    }

    /// The glyph of a character, if the font has one.
    pub fn glyph(&self, c: char) -> Option<u16> {
        match u32::from(c) {
            i @ 0..=255 => {
                // Every thread that races here stores the same value.
                let slot = &self.latin[i as usize];
                match slot.load(Ordering::Relaxed) {
                    0 => {
                        let g = lookup(self.cmap, c);
                        slot.store(g.map_or(1, |g| u32::from(g) + 2), Ordering::Relaxed);
                        g
                    }
                    1 => None,
                    v => Some((v - 2) as u16),
                }
            }
            _ => lookup(self.cmap, c),
        }
    }

    /// The advance width of a glyph in font units (0 for a glyph the face does not have). The
    /// faces are not variable, so this is the table's value as it stands.
    fn advance(&self, glyph: u16) -> u16 {
        if glyph >= self.glyphs {
            return 0;
        }
        self.hmtx
            .and_then(|h| h.advance(ttf_parser::GlyphId(glyph)))
            .unwrap_or(0)
    }

    /// The advance of a glyph in thousandths of an em (the unit PDF widths are given in).
    pub fn advance_milli(&self, glyph: u16) -> f64 {
        let units = self.advance(glyph);
        units as f64 * 1000.0 / self.units_per_em as f64
    }

    /// The advance width of a text at `size` (mm per em); a character without a glyph counts
    /// as the font's missing-glyph box.
    pub fn width(&self, text: &str, size: f64) -> f64 {
        let units: u32 = text
            .chars()
            .map(|c| {
                let g = self.glyph(c).unwrap_or(0);
                u32::from(self.advance(g))
            })
            .sum();
        units as f64 / self.units_per_em as f64 * size
    }
}

/// The glyph of a character in the first Unicode subtable of `cmap` that maps it to a glyph
/// other than 0.
fn lookup(cmap: Option<ttf_parser::cmap::Table<'static>>, c: char) -> Option<u16> {
    cmap?
        .subtables
        .into_iter()
        .filter(|s| s.is_unicode())
        .find_map(|s| s.glyph_index(u32::from(c)).filter(|g| g.0 != 0))
        .map(|g| g.0)
}

/// The regular or the bold face.
pub fn face(bold: bool) -> &'static Face {
    static REGULAR: OnceLock<Face> = OnceLock::new();
    static BOLD: OnceLock<Face> = OnceLock::new();
    if bold {
        BOLD.get_or_init(|| Face::load(BOLD_TTF, "LiberationSans-Bold"))
    } else {
        REGULAR.get_or_init(|| Face::load(REGULAR_TTF, "LiberationSans"))
    }
}

/// The first character of `text` that the face has no glyph for.
pub fn missing(text: &str, bold: bool) -> Option<char> {
    let f = face(bold);
    text.chars().find(|&c| f.glyph(c).is_none())
}

/// The error for a text with a character the font lacks.
pub fn missing_message(text: &str, c: char) -> String {
    format!(
        "the text \"{text}\" has a character the font ({FAMILY}) cannot print: '{c}' (U+{:04X})",
        u32::from(c)
    )
}

/// Reads a big-endian u16 at `at`.
fn u16_at(d: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes([*d.get(at)?, *d.get(at + 1)?]))
}

/// Reads a big-endian u32 at `at`.
fn u32_at(d: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(d.get(at..at + 4)?.try_into().ok()?))
}

/// The tables of a TrueType file by tag.
fn tables(data: &[u8]) -> Option<Vec<([u8; 4], &[u8])>> {
    let n = u16_at(data, 4)? as usize;
    (0..n)
        .map(|i| {
            let rec = 12 + 16 * i;
            let tag: [u8; 4] = data.get(rec..rec + 4)?.try_into().ok()?;
            let off = u32_at(data, rec + 8)? as usize;
            let len = u32_at(data, rec + 12)? as usize;
            Some((tag, data.get(off..off + len)?))
        })
        .collect()
}

/// The TrueType checksum of a table: its big-endian u32 words summed, the last one padded.
fn checksum(data: &[u8]) -> u32 {
    data.chunks(4).fold(0u32, |sum, w| {
        let mut b = [0u8; 4];
        b[..w.len()].copy_from_slice(w);
        sum.wrapping_add(u32::from_be_bytes(b))
    })
}

/// The tables a PDF viewer needs from an embedded TrueType font (and `name`, which keeps the
/// copyright and licence notice with the subset).
const KEPT: [&[u8; 4]; 10] = [
    b"OS/2", b"cvt ", b"fpgm", b"glyf", b"head", b"hhea", b"hmtx", b"loca", b"maxp", b"name",
];

/// A TrueType file with only the outlines of `glyphs` (and the glyphs their composites are
/// made of, and glyph 0): glyph numbers stay as they were, so text can address glyphs by
/// their number in the full font; the other glyphs are left empty. Deterministic: the same
/// glyphs give the same bytes.
pub fn subset(data: &[u8], glyphs: &BTreeSet<u16>) -> Result<Vec<u8>, String> {
    let bad = || "the font file is malformed".to_string();
    let tabs = tables(data).ok_or_else(bad)?;
    let table = |tag: &[u8; 4]| tabs.iter().find(|(t, _)| t == tag).map(|(_, d)| *d);
    let head = table(b"head").ok_or_else(bad)?;
    let maxp = table(b"maxp").ok_or_else(bad)?;
    let loca = table(b"loca").ok_or_else(bad)?;
    let glyf = table(b"glyf").ok_or_else(bad)?;
    let count = u16_at(maxp, 4).ok_or_else(bad)? as usize;
    let long = u16_at(head, 50).ok_or_else(bad)? == 1;
    let range = |g: usize| -> Option<(usize, usize)> {
        let at = |i: usize| {
            if long {
                u32_at(loca, 4 * i).map(|v| v as usize)
            } else {
                u16_at(loca, 2 * i).map(|v| 2 * v as usize)
            }
        };
        let (a, b) = (at(g)?, at(g + 1)?);
        (a <= b && b <= glyf.len()).then_some((a, b))
    };
    // The glyphs to keep: those asked for, glyph 0, and every component of a composite.
    let mut keep: BTreeSet<usize> = glyphs.iter().map(|&g| g as usize).collect();
    keep.insert(0);
    let mut todo: Vec<usize> = keep.iter().copied().collect();
    while let Some(g) = todo.pop() {
        if g >= count {
            return Err(format!("glyph {g} is not in the font"));
        }
        let (a, b) = range(g).ok_or_else(bad)?;
        let d = &glyf[a..b];
        if d.len() < 10 || (u16_at(d, 0).ok_or_else(bad)? as i16) >= 0 {
            continue;
        }
        let mut at = 10;
        loop {
            let flags = u16_at(d, at).ok_or_else(bad)?;
            let component = u16_at(d, at + 2).ok_or_else(bad)? as usize;
            if keep.insert(component) {
                todo.push(component);
            }
            at += 4 + if flags & 0x0001 != 0 { 4 } else { 2 };
            at += match flags {
                f if f & 0x0008 != 0 => 2,
                f if f & 0x0040 != 0 => 4,
                f if f & 0x0080 != 0 => 8,
                _ => 0,
            };
            if flags & 0x0020 == 0 {
                break;
            }
        }
    }
    let mut new_glyf = Vec::new();
    let mut new_loca = Vec::with_capacity(4 * (count + 1));
    for g in 0..count {
        new_loca.extend_from_slice(&(new_glyf.len() as u32).to_be_bytes());
        if keep.contains(&g) {
            let (a, b) = range(g).ok_or_else(bad)?;
            new_glyf.extend_from_slice(&glyf[a..b]);
            while new_glyf.len() % 4 != 0 {
                new_glyf.push(0);
            }
        }
    }
    new_loca.extend_from_slice(&(new_glyf.len() as u32).to_be_bytes());
    let mut new_head = head.to_vec();
    new_head[8..12].copy_from_slice(&[0; 4]);
    new_head[50..52].copy_from_slice(&1u16.to_be_bytes());
    let mut out_tables: Vec<([u8; 4], Vec<u8>)> = Vec::new();
    for tag in KEPT {
        let body = match tag {
            b"glyf" => std::mem::take(&mut new_glyf),
            b"loca" => std::mem::take(&mut new_loca),
            b"head" => new_head.clone(),
            _ => match table(tag) {
                Some(d) => d.to_vec(),
                None => continue,
            },
        };
        out_tables.push((*tag, body));
    }
    // The file: the offset table, the table records (sorted by tag, as KEPT is), the tables
    // each padded to four bytes, then the head's whole-file checksum adjustment.
    let n = out_tables.len();
    let pow = 1usize << (usize::BITS - 1 - n.leading_zeros());
    let mut out = Vec::new();
    out.extend_from_slice(&0x0001_0000u32.to_be_bytes());
    for v in [
        n,
        pow * 16,
        pow.trailing_zeros() as usize,
        n * 16 - pow * 16,
    ] {
        out.extend_from_slice(&(v as u16).to_be_bytes());
    }
    let mut offset = 12 + 16 * n;
    for (tag, body) in &out_tables {
        out.extend_from_slice(tag);
        out.extend_from_slice(&checksum(body).to_be_bytes());
        out.extend_from_slice(&(offset as u32).to_be_bytes());
        out.extend_from_slice(&(body.len() as u32).to_be_bytes());
        offset += body.len().div_ceil(4) * 4;
    }
    let mut head_at = 0;
    for (tag, body) in &out_tables {
        if tag == b"head" {
            head_at = out.len();
        }
        out.extend_from_slice(body);
        while out.len() % 4 != 0 {
            out.push(0);
        }
    }
    let adjust = 0xB1B0_AFBAu32.wrapping_sub(checksum(&out));
    out[head_at + 8..head_at + 12].copy_from_slice(&adjust.to_be_bytes());
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_are_helvetica_compatible_and_bold_is_its_own() {
        let r = face(false);
        // 'a' is 556/1000 em in Helvetica and Arial, 'W' 944, a space 278.
        assert!((r.width("a", 1000.0) - 556.0).abs() < 0.5);
        assert!((r.width("W", 1000.0) - 944.0).abs() < 0.5);
        assert!((r.width(" ", 1000.0) - 278.0).abs() < 0.5);
        let b = face(true);
        assert!((b.width("b", 1000.0) - 611.0).abs() < 0.5);
        assert!(b.width("Problem", 10.0) > r.width("Problem", 10.0));
    }

    #[test]
    fn glyphs_and_advances_read_on_demand_match_the_parsed_face() {
        for bold in [false, true] {
            let f = face(bold);
            let parsed = ttf_parser::Face::parse(f.data, 0).unwrap();
            for i in 0..=255u8 {
                let c = char::from(i);
                let direct = lookup(parsed.tables().cmap, c);
                // Twice: the first call fills the slot, the second reads it.
                assert_eq!(f.glyph(c), direct, "{c:?}");
                assert_eq!(f.glyph(c), direct, "{c:?}");
            }
            for g in 0..parsed.number_of_glyphs() + 2 {
                let want = parsed
                    .glyph_hor_advance(ttf_parser::GlyphId(g))
                    .unwrap_or(0);
                assert_eq!(f.advance(g), want, "glyph {g}");
            }
        }
    }

    #[test]
    fn letters_beyond_latin_1_have_glyphs_and_others_are_named() {
        for text in ["Łódź – “Dots” → Škoda", "Точки", "Τρίγωνο"] {
            assert_eq!(missing(text, false), None, "{text}");
            assert_eq!(missing(text, true), None, "{text}");
        }
        assert_eq!(missing("Stone 碁", false), Some('碁'));
        assert!(missing_message("Stone 碁", '碁').contains("U+7881"));
    }

    #[test]
    fn a_subset_keeps_the_glyphs_asked_for_and_parses() {
        let f = face(false);
        let glyphs: BTreeSet<u16> = "Black Ä".chars().filter_map(|c| f.glyph(c)).collect();
        let sub = subset(f.data, &glyphs).unwrap();
        assert!(sub.len() < f.data.len() / 4, "{} bytes", sub.len());
        assert_eq!(subset(f.data, &glyphs).unwrap(), sub, "deterministic");
        let parsed = ttf_parser::Face::parse(&sub, 0).expect("the subset parses");
        assert_eq!(parsed.number_of_glyphs(), f.glyphs);
        for &g in &glyphs {
            let outline = parsed.glyph_bounding_box(ttf_parser::GlyphId(g));
            assert!(outline.is_some() || f.glyph(' ') == Some(g), "glyph {g}");
        }
        let x = f.glyph('x').unwrap();
        assert!(parsed.glyph_bounding_box(ttf_parser::GlyphId(x)).is_none());
        // The whole-file checksum comes out at the magic number.
        assert_eq!(checksum(&sub), 0xB1B0_AFBA);
    }
}

//! Paper sizes (ISO, North American and the trade trim sizes print-on-demand services list),
//! orientation, and the finishing of a book's pages: bleed and a gutter on the binding side.

use crate::geometry::Size;
use crate::render::Page;

/// A paper size in mm (portrait: width <= height for the named sizes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paper {
    /// Short name ("a4", "letter", "custom").
    pub name: &'static str,
    /// Width in mm.
    pub width: f64,
    /// Height in mm.
    pub height: f64,
}

/// Page orientation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Orientation {
    /// Taller than wide.
    #[default]
    Portrait,
    /// Wider than tall.
    Landscape,
}

/// One inch in mm.
const INCH: f64 = 25.4;

/// The named papers.
pub const PAPERS: [Paper; 12] = [
    Paper {
        name: "a3",
        width: 297.0,
        height: 420.0,
    },
    Paper {
        name: "a4",
        width: 210.0,
        height: 297.0,
    },
    Paper {
        name: "a5",
        width: 148.0,
        height: 210.0,
    },
    Paper {
        name: "letter",
        width: 215.9,
        height: 279.4,
    },
    Paper {
        name: "legal",
        width: 215.9,
        height: 355.6,
    },
    Paper {
        name: "b5",
        width: 176.0,
        height: 250.0,
    },
    Paper {
        name: "5x8in",
        width: 5.0 * INCH,
        height: 8.0 * INCH,
    },
    Paper {
        name: "5.5x8.5in",
        width: 5.5 * INCH,
        height: 8.5 * INCH,
    },
    Paper {
        name: "6x9in",
        width: 6.0 * INCH,
        height: 9.0 * INCH,
    },
    Paper {
        name: "7x10in",
        width: 7.0 * INCH,
        height: 10.0 * INCH,
    },
    Paper {
        name: "8x10in",
        width: 8.0 * INCH,
        height: 10.0 * INCH,
    },
    Paper {
        name: "8.5x11in",
        width: 8.5 * INCH,
        height: 11.0 * INCH,
    },
];

/// The bleed print-on-demand services ask for: 0.125 in beyond the trim on every side.
pub const BLEED: f64 = 0.125 * INCH;

/// The least margin (mm from the trim) that keeps text in the safe zone: 0.25 in, or 0.375 in
/// when the pages bleed.
pub fn safe_margin(bleed: bool) -> f64 {
    if bleed { 0.375 * INCH } else { 0.25 * INCH }
}

/// How wide the gutter is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Gutter {
    /// A width in mm.
    Mm(f64),
    /// From the page count, as print-on-demand services' tables give it.
    Auto,
}

impl Gutter {
    /// The gutter (mm) a book of `pages` pages needs: 0.375 in up to 150 pages, then 0.5 in to
    /// 300, 0.625 in to 500, 0.75 in to 700 and 0.875 in beyond (the inside-margin table of
    /// the largest print-on-demand service for paperbacks).
    pub fn for_pages(pages: usize) -> f64 {
        let inches = match pages {
            0..=150 => 0.375,
            151..=300 => 0.5,
            301..=500 => 0.625,
            501..=700 => 0.75,
            _ => 0.875,
        };
        inches * INCH
    }
}

/// How a book's pages are finished for binding: the trim size, the bleed beyond it, and the
/// gutter added to the inside margin (left on odd pages, right on even ones), so the inside and
/// outside margins mirror each other across a spread.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finish {
    /// The trimmed page, mm.
    pub trim: Size,
    /// The bleed on every side, mm (0 for none).
    pub bleed: f64,
    /// The gutter.
    pub gutter: Gutter,
}

impl Finish {
    /// The width pages are laid out at: the trim less the gutter.
    pub fn live_width(&self, gutter: f64) -> f64 {
        self.trim.w - gutter
    }

    /// Finishes page `index` (0-based) laid out at the live width: moves it onto the trimmed
    /// page (past the gutter on odd pages, whose binding is on the left) and grows the sheet by
    /// the bleed.
    pub fn apply(&self, page: &mut Page, index: usize, gutter: f64) {
        let recto = index.is_multiple_of(2);
        let dx = self.bleed + if recto { gutter } else { 0.0 };
        page.translate(dx, self.bleed);
        page.size = Size::new(
            self.trim.w + 2.0 * self.bleed,
            self.trim.h + 2.0 * self.bleed,
        );
        page.bleed = self.bleed;
    }
}

impl Paper {
    /// A named paper, case-insensitive.
    pub fn named(name: &str) -> Option<Paper> {
        let n = name.trim().to_ascii_lowercase();
        PAPERS.into_iter().find(|p| p.name == n)
    }

    /// A custom paper size.
    pub fn custom(width: f64, height: f64) -> Paper {
        Paper {
            name: "custom",
            width,
            height,
        }
    }

    /// The page size for an orientation.
    pub fn size(&self, orientation: Orientation) -> Size {
        let (short, long) = (self.width.min(self.height), self.width.max(self.height));
        match orientation {
            Orientation::Portrait => Size::new(short, long),
            Orientation::Landscape => Size::new(long, short),
        }
    }

    /// The names of the papers, for messages.
    pub fn names() -> String {
        PAPERS.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
    }
}

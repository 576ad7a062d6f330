//! Paper sizes and orientation.

use crate::geometry::Size;

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

/// The named papers.
pub const PAPERS: [Paper; 5] = [
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
];

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

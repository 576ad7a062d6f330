//! The serde mirror of a configuration file. Unknown keys are rejected by name; values keep
//! their position so later checks can point at them.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

/// The whole file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConfig {
    /// The `[document]` table.
    pub document: Option<RawDocument>,
    /// The `[[board]]` tables: empty board sheets (keys read by `plan::sheet`).
    #[serde(default)]
    pub board: Vec<RawTable>,
    /// The `[[puzzles]]` tables: verified puzzle sets.
    #[serde(default)]
    pub puzzles: Vec<RawPuzzles>,
    /// The `[[diagram]]` tables: annotated positions.
    #[serde(default)]
    pub diagram: Vec<Spanned<super::diagram::RawDiagram>>,
    /// The `[[text]]` tables: headings and paragraphs between diagrams.
    #[serde(default)]
    pub text: Vec<Spanned<super::diagram::RawText>>,
}

/// A paper: a name or a custom size.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum RawPaper {
    /// "a4", "letter", ...
    Name(String),
    /// `{ width_mm = .., height_mm = .. }`
    Custom {
        /// Width in mm.
        width_mm: f64,
        /// Height in mm.
        height_mm: f64,
    },
}

/// `[document]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDocument {
    /// Title printed on every page.
    pub title: Option<String>,
    /// Paper size.
    pub paper: Option<Spanned<RawPaper>>,
    /// "portrait" or "landscape".
    pub orientation: Option<Spanned<String>>,
    /// Margin on every side, mm.
    pub margins_mm: Option<Spanned<f64>>,
    /// Output formats: "pdf", "svg".
    pub formats: Option<Spanned<Vec<String>>>,
    /// File stem under the output folder.
    pub name: Option<Spanned<String>>,
    /// Seed for everything random.
    pub seed: Option<u64>,
    /// "print" (black and white) or "colour".
    pub style: Option<Spanned<String>>,
    /// The PDF's subject.
    pub subject: Option<String>,
    /// The PDF's date, "YYYY-MM-DD".
    pub date: Option<Spanned<String>>,
    /// Pages bleed 0.125 in beyond the trim.
    pub bleed: Option<bool>,
    /// A gutter on the binding side: "auto" (from the page count) or a width in mm.
    pub gutter: Option<Spanned<toml::Value>>,
    /// "saddle-stitch", "n-up" or "none".
    pub imposition: Option<Spanned<String>>,
    /// The paper the imposed sheets are printed on.
    pub sheet: Option<Spanned<String>>,
    /// Pages on each sheet for "n-up": 2, 4 or 8.
    pub pages_per_sheet: Option<Spanned<usize>>,
    /// A title page, contents and "how to read" page first, an index by difficulty last.
    pub front_matter: Option<bool>,
}

/// A table as written, each key and value with its place in the file: the first stage of a
/// table whose keys depend on its game (`[[board]]`: the common keys and the game's board
/// parameters), read in a second stage by the part that knows the game.
pub type RawTable = Spanned<BTreeMap<Spanned<String>, Spanned<toml::Value>>>;

/// `[[puzzles]]`: a verified puzzle set laid out as a book.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPuzzles {
    /// The game (go).
    pub game: Spanned<String>,
    /// The kind: kill, live or life-and-death (both).
    pub kind: Option<Spanned<String>>,
    /// How many puzzles (default 12).
    pub count: Option<Spanned<usize>>,
    /// easy, medium, hard, any, or a range of proof sizes "40..300".
    pub difficulty: Option<Spanned<String>>,
    /// Puzzles per page (default 6).
    pub per_page: Option<Spanned<usize>>,
    /// Where the answers go: end, facing, back or none.
    pub answers: Option<Spanned<String>>,
    /// The set's seed (default: the document's).
    pub seed: Option<u64>,
    /// Board size (default: the game's).
    pub size: Option<Spanned<usize>>,
    /// Print coordinates (default true).
    pub coordinates: Option<bool>,
    /// Heading of the pages.
    pub title: Option<String>,
    /// Opens a chapter with this title: a page introducing the kinds of this set and of the
    /// sets after it, up to the next chapter.
    pub chapter: Option<String>,
    /// The chapter's own introduction, printed before its kinds' (needs `chapter`).
    pub introduction: Option<Spanned<String>>,
}

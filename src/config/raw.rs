//! The serde mirror of a configuration file. Unknown keys are rejected by name; values keep
//! their position so later checks can point at them.

use serde::Deserialize;
use toml::Spanned;

/// The whole file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawConfig {
    /// The `[document]` table.
    pub document: Option<RawDocument>,
    /// The `[[board]]` tables: empty board sheets.
    #[serde(default)]
    pub board: Vec<RawBoard>,
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
}

/// `[[board]]`: one or more pages of empty boards.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBoard {
    /// The game (`stonepress games` lists them).
    pub game: Spanned<String>,
    /// Board size, for a game that takes one.
    pub size: Option<Spanned<usize>>,
    /// Grid width, for a game that takes one.
    pub width: Option<Spanned<usize>>,
    /// Grid height, for a game that takes one.
    pub height: Option<Spanned<usize>>,
    /// Board base, for a game that takes one.
    pub base: Option<Spanned<usize>>,
    /// Print coordinates (default true).
    pub coordinates: Option<bool>,
    /// Print a numbered move-record table.
    pub record_table: Option<bool>,
    /// Print a score table (for a game that has one).
    pub score_table: Option<Spanned<bool>>,
    /// Boards per page (default 1).
    pub per_page: Option<Spanned<usize>>,
    /// Number of pages (default 1).
    pub pages: Option<Spanned<usize>>,
    /// Heading of the page (default: the game's name).
    pub title: Option<String>,
}

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
    /// Where the answers go: end, facing or none.
    pub answers: Option<Spanned<String>>,
    /// The set's seed (default: the document's).
    pub seed: Option<u64>,
    /// Board size (default: the game's).
    pub size: Option<Spanned<usize>>,
    /// Print coordinates (default true).
    pub coordinates: Option<bool>,
    /// Heading of the pages.
    pub title: Option<String>,
}

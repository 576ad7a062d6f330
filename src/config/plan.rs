//! The validated plan: resolved paper, formats, style and the pages to make. Everything
//! downstream takes a `Plan`; nothing is written until a whole configuration has validated.

use std::path::Path;

use toml::Spanned;

use super::diag::ConfigError;
use super::diagram::{Part, blocks};
use super::raw::{RawConfig, RawDocument, RawPaper, RawTable};
use crate::figure::BoardStyle;
use crate::games::{BoardParams, GameId};

use crate::geometry::Size;
use crate::layout::impose::Imposition;
use crate::layout::paper::{BLEED, Finish, Gutter, safe_margin};
use crate::layout::{BookSpec, Orientation, Paper, SheetSpec};

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Format {
    /// One PDF for the document.
    Pdf,
    /// One SVG per page.
    Svg,
}

impl Format {
    /// Parses "pdf" or "svg".
    pub fn parse(s: &str) -> Option<Format> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pdf" => Some(Format::Pdf),
            "svg" => Some(Format::Svg),
            _ => None,
        }
    }
}

/// A validated configuration.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Document title.
    pub title: String,
    /// File stem of the outputs.
    pub name: String,
    /// Page size in mm.
    pub paper: Size,
    /// Margin in mm.
    pub margin: f64,
    /// Formats to write.
    pub formats: Vec<Format>,
    /// Seed for generated content.
    pub seed: u64,
    /// Colour inks instead of black and white.
    pub colour: bool,
    /// The board sheets, in order.
    pub sheets: Vec<SheetSpec>,
    /// The puzzle books, in order (after the sheets).
    pub books: Vec<BookSpec>,
    /// The diagrams (as requests, made in the build stage) and texts, in file order (laid out
    /// after the sheets).
    pub blocks: Vec<Part>,
    /// The PDF's subject.
    pub subject: Option<String>,
    /// The PDF's date (a PDF date string), when the configuration gives one.
    pub date: Option<String>,
    /// How the pages are finished for binding (bleed, gutter), when the document asks.
    pub finish: Option<Finish>,
    /// How the pages are placed on printed sheets, when the document asks.
    pub imposition: Option<Imposition>,
    /// Front matter (title page, contents, how to read) and back matter (index by
    /// difficulty, when there are puzzles).
    pub front_matter: bool,
}

impl Plan {
    /// The plan with every page laid out `width` mm wide (the trim less a gutter).
    pub fn narrowed(&self, width: f64) -> Plan {
        let mut p = self.clone();
        p.paper.w = width;
        for s in &mut p.sheets {
            s.paper.w = width;
        }
        for b in &mut p.books {
            b.paper.w = width;
        }
        p
    }

    /// What the PDF's information dictionary says.
    pub fn info(&self) -> crate::render::pdf::Info {
        crate::render::pdf::Info {
            title: self.title.clone(),
            subject: self.subject.clone(),
            date: self.date.clone(),
        }
    }
}

/// Reads and validates a configuration file.
pub fn load(path: &Path) -> Result<Plan, ConfigError> {
    let file = path.display().to_string();
    let text = crate::util::text::read_text(path).map_err(|e| {
        let (line, column) = match e {
            crate::util::text::TextError::Utf8 { line, column, .. } => (line, column),
            crate::util::text::TextError::Io(_) => (0, 0),
        };
        ConfigError {
            file: file.clone(),
            line,
            column,
            message: e.to_string(),
            hint: None,
        }
    })?;
    load_str(&text, &file)
}

/// Validates configuration text; `file` names it in messages.
pub fn load_str(text: &str, file: &str) -> Result<Plan, ConfigError> {
    let raw: RawConfig = toml::from_str(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        let message = crate::games::position::shorten_quotes(e.message().trim());
        let mut err = ConfigError::at(file, text, offset, message);
        if e.message().contains("unknown field") {
            err = err.hint("see `stonepress init` for a commented configuration with every key");
        }
        err
    })?;
    let at = |offset: usize, msg: String| ConfigError::at(file, text, offset, msg);
    let doc = raw.document.unwrap_or(RawDocument {
        title: None,
        paper: None,
        orientation: None,
        margins_mm: None,
        formats: None,
        name: None,
        seed: None,
        style: None,
        subject: None,
        date: None,
        bleed: None,
        gutter: None,
        imposition: None,
        sheet: None,
        pages_per_sheet: None,
        front_matter: None,
    });
    let paper = match &doc.paper {
        None => Paper::named("a4").expect("a4 exists"),
        Some(s) => match s.get_ref() {
            RawPaper::Name(n) => Paper::named(n).ok_or_else(|| {
                at(s.span().start, format!("unknown paper '{n}'")).hint(format!(
                    "use one of {} or {{ width_mm, height_mm }}",
                    Paper::names()
                ))
            })?,
            RawPaper::Custom {
                width_mm,
                height_mm,
            } => {
                if !(50.0..=2000.0).contains(width_mm) || !(50.0..=2000.0).contains(height_mm) {
                    return Err(at(
                        s.span().start,
                        "custom paper must be 50..2000 mm a side".into(),
                    ));
                }
                Paper::custom(*width_mm, *height_mm)
            }
        },
    };
    let orientation = match &doc.orientation {
        None => Orientation::Portrait,
        Some(o) => match o.get_ref().as_str() {
            "portrait" => Orientation::Portrait,
            "landscape" => Orientation::Landscape,
            other => {
                return Err(at(o.span().start, format!("unknown orientation '{other}'"))
                    .hint("use \"portrait\" or \"landscape\""));
            }
        },
    };
    let size = paper.size(orientation);
    let margin = match &doc.margins_mm {
        None => 15.0,
        Some(m) => {
            let v = *m.get_ref();
            if !(0.0..=size.w.min(size.h) / 4.0).contains(&v) {
                return Err(at(
                    m.span().start,
                    format!("margins_mm {v} does not fit the paper"),
                ));
            }
            v
        }
    };
    let bleed = doc.bleed.unwrap_or(false);
    let gutter = match &doc.gutter {
        None => None,
        Some(g) => Some(match g.get_ref() {
            toml::Value::String(s) if s == "auto" => Gutter::Auto,
            toml::Value::Integer(v) if (0..=50).contains(v) => Gutter::Mm(*v as f64),
            toml::Value::Float(v) if (0.0..=50.0).contains(v) => Gutter::Mm(*v),
            _ => {
                return Err(at(
                    g.span().start,
                    "gutter must be \"auto\" or 0..50 (mm)".into(),
                )
                .hint("\"auto\" widens the inside margin as the page count grows"));
            }
        }),
    };
    let finish = (bleed || gutter.is_some()).then_some(Finish {
        trim: size,
        bleed: if bleed { BLEED } else { 0.0 },
        gutter: gutter.unwrap_or(Gutter::Mm(0.0)),
    });
    if finish.is_some() && margin < safe_margin(bleed) {
        let span = doc.margins_mm.as_ref().map_or(0, |m| m.span().start);
        return Err(at(
            span,
            format!(
                "margins_mm {margin} is inside the trim's unsafe zone: a book needs at least {:.2} mm{}",
                safe_margin(bleed),
                if bleed { " when it bleeds" } else { "" }
            ),
        ));
    }
    let imposition = imposition(&doc, size, &at)?;
    let formats = match &doc.formats {
        None => vec![Format::Pdf, Format::Svg],
        Some(f) => {
            let mut out = Vec::new();
            for s in f.get_ref() {
                let fmt = Format::parse(s).ok_or_else(|| {
                    at(f.span().start, format!("unknown format '{s}'")).hint("use \"pdf\", \"svg\"")
                })?;
                if !out.contains(&fmt) {
                    out.push(fmt);
                }
            }
            if out.is_empty() {
                return Err(at(f.span().start, "formats is empty".into()));
            }
            out
        }
    };
    let colour = match &doc.style {
        None => false,
        Some(s) => match s.get_ref().as_str() {
            "print" => false,
            "colour" | "color" => true,
            other => {
                return Err(at(s.span().start, format!("unknown style '{other}'"))
                    .hint("use \"print\" (black and white) or \"colour\""));
            }
        },
    };
    let name = match &doc.name {
        None => "stonepress".to_string(),
        Some(n) => {
            let v = n.get_ref();
            let ok = !v.is_empty()
                && v.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
                && !v.starts_with('.');
            if !ok {
                return Err(at(
                    n.span().start,
                    format!("name '{v}' is not a plain file stem"),
                )
                .hint("use letters, digits, '-', '_' and '.'"));
            }
            v.clone()
        }
    };
    let mut sheets = Vec::new();
    // Without an orientation (or an imposition, whose pages must all be alike), each board
    // sheet takes the orientation that prints its board larger, as `board` does.
    let turn = doc.orientation.is_none() && imposition.is_none();
    for b in &raw.board {
        sheets.push(sheet(b, text, file, (size, margin, turn), colour)?);
    }
    let seed = doc.seed.unwrap_or(2026);
    let date = match &doc.date {
        None => None,
        Some(d) => Some(crate::render::pdf::date_of(d.get_ref()).ok_or_else(|| {
            at(d.span().start, format!("'{}' is not a date", d.get_ref())).hint(
                "write the date as \"YYYY-MM-DD\"; without it the PDF takes SOURCE_DATE_EPOCH",
            )
        })?),
    };
    let mut books = Vec::new();
    for p in &raw.puzzles {
        let mut b = super::puzzles::book(p, text, file, size, margin, seed)?;
        b.colour = colour;
        books.push(b);
    }
    let blocks = blocks(&raw.diagram, &raw.text, text, file, colour)?;
    if sheets.is_empty() && blocks.is_empty() && books.is_empty() {
        return Err(ConfigError {
            file: file.to_string(),
            line: 0,
            column: 0,
            message:
                "the configuration makes nothing: add a [[board]], [[diagram]] or [[puzzles]] table"
                    .into(),
            hint: Some("see `stonepress init`".into()),
        });
    }
    Ok(Plan {
        title: doc
            .title
            .clone()
            .unwrap_or_else(|| "stonepress".to_string()),
        name,
        paper: size,
        margin,
        formats,
        seed,
        colour,
        sheets,
        books,
        blocks,
        subject: doc.subject.clone(),
        date,
        finish,
        imposition,
        front_matter: doc.front_matter.unwrap_or(false),
    })
}

/// The `imposition` of `[document]`: the sheet (`sheet`, else for a saddle-stitched booklet
/// the smallest named paper that holds two pages side by side, for n-up the document's paper)
/// and, for n-up, `pages_per_sheet` (2, 4 or 8; default 2).
fn imposition(
    doc: &RawDocument,
    page: Size,
    at: &dyn Fn(usize, String) -> ConfigError,
) -> Result<Option<Imposition>, ConfigError> {
    let Some(how) = &doc.imposition else {
        if let Some(s) = &doc.sheet {
            return Err(at(s.span().start, "sheet needs an imposition".into())
                .hint("add imposition = \"saddle-stitch\" or \"n-up\""));
        }
        return Ok(None);
    };
    let named = |s: &Spanned<String>| {
        Paper::named(s.get_ref()).ok_or_else(|| {
            at(s.span().start, format!("unknown paper '{}'", s.get_ref()))
                .hint(format!("use one of {}", Paper::names()))
        })
    };
    let portrait = |p: Paper| p.size(Orientation::Portrait);
    match how.get_ref().as_str() {
        "none" => Ok(None),
        "saddle-stitch" => {
            let sheet = match &doc.sheet {
                Some(s) => portrait(named(s)?),
                None => {
                    // Two pages side by side on the sheet's long side, within a millimetre.
                    let holds = |p: &Paper| {
                        let s = portrait(*p);
                        s.h + 1.0 >= 2.0 * page.w && s.w + 1.0 >= page.h
                    };
                    let mut fits: Vec<Paper> = crate::layout::paper::PAPERS
                        .into_iter()
                        .filter(holds)
                        .collect();
                    fits.sort_by(|a, b| (a.width * a.height).total_cmp(&(b.width * b.height)));
                    portrait(*fits.first().ok_or_else(|| {
                        at(
                            how.span().start,
                            "no named paper holds two of these pages".into(),
                        )
                        .hint("name the paper to print on with sheet = \"...\"")
                    })?)
                }
            };
            Ok(Some(Imposition::SaddleStitch { sheet }))
        }
        "n-up" => {
            let per = doc
                .pages_per_sheet
                .as_ref()
                .map_or(Ok(2), |n| match *n.get_ref() {
                    v @ (2 | 4 | 8) => Ok(v),
                    v => Err(at(
                        n.span().start,
                        format!("pages_per_sheet {v}: use 2, 4 or 8"),
                    )),
                })?;
            let paper = match &doc.sheet {
                Some(s) => portrait(named(s)?),
                None => portrait(Paper::custom(page.w, page.h)),
            };
            let (long, short) = (paper.h, paper.w);
            let (sheet, across, down) = match per {
                2 => (Size::new(long, short), 2, 1),
                4 => (Size::new(short, long), 2, 2),
                _ => (Size::new(long, short), 4, 2),
            };
            Ok(Some(Imposition::NUp {
                sheet,
                across,
                down,
            }))
        }
        other => Err(
            at(how.span().start, format!("unknown imposition '{other}'"))
                .hint("use \"saddle-stitch\", \"n-up\" or \"none\""),
        ),
    }
}

/// The keys every `[[board]]` table may have; each game adds its board parameters.
const BOARD_KEYS: &[&str] = &[
    "game",
    "coordinates",
    "record_table",
    "score_table",
    "per_page",
    "pages",
    "title",
    "scale",
];

/// The second stage of a table whose keys depend on its game: typed reads with errors at the
/// value, and a check that no other key is there.
struct Keys<'a> {
    /// The game's title, for messages.
    game: &'a str,
    table: &'a RawTable,
    file: &'a str,
    text: &'a str,
}

impl Keys<'_> {
    fn err(&self, offset: usize, message: String) -> ConfigError {
        ConfigError::at(self.file, self.text, offset, message)
    }

    fn value(&self, key: &str) -> Option<&Spanned<toml::Value>> {
        self.table
            .get_ref()
            .iter()
            .find(|(k, _)| k.get_ref() == key)
            .map(|(_, v)| v)
    }

    fn string(&self, key: &str) -> Result<Option<Spanned<String>>, ConfigError> {
        match self.value(key) {
            None => Ok(None),
            Some(v) => match v.get_ref() {
                toml::Value::String(s) => Ok(Some(Spanned::new(v.span(), s.clone()))),
                _ => Err(self.err(v.span().start, format!("{key} must be a string"))),
            },
        }
    }

    fn boolean(&self, key: &str) -> Result<Option<Spanned<bool>>, ConfigError> {
        match self.value(key) {
            None => Ok(None),
            Some(v) => match v.get_ref() {
                toml::Value::Boolean(b) => Ok(Some(Spanned::new(v.span(), *b))),
                _ => Err(self.err(v.span().start, format!("{key} must be true or false"))),
            },
        }
    }

    fn count(&self, key: &str) -> Result<Option<Spanned<usize>>, ConfigError> {
        match self.value(key) {
            None => Ok(None),
            Some(v) => match v.get_ref() {
                toml::Value::Integer(i) if *i >= 0 => Ok(Some(Spanned::new(
                    v.span(),
                    usize::try_from(*i).unwrap_or(usize::MAX),
                ))),
                _ => Err(self.err(
                    v.span().start,
                    format!("{key} must be a whole number, 0 or more"),
                )),
            },
        }
    }

    /// Refuses the first key, in file order, that is not in `allowed` (in the words serde
    /// uses for the other tables).
    fn only(&self, allowed: &[&str]) -> Result<(), ConfigError> {
        let mut keys: Vec<&Spanned<String>> = self.table.get_ref().keys().collect();
        keys.sort_by_key(|k| k.span().start);
        match keys
            .into_iter()
            .find(|k| !allowed.contains(&k.get_ref().as_str()))
        {
            None => Ok(()),
            Some(k) if GameId::all().any(|g| g.params().iter().any(|p| p.key == k.get_ref())) => {
                Err(self.err(
                    k.span().start,
                    format!("'{}' does not apply to {}", k.get_ref(), self.game),
                ))
            }
            Some(k) => {
                let expected: Vec<String> = allowed.iter().map(|a| format!("`{a}`")).collect();
                Err(self
                    .err(
                        k.span().start,
                        format!(
                            "unknown field `{}`, expected one of {}",
                            crate::games::position::quote(k.get_ref()),
                            expected.join(", ")
                        ),
                    )
                    .hint("see `stonepress init` for a commented configuration with every key"))
            }
        }
    }
}

/// A `[[board]]` table's sheet on `paper` with `margin`, turned to the orientation that prints
/// its board larger when `turn`.
fn sheet(
    b: &RawTable,
    text: &str,
    file: &str,
    (paper, margin, turn): (Size, f64, bool),
    colour: bool,
) -> Result<SheetSpec, ConfigError> {
    let mut keys = Keys {
        game: "",
        table: b,
        file,
        text,
    };
    let at = |offset: usize, msg: String| ConfigError::at(file, text, offset, msg);
    let Some(game_name) = keys.string("game")? else {
        return Err(at(b.span().start, "[[board]] needs a game".into())
            .hint(format!("game = one of {}", GameId::keys())));
    };
    let game = super::diag::game_at(&game_name, file, text)?;
    keys.game = game.title();
    let mut allowed: Vec<&str> = BOARD_KEYS.to_vec();
    allowed.extend(game.params().iter().map(|p| p.key));
    keys.only(&allowed)?;
    let mut params = BoardParams::new();
    let mut first_param = None;
    for p in game.params() {
        if let Some(v) = keys.count(p.key)? {
            first_param.get_or_insert(v.span().start);
            params.set(p.key, *v.get_ref());
        }
    }
    let board = game
        .board(&params)
        .map_err(|m| at(first_param.unwrap_or(game_name.span().start), m))?;
    let count = |key: &str, max: usize| -> Result<usize, ConfigError> {
        match keys.count(key)? {
            None => Ok(1),
            Some(v) if (1..=max).contains(v.get_ref()) => Ok(*v.get_ref()),
            Some(v) => Err(at(v.span().start, format!("{key} must be 1..{max}"))),
        }
    };
    let per_page = count("per_page", 16)?;
    let pages = count("pages", 1000)?;
    let score_columns = match keys.boolean("score_table")? {
        Some(s) if *s.get_ref() => Some(
            game.score_columns()
                .ok_or_else(|| {
                    at(
                        s.span().start,
                        format!("{} has no score table", game.title()),
                    )
                    .hint(format!("score tables are for {}", score_table_games()))
                })?
                .to_vec(),
        ),
        _ => None,
    };
    let flag = |key: &str, default: bool| -> Result<bool, ConfigError> {
        Ok(keys.boolean(key)?.map_or(default, |v| *v.get_ref()))
    };
    let scale = keys.count("scale")?;
    if let Some(v) = &scale
        && !(10..=400).contains(v.get_ref())
    {
        return Err(at(v.span().start, "scale must be 10..400 (percent)".into()));
    }
    let spec = SheetSpec {
        title: keys
            .string("title")?
            .map_or_else(|| game.title().to_string(), |t| t.into_inner()),
        subtitle: format!("{}: {}", game.credit(), game.summary()),
        board,
        look: game.look(),
        paper,
        margin,
        style: BoardStyle {
            coordinates: flag("coordinates", true)?,
            colour,
        },
        per_page,
        pages,
        record_table: flag("record_table", false)?,
        score_columns,
        true_size: game.true_size(),
        scale: scale.as_ref().map(|v| *v.get_ref() as f64 / 100.0),
    };
    let spec = if turn { spec.better_oriented() } else { spec };
    if let Some(v) = &scale {
        let largest = spec.largest_scale();
        if *v.get_ref() as f64 > largest * 100.0 + 1e-6 {
            return Err(at(
                v.span().start,
                format!(
                    "scale {}% does not fit the page: the largest that fits is {:.0}%",
                    v.get_ref(),
                    (largest * 100.0).floor()
                ),
            ));
        }
    }
    Ok(spec)
}

/// The titles of the games that have a score table ("A, B and C").
fn score_table_games() -> String {
    let titles: Vec<&str> = GameId::all()
        .filter(|g| g.score_columns().is_some())
        .map(|g| g.title())
        .collect();
    match titles.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => titles.join(""),
    }
}

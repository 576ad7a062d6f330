//! `[[diagram]]` and `[[text]]` tables validated into resolved blocks, in file order.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::diag::ConfigError;
use crate::figure::request::Request;
use crate::figure::{MarkKind, Window};
use crate::games::position::{Blame, MoveList};
use crate::games::{GameError, GameId, Source};
use crate::geometry::PointId;
use crate::layout::diagrams::{Block, DiagramSpec};

/// `[[diagram]]`: one annotated position.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDiagram {
    /// The game.
    pub game: Spanned<String>,
    /// The position: an inline table of position keys, or the name of a position file
    /// (relative to the configuration; an SGF record for a game that reads one).
    pub position: Option<Spanned<toml::Value>>,
    /// What the engine should draw (see `stonepress games`).
    #[serde(default)]
    pub show: Option<Spanned<Vec<String>>>,
    /// Marks: `{ A = "K5", triangle = "C3 D4", square = .., circle = .., cross = .. }`.
    pub marks: Option<Spanned<BTreeMap<String, String>>>,
    /// Moves played from the position and drawn numbered.
    pub moves: Option<Spanned<MoveList>>,
    /// Show only the part of the board around these points ("A1 F6").
    pub crop: Option<Spanned<String>>,
    /// "auto" (default) for the engine's caption, or the text to print, in which "{auto}"
    /// stands for the engine's caption.
    pub caption: Option<String>,
    /// Printed above the board after "Diagram N".
    pub title: Option<String>,
    /// Print coordinates (default true).
    pub coordinates: Option<bool>,
    /// Diagrams side by side in this diagram's row (default 2).
    pub per_row: Option<Spanned<usize>>,
}

/// `[[text]]`: a heading and paragraphs printed between diagrams.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawText {
    /// A bold heading.
    pub heading: Option<String>,
    /// Paragraphs, separated by blank lines.
    pub body: Option<String>,
    /// Start a new page first.
    pub new_page: Option<bool>,
}

/// Where a diagram's position comes from, kept as read so the build stage loads the same
/// text the validation did.
#[derive(Clone, Debug)]
pub enum PositionInput {
    /// No position: the empty board.
    Empty,
    /// An inline table of position keys.
    Inline(toml::Table),
    /// A position file: its name as the user sees it and its text.
    File {
        /// The file, relative to the configuration's folder as joined.
        name: String,
        /// Its text.
        text: String,
    },
}

impl PositionInput {
    /// The source a game loads.
    pub fn source(&self) -> Source<'_> {
        match self {
            PositionInput::Empty => Source::file("position", ""),
            PositionInput::Inline(t) => Source::table(t),
            PositionInput::File { name, text } => Source::file(name, text),
        }
    }
}

/// A validated `[[diagram]]`: everything the user asked for, checked (the position loads, the
/// moves are legal, the marks and the crop name points of the board), but not yet drawn: the
/// engine makes the figure in the build stage (`make`).
#[derive(Clone, Debug)]
pub struct DiagramRequest {
    /// Its number in the document ("Diagram 3").
    pub number: usize,
    /// The title after the number (may be empty).
    pub title: String,
    /// Diagrams side by side in its row.
    pub per_row: usize,
    /// The game.
    pub game: GameId,
    /// The position.
    pub position: PositionInput,
    /// What to show and the moves to number.
    pub request: Request,
    /// Marks on points, in the order they are drawn.
    pub marks: Vec<(PointId, MarkKind)>,
    /// The points the view is cropped around, if any.
    pub crop: Option<Vec<PointId>>,
    /// The caption: None for the engine's, else the user's text with "{auto}" standing for it.
    pub caption: Option<String>,
    /// Print coordinates.
    pub coordinates: bool,
    /// Colour inks.
    pub colour: bool,
    /// Where the table is, "file:line", for errors of the build stage.
    pub origin: String,
}

impl DiagramRequest {
    /// Runs the game's engine on the position and the moves, and resolves the figure: marks,
    /// crop, inks and caption. An error names the diagram.
    pub fn make(&self) -> Result<DiagramSpec, String> {
        let fail = |e: GameError| format!("{}: [[diagram]] {}: {e}", self.origin, self.number);
        let mut pos = self.game.load(&self.position.source()).map_err(fail)?;
        let made = pos.figure(&self.request).map_err(fail)?;
        let mut fig = made.figure;
        fig.colour = self.colour;
        fig.coordinates = self.coordinates;
        for (p, kind) in &self.marks {
            fig.mark(*p, kind.clone());
        }
        if let Some(points) = &self.crop {
            fig.window = Some(Window::around(&fig.board, points, 0.6));
        }
        fig.caption = match self.caption.as_deref() {
            None => made.auto_caption,
            Some(t) => t.replace("{auto}", &made.auto_caption),
        };
        Ok(DiagramSpec {
            number: self.number,
            title: self.title.clone(),
            figure: fig,
            per_row: self.per_row,
            origin: self.origin.clone(),
        })
    }
}

/// What the diagram pages show, in file order: texts as they are printed, diagrams as
/// requests.
#[derive(Clone, Debug)]
pub enum Part {
    /// A heading and paragraphs (always `Block::Text`).
    Text(Block),
    /// A diagram to make.
    Diagram(Box<DiagramRequest>),
}

/// Makes every diagram of `parts` (running the engines) into the blocks the pages show, in
/// order. A diagram that fails is left out; its error, naming it, is returned beside.
pub fn make_blocks(parts: &[Part]) -> (Vec<Block>, Vec<String>) {
    let mut blocks = Vec::new();
    let mut failed = Vec::new();
    // The legend sentences already printed: each is printed once, on its first figure.
    let mut explained: Vec<String> = Vec::new();
    for part in parts {
        match part {
            Part::Text(b) => blocks.push(b.clone()),
            Part::Diagram(d) => match d.make() {
                Ok(mut spec) => {
                    spec.figure.explain(&mut explained);
                    blocks.push(Block::Diagram(Box::new(spec)))
                }
                Err(e) => failed.push(e),
            },
        }
    }
    (blocks, failed)
}

/// Validates the diagrams and texts of a configuration into blocks, in the order they appear
/// in the file. `file` names the configuration (positions files are found next to it).
pub fn blocks(
    diagrams: &[Spanned<RawDiagram>],
    texts: &[Spanned<RawText>],
    text: &str,
    file: &str,
    colour: bool,
) -> Result<Vec<Part>, ConfigError> {
    let mut order: Vec<(usize, Option<&RawDiagram>, Option<&RawText>)> = Vec::new();
    for d in diagrams {
        order.push((d.span().start, Some(d.get_ref()), None));
    }
    for t in texts {
        order.push((t.span().start, None, Some(t.get_ref())));
    }
    order.sort_by_key(|o| o.0);
    let mut out = Vec::new();
    let mut number = 0;
    for (_, d, t) in order {
        if let Some(t) = t {
            out.push(Part::Text(Block::Text {
                heading: t.heading.clone().unwrap_or_default(),
                paragraphs: t
                    .body
                    .as_deref()
                    .unwrap_or("")
                    .split("\n\n")
                    .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
                    .filter(|p| !p.is_empty())
                    .collect(),
                new_page: t.new_page.unwrap_or(false),
            }));
        }
        if let Some(d) = d {
            number += 1;
            out.push(Part::Diagram(Box::new(diagram(
                d, number, text, file, colour,
            )?)));
        }
    }
    Ok(out)
}

fn diagram(
    d: &RawDiagram,
    number: usize,
    text: &str,
    file: &str,
    colour: bool,
) -> Result<DiagramRequest, ConfigError> {
    let at = |offset: usize, msg: String| ConfigError::at(file, text, offset, msg);
    let game = super::diag::game_at(&d.game, file, text)?;
    let allowed: Vec<&str> = game.show_options().iter().map(|o| o.key).collect();
    let mut req = Request::default();
    if let Some(show) = &d.show {
        for s in show.get_ref() {
            if !allowed.contains(&s.as_str()) {
                return Err(at(
                    show.span().start,
                    format!("{} diagrams cannot show '{s}'", game.title()),
                )
                .hint(format!("show one of: {}", allowed.join(", "))));
            }
            req.show.push(s.clone());
        }
    }
    if let Some(m) = &d.moves {
        req.moves = m.get_ref().tokens();
    }
    let pos_at = d
        .position
        .as_ref()
        .map_or(d.game.span().start, |p| p.span().start);
    let moves_at = d.moves.as_ref().map_or(pos_at, |m| m.span().start);
    let position = read_position(d.position.as_ref().map(|p| p.get_ref()), file)
        .map_err(|e| at(pos_at, e.to_string()))?;
    // The position loads and the moves are legal: checked here, drawn in the build stage.
    let mut pos = game
        .load(&position.source())
        .map_err(|e| at(pos_at, e.to_string()))?;
    let blame = Blame {
        file: "moves",
        text: "",
    };
    for (i, tok) in req.moves.iter().enumerate() {
        pos.play(tok)
            .map_err(|reason| at(moves_at, blame.illegal(i + 1, tok, reason).to_string()))?;
    }
    let board = pos.board().clone();
    let mut marks = Vec::new();
    if let Some(m) = &d.marks {
        for (key, list) in m.get_ref() {
            let kind = match key.to_ascii_lowercase().as_str() {
                "triangle" => MarkKind::Triangle,
                "square" => MarkKind::Square,
                "circle" => MarkKind::Circle,
                "cross" => MarkKind::Cross,
                _ if key.chars().count() <= 3 => MarkKind::Label(key.clone()),
                _ => {
                    return Err(at(
                        m.span().start,
                        format!("mark '{key}' is neither a shape nor a short label"),
                    )
                    .hint("use triangle, square, circle, cross, or a label of up to 3 letters"));
                }
            };
            let points = board
                .parse_list(list)
                .map_err(|e| at(m.span().start, format!("marks.{key}: {e}")))?;
            marks.extend(points.into_iter().map(|p| (p, kind.clone())));
        }
    }
    let crop = match &d.crop {
        None => None,
        Some(c) => {
            let points = board
                .parse_list(c.get_ref())
                .map_err(|e| at(c.span().start, format!("crop: {e}")))?;
            if points.is_empty() {
                return Err(at(c.span().start, "crop names no point".into()));
            }
            Some(points)
        }
    };
    let per_row = match &d.per_row {
        None => 2,
        Some(v) if (1..=4).contains(v.get_ref()) => *v.get_ref(),
        Some(v) => return Err(at(v.span().start, "per_row must be 1..4".into())),
    };
    let (line, _) = crate::util::text::line_col(text, d.game.span().start);
    Ok(DiagramRequest {
        number,
        title: d.title.clone().unwrap_or_default(),
        per_row,
        game,
        position,
        request: req,
        marks,
        crop,
        caption: match d.caption.as_deref() {
            None | Some("auto") => None,
            Some(t) => Some(t.to_string()),
        },
        coordinates: d.coordinates.unwrap_or(true),
        colour,
        origin: format!("{file}:{line}"),
    })
}

/// Reads a diagram's `position`: none (the empty board), an inline table, or a file named
/// relative to the configuration `file`.
fn read_position(position: Option<&toml::Value>, file: &str) -> Result<PositionInput, GameError> {
    match position {
        None => Ok(PositionInput::Empty),
        Some(toml::Value::Table(t)) => Ok(PositionInput::Inline(t.clone())),
        Some(toml::Value::String(s)) => {
            let base = Path::new(file).parent().unwrap_or(Path::new("."));
            let path = base.join(s);
            let text = crate::util::text::read_position_text(&path)
                .map_err(|e| GameError::from(e.into_position_error(&path)))?;
            Ok(PositionInput::File {
                name: path.display().to_string(),
                text,
            })
        }
        Some(_) => Err(GameError::Invalid {
            file: "position".into(),
            line: 0,
            message: "position is a table of position keys or the name of a file".into(),
        }),
    }
}

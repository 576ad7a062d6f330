//! `[[diagram]]` and `[[text]]` tables validated into resolved blocks, in file order.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;
use toml::Spanned;

use super::diag::ConfigError;
use crate::figure::request::{Made, Request};
use crate::figure::{Figure, MarkKind, Window};
use crate::games::position::MoveList;
use crate::games::{GameError, GameId, Source};

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

/// One resolved diagram.
#[derive(Clone, Debug)]
pub struct DiagramSpec {
    /// Its number in the document ("Diagram 3").
    pub number: usize,
    /// The title after the number (may be empty).
    pub title: String,
    /// The resolved figure, caption included.
    pub figure: Figure,
    /// Diagrams side by side in its row.
    pub per_row: usize,
}

/// What the diagram pages show, in file order.
#[derive(Clone, Debug)]
pub enum Block {
    /// A heading and paragraphs.
    Text {
        /// The heading (may be empty).
        heading: String,
        /// The paragraphs.
        paragraphs: Vec<String>,
        /// Start a new page first.
        new_page: bool,
    },
    /// A diagram.
    Diagram(Box<DiagramSpec>),
}

/// Validates the diagrams and texts of a configuration into blocks, in the order they appear
/// in the file. `file` names the configuration (positions files are found next to it).
pub fn blocks(
    diagrams: &[Spanned<RawDiagram>],
    texts: &[Spanned<RawText>],
    text: &str,
    file: &str,
    colour: bool,
) -> Result<Vec<Block>, ConfigError> {
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
            out.push(Block::Text {
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
            });
        }
        if let Some(d) = d {
            number += 1;
            out.push(Block::Diagram(Box::new(diagram(
                d, number, text, file, colour,
            )?)));
        }
    }
    Ok(out)
}

/// A GameError's message without the file prefix the engines give it.
fn message(e: &GameError) -> String {
    e.to_string()
}

fn diagram(
    d: &RawDiagram,
    number: usize,
    text: &str,
    file: &str,
    colour: bool,
) -> Result<DiagramSpec, ConfigError> {
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
    let made = make(game, d.position.as_ref().map(|p| p.get_ref()), &req, file)
        .map_err(|(e, in_moves)| at(if in_moves { moves_at } else { pos_at }, message(&e)))?;
    let mut fig = made.figure;
    fig.colour = colour;
    fig.coordinates = d.coordinates.unwrap_or(true);
    let board = fig.board.clone();
    if let Some(marks) = &d.marks {
        for (key, list) in marks.get_ref() {
            let kind = match key.to_ascii_lowercase().as_str() {
                "triangle" => MarkKind::Triangle,
                "square" => MarkKind::Square,
                "circle" => MarkKind::Circle,
                "cross" => MarkKind::Cross,
                _ if key.chars().count() <= 3 => MarkKind::Label(key.clone()),
                _ => {
                    return Err(at(
                        marks.span().start,
                        format!("mark '{key}' is neither a shape nor a short label"),
                    )
                    .hint("use triangle, square, circle, cross, or a label of up to 3 letters"));
                }
            };
            let points = board
                .parse_list(list)
                .map_err(|e| at(marks.span().start, format!("marks.{key}: {e}")))?;
            for p in points {
                fig.mark(p, kind.clone());
            }
        }
    }
    if let Some(crop) = &d.crop {
        let points = board
            .parse_list(crop.get_ref())
            .map_err(|e| at(crop.span().start, format!("crop: {e}")))?;
        if points.is_empty() {
            return Err(at(crop.span().start, "crop names no point".into()));
        }
        fig.window = Some(Window::around(&board, &points, 0.6));
    }
    fig.caption = match d.caption.as_deref() {
        None | Some("auto") => made.auto_caption,
        Some(t) => t.replace("{auto}", &made.auto_caption),
    };
    let per_row = match &d.per_row {
        None => 2,
        Some(v) if (1..=4).contains(v.get_ref()) => *v.get_ref(),
        Some(v) => return Err(at(v.span().start, "per_row must be 1..4".into())),
    };
    Ok(DiagramSpec {
        number,
        title: d.title.clone().unwrap_or_default(),
        figure: fig,
        per_row,
    })
}

/// Loads the position (inline table, file, or the empty board) and asks the game for the
/// figure. The error says whether it lies in the moves.
fn make(
    game: GameId,
    position: Option<&toml::Value>,
    req: &Request,
    file: &str,
) -> Result<Made, (GameError, bool)> {
    let pos_err = |e: GameError| (e, false);
    let mut loaded = match position {
        None => game.load(&Source::file("position", "")),
        Some(toml::Value::Table(t)) => game.load(&Source::table(t)),
        Some(toml::Value::String(s)) => {
            let base = Path::new(file).parent().unwrap_or(Path::new("."));
            let path = base.join(s);
            let text = crate::games::position::read_text(&path)
                .map_err(|e| pos_err(e.into_position_error(&path).into()))?;
            let name = path.display().to_string();
            game.load(&Source::file(&name, &text))
        }
        Some(_) => {
            return Err(pos_err(GameError::Invalid {
                file: "position".into(),
                line: 0,
                message: "position is a table of position keys or the name of a file".into(),
            }));
        }
    }
    .map_err(pos_err)?;
    loaded.figure(req).map_err(|e| (e, true))
}

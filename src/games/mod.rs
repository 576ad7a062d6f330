//! The rules engines, one module per game, and the registry: the only place that names all five
//! games.

pub mod anchor;
pub mod anchor2d;
pub mod color;
pub mod drawing;
pub mod go;
pub mod hexade;
pub mod kropki;
pub mod position;

use std::fmt;
use std::path::Path;

pub use color::Color;
pub use position::{PositionError, PositionSpec};

/// The five games, in the order `stonepress games` lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GameId {
    /// Anchor (Steven Meyers, 2000).
    Anchor,
    /// Anchor 2D (Mark Steere, 2008).
    Anchor2d,
    /// Kropki (Dots), traditional.
    Kropki,
    /// Go, Chinese area rules, komi 7.
    Go,
    /// Hexade (Christian Freeling, 1992).
    Hexade,
}

impl GameId {
    /// All games in registry order.
    pub const ALL: [GameId; 5] = [
        GameId::Anchor,
        GameId::Anchor2d,
        GameId::Kropki,
        GameId::Go,
        GameId::Hexade,
    ];

    /// The command-line and TOML name.
    pub fn key(self) -> &'static str {
        match self {
            GameId::Anchor => "anchor",
            GameId::Anchor2d => "anchor2d",
            GameId::Kropki => "kropki",
            GameId::Go => "go",
            GameId::Hexade => "hexade",
        }
    }

    /// The printed title.
    pub fn title(self) -> &'static str {
        match self {
            GameId::Anchor => "Anchor",
            GameId::Anchor2d => "Anchor 2D",
            GameId::Kropki => "Kropki",
            GameId::Go => "Go",
            GameId::Hexade => "Hexade",
        }
    }

    /// The designer credit printed on sheets.
    pub fn credit(self) -> &'static str {
        match self {
            GameId::Anchor => "Steven Meyers, 2000",
            GameId::Anchor2d => "Mark Steere, 2008",
            GameId::Kropki => "traditional (Dots)",
            GameId::Go => "traditional; Chinese area rules, komi 7",
            GameId::Hexade => "Christian Freeling, 1992",
        }
    }

    /// Parses a game name as written on the command line or in TOML.
    pub fn parse(name: &str) -> Option<GameId> {
        let n = name
            .trim()
            .to_ascii_lowercase()
            .replace([' ', '-', '_'], "");
        GameId::ALL.into_iter().find(|g| g.key() == n)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Options of `stonepress score`.
#[derive(Clone, Debug, Default)]
pub struct ScoreOptions {
    /// Points of stones the user marks dead (Go, Anchor), as written on the command line.
    pub dead: Option<String>,
}

/// What `stonepress score` prints: JSON for `--json`, text otherwise.
#[derive(Clone, Debug)]
pub struct ScoreReport {
    /// The machine-readable result (top-level "black", "white", "winner", ...).
    pub json: serde_json::Value,
    /// The human-readable result, one or more lines.
    pub text: String,
    /// Things about the input worth saying that did not stop the work (an SGF record read
    /// past its end); the command line prints them on standard error.
    pub warnings: Vec<String>,
}

impl ScoreReport {
    /// A report with no warnings.
    pub fn new(json: serde_json::Value, text: String) -> ScoreReport {
        ScoreReport {
            json,
            text,
            warnings: Vec::new(),
        }
    }
}

/// Bad input to an engine: a position that cannot be read, a coordinate that does not exist,
/// an illegal move in a record. Always the user's input, so the exit status is 2.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum GameError {
    /// The position file did not load.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// A problem in a position file, with the line where it is (0 when unknown).
    #[error("{file}{}: {message}", if *line > 0 { format!(":{line}") } else { String::new() })]
    Invalid {
        /// The file (or "<inline>").
        file: String,
        /// The 1-based line, or 0.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A move in a record that the rules refuse.
    #[error("{file}: move {number} ({mv}) is illegal: {reason}")]
    IllegalMove {
        /// The file (or "<inline>").
        file: String,
        /// The 1-based move number in the record.
        number: usize,
        /// The move as written.
        mv: String,
        /// Why the rules refuse it.
        reason: String,
    },
    /// The command is not available for this game.
    #[error("{0}")]
    Unsupported(String),
}

/// Scores the position in `file` for `game`: `stonepress score GAME --position FILE`.
pub fn score(game: GameId, file: &Path, opts: &ScoreOptions) -> Result<ScoreReport, GameError> {
    match game {
        GameId::Anchor => anchor::score_file(file, opts),
        GameId::Anchor2d => anchor2d::score_file(file, opts),
        GameId::Kropki => kropki::score_file(file, opts),
        GameId::Go => go::score_file(file, opts),
        GameId::Hexade => hexade::score_file(file, opts),
    }
}

/// Options of `stonepress solve`, as given on the command line.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// "auto" (default), "kill", "live", "capture", or a game-specific goal.
    pub goal: Option<String>,
    /// Override of the side to move: "black" or "white".
    pub to_play: Option<String>,
    /// The target group, by one of its points.
    pub target: Option<String>,
    /// The region of candidate moves, e.g. "A1:E5".
    pub region: Option<String>,
    /// The time budget in milliseconds.
    pub budget_ms: Option<u64>,
}

/// Solves the problem in `file` for `game`: `stonepress solve GAME --position FILE`. The
/// report's JSON has "goal", "status", "key_move", "unique", "other_winning_moves",
/// "main_line", "nodes" and "millis".
pub fn solve(game: GameId, file: &Path, opts: &SolveOptions) -> Result<ScoreReport, GameError> {
    match game {
        GameId::Go => go::solve_file(file, opts),
        other => Err(GameError::Unsupported(format!(
            "no solver for {} yet",
            other.title()
        ))),
    }
}

/// Board parameters a configuration or command line may give.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoardParams {
    /// Go size N.
    pub size: Option<usize>,
    /// Kropki width.
    pub width: Option<usize>,
    /// Kropki height.
    pub height: Option<usize>,
    /// Hexade base.
    pub base: Option<usize>,
}

impl GameId {
    /// Builds the game's board, checking the parameters that apply and refusing the others.
    pub fn board(self, p: BoardParams) -> Result<crate::geometry::Board, String> {
        use crate::games::go::look::GO_SIZES;
        use crate::games::hexade::look::HEXADE_BASES;
        use crate::games::kropki::look::KROPKI_MAX;
        let refuse = |key: &str, v: Option<usize>| match v {
            Some(_) => Err(format!("'{key}' does not apply to {}", self.title())),
            None => Ok(()),
        };
        match self {
            GameId::Go => {
                refuse("width", p.width)?;
                refuse("height", p.height)?;
                refuse("base", p.base)?;
                let n = p.size.unwrap_or(9);
                if !GO_SIZES.contains(&n) {
                    return Err(format!("Go board size {n} is outside 5..19"));
                }
                Ok(crate::games::go::look::board(n))
            }
            GameId::Kropki => {
                refuse("size", p.size)?;
                refuse("base", p.base)?;
                let (w, h) = (p.width.unwrap_or(39), p.height.unwrap_or(32));
                if !(5..=KROPKI_MAX).contains(&w) || !(5..=KROPKI_MAX).contains(&h) {
                    return Err(format!("Kropki grid {w}x{h}: each side must be 5..60"));
                }
                Ok(crate::games::kropki::look::board(w, h))
            }
            GameId::Hexade => {
                refuse("size", p.size)?;
                refuse("width", p.width)?;
                refuse("height", p.height)?;
                let b = p.base.unwrap_or(HEXADE_BASES.1);
                if !(HEXADE_BASES.0..=HEXADE_BASES.2).contains(&b) {
                    return Err(format!("Hexade base {b} is outside 4..12"));
                }
                Ok(crate::games::hexade::look::board(b))
            }
            GameId::Anchor | GameId::Anchor2d => {
                refuse("size", p.size)?;
                refuse("width", p.width)?;
                refuse("height", p.height)?;
                refuse("base", p.base)?;
                Ok(if self == GameId::Anchor {
                    crate::games::anchor::look::board()
                } else {
                    crate::games::anchor2d::look::board()
                })
            }
        }
    }

    /// The columns of the game's printed score table, for games that have one.
    pub fn score_columns(self) -> Option<Vec<&'static str>> {
        match self {
            GameId::Go => Some(vec!["Stones", "Territory", "Komi", "Total"]),
            GameId::Anchor => Some(vec!["Territory", "Prisoners", "Total"]),
            _ => None,
        }
    }

    /// One line about the game for sheets and `stonepress games`.
    pub fn summary(self) -> &'static str {
        match self {
            GameId::Anchor => {
                "hexagon of 169 points; groups must anchor to the sides; territory + prisoners"
            }
            GameId::Anchor2d => {
                "triangle with two windows; anchor five of the nine pairs of green edges"
            }
            GameId::Kropki => "squared paper; enclose your opponent's dots; the border is out",
            GameId::Go => "Chinese area scoring, komi 7, positional superko",
            GameId::Hexade => "make a six (row, triangle or ring); capture pairs by flanking",
        }
    }
}

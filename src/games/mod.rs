//! The rules engines, one module per game, and the registry: the only place that names all five
//! games.

pub mod anchor;
pub mod anchor2d;
pub mod color;
pub mod contract;
pub mod drawing;
pub mod go;
pub mod hexade;
pub mod kropki;
pub mod position;
pub mod puzzle;
pub mod solving;
pub mod tictactoe;

use std::fmt;

pub use color::Color;
pub use contract::{About, BoardParams, Game, Param, Position, Resolved, ShowOption, Source};
pub use position::{PositionError, PositionSpec};

/// The one list of games, in the order `stonepress games` lists them. Adding a game is adding
/// its folder and one line here.
pub const GAMES: &[&dyn Game] = &[
    &anchor::game::AnchorGame,
    &anchor2d::game::Anchor2dGame,
    &kropki::game::KropkiGame,
    &go::game::GoGame,
    &hexade::game::HexadeGame,
    &tictactoe::game::TicTacToeGame,
];

/// A game of the registry: a copyable handle on its `Game`, compared by key.
#[derive(Clone, Copy)]
pub struct GameId(&'static dyn Game);

impl GameId {
    /// The games users see, in registry order (with the test games when `STONEPRESS_TEST_GAMES`
    /// is set).
    pub fn all() -> impl Iterator<Item = GameId> {
        let tests = std::env::var_os("STONEPRESS_TEST_GAMES").is_some();
        GAMES
            .iter()
            .filter(move |g| tests || !g.test_only())
            .map(|&g| GameId(g))
    }

    /// Parses a game name as written on the command line or in TOML.
    pub fn parse(name: &str) -> Option<GameId> {
        let n = name
            .trim()
            .to_ascii_lowercase()
            .replace([' ', '-', '_'], "");
        GameId::all().find(|g| g.key() == n)
    }

    /// The keys of the games users see, for hints ("anchor, anchor2d, ...").
    pub fn keys() -> String {
        GameId::all()
            .map(|g| g.key())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The game's contract.
    pub fn game(self) -> &'static dyn Game {
        self.0
    }
}

impl std::ops::Deref for GameId {
    type Target = dyn Game;

    fn deref(&self) -> &Self::Target {
        self.0
    }
}

impl PartialEq for GameId {
    fn eq(&self, other: &GameId) -> bool {
        self.key() == other.key()
    }
}

impl Eq for GameId {}

impl std::hash::Hash for GameId {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}

impl fmt::Debug for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
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

/// Scores a position for `game`: `stonepress score GAME --position FILE`.
pub fn score(game: GameId, source: &Source, opts: &ScoreOptions) -> Result<ScoreReport, GameError> {
    game.load(source)?.score(opts)
}

/// Options of `stonepress solve`, as given on the command line.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// "auto" (default), "kill", "live", "capture", or a game-specific goal.
    pub goal: Option<String>,
    /// Override of the side to move: "black" or "white".
    pub to_play: Option<String>,
    /// The target: a group by one of its points (life and death), or a pair of edges (a,c).
    pub target: Option<String>,
    /// The region of candidate moves, e.g. "A1:E5".
    pub region: Option<String>,
    /// The time budget in milliseconds.
    pub budget_ms: Option<u64>,
    /// A cap on the nodes each search expands (the clock is the limit otherwise).
    pub nodes: Option<u64>,
    /// The most moves of its own the side to move may take to reach the goal (`--in N`), for
    /// games whose goals are "win in N"; the game's default when not given.
    pub in_n: Option<u32>,
    /// How an open life-and-death problem is closed: "ring" (the fight area, in a ring of
    /// points only the attacker may play) or "wall" (a tsumego frame of the attacker's stones
    /// outside the problem); the game's default when not given.
    pub frame: Option<String>,
    /// Life and death: moves read in the order of the eye space they take or make, besides
    /// the static death every reading has by default (`--eye-knowledge`).
    pub eye_knowledge: bool,
    /// Life and death: small closed eye spaces with the attacker's stones inside read out,
    /// besides the static death (`--read-enclosed`).
    pub read_enclosed: bool,
    /// Life and death: the rules alone, without the static death of a target confined to room
    /// for one eye (`--rules-only`, to compare readings).
    pub rules_only: bool,
}

/// Refuses a game without a solver (before its position is even read).
pub fn needs_solver(game: GameId) -> Result<(), GameError> {
    if game.solves() {
        Ok(())
    } else {
        Err(GameError::Unsupported(format!(
            "no solver for {} yet",
            game.title()
        )))
    }
}

/// Solves the problem in a position for `game`: `stonepress solve GAME --position FILE`. The
/// report's JSON has "goal", "status", "key_move", "unique", "other_winning_moves",
/// "main_line", "nodes" and "millis".
pub fn solve(game: GameId, source: &Source, opts: &SolveOptions) -> Result<ScoreReport, GameError> {
    needs_solver(game)?;
    let mut pos = game.load(source)?;
    if let Some(side) = &opts.to_play {
        let c = Color::parse(side).ok_or_else(|| GameError::Invalid {
            file: source.name.to_string(),
            line: 0,
            message: format!("--to-play '{side}' is not black or white"),
        })?;
        pos.set_to_play(c).map_err(|message| GameError::Invalid {
            file: "--to-play".into(),
            line: 0,
            message,
        })?;
    }
    pos.solve(opts)
}

impl GameId {
    /// Builds the game's board, checking each parameter given against the game's limits and
    /// refusing the parameters it does not take.
    pub fn board(self, given: &BoardParams) -> Result<crate::geometry::Board, String> {
        let params = self.params();
        for key in given.keys() {
            if !params.iter().any(|p| p.key == key) {
                return Err(format!("'{key}' does not apply to {}", self.title()));
            }
        }
        let mut values = Vec::new();
        for p in params {
            let v = given.get(p.key).unwrap_or(p.default);
            if !(p.min..=p.max).contains(&v) {
                return Err(format!(
                    "{} {} {v} is outside {}..{}",
                    self.title(),
                    p.doc,
                    p.min,
                    p.max
                ));
            }
            values.push((p.key, v));
        }
        Ok(self.0.board(&Resolved::from_values(values)))
    }

    /// What `games` and `--help` say of the board parameters: "size = 5..19 (default 9)".
    pub fn params_text(self) -> String {
        let params = self.params();
        if params.is_empty() {
            return "(none)".into();
        }
        params
            .iter()
            .map(|p| format!("{} = {}..{} (default {})", p.key, p.min, p.max, p.default))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

//! The game contract: what every game provides, as one trait (`Game`) and the loaded position it
//! hands back (`Position`). Everything above `games/` reaches a game only through these two
//! traits and the registry in `games/mod.rs`; nothing there names a game.
//!
//! The life cycle follows the order of the trait: identity, board parameters and the board,
//! position keys and parsing, diagrams (show options and the figure), score and solve reports,
//! the drawing look, puzzle kinds.

use std::fmt;

use super::{Color, GameError, ScoreOptions, ScoreReport, SolveOptions};
use crate::figure::request::{Made, Request};
use crate::geometry::Board;

/// A board parameter a game takes (`size`, `width`, ...): its key, what it means and its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The key, as written in TOML (`size = 13`) and as the `board` command's flag (`--size`).
    pub key: &'static str,
    /// What it is, in a few words ("board size"); error messages start with it.
    pub doc: &'static str,
    /// The smallest value allowed.
    pub min: usize,
    /// The largest value allowed.
    pub max: usize,
    /// The value when none is given.
    pub default: usize,
}

/// A `show` option of a game's diagrams: what it draws, in one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShowOption {
    /// The option as written in `show = [...]`.
    pub key: &'static str,
    /// What it draws.
    pub doc: &'static str,
}

/// Board parameters as given by a configuration or the command line, key and value, before
/// they are checked against the game's `Param`s.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardParams(Vec<(String, usize)>);

impl BoardParams {
    /// No parameters: every one takes its default.
    pub fn new() -> BoardParams {
        BoardParams(Vec::new())
    }

    /// Sets `key` to `value` (replacing an earlier value).
    pub fn set(&mut self, key: &str, value: usize) {
        self.0.retain(|(k, _)| k != key);
        self.0.push((key.to_string(), value));
    }

    /// The value given for `key`.
    pub fn get(&self, key: &str) -> Option<usize> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| *v)
    }

    /// The keys given, in the order they were set.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(|(k, _)| k.as_str())
    }
}

/// Board parameters checked against a game's `Param`s: every parameter has its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved(Vec<(&'static str, usize)>);

impl Resolved {
    /// Values for every parameter of a game, in its `params` order.
    pub fn from_values(values: Vec<(&'static str, usize)>) -> Resolved {
        Resolved(values)
    }

    /// The value of `key` (0 for a key the game does not take, which `Game::board` never asks).
    pub fn get(&self, key: &str) -> usize {
        self.0
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(0, |(_, v)| *v)
    }
}

/// A position as the user gave it: a file's text with its name, or an inline table of a
/// configuration. Reading files is the caller's business; games only parse.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// The file as named to the user ("position" for an inline table).
    pub name: &'a str,
    /// The file's text (empty for an inline table).
    pub text: &'a str,
    /// The inline table, when the position comes from a configuration's `position = { ... }`.
    pub table: Option<&'a toml::Table>,
}

impl<'a> Source<'a> {
    /// A position file's text.
    pub fn file(name: &'a str, text: &'a str) -> Source<'a> {
        Source {
            name,
            text,
            table: None,
        }
    }

    /// An inline position table.
    pub fn table(table: &'a toml::Table) -> Source<'a> {
        Source {
            name: "position",
            text: "",
            table: Some(table),
        }
    }

    /// Whether the name ends in `.ext` (any case).
    pub fn has_extension(&self, ext: &str) -> bool {
        std::path::Path::new(self.name)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(ext))
    }
}

/// Who a game is: its names and the lines printed about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// The command-line and TOML name (`go`).
    pub key: &'static str,
    /// The printed title (`Go`).
    pub title: &'static str,
    /// The designer credit printed on sheets.
    pub credit: &'static str,
    /// One line about the game for sheets and `stonepress games`.
    pub summary: &'static str,
}

/// A game: one module under `games/` fills it, and one line of `GAMES` lists it.
pub trait Game: Sync {
    /// Who the game is.
    fn about(&self) -> &'static About;
    /// The command-line and TOML name (`go`).
    fn key(&self) -> &'static str {
        self.about().key
    }
    /// The printed title (`Go`).
    fn title(&self) -> &'static str {
        self.about().title
    }
    /// The designer credit printed on sheets.
    fn credit(&self) -> &'static str {
        self.about().credit
    }
    /// One line about the game for sheets and `stonepress games`.
    fn summary(&self) -> &'static str {
        self.about().summary
    }
    /// True for a game that exists only for the tests (listed only when `STONEPRESS_TEST_GAMES`
    /// is set).
    fn test_only(&self) -> bool {
        false
    }

    /// The board parameters the game takes, with their limits and defaults.
    fn params(&self) -> &'static [Param] {
        &[]
    }
    /// Builds the board from parameters already checked against `params`.
    fn board(&self, params: &Resolved) -> Board;
    /// The columns of the game's printed score table, if it has one.
    fn score_columns(&self) -> Option<&'static [&'static str]> {
        None
    }

    /// The position keys of this game beyond the common ones (`game`, `black`, `white`,
    /// `picture`, `to_play`, `moves`).
    fn position_keys(&self) -> &'static [&'static str] {
        &[]
    }
    /// The file extensions of game records the game reads besides position tables ("sgf").
    fn record_formats(&self) -> &'static [&'static str] {
        &[]
    }
    /// Parses a position (the empty board for an empty source), every rule enforced.
    fn load(&self, source: &Source) -> Result<Box<dyn Position>, GameError>;

    /// The `show` options of the game's diagrams.
    fn show_options(&self) -> &'static [ShowOption] {
        &[]
    }
    /// How the game's boards are drawn (spacing, stones, ground, labels, corner symbols).
    fn look(&self) -> &'static crate::figure::Look;
    /// Whether the look's spacing is a physical standard (a real board's lines, squared paper):
    /// board sheets then print at full size where the paper holds it. Other boards fill the
    /// page.
    fn true_size(&self) -> bool {
        false
    }
    /// The game's puzzle kinds (none for a game without a generator).
    fn puzzle_kinds(&self) -> &'static [&'static dyn super::puzzle::PuzzleKind] {
        &[]
    }
    /// Whether `solve` works for this game's positions.
    fn solves(&self) -> bool {
        false
    }
}

/// A loaded position of some game: its engine behind moves written in the game's notation, and
/// what the engine finds in it (figure, score, solution).
pub trait Position {
    /// The board.
    fn board(&self) -> &Board;
    /// Who moves next.
    fn to_play(&self) -> Color;
    /// Makes `side` the side to move (`--to-play`).
    fn set_to_play(&mut self, side: Color) -> Result<(), String> {
        let _ = side;
        Err("this game does not let the side to move be changed".into())
    }
    /// Plays one move written in the game's notation ("C3", "pass"), refusing an illegal one
    /// with the rule's reason.
    fn play(&mut self, token: &str) -> Result<(), String>;
    /// Takes back the last move played; false when there is none.
    fn undo(&mut self) -> bool;
    /// A hash of the whole state (stones, side to move, anything the rules remember).
    fn hash(&self) -> u64;
    /// Plays the request's moves and turns the engine's findings into a figure.
    fn figure(&mut self, request: &Request) -> Result<Made, GameError>;
    /// The score of the position judged as final.
    fn score(&mut self, options: &ScoreOptions) -> Result<ScoreReport, GameError>;
    /// Solves the position as a problem.
    fn solve(&mut self, options: &SolveOptions) -> Result<ScoreReport, GameError> {
        let _ = options;
        Err(GameError::Unsupported("this game has no solver".into()))
    }
}

impl fmt::Debug for dyn Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

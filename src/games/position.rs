//! The position file shared by `score`, `solve` and `[[diagram]]`: a small TOML table with the
//! stones (`black`/`white` coordinate lists or a `picture`), `to_play`, a `moves` record replayed
//! with every rule enforced, and game-specific keys. Each game reads the keys it understands and
//! rejects the others by name (see `PositionSpec::reject_keys`).

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// A move list: either one string ("C3 D4 pass") or an array of strings.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum MoveList {
    /// Moves separated by white space (or commas).
    Text(String),
    /// One move per array element.
    List(Vec<String>),
}

impl MoveList {
    /// The moves as separate tokens, in order.
    pub fn tokens(&self) -> Vec<String> {
        match self {
            MoveList::Text(t) => t
                .split(|c: char| c.is_whitespace() || c == ',')
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
            MoveList::List(v) => v.iter().map(|s| s.trim().to_string()).collect(),
        }
    }
}

/// Every key a position table may hold. Unknown keys are rejected by serde; keys that belong
/// to another game are rejected by that game's loader with `reject_keys`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PositionSpec {
    /// The game, if the file says (checked against the command's GAME).
    pub game: Option<String>,
    /// Black stones by coordinate, separated by spaces.
    pub black: Option<String>,
    /// White stones by coordinate, separated by spaces.
    pub white: Option<String>,
    /// A picture of the board: rows of X (Black), O (White), . (empty), top row first.
    pub picture: Option<String>,
    /// Who moves next: "black" or "white".
    pub to_play: Option<String>,
    /// A record replayed from the set-up stones with every rule enforced.
    pub moves: Option<MoveList>,
    /// Go: board size N (5..19).
    pub size: Option<usize>,
    /// Go: komi (default 7).
    pub komi: Option<f64>,
    /// Go: number of handicap stones (2..9) placed before the moves.
    pub handicap: Option<u8>,
    /// Go: "superko" (default) or "simple".
    pub ko_rule: Option<String>,
    /// Go/Anchor: stones marked dead for scoring.
    pub dead: Option<String>,
    /// Kropki: grid width.
    pub width: Option<usize>,
    /// Kropki: grid height.
    pub height: Option<usize>,
    /// Kropki: "empty" (default) or "cross".
    pub start: Option<String>,
    /// Kropki: Black's declared regions, each named by one node inside it.
    pub black_regions: Option<String>,
    /// Kropki: White's declared regions, each named by one node inside it.
    pub white_regions: Option<String>,
    /// Hexade: board base (4..12, default 10).
    pub base: Option<usize>,
    /// Hexade: White's first stone while the distance rule for White's second is pending.
    pub white_first: Option<String>,
    /// Anchor: the mirror rule on (default) or off.
    pub mirror_rule: Option<bool>,
}

/// A position file that failed to load or to make sense.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PositionError {
    /// The file could not be read.
    #[error("{file}: cannot read: {source}")]
    Io {
        /// The file.
        file: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The TOML did not parse or had an unknown key.
    #[error("{file}:{line}:{column}: {message}")]
    Syntax {
        /// The file.
        file: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What went wrong.
        message: String,
    },
}

impl PositionSpec {
    /// Parses position TOML text; `file` is used in error messages only.
    pub fn parse(text: &str, file: &Path) -> Result<PositionSpec, PositionError> {
        toml::from_str(text).map_err(|e| {
            let (line, column) = e.span().map(|s| line_col(text, s.start)).unwrap_or((1, 1));
            PositionError::Syntax {
                file: file.to_path_buf(),
                line,
                column,
                message: e.message().to_string(),
            }
        })
    }

    /// Reads and parses a position file.
    pub fn load(file: &Path) -> Result<PositionSpec, PositionError> {
        let text = std::fs::read_to_string(file).map_err(|source| PositionError::Io {
            file: file.to_path_buf(),
            source,
        })?;
        PositionSpec::parse(&text, file)
    }

    /// The names of the keys that are set, in declaration order.
    pub fn keys_set(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        macro_rules! check {
            ($($f:ident),*) => { $( if self.$f.is_some() { out.push(stringify!($f)); } )* };
        }
        check!(
            game,
            black,
            white,
            picture,
            to_play,
            moves,
            size,
            komi,
            handicap,
            ko_rule,
            dead,
            width,
            height,
            start,
            black_regions,
            white_regions,
            base,
            white_first,
            mirror_rule
        );
        out
    }

    /// Fails with the first key that is set but not in `allowed` (for keys of other games).
    pub fn reject_keys(&self, game: &str, allowed: &[&str]) -> Result<(), String> {
        for key in self.keys_set() {
            if !allowed.contains(&key) {
                return Err(format!(
                    "key '{key}' does not apply to {game} positions (allowed: {})",
                    allowed.join(", ")
                ));
            }
        }
        Ok(())
    }
}

/// 1-based line and column of a byte offset in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rfind('\n')
        .map_or(before.len(), |i| before.len() - i - 1)
        + 1;
    (line, column)
}

/// The rows of a picture: non-empty lines with spaces removed.
pub fn picture_rows(picture: &str) -> Vec<Vec<char>> {
    picture
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect()
}

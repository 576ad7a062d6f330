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
    /// Go: points given to White for the handicap (default: one per handicap stone).
    pub handicap_compensation: Option<f64>,
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

/// Reads a position file as text and parses it, for the engines' loaders.
pub fn read(file: &Path) -> Result<(PositionSpec, String), crate::games::GameError> {
    let text = std::fs::read_to_string(file).map_err(|e| crate::games::GameError::Invalid {
        file: file.display().to_string(),
        line: 0,
        message: format!("cannot read: {e}"),
    })?;
    let spec = PositionSpec::parse(&text, file)?;
    Ok((spec, text))
}

/// The 1-based line where `key = ` appears in TOML text, or 0.
pub fn key_line(text: &str, key: &str) -> usize {
    if key.is_empty() {
        return 0;
    }
    text.lines()
        .position(|l| {
            let t = l.trim_start();
            t.starts_with(key) && t[key.len()..].trim_start().starts_with('=')
        })
        .map_or(0, |i| i + 1)
}

/// Errors of one position file: each names the file and the line of the key at fault.
pub struct Blame<'a> {
    /// The file as named to the user.
    pub file: &'a str,
    /// The file's text, to find lines in.
    pub text: &'a str,
}

impl Blame<'_> {
    /// An error about `key`.
    pub fn at(&self, key: &str, message: impl Into<String>) -> crate::games::GameError {
        crate::games::GameError::Invalid {
            file: self.file.to_string(),
            line: key_line(self.text, key),
            message: message.into(),
        }
    }

    /// An error about move `number` (1-based) of the record.
    pub fn illegal(
        &self,
        number: usize,
        mv: &str,
        reason: impl Into<String>,
    ) -> crate::games::GameError {
        crate::games::GameError::IllegalMove {
            file: self.file.to_string(),
            number,
            mv: mv.to_string(),
            reason: reason.into(),
        }
    }

    /// Checks the keys and the `game` key of a position table.
    pub fn check_keys(
        &self,
        spec: &PositionSpec,
        game: crate::games::GameId,
        allowed: &[&str],
    ) -> Result<(), crate::games::GameError> {
        spec.reject_keys(game.title(), allowed)
            .map_err(|m| self.at("", m))?;
        if let Some(g) = &spec.game
            && crate::games::GameId::parse(g) != Some(game)
        {
            return Err(self.at(
                "game",
                format!("this is a '{g}' position, not {}", game.title()),
            ));
        }
        Ok(())
    }

    /// The stones of the `black` and `white` lists, refusing names given twice (also against
    /// `already`, the stones of a picture).
    pub fn stone_lists(
        &self,
        spec: &PositionSpec,
        board: &crate::geometry::Board,
        already: &mut Vec<(crate::geometry::PointId, crate::games::Color)>,
    ) -> Result<(), crate::games::GameError> {
        use crate::games::Color;
        for (key, list, c) in [
            ("black", &spec.black, Color::Black),
            ("white", &spec.white, Color::White),
        ] {
            if let Some(list) = list {
                for p in board
                    .parse_list(list)
                    .map_err(|e| self.at(key, e.to_string()))?
                {
                    if already.iter().any(|s| s.0 == p) {
                        return Err(self.at(key, format!("{} is given twice", board.name(p))));
                    }
                    already.push((p, c));
                }
            }
        }
        Ok(())
    }

    /// Who moves: `to_play` if given, else `first` when both have as many stones and the
    /// other player when `first` has one more.
    pub fn to_play(
        &self,
        spec: &PositionSpec,
        counts: [usize; 2],
        first: crate::games::Color,
    ) -> Result<crate::games::Color, crate::games::GameError> {
        if let Some(t) = &spec.to_play {
            return crate::games::Color::parse(t)
                .ok_or_else(|| self.at("to_play", format!("to_play '{t}' is not black or white")));
        }
        let (f, o) = (counts[first.index()], counts[first.opp().index()]);
        if f == o {
            Ok(first)
        } else if f == o + 1 {
            Ok(first.opp())
        } else {
            Err(self.at(
                "to_play",
                format!(
                    "{} Black and {} White stones: say who moves with to_play",
                    counts[0], counts[1]
                ),
            ))
        }
    }
}

/// Reads one picture row onto its points: X Black, O White, . empty.
pub fn read_picture_row(
    blame: &Blame,
    row: &[char],
    points: &[crate::geometry::PointId],
    stones: &mut Vec<(crate::geometry::PointId, crate::games::Color)>,
    label: &str,
) -> Result<(), crate::games::GameError> {
    use crate::games::Color;
    if row.len() != points.len() {
        return Err(blame.at("picture", format!("{label} needs {} points", points.len())));
    }
    for (ch, &p) in row.iter().zip(points) {
        match ch {
            'X' | 'x' => stones.push((p, Color::Black)),
            'O' | 'o' => stones.push((p, Color::White)),
            '.' => {}
            other => {
                return Err(blame.at("picture", format!("unknown picture character '{other}'")));
            }
        }
    }
    Ok(())
}

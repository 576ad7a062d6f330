//! The position file shared by `score`, `solve` and `[[diagram]]`: a small TOML table with the
//! stones (`black`/`white` coordinate lists or a `picture`), `to_play`, a `moves` record replayed
//! with every rule enforced, and game-specific keys. Each game reads the keys it understands and
//! rejects the others by name (see `Blame::check_keys`), naming the game a key belongs to.
//! Errors name the file, line and column of the value at fault (`Blame`) and quote at most
//! `QUOTE_MAX` characters of it.

use std::path::{Path, PathBuf};

use serde::Deserialize;

pub use crate::util::text::{TextError, line_col, read_text};

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

/// The keys every game's position table has; each game adds its own (`Game::position_keys`).
pub const COMMON_KEYS: &[&str] = &["game", "black", "white", "picture", "to_play", "moves"];

/// The common keys of a position table, typed (serde keeps the place of a wrong type).
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
struct Common {
    game: Option<String>,
    black: Option<String>,
    white: Option<String>,
    picture: Option<String>,
    to_play: Option<String>,
    moves: Option<MoveList>,
}

/// A position table: the common keys, typed, and the game's own keys as the file gives them
/// (each game reads its own with `Blame::value`; `check_keys` refuses any other key).
#[derive(Clone, Debug, Default, PartialEq)]
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
    /// Every other key, untyped: the game's own keys (or keys that `check_keys` refuses).
    pub extra: toml::Table,
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
        let syntax = |e: toml::de::Error| {
            let (line, column) = e.span().map(|s| line_col(text, s.start)).unwrap_or((1, 1));
            PositionError::Syntax {
                file: file.to_path_buf(),
                line,
                column,
                message: plain_message(e.message().trim()),
            }
        };
        let table: toml::Table = toml::from_str(text).map_err(syntax)?;
        let common: Common = toml::from_str(text).map_err(syntax)?;
        Ok(PositionSpec::from_parts(common, table))
    }

    /// Reads an inline position table (a configuration's `position = { ... }`).
    pub fn from_table(table: &toml::Table) -> Result<PositionSpec, String> {
        let common: Common = toml::Value::Table(table.clone())
            .try_into()
            .map_err(|e: toml::de::Error| plain_message(e.message().trim()))?;
        Ok(PositionSpec::from_parts(common, table.clone()))
    }

    fn from_parts(common: Common, mut extra: toml::Table) -> PositionSpec {
        for key in COMMON_KEYS {
            extra.remove(*key);
        }
        PositionSpec {
            game: common.game,
            black: common.black,
            white: common.white,
            picture: common.picture,
            to_play: common.to_play,
            moves: common.moves,
            extra,
        }
    }

    /// The names of the keys that are set: the common ones in `COMMON_KEYS` order, then the
    /// others.
    pub fn keys_set(&self) -> Vec<&str> {
        let set = [
            self.game.is_some(),
            self.black.is_some(),
            self.white.is_some(),
            self.picture.is_some(),
            self.to_play.is_some(),
            self.moves.is_some(),
        ];
        let mut out: Vec<&str> = COMMON_KEYS
            .iter()
            .zip(set)
            .filter(|(_, s)| *s)
            .map(|(k, _)| *k)
            .collect();
        out.extend(self.extra.keys().map(String::as_str));
        out
    }

    /// The value of one of the game's own keys, typed; the error is serde's message.
    pub fn get<T: serde::de::DeserializeOwned>(&self, key: &str) -> Result<Option<T>, String> {
        match self.extra.get(key) {
            None => Ok(None),
            Some(v) => v
                .clone()
                .try_into()
                .map(Some)
                .map_err(|e: toml::de::Error| plain_message(e.message().trim())),
        }
    }
}

/// A TOML error about a position table in words for the user: an unknown key is named without
/// the list of every key of every game, and quotes are cut short.
fn plain_message(message: &str) -> String {
    if message.contains("untagged enum MoveList") {
        return "moves must be a string (\"C3 D4 pass\") or an array of strings".into();
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let key = rest.split(", expected").next().unwrap_or(rest);
        return shorten_quotes(&format!(
            "unknown key {key} in a position file (the keys are listed under 'Position files' \
             in the README)"
        ));
    }
    shorten_quotes(message)
}

/// The longest piece of the user's text an error message quotes; a longer one is cut there
/// and ends in "…" (a file may hold a token of any length).
pub const QUOTE_MAX: usize = 40;

/// `text` as a message may quote it: at most `QUOTE_MAX` characters, then "…".
pub fn quote(text: &str) -> String {
    if text.chars().count() <= QUOTE_MAX {
        text.to_string()
    } else {
        let mut out: String = text.chars().take(QUOTE_MAX).collect();
        out.push('…');
        out
    }
}

/// Shortens every quoted piece ('…', `…`, "…" or […]) of a message to `QUOTE_MAX`
/// characters, for messages made by code that quotes the user's text in full. A quote mark
/// opens a quote only at the start of a word (so "White's" is no quote) and closes it only at
/// the end of one.
pub fn shorten_quotes(message: &str) -> String {
    let chars: Vec<char> = message.chars().collect();
    let opens =
        |i: usize| i == 0 || chars[i - 1].is_whitespace() || "([{:=,".contains(chars[i - 1]);
    let closes = |i: usize| {
        i + 1 == chars.len() || chars[i + 1].is_whitespace() || ".,;:)]}!?".contains(chars[i + 1])
    };
    let is_close = |k: usize, close: char| chars[k] == close && (close == ']' || closes(k));
    // The last closing mark of each kind: no quote is searched for beyond it (keeps this
    // linear in the length of the message).
    let last: Vec<(char, usize)> = ['\'', '`', '"', ']']
        .iter()
        .filter_map(|&c| {
            (0..chars.len())
                .rev()
                .find(|&k| is_close(k, c))
                .map(|k| (c, k))
        })
        .collect();
    let mut out = String::with_capacity(message.len().min(1024));
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let close = match c {
            '\'' | '`' | '"' if opens(i) => Some(c),
            '[' => Some(']'),
            _ => None,
        }
        .filter(|&d| last.iter().any(|&(e, k)| e == d && k > i));
        if let Some(close) = close
            && let Some(len) = (i + 1..chars.len())
                .find(|&k| is_close(k, close))
                .map(|k| k - i - 1)
            && len > QUOTE_MAX
        {
            out.push(c);
            out.extend(&chars[i + 1..i + 1 + QUOTE_MAX]);
            out.push('…');
            out.push(close);
            i += len + 2;
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

/// The message of a coordinate that does not exist, quoting at most `QUOTE_MAX` characters.
pub fn coord_message(e: &crate::geometry::CoordError) -> String {
    format!(
        "no point '{}' on the {} (coordinates: {})",
        quote(&e.name),
        e.board,
        e.scheme
    )
}

impl TextError {
    /// The error as a position-file error naming the file (and the place of a bad byte).
    pub fn into_position_error(self, file: &Path) -> PositionError {
        match self {
            TextError::Io(source) => PositionError::Io {
                file: file.to_path_buf(),
                source,
            },
            TextError::Utf8 { line, column, .. } => PositionError::Syntax {
                file: file.to_path_buf(),
                line,
                column,
                message: self.to_string(),
            },
        }
    }
}

/// The game whose own position keys include `key` (for naming a mismatch).
fn key_owner(key: &str) -> Option<crate::games::GameId> {
    crate::games::GameId::all().find(|g| g.position_keys().contains(&key))
}

/// The rows of a picture: non-empty lines with spaces removed.
pub fn picture_rows(picture: &str) -> Vec<Vec<char>> {
    picture
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect()
}

/// The tokens of a list of points or moves: separated by white space or commas.
pub fn list_tokens(list: &str) -> impl Iterator<Item = &str> {
    list.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|s| !s.is_empty())
}

/// Parses a position source as a table for `game`: refuses an SGF record (a game that reads
/// SGF looks at the source first), checks the `game` key and refuses every key that is not
/// common or the game's own. Returns the table and the text to blame errors in.
pub fn spec_for(
    game: &dyn crate::games::Game,
    source: &crate::games::Source,
) -> Result<PositionSpec, crate::games::GameError> {
    let blame = Blame {
        file: source.name,
        text: source.text,
    };
    let spec = match source.table {
        Some(t) => {
            PositionSpec::from_table(t).map_err(|message| crate::games::GameError::Invalid {
                file: source.name.to_string(),
                line: 0,
                message,
            })?
        }
        None if source.text.trim_start().starts_with("(;") => {
            let text = source.text;
            let at = text.len() - text.trim_start().len();
            let (line, column) = line_col(text, at);
            return Err(PositionError::Syntax {
                file: PathBuf::from(source.name),
                line,
                column,
                message: format!(
                    "this is an SGF record, not a position table; {} positions are TOML tables",
                    game.title()
                ),
            }
            .into());
        }
        None => PositionSpec::parse(source.text, Path::new(source.name))?,
    };
    blame.check_keys(&spec, game)?;
    Ok(spec)
}

/// `Game::load` for a game whose positions are tables: checks the table for `game` and builds
/// the position with the game's `from_spec(spec, text, file)`.
pub fn load_table<P: crate::games::Position + 'static>(
    game: &dyn crate::games::Game,
    source: &crate::games::Source,
    from_spec: fn(&PositionSpec, &str, &str) -> Result<P, crate::games::GameError>,
) -> Result<Box<dyn crate::games::Position>, crate::games::GameError> {
    let spec = spec_for(game, source)?;
    Ok(Box::new(from_spec(&spec, source.text, source.name)?))
}

/// The 1-based line where `key = ` appears in TOML text, or 0.
pub fn key_line(text: &str, key: &str) -> usize {
    key_place(text, key).map_or(0, |(l, _)| l)
}

/// The line and column of `key = ` in TOML text (of the key's first character).
fn key_place(text: &str, key: &str) -> Option<(usize, usize)> {
    if key.is_empty() {
        return None;
    }
    text.lines().enumerate().find_map(|(i, l)| {
        let t = l.trim_start();
        (t.starts_with(key) && t[key.len()..].trim_start().starts_with('='))
            .then(|| (i + 1, l[..l.len() - t.len()].chars().count() + 1))
    })
}

/// The value of a top-level key of TOML text with its byte span.
fn spanned_value(text: &str, key: &str) -> Option<toml::Spanned<toml::Value>> {
    if text.is_empty() || key.is_empty() {
        return None;
    }
    let mut table: std::collections::BTreeMap<String, toml::Spanned<toml::Value>> =
        toml::from_str(text).ok()?;
    table.remove(key)
}

/// Errors of one position file: each names the file, the line and the column of the value
/// at fault (the token itself for one point or move of a list).
pub struct Blame<'a> {
    /// The file as named to the user.
    pub file: &'a str,
    /// The file's text, to find lines in (empty for an inline table without a file).
    pub text: &'a str,
}

impl Blame<'_> {
    fn error(&self, place: Option<(usize, usize)>, message: String) -> crate::games::GameError {
        let message = shorten_quotes(&message);
        match place {
            Some((line, column)) => PositionError::Syntax {
                file: PathBuf::from(self.file),
                line,
                column,
                message,
            }
            .into(),
            None => crate::games::GameError::Invalid {
                file: self.file.to_string(),
                line: 0,
                message,
            },
        }
    }

    /// The place of `key`'s value (or of the key, when the value cannot be found).
    fn value_place(&self, key: &str) -> Option<(usize, usize)> {
        spanned_value(self.text, key)
            .map(|v| line_col(self.text, v.span().start))
            .or_else(|| key_place(self.text, key))
    }

    /// The byte offset of token `index` (0-based) of `key`'s value: a string split at white
    /// space and commas, or an array of strings.
    fn token_offset(&self, key: &str, index: usize) -> Option<usize> {
        let v = spanned_value(self.text, key)?;
        let span = v.span();
        let raw = self.text.get(span.clone())?;
        let tokens: Vec<String> = match v.get_ref() {
            toml::Value::String(s) => list_tokens(s).map(str::to_string).collect(),
            toml::Value::Array(a) => a
                .iter()
                .map(|x| x.as_str().map_or(String::new(), |s| s.trim().to_string()))
                .collect(),
            _ => return Some(span.start),
        };
        let mut from = 0;
        for (i, tok) in tokens.iter().enumerate().take(index + 1) {
            match raw.get(from..).and_then(|r| r.find(tok.as_str())) {
                Some(k) if !tok.is_empty() => {
                    if i == index {
                        return Some(span.start + from + k);
                    }
                    from += k + tok.len();
                }
                _ => return Some(span.start),
            }
        }
        Some(span.start)
    }

    /// The byte offset of character `col` of picture row `row` (both 0-based, counted as
    /// `picture_rows` counts them).
    fn picture_offset(&self, row: usize, col: usize) -> Option<usize> {
        let v = spanned_value(self.text, "picture")?;
        let span = v.span();
        let raw = self.text.get(span.clone())?;
        let pic = v.get_ref().as_str()?;
        let mut from = 0;
        let mut r = 0;
        for line in pic.lines() {
            let k = raw.get(from..)?.find(line)?;
            let line_at = from + k;
            from = line_at + line.len();
            let cells: Vec<(usize, char)> = line
                .char_indices()
                .filter(|(_, c)| !c.is_whitespace())
                .collect();
            if cells.is_empty() {
                continue;
            }
            if r == row {
                let off = cells.get(col).or(cells.last()).map_or(0, |c| c.0);
                return Some(span.start + line_at + off);
            }
            r += 1;
        }
        Some(span.start)
    }

    /// An error about `key`'s value.
    pub fn at(&self, key: &str, message: impl Into<String>) -> crate::games::GameError {
        self.error(self.value_place(key), message.into())
    }

    /// An error about token `index` (0-based) of `key`'s list.
    pub fn at_token(
        &self,
        key: &str,
        index: usize,
        message: impl Into<String>,
    ) -> crate::games::GameError {
        let place = self
            .token_offset(key, index)
            .map(|o| line_col(self.text, o))
            .or_else(|| self.value_place(key));
        self.error(place, message.into())
    }

    /// An error about character `col` of picture row `row` (0-based).
    pub fn at_picture(
        &self,
        row: usize,
        col: usize,
        message: impl Into<String>,
    ) -> crate::games::GameError {
        let place = self
            .picture_offset(row, col)
            .map(|o| line_col(self.text, o))
            .or_else(|| self.value_place("picture"));
        self.error(place, message.into())
    }

    /// An error about move `number` (1-based) of the record, at the move in the file.
    pub fn illegal(
        &self,
        number: usize,
        mv: &str,
        reason: impl Into<String>,
    ) -> crate::games::GameError {
        let reason = shorten_quotes(&reason.into());
        match self
            .token_offset("moves", number.saturating_sub(1))
            .map(|o| line_col(self.text, o))
        {
            Some(place) => self.error(
                Some(place),
                format!("move {number} ({}) is illegal: {reason}", quote(mv)),
            ),
            None => crate::games::GameError::IllegalMove {
                file: self.file.to_string(),
                number,
                mv: quote(mv),
                reason,
            },
        }
    }

    /// Checks the `game` key and the keys of a position table: the common keys and the game's
    /// own. A key of another game names the mismatch: the file is that game's position, not
    /// this one's.
    pub fn check_keys(
        &self,
        spec: &PositionSpec,
        game: &dyn crate::games::Game,
    ) -> Result<(), crate::games::GameError> {
        use crate::games::GameId;
        if let Some(g) = &spec.game
            && GameId::parse(g).map(|g| g.key()) != Some(game.key())
        {
            let message = match GameId::parse(g) {
                Some(other) => format!(
                    "this file says it is a {} position (game = \"{}\"), not {}",
                    other.title(),
                    other.key(),
                    game.title()
                ),
                None => format!(
                    "unknown game '{}' (this command reads {})",
                    quote(g),
                    game.title()
                ),
            };
            return Err(self.at("game", message));
        }
        let allowed: Vec<&str> = COMMON_KEYS
            .iter()
            .chain(game.position_keys())
            .copied()
            .collect();
        for key in spec.keys_set() {
            if allowed.contains(&key) {
                continue;
            }
            let message = match key_owner(key) {
                Some(owner) if owner.key() != game.key() => format!(
                    "key '{key}' is a {} key: this looks like a {} position, not {} (allowed \
                     here: {})",
                    owner.title(),
                    owner.title(),
                    game.title(),
                    allowed.join(", ")
                ),
                Some(_) => format!(
                    "key '{key}' does not apply to {} positions (allowed: {})",
                    game.title(),
                    allowed.join(", ")
                ),
                None => format!(
                    "unknown key `{}` in a position file (the keys are listed under 'Position \
                     files' in the README)",
                    quote(key)
                ),
            };
            return Err(self.error(key_place(self.text, key), message));
        }
        Ok(())
    }

    /// The value of one of the game's own keys, typed; a wrong type is blamed on the value.
    pub fn value<T: serde::de::DeserializeOwned>(
        &self,
        spec: &PositionSpec,
        key: &str,
    ) -> Result<Option<T>, crate::games::GameError> {
        spec.get(key).map_err(|m| self.at(key, m))
    }

    /// Adds the stones of the `black` and `white` lists to `stones` (which may hold the
    /// stones of a picture), refusing a point given twice or given to both colours.
    pub fn stone_lists(
        &self,
        spec: &PositionSpec,
        board: &crate::geometry::Board,
        stones: &mut Vec<(crate::geometry::PointId, crate::games::Color)>,
    ) -> Result<(), crate::games::GameError> {
        use crate::games::Color;
        let mut seen: Vec<Option<Color>> = vec![None; board.len()];
        for &(p, c) in stones.iter() {
            seen[p as usize] = Some(c);
        }
        // The lists in file order, so that the later mention of a point is the one blamed.
        let mut lists = [
            ("black", &spec.black, Color::Black),
            ("white", &spec.white, Color::White),
        ];
        lists.sort_by_key(|l| key_line(self.text, l.0));
        let from = stones.len();
        for (key, list, c) in lists {
            let Some(list) = list else { continue };
            for (i, tok) in list_tokens(list).enumerate() {
                let p = board
                    .parse(tok)
                    .map_err(|e| self.at_token(key, i, coord_message(&e)))?;
                if let Some(before) = seen[p as usize] {
                    let message = if before == c {
                        format!("{} is given twice", board.name(p))
                    } else {
                        format!("{} is given to both Black and White", board.name(p))
                    };
                    return Err(self.at_token(key, i, message));
                }
                seen[p as usize] = Some(c);
                stones.push((p, c));
            }
        }
        // The stones reach the engine as before: the black list, then the white one.
        stones[from..].sort_by_key(|s| s.1.index());
        Ok(())
    }

    /// Who moves: `to_play` if given, else `default` (each game documents its default from
    /// the stone counts). Never an error for a missing `to_play`: a finished position needs
    /// no side to move.
    pub fn to_play(
        &self,
        spec: &PositionSpec,
        default: crate::games::Color,
    ) -> Result<crate::games::Color, crate::games::GameError> {
        match &spec.to_play {
            None => Ok(default),
            Some(t) => crate::games::Color::parse(t).ok_or_else(|| {
                self.at(
                    "to_play",
                    format!("to_play '{}' is not black or white", quote(t)),
                )
            }),
        }
    }
}

/// Reads one picture row (`row`, 0-based) onto its points: X Black, O White, . empty.
pub fn read_picture_row(
    blame: &Blame,
    row: usize,
    cells: &[char],
    points: &[crate::geometry::PointId],
    stones: &mut Vec<(crate::geometry::PointId, crate::games::Color)>,
    label: &str,
) -> Result<(), crate::games::GameError> {
    use crate::games::Color;
    if cells.len() != points.len() {
        return Err(blame.at_picture(
            row,
            0,
            format!("{label} needs {} points, not {}", points.len(), cells.len()),
        ));
    }
    for (col, (ch, &p)) in cells.iter().zip(points).enumerate() {
        match ch {
            'X' | 'x' => stones.push((p, Color::Black)),
            'O' | 'o' => stones.push((p, Color::White)),
            '.' => {}
            other => {
                return Err(blame.at_picture(
                    row,
                    col,
                    format!("unknown picture character '{other}' (use X, O, .)"),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_are_cut_at_forty_characters() {
        let long = "A".repeat(100_000);
        assert_eq!(quote(&long).chars().count(), QUOTE_MAX + 1);
        assert!(quote(&long).ends_with('…'));
        assert_eq!(quote("C3"), "C3");
        let m = shorten_quotes(&format!("no point '{long}' here, nor `{long}`"));
        assert!(m.len() < 120, "{m}");
        assert!(m.starts_with("no point 'AAAA") && m.ends_with("…`"), "{m}");
        assert_eq!(shorten_quotes("'C3' and [aa]"), "'C3' and [aa]");
        let prose =
            "White's second stone must stand three points from White's first one, as the rules say";
        assert_eq!(shorten_quotes(prose), prose);
    }

    #[test]
    fn tokens_and_picture_cells_are_placed() {
        let text =
            "black = \"C3 D4\"\nwhite = [\"E5\", \"F6\"]\npicture = \"\"\"\n. X\nO ?\n\"\"\"\n";
        let blame = Blame {
            file: "p.toml",
            text,
        };
        assert_eq!(
            blame.token_offset("black", 1).map(|o| line_col(text, o)),
            Some((1, 13))
        );
        assert_eq!(
            blame.token_offset("white", 1).map(|o| line_col(text, o)),
            Some((2, 17))
        );
        assert_eq!(
            blame.picture_offset(1, 1).map(|o| line_col(text, o)),
            Some((5, 3))
        );
        let e = blame.at("white", "x").to_string();
        assert!(e.starts_with("p.toml:2:9: "), "{e}");
    }
}

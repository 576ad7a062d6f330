//! Configuration diagnostics: every error names the file, line and column, with a hint.

use std::fmt;

/// A problem in a configuration file.
#[derive(Clone, Debug, PartialEq)]
pub struct ConfigError {
    /// The file as the user named it.
    pub file: String,
    /// 1-based line (0 when the problem is not in the file).
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it, if there is something to say.
    pub hint: Option<String>,
}

impl ConfigError {
    /// An error at a byte span of the source text.
    pub fn at(file: &str, text: &str, offset: usize, message: impl Into<String>) -> ConfigError {
        let (line, column) = crate::util::text::line_col(text, offset);
        ConfigError {
            file: file.to_string(),
            line,
            column,
            message: message.into(),
            hint: None,
        }
    }

    /// Adds a hint.
    pub fn hint(mut self, hint: impl Into<String>) -> ConfigError {
        self.hint = Some(hint.into());
        self
    }
}

/// The game a table names (`game = "..."`), or an error at the name with the games as a hint.
pub fn game_at(
    game: &toml::Spanned<String>,
    file: &str,
    text: &str,
) -> Result<crate::games::GameId, ConfigError> {
    crate::games::GameId::parse(game.get_ref()).ok_or_else(|| {
        ConfigError::at(
            file,
            text,
            game.span().start,
            format!("unknown game '{}'", game.get_ref()),
        )
        .hint(format!("games: {}", crate::games::GameId::keys()))
    })
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "{}:{}:{}: {}",
                self.file, self.line, self.column, self.message
            )?;
        } else {
            write!(f, "{}: {}", self.file, self.message)?;
        }
        if let Some(h) = &self.hint {
            write!(f, "\nhint: {h}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfigError {}

//! What a diagram asks of a game: the analyses to show and the moves to number.

use super::model::Figure;

/// A game's part of a `[[diagram]]`: which findings to draw and which moves to play on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Request {
    /// The show options (each game lists and documents its own: `Game::show_options`).
    pub show: Vec<String>,
    /// Moves played from the position and drawn numbered, in order.
    pub moves: Vec<String>,
}

impl Request {
    /// Whether a show option was asked for.
    pub fn shows(&self, what: &str) -> bool {
        self.show.iter().any(|s| s == what)
    }
}

/// A figure made by a game and the caption written from its engine's findings.
#[derive(Clone, Debug)]
pub struct Made {
    /// The resolved figure (its caption left empty).
    pub figure: Figure,
    /// The caption the engine's analysis gives, used for `caption = "auto"`.
    pub auto_caption: String,
}

/// "1 stone", "3 stones".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

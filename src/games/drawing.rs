//! What the games hand to `figure/` besides their `Look` (`Game::look`): the colour of a
//! player's stones, and a refused move of a diagram as the games' error.

use super::{Color, GameError};
use crate::figure::{Colour, Refused};

/// A move of a diagram's request that the rules refused, as an illegal move of `file`.
pub fn illegal_in(file: &str) -> impl Fn(Refused) -> GameError + '_ {
    move |e| GameError::IllegalMove {
        file: file.to_string(),
        number: e.number,
        mv: e.mv,
        reason: e.reason,
    }
}

impl From<Color> for Colour {
    fn from(c: Color) -> Colour {
        match c {
            Color::Black => Colour::Black,
            Color::White => Colour::White,
        }
    }
}

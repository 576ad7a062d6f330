//! What the games hand to `figure/` besides their `Look` (`Game::look`): the colour of a
//! player's stones.

use super::Color;
use crate::figure::Colour;

impl From<Color> for Colour {
    fn from(c: Color) -> Colour {
        match c {
            Color::Black => Colour::Black,
            Color::White => Colour::White,
        }
    }
}

//! What the games hand to `figure/`: each game's board drawing style, reached from its id
//! (until the registry carries it; the `Look` itself lives in `<game>/look.rs`), and the
//! colour of a player's stones.

use super::{Color, GameId};
use crate::figure::{Colour, Look};

impl GameId {
    /// How the game draws its board.
    pub fn look(self) -> &'static Look {
        match self {
            GameId::Anchor => &super::anchor::look::LOOK,
            GameId::Anchor2d => &super::anchor2d::look::LOOK,
            GameId::Kropki => &super::kropki::look::LOOK,
            GameId::Go => &super::go::look::LOOK,
            GameId::Hexade => &super::hexade::look::LOOK,
        }
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

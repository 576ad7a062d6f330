//! Each game's board drawing style, reached from its id (until the registry carries it): the
//! `Look` every game defines in its own folder (`<game>::look::LOOK`).

use super::GameId;
use crate::figure::Look;

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

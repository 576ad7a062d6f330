//! Anchor 2D's entry in the game contract: identity, board, show options, and the loaded
//! position behind the engine.

use super::engine::Anchor2d;
use super::{figure, from_spec, score};
use crate::figure::request::{Made, Request};
use crate::games::position::load_table;
use crate::games::{
    About, Color, Game, GameError, Position, Resolved, ScoreOptions, ScoreReport, ShowOption,
    SolveOptions, Source,
};
use crate::geometry::Board;

/// Anchor 2D in the registry.
pub struct Anchor2dGame;

/// What Anchor 2D diagrams can show.
const SHOW: &[ShowOption] = &[
    ShowOption {
        key: "pairs",
        doc: "the pairs of edges each side anchors, with the groups that anchor them",
    },
    ShowOption {
        key: "windows",
        doc: "the two windows, outlined",
    },
    ShowOption {
        key: "count",
        doc: "the number of pairs each side holds, in the caption",
    },
];

/// Who the game is.
const ABOUT: About = About {
    key: "anchor2d",
    title: "Anchor 2D",
    credit: "Mark Steere, 2008",
    summary: "triangle with two windows; anchor five of the nine pairs of edges",
};

impl Game for Anchor2dGame {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn board(&self, _params: &Resolved) -> Board {
        super::look::board()
    }

    fn look(&self) -> &'static crate::figure::Look {
        &super::look::LOOK
    }

    fn load(&self, source: &Source) -> Result<Box<dyn Position>, GameError> {
        load_table(self, source, from_spec)
    }

    fn show_options(&self) -> &'static [ShowOption] {
        SHOW
    }

    fn puzzle_kinds(&self) -> &'static [&'static dyn crate::games::puzzle::PuzzleKind] {
        super::puzzle::PUZZLE_KINDS
    }

    fn solves(&self) -> bool {
        true
    }
}

impl Position for Anchor2d {
    fn board(&self) -> &Board {
        Anchor2d::board(self)
    }

    fn to_play(&self) -> Color {
        self.to_move()
    }

    fn set_to_play(&mut self, side: Color) -> Result<(), String> {
        self.set_to_move(side);
        Ok(())
    }

    fn play(&mut self, token: &str) -> Result<(), String> {
        let p = Anchor2d::board(self)
            .parse(token)
            .map_err(|e| e.to_string())?;
        Anchor2d::play(self, p).map_err(|r| r.reason().to_string())
    }

    fn undo(&mut self) -> bool {
        if self.moves_played() == 0 {
            return false;
        }
        Anchor2d::undo(self);
        true
    }

    fn hash(&self) -> u64 {
        Anchor2d::hash(self)
    }

    fn figure(&mut self, request: &Request) -> Result<Made, GameError> {
        figure::figure(self, request, "moves")
    }

    fn score(&mut self, options: &ScoreOptions) -> Result<ScoreReport, GameError> {
        score(self, options)
    }

    fn solve(&mut self, options: &SolveOptions) -> Result<ScoreReport, GameError> {
        super::solve::solve(self, options)
    }
}

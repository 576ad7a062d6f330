//! Hexade's entry in the game contract: identity, board, show options, and the loaded
//! position behind the engine, its solver (`solve`) and its puzzle kinds (`puzzle`).

use super::engine::Hexade;
use super::{figure, from_spec, score};
use crate::figure::request::{Made, Request};
use crate::games::position::load_table;
use crate::games::{
    About, Color, Game, GameError, Param, Position, Resolved, ScoreOptions, ScoreReport,
    ShowOption, SolveOptions, Source,
};
use crate::geometry::Board;

/// Hexade in the registry.
pub struct HexadeGame;

/// What Hexade diagrams can show.
const SHOW: &[ShowOption] = &[
    ShowOption {
        key: "sixes",
        doc: "every six on the board (row, triangle or ring), outlined",
    },
    ShowOption {
        key: "captures",
        doc: "the pairs the numbered moves capture, and those the side to move can capture",
    },
    ShowOption {
        key: "forbidden",
        doc: "the cells White's second stone may not take (the distance rule)",
    },
];

/// Who the game is.
const ABOUT: About = About {
    key: "hexade",
    title: "Hexade",
    credit: "Christian Freeling, 1992",
    summary: "make a six (row, triangle or ring); capture pairs by flanking",
};

impl Game for HexadeGame {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn board(&self, params: &Resolved) -> Board {
        super::look::board(params.get("base"))
    }

    fn params(&self) -> &'static [Param] {
        &[Param {
            key: "base",
            doc: "base",
            min: 4,
            max: 12,
            default: 10,
        }]
    }

    fn position_keys(&self) -> &'static [&'static str] {
        &["base", "white_first"]
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

impl Position for Hexade {
    fn board(&self) -> &Board {
        Hexade::board(self)
    }

    fn to_play(&self) -> Color {
        self.to_move()
    }

    fn set_to_play(&mut self, side: Color) -> Result<(), String> {
        self.set_to_move(side);
        Ok(())
    }

    fn play(&mut self, token: &str) -> Result<(), String> {
        let p = Hexade::board(self)
            .parse(token)
            .map_err(|e| e.to_string())?;
        Hexade::play(self, p).map_err(|r| r.reason().to_string())
    }

    fn undo(&mut self) -> bool {
        if self.moves_played() == 0 {
            return false;
        }
        Hexade::undo(self);
        true
    }

    fn hash(&self) -> u64 {
        Hexade::hash(self)
    }

    fn figure(&mut self, request: &Request) -> Result<Made, GameError> {
        figure::figure(self, request, "moves")
    }

    fn score(&mut self, options: &ScoreOptions) -> Result<ScoreReport, GameError> {
        score(self, options)
    }

    fn solve(&mut self, options: &SolveOptions) -> Result<ScoreReport, GameError> {
        super::solve::solve(self, "position", options)
    }
}

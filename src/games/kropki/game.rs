//! Kropki's entry in the game contract: identity, board, show options, and the loaded
//! position behind the engine, its solver (`solve`) and its puzzle kinds (`puzzle`).

use super::engine::Kropki;
use super::{figure, from_spec, score};
use crate::figure::request::{Made, Request};
use crate::games::position::load_table;
use crate::games::{
    About, Color, Game, GameError, Param, Position, Resolved, ScoreOptions, ScoreReport,
    ShowOption, SolveOptions, Source,
};
use crate::geometry::Board;

/// Kropki in the registry.
pub struct KropkiGame;

/// What Kropki diagrams can show.
const SHOW: &[ShowOption] = &[
    ShowOption {
        key: "regions",
        doc: "the regions each side has declared, shaded inside their chains",
    },
    ShowOption {
        key: "declarable",
        doc: "the regions a side could declare now, dashed",
    },
    ShowOption {
        key: "inert",
        doc: "a cross on every dot inside a region (it takes no further part)",
    },
    ShowOption {
        key: "captures",
        doc: "the dots each side has captured, in the caption",
    },
];

/// Who the game is.
const ABOUT: About = About {
    key: "kropki",
    title: "Kropki",
    credit: "Traditional, also called Dots",
    summary: "squared paper; enclose your opponent's dots; the border is out",
};

impl Game for KropkiGame {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn board(&self, params: &Resolved) -> Board {
        super::look::board(params.get("width"), params.get("height"))
    }

    fn params(&self) -> &'static [Param] {
        &[
            Param {
                key: "width",
                doc: "grid width",
                min: 5,
                max: 60,
                default: 39,
            },
            Param {
                key: "height",
                doc: "grid height",
                min: 5,
                max: 60,
                default: 32,
            },
        ]
    }

    fn position_keys(&self) -> &'static [&'static str] {
        &["width", "height", "start", "black_regions", "white_regions"]
    }

    fn look(&self) -> &'static crate::figure::Look {
        &super::look::LOOK
    }

    /// Squared paper: 5 mm squares.
    fn true_size(&self) -> bool {
        true
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

impl Position for Kropki {
    fn board(&self) -> &Board {
        Kropki::board(self)
    }

    fn to_play(&self) -> Color {
        self.to_move()
    }

    fn set_to_play(&mut self, side: Color) -> Result<(), String> {
        self.set_to_move(side);
        Ok(())
    }

    fn play(&mut self, token: &str) -> Result<(), String> {
        super::play_token(self, token).map(|_| ())
    }

    fn undo(&mut self) -> bool {
        if self.moves_played() == 0 {
            return false;
        }
        Kropki::undo(self);
        true
    }

    fn hash(&self) -> u64 {
        Kropki::hash(self)
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

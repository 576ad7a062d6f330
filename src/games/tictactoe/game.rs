//! Tic-tac-toe's entry in the game contract.

use super::{TicTacToe, figure, from_spec, score};
use crate::figure::request::{Made, Request};
use crate::games::position::load_table;
use crate::games::{
    About, Color, Game, GameError, Position, Resolved, ScoreOptions, ScoreReport, ShowOption,
    Source,
};
use crate::geometry::Board;

/// Tic-tac-toe in the registry (a game for the tests only).
pub struct TicTacToeGame;

/// What tic-tac-toe diagrams can show.
const SHOW: &[ShowOption] = &[ShowOption {
    key: "lines",
    doc: "a circle on the winning line's stones (but numbered ones)",
}];

/// Who the game is.
const ABOUT: About = About {
    key: "tictactoe",
    title: "Tic-tac-toe",
    credit: "traditional",
    summary: "3x3 grid; three in a row wins (a game for the tests)",
};

impl Game for TicTacToeGame {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn test_only(&self) -> bool {
        true
    }

    fn board(&self, _params: &Resolved) -> Board {
        super::look::board()
    }

    fn look(&self) -> &'static crate::figure::Look {
        &super::look::LOOK
    }

    fn puzzle_kinds(&self) -> &'static [&'static dyn crate::games::puzzle::PuzzleKind] {
        super::puzzle::PUZZLE_KINDS
    }

    fn load(&self, source: &Source) -> Result<Box<dyn Position>, GameError> {
        load_table(self, source, from_spec)
    }

    fn show_options(&self) -> &'static [ShowOption] {
        SHOW
    }
}

impl Position for TicTacToe {
    fn board(&self) -> &Board {
        TicTacToe::board(self)
    }

    fn to_play(&self) -> Color {
        self.to_move()
    }

    fn play(&mut self, token: &str) -> Result<(), String> {
        let p = TicTacToe::board(self)
            .parse(token)
            .map_err(|e| e.to_string())?;
        TicTacToe::play(self, p).map_err(str::to_string)
    }

    fn undo(&mut self) -> bool {
        TicTacToe::undo(self)
    }

    fn hash(&self) -> u64 {
        TicTacToe::hash(self)
    }

    fn figure(&mut self, request: &Request) -> Result<Made, GameError> {
        figure(self, request)
    }

    fn score(&mut self, options: &ScoreOptions) -> Result<ScoreReport, GameError> {
        score(self, options)
    }
}

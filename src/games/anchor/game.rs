//! Anchor's entry in the game contract: identity, board, position keys, show options, and the
//! loaded position behind the engine.

use super::engine::Move;
use super::{AnchorPosition, figure, from_spec, score};
use crate::figure::request::{Made, Request};
use crate::games::position::load_table;
use crate::games::{
    About, Color, Game, GameError, Position, Resolved, ScoreOptions, ScoreReport, ShowOption,
    SolveOptions, Source,
};
use crate::geometry::Board;

/// Anchor in the registry.
pub struct AnchorGame;

/// What Anchor diagrams can show.
const SHOW: &[ShowOption] = &[
    ShowOption {
        key: "anchors",
        doc: "the anchored groups and the sides each touches",
    },
    ShowOption {
        key: "non-anchors",
        doc: "the groups that are not anchors, with the sides they do touch",
    },
    ShowOption {
        key: "dead",
        doc: "a cross on every stone of a group that is not an anchor",
    },
    ShowOption {
        key: "territory",
        doc: "each side's territory, shaded",
    },
    ShowOption {
        key: "neutral",
        doc: "the neutral points",
    },
    ShowOption {
        key: "score",
        doc: "territory + prisoners for each side in the caption",
    },
];

/// Who the game is.
const ABOUT: About = About {
    key: "anchor",
    title: "Anchor",
    credit: "Steven Meyers, 2000",
    summary: "hexagon of 169 points; groups must anchor to the sides; territory + prisoners",
};

impl Game for AnchorGame {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn board(&self, _params: &Resolved) -> Board {
        super::look::board()
    }

    fn score_columns(&self) -> Option<&'static [&'static str]> {
        Some(&["Territory", "Prisoners", "Total"])
    }

    fn position_keys(&self) -> &'static [&'static str] {
        &["mirror_rule", "region"]
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

impl Position for AnchorPosition {
    fn board(&self) -> &Board {
        self.game.board()
    }

    fn to_play(&self) -> Color {
        self.game.to_move()
    }

    /// Sets the side to move on the position's stones (the move history is dropped: the
    /// position becomes a set-up one, its pass and mirror counters at zero).
    fn set_to_play(&mut self, side: Color) -> Result<(), String> {
        if self.game.setup_left() > 0 {
            return Err("the pie rule's set-up placements are not over".into());
        }
        let stones = super::problem::stones(&self.game);
        self.game.setup(&stones, side);
        Ok(())
    }

    fn play(&mut self, token: &str) -> Result<(), String> {
        let m = if token.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            Move::Place(self.game.board().parse(token).map_err(|e| e.to_string())?)
        };
        self.game.play(m).map_err(|r| r.reason().to_string())
    }

    fn undo(&mut self) -> bool {
        if self.game.moves_played() == 0 {
            return false;
        }
        self.game.undo();
        true
    }

    fn hash(&self) -> u64 {
        self.game.hash()
    }

    fn figure(&mut self, request: &Request) -> Result<Made, GameError> {
        figure::figure(&mut self.game, request, "moves")
    }

    fn score(&mut self, options: &ScoreOptions) -> Result<ScoreReport, GameError> {
        score(&self.game, options)
    }

    fn solve(&mut self, options: &SolveOptions) -> Result<ScoreReport, GameError> {
        super::solve::solve(self, options)
    }
}

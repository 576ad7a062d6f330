//! Go's entry in the game contract: identity, board size, position keys, show options, and the
//! loaded position behind the engine, with its solver.

use super::engine::Move;
use super::{GoPosition, figure, read, score, solve};
use crate::figure::request::{Made, Request};
use crate::games::{
    About, Color, Game, GameError, Param, Position, Resolved, ScoreOptions, ScoreReport,
    ShowOption, SolveOptions, Source,
};
use crate::geometry::Board;

/// Go in the registry.
pub struct GoGame;

/// What Go diagrams can show.
const SHOW: &[ShowOption] = &[
    ShowOption {
        key: "captures",
        doc: "the stones the numbered moves capture, crossed, and the count in the caption",
    },
    ShowOption {
        key: "ko",
        doc: "the point a ko forbids retaking at once",
    },
    ShowOption {
        key: "liberties",
        doc: "the liberties of groups with one or two, circled",
    },
    ShowOption {
        key: "eyes",
        doc: "the eye shapes of each side",
    },
    ShowOption {
        key: "territory",
        doc: "each side's area, shaded",
    },
    ShowOption {
        key: "dead",
        doc: "a cross on the stones counted dead",
    },
    ShowOption {
        key: "score",
        doc: "stones + territory + komi for each side in the caption",
    },
];

/// Who the game is.
const ABOUT: About = About {
    key: "go",
    title: "Go",
    credit: "Traditional",
    summary: "Chinese area scoring with komi 7 and positional superko",
};

impl Game for GoGame {
    fn about(&self) -> &'static About {
        &ABOUT
    }

    fn params(&self) -> &'static [Param] {
        &[Param {
            key: "size",
            doc: "board size",
            min: 5,
            max: 19,
            default: 9,
        }]
    }

    fn board(&self, params: &Resolved) -> Board {
        super::look::board(params.get("size"))
    }

    fn score_columns(&self) -> Option<&'static [&'static str]> {
        Some(&["Stones", "Territory", "Komi", "Total"])
    }

    fn position_keys(&self) -> &'static [&'static str] {
        &[
            "size",
            "komi",
            "handicap",
            "handicap_compensation",
            "ko_rule",
            "dead",
        ]
    }

    fn record_formats(&self) -> &'static [&'static str] {
        &["sgf"]
    }

    fn look(&self) -> &'static crate::figure::Look {
        &super::look::LOOK
    }

    /// A real board: lines 22 mm apart across and 23.7 mm down.
    fn true_size(&self) -> bool {
        true
    }

    fn load(&self, source: &Source) -> Result<Box<dyn Position>, GameError> {
        Ok(Box::new(Loaded {
            pos: read(source)?,
            name: source.name.to_string(),
        }))
    }

    fn show_options(&self) -> &'static [ShowOption] {
        SHOW
    }

    fn puzzle_kinds(&self) -> &'static [&'static dyn crate::games::puzzle::PuzzleKind] {
        super::PUZZLE_KINDS
    }

    fn solves(&self) -> bool {
        true
    }
}

/// A loaded Go position and the name its messages give it.
struct Loaded {
    pos: GoPosition,
    name: String,
}

impl Position for Loaded {
    fn board(&self) -> &Board {
        self.pos.go.board()
    }

    fn to_play(&self) -> Color {
        self.pos.go.to_move()
    }

    fn set_to_play(&mut self, side: Color) -> Result<(), String> {
        self.pos.go.set_to_move(side);
        // A file read as a set-up and its answer's line: the line answers for its own colour,
        // so for the other side the set-up is read with no answer.
        if let Some((before, first)) = &mut self.pos.before_line
            && before.to_move() != side
        {
            before.set_to_move(side);
            *first = None;
        }
        Ok(())
    }

    fn play(&mut self, token: &str) -> Result<(), String> {
        let m = if token.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            Move::Play(self.pos.go.parse(token).map_err(|e| e.to_string())?)
        };
        self.pos.go.play(m).map_err(|r| r.reason().to_string())?;
        // Moved on from, the position is no longer the file's set-up and answer.
        self.pos.before_line = None;
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.pos.go.moves_played() == 0 {
            return false;
        }
        self.pos.go.undo();
        true
    }

    fn hash(&self) -> u64 {
        self.pos.go.hash()
    }

    fn figure(&mut self, request: &Request) -> Result<Made, GameError> {
        figure::figure(&mut self.pos, request, "moves")
    }

    fn score(&mut self, options: &ScoreOptions) -> Result<ScoreReport, GameError> {
        score(&self.pos, options)
    }

    fn solve(&mut self, options: &SolveOptions) -> Result<ScoreReport, GameError> {
        solve(&self.pos, &self.name, options)
    }
}

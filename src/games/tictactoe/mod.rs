//! Tic-tac-toe: a 3x3 square grid, Black (X) first, three in a row wins. It exists only for the
//! tests: the smallest game that goes through the whole contract (board sheet, diagram, score,
//! a puzzle kind), to prove that adding a game is its folder and one registry line.
//!
//! Position files: `black`, `white` (points A1..C3, columns from the left, rows from the
//! bottom) or a `picture` of three rows (row 3 first; X Black, O White, . empty); `to_play`
//! (default: White when Black has one stone more, else Black); `moves`.

pub mod game;
pub mod look;
pub mod puzzle;

use serde_json::json;

use super::position::{Blame, PositionSpec, coord_message, picture_rows, read_picture_row};
use super::{Color, GameError, ScoreOptions, ScoreReport};
use crate::figure::request::{Made, Request};
use crate::figure::{Figure, MarkKind, Played};
use crate::geometry::{Board, PointId};

/// The eight lines of three, as point ids (row * 3 + column, row 1 first).
pub const LINES: [[PointId; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A tic-tac-toe position and the moves played on it.
#[derive(Clone, Debug)]
pub struct TicTacToe {
    board: Board,
    cells: [Option<Color>; 9],
    to_move: Color,
    history: Vec<PointId>,
}

impl TicTacToe {
    /// The empty board, Black to move.
    pub fn new() -> TicTacToe {
        TicTacToe {
            board: look::board(),
            cells: [None; 9],
            to_move: Color::Black,
            history: Vec::new(),
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The stone on a point.
    pub fn stone(&self, p: PointId) -> Option<Color> {
        self.cells[p as usize]
    }

    /// Who moves next.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The line of three a side holds, if any.
    pub fn line_of(&self, c: Color) -> Option<[PointId; 3]> {
        LINES
            .into_iter()
            .find(|l| l.iter().all(|&p| self.cells[p as usize] == Some(c)))
    }

    /// The winner, if a side has three in a row.
    pub fn winner(&self) -> Option<Color> {
        [Color::Black, Color::White]
            .into_iter()
            .find(|&c| self.line_of(c).is_some())
    }

    /// Whether the game is over: a line of three, or a full board.
    pub fn over(&self) -> bool {
        self.winner().is_some() || self.cells.iter().all(Option::is_some)
    }

    /// The empty points, in id order (none once the game is over).
    pub fn legal_moves(&self) -> Vec<PointId> {
        if self.over() {
            return Vec::new();
        }
        (0..9u16)
            .filter(|&p| self.cells[p as usize].is_none())
            .collect()
    }

    /// Places the side to move's stone.
    pub fn play(&mut self, p: PointId) -> Result<(), &'static str> {
        if self.over() {
            return Err("the game is over");
        }
        if self.cells[p as usize].is_some() {
            return Err("the point is taken");
        }
        self.cells[p as usize] = Some(self.to_move);
        self.to_move = self.to_move.opp();
        self.history.push(p);
        Ok(())
    }

    /// Takes back the last move; false when none was played.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(p) => {
                self.cells[p as usize] = None;
                self.to_move = self.to_move.opp();
                true
            }
            None => false,
        }
    }

    /// A hash of the cells and the side to move.
    pub fn hash(&self) -> u64 {
        let mut h = self.to_move.index() as u64;
        for c in self.cells {
            h = h * 3 + c.map_or(0, |c| 1 + c.index() as u64);
        }
        h
    }
}

impl Default for TicTacToe {
    fn default() -> TicTacToe {
        TicTacToe::new()
    }
}

/// Builds a position from a position table.
pub fn from_spec(spec: &PositionSpec, text: &str, file: &str) -> Result<TicTacToe, GameError> {
    let blame = Blame { file, text };
    let mut t = TicTacToe::new();
    let board = t.board().clone();
    let mut stones: Vec<(PointId, Color)> = Vec::new();
    if let Some(pic) = &spec.picture {
        let rows = picture_rows(pic);
        if rows.len() != 3 {
            return Err(blame.at("picture", "the picture needs 3 rows (row 3 first)"));
        }
        for (i, row) in rows.iter().enumerate() {
            let r = 2 - i as i32;
            let pts: Vec<PointId> = (0..3).filter_map(|c| board.at(c, r)).collect();
            read_picture_row(&blame, i, row, &pts, &mut stones, &format!("row {}", r + 1))?;
        }
    }
    blame.stone_lists(spec, &board, &mut stones)?;
    let nb = stones.iter().filter(|s| s.1 == Color::Black).count();
    let default = if nb == stones.len() - nb + 1 {
        Color::White
    } else {
        Color::Black
    };
    t.to_move = blame.to_play(spec, default)?;
    for (p, c) in stones {
        t.cells[p as usize] = Some(c);
    }
    if let Some(moves) = &spec.moves {
        for (i, tok) in moves.tokens().iter().enumerate() {
            let p = board
                .parse(tok)
                .map_err(|e| blame.illegal(i + 1, tok, coord_message(&e)))?;
            t.play(p).map_err(|r| blame.illegal(i + 1, tok, r))?;
        }
    }
    Ok(t)
}

/// `stonepress score tictactoe`: the line of three, if any, and the winner.
pub fn score(t: &TicTacToe, _opts: &ScoreOptions) -> Result<ScoreReport, GameError> {
    let names = |l: [PointId; 3]| -> Vec<String> {
        l.iter().map(|&p| t.board().name(p).to_string()).collect()
    };
    let winner = t.winner();
    let json = json!({
        "game": "tictactoe",
        "black": { "line": t.line_of(Color::Black).map(names) },
        "white": { "line": t.line_of(Color::White).map(names) },
        "winner": winner.map_or(if t.over() { "draw" } else { "none" }, |c| c.name()),
        "game_over": t.over(),
    });
    let text = match winner {
        Some(c) => format!(
            "{} wins with {}.\n",
            c.title(),
            names(t.line_of(c).expect("a winner has a line")).join(" ")
        ),
        None if t.over() => "A draw.\n".to_string(),
        None => format!("No line yet; {} to play.\n", t.to_move.title()),
    };
    Ok(ScoreReport::new(json, text))
}

/// Plays the request's moves and draws the winning line when `show` asks for it.
pub fn figure(t: &mut TicTacToe, req: &Request) -> Result<Made, GameError> {
    let board = t.board().clone();
    let mut fig = Figure::of_position(board.clone(), &look::LOOK, |p| t.stone(p).map(Into::into));
    fig.replay(&req.moves, |tok, _| {
        let who = t.to_move();
        let p = board.parse(tok).map_err(|e| e.to_string())?;
        t.play(p)?;
        Ok(Played::Stone(p, who.into()))
    })
    .map_err(|r| {
        let blame = Blame {
            file: "moves",
            text: "",
        };
        blame.illegal(r.number, &r.mv, r.reason)
    })?;
    let mut caption = String::new();
    if let Some(c) = t.winner() {
        let line = t.line_of(c).expect("a winner has a line");
        if req.shows("lines") {
            // Numbered stones keep their number clear; the others get the circle.
            for p in line {
                if !fig.numbered.iter().any(|n| n.point == p) {
                    fig.mark(p, MarkKind::Circle);
                }
            }
        }
        caption = format!("{} has three in a row.", c.title());
    } else if t.over() {
        caption = "The board is full: a draw.".into();
    }
    Ok(Made {
        figure: fig,
        auto_caption: caption,
    })
}

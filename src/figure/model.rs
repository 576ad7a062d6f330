//! The resolved figure: a board (whole or a window of it), stones, numbered moves, marks,
//! shades, outlines, arrows and a caption. Built by the games from their engines' analysis;
//! drawn by `figure::draw` without any further decisions about the game.

use std::collections::HashMap;

use super::look::Look;
use crate::geometry::{Board, PointId};

/// The colour of a stone on a figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// A black stone.
    Black,
    /// A white stone.
    White,
}

impl Colour {
    /// "Black" or "White".
    pub fn word(self) -> &'static str {
        match self {
            Colour::Black => "Black",
            Colour::White => "White",
        }
    }
}

/// What playing one move of a request did, as the figure shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Played {
    /// A stone placed on a point: drawn with the next move number.
    Stone(PointId, Colour),
    /// A pass by that player: it takes the next number and is noted ("3 Black passes").
    Pass(Colour),
    /// A turn that places nothing and takes no number (for example a final declaration).
    Unnumbered,
}

/// A move of a request that could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    /// Its 1-based place in the request's moves.
    pub number: usize,
    /// The move as written.
    pub mv: String,
    /// Why it was refused (a coordinate error or the rule it breaks).
    pub reason: String,
}

/// A stone of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stone {
    /// Where it stands.
    pub point: PointId,
    /// Its colour.
    pub colour: Colour,
}

/// A stone of a numbered move sequence, drawn with its number on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbered {
    /// Where it was played.
    pub point: PointId,
    /// Its colour.
    pub colour: Colour,
    /// The move number printed on it.
    pub number: u32,
}

/// The symbol of a mark; drawn in the ink that contrasts with what lies beneath.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// An open triangle.
    Triangle,
    /// An open square.
    Square,
    /// An open circle.
    Circle,
    /// A diagonal cross (for example a dead stone).
    Cross,
    /// A short text: a letter or a number.
    Label(String),
}

/// A mark on a point, empty or with a stone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The point.
    pub point: PointId,
    /// The symbol.
    pub kind: MarkKind,
}

/// What a shade or an outline means; the drawing picks the ink from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tone {
    /// Black's: territory, a region, a group that holds.
    Black,
    /// White's.
    White,
    /// Nobody's: neutral or inert points.
    Neutral,
    /// Drawn attention to: a vital point, a forbidden area, a six.
    Accent,
}

/// The shape of an outlined region.
#[derive(Clone, Debug, PartialEq)]
pub enum Outline {
    /// A closed polygon through the points in order (a chain of dots, a group's hull).
    Chain(Vec<PointId>),
    /// An open path through the points in order (a side of the board, a row).
    Path(Vec<PointId>),
    /// The boundary of the union of the points' cells (hexagons on hex boards, unit squares
    /// on square grids): a group, an area, a six.
    Cells(Vec<PointId>),
    /// The union of convex polygons through points (each piece in order): filled piece by
    /// piece and stroked along the edges that only one piece has (a region along its
    /// chain, with diagonal steps).
    Pieces(Vec<Vec<PointId>>),
}

/// How an outline is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A solid line.
    Solid,
    /// A dashed line (something possible, not yet done).
    Dashed,
    /// A heavy solid line (something important).
    Heavy,
}

/// An outlined (and perhaps filled) region.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    /// Its shape.
    pub outline: Outline,
    /// Whose it is, which picks the ink.
    pub tone: Tone,
    /// Fill the inside with the tone's shade.
    pub fill: bool,
    /// How the outline is stroked.
    pub line: Line,
}

/// A straight line between two points, with an arrow head at `to` if `head`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrow {
    /// Where it starts.
    pub from: PointId,
    /// Where it ends.
    pub to: PointId,
    /// Draw an arrow head at the end.
    pub head: bool,
    /// The ink.
    pub tone: Tone,
}

/// A mark just outside the board beside a border point, along the side towards a neighbouring
/// border point (drawn from the point half-way to it): for example a side a group touches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EdgeMark {
    /// The border point.
    pub from: PointId,
    /// Its neighbour along the same side.
    pub to: PointId,
    /// The ink.
    pub tone: Tone,
    /// Heavy for something that holds, dashed for something that does not.
    pub line: Line,
}

/// The part of the board a figure shows, in board units (see `Board::position`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Window {
    /// Left edge.
    pub x0: f64,
    /// Top edge.
    pub y0: f64,
    /// Right edge.
    pub x1: f64,
    /// Bottom edge.
    pub y1: f64,
}

impl Window {
    /// The whole board.
    pub fn whole(board: &Board) -> Window {
        let e = board.extent();
        Window {
            x0: 0.0,
            y0: 0.0,
            x1: e.w,
            y1: e.h,
        }
    }

    /// The smallest window holding the given points, grown by `pad` units on each side and
    /// kept inside the board.
    pub fn around(board: &Board, points: &[PointId], pad: f64) -> Window {
        let whole = Window::whole(board);
        let mut w = Window {
            x0: f64::INFINITY,
            y0: f64::INFINITY,
            x1: f64::NEG_INFINITY,
            y1: f64::NEG_INFINITY,
        };
        for &p in points {
            let q = board.position(p);
            w.x0 = w.x0.min(q.x);
            w.y0 = w.y0.min(q.y);
            w.x1 = w.x1.max(q.x);
            w.y1 = w.y1.max(q.y);
        }
        if points.is_empty() {
            return whole;
        }
        Window {
            x0: (w.x0 - pad).max(whole.x0),
            y0: (w.y0 - pad).max(whole.y0),
            x1: (w.x1 + pad).min(whole.x1),
            y1: (w.y1 + pad).min(whole.y1),
        }
    }

    /// Whether a board point lies inside the window.
    pub fn contains(&self, board: &Board, p: PointId) -> bool {
        let q = board.position(p);
        let eps = 1e-6;
        q.x >= self.x0 - eps && q.x <= self.x1 + eps && q.y >= self.y0 - eps && q.y <= self.y1 + eps
    }

    /// Whether the window is the whole board.
    pub fn is_whole(&self, board: &Board) -> bool {
        let w = Window::whole(board);
        let eps = 1e-6;
        (self.x0 - w.x0).abs() < eps
            && (self.y0 - w.y0).abs() < eps
            && (self.x1 - w.x1).abs() < eps
            && (self.y1 - w.y1).abs() < eps
    }
}

/// A fully resolved figure. Everything it shows is decided before drawing: the drawing code
/// only places and inks it.
#[derive(Clone, Debug)]
pub struct Figure {
    /// The board.
    pub board: Board,
    /// How the game draws its board.
    pub look: &'static Look,
    /// The part shown; `None` for the whole board.
    pub window: Option<Window>,
    /// Print coordinates around the board (square grids and whole boards).
    pub coordinates: bool,
    /// Colour inks instead of black, white and greys.
    pub colour: bool,
    /// The stones of the position.
    pub stones: Vec<Stone>,
    /// The numbered moves that are drawn, on top of the position.
    pub numbered: Vec<Numbered>,
    /// Notes such as "7 at 3" for numbered moves played where a stone is already drawn.
    pub notes: Vec<String>,
    /// Marks on points.
    pub marks: Vec<Mark>,
    /// Shaded points (territory, inert points, forbidden area).
    pub shades: Vec<(PointId, Tone)>,
    /// Outlined regions.
    pub regions: Vec<Region>,
    /// Stones drawn with a highlight ring (a group, the stones that hold an edge).
    pub highlights: Vec<PointId>,
    /// Lines and arrows.
    pub arrows: Vec<Arrow>,
    /// Marks along the board's edge.
    pub edges: Vec<EdgeMark>,
    /// Names printed beside the middle of each side of a board whose points have sides
    /// (index k names side bit k of `Board::sides`), on whole boards; empty: none.
    pub side_names: Vec<String>,
    /// A key to the figure's marks in words, one sentence per kind of mark. A document prints
    /// each sentence after the caption of the first figure that carries it, and leaves it off
    /// the later ones.
    pub legend: Vec<String>,
    /// The caption under the board (may be empty).
    pub caption: String,
    /// The highest move number used so far.
    pub last_number: u32,
    /// The largest scale the board may be drawn at (1 is its natural size), so that figures
    /// meant to be read together share one scale; None: as large as the box allows, up to 1.
    pub max_scale: Option<f64>,
}

impl Figure {
    /// An empty figure of the whole board, with coordinates, in print inks, drawn in the
    /// game's look.
    pub fn new(board: Board, look: &'static Look) -> Figure {
        Figure {
            board,
            look,
            window: None,
            coordinates: true,
            colour: false,
            stones: Vec::new(),
            numbered: Vec::new(),
            notes: Vec::new(),
            marks: Vec::new(),
            shades: Vec::new(),
            regions: Vec::new(),
            highlights: Vec::new(),
            arrows: Vec::new(),
            edges: Vec::new(),
            side_names: Vec::new(),
            legend: Vec::new(),
            caption: String::new(),
            last_number: 0,
            max_scale: None,
        }
    }

    /// Adds a stone of the position (replacing any stone already on that point).
    pub fn stone(&mut self, point: PointId, colour: Colour) {
        self.stones.retain(|s| s.point != point);
        self.stones.push(Stone { point, colour });
    }

    /// A figure of a position: the whole board with the stone `stone_at` gives on each
    /// point, in point order.
    pub fn of_position(
        board: Board,
        look: &'static Look,
        stone_at: impl Fn(PointId) -> Option<Colour>,
    ) -> Figure {
        let stones = board
            .points()
            .filter_map(|point| stone_at(point).map(|colour| Stone { point, colour }))
            .collect();
        Figure {
            stones,
            ..Figure::new(board, look)
        }
    }

    /// Plays a request's moves in order, drawing them numbered. `play` plays one move on the
    /// game's engine, given the move as written and the number it would take, and says what
    /// it did (or why the move is illegal); a pass is noted, a stone played where one is
    /// already drawn is noted too (see `play`). Stops at the first refused move.
    pub fn replay(
        &mut self,
        moves: &[String],
        mut play: impl FnMut(&str, u32) -> Result<Played, String>,
    ) -> Result<(), Refused> {
        for (i, mv) in moves.iter().enumerate() {
            let number = self.last_number + 1;
            let played = play(mv, number).map_err(|reason| Refused {
                number: i + 1,
                mv: mv.clone(),
                reason,
            })?;
            match played {
                Played::Stone(point, colour) => self.play_numbered(point, colour, number),
                Played::Pass(colour) => {
                    self.last_number = number;
                    self.notes
                        .push(format!("{number} {} passes", colour.word()));
                }
                Played::Unnumbered => {}
            }
        }
        Ok(())
    }

    /// Adds a mark.
    pub fn mark(&mut self, point: PointId, kind: MarkKind) {
        self.marks.push(Mark { point, kind });
    }

    /// Adds the next move of the numbered sequence. A move played where a numbered stone is
    /// already drawn is not drawn again but noted ("7 at 3"); one played on a stone of the
    /// position is noted with the point's name ("7 at C3"). Returns the move's number.
    pub fn play(&mut self, point: PointId, colour: Colour) -> u32 {
        let number = self.last_number + 1;
        self.play_numbered(point, colour, number);
        number
    }

    /// Adds a numbered move with an explicit number (see `play`).
    pub fn play_numbered(&mut self, point: PointId, colour: Colour, number: u32) {
        self.last_number = self.last_number.max(number);
        if let Some(first) = self.numbered.iter().find(|n| n.point == point) {
            self.notes.push(format!("{number} at {}", first.number));
        } else if self.stones.iter().any(|s| s.point == point) {
            let name = self.board.name(point).to_string();
            self.notes.push(format!("{number} at {name}"));
        } else {
            self.numbered.push(Numbered {
                point,
                colour,
                number,
            });
        }
    }

    /// The stone drawn on each point: the position's stones, then the numbered ones.
    pub fn stone_at(&self) -> HashMap<PointId, Colour> {
        let mut at: HashMap<PointId, Colour> =
            self.stones.iter().map(|s| (s.point, s.colour)).collect();
        for n in &self.numbered {
            at.insert(n.point, n.colour);
        }
        at
    }

    /// The window shown (the whole board when none is set).
    pub fn view(&self) -> Window {
        self.window.unwrap_or_else(|| Window::whole(&self.board))
    }

    /// Moves the legend's sentences not yet in `explained` to the end of the caption and
    /// records them there; the ones already explained are left off. Called on a document's
    /// figures in print order, it prints each sentence once, after its first use.
    pub fn explain(&mut self, explained: &mut Vec<String>) {
        for line in std::mem::take(&mut self.legend) {
            if !explained.contains(&line) {
                if !self.caption.is_empty() {
                    self.caption.push(' ');
                }
                self.caption.push_str(&line);
                explained.push(line);
            }
        }
    }

    /// The caption with the move notes appended, as printed.
    pub fn full_caption(&self) -> String {
        let mut text = self.caption.trim().to_string();
        if !self.notes.is_empty() {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(&self.notes.join(", "));
            text.push('.');
        }
        text
    }
}

//! How a game's board looks, as data: spacing, stone size, lines, dots, star points, board
//! colour, edge cells, corner symbols and coordinate labels. Each game defines one `Look` in its
//! own folder; the one board-drawing routine reads it and otherwise goes only by the board's
//! topology, so nothing in `figure/` is written for one game.

use crate::geometry::{Board, Point, PointId};
use crate::render::{Page, Paint, Stroke};

/// A solid line: its ink and its width in mm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ink {
    /// The ink.
    pub paint: Paint,
    /// Line width in mm.
    pub width: f64,
}

impl Ink {
    /// The stroke that draws this line.
    pub fn stroke(self) -> Stroke {
        Stroke::solid(self.paint, self.width)
    }
}

/// A filled dot whose radius grows with the board: `max(unit · per_unit, min)` mm, where
/// `unit` is the mm size of one neighbour spacing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dot {
    /// Radius as a fraction of the spacing.
    pub per_unit: f64,
    /// Smallest radius in mm.
    pub min: f64,
    /// The fill.
    pub paint: Paint,
}

impl Dot {
    /// The radius in mm at a spacing of `unit` mm.
    pub fn radius(&self, unit: f64) -> f64 {
        (unit * self.per_unit).max(self.min)
    }
}

/// Marked points drawn as larger dots over the grid (star points).
#[derive(Clone, Copy, Debug)]
pub struct Stars {
    /// Which points are marked on a given board.
    pub points: fn(&Board) -> Vec<PointId>,
    /// How each is drawn (class "star").
    pub dot: Dot,
}

/// The board's colour under the grid, drawn only with colour inks: a rectangle around the
/// shown points, `pad` units beyond them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ground {
    /// The colour.
    pub paint: Paint,
    /// How far it reaches beyond the outermost points, in units.
    pub pad: f64,
}

/// A fill with a print (greys) and a colour version.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tint {
    /// With print inks.
    pub print: Paint,
    /// With colour inks.
    pub colour: Paint,
}

/// Symbols on named points of the board (for example home corners), each light or dark.
#[derive(Clone, Copy, Debug)]
pub struct Corners {
    /// The points by name, and whether each symbol is the dark one.
    pub points: &'static [(&'static str, bool)],
    /// Draws one symbol: the page, its centre in mm, the spacing in mm and whether it is dark.
    pub draw: fn(&mut Page, Point, f64, bool),
}

/// Which coordinates are printed and where. Square grids label columns below and rows to the
/// left (and, with `opposite`, above and to the right on whole boards); hexagons of points label
/// ranks down-left and files down-right of the first point of each; hexagons of cells label
/// rows to the left and diagonals above-right; the triangle with windows numbers its rows to
/// the right and its cells below.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Labels {
    /// Room the labels take beyond the board's body, in units (only when they are printed).
    pub margin: f64,
    /// Distance from a labelled point to its label on whole boards, in units (square grids
    /// and hexagons; the triangle with windows places its labels by its frame).
    pub gap: f64,
    /// The same distance on windows (parts of a board).
    pub window_gap: f64,
    /// Label the opposite sides too on whole boards (square grids).
    pub opposite: bool,
    /// Print coordinates on windows as well as on whole boards.
    pub on_windows: bool,
    /// Name each edge of edge cells (by its letter) on whole boards, whether or not
    /// coordinates are printed.
    pub edge_names: bool,
}

/// What the board itself is drawn as.
#[derive(Clone, Copy, Debug)]
pub enum Body {
    /// Lines between neighbouring points (a stub towards each neighbour outside a window),
    /// with star points and a dot on every point: for boards whose stones go on points.
    Lines {
        /// The lines.
        grid: Ink,
        /// The outer lines of a square grid.
        border: Ink,
        /// The dot on every point (class "point"), if any.
        dot: Option<Dot>,
        /// Star points, if any.
        stars: Option<Stars>,
    },
    /// A hexagon around every point, white, outlined in black: for boards whose stones go in
    /// cells.
    Cells {
        /// The fill of edge cells (`CellClass::Edge`).
        edge_cells: Tint,
    },
}

/// A game's board drawing style. Every length is in units of the neighbour spacing unless it
/// says mm.
#[derive(Clone, Copy, Debug)]
pub struct Look {
    /// The spacing at full size, in mm across and down (a true-size board).
    pub spacing: (f64, f64),
    /// Stone radius.
    pub stone: f64,
    /// The board's colour under the grid (only with colour inks), if any.
    pub ground: Option<Ground>,
    /// Lines or cells.
    pub body: Body,
    /// Symbols on named points, drawn over the body, if any.
    pub corners: Option<Corners>,
    /// Coordinates.
    pub labels: Labels,
}

//! Figures: game-independent, fully resolved boards drawn into the display list. `board`
//! draws an empty board of any family; `model` is the resolved figure (stones, numbered moves,
//! marks, shades, outlines, arrows, caption) and `draw` puts one into a box on a page.

pub mod board;
pub mod draw;
pub mod model;
pub mod request;

#[cfg(test)]
mod tests;

pub use board::{BoardStyle, Placement, draw_board, place_board};
pub use draw::{CAPTION_SIZE, board_aspect, draw_figure, figure_height, wrap};
pub use model::{
    Arrow, Colour, EdgeMark, Figure, Line, Mark, MarkKind, Numbered, Outline, Region, Stone, Tone,
    Window,
};

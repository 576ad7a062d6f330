//! Figures: game-independent, fully resolved boards drawn into the display list. `look` is a
//! game's board drawing style as data; `board` is the one routine that draws a board (whole or
//! a window) in a look; `model` is the resolved figure (stones, numbered moves, marks, shades,
//! outlines, arrows, caption) and `draw` puts one into a box on a page or at a placement.

pub mod board;
pub mod draw;
pub mod look;
pub mod model;
pub mod request;

#[cfg(test)]
mod tests;

pub use board::{BoardStyle, Placement, place_board};
pub use draw::{
    CAPTION_SIZE, board_aspect, draw_figure, draw_placed, figure_height, figure_scale, fit_caption,
};
pub use look::{Body, Corners, Dot, Ground, Ink, Labels, Look, Stars, Tint};
pub use model::{
    Arrow, Colour, EdgeMark, Figure, Line, Mark, MarkKind, Numbered, Outline, Played, Refused,
    Region, Stone, Tone, Window,
};

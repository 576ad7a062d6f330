//! Figures: game-independent, fully resolved boards drawn into the display list. `board`
//! draws an empty board of any family; diagrams add stones and marks on top.

pub mod board;

pub use board::{BoardStyle, Placement, draw_board, place_board};

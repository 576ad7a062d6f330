//! stonepress: print-ready boards, diagrams and verified puzzle books for Anchor, Anchor 2D,
//! Kropki, Go and Hexade.
//!
//! Every board comes from `geometry`, every judgement from an engine in `games`:
//!
//! ```
//! use stonepress::games::go::{Go, Move, area_score};
//!
//! let mut go = Go::new(9);
//! for name in ["E5", "D5", "C3"] {
//!     let p = go.parse(name).unwrap();
//!     go.play(Move::Play(p)).unwrap();
//! }
//! let score = area_score(&go, &[], 7.0, 0.0);
//! assert_eq!(score.black_stones, 2);
//! assert_eq!(stonepress::geometry::Board::hex_points(8).len(), 169);
//! ```
#![forbid(unsafe_code)]

pub mod cli;
pub mod config;
pub mod figure;
pub mod fuzzing;
pub mod games;
pub mod geometry;
pub mod layout;
pub mod puzzle;
pub mod render;
pub mod solve;
pub mod util;

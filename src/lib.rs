//! stonepress: print-ready boards, diagrams and verified puzzle books for Anchor, Anchor 2D,
//! Kropki, Go and Hexade.
#![forbid(unsafe_code)]

pub mod cli;
pub mod config;
pub mod figure;
pub mod games;
pub mod geometry;
pub mod layout;
pub mod puzzle;
pub mod render;
pub mod solve;
pub mod util;

//! stonepress: print-ready boards, diagrams and verified puzzle books for stone-placing games.
//!
//! Every game plugs in through one contract (`games::Game`, `games::Position`) and one
//! registry (`games::GAMES`); docs/ARCHITECTURE.md shows the layers and the direction of
//! imports. Every board comes from `geometry`, every judgement from a game's engine:
//!
//! ```
//! use stonepress::games::{BoardParams, GameId, ScoreOptions, Source};
//!
//! for game in GameId::all() {
//!     let sheet = game.board(&BoardParams::new()).unwrap();
//!     assert!(sheet.len() >= 9);
//!     let mut empty = game.load(&Source::file("empty.toml", "")).unwrap();
//!     assert!(empty.board().points().all(|p| empty.board().name(p).len() >= 2));
//!     let report = empty.score(&ScoreOptions::default()).unwrap();
//!     assert!(report.json.get("winner").is_some(), "{}", game.key());
//! }
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

//! The TOML configuration: a serde mirror of the file (`raw`), the validated plan (`plan`),
//! diagnostics with file, line and column (`diag`), and the embedded default.

pub mod diag;
pub mod diagram;
pub mod plan;
pub mod puzzles;
pub mod raw;

pub use diag::ConfigError;
pub use plan::{Format, Plan, load, load_str};

/// The embedded default configuration (`templates/default.toml`): a sampler of every game.
pub const DEFAULT_TOML: &str = include_str!("../../templates/default.toml");

/// The starter configuration `stonepress init` writes.
pub const STARTER_TOML: &str = include_str!("../../templates/starter.toml");

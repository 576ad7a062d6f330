//! Puzzle kinds, the seeded generator, grading, dedupe and the manifest.

use std::path::Path;

use crate::games::{GameError, ScoreReport};

/// Re-proves every puzzle of a built book from its manifest: `stonepress verify MANIFEST`.
pub fn verify_manifest(manifest: &Path) -> Result<ScoreReport, GameError> {
    Err(GameError::Unsupported(format!(
        "{}: puzzle books are not built yet",
        manifest.display()
    )))
}

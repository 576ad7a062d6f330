//! Puzzle kinds, the seeded generator, grading, dedupe and the manifest.

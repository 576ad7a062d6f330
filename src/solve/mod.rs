//! Generic proof search (df-pn) over a small trait; names no game.

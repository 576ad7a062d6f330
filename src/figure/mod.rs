//! Figures: game-independent, fully resolved boards with stones, marks and captions.

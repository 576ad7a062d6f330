//! Anchor 2D (Mark Steere): triangle with two windows, anchored pairs, five pairs win.

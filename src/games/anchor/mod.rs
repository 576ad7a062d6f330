//! Anchor (Steven Meyers): hexagon of 169 points, anchors, territory and prisoners.

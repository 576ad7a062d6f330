//! The display list (millimetres) and its SVG and PDF back ends.

//! Board topologies: square grids (Go, Kropki), hex-hex boards (Anchor, Hexade) and the Anchor 2D
//! triangle with windows. Point ids, neighbours, coordinate names and parsing, symmetries and
//! drawing positions. Knows nothing of games or drawing.

pub mod hexhex;
pub mod square;
pub mod topology;
pub mod triangle;
pub mod units;

pub use hexhex::{ANCHOR_BASE, ANCHOR_CORNERS, HEXADE_BASES};
pub use square::{GO_COLUMNS, GO_SIZES, KROPKI_MAX};
pub use topology::{Board, CoordError, Family, Lattice, PointId, Shape, column_letters};
pub use triangle::{ANCHOR2D_PAIRS, CellClass, EDGE_LETTERS};
pub use units::{INV_SQRT_3, Mm, Point, SQRT_3_OVER_2, Size};

#[cfg(test)]
mod tests;

//! Board topologies: square grids, hexagons of points or of cells, and the triangle with
//! windows. Point ids, neighbours, coordinate names and parsing, symmetries and drawing
//! positions. Knows nothing of games or drawing: a game picks a topology and its parameters.

pub mod hexhex;
pub mod square;
pub mod topology;
pub mod triangle;
pub mod units;

pub use square::Columns;
pub use topology::{Board, CoordError, Lattice, PointId, Shape, Topology, column_letters};
pub use triangle::CellClass;
pub use units::{INV_SQRT_3, Mm, Point, SQRT_3_OVER_2, Size};

#[cfg(test)]
mod tests;

//! The display list (millimetres, origin top-left, y down) and its SVG and PDF back ends.

pub mod atomic;
pub mod font;
pub mod frame;
pub mod number;
pub mod pdf;
pub mod svg;

pub use frame::{Align, Geometry, Item, Page, Paint, Shape, Stroke, Text};

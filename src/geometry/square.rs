//! Square grids of W x H intersections. Lattice coordinate (col, row) with col 0 at the left
//! and row 0 at the bottom; a point is named by its column letters and its row number ("C3").
//! How columns are lettered is a parameter (`Columns`).

use super::topology::{Board, Lattice, Shape, Topology, column_letters};
use super::units::Point;

/// How the columns of a square grid are lettered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Columns {
    /// A, B, ..., H, J, ...: single letters with I left out (so at most 25 columns).
    SkipI,
    /// Spreadsheet style: A..Z, then AA, AB, ... (see `column_letters`).
    Spreadsheet,
}

/// The letters A..Z without I.
const SKIP_I: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

impl Columns {
    /// The largest number of columns this lettering can name.
    pub fn max(self) -> usize {
        match self {
            Columns::SkipI => SKIP_I.len(),
            Columns::Spreadsheet => usize::MAX,
        }
    }

    /// The letters of column `index` (0 at the left).
    pub fn letters(self, index: usize) -> String {
        match self {
            Columns::SkipI => (SKIP_I[index] as char).to_string(),
            Columns::Spreadsheet => column_letters(index),
        }
    }
}

impl Board {
    /// A W x H grid of intersections (each side at least 2; at most `columns.max()` columns).
    /// Point id = row * W + col, row 0 at the bottom. Described as "WxH square grid" until a
    /// game names it (`described`).
    ///
    /// # Panics
    /// If a side is below 2 or there are more columns than the lettering can name (callers
    /// validate user input first).
    #[track_caller]
    pub fn square(width: usize, height: usize, columns: Columns) -> Board {
        assert!(
            width >= 2 && height >= 2 && width <= columns.max(),
            "square grid {width}x{height} cannot be lettered {columns:?}"
        );
        let mut points = Vec::with_capacity(width * height);
        for row in 0..height {
            for col in 0..width {
                let name = format!("{}{}", columns.letters(col), row + 1);
                let pos = Point::new(col as f64, (height - 1 - row) as f64);
                points.push(((col as i32, row as i32), name, pos));
            }
        }
        let last = columns.letters(width - 1);
        let scheme = match columns {
            Columns::SkipI => {
                format!("columns A..{last} without I, rows 1..{height} from the bottom, e.g. C3")
            }
            Columns::Spreadsheet => format!(
                "columns A..{last} (A..Z, then AA, AB, ...), rows 1..{height} from the bottom, \
                 e.g. E4"
            ),
        };
        Board::build(
            Topology::SquareGrid,
            Lattice::Square,
            Shape::Point,
            format!("{width}x{height} square grid"),
            scheme,
            points,
        )
    }

    /// True when a square-grid point lies on the outer border.
    pub fn on_border(&self, p: super::PointId) -> bool {
        let (c, r) = self.coord(p);
        let (w, h) = self.grid_size();
        c == 0 || r == 0 || c == w as i32 - 1 || r == h as i32 - 1
    }

    /// Width and height of a square grid (for hex boards, the lattice bounding box).
    pub fn grid_size(&self) -> (usize, usize) {
        let w = self.coords.iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let h = self.coords.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        (w as usize, h as usize)
    }
}

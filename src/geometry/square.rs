//! Square grids: Go (N x N, columns without I) and Kropki (W x H, columns A..Z, AA, ...).
//! Lattice coordinate (col, row) with col 0 at the left and row 0 at the bottom.

use super::topology::{Board, Family, Lattice, Shape, column_letters};
use super::units::Point;

/// Go column letters: A..T without I.
pub const GO_COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// Smallest and largest Go board.
pub const GO_SIZES: std::ops::RangeInclusive<usize> = 5..=19;

/// Largest Kropki grid side.
pub const KROPKI_MAX: usize = 60;

impl Board {
    /// An N x N Go board, N in 5..=19. Point id = row * N + col, row 0 at the bottom.
    ///
    /// # Panics
    /// If N is outside 5..=19 (callers validate user input first).
    #[track_caller]
    pub fn go(n: usize) -> Board {
        assert!(GO_SIZES.contains(&n), "Go board size {n} outside 5..=19");
        let mut points = Vec::with_capacity(n * n);
        for row in 0..n {
            for (col, letter) in GO_COLUMNS.iter().take(n).enumerate() {
                let name = format!("{}{}", *letter as char, row + 1);
                let pos = Point::new(col as f64, (n - 1 - row) as f64);
                points.push(((col as i32, row as i32), name, pos));
            }
        }
        let last = GO_COLUMNS[n - 1] as char;
        Board::build(
            Family::Go,
            Lattice::Square,
            Shape::Point,
            format!("{n}x{n} Go board"),
            format!("columns A..{last} without I, rows 1..{n} from the bottom, e.g. C3"),
            points,
        )
    }

    /// A W x H Kropki grid of nodes (each side 2..=60). Point id = row * W + col.
    ///
    /// # Panics
    /// If a side is outside 2..=60 (callers validate user input first).
    #[track_caller]
    pub fn kropki(width: usize, height: usize) -> Board {
        assert!(
            (2..=KROPKI_MAX).contains(&width) && (2..=KROPKI_MAX).contains(&height),
            "Kropki grid {width}x{height} outside 2..=60"
        );
        let mut points = Vec::with_capacity(width * height);
        for row in 0..height {
            for col in 0..width {
                let name = format!("{}{}", column_letters(col), row + 1);
                let pos = Point::new(col as f64, (height - 1 - row) as f64);
                points.push(((col as i32, row as i32), name, pos));
            }
        }
        Board::build(
            Family::Kropki,
            Lattice::Square,
            Shape::Point,
            format!("{width}x{height} Kropki grid"),
            format!(
                "columns A..{} (A..Z, then AA, AB, ...), rows 1..{height} from the bottom, e.g. E4",
                column_letters(width - 1)
            ),
            points,
        )
    }

    /// True when a square-grid point lies on the outer border (Kropki's unusable edge).
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

    /// Go star points (hoshi) for this board size, as point ids: the 3-3 points below 13x13
    /// and the 4-4 points from 13x13 on, the centre on odd sizes from 7 on, and the side stars
    /// on odd sizes from 15 on. Boards smaller than 7 have none.
    pub fn star_points(&self) -> Vec<super::PointId> {
        let (n, _) = self.grid_size();
        if n < 7 {
            return Vec::new();
        }
        let edge: i32 = if n >= 13 { 3 } else { 2 };
        let far = n as i32 - 1 - edge;
        let mid = (n / 2) as i32;
        let mut cells = vec![(edge, edge), (edge, far), (far, edge), (far, far)];
        if n % 2 == 1 {
            cells.push((mid, mid));
            if n >= 15 {
                cells.extend([(edge, mid), (far, mid), (mid, edge), (mid, far)]);
            }
        }
        let mut out: Vec<_> = cells.iter().filter_map(|&(c, r)| self.at(c, r)).collect();
        out.sort_unstable();
        out
    }
}

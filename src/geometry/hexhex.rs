//! Hexagons on the triangular lattice: a hexagon of points (files A.., ranks 1.., lattice
//! coordinate (f, r) = (file index, rank - 1)) and a hexagon of hexagonal cells (rows A.. from
//! the top, diagonal numbers 1..; lattice coordinate (r, n) = (row index, number - 1)). Both use
//! the neighbour offsets (±1, 0), (0, ±1), (1, 1), (−1, −1) and are sized by their base (points
//! or cells per side).

use super::topology::{Board, Lattice, PointId, Shape, Topology};
use super::units::{Point, SQRT_3_OVER_2};

/// The largest base whose files or rows still take single letters (2·base − 1 ≤ 26).
const MAX_BASE: usize = 13;

impl Board {
    /// A hexagon of points with `base` points per side: 3·b·(b−1)+1 points. Point (f, r)
    /// exists iff |f − r| ≤ b − 1. Drawn with A1 at the bottom, the last file of rank 1 lower
    /// right, the last file of the middle rank upper right, the last point at the top. Each
    /// point knows the sides it lies on (`sides`). Described as "base-B hexagon of points"
    /// until a game names it.
    ///
    /// # Panics
    /// If the base is outside 2..=13 (callers validate user input first).
    #[track_caller]
    pub fn hex_points(base: usize) -> Board {
        assert!(
            (2..=MAX_BASE).contains(&base),
            "hexagon base {base} outside 2..={MAX_BASE}"
        );
        let k = base as i32 - 1;
        let mut points = Vec::new();
        let mut tags = Vec::new();
        for r in 0..=2 * k {
            for f in 0..=2 * k {
                if (f - r).abs() > k {
                    continue;
                }
                let name = format!("{}{}", (b'A' + f as u8) as char, r + 1);
                let pos = Point::new((f - r) as f64 * SQRT_3_OVER_2, -(f + r) as f64 / 2.0);
                points.push(((f, r), name, pos));
                let mut mask = 0u8;
                for (bit, on) in [
                    r == 0,
                    f - r == k,
                    f == 2 * k,
                    r == 2 * k,
                    r - f == k,
                    f == 0,
                ]
                .into_iter()
                .enumerate()
                {
                    if on {
                        mask |= 1 << bit;
                    }
                }
                tags.push(mask);
            }
        }
        let last_file = (b'A' + 2 * k as u8) as char;
        let mut board = Board::build(
            Topology::HexPoints,
            Lattice::Hex,
            Shape::Point,
            format!("base-{base} hexagon of points"),
            format!(
                "files A..{last_file} (I is used), ranks 1..{}, point exists iff \
                 |file - rank| <= {k}, e.g. {}{}",
                2 * k + 1,
                (b'A' + k as u8) as char,
                k + 1
            ),
            points,
        );
        board.tags = tags;
        board
    }

    /// The sides of a hexagon of points that a point lies on, as a mask: bit 0 the side of
    /// rank 1, then counter-clockwise as drawn (bit 1 the lower right side, bit 2 the last
    /// file, bit 3 the last rank, bit 4 the upper left side, bit 5 file A). A corner has two
    /// bits. Zero for inner points and on other topologies.
    pub fn sides(&self, p: PointId) -> u8 {
        if self.topology == Topology::HexPoints {
            self.tags[p as usize]
        } else {
            0
        }
    }

    /// A hexagon of hexagonal cells with `base` cells per side: 3·b·(b−1)+1 cells. Rows A..
    /// run top to bottom; cell (r, n) exists iff |r − n| ≤ b − 1. Described as "base-B hexagon
    /// of cells" until a game names it.
    ///
    /// # Panics
    /// If the base is outside 2..=13 (callers validate user input first).
    #[track_caller]
    pub fn hex_cells(base: usize) -> Board {
        assert!(
            (2..=MAX_BASE).contains(&base),
            "hexagon base {base} outside 2..={MAX_BASE}"
        );
        let k = base as i32 - 1;
        let mut points = Vec::new();
        for r in 0..=2 * k {
            for n in 0..=2 * k {
                if (r - n).abs() > k {
                    continue;
                }
                let name = format!("{}{}", (b'A' + r as u8) as char, n + 1);
                let pos = Point::new(n as f64 - r as f64 / 2.0, r as f64 * SQRT_3_OVER_2);
                points.push(((r, n), name, pos));
            }
        }
        let last_row = (b'A' + 2 * k as u8) as char;
        Board::build(
            Topology::HexCells,
            Lattice::Hex,
            Shape::Hexagon,
            format!("base-{base} hexagon of cells"),
            format!(
                "rows A..{last_row} from the top, numbers 1..{} along the diagonals, \
                 cell exists iff |row - number| <= {k}, e.g. {}{}",
                2 * k + 1,
                (b'A' + k as u8) as char,
                k + 1
            ),
            points,
        )
    }

    /// Hex distance between two points of a hex-lattice board (steps through neighbours).
    pub fn hex_distance(&self, p: PointId, q: PointId) -> i32 {
        let (a1, b1) = self.coord(p);
        let (a2, b2) = self.coord(q);
        let (da, db) = (a2 - a1, b2 - b1);
        da.abs().max(db.abs()).max((da - db).abs())
    }
}

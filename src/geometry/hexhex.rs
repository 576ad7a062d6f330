//! Hex-hex boards on the triangular lattice: Anchor's hexagon of 169 points (files A..O, ranks
//! 1..15, lattice coordinate (f, r) = (file index, rank - 1)) and Hexade's hex-hex of cells
//! (rows A.. from the top, diagonal numbers 1..; lattice coordinate (r, n) = (row index,
//! number - 1)). Both use the neighbour offsets (±1, 0), (0, ±1), (1, 1), (−1, −1).

use super::topology::{Board, Family, Lattice, PointId, Shape};
use super::units::{Point, SQRT_3_OVER_2};

/// Anchor's side length (points per side).
pub const ANCHOR_BASE: i32 = 8;

/// Anchor's six corners in cyclic order, with the sides they join (bit k = side S(k+1)) and
/// whether the corner is Black's home (otherwise White's).
pub const ANCHOR_CORNERS: [(&str, u8, bool); 6] = [
    ("A1", 0b100001, true),
    ("H1", 0b000011, false),
    ("O8", 0b000110, true),
    ("O15", 0b001100, false),
    ("H15", 0b011000, true),
    ("A8", 0b110000, false),
];

/// Smallest, default and largest Hexade base.
pub const HEXADE_BASES: (usize, usize, usize) = (4, 10, 12);

impl Board {
    /// The Anchor board: a hexagon of 8 points per side, 169 points. Point (f, r) exists iff
    /// |f − r| ≤ 7. Drawn with A1 at the bottom, H1 lower right, O8 upper right, O15 at the top,
    /// H15 upper left and A8 lower left.
    pub fn anchor() -> Board {
        let k = ANCHOR_BASE - 1;
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
        let mut board = Board::build(
            Family::Anchor,
            Lattice::Hex,
            Shape::Point,
            "Anchor board".to_string(),
            "files A..O (I is used), ranks 1..15, point exists iff |file - rank| <= 7, e.g. H8"
                .to_string(),
            points,
        );
        board.tags = tags;
        board
    }

    /// The sides of the Anchor board a point lies on, as a mask (bit k = side S(k+1)); a
    /// corner has two bits. Zero for inner points and on other boards.
    pub fn anchor_sides(&self, p: PointId) -> u8 {
        if self.family == Family::Anchor {
            self.tags[p as usize]
        } else {
            0
        }
    }

    /// A Hexade board of the given base (cells per side, 4..=12): 3·b·(b−1)+1 cells. Rows A..
    /// run top to bottom; cell (r, n) exists iff |r − n| ≤ b − 1.
    ///
    /// # Panics
    /// If the base is outside 4..=12 (callers validate user input first).
    #[track_caller]
    pub fn hexade(base: usize) -> Board {
        assert!(
            (HEXADE_BASES.0..=HEXADE_BASES.2).contains(&base),
            "Hexade base {base} outside 4..=12"
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
            Family::Hexade,
            Lattice::Hex,
            Shape::Hexagon,
            format!("base-{base} Hexade board"),
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

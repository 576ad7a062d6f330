//! A board as a graph: point ids `0..n`, lattice coordinates, neighbour lists, names, drawing
//! positions and symmetries. The constructors for each topology live in `square.rs`,
//! `hexhex.rs` and `triangle.rs`; this file holds what they share.

use std::collections::HashMap;

use super::units::{Point, Size};

/// Index of a point (or cell) on a board, `0..board.len()`.
pub type PointId = u16;

/// Which lattice a board is cut from; it fixes the neighbour directions and the symmetries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lattice {
    /// Square grid, 4 orthogonal neighbours.
    Square,
    /// Triangular lattice of points or hexagonal cells, 6 neighbours, in axial coordinates
    /// (a, b) with neighbours (a±1, b), (a, b±1), (a+1, b+1), (a−1, b−1).
    Hex,
}

/// How a point is drawn on an empty board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// An intersection of lines or a dot.
    Point,
    /// A hexagonal cell with pointy top; centres one unit apart.
    Hexagon,
}

/// What a board is: the shape it is cut to and how its points are named. Games pick a
/// topology and its parameters; nothing here knows which game uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topology {
    /// A W x H grid of intersections, columns lettered (see `Columns`), row 1 at the bottom.
    SquareGrid,
    /// A hexagon of points on the triangular lattice, files A.. and ranks 1.. (`hex_points`).
    HexPoints,
    /// A hexagon of hexagonal cells, rows A.. from the top and diagonal numbers 1..
    /// (`hex_cells`).
    HexCells,
    /// A triangle of hexagonal cells with two triangular windows and edge cells along its
    /// nine edges (`triangle_windows`).
    TriangleWindows,
}

/// A board: a finite graph with names and a drawing position for every point.
#[derive(Clone, Debug)]
pub struct Board {
    pub(crate) topology: Topology,
    pub(crate) lattice: Lattice,
    pub(crate) shape: Shape,
    pub(crate) description: String,
    /// Lattice coordinates of each point (by topology: (col, row), (f, r), (r, n), (R, i)).
    pub(crate) coords: Vec<(i32, i32)>,
    pub(crate) names: Vec<String>,
    pub(crate) positions: Vec<Point>,
    pub(crate) nbr_start: Vec<u32>,
    pub(crate) nbr: Vec<PointId>,
    pub(crate) by_coord: HashMap<(i32, i32), PointId>,
    pub(crate) by_name: HashMap<String, PointId>,
    /// Human-readable description of the coordinate scheme, for error messages.
    pub(crate) scheme: String,
    /// A topology-specific byte per point (hexagon of points: side mask; triangle with
    /// windows: cell class).
    pub(crate) tags: Vec<u8>,
}

/// A coordinate name that is not on the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no point '{name}' on the {board} (coordinates: {scheme})")]
pub struct CoordError {
    /// The name as the user wrote it.
    pub name: String,
    /// The board's description.
    pub board: String,
    /// The coordinate scheme, for the hint.
    pub scheme: String,
}

impl Board {
    /// Builds a board from its points, given in id order as (lattice coordinate, name,
    /// position). Neighbours are the points at the lattice's neighbour offsets.
    pub(crate) fn build(
        topology: Topology,
        lattice: Lattice,
        shape: Shape,
        description: String,
        scheme: String,
        points: Vec<((i32, i32), String, Point)>,
    ) -> Board {
        let mut by_coord = HashMap::with_capacity(points.len());
        let mut by_name = HashMap::with_capacity(points.len());
        for (id, (c, name, _)) in points.iter().enumerate() {
            by_coord.insert(*c, id as PointId);
            by_name.insert(name.to_ascii_uppercase(), id as PointId);
        }
        let offsets: &[(i32, i32)] = match lattice {
            Lattice::Square => &[(0, 1), (1, 0), (0, -1), (-1, 0)],
            Lattice::Hex => &[(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)],
        };
        let mut nbr_start = Vec::with_capacity(points.len() + 1);
        let mut nbr = Vec::new();
        for (c, _, _) in &points {
            nbr_start.push(nbr.len() as u32);
            for (da, db) in offsets {
                if let Some(&q) = by_coord.get(&(c.0 + da, c.1 + db)) {
                    nbr.push(q);
                }
            }
        }
        nbr_start.push(nbr.len() as u32);
        let mut coords = Vec::with_capacity(points.len());
        let mut names = Vec::with_capacity(points.len());
        let mut positions = Vec::with_capacity(points.len());
        for (c, n, p) in points {
            coords.push(c);
            names.push(n);
            positions.push(p);
        }
        // Shift drawing positions so the top-left of the bounding box is the origin.
        let min_x = positions.iter().map(|p| p.x).fold(f64::INFINITY, f64::min);
        let min_y = positions.iter().map(|p| p.y).fold(f64::INFINITY, f64::min);
        for p in &mut positions {
            *p = Point::new(p.x - min_x, p.y - min_y);
        }
        Board {
            topology,
            lattice,
            shape,
            description,
            coords,
            names,
            positions,
            nbr_start,
            nbr,
            by_coord,
            by_name,
            scheme,
            tags: Vec::new(),
        }
    }

    /// The number of points (or cells).
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// True for a board without points (never built by the constructors).
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// All point ids in order.
    pub fn points(&self) -> impl Iterator<Item = PointId> + '_ {
        (0..self.len()).map(|p| p as PointId)
    }

    /// What the board is (its shape and naming).
    pub fn topology(&self) -> Topology {
        self.topology
    }

    /// The lattice the board is cut from.
    pub fn lattice(&self) -> Lattice {
        self.lattice
    }

    /// How points are drawn.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// A short description such as "9x9 square grid" (or the one a game gave with
    /// `described`), used in error messages and sheet footers.
    pub fn description(&self) -> &str {
        &self.description
    }

    /// The same board with its description replaced (a game names its board, e.g. after
    /// itself).
    pub fn described(mut self, description: impl Into<String>) -> Board {
        self.description = description.into();
        self
    }

    /// The coordinate scheme in words.
    pub fn scheme(&self) -> &str {
        &self.scheme
    }

    /// The neighbours of a point (lattice neighbours that are on the board).
    pub fn neighbours(&self, p: PointId) -> &[PointId] {
        let s = self.nbr_start[p as usize] as usize;
        let e = self.nbr_start[p as usize + 1] as usize;
        &self.nbr[s..e]
    }

    /// The lattice coordinate of a point.
    pub fn coord(&self, p: PointId) -> (i32, i32) {
        self.coords[p as usize]
    }

    /// The point at a lattice coordinate, if it is on the board.
    pub fn at(&self, a: i32, b: i32) -> Option<PointId> {
        self.by_coord.get(&(a, b)).copied()
    }

    /// The printed name of a point, e.g. "C3", "H15", "I11", "12.5".
    pub fn name(&self, p: PointId) -> &str {
        &self.names[p as usize]
    }

    /// Parses a printed name (case-insensitive).
    pub fn parse(&self, name: &str) -> Result<PointId, CoordError> {
        self.by_name
            .get(&name.trim().to_ascii_uppercase())
            .copied()
            .ok_or_else(|| CoordError {
                name: name.trim().to_string(),
                board: self.description.clone(),
                scheme: self.scheme.clone(),
            })
    }

    /// Parses a space- or comma-separated list of names.
    pub fn parse_list(&self, text: &str) -> Result<Vec<PointId>, CoordError> {
        text.split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .map(|s| self.parse(s))
            .collect()
    }

    /// The drawing position of a point, in units of the neighbour spacing (x right, y down),
    /// with the bounding box of all points starting at (0, 0).
    pub fn position(&self, p: PointId) -> Point {
        self.positions[p as usize]
    }

    /// The size of the bounding box of all point positions.
    pub fn extent(&self) -> Size {
        let w = self.positions.iter().map(|p| p.x).fold(0.0, f64::max);
        let h = self.positions.iter().map(|p| p.y).fold(0.0, f64::max);
        Size::new(w, h)
    }

    /// The connected components of the points for which `key` gives the same `Some` value
    /// (e.g. stones of one colour), each sorted, in order of their first point.
    pub fn components<K: PartialEq>(
        &self,
        key: impl Fn(PointId) -> Option<K>,
    ) -> Vec<Vec<PointId>> {
        let mut seen = vec![false; self.len()];
        let mut out = Vec::new();
        for p in self.points() {
            let Some(k) = key(p) else { continue };
            if seen[p as usize] {
                continue;
            }
            seen[p as usize] = true;
            let mut group = vec![p];
            let mut i = 0;
            while i < group.len() {
                for &q in self.neighbours(group[i]) {
                    if !seen[q as usize] && key(q).as_ref() == Some(&k) {
                        seen[q as usize] = true;
                        group.push(q);
                    }
                }
                i += 1;
            }
            group.sort_unstable();
            out.push(group);
        }
        out
    }

    /// The symmetries of the board as permutations of point ids: `perm[p]` is the image of p.
    /// The identity comes first. Every lattice symmetry (rotations and reflections) that maps
    /// the set of points onto itself is included; games whose points carry more structure
    /// (edge classes, home corners) filter this list.
    pub fn symmetries(&self) -> Vec<Vec<PointId>> {
        let n = self.len() as i64;
        let (sa, sb) = self
            .coords
            .iter()
            .fold((0i64, 0i64), |(x, y), c| (x + c.0 as i64, y + c.1 as i64));
        let maps: Vec<[i64; 4]> = match self.lattice {
            Lattice::Square => vec![
                [1, 0, 0, 1],
                [0, -1, 1, 0],
                [-1, 0, 0, -1],
                [0, 1, -1, 0],
                [-1, 0, 0, 1],
                [1, 0, 0, -1],
                [0, 1, 1, 0],
                [0, -1, -1, 0],
            ],
            Lattice::Hex => {
                // Rotation by 60 degrees: (a, b) -> (a - b, a); reflection: (a, b) -> (b, a).
                let rot = [1, -1, 1, 0];
                let mut out = Vec::new();
                let mut m = [1, 0, 0, 1];
                for _ in 0..6 {
                    out.push(m);
                    m = mat_mul(rot, m);
                }
                let refl = [0, 1, 1, 0];
                for k in 0..6 {
                    out.push(mat_mul(out[k], refl));
                }
                out
            }
        };
        let mut result = Vec::new();
        'maps: for m in maps {
            let mut perm = Vec::with_capacity(self.len());
            for &(a, b) in &self.coords {
                // n·p' = M(n·p − S) + S, computed exactly in integers.
                let (x, y) = (n * a as i64 - sa, n * b as i64 - sb);
                let (x2, y2) = (m[0] * x + m[1] * y + sa, m[2] * x + m[3] * y + sb);
                if x2 % n != 0 || y2 % n != 0 {
                    continue 'maps;
                }
                match self.at((x2 / n) as i32, (y2 / n) as i32) {
                    Some(q) => perm.push(q),
                    None => continue 'maps,
                }
            }
            result.push(perm);
        }
        result
    }
}

fn mat_mul(a: [i64; 4], b: [i64; 4]) -> [i64; 4] {
    [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
    ]
}

/// Spreadsheet-style column letters: 0 -> A, 25 -> Z, 26 -> AA, 27 -> AB, ...
pub fn column_letters(mut index: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'A' + (index % 26) as u8);
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).expect("ASCII letters")
}

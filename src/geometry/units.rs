//! Plain 2-D value types shared by geometry, figures and the display list.

/// A length in millimetres.
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
pub struct Mm(pub f64);

impl Mm {
    /// Converts PostScript points (1/72 inch) to millimetres.
    pub fn pt(points: f64) -> Mm {
        Mm(points * 25.4 / 72.0)
    }

    /// Converts inches to millimetres.
    pub fn inches(inches: f64) -> Mm {
        Mm(inches * 25.4)
    }

    /// The length in PostScript points.
    pub fn to_pt(self) -> f64 {
        self.0 * 72.0 / 25.4
    }
}

/// A point (or vector) in the plane; x to the right, y downwards.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Point {
    /// Horizontal coordinate.
    pub x: f64,
    /// Vertical coordinate, growing downwards.
    pub y: f64,
}

impl Point {
    /// Makes a point.
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// Scales both coordinates.
    pub fn scale(self, k: f64) -> Point {
        Point::new(self.x * k, self.y * k)
    }

    /// Euclidean distance to another point.
    pub fn dist(self, o: Point) -> f64 {
        let d = self - o;
        (d.x * d.x + d.y * d.y).sqrt()
    }
}

impl std::ops::Add for Point {
    type Output = Point;
    fn add(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }
}

impl std::ops::Sub for Point {
    type Output = Point;
    fn sub(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }
}

/// A width and a height.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Size {
    /// Horizontal extent.
    pub w: f64,
    /// Vertical extent.
    pub h: f64,
}

impl Size {
    /// Makes a size.
    pub const fn new(w: f64, h: f64) -> Size {
        Size { w, h }
    }
}

/// sqrt(3) / 2: the row height of a triangular lattice with unit spacing.
pub const SQRT_3_OVER_2: f64 = 0.866_025_403_784_438_6;
/// 1 / sqrt(3): the circumradius of a hexagonal cell whose centres are one unit apart.
pub const INV_SQRT_3: f64 = 0.577_350_269_189_625_8;

//! The orientation a life-and-death problem is read in. A problem in the bottom-right corner
//! is the top-left one turned over, and should get the same answer; but the reading's move
//! order (by point index) and its tie-breaks (the lowest point) are not symmetric, so that,
//! read as it stands, a turned problem could end with another winning first move among
//! several, or another target among groups of one size. `solve go` therefore reads a set-up
//! position turned so that the sides where its stones reach the board's edge lie at the top
//! and on the left, as the books print most problems and as the published collections in
//! `tests/data/go/published/` are set, and names every point of the answer back in the
//! position's own orientation.
//!
//! The turn: the board is mirrored left to right when the stones come within two lines of
//! the right edge and stay more than two from the left one, and top to bottom when they come
//! so near the bottom edge and not the top one; a problem then on the left side alone (more
//! than two lines from the top and the bottom) is reflected in the diagonal through the
//! top-left corner, so that its side lies at the top. A corner problem keeps its diagonal as
//! given, and a problem near two opposite edges, or far from both, is not mirrored between
//! them.

use super::engine::{Go, Pt};

/// A turn of the board: `to[p]` is where the point `p` of the position goes, `from` the way
/// back.
pub struct Orientation {
    to: Vec<Pt>,
    from: Vec<Pt>,
    identity: bool,
    /// The turn's steps, in the order they are taken.
    flip_x: bool,
    flip_y: bool,
    diagonal: bool,
}

/// How near the stones come to each edge: empty lines between them and the left, right,
/// bottom and top edges; None for an empty board.
fn gaps(go: &Go) -> Option<[i32; 4]> {
    let n = go.size() as i32;
    let mut lo = (n, n);
    let mut hi = (-1, -1);
    for p in go.points() {
        if go.stone(p).is_some() {
            let (c, r) = go.board().coord(go.id(p));
            lo = (lo.0.min(c), lo.1.min(r));
            hi = (hi.0.max(c), hi.1.max(r));
        }
    }
    (hi.0 >= 0).then(|| [lo.0, n - 1 - hi.0, lo.1, n - 1 - hi.1])
}

/// The most empty lines between the stones and an edge that the problem is set against.
const NEAR: i32 = 2;

/// True for a side the stones come to within `NEAR` lines of the edge while the opposite side
/// is open (more than `NEAR` lines from its edge).
fn only_near(near: i32, far: i32) -> bool {
    near <= NEAR && far > NEAR
}

impl Orientation {
    /// The turn that reads `go` as the module doc says: identity when the stones already lie
    /// so, for an empty board, and for a position reached by moves (its history, which the
    /// ko rule reads, stays as it was played).
    pub fn of(go: &Go) -> Orientation {
        let n = go.size() as i32;
        let points: Vec<Pt> = go.points().collect();
        let len = points.iter().max().map_or(0, |&p| p + 1);
        let identity = || Orientation {
            to: (0..len).collect(),
            from: (0..len).collect(),
            identity: true,
            flip_x: false,
            flip_y: false,
            diagonal: false,
        };
        let played = go.moves_played() > 0 || go.passes() > 0 || go.ko_point().is_some();
        let Some([left, right, bottom, top]) = gaps(go).filter(|_| !played) else {
            return identity();
        };
        let flip_x = only_near(right, left);
        let flip_y = only_near(bottom, top);
        let (left, right) = if flip_x { (right, left) } else { (left, right) };
        let (bottom, top) = if flip_y { (top, bottom) } else { (bottom, top) };
        // After the flips: a problem on the left side alone goes to the top.
        let diagonal = only_near(left, right) && top > NEAR && bottom > NEAR;
        if !flip_x && !flip_y && !diagonal {
            return identity();
        }
        let mut to: Vec<Pt> = (0..len).collect();
        for &p in &points {
            let (mut c, mut r) = go.board().coord(go.id(p));
            if flip_x {
                c = n - 1 - c;
            }
            if flip_y {
                r = n - 1 - r;
            }
            if diagonal {
                // The diagonal through the top-left corner: the left edge becomes the top.
                (c, r) = (n - 1 - r, n - 1 - c);
            }
            let id = go.board().at(c, r).expect("a turn keeps the board");
            to[p] = go.pt(id);
        }
        let mut from: Vec<Pt> = (0..len).collect();
        for &p in &points {
            from[to[p]] = p;
        }
        Orientation {
            to,
            from,
            identity: false,
            flip_x,
            flip_y,
            diagonal,
        }
    }

    /// True when the position is read as it stands.
    pub fn is_identity(&self) -> bool {
        self.identity
    }

    /// Where the point `p` of the position goes.
    pub fn turn(&self, p: Pt) -> Pt {
        self.to[p]
    }

    /// The set-up position `go` turned (its stones and the side to move).
    pub fn turned(&self, go: &Go) -> Go {
        let mut out = Go::new(go.size());
        out.ko_rule = go.ko_rule;
        for p in go.points() {
            if let Some(c) = go.stone(p) {
                out.setup(self.to[p], Some(c));
            }
        }
        out.set_to_move(go.to_move());
        out
    }

    /// A point's name in the turned position, as the position's own (`text` itself when it
    /// names no point).
    fn name_back(&self, go: &Go, text: &str) -> String {
        match go.parse(text) {
            Ok(p) => go.name(self.from[p]),
            Err(_) => text.to_string(),
        }
    }

    /// `text` with every point name in it (a capital letter and one or two digits, standing
    /// alone) named back in the position's own orientation.
    pub fn names_back(&self, go: &Go, text: &str) -> String {
        if self.identity {
            return text.to_string();
        }
        let b = text.as_bytes();
        let mut out = String::with_capacity(text.len());
        let mut i = 0;
        let word = |c: u8| c.is_ascii_alphanumeric();
        while i < b.len() {
            let starts = b[i].is_ascii_uppercase() && (i == 0 || !word(b[i - 1]));
            let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            let end = i + 1 + digits;
            if starts && (1..=2).contains(&digits) && (end == b.len() || !word(b[end])) {
                out.push_str(&self.name_back(go, &text[i..end]));
                i = end;
            } else {
                let ch = text[i..].chars().next().expect("a char");
                out.push(ch);
                i += ch.len_utf8();
            }
        }
        out
    }

    /// `text` with the sides of the board it names (left, right, top, bottom: the auto
    /// goal's open sides) named back as the position has them.
    pub fn sides_back(&self, text: &str) -> String {
        let back = |w: &str| -> &'static str {
            // The steps undone last to first; each is its own inverse.
            let mut w = match w {
                "left" => "left",
                "right" => "right",
                "top" => "top",
                _ => "bottom",
            };
            if self.diagonal {
                w = match w {
                    "left" => "top",
                    "top" => "left",
                    "right" => "bottom",
                    _ => "right",
                };
            }
            if self.flip_y {
                w = match w {
                    "top" => "bottom",
                    "bottom" => "top",
                    other => other,
                };
            }
            if self.flip_x {
                w = match w {
                    "left" => "right",
                    "right" => "left",
                    other => other,
                };
            }
            w
        };
        let mut out = String::with_capacity(text.len());
        let mut word = String::new();
        for ch in text.chars().chain(std::iter::once('\0')) {
            if ch.is_ascii_alphabetic() {
                word.push(ch);
                continue;
            }
            match word.as_str() {
                "left" | "right" | "top" | "bottom" => out.push_str(back(&word)),
                _ => out.push_str(&word),
            }
            word.clear();
            if ch != '\0' {
                out.push(ch);
            }
        }
        out
    }

    /// Every string in `v` with its point names named back (`names_back`).
    pub fn json_back(&self, go: &Go, v: &mut serde_json::Value) {
        match v {
            serde_json::Value::String(s) => *s = self.names_back(go, s),
            serde_json::Value::Array(a) => a.iter_mut().for_each(|x| self.json_back(go, x)),
            serde_json::Value::Object(o) => o.values_mut().for_each(|x| self.json_back(go, x)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::engine::Color;

    /// The SGF set-up of a problem line of the published collections.
    fn setup(sgf: &str) -> Go {
        let size: usize = sgf
            .split("SZ[")
            .nth(1)
            .and_then(|s| s.split(']').next())
            .expect("SZ")
            .parse()
            .expect("a size");
        let mut go = Go::new(size);
        for (tag, colour) in [("AB", Color::Black), ("AW", Color::White)] {
            let Some(rest) = sgf.split(tag).nth(1) else {
                continue;
            };
            let mut rest = rest;
            while let Some(v) = rest.strip_prefix('[') {
                let (point, after) = v.split_once(']').expect("a closed value");
                let b = point.as_bytes();
                let (c, r) = ((b[0] - b'a') as i32, (b[1] - b'a') as i32);
                let id = go.board().at(c, size as i32 - 1 - r).expect("on the board");
                go.setup(go.pt(id), Some(colour));
                rest = after;
            }
        }
        go
    }

    /// A problem in the bottom-right corner is read in the top-left one: its points and the
    /// open sides the goal names come back as the position has them, and a word that is no
    /// point (a count, the verb "left") stays.
    #[test]
    fn a_turned_reading_is_named_back() {
        let mut go = Go::new(9);
        for (name, colour) in [
            ("H2", Color::Black),
            ("J3", Color::White),
            ("G1", Color::White),
        ] {
            let p = go.parse(name).unwrap();
            go.setup(p, Some(colour));
        }
        let turn = Orientation::of(&go);
        assert!(!turn.is_identity());
        let h2 = go.parse("H2").unwrap();
        assert_eq!(go.name(turn.turn(h2)), "B8");
        assert_eq!(
            turn.turned(&go).stone(go.parse("A7").unwrap()),
            Some(Color::White)
        );
        assert_eq!(
            turn.names_back(
                &go,
                "key move B8; main line A7 pass C9, 120 nodes; B8: left unread"
            ),
            "key move H2; main line J3 pass G1, 120 nodes; H2: left unread"
        );
        assert_eq!(
            turn.sides_back("away from the open right and bottom sides; B8 is the largest"),
            "away from the open left and top sides; B8 is the largest"
        );
    }

    /// Every problem of the published collections is set as the reading turns a problem, so
    /// their readings are the same turned or not.
    #[test]
    fn the_published_collections_are_read_as_they_stand() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/go/published");
        let mut files: Vec<_> = std::fs::read_dir(dir.join("wide"))
            .expect("the collection")
            .map(|e| e.expect("an entry").path())
            .collect();
        files.extend(
            [
                "cho-elementary.txt",
                "cho-intermediate.txt",
                "cho-advanced.txt",
            ]
            .map(|f| dir.join(f)),
        );
        let mut read = 0;
        for f in files {
            for line in std::fs::read_to_string(&f)
                .expect("a collection file")
                .lines()
            {
                let Some(sgf) = line.split('|').find(|s| s.starts_with("(;")) else {
                    continue;
                };
                assert!(
                    Orientation::of(&setup(sgf)).is_identity(),
                    "{}: {line}",
                    f.display()
                );
                read += 1;
            }
        }
        assert!(read > 400, "{read} problems");
    }
}

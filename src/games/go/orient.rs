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
//!
//! The board: a turned corner problem is read in the top-left corner of the smallest of 9x9,
//! 11x11 and 13x13 that leaves two free lines beyond its stones, and a problem on the top side
//! alone in the middle of the top edge of the smallest that leaves two free lines on its left,
//! its right and below it (the odd line on the right), as the published collections set their
//! problems, when that board is smaller than the position's. The fight's box, the stones'
//! bounding box grown by a line, reaches the edges of that board (`ld::infer_region`), so the
//! same problem set on a 19x19 board reads as on the collection's: there the box stopped a
//! line short of a far edge two lines away and left the fight more room (8 of the tuning
//! half's 195 problems got another answer, seven of them a worse one). A reading with a
//! `--region` given keeps the whole board, as does a file whose answer lies off the smaller
//! one.

use super::engine::{Go, Pt};

/// A turn of the board, and the board it is read on: `to[p]` is where the point `p` of the
/// position goes (None off the board read), `from` the way back, `names` an empty board of the
/// size read, whose names the reading gives.
pub struct Orientation {
    to: Vec<Option<Pt>>,
    from: Vec<Pt>,
    names: Go,
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
    let [x0, x1, y0, y1] = super::frame::stones_box(go)?;
    Some([x0, n - 1 - x1, y0, n - 1 - y1])
}

/// True for a position reached by moves (or passes, or holding a ko ban): its history, which
/// the ko rule reads, is part of it, so it is read as it stands, not turned or trimmed.
pub fn reached_by_moves(go: &Go) -> bool {
    go.moves_played() > 0 || go.passes() > 0 || go.ko_point().is_some()
}

/// The most empty lines between the stones and an edge that the problem is set against.
const NEAR: i32 = 2;

/// The boards a corner or side problem is read on, smallest first.
const SMALL_BOARDS: [i32; 3] = [9, 11, 13];

/// True for a side the stones come to within `NEAR` lines of the edge while the opposite side
/// is open (more than `NEAR` lines from its edge).
fn only_near(near: i32, far: i32) -> bool {
    near <= NEAR && far > NEAR
}

/// The board a turned problem is read on, as (its size, the column of the turned board where
/// its first column lies): a corner problem (near the top and the left edge) in the top-left
/// corner of the smallest of `SMALL_BOARDS` that leaves two free lines beyond its stones, a
/// problem on the top side alone in the middle of the smallest that leaves two free lines on
/// its left and right and below it (the odd line on the right). None for another problem, or
/// one that no smaller board holds so. `lo` and `hi` are the stones' least and greatest
/// (column, row from the top) on the turned board of size `n`.
fn small_board(n: i32, lo: (i32, i32), hi: (i32, i32)) -> Option<(i32, i32)> {
    let (left, right, top) = (lo.0, n - 1 - hi.0, lo.1);
    let width = hi.0 - lo.0 + 1;
    let corner = left <= NEAR && top <= NEAR;
    let need = if corner {
        (hi.0 + 1).max(hi.1 + 1) + 2
    } else if top <= NEAR && left > NEAR && right > NEAR {
        (width + 4).max(hi.1 + 1 + 2)
    } else {
        return None;
    };
    let m = SMALL_BOARDS.into_iter().find(|&m| m >= need)?;
    if m >= n {
        return None;
    }
    let first = if corner { 0 } else { lo.0 - (m - width) / 2 };
    (first >= 0 && first + m <= n).then_some((m, first))
}

impl Orientation {
    /// The turn that reads `go` as the module doc says, on the smaller board when `shrink`
    /// and every point of `keep` (a file's answers) lies on it: identity when the stones
    /// already lie so, for an empty board, and for a position reached by moves (its history,
    /// which the ko rule reads, stays as it was played).
    pub fn of(go: &Go, shrink: bool, keep: &[Pt]) -> Orientation {
        let n = go.size() as i32;
        let points: Vec<Pt> = go.points().collect();
        let len = points.iter().max().map_or(0, |&p| p + 1);
        let identity = || Orientation {
            to: (0..len).map(Some).collect(),
            from: (0..len).collect(),
            names: Go::new(go.size()),
            identity: true,
            flip_x: false,
            flip_y: false,
            diagonal: false,
        };
        let played = reached_by_moves(go);
        let Some([left, right, bottom, top]) = gaps(go).filter(|_| !played) else {
            return identity();
        };
        let flip_x = only_near(right, left);
        let flip_y = only_near(bottom, top);
        let (left, right) = if flip_x { (right, left) } else { (left, right) };
        let (bottom, top) = if flip_y { (top, bottom) } else { (bottom, top) };
        // After the flips: a problem on the left side alone goes to the top.
        let diagonal = only_near(left, right) && top > NEAR && bottom > NEAR;
        // Each point as (column, row from the top) on the turned board.
        let turned = |p: Pt| {
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
            (c, n - 1 - r)
        };
        // The stones' box on the turned board, as (column, row from the top): the diagonal
        // takes the top gap to the left, the bottom to the right, the right to the bottom and
        // the left to the top.
        let [left, right, bottom, top] = if diagonal {
            [top, bottom, right, left]
        } else {
            [left, right, bottom, top]
        };
        let (lo, hi) = ((left, top), (n - 1 - right, n - 1 - bottom));
        let on = |(m, first): (i32, i32), (c, r): (i32, i32)| c >= first && c < first + m && r < m;
        let board = small_board(n, lo, hi)
            .filter(|&b| shrink && keep.iter().all(|&p| on(b, turned(p))))
            .unwrap_or((n, 0));
        if !flip_x && !flip_y && !diagonal && board.0 == n {
            return identity();
        }
        let names = Go::new(board.0 as usize);
        let mut to = vec![None; len];
        let mut from: Vec<Pt> = vec![0; names.points().max().map_or(0, |p| p + 1)];
        for &p in &points {
            let (c, r) = turned(p);
            if on(board, (c, r)) {
                let m = board.0;
                let id = names
                    .board()
                    .at(c - board.1, m - 1 - r)
                    .expect("on the board read");
                let q = names.pt(id);
                to[p] = Some(q);
                from[q] = p;
            }
        }
        Orientation {
            to,
            from,
            names,
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

    /// Where the point `p` of the position goes; None off the board read.
    pub fn turn(&self, p: Pt) -> Option<Pt> {
        self.to[p]
    }

    /// The set-up position `go` turned (its stones and the side to move), on the board read.
    pub fn turned(&self, go: &Go) -> Go {
        let mut out = Go::new(self.names.size());
        out.ko_rule = go.ko_rule;
        for p in go.points() {
            if let Some(c) = go.stone(p) {
                out.setup(
                    self.to[p].expect("every stone is on the board read"),
                    Some(c),
                );
            }
        }
        out.set_to_move(go.to_move());
        out
    }

    /// A point's name in the turned position, as the position's own (`text` itself when it
    /// names no point).
    fn name_back(&self, go: &Go, text: &str) -> String {
        match self.names.parse(text) {
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
        // The sides as indices: left, right, bottom, top. Each step swaps sides in pairs and
        // is its own inverse; they are undone last to first.
        const SIDES: [&str; 4] = ["left", "right", "bottom", "top"];
        let steps = [
            (self.diagonal, [3, 2, 1, 0]),
            (self.flip_y, [0, 1, 3, 2]),
            (self.flip_x, [1, 0, 2, 3]),
        ];
        let back = |w: &str| -> Option<&'static str> {
            let side = SIDES.iter().position(|&s| s == w)?;
            let side = steps
                .iter()
                .filter(|s| s.0)
                .fold(side, |side, (_, swap)| swap[side]);
            Some(SIDES[side])
        };
        let mut out = String::with_capacity(text.len());
        let mut word = String::new();
        for ch in text.chars().chain(std::iter::once('\0')) {
            if ch.is_ascii_alphabetic() {
                word.push(ch);
                continue;
            }
            out.push_str(back(&word).unwrap_or(&word));
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

    /// The set-up of a problem line of the published collections, read as `solve go` reads it.
    fn setup(sgf: &str) -> Go {
        crate::games::go::position::from_sgf(sgf, "problem.sgf")
            .expect("a problem")
            .go
    }

    /// `setup` on a board of `size` lines, its stones kept as far from the top edge and moved
    /// `right` columns along.
    fn setup_on(sgf: &str, size: usize, right: i32) -> Go {
        let small = setup(sgf);
        let mut go = Go::new(size);
        for p in small.points() {
            if let Some(c) = small.stone(p) {
                let (x, y) = small.board().coord(small.id(p));
                let from_top = small.size() as i32 - 1 - y;
                let id = go.board().at(x + right, size as i32 - 1 - from_top);
                go.setup(go.pt(id.expect("on the board")), Some(c));
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
        let turn = Orientation::of(&go, true, &[]);
        assert!(!turn.is_identity());
        let h2 = go.parse("H2").unwrap();
        assert_eq!(go.name(turn.turn(h2).unwrap()), "B8");
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
        // A problem on the left side is read with that side at the top.
        let mut left = Go::new(19);
        for name in ["B10", "C10", "B11"] {
            let p = left.parse(name).unwrap();
            left.setup(p, Some(Color::Black));
        }
        let turn = Orientation::of(&left, false, &[]);
        let b10 = left.parse("B10").unwrap();
        assert_eq!(left.name(turn.turn(b10).unwrap()), "K18");
        assert_eq!(
            turn.sides_back("the open left, right and bottom sides"),
            "the open top, bottom and right sides"
        );
    }

    /// The stones of a position, by name.
    fn stones(go: &Go) -> Vec<(String, Option<Color>)> {
        go.points()
            .filter(|&p| go.stone(p).is_some())
            .map(|p| (go.name(p), go.stone(p)))
            .collect()
    }

    /// A corner problem and a side problem of the collections, set on a 19x19 board (the side
    /// one moved along its edge) and turned there, are read on the board and in the place
    /// the collection sets them.
    #[test]
    fn a_problem_on_a_large_board_is_read_on_the_small_one() {
        let corner =
            "(;GM[1]FF[4]SZ[9]PL[B]AB[ea][eb][cc][dc][ec][bd][cd][bf]AW[da][bb][cb][db][ac][bc])";
        let side = "(;GM[1]FF[4]SZ[13]PL[B]AB[ca][cb][jb][kb][cc][ec][jc][cd][gd][hd][id][jd][de][ee][fe]AW[db][fb][ib][dc][gc][ic][dd][ed][fd])";
        // The corner problem turned half a turn, the side one mirrored top to bottom (a side
        // problem's left and right are kept as given, as a corner problem's diagonal is).
        let half: fn(i32, i32) -> (i32, i32) = |x, y| (18 - x, 18 - y);
        let mirror: fn(i32, i32) -> (i32, i32) = |x, y| (x, 18 - y);
        for (sgf, right, turned) in [(corner, 0, half), (side, 4, mirror)] {
            let small = setup(sgf);
            let large = setup_on(sgf, 19, right);
            let turn = Orientation::of(&large, true, &[]);
            assert_eq!(stones(&turn.turned(&large)), stones(&small), "{sgf}");
            let mut other = Go::new(19);
            for p in large.points() {
                if let Some(c) = large.stone(p) {
                    let (x, y) = large.board().coord(large.id(p));
                    let (x, y) = turned(x, y);
                    other.setup(large.pt(large.board().at(x, y).unwrap()), Some(c));
                }
            }
            let turn = Orientation::of(&other, true, &[]);
            assert_eq!(stones(&turn.turned(&other)), stones(&small), "{sgf}");
            // A region given keeps the board, and a file's answer off the small board too.
            assert_eq!(
                Orientation::of(&large, false, &[]).turned(&large).size(),
                19
            );
            let far = large.parse("T1").unwrap();
            assert_eq!(
                Orientation::of(&large, true, &[far]).turned(&large).size(),
                19
            );
        }
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
                    Orientation::of(&setup(sgf), true, &[]).is_identity(),
                    "{}: {line}",
                    f.display()
                );
                read += 1;
            }
        }
        assert!(read > 400, "{read} problems");
    }
}

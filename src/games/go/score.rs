//! Chinese area scoring: stones on the board plus empty points reached by one colour only,
//! with komi for White. Stones marked dead are removed first and count for the other side.

use super::engine::{Color, Go, Pt};

/// Who owns a point in the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// Counted for Black (a stone or territory).
    Black,
    /// Counted for White.
    White,
    /// Neutral (dame): an empty region reaching both colours, or none.
    Neutral,
}

/// The count of a final position.
#[derive(Clone, Debug, PartialEq)]
pub struct AreaScore {
    /// Black stones on the board after removing dead stones.
    pub black_stones: u32,
    /// White stones on the board after removing dead stones.
    pub white_stones: u32,
    /// Empty points (including vacated ones) reached by Black only.
    pub black_territory: u32,
    /// Empty points reached by White only.
    pub white_territory: u32,
    /// Neutral points.
    pub dame: u32,
    /// Komi added to White.
    pub komi: f64,
    /// Extra points to White for handicap stones.
    pub compensation: f64,
    /// The owner of every point, in geometry id order.
    pub owners: Vec<Owner>,
    /// Dead stones removed, by colour: (point, colour).
    pub dead: Vec<(Pt, Color)>,
}

impl AreaScore {
    /// Black's area.
    pub fn black_area(&self) -> u32 {
        self.black_stones + self.black_territory
    }

    /// White's area.
    pub fn white_area(&self) -> u32 {
        self.white_stones + self.white_territory
    }

    /// White's total with komi and compensation.
    pub fn white_total(&self) -> f64 {
        self.white_area() as f64 + self.komi + self.compensation
    }

    /// Black's margin (negative when White leads).
    pub fn margin(&self) -> f64 {
        self.black_area() as f64 - self.white_total()
    }

    /// "B+2", "W+0.5" or "Draw".
    pub fn result(&self) -> String {
        let m = self.margin();
        let num = |v: f64| {
            if v.fract() == 0.0 {
                format!("{}", v as i64)
            } else {
                format!("{v}")
            }
        };
        if m > 0.0 {
            format!("B+{}", num(m))
        } else if m < 0.0 {
            format!("W+{}", num(-m))
        } else {
            "Draw".to_string()
        }
    }

    /// "black", "white" or "draw".
    pub fn winner(&self) -> &'static str {
        let m = self.margin();
        if m > 0.0 {
            "black"
        } else if m < 0.0 {
            "white"
        } else {
            "draw"
        }
    }
}

/// Scores the position: `dead` lists points whose whole groups are removed first.
pub fn area_score(go: &Go, dead_points: &[Pt], komi: f64, compensation: f64) -> AreaScore {
    let mut stone: Vec<Option<Color>> = vec![None; go.size() * go.size()];
    let mut dead = Vec::new();
    for p in go.points() {
        stone[go.id(p) as usize] = go.stone(p);
    }
    for &d in dead_points {
        for s in go.group(d) {
            let id = go.id(s) as usize;
            if let Some(c) = stone[id].take() {
                dead.push((s, c));
            }
        }
    }
    dead.sort_by_key(|d| d.0);
    let board = go.board();
    let mut owners = vec![Owner::Neutral; stone.len()];
    let mut seen = vec![false; stone.len()];
    let (mut bt, mut wt, mut dame) = (0, 0, 0);
    let (mut bs, mut ws) = (0, 0);
    for id in 0..stone.len() {
        match stone[id] {
            Some(Color::Black) => {
                owners[id] = Owner::Black;
                bs += 1;
                continue;
            }
            Some(Color::White) => {
                owners[id] = Owner::White;
                ws += 1;
                continue;
            }
            None => {}
        }
        if seen[id] {
            continue;
        }
        // Flood the empty region and note which colours it reaches.
        let mut region = vec![id];
        let mut stack = vec![id];
        seen[id] = true;
        let (mut reach_b, mut reach_w) = (false, false);
        while let Some(x) = stack.pop() {
            for &y in board.neighbours(x as u16) {
                let y = y as usize;
                match stone[y] {
                    Some(Color::Black) => reach_b = true,
                    Some(Color::White) => reach_w = true,
                    None if !seen[y] => {
                        seen[y] = true;
                        region.push(y);
                        stack.push(y);
                    }
                    None => {}
                }
            }
        }
        let owner = match (reach_b, reach_w) {
            (true, false) => Owner::Black,
            (false, true) => Owner::White,
            _ => Owner::Neutral,
        };
        let n = region.len() as u32;
        match owner {
            Owner::Black => bt += n,
            Owner::White => wt += n,
            Owner::Neutral => dame += n,
        }
        for r in region {
            owners[r] = owner;
        }
    }
    AreaScore {
        black_stones: bs,
        white_stones: ws,
        black_territory: bt,
        white_territory: wt,
        dame,
        komi,
        compensation,
        owners,
        dead,
    }
}

//! Go life and death for the generic proof search: the goals kill and live on a target group,
//! a region of candidate moves (with passes for both sides), captured target = killer wins,
//! Benson-alive target, a target liberty outside the region ("escape") or two passes =
//! defender wins (so seki counts as life). Ko follows the engine's positional superko.

use super::engine::{Color, Go, Move, Pt};
use crate::solve::Problem;

/// What the side to move at the root wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Capture the target group.
    Kill,
    /// Keep the target group alive.
    Live,
}

impl Goal {
    /// "kill" or "live".
    pub fn name(self) -> &'static str {
        match self {
            Goal::Kill => "kill",
            Goal::Live => "live",
        }
    }
}

/// A life-and-death problem: the position, the target, the region and who proves what.
#[derive(Clone, Debug)]
pub struct LifeAndDeath {
    /// The position (the engine keeps superko history).
    pub go: Go,
    /// A stone of the group under attack.
    pub target: Pt,
    /// The colour of the target (the defender).
    pub defender: Color,
    /// The side to move at the root, who tries to prove its goal.
    pub prover: Color,
    /// The prover's goal.
    pub goal: Goal,
    in_region: Vec<bool>,
    region: Vec<Pt>,
    side_keys: [u64; 2],
}

impl LifeAndDeath {
    /// Sets up a problem; `region` lists the candidate points.
    pub fn new(go: Go, target: Pt, goal: Goal, region: &[Pt]) -> LifeAndDeath {
        let defender = go.stone(target).expect("the target is a stone");
        let prover = go.to_move();
        let mut in_region = vec![false; (go.size() + 2) * (go.size() + 2)];
        for &p in region {
            in_region[p] = true;
        }
        let keys = crate::util::zobrist_table(2, 0x1D5_EED);
        LifeAndDeath {
            go,
            target,
            defender,
            prover,
            goal,
            in_region,
            region: region.to_vec(),
            side_keys: [keys[0], keys[1]],
        }
    }

    /// The candidate region.
    pub fn region(&self) -> &[Pt] {
        &self.region
    }

    /// True when the defender has won here (target alive for sure); false when captured;
    /// None while open.
    fn defender_wins(&self) -> Option<bool> {
        if self.go.stone(self.target) != Some(self.defender) {
            return Some(false);
        }
        if self.go.passes() >= 2 {
            return Some(true);
        }
        let libs = self.go.liberties(self.target);
        if libs.iter().any(|&l| !self.in_region[l]) {
            return Some(true);
        }
        if benson_alive(&self.go, self.defender).contains(&self.go.group_id(self.target)) {
            return Some(true);
        }
        None
    }
}

impl Problem for LifeAndDeath {
    type Move = Move;

    fn moves(&mut self) -> Vec<Move> {
        if self.defender_wins().is_some() {
            return Vec::new();
        }
        // Liberties of the target first, then the rest of the region by point index, pass last.
        let libs = self.go.liberties(self.target);
        let mut out: Vec<Move> = Vec::new();
        for &p in libs.iter().chain(self.region.iter()) {
            if self.go.is_empty(p)
                && !out.contains(&Move::Play(p))
                && self.go.is_legal(Move::Play(p))
            {
                out.push(Move::Play(p));
            }
        }
        out.push(Move::Pass);
        out
    }

    fn play(&mut self, m: Move) {
        self.go.play(m).expect("search plays legal moves only");
    }

    fn undo(&mut self) {
        self.go.undo();
    }

    fn hash(&self) -> u64 {
        let side = self.side_keys[self.go.to_move().index()];
        let passes = (self.go.passes() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.go.hash() ^ side ^ passes
    }

    fn attacker_to_move(&self) -> bool {
        self.go.to_move() == self.prover
    }

    fn outcome(&mut self) -> Option<bool> {
        let d = self.defender_wins()?;
        // The prover is the defender for "live" and the killer for "kill".
        Some(match self.goal {
            Goal::Live => d,
            Goal::Kill => !d,
        })
    }
}

/// Benson's unconditional life: the group ids (`Go::group_id`) of the chains of colour `c`
/// that cannot be captured even if `c` never moves again.
pub fn benson_alive(go: &Go, c: Color) -> Vec<Pt> {
    let pts: Vec<Pt> = go.points().collect();
    // Chains of c, by group id.
    let mut chains: Vec<Pt> = pts
        .iter()
        .filter(|&&p| go.stone(p) == Some(c))
        .map(|&p| go.group_id(p))
        .collect();
    chains.sort_unstable();
    chains.dedup();
    // Regions: maximal connected sets of points that are not c's stones.
    let mut region_of = vec![usize::MAX; (go.size() + 2) * (go.size() + 2)];
    let mut regions: Vec<Vec<Pt>> = Vec::new();
    for &p in &pts {
        if go.stone(p) == Some(c) || region_of[p] != usize::MAX {
            continue;
        }
        let id = regions.len();
        let mut r = vec![p];
        region_of[p] = id;
        let mut i = 0;
        while i < r.len() {
            for q in go.neighbours(r[i]) {
                if go.on_board(q) && go.stone(q) != Some(c) && region_of[q] == usize::MAX {
                    region_of[q] = id;
                    r.push(q);
                }
            }
            i += 1;
        }
        regions.push(r);
    }
    // For each region: the chains bordering it, and the chains to which it is vital (every
    // empty point of the region is a liberty of the chain).
    let border: Vec<Vec<Pt>> = regions
        .iter()
        .map(|r| {
            let mut b: Vec<Pt> = r
                .iter()
                .flat_map(|&p| go.neighbours(p))
                .filter(|&q| go.stone(q) == Some(c))
                .map(|q| go.group_id(q))
                .collect();
            b.sort_unstable();
            b.dedup();
            b
        })
        .collect();
    let vital_to = |ri: usize, chain: Pt| -> bool {
        regions[ri].iter().filter(|&&p| go.is_empty(p)).all(|&p| {
            go.neighbours(p)
                .iter()
                .any(|&q| go.stone(q) == Some(c) && go.group_id(q) == chain)
        })
    };
    let mut alive_chain: Vec<Pt> = chains.clone();
    let mut alive_region: Vec<bool> = vec![true; regions.len()];
    loop {
        let before = (
            alive_chain.len(),
            alive_region.iter().filter(|&&a| a).count(),
        );
        alive_chain.retain(|&ch| {
            (0..regions.len())
                .filter(|&ri| alive_region[ri] && border[ri].contains(&ch) && vital_to(ri, ch))
                .count()
                >= 2
        });
        for ri in 0..regions.len() {
            if alive_region[ri] && border[ri].iter().any(|b| !alive_chain.contains(b)) {
                alive_region[ri] = false;
            }
        }
        let after = (
            alive_chain.len(),
            alive_region.iter().filter(|&&a| a).count(),
        );
        if after == before {
            break;
        }
    }
    alive_chain
}

/// The default region: the bounding box of all stones grown by one line, clipped to the
/// board; the candidate points are its empty points and stones alike (moves go on empty ones).
pub fn infer_region(go: &Go) -> Vec<Pt> {
    let b = go.board();
    let coords: Vec<(i32, i32)> = go
        .points()
        .filter(|&p| go.stone(p).is_some())
        .map(|p| b.coord(go.id(p)))
        .collect();
    if coords.is_empty() {
        return go.points().collect();
    }
    let n = go.size() as i32;
    let lo_c = (coords.iter().map(|c| c.0).min().unwrap_or(0) - 1).max(0);
    let hi_c = (coords.iter().map(|c| c.0).max().unwrap_or(0) + 1).min(n - 1);
    let lo_r = (coords.iter().map(|c| c.1).min().unwrap_or(0) - 1).max(0);
    let hi_r = (coords.iter().map(|c| c.1).max().unwrap_or(0) + 1).min(n - 1);
    go.points()
        .filter(|&p| {
            let (c, r) = b.coord(go.id(p));
            (lo_c..=hi_c).contains(&c) && (lo_r..=hi_r).contains(&r)
        })
        .collect()
}

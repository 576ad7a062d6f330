//! The static death's second test: a small enclosed area read out by the rules.
//!
//! Read only with `Knowledge::Enclosed` (`solve go --read-enclosed`). `confined_to_one_eye`
//! gives up where the target's area holds an attacker chain that can be captured (a stone
//! played inside the eye space, the usual way to kill): on the published problems, most of
//! its calls end there, and the search then reads the filling of the eye space move by move,
//! the defender capturing and passing, to the end. Here the area is walked through such
//! chains as well, and when it is closed and small it is read out apart from the rest of the
//! board. The proofs take 0.6 to 0.7 of the nodes, but a node costs about 2.4 times as
//! much (docs/go-solving-record.md, sessions 52 and 54), so the default reading leaves this
//! out.
//!
//! Why reading the area alone is exact. The area is the set of points reached from the
//! target through empty points, defender stones and attacker chains with no liberty outside
//! the region nor on the attacker's ring; the test gives up when it reaches a point outside
//! the region or on the ring. Every point next to the area and outside it is then a stone of a
//! safe attacker chain (one with such a liberty: nobody plays outside the region, the defender
//! never plays on the ring and the attacker below plays in the area only, so the chain is never
//! captured). A defender move outside the area therefore touches no chain the area's points
//! belong to, and is read as the pass it is for the area. The attacker plays in the area only,
//! never passes, and never captures a defender chain other than the target (a play that takes
//! the target wins, whatever else it takes): with the attacker taking nothing, the defender's
//! stones only grow, so no position comes back (no ko ban falls on the defender, and a cycle
//! would need one side to lose stones it cannot lose), and the outcome is the same whoever is a
//! ko master. Holding back the attacker cannot make a kill that is not one, and the defender
//! keeps every answer it has. The outcome of a position of the area is then a function of the
//! area's points and what stands on them, the target's point, the side to move and the passes
//! counted, and it is remembered by those (`Enclosed::memo`) across the whole reading.

use super::{BensonLists, benson_alive_chain, confined_to_one_eye};
use crate::games::go::engine::{Color, Go, Move, PointMarks, Pt};
use crate::solve::Keyed;

/// The most empty points an area may hold to be read out: the reading's cost grows quickly
/// with them (at eight, the search's nodes cost about five times as much as without it).
pub(super) const MOST_EMPTY: usize = 5;

/// The most points an area may hold besides the target's own stones.
const MOST_POINTS: usize = 14;

/// The most positions one reading of an area visits before it gives up (then nothing is said).
const MOST_NODES: u32 = 3000;

/// The most outcomes remembered before the memory starts afresh.
const MOST_REMEMBERED: usize = 1 << 20;

/// What the readings of small areas found, kept by a problem for the whole search.
#[derive(Clone, Debug, Default)]
pub(super) struct Enclosed {
    /// The outcome (true: the attacker captures the target) of positions of an area, by
    /// `Reading::key`.
    memo: Keyed<bool>,
    /// The area of the current reading, in the order walked.
    area: Vec<Pt>,
    /// A working list for the walk.
    todo: Vec<Pt>,
}

/// One reading of an area: the problem's parts it needs.
struct Reading<'a> {
    target: Pt,
    defender: Color,
    region: &'a PointMarks,
    attacker_only: &'a [bool],
    walls: &'a PointMarks,
    benson: &'a mut BensonLists,
    memo: &'a mut Keyed<bool>,
    area: &'a [Pt],
    nodes: u32,
}

impl Enclosed {
    /// True when the attacker captures the target whatever the defender does, read out in the
    /// target's closed area (see the module's doc); false when the area is open, too large, or
    /// the reading finds no kill within `MOST_NODES` positions. `go` is left as it was given.
    /// The area holds every liberty of the target, so a caller that has the count at hand
    /// settles more than `MOST_EMPTY` without the walk.
    pub(super) fn dead(
        &mut self,
        go: &mut Go,
        target: Pt,
        region: &PointMarks,
        attacker_only: &[bool],
        walls: &PointMarks,
        benson: &mut BensonLists,
    ) -> bool {
        let defender = go.stone(target).expect("a stone");
        // A defender to move after a pass passes back and lives.
        if go.ko_point().is_some()
            || (go.passes() > 0 && go.to_move() == defender)
            || !self.walk(go, target, region, attacker_only, walls)
        {
            return false;
        }
        if self.memo.len() >= MOST_REMEMBERED {
            self.memo.clear();
        }
        let area = std::mem::take(&mut self.area);
        let mut reading = Reading {
            target,
            defender,
            region,
            attacker_only,
            walls,
            benson,
            memo: &mut self.memo,
            area: &area,
            nodes: 0,
        };
        let dead = reading.read(go) == Some(true);
        self.area = area;
        dead
    }

    /// Walks the target's area into `self.area`: from the target through every point but the
    /// stones of attacker chains with a liberty outside the region or on the ring. False when
    /// it reaches a point outside the region or on the ring, holds more than `MOST_EMPTY` empty
    /// points or `MOST_POINTS` points besides the target's stones, or holds no attacker stone
    /// (`confined_to_one_eye` has said what there is to say of a clean area). Each point is
    /// looked at when it is first met, so that a walk that fails (nearly all of them: the area
    /// is open) ends there, not once the depth-first walk comes back to it; the area keeps the
    /// order the walk takes its points in.
    fn walk(
        &mut self,
        go: &Go,
        target: Pt,
        region: &PointMarks,
        attacker_only: &[bool],
        walls: &PointMarks,
    ) -> bool {
        let defender = go.stone(target).expect("a stone");
        let target_group = go.group_id(target);
        let (mut seen, mut checked, mut safe) = (
            PointMarks::default(),
            PointMarks::default(),
            PointMarks::default(),
        );
        let (mut empty, mut others, mut attackers) = (0, 0, 0);
        self.area.clear();
        self.todo.clear();
        if !region.contains(target) || attacker_only[target] {
            return false;
        }
        self.todo.push(target);
        seen.insert(target);
        while let Some(p) = self.todo.pop() {
            self.area.push(p);
            for q in go.neighbours(p) {
                if !go.on_board(q) || seen.contains(q) {
                    continue;
                }
                match go.stone(q) {
                    None => empty += 1,
                    Some(c) if c == defender => {}
                    Some(_) => {
                        let g = go.group_id(q);
                        if checked.insert(g) {
                            let out = walls.contains(q)
                                || go.group_stones(g).flat_map(|s| go.neighbours(s)).any(|r| {
                                    go.is_empty(r) && (!region.contains(r) || attacker_only[r])
                                });
                            if out {
                                safe.insert(g);
                            }
                        }
                        if safe.contains(g) {
                            continue;
                        }
                        attackers += 1;
                    }
                }
                if !region.contains(q) || attacker_only[q] {
                    return false;
                }
                if go.stone(q) != Some(defender) || go.group_id(q) != target_group {
                    others += 1;
                }
                if empty > MOST_EMPTY || others > MOST_POINTS {
                    return false;
                }
                seen.insert(q);
                self.todo.push(q);
            }
        }
        attackers > 0
    }
}

/// A 64-bit mix of `x` (splitmix64's finaliser): the area's key is the exclusive or of one
/// such value for each point and what stands on it.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Reading<'_> {
    /// The key of the area's position: its points and what stands on them, the target's
    /// point, the side to move and the passes counted.
    fn key(&self, go: &Go) -> u64 {
        let mut k = mix(0x7A26_0000 ^ self.target as u64)
            ^ mix(0x51DE_0000 ^ go.to_move().index() as u64)
            ^ mix(0x9A55_0000 ^ go.passes() as u64);
        for &p in self.area {
            let on = match go.stone(p) {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            };
            k ^= mix(((p as u64) << 2) | on);
        }
        k
    }

    /// Some(true) when the attacker captures the target, Some(false) when it cannot (with the
    /// attacker held to the area), None when the reading ran out of positions.
    fn read(&mut self, go: &mut Go) -> Option<bool> {
        if go.stone(self.target) != Some(self.defender) {
            return Some(true);
        }
        if go.passes() >= 2 {
            return Some(false);
        }
        self.nodes += 1;
        if self.nodes > MOST_NODES {
            return None;
        }
        let key = self.key(go);
        if let Some(&known) = self.memo.get(&key) {
            return Some(known);
        }
        // The first position has been judged by the problem itself already.
        let settled = if self.nodes > 1 {
            self.settle(go)
        } else {
            None
        };
        let outcome = settled.or_else(|| self.expand(go))?;
        self.memo.insert(key, outcome);
        Some(outcome)
    }

    /// The outcome without reading on, where the problem's own tests give it: Benson's life,
    /// or the static death of a clean area.
    fn settle(&mut self, go: &Go) -> Option<bool> {
        let libs = go.liberty_marks(self.target);
        if benson_alive_chain(go, self.target, &libs, self.walls, self.benson) {
            return Some(false);
        }
        confined_to_one_eye(
            go,
            self.target,
            self.region,
            self.attacker_only,
            self.walls,
            &mut self.benson.flat,
            &mut false,
        )
        .then_some(true)
    }

    /// The outcome read move by move: the attacker's plays in the area that take nothing but
    /// the target, or the defender's plays in the area and its pass.
    fn expand(&mut self, go: &mut Go) -> Option<bool> {
        let attacking = go.to_move() != self.defender;
        // The defender's pass first: not filling its own eye space is its usual best. The area's
        // empty points are its points besides the target's stones at most (the attacker
        // captures nothing else), so the list stays on the stack.
        let mut moves = [Move::Pass; MOST_POINTS + 1];
        let mut n = usize::from(!attacking);
        for &p in self.area.iter().filter(|&&p| go.is_empty(p)) {
            moves[n] = Move::Play(p);
            n += 1;
        }
        for &m in &moves[..n] {
            if go.play(m).is_err() {
                continue;
            }
            if attacking && go.last_captured() > 0 && go.stone(self.target) == Some(self.defender) {
                go.undo();
                continue;
            }
            let outcome = self.read(go);
            go.undo();
            // The attacker looks for one kill, the defender for one escape.
            match outcome? {
                true if attacking => return Some(true),
                false if !attacking => return Some(false),
                _ => {}
            }
        }
        Some(!attacking)
    }
}

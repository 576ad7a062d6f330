//! Property tests of the five rules engines: random set-ups (for Go with removals and colour
//! changes), random legal moves with captures and declarations, and undos. After every step
//! the engine's incremental state must equal a recount from scratch (`check_invariants`), a
//! Go board must equal the same stones set up cleanly, captures must equal the stones that
//! left the board, and an undo must restore the position exactly.
//!
//! Each property runs 256 cases by default; `PROPTEST_CASES=N` runs N.

use proptest::prelude::*;
use stonepress::games::Color;
use stonepress::games::anchor::{Anchor, Move as AnchorMove};
use stonepress::games::anchor2d::Anchor2d;
use stonepress::games::go::{Go, KoRule, Move, Pt};
use stonepress::games::hexade::{Hexade, Outcome};
use stonepress::games::kropki::Kropki;
use stonepress::geometry::PointId;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn colour(k: u8) -> Color {
    if k.is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    }
}

// ---------------------------------------------------------------------------------------------
// Go

/// Everything a Go undo must restore.
fn go_state(go: &Go) -> (String, u64, [u32; 2], Color, Option<Pt>, u8) {
    (
        go.picture(),
        go.hash(),
        go.captures(),
        go.to_move(),
        go.ko_point(),
        go.passes(),
    )
}

/// Compares a Go board with the same stones set up once each on an empty board: hash, and
/// each stone's group and liberties.
fn same_as_clean_setup(go: &Go) -> Result<(), String> {
    let mut clean = Go::new(go.size());
    for p in go.points() {
        if let Some(c) = go.stone(p) {
            clean.setup(p, Some(c));
        }
    }
    if clean.hash() != go.hash() {
        return Err("the hash differs from a clean set-up's".into());
    }
    for p in go.points().filter(|&p| go.stone(p).is_some()) {
        let (mut a, mut b) = (go.group(p), clean.group(p));
        a.sort_unstable();
        b.sort_unstable();
        if a != b || go.liberties(p) != clean.liberties(p) {
            return Err(format!("the group of {} differs", go.name(p)));
        }
    }
    Ok(())
}

fn stones_of(go: &Go, c: Color) -> u32 {
    go.points().filter(|&p| go.stone(p) == Some(c)).count() as u32
}

fn go_size() -> impl Strategy<Value = usize> {
    prop_oneof![Just(5usize), Just(7), Just(9)]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn go_incremental_state_matches_a_recount(
        n in go_size(),
        simple_ko in any::<bool>(),
        setups in prop::collection::vec((any::<u16>(), 0u8..3), 0..48),
        steps in prop::collection::vec(any::<u16>(), 0..90),
        playout_seed in any::<u64>(),
    ) {
        let mut go = Go::new(n);
        if simple_ko {
            go.ko_rule = KoRule::Simple;
        }
        let points: Vec<Pt> = go.points().collect();
        for &(i, k) in &setups {
            let p = points[i as usize % points.len()];
            let c = match k {
                0 => None,
                1 => Some(Color::Black),
                _ => Some(Color::White),
            };
            go.setup(p, c);
            prop_assert_eq!(go.check_invariants(), Ok(()));
            prop_assert_eq!(same_as_clean_setup(&go), Ok(()));
        }
        let start = [stones_of(&go, Color::Black), stones_of(&go, Color::White)];
        // Stones placed by each colour, and the state before each move still on the board.
        let mut placed = [0u32; 2];
        let mut before: Vec<(_, Option<Color>)> = Vec::new();
        for &s in &steps {
            if (s % 8 == 0 || go.game_over()) && !before.is_empty() {
                go.undo();
                let (state, stone) = before.pop().expect("a move to undo");
                if let Some(c) = stone {
                    placed[c.index()] -= 1;
                }
                prop_assert_eq!(go_state(&go), state);
            } else if go.game_over() {
                break;
            } else {
                let legal = go.legal_moves();
                let i = s as usize % (legal.len() + 1);
                let m = legal.get(i).map_or(Move::Pass, |&p| Move::Play(p));
                let state = go_state(&go);
                let c = go.to_move();
                go.play(m).expect("a legal move");
                before.push((state, matches!(m, Move::Play(_)).then_some(c)));
                if let Move::Play(_) = m {
                    placed[c.index()] += 1;
                }
            }
            prop_assert_eq!(go.check_invariants(), Ok(()));
            prop_assert_eq!(same_as_clean_setup(&go), Ok(()));
            // Captures by Black are White stones that left the board, and the other way.
            let now = [stones_of(&go, Color::Black), stones_of(&go, Color::White)];
            prop_assert_eq!(
                go.captures(),
                [start[1] + placed[1] - now[1], start[0] + placed[0] - now[0]]
            );
        }
        // A forward-only playout copy keeps its own state (the empty-point list), through
        // set-up changes and a random game.
        let mut copy = go.playout_copy();
        for &(i, k) in setups.iter().take(6) {
            let p = points[(i as usize * 7) % points.len()];
            copy.setup(p, (k > 0).then(|| colour(k)));
        }
        prop_assert_eq!(copy.check_invariants(), Ok(()));
        let mut r = stonepress::util::rng(playout_seed);
        copy.random_playout(&mut r, 4 * n * n);
        prop_assert_eq!(copy.check_invariants(), Ok(()));
    }
}

// ---------------------------------------------------------------------------------------------
// Hexade

type HexadeState = (
    Vec<Option<Color>>,
    u64,
    Color,
    Outcome,
    Option<PointId>,
    [u32; 2],
);

fn hexade_state(h: &Hexade) -> HexadeState {
    (
        h.board().points().map(|p| h.stone(p)).collect(),
        h.hash(),
        h.to_move(),
        h.outcome(),
        h.distance_rule_pending(),
        [h.captured_by(Color::Black), h.captured_by(Color::White)],
    )
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn hexade_incremental_state_matches_a_recount(
        base in 4usize..=6,
        setups in prop::collection::vec((any::<u16>(), any::<u8>()), 0..10),
        to_move in any::<u8>(),
        steps in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let mut h = Hexade::new(base);
        let cells: Vec<PointId> = h.board().points().collect();
        let stones: Vec<(PointId, Color)> = setups
            .iter()
            .map(|&(i, k)| (cells[i as usize % cells.len()], colour(k)))
            .collect();
        h.setup(&stones, colour(to_move), None);
        prop_assert_eq!(h.check_invariants(), Ok(()));
        let start = [h.stones(Color::Black), h.stones(Color::White)];
        let mut placed = [0u32; 2];
        let mut before = Vec::new();
        for &s in &steps {
            if (s % 7 == 0 || h.outcome() != Outcome::Ongoing) && !before.is_empty() {
                h.undo();
                let (state, c): (_, Color) = before.pop().expect("a move to undo");
                placed[c.index()] -= 1;
                prop_assert_eq!(hexade_state(&h), state);
            } else {
                let legal = h.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let state = hexade_state(&h);
                let c = h.to_move();
                h.play(legal[s as usize % legal.len()]).expect("a legal move");
                before.push((state, c));
                placed[c.index()] += 1;
            }
            prop_assert_eq!(h.check_invariants(), Ok(()));
            for c in [Color::Black, Color::White] {
                prop_assert_eq!(
                    h.stones(c),
                    start[c.index()] + placed[c.index()] - h.captured_by(c.opp())
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Anchor

proptest! {
    #![proptest_config(config())]

    #[test]
    fn anchor_incremental_state_matches_a_recount(
        from_setup in any::<bool>(),
        setups in prop::collection::vec((any::<u16>(), any::<u8>()), 0..40),
        to_move in any::<u8>(),
        mirror_rule in any::<bool>(),
        steps in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        let mut a = Anchor::new();
        a.mirror_rule = mirror_rule;
        let points: Vec<PointId> = a.board().points().collect();
        if from_setup {
            let stones: Vec<(PointId, Color)> = setups
                .iter()
                .map(|&(i, k)| (points[i as usize % points.len()], colour(k)))
                .collect();
            a.setup(&stones, colour(to_move));
        }
        prop_assert_eq!(a.check_invariants(), Ok(()));
        let mut before = Vec::new();
        // The last move's placement, to mirror it now and then (the mirror rule).
        let mut last: Option<PointId> = None;
        for &s in &steps {
            if (s % 7 == 0 || a.game_over()) && !before.is_empty() {
                a.undo();
                let (state, was_last) = before.pop().expect("a move to undo");
                last = was_last;
                prop_assert_eq!(
                    (points.iter().map(|&p| a.stone(p)).collect::<Vec<_>>(), a.hash(), a.to_move(), a.setup_left()),
                    state
                );
            } else if a.game_over() {
                break;
            } else {
                let mut moves: Vec<AnchorMove> = points
                    .iter()
                    .map(|&p| AnchorMove::Place(p))
                    .filter(|&m| a.check(m).is_ok())
                    .collect();
                moves.push(AnchorMove::Pass);
                let mirror = last.map(|q| AnchorMove::Place(a.rotate(q)));
                let m = match mirror {
                    Some(m) if s % 4 != 1 && a.check(m).is_ok() => m,
                    _ => moves[s as usize % moves.len()],
                };
                before.push((
                    (
                        points.iter().map(|&p| a.stone(p)).collect::<Vec<_>>(),
                        a.hash(),
                        a.to_move(),
                        a.setup_left(),
                    ),
                    last,
                ));
                a.play(m).expect("a legal move");
                last = match m {
                    AnchorMove::Place(p) => Some(p),
                    AnchorMove::Pass => None,
                };
            }
            prop_assert_eq!(a.check_invariants(), Ok(()));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Anchor 2D

proptest! {
    #![proptest_config(config())]

    #[test]
    fn anchor2d_incremental_state_matches_a_recount(
        setups in prop::collection::vec((any::<u16>(), any::<u8>()), 0..60),
        to_move in any::<u8>(),
        steps in prop::collection::vec(any::<u16>(), 0..60),
    ) {
        let mut a = Anchor2d::new();
        let playable = a.legal_moves();
        let stones: Vec<(PointId, Color)> = setups
            .iter()
            .map(|&(i, k)| (playable[i as usize % playable.len()], colour(k)))
            .collect();
        a.setup(&stones, colour(to_move));
        prop_assert_eq!(a.check_invariants(), Ok(()));
        let cells: Vec<PointId> = a.board().points().collect();
        let mut before = Vec::new();
        for &s in &steps {
            if (s % 7 == 0 || a.winner().is_some()) && !before.is_empty() {
                a.undo();
                let state = before.pop().expect("a move to undo");
                prop_assert_eq!(
                    (cells.iter().map(|&p| a.stone(p)).collect::<Vec<_>>(), a.hash(), a.to_move(), a.winner()),
                    state
                );
            } else {
                let legal = a.legal_moves();
                if legal.is_empty() {
                    break;
                }
                before.push((
                    cells.iter().map(|&p| a.stone(p)).collect::<Vec<_>>(),
                    a.hash(),
                    a.to_move(),
                    a.winner(),
                ));
                a.play(legal[s as usize % legal.len()]).expect("a legal move");
            }
            prop_assert_eq!(a.check_invariants(), Ok(()));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Kropki

type KropkiState = (Vec<(Option<Color>, Option<Color>)>, u64, Color, usize, bool);

fn kropki_state(k: &Kropki) -> KropkiState {
    (
        k.nodes().map(|n| (k.dot(n), k.outermost(n))).collect(),
        k.hash(),
        k.to_move(),
        k.regions().len(),
        k.game_over(),
    )
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn kropki_incremental_state_matches_a_recount(
        w in 5usize..=8,
        h in 5usize..=8,
        setups in prop::collection::vec((any::<u16>(), any::<u8>()), 0..20),
        to_move in any::<u8>(),
        steps in prop::collection::vec((any::<u16>(), any::<u8>()), 0..120),
    ) {
        let mut k = Kropki::new(w, h);
        let nodes: Vec<_> = k.nodes().collect();
        for &(i, c) in &setups {
            // An occupied node is refused and changes nothing.
            let _ = k.setup_dot(nodes[i as usize % nodes.len()], colour(c));
        }
        k.set_to_move(colour(to_move));
        prop_assert_eq!(k.check_invariants(), Ok(()));
        let mut before: Vec<KropkiState> = Vec::new();
        for &(s, how) in &steps {
            if (s % 9 == 0 || k.game_over()) && !before.is_empty() {
                k.undo();
                let state = before.pop().expect("a move to undo");
                prop_assert_eq!(kropki_state(&k), state);
            } else if k.game_over() {
                break;
            } else if k.placements_over() {
                // A declaration-only final turn: every pool the mover could declare.
                let c = k.to_move();
                let declare: Vec<_> = k.declarable(c).iter().map(|p| p.nodes[0]).collect();
                before.push(kropki_state(&k));
                k.final_turn(&declare).expect("a final turn");
            } else {
                let open: Vec<_> = nodes.iter().copied().filter(|&n| k.can_place(n).is_ok()).collect();
                let n = open[s as usize % open.len()];
                let c = k.to_move();
                let state = kropki_state(&k);
                // The pools the placement closes, found by trying it; then the real move
                // declares some of them (or a random node, which may be refused as a whole).
                k.play(n, &[]).expect("a free node");
                let pools = k.declarable_near(c, n);
                k.undo();
                prop_assert_eq!(kropki_state(&k), state.clone());
                let mut declare: Vec<_> = pools
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| how >> (j % 8) & 1 == 1)
                    .map(|(_, p)| p.nodes[0])
                    .collect();
                if how % 11 == 0 {
                    declare.push(nodes[(s as usize / 3) % nodes.len()]);
                }
                match k.play(n, &declare) {
                    Ok(()) => before.push(state),
                    Err(_) => prop_assert_eq!(kropki_state(&k), state, "a refused move changes nothing"),
                }
            }
            prop_assert_eq!(k.check_invariants(), Ok(()));
        }
    }
}

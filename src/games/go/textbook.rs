//! Textbook life-and-death shapes with known status, checked by `ld::solve` (RULES.md Go).

use super::engine::{Color, Go, KoRule, Move, Pt};
use super::ld::{self, Goal, LdResult, LdStatus, LifeAndDeath};
use super::tests::board;
use crate::solve::{Budget, Solver, Status};

/// The inside of the attacker's wall around `target`: the points reachable from it through
/// empty points and defender stones. The wall takes no part, so a test checks the shape alone.
pub(super) fn inside(go: &Go, target: Pt) -> Vec<Pt> {
    let attacker = go.stone(target).expect("a stone").opp();
    let mut out = vec![target];
    let mut i = 0;
    while i < out.len() {
        for q in go.neighbours(out[i]) {
            if go.on_board(q) && go.stone(q) != Some(attacker) && !out.contains(&q) {
                out.push(q);
            }
        }
        i += 1;
    }
    out
}

/// Solves `pic` with `to_move` proving `goal` on the group at `target` inside the wall.
fn solve(pic: &str, to_move: Color, target: &str, goal: Goal) -> (Go, LdResult) {
    let go = board(pic, to_move);
    let t = go.parse(target).expect("a point");
    let region = inside(&go, t);
    let r = ld::solve(
        &LifeAndDeath::new(go.clone(), t, goal, &region),
        Budget::default(),
    );
    (go, r)
}

/// The bare status (no uniqueness, no tree) for the side to move in `pic` after `moves`, with
/// `master` winning every ko: with the other side as ko master a proof is unconditional, with
/// the prover as ko master a disproof is. Cheaper than `ld::solve` on the larger shapes.
fn status_after(
    pic: &str,
    prover: Color,
    target: &str,
    goal: Goal,
    moves: &[&str],
    master: Color,
) -> Status {
    let mut go = board(pic, prover);
    let t = go.parse(target).expect("a point");
    let region = inside(&go, t);
    for m in moves {
        go.play(Move::Play(go.parse(m).expect("a point")))
            .expect("a legal move");
    }
    let mut p = LifeAndDeath::new(go, t, goal, &region).with_ko_master(Some(master));
    // The problem stays the prover's after its first moves (repetitions count for the other
    // side, as at the root).
    p.prover = prover;
    Solver::new(Budget::default()).search(&mut p)
}

/// The key move and every other winning first move, by name.
fn winners(go: &Go, r: &LdResult) -> Vec<String> {
    r.proof
        .winning_moves()
        .into_iter()
        .map(|m| go.move_name(m))
        .collect()
}

fn key(go: &Go, r: &LdResult) -> String {
    r.proof.key_move.map_or("none".into(), |m| go.move_name(m))
}

// The L group (Sensei's Library "L group": "dead even if Black plays first"): White's stones
// B4 C4 C3 C2 (an L on the third line) around the eye space A1 B1 C1 A2 B2 A3 B3 A4.
const L_GROUP: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X . . . . .
    . O O X . . . . .
    . . O X . . . . .
    . . O X . . . . .
    . . . X . . . . .";

#[test]
fn l_group_is_dead_even_with_white_to_move() {
    let (_, r) = solve(L_GROUP, Color::White, "C2", Goal::Live);
    assert_eq!(r.status, LdStatus::Disproven, "the L group cannot live");
    let (go, r) = solve(L_GROUP, Color::Black, "C2", Goal::Kill);
    assert_eq!(r.status, LdStatus::Proven);
    // Dead as it stands: many first moves kill, among them the placement at B2.
    assert_eq!(r.proof.unique, Some(false));
    assert!(
        winners(&go, &r).contains(&"B2".to_string()),
        "{:?}",
        winners(&go, &r)
    );
}

// The L+1 group: the L group with a leg at D2 (eye space one point longer, D1), Black's
// first-line blocks A5 and E1 already in place. It lives or dies by who moves first: White
// lives only on the 1-2 point A2 (B1 fails to Black A2); Black kills, for instance by the hane
// at D1 that takes the leg's point back and leaves the L group.
const L_PLUS_ONE: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X . . . . .
    . O O X . . . . .
    . . O X X . . . .
    . . O O X . . . .
    . . . . X . . . .";

#[test]
fn l_plus_one_group_lives_or_dies_by_who_moves_first() {
    let (go, r) = solve(L_PLUS_ONE, Color::White, "C2", Goal::Live);
    assert_eq!(
        (r.status, key(&go, &r), r.proof.unique),
        (LdStatus::Proven, "A2".into(), Some(true))
    );
    let (go, r) = solve(L_PLUS_ONE, Color::Black, "C2", Goal::Kill);
    assert_eq!(r.status, LdStatus::Proven);
    assert!(
        winners(&go, &r).contains(&"D1".to_string()),
        "{:?}",
        winners(&go, &r)
    );
}

// The carpenter's square (Sensei's Library "Carpenter's square"; the no-outside-liberty
// diagram): White's B4 C4 D4 D3 D2 around a 3x3 corner plus A4 and D1, the first-line points A5
// and E1 open, Black's wall beyond them (A6 B6 and F1 F2 stand for the blocks Black would play
// at once). White to play lives with almost any move; Black to play gets no more than a ko,
// and the 2-2 point B2 is one of the ways to start it.
const CARPENTERS_SQUARE: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X . . . . . . .
    . X X X X . . . .
    . O O O X . . . .
    . . . O X . . . .
    . . . O X X . . .
    . . . . . X . . .";

#[test]
fn carpenters_square_black_cannot_kill_outright() {
    let s = status_after(
        CARPENTERS_SQUARE,
        Color::Black,
        "D2",
        Goal::Kill,
        &[],
        Color::White,
    );
    assert_eq!(s, Status::Disproven, "White wins every ko: no kill");
}

#[test]
fn carpenters_square_black_kills_at_the_two_two_point_by_winning_a_ko() {
    // With the previous test: the status is a ko, and B2 starts it.
    let s = status_after(
        CARPENTERS_SQUARE,
        Color::Black,
        "D2",
        Goal::Kill,
        &["B2"],
        Color::Black,
    );
    assert_eq!(s, Status::Proven, "Black wins every ko: B2 kills");
    let s = status_after(
        CARPENTERS_SQUARE,
        Color::Black,
        "D2",
        Goal::Kill,
        &["B2"],
        Color::White,
    );
    assert_eq!(
        s,
        Status::Disproven,
        "White wins every ko: B2 does not kill"
    );
}

#[test]
fn carpenters_square_lives_with_white_to_move() {
    let s = status_after(
        CARPENTERS_SQUARE,
        Color::White,
        "D2",
        Goal::Live,
        &[],
        Color::Black,
    );
    assert_eq!(s, Status::Proven, "White lives even if Black wins every ko");
}

// The weak carpenter's square: the same without the stone at the corner of the shape (D4).
// The vital point stays B2, and now Black kills there outright.
const WEAK_CARPENTERS_SQUARE: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X . . . . . . .
    . X X X X . . . .
    . O O . X . . . .
    . . . O X . . . .
    . . . O X X . . .
    . . . . . X . . .";

#[test]
fn weak_carpenters_square_dies_to_the_two_two_point() {
    let s = status_after(
        WEAK_CARPENTERS_SQUARE,
        Color::Black,
        "D2",
        Goal::Kill,
        &["B2"],
        Color::White,
    );
    assert_eq!(s, Status::Proven, "B2 kills even if White wins every ko");
}

#[test]
#[ignore = "slow: about 7 s in release"]
fn weak_carpenters_square_dies_only_to_the_two_two_point() {
    let (go, r) = solve(WEAK_CARPENTERS_SQUARE, Color::Black, "D2", Goal::Kill);
    assert_eq!(
        (r.status, key(&go, &r), r.proof.unique),
        (LdStatus::Proven, "B2".into(), Some(true))
    );
}

// The comb (Sensei's Library "Rectangular six": "if the rectangular six group has two cutting
// points ... it is still alive. The comb formation is essentially a rectangular six with two
// cutting points"; in Korean the 빗형, "a six-point comb shape, alive: the attacker's vital
// point is answered at the other"). White's back D3 E3 F3 and its teeth C1 C2 and G1 G2 touch
// only corner to corner, so Black can cut at C3 and G3; the eye space D1-F2 is a rectangular
// six and Black's wall leaves no outside liberties. Still alive: E1 and E2 are miai.
const COMB: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . X X X X X X X .
    . X . O O O . X .
    . X O . . . O X .
    . X O . . . O X .";

#[test]
fn comb_lives_with_black_to_move_despite_its_cutting_points() {
    let (_, r) = solve(COMB, Color::Black, "E3", Goal::Kill);
    assert_eq!(r.status, LdStatus::Disproven, "{} nodes", r.nodes);
}

#[test]
fn comb_answers_either_vital_point_at_the_other() {
    for (attack, answer) in [("E2", "E1"), ("E1", "E2")] {
        // The placement is set up, not played: a played move would put the position before it
        // in the history, and superko would then forbid the captures that recreate it.
        let mut go = board(COMB, Color::White);
        let placed = go.parse(attack).expect("a point");
        go.setup(placed, Some(Color::Black));
        let t = go.parse("E3").expect("a point");
        // The placement's point stays a candidate: White may capture it and play there.
        let mut region = inside(&go, t);
        region.push(placed);
        let r = ld::solve(
            &LifeAndDeath::new(go.clone(), t, Goal::Live, &region),
            Budget::default(),
        );
        assert_eq!(
            (r.status, key(&go, &r), r.proof.unique),
            (LdStatus::Proven, answer.to_string(), Some(true)),
            "after Black {attack}"
        );
    }
}

// One real eye (A1) and a false eye (C1: Black holds its diagonal D2, and D1 E1 are cut from
// the rest). Connecting at C1 leaves one eye, so White cannot live outright; but Black cannot
// kill outright either: after F1 (atari on D1 E1) White lets Black take the two stones at C1,
// retakes one at D1, and after Black's E1 the capture at C1 and the retake at D1 are a ko.
pub(super) const FALSE_EYE_KO: &str = "
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X X X X . . .
    O O O X X X . . .
    . O . O O . X . .";

/// Four readings of a picture holding `FALSE_EYE_KO`'s corner, with the group to read at B2:
/// Black's kill and White's life as they are (kos), and with White's stone at D2 making the
/// eye at C1 real (a failure to kill, an unconditional life). Each: picture, side to move,
/// goal, status.
pub(super) fn false_eye_readings(pic: &str) -> [(String, Color, Goal, LdStatus); 4] {
    let real = pic.replace("O O O X X X . . .", "O O O O X X . . .");
    [
        (pic.to_string(), Color::Black, Goal::Kill, LdStatus::Ko),
        (pic.to_string(), Color::White, Goal::Live, LdStatus::Ko),
        (real.clone(), Color::Black, Goal::Kill, LdStatus::Disproven),
        (real, Color::White, Goal::Live, LdStatus::Proven),
    ]
}

/// The ko read beside the strict reading (`ld::solve_shared_beside`) gives the statuses of the
/// one read after it: a ko (with its unique key), a failure that the lenient reading finds
/// first, an unconditional kill and a life.
#[test]
fn the_ko_read_beside_the_strict_reading_gives_the_same_statuses() {
    for (pic, to_move, goal, status) in false_eye_readings(FALSE_EYE_KO) {
        let go = board(&pic, to_move);
        let t = go.parse("B2").expect("a point");
        let problem = LifeAndDeath::new(go.clone(), t, goal, &inside(&go, t));
        let after = ld::solve_shared(&problem, Budget::default(), None);
        let beside = ld::solve_shared_beside(&problem, Budget::default(), None);
        assert_eq!((after.status, beside.status), (status, status), "{pic}");
        // The key of a ko may depend on which wins the lenient reading took over when;
        // an unconditional key, or a ko key with no other winner, may not.
        if status == LdStatus::Proven || after.proof.unique == Some(true) {
            assert_eq!(key(&go, &after), key(&go, &beside), "{pic}");
        }
    }
}

/// Read in two areas (`ld::solve_in_box`), the wide area's ko read by the tight area's thread
/// once that is free gives the statuses of the wide ko read after the strict reading, as a
/// steady budget reads it: the answers short of an unconditional win are the wide area's (a
/// failure there, found by the helping thread, included), not the tight one's.
#[test]
fn the_wide_ko_read_by_the_tight_areas_thread_gives_the_same_statuses() {
    // A White stone shut in the far corner with two empty points below it: the wide area
    // (two steps from a defender stone) takes in both, the tight one only the first.
    let ko = "
        . . . . . . . X O
        . . . . . . . X .
        . . . . . . . X .
        . . . . . . . . X
        . . . . . . . . .
        . . . . . . . . .
        X X X X X X . . .
        O O O X X X . . .
        . O . O O . X . .";
    for (pic, to_move, goal, status) in false_eye_readings(ko) {
        let go = board(&pic, to_move);
        let t = go.parse("B2").expect("a point");
        let all: Vec<Pt> = go.points().collect();
        let tight = ld::enclosure(&go, t, &all, ld::Reach::King(1));
        let steady = Budget {
            steady: true,
            ..Budget::default()
        };
        let (after_area, after) = ld::solve_in_box(&go, t, goal, &all, steady);
        let (helped_area, helped) = ld::solve_in_box(&go, t, goal, &all, Budget::default());
        assert_eq!((after.status, helped.status), (status, status), "{pic}");
        // An unconditional win proven in both areas is taken from the tight one, whichever
        // ends first; the other answers are the wide area's.
        if status != LdStatus::Proven {
            assert_ne!(helped_area, tight, "two areas read: {pic}");
            assert_eq!(helped_area, after_area, "{pic}");
        }
        if status == LdStatus::Proven || after.proof.unique == Some(true) {
            assert_eq!(key(&go, &after), key(&go, &helped), "{pic}");
        }
    }
}

#[test]
fn an_eye_and_a_false_eye_on_the_edge_is_a_ko() {
    let (go, r) = solve(FALSE_EYE_KO, Color::Black, "B2", Goal::Kill);
    assert_eq!(
        (r.status, key(&go, &r), r.proof.unique),
        (LdStatus::Ko, "F1".into(), Some(true))
    );
    // The reading with White winning every ko failed: no kill without the ko.
    assert!(!r.unconditional_open);
    let (_, r) = solve(FALSE_EYE_KO, Color::White, "B2", Goal::Live);
    assert_eq!(r.status, LdStatus::Ko, "White lives only by winning the ko");
    // With D1 E1 joined to the rest by White's stone at D2 the eye at C1 is real: alive.
    let real = FALSE_EYE_KO.replace("O O O X X X . . .", "O O O O X X . . .");
    let (_, r) = solve(&real, Color::Black, "B2", Goal::Kill);
    assert_eq!(r.status, LdStatus::Disproven);
}

/// A side problem on 13x13: `n` White stones on the second line from D2, Black on the third
/// line above them and on the second line at both ends, Black's blocks on the first line one
/// point beyond (B1 and the mirror point); the region is the first line between the blocks.
fn second_line(n: usize, to_move: Color, goal: Goal, budget: Budget) -> (Go, LdResult) {
    let mut go = Go::new(13);
    let at = |go: &Go, c: usize, r: usize| go.pt((r * 13 + c) as u16);
    for c in 3..3 + n {
        go.setup(at(&go, c, 1), Some(Color::White));
    }
    for c in 2..=3 + n {
        go.setup(at(&go, c, 2), Some(Color::Black));
    }
    for (c, r) in [(2, 1), (3 + n, 1), (1, 0), (4 + n, 0)] {
        go.setup(at(&go, c, r), Some(Color::Black));
    }
    go.set_to_move(to_move);
    let region: Vec<Pt> = (2..=3 + n).map(|c| at(&go, c, 0)).collect();
    let t = at(&go, 3, 1);
    let r = ld::solve(&LifeAndDeath::new(go.clone(), t, goal, &region), budget);
    (go, r)
}

// "Six die, eight live" on the second line.
#[test]
fn six_stones_on_the_second_line_die_even_moving_first() {
    let (_, r) = second_line(6, Color::Black, Goal::Kill, Budget::default());
    assert_eq!(r.status, LdStatus::Proven);
    let (_, r) = second_line(6, Color::White, Goal::Live, Budget::default());
    assert_eq!(r.status, LdStatus::Disproven);
}

// Seven: who moves first decides. White to move lives (D1, under the first stone, among other
// moves); Black to move gets a ko and no more in this setting: the
// placement D1, and if White ataris it from E1, Black plays K1 at the other end; White takes
// D1 from C1 and Black retakes at D1: a ko for the whole group.
#[test]
fn seven_stones_on_the_second_line_live_moving_first() {
    let (go, r) = second_line(7, Color::White, Goal::Live, Budget::default());
    assert_eq!(r.status, LdStatus::Proven);
    assert!(
        winners(&go, &r).contains(&"D1".to_string()),
        "{:?}",
        winners(&go, &r)
    );
    let (_, r) = second_line(7, Color::Black, Goal::Kill, Budget::default());
    assert_eq!(r.status, LdStatus::Ko);
}

#[test]
fn eight_stones_on_the_second_line_live_moving_first() {
    let (_, r) = second_line(8, Color::White, Goal::Live, Budget::default());
    assert_eq!(r.status, LdStatus::Proven);
}

#[test]
#[ignore = "df-pn does not finish: unknown after 40M nodes (145 s) on ten first-line points"]
fn eight_stones_on_the_second_line_live_even_with_black_to_move() {
    let budget = Budget {
        nodes: 40_000_000,
        table_entries: 1 << 22,
        ..Budget::default()
    };
    let (_, r) = second_line(8, Color::Black, Goal::Kill, budget);
    assert_eq!(r.status, LdStatus::Disproven, "{} nodes", r.nodes);
}

// A double ko in the corner (from generated problem 35 of the owl comparison). White's group
// B8 C8 B7 A7 B6 has no eye; its life hangs on two kos: A5/A6 and A8/A9. Black has just taken
// at A6 (ko point A5). If White wins every ko the cycle never ends: White A5 (retake), Black A8
// (takes A9), White A9 (retake), Black A6 (takes A5) and the position repeats. RULES.md and
// ld.rs say such longer cycles are held by the defender, the target's owner. Framed as "Black
// to kill" after White's A5 that is so (Black cannot kill when White wins the kos); framed as
// "White to live" at the position before, the same cycle counts against White, because the
// solver gives a repetition to the side that is not the prover.
const DOUBLE_KO: &str = "
    O X X X . . . . .
    . O O X . . . . .
    O O X X . . . . .
    . O X . . . . . .
    O X X . . . . . .
    X X X . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .";

/// The double-ko position after Black's capture at A6, White to move, and the corner region.
fn double_ko() -> (Go, Pt, Vec<Pt>) {
    let mut go = board(DOUBLE_KO, Color::Black);
    go.play(Move::Play(go.parse("A6").expect("a point")))
        .expect("A6 takes A5");
    let t = go.parse("B7").expect("a point");
    let region: Vec<Pt> = go
        .points()
        .filter(|&p| {
            let (c, r) = go.board().coord(go.id(p));
            c <= 3 && r >= 3
        })
        .collect();
    (go, t, region)
}

#[test]
fn double_ko_black_cannot_kill_when_white_wins_the_kos() {
    let (mut go, t, region) = double_ko();
    go.ko_rule = KoRule::Simple;
    go.ko_master = Some(Color::White);
    go.play(Move::Play(go.parse("A5").expect("a point")))
        .expect("White retakes");
    let mut p = LifeAndDeath::new(go, t, Goal::Kill, &region).with_ko_master(Some(Color::White));
    assert_eq!(
        Solver::new(Budget::default()).search(&mut p),
        Status::Disproven
    );
}

/// A cycle counts for the side that wins every ko when that side is the prover, so a double
/// ko reads as ko for the owner (it was once Disproven: repetitions always went to the
/// non-prover).
#[test]
fn double_ko_white_lives_by_winning_the_kos() {
    let (go, t, region) = double_ko();
    let r = ld::solve(
        &LifeAndDeath::new(go, t, Goal::Live, &region),
        Budget::default(),
    );
    assert_eq!(r.status, LdStatus::Ko);
}

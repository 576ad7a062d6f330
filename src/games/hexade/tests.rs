//! Rules tests for Hexade, one per rule of RULES.md section 5.

use super::*;
use crate::util::rng;
use rand::RngExt;

fn pos(base: usize, white: &str, black: &str, to_move: Color) -> Hexade {
    let mut h = Hexade::new(base);
    let b = h.board().clone();
    let mut stones = Vec::new();
    for n in white.split_whitespace() {
        stones.push((b.parse(n).unwrap(), Color::White));
    }
    for n in black.split_whitespace() {
        stones.push((b.parse(n).unwrap(), Color::Black));
    }
    h.setup(&stones, to_move, None);
    h
}

fn at(h: &Hexade, name: &str) -> PointId {
    h.board().parse(name).unwrap()
}

#[test]
fn hexade_rule_white_moves_first() {
    let h = Hexade::new(10);
    assert_eq!(h.to_move(), Color::White);
}

#[test]
fn hexade_rule_distance_rule_forbids_the_19_cells_around_whites_first_stone() {
    let mut h = Hexade::new(10);
    h.play(at(&h, "I11")).unwrap();
    h.play(at(&h, "A1")).unwrap();
    let mut forbidden: Vec<String> = h
        .forbidden_area()
        .iter()
        .map(|&p| h.board().name(p).to_string())
        .collect();
    forbidden.sort();
    let mut expected: Vec<String> = "G9 G10 G11 H9 H10 H11 H12 I9 I10 I11 I12 I13 J10 J11 J12 J13 \
                                     K11 K12 K13"
        .split_whitespace()
        .map(String::from)
        .collect();
    expected.sort();
    assert_eq!(forbidden, expected);
    assert_eq!(h.check(at(&h, "K13")), Err(Refusal::TooClose));
    assert_eq!(h.check(at(&h, "I11")), Err(Refusal::Occupied));
    assert!(h.check(at(&h, "I14")).is_ok(), "distance 3 is allowed");
    h.play(at(&h, "I14")).unwrap();
    assert!(
        h.forbidden_area().is_empty(),
        "the rule applies to White's second stone only"
    );
}

#[test]
fn hexade_rule_capture_two_flanked_stones() {
    // White plays J13 flanking the Black pair J11-J12 against J10.
    let mut h = pos(10, "J10 A1", "J11 J12 S10", Color::White);
    h.play(at(&h, "J13")).unwrap();
    assert_eq!(h.stone(at(&h, "J11")), None);
    assert_eq!(h.stone(at(&h, "J12")), None);
    assert_eq!(h.captured_by(Color::White), 2);
    h.undo();
    assert_eq!(h.stone(at(&h, "J11")), Some(Color::Black));
    assert_eq!(h.captured_by(Color::White), 0);
}

#[test]
fn hexade_rule_two_pairs_captured_at_once() {
    // J13 flanks J11-J12 (with J10) and H11-I12 along the diagonal (with G10)... use rows.
    let mut h = pos(10, "J10 J16 A1", "J11 J12 J14 J15 S10 S11", Color::White);
    h.play(at(&h, "J13")).unwrap();
    for c in ["J11", "J12", "J14", "J15"] {
        assert_eq!(h.stone(at(&h, c)), None, "{c}");
    }
    assert_eq!(h.captured_by(Color::White), 4);
}

#[test]
fn hexade_rule_moving_into_a_sandwich_is_safe() {
    // Black J12 makes a pair J11-J12 between White J10 and J13: nothing is captured.
    let mut h = pos(10, "J10 J13", "J11", Color::Black);
    h.play(at(&h, "J12")).unwrap();
    assert_eq!(h.stone(at(&h, "J11")), Some(Color::Black));
    assert_eq!(h.stone(at(&h, "J12")), Some(Color::Black));
}

#[test]
fn hexade_rule_one_or_three_stones_are_not_captured() {
    let mut h = pos(10, "J10 A1", "J11 J12 J13 S10 S11", Color::White);
    h.play(at(&h, "J14")).unwrap();
    assert_eq!(h.stones(Color::Black), 5, "three in a line are not taken");
    let mut h = pos(10, "J10 A1", "J11 S10", Color::White);
    h.play(at(&h, "J12")).unwrap();
    assert_eq!(h.stones(Color::Black), 2, "a single stone is not taken");
}

fn six_shapes(h: &Hexade, s: Color) -> Vec<SixShape> {
    h.sixes(s).iter().map(|x| x.shape).collect()
}

#[test]
fn hexade_rule_six_in_a_row_and_overlines() {
    let h = pos(10, "J2 J3 J4 J5 J6 J7", "A1", Color::White);
    assert_eq!(six_shapes(&h, Color::White), [SixShape::Row]);
    let h = pos(10, "J2 J3 J4 J5 J6 J7 J8", "A1", Color::White);
    assert_eq!(
        six_shapes(&h, Color::White),
        [SixShape::Row],
        "an overline counts once"
    );
    assert_eq!(h.sixes(Color::White)[0].cells.len(), 7);
    let h = pos(10, "J2 J3 J4 J5 J6", "A1", Color::White);
    assert!(h.sixes(Color::White).is_empty(), "five is not a six");
    // Along a diagonal too: (r, n) to (r + 1, n + 1).
    let h = pos(10, "D4 E5 F6 G7 H8 I9", "A1", Color::White);
    assert_eq!(six_shapes(&h, Color::White), [SixShape::Row]);
}

#[test]
fn hexade_rule_six_in_a_compact_triangle_both_orientations() {
    // Apex up: J10; J11?; rows below. Triangle {p, p+E, p+2E, p+SE, p+E+SE, p+2SE}.
    let h = pos(10, "J10 J11 J12 K11 K12 L12", "A1", Color::White);
    assert_eq!(six_shapes(&h, Color::White), [SixShape::Triangle]);
    // The other orientation: {p, p+E, p+2E, p+NE, p+E+NE, p+2NE}.
    let h = pos(10, "J10 J11 J12 I10 I11 H10", "A1", Color::White);
    assert_eq!(six_shapes(&h, Color::White), [SixShape::Triangle]);
}

#[test]
fn hexade_rule_six_in_a_ring_with_empty_or_occupied_centre() {
    let ring = "J9 J11 I9 I10 K10 K11";
    let h = pos(10, ring, "A1", Color::White);
    assert_eq!(six_shapes(&h, Color::White), [SixShape::Ring]);
    let h = pos(10, ring, "J10", Color::White);
    assert_eq!(
        six_shapes(&h, Color::White),
        [SixShape::Ring],
        "the centre may be an enemy stone"
    );
}

#[test]
fn hexade_rule_a_six_wins_at_the_start_of_its_owners_turn() {
    let mut h = pos(10, "J2 J3 J4 J5 J6", "A1 A2 A3 A4", Color::White);
    h.play(at(&h, "J7")).unwrap();
    assert_eq!(h.outcome(), Outcome::Ongoing, "Black may still answer");
    h.play(at(&h, "S10")).unwrap();
    assert_eq!(
        h.outcome(),
        Outcome::Win(Color::White),
        "the six outlasted the reply"
    );
    assert!(h.play(at(&h, "S11")).is_err());
}

#[test]
fn hexade_rule_a_six_destroyed_by_capture_lets_the_game_go_on() {
    let mut h = pos(10, "J3 J4 J5 J6 J7 K7", "L7 A1 A2 A3", Color::White);
    h.play(at(&h, "J8")).unwrap();
    assert_eq!(h.sixes(Color::White).len(), 1, "J3..J8 is a six");
    // Black I7 flanks the pair J7-K7 along the column against L7.
    h.play(at(&h, "I7")).unwrap();
    assert_eq!(h.stone(at(&h, "J7")), None, "the pair is captured");
    assert_eq!(h.stone(at(&h, "K7")), None);
    assert!(h.sixes(Color::White).is_empty(), "the six is broken");
    assert_eq!(h.outcome(), Outcome::Ongoing, "the game goes on");
}

#[test]
fn hexade_rule_a_full_board_without_a_six_is_a_draw() {
    // Fill a base-4 board in a pattern with no six for either player, checked by the engine.
    let mut r = rng(3);
    let mut draws = 0;
    for _ in 0..200 {
        let mut h = Hexade::new(4);
        while h.outcome() == Outcome::Ongoing {
            let moves = h.legal_moves();
            let p = moves[r.random_range(0..moves.len())];
            h.play(p).unwrap();
        }
        if h.outcome() == Outcome::Draw {
            draws += 1;
            assert!(h.sixes(Color::White).is_empty() && h.sixes(Color::Black).is_empty());
            assert_eq!(h.stones(Color::White) + h.stones(Color::Black), 37);
        }
    }
    assert!(
        draws > 0,
        "random base-4 games sometimes fill the board without a six"
    );
}

#[test]
fn undo_restores_exactly_and_two_orders_give_one_hash() {
    let mut r = rng(9);
    for _ in 0..40 {
        let mut h = Hexade::new(10);
        let mut snaps = Vec::new();
        while h.outcome() == Outcome::Ongoing && snaps.len() < 120 {
            let moves = h.legal_moves();
            snaps.push((
                h.hash(),
                h.to_move(),
                h.stones(Color::White),
                h.stones(Color::Black),
            ));
            h.play(moves[r.random_range(0..moves.len())]).unwrap();
        }
        while let Some(s) = snaps.pop() {
            h.undo();
            assert_eq!(
                (
                    h.hash(),
                    h.to_move(),
                    h.stones(Color::White),
                    h.stones(Color::Black)
                ),
                s
            );
        }
    }
    let play = |order: &[&str]| {
        let mut h = Hexade::new(10);
        for n in order {
            h.play(h.board().parse(n).unwrap()).unwrap();
        }
        h.hash()
    };
    assert_eq!(
        play(&["A1", "S19", "A5", "S15"]),
        play(&["A5", "S15", "A1", "S19"])
    );
}

#[test]
fn symmetric_images_give_the_same_sixes_and_captures() {
    let mut r = rng(21);
    let base = Hexade::new(10);
    let syms = base.board().symmetries();
    assert_eq!(syms.len(), 12);
    for _ in 0..20 {
        let mut h = Hexade::new(10);
        for _ in 0..60 {
            if h.outcome() != Outcome::Ongoing {
                break;
            }
            let moves = h.legal_moves();
            h.play(moves[r.random_range(0..moves.len())]).unwrap();
        }
        let stones: Vec<(PointId, Color)> = h
            .board()
            .points()
            .filter_map(|p| h.stone(p).map(|s| (p, s)))
            .collect();
        for perm in &syms {
            let mut img = Hexade::new(10);
            let mapped: Vec<_> = stones.iter().map(|&(p, s)| (perm[p as usize], s)).collect();
            img.setup(&mapped, h.to_move(), None);
            for s in [Color::White, Color::Black] {
                let mut want: Vec<(SixShape, Vec<PointId>)> = h
                    .sixes(s)
                    .into_iter()
                    .map(|x| {
                        let mut c: Vec<_> = x.cells.iter().map(|&p| perm[p as usize]).collect();
                        c.sort_unstable();
                        (x.shape, c)
                    })
                    .collect();
                want.sort();
                let got: Vec<_> = img
                    .sixes(s)
                    .into_iter()
                    .map(|x| (x.shape, x.cells))
                    .collect();
                assert_eq!(got, want);
                let mut cw: Vec<_> = h
                    .capturable_pairs(s)
                    .into_iter()
                    .map(|(p, _)| perm[p as usize])
                    .collect();
                let mut cg: Vec<_> = img
                    .capturable_pairs(s)
                    .into_iter()
                    .map(|(p, _)| p)
                    .collect();
                cw.sort_unstable();
                cg.sort_unstable();
                assert_eq!(cg, cw);
            }
        }
    }
}

/// A position file's text read the way `stonepress score hexade` reads it.
fn from_file_text(text: &str) -> Result<Hexade, crate::games::GameError> {
    let spec = crate::games::PositionSpec::parse(text, std::path::Path::new("case.toml"))
        .expect("a valid position table");
    from_spec(&spec, text, "case.toml")
}

#[test]
fn hexade_rule_a_six_set_up_for_the_side_not_to_move_wins_at_its_owners_turn() {
    // Black's row C3..C8 is on the board; White replies elsewhere; Black's turn starts with
    // the six still there.
    let h = from_file_text(
        "black = \"C3 C4 C5 C6 C7 C8\"\nwhite = \"J10 J12 K14 A1 A2 A3\"\n\
         to_play = \"white\"\nmoves = \"S10\"\n",
    )
    .unwrap();
    assert_eq!(h.outcome(), Outcome::Win(Color::Black));
    assert_eq!(h.check_invariants(), Ok(()));
    // Before White's reply the game goes on: White may still break the six.
    let mut h = pos(
        10,
        "J10 J12 K14 A1 A2 A3",
        "C3 C4 C5 C6 C7 C8",
        Color::White,
    );
    assert_eq!(h.outcome(), Outcome::Ongoing);
    h.play(at(&h, "S10")).unwrap();
    assert_eq!(h.outcome(), Outcome::Win(Color::Black));
    assert!(h.play(at(&h, "S11")).is_err(), "the game is over");
    h.undo();
    assert_eq!(h.outcome(), Outcome::Ongoing);
    assert_eq!(h.check_invariants(), Ok(()));
}

#[test]
fn hexade_rule_a_ring_set_up_for_the_side_not_to_move_wins_at_its_owners_turn() {
    let mut h = pos(10, "A1 A2 A3", "J9 J11 I9 I10 K10 K11", Color::White);
    assert_eq!(h.outcome(), Outcome::Ongoing);
    h.play(at(&h, "S10")).unwrap();
    assert_eq!(h.outcome(), Outcome::Win(Color::Black));
    assert_eq!(h.check_invariants(), Ok(()));
}

#[test]
fn hexade_rule_a_set_up_six_broken_by_the_reply_does_not_win() {
    // Black's set-up triangle J10 J11 J12 I10 I11 H10 holds the pair I10 J11 on the line
    // H9 I10 J11 K12; with White on K12, White's reply at H9 takes the pair and the six.
    let mut h = pos(
        10,
        "K12 A1 A2 A3 A4 A5",
        "J10 J11 J12 I10 I11 H10",
        Color::White,
    );
    assert_eq!(six_shapes(&h, Color::Black), [SixShape::Triangle]);
    h.play(at(&h, "H9")).unwrap();
    assert_eq!(h.stone(at(&h, "I10")), None, "the pair I10 J11 is captured");
    assert_eq!(h.stone(at(&h, "J11")), None);
    assert_eq!(h.outcome(), Outcome::Ongoing);
    assert_eq!(h.check_invariants(), Ok(()));
}

#[test]
fn hexade_rule_distance_rule_is_for_whites_second_stone_of_the_game_only() {
    // White's set-up stones J5 J6 are White's first two stones; Black takes them (J7 flanks
    // them against J4); A1 is White's third stone and A2 the fourth, both free.
    let h = from_file_text(
        "white = \"J5 J6\"\nblack = \"J4\"\nto_play = \"black\"\nmoves = \"J7 A1 S10 A2\"\n",
    )
    .unwrap();
    assert_eq!(h.stone(at(&h, "A2")), Some(Color::White));
    assert_eq!(h.stone(at(&h, "J5")), None, "captured");
    assert_eq!(h.distance_rule_pending(), None);
    assert_eq!(h.check_invariants(), Ok(()));
    // From an empty board the rule holds for White's second stone, and after a capture of
    // White's first stone it still holds for that second stone only.
    let mut h = Hexade::new(10);
    h.play(at(&h, "I11")).unwrap();
    assert_eq!(h.distance_rule_pending(), Some(at(&h, "I11")));
    h.play(at(&h, "A1")).unwrap();
    assert_eq!(h.check(at(&h, "I12")), Err(Refusal::TooClose));
    h.play(at(&h, "I14")).unwrap();
    assert_eq!(h.distance_rule_pending(), None);
    h.play(at(&h, "A2")).unwrap();
    assert!(
        h.check(at(&h, "I12")).is_ok(),
        "White's third stone is free"
    );
    // With `white_first` the rule is pending for the next White stone.
    let err = from_file_text("white = \"I11\"\nwhite_first = \"I11\"\nmoves = \"A1 I12\"\n")
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(err.contains("distance 3"), "{err}");
}

//! Rules tests for Anchor, named after the rules of RULES.md section 1 and the seed's
//! diagrams.

use super::*;

fn game(black: &str, white: &str) -> Anchor {
    let mut a = Anchor::new();
    let b = a.board().clone();
    let mut stones = Vec::new();
    for n in black.split_whitespace() {
        stones.push((b.parse(n).unwrap(), Color::Black));
    }
    for n in white.split_whitespace() {
        stones.push((b.parse(n).unwrap(), Color::White));
    }
    a.setup(&stones, Color::Black);
    a
}

fn group_at(a: &Anchor, name: &str) -> Group {
    let p = a.board().parse(name).unwrap();
    a.groups()
        .into_iter()
        .find(|g| g.points.contains(&p))
        .unwrap()
}

#[test]
fn anchor_rule_3_corners_belong_to_two_sides() {
    let b = crate::games::anchor::look::board();
    for (name, _, _) in crate::games::anchor::look::ANCHOR_CORNERS {
        assert_eq!(b.sides(b.parse(name).unwrap()).count_ones(), 2, "{name}");
    }
    let a = game("O8", "");
    assert_eq!(side_names(group_at(&a, "O8").sides), ["S2", "S3"]);
}

#[test]
fn anchor_rule_4_a_lone_stone_lives_on_a_home_corner_and_dies_on_an_away_corner() {
    let a = game("A1 H1", "O15 O8");
    assert!(
        group_at(&a, "A1").verdict.is_anchor(),
        "A1 is Black's home corner"
    );
    assert_eq!(
        group_at(&a, "H1").verdict,
        Verdict::AwayCorner(1),
        "H1 is White's"
    );
    assert!(
        group_at(&a, "O15").verdict.is_anchor(),
        "O15 is White's home"
    );
    assert!(
        !group_at(&a, "O8").verdict.is_anchor(),
        "O8 is Black's home, away for White"
    );
}

#[test]
fn anchor_rule_4_diagram_2_anchors() {
    // A black group touching four sides, O8 counting for two of them (S2, S3) ...
    let big = "H1 I2 J3 K4 L5 M6 N7 O8 O9 O10 O11 O12 O13 O14 O15";
    let a = game(big, "A3 B4 C5 D6 E7 F8 G9 H10 I11 J12 K13 L14 M15 A2 A1");
    let g = group_at(&a, "O8");
    assert_eq!(g.verdict, Verdict::ThreeSides);
    assert!(g.sides.count_ones() >= 4, "{:?}", side_names(g.sides));
    // ... a white group touching three sides (S6, S5 at H15's side? here S6, S4 and S1) ...
    let w = group_at(&a, "A3");
    assert_eq!(w.verdict, Verdict::ThreeSides, "{:?}", side_names(w.sides));
    // ... Black's upper-left group on two sides meeting at its home corner H15 ...
    let a = game("G14 H14 I15", "O15");
    assert_eq!(side_names(group_at(&a, "G14").sides), ["S4", "S5"]);
    assert_eq!(group_at(&a, "G14").verdict, Verdict::HomeCorner(4));
    // ... and the single white stone at the top, on its home corner O15.
    assert_eq!(group_at(&a, "O15").verdict, Verdict::HomeCorner(3));
}

#[test]
fn anchor_rule_4_diagram_3_two_sides_not_meeting_at_an_away_corner() {
    // Two non-adjacent sides: S1 (rank 1) and S3 (file O) joined by a line of stones.
    let a = game("D1 E2 F3 G4 H5 I6 J7 K8 L9 M10 N11 O12", "");
    assert_eq!(group_at(&a, "D1").verdict, Verdict::OppositeSides);
    // Small anchors at the bottom (Black A1) and on the right (White H1).
    let a = game("A1 B1", "H1 H2");
    assert!(group_at(&a, "A1").verdict.is_anchor());
    assert!(group_at(&a, "H1").verdict.is_anchor());
}

#[test]
fn anchor_rule_4_diagram_4_non_anchors() {
    let a = game("K15 L15 C1 D1 E1", "D8 E8 E9 B1 B2 A2");
    assert_eq!(
        group_at(&a, "D8").verdict,
        Verdict::NoSide,
        "touches no side"
    );
    assert_eq!(
        group_at(&a, "K15").verdict,
        Verdict::OneSide,
        "touches one side"
    );
    assert_eq!(group_at(&a, "C1").verdict, Verdict::OneSide);
    assert_eq!(
        group_at(&a, "B1").verdict,
        Verdict::AwayCorner(0),
        "two sides meeting at A1, White's away corner"
    );
    let a = game("H1", "");
    assert!(
        !group_at(&a, "H1").verdict.is_anchor(),
        "the solitary black stone on H1"
    );
}

#[test]
fn anchor_rule_5_scoring_with_prisoners_vacated_points_and_neutral_regions() {
    // Black anchor on rank 2 (A2 on S6 .. I2 on S2), White anchor on rank 4 (A4 .. K4);
    // a dead White stone on D1 in Black's area and a dead Black stone on H10 in White's.
    let rank = |r: usize, last: char| -> String {
        ('A'..=last)
            .map(|f| format!("{f}{r}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let black = format!("{} H10", rank(2, 'I'));
    let white = format!("{} D1", rank(4, 'K'));
    let a = game(&black, &white);
    let s = a.score();
    assert_eq!(s.prisoners, [1, 1]);
    assert_eq!(s.territory[0], 8, "rank 1 including the vacated D1");
    assert_eq!(s.neutral.len(), 10, "rank 3 touches both colours");
    assert_eq!(
        s.territory[1],
        169 - 8 - 9 - 10 - 11,
        "everything above rank 4, H10 included"
    );
    assert_eq!(s.total(Color::Black), 9);
    assert_eq!(s.winner(), Some(Color::White));
}

#[test]
fn anchor_rule_8_equal_scores_are_a_draw() {
    let a = Anchor::new();
    let s = a.score();
    assert_eq!(s.total(Color::Black), 0);
    assert_eq!(s.winner(), None);
    assert_eq!(s.neutral.len(), 169);
}

#[test]
fn anchor_rule_6_refined_pie_rule_phase() {
    let mut a = Anchor::new();
    let p = |a: &Anchor, n: &str| Move::Place(a.board().parse(n).unwrap());
    assert_eq!(a.to_move(), Color::Black);
    a.play(p(&a, "E5")).unwrap();
    assert_eq!(a.to_move(), Color::White);
    a.play(Move::Pass).unwrap();
    assert_eq!(a.to_move(), Color::Black);
    a.play(Move::Pass).unwrap();
    assert!(!a.game_over(), "set-up passes do not end the game");
    assert_eq!(a.setup_left(), 0);
    assert_eq!(a.to_move(), Color::White, "White moves after the set-up");
    a.play(Move::Pass).unwrap();
    a.play(Move::Pass).unwrap();
    assert!(a.game_over(), "two passes in play end the game");
    // Through a position file, with the colour choice.
    let spec = PositionSpec {
        moves: Some(crate::games::position::MoveList::Text(
            "E5 F6 G7 swap H8".into(),
        )),
        ..Default::default()
    };
    let pos = from_spec(&spec, "", "<test>").unwrap();
    assert_eq!(pos.swapped, Some(true));
    let b = pos.game.board();
    assert_eq!(pos.game.stone(b.parse("F6").unwrap()), Some(Color::White));
    assert_eq!(pos.game.stone(b.parse("G7").unwrap()), Some(Color::Black));
    assert_eq!(pos.game.stone(b.parse("H8").unwrap()), Some(Color::White));
}

#[test]
fn anchor_rule_7_mirror_rule_ninth_legal_tenth_illegal() {
    let mut a = Anchor::new();
    for _ in 0..3 {
        a.play(Move::Pass).unwrap();
    }
    let b = a.board().clone();
    let whites: Vec<u16> = ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "A2", "B2"]
        .iter()
        .map(|n| b.parse(n).unwrap())
        .collect();
    for (i, &w) in whites.iter().enumerate() {
        a.play(Move::Place(w)).unwrap();
        let m = Move::Place(a.rotate(w));
        if i < 9 {
            assert!(a.play(m).is_ok(), "mirroring placement {} is legal", i + 1);
        } else {
            assert_eq!(
                a.play(m),
                Err(Refusal::Mirror),
                "the 10th in a row is illegal"
            );
            a.mirror_rule = false;
            assert!(a.play(m).is_ok(), "legal with the rule off");
        }
    }
    // A non-mirroring move resets the count.
    let mut a = Anchor::new();
    for _ in 0..3 {
        a.play(Move::Pass).unwrap();
    }
    for (i, &w) in whites.iter().enumerate() {
        a.play(Move::Place(w)).unwrap();
        let m = if i == 5 {
            Move::Place(b.parse("H8").unwrap())
        } else {
            Move::Place(a.rotate(w))
        };
        a.play(m).unwrap();
    }
}

#[test]
fn undo_restores_exactly() {
    let mut a = Anchor::new();
    let b = a.board().clone();
    let before = (a.hash(), a.to_move(), a.setup_left());
    for n in ["E5", "F6", "G7", "H8", "I9"] {
        a.play(Move::Place(b.parse(n).unwrap())).unwrap();
    }
    for _ in 0..5 {
        a.undo();
    }
    assert_eq!((a.hash(), a.to_move(), a.setup_left()), before);
    assert!(b.points().all(|p| a.stone(p).is_none()));
}

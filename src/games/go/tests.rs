//! Rules tests for Go, one per rule of RULES.md section 4, on drawn boards.

use super::*;
use crate::util::rng;
use rand::RngExt;

/// A board from a picture (top row first) with the given side to move.
pub(super) fn board(pic: &str, to_move: Color) -> Go {
    let rows: Vec<Vec<char>> = pic
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let n = rows.len();
    let mut go = Go::new(n);
    for (i, row) in rows.iter().enumerate() {
        for (c, ch) in row.iter().enumerate() {
            let p = go.pt(((n - 1 - i) * n + c) as u16);
            match ch {
                'X' => go.setup(p, Some(Color::Black)),
                'O' => go.setup(p, Some(Color::White)),
                _ => {}
            }
        }
    }
    go.set_to_move(to_move);
    go
}

fn mv(go: &Go, name: &str) -> Move {
    Move::Play(go.parse(name).unwrap())
}

#[test]
fn go_rule_capture_removes_a_group_without_liberties() {
    let mut go = board(
        ". . . . .
         . . X . .
         . X O . .
         . . X . .
         . . . . .",
        Color::Black,
    );
    go.play(mv(&go, "D3")).unwrap();
    assert_eq!(go.stone(go.parse("C3").unwrap()), None);
    assert_eq!(go.captures(), [1, 0]);
    assert_eq!(go.last_captured(), 1);
}

#[test]
fn go_rule_multiple_captures_in_one_move() {
    let mut go = board(
        ". X O . .
         X O . O X
         . X O X .
         . . X . .
         . . . . .",
        Color::Black,
    );
    // C4 takes the last liberty of B4+B5... check: B5? use a position where C4 captures two.
    let before = go.captures()[0];
    go.play(mv(&go, "C4")).unwrap();
    let taken = go.captures()[0] - before;
    assert_eq!(go.stone(go.parse("B4").unwrap()), None);
    assert_eq!(go.stone(go.parse("C3").unwrap()), None);
    assert!(taken >= 2, "two separate groups captured at once ({taken})");
}

#[test]
fn go_rule_suicide_is_illegal_but_capturing_into_an_eye_is_not() {
    let mut go = board(
        ". O . . .
         O . . . .
         . . . . .
         . . . . .
         . . . . .",
        Color::Black,
    );
    assert_eq!(go.play(mv(&go, "A5")), Err(Illegal::Suicide));
    assert_eq!(go.moves_played(), 0, "an illegal move changes nothing");
    let mut go = board(
        ". O X . .
         O X . . .
         X . . . .
         . . . . .
         . . . . .",
        Color::Black,
    );
    assert!(
        go.play(mv(&go, "A5")).is_ok(),
        "the stone captures, so it is not suicide"
    );
    assert_eq!(go.captures(), [2, 0]);
}

fn ko_board() -> Go {
    board(
        ". . . . .
         . X O . .
         X O . O .
         . X O . .
         . . . . .",
        Color::Black,
    )
}

#[test]
fn go_rule_simple_ko_forbids_the_immediate_retake() {
    for rule in [KoRule::Simple, KoRule::Superko] {
        let mut go = ko_board();
        go.ko_rule = rule;
        go.play(mv(&go, "C3")).unwrap();
        assert_eq!(go.last_captured(), 1);
        assert_eq!(go.ko_point(), go.parse("B3").ok());
        let err = go.play(mv(&go, "B3")).unwrap_err();
        assert!(
            matches!(err, Illegal::Ko | Illegal::Superko),
            "{rule:?}: {err:?}"
        );
        // After a threat and an answer elsewhere, the retake is legal.
        go.play(mv(&go, "E1")).unwrap();
        go.play(mv(&go, "E2")).unwrap();
        assert!(go.play(mv(&go, "B3")).is_ok());
    }
}

#[test]
fn go_rule_positional_superko_forbids_any_repetition() {
    // Search seeded random 5x5 games for a move that simple ko allows but that recreates an
    // earlier position; positional superko must refuse it.
    let mut r = rng(7);
    let mut found = 0;
    for _ in 0..400 {
        let mut go = Go::new(5);
        go.ko_rule = KoRule::Superko;
        for _ in 0..120 {
            let moves: Vec<Pt> = go.points().filter(|&p| go.is_empty(p)).collect();
            let mut candidates = Vec::new();
            for &p in &moves {
                let light = {
                    let ok = go.play_light(Move::Play(p)).is_ok();
                    if ok {
                        go.undo();
                    }
                    ok
                };
                match go.play(Move::Play(p)) {
                    Ok(()) => {
                        go.undo();
                        candidates.push(p);
                    }
                    Err(Illegal::Superko) if light => {
                        // Simple ko allows it, yet the board would repeat an earlier position.
                        found += 1;
                    }
                    Err(_) => {}
                }
            }
            let c = go.to_move();
            let choices: Vec<Pt> = candidates
                .into_iter()
                .filter(|&p| !go.is_eye_shape(p, c))
                .collect();
            if choices.is_empty() {
                break;
            }
            let p = choices[r.random_range(0..choices.len())];
            go.play(Move::Play(p)).unwrap();
        }
        if found >= 3 {
            break;
        }
    }
    assert!(
        found >= 1,
        "random play reaches positions where only superko forbids a move"
    );
}

#[test]
fn go_rule_two_passes_end_the_game() {
    let mut go = Go::new(9);
    go.play(Move::Pass).unwrap();
    assert!(!go.game_over());
    go.play(Move::Pass).unwrap();
    assert!(go.game_over());
    assert_eq!(go.play(mv(&go, "E5")), Err(Illegal::GameOver));
    go.undo();
    assert!(
        go.play(mv(&go, "E5")).is_ok(),
        "a move between passes resets the count"
    );
}

#[test]
fn go_rule_handicap_points_in_the_seed_order() {
    let names = |n: usize, k: usize| -> Vec<String> {
        let b = crate::games::go::look::board(n);
        handicap_points(n, k)
            .into_iter()
            .map(|(c, r)| b.name((r * n + c) as u16).to_string())
            .collect()
    };
    assert_eq!(names(9, 2), ["G7", "C3"]);
    assert_eq!(names(9, 3), ["G7", "C3", "G3"]);
    assert_eq!(names(9, 4), ["G7", "C3", "G3", "C7"]);
    assert_eq!(names(9, 5), ["G7", "C3", "G3", "C7", "E5"]);
    assert_eq!(names(19, 4), ["Q16", "D4", "Q4", "D16"]);
    assert_eq!(names(19, 9).len(), 9);
    assert_eq!(names(13, 2), ["K10", "D4"]);
}

#[test]
fn go_rule_handicap_game_white_moves_next() {
    let text = "handicap = 3";
    let spec = crate::games::PositionSpec::parse(text, std::path::Path::new("<test>")).unwrap();
    let pos = position::from_spec(&spec, text, "<test>").unwrap();
    assert_eq!(pos.go.to_move(), Color::White);
    assert_eq!(pos.komi, 0.0);
    assert_eq!(pos.compensation, 3.0);
    let text = "handicap = 3\nhandicap_compensation = 2.0\nkomi = 0.5";
    let spec = crate::games::PositionSpec::parse(text, std::path::Path::new("<test>")).unwrap();
    let pos = position::from_spec(&spec, text, "<test>").unwrap();
    assert_eq!(
        (pos.komi, pos.compensation),
        (0.5, 2.0),
        "both are configurable"
    );
}

#[test]
fn go_rule_area_scoring_the_seed_example_is_black_by_2() {
    // Black: 27 stones + 18 territory; White: 22 stones + 14 territory; no dame.
    let go = board(
        ". X . X X O . O .
         . X . X X O . O .
         . X . X X O . O .
         . X . X X O . O .
         . X . X X O . O .
         . X . X X O . O O
         . X . X X O . O O
         . X . X X O . O O
         . X . X X O . O O",
        Color::Black,
    );
    let s = area_score(&go, &[], 7.0, 0.0);
    assert_eq!((s.black_stones, s.black_territory), (27, 18));
    assert_eq!((s.white_stones, s.white_territory), (22, 14));
    assert_eq!(s.dame, 0);
    assert_eq!(s.black_area(), 45);
    assert_eq!(s.white_total(), 43.0);
    assert_eq!(s.result(), "B+2");
    assert_eq!(s.winner(), "black");
}

#[test]
fn go_rule_area_scoring_dame_count_for_nobody() {
    let go = board(
        ". . X . O
         . . X . O
         . . X . O
         . . X . O
         . . X . O",
        Color::Black,
    );
    let s = area_score(&go, &[], 7.0, 0.0);
    assert_eq!((s.black_stones, s.black_territory), (5, 10));
    assert_eq!((s.white_stones, s.white_territory), (5, 0));
    assert_eq!(s.dame, 5, "the empty column touches both colours");
    assert_eq!(s.result(), "B+3");
    let draw = area_score(&go, &[], 10.0, 0.0);
    assert_eq!((draw.result().as_str(), draw.winner()), ("Draw", "draw"));
}

#[test]
fn go_rule_dead_stones_become_area_of_the_other_side() {
    let go = board(
        ". . . . .
         . . . . .
         X X X X X
         O O O O O
         . . X . .",
        Color::Black,
    );
    let dead = vec![go.parse("C1").unwrap()];
    let s = area_score(&go, &dead, 0.0, 0.0);
    assert_eq!(s.dead.len(), 1);
    assert_eq!(s.white_territory, 5, "the vacated point is White's");
    assert_eq!(s.black_area(), 15);
}

#[test]
fn undo_restores_position_and_hash_exactly() {
    // Long games on a small board, so that groups are captured, their points played again
    // and the captures undone (a stone's group fields are logged only when it is taken).
    let mut r = rng(11);
    for _ in 0..60 {
        let mut go = Go::new(7);
        let mut snapshots = Vec::new();
        for _ in 0..150 {
            let moves = go.legal_moves();
            if moves.is_empty() {
                break;
            }
            snapshots.push((go.picture(), go.hash(), go.to_move(), go.captures()));
            let p = moves[r.random_range(0..moves.len())];
            go.play(Move::Play(p)).unwrap();
        }
        while let Some((pic, h, c, caps)) = snapshots.pop() {
            go.undo();
            assert_eq!(
                (go.picture(), go.hash(), go.to_move(), go.captures()),
                (pic, h, c, caps)
            );
            go.check_invariants().unwrap();
        }
    }
}

#[test]
fn two_move_orders_reaching_one_position_give_one_hash() {
    let mut a = Go::new(9);
    let mut b = Go::new(9);
    for m in ["C3", "G7", "D4", "F6"] {
        a.play(mv(&a, m)).unwrap();
    }
    for m in ["D4", "F6", "C3", "G7"] {
        b.play(mv(&b, m)).unwrap();
    }
    assert_eq!(a.picture(), b.picture());
    assert_eq!(a.hash(), b.hash());
}

#[test]
fn groups_and_liberties_match_a_flood_fill() {
    let mut r = rng(5);
    let mut go = Go::new(9);
    for _ in 0..150 {
        let c = go.to_move();
        let moves: Vec<Pt> = go
            .legal_moves()
            .into_iter()
            .filter(|&p| !go.is_eye_shape(p, c))
            .collect();
        if moves.is_empty() {
            break;
        }
        go.play(Move::Play(moves[r.random_range(0..moves.len())]))
            .unwrap();
        for p in go.points() {
            if let Some(col) = go.stone(p) {
                // Flood fill the group by hand.
                let mut seen = vec![p];
                let mut i = 0;
                while i < seen.len() {
                    for q in go.neighbours(seen[i]) {
                        if go.stone(q) == Some(col) && !seen.contains(&q) {
                            seen.push(q);
                        }
                    }
                    i += 1;
                }
                let mut g = go.group(p);
                g.sort_unstable();
                seen.sort_unstable();
                assert_eq!(g, seen);
                let libs = go.liberty_count(p);
                assert!(libs > 0);
                for cap in 1..6 {
                    assert_eq!(go.liberty_count_capped(p, cap), libs.min(cap));
                }
            }
        }
    }
    // Every point's owner in the count agrees with a flood fill of its region.
    let s = area_score(&go, &[], 7.0, 0.0);
    for p in go.points() {
        let owner = s.owners[go.id(p) as usize];
        match go.stone(p) {
            Some(Color::Black) => assert_eq!(owner, Owner::Black),
            Some(Color::White) => assert_eq!(owner, Owner::White),
            None => {
                let near: Vec<_> = go
                    .neighbours(p)
                    .iter()
                    .filter_map(|&q| go.stone(q))
                    .collect();
                if owner == Owner::Black {
                    assert!(!near.contains(&Color::White));
                }
                if owner == Owner::White {
                    assert!(!near.contains(&Color::Black));
                }
            }
        }
    }
}

#[test]
fn the_hash_after_a_quiet_play_is_the_hash_the_play_gives_and_none_for_a_capture() {
    let mut r = rng(23);
    let (mut quiet, mut capturing) = (0, 0);
    for _ in 0..20 {
        let mut go = Go::new(9);
        go.ko_rule = KoRule::Simple;
        for _ in 0..150 {
            let empties: Vec<Pt> = go.points().filter(|&p| go.is_empty(p)).collect();
            let mut legal = Vec::new();
            for &p in &empties {
                let guess = go.hash_after_quiet_play(p);
                let taken = go.captures();
                if go.play(Move::Play(p)).is_err() {
                    continue;
                }
                legal.push(p);
                if go.captures() == taken {
                    assert_eq!(guess, Some(go.hash()), "{}", go.name(p));
                    quiet += 1;
                } else {
                    assert_eq!(guess, None, "{}", go.name(p));
                    capturing += 1;
                }
                go.undo();
            }
            if legal.is_empty() {
                break;
            }
            go.play(Move::Play(legal[r.random_range(0..legal.len())]))
                .unwrap();
        }
    }
    assert!(
        quiet > 1000 && capturing > 50,
        "{quiet} quiet, {capturing} capturing"
    );
}

#[test]
fn playout_copies_agree_with_the_logging_engine_on_legality() {
    let mut r = rng(17);
    for _ in 0..20 {
        let mut go = Go::new(9);
        go.ko_rule = KoRule::Simple;
        for _ in 0..150 {
            let copy = go.playout_copy();
            let c = go.to_move();
            let empties: Vec<Pt> = go.points().filter(|&p| go.is_empty(p)).collect();
            for &p in &empties {
                let slow = go.play_light(Move::Play(p)).is_ok();
                if slow {
                    go.undo();
                }
                let mut fast = copy.clone();
                assert_eq!(fast.play_fast(p), slow, "{}\n{}", go.name(p), go.picture());
            }
            let choices: Vec<Pt> = empties
                .into_iter()
                .filter(|&p| !go.is_eye_shape(p, c) && go.is_legal(Move::Play(p)))
                .collect();
            if choices.is_empty() {
                break;
            }
            go.play(Move::Play(choices[r.random_range(0..choices.len())]))
                .unwrap();
        }
    }
    // A whole playout ends in two passes with no empty point but single-point eyes.
    let mut g = Go::new(9).playout_copy();
    g.random_playout(&mut r, 1000);
    assert!(g.game_over());
    for p in g.points().filter(|&p| g.is_empty(p)).collect::<Vec<_>>() {
        assert!(g.is_eye_shape(p, Color::Black) || g.is_eye_shape(p, Color::White));
    }
}

mod life_and_death {
    use super::*;
    use crate::games::go::ld::{Goal, LifeAndDeath, benson_alive, infer_region};
    use crate::solve::{Budget, Solver, Status};

    fn solve(pic: &str, to_move: Color, target: &str, goal: Goal) -> crate::solve::Proof<Move> {
        let go = board(pic, to_move);
        let t = go.parse(target).unwrap();
        let region = infer_region(&go);
        let mut ld = LifeAndDeath::new(go, t, goal, &region);
        let mut s = Solver::new(Budget::default());
        s.prove(&mut ld)
    }

    fn name(m: Option<Move>) -> String {
        let go = Go::new(9);
        m.map_or("none".into(), |m| go.move_name(m))
    }

    // White's straight three on the edge (A1 B1 C1 empty) inside a White wall, Black outside.
    const STRAIGHT_THREE: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X . . . .
        O O O O X . . . .
        . . . O X . . . .";

    #[test]
    fn straight_three_black_kills_at_the_vital_point() {
        let p = solve(STRAIGHT_THREE, Color::Black, "A2", Goal::Kill);
        assert_eq!(p.status, Status::Proven);
        assert_eq!(name(p.key_move), "B1");
        assert_eq!(p.unique, Some(true), "others: {:?}", p.other_winning_moves);
    }

    #[test]
    fn straight_three_white_lives_at_the_vital_point() {
        let p = solve(STRAIGHT_THREE, Color::White, "A2", Goal::Live);
        assert_eq!(p.status, Status::Proven);
        assert_eq!(name(p.key_move), "B1");
        assert_eq!(p.unique, Some(true), "others: {:?}", p.other_winning_moves);
    }

    // White's bent three in the corner (A1 B1 A2): the vital point is A1.
    const BENT_THREE: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X . . . . .
        O O O X . . . . .
        . O O X . . . . .
        . . O X . . . . .";

    #[test]
    fn bent_three_vital_point_for_both_sides() {
        let p = solve(BENT_THREE, Color::Black, "B2", Goal::Kill);
        assert_eq!(
            (p.status, name(p.key_move), p.unique),
            (Status::Proven, "A1".into(), Some(true))
        );
        let p = solve(BENT_THREE, Color::White, "B2", Goal::Live);
        assert_eq!(
            (p.status, name(p.key_move), p.unique),
            (Status::Proven, "A1".into(), Some(true))
        );
    }

    // A seki with an eye each: Black's group (eye A1) and White's group inside it (eye E1)
    // share the liberty C1; whoever fills it is captured.
    const SEKI: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O O O O O O .
        X X X X X X X O .
        X X O O O O X O .
        . X . O . O X O .";

    fn solve_in(pic: &str, to_move: Color, target: &str, goal: Goal) -> crate::solve::Proof<Move> {
        let go = board(pic, to_move);
        let t = go.parse(target).unwrap();
        let region: Vec<Pt> = go
            .points()
            .filter(|&p| {
                let (c, r) = go.board().coord(go.id(p));
                c <= 6 && r <= 1
            })
            .collect();
        let mut ld = LifeAndDeath::new(go, t, goal, &region);
        Solver::new(Budget::default()).prove(&mut ld)
    }

    #[test]
    fn seki_neither_side_can_kill_and_seki_counts_as_life() {
        let p = solve_in(SEKI, Color::White, "B2", Goal::Kill);
        assert_eq!(
            p.status,
            Status::Disproven,
            "White cannot kill Black's group"
        );
        let p = solve_in(SEKI, Color::Black, "D2", Goal::Kill);
        assert_eq!(
            p.status,
            Status::Disproven,
            "Black cannot kill White's group"
        );
        let p = solve_in(SEKI, Color::White, "D2", Goal::Live);
        assert_eq!(p.status, Status::Proven, "seki counts as life");
        // Counted as it stands, the shared liberty belongs to nobody; the eyes to their owners.
        let go = board(SEKI, Color::Black);
        let s = area_score(&go, &[], 7.0, 0.0);
        let owner = |n: &str| s.owners[go.id(go.parse(n).unwrap()) as usize];
        assert_eq!(owner("C1"), Owner::Neutral);
        assert_eq!(owner("A1"), Owner::Black);
        assert_eq!(owner("E1"), Owner::White);
    }

    #[test]
    fn square_four_is_dead_even_with_white_to_move() {
        let pic = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X . . . . .
        O O O X . . . . .
        . . O X . . . . .
        . . O X . . . . .";
        let p = solve(pic, Color::White, "C1", Goal::Live);
        assert_eq!(
            p.status,
            Status::Disproven,
            "square four cannot make two eyes"
        );
    }

    // White's bulky five in the corner (A1 B1 C1 A2 B2 empty): the vital point is B1.
    const BULKY_FIVE: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X . . . . .
        O O O X X . . . .
        . . O O X . . . .
        . . . O X . . . .";

    /// Solves inside a rectangle of columns 0..=c and rows 0..=r (the inside of the wall).
    fn solve_box(pic: &str, to_move: Color, target: &str, goal: Goal, c: i32, r: i32) -> Proof {
        let go = board(pic, to_move);
        let t = go.parse(target).unwrap();
        let region: Vec<Pt> = go
            .points()
            .filter(|&p| {
                let (x, y) = go.board().coord(go.id(p));
                x <= c && y <= r
            })
            .collect();
        let mut ld = LifeAndDeath::new(go, t, goal, &region);
        Solver::new(Budget::default()).prove(&mut ld)
    }

    type Proof = crate::solve::Proof<Move>;

    #[test]
    fn bulky_five_dies_to_the_vital_point_and_lives_on_it() {
        let p = solve_box(BULKY_FIVE, Color::Black, "A3", Goal::Kill, 3, 2);
        assert_eq!(
            (p.status, name(p.key_move), p.unique),
            (Status::Proven, "B1".into(), Some(true))
        );
        let p = solve_box(BULKY_FIVE, Color::White, "A3", Goal::Live, 3, 2);
        assert_eq!((p.status, name(p.key_move)), (Status::Proven, "B1".into()));
    }

    // White's rabbity six (C1 D1 B2 C2 D2 C3 empty): the vital point is C2, the point with
    // four neighbours in the eye space.
    const RABBITY_SIX: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X . . . .
        O O O O X X . . .
        O O . O O X . . .
        O . . . O X . . .
        O O . . O X . . .";

    #[test]
    fn rabbity_six_dies_to_the_vital_point_and_lives_on_it() {
        let p = solve_box(RABBITY_SIX, Color::Black, "A1", Goal::Kill, 4, 3);
        assert_eq!(
            (p.status, name(p.key_move), p.unique),
            (Status::Proven, "C2".into(), Some(true))
        );
        let p = solve_box(RABBITY_SIX, Color::White, "A1", Goal::Live, 4, 3);
        assert_eq!(p.status, Status::Proven);
        let winners: Vec<String> = p
            .winning_moves()
            .into_iter()
            .map(|m| name(Some(m)))
            .collect();
        assert!(winners.contains(&"C2".to_string()), "{winners:?}");
    }

    // An eye and a straight three: White's corner eye at A1 is real, and C1 D1 E1 is a second
    // eye whatever Black does (Black at D1 is captured by C1 and E1), so the group is alive.
    const ONE_EYE_FLAT: &str = "
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X X X X X . .
        O O O O O O X . .
        . O . . . O X . .";

    #[test]
    fn an_eye_and_a_straight_three_is_alive_even_with_black_to_move() {
        let p = solve_box(ONE_EYE_FLAT, Color::Black, "A2", Goal::Kill, 6, 1);
        assert_eq!(p.status, Status::Disproven);
        // Without the corner eye the straight three alone dies to D1.
        let alone = ONE_EYE_FLAT.replace(". O . . . O X . .", "O O . . . O X . .");
        let p = solve_box(&alone, Color::Black, "A2", Goal::Kill, 6, 1);
        assert_eq!(
            (p.status, name(p.key_move), p.unique),
            (Status::Proven, "D1".into(), Some(true))
        );
    }

    #[test]
    fn a_reading_needs_no_move_only_when_the_other_side_moving_first_fails() {
        use crate::games::go::ld::{needs_no_move, solve_in_box};
        let read = |g: &Go, t: Pt, goal: Goal| {
            solve_in_box(g, t, goal, &infer_region(g), Budget::default()).1
        };
        // The straight three: Black kills at B1, but White moving first lives there, so
        // the kill needs Black's move.
        let go = board(STRAIGHT_THREE, Color::Black);
        let t = go.parse("A2").unwrap();
        let won = read(&go, t, Goal::Kill);
        assert_eq!(won.status, crate::games::go::ld::LdStatus::Proven);
        assert!(!needs_no_move(&go, t, &won, read));
        // The reading refuted Black's pass (White passes back and the game ends), which
        // tells nothing of White moving first: that is read.
        assert!(won.proof.refutations.iter().any(|(m, _)| *m == Move::Pass));
        let reads = std::cell::Cell::new(0);
        let counted = |g: &Go, t: Pt, goal: Goal| {
            reads.set(reads.get() + 1);
            read(g, t, goal)
        };
        assert!(!needs_no_move(&go, t, &won, counted));
        assert_eq!(reads.get(), 1);
        // White to play lives at B1 and dies to Black's B1 after a pass: the refuted pass of
        // the defender answers the question, and the position is not read again.
        let live = board(STRAIGHT_THREE, Color::White);
        let won = read(&live, t, Goal::Live);
        assert_eq!(won.status, crate::games::go::ld::LdStatus::Proven);
        assert!(won.proof.refutations.iter().any(|(m, _)| *m == Move::Pass));
        assert!(!needs_no_move(&live, t, &won, counted));
        assert_eq!(reads.get(), 1);
        // Without the pass's reading, Black's is read, to the same answer.
        let mut open = won.clone();
        open.proof.refutations.retain(|(m, _)| *m != Move::Pass);
        assert!(!needs_no_move(&live, t, &open, counted));
        assert_eq!(reads.get(), 2);
        // Without the inner stone at D1 the eye space is only two points: White dies even
        // moving first, so "Black kills" poses no problem.
        let two = STRAIGHT_THREE.replace(". . . O X . . . .", ". . O O X . . . .");
        let go = board(&two, Color::Black);
        let won = read(&go, t, Goal::Kill);
        assert_eq!(won.status, crate::games::go::ld::LdStatus::Proven);
        assert!(needs_no_move(&go, t, &won, read));
    }

    #[test]
    fn the_fight_area_takes_in_the_first_line_beneath_a_third_line_group() {
        use crate::games::go::ld::{Reach, attacker_ring, enclosure};
        // White on the third line above Black's wall: one king step from White's stones takes
        // in the second line only, and the first line beneath it is White's eye space, not the
        // attacker's ring. Beyond the second line's area (G9, under G8) it stays out.
        let go = board(
            ". . . . . . . . .
             . . . . . . . X .
             O O O O O . . X .
             X X X X X X X . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
            Color::Black,
        );
        let t = go.parse("A7").unwrap();
        let everywhere: Vec<Pt> = go.points().collect();
        for reach in [Reach::King(1), Reach::Steps(2)] {
            let area = enclosure(&go, t, &everywhere, reach);
            let names: Vec<String> = area.iter().map(|&p| go.name(p)).collect();
            for first in ["A9", "B9", "C9", "D9", "E9", "F9"] {
                assert!(names.contains(&first.to_string()), "{reach:?} {names:?}");
            }
            if reach == Reach::King(1) {
                assert!(!names.contains(&"G9".to_string()), "{names:?}");
                let ring = attacker_ring(&go, Color::White, &area, &everywhere);
                let ring: Vec<String> = ring.iter().map(|&p| go.name(p)).collect();
                assert!(ring.contains(&"G9".to_string()), "{ring:?}");
                assert!(!ring.contains(&"C9".to_string()), "{ring:?}");
            }
        }
    }

    #[test]
    fn the_fight_area_takes_in_a_corner_pocket_closed_by_it() {
        use crate::games::go::ld::{Reach, enclosure};
        // Cho Chikun, Elementary 330: Black lives with B8, which needs A9 as eye space. A9
        // is three steps from Black's stones by way of empty points, past the two-step reach,
        // but the area closes it in with the corner.
        let go = board(
            ". . . . X O . . .
             . . . X X O . . .
             O X . X O . . . .
             . X O O O . . . .
             O O . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
            Color::Black,
        );
        let t = go.parse("E8").unwrap();
        let area = enclosure(&go, t, &infer_region(&go), Reach::Steps(2));
        let names: Vec<String> = area.iter().map(|&p| go.name(p)).collect();
        assert!(names.contains(&"A9".to_string()), "{names:?}");
        assert!(names.contains(&"B8".to_string()), "{names:?}");
        // A larger empty stretch open to the rest of the board stays out.
        assert!(!names.contains(&"G9".to_string()), "{names:?}");
    }

    #[test]
    fn benson_recognises_two_true_eyes() {
        let go = board(
            ". O . O X . . . .
             O O O O X . . . .
             X X X X X . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
            Color::Black,
        );
        let alive = benson_alive(&go, Color::White);
        assert_eq!(alive, vec![go.group_id(go.parse("B8").unwrap())]);
        assert!(
            benson_alive(&go, Color::Black).is_empty(),
            "Black's wall has no eyes"
        );
    }
}

/// The groups of a position as sorted lists of point names, each with its liberties.
fn groups_and_liberties(go: &Go) -> Vec<(Vec<String>, Vec<String>)> {
    let mut out: Vec<(Vec<String>, Vec<String>)> = go
        .points()
        .filter(|&p| go.stone(p).is_some())
        .map(|p| {
            let mut g: Vec<Pt> = go.group(p);
            g.sort_unstable();
            (
                g.iter().map(|&s| go.name(s)).collect(),
                go.liberties(p).iter().map(|&s| go.name(s)).collect(),
            )
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// The same stones set up once each on an empty board.
fn clean_copy(go: &Go) -> Go {
    let mut clean = Go::new(go.size());
    for p in go.points() {
        if let Some(c) = go.stone(p) {
            clean.setup(p, Some(c));
        }
    }
    clean.set_to_move(go.to_move());
    clean
}

fn setup_named(go: &mut Go, names: &str, c: Option<Color>) {
    for n in names.split_whitespace() {
        let p = go.parse(n).unwrap();
        go.setup(p, c);
    }
}

#[test]
fn go_setup_removal_splits_the_group_and_a_capture_counts_right() {
    // (;SZ[9]AB[aa][ab]AE[aa]AW[bb][ac];W[aa]): Black A9 A8, A9 removed, White B8 A7, then
    // White A9 takes A8.
    let started = std::time::Instant::now();
    let mut go = Go::new(9);
    setup_named(&mut go, "A9 A8", Some(Color::Black));
    setup_named(&mut go, "A9", None);
    setup_named(&mut go, "B8 A7", Some(Color::White));
    assert_eq!(go.check_invariants(), Ok(()));
    let a8 = go.parse("A8").unwrap();
    assert_eq!(go.group(a8), vec![a8]);
    assert_eq!(go.liberty_count(a8), 1);
    assert_eq!(go.hash(), clean_copy(&go).hash());
    go.set_to_move(Color::White);
    go.play(mv(&go, "A9")).unwrap();
    assert_eq!(go.check_invariants(), Ok(()));
    assert_eq!(go.captures(), [0, 1], "White captured A8");
    let s = area_score(&go, &[], 7.0, 0.0);
    assert_eq!((s.black_stones, s.white_stones), (0, 3));
    assert!(
        started.elapsed().as_millis() < 500,
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn go_setup_removal_leaves_the_same_board_as_a_clean_setup() {
    // (;SZ[9]AB[aa][ab]AE[aa]AW[dd]): the solver's reproducer; liberties must finish.
    let mut go = Go::new(9);
    setup_named(&mut go, "A9 A8", Some(Color::Black));
    setup_named(&mut go, "A9", None);
    setup_named(&mut go, "D6", Some(Color::White));
    let clean = clean_copy(&go);
    assert_eq!(go.check_invariants(), Ok(()));
    assert_eq!(groups_and_liberties(&go), groups_and_liberties(&clean));
    assert_eq!(go.hash(), clean.hash());
    let a8 = go.parse("A8").unwrap();
    let names: Vec<String> = go.liberties(a8).iter().map(|&p| go.name(p)).collect();
    assert_eq!(names, ["A7", "B8", "A9"]);
}

#[test]
fn go_setup_of_a_stone_given_twice_changes_nothing() {
    // (;SZ[9]AB[aa][ab][ab]AW[dd])
    let mut go = Go::new(9);
    setup_named(&mut go, "A9 A8 A8", Some(Color::Black));
    setup_named(&mut go, "D6", Some(Color::White));
    assert_eq!(go.check_invariants(), Ok(()));
    let a9 = go.parse("A9").unwrap();
    assert_eq!(go.group(a9).len(), 2);
    assert_eq!(go.liberty_count(a9), 3);
    let clean = clean_copy(&go);
    assert_eq!(groups_and_liberties(&go), groups_and_liberties(&clean));
    assert_eq!(go.hash(), clean.hash());
}

#[test]
fn go_setup_of_both_colours_on_one_point_keeps_the_last() {
    // (;SZ[9]AB[aa][ab]AW[ab]AW[bb][ac][ba]): A8 ends White; Black A9 is left with no
    // liberty (a set-up position the loader refuses, but the engine stays whole).
    let started = std::time::Instant::now();
    let mut go = Go::new(9);
    setup_named(&mut go, "A9 A8", Some(Color::Black));
    setup_named(&mut go, "A8", Some(Color::White));
    setup_named(&mut go, "B8 A7 B9", Some(Color::White));
    assert_eq!(go.check_invariants(), Ok(()));
    let (a9, a8) = (go.parse("A9").unwrap(), go.parse("A8").unwrap());
    assert_eq!(go.stone(a8), Some(Color::White));
    assert_eq!(go.group(a9), vec![a9]);
    assert_eq!(go.liberty_count(a9), 0);
    assert_eq!(go.groups_without_liberties(), vec![go.group_id(a9)]);
    assert_eq!(go.group(a8).len(), 4);
    let clean = clean_copy(&go);
    assert_eq!(groups_and_liberties(&go), groups_and_liberties(&clean));
    assert_eq!(go.hash(), clean.hash());
    // `score go --dead A9`: the dead stone goes, its point counts for White.
    let s = area_score(&go, &[a9], 7.0, 0.0);
    assert_eq!(s.dead, vec![(a9, Color::Black)]);
    assert_eq!(
        (s.black_stones, s.white_stones, s.black_territory),
        (0, 4, 0)
    );
    assert_eq!(
        s.white_territory, 77,
        "every empty point reaches White only"
    );
    assert!(
        started.elapsed().as_millis() < 500,
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn go_setup_recolouring_the_middle_of_a_chain_splits_it() {
    let mut go = Go::new(9);
    setup_named(&mut go, "C5 D5 E5 F5 G5", Some(Color::Black));
    setup_named(&mut go, "E5", Some(Color::White));
    assert_eq!(go.check_invariants(), Ok(()));
    let (c5, g5) = (go.parse("C5").unwrap(), go.parse("G5").unwrap());
    assert_eq!(go.group(c5).len(), 2);
    assert_eq!(go.group(g5).len(), 2);
    assert_ne!(go.group_id(c5), go.group_id(g5));
    assert_eq!(go.hash(), clean_copy(&go).hash());
    // Taking the chain's stones away one by one leaves an empty board with hash 0.
    setup_named(&mut go, "C5 D5 E5 F5 G5", None);
    assert_eq!(go.check_invariants(), Ok(()));
    assert_eq!(go.hash(), 0);
    assert!(go.points().all(|p| go.is_empty(p)));
}

mod target_choice {
    use super::*;

    #[test]
    fn loose_groups_follow_diagonals_the_other_colour_does_not_cut() {
        // White's C3, D4 and E3 are linked by diagonals; B1 has no White neighbour on any
        // side; J3's diagonal to H2 is cut by Black's H3 and J2.
        let go = board(
            ". . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . . . . . . .
             . . . O . . . . .
             . . O . O . . X O
             . . . . . . . O X
             . O . . . . . . .",
            Color::Black,
        );
        let loose = loose_sizes(&go, Color::White);
        let at = |n: &str| loose[go.parse(n).unwrap()];
        assert_eq!((at("C3"), at("D4"), at("E3")), (3, 3, 3));
        assert_eq!(at("B1"), 1);
        assert_eq!((at("J3"), at("H2")), (1, 1));
    }

    #[test]
    fn among_groups_of_one_size_the_one_with_the_most_linked_stones_is_read() {
        // Every White chain is one stone: the four at the top are linked by diagonals, C4
        // stands alone. The lowest point alone would pick C4.
        let go = board(
            ". . . . O . . . .
             . . . O . O X . .
             . . . . O X X . .
             . . . X . . . . .
             . . X X . X . . .
             . . O X . . . . .
             . . X . . . . . .
             . . . . . . . . .
             . . . . . . . . .",
            Color::Black,
        );
        let region = ld::infer_region(&go);
        assert_eq!(
            groups_by_size(&go, Color::White, &region)[0],
            go.parse("C4").unwrap()
        );
        let first = group_to_read(&go, Color::White, &region).unwrap();
        assert_eq!(loose_sizes(&go, Color::White)[first], 4);
        assert!(["D8", "E9", "E7", "F8"].contains(&go.name(first).as_str()));
    }
}

/// A check after an answer is held to time by default, and under a node cap to nodes alone,
/// the whole budget's deadline its only clock: its verdict must not depend on the machine's
/// speed there, however long the answer took.
#[test]
fn a_check_under_a_node_cap_has_no_clock_of_its_own() {
    use crate::games::SolveOptions;
    use std::time::{Duration, Instant};
    let total = Duration::from_secs(60);
    let started = Instant::now() - Duration::from_secs(8);
    let capped = SolveOptions {
        nodes: Some(100_000),
        ..SolveOptions::default()
    };
    for (limits, nodes) in [
        (&SETTLED_CHECK, 25_000),
        (&SURVIVOR_CHECK, 5_000),
        (&GIVEN_CHECK, 100_000),
    ] {
        let b = check_budget(&capped, started, total, limits);
        assert_eq!(b.nodes, nodes);
        assert_eq!(b.deadline, Some(started + total));
        // By the clock: the time spent divided by the limits' divisor, from now.
        let before = Instant::now();
        let b = check_budget(&SolveOptions::default(), started, total, limits);
        let after = Instant::now();
        let deadline = b.deadline.expect("a deadline");
        assert!(deadline >= before + Duration::from_secs(8) / limits.divisor);
        assert!(deadline <= after + (after - started) / limits.divisor);
        assert!(deadline < started + total);
    }
    // The floor for a quick answer, and never past the whole budget.
    let just = Instant::now();
    let b = check_budget(&SolveOptions::default(), just, total, &SETTLED_CHECK);
    assert!(b.deadline.expect("a deadline") >= just + SETTLED_CHECK.floor);
    let b = check_budget(
        &SolveOptions::default(),
        started,
        Duration::from_secs(9),
        &SETTLED_CHECK,
    );
    assert_eq!(b.deadline, Some(started + Duration::from_secs(9)));
}

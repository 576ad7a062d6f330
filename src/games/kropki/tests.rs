//! Rules tests for Kropki: the seed's situations in the pool model of RULES.md section 3.

use super::*;
use crate::util::rng;
use rand::RngExt;

fn grid(w: usize, h: usize, black: &str, white: &str) -> Kropki {
    let mut k = Kropki::new(w, h);
    for (list, c) in [(black, Color::Black), (white, Color::White)] {
        for n in list.split_whitespace() {
            let node = k.parse(n).unwrap();
            k.setup_dot(node, c).unwrap();
        }
    }
    k
}

fn n(k: &Kropki, name: &str) -> Node {
    k.parse(name).unwrap()
}

#[test]
fn kropki_rule_valid_territory_encloses_an_enemy_dot() {
    let mut k = grid(7, 7, "D6 C5 E5 D4", "D5");
    let d5 = n(&k, "D5");
    let pool = k.pool(Color::Black, d5).unwrap();
    assert_eq!(pool.nodes, vec![d5]);
    assert_eq!(pool.captures, 1);
    k.declare(Color::Black, d5).unwrap();
    assert_eq!(k.captured(), [1, 0]);
    assert_eq!(
        k.declarable(Color::Black).len(),
        0,
        "nothing left to declare"
    );
}

#[test]
fn kropki_rule_invalid_territory_without_an_enemy_dot() {
    let mut k = grid(7, 7, "D6 C5 E5 D4", "");
    let d5 = n(&k, "D5");
    assert_eq!(k.declare(Color::Black, d5), Err(Refusal::NothingToCapture));
    assert!(k.regions().is_empty());
}

#[test]
fn kropki_rule_the_edge_cannot_be_used_to_enclose() {
    // White A4 on the left edge, Black around it using the edge: not an enclosure.
    let mut k = grid(7, 7, "A5 B4 A3", "A4");
    assert_eq!(
        k.declare(Color::Black, n(&k, "A4")),
        Err(Refusal::TouchesBorder)
    );
    // A White chain connected to the edge is safe: Black surrounds B4 C4 on three sides.
    let mut k = grid(7, 7, "B5 C5 D5 D4 B3 C3 D3", "A4 B4 C4");
    assert_eq!(
        k.declare(Color::Black, n(&k, "C4")),
        Err(Refusal::TouchesBorder)
    );
    assert!(k.declarable(Color::Black).is_empty());
}

#[test]
fn kropki_rule_inert_points_cannot_be_used_and_regions_do_not_overlap() {
    // White has declared a region around the Black dot E5; that dot is inert. Black's chain
    // C5 D6 ... would need E5 to close a ring around the White dot D5: it cannot.
    let mut k = grid(9, 9, "C5 D6 D4", "D5 E6 F5 E4");
    let e5 = n(&k, "E5");
    k.setup_dot(e5, Color::Black).unwrap();
    k.declare(Color::White, e5).unwrap();
    assert!(!k.live(e5, Color::Black), "a captured dot is inert");
    assert_eq!(
        k.declare(Color::Black, n(&k, "D5")),
        Err(Refusal::TouchesBorder)
    );
    // Before White declares, the same Black dot is live and Black may capture D5.
    let mut k = grid(9, 9, "C5 D6 D4 E5", "D5 E6 F5 E4");
    k.declare(Color::Black, n(&k, "D5")).unwrap();
    assert_eq!(k.captured(), [1, 0]);
}

#[test]
fn kropki_rule_a_pool_touching_an_enemy_region_contains_all_of_it() {
    let mut k = grid(11, 11, "D6 C5 E5 D4", "D5");
    k.declare(Color::Black, n(&k, "D5")).unwrap();
    // White surrounds the Black region; its pool holds every node of that region.
    for w in ["C7 D7 E7 F6 F5 F4 E3 D3 C3 B4 B5 B6"]
        .iter()
        .flat_map(|s| s.split_whitespace())
    {
        let node = n(&k, w);
        k.setup_dot(node, Color::White).unwrap();
    }
    let pool = k.pool(Color::White, n(&k, "D6")).unwrap();
    for &inner in &k.regions()[0].interior {
        assert!(pool.nodes.contains(&inner), "no partial overlap");
    }
}

#[test]
fn kropki_rule_recursive_capture_one_for_black_becomes_six_for_white() {
    let black = "E6 D5 F5 D4 F4 E3";
    let white = "E5 C2 D2 E2 F2 G2 C7 D7 E7 F7 G7 C3 C4 C5 C6 G3 G4 G5 G6";
    let mut k = grid(9, 9, black, white);
    k.declare(Color::Black, n(&k, "E4")).unwrap();
    assert_eq!(k.captured(), [1, 0], "before: 1 point for Black");
    k.declare(Color::White, n(&k, "E4")).unwrap();
    assert_eq!(
        k.captured(),
        [0, 6],
        "after: 6 points for White, the White dot freed"
    );
    assert_eq!(k.outermost(n(&k, "E5")), Some(Color::White));
}

#[test]
fn kropki_rule_declaring_later_and_moves_inside_a_region_are_refused() {
    let text = "width = 7\nheight = 7\nblack = \"D6 C5 E5\"\nwhite = \"D5 A1 A2\"\n\
                to_play = \"black\"\nmoves = \"D4 B1 G7+D5\"";
    let spec = PositionSpec::parse(text, std::path::Path::new("<test>")).unwrap();
    let k = from_spec(&spec, text, "<test>").unwrap();
    assert_eq!(
        k.captured(),
        [1, 0],
        "the ring closed on D4 was declared two moves later"
    );
    assert_eq!(k.regions().len(), 1);
    // Nobody may play inside a region: a region with an empty node in it.
    let mut k2 = grid(9, 9, "E7 D6 F6 D5 F5 E4", "E6");
    k2.declare(Color::Black, n(&k2, "E5")).unwrap();
    k2.set_to_move(Color::White);
    assert_eq!(k2.can_place(n(&k2, "E5")), Err(Refusal::InsideRegion));
}

#[test]
fn kropki_rule_a_region_named_in_the_file_that_cannot_be_declared_is_an_error() {
    let text = "width = 7\nheight = 7\nblack = \"D6 C5 E5 D4\"\nwhite_regions = \"B2\"";
    let spec = PositionSpec::parse(text, std::path::Path::new("<test>")).unwrap();
    let err = from_spec(&spec, text, "<test>").unwrap_err().to_string();
    assert!(err.contains("B2"), "{err}");
}

#[test]
fn kropki_rule_cross_start_and_end_of_game_with_final_declarations() {
    let k = Kropki::cross(20, 20);
    let dots: Vec<_> = k.nodes().filter_map(|x| k.dot(x)).collect();
    assert_eq!(dots.len(), 4);
    // Play a small grid to the end with greedy declarations.
    let mut r = rng(4);
    let mut k = Kropki::new(6, 6);
    while k.has_placement() {
        let c = k.to_move();
        let moves: Vec<Node> = k.nodes().filter(|&x| k.can_place(x).is_ok()).collect();
        let m = moves[r.random_range(0..moves.len())];
        k.play(m, &[]).unwrap();
        let pools = k.declarable_near(c, m);
        if let Some(p) = pools.first() {
            k.undo();
            k.play(m, &[p.nodes[0]]).unwrap();
        }
    }
    assert!(!k.game_over());
    assert!(k.placements_over());
    let mine: Vec<Node> = k
        .declarable(k.to_move())
        .iter()
        .map(|p| p.nodes[0])
        .collect();
    k.final_turn(&mine).unwrap();
    let theirs: Vec<Node> = k
        .declarable(k.to_move())
        .iter()
        .map(|p| p.nodes[0])
        .collect();
    k.final_turn(&theirs).unwrap();
    assert!(k.game_over());
    assert!(k.final_turn(&[]).is_err());
}

#[test]
fn undo_restores_exactly_scores_stay_bounded_and_orders_agree() {
    let mut r = rng(8);
    for _ in 0..20 {
        let mut k = Kropki::new(12, 10);
        let mut snaps = Vec::new();
        for _ in 0..90 {
            let c = k.to_move();
            let moves: Vec<Node> = k.nodes().filter(|&x| k.can_place(x).is_ok()).collect();
            if moves.is_empty() {
                break;
            }
            snaps.push((k.hash(), k.captured(), k.regions().len(), k.to_move()));
            let m = moves[r.random_range(0..moves.len())];
            k.play(m, &[]).unwrap();
            let pools = k.declarable_near(c, m);
            if !pools.is_empty() {
                k.undo();
                let ds: Vec<Node> = pools.iter().map(|p| p.nodes[0]).collect();
                k.play(m, &ds).unwrap();
            }
            let cap = k.captured();
            let whites = k
                .nodes()
                .filter(|&x| k.dot(x) == Some(Color::White))
                .count() as u32;
            let blacks = k
                .nodes()
                .filter(|&x| k.dot(x) == Some(Color::Black))
                .count() as u32;
            assert!(cap[0] <= whites && cap[1] <= blacks);
        }
        while let Some(s) = snaps.pop() {
            k.undo();
            assert_eq!((k.hash(), k.captured(), k.regions().len(), k.to_move()), s);
        }
    }
    let play = |order: &[&str]| {
        let mut k = Kropki::new(9, 9);
        for m in order {
            let node = k.parse(m).unwrap();
            k.play(node, &[]).unwrap();
        }
        k.hash()
    };
    assert_eq!(
        play(&["C3", "D4", "E5", "F6"]),
        play(&["E5", "F6", "C3", "D4"])
    );
}

#[test]
fn incremental_enumeration_agrees_with_the_full_scan() {
    // With every declarable pool declared at once, the pools a placement closes are exactly
    // the pools a full scan finds afterwards.
    let mut r = rng(12);
    for _ in 0..15 {
        let mut k = Kropki::new(14, 12);
        for _ in 0..140 {
            let c = k.to_move();
            let moves: Vec<Node> = k.nodes().filter(|&x| k.can_place(x).is_ok()).collect();
            if moves.is_empty() {
                break;
            }
            let m = moves[r.random_range(0..moves.len())];
            k.play(m, &[]).unwrap();
            let mut fast: Vec<Vec<Node>> = k.closed_by(c, m).into_iter().map(|p| p.nodes).collect();
            let mut full: Vec<Vec<Node>> = k.declarable(c).into_iter().map(|p| p.nodes).collect();
            fast.sort();
            full.sort();
            assert_eq!(fast, full);
            if !fast.is_empty() {
                k.undo();
                let ds: Vec<Node> = fast.iter().map(|p| p[0]).collect();
                k.play(m, &ds).unwrap();
            }
            // The opponent's declarable pools are declared on their turn by the same rule, so
            // declare them now too to keep the invariant for both players.
            let opp: Vec<Node> = k.declarable(c.opp()).iter().map(|p| p.nodes[0]).collect();
            for d in opp {
                let _ = k.declare(c.opp(), d);
            }
        }
    }
}

#[test]
fn the_bitboard_pool_is_the_flood_of_the_full_scan() {
    // For every node of random positions (with declared regions), `pool` finds exactly the
    // pool the labelling scan finds around it, and refuses it when that pool is not closed.
    let mut r = rng(21);
    for game in 0..12 {
        let (w, h) = if game % 2 == 0 { (9, 7) } else { (23, 17) };
        let mut k = Kropki::new(w, h);
        for step in 0..(w * h * 3 / 4) {
            let moves: Vec<Node> = k.nodes().filter(|&x| k.can_place(x).is_ok()).collect();
            if moves.is_empty() {
                break;
            }
            let m = moves[r.random_range(0..moves.len())];
            let c = k.to_move();
            k.play(m, &[]).unwrap();
            if step % 5 == 0 {
                for p in k.declarable(c) {
                    k.declare(c, p.nodes[0]).unwrap();
                }
            }
        }
        for c in [Color::Black, Color::White] {
            let closed = k.declarable(c);
            for n in k.nodes().collect::<Vec<_>>() {
                if k.live(n, c) {
                    continue;
                }
                let want = closed.iter().find(|p| p.nodes.contains(&n));
                match (k.pool(c, n), want) {
                    (Ok(p), Some(q)) => assert_eq!(&p, q),
                    (Ok(p), None) => assert_eq!(p.captures, 0, "{} closed", k.name(n)),
                    (Err(_), Some(q)) => panic!("pool at {} refused, scan found {q:?}", k.name(n)),
                    (Err(e), None) => assert_eq!(e, Refusal::TouchesBorder),
                }
                assert_eq!(
                    k.pool_captures(c, n).ok(),
                    k.pool(c, n).ok().map(|p| p.captures)
                );
            }
        }
    }
}

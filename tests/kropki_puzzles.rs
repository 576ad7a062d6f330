//! Kropki's puzzle kinds: hand-built positions through the library and `solve --json`, the
//! generator, the book, `verify`, and the independent exhaustive check.

mod common;

use common::{stonepress, temp_dir};
use stonepress::games::Color;
use stonepress::games::kropki::{Kropki, exhaustive, solve};
use stonepress::solve::{Budget, Status};

/// A 9 x 9 position from Black's and White's nodes, `to_move` to play.
fn pos(black: &str, white: &str, to_move: Color) -> Kropki {
    let mut k = Kropki::new(9, 9);
    for (list, c) in [(black, Color::Black), (white, Color::White)] {
        for n in list.split_whitespace() {
            let n = k.parse(n).unwrap();
            k.setup_dot(n, c).unwrap();
        }
    }
    k.set_to_move(to_move);
    k
}

fn budget() -> Budget {
    Budget {
        nodes: 500_000,
        ..Budget::default()
    }
}

/// `solve kropki --position F --json` on a 9 x 9 position file written from the lists.
fn solve_json(
    tag: &str,
    black: &str,
    white: &str,
    to_play: &str,
    args: &[&str],
) -> serde_json::Value {
    let dir = temp_dir(tag);
    std::fs::write(
        dir.join("p.toml"),
        format!(
            "game = \"kropki\"\nwidth = 9\nheight = 9\nblack = \"{black}\"\nwhite = \"{white}\"\n\
             to_play = \"{to_play}\"\n"
        ),
    )
    .unwrap();
    let mut all = vec!["solve", "kropki", "--position", "p.toml", "--json"];
    all.extend_from_slice(args);
    let out = stonepress(&dir, &all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn names(k: &Kropki, ns: Vec<usize>) -> Vec<String> {
    ns.into_iter().map(|n| k.name(n)).collect()
}

// A capture in one: White E5 has Black on three sides; only E6 closes the ring (and declares
// the region around E5 with the same move).
const ONE_B: &str = "D5 F5 E4 B2";
const ONE_W: &str = "E5 G7 C7";

#[test]
fn a_capture_in_one_has_one_key_and_the_exhaustive_search_agrees() {
    let k = pos(ONE_B, ONE_W, Color::Black);
    let f = solve::capture(&k, 3, &budget());
    assert_eq!(f.win.status, Status::Proven);
    assert_eq!(f.win.n, 1);
    assert_eq!(
        f.win.proof.key_move.map(|m| m.name(&k)).as_deref(),
        Some("E6+E5")
    );
    assert_eq!(f.win.proof.unique, Some(true));
    assert_eq!(names(&k, exhaustive::capture_keys(&k, 1)), ["E6"]);
    let v = solve_json("kropki-one", ONE_B, ONE_W, "black", &["--goal", "capture"]);
    assert_eq!(v["status"], "proven");
    assert_eq!(v["goal"], "capture");
    assert_eq!(v["in"], 1);
    assert_eq!(v["key_move"], "E6+E5");
    assert_eq!(v["unique"], true);
    assert_eq!(v["main_line"], serde_json::json!(["E6+E5"]));
}

// A ladder along the bottom edge: White E2 sits under Black's wall E3 F3 G3 with Black D2
// behind it and Black H2 ahead (the ladder breaker's place, taken by Black). Black E1
// threatens F2; White runs to F2, Black F1 threatens G2, White runs to G2 and runs into H2:
// Black G1 closes the ring along the first row and captures all three. Black F2 first is
// answered by E1 (a White dot on the border is never captured).
const LADDER_B: &str = "D2 E3 F3 G3 H2";
const LADDER_W: &str = "E2 C6 F6";

#[test]
fn a_ladder_along_the_edge_is_a_capture_in_three_with_one_key() {
    let k = pos(LADDER_B, LADDER_W, Color::Black);
    let f = solve::capture(&k, 3, &budget());
    assert_eq!(f.win.status, Status::Proven);
    assert_eq!(f.win.n, 3);
    let line: Vec<String> = f.win.proof.main_line.iter().map(|m| m.name(&k)).collect();
    assert_eq!(line, ["E1", "F2", "F1", "G2", "G1+E2"]);
    assert_eq!(f.win.proof.unique, Some(true));
    let f2 = f
        .win
        .proof
        .refutations
        .iter()
        .find(|(m, _)| m.name(&k) == "F2");
    assert_eq!(
        f2.and_then(|(_, r)| r.map(|r| r.name(&k))).as_deref(),
        Some("E1")
    );
    // The plain search: no capture within two moves.
    assert!(!exhaustive::capture_within(&k, 2));
    let v = solve_json("kropki-ladder", LADDER_B, LADDER_W, "black", &[]);
    assert_eq!(v["goal"], "capture");
    assert!(v["decided"].as_str().unwrap().starts_with("capture"));
    assert_eq!(v["in"], 3);
    assert_eq!(v["key_move"], "E1");
    assert_eq!(v["unique"], true);
    assert!(v["proof_size"].as_u64().unwrap() > 10);
    assert!(v["tree"].as_str().unwrap().starts_with("(;B[E1]"));
}

// A net in two: Black F5 threatens E6; if White extends to E6, E7 closes the larger ring
// (D6 and F6 are Black's already). Black E6 first fails: White extends to F5.
const NET_B: &str = "D5 E4 D6 F6";
const NET_W: &str = "E5 B8 H8";

#[test]
fn a_net_in_two_agrees_with_the_exhaustive_search() {
    let k = pos(NET_B, NET_W, Color::Black);
    let f = solve::capture(&k, 3, &budget());
    assert_eq!(f.win.status, Status::Proven);
    assert_eq!(f.win.n, 2);
    assert_eq!(
        f.win.proof.key_move.map(|m| m.name(&k)).as_deref(),
        Some("F5")
    );
    assert_eq!(f.win.proof.unique, Some(true));
    assert!(!exhaustive::capture_within(&k, 1));
    assert_eq!(names(&k, exhaustive::capture_keys(&k, 2)), ["F5"]);
}

// An escape only one move achieves: White to play, Black threatens E6 around White E5.
// Extending to E6 is the only move after which Black captures nothing of the chain in one.
#[test]
fn an_escape_only_one_move_achieves() {
    let k = pos(ONE_B, ONE_W, Color::White);
    let e5 = k.parse("E5").unwrap();
    let marked = solve::chain(&k, e5);
    let (t, _) = solve::threat(&k, &marked, 2, &budget());
    assert_eq!(t, Ok(Some(1)));
    let f = solve::escape(&k, &marked, 1, &budget());
    assert_eq!(f.win.status, Status::Proven);
    assert_eq!(
        f.win.proof.key_move.map(|m| m.name(&k)).as_deref(),
        Some("E6")
    );
    assert_eq!(f.win.proof.unique, Some(true));
    // Every other move is refuted by the capture at E6.
    assert!(
        f.win
            .proof
            .refutations
            .iter()
            .all(|(_, r)| r.map(|r| r.name(&k)).as_deref() == Some("E6+E5"))
    );
    // The plain search agrees.
    assert!(exhaustive::threat_within(&k, &marked, 1));
    let esc: Vec<String> = exhaustive::escapes(&k, &marked, 1)
        .into_iter()
        .map(|(n, _)| k.name(n))
        .collect();
    assert_eq!(esc, ["E6"]);
    let v = solve_json(
        "kropki-escape",
        ONE_B,
        ONE_W,
        "white",
        &["--goal", "auto", "--target", "E5"],
    );
    assert_eq!(v["goal"], "escape");
    assert!(v["decided"].as_str().unwrap().starts_with("escape"));
    assert_eq!(v["in"], 1);
    assert_eq!(v["key_move"], "E6");
    assert_eq!(v["unique"], true);
    assert_eq!(v["target"], serde_json::json!(["E5"]));
}

// A ring closed with the border does not capture (the edge rule): White A5 B5 sit inside
// Black's A4 B4 C5 B6 A6, but A5 is on the border, so the pool touches it. No capture within
// three, and the plain search agrees within two.
const EDGE_B: &str = "A4 A6 B4 B6 C5";
const EDGE_W: &str = "A5 B5";

#[test]
fn a_ring_closed_with_the_border_is_no_capture() {
    let k = pos(EDGE_B, EDGE_W, Color::Black);
    let f = solve::capture(&k, 3, &budget());
    assert_eq!(f.win.status, Status::Disproven);
    assert!(!exhaustive::capture_within(&k, 2));
    let v = solve_json(
        "kropki-edge",
        EDGE_B,
        EDGE_W,
        "black",
        &["--goal", "capture"],
    );
    assert_eq!(v["status"], "disproven");
    assert_eq!(v["key_move"], serde_json::Value::Null);
}

#[test]
fn solve_kropki_refuses_an_unknown_goal_a_bad_target_and_in_out_of_range() {
    let dir = temp_dir("kropki-solve-bad");
    std::fs::write(
        dir.join("p.toml"),
        format!(
            "game = \"kropki\"\nwidth = 9\nheight = 9\nblack = \"{ONE_B}\"\nwhite = \"{ONE_W}\"\n"
        ),
    )
    .unwrap();
    for args in [
        &["--goal", "kill"][..],
        &["--in", "9"],
        &["--goal", "escape", "--target", "A9"],
        &["--goal", "escape", "--target", "Z99"],
    ] {
        let mut all = vec!["solve", "kropki", "--position", "p.toml"];
        all.extend_from_slice(args);
        let out = stonepress(&dir, &all);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// A small book of both kinds: two `capture` puzzles and one `escape` puzzle.
const BOOK: &str = r#"[document]
title = "Kropki test"
formats = ["pdf"]
name = "kp"
seed = 5

[[puzzles]]
game = "kropki"
kind = "capture"
count = 2
difficulty = "any"

[[puzzles]]
game = "kropki"
kind = "escape"
count = 1
difficulty = "any"
"#;

#[test]
fn a_small_book_builds_alike_on_one_and_two_jobs_and_verify_reproves_it() {
    let dir = temp_dir("kropki-book");
    std::fs::write(dir.join("kp.toml"), BOOK).unwrap();
    for (out, jobs) in [("a", "1"), ("b", "2")] {
        let o = stonepress(&dir, &["build", "kp.toml", "--out", out, "--jobs", jobs]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let a = common::files_under(&dir.join("a"));
    let b = common::files_under(&dir.join("b"));
    assert!(!a.is_empty());
    assert_eq!(a, b, "--jobs 1 and --jobs 2 differ");
    common::check_pdf(&dir.join("a/kp.pdf"));
    let manifest = dir.join("a/kp.json");
    let o = stonepress(&dir, &["verify", manifest.to_str().unwrap()]);
    assert!(
        o.status.success(),
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    let m: serde_json::Value = serde_json::from_slice(&std::fs::read(&manifest).unwrap()).unwrap();
    let sets = m["sets"].as_array().unwrap();
    assert_eq!(sets.len(), 2);
    for set in sets {
        for p in set["puzzles"].as_array().unwrap() {
            let r: stonepress::puzzle::Record = serde_json::from_value(p.clone()).unwrap();
            if r.focus.get("in").and_then(|v| v.as_u64()) <= Some(2) {
                check_exhaustively(&r);
            }
        }
    }
    // A changed key move is refused, naming the field.
    let mut bad = m.clone();
    let p0 = &mut bad["sets"][0]["puzzles"][0];
    let taken = format!(
        "{} {}",
        p0["white"].as_str().unwrap(),
        p0["black"].as_str().unwrap()
    );
    let other = ["A1", "A2", "A3", "A4", "I9"]
        .into_iter()
        .find(|c| !taken.split_whitespace().any(|t| t == *c) && p0["key_move"] != *c)
        .unwrap();
    p0["key_move"] = other.into();
    let tampered = dir.join("tampered.json");
    std::fs::write(&tampered, serde_json::to_vec_pretty(&bad).unwrap()).unwrap();
    let o = stonepress(&dir, &["verify", tampered.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(text.contains("key_move"), "{text}");
}

/// The plain exhaustive search agrees with a record: its key move is the only first move that
/// works within N, and nothing works within N - 1.
fn check_exhaustively(r: &stonepress::puzzle::Record) {
    use stonepress::games::kropki::problem::Move;
    use stonepress::games::kropki::puzzle::record_position;
    let (k, marked) = record_position(r).unwrap();
    let n = r.focus.get("in").and_then(|v| v.as_u64()).unwrap() as u32;
    // Every line the record prints is legal: the main line, each wrong move and its refutation.
    let mut lines = vec![r.main_line.clone()];
    for w in &r.wrong_moves {
        lines.push(
            std::iter::once(w.play.clone())
                .chain(w.refutation.clone())
                .collect(),
        );
    }
    for line in lines {
        let mut g = k.clone();
        for m in &line {
            let mv = Move::parse(&g, m).unwrap();
            g.play(mv.at as usize, &mv.declared())
                .unwrap_or_else(|e| panic!("seed {}: {m} in {line:?}: {e:?}", r.seed));
        }
    }
    let key = Move::parse(&k, &r.key_move).unwrap();
    // The key move is the main line's first placement, given in full there.
    let first = Move::parse(&k, &r.main_line[0]).unwrap();
    assert_eq!(first.at, key.at, "seed {}", r.seed);
    if r.goal == "capture" {
        assert_eq!(
            exhaustive::capture_keys(&k, n),
            vec![key.at as usize],
            "seed {}",
            r.seed
        );
        assert!(
            n == 1 || !exhaustive::capture_within(&k, n - 1),
            "seed {}: shorter",
            r.seed
        );
    } else {
        let marked = marked.expect("an escape marks dots");
        assert!(
            exhaustive::threat_within(&k, &marked, n),
            "seed {}: no threat",
            r.seed
        );
        assert!(
            n == 1 || !exhaustive::threat_within(&k, &marked, n - 1),
            "seed {}: shorter threat",
            r.seed
        );
        let esc = exhaustive::escapes(&k, &marked, n);
        assert_eq!(esc.len(), 1, "seed {}: escapes {esc:?}", r.seed);
        assert_eq!(esc[0].0, key.at as usize, "seed {}", r.seed);
        assert_eq!(esc[0].1.len(), first.declared().len(), "seed {}", r.seed);
    }
}

/// Generates `count` puzzles of a kind on size 9 (the library's generator, as a book does).
fn generated(kind: &str, count: usize, seed: u64) -> Vec<stonepress::puzzle::Record> {
    use stonepress::puzzle::{Difficulty, SetSpec, generate, kind_of};
    let k = kind_of("kropki", kind).unwrap();
    let spec = SetSpec {
        game: stonepress::games::GameId::parse("kropki").unwrap(),
        kind: k,
        size: 9,
        count,
        difficulty: Difficulty::parse("any", k.bands()).unwrap(),
        seed,
    };
    generate(&spec, 2, &|| ()).unwrap()
}

/// A handful of generated puzzles of each kind agree with the exhaustive search (the fast
/// share of the independent check).
#[test]
fn a_few_generated_puzzles_agree_with_the_exhaustive_search() {
    for kind in ["capture", "escape"] {
        let records = generated(kind, 4, 41);
        assert_eq!(records.len(), 4);
        for r in records
            .iter()
            .filter(|r| r.focus.get("in").and_then(|v| v.as_u64()) <= Some(2))
        {
            check_exhaustively(r);
        }
    }
}

/// The independent check on a 50-puzzle generated sample of each kind (N <= 2): the plain
/// exhaustive search finds the same key move, no other, and no shorter N. Also prints the
/// time per generated puzzle by band (median and 90th percentile), for the figures.
#[test]
#[ignore]
fn fifty_generated_puzzles_of_each_kind_agree_with_the_exhaustive_search() {
    for kind in ["capture", "escape"] {
        let t = std::time::Instant::now();
        let records = generated(kind, 60, 16);
        let made = t.elapsed();
        let mut checked = 0;
        for r in &records {
            if checked < 50 && r.focus.get("in").and_then(|v| v.as_u64()) <= Some(2) {
                check_exhaustively(r);
                checked += 1;
            }
        }
        println!(
            "{kind}: {} generated in {made:?}, {checked} with N <= 2 checked in {:?}",
            records.len(),
            t.elapsed() - made
        );
        assert_eq!(checked, 50, "{kind}: only {checked} puzzles with N <= 2");
    }
}

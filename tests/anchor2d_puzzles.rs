//! Anchor 2D puzzles: hand-built positions with known answers (a pair in one, a window that
//! spoils the connecting move, a fifth pair in one and its defence) through the library and
//! through `stonepress solve anchor2d --json`; generated puzzles checked against a plain
//! exhaustive search; a small book that builds, passes qpdf, re-proves, refuses a changed key
//! move and does not depend on `--jobs`.

mod common;

use std::path::Path;

use common::{check_pdf, files_under as files, stonepress, temp_dir};
use stonepress::games::GameId;
use stonepress::games::anchor2d::engine::{Anchor2d, Color};
use stonepress::games::anchor2d::exhaustive;
use stonepress::games::anchor2d::problem::{self, Goal, parse_pair};
use stonepress::games::anchor2d::solve::{attack, defence};
use stonepress::puzzle::{Difficulty, Record, SetSpec, generate};
use stonepress::solve::{Budget, Status};

/// Black needs (25.4) to join the bar on row 22 (touching a and g) to the foot on c.
const PAIR_IN_ONE: &str = "22.1 22.2 22.3 22.4 22.5 22.6 22.7 22.8 23.4 24.4 26.4 27.4";

/// Row 6 with 6.2 missing, and 7.4 (touching d and e) below it; a bar on row 14 from a to b
/// with 14.7 missing, under window 1.
const SPOILED: &str = "6.1 6.3 6.4 6.5 6.6 7.4 14.1 14.2 14.3 14.4 14.5 14.6 14.8 14.9 14.10 \
                       14.11 14.12 14.13 14.14";

/// Mark Steere's Figure 4 without 17.9: Black holds four pairs and 17.9 makes (g,h).
const FOUR_PAIRS: &str = "1.1 2.2 3.2 4.3 5.4 6.4 7.4 13.10 14.11 15.11 16.10 16.11 17.10 \
                          21.7 21.8 22.7 23.7 24.7 24.11 25.8 25.9 25.10 25.11 26.8 27.9";

fn position(black: &str, white: &str, to_move: Color) -> Anchor2d {
    let mut a = Anchor2d::new();
    let board = a.board().clone();
    let mut stones: Vec<_> = black
        .split_whitespace()
        .map(|t| (board.parse(t).unwrap(), Color::Black))
        .collect();
    stones.extend(
        white
            .split_whitespace()
            .map(|t| (board.parse(t).unwrap(), Color::White)),
    );
    a.setup(&stones, to_move);
    a
}

fn name(a: &Anchor2d, p: u16) -> String {
    a.board().name(p).to_string()
}

fn budget() -> Budget {
    Budget {
        nodes: 500_000,
        table_entries: 1 << 16,
        ..Budget::default()
    }
}

/// Writes a position file and runs `solve anchor2d` on it with `args` and `--json`.
fn solve_json(dir: &Path, black: &str, to_play: &str, args: &[&str]) -> serde_json::Value {
    let file = dir.join("position.toml");
    std::fs::write(
        &file,
        format!("game = \"anchor2d\"\nblack = \"{black}\"\nto_play = \"{to_play}\"\n"),
    )
    .unwrap();
    let mut all = vec!["solve", "anchor2d", "--position", file.to_str().unwrap()];
    all.extend_from_slice(args);
    all.push("--json");
    let out = stonepress(dir, &all);
    assert!(
        out.status.success(),
        "solve anchor2d: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("a JSON report")
}

#[test]
fn a_pair_in_one_has_one_key_and_the_plain_search_agrees() {
    let mut a = position(PAIR_IN_ONE, "", Color::Black);
    let k = parse_pair("(a,c)").unwrap();
    let found = attack(&a, Goal::Pair(k), 3, &budget());
    assert_eq!(found.status, Status::Proven);
    assert_eq!(found.n, 1);
    assert_eq!(
        found.proof.key_move.map(|p| name(&a, p)).as_deref(),
        Some("25.4")
    );
    assert_eq!(found.proof.unique, Some(true));
    let plain = exhaustive::winning_first_moves(&mut a, Some(k), 1);
    assert_eq!(
        plain.iter().map(|&p| name(&a, p)).collect::<Vec<_>>(),
        ["25.4"]
    );

    let dir = temp_dir("a2-pair-one");
    let r = solve_json(
        &dir,
        PAIR_IN_ONE,
        "black",
        &["--goal", "pair", "--target", "a,c"],
    );
    assert_eq!(r["status"], "proven");
    assert_eq!(r["key_move"], "25.4");
    assert_eq!(r["unique"], true);
    assert_eq!(r["in"], 1);
    assert_eq!(r["pair"], "(a,c)");
    assert_eq!(r["main_line"][0], "25.4");
}

#[test]
fn a_window_spoils_the_connecting_move() {
    let mut a = position(SPOILED, "", Color::Black);
    let k = parse_pair("a,b").unwrap();
    // 14.7 joins a to b under window 1: the loop with a and b encloses it, so no (a,b).
    let p = a.board().parse("14.7").unwrap();
    let mut joined = a.clone();
    joined.play(p).unwrap();
    assert!(!joined.pairs(Color::Black).contains(&k));
    let found = attack(&a, Goal::Pair(k), 2, &budget());
    assert_eq!(found.status, Status::Proven);
    assert_eq!(found.n, 1);
    assert_eq!(
        found.proof.key_move.map(|p| name(&a, p)).as_deref(),
        Some("6.2")
    );
    assert_eq!(found.proof.unique, Some(true));
    // The tempting join is tried and refuted (it ends the problem without the pair).
    assert!(
        found.proof.refutations.iter().any(|&(m, _)| m == p),
        "{:?}",
        found.proof.refutations
    );
    let plain = exhaustive::winning_first_moves(&mut a, Some(k), 1);
    assert_eq!(
        plain.iter().map(|&p| name(&a, p)).collect::<Vec<_>>(),
        ["6.2"]
    );

    let dir = temp_dir("a2-spoiled");
    let r = solve_json(
        &dir,
        SPOILED,
        "black",
        &["--goal", "pair", "--target", "(a,b)"],
    );
    assert_eq!(r["key_move"], "6.2");
    assert_eq!(r["unique"], true);
    assert!(
        r["refutations"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x["move"] == "14.7"),
        "{r}"
    );
}

#[test]
fn a_fifth_pair_in_one_and_its_only_defence() {
    let mut a = position(FOUR_PAIRS, "", Color::Black);
    assert_eq!(a.pairs(Color::Black).len(), 4);
    let found = attack(&a, Goal::Five, 3, &budget());
    assert_eq!(found.status, Status::Proven);
    assert_eq!(found.n, 1);
    assert_eq!(
        found.proof.key_move.map(|p| name(&a, p)).as_deref(),
        Some("17.9")
    );
    assert_eq!(found.proof.unique, Some(true));
    assert_eq!(exhaustive::minimal_n(&mut a, None, 2), Some(1));

    // White to move must take 17.9; every other move loses to it.
    let mut w = position(FOUR_PAIRS, "", Color::White);
    let d = defence(&w, 2, &budget()).expect("Black threatens");
    assert_eq!(d.status, Status::Proven);
    assert_eq!(d.n, 1);
    assert_eq!(
        d.proof.key_move.map(|p| name(&w, p)).as_deref(),
        Some("17.9")
    );
    assert_eq!(d.proof.unique, Some(true));
    let holds = exhaustive::holding_defences(&mut w, 1);
    assert_eq!(
        holds.iter().map(|&p| name(&w, p)).collect::<Vec<_>>(),
        ["17.9"]
    );

    let dir = temp_dir("a2-five");
    let r = solve_json(&dir, FOUR_PAIRS, "black", &["--goal", "auto"]);
    assert_eq!(r["goal"], "win");
    assert!(r["decided"].as_str().unwrap().starts_with("win"), "{r}");
    assert_eq!(r["key_move"], "17.9");
    let r = solve_json(&dir, FOUR_PAIRS, "white", &["--goal", "defend"]);
    assert_eq!(r["status"], "proven");
    assert_eq!(r["key_move"], "17.9");
    assert_eq!(r["unique"], true);
    let r = solve_json(&dir, FOUR_PAIRS, "white", &["--goal", "auto"]);
    assert_eq!(r["goal"], "defend", "{r}");
}

/// The record's position.
fn record_position(r: &Record) -> Anchor2d {
    let black = r.position.get("black").unwrap().as_str().unwrap();
    let white = r.position.get("white").unwrap().as_str().unwrap();
    position(black, white, Color::parse(&r.to_play).unwrap())
}

/// The plain exhaustive search's answer agrees with a record: minimal N, key move, unique.
fn agrees(r: &Record) -> Result<(), String> {
    let mut a = record_position(r);
    let n = r.focus.get("in").and_then(|v| v.as_u64()).unwrap() as u32;
    let names = |a: &Anchor2d, v: Vec<u16>| v.iter().map(|&p| name(a, p)).collect::<Vec<_>>();
    let (got_n, keys) = match r.goal.as_str() {
        "defend" => {
            let mut threat = a.clone();
            threat.set_to_move(a.to_move().opp());
            let got = exhaustive::minimal_n(&mut threat, None, n);
            let keys = exhaustive::holding_defences(&mut a, n);
            (got, names(&a, keys))
        }
        goal => {
            let aim = (goal == "pair")
                .then(|| parse_pair(r.focus.get("pair").unwrap().as_str().unwrap()).unwrap());
            let got = exhaustive::minimal_n(&mut a, aim, n);
            let keys = exhaustive::winning_first_moves(&mut a, aim, n);
            (got, names(&a, keys))
        }
    };
    if got_n != Some(n) || keys != [r.key_move.clone()] {
        return Err(format!(
            "puzzle {} ({}): recorded N {n} key {}; plain search N {got_n:?} keys {keys:?}",
            r.number, r.goal, r.key_move
        ));
    }
    Ok(())
}

fn sample(kind: &str, count: usize, seed: u64) -> Vec<Record> {
    let game = GameId::parse("anchor2d").unwrap();
    let kind = *stonepress::games::puzzle::kinds_of(game)
        .iter()
        .find(|k| k.name() == kind)
        .unwrap();
    let spec = SetSpec {
        game,
        kind,
        size: 27,
        count,
        difficulty: Difficulty::parse("any", kind.bands()).unwrap(),
        seed,
    };
    generate(&spec, 2, &|| {}).unwrap()
}

#[test]
fn a_few_generated_puzzles_agree_with_the_plain_search() {
    for kind in ["pair", "win", "defend"] {
        for r in sample(kind, 2, 11) {
            agrees(&r).unwrap();
        }
    }
}

/// The independent check of the issue: 50 generated puzzles of each kind (all have N <= 2),
/// each agreeing with the plain exhaustive search. Slow: run with `--ignored`.
#[test]
#[ignore]
fn fifty_generated_puzzles_of_each_kind_agree_with_the_plain_search() {
    for kind in ["pair", "win", "defend"] {
        let started = std::time::Instant::now();
        let records = sample(kind, 50, 2026);
        let made = started.elapsed();
        let failures: Vec<String> = records.iter().filter_map(|r| agrees(r).err()).collect();
        eprintln!(
            "{kind}: {} puzzles generated in {:.1} s, checked in {:.1} s, {} disagree",
            records.len(),
            made.as_secs_f64(),
            (started.elapsed() - made).as_secs_f64(),
            failures.len()
        );
        assert!(failures.is_empty(), "{failures:#?}");
    }
}

/// Time per generated puzzle by band (median and 90th percentile), for the report.
#[test]
#[ignore]
fn measure_generation_time_by_band() {
    let game = GameId::parse("anchor2d").unwrap();
    for kind in stonepress::games::puzzle::kinds_of(game) {
        let mut times: std::collections::BTreeMap<&str, Vec<f64>> = Default::default();
        let mut tried = 0;
        for i in 0..400u64 {
            let t = std::time::Instant::now();
            let Some(c) = kind.sample(1000 + i, 27) else {
                continue;
            };
            tried += 1;
            if let Ok(r) = kind.prove(c, i) {
                let band = kind.grade(r.proof_size);
                times
                    .entry(band)
                    .or_default()
                    .push(t.elapsed().as_secs_f64() * 1000.0);
            }
            if times.values().map(Vec::len).sum::<usize>() >= 60 {
                break;
            }
        }
        for (band, mut v) in times {
            v.sort_by(f64::total_cmp);
            let q = |f: f64| v[((v.len() - 1) as f64 * f).round() as usize];
            eprintln!(
                "{} {band}: {} puzzles, median {:.0} ms, p90 {:.0} ms ({tried} candidates)",
                kind.name(),
                v.len(),
                q(0.5),
                q(0.9)
            );
        }
    }
}

fn small_book(dir: &Path) -> std::path::PathBuf {
    let cfg = dir.join("a2.toml");
    std::fs::write(
        &cfg,
        "[document]\nname = \"a2\"\nseed = 5\nformats = [\"pdf\", \"svg\"]\n\n\
         [[puzzles]]\ngame = \"anchor2d\"\nkind = \"pair\"\ncount = 3\nper_page = 6\n\
         answers = \"end\"\n\n\
         [[puzzles]]\ngame = \"anchor2d\"\nkind = \"defend\"\ncount = 2\nper_page = 6\n\
         answers = \"end\"\n",
    )
    .unwrap();
    cfg
}

#[test]
fn a_small_book_builds_verifies_refuses_a_changed_key_and_does_not_depend_on_jobs() {
    let dir = temp_dir("a2-book");
    let cfg = small_book(&dir);
    for (out, jobs) in [("one", "1"), ("two", "2")] {
        let o = stonepress(
            &dir,
            &["build", cfg.to_str().unwrap(), "--out", out, "--jobs", jobs],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let (one, two) = (files(&dir.join("one")), files(&dir.join("two")));
    assert_eq!(one.len(), two.len());
    for (a, b) in one.iter().zip(&two) {
        assert_eq!(a.0, b.0);
        assert!(a.1 == b.1, "{} differs between --jobs 1 and --jobs 2", a.0);
    }
    check_pdf(&dir.join("two/a2.pdf"));
    let manifest = dir.join("two/a2.json");
    let o = stonepress(&dir, &["verify", manifest.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("all 5 puzzles re-proved"));
    let text = std::fs::read_to_string(&manifest).unwrap();
    let m: serde_json::Value = serde_json::from_str(&text).unwrap();
    for p in m["sets"][0]["puzzles"].as_array().unwrap() {
        assert!(
            p["instruction"]
                .as_str()
                .unwrap()
                .contains("to play and anchor (")
        );
        assert_eq!(p["main_line"][0], p["key_move"]);
        let sgf = p["sgf"].as_str().unwrap();
        let key = p["key_move"].as_str().unwrap();
        assert!(
            sgf.starts_with('(') && sgf.contains(&format!("[{key}]")),
            "{sgf}"
        );
    }
    let mut bad = m.clone();
    let other = if bad["sets"][1]["puzzles"][0]["key_move"] == "1.1" {
        "2.1"
    } else {
        "1.1"
    };
    bad["sets"][1]["puzzles"][0]["key_move"] = other.into();
    let bad_path = dir.join("bad.json");
    std::fs::write(&bad_path, serde_json::to_string(&bad).unwrap()).unwrap();
    let o = stonepress(&dir, &["verify", bad_path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("set 2 puzzle 1: key_move"), "{err}");
}

#[test]
fn the_pair_search_matches_the_problem_bound_on_an_empty_board() {
    // On the empty board no pair is within three moves: every search fails at once.
    let a = Anchor2d::new();
    let p = problem::A2Problem::new(&a, Color::Black, Goal::Five);
    for k in 0..9 {
        assert!(p.needs(Color::Black, Goal::Pair(k)) >= 4, "pair {k}");
    }
    let found = attack(&a, Goal::Pair(3), 3, &budget());
    assert_eq!(found.status, Status::Disproven);
}

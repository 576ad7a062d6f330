//! Anchor puzzles: hand-built positions with known answers (a group that reaches its third
//! side only through one move, a two-side group whose only connection meets at an away
//! corner, a block that must be played at the gap, a count in the style of RULES.md's
//! Diagram 5) through the library and through `stonepress solve anchor --json`; generated
//! puzzles checked against a plain exhaustive search; a small book that builds, passes qpdf,
//! re-proves, refuses a changed key move and does not depend on `--jobs`.

mod common;

use std::path::Path;

use common::{check_pdf, files_under as files, stonepress, temp_dir};
use stonepress::games::GameId;
use stonepress::games::anchor::engine::{Anchor, Color, Move, Verdict};
use stonepress::games::anchor::exhaustive;
use stonepress::games::anchor::problem::{self, AProblem, infer_region};
use stonepress::games::anchor::puzzle::colour_keeping;
use stonepress::games::anchor::{AnchorPosition, solve};
use stonepress::puzzle::{Difficulty, Record, SetSpec, generate};
use stonepress::solve::{Budget, Status};

fn position(black: &str, white: &str, to_move: Color) -> Anchor {
    let mut a = Anchor::new();
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

fn loaded(a: &Anchor, region: Option<Vec<u16>>) -> AnchorPosition {
    AnchorPosition {
        game: a.clone(),
        swapped: None,
        region,
    }
}

fn pt(a: &Anchor, name: &str) -> u16 {
    a.board().parse(name).unwrap()
}

fn names(a: &Anchor, ms: &[Move]) -> Vec<String> {
    ms.iter()
        .map(|&m| problem::move_name(a.board(), m))
        .collect()
}

fn budget() -> Budget {
    Budget {
        nodes: 500_000,
        table_entries: 1 << 16,
        ..Budget::default()
    }
}

/// Runs `solve anchor` on a position file with `args` and `--json`.
fn solve_json(dir: &Path, file: &Path, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["solve", "anchor", "--position", file.to_str().unwrap()];
    all.extend_from_slice(args);
    all.push("--json");
    let out = stonepress(dir, &all);
    assert!(
        out.status.success(),
        "solve anchor: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("a JSON report")
}

fn data(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/anchor/{name}"))
}

const CHAIN: &str = "H1 I2 J3 K4 L5 M6 N7";

#[test]
fn a_group_reaches_its_third_side_only_through_the_one_move() {
    let mut a = position(CHAIN, "F1 G1 H2 I3 J4 K5 L6 M7 N8", Color::Black);
    let h1 = pt(&a, "H1");
    let g = a
        .groups()
        .into_iter()
        .find(|g| g.points.contains(&h1))
        .unwrap();
    assert_eq!(
        g.verdict,
        Verdict::AwayCorner(1),
        "S1 and S2 meet at White's H1"
    );
    let found = solve::attack(&loaded(&a, None), h1, 3, &budget());
    assert_eq!(found.status, Status::Proven);
    assert_eq!(found.n, 1);
    assert_eq!(
        names(&a, &found.proof.key_move.into_iter().collect::<Vec<_>>()),
        ["O8"]
    );
    assert_eq!(found.proof.unique, Some(true));
    let region = infer_region(&a, h1, problem::REACH);
    let plain = exhaustive::winning_first_moves(&mut a, h1, &region, 1);
    assert_eq!(names(&a, &plain), ["O8"]);
    assert_eq!(exhaustive::minimal_n(&mut a, h1, &region, 2), Some(1));

    let dir = temp_dir("anchor-third");
    let r = solve_json(
        &dir,
        &data("third-side.toml"),
        &["--goal", "anchor", "--target", "H1"],
    );
    assert_eq!(r["status"], "proven");
    assert_eq!(r["key_move"], "O8");
    assert_eq!(r["unique"], true);
    assert_eq!(r["in"], 1);
    assert_eq!(r["target"], "H1");
    assert!(
        r["region"].as_array().unwrap().iter().any(|p| p == "O8"),
        "{r}"
    );
    // Without --target the group is inferred, and the report says so.
    let r = solve_json(&dir, &data("third-side.toml"), &[]);
    assert_eq!(r["goal"], "anchor");
    assert!(r["decided"].as_str().unwrap().contains("H1"), "{r}");
    assert_eq!(r["key_move"], "O8");
}

/// Black G1 (on S1) and I2 (on S2): H2 or H1 joins them, but the two sides meet at H1,
/// White's home corner, so the joined group is no anchor, and with White around it Black has
/// no anchor within two moves. The same shape in White's colours anchors with either move.
#[test]
fn a_two_side_group_meeting_at_an_away_corner_is_no_anchor() {
    let white = "F1 F2 G3 H4 J4 K4 J3";
    let mut a = position("G1 I2", white, Color::Black);
    let g1 = pt(&a, "G1");
    let mut joined = a.clone();
    joined.play(Move::Place(pt(&a, "H2"))).unwrap();
    let g = joined
        .groups()
        .into_iter()
        .find(|g| g.points.contains(&g1))
        .unwrap();
    assert_eq!(g.points.len(), 3);
    assert_eq!(g.verdict, Verdict::AwayCorner(1));
    assert!(!g.verdict.is_anchor());
    let found = solve::attack(&loaded(&a, None), g1, 2, &budget());
    assert_eq!(found.status, Status::Disproven, "{found:?}");
    let region = infer_region(&a, g1, problem::REACH);
    assert!(region.contains(&pt(&a, "H2")));
    assert_eq!(exhaustive::minimal_n(&mut a, g1, &region, 2), None);
    assert!(exhaustive::winning_first_moves(&mut a, g1, &region, 2).is_empty());

    // In White's colours H1 is the home corner: both joins anchor, so no unique key.
    let mut w = position(white, "G1 I2", Color::White);
    let found = solve::attack(&loaded(&w, None), g1, 2, &budget());
    assert_eq!(found.status, Status::Proven);
    assert_eq!(found.n, 1);
    assert_eq!(found.proof.unique, Some(false));
    let region = infer_region(&w, g1, problem::REACH);
    let wins = exhaustive::winning_first_moves(&mut w, g1, &region, 1);
    let mut plain = names(&w, &wins);
    plain.sort();
    assert_eq!(plain, ["H1", "H2"]);

    let dir = temp_dir("anchor-away");
    let file = dir.join("away.toml");
    std::fs::write(
        &file,
        format!("game = \"anchor\"\nblack = \"G1 I2\"\nwhite = \"{white}\"\nto_play = \"black\"\n"),
    )
    .unwrap();
    let r = solve_json(
        &dir,
        &file,
        &["--goal", "anchor", "--target", "G1", "--in", "2"],
    );
    assert_eq!(r["status"], "disproven", "{r}");
    assert_eq!(r["key_move"], serde_json::Value::Null);
}

#[test]
fn a_block_must_be_played_at_the_gap() {
    let mut a = position(CHAIN, "F1 G1 H2 I3 J4 K5 L6 M7", Color::White);
    let h1 = pt(&a, "H1");
    let region: Vec<u16> = "L7 L8 M8 N8 O8 M9 N9 O9 N10 O10"
        .split_whitespace()
        .map(|t| pt(&a, t))
        .collect();
    let d = problem::block(&a, h1, &region, 2, &budget(), true);
    assert_eq!(d.threat, Status::Proven);
    assert_eq!(d.n, 1);
    assert_eq!(names(&a, &d.holds), ["O8"]);
    assert!(d.open.is_empty());
    // Every other move, the pass included, fails to Black O8.
    assert_eq!(d.fails.len(), region.len());
    assert!(d.fails.iter().any(|&(m, _)| m == Move::Pass));
    assert!(
        d.fails
            .iter()
            .all(|&(_, r)| r == Some(Move::Place(pt(&a, "O8"))))
    );
    // The plain search: only O8 holds (within three Black moves, every line of the region).
    let holds = exhaustive::holding_blocks(&mut a, h1, &region, 3);
    assert_eq!(names(&a, &holds), ["O8"]);

    let dir = temp_dir("anchor-gap");
    let r = solve_json(&dir, &data("gap.toml"), &["--goal", "block"]);
    assert_eq!(r["status"], "proven");
    assert_eq!(r["key_move"], "O8");
    assert_eq!(r["unique"], true);
    assert_eq!(r["target"], "H1");
    assert!(
        r["decided"].as_str().unwrap().contains("the given region"),
        "{r}"
    );
    // The same region on the command line, for a file without one.
    let file = dir.join("no-region.toml");
    std::fs::write(
        &file,
        format!(
            "game = \"anchor\"\nblack = \"{CHAIN}\"\nwhite = \"F1 G1 H2 I3 J4 K5 L6 M7\"\n\
             to_play = \"white\"\n"
        ),
    )
    .unwrap();
    let r = solve_json(
        &dir,
        &file,
        &[
            "--goal",
            "block",
            "--region",
            "L7,L8,M8,N8,O8,M9,N9,O9,N10,O10",
        ],
    );
    assert_eq!(r["key_move"], "O8", "{r}");
    assert_eq!(r["region"].as_array().unwrap().len(), 10);
    // `auto` looks for an anchor of White's first: its chain anchors in two through N8
    // inside this region; aimed at the black stone it blocks.
    let r = solve_json(&dir, &data("gap.toml"), &[]);
    assert_eq!(r["goal"], "anchor", "{r}");
    assert_eq!(r["key_move"], "N8");
    let r = solve_json(&dir, &data("gap.toml"), &["--target", "H1"]);
    assert_eq!(r["goal"], "block", "{r}");
    assert_eq!(r["key_move"], "O8");
}

/// A small finished position counted as RULES.md's Diagram 5 is: dead stones are removed and
/// become prisoners, the points they leave are territory, and the caption gives each side's
/// territory + prisoners = total.
#[test]
fn a_count_is_the_engines_score_with_its_arithmetic() {
    // Black walls the corner A1 (on S1 and S6, Black's home corner: an anchor); White's B2
    // inside is dead, and so is Black's lone H8; White's O15 lives on its home corner.
    let a = position(
        "A1 B1 C1 D1 A2 A3 A4 D2 D3 C3 C4 B4 H8",
        "B2 O15",
        Color::Black,
    );
    let s = a.score();
    // Inside the wall: B2 (vacated), C2 and B3; everything else touches both colours.
    assert_eq!(s.territory, [3, 0]);
    assert_eq!(s.prisoners, [1, 1]);
    let kind = stonepress::puzzle::kind_of("anchor", "count").unwrap();
    let record = stonepress::games::anchor::puzzle::count_record(&a, 0);
    let score = record.focus.get("score").unwrap();
    assert_eq!(score["black_territory"], 3);
    assert_eq!(score["black_prisoners"], 1);
    assert_eq!(score["black_total"], 4);
    assert_eq!(score["white_total"], 1);
    assert_eq!(score["dead_groups"], 2);
    assert_eq!(record.key_move, "B+3");
    let fig = kind.figure(&record, true).unwrap();
    assert!(fig.caption.contains("Black 3 + 1 = 4"), "{}", fig.caption);
    assert!(fig.caption.contains("White 0 + 1 = 1"), "{}", fig.caption);
    assert_eq!(fig.marks.len(), 2, "two dead stones crossed");
    assert!(kind.verify(&record, 1000).is_empty());
    let mut bad = record.clone();
    bad.key_move = "B+1".into();
    assert!(!kind.verify(&bad, 1000).is_empty());
    let mut bad = record;
    bad.focus = bad
        .focus
        .with("score", serde_json::json!({"black_total": 5}));
    assert!(
        kind.verify(&bad, 1000)
            .iter()
            .any(|e| e.starts_with("score")),
        "a changed number is refused"
    );
}

#[test]
fn dedupe_keeps_only_the_six_symmetries_that_keep_corner_colours() {
    let a = Anchor::new();
    let board = a.board().clone();
    assert_eq!(board.symmetries().len(), 12);
    let keep = colour_keeping(&board);
    assert_eq!(keep.len(), 6);
    let corner = |n: &str| board.parse(n).unwrap();
    for perm in &keep {
        for (home, others) in [("A1", ["O8", "H15"]), ("H1", ["O15", "A8"])] {
            let img = perm[corner(home) as usize];
            assert!(
                img == corner(home) || others.iter().any(|&o| corner(o) == img),
                "a symmetry maps {home} to {}",
                board.name(img)
            );
        }
    }
    // The 180-degree turn swaps the colours of the corners: it is left out.
    let turn: Vec<u16> = board.points().map(|p| a.rotate(p)).collect();
    assert!(!keep.contains(&turn));
}

/// The record's position.
fn record_position(r: &Record) -> Anchor {
    let black = r.position.get("black").unwrap().as_str().unwrap();
    let white = r.position.get("white").unwrap().as_str().unwrap();
    position(black, white, Color::parse(&r.to_play).unwrap())
}

fn record_region(a: &Anchor, r: &Record) -> Vec<u16> {
    r.focus
        .get("region")
        .unwrap()
        .as_str()
        .unwrap()
        .split_whitespace()
        .map(|t| pt(a, t))
        .collect()
}

/// The plain exhaustive search's answer agrees with a record: minimal N, key move, unique.
fn agrees(r: &Record) -> Result<(), String> {
    let mut a = record_position(r);
    let n = r.focus.get("in").and_then(|v| v.as_u64()).unwrap() as u32;
    let target = pt(&a, r.focus.get("target").unwrap().as_str().unwrap());
    let region = record_region(&a, r);
    let (got_n, keys) = match r.goal.as_str() {
        "block" => {
            let mut threat = a.clone();
            threat.setup(&problem::stones(&a), a.to_move().opp());
            let got = exhaustive::minimal_n(&mut threat, target, &region, n);
            let keys = exhaustive::holding_blocks(&mut a, target, &region, n);
            (got, names(&a, &keys))
        }
        _ => {
            let got = exhaustive::minimal_n(&mut a, target, &region, n);
            let keys = exhaustive::winning_first_moves(&mut a, target, &region, n);
            (got, names(&a, &keys))
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
    let game = GameId::parse("anchor").unwrap();
    let kind = *stonepress::games::puzzle::kinds_of(game)
        .iter()
        .find(|k| k.name() == kind)
        .unwrap();
    let spec = SetSpec {
        game,
        kind,
        size: 8,
        count,
        difficulty: Difficulty::parse("any", kind.bands()).unwrap(),
        seed,
    };
    generate(&spec, 2, &|| {}).unwrap()
}

#[test]
fn a_few_generated_puzzles_agree_with_the_plain_search() {
    for kind in ["anchor", "block"] {
        for r in sample(kind, 2, 11) {
            let n = r.focus.get("in").and_then(|v| v.as_u64()).unwrap();
            if n <= 2 {
                agrees(&r).unwrap();
            }
        }
    }
}

/// The independent check of the issue: 50 generated puzzles of each kind with N <= 2, each
/// agreeing with the plain exhaustive search. Slow: run with `--ignored`.
#[test]
#[ignore]
fn fifty_generated_puzzles_of_each_kind_agree_with_the_plain_search() {
    for kind in ["anchor", "block"] {
        let started = std::time::Instant::now();
        // A set is sorted by proof size, so the puzzles in two come last: keep every one of
        // them, then fill up to 50 with puzzles in one.
        let mut records: Vec<Record> = sample(kind, 120, 2026)
            .into_iter()
            .filter(|r| r.focus.get("in").and_then(|v| v.as_u64()).unwrap() <= 2)
            .collect();
        records.sort_by_key(|r| std::cmp::Reverse(r.focus.get("in").and_then(|v| v.as_u64())));
        records.truncate(50);
        let made = started.elapsed();
        assert_eq!(
            records.len(),
            50,
            "{kind}: fewer than 50 puzzles with N <= 2"
        );
        let failures: Vec<String> = records.iter().filter_map(|r| agrees(r).err()).collect();
        let in_two = records
            .iter()
            .filter(|r| r.focus.get("in").and_then(|v| v.as_u64()) == Some(2))
            .count();
        eprintln!(
            "{kind}: {} puzzles ({in_two} with N = 2) generated in {:.1} s, checked in {:.1} s, \
             {} disagree",
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
    let game = GameId::parse("anchor").unwrap();
    for kind in stonepress::games::puzzle::kinds_of(game) {
        let mut times: std::collections::BTreeMap<&str, Vec<f64>> = Default::default();
        let mut tried = 0;
        let mut ns: std::collections::BTreeMap<String, usize> = Default::default();
        let mut sizes = Vec::new();
        for i in 0..400u64 {
            let t = std::time::Instant::now();
            let Some(c) = kind.sample(1000 + i, 8) else {
                continue;
            };
            tried += 1;
            if let Ok(r) = kind.prove(c, i) {
                let band = kind.grade(r.proof_size);
                sizes.push(r.proof_size);
                *ns.entry(format!("{}", r.focus.get("in").unwrap()))
                    .or_default() += 1;
                times
                    .entry(band)
                    .or_default()
                    .push(t.elapsed().as_secs_f64() * 1000.0);
            }
            if times.values().map(Vec::len).sum::<usize>() >= 60 {
                break;
            }
        }
        sizes.sort_unstable();
        eprintln!("{} proof sizes {sizes:?} N {ns:?}", kind.name());
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
    let cfg = dir.join("an.toml");
    std::fs::write(
        &cfg,
        "[document]\nname = \"an\"\nseed = 5\nformats = [\"pdf\", \"svg\"]\n\n\
         [[puzzles]]\ngame = \"anchor\"\nkind = \"anchor\"\ncount = 2\nper_page = 6\n\
         answers = \"end\"\n\n\
         [[puzzles]]\ngame = \"anchor\"\nkind = \"block\"\ncount = 2\nper_page = 6\n\
         answers = \"end\"\n\n\
         [[puzzles]]\ngame = \"anchor\"\nkind = \"count\"\ncount = 1\nper_page = 6\n\
         answers = \"end\"\n",
    )
    .unwrap();
    cfg
}

#[test]
fn a_small_book_builds_verifies_refuses_a_changed_key_and_does_not_depend_on_jobs() {
    let dir = temp_dir("anchor-book");
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
    check_pdf(&dir.join("two/an.pdf"));
    let manifest = dir.join("two/an.json");
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
                .contains("to play and anchor the marked group")
        );
        assert_eq!(p["main_line"][0], p["key_move"]);
        let sgf = p["sgf"].as_str().unwrap();
        let key = p["key_move"].as_str().unwrap();
        assert!(
            sgf.starts_with('(') && sgf.contains(&format!("[{key}]")),
            "{sgf}"
        );
    }
    for (set, first, second) in [(1, "A1", "B1"), (2, "B+1", "W+1")] {
        let mut bad = m.clone();
        let other = if bad["sets"][set]["puzzles"][0]["key_move"] == first {
            second
        } else {
            first
        };
        bad["sets"][set]["puzzles"][0]["key_move"] = other.into();
        let bad_path = dir.join("bad.json");
        std::fs::write(&bad_path, serde_json::to_string(&bad).unwrap()).unwrap();
        let o = stonepress(&dir, &["verify", bad_path.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains(&format!("set {} puzzle 1: key_move", set + 1)),
            "{err}"
        );
    }
}

#[test]
fn the_bound_fails_a_group_far_from_every_side_at_once() {
    // A lone stone in the centre needs at least four stones to reach two opposite sides.
    let a = position("H8", "", Color::Black);
    let h8 = pt(&a, "H8");
    let all: Vec<u16> = a.board().points().filter(|&p| p != h8).collect();
    let p = AProblem::new(&a, Color::Black, h8, &all);
    assert!(p.needs() >= 7, "{}", p.needs());
    let found = solve::attack(&loaded(&a, Some(all)), h8, 3, &budget());
    assert_eq!(found.status, Status::Disproven);
}

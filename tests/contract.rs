//! The game contract end to end: the test-only game (tic-tac-toe, `src/games/tictactoe/`) gets a
//! board sheet, a diagram, `score` and a verified puzzle book through the command line by its
//! folder and one registry line; and every game's loaded position keeps the `Position`
//! contract (play, undo, hash).

mod common;

use std::path::Path;
use std::process::{Command, Output};

use stonepress::games::{BoardParams, GameId, ScoreOptions, Source};

use common::{check_pdf, have, temp_dir};

/// Runs stonepress with the test games listed.
fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stonepress"))
        .args(args)
        .current_dir(dir)
        .env("STONEPRESS_TEST_GAMES", "1")
        .output()
        .expect("run stonepress")
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn the_test_game_is_listed_only_for_the_tests() {
    let dir = temp_dir("contract-listing");
    let with = run(&dir, &["games"]);
    assert!(with.status.success());
    let listed = String::from_utf8_lossy(&with.stdout);
    assert!(listed.contains("tictactoe Tic-tac-toe"), "{listed}");
    assert!(listed.contains("puzzle kinds: win"), "{listed}");
    assert!(
        listed.contains("lines        a circle on the winning line's stones"),
        "{listed}"
    );
    let without = common::stonepress(&dir, &["games"]);
    assert!(!String::from_utf8_lossy(&without.stdout).contains("tictactoe"));
    std::fs::write(dir.join("p.toml"), "black = \"A1\"\n").unwrap();
    let o = common::stonepress(&dir, &["score", "tictactoe", "--position", "p.toml"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("unknown game 'tictactoe'"),
        "{}",
        text(&o)
    );
}

#[test]
fn the_test_game_scores_through_the_command_line() {
    let dir = temp_dir("contract-score");
    std::fs::write(
        dir.join("won.toml"),
        "picture = \"\"\"\nX O .\n. X O\n. . X\n\"\"\"\n",
    )
    .unwrap();
    let o = run(
        &dir,
        &["score", "tictactoe", "--position", "won.toml", "--json"],
    );
    assert!(o.status.success(), "{}", text(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["winner"], "black");
    assert_eq!(v["black"]["line"], serde_json::json!(["C1", "B2", "A3"]));
    // The moves of a position file are replayed with the rules: a taken point is refused
    // at its place in the file.
    std::fs::write(dir.join("bad.toml"), "black = \"B2\"\nmoves = \"A1 B2\"\n").unwrap();
    let o = run(&dir, &["score", "tictactoe", "--position", "bad.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).contains("bad.toml:2:13") && text(&o).contains("taken"),
        "{}",
        text(&o)
    );
    // Another game's key names that game.
    std::fs::write(dir.join("go.toml"), "size = 9\n").unwrap();
    let o = run(&dir, &["score", "tictactoe", "--position", "go.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o).contains("is a Go key"), "{}", text(&o));
    // No solver: a run-time failure that says so.
    let o = run(&dir, &["solve", "tictactoe", "--position", "won.toml"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o).contains("no solver for Tic-tac-toe"),
        "{}",
        text(&o)
    );
}

#[test]
fn the_test_game_gets_a_sheet_a_diagram_and_a_verified_book() {
    let dir = temp_dir("contract-build");
    let o = run(&dir, &["board", "tictactoe", "--out", "sheet.svg"]);
    assert!(o.status.success(), "{}", text(&o));
    let sheet = std::fs::read_to_string(dir.join("sheet.svg")).unwrap();
    assert!(
        sheet.contains("Tic-tac-toe") && sheet.contains(">C<"),
        "a titled, labelled sheet"
    );
    std::fs::write(
        dir.join("doc.toml"),
        r#"[document]
title = "Three in a row"
name = "ttt"

[[board]]
game = "tictactoe"
record_table = true

[[diagram]]
game = "tictactoe"
position = { black = "A1 B1", white = "A2 B2" }
moves = "C1"
show = ["lines"]

[[puzzles]]
game = "tictactoe"
count = 4
difficulty = "any"
per_page = 4
"#,
    )
    .unwrap();
    let o = run(&dir, &["check", "doc.toml"]);
    assert!(o.status.success(), "{}", text(&o));
    let o = run(&dir, &["build", "doc.toml", "--jobs", "2"]);
    assert!(o.status.success(), "{}", text(&o));
    let out = dir.join("output");
    check_pdf(&out.join("ttt.pdf"));
    let pages: Vec<_> = std::fs::read_dir(out.join("ttt")).unwrap().collect();
    assert!(pages.len() >= 3, "a sheet, a diagram page and the book");
    let diagram = std::fs::read_dir(out.join("ttt"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .find(|s| s.contains("Diagram 1"))
        .expect("a diagram page");
    assert!(
        diagram.contains("Black has three in a row."),
        "the engine's caption"
    );
    let manifest = out.join("ttt.json");
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    let puzzles = m["sets"][0]["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 4);
    assert!(
        puzzles
            .iter()
            .all(|p| p["game"] == "tictactoe" && p["unique"] == true)
    );
    let o = run(&dir, &["verify", manifest.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    // A wrong key move is caught by re-proving.
    let tampered = std::fs::read_to_string(&manifest).unwrap().replacen(
        &format!(
            "\"key_move\": \"{}\"",
            puzzles[0]["key_move"].as_str().unwrap()
        ),
        "\"key_move\": \"Z9\"",
        1,
    );
    std::fs::write(&manifest, tampered).unwrap();
    let o = run(&dir, &["verify", manifest.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(text(&o).contains("key_move"), "{}", text(&o));
    if have("pdftotext") {
        let t = Command::new("pdftotext")
            .arg(out.join("ttt.pdf"))
            .arg("-")
            .output()
            .unwrap();
        let t = String::from_utf8_lossy(&t.stdout);
        assert!(t.contains("to play and win"), "{t}");
    }
}

#[test]
fn every_game_plays_undoes_and_hashes_through_the_contract() {
    for game in GameId::all() {
        let board = game.board(&BoardParams::new()).unwrap();
        assert!(board.len() >= 9, "{}", game.key());
        let mut pos = game.load(&Source::file("empty.toml", "")).unwrap();
        let before = pos.hash();
        assert!(!pos.undo(), "{}: nothing to take back", game.key());
        // The first point on which the rules allow the side to move a stone.
        let names: Vec<String> = pos
            .board()
            .points()
            .map(|p| pos.board().name(p).to_string())
            .collect();
        let played = names
            .iter()
            .find(|n| pos.play(n).is_ok())
            .unwrap_or_else(|| panic!("{}: no legal first move", game.key()));
        assert_ne!(pos.hash(), before, "{} {played}", game.key());
        assert!(
            pos.play(played).is_err(),
            "{}: {played} is taken",
            game.key()
        );
        assert!(pos.undo(), "{}", game.key());
        assert_eq!(pos.hash(), before, "{}: undo restores the hash", game.key());
        assert!(
            pos.score(&ScoreOptions::default()).is_ok(),
            "{}",
            game.key()
        );
    }
}

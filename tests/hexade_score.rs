//! `stonepress score hexade` through the command line.

mod common;

use common::{stonepress, temp_dir};

/// `score hexade --position FILE --json` run in `dir`, which must succeed, as JSON.
fn score_json(dir: &std::path::Path, file: &str) -> serde_json::Value {
    let out = stonepress(dir, &["score", "hexade", "--position", file, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn score_hexade_reports_sixes_and_the_winner() {
    let dir = temp_dir("score-hexade");
    let file = common::data("hexade", "six.toml");
    let v = score_json(&dir, &file);
    assert_eq!(v["winner"], "white");
    assert_eq!(v["white"]["stones"], 6);
    assert_eq!(v["white"]["sixes"][0]["shape"], "row");
    assert_eq!(v["white"]["sixes"][0]["cells"].as_array().unwrap().len(), 6);
    assert_eq!(v["black"]["sixes"].as_array().unwrap().len(), 0);
}

#[test]
fn hexade_distance_rule_error_names_the_move() {
    let dir = temp_dir("hexade-distance");
    std::fs::write(dir.join("p.toml"), "moves = \"I11 A1 I12\"\n").unwrap();
    let out = stonepress(&dir, &["score", "hexade", "--position", "p.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("move 3 (I12)") && err.contains("distance 3"),
        "{err}"
    );
}

#[test]
fn score_hexade_a_set_up_six_wins_when_its_owners_turn_starts() {
    let dir = temp_dir("hexade-setup-six");
    std::fs::write(
        dir.join("p.toml"),
        "black = \"C3 C4 C5 C6 C7 C8\"\nwhite = \"J10 J12 K14 A1 A2 A3\"\n\
         to_play = \"white\"\nmoves = \"S10\"\n",
    )
    .unwrap();
    let v = score_json(&dir, "p.toml");
    assert_eq!(v["winner"], "black");
    assert_eq!(v["black"]["sixes"][0]["shape"], "row");
}

#[test]
fn score_hexade_distance_rule_does_not_return_after_whites_set_up_stones_are_taken() {
    let dir = temp_dir("hexade-distance-setup");
    std::fs::write(
        dir.join("p.toml"),
        "white = \"J5 J6\"\nblack = \"J4\"\nto_play = \"black\"\nmoves = \"J7 A1 S10 A2\"\n",
    )
    .unwrap();
    let v = score_json(&dir, "p.toml");
    assert_eq!(v["white"]["stones"], 2, "A1 and A2");
    assert_eq!(v["black"]["captured"], 2, "J5 and J6");
    assert_eq!(v["to_play"], "black");
}

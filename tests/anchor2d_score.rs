//! `stonepress score anchor2d` through the command line.

mod common;

use common::{stonepress, temp_dir};

#[test]
fn score_anchor2d_lists_pairs_and_the_winner() {
    let dir = temp_dir("score-anchor2d");
    let file = common::data("anchor2d", "figure4.toml");
    let out = stonepress(&dir, &["score", "anchor2d", "--position", &file, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["black"]["pairs"],
        serde_json::json!(["a-b", "d-e", "e-f", "g-h", "g-i"])
    );
    assert_eq!(v["black"]["total"], 5);
    assert_eq!(v["white"]["total"], 0);
    assert_eq!(v["winner"], "black");
}

#[test]
fn anchor2d_refuses_green_cells_and_names_the_move() {
    let dir = temp_dir("anchor2d-bad");
    std::fs::write(dir.join("p.toml"), "moves = \"1.1 a5\"\n").unwrap();
    let out = stonepress(&dir, &["score", "anchor2d", "--position", "p.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("move 2 (a5)") && err.contains("green"),
        "{err}"
    );
}

//! `stonepress score kropki` through the command line.

mod common;

use common::{stonepress, temp_dir};

#[test]
fn score_kropki_counts_the_outermost_region() {
    let dir = temp_dir("score-kropki");
    let file = common::data("kropki", "recursive.toml");
    let out = stonepress(&dir, &["score", "kropki", "--position", &file, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["black"]["captured"], 0);
    assert_eq!(v["white"]["captured"], 6);
    assert_eq!(v["white"]["total"], 6);
    let regions = v["regions"].as_array().unwrap();
    assert_eq!(regions.len(), 2);
    assert_eq!(regions[0]["owner"], "black");
    assert_eq!(regions[0]["captured"], serde_json::json!(["E5"]));
    assert_eq!(regions[1]["owner"], "white");
    assert_eq!(regions[1]["captured"].as_array().unwrap().len(), 6);
    assert!(v["winner"].is_null(), "the game is not over");
}

#[test]
fn kropki_moves_with_declarations_and_errors() {
    let dir = temp_dir("kropki-moves");
    std::fs::write(
        dir.join("p.toml"),
        "width = 7\nheight = 7\nmoves = \"D6 D5 C5 A1 E5 A2 D4+D5\"\n",
    )
    .unwrap();
    let out = stonepress(&dir, &["score", "kropki", "--position", "p.toml", "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["black"]["captured"], 1);
    std::fs::write(
        dir.join("q.toml"),
        "width = 7\nheight = 7\nmoves = \"D6 D5 C5+D5\"\n",
    )
    .unwrap();
    let out = stonepress(&dir, &["score", "kropki", "--position", "q.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 3 (C5+D5)"), "{err}");
}

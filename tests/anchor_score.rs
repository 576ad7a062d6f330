//! `stonepress score anchor` through the command line.

mod common;

use common::{stonepress, temp_dir};

#[test]
fn score_anchor_json_lists_groups_sides_and_totals() {
    let dir = temp_dir("score-anchor");
    let file = common::data("anchor", "ranks.toml");
    let out = stonepress(&dir, &["score", "anchor", "--position", &file, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["black"]["territory"], 8);
    assert_eq!(v["black"]["prisoners"], 1);
    assert_eq!(v["black"]["total"], 9);
    assert_eq!(v["white"]["prisoners"], 1);
    assert_eq!(v["winner"], "white");
    assert_eq!(v["neutral"].as_array().unwrap().len(), 10);
    let groups = v["groups"].as_array().unwrap();
    let d1 = groups
        .iter()
        .find(|g| g["points"] == serde_json::json!(["D1"]))
        .unwrap();
    assert_eq!(d1["anchor"], false);
    assert_eq!(d1["sides"], serde_json::json!(["S1"]));
    let rank2 = groups.iter().find(|g| g["points"][0] == "A2").unwrap();
    assert_eq!(rank2["anchor"], true);
    assert_eq!(rank2["sides"], serde_json::json!(["S2", "S6"]));
    let text = stonepress(&dir, &["score", "anchor", "--position", &file]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("Black 9 = 8 territory + 1 prisoner\n"));
}

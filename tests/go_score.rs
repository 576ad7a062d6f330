//! `stonepress score go` through the command line: JSON shape, text, SGF and errors.

mod common;

use common::{stonepress, temp_dir};

fn data(name: &str) -> String {
    common::data("go", name)
}

#[test]
fn score_go_json_has_the_common_shape() {
    let dir = temp_dir("score-go");
    let out = stonepress(
        &dir,
        &[
            "score",
            "go",
            "--position",
            &data("seed-example.toml"),
            "--json",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["black"]["stones"], 27);
    assert_eq!(v["black"]["territory"], 18);
    assert_eq!(v["black"]["area"], 45);
    assert_eq!(v["white"]["area"], 36);
    assert_eq!(v["white"]["total"], 43.0);
    assert_eq!(v["komi"], 7.0);
    assert_eq!(v["winner"], "black");
    assert_eq!(v["result"], "B+2");
    let text = stonepress(
        &dir,
        &["score", "go", "--position", &data("seed-example.toml")],
    );
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Black 45 = 27 stones + 18 territory"),
        "{text}"
    );
}

#[test]
fn score_go_reads_sgf_and_marks_dead_stones() {
    let dir = temp_dir("score-sgf");
    let out = stonepress(
        &dir,
        &["score", "go", "--position", &data("capture.sgf"), "--json"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["moves"], 20);
    let dead = stonepress(
        &dir,
        &[
            "score",
            "go",
            "--position",
            &data("capture.sgf"),
            "--dead",
            "E9",
            "--json",
        ],
    );
    let d: serde_json::Value = serde_json::from_slice(&dead.stdout).unwrap();
    assert_eq!(d["white"]["dead"], serde_json::json!(["E9"]));
    assert_eq!(
        d["white"]["stones"],
        v["white"]["stones"].as_u64().unwrap() - 1
    );
}

#[test]
fn illegal_move_is_named_with_its_number_and_reason() {
    let dir = temp_dir("score-illegal");
    let out = stonepress(&dir, &["score", "go", "--position", &data("illegal.toml")]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("move 3 (E5)") && err.contains("occupied"),
        "{err}"
    );
    std::fs::write(dir.join("bad.toml"), "size = 9\nblack = \"E5 Z9\"\n").unwrap();
    let out = stonepress(&dir, &["score", "go", "--position", "bad.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.toml:2") && err.contains("Z9"), "{err}");
    std::fs::write(dir.join("bad.sgf"), "(;GM[1]SZ[9];B[ee]\n;W[ff").unwrap();
    let out = stonepress(&dir, &["score", "go", "--position", "bad.sgf"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.sgf:2:4: "), "{err}");
}

//! `stonepress solve go` through the command line: goal inference, key move, uniqueness.

mod common;

use common::{solve_go_json, stonepress, temp_dir};

fn data(name: &str) -> String {
    common::data("go", name)
}

#[test]
fn solve_go_finds_the_vital_point_of_a_straight_three() {
    let dir = temp_dir("solve-go");
    let v = solve_go_json(&dir, &data("straight-three.toml"), &[]);
    assert_eq!(v["goal"], "kill");
    assert_eq!(v["status"], "proven");
    assert_eq!(v["key_move"], "B1");
    assert_eq!(v["unique"], true);
    assert_eq!(v["main_line"][0], "B1");
    assert!(v["nodes"].as_u64().unwrap() > 0);
    // The same shape from SGF with White to play: White lives at B1.
    let v = solve_go_json(&dir, &data("straight-three.sgf"), &[]);
    assert_eq!(v["goal"], "live");
    assert_eq!(v["status"], "proven");
    assert_eq!(v["key_move"], "B1");
    // Asking White to kill the Black wall is refused (the target must not be the mover's).
    let out = stonepress(
        &dir,
        &[
            "solve",
            "go",
            "--position",
            &data("straight-three.sgf"),
            "--goal",
            "kill",
            "--target",
            "B2",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_tiny_budget_says_unknown() {
    let dir = temp_dir("solve-budget");
    let v = solve_go_json(&dir, &data("straight-three.toml"), &["--budget-ms", "0"]);
    assert_eq!(v["status"], "unknown");
    assert!(v["key_move"].is_null());
}

#[test]
fn an_inferred_region_stays_inside_the_wall_so_a_bulky_five_solves_at_once() {
    let dir = temp_dir("solve-bulky");
    let v = solve_go_json(&dir, &data("bulky-five.toml"), &[]);
    assert_eq!(v["goal"], "kill");
    assert_eq!(v["status"], "proven");
    assert_eq!(v["key_move"], "B1");
    assert_eq!(v["unique"], true);
    // The region is the inside of Black's wall: no point beyond it (row 5 and up, column F on).
    for p in v["region"].as_array().unwrap() {
        let p = p.as_str().unwrap();
        assert!(
            p.as_bytes()[0] <= b'E' && p[1..].parse::<u32>().unwrap() <= 4,
            "{p}"
        );
    }
}

/// Cho Chikun, Elementary 670, set on the top edge of a 9x9 board and reaching its right
/// edge: the stones' layout makes White look like the enclosed side, but Black cannot kill
/// it; the other reading (Black lives) is tried and holds, at F9.
#[test]
fn auto_goal_tries_the_other_reading_when_the_first_fails() {
    let dir = temp_dir("solve-go-other");
    let v = solve_go_json(&dir, &data("side-live.sgf"), &[]);
    assert_eq!(v["goal"], "live");
    assert_eq!(v["status"], "proven");
    assert_eq!(v["key_move"], "F9");
    assert!(
        v["decided"]
            .as_str()
            .unwrap()
            .ends_with("(the other reading fails)"),
        "{}",
        v["decided"]
    );
}

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
/// edge. White's stones reach the right edge and Black's lie one line below the top: the top
/// side is the problem's own edge (one line away), the left and bottom are open, and Black is
/// the enclosed side: Black lives at F9.
#[test]
fn auto_goal_reads_a_side_problem_with_its_first_line_empty() {
    let dir = temp_dir("solve-go-side");
    let v = solve_go_json(&dir, &data("side-live.sgf"), &[]);
    assert_eq!(v["goal"], "live");
    assert_eq!(v["status"], "proven");
    assert_eq!(v["key_move"], "F9");
    assert_eq!(v["decided"], "Black to play and live the black group at E8");
}

/// Cho Chikun, Advanced 255, cut down to 9x9: Black cannot kill White's C6 group, and Black's
/// own group lives even if Black passes, so that reading poses no problem and is not taken.
#[test]
fn auto_goal_does_not_take_a_reading_that_needs_no_move() {
    let dir = temp_dir("solve-go-settled");
    let v = solve_go_json(&dir, &data("settled-other.sgf"), &[]);
    assert_eq!(v["goal"], "kill");
    assert_eq!(v["status"], "disproven");
    assert_eq!(v["decided"], "Black to play and kill the white group at C6");
    // The other reading on its own: a win, with a pass among the winning moves.
    let live = solve_go_json(
        &dir,
        &data("settled-other.sgf"),
        &["--goal", "live", "--target", "D5"],
    );
    assert_eq!(live["status"], "proven");
    let others = live["other_winning_moves"].as_array().unwrap();
    assert!(others.iter().any(|m| m == "pass"), "{others:?}");
}

//! Board sheets for every game, on A4 and Letter, in both formats: valid files, and the number
//! of points or cells counted from the output.

mod common;

use common::{check_pdf, count_class, render_svg, stonepress, temp_dir};

/// (game, extra args, points, playable cells, edge cells)
const GAMES: [(&str, &[&str], usize, usize, usize); 6] = [
    ("anchor", &[], 169, 0, 0),
    ("anchor2d", &[], 0, 328, 114),
    ("kropki", &["--width", "20", "--height", "15"], 300, 0, 0),
    ("go", &[], 81, 0, 0),
    ("go", &["--size", "19"], 361, 0, 0),
    ("hexade", &[], 0, 271, 0),
];

#[test]
fn every_board_sheet_on_a4_and_letter_in_both_formats() {
    let dir = temp_dir("sheets");
    for (game, extra, points, cells, edges) in GAMES {
        for paper in ["a4", "letter"] {
            for ext in ["pdf", "svg"] {
                let file = format!("{game}-{}-{paper}.{ext}", extra.len());
                let mut args = vec!["board", game, "--paper", paper, "--out", &file];
                args.extend_from_slice(extra);
                let out = stonepress(&dir, &args);
                assert!(
                    out.status.success(),
                    "{args:?}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let path = dir.join(&file);
                if ext == "pdf" {
                    check_pdf(&path);
                } else {
                    let svg = std::fs::read_to_string(&path).unwrap();
                    assert_eq!(count_class(&svg, "point"), points, "{file} points");
                    assert_eq!(count_class(&svg, "cell"), cells, "{file} cells");
                    assert_eq!(count_class(&svg, "edge-cell"), edges, "{file} edge cells");
                    assert!(render_svg(&svg) > 1000, "{file} renders with ink on it");
                }
            }
        }
    }
}

#[test]
fn anchor_sheet_marks_three_home_corners_per_colour() {
    let dir = temp_dir("anchor-corners");
    let out = stonepress(&dir, &["board", "anchor", "--out", "a.svg"]);
    assert!(out.status.success());
    let svg = std::fs::read_to_string(dir.join("a.svg")).unwrap();
    let anchors: Vec<&str> = svg
        .lines()
        .filter(|l| l.contains("class=\"anchor\""))
        .collect();
    assert_eq!(anchors.len(), 6);
    assert_eq!(
        anchors
            .iter()
            .filter(|l| l.contains("fill=\"#000000\""))
            .count(),
        3
    );
    assert_eq!(
        anchors
            .iter()
            .filter(|l| l.contains("fill=\"#ffffff\""))
            .count(),
        3
    );
}

#[test]
fn go_sheet_has_star_points_and_states_its_scale() {
    let dir = temp_dir("go-scale");
    let out = stonepress(&dir, &["board", "go", "--out", "g.svg"]);
    assert!(out.status.success());
    let svg = std::fs::read_to_string(dir.join("g.svg")).unwrap();
    assert_eq!(count_class(&svg, "star"), 5);
    assert!(svg.contains("of full size") || svg.contains("at full size"));
    // Without coordinates and with small margins on A3, a 9x9 board is at full size.
    let out = stonepress(
        &dir,
        &[
            "board",
            "go",
            "--paper",
            "a3",
            "--no-coordinates",
            "--out",
            "g3.svg",
        ],
    );
    assert!(out.status.success());
    let svg = std::fs::read_to_string(dir.join("g3.svg")).unwrap();
    assert!(
        svg.contains("9x9 Go board at full size"),
        "A3 fits a real 9x9 board"
    );
}

#[test]
fn record_and_score_tables_are_printed_when_asked() {
    let dir = temp_dir("tables");
    let out = stonepress(
        &dir,
        &[
            "board",
            "go",
            "--record-table",
            "--score-table",
            "--out",
            "t.svg",
        ],
    );
    assert!(out.status.success());
    let svg = std::fs::read_to_string(dir.join("t.svg")).unwrap();
    assert!(svg.contains(">No.<") && svg.contains(">Komi<") && svg.contains(">Territory<"));
    let out = stonepress(
        &dir,
        &["board", "hexade", "--score-table", "--out", "h.svg"],
    );
    assert_eq!(out.status.code(), Some(2), "Hexade has no score table");
}

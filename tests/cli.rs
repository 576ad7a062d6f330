//! The command line: the default build, determinism, configuration errors, init and games.

mod common;

use common::{check_pdf, files_under, stonepress, temp_dir};

#[test]
fn default_build_makes_a_sheet_per_game_then_diagrams_and_verified_puzzles() {
    let dir = temp_dir("default");
    let out = stonepress(&dir, &["build"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    check_pdf(&dir.join("output/sampler.pdf"));
    let pages = files_under(&dir.join("output/sampler"));
    // Five board sheets, two pages of diagrams (one per game), and five puzzle sets of a page
    // of problems and a page of answers each.
    assert_eq!(pages.len(), 17);
    // The words of every text line, one space between lines: a title wrapped to its box reads
    // as one phrase again.
    let text: String = pages
        .iter()
        .flat_map(|(_, bytes)| {
            let svg = String::from_utf8_lossy(bytes).into_owned();
            svg.split("</text>")
                .filter_map(|t| t.rsplit_once('>').map(|(_, words)| words.to_string()))
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>()
        .join(" ");
    for wanted in [
        "9x9 Go: the count",
        "Anchor: anchors, dead groups and the score",
        "Kropki: a region captured inside a larger one",
        "9x9 Go: life and death",
        "Hexade: three perfect sixes",
        "White has three sixes",
        "Anchor 2D: which pairs are anchored",
        "Hexade: make a perfect six",
        "Anchor 2D: anchor the pair",
        "Kropki: capture the dots",
        "Anchor: make an anchor",
        "Answer on page",
    ] {
        assert!(text.contains(wanted), "the sampler lacks '{wanted}'");
    }
    // The puzzle sets are proven: their manifest re-proves.
    let manifest = dir.join("output/sampler.json");
    let o = stonepress(&dir, &["verify", manifest.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn two_builds_give_identical_bytes() {
    let a = temp_dir("det-a");
    let b = temp_dir("det-b");
    assert!(stonepress(&a, &["build"]).status.success());
    // A second process with a different history of ids must still give the same bytes.
    assert!(
        stonepress(&b, &["board", "go", "--out", "x.pdf"])
            .status
            .success()
    );
    assert!(stonepress(&b, &["build"]).status.success());
    std::fs::remove_file(b.join("x.pdf")).unwrap();
    let fa = files_under(&a.join("output"));
    let fb = files_under(&b.join("output"));
    assert_eq!(fa.len(), fb.len());
    for ((na, ba), (nb, bb)) in fa.iter().zip(&fb) {
        assert_eq!(na, nb);
        assert!(ba == bb, "{na} differs between builds");
    }
}

#[test]
fn bad_toml_exits_2_with_line_and_column_and_writes_nothing() {
    let dir = temp_dir("bad-toml");
    std::fs::write(
        dir.join("bad.toml"),
        "[document]\ntitle = \"x\"\npaper = \n",
    )
    .unwrap();
    let out = stonepress(&dir, &["build", "bad.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.toml:3:"), "{err}");
    assert!(!dir.join("output").exists(), "nothing written");
}

#[test]
fn unknown_key_is_named() {
    let dir = temp_dir("unknown-key");
    std::fs::write(
        dir.join("c.toml"),
        "[[board]]\ngame = \"go\"\ncolor = true\n",
    )
    .unwrap();
    let out = stonepress(&dir, &["check", "c.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("c.toml:3:1") && err.contains("color"), "{err}");
}

#[test]
fn bad_values_point_at_their_line() {
    let dir = temp_dir("bad-values");
    let cases = [
        ("[[board]]\ngame = \"chess\"\n", "unknown game"),
        ("[[board]]\ngame = \"go\"\nsize = 25\n", "outside 5..19"),
        (
            "[document]\npaper = \"b6\"\n[[board]]\ngame = \"go\"\n",
            "unknown paper",
        ),
        ("[[board]]\ngame = \"hexade\"\nsize = 9\n", "does not apply"),
    ];
    for (text, expect) in cases {
        std::fs::write(dir.join("v.toml"), text).unwrap();
        let out = stonepress(&dir, &["check", "v.toml"]);
        assert_eq!(out.status.code(), Some(2), "{text}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expect) && err.contains("v.toml:"), "{err}");
    }
}

#[test]
fn init_writes_a_valid_starter_and_never_overwrites() {
    let dir = temp_dir("init");
    assert!(stonepress(&dir, &["init", "s.toml"]).status.success());
    assert!(stonepress(&dir, &["check", "s.toml"]).status.success());
    std::fs::write(dir.join("mine.toml"), "keep me").unwrap();
    let out = stonepress(&dir, &["init", "mine.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        std::fs::read_to_string(dir.join("mine.toml")).unwrap(),
        "keep me"
    );
}

#[test]
fn templates_all_validate() {
    let dir = temp_dir("templates");
    let root = env!("CARGO_MANIFEST_DIR");
    for e in std::fs::read_dir(format!("{root}/templates")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "toml") {
            let out = stonepress(&dir, &["check", p.to_str().unwrap()]);
            assert!(
                out.status.success(),
                "{}: {}",
                p.display(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

#[test]
fn games_lists_all_five_with_coordinates() {
    let dir = temp_dir("games");
    let out = stonepress(&dir, &["games"]);
    let text = String::from_utf8_lossy(&out.stdout);
    for g in ["anchor", "anchor2d", "kropki", "go", "hexade"] {
        assert!(text.contains(g), "{g}");
    }
    assert!(text.contains("Steven Meyers") && text.contains("Mark Steere"));
    assert!(text.contains("columns A..J without I"));
    assert!(text.contains("puzzle kinds: kill, live, life-and-death"));
    assert!(text.contains("diagram show:"));
}

#[test]
fn unknown_game_and_bad_paper_exit_2() {
    let dir = temp_dir("bad-args");
    assert_eq!(stonepress(&dir, &["board", "chess"]).status.code(), Some(2));
    assert_eq!(
        stonepress(&dir, &["board", "go", "--paper", "b7"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        stonepress(&dir, &["board", "go", "--size", "4"])
            .status
            .code(),
        Some(2)
    );
    assert!(!dir.join("output").exists());
}

/// The README's `solve` examples for the "win in N" games give the answers it describes.
#[test]
fn the_readme_solve_examples_for_hexade_and_anchor2d_hold() {
    let dir = temp_dir("readme-solve");
    let data = format!("{}/tests/data", env!("CARGO_MANIFEST_DIR"));
    let run = |args: &[&str]| -> serde_json::Value {
        let o = stonepress(&dir, args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        serde_json::from_slice(&o.stdout).unwrap()
    };
    let six = format!("{data}/hexade/six-in-two.toml");
    let r = run(&["solve", "hexade", "--position", &six, "--in", "3", "--json"]);
    assert_eq!(
        (
            &r["goal"],
            &r["status"],
            &r["in"],
            &r["key_move"],
            &r["unique"]
        ),
        (
            &"six".into(),
            &"proven".into(),
            &2.into(),
            &"I7".into(),
            &true.into()
        )
    );
    let pair = format!("{data}/anchor2d/pair-in-one.toml");
    let r = run(&[
        "solve",
        "anchor2d",
        "--position",
        &pair,
        "--goal",
        "pair",
        "--target",
        "a,c",
        "--json",
    ]);
    assert_eq!(
        (&r["status"], &r["in"], &r["key_move"], &r["pair"]),
        (&"proven".into(), &1.into(), &"25.4".into(), &"(a,c)".into())
    );
    // Every key `solve go` prints is there.
    for key in [
        "goal",
        "decided",
        "status",
        "key_move",
        "unique",
        "other_winning_moves",
        "main_line",
        "refutations",
        "nodes",
        "millis",
    ] {
        assert!(r.get(key).is_some(), "solve anchor2d --json lacks {key}");
    }
}

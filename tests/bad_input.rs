//! Bad and unusual input through the command line: set-up stones given twice or to both
//! colours (TOML lists, pictures, SGF AB/AW) and SGF AE, documented `to_play` defaults, SGF
//! records with passes after the end, and a table of bad inputs (configuration, every game's
//! position files, SGF, manifests), each refused with exit status 2 and a message that names
//! the file, line and column and quotes at most a short piece of the input.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{stonepress, temp_dir};

/// Runs stonepress in `dir`, returning (exit code, stdout, stderr, time taken).
fn run(dir: &Path, args: &[&str]) -> (Option<i32>, String, String, Duration) {
    let t = Instant::now();
    let out = stonepress(dir, args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        t.elapsed(),
    )
}

/// The (line, column) an error message gives right after `file:`, if it has them.
fn place(stderr: &str, file: &str) -> Option<(usize, usize)> {
    let rest = stderr.strip_prefix("error: ")?.strip_prefix(file)?;
    let mut parts = rest.strip_prefix(':')?.splitn(3, ':');
    let line = parts.next()?.parse().ok()?;
    let column = parts.next()?.parse().ok()?;
    Some((line, column))
}

/// The report of `score go --json` without the fields that name the input.
fn score_json(dir: &Path, file: &str) -> serde_json::Value {
    let (code, out, err, took) = run(dir, &["score", "go", "--position", file, "--json"]);
    assert_eq!(code, Some(0), "{file}: {err}");
    assert!(took < Duration::from_secs(5), "{file} took {took:?}");
    serde_json::from_str(&out).expect("JSON")
}

#[test]
fn sgf_ae_empties_a_set_up_point_and_scores_like_a_clean_set_up() {
    let dir = temp_dir("bad-ae-score");
    std::fs::write(
        dir.join("ae.sgf"),
        "(;SZ[9]AB[aa][ab]AE[aa]AW[bb][ac];W[aa])",
    )
    .unwrap();
    std::fs::write(dir.join("clean.sgf"), "(;SZ[9]AB[ab]AW[bb][ac];W[aa])").unwrap();
    let ae = score_json(&dir, "ae.sgf");
    let clean = score_json(&dir, "clean.sgf");
    // White's A9 captures the black stone on A8: no black stone left, one capture for White.
    assert_eq!(ae["black"]["stones"], 0, "{ae}");
    assert_eq!(ae["white"]["captures"], 1, "{ae}");
    assert_eq!(ae, clean);
    // AE in a later set-up node frees a point for another colour.
    std::fs::write(
        dir.join("later.sgf"),
        "(;SZ[9]AB[ee][dd]\n;AE[ee]AW[ee];B[aa])",
    )
    .unwrap();
    let later = score_json(&dir, "later.sgf");
    assert_eq!(later["black"]["stones"], 2, "{later}");
    assert_eq!(later["white"]["stones"], 1, "{later}");
}

#[test]
fn sgf_ae_then_solve_answers_like_a_clean_set_up_at_once() {
    let dir = temp_dir("bad-ae-solve");
    std::fs::write(dir.join("ae.sgf"), "(;SZ[9]AB[aa][ab]AE[aa]AW[dd])").unwrap();
    std::fs::write(dir.join("clean.sgf"), "(;SZ[9]AB[ab]AW[dd])").unwrap();
    let mut reports = Vec::new();
    for f in ["ae.sgf", "clean.sgf"] {
        let (code, out, err, took) = run(&dir, &["solve", "go", "--position", f, "--json"]);
        assert_eq!(code, Some(0), "{f}: {err}");
        assert!(took < Duration::from_secs(10), "{f} took {took:?}");
        let mut v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v.as_object_mut().unwrap().remove("millis");
        reports.push(v);
    }
    assert_eq!(reports[0], reports[1]);
}

#[test]
fn set_up_stone_given_twice_or_to_both_colours_is_refused_at_the_point() {
    let dir = temp_dir("bad-twice");
    // (file, its text, the command, the place the message gives, a piece of the message)
    type Case = (
        &'static str,
        &'static str,
        &'static [&'static str],
        (usize, usize),
        &'static str,
    );
    let cases: &[Case] = &[
        (
            "twice.sgf",
            "(;SZ[9]AB[aa][ab][ab]AW[dd])",
            &["solve", "go"],
            (1, 19),
            "A8 is given twice",
        ),
        (
            "both.sgf",
            "(;SZ[9]AB[aa][ab]AW[ab]AW[bb][ac][ba])",
            &["score", "go", "--dead", "A9"],
            (1, 21),
            "A8 is given to both Black and White",
        ),
        (
            "repeated.sgf",
            "(;SZ[9]AB[aa]AW[bb]AW[cc][aa])",
            &["score", "go"],
            (1, 27),
            "A9 is given to both Black and White",
        ),
        (
            "order.sgf",
            "(;SZ[9]AW[aa]AB[aa])",
            &["score", "go"],
            (1, 17),
            "A9 is given to both Black and White",
        ),
        (
            "rect.sgf",
            "(;SZ[9]AB[aa:bb]\nAB[ab])",
            &["score", "go"],
            (2, 4),
            "A8 is given twice",
        ),
        (
            "later.sgf",
            "(;SZ[9]AB[ee]\n;AW[ee];B[aa])",
            &["score", "go"],
            (2, 5),
            "E5 is given to both Black and White",
        ),
        (
            "go.toml",
            "size = 9\nblack = \"C3 D4\"\nwhite = \"E5 C3\"\n",
            &["score", "go"],
            (3, 13),
            "C3 is given to both Black and White",
        ),
        (
            "go-twice.toml",
            "black = \"C3 D4 C3\"\n",
            &["score", "go"],
            (1, 16),
            "C3 is given twice",
        ),
        (
            "anchor.toml",
            "black = \"H8 H9\"\nwhite = \"A1, H8\"\n",
            &["score", "anchor"],
            (2, 14),
            "H8 is given to both Black and White",
        ),
        (
            "anchor2d.toml",
            "black = \"5.2 5.2\"\n",
            &["score", "anchor2d"],
            (1, 14),
            "5.2 is given twice",
        ),
        (
            "kropki.toml",
            "width = 9\nheight = 9\npicture = \"\"\"\n. . . . . . . . .\n. . . . . . . . .\n\
             . . . . . . . . .\n. . . . . . . . .\n. . . . X . . . .\n. . . . . . . . .\n\
             . . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n\"\"\"\nwhite = \"E5\"\n",
            &["score", "kropki"],
            (14, 10),
            "E5 is given to both Black and White",
        ),
        (
            "hexade.toml",
            "white = \"J10\"\nblack = \"K11 J10\"\n",
            &["score", "hexade"],
            (2, 14),
            "J10 is given to both Black and White",
        ),
    ];
    for (file, text, args, at, message) in cases {
        std::fs::write(dir.join(file), text).unwrap();
        let mut all = args.to_vec();
        all.extend(["--position", file]);
        let (code, _, err, took) = run(&dir, &all);
        assert_eq!(code, Some(2), "{file}: {err}");
        assert!(took < Duration::from_secs(5), "{file} took {took:?}");
        assert_eq!(place(&err, file), Some(*at), "{file}: {err}");
        assert!(err.contains(message), "{file}: {err}");
    }
}

#[test]
fn to_play_defaults_as_documented_when_stone_counts_differ() {
    let dir = temp_dir("bad-to-play");
    // (game, file text, the side to move each module documents, or None where the report
    // does not say).
    let cases: &[(&str, &str, Option<&str>)] = &[
        // Go: Black unless told otherwise.
        ("go", "black = \"C3 D4 E5\"\nwhite = \"F6\"\n", None),
        // Anchor: White when Black has one stone more, else Black.
        ("anchor", "black = \"H8 H9 H10\"\nwhite = \"A1\"\n", None),
        // Anchor 2D: Black when both have as many stones, else White.
        ("anchor2d", "black = \"5.2 6.2 7.2\"\n", Some("white")),
        // Kropki: Black when both have as many dots, else White.
        (
            "kropki",
            "width = 9\nheight = 9\nblack = \"C3 D4 E5\"\n",
            Some("white"),
        ),
        // Hexade: White when both have as many stones, else Black.
        (
            "hexade",
            "white = \"J10\"\nblack = \"A1 A2 A3\"\n",
            Some("black"),
        ),
    ];
    for (game, text, to_play) in cases {
        let file = format!("{game}.toml");
        std::fs::write(dir.join(&file), text).unwrap();
        let (code, out, err, _) = run(&dir, &["score", game, "--position", &file, "--json"]);
        assert_eq!(code, Some(0), "{game}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        if let Some(side) = to_play {
            assert_eq!(v["to_play"], *side, "{game}: {v}");
        }
    }
    // An explicit to_play still wins over the default.
    std::fs::write(
        dir.join("told.toml"),
        "black = \"5.2 6.2 7.2\"\nto_play = \"black\"\n",
    )
    .unwrap();
    let (code, out, err, _) = run(
        &dir,
        &["score", "anchor2d", "--position", "told.toml", "--json"],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("\"to_play\": \"black\""), "{out}");
}

#[test]
fn sgf_passes_after_the_end_are_read_with_a_warning() {
    let dir = temp_dir("bad-passes");
    // Shaped like GNU Go's regression games: FF[3], passes written "tt", and a third pass
    // after the two that end the game.
    std::fs::write(
        dir.join("third-pass.sgf"),
        "(;GM[1]FF[3]\nSZ[9]KM[6.5]HA[0]RU[Japanese]RE[B+2.5]\n;B[ee];W[cc];B[gg]\n;W[tt];B[tt];W[tt])\n",
    )
    .unwrap();
    let (code, out, err, _) = run(
        &dir,
        &["score", "go", "--position", "third-pass.sgf", "--json"],
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(err.starts_with("warning: third-pass.sgf:4:"), "{err}");
    assert!(err.contains("1 more pass"), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["moves"], 5, "{v}");
    assert_eq!(v["black"]["stones"], 2, "{v}");
    // A stone played after the end is still refused, at its place.
    std::fs::write(dir.join("late.sgf"), "(;SZ[9];B[ee];W[];B[];W[cc])").unwrap();
    let (code, _, err, _) = run(&dir, &["score", "go", "--position", "late.sgf"]);
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(place(&err, "late.sgf"), Some((1, 25)), "{err}");
    assert!(err.contains("the game has ended"), "{err}");
}

/// One bad input: the command (the file is appended where it goes), the file's name and
/// bytes, the line and column the message must give, and a piece of the message.
struct Bad {
    args: &'static [&'static str],
    file: &'static str,
    bytes: Vec<u8>,
    at: (usize, usize),
    says: &'static str,
}

fn bad(
    args: &'static [&'static str],
    file: &'static str,
    text: impl Into<Vec<u8>>,
    at: (usize, usize),
    says: &'static str,
) -> Bad {
    Bad {
        args,
        file,
        bytes: text.into(),
        at,
        says,
    }
}

fn table() -> Vec<Bad> {
    const CHECK: &[&str] = &["check"];
    const GO: &[&str] = &["score", "go", "--position"];
    const SOLVE: &[&str] = &["solve", "go", "--position"];
    const ANCHOR: &[&str] = &["score", "anchor", "--position"];
    const A2D: &[&str] = &["score", "anchor2d", "--position"];
    const KROPKI: &[&str] = &["score", "kropki", "--position"];
    const HEXADE: &[&str] = &["score", "hexade", "--position"];
    const VERIFY: &[&str] = &["verify"];
    let long = "Q".repeat(100_000);
    vec![
        // Configuration files.
        bad(
            CHECK,
            "c1.toml",
            "[document]\npaper = \"b9\"\n",
            (2, 9),
            "unknown paper",
        ),
        bad(
            CHECK,
            "c2.toml",
            "[[board]]\ngame = \"chess\"\n",
            (2, 8),
            "unknown game",
        ),
        bad(
            CHECK,
            "c3.toml",
            "[[board]]\ngame = \"go\"\nsize = 4\n",
            (3, 8),
            "outside",
        ),
        bad(
            CHECK,
            "c4.toml",
            format!("[[board]]\ngame = \"go\"\n{long} = 1\n"),
            (3, 1),
            "unknown field",
        ),
        bad(
            CHECK,
            "c5.toml",
            b"[[board]]\ngame = \"go\"\ntitle = \"caf\xe9\"\n".to_vec(),
            (3, 13),
            "not UTF-8",
        ),
        bad(
            CHECK,
            "c6.toml",
            format!("[[board]]\ngame = \"{long}\"\n"),
            (2, 8),
            "unknown game",
        ),
        bad(
            CHECK,
            "c7.toml",
            "[[diagram]]\ngame = \"go\"\nposition = { black = \"C3\", white = \"C3\" }\n",
            (3, 12),
            "C3 is given to both",
        ),
        bad(
            CHECK,
            "c8.toml",
            "[[puzzles]]\ngame = \"go\"\ndifficulty = \"impossible\"\n",
            (3, 14),
            "unknown difficulty",
        ),
        // A position file named by a diagram: the place in the configuration, then the place
        // in the position file.
        bad(
            CHECK,
            "c9.toml",
            "[[diagram]]\ngame = \"go\"\nposition = \"c9-position.toml\"\n",
            (3, 12),
            "c9-position.toml:2:10: C3 is given to both",
        ),
        // Go position files.
        bad(
            GO,
            "g17.toml",
            "moves = 5\n",
            (1, 9),
            "moves must be a string",
        ),
        bad(GO, "g1.toml", "size = 25\n", (1, 8), "outside 5..19"),
        bad(GO, "g2.toml", "komi = nan\n", (1, 8), "komi NaN"),
        bad(GO, "g3.toml", "handicap = 12\n", (1, 12), "not 2..9"),
        bad(
            GO,
            "g4.toml",
            "to_play = \"red\"\n",
            (1, 11),
            "to_play 'red'",
        ),
        bad(
            GO,
            "g5.toml",
            "black = \"C3\"\nmoves = \"D4 C3\"\n",
            (2, 13),
            "move 2 (C3) is illegal",
        ),
        bad(
            GO,
            "g6.toml",
            "moves = [\"D4\",\n  \"Z9\"]\n",
            (2, 4),
            "move 2 (Z9)",
        ),
        bad(
            GO,
            "g7.toml",
            "size = 5\npicture = \"\"\"\n. . . . .\n. X ? . .\n. . . . .\n. . . . .\n. . . . .\n\"\"\"\n",
            (4, 5),
            "unknown picture character '?'",
        ),
        bad(
            GO,
            "g8.toml",
            "black = \"C3\"\ndead = \"D4\"\n",
            (2, 8),
            "holds no stone",
        ),
        bad(
            GO,
            "g9.toml",
            "width = 9\n",
            (1, 1),
            "Kropki position, not Go",
        ),
        bad(
            GO,
            "g10.toml",
            "game = \"hexade\"\n",
            (1, 8),
            "Hexade position",
        ),
        bad(
            GO,
            "g11.toml",
            format!("black = \"C3 {long}\"\n"),
            (1, 13),
            "no point",
        ),
        bad(
            GO,
            "g12.toml",
            format!("moves = \"C3 {long}\"\n"),
            (1, 13),
            "move 2",
        ),
        bad(
            GO,
            "g13.toml",
            b"black = \"C3\"\nwhite = \"D\xff4\"\n".to_vec(),
            (2, 11),
            "not UTF-8",
        ),
        bad(
            GO,
            "g14.toml",
            "black = \"C3\"\nsize = [9]\n",
            (2, 8),
            "invalid type",
        ),
        bad(
            GO,
            "g15.toml",
            "black = \"A1\"\nwhite = \"A2 B1\"\n",
            (1, 9),
            "no liberty",
        ),
        bad(
            SOLVE,
            "g16.toml",
            "handicap = 2\nblack = \"G7\"\n",
            (1, 12),
            "handicap point G7",
        ),
        // SGF records.
        bad(
            GO,
            "s1.sgf",
            "(;SZ[nan])",
            (1, 6),
            "SZ[nan] is not a board size",
        ),
        bad(
            GO,
            "s2.sgf",
            "(;SZ[9]\nAB[zz])",
            (2, 4),
            "'zz' is off the 9x9 board",
        ),
        bad(GO, "s3.sgf", "(;SZ[9];B[ee\n", (1, 11), "missing ']'"),
        bad(
            GO,
            "s4.sgf",
            "(;SZ[9]KM[abc])",
            (1, 11),
            "KM[abc] is not a number",
        ),
        bad(GO, "s5.sgf", "(;SZ[9]KM[nan])", (1, 11), "komi NaN"),
        bad(GO, "s6.sgf", "(;SZ[9]HA[12])", (1, 11), "HA[12]"),
        bad(GO, "s7.sgf", "(;SZ[9]PL[X])", (1, 11), "PL[X]"),
        bad(
            GO,
            "s8.sgf",
            "(;SZ[9]\n;B[ee]\n;W[ee])",
            (3, 4),
            "move 2 (white E5 [ee]) is illegal",
        ),
        bad(
            GO,
            "s9.sgf",
            "(;SZ[9];B[ee];AB[aa])",
            (1, 18),
            "AB after moves",
        ),
        bad(GO, "s10.sgf", "(;GM[2]SZ[9])", (1, 6), "not a Go record"),
        bad(
            GO,
            "s11.sgf",
            format!("(;SZ[9]AB[{long}])"),
            (1, 11),
            "not an SGF point",
        ),
        bad(GO, "s12.sgf", "(;SZ[30])", (1, 6), "outside 5..19"),
        bad(
            GO,
            "s13.sgf",
            "(;SZ[9]AB[ab][ba]AW[aa])",
            (1, 21),
            "no liberty",
        ),
        // Anchor.
        bad(
            ANCHOR,
            "a1.toml",
            "size = 9\nblack = \"C3\"\n",
            (1, 1),
            "Go position, not Anchor",
        ),
        bad(
            ANCHOR,
            "a2.toml",
            "black = \"H8\"\nmoves = \"H9 H8\"\n",
            (2, 13),
            "move 2 (H8) is illegal",
        ),
        bad(
            ANCHOR,
            "a3.toml",
            "black = \"P20\"\n",
            (1, 10),
            "no point 'P20'",
        ),
        bad(
            ANCHOR,
            "a4.toml",
            "picture = \"\"\"\nX X\n\"\"\"\n",
            (1, 11),
            "15 rows",
        ),
        bad(
            ANCHOR,
            "a6.toml",
            "black = \"H8\"\ncolour = \"red\"\n",
            (2, 1),
            "unknown key `colour`",
        ),
        bad(ANCHOR, "a5.sgf", "(;SZ[9];B[ee])", (1, 1), "SGF record"),
        // Anchor 2D.
        bad(
            A2D,
            "b1.toml",
            "black = \"a1\"\n",
            (1, 10),
            "green edge cell",
        ),
        bad(
            A2D,
            "b2.toml",
            "moves = \"5.2 5.2\"\n",
            (1, 14),
            "move 2 (5.2) is illegal",
        ),
        bad(
            A2D,
            "b3.toml",
            "white = \"99.1\"\n",
            (1, 10),
            "no point '99.1'",
        ),
        // Kropki.
        bad(
            KROPKI,
            "k1.toml",
            "width = 70\n",
            (1, 9),
            "width 70 is outside 5..60",
        ),
        bad(
            KROPKI,
            "k2.toml",
            "width = 9\nheight = 9\nmoves = \"E5 E5\"\n",
            (3, 13),
            "move 2 (E5) is illegal",
        ),
        bad(
            KROPKI,
            "k3.toml",
            "width = 9\nheight = 9\nblack = \"E5\"\nblack_regions = \"E5\"\n",
            (4, 17),
            "cannot be declared",
        ),
        bad(
            KROPKI,
            "k6.toml",
            "picture = \"\"\"\n. . .\n. . .\n\"\"\"\n",
            (1, 11),
            "width 3 is outside 5..60",
        ),
        bad(
            GO,
            "g18.toml",
            "handicap = 2\nwhite = \"F7 H7 G6 G8\"\n",
            (1, 12),
            "no liberty",
        ),
        bad(
            KROPKI,
            "k4.toml",
            "start = \"diagonal\"\n",
            (1, 9),
            "unknown start",
        ),
        bad(
            KROPKI,
            "k5.toml",
            "base = 5\n",
            (1, 1),
            "Hexade position, not Kropki",
        ),
        // Hexade.
        bad(
            HEXADE,
            "h1.toml",
            "base = 20\n",
            (1, 8),
            "base 20 is outside 4..12",
        ),
        bad(
            HEXADE,
            "h2.toml",
            "white = \"J10 A1\"\nwhite_first = \"J10\"\n",
            (2, 15),
            "must be White's only stone",
        ),
        bad(
            HEXADE,
            "h3.toml",
            "moves = \"J10 J10\"\n",
            (1, 14),
            "move 2 (J10) is illegal",
        ),
        bad(
            HEXADE,
            "h4.toml",
            "to_play = \"both\"\n",
            (1, 11),
            "to_play 'both'",
        ),
        // Manifests.
        bad(
            VERIFY,
            "sampler.pdf",
            b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n".to_vec(),
            (1, 1),
            "this file is a PDF, not a manifest",
        ),
        bad(
            VERIFY,
            "m1.json",
            "{\"sets\": [\n  {\"puzzles\": }\n",
            (2, 15),
            "not a manifest",
        ),
        bad(
            VERIFY,
            "m2.json",
            "black = \"C3\"\n",
            (1, 1),
            "not a manifest",
        ),
        bad(
            VERIFY,
            "m3.json",
            "{\"sets\": 5}\n",
            (1, 10),
            "not a manifest",
        ),
    ]
}

#[test]
fn every_bad_input_exits_2_naming_file_line_and_column_with_short_quotes() {
    let dir = temp_dir("bad-table");
    std::fs::write(
        dir.join("c9-position.toml"),
        "black = \"C3\"\nwhite = \"C3\"\n",
    )
    .unwrap();
    let mut failures = Vec::new();
    for b in table() {
        std::fs::write(dir.join(b.file), &b.bytes).unwrap();
        let mut args = b.args.to_vec();
        args.push(b.file);
        let (code, _, err, took) = run(&dir, &args);
        let first = err.lines().next().unwrap_or("");
        let ok = code == Some(2)
            && place(&err, b.file) == Some(b.at)
            && err.contains(b.says)
            && first.chars().count() <= 300
            && took < Duration::from_secs(5);
        if !ok {
            failures.push(format!(
                "{} {}: exit {code:?}, expected {}:{}:{} and '{}', got: {}",
                b.args.join(" "),
                b.file,
                b.file,
                b.at.0,
                b.at.1,
                b.says,
                err.chars().take(400).collect::<String>()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

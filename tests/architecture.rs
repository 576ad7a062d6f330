//! The architecture as a test (see docs/ARCHITECTURE.md): no file outside `src/games/` names a
//! game, and no module imports a layer above its own.

use std::path::{Path, PathBuf};

use stonepress::games::GameId;

/// The layers, lowest first: a module may use its own layer and the layers before it.
const LAYERS: &[&str] = &[
    "util", "geometry", "render", "figure", "solve", "games", "puzzle", "layout", "config", "cli",
];

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The layer of a file: its first folder under `src/`, or `None` for the crate root and the
/// programs (`lib.rs`, `main.rs`, `fuzzing.rs`, `bin/`), which stand above every layer.
fn layer_of(file: &Path) -> Option<usize> {
    let rel = file.strip_prefix(src()).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    LAYERS.iter().position(|l| *l == name)
}

/// Whether `word` occurs in `line` as a whole word: letters and digits are word characters,
/// so `draw_anchor` and `ANCHOR_CORNERS` name a game and `anchored` does not.
fn has_word(line: &str, word: &str, ignore_case: bool) -> bool {
    let (hay, needle) = if ignore_case {
        (line.to_ascii_lowercase(), word.to_ascii_lowercase())
    } else {
        (line.to_string(), word.to_string())
    };
    let is_word = |c: char| c.is_ascii_alphanumeric();
    let mut from = 0;
    while let Some(k) = hay[from..].find(&needle) {
        let at = from + k;
        let before = hay[..at].chars().next_back();
        let after = hay[at + needle.len()..].chars().next();
        // `text-anchor` is an SVG attribute, not the game.
        let svg_attribute = hay[..at].ends_with("text-");
        if !before.is_some_and(is_word) && !after.is_some_and(is_word) && !svg_attribute {
            return true;
        }
        from = at + needle.len();
    }
    false
}

/// The names a file outside `src/games/` may not use: each game's key and title. A key or
/// title that is also an English word ("go") counts only as code: a string `"go"`, a path
/// `go::`, or the title with its capital.
fn offending_names(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    for g in GameId::all() {
        let (key, title) = (g.key(), g.title());
        let common_word = matches!(key, "go" | "do" | "be");
        let hit = if common_word {
            line.contains(&format!("\"{key}\""))
                || line.contains(&format!("{key}::"))
                || line.contains(&format!("::{key}("))
                || has_word(line, title, false)
        } else {
            has_word(line, key, true) || has_word(line, title, true)
        };
        if hit {
            found.push(key.to_string());
        }
    }
    found
}

#[test]
fn no_file_outside_the_games_names_a_game() {
    let games = src().join("games");
    let mut bad = Vec::new();
    for file in rust_files(&src()) {
        if file.starts_with(&games) {
            continue;
        }
        let text = std::fs::read_to_string(&file).unwrap();
        for (i, line) in text.lines().enumerate() {
            for name in offending_names(line) {
                bad.push(format!(
                    "{}:{}: names {name}: {}",
                    file.strip_prefix(src()).unwrap().display(),
                    i + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "game names outside src/games/:\n{}",
        bad.join("\n")
    );
}

/// The top-level modules a line of Rust refers to through `crate::`.
fn crate_refs(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(k) = rest.find("crate::") {
        rest = &rest[k + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `use crate::{a::b, c};`: every name at the top of the group.
            let inner = group.split('}').next().unwrap_or("");
            for part in inner.split(',') {
                let name = part.trim().split("::").next().unwrap_or("").trim();
                if !name.is_empty() {
                    out.push(name.to_string());
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            out.push(name);
        }
    }
    out
}

#[test]
fn no_module_imports_a_layer_above_it() {
    let mut bad = Vec::new();
    let mut checked = 0;
    for file in rust_files(&src()) {
        let Some(own) = layer_of(&file) else {
            continue;
        };
        let text = std::fs::read_to_string(&file).unwrap();
        // `use crate::{` groups may span lines: join the file into one line per statement.
        let joined = text.replace('\n', " ");
        for statement in joined.split(';') {
            for name in crate_refs(statement) {
                checked += 1;
                if let Some(other) = LAYERS.iter().position(|l| *l == name)
                    && other > own
                {
                    bad.push(format!(
                        "{} ({}) uses crate::{name} ({}): {}",
                        file.strip_prefix(src()).unwrap().display(),
                        LAYERS[own],
                        LAYERS[other],
                        statement.split_whitespace().collect::<Vec<_>>().join(" ")
                    ));
                }
            }
        }
    }
    assert!(checked > 100, "the scan found only {checked} crate paths");
    assert!(
        bad.is_empty(),
        "imports against the layers:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_checks_catch_what_they_look_for() {
    assert_eq!(offending_names("let b = Board::go(9);"), vec!["go"]);
    assert_eq!(offending_names("if key == \"kropki\" {"), vec!["kropki"]);
    assert_eq!(offending_names("fn draw_anchor(p: Point)"), vec!["anchor"]);
    assert!(offending_names("an anchored group").is_empty());
    assert_eq!(offending_names("GameId::Hexade =>"), vec!["hexade"]);
    assert!(offending_names("the files go into the folder").is_empty());
    assert!(offending_names("e.assign(\"text-anchor\", a);").is_empty());
    assert_eq!(
        crate_refs("use crate::{geometry::Board, games::Color};"),
        vec!["geometry", "games"]
    );
    assert_eq!(
        crate_refs("let x = crate::config::load(p);"),
        vec!["config"]
    );
}

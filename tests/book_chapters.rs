//! Books of several chapters: a set that opens a chapter gets a page introducing its kinds, and
//! answers kept for the back make one answer key after every chapter's problems, with each
//! "answer on page N" and "problem on page N" pointing at the right page.

mod common;

use common::{check_pdf, files_under, stonepress, temp_dir};

/// Two chapters of two Anchor 2D puzzles each (fast to prove), answers at the back.
const BOOK: &str = r#"
[document]
title = "Chapters"
name = "chapters"
formats = ["pdf", "svg"]
seed = 7

[[puzzles]]
game = "anchor2d"
kind = "pair"
count = 2
per_page = 2
answers = "back"
title = "First set"
chapter = "The first chapter"
introduction = "A line the chapter page prints first."

[[puzzles]]
game = "anchor2d"
kind = "pair"
count = 2
per_page = 2
answers = "back"
title = "Second set"
chapter = "The second chapter"
"#;

/// The text of each page, from the SVG files in page order.
fn page_texts(dir: &std::path::Path) -> Vec<String> {
    files_under(&dir.join("output/chapters"))
        .into_iter()
        .map(|(_, bytes)| String::from_utf8_lossy(&bytes).into_owned())
        .collect()
}

#[test]
fn chapters_open_with_their_kinds_and_answers_go_to_the_back() {
    let dir = temp_dir("chapters");
    std::fs::write(dir.join("book.toml"), BOOK).unwrap();
    let out = stonepress(&dir, &["build", "book.toml"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    check_pdf(&dir.join("output/chapters.pdf"));
    let pages = page_texts(&dir);
    // Chapter page, problems, chapter page, problems, then the two sets' answers.
    assert_eq!(pages.len(), 6);
    assert!(pages[0].contains("The first chapter"));
    assert!(pages[0].contains("A line the chapter page prints first."));
    // The kind's own introduction, under its name.
    assert!(pages[0].contains(">Pair<"), "{}", pages[0]);
    assert!(pages[0].contains("Anchor the pair of edges the problem names"));
    assert!(pages[0].contains("The problems are on page 2; their answers start on page 5."));
    assert!(pages[1].contains("First set") && pages[1].contains("Answer on page 5"));
    assert!(!pages[1].contains("Answer on page 6"));
    assert!(pages[2].contains("The second chapter"));
    assert!(!pages[2].contains("A line the chapter page prints first."));
    assert!(pages[2].contains("The problems are on page 4; their answers start on page 6."));
    assert!(pages[3].contains("Second set") && pages[3].contains("Answer on page 6"));
    assert!(pages[4].contains("First set: answers") && pages[4].contains("Problem on page 2"));
    assert!(pages[5].contains("Second set: answers") && pages[5].contains("Problem on page 4"));
    for (i, p) in pages.iter().enumerate() {
        assert!(
            p.contains(&format!("page {} of 6", i + 1)),
            "page {}",
            i + 1
        );
    }
    // The manifest keeps both sets and re-proves.
    let o = stonepress(&dir, &["verify", "output/chapters.json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn an_introduction_without_a_chapter_is_refused_at_its_line() {
    let dir = temp_dir("chapters-bad");
    let text = BOOK.replace(
        "chapter = \"The second chapter\"\n",
        "introduction = \"x\"\n",
    );
    std::fs::write(dir.join("book.toml"), &text).unwrap();
    let out = stonepress(&dir, &["build", "book.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    let line = text
        .lines()
        .position(|l| l == "introduction = \"x\"")
        .unwrap()
        + 1;
    assert!(err.contains(&format!("book.toml:{line}:")), "{err}");
    assert!(
        err.contains("an introduction belongs to a chapter"),
        "{err}"
    );
    assert!(!dir.join("output").exists(), "nothing written");
}

#[test]
fn the_five_game_book_has_a_chapter_per_game_and_is_reproducible_and_verified() {
    let dir = temp_dir("five-games");
    // The template with two puzzles a set: the same chapters and kinds, quick to prove.
    let text: String = std::fs::read_to_string(format!(
        "{}/templates/five-games-puzzles.toml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .lines()
    .map(|l| {
        if l.starts_with("count =") {
            "count = 2\n".to_string()
        } else {
            format!("{l}\n")
        }
    })
    .collect();
    std::fs::write(dir.join("five.toml"), &text).unwrap();
    for (jobs, out) in [("1", "one"), ("2", "two")] {
        let o = stonepress(&dir, &["build", "five.toml", "--jobs", jobs, "--out", out]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let one = files_under(&dir.join("one"));
    assert_eq!(
        one,
        files_under(&dir.join("two")),
        "--jobs changes the bytes"
    );
    check_pdf(&dir.join("one/five-games-puzzles.pdf"));
    let pages: Vec<String> = files_under(&dir.join("one/five-games-puzzles"))
        .into_iter()
        .map(|(_, b)| String::from_utf8_lossy(&b).into_owned())
        .collect();
    // A chapter page for each of the five games, in the template's order, and every answer
    // after the last chapter's problems.
    let chapters: Vec<usize> = pages
        .iter()
        .enumerate()
        .filter(|(_, p)| p.contains("The problems are on page"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(chapters.len(), 5);
    for (i, game) in ["9x9 Go", "Hexade", "Anchor 2D", "Anchor", "Kropki"]
        .iter()
        .enumerate()
    {
        assert!(
            pages[chapters[i]].contains(&format!(">{game}<")),
            "chapter {game}"
        );
    }
    let first_answers = pages.iter().position(|p| p.contains(": answers")).unwrap();
    assert!(first_answers > chapters[4]);
    assert!(
        pages[first_answers..]
            .iter()
            .all(|p| p.contains(": answers"))
    );
    // The manifest re-proves, and a changed key move is refused.
    let manifest = dir.join("one/five-games-puzzles.json");
    let o = stonepress(&dir, &["verify", manifest.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut m: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&manifest).unwrap()).unwrap();
    let key = &mut m["sets"][0]["puzzles"][0]["key_move"];
    *key = serde_json::Value::String(if key == "A1" { "B2" } else { "A1" }.into());
    let bad = dir.join("bad.json");
    std::fs::write(&bad, serde_json::to_vec(&m).unwrap()).unwrap();
    let o = stonepress(&dir, &["verify", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("key_move")
            || String::from_utf8_lossy(&o.stdout).contains("key_move")
    );
}

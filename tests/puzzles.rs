//! The Go puzzle book: the template builds, every puzzle in its manifest re-proves, the same
//! seed gives the same bytes on one thread and on two, bad requests are refused clearly, and
//! every line a template book prints (main line, refutations, each variation of the solution
//! tree) is legal under the game's rules, ko included, and no answer figure of a template book
//! puts a letter on a stone.

mod common;

use std::path::Path;

use common::{check_pdf, files_under as files, stonepress, temp_dir};
use stonepress::figure::MarkKind;
use stonepress::games::go::engine::{Color, Go, Move};
use stonepress::games::go::puzzle::part;
use stonepress::games::go::sgf::{self, SgfNode};
use stonepress::puzzle::Record;

fn template() -> String {
    format!("{}/templates/go-puzzles.toml", env!("CARGO_MANIFEST_DIR"))
}

fn build(dir: &Path, out: &str, jobs: &str) {
    let o = stonepress(dir, &["build", &template(), "--out", out, "--jobs", jobs]);
    assert!(
        o.status.success(),
        "build --jobs {jobs}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn the_go_puzzle_book_builds_verifies_and_does_not_depend_on_jobs() {
    let dir = temp_dir("puzzle-book");
    build(&dir, "one", "1");
    build(&dir, "two", "2");
    let (one, two) = (files(&dir.join("one")), files(&dir.join("two")));
    assert_eq!(
        one.iter().map(|f| &f.0).collect::<Vec<_>>(),
        two.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    for (a, b) in one.iter().zip(&two) {
        assert!(a.1 == b.1, "{} differs between --jobs 1 and --jobs 2", a.0);
    }
    let pdf = dir.join("two/go-puzzles.pdf");
    check_pdf(&pdf);
    let manifest = dir.join("two/go-puzzles.json");
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    let puzzles = m["sets"][0]["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 24);
    let mut last = 0;
    for (i, p) in puzzles.iter().enumerate() {
        assert_eq!(p["number"], i + 1);
        assert_eq!(p["unique"], true);
        assert_eq!(p["main_line"][0], p["key_move"]);
        assert!(p["main_line"].as_array().unwrap().len() >= 3, "{p}");
        assert!(["easy", "medium", "hard"].contains(&p["grade"].as_str().unwrap()));
        // Sorted by proof size, so the bands rise through the book.
        let size = p["proof_size"].as_u64().unwrap();
        assert!(size >= last);
        last = size;
        assert!(p["sgf"].as_str().unwrap().starts_with("(;GM[1]FF[4]"));
        assert!(
            p["instruction"]
                .as_str()
                .unwrap()
                .starts_with("Black to play and ")
        );
    }
    // 24 puzzles, 6 to a page, answers at the end: 4 pages of puzzles and 4 of answers.
    let svgs = one.iter().filter(|f| f.0.ends_with(".svg")).count();
    assert_eq!(svgs, 8);
    // One scale for the whole book: every stone of every problem and answer is the same size.
    let radii = common::stone_radii(&one);
    assert_eq!(radii.len(), 1, "stones drawn at radii {radii:?}");
    let o = stonepress(&dir, &["verify", manifest.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("all 24 puzzles re-proved"));

    // A manifest with a wrong key move fails verification, naming the puzzle.
    let text = std::fs::read_to_string(&manifest).unwrap();
    let mut bad: serde_json::Value = serde_json::from_str(&text).unwrap();
    let wrong = bad["sets"][0]["puzzles"][2]["wrong_moves"][0]["play"].clone();
    bad["sets"][0]["puzzles"][2]["key_move"] = wrong;
    let bad_path = dir.join("bad.json");
    std::fs::write(&bad_path, serde_json::to_string(&bad).unwrap()).unwrap();
    let o = stonepress(&dir, &["verify", bad_path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("puzzle 3: key_move"), "{err}");
}

#[test]
fn a_bad_puzzles_table_is_refused_with_its_line() {
    let dir = temp_dir("puzzle-bad");
    let cfg = dir.join("bad.toml");
    std::fs::write(
        &cfg,
        "[document]\nname = \"x\"\n\n[[puzzles]]\ngame = \"go\"\nkind = \"tesuji\"\n",
    )
    .unwrap();
    let o = stonepress(&dir, &["build", cfg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.toml:6") && err.contains("tesuji"),
        "{err}"
    );
    assert!(!dir.join("output").exists(), "nothing is written");
    std::fs::write(&cfg, "[[puzzles]]\ngame = \"kropki\"\nkind = \"tesuji\"\n").unwrap();
    let o = stonepress(&dir, &["check", cfg.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    // A band no candidate reaches is a set that cannot be made: a run-time failure (exit 1)
    // naming the table; with nothing else to print, nothing is written.
    std::fs::write(
        &cfg,
        "[[puzzles]]\ngame = \"go\"\ncount = 1\nsize = 7\ndifficulty = \"100000000..200000000\"\n",
    )
    .unwrap();
    let o = stonepress(&dir, &["build", cfg.to_str().unwrap(), "--jobs", "2"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.toml:2") && err.contains("found only 0 of 1"),
        "{err}"
    );
    assert!(!dir.join("output").exists(), "nothing is written");
    // Beside a board sheet and a set that can be made, the failing set is left out and named,
    // and the rest of the document is written.
    std::fs::write(
        &cfg,
        "[document]\nname = \"part\"\n\n[[board]]\ngame = \"go\"\n\n[[puzzles]]\ngame = \"go\"\n\
         count = 1\nsize = 7\ndifficulty = \"100000000..200000000\"\ntitle = \"Never\"\n\n\
         [[puzzles]]\ngame = \"go\"\ncount = 2\nsize = 7\ntitle = \"Made\"\n",
    )
    .unwrap();
    let o = stonepress(&dir, &["build", cfg.to_str().unwrap(), "--jobs", "2"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.toml:8") && err.contains("'Never'") && !err.contains("'Made'"),
        "{err}"
    );
    let out = dir.join("output");
    assert!(out.join("part.pdf").exists() && out.join("part").is_dir());
    let m: stonepress::puzzle::Manifest =
        serde_json::from_str(&std::fs::read_to_string(out.join("part.json")).unwrap()).unwrap();
    assert_eq!(m.sets.len(), 1, "only the set that was made");
    assert_eq!(m.sets[0].puzzles.len(), 2);
    let v = stonepress(&dir, &["verify", out.join("part.json").to_str().unwrap()]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
}

/// Plays `moves` (by name, "pass" for a pass) from a record's position with the engine's own
/// rules (positional superko, nobody exempt from the ko ban); the error names the move.
fn play_named(r: &Record, moves: &[String]) -> Result<(), String> {
    let p = part(r)?;
    let mut go = Go::new(p.size);
    for (list, c) in [(&p.black, Color::Black), (&p.white, Color::White)] {
        for name in list.split_whitespace() {
            go.setup(go.parse(name).unwrap(), Some(c));
        }
    }
    go.set_to_move(Color::parse(&r.to_play).unwrap());
    for (i, name) in moves.iter().enumerate() {
        let m = if name == "pass" {
            Move::Pass
        } else {
            Move::Play(go.parse(name).map_err(|e| e.to_string())?)
        };
        go.play(m)
            .map_err(|e| format!("move {} {name} of {moves:?}: {}", i + 1, e.reason()))?;
    }
    Ok(())
}

/// Every line from the root to a leaf of an SGF tree, as move names.
fn variations(node: &SgfNode, size: usize, line: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    let cols = "ABCDEFGHJKLMNOPQRST";
    let mv = node.first("B").or_else(|| node.first("W"));
    if let Some(v) = mv {
        let name = match sgf::parse_point(v, size).unwrap() {
            None => "pass".to_string(),
            Some((c, r)) => format!("{}{}", cols.as_bytes()[c] as char, size - r),
        };
        line.push(name);
    }
    if node.children.is_empty() {
        out.push(line.clone());
    }
    for c in &node.children {
        variations(c, size, line, out);
    }
    if mv.is_some() {
        line.pop();
    }
}

/// Checks that colours alternate along each branch, starting with the side to move.
fn colours_alternate(node: &SgfNode, want: &str) -> bool {
    let other = if want == "B" { "W" } else { "B" };
    let here = node.get("B").is_some() || node.get("W").is_some();
    if here && node.get(want).is_none() {
        return false;
    }
    let next = if here { other } else { want };
    node.children.iter().all(|c| colours_alternate(c, next))
}

#[test]
fn every_line_the_template_books_print_is_legal_and_no_letter_hides_a_stone() {
    let dir = format!("{}/templates", env!("CARGO_MANIFEST_DIR"));
    let mut books = 0;
    let mut lines = 0;
    let mut labels = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            name.contains("puzzles") && name.ends_with(".toml")
        })
        .collect();
    entries.sort();
    let mut bad = Vec::new();
    for path in entries {
        let plan = stonepress::config::load(&path).unwrap();
        for book in &plan.books {
            books += 1;
            let set = stonepress::puzzle::generate(&book.set, 2, &|| {}).unwrap();
            assert_eq!(set.len(), book.set.count);
            for r in &set {
                let at = format!("{} puzzle {}", path.display(), r.number);
                // No letter of an answer figure stands on a stone, where it would hide the
                // stone's move number.
                let fig = book.set.kind.figure(r, true).unwrap();
                let stones = fig.stone_at();
                for m in &fig.marks {
                    if let MarkKind::Label(text) = &m.kind {
                        assert!(
                            !stones.contains_key(&m.point),
                            "{at}: the letter {text} stands on a stone"
                        );
                        labels += 1;
                    }
                }
                // The reader can play the key move on the problem's frame, and the answer's
                // frame holds every move of the main line and the printed wrong move with its
                // refutation.
                let inside = |fig: &stonepress::figure::Figure, m: &str| {
                    fig.board
                        .parse(m)
                        .is_ok_and(|p| fig.view().contains(&fig.board, p))
                };
                let problem = book.set.kind.figure(r, false).unwrap();
                // A kind without a move (Anchor's count) keeps its result in `key_move`.
                assert!(
                    inside(&problem, &r.key_move) || r.main_line.is_empty(),
                    "{at}: key move off the frame"
                );
                for m in &r.main_line {
                    assert!(
                        inside(&fig, m) || fig.board.parse(m).is_err(),
                        "{at}: main-line move {m} off the answer's frame"
                    );
                }
                // The lines are checked under Go's rules: other games' books have their own
                // tests of their lines.
                if book.set.game.key() != "go" {
                    continue;
                }
                if let Some(w) = r.wrong_moves.iter().find(|w| w.refutation.is_some()) {
                    for m in std::iter::once(&w.play).chain(&w.refutation) {
                        assert!(
                            inside(&fig, m) || m == "pass",
                            "{at}: printed wrong move or refutation {m} off the answer's frame"
                        );
                    }
                }
                let mut all: Vec<Vec<String>> = vec![r.main_line.clone()];
                for w in &r.wrong_moves {
                    all.push(
                        std::iter::once(w.play.clone())
                            .chain(w.refutation.clone())
                            .collect(),
                    );
                }
                let root = sgf::parse(&r.sgf).unwrap();
                let pl = if r.to_play == "black" { "B" } else { "W" };
                assert!(colours_alternate(&root, pl), "{at}: colours in {}", r.sgf);
                variations(&root, part(r).unwrap().size, &mut Vec::new(), &mut all);
                for line in &all {
                    lines += 1;
                    if let Err(e) = play_named(r, line) {
                        bad.push(format!("{at}: {e}"));
                    }
                }
            }
        }
    }
    assert!(books >= 1, "a template book with puzzles");
    assert!(lines > 100, "only {lines} lines checked");
    assert!(
        labels > 0,
        "some answer figure marks a wrong move with a letter"
    );
    assert!(bad.is_empty(), "illegal lines:\n{}", bad.join("\n"));
}

/// The first seed from `from` whose candidate makes a 9x9 puzzle.
fn a_puzzle(from: u64) -> Record {
    (from..from + 200)
        .find_map(|seed| stonepress::games::go::puzzle::make(seed, 9, None).ok())
        .expect("a puzzle within 200 seeds")
}

#[test]
fn a_record_writes_the_manifest_keys_in_order_and_reads_back() {
    let r = a_puzzle(1);
    let text = serde_json::to_string(&r).unwrap();
    let keys = [
        "number",
        "game",
        "size",
        "black",
        "white",
        "to_play",
        "goal",
        "instruction",
        "target",
        "region",
        "key_move",
        "unique",
        "main_line",
        "wrong_moves",
        "proof_size",
        "depth",
        "nodes",
        "grade",
        "seed",
        "sgf",
    ];
    let at: Vec<usize> = keys
        .iter()
        .map(|k| {
            text.find(&format!("\"{k}\":"))
                .unwrap_or_else(|| panic!("{k} in {text}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "key order: {text}");
    let back: Record = serde_json::from_str(&text).unwrap();
    assert_eq!(back, r);
    // A game-owned key of the wrong type is refused while reading, naming the type.
    let bad = text.replacen("\"size\":9", "\"size\":\"nine\"", 1);
    let e = serde_json::from_str::<Record>(&bad)
        .unwrap_err()
        .to_string();
    assert!(e.contains("expected usize"), "{e}");
    let bad = text.replacen("\"region\":", "\"regions\":", 1);
    let e = serde_json::from_str::<Record>(&bad)
        .unwrap_err()
        .to_string();
    assert!(e.contains("missing field `region`"), "{e}");
}

#[test]
fn dedupe_sees_a_puzzle_and_its_mirror_image_as_one() {
    use stonepress::games::puzzle::kinds_of;
    let go = stonepress::games::GameId::parse("go").unwrap();
    let kinds = kinds_of(go);
    assert_eq!(
        stonepress::puzzle::kinds(go),
        ["kill", "live", "life-and-death"]
    );
    let kind = kinds[0];
    let r = a_puzzle(1);
    // The mirror image: columns reversed (A <-> J on 9x9, no I).
    let cols = "ABCDEFGHJ";
    let mirror_name = |name: &str| {
        let c = cols.find(&name[..1]).unwrap();
        format!("{}{}", &cols[8 - c..9 - c], &name[1..])
    };
    let mut m = r.clone();
    for key in ["black", "white"] {
        let list = r.position.get(key).unwrap().as_str().unwrap();
        let img: Vec<String> = list.split_whitespace().map(mirror_name).collect();
        m.position = m.position.with(key, img.join(" "));
    }
    assert_ne!(m.position, r.position);
    let key = stonepress::puzzle::canonical(kind, &r).unwrap();
    assert_eq!(stonepress::puzzle::canonical(kind, &m), Some(key.clone()));
    let other = a_puzzle(r.seed + 1);
    assert_ne!(stonepress::puzzle::canonical(kind, &other), Some(key));
}

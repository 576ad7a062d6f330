//! `stonepress verify` checks every claim of a manifest: a small book is built once, then
//! copies of its manifest, each altered in one way, must be refused (exit status 1) with a
//! message naming the puzzle and the field; a manifest that is not one is bad input (2).

mod common;

use std::path::{Path, PathBuf};

use common::{stonepress, temp_dir};
use serde_json::{Value, json};

const CONFIG: &str = r#"[document]
title = "Verify test"
formats = ["pdf"]
name = "small"
seed = 11

[[puzzles]]
game = "go"
kind = "life-and-death"
count = 3
difficulty = "easy"
"#;

/// Builds the small book in `dir/out` and returns the manifest's path.
fn build_small(dir: &Path) -> PathBuf {
    let cfg = dir.join("small.toml");
    std::fs::write(&cfg, CONFIG).unwrap();
    let o = stonepress(
        dir,
        &[
            "build",
            cfg.to_str().unwrap(),
            "--out",
            "out",
            "--jobs",
            "2",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    dir.join("out/small.json")
}

/// Runs verify on a manifest: (exit status, stdout + stderr).
fn verify(dir: &Path, manifest: &Path) -> (Option<i32>, String) {
    let o = stonepress(dir, &["verify", manifest.to_str().unwrap()]);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    (o.status.code(), text)
}

/// The first puzzle of the first set.
fn p0(m: &mut Value) -> &mut Value {
    &mut m["sets"][0]["puzzles"][0]
}

/// A string field of a JSON value.
fn s(v: &Value) -> String {
    v.as_str().unwrap().to_string()
}

/// An empty point of the board of a puzzle, away from its stones when possible.
fn empty_point(p: &Value) -> String {
    let taken: Vec<String> = [s(&p["black"]), s(&p["white"])]
        .join(" ")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let cols = "ABCDEFGHJ";
    for row in (1..=9).rev() {
        for c in cols.chars() {
            let name = format!("{c}{row}");
            if !taken.contains(&name) {
                return name;
            }
        }
    }
    unreachable!("a puzzle board has empty points")
}

type Tamper = (&'static str, Box<dyn Fn(&mut Value)>, &'static str);

/// The alterations: a name, the change, and what the message must contain.
fn tamperings() -> Vec<Tamper> {
    vec![
        (
            "a deleted wrong move",
            Box::new(|m| {
                p0(m)["wrong_moves"].as_array_mut().unwrap().remove(0);
            }),
            "puzzle 1: wrong_moves:",
        ),
        (
            "all wrong moves deleted",
            Box::new(|m| p0(m)["wrong_moves"] = json!([])),
            "puzzle 1: wrong_moves:",
        ),
        (
            "a changed refutation",
            Box::new(|m| {
                let p = p0(m);
                let w = &p["wrong_moves"][0];
                // Another answer: the refutation of a different wrong move, or the key move.
                let other = p["wrong_moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter_map(|x| x["refutation"].as_str())
                    .find(|r| Some(*r) != w["refutation"].as_str() && *r != w["play"])
                    .map(str::to_string)
                    .unwrap_or_else(|| empty_point(p));
                p["wrong_moves"][0]["refutation"] = json!(other);
            }),
            "puzzle 1: wrong_moves:",
        ),
        (
            "a refutation removed",
            Box::new(|m| p0(m)["wrong_moves"][0]["refutation"] = Value::Null),
            "puzzle 1: wrong_moves:",
        ),
        (
            "a wrong move replaced by the key move",
            Box::new(|m| {
                let key = p0(m)["key_move"].clone();
                p0(m)["wrong_moves"][0]["play"] = key;
            }),
            "puzzle 1: wrong_moves:",
        ),
        (
            "a wrong move recorded twice",
            Box::new(|m| {
                let w = p0(m)["wrong_moves"][0].clone();
                p0(m)["wrong_moves"].as_array_mut().unwrap().push(w);
            }),
            "puzzle 1: wrong_moves:",
        ),
        (
            "a changed main line",
            Box::new(|m| {
                let p = p0(m);
                let alt = s(&p["wrong_moves"][0]["play"]);
                let line = p["main_line"].as_array_mut().unwrap();
                let last = line.len() - 1;
                line[last] = json!(if line[last] == alt {
                    "pass".into()
                } else {
                    alt
                });
            }),
            "puzzle 1: main_line:",
        ),
        (
            "a truncated main line",
            Box::new(|m| {
                p0(m)["main_line"].as_array_mut().unwrap().pop();
                let d = p0(m)["depth"].as_u64().unwrap();
                p0(m)["depth"] = json!(d - 1);
            }),
            "puzzle 1: main_line:",
        ),
        (
            "a main line with an illegal move",
            Box::new(|m| {
                let line = p0(m)["main_line"].as_array_mut().unwrap();
                line[1] = line[0].clone();
            }),
            "puzzle 1: main_line: move 2",
        ),
        (
            "a main line that does not start with the key",
            Box::new(|m| {
                let w = p0(m)["wrong_moves"][0]["play"].clone();
                p0(m)["main_line"] = json!([w]);
                p0(m)["depth"] = json!(1);
            }),
            "puzzle 1: main_line:",
        ),
        (
            "a changed depth",
            Box::new(|m| {
                let d = p0(m)["depth"].as_u64().unwrap();
                p0(m)["depth"] = json!(d + 2);
            }),
            "puzzle 1: depth:",
        ),
        (
            "an edited solution tree",
            Box::new(|m| {
                let sgf = s(&p0(m)["sgf"]);
                // The first "Correct" leaf loses its mark.
                p0(m)["sgf"] = json!(sgf.replacen("C[Correct]", "", 1));
            }),
            "puzzle 1: sgf:",
        ),
        (
            "a solution tree with a move changed",
            Box::new(|m| {
                let sgf = s(&p0(m)["sgf"]);
                let at = sgf.find(";W[").unwrap() + 3;
                let mut out = sgf.clone();
                let new = if &sgf[at..at + 2] == "aa" { "ii" } else { "aa" };
                out.replace_range(at..at + 2, new);
                p0(m)["sgf"] = json!(out);
            }),
            "puzzle 1: sgf:",
        ),
        (
            "a solution tree with a wrong move marked right",
            Box::new(|m| {
                let sgf = s(&p0(m)["sgf"]);
                p0(m)["sgf"] = json!(sgf.replacen("C[Wrong]", "C[Correct]", 1));
            }),
            "puzzle 1: sgf:",
        ),
        (
            "a solution tree with a variation dropped",
            Box::new(|m| {
                let sgf = s(&p0(m)["sgf"]);
                let at = sgf.rfind("(;B[").or_else(|| sgf.rfind("(;W[")).unwrap();
                let end = at + sgf[at..].find(')').unwrap() + 1;
                let mut out = sgf.clone();
                out.replace_range(at..end, "");
                p0(m)["sgf"] = json!(out);
            }),
            "puzzle 1: sgf:",
        ),
        (
            "an unbalanced solution tree",
            Box::new(|m| {
                let sgf = s(&p0(m)["sgf"]);
                let cut = sgf.trim_end().trim_end_matches(')').to_string();
                p0(m)["sgf"] = json!(cut);
            }),
            "puzzle 1: sgf: does not parse",
        ),
        (
            "a solution tree of another position",
            Box::new(|m| {
                let sgf = s(&p0(m)["sgf"]);
                p0(m)["sgf"] = json!(sgf.replacen("AB[", "AB[ii][", 1));
            }),
            "puzzle 1: sgf:",
        ),
        (
            "unique = false",
            Box::new(|m| p0(m)["unique"] = json!(false)),
            "puzzle 1: unique:",
        ),
        (
            "a changed proof size",
            Box::new(|m| {
                let n = p0(m)["proof_size"].as_u64().unwrap();
                p0(m)["proof_size"] = json!(n + 1);
            }),
            "puzzle 1: proof_size:",
        ),
        (
            "a changed grade",
            Box::new(|m| p0(m)["grade"] = json!("hard")),
            "puzzle 1: grade:",
        ),
        (
            "a changed key move",
            Box::new(|m| {
                let w = p0(m)["wrong_moves"][0]["play"].clone();
                p0(m)["key_move"] = w;
            }),
            "puzzle 1: key_move:",
        ),
        (
            "a changed goal",
            Box::new(|m| {
                let g = if s(&p0(m)["goal"]) == "kill" {
                    "live"
                } else {
                    "kill"
                };
                p0(m)["goal"] = json!(g);
            }),
            "puzzle 1: goal:",
        ),
        (
            "a changed instruction",
            Box::new(|m| p0(m)["instruction"] = json!("White to play and live")),
            "puzzle 1: instruction:",
        ),
        (
            "a black stone added",
            Box::new(|m| {
                let e = empty_point(p0(m));
                let b = s(&p0(m)["black"]);
                p0(m)["black"] = json!(format!("{b} {e}"));
            }),
            "puzzle 1: black: not the stones seed",
        ),
        (
            "a white stone removed",
            Box::new(|m| {
                let w = s(&p0(m)["white"]);
                let rest: Vec<&str> = w.split_whitespace().skip(1).collect();
                p0(m)["white"] = json!(rest.join(" "));
            }),
            "puzzle 1: white: not the stones seed",
        ),
        (
            "a stone given twice",
            Box::new(|m| {
                let b = s(&p0(m)["black"]);
                let first = b.split_whitespace().next().unwrap().to_string();
                p0(m)["black"] = json!(format!("{b} {first}"));
            }),
            "is given twice",
        ),
        (
            "a point in both colours",
            Box::new(|m| {
                let b = s(&p0(m)["black"]);
                let first = b.split_whitespace().next().unwrap().to_string();
                let w = s(&p0(m)["white"]);
                p0(m)["white"] = json!(format!("{w} {first}"));
            }),
            "puzzle 1: position:",
        ),
        (
            "a stone off the board",
            Box::new(|m| {
                let b = s(&p0(m)["black"]);
                p0(m)["black"] = json!(format!("{b} Z99"));
            }),
            "puzzle 1: black:",
        ),
        (
            "a board size no book has",
            Box::new(|m| p0(m)["size"] = json!(25)),
            "puzzle 1: size:",
        ),
        (
            "a smaller board",
            Box::new(|m| p0(m)["size"] = json!(7)),
            "puzzle 1:",
        ),
        (
            "a stone name of 100,000 characters",
            Box::new(|m| {
                let b = s(&p0(m)["black"]);
                p0(m)["black"] = json!(format!("{b} {}", "Q".repeat(100_000)));
            }),
            "puzzle 1: black: 'QQQQ",
        ),
        (
            "a changed side to move",
            Box::new(|m| p0(m)["to_play"] = json!("white")),
            "puzzle 1: goal:",
        ),
        (
            "a changed region",
            Box::new(|m| {
                p0(m)["region"].as_array_mut().unwrap().pop();
            }),
            "puzzle 1: region:",
        ),
        (
            "a changed seed",
            Box::new(|m| {
                let n = p0(m)["seed"].as_u64().unwrap();
                p0(m)["seed"] = json!(n ^ 1);
            }),
            "puzzle 1:",
        ),
        (
            "a duplicated puzzle",
            Box::new(|m| {
                let ps = m["sets"][0]["puzzles"].as_array_mut().unwrap();
                let mut copy = ps[0].clone();
                copy["number"] = json!(ps.len() + 1);
                ps.push(copy);
            }),
            "under a symmetry of the board",
        ),
        (
            "a removed puzzle",
            Box::new(|m| {
                m["sets"][0]["puzzles"].as_array_mut().unwrap().pop();
            }),
            "set 1: count: the book asked for 3 puzzles, the manifest lists 2",
        ),
        (
            "a puzzle removed from the middle",
            Box::new(|m| {
                m["sets"][0]["puzzles"].as_array_mut().unwrap().remove(1);
            }),
            "puzzle 3: number:",
        ),
        (
            "a renumbered puzzle",
            Box::new(|m| m["sets"][0]["puzzles"][1]["number"] = json!(7)),
            "puzzle 7: number:",
        ),
        (
            "two puzzles swapped",
            Box::new(|m| m["sets"][0]["puzzles"].as_array_mut().unwrap().swap(0, 1)),
            "number:",
        ),
        (
            "a changed count",
            Box::new(|m| m["sets"][0]["count"] = json!(4)),
            "set 1: count:",
        ),
        (
            "no count",
            Box::new(|m| {
                m["sets"][0].as_object_mut().unwrap().remove("count");
            }),
            "set 1: count: not recorded",
        ),
        (
            "no puzzles in the set",
            Box::new(|m| m["sets"][0]["puzzles"] = json!([])),
            "no puzzle",
        ),
        (
            "no sets at all",
            Box::new(|m| m["sets"] = json!([])),
            "no puzzle",
        ),
        (
            "another PDF's hash",
            Box::new(|m| m["pdf_sha256"] = json!("00".repeat(32))),
            "pdf_sha256: small.pdf",
        ),
        (
            "no PDF hash beside a PDF",
            Box::new(|m| {
                m.as_object_mut().unwrap().remove("pdf_sha256");
            }),
            "pdf_sha256: not recorded",
        ),
    ]
}

#[test]
fn verify_rejects_every_tampering_naming_the_field() {
    let dir = temp_dir("verify-tamper");
    let manifest = build_small(&dir);
    let (code, text) = verify(&dir, &manifest);
    assert_eq!(code, Some(0), "the built book verifies: {text}");
    assert!(text.contains("all 3 puzzles re-proved"), "{text}");
    let original: Value =
        serde_json::from_str(&std::fs::read_to_string(&manifest).unwrap()).unwrap();
    assert_eq!(original["sets"][0]["count"], 3);
    assert_eq!(
        original["pdf_sha256"].as_str().map(str::len),
        Some(64),
        "the manifest records the PDF's SHA-256"
    );
    // Copies sit beside the PDF under its name, so the PDF check applies to each.
    let copy = dir.join("out/small.json");
    let keep = dir.join("small.json.orig");
    std::fs::copy(&manifest, &keep).unwrap();
    let mut missed = Vec::new();
    let list = tamperings();
    for (name, change, want) in &list {
        let mut m = original.clone();
        change(&mut m);
        assert_ne!(m, original, "{name} changes the manifest");
        std::fs::write(&copy, serde_json::to_string_pretty(&m).unwrap()).unwrap();
        let started = std::time::Instant::now();
        let (code, text) = verify(&dir, &copy);
        assert!(
            started.elapsed().as_secs() < 20,
            "{name}: verify took {:?}",
            started.elapsed()
        );
        // Messages quote at most a short piece of what the manifest says.
        if code != Some(1) || !text.contains(want) || text.len() > 5_000 {
            let shown: String = text.chars().take(2_000).collect();
            missed.push(format!(
                "{name}: exit {code:?}, {} bytes, wanted '{want}' in:\n{shown}",
                text.len()
            ));
        }
    }
    std::fs::copy(&keep, &copy).unwrap();
    assert!(
        missed.is_empty(),
        "{} of {} tamperings not refused as expected:\n{}",
        missed.len(),
        list.len(),
        missed.join("\n")
    );
    assert!(list.len() >= 40);
}

#[test]
fn verify_checks_the_pdf_beside_the_manifest() {
    let dir = temp_dir("verify-pdf");
    let manifest = build_small(&dir);
    let pdf = dir.join("out/small.pdf");
    let bytes = std::fs::read(&pdf).unwrap();
    // A PDF from another build (one byte changed) beside the manifest is refused.
    let mut other = bytes.clone();
    let mid = other.len() / 2;
    other[mid] ^= 1;
    std::fs::write(&pdf, &other).unwrap();
    let (code, text) = verify(&dir, &manifest);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("pdf_sha256: small.pdf beside the manifest is not the PDF"),
        "{text}"
    );
    // Without a PDF beside it, the puzzles alone are checked.
    std::fs::remove_file(&pdf).unwrap();
    let (code, text) = verify(&dir, &manifest);
    assert_eq!(code, Some(0), "{text}");
    // The right PDF again passes.
    std::fs::write(&pdf, &bytes).unwrap();
    let (code, text) = verify(&dir, &manifest);
    assert_eq!(code, Some(0), "{text}");
}

#[test]
fn a_manifest_that_is_not_one_is_bad_input() {
    let dir = temp_dir("verify-malformed");
    for (name, text) in [
        ("empty.json", ""),
        ("garbage.json", "{\"sets\": [}"),
        ("wrong.json", "{\"generator\": 1}"),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let (code, out) = verify(&dir, &path);
        assert_eq!(code, Some(2), "{name}: {out}");
        assert!(out.contains(name), "{name}: {out}");
    }
    let (code, _) = verify(&dir, &dir.join("missing.json"));
    assert_eq!(code, Some(2));
    // A PDF given for its manifest: bad input, said in words, not a UTF-8 decoding error.
    let pdf = dir.join("book.pdf");
    std::fs::write(&pdf, b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n").unwrap();
    let (code, out) = verify(&dir, &pdf);
    assert_eq!(code, Some(2), "{out}");
    assert!(
        out.contains("book.pdf") && out.contains("not a manifest"),
        "{out}"
    );
}

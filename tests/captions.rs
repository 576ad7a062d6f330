//! Every caption, title and paragraph the templates print, and every `score GAME` report of the
//! test positions, reads as plain English: no "1 stones" or "3 stone" for the nouns the
//! captions use, no empty or doubled parentheses, no sentence said twice in a row, sentences
//! that start with a capital letter, and lists of three or more joined with commas and "and".
//!
//! The templates are built with every puzzle count cut to one, so the whole check runs in
//! about a minute. `STONEPRESS_BIN` runs the same checks against another build of the binary.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::temp_dir;

fn binary() -> PathBuf {
    std::env::var_os("STONEPRESS_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_stonepress")))
}

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(binary())
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run stonepress")
}

/// The nouns captions count, singular and plural.
const NOUNS: [(&str, &str); 11] = [
    ("stone", "stones"),
    ("prisoner", "prisoners"),
    ("point", "points"),
    ("move", "moves"),
    ("six", "sixes"),
    ("group", "groups"),
    ("side", "sides"),
    ("region", "regions"),
    ("dot", "dots"),
    ("pair", "pairs"),
    ("cell", "cells"),
];

const NUMBER_WORDS: [&str; 10] = [
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
];

fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect()
}

/// A word without the punctuation around it.
fn bare(w: &str) -> &str {
    w.trim_matches(|c: char| !c.is_alphanumeric())
}

/// Whether a sentence may start with this word in lower case: a coordinate ("a1", "e5") or a
/// pair of edges ("(a,b)").
fn lower_case_allowed(w: &str) -> bool {
    let b = bare(w);
    let letters = b.chars().take_while(|c| c.is_ascii_lowercase()).count();
    (1..=2).contains(&letters)
        && b[letters..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
        || w.starts_with('(')
}

/// The sentences of a text: pieces ending in ". ", "! " or "? " (or at the end), without
/// splitting after abbreviations.
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let ws = words(text);
    for (i, w) in ws.iter().enumerate() {
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(w);
        let ends = (w.ends_with('.') || w.ends_with('!') || w.ends_with('?'))
            && !["e.g.", "i.e.", "etc.", "cf.", "vs."].contains(w);
        if ends || i + 1 == ws.len() {
            out.push(std::mem::take(&mut cur));
        }
    }
    out
}

/// What is wrong with one block of text, as messages (empty: it reads well).
fn faults(text: &str) -> Vec<String> {
    faults_in(text, false)
}

/// `faults`; `continued`: the block may start in the middle of a sentence (a paragraph
/// carried over from the page before), so its first sentence may start in lower case.
fn faults_in(text: &str, continued: bool) -> Vec<String> {
    let mut out = Vec::new();
    let ws = words(text);
    for pair in ws.windows(2) {
        let (n, noun) = (bare(pair[0]), bare(pair[1]));
        // "(3 stones)" and "3 stones." count; "move 3 (E5)" does not end in a noun.
        if pair[0].ends_with(|c: char| !c.is_alphanumeric()) && !pair[0].ends_with('(') {
            continue;
        }
        for (one, many) in NOUNS {
            if (n == "1" || n == "one") && noun == many {
                out.push(format!("\"{} {}\": a plural after one", pair[0], pair[1]));
            }
            let several = n.parse::<u64>().is_ok_and(|k| k != 1) || NUMBER_WORDS.contains(&n);
            if several && noun == one && !pair[1].contains('-') {
                out.push(format!("\"{} {}\": a singular after {n}", pair[0], pair[1]));
            }
        }
    }
    if text.contains("()") {
        out.push("empty parentheses \"()\"".into());
    }
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '(' => {
                depth += 1;
                if depth > 1 {
                    out.push("parentheses inside parentheses".into());
                }
            }
            ')' => depth -= 1,
            _ => {}
        }
    }
    let said = sentences(text);
    for two in said.windows(2) {
        if two[0] == two[1] && two[0].ends_with('.') && two[0].chars().any(char::is_alphabetic) {
            out.push(format!("\"{}\" twice in a row", two[0]));
        }
    }
    for (i, s) in said.iter().enumerate() {
        if i == 0 && continued {
            out.extend(list_faults(s));
            continue;
        }
        let complete = s.ends_with('.') || s.ends_with('!') || s.ends_with('?');
        let first = s.chars().find(|c| c.is_alphabetic());
        if complete
            && first.is_some_and(|c| c.is_lowercase())
            && !lower_case_allowed(words(s)[0])
            && !s.starts_with("stonepress")
            && s.chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '(')
        {
            out.push(format!("\"{s}\" starts with a small letter"));
        }
        out.extend(list_faults(s));
    }
    out
}

/// Lists of three or more items must end in "and" or "or"; a list in parentheses of two
/// or more items too ("(S2, S6)" is "(S2 and S6)").
fn list_faults(sentence: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for piece in sentence.split_inclusive(['(', ')', ';', ':']) {
        let closed = piece.ends_with(')');
        let body = piece.trim_end_matches(['(', ')', ';', ':']);
        let body = body.trim_end_matches('.');
        let items: Vec<&str> = body.split(", ").collect();
        let short = items.iter().skip(1).all(|i| words(i).len() <= 3);
        let joined = items
            .iter()
            .rev()
            .take(2)
            .any(|i| i.starts_with("and ") || i.contains(" and ") || i.contains(" or "));
        // In parentheses, a list of single names ("S2, S6") is machine notation too.
        let in_parens = inside && closed && items.iter().all(|i| words(i).len() == 1);
        if short && !joined && (items.len() >= 3 || in_parens && items.len() >= 2) {
            out.push(format!("\"{body}\": a list without \"and\""));
        }
        inside = piece.ends_with('(') || inside && !closed;
    }
    out
}

fn unescape(s: &str) -> String {
    s.replace("&apos;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The value of an attribute in an SVG tag.
fn attr<'a>(tag: &'a str, name: &str) -> &'a str {
    let key = format!(" {name}=\"");
    tag.find(&key)
        .map(|i| {
            let rest = &tag[i + key.len()..];
            &rest[..rest.find('"').unwrap_or(0)]
        })
        .unwrap_or("")
}

/// The text blocks of an SVG page: runs of text lines of one size, weight, alignment and x,
/// one under the other (a wrapped caption or paragraph), joined with spaces. Blocks of fewer
/// than three words (coordinates, labels, page numbers) are left out.
fn blocks(svg: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut cur: Option<(String, f64, String)> = None;
    let mut rest = svg;
    while let Some(i) = rest.find("<text ") {
        let tag_end = rest[i..].find('>').unwrap() + i;
        let tag = &rest[i..tag_end];
        let close = rest[tag_end..].find("</text>").unwrap() + tag_end;
        let content = unescape(&rest[tag_end + 1..close]);
        rest = &rest[close..];
        let style = format!(
            "{} {} {} {}",
            attr(tag, "font-size"),
            attr(tag, "font-weight"),
            attr(tag, "text-anchor"),
            attr(tag, "x")
        );
        let y: f64 = attr(tag, "y").parse().unwrap_or(0.0);
        let size: f64 = attr(tag, "font-size").parse().unwrap_or(3.0);
        match &mut cur {
            Some((s, last_y, text)) if *s == style && y > *last_y && y - *last_y < size * 2.0 => {
                text.push(' ');
                text.push_str(&content);
                *last_y = y;
            }
            _ => {
                if let Some((style, _, text)) = cur.take() {
                    out.push((style, text));
                }
                cur = Some((style, y, content));
            }
        }
    }
    out.extend(cur.map(|c| (c.0, c.2)));
    out.retain(|t| words(&t.1).len() >= 3);
    out
}

fn svgs_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            svgs_under(&p, out);
        } else if p.extension().is_some_and(|x| x == "svg") {
            out.push(p);
        }
    }
}

/// Every integer `count` cut to one (puzzle sets), so that a template builds quickly.
fn cut_counts(v: &mut toml::Value) {
    match v {
        toml::Value::Table(t) => {
            for (k, x) in t.iter_mut() {
                if k == "count" && x.as_integer().is_some_and(|n| n > 1) {
                    *x = toml::Value::Integer(1);
                } else {
                    cut_counts(x);
                }
            }
        }
        toml::Value::Array(a) => a.iter_mut().for_each(cut_counts),
        _ => {}
    }
}

#[test]
fn the_checks_catch_machine_english() {
    let bad = [
        "Black 9 = 8 territory + 1 prisoners.",
        "1 stone are dead. 3 stone are dead.",
        "The black group H10 (): dead.",
        "Kropki (traditional (Dots))",
        "White has a six. White has a six.",
        "black wins.",
        "Black has the pairs a, b, c.",
        "The group touches (S2, S6).",
    ];
    for b in bad {
        assert!(!faults(b).is_empty(), "not caught: {b}");
    }
    let good = [
        "Black 9 = 8 territory + 1 prisoner. The group at A7 (14 stones) is an anchor.",
        "The white stones at a1, b2 and c3 are dead. e5 is empty.",
        "White has three sixes: a row, a triangle and a ring.",
        "The sides are S2 and S6 (not adjacent), e.g. the group at A2.",
        "Diagram 3: anchors",
    ];
    for g in good {
        assert!(faults(g).is_empty(), "{g}: {:?}", faults(g));
    }
}

#[test]
fn every_caption_of_every_template_and_every_score_report_reads_as_english() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = temp_dir("captions");
    let mut found: Vec<String> = Vec::new();
    let mut templates: Vec<PathBuf> = std::fs::read_dir(root.join("templates"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    templates.sort();
    let mut checked = 0;
    for t in &templates {
        let name = t.file_stem().unwrap().to_string_lossy().to_string();
        let mut doc: toml::Value = toml::from_str(&std::fs::read_to_string(t).unwrap()).unwrap();
        cut_counts(&mut doc);
        let file = dir.join(format!("{name}.toml"));
        std::fs::write(&file, toml::to_string(&doc).unwrap()).unwrap();
        let out_dir = dir.join(&name);
        let out = run(
            &dir,
            &[
                "build",
                file.to_str().unwrap(),
                "--out",
                out_dir.to_str().unwrap(),
                "--format",
                "svg",
            ],
        );
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut svgs = Vec::new();
        svgs_under(&out_dir, &mut svgs);
        svgs.sort();
        assert!(!svgs.is_empty(), "{name} made pages");
        for svg in svgs {
            let text = std::fs::read_to_string(&svg).unwrap();
            let mut styles: Vec<String> = Vec::new();
            for (style, block) in blocks(&text) {
                checked += 1;
                // The first paragraph (left-aligned text) of a style on a page may carry on
                // a paragraph from the page before; captions are centred and never do.
                let continued = !styles.contains(&style) && style.contains(" start ");
                styles.push(style);
                for f in faults_in(&block, continued) {
                    found.push(format!(
                        "{name} {}: {f}\n    in: {block}",
                        svg.file_name().unwrap().to_string_lossy()
                    ));
                }
            }
        }
    }
    for game in ["anchor", "anchor2d", "kropki", "go", "hexade"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("tests/data").join(game))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        for f in files {
            let out = run(&dir, &["score", game, "--position", f.to_str().unwrap()]);
            if !out.status.success() {
                continue;
            }
            for line in String::from_utf8_lossy(&out.stdout).lines() {
                checked += 1;
                for fault in faults(line.trim()) {
                    found.push(format!(
                        "score {game} {}: {fault}\n    in: {line}",
                        f.file_name().unwrap().to_string_lossy()
                    ));
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} blocks of text checked");
    assert!(
        found.is_empty(),
        "{} faults:\n{}",
        found.len(),
        found.join("\n")
    );
}

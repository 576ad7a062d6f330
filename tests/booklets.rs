//! The five rules booklets: each builds a PDF of two pages or more that passes qpdf --check,
//! every page renders (pdftoppm, resvg), and the Anchor auto caption prints the engine's score.

mod common;

use std::path::Path;
use std::process::Command;

use stonepress::games::PositionSpec;
use stonepress::games::anchor;

use common::{check_pdf, have, render_svg, stonepress, temp_dir};

const GAMES: [&str; 5] = ["anchor", "anchor2d", "kropki", "go", "hexade"];

fn template(game: &str) -> String {
    format!("{}/templates/rules-{game}.toml", env!("CARGO_MANIFEST_DIR"))
}

fn pages(pdf: &Path) -> usize {
    lopdf::Document::load(pdf)
        .expect("PDF loads")
        .get_pages()
        .len()
}

#[test]
fn each_rules_booklet_builds_with_two_pages_or_more_and_passes_qpdf() {
    let dir = temp_dir("booklets");
    for game in GAMES {
        let out = stonepress(&dir, &["build", &template(game), "--out", "."]);
        assert!(
            out.status.success(),
            "{game}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let pdf = dir.join(format!("rules-{game}.pdf"));
        assert!(pages(&pdf) >= 2, "{game}: {} pages", pages(&pdf));
        check_pdf(&pdf);
        let svgs: Vec<_> = std::fs::read_dir(dir.join(format!("rules-{game}")))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(svgs.len(), pages(&pdf), "{game}: one SVG per page");
        for svg in &svgs {
            let text = std::fs::read_to_string(svg).unwrap();
            assert!(
                render_svg(&text) > 1000,
                "{} renders with ink",
                svg.display()
            );
        }
    }
}

/// The finished Anchor position of the booklet (the diagram that shows the score).
fn scored_position() -> PositionSpec {
    let text = std::fs::read_to_string(template("anchor")).unwrap();
    let doc: toml::Value = toml::from_str(&text).unwrap();
    let diagram = doc["diagram"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| {
            d.get("show")
                .and_then(|s| s.as_array())
                .is_some_and(|s| s.iter().any(|v| v.as_str() == Some("score")))
        })
        .expect("a diagram shows the score");
    PositionSpec::from_table(diagram["position"].as_table().unwrap()).unwrap()
}

#[test]
fn the_anchor_booklet_prints_the_engines_score_in_its_auto_caption() {
    if !have("pdftotext") {
        return;
    }
    let spec = scored_position();
    let a = anchor::from_spec(&spec, "", "booklet").unwrap().game;
    let s = a.score();
    let expected = format!(
        "Black {} = {} territory + {} prisoners; White {} = {} territory + {} prisoners",
        s.total(anchor::Color::Black),
        s.territory[0],
        s.prisoners[0],
        s.total(anchor::Color::White),
        s.territory[1],
        s.prisoners[1]
    );
    assert!(
        s.prisoners[0] > 1 && s.prisoners[1] > 1,
        "plural prisoners: {expected}"
    );
    let dir = temp_dir("booklet-anchor-text");
    let out = stonepress(&dir, &["build", &template("anchor"), "--out", "."]);
    assert!(out.status.success());
    let text = Command::new("pdftotext")
        .arg(dir.join("rules-anchor.pdf"))
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&text.stdout);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(&expected), "pdftotext lacks '{expected}'");
}

#[test]
fn the_diagrams_of_one_section_share_one_scale_and_the_next_section_has_its_own() {
    let dir = temp_dir("section-scale");
    let go = |title: &str, per_row: usize, crop: &str| {
        format!(
            "[[diagram]]\ngame = \"go\"\ntitle = \"{title}\"\nper_row = {per_row}\n{crop}\n\
             [diagram.position]\nblack = \"C3 D4\"\nwhite = \"D3\"\nto_play = \"black\"\n\n"
        )
    };
    let config = format!(
        "[document]\nname = \"s\"\nformats = [\"svg\"]\n\n\
         [[text]]\nheading = \"One\"\nbody = \"A corner alone, then two whole boards.\"\n\n{}{}{}\
         [[text]]\nheading = \"Two\"\nbody = \"A corner alone.\"\nnew_page = true\n\n{}",
        go("corner", 1, "crop = \"A1 E5\""),
        go("board", 2, ""),
        go("board again", 2, ""),
        go("corner again", 1, "crop = \"A1 E5\""),
    );
    std::fs::write(dir.join("s.toml"), config).unwrap();
    let out = stonepress(&dir, &["build", "s.toml", "--out", "o"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let files = common::files_under(&dir.join("o/s"));
    assert_eq!(files.len(), 2, "one page per section");
    // Section one: the corner is drawn at the whole boards' scale, so one stone size.
    let one = common::stone_radii(&files[..1]);
    assert_eq!(one.len(), 1, "section one: {one:?}");
    // Section two has only its corner: drawn larger than section one's stones.
    let two = common::stone_radii(&files[1..]);
    assert_eq!(two.len(), 1, "section two: {two:?}");
    let r = |s: &std::collections::BTreeSet<String>| -> f64 {
        s.iter().next().unwrap().parse().unwrap()
    };
    assert!(r(&two) > r(&one) * 1.2, "{two:?} vs {one:?}");
}

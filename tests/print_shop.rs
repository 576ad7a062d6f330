//! What a print shop checks before it accepts a file: every font embedded as a subset in every
//! template's PDF, text beyond Latin-1 printed as written (and a character the font lacks
//! refused, naming the text), the document's metadata and dates, and its outline.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::{check_pdf, have, stonepress, temp_dir};

/// Runs stonepress with SOURCE_DATE_EPOCH set.
fn with_epoch(dir: &Path, epoch: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stonepress"))
        .args(args)
        .current_dir(dir)
        .env("SOURCE_DATE_EPOCH", epoch)
        .output()
        .expect("run stonepress")
}

#[test]
fn every_template_embeds_its_fonts() {
    let dir = temp_dir("print-fonts");
    let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut names: Vec<_> = std::fs::read_dir(&templates)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    names.sort();
    assert!(names.len() >= 10);
    for path in names {
        // Two puzzles a set are enough to set every kind of text the book prints.
        let text: String = std::fs::read_to_string(&path)
            .unwrap()
            .lines()
            .map(|l| {
                if l.trim_start().starts_with("count =") {
                    "count = 2\n".to_string()
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        let name = path.file_name().unwrap().to_str().unwrap();
        std::fs::write(dir.join(name), text).unwrap();
        let out_dir = format!("out-{name}");
        let o = stonepress(&dir, &["build", name, "--out", &out_dir, "--format", "pdf"]);
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        for pdf in std::fs::read_dir(dir.join(&out_dir)).unwrap() {
            let pdf = pdf.unwrap().path();
            if pdf.extension().is_some_and(|e| e == "pdf") {
                check_pdf(&pdf);
            }
        }
    }
}

#[test]
fn text_beyond_latin_1_prints_as_written_and_a_missing_glyph_is_refused() {
    let dir = temp_dir("print-unicode");
    std::fs::write(
        dir.join("u.toml"),
        "[document]\ntitle = \"Клуб Łódź\"\nname = \"u\"\nformats = [\"pdf\"]\n\n\
         [[board]]\ngame = \"go\"\ntitle = \"Łódź – Точки – Τρίγωνο\"\n",
    )
    .unwrap();
    let o = stonepress(&dir, &["build", "u.toml"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pdf = dir.join("output/u.pdf");
    check_pdf(&pdf);
    if have("pdftotext") {
        let t = Command::new("pdftotext")
            .arg(&pdf)
            .arg("-")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&t.stdout);
        assert!(text.contains("Łódź – Точки – Τρίγωνο"), "{text}");
    }
    if have("pdfinfo") {
        let i = Command::new("pdfinfo").arg(&pdf).output().unwrap();
        let info = String::from_utf8_lossy(&i.stdout);
        assert!(info.contains("Клуб Łódź"), "{info}");
    }
    let bad = std::fs::read_to_string(dir.join("u.toml"))
        .unwrap()
        .replace("Τρίγωνο", "囲碁");
    std::fs::write(dir.join("bad.toml"), bad).unwrap();
    let o = stonepress(&dir, &["build", "bad.toml", "--out", "bad"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("\"Łódź – Точки – 囲碁\"") && err.contains("U+56F2"),
        "{err}"
    );
    assert!(!dir.join("bad").exists(), "nothing written");
}

#[test]
fn dates_come_from_source_date_epoch_and_the_bytes_stay_the_same() {
    let dir = temp_dir("print-dates");
    let a = with_epoch(&dir, "1795478400", &["board", "go", "--out", "a.pdf"]);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let b = with_epoch(&dir, "1795478400", &["board", "go", "--out", "b.pdf"]);
    assert!(b.status.success());
    let (a, b) = (
        std::fs::read(dir.join("a.pdf")).unwrap(),
        std::fs::read(dir.join("b.pdf")).unwrap(),
    );
    assert_eq!(a, b);
    let text = String::from_utf8_lossy(&a);
    assert!(text.contains("/CreationDate (D:20261124000000Z)/ModDate (D:20261124000000Z)"));
    assert!(text.contains("/Creator (stonepress ") && text.contains("/Producer (stonepress "));
    // Without the variable there is no date at all, rather than the clock's.
    let c = stonepress(&dir, &["board", "go", "--out", "c.pdf"]);
    assert!(c.status.success());
    let c = std::fs::read(dir.join("c.pdf")).unwrap();
    assert!(!String::from_utf8_lossy(&c).contains("/CreationDate"));
}

#[test]
fn a_book_has_an_outline_of_its_chapters_problems_and_answers() {
    let dir = temp_dir("print-outline");
    std::fs::write(
        dir.join("b.toml"),
        "[document]\nname = \"b\"\nformats = [\"pdf\"]\n\n\
         [[board]]\ngame = \"anchor2d\"\ntitle = \"An empty board\"\n\n\
         [[puzzles]]\ngame = \"anchor2d\"\nkind = \"pair\"\ncount = 2\nper_page = 2\n\
         answers = \"back\"\ntitle = \"Pairs\"\nchapter = \"Anchor 2D\"\n",
    )
    .unwrap();
    let o = stonepress(&dir, &["build", "b.toml"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pdf = dir.join("output/b.pdf");
    check_pdf(&pdf);
    if !have("qpdf") {
        return;
    }
    let j = Command::new("qpdf")
        .args(["--json", "--json-key=outlines"])
        .arg(&pdf)
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&j.stdout).unwrap();
    let entries: Vec<(String, u64)> = v["outlines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["title"].as_str().unwrap().to_string(),
                o["destpageposfrom1"].as_u64().unwrap(),
            )
        })
        .collect();
    let want = [
        ("An empty board", 1),
        ("Anchor 2D", 2),
        ("Pairs", 3),
        ("Pairs: answers", 4),
    ];
    let want: Vec<(String, u64)> = want.iter().map(|(t, p)| (t.to_string(), *p)).collect();
    assert_eq!(entries, want);
}

#[test]
fn a_configured_date_is_written_and_a_bad_one_refused_at_its_line() {
    let dir = temp_dir("print-date");
    let good = "[document]\nname = \"d\"\nformats = [\"pdf\"]\nsubject = \"Club boards\"\n\
                date = \"2026-02-28\"\n\n[[board]]\ngame = \"go\"\n";
    std::fs::write(dir.join("d.toml"), good).unwrap();
    let o = stonepress(&dir, &["build", "d.toml"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(dir.join("output/d.pdf")).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("/Subject (Club boards)/CreationDate (D:20260228000000Z)"));
    std::fs::write(dir.join("bad.toml"), good.replace("02-28", "02-30")).unwrap();
    let o = stonepress(&dir, &["build", "bad.toml", "--out", "bad"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.toml:5:") && err.contains("is not a date"),
        "{err}"
    );
    assert!(!dir.join("bad").exists());
}

/// Word boxes (page index, x min, y min, x max, y max) in points, from `pdftotext -bbox`.
fn word_boxes(pdf: &Path) -> Vec<(usize, [f64; 4])> {
    let out = Command::new("pdftotext")
        .arg("-bbox")
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    let html = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut page = 0;
    let mut boxes = Vec::new();
    for line in html.lines() {
        if line.trim_start().starts_with("<page ") {
            page += 1;
        }
        if let Some(rest) = line.trim_start().strip_prefix("<word ") {
            let attr = |name: &str| -> f64 {
                let at = rest.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                rest[at..].split('"').next().unwrap().parse().unwrap()
            };
            boxes.push((
                page - 1,
                [attr("xMin"), attr("yMin"), attr("xMax"), attr("yMax")],
            ));
        }
    }
    boxes
}

#[test]
fn the_6x9_book_bleeds_and_keeps_its_words_in_the_safe_zone_with_a_gutter() {
    let dir = temp_dir("print-trim");
    // The 6 x 9 template as it is, with eight problems instead of 120 (same pages otherwise:
    // front matter, problems, answers, index).
    let template = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/go-puzzle-book-6x9.toml"),
    )
    .unwrap();
    assert!(template.contains("count = 120"));
    std::fs::write(
        dir.join("t.toml"),
        template.replace("count = 120", "count = 8"),
    )
    .unwrap();
    let o = stonepress(&dir, &["build", "t.toml"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pdf = dir.join("output/go-puzzle-book-6x9.pdf");
    check_pdf(&pdf);
    let bytes = std::fs::read(&pdf).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    // Title, contents, how to read, two pages of problems, two of answers, the index: every
    // one the trim plus the bleed.
    let pages = text.matches("/Type/Page/").count();
    assert_eq!(pages, 8);
    assert_eq!(
        text.matches("/MediaBox[0 0 450 666]/BleedBox[0 0 450 666]/TrimBox[9 9 441 657]")
            .count(),
        pages
    );
    if !have("pdftotext") {
        return;
    }
    // The safe zone: 0.375 in inside the trim (0.125 in of bleed, then 27 pt); the gutter
    // (0.375 in for a short book) widens the inside margin: the left on odd pages.
    let (bleed, safe, gutter) = (9.0, 27.0, 27.0);
    let boxes = word_boxes(&pdf);
    assert!(boxes.len() > 50);
    let mut least_x = [f64::MAX; 2];
    let mut most_x = [0.0f64; 2];
    for (page, [x0, y0, x1, y1]) in &boxes {
        let recto = page % 2 == 0;
        let (left, right) = if recto {
            (bleed + gutter + safe, 450.0 - bleed - safe)
        } else {
            (bleed + safe, 450.0 - bleed - gutter - safe)
        };
        assert!(
            *x0 >= left - 0.01 && *x1 <= right + 0.01,
            "page {}: x {x0}..{x1}",
            page + 1
        );
        assert!(*y0 >= bleed + safe - 0.01 && *y1 <= 666.0 - bleed - safe + 0.01);
        let side = usize::from(!recto);
        least_x[side] = least_x[side].min(*x0);
        most_x[side] = most_x[side].max(*x1);
    }
    // Mirrored: the odd pages' text block sits a gutter further right than the even pages'.
    assert!(
        (least_x[0] - least_x[1] - gutter).abs() < 0.5,
        "{least_x:?}"
    );
}

#[test]
fn book_finishing_keys_are_checked_at_their_line() {
    let dir = temp_dir("print-trim-bad");
    for (key, message) in [
        ("gutter = \"wide\"", "gutter must be"),
        ("margins_mm = 5\nbleed = true", "unsafe zone"),
    ] {
        let text = format!("[document]\npaper = \"6x9in\"\n{key}\n\n[[board]]\ngame = \"go\"\n");
        std::fs::write(dir.join("b.toml"), &text).unwrap();
        let o = stonepress(&dir, &["build", "b.toml"]);
        assert_eq!(o.status.code(), Some(2), "{key}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("b.toml:3:") && err.contains(message), "{err}");
    }
}

/// The page numbers ("page N of M") each printed sheet side carries, left to right.
fn numbers_per_side(pdf: &Path) -> Vec<Vec<usize>> {
    let out = Command::new("pdftotext")
        .args(["-layout"])
        .arg(pdf)
        .arg("-")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .split('\u{c}')
        .filter(|side| !side.trim().is_empty())
        .map(|side| {
            let words: Vec<&str> = side.split_whitespace().collect();
            words
                .windows(3)
                .filter(|w| w[0] == "page" && w[2] == "of")
                .map(|w| w[1].parse().unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn a_saddle_stitched_booklet_prints_in_fold_order_and_n_up_in_reading_order() {
    let dir = temp_dir("print-impose");
    let booklet = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/rules-go.toml"),
    )
    .unwrap()
    .replacen(
        "[document]\n",
        "[document]\nimposition = \"saddle-stitch\"\nformats = [\"pdf\"]\n",
        1,
    )
    .replace("formats = [\"pdf\", \"svg\"]\n", "")
    .replace("paper = \"a4\"", "paper = \"a5\"");
    let booklet = if booklet.contains("paper = \"a5\"") {
        booklet
    } else {
        booklet.replacen("[document]\n", "[document]\npaper = \"a5\"\n", 1)
    };
    std::fs::write(dir.join("b.toml"), &booklet).unwrap();
    let o = stonepress(&dir, &["build", "b.toml", "--out", "b"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let pdf = std::fs::read_dir(dir.join("b"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "pdf"))
        .unwrap();
    check_pdf(&pdf);
    let bytes = std::fs::read(&pdf).unwrap();
    // A4 landscape sheets, two A5 pages each.
    assert!(String::from_utf8_lossy(&bytes).contains("/MediaBox[0 0 841.89 595.276]"));
    if have("pdftotext") {
        let sides = numbers_per_side(&pdf);
        let pages: usize = sides.iter().map(Vec::len).sum();
        // The booklet is padded with blank pages (which carry no number) to a multiple of
        // four. Sheet k's front holds pages n - 2k and 2k + 1, its back 2k + 2 and n - 2k - 1.
        let n = pages.div_ceil(4) * 4;
        let want: Vec<Vec<usize>> = (0..n / 4)
            .flat_map(|k| [vec![n - 2 * k, 2 * k + 1], vec![2 * k + 2, n - 2 * k - 1]])
            .map(|side| side.into_iter().filter(|&p| p <= pages).collect())
            .collect();
        assert_eq!(sides, want);
    }
    // Three pages of boards: padded with a blank to four, the blank outside the last page.
    let three = "[document]\nname = \"s\"\npaper = \"a5\"\nformats = [\"pdf\"]\n\
                 imposition = \"saddle-stitch\"\n\n[[board]]\ngame = \"go\"\npages = 3\n";
    std::fs::write(dir.join("s.toml"), three).unwrap();
    assert!(stonepress(&dir, &["build", "s.toml"]).status.success());
    let two_up = three
        .replace("saddle-stitch", "n-up")
        .replace("name = \"s\"", "name = \"n\"");
    std::fs::write(dir.join("n.toml"), two_up).unwrap();
    assert!(stonepress(&dir, &["build", "n.toml"]).status.success());
    if have("pdftotext") {
        assert_eq!(
            numbers_per_side(&dir.join("output/s.pdf")),
            vec![vec![1], vec![2, 3]]
        );
        assert_eq!(
            numbers_per_side(&dir.join("output/n.pdf")),
            vec![vec![1, 2], vec![3]]
        );
    }
}

#[test]
fn front_matter_gives_a_title_page_contents_how_to_read_and_an_index_by_difficulty() {
    let dir = temp_dir("print-front");
    std::fs::write(
        dir.join("f.toml"),
        "[document]\ntitle = \"Pairs for the club\"\nsubject = \"Anchor 2D problems\"\n\
         name = \"f\"\nfront_matter = true\nformats = [\"pdf\", \"svg\"]\n\n\
         [[puzzles]]\ngame = \"anchor2d\"\nkind = \"pair\"\ncount = 4\nper_page = 4\n\
         answers = \"back\"\ntitle = \"Pairs\"\nchapter = \"Anchor 2D\"\n",
    )
    .unwrap();
    let o = stonepress(&dir, &["build", "f.toml"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    check_pdf(&dir.join("output/f.pdf"));
    let pages: Vec<String> = common::files_under(&dir.join("output/f"))
        .into_iter()
        .map(|(_, b)| String::from_utf8_lossy(&b).into_owned())
        .collect();
    // Title, contents, how to read; chapter, problems; answers; index.
    assert_eq!(pages.len(), 7);
    assert!(pages[0].contains("Pairs for the club") && pages[0].contains("Anchor 2D problems"));
    assert!(pages[0].contains("4 problems, every answer proven"));
    for (entry, page) in [
        ("How to read this book", 3),
        ("Anchor 2D", 4),
        ("Pairs", 5),
        ("Pairs: answers", 6),
        ("Problems by difficulty", 7),
    ] {
        assert!(
            pages[1].contains(&format!(">{entry}<")),
            "contents lack {entry}"
        );
        assert!(
            pages[1].contains(&format!(">{page}<")),
            "contents lack page {page}"
        );
        assert!(
            pages[page - 1].contains(entry),
            "page {page} is not {entry}"
        );
    }
    assert!(pages[2].contains("Notation") && pages[2].contains("ROW.CELL"));
    assert!(pages[2].contains("Anchor 2D pair: easy below"));
    // The index lists each problem under the grade the manifest gives it.
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("output/f.json")).unwrap()).unwrap();
    let index = &pages[6];
    for p in manifest["sets"][0]["puzzles"].as_array().unwrap() {
        let grade = p["grade"].as_str().unwrap();
        let mut heading = grade.to_string();
        heading[..1].make_ascii_uppercase();
        assert!(index.contains(&format!(">{heading}<")), "{index}");
    }
    let o = stonepress(&dir, &["verify", "output/f.json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

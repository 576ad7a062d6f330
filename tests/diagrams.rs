//! Diagrams: golden pages for each game's engine-made diagrams (regenerated only with
//! STONEPRESS_BLESS=1), the SVG and the PDF of a figure rasterising to the same picture, and
//! configuration errors that point at the diagram at fault.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use stonepress::cli::build_pages;
use stonepress::config::diagram::make_blocks;
use stonepress::config::load;
use stonepress::figure::{Colour, Figure, Line, MarkKind, Outline, Region, Tone, draw_figure};
use stonepress::games::{go::look as go, hexade::look as hexade};
use stonepress::geometry::{Point, Size};
use stonepress::layout::diagrams::Block;
use stonepress::render::{Page, pdf, svg};

use common::{have, temp_dir};

fn golden_dir(case: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(case)
}

/// Builds a golden case's configuration and compares every page's SVG with the stored one.
fn golden(case: &str) -> Vec<Block> {
    let dir = golden_dir(case);
    let plan = load(&dir.join("config.toml")).unwrap_or_else(|e| panic!("{case}: {e}"));
    let pages = build_pages(&plan, &[]);
    assert!(!pages.is_empty(), "{case} makes pages");
    let bless = std::env::var("STONEPRESS_BLESS").is_ok_and(|v| v == "1");
    for (i, page) in pages.iter().enumerate() {
        let text = svg::page_to_svg(page, &format!("{case} page {}", i + 1));
        let path = dir.join(format!("page-{}.svg", i + 1));
        if bless {
            std::fs::write(&path, &text).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_else(|_| {
            panic!(
                "{} is missing: run STONEPRESS_BLESS=1 cargo test --test diagrams",
                path.display()
            )
        });
        if want != text {
            let got = temp_dir(&format!("golden-{case}")).join(format!("page-{}.svg", i + 1));
            std::fs::write(&got, &text).unwrap();
            panic!(
                "{case} page {} differs from {} (new output in {}); if the change is \
                 intended, run STONEPRESS_BLESS=1 cargo test --test diagrams",
                i + 1,
                path.display(),
                got.display()
            );
        }
    }
    let extra = dir.join(format!("page-{}.svg", pages.len() + 1));
    assert!(
        bless || !extra.exists(),
        "{case} made fewer pages than stored"
    );
    let (blocks, failed) = make_blocks(&plan.blocks);
    assert!(failed.is_empty(), "{failed:?}");
    blocks
}

/// The captions of a plan's diagrams, in order.
fn captions(blocks: &[Block]) -> Vec<String> {
    blocks
        .iter()
        .filter_map(|b| match b {
            Block::Diagram(d) => Some(d.figure.full_caption()),
            Block::Text { .. } => None,
        })
        .collect()
}

#[test]
fn golden_anchor_diagrams() {
    let c = captions(&golden("anchor"));
    assert!(
        c[0].contains("Black 9 = 8 territory + 1 prisoner; White 132 = 131 territory + 1 prisoner"),
        "{}",
        c[0]
    );
    assert!(
        c[1].contains("1 Black") || c[1].contains("home corner"),
        "{}",
        c[1]
    );
}

#[test]
fn golden_anchor2d_diagrams() {
    let c = captions(&golden("anchor2d"));
    assert_eq!(c[0], "Black has anchored 1 pair: (b,c).");
}

#[test]
fn golden_kropki_diagrams() {
    let c = captions(&golden("kropki"));
    assert!(
        c[0].contains("Black has captured 1 dot, White 0."),
        "{}",
        c[0]
    );
    assert!(
        c[1].contains("Black has captured 0 dots, White 6."),
        "{}",
        c[1]
    );
}

#[test]
fn golden_go_diagrams() {
    let c = captions(&golden("go"));
    assert!(c[0].contains("have 1 liberty (atari)"), "{}", c[0]);
    assert!(c[1].contains("Black 1 captures 1 stone."), "{}", c[1]);
    assert!(
        c[1].contains("White may not retake at D5 at once"),
        "{}",
        c[1]
    );
    assert!(c[2].contains("White wins by 2."), "{}", c[2]);
}

#[test]
fn golden_hexade_diagrams() {
    let c = captions(&golden("hexade"));
    assert!(c[0].contains("White 1 captures 2 pairs."), "{}", c[0]);
    for shape in ["a row", "a triangle", "a ring"] {
        assert!(c[1].contains(shape), "{}", c[1]);
    }
    assert!(c[2].contains("18 cells are forbidden"), "{}", c[2]);
}

/// Grey levels of an RGBA buffer.
fn greys(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks(4)
        .map(|p| {
            // Composite over white.
            let a = p[3] as u32;
            let g = (p[0] as u32 * 299 + p[1] as u32 * 587 + p[2] as u32 * 114) / 1000;
            ((g * a + 255 * (255 - a)) / 255) as u8
        })
        .collect()
}

/// Reads a binary PGM (P5) file: width, height, grey levels.
fn read_pgm(path: &Path) -> (usize, usize, Vec<u8>) {
    let bytes = std::fs::read(path).unwrap();
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        while bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..i]).to_string());
    }
    assert_eq!(fields[0], "P5");
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (w, h, bytes[i + 1..].to_vec())
}

/// A figure page without text (resvg has no fonts here): stones, marks, shades, outlines and
/// arrows on a Go window and a Hexade board.
fn shapes_page() -> Page {
    let mut page = Page::new(Size::new(160.0, 90.0));
    let b = go::board(9);
    let mut fig = Figure::new(b.clone(), &go::LOOK);
    fig.coordinates = false;
    for (p, c) in [
        ("C3", Colour::Black),
        ("D3", Colour::White),
        ("D4", Colour::Black),
    ] {
        fig.stone(b.parse(p).unwrap(), c);
    }
    fig.mark(b.parse("C3").unwrap(), MarkKind::Triangle);
    fig.mark(b.parse("D3").unwrap(), MarkKind::Cross);
    fig.mark(b.parse("E5").unwrap(), MarkKind::Square);
    fig.shades.push((b.parse("A1").unwrap(), Tone::Black));
    fig.regions.push(Region {
        outline: Outline::Cells(b.parse_list("F1 F2 G2").unwrap()),
        tone: Tone::Accent,
        fill: true,
        line: Line::Heavy,
    });
    fig.window = Some(stonepress::figure::Window::around(
        &b,
        &b.parse_list("A1 G7").unwrap(),
        0.6,
    ));
    draw_figure(&mut page, &fig, Point::new(5.0, 5.0), Size::new(70.0, 80.0));
    let h = hexade::board(5);
    let mut f2 = Figure::new(h.clone(), &hexade::LOOK);
    f2.coordinates = false;
    f2.stone(h.parse("C3").unwrap(), Colour::Black);
    f2.stone(h.parse("C4").unwrap(), Colour::White);
    f2.mark(h.parse("C4").unwrap(), MarkKind::Circle);
    f2.regions.push(Region {
        outline: Outline::Cells(h.parse_list("A1 A2 B2").unwrap()),
        tone: Tone::Black,
        fill: true,
        line: Line::Dashed,
    });
    draw_figure(&mut page, &f2, Point::new(85.0, 5.0), Size::new(70.0, 80.0));
    page
}

/// Means of `k`x`k` blocks of a grey image (partial blocks at the edges dropped).
fn blocks(img: &[u8], w: usize, h: usize, k: usize) -> (usize, usize, Vec<u8>) {
    let (bw, bh) = (w / k, h / k);
    let mut out = Vec::with_capacity(bw * bh);
    for by in 0..bh {
        for bx in 0..bw {
            let mut sum = 0u32;
            for y in 0..k {
                for x in 0..k {
                    sum += img[(by * k + y) * w + bx * k + x] as u32;
                }
            }
            out.push((sum / (k * k) as u32) as u8);
        }
    }
    (bw, bh, out)
}

#[test]
fn svg_and_pdf_of_a_figure_rasterise_to_the_same_picture() {
    if !have("pdftoppm") {
        return;
    }
    let page = shapes_page();
    let dir = temp_dir("raster");
    // SVG through resvg at 192 px per inch (twice the CSS pixel).
    let text = svg::page_to_svg(&page, "raster");
    let tree = resvg::usvg::Tree::from_str(&text, &resvg::usvg::Options::default()).unwrap();
    let size = tree.size().to_int_size();
    let (sw, sh) = (size.width() as usize * 2, size.height() as usize * 2);
    let mut pixmap = resvg::tiny_skia::Pixmap::new(sw as u32, sh as u32).unwrap();
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(2.0, 2.0),
        &mut pixmap.as_mut(),
    );
    let from_svg = greys(pixmap.data());
    // PDF through pdftoppm at the same resolution.
    let pdf_path = dir.join("fig.pdf");
    std::fs::write(
        &pdf_path,
        pdf::pages_to_pdf(&[page], &pdf::Info::titled("raster")),
    )
    .unwrap();
    let out = Command::new("pdftoppm")
        .args(["-gray", "-r", "192", "-singlefile"])
        .arg(&pdf_path)
        .arg(dir.join("fig"))
        .output()
        .unwrap();
    assert!(out.status.success(), "pdftoppm failed");
    let (w, h, from_pdf) = read_pgm(&dir.join("fig.pgm"));
    assert!(
        w.abs_diff(sw) <= 2 && h.abs_diff(sh) <= 2,
        "{w}x{h} vs {sw}x{sh}"
    );
    // Compare 4x4 block means, so anti-aliasing of hairlines does not count.
    let (cw, ch) = (w.min(sw), h.min(sh));
    let crop = |img: &[u8], stride: usize| -> Vec<u8> {
        (0..ch)
            .flat_map(|y| img[y * stride..y * stride + cw].to_vec())
            .collect()
    };
    let (bw, bh, a) = blocks(&crop(&from_svg, sw), cw, ch, 4);
    let (_, _, b) = blocks(&crop(&from_pdf, w), cw, ch, 4);
    let (mut inked, mut differ) = (0usize, 0usize);
    for i in 0..bw * bh {
        if a[i] < 230 || b[i] < 230 {
            inked += 1;
        }
        if (a[i] as i32 - b[i] as i32).abs() > 48 {
            differ += 1;
        }
    }
    eprintln!("{differ} of {inked} inked blocks differ");
    assert!(inked > 2000, "the figure has ink ({inked} blocks)");
    let share = differ as f64 / inked as f64;
    assert!(
        share < 0.005,
        "{differ} of {inked} inked blocks differ between SVG and PDF ({:.2}%)",
        share * 100.0
    );
}

#[test]
fn a_diagram_error_names_the_line_of_the_diagram() {
    let text = r#"
[[diagram]]
game = "go"
position = { black = "D4" }

[[diagram]]
game = "go"
show = ["anchors"]
"#;
    let e = stonepress::config::load_str(text, "bad.toml").unwrap_err();
    assert_eq!(e.line, 8, "{e}");
    assert!(e.to_string().contains("cannot show 'anchors'"), "{e}");
    let text = r#"
[[diagram]]
game = "go"
position = { black = "D4", white = "D5" }
moves = "E5 D4"
"#;
    let e = stonepress::config::load_str(text, "bad.toml").unwrap_err();
    assert_eq!(e.line, 5, "{e}");
    assert!(e.to_string().contains("move 2 (D4) is illegal"), "{e}");
}

#[test]
fn a_diagram_reads_its_position_from_a_file_next_to_the_configuration() {
    let dir = temp_dir("diagram-files");
    std::fs::copy(common::data("go", "capture.sgf"), dir.join("capture.sgf")).unwrap();
    std::fs::copy(common::data("hexade", "six.toml"), dir.join("six.toml")).unwrap();
    let config = dir.join("d.toml");
    std::fs::write(
        &config,
        r#"
[[diagram]]
game = "go"
position = "capture.sgf"
show = ["liberties"]

[[diagram]]
game = "hexade"
position = "six.toml"
show = ["sixes"]
"#,
    )
    .unwrap();
    let plan = load(&config).unwrap_or_else(|e| panic!("{e}"));
    let (blocks, _) = make_blocks(&plan.blocks);
    let c = captions(&blocks);
    assert_eq!(c.len(), 2);
    assert!(c[1].contains("White has a six: a row."), "{}", c[1]);
    let figures: Vec<&Figure> = blocks
        .iter()
        .filter_map(|b| match b {
            Block::Diagram(d) => Some(&d.figure),
            Block::Text { .. } => None,
        })
        .collect();
    // The SGF record's stones are on the Go figure (20 moves, some captured).
    assert!(figures[0].stones.len() > 10, "{}", figures[0].stones.len());
    std::fs::write(
        &config,
        "[[diagram]]\ngame = \"go\"\nposition = \"missing.sgf\"\n",
    )
    .unwrap();
    let e = load(&config).unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    assert!(e.to_string().contains("cannot read"), "{e}");
}

//! Board sheets for every game, on A4 and Letter, in both formats: valid files, and the number
//! of points or cells counted from the output. The sheets' size, fill, scale, margins, record
//! tables and Anchor 2D numbering are read back from the SVG pages the command writes.

mod common;

use std::path::Path;

use common::{check_pdf, count_class, render_svg, stonepress, temp_dir};
use stonepress::render::frame::text_width;

/// (game, extra args, points, playable cells, edge cells)
const GAMES: [(&str, &[&str], usize, usize, usize); 6] = [
    ("anchor", &[], 169, 0, 0),
    ("anchor2d", &[], 0, 328, 114),
    ("kropki", &["--width", "20", "--height", "15"], 300, 0, 0),
    ("go", &[], 81, 0, 0),
    ("go", &["--size", "19"], 361, 0, 0),
    ("hexade", &[], 0, 271, 0),
];

#[test]
fn every_board_sheet_on_a4_and_letter_in_both_formats() {
    let dir = temp_dir("sheets");
    for (game, extra, points, cells, edges) in GAMES {
        for paper in ["a4", "letter"] {
            for ext in ["pdf", "svg"] {
                let file = format!("{game}-{}-{paper}.{ext}", extra.len());
                let mut args = vec!["board", game, "--paper", paper, "--out", &file];
                args.extend_from_slice(extra);
                let out = stonepress(&dir, &args);
                assert!(
                    out.status.success(),
                    "{args:?}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let path = dir.join(&file);
                if ext == "pdf" {
                    check_pdf(&path);
                } else {
                    let svg = std::fs::read_to_string(&path).unwrap();
                    assert_eq!(count_class(&svg, "point"), points, "{file} points");
                    assert_eq!(count_class(&svg, "cell"), cells, "{file} cells");
                    assert_eq!(count_class(&svg, "edge-cell"), edges, "{file} edge cells");
                    assert!(render_svg(&svg) > 1000, "{file} renders with ink on it");
                }
            }
        }
    }
}

#[test]
fn anchor_sheet_marks_three_home_corners_per_colour() {
    let dir = temp_dir("anchor-corners");
    let out = stonepress(&dir, &["board", "anchor", "--out", "a.svg"]);
    assert!(out.status.success());
    let svg = std::fs::read_to_string(dir.join("a.svg")).unwrap();
    let anchors: Vec<&str> = svg
        .lines()
        .filter(|l| l.contains("class=\"anchor\""))
        .collect();
    assert_eq!(anchors.len(), 6);
    assert_eq!(
        anchors
            .iter()
            .filter(|l| l.contains("fill=\"#000000\""))
            .count(),
        3
    );
    assert_eq!(
        anchors
            .iter()
            .filter(|l| l.contains("fill=\"#ffffff\""))
            .count(),
        3
    );
}

#[test]
fn go_sheet_has_star_points_and_states_its_scale() {
    let dir = temp_dir("go-scale");
    let out = stonepress(&dir, &["board", "go", "--out", "g.svg"]);
    assert!(out.status.success());
    let svg = std::fs::read_to_string(dir.join("g.svg")).unwrap();
    assert_eq!(count_class(&svg, "star"), 5);
    assert!(
        svg.contains("9x9 Go board. Scale 100%: lines 22 x 23.7 mm"),
        "the footer states the scale"
    );
    // On A5 the board does not fit at full size: the footer says how far it is shrunk, and
    // the lines are that far apart.
    let out = stonepress(&dir, &["board", "go", "--paper", "a5", "--out", "g5.svg"]);
    assert!(out.status.success());
    let page = Sheet::read(&dir.join("g5.svg"));
    let (dx, dy) = page.spacing(9, 9);
    let percent = (dx / 22.0 * 100.0).round();
    assert!(percent < 100.0);
    let note = format!("Scale {percent}%: lines {} x {} mm", short(dx), short(dy));
    assert!(page.has_text(&note), "A5 footer: {note}");
    // A scale asked for is printed; one that does not fit is refused with the largest that does.
    let out = stonepress(&dir, &["board", "go", "--scale", "90", "--out", "g9.svg"]);
    assert!(out.status.success());
    let (dx, _) = Sheet::read(&dir.join("g9.svg")).spacing(9, 9);
    assert!((dx - 19.8).abs() < 0.01, "90% of 22 mm: {dx}");
    let out = stonepress(&dir, &["board", "go", "--scale", "120", "--out", "g12.svg"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("largest scale that fits is 1"), "{err}");
    assert!(!dir.join("g12.svg").exists());
}

/// A length as the footer prints it: at most one decimal.
fn short(v: f64) -> String {
    let s = format!("{v:.1}");
    s.strip_suffix(".0").map_or(s.clone(), str::to_string)
}

#[test]
fn record_and_score_tables_are_printed_when_asked() {
    let dir = temp_dir("tables");
    let out = stonepress(
        &dir,
        &[
            "board",
            "go",
            "--record-table",
            "--score-table",
            "--out",
            "t.svg",
        ],
    );
    assert!(out.status.success());
    // The board takes the first page at full size with the score table under it; the move
    // record follows on the second.
    let svg = std::fs::read_to_string(dir.join("t.svg")).unwrap();
    assert!(svg.contains(">Komi<") && svg.contains(">Territory<"));
    let svg = std::fs::read_to_string(dir.join("t-2.svg")).unwrap();
    assert!(svg.contains(">No.<") && svg.contains(">Moves 1-"));
    let out = stonepress(
        &dir,
        &["board", "hexade", "--score-table", "--out", "h.svg"],
    );
    assert_eq!(out.status.code(), Some(2), "Hexade has no score table");
}

/// One element of an SVG page as the writer emits it (one element a line).
#[derive(Debug)]
enum Ink {
    /// A shape's box (x0, y0, x1, y1) with its class.
    Shape([f64; 4], String),
    /// A text: its box, content, size and anchor.
    Text([f64; 4], String, f64, String),
}

/// An SVG page read back: its size and its elements.
struct Sheet {
    w: f64,
    h: f64,
    ink: Vec<Ink>,
}

fn attr(line: &str, key: &str) -> Option<String> {
    let pat = format!(" {key}=\"");
    let at = line.find(&pat)? + pat.len();
    let end = line[at..].find('"')? + at;
    Some(line[at..end].to_string())
}

fn num(line: &str, key: &str) -> f64 {
    attr(line, key).map_or(0.0, |v| v.parse().unwrap())
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

impl Sheet {
    fn read(path: &Path) -> Sheet {
        let text = std::fs::read_to_string(path).unwrap();
        let mut sheet = Sheet {
            w: 0.0,
            h: 0.0,
            ink: Vec::new(),
        };
        for line in text.lines().map(str::trim) {
            let half = num(line, "stroke-width") / 2.0;
            let class = attr(line, "class").unwrap_or_default();
            if line.starts_with("<svg") {
                let vb: Vec<f64> = attr(line, "viewBox")
                    .unwrap()
                    .split(' ')
                    .map(|v| v.parse().unwrap())
                    .collect();
                (sheet.w, sheet.h) = (vb[2], vb[3]);
            } else if line.starts_with("<circle") {
                let (x, y, r) = (num(line, "cx"), num(line, "cy"), num(line, "r") + half);
                sheet
                    .ink
                    .push(Ink::Shape([x - r, y - r, x + r, y + r], class));
            } else if line.starts_with("<line") {
                let (x1, x2) = (num(line, "x1"), num(line, "x2"));
                let (y1, y2) = (num(line, "y1"), num(line, "y2"));
                sheet.ink.push(Ink::Shape(
                    [
                        x1.min(x2) - half,
                        y1.min(y2) - half,
                        x1.max(x2) + half,
                        y1.max(y2) + half,
                    ],
                    class,
                ));
            } else if line.starts_with("<polygon") || line.starts_with("<polyline") {
                let v: Vec<f64> = attr(line, "points")
                    .unwrap()
                    .split([' ', ','])
                    .filter(|s| !s.is_empty())
                    .map(|v| v.parse().unwrap())
                    .collect();
                let xs = v.iter().step_by(2);
                let ys = v.iter().skip(1).step_by(2);
                let b = [
                    xs.clone().copied().fold(f64::MAX, f64::min) - half,
                    ys.clone().copied().fold(f64::MAX, f64::min) - half,
                    xs.copied().fold(f64::MIN, f64::max) + half,
                    ys.copied().fold(f64::MIN, f64::max) + half,
                ];
                sheet.ink.push(Ink::Shape(b, class));
            } else if line.starts_with("<text") {
                let content =
                    unescape(&line[line.find('>').unwrap() + 1..line.rfind("</text>").unwrap()]);
                let size = num(line, "font-size");
                let bold = attr(line, "font-weight").is_some_and(|w| w == "bold");
                let anchor = attr(line, "text-anchor").unwrap_or_else(|| "start".into());
                let width = text_width(&content, size, bold);
                let (x, y) = (num(line, "x"), num(line, "y"));
                let x0 = match anchor.as_str() {
                    "middle" => x - width / 2.0,
                    "end" => x - width,
                    _ => x,
                };
                sheet.ink.push(Ink::Text(
                    [x0, y - size * 0.75, x0 + width, y + size * 0.22],
                    content,
                    size,
                    anchor,
                ));
            }
        }
        sheet
    }

    fn has_text(&self, needle: &str) -> bool {
        self.texts().any(|(_, t, _, _)| t.contains(needle))
    }

    fn texts(&self) -> impl Iterator<Item = (&[f64; 4], &str, f64, &str)> {
        self.ink.iter().filter_map(|i| match i {
            Ink::Text(b, t, s, a) => Some((b, t.as_str(), *s, a.as_str())),
            Ink::Shape(..) => None,
        })
    }

    /// The box around the boxes that pass `keep`.
    fn bounds(&self, keep: impl Fn(&Ink) -> bool) -> [f64; 4] {
        let mut b = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
        for i in self.ink.iter().filter(|i| keep(i)) {
            let (Ink::Shape(c, _) | Ink::Text(c, ..)) = i;
            b = [
                b[0].min(c[0]),
                b[1].min(c[1]),
                b[2].max(c[2]),
                b[3].max(c[3]),
            ];
        }
        b
    }

    /// The board's points or cells: their box.
    fn body(&self) -> [f64; 4] {
        self.bounds(
            |i| matches!(i, Ink::Shape(_, c) if c == "point" || c == "cell" || c == "edge-cell"),
        )
    }

    /// The spacing of a w x h square grid of points, across and down.
    fn spacing(&self, w: usize, h: usize) -> (f64, f64) {
        let b = self.bounds(|i| matches!(i, Ink::Shape(_, c) if c == "point"));
        let r = self
            .ink
            .iter()
            .find_map(|i| match i {
                Ink::Shape(c, class) if class == "point" => Some((c[2] - c[0]) / 2.0),
                _ => None,
            })
            .unwrap();
        (
            (b[2] - b[0] - 2.0 * r) / (w - 1) as f64,
            (b[3] - b[1] - 2.0 * r) / (h - 1) as f64,
        )
    }

    /// The heading (title and subtitle at the left margin, above the board) and the footer
    /// (the last line): texts that are not the board's.
    fn is_page_text(&self, i: &Ink) -> bool {
        let body = self.body();
        match i {
            Ink::Text(b, _, _, a) => (a == "start" && b[3] < body[1]) || b[1] > self.h - 16.0,
            Ink::Shape(..) => false,
        }
    }

    /// The room the page leaves the board: the margins' width, from below the heading to
    /// above the footer.
    fn room(&self, margin: f64) -> (f64, f64) {
        let body = self.body();
        let head = self
            .texts()
            .filter(|(b, _, _, a)| *a == "start" && b[3] < body[1])
            .map(|(b, ..)| b[3])
            .fold(margin, f64::max);
        let foot = self
            .texts()
            .filter(|(b, ..)| b[1] > self.h - 16.0)
            .map(|(b, ..)| b[1])
            .fold(self.h - margin, f64::min);
        (self.w - 2.0 * margin, foot - head)
    }

    /// The board's drawing: every shape and its coordinates, without the heading and footer.
    fn board_ink(&self) -> [f64; 4] {
        self.bounds(|i| !self.is_page_text(i))
    }
}

/// Writes `board GAME --paper PAPER ARGS` as SVG and reads back every page.
fn sheet_pages(dir: &Path, game: &str, paper: &str, args: &[&str]) -> Vec<Sheet> {
    let name = format!("{game}-{paper}-{}.svg", args.len());
    let mut all = vec!["board", game, "--paper", paper, "--out", &name];
    all.extend_from_slice(args);
    let out = stonepress(dir, &all);
    assert!(
        out.status.success(),
        "{all:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut pages = vec![Sheet::read(&dir.join(&name))];
    let stem = name.trim_end_matches(".svg");
    for n in 2.. {
        let more = dir.join(format!("{stem}-{n}.svg"));
        if !more.exists() {
            break;
        }
        pages.push(Sheet::read(&more));
        std::fs::remove_file(more).unwrap();
    }
    pages
}

/// The five games' defaults, with the tables each takes.
const DEFAULTS: [(&str, &[&str]); 5] = [
    ("go", &["--record-table", "--score-table"]),
    ("kropki", &["--record-table"]),
    ("anchor", &["--record-table", "--score-table"]),
    ("anchor2d", &["--record-table"]),
    ("hexade", &["--record-table"]),
];

#[test]
fn every_default_sheet_prints_its_board_at_true_size_or_filling_the_page() {
    let dir = temp_dir("sheet-size");
    for (game, tables) in DEFAULTS {
        for paper in ["a4", "letter"] {
            let plain = sheet_pages(&dir, game, paper, &[]);
            let with = sheet_pages(&dir, game, paper, tables);
            assert_eq!(plain.len(), 1, "{game} {paper}: one page without tables");
            let (p, t) = (&plain[0], &with[0]);
            let what = format!("{game} on {paper}");
            match game {
                "go" => {
                    let (dx, dy) = p.spacing(9, 9);
                    assert!(
                        (0.85 * 22.0 - 1e-6..=22.0 + 1e-6).contains(&dx),
                        "{what}: {dx}"
                    );
                    assert!((dy / 23.7 - dx / 22.0).abs() < 1e-4, "{what}: {dy}");
                    let (tx, ty) = t.spacing(9, 9);
                    assert!(
                        (tx - dx).abs() < 1e-3 && (ty - dy).abs() < 1e-3,
                        "{what}: the tables keep the scale"
                    );
                }
                "kropki" => {
                    for s in [p, t] {
                        let (dx, dy) = s.spacing(39, 32);
                        assert!(
                            (dx - 5.0).abs() < 1e-3 && (dy - 5.0).abs() < 1e-3,
                            "{what}: {dx}"
                        );
                    }
                }
                _ => {
                    let ink = p.board_ink();
                    let (w, h) = p.room(10.0);
                    let fill = ((ink[2] - ink[0]) / w).max((ink[3] - ink[1]) / h);
                    assert!(fill >= 0.9, "{what}: the board fills {fill:.2} of the room");
                    let (a, b) = (p.body(), t.body());
                    assert!(
                        b[2] - b[0] >= a[2] - a[0] - 0.01,
                        "{what}: the tables make the board smaller"
                    );
                }
            }
            // The tables are printed, on the board's page or a following one.
            assert!(
                with.iter().any(|s| s.has_text("No.")),
                "{what}: record table"
            );
        }
    }
}

#[test]
fn kropki_prints_landscape_and_go_at_full_size_on_a4_and_letter() {
    let dir = temp_dir("sheet-orientation");
    for paper in ["a4", "letter"] {
        let k = &sheet_pages(&dir, "kropki", paper, &[])[0];
        assert!(k.w > k.h, "Kropki turns the {paper} page");
        assert!(k.has_text("Scale 100%: 5 mm squares"));
        let g = &sheet_pages(&dir, "go", paper, &["--record-table", "--score-table"])[0];
        let (dx, dy) = g.spacing(9, 9);
        assert!(
            (dx - 22.0).abs() < 1e-3 && (dy - 23.7).abs() < 1e-3,
            "Go at 100% on {paper}: {dx} x {dy}"
        );
    }
}

#[test]
fn go_coordinates_sit_close_to_the_board() {
    let dir = temp_dir("sheet-coordinates");
    let g = &sheet_pages(&dir, "go", "a4", &[])[0];
    let body = g.body();
    for (b, t, _, _) in g.texts() {
        if t == "A" || t == "5" {
            let off = (b[1] - body[3])
                .max(body[1] - b[3])
                .max(b[0] - body[2])
                .max(body[0] - b[2]);
            assert!(off < 5.0, "coordinate {t} stands {off:.1} mm off the board");
        }
    }
}

#[test]
fn no_sheet_comes_within_5_mm_of_the_paper_edge() {
    let dir = temp_dir("sheet-edges");
    for (game, tables) in DEFAULTS {
        for paper in ["a4", "letter", "a5"] {
            for args in [&[][..], tables] {
                for (n, s) in sheet_pages(&dir, game, paper, args).iter().enumerate() {
                    let b = s.bounds(|_| true);
                    let near = b[0].min(b[1]).min(s.w - b[2]).min(s.h - b[3]);
                    assert!(
                        near >= 5.0,
                        "{game} on {paper} {args:?}, page {}: ink {near:.1} mm from the edge",
                        n + 1
                    );
                    // Text stays within the margins.
                    let t = s.bounds(|i| matches!(i, Ink::Text(..)));
                    assert!(
                        t[0] >= 10.0 - 0.01 && t[2] <= s.w - 10.0 + 0.01,
                        "{game} {paper}: text {t:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn record_tables_hold_a_whole_game_with_continuation_pages() {
    let dir = temp_dir("sheet-records");
    for (game, _) in DEFAULTS {
        let pages = sheet_pages(&dir, game, "a4", &["--record-table"]);
        let first = &pages[0];
        let playable = count(first, "point") + count(first, "cell");
        // The headings chain: "Moves 1-M", then "Moves M+1-N, continued" on each later page.
        let mut next = 1;
        for (i, s) in pages.iter().enumerate() {
            let Some(heading) = s.texts().find_map(|(_, t, _, _)| t.strip_prefix("Moves ")) else {
                assert_eq!(i, 0, "{game}: page {} has no record", i + 1);
                continue;
            };
            let (range, cont) = match heading.strip_suffix(", continued") {
                Some(r) => (r, true),
                None => (heading, false),
            };
            assert_eq!(cont, next > 1, "{game}: {heading}");
            let (a, b) = range.split_once('-').unwrap();
            let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
            assert_eq!(a, next, "{game}: page {} starts at {a}", i + 1);
            // Every row number of the range is printed on the page.
            let numbers: Vec<usize> = s
                .texts()
                // The record's numbers: end-anchored at 2.7 mm (coordinates are other sizes).
                .filter(|(_, _, size, anchor)| *anchor == "end" && (size - 2.7).abs() < 1e-6)
                .filter_map(|(_, t, _, _)| t.parse().ok())
                .filter(|n| (a..=b).contains(n))
                .collect();
            assert_eq!(numbers.len(), b - a + 1, "{game}: rows {a}-{b}");
            next = b + 1;
        }
        assert!(
            next > playable.div_ceil(2),
            "{game}: {} rows for {playable} points",
            next - 1
        );
    }
}

fn count(s: &Sheet, class: &str) -> usize {
    s.ink
        .iter()
        .filter(|i| matches!(i, Ink::Shape(_, c) if c == class))
        .count()
}

#[test]
fn anchor2d_numbers_find_every_cell_without_counting() {
    let dir = temp_dir("sheet-anchor2d");
    let s = &sheet_pages(&dir, "anchor2d", "a4", &[])[0];
    // Row numbers are end-anchored at the left side; each cell number is printed at both ends
    // of its diagonal.
    let centre = |b: &[f64; 4]| ((b[0] + b[2]) / 2.0, (b[1] + b[3]) / 2.0);
    let mut rows = Vec::new();
    let mut cells: Vec<Vec<(f64, f64)>> = vec![Vec::new(); 28];
    for (b, t, _, anchor) in s.texts() {
        let Ok(n) = t.parse::<usize>() else { continue };
        if !(1..=27).contains(&n) {
            continue;
        }
        match anchor {
            "end" => rows.push((n, centre(b))),
            "middle" => cells[n].push(centre(b)),
            _ => {}
        }
    }
    assert_eq!(rows.len(), 27, "a number for each row");
    let cell_centres: Vec<(f64, f64)> = s
        .ink
        .iter()
        .filter_map(|i| match i {
            Ink::Shape(b, c) if c == "cell" => Some(centre(b)),
            _ => None,
        })
        .collect();
    assert_eq!(cell_centres.len(), 328);
    let unit = {
        let b = s.ink.iter().find_map(|i| match i {
            Ink::Shape(b, c) if c == "cell" => Some(*b),
            _ => None,
        });
        b.unwrap()[2] - b.unwrap()[0]
    };
    // Each cell lies where its row's line meets the line through its cell number's two labels.
    let mut found = vec![0; cell_centres.len()];
    for &(_, (_, ry)) in &rows {
        for ends in &cells[1..] {
            assert_eq!(
                ends.len(),
                2,
                "each cell number at both ends of its diagonal"
            );
            let ((x1, y1), (x2, y2)) = (ends[0], ends[1]);
            let x = x1 + (x2 - x1) * (ry - y1) / (y2 - y1);
            if let Some(k) = cell_centres
                .iter()
                .position(|&(cx, cy)| (cx - x).abs() < unit * 0.25 && (cy - ry).abs() < unit * 0.25)
            {
                found[k] += 1;
            }
        }
    }
    assert!(
        found.iter().all(|&f| f == 1),
        "every cell found once by its numbers"
    );
}

#[test]
fn a_board_table_turns_like_board_unless_the_document_sets_an_orientation() {
    let dir = temp_dir("sheet-table-orientation");
    let config = |name: &str, orientation: &str| {
        format!(
            "[document]\nname = \"{name}\"\npaper = \"a4\"\nformats = [\"svg\"]\n{orientation}\n\
             [[board]]\ngame = \"kropki\"\nwidth = 39\nheight = 32\n\n\
             [[board]]\ngame = \"go\"\nsize = 9\n"
        )
    };
    let pages = |name: &str, orientation: &str| -> Vec<Sheet> {
        std::fs::write(dir.join(format!("{name}.toml")), config(name, orientation)).unwrap();
        let out = stonepress(&dir, &["build", &format!("{name}.toml"), "--out", "o"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut svgs: Vec<_> = std::fs::read_dir(dir.join("o").join(name))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        svgs.sort();
        svgs.iter().map(|p| Sheet::read(p)).collect()
    };
    // Free to turn: the Kropki sheet turns landscape and prints at 5 mm, Go stays portrait.
    let free = pages("free", "");
    assert_eq!(free.len(), 2);
    assert!(free[0].w > free[0].h, "Kropki turns the page");
    let (dx, dy) = free[0].spacing(39, 32);
    assert!(
        (dx - 5.0).abs() < 1e-3 && (dy - 5.0).abs() < 1e-3,
        "{dx} x {dy}"
    );
    assert!(free[1].w < free[1].h, "Go keeps portrait");
    // An orientation in [document] holds for every page.
    let fixed = pages("fixed", "orientation = \"portrait\"");
    assert!(fixed.iter().all(|s| s.w < s.h));
    assert!(fixed[0].spacing(39, 32).0 < 5.0 - 1e-3);
}

#[test]
fn a_board_table_may_ask_for_a_scale_that_fits() {
    let dir = temp_dir("sheet-scale-key");
    let config = |scale: usize| {
        format!(
            "[document]\nname = \"s\"\nformats = [\"svg\"]\n\n[[board]]\ngame = \"go\"\nscale = {scale}\n"
        )
    };
    std::fs::write(dir.join("big.toml"), config(150)).unwrap();
    let out = stonepress(&dir, &["check", "big.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("big.toml:7:9") && err.contains("largest that fits is"),
        "{err}"
    );
    std::fs::write(dir.join("small.toml"), config(60)).unwrap();
    let out = stonepress(&dir, &["build", "small.toml", "--out", "o"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_dir(dir.join("o/s"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "svg"))
        .unwrap();
    let (dx, dy) = Sheet::read(&svg).spacing(9, 9);
    assert!(
        (dx - 13.2).abs() < 0.01 && (dy - 14.22).abs() < 0.01,
        "60%: {dx} x {dy}"
    );
}

#[test]
fn a_long_board_title_is_wrapped_within_the_margins() {
    let dir = temp_dir("sheet-title");
    let title = "The club's Tuesday evening ladder: board sheets for the spring season, \
                 with a move record for every game and room for the score";
    std::fs::write(
        dir.join("t.toml"),
        format!(
            "[document]\nname = \"t\"\nformats = [\"svg\"]\npaper = \"a5\"\nmargins_mm = 10\n\n\
             [[board]]\ngame = \"anchor\"\ntitle = \"{title}\"\n"
        ),
    )
    .unwrap();
    let out = stonepress(&dir, &["build", "t.toml", "--out", "o"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_dir(dir.join("o/t"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "svg"))
        .unwrap();
    let s = Sheet::read(&svg);
    let bold: Vec<&[f64; 4]> = s
        .texts()
        .filter(|(b, t, _, _)| b[1] < 40.0 && title.contains(t))
        .map(|(b, ..)| b)
        .collect();
    assert!(bold.len() >= 2, "the title takes more than one line");
    for b in bold {
        assert!(
            b[0] >= 10.0 - 0.01 && b[2] <= s.w - 10.0 + 0.01,
            "title line {b:?}"
        );
    }
    // The board starts below the heading.
    let last = s
        .texts()
        .filter(|(b, _, _, a)| *a == "start" && b[1] < 40.0)
        .map(|(b, ..)| b[3])
        .fold(0.0, f64::max);
    assert!(s.board_ink()[1] > last, "the board clears the heading");
}

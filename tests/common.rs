//! Helpers shared by the integration tests: running the binary in a temporary folder and
//! checking files with external tools when they are installed.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A fresh temporary directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stonepress-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// Runs the stonepress binary with arguments in a working directory.
pub fn stonepress(dir: &Path, args: &[&str]) -> Output {
    run(Path::new(env!("CARGO_BIN_EXE_stonepress")), dir, args)
}

/// Runs `exe` (this build of stonepress or another's) with arguments in a working directory.
pub fn run(exe: &Path, dir: &Path, args: &[&str]) -> Output {
    Command::new(exe)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("run {}: {e}", exe.display()))
}

/// Runs `stonepress solve go --position FILE ARGS.. --json`, checks it succeeded and returns
/// the JSON report.
pub fn solve_go_json(dir: &Path, position: &str, args: &[&str]) -> serde_json::Value {
    solve_go_json_with(
        Path::new(env!("CARGO_BIN_EXE_stonepress")),
        dir,
        position,
        args,
    )
}

/// `solve_go_json` with another `stonepress` binary, `exe` (a build of another commit, to
/// compare with this one).
pub fn solve_go_json_with(
    exe: &Path,
    dir: &Path,
    position: &str,
    args: &[&str],
) -> serde_json::Value {
    let mut all = vec!["solve", "go", "--position", position];
    all.extend_from_slice(args);
    all.push("--json");
    let out = run(exe, dir, &all);
    assert!(
        out.status.success(),
        "{} solve go {position}: {}",
        exe.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("a JSON report")
}

/// True when an external tool is on the PATH; prints a loud skip message otherwise.
pub fn have(tool: &str) -> bool {
    let ok = Command::new("sh")
        .arg("-c")
        .arg(format!("command -v {tool}"))
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !ok {
        eprintln!("SKIPPED CHECK: {tool} is not installed (CI installs it with apt-get)");
    }
    ok
}

/// Checks a PDF with qpdf --check, that pdffonts finds every font embedded as a subset with a
/// Unicode map, and renders its first page with pdftoppm.
pub fn check_pdf(path: &Path) {
    if have("pdffonts") {
        let out = Command::new("pdffonts").arg(path).output().unwrap();
        assert!(out.status.success(), "pdffonts {}", path.display());
        let listing = String::from_utf8_lossy(&out.stdout);
        let fonts: Vec<&str> = listing.lines().skip(2).collect();
        assert!(!fonts.is_empty(), "no fonts in {}", path.display());
        for line in fonts {
            let cols: Vec<&str> = line.split_whitespace().collect();
            // name, type (two words), encoding, emb, sub, uni, object id (two numbers)
            let flags = &cols[cols.len() - 5..cols.len() - 2];
            assert_eq!(flags, ["yes", "yes", "yes"], "{}: {line}", path.display());
        }
    }
    if have("qpdf") {
        let out = Command::new("qpdf")
            .arg("--check")
            .arg(path)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "qpdf --check {}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stdout)
        );
    }
    if have("pdftoppm") {
        let png = path.with_extension("render");
        let out = Command::new("pdftoppm")
            .args(["-png", "-r", "20", "-f", "1", "-l", "1"])
            .arg(path)
            .arg(&png)
            .output()
            .unwrap();
        assert!(out.status.success(), "pdftoppm {}", path.display());
    }
}

/// Parses and renders an SVG with resvg; returns the rendered pixmap's non-white pixel count.
pub fn render_svg(text: &str) -> usize {
    let tree =
        resvg::usvg::Tree::from_str(text, &resvg::usvg::Options::default()).expect("SVG parses");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("pixmap");
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap.pixels().iter().filter(|p| p.red() < 250).count()
}

/// Counts elements with a class in SVG text.
pub fn count_class(svg: &str, class: &str) -> usize {
    svg.matches(&format!("class=\"{class}\"")).count()
}

/// The path of a test data file: tests/data/GAME/NAME.
pub fn data(game: &str, name: &str) -> String {
    format!("{}/tests/data/{game}/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Every file under a folder, by path relative to it, with its bytes, sorted by path.
pub fn files_under(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).unwrap().display().to_string();
                out.push((rel, std::fs::read(&p).unwrap()));
            }
        }
    }
    out.sort();
    out
}

/// The distinct radii (as written) of the stones drawn in the SVG files among `files`: one
/// radius means every figure of a book is drawn at one scale.
pub fn stone_radii(files: &[(String, Vec<u8>)]) -> std::collections::BTreeSet<String> {
    let mut radii = std::collections::BTreeSet::new();
    for (name, bytes) in files {
        if !name.ends_with(".svg") {
            continue;
        }
        let text = String::from_utf8_lossy(bytes);
        for circle in text.split("<circle ").skip(1) {
            let tag = circle.split('>').next().unwrap_or("");
            if !tag.contains("class=\"stone\"") {
                continue;
            }
            if let Some(r) = tag.split(" r=\"").nth(1).and_then(|r| r.split('"').next()) {
                radii.insert(r.to_string());
            }
        }
    }
    radii
}

/// The files under `out` a reader sees (names with a hidden part left out), and the hidden
/// names.
pub fn visible(out: &Path) -> (Vec<(String, Vec<u8>)>, Vec<String>) {
    let (mut shown, mut hidden) = (Vec::new(), Vec::new());
    for (name, bytes) in files_under(out) {
        if name.split('/').any(|c| c.starts_with('.')) {
            hidden.push(name);
        } else {
            shown.push((name, bytes));
        }
    }
    (shown, hidden)
}

/// Copies the folder `from` with everything under it to `to`.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        if p.is_dir() {
            copy_dir(&p, &to.join(e.file_name()));
        } else {
            std::fs::copy(&p, to.join(e.file_name())).unwrap();
        }
    }
}

//! Whole-set builds: a build killed at any step leaves the old or the new complete set (or a
//! commit the next run finishes), the next run leaves no temporary file, stale pages go, files
//! stonepress did not write are kept without --force, and memory does not grow with the pages.

mod common;

use std::path::Path;
use std::process::Command;

use common::{copy_dir, have, stonepress, temp_dir, visible};

/// A document with board pages and a small puzzle book (so it has a manifest).
fn config(pages: usize, seed: u64) -> String {
    format!(
        "[document]\ntitle = \"Kill test\"\nname = \"set\"\nformats = [\"pdf\", \"svg\"]\n\
         seed = {seed}\n\n[[board]]\ngame = \"go\"\npages = {pages}\n\n[[puzzles]]\n\
         game = \"go\"\nkind = \"kill\"\ncount = 1\nper_page = 1\nanswers = \"none\"\n"
    )
}

fn run(dir: &Path, args: &[&str], abort_after: Option<usize>) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_stonepress"));
    c.args(args).current_dir(dir);
    if let Some(n) = abort_after {
        c.env("STONEPRESS_TEST_ABORT_AFTER", n.to_string());
    }
    c.output().expect("run stonepress")
}

fn names(files: &[(String, Vec<u8>)]) -> Vec<&str> {
    files.iter().map(|(n, _)| n.as_str()).collect()
}

#[test]
fn a_build_killed_at_any_step_leaves_the_old_or_the_new_set() {
    let dir = temp_dir("kill");
    std::fs::write(dir.join("old.toml"), config(5, 1)).unwrap();
    std::fs::write(dir.join("new.toml"), config(2, 2)).unwrap();
    std::fs::write(
        dir.join("other.toml"),
        "[document]\nname = \"other\"\nformats = [\"pdf\"]\n[[board]]\ngame = \"go\"\n",
    )
    .unwrap();
    // The reference sets: the old build, then the new one over it.
    let ok = |o: std::process::Output| {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    ok(run(&dir, &["build", "old.toml", "--out", "ref"], None));
    let (old, hidden) = visible(&dir.join("ref"));
    assert!(hidden.is_empty(), "{hidden:?}");
    ok(run(&dir, &["build", "new.toml", "--out", "ref"], None));
    let (new, hidden) = visible(&dir.join("ref"));
    assert!(hidden.is_empty(), "{hidden:?}");
    assert_eq!(
        names(&old).iter().filter(|n| n.ends_with(".svg")).count(),
        6
    );
    // Stale pages 003-006 of the longer build are gone.
    assert_eq!(
        names(&new),
        [
            "set.json",
            "set.pdf",
            "set/001-go.svg",
            "set/002-go.svg",
            "set/003-go-problems.svg"
        ]
    );
    assert_ne!(
        old.iter().find(|f| f.0 == "set.json"),
        new.iter().find(|f| f.0 == "set.json")
    );

    let mut outcomes = (0, 0, 0);
    // Each kill point, on a fresh copy of the old set.
    ok(run(&dir, &["build", "old.toml", "--out", "base"], None));
    let mut finished = false;
    let mut n = 1;
    while !finished {
        assert!(n < 60, "the build never finished");
        let out = format!("k{n}");
        copy_dir(&dir.join("base"), &dir.join(&out));
        let o = run(&dir, &["build", "new.toml", "--out", &out], Some(n));
        finished = o.status.success();
        let (shown, hidden) = visible(&dir.join(&out));
        let committing = hidden
            .iter()
            .any(|h| h.starts_with(".stonepress-set.commit/"));
        if shown == old {
            outcomes.0 += 1;
        } else if shown == new {
            outcomes.1 += 1;
        } else {
            assert!(
                committing,
                "kill after step {n}: a mixed set without a commit to finish: {:?}",
                names(&shown)
            );
            outcomes.2 += 1;
        }
        // The next run, of another document into the same folder, finishes or removes what
        // the killed one left.
        ok(run(&dir, &["build", "other.toml", "--out", &out], None));
        let (shown, hidden) = visible(&dir.join(&out));
        assert!(hidden.is_empty(), "kill after step {n}: left {hidden:?}");
        let set: Vec<_> = shown.into_iter().filter(|f| f.0 != "other.pdf").collect();
        assert!(
            set == old || set == new,
            "kill after step {n}: {:?} is neither set",
            names(&set)
        );
        if committing {
            assert!(
                set == new,
                "kill after step {n}: the commit was not finished"
            );
        }
        n += 1;
    }
    // Killed before the commit (old set), inside it (finished by the next run), and the run
    // that was not killed (new set).
    assert!(
        outcomes.0 >= 5 && outcomes.2 >= 2 && outcomes.1 >= 1,
        "{outcomes:?}"
    );
}

fn board_config(name: &str, pages: usize, formats: &str) -> String {
    format!(
        "[document]\nname = \"{name}\"\nformats = [{formats}]\n[[board]]\ngame = \"go\"\n\
         pages = {pages}\n"
    )
}

#[test]
fn files_stonepress_did_not_write_are_kept_without_force() {
    let dir = temp_dir("foreign");
    std::fs::write(dir.join("b.toml"), board_config("b", 2, "\"pdf\", \"svg\"")).unwrap();
    std::fs::create_dir_all(dir.join("output")).unwrap();
    std::fs::write(dir.join("output/b.pdf"), "my own notes").unwrap();
    let o = stonepress(&dir, &["build", "b.toml"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("output/b.pdf") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(dir.join("output/b.pdf")).unwrap(),
        b"my own notes"
    );
    let (_, hidden) = visible(&dir.join("output"));
    assert!(
        hidden.is_empty() && !dir.join("output/b").exists(),
        "nothing written"
    );
    // With --force it is replaced; a rebuild over our own files needs no --force.
    assert!(
        stonepress(&dir, &["build", "b.toml", "--force"])
            .status
            .success()
    );
    assert!(
        std::fs::read(dir.join("output/b.pdf"))
            .unwrap()
            .starts_with(b"%PDF-")
    );
    assert!(stonepress(&dir, &["build", "b.toml"]).status.success());
    // A foreign file inside the SVG folder: the folder is replaced as a whole, so refused.
    std::fs::write(dir.join("output/b/notes.txt"), "mine").unwrap();
    assert_eq!(
        stonepress(&dir, &["build", "b.toml"]).status.code(),
        Some(2)
    );
    assert!(dir.join("output/b/notes.txt").exists());

    // board --out: the same rule for a single file.
    std::fs::write(dir.join("mine.svg"), "<svg/>").unwrap();
    let o = stonepress(&dir, &["board", "go", "--out", "mine.svg"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(std::fs::read(dir.join("mine.svg")).unwrap(), b"<svg/>");
    assert!(
        stonepress(&dir, &["board", "go", "--out", "mine.svg", "--force"])
            .status
            .success()
    );
    assert!(
        stonepress(&dir, &["board", "go", "--out", "mine.svg"])
            .status
            .success()
    );
    assert!(
        stonepress(&dir, &["board", "go", "--out", "g.pdf"])
            .status
            .success()
    );
    assert!(
        stonepress(&dir, &["board", "go", "--out", "g.pdf"])
            .status
            .success()
    );
}

#[test]
fn a_file_where_the_svg_folder_goes_stops_the_build_before_anything_is_written() {
    let dir = temp_dir("svg-file");
    std::fs::write(dir.join("b.toml"), board_config("b", 1, "\"pdf\", \"svg\"")).unwrap();
    std::fs::create_dir_all(dir.join("out")).unwrap();
    std::fs::write(dir.join("out/b"), "a file").unwrap();
    let o = stonepress(&dir, &["build", "b.toml", "--out", "out"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("out/b") && err.contains("SVG folder"), "{err}");
    let all: Vec<_> = std::fs::read_dir(dir.join("out")).unwrap().collect();
    assert_eq!(all.len(), 1, "only the user's file is there");
    // An output folder that is a file.
    let o = stonepress(&dir, &["build", "b.toml", "--out", "b.toml"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn writing_to_a_full_device_names_the_path_and_the_real_error() {
    if !Path::new("/dev/full").exists() {
        eprintln!("SKIPPED CHECK: no /dev/full here");
        return;
    }
    let dir = temp_dir("dev-full");
    let o = stonepress(&dir, &["board", "go", "--out", "/dev/full"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("/dev/full: No space left"), "{err}");
    let o = stonepress(&dir, &["build", "--out", "/dev/full"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("/dev/full is not a folder"), "{err}");
    // Through a link named .pdf, the same.
    std::os::unix::fs::symlink("/dev/full", dir.join("full.pdf")).unwrap();
    let o = stonepress(&dir, &["board", "go", "--out", "full.pdf"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("full.pdf") && err.contains("No space left"),
        "{err}"
    );
    assert!(Path::new("/dev/full").exists());
}

#[test]
fn leftovers_of_killed_runs_of_older_versions_are_removed() {
    let dir = temp_dir("legacy");
    std::fs::write(dir.join("b.toml"), board_config("b", 1, "\"pdf\", \"svg\"")).unwrap();
    std::fs::create_dir_all(dir.join("output/b")).unwrap();
    // Process ids above the largest Linux allows belong to no running process.
    std::fs::write(dir.join("output/.b.pdf.4194399.tmp"), "half").unwrap();
    std::fs::write(dir.join("output/b/.001-go.svg.4194399.tmp"), "half").unwrap();
    std::fs::create_dir_all(dir.join("output/.stonepress-b.4194399.tmp/b")).unwrap();
    assert!(stonepress(&dir, &["build", "b.toml"]).status.success());
    let (shown, hidden) = visible(&dir.join("output"));
    assert!(hidden.is_empty(), "{hidden:?}");
    assert_eq!(names(&shown), ["b.pdf", "b/001-go.svg"]);
    // Without the SVG format, our old SVG folder goes too: the set is PDF only now.
    std::fs::write(dir.join("b.toml"), board_config("b", 1, "\"pdf\"")).unwrap();
    assert!(stonepress(&dir, &["build", "b.toml"]).status.success());
    assert_eq!(names(&visible(&dir.join("output")).0), ["b.pdf"]);
}

#[test]
fn jobs_are_capped_and_long_titles_give_short_names() {
    let dir = temp_dir("limits");
    let o = stonepress(&dir, &["build", "--jobs", "2000", "--format", "pdf"]);
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("note: --jobs 2000 is more than"), "{err}");
    let title = "A very long title ".repeat(23);
    std::fs::write(
        dir.join("t.toml"),
        format!(
            "[document]\nname = \"t\"\nformats = [\"svg\"]\n[[board]]\ngame = \"go\"\n\
             title = \"{title}\"\n"
        ),
    )
    .unwrap();
    let o = stonepress(&dir, &["build", "t.toml"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let files: Vec<_> = visible(&dir.join("output"))
        .0
        .into_iter()
        .filter(|f| f.0.starts_with("t/"))
        .collect();
    assert_eq!(files.len(), 1);
    let name = files[0].0.strip_prefix("t/").unwrap();
    assert!(
        name.len() <= 70 && name.starts_with("001-a-very-long-title-a-very"),
        "{name}"
    );
}

/// Peak memory (kB) of a build, by /usr/bin/time.
fn peak_kb(dir: &Path, config: &str) -> Option<u64> {
    let o = Command::new("/usr/bin/time")
        .args([
            "-f",
            "%M",
            env!("CARGO_BIN_EXE_stonepress"),
            "build",
            config,
            "--out",
            "o",
        ])
        .current_dir(dir)
        .output()
        .ok()?;
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stderr)
        .lines()
        .last()?
        .trim()
        .parse()
        .ok()
}

#[test]
fn memory_does_not_grow_with_the_page_count() {
    if !have("/usr/bin/time") {
        return;
    }
    let dir = temp_dir("memory");
    for pages in [5, 60] {
        std::fs::write(
            dir.join(format!("k{pages}.toml")),
            format!(
                "[document]\nname = \"k\"\nformats = [\"pdf\"]\n[[board]]\ngame = \"kropki\"\n\
                 width = 60\nheight = 60\npages = {pages}\n"
            ),
        )
        .unwrap();
    }
    let (Some(small), Some(large)) = (peak_kb(&dir, "k5.toml"), peak_kb(&dir, "k60.toml")) else {
        panic!("no peak memory figure");
    };
    // Each page's display list alone is about 3 MB: 55 more pages held would be 180 MB more.
    assert!(
        large < small + 20_000,
        "5 pages: {small} kB, 60 pages: {large} kB"
    );
    assert!(large < 100_000, "60 pages: {large} kB");
}

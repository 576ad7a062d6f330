//! Sets that change one name only (the PDF alone, or an SVG folder whose one page is written
//! again under its name) are committed with one rename and no staging folder: a kill at any
//! step still leaves the old set or the new one, the next run into the folder leaves nothing
//! hidden, and a set that turns out to change more names (a second page, a new page name) falls
//! back to the whole-set commit with the same guarantees.

mod common;

use std::path::Path;
use std::process::Command;

use common::{copy_dir, temp_dir, visible};

const A: &str = "(;GM[1]FF[4]SZ[9]AB[cc][dc][ec]AW[dd][ed];B[ee])\n";
const B: &str = "(;GM[1]FF[4]SZ[9]AB[cc][dc][ec][cd]AW[dd][ed][de];W[fe])\n";

/// A document named `one` of one diagram per position, each on its own page, titled `title`
/// (which names the SVG pages).
fn config(title: &str, formats: &str, positions: &[&str]) -> String {
    let mut s = format!("[document]\ntitle = \"{title}\"\nname = \"one\"\nformats = [{formats}]\n");
    for (i, p) in positions.iter().enumerate() {
        if i > 0 {
            s.push_str("\n[[text]]\nbody = \"Next.\"\nnew_page = true\n");
        }
        s.push_str(&format!(
            "\n[[diagram]]\ngame = \"go\"\ntitle = \"d{i}\"\nposition = \"{p}\"\n"
        ));
    }
    s
}

fn run(dir: &Path, args: &[&str], abort_after: Option<usize>) -> std::process::Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_stonepress"));
    c.args(args).current_dir(dir);
    if let Some(n) = abort_after {
        c.env("STONEPRESS_TEST_ABORT_AFTER", n.to_string());
    }
    c.output().expect("run stonepress")
}

fn ok(o: std::process::Output) {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

type Files = Vec<(String, Vec<u8>)>;

/// Builds `old` then kills a build of `new` over a copy of it after each step in turn, checking
/// what a reader sees then and after the next run (of another document). Returns the number of
/// steps the unkilled build took and the names of the new set.
fn kill_at_every_step(case: &str, old: &str, new: &str) -> (usize, Vec<String>) {
    let dir = temp_dir(case);
    std::fs::write(dir.join("a.sgf"), A).unwrap();
    std::fs::write(dir.join("b.sgf"), B).unwrap();
    std::fs::write(dir.join("old.toml"), old).unwrap();
    std::fs::write(dir.join("new.toml"), new).unwrap();
    std::fs::write(
        dir.join("other.toml"),
        "[document]\nname = \"other\"\nformats = [\"pdf\"]\n[[board]]\ngame = \"go\"\n",
    )
    .unwrap();
    ok(run(&dir, &["build", "old.toml", "--out", "base"], None));
    let (old_set, hidden) = visible(&dir.join("base"));
    assert!(hidden.is_empty(), "{case}: {hidden:?}");
    ok(run(&dir, &["build", "old.toml", "--out", "ref"], None));
    ok(run(&dir, &["build", "new.toml", "--out", "ref"], None));
    let (new_set, hidden) = visible(&dir.join("ref"));
    assert!(hidden.is_empty(), "{case}: {hidden:?}");
    assert_ne!(old_set, new_set, "{case}: the two builds must differ");
    let mut n = 1;
    loop {
        assert!(n < 30, "{case}: the build never finished");
        let out = format!("k{n}");
        copy_dir(&dir.join("base"), &dir.join(&out));
        let o = run(&dir, &["build", "new.toml", "--out", &out], Some(n));
        let finished = o.status.success();
        let (shown, hidden) = visible(&dir.join(&out));
        let committing = hidden
            .iter()
            .any(|h| h.starts_with(".stonepress-one.commit/"));
        assert!(
            shown == old_set || shown == new_set || committing,
            "{case}, kill after step {n}: a mixed set without a commit to finish"
        );
        if finished {
            assert!(hidden.is_empty() && shown == new_set, "{case}: {hidden:?}");
        }
        ok(run(&dir, &["build", "other.toml", "--out", &out], None));
        let (shown, hidden) = visible(&dir.join(&out));
        assert!(
            hidden.is_empty(),
            "{case}, kill after step {n}: left {hidden:?}"
        );
        let set: Files = shown.into_iter().filter(|f| f.0 != "other.pdf").collect();
        assert!(
            set == old_set || set == new_set,
            "{case}, kill after step {n}: neither set"
        );
        if committing {
            assert!(set == new_set, "{case}, kill after step {n}: not finished");
        }
        if finished {
            let names = new_set.iter().map(|f| f.0.clone()).collect();
            return (n - 1, names);
        }
        n += 1;
    }
}

#[test]
fn one_page_written_again_is_one_file_and_one_rename() {
    let (steps, names) = kill_at_every_step(
        "single-svg",
        &config("Fight", "\"svg\"", &["a.sgf"]),
        &config("Fight", "\"svg\"", &["b.sgf"]),
    );
    assert_eq!(names, ["one/001-fight.svg"]);
    // The page staged (1) and renamed into place (2): no journal, no staging folder.
    assert_eq!(steps, 2);
}

#[test]
fn a_pdf_alone_is_one_file_and_one_rename() {
    let (steps, names) = kill_at_every_step(
        "single-pdf",
        &config("Fight", "\"pdf\"", &["a.sgf"]),
        &config("Fight", "\"pdf\"", &["b.sgf"]),
    );
    assert_eq!(names, ["one.pdf"]);
    assert_eq!(steps, 2);
}

#[test]
fn a_new_page_name_or_a_second_page_takes_the_whole_set_commit() {
    // The page's name changes: the old page must go too, so the journal and the folder move.
    let (steps, names) = kill_at_every_step(
        "renamed-page",
        &config("Fight", "\"svg\"", &["a.sgf"]),
        &config("Other fight", "\"svg\"", &["b.sgf"]),
    );
    assert_eq!(names, ["one/001-other-fight.svg"]);
    assert!(steps > 2, "{steps}");
    // A second page: the first, staged beside the outputs, joins the staging folder.
    let (steps, names) = kill_at_every_step(
        "second-page",
        &config("Fight", "\"svg\"", &["a.sgf"]),
        &config("Fight", "\"svg\"", &["a.sgf", "b.sgf"]),
    );
    assert_eq!(names, ["one/001-fight.svg", "one/002-fight.svg"]);
    assert!(steps > 3, "{steps}");
}

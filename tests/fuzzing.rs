//! The fuzzing harness (`src/bin/fuzz.rs`, docs/FUZZING.md): each target runs a few hundred
//! inputs from its seed corpus without a finding, the same seed gives the same inputs, the
//! harness catches a panic, a hang and runaway memory, and every input it ever flagged
//! (`tests/fuzz/regressions/`) now runs cleanly.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn fuzz(args: &[&str], findings: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fuzz"))
        .args(args)
        .arg("--findings")
        .arg(findings)
        .output()
        .expect("the fuzz binary runs")
}

fn findings_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "stonepress-fuzz-test-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `inputs` inputs of `target` and checks the summary: no finding, that many inputs, the
/// seeds among them, more than one outcome, and some inputs accepted.
fn short_run(target: &str, inputs: u64, seed: u64) {
    let dir = findings_dir(target);
    let out = fuzz(
        &[
            target,
            "--inputs",
            &inputs.to_string(),
            "--seed",
            &seed.to_string(),
            "--seconds",
            "120",
        ],
        &dir,
    );
    let (stdout, stderr) = text(&out);
    assert!(
        out.status.success(),
        "{target}: the short run found something:\n{stderr}"
    );
    assert!(
        stdout.contains(&format!("target {target}: {inputs} inputs")),
        "{stdout}"
    );
    let distinct: usize = stdout
        .lines()
        .find_map(|l| l.strip_suffix(" distinct outcomes:"))
        .and_then(|n| n.trim().parse().ok())
        .expect("a count of outcomes");
    assert!(
        distinct > 3,
        "{target}: only {distinct} outcomes:\n{stdout}"
    );
    assert!(
        stdout.lines().any(|l| l.trim_end().ends_with("  ok")),
        "{target}: no input was accepted:\n{stdout}"
    );
    assert!(!dir.exists(), "{target}: a finding was written");
}

#[test]
fn config_target_runs_clean() {
    short_run("config", 300, 11);
}

#[test]
fn position_target_runs_clean() {
    short_run("position", 300, 11);
}

#[test]
fn sgf_target_runs_clean() {
    short_run("sgf", 300, 11);
}

#[test]
fn manifest_target_runs_clean() {
    short_run("manifest", 200, 11);
}

/// The lines that depend only on the inputs: the outcome counts and the digest.
fn stable_lines(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| l.starts_with("  "))
        .chain(
            stdout
                .lines()
                .filter_map(|l| l.split("input digest ").nth(1)),
        )
        .map(str::to_string)
        .collect()
}

#[test]
fn the_same_seed_gives_the_same_inputs_and_outcomes() {
    let dir = findings_dir("seed");
    let run = |seed: &str| {
        let out = fuzz(&["config", "--inputs", "150", "--seed", seed], &dir);
        assert!(out.status.success(), "{}", text(&out).1);
        stable_lines(&text(&out).0)
    };
    let a = run("5");
    assert!(a.iter().any(|l| l.len() == 16), "no digest in {a:?}");
    assert_eq!(a, run("5"));
    assert_ne!(a, run("6"));
}

/// A built-in input that panics, hangs or grows memory must be flagged: exit 1, the kind
/// named, the input saved.
#[test]
fn the_harness_catches_a_panic_a_hang_and_runaway_memory() {
    for kind in ["panic", "hang", "memory"] {
        let dir = findings_dir(kind);
        let started = std::time::Instant::now();
        let out = fuzz(
            &[
                "sgf",
                "--self-test",
                kind,
                "--hang-seconds",
                "1",
                "--memory-mb",
                "64",
            ],
            &dir,
        );
        let (_, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(1), "{kind}: {stderr}");
        assert!(
            stderr.contains(&format!("FINDING ({kind})")),
            "{kind}: {stderr}"
        );
        let saved: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(saved.len(), 1, "{kind}: one input saved");
        assert!(started.elapsed().as_secs() < 30, "{kind} took too long");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Replays one saved input: it must finish without a finding.
fn replay(name: &str) {
    let file = root().join("tests/fuzz/regressions").join(name);
    assert!(file.exists(), "{} is missing", file.display());
    let target = name.split('-').next().unwrap();
    let dir = findings_dir("replay");
    let out = fuzz(
        &[
            target,
            "--replay",
            file.to_str().unwrap(),
            "--hang-seconds",
            "5",
        ],
        &dir,
    );
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{name} is still a finding:\n{stderr}");
    assert!(stdout.contains(name), "{stdout}");
}

#[test]
fn regression_sgf_setup_stone_twice() {
    replay("sgf-setup-stone-twice.sgf");
}

#[test]
fn regression_sgf_setup_both_colours() {
    replay("sgf-setup-both-colours.sgf");
}

/// Every file in the regressions folder has its test here.
#[test]
fn every_regression_file_has_a_test() {
    let source = include_str!("fuzzing.rs");
    for entry in std::fs::read_dir(root().join("tests/fuzz/regressions")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            source.contains(&format!("replay(\"{name}\")")),
            "{name} has no replay test"
        );
    }
}

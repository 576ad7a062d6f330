//! Entry points for the fuzzing harness (`src/bin/fuzz.rs`, described in docs/FUZZING.md):
//! one function per target that takes raw bytes, runs them through the same code as the
//! command line, and returns `Ok` or the error message. A panic, a hang or runaway memory is
//! what the harness looks for; an error message is a normal outcome.
//!
//! Inputs go through a scratch file so that reading (invalid UTF-8 included) is exercised as
//! a user's file would be. Every option a target varies (dead stones, the side to move) is
//! derived from a hash of the input, so an input replays the same way on its own.

use std::path::{Path, PathBuf};

use crate::games::{self, GameId, ScoreOptions, SolveOptions, Source};
use crate::puzzle::Manifest;

/// What a fuzzing input is fed to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A TOML configuration: load and validate (what `check` does), then lay out the pages
    /// of small documents without generating puzzles.
    Config,
    /// A position file of one of the five games: parse, set up, replay, score.
    Position,
    /// An SGF record: parse, score, and solve with a small node budget.
    Sgf,
    /// A puzzle manifest: parse, then re-prove each puzzle with a small node budget.
    Manifest,
}

impl Target {
    /// Every target, in the order the documentation lists them.
    pub const ALL: [Target; 4] = [
        Target::Config,
        Target::Position,
        Target::Sgf,
        Target::Manifest,
    ];

    /// The name used on the command line and for the corpus folder.
    pub fn name(self) -> &'static str {
        match self {
            Target::Config => "config",
            Target::Position => "position",
            Target::Sgf => "sgf",
            Target::Manifest => "manifest",
        }
    }

    /// Parses a target name.
    pub fn parse(s: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == s)
    }

    /// The extension of the scratch file (and of saved findings).
    pub fn extension(self) -> &'static str {
        match self {
            Target::Config | Target::Position => "toml",
            Target::Sgf => "sgf",
            Target::Manifest => "json",
        }
    }
}

/// Documents with more pages than this are validated but not laid out: layout holds every
/// page in memory, and the harness is after bugs, not after the known cost of a large pad.
pub const MAX_LAYOUT_PAGES: usize = 8;

/// Nodes each life-and-death search may expand under the fuzzer.
pub const SOLVE_NODES: u64 = 3_000;

/// Time budget of the occasional run through `solve GAME` exactly as the command line runs it
/// (a guard that the clock is honoured; its answer is not part of the outcome).
const CLI_SOLVE_MS: u64 = 30;

/// A scratch folder holding the file each input is written to.
#[derive(Debug)]
pub struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    /// Creates (or reuses) `dir`.
    pub fn new(dir: PathBuf) -> std::io::Result<Scratch> {
        std::fs::create_dir_all(&dir)?;
        Ok(Scratch { dir })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn write(&self, stem: &str, ext: &str, bytes: &[u8]) -> Result<PathBuf, String> {
        let path = self.dir.join(format!("{stem}.{ext}"));
        std::fs::write(&path, bytes).map_err(|e| format!("scratch: cannot write: {e}"))?;
        Ok(path)
    }
}

/// FNV-1a of the input: the source of every option a target varies.
pub fn input_hash(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Runs one input. `game` is the game of a position file (ignored by the other targets).
pub fn run(target: Target, game: GameId, bytes: &[u8], scratch: &Scratch) -> Result<(), String> {
    match target {
        Target::Config => config(bytes, scratch),
        Target::Position => position(game, bytes, scratch),
        Target::Sgf => sgf(bytes, scratch),
        Target::Manifest => manifest(bytes, scratch),
    }
}

/// The configuration target: `check`, then the pages of a small document.
pub fn config(bytes: &[u8], scratch: &Scratch) -> Result<(), String> {
    let path = scratch.write("input", "toml", bytes)?;
    let plan = crate::config::load(&path).map_err(|e| e.to_string())?;
    let pages: usize = plan.sheets.iter().map(|s| s.pages).sum::<usize>() + plan.blocks.len();
    if pages <= MAX_LAYOUT_PAGES {
        let made = crate::cli::build_pages(&plan, &[]);
        if let Some(first) = made.first() {
            crate::render::svg::page_to_svg(first, &plan.title);
        }
    }
    Ok(())
}

/// A few point names on each game's board, some of them off the board.
const DEAD_LISTS: [&str; 6] = ["A1", "C3 D4", "J10", "T19 A1", "Z9", "A1 A1"];

/// The position target: `score GAME --position FILE` (with `--dead` for some inputs), and for
/// a game with a solver a small search on the position.
pub fn position(game: GameId, bytes: &[u8], scratch: &Scratch) -> Result<(), String> {
    let path = scratch.write("position", "toml", bytes)?;
    let h = input_hash(bytes);
    let dead = h
        .is_multiple_of(4)
        .then(|| DEAD_LISTS[(h >> 8) as usize % DEAD_LISTS.len()].to_string());
    let text = read(&path)?;
    let name = path.display().to_string();
    let source = Source::file(&name, &text);
    games::score(game, &source, &ScoreOptions { dead }).map_err(|e| e.to_string())?;
    small_solve(game, &source, h);
    Ok(())
}

/// The record target: `score GAME` for each game that reads SGF records, a small search, and
/// now and then `solve GAME` itself with a short clock; then up to three more problems of a
/// collection, each scored alone.
pub fn sgf(bytes: &[u8], scratch: &Scratch) -> Result<(), String> {
    let path = scratch.write("record", "sgf", bytes)?;
    let h = input_hash(bytes);
    let text = read(&path)?;
    let name = path.display().to_string();
    let source = Source::file(&name, &text);
    for game in sgf_games() {
        games::score(game, &source, &ScoreOptions::default()).map_err(|e| e.to_string())?;
        small_solve(game, &source, h);
        if h.is_multiple_of(8) && game.solves() {
            let opts = SolveOptions {
                budget_ms: Some(CLI_SOLVE_MS),
                ..SolveOptions::default()
            };
            games::solve(game, &source, &opts).map_err(|e| e.to_string())?;
        }
    }
    // A collection's next problems, each read alone as `--tree N` reads it (their errors are
    // no outcome of this input: the first problem's are).
    for problem in crate::util::text::sgf_problems(&text)
        .iter()
        .skip(1)
        .take(3)
    {
        let one = crate::util::text::blank_outside(&text, &problem.keep);
        for game in sgf_games() {
            let _ = games::score(game, &Source::file(&name, &one), &ScoreOptions::default());
        }
    }
    Ok(())
}

/// Reads a scratch file as the command line does.
fn read(path: &Path) -> Result<String, String> {
    crate::util::text::read_position_text(path).map_err(|e| e.into_position_error(path).to_string())
}

/// The games that read SGF records.
pub fn sgf_games() -> impl Iterator<Item = GameId> {
    GameId::all().filter(|g| g.record_formats().contains(&"sgf"))
}

/// The first game that reads SGF records (the game of the record and manifest targets).
pub fn sgf_game() -> GameId {
    sgf_games()
        .next()
        .expect("a game of the registry reads SGF")
}

/// A search under a node budget for a game with a solver: the goal the hash picks, the rest
/// as `solve` infers it. Whether it succeeds does not matter; it must not panic or run away.
fn small_solve(game: GameId, source: &Source, h: u64) {
    if !game.solves() {
        return;
    }
    let Ok(mut pos) = game.load(source) else {
        return;
    };
    let opts = SolveOptions {
        goal: Some(if h & 16 == 0 { "kill" } else { "live" }.to_string()),
        budget_ms: Some(CLI_SOLVE_MS),
        nodes: Some(SOLVE_NODES),
        ..SolveOptions::default()
    };
    let _ = pos.solve(&opts);
}

/// Nodes each re-proof of a manifest's puzzle may expand under the fuzzer.
pub const VERIFY_NODES: u64 = 3_000;

/// The manifest target: parse as `verify` does, then re-prove every puzzle with a small
/// budget. Failures to re-prove are an outcome like any error.
pub fn manifest(bytes: &[u8], scratch: &Scratch) -> Result<(), String> {
    let path = scratch.write("manifest", "json", bytes)?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read: {e}"))?;
    let m: Manifest = serde_json::from_str(&text).map_err(|e| format!("not a manifest: {e}"))?;
    let mut first_error = None;
    for set in &m.sets {
        for r in &set.puzzles {
            let Some(kind) = crate::puzzle::kind_of(&r.game, &set.kind) else {
                first_error.get_or_insert_with(|| format!("game '{}' has no verifier", r.game));
                continue;
            };
            if let Some(e) = kind.verify(r, VERIFY_NODES).into_iter().next() {
                first_error.get_or_insert(e);
            }
        }
    }
    first_error.map_or(Ok(()), Err)
}

/// The class of an outcome: "ok", or the first line of the error message with the scratch
/// folder, quoted text and words holding digits (places, points, counts) taken out, cut to 60
/// characters; the harness counts distinct classes.
pub fn outcome_class(outcome: &Result<(), String>, scratch: &Scratch) -> String {
    let msg = match outcome {
        Ok(()) => return "ok".into(),
        Err(m) => m,
    };
    let dir = scratch.dir().display().to_string();
    let msg = msg.replace(&dir, "");
    let first = msg.lines().next().unwrap_or("");
    let mut class = String::new();
    let mut quote: Option<char> = None;
    for ch in first.chars() {
        if let Some(q) = quote {
            if ch == q {
                quote = None;
            }
            continue;
        }
        match ch {
            '\'' | '"' | '`' => {
                quote = Some(ch);
                class.push('_');
            }
            c => class.push(c),
        }
    }
    // A word with a digit (a line:column, a point name, a count) becomes '#'.
    let words: Vec<&str> = class
        .split(' ')
        .map(|w| {
            if w.chars().any(|c| c.is_ascii_digit()) {
                "#"
            } else {
                w
            }
        })
        .collect();
    words.join(" ").chars().take(60).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("stonepress-fuzzing-{name}-{}", std::process::id()));
        Scratch::new(dir).unwrap()
    }

    #[test]
    fn every_target_reads_a_real_file_and_rejects_garbage() {
        let s = scratch("unit");
        let cases = [
            (
                Target::Config,
                sgf_game(),
                crate::config::DEFAULT_TOML.as_bytes(),
            ),
            (
                Target::Position,
                GameId::all().last().expect("a game"),
                b"to_play = \"white\"\n".as_slice(),
            ),
            (
                Target::Sgf,
                sgf_game(),
                include_bytes!("../tests/data/go/straight-three.sgf").as_slice(),
            ),
        ];
        for (t, g, bytes) in cases {
            assert_eq!(run(t, g, bytes, &s), Ok(()), "{}", t.name());
            let bad = run(t, g, b"\xff\xfe[[", &s);
            assert!(bad.is_err(), "{} accepted garbage", t.name());
        }
        assert!(manifest(b"{}", &s).unwrap_err().contains("not a manifest"));
        std::fs::remove_dir_all(s.dir()).unwrap();
    }

    #[test]
    fn classes_drop_numbers_quotes_and_the_scratch_folder() {
        let s = scratch("class");
        let dir = s.dir().display().to_string();
        let a = Err(format!("{dir}/input.toml:3:14: unknown paper 'a9'"));
        let b = Err(format!("{dir}/input.toml:12:1: unknown paper 'letterx'"));
        let c = Err(format!("{dir}/input.toml:12:1: unknown game 'chess'"));
        let d = Err(format!("{dir}/record.sgf:1:40: C3 is given twice"));
        let e = Err(format!("{dir}/record.sgf:1:52: D14 is given twice"));
        assert_eq!(outcome_class(&d, &s), outcome_class(&e, &s));
        assert_eq!(outcome_class(&a, &s), outcome_class(&b, &s));
        assert_ne!(outcome_class(&a, &s), outcome_class(&c, &s));
        assert_eq!(outcome_class(&Ok(()), &s), "ok");
        assert!(!outcome_class(&a, &s).contains("stonepress-fuzzing"));
        std::fs::remove_dir_all(s.dir()).unwrap();
    }
}

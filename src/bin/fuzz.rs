//! The fuzzing harness: a seeded mutation fuzzer over the seed corpus in `tests/fuzz/TARGET/`,
//! on the stable toolchain. See docs/FUZZING.md.
//!
//!     cargo run --release --bin fuzz -- config --seconds 120 [--seed 1]
//!     cargo run --release --bin fuzz -- position --replay tests/fuzz/regressions/FILE
//!
//! Each input runs in this process under `catch_unwind`. A watchdog thread flags an input that
//! runs longer than 10 s as a hang, and a counting allocator flags live memory over 1 GB (the
//! allocating thread is held at the limit, so the machine never goes past it). On a finding the
//! input is written to the findings folder and printed, and the harness exits with status 1.
//! The sequence of inputs depends only on `--seed` and the corpus.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde_json::Value;
use stonepress::fuzzing::{self, Scratch, Target};
use stonepress::games::GameId;

/// Live memory above which an input is a finding (1 GB unless `--memory-mb` says otherwise).
static MEMORY_LIMIT: AtomicUsize = AtomicUsize::new(1 << 30);
/// Largest input the mutator makes.
const MAX_INPUT: usize = 256 * 1024;
/// Most corpus entries kept (seeds plus inputs that gave a new outcome).
const MAX_CORPUS: usize = 4000;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// The peak of live memory since the current input started.
static INPUT_PEAK: AtomicUsize = AtomicUsize::new(0);
static OVER_LIMIT: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// The watchdog's own allocations are never held back.
    static EXEMPT: Cell<bool> = const { Cell::new(false) };
}

/// The system allocator, counting live bytes.
struct Counting;

impl Counting {
    /// Counts `size` more bytes; past the limit, flags it and holds the thread for good (the
    /// watchdog reports and exits), so memory never goes past the limit.
    fn grow(size: usize) {
        let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
        if live > MEMORY_LIMIT.load(Ordering::Relaxed) && !EXEMPT.with(Cell::get) {
            LIVE.fetch_sub(size, Ordering::Relaxed);
            OVER_LIMIT.store(true, Ordering::SeqCst);
            loop {
                std::thread::sleep(Duration::from_secs(1));
            }
        }
        PEAK.fetch_max(live, Ordering::Relaxed);
        INPUT_PEAK.fetch_max(live, Ordering::Relaxed);
    }
}

// SAFETY: every call is forwarded unchanged to the system allocator; the counters only
// observe sizes, and holding a thread back allocates nothing.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        Counting::grow(layout.size());
        // SAFETY: the caller's layout contract is passed on as is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        Counting::grow(layout.size());
        // SAFETY: as for alloc.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: ptr was allocated by System with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            Counting::grow(new_size - layout.size());
        } else {
            LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        // SAFETY: ptr was allocated by System with this layout.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Fuzz one target of stonepress for a while (see docs/FUZZING.md).
#[derive(Debug, Parser)]
#[command(name = "fuzz")]
struct Args {
    /// config, position, sgf or manifest.
    target: String,
    /// How long to run.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// Stop after this many inputs (whichever comes first with --seconds).
    #[arg(long)]
    inputs: Option<u64>,
    /// The seed of the mutation stream.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The seed corpus (default tests/fuzz/TARGET).
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Where findings are written (default target/fuzz/findings/TARGET).
    #[arg(long)]
    findings: Option<PathBuf>,
    /// Run one file instead of fuzzing (a position file's game is the start of its name:
    /// go-..., position-go-...).
    #[arg(long)]
    replay: Option<PathBuf>,
    /// Seconds after which an input is a hang.
    #[arg(long, default_value_t = 10.0)]
    hang_seconds: f64,
    /// Live memory in MB above which an input is a finding.
    #[arg(long, default_value_t = 1024)]
    memory_mb: usize,
    /// Check the harness itself: run a built-in input that panics, hangs or takes too much
    /// memory, which must be reported as a finding (exit status 1).
    #[arg(long, value_parser = ["panic", "hang", "memory"])]
    self_test: Option<String>,
}

/// One corpus entry.
#[derive(Clone, Debug)]
struct Entry {
    bytes: Vec<u8>,
    game: GameId,
}

/// What the watchdog needs to report the input that is running.
#[derive(Default)]
struct Running {
    input: Option<(Vec<u8>, GameId, Instant)>,
}

/// Everything a finding report needs.
struct Reporter {
    target: Target,
    findings: PathBuf,
    running: Mutex<Running>,
    panic: Mutex<Option<String>>,
    hang_after: Duration,
    /// The scratch folder, removed on the way out.
    scratch: PathBuf,
}

impl Reporter {
    /// Writes the input to the findings folder, prints it and what happened, exits 1.
    fn finding(&self, kind: &str, detail: &str, bytes: &[u8], game: GameId) -> ! {
        let hash = fuzzing::input_hash(bytes);
        let name = match self.target {
            Target::Position => format!("position-{}-{hash:016x}", game.key()),
            t => format!("{}-{hash:016x}", t.name()),
        };
        let path = self
            .findings
            .join(format!("{name}.{}", self.target.extension()));
        let saved = std::fs::create_dir_all(&self.findings)
            .and_then(|()| std::fs::write(&path, bytes))
            .map_or_else(|e| format!("(could not save it: {e})"), |()| String::new());
        let shown: String = String::from_utf8_lossy(bytes).chars().take(2000).collect();
        eprintln!(
            "FINDING ({kind}) in target {} (game {}): {detail}\ninput saved as {}{saved}\n--- input ({} bytes{}) ---\n{shown}\n--- end ---",
            self.target.name(),
            game.key(),
            path.display(),
            bytes.len(),
            if bytes.len() > 2000 {
                ", first 2000 characters"
            } else {
                ""
            }
        );
        let _ = std::fs::remove_dir_all(&self.scratch);
        std::process::exit(1)
    }

    fn start(&self, bytes: &[u8], game: GameId) {
        let copy = bytes.to_vec();
        *self.panic.lock().unwrap_or_else(|e| e.into_inner()) = None;
        self.running.lock().unwrap_or_else(|e| e.into_inner()).input =
            Some((copy, game, Instant::now()));
    }

    fn stop(&self) {
        self.running.lock().unwrap_or_else(|e| e.into_inner()).input = None;
    }
}

/// Flags an input that runs too long or takes too much memory.
fn watchdog(rep: Arc<Reporter>) {
    EXEMPT.with(|e| e.set(true));
    loop {
        std::thread::sleep(Duration::from_millis(50));
        let over = OVER_LIMIT.load(Ordering::SeqCst);
        let running = rep
            .running
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .input
            .clone();
        if let Some((bytes, game, started)) = running {
            if over {
                rep.finding(
                    "memory",
                    &format!(
                        "live memory reached {} MB after {:.1} s",
                        MEMORY_LIMIT.load(Ordering::Relaxed) >> 20,
                        started.elapsed().as_secs_f64()
                    ),
                    &bytes,
                    game,
                );
            }
            if started.elapsed() > rep.hang_after {
                rep.finding(
                    "hang",
                    &format!(
                        "still running after {} s (live memory {} MB)",
                        rep.hang_after.as_secs_f64(),
                        LIVE.load(Ordering::Relaxed) >> 20
                    ),
                    &bytes,
                    game,
                );
            }
        } else if over {
            eprintln!("the harness itself went over the memory limit");
            let _ = std::fs::remove_dir_all(&rep.scratch);
            std::process::exit(1);
        }
    }
}

/// Runs one input under `catch_unwind`; a panic is a finding.
fn run_one(rep: &Reporter, scratch: &Scratch, bytes: &[u8], game: GameId) -> String {
    run_with(rep, scratch, bytes, game, || {
        fuzzing::run(rep.target, game, bytes, scratch)
    })
}

/// Runs `f` as the input `bytes` under `catch_unwind` and the watchdog.
fn run_with(
    rep: &Reporter,
    scratch: &Scratch,
    bytes: &[u8],
    game: GameId,
    f: impl FnOnce() -> Result<(), String>,
) -> String {
    rep.start(bytes, game);
    INPUT_PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
    let out = std::panic::catch_unwind(AssertUnwindSafe(f));
    rep.stop();
    match out {
        Ok(outcome) => fuzzing::outcome_class(&outcome, scratch),
        Err(_) => {
            let msg = rep
                .panic
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone()
                .unwrap_or_else(|| "a panic".into());
            rep.finding("panic", &msg, bytes, game)
        }
    }
}

/// The game of a position file from its name: "go-...", "position-go-...".
fn game_of(path: &Path) -> Option<GameId> {
    let name = path.file_name()?.to_str()?;
    let name = name.strip_prefix("position-").unwrap_or(name);
    GameId::parse(name.split(['-', '.']).next()?)
}

/// Reads the seed corpus: every file of the folder, in name order.
fn load_corpus(target: Target, dir: &Path) -> Result<Vec<Entry>, String> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: cannot read the corpus: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    let mut out = Vec::new();
    for p in paths {
        let bytes = std::fs::read(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        let game = if target == Target::Position {
            game_of(&p).ok_or_else(|| {
                format!(
                    "{}: a position file's name starts with its game's key and a dash",
                    p.display()
                )
            })?
        } else {
            stonepress::fuzzing::sgf_game()
        };
        out.push(Entry { bytes, game });
    }
    if out.is_empty() {
        return Err(format!("{}: the corpus is empty", dir.display()));
    }
    Ok(out)
}

/// Tokens the mutator inserts, per target.
fn dictionary(target: Target) -> Vec<Vec<u8>> {
    let common: &[&str] = &[
        "0",
        "-1",
        "1",
        "4",
        "5",
        "12",
        "13",
        "19",
        "20",
        "60",
        "61",
        "255",
        "256",
        "65535",
        "2147483647",
        "4294967296",
        "9223372036854775807",
        "18446744073709551616",
        "99999999999999999999999999",
        "1e308",
        "-0.0",
        "nan",
        "inf",
        "\"",
        "'",
        "\\",
        "\n",
        "\r\n",
        " ",
        "\t",
        "\u{feff}",
        "é",
        "\u{1F600}",
    ];
    let specific: &[&str] = match target {
        Target::Config => &[
            "[document]",
            "[[board]]",
            "[[diagram]]",
            "[[puzzles]]",
            "title = ",
            "name = ",
            "paper = ",
            "orientation = ",
            "margins_mm = ",
            "formats = ",
            "seed = ",
            "style = ",
            "game = ",
            "size = ",
            "width = ",
            "height = ",
            "base = ",
            "pages = ",
            "per_page = ",
            "coordinates = ",
            "record_table = ",
            "score_table = ",
            "kind = ",
            "count = ",
            "difficulty = ",
            "answers = ",
            "text = ",
            "\"a3\"",
            "\"a5\"",
            "\"letter\"",
            "\"landscape\"",
            "\"colour\"",
            "[\"pdf\", \"svg\"]",
            "[]",
            "{ width_mm = 50, height_mm = 2000 }",
            "{ width_mm = 2000.0, height_mm = 49.9 }",
            "true",
            "false",
            "\"kill\"",
            "\"live\"",
            "\"life-and-death\"",
            "\"40..300\"",
            "\"hard\"",
            "\"facing\"",
            "\"none\"",
            "\"\"\"",
            "= ",
            ".",
            "#",
        ],
        Target::Position => &[
            "game = ",
            "black = ",
            "white = ",
            "picture = ",
            "to_play = ",
            "moves = ",
            "size = ",
            "komi = ",
            "handicap = ",
            "handicap_compensation = ",
            "ko_rule = ",
            "dead = ",
            "width = ",
            "height = ",
            "start = ",
            "black_regions = ",
            "white_regions = ",
            "base = ",
            "white_first = ",
            "mirror_rule = ",
            "\"black\"",
            "\"white\"",
            "\"simple\"",
            "\"superko\"",
            "\"cross\"",
            "A1",
            "A2",
            "C3",
            "J10",
            "K10",
            "S10",
            "T19",
            "T20",
            "Z26",
            "a1",
            "1.1",
            "27.9",
            "13.13",
            "pass",
            "resign",
            "X",
            "O",
            ". ",
            "\"\"\"",
            "[\"C3\", \"D4\"]",
        ],
        Target::Sgf => &[
            "(;",
            ")",
            ";",
            "(",
            "B[",
            "W[",
            "AB[",
            "AW[",
            "AE[",
            "SZ[",
            "KM[",
            "HA[",
            "PL[",
            "RE[",
            "GM[",
            "FF[",
            "C[",
            "[aa]",
            "[ab]",
            "[ba]",
            "[ii]",
            "[ss]",
            "[tt]",
            "[]",
            "[zz]",
            "[aa:ii]",
            "[ii:aa]",
            "[a]",
            "\\]",
            "SZ[19]",
            "SZ[4]",
            "SZ[20]",
            "SZ[9:9]",
            "B[tt]",
            "W[]",
            "PL[W]",
            "PL[X]",
            "RE[B+R]",
            "RE[W+3.5]",
            "KM[6.5]",
            "HA[9]",
        ],
        Target::Manifest => &[
            "\"sets\"",
            "\"puzzles\"",
            "\"number\"",
            "\"game\"",
            "\"size\"",
            "\"black\"",
            "\"white\"",
            "\"to_play\"",
            "\"goal\"",
            "\"target\"",
            "\"region\"",
            "\"key_move\"",
            "\"unique\"",
            "\"main_line\"",
            "\"wrong_moves\"",
            "\"refutation\"",
            "\"play\"",
            "\"proof_size\"",
            "\"grade\"",
            "\"sgf\"",
            "\"kill\"",
            "\"live\"",
            "\"pass\"",
            "\"A1\"",
            "\"J9\"",
            "\"T19\"",
            "null",
            "true",
            "false",
            "[]",
            "{}",
            ",",
            ":",
        ],
    };
    // Every game's name, quoted as a TOML value (for `game = ...`).
    let games: Vec<String> = match target {
        Target::Config | Target::Position => {
            GameId::all().map(|g| format!("\"{}\"", g.key())).collect()
        }
        _ => Vec::new(),
    };
    common
        .iter()
        .chain(specific)
        .map(|s| s.as_bytes().to_vec())
        .chain(games.into_iter().map(String::into_bytes))
        .chain([
            vec![0xff],
            vec![0xc3, 0x28],
            vec![0xed, 0xa0, 0x80],
            vec![0xf4, 0x90, 0x80, 0x80],
            vec![0],
        ])
        .collect()
}

/// Bytes that are often special to the parsers.
const SPECIAL: &[u8] = b"\0\n\r\t \"'[]{}()=,.:;#\\-+0123456789abAB\x7f\x80\xff";

/// The mutator: stacked byte-level and token-level edits of a corpus entry.
struct Mutator {
    rng: ChaCha8Rng,
    dict: Vec<Vec<u8>>,
    target: Target,
}

/// The syntax of a target's files, for edits of their structure.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Syntax {
    Toml,
    Json,
    Sgf,
}

impl Syntax {
    fn of(target: Target) -> Syntax {
        match target {
            Target::Config | Target::Position => Syntax::Toml,
            Target::Manifest => Syntax::Json,
            Target::Sgf => Syntax::Sgf,
        }
    }
}

/// The value at a path of child indices (a path stops where the tree does).
fn value_at<'a>(v: &'a mut Value, path: &[usize]) -> &'a mut Value {
    let Some((&i, rest)) = path.split_first() else {
        return v;
    };
    let fits = match &*v {
        Value::Array(a) => i < a.len(),
        Value::Object(m) => i < m.len(),
        _ => false,
    };
    if !fits {
        return v;
    }
    match v {
        Value::Array(a) => value_at(&mut a[i], rest),
        Value::Object(m) => value_at(m.values_mut().nth(i).expect("i < len"), rest),
        other => other,
    }
}

/// Every string leaf of a document, split into words: the pool that structural edits copy
/// from (so a point of one list turns up in another, or twice in the same one).
fn words(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.extend(
            s.split_whitespace()
                .take(64)
                .map(|w| w.chars().take(64).collect::<String>()),
        ),
        Value::Array(a) => a.iter().for_each(|x| words(x, out)),
        Value::Object(m) => m.values().for_each(|x| words(x, out)),
        _ => {}
    }
}

impl Mutator {
    fn pick(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n.max(1))
    }

    fn token(&mut self) -> Vec<u8> {
        let i = self.pick(self.dict.len());
        self.dict[i].clone()
    }

    fn position(&mut self, data: &[u8]) -> usize {
        self.rng.random_range(0..=data.len())
    }

    /// A range of `data` of up to `max` bytes.
    fn range(&mut self, data: &[u8], max: usize) -> (usize, usize) {
        let a = self.position(data);
        let len = self.rng.random_range(1..=max).min(data.len() - a);
        (a, a + len)
    }

    /// Start and end of the line holding byte `at`.
    fn line_at(data: &[u8], at: usize) -> (usize, usize) {
        let at = at.min(data.len());
        let start = data[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let end = data[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(data.len(), |i| at + i + 1);
        (start, end)
    }

    /// Makes a new input from `base`, splicing from `corpus`.
    fn mutate(&mut self, base: &[u8], corpus: &[Entry]) -> Vec<u8> {
        let mut data = base.to_vec();
        let mut edits = 1 + self.pick(4) + if self.pick(4) == 0 { self.pick(8) } else { 0 };
        // Half the time the document's structure is edited first, and fewer text edits follow,
        // so that most of these inputs get past the parser to the checks of meaning.
        if self.pick(2) == 0 {
            let structural = 1 + self.pick(3);
            let mut done = false;
            for _ in 0..structural {
                if let Some(d) = self.structural(&data) {
                    data = d;
                    done = true;
                }
            }
            if done {
                edits = self.pick(2);
            }
        }
        for _ in 0..edits {
            self.edit(&mut data, corpus);
        }
        data.truncate(MAX_INPUT);
        data
    }

    /// One edit of the document's structure, or None when it does not parse.
    fn structural(&mut self, data: &[u8]) -> Option<Vec<u8>> {
        match Syntax::of(self.target) {
            Syntax::Sgf => self.sgf_edit(data),
            Syntax::Json => {
                let mut v: Value = serde_json::from_slice(data).ok()?;
                self.tree_edit(&mut v, true);
                serde_json::to_vec_pretty(&v).ok()
            }
            Syntax::Toml => {
                let text = std::str::from_utf8(data).ok()?;
                let mut v: Value = toml::from_str(text).ok()?;
                self.tree_edit(&mut v, false);
                toml::to_string(&v).ok().map(String::into_bytes)
            }
        }
    }

    /// Edits one value of a parsed document, chosen by a random walk from the root.
    fn tree_edit(&mut self, root: &mut Value, json: bool) {
        let mut pool = Vec::new();
        words(root, &mut pool);
        let keys: Vec<String> = self
            .dict
            .iter()
            .filter_map(|t| std::str::from_utf8(t).ok())
            .filter_map(|t| {
                t.strip_suffix(" = ")
                    .or_else(|| t.strip_prefix('"').and_then(|t| t.strip_suffix('"')))
            })
            .filter(|k| k.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
            .map(str::to_string)
            .collect();
        let mut path = Vec::new();
        let mut at: &Value = root;
        while self.pick(3) != 0 {
            let n = match at {
                Value::Array(a) => a.len(),
                Value::Object(m) => m.len(),
                _ => 0,
            };
            if n == 0 {
                break;
            }
            let i = self.pick(n);
            path.push(i);
            at = match at {
                Value::Array(a) => &a[i],
                Value::Object(m) => m.values().nth(i).unwrap_or(at),
                _ => at,
            };
        }
        let node = value_at(root, &path);
        let word = |m: &mut Mutator| -> String {
            if pool.is_empty() || m.pick(3) == 0 {
                String::from_utf8_lossy(&m.token())
                    .trim_matches('"')
                    .to_string()
            } else {
                pool[m.pick(pool.len())].clone()
            }
        };
        match node {
            Value::String(s) => {
                let mut ws: Vec<String> = s.split_whitespace().map(str::to_string).collect();
                match self.pick(7) {
                    // A word given twice.
                    0 if !ws.is_empty() => {
                        let i = self.pick(ws.len());
                        let w = ws[i].clone();
                        let at = self.pick(ws.len() + 1);
                        ws.insert(at, w);
                    }
                    // A word from elsewhere in the document (a point in both lists).
                    1 | 2 => {
                        let w = word(self);
                        let at = self.pick(ws.len() + 1);
                        ws.insert(at, w);
                    }
                    3 if !ws.is_empty() => {
                        let i = self.pick(ws.len());
                        ws.remove(i);
                    }
                    4 if !ws.is_empty() => {
                        let i = self.pick(ws.len());
                        ws[i] = word(self);
                    }
                    5 => ws.clear(),
                    _ => {
                        let w = word(self);
                        // Never past the largest input, however long the word.
                        let n = [10, 1000, 20_000][self.pick(3)].min(MAX_INPUT / (w.len() + 1));
                        ws.extend(std::iter::repeat_n(w, n));
                    }
                }
                *s = ws.join(" ");
            }
            Value::Number(_) => {
                *node = match self.pick(4) {
                    0 => Value::from(self.pick(40) as i64 - 5),
                    1 => Value::from([i64::MAX, i64::MIN, u32::MAX as i64, -1][self.pick(4)]),
                    2 => Value::from([0.5, -0.0, 1e300, -7.5, 1e-300][self.pick(5)]),
                    _ => Value::from(word(self)),
                };
            }
            Value::Bool(b) => *b = !*b,
            Value::Array(a) => match self.pick(4) {
                0 if !a.is_empty() => {
                    let i = self.pick(a.len());
                    a.remove(i);
                }
                1 if !a.is_empty() => {
                    let i = self.pick(a.len());
                    let x = a[i].clone();
                    a.insert(self.pick(a.len() + 1), x);
                }
                2 => a.clear(),
                _ => a.push(Value::from(word(self))),
            },
            Value::Object(m) => match self.pick(3) {
                0 if !m.is_empty() => {
                    let i = self.pick(m.len());
                    if let Some(k) = m.keys().nth(i).cloned() {
                        m.remove(&k);
                    }
                }
                1 if !m.is_empty() && !keys.is_empty() => {
                    // Another key takes a copy of a value of this table.
                    let i = self.pick(m.len());
                    let v = m.values().nth(i).cloned().unwrap_or(Value::Bool(true));
                    m.insert(keys[self.pick(keys.len())].clone(), v);
                }
                _ if !keys.is_empty() => {
                    let v = match self.pick(3) {
                        0 => Value::from(self.pick(30) as i64),
                        1 => Value::Bool(self.pick(2) == 0),
                        _ => Value::from(word(self)),
                    };
                    m.insert(keys[self.pick(keys.len())].clone(), v);
                }
                _ => {}
            },
            Value::Null => {
                if json {
                    *node = Value::from(word(self));
                }
            }
        }
    }

    /// Copies a bracketed SGF value (`[ab]`) next to itself or after another property value:
    /// a stone given twice, or a point under AB and AW at once.
    fn sgf_edit(&mut self, data: &[u8]) -> Option<Vec<u8>> {
        let opens: Vec<usize> = data
            .iter()
            .enumerate()
            .filter(|(_, b)| **b == b'[')
            .map(|(i, _)| i)
            .collect();
        if opens.is_empty() {
            return None;
        }
        let a = opens[self.pick(opens.len())];
        let b = a + data[a..].iter().position(|&c| c == b']')? + 1;
        let value = data[a..b].to_vec();
        let closes: Vec<usize> = data
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == b']')
            .map(|(i, _)| i + 1)
            .collect();
        let at = closes[self.pick(closes.len())];
        let mut out = data.to_vec();
        match self.pick(3) {
            0 => out.splice(b..b, value),
            1 => out.splice(at..at, value),
            _ => {
                let prop = [&b"AE"[..], b"AB", b"AW", b"B", b"W"][self.pick(5)];
                let mut v = prop.to_vec();
                v.extend_from_slice(&value);
                out.splice(at..at, v)
            }
        };
        Some(out)
    }

    fn edit(&mut self, data: &mut Vec<u8>, corpus: &[Entry]) {
        match self.pick(14) {
            // Flip one bit.
            0 if !data.is_empty() => {
                let i = self.pick(data.len());
                data[i] ^= 1 << self.pick(8);
            }
            // Set one byte to a special one.
            1 if !data.is_empty() => {
                let i = self.pick(data.len());
                data[i] = SPECIAL[self.pick(SPECIAL.len())];
            }
            // Insert a few random bytes.
            2 => {
                let at = self.position(data);
                let n = 1 + self.pick(8);
                let raw = self.pick(4) == 0;
                let bytes: Vec<u8> = (0..n)
                    .map(|_| {
                        if raw {
                            self.rng.random()
                        } else {
                            self.rng.random_range(0x20..0x7f)
                        }
                    })
                    .collect();
                data.splice(at..at, bytes);
            }
            // Delete a range.
            3 if !data.is_empty() => {
                let (a, b) = self.range(data, 32);
                data.drain(a..b);
            }
            // Copy a range elsewhere.
            4 if !data.is_empty() => {
                let (a, b) = self.range(data, 64);
                let chunk = data[a..b].to_vec();
                let at = self.position(data);
                data.splice(at..at, chunk);
            }
            // Splice in a piece of another corpus file.
            5 => {
                let other = &corpus[self.pick(corpus.len())].bytes;
                if !other.is_empty() {
                    let (a, b) = self.range(other, 256);
                    let chunk = other[a..b].to_vec();
                    if self.pick(2) == 0 || data.is_empty() {
                        let at = self.position(data);
                        data.splice(at..at, chunk);
                    } else {
                        let (x, y) = self.range(data, 256);
                        data.splice(x..y, chunk);
                    }
                }
            }
            // Insert a dictionary token.
            6 | 7 => {
                let tok = self.token();
                let at = self.position(data);
                data.splice(at..at, tok);
            }
            // Replace a word (a run of letters, digits, dots and signs) by a token.
            8 if !data.is_empty() => {
                let at = self.pick(data.len());
                let word = |b: u8| b.is_ascii_alphanumeric() || b"._-+".contains(&b);
                let start = data[..at]
                    .iter()
                    .rposition(|&b| !word(b))
                    .map_or(0, |i| i + 1);
                let end = data[at..]
                    .iter()
                    .position(|&b| !word(b))
                    .map_or(data.len(), |i| at + i);
                let tok = self.token();
                data.splice(start..end, tok);
            }
            // Duplicate a line (a stone given twice, a key given twice).
            9 if !data.is_empty() => {
                let at = self.pick(data.len());
                let (a, b) = Self::line_at(data, at);
                let mut line = data[a..b].to_vec();
                if line.last() != Some(&b'\n') {
                    line.insert(0, b'\n');
                }
                let to = Self::line_at(data, self.pick(data.len())).0;
                data.splice(to..to, line);
            }
            // Delete a line.
            10 if !data.is_empty() => {
                let at = self.pick(data.len());
                let (a, b) = Self::line_at(data, at);
                data.drain(a..b);
            }
            // Repeat a range many times (long strings, deep nesting).
            11 if !data.is_empty() => {
                let (a, b) = self.range(data, 8);
                let chunk = data[a..b].to_vec();
                let times = [2, 16, 256, 4096][self.pick(4)];
                let mut long = Vec::with_capacity(chunk.len() * times);
                for _ in 0..times {
                    long.extend_from_slice(&chunk);
                }
                data.splice(b..b, long);
            }
            // A long token.
            12 => {
                let n = [100, 1000, 100_000][self.pick(3)];
                let ch = [b'A', b'9', b'[', b' '][self.pick(4)];
                let at = self.position(data);
                data.splice(at..at, std::iter::repeat_n(ch, n));
            }
            // Replace a number by another.
            _ => {
                let digits: Vec<usize> = data
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| b.is_ascii_digit())
                    .map(|(i, _)| i)
                    .collect();
                if digits.is_empty() {
                    return;
                }
                let at = digits[self.pick(digits.len())];
                let start = data[..at]
                    .iter()
                    .rposition(|b| !b.is_ascii_digit())
                    .map_or(0, |i| i + 1);
                let end = data[at..]
                    .iter()
                    .position(|b| !b.is_ascii_digit())
                    .map_or(data.len(), |i| at + i);
                let n: u64 = match self.pick(4) {
                    0 => self.pick(30) as u64,
                    1 => self.rng.random::<u64>() >> self.pick(64),
                    2 => [u64::MAX, i64::MAX as u64, u32::MAX as u64, 1 << 32][self.pick(4)],
                    _ => [0, 1, 4, 5, 9, 12, 13, 19, 20, 60, 61][self.pick(11)],
                };
                data.splice(start..end, n.to_string().into_bytes());
            }
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    match fuzz(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn fuzz(args: &Args) -> Result<(), String> {
    let target = Target::parse(&args.target).ok_or_else(|| {
        format!(
            "unknown target '{}': use {}",
            args.target,
            Target::ALL.map(Target::name).join(", ")
        )
    })?;
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let findings = args
        .findings
        .clone()
        .unwrap_or_else(|| root.join("target/fuzz/findings").join(target.name()));
    let scratch_dir = std::env::temp_dir().join(format!(
        "stonepress-fuzz-{}-{}",
        target.name(),
        std::process::id()
    ));
    let rep = Arc::new(Reporter {
        target,
        findings,
        running: Mutex::new(Running::default()),
        panic: Mutex::new(None),
        hang_after: Duration::from_secs_f64(args.hang_seconds.max(0.1)),
        scratch: scratch_dir.clone(),
    });
    MEMORY_LIMIT.store(args.memory_mb.max(1) << 20, Ordering::Relaxed);
    let hook_rep = Arc::clone(&rep);
    std::panic::set_hook(Box::new(move |info| {
        let mut slot = hook_rep.panic.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_none() {
            let msg = info
                .payload()
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| info.payload().downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            let at = info
                .location()
                .map_or(String::new(), |l| format!(" at {}:{}", l.file(), l.line()));
            *slot = Some(format!("panicked: {msg}{at}"));
        }
    }));
    let dog = Arc::clone(&rep);
    std::thread::spawn(move || watchdog(dog));
    let scratch = Scratch::new(scratch_dir).map_err(|e| format!("scratch folder: {e}"))?;
    let result = if let Some(kind) = &args.self_test {
        self_test(&rep, &scratch, kind)
    } else if let Some(file) = &args.replay {
        replay(&rep, &scratch, file)
    } else {
        campaign(args, &rep, &scratch, &root)
    };
    let _ = std::fs::remove_dir_all(scratch.dir());
    result
}

/// Runs a built-in input that must be reported as a finding.
fn self_test(rep: &Reporter, scratch: &Scratch, kind: &str) -> Result<(), String> {
    let input = format!("self-test {kind}");
    let class = run_with(
        rep,
        scratch,
        input.as_bytes(),
        stonepress::fuzzing::sgf_game(),
        || match kind {
            "panic" => panic!("the self-test panics"),
            "hang" => loop {
                std::thread::sleep(Duration::from_millis(10));
            },
            _ => {
                let mut held: Vec<Vec<u8>> = Vec::new();
                loop {
                    held.push(vec![1u8; 1 << 20]);
                }
            }
        },
    );
    Err(format!(
        "the self-test '{kind}' was not caught (outcome: {class})"
    ))
}

/// Runs one saved input and prints its outcome.
fn replay(rep: &Reporter, scratch: &Scratch, file: &Path) -> Result<(), String> {
    let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let game = match rep.target {
        Target::Position => game_of(file).ok_or_else(|| {
            format!(
                "{}: name the game at the start of the file name",
                file.display()
            )
        })?,
        _ => stonepress::fuzzing::sgf_game(),
    };
    let t = Instant::now();
    let class = run_one(rep, scratch, &bytes, game);
    println!(
        "{}: {class} ({:.3} s, peak live memory {} MB)",
        file.display(),
        t.elapsed().as_secs_f64(),
        PEAK.load(Ordering::Relaxed) >> 20
    );
    Ok(())
}

/// Fuzzes until the time or input count runs out; prints the figures.
fn campaign(args: &Args, rep: &Reporter, scratch: &Scratch, root: &Path) -> Result<(), String> {
    let target = rep.target;
    let dir = args
        .corpus
        .clone()
        .unwrap_or_else(|| root.join("tests/fuzz").join(target.name()));
    let mut corpus = load_corpus(target, &dir)?;
    let seeds = corpus.len();
    let mut mutator = Mutator {
        rng: ChaCha8Rng::seed_from_u64(args.seed),
        dict: dictionary(target),
        target,
    };
    let mut outcomes: BTreeMap<String, u64> = BTreeMap::new();
    let mut digest: u64 = 0;
    let started = Instant::now();
    let until = started + Duration::from_secs(args.seconds);
    let max_inputs = args.inputs.unwrap_or(u64::MAX);
    let mut run = 0u64;
    let mut heaviest: (usize, Vec<u8>, GameId) = (0, Vec::new(), stonepress::fuzzing::sgf_game());
    let mut slowest: (Duration, Vec<u8>, GameId) =
        (Duration::ZERO, Vec::new(), stonepress::fuzzing::sgf_game());
    // The seeds themselves first, then mutants.
    while run < max_inputs && Instant::now() < until {
        let (bytes, game) = if (run as usize) < seeds {
            let e = &corpus[run as usize];
            (e.bytes.clone(), e.game)
        } else {
            // Half the time a seed, so that kept inputs (often broken) do not take over.
            let base = if mutator.pick(2) == 0 {
                mutator.pick(seeds)
            } else {
                mutator.pick(corpus.len())
            };
            let bytes = mutator.mutate(&corpus[base].bytes, &corpus);
            let game = if target == Target::Position && mutator.pick(8) == 0 {
                GameId::all()
                    .nth(mutator.pick(GameId::all().count()))
                    .expect("a game")
            } else {
                corpus[base].game
            };
            (bytes, game)
        };
        digest = (digest ^ fuzzing::input_hash(&bytes)).wrapping_mul(0x0000_0100_0000_01b3);
        let before = LIVE.load(Ordering::Relaxed);
        let t = Instant::now();
        let class = run_one(rep, scratch, &bytes, game);
        let took = t.elapsed();
        let grew = INPUT_PEAK.load(Ordering::Relaxed).saturating_sub(before);
        if grew > heaviest.0 {
            heaviest = (grew, bytes.clone(), game);
        }
        if took > slowest.0 {
            slowest = (took, bytes.clone(), game);
        }
        run += 1;
        let count = outcomes.entry(class).or_insert(0);
        *count += 1;
        if *count == 1 && corpus.len() < MAX_CORPUS && (run as usize) > seeds {
            corpus.push(Entry { bytes, game });
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "target {}: {run} inputs in {secs:.1} s ({:.0} inputs/s), seed {}, no findings",
        target.name(),
        run as f64 / secs.max(1e-9),
        args.seed
    );
    println!(
        "corpus: {seeds} seeds + {} kept for a new outcome; peak live memory {} MB; input digest {digest:016x}",
        corpus.len() - seeds,
        PEAK.load(Ordering::Relaxed) >> 20
    );
    for (what, bytes, game, figure) in [
        (
            "most memory",
            &heaviest.1,
            heaviest.2,
            format!("{} MB", heaviest.0 >> 20),
        ),
        (
            "slowest",
            &slowest.1,
            slowest.2,
            format!("{:.2} s", slowest.0.as_secs_f64()),
        ),
    ] {
        let text: String = String::from_utf8_lossy(bytes).chars().take(160).collect();
        println!(
            "{what}: {figure} (input {:016x} of {} bytes, game {}): {text:?}",
            fuzzing::input_hash(bytes),
            bytes.len(),
            game.key(),
        );
    }
    let mut sorted: Vec<(&String, &u64)> = outcomes.iter().collect();
    sorted.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    println!("{} distinct outcomes:", sorted.len());
    for (class, n) in sorted {
        println!("  {n:>8}  {class}");
    }
    Ok(())
}

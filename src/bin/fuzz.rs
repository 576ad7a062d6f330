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
use stonepress::fuzzing::{self, Scratch, Target};
use stonepress::games::GameId;

/// Live memory above which an input is a finding.
const MEMORY_LIMIT: usize = 1 << 30;
/// Run time above which an input is a hang.
const HANG_AFTER: Duration = Duration::from_secs(10);
/// Largest input the mutator makes.
const MAX_INPUT: usize = 256 * 1024;
/// Most corpus entries kept (seeds plus inputs that gave a new outcome).
const MAX_CORPUS: usize = 4000;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
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
        if live > MEMORY_LIMIT && !EXEMPT.with(Cell::get) {
            LIVE.fetch_sub(size, Ordering::Relaxed);
            OVER_LIMIT.store(true, Ordering::SeqCst);
            loop {
                std::thread::sleep(Duration::from_secs(1));
            }
        }
        PEAK.fetch_max(live, Ordering::Relaxed);
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
                        MEMORY_LIMIT >> 20,
                        started.elapsed().as_secs_f64()
                    ),
                    &bytes,
                    game,
                );
            }
            if started.elapsed() > HANG_AFTER {
                rep.finding(
                    "hang",
                    &format!(
                        "still running after {} s (live memory {} MB)",
                        HANG_AFTER.as_secs(),
                        LIVE.load(Ordering::Relaxed) >> 20
                    ),
                    &bytes,
                    game,
                );
            }
        } else if over {
            eprintln!("the harness itself went over the memory limit");
            std::process::exit(1);
        }
    }
}

/// Runs one input under `catch_unwind`; a panic is a finding.
fn run_one(rep: &Reporter, scratch: &Scratch, bytes: &[u8], game: GameId) -> String {
    rep.start(bytes, game);
    let out = std::panic::catch_unwind(AssertUnwindSafe(|| {
        fuzzing::run(rep.target, game, bytes, scratch)
    }));
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
                    "{}: a position file's name starts with its game (go-..., hexade-...)",
                    p.display()
                )
            })?
        } else {
            GameId::Go
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
            "\"go\"",
            "\"anchor\"",
            "\"anchor2d\"",
            "\"kropki\"",
            "\"hexade\"",
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
            "\"go\"",
            "\"hexade\"",
            "\"kropki\"",
            "\"anchor\"",
            "\"anchor2d\"",
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
            "\"go\"",
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
    common
        .iter()
        .chain(specific)
        .map(|s| s.as_bytes().to_vec())
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
        let edits = 1 + self.pick(4) + if self.pick(4) == 0 { self.pick(8) } else { 0 };
        for _ in 0..edits {
            self.edit(&mut data, corpus);
        }
        data.truncate(MAX_INPUT);
        data
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
                let bytes: Vec<u8> = (0..n).map(|_| self.rng.random()).collect();
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
    let rep = Arc::new(Reporter {
        target,
        findings,
        running: Mutex::new(Running::default()),
        panic: Mutex::new(None),
    });
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
    let scratch_dir = std::env::temp_dir().join(format!(
        "stonepress-fuzz-{}-{}",
        target.name(),
        std::process::id()
    ));
    let scratch = Scratch::new(scratch_dir).map_err(|e| format!("scratch folder: {e}"))?;
    let result = if let Some(file) = &args.replay {
        replay(&rep, &scratch, file)
    } else {
        campaign(args, &rep, &scratch, &root)
    };
    let _ = std::fs::remove_dir_all(scratch.dir());
    result
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
        _ => GameId::Go,
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
    };
    let mut outcomes: BTreeMap<String, u64> = BTreeMap::new();
    let mut digest: u64 = 0;
    let started = Instant::now();
    let until = started + Duration::from_secs(args.seconds);
    let max_inputs = args.inputs.unwrap_or(u64::MAX);
    let mut run = 0u64;
    // The seeds themselves first, then mutants.
    while run < max_inputs && Instant::now() < until {
        let (bytes, game) = if (run as usize) < seeds {
            let e = &corpus[run as usize];
            (e.bytes.clone(), e.game)
        } else {
            let base = mutator.pick(corpus.len());
            let bytes = mutator.mutate(&corpus[base].bytes, &corpus);
            let game = if target == Target::Position && mutator.pick(8) == 0 {
                GameId::ALL[mutator.pick(GameId::ALL.len())]
            } else {
                corpus[base].game
            };
            (bytes, game)
        };
        digest = (digest ^ fuzzing::input_hash(&bytes)).wrapping_mul(0x0000_0100_0000_01b3);
        let class = run_one(rep, scratch, &bytes, game);
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
    let mut sorted: Vec<(&String, &u64)> = outcomes.iter().collect();
    sorted.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    println!("{} distinct outcomes:", sorted.len());
    for (class, n) in sorted {
        println!("  {n:>8}  {class}");
    }
    Ok(())
}

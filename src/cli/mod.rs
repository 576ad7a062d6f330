//! The command line: clap definitions (their doc comments are the `--help` text) and one
//! function per subcommand. Errors are values: bad input exits 2, run-time failures exit 1.

mod build;
mod commands;
mod shard;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

pub use build::{build_pages, for_each_page, page_count, write_outputs};

/// Print-ready boards, diagrams and verified puzzle books for stone-placing games
/// (`stonepress games` lists them).
#[derive(Debug, Parser)]
#[command(name = "stonepress", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
// Each subcommand's arguments are built only when that subcommand runs (or its help is
// shown): building all of them took about 7% of the CPU of a one-diagram build.
#[command(defer = true)]
pub enum Command {
    /// Build a configuration (or the embedded sampler) into PDF and SVG files.
    Build {
        /// The TOML configuration; without it, the embedded default sampler.
        config: Option<PathBuf>,
        /// Output folder.
        #[arg(long, default_value = "output")]
        out: PathBuf,
        /// Override the document's seed.
        #[arg(long)]
        seed: Option<u64>,
        /// Worker threads for generation (results do not depend on it).
        #[arg(long)]
        jobs: Option<usize>,
        /// Formats to write, e.g. "pdf,svg" (overrides the configuration).
        #[arg(long, value_delimiter = ',')]
        format: Option<Vec<String>>,
        /// Measure pages per second for PDF and SVG on a 100-page document; writes nothing.
        #[arg(long)]
        bench: bool,
        /// Replace output files in the way that stonepress did not write.
        #[arg(long)]
        force: bool,
        /// Sync every file's data before the renames (one pass), so that even a power loss
        /// cannot leave an empty new file; slower on small builds. Without it a build syncs
        /// once, the output folder after the last rename.
        #[arg(long)]
        durable: bool,
        /// Make only shard I of N (0 <= I < N) of the puzzles: candidate puzzle k belongs to
        /// shard k mod N. Writes the partial manifest OUT/NAME.shard-I-of-N.json and no pages;
        /// `stonepress merge` turns the N parts into the book one plain build makes.
        #[arg(long, value_name = "I/N", conflicts_with = "bench")]
        shard: Option<String>,
        /// With --shard: how far (percent) past its share of each set a shard looks, so that
        /// it covers every candidate the set keeps; merge names a shard that stopped short.
        #[arg(long, value_name = "PERCENT", requires = "shard")]
        shard_margin: Option<u64>,
    },
    /// Merge the partial manifests of `build --shard` (all N of them) into the book a plain
    /// build makes: the same PDF, SVG pages and manifest, byte for byte.
    Merge {
        /// The partial manifests NAME.shard-I-of-N.json, one per shard.
        #[arg(required = true)]
        parts: Vec<PathBuf>,
        /// Output folder.
        #[arg(long, default_value = "output")]
        out: PathBuf,
        /// The configuration, when it is no longer where the shards read it (its content must
        /// be the same: the parts carry its SHA-256).
        #[arg(long)]
        config: Option<PathBuf>,
        /// Replace output files in the way that stonepress did not write.
        #[arg(long)]
        force: bool,
        /// Sync every file's data before the renames (as `build --durable`).
        #[arg(long)]
        durable: bool,
    },
    /// Make one empty board sheet.
    Board {
        /// The game (`stonepress games` lists them).
        game: String,
        /// Paper: a3, a4, a5, letter, legal, or WIDTHxHEIGHT in mm (e.g. 200x200).
        #[arg(long, default_value = "a4")]
        paper: String,
        /// Print the page in landscape (default: the orientation that prints the board larger,
        /// portrait when both print it alike).
        #[arg(long, conflicts_with = "portrait")]
        landscape: bool,
        /// Print the page in portrait.
        #[arg(long)]
        portrait: bool,
        /// Print the board at this percentage of its full size (default: a board with a
        /// physical standard, a real board's lines or squared paper, at 100% where the paper
        /// holds it, else as large as fits; any other board as large as fits).
        #[arg(long, value_name = "PERCENT")]
        scale: Option<u32>,
        /// Board size, for a game that takes one (limits: `stonepress games`).
        #[arg(long)]
        size: Option<usize>,
        /// Grid width, for a game that takes one.
        #[arg(long)]
        width: Option<usize>,
        /// Grid height, for a game that takes one.
        #[arg(long)]
        height: Option<usize>,
        /// Board base (cells along a side), for a game that takes one.
        #[arg(long)]
        base: Option<usize>,
        /// Leave the coordinates off.
        #[arg(long)]
        no_coordinates: bool,
        /// Add a numbered move-record table.
        #[arg(long)]
        record_table: bool,
        /// Add a score table (for a game that has one).
        #[arg(long)]
        score_table: bool,
        /// Boards per page.
        #[arg(long, default_value_t = 1)]
        per_page: usize,
        /// print (black and white) or colour.
        #[arg(long, default_value = "print")]
        style: String,
        /// Margin in mm (nothing is printed nearer the paper's edge).
        #[arg(long, default_value_t = 10.0)]
        margins_mm: f64,
        /// The file to write: .pdf or .svg (default output/GAME.pdf). An SVG holds one page:
        /// continuation pages of the move record go to FILE-2.svg, FILE-3.svg and so on.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Replace an existing --out file that stonepress did not write.
        #[arg(long)]
        force: bool,
    },
    /// Score a position: `score GAME --position FILE --json`.
    Score {
        /// The game (`stonepress games` lists them).
        game: String,
        /// A position file: a TOML table, or an SGF record for a game that reads one.
        #[arg(long)]
        position: PathBuf,
        /// For an SGF collection of several game trees (a problem book in one file): read the
        /// N-th tree, 1 for the first (the default). In a book kept as one tree whose empty root
        /// branches into problems (each variation setting stones up), the N-th variation.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        tree: Option<u32>,
        /// Stones to count as dead, e.g. "C3 D4" (for a game whose players agree on them).
        #[arg(long)]
        dead: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Solve a problem: `solve GAME --position FILE --json`.
    Solve {
        /// The game.
        game: String,
        /// A position file: a TOML table, or an SGF record for a game that reads one; with
        /// `--tree all`, a directory of SGF files too.
        #[arg(long)]
        position: PathBuf,
        /// For an SGF collection of several game trees (a problem book in one file): read the
        /// N-th tree, 1 for the first (the default). In a book kept as one tree whose empty root
        /// branches into problems (each variation setting stones up), the N-th variation.
        /// `all` reads every problem in turn, each with the whole budget, and reports each
        /// under its number, then how many came out each way; with `all`, --position may be a
        /// directory, whose SGF files (and its subdirectories') are read as one book in the
        /// order of their names, numbers by their value (p2.sgf before p10.sgf).
        #[arg(long, value_name = "N|all", value_parser = parse_trees)]
        tree: Option<Trees>,
        /// With `--tree all`: how many problems to read at once (default 1). A reading may run
        /// threads of its own against its own clock, so more readings than the cores allow
        /// slow each one and can change answers found near the deadline; under `--nodes` the
        /// answers do not depend on it.
        #[arg(long, value_name = "N")]
        jobs: Option<usize>,
        /// The goal: auto (default, decided from the position, or from a problem file's own
        /// statement where the game reads one, such as "Black to live") or one of the game's puzzle
        /// kinds as `stonepress games` lists them; kill, live or capture for life and death.
        #[arg(long)]
        goal: Option<String>,
        /// Who moves: black or white (overrides the file).
        #[arg(long)]
        to_play: Option<String>,
        /// The target: a group by one of its points (life and death), or a pair of edges such
        /// as a,c (pair goals).
        #[arg(long)]
        target: Option<String>,
        /// Candidate moves region, e.g. A1:E5.
        #[arg(long)]
        region: Option<String>,
        /// Time budget in milliseconds.
        #[arg(long)]
        budget_ms: Option<u64>,
        /// A cap on the nodes each search expands, for answers that do not depend on the
        /// machine's speed or load (the time budget still applies).
        #[arg(long)]
        nodes: Option<u64>,
        /// Life and death: how an open problem is closed. `ring` reads the fight area with a
        /// ring of points around it where only the attacker may play; `wall` fills the board
        /// outside the problem with the attacker's stones (a tsumego frame) and reads the
        /// fight area inside it.
        #[arg(long, value_name = "ring|wall")]
        frame: Option<String>,
        /// Life and death: read the moves in the order of the eye space they take or make
        /// (the vital point first). The answer stays exact; it takes fewer nodes but each
        /// costs more, so it helps under --nodes more than under a time budget.
        #[arg(long, conflicts_with = "rules_only")]
        eye_knowledge: bool,
        /// Life and death: where the attacker's stones inside the group's eye space can still
        /// be taken, read that space out by the rules when it is closed and small (five empty
        /// points at most) instead of move by move in the search. The answer stays exact; it
        /// takes 0.6 to 0.7 of the nodes but each costs more, so it helps under --nodes, not
        /// under a time budget.
        #[arg(long, conflicts_with_all = ["rules_only", "eye_knowledge"])]
        read_enclosed: bool,
        /// Life and death: read with the rules alone. By default a target confined to room
        /// for one eye, against the attacker's safe stones, counts as dead at once, without
        /// reading the filling-in out; the answer is the same either way.
        #[arg(long)]
        rules_only: bool,
        /// For goals reached in moves of one's own (a six, a pair): the most moves allowed;
        /// the answer's N is the least that wins (default: the game's).
        #[arg(long = "in", value_name = "N")]
        in_n: Option<u32>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Re-prove every puzzle of a built book from its manifest.
    Verify {
        /// output/NAME.json of a built book.
        manifest: PathBuf,
    },
    /// Validate a configuration; writes nothing.
    Check {
        /// The TOML configuration.
        config: PathBuf,
    },
    /// List the games, their coordinates and options.
    Games,
    /// Write a commented starter configuration.
    Init {
        /// Where to write it.
        #[arg(default_value = "stonepress.toml")]
        file: PathBuf,
        /// Overwrite an existing file.
        #[arg(long)]
        force: bool,
    },
}

/// Which problems of a collection `solve` reads (`--tree`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trees {
    /// The N-th, from 1.
    One(u32),
    /// Every one, in turn.
    All,
}

/// Reads `--tree`: a problem's number from 1, or `all`.
fn parse_trees(s: &str) -> Result<Trees, String> {
    if s.trim().eq_ignore_ascii_case("all") {
        return Ok(Trees::All);
    }
    match s.trim().parse::<u32>() {
        Ok(n) if n >= 1 => Ok(Trees::One(n)),
        _ => Err(format!(
            "'{s}' is neither a problem's number (1 or more) nor all"
        )),
    }
}

/// A failed command: bad input (exit 2) or a run-time failure (exit 1).
#[derive(Debug)]
pub enum Failure {
    /// The user's input is wrong.
    Input(String),
    /// Something failed while running.
    Runtime(String),
}

impl Failure {
    /// The process exit status.
    pub fn code(&self) -> u8 {
        match self {
            Failure::Input(_) => 2,
            Failure::Runtime(_) => 1,
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        match self {
            Failure::Input(m) | Failure::Runtime(m) => m,
        }
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    commands::run(cli.command)
}

//! Puzzle sets: the seeded generator (one RNG stream per candidate, so the result does not
//! depend on the number of jobs), grading into bands, dedupe under the board's symmetries,
//! and the manifest that `stonepress verify` re-proves.

use std::collections::HashSet;
use std::path::Path;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::games::go::ld::Goal;
use crate::games::{GameError, GameId, ScoreReport};

/// A wrong first move and the reply that refutes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wrong {
    /// The wrong move.
    pub play: String,
    /// The refutation, when there is one.
    pub refutation: Option<String>,
}

/// One proven puzzle, as the manifest records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Its number in the book (1-based).
    pub number: usize,
    /// The game.
    pub game: String,
    /// Board size.
    pub size: usize,
    /// Black stones, by name.
    pub black: String,
    /// White stones, by name.
    pub white: String,
    /// Who moves: "black" or "white".
    pub to_play: String,
    /// "kill" or "live".
    pub goal: String,
    /// "Black to play and kill".
    pub instruction: String,
    /// A stone of the group under attack.
    pub target: String,
    /// The candidate points.
    pub region: Vec<String>,
    /// The only winning first move.
    pub key_move: String,
    /// Proven unique.
    pub unique: bool,
    /// The key move, the most stubborn replies and the winning answers.
    pub main_line: Vec<String>,
    /// Every failing first move with its refutation.
    pub wrong_moves: Vec<Wrong>,
    /// Distinct positions in the proof.
    pub proof_size: usize,
    /// Plies of the main line.
    pub depth: usize,
    /// Nodes the generator's search expanded.
    pub nodes: u64,
    /// "easy", "medium" or "hard".
    pub grade: String,
    /// The seed of this puzzle's RNG stream.
    pub seed: u64,
    /// The solution tree as SGF, with the wrong moves as variations.
    pub sgf: String,
}

/// The bands of difficulty by proof size: easy below the first bound, hard from the second.
pub const BANDS: [(&str, usize); 2] = [("easy", 80), ("medium", 250)];

/// The band of a proof size; bands never overlap, so harder bands always have larger proofs.
pub fn grade(proof_size: usize) -> &'static str {
    for (name, below) in BANDS {
        if proof_size < below {
            return name;
        }
    }
    "hard"
}

/// Which proof sizes a set accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// Smallest proof size accepted.
    pub min: usize,
    /// Largest proof size accepted.
    pub max: usize,
}

impl Difficulty {
    /// Parses "easy", "medium", "hard", "any" or a range of proof sizes "40..300".
    pub fn parse(s: &str) -> Option<Difficulty> {
        let (e, m) = (BANDS[0].1, BANDS[1].1);
        Some(match s.trim() {
            "easy" => Difficulty { min: 0, max: e - 1 },
            "medium" => Difficulty { min: e, max: m - 1 },
            "hard" => Difficulty {
                min: m,
                max: usize::MAX,
            },
            "any" | "mixed" => Difficulty {
                min: 0,
                max: usize::MAX,
            },
            r => {
                let (a, b) = r.split_once("..")?;
                let min = a.trim().parse().ok()?;
                let max = b.trim().trim_start_matches('=').parse().ok()?;
                if min > max {
                    return None;
                }
                Difficulty { min, max }
            }
        })
    }

    fn accepts(&self, size: usize) -> bool {
        (self.min..=self.max).contains(&size)
    }
}

/// What to generate.
#[derive(Clone, Debug)]
pub struct SetSpec {
    /// The game (Go only so far).
    pub game: GameId,
    /// Kill, live, or None for both.
    pub goal: Option<Goal>,
    /// Board size.
    pub size: usize,
    /// How many puzzles.
    pub count: usize,
    /// Accepted proof sizes.
    pub difficulty: Difficulty,
    /// The set's seed.
    pub seed: u64,
}

/// The puzzle kinds a game can generate, for `stonepress games` and configuration checks.
pub fn kinds(game: GameId) -> &'static [&'static str] {
    match game {
        GameId::Go => &["kill", "live", "life-and-death"],
        _ => &[],
    }
}

/// The seed of candidate `k` of a set: a SplitMix64 mix of the set's seed and the index.
fn candidate_seed(seed: u64, k: u64) -> u64 {
    let mut z = seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Maps a point (column, row) of an n x n board by one of its eight symmetries (bit 0 mirrors
/// the columns, bit 1 the rows, bit 2 swaps them).
pub fn square_symmetry(p: (i32, i32), sym: u8, n: i32) -> (i32, i32) {
    let (mut x, mut y) = p;
    if sym & 1 != 0 {
        x = n - 1 - x;
    }
    if sym & 2 != 0 {
        y = n - 1 - y;
    }
    if sym & 4 != 0 {
        std::mem::swap(&mut x, &mut y);
    }
    (x, y)
}

/// A key for a position that is the same for all its images under the board's symmetries.
fn canonical(r: &Record) -> String {
    let n = r.size as i32;
    let board = crate::games::go::look::board(r.size);
    let cells: Vec<(i32, i32, char)> = [(&r.black, 'X'), (&r.white, 'O')]
        .iter()
        .flat_map(|(list, ch)| {
            list.split_whitespace()
                .filter_map(|s| board.parse(s).ok())
                .map(|id| {
                    let (c, row) = board.coord(id);
                    (c, row, *ch)
                })
                .collect::<Vec<_>>()
        })
        .collect();
    (0..8u8)
        .map(|sym| {
            let mut img: Vec<(i32, i32, char)> = cells
                .iter()
                .map(|&(x, y, ch)| {
                    let (x, y) = square_symmetry((x, y), sym, n);
                    (x, y, ch)
                })
                .collect();
            img.sort_unstable();
            format!("{}{:?}", r.to_play, img)
        })
        .min()
        .unwrap_or_default()
}

/// Generates a set: candidates are tried in index order, each from its own seed, in parallel
/// batches on `jobs` threads; the first `count` that make puzzles of the wanted difficulty and
/// are new under symmetry are kept, sorted by proof size and numbered. `tick` is called once
/// per kept puzzle.
pub fn generate(
    spec: &SetSpec,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<Record>, String> {
    if spec.game != GameId::Go {
        return Err(format!(
            "{} has no puzzle generator yet (Go has: kill, live, life-and-death)",
            spec.game.title()
        ));
    }
    let limit = (spec.count as u64).saturating_mul(200).saturating_add(200);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let mut kept: Vec<Record> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let batch = (4 * jobs.max(1)) as u64;
    let mut k = 0u64;
    while kept.len() < spec.count {
        if k >= limit {
            return Err(format!(
                "found only {} of {} puzzles with proof sizes {}..{} in {} candidates",
                kept.len(),
                spec.count,
                spec.difficulty.min,
                spec.difficulty.max,
                limit
            ));
        }
        let ks: Vec<u64> = (k..k + batch).collect();
        let made: Vec<Option<Record>> = pool.install(|| {
            ks.par_iter()
                .map(|&i| {
                    let seed = candidate_seed(spec.seed, i);
                    crate::games::go::puzzle::make(seed, spec.size, spec.goal).ok()
                })
                .collect()
        });
        for r in made.into_iter().flatten() {
            if kept.len() == spec.count || !spec.difficulty.accepts(r.proof_size) {
                continue;
            }
            if seen.insert(canonical(&r)) {
                kept.push(r);
                tick();
            }
        }
        k += batch;
    }
    kept.sort_by_key(|r| (r.proof_size, r.seed));
    for (i, r) in kept.iter_mut().enumerate() {
        r.number = i + 1;
        r.grade = grade(r.proof_size).to_string();
    }
    Ok(kept)
}

/// The manifest of a built document: every puzzle of every set.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Manifest {
    /// The program that wrote it.
    pub generator: String,
    /// The document's title.
    pub title: String,
    /// The document's seed.
    pub seed: u64,
    /// The SHA-256 of the PDF built with it (hex), when a PDF was built: `verify` checks the
    /// PDF beside the manifest against it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pdf_sha256: Option<String>,
    /// The sets, in order.
    pub sets: Vec<SetRecord>,
}

/// The SHA-256 of everything `r` yields (a PDF, for the manifest's `pdf_sha256`), in lower-case
/// hexadecimal, read in pieces so a large file is never held in memory whole.
pub fn digest_reader(mut r: impl std::io::Read) -> std::io::Result<String> {
    use sha2::Digest;
    let mut hasher = sha2::Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = r.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(hex(&hasher.finalize()))
}

/// Lower-case hexadecimal of a digest.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// One `[[puzzles]]` set of a manifest.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SetRecord {
    /// The game.
    pub game: String,
    /// The kind asked for.
    pub kind: String,
    /// The difficulty asked for.
    pub difficulty: String,
    /// The set's seed.
    pub seed: u64,
    /// How many puzzles the book asked for (missing in manifests of older versions, which
    /// `verify` then reports).
    #[serde(default)]
    pub count: Option<usize>,
    /// Its puzzles.
    pub puzzles: Vec<Record>,
}

/// Nodes `verify` allows each search (more than the generator, so a budget edge never fails a
/// sound puzzle).
pub const VERIFY_NODES: u64 = 4 * crate::games::go::puzzle::CANDIDATE_NODES;

/// Re-proves every puzzle of a built book from its manifest and checks every claim it makes:
/// `stonepress verify MANIFEST`. An unreadable or malformed manifest is an error; each claim
/// that does not hold is listed in the report's `failures`, naming the set, the puzzle and the
/// field: the book's claims (at least one puzzle, the count each set asked for, numbers 1..n in
/// order of proof size, no two puzzles alike under the board's symmetries, the PDF of the same
/// name beside the manifest matching `pdf_sha256`) and each puzzle's (`go::puzzle::verify`).
pub fn verify_manifest(manifest: &Path) -> Result<ScoreReport, GameError> {
    let file = manifest.display().to_string();
    let bad = |line: usize, message: String| GameError::Invalid {
        file: file.clone(),
        line,
        message,
    };
    let bytes = std::fs::read(manifest).map_err(|e| bad(0, format!("cannot read: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        bad(
            0,
            "not a manifest: not UTF-8 text (a manifest is the NAME.json a build writes beside \
             NAME.pdf)"
                .to_string(),
        )
    })?;
    let m: Manifest =
        serde_json::from_str(&text).map_err(|e| bad(e.line(), format!("not a manifest: {e}")))?;
    let all: Vec<(usize, &Record)> = m
        .sets
        .iter()
        .enumerate()
        .flat_map(|(s, set)| set.puzzles.iter().map(move |r| (s + 1, r)))
        .collect();
    let started = std::time::Instant::now();
    let mut failures = book_failures(&m, manifest);
    let results: Vec<Vec<String>> = all
        .par_iter()
        .map(|(_, r)| {
            if r.game != "go" {
                return vec![format!("game: '{}' has no verifier", r.game)];
            }
            crate::games::go::puzzle::verify(r, VERIFY_NODES)
        })
        .collect();
    let mut failed = 0;
    for ((set, r), errors) in all.iter().zip(&results) {
        if !errors.is_empty() {
            failed += 1;
        }
        for e in errors {
            failures.push(format!("set {set} puzzle {}: {e}", r.number));
        }
    }
    let millis = started.elapsed().as_millis() as u64;
    let json = serde_json::json!({
        "manifest": file,
        "puzzles": all.len(),
        "verified": all.len() - failed,
        "failures": failures,
        "millis": millis,
    });
    let text = if !failures.is_empty() {
        format!(
            "{}: {} claim{} of the manifest do{} not hold ({} of {} puzzles failed):\n  {}\n",
            file,
            failures.len(),
            if failures.len() == 1 { "" } else { "s" },
            if failures.len() == 1 { "es" } else { "" },
            failed,
            all.len(),
            failures.join("\n  ")
        )
    } else {
        format!(
            "{}: all {} puzzles re-proved (unique key move, status proven, every claim of the \
             manifest checked) in {:.1} s\n",
            file,
            all.len(),
            millis as f64 / 1000.0
        )
    };
    Ok(ScoreReport::new(json, text))
}

/// The claims of a manifest about the book as a whole that do not hold.
fn book_failures(m: &Manifest, manifest: &Path) -> Vec<String> {
    let mut out = Vec::new();
    if m.sets.iter().all(|s| s.puzzles.is_empty()) {
        out.push("puzzles: the manifest lists no puzzle".to_string());
    }
    for (i, set) in m.sets.iter().enumerate() {
        let s = i + 1;
        match set.count {
            None => out.push(format!(
                "set {s}: count: not recorded (the manifest cannot show that no puzzle is missing)"
            )),
            Some(c) if c != set.puzzles.len() => out.push(format!(
                "set {s}: count: the book asked for {c} puzzles, the manifest lists {}",
                set.puzzles.len()
            )),
            Some(_) => {}
        }
        let mut seen: Vec<(String, usize)> = Vec::new();
        for (k, r) in set.puzzles.iter().enumerate() {
            let at = format!("set {s} puzzle {}", r.number);
            if r.number != k + 1 {
                out.push(format!(
                    "{at}: number: {} stands in place {} of the set",
                    r.number,
                    k + 1
                ));
            }
            if r.game != set.game {
                out.push(format!(
                    "{at}: game: '{}' in a set of '{}'",
                    r.game, set.game
                ));
            }
            if k > 0 && set.puzzles[k - 1].proof_size > r.proof_size {
                out.push(format!(
                    "{at}: proof_size: {} after {} (a set runs from the smallest proof up)",
                    r.proof_size,
                    set.puzzles[k - 1].proof_size
                ));
            }
            // A board of another size is the puzzle's own failure (its `size`), reported there.
            if !(7..=19).contains(&r.size) {
                continue;
            }
            let key = canonical(r);
            if let Some((_, n)) = seen.iter().find(|(c, _)| *c == key) {
                out.push(format!(
                    "{at}: position: the same puzzle as number {n} under a symmetry of the board"
                ));
            } else {
                seen.push((key, r.number));
            }
        }
    }
    let pdf = manifest.with_extension("pdf");
    if let Ok(digest) = std::fs::File::open(&pdf).and_then(digest_reader) {
        let name = pdf
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        match &m.pdf_sha256 {
            None => out.push(format!(
                "pdf_sha256: not recorded, so {name} beside the manifest cannot be checked"
            )),
            Some(h) if !h.eq_ignore_ascii_case(&digest) => out.push(format!(
                "pdf_sha256: {name} beside the manifest is not the PDF built with it (its SHA-256 is {digest})"
            )),
            Some(_) => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_are_monotone_and_cover_every_size() {
        let order = ["easy", "medium", "hard"];
        let mut last = 0;
        for size in 0..2000 {
            let g = order.iter().position(|&b| b == grade(size)).unwrap();
            assert!(g >= last, "grade fell at proof size {size}");
            last = g;
        }
        assert_eq!(last, 2);
        for b in order {
            let d = Difficulty::parse(b).unwrap();
            assert_eq!(grade(d.min), b);
        }
        assert_eq!(
            Difficulty::parse("40..300"),
            Some(Difficulty { min: 40, max: 300 })
        );
        assert_eq!(Difficulty::parse("300..40"), None);
        assert_eq!(Difficulty::parse("tricky"), None);
    }

    #[test]
    fn candidate_seeds_differ_and_repeat() {
        assert_eq!(candidate_seed(7, 3), candidate_seed(7, 3));
        assert_ne!(candidate_seed(7, 3), candidate_seed(7, 4));
        assert_ne!(candidate_seed(7, 3), candidate_seed(8, 3));
    }
}

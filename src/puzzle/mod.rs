//! Puzzle sets: the seeded generator (one RNG stream per candidate, so the result does not
//! depend on the number of jobs), grading into bands, dedupe under the board's symmetries,
//! and the manifest that `stonepress verify` re-proves.
//!
//! Generation is two steps so that it can be split across machines: [`search`] tries the
//! candidates of one shard (candidate `k` belongs to shard `k mod n`; what it makes depends
//! only on the set's seed and `k`) and lists those that pass, and [`select`] takes the finds of
//! every shard in index order, drops repeats under symmetry and keeps the first `count`. One
//! machine is shard 0 of 1 looking for `count` puzzles, which is what [`generate`] does.

use std::collections::HashSet;
use std::path::Path;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

pub use crate::games::puzzle::{BANDS, Record, Wrong, grade};
use crate::games::puzzle::{PuzzleKind, kinds_of};
use crate::games::{GameError, GameId, ScoreReport};
use crate::geometry::PointId;

/// Which proof sizes a set accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    /// Smallest proof size accepted.
    pub min: usize,
    /// Largest proof size accepted.
    pub max: usize,
}

impl Difficulty {
    /// Parses "easy", "medium", "hard", "any" or a range of proof sizes "40..300"; the bands
    /// are a kind's (`PuzzleKind::bands`).
    pub fn parse(s: &str, bands: [usize; 2]) -> Option<Difficulty> {
        let [e, m] = bands;
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
    /// The game.
    pub game: GameId,
    /// The kind of puzzle, one of the game's.
    pub kind: &'static dyn PuzzleKind,
    /// Board size (within the kind's `sizes`).
    pub size: usize,
    /// How many puzzles.
    pub count: usize,
    /// Accepted proof sizes.
    pub difficulty: Difficulty,
    /// The set's seed.
    pub seed: u64,
}

/// The names of the puzzle kinds a game can generate, for `stonepress games` and
/// configuration checks.
pub fn kinds(game: GameId) -> Vec<&'static str> {
    kinds_of(game).iter().map(|k| k.name()).collect()
}

/// The kind that proves the puzzles of a set of `game`: the set's `kind` among the game's
/// kinds, else the game's first; None when `game` is no game's key or the game has no kinds.
pub fn kind_of(game: &str, kind: &str) -> Option<&'static dyn PuzzleKind> {
    let kinds = kinds_of(GameId::parse(game).filter(|g| g.key() == game)?);
    kinds
        .iter()
        .find(|k| k.name() == kind)
        .or(kinds.first())
        .copied()
}

/// The seed of candidate `k` of a set: a SplitMix64 mix of the set's seed and the index.
fn candidate_seed(seed: u64, k: u64) -> u64 {
    let mut z = seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A key for a record's position that is the same for all its images under the board's
/// symmetries (the kind says which: the board's topology gives them, less any that move a
/// point the game marks); None when the record has no board.
pub fn canonical(kind: &dyn PuzzleKind, r: &Record) -> Option<String> {
    let board = kind.board(r).ok()?;
    let stones = kind.stones(r, &board);
    kind.symmetries(&board)
        .iter()
        .map(|perm| {
            let mut img: Vec<(PointId, usize)> = stones
                .iter()
                .map(|&(p, c)| (perm[p as usize], c.index()))
                .collect();
            img.sort_unstable();
            format!("{}{:?}", r.to_play, img)
        })
        .min()
}

/// The candidate budget of a set of `count` puzzles: candidates 0 to `200 × count + 199` are
/// tried at most, and a set not complete by then fails.
pub fn candidate_limit(count: usize) -> u64 {
    (count as u64).saturating_mul(200).saturating_add(200)
}

/// One shard of the candidates of a set: candidate `k` belongs to shard `k mod of`. The whole
/// set is shard 0 of 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// Which shard, 0-based.
    pub index: u64,
    /// How many shards.
    pub of: u64,
}

impl Shard {
    /// The whole candidate range.
    pub const WHOLE: Shard = Shard { index: 0, of: 1 };

    /// Parses "I/N" with 0 ≤ I < N.
    pub fn parse(s: &str) -> Option<Shard> {
        let (i, n) = s.split_once('/')?;
        let (index, of) = (i.trim().parse().ok()?, n.trim().parse().ok()?);
        (index < of).then_some(Shard { index, of })
    }

    /// How many distinct puzzles of a set of `count` this shard looks for before it stops:
    /// `count` itself for the whole range (the one-machine build), else its share of `count`
    /// grown by `margin_percent` plus two, and never more than `count` (with `count` the
    /// shard surely covers every candidate the set keeps; see `docs/sharding.md`).
    pub fn quota(&self, count: usize, margin_percent: u64) -> usize {
        let share = (count as u64).div_ceil(self.of);
        let grown = (share * (100 + margin_percent)).div_ceil(100) + 2;
        (grown.min(count as u64)) as usize
    }
}

/// A candidate of a shard that made a puzzle of the wanted difficulty, by its index.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Found {
    /// The candidate's index in the set.
    pub index: u64,
    /// The puzzle it made (not yet numbered or graded).
    pub record: Record,
}

/// What one shard found for a set: every candidate of its own below `covered` was tried, and
/// `found` lists, in index order, each that made a puzzle of the wanted difficulty and was new
/// under symmetry among the shard's own.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ShardFinds {
    /// Candidates of the shard below this index were all tried.
    pub covered: u64,
    /// True when the shard tried every candidate of its own within the candidate budget.
    pub exhausted: bool,
    /// The puzzles found, in index order.
    pub found: Vec<Found>,
}

/// Tries the candidates of `shard` in index order, each from its own seed (so what candidate
/// `k` makes depends only on the set's seed and `k`), in parallel batches on `jobs` threads,
/// until `quota` puzzles of the wanted difficulty that are new under symmetry among this
/// shard's are found or the candidate budget is used up. `tick` is called once per puzzle
/// found.
pub fn search(
    spec: &SetSpec,
    shard: Shard,
    quota: usize,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
) -> Result<ShardFinds, String> {
    let limit = candidate_limit(spec.count);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let mut found: Vec<Found> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let batch = (4 * jobs.max(1)) as u64;
    let of = shard.of.max(1);
    let mut k = shard.index;
    while found.len() < quota {
        if k >= limit {
            return Ok(ShardFinds {
                covered: limit,
                exhausted: true,
                found,
            });
        }
        let ks: Vec<u64> = (0..batch)
            .map(|j| k + j * of)
            .take_while(|&i| i < limit)
            .collect();
        let made: Vec<Option<Record>> = pool.install(|| {
            ks.par_iter()
                .map(|&i| {
                    let seed = candidate_seed(spec.seed, i);
                    let c = spec.kind.sample(seed, spec.size)?;
                    spec.kind.prove(c, seed).ok()
                })
                .collect()
        });
        for (&i, r) in ks.iter().zip(made) {
            let Some(r) = r else { continue };
            if !spec.difficulty.accepts(r.proof_size) {
                continue;
            }
            let new = match canonical(spec.kind, &r) {
                Some(key) => seen.insert(key),
                None => true,
            };
            if new {
                found.push(Found {
                    index: i,
                    record: r,
                });
                tick();
                if found.len() == quota {
                    return Ok(ShardFinds {
                        covered: i + 1,
                        exhausted: false,
                        found,
                    });
                }
            }
        }
        k += batch * of;
    }
    // A quota of zero: nothing to look for.
    Ok(ShardFinds {
        covered: shard.index,
        exhausted: false,
        found,
    })
}

/// Why the finds of a set's shards cannot make the set.
#[derive(Debug, PartialEq, Eq)]
pub enum SelectError {
    /// The set cannot be made within the candidate budget (the one-machine build fails the
    /// same way).
    Short(String),
    /// A shard stopped before a candidate the set needs: it must look further.
    Uncovered(String),
}

/// Makes a set from what its shards found (`parts[s]` is shard `s` of `parts.len()`): the
/// candidates in index order, each kept when it is new under symmetry, until `count` are kept;
/// then sorted by proof size and numbered. This is exactly the one-machine set when every
/// shard tried all of its candidates up to the last one kept (checked here).
pub fn select(spec: &SetSpec, parts: &[ShardFinds]) -> Result<Vec<Record>, SelectError> {
    let mut all: Vec<&Found> = parts.iter().flat_map(|p| &p.found).collect();
    all.sort_by_key(|f| f.index);
    let mut kept: Vec<Record> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut last = None;
    for f in all {
        if kept.len() == spec.count {
            break;
        }
        if !spec.difficulty.accepts(f.record.proof_size) {
            continue;
        }
        let new = match canonical(spec.kind, &f.record) {
            Some(key) => seen.insert(key),
            None => true,
        };
        if new {
            kept.push(f.record.clone());
            last = Some(f.index);
        }
    }
    let of = parts.len() as u64;
    let short = kept.len() < spec.count;
    for (s, p) in parts.iter().enumerate() {
        // The first candidate of shard `s` that it did not try.
        let s = s as u64;
        let untried = if p.covered <= s {
            s
        } else {
            s + (p.covered - s).div_ceil(of) * of
        };
        let needed = !p.exhausted && (short || last.is_some_and(|l| untried <= l));
        if needed {
            return Err(SelectError::Uncovered(format!(
                "shard {s}/{of} stopped at candidate {} but the set needs the candidates up to \
                 {}",
                p.covered,
                match (short, last) {
                    (false, Some(l)) => l.to_string(),
                    _ => format!("the budget ({})", candidate_limit(spec.count)),
                }
            )));
        }
    }
    if short {
        return Err(SelectError::Short(format!(
            "found only {} of {} puzzles with proof sizes {}..{} in {} candidates",
            kept.len(),
            spec.count,
            spec.difficulty.min,
            spec.difficulty.max,
            candidate_limit(spec.count)
        )));
    }
    kept.sort_by_key(|r| (r.proof_size, r.seed));
    for (i, r) in kept.iter_mut().enumerate() {
        r.number = i + 1;
        r.grade = spec.kind.grade(r.proof_size).to_string();
    }
    Ok(kept)
}

/// Generates a set on one machine: the candidates are tried in index order, each from its own
/// seed, in parallel batches on `jobs` threads; the first `count` that make puzzles of the
/// wanted difficulty and are new under symmetry are kept, sorted by proof size and numbered
/// ([`search`] over the whole range, then [`select`]). `tick` is called once per kept puzzle.
pub fn generate(
    spec: &SetSpec,
    jobs: usize,
    tick: &(dyn Fn() + Sync),
) -> Result<Vec<Record>, String> {
    let finds = search(spec, Shard::WHOLE, spec.count, jobs, tick)?;
    select(spec, &[finds]).map_err(|e| match e {
        SelectError::Short(m) | SelectError::Uncovered(m) => m,
    })
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

/// Re-proves every puzzle of a built book from its manifest and checks every claim it makes:
/// `stonepress verify MANIFEST`. An unreadable or malformed manifest is an error; each claim
/// that does not hold is listed in the report's `failures`, naming the set, the puzzle and the
/// field: the book's claims (at least one puzzle, the count each set asked for, numbers 1..n in
/// order of proof size, no two puzzles alike under the board's symmetries, the PDF of the same
/// name beside the manifest matching `pdf_sha256`) and each puzzle's (its kind's `verify`, with the kind's
/// `verify_nodes`).
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
    let all: Vec<(usize, &str, &Record)> = m
        .sets
        .iter()
        .enumerate()
        .flat_map(|(s, set)| {
            set.puzzles
                .iter()
                .map(move |r| (s + 1, set.kind.as_str(), r))
        })
        .collect();
    let started = std::time::Instant::now();
    let mut failures = book_failures(&m, manifest);
    let results: Vec<Vec<String>> = all
        .par_iter()
        .map(|(_, kind, r)| match kind_of(&r.game, kind) {
            None => vec![format!("game: '{}' has no verifier", r.game)],
            Some(k) => k.verify(r, k.verify_nodes()),
        })
        .collect();
    let mut failed = 0;
    for ((set, _, r), errors) in all.iter().zip(&results) {
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
            // A record without a board (a size no book has, say) is the puzzle's own failure,
            // reported there.
            let Some(key) = kind_of(&r.game, &set.kind).and_then(|kind| canonical(kind, r)) else {
                continue;
            };
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

    /// The default bands' bounds.
    const B: [usize; 2] = [BANDS[0].1, BANDS[1].1];

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
            let d = Difficulty::parse(b, B).unwrap();
            assert_eq!(grade(d.min), b);
        }
        assert_eq!(
            Difficulty::parse("40..300", B),
            Some(Difficulty { min: 40, max: 300 })
        );
        assert_eq!(Difficulty::parse("300..40", B), None);
        assert_eq!(Difficulty::parse("tricky", B), None);
    }

    #[test]
    fn shards_parse_and_their_quota_never_passes_the_count() {
        assert_eq!(Shard::parse("2/4"), Some(Shard { index: 2, of: 4 }));
        for bad in ["4/4", "0/0", "1", "a/2", "-1/2"] {
            assert_eq!(Shard::parse(bad), None, "{bad}");
        }
        // One machine looks for the whole set; a shard for its share, the margin and two.
        assert_eq!(Shard::WHOLE.quota(24, 50), 24);
        assert_eq!(Shard { index: 0, of: 4 }.quota(24, 50), 11);
        assert_eq!(Shard { index: 3, of: 4 }.quota(24, 0), 8);
        assert_eq!(Shard { index: 1, of: 2 }.quota(3, 50), 3);
    }

    #[test]
    fn candidate_seeds_differ_and_repeat() {
        assert_eq!(candidate_seed(7, 3), candidate_seed(7, 3));
        assert_ne!(candidate_seed(7, 3), candidate_seed(7, 4));
        assert_ne!(candidate_seed(7, 3), candidate_seed(8, 3));
    }
}

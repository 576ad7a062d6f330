//! Sharded builds: `build CONFIG --shard I/N` tries candidate puzzles `k` with `k mod N = I`
//! and writes what it found into a partial manifest `NAME.shard-I-of-N.json` (no pages);
//! `merge PARTS... --out DIR` checks that the parts are the N shards of one configuration,
//! selects every set from them in candidate order ([`crate::puzzle::select`]) and writes the
//! book that `build CONFIG` makes on one machine, byte for byte. `docs/sharding.md` explains
//! why the result does not depend on N and how to run it on a batch system.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::config::{self, Plan};
use crate::puzzle::{SelectError, SetSpec, Shard, ShardFinds};

/// The margin (percent) a shard looks past its share of each set unless told otherwise.
pub const DEFAULT_MARGIN: u64 = 50;

/// A partial manifest: what one shard found for every set of a configuration.
#[derive(Debug, Serialize, Deserialize)]
pub struct Part {
    /// The program that wrote it (the merge accepts only its own version's parts).
    pub generator: String,
    /// Which shard.
    pub shard: Shard,
    /// How far past its share of each set the shard looked (percent).
    pub margin_percent: u64,
    /// The configuration's path, made absolute (none for the embedded sampler).
    pub config: Option<String>,
    /// The SHA-256 of the configuration's bytes.
    pub config_sha256: String,
    /// The document's seed (after `--seed`).
    pub seed: u64,
    /// The formats asked for with `--format`, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formats: Option<Vec<String>>,
    /// One entry per puzzle set, in the order of the configuration.
    pub sets: Vec<PartSet>,
}

/// What a shard found for one set.
#[derive(Debug, Serialize, Deserialize)]
pub struct PartSet {
    /// The book's title.
    pub title: String,
    /// The set's seed.
    pub seed: u64,
    /// How many puzzles the book asks for.
    pub count: usize,
    /// The shard's finds.
    #[serde(flatten)]
    pub finds: ShardFinds,
}

/// The configuration's text and the name it goes by in messages: the file, or the embedded
/// sampler.
pub fn config_text(config: Option<&Path>) -> Result<(String, String), String> {
    match config {
        Some(p) => crate::util::text::read_text(p)
            .map(|t| (t, p.display().to_string()))
            .map_err(|e| format!("{}: cannot read: {e}", p.display())),
        None => Ok((
            config::DEFAULT_TOML.to_string(),
            "<embedded default.toml>".to_string(),
        )),
    }
}

/// The SHA-256 of a configuration's text, in hexadecimal.
pub fn config_hash(text: &str) -> String {
    crate::puzzle::digest_reader(text.as_bytes()).expect("reading a slice does not fail")
}

/// The file name of shard `s`'s partial manifest of document `name`.
pub fn part_name(name: &str, s: Shard) -> String {
    format!("{name}.shard-{}-of-{}.json", s.index, s.of)
}

/// Runs shard `shard` of every set of `plan` (seeds already given to its books) on `jobs`
/// threads and returns the partial manifest.
pub fn run_shard(
    plan: &Plan,
    shard: Shard,
    margin: u64,
    jobs: usize,
    source: (Option<String>, String),
    formats: Option<Vec<String>>,
) -> Result<Part, String> {
    let mut sets = Vec::new();
    let quota: u64 = plan
        .books
        .iter()
        .map(|b| shard.quota(b.set.count, margin) as u64)
        .sum();
    let bar = indicatif::ProgressBar::new(quota);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{msg} [{bar:30}] {pos}/{len} puzzles found ({elapsed})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    for book in &plan.books {
        bar.set_message(book.title.clone());
        let q = shard.quota(book.set.count, margin);
        let finds = crate::puzzle::search(&book.set, shard, q, jobs, &|| bar.inc(1))?;
        sets.push(PartSet {
            title: book.title.clone(),
            seed: book.set.seed,
            count: book.set.count,
            finds,
        });
    }
    bar.finish_and_clear();
    Ok(Part {
        generator: generator(),
        shard,
        margin_percent: margin,
        config: source.0,
        config_sha256: source.1,
        seed: plan.seed,
        formats,
        sets,
    })
}

/// The generator string parts and manifests carry.
pub fn generator() -> String {
    format!("stonepress {}", env!("CARGO_PKG_VERSION"))
}

/// Reads a partial manifest; a file that is not one is refused with its line and column.
pub fn read_part(path: &Path) -> Result<Part, String> {
    let name = path.display();
    let text =
        crate::util::text::read_text(path).map_err(|e| format!("{name}: cannot read: {e}"))?;
    serde_json::from_str(&text).map_err(|e| {
        format!(
            "{name}:{}:{}: not a partial manifest of `build --shard` ({})",
            e.line(),
            e.column(),
            e.to_string()
                .rsplit_once(" at line ")
                .map_or(e.to_string().as_str(), |(m, _)| m)
        )
    })
}

/// Checks that `parts` (read from `paths`) are exactly the shards 0..N of one configuration
/// made by this version, and returns them in shard order.
pub fn check_parts(parts: Vec<(PathBuf, Part)>) -> Result<Vec<(PathBuf, Part)>, String> {
    let Some((first_path, first)) = parts.first() else {
        return Err("merge needs the partial manifests of every shard".to_string());
    };
    let me = generator();
    let of = first.shard.of;
    for (p, part) in &parts {
        let name = p.display();
        if part.generator != me {
            return Err(format!(
                "{name}: made by {}, not {me}; every shard must be built by the same version",
                part.generator
            ));
        }
        if part.config_sha256 != first.config_sha256 {
            return Err(format!(
                "{name}: made from another configuration than {} (config_sha256 {} against {})",
                first_path.display(),
                part.config_sha256,
                first.config_sha256
            ));
        }
        if part.seed != first.seed || part.formats != first.formats {
            return Err(format!(
                "{name}: built with another --seed or --format than {}",
                first_path.display()
            ));
        }
        if part.shard.of != of {
            return Err(format!(
                "{name}: shard {}/{} of a build split {} ways, {} is split {of} ways",
                part.shard.index,
                part.shard.of,
                part.shard.of,
                first_path.display()
            ));
        }
        let same_sets = part.sets.len() == first.sets.len()
            && part
                .sets
                .iter()
                .zip(&first.sets)
                .all(|(a, b)| (&a.title, a.seed, a.count) == (&b.title, b.seed, b.count));
        if !same_sets {
            return Err(format!(
                "{name}: its puzzle sets differ from those of {}",
                first_path.display()
            ));
        }
        for (i, set) in part.sets.iter().enumerate() {
            let own = set
                .finds
                .found
                .iter()
                .all(|f| f.index % of == part.shard.index);
            let ordered = set.finds.found.windows(2).all(|w| w[0].index < w[1].index);
            if !own || !ordered {
                return Err(format!(
                    "{name}: set {} lists candidates that are not shard {}/{of}'s, or not in order",
                    i + 1,
                    part.shard.index
                ));
            }
        }
    }
    let mut slots: Vec<Option<(PathBuf, Part)>> = (0..of).map(|_| None).collect();
    for (p, part) in parts {
        let i = part.shard.index as usize;
        if let Some((q, _)) = &slots[i] {
            return Err(format!(
                "{} and {} overlap: both are shard {i}/{of}",
                q.display(),
                p.display()
            ));
        }
        slots[i] = Some((p, part));
    }
    let missing: Vec<String> = slots
        .iter()
        .enumerate()
        .filter(|(_, s)| s.is_none())
        .map(|(i, _)| format!("{i}/{of}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "missing shard{} {} (the parts given are of a build split {of} ways)",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", ")
        ));
    }
    Ok(slots.into_iter().flatten().collect())
}

/// Selects set `b` (made to `spec`) from the parts; a shard that stopped too early is named with
/// the command that makes it look further.
pub fn select_set(
    spec: &SetSpec,
    b: usize,
    parts: &[(PathBuf, Part)],
) -> Result<Vec<crate::puzzle::Record>, SelectError> {
    let finds: Vec<ShardFinds> = parts.iter().map(|(_, p)| p.sets[b].finds.clone()).collect();
    crate::puzzle::select(spec, &finds).map_err(|e| match e {
        SelectError::Uncovered(m) => SelectError::Uncovered(format!(
            "{m}\nhint: build that shard again with a larger --shard-margin (it was {}%)",
            parts[0].1.margin_percent
        )),
        short => short,
    })
}

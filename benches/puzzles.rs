//! Puzzle generation figures for any game's puzzle kind, through the puzzle contract:
//! candidates tried per kept puzzle, why the others were rejected, time per kept puzzle by band
//! (median and 90th percentile, the rejected candidates' time shared out), and the time to
//! generate a 24-puzzle book set on the machine's cores.
//!
//! `cargo bench --bench puzzles -- [GAME [KIND [CANDIDATES]]]`: GAME and KIND as a `[[puzzles]]`
//! table names them (default: the first game with puzzles and its default kind), CANDIDATES
//! candidates on one core (default 400). `cargo bench --bench puzzles -- all 0 60` measures
//! every kind of every game with 60 candidates each. With `PUZZLES_SPLIT=1`, a Go kind also
//! prints, by outcome, the share of the search nodes that went to the proof of the root (one
//! winning first move found, or none) and to the other first moves after it; and the search
//! nodes and kept puzzles of the candidates by their number of first points, those the
//! first-move limit turns down unsearched proven all the same.

use std::collections::BTreeMap;
use std::time::Instant;

use stonepress::games::GameId;
use stonepress::games::go::puzzle::{Candidate as GoCandidate, MAX_FIRST_MOVES, search_split};
use stonepress::games::puzzle::{PuzzleKind, games_with_kinds};
use stonepress::puzzle::{Difficulty, SetSpec, generate};

fn percentile(v: &mut [f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() - 1) as f64 * q).round() as usize]
}

/// The reason of a rejection without its particulars (the text before a colon or bracket).
fn reason(e: &str) -> String {
    e.split([':', '(']).next().unwrap_or(e).trim().to_string()
}

/// Figures for one kind: `candidates` tried one after another on one core, then the book set.
fn measure(game: GameId, kind: &'static dyn PuzzleKind, candidates: u64) {
    let (_, _, size) = kind.sizes();
    println!("== {} {} (size {size})", game.key(), kind.name());
    let mut rejects: BTreeMap<String, u32> = BTreeMap::new();
    // CPU time by outcome (kept, or the reason of the rejection).
    let mut spent: BTreeMap<String, f64> = BTreeMap::new();
    let mut times: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    let mut kept = 0u64;
    let mut sizes = Vec::new();
    let mut spent_rejecting = 0.0;
    let split = std::env::var("PUZZLES_SPLIT").is_ok_and(|v| v == "1");
    // Nodes of the root's proof and of the whole proof, by outcome.
    let mut nodes: BTreeMap<String, (u64, u64)> = BTreeMap::new();
    // Candidates, search nodes and puzzles kept (limit aside), by number of first points.
    let mut by_points: BTreeMap<usize, (u32, u64, u32)> = BTreeMap::new();
    // Time spent on those counts, left out of the figures.
    let mut splitting = 0.0;
    let started = Instant::now();
    for k in 0..candidates {
        let seed = 0xB00C ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let t = Instant::now();
        let sampled = kind.sample(seed, size);
        let secs_sampling = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let halves = if split {
            sampled
                .as_ref()
                .and_then(|c| c.downcast_ref::<GoCandidate>())
                .map(|c| search_split(c, seed))
        } else {
            None
        };
        splitting += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let made = match sampled {
            Some(c) => kind.prove(c, seed),
            None => Err("no candidate sampled".into()),
        };
        let secs = secs_sampling + t.elapsed().as_secs_f64();
        if std::env::var("VERBOSE").is_ok() {
            eprintln!(
                "{k}: {secs:.3}s {:?}",
                made.as_ref().map(|r| (r.proof_size, r.depth, r.nodes))
            );
        }
        let outcome = match &made {
            Ok(_) => "kept".to_string(),
            Err(e) => reason(e),
        };
        if let Some(h) = halves {
            let e = by_points.entry(h.first_points).or_insert((0, 0, 0));
            e.0 += 1;
            e.1 += h.whole;
            e.2 += u32::from(h.kept);
            if h.first_points <= MAX_FIRST_MOVES {
                let e = nodes.entry(outcome.clone()).or_insert((0, 0));
                e.0 += h.root;
                e.1 += h.whole;
            }
        }
        *spent.entry(outcome).or_insert(0.0) += secs;
        match made {
            Ok(r) => {
                kept += 1;
                sizes.push(r.proof_size);
                times
                    .entry(kind.grade(r.proof_size))
                    .or_default()
                    .push(secs);
            }
            Err(e) => {
                spent_rejecting += secs;
                *rejects.entry(reason(&e)).or_insert(0) += 1;
            }
        }
    }
    let total = started.elapsed().as_secs_f64() - splitting;
    println!("candidates: {candidates}, kept: {kept}, rejected: {rejects:?}");
    println!(
        "on one core: {total:.1} s, {:.3} s per kept puzzle (rejected candidates included)",
        total / kept.max(1) as f64
    );
    let shares: Vec<String> = spent
        .iter()
        .map(|(why, s)| format!("{why} {s:.2} s ({:.0}%)", 100.0 * s / total.max(1e-9)))
        .collect();
    println!("time by outcome: {}", shares.join(", "));
    if !nodes.is_empty() {
        let shares: Vec<String> = nodes
            .iter()
            .map(|(why, &(root, whole))| {
                format!(
                    "{why} {whole} nodes ({:.0}% the root, {:.0}% the other first moves)",
                    100.0 * root as f64 / whole.max(1) as f64,
                    100.0 * whole.saturating_sub(root) as f64 / whole.max(1) as f64
                )
            })
            .collect();
        println!("search nodes by outcome: {}", shares.join(", "));
        let rows: Vec<String> = by_points
            .iter()
            .map(|(points, (n, whole, kept))| {
                format!("{points}: {n} candidates, {whole} nodes, {kept} kept")
            })
            .collect();
        println!(
            "by first points (more than {MAX_FIRST_MOVES} turned down unsearched): {}",
            rows.join("; ")
        );
    }
    sizes.sort_unstable();
    println!("proof sizes of kept puzzles: {sizes:?}");
    // Each kept puzzle carries its share of the rejected candidates' time.
    let share = spent_rejecting / kept.max(1) as f64;
    for band in ["easy", "medium", "hard"] {
        let v = times.entry(band).or_default();
        println!(
            "{band}: {} puzzles, time per puzzle median {:.3} s, p90 {:.3} s \
             (proof only: median {:.3} s, p90 {:.3} s)",
            v.len(),
            percentile(v, 0.5) + share,
            percentile(v, 0.9) + share,
            percentile(v, 0.5),
            percentile(v, 0.9)
        );
    }
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let spec = SetSpec {
        game,
        kind,
        size,
        count: 24,
        difficulty: Difficulty::parse("any", kind.bands()).expect("any parses"),
        seed: 2026,
    };
    let t = Instant::now();
    match generate(&spec, jobs, &|| {}) {
        Ok(set) => println!(
            "24-puzzle book set on {jobs} threads: {:.1} s ({} easy, {} medium, {} hard)",
            t.elapsed().as_secs_f64(),
            set.iter().filter(|r| r.grade == "easy").count(),
            set.iter().filter(|r| r.grade == "medium").count(),
            set.iter().filter(|r| r.grade == "hard").count()
        ),
        Err(e) => println!("24-puzzle book set: failed: {e}"),
    }
}

fn main() {
    // `cargo bench` passes `--bench`; the figures take positional arguments only.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let candidates: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(400);
    let makers = games_with_kinds();
    match args.first().map(String::as_str) {
        Some("all") => {
            for (game, kinds) in makers {
                for &kind in kinds {
                    measure(game, kind, candidates);
                }
            }
        }
        wanted => {
            let (game, kinds) = match wanted {
                None => makers[0],
                Some(name) => {
                    let Some(found) = makers.iter().find(|(g, _)| g.key() == name) else {
                        eprintln!("no puzzle kinds for '{name}'");
                        std::process::exit(2);
                    };
                    *found
                }
            };
            let kind = match args.get(1) {
                Some(k) => match kinds.iter().find(|x| x.name() == k) {
                    Some(&kind) => kind,
                    None => {
                        eprintln!("{} has no kind '{k}'", game.key());
                        std::process::exit(2);
                    }
                },
                None => *kinds.iter().find(|k| k.is_default()).unwrap_or(&kinds[0]),
            };
            measure(game, kind, candidates);
        }
    }
}

//! Puzzle generation figures: candidates tried per kept puzzle, why the others were rejected,
//! solver nodes per second, time per kept puzzle by band (median and 90th percentile), and the
//! time to generate the 24-puzzle book set on the machine's cores.

use std::time::Instant;

use stonepress::games::GameId;
use stonepress::games::go::puzzle::attempt;
use stonepress::puzzle::{Difficulty, SetSpec, generate, grade};

fn percentile(v: &mut [f64], q: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let candidates: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(400);
    let mut rejects = std::collections::BTreeMap::new();
    let mut times: std::collections::BTreeMap<&str, Vec<f64>> = Default::default();
    let mut all_times = Vec::new();
    let mut nodes = 0u64;
    let mut kept = 0;
    let mut sizes = Vec::new();
    let started = Instant::now();
    for k in 0..candidates {
        let t = Instant::now();
        let (r, n) = attempt(0xB00C ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15), 9, None);
        nodes += n;
        let secs = t.elapsed().as_secs_f64();
        all_times.push(secs);
        if std::env::var("VERBOSE").is_ok() {
            eprintln!(
                "{k}: {secs:.2}s {:?}",
                r.as_ref().map(|r| (r.proof_size, r.nodes))
            );
        }
        match r {
            Ok(rec) => {
                kept += 1;
                sizes.push(rec.proof_size);
                times.entry(grade(rec.proof_size)).or_default().push(secs);
            }
            Err(e) => {
                *rejects.entry(format!("{e:?}")).or_insert(0u32) += 1;
            }
        }
    }
    let total = started.elapsed().as_secs_f64();
    println!("candidates: {candidates}, kept: {kept}, rejected: {rejects:?}");
    println!(
        "all candidates: {:.1} s, median {:.3} s, p90 {:.3} s",
        total,
        percentile(&mut all_times.clone(), 0.5),
        percentile(&mut all_times, 0.9)
    );
    println!(
        "solver: {nodes} nodes in {total:.1} s, {:.0} nodes/s on one core",
        nodes as f64 / total
    );
    println!(
        "generation on one core: {:.2} s per kept puzzle (rejected candidates included)",
        total / kept.max(1) as f64
    );
    sizes.sort_unstable();
    println!("proof sizes of kept puzzles: {sizes:?}");
    for (band, v) in times.iter_mut() {
        println!(
            "{band}: {} puzzles, solve time median {:.3} s, p90 {:.3} s",
            v.len(),
            percentile(v, 0.5),
            percentile(v, 0.9)
        );
    }
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let spec = SetSpec {
        game: GameId::parse("go").expect("go is a game"),
        kind: &stonepress::games::go::puzzle::LIFE_AND_DEATH,
        size: 9,
        count: 24,
        difficulty: Difficulty::parse("any", [0, 0]).unwrap(),
        seed: 2026,
    };
    let t = Instant::now();
    let set = generate(&spec, jobs, &|| {}).expect("a book");
    println!(
        "24-puzzle book set on {jobs} threads: {:.1} s ({} easy, {} medium, {} hard)",
        t.elapsed().as_secs_f64(),
        set.iter().filter(|r| r.grade == "easy").count(),
        set.iter().filter(|r| r.grade == "medium").count(),
        set.iter().filter(|r| r.grade == "hard").count()
    );
}

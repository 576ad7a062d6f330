//! Problems solved within 10 ms, 100 ms and 1 s each: stonepress's life-and-death solver and
//! tsumego-solver (github.com/cameron-martin/tsumego-solver, a Rust proof-number solver) on
//! the same 100 GoTools problems (`tests/data/go/gotools-sample.txt` names them and says how
//! they were chosen).
//!
//!     TSUMEGO_SOLVER_DIR=/path/to/tsumego-solver cargo bench --bench solve_peers
//!
//! `TSUMEGO_SOLVER_DIR` is a checkout of tsumego-solver: the problems are read from its
//! `benches/gotools/puzzles`. The peer runs through a small driver, `benches/peers/
//! tsumego_driver.rs` (its header says how to build it in that checkout); its path is
//! `TSUMEGO_DRIVER`, by default `$TSUMEGO_SOLVER_DIR/target/release/driver`. Without the
//! driver only stonepress's figures are printed. Each line also gives stonepress's nodes per
//! second; with `SOLVE_PEERS_DETAIL=1` the bench prints instead, for each problem within 1 s,
//! where stonepress's time goes (set-up, the first search of the root, the whole solve).
//!
//! Every problem of the sample has an unconditional known answer (no ko): the side to move
//! either wins, with one or more first moves listed as unconditional wins, or fails whatever it
//! plays. "Solved" means a proven answer within the time that agrees: a win proven with one of
//! the listed first moves, or a failure disproven. A stonepress answer of `ko` counts as not
//! solved (no problem here needs a ko). Both solvers run one problem after another on one core,
//! each problem from scratch; stonepress searches the problem's closed area (the points not in
//! the largest empty area of the 16 x 8 box the problems are set in), the peer its own
//! set-up of the same box.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use stonepress::games::go::ld::{self, Goal, LdResult, LdStatus, LifeAndDeath};
use stonepress::games::go::{Color, Go, Move, Pt};
use stonepress::solve::{Budget, Solver};

/// One GoTools problem as the bench needs it.
struct Problem {
    name: String,
    /// The problem's text block, for the peer's driver.
    text: String,
    /// (column, row from the top, colour), 0-based.
    stones: Vec<(usize, usize, Color)>,
    /// The first chain named as trying to live.
    lives: (usize, usize),
    mover: Color,
    /// True when the side to move wins.
    wins: bool,
    /// The unconditionally winning first moves (column, row), when it wins.
    winners: Vec<(usize, usize)>,
}

fn letter(b: u8) -> usize {
    (b - b'A') as usize
}

/// Reads one problem block (after its "$ " marker).
fn read_block(block: &str) -> Option<Problem> {
    let mut lines = block.lines();
    let name = lines.next()?.trim().to_string();
    let mut def = String::new();
    for l in lines.by_ref() {
        if let Some(s) = l.strip_suffix('\\') {
            def.push_str(s);
        } else {
            def.push_str(l);
            break;
        }
    }
    let answers: Vec<&str> = lines
        .filter(|l| l.starts_with('?') || l.starts_with('A'))
        .collect();
    let (stone_part, rest) = def.split_once('[')?;
    let stones = stone_part
        .as_bytes()
        .chunks(3)
        .filter(|s| s.len() == 3)
        .map(|s| {
            let c = if s[0] == b'?' {
                Color::White
            } else {
                Color::Black
            };
            (letter(s[1]), letter(s[2]), c)
        })
        .collect();
    let l = rest.as_bytes();
    let lives = (letter(l[0]), letter(l[1]));
    let first = answers.first()?;
    let side = first.as_bytes()[0];
    let mover = if side == b'?' {
        Color::White
    } else {
        Color::Black
    };
    let wins = first.as_bytes()[1] == b'+';
    // Lines of the side to move: "S+STATUS#..." then the moves between colons.
    let winners = answers
        .iter()
        .filter(|a| a.as_bytes()[0] == side && a.as_bytes()[1] == b'+')
        .filter(|a| {
            let status = &a[2..a.find('#').unwrap_or(2)];
            status == "l" || status == "d"
        })
        .filter_map(|a| {
            let m = a.split(':').nth(1)?.as_bytes();
            (m.len() >= 2).then(|| (letter(m[0]), letter(m[1])))
        })
        .collect();
    Some(Problem {
        name,
        text: format!("$ {}", block.trim_end()),
        stones,
        lives,
        mover,
        wins,
        winners,
    })
}

/// The sample's problems, in the order the sample lists them.
fn sample(dir: &Path) -> Vec<Problem> {
    let list = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/go/gotools-sample.txt"),
    )
    .expect("the sample list");
    let mut out = Vec::new();
    for line in list
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (file, name) = line.split_once(' ').expect("file and name");
        let text = std::fs::read_to_string(dir.join(file)).expect("a GoTools file");
        let block = text
            .split("\n$ ")
            .find(|b| b.lines().next().map(str::trim) == Some(name))
            .unwrap_or_else(|| panic!("{name} is not in {file}"));
        out.push(read_block(block).unwrap_or_else(|| panic!("{name} cannot be read")));
    }
    out
}

/// The engine point of (column, row from the top) on a 19 x 19 board.
fn point(go: &Go, c: usize, r: usize) -> Pt {
    const COLS: &[u8] = b"ABCDEFGHJKLMNOPQRST";
    go.parse(&format!("{}{}", COLS[c] as char, 19 - r))
        .expect("a point of the board")
}

/// Sets one problem up for stonepress: the position, the problem over its closed area, or
/// None when the named chain is not on the board.
fn set_up(p: &Problem) -> Option<(Go, LifeAndDeath)> {
    let mut go = Go::new(19);
    for &(c, r, colour) in &p.stones {
        go.setup(point(&go, c, r), Some(colour));
    }
    go.set_to_move(p.mover);
    // The closed area: the 16 x 8 box less its largest empty area.
    let (w, h) = (16, 8);
    let mut area = vec![usize::MAX; w * h];
    let mut sizes = Vec::new();
    for start in 0..w * h {
        let (c, r) = (start % w, start / w);
        if area[start] != usize::MAX || go.stone(point(&go, c, r)).is_some() {
            continue;
        }
        let id = sizes.len();
        let mut todo = vec![start];
        area[start] = id;
        let mut n = 0;
        while let Some(i) = todo.pop() {
            n += 1;
            let (c, r) = ((i % w) as i32, (i / w) as i32);
            for (dc, dr) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (x, y) = (c + dc, r + dr);
                if x < 0 || y < 0 || x >= w as i32 || y >= h as i32 {
                    continue;
                }
                let j = y as usize * w + x as usize;
                if area[j] == usize::MAX && go.stone(point(&go, x as usize, y as usize)).is_none() {
                    area[j] = id;
                    todo.push(j);
                }
            }
        }
        sizes.push(n);
    }
    let outside = (0..sizes.len()).max_by_key(|&i| sizes[i]);
    let region: Vec<Pt> = (0..w * h)
        .filter(|&i| outside.is_none_or(|o| area[i] != o))
        .map(|i| point(&go, i % w, i / w))
        .collect();
    let target = point(&go, p.lives.0, p.lives.1);
    let defender = go.stone(target)?;
    let goal = Goal::for_defender(defender, p.mover);
    let problem = LifeAndDeath::new(go.clone(), target, goal, &region);
    Some((go, problem))
}

/// True when stonepress's answer agrees with the collection's.
fn agrees(p: &Problem, go: &Go, r: &LdResult) -> bool {
    match r.status {
        LdStatus::Proven if p.wins => r.proof.key_move.is_some_and(|k| {
            p.winners
                .iter()
                .any(|&(c, rr)| k == Move::Play(point(go, c, rr)))
        }),
        LdStatus::Disproven => !p.wins,
        _ => false,
    }
}

/// Solves one problem with stonepress within `limit` (set-up included): whether the answer
/// agrees, and the nodes searched.
fn stonepress_solves(p: &Problem, limit: Duration) -> (bool, u64) {
    let started = Instant::now();
    let Some((go, problem)) = set_up(p) else {
        return (false, 0);
    };
    let budget = Budget {
        nodes: u64::MAX,
        deadline: Some(started + limit),
        ..Budget::default()
    };
    let r = ld::solve(&problem, budget);
    (agrees(p, &go, &r), r.nodes)
}

/// With `SOLVE_PEERS_DETAIL` set: for each problem, within 1 s, the time to set it up, the
/// time and nodes of the first search of the root alone (the other side winning every ko),
/// and the time, nodes and status of the whole `ld::solve` (which also classifies every
/// first move, and reads the ko case after a failure); then the node rate over all.
fn detail(problems: &[Problem]) {
    println!(
        "{:<10} {:>8} {:>9} {:>9} {:>9} {:>9}  status",
        "problem", "setup us", "root ms", "nodes", "solve ms", "nodes"
    );
    let (mut nodes, mut secs) = (0u64, 0f64);
    for p in problems {
        let t = Instant::now();
        let Some((go, problem)) = set_up(p) else {
            continue;
        };
        let setup = t.elapsed();
        let limit = Duration::from_secs(1);
        let mut strict = problem.clone().with_ko_master(Some(problem.prover.opp()));
        let t = Instant::now();
        let mut solver = Solver::new(Budget {
            nodes: u64::MAX,
            deadline: Some(t + limit),
            ..Budget::default()
        });
        let status = solver.search(&mut strict);
        let root = t.elapsed();
        let root_nodes = solver.nodes();
        let t = Instant::now();
        let r = ld::solve(
            &problem,
            Budget {
                nodes: u64::MAX,
                deadline: Some(t + limit),
                ..Budget::default()
            },
        );
        let all = t.elapsed();
        nodes += r.nodes;
        secs += all.as_secs_f64();
        println!(
            "{:<10} {:>8} {:>9.2} {:>9} {:>9.2} {:>9}  {} {} ({})",
            p.name,
            setup.as_micros(),
            root.as_secs_f64() * 1e3,
            root_nodes,
            all.as_secs_f64() * 1e3,
            r.nodes,
            status.name(),
            r.status.name(),
            if agrees(p, &go, &r) { "agrees" } else { "-" },
        );
    }
    println!(
        "stonepress: {nodes} nodes in {secs:.2} s of solving: {:.0} nodes per second",
        nodes as f64 / secs.max(1e-9)
    );
}

/// Runs the peer's driver on the sample within `ms` per problem: how many answers agree, or
/// None when the driver cannot run.
fn peer_solves(driver: &Path, problems: &[Problem], file: &Path, ms: u64) -> Option<usize> {
    let out = Command::new(driver)
        .arg(file)
        .arg(ms.to_string())
        .output()
        .ok()?;
    if !out.status.success() {
        eprintln!(
            "solve_peers: the driver failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut agree = 0;
    for (p, line) in problems.iter().zip(text.lines()) {
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(
            f.first().copied(),
            Some(p.name.as_str()),
            "the driver's order"
        );
        if f.get(1) != Some(&"1") {
            continue;
        }
        let proved = f.get(2) == Some(&"1");
        let ok = if p.wins {
            proved
                && f.get(3)
                    .and_then(|m| m.split_once(','))
                    .and_then(|(c, r)| Some((c.parse().ok()?, r.parse().ok()?)))
                    .is_some_and(|m| p.winners.contains(&m))
        } else {
            !proved
        };
        agree += ok as usize;
    }
    Some(agree)
}

fn main() {
    let Some(dir) = std::env::var_os("TSUMEGO_SOLVER_DIR").map(PathBuf::from) else {
        println!(
            "solve_peers: set TSUMEGO_SOLVER_DIR to a checkout of tsumego-solver (the GoTools \
             problems are read from its benches/gotools/puzzles); skipped"
        );
        return;
    };
    let problems = sample(&dir.join("benches/gotools/puzzles"));
    if std::env::var_os("SOLVE_PEERS_DETAIL").is_some() {
        detail(&problems);
        return;
    }
    let driver = std::env::var_os("TSUMEGO_DRIVER")
        .map(PathBuf::from)
        .unwrap_or_else(|| dir.join("target/release/driver"));
    let file = std::env::temp_dir().join(format!("solve-peers-{}.txt", std::process::id()));
    let blocks: String = problems.iter().map(|p| format!("\n{}\n", p.text)).collect();
    std::fs::write(&file, format!("GoTools sample\n{blocks}\n")).expect("a temporary file");
    let has_driver = driver.is_file();
    if !has_driver {
        println!(
            "solve_peers: no tsumego-solver driver at {} (see benches/peers/tsumego_driver.rs); \
             stonepress only",
            driver.display()
        );
    }
    let wins = problems.iter().filter(|p| p.wins).count();
    println!(
        "GoTools sample: {} problems ({wins} the side to move wins, {} it fails)",
        problems.len(),
        problems.len() - wins
    );
    println!(
        "{:>8}  {:>10}  {:>14}",
        "limit", "stonepress", "tsumego-solver"
    );
    for ms in [10u64, 100, 1000] {
        let limit = Duration::from_millis(ms);
        let t = Instant::now();
        let (mut ours, mut nodes) = (0, 0);
        for p in &problems {
            let (ok, n) = stonepress_solves(p, limit);
            ours += ok as usize;
            nodes += n;
        }
        let ours_s = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let theirs = if has_driver {
            peer_solves(&driver, &problems, &file, ms)
        } else {
            None
        };
        let theirs_s = t.elapsed().as_secs_f64();
        println!(
            "{:>6}ms  {:>10}  {:>14}    (wall: {ours_s:.1} s and {theirs_s:.1} s; \
             stonepress {:.0} nodes/s)",
            ms,
            ours,
            theirs.map_or("-".to_string(), |n| n.to_string()),
            nodes as f64 / ours_s.max(1e-9),
        );
    }
    let _ = std::fs::remove_file(&file);
}

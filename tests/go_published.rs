//! Published life-and-death problems through `stonepress solve go`, with only the stones given:
//! the goal, the target and the region are inferred, and the key move must be the book's.
//! Three samples from Cho Chikun's Encyclopedia of Life and Death: elementary, intermediate
//! and advanced.

mod common;

use common::{solve_go_json, temp_dir};

/// One problem of the collection file.
struct Problem {
    number: String,
    fast: bool,
    sgf: String,
    answers: Vec<String>,
}

/// The samples, by level.
const LEVELS: [&str; 3] = ["elementary", "intermediate", "advanced"];

fn problems(level: &str) -> Vec<Problem> {
    let file = format!("published/cho-{level}.txt");
    let text = std::fs::read_to_string(common::data("go", &file)).expect("the collection file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            Problem {
                number: format!("{}-{}", &level[..1], f[0]),
                fast: f[1] == "fast",
                sgf: f[2].to_string(),
                answers: f[3].split_whitespace().map(String::from).collect(),
            }
        })
        .collect()
}

/// Solves one problem; returns (key move, status, millis).
fn solve(dir: &std::path::Path, p: &Problem, budget_ms: u64) -> (Option<String>, String, u64) {
    let file = dir.join(format!("cho-{}.sgf", p.number));
    std::fs::write(&file, &p.sgf).expect("write the problem");
    let budget = budget_ms.to_string();
    let v = solve_go_json(
        dir,
        file.to_str().expect("a path"),
        &["--budget-ms", &budget],
    );
    (
        v["key_move"].as_str().map(String::from),
        v["status"].as_str().unwrap_or("").to_string(),
        v["millis"].as_u64().unwrap_or(0),
    )
}

/// No stone of a Cho sample stands apart from its problem: `solve go` reads every stone of it
/// (`apart`; the wide collection is checked with the rest of its properties below).
#[test]
fn every_cho_sample_is_one_cluster_of_stones() {
    for level in LEVELS {
        for p in problems(level) {
            let pos = stonepress::games::go::position::from_sgf(&p.sgf, &p.number)
                .unwrap_or_else(|e| panic!("{}: {e}", p.number));
            assert_eq!(
                stonepress::games::go::apart::clusters(&pos.go).len(),
                1,
                "{}: stones apart from the problem",
                p.number
            );
        }
    }
}

#[test]
fn cho_problems_get_the_books_first_move_from_the_stones_alone() {
    let dir = temp_dir("published");
    let mut wrong = Vec::new();
    let fast: Vec<Problem> = LEVELS
        .iter()
        .flat_map(|l| problems(l))
        .filter(|p| p.fast)
        .collect();
    assert!(
        fast.len() >= 30,
        "the collection files list their fast problems"
    );
    for p in &fast {
        let (key, status, _) = solve(&dir, p, 20_000);
        let right = key.as_ref().is_some_and(|k| p.answers.contains(k))
            && (status == "proven" || status == "ko");
        if !right {
            wrong.push(format!(
                "{}: book {:?}, ours {:?} ({status})",
                p.number, p.answers, key
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The whole samples, with the default 10 s budget: prints the agreement and every miss.
/// `cargo test --release --test go_published -- --ignored --nocapture`
#[test]
#[ignore = "about ten minutes: the slow problems run to the budget"]
fn cho_agreement() {
    let dir = temp_dir("published-all");
    for level in LEVELS {
        agreement(&dir, level);
    }
}

fn agreement(dir: &std::path::Path, level: &str) {
    let all = problems(level);
    let mut right = 0;
    for p in &all {
        let (key, status, ms) = solve(dir, p, 10_000);
        let ok = key.as_ref().is_some_and(|k| p.answers.contains(k));
        right += usize::from(ok);
        println!(
            "{} {} book {:?} ours {:?} {status} {ms} ms",
            p.number,
            if ok { "right" } else { "MISS " },
            p.answers,
            key
        );
    }
    println!("{level}: {right} of {} right", all.len());
}

/// One problem of the wide collection (tests/data/go/published/wide/).
struct Wide {
    id: String,
    level: &'static str,
    half: String,
    shape: String,
    sgf: String,
    answers: Vec<String>,
}

fn wide(level: &'static str) -> Vec<Wide> {
    let file = format!("published/wide/{level}.txt");
    let text = std::fs::read_to_string(common::data("go", &file)).expect("the collection file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            assert_eq!(f.len(), 5, "five fields: {l}");
            Wide {
                id: format!("{level}/{}", f[0]),
                level,
                half: f[1].to_string(),
                shape: f[2].to_string(),
                sgf: f[3].to_string(),
                answers: f[4].split_whitespace().map(String::from).collect(),
            }
        })
        .collect()
}

fn all_wide() -> Vec<Wide> {
    LEVELS.iter().flat_map(|l| wide(l)).collect()
}

#[test]
fn the_wide_collection_is_varied_split_in_two_and_every_problem_reads() {
    let all = all_wide();
    assert!(all.len() >= 300, "{} problems", all.len());
    for level in LEVELS {
        let of: Vec<&Wide> = all.iter().filter(|p| p.level == level).collect();
        let check = of.iter().filter(|p| p.half == "check").count();
        let tune = of.iter().filter(|p| p.half == "tune").count();
        assert_eq!(
            check + tune,
            of.len(),
            "{level}: every problem is in one half"
        );
        assert!(
            check.abs_diff(tune) <= 7,
            "{level}: halves {tune} and {check}"
        );
    }
    let authors: std::collections::BTreeSet<&str> = all
        .iter()
        .map(|p| {
            p.id.split('/')
                .nth(1)
                .and_then(|i| i.split('-').next())
                .unwrap_or("")
        })
        .collect();
    assert!(authors.len() >= 5, "authors: {authors:?}");
    assert!(all.iter().any(|p| p.sgf.contains("PL[W]")), "White to play");
    assert!(all.iter().any(|p| p.shape == "side"), "side problems");
    let mut ids = std::collections::BTreeSet::new();
    for p in &all {
        assert!(ids.insert(p.id.clone()), "{} twice", p.id);
        let pos = stonepress::games::go::position::from_sgf(&p.sgf, &p.id)
            .unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert!(!p.answers.is_empty(), "{}: an answer", p.id);
        // No stone stands apart from the problem: `solve go` reads every stone of it.
        assert_eq!(
            stonepress::games::go::apart::clusters(&pos.go).len(),
            1,
            "{}: stones apart from the problem",
            p.id
        );
        for a in &p.answers {
            let at = pos
                .go
                .parse(a)
                .unwrap_or_else(|e| panic!("{}: {a}: {e}", p.id));
            assert!(pos.go.is_empty(at), "{}: the answer {a} is empty", p.id);
        }
    }
}

/// An answer read in a narrower fight area than the wide one says so, with the wide area's
/// status: Ishigure's elementary 73 is a kill with many first moves in the area next to the
/// group (its ring, where White may not play, leaves White no room), found in about 20,000
/// nodes, where the wide area needs millions to find the book's ko. An answer from the wide
/// area, or from a problem with one area, has none.
#[test]
fn an_answer_from_the_narrower_area_gives_the_wide_areas_status() {
    let dir = temp_dir("published-wider");
    let file = dir.join("problem.sgf");
    let position = file.to_str().expect("a path");
    let find = |level: &'static str, id: &str| {
        wide(level)
            .into_iter()
            .find(|p| p.id == format!("{level}/{id}"))
            .unwrap_or_else(|| panic!("{level}/{id} in the collection"))
    };
    let args = ["--nodes", "200000", "--budget-ms", "120000"];
    let narrow = find("elementary", "ishigure-073");
    std::fs::write(&file, &narrow.sgf).expect("write the problem");
    let v = solve_go_json(&dir, position, &args);
    assert_eq!(v["status"], "proven", "{v}");
    assert_eq!(v["wider_area_status"], "unknown", "{v}");
    let out = common::run(
        std::path::Path::new(env!("CARGO_BIN_EXE_stonepress")),
        &dir,
        &["solve", "go", "--position", position, "--nodes", "200000"],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Read in a narrower fight area than the wide one, which had no answer"),
        "{text}"
    );
    for (level, id) in [("elementary", "cho-002"), ("advanced", "maeda-029")] {
        std::fs::write(&file, &find(level, id).sgf).expect("write the problem");
        let v = solve_go_json(&dir, position, &args);
        assert!(
            matches!(v["status"].as_str(), Some("proven" | "ko")),
            "{level}/{id}: {v}"
        );
        assert!(v["wider_area_status"].is_null(), "{level}/{id}: {v}");
    }
}

/// The options of `solve go` the figures read each problem with, from the environment: the
/// budget (`BUDGET_MS`, 5000 by default), a cap on the nodes of each search (`NODES`, for
/// figures that do not depend on the machine's load), how the problem is closed (`FRAME`) and
/// what the reading knows besides the rules (`KNOWLEDGE=rules` for `--rules-only`,
/// `KNOWLEDGE=eyes` for `--eye-knowledge`, `KNOWLEDGE=enclosed` for `--read-enclosed`).
fn reading_args() -> Vec<String> {
    let mut args = vec![
        "--budget-ms".to_string(),
        std::env::var("BUDGET_MS").unwrap_or_else(|_| "5000".into()),
    ];
    if let Ok(f) = std::env::var("FRAME") {
        args.extend(["--frame".to_string(), f]);
    }
    if let Ok(n) = std::env::var("NODES") {
        args.extend(["--nodes".to_string(), n]);
    }
    match std::env::var("KNOWLEDGE").as_deref() {
        Err(_) | Ok("one-eye") => {}
        Ok("rules") => args.push("--rules-only".into()),
        Ok("eyes") => args.push("--eye-knowledge".into()),
        Ok("enclosed") => args.push("--read-enclosed".into()),
        Ok(other) => panic!("KNOWLEDGE={other}: rules, one-eye, eyes or enclosed"),
    }
    args
}

/// True when `v`, a `solve go` report, gives one of `answers` as its first move, proven or by a
/// ko.
fn books_move(v: &serde_json::Value, answers: &[String]) -> bool {
    let status = v["status"].as_str().unwrap_or("");
    v["key_move"]
        .as_str()
        .is_some_and(|k| answers.iter().any(|a| a == k))
        && (status == "proven" || status == "ko")
}

/// The figures by level on one half of the wide collection, 5 s a problem: agreement with the
/// book's first move, the median time, and why the misses missed; then over all levels the
/// median times and the agreement by the answer's status and goal. Prints a table; the half
/// (`HALF`, `check` by default) and the options (`reading_args`) come from the environment:
/// `HALF=check BUDGET_MS=5000 FRAME=ring cargo test --release --test go_published --
/// --ignored --nocapture wide_figures`.
#[test]
#[ignore = "about a quarter of an hour: every problem may run to its budget"]
fn wide_figures() {
    let half = std::env::var("HALF").unwrap_or_else(|_| "check".into());
    let args = reading_args();
    let dir = temp_dir("published-wide");
    println!("half {half}, {}", args.join(" "));
    println!(
        "{:<13} {:>5} {:>6} {:>5} {:>9} {:>8} {:>8} {:>8} {:>8}",
        "level", "right", "of", "%", "median ms", "unknown", "other", "ko-other", "disproven"
    );
    // Across the levels: every problem's time, the answered ones' times, and how often each
    // kind of answer (status and goal) is the book's.
    let mut all_times = Vec::new();
    let mut answered_times = Vec::new();
    let mut kinds = std::collections::BTreeMap::<(String, String), (usize, usize)>::new();
    for level in LEVELS {
        let mut right = 0;
        let mut times = Vec::new();
        let mut why = std::collections::BTreeMap::<&str, usize>::new();
        let of: Vec<Wide> = wide(level)
            .into_iter()
            .filter(|p| half == "all" || p.half == half)
            .collect();
        for p in &of {
            let file = dir.join("problem.sgf");
            std::fs::write(&file, &p.sgf).expect("write the problem");
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let v = solve_go_json(&dir, file.to_str().expect("a path"), &args);
            let key = v["key_move"].as_str().map(String::from);
            let status = v["status"].as_str().unwrap_or("").to_string();
            let ok = books_move(&v, &p.answers);
            let millis = v["millis"].as_u64().unwrap_or(0);
            times.push(millis);
            all_times.push(millis);
            if status == "proven" || status == "ko" {
                answered_times.push(millis);
            }
            let goal = v["goal"].as_str().unwrap_or("").to_string();
            let tally = kinds.entry((status.clone(), goal)).or_default();
            tally.0 += ok as usize;
            tally.1 += 1;
            if ok {
                right += 1;
                continue;
            }
            let kind = match status.as_str() {
                "unknown" => "unknown",
                "disproven" => "disproven",
                "ko" => "ko-other",
                _ => "other",
            };
            *why.entry(kind).or_default() += 1;
            println!(
                "  MISS {} book {:?} ours {:?} {status}: {}",
                p.id,
                p.answers,
                key,
                v["decided"].as_str().unwrap_or("")
            );
        }
        times.sort_unstable();
        let median = times.get(times.len() / 2).copied().unwrap_or(0);
        println!(
            "{:<13} {:>5} {:>6} {:>4.0}% {:>9} {:>8} {:>8} {:>8} {:>8}",
            level,
            right,
            of.len(),
            100.0 * right as f64 / of.len().max(1) as f64,
            median,
            why.get("unknown").unwrap_or(&0),
            why.get("other").unwrap_or(&0),
            why.get("ko-other").unwrap_or(&0),
            why.get("disproven").unwrap_or(&0),
        );
    }
    let median = |t: &mut Vec<u64>| {
        t.sort_unstable();
        t.get(t.len() / 2).copied().unwrap_or(0)
    };
    let under_a_second = answered_times.iter().filter(|&&t| t < 1000).count();
    println!(
        "all levels: median {} ms over {} problems, {} ms over the {} answered ({} under 1 s)",
        median(&mut all_times),
        all_times.len(),
        median(&mut answered_times),
        answered_times.len(),
        under_a_second
    );
    println!("the book's first move by the answer's status and goal:");
    for ((status, goal), (right, total)) in &kinds {
        println!("  {status:<9} {goal:<7} {right:>4} of {total:>4}");
    }
}

/// One half of the wide collection read by this build and by another (`OTHER`, the path of a
/// `stonepress` binary built from another commit), each problem by both in turn, the order
/// alternating from one problem to the next so that neither build always meets the machine
/// busier: the way builds are compared in docs/go-solving-record.md, since one run of a half
/// moves by several problems with the machine's load. Prints, for each build, the book's first
/// moves by level, the median time and the answers under 1 s, then the time the problems both
/// answer took (this build's over the other's, geometric mean), then every problem whose answer
/// differs. The half (`HALF`, `tune` by default: builds are compared to choose between them)
/// and the options (`reading_args`) come from the environment, e.g.:
/// `git worktree add ../before HEAD~1 && cargo build --release --manifest-path
/// ../before/Cargo.toml && OTHER=../before/target/release/stonepress cargo test --release
/// --test go_published -- --ignored --nocapture paired_figures`.
#[test]
#[ignore = "half an hour: two builds read every problem of a half, each to its budget"]
fn paired_figures() {
    let other = std::path::PathBuf::from(
        std::env::var("OTHER").expect("OTHER: the path of the stonepress binary to compare with"),
    );
    let other =
        std::fs::canonicalize(&other).unwrap_or_else(|e| panic!("OTHER={}: {e}", other.display()));
    let half = std::env::var("HALF").unwrap_or_else(|_| "tune".into());
    let args = reading_args();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let this = std::path::Path::new(env!("CARGO_BIN_EXE_stonepress"));
    let dir = temp_dir("published-paired");
    let file = dir.join("problem.sgf");
    let position = file.to_str().expect("a path");
    println!(
        "half {half}, {}; this build against {}",
        args.join(" "),
        other.display()
    );
    // Per build: the book's moves by level, every problem's time, the answered ones' times.
    let mut right = [[0usize; 3]; 2];
    let mut times = [Vec::new(), Vec::new()];
    let mut under = [0usize; 2];
    let (mut log_ratio, mut both) = (0.0f64, 0usize);
    let mut differ = Vec::new();
    let problems: Vec<Wide> = all_wide().into_iter().filter(|p| p.half == half).collect();
    for (i, p) in problems.iter().enumerate() {
        std::fs::write(&file, &p.sgf).expect("write the problem");
        let builds = [this, other.as_path()];
        let order = if i % 2 == 0 { [0, 1] } else { [1, 0] };
        let mut read = [serde_json::Value::Null, serde_json::Value::Null];
        for b in order {
            read[b] = common::solve_go_json_with(builds[b], &dir, position, &args);
        }
        let level = LEVELS.iter().position(|&l| l == p.level).expect("a level");
        let mut said = Vec::new();
        for (b, v) in read.iter().enumerate() {
            let millis = v["millis"].as_u64().unwrap_or(0);
            let status = v["status"].as_str().unwrap_or("");
            right[b][level] += books_move(v, &p.answers) as usize;
            times[b].push(millis);
            under[b] += (millis < 1000 && (status == "proven" || status == "ko")) as usize;
            said.push(format!(
                "{status} {} {millis} ms",
                v["key_move"].as_str().unwrap_or("-")
            ));
        }
        let answered =
            |v: &serde_json::Value| matches!(v["status"].as_str(), Some("proven") | Some("ko"));
        if answered(&read[0]) && answered(&read[1]) {
            let ms = |v: &serde_json::Value| v["millis"].as_u64().unwrap_or(0).max(1) as f64;
            log_ratio += (ms(&read[0]) / ms(&read[1])).ln();
            both += 1;
        }
        if read[0]["status"] != read[1]["status"] || read[0]["key_move"] != read[1]["key_move"] {
            differ.push(format!(
                "  {} book {:?}: this {}, other {}",
                p.id, p.answers, said[0], said[1]
            ));
        }
    }
    for (b, name) in ["this", "other"].iter().enumerate() {
        times[b].sort_unstable();
        let median = times[b].get(times[b].len() / 2).copied().unwrap_or(0);
        println!(
            "{name:<5} {:>4} the book's ({} elementary, {} intermediate, {} advanced), median {} \
             ms, {} answered under 1 s",
            right[b].iter().sum::<usize>(),
            right[b][0],
            right[b][1],
            right[b][2],
            median,
            under[b]
        );
    }
    println!(
        "the {both} problems both answered: this build's time {:.3} of the other's (geometric mean)",
        (log_ratio / both.max(1) as f64).exp()
    );
    println!("{} problems answered differently:", differ.len());
    for d in &differ {
        println!("{d}");
    }
}

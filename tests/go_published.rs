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

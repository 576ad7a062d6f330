//! The Go engine against GNU Go (GTP, --chinese-rules): seeded random games compared move by
//! move on legality and on the stones left after captures, then on the final area score.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use rand::RngExt;
use stonepress::games::go::{Color, Go, KoRule, Move, Pt, area_score};
use stonepress::util::rng;

const GNUGO: &str = "/usr/games/gnugo";

struct Gtp {
    _child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gtp {
    fn start() -> Option<Gtp> {
        Gtp::start_at("1")
    }

    /// GNU Go at a given `--level` (1 reads little, 10 is its default strength).
    fn start_at(level: &str) -> Option<Gtp> {
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp", "--chinese-rules", "--level", level])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let input = child.stdin.take()?;
        let output = BufReader::new(child.stdout.take()?);
        Some(Gtp {
            _child: child,
            input,
            output,
        })
    }

    fn cmd(&mut self, c: &str) -> String {
        writeln!(self.input, "{c}").unwrap();
        self.input.flush().unwrap();
        let mut reply = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line).unwrap() == 0 {
                panic!("gnugo closed the pipe after '{c}'");
            }
            if line.trim().is_empty() {
                if !reply.is_empty() {
                    break;
                }
                continue;
            }
            reply.push_str(&line);
        }
        assert!(reply.starts_with('='), "gnugo refused '{c}': {reply}");
        reply[1..].trim().to_string()
    }
}

fn colour_word(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn stones(go: &Go, c: Color) -> Vec<String> {
    let mut v: Vec<String> = go
        .points()
        .filter(|&p| go.stone(p) == Some(c))
        .map(|p| go.name(p))
        .collect();
    v.sort();
    v
}

fn gnugo_stones(gtp: &mut Gtp, c: Color) -> Vec<String> {
    let mut v: Vec<String> = gtp
        .cmd(&format!("list_stones {}", colour_word(c)))
        .split_whitespace()
        .map(str::to_string)
        .collect();
    v.sort();
    v
}

struct Tally {
    games: usize,
    moves: usize,
    legality_checks: usize,
    capture_checks: usize,
    scores: usize,
    skipped_scores: usize,
    unfinished: usize,
}

fn play_game(gtp: &mut Gtp, n: usize, seed: u64, t: &mut Tally) {
    let mut r = rng(seed);
    let mut go = Go::new(n);
    // GNU Go forbids only the immediate ko retake in GTP play: compare under simple ko.
    go.ko_rule = KoRule::Simple;
    gtp.cmd(&format!("boardsize {n}"));
    gtp.cmd("clear_board");
    gtp.cmd("komi 7");
    let limit = 3 * n * n;
    let mut passes = 0;
    for _ in 0..limit {
        let c = go.to_move();
        // Compare legality on a sample of empty points, and on the ko point if there is one.
        let empties: Vec<Pt> = go.points().filter(|&p| go.is_empty(p)).collect();
        let mut sample: Vec<Pt> = Vec::new();
        if !empties.is_empty() {
            for _ in 0..4 {
                sample.push(empties[r.random_range(0..empties.len())]);
            }
        }
        if let Some(k) = go.ko_point() {
            sample.push(k);
        }
        for p in sample {
            let ours = go.is_legal(Move::Play(p));
            let theirs = gtp.cmd(&format!("is_legal {} {}", colour_word(c), go.name(p))) == "1";
            assert_eq!(
                ours,
                theirs,
                "seed {seed}: legality of {} for {c:?}\n{}",
                go.name(p),
                go.picture()
            );
            t.legality_checks += 1;
        }
        let moves: Vec<Pt> = go
            .legal_moves()
            .into_iter()
            .filter(|&p| !go.is_eye_shape(p, c))
            .collect();
        if moves.is_empty() {
            go.play(Move::Pass).unwrap();
            gtp.cmd(&format!("play {} pass", colour_word(c)));
            passes += 1;
            if passes == 2 {
                break;
            }
            continue;
        }
        passes = 0;
        let p = moves[r.random_range(0..moves.len())];
        go.play(Move::Play(p)).unwrap();
        gtp.cmd(&format!("play {} {}", colour_word(c), go.name(p)));
        t.moves += 1;
        if go.last_captured() > 0 {
            for col in [Color::Black, Color::White] {
                assert_eq!(
                    stones(&go, col),
                    gnugo_stones(gtp, col),
                    "seed {seed}: after capture"
                );
            }
            t.capture_checks += 1;
        }
    }
    if passes == 2 {
        // Random play without filling one's own eyes leaves every group alive, except where
        // a ko ban forced the last passes and left a group in atari (GNU Go may call it dead).
        // Those few positions are unresolved; every other one is compared on the score.
        let unresolved = go
            .points()
            .any(|p| go.stone(p).is_some() && go.liberty_count(p) == 1);
        if unresolved {
            t.skipped_scores += 1;
        } else {
            let s = area_score(&go, &[], 7.0, 0.0);
            let theirs = gtp.cmd("final_score");
            assert_eq!(
                s.result(),
                normalise(&theirs),
                "seed {seed}: final score\n{}",
                go.picture()
            );
            t.scores += 1;
        }
    } else {
        t.unfinished += 1;
    }
    t.games += 1;
}

fn normalise(score: &str) -> String {
    let s = score.strip_suffix(".0").unwrap_or(score);
    if s == "0" {
        "Draw".to_string()
    } else {
        s.to_string()
    }
}

#[test]
fn go_engine_agrees_with_gnu_go_on_random_games() {
    if !std::path::Path::new(GNUGO).exists() {
        eprintln!(
            "\n\n*** SKIPPED: gnugo is not installed at {GNUGO} (apt-get install gnugo) ***\n\n"
        );
        return;
    }
    let mut gtp = Gtp::start().expect("start gnugo");
    let mut t = Tally {
        games: 0,
        moves: 0,
        legality_checks: 0,
        capture_checks: 0,
        scores: 0,
        skipped_scores: 0,
        unfinished: 0,
    };
    for seed in 0..300 {
        play_game(&mut gtp, 9, seed, &mut t);
    }
    for seed in 0..6 {
        play_game(&mut gtp, 13, 1000 + seed, &mut t);
    }
    for seed in 0..2 {
        play_game(&mut gtp, 19, 2000 + seed, &mut t);
    }
    eprintln!(
        "GNU Go agreement: {} games, {} moves, {} legality checks, {} capture checks, \
         {} final scores equal ({} not compared: a group left in atari by a ko ban; \
         {} stopped at the move limit)",
        t.games,
        t.moves,
        t.legality_checks,
        t.capture_checks,
        t.scores,
        t.skipped_scores,
        t.unfinished
    );
    assert!(
        t.scores >= 100,
        "at least a hundred finished games are compared on the score"
    );
}

/// Generated life-and-death problems against GNU Go's owl reader (`owl_attack` for kill
/// problems, `owl_defend` for live ones): prints the agreement and every disagreement. Ignored
/// in CI (minutes of reading); run with
/// `cargo test --release --test go_gnugo -- --ignored --nocapture owl`.
#[test]
#[ignore]
fn owl_agreement_on_generated_problems() {
    use stonepress::games::go::ld::{self, Goal, LdStatus};
    use stonepress::games::go::puzzle::sample;
    use stonepress::solve::Budget;
    let Some(mut gtp) = Gtp::start() else {
        eprintln!("SKIPPED: gnugo not installed");
        return;
    };
    let want: usize = std::env::var("OWL_PROBLEMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let (mut compared, mut agree, mut seed) = (0, 0, 0u64);
    let mut disagreements = Vec::new();
    while compared < want {
        seed += 1;
        let Some(c) = sample(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), 9, None) else {
            continue;
        };
        let problem = ld::ringed(c.go.clone(), c.target, c.goal, &c.region);
        let budget = Budget {
            nodes: 200_000,
            ..Budget::default()
        };
        let ours = ld::solve(&problem, budget).status;
        if ours == LdStatus::Unknown {
            continue;
        }
        gtp.cmd("boardsize 9");
        gtp.cmd("clear_board");
        for p in c.go.points() {
            if let Some(col) = c.go.stone(p) {
                gtp.cmd(&format!("play {} {}", colour_word(col), c.go.name(p)));
            }
        }
        let verb = match c.goal {
            Goal::Kill => "owl_attack",
            Goal::Live => "owl_defend",
        };
        let reply = gtp.cmd(&format!("{verb} {}", c.go.name(c.target)));
        let code = reply.split_whitespace().next().unwrap_or("0");
        // GTP result codes: 0 fails, 1 succeeds, 2 and 3 succeed through a ko.
        let theirs = match code {
            "0" => "fails",
            "1" => "succeeds",
            _ => "ko",
        };
        let mine = match ours {
            LdStatus::Proven => "succeeds",
            LdStatus::Ko => "ko",
            _ => "fails",
        };
        compared += 1;
        if mine == theirs {
            agree += 1;
        } else {
            disagreements.push((seed, c, mine, theirs, reply));
        }
    }
    // Every disagreement, examined: GNU Go at its full strength, the deciding ko of ours, a
    // play-off between GNU Go and our search.
    let mut high = Gtp::start_at("10").expect("gnugo");
    let mut tally: Vec<(&'static str, Vec<u64>)> = Vec::new();
    for (seed, c, mine, theirs, reply) in &disagreements {
        let (category, evidence) = classify(c, mine, &mut high);
        println!(
            "seed {seed}: {} to {} at {}: stonepress {mine}, GNU Go {theirs} ({reply})\n  \
             {category}\n  {evidence}\n{}",
            c.go.to_move().name(),
            c.goal.name(),
            c.go.name(c.target),
            c.go.picture()
        );
        match tally.iter_mut().find(|t| t.0 == category) {
            Some(t) => t.1.push(*seed),
            None => tally.push((category, vec![*seed])),
        }
    }
    println!(
        "owl agreement: {agree} of {compared} generated problems ({:.1}%)",
        100.0 * agree as f64 / compared as f64
    );
    println!("the {} disagreements by cause:", disagreements.len());
    for (category, seeds) in &tally {
        println!("  {:3}  {category}  (seeds {seeds:?})", seeds.len());
    }
}

/// Why we and GNU Go (level 1) disagree on a problem, with the evidence: GNU Go at level 10
/// agreeing with us; a ko of ours traced down to the deciding retake; or a play-off against
/// GNU Go at level 10 in which it gives up, plays outside our region, or passes into a position
/// we prove holds. "unexplained" is left for a look by hand.
fn classify(
    c: &stonepress::games::go::puzzle::Candidate,
    mine: &str,
    high: &mut Gtp,
) -> (&'static str, String) {
    use stonepress::games::go::ld::Goal;
    load_problem(high, &c.go);
    let verb = match c.goal {
        Goal::Kill => "owl_attack",
        Goal::Live => "owl_defend",
    };
    let reply = high.cmd(&format!("{verb} {}", c.go.name(c.target)));
    let theirs = match reply.split_whitespace().next().unwrap_or("0") {
        "0" => "fails",
        "1" => "succeeds",
        _ => "ko",
    };
    if theirs == mine {
        return (
            "GNU Go misreads at level 1 (at level 10 it agrees with us)",
            format!("level 10: {verb} = {reply}"),
        );
    }
    if mine == "ko" {
        let path = ko_path(c);
        let category = if path.ends_with("(ko retake)") {
            "a ko GNU Go's owl reading does not report (traced to the deciding retake)"
        } else {
            "a ko of ours whose deciding retake the trace did not reach (budget)"
        };
        return (category, format!("ko path: {path}"));
    }
    let po = play_off(c, high);
    let category = match (po.end, po.outside) {
        (End::GnuGoGivesUp, _) => "GNU Go misses the winning move (it gives up after ours)",
        (End::TwoPasses, _) => {
            "GNU Go passes in a position we prove holds (seki, capturable attackers)"
        }
        (End::TargetTaken | End::Other, true) => {
            "our region: GNU Go wins the play-off with moves outside it (ours rests on escape)"
        }
        (End::TargetTaken | End::Other, false) => "unexplained",
    };
    (category, format!("play-off (level 10): {}", po.line))
}

/// A line of moves from `go`, a retake of a ko at once (legal for a ko master only) marked
/// with '!', captures with 'x'.
fn marked_line(go: &Go, line: &[Move]) -> String {
    let mut g = go.clone();
    g.ko_rule = KoRule::Simple;
    let mut out = Vec::new();
    for &m in line {
        let retake = matches!(m, Move::Play(p) if Some(p) == g.ko_point());
        let name = g.move_name(m);
        // Whoever retakes here is the ko master of the search that found the line.
        g.ko_master = Some(g.to_move());
        if g.play(m).is_err() {
            out.push(format!("{name}?"));
            break;
        }
        let x = if g.last_captured() > 0 { "x" } else { "" };
        out.push(format!("{name}{x}{}", if retake { "!" } else { "" }));
    }
    out.join(" ")
}

/// The problem of a sampled candidate from a later position `go`, framed as at the root (the
/// same prover and goal, so that repetitions still count for the same side), with `master`
/// winning every ko.
fn framed(
    go: &Go,
    c: &stonepress::games::go::puzzle::Candidate,
    prover: Color,
    master: Color,
) -> stonepress::games::go::ld::LifeAndDeath {
    let mut p =
        stonepress::games::go::ld::LifeAndDeath::new(go.clone(), c.target, c.goal, &c.region)
            .with_ko_master(Some(master));
    p.prover = prover;
    p
}

/// The prover's result from a later position `go` (either side to move) with `master` winning
/// every ko, and the main line from there.
fn result_from(
    go: &Go,
    c: &stonepress::games::go::puzzle::Candidate,
    prover: Color,
    master: Color,
) -> (stonepress::solve::Status, Vec<Move>) {
    use stonepress::solve::{Budget, Solver};
    let budget = Budget {
        nodes: std::env::var("OWL_NODES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(200_000),
        ..Budget::default()
    };
    let mut p = framed(go, c, prover, master);
    let mut s = Solver::new(budget);
    let status = s.search(&mut p);
    let line = s.main_line(&mut p, 64);
    (status, line)
}

/// From a position where the prover wins only when it wins every ko, the line along which the
/// two searches keep disagreeing (the prover's winning moves when it is ko master, the
/// defender's when the defender is), down to the ko retake that makes the difference: evidence
/// that the ko is real.
fn ko_path(c: &stonepress::games::go::puzzle::Candidate) -> String {
    use stonepress::solve::Status;
    let prover = c.go.to_move();
    let defender = prover.opp();
    let mut g = c.go.clone();
    g.ko_rule = KoRule::Simple;
    let mut seen = vec![(g.hash(), g.to_move())];
    let mut out = Vec::new();
    for _ in 0..60 {
        let mover = g.to_move();
        let (lenient, l_line) = result_from(&g, c, prover, prover);
        let (strict, s_line) = result_from(&g, c, prover, defender);
        if lenient != Status::Proven || strict != Status::Disproven {
            out.push(format!(
                "(modes agree here: {} / {})",
                lenient.name(),
                strict.name()
            ));
            break;
        }
        let line = if mover == prover { l_line } else { s_line };
        let Some(&m) = line.first() else {
            out.push("(no line)".into());
            break;
        };
        let retake = matches!(m, Move::Play(p) if Some(p) == g.ko_point());
        out.push(format!(
            "{}{}",
            g.move_name(m),
            if retake { "! (ko retake)" } else { "" }
        ));
        if retake {
            break;
        }
        g.ko_master = Some(mover);
        g.play(m).expect("a legal move");
        g.ko_master = None;
        if seen.contains(&(g.hash(), g.to_move())) {
            out.push("(a repetition: the defender holds it)".into());
            break;
        }
        seen.push((g.hash(), g.to_move()));
    }
    out.join(" ")
}

/// The region and every point next to it.
fn grow(go: &Go, region: &[Pt]) -> Vec<Pt> {
    let mut out = region.to_vec();
    for &p in region {
        for q in go.neighbours(p) {
            if go.on_board(q) && !out.contains(&q) {
                out.push(q);
            }
        }
    }
    out
}

/// How a play-off ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    /// GNU Go's owl reading says its side has lost.
    GnuGoGivesUp,
    /// The target was captured.
    TargetTaken,
    /// Both sides passed with the target on the board.
    TwoPasses,
    /// Anything else (move limit, no line).
    Other,
}

/// A play-off: the moves, how it ended, and whether GNU Go played outside our region.
struct PlayOff {
    line: String,
    end: End,
    outside: bool,
}

/// Plays a problem out between GNU Go (level 10, on the side it thinks wins) and our search
/// (on the side it proves wins; for the other side's moves, the search that gives every ko to
/// it): each GNU Go move is its `owl_attack`/`owl_defend` answer, each of ours the first move
/// of our main line. Stops when GNU Go gives up (code 0), the target is taken, or both pass.
fn play_off(c: &stonepress::games::go::puzzle::Candidate, gtp: &mut Gtp) -> PlayOff {
    use stonepress::games::go::ld::Goal;
    use stonepress::solve::Status;
    let prover = c.go.to_move();
    let mut g = c.go.clone();
    g.ko_rule = KoRule::Simple;
    load_problem(gtp, &g);
    let (status, _) = result_from(&g, c, prover, prover.opp());
    let we_back = if status == Status::Proven {
        prover
    } else {
        prover.opp()
    };
    let mut out = Vec::new();
    let mut end = End::Other;
    let mut outside = false;
    for _ in 0..40 {
        if g.stone(c.target).is_none() {
            out.push("(target taken)".to_string());
            end = End::TargetTaken;
            break;
        }
        if g.passes() >= 2 {
            out.push("(two passes)".to_string());
            end = End::TwoPasses;
            break;
        }
        let mover = g.to_move();
        let m = if mover == we_back {
            // Ours: the other side is ko master when we are the prover, the prover when not.
            let master = if we_back == prover {
                prover.opp()
            } else {
                prover
            };
            let (_, line) = result_from(&g, c, prover, master);
            let Some(&m) = line.first() else {
                out.push("(our search has no line)".to_string());
                break;
            };
            out.push(format!("{}(us)", g.move_name(m)));
            m
        } else {
            let attacking = (mover == prover) == (c.goal == Goal::Kill);
            let verb = if attacking {
                "owl_attack"
            } else {
                "owl_defend"
            };
            let reply = gtp.cmd(&format!("{verb} {}", g.name(c.target)));
            let mut words = reply.split_whitespace();
            if words.next() == Some("0") {
                out.push(format!("(GNU Go: {verb} fails now)"));
                end = End::GnuGoGivesUp;
                break;
            }
            let name = words.next().unwrap_or("PASS");
            let m = if name.eq_ignore_ascii_case("pass") {
                Move::Pass
            } else {
                Move::Play(g.parse(name).expect("a point"))
            };
            outside |= matches!(m, Move::Play(p) if !c.region.contains(&p));
            out.push(format!("{}(GNU Go)", g.move_name(m)));
            m
        };
        g.ko_master = Some(mover);
        if g.play(m).is_err() {
            out.push("(illegal)".to_string());
            break;
        }
        g.ko_master = None;
        let word = match m {
            Move::Pass => "pass".to_string(),
            Move::Play(p) => g.name(p),
        };
        gtp.cmd(&format!("play {} {word}", colour_word(mover)));
    }
    if std::env::var("PLAYOFF_PIC").is_ok() {
        out.push(format!("\n{}", g.picture()));
    }
    PlayOff {
        line: out.join(" "),
        end,
        outside,
    }
}

/// Sets up a sampled problem on GNU Go's board.
fn load_problem(gtp: &mut Gtp, go: &Go) {
    gtp.cmd(&format!("boardsize {}", go.size()));
    gtp.cmd("clear_board");
    for p in go.points() {
        if let Some(col) = go.stone(p) {
            gtp.cmd(&format!("play {} {}", colour_word(col), go.name(p)));
        }
    }
}

/// The owl problem of one seed of the comparison (the same sampler and seed mixing).
fn owl_candidate(seed: u64) -> Option<stonepress::games::go::puzzle::Candidate> {
    stonepress::games::go::puzzle::sample(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), 9, None)
}

/// Everything about chosen seeds of the owl comparison (env OWL_SEEDS="4,13,..."): the
/// position and its region ('+' empty in it, '.' outside, stones outside in lower case), our
/// strict and lenient proofs, GNU Go at levels 1 and 10, our refutation of GNU Go's move, the
/// line down to the deciding ko retake when ours is a ko, a play-off against GNU Go when ours
/// is proven or disproven, and with OWL_RING / OWL_GROW set our status with an attacker-only
/// ring / a region grown by one line. Diagnostic only.
#[test]
#[ignore]
fn owl_disagreement_details() {
    use stonepress::games::go::ld::{self, Goal, LifeAndDeath};
    use stonepress::solve::{Budget, Solver};
    let Some(mut low) = Gtp::start() else {
        eprintln!("SKIPPED: gnugo not installed");
        return;
    };
    let mut high = Gtp::start_at("10").expect("gnugo");
    let seeds: Vec<u64> = std::env::var("OWL_SEEDS")
        .unwrap_or_default()
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    let budget = Budget {
        nodes: 200_000,
        ..Budget::default()
    };
    for seed in seeds {
        let Some(c) = owl_candidate(seed) else {
            continue;
        };
        let go = &c.go;
        let mut pic = String::new();
        for r in (0..go.size()).rev() {
            for col in 0..go.size() {
                let p = go.pt((r * go.size() + col) as u16);
                let inside = c.region.contains(&p);
                pic.push(match (go.stone(p), inside) {
                    (Some(Color::Black), true) => 'X',
                    (Some(Color::White), true) => 'O',
                    (Some(Color::Black), false) => 'x',
                    (Some(Color::White), false) => 'o',
                    (None, true) => '+',
                    (None, false) => '.',
                });
                pic.push(' ');
            }
            pic.push('\n');
        }
        let prover = go.to_move();
        println!(
            "=== seed {seed}: {} to {} the group at {}\n{pic}",
            prover.name(),
            c.goal.name(),
            go.name(c.target)
        );
        let problem = LifeAndDeath::new(go.clone(), c.target, c.goal, &c.region);
        let r = ld::solve(&problem, budget.clone());
        println!("ours: {}", r.status.name());
        if std::env::var("OWL_RING").is_ok() {
            // With a ring around the region where only the attacker may play (reaching it is
            // then no escape), as `stonepress solve` does since the fight-area change.
            let ring: Vec<Pt> = grow(go, &c.region)
                .into_iter()
                .filter(|p| !c.region.contains(p))
                .collect();
            let rr = ld::solve(
                &LifeAndDeath::new(go.clone(), c.target, c.goal, &c.region)
                    .with_attacker_ring(&ring),
                budget.clone(),
            );
            println!("ours with an attacker-only ring: {}", rr.status.name());
        }
        if std::env::var("OWL_GROW").is_ok() {
            let grown = grow(go, &c.region);
            let rg = ld::solve(
                &LifeAndDeath::new(go.clone(), c.target, c.goal, &grown),
                budget.clone(),
            );
            println!(
                "ours with the region grown by one line: {}",
                rg.status.name()
            );
        }
        if r.status == ld::LdStatus::Ko {
            println!("  ko path: {}", ko_path(&c));
        }
        for (label, master) in [("strict", prover.opp()), ("lenient", prover)] {
            let mut p = problem.clone().with_ko_master(Some(master));
            let proof = Solver::new(budget.clone()).prove(&mut p);
            let refs: Vec<String> = proof
                .refutations
                .iter()
                .map(|(m, r)| {
                    format!(
                        "{}->{}",
                        go.move_name(*m),
                        r.map_or("-".into(), |r| go.move_name(r))
                    )
                })
                .collect();
            println!(
                "  {label} (ko master {}): {} key {:?} line {} refutations {:?}",
                master.name(),
                proof.status.name(),
                proof.key_move.map(|m| go.move_name(m)),
                marked_line(go, &proof.main_line),
                refs
            );
        }
        let verb = match c.goal {
            Goal::Kill => "owl_attack",
            Goal::Live => "owl_defend",
        };
        let target = go.name(c.target);
        for (label, gtp) in [("level 1", &mut low), ("level 10", &mut high)] {
            load_problem(gtp, go);
            let reply = gtp.cmd(&format!("{verb} {target}"));
            println!("  GNU Go {label}: {verb} {target} = {reply}");
            if let Some(k) = r.proof.key_move.filter(|&m| m != Move::Pass) {
                let does = match c.goal {
                    Goal::Kill => "owl_does_attack",
                    Goal::Live => "owl_does_defend",
                };
                let v = gtp.cmd(&format!("{does} {} {target}", go.move_name(k)));
                println!(
                    "    GNU Go {label} on our key: {does} {} = {v}",
                    go.move_name(k)
                );
            }
            let Some(name) = reply.split_whitespace().nth(1) else {
                continue;
            };
            let Ok(m) = go.parse(name) else {
                continue;
            };
            let mut after = go.clone();
            if !c.region.contains(&m) {
                println!("    their move {name} is outside our region");
            }
            if after.play(Move::Play(m)).is_err() {
                println!("    their move {name} is illegal for us");
                continue;
            }
            for (klabel, master) in [
                ("the other side wins kos", prover.opp()),
                ("prover wins kos", prover),
            ] {
                let (status, line) = result_from(&after, &c, prover, master);
                println!(
                    "    after {name} ({klabel}): prover {} line {}",
                    status.name(),
                    marked_line(&after, &line)
                );
            }
        }
        if matches!(r.status, ld::LdStatus::Proven | ld::LdStatus::Disproven) {
            println!(
                "  play-off against GNU Go (level 10): {}",
                play_off(&c, &mut high).line
            );
        }
        println!();
    }
}

/// A problem from a picture (top row first): 'X' Black, 'O' White, '+' an empty point of the
/// region, '.' an empty point outside it; every stone is in the region.
fn pictured(
    pic: &str,
    to_move: Color,
    target: &str,
    goal: stonepress::games::go::ld::Goal,
) -> (Go, stonepress::games::go::ld::LdResult) {
    use stonepress::games::go::ld::{self, LifeAndDeath};
    use stonepress::solve::Budget;
    let rows: Vec<Vec<char>> = pic
        .lines()
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
        .filter(|r| !r.is_empty())
        .collect();
    let n = rows.len();
    let mut go = Go::new(n);
    let mut region = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for (col, ch) in row.iter().enumerate() {
            let p = go.pt(((n - 1 - i) * n + col) as u16);
            match ch {
                'X' => go.setup(p, Some(Color::Black)),
                'O' => go.setup(p, Some(Color::White)),
                _ => {}
            }
            if *ch != '.' {
                region.push(p);
            }
        }
    }
    go.set_to_move(to_move);
    let t = go.parse(target).unwrap();
    let r = ld::solve(
        &LifeAndDeath::new(go.clone(), t, goal, &region),
        Budget::default(),
    );
    (go, r)
}

fn winning_moves(go: &Go, r: &stonepress::games::go::ld::LdResult) -> Vec<String> {
    r.proof
        .winning_moves()
        .into_iter()
        .map(|m| go.move_name(m))
        .collect()
}

// Generated problem 124 of the owl comparison. GNU Go 3.8 (levels 1 and 10) answers
// `owl_attack G8` with 0, no kill; yet after Black G5 its own `owl_defend G8` is 0 too. G5, and
// only G5, kills: it takes the liberty the two white chains share, and the main line goes
// G5 H6 H8 H7 J6 J8 (capture) J7 (capture) ... with White short of liberties inside.
#[test]
fn gnu_go_misses_the_kill_at_g5() {
    use stonepress::games::go::ld::{Goal, LdStatus};
    let (go, r) = pictured(
        ". . . . . X O + X
         . . . . . X O + +
         . . . . . X O + X
         . . . . . X O + +
         . . . . . X + O O
         . . . . . X X X X
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
        Color::Black,
        "G8",
        Goal::Kill,
    );
    assert_eq!(r.status, LdStatus::Proven);
    assert_eq!(winning_moves(&go, &r), vec!["G5".to_string()]);
    assert_eq!(r.proof.unique, Some(true));
}

// Generated problem 70: GNU Go (levels 1 and 10) says `owl_attack H8` fails; after Black J6 its
// `owl_defend H8` fails as well. J6 kills even if White wins every ko.
#[test]
fn gnu_go_misses_the_kill_at_j6() {
    use stonepress::games::go::ld::{Goal, LdStatus};
    let (go, r) = pictured(
        ". . . . . . X X X
         . . . . . X X O O
         . . . . . X + O +
         . . . . . X O + +
         . . . . . X O + +
         . . . . . X + O +
         . . . . . X X O +
         . . . . . . X + X
         . . . . . . X X X",
        Color::Black,
        "H8",
        Goal::Kill,
    );
    assert_eq!(r.status, LdStatus::Proven);
    assert!(
        winning_moves(&go, &r).contains(&"J6".to_string()),
        "{:?}",
        winning_moves(&go, &r)
    );
}

// Generated problem 76: GNU Go (levels 1 and 10) says `owl_defend H7` fails: Black cannot
// live. After Black H9 its `owl_attack H7` fails: H9 lives (and so does G8).
#[test]
fn gnu_go_misses_the_life_at_h9() {
    use stonepress::games::go::ld::{Goal, LdStatus};
    let (go, r) = pictured(
        ". . . . . O + + +
         . . . . . O + X +
         . . . . . O O X +
         . . . . . . O X +
         . . . . . . O X +
         . . . . . . O + X
         . . . . . . O O O
         . . . . . . . . .
         . . . . . . . . .",
        Color::Black,
        "H7",
        Goal::Live,
    );
    assert_eq!(r.status, LdStatus::Proven);
    let w = winning_moves(&go, &r);
    assert!(
        w.contains(&"H9".to_string()) && w.contains(&"G8".to_string()),
        "{w:?}"
    );
}

// Generated problem 55: GNU Go (levels 1 and 10) says Black kills with B8 (`owl_attack B6` =
// 1 B8). It does not: B8 A7 B9 (taking A9) C7 A6 A5 (taking A6), and White has a real eye at
// A6 while Black's A8 B8 B9 have no eye and the liberties A9 and C9: a race White wins (Black's
// C9 puts both sides in atari and White takes four stones at A9). GNU Go passes there, as if
// White were dead.
#[test]
fn gnu_go_kills_at_b8_but_white_lives() {
    use stonepress::games::go::ld::{Goal, LdStatus};
    let (go, r) = pictured(
        "O + + O X . . . .
         X + O O X . . . .
         + O + X X . . . .
         + O X X . . . . .
         + O X . . . . . .
         O O X . . . . . .
         X X X . . . . . .
         . . . . . . . . .
         . . . . . . . . .",
        Color::Black,
        "B6",
        Goal::Kill,
    );
    assert_eq!(r.status, LdStatus::Disproven, "even winning every ko");
    let b8 = Move::Play(go.parse("B8").unwrap());
    assert!(r.proof.refutations.iter().any(|(m, _)| *m == b8));
}

// Generated problem 183: Black to kill H7. The sampler's region ends at row 6, so White's H6
// reaches the liberty H5 outside it: an "escape", and we say Black cannot kill. GNU Go (level
// 10) kills with H9 and in a play-off takes the group after H9 H6 H5: Black simply blocks at
// H5. With a ring around the region where only the attacker may play (reaching it is then no
// escape, as `stonepress solve` frames problems) we agree: H9 kills.
#[test]
fn an_escape_into_the_attackers_ring_is_no_escape() {
    use stonepress::games::go::ld::{self, Goal, LdStatus, LifeAndDeath};
    use stonepress::solve::Budget;
    let pic = ". . . . X O + + +
               . . . . X O O + X
               . . . . X X O O O
               . . . . . X X + X
               . . . . . . . . .
               . . . . . . . . .
               . . . . . . . . .
               . . . . . . . . .
               . . . . . . . . .";
    let (go, r) = pictured(pic, Color::Black, "H7", Goal::Kill);
    assert_eq!(r.status, LdStatus::Disproven, "White escapes at H5");
    let region: Vec<Pt> = go
        .points()
        .filter(|&p| {
            let (c, row) = go.board().coord(go.id(p));
            c >= 4 && row >= 5
        })
        .collect();
    let ring = grow(&go, &region)
        .into_iter()
        .filter(|p| !region.contains(p))
        .collect::<Vec<_>>();
    let t = go.parse("H7").unwrap();
    let problem = LifeAndDeath::new(go.clone(), t, Goal::Kill, &region).with_attacker_ring(&ring);
    let r = ld::solve(&problem, Budget::default());
    assert_eq!(r.status, LdStatus::Proven);
    let h9 = Move::Play(go.parse("H9").unwrap());
    assert!(r.proof.key_move == Some(h9) || r.proof.other_winning_moves.contains(&h9));
}

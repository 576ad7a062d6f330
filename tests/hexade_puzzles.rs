//! Hexade's puzzle kinds: hand-built positions through the library and `solve --json`, the
//! generator, the book, `verify`, and the independent exhaustive check.

use stonepress::games::hexade::puzzle::{prove_defend, prove_six, sample_defend, sample_six};

#[test]
#[ignore]
fn measure_generation() {
    for kind in ["six", "defend"] {
        let mut ok = 0;
        let t0 = std::time::Instant::now();
        for seed in 0..40u64 {
            let t = std::time::Instant::now();
            let c = if kind == "six" {
                sample_six(seed, 10)
            } else {
                sample_defend(seed, 10)
            };
            let Some(h) = c else {
                println!("{kind} {seed}: no sample");
                continue;
            };
            let r = if kind == "six" {
                prove_six(&h, seed, 60_000)
            } else {
                prove_defend(&h, seed, 60_000)
            };
            match r {
                Ok(r) => {
                    ok += 1;
                    println!(
                        "{kind} {seed}: OK in {} key {} size {} depth {} nodes {} {:?}",
                        r.focus.0[0].1,
                        r.key_move,
                        r.proof_size,
                        r.depth,
                        r.nodes,
                        t.elapsed()
                    );
                }
                Err(e) => println!("{kind} {seed}: {e} {:?}", t.elapsed()),
            }
        }
        println!("{kind}: {ok} of 40 in {:?}", t0.elapsed());
    }
}

#[test]
#[ignore]
fn debug_seed() {
    use stonepress::games::hexade::problem::Race;
    use stonepress::games::hexade::search;
    for seed in 0..6u64 {
        let h = sample_six(seed, 10).unwrap();
        let race = Race::new(h.clone(), h.to_move(), 3, true);
        let me = h.to_move();
        println!(
            "seed {seed}: to move {:?} needs {} open {} opp needs {} open {}",
            me,
            race.needs(me),
            race.open_needs(me),
            race.needs(me.opp()),
            race.open_needs(me.opp())
        );
        let b = stonepress::solve::Budget {
            nodes: 400_000,
            ..Default::default()
        };
        let f = search::six(&h, 3, &b);
        println!(
            "  {:?} n {} key {:?} nodes {}",
            f.win.status,
            f.win.n,
            f.win.proof.key_move.map(|p| h.board().name(p).to_string()),
            f.win.nodes
        );
        let board = h.board();
        let w: Vec<String> = board
            .points()
            .filter(|&p| h.stone(p) == Some(stonepress::games::Color::White))
            .map(|p| board.name(p).to_string())
            .collect();
        let bl: Vec<String> = board
            .points()
            .filter(|&p| h.stone(p) == Some(stonepress::games::Color::Black))
            .map(|p| board.name(p).to_string())
            .collect();
        println!("  white {}\n  black {}", w.join(" "), bl.join(" "));
    }
}

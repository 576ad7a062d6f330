//! A driver for tsumego-solver (github.com/cameron-martin/tsumego-solver) used by
//! `cargo bench --bench solve_peers`: it reads GoTools problems from a file, sets each up the
//! way the solver's own GoTools benchmark does (stones at their coordinates on its 16 x 8
//! board, the largest empty area out of bounds), with the side to move that the problem's
//! first answer line names, solves each within a time limit and prints one line per problem:
//! `NAME solved proved COL,ROW` (`-` for an unknown part).
//!
//! Build it inside a checkout of the solver: copy this file to `src/bin/driver.rs`, then
//! `cargo build --release --locked --bin driver`.
//!
//!     driver PROBLEMS.txt MILLISECONDS

use std::time::Duration;
use tsumego_solver::go::{BoardCell, BoardPosition, GoBoard, GoGame, GoPlayer, Move};
use tsumego_solver::puzzle::{NoProfile, Puzzle};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("the problems file");
    let ms: u64 = args[2].parse().expect("milliseconds");
    for block in text.split("\n$ ").skip(1) {
        let mut lines = block.lines();
        let name = lines.next().unwrap_or("").trim().to_string();
        let mut def = String::new();
        for l in lines.by_ref() {
            if let Some(s) = l.strip_suffix('\\') {
                def.push_str(s);
            } else {
                def.push_str(l);
                break;
            }
        }
        let first = lines.find(|l| l.starts_with('?') || l.starts_with('A'));
        let mover = match first.and_then(|l| l.chars().next()) {
            Some('A') => GoPlayer::Black,
            _ => GoPlayer::White,
        };
        let stones = def.split('[').next().unwrap_or("").as_bytes();
        let mut board = GoBoard::empty();
        let mut fits = true;
        for s in stones.chunks(3) {
            if s.len() < 3 {
                continue;
            }
            let (x, y) = (s[1] - b'A', s[2] - b'A');
            if x >= 16 || y >= 8 {
                fits = false;
                break;
            }
            let who = if s[0] == b'?' { GoPlayer::White } else { GoPlayer::Black };
            board.set_cell(BoardPosition::new(x, y), BoardCell::Occupied(who));
        }
        if !fits {
            println!("{name} 0 - -");
            continue;
        }
        let out = board
            .empty_cells()
            .groups()
            .max_by_key(|g| g.count())
            .expect("an empty area");
        board.set_out_of_bounds(out);
        let mut puzzle: Puzzle<NoProfile> = Puzzle::new(GoGame::from_board(board, mover));
        let solved = puzzle.solve_with_timeout(Duration::from_millis(ms));
        if !solved {
            println!("{name} 0 - -");
        } else if puzzle.is_proved() {
            let mv = match puzzle.first_move() {
                Move::Place(p) => {
                    let (c, r) = p.to_pair();
                    format!("{c},{r}")
                }
                Move::Pass => "pass".to_string(),
            };
            println!("{name} 1 1 {mv}");
        } else {
            println!("{name} 1 0 -");
        }
    }
}

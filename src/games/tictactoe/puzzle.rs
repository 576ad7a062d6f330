//! Tic-tac-toe's puzzle kind, "win": the side to move has exactly one first move that wins
//! against every defence. The proof is a full search of the game tree (at most 9! lines), so
//! every claim is exact: the key move wins, every other first move is answered by a reply
//! after which the side to move no longer wins.

use serde_json::Value;

use super::{TicTacToe, look};
use crate::figure::{Colour, Figure, MarkKind};
use crate::games::puzzle::{Candidate, Fields, PuzzleKind, Record, Wrong, differences};
use crate::games::{Color, position::list_tokens};
use crate::geometry::{Board, PointId};

/// "Play and win": the only winning first move.
pub struct Win;

/// The kinds of tic-tac-toe puzzles.
pub static PUZZLE_KINDS: &[&dyn PuzzleKind] = &[&Win];

/// The outcome of perfect play for the side to move, counting the positions searched.
fn wins(t: &mut TicTacToe, nodes: &mut usize) -> bool {
    *nodes += 1;
    let me = t.to_move();
    for p in t.legal_moves() {
        t.play(p).expect("a legal move");
        let won = t.winner() == Some(me) || (!t.over() && !defends(t, nodes));
        t.undo();
        if won {
            return true;
        }
    }
    false
}

/// Whether the side to move (the defender) holds: some reply keeps the attacker from winning.
fn defends(t: &mut TicTacToe, nodes: &mut usize) -> bool {
    !wins_for(t, t.to_move().opp(), nodes)
}

/// Whether `attacker` wins against every defence when the defender (the side to move) plays.
fn wins_for(t: &mut TicTacToe, attacker: Color, nodes: &mut usize) -> bool {
    *nodes += 1;
    let moves = t.legal_moves();
    if moves.is_empty() {
        return t.winner() == Some(attacker);
    }
    moves.into_iter().all(|p| {
        t.play(p).expect("a legal move");
        let won = t.winner() == Some(attacker) || (!t.over() && wins(t, nodes));
        t.undo();
        won
    })
}

/// The winning first moves of the side to move.
fn winning_moves(t: &mut TicTacToe, nodes: &mut usize) -> Vec<PointId> {
    let me = t.to_move();
    let mut out = Vec::new();
    for p in t.legal_moves() {
        t.play(p).expect("a legal move");
        if t.winner() == Some(me) || (!t.over() && !defends(t, nodes)) {
            out.push(p);
        }
        t.undo();
    }
    out
}

/// The main line from a winning position: the winner's first winning move, the defence that
/// lasts longest, and so on to the line of three.
fn main_line(t: &mut TicTacToe) -> Vec<PointId> {
    let mut line = Vec::new();
    let mut scratch = 0;
    let attacker = t.to_move();
    while t.winner().is_none() && !t.over() {
        let p = if t.to_move() == attacker {
            winning_moves(t, &mut scratch)[0]
        } else {
            // The defence after which the win takes longest.
            let mut best = (0, t.legal_moves()[0]);
            for q in t.legal_moves() {
                t.play(q).expect("a legal move");
                let length = if t.over() { 0 } else { 1 + main_line(t).len() };
                t.undo();
                if length > best.0 {
                    best = (length, q);
                }
            }
            best.1
        };
        t.play(p).expect("a legal move");
        line.push(p);
    }
    for _ in &line {
        t.undo();
    }
    line
}

/// The reply that refutes a wrong first move: the first reply after which the side that made
/// the wrong move does not win.
fn refutation(t: &mut TicTacToe, wrong: PointId, nodes: &mut usize) -> Option<PointId> {
    let me = t.to_move();
    t.play(wrong).expect("a legal move");
    let reply = t.legal_moves().into_iter().find(|&q| {
        t.play(q).expect("a legal move");
        let holds = t.winner().is_some() || t.over() || !wins(t, nodes);
        t.undo();
        holds
    });
    t.undo();
    debug_assert!(t.to_move() == me);
    reply
}

/// The position of a record.
fn position(r: &Record) -> Result<TicTacToe, String> {
    let mut t = TicTacToe::new();
    let board = t.board().clone();
    for (key, c) in [("black", Color::Black), ("white", Color::White)] {
        let list = r.position.get(key).and_then(Value::as_str).unwrap_or("");
        for name in list_tokens(list) {
            let p = board.parse(name).map_err(|e| format!("{key}: {e}"))?;
            if t.cells[p as usize].is_some() {
                return Err(format!("{key}: {name} is given twice"));
            }
            t.cells[p as usize] = Some(c);
        }
    }
    t.to_move = Color::parse(&r.to_play).ok_or_else(|| format!("to_play '{}'", r.to_play))?;
    Ok(t)
}

/// The names of the stones of one colour, in point order.
fn names(t: &TicTacToe, c: Color) -> String {
    let board = t.board();
    board
        .points()
        .filter(|&p| t.stone(p) == Some(c))
        .map(|p| board.name(p).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The solution tree as SGF (3x3 board, points as SGF letters): the main line, then each
/// wrong first move with its refutation.
fn sgf(t: &TicTacToe, line: &[PointId], wrong: &[(PointId, Option<PointId>)]) -> String {
    let coord = |p: PointId| {
        let (c, r) = t.board().coord(p);
        format!(
            "{}{}",
            (b'a' + c as u8) as char,
            (b'a' + (2 - r) as u8) as char
        )
    };
    let side = |i: usize| {
        let first = t.to_move();
        let c = if i.is_multiple_of(2) {
            first
        } else {
            first.opp()
        };
        if c == Color::Black { "B" } else { "W" }
    };
    let main: String = line
        .iter()
        .enumerate()
        .map(|(i, &p)| format!(";{}[{}]", side(i), coord(p)))
        .collect();
    let mut out = format!("(;GN[tic-tac-toe]SZ[3]PL[{}]", side(0));
    out.push_str(&format!("({main})"));
    for &(w, reply) in wrong {
        out.push_str(&format!("(;{}[{}]C[wrong]", side(0), coord(w)));
        if let Some(q) = reply {
            out.push_str(&format!(";{}[{}]", side(1), coord(q)));
        }
        out.push(')');
    }
    out.push(')');
    out
}

/// Proves a position into a record: exactly one winning first move, or why not.
fn prove(mut t: TicTacToe, seed: u64) -> Result<Record, String> {
    if t.over() {
        return Err("the game is over".into());
    }
    let mut nodes = 0;
    let winners = winning_moves(&mut t, &mut nodes);
    let key = match winners.as_slice() {
        [one] => *one,
        [] => return Err("no winning move".into()),
        _ => return Err(format!("{} winning moves", winners.len())),
    };
    let mut wrong = Vec::new();
    for p in t.legal_moves().into_iter().filter(|&p| p != key) {
        wrong.push((p, refutation(&mut t, p, &mut nodes)));
    }
    let line = main_line(&mut t.clone());
    let board = t.board().clone();
    let name = |p: PointId| board.name(p).to_string();
    let mover = t.to_move();
    Ok(Record {
        number: 0,
        game: "tictactoe".into(),
        position: Fields::new()
            .with("black", names(&t, Color::Black))
            .with("white", names(&t, Color::White)),
        to_play: mover.name().to_string(),
        goal: "win".into(),
        instruction: format!("{} to play and win", mover.title()),
        focus: Fields::new(),
        key_move: name(key),
        unique: true,
        main_line: line.iter().map(|&p| name(p)).collect(),
        wrong_moves: wrong
            .iter()
            .map(|&(p, reply)| Wrong {
                play: name(p),
                refutation: reply.map(name),
            })
            .collect(),
        proof_size: nodes,
        depth: line.len(),
        nodes: nodes as u64,
        grade: String::new(),
        seed,
        sgf: sgf(&t, &line, &wrong),
    })
}

impl PuzzleKind for Win {
    fn name(&self) -> &'static str {
        "win"
    }

    fn introduction(&self) -> &'static str {
        "Play first and make three in a row whatever the opponent plays."
    }

    fn is_default(&self) -> bool {
        true
    }

    fn sizes(&self) -> (usize, usize, usize) {
        (3, 3, 3)
    }

    fn verify_nodes(&self) -> u64 {
        1_000_000
    }

    fn sample(&self, seed: u64, _size: usize) -> Option<Candidate> {
        use rand::RngExt;
        let mut rng = crate::util::rng(seed);
        let stones = rng.random_range(2..=5usize);
        let mut t = TicTacToe::new();
        for _ in 0..stones {
            let moves = t.legal_moves();
            if moves.is_empty() {
                return None;
            }
            let p = moves[rng.random_range(0..moves.len())];
            t.play(p).ok()?;
        }
        if t.over() {
            return None;
        }
        t.history.clear();
        Some(Box::new(t))
    }

    fn prove(&self, candidate: Candidate, seed: u64) -> Result<Record, String> {
        let t = candidate
            .downcast::<TicTacToe>()
            .map_err(|_| "not a tic-tac-toe candidate".to_string())?;
        prove(*t, seed)
    }

    fn verify(&self, r: &Record, _nodes: u64) -> Vec<String> {
        let t = match position(r) {
            Ok(t) => t,
            Err(e) => return vec![format!("position: {e}")],
        };
        differences(self, r, prove(t, r.seed))
    }

    fn board(&self, _r: &Record) -> Result<Board, String> {
        Ok(look::board())
    }

    fn stones(&self, r: &Record, board: &Board) -> Vec<(PointId, Color)> {
        let mut out = Vec::new();
        for (key, c) in [("black", Color::Black), ("white", Color::White)] {
            let list = r.position.get(key).and_then(Value::as_str).unwrap_or("");
            out.extend(
                list_tokens(list)
                    .filter_map(|n| board.parse(n).ok())
                    .map(|p| (p, c)),
            );
        }
        out
    }

    fn figure(&self, r: &Record, answer: bool) -> Result<Figure, String> {
        let t = position(r)?;
        let board = t.board().clone();
        let mut fig =
            Figure::of_position(board.clone(), &look::LOOK, |p| t.stone(p).map(Into::into));
        if answer {
            let mut colour: Colour = t.to_move().into();
            for m in &r.main_line {
                let p = board.parse(m).map_err(|e| e.to_string())?;
                fig.play(p, colour);
                colour = match colour {
                    Colour::Black => Colour::White,
                    Colour::White => Colour::Black,
                };
            }
            fig.caption = format!("1 at {} wins (the only move that does).", r.key_move);
            // A wrong first move off the main line, marked where no numbered stone hides it.
            if let Some(w) = r
                .wrong_moves
                .iter()
                .find(|w| w.refutation.is_some() && !r.main_line.contains(&w.play))
                && let Ok(p) = board.parse(&w.play)
            {
                fig.mark(p, MarkKind::Label("a".into()));
                fig.caption.push_str(&format!(
                    " Wrong: a ({}) is answered by {}.",
                    w.play,
                    w.refutation.as_deref().unwrap_or("")
                ));
            }
        }
        Ok(fig)
    }

    fn check_field(&self, key: &str, value: &Value) -> Result<(), String> {
        match key {
            "black" | "white" if !value.is_string() => Err(format!("{key} must be a string")),
            _ => Ok(()),
        }
    }

    fn read_fields(&self, extra: Vec<(String, Value)>) -> Result<(Fields, Fields), String> {
        let mut position = Fields::new();
        for key in ["black", "white"] {
            let v = extra
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.clone())
                .ok_or_else(|| format!("missing field `{key}`"))?;
            position = position.with(key, v);
        }
        Ok((position, Fields::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fork_has_one_winning_move_and_every_other_move_is_refuted() {
        // X . .      (row 3)
        // . O .      White (O) to play has no win: no puzzle.
        // . . X      (row 1)
        let mut t = TicTacToe::new();
        for (name, c) in [
            ("A3", Color::Black),
            ("B2", Color::White),
            ("C1", Color::Black),
        ] {
            let p = t.board().parse(name).unwrap();
            t.cells[p as usize] = Some(c);
        }
        t.to_move = Color::White;
        let mut nodes = 0;
        // White must not lose: the side to move has no win here, so this is no puzzle.
        assert!(winning_moves(&mut t, &mut nodes).is_empty());
        assert!(prove(t, 1).is_err());
        // Black to move after White's corner A1 has exactly one win: the fork at C3.
        let mut t = TicTacToe::new();
        for (name, c) in [
            ("A3", Color::Black),
            ("B2", Color::White),
            ("C1", Color::Black),
            ("A1", Color::White),
        ] {
            let p = t.board().parse(name).unwrap();
            t.cells[p as usize] = Some(c);
        }
        t.to_move = Color::Black;
        let r = prove(t.clone(), 7).unwrap();
        assert_eq!(r.key_move, "C3");
        assert_eq!(r.wrong_moves.len(), 4);
        assert!(r.wrong_moves.iter().all(|w| w.refutation.is_some()));
        assert_eq!(r.main_line.first().map(String::as_str), Some("C3"));
        // The main line ends with Black's line of three.
        let mut end = t.clone();
        for m in &r.main_line {
            let p = end.board().parse(m).unwrap();
            end.play(p).unwrap();
        }
        assert_eq!(end.winner(), Some(Color::Black));
        assert!(
            Win.verify(&r, 0)
                .into_iter()
                .any(|e| e.starts_with("grade"))
        );
        let mut graded = r.clone();
        graded.grade = crate::games::puzzle::grade(r.proof_size).to_string();
        assert!(Win.verify(&graded, 0).is_empty());
        graded.key_move = "B1".into();
        assert!(!Win.verify(&graded, 0).is_empty());
    }
}

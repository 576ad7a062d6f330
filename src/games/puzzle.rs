//! The puzzle contract: the game-neutral puzzle record a manifest holds, and the `PuzzleKind`
//! each game implements in its own folder so that the generic machinery in `puzzle/` (sample,
//! prove, grade, dedupe under the board's symmetries, manifest, verify) and the book layout
//! can work on any game's puzzles without naming one.

use std::fmt;

use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use super::{Color, GameId};
use crate::figure::Figure;
use crate::geometry::{Board, PointId};

/// A wrong first move and the reply that refutes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wrong {
    /// The wrong move.
    pub play: String,
    /// The refutation, when there is one.
    pub refutation: Option<String>,
}

/// Keys a game owns in a record, with their values, in the order a manifest writes them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Fields(pub Vec<(String, Value)>);

impl Fields {
    /// No keys.
    pub fn new() -> Fields {
        Fields(Vec::new())
    }

    /// These fields with `key` set to `value` (replaced in place when it is already there).
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Fields {
        let value = value.into();
        match self.0.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = value,
            None => self.0.push((key.to_string(), value)),
        }
        self
    }

    /// The value of `key`, if present.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// The fields as one JSON object, for reading them into a game's own typed struct.
    pub fn to_object(&self) -> Value {
        Value::Object(self.0.iter().cloned().collect())
    }
}

/// One proven puzzle, as the manifest records it. The generic keys are fields; the game's
/// own keys (its position, its parameters, what the problem is about) are two `Fields` parts
/// the game's kind writes and reads, serialized in place so the manifest keeps its keys.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// Its number in the book (1-based).
    pub number: usize,
    /// The game, by its key.
    pub game: String,
    /// The position and the game's parameters in the game's own notation (written after
    /// `game`).
    pub position: Fields,
    /// Who moves: "black" or "white".
    pub to_play: String,
    /// The goal, in the kind's words ("kill", "live", ...).
    pub goal: String,
    /// "Black to play and kill".
    pub instruction: String,
    /// What the problem is about, in the game's own notation (written after `instruction`).
    pub focus: Fields,
    /// The only winning first move.
    pub key_move: String,
    /// Proven unique.
    pub unique: bool,
    /// The key move, the most stubborn replies and the winning answers.
    pub main_line: Vec<String>,
    /// Every failing first move with its refutation.
    pub wrong_moves: Vec<Wrong>,
    /// Distinct positions in the proof.
    pub proof_size: usize,
    /// Plies of the main line.
    pub depth: usize,
    /// Nodes the generator's search expanded.
    pub nodes: u64,
    /// "easy", "medium" or "hard".
    pub grade: String,
    /// The seed of this puzzle's RNG stream.
    pub seed: u64,
    /// The solution tree in the game's tree notation (SGF for Go), wrong moves as variations.
    pub sgf: String,
}

impl Serialize for Record {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("number", &self.number)?;
        m.serialize_entry("game", &self.game)?;
        for (k, v) in &self.position.0 {
            m.serialize_entry(k, v)?;
        }
        m.serialize_entry("to_play", &self.to_play)?;
        m.serialize_entry("goal", &self.goal)?;
        m.serialize_entry("instruction", &self.instruction)?;
        for (k, v) in &self.focus.0 {
            m.serialize_entry(k, v)?;
        }
        m.serialize_entry("key_move", &self.key_move)?;
        m.serialize_entry("unique", &self.unique)?;
        m.serialize_entry("main_line", &self.main_line)?;
        m.serialize_entry("wrong_moves", &self.wrong_moves)?;
        m.serialize_entry("proof_size", &self.proof_size)?;
        m.serialize_entry("depth", &self.depth)?;
        m.serialize_entry("nodes", &self.nodes)?;
        m.serialize_entry("grade", &self.grade)?;
        m.serialize_entry("seed", &self.seed)?;
        m.serialize_entry("sgf", &self.sgf)?;
        m.end()
    }
}

/// Reads a record: each generic key in its own type (so an error points at it), the other
/// keys handed to the game's kind, which keeps its own and checks their types.
struct RecordVisitor;

impl<'de> Visitor<'de> for RecordVisitor {
    type Value = Record;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct Record")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Record, A::Error> {
        let mut number = None;
        let mut game = None;
        let mut to_play = None;
        let mut goal = None;
        let mut instruction = None;
        let mut key_move = None;
        let mut unique = None;
        let mut main_line = None;
        let mut wrong_moves = None;
        let mut proof_size = None;
        let mut depth = None;
        let mut nodes = None;
        let mut grade = None;
        let mut seed = None;
        let mut sgf = None;
        let mut extra: Vec<(String, Value)> = Vec::new();
        /// Reads the value of a generic key once.
        fn once<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
            map: &mut A,
            slot: &mut Option<T>,
            key: &'static str,
        ) -> Result<(), A::Error> {
            if slot.is_some() {
                return Err(de::Error::duplicate_field(key));
            }
            *slot = Some(map.next_value()?);
            Ok(())
        }
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "number" => once(&mut map, &mut number, "number")?,
                "game" => once(&mut map, &mut game, "game")?,
                "to_play" => once(&mut map, &mut to_play, "to_play")?,
                "goal" => once(&mut map, &mut goal, "goal")?,
                "instruction" => once(&mut map, &mut instruction, "instruction")?,
                "key_move" => once(&mut map, &mut key_move, "key_move")?,
                "unique" => once(&mut map, &mut unique, "unique")?,
                "main_line" => once(&mut map, &mut main_line, "main_line")?,
                "wrong_moves" => once(&mut map, &mut wrong_moves, "wrong_moves")?,
                "proof_size" => once(&mut map, &mut proof_size, "proof_size")?,
                "depth" => once(&mut map, &mut depth, "depth")?,
                "nodes" => once(&mut map, &mut nodes, "nodes")?,
                "grade" => once(&mut map, &mut grade, "grade")?,
                "seed" => once(&mut map, &mut seed, "seed")?,
                "sgf" => once(&mut map, &mut sgf, "sgf")?,
                _ => {
                    let v: Value = map.next_value()?;
                    // Checked here when the game is known, so an error points at the value.
                    if let Some(kind) = game.as_deref().and_then(first_kind) {
                        kind.check_field(&key, &v).map_err(de::Error::custom)?;
                    }
                    extra.push((key, v));
                }
            }
        }
        /// A generic key's value, or the error that names the missing key.
        fn need<T, E: de::Error>(v: Option<T>, key: &'static str) -> Result<T, E> {
            v.ok_or_else(|| E::missing_field(key))
        }
        let number = need(number, "number")?;
        let game: String = need(game, "game")?;
        let (position, focus) = match first_kind(&game) {
            None => (Fields(extra), Fields::new()),
            Some(kind) => kind.read_fields(extra).map_err(de::Error::custom)?,
        };
        Ok(Record {
            number,
            game,
            position,
            to_play: need(to_play, "to_play")?,
            goal: need(goal, "goal")?,
            instruction: need(instruction, "instruction")?,
            focus,
            key_move: need(key_move, "key_move")?,
            unique: need(unique, "unique")?,
            main_line: need(main_line, "main_line")?,
            wrong_moves: need(wrong_moves, "wrong_moves")?,
            proof_size: need(proof_size, "proof_size")?,
            depth: need(depth, "depth")?,
            nodes: need(nodes, "nodes")?,
            grade: need(grade, "grade")?,
            seed: need(seed, "seed")?,
            sgf: need(sgf, "sgf")?,
        })
    }
}

/// The first puzzle kind of the game a record names (all of a game's kinds read and write
/// its records alike), or None.
fn first_kind(game: &str) -> Option<&'static dyn PuzzleKind> {
    GameId::parse(game).and_then(|g| kinds_of(g).first().copied())
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Record, D::Error> {
        d.deserialize_map(RecordVisitor)
    }
}

/// The bands of difficulty by proof size a kind gets unless it sets its own: easy below the
/// first bound, hard from the second.
pub const BANDS: [(&str, usize); 2] = [("easy", 80), ("medium", 250)];

/// The band of a proof size under the default bands (`BANDS`).
pub fn grade(proof_size: usize) -> &'static str {
    grade_in([BANDS[0].1, BANDS[1].1], proof_size)
}

/// The band of a proof size under `bounds` (easy below the first, hard from the second);
/// bands never overlap, so harder bands always have larger proofs.
pub fn grade_in(bounds: [usize; 2], proof_size: usize) -> &'static str {
    if proof_size < bounds[0] {
        "easy"
    } else if proof_size < bounds[1] {
        "medium"
    } else {
        "hard"
    }
}

/// What a record claims that the proof made again from its position does not: each field
/// that differs, by name (the generic claims, every key of the game's focus, and the grade
/// under the kind's bands); or why it was not proven again.
pub fn differences(
    kind: &dyn PuzzleKind,
    r: &Record,
    again: Result<Record, String>,
) -> Vec<String> {
    let again = match again {
        Ok(a) => a,
        Err(e) => return vec![format!("key_move: not proven again ({e})")],
    };
    let mut out = Vec::new();
    let mut check = |field: &str, same: bool| {
        if !same {
            out.push(format!("{field}: does not match the proof"));
        }
    };
    check("goal", r.goal == again.goal);
    check("to_play", r.to_play == again.to_play);
    check("instruction", r.instruction == again.instruction);
    let mut focus: Vec<&str> = r.focus.0.iter().map(|(k, _)| k.as_str()).collect();
    focus.extend(again.focus.0.iter().map(|(k, _)| k.as_str()));
    focus.sort_unstable();
    focus.dedup();
    for key in focus {
        check(key, r.focus.get(key) == again.focus.get(key));
    }
    check("key_move", r.key_move == again.key_move);
    check("unique", r.unique == again.unique);
    check("main_line", r.main_line == again.main_line);
    check("wrong_moves", r.wrong_moves == again.wrong_moves);
    check("proof_size", r.proof_size == again.proof_size);
    check("depth", r.depth == again.depth);
    check("sgf", r.sgf == again.sgf);
    check("grade", r.grade == kind.grade(again.proof_size));
    out
}

/// A sampled problem before it is proven: owned by the kind that sampled it, which alone
/// looks inside.
pub type Candidate = Box<dyn std::any::Any + Send>;

/// A kind of puzzle a game generates, proves, re-proves and draws: the one contract the
/// generic puzzle machinery (`puzzle/`) and the book layout use. One line per item:
pub trait PuzzleKind: Sync {
    /// The kind's name as puzzles tables, manifests and `stonepress games` write it ("kill").
    fn name(&self) -> &'static str;
    /// True for the kind a puzzles table gets when it names none.
    fn is_default(&self) -> bool;
    /// The board sizes a puzzles table may ask for: (least, most, default).
    fn sizes(&self) -> (usize, usize, usize);
    /// Nodes each search of `verify` may expand (above the generator's budget, never below).
    fn verify_nodes(&self) -> u64;
    /// The proof sizes where its bands start: medium from the first, hard from the second
    /// (`BANDS` unless the kind's proofs run larger or smaller).
    fn bands(&self) -> [usize; 2] {
        [BANDS[0].1, BANDS[1].1]
    }
    /// The band of a proof size of this kind: "easy", "medium" or "hard".
    fn grade(&self, proof_size: usize) -> &'static str {
        grade_in(self.bands(), proof_size)
    }
    /// Samples the candidate problem of `seed` on a board of `size` (None: no legal problem).
    fn sample(&self, seed: u64, size: usize) -> Option<Candidate>;
    /// Proves a candidate into a record (unique key, wrong moves, line, tree) or says why not.
    fn prove(&self, candidate: Candidate, seed: u64) -> Result<Record, String>;
    /// Re-proves a record with `nodes` per search: each claim that fails, naming its field.
    fn verify(&self, r: &Record, nodes: u64) -> Vec<String>;
    /// A short paragraph for a chapter page: what a puzzle of this kind asks and how its
    /// figures and answers read.
    fn introduction(&self) -> &'static str;
    /// The symmetries of `board` that map this kind's puzzles onto equivalent ones, for
    /// dedupe: all of the board's own unless the game marks points the geometry does not
    /// know of (a corner that belongs to one colour).
    fn symmetries(&self, board: &Board) -> Vec<Vec<PointId>> {
        board.symmetries()
    }
    /// The board of a record (for the book and for dedupe), or why it has none.
    fn board(&self, r: &Record) -> Result<Board, String>;
    /// The record's stones as points of `board` and colours (names that are no point left out).
    fn stones(&self, r: &Record, board: &Board) -> Vec<(PointId, Color)>;
    /// The book's figure of a record: the problem as set, or solved and captioned if `answer`.
    fn figure(&self, r: &Record, answer: bool) -> Result<Figure, String>;
    /// Checks the type of one game-owned key of a manifest record (other keys pass).
    fn check_field(&self, key: &str, value: &Value) -> Result<(), String>;
    /// Splits a manifest record's game-owned keys into (position, focus), typed; drops others.
    fn read_fields(&self, extra: Vec<(String, Value)>) -> Result<(Fields, Fields), String>;
}

impl fmt::Debug for dyn PuzzleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PuzzleKind({})", self.name())
    }
}

/// The puzzle kinds of a game, in the order `stonepress games` lists them (none for a game
/// without a generator).
pub fn kinds_of(game: GameId) -> &'static [&'static dyn PuzzleKind] {
    game.puzzle_kinds()
}

/// The games that make puzzles, in registry order, with their kinds.
pub fn games_with_kinds() -> Vec<(GameId, &'static [&'static dyn PuzzleKind])> {
    GameId::all()
        .map(|g| (g, kinds_of(g)))
        .filter(|(_, kinds)| !kinds.is_empty())
        .collect()
}

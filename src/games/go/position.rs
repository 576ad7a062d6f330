//! Loading a Go position from the shared TOML position file or from SGF.
//!
//! TOML keys for Go: `size` (5..19, default 9), `black` and `white` (coordinates such as
//! "C3 D4"), or `picture` (rows of X, O and . from the top row down), `handicap` (2..9 stones
//! placed in the traditional order, then White moves), `komi` (default 7, or 0 in handicap
//! games), `ko_rule` ("superko" or "simple"), `to_play`, `moves` (replayed with every rule
//! enforced; "pass" passes, "resign" ends the record) and `dead` (stones marked dead for
//! scoring). SGF files give SZ, KM, HA, AB, AW, AE, PL and the B/W moves of the main line; a
//! problem file's set-up also gives its statement (C, or GN failing that: `statement`) and its
//! marked stones (MA).
//!
//! Set-up stones are resolved before any reaches the engine: a point given twice or to both
//! colours is an error naming it, SGF `AE` empties a point set up earlier (in file order), and
//! the engine is then set up from the resolved stones on an empty board. Passes after the two
//! that end an SGF game are skipped with a warning. Errors give the file, line and column of
//! the value at fault.

use super::engine::{Color, Go, KoRule, Move, Pt};
use super::sgf;
use super::statement::Statement;
use crate::games::position::{
    Blame, PositionSpec, coord_message, line_col, picture_rows, quote, spec_for,
};
use crate::games::{GameError, PositionError, Source};
use crate::geometry::PointId;

/// A loaded Go position with what the file said about komi, handicap and dead stones.
#[derive(Clone, Debug)]
pub struct GoPosition {
    /// The position after the record.
    pub go: Go,
    /// Komi for White.
    pub komi: f64,
    /// Handicap stones placed.
    pub handicap: usize,
    /// Extra points for White in handicap games (one per handicap stone by default).
    pub compensation: f64,
    /// Stones marked dead in the file.
    pub dead: Vec<Pt>,
    /// True when the record ended in a resignation, with the resigning colour.
    pub resigned: Option<Color>,
    /// The SGF result property, if any.
    pub result: Option<String>,
    /// What was read leniently (passes after the game's end in an SGF record).
    pub warnings: Vec<String>,
    /// A problem file's answers: the first moves of the variations its comments mark as
    /// correct (`RIGHT`, "correct"). A problem file (set-up stones of both colours, then
    /// marked variations or two first moves or more) is read as its set-up alone, the
    /// position before the answers; an unmarked one has no answers here.
    pub answers: Vec<Pt>,
    /// For an SGF file of set-up stones of both colours followed by one line of moves (no
    /// variations at its start): the set-up as it stands before the line, its first move's
    /// colour to play, and that first move (None for a pass, or once `--to-play` has given the
    /// move to the other side). The line is played through for
    /// `go`, as a record continued from a position; `solve` reads the file as a problem whose
    /// answer the line gives, as problem collections write a single answer.
    pub before_line: Option<(Go, Option<Pt>)>,
    /// What a problem file's comment says it asks ("Black to live", "黒先白死"): read from
    /// the set-up's comments, from the first move's in the one-line form, and failing those
    /// from the game's name (`GN`; `statement::read`). `solve` takes the defender from it
    /// when neither `--goal` nor `--target` is given, and the side to play when the file has
    /// no `PL`.
    pub statement: Option<Statement>,
    /// The stones a problem file's set-up marks with `MA`, where such files mark the group
    /// at stake: `solve` takes its target among them when `--target` is not given.
    pub marked: Vec<Pt>,
}

/// The handicap points for N stones on a board of size n, in the traditional order:
/// A upper right, B lower left, C lower right, D upper left, E centre (odd sizes), then the
/// sides: 6 = corners + left and right, 7 = 6 + centre, 8 = corners + four sides,
/// 9 = 8 + centre. Columns and rows are 0-based from the lower left.
pub fn handicap_points(n: usize, stones: usize) -> Vec<(usize, usize)> {
    let e = if n >= 13 { 3 } else { 2 };
    let f = n - 1 - e;
    let m = n / 2;
    let corners = [(f, f), (e, e), (f, e), (e, f)];
    let mut out: Vec<(usize, usize)> = corners.iter().take(stones.min(4)).copied().collect();
    match stones {
        5 => out.push((m, m)),
        6 => out.extend([(e, m), (f, m)]),
        7 => out.extend([(e, m), (f, m), (m, m)]),
        8 => out.extend([(e, m), (f, m), (m, e), (m, f)]),
        9 => out.extend([(e, m), (f, m), (m, e), (m, f), (m, m)]),
        _ => {}
    }
    out
}

pub use crate::games::position::key_line;

/// Reads a Go position (a TOML table or an SGF record, told apart by the name's extension or
/// the text's opening parenthesis). Warnings about an SGF record (passes after the game's end)
/// are kept in the position's `warnings` for the caller to show.
pub fn read(source: &Source) -> Result<GoPosition, GameError> {
    let is_sgf = source.table.is_none()
        && (source.has_extension("sgf") || source.text.trim_start().starts_with('('));
    if is_sgf {
        from_sgf(source.text, source.name)
    } else {
        let spec = spec_for(&super::game::GoGame, source)?;
        from_spec(&spec, source.text, source.name)
    }
}

/// Checks that a number of points the file gives is finite and not absurd.
fn finite(v: f64, what: &str) -> Result<f64, String> {
    if v.is_finite() && v.abs() <= 1000.0 {
        Ok(v)
    } else {
        Err(format!(
            "{what} {v} is not a number of points in -1000..1000"
        ))
    }
}

/// Builds a position from a parsed TOML position table; `text` is used to find lines. The
/// set-up stones (picture, lists, handicap) are checked first, each point at most once, and
/// only then placed on the empty board.
pub fn from_spec(spec: &PositionSpec, text: &str, file: &str) -> Result<GoPosition, GameError> {
    let blame = Blame { file, text };
    let size: Option<usize> = blame.value(spec, "size")?;
    let komi: Option<f64> = blame.value(spec, "komi")?;
    let handicap: Option<u8> = blame.value(spec, "handicap")?;
    let handicap_compensation: Option<f64> = blame.value(spec, "handicap_compensation")?;
    let ko_rule: Option<String> = blame.value(spec, "ko_rule")?;
    let dead: Option<String> = blame.value(spec, "dead")?;
    let n = size.unwrap_or_else(|| spec.picture.as_ref().map_or(9, |p| picture_rows(p).len()));
    if !(5..=19).contains(&n) {
        let key = if size.is_some() { "size" } else { "picture" };
        return Err(blame.at(key, format!("board size {n} is outside 5..19")));
    }
    let mut go = Go::new(n);
    go.ko_rule = match ko_rule.as_deref() {
        None | Some("superko") => KoRule::Superko,
        Some("simple") => KoRule::Simple,
        Some(other) => {
            return Err(blame.at(
                "ko_rule",
                format!(
                    "unknown ko_rule '{}' (use \"superko\" or \"simple\")",
                    quote(other)
                ),
            ));
        }
    };
    let board = go.board().clone();
    let mut stones: Vec<(PointId, Color)> = Vec::new();
    if let Some(pic) = &spec.picture {
        if spec.black.is_some() || spec.white.is_some() {
            return Err(blame.at("picture", "give a picture or black/white lists, not both"));
        }
        let rows = picture_rows(pic);
        if rows.len() != n || rows.iter().any(|r| r.len() != n) {
            let bad = rows.iter().position(|r| r.len() != n).unwrap_or(0);
            return Err(blame.at_picture(
                bad,
                0,
                format!("the picture must have {n} rows of {n} points"),
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            for (c, ch) in row.iter().enumerate() {
                let id = ((n - 1 - i) * n + c) as PointId;
                match ch {
                    'X' | 'x' | 'B' => stones.push((id, Color::Black)),
                    'O' | 'o' | 'W' => stones.push((id, Color::White)),
                    '.' | '+' | '-' => {}
                    other => {
                        return Err(blame.at_picture(
                            i,
                            c,
                            format!("unknown picture character '{other}' (use X, O, .)"),
                        ));
                    }
                }
            }
        }
    }
    blame.stone_lists(spec, &board, &mut stones)?;
    let handicap = handicap.unwrap_or(0) as usize;
    if handicap == 1 || handicap > 9 {
        return Err(blame.at("handicap", format!("handicap {handicap} is not 2..9")));
    }
    if handicap >= 2 {
        for (c, r) in handicap_points(n, handicap) {
            let id = (r * n + c) as PointId;
            if stones.iter().any(|s| s.0 == id) {
                return Err(blame.at(
                    "handicap",
                    format!(
                        "handicap point {} already holds a set-up stone",
                        board.name(id)
                    ),
                ));
            }
            stones.push((id, Color::Black));
        }
    }
    for &(id, c) in &stones {
        let p = go.pt(id);
        go.setup(p, Some(c));
    }
    if handicap >= 2 {
        go.set_to_move(Color::White);
    }
    if let Some(&g) = go.groups_without_liberties().first() {
        let key = if spec.picture.is_some() {
            "picture"
        } else if go.stone(g) == Some(Color::White) {
            "white"
        } else if spec.black.is_some() {
            "black"
        } else {
            "handicap"
        };
        return Err(blame.at(
            key,
            format!(
                "the group at {} has no liberty: not a legal position",
                go.name(g)
            ),
        ));
    }
    if spec.to_play.is_some() {
        let c = blame.to_play(spec, Color::Black)?;
        go.set_to_move(c);
    }
    let komi = match komi {
        Some(k) => finite(k, "komi").map_err(|m| blame.at("komi", m))?,
        None if handicap >= 2 => 0.0,
        None => 7.0,
    };
    let compensation = match handicap_compensation {
        Some(k) => {
            finite(k, "handicap_compensation").map_err(|m| blame.at("handicap_compensation", m))?
        }
        None => handicap as f64,
    };
    let mut pos = GoPosition {
        go,
        komi,
        handicap,
        compensation,
        dead: Vec::new(),
        resigned: None,
        result: None,
        warnings: Vec::new(),
        answers: Vec::new(),
        before_line: None,
        statement: None,
        marked: Vec::new(),
    };
    if let Some(moves) = &spec.moves {
        for (i, tok) in moves.tokens().iter().enumerate() {
            if pos.resigned.is_some() {
                return Err(blame.illegal(i + 1, tok, "the record continues after a resignation"));
            }
            if tok.eq_ignore_ascii_case("resign") {
                pos.resigned = Some(pos.go.to_move());
                continue;
            }
            let mv = if tok.eq_ignore_ascii_case("pass") {
                Move::Pass
            } else {
                let p = pos
                    .go
                    .parse(tok)
                    .map_err(|e| blame.illegal(i + 1, tok, coord_message(&e)))?;
                Move::Play(p)
            };
            pos.go
                .play(mv)
                .map_err(|e| blame.illegal(i + 1, tok, e.reason()))?;
        }
    }
    if let Some(dead) = &dead {
        pos.dead = parse_dead(&pos.go, dead).map_err(|m| blame.at("dead", m))?;
    }
    Ok(pos)
}

/// Parses a list of points marked dead; each must hold a stone.
pub fn parse_dead(go: &Go, list: &str) -> Result<Vec<Pt>, String> {
    let ids = go.board().parse_list(list).map_err(|e| coord_message(&e))?;
    let mut out = Vec::new();
    for id in ids {
        let p = go.pt(id);
        if go.stone(p).is_none() {
            return Err(format!("{} is marked dead but holds no stone", go.name(p)));
        }
        out.push(p);
    }
    Ok(out)
}

/// A move of an SGF record: colour, point (None for a pass), the text as written and its byte
/// offset in the file.
type SgfMove = (Color, Option<(usize, usize)>, String, usize);

/// Builds a position from SGF text: set-up properties (AB, AW, AE) of the nodes before the
/// first move, resolved point by point (AE empties a point set up earlier; a point given twice
/// or to both colours is an error), then the main line, unless the file is a problem file
/// (`GoPosition::answers`), whose variations are answers and are not played. Passes after the
/// game's end (two passes) are skipped with a warning, as other programs read such records.
/// Of a collection of several game trees, or of problems kept as variations of one empty root
/// (`util::text::sgf_problems`), the first is read, with a warning.
pub fn from_sgf(text: &str, file: &str) -> Result<GoPosition, GameError> {
    let at = |offset: usize, message: String| -> GameError {
        let (line, column) = line_col(text, offset);
        PositionError::Syntax {
            file: file.into(),
            line,
            column,
            message: crate::games::position::shorten_quotes(&message),
        }
        .into()
    };
    let (root, next_tree) =
        sgf::parse_first(text).map_err(|e| at(e.offset, format!("SGF: {}", e.message)))?;
    if let Some((gm, o)) = root.first_at("GM")
        && gm.trim() != "1"
    {
        return Err(at(
            o,
            format!("GM[{}] is not a Go record (GM[1])", quote(gm)),
        ));
    }
    let n: usize = match root.first_at("SZ") {
        None => 19,
        Some((s, o)) => {
            let n = s
                .split(':')
                .next()
                .and_then(|v| v.trim().parse().ok())
                .ok_or_else(|| at(o, format!("SZ[{}] is not a board size", quote(s))))?;
            if !(5..=19).contains(&n) {
                return Err(at(o, format!("board size {n} is outside 5..19")));
            }
            n
        }
    };
    let (handicap, ha_at): (usize, usize) = match root.first_at("HA") {
        None => (0, 0),
        Some((h, o)) => match h.trim().parse::<usize>() {
            Ok(v) if v <= 9 => (v, o),
            _ => {
                return Err(at(
                    o,
                    format!("HA[{}] is not a handicap of 0..9 stones", quote(h)),
                ));
            }
        },
    };
    let komi: f64 = match root.first_at("KM") {
        Some((k, o)) => k
            .trim()
            .parse()
            .map_err(|_| format!("KM[{}] is not a number", quote(k)))
            .and_then(|v| finite(v, "komi"))
            .map_err(|m| at(o, m))?,
        None => {
            if handicap >= 2 {
                0.0
            } else {
                7.0
            }
        }
    };
    let mut go = Go::new(n);
    let id_of = |(c, r): (usize, usize)| ((n - 1 - r) * n + c) as PointId;
    // The set-up, point by point: the colour and where in the file it was given.
    let mut setup: Vec<Option<(Color, usize)>> = vec![None; n * n];
    // The order in which the file gives the stones (the engine is set up in that order).
    let mut order: Vec<(usize, Color, usize)> = Vec::new();
    let mut to_move = None;
    let mut moves: Vec<SgfMove> = Vec::new();
    // A problem file: set-up nodes with stones of both colours, then a tree of answers, either
    // marked (some variations' comments say they are correct) or not (the first move already
    // branches, which a game record's does not). It is read as the set-up alone, and the
    // marked variations' first moves are its answers. A record from the empty board or from
    // handicap stones is never a problem file, whatever its comments say.
    let mut line = root.main_line();
    let setup_nodes = line
        .iter()
        .take_while(|n| n.get("B").is_none() && n.get("W").is_none())
        .count();
    let marked = |v: &sgf::SgfNode| marks_correct(v);
    let mut given: Vec<(Color, (usize, usize))> = Vec::new();
    let both_colours = ["AB", "AW"].iter().all(|id| {
        line[..setup_nodes]
            .iter()
            .any(|n| n.get(id).is_some_and(|v| !v.is_empty()))
    });
    let problem_file = setup_nodes > 0 && both_colours;
    // The problem's own words: the set-up's comments, and in the one-line form (a single
    // move after the set-up, not marked as an answer) that move's, which is where such files
    // write them; failing those, the game's name.
    let mut statement = None;
    if problem_file {
        let next = &line[setup_nodes - 1].children;
        let one_line = next.len() == 1 && !next.iter().any(marks_correct);
        let worded = line[..setup_nodes]
            .iter()
            .chain(line.get(setup_nodes).filter(|_| one_line));
        // The comments first; then the game's name, where some collections write it
        // ("GN[黑先活 第1题]").
        statement = worded
            .filter_map(|n| n.first_at("C"))
            .chain(root.first_at("GN"))
            .find_map(|(c, o)| super::statement::read(c).map(|s| (s, o)));
    }
    let no_pl = line[..setup_nodes].iter().all(|n| n.get("PL").is_none());
    if setup_nodes < line.len() && problem_file {
        let last = line[setup_nodes - 1];
        if last.children.len() >= 2 && !last.children.iter().any(marked) {
            // Unmarked answers: the set-up, with the side of the first moves to play.
            let sides: Vec<Color> = last
                .children
                .iter()
                .filter_map(|c| {
                    [("B", Color::Black), ("W", Color::White)]
                        .into_iter()
                        .find_map(|(id, colour)| c.get(id).map(|_| colour))
                })
                .collect();
            if to_move.is_none() && sides.windows(2).all(|w| w[0] == w[1]) {
                to_move = sides.first().copied();
            }
            line.truncate(setup_nodes);
        } else if last.children.iter().any(marked) {
            for child in last.children.iter().filter(|c| marked(c)) {
                for (id, colour) in [("B", Color::Black), ("W", Color::White)] {
                    if let Some((v, o)) = child.first_at(id)
                        && let Some(p) = sgf::parse_point(v, n).map_err(|m| at(o, m))?
                    {
                        given.push((colour, p));
                    }
                }
            }
            line.truncate(setup_nodes);
        }
    }
    for node in line {
        // Set-up properties in file order: AE empties what an earlier one set up.
        for (k, (id, values)) in node.props.iter().enumerate() {
            let colour = match id.as_str() {
                "AB" => Some(Color::Black),
                "AW" => Some(Color::White),
                "AE" => None,
                _ => continue,
            };
            for (j, v) in values.iter().enumerate() {
                let o = node
                    .offsets
                    .get(k)
                    .and_then(|o| o.get(j))
                    .copied()
                    .unwrap_or(0);
                if !moves.is_empty() {
                    return Err(at(o, format!("{id} after moves is not supported")));
                }
                for p in sgf::expand_points(&[v.to_string()], n).map_err(|m| at(o, m))? {
                    let i = id_of(p) as usize;
                    match (colour, setup[i]) {
                        (None, _) => setup[i] = None,
                        (Some(c), None) => {
                            setup[i] = Some((c, o));
                            order.push((i, c, o));
                        }
                        (Some(c), Some((before, _))) => {
                            let name = go.board().name(i as PointId).to_string();
                            return Err(at(
                                o,
                                if before == c {
                                    format!("{name} is given twice")
                                } else {
                                    format!("{name} is given to both Black and White")
                                },
                            ));
                        }
                    }
                }
            }
        }
        if let Some((pl, o)) = node.first_at("PL") {
            let c = Color::parse(pl)
                .ok_or_else(|| at(o, format!("PL[{}] is not B or W", quote(pl))))?;
            to_move = Some(c);
        }
        for (id, colour) in [("B", Color::Black), ("W", Color::White)] {
            if let Some((v, o)) = node.first_at(id) {
                let p = sgf::parse_point(v, n).map_err(|m| at(o, m))?;
                moves.push((colour, p, v.to_string(), o));
            }
        }
    }
    let has_setup_black = setup.iter().flatten().any(|s| s.0 == Color::Black);
    if handicap >= 2 && !has_setup_black && to_move != Some(Color::White) {
        // HA without set-up stones: place them in the traditional order.
        for (c, r) in handicap_points(n, handicap) {
            let i = r * n + c;
            if setup[i].is_some() {
                let name = go.board().name(i as PointId).to_string();
                return Err(at(
                    ha_at,
                    format!("handicap point {name} already holds a set-up stone"),
                ));
            }
            setup[i] = Some((Color::Black, ha_at));
            order.push((i, Color::Black, ha_at));
        }
        to_move = Some(Color::White);
    } else if handicap >= 2 && to_move.is_none() {
        to_move = Some(Color::White);
    }
    for &(i, c, o) in &order {
        // An entry a later AE emptied (and perhaps another value set again) is skipped: each
        // point is placed once, on an empty point, as the file leaves it.
        if setup[i] == Some((c, o)) {
            go.setup(go.pt(i as PointId), Some(c));
        }
    }
    if let Some(&g) = go.groups_without_liberties().first() {
        let o = setup[go.id(g) as usize].map_or(0, |s| s.1);
        return Err(at(
            o,
            format!(
                "the group at {} has no liberty: not a legal position",
                go.name(g)
            ),
        ));
    }
    let mut warnings = Vec::new();
    // The side the comment says is to play, where no `PL` says it. Set against `PL`, or
    // against the colour of the answers the file gives (its marked variations or its one
    // line), the file's moves are followed.
    if let Some((
        Statement {
            to_play: Some(c), ..
        },
        o,
    )) = &statement
    {
        // The answers' colour: marked variations', or the one line's first move.
        let answers_say = given
            .first()
            .map(|g| g.0)
            .or_else(|| moves.first().filter(|_| problem_file).map(|m| m.0));
        match to_move.or(answers_say) {
            Some(f) if f != *c => {
                let (line, column) = line_col(text, *o);
                warnings.push(format!(
                    "{file}:{line}:{column}: the comment says {} to play, but the file {} \
                     {}; {} plays",
                    c.title(),
                    if no_pl {
                        "gives answers for"
                    } else {
                        "has PL for"
                    },
                    f.title(),
                    f.title()
                ));
            }
            Some(_) => {}
            None => to_move = Some(*c),
        }
    }
    if let Some(c) = to_move.or(given.first().map(|g| g.0)) {
        go.set_to_move(c);
    }
    let answers: Vec<Pt> = given
        .iter()
        .filter(|g| g.0 == go.to_move())
        .map(|g| go.pt(id_of(g.1)))
        .collect();
    // One line of moves after a set-up of both colours (its variations, if any, were read as
    // answers above and the line dropped).
    let before_line = match moves.first() {
        Some(&(colour, p, _, _)) if problem_file => {
            let mut before = go.clone();
            before.set_to_move(colour);
            Some((before, p.map(|p| go.pt(id_of(p)))))
        }
        _ => None,
    };
    // A collection of several problems or games: the first is read, and the user told. A
    // problem book kept as variations of one empty root holds its problems there.
    if let Some(o) = next_tree {
        let (line, column) = line_col(text, o);
        warnings.push(format!(
            "{file}:{line}:{column}: the file holds more than one game tree; only the first is \
             read (`--tree N` on the command line reads another)"
        ));
    } else if let problems = crate::util::text::sgf_problems(text)
        && let Some(second) = problems.get(1).filter(|p| p.variation)
    {
        let (line, column) = line_col(text, second.begins);
        warnings.push(format!(
            "{file}:{line}:{column}: the file holds {} problems as variations of its root; only \
             the first is read (`--tree N` on the command line reads another)",
            problems.len()
        ));
    }
    for (i, (colour, p, written, o)) in moves.iter().enumerate() {
        if go.game_over() && moves[i..].iter().all(|m| m.1.is_none()) {
            let extra = moves.len() - i;
            let (line, column) = line_col(text, *o);
            warnings.push(format!(
                "{file}:{line}:{column}: {extra} more pass{} after the game ended with two \
                 passes (from move {}); ignored",
                if extra == 1 { "" } else { "es" },
                i + 1
            ));
            break;
        }
        // SGF records say who moves; follow them (a player may move twice in edited files).
        go.set_to_move(*colour);
        let mv = match p {
            None => Move::Pass,
            Some(p) => Move::Play(go.pt(id_of(*p))),
        };
        go.play(mv).map_err(|e| {
            let what = match mv {
                Move::Pass => format!("{} pass", colour.name()),
                Move::Play(q) => format!("{} {} [{}]", colour.name(), go.name(q), quote(written)),
            };
            at(
                *o,
                format!("move {} ({what}) is illegal: {}", i + 1, e.reason()),
            )
        })?;
    }
    // The stones a problem file's set-up marks (MA): the group at stake, where files mark it.
    let mut marked_stones = Vec::new();
    if problem_file {
        for node in &root.main_line()[..setup_nodes] {
            for (v, o) in node.values("MA") {
                for p in sgf::expand_points(&[v.to_string()], n).map_err(|m| at(o, m))? {
                    let p = go.pt(id_of(p));
                    if before_line
                        .as_ref()
                        .map_or(&go, |b| &b.0)
                        .stone(p)
                        .is_some()
                        && !marked_stones.contains(&p)
                    {
                        marked_stones.push(p);
                    }
                }
            }
        }
    }
    let result = root.first("RE").map(str::to_string);
    let resigned = result.as_deref().and_then(|r| {
        let r = r.to_ascii_uppercase();
        if r.starts_with("B+R") {
            Some(Color::White)
        } else if r.starts_with("W+R") {
            Some(Color::Black)
        } else {
            None
        }
    });
    Ok(GoPosition {
        go,
        komi,
        handicap,
        compensation: if handicap >= 2 { handicap as f64 } else { 0.0 },
        dead: Vec::new(),
        resigned,
        result,
        warnings,
        answers,
        before_line,
        statement: statement.map(|(s, _)| s),
        marked: marked_stones,
    })
}

/// True when a variation is marked as a correct answer: a comment somewhere in it says
/// `RIGHT` (the convention of online problem collections), "correct" (but not "incorrect"),
/// or the same in the books' other languages (正解 but not 不正解, 正确, 正確, 정답), and none
/// says it is wrong at the same node ("wrong", 失败, 失敗, 错误, 錯誤, 오답).
fn marks_correct(node: &sgf::SgfNode) -> bool {
    let says = node.get("C").is_some_and(|cs| {
        cs.iter().any(|c| {
            let lower = c.to_lowercase();
            let right = c.contains("RIGHT")
                || (lower.contains("correct") && !lower.contains("incorrect"))
                || (c.contains("正解") && !c.contains("不正解"))
                || ["正确", "正確", "정답"].iter().any(|w| c.contains(w));
            let wrong = lower.contains("wrong")
                || ["失败", "失敗", "错误", "錯誤", "오답"]
                    .iter()
                    .any(|w| c.contains(w));
            right && !wrong
        })
    });
    says || node.children.iter().any(marks_correct)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sgf(text: &str) -> Result<GoPosition, GameError> {
        from_sgf(text, "t.sgf")
    }

    #[test]
    fn a_problem_file_is_read_as_its_set_up_with_its_marked_answers() {
        let p = sgf(
            "(;SZ[9]AB[aa][ba]AW[ca](;B[ab]C[Wrong])(;B[bb];W[cb]C[RIGHT])\
                     (;B[da]C[Correct!]))",
        )
        .expect("a problem");
        assert_eq!(p.go.moves_played(), 0, "no variation is played");
        assert_eq!(p.go.to_move(), Color::Black, "the answers' colour moves");
        let names: Vec<String> = p.answers.iter().map(|&a| p.go.name(a)).collect();
        assert_eq!(names, ["B8", "D9"]);
        // The books' other languages mark their answers so too; 不正解 is "incorrect".
        let p = sgf(
            "(;SZ[9]AB[aa][ba]AW[ca](;B[ab]C[不正解])(;B[bb]C[正解])(;B[cb];W[db]C[失败])\
                     (;B[da]C[정답])(;B[ea]C[正确]))",
        )
        .expect("a problem");
        let names: Vec<String> = p.answers.iter().map(|&a| p.go.name(a)).collect();
        assert_eq!(names, ["B8", "D9", "E9"]);
        // A record without marks is played along its main line, as before.
        let r = sgf("(;SZ[9];B[aa](;W[bb])(;W[cc]))").expect("a record");
        assert_eq!(r.go.moves_played(), 2);
        assert!(r.answers.is_empty());
    }

    #[test]
    fn an_unmarked_tree_of_first_moves_is_a_problem_and_a_record_never_is() {
        // Two first moves after a set-up of both colours, neither marked: the set-up alone,
        // the side of the first moves to play.
        let p = sgf("(;SZ[9]AB[aa][ba]AW[ca][cb](;W[ab];B[bb])(;W[bb];B[ab]))").expect("a tree");
        assert_eq!(p.go.moves_played(), 0);
        assert_eq!(p.go.to_move(), Color::White);
        assert!(p.answers.is_empty(), "no answer is marked");
        assert!(p.before_line.is_none());
        // One line of moves after the set-up is played through as a record continued from a
        // position, and kept as a problem's answer for `solve`: the set-up before it, the
        // first move's colour to play.
        let one = sgf("(;SZ[9]AB[aa][ba]AW[ca][cb];W[ab];B[bb])").expect("one line");
        assert_eq!(one.go.moves_played(), 2);
        let (before, first) = one
            .before_line
            .as_ref()
            .expect("the set-up before the line");
        assert_eq!(before.moves_played(), 0);
        assert_eq!(before.to_move(), Color::White);
        assert_eq!(first.map(|p| before.name(p)).as_deref(), Some("A8"));
        // Handicap stones and a comment that says "correct": a game record, played through.
        let game =
            sgf("(;SZ[9]HA[2]AB[cc][gg];W[ee]C[correct];B[ce](;W[ec])(;W[dd]))").expect("a record");
        assert_eq!(game.go.moves_played(), 3);
        assert!(game.answers.is_empty());
        assert!(
            game.before_line.is_none(),
            "set-up stones of one colour: a game"
        );
    }

    #[test]
    fn ae_resolves_in_file_order_and_the_engine_matches_a_clean_set_up() {
        let ae = sgf("(;SZ[9]AB[aa][ab]AE[aa]AW[bb][ac])").unwrap();
        let clean = sgf("(;SZ[9]AB[ab]AW[bb][ac])").unwrap();
        assert_eq!(ae.go.picture(), clean.go.picture());
        assert_eq!(ae.go.hash(), clean.go.hash());
        // AE before AB in one node empties first; AB after AE sets the point again.
        let set = sgf("(;SZ[9]AE[aa]AB[aa])").unwrap();
        assert_eq!(set.go.stone(set.go.pt(72)), Some(Color::Black));
        let emptied = sgf("(;SZ[9]AB[aa]AE[aa])").unwrap();
        assert_eq!(emptied.go.picture(), Go::new(9).picture());
        // An AE on an empty point is harmless.
        assert!(sgf("(;SZ[9]AE[ee])").is_ok());
    }

    #[test]
    fn set_up_conflicts_name_the_point_and_its_place() {
        let e = sgf("(;SZ[9]AB[cc]\n;AB[cc])").unwrap_err().to_string();
        assert_eq!(e, "t.sgf:2:5: C7 is given twice");
        let text = "handicap = 2\nwhite = \"C3\"\n";
        let spec = PositionSpec::parse(text, std::path::Path::new("h.toml")).unwrap();
        let e = from_spec(&spec, text, "h.toml").unwrap_err().to_string();
        assert_eq!(
            e,
            "h.toml:1:12: handicap point C3 already holds a set-up stone"
        );
    }

    #[test]
    fn passes_after_the_end_are_skipped_with_a_warning() {
        let pos = sgf("(;SZ[9];B[ee];W[];B[];W[tt];B[])").unwrap();
        assert_eq!(pos.go.moves_played(), 3);
        assert!(pos.go.game_over());
        assert_eq!(pos.warnings.len(), 1);
        assert!(
            pos.warnings[0].starts_with("t.sgf:1:25: 2 more passes"),
            "{}",
            pos.warnings[0]
        );
        let clean = sgf("(;SZ[9];B[ee];W[];B[])").unwrap();
        assert!(clean.warnings.is_empty());
    }

    /// A problem file's words and marks: the set-up's comment (or the one-line form's first
    /// move's) states the defender and, without `PL`, the side to play; `MA` on a stone marks
    /// the group at stake. A variation's comment is an answer's, never the statement.
    #[test]
    fn a_problem_files_statement_and_marks_are_read() {
        let set_up = "SZ[9]AB[ab][bb][cb]AW[ac][bc][cc]";
        let p = sgf(&format!(
            "(;{set_up}C[White to play and kill]MA[bb][ee][ac])"
        ))
        .unwrap();
        let s = p.statement.as_ref().expect("a statement");
        assert_eq!(
            (s.to_play, s.defender),
            (Some(Color::White), Some(Color::Black))
        );
        assert_eq!(s.said, "White to play and kill");
        assert_eq!(
            p.go.to_move(),
            Color::White,
            "no PL: the comment's side plays"
        );
        let marked: Vec<String> = p.marked.iter().map(|&m| p.go.name(m)).collect();
        assert_eq!(marked, ["B8", "A7"], "marks on stones only, in file order");
        assert!(p.warnings.is_empty());
        // PL against the comment: PL is followed, with a warning at the comment.
        let pl = sgf(&format!("(;{set_up}PL[B]C[White to play and kill])")).unwrap();
        assert_eq!(pl.go.to_move(), Color::Black);
        assert_eq!(
            pl.warnings,
            [
                "t.sgf:1:43: the comment says White to play, but the file has PL for Black; \
              Black plays"
            ]
        );
        assert_eq!(pl.statement.and_then(|s| s.defender), Some(Color::Black));
        // The one-line form states it on the line's first move; a line of the other colour
        // is followed, with a warning.
        let other = sgf(&format!("(;{set_up};C[White to play and kill]B[ba])")).unwrap();
        let (before, _) = other.before_line.expect("a line");
        assert_eq!(before.to_move(), Color::Black);
        assert_eq!(
            other.warnings,
            [
                "t.sgf:1:39: the comment says White to play, but the file gives answers for \
              Black; Black plays"
            ]
        );
        let line = sgf(&format!("(;{set_up};C[黑先活]B[ba])")).unwrap();
        assert!(line.warnings.is_empty());
        let s = line.statement.expect("a statement");
        assert_eq!(
            (s.to_play, s.defender),
            (Some(Color::Black), Some(Color::Black))
        );
        // The game's name when no comment states the problem.
        let named = sgf(&format!("(;GN[黑先活 第1题]{set_up}C[Problem 1])")).unwrap();
        assert_eq!(
            named.statement.map(|s| s.said),
            Some("黑先活 第1题".to_string())
        );
        // A marked tree's comments are its answers'.
        let tree = sgf(&format!(
            "(;{set_up}(;B[ba]C[Black lives. Correct])(;B[da]C[Wrong]))"
        ))
        .unwrap();
        assert!(tree.statement.is_none());
        // A game record is never read for one.
        let game = sgf("(;SZ[9]C[Black to live];B[ee];W[cc])").unwrap();
        assert!(game.statement.is_none() && game.marked.is_empty());
    }

    /// A collection of several game trees reads the first and says where the next begins.
    #[test]
    fn a_collection_reads_its_first_tree_with_a_warning() {
        let pos = sgf("(;SZ[9]AB[aa]AW[ba])\n\n  (;SZ[9]AB[ee])\n").unwrap();
        assert_eq!(
            pos.go.stone(pos.go.parse("A9").unwrap()),
            Some(Color::Black)
        );
        assert!(pos.go.is_empty(pos.go.parse("E5").unwrap()));
        assert_eq!(
            pos.warnings,
            [
                "t.sgf:3:3: the file holds more than one game tree; only the first is read \
              (`--tree N` on the command line reads another)"
            ]
        );
        assert!(sgf("(;SZ[9]AB[aa])\n\n").unwrap().warnings.is_empty());
    }
}

//! Loading a Go position from the shared TOML position file or from SGF.
//!
//! TOML keys for Go: `size` (5..19, default 9), `black` and `white` (coordinates such as
//! "C3 D4"), or `picture` (rows of X, O and . from the top row down), `handicap` (2..9 stones
//! placed in the traditional order, then White moves), `komi` (default 7, or 0 in handicap
//! games), `ko_rule` ("superko" or "simple"), `to_play`, `moves` (replayed with every rule
//! enforced; "pass" passes, "resign" ends the record) and `dead` (stones marked dead for
//! scoring). SGF files give SZ, KM, HA, AB, AW, AE, PL and the B/W moves of the main line.

use std::path::Path;

use super::engine::{Color, Go, KoRule, Move, Pt};
use super::sgf;
use crate::games::GameError;
use crate::games::position::{PositionSpec, picture_rows};

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

fn invalid(file: &str, text: &str, key: &str, message: String) -> GameError {
    GameError::Invalid {
        file: file.to_string(),
        line: key_line(text, key),
        message,
    }
}

pub use crate::games::position::key_line;

/// Loads a Go position file (TOML or SGF).
pub fn load(path: &Path) -> Result<GoPosition, GameError> {
    let text = std::fs::read_to_string(path).map_err(|e| GameError::Invalid {
        file: path.display().to_string(),
        line: 0,
        message: format!("cannot read: {e}"),
    })?;
    let file = path.display().to_string();
    let is_sgf = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
        || text.trim_start().starts_with('(');
    if is_sgf {
        from_sgf(&text, &file)
    } else {
        let spec = PositionSpec::parse(&text, path)?;
        from_spec(&spec, &text, &file)
    }
}

/// Builds a position from a parsed TOML position table; `text` is used to find lines.
pub fn from_spec(spec: &PositionSpec, text: &str, file: &str) -> Result<GoPosition, GameError> {
    spec.reject_keys(
        "Go",
        &[
            "game",
            "black",
            "white",
            "picture",
            "to_play",
            "moves",
            "size",
            "komi",
            "handicap",
            "handicap_compensation",
            "ko_rule",
            "dead",
        ],
    )
    .map_err(|m| GameError::Invalid {
        file: file.to_string(),
        line: 0,
        message: m,
    })?;
    if let Some(g) = &spec.game
        && crate::games::GameId::parse(g) != Some(crate::games::GameId::Go)
    {
        return Err(invalid(
            file,
            text,
            "game",
            format!("this is a '{g}' position, not Go"),
        ));
    }
    let n = spec
        .size
        .unwrap_or_else(|| spec.picture.as_ref().map_or(9, |p| picture_rows(p).len()));
    if !(5..=19).contains(&n) {
        return Err(invalid(
            file,
            text,
            "size",
            format!("board size {n} is outside 5..19"),
        ));
    }
    let mut go = Go::new(n);
    go.ko_rule = match spec.ko_rule.as_deref() {
        None | Some("superko") => KoRule::Superko,
        Some("simple") => KoRule::Simple,
        Some(other) => {
            return Err(invalid(
                file,
                text,
                "ko_rule",
                format!("unknown ko_rule '{other}' (use \"superko\" or \"simple\")"),
            ));
        }
    };
    if let Some(pic) = &spec.picture {
        if spec.black.is_some() || spec.white.is_some() {
            return Err(invalid(
                file,
                text,
                "picture",
                "give a picture or black/white lists, not both".into(),
            ));
        }
        let rows = picture_rows(pic);
        if rows.len() != n || rows.iter().any(|r| r.len() != n) {
            return Err(invalid(
                file,
                text,
                "picture",
                format!("the picture must have {n} rows of {n} points"),
            ));
        }
        for (i, row) in rows.iter().enumerate() {
            for (c, ch) in row.iter().enumerate() {
                let id = ((n - 1 - i) * n + c) as u16;
                let p = go.pt(id);
                match ch {
                    'X' | 'x' | 'B' => go.setup(p, Some(Color::Black)),
                    'O' | 'o' | 'W' => go.setup(p, Some(Color::White)),
                    '.' | '+' | '-' => {}
                    other => {
                        return Err(invalid(
                            file,
                            text,
                            "picture",
                            format!("unknown picture character '{other}' (use X, O, .)"),
                        ));
                    }
                }
            }
        }
    }
    for (key, list, colour) in [
        ("black", &spec.black, Color::Black),
        ("white", &spec.white, Color::White),
    ] {
        if let Some(list) = list {
            let pts = go
                .board()
                .parse_list(list)
                .map_err(|e| invalid(file, text, key, e.to_string()))?;
            for id in pts {
                let p = go.pt(id);
                if go.stone(p).is_some() {
                    return Err(invalid(
                        file,
                        text,
                        key,
                        format!("{} is given twice", go.name(p)),
                    ));
                }
                go.setup(p, Some(colour));
            }
        }
    }
    let handicap = spec.handicap.unwrap_or(0) as usize;
    if handicap == 1 || handicap > 9 {
        return Err(invalid(
            file,
            text,
            "handicap",
            format!("handicap {handicap} is not 2..9"),
        ));
    }
    if handicap >= 2 {
        for (c, r) in handicap_points(n, handicap) {
            let p = go.pt((r * n + c) as u16);
            if go.stone(p).is_some() {
                return Err(invalid(
                    file,
                    text,
                    "handicap",
                    format!("{} is occupied", go.name(p)),
                ));
            }
            go.setup(p, Some(Color::Black));
        }
        go.set_to_move(Color::White);
    }
    check_liberties(&go, file, text)?;
    if let Some(tp) = &spec.to_play {
        let c = Color::parse(tp).ok_or_else(|| {
            invalid(
                file,
                text,
                "to_play",
                format!("to_play '{tp}' is not black or white"),
            )
        })?;
        go.set_to_move(c);
    }
    let komi = spec.komi.unwrap_or(if handicap >= 2 { 0.0 } else { 7.0 });
    let mut pos = GoPosition {
        go,
        komi,
        handicap,
        compensation: spec.handicap_compensation.unwrap_or(handicap as f64),
        dead: Vec::new(),
        resigned: None,
        result: None,
    };
    if let Some(moves) = &spec.moves {
        for (i, tok) in moves.tokens().iter().enumerate() {
            if pos.resigned.is_some() {
                return Err(GameError::IllegalMove {
                    file: file.to_string(),
                    number: i + 1,
                    mv: tok.clone(),
                    reason: "the record continues after a resignation".into(),
                });
            }
            if tok.eq_ignore_ascii_case("resign") {
                pos.resigned = Some(pos.go.to_move());
                continue;
            }
            let mv = if tok.eq_ignore_ascii_case("pass") {
                Move::Pass
            } else {
                let p = pos.go.parse(tok).map_err(|e| GameError::IllegalMove {
                    file: file.to_string(),
                    number: i + 1,
                    mv: tok.clone(),
                    reason: e.to_string(),
                })?;
                Move::Play(p)
            };
            pos.go.play(mv).map_err(|e| GameError::IllegalMove {
                file: file.to_string(),
                number: i + 1,
                mv: tok.clone(),
                reason: e.reason().to_string(),
            })?;
        }
    }
    if let Some(dead) = &spec.dead {
        pos.dead = parse_dead(&pos.go, dead).map_err(|m| invalid(file, text, "dead", m))?;
    }
    Ok(pos)
}

fn check_liberties(go: &Go, file: &str, text: &str) -> Result<(), GameError> {
    if let Some(&g) = go.groups_without_liberties().first() {
        let key = if go.stone(g) == Some(Color::Black) {
            "black"
        } else {
            "white"
        };
        return Err(invalid(
            file,
            text,
            key,
            format!(
                "the group at {} has no liberty: not a legal position",
                go.name(g)
            ),
        ));
    }
    Ok(())
}

/// Parses a list of points marked dead; each must hold a stone.
pub fn parse_dead(go: &Go, list: &str) -> Result<Vec<Pt>, String> {
    let ids = go.board().parse_list(list).map_err(|e| e.to_string())?;
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

/// A move of an SGF record: colour, point (None for a pass) and the text as written.
type SgfMove = (Color, Option<(usize, usize)>, String);

/// Builds a position from SGF text: set-up properties of the root, then the main line.
pub fn from_sgf(text: &str, file: &str) -> Result<GoPosition, GameError> {
    let bad = |line: usize, message: String| GameError::Invalid {
        file: file.to_string(),
        line,
        message,
    };
    let root = sgf::parse(text).map_err(|e| bad(e.line, e.to_string()))?;
    if let Some(gm) = root.first("GM")
        && gm.trim() != "1"
    {
        return Err(bad(0, format!("GM[{gm}] is not a Go record (GM[1])")));
    }
    let n: usize = match root.first("SZ") {
        None => 19,
        Some(s) => s
            .split(':')
            .next()
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| bad(0, format!("SZ[{s}] is not a board size")))?,
    };
    if !(5..=19).contains(&n) {
        return Err(bad(0, format!("board size {n} is outside 5..19")));
    }
    let handicap: usize = root
        .first("HA")
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    let komi: f64 = match root.first("KM") {
        Some(k) => k
            .trim()
            .parse()
            .map_err(|_| bad(0, format!("KM[{k}] is not a number")))?,
        None => {
            if handicap >= 2 {
                0.0
            } else {
                7.0
            }
        }
    };
    let mut go = Go::new(n);
    let pt = |go: &Go, (c, r): (usize, usize)| go.pt(((n - 1 - r) * n + c) as u16);
    let mut pos_moves: Vec<SgfMove> = Vec::new();
    let line = root.main_line();
    for (k, node) in line.iter().enumerate() {
        for (id, colour) in [
            ("AB", Some(Color::Black)),
            ("AW", Some(Color::White)),
            ("AE", None),
        ] {
            if let Some(vals) = node.get(id) {
                if k > 0 && !pos_moves.is_empty() {
                    return Err(bad(0, format!("{id} after moves is not supported")));
                }
                for p in sgf::expand_points(vals, n).map_err(|m| bad(0, m))? {
                    let q = pt(&go, p);
                    go.setup(q, colour);
                }
            }
        }
        if let Some(pl) = node.first("PL") {
            let c = Color::parse(pl).ok_or_else(|| bad(0, format!("PL[{pl}] is not B or W")))?;
            go.set_to_move(c);
        }
        for (id, colour) in [("B", Color::Black), ("W", Color::White)] {
            if let Some(v) = node.first(id) {
                let p = sgf::parse_point(v, n).map_err(|m| bad(0, m))?;
                pos_moves.push((colour, p, v.to_string()));
            }
        }
    }
    check_liberties(&go, file, "")?;
    if handicap >= 2 && root.get("AB").is_none() && go.to_move() == Color::Black {
        // HA without set-up stones: place them in the traditional order.
        for (c, r) in handicap_points(n, handicap) {
            let q = go.pt((r * n + c) as u16);
            go.setup(q, Some(Color::Black));
        }
        go.set_to_move(Color::White);
    } else if handicap >= 2 && root.first("PL").is_none() {
        go.set_to_move(Color::White);
    }
    for (i, (colour, p, text)) in pos_moves.into_iter().enumerate() {
        // SGF records say who moves; follow them (a player may move twice in edited files).
        go.set_to_move(colour);
        let mv = match p {
            None => Move::Pass,
            Some(p) => Move::Play(pt(&go, p)),
        };
        go.play(mv).map_err(|e| GameError::IllegalMove {
            file: file.to_string(),
            number: i + 1,
            mv: match mv {
                Move::Pass => "pass".into(),
                Move::Play(q) => format!("{} {} [{}]", colour.name(), go.name(q), text),
            },
            reason: e.reason().to_string(),
        })?;
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
    })
}

//! Go: N x N (5..19), Chinese area scoring with komi 7, positional superko (simple ko as an
//! option), handicap in the traditional order, SGF records, and `stonepress score go`.

pub mod apart;
pub mod choice;
pub mod engine;
pub mod figure;
pub mod frame;
pub mod game;
pub mod ld;
pub mod look;
pub mod orient;
pub mod position;
pub mod puzzle;
pub mod score;
pub mod sgf;
pub mod statement;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod textbook;

use serde_json::json;

pub use engine::{Color, Go, Illegal, KoRule, Move, Pt};
pub use position::{GoPosition, handicap_points, read};
pub use puzzle::PUZZLE_KINDS;
pub use score::{AreaScore, Owner, area_score};

use super::{GameError, ScoreOptions, ScoreReport};
use crate::figure::request::plural;
use crate::solve::Share;

/// `stonepress score go`: removes the stones marked dead, counts area.
pub fn score(pos: &GoPosition, opts: &ScoreOptions) -> Result<ScoreReport, GameError> {
    let mut dead = pos.dead.clone();
    if let Some(list) = &opts.dead {
        dead = position::parse_dead(&pos.go, list).map_err(|m| GameError::Invalid {
            file: "--dead".into(),
            line: 0,
            message: m,
        })?;
    }
    let s = area_score(&pos.go, &dead, pos.komi, pos.compensation);
    let names = |c: Color| -> Vec<String> {
        s.dead
            .iter()
            .filter(|d| d.1 == c)
            .map(|d| pos.go.name(d.0))
            .collect()
    };
    let json = json!({
        "game": "go",
        "size": pos.go.size(),
        "black": {
            "stones": s.black_stones,
            "territory": s.black_territory,
            "area": s.black_area(),
            "captures": pos.go.captures()[0],
            "dead": names(Color::Black),
            "total": s.black_area() as f64,
        },
        "white": {
            "stones": s.white_stones,
            "territory": s.white_territory,
            "area": s.white_area(),
            "captures": pos.go.captures()[1],
            "dead": names(Color::White),
            "total": s.white_total(),
        },
        "dame": s.dame,
        "komi": s.komi,
        "handicap": pos.handicap,
        "compensation": s.compensation,
        "winner": s.winner(),
        "result": s.result(),
        "moves": pos.go.moves_played(),
        "resigned": pos.resigned.map(Color::name),
    });
    let mut text = format!(
        "Black {} = {} + {} territory\nWhite {} = {} + {} territory + {} komi",
        s.black_area(),
        plural(s.black_stones as usize, "stone", "stones"),
        s.black_territory,
        s.white_total(),
        plural(s.white_stones as usize, "stone", "stones"),
        s.white_territory,
        s.komi
    );
    if s.compensation > 0.0 {
        text.push_str(&format!(" + {} handicap compensation", s.compensation));
    }
    text.push_str(&format!("\nDame {}; result {}\n", s.dame, s.result()));
    if !s.dead.is_empty() {
        let all: Vec<String> = s.dead.iter().map(|d| pos.go.name(d.0)).collect();
        text.push_str(&format!("Dead stones removed: {}\n", all.join(" ")));
    }
    if let Some(c) = pos.resigned {
        text.push_str(&format!("The record ends with {} resigning.\n", c.title()));
    }
    Ok(ScoreReport {
        json,
        text,
        warnings: pos.warnings.clone(),
    })
}

/// Parses a region "A1:E5" (two corners) into its points.
fn parse_region(go: &Go, text: &str) -> Result<Vec<Pt>, String> {
    let (a, b) = text
        .split_once(':')
        .ok_or_else(|| format!("region '{text}' is not of the form A1:E5"))?;
    let b_ = go.board();
    let pa = b_.coord(b_.parse(a).map_err(|e| e.to_string())?);
    let pb = b_.coord(b_.parse(b).map_err(|e| e.to_string())?);
    let (c0, c1) = (pa.0.min(pb.0), pa.0.max(pb.0));
    let (r0, r1) = (pa.1.min(pb.1), pa.1.max(pb.1));
    Ok(go
        .points()
        .filter(|&p| {
            let (c, r) = b_.coord(go.id(p));
            (c0..=c1).contains(&c) && (r0..=r1).contains(&r)
        })
        .collect())
}

/// The enclosed colour, and why: the one whose stones lie deeper inside the stones' bounding
/// box, away from its open sides (or, over the whole board, nearer the edges).
fn guess_defender(go: &Go) -> Option<(Color, String)> {
    let n = go.size() as i32;
    let stones: Vec<(Color, i32, i32)> = go
        .points()
        .filter_map(|p| {
            let (x, y) = go.board().coord(go.id(p));
            go.stone(p).map(|c| (c, x, y))
        })
        .collect();
    let (lo_x, hi_x) = (
        stones.iter().map(|s| s.1).min()?,
        stones.iter().map(|s| s.1).max()?,
    );
    let (lo_y, hi_y) = (
        stones.iter().map(|s| s.2).min()?,
        stones.iter().map(|s| s.2).max()?,
    );
    // The open sides of the stones' bounding box are those away from the board's edge: the
    // attacker's stones face them, the defender's lie deeper inside. A side one line from
    // the edge is usually a problem's own edge with its first line still empty, so sides two
    // or more lines away count first. Without an open side (a problem over the whole
    // board), nearness to the edge decides.
    let room = [lo_x, n - 1 - hi_x, lo_y, n - 1 - hi_y];
    let wide = room.map(|r| r >= 2);
    let open = if wide.iter().any(|&o| o) {
        wide
    } else {
        room.map(|r| r >= 1)
    };
    let depth = |x: i32, y: i32| -> i64 {
        let sides = [x - lo_x, hi_x - x, y - lo_y, hi_y - y];
        if open.iter().any(|&o| o) {
            (0..4)
                .filter(|&i| open[i])
                .map(|i| sides[i])
                .min()
                .unwrap_or(0) as i64
        } else {
            -(x.min(y).min(n - 1 - x).min(n - 1 - y) as i64)
        }
    };
    let mut sum = [0i64, 0i64];
    let mut count = [0i64, 0i64];
    for &(c, x, y) in &stones {
        sum[c.index()] += depth(x, y);
        count[c.index()] += 1;
    }
    if count[0] == 0 || count[1] == 0 {
        return None;
    }
    // Compare average depths without division: sum_b / count_b vs sum_w / count_w.
    let defender = if sum[0] * count[1] >= sum[1] * count[0] {
        Color::Black
    } else {
        Color::White
    };
    let names = side_names(go);
    let sides: Vec<String> = (0..4)
        .filter(|&i| open[i])
        .map(|i| names[i].to_string())
        .collect();
    let why = if sides.is_empty() {
        format!("{}'s stones lie nearer the board's edges", defender.title())
    } else {
        format!(
            "{}'s stones lie deeper inside, away from the open {} {}",
            defender.title(),
            crate::figure::request::and_list(&sides),
            if sides.len() == 1 { "side" } else { "sides" }
        )
    };
    Some((defender, why))
}

/// The names of the stones' box's sides in the order low x, high x, low y, high y, as a
/// reader of the diagram sees them.
fn side_names(go: &Go) -> [&'static str; 4] {
    let low_row_is_bottom = go
        .parse("A1")
        .map(|p| go.board().coord(go.id(p)).1 == 0)
        .unwrap_or(true);
    if low_row_is_bottom {
        ["left", "right", "bottom", "top"]
    } else {
        ["left", "right", "top", "bottom"]
    }
}

/// The largest group of a colour inside the region (ties: lowest point).
pub(crate) fn largest_group(go: &Go, c: Color, region: &[Pt]) -> Option<Pt> {
    first_group(&groups_by_size(go, c, region), go, c, region)
}

/// The first of `groups`, or else any stone of the colour in the region: `groups` lists
/// representative stones (`Go::group_id`), and a group's may lie outside the region.
fn first_group(groups: &[Pt], go: &Go, c: Color, region: &[Pt]) -> Option<Pt> {
    groups
        .first()
        .copied()
        .or_else(|| region.iter().copied().find(|&p| go.stone(p) == Some(c)))
}

/// The groups of a colour whose representative stone (`Go::group_id`) lies inside the region,
/// largest first (ties: lowest point).
fn groups_by_size(go: &Go, c: Color, region: &[Pt]) -> Vec<Pt> {
    ranked_groups(go, c, region, |_| 0)
}

/// The groups of a colour inside the region in the order `solve` reads them: largest first,
/// and among groups of one size, first the one whose loose group is the largest (its stones
/// and those linked to them through diagonals that the other colour does not cut), then the
/// lowest point. A problem's group is often loose, its chains one or two stones each: a stone
/// alone elsewhere with as many stones as each of them is not the problem's target.
fn groups_to_read(go: &Go, c: Color, region: &[Pt]) -> Vec<Pt> {
    let loose = loose_sizes(go, c);
    ranked_groups(go, c, region, |p| loose[p])
}

/// The first of `groups_to_read` (`first_group`).
fn group_to_read(go: &Go, c: Color, region: &[Pt]) -> Option<Pt> {
    first_group(&groups_to_read(go, c, region), go, c, region)
}

fn ranked_groups(go: &Go, c: Color, region: &[Pt], tie: impl Fn(Pt) -> usize) -> Vec<Pt> {
    let mut groups: Vec<(usize, usize, Pt)> = region
        .iter()
        .filter(|&&p| go.stone(p) == Some(c) && go.group_id(p) == p)
        .map(|&p| (go.group(p).len(), tie(p), p))
        .collect();
    groups.sort_by_key(|&(size, tie, p)| (std::cmp::Reverse(size), std::cmp::Reverse(tie), p));
    groups.into_iter().map(|(_, _, p)| p).collect()
}

/// For every stone of colour `c`, the number of stones in its loose group: the stones reached
/// through neighbours and through diagonal steps where at least one of the two points beside
/// the step is not the other colour's stone (two stones of it there cut the link).
fn loose_sizes(go: &Go, c: Color) -> Vec<usize> {
    let mut size = vec![0; ld::frame_points(go)];
    let mut seen = vec![false; size.len()];
    let cut = |q: Pt| go.on_board(q) && go.stone(q) == Some(c.opp());
    for start in go.points().filter(|&p| go.stone(p) == Some(c)) {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut group = vec![start];
        let mut i = 0;
        while i < group.len() {
            let p = group[i];
            let sides = go.neighbours(p);
            let [up, left, right, down] = sides;
            let diagonals = [(up, left), (up, right), (down, left), (down, right)]
                .into_iter()
                .filter(|&(v, h)| !(cut(v) && cut(h)))
                .map(|(v, h)| v + h - p);
            for q in sides.into_iter().chain(diagonals) {
                if go.on_board(q) && go.stone(q) == Some(c) && !seen[q] {
                    seen[q] = true;
                    group.push(q);
                }
            }
            i += 1;
        }
        for &p in &group {
            size[p] = group.len();
        }
    }
    size
}

/// The classification share of the reading that answers a problem: `percent_of_root` nodes
/// for every hundred of the key's proof, at least `floor` (`solve::Share`). Half the key's
/// nodes: given as many again, the classification doubled an answer's time for a choice among
/// winners that rarely needed all of it (measured in docs/go-solving-record.md).
const READ_SHARE: Share = Share {
    percent_of_root: 50,
    floor: 10_000,
};

/// Groups of the guessed colour read after its largest one needs no move (`solve`).
const NEXT_GROUPS: usize = 3;

/// Most other groups of the defender's read after a kill (`survivor`).
const SURVIVOR_GROUPS: usize = 4;

/// How long a check made after an answer may read: until the time spent so far divided by
/// `divisor` has passed from now, `floor` at least, within the whole budget; under a node
/// cap (`--nodes`), the cap divided by `nodes_divisor` a search and no time limit of its own,
/// so that its verdict does not depend on the machine's speed (`check_budget`).
struct CheckLimits {
    divisor: u32,
    floor: std::time::Duration,
    nodes_divisor: u64,
}

/// The check that an answered reading needs its move (the other side, moving first, fails).
/// On a real problem the other side moving first succeeds, and proving that often takes
/// longer than the answer did: given as long again as the reading, the check ran out on most
/// answered problems of the published collection and doubled their time; given a quarter,
/// the tuning half's answers were the same but for one ko move chosen at the deadline (see
/// docs/go-solving-record.md). Under a node cap, a quarter of the cap.
const SETTLED_CHECK: CheckLimits = CheckLimits {
    divisor: 4,
    floor: std::time::Duration::from_millis(200),
    nodes_divisor: 4,
};

/// The reading of each answer a file gives that is not the proven key (`given_answers`): as
/// long again as everything read so far, half a second at least, within the whole budget;
/// under a node cap the whole cap, as before. Given all the time left, 20 of the 40 such
/// answers of the tuning half in its source's form (the set-up and the book's answer as one
/// line) took the problem to the deadline, most of them to say "fails unless the ko is won":
/// the ko reading beside it had found the ko early, and the unconditional one ran on to the
/// end (docs/go-solving-record.md).
const GIVEN_CHECK: CheckLimits = CheckLimits {
    divisor: 1,
    floor: std::time::Duration::from_millis(500),
    nodes_divisor: 1,
};

/// The checks of `survivor`: an eighth of the time spent so far, a tenth of a second at
/// least, and under a node cap a twentieth of the cap each.
const SURVIVOR_CHECK: CheckLimits = CheckLimits {
    divisor: 8,
    floor: std::time::Duration::from_millis(100),
    nodes_divisor: 20,
};

/// The limits of a check made now, after a reading that started at `started` with `total` to
/// spend (`CheckLimits`).
fn check_budget(
    opts: &super::SolveOptions,
    started: std::time::Instant,
    total: std::time::Duration,
    limits: &CheckLimits,
) -> crate::solve::Budget {
    match opts.nodes {
        Some(n) => crate::solve::Budget {
            nodes: (n / limits.nodes_divisor).max(1),
            ..super::solving::budget_until(opts, started + total)
        },
        None => {
            let allowed = (started.elapsed() / limits.divisor).max(limits.floor);
            let deadline = (started + total).min(std::time::Instant::now() + allowed);
            super::solving::budget_until(opts, deadline)
        }
    }
}

/// The first of the defender's other groups of two stones or more in the region (largest
/// first, at most `SURVIVOR_GROUPS`) that lives for certain after the attacker's `key`
/// although the attacker, moving first in `go`, could kill it; None when every such group dies
/// or stands apart from the fight. `status(go, group)` reads `group` in `go` for the side to
/// move.
fn survivor(
    go: &Go,
    target: Pt,
    key: Pt,
    region: &[Pt],
    mut status: impl FnMut(&Go, Pt) -> ld::LdStatus,
) -> Option<Pt> {
    let defender = go.stone(target)?;
    let mut after = go.clone();
    after.play(Move::Play(key)).ok()?;
    groups_to_read(go, defender, region)
        .into_iter()
        .filter(|&g| go.group_id(g) != go.group_id(target) && go.group(g).len() >= 2)
        .take(SURVIVOR_GROUPS)
        .find(|&g| {
            after.stone(g) == Some(defender)
                && status(&after, g) == ld::LdStatus::Proven
                && status(go, g) != ld::LdStatus::Disproven
        })
}

/// How the text report's line of the goal the auto goal decided begins.
const DECIDED: &str = "Goal (decided from the position): ";

/// `stonepress solve go`: life and death with df-pn (`file` names the position in messages).
/// An SGF file of set-up stones of both colours and one line of moves is read as a problem
/// whose answer the line gives (`GoPosition::before_line`): the set-up is solved, the line's
/// first move is the file's answer. A set-up position is read without the stones that stand
/// apart from the problem (`apart`), turned so that its edges lie at the top and on the left,
/// on the smallest board that holds it as the published collections do (`orient`), and the
/// answer's points are named back as the position has them.
pub fn solve(
    pos: &GoPosition,
    file: &str,
    opts: &super::SolveOptions,
) -> Result<ScoreReport, GameError> {
    if let Some((before, first)) = &pos.before_line {
        let problem = GoPosition {
            go: before.clone(),
            answers: first.iter().copied().collect(),
            before_line: None,
            ..pos.clone()
        };
        let mut report = solve(&problem, file, opts)?;
        add_reason(
            &mut report,
            "the file's line of moves after its set-up is read as its answer",
        );
        add_note(
            &mut report,
            &match first {
                Some(p) => format!(
                    "The file's line of moves after its set-up is read as the problem's answer \
                     (its first move {}), and the set-up is solved.",
                    before.name(*p)
                ),
                None => "The file's line of moves after its set-up is set aside (it does not \
                         begin with a stone of the side to play), and the set-up is solved."
                    .to_string(),
            },
        );
        return Ok(report);
    }
    let go = &pos.go;
    let played = orient::reached_by_moves(go);
    // A target that does not parse is refused with the position as the file has it.
    let target = opts.target.as_deref().map(|t| go.parse(t).ok());
    let apart = if played || opts.region.is_some() || target == Some(None) {
        Vec::new()
    } else {
        apart::left_out(
            go,
            target.flatten().or(pos.marked.first().copied()),
            &pos.answers,
        )
    };
    if apart.is_empty() {
        return solve_oriented(pos, file, opts);
    }
    let mut kept = pos.clone();
    for &p in &apart {
        kept.go.setup(p, None);
    }
    let mut report = solve_oriented(&kept, file, opts)?;
    let names: Vec<String> = apart.iter().map(|&p| go.name(p)).collect();
    let note = format!(
        "the {} at {} {} apart from the problem (four empty lines or more from its stones) and \
         {} left out",
        if names.len() == 1 { "stone" } else { "stones" },
        names.join(", "),
        if names.len() == 1 { "stands" } else { "stand" },
        if names.len() == 1 { "is" } else { "are" },
    );
    add_reason(&mut report, &note);
    let mut first = note.clone();
    first[..1].make_ascii_uppercase();
    add_note(&mut report, &format!("{first}."));
    Ok(report)
}

/// The defender's group the auto goal reads first (`groups_to_read`, `first_group`) and why:
/// its largest, and among groups of one size the one with the most stones linked to it.
fn largest_target(go: &Go, defender: Color, region: &[Pt]) -> Option<(Pt, String)> {
    let ranked = groups_to_read(go, defender, region);
    let t = first_group(&ranked, go, defender, region)?;
    let size = go.group(t).len();
    let tied = ranked
        .iter()
        .filter(|&&g| go.group(g).len() == size)
        .count();
    let why = if tied > 1 {
        format!(
            "{} is {}'s largest group in the problem (of its {tied} groups of {}, the one with \
             the most stones linked to it)",
            go.name(t),
            defender.title(),
            plural(size, "stone", "stones")
        )
    } else {
        format!(
            "{} is {}'s largest group in the problem",
            go.name(t),
            defender.title()
        )
    };
    Some((t, why))
}

/// The target among the stones a file marks (`GoPosition::marked`): the largest marked chain
/// of the colour `defender` (of any colour when None), the first marked among equals.
fn marked_target(go: &Go, marked: &[Pt], defender: Option<Color>) -> Option<Pt> {
    let mut best: Option<Pt> = None;
    for &p in marked {
        let Some(c) = go.stone(p) else { continue };
        if defender.is_some_and(|d| d != c) {
            continue;
        }
        if best.is_none_or(|b| go.group(p).len() > go.group(b).len()) {
            best = Some(p);
        }
    }
    best
}

/// Adds `reason` to the report's `decided`, when the goal was decided (it is empty when given).
fn add_reason(report: &mut ScoreReport, reason: &str) {
    if let Some(serde_json::Value::String(d)) = report.json.get_mut("decided")
        && !d.is_empty()
    {
        d.push_str("; ");
        d.push_str(reason);
    }
}

/// Adds a line to the text report after the goal's line, or first when the goal was given.
fn add_note(report: &mut ScoreReport, line: &str) {
    let at = if report.text.starts_with(DECIDED) {
        report.text.find('\n').map_or(report.text.len(), |i| i + 1)
    } else {
        0
    };
    report.text.insert_str(at, &format!("{line}\n"));
}

/// `solve` on the problem's stones, turned (`orient`).
fn solve_oriented(
    pos: &GoPosition,
    file: &str,
    opts: &super::SolveOptions,
) -> Result<ScoreReport, GameError> {
    let turn = orient::Orientation::of(&pos.go, opts.region.is_none(), &pos.answers);
    // A given target or region that the reading refuses is refused in the position's own
    // names: such a reading is not turned.
    let target_ok = opts
        .target
        .as_deref()
        .is_none_or(|t| pos.go.parse(t).is_ok_and(|p| pos.go.stone(p).is_some()));
    let region_ok = opts
        .region
        .as_deref()
        .is_none_or(|r| parse_region(&pos.go, r).is_ok());
    if turn.is_identity() || !target_ok || !region_ok {
        return solve_as_given(pos, file, opts);
    }
    let go = &pos.go;
    let turned = GoPosition {
        go: turn.turned(go),
        answers: pos.answers.iter().filter_map(|&a| turn.turn(a)).collect(),
        marked: pos.marked.iter().filter_map(|&a| turn.turn(a)).collect(),
        ..pos.clone()
    };
    // A given target holds a stone, and a given region keeps the whole board: both are on it.
    let rename = |t: &str| {
        let p = turn.turn(go.parse(t).expect("checked above"));
        turned.go.name(p.expect("on the board read"))
    };
    let opts = super::SolveOptions {
        target: opts.target.as_deref().map(rename),
        region: opts.region.as_deref().map(|r| {
            let (a, b) = r.split_once(':').expect("checked above");
            format!("{}:{}", rename(a), rename(b))
        }),
        ..opts.clone()
    };
    let mut report = solve_as_given(&turned, file, &opts)?;
    turn.json_back(go, &mut report.json);
    if let Some(serde_json::Value::String(d)) = report.json.get_mut("decided") {
        *d = turn.sides_back(d);
    }
    // The goal's line names the problem's open sides, as `decided` does.
    report.text = turn
        .names_back(go, &report.text)
        .lines()
        .map(|l| match l.strip_prefix(DECIDED) {
            Some(rest) => format!("{DECIDED}{}\n", turn.sides_back(rest)),
            None => format!("{l}\n"),
        })
        .collect();
    Ok(report)
}

/// `solve` on the position as it stands.
fn solve_as_given(
    pos: &GoPosition,
    file: &str,
    opts: &super::SolveOptions,
) -> Result<ScoreReport, GameError> {
    let bad = |m: String| GameError::Invalid {
        file: file.to_string(),
        line: 0,
        message: m,
    };
    let go = pos.go.clone();
    let mover = go.to_move();
    let region = match &opts.region {
        Some(r) => parse_region(&go, r).map_err(bad)?,
        None => ld::infer_region(&go),
    };
    let goal_word = opts.goal.as_deref().unwrap_or("auto").to_ascii_lowercase();
    let describe = |goal: ld::Goal, target: Pt| {
        format!(
            "{} to play and {} the {} group at {}",
            mover.title(),
            goal.name(),
            go.stone(target).map_or("", |c| c.name()),
            go.name(target)
        )
    };
    // The file's own words and marks, where no flag says otherwise: the defender its comment
    // names, and the group its set-up marks.
    let stated = pos
        .statement
        .as_ref()
        .filter(|_| goal_word == "auto" && opts.target.is_none())
        .and_then(|s| Some((s.defender?, s.said.clone())));
    let mut target_marked = false;
    let (mut goal, mut target, mut decided, why_defender) = match goal_word.as_str() {
        "auto" | "kill" | "live" | "capture" => {
            let mut reasons = Vec::new();
            let target = match &opts.target {
                Some(t) => {
                    let p = go.parse(t).map_err(|e| bad(e.to_string()))?;
                    if go.stone(p).is_none() {
                        return Err(bad(format!("--target {t} holds no stone")));
                    }
                    reasons.push(format!("the target {t} was given"));
                    p
                }
                None => {
                    let defender = match (goal_word.as_str(), &stated) {
                        ("kill" | "capture", _) => mover.opp(),
                        ("live", _) => mover,
                        (_, Some((c, said))) => {
                            reasons.push(format!("the file's comment says \"{said}\""));
                            *c
                        }
                        _ => match marked_target(&go, &pos.marked, None) {
                            Some(t) => go.stone(t).expect("a marked stone"),
                            None => {
                                let (c, why) = guess_defender(&go).ok_or_else(|| {
                                    bad("cannot tell the attacker from the defender: give \
                                         --target"
                                        .into())
                                })?;
                                reasons.push(why);
                                c
                            }
                        },
                    };
                    if let Some(t) = marked_target(&go, &pos.marked, Some(defender)) {
                        target_marked = true;
                        reasons.push(format!("the file marks the group at {} (MA)", go.name(t)));
                        t
                    } else {
                        let (t, why) = largest_target(&go, defender, &region).ok_or_else(|| {
                            bad(format!(
                                "no {} group to attack in the region",
                                defender.name()
                            ))
                        })?;
                        reasons.push(why);
                        t
                    }
                }
            };
            let goal = ld::Goal::for_defender(go.stone(target).expect("a stone"), mover);
            if (goal_word == "kill" || goal_word == "capture") && goal != ld::Goal::Kill {
                return Err(bad(
                    "--goal kill needs a target of the colour not to move".into()
                ));
            }
            if goal_word == "live" && goal != ld::Goal::Live {
                return Err(bad(
                    "--goal live needs a target of the colour to move".into()
                ));
            }
            let decided = if goal_word == "auto" {
                format!("{}: {}", describe(goal, target), reasons.join("; "))
            } else {
                String::new()
            };
            (
                goal,
                target,
                decided,
                reasons.first().cloned().unwrap_or_default(),
            )
        }
        other => {
            return Err(bad(format!(
                "unknown goal '{other}' (auto, kill, live, capture)"
            )));
        }
    };
    let started = std::time::Instant::now();
    let total = std::time::Duration::from_millis(opts.budget_ms.unwrap_or(10_000));
    let budget_until = |deadline| super::solving::budget_until(opts, deadline);
    let names =
        |go: &Go, ms: &[Move]| -> Vec<String> { ms.iter().map(|&m| go.move_name(m)).collect() };
    let walled = match opts.frame.as_deref() {
        None | Some("ring") => false,
        Some("wall") => true,
        Some(other) => return Err(bad(format!("unknown --frame '{other}' (ring, wall)"))),
    };
    // The reading that answers the problem classifies the other first moves with a share of
    // nodes in proportion to the key's proof (`READ_SHARE`); the readings that only need a
    // status (is a position settled, does a given answer fail) read the root alone.
    let knowledge = if opts.eye_knowledge {
        ld::Knowledge::EyeSpace
    } else if opts.read_enclosed {
        ld::Knowledge::Enclosed
    } else if opts.rules_only {
        ld::Knowledge::Rules
    } else {
        ld::Knowledge::OneEye
    };
    let solve_with = |go: &Go, target: Pt, goal: ld::Goal, budget: crate::solve::Budget, share| {
        if opts.region.is_some() {
            let problem =
                ld::LifeAndDeath::new(go.clone(), target, goal, &region).with_knowledge(knowledge);
            (
                region.clone(),
                ld::solve_shared_beside(&problem, budget, Some(share)),
            )
        } else if walled {
            let attacker = go.stone(target).expect("a stone").opp();
            // The frame closes the problem's box; inside it the search reads the fight area
            // as it does without the frame, so that the region stays small.
            let framed = frame::frame(go, attacker);
            ld::solve_in_box_shared(
                &framed.go,
                target,
                goal,
                &framed.area,
                budget,
                Some(share),
                knowledge,
            )
        } else {
            ld::solve_in_box_shared(go, target, goal, &region, budget, Some(share), knowledge)
        }
    };
    let solve_for = |go: &Go, target: Pt, goal: ld::Goal, deadline, share| {
        solve_with(go, target, goal, budget_until(deadline), share)
    };
    // A target the file marks is read as a given one is; a defender its comment names keeps
    // the reading to that colour's groups.
    let auto = goal_word == "auto" && opts.target.is_none() && !target_marked;
    let wins = |r: &ld::LdResult| matches!(r.status, ld::LdStatus::Proven | ld::LdStatus::Ko);
    // A reading is settled when the side to move reaches its goal even if it lets the other
    // side move first (a pass wins, or nothing needs playing), so the position poses no
    // problem for that group.
    let settled = |target: Pt, r: &ld::LdResult, budget: crate::solve::Budget| {
        ld::needs_no_move(&go, target, r, |g, t, gl| {
            solve_with(g, t, gl, budget.clone(), ld::STATUS_ONLY).1
        })
    };
    // Under --goal auto, when the guessed reading fails or is settled already, the other
    // colour's group is read with the time left, and taken if the side to move succeeds
    // there and needs its move to.
    let (mut searched, mut result) = solve_for(&go, target, goal, started + total, READ_SHARE);
    // A pass reaches the goal, or the goal is reached as the position stands: the largest
    // group lives (or dies) whatever is played, so it is not the problem's. Or the side to
    // move cannot keep its largest group alive: a group that lives by giving up some of its
    // stones gives up that chain. Either way the same colour's next groups are read, largest
    // first, and the first whose reading needs a move is taken (after a pass that wins, one
    // left open too).
    let passing = auto && wins(&result) && result.no_move_needed();
    let lost = auto && goal == ld::Goal::Live && result.status == ld::LdStatus::Disproven;
    if passing || lost {
        let first_target = target;
        let colour = go.stone(target).expect("a stone");
        for t in groups_to_read(&go, colour, &region)
            .into_iter()
            .filter(|&t| t != first_target)
            .take(NEXT_GROUPS)
        {
            if started.elapsed() >= total {
                break;
            }
            let (r, res) = solve_for(&go, t, goal, started + total, READ_SHARE);
            let needs_move = wins(&res) && !res.no_move_needed();
            if needs_move || (passing && res.status == ld::LdStatus::Unknown) {
                (target, searched, result) = (t, r, res);
                decided = format!(
                    "{}: {why_defender}; the {} group at {} {}, so the next largest group is \
                     read: {}",
                    describe(goal, target),
                    colour.name(),
                    go.name(first_target),
                    if passing {
                        "needs no move (a pass reaches the goal)"
                    } else {
                        "cannot be kept alive"
                    },
                    if needs_move {
                        "it needs the move"
                    } else {
                        "its reading is left open"
                    }
                );
                break;
            }
        }
    }
    if auto && stated.is_none() {
        let rethink = match result.status {
            ld::LdStatus::Disproven => true,
            ld::LdStatus::Unknown => false,
            // The check gets a quarter of the time the reading took, or of the node cap
            // (`SETTLED_CHECK`), so that a real problem is not held up by it.
            _ => settled(
                target,
                &result,
                check_budget(opts, started, total, &SETTLED_CHECK),
            ),
        };
        let other = go.stone(target).expect("a stone").opp();
        if rethink && let Some(t) = group_to_read(&go, other, &region) {
            let g = ld::Goal::for_defender(other, mover);
            let (r, res) = solve_for(&go, t, g, started + total, READ_SHARE);
            if wins(&res) && !res.no_move_needed() {
                let why = format!(
                    "the {} group at {} {}",
                    go.stone(target).expect("a stone").name(),
                    go.name(target),
                    if wins(&result) {
                        "needs no move: it reaches its goal even if the other side moves first"
                    } else {
                        "fails"
                    }
                );
                (goal, target, searched, result) = (g, t, r, res);
                decided = format!(
                    "{}: the reading of {why}; this one succeeds and needs the move",
                    describe(goal, target)
                );
            }
        }
    }
    // A kill kills the problem's whole group: a key after which another group of the
    // defender's, of two stones or more, lives for certain, one the attacker could kill by
    // moving first, leaves part of the problem alive (the defender gives up the target and
    // lives elsewhere). That group is read instead, and its kill taken when it is another move
    // after which the first target does not live for certain. The checks are status readings
    // held to `SURVIVOR_CHECK`: those of the groups after the key share one, the check of the
    // first target after the other kill has its own.
    if auto && goal == ld::Goal::Kill && result.status == ld::LdStatus::Proven {
        let check = |g: &Go, t: Pt, budget: &crate::solve::Budget| {
            let goal = ld::Goal::for_defender(g.stone(t).expect("a stone"), g.to_move());
            solve_with(g, t, goal, budget.clone(), ld::STATUS_ONLY)
                .1
                .status
        };
        let budget = check_budget(opts, started, total, &SURVIVOR_CHECK);
        if let Some(Move::Play(k)) = result.proof.key_move
            && let Some(g) = survivor(&go, target, k, &region, |g, t| check(g, t, &budget))
        {
            let (r, res) = solve_for(&go, g, goal, started + total, READ_SHARE);
            let kills_both = match res.proof.key_move {
                Some(Move::Play(k2)) if res.status == ld::LdStatus::Proven && k2 != k => {
                    let mut after = go.clone();
                    after.play(Move::Play(k2)).is_ok()
                        && (after.stone(target).is_none()
                            || check(
                                &after,
                                target,
                                &check_budget(opts, started, total, &SURVIVOR_CHECK),
                            ) != ld::LdStatus::Proven)
                }
                _ => false,
            };
            if kills_both {
                decided = format!(
                    "{}: after {} the {} group at {} lives, one the attacker could kill by \
                     moving first, so it is read instead; after its kill the group at {} does \
                     not live for certain",
                    describe(goal, g),
                    go.name(k),
                    go.stone(g).expect("a stone").name(),
                    go.name(g),
                    go.name(target)
                );
                (target, searched, result) = (g, r, res);
            }
        }
    }
    let proof = &result.proof;
    // The file's own answers, when it marks some and the proven first move is none of them:
    // each is read again, the other side moving after it, and reported with its refutation
    // or as a second way to the goal.
    let mut given = Vec::new();
    let key = proof.key_move;
    let found = matches!(result.status, ld::LdStatus::Proven | ld::LdStatus::Ko);
    if found && !pos.answers.iter().any(|&a| key == Some(Move::Play(a))) {
        for &a in &pos.answers {
            let mut after = go.clone();
            let report = if after.play(Move::Play(a)).is_err() {
                json!({"move": go.name(a), "verdict": "illegal", "refutation": []})
            } else if after.stone(target).is_none() {
                json!({"move": go.name(a), "verdict": "succeeds", "refutation": []})
            } else {
                let theirs =
                    ld::Goal::for_defender(go.stone(target).expect("a stone"), after.to_move());
                let budget = check_budget(opts, started, total, &GIVEN_CHECK);
                let (_, r) = solve_with(&after, target, theirs, budget, ld::STATUS_ONLY);
                let verdict = match r.status {
                    ld::LdStatus::Proven => "fails",
                    ld::LdStatus::Ko => "fails unless the ko is won",
                    ld::LdStatus::Disproven => "succeeds",
                    ld::LdStatus::Unknown => "unknown",
                };
                let line = if matches!(r.status, ld::LdStatus::Proven | ld::LdStatus::Ko) {
                    names(&after, &r.proof.main_line)
                } else {
                    Vec::new()
                };
                json!({"move": go.name(a), "verdict": verdict, "refutation": line})
            };
            given.push(report);
        }
    }
    let millis = started.elapsed().as_millis() as u64;
    let json = json!({
        "goal": goal.name(),
        "decided": decided,
        "to_play": mover.name(),
        "target": go.name(target),
        "status": result.status.name(),
        "ko_needed_by": (result.status == ld::LdStatus::Ko).then(|| mover.name()),
        "unconditional_ruled_out": (result.status == ld::LdStatus::Ko)
            .then_some(!result.unconditional_open),
        "key_move": proof.key_move.map(|m| go.move_name(m)),
        "unique": proof.unique,
        "unread_first_moves": names(&go, &result.unread),
        "other_winning_moves": names(&go, &proof.other_winning_moves),
        "main_line": names(&go, &proof.main_line),
        "refutations": proof.refutations.iter().map(|(m, r)| json!({
            "move": go.move_name(*m),
            "reply": r.map(|r| go.move_name(r)),
        })).collect::<Vec<_>>(),
        "nodes": result.nodes,
        "millis": millis,
        "region": names(&go, &searched.iter().map(|&p| Move::Play(p)).collect::<Vec<_>>()),
        "wider_area_status": result.wider.map(ld::LdStatus::name),
        "deepest_line": names(&go, &result.frontier),
        "file_answers": pos.answers.iter().map(|&a| go.name(a)).collect::<Vec<_>>(),
        "given_answers": given,
    });
    let mut text = String::new();
    if !decided.is_empty() {
        text.push_str(&format!("{DECIDED}{decided}.\n"));
    }
    text.push_str(&match result.status {
        ld::LdStatus::Ko => format!(
            "Ko: {} can {} {}; key move {}; main line {}.\n",
            mover.title(),
            goal.name(),
            if result.unconditional_open {
                "by winning a ko (a way without the ko was neither found nor ruled out within the budget)"
            } else {
                "only by winning a ko"
            },
            proof.key_move.map_or("-".into(), |m| go.move_name(m)),
            names(&go, &proof.main_line).join(" ")
        ),
        ld::LdStatus::Proven if result.won_as_it_stands() => format!(
            "{} can {} without a move: the goal is reached as the position stands.\n",
            mover.title(),
            goal.name()
        ),
        ld::LdStatus::Proven => format!(
            "{} can {}: key move {}{}; main line {}.\n",
            mover.title(),
            goal.name(),
            proof.key_move.map_or("-".into(), |m| go.move_name(m)),
            match proof.unique {
                Some(true) => " (unique)".to_string(),
                Some(false) => format!(
                    " (not unique: also {})",
                    names(&go, &proof.other_winning_moves).join(" ")
                ),
                None if !result.unread.is_empty() => format!(
                    " (uniqueness not established: {} left unread)",
                    names(&go, &result.unread).join(" ")
                ),
                None => " (uniqueness not established)".to_string(),
            },
            names(&go, &proof.main_line).join(" ")
        ),
        ld::LdStatus::Disproven => {
            format!(
                "{} cannot {} (every move in the region fails).\n",
                mover.title(),
                goal.name()
            )
        }
        ld::LdStatus::Unknown => {
            let deepest = names(&go, &result.frontier);
            if deepest.is_empty() {
                "Unknown: the budget ran out before a proof.\n".into()
            } else {
                format!(
                    "Unknown: the budget ran out before a proof; the deepest line read: {}.\n",
                    deepest.join(" ")
                )
            }
        }
    });
    if let Some(w) = result.wider {
        text.push_str(&format!(
            "Read in a narrower fight area than the wide one, which {}.\n",
            match w {
                ld::LdStatus::Unknown => "had no answer when this one came, or was not read",
                ld::LdStatus::Ko => "gives a ko",
                ld::LdStatus::Disproven => "fails",
                ld::LdStatus::Proven => "proves the goal too",
            }
        ));
    }
    // The file's own answer, when the key is one of them, said as plainly as a refuted one.
    if found
        && let Some(Move::Play(k)) = key
        && pos.answers.contains(&k)
    {
        text.push_str(&format!(
            "The file's answer {} is the key move.\n",
            go.name(k)
        ));
    }
    for g in &given {
        let line: Vec<&str> = g["refutation"]
            .as_array()
            .map(|a| a.iter().filter_map(|v| v.as_str()).collect())
            .unwrap_or_default();
        text.push_str(&format!(
            "The file's answer {}: {}{}.\n",
            g["move"].as_str().unwrap_or("?"),
            g["verdict"].as_str().unwrap_or("?"),
            if line.is_empty() {
                String::new()
            } else {
                format!(" ({})", line.join(" "))
            }
        ));
    }
    text.push_str(&format!("{} nodes, {} ms\n", result.nodes, millis));
    Ok(ScoreReport {
        json,
        text,
        warnings: pos.warnings.clone(),
    })
}

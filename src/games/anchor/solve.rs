//! `stonepress solve anchor`: `--goal anchor|block|auto`, `--target POINT` (a stone of the
//! marked group: the side to move's for `anchor`, the opponent's for `block`), `--in N` (the
//! most moves of its own the side to move may use for `anchor`, 3 by default; for `block`
//! the largest N of the opponent's threat, 2 by default), `--region POINTS` (a list such as
//! "H8 H9 I9"). The region is `--region`, else the position file's `region`, else inferred
//! from the marked group (`problem::infer_region`), and `decided` says which. Without `--target` the marked group is the side's group (for
//! `block`: the opponent's) that is not an anchor and whose bound is least, ties to the group
//! with the lowest first point; `decided` says so. `auto` takes `anchor` when some such group
//! of the side to move anchors within N, else `block` when the opponent threatens. A
//! `block` whose region meets its own 180-degree image is searched without the mirror rule
//! (problem.rs), and `decided` says so.

use serde_json::json;

use super::AnchorPosition;
use super::engine::{Anchor, Color, Move};
use super::problem::{self, AProblem, Block, FAR, move_name};
use crate::games::solving::{self, Reading};
use crate::games::{GameError, ScoreReport, SolveOptions};
use crate::geometry::PointId;
use crate::solve::{Budget, Proof, Status, WinIn};

/// The region of a problem and how it was chosen.
fn region_for(pos: &AnchorPosition, target: PointId) -> (Vec<PointId>, &'static str) {
    let reach = if pos.game.stone(target) == Some(pos.game.to_move()) {
        problem::REACH
    } else {
        problem::BLOCK_REACH
    };
    match &pos.region {
        Some(r) => (r.clone(), "the given region"),
        None => (
            problem::infer_region(&pos.game, target, reach),
            "the region inferred from the group",
        ),
    }
}

/// The groups of `c` that are not anchors, each by its first stone with its bound inside its
/// region, least bound first.
fn candidates(pos: &AnchorPosition, c: Color) -> Vec<(u32, PointId)> {
    let a = &pos.game;
    let mut out: Vec<(u32, PointId)> = a
        .groups()
        .into_iter()
        .filter(|g| g.color == c && !g.verdict.is_anchor())
        .map(|g| {
            let t = g.points[0];
            let (region, _) = region_for(pos, t);
            (AProblem::new(a, c, t, &region).needs(), t)
        })
        .filter(|&(b, _)| b < FAR)
        .collect();
    out.sort_unstable();
    out
}

/// Solves the problem in `pos` under the command line's options.
pub fn solve(pos: &AnchorPosition, opts: &SolveOptions) -> Result<ScoreReport, GameError> {
    let started = std::time::Instant::now();
    let with_region;
    let pos = match &opts.region {
        None => pos,
        Some(text) => {
            with_region = AnchorPosition {
                region: Some(parse_region(pos, text)?),
                ..pos.clone()
            };
            &with_region
        }
    };
    let budget = solving::budget(opts, started);
    let a = &pos.game;
    let goal = opts.goal.as_deref().unwrap_or("auto");
    let invalid = |file: &str, message: String| GameError::Invalid {
        file: file.into(),
        line: 0,
        message,
    };
    if a.game_over() {
        return Err(invalid("--goal", "the game is over: two passes".into()));
    }
    let me = a.to_move();
    let board = a.board().clone();
    let target = match &opts.target {
        None => None,
        Some(t) => {
            let p = board
                .parse(t)
                .map_err(|e| invalid("--target", format!("'{t}': {e}")))?;
            if a.stone(p).is_none() {
                return Err(invalid("--target", format!("{t} holds no stone")));
            }
            Some(p)
        }
    };
    let nm = board.clone();
    let name = move |m: Move| move_name(&nm, m);
    let report = |goal: &str, decided: String, found: &WinIn<Move>, t: PointId| {
        let (region, how) = region_for(pos, t);
        let owner = a.stone(t).unwrap_or(me);
        let sentence = match goal {
            "block" => format!(
                "stop the {} group at {} from anchoring",
                owner.name(),
                board.name(t)
            ),
            _ => format!("make the group at {} an anchor", board.name(t)),
        };
        let mut decided = decided;
        if decided.is_empty() {
            decided = format!("{goal}: {how}");
        } else {
            decided.push_str(&format!("; {how}"));
        }
        if goal == "block" && !problem::mirror_free(a, &region) {
            decided.push_str(
                "; the region meets its 180-degree image, and a long line could meet the \
                 mirror rule, which the search does not apply",
            );
        }
        let reading = Reading {
            goal,
            decided,
            to_play: me,
            sentence,
            extra: vec![
                ("target", json!(board.name(t))),
                (
                    "region",
                    json!(
                        region
                            .iter()
                            .map(|&p| board.name(p).to_string())
                            .collect::<Vec<_>>()
                    ),
                ),
            ],
        };
        solving::report(&reading, found, &name, started.elapsed().as_millis() as u64)
    };
    let own = |t: PointId, c: Color, what: &str| -> Result<(), GameError> {
        if a.stone(t) != Some(c) {
            return Err(invalid(
                "--target",
                format!("{} is not a {} stone ({what})", board.name(t), c.name()),
            ));
        }
        Ok(())
    };
    match goal {
        "anchor" => {
            let max_n = solving::depth(opts, 3)?;
            let (t, decided) = match target {
                Some(t) => {
                    own(t, me, "the side to move's group")?;
                    (t, String::new())
                }
                None => match candidates(pos, me).first() {
                    Some(&(b, t)) => (
                        t,
                        format!(
                            "anchor: no --target given; the {} group at {} needs at least {b}",
                            me.name(),
                            board.name(t)
                        ),
                    ),
                    None => {
                        return Err(invalid(
                            "--target",
                            format!("{} has no group that can still anchor", me.title()),
                        ));
                    }
                },
            };
            let found = attack(pos, t, max_n, &budget);
            Ok(report("anchor", decided, &found, t))
        }
        "block" => {
            let max_n = solving::depth(opts, 2)?;
            let (t, decided) = match target {
                Some(t) => {
                    own(t, me.opp(), "the opponent's group")?;
                    (t, String::new())
                }
                None => match candidates(pos, me.opp()).first() {
                    Some(&(b, t)) => (
                        t,
                        format!(
                            "block: no --target given; the {} group at {} needs at least {b}",
                            me.opp().name(),
                            board.name(t)
                        ),
                    ),
                    None => {
                        return Err(invalid(
                            "--target",
                            format!("{} has no group that can still anchor", me.opp().title()),
                        ));
                    }
                },
            };
            let found = defence(pos, t, max_n, &budget).ok_or_else(|| {
                invalid(
                    "--goal",
                    format!(
                        "the {} group at {} threatens no anchor within {max_n}: nothing to block",
                        me.opp().name(),
                        board.name(t)
                    ),
                )
            })?;
            Ok(report("block", decided, &found, t))
        }
        "auto" => {
            let max_n = solving::depth(opts, 3)?;
            let mine: Vec<PointId> = match target {
                Some(t) if a.stone(t) == Some(me) => vec![t],
                Some(_) => Vec::new(),
                None => candidates(pos, me)
                    .into_iter()
                    .filter(|&(b, _)| b <= max_n)
                    .map(|x| x.1)
                    .collect(),
            };
            for &t in &mine {
                let found = attack(pos, t, max_n, &budget);
                if found.status == Status::Proven {
                    return Ok(report(
                        "anchor",
                        format!(
                            "anchor: the {} group at {} anchors within {}",
                            me.name(),
                            board.name(t),
                            found.n
                        ),
                        &found,
                        t,
                    ));
                }
            }
            let theirs: Vec<PointId> = match target {
                Some(t) if a.stone(t) == Some(me.opp()) => vec![t],
                Some(_) => Vec::new(),
                None => candidates(pos, me.opp())
                    .into_iter()
                    .filter(|&(b, _)| b <= max_n.min(2))
                    .map(|x| x.1)
                    .collect(),
            };
            for &t in &theirs {
                if let Some(found) = defence(pos, t, max_n.min(2), &budget) {
                    return Ok(report(
                        "block",
                        format!(
                            "block: no group of {} anchors within {max_n}, and the {} group at {} \
                             threatens to",
                            me.name(),
                            me.opp().name(),
                            board.name(t)
                        ),
                        &found,
                        t,
                    ));
                }
            }
            let Some(&t) = mine.first().or(theirs.first()) else {
                return Err(invalid(
                    "--goal",
                    "no group of either side is within reach of anchoring: nothing to solve".into(),
                ));
            };
            let found = attack(pos, t, max_n, &budget);
            Ok(report(
                "anchor",
                format!("anchor: nothing anchors within {max_n} and nothing to block"),
                &found,
                t,
            ))
        }
        other => Err(invalid(
            "--goal",
            format!("'{other}' is not an Anchor goal (anchor, block or auto)"),
        )),
    }
}

/// The points of `--region` ("H8 H9" or "H8,H9"), sorted.
fn parse_region(pos: &AnchorPosition, text: &str) -> Result<Vec<PointId>, GameError> {
    let board = pos.game.board();
    let bad = |message: String| GameError::Invalid {
        file: "--region".into(),
        line: 0,
        message,
    };
    let mut pts = Vec::new();
    for t in text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        pts.push(board.parse(t).map_err(|e| bad(format!("'{t}': {e}")))?);
    }
    if pts.is_empty() {
        return Err(bad("the region lists no point".into()));
    }
    pts.sort_unstable();
    pts.dedup();
    Ok(pts)
}

/// The side to move's search to anchor the group of `target` within `max_n`.
pub fn attack(pos: &AnchorPosition, target: PointId, max_n: u32, budget: &Budget) -> WinIn<Move> {
    let (region, _) = region_for(pos, target);
    let mut p = AProblem::new(&pos.game, pos.game.to_move(), target, &region);
    problem::deepen(&mut p, max_n, budget, 0).result
}

/// A `block` search as a "win in N" result for the side to move: proven when a move stops
/// the group of `target` for good (the key move, the others that also do, each failing move
/// with the enemy's winning reply); None when the group threatens nothing within `max_n`.
pub fn defence(
    pos: &AnchorPosition,
    target: PointId,
    max_n: u32,
    budget: &Budget,
) -> Option<WinIn<Move>> {
    let (region, _) = region_for(pos, target);
    let d: Block = problem::block(&pos.game, target, &region, max_n, budget, true);
    if d.threat == Status::Disproven {
        return None;
    }
    Some(as_win_in(&pos.game, target, &region, &d))
}

/// A block's answer in the shape of a "win in N" result.
pub fn as_win_in(a: &Anchor, target: PointId, region: &[PointId], d: &Block) -> WinIn<Move> {
    let status = if d.threat == Status::Unknown {
        Status::Unknown
    } else if !d.holds.is_empty() {
        Status::Proven
    } else if d.open.is_empty() {
        Status::Disproven
    } else {
        Status::Unknown
    };
    let key = d.holds.first().copied();
    let main_line = key.map_or_else(Vec::new, |k| {
        problem::block_line(a, target, region, k, 2 * d.n as usize)
    });
    WinIn {
        status,
        n: d.n,
        proof: Proof {
            status,
            key_move: key,
            unique: (status == Status::Proven && d.open.is_empty()).then_some(d.holds.len() == 1),
            other_winning_moves: d.holds.iter().skip(1).copied().collect(),
            refutations: d.fails.clone(),
            main_line,
            nodes: d.nodes,
            tree_size: d.proof_size,
        },
        nodes: d.nodes,
    }
}

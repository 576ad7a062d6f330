//! Stones that stand apart from a problem. A problem is often given on a whole board with
//! other stones far from it: the rest of the game it was taken from, handicap stones, or a
//! second problem printed on the same diagram. Read with them, the problem's box (the stones'
//! bounding box grown by a line, `ld::infer_region`) spans most of the board, the sides
//! counted open and the defender guessed from them are the whole position's, and the fight
//! area leaks out of the problem: a corner problem read in 2 ms on its own was still unknown
//! at 5 s with one stone added on the far 4-4 point.
//!
//! So the stones are grouped into clusters, two stones in one cluster when they are fewer
//! than `APART` lines apart across and along (up to three empty lines between them), and the
//! problem is one cluster, read with the others left out:
//! - the cluster holding a given `--target`;
//! - otherwise the cluster nearest the file's marked answers;
//! - otherwise the cluster with stones of both colours and the most stones (a life-and-death
//!   problem needs an attacker and a defender), the first in point order among equals.
//!
//! Every problem of the published collections in `tests/data/go/published/` is one cluster
//! (tests check it): in the wide collection's 390 the stones stand at most four lines apart
//! (one problem: a stone that stops the group's escape, three empty lines beyond the rest),
//! two or fewer in all the others; in the Cho samples at most three. A position reached by
//! moves, and a reading with a `--region` given, keep every stone.

use super::engine::{Go, Pt};

/// The least distance, in lines across or along (the larger of the two), between stones of
/// two clusters: four empty lines or more between them.
pub const APART: i32 = 5;

/// The stones of `go` in clusters (`APART`), each listed in point order, the clusters in the
/// order of their first stones.
pub fn clusters(go: &Go) -> Vec<Vec<Pt>> {
    let stones: Vec<Pt> = go.points().filter(|&p| go.stone(p).is_some()).collect();
    let at: Vec<(i32, i32)> = stones.iter().map(|&p| go.board().coord(go.id(p))).collect();
    let near = |i: usize, j: usize| across(at[i], at[j]) < APART;
    let mut cluster = vec![usize::MAX; stones.len()];
    let mut out: Vec<Vec<Pt>> = Vec::new();
    for first in 0..stones.len() {
        if cluster[first] != usize::MAX {
            continue;
        }
        let id = out.len();
        cluster[first] = id;
        let mut members = vec![first];
        let mut i = 0;
        while i < members.len() {
            let m = members[i];
            for (j, c) in cluster.iter_mut().enumerate() {
                if *c == usize::MAX && near(m, j) {
                    *c = id;
                    members.push(j);
                }
            }
            i += 1;
        }
        members.sort_unstable();
        out.push(members.into_iter().map(|k| stones[k]).collect());
    }
    out
}

/// The distance in lines across or along (the larger of the two) between two board
/// coordinates.
fn across(a: (i32, i32), b: (i32, i32)) -> i32 {
    (a.0 - b.0).abs().max((a.1 - b.1).abs())
}

/// `across` between two points.
fn lines(go: &Go, a: Pt, b: Pt) -> i32 {
    let at = |p: Pt| go.board().coord(go.id(p));
    across(at(a), at(b))
}

/// The stones to leave out of the reading of `go`: those of every cluster but the problem's
/// (module doc), in point order. Empty when the stones form one cluster, or when no cluster
/// can be told as the problem's.
pub fn left_out(go: &Go, target: Option<Pt>, answers: &[Pt]) -> Vec<Pt> {
    let all = clusters(go);
    if all.len() < 2 {
        return Vec::new();
    }
    let both = |c: &Vec<Pt>| {
        let first = go.stone(c[0]);
        c.iter().any(|&p| go.stone(p) != first)
    };
    let nearest = |c: &Vec<Pt>| {
        answers
            .iter()
            .flat_map(|&a| c.iter().map(move |&s| (a, s)))
            .map(|(a, s)| lines(go, a, s))
            .min()
            .unwrap_or(i32::MAX)
    };
    let chosen = match target {
        Some(t) => all.iter().position(|c| c.contains(&t)),
        None if !answers.is_empty() => (0..all.len()).min_by_key(|&i| nearest(&all[i])),
        None => (0..all.len())
            .filter(|&i| both(&all[i]))
            .min_by_key(|&i| std::cmp::Reverse(all[i].len())),
    };
    let Some(keep) = chosen else {
        return Vec::new();
    };
    let mut out: Vec<Pt> = all
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| i != keep)
        .flat_map(|(_, c)| c)
        .collect();
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::go::Color;

    fn board(stones: &[(&str, Color)]) -> Go {
        let mut go = Go::new(19);
        for &(n, c) in stones {
            let p = go.parse(n).expect("a point");
            go.setup(p, Some(c));
        }
        go
    }

    /// Stones four lines apart are one cluster, five apart two.
    #[test]
    fn stones_five_lines_apart_are_two_clusters() {
        use Color::{Black, White};
        let go = board(&[("C17", Black), ("G17", White), ("C3", Black)]);
        let names = |c: &Vec<Pt>| c.iter().map(|&p| go.name(p)).collect::<Vec<_>>();
        let found: Vec<Vec<String>> = clusters(&go).iter().map(names).collect();
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found.contains(&vec!["C3".to_string()]), "{found:?}");
        let go = board(&[("C17", Black), ("H17", White)]);
        assert_eq!(clusters(&go).len(), 2);
    }

    /// The problem is the cluster with both colours and the most stones, unless a target or
    /// the answers say which.
    #[test]
    fn the_problem_is_the_largest_cluster_with_both_colours() {
        use Color::{Black, White};
        let go = board(&[
            ("B18", Black),
            ("C18", White),
            ("Q16", Black),
            ("R16", Black),
            ("Q4", Black),
            ("Q3", White),
            ("R3", White),
        ]);
        let names = |v: Vec<Pt>| {
            let mut n: Vec<String> = v.iter().map(|&p| go.name(p)).collect();
            n.sort();
            n
        };
        // The lone colour's cluster (Q16, R16) is no problem; of the others Q4's is larger.
        assert_eq!(
            names(left_out(&go, None, &[])),
            ["B18", "C18", "Q16", "R16"]
        );
        let t = go.parse("C18").expect("a point");
        assert_eq!(
            names(left_out(&go, Some(t), &[])),
            ["Q16", "Q3", "Q4", "R16", "R3"]
        );
        let a = go.parse("A19").expect("a point");
        assert_eq!(
            names(left_out(&go, None, &[a])),
            ["Q16", "Q3", "Q4", "R16", "R3"]
        );
        assert!(left_out(&board(&[("B18", Black), ("F18", White)]), None, &[]).is_empty());
    }
}

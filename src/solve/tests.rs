//! df-pn on toy games with known values: a take-away game, tic-tac-toe, and a cyclic graph.

use super::*;

/// Take 1, 2 or 3 from a pile; whoever takes the last stone wins. The mover loses exactly
/// when the pile is a multiple of 4.
struct TakeAway {
    pile: u32,
    attacker_moves: bool,
    history: Vec<u32>,
}

impl Problem for TakeAway {
    type Move = u32;
    fn moves(&mut self) -> Vec<u32> {
        (1..=3).filter(|&k| k <= self.pile).collect()
    }
    fn play(&mut self, m: u32) {
        self.history.push(m);
        self.pile -= m;
        self.attacker_moves = !self.attacker_moves;
    }
    fn undo(&mut self) {
        let m = self.history.pop().unwrap();
        self.pile += m;
        self.attacker_moves = !self.attacker_moves;
    }
    fn hash(&self) -> u64 {
        (self.pile as u64) << 1 | self.attacker_moves as u64
    }
    fn attacker_to_move(&self) -> bool {
        self.attacker_moves
    }
    fn outcome(&mut self) -> Option<bool> {
        // The player who took the last stone won: that is the one not to move now.
        (self.pile == 0).then_some(!self.attacker_moves)
    }
}

#[test]
fn take_away_values_and_unique_key_moves() {
    for pile in 1..=30 {
        let mut g = TakeAway {
            pile,
            attacker_moves: true,
            history: Vec::new(),
        };
        let mut s = Solver::new(Budget::default());
        let proof = s.prove(&mut g);
        if pile % 4 == 0 {
            assert_eq!(proof.status, Status::Disproven, "pile {pile}");
            assert_eq!(proof.key_move, None);
            assert_eq!(proof.refutations.len(), 3);
        } else {
            assert_eq!(proof.status, Status::Proven, "pile {pile}");
            assert_eq!(proof.key_move, Some(pile % 4));
            assert_eq!(proof.unique, Some(true));
            // The main line ends with the attacker taking the last stone.
            let total: u32 = proof.main_line.iter().sum();
            assert_eq!(total, pile, "{:?}", proof.main_line);
            assert_eq!(proof.main_line.len() % 2, 1);
        }
        assert_eq!(
            g.pile, pile,
            "the search leaves the position as it found it"
        );
    }
}

/// Tic-tac-toe; the attacker is X and wants three in a row (a draw is a failure).
#[derive(Clone)]
struct Ttt {
    cells: [u8; 9],
    x_to_move: bool,
    history: Vec<usize>,
}

impl Ttt {
    fn from(s: &str) -> Ttt {
        let mut cells = [0u8; 9];
        for (i, ch) in s.chars().filter(|c| !c.is_whitespace()).enumerate() {
            cells[i] = match ch {
                'X' => 1,
                'O' => 2,
                _ => 0,
            };
        }
        let xs = cells.iter().filter(|&&c| c == 1).count();
        let os = cells.iter().filter(|&&c| c == 2).count();
        Ttt {
            cells,
            x_to_move: xs == os,
            history: Vec::new(),
        }
    }

    fn line(&self, v: u8) -> bool {
        const L: [[usize; 3]; 8] = [
            [0, 1, 2],
            [3, 4, 5],
            [6, 7, 8],
            [0, 3, 6],
            [1, 4, 7],
            [2, 5, 8],
            [0, 4, 8],
            [2, 4, 6],
        ];
        L.iter().any(|l| l.iter().all(|&i| self.cells[i] == v))
    }
}

impl Problem for Ttt {
    type Move = usize;
    fn moves(&mut self) -> Vec<usize> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        (0..9).filter(|&i| self.cells[i] == 0).collect()
    }
    fn play(&mut self, m: usize) {
        self.cells[m] = if self.x_to_move { 1 } else { 2 };
        self.x_to_move = !self.x_to_move;
        self.history.push(m);
    }
    fn undo(&mut self) {
        let m = self.history.pop().unwrap();
        self.cells[m] = 0;
        self.x_to_move = !self.x_to_move;
    }
    fn hash(&self) -> u64 {
        self.cells
            .iter()
            .fold(self.x_to_move as u64, |h, &c| h * 3 + c as u64)
    }
    fn attacker_to_move(&self) -> bool {
        self.x_to_move
    }
    fn outcome(&mut self) -> Option<bool> {
        if self.line(1) {
            Some(true)
        } else if self.line(2) || self.cells.iter().all(|&c| c != 0) {
            Some(false)
        } else {
            None
        }
    }
}

#[test]
fn tic_tac_toe_is_a_draw_from_the_start() {
    let mut g = Ttt::from(".........");
    let mut s = Solver::new(Budget::default());
    let proof = s.prove(&mut g);
    assert_eq!(proof.status, Status::Disproven, "X cannot force a win");
    assert_eq!(proof.refutations.len(), 9);
}

#[test]
fn tic_tac_toe_forced_win_with_a_unique_key() {
    // A fork: X at 0 and 8, O at 2 and 4; X plays 6, threatening 3 and 7 at once.
    let mut g = Ttt::from("X.O .O. ..X");
    let mut s = Solver::new(Budget::default());
    let proof = s.prove(&mut g);
    assert_eq!(proof.status, Status::Proven);
    assert_eq!(proof.key_move, Some(6));
    assert_eq!(
        proof.unique,
        Some(true),
        "others: {:?}",
        proof.other_winning_moves
    );
    // X completes the top row at 2; blocking at 5 does not win by force.
    let mut g = Ttt::from("XX. OO. ...");
    let mut s = Solver::new(Budget::default());
    let proof = s.prove(&mut g);
    assert_eq!(proof.status, Status::Proven);
    assert_eq!(proof.key_move, Some(2));
    assert_eq!(
        proof.unique,
        Some(true),
        "only 2 wins at once; 5 blocks but does not win"
    );
}

/// A tiny graph game with a cycle: from A the attacker may go to B or C; B leads back to A;
/// C is a win for the attacker only via D. Repetition is a failure for the attacker.
struct Cycle {
    at: u8,
    attacker_moves: bool,
    history: Vec<u8>,
}

impl Problem for Cycle {
    type Move = u8;
    fn moves(&mut self) -> Vec<u8> {
        match self.at {
            0 => vec![1, 2],
            1 => vec![0],
            2 => vec![3, 0],
            _ => Vec::new(),
        }
    }
    fn play(&mut self, m: u8) {
        self.history.push(self.at);
        self.at = m;
        self.attacker_moves = !self.attacker_moves;
    }
    fn undo(&mut self) {
        self.at = self.history.pop().unwrap();
        self.attacker_moves = !self.attacker_moves;
    }
    fn hash(&self) -> u64 {
        (self.at as u64) << 1 | self.attacker_moves as u64
    }
    fn attacker_to_move(&self) -> bool {
        self.attacker_moves
    }
    fn outcome(&mut self) -> Option<bool> {
        // Node 3 is reached by the defender's move: the attacker has won there.
        (self.at == 3).then_some(true)
    }
}

#[test]
fn cycles_terminate_and_count_against_the_attacker() {
    let mut g = Cycle {
        at: 0,
        attacker_moves: true,
        history: Vec::new(),
    };
    let mut s = Solver::new(Budget {
        nodes: 10_000,
        ..Budget::default()
    });
    let proof = s.prove(&mut g);
    // From C the defender chooses between D (attacker wins) and A (repetition path): the
    // defender escapes by going back, so the attacker cannot force D.
    assert_eq!(proof.status, Status::Disproven);
    assert!(
        proof.nodes < 10_000,
        "the search ends well inside its budget"
    );
}

#[test]
fn budget_exhaustion_says_unknown_never_a_guess() {
    let mut g = Ttt::from(".........");
    let mut s = Solver::new(Budget {
        nodes: 5,
        ..Budget::default()
    });
    assert_eq!(s.search(&mut g), Status::Unknown);
}

/// A first move read within a few nodes is left open, not guessed, and the solver's own
/// budget is back in force after it: read again within enough nodes, the same move gets its
/// status, and so does the root.
#[test]
fn a_first_move_read_within_a_cap_is_left_open_and_the_cap_ends_with_it() {
    let mut g = Ttt::from(".........");
    let mut s = Solver::new(Budget::default());
    assert_eq!(s.read_first_move_within(&mut g, 4, 5).0, Status::Unknown);
    assert!(s.nodes() < 50, "{} nodes for a cap of 5", s.nodes());
    let (status, reply) = s.read_first_move_within(&mut g, 4, 2_000_000);
    assert_eq!(status, Status::Disproven);
    assert!(reply.is_some(), "a failure comes with its refutation");
    assert_eq!(s.search(&mut g), Status::Disproven);
}

/// With a table far too small for the search, siblings evict each other's entries. The search
/// must still finish: a parent keeps what its children's searches returned, instead of reading
/// an evicted child back as a fresh leaf and picking it again (once, two siblings took turns
/// like that until the budget ran out).
#[test]
fn a_table_too_small_for_the_search_slows_it_but_does_not_stall_it() {
    let mut g = Ttt::from(".........");
    let mut s = Solver::new(Budget {
        table_entries: 4,
        nodes: 2_000_000,
        ..Budget::default()
    });
    assert_eq!(s.search(&mut g), Status::Disproven, "{} nodes", s.nodes());
}

/// Take-away where a reader's rules forbid taking the amount just taken (a rule the search
/// does not know, as a ko master's retake is unknown to the game's rules).
struct Picky(TakeAway);

impl Problem for Picky {
    type Move = u32;
    fn moves(&mut self) -> Vec<u32> {
        self.0.moves()
    }
    fn play(&mut self, m: u32) {
        self.0.play(m)
    }
    fn undo(&mut self) {
        self.0.undo()
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn attacker_to_move(&self) -> bool {
        self.0.attacker_to_move()
    }
    fn outcome(&mut self) -> Option<bool> {
        self.0.outcome()
    }
    fn lawful(&mut self, m: u32) -> bool {
        self.0.history.last() != Some(&m)
    }
}

/// True when no move of the line or of any branch repeats the move before it.
fn no_repeat(before: Option<u32>, bs: &[Branch<u32>]) -> bool {
    bs.iter()
        .all(|b| Some(b.mv) != before && no_repeat(Some(b.mv), &b.next))
}

#[test]
fn lines_and_trees_keep_to_lawful_moves() {
    let mut repeats_somewhere = false;
    for pile in 1..=30u32 {
        let mut g = Picky(TakeAway {
            pile,
            attacker_moves: true,
            history: Vec::new(),
        });
        // Without the rule, some main line takes the same amount twice in a row.
        let mut plain = TakeAway {
            pile,
            attacker_moves: true,
            history: Vec::new(),
        };
        let line = Solver::new(Budget::default()).prove(&mut plain).main_line;
        repeats_somewhere |= line.windows(2).any(|w| w[0] == w[1]);
        let mut s = Solver::new(Budget::default());
        let proof = s.prove(&mut g);
        if proof.status != Status::Proven {
            continue;
        }
        let line = &proof.main_line;
        assert!(
            line.windows(2).all(|w| w[0] != w[1]),
            "pile {pile}: {line:?}"
        );
        // Each attacker move of the line leaves a multiple of 4: the result holds throughout.
        let mut left = pile;
        for (i, &m) in line.iter().enumerate() {
            left -= m;
            if i % 2 == 0 {
                assert_eq!(left % 4, 0, "pile {pile}: {line:?}");
            }
        }
        let key = proof.key_move.unwrap();
        g.play(key);
        let tree = s.solution(&mut g, 40, 10_000);
        g.undo();
        assert!(no_repeat(Some(key), &tree), "pile {pile}: {tree:?}");
        // The defender's branches hold every lawful reply, none other, each with at most one
        // answer.
        assert!(
            tree.iter().all(|b| b.next.len() <= 1),
            "pile {pile}: {tree:?}"
        );
        assert_eq!(
            tree.len(),
            (1..=3).filter(|&k| k <= pile - key && k != key).count(),
            "pile {pile}"
        );
    }
    assert!(repeats_somewhere, "the test meets the rule somewhere");
}

/// A first move that fails only to an answer the rules forbid is not shown to fail: the key
/// move is then not proven unique. From a pile of 2, taking 1 loses to taking the last 1, which
/// `Picky` forbids (the same amount as the move before).
#[test]
fn a_failure_answered_only_unlawfully_leaves_uniqueness_open() {
    let pile = 2;
    let mut plain = TakeAway {
        pile,
        attacker_moves: true,
        history: Vec::new(),
    };
    let proof = Solver::new(Budget::default()).prove(&mut plain);
    assert_eq!(proof.key_move, Some(2));
    assert_eq!(proof.unique, Some(true));
    assert_eq!(proof.refutations, vec![(1, Some(1))]);

    let mut picky = Picky(TakeAway {
        pile,
        attacker_moves: true,
        history: Vec::new(),
    });
    let proof = Solver::new(Budget::default()).prove(&mut picky);
    assert_eq!(proof.key_move, Some(2));
    assert_eq!(proof.unique, None, "{proof:?}");
    assert!(proof.refutations.is_empty(), "{proof:?}");
}

#[test]
fn win_in_n_is_minimal_and_proven_at_every_smaller_n() {
    // Take-away: from a pile of 4k + r (r > 0) the attacker needs k + 1 moves of its own.
    for pile in 1..=14 {
        let mut g = TakeAway {
            pile,
            attacker_moves: true,
            history: Vec::new(),
        };
        let found = win_in(&mut g, 5, &Budget::default());
        if pile % 4 == 0 {
            assert_eq!(found.status, Status::Disproven, "pile {pile}");
            assert_eq!(found.n, 5);
            continue;
        }
        assert_eq!(found.status, Status::Proven, "pile {pile}");
        assert_eq!(found.n, pile / 4 + 1, "pile {pile}");
        assert_eq!(found.proof.key_move, Some(pile % 4));
        // Within one move fewer the attacker fails against every defence.
        if found.n > 1 {
            let mut g = TakeAway {
                pile,
                attacker_moves: true,
                history: Vec::new(),
            };
            let mut bounded = WithinN::new(&mut g, found.n - 1);
            assert_eq!(
                Solver::new(Budget::default()).search(&mut bounded),
                Status::Disproven
            );
        }
        assert!(
            g.history.is_empty(),
            "the bound leaves the problem as it found it"
        );
    }
}

#[test]
fn win_in_n_gives_the_unique_key_within_n() {
    // Three in a row at once: N = 1, and only 2 does it (5 blocks but wins nothing in one).
    let mut g = Ttt::from("XX. OO. ...");
    let found = win_in(&mut g, 4, &Budget::default());
    assert_eq!((found.status, found.n), (Status::Proven, 1));
    assert_eq!(found.proof.key_move, Some(2));
    assert_eq!(found.proof.unique, Some(true));
    // The fork at 6 wins in two moves and in no fewer; it is the only move that does.
    let mut g = Ttt::from("X.O .O. ..X");
    let found = win_in(&mut g, 4, &Budget::default());
    assert_eq!((found.status, found.n), (Status::Proven, 2));
    assert_eq!(found.proof.key_move, Some(6));
    assert_eq!(found.proof.unique, Some(true));
    assert_eq!(
        found.proof.main_line.len(),
        3,
        "{:?}",
        found.proof.main_line
    );
    // A budget too small for the proof says unknown, never a guess.
    let mut g = Ttt::from(".........");
    let tiny = Budget {
        nodes: 5,
        ..Budget::default()
    };
    assert_eq!(win_in(&mut g, 4, &tiny).status, Status::Unknown);
}

/// Take-away with a lower bound on the attacker's moves: a round (one move each) takes at most
/// 6, so the attacker needs at least ceil(pile / 6) moves of its own, and one more when the
/// defender is to move and at least one stone is left for the defender to take.
struct Bounded(TakeAway);

impl Problem for Bounded {
    type Move = u32;
    fn moves(&mut self) -> Vec<u32> {
        self.0.moves()
    }
    fn play(&mut self, m: u32) {
        self.0.play(m)
    }
    fn undo(&mut self) {
        self.0.undo()
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn attacker_to_move(&self) -> bool {
        self.0.attacker_to_move()
    }
    fn outcome(&mut self) -> Option<bool> {
        self.0.outcome()
    }
    fn attacker_needs(&mut self) -> u32 {
        let pile = self.0.pile;
        if self.0.attacker_moves {
            pile.div_ceil(6)
        } else {
            // The defender takes at most 3 first; the attacker still has a stone to take.
            pile.saturating_sub(3).div_ceil(6).max(u32::from(pile > 0))
        }
    }
}

#[test]
fn a_lower_bound_on_the_attackers_moves_cuts_the_search_and_keeps_the_answer() {
    for pile in 1..=26 {
        let mut plain = TakeAway {
            pile,
            attacker_moves: true,
            history: Vec::new(),
        };
        let mut bounded = Bounded(TakeAway {
            pile,
            attacker_moves: true,
            history: Vec::new(),
        });
        let a = win_in(&mut plain, 6, &Budget::default());
        let b = win_in(&mut bounded, 6, &Budget::default());
        assert_eq!((a.status, a.n), (b.status, b.n), "pile {pile}");
        assert_eq!(a.proof.key_move, b.proof.key_move, "pile {pile}");
        assert_eq!(a.proof.unique, b.proof.unique, "pile {pile}");
        assert!(b.nodes <= a.nodes, "pile {pile}: {} > {}", b.nodes, a.nodes);
        if pile > 6 {
            assert!(b.nodes < a.nodes, "pile {pile}: the bound cut nothing");
        }
    }
}

#[test]
fn a_classification_with_a_share_reads_what_it_can_and_says_what_it_left() {
    let positions = [
        "X.. ... ...",
        "X.. .O. ...",
        "X.O .O. ..X",
        "XX. OO. ...",
        "X.. ... O..",
        "XO. ... ...",
        ".X. ... ...",
    ];
    let everything = Share {
        percent_of_root: 100_000_000,
        floor: 1_000_000,
    };
    let nothing = Share {
        percent_of_root: 0,
        floor: 0,
    };
    let mut left_some = 0;
    for pos in positions {
        let full = Solver::new(Budget::default()).prove(&mut Ttt::from(pos));
        // A share that covers everything gives the proof `prove` gives.
        let mut g = Ttt::from(pos);
        let (all, unread) = Solver::new(Budget::default()).prove_within(&mut g, everything);
        assert!(unread.is_empty(), "{pos}");
        assert_eq!(
            (all.key_move, all.unique, &all.other_winning_moves),
            (full.key_move, full.unique, &full.other_winning_moves),
            "{pos}"
        );
        // The replies and lines may differ: the proofs are found in another order.
        let failed = |p: &Proof<usize>| p.refutations.iter().map(|r| r.0).collect::<Vec<_>>();
        assert_eq!(failed(&all), failed(&full), "{pos}");
        assert_eq!(all.main_line.first(), full.main_line.first(), "{pos}");
        // No share: only the first moves the root's proof settled are read, the winning one
        // among them, and every first move is either read or listed as unread.
        let (some, unread) = Solver::new(Budget::default()).prove_within(&mut g, nothing);
        assert_eq!(some.status, full.status, "{pos}");
        assert_eq!(
            g.history,
            Vec::<usize>::new(),
            "the position is left as found"
        );
        let mut seen: Vec<usize> = some.winning_moves();
        seen.extend(some.refutations.iter().map(|r| r.0));
        seen.extend(&unread);
        seen.sort_unstable();
        let mut moves = Ttt::from(pos).moves();
        moves.sort_unstable();
        assert_eq!(seen, moves, "{pos}");
        if full.status == Status::Proven {
            let key = some.key_move.expect("the root's own winning move is read");
            assert!(full.winning_moves().contains(&key), "{pos}");
        }
        for w in some.winning_moves() {
            assert!(full.winning_moves().contains(&w), "{pos}: {w}");
        }
        if !unread.is_empty() {
            left_some += 1;
            if some.key_move.is_some() && some.other_winning_moves.is_empty() {
                assert_eq!(some.unique, None, "{pos}: uniqueness is left open");
            }
        }
    }
    assert!(left_some > 0, "some root proof leaves first moves unread");
}

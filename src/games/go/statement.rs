//! What a problem file's own words say it asks: "Black to live", "White to play and kill",
//! "黒先白死". Problem collections state the goal in the set-up's comment more often than in
//! any property, and a reader of the file takes it from there before guessing from the
//! stones. `read` finds the side to play and the colour whose group is at stake (the
//! defender); the goal follows from the two, as it does for `--goal` (live when the defender
//! moves, kill otherwise), so that a statement stays true whoever `--to-play` gives the move
//! to.
//!
//! English statements are read word by word: a colour, then within a few small words a goal
//! word ("Black to play and live": Black defends; "White to kill": Black defends; "White is
//! dead": White defends; "escape" and "seki" count as a life, as the reading counts them), or
//! a verb with its object ("kill the white group", "save Black"). Japanese, Chinese and
//! Korean statements are read by their characters: the colour and 先 or 番 (선) for the
//! side to play, then 活 or 生 (활) for a life, 死, 殺 or 杀 (사) for a kill, a colour before 死
//! naming the dead. A ko (劫, コウ, 패, "ko") states no goal: it may be either side's; nor
//! does "live or kill", the online collections' label for a problem of either kind, nor 死活
//! (사활), "life and death". Statements that disagree state nothing.

use super::engine::Color;

/// What a problem file's comment states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    /// The side it says is to play.
    pub to_play: Option<Color>,
    /// The colour whose group must live or die.
    pub defender: Option<Color>,
    /// The words it was read from, as the comment has them (shortened), for the report.
    pub said: String,
}

/// The small words that may stand between a colour and its goal ("Black to play and live").
const FILLERS: &[&str] = &[
    "to",
    "play",
    "plays",
    "playing",
    "and",
    "first",
    "move",
    "moves",
    "then",
    "must",
    "can",
    "could",
    "should",
    "is",
    "be",
    "make",
    "makes",
    "the",
    "a",
    "its",
    "group",
    "stones",
    "unconditionally",
    "cleanly",
    "how",
    "does",
    "do",
];

/// What a goal word says of its subject (`Goal`), None for another word.
fn goal_word(w: &str) -> Option<Goal> {
    Some(match w {
        "live" | "lives" | "living" | "life" | "alive" | "survive" | "survives" | "seki"
        | "escape" | "escapes" => Goal::Lives,
        "kill" | "kills" | "capture" | "captures" => Goal::Kills,
        "die" | "dies" | "dead" | "death" => Goal::Dies,
        "save" | "saves" | "rescue" => Goal::Saves,
        _ => return None,
    })
}

/// What a goal word says of the colour before it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Goal {
    /// Its group lives.
    Lives,
    /// It kills the other colour's group.
    Kills,
    /// Its group dies.
    Dies,
    /// It saves its group ("Black to save"), or the object's ("save the white stones").
    Saves,
}

/// The colour a word names ("black", "white"; lower case).
fn colour_word(w: &str) -> Option<Color> {
    match w {
        "black" => Some(Color::Black),
        "white" => Some(Color::White),
        _ => None,
    }
}

/// The statement of a comment, if it states a side to play or a defender.
pub fn read(comment: &str) -> Option<Statement> {
    let (mut to_play, mut defenders) = (None, Vec::new());
    read_words(comment, &mut to_play, &mut defenders);
    read_characters(comment, &mut to_play, &mut defenders);
    let defender = match defenders.first() {
        Some(&d) if defenders.iter().all(|&e| e == d) => Some(d),
        _ => None,
    };
    if to_play.is_none() && defender.is_none() {
        return None;
    }
    let said: String = comment.split_whitespace().collect::<Vec<_>>().join(" ");
    let said = match said.char_indices().nth(60) {
        Some((i, _)) => format!("{}...", &said[..i]),
        None => said,
    };
    Some(Statement {
        to_play,
        defender,
        said,
    })
}

/// The English reading (`read`).
fn read_words(comment: &str, to_play: &mut Option<Color>, defenders: &mut Vec<Color>) {
    let lower = comment.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        if let Some(c) = colour_word(w) {
            let after = &words[i + 1..];
            let plays = after.first().is_some_and(|&n| {
                n == "plays" || n == "first" || (n == "to" && after.get(1) == Some(&"play"))
            }) || after.first() == Some(&"to") && after.get(1) == Some(&"move");
            if plays && to_play.is_none() {
                *to_play = Some(c);
            }
            // The goal within the next words, past the small ones.
            for (j, &n) in after.iter().enumerate().take(6) {
                let at = i + 1 + j;
                if n == "ko" || colour_word(n).is_some() {
                    break;
                }
                if let Some(g) = goal_word(n) {
                    // "Black to live or kill": either, so neither.
                    if after.get(j + 1) == Some(&"or")
                        && after.get(j + 2).is_some_and(|w| goal_word(w).is_some())
                    {
                        break;
                    }
                    // A verb with an object of its own ("Black to kill white") is read below.
                    let object =
                        matches!(g, Goal::Kills | Goal::Saves) && object_of(&words, at).is_some();
                    if !object {
                        defenders.push(match g {
                            Goal::Lives | Goal::Dies | Goal::Saves => c,
                            Goal::Kills => c.opp(),
                        });
                    }
                    break;
                }
                if !FILLERS.contains(&n) {
                    break;
                }
            }
        }
        // A verb and its object: "kill the white group", "save Black".
        if let Some(Goal::Kills | Goal::Saves) = goal_word(w)
            && let Some(c) = object_of(&words, i)
        {
            defenders.push(c);
        }
    }
}

/// The colour the verb at `words[verb]` takes as its object, within the next three words and
/// past articles ("kill the white group", "save all black stones").
fn object_of(words: &[&str], verb: usize) -> Option<Color> {
    words[verb + 1..]
        .iter()
        .take(3)
        .take_while(|n| colour_word(n).is_some() || ["the", "a", "all"].contains(n))
        .find_map(|n| colour_word(n))
}

/// The reading of Japanese, Chinese and Korean statements (`read`): "黒先活", "黑先白死",
/// "白先黒死", "흑선활", "백선 흑사".
fn read_characters(comment: &str, to_play: &mut Option<Color>, defenders: &mut Vec<Color>) {
    let colour = |c: char| match c {
        '黒' | '黑' | '흑' => Some(Color::Black),
        '白' | '백' => Some(Color::White),
        _ => None,
    };
    let chars: Vec<char> = comment.chars().filter(|c| !c.is_whitespace()).collect();
    for (i, w) in chars.windows(2).enumerate() {
        let Some(c) = colour(w[0]) else { continue };
        if !matches!(w[1], '先' | '番' | '선') {
            continue;
        }
        if to_play.is_none() {
            *to_play = Some(c);
        }
        let rest = &chars[i + 2..chars.len().min(i + 6)];
        for (j, &r) in rest.iter().enumerate() {
            // 死活, 사활: "life and death", the kind of problem, not its goal.
            if matches!(
                (r, rest.get(j + 1)),
                ('死', Some('活')) | ('사', Some('활'))
            ) {
                break;
            }
            match r {
                '劫' | '패' | 'コ' => break,
                '活' | '生' | '활' => {
                    defenders.push(c);
                    break;
                }
                '死' | '殺' | '杀' | '사' => {
                    // "白死": the colour before it names the dead.
                    let dead = j
                        .checked_sub(1)
                        .and_then(|k| colour(rest[k]))
                        .unwrap_or(c.opp());
                    defenders.push(dead);
                    break;
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    fn sides(comment: &str) -> (Option<Color>, Option<Color>) {
        read(comment).map_or((None, None), |s| (s.to_play, s.defender))
    }

    #[test]
    fn english_statements_give_the_side_to_play_and_the_defender() {
        assert_eq!(sides("Black to live."), (None, Some(Black)));
        assert_eq!(sides("Black to play and live"), (Some(Black), Some(Black)));
        assert_eq!(sides("White to play and kill."), (Some(White), Some(Black)));
        assert_eq!(sides("WHITE TO KILL"), (None, Some(Black)));
        assert_eq!(
            sides("Black to play. Can White live?"),
            (Some(Black), Some(White))
        );
        assert_eq!(
            sides("Black to play: kill the white group"),
            (Some(Black), Some(White))
        );
        assert_eq!(
            sides("White to play and save the white stones"),
            (Some(White), Some(White))
        );
        assert_eq!(sides("Black to kill white"), (None, Some(White)));
        assert_eq!(
            sides("How should Black play to make life?"),
            (None, Some(Black))
        );
        assert_eq!(
            sides("Black first. White is dead."),
            (Some(Black), Some(White))
        );
        assert_eq!(
            sides("Black to play and make seki"),
            (Some(Black), Some(Black))
        );
        assert_eq!(sides("Black to save his stones"), (None, Some(Black)));
        assert_eq!(
            sides("White to play and escape"),
            (Some(White), Some(White))
        );
        // A side to play alone, a ko, a race: no goal.
        assert_eq!(sides("Black to play: Elementary"), (Some(Black), None));
        assert_eq!(sides("White to play and make ko"), (Some(White), None));
        assert_eq!(
            sides("Black to play and win the capturing race"),
            (Some(Black), None)
        );
        // Online collections' label for a problem of either kind.
        assert_eq!(read("Black to live or kill"), None);
        assert_eq!(sides("Black to play: live or die?"), (Some(Black), None));
        // Words that state nothing, or statements that disagree.
        assert_eq!(read("Problem 12. Life and death."), None);
        assert_eq!(read("Correct!"), None);
        assert_eq!(sides("Black lives, white lives"), (None, None));
        // A colour word inside a longer one is not a colour.
        assert_eq!(read("Blackwell's collection, 12"), None);
    }

    #[test]
    fn character_statements_give_the_side_to_play_and_the_defender() {
        assert_eq!(sides("黒先活"), (Some(Black), Some(Black)));
        assert_eq!(sides("黑先白死"), (Some(Black), Some(White)));
        assert_eq!(sides("白先黒死"), (Some(White), Some(Black)));
        assert_eq!(sides("黑先杀"), (Some(Black), Some(White)));
        assert_eq!(sides("白先 活"), (Some(White), Some(White)));
        assert_eq!(sides("흑선활"), (Some(Black), Some(Black)));
        assert_eq!(sides("백선 흑사"), (Some(White), Some(Black)));
        assert_eq!(sides("黒先劫"), (Some(Black), None));
        assert_eq!(sides("黒先コウ"), (Some(Black), None));
        assert_eq!(sides("白番・黒死"), (Some(White), Some(Black)));
        assert_eq!(sides("黑先 死活题"), (Some(Black), None));
        assert_eq!(sides("흑선 사활"), (Some(Black), None));
    }

    #[test]
    fn the_words_are_kept_short_for_the_report() {
        let s = read("Black to live. ".repeat(10).as_str()).expect("a statement");
        assert!(s.said.starts_with("Black to live. Black to live."));
        assert!(
            s.said.ends_with("...") && s.said.chars().count() == 63,
            "{}",
            s.said
        );
    }
}

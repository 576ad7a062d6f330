//! What a diagram asks of a game: the analyses to show and the moves to number.

use super::model::Figure;

/// A game's part of a `[[diagram]]`: which findings to draw and which moves to play on.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Request {
    /// The show options (each game lists and documents its own: `Game::show_options`).
    pub show: Vec<String>,
    /// Moves played from the position and drawn numbered, in order.
    pub moves: Vec<String>,
}

impl Request {
    /// Whether a show option was asked for.
    pub fn shows(&self, what: &str) -> bool {
        self.show.iter().any(|s| s == what)
    }
}

/// A figure made by a game and the caption written from its engine's findings.
#[derive(Clone, Debug)]
pub struct Made {
    /// The resolved figure (its caption left empty).
    pub figure: Figure,
    /// The caption the engine's analysis gives, used for `caption = "auto"`.
    pub auto_caption: String,
}

/// "1 stone", "3 stones".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A list as a sentence writes it: "a", "a and b", "a, b and c".
pub fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A count in words for the small numbers captions use ("two sixes"), digits above ten.
pub fn count_words(n: usize, one: &str, many: &str) -> String {
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    let noun = if n == 1 { one } else { many };
    match WORDS.get(n) {
        Some(w) => format!("{w} {noun}"),
        None => format!("{n} {noun}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_counts_read_as_english() {
        let items = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(and_list(&items(&[])), "");
        assert_eq!(and_list(&items(&["a row"])), "a row");
        assert_eq!(and_list(&items(&["a row", "a ring"])), "a row and a ring");
        assert_eq!(
            and_list(&items(&["a row", "a triangle", "a ring"])),
            "a row, a triangle and a ring"
        );
        assert_eq!(count_words(3, "six", "sixes"), "three sixes");
        assert_eq!(count_words(1, "six", "sixes"), "one six");
        assert_eq!(count_words(12, "six", "sixes"), "12 sixes");
    }
}

//! The two players, shared by every engine.

/// A player, or the colour of a stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black.
    Black,
    /// White.
    White,
}

impl Color {
    /// The other player.
    pub fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// "black" or "white".
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// "Black" or "White".
    pub fn title(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    /// Parses "black"/"b" or "white"/"w" (any case).
    pub fn parse(s: &str) -> Option<Color> {
        match s.trim().to_ascii_lowercase().as_str() {
            "black" | "b" => Some(Color::Black),
            "white" | "w" => Some(Color::White),
            _ => None,
        }
    }

    /// 0 for Black, 1 for White: an index into per-player arrays.
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }
}

/// The Zobrist hash of a board from scratch: the XOR of `table[2 * point + colour index]` over
/// every stone (the layout the engines' tables use), to check an incrementally kept hash.
pub fn zobrist_of(cells: &[Option<Color>], table: &[u64]) -> u64 {
    cells
        .iter()
        .enumerate()
        .filter_map(|(p, c)| c.map(|c| table[p * 2 + c.index()]))
        .fold(0, |h, k| h ^ k)
}

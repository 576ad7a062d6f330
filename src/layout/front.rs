//! Front and back matter for books and booklets: a title page, a contents page with page
//! numbers, a "how to read this book" page made from what the book uses (the games' notation,
//! the marks on answer figures, the grades of its kinds) and, at the back, an index of the
//! problems by difficulty. Every page here is a title and paragraphs, drawn by [`text_page`].

use crate::geometry::{Point, Size};
use crate::render::frame::{fit_text, text_width};
use crate::render::{Align, Page};

/// Title size, mm.
const TITLE: f64 = 9.0;
/// Body size, mm.
const BODY: f64 = 3.6;
/// Size of the line under a title page's title, mm.
const SUB: f64 = 4.5;

/// Draws a title (its baseline at `top`) and (heading, paragraph) pairs under it, wrapped to
/// the text width; returns false when the text did not all fit above `bottom` (the rest is left
/// out, and the caller says so).
pub fn text_page(
    page: &mut Page,
    margin: f64,
    (top, bottom): (f64, f64),
    title: &str,
    title_size: f64,
    paragraphs: &[(String, String)],
) -> bool {
    let width = page.size.w - 2.0 * margin;
    let mut y = top;
    if !title.is_empty() {
        // Wrapped to two lines, then shrunk.
        let fitted = fit_text(
            title,
            Size::new(width, title_size * 1.15 * 2.0),
            title_size,
            title_size * 0.6,
            true,
            1.15,
        );
        y += page.fitted(Point::new(margin, y), &fitted, Align::Start, true, 1.15);
        page.overflow(None, format!("title \"{title}\""), fitted.overflow);
        y += title_size * 1.4;
    }
    for (heading, para) in paragraphs {
        if !heading.is_empty() {
            if y + BODY * 2.0 > bottom {
                return false;
            }
            let fitted = fit_text(
                heading,
                Size::new(width, BODY * 1.1 * 1.2),
                BODY * 1.1,
                BODY * 0.8,
                true,
                1.2,
            );
            page.fitted(Point::new(margin, y), &fitted, Align::Start, true, 1.2);
            page.overflow(None, format!("heading \"{heading}\""), fitted.overflow);
            y += BODY * 1.6;
        }
        for line in crate::render::frame::wrap_words(para, width, BODY, false) {
            if y > bottom {
                return false;
            }
            page.text(Point::new(margin, y), line, BODY, Align::Start);
            y += BODY * 1.45;
        }
        y += BODY * 0.8;
    }
    true
}

/// A title page: the title large, a line under it, and lines at the foot (what the book holds
/// and how it was made).
pub fn title_page(paper: Size, margin: f64, title: &str, subtitle: &str, foot: &[String]) -> Page {
    let mut page = Page::new(paper);
    let width = paper.w - 2.0 * margin;
    let y = paper.h * 0.35;
    // The title wraps to three lines and the subtitle to two before either shrinks.
    let big = TITLE * 1.4;
    let fitted = fit_text(
        title,
        Size::new(width, big * 1.15 * 3.0),
        big,
        TITLE * 0.7,
        true,
        1.15,
    );
    let below = page.fitted(
        Point::new(paper.w / 2.0, y),
        &fitted,
        Align::Middle,
        true,
        1.15,
    );
    page.overflow(None, "the document's title", fitted.overflow);
    if !subtitle.is_empty() {
        let sub = fit_text(
            subtitle,
            Size::new(width, SUB * 1.3 * 2.0),
            SUB,
            SUB * 0.6,
            false,
            1.3,
        );
        page.fitted(
            Point::new(paper.w / 2.0, y + below + TITLE * 1.6),
            &sub,
            Align::Middle,
            false,
            1.3,
        );
        page.overflow(None, "the document's subject", sub.overflow);
    }
    let mut fy = paper.h - margin - BODY * 1.5 * foot.len() as f64;
    for line in foot {
        let s = fit_text(
            line,
            Size::new(width, BODY * 1.2),
            BODY,
            BODY * 0.6,
            false,
            1.2,
        );
        page.fitted(Point::new(paper.w / 2.0, fy), &s, Align::Middle, false, 1.2);
        page.overflow(None, "the title page's foot", s.overflow);
        fy += BODY * 1.5;
    }
    page
}

/// A contents page: each entry's title and page number, with dot leaders, one to a line (as
/// many as fit; returns the page and how many were left out).
pub fn contents_page(paper: Size, margin: f64, entries: &[(String, usize)]) -> (Page, usize) {
    let mut page = Page::new(paper);
    let right = paper.w - margin;
    let mut y = margin + TITLE * 1.2;
    page.bold_text(
        Point::new(margin, y),
        "Contents".to_string(),
        TITLE,
        Align::Start,
    );
    y += TITLE * 1.4;
    let bottom = paper.h - margin - BODY * 3.0;
    let mut shown = 0;
    for (title, number) in entries {
        if y > bottom {
            break;
        }
        let num = number.to_string();
        let room = right - margin - text_width(&num, BODY, false) - BODY * 2.0;
        let fitted = fit_text(
            title,
            Size::new(room, BODY * 1.2),
            BODY,
            BODY * 0.7,
            false,
            1.2,
        );
        page.fitted(Point::new(margin, y), &fitted, Align::Start, false, 1.2);
        page.overflow(None, format!("contents entry \"{title}\""), fitted.overflow);
        let size = fitted.size;
        let used = fitted
            .lines
            .iter()
            .map(|l| text_width(l, size, false))
            .fold(0.0, f64::max);
        let dots_from = margin + used + BODY;
        let dots_to = right - text_width(&num, BODY, false) - BODY * 0.5;
        let dot = text_width(". ", BODY, false);
        if dots_to > dots_from + dot {
            let n = ((dots_to - dots_from) / dot) as usize;
            page.text(
                Point::new(dots_to, y),
                ". ".repeat(n).trim_end().to_string(),
                BODY,
                Align::End,
            );
        }
        page.text(Point::new(right, y), num, BODY, Align::End);
        y += BODY * 1.6;
        shown += 1;
    }
    (page, entries.len() - shown)
}

/// What front and back matter say of a book's puzzle sets: per set, its title, kind, game and
/// records.
pub struct SetInfo<'a> {
    /// The set's heading.
    pub title: &'a str,
    /// Its kind.
    pub kind: &'static dyn crate::games::puzzle::PuzzleKind,
    /// Its game's printed title.
    pub game: &'static str,
    /// Its puzzles.
    pub records: &'a [crate::puzzle::Record],
}

/// The paragraphs of the "how to read this book" page, from what the book uses: the notation of
/// each game with puzzles, the marks on answer figures, and the grades of each kind.
pub fn how_to_read(sets: &[SetInfo]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut notation = Vec::new();
    let mut games: Vec<&str> = Vec::new();
    for s in sets {
        if games.contains(&s.game) {
            continue;
        }
        let Some(board) = s.records.first().and_then(|r| s.kind.board(r).ok()) else {
            continue;
        };
        games.push(s.game);
        notation.push(format!("{}: {}.", s.game, board.scheme()));
    }
    if notation.is_empty() {
        out.push((
            "Diagrams".to_string(),
            "Each diagram shows a position as the game's rules engine judged it; its caption \
             says what the engine found there."
                .to_string(),
        ));
        return out;
    }
    out.push(("Notation".to_string(), notation.join(" ")));
    out.push((
        "Problems and answers".to_string(),
        "Each problem says who plays and what to achieve; the figure shows the part of the \
         board that matters, with coordinates around it. Every answer is proven: the key move \
         achieves the goal against every defence, and every other first move fails. In an \
         answer the key move is numbered 1 and the main line follows in order, each stone \
         carrying the number of the move that placed it. A letter a (or an x) marks a tempting \
         first move that fails, and the caption names the reply that refutes it. A note such \
         as \"5 at 1\" means that move 5 was played where stone 1 stood before it was captured; \
         crossed-out points are stones captured in the line."
            .to_string(),
    ));
    let mut grades = Vec::new();
    let mut kinds: Vec<(&str, &str)> = Vec::new();
    for s in sets {
        if kinds.contains(&(s.game, s.kind.name())) {
            continue;
        }
        kinds.push((s.game, s.kind.name()));
        let [medium, hard] = s.kind.bands();
        grades.push(format!(
            "{} {}: easy below {medium}, medium {medium} to {}, hard {hard} or more.",
            s.game,
            s.kind.name(),
            hard.saturating_sub(1)
        ));
    }
    out.push((
        "Grades".to_string(),
        format!(
            "A problem's grade comes from the size of the solver's proof of its answer (the \
             number of distinct positions it had to read), in bands set for each kind: {}",
            grades.join(" ")
        ),
    ));
    out
}

/// The paragraphs of the index of problems by difficulty: for each grade, each set's problem
/// numbers of that grade.
pub fn by_difficulty(sets: &[SetInfo]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for grade in ["easy", "medium", "hard"] {
        let parts: Vec<String> = sets
            .iter()
            .filter_map(|s| {
                let numbers: Vec<String> = s
                    .records
                    .iter()
                    .filter(|r| r.grade == grade)
                    .map(|r| r.number.to_string())
                    .collect();
                (!numbers.is_empty()).then(|| format!("{}: {}", s.title, numbers.join(", ")))
            })
            .collect();
        if !parts.is_empty() {
            let mut heading = grade.to_string();
            heading[..1].make_ascii_uppercase();
            out.push((heading, format!("{}.", parts.join("; "))));
        }
    }
    out
}

//! Puzzle books: numbered puzzles many to a page with their instruction and difficulty, "answer
//! on page N" under each, and an answer key (at the end or on the facing page) with the key move
//! and the main line drawn as numbered stones.

use crate::figure::{Figure, draw_figure, figure_scale};
use crate::geometry::{Point, Size};
use crate::puzzle::{Record, SetSpec};
use crate::render::{Align, Page};

/// Where a book's answers go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answers {
    /// An answer key after all the puzzles.
    End,
    /// Each page of puzzles followed by a page of their answers.
    Facing,
    /// No answers printed (the manifest still has them).
    None,
}

/// Everything needed to generate and lay out one `[[puzzles]]` entry.
#[derive(Clone, Debug)]
pub struct BookSpec {
    /// Page heading.
    pub title: String,
    /// What to generate.
    pub set: SetSpec,
    /// True when the table gave its own seed (else it follows the document's).
    pub seed_given: bool,
    /// The kind's name as written, or the game's default kind's.
    pub kind: String,
    /// The difficulty as written.
    pub difficulty: String,
    /// Puzzles per page.
    pub per_page: usize,
    /// Where the answers go.
    pub answers: Answers,
    /// Print coordinates around the boards.
    pub coordinates: bool,
    /// Page size in mm.
    pub paper: Size,
    /// Margin in mm.
    pub margin: f64,
    /// Colour inks.
    pub colour: bool,
    /// Where the table is, "file:line", for messages.
    pub origin: String,
}

impl BookSpec {
    /// Pages of puzzles.
    fn puzzle_pages(&self) -> usize {
        self.set.count.div_ceil(self.per_page)
    }

    /// The number of pages the book takes.
    pub fn pages(&self) -> usize {
        let p = self.puzzle_pages();
        match self.answers {
            Answers::End | Answers::Facing => 2 * p,
            Answers::None => p,
        }
    }

    /// The 0-based page (within the book) of puzzle i's answer, and of the puzzle itself.
    fn page_of(&self, i: usize) -> (usize, usize) {
        let p = i / self.per_page;
        match self.answers {
            Answers::End => (self.puzzle_pages() + p, p),
            Answers::Facing => (2 * p + 1, 2 * p),
            Answers::None => (p, p),
        }
    }
}

/// A record's figure, or why its kind cannot draw it.
type Drawn = Result<Figure, String>;

const TITLE: f64 = 6.0;
const HEAD: f64 = 3.6;
const SMALL: f64 = 3.0;
const FOOT: f64 = 2.8;

/// The figure a book prints for a record, drawn by the set's kind: the problem as set, or
/// with its solution when `answer`.
fn figure(r: &Record, spec: &BookSpec, answer: bool) -> Result<Figure, String> {
    let mut fig = spec.set.kind.figure(r, answer)?;
    fig.coordinates = spec.coordinates;
    fig.colour = spec.colour;
    Ok(fig)
}

/// Lays out a book's pages; page numbers are printed as `first_page + i` of `total`.
pub fn book_pages(
    spec: &BookSpec,
    puzzles: &[Record],
    first_page: usize,
    total: usize,
) -> Vec<Page> {
    let mut pages: Vec<Page> = (0..spec.pages()).map(|_| Page::new(spec.paper)).collect();
    for (i, page) in pages.iter_mut().enumerate() {
        let is_answers = match spec.answers {
            Answers::End => i >= spec.puzzle_pages(),
            Answers::Facing => i % 2 == 1,
            Answers::None => false,
        };
        let heading = if is_answers {
            format!("{}: answers", spec.title)
        } else {
            spec.title.clone()
        };
        frame(page, spec, &heading, first_page + i, total);
    }
    let cols = if spec.per_page >= 2 { 2 } else { 1 };
    let rows = spec.per_page.div_ceil(cols);
    let m = spec.margin;
    let top = m + TITLE + HEAD * 1.6;
    let bottom = spec.paper.h - m - FOOT * 2.5;
    let cell = Size::new(
        (spec.paper.w - 2.0 * m) / cols as f64,
        (bottom - top) / rows as f64,
    );
    let mut figures: Vec<(Drawn, Option<Drawn>)> = puzzles
        .iter()
        .map(|r| {
            let answer = (spec.answers != Answers::None).then(|| figure(r, spec, true));
            (figure(r, spec, false), answer)
        })
        .collect();
    // One scale for the whole set, the one that fits its largest figure: stones and numbers
    // are the same size on every problem and answer.
    let area = figure_area(cell);
    let scale = figures
        .iter()
        .flat_map(|(p, a)| std::iter::once(p).chain(a))
        .filter_map(|f| f.as_ref().ok())
        .map(|f| figure_scale(f, area))
        .fold(1.0f64, f64::min);
    for fig in figures
        .iter_mut()
        .flat_map(|(p, a)| std::iter::once(p).chain(a))
        .filter_map(|f| f.as_mut().ok())
    {
        fig.max_scale = Some(scale);
    }
    for (i, (r, (puzzle_fig, answer_fig))) in puzzles.iter().zip(&figures).enumerate() {
        let slot = i % spec.per_page;
        let origin = Point::new(
            m + (slot % cols) as f64 * cell.w,
            top + (slot / cols) as f64 * cell.h,
        );
        let (answer_page, puzzle_page) = spec.page_of(i);
        let grade = if r.grade.is_empty() {
            String::new()
        } else {
            format!(" · {}", r.grade)
        };
        let note = match spec.answers {
            Answers::None => None,
            _ => Some(format!("Answer on page {}", first_page + answer_page)),
        };
        draw_cell(
            &mut pages[puzzle_page],
            origin,
            cell,
            &format!("Problem {}", r.number),
            &format!("{}{grade}", r.instruction),
            puzzle_fig,
            note.as_deref(),
        );
        if let Some(answer_fig) = answer_fig {
            draw_cell(
                &mut pages[answer_page],
                origin,
                cell,
                &format!("Problem {}", r.number),
                &format!("{}{grade}", r.instruction),
                answer_fig,
                Some(&format!("Problem on page {}", first_page + puzzle_page)),
            );
        }
    }
    pages
}

const PAD: f64 = 3.0;

/// The box a cell's figure gets (every cell has a note line under it).
fn figure_area(cell: Size) -> Size {
    let fig_top = HEAD + SMALL * 2.4;
    Size::new(cell.w - 2.0 * PAD, cell.h - fig_top - SMALL * 2.0 - PAD)
}

/// One puzzle's cell: heading, instruction, the figure, a note at the bottom.
fn draw_cell(
    page: &mut Page,
    origin: Point,
    cell: Size,
    heading: &str,
    instruction: &str,
    fig: &Result<Figure, String>,
    note: Option<&str>,
) {
    let pad = PAD;
    let x = origin.x + pad;
    let w = cell.w - 2.0 * pad;
    page.bold_text(
        Point::new(x, origin.y + HEAD),
        heading.to_string(),
        HEAD,
        Align::Start,
    );
    page.text(
        Point::new(x, origin.y + HEAD + SMALL * 1.4),
        instruction.to_string(),
        SMALL,
        Align::Start,
    );
    let fig_top = origin.y + HEAD + SMALL * 2.4;
    let note_h = if note.is_some() { SMALL * 2.0 } else { 0.0 };
    let area = Size::new(w, cell.h - (fig_top - origin.y) - note_h - pad);
    // A record its kind cannot draw (never one the generator made) shows why in its place.
    let used = match fig {
        Ok(fig) => draw_figure(page, fig, Point::new(x, fig_top), area),
        Err(e) => {
            page.text(
                Point::new(x, fig_top + SMALL),
                e.clone(),
                SMALL,
                Align::Start,
            );
            SMALL * 2.0
        }
    };
    if let Some(n) = note {
        page.text(
            Point::new(x + w / 2.0, fig_top + used + SMALL * 1.5),
            n.to_string(),
            SMALL,
            Align::Middle,
        );
    }
}

/// The page's heading and footer.
fn frame(page: &mut Page, spec: &BookSpec, heading: &str, number: usize, total: usize) {
    let m = spec.margin;
    let (w, h) = (spec.paper.w, spec.paper.h);
    page.bold_text(
        Point::new(m, m + TITLE * 0.75),
        heading.to_string(),
        TITLE,
        Align::Start,
    );
    page.text(
        Point::new(m, h - m),
        format!(
            "Each answer proven unique by stonepress (difficulty {}, seed {})",
            spec.difficulty, spec.set.seed
        ),
        FOOT,
        Align::Start,
    );
    page.text(
        Point::new(w - m, h - m),
        format!("page {number} of {total}"),
        FOOT,
        Align::End,
    );
}

//! Puzzle books: numbered puzzles many to a page with their instruction and difficulty, "answer
//! on page N" under each, and an answer key (after the set, on the facing page, or at the back
//! of the document after every set) with the key move and the main line drawn as numbered
//! stones. A set may open a chapter: a page with the chapter's title and an introduction to the
//! kinds of puzzle in it.

use crate::figure::{Figure, draw_figure, figure_scale};
use crate::geometry::{Point, Size};
use crate::puzzle::{Record, SetSpec};
use crate::render::frame::{fit_text, text_width};
use crate::render::{Align, Page};

/// Where a book's answers go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answers {
    /// An answer key after all the puzzles.
    End,
    /// Each page of puzzles followed by a page of their answers.
    Facing,
    /// In one answer key at the back of the document, after every set's puzzles.
    Back,
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
    /// The title of the chapter this set opens, if it opens one.
    pub chapter: Option<String>,
    /// The chapter's own introduction, printed before its kinds' introductions.
    pub introduction: Option<String>,
}

impl BookSpec {
    /// Pages of puzzles.
    pub fn puzzle_pages(&self) -> usize {
        self.set.count.div_ceil(self.per_page)
    }

    /// The number of pages the book takes: its chapter page, its puzzles and its answers
    /// (those at the back of the document included).
    pub fn pages(&self) -> usize {
        self.body_pages() + self.back_pages()
    }

    /// The pages printed where the set stands: the chapter page, the puzzles and the answers
    /// that are not kept for the back.
    pub fn body_pages(&self) -> usize {
        let p = self.puzzle_pages();
        let opener = usize::from(self.chapter.is_some());
        opener
            + match self.answers {
                Answers::End | Answers::Facing => 2 * p,
                Answers::None | Answers::Back => p,
            }
    }

    /// The answer pages kept for the back of the document.
    pub fn back_pages(&self) -> usize {
        match self.answers {
            Answers::Back => self.puzzle_pages(),
            _ => 0,
        }
    }

    /// The 0-based page of puzzle i's answer and of the puzzle itself: within the body
    /// (after the chapter page), or for a back answer, within the set's back pages.
    fn page_of(&self, i: usize) -> (usize, usize) {
        let p = i / self.per_page;
        let o = usize::from(self.chapter.is_some());
        match self.answers {
            Answers::End => (o + self.puzzle_pages() + p, o + p),
            Answers::Facing => (o + 2 * p + 1, o + 2 * p),
            Answers::None => (o + p, o + p),
            Answers::Back => (p, o + p),
        }
    }
}

/// What a chapter page says beside its title: the paragraphs of the chapter's own
/// introduction, then one per kind of puzzle in the chapter (its name and the kind's own
/// introduction), and where its problems and answers are.
#[derive(Clone, Debug, Default)]
pub struct ChapterText {
    /// (heading, paragraph) pairs; an empty heading prints the paragraph alone.
    pub paragraphs: Vec<(String, String)>,
    /// The chapter's problem pages and answer pages, as printed numbers (first, last).
    pub problems: (usize, usize),
    /// Where its answers start (printed page number), if they are printed.
    pub answers: Option<usize>,
}

/// A book's pages: those printed where the set stands and those kept for the back.
pub struct BookPages {
    /// The chapter page, the puzzles and the answers printed with them.
    pub body: Vec<Page>,
    /// The answers printed in the answer key at the back.
    pub back: Vec<Page>,
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

/// Lays out a book's pages. Its body is printed as pages `first_page + i` of `total`, its back
/// answers (if any) as `back_page + i`; `chapter` is what its chapter page says, when the set
/// opens one. `explained` holds the legend sentences the document has printed so far: the
/// set's first figure to carry a new one prints it after its caption.
pub fn book_pages(
    spec: &BookSpec,
    puzzles: &[Record],
    (first_page, back_page): (usize, usize),
    total: usize,
    chapter: Option<&ChapterText>,
    explained: &mut Vec<String>,
) -> BookPages {
    let mut body: Vec<Page> = (0..spec.body_pages())
        .map(|_| Page::new(spec.paper))
        .collect();
    let mut back: Vec<Page> = (0..spec.back_pages())
        .map(|_| Page::new(spec.paper))
        .collect();
    let opener = usize::from(spec.chapter.is_some());
    for (i, page) in body.iter_mut().enumerate() {
        let is_answers = match spec.answers {
            Answers::End => i >= opener + spec.puzzle_pages(),
            Answers::Facing => i >= opener && (i - opener) % 2 == 1,
            Answers::None | Answers::Back => false,
        };
        // A chapter page prints its title large, so its running heading stays empty.
        let heading = match (&spec.chapter, i) {
            (Some(_), 0) => String::new(),
            _ if is_answers => format!("{}: answers", spec.title),
            _ => spec.title.clone(),
        };
        frame(page, spec, &heading, first_page + i, total);
    }
    for (i, page) in back.iter_mut().enumerate() {
        frame(
            page,
            spec,
            &format!("{}: answers", spec.title),
            back_page + i,
            total,
        );
    }
    if let (Some(page), Some(text)) = (body.first_mut().filter(|_| opener == 1), chapter) {
        chapter_page(page, spec, text);
    }
    // The outline: the chapter, the problems, the answers.
    if let Some(title) = &spec.chapter {
        body[0].bookmark = Some(title.clone());
    }
    if let Some(first) = body.get_mut(opener) {
        first.bookmark = Some(spec.title.clone());
    }
    let answers = format!("{}: answers", spec.title);
    match spec.answers {
        Answers::End => body[opener + spec.puzzle_pages()].bookmark = Some(answers),
        Answers::Facing => body[opener + 1].bookmark = Some(answers),
        Answers::Back => back[0].bookmark = Some(answers),
        Answers::None => {}
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
    // The legend: problems are printed before their answers.
    let (problems, answers): (Vec<_>, Vec<_>) = figures.iter_mut().map(|(p, a)| (p, a)).unzip();
    for fig in problems
        .into_iter()
        .chain(answers.into_iter().flatten())
        .filter_map(|f| f.as_mut().ok())
    {
        fig.explain(explained);
    }
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
        let answer_number = match spec.answers {
            Answers::Back => back_page + answer_page,
            _ => first_page + answer_page,
        };
        let grade = if r.grade.is_empty() {
            String::new()
        } else {
            format!(" · {}", r.grade)
        };
        let note = match spec.answers {
            Answers::None => None,
            _ => Some(format!("Answer on page {answer_number}")),
        };
        draw_cell(
            &mut body[puzzle_page],
            spec,
            origin,
            cell,
            &format!("Problem {}", r.number),
            &format!("{}{grade}", r.instruction),
            puzzle_fig,
            note.as_deref(),
        );
        if let Some(answer_fig) = answer_fig {
            let page = match spec.answers {
                Answers::Back => &mut back[answer_page],
                _ => &mut body[answer_page],
            };
            draw_cell(
                page,
                spec,
                origin,
                cell,
                &format!("Problem {}", r.number),
                &format!("{}{grade}", r.instruction),
                answer_fig,
                Some(&format!("Problem on page {}", first_page + puzzle_page)),
            );
        }
    }
    BookPages { body, back }
}

/// A chapter page: the chapter's title large, its introduction, and where its problems and
/// answers are.
fn chapter_page(page: &mut Page, spec: &BookSpec, text: &ChapterText) {
    let m = spec.margin;
    let bottom = spec.paper.h - m - FOOT * 3.0;
    let mut paragraphs = text.paragraphs.clone();
    let (first, last) = text.problems;
    let mut whereabouts = if first == last {
        format!("The problems are on page {first}")
    } else {
        format!("The problems are on pages {first} to {last}")
    };
    match text.answers {
        Some(a) => whereabouts.push_str(&format!("; their answers start on page {a}.")),
        None => whereabouts.push('.'),
    }
    paragraphs.push((String::new(), whereabouts));
    let title = spec.chapter.as_deref().unwrap_or_default();
    super::front::text_page(
        page,
        m,
        (m + TITLE * 2.0, bottom),
        title,
        TITLE * 1.6,
        &paragraphs,
    );
}

const PAD: f64 = 3.0;

/// The box a cell's figure gets (every cell has a note line under it).
fn figure_area(cell: Size) -> Size {
    let fig_top = HEAD + SMALL * 2.4;
    Size::new(cell.w - 2.0 * PAD, cell.h - fig_top - SMALL * 2.0 - PAD)
}

/// Draws one line of text fitted to `width` (shrunk down to 70% of `size`); one that runs over
/// even then is recorded on the page as an overflow of `what`.
#[allow(clippy::too_many_arguments)]
fn line(
    page: &mut Page,
    spec: &BookSpec,
    at: Point,
    (width, align): (f64, Align),
    text: &str,
    size: f64,
    bold: bool,
    what: &str,
) {
    lines(page, spec, at, (width, align, 1), text, (size, bold), what);
}

/// Draws a text fitted to `width` on at most `most` lines (wrapped, then shrunk down to 70%
/// of `size`), records an overflow of `what` when it runs over even then, and returns the
/// height its lines after the first take.
fn lines(
    page: &mut Page,
    spec: &BookSpec,
    at: Point,
    (width, align, most): (f64, Align, usize),
    text: &str,
    (size, bold): (f64, bool),
    what: &str,
) -> f64 {
    let bx = Size::new(width, size * 1.2 * most as f64);
    let fitted = fit_text(text, bx, size, size * 0.7, bold, 1.2);
    let extra = page.fitted(at, &fitted, align, bold, 1.2);
    page.overflow(
        Some(&spec.origin),
        format!("puzzles \"{}\": {what}", spec.title),
        fitted.overflow,
    );
    extra
}

/// One puzzle's cell: heading, instruction, the figure, a note at the bottom.
#[allow(clippy::too_many_arguments)]
fn draw_cell(
    page: &mut Page,
    spec: &BookSpec,
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
    // Narrow cells (small trims) shrink a long heading or instruction to its cell.
    line(
        page,
        spec,
        Point::new(x, origin.y + HEAD),
        (w, Align::Start),
        heading,
        HEAD,
        true,
        &format!("{heading}: heading"),
    );
    // The instruction may take a second line in a narrow cell; the figure moves down by it.
    let extra = lines(
        page,
        spec,
        Point::new(x, origin.y + HEAD + SMALL * 1.4),
        (w, Align::Start, 2),
        instruction,
        (SMALL, false),
        &format!("{heading}: instruction"),
    );
    let fig_top = origin.y + HEAD + SMALL * 2.4 + extra;
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
        line(
            page,
            spec,
            Point::new(x + w / 2.0, fig_top + used + SMALL * 1.5),
            (w, Align::Middle),
            n,
            SMALL,
            false,
            &format!("{heading}: note"),
        );
    }
}

/// The page's heading and footer.
fn frame(page: &mut Page, spec: &BookSpec, heading: &str, number: usize, total: usize) {
    let m = spec.margin;
    let (w, h) = (spec.paper.w, spec.paper.h);
    if !heading.is_empty() {
        line(
            page,
            spec,
            Point::new(m, m + TITLE * 0.75),
            (w - 2.0 * m, Align::Start),
            heading,
            TITLE,
            true,
            "page heading",
        );
    }
    // The footer's note keeps clear of the page number on narrow pages.
    let number = format!("page {number} of {total}");
    let room = w - 2.0 * m - text_width(&number, FOOT, false) - FOOT * 2.0;
    line(
        page,
        spec,
        Point::new(m, h - m),
        (room, Align::Start),
        &format!(
            "Each answer proven unique by stonepress (difficulty {}, seed {})",
            spec.difficulty, spec.set.seed
        ),
        FOOT,
        false,
        "footer",
    );
    page.text(Point::new(w - m, h - m), number, FOOT, Align::End);
}

//! Building a plan into pages and writing them: one PDF per document, one SVG per page and
//! the manifest, made one page at a time (memory does not grow with the page count) into a
//! staging folder and moved into place as a whole (see `render::atomic`).

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::config::diagram::make_blocks;
use crate::config::{Format, Plan};
use crate::layout::diagrams::{Block, DiagramPages, diagram_pages, number_page};
use crate::layout::front;
use crate::layout::impose::{Imposition, impose};
use crate::layout::paper::Gutter;
use crate::layout::{Answers, BookSpec, ChapterText, board_sheet_page, book_pages};
use crate::puzzle::{Manifest, Record, SetRecord};
use crate::render::atomic::{self, Entry, OutputError, OutputSet};
use crate::render::{Page, pdf::PdfWriter, svg};

/// Longest file-name slug made from a title; longer ones are cut and end in a hash of the
/// whole slug, so names stay unique, stable and well under the file system's 255 bytes.
pub const SLUG_MAX: usize = 60;

/// Longest document `name` (the stem of every output file): with the hidden staging suffix it
/// must stay under the 255-byte limit of common file systems.
pub const NAME_MAX: usize = 100;

/// Lays out every page of a plan, in order: sheets, diagrams (made here by the engines; one
/// that fails is left out, as `build` reports), then each puzzle book with the puzzles
/// generated for it (`sets`, one per book; books without a set are left out).
pub fn build_pages(plan: &Plan, sets: &[Vec<Record>]) -> Vec<Page> {
    let (blocks, _) = make_blocks(&plan.blocks);
    let mut pages = Vec::new();
    for_each_page(plan, &blocks, sets, &mut |_, page, _| -> Result<(), ()> {
        pages.push(page);
        Ok(())
    })
    .expect("collecting pages does not fail");
    pages
}

/// The number of pages a plan makes with its made diagrams (`blocks`) and puzzle sets.
pub fn page_count(plan: &Plan, blocks: &[Block], sets: &[Vec<Record>]) -> usize {
    let (laid, _) = finished(plan, blocks, sets);
    let n = count_pages(&laid, blocks, sets);
    match plan.imposition {
        None => n,
        Some(Imposition::SaddleStitch { .. }) => n.div_ceil(4) * 2,
        Some(Imposition::NUp { across, down, .. }) => n.div_ceil(across * down),
    }
}

/// The pages of a plan as laid out at its paper's width.
fn count_pages(plan: &Plan, blocks: &[Block], sets: &[Vec<Record>]) -> usize {
    let (front, back) = matter_pages(plan, sets);
    front + body_count(plan, diagram_part(plan, blocks).len(), sets) + back
}

/// The pages of the sheets, the `diagrams` diagram pages and the books.
fn body_count(plan: &Plan, diagrams: usize, sets: &[Vec<Record>]) -> usize {
    let books: usize = plan.books.iter().take(sets.len()).map(|b| b.pages()).sum();
    plan.sheets.iter().map(|s| s.page_count()).sum::<usize>() + diagrams + books
}

/// Pages of front matter (title, contents, how to read) and back matter (the index by
/// difficulty, when there are puzzles).
fn matter_pages(plan: &Plan, sets: &[Vec<Record>]) -> (usize, usize) {
    if plan.front_matter {
        (3, usize::from(sets.iter().any(|s| !s.is_empty())))
    } else {
        (0, 0)
    }
}

/// The plan as its pages are laid out, and the gutter (mm): without a finish, the plan itself;
/// with one, narrowed by the gutter, which for "auto" follows the page count (laid out again
/// when a narrower page changes the count enough to change the gutter; three rounds at most,
/// then the last).
fn finished(plan: &Plan, blocks: &[Block], sets: &[Vec<Record>]) -> (Plan, f64) {
    let Some(finish) = plan.finish else {
        return (plan.clone(), 0.0);
    };
    let mut gutter = match finish.gutter {
        Gutter::Mm(g) => return (plan.narrowed(finish.live_width(g)), g),
        Gutter::Auto => Gutter::for_pages(0),
    };
    let mut laid = plan.narrowed(finish.live_width(gutter));
    for _ in 0..3 {
        let wanted = Gutter::for_pages(count_pages(&laid, blocks, sets));
        if wanted == gutter {
            break;
        }
        gutter = wanted;
        laid = plan.narrowed(finish.live_width(gutter));
    }
    (laid, gutter)
}

/// Lays out the pages of a plan one at a time and hands each, with its 0-based index and the
/// title its SVG file is named after, to `f`: the sheet title for sheet pages, the document's
/// title for diagram pages, the book's title for book pages. Sheet pages are made one by one;
/// a book's pages (bounded by its puzzle count) and the diagram pages are laid out together.
pub fn for_each_page<E>(
    plan: &Plan,
    blocks: &[Block],
    sets: &[Vec<Record>],
    f: &mut dyn FnMut(usize, Page, &str) -> Result<(), E>,
) -> Result<(), E> {
    let Some(how) = plan.imposition else {
        return each_page(plan, blocks, sets, f);
    };
    // Imposed sheets need pages from both ends of the document: collect them first (a book's
    // pages, not a pad's thousand; the configuration's limits keep this small).
    let mut pages = Vec::new();
    each_page(plan, blocks, sets, &mut |_, page, _| -> Result<(), E> {
        pages.push(page);
        Ok(())
    })?;
    for (i, sheet) in impose(pages, how).into_iter().enumerate() {
        f(i, sheet, &plan.title)?;
    }
    Ok(())
}

/// Lays out the pages of a plan one at a time, finished for binding, and hands each to `f`.
fn each_page<E>(
    plan: &Plan,
    blocks: &[Block],
    sets: &[Vec<Record>],
    f: &mut dyn FnMut(usize, Page, &str) -> Result<(), E>,
) -> Result<(), E> {
    let (laid, gutter) = finished(plan, blocks, sets);
    let plan = &laid;
    // Each page goes out finished for binding when the document asks (bleed, gutter).
    let mut f = |n: usize, mut page: Page, title: &str| {
        if let Some(finish) = &plan.finish {
            finish.apply(&mut page, n, gutter);
        }
        f(n, page, title)
    };
    let (front, back) = matter_pages(plan, sets);
    // The diagram pages are laid out once, for the count and for the pages themselves.
    let diagrams = diagram_part(plan, blocks);
    let total = front + body_count(plan, diagrams.len(), sets) + back;
    if front == 0 {
        return body_pages(plan, diagrams, sets, (0, total), &mut f);
    }
    // The contents need every bookmark's page: lay the body out once to find them.
    let mut marks = Vec::new();
    body_pages(
        plan,
        diagrams.clone(),
        sets,
        (front, total),
        &mut |n, page: Page, _| {
            if let Some(b) = page.bookmark {
                marks.push((b, n + 1));
            }
            Ok::<(), ()>(())
        },
    )
    .expect("collecting bookmarks does not fail");
    let infos = set_infos(plan, sets);
    for (i, page) in front_pages(plan, &infos, &marks, total)
        .into_iter()
        .enumerate()
    {
        f(i, page, &plan.title)?;
    }
    body_pages(plan, diagrams, sets, (front, total), &mut f)?;
    if back == 1 {
        let mut page = Page::new(plan.paper);
        let paragraphs = front::by_difficulty(&infos);
        let bottom = plan.paper.h - plan.margin - 12.0;
        front::text_page(
            &mut page,
            plan.margin,
            (plan.margin + 10.0, bottom),
            "Problems by difficulty",
            9.0,
            &paragraphs,
        );
        page.bookmark = Some("Problems by difficulty".to_string());
        number_page(&mut page, plan.margin, total, total);
        f(total - 1, page, &plan.title)?;
    }
    Ok(())
}

/// What the front and back matter read of each puzzle set.
fn set_infos<'a>(plan: &'a Plan, sets: &'a [Vec<Record>]) -> Vec<front::SetInfo<'a>> {
    plan.books
        .iter()
        .zip(sets)
        .map(|(b, set)| front::SetInfo {
            title: &b.title,
            kind: b.set.kind,
            game: b.set.game.title(),
            records: set,
        })
        .collect()
}

/// The title page, the contents (each bookmark with its page) and the "how to read" page.
fn front_pages(
    plan: &Plan,
    infos: &[front::SetInfo],
    marks: &[(String, usize)],
    total: usize,
) -> Vec<Page> {
    let puzzles: usize = infos.iter().map(|s| s.records.len()).sum();
    let mut foot = Vec::new();
    if puzzles > 0 {
        foot.push(format!(
            "{puzzles} problems, every answer proven by the solver (seed {})",
            plan.seed
        ));
    }
    foot.push(format!(
        "Made with stonepress {}",
        env!("CARGO_PKG_VERSION")
    ));
    let subtitle = plan.subject.clone().unwrap_or_default();
    let mut contents = vec![("How to read this book".to_string(), 3)];
    contents.extend(marks.iter().cloned());
    if puzzles > 0 {
        contents.push(("Problems by difficulty".to_string(), total));
    }
    let (mut contents_page, left_out) = front::contents_page(plan.paper, plan.margin, &contents);
    if left_out > 0 {
        eprintln!(
            "warning: the contents page holds {} of {} entries; the last {left_out} are left out",
            contents.len() - left_out,
            contents.len()
        );
    }
    contents_page.bookmark = Some("Contents".to_string());
    let mut how = Page::new(plan.paper);
    front::text_page(
        &mut how,
        plan.margin,
        (plan.margin + 10.0, plan.paper.h - plan.margin - 12.0),
        "How to read this book",
        9.0,
        &front::how_to_read(infos),
    );
    how.bookmark = Some("How to read this book".to_string());
    let mut pages = vec![
        front::title_page(plan.paper, plan.margin, &plan.title, &subtitle, &foot),
        contents_page,
        how,
    ];
    for (i, p) in pages.iter_mut().enumerate().skip(1) {
        number_page(p, plan.margin, i + 1, total);
    }
    pages
}

/// Lays out the sheets and books one page at a time and hands them out with the laid-out
/// `diagrams` (of [`diagram_part`]) between them, numbered from `start + 1` of `total`, each
/// to `f` with its 0-based index in the document.
fn body_pages<E>(
    plan: &Plan,
    diagrams: Vec<Page>,
    sets: &[Vec<Record>],
    (start, total): (usize, usize),
    f: &mut dyn FnMut(usize, Page, &str) -> Result<(), E>,
) -> Result<(), E> {
    let mut n = start;
    for sheet in &plan.sheets {
        for i in 0..sheet.page_count() {
            let mut page = board_sheet_page(sheet, i, n + 1, total);
            if i == 0 {
                page.bookmark = Some(sheet.title.clone());
            }
            f(n, page, &sheet.title)?;
            n += 1;
        }
    }
    for (i, mut page) in diagrams.into_iter().enumerate() {
        number_page(&mut page, plan.margin, n + 1, total);
        if i == 0 && page.bookmark.is_none() {
            page.bookmark = Some(plan.title.clone());
        }
        f(n, page, &plan.title)?;
        n += 1;
    }
    let books = &plan.books[..plan.books.len().min(sets.len())];
    let places = book_places(books, n);
    let mut back = Vec::new();
    let mut explained = Vec::new();
    for (i, (book, set)) in books.iter().zip(sets).enumerate() {
        let chapter = book
            .chapter
            .as_ref()
            .map(|_| chapter_text(books, &places, i));
        let (first, back_first) = places[i];
        let made = book_pages(
            book,
            set,
            (first + 1, back_first + 1),
            total,
            chapter.as_ref(),
            &mut explained,
        );
        for page in made.body {
            f(n, page, &book.title)?;
            n += 1;
        }
        back.extend(made.back.into_iter().map(|p| (p, &book.title)));
    }
    for (page, title) in back {
        f(n, page, title)?;
        n += 1;
    }
    Ok(())
}

/// The 0-based pages where each book's body and its back answers start, when the books
/// begin at page `start`: every body in order, then every book's back answers in order.
fn book_places(books: &[BookSpec], start: usize) -> Vec<(usize, usize)> {
    let bodies: usize = books.iter().map(BookSpec::body_pages).sum();
    let (mut body, mut back) = (start, start + bodies);
    books
        .iter()
        .map(|b| {
            let at = (body, back);
            body += b.body_pages();
            back += b.back_pages();
            at
        })
        .collect()
}

/// What the chapter page of book `i` says: its own introduction, then each kind of puzzle in
/// the chapter (this set and those after it up to the next chapter) with the kind's
/// introduction, and the printed pages of the chapter's problems and answers.
fn chapter_text(books: &[BookSpec], places: &[(usize, usize)], i: usize) -> ChapterText {
    let end = (i + 1..books.len())
        .find(|&j| books[j].chapter.is_some())
        .unwrap_or(books.len());
    let mut paragraphs = Vec::new();
    if let Some(intro) = &books[i].introduction {
        paragraphs.push((String::new(), intro.clone()));
    }
    let mut seen: Vec<&str> = Vec::new();
    for b in &books[i..end] {
        let kind = b.set.kind;
        if !seen.contains(&kind.name()) {
            seen.push(kind.name());
            let name = kind.name();
            let mut title = name[..1].to_uppercase();
            title.push_str(&name[1..]);
            paragraphs.push((title, kind.introduction().to_string()));
        }
    }
    // The chapter page is the first of book i's body; its problems follow it.
    let first = places[i].0 + 2;
    let opener = |b: &BookSpec| usize::from(b.chapter.is_some());
    let last_book = &books[end - 1];
    let last = places[end - 1].0
        + opener(last_book)
        + match last_book.answers {
            Answers::Facing => 2 * last_book.puzzle_pages(),
            _ => last_book.puzzle_pages(),
        };
    let answers = books[i..end]
        .iter()
        .zip(&places[i..end])
        .find_map(|(b, &(body, back))| match b.answers {
            Answers::None => None,
            Answers::Back => Some(back + 1),
            Answers::Facing => Some(body + opener(b) + 2),
            Answers::End => Some(body + opener(b) + b.puzzle_pages() + 1),
        });
    ChapterText {
        paragraphs,
        problems: (first, last),
        answers,
    }
}

/// The pages of the diagrams and texts, not yet numbered.
fn diagram_part(plan: &Plan, blocks: &[Block]) -> Vec<Page> {
    let spec = DiagramPages {
        title: plan.title.clone(),
        paper: plan.paper,
        margin: plan.margin,
    };
    diagram_pages(&spec, blocks)
}

/// A lower-case file-name slug of a title, at most [`SLUG_MAX`] characters.
fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.len() <= SLUG_MAX {
        return out;
    }
    let hash = out.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    let cut = out[..SLUG_MAX - 9].trim_end_matches('-');
    format!("{cut}-{:08x}", hash as u32)
}

/// The manifest of a built document's puzzle sets; `pdf_sha256` is the content hash of the
/// document's PDF when one is built ([`crate::puzzle::digest_reader`]), so that `verify` can tell
/// the PDF belongs to it.
pub fn manifest(plan: &Plan, sets: &[Vec<Record>], pdf_sha256: Option<String>) -> Manifest {
    Manifest {
        generator: format!("stonepress {}", env!("CARGO_PKG_VERSION")),
        title: plan.title.clone(),
        seed: plan.seed,
        pdf_sha256,
        sets: plan
            .books
            .iter()
            .zip(sets)
            .map(|(b, set)| SetRecord {
                game: b.set.game.key().to_string(),
                kind: b.kind.clone(),
                difficulty: b.difficulty.clone(),
                seed: b.set.seed,
                count: Some(b.set.count),
                puzzles: set.clone(),
            })
            .collect(),
    }
}

/// The entries of a plan's output set: the PDF, the SVG folder and the manifest; those the
/// plan writes (with puzzles: `manifest`) and those it does not (removed if ours).
pub fn entries(plan: &Plan, manifest: bool) -> (Vec<Entry>, Vec<Entry>) {
    let all = [
        (
            format!("{}.pdf", plan.name),
            false,
            plan.formats.contains(&Format::Pdf),
        ),
        (plan.name.clone(), true, plan.formats.contains(&Format::Svg)),
        (format!("{}.json", plan.name), false, manifest),
    ];
    let (mut puts, mut others) = (Vec::new(), Vec::new());
    for (name, folder, wanted) in all {
        let e = Entry { name, folder };
        if wanted { puts.push(e) } else { others.push(e) }
    }
    (puts, others)
}

/// What a build wrote.
pub struct Written {
    /// Pages made.
    pub pages: usize,
    /// Final paths of the files written.
    pub files: Vec<PathBuf>,
}

/// Renders and writes the outputs of a plan into `set` (begun for `plan.name` with the
/// entries of [`entries`]), one page at a time, then moves the set into place. The PDF is
/// finished before the manifest is written, so the manifest can describe it; the manifest is
/// written when `manifest` (the plan asked for puzzles), with the sets that were made.
pub fn write_outputs(
    plan: &Plan,
    blocks: &[Block],
    sets: &[Vec<Record>],
    manifest_wanted: bool,
    set: OutputSet,
) -> Result<Written, OutputError> {
    let pdf_rel = PathBuf::from(format!("{}.pdf", plan.name));
    let svg_dir = PathBuf::from(&plan.name);
    let want_pdf = plan.formats.contains(&Format::Pdf);
    let want_svg = plan.formats.contains(&Format::Svg);
    let mut files = Vec::new();
    let mut pdf = if want_pdf {
        let f = set.create(&pdf_rel)?;
        let w = BufWriter::with_capacity(1 << 16, f);
        Some(PdfWriter::new(w, &plan.info()).map_err(|e| io_at(&set, &pdf_rel, e))?)
    } else {
        None
    };
    let mut pages = 0;
    for_each_page(plan, blocks, sets, &mut |i,
                                            page,
                                            title|
     -> Result<(), OutputError> {
        pages = i + 1;
        if let Some(w) = pdf.as_mut() {
            w.page(&page).map_err(|e| io_at(&set, &pdf_rel, e))?;
        }
        if want_svg {
            let rel = svg_dir.join(format!("{:03}-{}.svg", i + 1, slug(title)));
            // The mark and the page in one buffer, written with one call.
            let mut text = String::from(atomic::SVG_MARK);
            svg::write_page(
                &mut text,
                &page,
                &format!("{} - page {}", plan.title, i + 1),
            );
            set.write(&rel, text.as_bytes())?;
            files.push(set.staged(&rel).1);
        }
        Ok(())
    })?;
    if let Some(w) = pdf {
        let mut buf = w.finish().map_err(|e| io_at(&set, &pdf_rel, e))?;
        buf.flush().map_err(|e| io_at(&set, &pdf_rel, e))?;
        let f = buf
            .into_inner()
            .map_err(|e| io_at(&set, &pdf_rel, e.into_error()))?;
        set.done(&pdf_rel, f)?;
        files.insert(0, set.staged(&pdf_rel).1);
    }
    if manifest_wanted {
        // The PDF is complete in the staging folder by now; it is hashed as a stream, so a
        // large PDF is never held in memory.
        let digest = if want_pdf {
            let path = set.staged(&pdf_rel).0;
            let f = std::fs::File::open(&path).map_err(|e| io_at(&set, &pdf_rel, e))?;
            Some(crate::puzzle::digest_reader(f).map_err(|e| io_at(&set, &pdf_rel, e))?)
        } else {
            None
        };
        let rel = PathBuf::from(format!("{}.json", plan.name));
        let text = serde_json::to_string_pretty(&manifest(plan, sets, digest))
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        set.write(&rel, (text + "\n").as_bytes())?;
        files.push(set.staged(&rel).1);
    }
    set.commit()?;
    Ok(Written { pages, files })
}

fn io_at(set: &OutputSet, rel: &Path, e: std::io::Error) -> OutputError {
    OutputError::Io(std::io::Error::new(
        e.kind(),
        format!("{}: {e}", set.staged(rel).1.display()),
    ))
}

#[cfg(test)]
mod tests {
    #[test]
    fn slugs_are_plain() {
        assert_eq!(super::slug("Board 2D"), "board-2d");
        assert_eq!(super::slug("9x9 Board!"), "9x9-board");
    }

    #[test]
    fn long_titles_are_cut_and_stay_distinct() {
        let a = super::slug(&"Dots pad ".repeat(40));
        let b = super::slug(&("Dots pad ".repeat(40) + "2"));
        assert!(
            a.len() <= super::SLUG_MAX && b.len() <= super::SLUG_MAX,
            "{a} {b}"
        );
        assert_ne!(a, b);
        assert!(a.starts_with("dots-pad-dots-pad"), "{a}");
        assert_eq!(a, super::slug(&"Dots pad ".repeat(40)));
    }
}

//! Building a plan into pages and writing them: one PDF per document, one SVG per page, each
//! written through a temporary file and a rename.

use std::path::{Path, PathBuf};

use crate::config::{Format, Plan};
use crate::layout::diagrams::{DiagramPages, diagram_pages, number_page};
use crate::layout::{board_sheet_pages, book_pages};
use crate::puzzle::{Manifest, Record, SetRecord};
use crate::render::{Page, atomic, pdf, svg};

/// Lays out every page of a plan, in order: sheets, diagrams, then each puzzle book with the
/// puzzles generated for it (`sets`, one per book; books without a set are left out).
pub fn build_pages(plan: &Plan, sets: &[Vec<Record>]) -> Vec<Page> {
    let diagrams = diagram_part(plan);
    let books: usize = plan.books.iter().take(sets.len()).map(|b| b.pages()).sum();
    let total: usize = plan.sheets.iter().map(|s| s.pages).sum::<usize>() + diagrams.len() + books;
    let mut pages = Vec::with_capacity(total);
    for sheet in &plan.sheets {
        let first = pages.len() + 1;
        pages.extend(board_sheet_pages(sheet, first, total));
    }
    for mut page in diagrams {
        number_page(&mut page, plan.margin, pages.len() + 1, total);
        pages.push(page);
    }
    for (book, set) in plan.books.iter().zip(sets) {
        let first = pages.len() + 1;
        pages.extend(book_pages(book, set, first, total));
    }
    pages
}

/// The pages of the diagrams and texts, not yet numbered.
fn diagram_part(plan: &Plan) -> Vec<Page> {
    let spec = DiagramPages {
        title: plan.title.clone(),
        paper: plan.paper,
        margin: plan.margin,
    };
    diagram_pages(&spec, &plan.blocks)
}

/// A lower-case file-name slug of a title.
fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// Page titles for SVG file names: the sheet title of each sheet page, the document's title
/// for diagram pages, the book's title for each book page.
fn page_titles(plan: &Plan, total: usize, sets: usize) -> Vec<String> {
    let mut titles: Vec<String> = plan
        .sheets
        .iter()
        .flat_map(|s| std::iter::repeat_n(s.title.clone(), s.pages))
        .collect();
    let books: Vec<String> = plan
        .books
        .iter()
        .take(sets)
        .flat_map(|b| std::iter::repeat_n(b.title.clone(), b.pages()))
        .collect();
    let middle = total.saturating_sub(titles.len() + books.len());
    titles.extend(std::iter::repeat_n(plan.title.clone(), middle));
    titles.extend(books);
    titles
}

/// The manifest of a built document's puzzle sets; `pdf` is the document's PDF when one is
/// built, whose content hash the manifest records so that `verify` can tell it belongs.
pub fn manifest(plan: &Plan, sets: &[Vec<Record>], pdf: Option<&[u8]>) -> Manifest {
    Manifest {
        generator: format!("stonepress {}", env!("CARGO_PKG_VERSION")),
        title: plan.title.clone(),
        seed: plan.seed,
        pdf_sha256: pdf.map(crate::puzzle::pdf_digest),
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

/// Renders and writes the outputs of a plan under `out`; returns the files written.
/// With puzzle sets, the manifest `NAME.json` is written too.
pub fn write_outputs(
    plan: &Plan,
    pages: &[Page],
    sets: &[Vec<Record>],
    out: &Path,
) -> std::io::Result<Vec<PathBuf>> {
    // Render everything first, so a failure leaves no partial set of files.
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    let pdf_bytes = plan
        .formats
        .contains(&Format::Pdf)
        .then(|| pdf::pages_to_pdf(pages, &plan.title));
    if let Some(bytes) = &pdf_bytes {
        files.push((out.join(format!("{}.pdf", plan.name)), bytes.clone()));
    }
    if !sets.is_empty() {
        let text = serde_json::to_string_pretty(&manifest(plan, sets, pdf_bytes.as_deref()))
            .map_err(|e| std::io::Error::other(e.to_string()))?;
        // After the PDF it vouches for.
        files.push((
            out.join(format!("{}.json", plan.name)),
            (text + "\n").into_bytes(),
        ));
    }
    if plan.formats.contains(&Format::Svg) {
        let titles = page_titles(plan, pages.len(), sets.len());
        for (i, page) in pages.iter().enumerate() {
            // Pages after the sheets (diagrams) carry the document's title.
            let title = slug(titles.get(i).unwrap_or(&plan.title));
            let name = format!("{:03}-{}.svg", i + 1, title);
            let text = svg::page_to_svg(page, &format!("{} - page {}", plan.title, i + 1));
            files.push((out.join(&plan.name).join(name), text.into_bytes()));
        }
    }
    for (path, bytes) in &files {
        atomic::write(path, bytes)?;
    }
    Ok(files.into_iter().map(|(p, _)| p).collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn slugs_are_plain() {
        assert_eq!(super::slug("Anchor 2D"), "anchor-2d");
        assert_eq!(super::slug("9x9 Go!"), "9x9-go");
    }
}

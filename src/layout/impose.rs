//! Imposition: a document's pages placed on the sheets a printer prints. Saddle stitch puts two
//! pages on each side of a sheet in booklet order (the document padded with blank pages to a
//! multiple of four), so the printed stack, folded once and stapled, reads in order; n-up puts
//! several pages in reading order on each sheet. Pages are scaled to their slot when they do not
//! fit it exactly.

use crate::geometry::Size;
#[cfg(test)]
use crate::render::Item;
use crate::render::Page;

/// How pages go onto sheets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Imposition {
    /// Two pages a side, in booklet order, on landscape sheets of this size (portrait mm).
    SaddleStitch {
        /// The sheet, portrait.
        sheet: Size,
    },
    /// `across` x `down` pages on each sheet, in reading order.
    NUp {
        /// The sheet, as printed.
        sheet: Size,
        /// Pages across.
        across: usize,
        /// Pages down.
        down: usize,
    },
}

/// The order of the pages (0-based; `None` for a blank) on each side of the printed sheets of
/// a saddle-stitched booklet of `pages` pages, left then right: the outermost sheet first, its
/// front (last page, first page) then its back (second page, second to last).
pub fn booklet_order(pages: usize) -> Vec<[Option<usize>; 2]> {
    let n = pages.div_ceil(4) * 4;
    let real = |i: usize| (i < pages).then_some(i);
    let mut sides = Vec::with_capacity(n / 2);
    for k in 0..n / 4 {
        sides.push([real(n - 1 - 2 * k), real(2 * k)]);
        sides.push([real(2 * k + 1), real(n - 2 - 2 * k)]);
    }
    sides
}

/// Places `page` in the slot at (x, y) of size `slot` on `sheet`, scaled to fit and centred.
fn place(sheet: &mut Page, mut page: Page, x: f64, y: f64, slot: Size) {
    let k = (slot.w / page.size.w).min(slot.h / page.size.h);
    let dx = x + (slot.w - page.size.w * k) / 2.0;
    let dy = y + (slot.h - page.size.h * k) / 2.0;
    // Sheets print in fold order, not reading order: they carry no bookmarks (the contents
    // page keeps the book's own page numbers).
    page.transform(k, dx, dy);
    sheet.items.append(&mut page.items);
}

/// The printed sheets of a document's pages.
pub fn impose(pages: Vec<Page>, how: Imposition) -> Vec<Page> {
    match how {
        Imposition::SaddleStitch { sheet } => {
            let side = Size::new(sheet.w.max(sheet.h), sheet.w.min(sheet.h));
            let slot = Size::new(side.w / 2.0, side.h);
            let order = booklet_order(pages.len());
            let mut pages: Vec<Option<Page>> = pages.into_iter().map(Some).collect();
            order
                .into_iter()
                .map(|pair| {
                    let mut out = Page::new(side);
                    for (j, i) in pair.into_iter().enumerate() {
                        if let Some(p) = i.and_then(|i| pages[i].take()) {
                            place(&mut out, p, j as f64 * slot.w, 0.0, slot);
                        }
                    }
                    out
                })
                .collect()
        }
        Imposition::NUp {
            sheet,
            across,
            down,
        } => {
            let per = across * down;
            let slot = Size::new(sheet.w / across as f64, sheet.h / down as f64);
            let mut out = Vec::new();
            for (i, p) in pages.into_iter().enumerate() {
                if i % per == 0 {
                    out.push(Page::new(sheet));
                }
                let at = i % per;
                let (col, row) = (at % across, at / across);
                let last = out.last_mut().expect("a sheet was started");
                place(last, p, col as f64 * slot.w, row as f64 * slot.h, slot);
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_booklet_of_eight_pages_prints_on_two_sheets_in_fold_order() {
        let o = booklet_order(8);
        let got: Vec<[usize; 2]> = o.iter().map(|s| [s[0].unwrap(), s[1].unwrap()]).collect();
        // Page numbers (1-based): 8|1, 2|7, 6|3, 4|5.
        assert_eq!(got, vec![[7, 0], [1, 6], [5, 2], [3, 4]]);
    }

    #[test]
    fn short_booklets_are_padded_with_blanks_at_the_end() {
        let o = booklet_order(6);
        assert_eq!(o.len(), 4);
        assert_eq!(o[0], [None, Some(0)]);
        assert_eq!(o[1], [Some(1), None]);
        let mut seen: Vec<usize> = o.iter().flatten().flatten().copied().collect();
        seen.sort_unstable();
        assert_eq!(seen, (0..6).collect::<Vec<_>>());
    }

    #[test]
    fn pages_are_scaled_into_their_slots() {
        let mut p = Page::new(Size::new(148.0, 210.0));
        p.text(
            crate::geometry::Point::new(10.0, 10.0),
            "x".to_string(),
            4.0,
            crate::render::Align::Start,
        );
        let sheets = impose(
            vec![p.clone(), p],
            Imposition::NUp {
                sheet: Size::new(148.0, 210.0),
                across: 1,
                down: 2,
            },
        );
        assert_eq!(sheets.len(), 1);
        let Item::Text(t) = &sheets[0].items[1] else {
            panic!("text")
        };
        // Half height: scale 0.5, centred across (148 - 74) / 2 = 37, second slot 105 down.
        assert!((t.size - 2.0).abs() < 1e-9);
        assert!((t.pos.x - 42.0).abs() < 1e-9 && (t.pos.y - 110.0).abs() < 1e-9);
    }
}

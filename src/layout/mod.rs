//! Pages: paper sizes, margins, n-up grids of boards, titles and footers, move-record and score
//! tables.

pub mod book;
pub mod diagrams;
pub mod front;
pub mod impose;
pub mod paper;
pub mod sheet;
pub mod tables;

pub use book::{Answers, BookPages, BookSpec, ChapterText, book_pages};
pub use paper::{Orientation, Paper};
pub use sheet::{SheetSpec, board_sheet_page, board_sheet_pages};

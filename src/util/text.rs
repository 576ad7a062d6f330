//! Reading text files: UTF-8 with the place of the first bad byte, and line and column of a
//! byte offset (for messages that point into a file).

use std::path::Path;

/// A file that could not be read as text.
#[derive(Debug)]
pub enum TextError {
    /// The file could not be read.
    Io(std::io::Error),
    /// The file is not UTF-8: the first bad byte is at `byte` (0-based), on `line`, `column`.
    Utf8 {
        /// 1-based line of the first bad byte.
        line: usize,
        /// 1-based column (in characters) of the first bad byte.
        column: usize,
        /// 0-based byte offset of the first bad byte.
        byte: usize,
    },
}

impl std::fmt::Display for TextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TextError::Io(e) => write!(f, "cannot read: {e}"),
            TextError::Utf8 { byte, .. } => write!(
                f,
                "not UTF-8 text (the first invalid byte is byte {byte}); is this the right file?"
            ),
        }
    }
}

/// Reads a file as UTF-8 text; invalid UTF-8 is reported with the place of the first bad
/// byte instead of the standard library's message without one.
pub fn read_text(file: &Path) -> Result<String, TextError> {
    let bytes = std::fs::read(file).map_err(TextError::Io)?;
    String::from_utf8(bytes).map_err(|e| {
        let byte = e.utf8_error().valid_up_to();
        let good = std::str::from_utf8(&e.as_bytes()[..byte]).unwrap_or("");
        let (line, column) = line_col(good, good.len());
        TextError::Utf8 { line, column, byte }
    })
}

/// 1-based line and column of a byte offset in `text`.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rfind('\n')
        .map_or(before, |i| &before[i + 1..])
        .chars()
        .count()
        + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_names_the_place() {
        let dir = std::env::temp_dir().join(format!("sp-utf8-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("bad.toml");
        std::fs::write(&f, b"black = \"C3\"\nwhite = \"D\xff4\"\n").unwrap();
        match read_text(&f) {
            Err(TextError::Utf8 { line, column, byte }) => {
                assert_eq!((line, column, byte), (2, 11, 23));
            }
            other => panic!("{other:?}"),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

//! Reading text files: UTF-8 with the place of the first bad byte, and line and column of a
//! byte offset (for messages that point into a file). Position files may also be SGF records
//! in the character set their `CA` names (`read_position_text`), and an SGF collection's game
//! trees, or the problems of one kept as variations of an empty root, can be read one at a time
//! (`sgf_trees`, `sgf_problems`, `blank_outside`).

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
    String::from_utf8(bytes).map_err(|e| utf8_error(&e))
}

/// Reads a position file: UTF-8 text (without a byte-order mark), or an SGF record in the
/// character set its `CA` property names. The SGF standard lets a record use any character set, ISO-8859-1 when `CA` names
/// none, and problem collections from China, Japan and Korea are often kept in GB2312, Big5,
/// Shift_JIS or EUC-KR; read as UTF-8 they were refused. A file that is valid UTF-8 is read so
/// whatever `CA` says (many records were saved again as UTF-8 with their old `CA` kept). A
/// file that is neither UTF-8 nor an SGF record in a character set known by its name is
/// refused as `read_text` refuses it.
pub fn read_position_text(file: &Path) -> Result<String, TextError> {
    let bytes = std::fs::read(file).map_err(TextError::Io)?;
    match String::from_utf8(bytes) {
        // A byte-order mark, as some editors write, is no part of the text (an SGF reader
        // would find it where the record's `(` belongs, and columns count as an editor does).
        Ok(text) => Ok(match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_string(),
            None => text,
        }),
        Err(e) => match decode_sgf(e.as_bytes()) {
            Some(text) => Ok(text),
            None => Err(utf8_error(&e)),
        },
    }
}

/// An SGF record's bytes in the character set its first `CA` names (ISO-8859-1 without one),
/// or None when they do not open an SGF record or `CA` names UTF-8 or an unknown set.
fn decode_sgf(bytes: &[u8]) -> Option<String> {
    let first = bytes.iter().find(|b| !b.is_ascii_whitespace())?;
    if *first != b'(' {
        return None;
    }
    let label = sgf_charset(bytes).unwrap_or(b"iso-8859-1");
    let encoding = encoding_rs::Encoding::for_label(label)?;
    if encoding == encoding_rs::UTF_8 {
        return None;
    }
    let (text, _) = encoding.decode_without_bom_handling(bytes);
    Some(text.into_owned())
}

/// The value of an SGF record's first `CA` property: `CA[` where no other capital letter
/// comes right before it (a property's name, not the end of a longer one), up to `]`.
fn sgf_charset(bytes: &[u8]) -> Option<&[u8]> {
    let at = (0..bytes.len().saturating_sub(2)).find(|&i| {
        bytes[i..].starts_with(b"CA[") && (i == 0 || !bytes[i - 1].is_ascii_uppercase())
    })?;
    let value = &bytes[at + 3..];
    let end = value.iter().position(|&b| b == b']')?;
    Some(value[..end].trim_ascii())
}

/// The byte ranges of the game trees of an SGF collection, in order: each from its opening
/// `(` to its closing `)`, nested trees and bracketed values (with `\]` escapes) skipped.
/// An unclosed last tree runs to the end of the text.
pub fn sgf_trees(text: &str) -> Vec<std::ops::Range<usize>> {
    let bytes = text.as_bytes();
    let (mut trees, mut depth, mut start) = (Vec::new(), 0usize, 0);
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            // A value: to its closing bracket, past escaped characters.
            b'[' => i = value_end(bytes, i),
            b'(' => {
                if depth == 0 {
                    start = i;
                }
                depth += 1;
            }
            b')' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    trees.push(start..i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    if depth > 0 {
        trees.push(start..bytes.len());
    }
    trees
}

/// `text` with every character outside the ranges `keep` made a blank (line breaks kept), so
/// that a reader of its first game tree reads what `keep` spans, and the lines and columns of
/// its messages are those of the file.
pub fn blank_outside(text: &str, keep: &[std::ops::Range<usize>]) -> String {
    text.char_indices()
        .map(|(i, c)| {
            if keep.iter().any(|r| r.contains(&i)) || c == '\n' || c == '\r' {
                c
            } else {
                ' '
            }
        })
        .collect()
}

/// One problem of an SGF collection (`sgf_problems`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfProblem {
    /// The byte ranges that read it alone (`blank_outside`).
    pub keep: Vec<std::ops::Range<usize>>,
    /// Where it begins: the `(` of its game tree, or of its variation.
    pub begins: usize,
    /// A variation of one empty root, not a game tree of its own.
    pub variation: bool,
}

/// The problems of an SGF collection: one game tree each; or, where the file is one game tree
/// whose opening nodes set nothing up (no stones, no moves) and then branch into two or more
/// variations that each begin by setting stones up, one variation each, kept with the opening
/// nodes and the tree's closing bracket. Some problem books are kept so, every problem a
/// variation of one empty root. An empty list when the text holds no game tree.
pub fn sgf_problems(text: &str) -> Vec<SgfProblem> {
    let trees = sgf_trees(text);
    if let [tree] = trees.as_slice()
        && let Some((opening, variations)) = root_variations(text, tree)
    {
        let closing = (text.as_bytes()[tree.end - 1] == b')').then(|| tree.end - 1..tree.end);
        return variations
            .into_iter()
            .map(|v| SgfProblem {
                begins: v.start,
                keep: [opening.clone(), v]
                    .into_iter()
                    .chain(closing.clone())
                    .collect(),
                variation: true,
            })
            .collect();
    }
    trees
        .into_iter()
        .map(|t| SgfProblem {
            begins: t.start,
            keep: vec![t],
            variation: false,
        })
        .collect()
}

/// For one game tree: its opening nodes (from its `(` to its first variation) and its
/// variations, when the opening nodes hold no stones or moves (`AB`, `AW`, `B`, `W`) and there
/// are two or more variations, each beginning with a node that sets stones up and plays none.
fn root_variations(
    text: &str,
    tree: &std::ops::Range<usize>,
) -> Option<(std::ops::Range<usize>, Vec<std::ops::Range<usize>>)> {
    const STONES: [&str; 4] = ["AB", "AW", "B", "W"];
    let bytes = &text.as_bytes()[..tree.end];
    let (opening, mut at) = sgf_names(text, tree.start + 1, tree.end, false);
    if opening.iter().any(|id| STONES.contains(id)) || bytes.get(at) != Some(&b'(') {
        return None;
    }
    let mut variations = Vec::new();
    while bytes.get(at) == Some(&b'(') {
        let end = at + sgf_trees(&text[at..tree.end]).first()?.end;
        let (first, _) = sgf_names(text, at + 1, end, true);
        let sets_up = first.iter().any(|id| *id == "AB" || *id == "AW");
        if !sets_up || first.iter().any(|id| *id == "B" || *id == "W") {
            return None;
        }
        variations.push(at..end);
        at = end;
        while bytes.get(at).is_some_and(u8::is_ascii_whitespace) {
            at += 1;
        }
    }
    (variations.len() >= 2).then_some((tree.start..variations[0].start, variations))
}

/// The property names (the runs of capital letters outside values) of the SGF nodes from
/// `start` up to the first `(` or `)` outside a value, or `end`; with `one_node`, of the first
/// node only (up to the next node's `;`). Also where the scan stopped.
fn sgf_names(text: &str, start: usize, end: usize, one_node: bool) -> (Vec<&str>, usize) {
    let bytes = &text.as_bytes()[..end];
    let (mut names, mut nodes, mut i) = (Vec::new(), 0, start);
    while i < end {
        match bytes[i] {
            b'(' | b')' => break,
            b';' => {
                nodes += 1;
                if one_node && nodes > 1 {
                    break;
                }
            }
            b'[' => i = value_end(bytes, i),
            c if c.is_ascii_uppercase() => {
                let from = i;
                while i + 1 < end && bytes[i + 1].is_ascii_uppercase() {
                    i += 1;
                }
                names.push(&text[from..i + 1]);
            }
            _ => {}
        }
        i += 1;
    }
    (names, i.min(end))
}

/// Where the SGF value opened by the `[` at `open` closes: the index of its `]`, escaped
/// characters (`\]`) skipped; the end of `bytes` when it does not close.
fn value_end(bytes: &[u8], open: usize) -> usize {
    let mut i = open + 1;
    while i < bytes.len() && bytes[i] != b']' {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    i.min(bytes.len())
}

/// The error of a file that is not UTF-8, with the place of its first bad byte.
fn utf8_error(e: &std::string::FromUtf8Error) -> TextError {
    let byte = e.utf8_error().valid_up_to();
    let good = std::str::from_utf8(&e.as_bytes()[..byte]).unwrap_or("");
    let (line, column) = line_col(good, good.len());
    TextError::Utf8 { line, column, byte }
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

/// Orders names as a reader of a file listing expects: runs of digits by their value, so that
/// `problem2.sgf` comes before `problem10.sgf`, the rest character by character; names that
/// tie so (`p01`, `p1`) fall back to plain order, so that the order is total.
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    fn runs(s: &str) -> impl Iterator<Item = &str> {
        let mut rest = s;
        std::iter::from_fn(move || {
            let first = rest.chars().next()?;
            let digit = first.is_ascii_digit();
            let end = rest
                .find(|c: char| c.is_ascii_digit() != digit)
                .unwrap_or(rest.len());
            let (run, tail) = rest.split_at(end);
            rest = tail;
            Some(run)
        })
    }
    let (mut x, mut y) = (runs(a), runs(b));
    loop {
        let order = match (x.next(), y.next()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(p), Some(q))
                if p.starts_with(|c: char| c.is_ascii_digit())
                    && q.starts_with(|c: char| c.is_ascii_digit()) =>
            {
                let (p, q) = (p.trim_start_matches('0'), q.trim_start_matches('0'));
                p.len().cmp(&q.len()).then_with(|| p.cmp(q))
            }
            (Some(p), Some(q)) => p.cmp(q),
        };
        if order != Ordering::Equal {
            return order;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_ordered_by_the_value_of_their_numbers() {
        let mut names = vec![
            "problem10.sgf",
            "problem2.sgf",
            "problem1.sgf",
            "chapter 2/p1.sgf",
            "chapter 10/p1.sgf",
            "p01.sgf",
            "p1.sgf",
            "a.sgf",
        ];
        names.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(
            names,
            [
                "a.sgf",
                "chapter 2/p1.sgf",
                "chapter 10/p1.sgf",
                "p01.sgf",
                "p1.sgf",
                "problem1.sgf",
                "problem2.sgf",
                "problem10.sgf",
            ]
        );
    }

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

    /// A collection's trees are found past brackets, escapes and nested variations, and a
    /// tree read alone keeps its lines and columns.
    #[test]
    fn an_sgf_collections_trees_are_found_and_one_is_kept_in_place() {
        let text = "(;C[a (paren] and \\] bracket](;B[aa])(;W[bb]))\n  (;SZ[9]C[é])\n(;SZ[5]";
        let trees = sgf_trees(text);
        let parts: Vec<&str> = trees.iter().map(|r| &text[r.clone()]).collect();
        assert_eq!(
            parts,
            [
                "(;C[a (paren] and \\] bracket](;B[aa])(;W[bb]))",
                "(;SZ[9]C[é])",
                "(;SZ[5]"
            ]
        );
        let second = blank_outside(text, &[trees[1].clone()]);
        let at = second.find("(;SZ[9]").expect("kept");
        assert_eq!(line_col(&second, at), line_col(text, trees[1].start));
        assert_eq!(second.trim(), "(;SZ[9]C[é])");
        assert_eq!(second.lines().count(), text.lines().count());
        assert!(sgf_trees("no tree here").is_empty());
    }

    /// A book kept as variations of one empty root is read a problem at a time: each variation
    /// with the root's nodes and the closing bracket, in place. A root that sets stones up
    /// (its variations are answers), a variation that begins with a move, and a single variation
    /// leave the file one problem; several game trees are one problem each.
    #[test]
    fn a_books_problems_kept_as_variations_of_one_root_are_found() {
        let text = "(;GM[1]SZ[9]C[Book (two)]\n(;AB[aa]AW[ba]C[Black to live];B[ca])\n  (;PL[W]\
                    AW[ee]AB[ef])\n)";
        let problems = sgf_problems(text);
        assert_eq!(problems.len(), 2);
        assert!(problems.iter().all(|p| p.variation));
        let second = blank_outside(text, &problems[1].keep);
        assert_eq!(
            second.split_whitespace().collect::<Vec<_>>(),
            ["(;GM[1]SZ[9]C[Book", "(two)]", "(;PL[W]AW[ee]AB[ef])", ")"]
        );
        let at = second.find("(;PL[W]").expect("kept");
        assert_eq!(line_col(&second, at), (3, 3));
        assert_eq!(line_col(text, at), (3, 3));
        assert_eq!(line_col(text, problems[1].begins), (3, 3));
        let first = blank_outside(text, &problems[0].keep);
        assert!(first.contains("(;AB[aa]AW[ba]C[Black to live];B[ca])") && !first.contains("ee"));
        for one in [
            "(;SZ[9]AB[aa]AW[ba](;B[ca])(;B[da]))",
            "(;SZ[9](;B[aa]AB[ba])(;AB[ee]))",
            "(;SZ[9](;AB[aa]AW[ba]))",
            "(;SZ[9]C[a \\] (;AB[aa\\]) ](;AB[aa]AW[ba])(;W[ee]))",
        ] {
            let whole = sgf_problems(one);
            assert_eq!(whole.len(), 1, "{one}");
            assert_eq!(whole[0].keep.first(), Some(&(0..one.len())), "{one}");
            assert_eq!(whole[0].keep.len(), 1, "{one}");
            assert!(!whole[0].variation);
        }
        let trees = "(;SZ[9]AB[aa]AW[ba])\n(;SZ[9](;AB[aa])(;AW[bb]))";
        let both: Vec<_> = sgf_problems(trees)
            .into_iter()
            .flat_map(|p| p.keep)
            .collect();
        assert_eq!(both, [0..20, 21..trees.len()]);
        assert!(sgf_problems("no tree here").is_empty());
    }

    /// An SGF record in the character set its `CA` names is read in it; one without `CA` as
    /// ISO-8859-1, the standard's default; anything else not UTF-8 is refused as before.
    #[test]
    fn an_sgf_record_is_read_in_the_character_set_it_names() {
        let dir = std::env::temp_dir().join(format!("sp-charset-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let read = |name: &str, bytes: &[u8]| {
            let f = dir.join(name);
            std::fs::write(&f, bytes).unwrap();
            read_position_text(&f)
        };
        // 黑先活 in GB2312, 黒先活 in Shift_JIS, 흑선활 in EUC-KR.
        let gb = read("gb.sgf", b"(;CA[gb2312]SZ[9]C[\xba\xda\xcf\xc8\xbb\xee])").unwrap();
        assert_eq!(gb, "(;CA[gb2312]SZ[9]C[黑先活])");
        let sj = read("sj.sgf", b"(;CA[Shift_JIS]C[\x8d\x95\x90\xe6\x8a\x88])").unwrap();
        assert_eq!(sj, "(;CA[Shift_JIS]C[黒先活])");
        let kr = read("kr.sgf", b" (;CA[euc-kr]C[\xc8\xe6\xbc\xb1\xc8\xb0])").unwrap();
        assert_eq!(kr, " (;CA[euc-kr]C[흑선활])");
        let latin = read("l.sgf", b"(;SZ[9]PB[Jos\xe9])").unwrap();
        assert_eq!(latin, "(;SZ[9]PB[José])");
        // A byte-order mark is dropped.
        let bom = read("bom.sgf", b"\xef\xbb\xbf(;SZ[9])").unwrap();
        assert_eq!(bom, "(;SZ[9])");
        // Valid UTF-8 is read as UTF-8 whatever CA says.
        let utf = read("u.sgf", "(;CA[gb2312]C[黑先活])".as_bytes()).unwrap();
        assert_eq!(utf, "(;CA[gb2312]C[黑先活])");
        // A record that says UTF-8 and is not, an unknown set, and a TOML file: refused.
        for (name, bytes) in [
            ("bad.sgf", &b"(;CA[UTF-8]C[\xff])"[..]),
            ("odd.sgf", &b"(;CA[klingon]C[\xff])"[..]),
            ("p.toml", &b"black = \"C\xff3\""[..]),
        ] {
            assert!(
                matches!(read(name, bytes), Err(TextError::Utf8 { .. })),
                "{name}"
            );
        }
        // A longer property ending in CA is not CA.
        assert_eq!(sgf_charset(b"(;XCA[big5]CA[gbk])"), Some(&b"gbk"[..]));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

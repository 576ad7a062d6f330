//! SGF (FF[4], GM[1]) reading and writing: a tree of nodes, each a list of properties. The
//! reader reports the line and column where a malformed file breaks; the writer emits the main
//! line with variations, as solution trees need.

use std::fmt::Write;

/// One node: its properties in file order, and its children (the first is the main line).
/// Nodes compare by properties and children; where they were read is not compared.
#[derive(Clone, Debug, Default)]
pub struct SgfNode {
    /// (identifier, values) in order.
    pub props: Vec<(String, Vec<String>)>,
    /// Following nodes; more than one means variations.
    pub children: Vec<SgfNode>,
    /// For each property, the byte offset in the file of each value (after its '['); empty
    /// for nodes that were not read from a file.
    pub offsets: Vec<Vec<usize>>,
}

impl PartialEq for SgfNode {
    fn eq(&self, other: &SgfNode) -> bool {
        self.props == other.props && self.children == other.children
    }
}

impl SgfNode {
    /// The values of a property, if present.
    pub fn get(&self, id: &str) -> Option<&[String]> {
        self.props
            .iter()
            .find(|(k, _)| k == id)
            .map(|(_, v)| v.as_slice())
    }

    /// The first value of a property.
    pub fn first(&self, id: &str) -> Option<&str> {
        self.get(id).and_then(|v| v.first()).map(String::as_str)
    }

    /// Every value of every property named `id` (a repeated identifier included), with the
    /// byte offset where it was read (0 when not read from a file).
    pub fn values<'a>(&'a self, id: &'a str) -> impl Iterator<Item = (&'a str, usize)> + 'a {
        self.props
            .iter()
            .enumerate()
            .filter(move |(_, (k, _))| k == id)
            .flat_map(move |(i, (_, vals))| {
                vals.iter().enumerate().map(move |(j, v)| {
                    let at = self
                        .offsets
                        .get(i)
                        .and_then(|o| o.get(j))
                        .copied()
                        .unwrap_or(0);
                    (v.as_str(), at)
                })
            })
    }

    /// The first value of a property with the byte offset where it was read.
    pub fn first_at<'a>(&'a self, id: &'a str) -> Option<(&'a str, usize)> {
        self.values(id).next()
    }

    /// Adds a property value (appending to an existing identifier).
    pub fn add(&mut self, id: &str, value: impl Into<String>) {
        match self.props.iter_mut().find(|(k, _)| k == id) {
            Some((_, v)) => v.push(value.into()),
            None => self.props.push((id.to_string(), vec![value.into()])),
        }
    }

    /// The nodes of the main line, this node first.
    pub fn main_line(&self) -> Vec<&SgfNode> {
        let mut out = vec![self];
        let mut n = self;
        while let Some(c) = n.children.first() {
            out.push(c);
            n = c;
        }
        out
    }
}

/// A malformed SGF file.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("SGF error at line {line}, column {column} (byte {offset}): {message}")]
pub struct SgfError {
    /// Byte offset.
    pub offset: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn err(&self, message: impl Into<String>) -> SgfError {
        let (line, column) = crate::games::position::line_col(self.text, self.pos);
        SgfError {
            offset: self.pos,
            line,
            column,
            message: message.into(),
        }
    }

    fn skip_ws(&mut self) {
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn expect(&mut self, b: u8) -> Result<(), SgfError> {
        self.skip_ws();
        if self.peek() == Some(b) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.err(format!(
                "expected '{}', found {}",
                b as char,
                self.peek()
                    .map_or("end of file".to_string(), |c| format!("'{}'", c as char))
            )))
        }
    }

    /// GameTree = "(" Sequence GameTree* ")"; returns the first node of the sequence.
    fn game_tree(&mut self, depth: usize) -> Result<SgfNode, SgfError> {
        if depth > 10_000 {
            return Err(self.err("variations nested too deeply"));
        }
        self.expect(b'(')?;
        let mut seq = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some(b';') {
                self.pos += 1;
                seq.push(self.node()?);
            } else {
                break;
            }
        }
        if seq.is_empty() {
            return Err(self.err("a game tree must start with a node (';')"));
        }
        let mut vars = Vec::new();
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b'(') => vars.push(self.game_tree(depth + 1)?),
                Some(b')') => {
                    self.pos += 1;
                    break;
                }
                Some(c) => return Err(self.err(format!("unexpected '{}'", c as char))),
                None => return Err(self.err("unexpected end of file: missing ')'")),
            }
        }
        let mut last = seq.pop().expect("non-empty sequence");
        last.children = vars;
        while let Some(mut prev) = seq.pop() {
            prev.children = vec![last];
            last = prev;
        }
        Ok(last)
    }

    fn node(&mut self) -> Result<SgfNode, SgfError> {
        let mut node = SgfNode::default();
        loop {
            self.skip_ws();
            let start = self.pos;
            while self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                self.pos += 1;
            }
            if self.pos == start {
                return Ok(node);
            }
            let id: String = self.text[start..self.pos]
                .chars()
                .filter(|c| c.is_ascii_uppercase())
                .collect();
            if id.is_empty() {
                self.pos = start;
                return Err(self.err("property identifiers must be upper-case letters"));
            }
            let mut values = Vec::new();
            let mut offsets = Vec::new();
            loop {
                self.skip_ws();
                if self.peek() != Some(b'[') {
                    break;
                }
                self.pos += 1;
                offsets.push(self.pos);
                values.push(self.value()?);
            }
            if values.is_empty() {
                return Err(self.err(format!("property {id} has no value")));
            }
            node.props.push((id, values));
            node.offsets.push(offsets);
        }
    }

    fn value(&mut self) -> Result<String, SgfError> {
        let mut out = String::new();
        let start = self.pos;
        loop {
            match self.peek() {
                None => {
                    self.pos = start;
                    return Err(self.err("unterminated property value: missing ']'"));
                }
                Some(b']') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let ch = self.text[self.pos..].chars().next();
                    if let Some(ch) = ch {
                        if ch != '\n' && ch != '\r' {
                            out.push(ch);
                        }
                        self.pos += ch.len_utf8();
                    }
                }
                Some(_) => {
                    let ch = self.text[self.pos..].chars().next().expect("char");
                    out.push(ch);
                    self.pos += ch.len_utf8();
                }
            }
        }
    }
}

/// Parses the first game tree of an SGF collection.
pub fn parse(text: &str) -> Result<SgfNode, SgfError> {
    parse_first(text).map(|(root, _)| root)
}

/// Parses the first game tree of an SGF collection, with the byte offset of the next game
/// tree when the collection holds more (None when only blank text follows the first).
pub fn parse_first(text: &str) -> Result<(SgfNode, Option<usize>), SgfError> {
    let mut p = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
    };
    p.skip_ws();
    let root = p.game_tree(0)?;
    p.skip_ws();
    let next = (p.bytes.get(p.pos) == Some(&b'(')).then_some(p.pos);
    Ok((root, next))
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace(']', "\\]")
}

fn write_node(out: &mut String, node: &SgfNode) {
    out.push(';');
    for (id, values) in &node.props {
        out.push_str(id);
        for v in values {
            let _ = write!(out, "[{}]", escape(v));
        }
    }
}

fn write_tree(out: &mut String, node: &SgfNode) {
    write_node(out, node);
    match node.children.len() {
        0 => {}
        1 => {
            out.push('\n');
            write_tree(out, &node.children[0]);
        }
        _ => {
            for c in &node.children {
                out.push_str("\n(");
                write_tree(out, c);
                out.push(')');
            }
        }
    }
}

/// Writes a tree as SGF text.
pub fn to_string(root: &SgfNode) -> String {
    let mut out = String::from("(");
    write_tree(&mut out, root);
    out.push_str(")\n");
    out
}

/// The SGF point "aa".. for (column from the left, row from the top).
pub fn point_text(col: usize, row_from_top: usize) -> String {
    format!(
        "{}{}",
        (b'a' + col as u8) as char,
        (b'a' + row_from_top as u8) as char
    )
}

/// Parses an SGF point into (column from the left, row from the top); None for a pass ("" or
/// "tt" on boards up to 19).
pub fn parse_point(v: &str, size: usize) -> Result<Option<(usize, usize)>, String> {
    let b = v.trim().as_bytes();
    if b.is_empty() || (size <= 19 && b == b"tt") {
        return Ok(None);
    }
    let q = crate::games::position::quote(v);
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
        return Err(format!("'{q}' is not an SGF point"));
    }
    let (c, r) = ((b[0] - b'a') as usize, (b[1] - b'a') as usize);
    if c >= size || r >= size {
        return Err(format!("'{q}' is off the {size}x{size} board"));
    }
    Ok(Some((c, r)))
}

/// Expands SGF point lists including compressed rectangles ("aa:cc").
pub fn expand_points(values: &[String], size: usize) -> Result<Vec<(usize, usize)>, String> {
    let mut out = Vec::new();
    for v in values {
        if let Some((a, b)) = v.split_once(':') {
            let (a, b) = (parse_point(a, size)?, parse_point(b, size)?);
            let (Some((c1, r1)), Some((c2, r2))) = (a, b) else {
                return Err(format!(
                    "'{}' is not a rectangle of points",
                    crate::games::position::quote(v)
                ));
            };
            for c in c1.min(c2)..=c1.max(c2) {
                for r in r1.min(r2)..=r1.max(r2) {
                    out.push((c, r));
                }
            }
        } else if let Some(p) = parse_point(v, size)? {
            out.push(p);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sgf_round_trip_with_variations() {
        let text = "(;GM[1]FF[4]SZ[9]KM[7]C[a \\] bracket];B[ee];W[gc](;B[cg];W[dc])(;B[dc]))";
        let root = parse(text).unwrap();
        assert_eq!(root.first("SZ"), Some("9"));
        assert_eq!(root.first("C"), Some("a ] bracket"));
        let line = root.main_line();
        assert_eq!(line.len(), 5);
        assert_eq!(line[2].children.len(), 2);
        let again = parse(&to_string(&root)).unwrap();
        assert_eq!(again, root);
    }

    #[test]
    fn malformed_sgf_names_line_and_column() {
        let err = parse("(;GM[1]\n;B[ee\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("missing ']'"), "{err}");
        let err = parse("(;GM[1];B[aa]").unwrap_err();
        assert!(err.message.contains("missing ')'"), "{err}");
        assert!(parse("nonsense").is_err());
    }

    #[test]
    fn compressed_point_lists_expand() {
        let pts = expand_points(&["aa:bb".to_string(), "cc".to_string()], 9).unwrap();
        assert_eq!(pts.len(), 5);
        assert!(parse_point("tt", 19).unwrap().is_none());
        assert!(parse_point("zz", 9).is_err());
    }
}

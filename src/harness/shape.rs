//! The shape of a text input, inferred without knowing its format, for the generic shrinker
//! ([`crate::harness::shrink_text`]): which tokens count which lists, and which tokens play the
//! same part (a "role") in every input a generator prints.
//!
//! The input is kept in one buffer in a plain layout (one space between tokens, one newline
//! after each line, blank lines dropped) with the span of every token: about 8 bytes a token
//! besides the text, whatever the input. Lists are recognized from counts, the way statements
//! write them:
//! - a test-case count `T` alone on the first line, followed by `T` cases of one format (each
//!   case a header line with its items as below, or a fixed number of lines);
//! - within a case, a line whose first token `n` is followed by exactly `n` tokens on that line
//!   (`3 a b c`); a count followed by a line of exactly that many tokens (`n` / `a1 ... an`); a
//!   count followed by a string of exactly that length (`n` / `abcab`); a count followed by
//!   exactly that many lines (`n m` / `m` edges): to the end of the case, or lines that all have
//!   the same number of tokens. Any other line of two or more tokens is an uncounted list.
//!
//! A role names a token's place: its line in the case's skeleton (the lines of a line list
//! count as one) and its column, or "an item" for the items of a token list. Roles are the same
//! across inputs of one generator, so the smallest value (or length, or letter) each role took
//! over all generated inputs can be recorded ([`Observed`]) and kept as a floor when no
//! validator says what is legal.

use crate::error::AllocError;
use crate::rng::mix64;
use std::collections::HashMap;
use std::ops::Range;

/// An input in the plain layout, with the span of each token and the first token of each line.
pub struct Doc {
    pub bytes: Vec<u8>,
    tokens: Vec<(u32, u32)>,
    /// First token of each line, then the number of tokens.
    lines: Vec<u32>,
}

impl Doc {
    /// Reads `input` (at most 4 GiB) into the plain layout.
    pub fn parse(input: &[u8]) -> Result<Doc, AllocError> {
        let what = "the input being shrunk";
        let mut bytes = crate::error::try_with_capacity(input.len(), what)?;
        let count = input.split(u8::is_ascii_whitespace).filter(|t| !t.is_empty()).count();
        let mut tokens = crate::error::try_with_capacity(count, what)?;
        let mut lines = Vec::new();
        for line in input.split(|&b| b == b'\n') {
            let mut first = true;
            for t in line.split(u8::is_ascii_whitespace).filter(|t| !t.is_empty()) {
                if first {
                    crate::error::try_reserve(&mut lines, 1, what)?;
                    lines.push(tokens.len() as u32);
                    first = false;
                } else {
                    bytes.push(b' ');
                }
                tokens.push((bytes.len() as u32, (bytes.len() + t.len()) as u32));
                bytes.extend_from_slice(t);
            }
            if !first {
                bytes.push(b'\n');
            }
        }
        lines.push(tokens.len() as u32);
        Ok(Doc { bytes, tokens, lines })
    }

    pub fn line_count(&self) -> usize {
        self.lines.len() - 1
    }

    pub fn token_count(&self) -> usize {
        self.tokens.len()
    }

    /// The tokens of line `l`, as indices.
    pub fn line(&self, l: usize) -> Range<usize> {
        self.lines[l] as usize..self.lines[l + 1] as usize
    }

    /// The text of token `t`.
    pub fn token(&self, t: usize) -> &[u8] {
        let (a, b) = self.tokens[t];
        &self.bytes[a as usize..b as usize]
    }

    /// The line token `t` is on.
    pub fn line_of(&self, t: usize) -> usize {
        self.lines.partition_point(|&s| s as usize <= t) - 1
    }

    fn int(&self, t: usize) -> Option<i128> {
        integer(self.token(t))
    }
}

/// The integer a token spells (`-?[0-9]+`, at most 38 digits), if any.
pub fn integer(token: &[u8]) -> Option<i128> {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    if digits.is_empty() || digits.len() > 38 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(token).ok()?.parse().ok()
}

/// A change to a [`Doc`]: lines and tokens cut, tokens given new text.
#[derive(Default, Clone)]
pub struct Edit {
    pub cut_lines: Range<usize>,
    pub cut_tokens: Range<usize>,
    pub set: Vec<(usize, Vec<u8>)>,
}

impl Doc {
    /// The text of `self` changed by `edit` (a line left without tokens goes).
    pub fn write(&self, edit: &Edit) -> Result<Vec<u8>, AllocError> {
        let extra: usize = edit.set.iter().map(|(_, t)| t.len()).sum();
        let mut out =
            crate::error::try_with_capacity(self.bytes.len() + extra, "a shrinking candidate")?;
        for l in 0..self.line_count() {
            if edit.cut_lines.contains(&l) {
                continue;
            }
            let mut first = true;
            for t in self.line(l) {
                if edit.cut_tokens.contains(&t) {
                    continue;
                }
                if !first {
                    out.push(b' ');
                }
                first = false;
                match edit.set.iter().find(|(i, _)| *i == t) {
                    Some((_, text)) => out.extend_from_slice(text),
                    None => out.extend_from_slice(self.token(t)),
                }
            }
            if !first {
                out.push(b'\n');
            }
        }
        Ok(out)
    }
}

/// What a list's items are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Items {
    /// Tokens (indices), on one line.
    Tokens(Range<usize>),
    /// Runs of lines (test cases, or one line each).
    Blocks(Vec<Range<usize>>),
    /// The characters of one token (a string).
    Chars(usize),
}

impl Items {
    pub fn len(&self, doc: &Doc) -> usize {
        match self {
            Items::Tokens(r) => r.len(),
            Items::Blocks(b) => b.len(),
            Items::Chars(t) => doc.token(*t).len(),
        }
    }
}

/// A list and the token that counts it, if any.
#[derive(Debug, Clone)]
pub struct List {
    pub count: Option<usize>,
    pub items: Items,
}

/// How the tokens of a line get their roles.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layout {
    /// By column.
    Columns,
    /// Every token is an item.
    Items,
    /// The first token counts the others, which are items.
    Inline,
}

/// The lists of a [`Doc`] and the role of every token.
pub struct Shape {
    pub lists: Vec<List>,
    /// Per line: its skeleton line (mixed with the case count's presence) and its layout.
    lines: Vec<(u64, Layout)>,
    /// The test-case count, when the input has several cases.
    cases_count: Option<usize>,
}

const ITEM: u64 = u64::MAX;

impl Shape {
    /// The role of token `t` (`line` is its line).
    pub fn role(&self, doc: &Doc, line: usize, t: usize) -> u64 {
        if self.cases_count == Some(t) {
            return mix64(0x7e57_ca5e);
        }
        let (skel, layout) = self.lines[line];
        let col = (t - doc.line(line).start) as u64;
        let col = match layout {
            Layout::Columns => col,
            Layout::Items => ITEM,
            Layout::Inline if col == 0 => 0,
            Layout::Inline => ITEM,
        };
        mix64(skel ^ mix64(col))
    }

    /// Is token `t` the count of a list?
    pub fn is_count(&self, t: usize) -> bool {
        self.lists.iter().any(|l| l.count == Some(t))
    }

    /// The shape of `doc`.
    pub fn of(doc: &Doc) -> Shape {
        let n = doc.line_count();
        let mut shape =
            Shape { lists: Vec::new(), lines: vec![(0, Layout::Columns); n], cases_count: None };
        let cases = if n >= 2 && doc.line(0).len() == 1 {
            doc.int(0).filter(|&t| t >= 1 && t as usize <= n).and_then(|t| segment(doc, t as usize))
        } else {
            None
        };
        match cases {
            Some(cases) => {
                shape.cases_count = Some(0);
                shape.lines[0] = (mix64(1 << 40), Layout::Columns);
                for c in &cases {
                    shape.case(doc, c.clone());
                }
                shape.lists.push(List { count: Some(0), items: Items::Blocks(cases) });
            }
            None => shape.case(doc, 0..n),
        }
        shape
    }

    /// Finds the lists of the case on lines `case` and the roles of its tokens.
    fn case(&mut self, doc: &Doc, case: Range<usize>) {
        let (mut l, e, mut skel) = (case.start, case.end, 0u64);
        while l < e {
            self.lines[l] = (skel, Layout::Columns);
            let header = doc.line(l);
            let ints: Vec<(usize, usize)> = header
                .clone()
                .take(4)
                .filter_map(|t| Some((t, usize::try_from(doc.int(t)?).ok()?)))
                .collect();
            let mut next = l + 1;
            let mut used: Vec<usize> = Vec::new();
            if header.len() >= 2
                && ints.first().is_some_and(|&(t, v)| t == header.start && v == header.len() - 1)
            {
                self.lines[l].1 = Layout::Inline;
                self.lists.push(List {
                    count: Some(header.start),
                    items: Items::Tokens(header.start + 1..header.end),
                });
                used.push(header.start);
            }
            let to_end = |used: &[usize], next: usize| {
                ints.iter().copied().find(|&(t, v)| !used.contains(&t) && v >= 2 && next + v == e)
            };
            if let Some((t, v)) = to_end(&used, next) {
                self.line_list(doc, t, next..next + v, skel + 1);
                next += v;
                skel += 1;
            } else if let Some(&(t, _)) = ints.iter().find(|&&(t, v)| {
                !used.contains(&t) && v >= 1 && next < e && doc.line(next).len() == v
            }) {
                self.lines[next] = (skel + 1, Layout::Items);
                self.lists.push(List { count: Some(t), items: Items::Tokens(doc.line(next)) });
                used.push(t);
                next += 1;
                skel += 1;
                if let Some((t, v)) =
                    to_end(&used, next).or_else(|| alike(doc, &ints, &used, next, e))
                {
                    self.line_list(doc, t, next..next + v, skel + 1);
                    next += v;
                    skel += 1;
                }
            } else if let Some(&(t, _)) = ints.iter().find(|&&(t, v)| {
                !used.contains(&t)
                    && next < e
                    && doc.line(next).len() == 1
                    && doc.int(doc.line(next).start).is_none()
                    && doc.token(doc.line(next).start).len() == v
            }) {
                self.lines[next] = (skel + 1, Layout::Columns);
                self.lists.push(List { count: Some(t), items: Items::Chars(doc.line(next).start) });
                next += 1;
                skel += 1;
            } else if let Some((t, v)) = alike(doc, &ints, &used, next, e) {
                self.line_list(doc, t, next..next + v, skel + 1);
                next += v;
                skel += 1;
            } else if header.len() >= 2 && used.is_empty() {
                self.lists.push(List { count: None, items: Items::Tokens(header.clone()) });
                self.lines[l].1 = Layout::Items;
            }
            l = next;
            skel += 1;
        }
    }

    /// Lines `lines`, counted by token `count`: one item each (an item line `k a1 ... ak`
    /// holds a list of its own).
    fn line_list(&mut self, doc: &Doc, count: usize, lines: Range<usize>, skel: u64) {
        // Item lines hold lists of their own only when every one fits and one has two items
        // or more (pairs `1 2` alone are edges, not lists).
        let inline = |l: usize| {
            let r = doc.line(l);
            r.len() >= 2 && doc.int(r.start).is_some_and(|v| v == r.len() as i128 - 1)
        };
        let lists = lines.clone().all(inline) && lines.clone().any(|l| doc.line(l).len() >= 3);
        for l in lines.clone() {
            let r = doc.line(l);
            self.lines[l] = (skel, Layout::Columns);
            if lists {
                self.lines[l].1 = Layout::Inline;
                self.lists
                    .push(List { count: Some(r.start), items: Items::Tokens(r.start + 1..r.end) });
            }
        }
        self.lists.push(List {
            count: Some(count),
            items: Items::Blocks(lines.map(|l| l..l + 1).collect()),
        });
    }
}

/// A count among `ints` (not `used`) followed from line `next` by at least two lines that all
/// have the same number of tokens, within the case ending at `e`.
fn alike(
    doc: &Doc,
    ints: &[(usize, usize)],
    used: &[usize],
    next: usize,
    e: usize,
) -> Option<(usize, usize)> {
    ints.iter().copied().find(|&(t, v)| {
        !used.contains(&t)
            && v >= 2
            && next + v <= e
            && (next..next + v).all(|l| doc.line(l).len() == doc.line(next).len())
    })
}

/// Splits lines 1.. of `doc` into `t` test cases of one format, if some format fits exactly.
fn segment(doc: &Doc, t: usize) -> Option<Vec<Range<usize>>> {
    let n = doc.line_count();
    // How far a case starting at line `i` goes under each format.
    let int_at = |l: usize, j: usize| -> Option<usize> {
        if l >= n {
            return None;
        }
        let r = doc.line(l);
        if j >= r.len() {
            return None;
        }
        usize::try_from(doc.int(r.start + j)?).ok()
    };
    let len_of = |l: usize| if l < n { Some(doc.line(l).len()) } else { None };
    type Format<'a> = Box<dyn Fn(usize) -> Option<usize> + 'a>;
    let mut formats: Vec<Format> = vec![Box::new(|i| {
        let v = int_at(i, 0)?;
        (v >= 1 && doc.line(i).len() == v + 1).then_some(i + 1)
    })];
    for j in 0..3 {
        formats.push(Box::new(move |i| (len_of(i + 1)? == int_at(i, j)?).then_some(i + 2)));
        formats.push(Box::new(move |i| {
            if i + 1 >= n {
                return None;
            }
            let r = doc.line(i + 1);
            (r.len() == 1
                && doc.token(r.start).len() == int_at(i, j)?
                && doc.int(r.start).is_none())
            .then_some(i + 2)
        }));
        for k in 0..3 {
            if k != j {
                formats.push(Box::new(move |i| {
                    (len_of(i + 1)? == int_at(i, j)?).then_some(i + 2 + int_at(i, k)?)
                }));
            }
        }
        formats.push(Box::new(move |i| Some(i + 1 + int_at(i, j)?)));
    }
    if (n - 1).is_multiple_of(t) {
        let m = (n - 1) / t;
        formats.push(Box::new(move |i| Some(i + m)));
    }
    'format: for f in &formats {
        let mut cases = Vec::new();
        let mut i = 1;
        for _ in 0..t {
            match f(i) {
                Some(end) if end > i && end <= n => {
                    cases.push(i..end);
                    i = end;
                }
                _ => continue 'format,
            }
        }
        if i == n {
            return Some(cases);
        }
    }
    None
}

/// What a role took at least, over the inputs seen.
#[derive(Debug, Clone, Copy)]
pub struct Seen {
    /// The smallest integer (for integer tokens).
    pub int: Option<i128>,
    /// The shortest length (for other tokens).
    pub len: Option<usize>,
    /// The smallest byte of those tokens (the first letter of their alphabet).
    pub byte: Option<u8>,
}

/// The floors of every role over the inputs a generator printed.
#[derive(Debug, Default, Clone)]
pub struct Observed {
    roles: HashMap<u64, Seen>,
    /// How many inputs were recorded.
    pub inputs: u64,
}

impl Observed {
    /// Records the roles of `input` (not parsed past 4 MiB: only the failing input is then
    /// read, by the shrinker itself).
    pub fn observe(&mut self, input: &[u8]) {
        if input.len() > 4 << 20 {
            return;
        }
        if let Ok(doc) = Doc::parse(input) {
            let shape = Shape::of(&doc);
            self.record(&doc, &shape);
        }
    }

    /// Records the roles of a parsed input.
    pub fn record(&mut self, doc: &Doc, shape: &Shape) {
        self.inputs += 1;
        for l in 0..doc.line_count() {
            for t in doc.line(l) {
                let text = doc.token(t);
                let seen = self.roles.entry(shape.role(doc, l, t)).or_insert(Seen {
                    int: None,
                    len: None,
                    byte: None,
                });
                match integer(text) {
                    Some(v) => seen.int = Some(seen.int.map_or(v, |m| m.min(v))),
                    None => {
                        seen.len = Some(seen.len.map_or(text.len(), |m| m.min(text.len())));
                        let b = text.iter().copied().min().unwrap_or(b'a');
                        seen.byte = Some(seen.byte.map_or(b, |m| m.min(b)));
                    }
                }
            }
        }
    }

    /// Adds what `other` saw.
    pub fn merge(&mut self, other: &Observed) {
        self.inputs += other.inputs;
        for (&r, s) in &other.roles {
            let e = self.roles.entry(r).or_insert(*s);
            e.int = match (e.int, s.int) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            e.len = match (e.len, s.len) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            e.byte = match (e.byte, s.byte) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
    }

    /// What role `r` took at least, if it was seen.
    pub fn seen(&self, r: u64) -> Option<Seen> {
        self.roles.get(&r).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lists(text: &str) -> Vec<(Option<Vec<u8>>, usize)> {
        let doc = Doc::parse(text.as_bytes()).unwrap();
        let shape = Shape::of(&doc);
        shape
            .lists
            .iter()
            .map(|l| (l.count.map(|t| doc.token(t).to_vec()), l.items.len(&doc)))
            .collect()
    }

    #[test]
    fn counts_are_found_where_statements_put_them() {
        assert_eq!(lists("4\n2 42 52 4\n"), vec![(Some(b"4".to_vec()), 4)]);
        assert_eq!(lists("3 1 2 3\n"), vec![(Some(b"3".to_vec()), 3)]);
        assert_eq!(lists("5\ndabad\n"), vec![(Some(b"5".to_vec()), 5)]);
        assert_eq!(lists("4 2\n1 2\n2 3\n"), vec![(Some(b"2".to_vec()), 2)]);
        // Two cases, each a count and its list; the case count counts them.
        let l = lists("2\n3\n1 2 3\n1\n7\n");
        assert_eq!(l.len(), 3);
        assert_eq!(l[2], (Some(b"2".to_vec()), 2));
        // An uncounted list.
        assert_eq!(lists("1 2 3\n"), vec![(None, 3)]);
        let doc = Doc::parse(b"  1   2\n\n3\r\n").unwrap();
        assert_eq!(doc.bytes, b"1 2\n3\n");
        assert_eq!(doc.line_of(2), 1);
        let e = Edit { cut_tokens: 1..2, set: vec![(0, b"9".to_vec())], ..Edit::default() };
        assert_eq!(doc.write(&e).unwrap(), b"9\n3\n");
    }

    #[test]
    fn roles_are_shared_by_cases_and_items() {
        let doc = Doc::parse(b"2\n3\n1 2 3\n1\n7\n").unwrap();
        let shape = Shape::of(&doc);
        let role = |t: usize| shape.role(&doc, doc.line_of(t), t);
        assert_eq!(role(1), role(5)); // both cases' counts
        assert_eq!(role(2), role(4)); // items
        assert_eq!(role(2), role(6));
        assert_ne!(role(0), role(1));
        assert_ne!(role(1), role(2));
    }
}

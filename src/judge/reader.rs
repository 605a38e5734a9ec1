//! A strict reader in the style of testlib's validators: it reads exactly the layout a judge
//! gives (tokens separated by one space, every line ended by `\n`, nothing after the last line,
//! integers without sign or leading zeros) and checks every value against its [`Bound`] as it
//! is read, failing at the first offending byte with the constraint it breaks.
//!
//! In [`Domain::Beyond`] the same calls read any input `games` accepts: any whitespace between
//! tokens, no bound checked. Problem readers are written once and serve both.

use super::{Bound, Domain, Violation};
use crate::error::{Lines, escape};

/// A cursor over the input.
#[derive(Clone)]
pub struct Reader<'a> {
    input: &'a [u8],
    pos: usize,
    domain: Domain,
    /// When set, every integer read is recorded with its offset and bound name (for tests that
    /// break one value per constraint).
    pub trace: Option<Vec<(usize, &'static str)>>,
}

impl<'a> Reader<'a> {
    pub fn new(input: &'a [u8], domain: Domain) -> Self {
        let pos =
            if domain == Domain::Beyond && input.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
        Reader { input, pos, domain, trace: None }
    }

    /// True when bounds and layout are checked.
    pub fn strict(&self) -> bool {
        self.domain == Domain::Judge
    }

    fn skip_space(&mut self) {
        if !self.strict() {
            while self.pos < self.input.len() && crate::scanner::is_space(self.input[self.pos]) {
                self.pos += 1;
            }
        }
    }

    /// The offset of the next token (after whitespace, outside strict mode).
    pub fn mark(&mut self) -> usize {
        self.skip_space();
        self.pos
    }

    /// What stands at `offset`, quoted, for a message.
    pub fn found_at(&self, offset: usize) -> String {
        let rest = self.input.get(offset..).unwrap_or(&[]);
        match rest.first() {
            None => "end of input".to_string(),
            Some(&b) if crate::scanner::is_space(b) => {
                format!("\"{}\"", escape(&[b], Lines::Escape))
            }
            Some(_) => {
                let end =
                    rest.iter().position(|&b| crate::scanner::is_space(b)).unwrap_or(rest.len());
                let shown = &rest[..end.min(24)];
                let more = if end > 24 { "..." } else { "" };
                format!("\"{}{more}\"", escape(shown, Lines::Escape))
            }
        }
    }

    /// A malformed-token fault at `offset`: `expected <what>, found <token>`.
    pub fn expected_at(&self, offset: usize, what: &str) -> Violation {
        Violation {
            offset,
            message: format!("expected {what}, found {}", self.found_at(offset)),
            parse: true,
        }
    }

    /// A broken constraint at `offset` (strict mode only; `Ok` otherwise).
    pub fn check(
        &self,
        offset: usize,
        ok: bool,
        message: impl FnOnce() -> String,
    ) -> Result<(), Violation> {
        if ok || !self.strict() {
            Ok(())
        } else {
            Err(Violation { offset, message: message(), parse: false })
        }
    }

    /// An integer within `bound`.
    pub fn int(&mut self, bound: &Bound) -> Result<u64, Violation> {
        self.int_in(bound, bound.lo, bound.hi, "")
    }

    /// An integer within `bound` and within `lo..=hi` (a bound that depends on earlier values,
    /// such as a vertex at most n; `why` names it: "n").
    pub fn int_in(&mut self, bound: &Bound, lo: u64, hi: u64, why: &str) -> Result<u64, Violation> {
        self.skip_space();
        let start = self.pos;
        let digits = self.input[start..].iter().take_while(|b| b.is_ascii_digit()).count();
        let end = start + digits;
        let well_formed = digits > 0
            && !(self.strict() && digits > 1 && self.input[start] == b'0')
            && self.input.get(end).is_none_or(|&b| crate::scanner::is_space(b));
        let value =
            std::str::from_utf8(&self.input[start..end]).ok().and_then(|t| t.parse::<u64>().ok());
        let (true, Some(v)) = (well_formed, value) else {
            return Err(self.expected_at(start, bound.name));
        };
        if let Some(t) = self.trace.as_mut() {
            t.push((start, bound.name));
        }
        self.check(start, bound.lo <= v && v <= bound.hi, || {
            format!("{} = {v} violates {}", bound.name, bound.describe())
        })?;
        self.check(start, lo <= v && v <= hi, || {
            format!("{} = {v} violates {lo} <= {} <= {hi} ({why})", bound.name, bound.name)
        })?;
        self.pos = end;
        Ok(v)
    }

    /// A word of exactly `len` bytes, each from `alphabet`.
    pub fn word(&mut self, what: &str, len: usize, alphabet: &[u8]) -> Result<&'a [u8], Violation> {
        self.skip_space();
        let start = self.pos;
        let rest = &self.input[start..];
        let end = rest.iter().position(|&b| crate::scanner::is_space(b)).unwrap_or(rest.len());
        let token = &rest[..end];
        if token.len() != len || !token.iter().all(|b| alphabet.contains(b)) {
            return Err(self.expected_at(start, what));
        }
        self.pos += end;
        Ok(token)
    }

    fn exact(&mut self, byte: u8, what: &str) -> Result<(), Violation> {
        if !self.strict() {
            return Ok(());
        }
        if self.input.get(self.pos) == Some(&byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(Violation {
                offset: self.pos,
                message: format!("expected {what}, found {}", self.found_at(self.pos)),
                parse: false,
            })
        }
    }

    /// Exactly one space (strict); nothing outside strict mode.
    pub fn space(&mut self) -> Result<(), Violation> {
        self.exact(b' ', "a single space")
    }

    /// The end of the line: exactly `\n` (strict); nothing outside strict mode.
    pub fn eoln(&mut self) -> Result<(), Violation> {
        self.exact(b'\n', "end of line")
    }

    /// Empty lines, where the judge allows them between cases (strict); nothing otherwise.
    pub fn blank_lines(&mut self) {
        if self.strict() {
            while self.input.get(self.pos) == Some(&b'\n') {
                self.pos += 1;
            }
        }
    }

    /// True at the end of the input (after whitespace, outside strict mode).
    pub fn at_eof(&mut self) -> bool {
        self.skip_space();
        self.pos >= self.input.len()
    }

    /// The end of the input: nothing may follow.
    pub fn eof(&mut self) -> Result<(), Violation> {
        if self.at_eof() {
            Ok(())
        } else {
            Err(Violation {
                offset: self.pos,
                message: format!("expected end of input, found {}", self.found_at(self.pos)),
                parse: false,
            })
        }
    }

    /// `count` integers within `bound` on one line, separated by single spaces, then `\n`.
    pub fn line_of(&mut self, bound: &Bound, count: u64) -> Result<Vec<super::Item>, Violation> {
        let mut items = Vec::new();
        for i in 0..count {
            if i > 0 {
                self.space()?;
            }
            items.push(vec![self.int(bound)?]);
        }
        self.eoln()?;
        Ok(items)
    }

    /// `count` lines of `bounds.len()` integers each.
    pub fn rows_of(
        &mut self,
        bounds: &[&Bound],
        count: u64,
    ) -> Result<Vec<super::Item>, Violation> {
        let mut items = Vec::new();
        for _ in 0..count {
            items.push(self.row(bounds)?);
        }
        Ok(items)
    }

    /// One line of integers, one per bound.
    pub fn row(&mut self, bounds: &[&Bound]) -> Result<super::Item, Violation> {
        let mut row = Vec::with_capacity(bounds.len());
        for (i, b) in bounds.iter().enumerate() {
            if i > 0 {
                self.space()?;
            }
            row.push(self.int(b)?);
        }
        self.eoln()?;
        Ok(row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const N: Bound = Bound::new("n", 1, 10);

    fn fault(input: &[u8], f: impl Fn(&mut Reader) -> Result<(), Violation>) -> String {
        let mut r = Reader::new(input, Domain::Judge);
        f(&mut r).map_or_else(|v| v.render(input), |_| "ok".into())
    }

    #[test]
    fn strict_layout_and_bounds() {
        let two = |r: &mut Reader| {
            r.int(&N)?;
            r.space()?;
            r.int(&N)?;
            r.eoln()?;
            r.eof()
        };
        assert_eq!(fault(b"3 4\n", two), "ok");
        assert_eq!(fault(b"3  4\n", two), "line 1, column 3: expected n, found \" \"");
        assert_eq!(
            fault(b"3 4", two),
            "line 1, column 4: expected end of line, found end of input"
        );
        assert_eq!(fault(b"3 4\r\n", two), "line 1, column 4: expected end of line, found \"\\r\"");
        assert_eq!(fault(b"3 11\n", two), "line 1, column 3: n = 11 violates 1 <= n <= 10");
        assert_eq!(fault(b"3 04\n", two), "line 1, column 3: expected n, found \"04\"");
        assert_eq!(fault(b"+3 4\n", two), "line 1, column 1: expected n, found \"+3\"");
        assert_eq!(
            fault(b"3 4\n\n", two),
            "line 2, column 1: expected end of input, found \"\\n\""
        );
        assert_eq!(fault(b"0 4\n", two), "line 1, column 1: n = 0 violates 1 <= n <= 10");
    }

    #[test]
    fn beyond_is_lenient() {
        let mut r = Reader::new(b"\xEF\xBB\xBF 0\r\n\t99 ", Domain::Beyond);
        assert_eq!(r.int(&N), Ok(0));
        r.space().unwrap();
        assert_eq!(r.int(&N), Ok(99));
        r.eoln().unwrap();
        assert!(r.eof().is_ok());
    }
}

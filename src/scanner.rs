//! The byte scanner: every problem reads its input through this one type.
//!
//! The whole input is held in one buffer and read once, left to right. Tokens are separated by
//! ASCII whitespace (space, `\t`, `\n`, `\r`, vertical tab, form feed), so CRLF line endings,
//! tabs, blank lines and a missing final newline need no special handling; a UTF-8 byte-order
//! mark at the very start is skipped. The happy path keeps only a byte offset: line and column
//! are computed from that offset when, and only when, an error is reported
//! ([`InputError::locate`]).

use crate::error::InputError;
use std::borrow::Cow;

/// True for the bytes that separate tokens.
#[inline(always)]
pub fn is_space(b: u8) -> bool {
    // ' ' (32), '\t' (9), '\n' (10), '\x0b' (11), '\x0c' (12), '\r' (13)
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

/// A cursor over the whole input.
pub struct Scanner<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner at the start of `buf`, past a UTF-8 byte-order mark if there is one.
    pub fn new(buf: &'a [u8]) -> Self {
        let pos = if buf.starts_with(b"\xEF\xBB\xBF") { 3 } else { 0 };
        Scanner { buf, pos }
    }

    /// The whole input, as given.
    pub fn input(&self) -> &'a [u8] {
        self.buf
    }

    /// The current byte offset.
    pub fn offset(&self) -> usize {
        self.pos
    }

    #[inline(always)]
    fn skip_space(&mut self) {
        while self.pos < self.buf.len() && is_space(self.buf[self.pos]) {
            self.pos += 1;
        }
    }

    /// Skips whitespace and reports whether the input is exhausted.
    #[inline]
    pub fn at_eof(&mut self) -> bool {
        self.skip_space();
        self.pos >= self.buf.len()
    }

    /// An upper bound on the number of tokens still to come (each needs a byte and a separator).
    /// Use it to cap a `Vec::with_capacity` that a count in the input asks for, so that a header
    /// claiming 10^18 items cannot make us allocate before the data runs out.
    #[inline]
    pub fn tokens_left_bound(&self) -> usize {
        (self.buf.len() - self.pos) / 2 + 1
    }

    /// A capacity for `count` items of `tokens_per_item` tokens each, capped by what the rest of
    /// the input can hold.
    #[inline]
    pub fn capacity_for(&self, count: u64, tokens_per_item: usize) -> usize {
        let bound = self.tokens_left_bound() / tokens_per_item.max(1) + 1;
        usize::try_from(count).map_or(bound, |c| c.min(bound))
    }

    /// An error at the current token (after skipping whitespace).
    pub fn error_here(&mut self, expected: impl Into<Cow<'static, str>>) -> InputError {
        self.skip_space();
        InputError::new(self.pos, expected)
    }

    /// Reads an unsigned decimal integer (an optional leading `+` is accepted) that fits in a
    /// `u64`. `what` names the value in the error message: "expected {what}, found ...".
    #[inline]
    pub fn u64(&mut self, what: &'static str) -> Result<u64, InputError> {
        self.skip_space();
        let start = self.pos;
        let buf = self.buf;
        let mut i = start;
        if i < buf.len() && buf[i] == b'+' {
            i += 1;
        }
        let digits_start = i;
        let mut value: u64 = 0;
        // Up to 19 digits cannot overflow a u64.
        let fast_end = buf.len().min(digits_start + 19);
        while i < fast_end {
            let d = buf[i].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            value = value * 10 + d as u64;
            i += 1;
        }
        if i == fast_end && i < buf.len() && buf[i].is_ascii_digit() {
            // A 20th digit or more: check every step.
            while i < buf.len() && buf[i].is_ascii_digit() {
                let d = (buf[i] - b'0') as u64;
                match value.checked_mul(10).and_then(|v| v.checked_add(d)) {
                    Some(v) => value = v,
                    None => return Err(InputError::new(start, too_large(what))),
                }
                i += 1;
            }
        }
        if i == digits_start || (i < buf.len() && !is_space(buf[i])) {
            return Err(InputError::new(start, what));
        }
        self.pos = i;
        Ok(value)
    }

    /// Reads an unsigned integer in `lo..=hi`; the message names the range.
    #[inline]
    pub fn u64_in(&mut self, what: &'static str, lo: u64, hi: u64) -> Result<u64, InputError> {
        let start = self.peek_start();
        let v = self.u64(what)?;
        if v < lo || v > hi {
            return Err(InputError::new(start, range_text(what, lo, hi)));
        }
        Ok(v)
    }

    /// Reads a signed decimal integer that fits in an `i64`.
    pub fn i64(&mut self, what: &'static str) -> Result<i64, InputError> {
        self.skip_space();
        let start = self.pos;
        let negative = self.buf.get(self.pos) == Some(&b'-');
        if negative {
            self.pos += 1;
            if self.buf.get(self.pos).is_none_or(|b| !b.is_ascii_digit()) {
                self.pos = start;
                return Err(InputError::new(start, what));
            }
        }
        let magnitude = match self.u64(what) {
            Ok(m) => m,
            Err(mut e) => {
                self.pos = start;
                e.offset = start;
                return Err(e);
            }
        };
        let limit = if negative { 1u64 << 63 } else { (1u64 << 63) - 1 };
        if magnitude > limit {
            self.pos = start;
            return Err(InputError::new(start, format!("{what} within the 64-bit signed range")));
        }
        Ok(if negative { (magnitude as i64).wrapping_neg() } else { magnitude as i64 })
    }

    /// Reads one whitespace-delimited token.
    pub fn word(&mut self, what: &'static str) -> Result<&'a [u8], InputError> {
        self.skip_space();
        let start = self.pos;
        if start >= self.buf.len() {
            return Err(InputError::new(start, what));
        }
        let mut i = start;
        while i < self.buf.len() && !is_space(self.buf[i]) {
            i += 1;
        }
        self.pos = i;
        Ok(&self.buf[start..i])
    }

    /// Succeeds only if nothing but whitespace is left.
    pub fn expect_eof(&mut self) -> Result<(), InputError> {
        if self.at_eof() { Ok(()) } else { Err(InputError::new(self.pos, "end of input")) }
    }

    /// The offset of the next token (after whitespace), without consuming it.
    #[inline]
    pub fn peek_start(&mut self) -> usize {
        self.skip_space();
        self.pos
    }
}

fn too_large(what: &'static str) -> Cow<'static, str> {
    Cow::Owned(format!("{what} below 2^64"))
}

/// "a pile size in 1..=100" style text for range errors.
pub fn range_text(what: &str, lo: u64, hi: u64) -> Cow<'static, str> {
    Cow::Owned(if hi == u64::MAX {
        format!("{what} of at least {lo}")
    } else if lo == 0 {
        format!("{what} of at most {hi}")
    } else {
        format!("{what} in {lo}..={hi}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_integers_across_all_whitespace() {
        let mut s = Scanner::new(b"\xEF\xBB\xBF 12\r\n\t+7\x0b\x0c18446744073709551615");
        assert_eq!(s.u64("a").unwrap(), 12);
        assert_eq!(s.u64("b").unwrap(), 7);
        assert_eq!(s.u64("c").unwrap(), u64::MAX);
        assert!(s.at_eof());
        assert!(s.expect_eof().is_ok());
    }

    #[test]
    fn rejects_overflow_and_junk_at_the_token_start() {
        let mut s = Scanner::new(b"1 18446744073709551616");
        s.u64("x").unwrap();
        let e = s.u64("x").unwrap_err();
        assert_eq!(e.offset, 2);
        let mut s = Scanner::new(b"  12a");
        assert_eq!(s.u64("x").unwrap_err().offset, 2);
        let mut s = Scanner::new(b"-5");
        assert!(s.u64("x").is_err());
        let mut s = Scanner::new(b"+");
        assert!(s.u64("x").is_err());
        let mut s = Scanner::new(b"00000000000000000000000000042");
        assert_eq!(s.u64("x").unwrap(), 42);
    }

    #[test]
    fn signed_extremes() {
        let mut s = Scanner::new(b"-9223372036854775808 9223372036854775807 9223372036854775808 -");
        assert_eq!(s.i64("v").unwrap(), i64::MIN);
        assert_eq!(s.i64("v").unwrap(), i64::MAX);
        assert!(s.i64("v").is_err());
        let mut s = Scanner::new(b"- 1");
        assert!(s.i64("v").is_err());
    }

    #[test]
    fn capacity_is_capped_by_the_input() {
        let s = Scanner::new(b"1 2 3");
        assert!(s.capacity_for(1 << 60, 1) <= 4);
        assert_eq!(s.capacity_for(2, 1), 2);
    }
}

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

/// True for the bytes that separate tokens (defined beside the error type, which quotes tokens).
pub use crate::error::is_space;

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
    ///
    /// The fast path takes a token of up to 20 digits followed by a whitespace byte, where eight
    /// bytes can be loaded at the token's start and after each full group of eight digits: each
    /// group's length and value come from one 8-byte load ([`leading_digits`],
    /// [`eight_digits`]), no digit is tested on its own, and only a 17- to 20-digit token needs
    /// an overflow check (in 128 bits; 16 digits are below 10^16). As everywhere, the position is left just after the
    /// token ([`Scanner::offset`] is its end). Everything else (a `+`, 21 or more digits, an overflow,
    /// the last bytes of the input, junk, an error) goes to [`Scanner::u64_slow`], which
    /// decides every case, error positions included, exactly as the definition says.
    #[inline]
    pub fn u64(&mut self, what: &'static str) -> Result<u64, InputError> {
        let buf = self.buf;
        let mut i = self.pos;
        while i < buf.len() && is_space(buf[i]) {
            i += 1;
        }
        self.pos = i;
        let Some(chunk) = load8(buf, i) else { return self.u64_slow(what) };
        let mask = non_digit_mask(chunk);
        if mask != 0 {
            // 0..=7 digits then a non-digit: the common short token.
            let d = mask.trailing_zeros() as usize / 8;
            if d == 0 || !is_space((chunk >> (8 * d)) as u8) {
                return self.u64_slow(what);
            }
            self.pos = i + d;
            return Ok(eight_digits(chunk << (64 - 8 * d)));
        }
        // Eight digits, then up to twelve more.
        let mut value = eight_digits(chunk);
        let mut j = i + 8;
        let Some(chunk) = load8(buf, j) else { return self.u64_slow(what) };
        let mask = non_digit_mask(chunk);
        if mask != 0 {
            let d = mask.trailing_zeros() as usize / 8;
            if !is_space((chunk >> (8 * d)) as u8) {
                return self.u64_slow(what);
            }
            if d > 0 {
                value = value * POW10[d] + eight_digits(chunk << (64 - 8 * d));
            }
            self.pos = j + d;
            return Ok(value);
        }
        value = value * 100_000_000 + eight_digits(chunk);
        j += 8;
        // Sixteen digits: up to four more, in 128 bits, so that 20 digits past 2^64 are seen.
        let Some(chunk) = load8(buf, j) else { return self.u64_slow(what) };
        let d = leading_digits(chunk);
        if d > 4 || !is_space((chunk >> (8 * d)) as u8) {
            return self.u64_slow(what);
        }
        let wide = if d == 0 {
            value as u128
        } else {
            value as u128 * POW10[d] as u128 + eight_digits(chunk << (64 - 8 * d)) as u128
        };
        let Ok(value) = u64::try_from(wide) else { return self.u64_slow(what) };
        self.pos = j + d;
        Ok(value)
    }

    /// [`Scanner::u64`] for every token, byte by byte where fewer than eight bytes remain, with
    /// overflow checks; the current position is at the token's first byte.
    #[cold]
    #[inline(never)]
    fn u64_slow(&mut self, what: &'static str) -> Result<u64, InputError> {
        self.skip_space();
        let start = self.pos;
        let buf = self.buf;
        let mut i = start;
        if i < buf.len() && buf[i] == b'+' {
            i += 1;
        }
        let digits_start = i;
        let mut value: u64 = 0;
        let mut overflow = false;
        loop {
            if let Some(chunk) = load8(buf, i) {
                let d = leading_digits(chunk);
                if d == 0 {
                    break;
                }
                let part = eight_digits(chunk << (8 * (8 - d)));
                match value.checked_mul(POW10[d]).and_then(|v| v.checked_add(part)) {
                    Some(v) => value = v,
                    None => overflow = true,
                }
                i += d;
                if d < 8 {
                    break;
                }
            } else {
                while i < buf.len() {
                    let d = buf[i].wrapping_sub(b'0');
                    if d > 9 {
                        break;
                    }
                    match value.checked_mul(10).and_then(|v| v.checked_add(d as u64)) {
                        Some(v) => value = v,
                        None => overflow = true,
                    }
                    i += 1;
                }
                break;
            }
        }
        if i == digits_start || (i < buf.len() && !is_space(buf[i])) {
            return Err(InputError::new(start, what));
        }
        if overflow {
            return Err(InputError::new(start, too_large(what)));
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

/// Powers of ten for 0..=8 digits.
const POW10: [u64; 9] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000];

/// How many of the 8 bytes of `chunk` (little-endian: the first byte in memory is the lowest),
/// counted from the first, are ASCII digits before the first non-digit: 0..=8.
///
/// Subtracting `'0'` from every byte leaves digits as 0..=9; a byte below `'0'` wraps to 0x80 or
/// more, and adding 0x76 pushes 10..=0x89 to 0x80 or more, so the top bit of `x | (x + 0x76..)`
/// marks the non-digits. Borrows and carries only travel towards later bytes, so they cannot
/// disturb the first non-digit or any byte before it.
#[inline(always)]
fn leading_digits(chunk: u64) -> usize {
    non_digit_mask(chunk).trailing_zeros() as usize / 8
}

/// The top bit of every byte of `chunk` that is not an ASCII digit, and of any byte after one
/// (see [`leading_digits`]): 0 exactly when all eight bytes are digits.
#[inline(always)]
fn non_digit_mask(chunk: u64) -> u64 {
    let x = chunk.wrapping_sub(0x3030_3030_3030_3030);
    let y = x.wrapping_add(0x7676_7676_7676_7676);
    (x | y) & 0x8080_8080_8080_8080
}

/// The eight bytes at `i`, little-endian, if there are eight.
#[inline(always)]
fn load8(buf: &[u8], i: usize) -> Option<u64> {
    let bytes: [u8; 8] = buf.get(i..i.checked_add(8)?)?.try_into().ok()?;
    Some(u64::from_le_bytes(bytes))
}

/// The value of 8 ASCII digits packed little-endian (first digit in the lowest byte; bytes that
/// are 0 count as leading zeros), by three multiply-shift steps that combine neighbouring digits
/// into pairs, quadruples and the whole (the method of simdjson's `parse_eight_digits_unrolled`).
#[inline(always)]
fn eight_digits(chunk: u64) -> u64 {
    let v = (chunk & 0x0F0F_0F0F_0F0F_0F0F).wrapping_mul(2561) >> 8;
    let v = (v & 0x00FF_00FF_00FF_00FF).wrapping_mul(6_553_601) >> 16;
    (v & 0x0000_FFFF_0000_FFFF).wrapping_mul(42_949_672_960_001) >> 32
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
    fn swar_helpers_agree_with_the_definition() {
        let mut rng = crate::rng::Rng::new(5);
        for _ in 0..100_000 {
            let mut bytes = [0u8; 8];
            let digits = rng.index(9);
            for (k, b) in bytes.iter_mut().enumerate() {
                *b = if k < digits { b'0' + rng.below(10) as u8 } else { rng.next_u64() as u8 };
            }
            let chunk = u64::from_le_bytes(bytes);
            let want = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            assert_eq!(leading_digits(chunk), want, "{bytes:?}");
            if want > 0 {
                let text = std::str::from_utf8(&bytes[..want]).unwrap();
                assert_eq!(eight_digits(chunk << (8 * (8 - want))), text.parse::<u64>().unwrap());
            }
        }
    }

    #[test]
    fn u64_agrees_with_str_parse_at_every_length_and_position() {
        let mut rng = crate::rng::Rng::new(6);
        for _ in 0..50_000 {
            let len = 1 + rng.index(24);
            let mut token: String =
                (0..len).map(|_| (b'0' + rng.below(10) as u8) as char).collect();
            if rng.chance(1, 4) {
                token = u64::MAX.to_string();
                if rng.chance(1, 2) {
                    token = "18446744073709551616".to_string();
                }
            }
            let junk = rng.chance(1, 5);
            let pad = rng.index(10);
            let text = format!(
                "{}{}{}{}",
                " ".repeat(pad),
                token,
                if junk { "x" } else { "" },
                if rng.chance(1, 2) { "\n" } else { "" }
            );
            let mut s = Scanner::new(text.as_bytes());
            let got = s.u64("n");
            match (junk, token.parse::<u64>()) {
                (false, Ok(v)) => assert_eq!(got.unwrap(), v, "{text:?}"),
                (false, Err(_)) => {
                    let e = got.unwrap_err();
                    assert_eq!(e.offset, pad);
                    assert!(e.expected.contains("below 2^64"));
                }
                (true, _) => assert_eq!(got.unwrap_err().offset, pad, "{text:?}"),
            }
        }
    }

    /// Streams of short tokens (1-4 digits, most judge inputs), some long ones, `+` signs and
    /// junk, separated by every kind of whitespace run, with or without a final separator:
    /// every value and every error offset as `str::parse` on the whitespace-split tokens says.
    #[test]
    fn u64_agrees_with_str_parse_on_streams_of_short_tokens() {
        let mut rng = crate::rng::Rng::new(7);
        let seps: [&[u8]; 7] = [b" ", b"\n", b"\r\n", b"\t", b"  ", b"\x0b", b"\x0c \n"];
        for _ in 0..20_000 {
            let mut text = Vec::new();
            let mut tokens = Vec::new();
            for _ in 0..1 + rng.index(12) {
                let len = if rng.chance(1, 8) { 5 + rng.index(20) } else { 1 + rng.index(4) };
                let mut token: Vec<u8> = (0..len).map(|_| b'0' + rng.below(10) as u8).collect();
                if rng.chance(1, 30) {
                    token.insert(0, b'+');
                }
                if rng.chance(1, 30) {
                    let at = rng.index(token.len() + 1);
                    token.insert(at, b"x-.+"[rng.index(4)]);
                }
                tokens.push((text.len(), token.clone()));
                text.extend_from_slice(&token);
                text.extend_from_slice(seps[rng.index(seps.len())]);
            }
            if rng.chance(1, 2) {
                while text.last().is_some_and(|&b| is_space(b)) {
                    text.pop();
                }
            }
            let mut s = Scanner::new(&text);
            for (offset, token) in &tokens {
                let want = std::str::from_utf8(token).unwrap().parse::<u64>();
                match (s.u64("n"), want) {
                    (Ok(got), Ok(v)) => assert_eq!(got, v, "{text:?}"),
                    (Err(e), Err(_)) => {
                        assert_eq!(e.offset, *offset, "{text:?}");
                        break;
                    }
                    (got, want) => panic!("{text:?}: got {got:?}, want {want:?}"),
                }
            }
        }
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

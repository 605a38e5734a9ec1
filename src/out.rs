//! The output buffer: every answer is appended here and written to stdout once, at the end
//! (or when an error stops the run, so the answers already found are never lost).
//!
//! Growth is fallible: when the buffer cannot grow (the output of a huge input under a memory
//! limit), nothing more is appended and [`Out::failed`] tells how many bytes were needed; the run
//! then ends with an allocation error instead of an abort (see [`crate::problem::run`]).

/// An append-only byte buffer with integer formatting by `itoa`.
#[derive(Default)]
pub struct Out {
    buf: Vec<u8>,
    /// The size the buffer could not grow to, once growth has failed.
    failed: Option<usize>,
}

impl Out {
    pub fn new() -> Self {
        Out { buf: Vec::with_capacity(1 << 16), failed: None }
    }

    /// Makes room for `extra` more bytes (doubling, or exactly when doubling is refused); false
    /// once growth has failed.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, extra: usize) -> bool {
        if self.failed.is_some() {
            return false;
        }
        let len = self.buf.len();
        if self.buf.try_reserve(extra.max(self.buf.capacity())).is_ok()
            || self.buf.try_reserve_exact(extra).is_ok()
        {
            return true;
        }
        self.failed = Some(len.saturating_add(extra));
        // No room left at all, so that every later append comes here and is dropped: the
        // answers stop at the failure, without a hole.
        self.buf.shrink_to_fit();
        false
    }

    #[inline]
    fn room(&mut self, extra: usize) -> bool {
        self.buf.capacity() - self.buf.len() >= extra || self.grow(extra)
    }

    /// Appends raw bytes.
    #[inline]
    pub fn bytes(&mut self, b: &[u8]) -> &mut Self {
        if self.room(b.len()) {
            self.buf.extend_from_slice(b);
        }
        self
    }

    /// Appends a string.
    #[inline]
    pub fn str(&mut self, s: &str) -> &mut Self {
        self.bytes(s.as_bytes())
    }

    /// Appends one byte.
    #[inline]
    pub fn byte(&mut self, b: u8) -> &mut Self {
        if self.room(1) {
            self.buf.push(b);
        }
        self
    }

    /// Appends a string and a newline.
    #[inline]
    pub fn line(&mut self, s: &str) -> &mut Self {
        self.str(s).byte(b'\n')
    }

    /// Appends `a` if `first`, else `b`, then a newline: the verdict line of most problems.
    /// Where both are shorter than 16 bytes, without a branch on `first` (a verdict can be as
    /// unpredictable as the input): both lines are padded to 16 bytes (constants when `a` and
    /// `b` are literals), the chosen block is appended whole and cut back to its line.
    #[inline(always)]
    pub fn line_either(&mut self, first: bool, a: &str, b: &str) -> &mut Self {
        if a.len() >= 16 || b.len() >= 16 {
            return self.line(if first { a } else { b });
        }
        let pad = |s: &str| {
            let mut block = [b'\n'; 16];
            block[..s.len()].copy_from_slice(s.as_bytes());
            u128::from_le_bytes(block)
        };
        let mask = (first as u128).wrapping_neg();
        let block = (pad(a) & mask) | (pad(b) & !mask);
        let len = 1 + (a.len() & mask as usize) + (b.len() & !mask as usize);
        let start = self.buf.len();
        self.buf.extend_from_slice(&block.to_le_bytes());
        self.buf.truncate(start + len);
        self
    }

    /// Appends an integer in decimal.
    #[inline]
    pub fn int<I: itoa::Integer>(&mut self, v: I) -> &mut Self {
        let mut b = itoa::Buffer::new();
        self.bytes(b.format(v).as_bytes())
    }

    /// Appends a newline.
    #[inline]
    pub fn nl(&mut self) -> &mut Self {
        self.byte(b'\n')
    }

    /// Reserves room for `n` more bytes (a refusal shows in [`Out::failed`]).
    pub fn reserve(&mut self, n: usize) {
        self.room(n);
    }

    /// Reserves room for `n` more bytes, or fails naming the answer buffer.
    pub fn try_reserve(&mut self, n: usize) -> Result<(), crate::error::AllocError> {
        if self.room(n) {
            Ok(())
        } else {
            Err(crate::error::AllocError {
                bytes: self.buf.len().saturating_add(n),
                what: "the answers",
            })
        }
    }

    /// The buffer size that could not be had, if growth has failed (the bytes written stop
    /// there).
    pub fn failed(&self) -> Option<usize> {
        self.failed
    }

    /// True if nothing has been written yet.
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// The bytes written so far.
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.buf
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_integers_and_lines() {
        let mut o = Out::new();
        o.int(0u64).byte(b' ').int(u64::MAX).nl().line("Yes");
        assert_eq!(o.as_bytes(), b"0 18446744073709551615\nYes\n");
        assert_eq!(o.failed(), None);
    }

    #[test]
    fn a_refused_growth_stops_appending_and_is_reported() {
        let mut o = Out::new();
        o.line("kept");
        assert!(o.try_reserve(usize::MAX / 2).is_err());
        assert_eq!(o.failed(), Some(5 + usize::MAX / 2));
        o.line("lost");
        assert_eq!(o.as_bytes(), b"kept\n");
    }

    #[test]
    fn line_either_writes_the_chosen_line() {
        let mut o = Out::new();
        o.line_either(true, "Nacci", "Fibo").line_either(false, "Nacci", "Fibo");
        o.line_either(false, "", "0123456789abcde").line_either(true, "0123456789abcdef", "x");
        o.line_either(true, "", "x");
        assert_eq!(o.as_bytes(), b"Nacci\nFibo\n0123456789abcde\n0123456789abcdef\n\n");
    }
}

//! The output buffer: every answer is appended here and written to stdout once, at the end
//! (or when an error stops the run, so the answers already found are never lost).

/// An append-only byte buffer with integer formatting by `itoa`.
#[derive(Default)]
pub struct Out {
    buf: Vec<u8>,
}

impl Out {
    pub fn new() -> Self {
        Out { buf: Vec::with_capacity(1 << 16) }
    }

    /// Appends raw bytes.
    #[inline]
    pub fn bytes(&mut self, b: &[u8]) -> &mut Self {
        self.buf.extend_from_slice(b);
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
        self.buf.push(b);
        self
    }

    /// Appends a string and a newline.
    #[inline]
    pub fn line(&mut self, s: &str) -> &mut Self {
        self.str(s).byte(b'\n')
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

    /// Reserves room for `n` more bytes.
    pub fn reserve(&mut self, n: usize) {
        self.buf.reserve(n);
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
    }
}

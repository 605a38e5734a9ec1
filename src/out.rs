//! The output buffer: every answer is appended here and written to stdout in one piece at the
//! end, or, for the command line, streamed in blocks of [`STREAM_BLOCK`] bytes as it fills (so a
//! large output never grows a large buffer: no page faults for it, no reallocation, and the
//! block stays in the cache). Either way the answers already found are written before an error
//! stops the run.
//!
//! Growth is fallible: when the buffer cannot grow (the output of a huge input under a memory
//! limit), nothing more is appended and [`Out::failed`] tells how many bytes were needed; the run
//! then ends with an allocation error instead of an abort (see [`crate::problem::run`]).
//! A streaming buffer does not grow past one block and an append, so it cannot fail that way; a
//! failed write to its sink is kept ([`Out::finish`]) and everything after it is dropped.

/// The block size of a streaming [`Out`]: a write system call per 64 KiB of answers.
pub const STREAM_BLOCK: usize = 1 << 16;

/// Where a streaming [`Out`] writes, and the first write error it met.
struct Sink {
    writer: Box<dyn std::io::Write>,
    error: Option<std::io::Error>,
}

/// An append-only byte buffer with integer formatting by `itoa`.
#[derive(Default)]
pub struct Out {
    buf: Vec<u8>,
    /// The size the buffer could not grow to, once growth has failed.
    failed: Option<usize>,
    /// Set for a streaming buffer.
    sink: Option<Sink>,
}

impl Out {
    pub fn new() -> Self {
        Out { buf: Vec::with_capacity(1 << 16), failed: None, sink: None }
    }

    /// A buffer that writes each full block of [`STREAM_BLOCK`] bytes to `writer`, and the rest
    /// at [`Out::finish`].
    pub fn streaming(writer: Box<dyn std::io::Write>) -> Self {
        Out {
            buf: Vec::with_capacity(STREAM_BLOCK),
            failed: None,
            sink: Some(Sink { writer, error: None }),
        }
    }

    /// Writes what a streaming buffer still holds and flushes its sink: the first write error
    /// met, if any. (A buffer that does not stream keeps its bytes: `Ok`.)
    pub fn finish(&mut self) -> std::io::Result<()> {
        self.drain();
        match self.sink.as_mut() {
            None => Ok(()),
            Some(sink) => match sink.error.take() {
                Some(e) => Err(e),
                None => sink.writer.flush(),
            },
        }
    }

    /// Has a streaming buffer's sink refused a write (its reader gone)? Everything appended
    /// from then on is dropped, so a writer of a long stream stops there.
    pub fn stalled(&self) -> bool {
        self.sink.as_ref().is_some_and(|s| s.error.is_some())
    }

    /// A streaming buffer's bytes go to its sink (or, after a write error, nowhere).
    fn drain(&mut self) {
        if let Some(sink) = self.sink.as_mut() {
            if sink.error.is_none() && !self.buf.is_empty() {
                sink.error = sink.writer.write_all(&self.buf).err();
            }
            self.buf.clear();
        }
    }

    /// Makes room for `extra` more bytes (doubling, or exactly when doubling is refused); false
    /// once growth has failed.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, extra: usize) -> bool {
        if self.failed.is_some() {
            return false;
        }
        if self.sink.is_some() {
            self.drain();
            if self.buf.capacity() >= extra {
                return true;
            }
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
        if !self.room(16) {
            return self;
        }
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

    /// Reserves room for `n` more bytes (a refusal shows in [`Out::failed`]); nothing for a
    /// streaming buffer, which never holds more than a block.
    pub fn reserve(&mut self, n: usize) {
        if self.sink.is_none() {
            self.room(n);
        }
    }

    /// Reserves room for `n` more bytes, or fails naming the answer buffer (always succeeds
    /// for a streaming buffer).
    pub fn try_reserve(&mut self, n: usize) -> Result<(), crate::error::AllocError> {
        if self.sink.is_some() || self.room(n) {
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

    /// True if nothing has been written yet (of a streaming buffer: nothing since its last
    /// block went out).
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// The bytes written so far (of a streaming buffer: those not yet sent to its sink).
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.buf
    }
}

/// An `Out` is a writer too (for serde_json): a write always takes every byte, as the other
/// appends do; a failure to grow shows in [`Out::failed`], a failed sink in [`Out::finish`].
impl std::io::Write for Out {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.bytes(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A sink that records what it receives, in writes, and fails after `fail_after` writes.
    #[derive(Clone)]
    struct Recorder {
        writes: Arc<Mutex<Vec<Vec<u8>>>>,
        fail_after: usize,
    }

    impl std::io::Write for Recorder {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let mut writes = self.writes.lock().unwrap();
            if writes.len() >= self.fail_after {
                return Err(std::io::Error::other("disk full"));
            }
            writes.push(buf.to_vec());
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_streaming_buffer_writes_blocks_in_order_and_keeps_the_first_error() {
        let mut expected = Out::new();
        for i in 0..100_000u64 {
            expected.int(i).line_either(i % 3 == 0, "Yes", "No");
        }
        let expected = expected.into_bytes();
        let sink = Recorder { writes: Arc::default(), fail_after: usize::MAX };
        let mut out = Out::streaming(Box::new(sink.clone()));
        for i in 0..100_000u64 {
            out.int(i).line_either(i % 3 == 0, "Yes", "No");
            assert!(out.as_bytes().len() <= STREAM_BLOCK);
        }
        out.reserve(1 << 40);
        assert!(out.try_reserve(1 << 40).is_ok());
        assert!(out.finish().is_ok());
        let writes = sink.writes.lock().unwrap();
        assert!(writes.len() > 10, "{} writes", writes.len());
        assert_eq!(writes.concat(), expected);
        // A failing sink: the error comes out of finish, nothing after it is written.
        let sink = Recorder { writes: Arc::default(), fail_after: 2 };
        let mut out = Out::streaming(Box::new(sink.clone()));
        for i in 0..100_000u64 {
            out.int(i).nl();
        }
        assert_eq!(out.finish().unwrap_err().to_string(), "disk full");
        assert_eq!(sink.writes.lock().unwrap().len(), 2);
    }

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

//! Input errors, and how they are shown to the user.
//!
//! A parser fails with an [`InputError`]: the byte offset of the offending token and what was
//! expected there. Nothing else is recorded on the hot path; [`InputError::render`] later turns
//! the offset into a line and column and quotes what was found, giving the one-line message
//! `games <problem>: line L, column C: expected <what>, found <what>`.
//!
//! The other way a run can fail is memory: an input within our limits may still ask for more
//! than the machine (or `ulimit -v`) grants. Allocations sized by input values go through
//! [`try_with_capacity`], [`try_reserve`] or, for work arrays that a theory module allocates
//! itself, a [`probe`] of their size first; a refusal is an [`AllocError`], carried by the
//! [`InputError`] that stops the solver and rendered as
//! `games <problem>: cannot allocate N bytes for <what>` (exit 1, earlier answers kept).

use std::borrow::Cow;
use std::fmt;

/// A fault in the input: where it is and what should have been there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// Byte offset of the token that is wrong (the input length when the input ended too early).
    pub offset: usize,
    /// What was expected, e.g. "pile size" or "end of input".
    pub expected: Cow<'static, str>,
    /// Set when the run stopped because memory could not be had, not because of a bad token.
    pub alloc: Option<AllocError>,
}

/// Memory the input asked for could not be had: how many bytes, for what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllocError {
    pub bytes: usize,
    /// What was being built, e.g. "the Grundy table".
    pub what: &'static str,
}

impl AllocError {
    /// The whole message, without the trailing newline.
    pub fn render(&self, problem: &str) -> String {
        format!("games {problem}: cannot allocate {} bytes for {}", self.bytes, self.what)
    }
}

impl fmt::Display for AllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot allocate {} bytes for {}", self.bytes, self.what)
    }
}

impl std::error::Error for AllocError {}

impl From<AllocError> for InputError {
    fn from(e: AllocError) -> Self {
        InputError { offset: 0, expected: Cow::Borrowed(""), alloc: Some(e) }
    }
}

/// An empty vector with room for `n` items, or the bytes it needed.
pub fn try_with_capacity<T>(n: usize, what: &'static str) -> Result<Vec<T>, AllocError> {
    let mut v = Vec::new();
    try_reserve(&mut v, n, what)?;
    Ok(v)
}

/// Room for `n` more items in `v`, or the bytes it needed.
pub fn try_reserve<T>(v: &mut Vec<T>, n: usize, what: &'static str) -> Result<(), AllocError> {
    v.try_reserve(n).map_err(|_| AllocError {
        bytes: v.len().saturating_add(n).saturating_mul(std::mem::size_of::<T>()),
        what,
    })
}

/// Checks that `bytes` bytes can be had now (allocated and given back at once), before code that
/// allocates that much infallibly (a theory module's work arrays) runs. Under overcommit this
/// costs an `mmap` and a `munmap`, not the memory itself.
pub fn probe(bytes: usize, what: &'static str) -> Result<(), AllocError> {
    let mut v: Vec<u8> = Vec::new();
    v.try_reserve_exact(bytes).map_err(|_| AllocError { bytes, what })
}

/// How [`escape`] treats line feeds and tabs: kept (a block of text shown as it is, a program's
/// output) or escaped (a quote inside one line of a message).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lines {
    Keep,
    Escape,
}

/// User bytes (a program's output, a line of a file, a token, an argument) made safe to print:
/// the one escaping function for every place that echoes them. Printable UTF-8 stays as it is;
/// a backslash becomes `\\`, `\r` and (with [`Lines::Escape`]) `\n` and `\t` are named, every
/// other control character (C0, DEL, C1) and the invisible format characters (byte-order mark,
/// bidirectional marks, zero-width spaces) become `\u001b`, as JSON writes them, and a byte
/// that is not UTF-8 becomes `\xff`. So nothing echoed can act on a terminal.
pub fn escape(bytes: &[u8], lines: Lines) -> String {
    let mut s = String::with_capacity(bytes.len().min(1 << 16) + 8);
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => s.push_str("\\\\"),
                '\n' | '\t' if lines == Lines::Keep => s.push(c),
                '\n' => s.push_str("\\n"),
                '\t' => s.push_str("\\t"),
                '\r' => s.push_str("\\r"),
                c if c.is_control() || invisible(c) => s.push_str(&format!("\\u{:04x}", c as u32)),
                c => s.push(c),
            }
        }
        for b in chunk.invalid() {
            s.push_str(&format!("\\x{b:02x}"));
        }
    }
    s
}

/// The most characters of user input one message echoes ([`excerpt`]).
pub const ECHOED: usize = 120;

/// User bytes echoed inside a one-line message (a bad line, a token, a program's reply): the
/// first [`ECHOED`] characters, [`escape`]d with [`Lines::Escape`], and where that is not all,
/// `...` and the whole length, `(10485760 bytes)`. The one bounded echo of every message: a
/// line of 10 MB is never written back whole, and only its start is escaped.
pub fn excerpt(bytes: &[u8]) -> String {
    let mut cut = 0;
    for _ in 0..ECHOED {
        if cut == bytes.len() {
            break;
        }
        // A character: its first byte and, after a lead byte, at most three continuation
        // bytes (a stray byte that is not UTF-8 counts as one character).
        let end = if bytes[cut] >= 0xC0 { bytes.len().min(cut + 4) } else { cut + 1 };
        cut += 1 + bytes[cut + 1..end].iter().take_while(|&&b| b & 0xC0 == 0x80).count();
    }
    let mut s = escape(&bytes[..cut], Lines::Escape);
    if cut < bytes.len() {
        s.push_str(&format!("... ({} bytes)", bytes.len()));
    }
    s
}

/// Format characters that change how the text around them looks without showing themselves.
fn invisible(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{206f}' | '\u{feff}' | '\u{fff9}'..='\u{fffb}')
}

/// A line and column, both 1-based; the column counts characters, not bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    pub line: usize,
    pub column: usize,
}

impl InputError {
    pub fn new(offset: usize, expected: impl Into<Cow<'static, str>>) -> Self {
        InputError { offset, expected: expected.into(), alloc: None }
    }

    /// Line and column of the error in `input`.
    pub fn locate(&self, input: &[u8]) -> Location {
        let offset = self.offset.min(input.len());
        let before = &input[..offset];
        let line = 1 + memchr::memchr_iter(b'\n', before).count();
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
        let mut text = &before[line_start..];
        if line_start == 0 && text.starts_with(b"\xEF\xBB\xBF") {
            text = &text[3..];
        }
        // Count characters: every byte that does not continue a UTF-8 sequence.
        let column = 1 + text.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        Location { line, column }
    }

    /// A description of what stands at the error's offset: the token, quoted, or "end of input".
    pub fn found(&self, input: &[u8]) -> String {
        let rest = input.get(self.offset..).unwrap_or(&[]);
        let end = rest.iter().position(|&b| is_space(b)).unwrap_or(rest.len());
        if end == 0 {
            return "end of input".to_string();
        }
        const SHOWN: usize = 24;
        let token = &rest[..end.min(SHOWN)];
        let mut text = format!("\"{}", escape(token, Lines::Escape));
        if end > SHOWN {
            text.push_str("...");
        }
        text.push('"');
        text
    }

    /// The whole message, without the trailing newline.
    pub fn render(&self, problem: &str, input: &[u8]) -> String {
        if let Some(alloc) = &self.alloc {
            return alloc.render(problem);
        }
        let Location { line, column } = self.locate(input);
        format!(
            "games {problem}: line {line}, column {column}: expected {}, found {}",
            self.expected,
            self.found(input)
        )
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.alloc {
            Some(alloc) => alloc.fmt(f),
            None => write!(f, "at byte {}: expected {}", self.offset, self.expected),
        }
    }
}

impl std::error::Error for InputError {}

/// True for the bytes that separate tokens: ASCII space, tab, line feed, vertical tab, form
/// feed and carriage return.
#[inline(always)]
pub fn is_space(b: u8) -> bool {
    // ' ' (32), '\t' (9), '\n' (10), '\x0b' (11), '\x0c' (12), '\r' (13)
    b == b' ' || (b'\t'..=b'\r').contains(&b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpt_is_bounded_and_says_the_length() {
        assert_eq!(excerpt(b"3 x\x1b[2J"), "3 x\\u001b[2J");
        let long = vec![b'7'; 10 << 20];
        let e = excerpt(&long);
        assert_eq!(e, format!("{}... (10485760 bytes)", "7".repeat(ECHOED)));
        // Characters, not bytes: 120 two-byte letters are echoed whole.
        let greek = "\u{3b1}".repeat(ECHOED);
        assert_eq!(excerpt(greek.as_bytes()), greek);
        let more = "\u{3b1}".repeat(ECHOED + 1);
        assert!(excerpt(more.as_bytes()).ends_with("... (242 bytes)"));
        // Continuation bytes without a first byte are not one long character.
        assert!(excerpt(&[0x80; 1000]).len() < 1000);
    }

    #[test]
    fn locates_lines_and_columns() {
        let input = b"\xEF\xBB\xBF3\r\n1 2 x\n";
        let e = InputError::new(10, "pile size");
        assert_eq!(e.locate(input), Location { line: 2, column: 5 });
        assert_eq!(
            e.render("nim", input),
            "games nim: line 2, column 5: expected pile size, found \"x\""
        );
        let e = InputError::new(input.len(), "pile size");
        assert_eq!(e.found(input), "end of input");
        assert_eq!(e.locate(input), Location { line: 3, column: 1 });
    }

    #[test]
    fn allocation_failures_name_the_bytes_and_what() {
        let e = probe(usize::MAX, "the Grundy table").unwrap_err();
        assert_eq!(e, AllocError { bytes: usize::MAX, what: "the Grundy table" });
        let e = InputError::from(e);
        assert_eq!(
            e.render("set-nim", b"1 2 3"),
            format!("games set-nim: cannot allocate {} bytes for the Grundy table", usize::MAX)
        );
        let e = try_with_capacity::<u32>(usize::MAX / 2, "the tree").unwrap_err();
        assert_eq!(e.bytes, usize::MAX);
        assert!(try_with_capacity::<u32>(10, "the tree").unwrap().capacity() >= 10);
        probe(1 << 20, "a small table").unwrap();
    }
}

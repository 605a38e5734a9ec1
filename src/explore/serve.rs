//! `games explore ... --serve`: a perfect player on standard input and output. The table (or
//! the built-in rule) is computed once and kept; then each request line is answered with one
//! line, flushed at once, so that an interactor can talk to it through pipes:
//! - `POSITION` → the best move from it (the option as text), or `none` when it has no move;
//! - `POSITION ?` → its value (outcome and remoteness, or the score value).
//!
//! A blank line is skipped; a position that was not computed is answered `unknown` (and said
//! on standard error once per line). This module only reads and writes: what a best move or a
//! value is belongs to the caller's [`Oracle`].

use std::io::{BufRead, Write};

/// What the server knows.
pub trait Oracle {
    /// The best move from the position written `text`: `Ok(Some(option))`, `Ok(None)` when it
    /// has no move, `Err(why)` when the position is not known.
    fn best(&self, text: &str) -> Result<Option<String>, String>;
    /// The value of the position written `text`, or why not.
    fn value(&self, text: &str) -> Result<String, String>;
}

/// Answers every request of `input` on `output` until the end of `input` (see the module
/// documentation). Returns the number of requests answered.
pub fn serve(
    oracle: &dyn Oracle,
    input: impl BufRead,
    mut output: impl Write,
    mut note: impl FnMut(&str),
) -> std::io::Result<u64> {
    let mut answered = 0u64;
    for line in input.split(b'\n') {
        let line = line?;
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        let reply = match text.strip_suffix('?') {
            Some(pos) => oracle.value(pos.trim()),
            None => oracle.best(text).map(|m| m.unwrap_or_else(|| "none".to_string())),
        };
        let reply = reply.unwrap_or_else(|why| {
            note(&format!("serve: '{}': {why}", super::program::excerpt(text.as_bytes())));
            "unknown".to_string()
        });
        output.write_all(reply.as_bytes())?;
        output.write_all(b"\n")?;
        output.flush()?;
        answered += 1;
    }
    Ok(answered)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Halve;
    impl Oracle for Halve {
        fn best(&self, text: &str) -> Result<Option<String>, String> {
            let n: u64 = text.parse().map_err(|_| "not a number".to_string())?;
            Ok((n > 0).then(|| (n / 2).to_string()))
        }
        fn value(&self, text: &str) -> Result<String, String> {
            Ok(format!("v{text}"))
        }
    }

    #[test]
    fn one_line_per_request() {
        let mut out = Vec::new();
        let mut notes = Vec::new();
        let n =
            serve(&Halve, &b"8\n\n0\r\n 5 ?\nx\n7"[..], &mut out, |s| notes.push(s.to_string()))
                .unwrap();
        assert_eq!(n, 5);
        assert_eq!(String::from_utf8(out).unwrap(), "4\nnone\nv5\nunknown\n3\n");
        assert_eq!(notes.len(), 1);
    }
}

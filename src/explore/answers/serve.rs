//! `games explore ... --serve`: a perfect player on standard input and output. The table (or
//! the built-in rule) is computed once and kept; then each request line is answered with one
//! line, flushed at once, so that an interactor can talk to it through pipes:
//! - `POSITION` → the best move from it (the option as text), or `none` when it has no move;
//! - `POSITION ?` → its value in the kind played: the outcome and remoteness (`N 5`, `P 4`,
//!   `D`) of an impartial game, which is played win fast, lose slow (so plain `--serve` is the
//!   remoteness player, not a Grundy-value one), or the score value.
//!
//! A blank line is skipped; a position the caller cannot answer (not computed, and no pattern
//! the game's rule confirms there, see [`crate::explore::far::Found::far_move`]) is answered `unknown`
//! (and said on standard error once per line). What a best move or a value is belongs to the caller's
//! [`Oracle`]; [`Written`] gives the move as the moves program wrote it: the position's
//! options are asked again and the option found best is written byte for byte as it came
//! (only the blanks around the separators `;` and `@` taken off), leading zeros and inner
//! spacing kept.

use crate::explore::program::{Program, ProtocolError, Runner, Sink};
use crate::explore::space::MAX_ARITY;
use std::cell::RefCell;
use std::io::{BufRead, Write};

/// Takes one whole reply line, unparsed.
struct RawLine(Option<Vec<u8>>);

impl Sink for RawLine {
    fn part(&mut self, _p: Option<&[u64]>, _first: bool) -> Result<(), ProtocolError> {
        Ok(())
    }
    fn end(&mut self) -> Result<(), ProtocolError> {
        Ok(())
    }
    fn line(&mut self, _program: &Program, line: &[u8]) -> Option<Result<(), String>> {
        self.0 = Some(line.to_vec());
        Some(Ok(()))
    }
}

/// The one position of an option's text (`None`: `()`).
struct OnePart(Vec<Option<Vec<u64>>>);

impl Sink for OnePart {
    fn part(&mut self, p: Option<&[u64]>, _first: bool) -> Result<(), ProtocolError> {
        self.0.push(p.map(<[u64]>::to_vec));
        Ok(())
    }
    fn end(&mut self) -> Result<(), ProtocolError> {
        Ok(())
    }
}

/// The moves program's own text of options, asked again at each request (one start of the
/// program a request, or one `--stream` session for the whole run).
pub struct Written<'a> {
    program: &'a Program,
    runner: RefCell<Runner<'a>>,
    /// Options are written `OPTION @ GAIN` (`--score`).
    scored: bool,
}

impl<'a> Written<'a> {
    /// The texts of `program` (`scored`: a `--score` program).
    pub fn new(program: &'a Program, scored: bool) -> Self {
        Written { program, runner: RefCell::new(Runner::new(program)), scored }
    }

    /// The text of the option of `p` that is the position `want` (`None`: `()`), as the
    /// program writes it now; `None` when it could not be had (the caller then writes the
    /// position its own way).
    pub fn text(&self, p: &[u64], want: Option<&[u64]>) -> Option<String> {
        let k = self.program.arity;
        let mut raw = RawLine(None);
        let mut runner = self.runner.try_borrow_mut().ok()?;
        runner.ask(&p[..k], &mut raw).ok()?.ok()?;
        let line = raw.0?;
        let line = line.strip_suffix(b"\r").unwrap_or(&line);
        let plain = Program { multiset: false, ..self.program.clone() };
        for option in line.split(|&b| b == b';') {
            let text = match self.scored {
                true => &option[..option.iter().position(|&b| b == b'@')?],
                false => option,
            };
            let mut one = OnePart(Vec::new());
            if plain.parse_options(text, &mut one).is_err() || one.0.len() != 1 {
                continue;
            }
            let got = one.0.pop().flatten();
            let same = match (&got, want) {
                (None, None) => true,
                (Some(g), Some(w)) => g[..k.min(MAX_ARITY)] == w[..k],
                _ => false,
            };
            if same {
                let t = text.trim_ascii();
                return Some(String::from_utf8_lossy(t).into_owned());
            }
        }
        None
    }
}

/// What the server knows.
pub trait Oracle {
    /// The best move from the position written `text`: `Ok(Some(option))`, `Ok(None)` when it
    /// has no move, `Err(why)` when the position is not known.
    fn best(&self, text: &str) -> Result<Option<String>, String>;
    /// The value of the position written `text`, or why not.
    fn value(&self, text: &str) -> Result<String, String>;
}

/// The longest request line read: a longer one is answered `unknown` (said on standard error
/// with its length) and skipped without being kept, so that no line can exhaust the memory.
pub const MAX_REQUEST: usize = 1 << 16;

/// The next request line of `input` into `line` (without its line feed): `Ok(None)` at the end
/// of input, `Ok(Some(n))` with the line's whole length `n` (only the first [`MAX_REQUEST`] + 1
/// bytes kept when it is longer).
fn next_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<Option<usize>> {
    line.clear();
    let mut total = 0usize;
    loop {
        let buf = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok((total > 0).then_some(total));
        }
        let (take, end) = match memchr::memchr(b'\n', buf) {
            Some(i) => (i, true),
            None => (buf.len(), false),
        };
        let room = (MAX_REQUEST + 1).saturating_sub(line.len());
        line.extend_from_slice(&buf[..take.min(room)]);
        total = total.saturating_add(take);
        input.consume(take + usize::from(end));
        if end {
            return Ok(Some(total));
        }
    }
}

/// Answers every request of `input` on `output` until the end of `input` (see the module
/// documentation). Returns the number of requests answered.
pub fn serve(
    oracle: &dyn Oracle,
    mut input: impl BufRead,
    mut output: impl Write,
    mut note: impl FnMut(&str),
) -> std::io::Result<u64> {
    let mut answered = 0u64;
    let mut line = Vec::new();
    while let Some(length) = next_line(&mut input, &mut line)? {
        let reply = if length > MAX_REQUEST {
            let head = crate::error::excerpt(&line);
            note(&format!(
                "serve: a request of {length} bytes, more than {MAX_REQUEST} ('{head}'): unknown"
            ));
            "unknown".to_string()
        } else {
            let text = String::from_utf8_lossy(&line);
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            let reply = match text.strip_suffix('?') {
                Some(pos) => oracle.value(pos.trim()),
                None => oracle.best(text).map(|m| m.unwrap_or_else(|| "none".to_string())),
            };
            reply.unwrap_or_else(|why| {
                note(&format!("serve: '{}': {why}", crate::error::excerpt(text.as_bytes())));
                "unknown".to_string()
            })
        };
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

    #[test]
    fn a_long_request_is_skipped_unkept() {
        let mut input = b"8\n".to_vec();
        input.extend(std::iter::repeat_n(b'9', 3 * MAX_REQUEST));
        input.extend_from_slice(b"\n6\n");
        let (mut out, mut notes) = (Vec::new(), Vec::new());
        let n = serve(&Halve, &input[..], &mut out, |s| notes.push(s.to_string())).unwrap();
        assert_eq!(n, 3);
        assert_eq!(String::from_utf8(out).unwrap(), "4\nunknown\n3\n");
        assert_eq!(notes.len(), 1);
        assert!(notes[0].contains(&format!("a request of {} bytes", 3 * MAX_REQUEST)));
        assert!(notes[0].len() < 400, "{}", notes[0]);
    }
}

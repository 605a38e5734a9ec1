//! The moves program: the user's own code, in any language, that lists a position's options.
//!
//! Protocol. The program reads positions from standard input, one per line, each `k` integers
//! separated by single spaces (`k`, the arity, is the same for the whole run). For each input
//! line, in order, it writes one line: the position's options separated by `;`, an empty line
//! when there is none. An option may be a sum of independent positions joined by `+`
//! (`2 3 + 4 1`); its value is the XOR of its parts'. The program may be started several times,
//! each time reading one batch to the end of its input. It is run by [`crate::harness::process`] (its
//! own process group, a deadline, an output cap, signals forwarded, escaped children swept).
//!
//! Parsing is lenient only about blanks (around `;` and `+`, at the ends of a line, a final
//! `\r`); anything else that breaks the protocol is one [`ProtocolError`] naming the position
//! that was asked and the line that came back.

use super::space::{Coords, MAX_ARITY, MAX_COORD, format_position};
use crate::harness::process::{self, Limits, Outcome};
use std::time::Duration;

/// The most positions sent to one start of the program.
pub const BATCH: usize = 1 << 16;

/// How the program is run.
#[derive(Debug, Clone)]
pub struct Program {
    /// The command, run through `sh -c`.
    pub cmd: String,
    /// Coordinates per position.
    pub arity: usize,
    /// The deadline of one batch.
    pub timeout: Duration,
    /// The most bytes one batch may print.
    pub output_cap: usize,
}

/// A reply that breaks the protocol, or a program that did not run to the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtocolError(pub String);

impl std::fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Receives the options of the positions of one batch, in order: `option` for each part of an
/// option (`first` on its first part), `end` after each position's line.
pub trait Sink {
    /// One part of an option of the current position.
    fn part(&mut self, p: &Coords, first: bool) -> Result<(), ProtocolError>;
    /// The current position's line is complete.
    fn end(&mut self) -> Result<(), ProtocolError>;
}

/// Shortens a reply line for a message.
fn excerpt(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(&line[..line.len().min(120)]).into_owned();
    if line.len() > 120 { format!("{text}...") } else { text }
}

impl Program {
    /// Runs the program on `batch` and hands every option to `sink`. `Err(Interrupted)` from
    /// [`process::run_command`] is passed on as an I/O error; protocol faults and crashes are
    /// [`ProtocolError`]s.
    pub fn ask(
        &self,
        batch: &[Coords],
        sink: &mut impl Sink,
    ) -> Result<Result<(), ProtocolError>, std::io::Error> {
        let mut input = Vec::with_capacity(batch.len() * (self.arity * 4 + 1));
        for p in batch {
            for (i, x) in p[..self.arity].iter().enumerate() {
                if i > 0 {
                    input.push(b' ');
                }
                input.extend_from_slice(itoa::Buffer::new().format(*x).as_bytes());
            }
            input.push(b'\n');
        }
        // Generous for any honest reply (64 KiB a position on top of 16 MiB), small enough that
        // an endless printer is stopped at once.
        let cap = self.output_cap.min((16 << 20) + batch.len().saturating_mul(64 << 10));
        let limits = Limits { timeout: self.timeout, output_cap: cap };
        let run = process::run_command(&self.cmd, &input, limits)?;
        let first = format_position(&batch[0], self.arity);
        let stdout = match run.outcome {
            Outcome::Finished { stdout, .. } => stdout,
            Outcome::Crashed { status, stderr, .. } => {
                let code = if status.contains("127") { " (command not found?)" } else { "" };
                let err = String::from_utf8_lossy(&stderr);
                let last = err.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
                let said = if last.is_empty() {
                    String::new()
                } else {
                    format!("; its last words: {}", last.trim())
                };
                return Ok(Err(ProtocolError(format!(
                    "the moves program failed ({status}){code} on a batch of {} positions starting at '{first}'{said}",
                    batch.len()
                ))));
            }
            Outcome::TimedOut => {
                return Ok(Err(ProtocolError(format!(
                    "the moves program did not finish within {} s on a batch of {} positions starting at '{first}' (--timeout)",
                    self.timeout.as_secs_f64(),
                    batch.len()
                ))));
            }
            Outcome::TooLong { stream, cap, .. } => {
                return Ok(Err(ProtocolError(format!(
                    "the moves program wrote more than {cap} bytes on {stream} for a batch of {} positions starting at '{first}'",
                    batch.len()
                ))));
            }
        };
        Ok(self.parse(&stdout, batch, sink))
    }

    /// Reads a batch's reply (see the module documentation).
    pub fn parse(
        &self,
        stdout: &[u8],
        batch: &[Coords],
        sink: &mut impl Sink,
    ) -> Result<(), ProtocolError> {
        let mut rest = stdout;
        for (i, asked) in batch.iter().enumerate() {
            if rest.is_empty() {
                return Err(ProtocolError(format!(
                    "the moves program printed {i} lines for {} positions: no line for position '{}'",
                    batch.len(),
                    format_position(asked, self.arity)
                )));
            }
            let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            let line = &rest[..end];
            rest = rest.get(end + 1..).unwrap_or(&[]);
            self.parse_line(line, sink).map_err(|why| {
                ProtocolError(format!(
                    "the moves program's reply to position '{}' is '{}': {why}",
                    format_position(asked, self.arity),
                    excerpt(line)
                ))
            })?;
            sink.end()?;
        }
        if rest.iter().any(|b| !b.is_ascii_whitespace()) {
            let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            return Err(ProtocolError(format!(
                "the moves program printed more lines than the {} positions it was given; the first extra line is '{}'",
                batch.len(),
                excerpt(&rest[..end])
            )));
        }
        Ok(())
    }

    /// One reply line: options separated by `;`, parts by `+`.
    fn parse_line(&self, line: &[u8], sink: &mut impl Sink) -> Result<(), String> {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.iter().all(|b| *b == b' ' || *b == b'\t') {
            return Ok(());
        }
        for option in line.split(|&b| b == b';') {
            for (j, part) in option.split(|&b| b == b'+').enumerate() {
                let p = self.parse_part(part)?;
                sink.part(&p, j == 0).map_err(|e| e.0)?;
            }
        }
        Ok(())
    }

    /// One position: exactly `arity` integers.
    fn parse_part(&self, part: &[u8]) -> Result<Coords, String> {
        let mut p = [0u64; MAX_ARITY];
        let mut k = 0;
        for token in part.split(|&b| b == b' ' || b == b'\t').filter(|t| !t.is_empty()) {
            if k == self.arity {
                return Err(format!(
                    "'{}' has more than {} coordinates",
                    excerpt(part).trim(),
                    self.arity
                ));
            }
            p[k] = parse_coord(token).ok_or_else(|| {
                format!("'{}' is not a whole number from 0 to 2^63 - 1", excerpt(token))
            })?;
            k += 1;
        }
        if k == 0 {
            return Err("an empty option (two separators in a row, or one at an end)".to_string());
        }
        if k < self.arity {
            return Err(format!(
                "'{}' has {k} coordinates, not {}",
                excerpt(part).trim(),
                self.arity
            ));
        }
        Ok(p)
    }
}

/// A coordinate: decimal digits (an optional `+`), at most 2^63 - 1.
fn parse_coord(t: &[u8]) -> Option<u64> {
    let t = t.strip_prefix(b"+").unwrap_or(t);
    if t.is_empty() || t.len() > 19 || !t.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let v = t.iter().fold(0u64, |v, &d| v * 10 + (d - b'0') as u64);
    (v <= MAX_COORD).then_some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Collect(Vec<Vec<Vec<u64>>>, Vec<Vec<u64>>);
    impl Sink for Collect {
        fn part(&mut self, p: &Coords, first: bool) -> Result<(), ProtocolError> {
            if first {
                self.1.push(Vec::new());
            }
            let last = self.1.len() - 1;
            self.1[last].extend_from_slice(&p[..2]);
            Ok(())
        }
        fn end(&mut self) -> Result<(), ProtocolError> {
            self.0.push(std::mem::take(&mut self.1));
            Ok(())
        }
    }

    fn program() -> Program {
        Program {
            cmd: String::new(),
            arity: 2,
            timeout: Duration::from_secs(1),
            output_cap: 1 << 20,
        }
    }

    #[test]
    fn replies_are_read_and_faults_named() {
        let batch = [[3, 5, 0, 0], [0, 0, 0, 0]];
        let mut c = Collect::default();
        program().parse(b"2 5;3 4 + 1 1\r\n\n", &batch, &mut c).unwrap();
        assert_eq!(c.0, vec![vec![vec![2, 5], vec![3, 4, 1, 1]], vec![]]);
        let e = program().parse(b"2 5;3\n\n", &batch, &mut Collect::default()).unwrap_err();
        assert!(e.0.contains("position '3 5'") && e.0.contains("1 coordinates"), "{e}");
        let e = program().parse(b"2 x\n\n", &batch, &mut Collect::default()).unwrap_err();
        assert!(e.0.contains("'x' is not a whole number"), "{e}");
        let e = program().parse(b"2 -1\n\n", &batch, &mut Collect::default()).unwrap_err();
        assert!(e.0.contains("'-1'"), "{e}");
        let e = program().parse(b"1 1\n", &batch, &mut Collect::default()).unwrap_err();
        assert!(e.0.contains("no line for position '0 0'"), "{e}");
        let e = program().parse(b"1 1\n\n7 7\n", &batch, &mut Collect::default()).unwrap_err();
        assert!(e.0.contains("first extra line is '7 7'"), "{e}");
        let e = program().parse(b"1 1;;2 2\n\n", &batch, &mut Collect::default()).unwrap_err();
        assert!(e.0.contains("empty option"), "{e}");
        let e = program().parse(b"1 1 1\n\n", &batch, &mut Collect::default()).unwrap_err();
        assert!(e.0.contains("more than 2"), "{e}");
    }
}

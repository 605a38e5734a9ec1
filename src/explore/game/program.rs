//! The moves program: the user's own code, in any language, that lists a position's options.
//!
//! Protocol. The program reads positions from standard input, one per line, each `k` integers
//! separated by single spaces (`k`, the arity, is the same for the whole run; with `--multiset`
//! the line lists a position's nonzero heaps in nondecreasing order, any number of them up to
//! 16). For each input line, in order, it writes one line: the position's options separated by
//! `;`, an empty line when there is none. An option may be a sum of independent positions joined
//! by `+` (`2 3 + 4 1`); its value is the XOR of its parts'. `()` is the empty game (the move
//! that leaves nothing, value 0). Numbers may have leading zeros.
//!
//! Two ways to run it. By default ([`Runner`] without a session) the program is started once per
//! batch and reads the batch to the end of its input; with `--stream` it is started once and
//! fed batch after batch, and it must flush each reply line; the positions its replies lead to
//! are appended to the batch as they come ([`Sink::more`]). Either way its replies are parsed
//! as they arrive ([`Replies`]), so memory follows the positions asked, never the volume of
//! text; the output of a batch is capped in proportion to the positions in it. Processes are run
//! by [`crate::process`] (own process group, deadline, signals forwarded, escaped children swept).
//!
//! Parsing is lenient only about blanks (around `;` and `+`, at the ends of a line, a final
//! `\r`); anything else is one [`ProtocolError`] naming the position asked and the line that came
//! back, its control bytes escaped.

use crate::explore::space::{MAX_ARITY, MAX_COORD};
use crate::explore::text::TextPositions;
use crate::harness::process::{self, Exchange, Flow, Limits, Outcome, Session};
use std::sync::Arc;
use std::time::Duration;

/// The most positions sent to one batch.
pub const BATCH: usize = 1 << 20;
/// The most bytes of positions sent to one batch.
pub const BATCH_BYTES: usize = 32 << 20;
/// Output allowed per position asked, on top of [`OUTPUT_BASE`].
pub const OUTPUT_PER_POSITION: usize = 64 << 10;
/// Output allowed for any batch.
pub const OUTPUT_BASE: usize = 16 << 20;

/// How the program is run.
#[derive(Debug, Clone)]
pub struct Program {
    /// The command, run through `sh -c`.
    pub cmd: String,
    /// Coordinates per position (heaps in the box with `--multiset`).
    pub arity: usize,
    /// The deadline of one batch.
    pub timeout: Duration,
    /// The most bytes any batch may print.
    pub output_cap: usize,
    /// Positions are multisets of heaps (sorted, zeros dropped).
    pub multiset: bool,
    /// One long-lived process (`--stream`).
    pub stream: bool,
    /// `--from`: positions are text, numbered here ([`TextPositions`]); the arity is 1.
    pub text: Option<Arc<TextPositions>>,
}

/// A reply that breaks the protocol, or a program that did not run to the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProtocolError(pub String);

impl std::fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Receives the options of the positions of one batch, in order.
pub trait Sink {
    /// One part of an option of the current position (`None`: the empty game `()`); `first` on
    /// an option's first part.
    fn part(&mut self, p: Option<&[u64]>, first: bool) -> Result<(), ProtocolError>;
    /// The current position's line is complete.
    fn end(&mut self) -> Result<(), ProtocolError>;
    /// With `--stream`, after each chunk of replies: positions to ask in the same exchange
    /// (flat, appended to `out`), so that the program never waits for a layer to end.
    fn more(&mut self, _out: &mut Vec<u64>) -> Result<(), ProtocolError> {
        Ok(())
    }
    /// A sink that reads a whole reply line itself (the partizan `LEFT | RIGHT` lines, each
    /// side read with [`Program::parse_options`]) returns `Some`; `None` (the default) leaves
    /// the line to [`Program`]'s own reading of options.
    fn line(&mut self, _program: &Program, _line: &[u8]) -> Option<Result<(), String>> {
        None
    }
    /// `--score` ([`crate::explore::score`]): read every option as `OPTION @ GAIN` and a line `= GAIN`
    /// as a final gain. Off for every other sink, so `@` and `=` mean nothing elsewhere.
    fn scores(&self) -> bool {
        false
    }
    /// `--score`: the gain written after the current option's `@`, or (`terminal`) after a
    /// line's `=`, trimmed.
    fn gain(&mut self, _text: &[u8], _terminal: bool) -> Result<(), ProtocolError> {
        Ok(())
    }
}

/// Text from a program, shortened and escaped: [`crate::error::excerpt`], the one bounded echo.
pub fn excerpt(line: &[u8]) -> String {
    crate::error::excerpt(line)
}

impl Program {
    /// Coordinates stored per position: the arity, or 16 heaps for multisets.
    pub fn width(&self) -> usize {
        if self.multiset { MAX_ARITY } else { self.arity }
    }

    /// The output cap of a batch of `n` positions.
    pub fn batch_cap(&self, n: usize) -> usize {
        self.output_cap.min(OUTPUT_BASE.saturating_add(n.saturating_mul(OUTPUT_PER_POSITION)))
    }

    /// Appends a position as the program reads it (multisets: the nonzero heaps).
    pub fn write_position(&self, p: &[u64], out: &mut Vec<u8>) {
        if let Some(text) = &self.text {
            return text.write(p[0], out);
        }
        let mut first = true;
        for &x in p {
            if self.multiset && x == 0 {
                continue;
            }
            if !first {
                out.push(b' ');
            }
            first = false;
            out.extend_from_slice(itoa::Buffer::new().format(x).as_bytes());
        }
    }

    /// A position as text for messages (`()` for an empty multiset).
    pub fn show(&self, p: &[u64]) -> String {
        let mut v = Vec::new();
        self.write_position(p, &mut v);
        if v.is_empty() { "()".to_string() } else { String::from_utf8_lossy(&v).into_owned() }
    }

    /// Options separated by `;`, parts by `+` (a whole reply line, or one side of a partizan
    /// line), each part handed to `sink`.
    pub fn parse_options(&self, line: &[u8], sink: &mut impl Sink) -> Result<(), String> {
        self.parse_line(line, sink)
    }

    /// One reply line: options separated by `;`, parts by `+`.
    fn parse_line(&self, line: &[u8], sink: &mut impl Sink) -> Result<(), String> {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.iter().all(|b| *b == b' ' || *b == b'\t') {
            return Ok(());
        }
        if sink.scores() {
            return self.parse_scored(line, sink);
        }
        if self.text.is_some() {
            return self.parse_text_line(line, sink);
        }
        let mut p = [0u64; MAX_ARITY];
        let w = self.width();
        let (mut from, mut first) = (0, true);
        loop {
            let (nonempty, end) = match self.scan_part(line, from, &mut p) {
                Some(found) => found,
                None => {
                    let end = line[from..]
                        .iter()
                        .position(|&b| b == b';' || b == b'+')
                        .map_or(line.len(), |e| from + e);
                    (self.parse_part_full(&line[from..end], &mut p)?, end)
                }
            };
            sink.part(nonempty.then_some(&p[..w]), first).map_err(|e| e.0)?;
            match line.get(end) {
                None => return Ok(()),
                Some(&b) => first = b == b';',
            }
            from = end + 1;
        }
    }

    /// A `--score` reply line: `OPTION @ GAIN; ...`, or `= GAIN`; no sums.
    fn parse_scored(&self, line: &[u8], sink: &mut impl Sink) -> Result<(), String> {
        if let Some(g) = line.trim_ascii().strip_prefix(b"=") {
            return sink.gain(g.trim_ascii(), true).map_err(|e| e.0);
        }
        let mut p = [0u64; MAX_ARITY];
        for option in line.split(|&b| b == b';') {
            let Some(at) = option.iter().position(|&b| b == b'@') else {
                let o = excerpt(option.trim_ascii());
                return Err(format!(
                    "'{o}' has no '@ GAIN' (with --score every option is OPTION @ GAIN)"
                ));
            };
            if option[..at].contains(&b'+') {
                return Err(
                    "a sum of positions: with --score an option is one whole position".into()
                );
            }
            let nonempty = self.parse_part_any(&option[..at], &mut p)?;
            sink.part(nonempty.then_some(&p[..self.width()]), true).map_err(|e| e.0)?;
            sink.gain(option[at + 1..].trim_ascii(), false).map_err(|e| e.0)?;
        }
        Ok(())
    }

    /// `--from`: options separated by `;`, parts by `+`, each part a position's text (numbered
    /// as met) or `()`.
    fn parse_text_line(&self, line: &[u8], sink: &mut impl Sink) -> Result<(), String> {
        let mut p = [0u64; MAX_ARITY];
        for option in line.split(|&b| b == b';') {
            for (i, part) in option.split(|&b| b == b'+').enumerate() {
                let nonempty = self.parse_part_any(part, &mut p)?;
                sink.part(nonempty.then_some(&p[..1]), i == 0).map_err(|e| e.0)?;
            }
        }
        Ok(())
    }

    /// A part of a reply: coordinates ([`Program::parse_part_full`]) or, with `--from`, a
    /// position's text, numbered. Returns `false` for the empty game `()`.
    fn parse_part_any(&self, part: &[u8], p: &mut [u64; MAX_ARITY]) -> Result<bool, String> {
        let Some(text) = &self.text else { return self.parse_part_full(part, p) };
        let part = part.trim_ascii();
        if part == b"()" {
            return Ok(false);
        }
        crate::explore::text::check(part)?;
        p[0] = text.intern(part)?;
        Ok(true)
    }

    /// The common case of a part (see [`Program::parse_part_full`]) in one pass over the
    /// bytes, from `from` to the next `;` or `+` or the end of the line: blanks around `()` or
    /// around plain numbers, as many as a position has. Returns whether it is a position (not
    /// `()`) and where it ends; `None` for anything else, left to the full parser and its
    /// messages.
    fn scan_part(
        &self,
        line: &[u8],
        from: usize,
        p: &mut [u64; MAX_ARITY],
    ) -> Option<(bool, usize)> {
        let most = if self.multiset { MAX_ARITY } else { self.arity };
        let blank = |b: u8| b == b' ' || b == b'\t';
        let ends = |b: u8| b == b';' || b == b'+';
        if self.multiset {
            *p = [0; MAX_ARITY];
        }
        let (mut k, mut i, n, mut nothing) = (0, from, line.len(), false);
        loop {
            while i < n && blank(line[i]) {
                i += 1;
            }
            if i == n || ends(line[i]) {
                break;
            }
            if line[i] == b'(' {
                if k > 0 || nothing || line.get(i + 1) != Some(&b')') {
                    return None;
                }
                nothing = true;
                i += 2;
                continue;
            }
            if nothing || k == most || !line[i].is_ascii_digit() {
                return None;
            }
            let mut v = 0u64;
            while i < n && line[i].is_ascii_digit() {
                if v > MAX_COORD / 10 {
                    return None;
                }
                v = v * 10 + (line[i] - b'0') as u64;
                i += 1;
            }
            if v > MAX_COORD || (i < n && !blank(line[i]) && !ends(line[i])) {
                return None;
            }
            p[k] = v;
            k += 1;
        }
        if nothing {
            return Some((false, i));
        }
        if k == 0 || k < self.arity && !self.multiset {
            return None;
        }
        if self.multiset {
            p.sort_unstable();
            return Some((p.iter().any(|&x| x != 0), i));
        }
        Some((true, i))
    }

    /// [`Program::scan_part`] on a whole part.
    #[cfg(test)]
    fn parse_part_fast(&self, part: &[u8], p: &mut [u64; MAX_ARITY]) -> Option<bool> {
        self.scan_part(part, 0, p).filter(|&(_, end)| end == part.len()).map(|(r, _)| r)
    }

    /// One position into `p`, token by token: exactly `arity` integers (multisets: 1 to 16,
    /// sorted), or `()`; a message for each fault. Returns `false` for the empty game.
    fn parse_part_full(&self, part: &[u8], p: &mut [u64; MAX_ARITY]) -> Result<bool, String> {
        let trimmed = part.trim_ascii();
        if trimmed == b"()" {
            return Ok(false);
        }
        let most = if self.multiset { MAX_ARITY } else { self.arity };
        *p = [0; MAX_ARITY];
        let mut k = 0;
        for token in part.split(|&b| b == b' ' || b == b'\t').filter(|t| !t.is_empty()) {
            if k == most {
                let what = if self.multiset { "heaps" } else { "coordinates" };
                return Err(format!("'{}' has more than {most} {what}", excerpt(trimmed)));
            }
            p[k] = parse_coord(token).ok_or_else(|| {
                format!("'{}' is not a whole number from 0 to 2^63 - 1", excerpt(token))
            })?;
            k += 1;
        }
        if k == 0 {
            return Err(
                "an empty option (two separators in a row, or one at an end; the empty game is written ())"
                    .to_string(),
            );
        }
        if self.multiset {
            p.sort_unstable();
            return Ok(p.iter().any(|&x| x != 0));
        }
        if k < self.arity {
            return Err(format!("'{}' has {k} coordinates, not {}", excerpt(trimmed), self.arity));
        }
        Ok(true)
    }
}

/// A coordinate (the box's reader, [`crate::explore::space::parse_coord`]).
pub use crate::explore::space::parse_coord;

/// The replies to one batch, parsed line by line as the output arrives.
pub struct Replies<'a> {
    program: &'a Program,
    /// The positions asked from line `dropped` on, flat (`program.width()` coordinates a
    /// position): those answered are dropped as the exchange goes on.
    batch: Vec<u64>,
    dropped: usize,
    /// The first position asked, as text.
    first: String,
    count: usize,
    line: usize,
    partial: Vec<u8>,
    /// Bytes of output so far (with `--stream`, capped by [`Program::batch_cap`] of the
    /// positions asked).
    bytes: usize,
    /// The first fault met.
    pub error: Option<ProtocolError>,
}

impl<'a> Replies<'a> {
    /// Ready for the replies to `batch`.
    pub fn new(program: &'a Program, batch: &[u64]) -> Self {
        let w = program.width().max(1);
        let count = batch.len() / w;
        let first = if count > 0 { program.show(&batch[..w]) } else { String::new() };
        let batch = batch.to_vec();
        let partial = Vec::new();
        Replies {
            program,
            batch,
            dropped: 0,
            first,
            count,
            line: 0,
            partial,
            bytes: 0,
            error: None,
        }
    }

    /// More positions asked in the same exchange (`--stream`); those answered are dropped once
    /// they are most of what is kept.
    fn extend(&mut self, more: &[u64]) -> Result<(), ProtocolError> {
        let w = self.program.width().max(1);
        let answered = self.line - self.dropped;
        if answered >= 4096 && answered * 2 >= self.count - self.dropped {
            self.batch.drain(..answered * w);
            self.dropped = self.line;
        }
        crate::error::try_reserve(&mut self.batch, more.len(), "the positions asked")
            .map_err(|e| ProtocolError(e.to_string()))?;
        self.batch.extend_from_slice(more);
        self.count += more.len() / self.program.width().max(1);
        Ok(())
    }

    /// The batch in messages: `a batch of N positions starting at 'P'`.
    fn what(&self) -> String {
        format!("a batch of {} positions starting at '{}'", self.count, self.first)
    }

    /// Position `i` of the batch as text (one not yet answered).
    fn asked(&self, i: usize) -> String {
        let w = self.program.width();
        let at = i.saturating_sub(self.dropped) * w;
        self.batch.get(at..at + w).map_or_else(String::new, |p| self.program.show(p))
    }

    fn fail(&mut self, e: String) -> Flow {
        self.error = Some(ProtocolError(e));
        Flow::Stop
    }

    /// One complete line.
    fn one(&mut self, line: &[u8], sink: &mut impl Sink) -> Flow {
        if self.line >= self.count {
            if line.iter().all(u8::is_ascii_whitespace) {
                return Flow::More;
            }
            return self.fail(format!(
                "the moves program printed more lines than the {} positions it was given; the first extra line is '{}'",
                self.count,
                excerpt(line)
            ));
        }
        let i = self.line;
        let read = match sink.line(self.program, line) {
            Some(read) => read,
            None => self.program.parse_line(line, sink),
        };
        if let Err(why) = read {
            let asked = self.asked(i);
            let msg = if why.starts_with("the game reaches") || why.starts_with("more than 2^32") {
                why
            } else {
                format!(
                    "the moves program's reply to position '{asked}' is '{}': {why}",
                    excerpt(line)
                )
            };
            return self.fail(msg);
        }
        if let Err(e) = sink.end() {
            return self.fail(e.0);
        }
        self.line += 1;
        Flow::More
    }

    /// A chunk of output: every line it completes goes to `sink`. `Done` once every position
    /// has its line.
    pub fn feed(&mut self, chunk: &[u8], sink: &mut impl Sink) -> Flow {
        self.bytes = self.bytes.saturating_add(chunk.len());
        let cap = self.program.batch_cap(self.count);
        if self.program.stream && self.bytes > cap {
            let what = self.what();
            return self.fail(format!(
                "the moves program wrote more than {cap} bytes on standard output for {what}"
            ));
        }
        let mut rest = chunk;
        while let Some(i) = memchr::memchr(b'\n', rest) {
            let flow = if self.partial.is_empty() {
                self.one(&rest[..i], sink)
            } else {
                let mut line = std::mem::take(&mut self.partial);
                line.extend_from_slice(&rest[..i]);
                let flow = self.one(&line, sink);
                line.clear();
                self.partial = line;
                flow
            };
            rest = &rest[i + 1..];
            if flow == Flow::Stop {
                return Flow::Stop;
            }
        }
        self.partial.extend_from_slice(rest);
        if self.line == self.count && self.program.stream {
            if !self.partial.iter().all(u8::is_ascii_whitespace) {
                let extra = std::mem::take(&mut self.partial);
                return self.fail(format!(
                    "the moves program printed more lines than the {} positions it was given; the first extra line is '{}'",
                    self.count,
                    excerpt(&extra)
                ));
            }
            return Flow::Done;
        }
        Flow::More
    }

    /// The output has ended: a last line without its newline, then every position must have
    /// had its line.
    pub fn finish(&mut self, sink: &mut impl Sink) -> Result<(), ProtocolError> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if !self.partial.is_empty() {
            let line = std::mem::take(&mut self.partial);
            if self.one(&line, sink) == Flow::Stop {
                return Err(self.error.take().unwrap_or(ProtocolError(String::new())));
            }
        }
        if self.line < self.count {
            return Err(ProtocolError(format!(
                "the moves program printed {} lines for {} positions: no line for position '{}'",
                self.line,
                self.count,
                self.asked(self.line)
            )));
        }
        Ok(())
    }
}

/// Runs the program batch after batch (one start each, or one `--stream` session), counting
/// starts, batches and positions asked.
pub struct Runner<'a> {
    /// The program.
    pub program: &'a Program,
    session: Option<Session>,
    /// Processes started.
    pub starts: usize,
    /// Batches asked.
    pub batches: usize,
    /// Positions asked.
    pub asked: usize,
}

impl<'a> Runner<'a> {
    /// No process yet.
    pub fn new(program: &'a Program) -> Self {
        Runner { program, session: None, starts: 0, batches: 0, asked: 0 }
    }

    /// Asks for the options of `batch` (flat, `program.width()` coordinates a position) and
    /// hands them to `sink`. `Err` when `games` was interrupted or a program could not start.
    pub fn ask(
        &mut self,
        batch: &[u64],
        sink: &mut impl Sink,
    ) -> Result<Result<(), ProtocolError>, std::io::Error> {
        let w = self.program.width();
        let n = batch.len() / w.max(1);
        if n == 0 {
            return Ok(Ok(()));
        }
        let mut input = Vec::with_capacity(n * (w * 4 + 1));
        for p in batch.chunks(w) {
            self.program.write_position(p, &mut input);
            input.push(b'\n');
        }
        self.batches += 1;
        self.asked += n;
        let cap = self.program.batch_cap(n);
        let mut replies = Replies::new(self.program, batch);
        if self.program.stream {
            return self.exchange(&input, &mut replies, sink);
        }
        let what = replies.what();
        self.starts += 1;
        let limits = Limits { timeout: self.program.timeout, output_cap: cap };
        let mut consume = |chunk: &[u8]| replies.feed(chunk, sink) != Flow::Stop;
        let run = process::run_command_streaming(&self.program.cmd, &input, limits, &mut consume)?;
        if let Some(e) = replies.error.take() {
            return Ok(Err(e));
        }
        let fault = match run.outcome {
            Outcome::Finished { .. } => return Ok(replies.finish(sink)),
            Outcome::Crashed { status, stderr, .. } => crashed(&status, &stderr, &what),
            Outcome::TimedOut => self.timed_out(&what),
            Outcome::TooLong { stream, cap, .. } => {
                format!("the moves program wrote more than {cap} bytes on {stream} for {what}")
            }
        };
        Ok(Err(ProtocolError(fault)))
    }

    fn timed_out(&self, what: &str) -> String {
        format!(
            "the moves program did not finish within {} s on {what} (--timeout)",
            self.program.timeout.as_secs_f64()
        )
    }

    /// One batch through the `--stream` session (started on first use), with the positions
    /// its replies lead to ([`Sink::more`]) asked in the same exchange as they come.
    fn exchange(
        &mut self,
        input: &[u8],
        replies: &mut Replies,
        sink: &mut impl Sink,
    ) -> Result<Result<(), ProtocolError>, std::io::Error> {
        if self.session.is_none() {
            self.session = Some(Session::start(&self.program.cmd)?);
            self.starts += 1;
        }
        let Some(session) = self.session.as_mut() else { unreachable!("started above") };
        let (program, w) = (self.program, self.program.width());
        let mut more: Vec<u64> = Vec::new();
        let mut asked = 0usize;
        let mut consume = |chunk: &[u8], input: &mut Vec<u8>| {
            let flow = replies.feed(chunk, sink);
            if flow == Flow::Stop {
                return flow;
            }
            more.clear();
            if let Err(e) = sink.more(&mut more).and_then(|()| replies.extend(&more)) {
                replies.error = Some(e);
                return Flow::Stop;
            }
            if more.is_empty() {
                return flow;
            }
            for p in more.chunks(w) {
                program.write_position(p, input);
                input.push(b'\n');
            }
            asked += more.len() / w;
            Flow::More
        };
        let cap = self.program.output_cap;
        let end = session.exchange(input, self.program.timeout, cap, &mut consume)?;
        self.asked += asked;
        let what = &replies.what();
        if let Some(e) = replies.error.take() {
            self.session = None;
            return Ok(Err(e));
        }
        let fault = match end {
            Exchange::Done => return Ok(Ok(())),
            Exchange::Stopped => "the moves program broke the protocol".to_string(),
            Exchange::Ended { status, stderr } => {
                let said = last_words(&stderr);
                format!(
                    "the --stream moves program ended ({status}) after {} of the {} lines of {what}{said}; it must answer each line and flush, and keep reading",
                    replies.line, replies.count
                )
            }
            Exchange::TimedOut => format!(
                "{} (with --stream, each reply line must be flushed at once; {} of {} lines came)",
                self.timed_out(what),
                replies.line,
                replies.count
            ),
            Exchange::TooLong { stream, cap } => {
                format!("the moves program wrote more than {cap} bytes on {stream} for {what}")
            }
        };
        self.session = None;
        Ok(Err(ProtocolError(fault)))
    }
}

/// The last nonblank line of a program's standard error, as `; its last words: ...`.
fn last_words(stderr: &[u8]) -> String {
    let last = stderr
        .split(|&b| b == b'\n')
        .rev()
        .find(|l| !l.iter().all(u8::is_ascii_whitespace))
        .unwrap_or(b"");
    if last.is_empty() {
        String::new()
    } else {
        format!("; its last words: {}", excerpt(last.trim_ascii()))
    }
}

fn crashed(status: &str, stderr: &[u8], what: &str) -> String {
    let code = if status.contains("127") { " (command not found?)" } else { "" };
    format!("the moves program failed ({status}){code} on {what}{}", last_words(stderr))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default, Debug)]
    struct Collect(Vec<Vec<Vec<u64>>>, Vec<Vec<u64>>);
    impl Sink for Collect {
        fn part(&mut self, p: Option<&[u64]>, first: bool) -> Result<(), ProtocolError> {
            if first {
                self.1.push(Vec::new());
            }
            let last = self.1.len() - 1;
            if let Some(p) = p {
                self.1[last].extend_from_slice(p);
            }
            Ok(())
        }
        fn end(&mut self) -> Result<(), ProtocolError> {
            self.0.push(std::mem::take(&mut self.1));
            Ok(())
        }
    }

    fn program(multiset: bool) -> Program {
        Program {
            cmd: String::new(),
            arity: 2,
            timeout: Duration::from_secs(1),
            output_cap: 1 << 20,
            multiset,
            stream: false,
            text: None,
        }
    }

    fn parse(text: &[u8], batch: &[u64]) -> Result<Collect, ProtocolError> {
        parse_with(&program(false), text, batch)
    }

    fn parse_with(p: &Program, text: &[u8], batch: &[u64]) -> Result<Collect, ProtocolError> {
        let mut c = Collect::default();
        // Byte by byte: lines split across chunks are joined.
        let mut r = Replies::new(p, batch);
        for b in text {
            if r.feed(std::slice::from_ref(b), &mut c) == Flow::Stop {
                break;
            }
        }
        r.finish(&mut c)?;
        Ok(c)
    }

    #[test]
    fn replies_are_read_and_faults_named() {
        let batch = [3, 5, 0, 0];
        let c = parse(b"2 5;3 4 + 1 1\r\n\n", &batch).unwrap();
        assert_eq!(c.0, vec![vec![vec![2, 5], vec![3, 4, 1, 1]], vec![]]);
        let c = parse(b"() ; 1 1 + ()\n0000000000000000000000001 02", &batch).unwrap();
        assert_eq!(c.0, vec![vec![vec![], vec![1, 1]], vec![vec![1, 2]]]);
        let e = parse(b"2 5;3\n\n", &batch).unwrap_err();
        assert!(e.0.contains("position '3 5'") && e.0.contains("1 coordinates"), "{e}");
        let e = parse(b"2 x\n\n", &batch).unwrap_err();
        assert!(e.0.contains("'x' is not a whole number"), "{e}");
        let e = parse(b"2 -1\n\n", &batch).unwrap_err();
        assert!(e.0.contains("'-1'"), "{e}");
        let e = parse(b"1 1\n", &batch).unwrap_err();
        assert!(e.0.contains("no line for position '0 0'"), "{e}");
        let e = parse(b"1 1\n\n7 7\n", &batch).unwrap_err();
        assert!(e.0.contains("first extra line is '7 7'"), "{e}");
        let e = parse(b"1 1;;2 2\n\n", &batch).unwrap_err();
        assert!(e.0.contains("empty option"), "{e}");
        let e = parse(b"1 1 1\n\n", &batch).unwrap_err();
        assert!(e.0.contains("more than 2"), "{e}");
        let e = parse(b"1 \x1b[31mred\x07\n\n", &batch).unwrap_err();
        assert!(e.0.contains("\\u001b[31mred\\u0007") && !e.0.contains('\x1b'), "{e}");
    }

    #[test]
    fn multisets_are_sorted_and_zeros_dropped() {
        let p = program(true);
        let batch = [0u64; 16];
        let c = parse_with(&p, b"5 0 3 ; 0 0 + 2\n", &batch).unwrap();
        let mut want = [0u64; 16];
        want[14] = 3;
        want[15] = 5;
        let mut two = [0u64; 16];
        two[15] = 2;
        assert_eq!(c.0, vec![vec![want.to_vec(), two.to_vec()]]);
        assert_eq!(p.show(&want), "3 5");
        assert_eq!(p.show(&[0u64; 16]), "()");
    }

    /// The one-pass parser agrees with the full one wherever it answers, on random parts
    /// (blanks, digits, parentheses, stray bytes, huge numbers), and answers every plain
    /// position.
    #[test]
    fn the_fast_part_parser_agrees_with_the_full_one() {
        let mut rng = crate::rng::Rng::new(24);
        let alphabet = b"  \t0123456789()x\r9";
        for multiset in [false, true] {
            let prog = Program { arity: 1 + rng.below(3) as usize, ..program(multiset) };
            let w = prog.width();
            for case in 0..20_000 {
                let len = rng.below(30) as usize;
                let part: Vec<u8> = if case % 2 == 0 {
                    (0..len).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize]).collect()
                } else {
                    let k = if multiset { 1 + rng.below(17) } else { prog.arity as u64 };
                    let nums: Vec<String> = (0..k)
                        .map(|_| match rng.below(4) {
                            0 => "0".repeat(1 + rng.below(25) as usize) + "7",
                            1 => rng.below(u64::MAX).to_string(),
                            _ => rng.below(1000).to_string(),
                        })
                        .collect();
                    format!(" {} ", nums.join(if rng.below(2) == 0 { " " } else { " \t " }))
                        .into_bytes()
                };
                let (mut fast, mut full) = ([9u64; MAX_ARITY], [9u64; MAX_ARITY]);
                let answer = prog.parse_part_fast(&part, &mut fast);
                let want = prog.parse_part_full(&part, &mut full);
                if let Some(nonempty) = answer {
                    assert_eq!(Ok(nonempty), want, "{:?}", excerpt(&part));
                    if nonempty {
                        assert_eq!(fast[..w], full[..w], "{:?}", excerpt(&part));
                    }
                } else if case % 2 == 1 {
                    assert!(want.is_err(), "plain position left to the full parser: {part:?}");
                }
            }
        }
    }

    /// The line parser against the plain one it replaced (split at `;`, then at `+`, each part
    /// read token by token) on random lines: the same parts, or the same message.
    #[test]
    fn the_one_pass_line_parser_agrees_with_splitting() {
        #[derive(Default, Debug, PartialEq)]
        struct Record(Vec<(Option<Vec<u64>>, bool)>);
        impl Sink for Record {
            fn part(&mut self, p: Option<&[u64]>, first: bool) -> Result<(), ProtocolError> {
                self.0.push((p.map(<[u64]>::to_vec), first));
                Ok(())
            }
            fn end(&mut self) -> Result<(), ProtocolError> {
                Ok(())
            }
        }
        fn reference(prog: &Program, line: &[u8]) -> Result<Record, String> {
            let mut c = Record::default();
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.iter().all(|b| *b == b' ' || *b == b'\t') {
                return Ok(c);
            }
            let mut p = [0u64; MAX_ARITY];
            for option in line.split(|&b| b == b';') {
                for (j, part) in option.split(|&b| b == b'+').enumerate() {
                    let nonempty = prog.parse_part_full(part, &mut p)?;
                    c.part(nonempty.then_some(&p[..prog.width()]), j == 0).unwrap();
                }
            }
            Ok(c)
        }
        let mut rng = crate::rng::Rng::new(2026);
        let pieces: [&[u8]; 12] = [
            b"3",
            b"0",
            b"12",
            b" ",
            b";",
            b"+",
            b"()",
            b"\t",
            b"x",
            b"007",
            b"99999999999999999999",
            b"\r",
        ];
        for multiset in [false, true] {
            let prog = Program { arity: 1 + rng.below(2) as usize, ..program(multiset) };
            let mut read = 0;
            for _ in 0..20_000 {
                // Options of parts, most of them positions, some of them random pieces.
                let mut line = Vec::new();
                for o in 0..rng.below(5) {
                    line.extend_from_slice(if o == 0 { b"" } else { b" ; " });
                    for j in 0..1 + rng.below(3) {
                        line.extend_from_slice(if j == 0 { b"" } else { b"+" });
                        for _ in 0..if rng.below(8) == 0 { 1 + rng.below(3) } else { 0 } {
                            let piece = pieces[rng.below(pieces.len() as u64) as usize];
                            line.extend_from_slice(piece);
                        }
                        if rng.below(8) == 0 {
                            line.extend_from_slice(b" () ");
                            continue;
                        }
                        let k = if multiset { 1 + rng.below(3) } else { prog.arity as u64 };
                        for _ in 0..k {
                            line.extend_from_slice(b" ");
                            line.extend_from_slice(rng.below(200).to_string().as_bytes());
                        }
                    }
                }
                let mut got = Record::default();
                let ours = prog.parse_line(&line, &mut got).map(|()| got);
                let want = reference(&prog, &line);
                read += usize::from(want.as_ref().is_ok_and(|r| r.0.len() >= 2));
                assert_eq!(ours, want, "{:?}", excerpt(&line));
            }
            assert!(read >= 500, "only {read} lines of two parts or more were read");
        }
    }

    #[test]
    fn coordinates_with_leading_zeros() {
        assert_eq!(parse_coord(b"00000000000000000001"), Some(1));
        assert_eq!(parse_coord(b"0000"), Some(0));
        assert_eq!(parse_coord(b"+09223372036854775807"), Some(i64::MAX as u64));
        assert_eq!(parse_coord(b"9223372036854775808"), None);
        assert_eq!(parse_coord(b"+"), None);
    }
}

//! The console every command and tool writes to: standard output and standard error as
//! fallible writes ([`write_stdout`] fails with a [`StreamError`] naming the stream, never a
//! panic), one-line messages ([`error_line`]), the progress line of long runs ([`Progress`]),
//! the exit of a run interrupted by a signal ([`interrupted`]) and the usage error found after
//! the options were parsed ([`UsageError`], exit 2). The command line (`cli`) and the tools
//! that stream their reports (`explore`) share it.

use std::io::Write;
use std::process::ExitCode;

/// A write to standard output or standard error failed.
#[derive(Debug)]
pub struct StreamError {
    pub stream: &'static str,
    pub source: std::io::Error,
}

impl std::fmt::Display for StreamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "writing {}: {}", self.stream, self.source)
    }
}

/// The OS error is part of the message ([`Display`](std::fmt::Display)), so it is not also
/// given as the source: `{:#}` (anyhow's chain) would print it twice on one line.
impl std::error::Error for StreamError {}

impl StreamError {
    pub fn is_broken_pipe(&self) -> bool {
        self.source.kind() == std::io::ErrorKind::BrokenPipe
    }
}

/// Writes all of `bytes` to standard output and flushes.
pub fn write_stdout(bytes: &[u8]) -> Result<(), StreamError> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|source| StreamError { stream: "standard output", source })
}

/// Writes all of `bytes` to standard error. Where stderr itself fails there is nobody left to
/// tell, so the error is returned for the caller to turn into an exit status.
pub fn write_stderr(bytes: &[u8]) -> Result<(), StreamError> {
    let mut err = std::io::stderr().lock();
    err.write_all(bytes)
        .and_then(|()| err.flush())
        .map_err(|source| StreamError { stream: "standard error", source })
}

/// One line on standard error (a newline is added); a failure to write it is ignored, the exit
/// status carries the verdict.
pub fn error_line(line: &str) {
    let mut text = String::with_capacity(line.len() + 1);
    text.push_str(line);
    text.push('\n');
    let _ = write_stderr(text.as_bytes());
}

/// A usage error found after parsing (exit 2, like clap's own).
#[derive(Debug)]
pub struct UsageError(pub String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// "cases done, elapsed" on stderr, redrawn at most ten times a second, only when stderr is a
/// terminal (so logs and pipes never see it) or when the environment sets `GAMES_PROGRESS=1`
/// (then from the first step, for a test that waits for a run to be under way before it
/// signals it: a readiness line, not a sleep).
pub struct Progress {
    label: String,
    total: u64,
    start: std::time::Instant,
    last: std::sync::Mutex<Option<std::time::Instant>>,
    on: bool,
    /// The most cases reported done (for the message of an interrupted run).
    done: std::sync::atomic::AtomicU64,
}

impl Progress {
    pub fn new(label: &str, total: u64) -> Self {
        use std::io::IsTerminal;
        Progress {
            label: label.to_string(),
            total,
            start: std::time::Instant::now(),
            last: std::sync::Mutex::new(None),
            on: std::io::stderr().is_terminal() || forced(),
            done: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// Is the line asked for on any stderr (`GAMES_PROGRESS=1`)? Then a command shows it from
    /// its first step rather than after a second.
    pub fn forced(&self) -> bool {
        forced()
    }

    /// The most cases reported done so far.
    pub fn done(&self) -> u64 {
        self.done.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// The cases of the whole run.
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Time since the line was created.
    pub fn elapsed(&self) -> std::time::Duration {
        self.start.elapsed()
    }

    pub fn show(&self, done: u64) {
        self.done.fetch_max(done, std::sync::atomic::Ordering::SeqCst);
        self.redraw(|| format!("{done}/{} cases", self.total));
    }

    /// Any progress line (same rate limit and terminal rule as [`Progress::show`]).
    pub fn show_text(&self, text: &str) {
        self.redraw(|| text.to_string());
    }

    /// Redraws the line with `text()` at most ten times a second (the text is only built then).
    fn redraw(&self, text: impl FnOnce() -> String) {
        if !self.on {
            return;
        }
        let mut last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        let now = std::time::Instant::now();
        if last.is_some_and(|t| now - t < std::time::Duration::from_millis(100)) {
            return;
        }
        *last = Some(now);
        let secs = (now - self.start).as_secs_f64();
        let _ = write_stderr(format!("\r{}: {}, {secs:.1} s\x1b[K", self.label, text()).as_bytes());
    }

    pub fn clear(&self) {
        let shown = self.last.lock().unwrap_or_else(|p| p.into_inner()).is_some();
        if self.on && shown {
            let _ = write_stderr(b"\r\x1b[K");
        }
    }
}

/// The exit of a command whose user program was interrupted by a signal (`games COMMAND:
/// interrupted by SIGINT`, 130/143) or could not be started (one line, exit 1).
pub fn interrupted(command: &str, e: std::io::Error) -> ExitCode {
    use crate::harness::process;
    if let Some(sig) = process::interrupted() {
        error_line(&format!("games {command}: interrupted by {}", process::signal_name(sig)));
        return ExitCode::from(process::interrupted_exit_code(sig));
    }
    error_line(&format!("games {command}: cannot run the program: {e}"));
    ExitCode::from(1)
}

/// `GAMES_PROGRESS=1` in the environment: the progress line on any stderr, from the first step.
fn forced() -> bool {
    std::env::var_os("GAMES_PROGRESS").is_some_and(|v| v == "1")
}

//! The one writer every command uses for standard output and standard error.
//!
//! A failed write is an error value, never a panic: [`write_stdout`] fails with a
//! [`StreamError`] naming the stream. A closed pipe on stdout (`games nim big.in | head -1`) is
//! not a fault of the input, so [`finish`] turns it into the command's own verdict: the exit
//! status always says what the command found, whatever happened to its output. Any other
//! write failure (a full device) is one line on stderr and exit 1.

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

/// Is this error (or one it wraps) a closed pipe on standard output?
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<StreamError>().is_some_and(StreamError::is_broken_pipe)
            || c.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Writes a command's report to stdout and returns the command's verdict `code`: a closed pipe
/// keeps the verdict, any other write failure is reported on stderr and exits 1.
pub fn finish(code: u8, bytes: &[u8]) -> ExitCode {
    match write_stdout(bytes) {
        Ok(()) => ExitCode::from(code),
        Err(e) if e.is_broken_pipe() => ExitCode::from(code),
        Err(e) => {
            error_line(&format!("games: {e}"));
            ExitCode::from(1)
        }
    }
}

/// The exit of a command whose user program was interrupted by a signal (`games COMMAND:
/// interrupted by SIGINT`, 130/143) or could not be started (one line, exit 1).
pub fn interrupted(command: &str, e: std::io::Error) -> ExitCode {
    use games::harness::process;
    if let Some(sig) = process::interrupted() {
        error_line(&format!("games {command}: interrupted by {}", process::signal_name(sig)));
        return ExitCode::from(process::interrupted_exit_code(sig));
    }
    error_line(&format!("games {command}: cannot run the program: {e}"));
    ExitCode::from(1)
}

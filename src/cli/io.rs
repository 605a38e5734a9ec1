//! The one writer every command uses for standard output and standard error.
//!
//! A failed write is an error value, never a panic: [`write_stdout`] fails with a
//! [`StreamError`] naming the stream. A closed pipe on stdout (`games nim big.in | head -1`) is
//! not a fault of the input, so [`finish`] turns it into the command's own verdict: the exit
//! status always says what the command found, whatever happened to its output. Any other
//! write failure (a full device) is one line on stderr and exit 1.

use std::process::ExitCode;

pub use games::console::{StreamError, error_line, write_stdout};

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

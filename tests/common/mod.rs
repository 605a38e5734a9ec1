//! What the command-line tests share: running the `games` binary on a given stdin, a fresh
//! scratch folder per test binary and name, and lossy text of an output.

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The release or test build of the binary under test.
pub const GAMES: &str = env!("CARGO_BIN_EXE_games");

/// Runs `games ARGS` with `stdin` as its standard input (a program that stops reading early is
/// fine) and collects its output.
pub fn games(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(GAMES)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("games runs");
    let _ = child.stdin.take().expect("piped stdin").write_all(stdin);
    child.wait_with_output().expect("games finishes")
}

/// An empty scratch folder for `name`, private to this test binary and process.
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "games-{}-{}-{name}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// An output as text (lossy UTF-8).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

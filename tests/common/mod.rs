//! What the command-line tests share: running the `games` binary on a given stdin, a fresh
//! scratch folder per test binary and name, lossy text of an output, and octal codes written
//! as text for the `games sg` engine tests.

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

/// An empty scratch folder for `name`, private to the calling test file (its stem names the
/// folder, so two files of the one test crate may use the same `name`) and to this process.
#[track_caller]
pub fn temp_dir(name: &str) -> PathBuf {
    let file = std::panic::Location::caller().file();
    let topic = std::path::Path::new(file).file_stem().and_then(|s| s.to_str()).unwrap_or("test");
    let dir = std::env::temp_dir().join(format!(
        "games-{}-{topic}-{}-{name}",
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

/// An octal code from its digits after the point (`lead` is the digit before it).
pub fn octal(
    lead: u64,
    digits: &[u64],
    equality: games::sg::code::Equality,
) -> games::sg::code::Code {
    use games::sg::code::{Code, Digit};
    let mut all = vec![Digit { heaps: lead, at_least: None, equality }];
    all.extend(digits.iter().map(|&h| Digit { heaps: h, at_least: None, equality }));
    Code { digits: all, tail: Vec::new() }
}

/// `.106`, `4.7`, `4!.0` as a code (octal digits only; `!` after the lead digit).
pub fn parse(text: &str) -> games::sg::code::Code {
    use games::sg::code::Equality;
    let (lead, rest) = text.split_once('.').expect("a point");
    let (lead, eq) = match lead.strip_suffix('!') {
        Some(l) => (l, Equality::Unequal),
        None => (lead, Equality::Any),
    };
    let lead = if lead.is_empty() { 0 } else { lead.parse().expect("a lead digit") };
    let digits: Vec<u64> = rest.bytes().map(|b| (b - b'0') as u64).collect();
    octal(lead, &digits, eq)
}

/// Runs `games ARGS` on `stdin`: its exit code, standard output and standard error as text.
pub fn games_text(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let out = games(args, stdin.as_bytes());
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Is process `pid` still there (and not a zombie)?
pub fn alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => {
            let state = stat.rsplit(')').next().unwrap_or("").trim_start();
            !state.starts_with('Z') && !state.starts_with('X')
        }
        Err(_) => false,
    }
}

/// Does `program --version` run here?
pub fn has(program: &str) -> bool {
    Command::new(program).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Does python3 run here? When it does not, says on standard error which tests are skipped
/// (`skipped`), so a missing interpreter never passes silently.
pub fn have_python(skipped: &str) -> bool {
    let ok = has("python3");
    if !ok {
        eprintln!("note: python3 not found; {skipped} skipped");
    }
    ok
}

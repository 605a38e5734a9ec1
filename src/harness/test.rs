//! The test runner behind `games test`: judge a program on files. Each `FILE.in` is run through
//! the program under [`process`](super::process)'s supervisor and its output compared with the
//! expected answer (the `.out` beside it, a reference program's answer, or our own solver's), the
//! comparison of [`stress::compare`](super::stress::compare) (CRLF and line-end blanks forgiven).
//! The verdicts are the judges' (AC, WA, RE, TLE, OLE); a file beyond the original judge's
//! constraints can be skipped ([`beyond_judge`]). Printing is the command line's business.

use super::process::{self, Limits, Outcome};
use super::stress::{Comparison, StressError, compare};
use crate::registry::{self, Problem};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The verdict on one file.
pub enum Verdict {
    Accepted { whitespace_only: bool },
    Wrong { line: usize, expected: String, got: String },
    Runtime(String),
    TimeLimit,
    OutputLimit(String),
}

impl Verdict {
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted { .. } => "AC",
            Verdict::Wrong { .. } => "WA",
            Verdict::Runtime(_) => "RE",
            Verdict::TimeLimit => "TLE",
            Verdict::OutputLimit(_) => "OLE",
        }
    }
}

/// Why a file was not judged.
pub enum Stop {
    /// Not run: the input lies beyond the judge's constraints (why).
    Skip(String),
    /// A set-up error: the message.
    SetUp(String),
    /// A signal stopped the run.
    Interrupted(i32),
}

/// Why a file lies beyond the judge's constraints, or `None` when it keeps them (or cannot be
/// read: `judge_file` then reports that).
pub fn beyond_judge(p: &Problem, path: &Path) -> Option<String> {
    let input = std::fs::read(path).ok()?;
    p.judge.validate(&input).err().map(|v| v.render(&input))
}

/// Runs the program on one file: the verdict, the time, and where the expected answer came
/// from.
pub fn judge_file(
    p: Option<&Problem>,
    cmd: &str,
    reference: Option<&str>,
    path: &Path,
    timeout: Duration,
) -> Result<(Verdict, Duration, &'static str), Stop> {
    let input = std::fs::read(path).map_err(|e| Stop::SetUp(format!("{}: {e}", path.display())))?;
    let golden = path.with_extension("out");
    // A FIFO or a device would block the read (and the signals with it): regular files only.
    if let Ok(meta) = std::fs::metadata(&golden)
        && !meta.is_file()
    {
        return Err(Stop::SetUp(format!("{}: not a regular file", golden.display())));
    }
    let stop = |e: StressError| match e {
        StressError::Interrupted(sig) => Stop::Interrupted(sig),
        e => Stop::SetUp(e.to_string()),
    };
    if let Some(reference) = reference {
        let expected = match super::generic::reference_answer(reference, &input, timeout) {
            Ok(Ok(answer)) => answer,
            Ok(Err(why)) => {
                return Err(Stop::SetUp(format!(
                    "{}: the reference `{reference}` {why}; not a verdict on the program",
                    path.display()
                )));
            }
            Err(e) => return Err(stop(e)),
        };
        return run_and_compare(cmd, &input, expected, timeout).map(|(v, t)| (v, t, "reference"));
    }
    let (expected, from) = match std::fs::read(&golden) {
        Ok(bytes) => (bytes, ".out"),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let Some(p) = p else {
                return Err(Stop::SetUp(format!(
                    "{}: no .out beside it (give --reference CMD, or name the problem if it is ours)",
                    path.display()
                )));
            };
            let (answer, fault) = registry::run(p, &input);
            if let Some(f) = fault {
                return Err(Stop::SetUp(format!(
                    "{}: no .out beside it, and our own solver refuses it: {}",
                    path.display(),
                    f.render(p.name, &input)
                )));
            }
            (answer, "games")
        }
        Err(e) => return Err(Stop::SetUp(format!("{}: {e}", golden.display()))),
    };
    run_and_compare(cmd, &input, expected, timeout).map(|(v, t)| (v, t, from))
}

/// Runs the program on `input` and judges its output against `expected`.
pub fn run_and_compare(
    cmd: &str,
    input: &[u8],
    expected: Vec<u8>,
    timeout: Duration,
) -> Result<(Verdict, Duration), Stop> {
    let limits = Limits { timeout, output_cap: process::output_cap(expected.len()) };
    let run = match process::run_command(cmd, input, limits) {
        Ok(run) => run,
        Err(e) => {
            return Err(match process::interrupted() {
                Some(sig) if e.kind() == std::io::ErrorKind::Interrupted => Stop::Interrupted(sig),
                _ => Stop::SetUp(format!("cannot run `{cmd}`: {e}")),
            });
        }
    };
    let verdict = match run.outcome {
        Outcome::Crashed { code: Some(code @ (126 | 127)), stderr, .. } => {
            let why = crate::error::escape(&stderr, crate::error::Lines::Keep);
            let why = why.lines().next().unwrap_or("").trim().to_string();
            return Err(Stop::SetUp(format!(
                "cannot run `{cmd}`: the shell exited with status {code}{}",
                if why.is_empty() { String::new() } else { format!(" ({why})") }
            )));
        }
        Outcome::Crashed { status, .. } => Verdict::Runtime(status),
        Outcome::TimedOut => Verdict::TimeLimit,
        Outcome::TooLong { stream, cap, .. } => {
            Verdict::OutputLimit(format!("more than {cap} bytes on its {stream}"))
        }
        Outcome::Finished { stdout, .. } => match compare(&expected, &stdout) {
            Comparison::Identical => Verdict::Accepted { whitespace_only: false },
            Comparison::WhitespaceOnly => Verdict::Accepted { whitespace_only: true },
            Comparison::Differ { line, expected, got } => Verdict::Wrong { line, expected, got },
        },
    };
    Ok((verdict, run.elapsed))
}

/// Every `*.in` file of the paths (a path may also be one `.in` file), each folder's in natural
/// order (`sample-2` before `sample-10`).
pub fn find_inputs(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
    let mut all = Vec::new();
    for path in paths {
        if path.is_file() {
            all.push(path.clone());
            continue;
        }
        let mut found: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "in") && p.is_file())
            .collect();
        found.sort_by_key(|p| natural_key(&p.file_name().unwrap_or_default().to_string_lossy()));
        all.extend(found);
    }
    Ok(all)
}

/// A sort key that orders runs of digits by their value.
fn natural_key(name: &str) -> Vec<(String, u128)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut chars = name.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_ascii_digit() {
            let mut digits = String::new();
            while let Some(&d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                digits.push(d);
                chars.next();
            }
            key.push((std::mem::take(&mut text), digits.parse().unwrap_or(u128::MAX)));
        } else {
            text.push(c);
            chars.next();
        }
    }
    key.push((text, 0));
    key
}

//! Stress testing: run a user's program on generated inputs and compare its answers with ours,
//! or check our fast solver against the exhaustive brute force.
//!
//! Outputs are compared exactly, except that CRLF line endings and trailing whitespace at line
//! ends (and trailing blank lines) are forgiven; when only such whitespace differs the case
//! passes and the report says so. A program that exits non-zero, dies by a signal or outlives
//! its timeout fails the case; on timeout its whole process group is killed.

use crate::judge::Domain;
use crate::judge::shrink::{Budget, shrink_input};
use crate::registry::{Problem, Size, run};
use crate::rng::{Rng, mix64};
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How two outputs compare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Comparison {
    /// Byte for byte the same.
    Identical,
    /// The same up to CRLF and trailing whitespace at line ends.
    WhitespaceOnly,
    /// Different: the first differing line (1-based) and the two lines.
    Differ { line: usize, expected: String, got: String },
}

fn normalized_lines(text: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .map(|l| {
            let end = l.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(0, |i| i + 1);
            &l[..end]
        })
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// Compares `got` with `expected` under the forgiving rule above.
pub fn compare(expected: &[u8], got: &[u8]) -> Comparison {
    if expected == got {
        return Comparison::Identical;
    }
    let (e, g) = (normalized_lines(expected), normalized_lines(got));
    if e == g {
        return Comparison::WhitespaceOnly;
    }
    let line = e.iter().zip(&g).position(|(a, b)| a != b).unwrap_or(e.len().min(g.len()));
    let show = |lines: &[&[u8]]| {
        lines.get(line).map_or("<no line>".to_string(), |l| String::from_utf8_lossy(l).into_owned())
    };
    Comparison::Differ { line: line + 1, expected: show(&e), got: show(&g) }
}

/// What happened when the user's program ran.
#[derive(Debug)]
pub enum Outcome {
    /// It exited with status 0 and printed this.
    Finished(Vec<u8>),
    /// It exited non-zero or was killed by a signal.
    Crashed { status: String, stdout: Vec<u8>, stderr: Vec<u8> },
    /// It was still running after the timeout; its process group was killed.
    TimedOut,
}

#[cfg(unix)]
unsafe extern "C" {
    fn kill(pid: i32, sig: i32) -> i32;
}

/// Runs `cmd` through `sh -c` in its own process group, feeding `input` on stdin.
pub fn run_command(cmd: &str, input: &[u8], timeout: Duration) -> std::io::Result<Outcome> {
    let mut command = Command::new("sh");
    command.arg("-c").arg(cmd).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    let mut child = command.spawn()?;
    let pid = child.id();
    let mut stdin = child.stdin.take().expect("stdin was piped");
    let data = input.to_vec();
    let writer = std::thread::spawn(move || {
        // A program that exits without reading its input closes the pipe: not our error.
        let _ = stdin.write_all(&data);
    });
    let mut out_pipe = child.stdout.take().expect("stdout was piped");
    let mut err_pipe = child.stderr.take().expect("stderr was piped");
    let reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out_pipe.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        // Drain it all (a closed pipe could kill the program), keep the start.
        let mut v = Vec::new();
        let _ = err_pipe.read_to_end(&mut v);
        v.truncate(1 << 16);
        v
    });
    // Wait for the program to finish without reaping it, so that its pid, which is also its
    // process group's id, stays reserved while we signal the group.
    let start = Instant::now();
    let mut nap = Duration::from_micros(50);
    let finished = loop {
        match has_exited(pid) {
            Some(true) => break true,
            Some(false) => {}
            // No /proc: fall back to reaping (the group is then signalled only on a timeout).
            None => {
                if let Some(status) = child.try_wait()? {
                    let _ = writer.join();
                    let stdout = reader.join().unwrap_or_default();
                    let stderr = err_reader.join().unwrap_or_default();
                    return Ok(outcome(status, stdout, stderr));
                }
            }
        }
        if start.elapsed() >= timeout {
            break false;
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(10));
    };
    // Kill the whole process group in both cases: on a timeout to stop the program, after a
    // normal exit to stop any background child it left holding the pipes (the readers below
    // would otherwise wait for it).
    #[cfg(unix)]
    // SAFETY: kill(2) with a negative pid signals the process group created above. Its id is
    // the program's pid, which cannot be reused before we reap the program just below.
    unsafe {
        kill(-(pid as i32), 9);
    }
    let status = child.wait()?;
    if !finished {
        let _ = writer.join();
        let _ = reader.join();
        let _ = err_reader.join();
        return Ok(Outcome::TimedOut);
    }
    let _ = writer.join();
    let stdout = reader.join().unwrap_or_default();
    let stderr = err_reader.join().unwrap_or_default();
    Ok(outcome(status, stdout, stderr))
}

fn outcome(status: std::process::ExitStatus, stdout: Vec<u8>, stderr: Vec<u8>) -> Outcome {
    if status.success() {
        Outcome::Finished(stdout)
    } else {
        Outcome::Crashed { status: status.to_string(), stdout, stderr }
    }
}

/// Has process `pid` (our unreaped child) exited? Read from `/proc/<pid>/stat` without reaping
/// it: a zombie (`Z`) or dead (`X`) state means it has. `None` where there is no `/proc`.
fn has_exited(pid: u32) -> Option<bool> {
    let stat = std::fs::read(format!("/proc/{pid}/stat")).ok()?;
    // The state follows the command name, which is in parentheses and may contain anything.
    let close = stat.iter().rposition(|&b| b == b')')?;
    let state = *stat.get(close + 2)?;
    Some(state == b'Z' || state == b'X')
}

/// The seed of case `index` of a run with seed `seed`: mixed, so nearby seeds and cases give
/// unrelated inputs.
pub fn case_seed(seed: u64, index: u64) -> u64 {
    mix64(seed ^ mix64(index.wrapping_add(1)))
}

/// The size of case `index` of `cases` when no size was fixed: smallest first (60% tiny, then
/// small), so that a failure is found on the smallest input that shows it.
pub fn default_size(index: u64, cases: u64) -> Size {
    if index * 10 < cases * 6 { Size::Tiny } else { Size::Small }
}

/// What the solution under test is.
pub enum Against<'a> {
    /// A shell command line.
    Command { cmd: &'a str, timeout: Duration },
    /// Our own exhaustive brute force (checks the fast solver).
    Brute,
}

/// The first failing case.
pub struct Failure {
    pub index: u64,
    pub size: Size,
    /// The failing input, shrunk ([`crate::judge::shrink`]).
    pub input: Vec<u8>,
    /// The generated input before shrinking.
    pub original: Vec<u8>,
    /// How many runs shrinking took.
    pub shrink_runs: usize,
    pub expected: Vec<u8>,
    /// What the solution under test printed (empty on a timeout).
    pub got: Vec<u8>,
    /// A one-line reason: "wrong answer on line 3", "timed out after 2 s", "exit status 1"...
    pub reason: String,
    /// The differing line, if the outputs differ.
    pub diff: Option<Comparison>,
    pub stderr: Vec<u8>,
}

/// The result of a stress run.
pub struct Report {
    pub cases: u64,
    /// Cases the brute force declined as beyond its budget (never for tiny inputs).
    pub declined: u64,
    pub whitespace_only: u64,
    pub failure: Option<Failure>,
}

/// How the solution did on one input.
pub enum Verdict {
    Pass {
        whitespace_only: bool,
    },
    /// The brute force declined the input as beyond its budget.
    Declined,
    Fail {
        expected: Vec<u8>,
        got: Vec<u8>,
        reason: String,
        diff: Option<Comparison>,
        stderr: Vec<u8>,
    },
}

/// Runs the solution on one input and compares with ours (or ours with the brute force's).
pub fn verdict(problem: &Problem, against: &Against<'_>, input: &[u8]) -> std::io::Result<Verdict> {
    let (ours, fault) = run(problem, input);
    if let Some(f) = fault {
        // Our own generator produced something our solver refuses: a bug on our side.
        return Err(std::io::Error::other(format!(
            "internal error: generated input rejected: {}",
            f.render(problem.name, input)
        )));
    }
    let (expected, got, reason, stderr) = match against {
        Against::Brute => match (problem.brute)(input) {
            Some(b) => (b, ours, None, Vec::new()),
            None => return Ok(Verdict::Declined),
        },
        Against::Command { cmd, timeout } => match run_command(cmd, input, *timeout)? {
            Outcome::Finished(out) => (ours, out, None, Vec::new()),
            Outcome::Crashed { status, stdout, stderr } => {
                (ours, stdout, Some(format!("the program failed ({status})")), stderr)
            }
            Outcome::TimedOut => (
                ours,
                Vec::new(),
                Some(format!(
                    "the program timed out after {:.1} s (process group killed)",
                    timeout.as_secs_f64()
                )),
                Vec::new(),
            ),
        },
    };
    let cmp = compare(&expected, &got);
    let (reason, diff) = match (reason, &cmp) {
        (Some(r), _) => (r, None),
        (None, Comparison::Differ { line, .. }) => {
            (format!("wrong answer on line {line}"), Some(cmp.clone()))
        }
        (None, _) => {
            return Ok(Verdict::Pass { whitespace_only: cmp == Comparison::WhitespaceOnly });
        }
    };
    Ok(Verdict::Fail { expected, got, reason, diff, stderr })
}

/// What the shrinker may spend on a failure: runs of the program under test, and time.
pub const SHRINK: Budget = Budget { runs: 400, time: Duration::from_secs(10) };

/// Runs `cases` generated cases of `problem` (within `domain`) against the solution, stopping
/// at the first failure, which is then shrunk.
pub fn stress(
    problem: &Problem,
    against: &Against<'_>,
    cases: u64,
    seed: u64,
    size: Option<Size>,
    domain: Domain,
) -> std::io::Result<Report> {
    let mut whitespace_only = 0;
    let mut declined = 0;
    for index in 0..cases {
        let size = size.unwrap_or_else(|| default_size(index, cases));
        let size = if matches!(against, Against::Brute) { Size::Tiny } else { size };
        let mut rng = Rng::new(case_seed(seed, index));
        let input = (problem.generate)(&mut rng, size, domain);
        match verdict(problem, against, &input)? {
            Verdict::Pass { whitespace_only: w } => whitespace_only += u64::from(w),
            Verdict::Declined => declined += 1,
            Verdict::Fail { expected, got, reason, diff, stderr } => {
                let mut fails =
                    |c: &[u8]| matches!(verdict(problem, against, c), Ok(Verdict::Fail { .. }));
                let shrunk = shrink_input(problem, domain, &input, &mut fails, SHRINK);
                // The shrunk input failed when tried; a program that is not deterministic may
                // pass it now: then the original input is reported.
                let (shrunk_input, expected, got, reason, diff, stderr) =
                    match verdict(problem, against, &shrunk.input)? {
                        Verdict::Fail { expected, got, reason, diff, stderr } => {
                            (shrunk.input, expected, got, reason, diff, stderr)
                        }
                        _ => (input.clone(), expected, got, reason, diff, stderr),
                    };
                let failure = Failure {
                    index,
                    size,
                    input: shrunk_input,
                    original: input,
                    shrink_runs: shrunk.calls,
                    expected,
                    got,
                    reason,
                    diff,
                    stderr,
                };
                return Ok(Report {
                    cases: index + 1,
                    declined,
                    whitespace_only,
                    failure: Some(failure),
                });
            }
        }
    }
    Ok(Report { cases, declined, whitespace_only, failure: None })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparison_forgives_only_line_end_whitespace() {
        assert_eq!(compare(b"Yes\n", b"Yes\n"), Comparison::Identical);
        assert_eq!(compare(b"Yes\nNo\n", b"Yes \r\nNo"), Comparison::WhitespaceOnly);
        assert_eq!(
            compare(b"Yes\nNo\n", b"Yes\nYes\n"),
            Comparison::Differ { line: 2, expected: "No".into(), got: "Yes".into() }
        );
        assert!(matches!(compare(b"1 2\n", b"1  2\n"), Comparison::Differ { .. }));
        assert!(matches!(compare(b"a\nb\n", b"a\n"), Comparison::Differ { line: 2, .. }));
    }
}

//! Stress testing: run a user's program on generated inputs and compare its answers with ours,
//! or check our fast solver against the exhaustive brute force.
//!
//! Outputs are compared exactly, except that CRLF line endings and trailing whitespace at line
//! ends (and trailing blank lines) are forgiven; when only such whitespace differs the case
//! passes and the report says so. A program that exits non-zero, dies by a signal or outlives
//! its timeout fails the case; on timeout its whole process group is killed.

use crate::problem::{Problem, Size, run};
pub use crate::process::{Outcome, run_command};
use crate::rng::{Rng, mix64};
use std::time::Duration;

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
    pub input: Vec<u8>,
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

/// Runs `cases` generated cases of `problem` against the solution, stopping at the first
/// failure.
pub fn stress(
    problem: &Problem,
    against: &Against<'_>,
    cases: u64,
    seed: u64,
    size: Option<Size>,
) -> std::io::Result<Report> {
    let mut whitespace_only = 0;
    let mut declined = 0;
    for index in 0..cases {
        let size = size.unwrap_or_else(|| default_size(index, cases));
        let size = if matches!(against, Against::Brute) { Size::Tiny } else { size };
        let mut rng = Rng::new(case_seed(seed, index));
        let input = (problem.generate)(&mut rng, size);
        let (ours, fault) = run(problem, &input);
        if let Some(f) = fault {
            // Our own generator produced something our solver refuses: a bug on our side.
            return Err(std::io::Error::other(format!(
                "internal error: generated input rejected: {}",
                f.render(problem.name, &input)
            )));
        }
        let (expected, got, reason, stderr) = match against {
            Against::Brute => match (problem.brute)(&input) {
                Some(b) => (b, ours, None, Vec::new()),
                None => {
                    declined += 1;
                    continue;
                }
            },
            Against::Command { cmd, timeout } => match run_command(cmd, &input, *timeout)? {
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
            (Some(r), _) => (Some(r), None),
            (None, Comparison::Differ { line, .. }) => {
                (Some(format!("wrong answer on line {line}")), Some(cmp.clone()))
            }
            (None, _) => (None, None),
        };
        if let Some(reason) = reason {
            let failure = Failure { index, size, input, expected, got, reason, diff, stderr };
            return Ok(Report {
                cases: index + 1,
                declined,
                whitespace_only,
                failure: Some(failure),
            });
        }
        if cmp == Comparison::WhitespaceOnly {
            whitespace_only += 1;
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

//! Stress testing: run a user's program on generated inputs and compare its answers with ours,
//! or check our fast solver against the exhaustive brute force.
//!
//! Outputs are compared exactly, except that CRLF line endings and trailing whitespace at line
//! ends (and trailing blank lines) are forgiven; when only such whitespace differs the case
//! passes and the report says so. A program that exits non-zero, dies by a signal, outlives its
//! timeout or writes far more than the expected answer (see [`crate::harness::process`]) fails the case;
//! one the shell cannot run at all (exit status 126 or 127) is a set-up error, not a failure.
//! Cases may run on several threads; the report is the same as a sequential run's.

pub use crate::harness::process::{Limits, Outcome, output_cap, run_command};
use crate::harness::shrink::{Budget, Shrunk, shrink};
use crate::judge::Domain;
use crate::problem::{Problem, Size, run};
use crate::rng::{Rng, mix64};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
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
        lines.get(line).map_or("<no line>".to_string(), |l| crate::error::excerpt(l))
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
    /// The input (shrunk by [`crate::harness::shrink`]) and what was judged on it.
    pub case: Counterexample,
}

/// The result of a stress run.
pub struct Report {
    pub cases: u64,
    /// Cases the brute force declined as beyond its budget (never for tiny inputs).
    pub declined: u64,
    pub whitespace_only: u64,
    pub failure: Option<Failure>,
}

/// Why a stress run could not give a verdict.
#[derive(Debug)]
pub enum StressError {
    /// The program could not be started or watched.
    Io(std::io::Error),
    /// The command cannot be run at all (the shell's exit status 126 or 127: not executable,
    /// not found). A set-up error, not a counterexample.
    SetUp(String),
    /// `games` was interrupted by this signal; the program's process group was killed.
    Interrupted(i32),
    /// Our own generator produced an input our solver refuses: a bug on our side.
    Internal(String),
}

impl std::fmt::Display for StressError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StressError::Io(e) => write!(f, "{e}"),
            StressError::SetUp(m) | StressError::Internal(m) => f.write_str(m),
            StressError::Interrupted(sig) => write!(
                f,
                "interrupted by {}; the program's process group was killed",
                crate::harness::process::signal_name(*sig)
            ),
        }
    }
}

impl std::error::Error for StressError {}

impl From<std::io::Error> for StressError {
    fn from(e: std::io::Error) -> Self {
        match crate::harness::process::interrupted() {
            Some(sig) if e.kind() == std::io::ErrorKind::Interrupted => {
                StressError::Interrupted(sig)
            }
            _ => StressError::Io(e),
        }
    }
}

/// The verdict on one input.
pub enum Verdict {
    /// The same answers (`whitespace_only`: up to line-end whitespace).
    Pass { whitespace_only: bool },
    /// The brute force declined the input as beyond its budget.
    Declined,
    /// A wrong answer, a crash, a timeout or too much output.
    Fail(Judged),
}

/// What the judge saw on a failing input.
#[derive(Debug, Clone)]
pub struct Judged {
    pub expected: Vec<u8>,
    /// What the solution under test printed (empty on a timeout).
    pub got: Vec<u8>,
    /// A one-line reason: "wrong answer on line 3", "timed out after 2 s", "exit status 1"...
    pub reason: String,
    /// The differing line, if the outputs differ.
    pub diff: Option<Comparison>,
    pub stderr: Vec<u8>,
}

/// A failing case of either form of stress (ours, [`super::generic`]): the input, shrunk, the
/// input as generated, how the shrinking went, and what was judged on the input.
#[derive(Debug, Clone)]
pub struct Counterexample {
    pub input: Vec<u8>,
    /// The input as generated; empty while it is `input` (so that at most two copies are held).
    pub original: Vec<u8>,
    /// How many candidates shrinking judged.
    pub shrink_runs: usize,
    /// Shrinking stopped because its budget ran out.
    pub shrink_out_of_budget: bool,
    /// What the report must say of the shrinking beyond its runs: why it did not start (the
    /// memory it needs), or that the validator timed out on its candidates.
    pub shrink_note: Option<String>,
    pub judged: Judged,
}

impl Counterexample {
    /// A generated input that fails, not shrunk yet.
    pub fn new(input: Vec<u8>, judged: Judged) -> Self {
        Counterexample {
            input,
            original: Vec::new(),
            shrink_runs: 0,
            shrink_out_of_budget: false,
            shrink_note: None,
            judged,
        }
    }

    /// The input as generated.
    pub fn generated(&self) -> &[u8] {
        if self.original.is_empty() { &self.input } else { &self.original }
    }

    /// Whether shrinking found a different failing input.
    pub fn shrunk(&self) -> bool {
        self.generated() != self.input
    }

    /// A smaller failing input and what was judged on it (the input as generated is kept).
    pub fn shrink_to(&mut self, input: Vec<u8>, judged: Judged) {
        if self.original.is_empty() {
            self.original = std::mem::replace(&mut self.input, input);
        } else {
            self.input = input;
        }
        self.judged = judged;
    }

    /// The body of a failure report: the input, the expected and the actual output (each an
    /// [`excerpt`]), the first differing line, and the program's stderr when it wrote any.
    /// `ours`/`theirs` name where the expected and the actual output came from.
    pub fn sections(&self, (ours, theirs): (&str, &str)) -> String {
        let j = &self.judged;
        let mut text = format!("--- input ---\n{}", excerpt(&self.input));
        text.push_str(&format!("--- expected ({ours}) ---\n{}", excerpt(&j.expected)));
        text.push_str(&format!("--- got ({theirs}) ---\n{}", excerpt(&j.got)));
        if let Some(Comparison::Differ { line, expected, got }) = &j.diff {
            text.push_str(&format!("--- diff ---\nline {line}:\n- {expected}\n+ {got}\n"));
        }
        if !j.stderr.is_empty() {
            text.push_str(&format!("--- program stderr ---\n{}", excerpt(&j.stderr)));
        }
        text
    }
}

/// Judges one input: our answer against the solution under test.
pub fn judge(
    problem: &Problem,
    against: &Against<'_>,
    input: &[u8],
) -> Result<Verdict, StressError> {
    let (ours, fault) = run(problem, input);
    if let Some(f) = fault {
        return Err(StressError::Internal(format!(
            "internal error: generated input rejected: {}",
            f.render(problem.name, input)
        )));
    }
    match against {
        Against::Brute => match (problem.brute)(input) {
            Some(b) => Ok(verdict(b, ours, None, Vec::new())),
            None => Ok(Verdict::Declined),
        },
        Against::Command { cmd, timeout } => judge_command(cmd, *timeout, ours, input),
    }
}

/// Judges one run of the shell command `cmd` on `input` against the `expected` answer: the
/// rules of the module doc (exit status 126 or 127 is a set-up error, a crash, a timeout or too
/// much output fails the case). Shared by the catalogue's stress and the generic one
/// ([`crate::harness::generic`]).
pub fn judge_command(
    cmd: &str,
    timeout: Duration,
    expected: Vec<u8>,
    input: &[u8],
) -> Result<Verdict, StressError> {
    let limits = Limits { timeout, output_cap: output_cap(expected.len()) };
    let (got, reason, stderr) = match run_command(cmd, input, limits)?.outcome {
        Outcome::Finished { stdout, stderr } => (stdout, None, stderr),
        Outcome::Crashed { code: Some(code @ (126 | 127)), stderr, .. } => {
            return Err(cannot_run(cmd, code, &stderr));
        }
        Outcome::Crashed { status, stdout, stderr, .. } => {
            (stdout, Some(format!("the program failed ({status})")), stderr)
        }
        Outcome::TimedOut => (
            Vec::new(),
            Some(format!(
                "the program timed out after {:.1} s (process group killed)",
                timeout.as_secs_f64()
            )),
            Vec::new(),
        ),
        Outcome::TooLong { stream, cap, stdout } => (
            stdout,
            Some(format!(
                "output too long: more than {cap} bytes on its {stream} (process group killed)"
            )),
            Vec::new(),
        ),
    };
    Ok(verdict(expected, got, reason, stderr))
}

/// The set-up error for a command the shell could not run (its exit status 126 or 127).
pub fn cannot_run(cmd: &str, code: i32, stderr: &[u8]) -> StressError {
    let why = crate::error::excerpt(stderr.split(|&b| b == b'\n').next().unwrap_or(b""));
    let why = why.trim();
    StressError::SetUp(format!(
        "cannot run `{cmd}`: the shell exited with status {code} ({}){}",
        if code == 127 { "command not found" } else { "not executable" },
        if why.is_empty() { String::new() } else { format!(": {why}") }
    ))
}

/// The verdict from both outputs and, when the program did not finish cleanly, why.
fn verdict(expected: Vec<u8>, got: Vec<u8>, reason: Option<String>, stderr: Vec<u8>) -> Verdict {
    let cmp = compare(&expected, &got);
    match (reason, &cmp) {
        (Some(reason), _) => Verdict::Fail(Judged { expected, got, reason, diff: None, stderr }),
        (None, Comparison::Differ { line, .. }) => Verdict::Fail(Judged {
            reason: format!("wrong answer on line {line}"),
            diff: Some(cmp.clone()),
            expected,
            got,
            stderr,
        }),
        (None, c) => Verdict::Pass { whitespace_only: *c == Comparison::WhitespaceOnly },
    }
}

/// How a stress run is made.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub cases: u64,
    pub seed: u64,
    /// A fixed size, or `None` for [`default_size`].
    pub size: Option<Size>,
    /// Cases run at once (at least 1). The report does not depend on it.
    pub jobs: usize,
    /// Within the judge's constraints, or our whole domain.
    pub domain: Domain,
    /// What shrinking the failure may spend.
    pub shrink: Budget,
}

/// What the shrinker may spend on a failure by default (`--shrink-runs`, `--shrink-time`):
/// candidates judged, and time.
pub const SHRINK: Budget = Budget { runs: 1000, time: Duration::from_secs(60) };

/// Runs `cases` generated cases of `problem` against the solution, one at a time, stopping at
/// the first failure.
pub fn stress(
    problem: &Problem,
    against: &Against<'_>,
    cases: u64,
    seed: u64,
    size: Option<Size>,
    domain: Domain,
) -> Result<Report, StressError> {
    stress_with(
        problem,
        against,
        Options { cases, seed, size, jobs: 1, domain, shrink: SHRINK },
        &|_| {},
    )
}

/// Runs the cases of `options` on `options.jobs` threads. The report is the one a sequential
/// run gives: the failure is the first failing case in seed order (every case before it is
/// run to the end), and the counts cover the cases up to it. `progress` is called with the
/// number of cases done after each one.
pub fn stress_with(
    problem: &Problem,
    against: &Against<'_>,
    options: Options,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, StressError> {
    let Options { cases, seed, size, jobs, domain, shrink } = options;
    let case = |index: u64| -> Result<Case<Failure>, StressError> {
        let size = size.unwrap_or_else(|| default_size(index, cases));
        let size = if matches!(against, Against::Brute) { Size::Tiny } else { size };
        let input = (problem.generate)(&mut Rng::new(case_seed(seed, index)), size, domain);
        Ok(match judge(problem, against, &input)? {
            Verdict::Pass { whitespace_only } => Case::Pass { whitespace_only },
            Verdict::Declined => Case::Declined,
            Verdict::Fail(judged) => {
                Case::Fail(Failure { index, size, case: Counterexample::new(input, judged) })
            }
        })
    };
    let ran = run_cases(cases, jobs, progress, &case)?;
    let failure = match ran.failure {
        Some((_, f)) => Some(shrink_failure(problem, against, domain, f, shrink)?),
        None => None,
    };
    Ok(Report {
        cases: ran.cases,
        declined: ran.declined,
        whitespace_only: ran.whitespace_only,
        failure,
    })
}

/// What one case of [`run_cases`] gave.
pub enum Case<F> {
    /// The same answers (`whitespace_only`: up to line-end whitespace).
    Pass { whitespace_only: bool },
    /// Not judged (the brute force declined it).
    Declined,
    /// A failure, described by `F`.
    Fail(F),
}

/// What [`run_cases`] found: the counts cover the cases up to the first failure.
pub struct Ran<F> {
    /// Cases counted: all of them, or up to and with the first failure.
    pub cases: u64,
    pub declined: u64,
    pub whitespace_only: u64,
    /// The first failing case in index order, and its failure.
    pub failure: Option<(u64, F)>,
}

/// Caps glibc's malloc arenas: each thread's arena reserves 64 MiB of address space, so 16
/// workers would reserve 1 GiB under `ulimit -v` before holding anything. The workers mostly
/// wait for programs; two arenas serve them.
fn few_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        unsafe extern "C" {
            fn mallopt(param: i32, value: i32) -> i32;
        }
        const M_ARENA_MAX: i32 = -8;
        // SAFETY: mallopt only sets a tunable of the allocator; any value is accepted.
        unsafe {
            mallopt(M_ARENA_MAX, 2);
        }
    }
}

/// The address space a new worker thread must leave free for the cases' own buffers.
const HEADROOM: usize = 256 << 20;

/// The driver shared by every stress run (the catalogue's and [`crate::harness::generic`]): runs
/// `case(0)`, ..., `case(cases - 1)` on `jobs` threads and stops at the first failure; the
/// result is the one a sequential run gives (every case before the first failure is run to the
/// end, later ones are not started). An error before the first failure wins, and an interrupt
/// always does. `progress` is called with the number of cases done after each one.
pub fn run_cases<F: Send>(
    cases: u64,
    jobs: usize,
    progress: &(dyn Fn(u64) + Sync),
    case: &(dyn Fn(u64) -> Result<Case<F>, StressError> + Sync),
) -> Result<Ran<F>, StressError> {
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    // Cases past a known failure (or past an error) are not started.
    let stop_at = AtomicU64::new(u64::MAX);
    let failure: Mutex<Option<(u64, F)>> = Mutex::new(None);
    let error: Mutex<Option<(u64, StressError)>> = Mutex::new(None);
    // (index, declined?) of cases that were declined or passed up to whitespace.
    let notes: Mutex<Vec<(u64, bool)>> = Mutex::new(Vec::new());
    let worker = || {
        loop {
            let index = next.fetch_add(1, Ordering::SeqCst);
            if index >= cases || index > stop_at.load(Ordering::SeqCst) {
                break;
            }
            if let Some(sig) = crate::harness::process::interrupted() {
                record_error(&error, &stop_at, index, StressError::Interrupted(sig));
                break;
            }
            match case(index) {
                Err(e) => {
                    record_error(&error, &stop_at, index, e);
                    break;
                }
                Ok(Case::Pass { whitespace_only: false }) => {}
                Ok(Case::Pass { whitespace_only: true }) => lock(&notes).push((index, false)),
                Ok(Case::Declined) => lock(&notes).push((index, true)),
                Ok(Case::Fail(f)) => {
                    stop_at.fetch_min(index, Ordering::SeqCst);
                    let mut first = lock(&failure);
                    if first.as_ref().is_none_or(|(i, _)| *i > index) {
                        *first = Some((index, f));
                    }
                }
            }
            progress(done.fetch_add(1, Ordering::SeqCst) + 1);
        }
    };
    few_malloc_arenas();
    std::thread::scope(|scope| {
        // Spawned fallibly: where the system refuses a thread (memory, a process limit), or
        // would leave less than [`HEADROOM`] for the cases themselves, the run goes on with
        // the workers it has rather than aborting with programs left behind.
        for _ in 1..jobs.max(1) {
            if crate::error::probe(HEADROOM, "a worker").is_err()
                || std::thread::Builder::new().spawn_scoped(scope, worker).is_err()
            {
                break;
            }
        }
        worker();
    });
    let failure = failure.into_inner().unwrap_or_else(|p| p.into_inner());
    if let Some((index, e)) = error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        // An error before the first failure wins; an interrupt always does.
        if failure.as_ref().is_none_or(|(i, _)| *i > index)
            || matches!(e, StressError::Interrupted(_))
        {
            return Err(e);
        }
    }
    let last = failure.as_ref().map_or(cases, |(i, _)| i + 1);
    let notes = notes.into_inner().unwrap_or_else(|p| p.into_inner());
    let declined = notes.iter().filter(|&&(i, d)| d && i < last).count() as u64;
    let whitespace_only = notes.iter().filter(|&&(i, d)| !d && i < last).count() as u64;
    Ok(Ran { cases: last, declined, whitespace_only, failure })
}

/// Shrinks a failing input ([`crate::harness::shrink`]) with the solution under test as the
/// oracle, then judges the shrunk input once more for the report. A solution that is not
/// deterministic may pass it now: then the original input is reported.
fn shrink_failure(
    problem: &Problem,
    against: &Against<'_>,
    domain: Domain,
    mut failure: Failure,
    budget: Budget,
) -> Result<Failure, StressError> {
    // Runs that gave a verdict: one refused because `games` was interrupted is not counted.
    let mut runs = 0;
    let mut fails = |c: &[u8]| match judge(problem, against, c) {
        Ok(verdict) => {
            runs += 1;
            matches!(verdict, Verdict::Fail(_))
        }
        Err(_) => false,
    };
    let shrunk = shrink_input(problem, domain, &failure.case.input, &mut fails, budget);
    failure.case.shrink_runs = runs.min(shrunk.calls);
    failure.case.shrink_out_of_budget = shrunk.out_of_budget;
    // Interrupted while shrinking: the counterexample found is kept, unshrunk (its outputs are
    // the ones judged), rather than lost.
    if crate::harness::process::interrupted().is_some() || shrunk.input == failure.case.input {
        return Ok(failure);
    }
    if let Verdict::Fail(judged) = judge(problem, against, &shrunk.input)? {
        failure.case.shrink_to(shrunk.input, judged);
    }
    Ok(failure)
}

/// Shrinks a failing input of `problem` generated in `domain`: candidates must pass the judge's
/// validator ([`Domain::Judge`]) or be accepted by our solver ([`Domain::Beyond`]).
pub fn shrink_input(
    problem: &Problem,
    domain: Domain,
    input: &[u8],
    still_fails: &mut dyn FnMut(&[u8]) -> bool,
    budget: Budget,
) -> Shrunk {
    let valid = |c: &[u8]| match domain {
        Domain::Judge => problem.judge.validate(c).is_ok(),
        Domain::Beyond => run(problem, c).1.is_none(),
    };
    shrink(problem.judge, domain, input, &valid, still_fails, budget)
}

/// One line a user can paste to reproduce a failure saved in `path`: our answer, then the
/// program's on the same file.
pub fn reproduce_line(problem: &str, cmd: Option<&str>, path: &std::path::Path) -> String {
    let file = shell_quote(&path.display().to_string());
    match cmd {
        Some(cmd) => format!("games {problem} {file}; ({cmd}) < {file}"),
        None => format!("games {problem} {file}"),
    }
}

/// Writes a failing input to `path`. A path the user named (`named`) is written as given
/// (non-regular files were refused before the run). Our default name is never followed: a
/// symbolic link there, even a dangling one, is refused, an earlier regular file of that name
/// is replaced, and the file is created new (`O_EXCL`), as `games gen --out` writes its files.
pub fn save_input(path: &std::path::Path, bytes: &[u8], named: bool) -> std::io::Result<()> {
    use std::io::Write;
    if named {
        return std::fs::write(path, bytes);
    }
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            return Err(std::io::Error::other(
                "a symbolic link is there (not followed; remove it or name a file with --save)",
            ));
        }
        Ok(m) if m.is_file() => std::fs::remove_file(path)?,
        _ => {}
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .and_then(|mut f| f.write_all(bytes))
}

/// `s` quoted for a POSIX shell when it needs it.
pub fn shell_quote(s: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=+,:@%".contains(c);
    if !s.is_empty() && s.chars().all(plain) {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// The lines a stress report adds about shrinking: sizes before and after, and the command
/// that reproduces the failure from the saved file.
pub fn summary(
    problem: &str,
    failure: &Failure,
    saved: Option<&std::path::Path>,
    against: &Against<'_>,
) -> String {
    let case = &failure.case;
    let (before, after) = (case.generated().len(), case.input.len());
    let runs = case.shrink_runs;
    let budget = if case.shrink_out_of_budget {
        "; the budget ran out (--shrink-runs, --shrink-time)"
    } else {
        ""
    };
    let interrupted = crate::harness::process::interrupted().filter(|_| !case.shrunk());
    let shrunk = if let Some(sig) = interrupted {
        let sig = crate::harness::process::signal_name(sig);
        format!("not shrunk ({after} bytes): shrinking interrupted by {sig} after {runs} runs\n")
    } else if !case.shrunk() {
        format!("not shrunk ({after} bytes): no smaller input failed in {runs} runs{budget}\n")
    } else if before == after {
        format!("shrunk to smaller values ({after} bytes) in {runs} runs{budget}\n")
    } else {
        format!("shrunk from {before} to {after} bytes in {runs} runs{budget}\n")
    };
    let cmd = match against {
        Against::Command { cmd, .. } => Some(*cmd),
        Against::Brute => None,
    };
    match saved {
        Some(path) => format!("{shrunk}reproduce: {}\n", reproduce_line(problem, cmd, path)),
        // The save failed (said after the report): the line must not name a file that is not there.
        None => format!(
            "{shrunk}reproduce: save the input above as FILE, then: {}\n",
            reproduce_line(problem, cmd, std::path::Path::new("FILE"))
        ),
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

fn record_error(
    slot: &Mutex<Option<(u64, StressError)>>,
    stop_at: &AtomicU64,
    index: u64,
    e: StressError,
) {
    stop_at.fetch_min(index, Ordering::SeqCst);
    let mut slot = lock(slot);
    if slot.as_ref().is_none_or(|(i, _)| *i > index) {
        *slot = Some((index, e));
    }
}

/// At most 40 lines / 4 KiB of a text, with a note when cut, ending in a newline.
/// The text is escaped ([`crate::error::escape`]): line feeds and tabs kept, every other control
/// byte shown as `\u001b`, so a program's output cannot act on the terminal.
pub fn excerpt(bytes: &[u8]) -> String {
    let text = crate::error::escape(bytes, crate::error::Lines::Keep);
    let mut shown: String = text.lines().take(40).collect::<Vec<_>>().join("\n");
    if shown.len() > 4096 {
        let mut cut = 4096;
        while !shown.is_char_boundary(cut) {
            cut -= 1;
        }
        shown.truncate(cut);
    }
    if shown.len() < text.trim_end().len() {
        shown.push_str(&format!("\n... ({} bytes in all)", bytes.len()));
    }
    shown.push('\n');
    shown
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

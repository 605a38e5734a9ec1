//! Stress testing any problem: `games stress --gen CMD --reference CMD --against CMD`.
//!
//! Case `i` of a run with seed `S` runs the generator with a seed appended as its last argument
//! (`GEN <seed>`, the convention of testlib generators; the seed is
//! [`generator_seed`]`(S, i)`, below 2^31 so that any language reads it), checks the input with
//! the validator when one is given (exit 0 accepts), runs the reference on it for the expected
//! answer and the program under test for its answer, and compares them with the catalogue's
//! rules ([`crate::harness::stress::judge_command`]: CRLF and trailing blanks forgiven, a crash, a
//! timeout or far too much output fail the case). The cases run through the catalogue's own
//! driver ([`crate::harness::stress::run_cases`]), so `-j N` gives the report of a sequential run, and
//! every program runs under [`crate::harness::process`] (process groups, output cap, signals, orphans).
//!
//! Set-up errors (exit 2 on the command line), never counterexamples: a generator that fails,
//! times out or writes nothing; a validator that refuses a generated input; a reference that
//! fails or times out; any command the shell cannot run (exit status 126 or 127).
//!
//! The first failing input is shrunk without knowing its format ([`crate::harness::shrink_text`]): a
//! candidate is kept only when the validator (if any) accepts it, the reference answers it, and
//! the program under test still fails on it; the budget is the catalogue's [`SHRINK`].

use crate::harness::process::{Limits, Outcome, run_command};
use crate::harness::shrink::Shrunk;
use crate::harness::shrink_text::{Check, shrink_text};
use crate::harness::stress::{
    Case, Comparison, SHRINK, StressError, Verdict, cannot_run, case_seed, judge_command,
    run_cases, shell_quote,
};
use std::time::Duration;

/// The three (or four) programs of a generic run.
#[derive(Debug, Clone, Copy)]
pub struct Programs<'a> {
    /// Prints an input; called as `GEN <seed>`.
    pub generator: &'a str,
    /// Prints the right answer of an input on stdin.
    pub reference: &'a str,
    /// The program under test.
    pub against: &'a str,
    /// Exits 0 iff the input on stdin is legal.
    pub validator: Option<&'a str>,
}

/// How a generic run is made.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    pub cases: u64,
    pub seed: u64,
    /// Cases run at once (at least 1). The report does not depend on it.
    pub jobs: usize,
    /// Per run of any of the programs.
    pub timeout: Duration,
}

/// The first failing case.
pub struct Failure {
    pub index: u64,
    /// The seed the generator was given for it.
    pub generator_seed: u64,
    /// The failing input, shrunk.
    pub input: Vec<u8>,
    /// The generated input before shrinking.
    pub original: Vec<u8>,
    /// How many candidates shrinking judged.
    pub shrink_runs: usize,
    pub expected: Vec<u8>,
    pub got: Vec<u8>,
    pub reason: String,
    pub diff: Option<Comparison>,
    pub stderr: Vec<u8>,
}

/// The result of a generic run.
pub struct Report {
    pub cases: u64,
    pub whitespace_only: u64,
    pub failure: Option<Failure>,
}

/// The seed given to the generator for case `index` of a run with seed `seed`: the
/// catalogue's case seed, cut to 31 bits (a C `int`, a shell's arithmetic, anything reads it).
pub fn generator_seed(seed: u64, index: u64) -> u64 {
    case_seed(seed, index) >> 33
}

/// The output cap of the generator and the reference (whose output size is not known before).
const CAP: usize = 64 << 20;

/// What running a helper (generator, validator, reference) gave.
enum Helper {
    /// Exit 0 with this output.
    Ok(Vec<u8>),
    /// Anything else: why, in a few words, and the first line of its stderr.
    Failed(String),
}

fn helper(cmd: &str, input: &[u8], timeout: Duration) -> Result<Helper, StressError> {
    let run = run_command(cmd, input, Limits { timeout, output_cap: CAP })?;
    let first_line = |stderr: &[u8]| {
        let text = String::from_utf8_lossy(stderr);
        match text.lines().map(str::trim).find(|l| !l.is_empty()) {
            Some(l) => format!(": {l}"),
            None => String::new(),
        }
    };
    Ok(match run.outcome {
        Outcome::Finished { stdout, .. } => Helper::Ok(stdout),
        Outcome::Crashed { code: Some(code @ (126 | 127)), stderr, .. } => {
            return Err(cannot_run(cmd, code, &stderr));
        }
        Outcome::Crashed { status, stderr, .. } => {
            Helper::Failed(format!("failed ({status}){}", first_line(&stderr)))
        }
        Outcome::TimedOut => {
            Helper::Failed(format!("timed out after {:.1} s", timeout.as_secs_f64()))
        }
        Outcome::TooLong { stream, cap, .. } => {
            Helper::Failed(format!("wrote more than {cap} bytes on its {stream}"))
        }
    })
}

/// Runs the generator for case `index`; its input, or a set-up error.
fn generate(
    programs: &Programs<'_>,
    options: &Options,
    index: u64,
) -> Result<Vec<u8>, StressError> {
    let seed = generator_seed(options.seed, index);
    let cmd = format!("{} {seed}", programs.generator);
    match helper(&cmd, b"", options.timeout)? {
        Helper::Ok(input) if input.iter().all(u8::is_ascii_whitespace) => Err(StressError::SetUp(
            format!("the generator printed no input: `{cmd}` (case {})", index + 1),
        )),
        Helper::Ok(input) => Ok(input),
        Helper::Failed(why) => Err(StressError::SetUp(format!(
            "the generator {why}: `{cmd}` (case {}); not a counterexample",
            index + 1
        ))),
    }
}

/// The validator's verdict on `input`: `Ok(None)` accepted (or no validator), `Ok(Some(why))`
/// refused.
fn validate(
    programs: &Programs<'_>,
    input: &[u8],
    timeout: Duration,
) -> Result<Option<String>, StressError> {
    let Some(cmd) = programs.validator else { return Ok(None) };
    Ok(match helper(cmd, input, timeout)? {
        Helper::Ok(_) => None,
        Helper::Failed(why) => Some(why),
    })
}

/// The reference's answer to `input`: `Ok(Err(why))` when it failed or timed out.
pub fn reference_answer(
    cmd: &str,
    input: &[u8],
    timeout: Duration,
) -> Result<Result<Vec<u8>, String>, StressError> {
    Ok(match helper(cmd, input, timeout)? {
        Helper::Ok(answer) => Ok(answer),
        Helper::Failed(why) => Err(why),
    })
}

/// Runs the cases, stopping at the first failure, which is shrunk. `progress` is called with
/// the number of cases done after each one.
pub fn stress(
    programs: Programs<'_>,
    options: Options,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, StressError> {
    let timeout = options.timeout;
    let case = |index: u64| -> Result<Case<Failure>, StressError> {
        let input = generate(&programs, &options, index)?;
        let seed_note = || {
            format!(
                "case {}, `{} {}`",
                index + 1,
                programs.generator,
                generator_seed(options.seed, index)
            )
        };
        if let Some(why) = validate(&programs, &input, timeout)? {
            return Err(StressError::SetUp(format!(
                "the validator refuses the generator's input ({}): it {why}",
                seed_note()
            )));
        }
        let expected = match reference_answer(programs.reference, &input, timeout)? {
            Ok(answer) => answer,
            Err(why) => {
                return Err(StressError::SetUp(format!(
                    "the reference {why} ({}); not a counterexample",
                    seed_note()
                )));
            }
        };
        Ok(match judge_command(programs.against, timeout, expected, &input)? {
            Verdict::Pass { whitespace_only } => Case::Pass { whitespace_only },
            Verdict::Declined => Case::Declined,
            Verdict::Fail { expected, got, reason, diff, stderr } => Case::Fail(Failure {
                index,
                generator_seed: generator_seed(options.seed, index),
                original: input.clone(),
                input,
                shrink_runs: 0,
                expected,
                got,
                reason,
                diff,
                stderr,
            }),
        })
    };
    let ran = run_cases(options.cases, options.jobs, progress, &case)?;
    let failure = match ran.failure {
        Some((_, f)) => Some(shrink_failure(&programs, timeout, f)?),
        None => None,
    };
    Ok(Report { cases: ran.cases, whitespace_only: ran.whitespace_only, failure })
}

/// One candidate of the shrinker: invalid when the validator refuses it or the reference
/// cannot answer it; else the verdict on the program under test (with its details).
fn check(programs: &Programs<'_>, timeout: Duration, input: &[u8]) -> (Check, Option<Verdict>) {
    match validate(programs, input, timeout) {
        Ok(None) => {}
        _ => return (Check::Invalid, None),
    }
    let Ok(Ok(expected)) = reference_answer(programs.reference, input, timeout) else {
        return (Check::Invalid, None);
    };
    match judge_command(programs.against, timeout, expected, input) {
        Ok(v @ Verdict::Fail { .. }) => (Check::Fails, Some(v)),
        Ok(v) => (Check::Passes, Some(v)),
        Err(_) => (Check::Invalid, None),
    }
}

/// Shrinks the failing input, then judges the shrunk one once more for the report (a program
/// that is not deterministic may pass it now: then the original is reported).
fn shrink_failure(
    programs: &Programs<'_>,
    timeout: Duration,
    failure: Failure,
) -> Result<Failure, StressError> {
    let Shrunk { input, calls } =
        shrink_text(&failure.input, &mut |c| check(programs, timeout, c).0, SHRINK);
    if crate::harness::process::interrupted().is_some() || input == failure.input {
        return Ok(Failure { shrink_runs: calls, ..failure });
    }
    Ok(match check(programs, timeout, &input) {
        (Check::Fails, Some(Verdict::Fail { expected, got, reason, diff, stderr })) => {
            Failure { input, shrink_runs: calls, expected, got, reason, diff, stderr, ..failure }
        }
        _ => Failure { shrink_runs: calls, ..failure },
    })
}

/// The lines a generic report ends with: sizes before and after shrinking, the generator's
/// call for the original input, and a line that reproduces the failure from the saved file.
pub fn summary(
    programs: &Programs<'_>,
    failure: &Failure,
    saved: Option<&std::path::Path>,
) -> String {
    let tokens = |b: &[u8]| b.split(|c| c.is_ascii_whitespace()).filter(|t| !t.is_empty()).count();
    let (before, after) = (&failure.original, &failure.input);
    let runs = failure.shrink_runs;
    let mut text = if before == after {
        format!("not shrunk ({} bytes, {} tokens; {runs} runs tried)\n", after.len(), tokens(after))
    } else {
        format!(
            "shrunk from {} bytes ({} tokens) to {} bytes ({} tokens) in {runs} runs\n",
            before.len(),
            tokens(before),
            after.len(),
            tokens(after)
        )
    };
    text.push_str(&format!("generated by: {} {}\n", programs.generator, failure.generator_seed));
    let file = match saved {
        Some(path) => shell_quote(&path.display().to_string()),
        None => {
            text.push_str("reproduce: save the input above as FILE, then: ");
            "FILE".to_string()
        }
    };
    if saved.is_some() {
        text.push_str("reproduce: ");
    }
    text.push_str(&format!("({}) < {file}; ({}) < {file}\n", programs.reference, programs.against));
    text
}

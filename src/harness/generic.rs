//! Stress testing any problem: `games stress --gen CMD --reference CMD --against CMD`.
//!
//! Case `i` of a run with seed `S` runs the generator with a seed appended as its last argument
//! (`GEN <seed>`, the convention of testlib generators), or in place of `{seed}` where GEN
//! holds it (`gen --seed {seed} --n 10`; the seed is
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
//! The validator has its own time limit (a generous one by default: a slow validator on a busy
//! machine is not a failure of the solution), and every message names the program that failed.
//!
//! The first failing input is returned as it is ([`stress`]) so that it can be saved and shown
//! before anything else; [`shrink_failure`] then shrinks it without knowing its format
//! ([`crate::harness::shrink_text`]): a candidate is kept only when the validator (if any)
//! accepts it, the reference answers it, and the program under test still fails on it. Without
//! a validator, the shape of the generated inputs is kept: the smallest value of each place
//! over the whole run is recorded ([`crate::harness::shape::Observed`]) and is a floor.
//!
//! Memory: a generated input is held only while its case runs, and cases hold at most
//! [`HELD`] bytes of inputs at once (past that, a job waits before starting its generator), so
//! `-j 40` with 50 MB inputs does not take 40 times 50 MB.

use crate::harness::process::{Limits, Outcome, run_command};
use crate::harness::shape::Observed;
use crate::harness::shrink::{Budget, Shrunk};
use crate::harness::shrink_text::{Check, shrink_text};
use crate::harness::stress::{
    Case, Counterexample, StressError, Verdict, cannot_run, case_seed, judge_command, run_cases,
    shell_quote,
};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex};
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
    /// Per run of the generator, the reference and the program under test.
    pub timeout: Duration,
    /// Per run of the validator.
    pub validator_timeout: Duration,
}

/// The first failing case.
pub struct Failure {
    pub index: u64,
    /// The seed the generator was given for it.
    pub generator_seed: u64,
    /// The input (shrunk by [`shrink_failure`]) and what was judged on it.
    pub case: Counterexample,
}

/// The result of a generic run.
pub struct Report {
    pub cases: u64,
    pub whitespace_only: u64,
    /// The first failure, not shrunk yet ([`shrink_failure`]).
    pub failure: Option<Failure>,
    /// Without a validator: the smallest values, lengths and letters the generator printed
    /// in each place over the run (the shrinker's floors).
    pub observed: Option<Observed>,
}

/// The generator's command line for `seed`: `{seed}` in GEN is replaced by it (every
/// occurrence), else it is appended as the last argument (testlib's convention).
pub fn generator_command(generator: &str, seed: u64) -> String {
    if generator.contains("{seed}") {
        generator.replace("{seed}", &seed.to_string())
    } else {
        format!("{generator} {seed}")
    }
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
    /// Killed at its time limit.
    TimedOut(Duration),
}

/// At most this many bytes of generated inputs are held at once by the cases in flight.
pub const HELD: u64 = 128 << 20;

/// The bytes of generated inputs held by cases in flight, bounded by [`HELD`].
struct Gate {
    held: Mutex<u64>,
    freed: Condvar,
    /// The largest input seen so far: what a case about to generate one reserves.
    largest: Mutex<u64>,
}

impl Gate {
    /// Reserves room for one input before its generator runs: waits while others hold too
    /// much (one case alone always proceeds). Returns what was reserved.
    fn enter(&self) -> u64 {
        // Before any input is known, a case reserves a generator's whole output cap.
        let want = (*lock(&self.largest)).clamp(1 << 20, HELD);
        let mut held = lock(&self.held);
        while *held > 0 && *held + want > HELD {
            held = self.freed.wait(held).unwrap_or_else(|p| p.into_inner());
        }
        *held += want;
        want
    }

    /// Turns a reservation of `reserved` into the input's real `size`.
    fn adjust(&self, reserved: u64, size: u64) {
        {
            let mut largest = lock(&self.largest);
            *largest = (*largest).max(size);
        }
        let mut held = lock(&self.held);
        *held = *held - reserved + size;
        self.freed.notify_all();
    }

    fn leave(&self, size: u64) {
        let mut held = lock(&self.held);
        *held -= size;
        self.freed.notify_all();
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

fn helper(cmd: &str, input: &[u8], timeout: Duration) -> Result<Helper, StressError> {
    let run = run_command(cmd, input, Limits { timeout, output_cap: CAP })?;
    let first_line = |stderr: &[u8]| {
        let text = crate::error::escape(stderr, crate::error::Lines::Keep);
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
        Outcome::TimedOut => Helper::TimedOut(timeout),
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
    let cmd = generator_command(programs.generator, generator_seed(options.seed, index));
    match helper(&cmd, b"", options.timeout)? {
        Helper::Ok(input) if input.iter().all(u8::is_ascii_whitespace) => Err(StressError::SetUp(
            format!("the generator printed no input: `{cmd}` (case {})", index + 1),
        )),
        Helper::Ok(input) => Ok(input),
        Helper::Failed(why) => Err(StressError::SetUp(format!(
            "the generator {why}: `{cmd}` (case {}); not a counterexample",
            index + 1
        ))),
        Helper::TimedOut(t) => Err(StressError::SetUp(format!(
            "the generator timed out after {:.1} s (--timeout): `{cmd}` (case {}); not a counterexample",
            t.as_secs_f64(),
            index + 1
        ))),
    }
}

/// What the validator said of an input.
enum Validation {
    /// Accepted (or there is no validator).
    Accepted,
    /// Refused: why.
    Refused(String),
    /// Killed at its own time limit.
    TimedOut(Duration),
}

/// The validator's verdict on `input`, under its own time limit.
fn validate(
    programs: &Programs<'_>,
    input: &[u8],
    timeout: Duration,
) -> Result<Validation, StressError> {
    let Some(cmd) = programs.validator else { return Ok(Validation::Accepted) };
    Ok(match helper(cmd, input, timeout)? {
        Helper::Ok(_) => Validation::Accepted,
        Helper::Failed(why) => Validation::Refused(why),
        Helper::TimedOut(t) => Validation::TimedOut(t),
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
        Helper::TimedOut(t) => Err(format!("timed out after {:.1} s (--timeout)", t.as_secs_f64())),
    })
}

/// Runs the cases, stopping at the first failure (returned as generated: see
/// [`shrink_failure`]). `progress` is called with the number of cases done after each one.
pub fn stress(
    programs: Programs<'_>,
    options: Options,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, StressError> {
    let gate = Gate { held: Mutex::new(0), freed: Condvar::new(), largest: Mutex::new(HELD / 4) };
    let observed = Mutex::new(Observed::default());
    // The first case (in seed order) that met a set-up error: a case after it that has not
    // started its generator yet is not started (under -j N, N generators that all time out
    // would otherwise each wait out the timeout in turn, a few at a time behind the gate).
    let set_up_error = AtomicU64::new(u64::MAX);
    let case = |index: u64| -> Result<Case<Failure>, StressError> {
        let reserved = gate.enter();
        if index > set_up_error.load(Ordering::SeqCst) {
            gate.adjust(reserved, 0);
            gate.leave(0);
            // Never shown: the earlier case's error is the one reported.
            return Err(StressError::SetUp("not started after an earlier set-up error".into()));
        }
        let generated = generate(&programs, &options, index);
        let size = generated.as_ref().map_or(0, |i| i.len() as u64);
        gate.adjust(reserved, size);
        let result =
            generated.and_then(|input| judge_case(&programs, &options, index, input, &observed));
        gate.leave(size);
        if result.is_err() {
            set_up_error.fetch_min(index, Ordering::SeqCst);
        }
        result
    };
    let ran = run_cases(options.cases, options.jobs, progress, &case)?;
    let observed = programs
        .validator
        .is_none()
        .then(|| observed.into_inner().unwrap_or_else(|p| p.into_inner()));
    Ok(Report {
        cases: ran.cases,
        whitespace_only: ran.whitespace_only,
        failure: ran.failure.map(|(_, f)| f),
        observed,
    })
}

/// Validates, answers and judges the generated input of case `index`.
fn judge_case(
    programs: &Programs<'_>,
    options: &Options,
    index: u64,
    input: Vec<u8>,
    observed: &Mutex<Observed>,
) -> Result<Case<Failure>, StressError> {
    let timeout = options.timeout;
    let seed_note = || {
        format!(
            "case {}, `{}`",
            index + 1,
            generator_command(programs.generator, generator_seed(options.seed, index))
        )
    };
    match validate(programs, &input, options.validator_timeout)? {
        Validation::Accepted => {}
        Validation::Refused(why) => {
            return Err(StressError::SetUp(format!(
                "the validator refuses the generator's input ({}): it {why}",
                seed_note()
            )));
        }
        Validation::TimedOut(t) => {
            return Err(StressError::SetUp(format!(
                "the validator timed out after {:.1} s (--validate-timeout) on the generator's input ({}); not a counterexample",
                t.as_secs_f64(),
                seed_note()
            )));
        }
    }
    if programs.validator.is_none() {
        let mut seen = Observed::default();
        seen.observe(&input);
        lock(observed).merge(&seen);
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
        Verdict::Fail(judged) => Case::Fail(Failure {
            index,
            generator_seed: generator_seed(options.seed, index),
            case: Counterexample::new(input, judged),
        }),
    })
}

/// One candidate of the shrinker: invalid when the validator refuses it (or times out) or the
/// reference cannot answer it; else the verdict on the program under test (with its details).
fn check(programs: &Programs<'_>, options: &Options, input: &[u8]) -> (Check, Option<Verdict>) {
    let (c, v, _) = check_timed(programs, options, input);
    (c, v)
}

/// [`check`], and whether the validator timed out (the candidate then counts as invalid).
fn check_timed(
    programs: &Programs<'_>,
    options: &Options,
    input: &[u8],
) -> (Check, Option<Verdict>, bool) {
    match validate(programs, input, options.validator_timeout) {
        Ok(Validation::Accepted) => {}
        Ok(Validation::TimedOut(_)) => return (Check::Invalid, None, true),
        _ => return (Check::Invalid, None, false),
    }
    let Ok(Ok(expected)) = reference_answer(programs.reference, input, options.timeout) else {
        return (Check::Invalid, None, false);
    };
    match judge_command(programs.against, options.timeout, expected, input) {
        Ok(v @ Verdict::Fail(_)) => (Check::Fails, Some(v), false),
        Ok(v) => (Check::Passes, Some(v), false),
        Err(_) => (Check::Invalid, None, false),
    }
}

/// The memory the text shrinker may need for `input`, estimated before it starts: four copies
/// of the bytes (the best input, a candidate, their parsed forms) and 64 bytes for each token
/// and each line (token and line tables, the shape's lists and roles, twice while a candidate
/// is adopted). Measured: 2.35 GB for 30 M one-token lines (60 MB), under this 4.1 GB.
pub fn shrink_memory(input: &[u8]) -> usize {
    let lines = memchr::memchr_iter(b'\n', input).count() + 1;
    let tokens = input.split(|b| crate::error::is_space(*b)).filter(|t| !t.is_empty()).count();
    input.len().saturating_mul(4).saturating_add((lines + tokens).saturating_mul(64))
}

/// How many generated inputs the floors of a run without a validator are read from at least.
pub const FLOOR_SAMPLES: u64 = 100;

/// Without a validator, the floors come from the generated inputs; a run that failed early
/// saw few of them: the generator is run on further seeds (past the run's cases) until
/// [`FLOOR_SAMPLES`] inputs were seen, for at most a quarter of the shrinking time (and 20 s).
fn sample_floors(
    programs: &Programs<'_>,
    options: &Options,
    floors: &mut Observed,
    budget: Budget,
) {
    let deadline =
        std::time::Instant::now().checked_add(budget.time.min(Duration::from_secs(80)) / 4);
    let mut index = options.cases;
    while floors.inputs < FLOOR_SAMPLES
        && budget.runs > 0
        && deadline.is_none_or(|d| std::time::Instant::now() < d)
        && crate::harness::process::interrupted().is_none()
    {
        let seed = generator_seed(options.seed, index);
        index += 1;
        let cmd = generator_command(programs.generator, seed);
        match helper(&cmd, b"", options.timeout) {
            Ok(Helper::Ok(input)) => {
                let before = floors.inputs;
                floors.observe(&input);
                if floors.inputs == before {
                    break; // too large to read: the failing input's own values are the floors
                }
            }
            _ => break,
        }
    }
}

/// Shrinks the failing input within `budget` (`observed`: the floors, without a validator),
/// then judges the shrunk one once more for the report (a program that is not deterministic
/// may pass it now: then the original is reported). `failure.original` is set to the input
/// as generated; the input itself is given up for the shrunk one, so at most two copies are
/// held.
pub fn shrink_failure(
    programs: &Programs<'_>,
    options: &Options,
    mut failure: Failure,
    budget: Budget,
    observed: Option<&Observed>,
) -> Failure {
    // The budget rule for memory: the shrinker holds a few copies of the input and a few words
    // a token and a line; when that cannot be had, the input is reported as it is.
    if let Err(e) = crate::error::probe(shrink_memory(&failure.case.input), "shrinking") {
        failure.case.shrink_note =
            Some(format!("not shrunk: {e} (the input is shown as generated)"));
        return failure;
    }
    let floors = if programs.validator.is_some() {
        None
    } else {
        let mut floors = observed.cloned().unwrap_or_default();
        sample_floors(programs, options, &mut floors, budget);
        Some(floors)
    };
    let mut timeouts = 0usize;
    let Shrunk { input, calls, out_of_budget } = shrink_text(
        &failure.case.input,
        &mut |c| {
            let (verdict, _, timed_out) = check_timed(programs, options, c);
            timeouts += usize::from(timed_out);
            verdict
        },
        budget,
        floors.as_ref(),
    );
    failure.case.shrink_runs = calls;
    failure.case.shrink_out_of_budget = out_of_budget;
    let limit = options.validator_timeout.as_secs_f64();
    failure.case.shrink_note = match timeouts {
        0 => None,
        t if t == calls => Some(format!(
            "the validator timed out (--validate-timeout {limit:.1} s) on every one of the {calls} candidates: none was judged"
        )),
        t => Some(format!(
            "the validator timed out (--validate-timeout {limit:.1} s) on {t} of the {calls} candidates, which were not judged"
        )),
    };
    if crate::harness::process::interrupted().is_some() || input == failure.case.input {
        return failure;
    }
    if let (Check::Fails, Some(Verdict::Fail(judged))) = check(programs, options, &input) {
        failure.case.shrink_to(input, judged);
    }
    failure
}

/// The lines a generic report ends with: sizes before and after shrinking, the generator's
/// call for the original input, and a line that reproduces the failure from the saved file.
pub fn summary(
    programs: &Programs<'_>,
    failure: &Failure,
    saved: Option<&std::path::Path>,
) -> String {
    let tokens = |b: &[u8]| b.split(|c| c.is_ascii_whitespace()).filter(|t| !t.is_empty()).count();
    let case = &failure.case;
    let after = &case.input;
    let runs = case.shrink_runs;
    let budget = if case.shrink_out_of_budget {
        "; the budget ran out (--shrink-runs, --shrink-time)"
    } else {
        ""
    };
    let note = case.shrink_note.as_deref();
    let mut text = match case.generated() {
        _ if runs == 0 && note.is_some_and(|n| n.starts_with("not shrunk")) => String::new(),
        _ if !case.shrunk() => format!(
            "not shrunk ({} bytes, {} tokens): no smaller input failed in {runs} runs{budget}\n",
            after.len(),
            tokens(after)
        ),
        before if before.len() == after.len() && tokens(before) == tokens(after) => format!(
            "shrunk to smaller values ({} bytes, {} tokens) in {runs} runs{budget}\n",
            after.len(),
            tokens(after)
        ),
        before => format!(
            "shrunk from {} bytes ({} tokens) to {} bytes ({} tokens) in {runs} runs{budget}\n",
            before.len(),
            tokens(before),
            after.len(),
            tokens(after)
        ),
    };
    if let Some(note) = note {
        text.push_str(note);
        text.push('\n');
    }
    if programs.validator.is_none() {
        text.push_str(
            "not validated (no --validate): the shrinker kept the generated inputs' shape \
             (counts, and no value below the smallest generated in its place)\n",
        );
    }
    let generated = generator_command(programs.generator, failure.generator_seed);
    text.push_str(&format!("generated by: {generated}\n"));
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

//! `games stress --gen CMD --reference CMD --against CMD [--validate CMD]`: the stress run for
//! any problem, ours or not (the library side is `games::stress_generic`). Its options are
//! added to `games stress`; `stress::run` hands over here when `--gen` is given.

use super::io;
use anyhow::Result;
use clap::{Arg, ArgMatches};
use games::stress_generic::{self, Options, Programs};
use games::{process, stress};
use std::process::ExitCode;

/// The long help of `games stress` (both forms, with the example of `examples/sum-of-list/`).
pub const LONG_ABOUT: &str = "\
Compare a program's answers with a reference's on generated inputs; stop at the first
failure, shrink it, save it and print a line that reproduces it.

For a problem of the catalogue (see `games list`), games generates the inputs and is the
reference:

  games stress nim --against './a.out'          # your program against ours
  games stress nim --brute                      # our fast solver against our brute force

For any other problem, bring a generator, a reference (a brute force) and, optionally, a
validator; any shell commands:

  games stress --gen GEN --reference REF --against CMD [--validate VAL]
               [--cases N] [--seed S] [-j N] [--timeout SEC] [--save FILE]

- GEN is run with a seed appended as its last argument (`GEN 1804289383`, testlib's
  convention) and prints one input; the seed of case i depends only on --seed and i.
- VAL (optional) reads an input and exits 0 iff it is legal. Every generated input must pass
  it; the shrinker only keeps inputs it accepts.
- REF reads the input and prints the right answer; CMD is the program under test. Outputs
  are compared exactly, except that CRLF and trailing blanks at line ends are forgiven (the
  summary says when that happened).
- A generator or reference that fails or times out, a validator refusing a generated input,
  or a command the shell cannot run is a set-up error (exit 2), never a counterexample.
- The failing input is shrunk without knowing its format: runs of lines, then runs of tokens
  are dropped (a count before them lowered to match when needed), then numbers go towards 0
  or 1; a candidate is kept only if the validator accepts it, the reference answers it and
  CMD still fails. The sizes before and after are reported.
- Our parts mix with yours: REF may be `games <problem>` or `games graph`, GEN may be
  `games gen <problem> --seed` (the seed is appended).

A complete example, in the repository under examples/sum-of-list/ (\"print the sum of a
list\"; wrong.py forgets the last number):

  cd examples/sum-of-list
  games stress --gen 'python3 gen.py' --reference 'python3 brute.py' \\
               --against 'python3 wrong.py' --validate 'python3 validate.py'

  stress: case 1 (`python3 gen.py 1234`): wrong answer on line 1
  ...
  shrunk from 25 bytes (9 tokens) to 4 bytes (2 tokens) in 14 runs
  reproduce: (python3 brute.py) < stress-1-1.in; (python3 wrong.py) < stress-1-1.in

The same with shell scripts: --gen 'sh gen.sh' --reference 'sh brute.sh' --against
'sh wrong.sh'. Exit status: 0 every case passed, 1 a counterexample, 2 a set-up error,
128 + n interrupted by signal n (the programs' process groups are killed).";

/// The options only the generic form has.
pub fn args() -> Vec<Arg> {
    vec![
        Arg::new("gen")
            .long("gen")
            .value_name("CMD")
            .conflicts_with_all(["PROBLEM", "brute"])
            .requires("reference")
            .help("Any problem: the generator, run as `CMD <seed>` (with --reference, no problem)"),
        Arg::new("reference")
            .long("reference")
            .value_name("CMD")
            .requires("gen")
            .help("With --gen: the program that prints the right answers (a brute force)"),
        Arg::new("validate")
            .long("validate")
            .value_name("CMD")
            .requires("gen")
            .help("With --gen: exits 0 iff the input on stdin is legal; gates generation and shrinking"),
    ]
}

pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    let text = |id: &str| args.get_one::<String>(id).map(String::as_str).unwrap_or_default();
    let programs = Programs {
        generator: text("gen"),
        reference: text("reference"),
        against: text("against"),
        validator: args.get_one::<String>("validate").map(String::as_str),
    };
    let seed = *args.get_one::<u64>("seed").unwrap_or(&1);
    let cases = *args.get_one::<u64>("cases").unwrap_or(&300);
    let timeout = *args.get_one::<f64>("timeout").unwrap_or(&5.0);
    let options = Options {
        cases,
        seed,
        jobs: super::jobs_of(args),
        timeout: std::time::Duration::from_secs_f64(timeout),
    };
    process::Supervisor::install();
    let progress = super::Progress::new("stress", cases);
    let result = stress_generic::stress(programs, options, &|done| progress.show(done));
    progress.clear();
    process::sweep_orphans();
    let report = match result {
        Ok(report) => report,
        Err(e) => return Ok(super::stress_error("stress", &e)),
    };
    let Some(f) = report.failure else {
        let mut line = format!(
            "stress: {} cases passed: `{}` agrees with `{}` (seed {seed})",
            report.cases, programs.against, programs.reference
        );
        if report.whitespace_only > 0 {
            line.push_str(&format!(
                "; {} of them differ only in line-end whitespace (CRLF or trailing blanks)",
                report.whitespace_only
            ));
        }
        line.push('\n');
        return Ok(io::finish(0, line.as_bytes()));
    };
    let save = args
        .get_one::<std::path::PathBuf>("save")
        .cloned()
        .unwrap_or_else(|| format!("stress-{seed}-{}.in", f.index + 1).into());
    // The report comes first: a save that fails must not lose it.
    let saved = std::fs::write(&save, &f.input);
    let mut text = format!(
        "stress: case {} (`{} {}`): {}\n",
        f.index + 1,
        programs.generator,
        f.generator_seed,
        f.reason
    );
    if saved.is_ok() {
        text.push_str(&format!("input saved to {}\n", save.display()));
    }
    let excerpt = super::stress::excerpt;
    text.push_str(&format!("--- input ---\n{}", excerpt(&f.input)));
    text.push_str(&format!("--- expected (reference) ---\n{}", excerpt(&f.expected)));
    text.push_str(&format!("--- got (program) ---\n{}", excerpt(&f.got)));
    if let Some(stress::Comparison::Differ { line, expected, got }) = &f.diff {
        text.push_str(&format!("--- diff ---\nline {line}:\n- {expected}\n+ {got}\n"));
    }
    if !f.stderr.is_empty() {
        text.push_str(&format!("--- program stderr ---\n{}", excerpt(&f.stderr)));
    }
    text.push_str(&stress_generic::summary(
        &programs,
        &f,
        saved.is_ok().then_some(save.as_path()),
    ));
    let code = io::finish(1, text.as_bytes());
    if let Err(e) = saved {
        io::error_line(&format!(
            "games stress: cannot save the failing input to {}: {e}",
            save.display()
        ));
    }
    Ok(code)
}

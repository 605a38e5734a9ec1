//! `games test [PROBLEM] --against CMD [--reference CMD] [DIR|FILE ...]`: the samples runner. Runs CMD on every
//! `*.in` file of the given directories (default `samples/<problem>/`; oj's `test/` layout
//! `sample-N.in`/`sample-N.out` and `games gen`'s `random-NNN.in`/`.out` work as they are),
//! compares its output with the `.out` beside the input when there is one, else with our own
//! answer (with `--reference CMD`: with that program's answer, the `.out` files unused; with no
//! problem named, any folder of `.in`/`.out` pairs works, for any problem), and prints one line per file (AC, WA, RE, TLE or OLE, with the time) and a summary.
//! Run on the default samples, files beyond the original judge's constraints (zeros, 64-bit
//! values, CRLF: our own domain, kept as regression samples) are listed as SKIP and not run,
//! so a judge-correct solution is never failed on an input the judge never gives;
//! `--beyond-judge` runs them too. Files named on the command line are always run.
//!
//! The comparison rules (line-end whitespace and CRLF forgiven), the timeout, the process-group
//! handling, the output cap and the signal handling are the ones of `games stress` (see
//! `games::process`). Exit status: 0 iff every file is AC, 1 otherwise, 2 for set-up errors (no
//! input found, a command the shell cannot run, an input our own solver refuses, an `.out` that
//! is not a regular file: a FIFO would block), 128 + the signal's number when interrupted.

use super::io;
use anyhow::Result;
use clap::{Arg, ArgMatches, Command};
use games::process::{self, Limits, Outcome};
use games::registry::{self, Problem};
use games::stress::{Comparison, compare};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

pub fn command() -> Command {
    Command::new("test")
        .about("Run a program on sample files and judge each answer (AC/WA/RE/TLE/OLE)")
        .long_about(LONG_ABOUT)
        .arg(
            Arg::new("PROBLEM").help(
                "Problem name or alias (see `games list`); leave it out for any other problem",
            ),
        )
        .arg(
            Arg::new("against")
                .long("against")
                .value_name("CMD")
                .required(true)
                .help("The program under test, a shell command reading stdin"),
        )
        .arg(
            Arg::new("PATH")
                .num_args(0..)
                .value_parser(clap::value_parser!(PathBuf))
                .help("Folders of *.in files (and .in files); default samples/<problem>/"),
        )
        .arg(
            Arg::new("reference")
                .long("reference")
                .value_name("CMD")
                .help("Judge against this program's answers instead of the .out files"),
        )
        .arg(super::timeout_arg("Seconds per file before the program's process group is killed"))
        .arg(
            Arg::new("beyond-judge")
                .long("beyond-judge")
                .action(clap::ArgAction::SetTrue)
                .help("Also run the default samples that lie beyond the judge's constraints"),
        )
}

/// The verdict on one file.
enum Verdict {
    Accepted { whitespace_only: bool },
    Wrong { line: usize, expected: String, got: String },
    Runtime(String),
    TimeLimit,
    OutputLimit(String),
}

impl Verdict {
    fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted { .. } => "AC",
            Verdict::Wrong { .. } => "WA",
            Verdict::Runtime(_) => "RE",
            Verdict::TimeLimit => "TLE",
            Verdict::OutputLimit(_) => "OLE",
        }
    }
}

/// ANSI colours, or nothing when stdout is not a terminal.
struct Paint(bool);

impl Paint {
    fn paint(&self, colour: &str, text: &str) -> String {
        if self.0 { format!("\x1b[{colour}m{text}\x1b[0m") } else { text.to_string() }
    }
}

/// The long help of `games test`.
const LONG_ABOUT: &str = "\
Run a program on sample files and judge each answer: AC, WA, RE, TLE or OLE, one line per
file, then a summary. Exit status 0 iff every file is AC, 1 otherwise, 2 for a set-up error.

  games test nim --against './a.out'              # samples/nim/ (those within the judge)
  games test nim --against './a.out' tests/       # your own folder of .in/.out pairs
  games test --against './a.out' tests/           # any problem: .in files with their .out
  games test --against './a.out' --reference './brute' tests/   # no .out needed

Each FILE.in is judged against FILE.out; with --reference against that program's answer;
with a problem named and no .out, against our own answer. Outputs are compared exactly,
except that CRLF and trailing blanks at line ends are forgiven (said so). The default
samples that lie beyond the original judge's constraints are listed as SKIP
(--beyond-judge runs them). A reference that fails or times out is a set-up error (exit 2).
Example (in the repository): cd examples/sum-of-list &&
  games test --against 'python3 wrong.py' --reference 'python3 brute.py' tests/";

pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    let cmd = args.get_one::<String>("against").map(String::as_str).unwrap_or_default();
    let reference = args.get_one::<String>("reference").map(String::as_str);
    let timeout = Duration::from_secs_f64(*args.get_one::<f64>("timeout").unwrap_or(&5.0));
    let mut given: Option<Vec<PathBuf>> =
        args.get_many::<PathBuf>("PATH").map(|paths| paths.cloned().collect());
    // The first operand is a problem when it names one, else the first path.
    let p = match args.get_one::<String>("PROBLEM") {
        Some(name) => match registry::find(name) {
            Some(p) => Some(p),
            None if Path::new(name).exists() => {
                given.get_or_insert_with(Vec::new).insert(0, PathBuf::from(name));
                None
            }
            None => {
                io::error_line(&format!(
                    "games test: {name:?} is neither a problem (see `games list`) nor a file or folder"
                ));
                return Ok(ExitCode::from(2));
            }
        },
        None => None,
    };
    let label = match p {
        Some(p) => format!("test {}", p.name),
        None => "test".to_string(),
    };
    // Only the default samples are filtered: files the user names are the user's choice.
    let judge_only = given.is_none() && !args.get_flag("beyond-judge");
    let paths: Vec<PathBuf> = match (given, p) {
        (Some(paths), _) => paths,
        (None, Some(p)) => vec![Path::new("samples").join(p.name)],
        (None, None) => {
            io::error_line(
                "games test: name a problem (default samples/<problem>/) or give DIR|FILE ...",
            );
            return Ok(ExitCode::from(2));
        }
    };
    let inputs = match find_inputs(&paths) {
        Ok(inputs) if inputs.is_empty() => {
            let shown: Vec<String> = paths.iter().map(|d| d.display().to_string()).collect();
            io::error_line(&format!("games test: no *.in file in {}", shown.join(", ")));
            return Ok(ExitCode::from(2));
        }
        Ok(inputs) => inputs,
        Err(e) => {
            io::error_line(&format!("games test: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    process::Supervisor::install();
    use std::io::IsTerminal;
    let paint = Paint(std::io::stdout().is_terminal());
    let start = Instant::now();
    let width = inputs.iter().map(|i| i.display().to_string().len()).max().unwrap_or(0);
    let (mut accepted, mut counts) = (0usize, std::collections::BTreeMap::<&str, usize>::new());
    let mut code = 0u8;
    let mut stdout_gone = false;
    let mut skipped = 0usize;
    for input_path in &inputs {
        let beyond = match p {
            Some(p) if judge_only => beyond_judge(p, input_path),
            _ => None,
        };
        let outcome = match beyond {
            Some(why) => Err(Stop::Skip(why)),
            None => judge_file(p, cmd, reference, input_path, timeout),
        };
        let line = match outcome {
            Err(Stop::Skip(why)) => {
                skipped += 1;
                let name = input_path.display().to_string();
                format!("{} {name:<width$}  beyond the judge: {why}\n", paint.paint("36", "SKIP"))
            }
            Ok((verdict, elapsed, from)) => {
                if matches!(verdict, Verdict::Accepted { .. }) {
                    accepted += 1;
                } else {
                    code = 1;
                }
                *counts.entry(verdict.code()).or_default() += 1;
                render(&paint, &verdict, input_path, width, elapsed, from)
            }
            Err(Stop::SetUp(message)) => {
                // Orphans of the programs run so far are ours to end, as at the end of a run.
                process::sweep_orphans();
                io::error_line(&format!("games {label}: {message}"));
                return Ok(ExitCode::from(2));
            }
            Err(Stop::Interrupted(sig)) => {
                process::sweep_orphans();
                io::error_line(&format!(
                    "games {label}: interrupted by {}; the program's process group was killed",
                    process::signal_name(sig)
                ));
                return Ok(ExitCode::from(process::interrupted_exit_code(sig)));
            }
        };
        if !stdout_gone && let Err(e) = io::write_stdout(line.as_bytes()) {
            stdout_gone = true;
            if !e.is_broken_pipe() {
                io::error_line(&format!("games: {e}"));
                code = 1;
            }
        }
    }
    process::sweep_orphans();
    let others: Vec<String> =
        counts.iter().filter(|(k, _)| **k != "AC").map(|(k, n)| format!("{n} {k}")).collect();
    let mut summary = format!(
        "{label}: {accepted}/{} AC against `{cmd}` in {:.2} s",
        inputs.len() - skipped,
        start.elapsed().as_secs_f64()
    );
    if !others.is_empty() {
        summary.push_str(&format!(" ({})", others.join(", ")));
    }
    if skipped > 0 {
        summary.push_str(&format!(
            "; {skipped} sample(s) beyond the judge skipped (--beyond-judge runs them)"
        ));
    }
    summary.push('\n');
    if stdout_gone {
        return Ok(ExitCode::from(code));
    }
    let finished = io::finish(code, summary.as_bytes());
    Ok(finished)
}

enum Stop {
    /// Not run: the input lies beyond the judge's constraints (why).
    Skip(String),
    SetUp(String),
    Interrupted(i32),
}

/// Why a file lies beyond the judge's constraints, or `None` when it keeps them (or cannot be
/// read: `judge_file` then reports that).
fn beyond_judge(p: &Problem, path: &Path) -> Option<String> {
    let input = std::fs::read(path).ok()?;
    p.judge.validate(&input).err().map(|v| v.render(&input))
}

/// Runs the program on one file: the verdict, the time, and where the expected answer came
/// from.
fn judge_file(
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
    let stop = |e: games::stress::StressError| match e {
        games::stress::StressError::Interrupted(sig) => Stop::Interrupted(sig),
        e => Stop::SetUp(e.to_string()),
    };
    if let Some(reference) = reference {
        let expected = match games::stress_generic::reference_answer(reference, &input, timeout) {
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
fn run_and_compare(
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
            let why = String::from_utf8_lossy(&stderr);
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

/// One file's line, and for a wrong answer the first difference below it.
fn render(
    paint: &Paint,
    verdict: &Verdict,
    path: &Path,
    width: usize,
    elapsed: Duration,
    from: &str,
) -> String {
    let code = verdict.code();
    let coloured = match verdict {
        Verdict::Accepted { .. } => paint.paint("32", code),
        Verdict::Wrong { .. } => paint.paint("31", code),
        _ => paint.paint("33", code),
    };
    let pad = " ".repeat(3 - code.len());
    let name = path.display().to_string();
    let mut line = format!("{coloured}{pad}  {name:<width$}  {:>7.3} s", elapsed.as_secs_f64());
    match verdict {
        Verdict::Accepted { whitespace_only: true } => {
            line.push_str("  (differs only in line-end whitespace)");
        }
        Verdict::Accepted { .. } => {}
        Verdict::Wrong { line: at, expected, got } => {
            let expected_from = match from {
                ".out" => "expected (.out)",
                "reference" => "expected (reference)",
                _ => "expected (games)",
            };
            line.push_str(&format!("  first difference on line {at}\n"));
            line.push_str(&format!(
                "     {expected_from}: {}\n",
                paint.paint("32", &shorten(expected))
            ));
            line.push_str(&format!(
                "     got:{}{}",
                " ".repeat(expected_from.len() - 2),
                paint.paint("31", &shorten(got))
            ));
        }
        Verdict::Runtime(status) => line.push_str(&format!("  {status}")),
        Verdict::TimeLimit => line.push_str("  timed out (process group killed)"),
        Verdict::OutputLimit(what) => line.push_str(&format!("  output too long: {what}")),
    }
    line.push('\n');
    line
}

/// At most 120 characters of a line.
fn shorten(text: &str) -> String {
    if text.chars().count() <= 120 {
        return text.to_string();
    }
    let cut: String = text.chars().take(117).collect();
    format!("{cut}...")
}

/// Every `*.in` file of the paths (a path may also be one `.in` file), each folder's in natural
/// order (`sample-2` before `sample-10`).
fn find_inputs(paths: &[PathBuf]) -> std::io::Result<Vec<PathBuf>> {
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

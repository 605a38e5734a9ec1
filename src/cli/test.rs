//! `games test [PROBLEM] --against CMD [--reference CMD] [DIR|FILE ...]`: the samples runner. Runs CMD on every
//! `*.in` file of the given directories (default: the problem's built-in samples, shown as
//! `built-in:<problem>/<file>`, which `games samples` prints or writes; oj's `test/` layout
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
//! `games::harness::process`). Exit status: 0 iff every file is AC, 1 otherwise, 2 for set-up errors (no
//! input found, a command the shell cannot run, an input our own solver refuses, an `.out` that
//! is not a regular file: a FIFO would block), 128 + the signal's number when interrupted.

use super::io;
use anyhow::Result;
use clap::{Arg, ArgMatches, Command};
use games::harness::process;
use games::harness::test::{Stop, Verdict, beyond_judge, find_inputs, judge_file};
use games::registry;
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
                .help("Folders of *.in files (and .in files); default: the built-in samples of PROBLEM"),
        )
        .arg(
            Arg::new("reference")
                .long("reference")
                .value_name("CMD")
                .help("Judge against this program's answers instead of the .out files"),
        )
        .arg(
            Arg::new("samples")
                .long("samples")
                .value_name("DIR")
                .value_parser(clap::value_parser!(PathBuf))
                .help("Read the default samples from DIR/<problem>/ instead of those built into games"),
        )
        .arg(super::timeout_arg("Seconds per file before the program's process group is killed"))
        .arg(
            Arg::new("interactor")
                .long("interactor")
                .value_name("CMD")
                .conflicts_with("reference")
                .help("An interactive problem: run CMD INPUT OUTPUT wired to the solution (exit 0 AC, 1 WA, 2 PE, 3 FAIL)"),
        )
        .arg(
            Arg::new("beyond-judge")
                .long("beyond-judge")
                .action(clap::ArgAction::SetTrue)
                .help("Also run the default samples that lie beyond the judge's constraints"),
        )
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

    games test PROBLEM --against CMD [DIR|FILE ...]     a problem of `games list`
    games test --against CMD [--reference REF] DIR|FILE ...   any problem

With a problem named and no DIR, the golden samples built into games are used (from any
folder; shown as built-in:<problem>/<file>, and `games samples PROBLEM --out DIR` writes them
as files; --samples DIR reads DIR/<problem>/ instead); those that lie beyond the original
judge's constraints are listed as SKIP (--beyond-judge runs them). Each FILE.in is judged
against FILE.out; with --reference against that program's answer; with a problem named and no
.out, against our own answer. Outputs are compared exactly, except that CRLF and trailing
blanks at line ends are forgiven (said so). A reference that fails or times out is a set-up
error (exit 2). oj's test/ folder and `games gen --count N --out DIR --answers` work as they
are.

EXAMPLES
    games test nim --against 'games nim'
    games test poj1067 --against 'games wythoff' --beyond-judge
    games gen nim --count 3 --out cases --answers && games test --against 'games nim' cases
    games test --against 'games nim' --reference 'games acwing891' cases
    games test hdu1846 --against 'games hdu1846' --timeout 2
    games samples nim --out nim-samples && games test --against 'games nim' nim-samples

  With your program: `games test nim --against ./a.out`, `games test nim --against
  'python3 nim.py' my-tests/`. A complete example of another problem is in the repository,
  examples/sum-of-list/: `games test --against 'python3 wrong.py' --reference 'python3
  brute.py' tests/`.";

/// What `games test` was asked: the problem (if any), the files, and the programs.
struct Setup<'a> {
    problem: Option<&'static registry::Problem>,
    label: String,
    inputs: Vec<PathBuf>,
    /// The built-in samples, unpacked into a temporary folder (removed with the setup).
    unpacked: Option<games::harness::samples::Unpacked>,
    judge_only: bool,
    cmd: &'a str,
    reference: Option<&'a str>,
    timeout: Duration,
}

pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    if args.contains_id("interactor") {
        return super::test_interactive::run(args);
    }
    let setup = match resolve(args) {
        Ok(setup) => setup,
        Err(message) => {
            io::error_line(&format!("games test: {message}"));
            return Ok(ExitCode::from(2));
        }
    };
    process::Supervisor::install();
    use std::io::IsTerminal;
    let paint = Paint(std::io::stdout().is_terminal());
    let start = Instant::now();
    let width = setup.inputs.iter().map(|i| setup.shown(i).len()).max().unwrap_or(0);
    let mut tally = Tally::default();
    let mut stdout_gone = false;
    for input_path in &setup.inputs {
        let line = match judge_one(&setup, input_path) {
            Err(Stop::Skip(why)) => {
                tally.skipped += 1;
                let name = setup.shown(input_path);
                format!("{} {name:<width$}  beyond the judge: {why}\n", paint.paint("36", "SKIP"))
            }
            Ok((verdict, elapsed, from)) => {
                tally.count(&verdict);
                render(&paint, &verdict, &setup.shown(input_path), width, elapsed, from)
            }
            Err(stop) => return Ok(stopped(&setup.label, stop)),
        };
        if !stdout_gone && let Err(e) = io::write_stdout(line.as_bytes()) {
            stdout_gone = true;
            if !e.is_broken_pipe() {
                io::error_line(&format!("games: {e}"));
                tally.code = 1;
            }
        }
    }
    process::sweep_orphans();
    let summary = tally.summary(&setup, start.elapsed());
    if stdout_gone {
        return Ok(ExitCode::from(tally.code));
    }
    Ok(io::finish(tally.code, summary.as_bytes()))
}

/// The problem, the files and the programs, or the set-up error's message.
fn resolve(args: &ArgMatches) -> Result<Setup<'_>, String> {
    let cmd = args.get_one::<String>("against").map(String::as_str).unwrap_or_default();
    let reference = args.get_one::<String>("reference").map(String::as_str);
    let timeout = Duration::from_secs_f64(*args.get_one::<f64>("timeout").unwrap_or(&5.0));
    let mut given: Option<Vec<PathBuf>> =
        args.get_many::<PathBuf>("PATH").map(|paths| paths.cloned().collect());
    // The first operand is a problem when it names one, else the first path.
    let problem = match args.get_one::<String>("PROBLEM") {
        Some(name) => match registry::find(name) {
            Some(p) => Some(p),
            None if Path::new(name).exists() => {
                given.get_or_insert_with(Vec::new).insert(0, PathBuf::from(name));
                None
            }
            None => {
                return Err(format!(
                    "{name:?} is neither a problem (see `games list`) nor a file or folder"
                ));
            }
        },
        None => None,
    };
    let label = match problem {
        Some(p) => format!("test {}", p.name),
        None => "test".to_string(),
    };
    // Only the default samples are filtered: files the user names are the user's choice.
    let judge_only = given.is_none() && !args.get_flag("beyond-judge");
    let mut unpacked = None;
    let paths: Vec<PathBuf> = match (given, problem) {
        (Some(paths), _) => paths,
        (None, Some(p)) => match args.get_one::<PathBuf>("samples") {
            Some(dir) => vec![dir.join(p.name)],
            None => {
                let u = games::harness::samples::unpack(p.name)
                    .map_err(|e| format!("unpacking the built-in samples: {e}"))?;
                let dir = u.dir.clone();
                unpacked = Some(u);
                vec![dir]
            }
        },
        (None, None) => {
            return Err(
                "name a problem (default: its built-in samples) or give DIR|FILE ...".into()
            );
        }
    };
    let inputs = find_inputs(&paths).map_err(|e| e.to_string())?;
    if let (true, Some(p)) = (inputs.is_empty() && unpacked.is_some(), problem) {
        return Err(format!("{} has no built-in sample", p.name));
    }
    if inputs.is_empty() {
        let shown: Vec<String> = paths.iter().map(|d| d.display().to_string()).collect();
        return Err(format!("no *.in file in {}", shown.join(", ")));
    }
    Ok(Setup { problem, label, inputs, unpacked, judge_only, cmd, reference, timeout })
}

impl Setup<'_> {
    /// A file's name as printed: a built-in sample as `built-in:<problem>/<file>` (it is no
    /// file of the user's: `games samples PROBLEM --out DIR` writes it as one), any other file
    /// by its path.
    fn shown(&self, path: &Path) -> String {
        match (&self.unpacked, self.problem) {
            (Some(u), Some(p)) if path.starts_with(&u.dir) => {
                let file = path.file_name().map(|f| f.to_string_lossy()).unwrap_or_default();
                format!("built-in:{}/{file}", p.name)
            }
            _ => {
                use std::os::unix::ffi::OsStrExt;
                games::error::escape(path.as_os_str().as_bytes(), games::error::Lines::Escape)
            }
        }
    }
}

/// One file: skipped when it lies beyond the judge (default samples only), else judged.
fn judge_one(setup: &Setup<'_>, path: &Path) -> Result<(Verdict, Duration, &'static str), Stop> {
    if let Some(p) = setup.problem.filter(|_| setup.judge_only)
        && let Some(why) = beyond_judge(p, path)
    {
        return Err(Stop::Skip(why));
    }
    judge_file(setup.problem, setup.cmd, setup.reference, path, setup.timeout)
}

/// The exit status of a run stopped by a set-up error or a signal (orphans swept first).
fn stopped(label: &str, stop: Stop) -> ExitCode {
    // Orphans of the programs run so far are ours to end, as at the end of a run.
    process::sweep_orphans();
    match stop {
        Stop::Interrupted(sig) => {
            io::error_line(&format!(
                "games {label}: interrupted by {}; the program's process group was killed",
                process::signal_name(sig)
            ));
            ExitCode::from(process::interrupted_exit_code(sig))
        }
        Stop::SetUp(message) | Stop::Skip(message) => {
            io::error_line(&format!("games {label}: {message}"));
            ExitCode::from(2)
        }
    }
}

/// The verdicts so far.
#[derive(Default)]
struct Tally {
    accepted: usize,
    skipped: usize,
    counts: std::collections::BTreeMap<&'static str, usize>,
    code: u8,
}

impl Tally {
    fn count(&mut self, verdict: &Verdict) {
        if matches!(verdict, Verdict::Accepted { .. }) {
            self.accepted += 1;
        } else {
            self.code = 1;
        }
        *self.counts.entry(verdict.code()).or_default() += 1;
    }

    fn summary(&self, setup: &Setup<'_>, elapsed: Duration) -> String {
        let others: Vec<String> = self
            .counts
            .iter()
            .filter(|(k, _)| **k != "AC")
            .map(|(k, n)| format!("{n} {k}"))
            .collect();
        let mut summary = format!(
            "{}: {}/{} AC against `{}` in {:.2} s",
            setup.label,
            self.accepted,
            setup.inputs.len() - self.skipped,
            setup.cmd,
            elapsed.as_secs_f64()
        );
        if !others.is_empty() {
            summary.push_str(&format!(" ({})", others.join(", ")));
        }
        if self.skipped > 0 {
            summary.push_str(&format!(
                "; {} sample(s) beyond the judge skipped (--beyond-judge runs them)",
                self.skipped
            ));
        }
        if let (Some(_), Some(p)) = (&setup.unpacked, setup.problem) {
            summary.push_str(&format!(
                "; the built-in samples (`games samples {} --out DIR` writes them as files)",
                p.name
            ));
        }
        summary.push('\n');
        summary
    }
}

/// One file's line, and for a wrong answer the first difference below it.
fn render(
    paint: &Paint,
    verdict: &Verdict,
    name: &str,
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

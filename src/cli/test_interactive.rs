//! `games test --interactor CMD --against SOLUTION [DIR|FILE ...]`: interactive problems. Each
//! `*.in` file is one case: the interactor gets it (testlib's `interactor INPUT OUTPUT`) and
//! talks to the solution through `games::harness::interactive`; one line per case (AC, WA, PE,
//! RE, TLE, IL, OLE, FAIL, with the time), the end of the transcript under a failing case, and
//! a summary. Exit status 0 iff every case is AC, 1 otherwise, 2 for a set-up error.
//! `games stress --interactor CMD --gen GEN --against SOLUTION` ([`stress`]) does the same on
//! generated cases (`GEN <seed>`) until the first that is not AC, which is saved and shown (not
//! shrunk: an interactive case is judged by the interactor, not by comparing answers).

use super::io;
use anyhow::Result;
use clap::ArgMatches;
use games::harness::interactive::{self, Setup, Verdict};
use games::harness::process;
use games::harness::test::find_inputs;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Lines of transcript shown under a failing case.
const SHOWN: usize = 30;

/// Runs every case; see the module documentation.
pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    let interactor = args.get_one::<String>("interactor").cloned().unwrap_or_default();
    let solution = args.get_one::<String>("against").cloned().unwrap_or_default();
    let timeout = Duration::from_secs_f64(*args.get_one::<f64>("timeout").unwrap_or(&5.0));
    let mut paths: Vec<PathBuf> =
        args.get_many::<PathBuf>("PATH").map(|p| p.cloned().collect()).unwrap_or_default();
    if let Some(first) = args.get_one::<String>("PROBLEM") {
        paths.insert(0, PathBuf::from(first));
    }
    if paths.is_empty() {
        io::error_line("games test: --interactor needs the cases: DIR|FILE ... of *.in files");
        return Ok(ExitCode::from(2));
    }
    let inputs = match find_inputs(&paths) {
        Ok(i) if !i.is_empty() => i,
        Ok(_) => {
            io::error_line("games test: no *.in file among the paths given");
            return Ok(ExitCode::from(2));
        }
        Err(e) => {
            io::error_line(&format!("games test: {e}"));
            return Ok(ExitCode::from(2));
        }
    };
    let setup = Setup { interactor, solution, timeout, output_cap: 64 << 20 };
    process::Supervisor::install();
    let scratch = std::env::temp_dir().join(format!("games-interactor-{}.out", std::process::id()));
    let width = inputs.iter().map(|i| i.display().to_string().len()).max().unwrap_or(0);
    let (mut passed, mut report) = (0usize, String::new());
    for input in &inputs {
        let case = match interactive::run(&setup, input, &scratch) {
            Ok(c) => c,
            Err(e) => {
                let _ = std::fs::remove_file(&scratch);
                process::sweep_orphans();
                if let Some(sig) = process::interrupted() {
                    io::error_line(&format!(
                        "games test: interrupted by {}",
                        process::signal_name(sig)
                    ));
                    return Ok(ExitCode::from(process::interrupted_exit_code(sig)));
                }
                io::error_line(&format!("games test: cannot run the programs: {e}"));
                return Ok(ExitCode::from(2));
            }
        };
        let name = input.display().to_string();
        let ms = case.elapsed.as_millis();
        let detail = case.verdict.detail();
        let sep = if detail.is_empty() || detail.starts_with(':') { "" } else { ": " };
        let line = format!("{:<4} {name:<width$}  {ms} ms{sep}{detail}\n", case.verdict.code());
        report.push_str(&line);
        if case.verdict == Verdict::Accepted {
            passed += 1;
        } else {
            report.push_str(&transcript_tail(&case.transcript));
        }
        if io::write_stdout(std::mem::take(&mut report).as_bytes()).is_err() {
            break;
        }
    }
    let _ = std::fs::remove_file(&scratch);
    process::sweep_orphans();
    let total = inputs.len();
    let code = if passed == total { 0 } else { 1 };
    let summary = format!("interactive: {passed} of {total} cases AC\n");
    Ok(io::finish(code, summary.as_bytes()))
}

/// The last [`SHOWN`] lines of a transcript, indented and escaped ([`games::error::escape`]:
/// a program's control bytes cannot act on the terminal; its lines were cut when recorded).
fn transcript_tail(t: &[u8]) -> String {
    let lines: Vec<&[u8]> = t.strip_suffix(b"\n").unwrap_or(t).split(|&b| b == b'\n').collect();
    let lines = if t.is_empty() { &[][..] } else { &lines[..] };
    let from = lines.len().saturating_sub(SHOWN);
    let mut out = format!("     transcript ({} lines; > interactor, < solution):\n", lines.len());
    if from > 0 {
        out.push_str(&format!("     ... {from} lines before\n"));
    }
    for l in &lines[from..] {
        out.push_str("     ");
        out.push_str(&games::error::escape(l, games::error::Lines::Escape));
        out.push('\n');
    }
    out
}

/// `games stress --interactor CMD --gen GEN --against SOLUTION [--cases N] [--seed S]`.
pub fn stress(args: &ArgMatches) -> Result<ExitCode> {
    let generator = args.get_one::<String>("gen").cloned().unwrap_or_default();
    let timeout = Duration::from_secs_f64(*args.get_one::<f64>("timeout").unwrap_or(&5.0));
    let setup = Setup {
        interactor: args.get_one::<String>("interactor").cloned().unwrap_or_default(),
        solution: args.get_one::<String>("against").cloned().unwrap_or_default(),
        timeout,
        output_cap: 64 << 20,
    };
    let (cases, seed) =
        (*args.get_one::<u64>("cases").unwrap_or(&300), *args.get_one::<u64>("seed").unwrap_or(&1));
    process::Supervisor::install();
    let dir = std::env::temp_dir();
    let (input, scratch) = (
        dir.join(format!("games-istress-{}.in", std::process::id())),
        dir.join(format!("games-istress-{}.out", std::process::id())),
    );
    let limits =
        process::Limits { timeout: timeout.max(Duration::from_secs(10)), output_cap: 64 << 20 };
    for i in 0..cases {
        let g = games::harness::generic::generator_seed(seed, i);
        let made = process::run_command(&format!("{generator} {g}"), b"", limits);
        let text = match made.map(|r| r.outcome) {
            Ok(process::Outcome::Finished { stdout, .. }) => stdout,
            Ok(other) => {
                return set_up(
                    &format!("the generator failed on seed {g}: {other:?}")
                        .chars()
                        .take(300)
                        .collect::<String>(),
                );
            }
            Err(e) => return set_up(&format!("cannot run the generator: {e}")),
        };
        std::fs::write(&input, &text)?;
        let case = match interactive::run(&setup, &input, &scratch) {
            Ok(c) => c,
            Err(e) => return set_up(&format!("cannot run the programs: {e}")),
        };
        if case.verdict == Verdict::Accepted {
            continue;
        }
        let save = args
            .get_one::<PathBuf>("save")
            .cloned()
            .unwrap_or_else(|| PathBuf::from(format!("stress-{seed}-{i}.in")));
        std::fs::write(&save, &text)?;
        let mut report = format!(
            "case {} (generator seed {g}): {} {}\ninput saved to {}:\n",
            i + 1,
            case.verdict.code(),
            case.verdict.detail(),
            save.display()
        );
        let body = text.strip_suffix(b"\n").unwrap_or(&text);
        for line in body.split(|&b| b == b'\n').take(SHOWN) {
            report.push_str(&format!("     {}\n", games::error::excerpt(line)));
        }
        report.push_str(&transcript_tail(&case.transcript));
        cleanup(&input, &scratch);
        return Ok(io::finish(1, report.as_bytes()));
    }
    cleanup(&input, &scratch);
    Ok(io::finish(0, format!("interactive stress: {cases} of {cases} cases AC\n").as_bytes()))
}

fn cleanup(input: &std::path::Path, scratch: &std::path::Path) {
    let _ = std::fs::remove_file(input);
    let _ = std::fs::remove_file(scratch);
    process::sweep_orphans();
}

fn set_up(why: &str) -> Result<ExitCode> {
    if let Some(sig) = process::interrupted() {
        io::error_line(&format!("games stress: interrupted by {}", process::signal_name(sig)));
        return Ok(ExitCode::from(process::interrupted_exit_code(sig)));
    }
    io::error_line(&format!("games stress: {why}"));
    Ok(ExitCode::from(2))
}

//! `games stress <problem> --against CMD`: runs a program on generated inputs, smallest first,
//! and compares its answers with ours (or, with `--brute`, our fast solver with the exhaustive
//! brute force); the first failing case is saved and shown. With `--gen` instead of a problem
//! it checks any problem: [`super::stress_generic`].

use super::io;
use anyhow::Result;
use clap::{Arg, ArgMatches, Command};
use games::harness::{process, stress};
use std::process::ExitCode;

pub fn command() -> Command {
    Command::new("stress")
        .about("Compare a program's answers with ours (or a reference's) on generated inputs")
        .long_about(super::stress_generic::LONG_ABOUT)
        .arg(super::problem_name_arg().required(false).required_unless_present("gen"))
        .arg(
            Arg::new("against")
                .long("against")
                .value_name("CMD")
                .required_unless_present("brute")
                .conflicts_with("brute")
                .help("The program under test, a shell command reading stdin"),
        )
        .arg(
            Arg::new("brute")
                .long("brute")
                .action(clap::ArgAction::SetTrue)
                .conflicts_with_all(["size", "timeout", "gen"])
                .help(
                    "Check games' own fast solver against its exhaustive brute force (tiny inputs)",
                ),
        )
        .arg(
            Arg::new("cases")
                .long("cases")
                .default_value("300")
                .value_parser(clap::value_parser!(u64).range(1..))
                .help("How many inputs"),
        )
        .arg(super::seed_arg())
        .arg(super::jobs_arg())
        .arg(
            super::size_arg()
                .help("Fix the size (default: 60% tiny, then small)")
                .conflicts_with("gen"),
        )
        .arg(super::beyond_judge_arg().conflicts_with("gen"))
        .args(super::stress_generic::args())
        .arg(
            Arg::new("interactor")
                .long("interactor")
                .value_name("CMD")
                .requires_all(["gen", "against"])
                .help("With --gen: an interactive problem, CMD INPUT OUTPUT wired to the program (exit 0 AC, 1 WA, 2 PE, 3 FAIL)"),
        )
        .group(clap::ArgGroup::new("judging").args(["reference", "interactor"]))
        .arg(super::timeout_arg("Seconds per run before the program's process group is killed"))
        .args(super::stress_generic::shrink_args())
        .arg(
            Arg::new("save")
                .long("save")
                .value_name("FILE")
                .value_parser(clap::value_parser!(std::path::PathBuf))
                .help(
                    "Where to write a failing input (default: stress-<problem>-<seed>-<case>.in; \
                     with --gen: stress-<seed>-<case>.in)",
                ),
        )
}

pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    if args.contains_id("interactor") {
        return super::test_interactive::stress(args);
    }
    if args.contains_id("gen") {
        return super::stress_generic::run(args);
    }
    let p = super::problem_arg(args)?;
    let seed = *args.get_one::<u64>("seed").unwrap_or(&1);
    let cases = *args.get_one::<u64>("cases").unwrap_or(&300);
    let timeout = *args.get_one::<f64>("timeout").unwrap_or(&5.0);
    let timeout = std::time::Duration::from_secs_f64(timeout);
    // Both forms record SIGINT, SIGTERM and SIGHUP: the run stops between cases and says how
    // many passed (the brute force runs no program, but its cases are worth the count too).
    process::Supervisor::install();
    let against = match args.get_one::<String>("against") {
        Some(cmd) => stress::Against::Command { cmd, timeout },
        None => stress::Against::Brute,
    };
    // The failing input is saved after the run: a path that would block the write (a FIFO, a
    // device) or cannot take it is refused now, before any case runs.
    super::stress_generic::check_save_path(args.get_one::<std::path::PathBuf>("save"))?;
    let jobs = super::jobs_of(args);
    let options = stress::Options {
        cases,
        seed,
        size: super::size_of(args),
        jobs,
        domain: super::domain_of(args),
        shrink: super::stress_generic::shrink_budget(args),
    };
    let progress = super::Progress::new(&format!("stress {}", p.name), cases);
    let result = stress::stress_with(p, &against, options, &|done| progress.show(done));
    progress.clear();
    process::sweep_orphans();
    let report = match result {
        Ok(report) => report,
        Err(stress::StressError::Interrupted(sig)) if matches!(against, stress::Against::Brute) => {
            io::error_line(&format!(
                "games stress {}: interrupted by {} ({} of {cases} cases passed before it)",
                p.name,
                process::signal_name(sig),
                progress.done(),
            ));
            return Ok(ExitCode::from(process::interrupted_exit_code(sig)));
        }
        Err(e) => return Ok(super::stress_error(&format!("stress {}", p.name), &e, &progress)),
    };
    let who = match against {
        stress::Against::Brute => "games' brute force".to_string(),
        stress::Against::Command { cmd, .. } => format!("`{cmd}`"),
    };
    let Some(f) = report.failure else {
        return Ok(io::finish(0, passed_line(p.name, &report, &who, seed).as_bytes()));
    };
    Ok(failure_report(args, p.name, seed, &f, &against))
}

/// The one line of a run where every case passed.
fn passed_line(name: &str, report: &stress::Report, who: &str, seed: u64) -> String {
    let checked = report.cases - report.declined;
    let mut line = format!("stress {name}: {checked} cases passed against {who} (seed {seed})");
    if report.declined > 0 {
        line.push_str(&format!(
            "; {} beyond the brute force's reach were skipped",
            report.declined
        ));
    }
    if report.whitespace_only > 0 {
        line.push_str(&format!(
            "; {} of them differ only in line-end whitespace (CRLF or trailing blanks)",
            report.whitespace_only
        ));
    }
    line.push('\n');
    line
}

/// The report of the first failing case (its input saved first; a save that fails is said
/// after the report), and the exit status 1.
fn failure_report(
    args: &ArgMatches,
    name: &str,
    seed: u64,
    f: &stress::Failure,
    against: &stress::Against<'_>,
) -> ExitCode {
    let named = args.get_one::<std::path::PathBuf>("save");
    let save =
        named.cloned().unwrap_or_else(|| format!("stress-{name}-{seed}-{}.in", f.index + 1).into());
    // The report comes first: a save that fails must not lose it.
    let saved = stress::save_input(&save, &f.case.input, named.is_some());
    let mut text = format!(
        "stress {name}: case {} ({} input, seed {seed}): {}\n",
        f.index + 1,
        f.size.name(),
        f.case.judged.reason,
    );
    if saved.is_ok() {
        text.push_str(&format!("input saved to {}\n", save.display()));
    }
    let (ours, theirs) = match against {
        stress::Against::Brute => ("brute force", "games"),
        stress::Against::Command { .. } => ("games", "program"),
    };
    text.push_str(&f.case.sections((ours, theirs)));
    text.push_str(&stress::summary(name, f, saved.is_ok().then_some(save.as_path()), against));
    let code = io::finish(1, text.as_bytes());
    if let Err(e) = saved {
        io::error_line(&format!(
            "games stress {name}: cannot save the failing input to {}: {e}",
            save.display()
        ));
    }
    code
}

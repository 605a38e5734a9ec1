//! `games validate <problem> [FILE]`: a testlib-style validator. Exit 0 when the input keeps
//! every constraint of the original judge exactly (layout, bounds, sums, distinctness, shape);
//! otherwise one line `games validate <problem>: line L, column C: <constraint>` on stderr and
//! exit 3, testlib's status for a failed check. An unreadable FILE exits 1, usage errors 2.

use super::io;
use anyhow::{Context, Result};
use clap::{Arg, ArgMatches, Command};
use std::process::ExitCode;

/// The exit status of an input that breaks the judge's constraints (testlib's `_fail`).
pub const INVALID: u8 = 3;

pub fn command() -> Command {
    Command::new("validate")
        .about(
            "Check that an input keeps the original judge's constraints exactly (exit 0, else 3)",
        )
        .long_about(
            "Check that an input keeps the original judge's constraints exactly: the layout \
             (single spaces, \\n line ends, nothing after the last line), every bound, sums, \
             distinctness and shape, as `problems/<name>.md` states them. Exit 0 when it does; \
             otherwise one line `games validate <problem>: line L, column C: <constraint>` on \
             stderr and exit 3 (testlib's convention). An unreadable FILE exits 1.",
        )
        .arg(super::problem_name_arg())
        .arg(
            Arg::new("FILE")
                .help("Input file; standard input when absent or -")
                .value_parser(clap::value_parser!(std::path::PathBuf)),
        )
        .arg(
            Arg::new("constraints")
                .long("constraints")
                .action(clap::ArgAction::SetTrue)
                .conflicts_with("FILE")
                .help("Print the judge's constraints (one per line) instead of checking an input"),
        )
}

pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    let p = super::problem_arg(args)?;
    if args.get_flag("constraints") {
        let mut text = String::new();
        for b in p.judge.bounds {
            text.push_str(&b.describe());
            text.push('\n');
        }
        for rule in p.judge.rules {
            text.push_str(rule);
            text.push('\n');
        }
        return Ok(io::finish(0, text.as_bytes()));
    }
    let input = super::read_input(args.get_one::<std::path::PathBuf>("FILE"))
        .with_context(|| format!("validate {}", p.name))?;
    match p.judge.validate(&input) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(v) => {
            io::error_line(&format!("games validate {}: {}", p.name, v.render(&input)));
            Ok(ExitCode::from(INVALID))
        }
    }
}

//! `games validate <problem> [FILE]`: a testlib-style validator. Exit 0 when the input keeps
//! every constraint of the original judge exactly (layout, bounds, sums, distinctness, shape);
//! otherwise one line `games validate <problem>: line L, column C: <constraint>` on stderr and
//! exit 3, testlib's status for a failed check. An unreadable FILE exits 1, usage errors 2.

use anyhow::{Context, Result};
use clap::{Arg, ArgMatches, Command};
use games::registry::{self, PROBLEMS};
use std::io::{Read, Write};
use std::process::ExitCode;

/// The exit status of an input that breaks the judge's constraints (testlib's `_fail`).
pub const INVALID: u8 = 3;

pub fn command() -> Command {
    let names: Vec<&'static str> = PROBLEMS
        .iter()
        .flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied()))
        .collect();
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
        .arg(
            Arg::new("PROBLEM")
                .required(true)
                .help("Problem name or alias (see `games list`)")
                .value_parser(clap::builder::PossibleValuesParser::new(names))
                .hide_possible_values(true),
        )
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
    let name = args.get_one::<String>("PROBLEM").map(String::as_str).unwrap_or_default();
    let p = registry::find(name).with_context(|| format!("unknown problem {name:?}"))?;
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
        write_stdout(text.as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    let input = match args.get_one::<std::path::PathBuf>("FILE") {
        Some(path) if path.as_os_str() != "-" => std::fs::read(path)
            .with_context(|| format!("validate {}: {}", p.name, path.display()))?,
        _ => {
            let mut buf = Vec::new();
            std::io::stdin().lock().read_to_end(&mut buf).context("standard input")?;
            buf
        }
    };
    match p.judge.validate(&input) {
        Ok(()) => {
            write_stdout(b"")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(v) => {
            eprintln!("games validate {}: {}", p.name, v.render(&input));
            Ok(ExitCode::from(INVALID))
        }
    }
}

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(bytes).context("writing standard output")?;
    stdout.flush().context("writing standard output")?;
    Ok(())
}

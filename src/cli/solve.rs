//! `games <problem> [FILE]`: one subcommand per registered problem, generated from the registry
//! (its name, aliases, summary and statement). Reads FILE or stdin, writes the answers, and
//! reports the first fault of the input as one located line on stderr (exit 1), the answers of
//! the complete cases before it still on stdout.

use super::io;
use anyhow::{Context, Result};
use clap::{Arg, ArgMatches, Command};
use games::registry::{self, PROBLEMS, Problem};
use std::process::ExitCode;

/// The problem subcommands, one per registry entry. (Unlike the other commands this module has
/// many: [`commands`] instead of `command`, and [`run`] is told which problem matched.)
pub fn commands() -> impl Iterator<Item = Command> {
    PROBLEMS.iter().map(|p| command(p))
}

/// The subcommand of one problem.
pub fn command(p: &Problem) -> Command {
    Command::new(p.name)
        .visible_aliases(p.aliases.iter().copied())
        .about(p.summary)
        .long_about(p.statement)
        .arg(
            Arg::new("FILE")
                .help("Input file; standard input when absent or -")
                .value_parser(clap::value_parser!(std::path::PathBuf)),
        )
}

/// Runs problem `name` (a name or alias) on its FILE or stdin.
pub fn run(name: &str, args: &ArgMatches) -> Result<ExitCode> {
    let p = registry::find(name).with_context(|| format!("unknown subcommand {name:?}"))?;
    solve(p, args.get_one::<std::path::PathBuf>("FILE"))
}

pub fn solve(p: &'static Problem, file: Option<&std::path::PathBuf>) -> Result<ExitCode> {
    let input =
        super::read_input(file).with_context(|| format!("{}: cannot read the input", p.name))?;
    // The answers go out in blocks as they are found (games::out::STREAM_BLOCK).
    let (fault, written) = games::problem::run_streaming(p, &input, Box::new(std::io::stdout()));
    let written = written.map_err(|source| io::StreamError { stream: "standard output", source });
    Ok(conclude(p.name, &input, written, fault))
}

/// The exit status once the answers are written (`written` tells how that went): the fault as
/// one located line and exit 1, whatever became of stdout; without a fault, 0, or 1 with one
/// line when stdout failed otherwise than by a closed pipe.
pub fn conclude(
    name: &str,
    input: &[u8],
    written: Result<(), io::StreamError>,
    fault: Option<games::InputError>,
) -> ExitCode {
    let write_failure = written.err().filter(|w| !w.is_broken_pipe());
    let failed = fault.is_some() || write_failure.is_some();
    if let Some(e) = fault {
        io::error_line(&e.render(name, input));
    }
    if let Some(w) = write_failure {
        io::error_line(&format!("games: {w}"));
    }
    if failed { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

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
    let (answers, fault) = registry::run(p, &input);
    Ok(report(p.name, &input, &answers, fault))
}

/// Writes the answers, then the fault if there was one: exit 1 on a fault whatever became of
/// stdout, 0 otherwise (a closed stdout after complete answers is no error).
pub fn report(
    name: &str,
    input: &[u8],
    answers: &[u8],
    fault: Option<games::InputError>,
) -> ExitCode {
    match fault {
        None => io::finish(0, answers),
        Some(e) => {
            let written = io::write_stdout(answers);
            io::error_line(&e.render(name, input));
            if let Some(w) = written.err().filter(|w| !w.is_broken_pipe()) {
                io::error_line(&format!("games: {w}"));
            }
            ExitCode::from(1)
        }
    }
}

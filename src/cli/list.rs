//! `games list`: every problem with its aliases and summary, or the README's Markdown table.

use super::io;
use anyhow::Result;
use clap::{Arg, ArgMatches, Command};
use games::registry::{self, PROBLEMS};
use std::process::ExitCode;

pub fn command() -> Command {
    Command::new("list").about("List every problem: name, aliases, summary").arg(
        Arg::new("markdown")
            .long("markdown")
            .action(clap::ArgAction::SetTrue)
            .help("A Markdown table: name, aliases, source, judge limits, our limits"),
    )
}

pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    if args.get_flag("markdown") {
        io::write_stdout(registry::markdown_table().as_bytes())?;
        return Ok(ExitCode::SUCCESS);
    }
    let rows: Vec<(&str, String, &str)> =
        PROBLEMS.iter().map(|p| (p.name, p.aliases.join(", "), p.summary)).collect();
    let name_width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let alias_width = rows.iter().map(|r| r.1.chars().count()).max().unwrap_or(0);
    let mut text = String::new();
    for (name, aliases, summary) in rows {
        text.push_str(&format!("{name:<name_width$}  {aliases:<alias_width$}  {summary}\n"));
    }
    io::write_stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

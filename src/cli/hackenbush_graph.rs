//! `games hackenbush-graph [FILE] [--json] [--moves]`: a Hackenbush picture in three colours
//! on any graph: its value in CGSuite's notation, its outcome class and the winning first
//! moves. The work is in `games::hackenbush_graph`.

use anyhow::{Context, Result};
use clap::{Arg, ArgAction, ArgMatches, Command};
use std::process::ExitCode;

pub fn command() -> Command {
    Command::new("hackenbush-graph")
        .about("Hackenbush on any graph in green, blue and red: value (CGSuite notation), outcome, winning moves")
        .long_about(include_str!("../../problems/hackenbush-graph.md"))
        .arg(
            Arg::new("FILE")
                .help("Input file; standard input when absent or -")
                .value_parser(clap::value_parser!(std::path::PathBuf)),
        )
        .arg(Arg::new("json").long("json").action(ArgAction::SetTrue).help("One JSON object"))
        .arg(
            Arg::new("moves")
                .long("moves")
                .action(ArgAction::SetTrue)
                .help("Also each player's winning first moves (edge numbers, 1-based)"),
        )
}

pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    let input = super::read_input(args.get_one::<std::path::PathBuf>("FILE"))
        .context("hackenbush-graph: cannot read the input")?;
    let opts = games::hackenbush_graph::Options {
        json: args.get_flag("json"),
        moves: args.get_flag("moves"),
        limits: None,
    };
    let (fault, written) =
        games::hackenbush_graph::run_streaming(&input, opts, Box::new(std::io::stdout()));
    let written =
        written.map_err(|source| super::io::StreamError { stream: "standard output", source });
    let (fault, beyond) = match fault {
        Some(games::hackenbush_graph::Fault::Input(e)) => (Some(e), None),
        Some(games::hackenbush_graph::Fault::Beyond(m)) => (None, Some(m)),
        None => (None, None),
    };
    if let Some(m) = beyond {
        super::io::error_line(&format!("games hackenbush-graph: {m}"));
        let _ = written;
        return Ok(ExitCode::from(1));
    }
    Ok(super::solve::conclude("hackenbush-graph", &input, written, fault))
}

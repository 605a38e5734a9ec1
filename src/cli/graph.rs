//! `games graph [FILE]`: any finite impartial game given as its position graph (cycles
//! welcome): every vertex's generalised Sprague-Grundy value and outcome, and the outcome of
//! sums of tokens with a winning or draw-keeping move. The work is in `games::graph`.

use anyhow::{Context, Result};
use clap::{Arg, ArgAction, ArgMatches, Command};
use std::process::ExitCode;

pub fn command() -> Command {
    Command::new("graph")
        .about("Any impartial game as a graph: values (Grundy or inf{K}), P/N/D, sums of tokens")
        .long_about(include_str!("../../problems/graph.md"))
        .arg(
            Arg::new("FILE")
                .help("Input file; standard input when absent or -")
                .value_parser(clap::value_parser!(std::path::PathBuf)),
        )
        .arg(
            Arg::new("json")
                .long("json")
                .action(ArgAction::SetTrue)
                .help("One JSON document instead of the text tables"),
        )
        .arg(
            Arg::new("misere").long("misere").action(ArgAction::SetTrue).help(
                "Misere play of a single token (the last player to move loses): outcomes only",
            ),
        )
        .arg(
            Arg::new("staircase")
                .long("staircase")
                .action(ArgAction::SetTrue)
                .conflicts_with_all(["json", "misere", "remoteness", "every-root", "geography"])
                .help("Staircase Nim: stones a_1..a_n after the arcs move along them toward the sinks"),
        )
        .arg(
            Arg::new("every-root")
                .long("every-root")
                .action(ArgAction::SetTrue)
                .conflicts_with_all(["json", "misere", "remoteness", "geography"])
                .help("Staircase Nim on a tree (n - 1 edges, then the stones), stones moving toward the root: every root's outcome"),
        )
        .arg(
            Arg::new("geography")
                .long("geography")
                .action(ArgAction::SetTrue)
                .conflicts_with_all(["json", "misere", "remoteness"])
                .help("Undirected vertex Geography (the arcs as edges): every start vertex's outcome, by maximum matching"),
        )
        .arg(
            Arg::new("edge-heaps")
                .long("edge-heaps")
                .action(ArgAction::SetTrue)
                .conflicts_with_all(["json", "misere", "remoteness", "staircase", "every-root", "geography"])
                .help("Nim on graphs: m lines `u v heap`, then the token's vertex; a move lowers a heap at the token and crosses that edge"),
        )
        .arg(Arg::new("remoteness").long("remoteness").action(ArgAction::SetTrue).help(
            "Outcome and remoteness of every vertex (win fast, lose slow; D without one); positions are conjunctive compounds (least remoteness)",
        ))
}

pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    let input = super::read_input(args.get_one::<std::path::PathBuf>("FILE"))
        .context("graph: cannot read the input")?;
    use games::graph::Mode;
    let mode = [
        ("staircase", Mode::Staircase),
        ("every-root", Mode::EveryRoot),
        ("geography", Mode::Geography),
        ("edge-heaps", Mode::EdgeHeaps),
    ]
    .into_iter()
    .find_map(|(flag, mode)| args.get_flag(flag).then_some(mode));
    let opts =
        games::graph::Options { json: args.get_flag("json"), misere: args.get_flag("misere") };
    // The tables stream out in blocks (10^8 vertices make over a gigabyte of text).
    let stdout = Box::new(std::io::stdout());
    let (fault, written) = if let Some(mode) = mode {
        games::graph::run_mode_streaming(&input, mode, stdout)
    } else if args.get_flag("remoteness") {
        games::graph::run_remoteness_streaming(&input, opts, stdout)
    } else {
        games::graph::run_streaming(&input, opts, stdout)
    };
    let written =
        written.map_err(|source| super::io::StreamError { stream: "standard output", source });
    Ok(super::solve::conclude("graph", &input, written, fault))
}

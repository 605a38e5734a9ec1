//! `games graph [FILE]`: any finite impartial game given as its position graph (cycles
//! welcome): every vertex's generalised Sprague-Grundy value and outcome, and the outcome of
//! sums of tokens with a winning or draw-keeping move. The work is in `games::graph`.

use anyhow::{Context, Result};
use clap::{Arg, ArgAction, ArgMatches, Command};
use std::io::{Read, Write};
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
}

pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    let input = match args.get_one::<std::path::PathBuf>("FILE") {
        Some(path) if path.as_os_str() != "-" => std::fs::read(path)
            .with_context(|| format!("graph: cannot read the input: {}", path.display()))?,
        _ => {
            let mut buf = Vec::new();
            std::io::stdin()
                .lock()
                .read_to_end(&mut buf)
                .context("graph: cannot read the input: standard input")?;
            buf
        }
    };
    let opts =
        games::graph::Options { json: args.get_flag("json"), misere: args.get_flag("misere") };
    let (answers, fault) = games::graph::run(&input, opts);
    write_stdout(&answers)?;
    match fault {
        None => Ok(ExitCode::SUCCESS),
        Some(e) => {
            eprintln!("{}", e.render("graph", &input));
            Ok(ExitCode::from(1))
        }
    }
}

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(bytes).context("writing standard output")?;
    stdout.flush().context("writing standard output")?;
    Ok(())
}

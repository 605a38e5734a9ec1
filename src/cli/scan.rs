//! `games scan` (hidden): the benchmark baseline. Parses every token as an integer (skipping the
//! few words some formats have), then prints how many there were and their wrapping sum, so
//! nothing is optimised away.

use super::io;
use anyhow::Result;
use clap::{Arg, ArgMatches, Command};
use std::process::ExitCode;

pub fn command() -> Command {
    Command::new("scan")
        .hide(true)
        .about("Read and parse every token of the input as an integer, and nothing else (benchmark baseline)")
        .arg(Arg::new("FILE").value_parser(clap::value_parser!(std::path::PathBuf)))
}

pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    scan(args.get_one::<std::path::PathBuf>("FILE"))
}

pub fn scan(file: Option<&std::path::PathBuf>) -> Result<ExitCode> {
    let input = super::read_input(file)?;
    let mut sc = games::Scanner::new(&input);
    let (mut count, mut sum) = (0u64, 0u64);
    while !sc.at_eof() {
        match sc.u64("integer") {
            Ok(v) => sum = sum.wrapping_add(v),
            Err(_) => {
                sc.word("word").ok();
            }
        }
        count += 1;
    }
    io::write_stdout(format!("{count} {sum}\n").as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

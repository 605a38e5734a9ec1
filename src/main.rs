//! The `games` command line: `games <problem> [FILE]`, `games list`.
//!
//! Exit status: 0 on success, 1 when the input is malformed or unreadable (one line on stderr,
//! the answers before the fault still on stdout), 2 for usage errors (clap's own).

use anyhow::{Context, Result};
use clap::{Arg, ArgMatches, Command};
use games::registry::{self, Problem, Size, PROBLEMS};
use games::rng::Rng;
use std::io::{Read, Write};
use std::process::ExitCode;

fn cli() -> Command {
    let mut cmd = Command::new("games")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Exact, fast solvers for classic impartial-game judge problems")
        .long_about(
            "Exact, fast solvers for classic impartial-game judge problems.\n\n\
             Pipe a judge input through `games <problem>` (or pass FILE) to get the judge's \
             expected output, byte for byte. `games list` shows every problem; \
             `games <problem> --help` shows its rules, format and algorithm.",
        )
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(Command::new("list").about("List every problem: name, aliases, summary"))
        .subcommand(
            Command::new("gen")
                .about("Write a random valid input for a problem")
                .arg(Arg::new("PROBLEM").required(true).help("Problem name or alias"))
                .arg(
                    Arg::new("seed")
                        .long("seed")
                        .default_value("1")
                        .value_parser(clap::value_parser!(u64))
                        .help("Random seed: the same arguments always give the same bytes"),
                )
                .arg(
                    Arg::new("size")
                        .long("size")
                        .default_value("small")
                        .value_parser(["tiny", "small", "judge", "huge"])
                        .help("tiny: brute-force size; judge: the judge's maxima; huge: ~10x beyond"),
                ),
        )
        .subcommand(
            Command::new("scan")
                .hide(true)
                .about("Read and parse every token of the input as an integer, and nothing else (benchmark baseline)")
                .arg(Arg::new("FILE").value_parser(clap::value_parser!(std::path::PathBuf))),
        );
    for p in PROBLEMS {
        cmd = cmd.subcommand(
            Command::new(p.name)
                .visible_aliases(p.aliases.iter().copied())
                .about(p.summary)
                .long_about(p.statement)
                .arg(
                    Arg::new("FILE")
                        .help("Input file; standard input when absent or -")
                        .value_parser(clap::value_parser!(std::path::PathBuf)),
                ),
        );
    }
    cmd
}

fn main() -> ExitCode {
    let matches = cli().get_matches();
    let result = match matches.subcommand() {
        Some(("list", _)) => list(),
        Some(("gen", sub)) => generate(sub),
        Some(("scan", sub)) => scan(sub),
        Some((name, sub)) => match registry::find(name) {
            Some(p) => solve(p, sub),
            None => unreachable_subcommand(name),
        },
        None => unreachable_subcommand(""),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            eprintln!("games: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn unreachable_subcommand(name: &str) -> Result<ExitCode> {
    anyhow::bail!("unknown subcommand {name:?}")
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn list() -> Result<ExitCode> {
    let mut text = String::new();
    for p in PROBLEMS {
        let aliases = p.aliases.join(", ");
        text.push_str(&format!("{:<16} {:<34} {}\n", p.name, aliases, p.summary));
    }
    write_stdout(text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

fn problem_arg(args: &ArgMatches) -> Result<&'static Problem> {
    let name = args.get_one::<String>("PROBLEM").map(String::as_str).unwrap_or_default();
    registry::find(name).with_context(|| format!("unknown problem {name:?} (see `games list`)"))
}

fn generate(args: &ArgMatches) -> Result<ExitCode> {
    let p = problem_arg(args)?;
    let seed = *args.get_one::<u64>("seed").unwrap_or(&1);
    let size = args.get_one::<String>("size").and_then(|s| Size::parse(s)).unwrap_or(Size::Small);
    let mut rng = Rng::new(seed);
    write_stdout(&(p.generate)(&mut rng, size))?;
    Ok(ExitCode::SUCCESS)
}

/// The benchmark baseline: parse every token as an integer (skipping the few words some formats
/// have), then print how many there were and their wrapping sum, so nothing is optimised away.
fn scan(args: &ArgMatches) -> Result<ExitCode> {
    let input = read_input(args.get_one::<std::path::PathBuf>("FILE"))?;
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
    write_stdout(format!("{count} {sum}\n").as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// Reads FILE (or stdin), runs the problem's solver, writes the answers, reports a fault.
fn solve(p: &Problem, args: &ArgMatches) -> Result<ExitCode> {
    let input = read_input(args.get_one::<std::path::PathBuf>("FILE"))
        .with_context(|| format!("{}: cannot read the input", p.name))?;
    let (answers, fault) = registry::run(p, &input);
    write_stdout(&answers)?;
    match fault {
        None => Ok(ExitCode::SUCCESS),
        Some(e) => {
            eprintln!("{}", e.render(p.name, &input));
            Ok(ExitCode::from(1))
        }
    }
}

fn read_input(path: Option<&std::path::PathBuf>) -> Result<Vec<u8>> {
    match path {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::read(path).with_context(|| format!("{}", path.display()))
        }
        _ => {
            let mut buf = Vec::new();
            std::io::stdin().lock().read_to_end(&mut buf).context("standard input")?;
            Ok(buf)
        }
    }
}

fn write_stdout(bytes: &[u8]) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(bytes).context("writing standard output")?;
    stdout.flush().context("writing standard output")?;
    Ok(())
}

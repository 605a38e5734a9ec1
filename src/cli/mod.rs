//! The command line: the root `games` command and the dispatcher. Each command lives in its
//! own module exposing `command()` (its clap definition) and `run(&ArgMatches)` (its
//! behaviour); the problem subcommands are generated from the registry by [`solve`]. Every
//! command writes through [`io`], so a closed or full stdout/stderr is handled in one place.
//!
//! Exit status: 0 success; 1 a fault (malformed or unreadable input, a counterexample, a write
//! error); 2 usage or set-up errors (clap's own, a program that cannot be run).

pub mod count;
pub mod explore;
pub mod r#gen;
pub mod graph;
pub mod hackenbush_graph;
pub mod io;
pub mod list;
pub mod samples;
pub mod scan;
pub mod sg;
pub mod sg_misere;
pub mod solve;
pub mod stress;
pub mod stress_generic;
pub mod test;
pub mod test_interactive;
pub mod validate;

use anyhow::{Context, Result};
use clap::{Arg, ArgMatches, Command};
use games::registry::{self, PROBLEMS, Problem, Size};
use std::process::ExitCode;

/// The whole command line.
pub fn cli() -> Command {
    Command::new("games")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Exact, fast tools for combinatorial games, impartial and partizan: judge problems, your own games, counts")
        .long_about(
            "Exact, fast tools for combinatorial games, impartial and partizan: judge problems, \
             patterns and far answers for your own games (`games explore`, `--partizan` for \
             games where the players have different moves), heap rules (`games sg`), counts.\n\n\
             Pipe a judge input through `games <problem>` (or pass FILE) to get the judge's \
             expected output, byte for byte. `games list` shows every problem; \
             `games <problem> --help` shows its rules, format and algorithm.",
        )
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(list::command())
        .subcommand(r#gen::command())
        .subcommand(stress::command())
        .subcommand(test::command())
        .subcommand(samples::command())
        .subcommand(graph::command())
        .subcommand(hackenbush_graph::command())
        .subcommand(sg::command())
        .subcommand(explore::command())
        .subcommand(count::command())
        .subcommand(validate::command())
        .subcommand(scan::command())
        .subcommands(solve::commands())
}

/// Parses the command line, runs the command, and turns its result into the exit status.
pub fn main() -> ExitCode {
    if let Some(code) = fast_path() {
        return code;
    }
    let matches = match cli().try_get_matches() {
        Ok(m) => m,
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => {
            return long_help().unwrap_or_else(|| clap_exit(&e));
        }
        Err(e) => return clap_exit(&e),
    };
    if let Some(name) = matches.subcommand_name() {
        games::harness::process::set_command(Box::leak(name.to_string().into_boxed_str()));
    }
    let result = match matches.subcommand() {
        Some(("list", sub)) => list::run(sub),
        Some(("gen", sub)) => r#gen::run(sub),
        Some(("stress", sub)) => stress::run(sub),
        Some(("test", sub)) => test::run(sub),
        Some(("samples", sub)) => samples::run(sub),
        Some(("graph", sub)) => graph::run(sub),
        Some(("hackenbush-graph", sub)) => hackenbush_graph::run(sub),
        Some(("sg", sub)) => sg::run(sub),
        Some(("explore", sub)) => explore::run(sub),
        Some(("count", sub)) => count::run(sub),
        Some(("validate", sub)) => validate::run(sub),
        Some(("scan", sub)) => scan::run(sub),
        Some((name, sub)) => solve::run(name, sub),
        None => Err(anyhow::anyhow!("no subcommand")),
    };
    match result {
        Ok(code) => code,
        Err(e) => fail(e),
    }
}

/// The judge's own call, `games <problem> [FILE]` (and the benchmark's `games scan [FILE]`)
/// with no option, run without building the clap command tree. Building it (every subcommand
/// with its statement) costs more than solving a small judge input: `games nim` on three lines
/// takes 0.60 ms CPU and 125 page faults through clap, 0.44 ms and 61 faults here. Anything else (an option, `--help`, an unknown name, a second operand)
/// returns `None` and goes to clap, so behaviour and messages stay exactly clap's.
fn fast_path() -> Option<ExitCode> {
    let mut args = std::env::args_os().skip(1);
    let name = args.next()?;
    let file = args.next();
    if args.next().is_some() {
        return None;
    }
    let file = match file {
        // `-` is stdin (clap passes it on as a file name); anything else with a leading `-` is
        // an option.
        Some(f) if f.as_encoded_bytes().first() == Some(&b'-') && f != "-" => return None,
        // clap refuses an empty FILE (a usage error): leave it to clap.
        Some(f) if f.is_empty() => return None,
        Some(f) => Some(std::path::PathBuf::from(f)),
        None => None,
    };
    let result = match name.to_str()? {
        "scan" => scan::scan(file.as_ref()),
        name => solve::solve(registry::find(name)?, file.as_ref()),
    };
    Some(result.unwrap_or_else(fail))
}

/// `games COMMAND --help` (or `games help COMMAND`): the command's long text, then its options
/// one a line as `-h` shows them (clap's long layout gives each option three lines, which
/// would double the length of a help meant to be read in a minute). `None` for the root
/// command and for `-h`, which clap prints itself.
fn long_help() -> Option<ExitCode> {
    let args: Vec<String> =
        std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).collect();
    let name = match args.first().map(String::as_str) {
        Some("help") => args.get(1)?,
        Some(_) if args.iter().any(|a| a == "--help") => args.first()?,
        _ => return None,
    };
    let mut root = cli();
    root.build();
    let sub = root.find_subcommand(name)?;
    let text = sub.get_long_about()?.to_string().trim_end().to_string();
    let help = sub.clone().about(text).long_about(None).render_help().to_string();
    Some(io::finish(0, help.as_bytes()))
}

/// The exit status of a command that failed: 2 for a usage error, 0 for a closed stdout after
/// a successful command (the reader had what it wanted), 1 otherwise; the message on stderr.
fn fail(e: anyhow::Error) -> ExitCode {
    if io::is_broken_pipe(&e) && e.downcast_ref::<UsageError>().is_none() {
        return ExitCode::SUCCESS;
    }
    io::error_line(&format!("games: {e:#}"));
    if e.downcast_ref::<UsageError>().is_some() { ExitCode::from(2) } else { ExitCode::from(1) }
}

pub use games::console::UsageError;

/// clap's help, version and usage errors: printed by clap, but a failed print (a full device)
/// is one message on stderr and exit 1 instead of a silent success.
fn clap_exit(e: &clap::Error) -> ExitCode {
    let code = e.exit_code();
    match e.print() {
        Ok(()) => ExitCode::from(u8::try_from(code).unwrap_or(2)),
        Err(w) if w.kind() == std::io::ErrorKind::BrokenPipe => {
            ExitCode::from(u8::try_from(code).unwrap_or(2))
        }
        Err(w) => {
            let stream = if e.use_stderr() { "standard error" } else { "standard output" };
            io::error_line(&format!("games: writing {stream}: {w}"));
            ExitCode::from(1)
        }
    }
}

/// The problem named by the PROBLEM argument.
pub fn problem_arg(args: &ArgMatches) -> Result<&'static Problem> {
    let name = args.get_one::<String>("PROBLEM").map(String::as_str).unwrap_or_default();
    registry::find(name).with_context(|| format!("unknown problem {name:?} (see `games list`)"))
}

/// The PROBLEM argument of `gen`, `stress` and `test`: any name or alias, checked by clap
/// (usage errors exit 2).
pub fn problem_name_arg() -> Arg {
    let names: Vec<&'static str> = PROBLEMS
        .iter()
        .flat_map(|p| std::iter::once(p.name).chain(p.aliases.iter().copied()))
        .collect();
    Arg::new("PROBLEM")
        .required(true)
        .help("Problem name or alias (see `games list`)")
        .value_parser(clap::builder::PossibleValuesParser::new(names))
        .hide_possible_values(true)
}

/// `--timeout SEC` (default 5) of `stress` and `test`, with its help text.
pub fn timeout_arg(help: &'static str) -> Arg {
    Arg::new("timeout")
        .long("timeout")
        .value_name("SEC")
        .default_value("5")
        .value_parser(parse_seconds)
        .help(help)
}

/// A positive, finite number of seconds.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v <= 1e6 => Ok(v),
        _ => Err(format!("expected a positive number of seconds (at most 10^6), found {text:?}")),
    }
}

/// Seconds, 0 allowed (an option where 0 turns something off).
pub fn parse_seconds_or_zero(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(0.0) => Ok(0.0),
        _ => parse_seconds(text).map_err(|_| {
            format!("expected 0 or a positive number of seconds (at most 10^6), found {text:?}")
        }),
    }
}

pub fn seed_arg() -> Arg {
    Arg::new("seed")
        .long("seed")
        .default_value("1")
        .value_parser(clap::value_parser!(u64))
        .help("Random seed: the same arguments always give the same bytes")
}

pub fn size_arg() -> Arg {
    Arg::new("size")
        .long("size")
        .value_parser(["tiny", "small", "judge", "huge"])
        .requires_if("huge", "beyond-judge")
        .help("tiny: brute-force size; small; judge: the judge's maxima; huge: ~10x beyond (needs --beyond-judge)")
}

/// `--beyond-judge`: our extended domain instead of the judge's constraints; `--size huge`
/// needs it (huge is beyond every judge).
pub fn beyond_judge_arg() -> Arg {
    Arg::new("beyond-judge")
        .long("beyond-judge")
        .action(clap::ArgAction::SetTrue)
        .help("Generate beyond the judge's constraints (zeros, 64-bit values, bigger inputs): games' own domain")
}

pub fn domain_of(args: &ArgMatches) -> games::judge::Domain {
    if args.get_flag("beyond-judge") {
        games::judge::Domain::Beyond
    } else {
        games::judge::Domain::Judge
    }
}

pub fn size_of(args: &ArgMatches) -> Option<Size> {
    args.get_one::<String>("size").and_then(|s| Size::parse(s))
}

/// `-j N`: how many cases run at once.
pub fn jobs_arg() -> Arg {
    Arg::new("jobs")
        .short('j')
        .long("jobs")
        .value_name("N")
        .value_parser(clap::value_parser!(u64).range(1..=1024))
        .help("Cases run at once (default: the number of cores); results stay in seed order")
}

pub fn jobs_of(args: &ArgMatches) -> usize {
    match args.get_one::<u64>("jobs") {
        Some(&n) => usize::try_from(n).unwrap_or(1),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

/// The exit status and message for a run of programs that could not give a verdict: a
/// program that cannot be run is a set-up error (exit 2), an interrupt exits 128 + the
/// signal's number, anything else exits 1.
pub fn stress_error(
    what: &str,
    e: &games::harness::stress::StressError,
    progress: &Progress,
) -> ExitCode {
    use games::harness::stress::StressError;
    match e {
        StressError::Interrupted(_) => io::error_line(&format!(
            "games {what}: {e} ({} of {} cases passed before it)",
            progress.done(),
            progress.total()
        )),
        _ => io::error_line(&format!("games {what}: {e}")),
    }
    match e {
        StressError::SetUp(_) => ExitCode::from(2),
        StressError::Interrupted(sig) => {
            ExitCode::from(games::harness::process::interrupted_exit_code(*sig))
        }
        StressError::Io(_) | StressError::Internal(_) => ExitCode::from(1),
    }
}

pub use games::console::Progress;

/// The bytes of FILE, or of stdin when FILE is absent or `-` (memory-mapped when it is a large
/// regular file: [`games::input`]).
pub fn read_input(path: Option<&std::path::PathBuf>) -> Result<games::input::Input> {
    games::input::read_input(path.map(|p| p.as_path())).with_context(|| match path {
        Some(path) if path.as_os_str() != "-" => {
            use std::os::unix::ffi::OsStrExt;
            games::error::escape(path.as_os_str().as_bytes(), games::error::Lines::Escape)
        }
        _ => "standard input".to_string(),
    })
}

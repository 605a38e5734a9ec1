//! `games count`: how many sums are P-positions. Reads the options, gathers the histogram of
//! values (`games::count::rule` or a file), counts (`games::count`) and prints the report.

use super::UsageError;
use anyhow::Result;
use clap::{Arg, ArgAction, ArgMatches, Command};
use games::count::{self, Form, Histogram, report};
use games::out::Out;
use games::sg::rule::Rule;
use std::process::ExitCode;

/// The whole clap definition of `games count`.
pub fn command() -> Command {
    Command::new("count")
        .about("How many sums of heaps (or sequences of values) are P-positions, exactly or mod P")
        .long_about(include_str!("../../problems/count.md"))
        .arg(Arg::new("RULE").allow_hyphen_values(true).help("Any `games sg` rule (0.77, sub:1,3,4, ...): count K-tuples of its heaps 0..=N"))
        .arg(Arg::new("heaps").long("heaps").value_name("K").value_parser(clap::value_parser!(u64).range(1..)).help("The number of heaps in a tuple"))
        .arg(Arg::new("upto").long("upto").value_name("N").value_parser(clap::value_parser!(u64)).help("Heaps of sizes 0..=N (from 0, the empty heap included, unless --from A)"))
        .arg(Arg::new("from").long("from").value_name("A").value_parser(clap::value_parser!(u64)).help("Heaps of sizes A..=N (default 0: the empty heap counts)"))
        .arg(Arg::new("unordered").long("unordered").action(ArgAction::SetTrue).help("Count multisets a_1 <= .. <= a_K instead of ordered tuples"))
        .arg(Arg::new("values").long("values").value_name("FILE").value_parser(clap::value_parser!(std::path::PathBuf)).help("The values of the choices, one a line (a value may repeat): count sequences of choices"))
        .arg(Arg::new("length").long("length").value_name("L").value_parser(clap::value_parser!(u64)).help("Sequences of exactly L choices"))
        .arg(Arg::new("all-lengths").long("all-lengths").action(ArgAction::SetTrue).help("Sequences of 1..=L choices"))
        .arg(Arg::new("mod").long("mod").value_name("P").value_parser(clap::value_parser!(u64).range(1..)).help("Counts modulo P (any P from 1 to 2^64 - 1, even ones too)"))
        .arg(Arg::new("value").long("value").value_name("V").value_parser(clap::value_parser!(u64)).help("Count the sums of value V instead of P and N"))
        .arg(Arg::new("json").long("json").action(ArgAction::SetTrue).help("One JSON object instead of text"))
}

fn usage(msg: &str) -> anyhow::Error {
    anyhow::Error::new(UsageError(format!("count: {msg}")))
}

/// Runs `games count`. No program runs here: a signal ends the count at once, with one line
/// (`games count: interrupted by SIGINT`, exit 130 / 143).
pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    games::harness::process::exit_on_signal();
    let rule_text = args.get_one::<String>("RULE");
    let file = args.get_one::<std::path::PathBuf>("values");
    let (hist, form) = match (rule_text, file) {
        (Some(_), Some(_)) => return Err(usage("give a RULE or --values FILE, not both")),
        (None, None) => {
            return Err(usage("give a RULE (with --heaps K --upto N) or --values FILE --length L"));
        }
        (Some(text), None) => {
            for (flag, name) in [("length", "--length"), ("all-lengths", "--all-lengths")] {
                if args.value_source(flag) == Some(clap::parser::ValueSource::CommandLine) {
                    return Err(usage(&format!(
                        "{name} goes with --values FILE; a RULE takes --heaps K --upto N"
                    )));
                }
            }
            let (Some(&k), Some(&upto)) =
                (args.get_one::<u64>("heaps"), args.get_one::<u64>("upto"))
            else {
                return Err(usage("a RULE needs --heaps K and --upto N"));
            };
            let rule = Rule::parse(text).map_err(|e| usage(&e.to_string()))?;
            let from = from_of(args, upto)?;
            let hist = match count::rule::histogram_from(&rule, from, upto) {
                Ok((h, _)) => h,
                Err(e) => {
                    super::io::error_line(&format!("games count: {e}"));
                    return Ok(ExitCode::from(1));
                }
            };
            (hist, Form::Tuples { k, unordered: args.get_flag("unordered") })
        }
        (None, Some(path)) => {
            for (flag, name) in [
                ("heaps", "--heaps"),
                ("upto", "--upto"),
                ("from", "--from"),
                ("unordered", "--unordered"),
            ] {
                if args.value_source(flag) == Some(clap::parser::ValueSource::CommandLine) {
                    return Err(usage(&format!(
                        "{name} goes with a RULE; --values FILE takes --length L"
                    )));
                }
            }
            let Some(&len) = args.get_one::<u64>("length") else {
                return Err(usage("--values FILE needs --length L"));
            };
            let input = super::read_input(Some(path))?;
            match Histogram::parse(&input) {
                Ok(h) => (h, Form::Sequences { len, all_lengths: args.get_flag("all-lengths") }),
                Err(e) => {
                    let what = {
                        use std::os::unix::ffi::OsStrExt;
                        let path = path.as_os_str().as_bytes();
                        format!(
                            "count: {}",
                            games::error::escape(path, games::error::Lines::Escape)
                        )
                    };
                    super::io::error_line(&e.render(&what, &input));
                    return Ok(ExitCode::from(1));
                }
            }
        }
    };
    let target = args.get_one::<u64>("value").copied();
    let modulus = args.get_one::<u64>("mod").copied();
    let counted = match count::count(&hist, form, target.unwrap_or(0), modulus) {
        Ok(c) => c,
        Err(e) => {
            super::io::error_line(&format!("games count: {e}"));
            return Ok(ExitCode::from(1));
        }
    };
    let mut out = Out::new();
    if args.get_flag("json") {
        report::json(&mut out, &counted, form, target);
    } else {
        report::text(&mut out, &counted, target);
    }
    super::io::write_stdout(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `--from A` (default 0): the smallest heap counted, at most `--upto`.
fn from_of(args: &ArgMatches, upto: u64) -> Result<u64> {
    let from = args.get_one::<u64>("from").copied().unwrap_or(0);
    if from > upto {
        return Err(usage(&format!("--from {from} is past --upto {upto}")));
    }
    Ok(from)
}

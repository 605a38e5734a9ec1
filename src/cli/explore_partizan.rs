//! `games explore --partizan`: options in, the report of `games::explore::partizan_report` out.
//! Every option either works in this mode or is refused with a usage error (exit 2): `--at`
//! (`-` reads standard input; sums; `()`), `--at-file`, `--winning` (each player's winning
//! moves), `--count`, `--outcomes`, `--no-table`, `--stream`, `--json`, the budgets, and
//! `GAMES_EXPLORE_TIMING`. A far position that fails is one error line on standard error naming
//! it, the rest of the report is printed, and the exit status is 1. SIGINT, SIGTERM or SIGHUP
//! while the moves program runs ends the run with `games explore: interrupted by SIG...` and
//! 128 + the signal's number.

use super::UsageError;
use anyhow::Result;
use clap::ArgMatches;
use clap::parser::ValueSource;
use games::explore::partizan::{self, Asked, Limits, Stop};
use games::explore::partizan_json as report_json;
use games::explore::partizan_report::{self as report, Style, show_asked};
use games::explore::program::Program;
use games::explore::space::{Coords, Space, parse_part, parse_position};
use games::harness::process;
use games::out::Out;
use std::process::ExitCode;
use std::time::{Duration, Instant};

fn usage(msg: String) -> anyhow::Error {
    anyhow::Error::new(UsageError(msg))
}

/// Options of `games explore` that mean nothing for a partizan game (the others are refused by
/// clap's conflicts on `--partizan`), with the reason.
const REFUSED: [(&str, &str); 4] = [
    (
        "to",
        "--to asks for moves to a Grundy value; with --partizan, --winning lists each player's winning moves",
    ),
    (
        "multiset",
        "--multiset is for heaps in any order; with --partizan positions are read as written (a sum 'A + B' is a sum)",
    ),
    (
        "patterns",
        "--patterns N is for the impartial tables (--patterns 0 turns the pattern of the numbers off); --partizan prints values and the all-numbers verdict",
    ),
    ("big-from", "--big-from is for the take games' outcome bits"),
];

/// Refuses the options this mode does not take, and combinations that would leave an answer out.
fn refuse(args: &ArgMatches) -> Result<()> {
    for (id, why) in REFUSED {
        let off = id == "patterns" && args.get_one::<String>(id).is_some_and(|v| v.trim() == "0");
        if args.value_source(id) == Some(ValueSource::CommandLine) && !off {
            return Err(usage(format!("{why} (not available with --partizan)")));
        }
    }
    if args.get_flag("count") {
        for id in ["at-file", "winning"] {
            if args.value_source(id) == Some(ValueSource::CommandLine) {
                return Err(usage(format!(
                    "--count prints only the tally of the box; --{id} cannot go with it"
                )));
            }
        }
    }
    Ok(())
}

/// `GAMES_EXPLORE_TIMING=1`: one line per phase on standard error.
fn timing(phase: &str, since: Instant) {
    if std::env::var_os("GAMES_EXPLORE_TIMING").is_some() {
        eprintln!("explore timing: {phase}: {:.2} ms", since.elapsed().as_secs_f64() * 1e3);
    }
}

/// One position or sum as written: parts joined by `+`, each `arity` coordinates or `()`.
fn parse_asked(text: &str, arity: usize) -> Result<Asked, (usize, String)> {
    let mut parts = Vec::new();
    let mut offset = 1;
    for piece in text.split('+') {
        if piece.trim().is_empty() {
            let what = if text.trim().is_empty() {
                "an empty position (the empty game is written ())"
            } else {
                "an empty part of a sum"
            };
            return Err((offset, what.to_string()));
        }
        if piece.trim() == "()" {
            parts.push(None);
        } else {
            parts.push(Some(parse_part(piece, arity, false, offset)?));
        }
        offset += piece.len() + 1;
    }
    Ok(parts)
}

/// Positions one a line; an empty line is an error naming it (the empty game is `()`).
fn asked_lines(text: &[u8], arity: usize, what: &str) -> Result<Vec<Asked>> {
    let mut out = Vec::new();
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    if body.is_empty() {
        return Ok(out);
    }
    for (i, line) in body.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let fail = |col: usize, e: &str| anyhow::anyhow!("explore: {what}:{}:{col}: {e}", i + 1);
        let Ok(line) = std::str::from_utf8(line) else { return Err(fail(1, "not UTF-8 text")) };
        out.push(parse_asked(line, arity).map_err(|(col, e)| fail(col, &e))?);
    }
    Ok(out)
}

/// `--at` (`-`: standard input) then `--at-file`.
fn at_asked(args: &ArgMatches, arity: usize) -> Result<Vec<Asked>> {
    let mut out = Vec::new();
    for s in args.get_many::<String>("at").into_iter().flatten() {
        if s == "-" {
            let input = super::read_input(None)?;
            out.extend(asked_lines(&input, arity, "--at -")?);
            continue;
        }
        out.push(parse_asked(s, arity).map_err(|(_, e)| usage(format!("--at '{s}': {e}")))?);
    }
    if let Some(path) = args.get_one::<String>("at-file") {
        let input = super::read_input(Some(&std::path::PathBuf::from(path)))?;
        out.extend(asked_lines(&input, arity, path)?);
    }
    Ok(out)
}

fn winning_asked(args: &ArgMatches, arity: usize) -> Result<Vec<Coords>> {
    let mut out = Vec::new();
    for s in args.get_many::<String>("winning").into_iter().flatten() {
        if s == "-" {
            let input = super::read_input(None)?;
            for a in asked_lines(&input, arity, "--winning -")? {
                match a.as_slice() {
                    [Some(p)] => out.push(*p),
                    _ => anyhow::bail!(
                        "explore: --winning -: '{}' is not one position",
                        show_asked(&a, arity)
                    ),
                }
            }
            continue;
        }
        out.push(parse_position(s, arity).map_err(|e| usage(format!("--winning: {e}")))?);
    }
    Ok(out)
}

/// Runs `games explore --partizan`.
pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    refuse(args)?;
    let spec = args.get_one::<String>("box").map(String::as_str).unwrap_or_default();
    let space = Space::parse(spec).map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    let arity = space.arity();
    let dash = |id: &str| args.get_many::<String>(id).into_iter().flatten().any(|s| s == "-");
    if dash("at") && dash("winning") {
        return Err(usage("--at - and --winning - cannot both read standard input".into()));
    }
    let at = at_asked(args, arity)?;
    let winning = winning_asked(args, arity)?;
    let program = Program {
        cmd: args.get_one::<String>("moves").cloned().unwrap_or_default(),
        arity,
        timeout: Duration::from_secs_f64(*args.get_one::<f64>("timeout").unwrap_or(&60.0)),
        // The replies are read as they come and not kept: the cap of a batch is the
        // per-position one of `Program::batch_cap`.
        output_cap: usize::MAX,
        multiset: false,
        stream: args.get_flag("stream"),
    };
    let limits = Limits {
        max_positions: *args.get_one::<u64>("max-positions").unwrap_or(&1_000_000) as usize,
        max_starts: *args.get_one::<u64>("max-starts").unwrap_or(&1000) as usize,
        far_batches: *args.get_one::<u64>("far-starts").unwrap_or(&64) as usize,
    };
    super::explore::search_settings(args);
    process::Supervisor::install();
    let clock = Instant::now();
    let far = report::far_of(&at, &winning);
    let result = partizan::explore(&space, &program, limits, &far, &winning);
    process::sweep_orphans();
    let mut explored = match result {
        Ok(x) => x,
        Err(Stop::Interrupted(e)) => return Ok(interrupted(e)),
        Err(Stop::Failed(e)) => anyhow::bail!("explore: {e}"),
    };
    process::exit_on_signal();
    let (fast, slow) = (explored.graph.values.fast, explored.graph.values.slow);
    timing(
        &format!(
            "moves program and values ({} starts, {} batches, {} positions asked; {fast} valued as numbers, {slow} through canonical forms)",
            explored.starts, explored.batches, explored.asked
        ),
        clock,
    );
    let clock = Instant::now();
    let r = report::build(&mut explored, &at, &winning, &space)
        .map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    let code = print(args, &r)?;
    timing("answers and report", clock);
    Ok(code)
}

/// Prints the report (or the tally) and one error line per far position that failed; exit 1
/// when one did.
fn print(args: &ArgMatches, r: &report::Report) -> Result<ExitCode> {
    let mut out = Out::new();
    let json = args.get_flag("json");
    let table = !args.get_flag("no-table");
    if args.get_flag("count") {
        if json { report_json::tally_json(r, &mut out) } else { report::tally_text(r, &mut out) }
    } else if json {
        report_json::json(r, table, &mut out);
    } else {
        report::text(r, Style { table, outcomes: args.get_flag("outcomes") }, &mut out);
    }
    super::io::write_stdout(out.as_bytes())?;
    let a = r.space.arity();
    let mut failed = false;
    for at in &r.at {
        if let Err(e) = &at.answer {
            let asked = show_asked(&at.asked, a);
            super::io::error_line(&format!("games: explore: --at '{asked}': {e}"));
            failed = true;
        }
    }
    for (p, answer) in &r.winning {
        if let Err(e) = answer {
            let pos = games::explore::space::format_position(p, a);
            super::io::error_line(&format!("games: explore: --winning '{pos}': {e}"));
            failed = true;
        }
    }
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// The exit of an interrupted run (or a program that could not be started).
fn interrupted(e: std::io::Error) -> ExitCode {
    super::io::interrupted("explore", e)
}

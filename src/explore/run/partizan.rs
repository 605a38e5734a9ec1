//! `games explore --partizan`: options in, the report of `crate::explore::partizan_report` out
//! (or, with `--serve`, the player of [`super::partizan_serve`]).
//! Every option either works in this mode or is refused with a usage error (exit 2): `--at`
//! (`-` reads standard input; sums; `()`), `--at-file`, `--winning` (each player's winning
//! moves), `--count`, `--outcomes`, `--no-table`, `--stream`, `--json`, the budgets,
//! `--far-checks` and `--far-check-time` (the patterns checked at sampled far positions), and
//! `GAMES_EXPLORE_TIMING`. `--list` and `--count` print the box's values without the pattern
//! search, which nothing they print needs. A far position that spends its own budget
//! (`--far-starts`) and that no checked pattern answers is `unknown`, naming the budget; one
//! whose exploration fails otherwise (the program broke the protocol) is one error line on
//! standard error naming it, the rest of the report is printed, and the exit status is 1.
//! SIGINT, SIGTERM or SIGHUP while the moves program runs ends the run with `games explore:
//! interrupted by SIG...` and 128 + the signal's number.

use super::Request;
use crate::explore::guard::partizan::Sampling;
use crate::explore::partizan::{self, Asked, Limits, Stop};
use crate::explore::partizan_json as report_json;
use crate::explore::partizan_report::{self as report, Style, show_asked};
use crate::explore::program::Program;
use crate::explore::space::{Coords, Space, parse_part, parse_position};
use crate::harness::process;
use crate::out::Out;
use anyhow::Result;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::{interrupted, timing, usage};

/// Refuses the combinations that would leave an answer out (the options this kind does not take
/// are refused by [`super::options`]).
fn refuse(req: &Request) -> Result<()> {
    if req.count {
        for id in ["at-file", "winning"] {
            if req.given(id) {
                return Err(usage(format!(
                    "--count prints only the tally of the box; --{id} cannot go with it"
                )));
            }
        }
    }
    Ok(())
}

/// One position or sum as written: parts joined by `+`, each `arity` coordinates or `()`.
pub(super) fn parse_asked(text: &str, arity: usize) -> Result<Asked, (usize, String)> {
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
fn at_asked(req: &Request, arity: usize) -> Result<Vec<Asked>> {
    let mut out = Vec::new();
    for s in req.at.iter() {
        if s == "-" {
            let input = super::read_input(None)?;
            out.extend(asked_lines(&input, arity, "--at -")?);
            continue;
        }
        out.push(parse_asked(s, arity).map_err(|(_, e)| {
            usage(format!("--at '{}': {e}", crate::error::excerpt(s.as_bytes())))
        })?);
    }
    if let Some(path) = req.at_file.as_ref() {
        let input = super::read_input(Some(path))?;
        out.extend(asked_lines(&input, arity, path)?);
    }
    Ok(out)
}

fn winning_asked(req: &Request, arity: usize) -> Result<Vec<Coords>> {
    let mut out = Vec::new();
    for s in req.winning.iter() {
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
pub fn run(req: &Request) -> Result<ExitCode> {
    refuse(req)?;
    let spec = req.box_spec.as_str();
    let space = Space::parse(spec).map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    let arity = space.arity();
    let dash = |id: &str| req.list_of(id).iter().any(|s| s == "-");
    if dash("at") && dash("winning") {
        return Err(usage("--at - and --winning - cannot both read standard input".into()));
    }
    let (at, winning) = if req.serve {
        (Vec::new(), Vec::new())
    } else {
        (at_asked(req, arity)?, winning_asked(req, arity)?)
    };
    let program = Program {
        cmd: req.moves.clone().unwrap_or_default(),
        arity,
        timeout: req.timeout,
        // The replies are read as they come and not kept: the cap of a batch is the
        // per-position one of `Program::batch_cap`.
        output_cap: usize::MAX,
        multiset: false,
        stream: req.stream,
        text: None,
    };
    let limits = Limits {
        max_positions: req.max_positions as usize,
        max_starts: req.max_starts as usize,
        far_batches: req.far_starts as usize,
    };
    super::search_settings(req);
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
    let far_checks = (req.far_checks as usize, Duration::from_secs_f64(req.far_check_time));
    if req.serve {
        return super::partizan_serve::serve(
            explored,
            &space,
            &program,
            (limits.far_batches, limits.max_starts),
            far_checks,
        );
    }
    let (fast, slow) = (explored.graph.values.fast, explored.graph.values.slow);
    timing(
        &format!(
            "moves program and values ({} starts, {} batches, {} positions asked; {fast} valued as numbers, {slow} through canonical forms)",
            explored.starts, explored.batches, explored.asked
        ),
        clock,
    );
    let clock = Instant::now();
    if req.list.is_some() || req.count {
        return print_box(req, &mut explored.graph, &space, clock);
    }
    let sampling = Sampling { per_pattern: far_checks.0, time: far_checks.1, program: &program };
    let patterns = report::patterns(&mut explored.graph, &space);
    timing("pattern search", clock);
    let clock = Instant::now();
    let r = report::build(&mut explored, (&at, &winning), &space, patterns, &sampling)
        .map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    let code = print(req, &r)?;
    timing("answers and report", clock);
    Ok(code)
}

/// `--list` or `--count`: the box only (they take no `--at`, `--winning`, `--check` or
/// `--svg`), without the pattern search, which nothing they print needs.
fn print_box(
    req: &Request,
    g: &mut partizan::Graph,
    space: &Space,
    clock: Instant,
) -> Result<ExitCode> {
    let r = report::of_box(g, space).map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    let code = print(req, &r)?;
    timing("the box's values (--list, --count: no pattern search)", clock);
    Ok(code)
}

/// Prints the report (or the tally) and one error line per far position that failed; exit 1
/// when one did.
fn print(req: &Request, r: &report::Report) -> Result<ExitCode> {
    let outcomes = report::outcomes::PartizanBox(r);
    if let Some(written) = super::output::kind_list(req, &outcomes) {
        return written;
    }
    let mut out = Out::new();
    let json = req.json;
    let table = !req.no_table;
    if req.count {
        if json { report_json::tally_json(r, &mut out) } else { report::tally_text(r, &mut out) }
    } else if json {
        report_json::json(r, table, &mut out);
    } else {
        let shown = crate::explore::report::Shown::parse(req.patterns.as_str()).map_err(usage)?;
        report::text(r, Style { table, outcomes: req.outcomes, shown: shown.count }, &mut out);
    }
    crate::console::write_stdout(out.as_bytes())?;
    let a = r.space.arity();
    let mut failed = false;
    for at in &r.at {
        if let Err(report::Failure::Error(e)) = &at.answer {
            let asked = show_asked(&at.asked, a);
            crate::console::error_line(&format!("games: explore: --at '{asked}': {e}"));
            failed = true;
        }
    }
    for (p, answer) in &r.winning {
        if let Err(report::Failure::Error(e)) = answer {
            let pos = crate::explore::space::format_position(p, a);
            crate::console::error_line(&format!("games: explore: --winning '{pos}': {e}"));
            failed = true;
        }
    }
    let code = if failed { ExitCode::from(1) } else { ExitCode::SUCCESS };
    super::output::kind_check_and_svg(req, &outcomes, code)
}

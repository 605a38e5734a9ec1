//! `games explore --partizan`: options in, the report of `games::explore::partizan` out.

use super::UsageError;
use anyhow::Result;
use clap::ArgMatches;
use games::explore::partizan;
use games::explore::space::{Coords, Space, parse_position};
use games::out::Out;
use std::process::ExitCode;
use std::time::Duration;

fn usage(msg: String) -> anyhow::Error {
    anyhow::Error::new(UsageError(msg))
}

/// Runs `games explore --partizan --moves CMD --box SPEC [--at POS ...] [--json]`.
pub fn run(args: &ArgMatches) -> Result<ExitCode> {
    let spec = args.get_one::<String>("box").map(String::as_str).unwrap_or_default();
    let space = Space::parse(spec).map_err(|e| usage(format!("--box '{spec}': {e}")))?;
    let timeout = Duration::from_secs_f64(*args.get_one::<f64>("timeout").unwrap_or(&60.0));
    let max_positions = *args.get_one::<u64>("max-positions").unwrap_or(&1_000_000) as usize;
    let at: Vec<Coords> = args
        .get_many::<String>("at")
        .into_iter()
        .flatten()
        .map(|s| parse_position(s, space.arity()).map_err(|e| usage(format!("--at: {e}"))))
        .collect::<Result<_>>()?;
    let cmd = args.get_one::<String>("moves").cloned().unwrap_or_default();
    games::harness::process::Supervisor::install();
    let max_starts = *args.get_one::<u64>("max-starts").unwrap_or(&1000) as usize;
    let result = partizan::explore(&space, &at, &cmd, timeout, max_positions, max_starts);
    games::harness::process::sweep_orphans();
    let report = result.map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    let mut out = Out::new();
    if args.get_flag("json") {
        partizan::json(&report, &mut out);
    } else {
        partizan::text(&report, &mut out);
    }
    super::io::write_stdout(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

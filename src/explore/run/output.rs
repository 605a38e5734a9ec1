//! What `games explore` writes instead of its report, for both of its paths (the table of
//! `cli::explore` and the outcome bits of `cli::explore_big`): the `--count` tally and the
//! `--list` stream. Both paths import this module and neither imports the other's output.

use super::Request;
use crate::explore::list::{self, Source, Which};
use crate::out::Out;
use anyhow::Result;
use std::process::ExitCode;

/// A tally of positions as `--count` prints it (one JSON object with `--json`).
pub fn write_tally(tally: &crate::count::positions::Tally, json: bool) -> Result<ExitCode> {
    use crate::count::positions;
    let mut out = Out::new();
    if json {
        out.str(&serde_json::to_string(tally)?).nl();
    } else {
        positions::write(&mut out, tally);
    }
    crate::console::write_stdout(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `--list P|N|D|all`, when given (clap checked the word).
pub fn list_asked(req: &Request) -> Option<Which> {
    req.list.as_ref().and_then(|w| Which::parse(w).ok())
}

/// Streams the list to standard output in 64 KiB blocks (`--json`: one object).
pub fn write_list(source: &Source, which: Which, json: bool) -> Result<ExitCode> {
    let mut out = Out::streaming(Box::new(std::io::stdout()));
    if json {
        list::json(&mut out, source, which);
    } else {
        list::text(&mut out, source, which);
    }
    out.finish()
        .map_err(|source| crate::console::StreamError { stream: "standard output", source })?;
    Ok(ExitCode::SUCCESS)
}

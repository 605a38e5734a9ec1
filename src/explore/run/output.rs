//! What `games explore` writes instead of its report, for both of its paths (the table of
//! `cli::explore` and the outcome bits of `cli::explore_big`): the `--count` tally and the
//! `--list` stream. Both paths import this module and neither imports the other's output.
//! The kinds other than the impartial tables (remoteness, scores, partizan values) get their
//! `--list`, `--count`, `--svg` and `--check` here, once over the kind ([`Outcomes`]).

use super::Request;
use crate::explore::check;
use crate::explore::list::{self, Source, Which};
use crate::explore::program::Program;
use crate::explore::report::entries::{Outcomes, Tally};
use crate::harness::process;
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

/// `--list OUTCOME|all`, when given, among the kind's outcome `names` (a usage error names
/// them; the runners' options were checked with [`list_names`] before anything ran).
pub fn list_asked(req: &Request, names: &[&'static str]) -> Result<Option<Which>> {
    req.list.as_ref().map(|w| Which::parse(w, names).map_err(super::usage)).transpose()
}

/// The outcome names `--list` takes in `kind`.
pub fn list_names(kind: super::Kind) -> &'static [&'static str] {
    use crate::explore::report::entries::{REMOTENESS_OUTCOMES, SCORE_OUTCOMES};
    match kind {
        super::Kind::Values | super::Kind::Misere => list::IMPARTIAL,
        super::Kind::Remoteness => REMOTENESS_OUTCOMES,
        super::Kind::Score => SCORE_OUTCOMES,
        super::Kind::Partizan => crate::explore::report::partizan::outcomes::NAMES,
    }
}

/// `--list` or `--count` of a kind's box in place of its report (`tally`: the kind's
/// `--count`), or `None` when neither is asked.
pub fn kind_list_or_count(
    req: &Request,
    b: &dyn Outcomes,
    tally: impl FnOnce() -> Tally,
) -> Option<Result<ExitCode>> {
    if req.count {
        let mut out = Out::new();
        let t = tally();
        if req.json {
            t.json(&mut out)
        } else {
            t.text(&mut out)
        }
        return Some(
            crate::console::write_stdout(out.as_bytes())
                .map(|_| ExitCode::SUCCESS)
                .map_err(Into::into),
        );
    }
    kind_list(req, b)
}

/// `--list` of a kind's box in place of its report, or `None` when not asked.
pub fn kind_list(req: &Request, b: &dyn Outcomes) -> Option<Result<ExitCode>> {
    match list_asked(req, b.names()) {
        Err(e) => Some(Err(e)),
        Ok(None) => None,
        Ok(Some(which)) => Some(write_list(&Source::Kind(b), which, req.json)),
    }
}

/// After a kind's report: `--check CMD`'s verdict on standard error (exit 1 on a
/// disagreement), then `--svg FILE`. `code` is the report's own exit status.
pub fn kind_check_and_svg(req: &Request, b: &dyn Outcomes, code: ExitCode) -> Result<ExitCode> {
    let mut code = code;
    if let Some(cmd) = req.check.as_ref() {
        let program = Program {
            cmd: cmd.clone(),
            arity: b.space().arity(),
            timeout: req.timeout,
            output_cap: 1 << 30,
            multiset: false,
            stream: false,
            text: None,
        };
        process::Supervisor::install();
        let verdict = check::check_outcomes(&program, b);
        process::sweep_orphans();
        process::exit_on_signal();
        match say_verdict(verdict)? {
            Ok(c) if c == ExitCode::SUCCESS => {}
            Ok(c) | Err(c) => code = c,
        }
    }
    if let Some(path) = req.svg.as_ref() {
        let Some(svg) = crate::explore::report::svg_of_outcomes(b) else {
            anyhow::bail!("explore: --svg needs a box with two or more varying coordinates");
        };
        std::fs::write(path, svg).map_err(|e| anyhow::anyhow!("explore: writing {path}: {e}"))?;
    }
    Ok(code)
}

/// A `--check` verdict said on standard error: `Ok` with the exit status (1 on a
/// disagreement), `Err` with the status of an interrupted check.
pub fn say_verdict(
    verdict: std::io::Result<check::Verdict>,
) -> Result<std::result::Result<ExitCode, ExitCode>> {
    match verdict {
        Err(e) => Ok(Err(super::interrupted(e))),
        Ok(check::Verdict::Agrees { checked, skipped }) => {
            let skip = if skipped > 0 {
                format!(" ({skipped} undecided positions skipped)")
            } else {
                String::new()
            };
            crate::console::error_line(&format!(
                "check: your program agrees with the table on all {checked} positions{skip}"
            ));
            Ok(Ok(ExitCode::SUCCESS))
        }
        Ok(check::Verdict::Differs(why)) => {
            crate::console::error_line(&format!("check: {why}"));
            Ok(Ok(ExitCode::from(1)))
        }
        Ok(check::Verdict::Broken(why)) => anyhow::bail!("explore: {why}"),
    }
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

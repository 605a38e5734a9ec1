//! The report written: the head (the game, the notes, the table or its slices, the patterns,
//! those refuted and what the guard checked), the `--at` answers streamed in chunks, the
//! `--winning` moves, or all of it as one JSON document; the `--check` verdict on standard
//! error and the `--svg` heat map.

use crate::explore::reach::Reach;
use crate::explore::run::{self, Request};
use crate::explore::space::Space;
use crate::explore::table::Table;
use crate::explore::{answer, at, check, guard, pattern, program::Program, report, winning};
use crate::harness::process;
use crate::out::Out;
use anyhow::Result;
use std::io::IsTerminal;
use std::process::ExitCode;

use super::table::timeout;

/// What answers one asked position (a sum's parts one after the other).
type AnswerAt<'a> = dyn Fn(&[u64]) -> answer::AtAnswer + 'a;

/// The report, as JSON or text: the head, the `--at` answers (`answer_at`) and the winning
/// moves.
pub(super) fn write_report(
    req: &Request,
    head: &Head,
    (at, answer_at): (&at::AskedList, &AnswerAt),
    (wins, target): (&[winning::Winning], u64),
    (slices, guard): (Vec<(usize, u64)>, Option<&guard::Guard>),
) -> Result<Out> {
    let mut out = Out::new();
    if req.json {
        let answers: Vec<_> = at.iter().map(answer_at).collect();
        report::json(&mut out, head.game, head.table, head.found, &answers, wins, head.dropped);
        return Ok(out);
    }
    write_head(&mut out, req, head, slices, guard);
    // Answers are streamed (a file of positions is of the user's size), except with --check,
    // whose verdict may stop the run before anything is written.
    let stream = req.check.as_ref().is_none();
    text_answers(&mut out, at, answer_at, stream)?;
    report::winning(&mut out, wins, target);
    Ok(out)
}

/// `--check CMD`'s exit status (success without it); `Err` inside: an interrupted check.
pub(super) fn check_code(
    req: &Request,
    full: &Table,
    reach: Option<&Reach>,
) -> Result<std::result::Result<ExitCode, ExitCode>> {
    match req.check.as_ref() {
        Some(cmd) => check_with(cmd, req, &full.space, full, reach),
        None => Ok(Ok(ExitCode::SUCCESS)),
    }
}

/// What the text report says before the answers.
pub(super) struct Head<'a> {
    pub(super) game: &'a str,
    pub(super) table: &'a Table,
    pub(super) found: &'a [pattern::Pattern],
    pub(super) shown: report::Shown,
    pub(super) dropped: &'a [report::Dropped],
}

/// The text report before the answers: the game, the notes, the table, the patterns, those
/// refuted beyond the box and what the guard checked.
fn write_head(
    out: &mut Out,
    req: &Request,
    h: &Head,
    slices: Vec<(usize, u64)>,
    guard: Option<&guard::Guard>,
) {
    let t = h.table;
    let play = if t.misere { "misère play" } else { "normal play" };
    out.str(&format!(
        "game: {}, box {} ({} positions; {} explored), {play}\n",
        h.game,
        t.space.spec(),
        t.space.cells(),
        t.explored
    ));
    for note in &t.notes {
        out.str("note: ").str(note).nl();
    }
    if !req.no_table {
        print_table(out, req, t, slices);
    }
    report::patterns(out, t, h.found, h.shown, h.dropped.len());
    report::refuted(out, t, h.dropped);
    if let Some(g) = guard {
        report::guarded(out, g);
    }
}

/// The table as text: values, or outcomes with `--outcomes` or when no value was computed.
pub(super) fn print_table(out: &mut Out, req: &Request, table: &Table, slices: Vec<(usize, u64)>) {
    let color = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let outcomes = req.outcomes
        || (!table.misere && table.grundy.iter().all(|&g| g == crate::explore::table::NO_VALUE));
    let style = report::Style { outcomes, color, slices };
    report::table(out, table, &style);
}

/// The answers as text, 4096 at a time; with `stream`, written out whenever a megabyte waits
/// (a file of positions is of the user's size).
fn text_answers(
    out: &mut Out,
    at: &at::AskedList,
    answer_at: &dyn Fn(&[u64]) -> answer::AtAnswer,
    stream: bool,
) -> Result<()> {
    for start in (0..at.len()).step_by(4096) {
        let chunk = at.range(start..(start + 4096).min(at.len()));
        let answers: Vec<_> = chunk.map(answer_at).collect();
        report::answers(out, &answers);
        if stream && out.as_bytes().len() >= 1 << 20 {
            crate::console::write_stdout(out.as_bytes())?;
            *out = Out::new();
        }
    }
    Ok(())
}

/// `--svg FILE`: the heat map of a box with two or more varying coordinates.
pub(super) fn write_svg(path: &str, table: &Table) -> Result<()> {
    match report::svg(table) {
        Some(svg) => {
            std::fs::write(path, svg).map_err(|e| anyhow::anyhow!("explore: writing {path}: {e}"))
        }
        None => anyhow::bail!("explore: --svg needs a box with two or more varying coordinates"),
    }
}

/// `--check CMD`: the user's formula against the table, said on standard error. `Ok` with
/// the exit status (1 on a disagreement), `Err` with the status of an interrupted run.
fn check_with(
    cmd: &str,
    req: &Request,
    space: &Space,
    table: &Table,
    reach: Option<&Reach>,
) -> Result<Result<ExitCode, ExitCode>> {
    process::Supervisor::install();
    let program = Program {
        cmd: cmd.to_string(),
        arity: space.arity(),
        timeout: timeout(req),
        output_cap: 1 << 30,
        multiset: false,
        stream: false,
        text: None,
    };
    let verdict = check::check(&program, table, reach);
    process::sweep_orphans();
    process::exit_on_signal();
    run::output::say_verdict(verdict)
}

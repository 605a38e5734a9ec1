//! Grundy values and outcomes, normal and misère play: options in, report out. A request
//! passes through the stages in order: the positions asked ([`asked`]), the table of the box
//! ([`table`]: a moves program or a built-in game), its patterns and the guard's far checks
//! ([`far`]), the `--winning` moves ([`winning_moves`]) and the report ([`write`]: the table,
//! patterns, `--at` answers, `--winning` moves and the `--check` verdict as text or JSON, and an
//! SVG). `--count` and `--list` print the box instead, before the pattern search.

mod asked;
mod far;
mod table;
mod winning_moves;
mod write;

use super::Request;
use crate::explore::space::{Coords, Space};
use crate::explore::table::Table;
use crate::explore::{answer, at, builtin, pattern, report, winning};
use crate::harness::process;
use crate::out::Out;
use anyhow::Result;
use std::process::ExitCode;

use super::{grundy_serve, interrupted, timing, usage};
use asked::{asks_beyond, box_of, grown_down, positions_asked, slices, winning_asked};
use far::{guard_far, patterns_timed, watched_sums};
use table::{Computed, computed, program_of};
use winning_moves::{Known, misere_wins, winning_all};
use write::{Head, check_code, write_report, write_svg};

/// Runs `games explore`: the positions asked, the table, its patterns, the answers, the report.
pub fn run(req: &Request) -> Result<ExitCode> {
    let (space, big) = box_of(req)?;
    process::Supervisor::install();
    process::exit_on_signal();
    let at = positions_asked(req, at::Reading { arity: space.arity(), multiset: req.multiset })?;
    let (asks, target) = winning_asked(req, &space, req.misere)?;
    // Every part of every `--winning` position (one part each, but for misère sums).
    let winning_at: Vec<Coords> = asks.iter().flatten().copied().collect();
    let slices = slices(req, space.arity())?;
    let shown = report::Shown::parse(req.patterns.as_str()).map_err(usage)?;
    super::search_settings(req);
    if big {
        return run_big(req, &space, &at, (&asks, target), (&slices, shown));
    }
    let by_rule = misere_by_rule(req);
    let table_at = if by_rule { &at::AskedList::default() } else { &at };
    let far = asks_beyond(&space, table_at, &winning_at);
    let (space, grown) = grown_down(req, space, far, &at, &winning_at);
    let program = program_of(req, &space);
    let (c, wide) = match computed(req, &space, far, table_at, &winning_at, &program, req.misere)? {
        Ok(c) => c,
        Err(code) => return Ok(code),
    };
    let Computed { mut table, reach, theorems, game, builtin } = c;
    table.notes.extend(grown);
    if let Some(written) = tally_or_list(req, &table) {
        return written;
    }
    // A rule with moves longer than the box: only its proofs speak beyond the box.
    let far_blind = builtin.as_ref().is_some_and(|g| builtin::far_moves_note(g, &space).is_some());
    let (mut found, mut n_trusted) = patterns_timed(&mut table, theorems, far_blind);
    pattern::floor::apply(&mut found, &table.space);
    let clock = std::time::Instant::now();
    let full = wide.as_ref().unwrap_or(&table);
    let (guard, dropped) = if far {
        let patterns = (&mut found, &mut n_trusted);
        match guard_far(req, full, &space, patterns, (&at, &winning_at), &program, builtin.as_ref())
        {
            Ok((g, dropped)) => (Some(g), dropped),
            Err(e) => return Ok(interrupted(e)),
        }
    } else {
        (None, Vec::new())
    };
    timing("far checks", clock);
    let clock = std::time::Instant::now();
    if req.serve {
        let (reach, builtin, program) = (reach.as_ref(), builtin.as_ref(), &program);
        let c = grundy_serve::Computed { table: full, space: &space, reach, builtin, program };
        return grundy_serve::run(req, c, (found, n_trusted));
    }
    // Far answers come from the trusted patterns only: the first `n_trusted` of `found`.
    let trusted = &found[..n_trusted];
    let arity = space.arity();
    let one = |q: &Coords| answer::answer_guarded(full, trusted, q, guard.as_ref());
    // Misère sums: the misère-Nim rule or the exhaustive search (misère play does not
    // decompose), built only when a sum is asked or a move may leave one.
    let by_sums = |p: &[u64]| p.len() > arity || (by_rule && !space.contains(p));
    let by_misere = misere_wins(req, builtin.as_ref(), reach.as_ref());
    let sums_asked = req.misere && (at.iter().any(by_sums) || asks.iter().any(|a| by_misere(a)));
    let top = at.iter().flatten().chain(winning_at.iter().flatten()).copied().max().unwrap_or(0);
    let sums = sums_asked.then(|| watched_sums(builtin.as_ref(), reach.as_ref(), &full.space, top));
    let answer_at = |p: &[u64]| match sums.as_ref() {
        Some(s) if by_sums(p) => at::misere_sum(s.as_ref().map_err(String::as_str), arity, p),
        _ => at::answer_with(arity, req.misere, p, one),
    };
    let known = Known { full, reach: reach.as_ref(), trusted, guard: guard.as_ref() };
    let wins =
        winning_all(req, builtin.as_ref(), &known, (&asks, target), (sums.as_ref(), by_misere));
    let head = Head { game: &game, table: &table, found: &found, shown, dropped: &dropped };
    let out =
        write_report(req, &head, (&at, &answer_at), (&wins, target), (slices, guard.as_ref()))?;
    let code = check_code(req, full, reach.as_ref())?;
    drop(sums);
    finish(req, &table, (out, code), sums_asked, clock)
}

/// The report written, then the exit: interrupted when a misère search was (the answers before
/// it are in the report), else `--check`'s verdict; the SVG last.
fn finish(
    req: &Request,
    table: &Table,
    (out, code): (Out, std::result::Result<ExitCode, ExitCode>),
    sums_asked: bool,
    clock: std::time::Instant,
) -> Result<ExitCode> {
    let code = match code {
        Ok(code) => code,
        Err(interrupted) => return Ok(interrupted),
    };
    crate::console::write_stdout(out.as_bytes())?;
    if sums_asked && process::interrupted().is_some() {
        return Ok(interrupted(std::io::Error::other("a misère search was interrupted")));
    }
    timing("answers and report", clock);
    if let Some(path) = req.svg.as_ref() {
        write_svg(path, table)?;
    }
    Ok(code)
}

/// A take game's box too large for a table ([`super::big`]): its `--winning` positions are
/// single positions (sums are listed in boxes that fit a table).
fn run_big(
    req: &Request,
    space: &Space,
    at: &at::AskedList,
    (asks, target): (&[Vec<Coords>], u64),
    (slices, shown): (&[(usize, u64)], report::Shown),
) -> Result<ExitCode> {
    if asks.iter().any(|a| a.len() != 1) {
        return Err(usage("--winning: sums are listed in boxes that fit a table".into()));
    }
    let winning: Vec<Coords> = asks.iter().map(|a| a[0]).collect();
    let w = super::big::Wanted { at, winning: &winning, target, slices, shown };
    super::big::run(req, space, req.misere, w)
}

/// `--count` (the tally) or `--list` (the positions of an outcome) instead of the report.
fn tally_or_list(req: &Request, table: &Table) -> Option<Result<ExitCode>> {
    // With --multiset each multiset is counted and listed once, at its first cell.
    let multiset = req.multiset;
    if req.count {
        return Some(count(table, multiset, req.json));
    }
    let which = match super::output::list_asked(req, crate::explore::list::IMPARTIAL) {
        Ok(which) => which?,
        Err(e) => return Some(Err(e)),
    };
    let source = match multiset {
        true => crate::explore::list::Source::Multisets(table),
        false => crate::explore::list::Source::Table(table),
    };
    Some(super::output::write_list(&source, which, req.json))
}

/// `--count`: the tally of the box's outcomes and values (`crate::count::positions`).
fn count(table: &crate::explore::table::Table, multiset: bool, json: bool) -> Result<ExitCode> {
    let tally = match multiset {
        true => crate::count::positions::tally_multisets(table),
        false => crate::count::positions::tally(table),
    };
    super::output::write_tally(&tally, json)
}

/// `--max-options`: the budget of `--winning`'s lists.
pub(super) fn winning_budget(req: &Request) -> winning::Budget {
    let listed = req.max_options;
    listed.map_or_else(winning::Budget::default, |listed| winning::Budget { listed })
}

/// A `games sg` rule that splits heaps, in misère play, answers every sum and every position
/// beyond the box from the rule itself (`misere_sums`): those ask nothing of the table beyond
/// the box.
fn misere_by_rule(req: &Request) -> bool {
    req.misere
        && req
            .game
            .as_deref()
            .is_some_and(|g| builtin::parse(g).is_ok_and(|b| builtin::splits_heaps(&b)))
}

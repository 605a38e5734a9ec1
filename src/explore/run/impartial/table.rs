//! The table of the box: a built-in game's, with its theorems, or a moves program's from the
//! search over its positions, on the box widened by the guard's band when positions beyond it
//! are asked (on the box alone, with a note, when the band passes a budget); on an interrupt the
//! box's values known so far are printed as a partial table.

use crate::explore::builtin::Builtin;
use crate::explore::pattern::Formula;
use crate::explore::reach::Reach;
use crate::explore::run::{self, Request, interrupted, timing, usage};
use crate::explore::space::{Coords, Space};
use crate::explore::table::Table;
use crate::explore::{at, builtin, guard, program::Program, reach, report, values};
use crate::harness::process;
use crate::out::Out;
use anyhow::Result;
use std::process::ExitCode;
use std::time::Duration;

use super::asked::{asked_parts, slices};
use super::write::print_table;

/// A table and where it came from: a built-in game (with its theorems) or a moves program
/// (with what the search met).
pub(super) struct Computed {
    pub(super) table: Table,
    pub(super) reach: Option<Reach>,
    pub(super) theorems: Vec<Box<dyn Formula>>,
    pub(super) game: String,
    pub(super) builtin: Option<Builtin>,
}

/// The table of the box, and of the wider region the guard computes when positions beyond the
/// box are asked (`None` when only the box was computed). `Err` holds the exit status of an
/// interrupted run.
pub(super) fn computed(
    req: &Request,
    space: &Space,
    far: bool,
    at: &at::AskedList,
    winning_at: &[Coords],
    program: &Program,
    misere: bool,
) -> Result<Result<(Computed, Option<Table>), ExitCode>> {
    let budget = req.max_positions;
    let wide_space =
        if far { guard::region(space, &asked_parts(space, at, winning_at), budget) } else { None };
    let mut c = match req.game.as_ref() {
        Some(name) => match wide_space.as_ref().map(|w| from_game(req, name, w, misere)) {
            Some(Ok(c)) => c,
            _ => from_game(req, name, space, misere)?,
        },
        None => match from_program_banded(req, program, space, wide_space, misere, winning_at)? {
            Ok(c) => c,
            Err(code) => return Ok(Err(code)),
        },
    };
    if c.table.space == *space {
        return Ok(Ok((c, None)));
    }
    let boxed = c.table.restrict(space);
    let wide = std::mem::replace(&mut c.table, boxed);
    Ok(Ok((c, Some(wide))))
}

/// [`from_program`] on the box widened by the guard's band (`wide`), or on the box alone
/// when there is no band or the band passes a budget (said in a note).
fn from_program_banded(
    req: &Request,
    program: &Program,
    space: &Space,
    wide: Option<Space>,
    misere: bool,
    winning_at: &[Coords],
) -> Result<Result<Computed, ExitCode>> {
    // The Grundy player (`--serve` of a game that splits) plays the options the search met.
    let keep = !winning_at.is_empty() || req.serve;
    if let Some(w) = wide {
        match from_program(req, program, &w, misere, keep) {
            Err(e) => {
                let mut c = from_program(req, program, space, misere, keep)?;
                if let Ok(c) = &mut c {
                    c.table.notes.push(format!(
                        "the box was not computed wider ({}) for the far answers: {}",
                        w.spec(),
                        e.to_string().trim_start_matches("explore: ")
                    ));
                }
                return Ok(c);
            }
            other => return other,
        }
    }
    from_program(req, program, space, misere, keep)
}

/// `--game NAME`: the built-in game's table on the box, with its theorems.
fn from_game(req: &Request, name: &str, space: &Space, misere: bool) -> Result<Computed> {
    let game = builtin::parse(name).map_err(|e| usage(format!("--game: {e}")))?;
    run::builtin_within_budget(req, space)?;
    if builtin::arity(&game) != space.arity() {
        return Err(usage(format!(
            "--game {name} has positions of {} coordinates; the box has {}",
            builtin::arity(&game),
            space.arity()
        )));
    }
    let budget = req.max_positions;
    let mut table = builtin::table_within(&game, space, misere, req.outcomes, budget)
        .map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    table.notes.extend(builtin::far_moves_note(&game, space));
    let theorems = builtin::theorems(&game, misere);
    let game_text = format!("built-in game {name}");
    Ok(Computed { table, reach: None, theorems, game: game_text, builtin: Some(game) })
}

/// `--moves CMD`: the search over the program's positions, then the values. `Err` holds the
/// exit status of an interrupted run.
fn from_program(
    req: &Request,
    program: &Program,
    space: &Space,
    misere: bool,
    keep_for_winning: bool,
) -> Result<Result<Computed, ExitCode>> {
    let cmd = program.cmd.clone();
    let limits = reach::Limits {
        max_positions: req.max_positions as usize,
        max_starts: req.max_starts as usize,
        keep_options: misere || req.check.is_some() || keep_for_winning,
    };
    process::Supervisor::install();
    let progress = crate::console::Progress::new("explore", 0);
    let clock = std::time::Instant::now();
    let result = reach::explore_or_partial(space, program, limits, |p| {
        if progress.elapsed() >= Duration::from_secs(1) {
            progress.show_text(&format!(
                "{} positions known, {} asked ({} answered), {} batches, {} starts",
                p.known, p.asked, p.answered, p.batches, p.starts
            ));
        }
    });
    progress.clear();
    process::sweep_orphans();
    let reach = match result {
        Ok(r) => r,
        Err((reach::ReachError::Io(e), known)) => {
            if process::interrupted().is_some() && !known.is_empty() {
                print_partial(req, space, &cmd, &known)?;
            }
            return Ok(Err(interrupted(e)));
        }
        Err((reach::ReachError::Protocol(e), _)) => anyhow::bail!("explore: {e}"),
        Err((reach::ReachError::Budget(e), _)) => return Err(anyhow::Error::new(OverBudget(e))),
        Err((reach::ReachError::Alloc(e), _)) => anyhow::bail!("explore: {e}"),
    };
    process::exit_on_signal();
    let stats = format!(
        "moves program ({} starts, {} batches, {} positions asked, {} needed)",
        reach.starts,
        reach.batches,
        reach.asked,
        reach.expanded()
    );
    timing(&stats, clock);
    let clock = std::time::Instant::now();
    let table = if misere { values::misere(space, &reach) } else { values::normal(space, &reach) };
    timing("values", clock);
    let table = table.map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    let game = format!("moves program '{cmd}'");
    Ok(Ok(Computed { table, reach: Some(reach), theorems: Vec::new(), game, builtin: None }))
}

/// An interrupted search: the box's values known so far (`?` where not yet), marked partial,
/// as a table (or the JSON document with only the table); the caller says the signal.
fn print_partial(req: &Request, space: &Space, cmd: &str, known: &[u32]) -> Result<()> {
    let mut table = Table::new(space.clone(), false);
    let mut done = 0;
    for (cell, &g) in known.iter().enumerate() {
        if g != reach::UNKNOWN {
            table.grundy[cell] = g;
            table.outcome[cell] = if g == 0 { b'P' } else { b'N' };
            done += 1;
        }
    }
    table.notes.push(format!(
        "partial: interrupted; {done} of the box's {} positions computed so far (the others ?)",
        space.cells()
    ));
    let game = format!("moves program '{cmd}'");
    let mut out = Out::new();
    if req.json {
        report::json(&mut out, &game, &table, &[], &[], &[], &[]);
    } else {
        out.str(&format!("game: {game}, box {} (partial)\n", space.spec()));
        out.str(&format!("note: {}\n", table.notes[0]));
        if !req.no_table {
            print_table(&mut out, req, &table, slices(req, space.arity())?);
        }
    }
    crate::console::write_stdout(out.as_bytes())?;
    Ok(())
}

/// The moves program as the options give it.
pub(super) fn program_of(req: &Request, space: &Space) -> Program {
    Program {
        cmd: req.moves.clone().unwrap_or_default(),
        arity: space.arity(),
        timeout: timeout(req),
        output_cap: 1 << 30,
        multiset: req.multiset,
        stream: req.stream,
        text: None,
    }
}

/// The seconds each run of a user's program may take.
pub(super) fn timeout(req: &Request) -> Duration {
    req.timeout
}

/// The exploration went past `--max-positions` or `--max-starts`.
#[derive(Debug)]
struct OverBudget(String);

impl std::fmt::Display for OverBudget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "explore: {}", self.0)
    }
}

impl std::error::Error for OverBudget {}

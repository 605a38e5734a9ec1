//! What answers beyond the table: the patterns of the table (within the search's budgets,
//! the proved ones first where the rule's moves are longer than the box), the guard's far
//! checks of the trusted patterns against the game's own rule, which drop those it refutes,
//! and the misère sums (misère play does not decompose), watched for signals.

use crate::explore::builtin::Builtin;
use crate::explore::pattern::Formula;
use crate::explore::reach::Reach;
use crate::explore::run::{self, Request, timing};
use crate::explore::space::{Coords, Space};
use crate::explore::table::Table;
use crate::explore::{at, guard, misere_sums, pattern, program::Program};
use crate::harness::process;
use anyhow::Result;
use std::time::Duration;

use super::asked::asked_parts;

/// The patterns of the table within `--search-budget` for the grammar ([`patterns_of`]), timed;
/// a note when the grammar's safety cap cut a search, or when `--patterns 0` turned it off.
pub(super) fn patterns_timed(
    table: &mut Table,
    theorems: Vec<Box<dyn Formula>>,
    far_blind: bool,
) -> (Vec<pattern::Pattern>, usize) {
    let clock = std::time::Instant::now();
    let found = patterns_of(table, theorems, far_blind);
    table.notes.extend(run::search_notes());
    timing("patterns", clock);
    found
}

/// The patterns of the table, those that may answer beyond the box first (all of them, or
/// only the proved ones when `far_blind`), and how many those are. Boxes past 2^22 positions
/// skip the pattern search (its detectors are not linear in the box); the game's theorems are
/// still checked on every entry.
fn patterns_of(
    table: &mut Table,
    theorems: Vec<Box<dyn Formula>>,
    far_blind: bool,
) -> (Vec<pattern::Pattern>, usize) {
    let found = if table.cells() > 1 << 22 {
        table.notes.push(format!(
            "pattern search skipped: the box has {} positions, more than 2^22; only the game's theorems were checked",
            table.cells()
        ));
        let table = &*table;
        theorems
            .into_iter()
            .filter_map(|f| {
                let entries = pattern::verify(table, f.as_ref())?;
                let basis = match f.proof() {
                    Some(th) => pattern::Basis::Proved(th),
                    None => pattern::Basis::Observed { entries },
                };
                Some(pattern::Pattern { formula: f, basis, edge: None })
            })
            .collect()
    } else {
        pattern::find(table, theorems)
    };
    let (mut trusted, rest): (Vec<_>, Vec<_>) =
        found.into_iter().partition(|p| !far_blind || matches!(p.basis, pattern::Basis::Proved(_)));
    let n_trusted = trusted.len();
    trusted.extend(rest);
    (trusted, n_trusted)
}

/// The patterns the guard refuted, with the refutation.
type Dropped = Vec<(pattern::Pattern, guard::Refutation)>;

/// The guard ([`guard`]) on the trusted patterns, the first `n_trusted` of `found`, and those it
/// refutes dropped from them.
pub(super) fn guard_far(
    req: &Request,
    full: &Table,
    space: &Space,
    (found, n_trusted): (&mut Vec<pattern::Pattern>, &mut usize),
    (at, winning_at): (&at::AskedList, &[Coords]),
    program: &Program,
    builtin: Option<&Builtin>,
) -> std::result::Result<(guard::Guard, Dropped), std::io::Error> {
    let mut g =
        check_far(req, full, space, &found[..*n_trusted], (at, winning_at), program, builtin)?;
    let dropped = g.drop_refuted(found, n_trusted);
    Ok((g, dropped))
}

/// The patterns that answer beyond the box checked on the band, at the far positions asked and
/// at sampled far positions, against the game's own rule.
fn check_far(
    req: &Request,
    full: &Table,
    space: &Space,
    trusted: &[pattern::Pattern],
    (at, winning_at): (&at::AskedList, &[Coords]),
    program: &Program,
    builtin: Option<&Builtin>,
) -> std::result::Result<guard::Guard, std::io::Error> {
    let k = space.arity();
    let asked = asked_parts(space, at, winning_at);
    let settings =
        guard::Settings::new(req.far_checks as usize, Duration::from_secs_f64(req.far_check_time));
    let inputs =
        guard::Inputs { table: full, box_space: space, patterns: trusted, asked: &asked, settings };
    match builtin {
        Some(g) => {
            let mut lister = guard::BuiltinLister { game: g.clone() };
            guard::Guard::run(&inputs, &mut lister)
        }
        None => {
            process::Supervisor::install();
            let mut lister = guard::ProgramLister::new(program, k);
            let r = guard::Guard::run(&inputs, &mut lister);
            process::sweep_orphans();
            process::exit_on_signal();
            r
        }
    }
}

/// The misère sums of a `games sg` rule (heaps up to `top`, the largest part asked) or of a
/// moves program's explored positions; `Err` says why there are none (the other built-in games).
fn misere_sums<'a>(
    builtin: Option<&Builtin>,
    reach: Option<&'a Reach>,
    space: &'a Space,
    top: u64,
) -> Result<misere_sums::MisereSums<'a>, String> {
    match (builtin, reach) {
        (Some(Builtin::Sg(rule)), _) => misere_sums::MisereSums::of_rule(rule, top),
        (None, Some(reach)) => Ok(misere_sums::MisereSums::of_reach(reach, space)),
        (Some(g), _) => Err(format!(
            "misère play does not decompose into sums, and sums of {g} are not searched (list the whole position instead)"
        )),
        (None, None) => Err("misère play does not decompose into sums".to_string()),
    }
}

/// [`misere_sums`], watched: from now on a signal is recorded (it no longer ends `games` at
/// once), a search under way stops at its next watch, the sums not decided are unknown
/// (interrupted) and the report of what was answered is printed before the interrupted exit;
/// the progress line (a terminal, or `GAMES_PROGRESS=1`) counts the positions searched.
pub(super) fn watched_sums<'a>(
    builtin: Option<&Builtin>,
    reach: Option<&'a Reach>,
    space: &'a Space,
    top: u64,
) -> Result<misere_sums::MisereSums<'a>, String> {
    let mut sums = misere_sums(builtin, reach, space, top)?;
    process::Supervisor::install();
    let line = Line(crate::console::Progress::new("games explore", 0));
    sums.watch(Box::new(move |n: u64| {
        line.0.show_text(&format!("misère search: {n} positions"));
        process::interrupted().is_some()
    }));
    Ok(sums)
}

/// A progress line cleared when dropped.
struct Line(crate::console::Progress);

impl Drop for Line {
    fn drop(&mut self) {
        self.0.clear();
    }
}

//! `games explore --game same:K:J` or `moore:K:M` on a box of more than
//! `crate::explore::big::BIG_BOX` positions: options in, the report of the outcome bits of
//! `crate::explore::big` out (no table, no values; `--to V`, `--check` and `--svg`, which need
//! them, are refused with a usage message).

use super::Request;
use crate::explore::at::AskedList;
use crate::explore::big::{self, BigBox};
use crate::explore::builtin;
use crate::explore::report::{self, BigReport, Shown};
use crate::explore::space::{Coords, Space};
use crate::out::Out;
use anyhow::Result;
use std::process::ExitCode;

use super::usage;

/// What was asked besides the box.
pub struct Wanted<'a> {
    pub at: &'a AskedList,
    pub winning: &'a [Coords],
    pub target: u64,
    pub slices: &'a [(usize, u64)],
    pub shown: Shown,
}

/// The most positions of a box computed as a table (`--big-from`, hidden, lowers it for tests).
fn threshold(req: &Request) -> u64 {
    req.big_from.unwrap_or(big::BIG_BOX)
}

/// Does this run take the outcome-bit path: a take family's game on a box of more positions
/// than a table holds?
pub fn wanted(req: &Request, space: &Space) -> bool {
    let Some(Ok(game)) = req.game.as_ref().map(|n| builtin::parse(n)) else {
        return false;
    };
    let Some((_, from)) = big::take_game(&game, threshold(req)) else { return false };
    builtin::arity(&game) == space.arity() && space.cells_u128() > from as u128
}

/// Runs the outcome-bit path (after [`wanted`] said yes).
pub fn run(req: &Request, space: &Space, misere: bool, w: Wanted) -> Result<ExitCode> {
    let name = req.game.as_deref().unwrap_or_default();
    let game = builtin::parse(name).map_err(|e| usage(format!("--game: {e}")))?;
    let Some((g, from)) = big::take_game(&game, threshold(req)) else {
        anyhow::bail!("explore: {name} is not a take game");
    };
    refuse_tables(req, space, w.target, from)?;
    let budget = req.given("max-positions").then_some(req.max_positions);
    let b = big::compute(&g, space, misere, budget).map_err(|e| anyhow::anyhow!("explore: {e}"))?;
    if let Some(which) = super::output::list_asked(req, crate::explore::list::IMPARTIAL)? {
        let source = crate::explore::list::Source::Big(&b);
        return super::output::write_list(&source, which, req.json);
    }
    let p_count = b.count_p();
    let mut out = Out::new();
    if req.count {
        return count(&b, p_count, req.json);
    }
    let plane = b.plane(w.slices).map_err(usage)?;
    let slice = b.slice_table(&plane);
    let theorems = big::on_outcomes(builtin::theorems(&game, misere));
    let found = crate::explore::pattern::find(&slice, theorems);
    let listing = super::impartial::winning_budget(req);
    let wins: Vec<_> =
        w.winning.iter().map(|p| b.winning(&game, &found, p, w.target, listing)).collect();
    let mut notes = vec![format!(
        "outcomes only, one bit a position: the box has more than {from} positions (no table is printed and no Grundy values are computed; the counts, --at and --winning read the outcomes of every position from 0 to the box's upper ends)"
    )];
    notes.extend(super::search_notes());

    let first = b.first_p(big::LISTED);
    let game_text = format!("built-in game {name}");
    let r = BigReport {
        game: &game_text,
        space,
        misere,
        explored: b.hull(),
        p_count,
        first: &first,
        notes: &notes,
        slice: &slice,
        found: &found,
    };
    if req.json {
        let answers: Vec<_> = w.at.iter().map(|p| b.answer(&slice, &found, p)).collect();
        report::big_json(&mut out, &r, &answers, &wins);
    } else {
        report::big_text(&mut out, &r, w.shown);
        for start in (0..w.at.len()).step_by(4096) {
            let chunk = w.at.range(start..(start + 4096).min(w.at.len()));
            let answers: Vec<_> = chunk.map(|p| b.answer(&slice, &found, p)).collect();
            report::answers(&mut out, &answers);
            if out.as_bytes().len() >= 1 << 20 {
                crate::console::write_stdout(out.as_bytes())?;
                out = Out::new();
            }
        }
        report::winning(&mut out, &wins, w.target);
    }
    crate::console::write_stdout(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// `--to V` (values), `--check` and `--svg` (a table) cannot be had from outcome bits.
fn refuse_tables(req: &Request, space: &Space, target: u64, from: u64) -> Result<()> {
    let why = |what: &str| {
        usage(format!(
            "{what}; the box {} has {} positions, more than {from}: a take game's box that large has outcomes only, one bit a position (use a box of at most {from} positions)",
            space.spec(),
            space.count_text()
        ))
    };
    if target != 0 {
        return Err(why(&format!("--to {target} needs Grundy values")));
    }
    if req.check.is_some() {
        return Err(why("--check needs a table of the box"));
    }
    if req.svg.is_some() {
        return Err(why("--svg needs a table of the box"));
    }
    Ok(())
}

/// `--count`: positions, P and N of the box (no values: outcomes only).
fn count(b: &BigBox, p: u64, json: bool) -> Result<ExitCode> {
    use crate::count::positions::Tally;
    let cells = b.space.cells_u128() as u64;
    let tally = Tally { positions: cells, p, n: cells - p, ..Tally::default() };
    super::output::write_tally(&tally, json)
}

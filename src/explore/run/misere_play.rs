//! Misère play through sums in `games explore`: `--winning` lists and the `--serve` player for
//! games whose moves split a position into a sum (a `games sg` rule such as Kayles `0.77`, a
//! moves program whose replies hold `A + B`), and for sums asked as such (`--winning '3 + 5 +
//! 8'`, a request line `3 + 5 + 8`). Each option is valued as a whole by [`misere_winning`]
//! (the table for a single position it computed, else the run's [`MisereSums`]: the
//! misère-Nim rule or the exhaustive search). `--winning`: every option to a P-position, with
//! the weakest basis. `--serve` is the one player ([`crate::explore::answers::player`]) with
//! the sum's outcome as its value (`POSITION ?` → `P` or `N`) and a move to a P-position best.

use super::Request;
use super::grundy_serve::Computed;
use crate::explore::answers::misere_winning::{self, Move};
use crate::explore::answers::player::{Asked, Plays, Sum};
use crate::explore::builtin::Builtin;
use crate::explore::misere_sums::MisereSums;
use crate::explore::pattern::Pattern;
use crate::explore::reach::Reach;
use crate::explore::serve::Written;
use crate::explore::space::{Coords, MAX_ARITY, format_position, parse_position};
use crate::explore::table::Table;
use crate::explore::winning::{self, Sums};
use std::cell::RefCell;
use std::collections::HashMap;
use std::process::ExitCode;

/// Do the game's moves leave sums (a built-in rule that splits heaps, a moves program whose
/// search met an option of two parts or more)?
pub(super) fn splits(builtin: Option<&Builtin>, reach: Option<&Reach>) -> bool {
    match (builtin, reach) {
        (Some(g), _) => crate::explore::builtin::splits_heaps(g),
        (None, Some(r)) => (0..r.expanded()).any(|v| r.options(v).any(|o| r.parts_of(o).len() > 1)),
        (None, None) => false,
    }
}

/// A `--winning` text in misère play: a position, a sum `A + B + C` or `()`, as its parts.
pub(super) fn asked(text: &str, arity: usize) -> Result<Vec<Coords>, String> {
    if !text.contains('+') && text.trim() != "()" {
        return parse_position(text, arity).map(|p| vec![p]);
    }
    let reading = crate::explore::at::Reading { arity, multiset: false };
    let flat = reading.position(text).map_err(|(col, e)| {
        format!("'{}', column {col}: {e}", crate::error::excerpt(text.as_bytes()))
    })?;
    Ok(flat.chunks(arity).map(coords).collect())
}

/// A position's coordinates.
pub(super) fn coords(q: &[u64]) -> Coords {
    let mut c: Coords = [0; MAX_ARITY];
    let n = q.len().min(MAX_ARITY);
    c[..n].copy_from_slice(&q[..n]);
    c
}

/// Where a part's options come from: the built-in rule, or the positions a moves program's
/// search met (with their options).
pub(super) struct PartOptions<'a> {
    builtin: Option<&'a Builtin>,
    reach: Option<&'a Reach>,
    met: HashMap<Vec<u64>, usize>,
    budget: winning::Budget,
    arity: usize,
}

impl<'a> PartOptions<'a> {
    pub(super) fn new(
        builtin: Option<&'a Builtin>,
        reach: Option<&'a Reach>,
        budget: winning::Budget,
        arity: usize,
    ) -> Self {
        let met = match (builtin, reach) {
            (None, Some(r)) => {
                (0..r.expanded()).map(|v| (r.position(v)[..arity].to_vec(), v)).collect()
            }
            _ => HashMap::new(),
        };
        PartOptions { builtin, reach, met, budget, arity }
    }

    /// Are the options of `part` known here (a built-in rule's always)?
    pub(super) fn knows(&self, part: &[u64]) -> bool {
        self.builtin.is_some() || self.met.contains_key(part)
    }

    /// The options of one part, each a sum of positions, or why they are not known.
    pub(super) fn of(&self, part: &[u64]) -> Result<Sums, String> {
        if let Some(g) = self.builtin {
            return winning::options(g, part, self.budget).ok_or_else(|| self.budget.refusal());
        }
        let (Some(r), Some(&v)) = (self.reach, self.met.get(part)) else {
            return Err(format!(
                "unknown: the position '{}' was not met from the box (its options were never asked)",
                format_position(&coords(part), self.arity)
            ));
        };
        let k = self.arity;
        let position = |q: u32| r.position(q as usize)[..k].to_vec();
        Ok(r.options(v).map(|o| r.parts_of(o).iter().map(|&q| position(q)).collect()).collect())
    }
}

/// `--winning` of one asked position or sum (`ask`: its parts) in misère play.
pub(super) fn winning_of(
    sums: Result<&MisereSums, &str>,
    table: &Table,
    trusted: &[Pattern],
    options: &PartOptions,
    ask: &[Coords],
) -> winning::Winning {
    let k = table.space.arity();
    let parts: Vec<Vec<u64>> = ask.iter().map(|p| p[..k].to_vec()).collect();
    let moves = misere_winning::moves_of_sum(&parts, &mut |p| options.of(p));
    misere_winning::winning(sums, table, trusted, &parts, moves)
}

/// The misère player of `--serve` (see the module documentation).
struct Player<'a> {
    c: Computed<'a>,
    trusted: Vec<Pattern>,
    options: PartOptions<'a>,
    written: Option<Written<'a>>,
    /// The sums of the run: for a built-in rule, rebuilt for heaps up to the largest asked so
    /// far (that heap, and the sums' own outcome).
    sums: RefCell<Option<(u64, Result<MisereSums<'a>, String>)>>,
    /// Why an option of the request could not be valued (the first such).
    why: RefCell<Option<String>>,
}

impl<'a> Player<'a> {
    /// `f` with the run's sums, built (for a rule: again, larger) to cover heaps up to `top`.
    fn with_sums<R>(&self, top: u64, f: impl FnOnce(Result<&MisereSums<'a>, &str>) -> R) -> R {
        let mut cell = self.sums.borrow_mut();
        let stale = match (&*cell, self.c.builtin) {
            (None, _) => true,
            (Some((t, _)), Some(Builtin::Sg(_))) => *t < top,
            _ => false,
        };
        if stale {
            let old = cell.as_ref().map_or(0, |(t, _)| *t);
            let top = top.max(self.c.space.hi[0]).max(old.saturating_mul(2));
            let built = match (self.c.builtin, self.c.reach) {
                (Some(Builtin::Sg(rule)), _) => MisereSums::of_rule(rule, top),
                (None, Some(reach)) => Ok(MisereSums::of_reach(reach, &self.c.table.space)),
                (Some(g), _) => Err(format!("sums of {g} are not searched in misère play")),
                (None, None) => Err("the search kept no options".to_string()),
            };
            *cell = Some((top, built));
        }
        let sums = cell.as_ref().map(|(_, s)| s.as_ref().map_err(String::as_str));
        f(sums.unwrap_or(Err("no sums")))
    }

    /// The outcome of the sum of `parts` (`true`: P).
    fn outcome(&self, parts: &[Vec<u64>]) -> Result<bool, String> {
        let top = parts.iter().flatten().copied().max().unwrap_or(0);
        let (table, trusted) = (self.c.table, &self.trusted[..]);
        self.with_sums(top, |s| misere_winning::outcome(s, table, trusted, parts)).map(|v| v.p)
    }
}

/// A request's parts as the sums read them.
fn plain(asked: &Asked, k: usize) -> Vec<Vec<u64>> {
    asked.parts.iter().map(|p| p[..k].to_vec()).collect()
}

impl Plays for Player<'_> {
    /// The outcome of the whole sum (`true`: P); a part alone has none here.
    type Value = bool;

    fn arity(&self) -> usize {
        self.c.space.arity()
    }

    fn values(&self, asked: &Asked) -> Result<Vec<bool>, String> {
        self.why.replace(None);
        Ok(vec![false; asked.parts.len()])
    }

    fn sum(&self, asked: &Asked, _values: &[bool]) -> Result<bool, String> {
        self.outcome(&plain(asked, self.arity()))
    }

    /// `P` or `N` (misère play has outcomes, no values).
    fn said(&self, total: &bool) -> Result<String, String> {
        Ok(if *total { "P" } else { "N" }.to_string())
    }

    /// From an N-position, the first option of part `i` after which the sum is a P-position.
    fn move_in(&self, sum: &Sum<bool>, i: usize) -> Result<Option<Vec<Coords>>, String> {
        if *sum.total {
            return Ok(None);
        }
        let parts = plain(sum.asked, self.arity());
        for to in self.options.of(&parts[i])? {
            let m = Move { part: i, to };
            match self.outcome(&misere_winning::after(&parts, &m)) {
                Ok(true) => return Ok(Some(super::grundy_serve::coords_of(&m.to))),
                Ok(false) => {}
                Err(e) => {
                    self.why.borrow_mut().get_or_insert(e);
                }
            }
        }
        Ok(None)
    }

    /// From a P-position every move loses: the first option of part `i`.
    fn any_move(&self, sum: &Sum<bool>, i: usize) -> Result<Option<Vec<Coords>>, String> {
        let Some(to) = self.options.of(&sum.asked.parts[i][..self.arity()])?.into_iter().next()
        else {
            return Ok(None);
        };
        if !*sum.total {
            let why = self.why.borrow().clone();
            return Err(format!(
                "no move to a P-position found{}",
                why.map(|w| format!(" ({w})")).unwrap_or_default()
            ));
        }
        Ok(Some(super::grundy_serve::coords_of(&to)))
    }

    fn own_text(&self, from: &Coords, to: &Coords) -> Option<String> {
        let k = self.arity();
        self.written.as_ref()?.text(&from[..k], Some(&to[..k]))
    }
}

/// Does `--misere --serve` of this request play through sums here (a built-in rule that splits
/// heaps; a moves program that splits is sent here once its search has seen it)?
pub(super) fn serves(req: &Request) -> bool {
    req.misere
        && req.game.as_deref().is_some_and(|g| {
            crate::explore::builtin::parse(g)
                .is_ok_and(|b| crate::explore::builtin::splits_heaps(&b))
        })
}

/// Plays misère play through sums on standard input until its end.
pub(super) fn serve(req: &Request, c: Computed, trusted: Vec<Pattern>) -> anyhow::Result<ExitCode> {
    let written = c.builtin.is_none().then(|| Written::new(c.program, false));
    let budget = super::impartial::winning_budget(req);
    let options = PartOptions::new(c.builtin, c.reach, budget, c.space.arity());
    let player =
        Player { c, trusted, options, written, sums: RefCell::new(None), why: RefCell::new(None) };
    super::remoteness::serve_stdin(&player)
}

//! Misère play through sums in `games explore`: `--winning` lists and the `--serve` player for
//! games whose moves split a position into a sum (a `games sg` rule such as Kayles `0.77`, a
//! moves program whose replies hold `A + B`), and for sums asked as such (`--winning '3 + 5 +
//! 8'`, a request line `3 + 5 + 8`).
//!
//! Each option is valued as a whole by [`misere_winning`] (the table for a single position it
//! computed, else the run's [`MisereSums`]: the misère-Nim rule or the exhaustive search):
//!
//! - `--winning POS` (or a sum): every option to a P-position, with the weakest basis;
//! - `--serve`: `POSITION` (or a sum) → from an N-position, a move to a P-position (the first
//!   listed); from a P-position, its first option (every move loses); `none` without a move.
//!   `POSITION ?` → `P` or `N` (misère play has outcomes, no values). The move is written as the
//!   whole new sum: the parts not moved as the request wrote them, the part moved as the moves
//!   program writes that option (a single position), else its parts joined by ` + `; `()` when
//!   nothing is left. What cannot be valued is `unknown`, said on standard error.

use super::Request;
use super::grundy_serve::Computed;
use crate::explore::answers::misere_winning::{self, Move};
use crate::explore::builtin::Builtin;
use crate::explore::misere_sums::MisereSums;
use crate::explore::pattern::Pattern;
use crate::explore::reach::Reach;
use crate::explore::serve::{Oracle, Written};
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

fn coords(q: &[u64]) -> Coords {
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

    /// A request's parts: the texts between the `+` (`()` dropped), each read as a position.
    fn parts(&self, text: &str) -> Result<(Vec<String>, Vec<Vec<u64>>), String> {
        let k = self.c.space.arity();
        let (mut texts, mut parts) = (Vec::new(), Vec::new());
        for piece in text.split('+').map(str::trim) {
            if piece == "()" {
                continue;
            }
            parts.push(parse_position(piece, k)?[..k].to_vec());
            texts.push(piece.to_string());
        }
        Ok((texts, parts))
    }

    /// The outcome of `parts` and the move the player makes (`None`: no move).
    fn decide(&self, parts: &[Vec<u64>]) -> Result<(bool, Option<Move>), String> {
        let moves = misere_winning::moves_of_sum(parts, &mut |p| self.options.of(p))?;
        let top = parts.iter().flatten().copied().max().unwrap_or(0);
        let (table, trusted) = (self.c.table, &self.trusted[..]);
        self.with_sums(top, |sums| {
            let own = misere_winning::outcome(sums, table, trusted, parts)?;
            if own.p || moves.is_empty() {
                return Ok((own.p, moves.into_iter().next()));
            }
            let mut why = None;
            for m in moves {
                match misere_winning::outcome(
                    sums,
                    table,
                    trusted,
                    &misere_winning::after(parts, &m),
                ) {
                    Ok(v) if v.p => return Ok((false, Some(m))),
                    Ok(_) => {}
                    Err(e) => {
                        why.get_or_insert(e);
                    }
                }
            }
            Err(format!(
                "no move to a P-position found{}",
                why.map(|w| format!(" ({w})")).unwrap_or_default()
            ))
        })
    }

    /// The sum after `m`, written: the parts not moved as asked, the one moved as the program
    /// writes that option (or its parts joined by ` + `), `()` when nothing is left.
    fn shown(&self, texts: &[String], parts: &[Vec<u64>], m: &Move) -> String {
        let k = self.c.space.arity();
        let mut out: Vec<String> = Vec::with_capacity(texts.len() + m.to.len());
        for (i, t) in texts.iter().enumerate() {
            if i != m.part {
                out.push(t.clone());
                continue;
            }
            if let ([one], Some(w)) = (&m.to[..], &self.written)
                && let Some(own) = w.text(&parts[i], Some(one))
            {
                out.push(own);
                continue;
            }
            out.extend(m.to.iter().map(|q| format_position(&coords(q), k)));
        }
        if out.is_empty() { "()".to_string() } else { out.join(" + ") }
    }
}

impl Oracle for Player<'_> {
    fn best(&self, text: &str) -> Result<Option<String>, String> {
        let (texts, parts) = self.parts(text)?;
        let (_, m) = self.decide(&parts)?;
        Ok(m.map(|m| self.shown(&texts, &parts, &m)))
    }

    fn value(&self, text: &str) -> Result<String, String> {
        let (_, parts) = self.parts(text)?;
        let top = parts.iter().flatten().copied().max().unwrap_or(0);
        let (table, trusted) = (self.c.table, &self.trusted[..]);
        let v = self.with_sums(top, |s| misere_winning::outcome(s, table, trusted, &parts))?;
        Ok(if v.p { "P" } else { "N" }.to_string())
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
    let player = Player { c, trusted, options, written, sums: RefCell::new(None) };
    super::remoteness::serve_stdin(&player)
}

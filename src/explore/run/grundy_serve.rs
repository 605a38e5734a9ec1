//! `games explore --serve` for an impartial game whose moves split a position into a sum
//! (`A + B`), built in (`--game 0.77`) or by a moves program: the perfect player by Grundy
//! values (Sprague–Grundy: a sum is lost for its mover exactly when the XOR of its parts'
//! values is 0), since remoteness does not add up over sums.
//!
//! - `POSITION` → a move to an option whose parts' values XOR to 0 (a P-position), written as
//!   the moves program wrote it (a sum's parts joined by ` + `); from a P-position, its first
//!   option (every move loses); `none` without a move.
//! - `POSITION ?` → `P 0`, `N *3` (the outcome and the Grundy value, in nimber notation, so
//!   that it never reads as a remoteness), or `N inf{0,2}` / `D inf{1}` on a loopy game.
//! - A sum `A + B + C` (what a position becomes once split): `?` gives the XOR of the parts'
//!   values; the move lowers a part whose value has the XOR's top bit to its value XOR the
//!   XOR (from a P-sum, the first part that can move), and is written as the whole new sum.
//!
//! A position outside the table is answered like `--at` and `--winning` far away: its options
//! are listed (one start of the program, or the built-in rule), the guard checks the kept
//! patterns there ([`crate::explore::guard`]), and the options are valued by the table and the
//! patterns; a refutation drops the pattern for the rest of the session. The patterns were
//! first checked at `--far-checks` sampled far positions. Drawn positions get `unknown` (a
//! Grundy player keeps no draw: `--remoteness --serve` does, on games that do not split).

use super::Request;
use crate::explore::builtin::Builtin;
use crate::explore::guard::{self, Guard};
use crate::explore::kind::value_kind::{Compound, Grundy, ValueKind};
use crate::explore::pattern::Pattern;
use crate::explore::program::Program;
use crate::explore::reach::Reach;
use crate::explore::serve::{Oracle, Written};
use crate::explore::space::{Coords, Space, format_position, parse_position};
use crate::explore::table::Table;
use crate::explore::{answer, winning};
use crate::harness::process;
use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Duration;

/// What the Grundy player reads: what was computed, and what it builds once for every
/// request (the number of each position the search met, their values beyond the box).
struct Player<'a> {
    c: Computed<'a>,
    /// The kept patterns, and how many of them may answer beyond the box (the first ones).
    found: RefCell<(Vec<Pattern>, usize)>,
    cap: Duration,
    budget: winning::Budget,
    written: Option<Written<'a>>,
    met: HashMap<Vec<u64>, usize>,
    beyond: Option<Vec<u32>>,
}

/// One position's answer and its moves to a P-position.
struct Judged {
    own: answer::AtAnswer,
    wins: winning::Winning,
    /// Some option of the position (`None`: it has no move; `Some(vec![])`: the empty game).
    first: Option<Vec<Vec<u64>>>,
}

impl Player<'_> {
    /// Checks the patterns at `samples` far positions, dropping those refuted.
    fn sample(&self, samples: usize) -> std::io::Result<()> {
        if samples > 0 {
            self.guarded(&[], samples)?;
        }
        Ok(())
    }

    /// Runs the guard at `asked` (with `samples` far samples), dropping refuted patterns.
    fn guarded(&self, asked: &[Coords], samples: usize) -> std::io::Result<Guard> {
        let mut found = self.found.borrow_mut();
        let (patterns, n_trusted) = &mut *found;
        let settings = guard::Settings::new(samples, self.cap);
        let trusted = &patterns[..*n_trusted];
        let inputs = guard::Inputs {
            table: self.c.table,
            box_space: self.c.space,
            patterns: trusted,
            asked,
            settings,
        };
        let mut g = match self.c.builtin {
            Some(game) => Guard::run(&inputs, &mut guard::BuiltinLister { game: game.clone() })?,
            None => {
                process::Supervisor::install();
                let k = self.c.space.arity();
                let r = Guard::run(&inputs, &mut guard::ProgramLister::new(self.c.program, k));
                process::sweep_orphans();
                r?
            }
        };
        g.drop_refuted(patterns, n_trusted);
        Ok(g)
    }

    /// The position's value and its moves to an option of value `target` (0: a P-position).
    fn judge(&self, text: &str, target: u64) -> Result<Judged, String> {
        let k = self.c.space.arity();
        let p = parse_position(text, k)?;
        let inside = self.c.table.space.index(&p).is_some();
        let met = self.met.get(&p[..k]).copied();
        let g = match inside {
            true => None,
            false => Some(self.guarded(&[p], 0).map_err(|e| e.to_string())?),
        };
        let found = self.found.borrow();
        let trusted = &found.0[..found.1];
        let own = answer::answer_guarded(self.c.table, trusted, &p, g.as_ref());
        let (wins, first) = match (self.c.builtin, met, &g) {
            (Some(game), _, _) => {
                let w =
                    winning::winning_within(game, self.c.table, trusted, &p, target, self.budget);
                let first =
                    winning::options(game, &p[..k], self.budget).and_then(|o| o.into_iter().next());
                (w, first)
            }
            (None, Some(v), _) => {
                let r = self.c.reach.ok_or("the search kept no options")?;
                let beyond = self.beyond.as_deref();
                let w = winning::from_table(self.c.table, Some(r), beyond, trusted, &p, target);
                let parts = |o: usize| {
                    r.parts_of(o).iter().map(|&q| r.position(q as usize)[..k].to_vec()).collect()
                };
                (w, r.options(v).next().map(parts))
            }
            (None, None, Some(g)) => {
                let listed = g.options(&p[..k]).ok_or_else(|| own.basis.clone())?;
                let w = winning::from_far_listing(self.c.table, trusted, listed, &own, target);
                let first = listed.first().map(|o| o.iter().map(|q| q[..k].to_vec()).collect());
                (w, first)
            }
            (None, None, None) => return Err("the position was not met from the box".into()),
        };
        Ok(Judged { own, wins, first })
    }

    /// A move as the moves program wrote it (a single position), else its parts joined by ` + `.
    fn shown(&self, from: &str, option: &[Vec<u64>]) -> String {
        let k = self.c.space.arity();
        if let ([one], Some(w), Ok(p)) = (option, &self.written, parse_position(from, k))
            && let Some(own) = w.text(&p[..k], Some(one))
        {
            return own;
        }
        if option.is_empty() {
            return "()".to_string();
        }
        let parts: Vec<String> = option.iter().map(|q| format_position(&to_coords(q), k)).collect();
        parts.join(" + ")
    }
}

fn to_coords(q: &[u64]) -> Coords {
    let mut c: Coords = [0; crate::explore::space::MAX_ARITY];
    let n = q.len().min(c.len());
    c[..n].copy_from_slice(&q[..n]);
    c
}

impl Player<'_> {
    /// A single position's best move (see the module documentation).
    fn best_single(&self, text: &str) -> Result<Option<String>, String> {
        let j = self.judge(text, 0)?;
        match j.own.outcome {
            b'N' => match j.wins.moves.first() {
                Some(m) => Ok(Some(self.shown(text, m))),
                None => Err(format!("no move to a P-position found ({})", j.wins.basis)),
            },
            b'P' => Ok(j.first.map(|o| self.shown(text, &o))),
            b'D' => Err(DRAWN.into()),
            _ => Err(j.own.basis),
        }
    }

    /// The integer Grundy value of each part of a sum, or why not.
    fn part_values(&self, parts: &[&str]) -> Result<Vec<u64>, String> {
        parts
            .iter()
            .map(|part| {
                let j = self.judge(part, 0)?;
                match (j.own.outcome, j.own.grundy) {
                    (b'?', _) => Err(format!("'{part}': {}", j.own.basis)),
                    (_, Some(g)) => Ok(g),
                    _ => {
                        Err(format!("'{part}' has a loopy value: a sum with it is not played here"))
                    }
                }
            })
            .collect()
    }
}

/// Why a drawn position gets no move.
const DRAWN: &str = "a drawn position: the Grundy player keeps no draw (--remoteness --serve does, on games that do not split)";

/// The parts of a request `A + B + C` (one part: a position).
fn parts_of(text: &str) -> Vec<&str> {
    text.split('+').map(str::trim).collect()
}

/// The value of a sum of parts of Grundy values `values` ([`Grundy`]'s combination: the
/// nim-sum).
fn nim_sum(values: &[u64]) -> u64 {
    let values: Vec<i128> = values.iter().map(|&g| i128::from(g)).collect();
    Grundy.combine(Compound::Disjunctive, &values).map_or(0, |x| x as u64)
}

impl Oracle for Player<'_> {
    fn best(&self, text: &str) -> Result<Option<String>, String> {
        let parts = parts_of(text);
        if parts.len() == 1 {
            return self.best_single(text);
        }
        let values = self.part_values(&parts)?;
        let x = nim_sum(&values);
        // Sprague–Grundy: lower a part whose value has x's top bit to value g ^ x; from a
        // P-position, play the first part that has a move.
        let (i, option) = match values.iter().position(|&g| g ^ x < g) {
            Some(i) => {
                let j = self.judge(parts[i], values[i] ^ x)?;
                let m = j.wins.moves.into_iter().next();
                (
                    i,
                    m.ok_or_else(|| {
                        format!(
                            "no move of '{}' to value {} found ({})",
                            parts[i],
                            values[i] ^ x,
                            j.wins.basis
                        )
                    })?,
                )
            }
            None => {
                let mut first = None;
                for (i, part) in parts.iter().enumerate() {
                    if let Some(o) = self.judge(part, 0)?.first {
                        first = Some((i, o));
                        break;
                    }
                }
                let Some(f) = first else { return Ok(None) };
                f
            }
        };
        let mut out: Vec<String> = Vec::with_capacity(parts.len() + 1);
        for (k, part) in parts.iter().enumerate() {
            match k == i {
                true if option.is_empty() => {}
                true => out.push(self.shown(part, &option)),
                false => out.push(part.to_string()),
            }
        }
        Ok(Some(if out.is_empty() { "()".to_string() } else { out.join(" + ") }))
    }

    fn value(&self, text: &str) -> Result<String, String> {
        let parts = parts_of(text);
        if parts.len() > 1 {
            let x = nim_sum(&self.part_values(&parts)?);
            return Ok(if x == 0 { "P 0".to_string() } else { format!("N *{x}") });
        }
        let j = self.judge(text, 0)?;
        let outcome = j.own.outcome as char;
        match (j.own.grundy, j.own.value) {
            _ if outcome == '?' => Err(j.own.basis),
            (Some(0), _) => Ok("P 0".to_string()),
            (Some(g), _) => Ok(format!("{outcome} *{g}")),
            (None, Some(v)) => Ok(format!("{outcome} {v}")),
            (None, None) => Ok(outcome.to_string()),
        }
    }
}

/// Does the plain `--serve` of this request play by Grundy values? A built-in game whose
/// moves split positions (remoteness knows only the rules that never split).
pub(super) fn builtin_splits(req: &Request) -> bool {
    let Some(name) = req.game.as_ref() else { return false };
    let Ok(g) = crate::explore::builtin::parse(name) else { return false };
    !crate::explore::remoteness::plays_builtin(&g)
}

/// What the impartial runner computed, for the Grundy player.
pub(super) struct Computed<'a> {
    pub table: &'a Table,
    pub space: &'a Space,
    pub reach: Option<&'a Reach>,
    pub builtin: Option<&'a Builtin>,
    pub program: &'a Program,
}

/// Plays: the patterns (`found`, the first `n_trusted` of them allowed beyond the box) checked
/// at `--far-checks` sampled far positions, then one answer a request line until the end of
/// standard input.
pub(super) fn run(
    req: &Request,
    c: Computed,
    (found, n_trusted): (Vec<Pattern>, usize),
) -> anyhow::Result<std::process::ExitCode> {
    if req.misere {
        let mut trusted = found;
        trusted.truncate(n_trusted);
        return super::misere_play::serve(req, c, trusted);
    }
    let written = c.builtin.is_none().then(|| Written::new(c.program, false));
    let k = c.space.arity();
    let met = c.reach.map_or_else(HashMap::new, |r| {
        (0..r.expanded()).map(|v| (r.position(v)[..k].to_vec(), v)).collect()
    });
    let beyond = c.reach.map(crate::explore::values::terminating);
    let player = Player {
        c,
        met,
        beyond,
        found: RefCell::new((found, n_trusted)),
        cap: Duration::from_secs_f64(req.far_check_time),
        budget: super::impartial::winning_budget(req),
        written,
    };
    if let Err(e) = player.sample(req.far_checks as usize) {
        return Ok(super::interrupted(e));
    }
    super::remoteness::serve_stdin(&player)
}

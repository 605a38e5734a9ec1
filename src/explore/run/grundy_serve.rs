//! `games explore --serve` for an impartial game whose moves split a position into a sum
//! (`A + B`), built in (`--game 0.77`) or by a moves program: the one player
//! ([`crate::explore::answers::player`]) by Grundy values, since remoteness does not add up over
//! sums (Sprague–Grundy: a sum is lost for its mover exactly when the XOR of its parts' values
//! is 0). `POSITION ?` → `P 0`, `N *3` (nimber notation, never read as a remoteness), or `N
//! inf{0,2}` / `D inf{1}` on a loopy game. The move lowers a part whose value has the XOR's top
//! bit to its value XOR the XOR; from a P-position every move loses. A part outside the table
//! is answered like `--at` far away: its options listed, the guard checks the kept patterns
//! there ([`crate::explore::guard`]; a refutation drops the pattern for the session) after
//! `--far-checks` sampled far positions. A drawn position gets `unknown` (a Grundy player keeps
//! no draw: `--remoteness --serve` does, on games that do not split).

use super::Request;
use crate::explore::answers::player::{Asked, Plays, Sum};
use crate::explore::builtin::Builtin;
use crate::explore::guard::{self, Guard};
use crate::explore::kind::value_kind::{Compound, Grundy, ValueKind};
use crate::explore::pattern::Pattern;
use crate::explore::program::Program;
use crate::explore::reach::Reach;
use crate::explore::serve::Written;
use crate::explore::space::{Coords, Space};
use crate::explore::table::Table;
use crate::explore::{answer, winning};
use crate::harness::process;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
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
    /// The positions judged for the request being answered, with the target value.
    judged: RefCell<Vec<(Coords, u64, Rc<Judged>)>>,
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

    /// The position's value and its moves to an option of value `target` (0: a P-position),
    /// judged once a request.
    fn judge(&self, p: &Coords, target: u64) -> Result<Rc<Judged>, String> {
        let cached = self.judged.borrow().iter().find(|j| j.0 == *p && j.1 == target).cloned();
        if let Some((_, _, j)) = cached {
            return Ok(j);
        }
        let k = self.c.space.arity();
        let inside = self.c.table.space.index(p).is_some();
        let met = self.met.get(&p[..k]).copied();
        let g = match inside {
            true => None,
            false => Some(self.guarded(&[*p], 0).map_err(|e| e.to_string())?),
        };
        let found = self.found.borrow();
        let trusted = &found.0[..found.1];
        let own = answer::answer_guarded(self.c.table, trusted, p, g.as_ref());
        let (wins, first) = match (self.c.builtin, met, &g) {
            (Some(game), _, _) => {
                let w =
                    winning::winning_within(game, self.c.table, trusted, p, target, self.budget);
                let first =
                    winning::options(game, &p[..k], self.budget).and_then(|o| o.into_iter().next());
                (w, first)
            }
            (None, Some(v), _) => {
                let r = self.c.reach.ok_or("the search kept no options")?;
                let beyond = self.beyond.as_deref();
                let w = winning::from_table(self.c.table, Some(r), beyond, trusted, p, target);
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
        let j = Rc::new(Judged { own, wins, first });
        self.judged.borrow_mut().push((*p, target, j.clone()));
        Ok(j)
    }
}

/// A part's value, or a sum's: a Grundy value, or (a single position) what else `--at` says
/// of it (a loopy value, a draw, or nothing known).
#[derive(Clone)]
enum Value {
    Grundy(u64),
    Other(answer::AtAnswer),
}

/// Why a drawn position gets no move.
const DRAWN: &str = "a drawn position: the Grundy player keeps no draw (--remoteness --serve does, on games that do not split)";

/// An option (a sum of positions) as coordinates.
pub(super) fn coords_of(option: &[Vec<u64>]) -> Vec<Coords> {
    option.iter().map(|q| super::misere_play::coords(q)).collect()
}

impl Plays for Player<'_> {
    type Value = Value;

    fn arity(&self) -> usize {
        self.c.space.arity()
    }

    /// Each part's Grundy value; in a sum, a part with no known or no integer value is refused.
    fn values(&self, asked: &Asked) -> Result<Vec<Value>, String> {
        self.judged.borrow_mut().clear();
        let single = asked.parts.len() == 1;
        let mut out = Vec::with_capacity(asked.parts.len());
        for (p, part) in asked.parts.iter().zip(&asked.texts) {
            let own = &self.judge(p, 0)?.own;
            out.push(match (own.outcome, own.grundy) {
                (b'?', _) if !single => return Err(format!("'{part}': {}", own.basis)),
                (b'?', _) => Value::Other(own.clone()),
                (_, Some(g)) => Value::Grundy(g),
                _ if single => Value::Other(own.clone()),
                _ => {
                    return Err(format!(
                        "'{part}' has a loopy value: a sum with it is not played here"
                    ));
                }
            });
        }
        Ok(out)
    }

    /// The nim-sum ([`Grundy`]'s combination).
    fn sum(&self, _asked: &Asked, values: &[Value]) -> Result<Value, String> {
        let mut grundy = Vec::with_capacity(values.len());
        for v in values {
            match v {
                Value::Grundy(g) => grundy.push(i128::from(*g)),
                Value::Other(_) if values.len() == 1 => return Ok(v.clone()),
                Value::Other(a) => return Err(a.basis.clone()),
            }
        }
        let x = Grundy.combine(Compound::Disjunctive, &grundy)?;
        Ok(Value::Grundy(x as u64))
    }

    fn said(&self, total: &Value) -> Result<String, String> {
        let a = match total {
            Value::Grundy(g) => return Ok(Grundy.said(i128::from(*g))),
            Value::Other(a) => a,
        };
        let outcome = a.outcome as char;
        match &a.value {
            _ if outcome == '?' => Err(a.basis.clone()),
            Some(v) => Ok(format!("{outcome} {v}")),
            None => Ok(outcome.to_string()),
        }
    }

    /// Sprague–Grundy: lower a part whose value has the sum's top bit to its value XOR the
    /// sum's (a move of a single position: to a P-position).
    fn move_in(&self, sum: &Sum<Value>, i: usize) -> Result<Option<Vec<Coords>>, String> {
        let p = &sum.asked.parts[i];
        let (x, g) = match (sum.total, &sum.values[i]) {
            (Value::Grundy(x), Value::Grundy(g)) => (*x, *g),
            (_, Value::Other(a)) if a.outcome == b'D' => return Err(DRAWN.into()),
            (_, Value::Other(a)) if a.outcome == b'P' => return Ok(None),
            (_, Value::Other(a)) if a.outcome != b'N' => return Err(a.basis.clone()),
            _ => (1, 1),
        };
        if g ^ x >= g {
            return Ok(None);
        }
        let j = self.judge(p, g ^ x)?;
        match j.wins.moves.first() {
            Some(m) => Ok(Some(coords_of(m))),
            None if sum.asked.parts.len() == 1 => {
                Err(format!("no move to a P-position found ({})", j.wins.basis))
            }
            None => Err(format!(
                "no move of '{}' to value {} found ({})",
                sum.asked.texts[i],
                g ^ x,
                j.wins.basis
            )),
        }
    }

    /// From a P-position every move loses: the first option of the first part that can move.
    fn any_move(&self, sum: &Sum<Value>, i: usize) -> Result<Option<Vec<Coords>>, String> {
        Ok(self.judge(&sum.asked.parts[i], 0)?.first.as_deref().map(coords_of))
    }

    fn own_text(&self, from: &Coords, to: &Coords) -> Option<String> {
        let k = self.c.space.arity();
        self.written.as_ref()?.text(&from[..k], Some(&to[..k]))
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
        judged: RefCell::new(Vec::new()),
    };
    if let Err(e) = player.sample(req.far_checks as usize) {
        return Ok(super::interrupted(e));
    }
    super::remoteness::serve_stdin(&player)
}

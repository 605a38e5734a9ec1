//! `games explore --partizan --serve`: the perfect player of a partizan game on standard input
//! and output. The box is explored and valued once; then each request line is answered with
//! one line, flushed:
//! - `L POS` / `R POS` → a winning move of that player from `POS` (the whole position after
//!   it, parts joined by ` + `, `()` when nothing is left), or `none` when that player, moving
//!   first, loses (or has no move). A Left move to `GL` wins exactly when `GL >= 0` (outcome L
//!   or P: Right, then to move, loses), a Right move to `GR` when `GR <= 0`; the first such
//!   option, part by part and in the program's order, is played;
//! - `POS ?` → its value and outcome class, `VALUE OUTCOME` (`-3/4 R`, `{1|0} N`).
//!
//! `POS` is written as `--at` takes it: one position, or a sum `A + B` (`()` the empty game).
//! Each part not met yet is explored as a far `--at` position is, alone and rolled back when
//! it fails: within `--far-starts` batches when a checked pattern covers it, within
//! `--max-starts` when none does (then only its exploration can answer it: without `--stream`
//! each level of its moves costs a start, so the smaller budget would leave it `unknown`); a
//! part that spends its budget names it, and the other parts are answered as if it had not
//! been asked. One too far to explore is answered by the box's patterns only where the
//! partizan rule holds at it ([`crate::explore::guard::partizan`]), and each option of it that
//! nothing explored is answered the same way (its own options listed and the rule checked).
//! The patterns are checked at `--far-checks` sampled far positions first. Anything else is
//! `unknown`, said on standard error.

use crate::explore::guard::partizan::{FarSides, Patterns, Sampling, past};
use crate::explore::partizan::{Asked, Explored, Graph, Sides, Stop, explore_more, find, sides_of};
use crate::explore::partizan_num::{Small, Val};
use crate::explore::program::{Program, Runner};
use crate::explore::serve::Oracle;
use crate::explore::space::{Coords, Space, format_position};
use crate::theory::canonical::Outcome;
use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Duration;

/// What the player keeps between requests.
struct State<'a> {
    graph: Graph,
    patterns: Patterns,
    runner: Runner<'a>,
    arity: usize,
    /// The batches a far part may take when a pattern covers it (`--far-starts`), and when
    /// none does (`--max-starts`: it must be explored to be answered).
    far_batches: usize,
    max_starts: usize,
    /// Why a part could not be explored, by part.
    failed: HashMap<Coords, String>,
}

/// The partizan player.
pub struct Player<'a> {
    state: RefCell<State<'a>>,
}

/// The patterns of the explored box (as the report finds them), checked at sampled far
/// positions (`sampling`).
pub fn patterns_of(g: &mut Graph, space: &Space, sampling: &Sampling) -> std::io::Result<Patterns> {
    let values: Vec<Val> = g.val[..space.cells()].iter().flatten().copied().collect();
    let past = past(g, space);
    let mut patterns = Patterns::find(&mut g.values, space, &values, &past);
    patterns.sample(g, space, sampling)?;
    Ok(patterns)
}

impl<'a> Player<'a> {
    /// The player of the explored box `ex`, asking `program` for positions past it; the box's
    /// patterns checked at `far_checks` sampled far positions each first.
    pub fn new(
        ex: Explored,
        space: &Space,
        program: &'a Program,
        (far_batches, max_starts): (usize, usize),
        (far_checks, time): (usize, Duration),
    ) -> std::io::Result<Self> {
        let mut graph = ex.graph;
        let sampling = Sampling { per_pattern: far_checks, time, program };
        let patterns = patterns_of(&mut graph, space, &sampling)?;
        let state = State {
            graph,
            patterns,
            runner: Runner::new(program),
            arity: space.arity(),
            far_batches,
            max_starts,
            failed: HashMap::new(),
        };
        Ok(Player { state: RefCell::new(state) })
    }
}

/// The value of an explored position, if it has one.
fn known(g: &Graph, p: &Coords) -> Option<Val> {
    find(g, p).and_then(|v| g.val[v as usize])
}

impl State<'_> {
    /// Explores the parts of `asked` not met yet, each alone and rolled back when it fails: one
    /// that a usable pattern covers within `--far-starts` batches (the pattern may answer it),
    /// one that no pattern covers within `--max-starts` (only its exploration can answer it).
    fn explore(&mut self, parts: &[Coords]) -> Result<(), String> {
        let mut new: Vec<Coords> = parts
            .iter()
            .filter(|p| known(&self.graph, p).is_none() && !self.failed.contains_key(*p))
            .copied()
            .collect();
        new.sort_unstable();
        new.dedup();
        let (covered, alone): (Vec<Coords>, Vec<Coords>) =
            new.into_iter().partition(|p| self.patterns.covers(&p[..self.arity]));
        let budgets = [
            (covered, (self.far_batches, "--far-starts")),
            (alone, (self.max_starts, "--max-starts, the budget of a position no pattern covers")),
        ];
        for (group, budget) in budgets {
            let far: Vec<Vec<Coords>> = group.iter().map(|p| vec![*p]).collect();
            match explore_more(&mut self.graph, &mut self.runner, budget, &far) {
                Ok(errors) => {
                    for (p, e) in group.iter().zip(errors) {
                        if let Some(e) = e {
                            self.failed.insert(*p, e);
                        }
                    }
                }
                Err(Stop::Interrupted(e)) => return Err(format!("interrupted: {e}")),
                Err(Stop::Failed(e)) => return Err(e),
            }
        }
        Ok(())
    }

    /// Each player's options of `ps`, listed by the program now.
    fn sides(&mut self, ps: &[Coords]) -> Result<Vec<Result<Sides, String>>, String> {
        sides_of(&mut self.runner, self.arity, ps).map_err(|e| format!("interrupted: {e}"))
    }

    /// The values of positions `ps`: explored, else from a pattern the partizan rule confirms
    /// there (their options listed in one batch).
    fn values(&mut self, ps: &[Coords]) -> Result<Vec<Val>, String> {
        let far: Vec<Coords> =
            ps.iter().filter(|p| known(&self.graph, p).is_none()).copied().collect();
        let mut sides: FarSides = FarSides::new();
        if !far.is_empty() {
            if self.patterns.is_empty() {
                let p = format_position(&far[0], self.arity);
                let why = self.failed.get(&far[0]).map_or("it was not explored", |e| e.as_str());
                return Err(format!("'{p}': {why}; the box has no pattern"));
            }
            let listed = self.sides(&far)?;
            sides.extend(far.iter().copied().zip(listed));
            for p in &far {
                self.patterns.check(&mut self.graph, &sides, p, false);
            }
        }
        let mut out = Vec::with_capacity(ps.len());
        for p in ps {
            let v = match known(&self.graph, p) {
                Some(v) => v,
                None => match self.patterns.answer(&mut self.graph, &sides, p) {
                    Ok((v, _)) => v,
                    Err(why) => {
                        let shown = format_position(p, self.arity);
                        return Err(match self.failed.get(p) {
                            Some(e) => format!("'{shown}': {e}; {why}"),
                            None => why,
                        });
                    }
                },
            };
            out.push(v);
        }
        Ok(out)
    }

    /// The value of a sum of `values`.
    fn sum(&mut self, values: &[Val]) -> Result<Val, String> {
        let mut s = Val::Num(Small::int(0));
        for &x in values {
            s = self.graph.values.add(s, x).map_err(|e| format!("canonical forms: {e}"))?;
        }
        Ok(s)
    }

    /// The parts of a request and their values.
    fn parts(&mut self, text: &str) -> Result<(Vec<Coords>, Vec<Val>), String> {
        let asked: Asked = super::partizan::parse_asked(text, self.arity).map_err(|(_, e)| e)?;
        let parts: Vec<Coords> = asked.into_iter().flatten().collect();
        self.explore(&parts)?;
        let values = self.values(&parts)?;
        Ok((parts, values))
    }

    /// `POS ?`: `VALUE OUTCOME`.
    fn value(&mut self, text: &str) -> Result<String, String> {
        let (_, values) = self.parts(text)?;
        let v = self.sum(&values)?;
        let shown = self.graph.values.show(v).map_err(|e| format!("canonical forms: {e}"))?;
        Ok(format!("{shown} {}", self.graph.values.outcome(v).letter()))
    }

    /// `L POS` / `R POS`: the position after a winning move of `left` (or Right), `None` when
    /// there is none.
    fn best(&mut self, text: &str, left: bool) -> Result<Option<String>, String> {
        let (parts, values) = self.parts(text)?;
        let mut distinct = parts.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let listed = self.sides(&distinct)?;
        for (i, p) in parts.iter().enumerate() {
            let at = distinct.binary_search(p).map_err(|_| "a part lost".to_string())?;
            let sides = listed[at]
                .clone()
                .map_err(|e| format!("the options of '{}': {e}", format_position(p, self.arity)))?;
            let options = if left { &sides.left } else { &sides.right };
            let qs: Vec<Coords> = options.iter().flatten().flatten().copied().collect();
            self.explore(&qs)?;
            let qv = self.values(&qs)?;
            let rest: Vec<Val> =
                values.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &v)| v).collect();
            let mut next = qv.iter();
            for option in options {
                let mut total = rest.clone();
                for _ in option.iter().flatten() {
                    total.push(*next.next().ok_or_else(|| "an option lost".to_string())?);
                }
                let s = self.sum(&total)?;
                let wins = match self.graph.values.outcome(s) {
                    Outcome::P => true,
                    Outcome::L => left,
                    Outcome::R => !left,
                    Outcome::N => false,
                };
                if wins {
                    return Ok(Some(self.after(&parts, i, option)));
                }
            }
        }
        Ok(None)
    }

    /// The whole position after part `i` of `parts` is replaced by `option`'s parts.
    fn after(&self, parts: &[Coords], i: usize, option: &[Option<Coords>]) -> String {
        let mut out: Vec<String> = Vec::new();
        for (j, p) in parts.iter().enumerate() {
            if j != i {
                out.push(format_position(p, self.arity));
                continue;
            }
            out.extend(option.iter().flatten().map(|q| format_position(q, self.arity)));
        }
        if out.is_empty() { "()".to_string() } else { out.join(" + ") }
    }
}

impl Oracle for Player<'_> {
    fn best(&self, text: &str) -> Result<Option<String>, String> {
        let (side, pos) = text.split_at(text.find(char::is_whitespace).unwrap_or(text.len()));
        let left = match side {
            "L" => true,
            "R" => false,
            _ => {
                return Err(
                    "a partizan request is 'L POSITION', 'R POSITION' or 'POSITION ?'".into()
                );
            }
        };
        let mut state = self.state.try_borrow_mut().map_err(|e| e.to_string())?;
        state.best(pos.trim(), left)
    }

    fn value(&self, text: &str) -> Result<String, String> {
        let mut state = self.state.try_borrow_mut().map_err(|e| e.to_string())?;
        state.value(text)
    }
}

/// Serves the requests of standard input (see the module documentation).
pub fn serve(
    ex: Explored,
    space: &Space,
    program: &Program,
    budgets: (usize, usize),
    far_checks: (usize, Duration),
) -> anyhow::Result<std::process::ExitCode> {
    let player = match Player::new(ex, space, program, budgets, far_checks) {
        Ok(p) => p,
        Err(e) => return Ok(super::interrupted(e)),
    };
    super::remoteness::serve_stdin(&player)
}

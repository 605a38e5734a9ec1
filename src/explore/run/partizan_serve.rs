//! `games explore --partizan --serve`: the one player ([`crate::explore::answers::player`]) of a
//! partizan game. `L POS` / `R POS` → a winning move of that player (a Left move to `GL` wins
//! exactly when `GL >= 0`, a Right move to `GR` when `GR <= 0`: the first such option, part by
//! part and in the program's order), or `none` when that player, moving first, loses;
//! `POS ?` → `VALUE OUTCOME` (`-3/4 R`, `{1|0} N`).
//!
//! Each part not met yet is explored as a far `--at` position is, alone and rolled back when it
//! fails: within `--far-starts` batches when a checked pattern covers it, within
//! `--max-starts` when none does (only its exploration can answer it); a part that spends its
//! budget names it, and the other parts are answered as if it had not been asked. One too far
//! to explore is answered by the box's patterns only where the partizan rule holds at it
//! ([`crate::explore::guard::partizan`]), its options the same way. The patterns are checked at
//! `--far-checks` sampled far positions first.

use crate::explore::answers::player::{Asked, Plays, Sum};
use crate::explore::guard::partizan::{FarSides, Patterns, Sampling, past};
use crate::explore::partizan::{Explored, Graph, Sides, Stop, explore_more, find, sides_of};
use crate::explore::partizan_num::{Small, Val};
use crate::explore::program::{Program, Runner};
use crate::explore::space::{Coords, Space, format_position};
use crate::theory::canonical::Outcome;
use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Duration;

/// Distinct parts, and each player's options of each, listed.
type Listed = (Vec<Coords>, Vec<Result<Sides, String>>);

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
    /// The request's distinct parts and each player's options of them, listed.
    listed: Option<Listed>,
}

/// The partizan player.
pub struct Player<'a> {
    state: RefCell<State<'a>>,
    arity: usize,
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
            listed: None,
        };
        Ok(Player { state: RefCell::new(state), arity: space.arity() })
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

    /// The options of `side` of part `i` of `parts`, the parts' options listed in one batch
    /// once a request.
    fn options_of(
        &mut self,
        parts: &[Coords],
        i: usize,
        left: bool,
    ) -> Result<Vec<Vec<Option<Coords>>>, String> {
        let mut distinct = parts.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        if self.listed.as_ref().is_none_or(|(d, _)| *d != distinct) {
            let listed = self.sides(&distinct)?;
            self.listed = Some((distinct, listed));
        }
        let Some((distinct, listed)) = &self.listed else { return Err("not listed".into()) };
        let p = &parts[i];
        let at = distinct.binary_search(p).map_err(|_| "a part lost".to_string())?;
        let sides = listed[at]
            .clone()
            .map_err(|e| format!("the options of '{}': {e}", format_position(p, self.arity)))?;
        Ok(if left { sides.left } else { sides.right })
    }
}

impl Plays for Player<'_> {
    type Value = Val;

    fn arity(&self) -> usize {
        self.arity
    }

    fn sided(&self) -> bool {
        true
    }

    /// Each part explored when it was not met yet, then valued.
    fn values(&self, asked: &Asked) -> Result<Vec<Val>, String> {
        let mut state = self.state.try_borrow_mut().map_err(|e| e.to_string())?;
        state.listed = None;
        state.explore(&asked.parts)?;
        state.values(&asked.parts)
    }

    /// The partizan sum (canonical forms added).
    fn sum(&self, _asked: &Asked, values: &[Val]) -> Result<Val, String> {
        self.state.try_borrow_mut().map_err(|e| e.to_string())?.sum(values)
    }

    /// `VALUE OUTCOME`.
    fn said(&self, total: &Val) -> Result<String, String> {
        let mut state = self.state.try_borrow_mut().map_err(|e| e.to_string())?;
        let shown = state.graph.values.show(*total).map_err(|e| format!("canonical forms: {e}"))?;
        Ok(format!("{shown} {}", state.graph.values.outcome(*total).letter()))
    }

    /// The first option of the player to move in part `i` after which the sum is won by that
    /// player moving second (Left: value >= 0; Right: <= 0).
    fn move_in(&self, sum: &Sum<Val>, i: usize) -> Result<Option<Vec<Coords>>, String> {
        let mut state = self.state.try_borrow_mut().map_err(|e| e.to_string())?;
        let options = state.options_of(&sum.asked.parts, i, sum.left)?;
        let qs: Vec<Coords> = options.iter().flatten().flatten().copied().collect();
        state.explore(&qs)?;
        let qv = state.values(&qs)?;
        let rest = sum.values.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &v)| v);
        let rest: Vec<Val> = rest.collect();
        let mut next = qv.iter();
        for option in options {
            let mut total = rest.clone();
            for _ in option.iter().flatten() {
                total.push(*next.next().ok_or_else(|| "an option lost".to_string())?);
            }
            let s = state.sum(&total)?;
            let wins = match state.graph.values.outcome(s) {
                Outcome::P => true,
                Outcome::L => sum.left,
                Outcome::R => !sum.left,
                Outcome::N => false,
            };
            if wins {
                return Ok(Some(option.into_iter().flatten().collect()));
            }
        }
        Ok(None)
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

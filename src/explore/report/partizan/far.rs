//! The answers of `games explore --partizan` at far positions that could not be explored: a
//! position asked with `--at` is valued part by part by the first pattern of the box that the
//! partizan rule confirms at the part (its options listed by the moves program, each valued by
//! the table or the pattern, and `{GL | GR}` compared with the pattern's value); a position
//! asked with `--winning` the same way, and then each of its options, whose own options are
//! listed too, so that every move is judged by values the rule confirmed.
//!
//! A position that spent its budget (the batches of `--far-starts`, or of `--max-starts` when
//! no pattern covers it; `--max-positions`; the output cap; the canonical forms' size) and that
//! no pattern answers is `unknown`, naming the budget: a good answer, exit 0. Only a failure of
//! the moves program itself (a reply that breaks the protocol, a crash) is an error.

use super::{Answer, Failure, Move, Report, Win, budget};
use crate::explore::guard::partizan::FarSides;
use crate::explore::partizan::{Asked, Graph, far_options, find};
use crate::explore::partizan_num::{Small, Val};
use crate::explore::program::Program;
use crate::explore::space::Coords;
use crate::theory::canonical::Outcome;

/// Errors that only say the position was too far to explore (a budget, the output cap, the
/// deadline), which a pattern may answer instead.
pub(super) fn too_far(e: &str) -> bool {
    [
        "the game reaches more than",
        "the moves program was started",
        "wrote more than",
        "did not finish within",
        crate::explore::partizan::FAR_BUDGET,
    ]
    .iter()
    .any(|m| e.contains(m))
}

impl Failure {
    /// A far position's failure `e`: `Unknown` when a budget ran out, else `Error`.
    pub fn of(e: &str) -> Failure {
        if too_far(e) || e.contains("the canonical forms are too large") {
            Failure::Unknown(e.to_string())
        } else {
            Failure::Error(e.to_string())
        }
    }

    /// `e`, and why no pattern answered instead (`why`, which may begin `unknown: `).
    fn unknown(e: &str, why: &str) -> Failure {
        Failure::Unknown(format!("{e}; {}", why.strip_prefix("unknown: ").unwrap_or(why)))
    }
}

/// Is a far part unexplored (no value of its own)?
fn unexplored(g: &Graph, p: &Coords) -> bool {
    find(g, p).is_none_or(|v| g.val[v as usize].is_none())
}

/// The value of `p`: explored, else from the first pattern the rule confirms there.
fn value_at(
    r: &mut Report,
    g: &mut Graph,
    sides: &FarSides,
    p: &Coords,
) -> Result<(Val, Option<String>), String> {
    match find(g, p).and_then(|v| g.val[v as usize]) {
        Some(x) => Ok((x, None)),
        None => r.patterns.answer(g, sides, p).map(|(x, label)| (x, Some(label))),
    }
}

/// Before any far answer comes from a pattern: the rule at every far part a pattern would
/// answer (the `--at` parts; the `--winning` positions and their options, whose options are
/// listed here in one start of `program` and added to `sides`), so that a refutation anywhere
/// holds for every answer of the run.
pub(super) fn check_asked(
    r: &mut Report,
    g: &mut Graph,
    sides: &mut FarSides,
    (at, winning): (&[Asked], &[Coords]),
    errors: &[Option<String>],
    program: &Program,
) -> Result<(), String> {
    if r.patterns.is_empty() {
        return Ok(());
    }
    let failed = |e: &Option<String>| e.as_deref().is_some_and(too_far);
    let mut parts: Vec<Coords> = Vec::new();
    for (a, _) in at.iter().zip(errors).filter(|(_, e)| failed(e)) {
        parts.extend(a.iter().flatten().filter(|p| unexplored(g, p)));
    }
    let mut options: Vec<Coords> = Vec::new();
    for (p, _) in winning.iter().zip(&errors[at.len()..]).filter(|(_, e)| failed(e)) {
        if !unexplored(g, p) {
            continue;
        }
        parts.push(*p);
        if let Some(Ok(s)) = sides.get(p) {
            let all = s.left.iter().chain(&s.right).flatten().flatten();
            options.extend(all.filter(|q| unexplored(g, q) && !sides.contains_key(*q)));
        }
    }
    options.sort_unstable();
    options.dedup();
    let listed =
        far_options(program, g.space_arity(), &options).map_err(|e| format!("interrupted: {e}"))?;
    sides.extend(options.iter().copied().zip(listed));
    parts.extend(options);
    for p in &parts {
        r.patterns.check(g, sides, p, false);
    }
    Ok(())
}

/// Whether a pattern may answer a far position that failed with `e`: only when it was too far
/// to explore (else the failure stands), and only when the box has a pattern.
fn answerable(r: &Report, e: &str) -> Result<(), Failure> {
    if !too_far(e) {
        return Err(Failure::of(e));
    }
    if r.patterns.is_empty() {
        return Err(Failure::unknown(e, "the box has no pattern"));
    }
    Ok(())
}

/// A far position that could not be explored: each unexplored part's value from the first
/// pattern the partizan rule confirms there, the sum labelled a conjecture; else why not.
pub(super) fn conjecture(
    r: &mut Report,
    g: &mut Graph,
    sides: &FarSides,
    a: &Asked,
    e: &str,
) -> Result<Answer, Failure> {
    answerable(r, e)?;
    let mut total = Val::Num(Small::int(0));
    let mut labels: Vec<String> = Vec::new();
    for p in a.iter().flatten() {
        let (x, label) = value_at(r, g, sides, p).map_err(|w| Failure::unknown(e, &w))?;
        labels.extend(label);
        total = g.values.add(total, x).map_err(|b| Failure::of(&budget(b)))?;
    }
    let value = g.values.show(total).map_err(|b| Failure::of(&budget(b)))?;
    let outcome = g.values.outcome(total);
    Ok(Answer { value, outcome, conjecture: true, basis: labels.join("; ") })
}

/// Each player's winning moves from a far position `p` that could not be explored: its value
/// and every option's from the table or a pattern the rule confirms there (the options as the
/// moves program lists them, in `sides`); a Left move to `GL` wins when `GL >= 0`, a Right move
/// to `GR` when `GR <= 0`.
pub(super) fn winning(
    r: &mut Report,
    g: &mut Graph,
    sides: &FarSides,
    p: &Coords,
    e: &str,
) -> Result<Win, Failure> {
    answerable(r, e)?;
    let (x, label) = value_at(r, g, sides, p).map_err(|w| Failure::unknown(e, &w))?;
    let listed = match sides.get(p) {
        Some(Ok(s)) => s.clone(),
        Some(Err(why)) => return Err(Failure::unknown(e, why)),
        None => return Err(Failure::unknown(e, "its options were not listed")),
    };
    let forms = |b| Failure::of(&budget(b));
    let mut w = Win {
        value: g.values.show(x).map_err(forms)?,
        outcome: g.values.outcome(x),
        left: Vec::new(),
        right: Vec::new(),
        basis: label.unwrap_or_default(),
    };
    for (left, options) in [(true, &listed.left), (false, &listed.right)] {
        for option in options {
            let mut y = Val::Num(Small::int(0));
            for q in option.iter().flatten() {
                let (v, _) = value_at(r, g, sides, q).map_err(|w| Failure::unknown(e, &w))?;
                y = g.values.add(y, v).map_err(forms)?;
            }
            let wins = match g.values.outcome(y) {
                Outcome::P => true,
                Outcome::L => left,
                Outcome::R => !left,
                Outcome::N => false,
            };
            if wins {
                let value = g.values.show(y).map_err(forms)?;
                let parts = option.iter().flatten().copied().collect();
                let side = if left { &mut w.left } else { &mut w.right };
                side.push(Move { parts, value });
            }
        }
    }
    Ok(w)
}

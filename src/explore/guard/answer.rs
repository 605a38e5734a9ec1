//! Answers at positions far outside the box: from the table where it has the position, else
//! from the first pattern (proved first, then the shortest) that speaks there, each with its
//! basis; where no pattern covers a position, the answer says so and guesses nothing.

use crate::explore::guard::{Check, Guard, answer_rank};
use crate::explore::pattern::{Basis, Pattern};
use crate::explore::space::Coords;
use crate::explore::table::Table;

/// One answer.
#[derive(Debug, Clone)]
pub struct AtAnswer {
    /// The position asked (a sum's parts one after the other).
    pub position: Vec<u64>,
    /// The parts of a sum `A + B` (empty for a single position).
    pub parts: Vec<Vec<u64>>,
    /// The value as text (`3`, `inf{0,1}`), if known.
    pub value: Option<String>,
    /// The Grundy value as a number, if it is an integer.
    pub grundy: Option<u64>,
    /// `P`, `N`, `D` or `?`.
    pub outcome: u8,
    /// `computed`, `proved: ...`, `conjecture: ...`, or why nothing is known.
    pub basis: String,
    /// Computed, or the game's rule was checked where a pattern answered ([`crate::explore::guard`]).
    pub checked: bool,
}

/// The answer at `p`.
pub fn answer(t: &Table, patterns: &[Pattern], p: &Coords) -> AtAnswer {
    answer_guarded(t, patterns, p, None)
}

/// The answer at `p`, where `guard` (when given) has checked the patterns beyond the box:
/// refuted patterns never answer, and the label says what was checked at `p`.
pub fn answer_guarded(
    t: &Table,
    patterns: &[Pattern],
    p: &Coords,
    guard: Option<&Guard>,
) -> AtAnswer {
    let arity = t.space.arity();
    let position = p[..arity].to_vec();
    if let Some(cell) = t.space.index(p) {
        return from_cell(t, cell, position);
    }
    if let Some(g) = guard {
        match g.at(&p[..arity]) {
            Ok(Some((i, check))) => {
                let chosen = from_pattern(&patterns[i], p, position, g, i, check);
                return weigh(patterns, p, i, chosen, guard);
            }
            Err(why) => {
                let why = format!(
                    "unknown: outside the box; the pattern that covered it was refuted {why}"
                );
                return unknown(position, why);
            }
            Ok(None) => {}
        }
    }
    first_covering(patterns, p, position, guard)
}

/// A position of the computed table.
fn from_cell(t: &Table, cell: usize, position: Vec<u64>) -> AtAnswer {
    let known = t.outcome[cell] != b'?';
    AtAnswer {
        position,
        parts: Vec::new(),
        value: (!t.misere && known && t.grundy[cell] != crate::explore::table::NO_VALUE)
            .then(|| t.value_text(cell)),
        grundy: t.value(cell).map(u64::from),
        outcome: t.outcome[cell],
        basis: if known {
            "computed".to_string()
        } else {
            "computed: undecided (see the notes)".to_string()
        },
        checked: known,
    }
}

/// Nothing known at a position, and why.
fn unknown(position: Vec<u64>, basis: String) -> AtAnswer {
    let (value, grundy, outcome) = (None, None, b'?');
    AtAnswer { position, parts: Vec::new(), value, grundy, outcome, basis, checked: false }
}

/// The first pattern (in the guard's order, [`answer_rank`]) that covers `p` and may answer
/// beyond the box; with a guard, a position it did not check (past
/// [`crate::explore::guard::MAX_CHECKED`]) says so. A position below the lower corner of the box the
/// patterns were observed on ([`crate::explore::pattern::floor`]) is `unknown`, with the reason.
fn first_covering(
    patterns: &[Pattern],
    p: &Coords,
    position: Vec<u64>,
    guard: Option<&Guard>,
) -> AtAnswer {
    let mut order: Vec<usize> = (0..patterns.len()).filter(|&i| usable(guard, i)).collect();
    order.sort_by_key(|&i| answer_rank(&patterns[i]));
    let mut edge: Option<&str> = None;
    for i in order {
        let pat = &patterns[i];
        let Some(a) = pat.formula.at(p) else { continue };
        if let Some(why) = &pat.edge {
            edge = edge.or(Some(why));
            continue;
        }
        let mut basis =
            format!("{} ({}, pattern {})", pat.basis.label(), pat.formula.family(), i + 1);
        if guard.is_some() && matches!(pat.basis, Basis::Observed { .. }) {
            basis.push_str(&format!(
                "; not checked here: only the first {} far positions asked are checked",
                crate::explore::guard::MAX_CHECKED
            ));
        }
        let chosen = AtAnswer {
            position,
            parts: Vec::new(),
            value: a.value.map(|v| v.to_string()),
            grundy: a.value,
            outcome: a.outcome,
            basis,
            checked: false,
        };
        return weigh(patterns, p, i, chosen, guard);
    }
    let below = patterns.iter().find_map(|pat| pat.formula.below_floor(p));
    let why = match (edge, below) {
        (_, Some(why)) => format!("unknown: outside the box; {why}"),
        (Some(why), None) => {
            format!("unknown: outside the box; the one pattern covering this position was {why}")
        }
        (None, None) => "unknown: outside the box and no pattern found covers this position".into(),
    };
    unknown(position, why)
}

/// May pattern `i` answer beyond the box (not refuted by the guard)?
fn usable(guard: Option<&Guard>, i: usize) -> bool {
    guard.is_none_or(|g| g.refuted.get(i).is_none_or(Option::is_none))
}

/// Competing conjectures: every other kept pattern that covers `p` (and may answer beyond
/// the box) is evaluated there. One that disagrees with `chosen` (pattern `i`), and that the
/// guard did not refute, makes the answer `unknown`, naming each pattern's answer; those that
/// agree on what is answered (the value where `chosen` gives one, else the outcome) are
/// counted in the label, and those that give only the outcome beside a value are named
/// apart: they say nothing of the value. A proved answer stands: a theorem is not outvoted.
fn weigh(
    patterns: &[Pattern],
    p: &Coords,
    i: usize,
    mut chosen: AtAnswer,
    guard: Option<&Guard>,
) -> AtAnswer {
    if matches!(patterns[i].basis, Basis::Proved(_)) || chosen.outcome == b'?' {
        return chosen;
    }
    let Some(m) = patterns[i].formula.at(p) else { return chosen };
    let (mut agree, mut outcome_only, mut differ) = (Vec::new(), Vec::new(), Vec::new());
    for (j, pat) in patterns.iter().enumerate() {
        if j == i || pat.edge.is_some() || !usable(guard, j) {
            continue;
        }
        let Some(a) = pat.formula.at(p) else { continue };
        match (a.value, m.value) {
            (Some(x), Some(y)) if x == y => agree.push(j),
            (None, Some(_)) if a.outcome == m.outcome => outcome_only.push(j),
            (_, None) if a.outcome == m.outcome => agree.push(j),
            _ => differ.push((j, a)),
        }
    }
    let says = |j: usize, a: &crate::explore::pattern::Answer| {
        let what = match a.value {
            Some(v) => format!("value {v}"),
            None => format!("outcome {}", a.outcome as char),
        };
        format!("pattern {} ({}) says {what}", j + 1, patterns[j].formula.family())
    };
    if !differ.is_empty() {
        let mut all = vec![says(i, &m)];
        all.extend(differ.iter().map(|(j, a)| says(*j, a)));
        let why = format!(
            "unknown: the patterns disagree here and the game's rule did not decide between \
             them: {}",
            all.join("; ")
        );
        return unknown(chosen.position, why);
    }
    if !agree.is_empty() {
        chosen.basis.push_str(&format!(
            "; {} other independent pattern{} agree{} here ({})",
            agree.len(),
            if agree.len() == 1 { "" } else { "s" },
            if agree.len() == 1 { "s" } else { "" },
            pattern_numbers(&agree)
        ));
    }
    if !outcome_only.is_empty() {
        chosen.basis.push_str(&format!(
            "; {} other{} give{} only the outcome, the same ({})",
            outcome_only.len(),
            if outcome_only.len() == 1 { "" } else { "s" },
            if outcome_only.len() == 1 { "s" } else { "" },
            pattern_numbers(&outcome_only)
        ));
    }
    chosen
}

/// `pattern 2, 5`: patterns named by their rank (indices from 0).
fn pattern_numbers(js: &[usize]) -> String {
    let names: Vec<String> = js.iter().map(|j| (j + 1).to_string()).collect();
    format!("pattern {}", names.join(", "))
}

/// The answer of pattern `i` at `p`, labelled with what the guard checked.
fn from_pattern(
    pat: &Pattern,
    p: &Coords,
    position: Vec<u64>,
    g: &Guard,
    i: usize,
    check: &Check,
) -> AtAnswer {
    let a = pat.formula.at(p);
    let label = format!("{} ({}, pattern {})", pat.basis.label(), pat.formula.family(), i + 1);
    let proved = matches!(pat.basis, Basis::Proved(_));
    if let (Check::Upward(why), false) = (check, proved) {
        return unknown(position, why.clone());
    }
    let (basis, checked) = match check {
        Check::Holds => (format!("{label}; {}", g.held_words(i)), true),
        // A theorem needs no check; one that could not be made is not worth a word.
        Check::NotChecked(_) | Check::Upward(_) if proved => (label, false),
        Check::NotChecked(why) | Check::Upward(why) => {
            (format!("{label}; not checked here: {why}"), false)
        }
    };
    AtAnswer {
        position,
        parts: Vec::new(),
        value: a.and_then(|a| a.value.map(|v| v.to_string())),
        grundy: a.and_then(|a| a.value),
        outcome: a.map_or(b'?', |a| a.outcome),
        basis,
        checked,
    }
}

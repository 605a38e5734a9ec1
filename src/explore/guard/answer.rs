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
            Ok(Some((i, check))) => return from_pattern(&patterns[i], p, position, g, i, check),
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
/// [`crate::explore::guard::MAX_CHECKED`]) says so.
fn first_covering(
    patterns: &[Pattern],
    p: &Coords,
    position: Vec<u64>,
    guard: Option<&Guard>,
) -> AtAnswer {
    let usable = |i: usize| guard.is_none_or(|g| g.refuted[i].is_none());
    let mut order: Vec<&Pattern> =
        patterns.iter().enumerate().filter(|&(i, _)| usable(i)).map(|(_, p)| p).collect();
    order.sort_by_key(|pat| answer_rank(pat));
    let mut edge: Option<&str> = None;
    for pat in order {
        let Some(a) = pat.formula.at(p) else { continue };
        if let Some(why) = &pat.edge {
            edge = edge.or(Some(why));
            continue;
        }
        let mut basis = format!("{} ({})", pat.basis.label(), pat.formula.family());
        if guard.is_some() && matches!(pat.basis, Basis::Observed { .. }) {
            basis.push_str(&format!(
                "; not checked here: only the first {} far positions asked are checked",
                crate::explore::guard::MAX_CHECKED
            ));
        }
        return AtAnswer {
            position,
            parts: Vec::new(),
            value: a.value.map(|v| v.to_string()),
            grundy: a.value,
            outcome: a.outcome,
            basis,
            checked: false,
        };
    }
    let why = match edge {
        Some(why) => {
            format!("unknown: outside the box; the one pattern covering this position was {why}")
        }
        None => "unknown: outside the box and no pattern found covers this position".into(),
    };
    unknown(position, why)
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
    let label = format!("{} ({})", pat.basis.label(), pat.formula.family());
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

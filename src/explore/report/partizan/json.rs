//! `games explore --partizan --json`: the report of [`crate::explore::partizan_report`] as one JSON
//! object: `positions` (omitted with `--no-table`), `all_numbers`, `first_non_number`, `at`
//! (a sum also lists its `parts`; a failed position has `error` instead of a value; one from a
//! pattern has `"basis": "conjecture"` and its `label`), `pattern` (the first pattern) and
//! `patterns` (all, ranked; each `formula`, `checked`, `refuted_at`), `pattern_values` (when
//! the values are not all numbers: `"INDEX = VALUE"`, what the patterns' `G` stands for),
//! `far_checks` (the far positions sampled), `notes`,
//! `winning` (each player's winning moves), `positions_met`; and `--count`'s tally.

use crate::explore::partizan_report::{AtEntry, Failure, Move, Report, Tally, Win, tally};
use crate::out::Out;

struct EntryJson {
    position: Vec<u64>,
    value: String,
    outcome: &'static str,
}
crate::json_object!(EntryJson { "position" => position, "value" => value, "outcome" => outcome });

struct AtJson {
    position: Vec<u64>,
    parts: Option<Vec<Vec<u64>>>,
    value: Option<String>,
    outcome: Option<&'static str>,
    basis: Option<String>,
    label: Option<String>,
    error: Option<String>,
}
crate::json_object!(AtJson {
    "position" => position,
    "parts" => parts unless Option::is_none,
    "value" => value unless Option::is_none,
    "outcome" => outcome unless Option::is_none,
    "basis" => basis unless Option::is_none,
    "label" => label unless Option::is_none,
    "error" => error unless Option::is_none,
});

#[derive(Clone)]
struct PatternJson {
    formula: String,
    checked: usize,
    refuted_at: Option<String>,
}
crate::json_object!(PatternJson {
    "formula" => formula,
    "checked" => checked,
    "refuted_at" => refuted_at unless Option::is_none,
});

struct NonNumberJson {
    position: Vec<u64>,
    value: String,
    why: String,
}
crate::json_object!(NonNumberJson { "position" => position, "value" => value, "why" => why });

struct MoveJson {
    option: Vec<Vec<u64>>,
    value: String,
}
crate::json_object!(MoveJson { "option" => option, "value" => value });

struct WinJson {
    position: Vec<u64>,
    value: Option<String>,
    outcome: Option<&'static str>,
    left: Option<Vec<MoveJson>>,
    right: Option<Vec<MoveJson>>,
    basis: Option<String>,
    label: Option<String>,
    error: Option<String>,
}
crate::json_object!(WinJson {
    "position" => position,
    "value" => value unless Option::is_none,
    "outcome" => outcome unless Option::is_none,
    "basis" => basis unless Option::is_none,
    "label" => label unless Option::is_none,
    "left" => left unless Option::is_none,
    "right" => right unless Option::is_none,
    "error" => error unless Option::is_none,
});

struct ReportJson {
    positions: Option<Vec<EntryJson>>,
    all_numbers: bool,
    first_non_number: Option<NonNumberJson>,
    pattern: Option<PatternJson>,
    patterns: Vec<PatternJson>,
    pattern_values: Vec<String>,
    far_checks: usize,
    notes: Vec<String>,
    at: Vec<AtJson>,
    winning: Vec<WinJson>,
    positions_met: usize,
}
crate::json_object!(ReportJson {
    "positions" => positions unless Option::is_none,
    "all_numbers" => all_numbers,
    "first_non_number" => first_non_number unless Option::is_none,
    "pattern" => pattern unless Option::is_none,
    "patterns" => patterns,
    "pattern_values" => pattern_values unless Vec::is_empty,
    "far_checks" => far_checks,
    "notes" => notes,
    "at" => at,
    "winning" => winning,
    "positions_met" => positions_met,
});

fn moves(ms: &[Move], a: usize) -> Vec<MoveJson> {
    ms.iter()
        .map(|m| MoveJson {
            option: m.parts.iter().map(|p| p[..a].to_vec()).collect(),
            value: m.value.clone(),
        })
        .collect()
}

fn win_json(p: &[u64], answer: &Result<Win, Failure>, a: usize) -> WinJson {
    let mut w = WinJson {
        position: p[..a].to_vec(),
        value: None,
        outcome: None,
        left: None,
        right: None,
        basis: None,
        label: None,
        error: None,
    };
    match answer {
        Ok(x) => {
            w.value = Some(x.value.clone());
            w.outcome = Some(x.outcome.letter());
            w.left = Some(moves(&x.left, a));
            w.right = Some(moves(&x.right, a));
            let far = !x.basis.is_empty();
            w.basis = Some(if far { "conjecture" } else { "computed" }.to_string());
            w.label = far.then(|| x.basis.clone());
        }
        Err(Failure::Unknown(why)) => {
            w.outcome = Some("?");
            w.basis = Some(format!("unknown: {why}"));
        }
        Err(Failure::Error(e)) => w.error = Some(e.clone()),
    }
    w
}

fn at_json(e: &AtEntry, a: usize) -> AtJson {
    let parts: Vec<Vec<u64>> =
        e.asked.iter().map(|p| p.map_or_else(Vec::new, |p| p[..a].to_vec())).collect();
    let (value, outcome, basis, error) = match &e.answer {
        Ok(x) => {
            let basis = if x.conjecture { "conjecture" } else { "computed" };
            (Some(x.value.clone()), Some(x.outcome.letter()), Some(basis.to_string()), None)
        }
        Err(Failure::Unknown(why)) => (None, Some("?"), Some(format!("unknown: {why}")), None),
        Err(Failure::Error(e)) => (None, None, None, Some(e.clone())),
    };
    let label = e.answer.as_ref().ok().filter(|x| x.conjecture).map(|x| x.basis.clone());
    AtJson {
        position: parts.concat(),
        parts: (parts.len() != 1).then_some(parts),
        value,
        outcome,
        basis,
        label,
        error,
    }
}

/// The report as one JSON object (`table`: with the box's positions).
pub fn json(r: &Report, table: bool, out: &mut Out) {
    let a = r.space.arity();
    let positions = table.then(|| {
        r.cells
            .iter()
            .enumerate()
            .map(|(i, c)| EntryJson {
                position: r.space.position(i)[..a].to_vec(),
                value: c.value.clone(),
                outcome: c.outcome.letter(),
            })
            .collect()
    });
    let at = r.at.iter().map(|e| at_json(e, a)).collect();
    let patterns: Vec<PatternJson> = r
        .patterns
        .listed()
        .into_iter()
        .map(|(formula, checked, refuted_at)| PatternJson { formula, checked, refuted_at })
        .collect();
    let doc = ReportJson {
        positions,
        all_numbers: r.first_non_number.is_none(),
        first_non_number: r.first_non_number.as_ref().map(|n| NonNumberJson {
            position: n.position[..a].to_vec(),
            value: n.value.clone(),
            why: n.why.clone(),
        }),
        pattern: patterns.first().cloned(),
        patterns,
        pattern_values: r.patterns.legend.clone(),
        far_checks: r.patterns.sampled,
        notes: r.patterns.notes.clone(),
        at,
        winning: r.winning.iter().map(|(p, w)| win_json(p, w, a)).collect(),
        positions_met: r.positions_met,
    };
    if serde_json::to_writer(&mut *out, &doc).is_ok() {
        out.nl();
    }
}

struct ValueCount {
    value: String,
    count: usize,
}
crate::json_object!(ValueCount { "value" => value, "count" => count });

struct TallyJson {
    positions: usize,
    l: usize,
    r: usize,
    n: usize,
    p: usize,
    values: Vec<ValueCount>,
}
crate::json_object!(TallyJson {
    "positions" => positions, "L" => l, "R" => r, "N" => n, "P" => p, "values" => values,
});

/// `--count --json`: `{"positions": N, "L": .., "R": .., "N": .., "P": .., "values": [...]}`.
pub fn tally_json(r: &Report, out: &mut Out) {
    let Tally { classes, values } = tally(r);
    let doc = TallyJson {
        positions: r.cells.len(),
        l: classes[0].1,
        r: classes[1].1,
        n: classes[2].1,
        p: classes[3].1,
        values: values.into_iter().map(|(value, count)| ValueCount { value, count }).collect(),
    };
    if serde_json::to_writer(&mut *out, &doc).is_ok() {
        out.nl();
    }
}

//! The table of a kind of value other than Grundy values, written once over the kind
//! ([`ValueKind::show`] gives each entry): a box of two coordinates as a grid (rows: the
//! first coordinate, columns: the second, each column as wide as the widest entry or label),
//! any other box as one line a position, `POSITION ENTRY`; and a position's JSON entry
//! ([`json`]).

use crate::explore::kind::ValueKind;
use crate::explore::space::{Space, format_position};
use crate::out::Out;

/// Writes the box's table, the entry of cell `c` being `kind.show(value(c))`.
pub fn table(out: &mut Out, space: &Space, kind: &dyn ValueKind, value: impl Fn(usize) -> i128) {
    let cells: Vec<String> = (0..space.cells()).map(|c| kind.show(value(c))).collect();
    if space.arity() != 2 {
        for (c, v) in cells.iter().enumerate() {
            out.str(&format_position(&space.position(c), space.arity())).str(" ").str(v).nl();
        }
        return;
    }
    let w = cells.iter().map(String::len).max().unwrap_or(1).max(space.hi[1].to_string().len());
    let w0 = space.hi[0].to_string().len().max(3);
    out.str(&format!("{:>w0$}", "a\\b"));
    for b in space.lo[1]..=space.hi[1] {
        out.str(&format!(" {b:>w$}"));
    }
    out.nl();
    for (row, chunk) in cells.chunks(space.width(1) as usize).enumerate() {
        out.str(&format!("{:>w0$}", space.lo[0] + row as u64));
        for c in chunk {
            out.str(&format!(" {c:>w$}"));
        }
        out.nl();
    }
}

/// A position's JSON entry: `"position"` (its coordinates) and the kind's fields of its value
/// ([`ValueKind::json`]), or `"outcome": "?"` when the value is unknown.
pub fn json(kind: &dyn ValueKind, pos: &[u64], v: Option<i128>) -> serde_json::Value {
    let mut o = serde_json::Map::new();
    o.insert("position".into(), serde_json::json!(pos));
    match v {
        Some(v) => kind.json(v, &mut o),
        None => {
            o.insert("outcome".into(), "?".into());
        }
    }
    serde_json::Value::Object(o)
}

/// A box whose every position has an outcome and a value of some kind: what `--list`,
/// `--count`, `--svg` and `--check` read, written once over the kinds (the impartial tables
/// have their own [`crate::explore::list::Source`] variants). An implementation names the
/// kind's outcomes ([`Outcomes::names`]) and which of them the drawing blackens
/// ([`Outcomes::lost`]: the outcome in which the player to move loses, whoever that is), and
/// judges a `--check` line ([`Outcomes::judge`]).
pub trait Outcomes {
    /// The box.
    fn space(&self) -> &Space;
    /// The kind's outcome names, in the order of the tally (`P`, `N`, `D`; `win`, `draw`,
    /// `loss`; `L`, `R`, `N`, `P`).
    fn names(&self) -> &'static [&'static str];
    /// The outcome the player to move loses (the P-positions of the drawing).
    fn lost(&self) -> &'static str;
    /// What the drawing's caption says is black.
    fn lost_words(&self) -> &'static str;
    /// The outcome of cell `c` (one of [`Outcomes::names`]), `None` when undecided.
    fn outcome(&self, c: usize) -> Option<&'static str>;
    /// The value of cell `c` as the table shows it, `None` when undecided.
    fn value(&self, c: usize) -> Option<String>;
    /// A `--check` line `said` (trimmed, not empty) against cell `c`: `Ok(None)` when it
    /// agrees, `Ok(Some(claim))` when it does not (`claim`: what it says, e.g. `value 3`),
    /// `Err(why)` when it is neither a value of the kind nor one of its outcomes.
    fn judge(&self, c: usize, said: &str) -> Result<Option<String>, String>;
    /// The moves that show cell `c`'s value (after `; `), empty when there is nothing to show.
    fn evidence(&self, c: usize) -> String;
}

/// The outcome name among `names` that `text` spells (any case).
pub fn outcome_named(names: &[&'static str], text: &str) -> Option<&'static str> {
    names.iter().copied().find(|n| n.eq_ignore_ascii_case(text.trim()))
}

/// A box of one [`ValueKind`]'s values (remoteness, scores): each cell's value, the outcome
/// the kind gives it, and the moves that show a value (the runner's).
pub struct Valued<'a> {
    pub space: &'a Space,
    pub kind: &'a dyn ValueKind,
    /// The value of cell `c` (`None`: undecided), read when asked (no copy of the box).
    pub value: Box<dyn Fn(usize) -> Option<i128> + 'a>,
    pub names: &'static [&'static str],
    pub lost: &'static str,
    pub lost_words: &'static str,
    pub outcome_of: fn(&dyn ValueKind, i128) -> &'static str,
    pub evidence: Box<dyn Fn(usize) -> String + 'a>,
}

/// Remoteness's outcomes: `P` (the player to move loses), `N`, `D` (drawn).
pub const REMOTENESS_OUTCOMES: &[&str] = &["P", "N", "D"];
/// Scores' outcomes for the player to move ([`crate::explore::score::outcome`]).
pub const SCORE_OUTCOMES: &[&str] = &["win", "draw", "loss"];

impl<'a> Valued<'a> {
    /// A remoteness box: outcome `P`/`N`/`D` from the remoteness (and the play).
    pub fn remoteness(
        space: &'a Space,
        kind: &'a dyn ValueKind,
        value: Box<dyn Fn(usize) -> Option<i128> + 'a>,
        evidence: Box<dyn Fn(usize) -> String + 'a>,
    ) -> Self {
        let outcome_of = |kind: &dyn ValueKind, v: i128| -> &'static str {
            match kind.show(v).as_bytes().first() {
                Some(b'N') => "N",
                Some(b'P') => "P",
                _ => "D",
            }
        };
        Valued {
            space,
            kind,
            value,
            names: REMOTENESS_OUTCOMES,
            lost: "P",
            lost_words: "P black",
            outcome_of,
            evidence,
        }
    }

    /// A scores box: outcome `win`/`draw`/`loss` from the value's sign.
    pub fn score(
        space: &'a Space,
        kind: &'a dyn ValueKind,
        value: Box<dyn Fn(usize) -> Option<i128> + 'a>,
        evidence: Box<dyn Fn(usize) -> String + 'a>,
    ) -> Self {
        Valued {
            space,
            kind,
            value,
            names: SCORE_OUTCOMES,
            lost: "loss",
            lost_words: "the mover's losses black",
            outcome_of: |_, v| crate::explore::score::outcome(v),
            evidence,
        }
    }

    /// `--count`: the positions, each outcome's count (and the undecided), each value's.
    pub fn tally(&self) -> Tally {
        let mut outcomes: Vec<(&'static str, u64)> = self.names.iter().map(|&n| (n, 0)).collect();
        let mut values = std::collections::BTreeMap::<i128, u64>::new();
        let mut undecided = 0;
        for c in 0..self.space.cells() {
            match ((self.value)(c), self.outcome(c)) {
                (Some(v), Some(o)) => {
                    if let Some(slot) = outcomes.iter_mut().find(|s| s.0 == o) {
                        slot.1 += 1;
                    }
                    *values.entry(v).or_default() += 1;
                }
                _ => undecided += 1,
            }
        }
        let values = values.into_iter().map(|(v, n)| (self.kind.show(v), n)).collect();
        Tally { positions: self.space.cells() as u64, outcomes, undecided, values }
    }
}

impl Outcomes for Valued<'_> {
    fn space(&self) -> &Space {
        self.space
    }
    fn names(&self) -> &'static [&'static str] {
        self.names
    }
    fn lost(&self) -> &'static str {
        self.lost
    }
    fn lost_words(&self) -> &'static str {
        self.lost_words
    }
    fn outcome(&self, c: usize) -> Option<&'static str> {
        (self.value)(c).map(|v| (self.outcome_of)(self.kind, v))
    }
    fn value(&self, c: usize) -> Option<String> {
        (self.value)(c).map(|v| self.kind.show(v))
    }
    fn judge(&self, c: usize, said: &str) -> Result<Option<String>, String> {
        let (truth, outcome) = match ((self.value)(c), self.outcome(c)) {
            (Some(v), Some(o)) => (v, o),
            _ => return Ok(None),
        };
        // A remoteness is also written with a space (`N 5`, as --serve says it).
        let joined: String = said.split_ascii_whitespace().collect();
        match self.kind.read(&joined) {
            Ok(v) if v == truth => Ok(None),
            Ok(v) => Ok(Some(format!("value {}", self.kind.show(v)))),
            Err(why) => match outcome_named(self.names, said) {
                Some(o) if o == outcome => Ok(None),
                Some(o) => Ok(Some(format!("outcome {o}"))),
                None => Err(format!(
                    "{why}; expected a {} or an outcome ({})",
                    self.kind.noun(),
                    self.names.join(", ")
                )),
            },
        }
    }
    fn evidence(&self, c: usize) -> String {
        (self.evidence)(c)
    }
}

/// A `--count` tally of a kind: the positions, each outcome's count, the undecided ones, and
/// each value as the table shows it (in the kind's order) with its count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    pub positions: u64,
    pub outcomes: Vec<(&'static str, u64)>,
    pub undecided: u64,
    pub values: Vec<(String, u64)>,
}

impl Tally {
    /// `positions 25`, a line per outcome (`P 10`), `undecided K` when some are, then a
    /// `value V COUNT` line per value: the shape of the Grundy and partizan tallies.
    pub fn text(&self, out: &mut Out) {
        out.str("positions ").int(self.positions).nl();
        for (name, n) in &self.outcomes {
            out.str(name).byte(b' ').int(*n).nl();
        }
        if self.undecided > 0 {
            out.str("undecided ").int(self.undecided).nl();
        }
        for (v, n) in &self.values {
            out.str("value ").str(v).byte(b' ').int(*n).nl();
        }
    }

    /// `{"positions": N, "P": .., "N": .., "D": .., "undecided": K, "values": [{"value": "P0",
    /// "count": 3}, ...]}` (the outcomes are the kind's names).
    pub fn json(&self, out: &mut Out) {
        out.str("{\"positions\":").int(self.positions);
        for (name, n) in &self.outcomes {
            out.str(",\"").str(name).str("\":").int(*n);
        }
        out.str(",\"undecided\":").int(self.undecided).str(",\"values\":[");
        for (i, (v, n)) in self.values.iter().enumerate() {
            out.str(if i > 0 { ",{\"value\":" } else { "{\"value\":" });
            out.str(&serde_json::Value::String(v.clone()).to_string());
            out.str(",\"count\":").int(*n).byte(b'}');
        }
        out.str("]}").nl();
    }
}

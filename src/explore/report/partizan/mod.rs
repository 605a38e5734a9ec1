//! The answers of `games explore --partizan` and how they are printed: the box (a list, or a
//! grid when two coordinates vary; values or, with `--outcomes`, the classes L/R/N/P), the
//! "all numbers?" verdict, the `--at` answers (a sum's value is the sum of its parts' values),
//! each player's winning moves (`--winning`: a Left move to `GL` wins when `GL >= 0`, that is
//! GL's outcome is L or P; a Right move when `GR <= 0`), the tally of `--count`, and the JSON
//! object. A far position that could not be explored is answered by [`far`]: from a checked
//! pattern, else `unknown` naming the budget, or, when the program failed there, its error.
mod far;
pub mod json;
pub mod outcomes;

use crate::explore::guard::partizan::{Patterns, Sampling, past};
use crate::explore::partizan::{Asked, Explored, Graph, find, value_of_sum};
use crate::explore::partizan_num::Val;
use crate::explore::space::{Coords, Space, format_position};
use crate::out::Out;
use crate::theory::canonical::{GameId, Games, Outcome, OverBudget};

/// One box cell's answer.
pub struct Cell {
    pub value: String,
    pub outcome: Outcome,
    pub number: Option<crate::explore::partizan_num::Small>,
}

/// The first box position that is not a number, and why.
pub struct NonNumber {
    pub position: Coords,
    pub value: String,
    pub why: String,
}

/// A move: the option's parts and its value.
pub struct Move {
    pub parts: Vec<Coords>,
    pub value: String,
}

/// A position's value, outcome and winning moves for each player.
pub struct Win {
    pub value: String,
    pub outcome: Outcome,
    pub left: Vec<Move>,
    pub right: Vec<Move>,
    /// The label of a far position's value (a pattern the rule confirmed), empty when computed.
    pub basis: String,
}

/// Why a position asked has no answer.
#[derive(Debug, Clone)]
pub enum Failure {
    /// A budget ran out before the position could be explored, and no pattern of the box
    /// answers it (the budget named): a good answer, printed in its place.
    Unknown(String),
    /// The moves program failed there: said on standard error, and the exit status is 1.
    Error(String),
}

/// A value and its outcome class; `conjecture` when it comes from the box's pattern (the
/// position was beyond what could be explored), not from the game.
pub struct Answer {
    pub value: String,
    pub outcome: Outcome,
    pub conjecture: bool,
    /// The far parts' labels (the pattern and its check), empty when computed.
    pub basis: String,
}

/// A position asked with `--at` and its answer (or why there is none).
pub struct AtEntry {
    pub asked: Asked,
    pub answer: Result<Answer, Failure>,
}

/// The whole report.
pub struct Report {
    pub space: Space,
    pub cells: Vec<Cell>,
    pub first_non_number: Option<NonNumber>,
    /// The patterns of the box's numbers, ranked ([`crate::explore::guard::partizan`]).
    pub patterns: Patterns,
    pub at: Vec<AtEntry>,
    pub winning: Vec<(Coords, Result<Win, Failure>)>,
    pub positions_met: usize,
}

fn budget(e: OverBudget) -> String {
    format!("the canonical forms are too large: {e}")
}

/// The far positions of `at` and `winning` as lists of parts, for [`crate::explore::partizan::explore`].
pub fn far_of(at: &[Asked], winning: &[Coords]) -> Vec<Vec<Coords>> {
    let mut far: Vec<Vec<Coords>> =
        at.iter().map(|a| a.iter().flatten().copied().collect()).collect();
    far.extend(winning.iter().map(|p| vec![*p]));
    far
}

/// The patterns of the explored box's values, refuted where a position explored past the box
/// disagrees.
pub fn patterns(g: &mut Graph, space: &Space) -> Patterns {
    let values: Vec<Val> = g.val[..space.cells()].iter().flatten().copied().collect();
    let past = past(g, space);
    Patterns::find(&mut g.values, space, &values, &past)
}

/// The report of the box alone: each position's value and outcome and the first that is not a
/// number; no patterns and nothing asked. `--list` and `--count` print this much, so that
/// the pattern search is not spent on them.
pub fn of_box(g: &mut Graph, space: &Space) -> Result<Report, String> {
    let mut report = Report {
        space: space.clone(),
        cells: Vec::with_capacity(space.cells()),
        first_non_number: None,
        patterns: Patterns::none(),
        at: Vec::new(),
        winning: Vec::new(),
        positions_met: g.len(),
    };
    for c in 0..space.cells() {
        let Some(v) = g.val[c] else { return Err("a box position has no value".into()) };
        let value = g.values.show(v).map_err(budget)?;
        let outcome = g.values.outcome(v);
        let number = g.values.small(v);
        if report.first_non_number.is_none() && !g.values.is_number(v) {
            let why = match v {
                Val::Form(id) => why_not_a_number(&mut g.values.games, id).map_err(budget)?,
                Val::Num(_) => String::new(),
            };
            report.first_non_number =
                Some(NonNumber { position: space.position(c), value: value.clone(), why });
        }
        report.cells.push(Cell { value, outcome, number });
    }
    Ok(report)
}

/// The report of an exploration (`far_errors` in the order of [`far_of`]) with the box's
/// `patterns`, checked at sampled far positions (`sampling`) when a far position needs them.
pub fn build(
    ex: &mut Explored,
    (at, winning): (&[Asked], &[Coords]),
    space: &Space,
    patterns: Patterns,
    sampling: &Sampling,
) -> Result<Report, String> {
    let mut report = of_box(&mut ex.graph, space)?;
    let g = &mut ex.graph;
    report.patterns = patterns;
    let errors = &ex.far_errors;
    if errors.iter().any(|e| e.as_deref().is_some_and(far::too_far)) {
        report.patterns.sample(g, space, sampling).map_err(|e| format!("interrupted: {e}"))?;
    }
    let sides = &mut ex.far_sides;
    far::check_asked(&mut report, g, sides, (at, winning), errors, sampling.program)?;
    for (i, a) in at.iter().enumerate() {
        let answer = match &errors[i] {
            Some(e) => far::conjecture(&mut report, g, sides, a, e),
            None => value_of_sum(g, a)
                .and_then(|v| {
                    let value = g.values.show(v).map_err(budget)?;
                    let outcome = g.values.outcome(v);
                    Ok(Answer { value, outcome, conjecture: false, basis: String::new() })
                })
                .map_err(|e| Failure::of(&e)),
        };
        report.at.push(AtEntry { asked: a.clone(), answer });
    }
    for (j, p) in winning.iter().enumerate() {
        let answer = match &errors[at.len() + j] {
            Some(e) => far::winning(&mut report, g, sides, p, e),
            None => win(g, p).map_err(|e| Failure::of(&e)),
        };
        report.winning.push((*p, answer));
    }
    Ok(report)
}

/// Each player's winning moves from `p`.
fn win(g: &mut Graph, p: &Coords) -> Result<Win, String> {
    let Some(v) = find(g, p) else { return Err("the position was not explored".into()) };
    let Some(x) = g.val[v as usize] else { return Err("the position has no value".into()) };
    let Some((ranges, left)) = g.options(v) else {
        return Err("the options of the position were not kept".into());
    };
    let mut w = Win {
        value: g.values.show(x).map_err(budget)?,
        outcome: g.values.outcome(x),
        left: Vec::new(),
        right: Vec::new(),
        basis: String::new(),
    };
    for (o, r) in ranges.into_iter().enumerate() {
        let parts = g.parts(r).to_vec();
        let y = g.option_value(&parts).map_err(budget)?;
        let out = g.values.outcome(y);
        let (wins, side) = if o < left {
            (matches!(out, Outcome::L | Outcome::P), &mut w.left)
        } else {
            (matches!(out, Outcome::R | Outcome::P), &mut w.right)
        };
        if wins {
            let value = g.values.show(y).map_err(budget)?;
            side.push(Move { parts: parts.iter().map(|&q| g.position(q)).collect(), value });
        }
    }
    Ok(w)
}

/// Why the canonical form `g` is not a number.
fn why_not_a_number(games: &mut Games, g: GameId) -> Result<String, OverBudget> {
    let text = games.show(g)?;
    if !text.contains('{') && !text.contains('^') && !text.contains('v') && text.contains('*') {
        return Ok("a nimber part".into());
    }
    let (l, r) = games.options(g)?;
    for &a in &l {
        for &b in &r {
            if games.le(b, a) {
                let (sa, sb) = (games.show(a)?, games.show(b)?);
                return Ok(format!("a switch: Left's option {sa} >= Right's option {sb}"));
            }
        }
    }
    for &o in l.iter().chain(r.iter()) {
        if games.as_number(o).is_none() {
            return Ok(format!("its option {} is not a number", games.show(o)?));
        }
    }
    Ok("not a number".into())
}

/// A sum of parts as text: `3 5 + 2 2`, `()` for the empty game.
pub fn show_asked(a: &Asked, arity: usize) -> String {
    if a.is_empty() {
        return "()".into();
    }
    let parts: Vec<String> = a
        .iter()
        .map(|p| p.map_or_else(|| "()".to_string(), |p| format_position(&p, arity)))
        .collect();
    parts.join(" + ")
}

/// How the text report is printed.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub table: bool,
    pub outcomes: bool,
    /// How many patterns kept are printed (`--patterns N`; refuted ones always are).
    pub shown: usize,
}

/// The report as text.
pub fn text(r: &Report, style: Style, out: &mut Out) {
    if style.table {
        if r.space.free_axes().len() == 2 {
            grid(r, style, out);
        } else {
            list(r, style, out);
        }
    }
    let a = r.space.arity();
    match &r.first_non_number {
        None => out.str("all numbers: yes").nl(),
        Some(nn) => out
            .str("all numbers: no; first at ")
            .str(&format_position(&nn.position, a))
            .str(": ")
            .str(&nn.value)
            .str(" (")
            .str(&nn.why)
            .str(")")
            .nl(),
    };
    for line in r.patterns.lines(style.shown) {
        out.str(&line).nl();
    }
    for e in &r.at {
        out.str("at ").str(&show_asked(&e.asked, a));
        match &e.answer {
            Ok(x) => {
                out.str(": value ").str(&x.value).str(", outcome ").str(x.outcome.letter());
                out.str(if x.conjecture {
                    " (conjecture, from the pattern)"
                } else {
                    " (computed)"
                })
                .nl()
            }
            Err(Failure::Unknown(why)) => {
                out.str(": value unknown, outcome ? (unknown: ").str(why).str(")").nl()
            }
            Err(Failure::Error(_)) => out.str(": error (said on standard error)").nl(),
        };
    }
    for (p, answer) in &r.winning {
        winning_text(&format_position(p, a), answer, a, out);
    }
}

fn winning_text(pos: &str, answer: &Result<Win, Failure>, a: usize, out: &mut Out) {
    let w = match answer {
        Ok(w) => w,
        Err(Failure::Unknown(why)) => {
            out.str("winning ").str(pos).str(": value unknown (unknown: ").str(why).str(")").nl();
            return;
        }
        Err(Failure::Error(_)) => {
            out.str("winning ").str(pos).str(": error (said on standard error)").nl();
            return;
        }
    };
    out.str("winning ").str(pos).str(": value ").str(&w.value);
    out.str(", outcome ").str(w.outcome.letter());
    if !w.basis.is_empty() {
        out.str(" (conjecture, from the pattern)");
    }
    out.nl();
    for (who, moves) in [("Left", &w.left), ("Right", &w.right)] {
        out.str("  ").str(who).str(": ");
        if moves.is_empty() {
            out.str("none");
        }
        for (i, m) in moves.iter().enumerate() {
            let parts: Vec<String> = m.parts.iter().map(|p| format_position(p, a)).collect();
            let text = if parts.is_empty() { "()".to_string() } else { parts.join(" + ") };
            out.str(if i > 0 { "; " } else { "" }).str(&text).str(" (").str(&m.value).str(")");
        }
        out.nl();
    }
}

fn cell_text(c: &Cell, style: Style) -> &str {
    if style.outcomes { c.outcome.letter() } else { &c.value }
}

fn list(r: &Report, style: Style, out: &mut Out) {
    out.str(if style.outcomes { "position outcome" } else { "position value outcome" }).nl();
    let a = r.space.arity();
    for (i, c) in r.cells.iter().enumerate() {
        out.str(&format_position(&r.space.position(i), a));
        if !style.outcomes {
            out.byte(b' ').str(&c.value);
        }
        out.byte(b' ').str(c.outcome.letter()).nl();
    }
}

/// Axis names: `a`, `b`, ... (as in the impartial tables).
fn axis_name(axis: usize) -> String {
    char::from(b'a' + (axis as u8 % 26)).to_string()
}

/// Two varying coordinates: rows of the first, columns of the second.
fn grid(r: &Report, style: Style, out: &mut Out) {
    let free = r.space.free_axes();
    let (ra, ca) = (free[0], free[1]);
    let cols = r.space.width(ca) as usize;
    let width = r.cells.iter().map(|c| cell_text(c, style).len()).max().unwrap_or(1);
    let width = width.max(r.space.hi[ca].to_string().len());
    let head = format!("{}\\{}", axis_name(ra), axis_name(ca));
    let label = head.len().max(r.space.hi[ra].to_string().len());
    let what = if style.outcomes { "outcomes (L, R, N, P)" } else { "values" };
    out.str(what)
        .str(&format!(
            ", rows {} = {}..{}, columns {} = {}..{}",
            axis_name(ra),
            r.space.lo[ra],
            r.space.hi[ra],
            axis_name(ca),
            r.space.lo[ca],
            r.space.hi[ca]
        ))
        .nl();
    pad(out, &head, label);
    for b in r.space.lo[ca]..=r.space.hi[ca] {
        out.byte(b' ');
        pad(out, &b.to_string(), width);
    }
    out.nl();
    for (i, row) in r.cells.chunks(cols.max(1)).enumerate() {
        pad(out, &(r.space.lo[ra] + i as u64).to_string(), label);
        for c in row {
            out.byte(b' ');
            pad(out, cell_text(c, style), width);
        }
        out.nl();
    }
}

/// `s` right-aligned in `width` columns.
fn pad(out: &mut Out, s: &str, width: usize) {
    for _ in s.len()..width {
        out.byte(b' ');
    }
    out.str(s);
}

/// How many box positions are in each class, and have each value.
pub struct Tally {
    pub classes: Vec<(&'static str, usize)>,
    pub values: Vec<(String, usize)>,
}

/// `--count`: how many box positions are L, R, N, P, and how many have each value (numbers in
/// increasing order, then the other values in the order of their text).
pub fn tally(r: &Report) -> Tally {
    let mut classes = vec![("L", 0), ("R", 0), ("N", 0), ("P", 0)];
    let mut numbers: std::collections::BTreeMap<crate::explore::partizan_num::Small, usize> =
        Default::default();
    let mut others: std::collections::BTreeMap<&str, usize> = Default::default();
    for c in &r.cells {
        let k = ["L", "R", "N", "P"].iter().position(|&l| l == c.outcome.letter()).unwrap_or(3);
        classes[k].1 += 1;
        match c.number {
            Some(x) => *numbers.entry(x).or_default() += 1,
            None => *others.entry(c.value.as_str()).or_default() += 1,
        }
    }
    let mut values: Vec<(String, usize)> =
        numbers.into_iter().map(|(x, n)| (x.to_string(), n)).collect();
    values.extend(others.into_iter().map(|(s, n)| (s.to_string(), n)));
    Tally { classes, values }
}

/// The tally as text: `positions N`, one line per class, then `value V COUNT` lines.
pub fn tally_text(r: &Report, out: &mut Out) {
    let Tally { classes, values } = tally(r);
    out.str("positions ").int(r.cells.len()).nl();
    for (c, n) in classes {
        out.str(c).byte(b' ').int(n).nl();
    }
    for (v, n) in values {
        out.str("value ").str(&v).byte(b' ').int(n).nl();
    }
}

//! The answers of `games explore --partizan` and how they are printed: the box (a list, or a
//! grid when two coordinates vary; values or, with `--outcomes`, the classes L/R/N/P), the
//! "all numbers?" verdict, the `--at` answers (a sum's value is the sum of its parts' values),
//! each player's winning moves (`--winning`: a Left move to `GL` wins when `GL >= 0`, that is
//! GL's outcome is L or P; a Right move when `GR <= 0`), the tally of `--count`, and the JSON
//! object. A far position that failed keeps its place with its error.
pub mod json;

use crate::explore::partizan::{Asked, Explored, Graph, Sides, find, value_of_sum};
use crate::explore::partizan_num::{Small, Val};
use crate::explore::partizan_pattern::{Formula, search};
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
}

/// A value and its outcome class; `conjecture` when it comes from the box's pattern (the
/// position was beyond what could be explored), not from the game.
pub struct Answer {
    pub value: String,
    pub outcome: Outcome,
    pub conjecture: bool,
}

/// A position asked with `--at` and its answer (or why there is none).
pub struct AtEntry {
    pub asked: Asked,
    pub answer: Result<Answer, String>,
}

/// The formula the box's numbers follow, or the position that refutes it.
pub struct Found {
    pub formula: Formula,
    /// A position explored beyond the box whose value the formula gets wrong.
    pub refuted: Option<String>,
}

/// The whole report.
pub struct Report {
    pub space: Space,
    pub cells: Vec<Cell>,
    pub first_non_number: Option<NonNumber>,
    pub pattern: Option<Found>,
    pub at: Vec<AtEntry>,
    pub winning: Vec<(Coords, Result<Win, String>)>,
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

/// The report of an exploration (`far_errors` in the order of [`far_of`]).
pub fn build(
    ex: &mut Explored,
    at: &[Asked],
    winning: &[Coords],
    space: &Space,
) -> Result<Report, String> {
    let g = &mut ex.graph;
    let mut report = Report {
        space: space.clone(),
        cells: Vec::with_capacity(space.cells()),
        first_non_number: None,
        pattern: None,
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
    let numbers: Vec<Option<Small>> = report.cells.iter().map(|c| c.number).collect();
    report.pattern = crate::explore::pattern::search_on()
        .then(|| search(space, &numbers))
        .flatten()
        .map(|formula| Found { formula, refuted: None });
    let errors = &ex.far_errors;
    refute_by_rule(&mut report, g, &ex.far_sides, at, errors);
    for (i, a) in at.iter().enumerate() {
        let answer = match &errors[i] {
            Some(e) => conjecture(&mut report, g, &ex.far_sides, a, e),
            None => value_of_sum(g, a).and_then(|v| {
                let value = g.values.show(v).map_err(budget)?;
                refute(&mut report, a, g.values.small(v), space);
                Ok(Answer { value, outcome: g.values.outcome(v), conjecture: false })
            }),
        };
        report.at.push(AtEntry { asked: a.clone(), answer });
    }
    for (j, p) in winning.iter().enumerate() {
        let answer = match &errors[at.len() + j] {
            Some(e) => Err(e.clone()),
            None => win(g, p),
        };
        report.winning.push((*p, answer));
    }
    Ok(report)
}

/// Errors that only say the position was too far to explore (a budget, the output cap, the
/// deadline), which a pattern may answer instead.
fn too_far(e: &str) -> bool {
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

/// The options listed of the far positions the pattern may answer ([`Explored::far_sides`]).
type FarSides = std::collections::HashMap<Coords, Result<Sides, String>>;

/// The partizan rule at a far position the pattern answers: the value `{GL | GR}` of its
/// options (each valued by the exploration when it has a value, else by the pattern) against
/// the pattern's value there.
enum Rule {
    Holds,
    /// It could not be checked: why.
    Unknown(String),
    /// It fails: what the options give.
    Fails(String),
}

/// Checks the rule at `p` for pattern `f` (whose value there is `said`).
fn rule_at(g: &mut Graph, f: &Formula, sides: &FarSides, p: &Coords, said: Small) -> Rule {
    let arity = g.space_arity();
    let size = |q: &Coords| q[..arity].iter().map(|&x| u128::from(x)).sum::<u128>();
    let sides = match sides.get(p) {
        Some(Ok(s)) => s,
        Some(Err(why)) => return Rule::Unknown(why.clone()),
        None => return Rule::Unknown("its options were not listed".into()),
    };
    let mut vals: [Vec<Val>; 2] = [Vec::new(), Vec::new()];
    for (k, side) in [&sides.left, &sides.right].into_iter().enumerate() {
        for opt in side {
            let mut v = Val::Num(Small::int(0));
            for q in opt.iter().flatten() {
                let x = match find(g, q).and_then(|i| g.val[i as usize]) {
                    Some(x) => x,
                    // A move that goes up to a position nothing explored: the game may not end
                    // there, and the pattern's value of it is no evidence.
                    None if size(q) > size(p) => {
                        return Rule::Unknown(format!(
                            "its option '{}' lies above it and beyond everything explored (a game whose moves go up need not end there)",
                            format_position(q, arity)
                        ));
                    }
                    None => match f.at(&q[..arity]) {
                        Some(x) => Val::Num(x),
                        None => {
                            return Rule::Unknown(format!(
                                "no value is known for its option '{}'",
                                format_position(q, arity)
                            ));
                        }
                    },
                };
                v = match g.values.add(v, x) {
                    Ok(v) => v,
                    Err(e) => return Rule::Unknown(budget(e)),
                };
            }
            vals[k].push(v);
        }
    }
    let v = match g.values.form(&vals[0], &vals[1]) {
        Ok(v) => v,
        Err(e) => return Rule::Unknown(budget(e)),
    };
    if g.values.small(v) == Some(said) {
        return Rule::Holds;
    }
    let mut shown = g.values.show(v).unwrap_or_else(|_| "a larger value".into());
    if shown.len() > 200 {
        shown = format!("{}...", &shown[..shown.floor_char_boundary(200)]);
    }
    Rule::Fails(format!("its options give {shown} by the partizan rule"))
}

/// The value pattern `f` gives a far part `p` that has no value of its own, if it gives one.
fn unexplored(g: &Graph, f: &Formula, p: &Coords) -> Option<Option<Small>> {
    let explored = find(g, p).is_some_and(|v| g.val[v as usize].is_some());
    (!explored).then(|| f.at(&p[..g.space_arity()]))
}

/// Before any far answer comes from the pattern: the rule at every far part it would answer;
/// one that fails refutes the pattern for the run (no far answer from it).
fn refute_by_rule(
    r: &mut Report,
    g: &mut Graph,
    sides: &FarSides,
    at: &[Asked],
    errors: &[Option<String>],
) {
    let Some(f) = r.pattern.as_ref().filter(|f| f.refuted.is_none()) else { return };
    let formula = f.formula.clone();
    for (a, e) in at.iter().zip(errors) {
        if !e.as_deref().is_some_and(too_far) {
            continue;
        }
        for p in a.iter().flatten() {
            let Some(Some(said)) = unexplored(g, &formula, p) else { continue };
            if let Rule::Fails(why) = rule_at(g, &formula, sides, p, said) {
                let shown = format_position(p, g.space_arity());
                if let Some(f) = r.pattern.as_mut() {
                    f.refuted = Some(format!("{shown} (the pattern says {said}, but {why})"));
                }
                return;
            }
        }
    }
}

/// A far position that could not be explored: the pattern's value, labelled a conjecture,
/// when there is a pattern not refuted, the failure was only the distance, and the partizan
/// rule holds at each part the pattern answers (its options listed and valued); else `Err`
/// with why not.
fn conjecture(
    r: &mut Report,
    g: &mut Graph,
    sides: &FarSides,
    a: &Asked,
    e: &str,
) -> Result<Answer, String> {
    if !too_far(e) {
        return Err(e.to_string());
    }
    let Some(f) = r.pattern.as_ref() else { return Err(e.to_string()) };
    if let Some(p) = &f.refuted {
        return Err(format!("{e}; unknown: the box's pattern is refuted at {p}"));
    }
    let formula = f.formula.clone();
    let mut total = Val::Num(Small::int(0));
    for p in a.iter().flatten() {
        let x = match unexplored(g, &formula, p) {
            None => find(g, p).and_then(|v| g.val[v as usize]).ok_or_else(|| e.to_string())?,
            Some(None) => return Err(e.to_string()),
            Some(Some(said)) => match rule_at(g, &formula, sides, p, said) {
                Rule::Holds => Val::Num(said),
                Rule::Unknown(why) | Rule::Fails(why) => {
                    let shown = format_position(p, g.space_arity());
                    return Err(format!(
                        "{e}; unknown: the box's pattern gives {said} at '{shown}', but the partizan rule could not be checked there: {why}"
                    ));
                }
            },
        };
        total = g.values.add(total, x).map_err(budget)?;
    }
    let value = g.values.show(total).map_err(budget)?;
    Ok(Answer { value, outcome: g.values.outcome(total), conjecture: true })
}

/// A position explored beyond the box: the pattern must give its value, or it is refuted.
fn refute(r: &mut Report, a: &Asked, v: Option<Small>, space: &Space) {
    let [Some(p)] = a.as_slice() else { return };
    let Some(f) = r.pattern.as_mut().filter(|f| f.refuted.is_none()) else { return };
    if !space.contains(&p[..space.arity()]) && f.formula.at(&p[..space.arity()]) != v {
        f.refuted = Some(format_position(p, space.arity()));
    }
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
    if let Some(f) = &r.pattern {
        out.str("pattern: ").str(&f.formula.text());
        match &f.refuted {
            None => out.str(&format!(
                " (checked on the {} positions of the box; beyond it a conjecture)",
                f.formula.checked
            )),
            Some(p) => out.str(&format!(" fits the box but not position {p}: no conjecture")),
        };
        out.nl();
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
            Err(_) => out.str(": error (said on standard error)").nl(),
        };
    }
    for (p, answer) in &r.winning {
        winning_text(&format_position(p, a), answer, a, out);
    }
}

fn winning_text(pos: &str, answer: &Result<Win, String>, a: usize, out: &mut Out) {
    let w = match answer {
        Ok(w) => w,
        Err(_) => {
            out.str("winning ").str(pos).str(": error (said on standard error)").nl();
            return;
        }
    };
    out.str("winning ")
        .str(pos)
        .str(": value ")
        .str(&w.value)
        .str(", outcome ")
        .str(w.outcome.letter())
        .nl();
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

//! Patterns: formulas that reproduce a table, found by small detectors that share one
//! interface, and checked here against every entry before anything is reported.
//!
//! A detector ([`Detector`]) looks at a [`Table`] and proposes candidate [`Formula`]s of one
//! family (periods, intervals, arithmetic functions, Beatty pairs, nim-sums, ...). It may be
//! sloppy: [`find`] keeps a candidate only if it predicts every decided entry it covers, and
//! at least [`MIN_EVIDENCE`] of them, so a pattern is never reported on an entry it gets wrong.
//! Candidates are ranked proved first, then by [`Formula::cost`] (shorter formulas first).
//!
//! *Observed* versus *proved*. A table computed from a black-box moves program proves nothing
//! beyond the box: whether two programs describe the same game is undecidable in general
//! (Larsson and Wästlund, "From heaps of matches to the limits of computability", 2013), so a
//! pattern seen on the box is reported as observed, with the number of entries it was checked
//! on. Only a formula that carries a theorem whose conditions were checked
//! ([`Formula::proof`]; the `games sg` certificates of built-in rules, Wythoff's theorem for
//! the built-in game) is reported as proved.

pub mod beatty;
pub mod coins;
pub mod digits;
pub mod digitwise;
pub mod euclid;
pub mod excepted;
pub mod floor;
pub mod grammar;
pub mod intervals;
pub mod lift;
pub mod param;
pub mod partizan;
pub mod period;
pub mod plane;
pub mod relation;
pub mod selfsimilar;
pub mod sorted;

use super::space::{Coords, MAX_ARITY};
use super::table::{LOOPY, NO_VALUE, Table};

/// A pattern needs at least this many entries of the table behind it.
pub const MIN_EVIDENCE: usize = 8;

/// What a formula predicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Covers {
    /// The Grundy value (and so the outcome) of each position.
    Values,
    /// Only whether a position is P (the outcome; the value 0 of a P-position).
    Outcomes,
}

/// A prediction at one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Answer {
    /// The Grundy value, if the formula gives it.
    pub value: Option<u64>,
    /// `P`, `N` or `D`.
    pub outcome: u8,
}

impl Answer {
    /// The answer for a Grundy value (normal play: 0 is P).
    pub fn of_value(v: u64) -> Answer {
        Answer { value: Some(v), outcome: if v == 0 { b'P' } else { b'N' } }
    }

    /// The answer of an outcome-only formula: P (value 0 in normal play) or not P.
    pub fn of_p(is_p: bool, misere: bool) -> Answer {
        Answer::of_letter(if is_p { b'P' } else { b'N' }, misere)
    }

    /// The answer of an outcome letter (`P`, `N` or `D`; P has the value 0 in normal play).
    pub fn of_letter(c: u8, misere: bool) -> Answer {
        Answer { value: (c == b'P' && !misere).then_some(0), outcome: c }
    }
}

/// A formula of one family, with its texts. `at` must be exact for any position (coordinates
/// up to 2^63 - 1): integer arithmetic only, `None` where it would overflow or where the
/// formula says nothing (off its line, below its start).
pub trait Formula {
    /// The family, as listed in the help (`period`, `intervals`, `nim-sum`, ...).
    fn family(&self) -> &'static str;
    /// The pattern in words.
    fn words(&self) -> String;
    /// C++ a contestant can paste (an expression or a small function; coordinates named as
    /// [`var`] says).
    fn cpp(&self) -> String;
    /// The same in Python.
    fn python(&self) -> String;
    /// Values or outcomes only.
    fn covers(&self) -> Covers;
    /// The prediction at `p` (its first `arity` coordinates count).
    fn at(&self, p: &[u64]) -> Option<Answer>;
    /// The formula's size (shorter formulas are preferred); roughly its number of constants.
    fn cost(&self) -> u64;
    /// The theorem that proves it for every position it covers, with the conditions checked;
    /// `None` (observed only) for anything read off a table.
    fn proof(&self) -> Option<String> {
        None
    }
    /// Where it speaks: everywhere, or one line only (the check then walks that line alone).
    fn domain(&self) -> Domain {
        Domain::All
    }
    /// Does it list cells it does not explain (exceptions, or a preperiod holding a value its
    /// period never takes)? Such a pattern leaves room for the grammar search.
    fn lists_exceptions(&self) -> bool {
        false
    }
    /// Does it grow by a saltus over a period longer than one (a rational slope s/p)? A
    /// Beatty sequence floor(n·α) of an irrational α shows such a period on any box, with
    /// s/p a convergent of α, and parts from it further on: such a pattern leaves room for
    /// the grammar search, whose `floor(n·α)` then competes with it far away.
    fn rational_slope(&self) -> bool {
        false
    }
    /// Is it seen on less evidence than its family's strict rule (a period on fewer than
    /// `2 n0 + 3 p` entries, [`period::enough`])? Such a pattern leaves room for the grammar
    /// search and is dropped where another pattern of the whole table explains the box.
    fn weak_evidence(&self) -> bool {
        false
    }
    /// The same formula on the parallel line through `base` (line formulas only): the test
    /// of the edge rule, whether an interior line shares a boundary line's pattern.
    fn moved(&self, base: Coords) -> Option<Box<dyn Formula>> {
        let _ = base;
        None
    }
    /// Why it says nothing at `p` although it speaks on `p`'s line or plane: `p` lies below
    /// the lower corner of the box it was observed on ([`floor::Floored`]).
    fn below_floor(&self, p: &[u64]) -> Option<String> {
        let _ = p;
        None
    }
}

/// The positions a formula covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Domain {
    /// Every position (of the box's line or plane, for a box with fixed coordinates).
    All,
    /// The line through `base` along coordinate `axis`.
    Line { axis: usize, base: Coords },
}

/// A detector: candidates of one family for a table.
pub type Detector = fn(&Table) -> Vec<Box<dyn Formula>>;

/// Every detector, in the order their families are listed in the help.
pub const DETECTORS: &[(&str, Detector)] = &[
    ("period", period::detect),
    ("intervals", intervals::detect),
    ("beatty", beatty::detect),
    ("rows", plane::rows),
    ("nim-sum", plane::nim_sum),
    ("exceptions", excepted::detect),
    ("digits", digits::detect),
    ("digit-wise", digitwise::detect),
    ("coins", coins::detect),
    ("lines", relation::detect),
    ("param", param::detect),
    ("lift", lift::detect),
    ("grammar", grammar::detect),
];

/// How sure a reported pattern is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Basis {
    /// A theorem whose conditions were checked (its name and conditions).
    Proved(String),
    /// Seen on this many entries of the box, nothing more.
    Observed { entries: usize },
}

impl Basis {
    /// The label printed beside an answer.
    pub fn label(&self) -> String {
        match self {
            Basis::Proved(t) => format!("proved: {t}"),
            Basis::Observed { entries } => {
                format!("conjecture: pattern observed on {entries} entries of the box")
            }
        }
    }
}

/// A formula that reproduces the table, and how sure it is.
pub struct Pattern {
    pub formula: Box<dyn Formula>,
    pub basis: Basis,
    /// Why it must not answer beyond the box (the edge rule, [`edge_rule`]), if so.
    pub edge: Option<String>,
}

impl Pattern {
    /// A pattern of one line of a larger table (a row or a column), not of the whole table.
    pub fn is_line(&self) -> bool {
        matches!(self.formula.domain(), Domain::Line { .. })
    }
}

/// The edge rule. A pattern of one line found on the box's boundary line (the last line of a
/// perpendicular coordinate, or its first where that is not 0, the game's own edge) has no
/// neighbour outside the box to compare with: what makes that line special may be the box
/// itself. Such a pattern answers beyond the box only if the neighbouring interior line shows
/// the same formula; otherwise the reason is returned and it answers nothing outside the box.
/// A box too thin to have an interior line (a sliver) gives no line pattern far answers.
pub fn edge_rule(t: &Table, f: &dyn Formula) -> Option<String> {
    let Domain::Line { axis, base } = f.domain() else { return None };
    let arity = t.space.arity();
    for o in t.space.free_axes() {
        if o == axis {
            continue;
        }
        let (lo, hi, x) = (t.space.lo[o], t.space.hi[o], base[o]);
        let inward = if x == hi {
            x - 1
        } else if x == lo && lo > 0 {
            x + 1
        } else {
            continue;
        };
        let name = var(arity, o);
        if hi - lo < 2 {
            return Some(format!(
                "read off the boundary line {name} = {x} of a box only {} wide in {name}, \
                 with no interior line to confirm it (try a wider box)",
                hi - lo + 1
            ));
        }
        let mut inner = base;
        inner[o] = inward;
        let shared = f.moved(inner).is_some_and(|g| verify(t, g.as_ref()).is_some());
        if !shared {
            return Some(format!(
                "read off the box's boundary line {name} = {x}, which the interior line \
                 {name} = {inward} does not share: not used beyond the box"
            ));
        }
    }
    None
}

/// Checks a formula against every decided entry it covers: `Some(entries)` when it predicts
/// all of them (and covers at least [`MIN_EVIDENCE`]), `None` at the first wrong prediction.
pub fn verify(t: &Table, f: &dyn Formula) -> Option<usize> {
    verify_at_least(t, f, MIN_EVIDENCE)
}

/// [`verify`] with the evidence asked given: a theorem (a formula with a proof) needs none,
/// only no disagreement with the box, since its proof does not rest on the box.
fn verify_at_least(t: &Table, f: &dyn Formula, min: usize) -> Option<usize> {
    let mut covered = 0usize;
    let cells: Box<dyn Iterator<Item = usize>> = match f.domain() {
        Domain::All => Box::new(0..t.cells()),
        Domain::Line { axis, base } => {
            let mut p = base;
            let (lo, hi) = (t.space.lo[axis], t.space.hi[axis]);
            p[axis] = lo;
            match t.space.index(&p) {
                None => Box::new(0..0),
                Some(first) => {
                    let stride: usize =
                        (axis + 1..t.space.arity()).map(|a| t.space.width(a) as usize).product();
                    Box::new((0..=(hi - lo) as usize).map(move |i| first + i * stride))
                }
            }
        }
    };
    for cell in cells {
        let p = t.position(cell);
        let Some(ans) = f.at(&p) else { continue };
        let seen = t.outcome[cell];
        if seen == b'?' {
            continue;
        }
        // A formula of the values may give only the outcome at a cell (a part that says
        // nothing there): the outcome is checked.
        match (f.covers(), ans.value) {
            (Covers::Values, Some(v)) => {
                let g = t.grundy[cell];
                if g == NO_VALUE || g == LOOPY || v != g as u64 {
                    return None;
                }
            }
            _ => {
                if ans.outcome != seen {
                    return None;
                }
            }
        }
        covered += 1;
    }
    (covered >= min).then_some(covered)
}

/// Every pattern of the table: the detectors' candidates and `extra` (a built-in game's
/// theorems), each verified on the table; proved first, then the shortest, one per text.
pub fn find(t: &Table, extra: Vec<Box<dyn Formula>>) -> Vec<Pattern> {
    let mut found: Vec<Pattern> = Vec::new();
    keep_verified(t, extra, &mut found);
    if !search_on() {
        return found;
    }
    let timing = std::env::var_os("GAMES_EXPLORE_TIMING").is_some();
    for (name, detect) in DETECTORS {
        if *name == "grammar" {
            continue;
        }
        let clock = std::time::Instant::now();
        keep_verified(t, detect(t), &mut found);
        if timing {
            let ms = clock.elapsed().as_secs_f64() * 1e3;
            eprintln!("explore timing: detector {name} on {} cells: {ms:.2} ms", t.cells());
        }
    }
    // The grammar search (up to its budget) only where the families left the table without
    // a whole-table pattern of what it shows (values, else outcomes); a rule with a list of
    // exceptional cells does not count: the list says nothing of where the exceptions go on;
    // nor does a rational slope (an arithmetic period of length 2 or more): it may be a
    // convergent of an irrational slope that the grammar's floor formulas say.
    let want = if t.all_finite() { Covers::Values } else { Covers::Outcomes };
    let covered = found
        .iter()
        .any(|p| whole_of(p, want) && !p.formula.rational_slope() && !p.formula.weak_evidence());
    // Self-similar rules (of a line, and Euclid's steps in a plane) always (cheap; where
    // another family or the grammar also fits they compete far away); they do not hold the
    // grammar back.
    keep_verified(t, selfsimilar::detect(t), &mut found);
    keep_verified(t, euclid::detect(t), &mut found);
    if !covered {
        keep_verified(t, grammar::detect(t), &mut found);
        // Where the grammar found nothing on a symmetric table: its formulas of the sorted
        // coordinates (the least heap, the largest, how many equal the least); of the values
        // only, where a formula of the outcomes is known.
        if !found.iter().any(|p| whole_of(p, want)) {
            let outcomes = !found.iter().any(|p| whole_of(p, Covers::Outcomes));
            keep_verified(t, sorted::detect(t, outcomes), &mut found);
        }
    }
    drop_weak(&mut found);
    // Proved first, then patterns of the whole table before those of one line, shortest first.
    found.sort_by_key(|p| (!matches!(p.basis, Basis::Proved(_)), p.is_line(), p.formula.cost()));
    found
}

/// Patterns seen on weak evidence ([`Formula::weak_evidence`]) where another pattern of the
/// whole table (no list of exceptions, no weak evidence) explains what they explain: the
/// box is explained, and the weak one would only compete far away.
fn drop_weak(found: &mut Vec<Pattern>) {
    let explained = |what: Covers| {
        found.iter().any(|p| {
            !p.is_line()
                && !p.formula.weak_evidence()
                && !p.formula.lists_exceptions()
                && (p.formula.covers() == Covers::Values || p.formula.covers() == what)
        })
    };
    let (values, outcomes) = (explained(Covers::Values), explained(Covers::Outcomes));
    found.retain(|p| {
        !p.formula.weak_evidence()
            || !match p.formula.covers() {
                Covers::Values => values,
                Covers::Outcomes => outcomes,
            }
    });
}

/// Does `p` explain the whole table's `want` (values, else outcomes), without a list of
/// exceptional cells?
fn whole_of(p: &Pattern, want: Covers) -> bool {
    !p.is_line()
        && !p.formula.lists_exceptions()
        && (p.formula.covers() == want || p.formula.covers() == Covers::Values)
}

/// Is the pattern search on in this process (`explore --patterns 0` turns it off)?
static SEARCH: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Turns the pattern search of every later [`find`] in this process on or off (`explore
/// --patterns 0`: off; the formulas given to [`find`], a game's theorems, are still checked).
pub fn set_search(on: bool) {
    SEARCH.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// Is the pattern search on ([`set_search`])?
pub fn search_on() -> bool {
    SEARCH.load(std::sync::atomic::Ordering::Relaxed)
}

/// The note of a report whose pattern search was turned off.
pub const SEARCH_OFF: &str =
    "pattern search off (--patterns 0): beyond the box only the game's theorems answer";

/// The best formula of a table's values that covers the whole table (not one line), if any:
/// the part a family builds from a smaller table (a sum's edge, the weights of `coins`' digits,
/// `lift`'s blocks).
pub fn values_formula(t: &Table) -> Option<Box<dyn Formula>> {
    find(t, Vec::new())
        .into_iter()
        .find(|p| !p.is_line() && p.formula.covers() == Covers::Values)
        .map(|p| p.formula)
}

/// Adds the candidates that reproduce every entry they cover (one per text; the texts of those
/// already found are hashed once a call, not compared pairwise: a big plane has thousands of
/// line patterns).
fn keep_verified(t: &Table, candidates: Vec<Box<dyn Formula>>, found: &mut Vec<Pattern>) {
    if candidates.is_empty() {
        return;
    }
    let mut seen: std::collections::HashSet<String> =
        found.iter().map(|p| p.formula.words()).collect();
    // A theorem of the whole table (a built-in game's) says all its family's observed
    // patterns of the same kind say, and more: they are not repeated beside it.
    let proved: Vec<(&str, Covers)> = found
        .iter()
        .filter(|p| matches!(p.basis, Basis::Proved(_)) && !p.is_line())
        .map(|p| (p.formula.family(), p.formula.covers()))
        .collect();
    let mut kept: Vec<Pattern> = Vec::new();
    for f in candidates {
        if t.misere && f.covers() == Covers::Values {
            continue;
        }
        let same = (f.family(), f.covers());
        if f.proof().is_none() && f.domain() == Domain::All && proved.contains(&same) {
            continue;
        }
        let min = if f.proof().is_some() { 0 } else { MIN_EVIDENCE };
        let Some(entries) = verify_at_least(t, f.as_ref(), min) else { continue };
        if !seen.insert(f.words()) {
            continue;
        }
        let basis = match f.proof() {
            Some(theorem) => Basis::Proved(theorem),
            None => Basis::Observed { entries },
        };
        let edge = edge_rule(t, f.as_ref());
        kept.push(Pattern { formula: f, basis, edge });
    }
    found.extend(kept);
}

/// What the user should know about the patterns found: only the outcomes follow a pattern,
/// or a wider box would likely show one (a period seen repeating, but on too few entries for
/// the evidence rule), with the box to try.
pub fn hints(t: &Table, found: &[Pattern]) -> Vec<String> {
    let mut out = Vec::new();
    let whole: Vec<&Pattern> = found.iter().filter(|p| !p.is_line()).collect();
    let values = whole.iter().any(|p| p.formula.covers() == Covers::Values);
    if t.all_finite() && !values && !whole.is_empty() {
        out.push(format!(
            "only the outcomes follow a pattern found; no formula for the values (a wider box, \
             such as --box {}, may show one)",
            wider(t, None)
        ));
    }
    if !found.iter().any(|p| p.formula.family() == "beatty") {
        out.extend(beatty::hint(t));
    }
    if whole.is_empty() {
        let need = line(t).and_then(|l| {
            let outcomes = !t.all_finite();
            let seq = period::sequence(&l.grundy, &l.outcome, outcomes)?;
            period::needed_length(&seq)
        });
        let why = match need {
            Some(_) => {
                "a period shows but repeats too few times for the evidence rule (3 n0 / 2 + \
                        3 p entries)"
            }
            None => "no pattern of the whole table was found",
        };
        out.push(format!("{why}; a wider box may help: try --box {}", wider(t, need)));
    }
    out
}

/// The box with every free coordinate's range doubled (or, for a line, at least `need` long).
fn wider(t: &Table, need: Option<u64>) -> String {
    let mut s = t.space.clone();
    for a in s.free_axes() {
        let w = s.width(a);
        let want = need.map_or(2 * w, |n| n.max(2 * w));
        s.hi[a] = s.lo[a].saturating_add(want - 1).min(super::space::MAX_COORD);
    }
    s.spec()
}

/// A formula's pasted code as a function `name` of `args` (C++, else Python): its function `G`
/// renamed, or, where the code only states `G = EXPR` in a comment (a nim-sum), that
/// expression wrapped in a function. For a family that uses another formula as a part.
pub fn as_function(code: &str, name: &str, args: &[&str], cpp: bool) -> String {
    let (def, new) =
        if cpp { (" G(", format!(" {name}(")) } else { ("def G(", format!("def {name}(")) };
    if code.contains(def) {
        return code.replacen(def, &new, 1);
    }
    let mark = if cpp { "// G = " } else { "# G = " };
    let Some(expr) = code.lines().rev().find_map(|l| l.trim().strip_prefix(mark)) else {
        return code.to_string();
    };
    let mut body = String::new();
    for l in code.lines().filter(|l| !l.trim().starts_with(mark) && !l.trim().is_empty()) {
        body.push_str(l);
        body.push('\n');
    }
    if cpp {
        let params: Vec<String> = args.iter().map(|a| format!("long long {a}")).collect();
        format!("{body}long long {name}({}) {{ return {expr}; }}\n", params.join(", "))
    } else {
        format!("{body}def {name}({}):\n    return {expr}\n", args.join(", "))
    }
}

/// The free coordinates of a table and its fixed ones: where a formula of the whole table
/// speaks (positions agreeing with the box on every fixed coordinate).
#[derive(Debug, Clone)]
pub struct Frame {
    pub arity: usize,
    pub free: Vec<usize>,
    pub fixed: Coords,
    /// The box's low and high ends on each free coordinate.
    pub lo: Vec<u64>,
    pub hi: Vec<u64>,
    pub misere: bool,
}

impl Frame {
    /// The frame of a table.
    pub fn of(t: &Table) -> Frame {
        let mut fixed = [0u64; MAX_ARITY];
        fixed[..t.space.arity()].copy_from_slice(&t.space.lo);
        let free = t.space.free_axes();
        Frame {
            arity: t.space.arity(),
            lo: free.iter().map(|&a| t.space.lo[a]).collect(),
            hi: free.iter().map(|&a| t.space.hi[a]).collect(),
            free,
            fixed,
            misere: t.misere,
        }
    }

    /// The free coordinates of `p`, if it lies on the table's line, plane or space.
    pub fn coords(&self, p: &[u64]) -> Option<Vec<u64>> {
        let on = (0..self.arity).all(|a| self.free.contains(&a) || p[a] == self.fixed[a]);
        on.then(|| self.free.iter().map(|&a| p[a]).collect())
    }

    /// The name of free coordinate `i`.
    pub fn name(&self, i: usize) -> &'static str {
        var(self.arity, self.free[i])
    }

    /// The names of the free coordinates, in order.
    pub fn names(&self) -> Vec<&'static str> {
        (0..self.free.len()).map(|i| self.name(i)).collect()
    }

    /// Is the cell with these free coordinates in the inner corner of the box (below the
    /// middle on every free coordinate)? Exceptions are allowed only there: the outer part
    /// of the box must follow the rule alone.
    pub fn inner(&self, x: &[u64]) -> bool {
        (0..x.len()).all(|i| x[i] - self.lo[i] < (self.hi[i] - self.lo[i]).div_ceil(2))
    }

    /// `(3, 5)` or `n = 3`: a cell named by its free coordinates.
    pub fn cell_words(&self, x: &[u64]) -> String {
        if x.len() == 1 {
            return format!("{} = {}", self.name(0), x[0]);
        }
        let parts: Vec<String> = x.iter().map(|v| v.to_string()).collect();
        format!("({})", parts.join(", "))
    }
}

/// The numbers `0..n` in a scattered order (a step coprime to `n`, near `0.618 n`): a check
/// that walks a table this way meets a counterexample early, wherever it lies.
pub fn scattered(n: usize) -> impl Iterator<Item = usize> {
    let mut step = (n as u128 * 618 / 1000) as usize | 1;
    while n > 1 && crate::theory::modular::gcd(step as u64, n as u64) != 1 {
        step += 1;
    }
    let step = if n <= 1 { 1 } else { step % n };
    (0..n).map(move |i| ((i as u128 * step as u128) % n.max(1) as u128) as usize)
}

/// `2k + 1`, `k - 1`, `3`: a linear form in words (`star`: with `*`).
pub fn linear(x: &str, a: i128, b: i128, star: bool) -> String {
    let ax = match a {
        0 => return b.to_string(),
        1 => x.to_string(),
        -1 => format!("-{x}"),
        a if star => format!("{a} * {x}"),
        a => format!("{a}{x}"),
    };
    match b {
        0 => ax,
        b if b > 0 => format!("{ax} + {b}"),
        b => format!("{ax} - {}", -b),
    }
}

/// The name of coordinate `axis` in formulas: `n` for a game of one coordinate, else `a`, `b`,
/// `c`, ... `p` (16 coordinates).
pub fn var(arity: usize, axis: usize) -> &'static str {
    const NAMES: [&str; 16] =
        ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p"];
    if arity == 1 { "n" } else { NAMES[axis.min(MAX_ARITY - 1).min(15)] }
}

/// A 1-D view of a table: the entries along its one free coordinate.
pub struct Line {
    /// The varying coordinate.
    pub axis: usize,
    /// Its first value in the box.
    pub start: u64,
    /// The fixed coordinates (the varying one set to `start`).
    pub base: Coords,
    /// Per entry: the Grundy value, [`LOOPY`] or [`NO_VALUE`].
    pub grundy: Vec<u32>,
    /// Per entry: the outcome letter.
    pub outcome: Vec<u8>,
}

impl Line {
    /// Is `p` on this line (every other coordinate as in `base`)? Then its index along it.
    pub fn offset(&self, p: &[u64], arity: usize) -> Option<u64> {
        let on = (0..arity).all(|a| a == self.axis || p[a] == self.base[a]);
        (on && p[self.axis] >= self.start).then(|| p[self.axis] - self.start)
    }
}

/// The table as a line, when exactly one coordinate varies.
pub fn line(t: &Table) -> Option<Line> {
    let free = t.space.free_axes();
    if free.len() != 1 {
        return None;
    }
    let axis = free[0];
    let mut base = [0u64; MAX_ARITY];
    base[..t.space.arity()].copy_from_slice(&t.space.lo);
    Some(Line {
        axis,
        start: t.space.lo[axis],
        base,
        grundy: t.grundy.clone(),
        outcome: t.outcome.clone(),
    })
}

/// The lines of a 2-D table (exactly two coordinates vary): for each value of the first free
/// coordinate, the row along the second. Returns the two axes and the rows.
pub fn rows(t: &Table) -> Option<(usize, usize, Vec<Line>)> {
    let free = t.space.free_axes();
    if free.len() != 2 {
        return None;
    }
    let (ax, bx) = (free[0], free[1]);
    let w = t.space.width(bx) as usize;
    let mut out = Vec::new();
    for (r, chunk) in t.grundy.chunks(w).enumerate() {
        let mut base = t.position(r * w);
        base[bx] = t.space.lo[bx];
        let outc = &t.outcome[r * w..r * w + w];
        out.push(Line {
            axis: bx,
            start: t.space.lo[bx],
            base,
            grundy: chunk.to_vec(),
            outcome: outc.to_vec(),
        });
    }
    Some((ax, bx, out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explore::space::Space;

    fn words(t: &Table) -> Vec<String> {
        find(t, Vec::new()).iter().map(|p| p.formula.words()).collect()
    }

    /// Planted patterns: found on the clean table, never on the table with one entry broken.
    #[test]
    fn a_broken_entry_is_never_reported_as_the_pattern() {
        // Period 7 (subtraction {1, 3, 4}), 1-D.
        let seq = [0u32, 1, 0, 1, 2, 3, 2];
        let clean: Vec<u32> = (0..70).map(|n| seq[n % 7]).collect();
        let t = Table::from_grundy(Space::from_ranges(&[(0, 69)]), clean.clone());
        assert!(words(&t)[0].contains("period 7"));
        for broken_at in [0usize, 33, 69] {
            let mut v = clean.clone();
            v[broken_at] ^= 5;
            let w = words(&Table::from_grundy(Space::from_ranges(&[(0, 69)]), v.clone()));
            assert!(
                w.iter().all(|w| !w.contains("n >= 0 (period 7;")),
                "broken at {broken_at}: {w:?}"
            );
            for p in
                find(&Table::from_grundy(Space::from_ranges(&[(0, 69)]), v.clone()), Vec::new())
            {
                let a = p.formula.at(&[broken_at as u64, 0, 0, 0]).expect("covers the line");
                match p.formula.covers() {
                    Covers::Values => assert_eq!(a.value, Some(v[broken_at] as u64)),
                    Covers::Outcomes => {
                        assert_eq!(a.outcome, if v[broken_at] == 0 { b'P' } else { b'N' })
                    }
                }
            }
        }
        // Nim-sum and nim product, 2-D.
        let nim: Vec<u32> = (0..256u32).map(|c| (c / 16) ^ (c % 16)).collect();
        let space = Space::from_ranges(&[(0, 15), (0, 15)]);
        assert!(
            words(&Table::from_grundy(space.clone(), nim.clone()))[0].starts_with("G = a XOR b")
        );
        let mut v = nim.clone();
        v[5 * 16 + 9] = 0;
        assert!(words(&Table::from_grundy(space.clone(), v)).iter().all(|w| !w.contains("XOR")));
        let prod: Vec<u32> = (0..256u64)
            .map(|c| crate::theory::nimber::nim_product(c / 16, c % 16) as u32)
            .collect();
        assert!(
            words(&Table::from_grundy(space.clone(), prod.clone()))
                .iter()
                .any(|w| w.starts_with("G = (a ⊗ b) (size 3;"))
        );
        let mut v = prod;
        v[7 * 16 + 7] ^= 1;
        assert!(
            words(&Table::from_grundy(space, v)).iter().all(|w| !w.starts_with("G = (a ⊗ b) ("))
        );
    }
}

//! Patterns in remoteness and score values (`--remoteness`, `--score`), and their answers
//! beyond the box, each checked against the game's own rule at the position asked.
//! Partizan numbers, times 2^E, use the same search ([`Partizan`]); their rule, with
//! both players' options, is checked by [`crate::explore::guard::partizan`]. Everything here is
//! written once over the kind of value ([`ValueKind`]): its rule, its encoding as integers, its
//! noun and its best moves are the kind's.
//!
//! **Patterns.** The box's values are put in a [`Table`] as if they were Grundy values and
//! handed to the pattern families of [`crate::explore::pattern`] (`find`): only formulas of the values
//! ([`Covers::Values`]) are kept, since an outcome-only formula there speaks of "value 0",
//! which means nothing for a remoteness or a score. Remotenesses are small nonnegative
//! integers and go in as they are. Scores are signed: when every value of the box lies in
//! `[-K, 2^32 - 3 - K]` for the least such `K >= 0` the table holds `value + K` and a formula
//! `G` found there gives `value = G - K` (said so in the words); otherwise no pattern is
//! searched, and the report says why. Drawn positions (no remoteness) are left undecided and
//! checked by nothing. A pattern must also reproduce every position explored past the box
//! (the options the moves program led to), or it is dropped. Whatever is found is observed,
//! never proved: no theorem of the families speaks of remoteness or scores.
//!
//! **The guard.** A pattern answers a position outside the explored region only after the
//! position's options were listed (by the moves program, or the built-in rule) and the game's
//! recursion was checked there ([`ValueKind::of_options`]), with the options' values taken
//! from the explored table where it has them and from the same pattern otherwise:
//! - remoteness ([`crate::theory::remoteness::of_options`]): 0 with no option; else 1 + the
//!   least remoteness of an option lost for its mover (win fast), if there is one; else 1 +
//!   the greatest (lose slow);
//! - score ([`crate::explore::score`]): the final gain of a line `= GAIN`, else the greatest
//!   `GAIN - value(OPTION)` over the options (0 with none, the option `()` worth 0).
//!
//! A pattern the rule refutes there is dropped for the rest of the run and the next one is
//! tried; when none is left the answer is `unknown`, naming the refutation. A passed check is
//! no proof (the options' values are the pattern's own), but a failed one is a certain
//! refutation.

use crate::explore::guard::{Listed, Lister};
pub use crate::explore::kind::partizan::value_kind::Partizan;
use crate::explore::kind::value_kind::{Encoding, Options, ValueKind};
pub use crate::explore::kind::value_kind::{Remoteness, Score};
use crate::explore::pattern::{self, Basis, Covers, Pattern};
use crate::explore::program::{Program, ProtocolError, Runner, Sink};
use crate::explore::space::{Coords, MAX_ARITY, Space, format_position};
use crate::explore::table::{NO_VALUE, Table};
use std::time::Duration;

/// Boxes larger than this are not searched for patterns (as in the impartial path).
pub const MAX_SEARCH_CELLS: usize = 1 << 22;

/// The most patterns listed in the text report.
pub const SHOWN: usize = 6;

/// The families whose formulas only copy values seen in the box to other positions (a
/// period, a periodic plane, periodic lines, a periodic table with listed exceptions or with
/// the members of a sequence as a class of their own): the only ones given values that are
/// codes ([`ValueKind::copies_only`]). An arithmetic-periodic line, a nim-sum, the grammar's
/// formulas and the others compute with the values and are never given codes.
pub const COPYING: &[&str] = &["periodic", "periodic-plane", "exceptions", "period+sequence"];

/// The detectors that propose the [`COPYING`] families.
const COPYING_DETECTORS: &[&str] = &["period", "rows", "exceptions"];

/// The patterns of a box of values.
pub struct Found {
    pub kind: Box<dyn ValueKind>,
    pub arity: usize,
    /// The box.
    pub space: Space,
    /// Verified on the box (and on the positions explored past it), best first.
    pub patterns: Vec<Pattern>,
    /// The table holds `sign * value + offset` ([`ValueKind::encoding`]).
    pub encoding: Encoding,
    /// Per pattern: why it was dropped during the run (a refutation at an asked position).
    pub refuted: Vec<Option<String>>,
    /// Per pattern: the far positions where [`Found::check`] saw the rule hold.
    pub held: Vec<usize>,
    /// Per pattern: the positions computed past the box that it covers (all agree).
    pub past: Vec<usize>,
    /// Why no pattern was searched, or what was dropped before the run.
    pub notes: Vec<String>,
}

/// One far answer.
#[derive(Debug, Clone)]
pub struct Far {
    /// The value (remoteness or score), if known.
    pub value: Option<i128>,
    /// `conjecture: ...; the game's rule holds here`, or `unknown: ...`.
    pub label: String,
    /// The game's rule was checked at the position and holds.
    pub checked: bool,
}

/// The options of one far position: each `(option, gain)` (`None`: the empty game `()`;
/// gain 0 for remoteness), and a final gain `= GAIN`.
#[derive(Debug, Clone, Default)]
pub struct FarOptions {
    pub options: Vec<(Option<Coords>, i64)>,
    pub terminal: Option<i64>,
}

/// A best option of a far position: the option (`None`: the empty game `()`), its gain (0 for
/// remoteness) and its value as the check read it.
#[derive(Debug, Clone, Copy)]
pub struct FarMove {
    pub option: Option<Coords>,
    pub gain: i64,
    pub value: i128,
}

/// The options of a far position, or why they are not known.
pub type Listing = Result<FarOptions, String>;

/// No pattern, nothing searched yet (for a box too large to search: [`skipped`]).
fn empty(kind: Box<dyn ValueKind>, space: &Space) -> Found {
    Found {
        kind,
        arity: space.arity(),
        space: space.clone(),
        patterns: Vec::new(),
        encoding: Encoding::PLAIN,
        refuted: Vec::new(),
        held: Vec::new(),
        past: Vec::new(),
        notes: vec![],
    }
}

/// No pattern searched on a box of more than [`MAX_SEARCH_CELLS`] positions, said so (the
/// caller need not build the values).
pub fn skipped(kind: impl ValueKind + 'static, space: &Space) -> Found {
    let mut found = empty(Box::new(kind), space);
    found.notes.push(format!(
        "pattern search skipped: the box has {} positions, more than 2^22",
        space.cells()
    ));
    found
}

/// The patterns of `values` (one per box cell, `None` for no value), checked also against
/// `past` (positions explored outside the box, with their values).
pub fn find(
    kind: impl ValueKind + 'static,
    space: &Space,
    values: &[Option<i128>],
    past: &[(Coords, i128)],
) -> Found {
    if values.len() > MAX_SEARCH_CELLS {
        return skipped(kind, space);
    }
    let mut found = empty(Box::new(kind), space);
    if !pattern::search_on() {
        found.notes.push(pattern::SEARCH_OFF.to_string());
        return found;
    }
    let encoding = match found.kind.encoding(values) {
        Ok(e) => e,
        Err(why) => {
            found.notes.push(why);
            return found;
        }
    };
    found.encoding = encoding;
    let grundy: Vec<u32> =
        values.iter().map(|v| v.map_or(NO_VALUE, |v| encoding.encode(v))).collect();
    let mut t = Table::from_grundy(space.clone(), grundy);
    for (c, v) in values.iter().enumerate() {
        if v.is_none() {
            t.outcome[c] = b'?';
        }
    }
    let mut dropped = 0usize;
    let patterns =
        if found.kind.copies_only() { copying(&t) } else { pattern::find(&t, Vec::new()) };
    for mut p in patterns {
        if p.formula.covers() != Covers::Values {
            continue;
        }
        let entries = pattern::verify(&t, p.formula.as_ref()).unwrap_or(0);
        p.basis = Basis::Observed { entries };
        let mut covered = 0usize;
        let wrong = past.iter().any(|(q, v)| {
            let Some(g) = p.formula.at(q).and_then(|a| a.value) else { return false };
            covered += 1;
            encoding.decode(g) != *v
        });
        if wrong {
            dropped += 1;
            continue;
        }
        found.patterns.push(p);
        found.past.push(covered);
    }
    if dropped > 0 {
        found.notes.push(format!(
            "{dropped} pattern(s) of the box dropped: the positions explored past the box refute them"
        ));
    }
    found.notes.extend(pattern::grammar::search::take_cap_note());
    found.refuted = vec![None; found.patterns.len()];
    found.held = vec![0; found.patterns.len()];
    pattern::floor::apply(&mut found.patterns, space);
    found
}

/// The patterns of `t` among the [`COPYING`] families alone, verified on the table, one per
/// text; a period seen on weak evidence only where no pattern of the whole table explains the
/// box; whole-table patterns first, then the shortest.
fn copying(t: &Table) -> Vec<Pattern> {
    let mut found: Vec<Pattern> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (name, detect) in pattern::DETECTORS {
        if !COPYING_DETECTORS.contains(name) {
            continue;
        }
        for f in detect(t) {
            if !COPYING.contains(&f.family()) || f.covers() != Covers::Values {
                continue;
            }
            let Some(entries) = pattern::verify(t, f.as_ref()) else { continue };
            if !seen.insert(f.words()) {
                continue;
            }
            let edge = pattern::edge_rule(t, f.as_ref());
            found.push(Pattern { formula: f, basis: Basis::Observed { entries }, edge });
        }
    }
    let whole =
        |p: &Pattern| !p.is_line() && !p.formula.weak_evidence() && !p.formula.lists_exceptions();
    if found.iter().any(whole) {
        found.retain(|p| !p.formula.weak_evidence());
    }
    found.sort_by_key(|p| (p.is_line(), p.formula.cost()));
    found
}

impl Found {
    /// The value pattern `i` gives at `p`.
    pub fn predict(&self, i: usize, p: &[u64]) -> Option<i128> {
        let g = self.patterns[i].formula.at(p)?.value?;
        Some(self.encoding.decode(g))
    }

    /// The words of pattern `i`, with the offset said.
    pub fn words(&self, i: usize) -> String {
        self.encoding.words(&self.patterns[i].formula.words(), &self.kind.scaled_noun())
    }

    /// The label of pattern `i`.
    pub fn label(&self, i: usize) -> String {
        let p = &self.patterns[i];
        let past = match self.past.get(i) {
            Some(&n) if n > 0 => format!("; the {n} positions computed past the box agree"),
            _ => String::new(),
        };
        format!("{} ({}){past}", p.basis.label(), p.formula.family())
    }

    /// The report lines: the patterns (or why there are none), the notes, the refutations.
    pub fn lines(&self) -> Vec<String> {
        let mut out: Vec<String> = self.notes.clone();
        let noun = self.kind.noun();
        let kept: Vec<usize> =
            (0..self.patterns.len()).filter(|&i| self.refuted[i].is_none()).collect();
        if self.patterns.is_empty() && self.notes.is_empty() {
            out.push(format!(
                "no pattern found: none of the families reproduces every {noun} of the box"
            ));
        } else if !kept.is_empty() {
            out.push(format!(
                "patterns of the {} (each reproduces every entry of the box it covers; a conjecture beyond it):",
                self.kind.nouns()
            ));
            for (k, &i) in kept.iter().enumerate().take(SHOWN) {
                out.push(format!(
                    "{}. [{}] {}; {}",
                    k + 1,
                    self.patterns[i].formula.family(),
                    self.words(i),
                    self.label(i)
                ));
                if let Some(why) = &self.patterns[i].edge {
                    out.push(format!("   not used beyond the box: {why}"));
                }
            }
        }
        if kept.len() > SHOWN {
            out.push(format!(
                "... and {} more (of single lines; --json lists them all)",
                kept.len() - SHOWN
            ));
        }
        for (i, r) in self.refuted.iter().enumerate() {
            if let Some(why) = r {
                out.push(format!(
                    "pattern dropped: [{}] {}: refuted {why}",
                    self.patterns[i].formula.family(),
                    self.patterns[i].formula.words()
                ));
            }
        }
        out
    }

    /// Far positions to check the patterns at before any answers: `k` for each pattern that
    /// covers some position of `asked` (every pattern: `None`; at most `4 k` in all), spread from 10^3 to 10^18 over
    /// what it covers (its line, or the box's free coordinates, the fixed ones as in the box),
    /// with varied residues.
    pub fn samples(&self, k: usize, asked: Option<&[Coords]>) -> Vec<Coords> {
        let mut out: Vec<Coords> = Vec::new();
        let arity = self.arity;
        let free = self.space.free_axes();
        for (i, pat) in self.patterns.iter().enumerate() {
            if self.refuted[i].is_some() || pat.edge.is_some() || out.len() >= 4 * k {
                continue;
            }
            if let Some(asked) = asked
                && !asked.iter().any(|p| pat.formula.at(&p[..arity]).is_some())
            {
                continue;
            }
            for j in 0..k {
                let e = 3.0 + 15.0 * j as f64 / (k.max(2) - 1) as f64;
                let n = (10f64.powf(e) as u64).min(crate::explore::space::MAX_COORD / 2) + j as u64;
                let mut p: Coords = [0; MAX_ARITY];
                p[..arity].copy_from_slice(&self.space.lo);
                match pat.formula.domain() {
                    pattern::Domain::Line { axis, base } => {
                        p[..arity].copy_from_slice(&base[..arity]);
                        p[axis] = n;
                    }
                    pattern::Domain::All => {
                        for (t, &a) in free.iter().enumerate() {
                            p[a] = n / (1 + (t as u64 * 7 + j as u64) % 5) + t as u64;
                        }
                    }
                }
                if pat.formula.at(&p[..arity]).is_some() && !out.contains(&p) {
                    out.push(p);
                }
            }
        }
        out
    }

    /// Checks every pattern not yet refuted that covers `p` against the game's rule there,
    /// dropping those it refutes (`what`: `asked` or `sampled`).
    pub fn check(
        &mut self,
        p: &Coords,
        listing: &Listing,
        known: &dyn Fn(&[u64]) -> Option<i128>,
        what: &str,
    ) {
        let Ok(opts) = listing else { return };
        let k = self.arity;
        for i in 0..self.patterns.len() {
            if self.refuted[i].is_some() || self.patterns[i].edge.is_some() {
                continue;
            }
            let Some(said) = self.predict(i, &p[..k]) else { continue };
            let Ok(rule) = self.rule(i, opts, known) else { continue };
            if rule == said {
                self.held[i] += 1;
            } else {
                self.refuted[i] = Some(format!(
                    "at the {what} position '{}': the pattern gives {} {said}, the game's rule gives {rule} from its {} option(s)",
                    format_position(p, k),
                    self.kind.noun(),
                    opts.options.len()
                ));
            }
        }
    }

    /// The answer at `p`, outside what was explored: the first pattern (not refuted, not held
    /// back by the edge rule) that covers `p` and whose prediction the game's rule confirms
    /// there (`listing`: `p`'s options), with `known` giving explored values (options outside
    /// take the pattern's own values, else those of the first other pattern covering them).
    pub fn answer(
        &mut self,
        p: &Coords,
        listing: &Listing,
        known: &dyn Fn(&[u64]) -> Option<i128>,
    ) -> Far {
        self.answer_with(p, listing, known).0
    }

    /// The best move at a far position `p` whose options are `listing`, for `--serve`: the
    /// value of `p` ([`Found::answer`], the rule checked there) and the option to play
    /// (`None`: no move; `Some(None)`: the empty game `()`), the first of [`Found::far_moves`].
    /// `Err`: why not (unknown, or the rule could not be checked there).
    pub fn far_move(
        &mut self,
        p: &Coords,
        listing: &Listing,
        known: &dyn Fn(&[u64]) -> Option<i128>,
    ) -> Result<(i128, Option<Option<Coords>>), String> {
        let (a, best) = self.far_moves(p, listing, known);
        match (a.value, a.checked) {
            (Some(v), true) => Ok((v, best.into_iter().next().map(|m| m.option))),
            _ => Err(a.label),
        }
    }

    /// The answer at a far position `p` whose options are `listing` ([`Found::answer`]) and,
    /// where the game's rule was checked there, every best option, valued as the check valued
    /// them: a fastest win, else a slowest loss (remoteness), or the best `GAIN - value`
    /// (scores). No option where the rule was not checked, or the position ends the game.
    pub fn far_moves(
        &mut self,
        p: &Coords,
        listing: &Listing,
        known: &dyn Fn(&[u64]) -> Option<i128>,
    ) -> (Far, Vec<FarMove>) {
        let (a, i) = self.answer_with(p, listing, known);
        let (Some(v), Some(i), true, Ok(opts)) = (a.value, i, a.checked, listing) else {
            return (a, Vec::new());
        };
        let k = self.arity;
        let val = |q: &Option<Coords>| match q {
            None => Some(0),
            Some(q) => known(&q[..k])
                .or_else(|| self.predict(i, &q[..k]))
                .or_else(|| self.other(i, &q[..k])),
        };
        let ends = opts.terminal.is_some();
        let best = |x: i128, gain: i64| self.kind.best(v, x, gain, ends);
        let moves = opts
            .options
            .iter()
            .filter_map(|(q, g)| {
                let x = val(q)?;
                best(x, *g).then_some(FarMove { option: *q, gain: *g, value: x })
            })
            .collect();
        (a, moves)
    }

    /// [`Found::answer`], with the pattern that answered.
    fn answer_with(
        &mut self,
        p: &Coords,
        listing: &Listing,
        known: &dyn Fn(&[u64]) -> Option<i128>,
    ) -> (Far, Option<usize>) {
        let k = self.arity;
        let shown = format_position(p, k);
        let mut edge: Option<String> = None;
        for i in 0..self.patterns.len() {
            if self.refuted[i].is_some() {
                continue;
            }
            let Some(said) = self.predict(i, &p[..k]) else { continue };
            if let Some(why) = &self.patterns[i].edge {
                edge.get_or_insert_with(|| why.clone());
                continue;
            }
            let label = self.label(i);
            let opts = match listing {
                Err(why) => {
                    let label = format!("{label}; not checked here: {why}");
                    return (Far { value: Some(said), label, checked: false }, Some(i));
                }
                Ok(o) => o,
            };
            // An option above it that nothing explored: play may not end (draws possible).
            let up = opts.options.iter().filter_map(|(q, _)| q.as_ref()).find(|q| {
                known(&q[..k]).is_none() && crate::explore::guard::above(&p[..k], &q[..k])
            });
            if let Some(q) = up {
                let label = crate::explore::guard::upward_words(&format_position(q, k));
                return (Far { value: None, label, checked: false }, None);
            }
            match self.rule(i, opts, known) {
                Err(why) => {
                    let label = format!("{label}; not checked here: {why}");
                    return (Far { value: Some(said), label, checked: false }, Some(i));
                }
                Ok(rule) if rule == said => {
                    let n = opts.options.len();
                    let more = match self.held[i].saturating_sub(1) {
                        0 => String::new(),
                        m => format!(" and at {m} other far position(s) checked"),
                    };
                    let label = format!(
                        "{label}; the game's rule holds here ({n} option{} checked){more}",
                        if n == 1 { "" } else { "s" }
                    );
                    return (Far { value: Some(said), label, checked: true }, Some(i));
                }
                Ok(rule) => {
                    let noun = self.kind.noun();
                    let why = format!(
                        "at '{shown}': the pattern gives {noun} {said}, the game's rule gives {rule} from its {} option(s)",
                        opts.options.len()
                    );
                    self.refuted[i] = Some(why);
                }
            }
        }
        let why = self.why_unknown(&p[..k], edge);
        (Far { value: None, label: why, checked: false }, None)
    }

    /// Why no pattern answers at `x`: the refutation of one that covered it (here or at a
    /// check before), else the edge rule, else that none covers it.
    fn why_unknown(&self, x: &[u64], edge: Option<String>) -> String {
        let refuted = (0..self.patterns.len()).find_map(|i| {
            let why = self.refuted[i].as_ref()?;
            self.predict(i, x)?;
            Some(format!(
                "the pattern [{}] {} was refuted {why}",
                self.patterns[i].formula.family(),
                self.patterns[i].formula.words()
            ))
        });
        match (refuted, edge) {
            (Some(r), _) => format!("unknown: outside the explored positions; {r}"),
            (None, Some(e)) => format!(
                "unknown: outside the explored positions; the one pattern covering it was {e}"
            ),
            (None, None) if self.patterns.is_empty() => {
                "unknown: outside the explored positions, and no pattern was found (widen --box)"
                    .to_string()
            }
            (None, None) => {
                "unknown: outside the explored positions, and no pattern kept covers it".to_string()
            }
        }
    }

    /// The value at `q` of the first pattern other than `i` (not refuted, not held back by
    /// the edge rule) that covers it.
    fn other(&self, i: usize, q: &[u64]) -> Option<i128> {
        (0..self.patterns.len())
            .filter(|&j| j != i && self.refuted[j].is_none() && self.patterns[j].edge.is_none())
            .find_map(|j| self.predict(j, q))
    }

    /// The value the game's rule gives from the options, valued by `known` or pattern `i`.
    fn rule(
        &self,
        i: usize,
        opts: &FarOptions,
        known: &dyn Fn(&[u64]) -> Option<i128>,
    ) -> Result<i128, String> {
        let k = self.arity;
        let mut vals: Vec<(i128, i64)> = Vec::with_capacity(opts.options.len());
        for (o, gain) in &opts.options {
            let v = match o {
                None => 0,
                Some(q) => match known(&q[..k])
                    .or_else(|| self.predict(i, &q[..k]))
                    .or_else(|| self.other(i, &q[..k]))
                {
                    Some(v) => v,
                    None => {
                        return Err(format!(
                            "its option '{}' has no value (not explored, covered by no pattern)",
                            format_position(q, k)
                        ));
                    }
                },
            };
            vals.push((v, *gain));
        }
        self.kind.of_options(&Options { options: &vals, right: None, terminal: opts.terminal })
    }
}

/// The options of far positions from a guard lister (remoteness: no gains). An option that is
/// a sum of positions cannot be checked.
pub fn list_plain(
    lister: &mut dyn Lister,
    ps: &[Coords],
    time: Duration,
) -> Result<Vec<Listing>, std::io::Error> {
    let listed = lister.list(ps, time)?;
    Ok(listed
        .into_iter()
        .map(|l| match l {
            Listed::Not(why) => Err(why),
            Listed::Options(opts) => {
                let mut out = FarOptions::default();
                for o in opts {
                    match o.as_slice() {
                        [] => out.options.push((None, 0)),
                        [one] => out.options.push((Some(*one), 0)),
                        _ => return Err("an option is a sum of positions".to_string()),
                    }
                }
                Ok(out)
            }
        })
        .collect())
}

/// Collects the scored options of one batch.
struct ScoreSink {
    arity: usize,
    done: Vec<FarOptions>,
    current: FarOptions,
}

impl Sink for ScoreSink {
    fn part(&mut self, p: Option<&[u64]>, first: bool) -> Result<(), ProtocolError> {
        if !first {
            return Err(ProtocolError("an option is a sum; --score takes whole positions".into()));
        }
        let q = p.map(|p| {
            let mut c: Coords = [0; MAX_ARITY];
            c[..self.arity].copy_from_slice(&p[..self.arity]);
            c
        });
        self.current.options.push((q, 0));
        Ok(())
    }
    fn end(&mut self) -> Result<(), ProtocolError> {
        self.done.push(std::mem::take(&mut self.current));
        Ok(())
    }
    fn scores(&self) -> bool {
        true
    }
    fn gain(&mut self, text: &[u8], terminal: bool) -> Result<(), ProtocolError> {
        let g = crate::explore::score::parse_gain(text).ok_or_else(|| {
            ProtocolError(format!("'{}' is not a gain", crate::explore::program::excerpt(text)))
        })?;
        if terminal {
            self.current.terminal = Some(g);
        } else if let Some(last) = self.current.options.last_mut() {
            last.1 = g;
        }
        Ok(())
    }
}

/// The scored options of far positions, from one run of the moves program (at most `time`).
pub fn list_scored(
    program: &Program,
    ps: &[Coords],
    time: Duration,
) -> Result<Vec<Listing>, std::io::Error> {
    if ps.is_empty() {
        return Ok(Vec::new());
    }
    let k = program.arity;
    // Smallest first: a program too slow on a huge position loses only the larger ones.
    let mut order: Vec<usize> = (0..ps.len()).collect();
    order.sort_by_key(|&i| ps[i][..k].iter().copied().max().unwrap_or(0));
    let once = Program { stream: false, timeout: time, ..program.clone() };
    let mut runner = Runner::new(&once);
    let batch: Vec<u64> = order.iter().flat_map(|&i| ps[i][..k].to_vec()).collect();
    let mut sink = ScoreSink { arity: k, done: Vec::new(), current: FarOptions::default() };
    let result = runner.ask(&batch, &mut sink)?;
    let why = match result {
        Ok(()) => "no reply".to_string(),
        Err(e) => e.0,
    };
    let mut out: Vec<Listing> =
        vec![Err(format!("its options could not be listed: {why}")); ps.len()];
    for (&i, got) in order.iter().zip(sink.done) {
        out[i] = Ok(got);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn coords(x: &[u64]) -> Coords {
        let mut c: Coords = [0; MAX_ARITY];
        c[..x.len()].copy_from_slice(x);
        c
    }

    /// Subtraction {1, 2}: R(n + 3) = R(n) + 2.
    fn sub12(n: u64) -> i128 {
        let (q, r) = ((n / 3) as i128, n % 3);
        2 * q + i128::from(r != 0)
    }

    fn options12(n: u64) -> Listing {
        let options = (1..=2).filter(|&t| t <= n).map(|t| (Some(coords(&[n - t])), 0)).collect();
        Ok(FarOptions { options, terminal: None })
    }

    #[test]
    fn remoteness_pattern_answers_far_and_the_rule_holds() {
        let space = Space::from_ranges(&[(0, 99)]);
        let values: Vec<Option<i128>> = (0..100).map(|n| Some(sub12(n))).collect();
        let mut f = find(Remoteness { misere: false }, &space, &values, &[]);
        assert!(!f.patterns.is_empty(), "{:?}", f.lines());
        let p = coords(&[1_000_000]);
        let a = f.answer(&p, &options12(1_000_000), &|_| None);
        assert_eq!(a.value, Some(sub12(1_000_000)), "{}", a.label);
        assert!(a.checked && a.label.contains("the game's rule holds here"), "{}", a.label);
        assert!(a.label.starts_with("conjecture"), "{}", a.label);
    }

    #[test]
    fn a_rule_that_changes_far_away_gives_unknown() {
        let space = Space::from_ranges(&[(0, 99)]);
        let values: Vec<Option<i128>> = (0..100).map(|n| Some(sub12(n))).collect();
        let mut f = find(Remoteness { misere: false }, &space, &values, &[]);
        // Far away the game also lets a player take 3: from 999999 (a multiple of 3, lost by
        // the pattern) the move to 999996 now wins.
        let n = 999_999u64;
        let options = (1..=3).map(|t| (Some(coords(&[n - t])), 0)).collect();
        let a = f.answer(&coords(&[n]), &Ok(FarOptions { options, terminal: None }), &|_| None);
        assert_eq!(a.value, None, "{}", a.label);
        assert!(a.label.starts_with("unknown") && a.label.contains("refuted"), "{}", a.label);
    }

    #[test]
    fn signed_scores_are_shifted_and_said() {
        // value(n) = n - 50 on 0..99.
        let space = Space::from_ranges(&[(0, 99)]);
        let values: Vec<Option<i128>> = (0..100).map(|n| Some(n as i128 - 50)).collect();
        let f = find(Score, &space, &values, &[]);
        assert_eq!(f.encoding.offset, 50);
        for i in 0..f.patterns.len() {
            assert_eq!(f.predict(i, &[70]), Some(20));
        }
        let huge: Vec<Option<i128>> = vec![Some(-(1 << 40)), Some(1 << 40)];
        let f = find(Score, &Space::from_ranges(&[(0, 1)]), &huge, &[]);
        assert!(f.patterns.is_empty() && f.notes[0].contains("no pattern searched"));
    }
}

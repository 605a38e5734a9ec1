//! Patterns of `--partizan` tables of numbers, and their answers beyond the box, each checked
//! against the partizan rule at the position asked.
//!
//! **Numbers as integers.** When every value of the box is a number `n / 2^e` (a dyadic
//! rational), the values are multiplied by `2^E`, `E` the largest exponent in the box, so that
//! each is an integer, and handed to the pattern families through [`far::find`] as the scores
//! are (shifted to nonnegative integers: `G = 2^E value + K`, or `G = -2^E value` when no value
//! is positive; the words say which): periods, planes, exceptions, the grammar's formulas and
//! the self-similar rules all apply. A value such a pattern gives beyond the box is `G`
//! decoded; one below the shift (`G < 0`) is not given. The linear fit of
//! [`crate::explore::partizan_pattern`] (`(P t + Q) / 2^E` on the box or on the two sides of a
//! diagonal or of its first line, in one or two terms, which may go negative without bound) is
//! tried too and ranked among them by its size (its constants), as the families are ranked by
//! theirs.
//!
//! **Values that are not numbers** (a box holding `*`, `^`, a switch `{1|-1}`): each
//! distinct value of the box gets an index, in the order the values first appear in the box
//! (row-major, the last coordinate fastest), and the indices go to the families that only
//! copy values ([`far::COPYING`]: periods, periodic planes, periodic lines, a periodic table
//! with listed exceptions), never to a family that computes with them (an arithmetic period,
//! a nim-sum, the grammar's formulas, the linear fit): an index has no arithmetic meaning. A
//! value a pattern gives beyond the box is then one of the box's values, and the report lists
//! which index is which value. A value explored past the box that the box does not hold
//! matches no index, so it refutes every pattern covering it.
//!
//! **The rule.** A position's value is `{GL | GR}`, its Left options' values and its Right
//! options' values, an option's value the sum of its parts' values; when every option is a
//! number and every Left option is below every Right option it is the simplest number strictly
//! between (the simplicity theorem: Conway, *On Numbers and Games*, Theorem 11; Siegel,
//! *Combinatorial Game Theory*, Theorem II.3.7), else a game that is not that number
//! ([`crate::explore::partizan_num::Values::form`]). A pattern answers a position that could
//! not be explored only after its options were listed and this rule, with the options valued
//! where explored and by the pattern (or another pattern kept) elsewhere, gives the pattern's
//! own value there (the canonical forms compared, equal games having one form). A pattern the
//! rule refutes at an asked position is dropped for the run, and the next one is tried; with
//! none left the answer is `unknown`, naming the refutation. A passed check is no proof: the
//! answer is a conjecture.
//!
//! **Far checks** ([`Patterns::sample`], `--far-checks K`): before the first far answer, the
//! rule is also checked at sampled far positions, `K` per pattern (at most `4 K` in all, from
//! 10^3 to 10^18 along what the pattern covers), their options listed by one start of the
//! moves program (smallest positions first; the output cap of a batch and `--far-check-time`
//! bound it). A pattern the rule refutes at a sample is dropped for the run; the labels say at
//! how many samples the rule held.

use crate::explore::guard::far;
use crate::explore::kind::partizan::value_kind::{Forms, Partizan};
use crate::explore::partizan::{Graph, Sides, find as find_position, sides_of};
use crate::explore::partizan_num::{Small, Val, Values};
use crate::explore::partizan_pattern::{Formula as Fit, search as fit_search};
use crate::explore::pattern::{self, Basis};
use crate::explore::program::{Program, Runner};
use crate::explore::space::{Coords, MAX_ARITY, Space, format_position};
use crate::theory::canonical::GameId;
use std::collections::HashMap;
use std::time::Duration;

/// The options listed at far positions, by position.
pub type FarSides = HashMap<Coords, Result<Sides, String>>;

/// Where a candidate comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Pattern `i` of the families ([`far::Found::patterns`]).
    Family(usize),
    /// The linear fit.
    Fit,
}

/// A pattern of the box, and what the run learnt of it.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub source: Source,
    /// Where it was refuted (a position, and why), if it was.
    pub refuted: Option<String>,
    /// The far positions where the rule held.
    pub held: usize,
    /// The far positions sampled ([`Patterns::sample`]) that it covers, and where the rule
    /// held among them.
    pub sampled: usize,
    pub sampled_held: usize,
}

impl Candidate {
    fn new(source: Source, refuted: Option<String>) -> Candidate {
        Candidate { source, refuted, held: 0, sampled: 0, sampled_held: 0 }
    }
}

/// The far checks of a run: the positions sampled per pattern (`--far-checks`), the safety cap
/// of the start that lists their options (`--far-check-time`) and the program.
pub struct Sampling<'a> {
    pub per_pattern: usize,
    pub time: Duration,
    pub program: &'a Program,
}

/// The rule at a far position, for one pattern.
pub enum Rule {
    /// It holds, with this many options.
    Holds(usize),
    /// It could not be checked: why.
    Unknown(String),
    /// It fails: what the options give.
    Fails(String),
}

/// The patterns of a box, ranked.
pub struct Patterns {
    found: Option<far::Found>,
    fit: Option<Fit>,
    exponent: u32,
    /// The box's distinct values by first appearance, when they are not all numbers: the
    /// families' `G` is an index into it.
    forms: Vec<Val>,
    /// `index value` for each of [`Patterns::forms`], as the report lists them.
    pub legend: Vec<String>,
    cells: usize,
    pub candidates: Vec<Candidate>,
    /// Why no pattern was searched, or what was dropped.
    pub notes: Vec<String>,
    /// The far positions sampled (`--far-checks`), and why some could not be checked.
    pub sampled: usize,
}

/// A value as a key: a number in machine words, or a canonical form of the store.
fn key(v: Val) -> Result<Small, GameId> {
    match v {
        Val::Num(x) => Ok(x),
        Val::Form(g) => Err(g),
    }
}

/// The most values the report lists in the legend of the indices.
const LEGEND: usize = 64;

/// The size the linear fit is ranked by: its constants (`P`, `Q` and the side of each piece,
/// and `P2` of a piece of two terms).
fn fit_cost(f: &Fit) -> u64 {
    f.pieces.iter().map(|p| p.cost()).sum()
}

impl Patterns {
    /// No pattern.
    pub fn none() -> Patterns {
        Patterns {
            found: None,
            fit: None,
            exponent: 0,
            forms: Vec::new(),
            legend: Vec::new(),
            cells: 0,
            candidates: Vec::new(),
            notes: Vec::new(),
            sampled: 0,
        }
    }

    /// The patterns of the box's values (one per cell, in box order), checked also on the
    /// positions explored past the box (`past`, each with its value): numbers in machine words
    /// through every family and the linear fit, other values as indices through the families
    /// that copy values ([`Patterns::find_forms`]).
    pub fn find(store: &mut Values, space: &Space, values: &[Val], past: &[(Coords, Val)]) -> Self {
        let small = |v: &Val| match v {
            Val::Num(x) => Some(*x),
            Val::Form(_) => None,
        };
        let Some(numbers) = values.iter().map(small).collect::<Option<Vec<Small>>>() else {
            return Patterns::find_forms(store, space, values, past);
        };
        let past: Vec<(Coords, Option<Small>)> = past.iter().map(|(q, v)| (*q, small(v))).collect();
        Patterns::find_numbers(space, &numbers, &past)
    }

    /// The patterns of a box of values not all numbers: each value its index in the box's
    /// list of distinct values by first appearance, through the families that copy values.
    fn find_forms(
        store: &mut Values,
        space: &Space,
        values: &[Val],
        past: &[(Coords, Val)],
    ) -> Self {
        let mut out = Patterns { cells: values.len(), ..Patterns::none() };
        if !pattern::search_on() {
            out.notes.push(pattern::SEARCH_OFF.to_string());
            return out;
        }
        let mut index: HashMap<Result<Small, GameId>, u32> = HashMap::new();
        let mut codes: Vec<Option<i128>> = Vec::with_capacity(values.len());
        for &v in values {
            let next = index.len() as u32;
            let code = *index.entry(key(v)).or_insert(next);
            if code == next {
                out.forms.push(v);
            }
            codes.push(Some(i128::from(code)));
        }
        let past_codes: Vec<(Coords, i128)> = past
            .iter()
            .map(|(q, v)| (*q, index.get(&key(*v)).map_or(i128::MIN, |&c| i128::from(c))))
            .collect();
        let found = far::find(Forms, space, &codes, &past_codes);
        out.notes.extend(found.notes.iter().cloned());
        out.candidates =
            (0..found.patterns.len()).map(|i| Candidate::new(Source::Family(i), None)).collect();
        out.found = Some(found);
        if !out.candidates.is_empty() {
            for (i, &v) in out.forms.iter().enumerate().take(LEGEND) {
                let shown = store.show(v).unwrap_or_else(|_| "(too large to print)".into());
                out.legend.push(format!("{i} = {shown}"));
            }
        }
        out
    }

    /// The patterns of a box of numbers (times 2^E) and the linear fit, ranked together.
    fn find_numbers(space: &Space, numbers: &[Small], past: &[(Coords, Option<Small>)]) -> Self {
        let mut out = Patterns { cells: numbers.len(), ..Patterns::none() };
        let values: Vec<Option<Small>> = numbers.iter().copied().map(Some).collect();
        if !pattern::search_on() {
            out.notes.push(pattern::SEARCH_OFF.to_string());
            return out;
        }
        let e = numbers.iter().map(|x| x.exponent()).max().unwrap_or(0);
        out.exponent = e;
        let scaled: Vec<Option<i128>> = numbers.iter().map(|x| Some(x.scaled(e))).collect();
        // A value past the box that is no number of exponent <= E matches no pattern's value.
        let encoded = |v: &Option<Small>| match v {
            Some(x) if x.exponent() <= e => x.scaled(e),
            _ => i128::MIN,
        };
        let past_scaled: Vec<(Coords, i128)> = past.iter().map(|(q, v)| (*q, encoded(v))).collect();
        let found = far::find(Partizan { exponent: e }, space, &scaled, &past_scaled);
        out.notes.extend(found.notes.iter().cloned());
        let k = space.arity();
        let fit = fit_search(space, &values);
        let mut fit_refuted = None;
        if let Some(f) = &fit {
            let wrong = past.iter().find(|(q, v)| f.at(&q[..k]).is_some_and(|x| Some(x) != *v));
            fit_refuted = wrong.map(|(q, _)| format_position(q, k));
        }
        let cost = fit.as_ref().map_or(0, fit_cost);
        let mut candidates: Vec<Candidate> = Vec::new();
        let mut fit_placed = fit.is_none();
        for (i, p) in found.patterns.iter().enumerate() {
            if !fit_placed && (p.is_line() || p.formula.cost() > cost) {
                candidates.push(Candidate::new(Source::Fit, fit_refuted.take()));
                fit_placed = true;
            }
            candidates.push(Candidate::new(Source::Family(i), None));
        }
        if !fit_placed {
            candidates.push(Candidate::new(Source::Fit, fit_refuted));
        }
        out.found = Some(found);
        out.fit = fit;
        out.candidates = candidates;
        out
    }

    /// The value candidate `c` gives at `q`, if it covers it.
    pub fn value(&self, c: usize, q: &[u64]) -> Option<Val> {
        match self.candidates[c].source {
            Source::Family(i) => {
                let v = self.found.as_ref()?.predict(i, q)?;
                if self.forms.is_empty() {
                    Small::new(v, self.exponent).map(Val::Num)
                } else {
                    self.forms.get(usize::try_from(v).ok()?).copied()
                }
            }
            Source::Fit => self.fit.as_ref()?.at(q).map(Val::Num),
        }
    }

    /// Why candidate `c` says nothing beyond the box although it fits it (the edge rule).
    fn edge(&self, c: usize) -> Option<&str> {
        match self.candidates[c].source {
            Source::Family(i) => self.found.as_ref()?.patterns[i].edge.as_deref(),
            Source::Fit => None,
        }
    }

    /// May candidate `c` answer beyond the box (not refuted, not held back by the edge rule)?
    fn usable(&self, c: usize) -> bool {
        self.candidates[c].refuted.is_none() && self.edge(c).is_none()
    }

    /// Does a usable pattern cover `q`?
    pub fn covers(&self, q: &[u64]) -> bool {
        (0..self.candidates.len()).any(|c| self.usable(c) && self.value(c, q).is_some())
    }

    /// Is there a pattern at all (refuted or not)?
    pub fn is_empty(&self) -> bool {
        self.candidates.is_empty()
    }

    /// Candidate `c` in words: `[family] G = ... (G: ...)`, or the fit's `value = ...`.
    pub fn words(&self, c: usize) -> String {
        match (self.candidates[c].source, &self.found, &self.fit) {
            (Source::Family(i), Some(f), _) => {
                format!("[{}] {}", f.patterns[i].formula.family(), f.words(i))
            }
            (Source::Fit, _, Some(fit)) => fit.text(),
            _ => String::new(),
        }
    }

    /// How many positions of the box candidate `c` was checked on.
    pub fn entries(&self, c: usize) -> usize {
        match (self.candidates[c].source, &self.found) {
            (Source::Family(i), Some(f)) => match f.patterns[i].basis {
                Basis::Observed { entries } => entries,
                Basis::Proved(_) => self.cells,
            },
            _ => self.cells,
        }
    }

    /// The report lines: the notes, then each pattern (at most `most` of those kept), a refuted
    /// one with where.
    pub fn lines(&self, most: usize) -> Vec<String> {
        let mut out = self.notes.clone();
        if !self.legend.is_empty() {
            let more = match self.forms.len() {
                n if n > LEGEND => format!(", ... ({n} values; --json lists the first {LEGEND})"),
                _ => String::new(),
            };
            out.push(format!(
                "values not all numbers: each pattern's G is the index of a value in the box's list of distinct values by first appearance, and only the families that copy values are searched: {}{more}",
                self.legend.join(", ")
            ));
        }
        if self.candidates.is_empty() && self.notes.is_empty() {
            let only = match self.forms.is_empty() {
                true => "",
                false => {
                    " (values not all numbers: only the families that copy values are searched)"
                }
            };
            out.push(format!(
                "no pattern found: none of the families reproduces every value of the box{only}"
            ));
        }
        if self.sampled > 0 {
            out.push(format!(
                "far checks: the partizan rule checked at {} far positions sampled (--far-checks)",
                self.sampled
            ));
        }
        let mut shown = 0usize;
        for c in 0..self.candidates.len() {
            if let Some(r) = &self.candidates[c].refuted {
                out.push(format!(
                    "pattern: {} fits the box but not position {r}: no conjecture",
                    self.words(c)
                ));
                continue;
            }
            shown += 1;
            if shown > most {
                continue;
            }
            out.push(format!(
                "pattern: {} (checked on the {} positions of the box; beyond it a conjecture)",
                self.words(c),
                self.entries(c)
            ));
            if let Some(why) = self.edge(c) {
                out.push(format!("   not used beyond the box: {why}"));
            }
        }
        if shown > most {
            out.push(format!("... and {} more patterns (--json lists them all)", shown - most));
        }
        out
    }

    /// The value at `q` (a position nothing explored) of candidate `c`, else of the first other
    /// usable candidate that covers it.
    fn option_value(&self, c: usize, q: &[u64]) -> Option<Val> {
        self.value(c, q).or_else(|| {
            (0..self.candidates.len())
                .filter(|&d| d != c && self.usable(d))
                .find_map(|d| self.value(d, q))
        })
    }

    /// The partizan rule at `p` (its options `sides`) for candidate `c`, which gives `said`.
    pub fn rule(&self, g: &mut Graph, sides: &FarSides, p: &Coords, c: usize, said: Val) -> Rule {
        let k = g.space_arity();
        let size = |q: &Coords| q[..k].iter().map(|&x| u128::from(x)).sum::<u128>();
        let sides = match sides.get(p) {
            Some(Ok(s)) => s,
            Some(Err(why)) => return Rule::Unknown(why.clone()),
            None => return Rule::Unknown("its options were not listed".into()),
        };
        let mut vals: [Vec<Val>; 2] = [Vec::new(), Vec::new()];
        for (s, side) in [&sides.left, &sides.right].into_iter().enumerate() {
            for option in side {
                let mut v = Val::Num(Small::int(0));
                for q in option.iter().flatten() {
                    let x = match find_position(g, q).and_then(|i| g.val[i as usize]) {
                        Some(x) => x,
                        // A move up to a position nothing explored: the game may not end there.
                        None if size(q) > size(p) => {
                            return Rule::Unknown(format!(
                                "its option '{}' lies above it and beyond everything explored (a game whose moves go up need not end there)",
                                format_position(q, k)
                            ));
                        }
                        None => match self.option_value(c, &q[..k]) {
                            Some(x) => x,
                            None => {
                                return Rule::Unknown(format!(
                                    "no value is known for its option '{}'",
                                    format_position(q, k)
                                ));
                            }
                        },
                    };
                    v = match g.values.add(v, x) {
                        Ok(v) => v,
                        Err(e) => return Rule::Unknown(format!("the canonical forms: {e}")),
                    };
                }
                vals[s].push(v);
            }
        }
        let v = match g.values.form(&vals[0], &vals[1]) {
            Ok(v) => v,
            Err(e) => return Rule::Unknown(format!("the canonical forms: {e}")),
        };
        // Canonical forms are unique and a number in machine words is always `Val::Num`: equal
        // values are equal `Val`s.
        if v == said {
            return Rule::Holds(vals[0].len() + vals[1].len());
        }
        let mut shown = g.values.show(v).unwrap_or_else(|_| "a larger value".into());
        if shown.len() > 200 {
            shown = format!("{}...", &shown[..shown.floor_char_boundary(200)]);
        }
        Rule::Fails(format!("its options give {shown} by the partizan rule"))
    }

    /// Checks every usable candidate covering `p` (a position nothing explored, asked or
    /// `sampled`) against the rule there; one that fails is refuted for the run.
    pub fn check(&mut self, g: &mut Graph, sides: &FarSides, p: &Coords, sampled: bool) {
        let k = g.space_arity();
        for c in 0..self.candidates.len() {
            if !self.usable(c) {
                continue;
            }
            let Some(said) = self.value(c, &p[..k]) else { continue };
            self.candidates[c].sampled += usize::from(sampled);
            match self.rule(g, sides, p, c, said) {
                Rule::Holds(_) if sampled => self.candidates[c].sampled_held += 1,
                Rule::Holds(_) => self.candidates[c].held += 1,
                Rule::Fails(why) => {
                    let shown = format_position(p, k);
                    let what = if sampled { "the sampled far position " } else { "" };
                    let said = g.values.show(said).unwrap_or_else(|_| "a large value".into());
                    self.candidates[c].refuted =
                        Some(format!("{what}{shown} (the pattern says {said}, but {why})"));
                }
                Rule::Unknown(_) => {}
            }
        }
    }

    /// Far positions to check the usable patterns at: `per` for each (at most `4 per` for the
    /// families, `per` more for the linear fit),
    /// from 10^3 to 10^18 along what it covers ([`far::Found::samples`] for the families; the
    /// free coordinates for the linear fit), not explored, covered by some usable pattern.
    fn samples(&self, g: &Graph, space: &Space, per: usize) -> Vec<Coords> {
        let mut out: Vec<Coords> = Vec::new();
        if let Some(found) = &self.found {
            out = found.samples(per, None);
        }
        let fit_usable = (0..self.candidates.len())
            .any(|c| self.candidates[c].source == Source::Fit && self.usable(c));
        if fit_usable {
            let free = space.free_axes();
            for j in 0..per as u64 {
                let e = 3 + 15 * j / (per as u64).saturating_sub(1).max(1);
                let n = 10u64.pow(e as u32).min(crate::explore::space::MAX_COORD / 2) + j;
                let mut p: Coords = [0; MAX_ARITY];
                p[..space.arity()].copy_from_slice(&space.lo);
                for (t, &a) in free.iter().enumerate() {
                    p[a] = n / (1 + (t as u64 * 7 + j) % 5) + t as u64;
                }
                out.push(p);
            }
        }
        let k = space.arity();
        let covered = |p: &Coords| {
            (0..self.candidates.len()).any(|c| self.usable(c) && self.value(c, &p[..k]).is_some())
        };
        let mut seen = std::collections::HashSet::new();
        out.retain(|p| find_position(g, p).is_none() && covered(p) && seen.insert(*p));
        out
    }

    /// The far checks: the rule at the sampled far positions of every usable pattern, their
    /// options listed by one start of the moves program (smallest first, so that a position
    /// whose listing runs into the output cap or the safety cap loses only the larger ones);
    /// a pattern refuted there is dropped for the run.
    pub fn sample(&mut self, g: &mut Graph, space: &Space, s: &Sampling) -> std::io::Result<()> {
        if s.per_pattern == 0 || self.candidates.is_empty() {
            return Ok(());
        }
        let mut ps = self.samples(g, space, s.per_pattern);
        let k = space.arity();
        ps.sort_by_key(|p| p[..k].iter().copied().max().unwrap_or(0));
        if ps.is_empty() {
            return Ok(());
        }
        let once = Program { stream: false, timeout: s.time, ..s.program.clone() };
        let listed = sides_of(&mut Runner::new(&once), k, &ps)?;
        let sides: FarSides = ps.iter().copied().zip(listed).collect();
        for p in &ps {
            self.check(g, &sides, p, true);
        }
        self.sampled = ps.len();
        let cut: Vec<&String> = sides.values().filter_map(|l| l.as_ref().err()).collect();
        if let Some(why) = cut.first() {
            self.notes.push(format!(
                "far checks: the options of {} of the {} positions sampled could not be listed: {why}",
                cut.len(),
                ps.len()
            ));
        }
        Ok(())
    }

    /// What the far checks say of candidate `c`, for its label.
    fn sampled_words(&self, c: usize) -> String {
        let cand = &self.candidates[c];
        match (cand.sampled, cand.sampled_held) {
            (0, _) => String::new(),
            (n, h) if n == h => format!("; it held at the {n} far positions sampled"),
            (n, h) => format!(
                "; it held at {h} of the {n} far positions sampled (the others could not be checked)"
            ),
        }
    }

    /// The value at `p` (a position nothing explored) of the first usable candidate covering it
    /// whose value the rule confirms there, with its label; else why not (`unknown: ...`).
    pub fn answer(
        &mut self,
        g: &mut Graph,
        sides: &FarSides,
        p: &Coords,
    ) -> Result<(Val, String), String> {
        let k = g.space_arity();
        let shown = format_position(p, k);
        let mut why_not: Option<String> = None;
        for c in 0..self.candidates.len() {
            if !self.usable(c) {
                continue;
            }
            let Some(said) = self.value(c, &p[..k]) else { continue };
            match self.rule(g, sides, p, c, said) {
                Rule::Holds(n) => {
                    self.candidates[c].held += 1;
                    let label = format!(
                        "conjecture: the pattern {} (checked on the {} positions of the box); the partizan rule holds here ({n} options checked){}",
                        self.words(c),
                        self.entries(c),
                        self.sampled_words(c)
                    );
                    return Ok((said, label));
                }
                Rule::Fails(why) => {
                    let said = g.values.show(said).unwrap_or_else(|_| "a large value".into());
                    self.candidates[c].refuted =
                        Some(format!("{shown} (the pattern says {said}, but {why})"));
                }
                Rule::Unknown(why) => {
                    let said = g.values.show(said).unwrap_or_else(|_| "a large value".into());
                    why_not.get_or_insert(format!(
                        "unknown: the box's pattern gives {said} at '{shown}', but the partizan rule could not be checked there: {why}"
                    ));
                }
            }
        }
        if let Some(why) = why_not {
            return Err(why);
        }
        let refuted = (0..self.candidates.len()).find_map(|c| {
            self.value(c, &p[..k])?;
            self.candidates[c].refuted.clone()
        });
        Err(match refuted {
            Some(r) => format!("unknown: the box's pattern is refuted at {r}"),
            None => "unknown: no pattern of the box covers it".to_string(),
        })
    }

    /// Every pattern for the JSON report: words, the entries it was checked on, where it was
    /// refuted.
    pub fn listed(&self) -> Vec<(String, usize, Option<String>)> {
        (0..self.candidates.len())
            .map(|c| (self.words(c), self.entries(c), self.candidates[c].refuted.clone()))
            .collect()
    }
}

/// The positions explored past the box, with their values.
pub fn past(g: &Graph, space: &Space) -> Vec<(Coords, Val)> {
    let mut out = Vec::new();
    for v in space.cells()..g.len() {
        let Some(x) = g.val[v] else { continue };
        out.push((g.position(v as u32), x));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Halves go to the families as integers times 2 and come back as halves, negative ones
    /// past the box from the linear fit too.
    #[test]
    fn halves_are_scaled_for_the_families_and_decoded() {
        let mut store = Values::new(1000);
        let space = Space::from_ranges(&[(0, 39)]);
        let half = |n: i128| Val::Num(Small::new(n, 1).unwrap());
        let values: Vec<Val> = (0..40).map(|n| half(n - 20)).collect();
        let p = Patterns::find(&mut store, &space, &values, &[]);
        assert!(p.candidates.iter().any(|c| matches!(c.source, Source::Family(_))));
        assert!(p.candidates.iter().any(|c| c.source == Source::Fit));
        assert_eq!(p.value(0, &[1001]), Some(half(981)), "{:?}", p.lines(9));
        // A position explored past the box with another value refutes the fit.
        let past =
            [([41u64, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], Val::Num(Small::int(5)))];
        let q = Patterns::find(&mut store, &space, &values, &past[..]);
        let fit = q.candidates.iter().find(|c| c.source == Source::Fit).expect("the fit");
        assert!(fit.refuted.as_deref().is_some_and(|r| r.starts_with("41")), "{:?}", fit);
        // Not all numbers, no period: no pattern.
        let zero = Val::Num(Small::int(0));
        let star = store.form(&[zero], &[zero]).unwrap();
        let mut other = values.clone();
        other[3] = star;
        assert!(Patterns::find(&mut store, &space, &other, &[]).is_empty());
    }

    /// Values that are not all numbers, periodic: indices by first appearance, copied by the
    /// period and decoded to the same canonical forms; no arithmetic family among them.
    #[test]
    fn forms_are_indexed_and_copied_by_periods_only() {
        let mut store = Values::new(1000);
        let space = Space::from_ranges(&[(0, 59)]);
        let (zero, one) = (Val::Num(Small::int(0)), Val::Num(Small::int(1)));
        let minus = Val::Num(Small::int(-1));
        let star = store.form(&[zero], &[zero]).unwrap();
        let switch = store.form(&[one], &[minus]).unwrap();
        let cycle = [zero, star, switch, one];
        let values: Vec<Val> = (0..60).map(|n| cycle[n % 4]).collect();
        let p = Patterns::find(&mut store, &space, &values, &[]);
        assert!(!p.is_empty(), "{:?}", p.lines(9));
        for c in 0..p.candidates.len() {
            assert_ne!(p.candidates[c].source, Source::Fit);
            let words = p.words(c);
            assert!(far::COPYING.iter().any(|f| words.starts_with(&format!("[{f}]"))), "{words}");
            assert_eq!(p.value(c, &[1_000_002]), Some(switch), "{words}");
        }
        assert_eq!(p.legend, ["0 = 0", "1 = *", "2 = {1|-1}", "3 = 1"]);
        // A value past the box that the box never holds refutes the period there.
        let up = store.form(&[zero], &[star]).unwrap();
        let past = [([61u64, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], up)];
        assert!(Patterns::find(&mut store, &space, &values, &past[..]).is_empty());
    }
}

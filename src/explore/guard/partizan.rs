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
//! **Values that are not numbers** (a box holding `*`, `^`, a switch) get no pattern: a
//! canonical form has no integer that arithmetic formulas could speak of, so such a table is
//! answered only where it is explored (the "all numbers" verdict says which position is not a
//! number).
//!
//! **The rule.** A position's value is `{GL | GR}`, its Left options' values and its Right
//! options' values, an option's value the sum of its parts' values; when every option is a
//! number and every Left option is below every Right option it is the simplest number strictly
//! between (the simplicity theorem: Conway, *On Numbers and Games*, Theorem 11; Siegel,
//! *Combinatorial Game Theory*, Theorem II.3.7), else a game that is not that number
//! ([`crate::explore::partizan_num::Values::form`]). A pattern answers a position that could
//! not be explored only after its options were listed and this rule, with the options valued
//! where explored and by the pattern (or another pattern kept) elsewhere, gives the pattern's
//! own value there. A pattern the rule refutes at an asked position is dropped for the run,
//! and the next one is tried; with none left the answer is `unknown`, naming the refutation. A
//! passed check is no proof: the answer is a conjecture.

use crate::explore::guard::far;
use crate::explore::partizan::{Graph, Sides, find as find_position};
use crate::explore::partizan_num::{Small, Val};
use crate::explore::partizan_pattern::{Formula as Fit, search as fit_search};
use crate::explore::pattern::{self, Basis};
use crate::explore::space::{Coords, Space, format_position};
use std::collections::HashMap;

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

/// The patterns of a box of numbers, ranked.
pub struct Patterns {
    found: Option<far::Found>,
    fit: Option<Fit>,
    exponent: u32,
    cells: usize,
    pub candidates: Vec<Candidate>,
    /// Why no pattern was searched, or what was dropped.
    pub notes: Vec<String>,
}

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
            cells: 0,
            candidates: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The patterns of the box's values (`None`: not a number), checked also on the positions
    /// explored past the box (`past`: each with its value, `None` when it is not a number).
    pub fn find(space: &Space, values: &[Option<Small>], past: &[(Coords, Option<Small>)]) -> Self {
        let mut out = Patterns { cells: values.len(), ..Patterns::none() };
        let Some(numbers) = values.iter().copied().collect::<Option<Vec<Small>>>() else {
            return out;
        };
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
        let found = far::find(far::Kind::Partizan { exponent: e }, space, &scaled, &past_scaled);
        out.notes.extend(found.notes.iter().cloned());
        let k = space.arity();
        let fit = fit_search(space, values);
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
                candidates.push(Candidate {
                    source: Source::Fit,
                    refuted: fit_refuted.take(),
                    held: 0,
                });
                fit_placed = true;
            }
            candidates.push(Candidate { source: Source::Family(i), refuted: None, held: 0 });
        }
        if !fit_placed {
            candidates.push(Candidate { source: Source::Fit, refuted: fit_refuted, held: 0 });
        }
        out.found = Some(found);
        out.fit = fit;
        out.candidates = candidates;
        out
    }

    /// The value candidate `c` gives at `q`, if it covers it.
    pub fn value(&self, c: usize, q: &[u64]) -> Option<Small> {
        match self.candidates[c].source {
            Source::Family(i) => {
                let v = self.found.as_ref()?.predict(i, q)?;
                Small::new(v, self.exponent)
            }
            Source::Fit => self.fit.as_ref()?.at(q),
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
    fn option_value(&self, c: usize, q: &[u64]) -> Option<Small> {
        self.value(c, q).or_else(|| {
            (0..self.candidates.len())
                .filter(|&d| d != c && self.usable(d))
                .find_map(|d| self.value(d, q))
        })
    }

    /// The partizan rule at `p` (its options `sides`) for candidate `c`, which gives `said`.
    pub fn rule(&self, g: &mut Graph, sides: &FarSides, p: &Coords, c: usize, said: Small) -> Rule {
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
                            Some(x) => Val::Num(x),
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
        if g.values.small(v) == Some(said) {
            return Rule::Holds(vals[0].len() + vals[1].len());
        }
        let mut shown = g.values.show(v).unwrap_or_else(|_| "a larger value".into());
        if shown.len() > 200 {
            shown = format!("{}...", &shown[..shown.floor_char_boundary(200)]);
        }
        Rule::Fails(format!("its options give {shown} by the partizan rule"))
    }

    /// Checks every usable candidate covering `p` (a position nothing explored) against the
    /// rule there; one that fails is refuted for the run.
    pub fn check(&mut self, g: &mut Graph, sides: &FarSides, p: &Coords) {
        let k = g.space_arity();
        for c in 0..self.candidates.len() {
            if !self.usable(c) {
                continue;
            }
            let Some(said) = self.value(c, &p[..k]) else { continue };
            match self.rule(g, sides, p, c, said) {
                Rule::Holds(_) => self.candidates[c].held += 1,
                Rule::Fails(why) => {
                    let shown = format_position(p, k);
                    self.candidates[c].refuted =
                        Some(format!("{shown} (the pattern says {said}, but {why})"));
                }
                Rule::Unknown(_) => {}
            }
        }
    }

    /// The value at `p` (a position nothing explored) of the first usable candidate covering it
    /// whose value the rule confirms there, with its label; else why not (`unknown: ...`).
    pub fn answer(
        &mut self,
        g: &mut Graph,
        sides: &FarSides,
        p: &Coords,
    ) -> Result<(Small, String), String> {
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
                        "conjecture: the pattern {} (checked on the {} positions of the box); the partizan rule holds here ({n} options checked)",
                        self.words(c),
                        self.entries(c)
                    );
                    return Ok((said, label));
                }
                Rule::Fails(why) => {
                    self.candidates[c].refuted =
                        Some(format!("{shown} (the pattern says {said}, but {why})"));
                }
                Rule::Unknown(why) => {
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

/// The positions explored past the box, with their values (`None`: not a number that fits).
pub fn past(g: &mut Graph, space: &Space) -> Vec<(Coords, Option<Small>)> {
    let mut out = Vec::new();
    for v in space.cells()..g.len() {
        let Some(x) = g.val[v] else { continue };
        let q = g.position(v as u32);
        out.push((q, g.values.small(x)));
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
        let space = Space::from_ranges(&[(0, 39)]);
        let values: Vec<Option<Small>> = (0..40).map(|n| Small::new(n - 20, 1)).collect();
        let p = Patterns::find(&space, &values, &[]);
        assert!(p.candidates.iter().any(|c| matches!(c.source, Source::Family(_))));
        assert!(p.candidates.iter().any(|c| c.source == Source::Fit));
        assert_eq!(p.value(0, &[1001]), Small::new(981, 1), "{:?}", p.lines(9));
        // A position explored past the box with another value refutes the fit.
        let past = [([41u64, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], Small::new(5, 0))];
        let q = Patterns::find(&space, &values, &past[..]);
        let fit = q.candidates.iter().find(|c| c.source == Source::Fit).expect("the fit");
        assert!(fit.refuted.as_deref().is_some_and(|r| r.starts_with("41")), "{:?}", fit);
        // Not all numbers: no pattern.
        let mut other = values.clone();
        other[3] = None;
        assert!(Patterns::find(&space, &other, &[]).is_empty());
    }
}

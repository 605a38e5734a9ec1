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

pub mod arith;
pub mod beatty;
pub mod intervals;
pub mod period;
pub mod plane;
pub mod sequence;

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
        Answer { value: (is_p && !misere).then_some(0), outcome: if is_p { b'P' } else { b'N' } }
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
    ("arith", arith::detect),
    ("sequence", sequence::detect),
    ("beatty", beatty::detect),
    ("rows", plane::rows),
    ("nim-sum", plane::nim_sum),
    ("nim-product", plane::nim_product),
    ("periodic-plane", plane::periodic),
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
}

/// Checks a formula against every decided entry it covers: `Some(entries)` when it predicts
/// all of them (and covers at least [`MIN_EVIDENCE`]), `None` at the first wrong prediction.
pub fn verify(t: &Table, f: &dyn Formula) -> Option<usize> {
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
        match f.covers() {
            Covers::Values => {
                let g = t.grundy[cell];
                if g == NO_VALUE || g == LOOPY || ans.value != Some(g as u64) {
                    return None;
                }
            }
            Covers::Outcomes => {
                if ans.outcome != seen {
                    return None;
                }
            }
        }
        covered += 1;
    }
    (covered >= MIN_EVIDENCE).then_some(covered)
}

/// Every pattern of the table: the detectors' candidates and `extra` (a built-in game's
/// theorems), each verified on the table; proved first, then the shortest, one per text.
pub fn find(t: &Table, extra: Vec<Box<dyn Formula>>) -> Vec<Pattern> {
    let mut candidates = extra;
    for (_, detect) in DETECTORS {
        candidates.extend(detect(t));
    }
    let mut found: Vec<Pattern> = Vec::new();
    for f in candidates {
        if t.misere && f.covers() == Covers::Values {
            continue;
        }
        let Some(entries) = verify(t, f.as_ref()) else { continue };
        if found.iter().any(|p| p.formula.words() == f.words()) {
            continue;
        }
        let basis = match f.proof() {
            Some(theorem) => Basis::Proved(theorem),
            None => Basis::Observed { entries },
        };
        found.push(Pattern { formula: f, basis });
    }
    found.sort_by_key(|p| (!matches!(p.basis, Basis::Proved(_)), p.formula.cost()));
    found
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

    /// The values, if every entry has an integer value.
    pub fn finite_values(&self) -> Option<Vec<u32>> {
        self.grundy.iter().all(|&g| g != NO_VALUE && g != LOOPY).then(|| self.grundy.clone())
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
                .any(|w| w.contains("nim product"))
        );
        let mut v = prod;
        v[7 * 16 + 7] ^= 1;
        assert!(words(&Table::from_grundy(space, v)).iter().all(|w| !w.contains("nim product")));
    }
}

//! Family `recursive` in the plane: `G(a, b) = F(d, G(phi(a, b)))` with Euclid's step,
//! `phi(x, y) = (y mod x, x)` and `d = floor(y / x)` for the sorted pair `x <= y`, `x >= 1`
//! (issue 44, item 3: the contractions of two coordinates). Games played on a pair of numbers
//! by subtracting multiples of the smaller from the larger (Euclid's game, Cole and Davie
//! 1969; its Grundy values, Nivasch 2006) are solved this way: from `(x, y)` every move stays
//! on the way to `(y mod x, x)`, so the value is a short function of the quotient and of the
//! value there. Euclid's game: `G = d - [d <= y]`, `y = G(y mod x, x)`, and `G(0, y) = 0`.
//!
//! `F` is a rule of the 1-D family ([`super::selfsimilar`]: terms of `y` and `d`, or one of
//! two terms under a condition on `d`), with one more term, `d - [d <= y]`. The line `x = 0`
//! is the base: a constant from `y = 1` on (and `G(0, 0)`), or `G(0, y) = y`. The table must
//! be a symmetric square box from (0, 0); every entry is checked, and far away the rule takes
//! one step per partial quotient of `y / x` (at most 92 for coordinates below 2^63). Read off
//! a table it is a conjecture, like any pattern.

use super::selfsimilar::{Rule, Term, rules_of, shortest_fits};
use super::{Answer, Covers, Formula, Frame, MIN_EVIDENCE};
use crate::explore::table::Table;

/// The line `x = 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    /// `G(0, 0) = zero`, `G(0, y) = rest` for `y >= 1`.
    Const { zero: u64, rest: u64 },
    /// `G(0, y) = y`.
    Ident,
}

impl Base {
    fn at(self, y: u64) -> u64 {
        match self {
            Base::Const { zero, .. } if y == 0 => zero,
            Base::Const { rest, .. } => rest,
            Base::Ident => y,
        }
    }

    fn words(self, b: &str) -> String {
        match self {
            Base::Const { zero, rest } if zero == rest => format!("G(0, {b}) = {rest}"),
            Base::Const { zero, rest } => {
                format!("G(0, 0) = {zero}, G(0, {b}) = {rest} for {b} >= 1")
            }
            Base::Ident => format!("G(0, {b}) = {b}"),
        }
    }

    /// The value of the base line at `y` as an expression (the same in C++ and Python).
    fn code(self, cpp: bool) -> String {
        match (self, cpp) {
            (Base::Const { zero, rest }, _) if zero == rest => rest.to_string(),
            (Base::Const { zero, rest }, true) => format!("(y == 0 ? {zero} : {rest})"),
            (Base::Const { zero, rest }, false) => format!("({zero} if y == 0 else {rest})"),
            (Base::Ident, _) => "y".into(),
        }
    }
}

/// `G(x, y) = F(floor(y / x), G(y mod x, x))` for the sorted pair, `x >= 1`.
pub struct Euclid {
    frame: Frame,
    pub rule: Rule,
    pub base: Base,
    covers: Covers,
}

impl Euclid {
    /// `G(a, b)`: one step per partial quotient; `None` where a value overflows.
    pub fn value(&self, a: u64, b: u64) -> Option<u64> {
        let (mut x, mut y) = (a.min(b), a.max(b));
        let mut ds = Vec::new();
        while x >= 1 {
            ds.push(y / x);
            (x, y) = (y % x, x);
        }
        let mut g = self.base.at(y);
        for &d in ds.iter().rev() {
            g = self.rule.eval(d, g)?;
        }
        Some(g)
    }

    fn note(&self, cpp: bool) -> &'static str {
        match (self.covers, cpp) {
            (Covers::Values, _) => "",
            (Covers::Outcomes, true) => "// G(a, b) == 0: P, else N\n",
            (Covers::Outcomes, false) => "# G(a, b) == 0: P, else N\n",
        }
    }
}

impl Formula for Euclid {
    fn family(&self) -> &'static str {
        "recursive"
    }

    fn words(&self) -> String {
        let (a, b) = (self.frame.name(0), self.frame.name(1));
        let what = match self.covers {
            Covers::Values => "",
            Covers::Outcomes => " (G = 0 for P, 1 for N)",
        };
        format!(
            "G({a}, {b}) = {} with y = G({b} mod {a}, {a}), d = floor({b} / {a}) for 1 <= {a} <= \
             {b} (symmetric); {}{what} (self-similar: Euclid's steps)",
            self.rule.code(false),
            self.base.words(b)
        )
    }

    fn cpp(&self) -> String {
        let (a, b) = (self.frame.name(0), self.frame.name(1));
        format!(
            "long long G(long long {a}, long long {b}) {{\n    if ({a} > {b}) {{ long long t = \
             {a}; {a} = {b}; {b} = t; }}\n    if ({a} == 0) {{ long long y = {b}; return {}; }}\n    \
             long long d = {b} / {a};\n    long long y = G({b} % {a}, {a});\n    return {};\n}}\n{}",
            self.base.code(true),
            self.rule.code(true),
            self.note(true)
        )
    }

    fn python(&self) -> String {
        let (a, b) = (self.frame.name(0), self.frame.name(1));
        format!(
            "def G({a}, {b}):\n    {a}, {b} = min({a}, {b}), max({a}, {b})\n    if {a} == 0:\n    \
             \x20   y = {b}\n        return {}\n    d = {b} // {a}\n    y = G({b} % {a}, {a})\n    \
             return {}\n{}",
            self.base.code(false),
            self.rule.code(false),
            self.note(false)
        )
    }

    fn covers(&self) -> Covers {
        self.covers
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let x = self.frame.coords(p)?;
        let g = self.value(x[0], x[1])?;
        Some(match self.covers {
            Covers::Values => Answer::of_value(g),
            Covers::Outcomes => Answer::of_p(g == 0, self.frame.misere),
        })
    }

    fn cost(&self) -> u64 {
        // As the 1-D recursion: after a closed form of the same size.
        6 + self.rule.size()
    }
}

/// The base line of a table's values `v(x, y)` (row-major, `w` wide).
fn base_of(v: &[u64], w: usize) -> Option<Base> {
    let row = &v[..w];
    if row.iter().enumerate().all(|(y, &g)| g == y as u64) {
        return Some(Base::Ident);
    }
    row[1..].iter().all(|&g| g == row[1]).then_some(Base::Const { zero: row[0], rest: row[1] })
}

/// Candidates for a symmetric square table from (0, 0), 9 x 9 at least (a table of at most
/// 2^20 cells): the shortest rules that reproduce every entry.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let frame = Frame::of(t);
    if frame.free.len() != 2 || frame.lo != [0, 0] || frame.hi[0] < 8 || t.cells() > 1 << 20 {
        return Vec::new();
    }
    if !super::sorted::symmetric(t) {
        return Vec::new();
    }
    let values = t.all_finite();
    let v: Vec<u64> = if values {
        t.grundy.iter().map(|&g| u64::from(g)).collect()
    } else if t.outcome.iter().all(|&o| o == b'P' || o == b'N') {
        t.outcome.iter().map(|&o| u64::from(o == b'N')).collect()
    } else {
        return Vec::new();
    };
    let w = frame.hi[0] as usize + 1;
    let Some(base) = base_of(&v, w) else { return Vec::new() };
    // Every (d, G(phi), G) of the sorted cells with x >= 1.
    let mut pairs: Vec<(u64, u64, u64)> = Vec::new();
    for x in 1..w {
        for y in x..w {
            pairs.push(((y / x) as u64, v[(y % x) * w + x], v[x * w + y]));
        }
    }
    if pairs.len() < MIN_EVIDENCE {
        return Vec::new();
    }
    let mut terms = Term::all(values);
    terms.push(Term::DMinusLe);
    let all: Vec<Rule> =
        rules_of(&terms, w as u64 - 1).into_iter().filter(|r| r.recursive()).collect();
    let covers = if values { Covers::Values } else { Covers::Outcomes };
    shortest_fits(&all, &pairs)
        .into_iter()
        .map(|rule| {
            Box::new(Euclid { frame: frame.clone(), rule, base, covers }) as Box<dyn Formula>
        })
        .collect()
}

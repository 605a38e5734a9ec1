//! Family `recursive`: self-similar rules `G(n) = F(d, G(phi(n)))` on a line from 0, where
//! `phi` takes `n` to a smaller position and `d` is what `phi` dropped:
//! - `phi(n) = floor(n / k)`, `d = n mod k` (k = 2..10): the last base-k digit dropped (games
//!   read digit by digit, halving games `n -> floor(n / k)`, digit sums);
//! - `phi(n) = n - k^e`, `k^e` the largest power of k not above n, `d = e` (k = 2..10);
//! - `phi(n) = n - F_i`, `F_i` the largest Fibonacci number (1, 2, 3, 5, 8, ...) not above n,
//!   `d = i` (Fibonacci-type games, Zeckendorf's representation).
//!
//! `F` is short: a term of `y = G(phi(n))` and `d` (`y`, `y + c`, `d`, `y + d`, `y XOR d`,
//! `(y + d) mod m`, `[y = 0]`, a constant), or `A if COND(d) else B` with `COND` one of
//! `d = c`, `d < c`, `d odd`. The recursion applies from `n = start` (1, or k for the digit
//! rule: the first digit may be special); the values below `start` are listed. A table whose
//! values are not all known is read as outcomes (`G = 0` for P, 1 for N) and the rule speaks
//! of outcomes only.
//!
//! Read off a table the rule is observed only, checked on every entry from `start` on (and
//! the table must reach `phi`'s second level: `n >= k^2`, or 13 for Fibonacci). Far away it is
//! evaluated in `O(log n)` steps (at most 64 levels for the digit rule, `(k - 1) log_k n` for
//! the powers, 90 for Fibonacci), exactly, in integers; a value past 2^63 says nothing.

use super::{Answer, Covers, Formula, Frame, MIN_EVIDENCE};
use crate::explore::table::Table;

/// The contraction `phi` and what it drops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// `floor(n / k)`, `d = n mod k`.
    Digit(u64),
    /// `n - k^e`, `d = e`.
    Power(u64),
    /// `n - F_i`, `d = i`.
    Fibonacci,
}

impl Step {
    /// `(phi(n), d)` for `n >= 1`.
    pub fn apply(self, n: u64) -> (u64, u64) {
        match self {
            Step::Digit(k) => (n / k, n % k),
            Step::Power(k) => {
                let (mut p, mut e) = (1u64, 0u64);
                while p <= n / k {
                    p *= k;
                    e += 1;
                }
                (n - p, e)
            }
            Step::Fibonacci => {
                let (mut a, mut b, mut i) = (1u64, 2u64, 0u64);
                while b <= n {
                    let c = a.saturating_add(b);
                    (a, b, i) = (b, c, i + 1);
                    if c == u64::MAX {
                        break;
                    }
                }
                (n - a, i)
            }
        }
    }

    /// The largest `d` the step drops on a box to `hi` (for the conditions tried).
    fn digits(self, hi: u64) -> u64 {
        match self {
            Step::Digit(k) => k - 1,
            _ => self.apply(hi.max(1)).1,
        }
    }

    /// The smallest `n` of the step's second level (the table must reach it).
    fn second_level(self) -> u64 {
        match self {
            Step::Digit(k) | Step::Power(k) => k * k,
            Step::Fibonacci => 13,
        }
    }

    fn words(self, n: &str) -> String {
        match self {
            Step::Digit(k) => {
                format!("floor({n} / {k}), d = {n} mod {k} (its last base-{k} digit)")
            }
            Step::Power(k) => format!(
                "{n} - {k}^d, {k}^d the largest power of {k} not above {n} (d its exponent)"
            ),
            Step::Fibonacci => format!(
                "{n} - F(d), F(d) the largest Fibonacci number not above {n} (F = 1, 2, 3, 5, 8, \
                 ...; d its index from 0)"
            ),
        }
    }

    fn short(self) -> String {
        match self {
            Step::Digit(k) => format!("digit{k}"),
            Step::Power(k) => format!("power{k}"),
            Step::Fibonacci => "fibonacci".into(),
        }
    }

    /// C++ computing `m = phi(n)` and `d`.
    fn cpp(self, n: &str) -> String {
        match self {
            Step::Digit(k) => format!("    long long m = {n} / {k}, d = {n} % {k};\n"),
            Step::Power(k) => format!(
                "    long long p = 1, d = 0;\n    while (p <= {n} / {k}) {{ p *= {k}; d++; }}\n    \
                 long long m = {n} - p;\n"
            ),
            Step::Fibonacci => format!(
                "    long long a = 1, b = 2, d = 0;\n    while (b <= {n}) {{ long long c = a + b; \
                 a = b; b = c; d++; }}\n    long long m = {n} - a;\n"
            ),
        }
    }

    fn python(self, n: &str) -> String {
        match self {
            Step::Digit(k) => format!("    m, d = {n} // {k}, {n} % {k}\n"),
            Step::Power(k) => format!(
                "    p, d = 1, 0\n    while p <= {n} // {k}:\n        p, d = p * {k}, d + 1\n    \
                 m = {n} - p\n"
            ),
            Step::Fibonacci => format!(
                "    a, b, d = 1, 2, 0\n    while b <= {n}:\n        a, b, d = b, a + b, d + 1\n    \
                 m = {n} - a\n"
            ),
        }
    }
}

/// A term of `y = G(phi(n))` and `d`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Term {
    Y,
    /// `y + c`, c >= 1.
    YPlus(u64),
    /// `y XOR c`, c >= 1.
    YXor(u64),
    D,
    YPlusD,
    YXorD,
    /// `(y + d) mod m`.
    YPlusDMod(u64),
    /// 1 if `y = 0`, else 0.
    Zero,
    Const(u64),
    /// `d - [d <= y]`: the mex of `y` and of `d - 1` values before it, `0, 1, ...` skipping
    /// `y` (a move to `phi(n)` or to the `d - 1` positions between, as in Euclid's game).
    DMinusLe,
}

impl Term {
    fn eval(self, d: u64, y: u64) -> Option<u64> {
        Some(match self {
            Term::Y => y,
            Term::YPlus(c) => y.checked_add(c)?,
            Term::YXor(c) => y ^ c,
            Term::D => d,
            Term::YPlusD => y.checked_add(d)?,
            Term::YXorD => y ^ d,
            Term::YPlusDMod(m) => (y % m + d % m) % m,
            Term::Zero => u64::from(y == 0),
            Term::Const(c) => c,
            Term::DMinusLe => d.checked_sub(u64::from(d <= y))?,
        })
    }

    fn size(self) -> u64 {
        match self {
            Term::Y | Term::D | Term::Const(_) => 1,
            Term::YPlus(_) | Term::YXor(_) | Term::YPlusD | Term::YXorD | Term::Zero => 3,
            Term::YPlusDMod(_) | Term::DMinusLe => 5,
        }
    }

    /// The term as code (`cpp`: C++, else Python; the same text for words).
    fn code(self, cpp: bool) -> String {
        match self {
            Term::Y => "y".into(),
            Term::YPlus(c) => format!("y + {c}"),
            Term::YXor(c) => format!("(y ^ {c})"),
            Term::D => "d".into(),
            Term::YPlusD => "y + d".into(),
            Term::YXorD => "(y ^ d)".into(),
            Term::YPlusDMod(m) => format!("(y + d) % {m}"),
            Term::Zero if cpp => "(y == 0 ? 1 : 0)".into(),
            Term::Zero => "(1 if y == 0 else 0)".into(),
            Term::Const(c) => c.to_string(),
            Term::DMinusLe if cpp => "(d - (d <= y ? 1 : 0))".into(),
            Term::DMinusLe => "(d - (1 if d <= y else 0))".into(),
        }
    }

    /// Every term, shortest first (`values`: the terms that make new values too).
    pub(super) fn all(values: bool) -> Vec<Term> {
        let mut t = vec![Term::Y, Term::D, Term::Const(0), Term::Const(1)];
        if values {
            t.extend([Term::Const(2), Term::Const(3), Term::YPlusD, Term::YXorD]);
            t.extend([Term::YPlus(1), Term::YPlus(2), Term::YPlus(3)]);
            t.extend([Term::YXor(1), Term::YXor(2), Term::YXor(3)]);
        }
        t.push(Term::Zero);
        if values {
            t.extend((2..=5).map(Term::YPlusDMod));
        }
        t
    }
}

impl Term {
    /// Does the term read `y`?
    fn reads_y(self) -> bool {
        !matches!(self, Term::D | Term::Const(_))
    }
}

/// When the first term of a conditional applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cond {
    Eq(u64),
    Lt(u64),
    Odd,
}

impl Cond {
    fn holds(self, d: u64) -> bool {
        match self {
            Cond::Eq(c) => d == c,
            Cond::Lt(c) => d < c,
            Cond::Odd => d % 2 == 1,
        }
    }

    /// The same text in C++ and Python.
    fn code(self) -> String {
        match self {
            Cond::Eq(c) => format!("d == {c}"),
            Cond::Lt(c) => format!("d < {c}"),
            Cond::Odd => "d % 2 == 1".into(),
        }
    }
}

/// `F(d, y)`: a term, or a term under a condition on `d` and another otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub then: Term,
    pub other: Option<(Cond, Term)>,
}

impl Rule {
    pub fn eval(self, d: u64, y: u64) -> Option<u64> {
        match self.other {
            Some((c, _)) if c.holds(d) => self.then.eval(d, y),
            Some((_, t)) => t.eval(d, y),
            None => self.then.eval(d, y),
        }
    }

    pub(super) fn size(self) -> u64 {
        self.then.size() + self.other.map_or(0, |(_, t)| 2 + t.size())
    }

    /// Is it a recursion at all: does it read `y` (and is it more than `G(n) = G(phi(n))`,
    /// a constant)?
    pub(super) fn recursive(self) -> bool {
        let reads = self.then.reads_y() || self.other.is_some_and(|(_, t)| t.reads_y());
        reads && self != Rule { then: Term::Y, other: None }
    }

    pub(super) fn code(self, cpp: bool) -> String {
        match self.other {
            None => self.then.code(cpp),
            Some((c, t)) if cpp => {
                format!("({} ? {} : {})", c.code(), self.then.code(true), t.code(true))
            }
            Some((c, t)) => {
                format!("({} if {} else {})", self.then.code(false), c.code(), t.code(false))
            }
        }
    }
}

/// `G(n) = F(d, G(phi(n)))` for `n >= start`, `G(n) = base[n]` below.
pub struct Recursive {
    frame: Frame,
    pub step: Step,
    pub rule: Rule,
    pub base: Vec<u64>,
    /// Values, or outcomes (`G = 0` for P, 1 for N).
    covers: Covers,
}

impl Recursive {
    /// `G(n)`, in `O(log n)` steps; `None` past 2^64.
    pub fn value(&self, n: u64) -> Option<u64> {
        let start = self.base.len() as u64;
        let mut ds = Vec::new();
        let mut m = n;
        while m >= start {
            let (next, d) = self.step.apply(m);
            ds.push(d);
            m = next;
        }
        let mut y = self.base[m as usize];
        for &d in ds.iter().rev() {
            y = self.rule.eval(d, y)?;
        }
        Some(y)
    }
}

impl Formula for Recursive {
    fn family(&self) -> &'static str {
        "recursive"
    }

    fn words(&self) -> String {
        let n = self.frame.name(0);
        let base: Vec<String> =
            self.base.iter().enumerate().map(|(i, v)| format!("G({i}) = {v}")).collect();
        let what = match self.covers {
            Covers::Values => String::new(),
            Covers::Outcomes => " (G = 0 for P, 1 for N)".into(),
        };
        format!(
            "G({n}) = {} with y = G(m), m = {} for {n} >= {}; {}{what} (self-similar: {} steps)",
            self.rule.code(false),
            self.step.words(n),
            self.base.len(),
            base.join(", "),
            self.step.short()
        )
    }

    fn cpp(&self) -> String {
        let n = self.frame.name(0);
        let base: Vec<String> = self.base.iter().map(|v| v.to_string()).collect();
        format!(
            "long long G(long long {n}) {{\n    static const long long base[] = {{{}}};\n    if \
             ({n} < {}) return base[{n}];\n{}    long long y = G(m);\n    return {};\n}}\n",
            base.join(", "),
            self.base.len(),
            self.step.cpp(n),
            self.rule.code(true)
        ) + self.outcome_note(true)
    }

    fn python(&self) -> String {
        let n = self.frame.name(0);
        let base: Vec<String> = self.base.iter().map(|v| v.to_string()).collect();
        format!(
            "def G({n}):\n    base = [{}]\n    if {n} < {}:\n        return base[{n}]\n{}    y = \
             G(m)\n    return {}\n",
            base.join(", "),
            self.base.len(),
            self.step.python(n),
            self.rule.code(false)
        ) + self.outcome_note(false)
    }

    fn covers(&self) -> Covers {
        self.covers
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let n = *self.frame.coords(p)?.first()?;
        let g = self.value(n)?;
        Some(match self.covers {
            Covers::Values => Answer::of_value(g),
            Covers::Outcomes => Answer::of_p(g == 0, self.frame.misere),
        })
    }

    fn cost(&self) -> u64 {
        // After a closed form of the same size (a recursion says the same in more steps).
        4 + self.rule.size() + 2 * self.base.len() as u64
    }
}

impl Recursive {
    fn outcome_note(&self, cpp: bool) -> &'static str {
        match (self.covers, cpp) {
            (Covers::Values, _) => "",
            (Covers::Outcomes, true) => "// G(n) == 0: P, else N\n",
            (Covers::Outcomes, false) => "# G(n) == 0: P, else N\n",
        }
    }
}

/// The most rules kept, of one step and of the table (the shortest; rules that also fit are
/// competitors the answers weigh).
const MAX_KEPT: usize = 8;

/// Every rule `F` tried, shortest first, for steps dropping `d` up to `top`.
fn rules(values: bool, top: u64) -> Vec<Rule> {
    rules_of(&Term::all(values), top)
}

/// Every rule of these terms, shortest first, for steps dropping `d` up to `top`.
pub(super) fn rules_of(terms: &[Term], top: u64) -> Vec<Rule> {
    let mut out: Vec<Rule> = terms.iter().map(|&then| Rule { then, other: None }).collect();
    let mut conds: Vec<Cond> = (0..=top.min(9)).map(Cond::Eq).collect();
    conds.extend((2..=top.min(9)).map(Cond::Lt));
    conds.push(Cond::Odd);
    for &c in &conds {
        for &a in terms {
            for &b in terms {
                if a != b {
                    out.push(Rule { then: a, other: Some((c, b)) });
                }
            }
        }
    }
    out.sort_by_key(|r| r.size());
    out
}

/// Every rule of the least size that reproduces every `(d, y, G)` of the table (at most
/// [`MAX_KEPT`]): rules of one size that the box cannot tell apart are all kept, so that the
/// answers see where they part ([`crate::explore::answer`]).
pub(super) fn shortest_fits(all: &[Rule], pairs: &[(u64, u64, u64)]) -> Vec<Rule> {
    let mut fits: Vec<Rule> = Vec::new();
    for &r in all {
        if fits.first().is_some_and(|f| r.size() > f.size()) || fits.len() >= MAX_KEPT {
            break;
        }
        if pairs.iter().all(|&(d, y, want)| r.eval(d, y) == Some(want)) {
            fits.push(r);
        }
    }
    fits
}

/// Candidates for a line from 0: every step and start whose shortest rules reproduce it.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let frame = Frame::of(t);
    if frame.free.len() != 1 || frame.lo[0] != 0 {
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
    let hi = frame.hi[0];
    let covers = if values { Covers::Values } else { Covers::Outcomes };
    let mut steps: Vec<Step> = (2..=10).map(Step::Digit).collect();
    steps.extend((2..=10).map(Step::Power));
    steps.push(Step::Fibonacci);
    let mut found: Vec<(u64, Recursive)> = Vec::new();
    for step in steps {
        if hi < step.second_level() {
            continue;
        }
        let starts: Vec<u64> = match step {
            Step::Digit(k) => vec![1, k],
            _ => vec![1],
        };
        // A rule of the last digit alone is a period (said by the periodic family).
        let digit = matches!(step, Step::Digit(_));
        let all: Vec<Rule> = rules(values, step.digits(hi))
            .into_iter()
            .filter(|r| r.recursive() || (!digit && r.then != Term::Y))
            .collect();
        for start in starts {
            if hi + 1 < start + MIN_EVIDENCE as u64 {
                continue;
            }
            let pairs: Vec<(u64, u64, u64)> = (start..=hi)
                .map(|n| {
                    let (m, d) = step.apply(n);
                    (d, v[m as usize], v[n as usize])
                })
                .collect();
            let fits = shortest_fits(&all, &pairs);
            if fits.is_empty() {
                continue;
            }
            for rule in fits {
                let base = v[..start as usize].to_vec();
                let f = Recursive { frame: frame.clone(), step, rule, base, covers };
                found.push((f.cost(), f));
            }
            break;
        }
    }
    found.sort_by_key(|(c, _)| *c);
    found.truncate(MAX_KEPT);
    found.into_iter().map(|(_, f)| Box::new(f) as Box<dyn Formula>).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_steps() {
        assert_eq!(Step::Digit(3).apply(17), (5, 2));
        assert_eq!(Step::Power(3).apply(17), (8, 2));
        assert_eq!(Step::Power(2).apply(1), (0, 0));
        assert_eq!(Step::Fibonacci.apply(12), (4, 4));
        assert_eq!(Step::Fibonacci.apply(13), (0, 5));
        assert_eq!(Step::Fibonacci.apply(1), (0, 0));
        let big = u64::MAX >> 1;
        assert!(Step::Fibonacci.apply(big).0 < big / 2);
    }
}

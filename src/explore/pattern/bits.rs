//! Family: values or outcomes of a line given by a short formula over the bits of `n`.
//!
//! A small grammar is searched, shortest formulas first ([`Expr::cost`]): the features
//! ([`Feat`]) `n`, the 2-adic valuation `v2(n)` (the ruler function is `v2(n) + 1`),
//! `v2(n + 1)`, the popcount, the lowest set bit `n & -n`, the odd part and the bit length;
//! a feature alone, plus a small constant, XOR 1, modulo 2 or 3, or two features added or
//! XORed. Values: `G(n) = e(n)`. Outcomes: `P` exactly when `e(n) = r` (the evil numbers:
//! `popcount(n) mod 2 = 0`; the odious: `= 1`). Where a feature is undefined (`v2(0)`), the
//! formula starts at `n = 1` and the entry at 0 is listed. Every operation is exact on `u64`.

use super::{Answer, Covers, Formula, Line, line, var};
use crate::explore::space::Coords;
use crate::explore::table::Table;

/// A feature of `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feat {
    N,
    V2,
    V2Succ,
    Popcount,
    LowBit,
    OddPart,
    BitLength,
}

const FEATS: [Feat; 7] =
    [Feat::N, Feat::V2, Feat::V2Succ, Feat::Popcount, Feat::LowBit, Feat::OddPart, Feat::BitLength];

impl Feat {
    fn eval(self, n: u64) -> Option<u64> {
        match self {
            Feat::N => Some(n),
            Feat::V2 => (n > 0).then(|| n.trailing_zeros() as u64),
            Feat::V2Succ => Some(n.checked_add(1)?.trailing_zeros() as u64),
            Feat::Popcount => Some(n.count_ones() as u64),
            Feat::LowBit => (n > 0).then(|| n & n.wrapping_neg()),
            Feat::OddPart => (n > 0).then(|| n >> n.trailing_zeros()),
            Feat::BitLength => (n > 0).then(|| 64 - n.leading_zeros() as u64),
        }
    }

    fn needs_positive(self) -> bool {
        matches!(self, Feat::V2 | Feat::LowBit | Feat::OddPart | Feat::BitLength)
    }

    fn words(self, x: &str) -> String {
        match self {
            Feat::N => x.to_string(),
            Feat::V2 => format!("v2({x})"),
            Feat::V2Succ => format!("v2({x} + 1)"),
            Feat::Popcount => format!("popcount({x})"),
            Feat::LowBit => format!("lowbit({x})"),
            Feat::OddPart => format!("oddpart({x})"),
            Feat::BitLength => format!("bitlength({x})"),
        }
    }

    fn cpp(self, x: &str) -> String {
        match self {
            Feat::N => x.to_string(),
            Feat::V2 => format!("__builtin_ctzll({x})"),
            Feat::V2Succ => format!("__builtin_ctzll({x} + 1)"),
            Feat::Popcount => format!("__builtin_popcountll({x})"),
            Feat::LowBit => format!("({x} & -{x})"),
            Feat::OddPart => format!("({x} >> __builtin_ctzll({x}))"),
            Feat::BitLength => format!("(64 - __builtin_clzll({x}))"),
        }
    }

    fn python(self, x: &str) -> String {
        match self {
            Feat::N => x.to_string(),
            Feat::V2 => format!("(({x} & -{x}).bit_length() - 1)"),
            Feat::V2Succ => format!("((({x} + 1) & -({x} + 1)).bit_length() - 1)"),
            Feat::Popcount => format!("bin({x}).count(\"1\")"),
            Feat::LowBit => format!("({x} & -{x})"),
            Feat::OddPart => format!("({x} // ({x} & -{x}))"),
            Feat::BitLength => format!("{x}.bit_length()"),
        }
    }
}

/// A formula of the grammar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expr {
    F(Feat),
    AddC(Feat, i64),
    Xor1(Feat),
    Mod(Feat, u64),
    Add(Feat, Feat),
    Xor(Feat, Feat),
}

impl Expr {
    /// The value at `n`, `None` where undefined or negative.
    pub fn eval(self, n: u64) -> Option<u64> {
        match self {
            Expr::F(f) => f.eval(n),
            Expr::AddC(f, c) => f.eval(n)?.checked_add_signed(c),
            Expr::Xor1(f) => Some(f.eval(n)? ^ 1),
            Expr::Mod(f, m) => Some(f.eval(n)? % m),
            Expr::Add(f, g) => f.eval(n)?.checked_add(g.eval(n)?),
            Expr::Xor(f, g) => Some(f.eval(n)? ^ g.eval(n)?),
        }
    }

    fn feats(self) -> Vec<Feat> {
        match self {
            Expr::F(f) | Expr::AddC(f, _) | Expr::Xor1(f) | Expr::Mod(f, _) => vec![f],
            Expr::Add(f, g) | Expr::Xor(f, g) => vec![f, g],
        }
    }

    /// The first `n` where it is defined.
    fn from(self) -> u64 {
        u64::from(self.feats().iter().any(|f| f.needs_positive()))
    }

    /// The number of symbols.
    pub fn cost(self) -> u64 {
        match self {
            Expr::F(_) => 1,
            Expr::AddC(..) | Expr::Xor1(_) | Expr::Mod(..) => 2,
            Expr::Add(..) | Expr::Xor(..) => 3,
        }
    }

    fn render(self, x: &str, feat: &dyn Fn(Feat, &str) -> String, xor: &str) -> String {
        match self {
            Expr::F(f) => feat(f, x),
            Expr::AddC(f, c) if c < 0 => format!("{} - {}", feat(f, x), -c),
            Expr::AddC(f, c) => format!("{} + {c}", feat(f, x)),
            Expr::Xor1(f) => format!("({} {xor} 1)", feat(f, x)),
            Expr::Mod(f, m) => format!("{} % {m}", feat(f, x)),
            Expr::Add(f, g) => format!("{} + {}", feat(f, x), feat(g, x)),
            Expr::Xor(f, g) => format!("({} {xor} {})", feat(f, x), feat(g, x)),
        }
    }

    fn words(self, x: &str) -> String {
        self.render(x, &|f, x| f.words(x), "XOR").replace(" % ", " mod ")
    }
}

/// Every formula of the grammar, cheapest first.
pub fn grammar() -> Vec<Expr> {
    let mut out: Vec<Expr> = FEATS.iter().map(|&f| Expr::F(f)).collect();
    for &f in &FEATS {
        for c in [1i64, -1, 2, -2, 3] {
            out.push(Expr::AddC(f, c));
        }
        out.push(Expr::Xor1(f));
        out.push(Expr::Mod(f, 2));
        out.push(Expr::Mod(f, 3));
    }
    for (i, &f) in FEATS.iter().enumerate() {
        for &g in &FEATS[i + 1..] {
            out.push(Expr::Add(f, g));
            out.push(Expr::Xor(f, g));
        }
    }
    out.sort_by_key(|e| e.cost());
    out
}

/// `G(n) = e(n)` (values), or `P` exactly when `e(n) = r` (outcomes), on one line.
#[derive(Debug, Clone)]
pub struct Bits {
    arity: usize,
    axis: usize,
    base: Coords,
    /// The line's first coordinate in the box; the formula speaks from `max(start, e.from())`.
    start: u64,
    expr: Expr,
    /// Outcomes: P exactly when `e(n) = r`.
    target: Option<u64>,
    /// The entries before the formula's start, listed.
    head: Vec<(u64, u32)>,
    misere: bool,
}

impl Bits {
    fn from(&self) -> u64 {
        self.start.max(self.expr.from())
    }

    fn x(&self) -> &'static str {
        var(self.arity, self.axis)
    }

    fn head_words(&self) -> String {
        if self.head.is_empty() {
            return String::new();
        }
        let x = self.x();
        let parts: Vec<String> = self
            .head
            .iter()
            .map(|&(n, v)| match self.target {
                Some(_) => format!("{x} = {n} is {}", v as u8 as char),
                None => format!("G({n}) = {v}"),
            })
            .collect();
        format!("; {}", parts.join(", "))
    }
}

impl Formula for Bits {
    fn family(&self) -> &'static str {
        "bits"
    }

    fn words(&self) -> String {
        let x = self.x();
        let e = self.expr.words(x);
        let from = self.from();
        let named = match (self.expr, self.target) {
            (Expr::Mod(Feat::Popcount, 2), Some(0)) => format!(" ({x} is evil)"),
            (Expr::Mod(Feat::Popcount, 2), Some(1)) => format!(" ({x} is odious)"),
            (Expr::AddC(Feat::V2, 1), None) => " (the ruler function)".to_string(),
            _ => String::new(),
        };
        match self.target {
            Some(r) => {
                format!("P exactly when {e} = {r}{named}, for {x} >= {from}{}", self.head_words())
            }
            None => format!("G({x}) = {e}{named} for {x} >= {from}{}", self.head_words()),
        }
    }

    fn cpp(&self) -> String {
        let x = self.x();
        let e = self.expr.render(x, &|f, x| f.cpp(x), "^");
        let mut head = String::new();
        for &(n, v) in &self.head {
            let v =
                if self.target.is_some() { (v == b'P' as u32).to_string() } else { v.to_string() };
            head.push_str(&format!("    if ({x} == {n}) return {v};\n"));
        }
        match self.target {
            Some(r) => format!(
                "bool isP(long long {x}) {{  // {x} >= {}\n{head}    return ({e}) == {r};\n}}",
                self.start
            ),
            None => format!(
                "long long G(long long {x}) {{  // {x} >= {}\n{head}    return {e};\n}}",
                self.start
            ),
        }
    }

    fn python(&self) -> String {
        let x = self.x();
        let e = self.expr.render(x, &|f, x| f.python(x), "^");
        let mut head = String::new();
        for &(n, v) in &self.head {
            let v = match self.target {
                Some(_) if v == b'P' as u32 => "True".to_string(),
                Some(_) => "False".to_string(),
                None => v.to_string(),
            };
            head.push_str(&format!("    if {x} == {n}:\n        return {v}\n"));
        }
        match self.target {
            Some(r) => {
                format!("def is_p({x}):  # {x} >= {}\n{head}    return ({e}) == {r}\n", self.start)
            }
            None => format!("def G({x}):  # {x} >= {}\n{head}    return {e}\n", self.start),
        }
    }

    fn covers(&self) -> Covers {
        if self.target.is_some() { Covers::Outcomes } else { Covers::Values }
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        if (0..self.arity).any(|a| a != self.axis && p[a] != self.base[a]) {
            return None;
        }
        let n = p[self.axis];
        if n < self.start {
            return None;
        }
        if let Some(&(_, v)) = self.head.iter().find(|h| h.0 == n) {
            return Some(match self.target {
                Some(_) => Answer::of_p(v == b'P' as u32, self.misere),
                None => Answer::of_value(v as u64),
            });
        }
        let v = self.expr.eval(n)?;
        Some(match self.target {
            Some(r) => Answer::of_p(v == r, self.misere),
            None => Answer::of_value(v),
        })
    }

    fn cost(&self) -> u64 {
        self.expr.cost() + u64::from(self.target.is_some()) + self.head.len() as u64
    }
}

/// Does `e` (or `e = r`) give entry `i` of the line?
fn fits(l: &Line, e: Expr, target: Option<u64>, i: usize) -> bool {
    let n = l.start + i as u64;
    let Some(v) = e.eval(n) else { return false };
    match target {
        Some(r) => (l.outcome[i] == b'P') == (v == r),
        None => l.grundy[i] as u64 == v,
    }
}

/// Candidates for a 1-D table: the cheapest formula of values, else of outcomes (P/N only).
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let Some(l) = line(t) else { return Vec::new() };
    if l.outcome.len() < 16 {
        return Vec::new();
    }
    let mut targets: Vec<Option<u64>> = Vec::new();
    if t.all_finite() {
        targets.push(None);
    }
    if l.outcome.iter().all(|&o| o == b'P' || o == b'N') {
        targets.extend([Some(0), Some(1)]);
    }
    // Outcomes: P-positions and N-positions both in the line's second half (a rule about
    // bits, not a few cells at the start).
    let half = &l.outcome[l.outcome.len() / 2..];
    let spread = half.iter().filter(|&&o| o == b'P').count() >= 2
        && half.iter().filter(|&&o| o == b'N').count() >= 2;
    targets.retain(|t| t.is_none() || spread);
    for target in targets {
        for e in grammar() {
            // Outcomes: a feature or its residue equal to r (not `n = r`: one cell, which
            // the exceptions family says).
            if target.is_some()
                && ((!matches!(e, Expr::Mod(..)) && e.cost() > 1) || e == Expr::F(Feat::N))
            {
                continue;
            }
            let skip = (e.from().saturating_sub(l.start)) as usize;
            if skip >= l.outcome.len() || !(skip..l.outcome.len()).all(|i| fits(&l, e, target, i)) {
                continue;
            }
            // A constant says nothing about bits (periodic families cover it).
            let v0 = (skip..l.outcome.len()).map(|i| e.eval(l.start + i as u64));
            if v0.clone().min() == v0.max() {
                continue;
            }
            let head = (0..skip)
                .map(|i| {
                    let v = if target.is_some() { l.outcome[i] as u32 } else { l.grundy[i] };
                    (l.start + i as u64, v)
                })
                .collect();
            return vec![Box::new(Bits {
                arity: t.space.arity(),
                axis: l.axis,
                base: l.base,
                start: l.start,
                expr: e,
                target,
                head,
                misere: t.misere,
            })];
        }
    }
    Vec::new()
}

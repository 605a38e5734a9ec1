//! Family 5, 2-D: P-positions given by a quadratic irrational α.
//!
//! - *Beatty pairs* ([`Pairs`]): the P-positions of a plane are exactly `(floor(k·α),
//!   floor(k·α) + k·d)` and their mirrors, `k >= 0`. Wythoff's game: α the golden ratio,
//!   `d = 1`; Fraenkel's generalisation (take `x` and `y` from both heaps with `|x - y| < d`):
//!   `α = (2 - d + sqrt(d^2 + 4))/2`.
//! - *Thresholds* ([`Threshold`]): P exactly where `b >= α·a` (or `b <= α·a`).
//!
//! The table pins α down to a rational interval (each visible pair `(a, k)` says
//! `a/k <= α < (a + 1)/k`; each row of a threshold says where the boundary lies); α is
//! recognised as the cheapest `(p + q·sqrt(D))/r` in it (small integers, `D` not a square;
//! [`Quad::search`]), so the pattern answers far beyond the box, exactly: every comparison
//! with α is integer arithmetic ([`crate::theory::quadratic`]).

use super::grammar::expr::Dialect;
use super::grammar::{helper_code, quad_floor};
use super::{Answer, Covers, Formula, rows, var};
use crate::explore::space::Coords;
use crate::explore::table::Table;
use crate::theory::quadratic::Quad;
use std::cmp::Ordering;

/// The fewest pairs (`k >= 1`) or rows a pattern must be seen on.
pub const MIN_PAIRS: usize = 4;

/// `floorKAlpha(k)` (C++) or `floor_k_alpha(k)` (Python) with the helper it calls.
fn floor_code(alpha: &Quad, d: Dialect) -> String {
    let name = if d == Dialect::Cpp { "floorKAlpha" } else { "floor_k_alpha" };
    helper_code(&["isqrt"], d) + &quad_floor(alpha, name, &alpha.words(), d)
}

/// The plane of a table: its two free axes and the fixed coordinates.
#[derive(Debug, Clone)]
struct Plane {
    arity: usize,
    ax: usize,
    bx: usize,
    base: Coords,
    misere: bool,
}

impl Plane {
    /// `(a, b)` of `p`, if it lies on the plane.
    fn coords(&self, p: &[u64]) -> Option<(u64, u64)> {
        let on = (0..self.arity).all(|i| i == self.ax || i == self.bx || p[i] == self.base[i]);
        on.then(|| (p[self.ax], p[self.bx]))
    }

    fn names(&self) -> (&'static str, &'static str) {
        (var(self.arity, self.ax), var(self.arity, self.bx))
    }
}

/// P exactly on `(floor(k·α), floor(k·α) + k·d)` and mirrors.
#[derive(Debug, Clone)]
pub struct Pairs {
    plane: Plane,
    alpha: Quad,
    d: u64,
}

impl Formula for Pairs {
    fn family(&self) -> &'static str {
        "beatty"
    }

    fn words(&self) -> String {
        let (a, b) = self.plane.names();
        let kd = if self.d == 1 { "k".to_string() } else { format!("{}k", self.d) };
        format!(
            "P-positions ({a}, {b}) are exactly (floor(k*alpha), floor(k*alpha) + {kd}) and \
             their mirrors, k >= 0, alpha = {}{}",
            self.alpha.words(),
            match fraenkel(self.d) {
                _ if self.d == 1 && self.alpha == GOLDEN => " (Wythoff's pairs)",
                Some(f) if f == self.alpha => {
                    " (Fraenkel's pairs: each floor(k*alpha) is the least number in no earlier pair)"
                }
                _ => "",
            }
        )
    }

    fn cpp(&self) -> String {
        let (a, b) = self.plane.names();
        let (check, k) = if self.d == 1 {
            (String::new(), format!("{b} - {a}"))
        } else {
            (
                format!("    if (({b} - {a}) % {} != 0) return false;\n", self.d),
                format!("({b} - {a}) / {}", self.d),
            )
        };
        format!(
            "{}// is ({a}, {b}) a P-position?\n\
             bool isP(long long {a}, long long {b}) {{\n\
             \x20   if ({a} > {b}) {{ long long t = {a}; {a} = {b}; {b} = t; }}\n{check}\
             \x20   return floorKAlpha({k}) == {a};\n}}",
            floor_code(&self.alpha, Dialect::Cpp),
        )
    }

    fn python(&self) -> String {
        let (a, b) = self.plane.names();
        let (check, k) = if self.d == 1 {
            (String::new(), format!("{b} - {a}"))
        } else {
            (
                format!("    if ({b} - {a}) % {}:\n        return False\n", self.d),
                format!("({b} - {a}) // {}", self.d),
            )
        };
        format!(
            "{}\n# is ({a}, {b}) a P-position?\n\
             def is_p({a}, {b}):\n\
             \x20   {a}, {b} = min({a}, {b}), max({a}, {b})\n{check}\
             \x20   return floor_k_alpha({k}) == {a}\n",
            floor_code(&self.alpha, Dialect::Python),
        )
    }

    fn covers(&self) -> Covers {
        Covers::Outcomes
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let (a, b) = self.plane.coords(p)?;
        let (x, y) = (a.min(b), a.max(b));
        let is_p =
            (y - x).is_multiple_of(self.d) && self.alpha.floor_mul((y - x) / self.d) == x as i128;
        Some(Answer::of_p(is_p, self.plane.misere))
    }

    fn cost(&self) -> u64 {
        1 + self.d + self.alpha.cost() / 2
    }
}

use crate::theory::quadratic::GOLDEN;

/// P exactly where `b >= α·a` (`above`) or `b <= α·a`.
#[derive(Debug, Clone)]
pub struct Threshold {
    plane: Plane,
    alpha: Quad,
    above: bool,
}

impl Formula for Threshold {
    fn family(&self) -> &'static str {
        "threshold"
    }

    fn words(&self) -> String {
        let (a, b) = self.plane.names();
        let rel = if self.above { ">=" } else { "<=" };
        format!(
            "P-positions are exactly those with {b} {rel} alpha*{a}, alpha = {}",
            self.alpha.words()
        )
    }

    fn cpp(&self) -> String {
        let (a, b) = self.plane.names();
        // alpha*a is irrational for a > 0: b >= alpha*a iff b > floor(alpha*a).
        let (rel, op, zero) = if self.above { (">=", ">", "true") } else { ("<=", "<=", "b == 0") };
        format!(
            "{}// is ({a}, {b}) a P-position? ({b} {rel} alpha*{a})\n\
             bool isP(long long {a}, long long {b}) {{\n\
             \x20   if ({a} == 0) return {zero};\n\
             \x20   return {b} {op} floorKAlpha({a});\n}}",
            floor_code(&self.alpha, Dialect::Cpp),
            zero = zero.replace('b', b),
        )
    }

    fn python(&self) -> String {
        let (a, b) = self.plane.names();
        let (rel, op, zero) = if self.above { (">=", ">", "True") } else { ("<=", "<=", "b == 0") };
        format!(
            "{}\n# is ({a}, {b}) a P-position? ({b} {rel} alpha*{a})\n\
             def is_p({a}, {b}):\n\
             \x20   if {a} == 0:\n        return {zero}\n\
             \x20   return {b} {op} floor_k_alpha({a})\n",
            floor_code(&self.alpha, Dialect::Python),
            zero = zero.replace('b', b),
        )
    }

    fn covers(&self) -> Covers {
        Covers::Outcomes
    }

    fn at(&self, p: &[u64]) -> Option<Answer> {
        let (a, b) = self.plane.coords(p)?;
        let is_p = match (a, self.above) {
            (0, above) => above || b == 0,
            (_, true) => self.alpha.cmp_rational(b as i128, a as u128) == Ordering::Less,
            (_, false) => self.alpha.cmp_rational(b as i128, a as u128) == Ordering::Greater,
        };
        Some(Answer::of_p(is_p, self.plane.misere))
    }

    fn cost(&self) -> u64 {
        2 + self.alpha.cost() / 2
    }
}

/// Candidates for a 2-D table whose outcomes are all P or N.
pub fn detect(t: &Table) -> Vec<Box<dyn Formula>> {
    let Some((ax, bx, lines)) = rows(t) else { return Vec::new() };
    if t.outcome.iter().any(|&o| o != b'P' && o != b'N') {
        return Vec::new();
    }
    let mut base = [0u64; super::MAX_ARITY];
    base[..t.space.arity()].copy_from_slice(&t.space.lo);
    let plane = Plane { arity: t.space.arity(), ax, bx, base, misere: t.misere };
    let mut out: Vec<Box<dyn Formula>> = Vec::new();
    if let Some(f) = pairs(t, &plane) {
        out.push(Box::new(f));
    }
    for above in [true, false] {
        if let Some(f) = threshold(&lines, &plane, t.space.lo[ax], above) {
            out.push(Box::new(f));
        }
    }
    out
}

/// Beatty pairs from the P-positions of the box.
fn pairs(t: &Table, plane: &Plane) -> Option<Pairs> {
    let mut ps: Vec<(u64, u64)> = Vec::new();
    for cell in 0..t.cells() {
        if t.outcome[cell] == b'P' {
            let p = t.position(cell);
            let (a, b) = (p[plane.ax], p[plane.bx]);
            if a < b {
                ps.push((a, b));
            }
        }
    }
    let d = ps.iter().map(|&(a, b)| b - a).min()?;
    if ps.len() < MIN_PAIRS {
        return None;
    }
    // a/k <= alpha < (a + 1)/k for every pair.
    let (mut lo, mut hi) = ((0i128, 1u128), (i128::MAX, 1u128));
    for &(a, b) in &ps {
        if !(b - a).is_multiple_of(d) {
            return None;
        }
        let k = ((b - a) / d) as u128;
        if (a as i128) * (lo.1 as i128) > lo.0 * k as i128 {
            lo = (a as i128, k);
        }
        if (a as i128 + 1) * (hi.1 as i128) < hi.0.saturating_mul(k as i128) {
            hi = (a as i128 + 1, k);
        }
    }
    // alpha = hi would make floor(k·alpha) = a + 1 for the k that set hi: excluded.
    let alpha = match fraenkel_fit(t, plane, &ps, d) {
        Some(f)
            if f.cmp_rational(lo.0, lo.1) != Ordering::Less
                && f.cmp_rational(hi.0, hi.1) == Ordering::Less =>
        {
            f
        }
        _ => Quad::search(lo, hi, false)?,
    };
    Some(Pairs { plane: plane.clone(), alpha, d })
}

/// The fewest pairs (`k >= 1`) from which the mex rule names α without the interval search.
pub const MIN_MEX_PAIRS: usize = 6;

/// α of Fraenkel's pairs with difference `d`: `A_k` the least positive number not among the
/// earlier `A_i, B_i`, `B_k = A_k + d·k`, which are exactly `(floor(k·α), floor(k·α) + d·k)`
/// with `α = (2 - d + sqrt(d^2 + 4))/2` (Fraenkel, "How to beat your Wythoff games' opponent
/// on three fronts", 1982; d = 1 is Wythoff's golden ratio). Square factors are taken out of
/// the root (`d = 2`: `sqrt(2)`).
pub fn fraenkel(d: u64) -> Option<Quad> {
    if d == 0 || d > 1_000 {
        return None;
    }
    let (mut s, mut rest, mut f) = (1u64, d * d + 4, 2u64);
    while f * f <= rest {
        while rest.is_multiple_of(f * f) {
            rest /= f * f;
            s *= f;
        }
        f += 1;
    }
    let (p, q, r) = (2 - d as i64, s as i64, 2i64);
    let g = gcd(gcd(p.abs(), q), r);
    Some(Quad { p: p / g, q: q / g, r: (r / g) as u64, d: rest })
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Fraenkel's α for `d` when the box shows his rule from its corner (0, 0): the pairs `k = 1,
/// 2, ...` seen, at least [`MIN_MEX_PAIRS`] of them, each the least unused number and it
/// plus `d·k`. A rational slope cannot continue such a partition of the numbers (its two
/// sequences would have density `1/α + 1/(α + d) != 1`), so no rational is tried against it;
/// the whole box is still checked by [`super::verify`], and the answers beyond it are
/// conjectures like any pattern read off a table.
fn fraenkel_fit(t: &Table, plane: &Plane, ps: &[(u64, u64)], d: u64) -> Option<Quad> {
    let corner = t.space.lo[plane.ax] == 0 && t.space.lo[plane.bx] == 0;
    if !corner || ps.len() < MIN_MEX_PAIRS {
        return None;
    }
    mex_rule(ps, d).then_some(())?;
    fraenkel(d)
}

/// Do the pairs `(a, b)`, `a < b`, sorted, follow Fraenkel's rule: the k-th pair's `a` the
/// least positive number in no earlier pair, its `b` that plus `d·k`?
fn mex_rule(ps: &[(u64, u64)], d: u64) -> bool {
    let mut sorted = ps.to_vec();
    sorted.sort_unstable();
    let mut used = std::collections::HashSet::new();
    let mut next = 1u64;
    for (j, &(a, b)) in sorted.iter().enumerate() {
        while used.contains(&next) {
            next += 1;
        }
        if a != next || Some(b - a) != (j as u64 + 1).checked_mul(d) {
            return false;
        }
        used.insert(a);
        used.insert(b);
    }
    true
}

/// The hint of a box from (0, 0) whose P-positions follow Fraenkel's rule on too few pairs
/// (two at least, fewer than [`MIN_MEX_PAIRS`]) to name α: the box that shows enough.
pub fn hint(t: &Table) -> Option<String> {
    let (ax, bx, _) = rows(t)?;
    let corner = t.space.lo[ax] == 0 && t.space.lo[bx] == 0;
    if !corner || t.outcome.iter().any(|&o| o != b'P' && o != b'N') {
        return None;
    }
    let ps: Vec<(u64, u64)> = (0..t.cells())
        .filter(|&c| t.outcome[c] == b'P')
        .map(|c| t.position(c))
        .map(|p| (p[ax], p[bx]))
        .filter(|&(a, b)| a < b)
        .collect();
    let d = ps.iter().map(|&(a, b)| b - a).min()?;
    if ps.len() < 2 || ps.len() >= MIN_MEX_PAIRS || !mex_rule(&ps, d) {
        return None;
    }
    let k = MIN_MEX_PAIRS as u64;
    let top = u64::try_from(fraenkel(d)?.floor_mul(k)).ok()? + k * d;
    Some(format!(
        "the {} P-pairs seen follow Fraenkel's rule (each the least number in no earlier pair, \
         and it plus {d}k); a box showing {k} pairs would name its slope: try --box 0..{top},0..{top}",
        ps.len()
    ))
}

/// A threshold from the rows: in row `a`, P exactly for `b >= t_a` (above) or `b <= t_a`.
fn threshold(lines: &[super::Line], plane: &Plane, a0: u64, above: bool) -> Option<Threshold> {
    let (mut lo, mut hi) = ((0i128, 1u128), (i128::MAX, 1u128));
    let mut seen = 0;
    for (i, l) in lines.iter().enumerate() {
        let a = a0 + i as u64;
        if a == 0 {
            continue;
        }
        let w = l.outcome.len();
        let is_p = |j: usize| l.outcome[j] == b'P';
        // The switch point: the first P (above) or the first N (below).
        let s = (0..w).find(|&j| is_p(j) == above).unwrap_or(w);
        if s == 0 || s == w || (s..w).any(|j| is_p(j) != above) {
            continue;
        }
        seen += 1;
        // b = start + s is the first with b >= alpha a (above: the first P; below: the
        // first N), so (b - 1)/a < alpha < b/a (alpha·a is irrational).
        let first = l.start + s as u64;
        let (l0, h0) = (first as i128 - 1, first as i128);
        let a = a as u128;
        if l0 * (lo.1 as i128) > lo.0 * a as i128 {
            lo = (l0, a);
        }
        if h0 * (hi.1 as i128) < hi.0.saturating_mul(a as i128) {
            hi = (h0, a);
        }
    }
    if seen < MIN_PAIRS {
        return None;
    }
    // Rational ends: b >= alpha·a with alpha = hi, or b > alpha·a with alpha = lo, fit too.
    let alpha = Quad::search(lo, hi, true)?;
    Some(Threshold { plane: plane.clone(), alpha, above })
}

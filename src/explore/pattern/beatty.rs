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
//! [`Quad::search`]), so the pattern answers far beyond the box. Every comparison with α is
//! exact integer arithmetic: `q·m·sqrt(D)` against an integer `y` compares `q^2·m^2·D` with
//! `y^2` in 256 bits ([`mul_wide`]), so `floor(k·α)` is exact for every `k` up to 2^63.

use super::{Answer, Covers, Formula, rows, var};
use crate::explore::space::Coords;
use crate::explore::table::Table;
use std::cmp::Ordering;

/// An interval holding a rational with this denominator or less says nothing about α.
pub const SIMPLE_DENOMINATOR: i128 = 12;

/// The fewest pairs (`k >= 1`) or rows a pattern must be seen on.
pub const MIN_PAIRS: usize = 4;

/// `a·b` as (high, low) halves of 256 bits.
pub fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    let mask = u64::MAX as u128;
    let (a0, a1, b0, b1) = (a & mask, a >> 64, b & mask, b >> 64);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    let mid = (p00 >> 64) + (p01 & mask) + (p10 & mask);
    let lo = (p00 & mask) | (mid << 64);
    let hi = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (hi, lo)
}

/// `m·sqrt(d)` against `y` (`m·d` must fit in a `u128`); never `Equal` for `m > 0` and `d`
/// not a square.
fn cmp_sqrt(m: u128, d: u64, y: u128) -> Ordering {
    mul_wide(m * d as u128, m).cmp(&mul_wide(y, y))
}

/// `m·sqrt(d)` against `y`, both signed.
fn cmp_sqrt_signed(m: i128, d: u64, y: i128) -> Ordering {
    match (m >= 0, y >= 0) {
        (true, false) => Ordering::Greater,
        (false, true) if m != 0 => Ordering::Less,
        (true, true) => cmp_sqrt(m as u128, d, y as u128),
        _ => cmp_sqrt(m.unsigned_abs(), d, y.unsigned_abs()).reverse(),
    }
}

/// `floor(sqrt(n))`, exact: a floating-point first guess, then corrected by integer steps.
fn isqrt_u128(n: u128) -> u128 {
    let mut x = (n as f64).sqrt() as u128;
    if x > 0 {
        x = (x + n / x) / 2; // one Newton step: within a unit or two of the root
    }
    while x > 0 && x.checked_mul(x).is_none_or(|s| s > n) {
        x -= 1;
    }
    while (x + 1).checked_mul(x + 1).is_some_and(|s| s <= n) {
        x += 1;
    }
    x
}

/// `floor(m·sqrt(d))` for `m >= 0` (`m·d` fitting in a `u128`, the result below 2^100).
/// When `m^2·d` fits in a `u128` it is one exact integer square root (the common case: a
/// verification calls this once per cell); else a binary search in 256-bit arithmetic.
fn floor_sqrt(m: u128, d: u64) -> u128 {
    if let Some(n) = m.checked_mul(m).and_then(|s| s.checked_mul(d as u128)) {
        return isqrt_u128(n);
    }
    let (mut lo, mut hi) = (0u128, 1u128 << 100);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if cmp_sqrt(m, d, mid) != Ordering::Less {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// A positive quadratic irrational `(p + q·sqrt(d))/r`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quad {
    pub p: i64,
    pub q: i64,
    pub r: u64,
    pub d: u64,
}

impl Quad {
    /// `alpha` against `num/den` (`den > 0`).
    pub fn cmp_rational(&self, num: i128, den: u128) -> Ordering {
        // (p + q sqrt d)/r vs num/den  <=>  q·den·sqrt(d) vs num·r - p·den.
        let y = num * self.r as i128 - self.p as i128 * den as i128;
        cmp_sqrt_signed(self.q as i128 * den as i128, self.d, y)
    }

    /// `floor(k·alpha)`, exact for every `k` up to 2^64.
    pub fn floor_mul(&self, k: u64) -> i128 {
        if k == 0 {
            return 0;
        }
        let x = floor_sqrt(k as u128 * self.q.unsigned_abs() as u128, self.d) as i128;
        // x = floor(k|q| sqrt d), irrational: floor(-k|q| sqrt d) = -x - 1.
        let x = if self.q > 0 { x } else { -x - 1 };
        (k as i128 * self.p as i128 + x).div_euclid(self.r as i128)
    }

    /// The height of its minimal polynomial r^2 x^2 - 2 p r x + (p^2 - q^2 d), reduced by the
    /// gcd of the coefficients (the golden ratio, x^2 - x - 1: 3), so that the simplest number
    /// in an interval wins, not the one written with the smallest digits.
    fn cost(&self) -> u64 {
        let (p, q, r, d) = (self.p as i128, self.q as i128, self.r as i128, self.d as i128);
        let coeffs = [r * r, 2 * p * r, p * p - q * q * d];
        let g = coeffs.iter().fold(0i128, |g, &c| gcd(g, c.abs())).max(1);
        coeffs.iter().map(|c| (c.abs() / g) as u64).sum()
    }

    /// The cheapest quadratic irrational in `[lo, hi)` (rationals `(num, den)`, `den > 0`).
    /// `None` also when a simple rational (denominator up to [`SIMPLE_DENOMINATOR`]) lies in
    /// `[lo, hi)` (`[lo, hi]` if `hi_fits`: a rational α equal to `hi` also explains the
    /// table): the table cannot tell α from it, and the rational is the shorter answer.
    pub fn search(lo: (i128, u128), hi: (i128, u128), hi_fits: bool) -> Option<Quad> {
        for den in 1..=SIMPLE_DENOMINATOR {
            // The least num with num/den >= lo, then num/den <= hi?
            let num = (lo.0 * den).div_euclid(lo.1 as i128)
                + i128::from((lo.0 * den).rem_euclid(lo.1 as i128) != 0);
            let (x, y) = (num * hi.1 as i128, hi.0.saturating_mul(den));
            if x < y || (hi_fits && x == y) {
                return None;
            }
        }
        let mut best: Option<Quad> = None;
        for d in 2..=30u64 {
            if (1..=6u64).any(|s| s * s == d) {
                continue;
            }
            for r in 1..=6u64 {
                for q in [1i64, -1, 2, -2, 3, -3] {
                    for p in -12..=12i64 {
                        let c = Quad { p, q, r, d };
                        if best.is_some_and(|b| b.cost() <= c.cost()) {
                            continue;
                        }
                        if c.cmp_rational(0, 1) == Ordering::Greater
                            && c.cmp_rational(lo.0, lo.1) != Ordering::Less
                            && c.cmp_rational(hi.0, hi.1) == Ordering::Less
                        {
                            best = Some(c);
                        }
                    }
                }
            }
        }
        best
    }

    /// The number in words (`(1 + sqrt(5))/2, the golden ratio`).
    pub fn words(&self) -> String {
        let q = match self.q {
            1 => String::new(),
            -1 => "-".into(),
            q => format!("{q}*"),
        };
        let num = match (self.p, self.q > 0) {
            (0, _) => format!("{q}sqrt({})", self.d),
            (p, true) => format!("{p} + {q}sqrt({})", self.d),
            (p, false) => format!("{p} - {}sqrt({})", q.trim_start_matches('-'), self.d),
        };
        let text = match (self.r, self.p) {
            (1, _) => num,
            (r, 0) => format!("{num}/{r}"),
            (r, _) => format!("({num})/{r}"),
        };
        if (self.p, self.q, self.r, self.d) == (1, 1, 2, 5) {
            format!("{text}, the golden ratio")
        } else {
            text
        }
    }

    /// `floorKAlpha(k)` in C++ (with `isqrt128`).
    fn cpp(&self) -> String {
        let neg =
            if self.q < 0 { "    x = -x - 1;  // q < 0: floor(-y) = -floor(y) - 1\n" } else { "" };
        let q = self.q.unsigned_abs();
        let kq = if q == 1 {
            "(unsigned __int128)k".to_string()
        } else {
            format!("(unsigned __int128)k * {q}")
        };
        format!(
            "unsigned __int128 isqrt128(unsigned __int128 n) {{  // exact\n\
             \x20   unsigned __int128 lo = 0, hi = (unsigned __int128)1 << 64;\n\
             \x20   while (hi - lo > 1) {{ unsigned __int128 m = (lo + hi) / 2; if (m * m <= n) lo = m; else hi = m; }}\n\
             \x20   return lo;\n}}\n\
             // floor(k * alpha), alpha = {w}; exact while (k*{q})^2*{d} < 2^128\n\
             __int128 floorKAlpha(long long k) {{\n\
             \x20   if (k == 0) return 0;\n\
             \x20   unsigned __int128 kq = {kq};\n\
             \x20   __int128 x = isqrt128(kq * kq * {d});\n{neg}\
             {tail}}}\n",
            w = self.words(),
            d = self.d,
            tail = self.cpp_tail(),
        )
    }

    /// `p·k + x` as C++ (`pk` for the term `p·k`, `x` for the root), without `* (1)` or `+ 0`.
    fn numerator(&self, k: &str) -> String {
        match self.p {
            0 => "x".to_string(),
            1 => format!("{k} + x"),
            -1 => format!("x - {k}"),
            p if p > 0 => format!("{k} * {p} + x"),
            p => format!("x - {k} * {}", -p),
        }
    }

    /// The end of `floorKAlpha`: the numerator, divided by `r` rounding down (none for `r = 1`).
    fn cpp_tail(&self) -> String {
        let num = self.numerator("(__int128)k");
        if self.r == 1 {
            return format!("    return {num};\n");
        }
        let r = self.r;
        let neg = if self.p < 0 || self.q < 0 {
            format!("    if (num % {r} != 0 && num < 0) f--;  // floor division\n")
        } else {
            String::new()
        };
        format!("    __int128 num = {num}, f = num / {r};\n{neg}    return f;\n")
    }

    fn python(&self) -> String {
        let neg = if self.q < 0 { "    x = -x - 1  # q < 0\n" } else { "" };
        format!(
            "import math\n\n\
             # floor(k * alpha), alpha = {w}, exact\n\
             def floor_k_alpha(k):\n\
             \x20   if k == 0:\n        return 0\n\
             \x20   x = math.isqrt(k * k * {q2}{d})\n{neg}\
             \x20   return {ret}\n",
            w = self.words(),
            q2 = if self.q.abs() == 1 { String::new() } else { format!("{} * ", self.q * self.q) },
            d = self.d,
            ret = if self.r == 1 {
                self.numerator("k")
            } else {
                format!("({}) // {}", self.numerator("k"), self.r)
            },
        )
    }
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
            if self.d == 1 && self.alpha == GOLDEN { " (Wythoff's pairs)" } else { "" }
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
            self.alpha.cpp(),
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
            self.alpha.python(),
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

const GOLDEN: Quad = Quad { p: 1, q: 1, r: 2, d: 5 };

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
            self.alpha.cpp(),
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
            self.alpha.python(),
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
    let alpha = Quad::search(lo, hi, false)?;
    Some(Pairs { plane: plane.clone(), alpha, d })
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

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn isqrt(x: u128) -> u128 {
        let (mut lo, mut hi) = (0u128, 1u128 << 64);
        while hi - lo > 1 {
            let m = (lo + hi) / 2;
            if m.checked_mul(m).is_some_and(|s| s <= x) {
                lo = m;
            } else {
                hi = m;
            }
        }
        lo
    }

    #[test]
    fn wide_products() {
        assert_eq!(mul_wide(1 << 127, 4), (2, 0));
        assert_eq!(mul_wide(u128::MAX, u128::MAX), (u128::MAX - 1, 1));
        assert_eq!(mul_wide(123_456_789, 987_654_321), (0, 123_456_789 * 987_654_321));
    }

    #[test]
    fn floor_mul_is_exact() {
        let golden = GOLDEN;
        let small = Quad { p: 3, q: -1, r: 2, d: 5 }; // (3 - sqrt 5)/2
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..2000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let k = if i < 1000 { i } else { x >> (2 + i % 40) };
            let (kk, s) = (k as u128, isqrt(5 * k as u128 * k as u128));
            assert_eq!(golden.floor_mul(k), ((kk + s) / 2) as i128, "k = {k}");
            let want = if k == 0 { 0 } else { (3 * kk as i128 - s as i128 - 1).div_euclid(2) };
            assert_eq!(small.floor_mul(k), want, "k = {k}");
        }
        // Beyond 5k^2 < 2^128: phi·F(n) = F(n+1) - psi^n, so floor(phi·F(92)) = F(93) - 1.
        let (mut a, mut b) = (1u64, 1u64);
        for _ in 0..90 {
            (a, b) = (b, a + b);
        }
        assert_eq!(golden.floor_mul(b) as u128, a as u128 + b as u128 - 1);
    }

    #[test]
    fn search_finds_the_simplest() {
        // 1.618 <= alpha < 1.6181: the golden ratio.
        assert_eq!(Quad::search((1618, 1000), (16181, 10000), false), Some(GOLDEN));
        // An interval around 1.4142: sqrt(2).
        assert_eq!(
            Quad::search((14142, 10000), (14143, 10000), false),
            Some(Quad { p: 0, q: 1, r: 1, d: 2 })
        );
        // Below any quadratic irrational with these small integers: none.
        assert_eq!(Quad::search((1, 1_000_000), (2, 1_000_000), false), None);
        // Holding 5/3 (or touching it): the table cannot tell; nothing is proposed.
        assert_eq!(Quad::search((16666, 10000), (16667, 10000), false), None);
        assert_eq!(Quad::search((5, 3), (16667, 10000), false), None);
        assert_eq!(Quad::search((16665, 10000), (5, 3), true), None);
        // sqrt(2) in [24/17, 17/12): 17/12 is excluded, sqrt(2) is found.
        let root2 = Some(Quad { p: 0, q: 1, r: 1, d: 2 });
        assert_eq!(Quad::search((24, 17), (17, 12), false), root2);
        assert_eq!(Quad::search((24, 17), (17, 12), true), None);
    }
}

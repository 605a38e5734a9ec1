//! Exact arithmetic with a positive quadratic irrational `α = (p + q·sqrt(d))/r` (integers,
//! `d` not a square): `floor(k·α)` and comparisons with rationals, exact for every `k` up to
//! 2^64, and the simplest such number in a rational interval.
//!
//! Every comparison is integer arithmetic: `m·sqrt(d)` against an integer `y` compares
//! `m^2·d` with `y^2` in 256 bits ([`mul_wide`]). Simplicity is the height of the minimal
//! polynomial `r^2 x^2 - 2pr x + (p^2 - q^2 d)` (coefficients divided by their gcd), so the
//! golden ratio (`x^2 - x - 1`) beats every other number near 1.618. These are the slopes of
//! Beatty pairs (Wythoff's game: α the golden ratio; Fraenkel's generalisations) and of
//! irrational thresholds between P- and N-positions.

use std::cmp::Ordering;

/// The golden ratio `(1 + sqrt(5))/2`.
pub const GOLDEN: Quad = Quad { p: 1, q: 1, r: 2, d: 5 };

/// An interval holding a rational with this denominator or less says nothing about α.
pub const SIMPLE_DENOMINATOR: i128 = 12;

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
pub fn isqrt_u128(n: u128) -> u128 {
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
    pub fn cost(&self) -> u64 {
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

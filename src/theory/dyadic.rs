//! Exact dyadic rationals `n / 2^k` (any size: the numerator is a [`BigInt`]) and the
//! simplest-number rule, the arithmetic of the numbers among short partizan games.
//!
//! **Theorem (the simplicity theorem; Conway, *On Numbers and Games*, ch. 2, Theorem 11;
//! Siegel, *Combinatorial Game Theory*, Theorem II.3.7; Winning Ways ch. 2 "the simplicity
//! rule").** If every Left option of `G` is a number, every Right option is a number, and every
//! Left option is less than every Right option, then `G` equals the *simplest* number `x` with
//! `GL < x < GR` for all options: the integer of least absolute value when there is an integer in
//! that interval, and otherwise the dyadic rational with the least denominator (there is exactly
//! one such). The short games that are numbers are exactly the dyadic rationals (Siegel,
//! Theorem II.3.3), so a numerator and a power of two hold every one of them exactly.
//!
//! Representation: `num / 2^exp`, normalized (`exp == 0` or `num` odd), so equal numbers have
//! equal fields. [`Dyadic::simplest_between`] finds the least denominator by a binary search on
//! the exponent (whether some multiple of `2^-k` lies strictly inside the interval is monotone in
//! `k`), so it costs a logarithmic number of big-integer shifts.
//!
//! ```
//! use games::theory::dyadic::Dyadic;
//! let a = Dyadic::from_ratio(1, 1); // 1/2
//! let b = Dyadic::from_ratio(3, 2); // 3/4
//! assert_eq!((&a + &b).to_string(), "5/4");
//! // {1/2 | 3/4} = 5/8, {-3 | 5/2} = 0, {1 | } = 2, { | -1/2} = -1
//! assert_eq!(Dyadic::simplest_between(Some(&a), Some(&b)).unwrap().to_string(), "5/8");
//! let m3 = Dyadic::from_int(-3);
//! let five_halves = Dyadic::from_ratio(5, 1);
//! assert_eq!(Dyadic::simplest_between(Some(&m3), Some(&five_halves)).unwrap().to_string(), "0");
//! assert_eq!(Dyadic::simplest_between(Some(&Dyadic::from_int(1)), None).unwrap().to_string(), "2");
//! assert_eq!(Dyadic::simplest_between(None, Some(&Dyadic::from_ratio(-1, 1))).unwrap().to_string(), "-1");
//! ```

use crate::theory::bigint::{BigInt, BigUint};
use std::cmp::Ordering;
use std::fmt;

/// An exact dyadic rational `num / 2^exp`, normalized.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Dyadic {
    num: BigInt,
    exp: u64,
}

impl Dyadic {
    /// Zero.
    pub fn zero() -> Self {
        Dyadic::default()
    }

    /// `num / 2^exp`, normalized.
    pub fn new(num: BigInt, exp: u64) -> Self {
        if num.is_zero() {
            return Dyadic::zero();
        }
        let shift = num.trailing_zeros().min(exp);
        if shift == 0 {
            return Dyadic { num, exp };
        }
        Dyadic { num: num.shr_floor(shift), exp: exp - shift }
    }

    /// The integer `n`.
    pub fn from_int(n: i64) -> Self {
        Dyadic { num: BigInt::from(n), exp: 0 }
    }

    /// `n / 2^exp` from a machine integer.
    pub fn from_ratio(n: i64, exp: u64) -> Self {
        Dyadic::new(BigInt::from(n), exp)
    }

    /// The numerator (odd unless the number is an integer).
    pub fn numerator(&self) -> &BigInt {
        &self.num
    }

    /// The exponent of the denominator `2^exp` (0 for an integer).
    pub fn exponent(&self) -> u64 {
        self.exp
    }

    /// Whether this is an integer.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.num.is_zero()
    }

    /// -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        self.num.signum()
    }

    /// The numerator over `2^e` for an `e >= self.exp`.
    fn scaled(&self, e: u64) -> BigInt {
        self.num.shl(e - self.exp)
    }

    /// The greatest integer `<= self`.
    pub fn floor(&self) -> BigInt {
        self.num.shr_floor(self.exp)
    }

    /// `floor(self * 2^k) / 2^k`'s numerator: the greatest multiple of `2^-k` that is `<= self`.
    fn floor_at(&self, k: u64) -> BigInt {
        if k >= self.exp { self.num.shl(k - self.exp) } else { self.num.shr_floor(self.exp - k) }
    }

    /// `self * 2^s` (exact).
    pub fn mul_pow2(&self, s: u64) -> Self {
        if s <= self.exp {
            Dyadic { num: self.num.clone(), exp: self.exp - s }
        } else {
            Dyadic { num: self.num.shl(s - self.exp), exp: 0 }
        }
    }

    /// `self / 2^s` (exact).
    pub fn div_pow2(&self, s: u64) -> Self {
        Dyadic::new(self.num.clone(), self.exp + s)
    }

    /// The simplest number `x` with `lo < x < hi` (a missing bound is no bound), or `None` when
    /// the interval is empty (`lo >= hi`). See the module doc for the rule.
    pub fn simplest_between(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
        if let (Some(l), Some(h)) = (lo, hi)
            && l >= h
        {
            return None;
        }
        let zero = Dyadic::zero();
        let above_lo = lo.is_none_or(|l| *l < zero);
        let below_hi = hi.is_none_or(|h| *h > zero);
        if above_lo && below_hi {
            return Some(zero);
        }
        // The integer nearest to zero inside, when there is one.
        let candidate = if !above_lo {
            let l = lo?; // lo >= 0: the least integer above it
            Dyadic { num: &l.floor() + &BigInt::from(1), exp: 0 }
        } else {
            let h = hi?; // hi <= 0: the greatest integer below it
            let ceil = -(-h).floor();
            Dyadic { num: &ceil - &BigInt::from(1), exp: 0 }
        };
        if lo.is_none_or(|l| *l < candidate) && hi.is_none_or(|h| candidate < *h) {
            return Some(candidate);
        }
        // No integer inside: both bounds are present and lie in one unit interval.
        let (l, h) = (lo?, hi?);
        let inside = |k: u64| {
            let m = &l.floor_at(k) + &BigInt::from(1);
            let x = Dyadic::new(m, k);
            if x < *h { Some(x) } else { None }
        };
        let (mut bad, mut good) = (0u64, l.exp.max(h.exp) + 1);
        while good - bad > 1 {
            let mid = bad + (good - bad) / 2;
            if inside(mid).is_some() { good = mid } else { bad = mid }
        }
        inside(good)
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        let e = self.exp.max(other.exp);
        self.scaled(e).cmp(&other.scaled(e))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::ops::Add<&Dyadic> for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        let e = self.exp.max(other.exp);
        Dyadic::new(&self.scaled(e) + &other.scaled(e), e)
    }
}

impl std::ops::Sub<&Dyadic> for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        self + &(-other)
    }
}

impl std::ops::Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic { num: -&self.num, exp: self.exp }
    }
}

impl fmt::Display for Dyadic {
    /// CGSuite's notation: `3`, `-5/8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, &BigUint::one() << self.exp)
        }
    }
}

impl fmt::Debug for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every dyadic `n / 2^e` with `|n| <= 40`, `e <= 4`, as (value times 64).
    fn small() -> Vec<(Dyadic, i64)> {
        let mut v = Vec::new();
        for e in 0..=4u64 {
            for n in -40i64..=40 {
                v.push((Dyadic::from_ratio(n, e), n << (6 - e)));
            }
        }
        v
    }

    /// The simplest number by brute force: the least birthday first. The numbers born by day
    /// `d` are the integers `|n| <= d` and the dyadics `m/2^j` with `|m/2^j| + j <= d` (Conway,
    /// ONAG ch. 3); among those inside, the first born wins (it is unique).
    fn simplest_brute(lo: Option<i64>, hi: Option<i64>) -> Option<i64> {
        // values times 64
        let birthday = |x: i64| -> i64 {
            let mut e = 6;
            let mut m = x;
            while e > 0 && m % 2 == 0 {
                m /= 2;
                e -= 1;
            }
            // integer part ceil/floor toward zero plus the bits
            if e == 0 { m.abs() } else { (x.abs() >> 6) + 1 + e }
        };
        let mut best: Option<(i64, i64)> = None;
        for x in -64 * 50..=64 * 50 {
            if lo.is_some_and(|l| x <= l) || hi.is_some_and(|h| x >= h) {
                continue;
            }
            let b = birthday(x);
            if best.is_none_or(|(bb, _)| b < bb) {
                best = Some((b, x));
            }
        }
        best.map(|(_, x)| x)
    }

    #[test]
    fn order_and_sums_agree_with_integers() {
        let s = small();
        for (a, x) in &s {
            for (b, y) in &s {
                assert_eq!(a.cmp(b), x.cmp(y), "{a} vs {b}");
                let sum = a + b;
                assert_eq!(sum, Dyadic::from_ratio(x + y, 6), "{a} + {b}");
                assert_eq!(&sum - b, *a);
            }
        }
    }

    #[test]
    fn simplest_between_matches_least_birthday() {
        let s = small();
        for (a, x) in &s {
            for (b, y) in &s {
                let got = Dyadic::simplest_between(Some(a), Some(b));
                let want = simplest_brute(Some(*x), Some(*y)).map(|v| Dyadic::from_ratio(v, 6));
                assert_eq!(got, want, "{{{a} | {b}}}");
            }
            let want = simplest_brute(Some(*x), None).map(|v| Dyadic::from_ratio(v, 6));
            assert_eq!(Dyadic::simplest_between(Some(a), None), want);
            let want = simplest_brute(None, Some(*x)).map(|v| Dyadic::from_ratio(v, 6));
            assert_eq!(Dyadic::simplest_between(None, Some(a)), want);
        }
        assert_eq!(Dyadic::simplest_between(None, None), Some(Dyadic::zero()));
    }

    #[test]
    fn big_denominators_are_exact() {
        // 1/2^300 and 1/2^299: the simplest between is 3/2^301
        let a = Dyadic::from_ratio(1, 300);
        let b = Dyadic::from_ratio(1, 299);
        let x = Dyadic::simplest_between(Some(&a), Some(&b)).unwrap();
        assert_eq!(x, Dyadic::from_ratio(3, 301));
        assert_eq!(Dyadic::from_ratio(-5, 3).to_string(), "-5/8");
        assert_eq!(Dyadic::from_ratio(12, 4).to_string(), "3/4");
        assert_eq!(x.mul_pow2(301), Dyadic::from_int(3));
        assert_eq!(Dyadic::from_int(3).div_pow2(2).to_string(), "3/4");
    }
}

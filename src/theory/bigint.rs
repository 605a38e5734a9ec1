//! Exact integers of any size: [`BigUint`] (naturals) and [`BigInt`] (signed), for the counts
//! and dyadic rationals that outgrow 64 bits (a count of sequences `|A|^L`, the numerator of a
//! Blue-Red Hackenbush string of 10^5 edges). Nothing here rounds.
//!
//! Representation: little-endian 64-bit limbs with no zero limb at the top (zero is the empty
//! vector), so equal numbers have equal vectors and `==`/`Ord` are structural. Algorithms are
//! the schoolbook ones of Knuth, *The Art of Computer Programming* vol. 2, §4.3.1 (addition,
//! subtraction, multiplication, division by one limb); that is enough for counts and dyadic
//! numerators, whose sizes are a few thousand bits. Decimal output converts by repeated
//! division by 10^19.
//!
//! ```
//! use games::theory::bigint::{BigInt, BigUint};
//! let x = BigUint::from(u64::MAX) * &BigUint::from(u64::MAX);
//! assert_eq!(x.to_string(), "340282366920938463426481119284349108225");
//! let y = BigInt::from(-5i64) + &BigInt::from(3i64);
//! assert_eq!(y.to_string(), "-2");
//! ```

use std::cmp::Ordering;
use std::fmt;

/// A natural number of any size.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BigUint {
    /// Little-endian limbs; the last one is non-zero (zero is empty).
    limbs: Vec<u64>,
}

impl BigUint {
    /// Zero.
    pub const fn zero() -> Self {
        BigUint { limbs: Vec::new() }
    }

    /// One.
    pub fn one() -> Self {
        BigUint { limbs: vec![1] }
    }

    fn trim(mut self) -> Self {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        self
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The value, when it fits in 64 bits.
    pub fn to_u64(&self) -> Option<u64> {
        match self.limbs.len() {
            0 => Some(0),
            1 => Some(self.limbs[0]),
            _ => None,
        }
    }

    /// The value, when it fits in 128 bits.
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs.len() {
            0 => Some(0),
            1 => Some(self.limbs[0] as u128),
            2 => Some(self.limbs[0] as u128 | (self.limbs[1] as u128) << 64),
            _ => None,
        }
    }

    /// The number of significant bits (0 for zero).
    pub fn bits(&self) -> u64 {
        match self.limbs.last() {
            None => 0,
            Some(&top) => 64 * self.limbs.len() as u64 - top.leading_zeros() as u64,
        }
    }

    /// The number of trailing zero bits (the 2-adic valuation); 0 for zero.
    pub fn trailing_zeros(&self) -> u64 {
        for (i, &l) in self.limbs.iter().enumerate() {
            if l != 0 {
                return 64 * i as u64 + l.trailing_zeros() as u64;
            }
        }
        0
    }

    /// Whether the number is odd.
    pub fn is_odd(&self) -> bool {
        self.limbs.first().is_some_and(|l| l & 1 == 1)
    }

    /// Bit `i` (0 is the lowest).
    pub fn bit(&self, i: u64) -> bool {
        let limb = (i / 64) as usize;
        limb < self.limbs.len() && (self.limbs[limb] >> (i % 64)) & 1 == 1
    }

    /// `self - other`, or `None` when `other > self`.
    pub fn checked_sub(&self, other: &BigUint) -> Option<BigUint> {
        if *self < *other {
            return None;
        }
        let mut limbs = self.limbs.clone();
        let mut borrow = false;
        for (i, limb) in limbs.iter_mut().enumerate() {
            let o = other.limbs.get(i).copied().unwrap_or(0);
            if o == 0 && !borrow && i >= other.limbs.len() {
                break;
            }
            let (d1, b1) = limb.overflowing_sub(o);
            let (d2, b2) = d1.overflowing_sub(borrow as u64);
            *limb = d2;
            borrow = b1 || b2;
        }
        Some(BigUint { limbs }.trim())
    }

    /// `self * m + a` for one-limb `m` and `a`.
    pub fn mul_add_small(&self, m: u64, a: u64) -> BigUint {
        let mut limbs = Vec::with_capacity(self.limbs.len() + 1);
        let mut carry = a as u128;
        for &l in &self.limbs {
            let t = l as u128 * m as u128 + carry;
            limbs.push(t as u64);
            carry = t >> 64;
        }
        limbs.push(carry as u64);
        BigUint { limbs }.trim()
    }

    /// `(self / d, self % d)` for a one-limb divisor; `None` when `d` is 0.
    pub fn div_rem_small(&self, d: u64) -> Option<(BigUint, u64)> {
        if d == 0 {
            return None;
        }
        let mut q = vec![0u64; self.limbs.len()];
        let mut rem: u128 = 0;
        for i in (0..self.limbs.len()).rev() {
            let cur = rem << 64 | self.limbs[i] as u128;
            q[i] = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        Some((BigUint { limbs: q }.trim(), rem as u64))
    }

    /// `self mod m` for a one-limb modulus (`None` when `m` is 0).
    pub fn rem_u64(&self, m: u64) -> Option<u64> {
        if m == 0 {
            return None;
        }
        let mut rem: u128 = 0;
        for &l in self.limbs.iter().rev() {
            rem = (rem << 64 | l as u128) % m as u128;
        }
        Some(rem as u64)
    }

    /// `self ^ e` by repeated squaring.
    pub fn pow(&self, mut e: u64) -> BigUint {
        let mut base = self.clone();
        let mut acc = BigUint::one();
        while e > 0 {
            if e & 1 == 1 {
                acc = &acc * &base;
            }
            e >>= 1;
            if e > 0 {
                base = &base * &base;
            }
        }
        acc
    }

    /// Parses a decimal natural (ASCII digits only, at least one).
    pub fn parse_decimal(s: &str) -> Option<BigUint> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let mut acc = BigUint::zero();
        for chunk in s.as_bytes().chunks(19) {
            let mut v = 0u64;
            for &b in chunk {
                v = v * 10 + (b - b'0') as u64;
            }
            acc = acc.mul_add_small(10u64.pow(chunk.len() as u32), v);
        }
        Some(acc)
    }

    /// The limbs, little-endian (no zero limb at the top).
    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// The number with these little-endian limbs (zero limbs at the top allowed).
    pub fn from_limbs(limbs: Vec<u64>) -> Self {
        BigUint { limbs }.trim()
    }
}

impl From<u64> for BigUint {
    fn from(v: u64) -> Self {
        BigUint { limbs: vec![v] }.trim()
    }
}

impl From<u128> for BigUint {
    fn from(v: u128) -> Self {
        BigUint { limbs: vec![v as u64, (v >> 64) as u64] }.trim()
    }
}

impl Ord for BigUint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

impl PartialOrd for BigUint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::ops::Add<&BigUint> for &BigUint {
    type Output = BigUint;
    fn add(self, other: &BigUint) -> BigUint {
        let (long, short) =
            if self.limbs.len() >= other.limbs.len() { (self, other) } else { (other, self) };
        let mut limbs = Vec::with_capacity(long.limbs.len() + 1);
        let mut carry = false;
        for (i, &l) in long.limbs.iter().enumerate() {
            let s = short.limbs.get(i).copied().unwrap_or(0);
            let (a1, c1) = l.overflowing_add(s);
            let (a2, c2) = a1.overflowing_add(carry as u64);
            limbs.push(a2);
            carry = c1 || c2;
        }
        if carry {
            limbs.push(1);
        }
        BigUint { limbs }
    }
}

impl std::ops::Add<&BigUint> for BigUint {
    type Output = BigUint;
    fn add(self, other: &BigUint) -> BigUint {
        &self + other
    }
}

impl std::ops::AddAssign<&BigUint> for BigUint {
    fn add_assign(&mut self, other: &BigUint) {
        *self = &*self + other;
    }
}

impl std::ops::Mul<&BigUint> for &BigUint {
    type Output = BigUint;
    fn mul(self, other: &BigUint) -> BigUint {
        if self.is_zero() || other.is_zero() {
            return BigUint::zero();
        }
        let mut limbs = vec![0u64; self.limbs.len() + other.limbs.len()];
        for (i, &a) in self.limbs.iter().enumerate() {
            let mut carry: u128 = 0;
            for (j, &b) in other.limbs.iter().enumerate() {
                let t = a as u128 * b as u128 + limbs[i + j] as u128 + carry;
                limbs[i + j] = t as u64;
                carry = t >> 64;
            }
            limbs[i + other.limbs.len()] = carry as u64;
        }
        BigUint { limbs }.trim()
    }
}

impl std::ops::Mul<&BigUint> for BigUint {
    type Output = BigUint;
    fn mul(self, other: &BigUint) -> BigUint {
        &self * other
    }
}

impl std::ops::Shl<u64> for &BigUint {
    type Output = BigUint;
    fn shl(self, s: u64) -> BigUint {
        if self.is_zero() {
            return BigUint::zero();
        }
        let (words, bits) = ((s / 64) as usize, (s % 64) as u32);
        let mut limbs = vec![0u64; words];
        limbs.reserve(self.limbs.len() + 1);
        if bits == 0 {
            limbs.extend_from_slice(&self.limbs);
        } else {
            let mut carry = 0u64;
            for &l in &self.limbs {
                limbs.push(l << bits | carry);
                carry = l >> (64 - bits);
            }
            limbs.push(carry);
        }
        BigUint { limbs }.trim()
    }
}

impl std::ops::Shr<u64> for &BigUint {
    type Output = BigUint;
    fn shr(self, s: u64) -> BigUint {
        let (words, bits) = ((s / 64) as usize, (s % 64) as u32);
        if words >= self.limbs.len() {
            return BigUint::zero();
        }
        let src = &self.limbs[words..];
        let mut limbs = Vec::with_capacity(src.len());
        for i in 0..src.len() {
            let hi = if bits == 0 { 0 } else { src.get(i + 1).map_or(0, |&h| h << (64 - bits)) };
            limbs.push(src[i] >> bits | hi);
        }
        BigUint { limbs }.trim()
    }
}

impl fmt::Display for BigUint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.pad_integral(true, "", "0");
        }
        const CHUNK: u64 = 10_000_000_000_000_000_000; // 10^19
        let mut parts = Vec::new();
        let mut cur = self.clone();
        while !cur.is_zero() {
            let (q, r) = cur.div_rem_small(CHUNK).expect("non-zero divisor");
            parts.push(r);
            cur = q;
        }
        let mut s = String::with_capacity(parts.len() * 19);
        let mut buf = itoa::Buffer::new();
        s.push_str(buf.format(*parts.last().expect("non-empty")));
        for &p in parts.iter().rev().skip(1) {
            let d = buf.format(p);
            for _ in d.len()..19 {
                s.push('0');
            }
            s.push_str(d);
        }
        f.pad_integral(true, "", &s)
    }
}

impl fmt::Debug for BigUint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A signed integer of any size: a sign and a magnitude (zero is never negative).
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BigInt {
    negative: bool,
    magnitude: BigUint,
}

impl BigInt {
    /// Zero.
    pub const fn zero() -> Self {
        BigInt { negative: false, magnitude: BigUint::zero() }
    }

    /// A signed number from a sign and a magnitude (a negative zero becomes zero).
    pub fn from_parts(negative: bool, magnitude: BigUint) -> Self {
        let negative = negative && !magnitude.is_zero();
        BigInt { negative, magnitude }
    }

    /// Whether this is below zero.
    pub fn is_negative(&self) -> bool {
        self.negative
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.magnitude.is_zero()
    }

    /// -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        if self.negative {
            -1
        } else if self.is_zero() {
            0
        } else {
            1
        }
    }

    /// The absolute value.
    pub fn magnitude(&self) -> &BigUint {
        &self.magnitude
    }

    /// The value, when it fits in an `i64`.
    pub fn to_i64(&self) -> Option<i64> {
        let m = self.magnitude.to_u64()?;
        if self.negative {
            if m <= 1u64 << 63 { Some((m as i64).wrapping_neg()) } else { None }
        } else {
            i64::try_from(m).ok()
        }
    }

    /// Floor of `self / 2^s` (an arithmetic shift right).
    pub fn shr_floor(&self, s: u64) -> BigInt {
        let q = &self.magnitude >> s;
        if self.negative && self.magnitude.trailing_zeros() < s {
            BigInt::from_parts(true, &q + &BigUint::one())
        } else {
            BigInt::from_parts(self.negative, q)
        }
    }

    /// `self * 2^s`.
    pub fn shl(&self, s: u64) -> BigInt {
        BigInt::from_parts(self.negative, &self.magnitude << s)
    }

    /// The number of trailing zero bits of the magnitude (0 for zero).
    pub fn trailing_zeros(&self) -> u64 {
        self.magnitude.trailing_zeros()
    }

    /// Whether the number is odd.
    pub fn is_odd(&self) -> bool {
        self.magnitude.is_odd()
    }

    /// Parses an optional `-` and decimal digits.
    pub fn parse_decimal(s: &str) -> Option<BigInt> {
        match s.strip_prefix('-') {
            Some(rest) => Some(BigInt::from_parts(true, BigUint::parse_decimal(rest)?)),
            None => Some(BigInt::from_parts(false, BigUint::parse_decimal(s)?)),
        }
    }
}

impl From<i64> for BigInt {
    fn from(v: i64) -> Self {
        BigInt::from_parts(v < 0, BigUint::from(v.unsigned_abs()))
    }
}

impl From<BigUint> for BigInt {
    fn from(v: BigUint) -> Self {
        BigInt::from_parts(false, v)
    }
}

impl Ord for BigInt {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.negative, other.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => self.magnitude.cmp(&other.magnitude),
            (true, true) => other.magnitude.cmp(&self.magnitude),
        }
    }
}

impl PartialOrd for BigInt {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::ops::Neg for &BigInt {
    type Output = BigInt;
    fn neg(self) -> BigInt {
        BigInt::from_parts(!self.negative, self.magnitude.clone())
    }
}

impl std::ops::Neg for BigInt {
    type Output = BigInt;
    fn neg(self) -> BigInt {
        BigInt::from_parts(!self.negative, self.magnitude)
    }
}

impl std::ops::Add<&BigInt> for &BigInt {
    type Output = BigInt;
    fn add(self, other: &BigInt) -> BigInt {
        if self.negative == other.negative {
            return BigInt::from_parts(self.negative, &self.magnitude + &other.magnitude);
        }
        match self.magnitude.cmp(&other.magnitude) {
            Ordering::Equal => BigInt::zero(),
            Ordering::Greater => BigInt::from_parts(
                self.negative,
                self.magnitude.checked_sub(&other.magnitude).expect("larger minus smaller"),
            ),
            Ordering::Less => BigInt::from_parts(
                other.negative,
                other.magnitude.checked_sub(&self.magnitude).expect("larger minus smaller"),
            ),
        }
    }
}

impl std::ops::Add<&BigInt> for BigInt {
    type Output = BigInt;
    fn add(self, other: &BigInt) -> BigInt {
        &self + other
    }
}

impl std::ops::Sub<&BigInt> for &BigInt {
    type Output = BigInt;
    fn sub(self, other: &BigInt) -> BigInt {
        self + &(-other)
    }
}

impl std::ops::Sub<&BigInt> for BigInt {
    type Output = BigInt;
    fn sub(self, other: &BigInt) -> BigInt {
        &self - other
    }
}

impl std::ops::Mul<&BigInt> for &BigInt {
    type Output = BigInt;
    fn mul(self, other: &BigInt) -> BigInt {
        BigInt::from_parts(self.negative != other.negative, &self.magnitude * &other.magnitude)
    }
}

impl fmt::Display for BigInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = self.magnitude.to_string();
        f.pad_integral(!self.negative, "", &digits)
    }
}

impl fmt::Debug for BigInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    fn big(v: u128) -> BigUint {
        BigUint::from(v)
    }

    #[test]
    fn arithmetic_agrees_with_u128_on_random_values() {
        let mut rng = Rng::new(7);
        for _ in 0..20_000 {
            let a = rng.next_u64() as u128 >> (rng.next_u64() % 64);
            let b = rng.next_u64() as u128 >> (rng.next_u64() % 64);
            assert_eq!((&big(a) + &big(b)).to_u128(), Some(a + b));
            assert_eq!((&big(a) * &big(b)).to_u128(), Some(a * b));
            assert_eq!(big(a).checked_sub(&big(b)).and_then(|d| d.to_u128()), a.checked_sub(b));
            assert_eq!(big(a).cmp(&big(b)), a.cmp(&b));
            let s = rng.next_u64() % 60;
            assert_eq!((&big(a) << s).to_u128(), Some(a << s));
            assert_eq!((&big(a << 40) >> s).to_u128(), Some((a << 40) >> s));
            assert_eq!(big(a).to_string(), a.to_string());
            if b != 0 {
                let (q, r) = big(a).div_rem_small(b as u64).unwrap();
                assert_eq!(
                    (q.to_u128(), r as u128),
                    (Some(a / b as u64 as u128), a % b as u64 as u128)
                );
            }
        }
    }

    #[test]
    fn big_powers_and_decimal_round_trip() {
        let two = BigUint::from(2u64);
        let p = two.pow(200);
        assert_eq!(p.to_string(), "1606938044258990275541962092341162602522202993782792835301376");
        assert_eq!(BigUint::parse_decimal(&p.to_string()), Some(p.clone()));
        assert_eq!(p.bits(), 201);
        assert_eq!(p.trailing_zeros(), 200);
        assert_eq!(p.rem_u64(998_244_353), Some(mod_pow(2, 200, 998_244_353)));
        let q = BigUint::from(3u64).pow(100);
        assert_eq!(q.to_string(), "515377520732011331036461129765621272702107522001");
        assert_eq!((&(&q * &p) >> 200), q);
    }

    fn mod_pow(mut b: u64, mut e: u64, m: u64) -> u64 {
        let mut acc = 1u64;
        while e > 0 {
            if e & 1 == 1 {
                acc = (acc as u128 * b as u128 % m as u128) as u64;
            }
            b = (b as u128 * b as u128 % m as u128) as u64;
            e >>= 1;
        }
        acc
    }

    #[test]
    fn signed_arithmetic_agrees_with_i128() {
        let mut rng = Rng::new(11);
        for _ in 0..20_000 {
            let a = (rng.next_u64() >> 2) as i64 * if rng.next_u64() & 1 == 0 { 1 } else { -1 };
            let b = (rng.next_u64() >> 2) as i64 * if rng.next_u64() & 1 == 0 { 1 } else { -1 };
            let (x, y) = (BigInt::from(a), BigInt::from(b));
            assert_eq!((&x + &y).to_string(), (a as i128 + b as i128).to_string());
            assert_eq!((&x - &y).to_string(), (a as i128 - b as i128).to_string());
            assert_eq!((&x * &y).to_string(), (a as i128 * b as i128).to_string());
            assert_eq!(x.cmp(&y), a.cmp(&b));
            let s = rng.next_u64() % 70;
            assert_eq!(x.shr_floor(s).to_string(), ((a as i128) >> s).to_string());
            assert_eq!(x.to_i64(), Some(a));
        }
        assert_eq!(BigInt::from(i64::MIN).to_i64(), Some(i64::MIN));
        assert_eq!(BigInt::parse_decimal("-0"), Some(BigInt::zero()));
        assert_eq!(format!("{:>5}", BigInt::from(-12i64)), "  -12");
    }
}

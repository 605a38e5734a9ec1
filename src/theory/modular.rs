//! Arithmetic modulo one 64-bit odd modulus, shared by the factoring of
//! [`super::factor`] and the elliptic curves of [`super::ecm`]: Montgomery multiplication
//! (P. L. Montgomery, "Modular multiplication without trial division", Math. Comp. 44, 1985),
//! the inverse modulo 2^64 by Newton's iteration, and the binary gcd (Stein's algorithm; Knuth,
//! TAOCP vol. 2, §4.5.2, Algorithm B).

/// The inverse of an odd `a` modulo 2^64, by Newton's iteration (each step doubles the number of
/// correct low bits; `a` itself is right to 3 bits because a * a = 1 mod 8).
pub const fn inverse_mod_2_64(a: u64) -> u64 {
    let mut inv = a;
    let mut i = 0;
    while i < 5 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(inv)));
        i += 1;
    }
    inv
}

/// Arithmetic modulo an odd n > 1 in Montgomery form (x is stored as x * 2^64 mod n).
#[derive(Clone, Copy, Debug)]
pub struct Montgomery {
    n: u64,
    /// n^-1 mod 2^64.
    inv: u64,
    /// 2^64 mod n: the Montgomery form of 1.
    one: u64,
    /// 2^128 mod n, to enter Montgomery form.
    r2: u64,
}

impl Montgomery {
    /// Arithmetic modulo `n`, which must be odd and greater than 1.
    pub fn new(n: u64) -> Self {
        assert!(n & 1 == 1 && n > 1, "Montgomery needs an odd modulus above 1");
        // 2^64 mod n = ((2^64 - 1) mod n) + 1, which is below n as n does not divide 2^64.
        let one = u64::MAX % n + 1;
        let r2 = ((one as u128 * one as u128) % n as u128) as u64;
        Montgomery { n, inv: inverse_mod_2_64(n), one, r2 }
    }

    /// The modulus.
    #[inline]
    pub fn modulus(&self) -> u64 {
        self.n
    }

    /// Montgomery reduction of t < n * 2^64: t * 2^-64 mod n. The low words of t and m * n are
    /// equal by the choice of m, so the difference of the high words is exact, in (-n, n).
    #[inline(always)]
    fn reduce(&self, t: u128) -> u64 {
        let lo = t as u64;
        let hi = (t >> 64) as u64;
        let m = lo.wrapping_mul(self.inv);
        let mn_hi = ((m as u128 * self.n as u128) >> 64) as u64;
        let (r, borrow) = hi.overflowing_sub(mn_hi);
        if borrow { r.wrapping_add(self.n) } else { r }
    }

    /// Product of two numbers in Montgomery form.
    #[inline(always)]
    pub fn mul(&self, a: u64, b: u64) -> u64 {
        self.reduce(a as u128 * b as u128)
    }

    /// Sum of two residues below n.
    #[inline(always)]
    pub fn add(&self, a: u64, b: u64) -> u64 {
        let (s, overflow) = a.overflowing_add(b);
        if overflow || s >= self.n { s.wrapping_sub(self.n) } else { s }
    }

    /// Difference of two residues below n.
    #[inline(always)]
    pub fn sub(&self, a: u64, b: u64) -> u64 {
        let (r, borrow) = a.overflowing_sub(b);
        if borrow { r.wrapping_add(self.n) } else { r }
    }

    /// Square of a number in Montgomery form.
    #[inline(always)]
    pub fn sqr(&self, a: u64) -> u64 {
        self.mul(a, a)
    }

    /// 2^128 mod n: multiplying by it (`mul`) turns an ordinary residue into Montgomery form.
    #[inline]
    pub fn r2(&self) -> u64 {
        self.r2
    }

    /// The Montgomery form of `a` (any u64).
    #[inline]
    pub fn to_form(&self, a: u64) -> u64 {
        self.mul(a % self.n, self.r2)
    }

    /// The ordinary residue of a Montgomery form.
    #[inline]
    pub fn from_form(&self, a: u64) -> u64 {
        self.reduce(a as u128)
    }

    /// The Montgomery form of 1.
    #[inline]
    pub fn one(&self) -> u64 {
        self.one
    }

    /// base^e for `base` in Montgomery form.
    #[inline]
    pub fn pow(&self, mut base: u64, mut e: u64) -> u64 {
        let mut acc = self.one;
        while e > 0 {
            if e & 1 == 1 {
                acc = self.mul(acc, base);
            }
            base = self.mul(base, base);
            e >>= 1;
        }
        acc
    }
}

/// Binary gcd.
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    if a == 0 {
        return b;
    }
    if b == 0 {
        return a;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

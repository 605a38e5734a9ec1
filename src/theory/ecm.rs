//! One factor of an odd composite below 2^64 by the elliptic curve method (ECM), for the
//! factor counting of [`super::factor`].
//!
//! **Theorem (Lenstra, "Factoring integers with elliptic curves", Ann. of Math. 126, 1987).**
//! Let p be a prime factor of n and E a curve over Z/nZ that is elliptic modulo p. If the order
//! of the point P on E(F_p) divides k, then kP is the identity modulo p, so in projective
//! coordinates its Z is divisible by p and gcd(Z, n) > 1. The method only ever returns such a
//! gcd, and only when it is neither 1 nor n: **a returned value is always a proper divisor of n**
//! (whatever the curve, whatever happened in the arithmetic); luck only decides whether one is
//! found. The callers keep every verdict exact by treating "not found" as "unknown" and falling
//! back to an exhaustive method.
//!
//! The arithmetic follows Montgomery ("Speeding the Pollard and elliptic curve methods of
//! factorization", Math. Comp. 48, 1987): curves B y^2 = x^3 + A x^2 + x with X:Z coordinates
//! only, doubling with (A + 2) / 4 and differential addition; Suyama's parametrisation (sigma
//! -> u = sigma^2 - 5, v = 4 sigma, x0 = u^3 / v^3, (A + 2) / 4 = (v - u)^3 (3u + v) /
//! (16 u^3 v)), whose group orders are divisible by 12; one modular inversion per curve (a
//! failed inversion is itself a gcd, so a factor or a useless curve). Stage 1 multiplies by the
//! product k of all prime powers up to B1 with one Montgomery ladder over the bits of k from a
//! point with Z = 1 (5 + 5 multiplications per bit). Stage 2 is the standard continuation with
//! baby and giant steps (D = 120): a prime q = kD +- j in (B1, B2] is caught when
//! x(kD Q) = x(j Q) modulo p, i.e. p divides X_k Z_j - X_j Z_k, and the product of those cross
//! terms over all pairs that hold a prime is reduced by one gcd at the end. Parameters per size
//! of n (B1 from 27 to 205, B2 = 25 B1, a few dozen curves at most) are those of Ben Buhrow's
//! micro-ECM (yafu, `factor/gmp-ecm/microecm.c`), learned from its dispatch table; the code here
//! is written from the papers above.

use super::modular::gcd;
use std::sync::OnceLock;

/// Arithmetic modulo n in Montgomery form with R = 2^64: the one `factor` uses.
type Mont = super::modular::Montgomery;

/// The inverse of `a` modulo odd `n` (extended Euclid), or Err(gcd(a, n)) when there is none.
fn inverse_mod(a: u64, n: u64) -> Result<u64, u64> {
    let (mut r0, mut r1) = (n, a % n);
    let (mut t0, mut t1) = (0i128, 1i128);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (t0, t1) = (t1, t0 - q as i128 * t1);
    }
    if r0 != 1 {
        return Err(r0);
    }
    Ok(t0.rem_euclid(n as i128) as u64)
}

/// A point in X:Z coordinates (Montgomery form).
#[derive(Clone, Copy)]
struct Point {
    x: u64,
    z: u64,
}

/// Doubling: X2 = (X+Z)^2 (X-Z)^2, Z2 = 4XZ ((X-Z)^2 + a24 * 4XZ).
#[inline(always)]
fn double(m: &Mont, p: Point, a24: u64) -> Point {
    let s = m.sqr(m.add(p.x, p.z));
    let d = m.sqr(m.sub(p.x, p.z));
    let t = m.sub(s, d);
    Point { x: m.mul(s, d), z: m.mul(t, m.add(d, m.mul(a24, t))) }
}

/// Differential addition P + Q given P - Q.
#[inline(always)]
fn add(m: &Mont, p: Point, q: Point, diff: Point) -> Point {
    let a = m.mul(m.sub(p.x, p.z), m.add(q.x, q.z));
    let b = m.mul(m.add(p.x, p.z), m.sub(q.x, q.z));
    let s = m.sqr(m.add(a, b));
    let d = m.sqr(m.sub(a, b));
    Point { x: m.mul(diff.z, s), z: m.mul(diff.x, d) }
}

/// Differential addition when P - Q has Z = 1 (its X given).
#[inline(always)]
fn add_z1(m: &Mont, p: Point, q: Point, diff_x: u64) -> Point {
    let a = m.mul(m.sub(p.x, p.z), m.add(q.x, q.z));
    let b = m.mul(m.add(p.x, p.z), m.sub(q.x, q.z));
    Point { x: m.sqr(m.add(a, b)), z: m.mul(diff_x, m.sqr(m.sub(a, b))) }
}

/// (kP, (k + 1)P) by the Montgomery ladder, for k >= 1 and any P.
fn ladder(m: &Mont, p: Point, k: u64, a24: u64) -> (Point, Point) {
    debug_assert!(k >= 1);
    let mut r0 = p;
    let mut r1 = double(m, p, a24);
    for i in (0..63 - k.leading_zeros()).rev() {
        if (k >> i) & 1 == 1 {
            r0 = add(m, r1, r0, p);
            r1 = double(m, r1, a24);
        } else {
            r1 = add(m, r1, r0, p);
            r0 = double(m, r0, a24);
        }
    }
    (r0, r1)
}

/// Stage 2 baby and giant step width.
const D: u64 = 120;
/// The odd j below D / 2 prime to D: every prime above 5 is kD +- j for one of them.
const BABY: [u64; 16] = [1, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 49, 53, 59];

/// Everything about one (B1, B2) that does not depend on n.
struct Plan {
    /// The bits of k = prod p^e (p^e <= B1), most significant first, the leading 1 left out.
    bits: Vec<bool>,
    /// The first giant step index k0 (k0 D <= B1 + D / 2).
    k0: u64,
    /// For each giant step k0, k0 + 1, ..: a mask over [`BABY`] of the j with kD +- j a prime in
    /// (B1, B2].
    pairs: Vec<u16>,
    /// A mask over [`BABY`] of the primes j in (B1, B2] themselves (k = 0, for B1 < D / 2):
    /// jQ is the identity modulo p when p divides its Z.
    low: u16,
}

fn primes_up_to(limit: u64) -> Vec<u64> {
    let mut composite = vec![false; limit as usize + 1];
    let mut primes = Vec::new();
    for i in 2..=limit as usize {
        if !composite[i] {
            primes.push(i as u64);
            for j in (i * i..=limit as usize).step_by(i) {
                composite[j] = true;
            }
        }
    }
    primes
}

impl Plan {
    fn new(b1: u64, b2: u64) -> Plan {
        let primes = primes_up_to(b2 + D);
        // k as little-endian 64-bit limbs.
        let mut k: Vec<u64> = vec![1];
        for &p in primes.iter().take_while(|&&p| p <= b1) {
            let mut q = p;
            while q * p <= b1 {
                q *= p;
            }
            let mut carry = 0u128;
            for limb in k.iter_mut() {
                let t = *limb as u128 * q as u128 + carry;
                *limb = t as u64;
                carry = t >> 64;
            }
            if carry > 0 {
                k.push(carry as u64);
            }
        }
        let top = k.len() * 64 - k.last().expect("k >= 1").leading_zeros() as usize;
        let bits = (0..top - 1).rev().map(|i| (k[i / 64] >> (i % 64)) & 1 == 1).collect();
        let k0 = ((b1 + D / 2) / D).max(1);
        let is_prime = |q: u64| primes.binary_search(&q).is_ok();
        let mut pairs = Vec::new();
        let mut kk = k0;
        while kk * D <= b2 + D / 2 {
            let mut mask = 0u16;
            for (i, &j) in BABY.iter().enumerate() {
                let hit = |q: u64| q > b1 && q <= b2 && is_prime(q);
                if hit(kk * D - j) || hit(kk * D + j) {
                    mask |= 1 << i;
                }
            }
            pairs.push(mask);
            kk += 1;
        }
        let mut low = 0u16;
        for (i, &j) in BABY.iter().enumerate() {
            if j > b1 && j <= b2 && is_prime(j) {
                low |= 1 << i;
            }
        }
        Plan { bits, k0, pairs, low }
    }
}

/// The (B1, curves) tiers by the bit length of n.
const TIERS: [(u32, u64, u32); 7] = [
    (40, 27, 32),
    (44, 47, 32),
    (48, 70, 32),
    (52, 85, 32),
    (58, 125, 32),
    (62, 165, 42),
    (64, 205, 42),
];

fn plan(tier: usize) -> &'static Plan {
    static PLANS: [OnceLock<Plan>; TIERS.len()] = [const { OnceLock::new() }; TIERS.len()];
    PLANS[tier].get_or_init(|| Plan::new(TIERS[tier].1, 25 * TIERS[tier].1))
}

/// The outcome of one curve.
enum Curve {
    Factor(u64),
    Nothing,
}

/// One curve with Suyama's parameter `sigma` (>= 6).
fn curve(m: &Mont, sigma: u64, plan: &Plan) -> Curve {
    let n = m.modulus();
    let (x0, a24) = match suyama(m, sigma) {
        Ok(start) => start,
        Err(found) => return found,
    };

    // Stage 1: one ladder over the bits of k from (x0 : 1).
    let base = Point { x: x0, z: m.one() };
    let mut r0 = base;
    let mut r1 = double(m, base, a24);
    for &bit in &plan.bits {
        if bit {
            r0 = add_z1(m, r1, r0, x0);
            r1 = double(m, r1, a24);
        } else {
            r1 = add_z1(m, r1, r0, x0);
            r0 = double(m, r0, a24);
        }
    }
    let q = r0;
    let g = gcd(q.z, n);
    if g != 1 {
        return if g != n { Curve::Factor(g) } else { Curve::Nothing };
    }
    stage2(m, q, a24, plan)
}

/// Suyama's parametrisation of the curve for `sigma`: the starting x (with z = 1) and
/// (a + 2) / 4, in Montgomery form; or what inverting its denominator found.
fn suyama(m: &Mont, sigma: u64) -> Result<(u64, u64), Curve> {
    let n = m.modulus();
    let s = m.to_form(sigma);
    let u = m.sub(m.sqr(s), m.to_form(5));
    let v = m.add(m.add(s, s), m.add(s, s));
    let u3 = m.mul(m.sqr(u), u);
    let v3 = m.mul(m.sqr(v), v);
    let sixteen = m.to_form(16);
    let den1 = m.mul(m.mul(sixteen, u3), v); // 16 u^3 v
    let den = m.mul(den1, v3); // 16 u^3 v^4
    // den is d R mod n; its ordinary inverse is d^-1 R^-1; times R^2 twice gives d^-1 R.
    let inv = match inverse_mod(den, n) {
        Ok(i) => m.mul(m.mul(i, m.r2()), m.r2()),
        Err(g) if g != n => return Err(Curve::Factor(g)),
        Err(_) => return Err(Curve::Nothing),
    };
    let vmu = m.sub(v, u);
    let num = m.mul(m.mul(m.sqr(vmu), vmu), m.add(m.add(m.add(u, u), u), v));
    let a24 = m.mul(num, m.mul(inv, v3));
    let x0 = m.mul(u3, m.mul(inv, den1));
    Ok((x0, a24))
}

/// Stage 2 from the stage-1 point `q`: baby steps jQ, giant steps k0 G, k0 G + G, ... with
/// G = DQ, and the gcd of the product of the plan's cross terms with n.
fn stage2(m: &Mont, q: Point, a24: u64, plan: &Plan) -> Curve {
    let n = m.modulus();
    // The odd multiples jQ, j < D / 2, kept for j in BABY, with X_j Z_j.
    let mut baby = [(Point { x: 0, z: 0 }, 0u64); BABY.len()];
    let q2 = double(m, q, a24);
    let mut prev = q; // (j - 2)Q
    let mut cur = add(m, q2, q, q); // 3Q
    baby[0] = (q, m.mul(q.x, q.z));
    let mut next_slot = 1;
    let mut j = 3;
    while j < D / 2 {
        if next_slot < BABY.len() && BABY[next_slot] == j {
            baby[next_slot] = (cur, m.mul(cur.x, cur.z));
            next_slot += 1;
        }
        let nxt = add(m, cur, q2, prev);
        prev = cur;
        cur = nxt;
        j += 2;
    }
    // Giant steps: G = DQ, then R = k0 G, k0 G + G, ...
    let (g1, _) = ladder(m, q, D, a24);
    let (mut r, mut r_next) = ladder(m, g1, plan.k0, a24);
    let mut acc = m.one();
    let mut low = plan.low;
    while low != 0 {
        let i = low.trailing_zeros() as usize;
        low &= low - 1;
        acc = m.mul(acc, baby[i].0.z);
    }
    for &mask in &plan.pairs {
        if mask != 0 {
            let rxz = m.mul(r.x, r.z);
            let mut bitsleft = mask;
            while bitsleft != 0 {
                let i = bitsleft.trailing_zeros() as usize;
                bitsleft &= bitsleft - 1;
                let (b, bxz) = baby[i];
                // X_r Z_b - X_b Z_r = (X_r - X_b)(Z_r + Z_b) - X_r Z_r + X_b Z_b.
                let t = m.mul(m.sub(r.x, b.x), m.add(r.z, b.z));
                let cross = m.add(m.sub(t, rxz), bxz);
                acc = m.mul(acc, cross);
            }
        }
        let following = add(m, r_next, g1, r);
        r = r_next;
        r_next = following;
    }
    let g = gcd(acc, n);
    if g != 1 && g != n { Curve::Factor(g) } else { Curve::Nothing }
}

/// [`factor`] starts with this many curves of the B1 = 47 tier, whatever the size of n (measured
/// on products of three primes near 2^21 and of two near 2^32: 2 or 3 of them cost more than
/// they save).
const CHEAP_CURVES: u64 = 1;

/// A proper divisor of the odd composite `n` (> 1, < n, dividing n), or None when `max_curves`
/// curves found none. Deterministic: the curves are sigma = 6, 7, 8, ...
pub fn factor(n: u64, max_curves: u32) -> Option<u64> {
    debug_assert!(n & 1 == 1 && n > 8);
    let bits = 64 - n.leading_zeros();
    let tier = TIERS.iter().position(|t| bits <= t.0).unwrap_or(TIERS.len() - 1);
    let m = Mont::new(n);
    for sigma in 6..6 + max_curves as u64 {
        // The first curve is a cheap one (B1 = 47) for a factor much smaller than sqrt(n): a
        // product of three primes near n^(1/3), say.
        let plan = plan(if sigma < 6 + CHEAP_CURVES { tier.min(1) } else { tier });
        if let Curve::Factor(d) = curve(&m, sigma, plan) {
            debug_assert!(d > 1 && d < n && n.is_multiple_of(d));
            return Some(d);
        }
    }
    None
}

/// For measurements: runs up to `max_curves` curves with B1 = `b1` (B2 = 25 B1) on each of `ns`
/// (odd composites) and returns (curves used by the successes, failures).
pub fn probe(ns: &[u64], b1: u64, max_curves: u32) -> (u64, u32) {
    let plan = Plan::new(b1, 25 * b1);
    let (mut used, mut failed) = (0, 0);
    for &n in ns {
        let m = Mont::new(n);
        match (0..max_curves).find(|&c| matches!(curve(&m, 6 + c as u64, &plan), Curve::Factor(_)))
        {
            Some(c) => used += c as u64 + 1,
            None => failed += 1,
        }
    }
    (used, failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_factors_divide() {
        let cases = [
            4_294_967_291u64 * 4_294_967_279,
            2_147_483_659 * 4_294_967_291,
            1_000_000_007 * 998_244_353,
            2_097_143 * 2_097_169 * 2_097_199,
            65_537 * 4_294_967_291,
        ];
        for n in cases {
            let d = factor(n, 200).expect("found");
            assert!(d > 1 && d < n && n.is_multiple_of(d), "{n}: {d}");
        }
    }

    #[test]
    fn every_answer_is_a_proper_divisor_or_none() {
        // Odd composites of every size, including prime powers and products of many small
        // primes (where a curve can hit n itself): whatever comes back must divide n.
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut found = 0;
        for i in 0..3_000u64 {
            x = crate::rng::mix64(x.wrapping_add(i));
            let n = match i % 4 {
                0 => (x >> (x % 40)) | 1,
                1 => {
                    let p = (x >> 44) | 1;
                    p.saturating_mul(p).saturating_mul(p) | 1
                }
                2 => 3 * 5 * 7 * 11 * 13 * ((x >> 40) | 1),
                _ => (x >> 32 | 1) * (x as u32 as u64 | 1),
            };
            if n < 9 || super::super::factor::is_prime(n) {
                continue;
            }
            if let Some(d) = factor(n, 4) {
                assert!(d > 1 && d < n && n.is_multiple_of(d), "{n}: {d}");
                found += 1;
            }
        }
        assert!(found > 1_000, "most composites split within four curves: {found}");
        // No curves, no factor.
        assert_eq!(factor(4_294_967_291 * 4_294_967_279, 0), None);
    }

    #[test]
    fn plans_cover_every_prime_of_stage_2_once_per_pair() {
        for (_, b1, _) in TIERS {
            let plan = Plan::new(b1, 25 * b1);
            let primes = primes_up_to(25 * b1);
            for &q in primes.iter().filter(|&&q| q > b1) {
                // q = kD +- j for the j in BABY with q = +-j mod D.
                let k = (q + D / 2) / D;
                let j = q.abs_diff(k * D);
                let i = BABY.iter().position(|&b| b == j).expect("q is prime to 30");
                if k == 0 {
                    assert!(plan.low & 1 << i != 0, "{q} in the plan");
                    continue;
                }
                assert!(k >= plan.k0, "{q} below the first giant step");
                assert!(plan.pairs[(k - plan.k0) as usize] & 1 << i != 0, "{q} in the plan");
            }
            // The stage 1 exponent: the bits of prod p^e, p^e <= B1, checked by its size.
            let bits: f64 = primes
                .iter()
                .take_while(|&&p| p <= b1)
                .map(|&p| (p as f64).log2() * (b1 as f64).log(p as f64).floor())
                .sum();
            assert_eq!(plan.bits.len() + 1, bits.floor() as usize + 1, "B1 = {b1}");
        }
    }

    #[test]
    fn inverse_mod_is_right() {
        for (a, n) in [(3u64, 7u64), (12345, 1_000_000_007), (u64::MAX - 4, u64::MAX)] {
            let i = inverse_mod(a, n).unwrap();
            assert_eq!(a as u128 * i as u128 % n as u128, 1);
        }
        assert_eq!(inverse_mod(6, 9), Err(3));
    }
}

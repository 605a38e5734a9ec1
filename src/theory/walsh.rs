//! Counting sums of Grundy values: the Walsh-Hadamard transform (the Fourier transform of the
//! group (Z/2)^k), powers of a histogram under XOR convolution, sums of such powers, and the
//! cycle-index form that counts unordered multisets.
//!
//! **Transform.** For f on {0, .., 2^k - 1}, W f(s) = sum_v (-1)^popcount(s & v) f(v). The
//! characters chi_s(v) = (-1)^popcount(s & v) are the homomorphisms (Z/2)^k -> {1, -1}, so
//! W(f XOR-convolved with g) = W f * W g pointwise and W W f = 2^k f (Fourier inversion on a
//! finite abelian group: Terras, *Fourier Analysis on Finite Groups and Applications*, ch. 1;
//! the fast butterfly is the one of Fino and Algazi, 1976). Hence the L-fold XOR convolution
//! of a histogram h is W^-1((W h)^L), and sum_{l=1..L} of them is W^-1 of the pointwise
//! geometric sums.
//!
//! **Dividing by 2^k.** Everything here is computed in a [`Modulus`]: `Odd(q)` (Z/q, q odd,
//! where 2 is invertible: the inverse transform multiplies by 2^-k) or `Wrap` (Z/2^128, where
//! 2 is not invertible). In `Wrap` the integer result x satisfies 2^k x = S (mod 2^128) for the
//! sum S the butterflies give, so S >> k is x mod 2^(128 - k): exact low bits, which is all a
//! modulus 2^e with e <= 128 - k needs. An even modulus P = 2^e q is answered from both parts
//! by the Chinese remainder theorem ([`crt_pair`]); an exact answer too large for 128 - k bits
//! from `Wrap`'s low 64 bits and residues modulo 62-bit primes ([`crt_to_biguint`], Garner's
//! algorithm: Knuth, TAOCP vol. 2, §4.3.2). Sums of powers use the division-free doubling
//! S(2m) = S(m) (1 + x^m) ([`geometric`]), so a ratio of 1, or one that is not invertible,
//! needs no special case.
//!
//! **Unordered multisets (Pólya).** The K-multisets of a weighted set X whose XOR of values is
//! v are counted by the cycle index of the symmetric group (Pólya's enumeration theorem,
//! Pólya 1937; Stanley, *Enumerative Combinatorics* vol. 2, §7.24, or Burnside's lemma applied
//! to S_K acting on K-tuples): the generating function of multisets of size K is
//! Z(S_K)(p_1, .., p_K) = sum over partitions λ of K of prod_j p_j^(m_j) / z_λ, with
//! z_λ = prod_j j^(m_j) m_j! and the power sums p_j = sum over x in X of x^(j * value(x)) in
//! the group algebra. In (Z/2)^k the value added j times is `value` for odd j and 0 for even j,
//! so at a character s: p_j(s) = H(s) (odd j) and p_j(s) = n = |X| (even j). Summing the
//! cycle index over K gives exp(sum_j p_j t^j / j) = (1 - t)^-a (1 + t)^-b with
//! a = (n + H(s)) / 2, b = (n - H(s)) / 2 ([`multiset_character`]: a sum of K + 1 products of
//! binomials, all integers, no division mod anything); [`cycle_index`] is the partition sum
//! itself, kept as the definition the tests check the closed form against.

use super::bigint::{BigInt, BigUint};

/// The ring the counts are taken in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modulus {
    /// Z/q for an odd q >= 1 (2 is invertible).
    Odd(u64),
    /// Z/2^128 (wrapping 128-bit arithmetic): the low bits of the integer answer.
    Wrap,
}

impl Modulus {
    /// `x` reduced into the ring.
    pub fn of_i128(self, x: i128) -> u128 {
        match self {
            Modulus::Odd(q) => x.rem_euclid(q as i128) as u128,
            Modulus::Wrap => x as u128,
        }
    }

    /// `x` (any u128) reduced into the ring.
    pub fn of_u128(self, x: u128) -> u128 {
        match self {
            Modulus::Odd(q) => x % q as u128,
            Modulus::Wrap => x,
        }
    }

    pub fn add(self, a: u128, b: u128) -> u128 {
        match self {
            Modulus::Odd(q) => {
                let s = a + b;
                if s >= q as u128 { s - q as u128 } else { s }
            }
            Modulus::Wrap => a.wrapping_add(b),
        }
    }

    pub fn sub(self, a: u128, b: u128) -> u128 {
        match self {
            Modulus::Odd(q) => {
                if a >= b {
                    a - b
                } else {
                    a + q as u128 - b
                }
            }
            Modulus::Wrap => a.wrapping_sub(b),
        }
    }

    pub fn mul(self, a: u128, b: u128) -> u128 {
        match self {
            // Both below q < 2^64: the product fits 128 bits.
            Modulus::Odd(q) => a * b % q as u128,
            Modulus::Wrap => a.wrapping_mul(b),
        }
    }

    /// `x^e` by repeated squaring (`x^0 = 1`).
    pub fn pow(self, mut x: u128, mut e: u64) -> u128 {
        let mut acc = self.of_u128(1);
        while e > 0 {
            if e & 1 == 1 {
                acc = self.mul(acc, x);
            }
            e >>= 1;
            if e > 0 {
                x = self.mul(x, x);
            }
        }
        acc
    }

    /// `x / 2^k` for an `x` that is 2^k times an integer y: y itself in `Odd`, y mod 2^(128 - k)
    /// in `Wrap` (the caller keeps only those bits).
    pub fn halve(self, x: u128, k: u32) -> u128 {
        match self {
            Modulus::Odd(q) => {
                if q == 1 {
                    return 0;
                }
                // 2^-1 = (q + 1) / 2 modulo an odd q.
                let half = (q as u128).div_ceil(2);
                self.mul(x, self.pow(half, k as u64))
            }
            Modulus::Wrap => x >> k,
        }
    }
}

/// The forward transform in place over the integers: `f.len()` must be a power of two and
/// the sum of |f(v)| below 2^63 (every intermediate is a signed partial sum of the entries).
pub fn transform_i64(f: &mut [i64]) {
    butterflies(f, |a, b| (a + b, a - b));
}

/// The butterflies of the transform: each pair (u, v) at distance 1, 2, 4, ... becomes
/// `op(u, v)` = (u + v, u - v) in the caller's arithmetic.
fn butterflies<T: Copy>(f: &mut [T], op: impl Fn(T, T) -> (T, T)) {
    let n = f.len();
    let mut half = 1;
    while half < n {
        for block in f.chunks_exact_mut(2 * half) {
            let (lo, hi) = block.split_at_mut(half);
            for (u, v) in lo.iter_mut().zip(hi.iter_mut()) {
                (*u, *v) = op(*u, *v);
            }
        }
        half *= 2;
    }
}

/// The forward transform in place in the ring `m` (`f.len()` a power of two).
pub fn transform(m: Modulus, f: &mut [u128]) {
    butterflies(f, |a, b| (m.add(a, b), m.sub(a, b)));
}

/// The inverse transform in place: the forward one, then division by 2^k ([`Modulus::halve`];
/// in `Wrap` the entries are then exact modulo 2^(128 - k)).
pub fn inverse(m: Modulus, f: &mut [u128]) {
    transform(m, f);
    let k = f.len().trailing_zeros();
    for x in f.iter_mut() {
        *x = m.halve(*x, k);
    }
}

/// `sum_{l=1..len} x^l` in the ring, division-free: with S(j) = x + .. + x^j,
/// S(2j) = S(j) + x^j S(j) and S(j + 1) = S(j) + x^(j+1), read along the bits of `len`.
pub fn geometric(m: Modulus, x: u128, len: u64) -> u128 {
    let (mut sum, mut power) = (0u128, m.of_u128(1)); // S(0), x^0
    for bit in (0..64 - len.leading_zeros()).rev() {
        sum = m.add(sum, m.mul(power, sum));
        power = m.mul(power, power);
        if (len >> bit) & 1 == 1 {
            power = m.mul(power, x);
            sum = m.add(sum, power);
        }
    }
    sum
}

/// The L-fold XOR convolution of `hist` (`hist.len()` a power of two; counts reduced into
/// `m`): entry v is the number of sequences of L choices whose values XOR to v, each choice of
/// value u counted `hist[u]` times. With `all_lengths`, the sum over lengths 1..=L.
pub fn xor_power(m: Modulus, hist: &[u128], len: u64, all_lengths: bool) -> Vec<u128> {
    let mut f: Vec<u128> = hist.iter().map(|&c| m.of_u128(c)).collect();
    transform(m, &mut f);
    for x in f.iter_mut() {
        *x = if all_lengths { geometric(m, *x, len) } else { m.pow(*x, len) };
    }
    inverse(m, &mut f);
    f
}

/// C(n + k - 1, k), the number of k-multisets of n things, when it is below 2^120 and
/// C(n + k - 1, k) * (n + k) below 2^126 (the room [`multiset_character`] needs); `None`
/// otherwise. O(k) steps.
pub fn multiset_count(n: u64, k: u64) -> Option<u128> {
    let mut c: u128 = 1;
    for i in 0..k {
        // c = C(n + i - 1, i); C(n + i, i + 1) = c (n + i) / (i + 1), exact.
        c = c.checked_mul(n as u128 + i as u128)? / (i as u128 + 1);
        if c >= 1 << 120 {
            return None;
        }
    }
    let room = c.checked_mul(n as u128 + k as u128)?;
    (room < 1 << 126).then_some(c)
}

/// The cycle index of S_K at one character, in closed form: [t^K] (1 - t)^-a (1 + t)^-b with
/// a = (n + h) / 2, b = (n - h) / 2, where n is the number of things (heaps or choices) and
/// h = H(s) the transform of their histogram at s (n + h is even; |h| <= n). Exact when
/// [`multiset_count`]`(n, k)` is `Some`: each binomial is at most C(n + k - 1, k), and so is
/// each product, since they are the terms of [t^k] (1 - t)^-n. `scratch` is reused.
pub fn multiset_character(n: u64, h: i64, k: u64, scratch: &mut Vec<i128>) -> i128 {
    let a = (n as i128 + h as i128) / 2;
    let b = n as i128 - a;
    let k = k as usize;
    // scratch[j] = C(b + j - 1, j): the coefficients of (1 - t)^-b.
    scratch.clear();
    let mut c: i128 = 1;
    for j in 0..=k {
        scratch.push(c);
        c = c * (b + j as i128) / (j as i128 + 1);
    }
    let mut sum: i128 = 0;
    let mut c: i128 = 1; // C(a + i - 1, i)
    for i in 0..=k {
        let term = c * scratch[k - i];
        if (k - i).is_multiple_of(2) {
            sum += term;
        } else {
            sum -= term;
        }
        c = c * (a + i as i128) / (i as i128 + 1);
    }
    sum
}

/// [`multiset_character`] in big integers, for counts past 2^120: the same sum of K + 1
/// products of binomials, exact at any size (O(K) big multiplications).
pub fn multiset_character_big(n: u64, h: i64, k: u64) -> BigInt {
    let a = ((n as i128 + h as i128) / 2) as u64;
    let b = n - a;
    let k = k as usize;
    let row = |x: u64| {
        // C(x + j - 1, j) for j = 0..=k.
        let mut out = Vec::with_capacity(k + 1);
        let mut c = BigUint::one();
        for j in 0..=k as u64 {
            out.push(c.clone());
            let (q, _) = c.mul_add_small(x + j, 0).div_rem_small(j + 1).unwrap_or_default();
            c = q;
        }
        out
    };
    let (ra, rb) = (row(a), row(b));
    let mut sum = BigInt::zero();
    for i in 0..=k {
        let term = BigInt::from_parts((k - i) % 2 == 1, &ra[i] * &rb[k - i]);
        sum = sum + &term;
    }
    sum
}

/// C(n + k - 1, k) in big integers (O(k) steps).
pub fn multiset_count_big(n: u64, k: u64) -> BigUint {
    let mut c = BigUint::one();
    for i in 0..k {
        c = c.mul_add_small(n + i, 0).div_rem_small(i + 1).map(|(q, _)| q).unwrap_or_default();
    }
    c
}

/// `x` reduced into the ring `m`.
pub fn reduce_big(m: Modulus, x: &BigInt) -> u128 {
    let mag = x.magnitude();
    let r = match m {
        Modulus::Odd(q) => mag.rem_u64(q).unwrap_or(0) as u128,
        Modulus::Wrap => {
            let l = mag.limbs();
            l.first().copied().unwrap_or(0) as u128 | (l.get(1).copied().unwrap_or(0) as u128) << 64
        }
    };
    if x.is_negative() { m.sub(0, r) } else { r }
}

/// The cycle index Z(S_K)(p_1, .., p_K) by its definition, the sum over the partitions λ of K
/// of prod_j p_j^(m_j) / z_λ, with p_j = `odd` for odd j and `even` for even j (the XOR power
/// sums at one character). Computed as (sum_λ (K! / z_λ) prod_j p_j^(m_j)) / K! (K!/z_λ is the
/// number of permutations of cycle type λ, an integer). `None` past i128 (K at most about 20).
pub fn cycle_index(k: u32, odd: i128, even: i128) -> Option<i128> {
    let mut fact: i128 = 1;
    for i in 1..=k as i128 {
        fact = fact.checked_mul(i)?;
    }
    if k == 0 {
        return Some(1);
    }
    // The partitions of K, parts in non-increasing order, from [K] down to [1, .., 1].
    let mut parts: Vec<u32> = vec![k];
    let mut total: i128 = 0;
    loop {
        total = total.checked_add(partition_term(&parts, fact, odd, even)?)?;
        let mut rest = 0u32;
        while parts.last() == Some(&1) {
            parts.pop();
            rest += 1;
        }
        let Some(last) = parts.last_mut() else { break };
        *last -= 1;
        let x = *last;
        rest += 1;
        while rest > x {
            parts.push(x);
            rest -= x;
        }
        parts.push(rest);
    }
    (total % fact == 0).then(|| total / fact)
}

/// (K! / z_λ) prod_j p_j^(m_j) for one partition (parts non-increasing).
fn partition_term(parts: &[u32], fact: i128, odd: i128, even: i128) -> Option<i128> {
    let mut z: i128 = 1;
    let mut product: i128 = 1;
    let mut i = 0;
    while i < parts.len() {
        let j = parts[i];
        let m = parts[i..].iter().take_while(|&&p| p == j).count();
        for t in 1..=m as i128 {
            z = z.checked_mul(j as i128)?.checked_mul(t)?;
        }
        let p = if j % 2 == 1 { odd } else { even };
        product = product.checked_mul(p.checked_pow(m as u32)?)?;
        i += m;
    }
    (fact / z).checked_mul(product)
}

/// x from x mod 2^64 (`low`) and x mod each prime p_i (`residues`, distinct odd primes
/// below 2^63), as the least such natural (Garner's mixed-radix algorithm, O(r^2)).
pub fn crt_to_biguint(low: u64, residues: &[(u64, u64)]) -> BigUint {
    // Mixed-radix digits: x = low + 2^64 (d_0 + p_0 (d_1 + p_1 (d_2 + ...))).
    let mut digits: Vec<u64> = Vec::with_capacity(residues.len());
    for &(p, r) in residues {
        let m = Modulus::Odd(p);
        // The digits so far, modulo p, and the product of their radices.
        let mut value = m.of_u128(low as u128);
        let mut radix = m.of_u128(1u128 << 64);
        for (&d, &(pj, _)) in digits.iter().zip(residues) {
            value = m.add(value, m.mul(radix, d as u128));
            radix = m.mul(radix, m.of_u128(pj as u128));
        }
        let diff = m.sub(m.of_u128(r as u128), value);
        let inv = inverse_mod(radix as u64, p);
        digits.push(m.mul(diff, inv as u128) as u64);
    }
    let mut x = BigUint::zero();
    for (&d, &(p, _)) in digits.iter().zip(residues).rev() {
        x = x.mul_add_small(p, d);
    }
    &(&x << 64) + &BigUint::from(low)
}

/// The x in 0..q 2^e with x = r_odd (mod q) and x = r_two (mod 2^e), for an odd q (e <= 63).
pub fn crt_pair(q: u64, r_odd: u64, e: u32, r_two: u64) -> u64 {
    let two_e = 1u128 << e;
    if q == 1 {
        return r_two;
    }
    let m = Modulus::Odd(q);
    // x = r_two + 2^e t with 2^e t = r_odd - r_two (mod q).
    let inv = inverse_mod(m.of_u128(two_e) as u64, q);
    let t = m.mul(m.sub(r_odd as u128 % q as u128, r_two as u128 % q as u128), inv as u128);
    (r_two as u128 + two_e * t) as u64
}

/// a^-1 modulo m (a and m coprime, m >= 2), by the extended Euclidean algorithm.
pub fn inverse_mod(a: u64, m: u64) -> u64 {
    let (mut r0, mut r1) = (m as i128, (a % m) as i128);
    let (mut t0, mut t1) = (0i128, 1i128);
    while r1 != 0 {
        let q = r0 / r1;
        (r0, r1) = (r1, r0 - q * r1);
        (t0, t1) = (t1, t0 - q * t1);
    }
    t0.rem_euclid(m as i128) as u64
}

/// The `count` largest primes below 2^62, largest first (the moduli of an exact answer).
pub fn big_primes(count: usize) -> Vec<u64> {
    let mut out = Vec::with_capacity(count);
    let mut n = (1u64 << 62) - 1;
    while out.len() < count {
        if super::factor::is_prime(n) {
            out.push(n);
        }
        n -= 2;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// The L-fold XOR convolution by definition, exactly (small cases).
    fn naive_power(hist: &[u128], len: u64) -> Vec<u128> {
        let mut acc = vec![0u128; hist.len()];
        acc[0] = 1;
        for _ in 0..len {
            let mut next = vec![0u128; hist.len()];
            for (u, &a) in acc.iter().enumerate() {
                for (v, &b) in hist.iter().enumerate() {
                    next[u ^ v] += a * b;
                }
            }
            acc = next;
        }
        acc
    }

    #[test]
    fn powers_agree_with_repeated_convolution_in_every_ring() {
        let mut rng = Rng::new(28);
        for case in 0..300 {
            let k = (case % 4) as u32;
            let hist: Vec<u128> = (0..1usize << k).map(|_| (rng.next_u64() % 5) as u128).collect();
            let len = rng.next_u64() % 7;
            let exact = naive_power(&hist, len);
            let mut exact_sum = vec![0u128; hist.len()];
            for l in 1..=len {
                for (s, x) in exact_sum.iter_mut().zip(naive_power(&hist, l)) {
                    *s += x;
                }
            }
            for q in [1u64, 3, 9, 15, 998_244_353, (1 << 61) - 1, u64::MAX] {
                let m = Modulus::Odd(q);
                let got = xor_power(m, &hist, len, false);
                let want: Vec<u128> = exact.iter().map(|&x| x % q as u128).collect();
                assert_eq!(got, want, "q {q} hist {hist:?} len {len}");
                let got = xor_power(m, &hist, len, true);
                let want: Vec<u128> = exact_sum.iter().map(|&x| x % q as u128).collect();
                assert_eq!(got, want, "sum, q {q} hist {hist:?} len {len}");
            }
            // Z/2^128: the low 128 - k bits are exact.
            let mask = if k == 0 { u128::MAX } else { (1u128 << (128 - k)) - 1 };
            let got = xor_power(Modulus::Wrap, &hist, len, false);
            let want: Vec<u128> = exact.iter().map(|&x| x & mask).collect();
            assert_eq!(got.iter().map(|&x| x & mask).collect::<Vec<_>>(), want);
        }
    }

    #[test]
    fn integer_transform_is_its_own_inverse_up_to_2k() {
        let mut rng = Rng::new(5);
        for k in 0..8 {
            let f: Vec<i64> = (0..1 << k).map(|_| (rng.next_u64() % 1000) as i64 - 500).collect();
            let mut g = f.clone();
            transform_i64(&mut g);
            transform_i64(&mut g);
            assert_eq!(g, f.iter().map(|&x| x << k).collect::<Vec<_>>());
        }
    }

    #[test]
    fn geometric_sums_by_definition_including_ratio_one_and_zero_divisors() {
        for q in [1u64, 7, 9, 27, 1_000_000_007] {
            let m = Modulus::Odd(q);
            for x in 0..12u128 {
                let mut want = 0u128;
                let mut p = 1u128;
                for len in 0..40u64 {
                    assert_eq!(geometric(m, m.of_u128(x), len), want % q as u128, "{x} {len} {q}");
                    p = p * x % q as u128;
                    want = (want + p) % q as u128;
                }
            }
        }
        assert_eq!(geometric(Modulus::Wrap, 1, u64::MAX), u64::MAX as u128);
    }

    #[test]
    fn closed_form_equals_the_cycle_index_by_partitions() {
        for n in 0..14u64 {
            for h in (-(n as i64)..=n as i64).step_by(2) {
                for k in 0..12u32 {
                    let want = cycle_index(k, h as i128, n as i128).unwrap();
                    let got = multiset_character(n, h, k as u64, &mut Vec::new());
                    assert_eq!(got, want, "n {n} h {h} k {k}");
                }
            }
        }
        for n in [0u64, 1, 5, 40] {
            for h in (-(n as i64)..=n as i64).step_by(2) {
                for k in [0u64, 1, 3, 9] {
                    let small = multiset_character(n, h, k, &mut Vec::new());
                    assert_eq!(multiset_character_big(n, h, k).to_string(), small.to_string());
                }
            }
        }
        assert_eq!(multiset_count_big(10, 3), BigUint::from(220u64));
        // At h = n (the trivial character) it is the number of multisets.
        assert_eq!(multiset_count(10, 3), Some(220));
        assert_eq!(multiset_character(10, 10, 3, &mut Vec::new()), 220);
        assert_eq!(multiset_count(u64::MAX, 3), None);
    }

    #[test]
    fn garner_and_crt_reconstruct_big_numbers() {
        let primes = big_primes(6);
        assert!(primes.windows(2).all(|w| w[0] > w[1]));
        let x = BigUint::from(3u64).pow(200) * &BigUint::from(12345u64);
        let low = x.limbs()[0];
        let residues: Vec<(u64, u64)> =
            primes.iter().map(|&p| (p, x.rem_u64(p).unwrap())).collect();
        assert_eq!(crt_to_biguint(low, &residues), x);
        assert_eq!(crt_to_biguint(77, &[]), BigUint::from(77u64));
        for (q, e) in [(1u64, 5u32), (3, 1), (15, 3), (998_244_353, 7)] {
            for x in [0u64, 1, 37, 1000] {
                let modulus = q << e;
                let x = x % modulus;
                assert_eq!(crt_pair(q, x % q, e, x % (1 << e)), x);
            }
        }
    }
}

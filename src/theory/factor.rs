//! Exact primality and prime-factor counting for every `u64`.
//!
//! Three tools, each exact:
//!
//! - **Trial division** by the odd primes below [`TRIAL_LIMIT`], with no hardware division: for
//!   an odd p with inverse p' modulo 2^64, n is a multiple of p exactly when
//!   `n * p' mod 2^64 <= (2^64 - 1) / p`, and then `n * p' mod 2^64` is the quotient n / p
//!   (Granlund and Montgomery, "Division by invariant integers using multiplication", PLDI 1994,
//!   section 9). The table is built at compile time.
//! - **Deterministic Miller-Rabin** ([`is_prime`]). A composite n passes the strong probable-prime
//!   test to every base in a set only if n is at least the least strong pseudoprime to all of
//!   them; those least values are known (Jaeschke, "On strong pseudoprimes to several bases",
//!   Math. Comp. 61, 1993; Sorenson and Webster, Math. Comp. 86, 2017): 3,215,031,751 for the
//!   bases 2, 3, 5, 7; 3,474,749,660,383 for 2..13; 341,550,071,728,321 for 2..17;
//!   3,825,123,056,546,413,051 for 2..23; and 318,665,857,834,031,151,167,461 > 2^64 for the
//!   twelve primes 2..37. So below each bound the smaller set decides primality exactly. The
//!   arithmetic is Montgomery multiplication ([`Montgomery`]), no 128-bit division per step.
//! - **Pollard's rho in Brent's variant** (R. P. Brent, "An improved Monte Carlo factorization
//!   algorithm", BIT 20, 1980) with the gcd taken once per batch of 128 products. It is a Las
//!   Vegas method: a factor it returns is a real factor (it divides n); only its running time is
//!   random. Used only for a composite cofactor that trial division and the cube-root rule below
//!   cannot settle.
//!
//! Lengths below 2^32 take a 32-bit path (32-bit inverses and Montgomery arithmetic, the bases
//! 2, 7 and 61, exact below 4,759,123,141). The bases of one test share their exponent, so they
//! run in one loop whose independent multiplication chains overlap in the processor; trial
//! division tests eight primes at a time and branches only on a hit.
//!
//! - **Trial division up to the cube root** with a second table (the primes from 2083 up to
//!   2^(64/3), built on first use): when rho has not split a composite within [`RHO_STEPS`]
//!   steps, its smallest factor is probably large, and a product of two primes above the cube
//!   root (the slow case for rho, ~2^16 steps for two 32-bit primes) is settled exactly by
//!   finding no factor up to the cube root.
//!
//! **Counting without factoring.** After trial division by every prime below a bound B, each
//! prime factor of the cofactor m is at least B. So m = 1 has no factor; m < B^2 is prime; and a
//! composite m < B^3 has exactly two prime factors (three would make m >= B^3). Trial division
//! stops as soon as B^3 exceeds what is left (or B^2, for a remainder below 2^22, where a few
//! more divisions are cheaper than a Miller-Rabin test). A composite m
//! with m >= B^3 is split by rho and each part is counted the same way (an explicit stack, at
//! most 64 entries deep, never recursion).

/// The odd primes below this bound are tried by trial division.
pub const TRIAL_LIMIT: u64 = 2083;

/// One trial divisor: the prime, its inverse modulo 2^64, and (2^64 - 1) / p.
#[derive(Clone, Copy)]
struct Divisor {
    p: u64,
    inv: u64,
    max_quotient: u64,
}

const fn is_small_prime(n: u64) -> bool {
    if n < 2 {
        return false;
    }
    let mut d = 2;
    while d * d <= n {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 1;
    }
    true
}

const fn count_odd_primes_below(limit: u64) -> usize {
    let mut count = 0;
    let mut n = 3;
    while n < limit {
        if is_small_prime(n) {
            count += 1;
        }
        n += 2;
    }
    count
}

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

const ODD_PRIME_COUNT: usize = count_odd_primes_below(TRIAL_LIMIT);

const fn build_divisors() -> [Divisor; ODD_PRIME_COUNT] {
    let mut table = [Divisor { p: 0, inv: 0, max_quotient: 0 }; ODD_PRIME_COUNT];
    let mut i = 0;
    let mut n = 3;
    while n < TRIAL_LIMIT {
        if is_small_prime(n) {
            table[i] = Divisor { p: n, inv: inverse_mod_2_64(n), max_quotient: u64::MAX / n };
            i += 1;
        }
        n += 2;
    }
    table
}

static DIVISORS: [Divisor; ODD_PRIME_COUNT] = build_divisors();

/// The same divisors for 32-bit arguments: inverse modulo 2^32 and (2^32 - 1) / p.
#[derive(Clone, Copy)]
struct Divisor32 {
    inv: u32,
    max_quotient: u32,
}

const fn build_divisors32() -> [Divisor32; ODD_PRIME_COUNT] {
    let wide = build_divisors();
    let mut table = [Divisor32 { inv: 0, max_quotient: 0 }; ODD_PRIME_COUNT];
    let mut i = 0;
    while i < ODD_PRIME_COUNT {
        table[i] = Divisor32 { inv: wide[i].inv as u32, max_quotient: (u32::MAX as u64 / wide[i].p) as u32 };
        i += 1;
    }
    table
}

static DIVISORS32: [Divisor32; ODD_PRIME_COUNT] = build_divisors32();

/// Below this, trial division goes on to the square root of what is left (a few dozen more
/// multiplications), which is cheaper than a Miller-Rabin test; above it, it stops at the cube
/// root and Miller-Rabin decides.
const SMALL_COFACTOR: u64 = 1 << 22;

/// Trial division tests this many primes at a time, without a branch per prime.
const CHUNK: usize = 8;
const _: () = assert!(ODD_PRIME_COUNT.is_multiple_of(CHUNK));

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

/// Does odd n > 2 pass the strong probable-prime test to every base in `bases`?
///
/// The bases go four at a time through one shared square-and-multiply loop (they share the
/// exponent), so the four chains of multiplications overlap in the processor.
fn strong_probable_prime(n: u64, bases: &[u64]) -> bool {
    let m = Montgomery::new(n);
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    let one = m.one();
    let minus_one = n - one;
    for group in bases.chunks(4) {
        // Pad a short group by repeating its first base (a repeated test changes nothing).
        let mut base = [0u64; 4];
        for (i, b) in base.iter_mut().enumerate() {
            let a = group.get(i).copied().unwrap_or(group[0]) % n;
            // A base divisible by n says nothing: test base 2 instead (n > 2 is odd).
            *b = m.to_form(if a == 0 { 2 } else { a });
        }
        let mut x = [one; 4];
        let mut e = d;
        while e > 0 {
            if e & 1 == 1 {
                for i in 0..4 {
                    x[i] = m.mul(x[i], base[i]);
                }
            }
            for b in base.iter_mut() {
                *b = m.mul(*b, *b);
            }
            e >>= 1;
        }
        for mut y in x {
            if y == one || y == minus_one {
                continue;
            }
            let mut witness = true;
            for _ in 1..s {
                y = m.mul(y, y);
                if y == minus_one {
                    witness = false;
                    break;
                }
            }
            if witness {
                return false;
            }
        }
    }
    true
}

/// The Miller-Rabin bases that decide primality exactly below `n`'s tier (see the module doc).
fn bases_for(n: u64) -> &'static [u64] {
    const PRIMES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    if n < 3_215_031_751 {
        &PRIMES[..4]
    } else if n < 3_474_749_660_383 {
        &PRIMES[..6]
    } else if n < 341_550_071_728_321 {
        &PRIMES[..7]
    } else if n < 3_825_123_056_546_413_051 {
        &PRIMES[..9]
    } else {
        &PRIMES
    }
}

/// Is `n` prime? Exact for every u64.
///
/// ```
/// use games::theory::factor::is_prime;
/// assert!(is_prime(2) && is_prime(97) && is_prime(18_446_744_073_709_551_557));
/// assert!(!is_prime(0) && !is_prime(1) && !is_prime(561) && !is_prime(3_215_031_751));
/// ```
pub fn is_prime(n: u64) -> bool {
    if n < 64 {
        return (0x2820_8A20_A08A_28ACu64 >> n) & 1 == 1;
    }
    if n & 1 == 0 {
        return false;
    }
    for d in &DIVISORS[..16] {
        if n.wrapping_mul(d.inv) <= d.max_quotient {
            return false;
        }
    }
    // No factor up to 59 (the 16 odd primes 3..=59): n < 61^2 is prime.
    n < 61 * 61 || strong_probable_prime(n, bases_for(n))
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

/// The integer square root (largest s with s * s <= n).
pub fn isqrt(n: u64) -> u64 {
    let mut s = (n as f64).sqrt() as u64;
    // The float estimate is within a few units; fix it exactly.
    while s.checked_mul(s).is_none_or(|sq| sq > n) {
        s -= 1;
    }
    while (s + 1).checked_mul(s + 1).is_some_and(|sq| sq <= n) {
        s += 1;
    }
    s
}

/// A non-trivial factor of the odd composite `n`, by Pollard-Brent rho, or None when
/// `max_steps` iterations of the polynomial found none. Never returns 1 or n.
fn rho_factor(n: u64, max_steps: u64) -> Option<u64> {
    const BATCH: u64 = 128;
    let m = Montgomery::new(n);
    let mut c = m.one();
    let mut start = m.to_form(2);
    let mut steps = 0u64;
    loop {
        let f = |x: u64| m.add(m.mul(x, x), c);
        let mut y = start;
        let mut x = y;
        let mut ys = y;
        let mut q = m.one();
        let mut g = 1;
        let mut r: u64 = 1;
        while g == 1 {
            if steps > max_steps {
                return None;
            }
            x = y;
            for _ in 0..r {
                y = f(y);
            }
            let mut k = 0;
            while k < r && g == 1 {
                ys = y;
                for _ in 0..BATCH.min(r - k) {
                    y = f(y);
                    q = m.mul(q, x.abs_diff(y));
                }
                g = gcd(q, n);
                k += BATCH;
            }
            steps += 2 * r;
            r *= 2;
        }
        if g == n {
            // The batch overshot: redo it one step at a time.
            loop {
                ys = f(ys);
                g = gcd(x.abs_diff(ys), n);
                if g > 1 {
                    break;
                }
            }
        }
        if g != n {
            return Some(g);
        }
        // This polynomial cycled modulo n itself: try another.
        c = m.add(c, m.one());
        start = m.add(start, m.one());
    }
}

/// Rho gets this many steps before trial division to the cube root takes over. A factor of at
/// most 2^21.4 (the cube root of 2^64), the only kind that matters for the count, usually takes
/// a few thousand; a product of two larger primes would take ~2^16 and is better settled by
/// trial division.
const RHO_STEPS: u64 = 1 << 12;

/// The odd primes from [`TRIAL_LIMIT`] up to the cube root of 2^64, for trial division, built
/// on first use: (inverse mod 2^64, (2^64 - 1) / p), and the first prime of every chunk.
struct LargeDivisors {
    tests: Vec<(u64, u64)>,
    chunk_first: Vec<u64>,
}

/// Every prime up to here is in the large table: its cube passes 2^64.
const LARGE_LIMIT: u64 = 2_642_246;

fn large_divisors() -> &'static LargeDivisors {
    static TABLE: std::sync::OnceLock<LargeDivisors> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let limit = LARGE_LIMIT as usize;
        let mut composite = vec![false; limit + 1];
        let mut primes = Vec::new();
        for i in 2..=limit {
            if composite[i] {
                continue;
            }
            for j in (i * i..=limit).step_by(i) {
                composite[j] = true;
            }
            if i as u64 >= TRIAL_LIMIT {
                primes.push(i as u64);
            }
        }
        let mut tests: Vec<(u64, u64)> = primes.iter().map(|&p| (inverse_mod_2_64(p), u64::MAX / p)).collect();
        // Pad to whole chunks with tests that never pass (n * 1 <= 0 is false for n >= 1).
        while !tests.len().is_multiple_of(CHUNK) {
            tests.push((1, 0));
        }
        let chunk_first = primes.iter().step_by(CHUNK).copied().collect();
        LargeDivisors { tests, chunk_first }
    })
}

/// Omega of an odd composite-or-prime m >= TRIAL_LIMIT^3 with no prime factor below
/// [`TRIAL_LIMIT`], by trial division up to the cube root of what is left, then the cube-root
/// rule. Exact; about 2 * 10^5 multiplications at worst.
fn omega_by_large_trial_division(mut m: u64) -> u32 {
    let table = large_divisors();
    let mut count = 0;
    let mut bound = LARGE_LIMIT + 1;
    for (chunk, &first) in table.tests.chunks_exact(CHUNK).zip(&table.chunk_first) {
        if first.saturating_mul(first).saturating_mul(first) > m {
            bound = first;
            break;
        }
        let hit = chunk.iter().fold(false, |h, &(inv, max)| h | (m.wrapping_mul(inv) <= max));
        if hit {
            for &(inv, max) in chunk {
                while m.wrapping_mul(inv) <= max {
                    m = m.wrapping_mul(inv);
                    count += 1;
                }
            }
        }
    }
    // Every prime factor of m is at least `bound`, and m < bound^3 (when the table ran out,
    // bound^3 > 2^64).
    count
        + if m == 1 {
            0
        } else if m / bound < bound || strong_probable_prime(m, bases_for(m)) {
            1
        } else {
            2
        }
}

/// The number of prime factors of `n` counted with multiplicity (Omega(n)); Omega(1) = 0.
///
/// ```
/// use games::theory::factor::omega;
/// assert_eq!(omega(1), 0);
/// assert_eq!(omega(360), 6); // 2^3 * 3^2 * 5
/// assert_eq!(omega(18_446_744_073_709_551_615), 7); // 3 * 5 * 17 * 257 * 641 * 65537 * 6700417
/// ```
///
/// # Panics
/// If `n` is 0 (which has no factorisation).
pub fn omega(n: u64) -> u32 {
    assert!(n > 0, "omega(0) is undefined");
    let twos = n.trailing_zeros();
    twos + omega_odd_part(n >> twos)
}

/// Omega of an odd n >= 1.
fn omega_odd_part(mut n: u64) -> u32 {
    if n <= u32::MAX as u64 {
        return omega_odd_u32(n as u32);
    }
    let mut count = 0;
    // Every prime factor of n is at least `bound` after the loop.
    let mut bound = TRIAL_LIMIT;
    for chunk in DIVISORS.chunks_exact(CHUNK) {
        let first = chunk[0].p;
        if first * first > n || (first * first * first > n && n >= SMALL_COFACTOR) {
            bound = first;
            break;
        }
        // Test the whole chunk without branching; divide only on a hit.
        let hit = chunk.iter().fold(false, |h, d| h | (n.wrapping_mul(d.inv) <= d.max_quotient));
        if hit {
            for d in chunk {
                while n.wrapping_mul(d.inv) <= d.max_quotient {
                    n = n.wrapping_mul(d.inv);
                    count += 1;
                }
            }
        }
    }
    count + omega_rough(n, bound)
}

/// Omega of an odd n below 2^32: the same trial division in 32-bit arithmetic, then the
/// cube-root rule settles it (the table reaches 2048 and 2048^3 > 2^32), no rho.
fn omega_odd_u32(mut n: u32) -> u32 {
    let mut count = 0;
    let mut bound = TRIAL_LIMIT;
    for (c, chunk) in DIVISORS32.chunks_exact(CHUNK).enumerate() {
        let first = DIVISORS[c * CHUNK].p;
        let n64 = n as u64;
        if first * first > n64 || (first * first * first > n64 && n64 >= SMALL_COFACTOR) {
            bound = first;
            break;
        }
        let hit = chunk.iter().fold(false, |h, d| h | (n.wrapping_mul(d.inv) <= d.max_quotient));
        if hit {
            for d in chunk {
                while n.wrapping_mul(d.inv) <= d.max_quotient {
                    n = n.wrapping_mul(d.inv);
                    count += 1;
                }
            }
        }
    }
    count
        + if n == 1 {
            0
        } else if (n as u64) < bound * bound || strong_probable_prime_u32(n) {
            1
        } else {
            2
        }
}

/// The strong probable-prime test to the bases 2, 7 and 61, in 32-bit Montgomery arithmetic,
/// for odd n >= 3. Exact below 4,759,123,141 (the least strong pseudoprime to those three
/// bases; Jaeschke 1993), so for every u32.
fn strong_probable_prime_u32(n: u32) -> bool {
    let inv = inverse_mod_2_64(n as u64) as u32;
    let reduce = |t: u64| -> u32 {
        let m = (t as u32).wrapping_mul(inv);
        let mn_hi = ((m as u64 * n as u64) >> 32) as u32;
        let (r, borrow) = ((t >> 32) as u32).overflowing_sub(mn_hi);
        if borrow { r.wrapping_add(n) } else { r }
    };
    let mul = |a: u32, b: u32| reduce(a as u64 * b as u64);
    let one = ((1u64 << 32) % n as u64) as u32;
    let r2 = ((one as u64 * one as u64) % n as u64) as u32;
    let minus_one = n - one;
    let s = (n - 1).trailing_zeros();
    let d = (n - 1) >> s;
    // The three bases share the exponent: one loop, three overlapping chains.
    let mut base = [2u32, 7, 61].map(|a| if a % n == 0 { mul(2, r2) } else { mul(a % n, r2) });
    let mut x = [one; 3];
    let mut e = d;
    while e > 0 {
        if e & 1 == 1 {
            for i in 0..3 {
                x[i] = mul(x[i], base[i]);
            }
        }
        for b in base.iter_mut() {
            *b = mul(*b, *b);
        }
        e >>= 1;
    }
    'bases: for mut y in x {
        if y == one || y == minus_one {
            continue;
        }
        for _ in 1..s {
            y = mul(y, y);
            if y == minus_one {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// Omega of an odd m >= 1 that has no prime factor below `bound` (bound^3 fits in a u64).
fn omega_rough(m: u64, bound: u64) -> u32 {
    let cube = bound * bound * bound;
    let mut count = 0;
    // Each entry is > 1 and the entries multiply to at most m < 2^64: at most 64 of them.
    let mut stack = [0u64; 64];
    stack[0] = m;
    let mut len = 1;
    while len > 0 {
        len -= 1;
        let m = stack[len];
        if m == 1 {
            continue;
        }
        if m < bound * bound || strong_probable_prime(m, bases_for(m)) {
            count += 1;
        } else if m < cube {
            // Composite with every factor >= bound and m < bound^3: exactly two factors.
            count += 2;
        } else {
            let s = isqrt(m);
            let split = if s * s == m { Some(s) } else { rho_factor(m, RHO_STEPS) };
            match split {
                Some(d) => {
                    stack[len] = d;
                    stack[len + 1] = m / d;
                    len += 2;
                }
                None => count += omega_by_large_trial_division(m),
            }
        }
    }
    count
}

/// The number of odd prime factors of `n` counted with multiplicity.
///
/// ```
/// use games::theory::factor::odd_omega;
/// assert_eq!(odd_omega(12), 1);
/// assert_eq!(odd_omega(1 << 40), 0);
/// ```
///
/// # Panics
/// If `n` is 0.
pub fn odd_omega(n: u64) -> u32 {
    assert!(n > 0, "odd_omega(0) is undefined");
    omega_odd_part(n >> n.trailing_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_the_odd_primes_below_the_limit() {
        assert_eq!(DIVISORS[0].p, 3);
        assert_eq!(DIVISORS.last().unwrap().p, 2081);
        assert_eq!(DIVISORS.len(), 312);
        for d in DIVISORS.iter() {
            assert_eq!(d.p.wrapping_mul(d.inv), 1);
        }
    }

    #[test]
    fn montgomery_agrees_with_u128() {
        for n in [3u64, 5, 1_000_000_007, (1 << 63) + 1, u64::MAX, u64::MAX - 2] {
            let m = Montgomery::new(n);
            for (a, b) in [(0u64, 0u64), (1, n - 1), (n - 1, n - 1), (12345, 67890 % n), (n / 2, n / 3)] {
                let want = (a as u128 * b as u128 % n as u128) as u64;
                assert_eq!(m.from_form(m.mul(m.to_form(a), m.to_form(b))), want, "{a} * {b} mod {n}");
            }
        }
    }

    #[test]
    fn the_trial_division_fallback_is_exact() {
        // 2_097_143, 2_099 and 2_642_239 are prime (checked here by plain trial division);
        // 4_294_967_291 and 4_294_967_279 are primes below 2^32 (tests/hdu6892.rs).
        assert!(is_small_prime(2_097_143) && is_small_prime(2_099));
        let (a, b) = (4_294_967_291u64, 4_294_967_279u64);
        assert_eq!(omega_by_large_trial_division(a * b), 2);
        assert_eq!(omega_by_large_trial_division(a * a), 2);
        assert_eq!(omega_by_large_trial_division(18_446_744_073_709_551_557), 1);
        let p = 2_097_143u64;
        assert_eq!(omega_by_large_trial_division(p * p * 2_099), 3);
        assert_eq!(omega_by_large_trial_division(p * p * p), 3);
        assert_eq!(omega_by_large_trial_division(p * 2_099 * 2_099 * 2_099), 4);
        assert_eq!(omega_by_large_trial_division(p * 4_294_967_291), 2);
        assert!(is_small_prime(2_642_239));
        assert_eq!(omega_by_large_trial_division(2_642_239u64 * 2_642_239 * 2_099), 3);
        assert_eq!(omega_by_large_trial_division(2_642_239u64 * 2_642_239 * 2_642_239), 3);
    }

    #[test]
    fn small_helpers() {
        assert_eq!(gcd(0, 5), 5);
        assert_eq!(gcd(12, 18), 6);
        assert_eq!(gcd(u64::MAX, 3), 3);
        for n in [0u64, 1, 2, 3, 4, 15, 16, 17, u64::MAX, (1 << 32) * (1 << 31), 4_294_967_295 * 4_294_967_295] {
            let s = isqrt(n);
            assert!(s * s <= n && (s + 1).checked_mul(s + 1).is_none_or(|q| q > n), "isqrt({n})");
        }
    }
}

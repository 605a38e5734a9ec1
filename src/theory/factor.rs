//! Exact primality and prime-factor counting for every `u64`.
//!
//! The tools, each exact:
//!
//! - **Trial division without division.** For an odd p with inverse p' modulo 2^64, n is a
//!   multiple of p exactly when `q = n * p' mod 2^64` is at most (2^64 - 1) / p, and then q is
//!   the quotient n / p (Granlund and Montgomery, "Division by invariant integers using
//!   multiplication", PLDI 1994, section 9). Equivalently, p divides n exactly when q * p does not
//!   overflow: if p | n then q = n / p and q * p = n; otherwise q * p = n mod 2^64 would force
//!   q * p != n, so q * p overflows. The odd primes below [`TRIAL_LIMIT`] are a table built at
//!   compile time; the primes from there up to 2^(64/3) (about 180,000 of them) a table built on
//!   first use.
//! - **Deterministic Miller-Rabin** ([`is_prime`]). A composite n passes the strong probable-prime
//!   test to every base of a set only if n is at least the least strong pseudoprime to all of
//!   them. Known values: 3,215,031,751 for the bases 2, 3, 5, 7 and 3,474,749,660,383 for
//!   2..13 (Jaeschke, "On strong pseudoprimes to several bases", Math. Comp. 61, 1993);
//!   4,759,123,141 for 2, 7, 61 (same paper); and none below 2^64 for the seven bases 2, 325,
//!   9375, 28178, 450775, 9780504, 1795265022 (J. Sinclair 2011, by exhaustive search against
//!   Feitsma's list of all base-2 strong pseudoprimes below 2^64; the record table at
//!   miller-rabin.appspot.com, where a base divisible by n counts as passed). So below each bound
//!   the set decides primality exactly. The arithmetic is Montgomery multiplication
//!   ([`Montgomery`]), with no 128-bit division per step.
//! - **One factor, when one is cheap** (each returns only a proper divisor of m, checked or
//!   proven to divide it; "none" is never a verdict, only a hand-over to the exhaustive scan): a
//!   perfect square or cube is split by its root; Fermat's method (`FERMAT_STEPS` steps of
//!   m = a^2 - b^2) splits products of two close primes; and on the scalar kernel the elliptic
//!   curve method ([`super::ecm`]) splits m above 2^58.
//!
//! **Counting without factoring.** After trial division by every prime below a bound B, each
//! prime factor of the cofactor m is at least B. So m = 1 has no factor; m < B^2 is prime; and a
//! composite m < B^3 has exactly two prime factors (three would make m >= B^3): one
//! Miller-Rabin verdict settles m. Trial division therefore stops as soon as B^3 exceeds what is
//! left (or B^2, for a remainder below 2^22, where a few more divisions are cheaper than a
//! Miller-Rabin test). Lengths below 2^32 never need a prime beyond the compile-time table
//! (2083^3 > 2^32); they run in 32-bit arithmetic (32-bit inverses, 32-bit Montgomery, the
//! bases 2, 7, 61).
//!
//! A larger m that is composite and has no factor below [`TRIAL_LIMIT`] goes through the cheap
//! splits above; a part found is a real factor and both parts go through these rules again.
//! Otherwise trial division by the large table goes on up to the cube root of what is left: no
//! factor up to the cube root leaves at most two factors, and one Miller-Rabin verdict says
//! which (none is needed when nothing was found: m is composite, so it has exactly two). With
//! AVX-512 the top third of the primes up to the cube root of m is tried first, from the cube
//! root down, and the first prime found splits m (`large_step`): a product of three primes of
//! the same size has one just below its cube root. The worst case is a product of two primes
//! above 2^21.3 that are not close (e.g. two random 32-bit primes): no factor is found and all
//! ~180,000 primes are tried.
//!
//! **Measured choices** (task-clock, 1000 lengths per class; `examples/scan_probe.rs`): for a
//! product of two random primes in (2^31, 2^32) the AVX-512 scan takes ~18 us, ECM ~50 us (about
//! 6 curves of ~8 us with B1 = 205, B2 = 25 B1). The scan is bound by the 64-bit multiplies,
//! not by memory: 74 ps per prime when the part of the table it reads fits in L2 (m near 2^58)
//! against 95 ps for the whole 1.4 MB table; so neither a cheaper scan nor ECM comes near.
//! Three primes near 2^21: the upward scan takes ~12 us; one B1 = 47 curve finds a factor about
//! 70% of the time (~3 us), but running it first would add those 3 us to the two-prime worst
//! case, so the vector kernels never run ECM; the top third first, from the cube root down,
//! takes it to ~4.3 us at no cost to the two-prime case (the same blocks are scanned) and
//! ~0.35 us more on random 64-bit lengths (a small factor is found later). With AVX2 the
//! downward pass made the two-prime case 25% slower (measured), so that kernel and the scalar
//! one scan upwards only. The scalar scan is ~5x slower than AVX-512 (~85 us for two 32-bit
//! primes) and there ECM wins above 2^58 (51 us; three primes near 2^21 30 -> 13 us); below
//! 2^58 the scalar scan to the cube root is cheaper than ECM.
//!
//! **Kernels** ([`Kernel`], chosen at run time). They run the same exact tests and return the
//! same counts; every path ends in Miller-Rabin verdicts within their proven bounds or in
//! exhaustive trial division, never a probabilistic guess.
//! - *AVX-512* (F and DQ): trial division tests 16 primes per instruction below 2^32 and 8 above.
//!   The large table is scanned in blocks of 64 primes with one branch per block: every lane is
//!   compared with the largest (2^64 - 1) / p of the block, a superset test, and a block that
//!   may hold a divisor is re-checked prime by prime with the exact overflow test above. A full
//!   scan costs ~16 us (more when other processes crowd the shared cache), less than ECM needs
//!   for a factor of a product of two 32-bit primes (~50 us), so this kernel never runs ECM.
//! - *AVX2*: 8 primes per instruction below 2^32; the large scan 4 primes per step, each 64-bit
//!   product built from three 32-bit ones (~36 us for a full scan); no ECM either.
//! - *Scalar* (every processor): one prime at a time (~85-100 us for a full scan), so ECM first
//!   gets `ECM_CURVES` curves on m above 2^58, which split nearly every such m.
//!
//! Both vector kernels run the Miller-Rabin test of a length below 2^31 with its three bases in
//! the lanes of one AVX2 vector, in a signed Montgomery form that needs no correction step
//! (`avx2::strong_probable_prime_u31`). No recursion anywhere: split parts go on an explicit
//! stack (at most 64 entries).

pub use super::modular::{Montgomery, gcd, inverse_mod_2_64};
/// The odd primes below this bound are the compile-time trial-division table.
pub const TRIAL_LIMIT: u64 = 2083;

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

/// The number of odd primes below [`TRIAL_LIMIT`].
const ODD_PRIME_COUNT: usize = count_odd_primes_below(TRIAL_LIMIT);

/// Scalar trial division tests this many primes at a time, without a branch per prime; the
/// AVX-512 kernel tests this many 64-bit lanes per instruction.
const CHUNK: usize = 8;
const _: () = assert!(ODD_PRIME_COUNT.is_multiple_of(CHUNK));

/// The 32-bit AVX-512 kernel tests this many lanes per instruction; the 32-bit columns are padded
/// to a multiple of it with tests that never pass (inverse 1, bound 0: n * 1 <= 0 is false).
const LANES32: usize = 16;
const PADDED32: usize = ODD_PRIME_COUNT.next_multiple_of(LANES32);

/// The odd primes below [`TRIAL_LIMIT`] as columns (for vector loads): the prime, its inverse
/// modulo 2^64 and (2^64 - 1) / p; the inverse modulo 2^32 and (2^32 - 1) / p.
#[repr(C, align(64))]
struct SmallPrimes {
    p: [u64; ODD_PRIME_COUNT],
    inv: [u64; ODD_PRIME_COUNT],
    max_quotient: [u64; ODD_PRIME_COUNT],
    inv32: [u32; PADDED32],
    max_quotient32: [u32; PADDED32],
}

const fn build_small_primes() -> SmallPrimes {
    let mut t = SmallPrimes {
        p: [0; ODD_PRIME_COUNT],
        inv: [0; ODD_PRIME_COUNT],
        max_quotient: [0; ODD_PRIME_COUNT],
        inv32: [1; PADDED32],
        max_quotient32: [0; PADDED32],
    };
    let mut i = 0;
    let mut n = 3;
    while n < TRIAL_LIMIT {
        if is_small_prime(n) {
            t.p[i] = n;
            t.inv[i] = inverse_mod_2_64(n);
            t.max_quotient[i] = u64::MAX / n;
            t.inv32[i] = inverse_mod_2_64(n) as u32;
            t.max_quotient32[i] = (u32::MAX as u64 / n) as u32;
            i += 1;
        }
        n += 2;
    }
    t
}

static SMALL: SmallPrimes = build_small_primes();

/// Below this, trial division goes on to the square root of what is left (a few dozen more
/// multiplications), which is cheaper than a Miller-Rabin test; above it, it stops at the cube
/// root and Miller-Rabin decides.
const SMALL_COFACTOR: u64 = 1 << 22;

/// May trial division stop before the primes from `first` on, with `n` left? Yes when first^2 > n
/// (n is 1 or prime), or first^3 > n (at most two factors) and n is not small.
#[inline(always)]
fn can_stop(first: u64, n: u64) -> bool {
    first * first > n || (first * first * first > n && n >= SMALL_COFACTOR)
}

/// How the hot loops run. Every kernel runs the same exact tests and gives the same answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kernel {
    /// One prime at a time; every processor. Gives ECM a budget before the large scan.
    Scalar,
    /// x86-64 with AVX2: 8 primes per instruction below 2^32, 4 in the large scan (64-bit
    /// products from three 32-bit ones), the three Miller-Rabin bases of a 32-bit length in the
    /// lanes of one vector.
    Avx2,
    /// x86-64 with AVX-512F and AVX-512DQ: 16 primes per instruction below 2^32, 8 above; the
    /// AVX2 Miller-Rabin.
    Avx512,
}

impl Kernel {
    /// Every kernel, slowest first (in declaration order: `ALL[k as usize] == k`).
    pub const ALL: [Kernel; 3] = [Kernel::Scalar, Kernel::Avx2, Kernel::Avx512];

    /// The fastest kernel this processor runs (detected on the first call, then cached).
    #[inline]
    pub fn best() -> Kernel {
        use std::sync::atomic::{AtomicU8, Ordering};
        // 0: not detected yet; otherwise 1 + the kernel's index in ALL.
        static BEST: AtomicU8 = AtomicU8::new(0);
        match BEST.load(Ordering::Relaxed) {
            0 => {
                let best = Kernel::ALL
                    .into_iter()
                    .rev()
                    .find(|k| k.is_available())
                    .unwrap_or(Kernel::Scalar);
                BEST.store(1 + best as u8, Ordering::Relaxed);
                best
            }
            i => Kernel::ALL[i as usize - 1],
        }
    }

    /// Can this processor run the kernel?
    #[inline]
    pub fn is_available(self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::is_x86_feature_detected as has;
            match self {
                Kernel::Scalar => true,
                Kernel::Avx2 => has!("avx2"),
                Kernel::Avx512 => has!("avx2") && has!("avx512f") && has!("avx512dq"),
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            self == Kernel::Scalar
        }
    }

    /// Does this kernel look for a factor of m (composite, no factor below [`TRIAL_LIMIT`]) by
    /// ECM before the large scan? Only where the scan is slower than ECM (measured: the scalar
    /// scan for m above 2^58; never the vector scans, see the module doc).
    fn uses_ecm(self, m: u64) -> bool {
        self == Kernel::Scalar && m >= ECM_FROM
    }

    // The dispatchers below run a vector kernel only for a `Kernel` that `is_available` accepted:
    // `odd_omega_with` asserts it, and `odd_omega` takes `best()`, which is available by
    // construction; the tests check `is_available` first.

    fn trial_divide_small(self, n: u64) -> (u32, u64, u64) {
        match self {
            // SAFETY: the processor has AVX-512F and AVX-512DQ (see above).
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { avx512::trial_divide_small(n) },
            _ => trial_divide_small(n),
        }
    }

    fn trial_divide_small_u32(self, n: u32) -> (u32, u32, u64) {
        match self {
            // SAFETY: the processor has the kernel's features (see above).
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { avx512::trial_divide_small_u32(n) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { avx2::trial_divide_small_u32(n) },
            _ => trial_divide_small_u32(n),
        }
    }

    fn scan_large(self, m: u64, end: usize) -> (u32, u64, u64) {
        match self {
            // SAFETY: the processor has the kernel's features (see above).
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { avx512::scan_large(m, end) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { avx2::scan_large(m, end) },
            _ => scan_large(m, end),
        }
    }

    fn find_in_top(self, m: u64, start: usize, top: usize) -> Option<u64> {
        match self {
            // SAFETY: the processor has the kernel's features (see above).
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => unsafe { avx512::find_in_top(m, start, top) },
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => unsafe { avx2::find_in_top(m, start, top) },
            _ => find_in_top(m, start, top),
        }
    }

    /// The strong probable-prime test to the bases 2, 7 and 61 for odd n >= 3 (exact for every
    /// u32, see [`strong_probable_prime_u32`]).
    fn strong_probable_prime_u32(self, n: u32) -> bool {
        match self {
            // SAFETY: both vector kernels have AVX2 (see above).
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 | Kernel::Avx512 if n < 1 << 31 => unsafe {
                avx2::strong_probable_prime_u31(n)
            },
            _ => strong_probable_prime_u32(n),
        }
    }
}

/// Divides out of `n` every prime whose bit is set in `mask` (lane i of the chunk at `base`),
/// counting them; each set lane's prime divides n, and still divides it after another lane's
/// prime has been divided out.
#[inline]
fn divide_out_u64(n: &mut u64, count: &mut u32, mut mask: u32, base: usize) {
    while mask != 0 {
        let i = base + mask.trailing_zeros() as usize;
        mask &= mask - 1;
        while n.wrapping_mul(SMALL.inv[i]) <= SMALL.max_quotient[i] {
            *n = n.wrapping_mul(SMALL.inv[i]);
            *count += 1;
        }
    }
}

/// The 32-bit twin of [`divide_out_u64`].
#[inline]
fn divide_out_u32(n: &mut u32, count: &mut u32, mut mask: u32, base: usize) {
    while mask != 0 {
        let i = base + mask.trailing_zeros() as usize;
        mask &= mask - 1;
        while n.wrapping_mul(SMALL.inv32[i]) <= SMALL.max_quotient32[i] {
            *n = n.wrapping_mul(SMALL.inv32[i]);
            *count += 1;
        }
    }
}

/// Trial division of an odd n by the table of small primes, from 3 until [`can_stop`]: returns
/// (factors found, what is left, bound) where every prime factor of what is left is at least the
/// bound, and what is left is below bound^3 or the table ran out (bound = [`TRIAL_LIMIT`]).
fn trial_divide_small(mut n: u64) -> (u32, u64, u64) {
    let mut count = 0;
    for c in 0..ODD_PRIME_COUNT / CHUNK {
        let base = c * CHUNK;
        if can_stop(SMALL.p[base], n) {
            return (count, n, SMALL.p[base]);
        }
        // Test the whole chunk without branching; divide only on a hit.
        let mut mask = 0;
        for j in 0..CHUNK {
            mask |=
                ((n.wrapping_mul(SMALL.inv[base + j]) <= SMALL.max_quotient[base + j]) as u32) << j;
        }
        divide_out_u64(&mut n, &mut count, mask, base);
    }
    (count, n, TRIAL_LIMIT)
}

/// [`trial_divide_small`] for n below 2^32, in 32-bit arithmetic.
fn trial_divide_small_u32(mut n: u32) -> (u32, u32, u64) {
    let mut count = 0;
    for c in 0..ODD_PRIME_COUNT / CHUNK {
        let base = c * CHUNK;
        if can_stop(SMALL.p[base], n as u64) {
            return (count, n, SMALL.p[base]);
        }
        let mut mask = 0;
        for j in 0..CHUNK {
            mask |= ((n.wrapping_mul(SMALL.inv32[base + j]) <= SMALL.max_quotient32[base + j])
                as u32)
                << j;
        }
        divide_out_u32(&mut n, &mut count, mask, base);
    }
    (count, n, TRIAL_LIMIT)
}

/// Trial division by the large table: primes from [`TRIAL_LIMIT`] up to the cube root of 2^64,
/// built on first use. Blocks of [`BLOCK`] inverses, each block with its first prime and the
/// threshold (2^64 - 1) / first, the largest (2^64 - 1) / p of the block.
struct LargePrimes {
    primes: Vec<u32>,
    inv: Vec<u64>,
    first: Vec<u64>,
    threshold: Vec<u64>,
}

/// Primes per block of the large table (one branch per block).
const BLOCK: usize = 64;

/// Every prime up to here is in the large table: the cube of the next integer passes 2^64.
const LARGE_LIMIT: u64 = 2_642_245;
const _: () =
    assert!((LARGE_LIMIT as u128 + 1).pow(3) > 1 << 64 && (LARGE_LIMIT as u128).pow(3) < 1 << 64);

fn large_primes() -> &'static LargePrimes {
    static TABLE: std::sync::OnceLock<LargePrimes> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        // A sieve of the odd numbers only: index i stands for 2i + 1.
        let half = (LARGE_LIMIT as usize).div_ceil(2);
        let mut composite = vec![false; half];
        let mut primes = Vec::with_capacity(190_000);
        for i in 1..half {
            if composite[i] {
                continue;
            }
            let p = 2 * i + 1;
            for j in (p * p / 2..half).step_by(p) {
                composite[j] = true;
            }
            if p as u64 >= TRIAL_LIMIT {
                primes.push(p as u32);
            }
        }
        let mut inv: Vec<u64> = primes.iter().map(|&p| inverse_mod_2_64(p as u64)).collect();
        // Pad the last block with inverse 1, which never passes: that block is scanned only for
        // an m of at least first^3, and m * 1 = m is then above its threshold (2^64 - 1) / first
        // (first^4 > 2^64). A false hit would anyway only be re-checked against the real primes.
        inv.resize(inv.len().next_multiple_of(BLOCK), 1);
        let first: Vec<u64> = primes.iter().step_by(BLOCK).map(|&p| p as u64).collect();
        let threshold = first.iter().map(|&p| u64::MAX / p).collect();
        LargePrimes { primes, inv, first, threshold }
    })
}

/// Divides out of `m` every prime of block `b` of the large table that divides it, counting
/// them (the exact overflow test of the module doc, one prime at a time).
fn divide_out_block(table: &LargePrimes, b: usize, m: &mut u64, count: &mut u32) {
    let end = ((b + 1) * BLOCK).min(table.primes.len());
    for i in b * BLOCK..end {
        let p = table.primes[i] as u64;
        loop {
            let q = m.wrapping_mul(table.inv[i]);
            if q.checked_mul(p).is_none() {
                break; // p does not divide m
            }
            *m = q;
            *count += 1;
        }
    }
}

/// Trial division of m (no prime factor below [`TRIAL_LIMIT`]) by the blocks of the large table
/// below `end`, until the first prime of a block cubed exceeds what is left: (factors found,
/// what is left, bound), every prime below the bound tried (when the table runs out, bound^3 >
/// 2^64).
fn scan_large(mut m: u64, end: usize) -> (u32, u64, u64) {
    let table = large_primes();
    let mut count = 0;
    for (b, &first) in table.first.iter().enumerate().take(end) {
        if first * first * first > m {
            return (count, m, first);
        }
        let threshold = table.threshold[b];
        let hit = table.inv[b * BLOCK..(b + 1) * BLOCK]
            .iter()
            .fold(false, |h, &i| h | (m.wrapping_mul(i) <= threshold));
        if hit {
            divide_out_block(table, b, &mut m, &mut count);
        }
    }
    (count, m, table.first.get(end).copied().unwrap_or(LARGE_LIMIT + 1))
}

/// The first prime of block `b` of the large table that divides m, if any (exact test).
fn divisor_in_block(table: &LargePrimes, b: usize, m: u64) -> Option<u64> {
    let end = ((b + 1) * BLOCK).min(table.primes.len());
    (b * BLOCK..end)
        .find(|&i| m.wrapping_mul(table.inv[i]).checked_mul(table.primes[i] as u64).is_some())
        .map(|i| table.primes[i] as u64)
}

/// A prime of the blocks `start..top` of the large table that divides m, looking from the top
/// block down (a factor just below the cube root of m, as in a product of three primes of the
/// same size, is found after a short way), or None: no prime of those blocks divides m.
fn find_in_top(m: u64, start: usize, top: usize) -> Option<u64> {
    let table = large_primes();
    for b in (start..top).rev() {
        let threshold = table.threshold[b];
        let hit = table.inv[b * BLOCK..(b + 1) * BLOCK]
            .iter()
            .fold(false, |h, &i| h | (m.wrapping_mul(i) <= threshold));
        if hit && let Some(p) = divisor_in_block(table, b, m) {
            return Some(p);
        }
    }
    None
}

/// The number of distinct prime factors of `n >= 1`, exact for every `u64`: trial division
/// while `d^3 <= m`, then what is left is 1, a prime, a prime squared, or two distinct primes.
pub fn distinct_prime_factors(mut n: u64) -> u32 {
    let mut count = 0;
    if n.is_multiple_of(2) {
        count += 1;
        n >>= n.trailing_zeros();
    }
    let mut d = 3u64;
    while (d as u128).pow(3) <= n as u128 {
        if n.is_multiple_of(d) {
            count += 1;
            while n.is_multiple_of(d) {
                n /= d;
            }
        }
        d += 2;
    }
    // No factor below d and n < d^3: at most two prime factors.
    count
        + match n {
            1 => 0,
            m if is_prime(m) => 1,
            m if isqrt(m).pow(2) == m => 1,
            _ => 2,
        }
}

/// Is `n` a perfect power `m^k`, `k >= 2` (1 counts)? Exact integer roots (prime `k` suffice).
pub fn is_perfect_power(n: u64) -> bool {
    if n <= 1 {
        return n == 1;
    }
    let bits = 64 - n.leading_zeros();
    for k in [2u32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61] {
        if k >= bits {
            break;
        }
        if (iroot(n, k) as u128).pow(k) == n as u128 {
            return true;
        }
    }
    false
}

/// The largest `r` with `r^k <= n` (`k >= 1`), by binary search in `u128`.
pub fn iroot(n: u64, k: u32) -> u64 {
    let (mut lo, mut hi) = (0u128, 1u128 << (64 / k + 1));
    let le = |m: u128| {
        let mut x = 1u128;
        for _ in 0..k {
            x *= m;
            if x > n as u128 {
                return false;
            }
        }
        true
    };
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if le(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo as u64
}

/// The integer cube root (largest c with c^3 <= n).
pub fn icbrt(n: u64) -> u64 {
    let mut c = (n as f64).cbrt() as u64;
    // The float estimate is within a unit or two; fix it exactly (c^3 may pass 2^64: u128).
    while c > 0 && (c as u128).pow(3) > n as u128 {
        c -= 1;
    }
    while ((c + 1) as u128).pow(3) <= n as u128 {
        c += 1;
    }
    c
}

/// What the large table says about an odd composite m with no prime factor below
/// [`TRIAL_LIMIT`].
enum LargeStep {
    /// Omega(m), settled.
    Count(u32),
    /// A prime factor of m.
    Split(u64),
}

/// The blocks of the large table up to the cube root of m are tried in two parts: the top third
/// from the cube root down ([`find_in_top`]; the first prime found splits m), then the rest from
/// 2083 up ([`scan_large`], dividing out what it finds, until the cube root of what is left).
/// Every prime up to the cube root of m lies in the blocks whose first prime is at most it, so
/// when neither part splits m off, every prime up to the cube root of what is left has been
/// tried and the cube-root rule settles it. Exact.
fn large_step(m: u64, kernel: Kernel) -> LargeStep {
    let table = large_primes();
    let c = icbrt(m);
    let top = table.first.partition_point(|&f| f <= c);
    let start = if kernel == Kernel::Avx512 { top - top / TOP_PART } else { top };
    if let Some(p) = kernel.find_in_top(m, start, top) {
        return LargeStep::Split(p);
    }
    let (count, rest, bound) = kernel.scan_large(m, start);
    // Every prime factor of what is left is at least `bound` and above its cube root.
    LargeStep::Count(
        count
            + if rest == 1 {
                0
            } else if rest == m {
                // Nothing found: m is composite (given) with at most two factors, so two.
                2
            } else if rest / bound < bound || strong_probable_prime(rest, bases_for(rest)) {
                1
            } else {
                2
            },
    )
}

/// `large_step` searches the top 1 / TOP_PART of the blocks up to the cube root first.
const TOP_PART: usize = 3;

/// Omega of an odd composite m with no prime factor below [`TRIAL_LIMIT`], by the large table
/// alone (for tests: the split part counted by [`odd_omega_with`]).
#[cfg(test)]
fn omega_by_large_trial_division(m: u64, kernel: Kernel) -> u32 {
    match large_step(m, kernel) {
        LargeStep::Count(c) => c,
        LargeStep::Split(p) => 1 + odd_omega_with(m / p, kernel),
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    //! The AVX2 kernels. Each must only run on a processor with AVX2 (both vector kernels have
    //! it).
    use super::{
        BLOCK, CHUNK, LARGE_LIMIT, ODD_PRIME_COUNT, SMALL, TRIAL_LIMIT, can_stop, divide_out_block,
        divide_out_u32, divisor_in_block, large_primes,
    };
    use std::arch::x86_64::*;

    /// [`super::trial_divide_small_u32`], eight primes per instruction.
    #[target_feature(enable = "avx2")]
    pub(super) fn trial_divide_small_u32(mut n: u32) -> (u32, u32, u64) {
        let mut count = 0;
        for c in 0..ODD_PRIME_COUNT / CHUNK {
            let base = c * CHUNK;
            if can_stop(SMALL.p[base], n as u64) {
                return (count, n, SMALL.p[base]);
            }
            // SAFETY: base + 8 <= ODD_PRIME_COUNT <= PADDED32, the length of both columns.
            let (inv, max) = unsafe {
                (
                    _mm256_loadu_si256(SMALL.inv32.as_ptr().add(base).cast()),
                    _mm256_loadu_si256(SMALL.max_quotient32.as_ptr().add(base).cast()),
                )
            };
            let q = _mm256_mullo_epi32(_mm256_set1_epi32(n as i32), inv);
            // q <= max (unsigned) exactly when min(q, max) = q.
            let pass = _mm256_cmpeq_epi32(_mm256_min_epu32(q, max), q);
            let mask = _mm256_movemask_ps(_mm256_castsi256_ps(pass)) as u32;
            divide_out_u32(&mut n, &mut count, mask, base);
        }
        (count, n, TRIAL_LIMIT)
    }

    /// Whether some prime of large-table block `b` may divide m (given as its 32-bit halves
    /// `lo`, `hi` in every lane): m * inv mod 2^64 from three 32-bit products per prime, compared
    /// unsigned with the block's threshold by flipping the sign bits (`sign`) of both sides. A
    /// prime divides m exactly when the product is at most the threshold.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn block_may_divide(
        table: &super::LargePrimes,
        b: usize,
        lo: __m256i,
        hi: __m256i,
        sign: __m256i,
    ) -> bool {
        let t = _mm256_set1_epi64x((table.threshold[b] ^ 1 << 63) as i64);
        let block = &table.inv[b * BLOCK..(b + 1) * BLOCK];
        let mut above = _mm256_set1_epi64x(-1);
        for j in 0..BLOCK / 4 {
            // SAFETY: 4 * j + 4 <= BLOCK, the length of `block`.
            let v = unsafe { _mm256_loadu_si256(block.as_ptr().add(4 * j).cast()) };
            let cross = _mm256_add_epi64(
                _mm256_mul_epu32(hi, v),
                _mm256_mul_epu32(lo, _mm256_srli_epi64(v, 32)),
            );
            let q = _mm256_add_epi64(_mm256_mul_epu32(lo, v), _mm256_slli_epi64(cross, 32));
            above = _mm256_and_si256(above, _mm256_cmpgt_epi64(_mm256_xor_si256(q, sign), t));
        }
        _mm256_movemask_pd(_mm256_castsi256_pd(above)) != 0xF
    }

    /// [`super::scan_large`], four primes per step: m * inv mod 2^64 from three 32-bit products
    /// (lo * lo + ((hi * lo + lo * hi) << 32)), compared unsigned with the block's threshold by
    /// flipping the sign bits of both sides.
    #[target_feature(enable = "avx2")]
    pub(super) fn scan_large(mut m: u64, end: usize) -> (u32, u64, u64) {
        let table = large_primes();
        let mut count = 0;
        let sign = _mm256_set1_epi64x(i64::MIN);
        let halves =
            |m: u64| (_mm256_set1_epi64x(m as u32 as i64), _mm256_set1_epi64x((m >> 32) as i64));
        let (mut lo, mut hi) = halves(m);
        for (b, &first) in table.first.iter().enumerate().take(end) {
            if first * first * first > m {
                return (count, m, first);
            }
            if block_may_divide(table, b, lo, hi, sign) {
                divide_out_block(table, b, &mut m, &mut count);
                (lo, hi) = halves(m);
            }
        }
        (count, m, table.first.get(end).copied().unwrap_or(LARGE_LIMIT + 1))
    }

    /// [`super::find_in_top`] with the block test of [`scan_large`].
    #[target_feature(enable = "avx2")]
    pub(super) fn find_in_top(m: u64, start: usize, top: usize) -> Option<u64> {
        let table = large_primes();
        let sign = _mm256_set1_epi64x(i64::MIN);
        let (lo, hi) = (_mm256_set1_epi64x(m as u32 as i64), _mm256_set1_epi64x((m >> 32) as i64));
        for b in (start..top).rev() {
            if block_may_divide(table, b, lo, hi, sign)
                && let Some(p) = divisor_in_block(table, b, m)
            {
                return Some(p);
            }
        }
        None
    }

    /// The strong probable-prime test to the bases 2, 7 and 61 for odd n with 3 <= n < 2^31, the
    /// three bases in three lanes of one vector (exact: see [`super::strong_probable_prime_u32`]).
    ///
    /// Montgomery arithmetic with R = 2^32 on signed residues in (-n, n), each in the low half of
    /// a 64-bit lane: t = a * b (|t| < n^2), m = t * n^-1 mod 2^32 taken as signed, and
    /// (t - m * n) / 2^32 is exact (the low halves agree) with absolute value below
    /// n^2 / 2^32 + n / 2 < n, as n < 2^31. So no correction step, only signed 32-bit products
    /// (`vpmuldq`); a residue r stands for r mod n, and equality tests accept both r and r - n.
    #[target_feature(enable = "avx2")]
    pub(super) fn strong_probable_prime_u31(n: u32) -> bool {
        debug_assert!(n & 1 == 1 && (3..1 << 31).contains(&n));
        // n^-1 mod 2^32: 3n XOR 2 is right to 5 bits, and each Newton step doubles that.
        let mut inv = n.wrapping_mul(3) ^ 2;
        for _ in 0..3 {
            inv = inv.wrapping_mul(2u32.wrapping_sub(n.wrapping_mul(inv)));
        }
        let one = u32::MAX % n + 1; // 2^32 mod n, the form of 1
        let s = (n - 1).trailing_zeros();
        let d = (n - 1) >> s;
        // The form a * 2^32 mod n of a base; a base divisible by n says nothing: test 2 instead.
        let form = |a: u32| {
            let a = if a.is_multiple_of(n) { 2 } else { a % n };
            (((a as u64) << 32) % n as u64) as i64
        };
        // A residue or constant in the low half of every lane.
        let splat = |v: i64| _mm256_set1_epi64x(v as u32 as i64);
        let mut nv = _mm256_set1_epi64x(n as i64);
        let mut invv = splat(inv as i64);
        // An empty asm block hides the constants' values from the optimiser, which otherwise
        // rewrites the 32-bit products below into slower 64-bit ones.
        // SAFETY: the block is empty: it reads and writes nothing else.
        unsafe {
            std::arch::asm!("/* {0} {1} */", inout(ymm_reg) nv, inout(ymm_reg) invv, options(pure, nomem, nostack, preserves_flags));
        }
        let mul = |a: __m256i, b: __m256i| {
            let t = _mm256_mul_epi32(a, b);
            let m = _mm256_mul_epi32(t, invv);
            _mm256_srli_epi64(_mm256_sub_epi64(t, _mm256_mul_epi32(m, nv)), 32)
        };
        let one_v = splat(one as i64);
        // Right to left: `power` runs through base^(2^k), `x` collects the powers for the bits of d.
        let mut power = _mm256_set_epi64x(form(2), form(61), form(7), form(2));
        let mut x = one_v;
        let mut e = d;
        while e > 0 {
            let bit = _mm256_set1_epi64x(-((e & 1) as i64));
            let factor = _mm256_blendv_epi8(one_v, power, bit);
            x = mul(x, factor);
            power = mul(power, power);
            e >>= 1;
        }
        let is = |x: __m256i, v: i64| {
            _mm256_or_si256(
                _mm256_cmpeq_epi64(x, splat(v)),
                _mm256_cmpeq_epi64(x, splat(v - n as i64)),
            )
        };
        let minus_one = n as i64 - one as i64;
        let mut pass = _mm256_or_si256(is(x, one as i64), is(x, minus_one));
        for _ in 1..s {
            x = mul(x, x);
            pass = _mm256_or_si256(pass, is(x, minus_one));
        }
        _mm256_movemask_pd(_mm256_castsi256_pd(pass)) == 0xF
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    //! The AVX-512 trial-division kernels. Each must only run on a processor with AVX-512F and
    //! AVX-512DQ ([`super::Kernel::Avx512`] is only chosen then).
    use super::{
        BLOCK, CHUNK, LANES32, LARGE_LIMIT, ODD_PRIME_COUNT, PADDED32, SMALL, TRIAL_LIMIT,
        can_stop, divide_out_block, divide_out_u32, divide_out_u64, divisor_in_block, large_primes,
    };
    use std::arch::x86_64::*;

    /// [`super::trial_divide_small`], eight primes per instruction.
    #[target_feature(enable = "avx512f,avx512dq")]
    pub(super) fn trial_divide_small(mut n: u64) -> (u32, u64, u64) {
        let mut count = 0;
        for c in 0..ODD_PRIME_COUNT / CHUNK {
            let base = c * CHUNK;
            if can_stop(SMALL.p[base], n) {
                return (count, n, SMALL.p[base]);
            }
            // SAFETY: base + 8 <= ODD_PRIME_COUNT, the length of both columns.
            let (inv, max) = unsafe {
                (
                    _mm512_loadu_si512(SMALL.inv.as_ptr().add(base).cast()),
                    _mm512_loadu_si512(SMALL.max_quotient.as_ptr().add(base).cast()),
                )
            };
            let q = _mm512_mullo_epi64(_mm512_set1_epi64(n as i64), inv);
            let mask = _mm512_cmple_epu64_mask(q, max);
            divide_out_u64(&mut n, &mut count, mask as u32, base);
        }
        (count, n, TRIAL_LIMIT)
    }

    /// [`super::trial_divide_small_u32`], sixteen primes per instruction.
    #[target_feature(enable = "avx512f,avx512dq")]
    pub(super) fn trial_divide_small_u32(mut n: u32) -> (u32, u32, u64) {
        let mut count = 0;
        for c in 0..PADDED32 / LANES32 {
            let base = c * LANES32;
            if can_stop(SMALL.p[base], n as u64) {
                return (count, n, SMALL.p[base]);
            }
            // SAFETY: base + 16 <= PADDED32, the length of both 32-bit columns.
            let (inv, max) = unsafe {
                (
                    _mm512_loadu_si512(SMALL.inv32.as_ptr().add(base).cast()),
                    _mm512_loadu_si512(SMALL.max_quotient32.as_ptr().add(base).cast()),
                )
            };
            let q = _mm512_mullo_epi32(_mm512_set1_epi32(n as i32), inv);
            let mask = _mm512_cmple_epu32_mask(q, max);
            divide_out_u32(&mut n, &mut count, mask as u32, base);
        }
        (count, n, TRIAL_LIMIT)
    }

    /// Whether some prime of large-table block `b` may divide m (`mv`: m in every lane): a
    /// prime divides m exactly when m * inv mod 2^64 is at most the block's threshold.
    #[target_feature(enable = "avx512f,avx512dq")]
    #[inline]
    fn block_may_divide(table: &super::LargePrimes, b: usize, mv: __m512i) -> bool {
        let t = _mm512_set1_epi64(table.threshold[b] as i64);
        let block = &table.inv[b * BLOCK..(b + 1) * BLOCK];
        let mut hits: __mmask8 = 0;
        for j in 0..BLOCK / 8 {
            // SAFETY: 8 * j + 8 <= BLOCK, the length of `block`.
            let v = unsafe { _mm512_loadu_si512(block.as_ptr().add(8 * j).cast()) };
            hits |= _mm512_cmple_epu64_mask(_mm512_mullo_epi64(mv, v), t);
        }
        hits != 0
    }

    /// [`super::scan_large`], each block of 64 primes tested by eight instructions against the
    /// block's threshold: every lane whose prime divides m passes (n * inv is then at most
    /// (2^64 - 1) / p, which is at most the threshold); a block with a passing lane is re-checked
    /// exactly, prime by prime.
    #[target_feature(enable = "avx512f,avx512dq")]
    pub(super) fn scan_large(mut m: u64, end: usize) -> (u32, u64, u64) {
        let table = large_primes();
        let mut count = 0;
        let mut mv = _mm512_set1_epi64(m as i64);
        for (b, &first) in table.first.iter().enumerate().take(end) {
            if first * first * first > m {
                return (count, m, first);
            }
            if block_may_divide(table, b, mv) {
                divide_out_block(table, b, &mut m, &mut count);
                mv = _mm512_set1_epi64(m as i64);
            }
        }
        (count, m, table.first.get(end).copied().unwrap_or(LARGE_LIMIT + 1))
    }

    /// [`super::find_in_top`] with the block test of [`scan_large`].
    #[target_feature(enable = "avx512f,avx512dq")]
    pub(super) fn find_in_top(m: u64, start: usize, top: usize) -> Option<u64> {
        let table = large_primes();
        let mv = _mm512_set1_epi64(m as i64);
        for b in (start..top).rev() {
            if block_may_divide(table, b, mv)
                && let Some(p) = divisor_in_block(table, b, m)
            {
                return Some(p);
            }
        }
        None
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
    const FIRST_PRIMES: [u64; 6] = [2, 3, 5, 7, 11, 13];
    const SINCLAIR: [u64; 7] = [2, 325, 9375, 28178, 450775, 9780504, 1795265022];
    if n < 3_215_031_751 {
        &FIRST_PRIMES[..4]
    } else if n < 3_474_749_660_383 {
        &FIRST_PRIMES
    } else {
        &SINCLAIR
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
    for i in 0..16 {
        if n.wrapping_mul(SMALL.inv[i]) <= SMALL.max_quotient[i] {
            return false;
        }
    }
    // No factor up to 59 (the 16 odd primes 3..=59): n < 61^2 is prime.
    n < 61 * 61 || strong_probable_prime(n, bases_for(n))
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

/// The cube root of `n` when `n` is a perfect cube.
fn exact_cube_root(n: u64) -> Option<u64> {
    let c = icbrt(n);
    ((c as u128).pow(3) == n as u128).then_some(c)
}

/// A proper factor of odd `n` (not a square; `s` = isqrt(n)) by Fermat's method: n = a^2 - b^2
/// = (a - b)(a + b) for a = s + 1, s + 2, .., `steps` of them. It finds the factors p < q when
/// (p + q) / 2 - sqrt(n), about (q - p)^2 / (8 sqrt(n)), is below `steps`: for n near 2^64 and
/// 16 steps, when q - p < 2^19.5.
fn fermat_factor(n: u64, s: u64, steps: u64) -> Option<u64> {
    for a in s + 1..=s + steps {
        // a^2 - n <= (s + steps)^2 - s^2, far below 2^64.
        let b2 = (a as u128 * a as u128 - n as u128) as u64;
        // Squares are 0, 1, 4 or 9 modulo 16: most b2 are refused without a square root.
        if (0x0213u32 >> (b2 & 15)) & 1 == 0 {
            continue;
        }
        let b = isqrt(b2);
        if b * b == b2 {
            let d = a - b;
            // n = (a - b)(a + b) exactly; a - b = 1 would make n = 2a - 1 < (a - 1)^2 = s^2.
            return (d > 1 && n.is_multiple_of(d)).then_some(d);
        }
    }
    None
}

/// Fermat's method gets this many steps: a few dozen nanoseconds that settle products of two
/// primes closer than ~2^19 to each other (near-squares) without the large scan.
const FERMAT_STEPS: u64 = 16;

/// The scalar kernel runs ECM first from here on (below, its scan to the cube root is cheaper:
/// measured, see the module doc).
const ECM_FROM: u64 = 1 << 58;

/// ECM gets this many curves before the scan takes over (the tiers' B1 find a factor of a
/// product of two 32-bit primes in ~6 curves on average).
const ECM_CURVES: u32 = 48;

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
    n.trailing_zeros() + odd_omega(n)
}

/// The number of odd prime factors of `n` counted with multiplicity, with the fastest kernel.
///
/// ```
/// use games::theory::factor::odd_omega;
/// assert_eq!(odd_omega(12), 1);
/// assert_eq!(odd_omega(1 << 40), 0);
/// ```
///
/// # Panics
/// If `n` is 0.
#[inline]
pub fn odd_omega(n: u64) -> u32 {
    assert!(n > 0, "odd_omega(0) is undefined");
    // The best kernel is available by construction.
    odd_omega_odd(n >> n.trailing_zeros(), Kernel::best())
}

/// [`odd_omega`] with a chosen kernel (the same value with every kernel).
///
/// ```
/// use games::theory::factor::{odd_omega_with, Kernel};
/// assert_eq!(odd_omega_with(4_294_967_291 * 4_294_967_279, Kernel::Scalar), 2);
/// ```
///
/// # Panics
/// If `n` is 0, or the processor cannot run the kernel.
pub fn odd_omega_with(n: u64, kernel: Kernel) -> u32 {
    assert!(n > 0, "odd_omega(0) is undefined");
    assert!(kernel.is_available(), "this processor cannot run the {kernel:?} kernel");
    odd_omega_odd(n >> n.trailing_zeros(), kernel)
}

/// Omega of an odd n >= 1 with an available kernel.
fn odd_omega_odd(n: u64, kernel: Kernel) -> u32 {
    if n <= u32::MAX as u64 {
        return odd_omega_u32(n as u32, kernel);
    }
    let (count, rest, bound) = kernel.trial_divide_small(n);
    count + omega_rough(rest, bound, kernel)
}

/// Omega of an odd n below 2^32: trial division in 32-bit arithmetic, then the cube-root rule
/// settles it (the table reaches 2081 and 2083^3 > 2^32), no ECM.
fn odd_omega_u32(n: u32, kernel: Kernel) -> u32 {
    let (count, n, bound) = kernel.trial_divide_small_u32(n);
    count
        + if n == 1 {
            0
        } else if (n as u64) < bound * bound || kernel.strong_probable_prime_u32(n) {
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

/// Omega of an odd m >= 1 that has no prime factor below `bound` (bound <= [`TRIAL_LIMIT`]; m is
/// below bound^3 unless bound = [`TRIAL_LIMIT`]).
fn omega_rough(m: u64, bound: u64, kernel: Kernel) -> u32 {
    let cube = bound * bound * bound;
    let mut count = 0;
    // Each entry is > 1 and the entries multiply to at most m < 2^64: at most 64 of them. Every
    // entry divides m, so none has a prime factor below `bound`.
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
            // Here bound = TRIAL_LIMIT (trial division only stops early below bound^3).
            let s = isqrt(m);
            let split = if s * s == m {
                Some(s)
            } else if let Some(c) = exact_cube_root(m) {
                Some(c)
            } else if let Some(d) = fermat_factor(m, s, FERMAT_STEPS) {
                Some(d)
            } else if kernel.uses_ecm(m) {
                super::ecm::factor(m, ECM_CURVES)
            } else {
                None
            };
            let split = split.or_else(|| match large_step(m, kernel) {
                LargeStep::Split(p) => Some(p),
                LargeStep::Count(c) => {
                    count += c;
                    None
                }
            });
            // A proper factor d: both parts go back on the stack (at most 64 entries: their
            // product is at most m).
            if let Some(d) = split {
                stack[len] = d;
                stack[len + 1] = m / d;
                len += 2;
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    fn distinct_td(mut n: u64) -> u32 {
        let (mut c, mut p) = (0, 2u64);
        while p * p <= n {
            if n.is_multiple_of(p) {
                c += 1;
                while n.is_multiple_of(p) {
                    n /= p;
                }
            }
            p += 1;
        }
        c + u32::from(n > 1)
    }

    #[test]
    fn distinct_prime_factors_against_trial_division() {
        for n in 1..20_000 {
            assert_eq!(distinct_prime_factors(n), distinct_td(n), "n = {n}");
        }
        let (p, q) = (4_294_967_291u64, 4_294_967_279u64);
        assert_eq!(distinct_prime_factors(p * q), 2);
        assert_eq!(distinct_prime_factors(p * p), 1);
        assert_eq!(distinct_prime_factors(p), 1);
        assert_eq!(distinct_prime_factors(1 << 62), 1);
        assert_eq!(distinct_prime_factors(2 * 3 * 5 * 7 * 11 * 13 * 2_097_143 * 2_097_143), 7);
        assert_eq!(distinct_prime_factors(u64::MAX), 7);
    }

    #[test]
    fn perfect_powers_against_a_list() {
        let mut pp = std::collections::BTreeSet::new();
        for m in 2..=400u64 {
            let mut x = m * m;
            while x <= 160_000 {
                pp.insert(x);
                x *= m;
            }
        }
        pp.insert(1);
        for n in 1..=160_000 {
            assert_eq!(is_perfect_power(n), pp.contains(&n), "n = {n}");
        }
        let big = 3u64.pow(39);
        assert!(is_perfect_power(big) && !is_perfect_power(big + 1) && !is_perfect_power(big - 1));
        assert!(is_perfect_power(4_294_967_291 * 4_294_967_291) && is_perfect_power(1 << 62));
        assert!(is_perfect_power(2_097_143u64.pow(3)) && !is_perfect_power(i64::MAX as u64));
    }

    use super::*;

    fn kernels() -> Vec<Kernel> {
        Kernel::ALL.into_iter().filter(|k| k.is_available()).collect()
    }

    #[test]
    fn tables_hold_the_odd_primes() {
        assert_eq!(SMALL.p[0], 3);
        assert_eq!(SMALL.p[ODD_PRIME_COUNT - 1], 2081);
        assert_eq!(ODD_PRIME_COUNT, 312);
        for i in 0..ODD_PRIME_COUNT {
            let p = SMALL.p[i];
            assert!(is_small_prime(p));
            assert_eq!(p.wrapping_mul(SMALL.inv[i]), 1);
            assert_eq!((p as u32).wrapping_mul(SMALL.inv32[i]), 1);
            assert_eq!(SMALL.max_quotient[i], u64::MAX / p);
            assert_eq!(SMALL.max_quotient32[i] as u64, u32::MAX as u64 / p);
        }
        for i in ODD_PRIME_COUNT..PADDED32 {
            assert_eq!((SMALL.inv32[i], SMALL.max_quotient32[i]), (1, 0), "padding never passes");
        }
        let large = large_primes();
        assert_eq!(large.primes[0], 2083);
        assert_eq!(*large.primes.last().unwrap(), 2_642_239);
        assert!(large.primes.windows(2).all(|w| w[0] < w[1]));
        // Spot checks of the sieve against plain trial division.
        for &p in large.primes.iter().step_by(997) {
            assert!(is_small_prime(p as u64), "{p}");
        }
        let count_in = |lo: u64, hi: u64| (lo..hi).filter(|&n| is_small_prime(n)).count();
        assert_eq!(large.primes.iter().filter(|&&p| p < 10_000).count(), count_in(2083, 10_000));
        assert_eq!(
            large.primes.iter().filter(|&&p| p >= 2_600_000).count(),
            count_in(2_600_000, LARGE_LIMIT + 1)
        );
        for (b, &first) in large.first.iter().enumerate() {
            assert_eq!(first, large.primes[b * BLOCK] as u64);
            assert_eq!(large.threshold[b], u64::MAX / first);
        }
        assert_eq!(large.inv.len(), large.first.len() * BLOCK);
        for (i, &p) in large.primes.iter().enumerate() {
            assert_eq!((p as u64).wrapping_mul(large.inv[i]), 1);
        }
    }

    #[test]
    fn kernels_are_listed_in_order_and_the_best_is_available() {
        for (i, k) in Kernel::ALL.into_iter().enumerate() {
            assert_eq!(k as usize, i);
        }
        assert!(Kernel::Scalar.is_available());
        assert!(Kernel::best().is_available());
        assert_eq!(Kernel::best(), Kernel::best(), "cached");
        assert!(Kernel::ALL.into_iter().filter(|k| *k > Kernel::best()).all(|k| !k.is_available()));
    }

    #[test]
    fn montgomery_agrees_with_u128() {
        for n in [3u64, 5, 1_000_000_007, (1 << 63) + 1, u64::MAX, u64::MAX - 2] {
            let m = Montgomery::new(n);
            for (a, b) in
                [(0u64, 0u64), (1, n - 1), (n - 1, n - 1), (12345, 67890 % n), (n / 2, n / 3)]
            {
                let want = (a as u128 * b as u128 % n as u128) as u64;
                assert_eq!(
                    m.from_form(m.mul(m.to_form(a), m.to_form(b))),
                    want,
                    "{a} * {b} mod {n}"
                );
            }
        }
    }

    #[test]
    fn the_large_trial_division_is_exact() {
        // 2_097_143, 2_099 and 2_642_239 are prime (checked here by plain trial division);
        // 4_294_967_291 and 4_294_967_279 are primes below 2^32 (tests/it/hdu6892.rs).
        assert!(is_small_prime(2_097_143) && is_small_prime(2_099) && is_small_prime(2_642_239));
        let (a, b) = (4_294_967_291u64, 4_294_967_279u64);
        let p = 2_097_143u64;
        let q = 2_642_239u64;
        let cases = [
            (a * b, 2),
            (a * a, 2),
            (p * p * 2_099, 3),
            (p * p * p, 3),
            (p * 2_099 * 2_099 * 2_099, 4),
            (p * 4_294_967_291, 2),
            (q * q * 2_099, 3),
            (q * q * q, 3),
            (2_083 * 2_087 * 2_089 * 2_099 * 2_111, 5),
        ];
        for kernel in kernels() {
            for (m, want) in cases {
                assert_eq!(omega_by_large_trial_division(m, kernel), want, "{m} with {kernel:?}");
                assert_eq!(odd_omega_with(m, kernel), want, "{m} with {kernel:?}");
            }
            assert_eq!(odd_omega_with(18_446_744_073_709_551_557, kernel), 1);
        }
    }

    /// Checks one trial-division result (count, rest, bound) for odd n: rest divides n, the
    /// quotient n / rest has exactly `count` prime factors, all below `bound`; rest has none
    /// below `bound`; and rest < bound^3 unless the table ran out. Plain `%` throughout.
    fn check_trial_division(n: u64, (count, rest, bound): (u32, u64, u64)) {
        assert!(rest > 0 && n.is_multiple_of(rest), "{n}: rest {rest}");
        let mut quotient = n / rest;
        let mut found = 0;
        for &p in SMALL.p.iter().filter(|&&p| p < bound) {
            while quotient.is_multiple_of(p) {
                quotient /= p;
                found += 1;
            }
            assert!(
                !rest.is_multiple_of(p),
                "{n}: rest {rest} has the factor {p} below the bound {bound}"
            );
        }
        assert_eq!((quotient, found), (1, count), "{n}: the factors found");
        assert!(
            bound == TRIAL_LIMIT || (rest as u128) < (bound as u128).pow(3),
            "{n}: {rest} >= {bound}^3"
        );
    }

    #[test]
    fn every_kernel_trial_divides_exactly() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for i in 0..20_000u64 {
            x = crate::rng::mix64(x.wrapping_add(i));
            // Odd values of every size, many with several small factors.
            let n = (x >> (x % 61)) | 1;
            let n = n.saturating_mul([1, 3, 9, 15, 105, 2081 * 2081][i as usize % 6]) | 1;
            check_trial_division(n, trial_divide_small(n));
            let n32 = n as u32 | 1;
            let (c, r, b) = trial_divide_small_u32(n32);
            check_trial_division(n32 as u64, (c, r as u64, b));
            for kernel in kernels() {
                check_trial_division(n, kernel.trial_divide_small(n));
                let (c, r, b) = kernel.trial_divide_small_u32(n32);
                check_trial_division(n32 as u64, (c, r as u64, b));
                let (_, rest, bound) = trial_divide_small(n);
                if i % 20 == 0 && bound == TRIAL_LIMIT && rest >= 1 << 33 {
                    assert_eq!(
                        kernel.scan_large(rest, usize::MAX),
                        scan_large(rest, usize::MAX),
                        "{n} with {kernel:?}"
                    );
                    let top = large_primes().first.len();
                    assert_eq!(
                        kernel.find_in_top(rest, top / 2, top),
                        find_in_top(rest, top / 2, top),
                        "{n} with {kernel:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_kernel_runs_the_same_32_bit_miller_rabin() {
        // The scalar test against plain trial division on the odd numbers below 2^16 (with the
        // strong pseudoprimes to base 2 there: 2047, 3277, 4033, ...) and below 2^24 in a random
        // sample; every kernel against the scalar test on edges and random values. The least
        // strong pseudoprimes to 2, 3 (1,373,653), to 2, 3, 5 (25,326,001) and to 2, 3, 5, 7
        // (3,215,031,751, above 2^31) are composite; 2^31 - 1 is prime.
        let by_trial_division =
            |n: u32| (3..).step_by(2).take_while(|d| d * d <= n).all(|d| !n.is_multiple_of(d));
        for n in (3..1 << 16).step_by(2) {
            assert_eq!(strong_probable_prime_u32(n), by_trial_division(n), "{n}");
        }
        for n in [1_373_653, 25_326_001, 3_215_031_751, 561, 41_041, 825_265, 321_197_185] {
            assert!(!strong_probable_prime_u32(n), "{n}");
        }
        assert!(
            strong_probable_prime_u32((1 << 31) - 1) && strong_probable_prime_u32(4_294_967_291)
        );
        let mut values: Vec<u32> =
            vec![3, 5, 7, 61, 2047, 1_373_653, 25_326_001, 3_215_031_751, 321_197_185];
        values.extend([
            (1 << 31) - 1,
            (1 << 31) - 3,
            (1 << 31) + 1,
            u32::MAX,
            u32::MAX - 4,
            4_294_967_291,
        ]);
        let mut x = 1u64;
        for _ in 0..20_000 {
            x = crate::rng::mix64(x);
            values.push((x as u32 >> (x >> 59)) | 1);
        }
        for &n in values.iter().filter(|&&n| n >= 3) {
            let want = strong_probable_prime_u32(n);
            if n < 1 << 24 {
                assert_eq!(want, by_trial_division(n), "{n}");
            }
            for kernel in kernels() {
                assert_eq!(kernel.strong_probable_prime_u32(n), want, "{n} with {kernel:?}");
            }
        }
    }

    #[test]
    fn fermat_and_cube_roots_split_exactly() {
        // Near squares split; everything that comes back divides.
        let (a, b) = (4_294_967_291u64, 4_294_967_279u64);
        assert_eq!(fermat_factor(a * b, isqrt(a * b), FERMAT_STEPS), Some(b));
        let far = 2_147_483_659u64 * a;
        assert_eq!(fermat_factor(far, isqrt(far), FERMAT_STEPS), None);
        let mut x = 7u64;
        for i in 0..20_000u64 {
            x = crate::rng::mix64(x.wrapping_add(i));
            let n = (x >> (x % 50)) | 1;
            let s = isqrt(n);
            if n < 9 || s * s == n {
                continue;
            }
            if let Some(d) = fermat_factor(n, s, FERMAT_STEPS) {
                assert!(d > 1 && d < n && n.is_multiple_of(d), "{n}: {d}");
            }
            // Cubes and their neighbours.
            let c = (x >> 43).max(2);
            let cube = c * c * c;
            assert_eq!(exact_cube_root(cube), Some(c));
            assert_eq!(exact_cube_root(cube - 1), None);
            assert_eq!(exact_cube_root(cube + 1), None);
        }
        assert_eq!(exact_cube_root(2_642_245u64.pow(3)), Some(2_642_245));
        assert_eq!(exact_cube_root(u64::MAX), None);
        assert_eq!(exact_cube_root(1), Some(1));
    }

    #[test]
    fn small_helpers() {
        assert_eq!(gcd(0, 5), 5);
        assert_eq!(gcd(12, 18), 6);
        assert_eq!(gcd(u64::MAX, 3), 3);
        for n in [
            0u64,
            1,
            2,
            3,
            4,
            15,
            16,
            17,
            u64::MAX,
            (1 << 32) * (1 << 31),
            4_294_967_295 * 4_294_967_295,
        ] {
            let s = isqrt(n);
            assert!(s * s <= n && (s + 1).checked_mul(s + 1).is_none_or(|q| q > n), "isqrt({n})");
        }
    }
}

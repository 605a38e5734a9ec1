//! Even splitting (HNOI2014 "江南乐"): a move takes a pile of x >= F stones and an M >= 2 and
//! splits it into M piles as evenly as possible.
//!
//! **Options.** Splitting x into M piles as evenly as possible (sizes differing by at most 1)
//! gives, with q = x div M and r = x mod M, r piles of q + 1 and M - r piles of q. Equal piles
//! cancel in a nim-sum, so by the Sprague-Grundy theorem (Sprague 1935, Grundy 1939) the option's
//! value is
//!
//! ```text
//! v(x, M) = [r odd] g(q + 1)  ^  [M - r odd] g(q),      g(x) = mex { v(x, M) : 2 <= M <= x }
//! ```
//!
//! for x >= F, and g(x) = 0 for x < F (and for x <= 1: no split into non-empty piles). Allowing
//! M > x (empty piles) would change nothing for x >= 2: it gives x piles of 1 and some empty
//! ones, the value of M = x. A game is lost for the player to move exactly when the XOR of
//! g(a_i) is 0.
//!
//! **Quotient blocks** ([`grundy_table_by_blocks`], the classic O(A sqrt A) method): the M with
//! the same q = x div M form O(sqrt x) blocks; within a block r = x - qM, so the parities of r
//! and M - r depend only on the parity of M, and two consecutive M of a block give every value
//! the block gives.
//!
//! **Divisor sweep** ([`grundy_table`], O(A log A), what the solver uses). Fix M and look at
//! the x in the run [qM, qM + M - 1] (q >= 1): there r = x - qM, so
//! - for x = qM (mod 2) (r even): v = [M odd] g(q) =: a(M, q);
//! - for the other parity (r odd): v = g(q + 1) ^ [M even] g(q) =: b(M, q).
//!
//! Every M in 2..=x has exactly one run containing x, so the multiset of option values of x is
//! what the current runs assign to x's parity. Keep, for each parity class, a count of each
//! value assigned by the current runs. Moving from x - 1 to x changes the run of M exactly when
//! M divides x (the run (M, x/M - 1) ends, (M, x/M) begins; M = x begins its first run), so the
//! whole sweep costs the sum of the divisor counts, about A ln A updates; the divisors come from
//! a smallest-prime-factor sieve. The new runs' a-parts (which x itself reads, using
//! g(x/M) with x/M < x) are added before the mex; their b-parts (read from x + 1 on, and needing
//! g(x/M + 1), which is g(x) itself when x = 2) after it.
//!
//! Values are small (the largest below 10^7 is a few dozen), but only the bound matters for
//! the type: a mex over at most 2 values per quotient block, and there are at most 2 sqrt(x)
//! blocks, so g(x) <= 4 sqrt(x) < 2^16 for x < 2^28.

/// The largest pile the tables are built for (memory: 6 bytes per value).
pub const MAX_PILE: u64 = 10_000_000;

/// Grundy values g(0..=max) of one pile, for splits allowed from `f` stones up, by the divisor
/// sweep. `max` must be below 2^28.
///
/// ```
/// use games::theory::multi_sg::grundy_table;
/// // F = 1: g = 0 0 1 2 2 2 2 3 2 4 ...
/// assert_eq!(grundy_table(1, 9), vec![0, 0, 1, 2, 2, 2, 2, 3, 2, 4]);
/// // F above every pile: no moves at all.
/// assert_eq!(grundy_table(100, 5), vec![0; 6]);
/// ```
pub fn grundy_table(f: u64, max: usize) -> Vec<u16> {
    assert!(max < 1 << 28, "grundy_table: max {max} is beyond 2^28");
    let mut g = vec![0u16; max + 2];
    if max < 2 {
        g.truncate(max + 1);
        return g;
    }
    let spf = smallest_prime_factors(max);
    // counts[class][value], class = parity of the x the value is assigned to.
    let mut cap = 64usize;
    let mut counts = [vec![0u32; cap], vec![0u32; cap]];
    let mut divisors: Vec<u32> = Vec::with_capacity(64);
    for x in 2..=max {
        divisors_of(x as u32, &spf, &mut divisors);
        let class = x & 1;
        for &m in &divisors {
            let m = m as usize;
            let q = x / m;
            if q >= 2 {
                // The run (m, q - 1) ends.
                let start = (q - 1) * m;
                let (a, b) = run_values(&g, m, q - 1);
                counts[start & 1][a] -= 1;
                counts[1 - (start & 1)][b] -= 1;
            }
            let a = if m & 1 == 1 { g[q] as usize } else { 0 };
            counts[class][a] += 1;
        }
        if x as u64 >= f {
            let mex = counts[class].iter().position(|&c| c == 0).unwrap_or(cap);
            if mex >= cap {
                // XOR keeps values below a power of two: double the room.
                cap *= 2;
                counts[0].resize(cap, 0);
                counts[1].resize(cap, 0);
            }
            g[x] = mex as u16;
        }
        for &m in &divisors {
            let m = m as usize;
            let (_, b) = run_values(&g, m, x / m);
            counts[1 - class][b] += 1;
        }
    }
    g.truncate(max + 1);
    g
}

/// The values a(M, q), b(M, q) that the run [qM, qM + M - 1] assigns to its two parities.
#[inline(always)]
fn run_values(g: &[u16], m: usize, q: usize) -> (usize, usize) {
    let gq = g[q] as usize;
    let a = if m & 1 == 1 { gq } else { 0 };
    let b = g[q + 1] as usize ^ (if m & 1 == 0 { gq } else { 0 });
    (a, b)
}

/// spf[x] = the smallest prime factor of x (x >= 2), by the sieve of Eratosthenes.
fn smallest_prime_factors(max: usize) -> Vec<u32> {
    let mut spf = vec![0u32; max + 1];
    for i in 2..=max {
        if spf[i] == 0 {
            let mut j = i;
            while j <= max {
                if spf[j] == 0 {
                    spf[j] = i as u32;
                }
                j += i;
            }
        }
    }
    spf
}

/// The divisors of x that are at least 2, into `out` (in no particular order).
fn divisors_of(x: u32, spf: &[u32], out: &mut Vec<u32>) {
    out.clear();
    out.push(1);
    let mut y = x;
    while y > 1 {
        let p = spf[y as usize];
        let mut e = 0;
        while y % p == 0 {
            y /= p;
            e += 1;
        }
        let base = out.len();
        let mut pk = 1u32;
        for _ in 0..e {
            pk *= p;
            for i in 0..base {
                out.push(out[i] * pk);
            }
        }
    }
    out.swap_remove(0);
}

/// The option value v(x, M) of splitting x into M piles, given g below x.
///
/// ```
/// use games::theory::multi_sg::split_value;
/// let g = [0u16, 0, 1, 2]; // F = 1
/// // 3 -> 2 + 1: g(2) ^ g(1) = 1; 3 -> 1 + 1 + 1: g(1) = 0.
/// assert_eq!(split_value(&g, 3, 2), 1);
/// assert_eq!(split_value(&g, 3, 3), 0);
/// ```
#[inline]
pub fn split_value(g: &[u16], x: usize, m: usize) -> u16 {
    let (q, r) = (x / m, x % m);
    let big = if r & 1 == 1 { g[q + 1] } else { 0 };
    let small = if (m - r) & 1 == 1 { g[q] } else { 0 };
    big ^ small
}

/// The same table by quotient blocks, O(max^1.5): the classic method, kept as an independent
/// check of [`grundy_table`].
///
/// ```
/// use games::theory::multi_sg::{grundy_table, grundy_table_by_blocks};
/// assert_eq!(grundy_table_by_blocks(3, 500), grundy_table(3, 500));
/// ```
pub fn grundy_table_by_blocks(f: u64, max: usize) -> Vec<u16> {
    let mut g = vec![0u16; max + 2];
    let mut seen: Vec<usize> = Vec::new();
    for x in 2..=max {
        if (x as u64) < f {
            continue;
        }
        let mut m = 2;
        let mut options: Vec<u16> = Vec::new();
        while m <= x {
            let q = x / m;
            let last = x / q;
            options.push(split_value(&g, x, m));
            if m < last {
                options.push(split_value(&g, x, m + 1));
            }
            m = last + 1;
        }
        seen.clear();
        seen.resize(options.len() + 1, 0);
        for &v in &options {
            if (v as usize) < seen.len() {
                seen[v as usize] = 1;
            }
        }
        g[x] = seen.iter().position(|&s| s == 0).unwrap_or(options.len()) as u16;
    }
    g.truncate(max + 1);
    g
}

/// Is the game with these pile Grundy values lost for the player to move?
#[inline]
pub fn p_position<I: IntoIterator<Item = u16>>(values: I) -> bool {
    values.into_iter().fold(0, |acc, v| acc ^ v) == 0
}

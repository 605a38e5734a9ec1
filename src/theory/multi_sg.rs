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
    if max < 2 || f > max as u64 {
        g.truncate(max + 1);
        return g;
    }
    let spf = smallest_prime_factors(max);
    let mut counts = Counts::new();
    // The divisors of the current x, mirrored: M = divisors[j], x / M = divisors[len - 1 - j].
    let mut divisors: Vec<u32> = Vec::with_capacity(1024);
    for x in 2..=max as u32 {
        divisors_mirrored(x, &spf, &mut divisors);
        // Skip M = 1 (the first divisor, whose cofactor x is the last).
        let pairs = || {
            divisors[1..].iter().copied().zip(divisors[..divisors.len() - 1].iter().rev().copied())
        };
        let class = (x & 1) as usize;
        for (m, q) in pairs() {
            if q >= 2 {
                // The run (m, q - 1) ends.
                let start_class = (((q - 1) * m) & 1) as usize;
                let (a, b) = run_values(&g, m, q - 1);
                counts.remove(start_class, a);
                counts.remove(1 - start_class, b);
            }
            let a = if m & 1 == 1 { g[q as usize] } else { 0 };
            counts.add(class, a);
        }
        if x as u64 >= f {
            g[x as usize] = counts.mex(class);
        }
        for (m, q) in pairs() {
            let (_, b) = run_values(&g, m, q);
            counts.add(1 - class, b);
        }
    }
    g.truncate(max + 1);
    g
}

/// For each parity class, how many current runs assign each value to it.
struct Counts {
    counts: [Vec<u32>; 2],
}

impl Counts {
    fn new() -> Counts {
        Counts { counts: [vec![0; 64], vec![0; 64]] }
    }

    #[inline(always)]
    fn add(&mut self, class: usize, v: u16) {
        let v = v as usize;
        if v >= self.counts[class].len() {
            // XOR keeps values below a power of two: room up to the next one.
            let room = (v + 1).next_power_of_two();
            self.counts[0].resize(room, 0);
            self.counts[1].resize(room, 0);
        }
        self.counts[class][v] += 1;
    }

    #[inline(always)]
    fn remove(&mut self, class: usize, v: u16) {
        self.counts[class][v as usize] -= 1;
    }

    /// The least value no current run assigns to the class (values are a few dozen at most in
    /// practice, so a scan is cheap and branch-predictable).
    #[inline(always)]
    fn mex(&self, class: usize) -> u16 {
        let c = &self.counts[class];
        c.iter().position(|&n| n == 0).unwrap_or(c.len()) as u16
    }
}

/// The values a(M, q), b(M, q) that the run [qM, qM + M - 1] assigns to its two parities.
#[inline(always)]
fn run_values(g: &[u16], m: u32, q: u32) -> (u16, u16) {
    let gq = g[q as usize];
    let odd = m & 1 == 1;
    let a = if odd { gq } else { 0 };
    let b = g[q as usize + 1] ^ (if odd { 0 } else { gq });
    (a, b)
}

/// spf[x] = the smallest prime factor of x (x >= 2), by the sieve of Eratosthenes.
fn smallest_prime_factors(max: usize) -> Vec<u32> {
    let mut spf = vec![0u32; max + 1];
    for i in 2..=max {
        if spf[i] == 0 {
            spf[i] = i as u32;
            if i <= max / i {
                let mut j = i * i;
                while j <= max {
                    if spf[j] == 0 {
                        spf[j] = i as u32;
                    }
                    j += i;
                }
            }
        }
    }
    spf
}

/// All divisors of x into `out`, in an order where the cofactor x / out[j] is
/// out[len - 1 - j]: for each prime power p^e of x in turn, the list L so far is followed by
/// p L, p^2 L, ..., p^e L (a Kronecker product of the lists 1, p, .., p^e, each mirrored under
/// d -> x / d, so the whole list is). No division per divisor.
fn divisors_mirrored(x: u32, spf: &[u32], out: &mut Vec<u32>) {
    out.clear();
    out.push(1);
    let mut y = x;
    while y > 1 {
        let p = spf[y as usize];
        let mut e = 0;
        while y.is_multiple_of(p) {
            y /= p;
            e += 1;
        }
        let n = out.len();
        let mut pk = 1;
        for _ in 0..e {
            pk *= p;
            for i in 0..n {
                let d = out[i] * pk;
                out.push(d);
            }
        }
    }
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

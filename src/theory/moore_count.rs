//! Counting the P-positions of Moore's Nim_M with any number of heaps, per total, by a digit
//! DP over the binary columns.
//!
//! **Theorem** (E. H. Moore, "A generalization of the game called Nim", Annals of Mathematics
//! 11 (1910) 93-94; Winning Ways ch. 15): in Nim_M (a move lowers at least one and at most M of
//! the heaps) a position is P iff, for every bit b, the number of heaps having bit b set is a
//! multiple of M + 1 (see [`super::take_same::moore_p`]).
//!
//! **The count.** N heaps, each of size 0..=H, and (optionally) the number of them per total
//! s = h_1 + .. + h_N up to a bound T. The condition is on columns and the heaps are
//! exchangeable, so the bits are read from the most significant one down and a state only
//! records how many heaps are still *tight* (equal to H on the bits read so far; the others are
//! already below H and free on the bits that remain). At bit b with H's bit 1, of the t tight
//! heaps j keep the bit (and stay tight; C(t, j) ways) and the others drop below H (free); of
//! the N - t free heaps any i set the bit (C(N - t, i) ways); with H's bit 0 the tight heaps
//! must write 0. The column count j + i (or i) must be a multiple of M + 1, and the total grows
//! by (j + i) 2^b. So each state holds the polynomial of its totals, and once the bits b and
//! above are read every total is a multiple of 2^b: the polynomial is kept at that scale, of
//! length T / 2^b + 1. A step groups the free heaps' choices by the residue of i modulo M + 1
//! (one pass of N - t + 1 shifts per tight count t), then each j picks the residue that
//! completes its column: about (N + 1)(N + 2)(T / 2^b + 1) products at bit b, 2 (N + 1)(N + 2)
//! (T + 1) in all ([`work`]). A heap of a total at most T is at most T, so H is first lowered
//! to T. Without totals every polynomial is one number and the step is the same.
//!
//! Only sums and products are used, so the count runs in any commutative ring ([`Ring`]):
//! residues modulo an odd number (Montgomery form) or the wrapping 128-bit integers (the low
//! bits of the exact count); the exact count joins several of them by the Chinese remainder
//! theorem (`count::moore`).

use super::modular::Montgomery;
use crate::error::{AllocError, try_with_capacity};

/// A commutative ring the count runs in.
pub trait Ring: Copy {
    type E: Copy + PartialEq;
    fn zero(&self) -> Self::E;
    fn one(&self) -> Self::E;
    fn add(&self, a: Self::E, b: Self::E) -> Self::E;
    fn mul(&self, a: Self::E, b: Self::E) -> Self::E;
    /// The element as a plain residue.
    fn value(&self, a: Self::E) -> u128;
}

/// The integers modulo 2^128 (wrapping arithmetic).
#[derive(Clone, Copy, Debug)]
pub struct Wrap;

impl Ring for Wrap {
    type E = u128;
    fn zero(&self) -> u128 {
        0
    }
    fn one(&self) -> u128 {
        1
    }
    fn add(&self, a: u128, b: u128) -> u128 {
        a.wrapping_add(b)
    }
    fn mul(&self, a: u128, b: u128) -> u128 {
        a.wrapping_mul(b)
    }
    fn value(&self, a: u128) -> u128 {
        a
    }
}

/// The integers modulo an odd q > 1, in Montgomery form.
#[derive(Clone, Copy, Debug)]
pub struct Odd(pub Montgomery);

impl Ring for Odd {
    type E = u64;
    fn zero(&self) -> u64 {
        0
    }
    fn one(&self) -> u64 {
        self.0.one()
    }
    fn add(&self, a: u64, b: u64) -> u64 {
        self.0.add(a, b)
    }
    fn mul(&self, a: u64, b: u64) -> u64 {
        self.0.mul(a, b)
    }
    fn value(&self, a: u64) -> u128 {
        u128::from(self.0.from_form(a))
    }
}

/// What is counted: `heaps` heaps of sizes 0..=`top`, P-positions of Nim_M with
/// `period` = M + 1 (`period` 1 counts every position), per total up to `totals` (one count of
/// all positions when `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    pub heaps: usize,
    pub top: u64,
    pub period: u64,
    pub totals: Option<u64>,
}

impl Question {
    /// The effective bound of one heap (at most the largest total).
    fn top(&self) -> u64 {
        self.totals.map_or(self.top, |t| self.top.min(t))
    }

    /// The polynomial's length once the bits `b` and above are read.
    fn len_at(&self, b: u32) -> usize {
        self.totals.map_or(1, |t| (t.checked_shr(b).unwrap_or(0)) as usize + 1)
    }
}

/// About how many ring products [`count`] spends (see the module documentation).
pub fn work(q: &Question) -> u128 {
    let bits = 64 - q.top().leading_zeros();
    let n = q.heaps as u128;
    (0..bits).map(|b| (n + 1) * (n + 2) * q.len_at(b) as u128).sum::<u128>() + (n + 1) * (n + 1)
}

/// The count per total 0..=T (`totals` Some(T)), or the one count of all positions (a vector
/// of one), in `ring`.
///
/// ```
/// use games::theory::moore_count::{Question, Wrap, count};
/// // Nim (M = 1), 3 heaps of 0..=3: the P-positions of total 4 are the orders of (0, 2, 2).
/// let c = count(Wrap, &Question { heaps: 3, top: 3, period: 2, totals: Some(4) }).unwrap();
/// assert_eq!(c[4], 3);
/// let all = count(Wrap, &Question { heaps: 3, top: 3, period: 2, totals: None }).unwrap();
/// assert_eq!(all, vec![16]); // a ^ b ^ c = 0: c is fixed by a and b.
/// ```
pub fn count<R: Ring>(ring: R, q: &Question) -> Result<Vec<R::E>, AllocError> {
    let n = q.heaps;
    let top = q.top();
    let bits = 64 - top.leading_zeros();
    // A column holds at most n bits: a period past n + 1 allows the empty column only, as n + 1.
    let period = q.period.min(n as u64 + 1).max(1) as usize;
    let full = q.len_at(0);
    let too_big = AllocError { bytes: usize::MAX, what: "the count" };
    let cells = (n + 1).checked_mul(full).ok_or(too_big)?;
    let mut c = Columns {
        ring,
        n,
        period,
        unit: usize::from(q.totals.is_some()),
        binom: pascal(ring, n)?,
        cur: filled(ring, cells, "the count's states")?,
        next: filled(ring, cells, "the count's states")?,
        groups: filled(ring, period * full, "the count's column groups")?,
        src: filled(ring, full, "the count's column groups")?,
        live: vec![false; n + 1],
        len: q.len_at(bits),
    };
    c.cur[n * c.len] = ring.one();
    c.live[n] = true;
    for b in (0..bits).rev() {
        c.step(top >> b & 1 == 1, q.len_at(b));
    }
    let mut out = filled(ring, c.len, "the counts")?;
    for t in (0..=n).filter(|&t| c.live[t]) {
        for (o, &x) in out.iter_mut().zip(&c.cur[t * c.len..(t + 1) * c.len]) {
            *o = ring.add(*o, x);
        }
    }
    Ok(out)
}

/// The DP's state between two bits: per number t of tight heaps (`live[t]`), the polynomial
/// of the totals at the current scale (`cur[t * len..]`, `len` terms), and the buffers of a
/// step.
struct Columns<R: Ring> {
    ring: R,
    n: usize,
    period: usize,
    /// 1 when totals are kept (a shift of one term per heap with the bit), else 0.
    unit: usize,
    binom: Vec<R::E>,
    cur: Vec<R::E>,
    next: Vec<R::E>,
    groups: Vec<R::E>,
    src: Vec<R::E>,
    live: Vec<bool>,
    len: usize,
}

impl<R: Ring> Columns<R> {
    fn c(&self, a: usize, b: usize) -> R::E {
        self.binom[a * (self.n + 1) + b]
    }

    /// Reads one bit of every heap: H's bit is `one_bit`; the polynomials become `new_len`
    /// long (the next scale).
    fn step(&mut self, one_bit: bool, new_len: usize) {
        let (ring, n, period, unit) = (self.ring, self.n, self.period, self.unit);
        self.next[..(n + 1) * new_len].iter_mut().for_each(|x| *x = ring.zero());
        let mut new_live = vec![false; n + 1];
        for t in (0..=n).filter(|&t| self.live[t]) {
            // The state at the new scale: total s / 2^(b+1) becomes 2 s / 2^(b+1).
            self.src[..new_len].iter_mut().for_each(|x| *x = ring.zero());
            for i in 0..self.len {
                if let Some(slot) = self.src.get_mut(i << unit) {
                    *slot = self.cur[t * self.len + i];
                }
            }
            let free = n - t;
            if !one_bit {
                for i in (0..=free).step_by(period) {
                    let k = self.c(free, i);
                    let row = &mut self.next[t * new_len..(t + 1) * new_len];
                    add_shifted(ring, row, &self.src[..new_len], i * unit, k);
                }
                new_live[t] = true;
                continue;
            }
            // The free heaps' choices grouped by i mod period.
            self.groups[..period * new_len].iter_mut().for_each(|x| *x = ring.zero());
            for i in 0..=free {
                let (r, k) = (i % period, self.c(free, i));
                let group = &mut self.groups[r * new_len..(r + 1) * new_len];
                add_shifted(ring, group, &self.src[..new_len], i * unit, k);
            }
            // j tight heaps keep the bit: the group that completes the column.
            for (j, live) in new_live.iter_mut().enumerate().take(t + 1) {
                let r = (period - j % period) % period;
                if r > free {
                    continue;
                }
                let k = self.c(t, j);
                let group = &self.groups[r * new_len..(r + 1) * new_len];
                add_shifted(
                    ring,
                    &mut self.next[j * new_len..(j + 1) * new_len],
                    group,
                    j * unit,
                    k,
                );
                *live = true;
            }
        }
        std::mem::swap(&mut self.cur, &mut self.next);
        self.live = new_live;
        self.len = new_len;
    }
}

/// `dst[i + shift] += k * src[i]` within `dst`.
fn add_shifted<R: Ring>(ring: R, dst: &mut [R::E], src: &[R::E], shift: usize, k: R::E) {
    if shift >= dst.len() || k == ring.zero() {
        return;
    }
    for (d, &s) in dst[shift..].iter_mut().zip(src) {
        *d = ring.add(*d, ring.mul(k, s));
    }
}

/// A vector of `len` zeros, allocated fallibly.
fn filled<R: Ring>(ring: R, len: usize, what: &'static str) -> Result<Vec<R::E>, AllocError> {
    let mut v = try_with_capacity(len, what)?;
    v.resize(len, ring.zero());
    Ok(v)
}

/// Binomial coefficients C(a, b) for a, b <= n at `a * (n + 1) + b`, by Pascal's rule.
fn pascal<R: Ring>(ring: R, n: usize) -> Result<Vec<R::E>, AllocError> {
    let w = n + 1;
    let cells = w.checked_mul(w).ok_or(AllocError { bytes: usize::MAX, what: "the binomials" })?;
    let mut t = filled(ring, cells, "the binomials")?;
    for a in 0..=n {
        t[a * w] = ring.one();
        for b in 1..=a {
            t[a * w + b] = ring.add(t[(a - 1) * w + b - 1], t[(a - 1) * w + b]);
        }
    }
    Ok(t)
}

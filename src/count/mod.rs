//! `games count`: how many sums of games are P-positions (or have value V), counted by the
//! Walsh-Hadamard transform of the histogram of values ([`crate::theory::walsh`]) instead of
//! enumerated.
//!
//! The parts: [`histogram`] gathers the values (a `games sg` rule's table, or a file of
//! values) into distinct values with weights and maps them linearly onto (Z/2)^d, d the rank
//! of the values over GF(2) (so values up to 2^64 - 1 cost nothing when few); this module
//! counts (one exact integer transform, the characters grouped by their transform value, one
//! pass per modulus); [`report`] prints; [`positions`] counts the outcomes of an explored box;
//! [`family`] counts the P-positions of the built-in k-heap take games in a box; [`moore`]
//! counts Moore's Nim_M on any number of heaps, per total, by a digit DP.
//!
//! The count of value V is 2^-d sum_s chi_s(V) F(H(s)), where H is the transform of the
//! histogram and F the form's function of one character: H^K (ordered K-tuples, sequences of
//! length L), H + .. + H^L (all lengths), the cycle index of S_K (unordered K-multisets).
//! F(H(0)) = F(n) is the number of all tuples. Characters with the same H(s) are summed first,
//! so each modulus costs one evaluation of F per distinct H(s).

pub mod family;
pub mod histogram;
pub mod moore;
pub mod positions;
pub mod report;
pub mod rule;

use crate::theory::bigint::{BigInt, BigUint};
use crate::theory::walsh::{self, Modulus};
pub use histogram::Histogram;
use std::fmt;

/// What is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// K-tuples of choices (heaps): ordered, or multisets a_1 <= .. <= a_K.
    Tuples { k: u64, unordered: bool },
    /// Sequences of exactly `len` choices, or with `all_lengths` of 1..=len choices.
    Sequences { len: u64, all_lengths: bool },
}

/// An answer: exact, or the residue modulo the user's modulus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Exact(BigUint),
    Mod(u64),
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Exact(x) => fmt::Display::fmt(x, f),
            Answer::Mod(x) => fmt::Display::fmt(x, f),
        }
    }
}

/// The count of tuples whose sum has the target value, and the count of all tuples.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    pub hit: Answer,
    pub total: Answer,
    /// The modulus, when one was given.
    pub modulus: Option<u64>,
}

impl Counted {
    /// `total - hit` (the N-positions when the target is 0).
    pub fn miss(&self) -> Answer {
        match (&self.hit, &self.total) {
            (Answer::Exact(h), Answer::Exact(t)) => {
                Answer::Exact(t.checked_sub(h).unwrap_or_default())
            }
            (Answer::Mod(h), Answer::Mod(t)) => {
                let p = self.modulus.unwrap_or(u64::MAX) as u128;
                Answer::Mod(((*t as u128 + p - *h as u128) % p) as u64)
            }
            _ => Answer::Mod(0),
        }
    }
}

/// Why a count was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    /// The exact answer may have more digits than we print.
    TooLarge {
        digits: u64,
    },
    /// The exact answer needs more modular passes than the work bound allows.
    TooMuchWork {
        passes: u64,
        characters: u64,
    },
    /// The values span more than 2^MAX_RANK sums.
    Rank {
        rank: u32,
    },
    /// More choices (heaps) than 2^62.
    Weight,
    /// Unordered counts with K this large (the work is K per distinct character).
    MultisetWork {
        k: u64,
        characters: u64,
    },
    Alloc(crate::error::AllocError),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::TooLarge { digits } => write!(
                f,
                "the exact count may have up to {digits} decimal digits, past the {MAX_DIGITS} printed: give --mod P"
            ),
            CountError::TooMuchWork { passes, characters } => write!(
                f,
                "the exact count needs {passes} modular passes over {characters} distinct character values, past the work bound: give --mod P"
            ),
            CountError::Rank { rank } => write!(
                f,
                "the values span a space of 2^{rank} XOR sums, past the 2^{MAX_RANK} this command transforms"
            ),
            CountError::Weight => write!(f, "more than 2^62 choices"),
            CountError::MultisetWork { k, characters } => write!(
                f,
                "--unordered: K = {k} over {characters} distinct character values is past the work bound (K big products per value) or the exact count past {MAX_DIGITS} digits"
            ),
            CountError::Alloc(e) => write!(f, "cannot allocate {} bytes for {}", e.bytes, e.what),
        }
    }
}

impl std::error::Error for CountError {}

impl From<crate::error::AllocError> for CountError {
    fn from(e: crate::error::AllocError) -> Self {
        CountError::Alloc(e)
    }
}

/// The largest rank transformed: 2^24 characters, 128 MiB of transform and groups.
pub const MAX_RANK: u32 = 24;
/// The most decimal digits an exact answer may have.
pub const MAX_DIGITS: u64 = 100_000;
/// Bound on the modular work of one count (evaluations of F times their squarings).
pub const MAX_WORK: u64 = 100_000_000;
/// Bound on the terms of the cycle index computed (K per distinct character), in 128 bits.
pub const MULTISET_WORK: u64 = 30_000_000;

/// The characters grouped by their transform value: (H(s), sum of chi_s(target)), and n.
struct Spectrum {
    groups: Vec<(i64, i64)>,
    rank: u32,
    n: u64,
}

/// Counts the tuples (sequences) of `form` over `hist` whose values XOR to `target`, exactly
/// or modulo `modulus`.
pub fn count(
    hist: &Histogram,
    form: Form,
    target: u64,
    modulus: Option<u64>,
) -> Result<Counted, CountError> {
    let spectrum = spectrum(hist, target)?;
    let eval = Eval::new(form, &spectrum)?;
    let (hit, total) = match modulus {
        Some(p) => {
            let (h, t) = modular(&spectrum, &eval, p);
            (Answer::Mod(h), Answer::Mod(t))
        }
        None => {
            let (h, t) = exact(&spectrum, &eval, form)?;
            (Answer::Exact(h), Answer::Exact(t))
        }
    };
    Ok(Counted { hit, total, modulus })
}

/// The transform of the histogram, grouped.
fn spectrum(hist: &Histogram, target: u64) -> Result<Spectrum, CountError> {
    let n = hist.total();
    if n >= 1 << 62 {
        return Err(CountError::Weight);
    }
    let n = n as u64;
    let (basis, coords) = hist.coordinates();
    let rank = basis.rank();
    if rank > MAX_RANK {
        return Err(CountError::Rank { rank });
    }
    let size = 1usize << rank;
    let mut f: Vec<i64> = crate::error::try_with_capacity(size, "the transform")?;
    f.resize(size, 0);
    for (&c, &(_, w)) in coords.iter().zip(hist.pairs()) {
        f[c as usize] += w as i64;
    }
    walsh::transform_i64(&mut f);
    let Some(t) = basis.coordinates(target) else {
        // No sum of these values is the target: every character sum is 0.
        return Ok(Spectrum { groups: Vec::new(), rank, n });
    };
    let mut groups: Vec<(i64, i64)> = crate::error::try_with_capacity(size, "the characters")?;
    for (s, &h) in f.iter().enumerate() {
        let sign = if (s as u64 & t).count_ones().is_multiple_of(2) { 1 } else { -1 };
        groups.push((h, sign));
    }
    drop(f);
    groups.sort_unstable_by_key(|g| g.0);
    let mut merged: Vec<(i64, i64)> = Vec::with_capacity(groups.len().min(1 << 16));
    for (h, w) in groups {
        match merged.last_mut() {
            Some(last) if last.0 == h => last.1 += w,
            _ => merged.push((h, w)),
        }
    }
    merged.retain(|g| g.1 != 0);
    Ok(Spectrum { groups: merged, rank, n })
}

/// F, the function of one character's transform value.
enum Eval {
    Power(u64),
    Geometric(u64),
    /// The cycle index of S_K at each group, exact (and at h = n, the total).
    Multiset {
        exact: Vec<i128>,
        total: i128,
    },
    /// The same in big integers, past 2^120 multisets.
    BigMultiset {
        exact: Vec<BigInt>,
        total: BigInt,
        bits: u64,
    },
}

impl Eval {
    fn new(form: Form, sp: &Spectrum) -> Result<Eval, CountError> {
        Ok(match form {
            Form::Tuples { k, unordered: false } => Eval::Power(k),
            Form::Sequences { len, all_lengths: false } => Eval::Power(len),
            Form::Sequences { len, all_lengths: true } => Eval::Geometric(len),
            Form::Tuples { k, unordered: true } => {
                let characters = sp.groups.len() as u64 + 1;
                if k.saturating_mul(characters) > MULTISET_WORK {
                    return Err(CountError::MultisetWork { k, characters });
                }
                let Some(total) = walsh::multiset_count(sp.n, k) else {
                    return big_multisets(sp, k);
                };
                let mut scratch = Vec::new();
                let exact = sp
                    .groups
                    .iter()
                    .map(|&(h, _)| walsh::multiset_character(sp.n, h, k, &mut scratch))
                    .collect();
                Eval::Multiset { exact, total: total as i128 }
            }
        })
    }

    /// F at group `i` (or at the total when `i` is `None`) in the ring `m`.
    fn at(&self, m: Modulus, h: i64, i: Option<usize>) -> u128 {
        match self {
            Eval::Power(e) => m.pow(m.of_i128(h as i128), *e),
            Eval::Geometric(len) => walsh::geometric(m, m.of_i128(h as i128), *len),
            Eval::Multiset { exact, total } => m.of_i128(i.map_or(*total, |i| exact[i])),
            Eval::BigMultiset { exact, total, .. } => {
                walsh::reduce_big(m, i.map_or(total, |i| &exact[i]))
            }
        }
    }

    /// Squarings per evaluation (the work bound's unit).
    fn cost(&self) -> u64 {
        match self {
            Eval::Power(e) | Eval::Geometric(e) => 2 * (64 - e.leading_zeros() as u64) + 1,
            Eval::Multiset { .. } | Eval::BigMultiset { .. } => 1,
        }
    }
}

/// The cycle-index terms in big integers: refused past the digit bound, or when K products of
/// numbers of that size per distinct character pass the work bound.
fn big_multisets(sp: &Spectrum, k: u64) -> Result<Eval, CountError> {
    let characters = sp.groups.len() as u64 + 1;
    // C(n + k - 1, k) < (n + k)^k: a bound on the bits before computing anything.
    let bound = k.saturating_mul(64 - (sp.n.saturating_add(k)).leading_zeros() as u64);
    let limbs = bound / 64 + 1;
    let work = characters.saturating_mul(k).saturating_mul(limbs.saturating_mul(limbs));
    if bound.saturating_mul(30_103) / 100_000 + 1 > MAX_DIGITS || work > MAX_WORK {
        return Err(CountError::MultisetWork { k, characters });
    }
    let total = walsh::multiset_count_big(sp.n, k);
    let bits = total.bits();
    let exact = sp.groups.iter().map(|&(h, _)| walsh::multiset_character_big(sp.n, h, k)).collect();
    Ok(Eval::BigMultiset { exact, total: BigInt::from(total), bits })
}

/// (hit, total) in the ring `m`: hit exact modulo q for `Odd(q)`, modulo 2^(128 - rank) for
/// `Wrap`.
fn in_ring(sp: &Spectrum, eval: &Eval, m: Modulus) -> (u128, u128) {
    let mut sum = 0u128;
    for (i, &(h, w)) in sp.groups.iter().enumerate() {
        sum = m.add(sum, m.mul(m.of_i128(w as i128), eval.at(m, h, Some(i))));
    }
    let hit = m.halve(sum, sp.rank);
    let total = eval.at(m, sp.n as i64, None);
    (hit, total)
}

/// Modulo p = 2^e q: Z/q (2 invertible) and the low bits from Z/2^128, joined by the CRT.
fn modular(sp: &Spectrum, eval: &Eval, p: u64) -> (u64, u64) {
    let e = p.trailing_zeros();
    let q = p >> e;
    let (odd_hit, odd_total) = if q > 1 { in_ring(sp, eval, Modulus::Odd(q)) } else { (0, 0) };
    let (two_hit, two_total) = if e > 0 { in_ring(sp, eval, Modulus::Wrap) } else { (0, 0) };
    let low = |x: u128| (x & ((1u128 << e) - 1)) as u64;
    (
        walsh::crt_pair(q, odd_hit as u64, e, low(two_hit)),
        walsh::crt_pair(q, odd_total as u64, e, low(two_total)),
    )
}

/// An upper bound on the bits of the total (every count is at most the total).
fn bits_bound(form: Form, n: u64, eval: &Eval) -> u64 {
    if let Eval::BigMultiset { bits, .. } = eval {
        return *bits;
    }
    let bits_n = 64 - n.leading_zeros() as u64;
    match form {
        Form::Tuples { unordered: true, .. } => 120,
        Form::Tuples { k: e, .. } | Form::Sequences { len: e, all_lengths: false } => {
            if n <= 1 {
                1
            } else {
                e.saturating_mul(bits_n)
            }
        }
        Form::Sequences { len, all_lengths: true } => {
            let bits_len = 64 - len.leading_zeros() as u64;
            if n <= 1 { bits_len + 1 } else { len.saturating_mul(bits_n).saturating_add(bits_len) }
        }
    }
}

/// The exact (hit, total): from Z/2^128 alone when the bound allows, else its low 64 bits and
/// residues modulo 62-bit primes (Garner).
fn exact(sp: &Spectrum, eval: &Eval, form: Form) -> Result<(BigUint, BigUint), CountError> {
    let bits = bits_bound(form, sp.n, eval);
    // Decimal digits of a number below 2^bits: at most bits * log10(2) + 1 < bits * 0.30103 + 1.
    let digits = bits.saturating_mul(30_103) / 100_000 + 1;
    if digits > MAX_DIGITS {
        return Err(CountError::TooLarge { digits });
    }
    let (wrap_hit, wrap_total) = in_ring(sp, eval, Modulus::Wrap);
    let exact_bits = 128 - sp.rank as u64;
    if bits < exact_bits {
        let mask = u128::MAX >> sp.rank;
        return Ok((BigUint::from(wrap_hit & mask), BigUint::from(wrap_total)));
    }
    // Each prime is above 2^61: 64 + 61 r bits cover the bound.
    let passes = (bits + 1 - 64).div_ceil(61);
    let characters = sp.groups.len() as u64 + 1;
    if passes.saturating_mul(characters).saturating_mul(eval.cost()) > MAX_WORK {
        return Err(CountError::TooMuchWork { passes, characters });
    }
    let primes = walsh::big_primes(passes as usize);
    let mut hits = Vec::with_capacity(primes.len());
    let mut totals = Vec::with_capacity(primes.len());
    for &p in &primes {
        let (h, t) = in_ring(sp, eval, Modulus::Odd(p));
        hits.push((p, h as u64));
        totals.push((p, t as u64));
    }
    Ok((
        walsh::crt_to_biguint(wrap_hit as u64, &hits),
        walsh::crt_to_biguint(wrap_total as u64, &totals),
    ))
}

//! `games count --game moore:K:M --box 0..H^K [--total T | --sum-at-most S | --all-totals]
//! [--mod P]`: the P-positions of Moore's Nim_M among K heaps of sizes 0..=H (any K up to
//! [`MAX_HEAPS`]), by the digit DP of [`crate::theory::moore_count`], exactly or modulo P.
//!
//! Modulo P = 2^e q: the DP runs modulo q (Montgomery form) and in wrapping 128-bit integers
//! (whose low e bits are the count modulo 2^e), joined by the Chinese remainder theorem. Exact:
//! the wrapping integers alone while the count is below 2^128, else their low 64 bits and the
//! residues modulo enough 62-bit primes (Garner), as `count`'s transform does.

use super::{Answer, MAX_DIGITS};
use crate::theory::modular::Montgomery;
use crate::theory::moore_count::{self, Odd, Question, Ring, Wrap};
use crate::theory::walsh;

/// The most heaps (the binomial table is (K + 1)^2 numbers).
pub const MAX_HEAPS: usize = 2000;
/// The most ring products of one count, all passes together (a few seconds).
pub const MAX_WORK: u128 = 1 << 32;

/// Which totals are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Totals {
    /// Every position of the box, one count.
    Any,
    /// The positions whose heaps sum to at most S, one count.
    AtMost(u64),
    /// The positions whose heaps sum to exactly T, one count.
    Exactly(u64),
    /// One count per total 0..=T.
    Each(u64),
}

/// Moore's Nim_M on `heaps` heaps of sizes 0..=`top`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moore {
    pub heaps: usize,
    pub most: usize,
    pub top: u64,
}

/// The counts: P-positions and all positions, one entry per total for [`Totals::Each`], else
/// one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MooreCount {
    pub p: Vec<Answer>,
    pub total: Vec<Answer>,
}

/// Reads `moore:K:M` with any K up to [`MAX_HEAPS`]: (K, M), or `None` when the name is not
/// `moore:`.
pub fn parse_game(name: &str) -> Option<Result<(usize, usize), String>> {
    let rest = name.strip_prefix("moore:")?;
    let bad = |why: &str| Err(format!("game '{name}': {why}"));
    let Some((k, m)) = rest.split_once(':') else {
        return Some(bad("moore:K:M takes K heaps and the most heaps M of one move, as moore:3:2"));
    };
    let Some(k) = k.trim().parse::<usize>().ok().filter(|k| (1..=MAX_HEAPS).contains(k)) else {
        return Some(bad(&format!("K = '{k}' must be 1 to {MAX_HEAPS} heaps")));
    };
    match m.trim().parse::<usize>().ok().filter(|m| (1..=k).contains(m)) {
        Some(m) => Some(Ok((k, m))),
        None => Some(bad(&format!("'{m}' is not a number of heaps from 1 to {k}"))),
    }
}

/// Reads a box in which every heap has the same range: `A..B^K`, `A..B,A..B`, ... (the syntax
/// of `games explore`'s boxes, without their limit of 16 coordinates): (A, B, K).
pub fn uniform_box(spec: &str) -> Result<(u64, u64, usize), String> {
    let mut range: Option<(u64, u64)> = None;
    let mut count = 0usize;
    for part in spec.split(',') {
        let (part, copies) = match part.trim().split_once('^') {
            Some((r, k)) => (r.trim(), k.trim().parse::<usize>().ok().filter(|&k| k >= 1)),
            None => (part.trim(), Some(1)),
        };
        let copies =
            copies.ok_or_else(|| format!("'{part}^': the count after ^ must be 1 or more"))?;
        let (a, b) = part.split_once("..").unwrap_or((part, part));
        let num = |t: &str| {
            t.trim().trim_start_matches('=').parse::<u64>().map_err(|_| {
                format!("the box '{spec}': '{}' is not a whole number from 0 to 2^64 - 1", t.trim())
            })
        };
        let r = (num(a)?, num(b)?);
        if r.0 > r.1 {
            return Err(format!("the box '{spec}': the range {}..{} is empty", r.0, r.1));
        }
        if range.is_some_and(|x| x != r) {
            return Err(format!("the box '{spec}': the heaps' ranges differ"));
        }
        range = Some(r);
        count = count.saturating_add(copies);
    }
    let (a, b) = range.ok_or_else(|| format!("the box '{spec}' is empty"))?;
    Ok((a, b, count))
}

/// Counts the P-positions and all positions of `game` at the asked totals, exactly or modulo
/// `modulus`.
///
/// ```
/// use games::count::Answer;
/// use games::count::moore::{Moore, Totals, count};
/// // Nim on 2 heaps of 0..=5: the P-positions are (a, a); of total 4, (2, 2) of 5 positions.
/// let game = Moore { heaps: 2, most: 1, top: 5 };
/// let c = count(&game, Totals::Exactly(4), Some(1_000_000_007)).unwrap();
/// assert_eq!((&c.p[0], &c.total[0]), (&Answer::Mod(1), &Answer::Mod(5)));
/// let c = count(&game, Totals::Any, None).unwrap();
/// assert_eq!(c.p[0].to_string(), "6");
/// ```
pub fn count(game: &Moore, totals: Totals, modulus: Option<u64>) -> Result<MooreCount, String> {
    let bound = match totals {
        Totals::Any => None,
        Totals::AtMost(t) | Totals::Exactly(t) | Totals::Each(t) => Some(t),
    };
    let ask = |period: u64| Question { heaps: game.heaps, top: game.top, period, totals: bound };
    let (p_q, all_q) = (ask(game.most as u64 + 1), ask(1));
    let one = moore_count::work(&p_q);
    let passes = match modulus {
        Some(p) => 1 + u128::from(p.trailing_zeros() > 0 && p >> p.trailing_zeros() > 1),
        None => 1 + u128::from(prime_passes(game, bound)?),
    };
    let work = one.saturating_mul(2).saturating_mul(passes);
    if work > MAX_WORK {
        return Err(format!(
            "the digit count needs about {work} products ({passes} passes), past the bound of {MAX_WORK}: give --mod P, a smaller box or a smaller total"
        ));
    }
    let p = counts(&p_q, totals, modulus, game, bound)?;
    let total = counts(&all_q, totals, modulus, game, bound)?;
    Ok(MooreCount { p, total })
}

/// The 62-bit primes an exact count needs beyond 2^64 (0 when 128 wrapping bits hold it).
fn prime_passes(game: &Moore, bound: Option<u64>) -> Result<u64, String> {
    // Every count is at most (H + 1)^K < 2^(K * bits(H + 1)), H lowered to the total bound.
    let top = bound.map_or(game.top, |t| game.top.min(t));
    let bits =
        (game.heaps as u64).saturating_mul(u64::from(65 - (top.saturating_add(1)).leading_zeros()));
    let digits = bits.saturating_mul(30_103) / 100_000 + 1;
    if digits > MAX_DIGITS {
        return Err(format!(
            "the exact count may have up to {digits} decimal digits, past the {MAX_DIGITS} printed: give --mod P"
        ));
    }
    Ok(if bits < 128 { 0 } else { (bits + 1 - 64).div_ceil(61) })
}

/// One question's answers at the asked totals.
fn counts(
    q: &Question,
    totals: Totals,
    modulus: Option<u64>,
    game: &Moore,
    bound: Option<u64>,
) -> Result<Vec<Answer>, String> {
    let alloc =
        |e: crate::error::AllocError| format!("cannot allocate {} bytes for {}", e.bytes, e.what);
    match modulus {
        Some(p) => {
            let e = p.trailing_zeros();
            let q_odd = p >> e;
            let odd = if q_odd > 1 {
                run(Odd(Montgomery::new(q_odd)), q, totals).map_err(alloc)?
            } else {
                Vec::new()
            };
            let two = if e > 0 { run(Wrap, q, totals).map_err(alloc)? } else { Vec::new() };
            let len = odd.len().max(two.len());
            let low = |x: u128| (x & ((1u128 << e) - 1)) as u64;
            Ok((0..len)
                .map(|i| {
                    let o = odd.get(i).map_or(0, |&x| x as u64);
                    let t = two.get(i).map_or(0, |&x| low(x));
                    Answer::Mod(if p == 1 { 0 } else { walsh::crt_pair(q_odd, o, e, t) })
                })
                .collect())
        }
        None => {
            let wrap = run(Wrap, q, totals).map_err(alloc)?;
            let passes = prime_passes(game, bound)? as usize;
            if passes == 0 {
                return Ok(wrap.into_iter().map(|x| Answer::Exact(x.into())).collect());
            }
            let primes = walsh::big_primes(passes);
            let mut residues = Vec::with_capacity(primes.len());
            for &p in &primes {
                residues.push(run(Odd(Montgomery::new(p)), q, totals).map_err(alloc)?);
            }
            Ok((0..wrap.len())
                .map(|i| {
                    let r: Vec<(u64, u64)> =
                        primes.iter().zip(&residues).map(|(&p, v)| (p, v[i] as u64)).collect();
                    Answer::Exact(walsh::crt_to_biguint(wrap[i] as u64, &r))
                })
                .collect())
        }
    }
}

/// The DP in `ring`, read at the asked totals, as plain residues.
fn run<R: Ring>(
    ring: R,
    q: &Question,
    totals: Totals,
) -> Result<Vec<u128>, crate::error::AllocError> {
    let v = moore_count::count(ring, q)?;
    let sum = |v: &[R::E]| v.iter().fold(ring.zero(), |s, &x| ring.add(s, x));
    Ok(match totals {
        Totals::Any | Totals::AtMost(_) => vec![ring.value(sum(&v))],
        Totals::Exactly(t) => vec![v.get(t as usize).map_or(0, |&x| ring.value(x))],
        Totals::Each(_) => v.iter().map(|&x| ring.value(x)).collect(),
    })
}

//! `hdu6892` (HDU 6892 "Lunch", CCPC 2020 online): cut a piece into k >= 2 equal pieces; no
//! move loses. sg(l) = odd prime factors of l (with multiplicity) + [l even].

use super::generate::{by_size, effective, line_of};
use crate::error::InputError;
use crate::judge::Domain;
use crate::out::Out;
use crate::problem::{Problem, Size};
use crate::rng::Rng;
use crate::scanner::Scanner;
use crate::theory::factor::{is_prime, isqrt};
use crate::theory::lunch::{first_player_wins, grundy};

pub static PROBLEM: Problem = Problem {
    name: "hdu6892",
    aliases: &["lunch"],
    source: "HDU 6892 (CCPC 2020 online)",
    summary: "Lunch: cut a piece into k equal pieces; W if the first player wins, else L",
    statement: include_str!("../../problems/hdu6892.md"),
    judge_limits: "t <= 2e4, n <= 10, 1 <= l_i <= 1e9",
    our_limits: "t, n up to the input size, 1 <= l_i < 2^64",
    solve,
    brute: crate::brute::hdu6892::answer,
    generate,
    judge: &crate::judge::problems::hdu6892::JUDGE,
};

fn solve(sc: &mut Scanner<'_>, out: &mut Out) -> Result<(), InputError> {
    let t = sc.u64("case count t")?;
    for _ in 0..t {
        let n = sc.u64("piece count n")?;
        let mut sum = 0u64;
        for _ in 0..n {
            sum ^= grundy(sc.u64_in("piece length", 1, u64::MAX)?);
        }
        out.line(if first_player_wins(sum) { "W" } else { "L" });
    }
    sc.expect_eof()
}

/// A random prime in `lo..=hi` (the range must hold one; found by trying odd numbers in turn).
pub fn prime_in(rng: &mut Rng, lo: u64, hi: u64) -> u64 {
    let mut p = rng.range(lo, hi) | 1;
    loop {
        if p > hi || p < lo {
            p = lo | 1;
        }
        if is_prime(p) {
            return p;
        }
        p = p.wrapping_add(2);
    }
}

/// Known hard cases for primality tests and factorisation, all below 2^64.
pub const HARD_LENGTHS: &[u64] = &[
    561,
    1_105,
    1_729,
    41_041,
    825_265,
    321_197_185,
    2_047,
    1_373_653,
    25_326_001,
    3_215_031_751,
    2_152_302_898_747,
    3_474_749_660_383,
    341_550_071_728_321,
    3_825_123_056_546_413_051,
    4_294_967_291 * 4_294_967_279,
    4_294_967_291 * 4_294_967_291,
    18_446_744_073_709_551_557,
    18_446_744_073_709_551_615,
    9_223_372_036_854_775_808,
    2_305_843_009_213_693_951,
    1_000_000_007 * 998_244_353,
];

/// The worst cases of the factor counting, for benchmarks (`cargo run --release --example
/// factor_bench -- --gen CLASS COUNT` writes one as an input).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HardClass {
    /// p * q, p and q random primes in (2^31, 2^32): nothing below the cube root, not close.
    TwoPrimes32,
    /// p * q, p and q primes in (2^32 - 2^18, 2^32): "just below 2^32", close to each other.
    TwoPrimesNear32,
    /// p * q * r, primes in (2^20, 2^21): the smallest just below the cube root.
    ThreePrimes21,
}

impl HardClass {
    pub const ALL: [HardClass; 3] =
        [HardClass::TwoPrimes32, HardClass::TwoPrimesNear32, HardClass::ThreePrimes21];

    /// The class's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            HardClass::TwoPrimes32 => "two-primes-32",
            HardClass::TwoPrimesNear32 => "two-primes-near-32",
            HardClass::ThreePrimes21 => "three-primes-21",
        }
    }

    /// One length of the class.
    pub fn length(self, rng: &mut Rng) -> u64 {
        match self {
            HardClass::TwoPrimes32 => {
                prime_in(rng, 1 << 31, 1 << 32) * prime_in(rng, 1 << 31, 1 << 32)
            }
            HardClass::TwoPrimesNear32 => {
                let lo = (1 << 32) - (1 << 18);
                prime_in(rng, lo, 1 << 32) * prime_in(rng, lo, 1 << 32)
            }
            HardClass::ThreePrimes21 => (0..3).map(|_| prime_in(rng, 1 << 20, 1 << 21)).product(),
        }
    }
}

/// An input of `lengths` lengths of one hard class, ten to a case (the last case shorter).
pub fn hard_input(rng: &mut Rng, class: HardClass, lengths: usize) -> Vec<u8> {
    let mut out = Out::new();
    out.int(lengths.div_ceil(10) as u64).nl();
    let mut left = lengths;
    while left > 0 {
        let n = left.min(10);
        let ls: Vec<u64> = (0..n).map(|_| class.length(rng)).collect();
        out.int(n as u64).nl();
        line_of(&mut out, &ls);
        left -= n;
    }
    out.into_bytes()
}

/// One length: a mix of the shapes that matter, up to `max`.
fn length(rng: &mut Rng, max: u64) -> u64 {
    let bits = 64 - max.leading_zeros();
    let v = match rng.below(10) {
        0 => 1,
        // A power of two times a small odd part.
        1 => {
            let e = rng.below(bits as u64) as u32;
            (1u64 << e).saturating_mul(rng.range(1, 9) | 1)
        }
        // A prime near the top.
        2 if max >= 16 => prime_in(rng, max / 2, max),
        // A semiprime of two primes near sqrt(max), or a prime square.
        3 if max >= 64 => {
            let root = isqrt(max);
            let p = prime_in(rng, root / 2 + 1, root);
            let q = if rng.chance(1, 3) { p } else { prime_in(rng, root / 2 + 1, root) };
            p * q
        }
        // A product of many small primes (a large Grundy value).
        4 => {
            let mut v = 1u64;
            loop {
                let p = *rng.pick(&[2u64, 3, 3, 3, 5, 7, 11, 13]);
                match v.checked_mul(p) {
                    Some(w) if w <= max => v = w,
                    _ => break v,
                }
            }
        }
        5 => {
            let hard: Vec<u64> = HARD_LENGTHS.iter().copied().filter(|&l| l <= max).collect();
            if hard.is_empty() { rng.range(1, max) } else { *rng.pick(&hard) }
        }
        6 => max - rng.below(3.min(max)),
        _ => rng.range(1, max),
    };
    v.clamp(1, max)
}

fn generate(rng: &mut Rng, size: Size, domain: Domain) -> Vec<u8> {
    let size = effective(size, domain);
    // Below `huge` every size already keeps the judge's constraints: the domain only decides
    // what `huge` means (see `effective`).
    let t = by_size(size, rng.range(1, 4), rng.range(1, 200), 20_000, 20_000);
    let max_n = by_size(size, 3, 10, 10, 10);
    let max_l = by_size(size, 24, 1_000_000, 1_000_000_000, u64::MAX);
    let mut out = Out::new();
    out.int(t).nl();
    for _ in 0..t {
        let n = if size >= Size::Judge { max_n } else { rng.range(1, max_n) };
        let mut ls: Vec<u64> = (0..n).map(|_| length(rng, max_l)).collect();
        // Often a zero nim-sum on purpose: the last piece gets the value that cancels the rest
        // (3^g has value g and stays within every size's maximum for the g that can occur).
        if rng.chance(1, 2) {
            let rest = ls[..ls.len() - 1].iter().fold(0, |x, &l| x ^ grundy(l));
            if let Some(l) = 3u64.checked_pow(rest as u32).filter(|&l| l <= max_l) {
                *ls.last_mut().expect("n >= 1") = l;
            }
        }
        out.int(n).nl();
        line_of(&mut out, &ls);
    }
    out.into_bytes()
}
